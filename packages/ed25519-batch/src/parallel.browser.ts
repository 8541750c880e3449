/**
 * `verifyBatchParallel` in browsers: batch verification across module Web
 * Workers, on a workerpool pool that lives across calls. The logic
 * (chunking, packing at call time, retries after a dying worker, the
 * in-thread fallback, abort, pool resize and idle timeout) is the shared
 * core of `parallel-core.ts`, the same as in Node; this module only says how
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
 * References: workerpool 10 documentation (workerType 'web', workerOpts);
 * HTML Standard §10.2 (Web Workers: module workers, runtime script errors).
 */
import workerpool from 'workerpool';
import { describe } from '@strata/field';
import type { BatchEntry } from './pack.js';
import { createParallel, type ParallelOptions, type ParallelResult, type ParallelTesting, type PoolHandle } from './parallel-core.js';
import { poolHandle } from './pool-adapter.js';
import { TEST_HOOKS_WORKER_NAME } from './worker-core.js';

export type { ParallelResult } from './parallel-core.js';

/** Options of `verifyBatchParallel` in browsers. */
export interface BrowserParallelOptions extends ParallelOptions {
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

/** The part of a Web Worker used here. */
interface WebWorker {
  terminate(): void;
  addEventListener(type: 'error', listener: (e: { preventDefault(): void }) => void): void;
}

let hooksEnabled = false;

function createBrowserPool(size: number, script: string): PoolHandle {
  const pool = workerpool.pool(script, {
    workerType: 'web',
    minWorkers: 0,
    maxWorkers: size,
    workerOpts: { type: 'module', name: hooksEnabled ? TEST_HOOKS_WORKER_NAME : 'strata-ed25519-batch' },
  });
  return poolHandle(pool, {
    // Web Workers never keep a page "alive"; an idle pool is closed by the core's idle timeout.
    hold: () => undefined,
    // A crash is turned into a failed task (workerpool listens to 'error' too) and recovered.
    adopt: (w) => (w as WebWorker).addEventListener('error', (e) => e.preventDefault()),
    // Browsers give no event for an outside terminate: fail the worker the way a crash does.
    kill: async (w) => {
      (w as WebWorker).terminate();
    },
  });
}

function defaultWorkers(): number {
  const n = (globalThis as { navigator?: { hardwareConcurrency?: unknown } }).navigator?.hardwareConcurrency;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? n : 4;
}

/** Resolves on a later task of the event loop (after pending messages and events). */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const runtime = createParallel({ create: createBrowserPool, defaultWorkers, yieldToEventLoop });

/** The worker URL of a call (checked before any work starts). */
function scriptOf(workerUrl: unknown): () => string {
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
  throw new TypeError(`verifyBatchParallel workerUrl: expected a string or URL, got ${describe(workerUrl)}`);
}

/**
 * Verifies a batch across module Web Workers and resolves to
 * `{ valid, results }`, where
 * `results[i] === verify(sig_i, msg_i, pk_i, { mode, variant: variant_i, context: context_i })`:
 * the same contract as the Node version (see parallel.ts), plus the
 * `workerUrl` option.
 *
 * Argument types are checked at once (TypeError thrown synchronously; a
 * context of the wrong length: StrataError ERR_BAD_LENGTH); bad bytes only
 * make their entry `false`. An empty batch resolves to
 * `{ valid: true, results: [] }` without starting a worker.
 */
export function verifyBatchParallel(entries: readonly BatchEntry[], options: BrowserParallelOptions = {}): Promise<ParallelResult> {
  const script = options !== null && typeof options === 'object' ? scriptOf(options.workerUrl) : () => '';
  return runtime.verifyBatchParallel(entries, options, script);
}

/**
 * Terminates the worker pool and resolves when its workers are stopped.
 * Calls still in flight reject with StrataError ERR_ABORTED. A later
 * `verifyBatchParallel` starts a new pool.
 */
export function shutdown(): Promise<void> {
  return runtime.shutdown();
}

/**
 * Internal hooks for this package's tests only: those of the Node module,
 * plus `enableHooks()`, which makes pools created afterwards start workers
 * that obey the crash plan (`crashNextCall`).
 */
export const __testing: ParallelTesting & { enableHooks(): void } = {
  ...runtime.testing,
  enableHooks(): void {
    hooksEnabled = true;
  },
};
