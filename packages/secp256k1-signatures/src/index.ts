/**
 * @strata/secp256k1-signatures — layer 2: secp256k1 signatures as
 * libsecp256k1 makes them. The main entry has the keys (`getPublicKey`,
 * `randomSecretKey`) and the error class; each scheme has its own subpath,
 * imported as a namespace:
 *
 * - `@strata/secp256k1-signatures/ecdsa`: RFC 6979 signing with low S,
 *   verification, recovery, strict DER, Bitcoin's compact form;
 * - `@strata/secp256k1-signatures/schnorr`: BIP-340 signing, verification,
 *   `BatchVerifier` with one MSM per batch (under the `node` condition also
 *   `verifyBatchParallel` and `createVerifierPool` over `worker_threads`);
 * - `@strata/secp256k1-signatures/tweak`: BIP-32 and BIP-341 key tweaks,
 *   the Taproot output key.
 *
 * A subpath per scheme (not `export * as ecdsa` here) so that an app that
 * signs with one scheme bundles that scheme only: a bundler keeps every
 * member of a re-exported namespace (esbuild issue 1420), while
 * `import * as ecdsa from '@strata/secp256k1-signatures/ecdsa'` keeps the
 * functions the app calls.
 *
 * Built on `@strata/curves` (secp256k1 points, constant-time base-point
 * multiplication for signing, the double-scalar multiplication for
 * verification; both inside WebAssembly once `engine.initWasm()` has
 * selected that engine) and `@strata/field` (scalars mod n, field elements
 * mod p). SHA-256 and HMAC-SHA-256 are the package's own (sha256.ts, rfc6979.ts).
 *
 * References: [SEC1] §4.1; [RFC6979]; [BIP62]; [BIP66]; [BIP340]; bitcoin-core/secp256k1.
 */
/** What this package throws (docs/api.md §7): the one error class of every Strata package, from @strata/field. */
export { StrataError, ErrorCode, type ErrorCodeValue } from '@strata/field';
export { getPublicKey, randomSecretKey, SECRET_KEY_LEN, type PublicKeyOptions } from './keys.js';
