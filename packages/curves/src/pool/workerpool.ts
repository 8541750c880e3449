/**
 * `PoolHandle` and the two platform backends (Node worker threads, module
 * Web Workers) over a workerpool pool. The pool factory is an argument
 * (`WorkerpoolFactory`): the pool subpath has no runtime dependency on
 * workerpool, and nothing here imports it or `node:*`; each signature
 * package passes `(script, options) => workerpool.pool(script, options)`
 * over its own `import workerpool from 'workerpool'`.
 *
 * Reaching the started workers needs workerpool's `pool.workers` list of
 * handlers (each with its `worker`): a field its typings mark private, read
 * here only, and pinned by the exact workerpool version (10.0.3) in the
 * packages that pass the module; their idle-exit and external-termination
 * tests fail if it changes.
 *
 * References: workerpool 10 documentation and source (Pool.exec with
 * `transfer`, Promise.cancel, Pool.terminate, Pool.stats, WorkerHandler,
 * workerType 'thread' / 'web', workerThreadOpts, workerOpts); Node.js
 * worker_threads (Worker.ref/unref/terminate); HTML Standard §10.2 (Web
 * Workers: module workers, runtime script errors).
 */
import type { PoolBackend, PoolHandle, PoolTask } from './core.js';

/** A workerpool promise, as far as it is used here (workerpool's own Promise class is not a `PromiseLike` in its typings). */
export interface WorkerpoolThenable {
  /** Calls `onFulfilled` with the value or `onRejected` with the error. */
  then(onFulfilled: (value: any) => unknown, onRejected?: (reason: any) => unknown): unknown;
}

/** The part of a workerpool pool used here. */
export interface WorkerpoolPool {
  /** Runs `method` with `params` on a worker; the promise can be cancelled. */
  exec(method: string, params: unknown[], options: { transfer: object[] }): WorkerpoolThenable & { cancel(): unknown };
  /** Stops the workers (`force`: at once). */
  terminate(force?: boolean): WorkerpoolThenable;
  /** Counts the pool's workers. */
  stats(): { busyWorkers: number; totalWorkers: number };
}

/** The options this module passes to workerpool's `pool(script, options)`. */
export interface WorkerpoolOptions {
  /** 'thread' (Node worker_threads) or 'web' (Web Workers). */
  workerType: 'thread' | 'web';
  /** Workers started before the first task (0 here). */
  minWorkers: number;
  /** The most workers the pool starts. */
  maxWorkers: number;
  /** Options of each `worker_threads` Worker. */
  workerThreadOpts?: { execArgv: string[] };
  /** Options of each Web Worker. */
  workerOpts?: { type: 'module'; name: string };
}

/**
 * Creates a workerpool pool running `script`: the caller's
 * `(script, options) => workerpool.pool(script, options)`.
 */
export type WorkerpoolFactory = (script: string, options: WorkerpoolOptions) => WorkerpoolPool;

/** How a platform holds, releases and kills its started workers (`worker` is the platform's Worker object). */
export interface WorkerControl {
  /** Called for every started worker when the pool becomes busy (true) or idle (false). */
  hold(worker: unknown, busy: boolean): void;
  /** Terminates one worker from outside (test hook). */
  kill(worker: unknown): Promise<void>;
  /** Called once for every worker, the first time the adapter sees it. */
  adopt?(worker: unknown): void;
}

/** Returns the started workers of a pool (see the file comment). */
function startedWorkers(pool: WorkerpoolPool): unknown[] {
  const handlers = (pool as unknown as { workers?: readonly { worker?: unknown }[] }).workers ?? [];
  const out: unknown[] = [];
  for (const h of handlers) if (h.worker !== undefined) out.push(h.worker);
  return out;
}

/**
 * Returns a `PoolHandle` over a workerpool pool: a task runs its method with
 * its buffer moved, an `AbortSignal` cancels it (workerpool stops a running
 * task by terminating its worker), and `control` decides how the workers are
 * held while busy and released while idle.
 */
export function poolHandle(pool: WorkerpoolPool, control: WorkerControl): PoolHandle {
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
    run(method: string, task: PoolTask, signal: AbortSignal | undefined): PromiseLike<unknown> {
      // An ArrayBuffer is moved; a SharedArrayBuffer is shared (it cannot be in the transfer list).
      const p = pool.exec(method, [task], { transfer: task.buf instanceof ArrayBuffer ? [task.buf] : [] });
      // exec starts the worker (if one is needed) synchronously.
      adoptAll();
      if (signal === undefined) return new Promise((resolve, reject) => void p.then(resolve, reject));
      const onAbort = (): void => {
        p.cancel();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const done = (): void => signal.removeEventListener('abort', onAbort);
      return new Promise((resolve, reject) => {
        p.then(
          (v: unknown) => {
            done();
            resolve(v);
          },
          (e: unknown) => {
            done();
            reject(e);
          },
        );
      });
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

/** The part of a `worker_threads` Worker used here. */
interface NodeWorker {
  ref(): void;
  unref(): void;
  terminate(): Promise<number>;
}

/**
 * Returns the Node backend: `worker_threads` Workers (`workerType: 'thread'`)
 * with no execArgv, ref'd while the pool is busy and unref'd while it is
 * idle, so an idle pool never keeps the process alive while a call in
 * flight does. `defaultWorkers` is the default worker count (pass
 * `os.availableParallelism`).
 *
 * No execArgv: a worker is built JavaScript that needs no flag of the
 * parent's, and inheriting them is harmful twice over: custom export
 * conditions and loaders (`--conditions=@strata/source`, `--import tsx`
 * under a test runner) would make it load TypeScript sources, and
 * per-process V8 flags such as `--expose-gc` make `new Worker` fail
 * outright ("invalid execArgv flags").
 */
export function threadBackend(createPool: WorkerpoolFactory, defaultWorkers: () => number): PoolBackend {
  return {
    create(size, script) {
      const pool = createPool(script, { workerType: 'thread', minWorkers: 0, maxWorkers: size, workerThreadOpts: { execArgv: [] } });
      return poolHandle(pool, {
        hold: (w, busy) => {
          if (busy) (w as NodeWorker).ref();
          else (w as NodeWorker).unref();
        },
        kill: async (w) => {
          await (w as NodeWorker).terminate();
        },
      });
    },
    defaultWorkers,
    yieldToEventLoop: () => new Promise((resolve) => setImmediate(resolve)),
  };
}

/** The part of a Web Worker used here. */
interface WebWorker {
  terminate(): void;
  addEventListener(type: 'error', listener: (e: { preventDefault(): void }) => void): void;
}

/** Returns `navigator.hardwareConcurrency` when it is a positive integer, else 4. */
function hardwareConcurrency(): number {
  const n = (globalThis as { navigator?: { hardwareConcurrency?: unknown } }).navigator?.hardwareConcurrency;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? n : 4;
}

/**
 * Returns the browser backend: module Web Workers (`workerType: 'web'`,
 * `{ type: 'module', name }`). A crashing worker (an uncaught error inside
 * it) is recovered like a dying thread, its 'error' event marked handled so
 * that it does not also surface as the page's uncaught error. Browsers give
 * no event when a Web Worker is terminated from outside, so a kill fails the
 * worker the way a crash does. `fallbackHint` ends the fallback warning.
 */
export function webWorkerBackend(createPool: WorkerpoolFactory, name: string, fallbackHint: string): PoolBackend {
  return {
    create(size, script) {
      const pool = createPool(script, { workerType: 'web', minWorkers: 0, maxWorkers: size, workerOpts: { type: 'module', name } });
      return poolHandle(pool, {
        // Web Workers never keep a page "alive"; an idle pool is closed by the runtime's idle timeout.
        hold: () => undefined,
        adopt: (w) => (w as WebWorker).addEventListener('error', (e) => e.preventDefault()),
        kill: async (w) => {
          (w as WebWorker).terminate();
        },
      });
    },
    defaultWorkers: hardwareConcurrency,
    yieldToEventLoop: () => new Promise((resolve) => setTimeout(resolve, 0)),
    fallbackHint,
  };
}
