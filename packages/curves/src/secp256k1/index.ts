/**
 * secp256k1 (exported from `@strata/curves` as the namespace `secp256k1`
 * and as the subpath `@strata/curves/secp256k1`): Jacobian points and their
 * variable-time group law (`JacobianPoint` methods), public-key parsing and
 * serialization, scalar multiplication (variable-time `NonConst` for public
 * data; fixed-window, branch-free `scalarMult`/`scalarBaseMult` and
 * `scalarMultTable` over a `precompute`d `SecretPointTable` for secrets),
 * batch affine conversion and multi-scalar multiplication.
 *
 * Field elements and scalars are `FieldVal` / `ModNScalar` from
 * `@strata/field`. The scalar input contract: every function takes a
 * `ModNScalar` (checked with `instanceof`; anything else is a TypeError).
 */
import { JacobianPoint } from './point.js';

export {
  JacobianPoint,
  isOnCurveAffine,
  isOnCurveJacobian,
} from './point.js';
export {
  PublicPointTable,
  WINDOW_CACHED,
  type PrecomputeOptions,
  precomputeNonConst,
  precomputeManyNonConst,
  precomputeBaseTablesNonConst,
  scalarBaseMultNonConst,
  scalarMultNonConst,
  doubleScalarMultBaseNonConst,
  doubleScalarMultNonConst,
} from './ecmult.js';
export { scalarMult, scalarBaseMult, scalarMultTable, precompute, SecretPointTable } from './consttime.js';
export { msmNonConst, MSM_PIPPENGER_THRESHOLD } from './msm.js';
export type { MsmOptions } from '../shared/msm-options.js';
export { batchToAffineNonConst } from './batch.js';
export {
  decompressY,
  pointFromBytes,
  pointToBytes,
  pointToBytesUncompressed,
  PUBKEY_COMPRESSED_LEN,
  PUBKEY_UNCOMPRESSED_LEN,
} from './pubkey.js';
export { splitKNonConst, newGlvSplit, wnafNonConst, nafNonConst, type GlvSplit } from './scalar.js';
export { GX_HEX, GY_HEX, P_HEX, N_HEX, BETA_HEX, LAMBDA_HEX } from './params.js';

/**
 * The base point G as an affine JacobianPoint. Shared instance: do not
 * mutate it (library code never reads this instance; it keeps its own
 * copy). Use {@link generator} for a private copy.
 */
export const G: JacobianPoint = new JacobianPoint().setGenerator();

/** Returns out = G (a fresh point by default). */
export function generator(out: JacobianPoint = new JacobianPoint()): JacobianPoint {
  return out.setGenerator();
}
