/**
 * The main entry `@strata/secp256k1-signatures` under the `node` export
 * condition: the main entry (`index.ts`) with a `schnorr` namespace that
 * also has `verifyBatchParallel` and `createVerifierPool` over
 * `worker_threads` (`schnorr-api.node.ts`). Browsers get `index.ts`, and
 * the parallel functions from `@strata/secp256k1-signatures/parallel`.
 *
 * References: Node.js documentation, "Conditional exports".
 */
export { StrataError, ErrorCode, type ErrorCodeValue } from '@strata/field';
export { getPublicKey, randomSecretKey, SECRET_KEY_LEN, type PublicKeyOptions } from './keys.js';
export * as ecdsa from './ecdsa-api.js';
export * as schnorr from './schnorr-api.node.js';
export * as tweak from './tweak-api.js';
