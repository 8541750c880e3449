/**
 * Variable-time multi-scalar multiplication Σ kᵢ·Pᵢ on edwards25519, for
 * public scalars (batch signature verification, proof verification).
 *
 * - Small n: Straus / interleaved wNAF [HMV04 Alg. 3.51]: one width-5 table
 *   of odd multiples per point, one shared chain of doublings.
 * - Large n: Pippenger's bucket method [Pip76, BDLO12 §4] with signed
 *   base-2^c digits (2^(c−1) buckets per window).
 * The switch point and the window sizes were chosen by measurement (see
 * `MSM_PIPPENGER_THRESHOLD` and `pippengerWindow`, and the figures in the README).
 *
 * Scalar bit lengths are detected (top non-zero byte), so short scalars —
 * the 128-bit random coefficients zᵢ of batch verification — cost only
 * their length: their wNAF is short, and their high Pippenger digits are
 * zero and skipped.
 *
 * This is the edwards25519 twin of the generic `edwards` MSM (same
 * algorithms, same recodings from `shared/recode.ts`). It stays specialised
 * for its bucket operands — affine Niels entries (7M) for points with Z = 1,
 * cached ones (8M) otherwise, on `Fe25519` — and for its scalar-length-aware
 * window choice: the generic code on the same curve and inputs takes 2.1×
 * as long at n = 16 (Straus) and 2.0× at n = 256 (Pippenger) (curves suite,
 * rows "structure: edwards25519 specialised vs generic").
 *
 * References:
 * - [HMV04] D. Hankerson, A. Menezes, S. Vanstone, Guide to Elliptic Curve Cryptography, Alg. 3.35, 3.51.
 * - [Pip76] N. Pippenger, "On the evaluation of powers and related problems", FOCS 1976.
 * - [BDLO12] D. J. Bernstein, J. Doumen, T. Lange, J.-J. Oosterwijk, "Faster batch forgery identification", INDOCRYPT 2012.
 * - [EFD] add-2008-hwcd-3 (bucket additions), dbl-2008-hwcd.
 */
import type { ScalarLike } from './scalarmult.js';
import { internal } from './scalarmult.js';
import { WnafTable } from './tables.js';
import { Point, PointCached, PointNiels } from './point.js';
import { FE_D2 } from './params.js';
import { StrataError, ErrorCode } from '@strata/field';
import { readMsmOptions, type MsmOptions } from '../shared/msm-options.js';

export type { MsmOptions } from '../shared/msm-options.js';
import { recodeSignedNonConst, recodeWnafNonConst } from '../shared/recode.js';
import { ed25519Backend } from '../engine/state.js';

/**
 * Number of (point, scalar) pairs from which `msmNonConst` uses Pippenger
 * instead of Straus (the same name and meaning in every module). Chosen by
 * measurement: Straus's per-point cost is flat while Pippenger's falls with
 * n, and they cross between 64 and 96 points for 253-bit scalars (the
 * figures are in the README).
 */
export const MSM_PIPPENGER_THRESHOLD = 65;

/**
 * Pippenger window width c: the c ∈ [4, 12] that minimises the modelled
 * cost Σᵢ ⌈(bitsᵢ + 1)/c⌉·A_niels + W·(2·2^(c−1)·A_ext + c·D), with
 * W = ⌈(maxBits + 1)/c⌉ windows and the measured relative costs of a bucket
 * addition (A_niels), a running-sum addition (A_ext) and a doubling (D).
 * The model reproduces the measured optimum for 253-bit scalars (c = 5–6 at
 * n = 128 growing to c = 9 at n = 4096) and adapts to short scalars such as
 * the 128-bit coefficients of batch verification. `bitsSum` = Σᵢ (bitsᵢ + 1).
 */
function pippengerWindow(n: number, bitsSum: number, maxBits: number): number {
  let best = 4;
  let bestCost = Infinity;
  for (let c = 4; c <= 12; c++) {
    const windows = Math.ceil((maxBits + 1) / c);
    // Σ ⌈(bitsᵢ + 1)/c⌉ ≈ bitsSum/c + n/2.
    const cost = (bitsSum / c + n / 2) * 0.47 + windows * ((1 << c) * 0.6 + c * 0.43);
    if (cost < bestCost) {
      bestCost = cost;
      best = c;
    }
  }
  return best;
}

// Growing module-level pools (never shrink; no per-call allocation once warm).
let bytesPool = new Uint8Array(0);
let nafPool = new Int32Array(0);
const tablePool: WnafTable[] = [];
const cachedPool: PointCached[] = [];
const nielsPool: PointNiels[] = [];
let affineFlag = new Uint8Array(0);
const bucketPool: Point[] = [];
/** The Points packed points are unpacked into on the TypeScript engine. */
const unpackPool: Point[] = [];
let bucketUsed = new Uint8Array(0);
const nafTmp = new Int8Array(272);
/** anyDigit[pos] = 1 iff some scalar has a non-zero wNAF digit at pos (Straus). */
const anyDigit = new Uint8Array(272);
/** The 32 little-endian bytes of one scalar. */
const kbuf = new Uint8Array(32);
const running = new Point();
const windowSum = new Point();
const acc = new Point();

/** The float64 of one packed point: X, Y, Z, T of 15 limbs each (`Ed25519Backend.msm`). */
export const PACKED_POINT = 60;

function ensureBytes(n: number): Uint8Array {
  if (bytesPool.length < 32 * n) bytesPool = new Uint8Array(32 * n);
  return bytesPool;
}

/**
 * Sets out = Σ scalars[i]·points[i] (variable time; public scalars only)
 * and returns out (a new point when omitted). Empty input gives the
 * identity. Scalars follow {@link ScalarLike}: Uint8Array scalars are 256-bit
 * integers used as is (not reduced mod ℓ). Throws TypeError for non-arrays,
 * StrataError ERR_BAD_LENGTH when the arrays differ in length, TypeError / StrataError
 * ERR_BAD_LENGTH for a bad scalar. Options: TypeError for a non-object, an
 * `algorithm` other than 'straus' / 'pippenger' or a non-number `window`;
 * RangeError for a window outside [2, 16] (checked whatever the input).
 */
export function msmNonConst(points: readonly Point[], scalars: readonly ScalarLike[], out: Point = new Point(), opts?: MsmOptions): Point {
  if (!Array.isArray(points) || !Array.isArray(scalars)) {
    throw new TypeError(`msmNonConst: expected arrays of points and scalars, got ${typeof points} and ${typeof scalars}`);
  }
  const n = points.length;
  if (scalars.length !== n) throw new StrataError(ErrorCode.BAD_LENGTH, `msmNonConst: expected as many scalars as points (${n}), got ${scalars.length}`);
  const { algorithm, window } = readMsmOptions('msmNonConst', opts);
  const bytes = ensureBytes(n);
  for (let i = 0; i < n; i++) {
    internal.scalarToBytes('msmNonConst', scalars[i]!, bytes, 32 * i);
  }
  // Anything but Points takes the TypeScript path, which reports it.
  return msmBytes(allPoints(points, n) ? points : null, points, n, bytes, algorithm, window, out);
}

/**
 * @internal Sets out = Σ k_i·P_i over n pairs given packed, and returns
 * out: the points as `Ed25519Backend.msm` takes them packed (X, Y, Z, T of
 * point i, 15 limbs each, at coords[60·i … 60·i + 60)), the scalars as n
 * 32-byte little-endian integers in `scalars` (used as they are, as
 * `msmNonConst` uses Uint8Array scalars). The points must be on the curve
 * (the form a parallel MSM's chunk travels in, packed from Points).
 * `opts` as for `msmNonConst` (checked again here). The WebAssembly engine
 * copies the packed points straight into its staging memory; the
 * TypeScript one unpacks them into this module's pool of Points.
 */
export function msmPackedNonConst(coords: Float64Array, scalars: Uint8Array, n: number, out: Point, opts: MsmOptions | undefined): Point {
  const { algorithm, window } = readMsmOptions('msmNonConst', opts);
  if (coords.length < PACKED_POINT * n || scalars.length < 32 * n) {
    throw new StrataError(ErrorCode.BAD_LENGTH, `msmNonConst: expected ${n} packed points and scalars, got ${coords.length / PACKED_POINT} and ${scalars.length / 32}`);
  }
  return msmBytes(coords, null, n, scalars, algorithm, window, out);
}

/**
 * Sets out = Σ k_i·P_i over n pairs, the scalars 32 bytes each in `bytes`,
 * and returns out: the points are `engine` (Points or packed coordinates,
 * which any engine takes) or, when that is null, `ts` (anything: the
 * TypeScript path reports what is not a Point).
 */
function msmBytes(
  engine: readonly Point[] | Float64Array | null,
  ts: readonly Point[] | null,
  n: number,
  bytes: Uint8Array,
  algo: MsmOptions['algorithm'],
  forcedWindow: number | undefined,
  out: Point,
): Point {
  let maxBits = 0;
  let bitsSum = 0;
  for (let i = 0; i < n; i++) {
    const bits = bitLength(bytes, 32 * i);
    bitsSum += bits + 1;
    if (bits > maxBits) maxBits = bits;
  }
  if (n === 0 || maxBits === 0) return out.setIdentity();
  const useStraus = algo === 'straus' || (algo === undefined && n < MSM_PIPPENGER_THRESHOLD);
  const c = useStraus ? 0 : (forcedWindow ?? pippengerWindow(n, bitsSum, maxBits));
  const be = ed25519Backend();
  if (be !== null && engine !== null) be.msm(engine, n, bytes, useStraus, c, maxBits, out, forcedWindow !== undefined);
  else tsMsm(engine ?? ts!, n, bytes, useStraus, c, maxBits, out);
  return out;
}

/**
 * @internal TypeScript backend (backend.ts Ed25519Backend.msm): sets out =
 * Σ k_i·P_i over the first n points, the scalars 32 bytes each in `bytes`:
 * Straus, or Pippenger with window c.
 */
export function tsMsm(packed: readonly Point[] | Float64Array, n: number, bytes: Uint8Array, useStraus: boolean, c: number, maxBits: number, out: Point): void {
  const points = packed instanceof Float64Array ? unpack(packed, n) : packed;
  if (useStraus) straus(points, n, bytes, out);
  else pippenger(points, n, bytes, maxBits, c, out);
}

/** Returns the first n Points of `unpackPool`, set to the n points packed in `coords` (`msmPackedNonConst`). */
function unpack(coords: Float64Array, n: number): Point[] {
  while (unpackPool.length < n) unpackPool.push(new Point());
  for (let i = 0, o = 0; i < n; i++, o += PACKED_POINT) {
    const p = unpackPool[i]!;
    setLimbs(p.X.l, coords, o);
    setLimbs(p.Y.l, coords, o + 15);
    setLimbs(p.Z.l, coords, o + 30);
    setLimbs(p.T.l, coords, o + 45);
  }
  return unpackPool;
}

/** Sets l[0..15) = src[off..off+15) (a loop: no view allocated per coordinate). */
function setLimbs(l: Float64Array, src: Float64Array, off: number): void {
  for (let j = 0; j < 15; j++) l[j] = src[off + j]!;
}

/** Whether the first n entries are all Points (anything else takes the TypeScript path, which reports it). */
function allPoints(points: readonly Point[], n: number): boolean {
  for (let i = 0; i < n; i++) if (!(points[i] instanceof Point)) return false;
  return true;
}

/** Bit length of the 32-byte little-endian integer at b[off..off+32). */
function bitLength(b: Uint8Array, off: number): number {
  for (let i = 31; i >= 0; i--) {
    const v = b[off + i]!;
    if (v !== 0) return 8 * i + 32 - Math.clz32(v);
  }
  return 0;
}

/** Interleaved width-5 wNAF (Straus). */
function straus(points: readonly Point[], n: number, bytes: Uint8Array, out: Point): Point {
  const L = 272;
  if (nafPool.length < n * L) nafPool = new Int32Array(n * L);
  anyDigit.fill(0);
  while (tablePool.length < n) tablePool.push(new WnafTable(5));
  let top = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < 32; j++) kbuf[j] = bytes[32 * i + j]!;
    const t = recodeWnafNonConst(kbuf, 32, 5, nafTmp);
    nafPool.set(nafTmp, i * L);
    for (let pos = 0; pos < t; pos++) if (nafTmp[pos] !== 0) anyDigit[pos] = 1;
    if (t > top) top = t;
    if (t > 0) tablePool[i]!.setPoint(points[i]!);
  }
  const r = acc.setIdentity();
  for (let pos = top - 1; pos >= 0; pos--) {
    // T is only needed when an addition follows at this position, or at the end (3M + 4S otherwise).
    if (anyDigit[pos] === 1 || pos === 0) r.double(r);
    else {
      r.doubleNoT(r);
      continue;
    }
    for (let i = 0; i < n; i++) {
      const d = nafPool[i * L + pos]!;
      if (d > 0) r.addCached(r, tablePool[i]!.entries[d >> 1]!);
      else if (d < 0) r.subCached(r, tablePool[i]!.entries[-d >> 1]!);
    }
  }
  return out.set(r);
}

/** Pippenger bucket method with signed base-2^c digits. */
function pippenger(points: readonly Point[], n: number, bytes: Uint8Array, maxBits: number, c: number, out: Point): Point {
  const windows = Math.ceil((maxBits + 1) / c);
  const half = 1 << (c - 1);
  // Signed digits: digit w of scalar i at nafPool[i·windows + w], in (−2^(c−1), 2^(c−1)]. The top
  // window holds bit maxBits (a zero), so it is ≤ 2^(c−1) − 1 + 1 and never carries out.
  if (nafPool.length < n * windows) nafPool = new Int32Array(n * windows);
  for (let i = 0; i < n; i++) recodeSignedNonConst(bytes, 32 * i, 32, c, windows, nafPool, i * windows, 1);
  // Bucket operands: affine Niels (7M additions) for points with Z = 1 exactly — every freshly
  // decoded point — and cached form (8M) otherwise. Both cost 1M to prepare.
  while (cachedPool.length < n) cachedPool.push(new PointCached());
  while (nielsPool.length < n) nielsPool.push(new PointNiels());
  if (affineFlag.length < n) affineFlag = new Uint8Array(Math.max(n, 2 * affineFlag.length));
  for (let i = 0; i < n; i++) {
    const p = points[i]!;
    if (zIsOne(p)) {
      affineFlag[i] = 1;
      nielsFromAffineExtended(nielsPool[i]!, p);
    } else {
      affineFlag[i] = 0;
      cachedPool[i]!.setPoint(p);
    }
  }
  while (bucketPool.length < half) bucketPool.push(new Point());
  if (bucketUsed.length < half) bucketUsed = new Uint8Array(half);

  const r = acc.setIdentity();
  for (let w = windows - 1; w >= 0; w--) {
    if (w !== windows - 1) r.doubleK(r, c);
    bucketUsed.fill(0, 0, half);
    for (let i = 0; i < n; i++) {
      const d = nafPool[i * windows + w]!;
      if (d === 0) continue;
      if (d > 0) {
        const j = d - 1;
        if (bucketUsed[j] === 0) {
          bucketPool[j]!.set(points[i]!);
          bucketUsed[j] = 1;
        } else if (affineFlag[i] === 1) bucketPool[j]!.addNiels(bucketPool[j]!, nielsPool[i]!);
        else bucketPool[j]!.addCached(bucketPool[j]!, cachedPool[i]!);
      } else {
        const j = -d - 1;
        if (bucketUsed[j] === 0) {
          bucketPool[j]!.negate(points[i]!);
          bucketUsed[j] = 1;
        } else if (affineFlag[i] === 1) bucketPool[j]!.subNiels(bucketPool[j]!, nielsPool[i]!);
        else bucketPool[j]!.subCached(bucketPool[j]!, cachedPool[i]!);
      }
    }
    // Σ_j (j+1)·bucket[j] by running sums from the top bucket down.
    let started = false;
    let summed = false;
    for (let j = half - 1; j >= 0; j--) {
      if (bucketUsed[j] === 1) {
        if (started) running.add(running, bucketPool[j]!);
        else {
          running.set(bucketPool[j]!);
          started = true;
        }
      }
      if (started) {
        if (summed) windowSum.add(windowSum, running);
        else {
          windowSum.set(running);
          summed = true;
        }
      }
    }
    if (summed) r.add(r, windowSum);
  }
  return out.set(r);
}

/** True iff p.Z is exactly the limb vector of 1 (as set by decoding), so x = X, y = Y, x·y = T. */
function zIsOne(p: Point): boolean {
  const z = p.Z.l;
  if (z[0] !== 1) return false;
  for (let i = 1; i < z.length; i++) if (z[i] !== 0) return false;
  return true;
}

/** Sets n = (Y + X, Y − X, 2d·T) for an extended point with Z = 1 (1M). */
function nielsFromAffineExtended(n: PointNiels, p: Point): void {
  n.yPlusX.add(p.Y, p.X).carry();
  n.yMinusX.sub(p.Y, p.X).carry();
  n.xy2d.mul(p.T, FE_D2);
}
