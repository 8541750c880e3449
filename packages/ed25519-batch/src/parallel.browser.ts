/**
 * `verifyBatchParallel` in browsers: batch verification across module Web
 * Workers, on a workerpool pool that lives across calls. The logic
 * (chunking, packing at call time, retries after a dying worker, the
 * in-thread fallback, abort, pool resize and idle timeout) is the shared
 * core of `parallel-core.ts` over `@strata/curves/pool`, the same as in Node; this module only says how
 * Web Workers are started:
 *
 * - Workers are module Web Workers (`workerType: 'web'`, `{ type: 'module' }`)
 *   running `worker.browser.js`, a self-contained bundle the package build
 *   makes (the verifier and workerpool's worker side; no bare import, no
 *   `node:*`). Its default URL is `new URL('./worker.browser.js',
 *   import.meta.url)`, which Vite, webpack 5, Parcel and Rollup turn into
 *   an emitted asset; with esbuild (which leaves `import.meta.url` alone),
 *   copy the file and pass its URL as the `workerUrl` option.
 * - A crashing worker (an uncaught error inside it) is recovered like a
 *   dying thread in Node (retry on a fresh pool, then in-thread); its
 *   'error' event is marked handled so that it does not also surface as
 *   the page's uncaught error.
 * - An idle pool is closed after 30 s, so idle workers do not linger.
 *
 * Browsers give no signal when a Web Worker is terminated from outside
 * (`Worker.terminate()` fires no event), so only this module's own
 * `shutdown()` and abort may terminate its workers.
 *
 * Pools are objects, as in Node: `createVerifierPool()` returns a
 * `VerifierPool` that owns its workers, and `verifyBatchParallel` /
 * `shutdown` act on one default pool created with this module (no worker
 * starts before the first call). Tests build pools through `createPoolWith`
 * (a backend wrapping `browserBackend`, a crash plan) and point `workerUrl`
 * at a test worker.
 *
 * References: workerpool 10 documentation (workerType 'web', workerOpts);
 * HTML Standard §10.2 (Web Workers: module workers, runtime script errors).
 */
import workerpool from 'workerpool';
import { describe } from '@strata/field';
import { webWorkerBackend } from '@strata/curves/pool';
import type { BatchEntry } from './pack.js';
import { createParallel, type CommonParallelOptions, type ParallelResult, type PoolBackend, type PoolHooks, type PoolInfo } from './parallel-core.js';

export type { CommonParallelOptions, ParallelResult, PoolInfo } from './parallel-core.js';

/** Options of `verifyBatchParallel` in browsers: the options every platform takes, and `workerUrl`. */
export interface BrowserParallelOptions extends CommonParallelOptions {
  /**
   * Where the worker module is served (default: `worker.browser.js` beside
   * this module, `new URL('./worker.browser.js', import.meta.url)`). Pass it
   * when the bundler does not emit that file by itself (esbuild): copy
   * `node_modules/@strata/ed25519-batch/dist/worker.browser.js` to your
   * output and pass its URL.
   */
  workerUrl?: string | URL;
}

/** `ParallelOptions` under the name the Node module uses, for code written for both. */
export type { BrowserParallelOptions as ParallelOptions };

/** @internal How Web Workers are started and released (tests wrap it). */
export const browserBackend: PoolBackend = /* @__PURE__ */ webWorkerBackend(
  (script, options) => workerpool.pool(script, options),
  'strata-ed25519-batch',
  'The usual cause is a bundle without the worker file (esbuild emits no file for new URL(..., import.meta.url)), ' +
    'so the worker URL answers 404. The fix: copy node_modules/@strata/ed25519-batch/dist/worker.browser.js into your ' +
    "output and pass its URL: verifyBatchParallel(entries, { workerUrl: '/worker.browser.js' }).",
);

/**
 * A pool of module Web Workers that verifies batches and owns its workers
 * until `shutdown()`: the Node `VerifierPool` with the browser's options.
 */
export interface VerifierPool {
  /**
   * Verifies a batch across the pool's workers and resolves to
   * `{ valid, results }` with
   * `results[i] === verify(sig_i, msg_i, pk_i, { mode, variant: variant_i, context: context_i })`
   * (see `verifyBatchParallel`).
   */
  verifyBatch(entries: readonly BatchEntry[], options?: BrowserParallelOptions): Promise<ParallelResult>;
  /**
   * Terminates the pool's workers and resolves when they are stopped. Calls
   * still in flight reject with StrataError ERR_ABORTED; a later
   * `verifyBatch` starts new workers.
   */
  shutdown(): Promise<void>;
  /** Where this pool's work has run so far (`PoolInfo`): a fallback to the calling thread shows here. */
  info(): PoolInfo;
}

/** The worker URL of a call (checked before any work starts). */
function scriptOf(workerUrl: unknown, who: string): () => string {
  if (workerUrl === undefined) {
    // From the TypeScript sources (a dev server resolving src/), the built
    // worker is ../dist/worker.browser.js: build the package first.
    if (/\.ts($|\?)/.test(import.meta.url)) return () => new URL('../dist/worker.browser.js', import.meta.url).href;
    return () => new URL('./worker.browser.js', import.meta.url).href;
  }
  if (typeof workerUrl === 'string' || workerUrl instanceof URL) {
    const href = String(workerUrl);
    return () => href;
  }
  throw new TypeError(`${who} workerUrl: expected a string or URL, got ${describe(workerUrl)}`);
}

/** @internal What a test injects into a pool (`createPoolWith`); the package's entries inject nothing. */
export interface PoolInjection {
  /** The platform backend (default `browserBackend`). */
  backend?: PoolBackend;
  /** The crash plan and failure reports (default none). */
  hooks?: PoolHooks;
  /** The function named in error messages (default `'VerifierPool.verifyBatch'`). */
  name?: string;
}

/** @internal A `VerifierPool` over module Web Workers with what a test injects. */
export function createPoolWith(injection: PoolInjection = {}): VerifierPool {
  const who = injection.name ?? 'VerifierPool.verifyBatch';
  const runtime = createParallel(injection.backend ?? browserBackend, injection.hooks, who);
  return {
    verifyBatch(entries, options = {}) {
      const script = options !== null && typeof options === 'object' ? scriptOf(options.workerUrl, who) : () => '';
      return runtime.verifyBatch(entries, options, script);
    },
    shutdown: () => runtime.shutdown(),
    info: () => runtime.info(),
  };
}

/**
 * Returns a new pool of module Web Workers that verifies batches
 * (`pool.verifyBatch(entries, options?)`, the contract of
 * `verifyBatchParallel`, `workerUrl` included) and owns its workers until
 * `pool.shutdown()`. No worker starts before the first call; an idle pool
 * closes its workers after 30 s. Pools are independent: shutting one down
 * does not touch another, nor the default pool of `verifyBatchParallel`.
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
 * Verifies a batch across module Web Workers, on the default pool, and
 * resolves to `{ valid, results }`, where
 * `results[i] === verify(sig_i, msg_i, pk_i, { mode, variant: variant_i, context: context_i })`:
 * the same contract as the Node version (see parallel.ts), plus the
 * `workerUrl` option.
 *
 * Argument types are checked at once (TypeError thrown synchronously; a
 * number option out of range: RangeError; a context of the wrong length:
 * StrataError ERR_BAD_LENGTH); bad bytes only make their entry `false`. An
 * empty batch resolves to `{ valid: true, results: [] }` without starting a
 * worker.
 */
export function verifyBatchParallel(entries: readonly BatchEntry[], options: BrowserParallelOptions = {}): Promise<ParallelResult> {
  return defaultPool.verifyBatch(entries, options);
}

/**
 * Terminates the default pool's workers and resolves when they are
 * stopped. Calls still in flight on it reject with StrataError
 * ERR_ABORTED. A later `verifyBatchParallel` starts new workers. Pools from
 * `createVerifierPool` are not touched.
 */
export function shutdown(): Promise<void> {
  return defaultPool.shutdown();
}

/**
 * Where the default pool's work has run so far (`PoolInfo`): chunks verified
 * by Web Workers, chunks verified on the calling thread after their worker
 * failed twice (a `workerUrl` that answers 404, say), and the last failure.
 * Pools from `createVerifierPool` have their own `info()`.
 */
export function poolInfo(): PoolInfo {
  return defaultPool.info();
}
