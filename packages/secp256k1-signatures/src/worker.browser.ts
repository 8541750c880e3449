/**
 * The Web Worker entry point of `schnorr.verifyBatchParallel` in browsers.
 * The package build bundles it into one self-contained module,
 * `dist/worker.browser.js` (scripts/build-browser.mjs: this file, the
 * verifier and workerpool's worker side; no `node:*`, no bare import left),
 * which the pool of `parallel.browser.ts` starts as a module Web Worker. It
 * registers the shared `verifyChunk` of `worker-core.ts` and moves the
 * result buffer back.
 *
 * References: workerpool 10 documentation (worker(), Transfer).
 */
// workerpool's worker side only (its package entry also carries the pool and a
// whole embedded worker as a string, which a worker never needs).
import { add as registerWorkerMethods } from 'workerpool/src/worker.js';
import Transfer from 'workerpool/src/transfer.js';
import { WORKER_METHOD, verifyChunk, type WorkerTask } from './worker-core.js';

registerWorkerMethods({
  [WORKER_METHOD]: (task: WorkerTask): unknown => {
    const out = verifyChunk(task);
    return new Transfer(out, [out.buffer]);
  },
});
