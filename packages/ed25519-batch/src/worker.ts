/**
 * The worker-thread entry point of `verifyBatchParallel` (built to
 * `dist/worker.js`, loaded by piscina). Each task is one packed chunk of a
 * batch; the worker runs a `BatchVerifier` over it and answers one byte per
 * entry (1 = valid, 0 = invalid), moving the result buffer back.
 *
 * A worker keeps its own `PublicKeyCache` (one per pair of bounds asked for) for
 * its whole life, so repeat signers get cheaper the longer the pool lives.
 * Caches are never shared between threads.
 *
 * Test hook: when the environment variable `STRATA_ED25519_BATCH_TEST_HOOKS`
 * is `1` in the worker, a task with `crash: true` makes the worker exit at
 * once (to test that a dying worker cannot lose or corrupt results). Without
 * that variable the field is ignored.
 *
 * References: [RFC8032] §5.1.7; [ZIP-215].
 */
import { move } from 'piscina';
import { BatchVerifier } from './batch.js';
import { PublicKeyCache } from './cache.js';
import { unpackEntries } from './pack.js';
import type { VerifyMode } from './verify.js';

/** One task: a packed chunk and how to verify it. */
export interface WorkerTask {
  /** Entries packed by `packEntries`. */
  readonly buf: ArrayBuffer;
  /** Verification rules. */
  readonly mode: VerifyMode;
  /** Capacity of the worker-resident key cache; 0 = no cache. */
  readonly cacheCapacity: number;
  /** Byte bound of the worker-resident key cache. */
  readonly cacheMaxBytes: number;
  /** Test hook (see the file comment). */
  readonly crash?: boolean;
}

const caches = new Map<string, PublicKeyCache>();

function cacheFor(capacity: number, maxBytes: number): PublicKeyCache | undefined {
  if (capacity <= 0) return undefined;
  const id = `${capacity}/${maxBytes}`;
  let c = caches.get(id);
  if (c === undefined) {
    c = new PublicKeyCache({ capacity, maxBytes });
    caches.set(id, c);
  }
  return c;
}

/** Verifies one packed chunk and returns one result byte per entry (moved). */
export default function verifyChunk(task: WorkerTask): Uint8Array {
  if (task.crash === true && process.env['STRATA_ED25519_BATCH_TEST_HOOKS'] === '1') {
    process.exit(86);
  }
  const view = unpackEntries(task.buf);
  const cache = cacheFor(task.cacheCapacity, task.cacheMaxBytes);
  const bv = new BatchVerifier(cache !== undefined ? { mode: task.mode, cache } : { mode: task.mode });
  for (let i = 0; i < view.n; i++) bv.addChecked(view.publicKey(i), view.message(i), view.signature(i), view.variant(i), view.context(i));
  const res = bv.verifyEach();
  const out = new Uint8Array(res.length);
  for (let i = 0; i < res.length; i++) out[i] = res[i] ? 1 : 0;
  return move(out) as Uint8Array;
}
