/**
 * @strata/field — layer 0: prime fields.
 *
 * - `FieldVal`, `ModNScalar`: secp256k1's base field (10×26-bit limbs, lazy
 *   reduction with magnitudes) and its group order.
 * - `Fe25519`, `Scalar25519`: GF(2^255 − 19) and the ed25519 group order ℓ.
 * - `PrimeField`: a generic prime field built once per modulus (the base
 *   fields of Jubjub, Bandersnatch and BabyJubjub).
 *
 * The BigInt reference implementations live under `@strata/field/reference`.
 */
export { StrataError, ErrorCode, type ErrorCodeValue, expectBytes, describe } from './errors.js';
export { hexToBytes } from './bytes.js';
export {
  expectOptions,
  expectBoolean,
  expectOneOf,
  expectNumber,
  expectNumberArg,
  expectInteger,
  expectOffset,
  expectRoom,
  expectInstance,
} from './options.js';
export * from './secp256k1/index.js';
export * from './ed25519/index.js';
export * from './generic/index.js';
