/**
 * GF(2^255 − 19) (`Fe25519`) and the ed25519 scalar field mod ℓ
 * (`Scalar25519`): allocation-free limb arithmetic for the ed25519 curve.
 */
export { Fe25519, type Fe25519DecodeOptions } from './fe25519.js';
export { Scalar25519 } from './scalar25519.js';
