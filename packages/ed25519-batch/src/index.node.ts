/**
 * The main entry `@strata/ed25519-batch` under the `node` export condition:
 * everything of the browser-safe main entry (`index.ts`) plus
 * `verifyBatchParallel` and `createVerifierPool` over `worker_threads`
 * (`parallel.ts`), so Node code
 * imports all of it from one place. Browsers get `index.ts`, and
 * `verifyBatchParallel` from `@strata/ed25519-batch/parallel`.
 *
 * References: Node.js documentation, "Conditional exports".
 */
export * from './index.js';
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
