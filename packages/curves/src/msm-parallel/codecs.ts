/**
 * How one chunk of a parallel MSM travels between threads, per curve: the
 * calling thread packs its (point, scalar) pairs into one ArrayBuffer (the
 * points' raw coordinate limbs, so a worker rebuilds exactly the caller's
 * points without decoding or a square root; then the scalars as 32-byte
 * integers), a worker runs the one-thread `msmNonConst` of that curve on the
 * engine the caller had selected and answers its partial sum as raw limbs,
 * and the calling thread adds the partial sums.
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
import { msmNonConst as edMsm } from '../ed25519/msm.js';
import { EdwardsCurve, PointAffine, PointExtended } from '../edwards/point.js';
import { expectPointOn } from '../edwards/params.js';
import { scalarToBytes, type Scalar } from '../edwards/scalar.js';
import { msmNonConst as edwardsMsm } from '../edwards/msm.js';
import { babyJubjub, bandersnatch, jubjub } from '../edwards/curves.js';

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
  /** Packs pairs [start, end) into one buffer; throws TypeError (or the scalar's errors) for a pair of the wrong types. */
  pack(points: readonly P[], scalars: readonly S[], start: number, end: number): ArrayBuffer;
  /** Worker side: returns the result of the pairs packed in `buf` (their `msmNonConst` on the selected engine). */
  run(buf: ArrayBuffer): Uint8Array;
  /** Returns Σ of the partial sums `results`; throws StrataError ERR_POINT_AT_INFINITY for a chunk that reported it. */
  sum(results: readonly Uint8Array[]): P;
}

/** Returns a fresh result buffer with the status byte set. */
function resultBuffer(bytes: number, status: number): Uint8Array {
  const out = new Uint8Array(bytes);
  out[0] = status;
  return out;
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
  dst.set(p.x.n, off);
  dst.set(p.y.n, off + 10);
  dst.set(p.z.n, off + 20);
}

function k1GetPoint(src: Uint32Array, off: number, p: JacobianPoint): JacobianPoint {
  p.x.n.set(src.subarray(off, off + 10));
  p.y.n.set(src.subarray(off + 10, off + 20));
  p.z.n.set(src.subarray(off + 20, off + 30));
  return p;
}

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
      u.set(k.n, n * K1_POINT_U32 + i * K1_SCALAR_U32);
    }
    return u.buffer;
  },
  run(buf) {
    const n = buf.byteLength / this.pairBytes;
    const u = new Uint32Array(buf);
    const points = new Array<JacobianPoint>(n);
    const scalars = new Array<ModNScalar>(n);
    for (let i = 0; i < n; i++) {
      points[i] = k1GetPoint(u, i * K1_POINT_U32, new JacobianPoint());
      const k = new ModNScalar();
      k.n.set(u.subarray(n * K1_POINT_U32 + i * K1_SCALAR_U32, n * K1_POINT_U32 + (i + 1) * K1_SCALAR_U32));
      scalars[i] = k;
    }
    const out = resultBuffer(this.resultBytes, STATUS_POINT);
    k1PutPoint(k1Msm(points, scalars), new Uint32Array(out.buffer, STATUS_BYTES), 0);
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
  for (let j = 0; j < 4; j++) dst.set(c[j]!, off + j * limbs);
}

function getCoords(src: Float64Array, off: number, limbs: number, c: Coords): void {
  for (let j = 0; j < 4; j++) c[j]!.set(src.subarray(off + j * limbs, off + (j + 1) * limbs));
}

/**
 * The buffer of n pairs over Float64 limbs: the points (4·limbs float64 each),
 * then the scalars (32 bytes each). Returns the buffer and its two views.
 */
function f64Buffer(n: number, limbs: number): { buf: ArrayBuffer; f: Float64Array; k: Uint8Array } {
  const pointsBytes = n * 4 * limbs * 8;
  const buf = new ArrayBuffer(pointsBytes + 32 * n);
  return { buf, f: new Float64Array(buf, 0, n * 4 * limbs), k: new Uint8Array(buf, pointsBytes, 32 * n) };
}

/** Returns the n 32-byte scalars of a packed buffer as views (integers used as they are by every `msmNonConst`). */
function scalarViews(k: Uint8Array, n: number): Uint8Array[] {
  const out = new Array<Uint8Array>(n);
  for (let i = 0; i < n; i++) out[i] = k.subarray(32 * i, 32 * i + 32);
  return out;
}

// --- edwards25519.

const ED_LIMBS = new Point().X.l.length;
const edCoords = (p: Point): Coords => [p.X.l, p.Y.l, p.Z.l, p.T.l];

/** edwards25519: `Point` and `ScalarLike` pairs. */
export const ed25519Codec: MsmCodec<Point, ScalarLike> = {
  key: 'ed25519',
  pairBytes: 4 * ED_LIMBS * 8 + 32,
  resultBytes: STATUS_BYTES + 4 * ED_LIMBS * 8,
  pack(points, scalars, start, end) {
    const n = end - start;
    const { buf, f, k } = f64Buffer(n, ED_LIMBS);
    for (let i = 0; i < n; i++) {
      const p: unknown = points[start + i];
      if (!(p instanceof Point)) throw new TypeError(`msmNonConstParallel: expected Point at index ${start + i}`);
      putCoords(edCoords(p), f, i * 4 * ED_LIMBS, ED_LIMBS);
      ed25519Internal.scalarToBytes('msmNonConstParallel', scalars[start + i]!, k.subarray(32 * i, 32 * i + 32));
    }
    return buf;
  },
  run(buf) {
    const n = buf.byteLength / this.pairBytes;
    const f = new Float64Array(buf, 0, n * 4 * ED_LIMBS);
    const points = new Array<Point>(n);
    for (let i = 0; i < n; i++) {
      const p = new Point();
      getCoords(f, i * 4 * ED_LIMBS, ED_LIMBS, edCoords(p));
      points[i] = p;
    }
    const out = resultBuffer(this.resultBytes, STATUS_POINT);
    const s = edMsm(points, scalarViews(new Uint8Array(buf, n * 4 * ED_LIMBS * 8), n));
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

/** Returns the codec of the built-in Edwards curve `curve` under `key`. */
function edwardsCodec(key: string, curve: EdwardsCurve): MsmCodec<PointExtended | PointAffine, Scalar> {
  const limbs = curve.F.limbs;
  const resultBytes = STATUS_BYTES + 4 * limbs * 8;
  const pairBytes = 4 * limbs * 8 + 32;
  return {
    key,
    pairBytes,
    resultBytes,
    pack(points, scalars, start, end) {
      const n = end - start;
      const { buf, f, k } = f64Buffer(n, limbs);
      const tmp = new PointExtended(curve);
      for (let i = 0; i < n; i++) {
        const p: unknown = points[start + i];
        const ext = p instanceof PointAffine ? tmp.setAffine(expectPointOn(`msmNonConstParallel point ${start + i}`, p, PointAffine, curve)) : expectPointOn(`msmNonConstParallel point ${start + i}`, p, PointExtended, curve);
        putCoords(extCoords(ext), f, i * 4 * limbs, limbs);
        scalarToBytes(scalars[start + i]!, k.subarray(32 * i, 32 * i + 32));
      }
      return buf;
    },
    run(buf) {
      const n = buf.byteLength / pairBytes;
      const f = new Float64Array(buf, 0, n * 4 * limbs);
      const points = new Array<PointExtended>(n);
      for (let i = 0; i < n; i++) {
        const p = new PointExtended(curve);
        getCoords(f, i * 4 * limbs, limbs, extCoords(p));
        points[i] = p;
      }
      let s: PointExtended;
      try {
        s = edwardsMsm(curve, points, scalarViews(new Uint8Array(buf, n * 4 * limbs * 8), n));
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

