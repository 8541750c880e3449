/**
 * `schnorr.verifyBatchParallel` for every platform, over the worker pool of
 * `@strata/curves/pool` (the pool that `@strata/ed25519-batch` runs on:
 * pool records, resize, idle timeout, retry on a fresh pool then in-thread
 * fallback, abort, shutdown, chunking). This module adds what is BIP-340's:
 * the argument checks, the packing of each chunk at call time (`pack.ts`),
 * the worker task (`worker-core.ts`) and the in-thread fallback (a
 * `BatchVerifier` over the packed chunk). Entries with a wrong-length key or
 * signature are settled as `false` in the calling thread and never sent.
 * Nothing here imports `node:*` or the pool library.
 *
 * References: [BIP340] "Batch Verification"; workerpool 10 documentation.
 */
import * as engine from '@strata/curves/engine';
import { createPoolRuntime, parseSignal, parseWorkers, type PoolBackend, type PoolHooks } from '@strata/curves/pool';
import { describe, expectOptions } from '@strata/field';
import { packEntries, type BatchEntry } from './pack.js';
import { PUBLIC_KEY_LEN, SIGNATURE_LEN } from './schnorr.js';
import { WORKER_METHOD, verifyRange, type WorkerTask } from './worker-core.js';

/**
 * The options of `schnorr.verifyBatchParallel` and `VerifierPool.verifyBatch`
 * that every platform takes; browsers add `workerUrl`.
 */
export interface CommonParallelOptions {
  /**
   * Number of chunks / workers to use, a positive integer (default: the
   * machine's available parallelism; `navigator.hardwareConcurrency` in
   * browsers). At most 64 workers are started: a larger number is capped,
   * not refused.
   */
  workers?: number;
  /** Cancels the outstanding work; the promise rejects with `ERR_ABORTED`. */
  signal?: AbortSignal;
}

/**
 * Where a pool's work has run: chunks verified by workers, chunks verified
 * on the calling thread because their worker failed twice, and the last
 * such failure. The results are right either way.
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
  verifyBatch(entries: readonly BatchEntry[], options: CommonParallelOptions, script: () => string): Promise<boolean[]>;
  /** Closes the pool's workers; calls in flight reject with StrataError ERR_ABORTED. */
  shutdown(): Promise<void>;
  /** Returns where this pool's work has run so far. */
  info(): PoolInfo;
}

/**
 * Returns one verifier pool over a platform's workers (the platform modules
 * call it for every `createVerifierPool()` and once for the default pool;
 * tests call it with their own backend and hooks). `who` names the function
 * in error messages.
 */
export function createParallel(backend: PoolBackend, hooks: PoolHooks = {}, who = 'schnorr.verifyBatchParallel'): ParallelRuntime {
  const runtime = createPoolRuntime(backend, hooks, who);

  function verifyBatch(entries: readonly BatchEntry[], options: CommonParallelOptions, script: () => string): Promise<boolean[]> {
    if (!Array.isArray(entries)) throw new TypeError(`${who} entries: expected an array, got ${describe(entries)}`);
    expectOptions(`${who} options`, options);
    const signal = parseSignal(who, options.signal);
    const workers = parseWorkers(who, options.workers, () => backend.defaultWorkers());
    const good: number[] = [];
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i] as unknown;
      if (e === null || typeof e !== 'object') {
        throw new TypeError(`${who} entries[${i}]: expected {signature, message, publicKey}, got ${describe(e)}`);
      }
      const { signature, message, publicKey } = e as BatchEntry;
      if (!(signature instanceof Uint8Array)) throw new TypeError(`${who} entries[${i}].signature: expected Uint8Array, got ${describe(signature)}`);
      if (!(message instanceof Uint8Array)) throw new TypeError(`${who} entries[${i}].message: expected Uint8Array, got ${describe(message)}`);
      if (!(publicKey instanceof Uint8Array)) throw new TypeError(`${who} entries[${i}].publicKey: expected Uint8Array, got ${describe(publicKey)}`);
      if (publicKey.length === PUBLIC_KEY_LEN && signature.length === SIGNATURE_LEN) good.push(i);
    }
    // The workers verify on the engine the caller has selected now.
    const engineName = engine.currentEngine();
    return runtime.run<WorkerTask>({
      length: entries.length,
      indices: good,
      workers,
      signal,
      script,
      method: WORKER_METHOD,
      pack: (idx) => packEntries(entries, idx),
      task: (buf, crash) => ({ buf, engine: engineName, crash }),
      inThread: (buf) => verifyRange(buf), // a verifier per chunk: fallback slices of several chunks may interleave
    });
  }

  return { verifyBatch, shutdown: () => runtime.shutdown(), info: () => runtime.info() };
}
