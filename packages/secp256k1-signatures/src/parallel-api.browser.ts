/**
 * Parallel BIP-340 batch verification on module Web Workers
 * (`parallel.browser.ts`), without what only tests inject: the `schnorr`
 * namespace of `@strata/secp256k1-signatures/parallel` outside the `node`
 * export condition.
 *
 * References: Node.js documentation, "Conditional exports".
 */
export {
  createVerifierPool,
  verifyBatchParallel,
  shutdown,
  poolInfo,
  type BatchEntry,
  type BrowserParallelOptions,
  type CommonParallelOptions,
  type ParallelOptions,
  type PoolInfo,
  type VerifierPool,
} from './parallel.browser.js';
