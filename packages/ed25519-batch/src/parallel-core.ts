/**
 * `verifyBatchParallel` for every platform, over the worker pool of
 * `@strata/curves/pool` (pool records, reuse, resize, retirement, idle
 * timeout, retry on a fresh pool then in-thread fallback, abort, shutdown,
 * chunking): this module adds what is Ed25519's, namely the argument checks,
 * the packing of a chunk at call time (`pack.ts`), the worker task
 * (`worker-core.ts`) and the in-thread fallback (a `BatchVerifier` over the
 * packed chunk). The platform modules (`parallel.ts` for Node
 * worker_threads, `parallel.browser.ts` for module Web Workers) say how a
 * pool is created, with the backends of `@strata/curves/pool` over their
 * workerpool module. Nothing here imports `node:*` or the pool library.
 *
 * - Entries with a wrong-length key or signature are settled as `false` in
 *   the calling thread and never sent.
 * - Retries and the fallback use the chunk as packed at call time, never
 *   the caller's (possibly changed) objects.
 * - The workers verify on the engine the caller has selected at call time.
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
import { createPoolRuntime, parseSignal, parseWorkers, type PoolBackend, type PoolHooks } from '@strata/curves/pool';
import { describe, expectOptions } from '@strata/field';
import { BatchVerifier } from './batch.js';
import { DEFAULT_CACHE_MAX_BYTES, PublicKeyCache } from './cache.js';
import { packEntries, unpackEntries, type BatchEntry } from './pack.js';
import { checkMode, checkVariant, type VerifyMode } from './verify.js';
import { WORKER_METHOD, type WorkerTask } from './worker-core.js';

export type { PoolBackend, PoolHandle, PoolHooks } from '@strata/curves/pool';

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
 * Its workerpool pools live in the returned runtime. `who` names the
 * function in error messages.
 */
export function createParallel(backend: PoolBackend, hooks: PoolHooks = {}, who = 'verifyBatchParallel'): ParallelRuntime {
  const runtime = createPoolRuntime(backend, hooks, who);

  function verifyBatch(entries: readonly BatchEntry[], options: CommonParallelOptions, script: () => string): Promise<ParallelResult> {
    if (!Array.isArray(entries)) throw new TypeError(`${who} entries: expected an array, got ${describe(entries)}`);
    expectOptions(`${who} options`, options);
    const mode = checkMode(options.mode, who);
    const [capacity, cacheMaxBytes] = cacheBounds(who, options.cache);
    const signal = parseSignal(who, options.signal);
    const workers = parseWorkers(who, options.workers, () => backend.defaultWorkers());
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
    // The workers verify on the engine the caller has selected now.
    const engineName = engine.currentEngine();
    const run = runtime.run<WorkerTask>({
      length: entries.length,
      indices: good,
      workers,
      signal,
      script,
      method: WORKER_METHOD,
      pack: (idx) => packEntries(entries, idx, variants),
      task: (buf, crash) => ({ buf, mode, engine: engineName, cacheCapacity: capacity, cacheMaxBytes, crash }),
      inThread: (buf) => {
        const view = unpackEntries(buf);
        const bv = new BatchVerifier({ mode });
        return (start, end, out) => {
          bv.clear();
          for (let i = start; i < end; i++) bv.addChecked(view.signature(i), view.message(i), view.publicKey(i), view.variant(i), view.context(i));
          const r = bv.verifyEach();
          for (let j = 0; j < r.length; j++) out[start + j] = r[j] ? 1 : 0;
        };
      },
    });
    return run.then((results) => ({ valid: results.every((r) => r), results }));
  }

  return { verifyBatch, shutdown: () => runtime.shutdown(), info: () => runtime.info() };
}
