/**
 * `@strata/curves/msm-parallel` outside Node (every condition but `node`):
 * the same `msmNonConstParallel`, `createMsmPool` and `shutdown`, with the
 * chunks computed one after another on the calling thread — this entry starts
 * no worker (a Web Worker backend for browsers is not written yet), so it
 * gives the same results as the Node entry without its parallelism. The
 * checks, errors, abort and chunking are those of `parallel.ts`.
 */
import type { PoolBackend, PoolHandle } from '../pool/index.js';
import { createMsmPoolWith, runMsmParallel, type MsmNonConstParallel, type MsmPool } from './parallel.js';
import { msmChunk, type MsmTask } from './worker-core.js';

export type { MsmCurve, MsmNonConstParallel, MsmParallelOptions, MsmPool } from './parallel.js';
export type { PoolInfo } from '../pool/index.js';
export type { ModNScalar } from '@strata/field';
export type * as secp256k1 from '../secp256k1/index.js';
export type * as ed25519 from '../ed25519/index.js';
export type * as edwards from '../edwards/index.js';

/** A pool handle whose "worker" is the calling thread: each task runs when it is started. */
function sameThreadHandle(): PoolHandle {
  return {
    run: (_method, task) => new Promise((resolve) => resolve(msmChunk(task as MsmTask))),
    hold: () => {},
    close: async () => {},
    destroy: async () => {},
    stats: () => ({ busy: 0, total: 0 }),
    killWorkers: async () => {},
  };
}

/** The calling thread as the platform's only worker. */
const sameThreadBackend: PoolBackend = {
  create: () => sameThreadHandle(),
  defaultWorkers: () => 1,
  yieldToEventLoop: () => new Promise((resolve) => setTimeout(resolve, 0)),
};

/** Returns a new pool for `msmNonConstParallel` (pass it as `options.pool`); here it runs every chunk on the calling thread. */
export function createMsmPool(): MsmPool {
  return createMsmPoolWith(sameThreadBackend, undefined, 'msmNonConstParallel');
}

/** The pool of calls without `options.pool`. */
const defaultPool: MsmPool = /* @__PURE__ */ createMsmPool();

/**
 * Resolves to Σ scalars[i]·points[i] on `curve` ('secp256k1', 'ed25519' or
 * jubjub / bandersnatch / babyJubjub), as the Node entry does, with the
 * chunks computed on the calling thread. Errors as the Node entry's.
 */
export const msmNonConstParallel: MsmNonConstParallel = ((curve: unknown, points: readonly unknown[], scalars: readonly unknown[], options?: object) =>
  runMsmParallel(defaultPool, () => 'same-thread', curve, points, scalars, options)) as MsmNonConstParallel;

/** Closes the default pool (nothing runs in the background here); calls in flight reject with ERR_ABORTED. */
export function shutdown(): Promise<void> {
  return defaultPool.shutdown();
}
