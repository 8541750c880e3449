/**
 * `msmNonConstParallel`: Σ kᵢ·Pᵢ across a pool's workers, for secp256k1,
 * edwards25519 and the built-in Edwards curves. The pairs are cut into one
 * chunk per worker (fewer for tiny inputs), packed at call time (`codecs.ts`),
 * each chunk's partial sum is computed by a worker running the one-thread
 * `msmNonConst` on the caller's engine, and the partial sums are added on
 * the calling thread. Failures, retries, the in-thread fallback, abort and
 * shutdown are those of the shared runtime (`PoolRuntime.runChunks`).
 *
 * Nothing here imports `node:*` or the pool library: `index.node.ts` gives
 * the platform backend and the worker script.
 */
import type { ModNScalar } from '@strata/field';
import { ErrorCode, StrataError, describe, expectOptions } from '@strata/field';
import { currentEngine } from '../engine/index.js';
import { createPoolRuntime, parseSignal, parseWorkers, type PoolBackend, type PoolHooks, type PoolInfo, type PoolRuntime } from '../pool/index.js';
import type { JacobianPoint } from '../secp256k1/point.js';
import type { Point } from '../ed25519/point.js';
import type { ScalarLike } from '../ed25519/scalarmult.js';
import type { EdwardsCurve, PointAffine, PointExtended } from '../edwards/point.js';
import type { Scalar } from '../edwards/scalar.js';
import { ed25519Codec, edwardsCodecFor, secp256k1Codec, type MsmCodec } from './codecs.js';
import { MSM_WORKER_METHOD, msmChunk, type MsmTask } from './worker-core.js';
import { readMsmOptions, type MsmOptions } from '../shared/msm-options.js';

/**
 * Options of `msmNonConstParallel`: those of the one-thread `msmNonConst`
 * (`algorithm`, `window`: each chunk's MSM takes them) and the pool's.
 */
export interface MsmParallelOptions extends MsmOptions {
  /** The number of workers (chunks), a positive integer (default: the platform's parallelism; capped at 64). */
  readonly workers?: number;
  /** Cancels the call: the promise then rejects with StrataError ERR_ABORTED. */
  readonly signal?: AbortSignal;
  /** The pool to run on (default: the module's default pool). */
  readonly pool?: MsmPool;
}

/** A pool of workers for parallel MSMs; it owns its workers until `shutdown()`. */
export interface MsmPool {
  /** Closes the pool's workers and resolves when they have exited; calls in flight reject with ERR_ABORTED. */
  shutdown(): Promise<void>;
  /** Where this pool's chunks have run so far. */
  info(): PoolInfo;
}

/** The curve argument: 'secp256k1', 'ed25519' or a built-in Edwards curve (jubjub, bandersnatch, babyJubjub). */
export type MsmCurve = 'secp256k1' | 'ed25519' | EdwardsCurve;

/** Runtimes behind the `MsmPool` objects this module has made (the objects themselves stay opaque). */
const runtimes = new WeakMap<MsmPool, { readonly rt: PoolRuntime; readonly defaultWorkers: () => number }>();

/** @internal Returns a new `MsmPool` over `backend` (`name` in its messages); starts no worker before the first call. */
export function createMsmPoolWith(backend: PoolBackend, hooks: PoolHooks | undefined, name: string): MsmPool {
  const rt = createPoolRuntime(backend, hooks, name);
  const pool: MsmPool = Object.freeze({ shutdown: () => rt.shutdown(), info: () => rt.info() });
  runtimes.set(pool, { rt, defaultWorkers: () => backend.defaultWorkers() });
  return pool;
}

/** Returns the codec of a curve argument; TypeError for anything else. */
function codecOf(curve: unknown): MsmCodec<unknown, unknown> {
  if (curve === 'secp256k1') return secp256k1Codec as MsmCodec<unknown, unknown>;
  if (curve === 'ed25519') return ed25519Codec as MsmCodec<unknown, unknown>;
  if (typeof curve === 'object' && curve !== null) return edwardsCodecFor(curve as EdwardsCurve) as MsmCodec<unknown, unknown>;
  throw new TypeError(`msmNonConstParallel curve: expected 'secp256k1', 'ed25519' or an EdwardsCurve, got ${describe(curve)}`);
}

/**
 * Resolves to Σ scalars[i]·points[i] on `curve`, computed across `workers`
 * workers of `pool` (variable time: public inputs only). The result equals
 * that of the curve's `msmNonConst` on the same inputs (as a group element;
 * its coordinates may differ in representation). Every check is made before
 * the first await and rejects the promise: TypeError for a bad curve (an
 * Edwards curve other than the built-in ones included), non-arrays, points
 * or scalars of the wrong types or curve and bad options; StrataError
 * ERR_BAD_LENGTH for arrays of different lengths; RangeError for a worker
 * count that is not a positive integer or a window outside [2, 16]
 * (`MsmOptions`, checked as `msmNonConst` checks them); the curve's scalar
 * errors. ERR_ABORTED
 * on abort or `shutdown()` in flight; ERR_POINT_AT_INFINITY as the curve's
 * `msmNonConst` on an incomplete curve. Empty input resolves to the identity
 * without touching the pool.
 */
export async function runMsmParallel(
  defaultPool: MsmPool,
  script: () => string,
  curve: unknown,
  points: readonly unknown[],
  scalars: readonly unknown[],
  options: MsmParallelOptions | undefined,
): Promise<unknown> {
  const codec = codecOf(curve);
  if (!Array.isArray(points) || !Array.isArray(scalars)) throw new TypeError('msmNonConstParallel: expected arrays of points and scalars');
  if (points.length !== scalars.length) {
    throw new StrataError(ErrorCode.BAD_LENGTH, `msmNonConstParallel: expected as many scalars as points (${points.length}), got ${scalars.length}`);
  }
  const o = expectOptions('msmNonConstParallel options', options) ?? {};
  const { algorithm, window } = readMsmOptions('msmNonConstParallel', o);
  // Only the keys given travel (a task is structured-cloned).
  const msmOptions: MsmOptions | undefined =
    algorithm === undefined && window === undefined ? undefined : { ...(algorithm === undefined ? {} : { algorithm }), ...(window === undefined ? {} : { window }) };
  const signal = parseSignal('msmNonConstParallel', o.signal);
  const pool = o.pool ?? defaultPool;
  const rec = runtimes.get(pool);
  if (rec === undefined) throw new TypeError(`msmNonConstParallel pool: expected an MsmPool, got ${describe(o.pool)}`);
  const n = points.length;
  const workers = parseWorkers('msmNonConstParallel', o.workers, rec.defaultWorkers);
  const per = Math.min(Math.ceil(n / Math.max(1, Math.min(workers, n))), codec.maxChunk ?? n);
  const nChunks = Math.ceil(n / per);
  const packChunk = (c: number): ArrayBufferLike => codec.pack(points, scalars, c * per, Math.min(n, (c + 1) * per));
  let pack = packChunk;
  if (codec.check !== undefined) codec.check(points, scalars, n);
  else {
    // Packing is the check: every chunk is packed before the first is submitted.
    const chunks = Array.from({ length: nChunks }, (_, c) => packChunk(c));
    pack = (c) => chunks[c]!;
  }
  const engine = currentEngine();
  const key = codec.key;
  const results = await rec.rt.runChunks<MsmTask>({
    chunks: nChunks,
    pack,
    workers,
    signal,
    script,
    method: MSM_WORKER_METHOD,
    resultBytes: codec.resultBytes,
    task: (buf, crash) => ({ buf, crash, curve: key, engine, options: msmOptions }),
    inThread: (buf) => msmChunk({ buf, curve: key, engine, options: msmOptions }),
  });
  return codec.sum(results);
}

/** The typed entry over `runMsmParallel` (overloads per curve); `index.node.ts` binds its default pool and script. */
export interface MsmNonConstParallel {
  (curve: 'secp256k1', points: readonly JacobianPoint[], scalars: readonly ModNScalar[], options?: MsmParallelOptions): Promise<JacobianPoint>;
  (curve: 'ed25519', points: readonly Point[], scalars: readonly ScalarLike[], options?: MsmParallelOptions): Promise<Point>;
  (curve: EdwardsCurve, points: readonly (PointExtended | PointAffine)[], scalars: readonly Scalar[], options?: MsmParallelOptions): Promise<PointExtended>;
}
