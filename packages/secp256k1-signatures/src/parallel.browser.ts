/**
 * `schnorr.verifyBatchParallel` in browsers: BIP-340 batch verification
 * across module Web Workers, with the pool runtime and the Web Worker
 * backend of `@strata/curves/pool` (the same runtime as in Node). Workers
 * run `worker.browser.js`, a self-contained bundle the package build makes;
 * its default URL is `new URL('./worker.browser.js', import.meta.url)`, which
 * Vite, webpack 5, Parcel and Rollup emit as an asset; with esbuild, copy the
 * file and pass its URL as the `workerUrl` option.
 *
 * Pools are objects, as in Node: `createVerifierPool()` returns a
 * `VerifierPool`; `verifyBatchParallel`, `shutdown` and `poolInfo` act on
 * one default pool (no worker starts before the first call). Tests build
 * pools through `createPoolWith`.
 *
 * References: workerpool 10 documentation (workerType 'web', workerOpts);
 * HTML Standard §10.2 (Web Workers).
 */
import workerpool from 'workerpool';
import { webWorkerBackend, type PoolBackend, type PoolHooks } from '@strata/curves/pool';
import { describe } from '@strata/field';
import type { BatchEntry } from './pack.js';
import { createParallel, type CommonParallelOptions, type PoolInfo } from './parallel-core.js';

export type { CommonParallelOptions, PoolInfo } from './parallel-core.js';
export type { BatchEntry } from './pack.js';

/** Options of `schnorr.verifyBatchParallel` in browsers: the options every platform takes, and `workerUrl`. */
export interface BrowserParallelOptions extends CommonParallelOptions {
  /**
   * Where the worker module is served (default: `worker.browser.js` beside
   * this module). Pass it when the bundler does not emit that file by itself
   * (esbuild): copy `node_modules/@strata/secp256k1-signatures/dist/worker.browser.js`
   * to your output and pass its URL.
   */
  workerUrl?: string | URL;
}

/** `ParallelOptions` under the name the Node module uses, for code written for both. */
export type { BrowserParallelOptions as ParallelOptions };

/** A pool of module Web Workers that verifies BIP-340 batches and owns its workers until `shutdown()`. */
export interface VerifierPool {
  /** Verifies a batch across the pool's workers and resolves to `results` with `results[i] === schnorr.verify(sig_i, msg_i, pk_i)`. */
  verifyBatch(entries: readonly BatchEntry[], options?: BrowserParallelOptions): Promise<boolean[]>;
  /** Terminates the pool's workers; calls in flight reject with StrataError ERR_ABORTED; a later `verifyBatch` starts new workers. */
  shutdown(): Promise<void>;
  /** Returns where this pool's work has run so far (`PoolInfo`). */
  info(): PoolInfo;
}

/** @internal How Web Workers are started and released (tests wrap it). */
export const browserBackend: PoolBackend = /* @__PURE__ */ webWorkerBackend(
  (script, options) => workerpool.pool(script, options),
  'strata-secp256k1-signatures',
  'The usual cause is a bundle without the worker file (esbuild emits no file for new URL(..., import.meta.url)), ' +
    'so the worker URL answers 404. The fix: copy node_modules/@strata/secp256k1-signatures/dist/worker.browser.js into your ' +
    "output and pass its URL: schnorr.verifyBatchParallel(entries, { workerUrl: '/worker.browser.js' }).",
);

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

/** @internal What a test injects into a pool (`createPoolWith`). */
export interface PoolInjection {
  /** The platform backend (default `browserBackend`). */
  backend?: PoolBackend;
  /** The crash plan and failure reports (default none). */
  hooks?: PoolHooks;
  /** The function named in error messages (default `'schnorr.VerifierPool.verifyBatch'`). */
  name?: string;
}

/** @internal A `VerifierPool` over module Web Workers with what a test injects. */
export function createPoolWith(injection: PoolInjection = {}): VerifierPool {
  const who = injection.name ?? 'schnorr.VerifierPool.verifyBatch';
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

/** Returns a new pool of module Web Workers that verifies BIP-340 batches (the contract of `verifyBatchParallel`, `workerUrl` included). */
export function createVerifierPool(): VerifierPool {
  return createPoolWith();
}

/** The pool of `verifyBatchParallel`, `shutdown` and `poolInfo`. */
const defaultPool: VerifierPool = /* @__PURE__ */ createPoolWith({ name: 'schnorr.verifyBatchParallel' });

/**
 * Verifies BIP-340 signatures across module Web Workers, on the default
 * pool, and resolves to one boolean per entry equal to `schnorr.verify`:
 * the contract of the Node version (parallel.ts), plus `workerUrl`.
 * Errors: TypeError / RangeError synchronously for wrong arguments;
 * StrataError ERR_ABORTED (rejection) on abort or shutdown.
 */
export function verifyBatchParallel(entries: readonly BatchEntry[], options: BrowserParallelOptions = {}): Promise<boolean[]> {
  return defaultPool.verifyBatch(entries, options);
}

/** Terminates the default pool's workers; calls in flight on it reject with StrataError ERR_ABORTED. */
export function shutdown(): Promise<void> {
  return defaultPool.shutdown();
}

/** Returns where the default pool's work has run so far (`PoolInfo`). */
export function poolInfo(): PoolInfo {
  return defaultPool.info();
}
