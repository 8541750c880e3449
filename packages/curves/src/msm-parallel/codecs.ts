/**
 * How one chunk of a parallel MSM travels between threads, per curve: the
 * calling thread packs its (point, scalar) pairs into one buffer (the
 * points' raw coordinate limbs, so a worker rebuilds exactly the caller's
 * points without decoding or a square root, affine points staying affine;
 * then the scalars as 32-byte integers or limbs), a worker runs the
 * one-thread `msmNonConst` of that curve on the engine the caller had
 * selected, with the caller's `MsmOptions`, and answers its partial sum as
 * raw limbs, and the calling thread adds the partial sums.
 *
 * A worker rebuilds secp256k1's and the generic Edwards curves' points
 * (and secp256k1's scalars) into objects it keeps from chunk to chunk
 * (growing module-level pools, never shrunk while the worker lives):
 * allocating tens of thousands of points per chunk cost about a fifth of
 * the chunk's MSM (edwards25519, n = 2^15, wasm engine, CPU time), most of
 * it in the collector. An edwards25519 chunk builds no point object on the
 * WebAssembly engine: its points travel in the engine's staging layout and
 * are copied into the module as they are (`msmPackedNonConst`); rebuilding
 * them into pooled Points had still cost 1.27× the chunk's MSM (CPU time,
 * paired, 2^15 pairs: 411 ms against 325). Its buffer is a
 * SharedArrayBuffer where there is one (Node; a browser page only when
 * cross-origin isolated): shared with the worker rather than copied for
 * every attempt and moved. With a copy and a fresh buffer per attempt a
 * 2^16 call allocated 64 MiB on the calling thread, which set off a full
 * collection of its heap on most calls (27–33 ms; 7–276 ms beside a
 * 3-million-object heap); shared, none was seen, and one worker doing all
 * the chunks costs 1.08× the in-process CPU time instead of 1.20×.
 *
 * A result is `resultBytes` bytes: a status byte (0: a point follows; 1: the
 * chunk's `msmNonConst` threw StrataError ERR_POINT_AT_INFINITY, possible
 * only on an incomplete Edwards curve) padded to 8 bytes, then the limbs of
 * the partial sum's coordinates.
 *
 * Nothing here touches `node:*` or the pool library: both the worker
 * (`worker.ts`) and the calling thread (`parallel.ts`) use it.
 */
import { ErrorCode, ModNScalar, StrataError } from '@strata/field';
import { JacobianPoint } from '../secp256k1/point.js';
import { msmNonConst as k1Msm } from '../secp256k1/msm.js';
import { Point } from '../ed25519/point.js';
import { internal as ed25519Internal, type ScalarLike } from '../ed25519/scalarmult.js';
import { PACKED_POINT, msmPackedNonConst } from '../ed25519/msm.js';
import { EdwardsCurve, PointAffine, PointExtended } from '../edwards/point.js';
import { expectPointOn } from '../edwards/params.js';
import { scalarToBytes, type Scalar } from '../edwards/scalar.js';
import { msmNonConst as edwardsMsm } from '../edwards/msm.js';
import { babyJubjub, bandersnatch, jubjub } from '../edwards/curves.js';
import type { MsmOptions } from '../shared/msm-options.js';

/** The bytes before a result's coordinates (the status byte, padded for Float64Array alignment). */
const STATUS_BYTES = 8;
const STATUS_POINT = 0;
const STATUS_INFINITY = 1;

/** One curve's packing, worker-side run and recombination (P: the point class, S: the scalar type). */
export interface MsmCodec<P, S> {
  /** The curve's key in a task (`MsmTask.curve`). */
  readonly key: string;
  /** The bytes of one packed pair (a chunk of n pairs is n·pairBytes bytes). */
  readonly pairBytes: number;
  /** The length of a chunk's result. */
  readonly resultBytes: number;
  /** At most this many pairs a chunk (default: one chunk per worker). */
  readonly maxChunk?: number;
  /**
   * Throws what `pack` would throw for any of the first n pairs (then no
   * `pack` of them throws), so that the chunks can be packed one by one as
   * they are submitted. A codec without it has its chunks all packed before
   * the first is submitted (the packing is the check).
   */
  check?(points: readonly P[], scalars: readonly S[], n: number): void;
  /** Packs pairs [start, end) into one buffer; throws TypeError (or the scalar's errors) for a pair of the wrong types. */
  pack(points: readonly P[], scalars: readonly S[], start: number, end: number): ArrayBufferLike;
  /**
   * Worker side: returns the result of the pairs packed in `buf` (their
   * `msmNonConst` with `options` on the selected engine); `keep` rebuilds
   * the points into this module's pools (a worker) instead of fresh objects
   * (the calling thread, which should not hold them after the call);
   * edwards25519 builds none on the WebAssembly engine, and unpacks into
   * msm.ts's pool on the TypeScript one.
   */
  run(buf: ArrayBufferLike, options: MsmOptions | undefined, keep: boolean): Uint8Array;
  /** Returns Σ of the partial sums `results`; throws StrataError ERR_POINT_AT_INFINITY for a chunk that reported it. */
  sum(results: readonly Uint8Array[]): P;
}

/** Returns a fresh result buffer with the status byte set. */
function resultBuffer(bytes: number, status: number): Uint8Array {
  const out = new Uint8Array(bytes);
  out[0] = status;
  return out;
}

/**
 * Returns the first n entries of `pool` (of a fresh array when `keep` is
 * false), growing it with `make()` first (worker side: the objects a chunk's
 * points are rebuilt into, reused by the next chunk; the MSMs keep no
 * reference to their inputs).
 */
function pooled<T>(keep: boolean, kept: T[], n: number, make: () => T): T[] {
  const pool = keep ? kept : [];
  while (pool.length < n) pool.push(make());
  return pool.length === n ? pool : pool.slice(0, n);
}

/** Sets dst[0..len) = src[off..off+len) (a loop: no view allocated per coordinate). */
function copyFrom(dst: Float64Array | Uint32Array, src: Float64Array | Uint32Array, off: number, len: number): void {
  for (let j = 0; j < len; j++) dst[j] = src[off + j]!;
}

/** Sets dst[off..off+len) = src[0..len). */
function copyTo(src: Float64Array | Uint32Array, dst: Float64Array | Uint32Array, off: number, len: number): void {
  for (let j = 0; j < len; j++) dst[off + j] = src[j]!;
}

/** Throws for a result whose chunk reported a point at infinity. */
function checkStatus(who: string, res: Uint8Array): void {
  if (res[0] !== STATUS_POINT) {
    throw new StrataError(ErrorCode.POINT_AT_INFINITY, `${who}: expected a partial sum on the curve, got a point at infinity (incomplete curve)`);
  }
}

// --- secp256k1: Jacobian X, Y, Z (10 limbs of 26 bits each, lazy magnitudes carried as they are), ModNScalar limbs (16 × 16 bits).

const K1_POINT_U32 = 30;
const K1_SCALAR_U32 = 16;

function k1PutPoint(p: JacobianPoint, dst: Uint32Array, off: number): void {
  copyTo(p.x.n, dst, off, 10);
  copyTo(p.y.n, dst, off + 10, 10);
  copyTo(p.z.n, dst, off + 20, 10);
}

function k1GetPoint(src: Uint32Array, off: number, p: JacobianPoint): JacobianPoint {
  copyFrom(p.x.n, src, off, 10);
  copyFrom(p.y.n, src, off + 10, 10);
  copyFrom(p.z.n, src, off + 20, 10);
  return p;
}

/** The worker's secp256k1 points and scalars (see the file comment). */
const k1PointPool: JacobianPoint[] = [];
const k1ScalarPool: ModNScalar[] = [];

/** secp256k1: `JacobianPoint` and `ModNScalar` pairs. */
export const secp256k1Codec: MsmCodec<JacobianPoint, ModNScalar> = {
  key: 'secp256k1',
  pairBytes: 4 * (K1_POINT_U32 + K1_SCALAR_U32),
  resultBytes: STATUS_BYTES + 4 * K1_POINT_U32,
  pack(points, scalars, start, end) {
    const n = end - start;
    const u = new Uint32Array(n * (K1_POINT_U32 + K1_SCALAR_U32));
    for (let i = 0; i < n; i++) {
      const p: unknown = points[start + i];
      const k: unknown = scalars[start + i];
      if (!(p instanceof JacobianPoint)) throw new TypeError(`msmNonConstParallel: expected JacobianPoint at index ${start + i}`);
      if (!(k instanceof ModNScalar)) throw new TypeError(`msmNonConstParallel: expected ModNScalar at index ${start + i}`);
      k1PutPoint(p, u, i * K1_POINT_U32);
      copyTo(k.n, u, n * K1_POINT_U32 + i * K1_SCALAR_U32, K1_SCALAR_U32);
    }
    return u.buffer;
  },
  run(buf, options, keep) {
    const n = buf.byteLength / this.pairBytes;
    const u = new Uint32Array(buf);
    const points = pooled(keep, k1PointPool, n, () => new JacobianPoint());
    const scalars = pooled(keep, k1ScalarPool, n, () => new ModNScalar());
    for (let i = 0; i < n; i++) {
      k1GetPoint(u, i * K1_POINT_U32, points[i]!);
      copyFrom(scalars[i]!.n, u, n * K1_POINT_U32 + i * K1_SCALAR_U32, K1_SCALAR_U32);
    }
    const out = resultBuffer(this.resultBytes, STATUS_POINT);
    k1PutPoint(k1Msm(points, scalars, new JacobianPoint(), options), new Uint32Array(out.buffer, STATUS_BYTES), 0);
    return out;
  },
  sum(results) {
    const acc = new JacobianPoint();
    const q = new JacobianPoint();
    for (const r of results) {
      checkStatus('msmNonConstParallel', r);
      acc.addNonConst(acc, k1GetPoint(new Uint32Array(r.buffer, r.byteOffset + STATUS_BYTES, K1_POINT_U32), 0, q));
    }
    return acc;
  },
};

// --- Float64 limbs (edwards25519's Fe25519, the generic prime fields): extended X, Y, Z, T of `limbs` limbs each, then 32-byte scalars.

/** Returns the limb arrays X, Y, Z, T of an extended point (edwards25519's Point or a generic PointExtended). */
type Coords = readonly [Float64Array, Float64Array, Float64Array, Float64Array];

function putCoords(c: Coords, dst: Float64Array, off: number, limbs: number): void {
  for (let j = 0; j < 4; j++) copyTo(c[j]!, dst, off + j * limbs, limbs);
}

function getCoords(src: Float64Array, off: number, limbs: number, c: Coords): void {
  for (let j = 0; j < 4; j++) copyFrom(c[j]!, src, off + j * limbs, limbs);
}

/**
 * The buffer of n pairs over Float64 limbs: the points (4·limbs float64 each),
 * then the scalars (32 bytes each), then `tail` bytes per pair. Returns the
 * buffer and its views.
 */
function f64Buffer(n: number, limbs: number, tail: number, shared = false): { buf: ArrayBufferLike; f: Float64Array; k: Uint8Array; t: Uint8Array } {
  const pointsBytes = n * 4 * limbs * 8;
  const bytes = pointsBytes + (32 + tail) * n;
  const buf = shared && typeof SharedArrayBuffer === 'function' ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
  return { buf, f: new Float64Array(buf, 0, n * 4 * limbs), k: new Uint8Array(buf, pointsBytes, 32 * n), t: new Uint8Array(buf, pointsBytes + 32 * n, tail * n) };
}

/** Returns the n 32-byte scalars of a packed buffer as views (integers used as they are by every `msmNonConst`). */
function scalarViews(k: Uint8Array, n: number): Uint8Array[] {
  const out = new Array<Uint8Array>(n);
  for (let i = 0; i < n; i++) out[i] = k.subarray(32 * i, 32 * i + 32);
  return out;
}

// --- edwards25519: the pairs travel as `msmPackedNonConst` takes them (the points in the WebAssembly engine's staging layout).

const ED_LIMBS = new Point().X.l.length;
const edCoords = (p: Point): Coords => [p.X.l, p.Y.l, p.Z.l, p.T.l];

/** One scalar's 32 bytes while packing. */
const edScalar = new Uint8Array(32);

/**
 * Returns points[i] and sets edScalar to the bytes of scalars[i]; throws
 * TypeError for a point that is not a Point, the scalar's errors for a bad
 * scalar.
 */
function edPair(points: readonly Point[], scalars: readonly ScalarLike[], i: number): Point {
  const p: unknown = points[i];
  if (!(p instanceof Point)) throw new TypeError(`msmNonConstParallel: expected Point at index ${i}`);
  ed25519Internal.scalarToBytes('msmNonConstParallel', scalars[i]!, edScalar);
  return p;
}

/**
 * edwards25519: at most this many pairs a chunk, the chunk of the
 * WebAssembly engine's batch-affine kernel (ED25519_AMSM_MAX): a one-thread
 * MSM of 2^16 pairs runs that kernel on 4 chunks of this size, so 4 such
 * chunks over 2 workers do the same kernel work, and the first worker
 * starts after a quarter of the packing instead of a half (`check`, then
 * each chunk packed as it is submitted). Measured against the build before
 * (paired, one process, 2^16 pairs, 2 workers, loaded 2-core host): wall
 * 0.87–0.92× with chunks of this size, 0.95× with 2 chunks of 2^15, 0.99×
 * with chunks of 8192 (the kernel's costs per chunk); on the TypeScript
 * engine CPU 0.87× with this size, 0.97× with 2 chunks.
 */
const ED_MAX_CHUNK = 16384;

/**
 * edwards25519: `Point` and `ScalarLike` pairs. A chunk is X, Y, Z, T of
 * every point (PACKED_POINT float64 each), then the 32-byte scalars: the
 * worker hands both to `msmPackedNonConst` as they are, so on the
 * WebAssembly engine no point object is built in the worker and the points
 * reach the module's staging memory in one copy a group.
 */
export const ed25519Codec: MsmCodec<Point, ScalarLike> = {
  key: 'ed25519',
  pairBytes: PACKED_POINT * 8 + 32,
  resultBytes: STATUS_BYTES + 4 * ED_LIMBS * 8,
  maxChunk: ED_MAX_CHUNK,
  check(points, scalars, n) {
    for (let i = 0; i < n; i++) edPair(points, scalars, i);
  },
  pack(points, scalars, start, end) {
    const n = end - start;
    const { buf, f, k } = f64Buffer(n, ED_LIMBS, 0, true);
    // No object per pair (no coordinate list, no scalar view): for n = 2^16 the views and lists
    // were most of the packing.
    for (let i = 0; i < n; i++) {
      const p = edPair(points, scalars, start + i);
      const x = p.X.l;
      const y = p.Y.l;
      const z = p.Z.l;
      const t = p.T.l;
      // One loop over the four coordinates, no call per coordinate.
      for (let j = 0, o = i * PACKED_POINT; j < ED_LIMBS; j++, o++) {
        f[o] = x[j]!;
        f[o + ED_LIMBS] = y[j]!;
        f[o + 2 * ED_LIMBS] = z[j]!;
        f[o + 3 * ED_LIMBS] = t[j]!;
      }
      k.set(edScalar, 32 * i);
    }
    return buf;
  },
  run(buf, options) {
    const n = buf.byteLength / this.pairBytes;
    const out = resultBuffer(this.resultBytes, STATUS_POINT);
    const s = msmPackedNonConst(new Float64Array(buf, 0, n * PACKED_POINT), new Uint8Array(buf, n * PACKED_POINT * 8, 32 * n), n, new Point(), options);
    putCoords(edCoords(s), new Float64Array(out.buffer, STATUS_BYTES), 0, ED_LIMBS);
    return out;
  },
  sum(results) {
    const acc = new Point();
    const q = new Point();
    for (const r of results) {
      checkStatus('msmNonConstParallel', r);
      getCoords(new Float64Array(r.buffer, r.byteOffset + STATUS_BYTES, 4 * ED_LIMBS), 0, ED_LIMBS, edCoords(q));
      acc.add(acc, q);
    }
    return acc;
  },
};

// --- The generic Edwards curves (the built-in ones: a worker rebuilds a curve by its key).

/** The curves a worker knows, by key. */
const EDWARDS_CURVES: ReadonlyMap<string, EdwardsCurve> = new Map([
  ['edwards:jubjub', jubjub],
  ['edwards:bandersnatch', bandersnatch],
  ['edwards:babyjubjub', babyJubjub],
]);

const extCoords = (p: PointExtended): Coords => [p.X, p.Y, p.Z, p.T];

/** The kind byte of a packed Edwards point: its slot holds X, Y, Z, T, or only x, y. */
const KIND_EXTENDED = 0;
const KIND_AFFINE = 1;

/**
 * Returns the codec of the built-in Edwards curve `curve` under `key`. A
 * pair is a slot of 4·limbs float64 (X, Y, Z, T of a PointExtended, or x, y
 * of a PointAffine and two unused coordinates), its 32-byte scalar and a
 * kind byte: an affine point reaches the worker's MSM as a PointAffine, so
 * it keeps the cheaper mixed additions the one-thread call gives it.
 */
function edwardsCodec(key: string, curve: EdwardsCurve): MsmCodec<PointExtended | PointAffine, Scalar> {
  const limbs = curve.F.limbs;
  const resultBytes = STATUS_BYTES + 4 * limbs * 8;
  const pairBytes = 4 * limbs * 8 + 32 + 1;
  // The worker's points of this curve, by kind (see the file comment).
  const extPool: PointExtended[] = [];
  const affPool: PointAffine[] = [];
  return {
    key,
    pairBytes,
    resultBytes,
    pack(points, scalars, start, end) {
      const n = end - start;
      const { buf, f, k, t } = f64Buffer(n, limbs, 1);
      for (let i = 0; i < n; i++) {
        const p: unknown = points[start + i];
        const o = i * 4 * limbs;
        if (p instanceof PointAffine) {
          const a = expectPointOn(`msmNonConstParallel point ${start + i}`, p, PointAffine, curve);
          copyTo(a.x, f, o, limbs);
          copyTo(a.y, f, o + limbs, limbs);
          t[i] = KIND_AFFINE;
        } else {
          putCoords(extCoords(expectPointOn(`msmNonConstParallel point ${start + i}`, p, PointExtended, curve)), f, o, limbs);
          t[i] = KIND_EXTENDED;
        }
        scalarToBytes(scalars[start + i]!, k.subarray(32 * i, 32 * i + 32));
      }
      return buf;
    },
    run(buf, options, keep) {
      const n = buf.byteLength / pairBytes;
      const f = new Float64Array(buf, 0, n * 4 * limbs);
      const kinds = new Uint8Array(buf, n * (4 * limbs * 8 + 32), n);
      let nAff = 0;
      for (let i = 0; i < n; i++) nAff += kinds[i]!;
      const aff = pooled(keep, affPool, nAff, () => new PointAffine(curve));
      const ext = pooled(keep, extPool, n - nAff, () => new PointExtended(curve));
      const points = new Array<PointExtended | PointAffine>(n);
      for (let i = 0, ia = 0, ie = 0; i < n; i++) {
        const o = i * 4 * limbs;
        if (kinds[i] === KIND_AFFINE) {
          const a = aff[ia++]!;
          copyFrom(a.x, f, o, limbs);
          copyFrom(a.y, f, o + limbs, limbs);
          points[i] = a;
        } else {
          const e = ext[ie++]!;
          getCoords(f, o, limbs, extCoords(e));
          points[i] = e;
        }
      }
      let s: PointExtended;
      try {
        s = edwardsMsm(curve, points, scalarViews(new Uint8Array(buf, n * 4 * limbs * 8, 32 * n), n), undefined, options);
      } catch (err) {
        if (err instanceof StrataError && err.code === ErrorCode.POINT_AT_INFINITY) return resultBuffer(resultBytes, STATUS_INFINITY);
        throw err;
      }
      const out = resultBuffer(resultBytes, STATUS_POINT);
      putCoords(extCoords(s), new Float64Array(out.buffer, STATUS_BYTES), 0, limbs);
      return out;
    },
    sum(results) {
      const acc = new PointExtended(curve);
      const q = new PointExtended(curve);
      for (const r of results) {
        checkStatus('msmNonConstParallel', r);
        getCoords(new Float64Array(r.buffer, r.byteOffset + STATUS_BYTES, 4 * limbs), 0, limbs, extCoords(q));
        acc.add(acc, q);
      }
      return acc;
    },
  };
}

const EDWARDS_CODECS: ReadonlyMap<string, MsmCodec<PointExtended | PointAffine, Scalar>> = new Map(
  [...EDWARDS_CURVES].map(([key, curve]) => [key, edwardsCodec(key, curve)]),
);

/** Returns the codec of a built-in Edwards curve; TypeError for any other curve (a worker could not rebuild it). */
export function edwardsCodecFor(curve: EdwardsCurve): MsmCodec<PointExtended | PointAffine, Scalar> {
  for (const [key, c] of EDWARDS_CURVES) if (c === curve) return EDWARDS_CODECS.get(key)!;
  const name = curve instanceof EdwardsCurve ? curve.name : String(curve);
  throw new TypeError(`msmNonConstParallel curve: expected jubjub, bandersnatch or babyJubjub, got ${name}`);
}

/** Returns the codec with key `key` (worker side); throws Error for an unknown key. */
export function codecByKey(key: string): MsmCodec<unknown, unknown> {
  const c = key === secp256k1Codec.key ? secp256k1Codec : key === ed25519Codec.key ? ed25519Codec : EDWARDS_CODECS.get(key);
  if (c === undefined) throw new Error(`msm worker: expected a known curve key, got ${key}`);
  return c as MsmCodec<unknown, unknown>;
}

