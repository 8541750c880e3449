/**
 * `@strata/secp256k1-signatures/schnorr`, imported as the `schnorr` namespace:
 * BIP-340 x-only keys, signing, verification and batch verification. See
 * schnorr.ts and batch.ts.
 */
export { getPublicKey, sign, verify, PUBLIC_KEY_LEN, SIGNATURE_LEN } from './schnorr.js';
export { BatchVerifier, type BatchVerifierOptions } from './batch.js';
