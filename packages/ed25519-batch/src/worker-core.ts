/**
 * The work a pool worker does, shared by the Node worker (`worker.ts`) and
 * the browser worker (`worker.browser.ts`): each task is one packed chunk of
 * a batch; the worker runs a `BatchVerifier` over it and answers one byte per
 * entry (1 = valid, 0 = invalid).
 *
 * A worker keeps its own `PublicKeyCache` (one, with the bounds its tasks ask
 * for) for its whole life, so repeat signers get cheaper the longer the pool
 * lives.
 * Caches are never shared between threads. Nothing here touches `node:*` or
 * the pool library.
 *
 * References: [RFC8032] §5.1.7; [ZIP-215].
 */
import type * as engine from '@strata/curves/engine';
import { selectWorkerEngine, type PoolTask } from '@strata/curves/pool';
import { BatchVerifier } from './batch.js';
import { PublicKeyCache } from './cache.js';
import { unpackEntries } from './pack.js';
import type { VerifyMode } from './verify.js';

/** The name of the one method every worker exposes to its pool. */
export const WORKER_METHOD = 'verifyChunk';

/** One task: a packed chunk and how to verify it. */
export interface WorkerTask extends PoolTask {
  /** Entries packed by `packEntries`. */
  readonly buf: ArrayBuffer;
  /** Verification rules. */
  readonly mode: VerifyMode;
  /**
   * The engine the caller had selected (`engine.currentEngine()` in the
   * calling thread); the worker selects it before verifying. Where the
   * worker cannot load WebAssembly it verifies on the TypeScript engine:
   * the results are the same.
   */
  readonly engine: engine.EngineName;
  /** Capacity of the worker-resident key cache; 0 = no cache. */
  readonly cacheCapacity: number;
  /** Byte bound of the worker-resident key cache. */
  readonly cacheMaxBytes: number;
}

/**
 * This worker's key cache: at most one, so a worker holds at most one
 * `maxBytes` of keys whatever bounds its tasks ask for; a task asking for
 * other bounds replaces it (results never depend on the cache).
 */
let cache: PublicKeyCache | undefined;

function cacheFor(capacity: number, maxBytes: number): PublicKeyCache | undefined {
  if (capacity <= 0) return undefined;
  if (cache === undefined || cache.capacity !== capacity || cache.maxBytes !== maxBytes) cache = new PublicKeyCache({ capacity, maxBytes });
  return cache;
}

/** Verifies one packed chunk and returns one result byte per entry (a fresh buffer, to be moved back). */
export function verifyChunk(task: WorkerTask): Uint8Array {
  selectWorkerEngine(task.engine);
  const view = unpackEntries(task.buf);
  const c = cacheFor(task.cacheCapacity, task.cacheMaxBytes);
  const bv = new BatchVerifier(c !== undefined ? { mode: task.mode, cache: c } : { mode: task.mode });
  for (let i = 0; i < view.n; i++) bv.addChecked(view.signature(i), view.message(i), view.publicKey(i), view.variant(i), view.context(i));
  const res = bv.verifyEach();
  const out = new Uint8Array(res.length);
  for (let i = 0; i < res.length; i++) out[i] = res[i] ? 1 : 0;
  return out;
}
