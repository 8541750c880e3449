/**
 * @strata/group — layer 2: the `Curve` / `Point` / `Scalar` group
 * abstraction shared by Strata's protocols (wire-compatible with Go
 * go-dleq's `types`), its portable helpers, the adapters over
 * @strata/curves (secp256k1, ed25519) and the Go-compatibility rules the
 * protocols share (hash-to-scalar).
 */
/** What this package throws (docs/api.md §7): the one error class of every Strata package, from @strata/field. */
export { StrataError, ErrorCode, type ErrorCodeValue } from '@strata/field';
export type {
  Curve,
  Point,
  Scalar,
  PointTable,
  PointLike,
  PrecomputeOptions,
  TableSize,
  RandomSource,
  ByteOrder,
  HashToScalarRule,
  HashToScalarOptions,
} from './types.js';
export {
  precompute,
  pointOf,
  isPointTable,
  scalarMult,
  scalarMultNonConst,
  doubleScalarMultNonConst,
  doubleScalarMultBaseNonConst,
  splitNonConst,
  doubleScalarMultSplitNonConst,
  msmNonConst,
  pointsToBytes,
  hashToScalarIsAmbiguous,
} from './ops.js';
export { HASH_TO_SCALAR_RULES } from './hash.js';
export { expectCurve } from './check.js';
export { hexToBytes, defaultRandom } from './bytes.js';
export { ScalarBase, PointBase } from './values.js';
export {
  secp256k1,
  secp256k1Reduced,
  createSecp256k1Curve,
  Secp256k1Curve,
  Secp256k1Point,
  Secp256k1Scalar,
  Secp256k1PointTable,
  type Secp256k1CurveOptions,
} from './secp256k1.js';
export { ed25519, Ed25519Curve, Ed25519Point, Ed25519Scalar, Ed25519PointTable } from './ed25519.js';
export {
  jubjub,
  bandersnatch,
  babyJubjub,
  createEdwardsGroupCurve,
  EdwardsGroupCurve,
  EdwardsGroupPoint,
  EdwardsGroupScalar,
} from './edwards.js';
