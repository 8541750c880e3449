/**
 * `@strata/curves/msm-parallel` (Node, the `node` export condition):
 * `msmNonConstParallel` across `worker_threads`, on workerpool pools whose
 * workers run the built `dist/msm-parallel/worker.js`. The logic is
 * `parallel.ts` over the shared runtime of `@strata/curves/pool`; this module
 * only says how Node's workers are started (`threadBackend`, no execArgv,
 * ref'd while busy, unref'd and closed after 30 s idle).
 *
 * The worker file: `./worker.js` beside this module (the published `dist/`),
 * or, when this module runs from its TypeScript sources (vitest resolves
 * `src/`), `../../dist/msm-parallel/worker.js`: build the package first.
 *
 * References: workerpool 10 documentation (workerType 'thread'); Node.js worker_threads.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import workerpool from 'workerpool';
import { threadBackend, type PoolBackend } from '../pool/index.js';
import { createMsmPoolWith, runMsmParallel, type MsmNonConstParallel, type MsmPool } from './parallel.js';

export type { MsmCurve, MsmNonConstParallel, MsmParallelOptions, MsmPool } from './parallel.js';
export type { PoolInfo } from '../pool/index.js';
// The types the signatures above use, reachable by name through the curve namespaces (the same
// namespaces as the root entry's `secp256k1`, `ed25519` and `edwards`).
export type { ModNScalar } from '@strata/field';
export type * as secp256k1 from '../secp256k1/index.js';
export type * as ed25519 from '../ed25519/index.js';
export type * as edwards from '../edwards/index.js';

/** Returns the URL of the built worker file (see the file comment). */
export function msmWorkerFileUrl(): URL {
  const beside = new URL('./worker.js', import.meta.url);
  if (existsSync(fileURLToPath(beside))) return beside;
  const built = new URL('../../dist/msm-parallel/worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return built;
  throw new Error(
    `@strata/curves msm worker: expected ${fileURLToPath(beside)} or ${fileURLToPath(built)}, got neither ` +
      '(build the package: npx pnpm turbo run build --filter=@strata/curves)',
  );
}

const script = (): string => fileURLToPath(msmWorkerFileUrl());

/** How Node's workers are started, held and released. */
const msmNodeBackend: PoolBackend = /* @__PURE__ */ threadBackend((s, options) => workerpool.pool(s, options), availableParallelism);

/**
 * Returns a new pool of worker threads for `msmNonConstParallel` (pass it
 * as `options.pool`), owning its workers until `pool.shutdown()`. No worker
 * starts before the first call; an idle pool never keeps the process alive.
 */
export function createMsmPool(): MsmPool {
  return createMsmPoolWith(msmNodeBackend, undefined, 'msmNonConstParallel');
}

/** The pool of calls without `options.pool`; it starts no worker before the first call. */
const defaultPool: MsmPool = /* @__PURE__ */ createMsmPool();

/**
 * Resolves to Σ scalars[i]·points[i] on `curve` ('secp256k1', 'ed25519' or
 * jubjub / bandersnatch / babyJubjub), computed across worker threads:
 * the pairs are cut into `options.workers` chunks (default: the number of
 * cores), each worker runs the curve's one-thread `msmNonConst` on the
 * caller's engine, and the partial sums are added on the calling thread.
 * Variable time: public inputs only. Equal (as a group element) to the
 * curve's `msmNonConst`. Every error rejects the promise (see `parallel.ts`
 * `runMsmParallel`): TypeError / RangeError for bad arguments, StrataError
 * ERR_BAD_LENGTH for arrays of different lengths, ERR_ABORTED on abort or
 * shutdown.
 */
export const msmNonConstParallel: MsmNonConstParallel = ((curve: unknown, points: readonly unknown[], scalars: readonly unknown[], options?: object) =>
  runMsmParallel(defaultPool, script, curve, points, scalars, options)) as MsmNonConstParallel;

/** Closes the default pool's workers; calls in flight on it reject with ERR_ABORTED. */
export function shutdown(): Promise<void> {
  return defaultPool.shutdown();
}
