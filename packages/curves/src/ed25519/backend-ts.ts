/**
 * The TypeScript implementation of the ed25519 backend seam (backend.ts) as
 * one object: the `ts*` functions that the public functions call directly
 * while the TypeScript engine serves.
 *
 * Nothing in the library imports this module: the public functions call
 * the `ts*` functions by name so that a bundler keeps only the operations an
 * app uses (an object keeps all of its methods). It exists so that the
 * compiler checks the TypeScript implementation against the interface,
 * method by method, as wasm.ts's `wasmEd25519Backend` is checked, and so
 * that tests can run both implementations side by side.
 */
import type { Ed25519Backend } from './backend.js';
import { tsDecode, tsEncode, tsIsTorsionFree } from './point.js';
import { tsEncodeBatch } from './batch.js';
import {
  tsCofactoredEquation,
  tsDoubleScalarMult,
  tsDoubleScalarMultBase,
  tsScalarBaseMult,
  tsScalarBaseMultToBytes,
  tsScalarBaseMultNonConst,
  tsScalarMult,
  tsScalarMultNonConst,
  tsScalarMultTable,
  tsSplit,
} from './scalarmult.js';
import { tsMsm } from './msm.js';
import { tsBuildPieced } from './tables.js';
import { tsSha512 } from '../hash/sha512.js';
import { tsSha3 } from '../hash/sha3.js';

/** The TypeScript ed25519 backend. */
export const tsEd25519Backend: Ed25519Backend = Object.freeze({
  decode: tsDecode,
  encode: tsEncode,
  encodeBatch: tsEncodeBatch,
  isTorsionFree: tsIsTorsionFree,
  scalarMultNonConst: tsScalarMultNonConst,
  scalarBaseMultNonConst: tsScalarBaseMultNonConst,
  doubleScalarMultBase: tsDoubleScalarMultBase,
  doubleScalarMult: tsDoubleScalarMult,
  split: tsSplit,
  cofactoredEquation: tsCofactoredEquation,
  scalarBaseMult: tsScalarBaseMult,
  scalarBaseMultToBytes: tsScalarBaseMultToBytes,
  scalarMultTable: tsScalarMultTable,
  scalarMult: tsScalarMult,
  msm: tsMsm,
  buildPieced: tsBuildPieced,
  sha512: tsSha512,
  sha3: tsSha3,
});
