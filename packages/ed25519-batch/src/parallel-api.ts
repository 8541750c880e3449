/**
 * `@strata/ed25519-batch/parallel` under the `node` export condition: the
 * public API of `parallel.ts` (worker_threads), without what only tests
 * inject (`createPoolWith`, `nodeBackend`).
 *
 * References: Node.js documentation, "Conditional exports".
 */
export { createVerifierPool, verifyBatchParallel, shutdown, workerFileUrl, type ParallelOptions, type ParallelResult, type VerifierPool } from './parallel.js';
