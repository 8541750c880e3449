/**
 * The Web Worker entry point of `verifyBatchParallel` in browsers. The
 * package build bundles it into one self-contained module,
 * `dist/worker.browser.js` (this file, the verifier and workerpool's worker
 * side; no `node:*`, no bare import left), which the pool of
 * `parallel.browser.ts` starts as a module Web Worker. It registers the
 * shared `verifyChunk` of `worker-core.ts` and moves the result buffer back.
 *
 * Test hook: when the worker was started with the name
 * `strata-ed25519-batch-test-hooks` (only `__testing.enableHooks()` of
 * `parallel.browser.ts` does that), a task with `crash: true` kills the
 * worker's task with an uncaught error, which is how a Web Worker crashes (its
 * page gets an 'error' event and the task never answers); otherwise the
 * field is ignored.
 *
 * References: workerpool 10 documentation (worker(), Transfer); HTML
 * Standard §10.2 (Web Workers: runtime script errors).
 */
// workerpool's worker side only (its package entry also carries the pool and a
// whole embedded worker as a string, which a worker never needs).
import { add as registerWorkerMethods } from 'workerpool/src/worker.js';
import Transfer from 'workerpool/src/transfer.js';
import { TEST_HOOKS_WORKER_NAME, WORKER_METHOD, verifyChunk, type WorkerTask } from './worker-core.js';

registerWorkerMethods({
  [WORKER_METHOD]: (task: WorkerTask): unknown => {
    if (task.crash === true && (globalThis as { name?: unknown }).name === TEST_HOOKS_WORKER_NAME) {
      // An uncaught error ends the task for good: the page sees the worker's
      // 'error' event, and the answer below never comes.
      setTimeout(() => {
        throw new Error('ed25519-batch test hook: worker crash');
      }, 0);
      return new Promise<never>(() => undefined);
    }
    const out = verifyChunk(task);
    return new Transfer(out, [out.buffer]);
  },
});
