/**
 * The worker-thread entry point of `msmNonConstParallel` in Node (built to
 * `dist/msm-parallel/worker.js`, started by the workerpool pool of
 * `index.node.ts` as a `worker_threads` Worker): registers `msmChunk` (its
 * points rebuilt into objects the worker keeps from chunk to chunk) and
 * moves the result buffer back.
 *
 * References: workerpool 10 documentation (worker(), Transfer).
 */
import workerpool from 'workerpool';
import { MSM_WORKER_METHOD, msmChunk, type MsmTask } from './worker-core.js';

workerpool.worker({
  [MSM_WORKER_METHOD]: (task: MsmTask): unknown => {
    const out = msmChunk(task, true);
    return new workerpool.Transfer(out, [out.buffer]);
  },
});
