/**
 * @strata/secp256k1-signatures — layer 2: secp256k1 signatures as
 * libsecp256k1 makes them. Keys (`getPublicKey`, `randomSecretKey`), the
 * `ecdsa` namespace (RFC 6979 signing with low S, verification, recovery,
 * strict DER, Bitcoin's compact form) and the `schnorr` namespace (BIP-340
 * signing, verification, `BatchVerifier` with one MSM per batch) and the
 * `tweak` namespace (BIP-32 and BIP-341 key tweaks, the Taproot output key).
 *
 * Built on `@strata/curves` (secp256k1 points, constant-time base-point
 * multiplication for signing, the double-scalar multiplication for
 * verification; both inside WebAssembly once `engine.initWasm()` has
 * selected that engine) and `@strata/field` (scalars mod n, field elements
 * mod p). HMAC-SHA-256 comes from `@noble/hashes`.
 *
 * References: [SEC1] §4.1; [RFC6979]; [BIP62]; [BIP66]; [BIP340]; bitcoin-core/secp256k1.
 */
/** What this package throws (docs/api.md §7): the one error class of every Strata package, from @strata/field. */
export { StrataError, ErrorCode, type ErrorCodeValue } from '@strata/field';
export { getPublicKey, randomSecretKey, SECRET_KEY_LEN, type PublicKeyOptions } from './keys.js';
export * as ecdsa from './ecdsa-api.js';
export * as schnorr from './schnorr-api.js';
export * as tweak from './tweak-api.js';
