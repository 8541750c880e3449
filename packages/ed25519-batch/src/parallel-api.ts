/**
 * `@strata/ed25519-batch/parallel` under the `node` export condition: the
 * public API of `parallel.ts` (worker_threads), without its test hooks.
 *
 * References: Node.js documentation, "Conditional exports".
 */
export { verifyBatchParallel, shutdown, workerFileUrl, type ParallelOptions, type ParallelResult } from './parallel.js';
