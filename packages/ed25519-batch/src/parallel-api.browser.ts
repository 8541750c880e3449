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
  type BrowserParallelOptions,
  type ParallelOptions,
  type ParallelResult,
  type VerifierPool,
} from './parallel.browser.js';
