/**
 * Parallel BIP-340 batch verification over `worker_threads` (`parallel.ts`),
 * without what only tests inject: the members that the `schnorr` namespace
 * of the Node entries adds.
 *
 * References: Node.js documentation, "Conditional exports".
 */
export {
  createVerifierPool,
  verifyBatchParallel,
  shutdown,
  poolInfo,
  workerFileUrl,
  type BatchEntry,
  type CommonParallelOptions,
  type ParallelOptions,
  type PoolInfo,
  type VerifierPool,
} from './parallel.js';
