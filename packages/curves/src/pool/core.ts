/**
 * A pool of workers for batch jobs, shared by the signature packages
 * (`@strata/ed25519-batch`, `@strata/secp256k1-signatures`) and by `@strata/curves/msm-parallel`: the pool
 * records (reuse, resize, retirement, idle timeout), recovery from dying
 * workers, abort and `shutdown`, chunking and the in-thread fallback. It is
 * generic over the task payload: a caller packs each chunk of its batch into
 * one ArrayBuffer, names the worker method that verifies it and gives the
 * in-thread function that verifies the same buffer when workers fail.
 *
 * Nothing here imports `node:*` or the pool library: a platform says how a
 * pool is created and how its workers are held or released (`PoolBackend`,
 * see `workerpool.ts` for the worker-thread and Web Worker backends over a
 * workerpool module the caller passes in).
 *
 * - A batch is cut into one chunk per worker (16 to 4096 entries a chunk;
 *   more chunks than workers for big batches); each chunk is packed once, at
 *   call time, and every attempt moves a copy of that buffer to a worker
 *   (a chunk packed in a SharedArrayBuffer is shared instead, uncopied).
 * - A chunk whose worker dies (or whose task fails for any other reason than
 *   the caller's abort) retires that pool and is run once more on a fresh
 *   one, and if that fails too, in the calling thread (in slices, yielding
 *   to the event loop between them): the promise always settles, with the
 *   right results.
 * - A call that wants more workers than the pool has gets a bigger pool;
 *   the old one takes no new task and closes once its in-flight tasks have
 *   settled, so a resize never kills running or queued work.
 * - A per-call `AbortSignal` cancels the outstanding chunks; the promise then
 *   rejects with `StrataError` `ERR_ABORTED`, as do calls in flight during
 *   `shutdown()`.
 * - A pool with no task in flight is released (`PoolHandle.hold(false)`: in
 *   Node its workers are unref'd) and closed after `IDLE_TIMEOUT_MS` (an
 *   unref'd timer), so an idle pool never keeps the process or the page busy.
 *
 * All of that state belongs to one runtime (the object `createPoolRuntime`
 * returns); this module holds none.
 *
 * References: workerpool 10 documentation (pool options, exec, transfer, cancel, terminate).
 */
import { ErrorCode, StrataError, describe } from '@strata/field';

/** An idle pool is closed after this many milliseconds (its workers are released before that). */
export const IDLE_TIMEOUT_MS = 30_000;
/** At most this many workers are started: a larger `workers` option is capped, not refused. */
export const MAX_WORKERS = 64;
/** Chunks are not cut smaller than this (a batch equation over few entries gains little). */
const MIN_CHUNK = 16;
/**
 * Nor larger than this: bigger batches are cut into more chunks than
 * workers (the pool queues them), which bounds the work lost to a dying
 * worker and makes abort and load balancing finer. 4096 ed25519 entries are
 * ≈ 0.3 s of work; Pippenger gains little beyond that size.
 */
const MAX_CHUNK = 4096;
/**
 * Entries verified per slice by the in-thread fallback, which yields to the
 * event loop between slices: 64 entries are ≈ 5 ms of ed25519 work, so a
 * fallback never blocks the calling thread for long.
 */
const FALLBACK_SLICE = 64;

/** What a worker gets for one attempt at a chunk: the packed buffer (moved to the worker) and what else the payload needs. */
export interface PoolTask {
  /**
   * The packed chunk: an ArrayBuffer is moved (transferred), so each attempt
   * gets its own copy; a SharedArrayBuffer (`PoolChunkJob.pack` may return
   * one) is shared, the same one for every attempt and the in-thread
   * fallback, so a worker must only read it.
   */
  readonly buf: ArrayBufferLike;
  /**
   * Set only by a test's crash plan (`PoolHooks.crashPlan`): asks the
   * worker to die instead of answering. The packages' workers ignore it;
   * tests' own worker files obey it.
   */
  readonly crash?: boolean;
}

/** One pool of the platform's workers, as the runtime sees it (`poolHandle` implements it over workerpool). */
export interface PoolHandle {
  /** Runs `method` on one worker with `task`, moving `task.buf`; rejects when the worker dies, the task fails or `signal` fires. */
  run(method: string, task: PoolTask, signal: AbortSignal | undefined): PromiseLike<unknown>;
  /** Called with true when the pool gets its first in-flight task, false when its last one has settled. */
  hold(busy: boolean): void;
  /** Lets running tasks finish, rejects queued ones, then stops the workers. */
  close(): Promise<void>;
  /** Stops every worker at once. */
  destroy(): Promise<void>;
  /** Returns the number of busy and of started workers (for tests and diagnostics). */
  stats(): { busy: number; total: number };
  /** Terminates every started worker from outside, as a crash would (for tests). */
  killWorkers(): Promise<void>;
}

/** What a platform supplies to the runtime. */
export interface PoolBackend {
  /** Returns a pool of at most `size` workers running `script` (no worker starts before the first task). */
  create(size: number, script: string): PoolHandle;
  /** Returns the default number of workers. */
  defaultWorkers(): number;
  /** Resolves on a later turn of the event loop (after pending I/O, timers and messages). */
  yieldToEventLoop(): Promise<void>;
  /** What the fallback warning adds for this platform: the usual cause and its fix. */
  readonly fallbackHint?: string;
}

/**
 * Injection points of one runtime for tests (the packages' entries pass
 * none): the crash plan that makes test workers die, and reports of failed
 * tasks.
 */
export interface PoolHooks {
  /**
   * Called once at the start of each call that reaches the pool: chunk index
   * → the number of first attempts of that chunk whose task asks its worker
   * to crash (`PoolTask.crash`; 1: the pool retry runs it, 2: the in-thread
   * fallback does).
   */
  crashPlan?(): ReadonlyMap<number, number> | undefined;
  /** Called for every failed task with its error and what happens next to its chunk. */
  taskFailed?(error: unknown, next: 'retry' | 'fallback'): void;
}

/**
 * Where a pool's work has run: chunks run by workers, chunks run on the
 * calling thread because their worker failed twice (a worker script that
 * does not load, or a worker that crashed), and the last such failure. The
 * results are right either way; a fallback only costs the parallelism. The
 * first fallback of a pool for a worker script also prints one
 * `console.warn`.
 */
export interface PoolInfo {
  /** Chunks run by a worker. */
  readonly workerChunks: number;
  /** Chunks run on the calling thread after their worker failed twice. */
  readonly fallbackChunks: number;
  /** The worker script and error of the last fallback, or `null` if there was none. */
  readonly lastFallback: { readonly script: string; readonly reason: string } | null;
}

/** One call of a runtime: which entries go to workers, how a chunk is packed, sent and, as a last resort, run in-thread. */
export interface PoolJob<T extends PoolTask = PoolTask> {
  /** The number of entries of the call; the result has one flag per entry. */
  readonly length: number;
  /** The entries sent to workers, in order (the others are false in the result). */
  readonly indices: readonly number[];
  /** The number of workers, from `parseWorkers`. */
  readonly workers: number;
  /** Cancels the call (checked with `parseSignal`). */
  readonly signal: AbortSignal | undefined;
  /** Returns the worker script of the call (called once, after the pool checks). */
  readonly script: () => string;
  /** The worker method each task runs; it answers one byte per entry (1 = valid) as a Uint8Array. */
  readonly method: string;
  /** Packs the entries `idx` (a chunk) into one buffer; called for every chunk before the first await. */
  pack(idx: readonly number[]): ArrayBuffer;
  /** Returns the task of one attempt at a chunk, carrying `buf` (a fresh copy of the packed chunk). */
  task(buf: ArrayBuffer, crash: boolean): T;
  /**
   * Returns the in-thread verifier of a packed chunk: a function that sets
   * `out[i]` to 1 (valid) or 0 for every entry i in [start, end) of the chunk.
   */
  inThread(buf: ArrayBuffer): (start: number, end: number, out: Uint8Array) => void;
}

/**
 * One call of a runtime whose chunks each answer one result of a fixed size
 * (a partial sum, say), not one flag per entry: the caller has cut and packed
 * its chunks, and combines the results itself.
 */
export interface PoolChunkJob<T extends PoolTask = PoolTask> {
  /** The number of chunks, one task each. */
  readonly chunks: number;
  /**
   * Returns chunk c packed. Called once per chunk, for c = 0, 1, … in order,
   * each chunk submitted to the pool as soon as it is packed, and all before
   * the first await (so the results depend only on the inputs at call time,
   * while the first workers start on their chunks as the calling thread
   * packs the next ones). It should not throw (the caller checks its inputs
   * first): if it does, the call rejects with that error and the chunks
   * already submitted run on, their results dropped. Each attempt at a
   * chunk moves a copy of its buffer.
   */
  pack(c: number): ArrayBufferLike;
  /** The number of workers, from `parseWorkers`. */
  readonly workers: number;
  /** Cancels the call (checked with `parseSignal`). */
  readonly signal: AbortSignal | undefined;
  /** Returns the worker script of the call (called once, after the pool checks). */
  readonly script: () => string;
  /** The worker method each task runs; it answers `resultBytes` bytes as a Uint8Array. */
  readonly method: string;
  /** The length of every chunk's result. */
  readonly resultBytes: number;
  /** Returns the task of one attempt at a chunk, carrying `buf` (a fresh copy of the packed chunk, or the shared chunk itself). */
  task(buf: ArrayBufferLike, crash: boolean): T;
  /** Returns the result of a packed chunk, computed in the calling thread (the fallback; it runs the whole chunk at once). */
  inThread(buf: ArrayBufferLike): Uint8Array;
}

/** A pool's work, as `createPoolRuntime` returns it. */
export interface PoolRuntime {
  /**
   * Runs a job on the pool's workers and resolves to one boolean per entry
   * (false for an entry not in `job.indices`). Rejects with StrataError
   * ERR_ABORTED when the job's signal fires or `shutdown()` is called while
   * it is in flight; every other failure is recovered.
   */
  run<T extends PoolTask>(job: PoolJob<T>): Promise<boolean[]>;
  /**
   * Runs a chunk job on the pool's workers and resolves to the chunks'
   * results, in order. Failures, retries, fallback, abort and shutdown are
   * as for `run`.
   */
  runChunks<T extends PoolTask>(job: PoolChunkJob<T>): Promise<Uint8Array[]>;
  /** Closes every worker and resolves when they have exited; calls in flight reject with ERR_ABORTED; a later `run` starts new workers. */
  shutdown(): Promise<void>;
  /** Returns where this pool's work has run so far (`PoolInfo`, frozen). */
  info(): PoolInfo;
}

/**
 * Returns the AbortSignal option, or undefined. Throws TypeError when it is
 * neither undefined nor an AbortSignal (`who` names the function).
 */
export function parseSignal(who: string, signal: unknown): AbortSignal | undefined {
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new TypeError(`${who} signal: expected an AbortSignal, got ${describe(signal)}`);
  }
  return signal;
}

/**
 * Returns the number of workers for the `workers` option (`fallback` when
 * undefined), capped at `MAX_WORKERS`. Throws TypeError for a non-number,
 * RangeError for a number that is not a positive integer.
 */
export function parseWorkers(who: string, workers: unknown, fallback: () => number): number {
  const w: unknown = workers === undefined ? fallback() : workers;
  if (typeof w !== 'number') throw new TypeError(`${who} workers: expected a positive integer, got ${describe(w)}`);
  if (!Number.isInteger(w) || w < 1) throw new RangeError(`${who} workers: expected a positive integer, got ${String(w)}`);
  return Math.min(w, MAX_WORKERS);
}

/**
 * A pool and the tasks handed to it. A pool replaced by a bigger one is only
 * *retired*: it takes no new task, and is closed when its last in-flight
 * task has settled.
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

/** True iff the signal exists and has fired (a function, so TypeScript does not narrow it across awaits). */
function aborted(signal: AbortSignal | undefined): boolean {
  return signal !== undefined && signal.aborted;
}

function abortError(who: string, signal: AbortSignal | undefined): StrataError {
  const reason: unknown = signal?.reason;
  return new StrataError(ErrorCode.ABORTED, `${who}: expected to run to completion, got aborted`, { cause: reason });
}

function shutdownError(who: string): StrataError {
  return new StrataError(ErrorCode.ABORTED, `${who}: expected to run to completion, got shutdown() while in flight`);
}

/** Returns `indices` cut into chunks for `workers` workers (see the file comment). */
function chunksOf(indices: readonly number[], workers: number): number[][] {
  const nChunks = Math.max(1, Math.min(workers, Math.ceil(indices.length / MIN_CHUNK)), Math.ceil(indices.length / MAX_CHUNK));
  const chunks: number[][] = [];
  const per = Math.ceil(indices.length / nChunks);
  for (let c = 0; c < nChunks; c++) {
    const part = indices.slice(c * per, (c + 1) * per);
    if (part.length > 0) chunks.push(part);
  }
  return chunks;
}

/**
 * Returns a new pool runtime over a platform's workers, with its state (the
 * pools it has started, their idle timers and in-flight counts) in the
 * returned closure. `who` names the function in error messages and in the
 * fallback warning. Starts no worker before the first `run`.
 */
export function createPoolRuntime(backend: PoolBackend, hooks: PoolHooks = {}, who = 'pool'): PoolRuntime {
  /** The pool new tasks go to. */
  let current: PoolRec | undefined;
  /** Every pool not yet closed (the current one and retired ones still draining). */
  const live = new Set<PoolRec>();
  /** Incremented by shutdown(): calls started before it reject instead of retrying. */
  let generation = 0;
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

  /** Returns the pool to submit to: the current one if big enough and on `script`, else a new current one (the old one retired). */
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

  /** Retires a pool replaced by a bigger one: closed when its in-flight count reaches 0, never before. */
  function retireWhenDrained(rec: PoolRec): void {
    rec.retired = true;
    if (current === rec) current = undefined;
    if (rec.inFlight === 0 && live.has(rec)) closeRec(rec);
  }

  /** Retires a pool on which a task failed and closes it in the background (queued tasks are rejected and retried by their callers). */
  function retireFailed(rec: PoolRec): void {
    if (current === rec) current = undefined;
    rec.retired = true;
    if (live.has(rec)) closeRec(rec);
  }

  /** Runs one task on `rec`, counting it in flight until it settles; an idle pool is released, then closed after the idle timeout. */
  async function submit(rec: PoolRec, method: string, task: PoolTask, signal: AbortSignal | undefined): Promise<unknown> {
    clearIdleTimer(rec);
    if (rec.inFlight++ === 0) rec.pool.hold(true);
    try {
      return await rec.pool.run(method, task, signal);
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
   * The last resort for a chunk whose workers failed twice: runs the packed
   * chunk in the calling thread, one slice at a time, yielding to the event
   * loop between slices. Stops (throws) on abort or shutdown.
   */
  async function runInThread(job: PoolJob<PoolTask>, buf: ArrayBuffer, count: number, stop: () => void): Promise<Uint8Array> {
    const out = new Uint8Array(count);
    const verify = job.inThread(buf);
    for (let start = 0; start < count; start += FALLBACK_SLICE) {
      if (start > 0) await backend.yieldToEventLoop();
      stop();
      verify(start, Math.min(count, start + FALLBACK_SLICE), out);
    }
    return out;
  }

  /**
   * Runs chunk `c` (packed in `packed`) on the pool until a worker answers
   * `want` bytes: a failed attempt retires its pool and is retried once on a
   * fresh one; after a second failure the chunk runs in `fallback`. `stop`
   * throws on abort or shutdown.
   */
  async function runChunk<T extends PoolTask, B extends ArrayBufferLike>(
    job: { readonly workers: number; readonly method: string; readonly signal: AbortSignal | undefined; task(buf: B, crash: boolean): T },
    script: string,
    c: number,
    packed: B,
    want: number,
    crashes: number,
    stop: () => void,
    fallback: () => Promise<Uint8Array>,
  ): Promise<Uint8Array> {
    for (let attempt = 0; ; ) {
      stop();
      const rec = getPool(job.workers, script);
      try {
        // Each attempt sends a copy of an ArrayBuffer: `packed` (the inputs at
        // call time) stays here for a retry or the in-thread fallback. A
        // SharedArrayBuffer is not moved, and workers only read it.
        const buf = packed instanceof ArrayBuffer ? (packed.slice(0) as B) : packed;
        const res = await submit(rec, job.method, job.task(buf, attempt < crashes), job.signal);
        if (!(res instanceof Uint8Array) || res.length !== want) {
          throw new Error(`worker: expected ${want} result bytes for chunk ${c}, got ${describe(res)}`);
        }
        workerChunks++;
        return res;
      } catch (err) {
        stop();
        // A dead worker, a failed task or a malformed result: retry once on
        // a fresh pool, then in-thread.
        attempt++;
        retireFailed(rec);
        hooks.taskFailed?.(err, attempt < 2 ? 'retry' : 'fallback');
        if (attempt < 2) continue;
        noteFallback(script, err);
        return fallback();
      }
    }
  }

  /** Returns the stop check of a call: throws on its signal's abort or on a `shutdown()` after its start. */
  function stopper(signal: AbortSignal | undefined): () => void {
    const gen = generation;
    return () => {
      if (aborted(signal)) throw abortError(who, signal);
      if (gen !== generation) throw shutdownError(who);
    };
  }

  /** Returns the chunks' results once every chunk has settled; throws the first failure. */
  async function settleAll<R>(runs: readonly Promise<R>[]): Promise<R[]> {
    const settled = await Promise.allSettled(runs);
    const out: R[] = [];
    for (const s of settled) {
      if (s.status === 'rejected') throw s.reason;
      out.push(s.value);
    }
    return out;
  }

  async function run<T extends PoolTask>(job: PoolJob<T>): Promise<boolean[]> {
    const { signal, workers } = job;
    if (aborted(signal)) throw abortError(who, signal);
    const results = new Array<boolean>(job.length).fill(false);
    if (job.indices.length === 0) return results;
    const chunks = chunksOf(job.indices, workers);
    const script = job.script();
    getPool(workers, script);
    const plan = hooks.crashPlan?.() ?? NO_CRASHES;
    const stop = stopper(signal);
    // Every chunk is packed now, before the first await: the results depend
    // only on the inputs as they were at call time.
    const packedChunks = chunks.map((idx) => job.pack(idx));
    const outs = await settleAll(
      chunks.map((idx, c) =>
        runChunk(job, script, c, packedChunks[c]!, idx.length, plan.get(c) ?? 0, stop, () => runInThread(job, packedChunks[c]!, idx.length, stop)),
      ),
    );
    chunks.forEach((idx, c) => {
      const out = outs[c]!;
      for (let j = 0; j < idx.length; j++) results[idx[j]!] = out[j] === 1;
    });
    return results;
  }

  async function runChunks<T extends PoolTask>(job: PoolChunkJob<T>): Promise<Uint8Array[]> {
    const { signal, workers } = job;
    if (aborted(signal)) throw abortError(who, signal);
    if (job.chunks === 0) return [];
    const script = job.script();
    getPool(workers, script);
    const plan = hooks.crashPlan?.() ?? NO_CRASHES;
    const stop = stopper(signal);
    const fallback = async (buf: ArrayBufferLike): Promise<Uint8Array> => {
      await backend.yieldToEventLoop();
      stop();
      const out = job.inThread(buf);
      if (out.length !== job.resultBytes) throw new Error(`${who}: expected ${job.resultBytes} result bytes in-thread, got ${out.length}`);
      return out;
    };
    // runChunk submits its first attempt before its first await: chunk c is on a worker while the
    // calling thread packs chunk c + 1.
    const runs: Promise<Uint8Array>[] = [];
    try {
      for (let c = 0; c < job.chunks; c++) {
        const buf = job.pack(c);
        runs.push(runChunk(job, script, c, buf, job.resultBytes, plan.get(c) ?? 0, stop, () => fallback(buf)));
      }
    } catch (err) {
      for (const r of runs) r.catch(() => undefined);
      throw err;
    }
    return settleAll(runs);
  }

  const info = (): PoolInfo => Object.freeze({ workerChunks, fallbackChunks, lastFallback });

  return { run, runChunks, shutdown, info };
}
