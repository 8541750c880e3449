/**
 * The shared core of `verifyBatchParallel`, for every platform: argument
 * checks, chunking, packing at call time, the pool records (reuse, resize,
 * retirement, idle timeout), recovery from dying workers, abort and
 * `shutdown`. The platform modules (`parallel.ts` for Node worker_threads,
 * `parallel.browser.ts` for module Web Workers) only say how a pool is
 * created and how its workers are held or released (`PoolBackend`); both
 * run workerpool pools through `pool-adapter.ts`. Nothing here imports
 * `node:*` or the pool library.
 *
 * - The batch is cut into one chunk per worker (16 to 4096 entries a chunk;
 *   more chunks than workers for big batches); each chunk is packed into a
 *   single ArrayBuffer that is transferred (not copied) to the worker, which
 *   runs a `BatchVerifier` (same rules, same invariant as in-thread).
 * - Entries with a wrong-length key or signature are settled as `false` in
 *   the calling thread and never sent.
 * - A chunk whose worker dies (or whose task fails for any other reason than
 *   the caller's abort) retires that pool and is run once more on a fresh
 *   one, and if that fails too, in the calling thread (in slices, yielding
 *   to the event loop between them): the promise always settles, with the
 *   right results. Retries and the fallback use the chunk as packed at call
 *   time, never the caller's (possibly changed) objects.
 * - A call that wants more workers than the pool has gets a bigger pool;
 *   the old one takes no new task and closes once its in-flight tasks have
 *   settled, so a resize never kills running or queued work.
 * - A per-call `AbortSignal` cancels the outstanding chunks; the promise then
 *   rejects with `StrataError` `ERR_ABORTED`.
 * - A pool with no task in flight is released (`PoolHandle.hold(false)`: in
 *   Node its workers are unref'd) and closed after `IDLE_TIMEOUT_MS` (an
 *   unref'd timer), so an idle pool never keeps the process or the page
 *   busy; `shutdown()` closes it at once.
 *
 * All of that state belongs to one `VerifierPool` (the object
 * `createParallel` returns); this module holds none. Tests reach inside a
 * pool only through what they pass to `createParallel`: a `PoolBackend`
 * that wraps the platform's (to see and kill the workers it creates) and
 * `PoolHooks` (a crash plan, failure reports).
 *
 * References: workerpool 10 documentation (pool options, exec, transfer, cancel, terminate).
 */
import * as engine from '@strata/curves/engine';
import { ErrorCode, StrataError, describe, expectOptions } from '@strata/field';
import { BatchVerifier } from './batch.js';
import { DEFAULT_CACHE_MAX_BYTES, PublicKeyCache } from './cache.js';
import { packEntries, unpackEntries, type BatchEntry } from './pack.js';
import { checkMode, checkVariant, type VerifyMode } from './verify.js';
import type { WorkerTask } from './worker-core.js';

/**
 * The options of `verifyBatchParallel` and `VerifierPool.verifyBatch` that
 * every platform takes. In Node they are all there is (`ParallelOptions` is
 * this type); browsers add `workerUrl` (`BrowserParallelOptions`, which the
 * browser entry also exports as `ParallelOptions`).
 */
export interface CommonParallelOptions {
  /**
   * Number of chunks / workers to use, a positive integer (default: the
   * machine's available parallelism; `navigator.hardwareConcurrency` in
   * browsers). At most 64 workers are started: a larger number is capped,
   * not refused, so that a machine's core count is always a valid value.
   */
  workers?: number;
  /**
   * Worker-resident public-key caches: `true` (default) gives each worker a
   * cache of 4096 keys (64 MiB at most), a number sets the capacity, a
   * `PublicKeyCache` lends its capacity and `maxBytes` (caches cannot be
   * shared between threads), `false` or 0
   * turns caching off. Results never depend on this option.
   */
  cache?: boolean | number | PublicKeyCache;
  /** Verification rules (default `'zip215'`). */
  mode?: VerifyMode;
  /** Cancels the outstanding work; the promise rejects with `ERR_ABORTED`. */
  signal?: AbortSignal;
}

/** The outcome of `verifyBatchParallel`. */
export interface ParallelResult {
  /** True iff every entry is valid (true for an empty batch). */
  valid: boolean;
  /** One boolean per entry, equal to single `verify` in the same mode. */
  results: boolean[];
}

const DEFAULT_CACHE_CAPACITY = 4096;
/** An idle pool is closed after this many milliseconds (its workers are released before that). */
const IDLE_TIMEOUT_MS = 30_000;
/** Do not cut chunks smaller than this (an msm over few points gains little). */
const MIN_CHUNK = 16;
/**
 * Nor larger than this: bigger batches are cut into more chunks than
 * workers (the pool queues them), which bounds the work lost to a dying
 * worker and makes abort and load balancing finer. 4096 entries are ≈ 0.3 s
 * of work; Pippenger gains little beyond that size.
 */
const MAX_CHUNK = 4096;

/**
 * One pool of the platform's workers, as the core sees it. `pool-adapter.ts`
 * implements it over a workerpool pool.
 */
export interface PoolHandle {
  /** Runs one task, moving `task.buf` to the worker; rejects when the worker dies, the task fails or `signal` fires. */
  run(task: WorkerTask, signal: AbortSignal | undefined): PromiseLike<unknown>;
  /** Called with true when the pool gets its first in-flight task, false when its last one has settled. */
  hold(busy: boolean): void;
  /** Lets running tasks finish, rejects queued ones, then stops the workers. */
  close(): Promise<void>;
  /** Stops every worker at once. */
  destroy(): Promise<void>;
  /** The number of busy and of started workers (for tests and diagnostics). */
  stats(): { busy: number; total: number };
  /** Terminates every started worker from outside, as a crash would (for tests). */
  killWorkers(): Promise<void>;
}

/** What a platform supplies to the core. */
export interface PoolBackend {
  /** Creates a pool of at most `size` workers running `script` (no worker starts before the first task). */
  create(size: number, script: string): PoolHandle;
  /** The default number of workers. */
  defaultWorkers(): number;
  /** Resolves on a later turn of the event loop (after pending I/O, timers and messages). */
  yieldToEventLoop(): Promise<void>;
  /** What the fallback warning adds for this platform: the usual cause and its fix. */
  readonly fallbackHint?: string;
}

/**
 * @internal Injection points of one `VerifierPool` for this package's tests
 * (the package's entries never pass any): the crash plan that makes test
 * workers die, and reports of failed tasks.
 */
export interface PoolHooks {
  /**
   * Called once at the start of each call that reaches the pool: chunk index
   * → the number of first attempts of that chunk whose task asks its worker
   * to crash (`WorkerTask.crash`; only a test worker obeys it; 1: the pool
   * retry runs it, 2: the in-thread fallback does).
   */
  crashPlan?(): ReadonlyMap<number, number> | undefined;
  /** Called for every failed task with its error and what happens next to its chunk. */
  taskFailed?(error: unknown, next: 'retry' | 'fallback'): void;
}

/**
 * A pool of workers that verifies batches, with the state of its own: the
 * workerpool pools it has started, their idle timers and in-flight counts.
 * Pools are independent of one another.
 */
export interface VerifierPool {
  /**
   * Verifies a batch across the pool's workers and resolves to
   * `{ valid, results }` with
   * `results[i] === verify(sig_i, msg_i, pk_i, { mode, variant: variant_i, context: context_i })`
   * (see `verifyBatchParallel`).
   */
  verifyBatch(entries: readonly BatchEntry[], options?: CommonParallelOptions): Promise<ParallelResult>;
  /**
   * Closes the pool's workers and resolves when every one has exited. Calls
   * still in flight reject with StrataError ERR_ABORTED; a later
   * `verifyBatch` starts new workers.
   */
  shutdown(): Promise<void>;
  /** Where this pool's work has run so far (see `PoolInfo`): a fallback to the calling thread shows here. */
  info(): PoolInfo;
}

/**
 * Where a pool's work has run: chunks verified by workers, chunks the pool
 * verified on the calling thread because their worker failed twice (a worker
 * script that does not load, such as a bundle without the worker file, or a
 * worker that crashed), and the last such failure. The results are right
 * either way; a fallback only costs the parallelism. The first fallback of a
 * pool for a worker script also prints one `console.warn`.
 */
export interface PoolInfo {
  /** Chunks verified by a worker. */
  readonly workerChunks: number;
  /** Chunks verified on the calling thread after their worker failed twice. */
  readonly fallbackChunks: number;
  /** The worker script and error of the last fallback, or `null` if there was none. */
  readonly lastFallback: { readonly script: string; readonly reason: string } | null;
}

/** What `createParallel` returns: a pool whose `verifyBatch` also takes the worker script of the call. */
export interface ParallelRuntime {
  /** See `VerifierPool.verifyBatch`; `script` gives the worker to run (called once the arguments are checked). */
  verifyBatch(entries: readonly BatchEntry[], options: CommonParallelOptions, script: () => string): Promise<ParallelResult>;
  /** See `VerifierPool.shutdown`. */
  shutdown(): Promise<void>;
  /** See `VerifierPool.info`. */
  info(): PoolInfo;
}

/**
 * A pool and the tasks this module has handed to it. A pool replaced by a
 * bigger one (a call asked for more workers) is only *retired*: it takes no
 * new task, and is closed when its last in-flight task has settled, so a
 * resize never kills work that is running or queued on it.
 */
interface PoolRec {
  readonly pool: PoolHandle;
  readonly size: number;
  readonly script: string;
  inFlight: number;
  retired: boolean;
  idleTimer: ReturnType<typeof setTimeout> | undefined;
}

/** The crash plan of a call when no hook gives one. */
const NO_CRASHES: ReadonlyMap<number, number> = new Map();

/**
 * Entries verified per slice by the in-thread fallback, which yields to the
 * event loop between slices: 64 entries are ≈ 5 ms of work (≈ 70 µs an
 * entry in a batch), so a fallback never blocks the calling thread for long
 * (a whole 4096-entry chunk would be ≈ 0.3 s).
 */
const FALLBACK_SLICE = 64;

/** True iff the signal exists and has fired (a function, so TypeScript does not narrow it across awaits). */
function aborted(signal: AbortSignal | undefined): boolean {
  return signal !== undefined && signal.aborted;
}

function abortError(who: string, signal: AbortSignal | undefined): StrataError {
  const reason: unknown = signal?.reason;
  return new StrataError(ErrorCode.ABORTED, `${who}: expected to run to completion, got aborted`, {
    cause: reason,
  });
}

function shutdownError(who: string): StrataError {
  return new StrataError(ErrorCode.ABORTED, `${who}: expected to run to completion, got shutdown() while in flight`);
}

/** The worker caches' bounds asked for by the `cache` option: [capacity (0 = none), maxBytes]. */
function cacheBounds(who: string, c: CommonParallelOptions['cache']): [number, number] {
  if (c === undefined || c === true) return [DEFAULT_CACHE_CAPACITY, DEFAULT_CACHE_MAX_BYTES];
  if (c === false) return [0, 0];
  if (typeof c === 'number') {
    if (!Number.isInteger(c) || c < 0) throw new RangeError(`${who} cache: expected a non-negative integer, got ${c}`);
    return [c, DEFAULT_CACHE_MAX_BYTES];
  }
  if (c instanceof PublicKeyCache) return [c.capacity, c.maxBytes];
  throw new TypeError(`${who} cache: expected boolean, number or PublicKeyCache, got ${describe(c)}`);
}

/**
 * Builds one verifier pool over a platform's workers: the platform modules
 * call it for every `createVerifierPool()` (and once for the default pool of
 * `verifyBatchParallel`); tests call it with their own backend and hooks.
 * Its workerpool pools live in the returned closure. `who` names the
 * function in error messages.
 */
export function createParallel(backend: PoolBackend, hooks: PoolHooks = {}, who = 'verifyBatchParallel'): ParallelRuntime {
  /** The pool new tasks go to. */
  let current: PoolRec | undefined;
  /** Every pool not yet closed (the current one and retired ones still draining). */
  const live = new Set<PoolRec>();
  /** Incremented by shutdown(): calls started before it reject instead of retrying. */
  let generation = 0;
  /** Where chunks ran (`info()`), and the scripts whose fallback has been warned about. */
  let workerChunks = 0;
  let fallbackChunks = 0;
  let lastFallback: PoolInfo['lastFallback'] = null;
  const warned = new Set<string>();

  /** Records a chunk that falls back to the calling thread; warns once per worker script. */
  function noteFallback(script: string, err: unknown): void {
    fallbackChunks++;
    const reason = err instanceof Error ? err.message : String(err);
    lastFallback = Object.freeze({ script, reason });
    if (warned.has(script)) return;
    warned.add(script);
    const hint = backend.fallbackHint === undefined ? '' : ` ${backend.fallbackHint}`;
    console.warn(
      `${who}: the worker ${script} failed twice (${reason}); the batch is verified on the calling thread, ` +
        `with the right results but no parallelism. This warning is shown once per worker script; ` +
        `the pool's info() (or poolInfo() for the default pool) counts the fallbacks.${hint}`,
    );
  }

  /**
   * Returns the pool to submit to for a call that wants `size` workers
   * running `script`: the current pool if it is at least that big and runs
   * that script, else a new pool that becomes current, the old one being
   * retired (closed once drained).
   */
  function getPool(size: number, script: string): PoolRec {
    if (current !== undefined && current.size >= size && current.script === script) return current;
    const old = current;
    current = { pool: backend.create(size, script), size, script, inFlight: 0, retired: false, idleTimer: undefined };
    live.add(current);
    if (old !== undefined) retireWhenDrained(old);
    return current;
  }

  /** Closes a pool that has no task in flight. */
  function closeRec(rec: PoolRec): void {
    live.delete(rec);
    clearIdleTimer(rec);
    void rec.pool.close().catch(() => undefined);
  }

  function clearIdleTimer(rec: PoolRec): void {
    if (rec.idleTimer !== undefined) clearTimeout(rec.idleTimer);
    rec.idleTimer = undefined;
  }

  /**
   * Retires a pool that was replaced by a bigger one: it takes no new task and
   * is closed when its in-flight count reaches 0 (see `submit`), never before.
   */
  function retireWhenDrained(rec: PoolRec): void {
    rec.retired = true;
    if (current === rec) current = undefined;
    if (rec.inFlight === 0 && live.has(rec)) closeRec(rec);
  }

  /**
   * Retires a pool on which a task failed and closes it in the background:
   * tasks running on its live workers finish normally, queued ones are
   * rejected (and retried by their callers on a new pool).
   */
  function retireFailed(rec: PoolRec): void {
    if (current === rec) current = undefined;
    rec.retired = true;
    if (live.has(rec)) closeRec(rec);
  }

  /** Runs one task on `rec`, counting it in flight until it settles; an idle pool is released, then closed after the idle timeout. */
  async function submit(rec: PoolRec, task: WorkerTask, signal: AbortSignal | undefined): Promise<unknown> {
    clearIdleTimer(rec);
    if (rec.inFlight++ === 0) rec.pool.hold(true);
    try {
      return await rec.pool.run(task, signal);
    } finally {
      if (--rec.inFlight === 0) {
        rec.pool.hold(false);
        if (rec.retired) {
          if (live.has(rec)) closeRec(rec);
        } else {
          const timer = setTimeout(() => {
            rec.idleTimer = undefined;
            if (rec.inFlight === 0) retireWhenDrained(rec);
          }, IDLE_TIMEOUT_MS);
          // Node: the timer alone must not keep the process alive.
          (timer as { unref?: () => void }).unref?.();
          rec.idleTimer = timer;
        }
      }
    }
  }

  /**
   * Closes the worker pool and resolves when every worker has exited. Calls
   * still in flight reject with StrataError ERR_ABORTED. A later
   * `verifyBatchParallel` starts a new pool.
   */
  async function shutdown(): Promise<void> {
    generation++;
    const all = [...live];
    live.clear();
    current = undefined;
    for (const rec of all) {
      rec.retired = true;
      clearIdleTimer(rec);
    }
    await Promise.all(all.map((rec) => rec.pool.destroy()));
  }

  /**
   * The last resort for a chunk whose workers failed twice: verifies the
   * packed chunk (the inputs as they were at call time) in the calling
   * thread, one slice of {@link FALLBACK_SLICE} entries at a time, yielding to
   * the event loop between slices. Stops (throws) on abort or shutdown.
   */
  async function verifyInThread(buf: ArrayBuffer, mode: VerifyMode, stop: () => void): Promise<Uint8Array> {
    const view = unpackEntries(buf);
    const out = new Uint8Array(view.n);
    const bv = new BatchVerifier({ mode });
    for (let start = 0; start < view.n; start += FALLBACK_SLICE) {
      if (start > 0) await backend.yieldToEventLoop();
      stop();
      const end = Math.min(view.n, start + FALLBACK_SLICE);
      bv.clear();
      for (let i = start; i < end; i++) bv.addChecked(view.signature(i), view.message(i), view.publicKey(i), view.variant(i), view.context(i));
      const r = bv.verifyEach();
      for (let j = 0; j < r.length; j++) out[start + j] = r[j] ? 1 : 0;
    }
    return out;
  }

  function verifyBatch(entries: readonly BatchEntry[], options: CommonParallelOptions, script: () => string): Promise<ParallelResult> {
    if (!Array.isArray(entries)) throw new TypeError(`${who} entries: expected an array, got ${describe(entries)}`);
    expectOptions(`${who} options`, options);
    const mode = checkMode(options.mode, who);
    const [capacity, cacheMaxBytes] = cacheBounds(who, options.cache);
    const signal = options.signal;
    if (signal !== undefined && !(signal instanceof AbortSignal)) {
      throw new TypeError(`${who} signal: expected an AbortSignal, got ${describe(signal)}`);
    }
    const w: unknown = options.workers === undefined ? backend.defaultWorkers() : options.workers;
    if (typeof w !== 'number') {
      throw new TypeError(`${who} workers: expected a positive integer, got ${describe(w)}`);
    }
    let workers = w;
    if (!Number.isInteger(workers) || workers < 1) {
      throw new RangeError(`${who} workers: expected a positive integer, got ${String(workers)}`);
    }
    workers = Math.min(workers, 64);
    const good: number[] = [];
    const variants = new Uint8Array(entries.length);
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i] as unknown;
      if (e === null || typeof e !== 'object') {
        throw new TypeError(`${who} entries[${i}]: expected {publicKey, message, signature}, got ${describe(e)}`);
      }
      const { publicKey, message, signature } = e as BatchEntry;
      if (!(publicKey instanceof Uint8Array)) throw new TypeError(`${who} entries[${i}].publicKey: expected Uint8Array, got ${describe(publicKey)}`);
      if (!(message instanceof Uint8Array)) throw new TypeError(`${who} entries[${i}].message: expected Uint8Array, got ${describe(message)}`);
      if (!(signature instanceof Uint8Array)) throw new TypeError(`${who} entries[${i}].signature: expected Uint8Array, got ${describe(signature)}`);
      const { variant, context } = e as BatchEntry;
      variants[i] = checkVariant(variant, context, `${who} entries[${i}]`);
      if (publicKey.length === 32 && signature.length === 64) good.push(i);
    }
    return run(entries, good, variants, { mode, capacity, cacheMaxBytes, signal, workers, script });
  }

  async function run(
    entries: readonly BatchEntry[],
    good: number[],
    variants: Uint8Array,
    o: { mode: VerifyMode; capacity: number; cacheMaxBytes: number; signal: AbortSignal | undefined; workers: number; script: () => string },
  ): Promise<ParallelResult> {
    const { mode, capacity, signal } = o;
    if (aborted(signal)) throw abortError(who, signal);
    // The workers verify on the engine the caller has selected now.
    const engineName = engine.currentEngine();
    const results = new Array<boolean>(entries.length).fill(false);
    if (good.length === 0) return { valid: entries.length === 0, results };

    const nChunks = Math.max(1, Math.min(o.workers, Math.ceil(good.length / MIN_CHUNK)), Math.ceil(good.length / MAX_CHUNK));
    const chunks: number[][] = [];
    const per = Math.ceil(good.length / nChunks);
    for (let c = 0; c < nChunks; c++) {
      const part = good.slice(c * per, (c + 1) * per);
      if (part.length > 0) chunks.push(part);
    }
    const script = o.script();
    getPool(o.workers, script);
    const plan = hooks.crashPlan?.() ?? NO_CRASHES;

    const gen = generation;
    const stop = (): void => {
      if (aborted(signal)) throw abortError(who, signal);
      if (gen !== generation) throw shutdownError(who);
    };
    const runChunk = async (c: number, idx: number[], packed: ArrayBuffer): Promise<void> => {
      let attempt = 0;
      let out: Uint8Array;
      for (;;) {
        stop();
        const rec = getPool(o.workers, script);
        try {
          // Each attempt sends a copy: `packed` (the inputs at call time) stays
          // here for a retry or the in-thread fallback.
          const task: WorkerTask = { buf: packed.slice(0), mode, engine: engineName, cacheCapacity: capacity, cacheMaxBytes: o.cacheMaxBytes, crash: attempt < (plan.get(c) ?? 0) };
          const res = await submit(rec, task, signal);
          if (!(res instanceof Uint8Array) || res.length !== idx.length) {
            throw new Error(`worker: expected ${idx.length} result bytes, got ${describe(res)}`);
          }
          out = res;
          workerChunks++;
          break;
        } catch (err) {
          stop();
          // A dead worker, a failed task or a malformed result: retry once on
          // a fresh pool, then in-thread.
          attempt++;
          retireFailed(rec);
          hooks.taskFailed?.(err, attempt < 2 ? 'retry' : 'fallback');
          if (attempt < 2) continue;
          noteFallback(script, err);
          out = await verifyInThread(packed, mode, stop);
          break;
        }
      }
      for (let j = 0; j < idx.length; j++) results[idx[j]!] = out[j] === 1;
    };

    // Every chunk is packed now, before the first await: the results depend
    // only on the inputs as they were at call time.
    const packedChunks = chunks.map((idx) => packEntries(entries, idx, variants));
    const settled = await Promise.allSettled(chunks.map((idx, c) => runChunk(c, idx, packedChunks[c]!)));
    for (const s of settled) if (s.status === 'rejected') throw s.reason;
    let valid = true;
    for (const r of results) if (!r) { valid = false; break; }
    return { valid, results };
  }

  const info = (): PoolInfo => Object.freeze({ workerChunks, fallbackChunks, lastFallback });

  return { verifyBatch, shutdown, info };
}
