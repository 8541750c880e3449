/**
 * @strata/ed25519-batch — Ed25519 signing and verification for systems that
 * must agree on exactly which signatures are valid ([ZIP-215] by default,
 * or RFC 8032 / libsodium-style strict rules), single, batched and across
 * worker threads, with a decoded-public-key cache.
 *
 * All three RFC 8032 variants (Ed25519, Ed25519ctx, Ed25519ph) sign and
 * verify through the `variant` / `context` options.
 *
 * This module is browser-safe: nothing it reaches imports `node:*` or the
 * worker-pool library. `verifyBatchParallel` and `createVerifierPool` live
 * in `@strata/ed25519-batch/parallel` (Node worker_threads or browser Web
 * Workers, chosen by export conditions); in Node the main entry re-exports
 * them too (`index.node.ts`).
 *
 * References: [RFC8032] §5.1; [ZIP-215]; [BDLSY12] §5.
 */
/** What this package throws (docs/api.md §7): the one error class of every Strata package, from @strata/field. */
export { StrataError, ErrorCode, type ErrorCodeValue } from '@strata/field';
export { getPublicKey, sign, verify, type Ed25519Variant, type SignOptions, type VariantOptions, type VerifyMode, type VerifyOptions } from './verify.js';
export { SigningKey } from './signing-key.js';
export { BatchVerifier, MAX_ENTRIES_PER_MSM, type BatchVerifierOptions } from './batch.js';
export { PublicKeyCache, KEY_TABLE_WIDTH, KEY_TABLE_PIECES, KEY_BASE_BYTES, DEFAULT_CACHE_MAX_BYTES, type PublicKeyCacheOptions, type PublicKeyCacheStats } from './cache.js';
export type { BatchEntry } from './pack.js';
