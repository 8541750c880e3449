/**
 * The TypeScript implementation of the generic Edwards backend seam
 * (backend.ts) as one object: the `ts*` functions that the public
 * functions call directly while `edwardsBackend()` is null (the TypeScript
 * engine) or does not serve the curve.
 *
 * Nothing in the library imports this module: the public functions call
 * the `ts*` functions by name so that a bundler keeps only the operations an
 * app uses (an object keeps all of its methods). It exists so that the
 * compiler checks the TypeScript implementation against the interface,
 * method by method, and so that tests (the WebAssembly implementation's
 * differential tests among them) can call it directly.
 */
import type { EdwardsBackend } from './backend.js';
import {
  tsScalarBaseMult,
  tsScalarBaseMultNonConst,
  tsScalarMult,
  tsScalarMultGlvNonConst,
  tsScalarMultNonConst,
} from './scalarmult.js';
import { tsMsmNonConst } from './msm.js';

/** The TypeScript generic Edwards backend. */
export const tsEdwardsBackend: EdwardsBackend = Object.freeze({
  serves: () => true,
  scalarMult: tsScalarMult,
  scalarMultNonConst: tsScalarMultNonConst,
  scalarMultGlvNonConst: tsScalarMultGlvNonConst,
  scalarBaseMult: tsScalarBaseMult,
  scalarBaseMultNonConst: tsScalarBaseMultNonConst,
  msmNonConst: tsMsmNonConst,
});
