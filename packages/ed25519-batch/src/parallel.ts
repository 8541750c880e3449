/**
 * `verifyBatchParallel` in Node: batch verification across `worker_threads`,
 * on a workerpool pool that lives across calls. The logic (chunking,
 * packing at call time, retries after a dying worker, the in-thread
 * fallback, abort, pool resize and idle timeout) is the shared core of
 * `parallel-core.ts` over `@strata/curves/pool`; this module only says how Node's workers are started,
 * held and released:
 *
 * - Workers are `worker_threads` Workers (`workerType: 'thread'`, the
 *   `threadBackend` of `@strata/curves/pool`) running the built
 *   `dist/worker.js`, with no execArgv (see `threadBackend`).
 * - A busy pool's workers are ref'd, an idle pool's are unref'd, and an idle
 *   pool is closed after 30 s: an idle pool never keeps the process alive,
 *   while a call in flight does (a script that awaits it at top level
 *   gets its answer).
 *
 * The worker file: the pool loads the built JavaScript `worker.js` next to
 * this module (`new URL('./worker.js', import.meta.url)`), i.e.
 * `dist/worker.js` in the published package. When this module runs from its
 * TypeScript sources (vitest resolves `src/`), there is no `src/worker.js`,
 * so it falls back to `../dist/worker.js`: build the package first
 * (`npx turbo run build --filter=@strata/ed25519-batch`).
 *
 * Pools are objects: `createVerifierPool()` returns a `VerifierPool` that
 * owns its workers, and `verifyBatchParallel` / `shutdown` act on one
 * default pool, created with this module (it starts no worker before the
 * first call). This module holds no other state. Tests build pools through
 * `createPoolWith`, injecting a backend that wraps `nodeBackend`, a crash
 * plan and a worker script of their own.
 *
 * This module is what the `node` export conditions select (the main entry
 * re-exports it there, and `@strata/ed25519-batch/parallel`);
 * `parallel.browser.ts` is the browser counterpart.
 *
 * References: workerpool 10 documentation (workerType 'thread',
 * workerThreadOpts); Node.js worker_threads (Worker.ref/unref/terminate).
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import workerpool from 'workerpool';
import { threadBackend } from '@strata/curves/pool';
import type { BatchEntry } from './pack.js';
import { createParallel, type CommonParallelOptions, type ParallelResult, type PoolBackend, type PoolHooks, type PoolInfo, type VerifierPool } from './parallel-core.js';

export type { CommonParallelOptions, ParallelResult, PoolInfo, VerifierPool } from './parallel-core.js';

/**
 * Options of `verifyBatchParallel` in Node: the options every platform takes
 * (`CommonParallelOptions`), nothing more. The browser module's
 * `ParallelOptions` adds `workerUrl`.
 */
export type ParallelOptions = CommonParallelOptions;

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

/** @internal How Node's workers are started, held and released (tests wrap it). */
export const nodeBackend: PoolBackend = /* @__PURE__ */ threadBackend((script, options) => workerpool.pool(script, options), availableParallelism);

const workerScript = (): string => fileURLToPath(workerFileUrl());

/** @internal What a test injects into a pool (`createPoolWith`); the package's entries inject nothing. */
export interface PoolInjection {
  /** The platform backend (default `nodeBackend`). */
  backend?: PoolBackend;
  /** The crash plan and failure reports (default none). */
  hooks?: PoolHooks;
  /** The worker file's path (default the built `worker.js`, see `workerFileUrl`). */
  workerScript?: () => string;
  /** The function named in error messages (default `'VerifierPool.verifyBatch'`). */
  name?: string;
}

/** @internal A `VerifierPool` over worker threads with what a test injects. */
export function createPoolWith(injection: PoolInjection = {}): VerifierPool {
  const runtime = createParallel(injection.backend ?? nodeBackend, injection.hooks, injection.name ?? 'VerifierPool.verifyBatch');
  const script = injection.workerScript ?? workerScript;
  return {
    verifyBatch: (entries, options = {}) => runtime.verifyBatch(entries, options, script),
    shutdown: () => runtime.shutdown(),
    info: () => runtime.info(),
  };
}

/**
 * Returns a new pool of worker threads that verifies batches
 * (`pool.verifyBatch(entries, options?)`, the contract of
 * `verifyBatchParallel`) and owns its workers until `pool.shutdown()`.
 * No worker starts before the first call; an idle pool never keeps the
 * process alive and closes its workers after 30 s. Pools are independent:
 * shutting one down does not touch another, nor the default pool of
 * `verifyBatchParallel`.
 */
export function createVerifierPool(): VerifierPool {
  return createPoolWith();
}

/**
 * The pool of `verifyBatchParallel` and `shutdown`: one `VerifierPool`,
 * created with this module; it starts no worker before the first call.
 */
const defaultPool: VerifierPool = /* @__PURE__ */ createPoolWith({ name: 'verifyBatchParallel' });

/**
 * Verifies a batch across worker threads, on the default pool, and resolves
 * to `{ valid, results }`, where
 * `results[i] === verify(sig_i, msg_i, pk_i, { mode, variant: variant_i, context: context_i })`:
 * entries of every RFC 8032 variant mix freely in one call.
 *
 * Argument types are checked at once (TypeError thrown synchronously, before
 * a promise exists; a number option out of range: RangeError; a context of
 * the wrong length: StrataError ERR_BAD_LENGTH, also synchronously); bad
 * bytes (wrong lengths, invalid points, S ≥ ℓ) only make their entry
 * `false`. An empty batch resolves to `{ valid: true, results: [] }`
 * without touching the pool.
 */
export function verifyBatchParallel(entries: readonly BatchEntry[], options: ParallelOptions = {}): Promise<ParallelResult> {
  return defaultPool.verifyBatch(entries, options);
}

/**
 * Closes the default pool's workers and resolves when every one has exited.
 * Calls still in flight on it reject with StrataError ERR_ABORTED. A later
 * `verifyBatchParallel` starts new workers. Pools from `createVerifierPool`
 * are not touched.
 */
export function shutdown(): Promise<void> {
  return defaultPool.shutdown();
}

/**
 * Where the default pool's work has run so far (`PoolInfo`): chunks verified
 * by worker threads, chunks verified on the calling thread after their worker
 * failed twice, and the last failure. Pools from `createVerifierPool` have
 * their own `info()`.
 */
export function poolInfo(): PoolInfo {
  return defaultPool.info();
}
