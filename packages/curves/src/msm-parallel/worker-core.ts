/**
 * The work an MSM pool worker does: each task is one packed chunk of (point,
 * scalar) pairs of one curve (`codecs.ts`); the worker selects the caller's
 * engine, runs that curve's one-thread `msmNonConst` over the chunk and
 * answers the partial sum. Nothing here touches `node:*` or the pool library.
 */
import type { EngineName } from '../engine/index.js';
import type { MsmOptions } from '../shared/msm-options.js';
import { selectWorkerEngine, type PoolTask } from '../pool/index.js';
import { codecByKey } from './codecs.js';

/** The name of the one method every MSM worker exposes to its pool. */
export const MSM_WORKER_METHOD = 'msmChunk';

/** One task: a packed chunk and how to run it. */
export interface MsmTask extends PoolTask {
  /** The pairs, packed by the curve's codec (edwards25519: in a SharedArrayBuffer where there is one). */
  readonly buf: ArrayBufferLike;
  /** The codec's key (`MsmCodec.key`). */
  readonly curve: string;
  /** The engine the caller had selected; the worker selects it (the TypeScript engine where WebAssembly is refused: same results). */
  readonly engine: EngineName;
  /** The caller's `MsmOptions` (algorithm, window), checked on the calling thread; each chunk's `msmNonConst` takes them. */
  readonly options?: MsmOptions | undefined;
}

/**
 * Returns the partial sum of one packed chunk (a fresh buffer, to be moved
 * back); `keep` (a worker) reuses the worker's point objects from chunk to
 * chunk (`codecs.ts`).
 */
export function msmChunk(task: MsmTask, keep = false): Uint8Array {
  selectWorkerEngine(task.engine);
  return codecByKey(task.curve).run(task.buf, task.options, keep);
}
