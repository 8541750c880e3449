/**
 * The worker-thread entry point of `verifyBatchParallel` in Node (built to
 * `dist/worker.js`, started by the workerpool pool of `parallel.ts` as a
 * `worker_threads` Worker). It registers the shared `verifyChunk` of
 * `worker-core.ts` and moves the result buffer back.
 *
 * Test hook: when the environment variable `STRATA_ED25519_BATCH_TEST_HOOKS`
 * is `1` in the worker, a task with `crash: true` makes the worker exit at
 * once (to test that a dying worker cannot lose or corrupt results). Without
 * that variable the field is ignored.
 *
 * References: workerpool 10 documentation (worker(), Transfer).
 */
import workerpool from 'workerpool';
import { WORKER_METHOD, verifyChunk, type WorkerTask } from './worker-core.js';

export type { WorkerTask } from './worker-core.js';

workerpool.worker({
  [WORKER_METHOD]: (task: WorkerTask): unknown => {
    if (task.crash === true && process.env['STRATA_ED25519_BATCH_TEST_HOOKS'] === '1') process.exit(86);
    const out = verifyChunk(task);
    return new workerpool.Transfer(out, [out.buffer]);
  },
});
