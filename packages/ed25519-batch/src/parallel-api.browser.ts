/**
 * `@strata/ed25519-batch/parallel` outside the `node` export condition
 * (browsers): the public API of `parallel.browser.ts` (module Web Workers),
 * without what only tests inject (`createPoolWith`, `browserBackend`).
 *
 * References: Node.js documentation, "Conditional exports".
 */
export {
  createVerifierPool,
  verifyBatchParallel,
  shutdown,
  poolInfo,
  type BrowserParallelOptions,
  type CommonParallelOptions,
  type ParallelOptions,
  type ParallelResult,
  type PoolInfo,
  type VerifierPool,
} from './parallel.browser.js';
// The types the signatures above use, by name (the same types as the main entry's).
export type { BatchEntry } from './pack.js';
export type { VerifyMode } from './verify.js';
export type { PublicKeyCache, PublicKeyCacheOptions, PublicKeyCacheStats } from './cache.js';
