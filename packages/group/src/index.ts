/**
 * The group abstraction (`Curve`, `Point`, `Scalar`) and its portable
 * fast-path helpers.
 */
export type {
  Curve,
  Point,
  Scalar,
  PointTable,
  PointLike,
  PrecomputeOptions,
  RandomSource,
  ByteOrder,
} from './types.js';
export {
  precompute,
  pointOf,
  isPointTable,
  scalarMulLike,
  scalarMulLikeNonConst,
  doubleScalarMulNonConst,
  baseAndPointMulNonConst,
  msmNonConst,
  encodeMany,
} from './ops.js';
export {
  secp256k1,
  secp256k1Reduced,
  createSecp256k1Curve,
  Secp256k1Curve,
  Secp256k1Point,
  Secp256k1Scalar,
  Secp256k1PointTable,
  type Secp256k1CurveOptions,
  type Secp256k1HashRule,
} from './secp256k1.js';
export { ed25519, Ed25519Curve, Ed25519Point, Ed25519Scalar, Ed25519PointTable } from './ed25519.js';
