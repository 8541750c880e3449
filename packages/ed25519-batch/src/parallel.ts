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
 *   one, and if that fails too, in the calling thread: the promise always
 *   settles, with the right results.
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
import { PublicKeyCache } from './cache.js';
import { packEntries, type BatchEntry } from './pack.js';
import { checkMode, type VerifyMode } from './verify.js';
import type { WorkerTask } from './worker.js';

/** Options of `verifyBatchParallel`. */
export interface ParallelOptions {
  /** Number of chunks / worker threads to use (default: the machine's available parallelism). */
  workers?: number;
  /**
   * Worker-resident public-key caches: `true` (default) gives each worker a
   * cache of 4096 keys, a number sets the capacity, a `PublicKeyCache` lends
   * its capacity (caches cannot be shared between threads), `false` or 0
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

let pool: Piscina<WorkerTask, Uint8Array> | undefined;
let poolSize = 0;
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

function getPool(size: number): Piscina<WorkerTask, Uint8Array> {
  if (pool !== undefined && poolSize >= size) return pool;
  const old = pool;
  pool = new Piscina<WorkerTask, Uint8Array>({
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
  poolSize = size;
  if (old !== undefined) void old.destroy().catch(() => undefined);
  return pool;
}

/**
 * Forgets `p` if it is the current pool and closes it in the background:
 * tasks running on its live workers finish normally, queued ones are
 * rejected (and retried by their callers on the new pool).
 */
function retirePool(p: Piscina<WorkerTask, Uint8Array>): void {
  if (pool !== p) return;
  pool = undefined;
  poolSize = 0;
  void p.close().catch(() => undefined);
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
  const p = pool;
  pool = undefined;
  poolSize = 0;
  if (p !== undefined) await p.destroy();
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

function cacheCapacity(c: ParallelOptions['cache']): number {
  if (c === undefined || c === true) return DEFAULT_CACHE_CAPACITY;
  if (c === false) return 0;
  if (typeof c === 'number') {
    if (!Number.isInteger(c) || c < 0) throw new RangeError(`verifyBatchParallel cache: expected a non-negative integer, got ${c}`);
    return c;
  }
  if (c instanceof PublicKeyCache) return c.capacity;
  throw new TypeError(`verifyBatchParallel cache: expected boolean, number or PublicKeyCache, got ${describe(c)}`);
}

function verifyInThread(entries: readonly BatchEntry[], idx: readonly number[], mode: VerifyMode): boolean[] {
  const bv = new BatchVerifier({ mode });
  for (const i of idx) {
    const e = entries[i]!;
    bv.add(e.publicKey, e.message, e.signature);
  }
  return bv.verifyEach();
}

/**
 * Verifies a batch across worker threads and resolves to
 * `{ valid, results }`, where `results[i] === verify(sig_i, msg_i, pk_i, { mode })`.
 *
 * Argument types are checked at once (TypeError thrown synchronously, before
 * a promise exists); bad bytes (wrong lengths, invalid points, S ≥ ℓ) only
 * make their entry `false`. An empty batch resolves to
 * `{ valid: true, results: [] }` without touching the pool.
 */
export function verifyBatchParallel(entries: readonly BatchEntry[], options: ParallelOptions = {}): Promise<ParallelResult> {
  if (!Array.isArray(entries)) throw new TypeError(`verifyBatchParallel entries: expected an array, got ${describe(entries)}`);
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`verifyBatchParallel options: expected an object, got ${describe(options)}`);
  }
  const mode = checkMode(options.mode, 'verifyBatchParallel');
  const capacity = cacheCapacity(options.cache);
  const signal = options.signal;
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new TypeError(`verifyBatchParallel signal: expected an AbortSignal, got ${describe(signal)}`);
  }
  let workers = options.workers ?? availableParallelism();
  if (!Number.isInteger(workers) || workers < 1) {
    throw new RangeError(`verifyBatchParallel workers: expected a positive integer, got ${String(workers)}`);
  }
  workers = Math.min(workers, 64);
  const good: number[] = [];
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i] as unknown;
    if (e === null || typeof e !== 'object') {
      throw new TypeError(`verifyBatchParallel entries[${i}]: expected {publicKey, message, signature}, got ${describe(e)}`);
    }
    const { publicKey, message, signature } = e as BatchEntry;
    if (!(publicKey instanceof Uint8Array)) throw new TypeError(`verifyBatchParallel entries[${i}].publicKey: expected Uint8Array, got ${describe(publicKey)}`);
    if (!(message instanceof Uint8Array)) throw new TypeError(`verifyBatchParallel entries[${i}].message: expected Uint8Array, got ${describe(message)}`);
    if (!(signature instanceof Uint8Array)) throw new TypeError(`verifyBatchParallel entries[${i}].signature: expected Uint8Array, got ${describe(signature)}`);
    if (publicKey.length === 32 && signature.length === 64) good.push(i);
  }
  return run(entries, good, { mode, capacity, signal, workers });
}

async function run(
  entries: readonly BatchEntry[],
  good: number[],
  o: { mode: VerifyMode; capacity: number; signal: AbortSignal | undefined; workers: number },
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
  const runChunk = async (c: number, idx: number[]): Promise<void> => {
    let attempt = 0;
    for (;;) {
      if (aborted(signal)) throw abortError(signal);
      if (gen !== generation) throw shutdownError();
      let out: Uint8Array;
      const p = getPool(o.workers);
      try {
        const buf = packEntries(entries, idx);
        const task: WorkerTask = { buf, mode, cacheCapacity: capacity, crash: attempt < (plan.get(c) ?? 0) };
        // The packed buffer is transferred (moved), not copied.
        const res: unknown = await p.run(task, signal !== undefined ? { signal, transferList: [buf] } : { transferList: [buf] });
        if (!(res instanceof Uint8Array) || res.length !== idx.length) {
          throw new Error(`worker: expected ${idx.length} result bytes, got ${describe(res)}`);
        }
        out = res;
      } catch (err) {
        if (aborted(signal)) throw abortError(signal);
        if (gen !== generation) throw shutdownError();
        // A dead worker, a failed task or a malformed result: retry once on
        // a fresh pool, then in-thread.
        attempt++;
        lastTaskError = err;
        // Retire that pool. (Piscina stops spawning workers after a worker
        // dies before signalling ready, so a retry on the same pool could
        // wait forever.) Other chunks running on the old pool finish there;
        // queued ones are rejected and retried likewise.
        retirePool(p);
        if (attempt < 2) {
          recoveries.poolRetries++;
          continue;
        }
        recoveries.inThreadFallbacks++;
        const r = verifyInThread(entries, idx, mode);
        for (let j = 0; j < idx.length; j++) results[idx[j]!] = r[j]!;
        return;
      }
      for (let j = 0; j < idx.length; j++) results[idx[j]!] = out[j] === 1;
      return;
    }
  };

  const settled = await Promise.allSettled(chunks.map((idx, c) => runChunk(c, idx)));
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
    return pool;
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
