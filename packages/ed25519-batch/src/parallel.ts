/**
 * Batch verification across worker threads, on a piscina pool that lives
 * across calls.
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
 * - Idle workers are unref'd by piscina and retire after `idleTimeout`, so an
 *   idle pool never keeps the process alive; `shutdown()` closes it at once.
 *
 * The worker file: the pool loads the built JavaScript `worker.js` next to
 * this module (`new URL('./worker.js', import.meta.url)`), i.e.
 * `dist/worker.js` in the published package. When this module runs from its
 * TypeScript sources (vitest resolves `src/`), there is no `src/worker.js`,
 * so it falls back to `../dist/worker.js`: build the package first
 * (`npx turbo run build --filter=@strata/ed25519-batch`).
 *
 * References: piscina 5 documentation (Piscina options, transferList, AbortSignal, close/destroy).
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { ErrorCode, StrataError, describe } from '@strata/field';
import { BatchVerifier } from './batch.js';
import { DEFAULT_CACHE_MAX_BYTES, PublicKeyCache } from './cache.js';
import { packEntries, unpackEntries, type BatchEntry } from './pack.js';
import { checkMode, checkVariant, type VerifyMode } from './verify.js';
import type { WorkerTask } from './worker.js';

/** Options of `verifyBatchParallel`. */
export interface ParallelOptions {
  /** Number of chunks / worker threads to use (default: the machine's available parallelism). */
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
/** Idle workers retire after this many milliseconds (they are unref'd before that). */
const IDLE_TIMEOUT_MS = 30_000;
/** Do not cut chunks smaller than this (an msm over few points gains little). */
const MIN_CHUNK = 16;
/**
 * Nor larger than this: bigger batches are cut into more chunks than
 * workers (piscina queues them), which bounds the work lost to a dying
 * worker and makes abort and load balancing finer. 4096 entries are ≈ 0.3 s
 * of work; Pippenger gains little beyond that size.
 */
const MAX_CHUNK = 4096;

/**
 * A pool and the tasks this module has handed to it. A pool replaced by a
 * bigger one (a call asked for more workers) is only *retired*: it takes no
 * new task, and is closed when its last in-flight task has settled, so a
 * resize never kills work that is running or queued on it.
 */
interface PoolRec {
  readonly pool: Piscina<WorkerTask, Uint8Array>;
  readonly size: number;
  inFlight: number;
  retired: boolean;
}

/** The pool new tasks go to. */
let current: PoolRec | undefined;
/** Every pool not yet closed (the current one and retired ones still draining). */
const live = new Set<PoolRec>();
/** Test hook: chunk index → number of attempts that crash their worker (see worker.ts). */
let crashPlan: Map<number, number> = new Map();

/** Returns the URL of the built worker file (see the file comment). */
export function workerFileUrl(): URL {
  const beside = new URL('./worker.js', import.meta.url);
  if (existsSync(fileURLToPath(beside))) return beside;
  const built = new URL('../dist/worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return built;
  throw new Error(
    `@strata/ed25519-batch worker: expected ${fileURLToPath(beside)} or ${fileURLToPath(built)}, got neither ` +
      '(build the package: npx turbo run build --filter=@strata/ed25519-batch)',
  );
}

/**
 * The workers' execArgv: none. A worker is built JavaScript that needs no
 * flag of the parent's, and inheriting them is harmful twice over: custom
 * export conditions and loaders (`--conditions=@strata/source`, `--import
 * tsx` under a test runner) would make it load TypeScript sources, and
 * per-process V8 flags such as `--expose-gc` make `new Worker` fail
 * outright ("invalid execArgv flags"), which once sent every chunk down the
 * in-thread fallback without a word.
 */
function workerExecArgv(): string[] {
  return [];
}

/** Keeps the last pool-level error (a worker that failed to start) for diagnostics; never rethrown. */
let lastPoolError: unknown;
/** The last error a task failed with (diagnostics only). */
let lastTaskError: unknown;
/** Recovery counters (for tests and diagnostics). */
const recoveries = { poolRetries: 0, inThreadFallbacks: 0 };

/**
 * Returns the pool to submit to for a call that wants `size` workers: the
 * current pool if it is at least that big, else a new pool of `size` threads
 * that becomes current, the old one being retired (closed once drained).
 */
function getPool(size: number): PoolRec {
  if (current !== undefined && current.size >= size) return current;
  const old = current;
  const pool = new Piscina<WorkerTask, Uint8Array>({
    filename: workerFileUrl().href,
    minThreads: 0,
    maxThreads: size,
    idleTimeout: IDLE_TIMEOUT_MS,
    // Tasks wait in the queue rather than being rejected.
    maxQueue: Infinity as unknown as number,
    execArgv: workerExecArgv(),
  });
  // Piscina re-emits worker start-up failures as 'error' events: without a
  // listener they would become uncaught exceptions. The affected task is
  // rejected as well, and run() recovers from that (retry, then in-thread).
  pool.on('error', (err: unknown) => {
    lastPoolError = err;
  });
  current = { pool, size, inFlight: 0, retired: false };
  live.add(current);
  if (old !== undefined) retireWhenDrained(old);
  return current;
}

/** Closes a pool that has no task in flight. */
function closeRec(rec: PoolRec): void {
  live.delete(rec);
  void rec.pool.close().catch(() => undefined);
}

/**
 * Retires a pool that was replaced by a bigger one: it takes no new task and
 * is closed when its in-flight count reaches 0 (see `submit`), never before.
 */
function retireWhenDrained(rec: PoolRec): void {
  rec.retired = true;
  if (current === rec) current = undefined;
  if (rec.inFlight === 0) closeRec(rec);
}

/**
 * Retires a pool on which a task failed and closes it in the background:
 * tasks running on its live workers finish normally, queued ones are
 * rejected (and retried by their callers on a new pool). (Piscina stops
 * spawning workers after one dies before signalling ready, so the queue of
 * such a pool might never drain.)
 */
function retireFailed(rec: PoolRec): void {
  if (current === rec) current = undefined;
  rec.retired = true;
  if (live.has(rec)) closeRec(rec);
}

/** Runs one task on `rec`, counting it in flight until it settles. */
async function submit(rec: PoolRec, task: WorkerTask, signal: AbortSignal | undefined): Promise<unknown> {
  rec.inFlight++;
  try {
    // The buffer is transferred (moved), not copied.
    return await rec.pool.run(task, signal !== undefined ? { signal, transferList: [task.buf] } : { transferList: [task.buf] });
  } finally {
    rec.inFlight--;
    if (rec.retired && rec.inFlight === 0 && live.has(rec)) closeRec(rec);
  }
}

/** Incremented by shutdown(): calls started before it reject instead of retrying. */
let generation = 0;

/**
 * Closes the worker pool and resolves when every worker has exited. Calls
 * still in flight reject with StrataError ERR_ABORTED. A later
 * `verifyBatchParallel` starts a new pool.
 */
export async function shutdown(): Promise<void> {
  generation++;
  const all = [...live];
  live.clear();
  current = undefined;
  for (const rec of all) rec.retired = true;
  await Promise.all(all.map((rec) => rec.pool.destroy()));
}

/** True iff the signal exists and has fired (a function, so TypeScript does not narrow it across awaits). */
function aborted(signal: AbortSignal | undefined): boolean {
  return signal !== undefined && signal.aborted;
}

function abortError(signal: AbortSignal | undefined): StrataError {
  const reason: unknown = signal?.reason;
  return new StrataError(ErrorCode.ABORTED, `verifyBatchParallel: expected to run to completion, got aborted`, {
    cause: reason,
  });
}

function shutdownError(): StrataError {
  return new StrataError(ErrorCode.ABORTED, 'verifyBatchParallel: expected to run to completion, got shutdown() while in flight');
}

/** The worker caches' bounds asked for by the `cache` option: [capacity (0 = none), maxBytes]. */
function cacheBounds(c: ParallelOptions['cache']): [number, number] {
  if (c === undefined || c === true) return [DEFAULT_CACHE_CAPACITY, DEFAULT_CACHE_MAX_BYTES];
  if (c === false) return [0, 0];
  if (typeof c === 'number') {
    if (!Number.isInteger(c) || c < 0) throw new RangeError(`verifyBatchParallel cache: expected a non-negative integer, got ${c}`);
    return [c, DEFAULT_CACHE_MAX_BYTES];
  }
  if (c instanceof PublicKeyCache) return [c.capacity, c.maxBytes];
  throw new TypeError(`verifyBatchParallel cache: expected boolean, number or PublicKeyCache, got ${describe(c)}`);
}

/**
 * Entries verified per slice by the in-thread fallback, which yields to the
 * event loop between slices: 64 entries are ≈ 5 ms of work (≈ 70 µs an
 * entry in a batch), so a fallback never blocks the calling thread for long
 * (a whole 4096-entry chunk would be ≈ 0.3 s).
 */
const FALLBACK_SLICE = 64;

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
    if (start > 0) await yieldToEventLoop();
    stop();
    const end = Math.min(view.n, start + FALLBACK_SLICE);
    bv.clear();
    for (let i = start; i < end; i++) bv.addChecked(view.publicKey(i), view.message(i), view.signature(i), view.variant(i), view.context(i));
    const r = bv.verifyEach();
    for (let j = 0; j < r.length; j++) out[start + j] = r[j] ? 1 : 0;
  }
  return out;
}

/** Resolves on a later turn of the event loop (after pending I/O and timers). */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Verifies a batch across worker threads and resolves to
 * `{ valid, results }`, where
 * `results[i] === verify(sig_i, msg_i, pk_i, { mode, variant: variant_i, context: context_i })`:
 * entries of every RFC 8032 variant mix freely in one call.
 *
 * Argument types are checked at once (TypeError thrown synchronously, before
 * a promise exists; a context of the wrong length: StrataError
 * ERR_BAD_LENGTH, also synchronously); bad bytes (wrong lengths, invalid points, S ≥ ℓ) only
 * make their entry `false`. An empty batch resolves to
 * `{ valid: true, results: [] }` without touching the pool.
 */
export function verifyBatchParallel(entries: readonly BatchEntry[], options: ParallelOptions = {}): Promise<ParallelResult> {
  if (!Array.isArray(entries)) throw new TypeError(`verifyBatchParallel entries: expected an array, got ${describe(entries)}`);
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`verifyBatchParallel options: expected an object, got ${describe(options)}`);
  }
  const mode = checkMode(options.mode, 'verifyBatchParallel');
  const [capacity, cacheMaxBytes] = cacheBounds(options.cache);
  const signal = options.signal;
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new TypeError(`verifyBatchParallel signal: expected an AbortSignal, got ${describe(signal)}`);
  }
  const w: unknown = options.workers === undefined ? availableParallelism() : options.workers;
  if (typeof w !== 'number') {
    throw new TypeError(`verifyBatchParallel workers: expected a positive integer, got ${describe(w)}`);
  }
  let workers = w;
  if (!Number.isInteger(workers) || workers < 1) {
    throw new RangeError(`verifyBatchParallel workers: expected a positive integer, got ${String(workers)}`);
  }
  workers = Math.min(workers, 64);
  const good: number[] = [];
  const variants = new Uint8Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i] as unknown;
    if (e === null || typeof e !== 'object') {
      throw new TypeError(`verifyBatchParallel entries[${i}]: expected {publicKey, message, signature}, got ${describe(e)}`);
    }
    const { publicKey, message, signature } = e as BatchEntry;
    if (!(publicKey instanceof Uint8Array)) throw new TypeError(`verifyBatchParallel entries[${i}].publicKey: expected Uint8Array, got ${describe(publicKey)}`);
    if (!(message instanceof Uint8Array)) throw new TypeError(`verifyBatchParallel entries[${i}].message: expected Uint8Array, got ${describe(message)}`);
    if (!(signature instanceof Uint8Array)) throw new TypeError(`verifyBatchParallel entries[${i}].signature: expected Uint8Array, got ${describe(signature)}`);
    const { variant, context } = e as BatchEntry;
    variants[i] = checkVariant(variant, context, `verifyBatchParallel entries[${i}]`);
    if (publicKey.length === 32 && signature.length === 64) good.push(i);
  }
  return run(entries, good, variants, { mode, capacity, cacheMaxBytes, signal, workers });
}

async function run(
  entries: readonly BatchEntry[],
  good: number[],
  variants: Uint8Array,
  o: { mode: VerifyMode; capacity: number; cacheMaxBytes: number; signal: AbortSignal | undefined; workers: number },
): Promise<ParallelResult> {
  const { mode, capacity, signal } = o;
  if (aborted(signal)) throw abortError(signal);
  const results = new Array<boolean>(entries.length).fill(false);
  if (good.length === 0) return { valid: entries.length === 0, results };

  const nChunks = Math.max(1, Math.min(o.workers, Math.ceil(good.length / MIN_CHUNK)), Math.ceil(good.length / MAX_CHUNK));
  const chunks: number[][] = [];
  const per = Math.ceil(good.length / nChunks);
  for (let c = 0; c < nChunks; c++) {
    const part = good.slice(c * per, (c + 1) * per);
    if (part.length > 0) chunks.push(part);
  }
  getPool(o.workers);
  const plan = crashPlan;
  crashPlan = new Map();

  const gen = generation;
  const stop = (): void => {
    if (aborted(signal)) throw abortError(signal);
    if (gen !== generation) throw shutdownError();
  };
  const runChunk = async (c: number, idx: number[], packed: ArrayBuffer): Promise<void> => {
    let attempt = 0;
    let out: Uint8Array;
    for (;;) {
      stop();
      const rec = getPool(o.workers);
      try {
        // Each attempt sends a copy: `packed` (the inputs at call time) stays
        // here for a retry or the in-thread fallback.
        const task: WorkerTask = { buf: packed.slice(0), mode, cacheCapacity: capacity, cacheMaxBytes: o.cacheMaxBytes, crash: attempt < (plan.get(c) ?? 0) };
        const res = await submit(rec, task, signal);
        if (!(res instanceof Uint8Array) || res.length !== idx.length) {
          throw new Error(`worker: expected ${idx.length} result bytes, got ${describe(res)}`);
        }
        out = res;
        break;
      } catch (err) {
        stop();
        // A dead worker, a failed task or a malformed result: retry once on
        // a fresh pool, then in-thread.
        attempt++;
        lastTaskError = err;
        retireFailed(rec);
        if (attempt < 2) {
          recoveries.poolRetries++;
          continue;
        }
        recoveries.inThreadFallbacks++;
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

/**
 * Internal hooks for this package's tests only (not exported from the
 * package index): the live pool, and a plan of chunks whose worker must
 * crash on the first attempt of the next call (needs
 * `STRATA_ED25519_BATCH_TEST_HOOKS=1` in the workers' environment).
 */
export const __testing = {
  /** Returns the current pool, if any. */
  pool(): Piscina<WorkerTask, Uint8Array> | undefined {
    return current?.pool;
  },
  /** Returns a snapshot of the recovery counters. */
  recoveries(): { poolRetries: number; inThreadFallbacks: number } {
    return { ...recoveries };
  },
  /** Returns the last error a task failed with, if any. */
  lastTaskError(): unknown {
    return lastTaskError;
  },
  /** Returns the last error the pool emitted (a worker that failed to start), if any. */
  lastPoolError(): unknown {
    return lastPoolError;
  },
  /** Makes the given chunks of the next call crash their worker on the first `attempts` tries (1: pool retry; 2: in-thread fallback). */
  crashNextCall(chunks: number[], attempts = 1): void {
    crashPlan = new Map(chunks.map((c) => [c, attempts]));
  },
};
