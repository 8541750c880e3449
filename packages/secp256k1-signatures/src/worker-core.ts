/**
 * The work a pool worker does, shared by the Node worker (`worker.ts`) and
 * the browser worker (`worker.browser.ts`): each task is one packed chunk of
 * a BIP-340 batch; the worker runs a `BatchVerifier` over it and answers one
 * byte per entry (1 = valid, 0 = invalid). Nothing here touches `node:*` or
 * the pool library.
 *
 * References: [BIP340] "Batch Verification".
 */
import type * as engine from '@strata/curves/engine';
import { selectWorkerEngine, type PoolTask } from '@strata/curves/pool';
import { BatchVerifier } from './batch.js';
import { unpackEntries } from './pack.js';

/** The name of the one method every worker exposes to its pool. */
export const WORKER_METHOD = 'verifySchnorrChunk';

/** One task: a packed chunk and the engine to verify it on. */
export interface WorkerTask extends PoolTask {
  /** Entries packed by `packEntries`. */
  readonly buf: ArrayBuffer;
  /**
   * The engine the caller had selected (`engine.currentEngine()` in the
   * calling thread); the worker selects it before verifying (the results
   * are the same on either engine).
   */
  readonly engine: engine.EngineName;
}

/**
 * Sets `out[i]` to 1 if entry i of the packed chunk `view` verifies, else 0,
 * for i in [start, end), with one `BatchVerifier` (`verifyEach`, so each byte
 * equals single `schnorr.verify`). Used by the workers and by the in-thread
 * fallback.
 */
export function verifyRange(buf: ArrayBuffer, bv: BatchVerifier = new BatchVerifier()): (start: number, end: number, out: Uint8Array) => void {
  const view = unpackEntries(buf);
  return (start, end, out) => {
    bv.clear();
    for (let i = start; i < end; i++) bv.add(view.signature(i), view.message(i), view.publicKey(i));
    const r = bv.verifyEach();
    for (let j = 0; j < r.length; j++) out[start + j] = r[j] ? 1 : 0;
  };
}

/**
 * The worker's verifier, reused task after task (a worker runs one task at a
 * time, to the end): its decoded points and scalars are allocated once, not
 * per chunk. The in-thread fallback, whose slices of several chunks may
 * interleave, takes a verifier per chunk instead.
 */
const workerVerifier = new BatchVerifier();

/** Verifies one packed chunk and returns one result byte per entry (a fresh buffer, to be moved back). */
export function verifyChunk(task: WorkerTask): Uint8Array {
  selectWorkerEngine(task.engine);
  const n = new DataView(task.buf).getUint32(0, true);
  const out = new Uint8Array(n);
  verifyRange(task.buf, workerVerifier)(0, n, out);
  workerVerifier.clear();
  return out;
}
