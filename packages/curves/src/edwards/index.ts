/**
 * Twisted Edwards curves a·x² + y² = 1 + d·x²·y² over generic prime fields:
 * Jubjub, Bandersnatch (with GLV and the Banderwagon encoding) and
 * BabyJubjub (EIP-2494 / circomlibjs form); affine, projective and extended
 * points; wNAF / GLV scalar multiplication; Straus / Pippenger MSM.
 * Exported from `@strata/curves` as the namespace `edwards` and as the
 * subpath `@strata/curves/edwards`.
 */
export type { EdwardsCurveParams, EdwardsEncoding, GlvParams, GlvBasis } from './params.js';
export { EdwardsCurve, PointAffine, PointProj, PointExtended } from './point.js';
export { type Scalar, scalarToBytes, scalarToBigInt, wnafRecode } from './scalar.js';
export type { DecodeOptions } from './encoding.js';
export {
  type EdwardsPoint,
  scalarMult,
  scalarMultNonConst,
  scalarMultGlvNonConst,
  scalarBaseMult,
  scalarBaseMultNonConst,
  glvSplit,
} from './scalarmult.js';
export { batchToAffine } from './batch.js';
export { jubjub, bandersnatch, babyJubjub, BABYJUBJUB_FULL_GENERATOR, JUBJUB_FULL_GENERATOR } from './curves.js';
export { banderwagonToBytes, banderwagonFromBytes, banderwagonEquals } from './banderwagon.js';
export { msmNonConst, MSM_PIPPENGER_THRESHOLD } from './msm.js';
export type { MsmOptions } from '../shared/msm-options.js';
