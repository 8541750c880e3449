/**
 * `@strata/ed25519-batch/parallel` under the `node` export condition: the
 * public API of `parallel.ts` (worker_threads), without what only tests
 * inject (`createPoolWith`, `nodeBackend`).
 *
 * References: Node.js documentation, "Conditional exports".
 */
export {
  createVerifierPool,
  verifyBatchParallel,
  shutdown,
  poolInfo,
  workerFileUrl,
  type CommonParallelOptions,
  type ParallelOptions,
  type ParallelResult,
  type PoolInfo,
  type VerifierPool,
} from './parallel.js';
// The types the signatures above use, by name (the same types as the main entry's).
export type { BatchEntry } from './pack.js';
export type { VerifyMode } from './verify.js';
export type { PublicKeyCache, PublicKeyCacheOptions, PublicKeyCacheStats } from './cache.js';
