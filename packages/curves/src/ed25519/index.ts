/**
 * edwards25519 (the ed25519 curve): points in extended, projective, affine
 * and precomputed coordinates, RFC 8032 / ZIP-215 encoding, constant-time
 * and variable-time scalar multiplication, and multi-scalar multiplication.
 * Exported from `@strata/curves` as the namespace `ed25519` and as the
 * subpath `@strata/curves/ed25519`.
 */
export { edwards25519, type Edwards25519Params, FE_D, FE_D2, FE_SQRT_M1 } from './params.js';
export { Point, PointAffine, PointProj, PointNiels, PointCached } from './point.js';
export type { PointDecodeOptions } from './encoding.js';
export { batchToBytes, batchToAffine } from './batch.js';
export {
  type ScalarLike,
  scalarMultNonConst,
  scalarBaseMultNonConst,
  scalarBaseMult,
  scalarBaseMultToBytes,
  scalarMult,
  doubleScalarMultBaseNonConst,
  doubleScalarMultNonConst,
  splitNonConst,
  doubleScalarMultSplitNonConst,
  cofactoredEquationNonConst,
  scalarMultTable,
} from './scalarmult.js';
export {
  WnafTable,
  PublicPointTable,
  type PrecomputeNonConstOptions,
  precomputeNonConst,
  TABLE_WIDTH,
  TABLE_PIECES,
  SecretPointTable,
  precompute,
} from './tables.js';
export { msmNonConst, MSM_PIPPENGER_THRESHOLD, type MsmOptions } from './msm.js';
export { Fe25519, Scalar25519 } from '@strata/field';
