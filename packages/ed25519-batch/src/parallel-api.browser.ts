/**
 * `@strata/ed25519-batch/parallel` outside the `node` export condition
 * (browsers): the public API of `parallel.browser.ts` (module Web Workers),
 * without its test hooks.
 *
 * References: Node.js documentation, "Conditional exports".
 */
export { verifyBatchParallel, shutdown, type BrowserParallelOptions, type ParallelOptions, type ParallelResult } from './parallel.browser.js';
