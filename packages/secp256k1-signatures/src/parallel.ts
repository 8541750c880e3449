/**
 * `schnorr.verifyBatchParallel` in Node: BIP-340 batch verification across
 * `worker_threads`, on a workerpool pool that lives across calls, with the
 * pool runtime and the thread backend of `@strata/curves/pool` (busy pools'
 * workers ref'd, idle pools' unref'd and closed after 30 s: an idle pool
 * never keeps the process alive).
 *
 * The worker file is the built `worker.js` beside this module
 * (`dist/worker.js` in the published package); from the TypeScript sources
 * (vitest resolves `src/`) it is `../dist/worker.js`: build the package
 * first (`npx turbo run build --filter=@strata/secp256k1-signatures`).
 *
 * Pools are objects: `createVerifierPool()` returns a `VerifierPool` that
 * owns its workers; `verifyBatchParallel`, `shutdown` and `poolInfo` act on
 * one default pool created with this module (no worker starts before the
 * first call). Tests build pools through `createPoolWith`.
 *
 * References: workerpool 10 documentation; Node.js worker_threads.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import workerpool from 'workerpool';
import { threadBackend, type PoolBackend, type PoolHooks } from '@strata/curves/pool';
import type { BatchEntry } from './pack.js';
import { createParallel, type CommonParallelOptions, type PoolInfo } from './parallel-core.js';

export type { CommonParallelOptions, PoolInfo } from './parallel-core.js';
export type { BatchEntry } from './pack.js';

/** Options of `schnorr.verifyBatchParallel` in Node: the options every platform takes. */
export type ParallelOptions = CommonParallelOptions;

/**
 * A pool of workers that verifies BIP-340 batches, with state of its own
 * (its workers, idle timers, in-flight counts); pools are independent.
 */
export interface VerifierPool {
  /** Verifies a batch across the pool's workers and resolves to `results` with `results[i] === schnorr.verify(sig_i, msg_i, pk_i)` (see `verifyBatchParallel`). */
  verifyBatch(entries: readonly BatchEntry[], options?: ParallelOptions): Promise<boolean[]>;
  /** Closes the pool's workers and resolves when every one has exited; calls in flight reject with StrataError ERR_ABORTED; a later `verifyBatch` starts new workers. */
  shutdown(): Promise<void>;
  /** Returns where this pool's work has run so far (`PoolInfo`): a fallback to the calling thread shows here. */
  info(): PoolInfo;
}

/**
 * Returns the URL of the built worker file (see the file comment). Throws
 * Error when neither `worker.js` beside this module nor `../dist/worker.js`
 * exists.
 */
export function workerFileUrl(): URL {
  const beside = new URL('./worker.js', import.meta.url);
  if (existsSync(fileURLToPath(beside))) return beside;
  const built = new URL('../dist/worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return built;
  throw new Error(
    `@strata/secp256k1-signatures worker: expected ${fileURLToPath(beside)} or ${fileURLToPath(built)}, got neither ` +
      '(build the package: npx turbo run build --filter=@strata/secp256k1-signatures)',
  );
}

/** @internal How Node's workers are started, held and released (tests wrap it). */
export const nodeBackend: PoolBackend = /* @__PURE__ */ threadBackend((script, options) => workerpool.pool(script, options), availableParallelism);

/** @internal What a test injects into a pool (`createPoolWith`). */
export interface PoolInjection {
  /** The platform backend (default `nodeBackend`). */
  backend?: PoolBackend;
  /** The crash plan and failure reports (default none). */
  hooks?: PoolHooks;
  /** The worker file's path (default the built `worker.js`). */
  workerScript?: () => string;
  /** The function named in error messages (default `'schnorr.VerifierPool.verifyBatch'`). */
  name?: string;
}

/** @internal A `VerifierPool` over worker threads with what a test injects. */
export function createPoolWith(injection: PoolInjection = {}): VerifierPool {
  const runtime = createParallel(injection.backend ?? nodeBackend, injection.hooks, injection.name ?? 'schnorr.VerifierPool.verifyBatch');
  const script = injection.workerScript ?? ((): string => fileURLToPath(workerFileUrl()));
  return {
    verifyBatch: (entries, options = {}) => runtime.verifyBatch(entries, options, script),
    shutdown: () => runtime.shutdown(),
    info: () => runtime.info(),
  };
}

/**
 * Returns a new pool of worker threads that verifies BIP-340 batches
 * (`pool.verifyBatch(entries, options?)`, the contract of
 * `verifyBatchParallel`) and owns its workers until `pool.shutdown()`. No
 * worker starts before the first call; an idle pool never keeps the process
 * alive and closes its workers after 30 s.
 */
export function createVerifierPool(): VerifierPool {
  return createPoolWith();
}

/** The pool of `verifyBatchParallel`, `shutdown` and `poolInfo`. */
const defaultPool: VerifierPool = /* @__PURE__ */ createPoolWith({ name: 'schnorr.verifyBatchParallel' });

/**
 * Verifies BIP-340 signatures across worker threads, on the default pool,
 * and resolves to one boolean per entry,
 * `results[i] === schnorr.verify(sig_i, msg_i, pk_i)` (messages of any
 * length; bad bytes make their entry false).
 *
 * Errors, thrown synchronously before a promise exists: TypeError for
 * entries that are not an array of `{ signature, message, publicKey }`
 * Uint8Arrays or options of the wrong type, RangeError for `workers` not a
 * positive integer. The promise rejects with StrataError ERR_ABORTED when
 * `signal` fires or `shutdown()` is called while it is in flight. An empty
 * batch resolves to `[]` without touching the pool.
 */
export function verifyBatchParallel(entries: readonly BatchEntry[], options: ParallelOptions = {}): Promise<boolean[]> {
  return defaultPool.verifyBatch(entries, options);
}

/** Closes the default pool's workers and resolves when every one has exited; calls in flight on it reject with StrataError ERR_ABORTED. */
export function shutdown(): Promise<void> {
  return defaultPool.shutdown();
}

/** Returns where the default pool's work has run so far (`PoolInfo`). */
export function poolInfo(): PoolInfo {
  return defaultPool.info();
}
