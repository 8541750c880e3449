/**
 * The worker-thread entry point of `schnorr.verifyBatchParallel` in Node
 * (built to `dist/worker.js`, started by the workerpool pool of
 * `parallel.ts` as a `worker_threads` Worker). It registers the shared
 * `verifyChunk` of `worker-core.ts` and moves the result buffer back. It has
 * no test hook: the tests that make workers die run a worker file of their
 * own (test/fixtures/crash-worker.mjs) over the same `verifyChunk`.
 *
 * References: workerpool 10 documentation (worker(), Transfer).
 */
import workerpool from 'workerpool';
import { WORKER_METHOD, verifyChunk, type WorkerTask } from './worker-core.js';

workerpool.worker({
  [WORKER_METHOD]: (task: WorkerTask): unknown => {
    const out = verifyChunk(task);
    return new workerpool.Transfer(out, [out.buffer]);
  },
});
