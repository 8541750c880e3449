/**
 * The TypeScript implementation of the secp256k1 backend seam (backend.ts)
 * as one object: the `ts*` functions that the public functions call
 * directly while the TypeScript engine serves.
 *
 * Nothing in the library imports this module: the public functions call
 * the `ts*` functions by name so that a bundler keeps only the operations an
 * app uses (an object keeps all of its methods). It exists so that the
 * compiler checks the TypeScript implementation against the interface,
 * method by method, as wasm.ts's `wasmSecp256k1Backend` is checked, and so
 * that tests can run both implementations side by side.
 */
import type { Secp256k1Backend } from './backend.js';
import { tsDecompressY, tsParsePubKey, tsToAffine } from './pubkey.js';
import {
  tsBuildPublicTables,
  tsDoubleScalarMultBaseNonConst,
  tsDoubleScalarMultNonConst,
  tsScalarBaseMultNonConst,
  tsScalarMultNonConst,
} from './ecmult.js';
import { tsMsmNonConst } from './msm.js';
import { tsBuildSecretTable, tsScalarBaseMult, tsScalarMult, tsScalarMultTable } from './consttime.js';

/** The TypeScript secp256k1 backend. */
export const tsSecp256k1Backend: Secp256k1Backend = Object.freeze({
  pointFromBytes: tsParsePubKey,
  decompressY: tsDecompressY,
  toAffine: tsToAffine,
  scalarBaseMultNonConst: tsScalarBaseMultNonConst,
  scalarMultNonConst: tsScalarMultNonConst,
  doubleScalarMultBaseNonConst: tsDoubleScalarMultBaseNonConst,
  doubleScalarMultNonConst: tsDoubleScalarMultNonConst,
  msmNonConst: tsMsmNonConst,
  buildPublicTables: tsBuildPublicTables,
  scalarBaseMult: tsScalarBaseMult,
  scalarMult: tsScalarMult,
  scalarMultTable: tsScalarMultTable,
  buildSecretTable: tsBuildSecretTable,
});
