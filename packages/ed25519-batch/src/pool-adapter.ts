/**
 * `PoolHandle` (parallel-core.ts) over a workerpool pool, shared by the Node
 * and the browser platform modules: a task runs the worker's `verifyChunk`
 * with its buffer moved, an `AbortSignal` cancels it (workerpool stops a
 * running task by terminating its worker), and the platform decides how
 * its workers are held while busy and released while idle.
 *
 * Reaching the started workers needs workerpool's `pool.workers` list of
 * handlers (each with its `worker`): a field its typings mark private, read
 * here only, and pinned by the exact workerpool version in package.json;
 * the idle-exit and external-termination tests fail if it changes.
 *
 * Nothing of workerpool appears in a declaration this module exports.
 *
 * References: workerpool 10 documentation and source (Pool.exec with
 * `transfer`, Promise.cancel, Pool.terminate, Pool.stats, WorkerHandler).
 */
import type workerpool from 'workerpool';
import type { PoolHandle } from './parallel-core.js';
import { WORKER_METHOD, type WorkerTask } from './worker-core.js';

type Pool = ReturnType<typeof workerpool.pool>;

/** How a platform holds, releases and kills its started workers (`worker` is the platform's Worker object). */
export interface WorkerControl {
  /** Called for every started worker when the pool becomes busy (true) or idle (false). */
  hold(worker: unknown, busy: boolean): void;
  /** Terminates one worker from outside (test hook). */
  kill(worker: unknown): Promise<void>;
  /** Called once for every worker, the first time the adapter sees it. */
  adopt?(worker: unknown): void;
}

/** The started workers of a pool (see the file comment). */
function startedWorkers(pool: Pool): unknown[] {
  const handlers = (pool as unknown as { workers?: readonly { worker?: unknown }[] }).workers ?? [];
  const out: unknown[] = [];
  for (const h of handlers) if (h.worker !== undefined) out.push(h.worker);
  return out;
}

/** Wraps a workerpool pool as a `PoolHandle`. */
export function poolHandle(pool: Pool, control: WorkerControl): PoolHandle {
  const seen = new WeakSet<object>();
  const adoptAll = (): void => {
    if (control.adopt === undefined) return;
    for (const w of startedWorkers(pool)) {
      if (typeof w === 'object' && w !== null && !seen.has(w)) {
        seen.add(w);
        control.adopt(w);
      }
    }
  };
  return {
    run(task: WorkerTask, signal: AbortSignal | undefined): PromiseLike<unknown> {
      const p = pool.exec(WORKER_METHOD, [task], { transfer: [task.buf] });
      // exec starts the worker (if one is needed) synchronously.
      adoptAll();
      if (signal === undefined) return p;
      const onAbort = (): void => {
        p.cancel();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const done = (): void => signal.removeEventListener('abort', onAbort);
      return p.then(
        (v: unknown) => {
          done();
          return v;
        },
        (e: unknown) => {
          done();
          throw e;
        },
      );
    },
    hold(busy: boolean): void {
      adoptAll();
      for (const w of startedWorkers(pool)) control.hold(w, busy);
    },
    close: async () => {
      await pool.terminate(false);
    },
    destroy: async () => {
      await pool.terminate(true);
    },
    stats: () => {
      const s = pool.stats();
      return { busy: s.busyWorkers, total: s.totalWorkers };
    },
    killWorkers: async () => {
      await Promise.all(startedWorkers(pool).map((w) => control.kill(w)));
    },
  };
}
