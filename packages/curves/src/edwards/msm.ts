/**
 * Multi-scalar multiplication Σ kᵢ·Pᵢ on a twisted Edwards curve, for public
 * scalars (variable-time):
 *
 * - Straus (interleaved width-5 wNAF, [Straus64], [Möller01]): one shared
 *   doubling chain of ~256 doublings, 8 odd multiples per point; best for
 *   small inputs.
 * - Pippenger buckets with signed base-2^c digits ([Pip76], [BDLO12] §4):
 *   per window, 2^(c−1) buckets and a running sum; best for large inputs.
 *   On a complete curve (Jubjub, BabyJubjub) from MSM_BATCH_AFFINE_THRESHOLD
 *   points the buckets are accumulated in batch-affine form on the
 *   equivalent Montgomery curve, one inversion per round of additions
 *   (msm-affine.ts); below it, and on Bandersnatch (incomplete: its
 *   exceptional sums must raise ERR_POINT_AT_INFINITY as the extended
 *   formulas do), in extended coordinates.
 *
 * `msmNonConst` switches from Straus to Pippenger at
 * `MSM_PIPPENGER_THRESHOLD` points (chosen by measurement; see the README
 * figure). Scalars are integers in [0, 2^256) (bigint or 32 bytes LE), not
 * reduced mod r, so the result is exact for points with a torsion component
 * too. MSM allocates its tables per call (O(n) points); the adds inside
 * allocate nothing.
 *
 * The digit recodings (wNAF, signed base-2^c windows) are the package's
 * shared ones (`shared/recode.ts`); edwards25519 has a specialised twin of
 * this module (`ed25519/msm.ts`, the figure that keeps it is there). The
 * window choice stays a table measured on these curves: a cost model fitted
 * to another curve's point formulas picks a different c for thousands of
 * sizes.
 *
 * References:
 * - [Straus64] E. G. Straus, "Addition chains of vectors", 1964.
 * - [Möller01] B. Möller, "Algorithms for multi-exponentiation", SAC 2001.
 * - [Pip76] N. Pippenger, "On the evaluation of powers and related problems", FOCS 1976.
 * - [BDLO12] Bernstein, Doumen, Lange, Oosterwijk, "Faster batch forgery
 *   identification", INDOCRYPT 2012.
 */
import { readMsmOptions, type MsmOptions } from '../shared/msm-options.js';
import { StrataError, ErrorCode } from '@strata/field';
import { PointAffine, PointExtended, expectCurve, type EdwardsCurve } from './point.js';
import { expectPointOn } from './params.js';
import { scalarToBytes, wnafRecode, type Scalar } from './scalar.js';
import { oddMultiplesNonConst } from './wnaf.js';
import { recodeSignedNonConst } from '../shared/recode.js';
import { pippengerAffineNonConst } from './msm-affine.js';
import { edwardsBackend } from '../engine/state.js';

/**
 * Input size from which `msmNonConst` uses Pippenger instead of Straus,
 * chosen by timing both on the same inputs (CPU time, full-size scalars,
 * `test/edwards/bench.ts msm`): Jubjub n = 48: Straus 4.82 ms / Pippenger
 * 4.92 ms; n = 64: 6.03 / 6.09; n = 80: 7.77 / 6.98; n = 96: 9.59 / 8.13.
 * BabyJubjub: n = 48: 5.28 / 5.40; n = 64: 6.69 / 6.70; n = 80: 9.11 / 7.87.
 * (Counting field multiplications alone would put the switch near 160:
 * Straus pays for its 16-entry tables in memory traffic, not multiplications.)
 */
export const MSM_PIPPENGER_THRESHOLD = 64;

function checkInputs(curve: EdwardsCurve, points: readonly (PointExtended | PointAffine)[], scalars: readonly Scalar[], out: PointExtended | undefined): void {
  expectCurve('msm curve', curve);
  if (out !== undefined) expectPointOn('msm out', out, PointExtended, curve);
  if (!Array.isArray(points) || !Array.isArray(scalars)) throw new TypeError('msm: expected arrays of points and scalars');
  if (points.length !== scalars.length) {
    throw new StrataError(ErrorCode.BAD_LENGTH, `msmNonConst: expected as many scalars as points (${points.length}), got ${scalars.length}`);
  }
  for (const P of points) {
    if (!(P instanceof PointExtended || P instanceof PointAffine)) throw new TypeError('msm: expected PointExtended or PointAffine inputs');
    if (P.curve !== curve) throw new TypeError(`msm: expected points on ${curve.name}, got a point on ${P.curve.name}`);
  }
}

function toExt(curve: EdwardsCurve, P: PointExtended | PointAffine): PointExtended {
  return P instanceof PointAffine ? new PointExtended(curve).setAffine(P) : P.clone();
}

/**
 * Sets acc = Σ kᵢ·Pᵢ by Straus' interleaved width-5 wNAF and returns acc;
 * kᵢ is bytes[32i … 32i + 32), little-endian.
 */
function msmStrausNonConst(curve: EdwardsCurve, points: readonly (PointExtended | PointAffine)[], bytes: Uint8Array, acc: PointExtended): PointExtended {
  const n = points.length;
  const tabs: PointExtended[][] = [];
  const nafs: Int8Array[] = [];
  const D = new PointExtended(curve);
  let top = 0;
  for (let i = 0; i < n; i++) {
    const naf = new Int8Array(264);
    const len = wnafRecode(naf, bytes.subarray(32 * i, 32 * i + 32), 5);
    nafs.push(naf);
    if (len > top) top = len;
    const t: PointExtended[] = [];
    for (let j = 0; j < 16; j++) t.push(new PointExtended(curve));
    oddMultiplesNonConst(toExt(curve, points[i]!), D, t, 0, 8, 8);
    tabs.push(t);
  }
  acc.setIdentity();
  for (let b = top - 1; b >= 0; b--) {
    let any = false;
    for (let i = 0; i < n; i++) if (nafs[i]![b] !== 0) { any = true; break; }
    if (any || b === 0) acc.double(acc); else acc.doubleNoT(acc);
    for (let i = 0; i < n; i++) {
      const d = nafs[i]![b]!;
      if (d > 0) acc.add(acc, tabs[i]![(d - 1) >> 1]!);
      else if (d < 0) acc.add(acc, tabs[i]![8 + ((-d - 1) >> 1)]!);
    }
  }
  return acc;
}

/**
 * The Pippenger window width c for n points: the c that minimised the
 * count of field multiplications per point in a sweep of c = 2..12 over
 * n = 2..2048 on Jubjub (scripts in the README): best c was 3 (n = 8),
 * 4 (16–24), 5 (32–64), 6 (96–128), 7 (192–256), 8 (512), 9 (1024–2048).
 */
export function pippengerWindow(n: number): number {
  if (n < 12) return 3;
  if (n < 28) return 4;
  if (n < 80) return 5;
  if (n < 160) return 6;
  if (n < 384) return 7;
  if (n < 768) return 8;
  if (n < 3072) return 9;
  if (n < 6144) return 10;
  return 11;
}

/**
 * Sets acc = Σ kᵢ·Pᵢ by Pippenger's bucket method with signed base-2^c
 * digits (c = `pippengerWindow(n)` unless `window` is non-zero, already
 * checked by `msmNonConst`) and returns acc; kᵢ is bytes[32i … 32i + 32),
 * little-endian.
 */
function msmPippengerNonConst(curve: EdwardsCurve, points: readonly (PointExtended | PointAffine)[], bytes: Uint8Array, acc: PointExtended, window: number): PointExtended {
  const n = points.length;
  const c = window !== 0 ? window : pippengerWindow(n);
  const windows = Math.ceil(257 / c);
  const half = 1 << (c - 1);
  // Signed digits, window-major: digits[w·n + i] ∈ (−2^(c−1), 2^(c−1)]; 257 ≤ windows·c, so the
  // top window never carries out.
  const digits = new Int32Array(windows * n);
  for (let i = 0; i < n; i++) recodeSignedNonConst(bytes, 32 * i, 32, c, windows, digits, i, n);
  const pts: PointExtended[] = [];
  const neg: PointExtended[] = [];
  for (let i = 0; i < n; i++) {
    const P = toExt(curve, points[i]!);
    pts.push(P);
    neg.push(P.clone().negate(P));
  }
  const buckets: PointExtended[] = [];
  for (let b = 0; b < half; b++) buckets.push(new PointExtended(curve));
  const used = new Uint8Array(half);
  const run = new PointExtended(curve);
  const win = new PointExtended(curve);
  acc.setIdentity();
  for (let w = windows - 1; w >= 0; w--) {
    for (let j = 1; j < c; j++) acc.doubleNoT(acc);
    acc.double(acc);
    used.fill(0);
    for (let i = 0; i < n; i++) {
      const d = digits[w * n + i]!;
      if (d === 0) continue;
      const b = (d > 0 ? d : -d) - 1;
      const src = d > 0 ? pts[i]! : neg[i]!;
      if (used[b] === 0) { buckets[b]!.set(src); used[b] = 1; } else buckets[b]!.add(buckets[b]!, src);
    }
    // Σ (b+1)·bucket[b] by a running sum from the top bucket down.
    run.setIdentity();
    win.setIdentity();
    let any = false;
    for (let b = half - 1; b >= 0; b--) {
      if (used[b] === 1) { run.add(run, buckets[b]!); any = true; }
      if (any) win.add(win, run);
    }
    acc.add(acc, win);
  }
  return acc;
}

/**
 * Sets out = Σ kᵢ·Pᵢ and returns out (a new point if omitted): Straus below
 * MSM_PIPPENGER_THRESHOLD points, Pippenger from there, unless `options`
 * force an algorithm or a window (the `MsmOptions` of every module).
 * Variable-time: for public scalars. Throws StrataError ERR_BAD_LENGTH when
 * the array lengths differ, ERR_POINT_AT_INFINITY on an incomplete curve
 * when a point outside the exception-free subgroup makes the result or a
 * partial sum a point at infinity (point.ts, module doc), TypeError for points of another curve or class
 * and bad options, RangeError for a window outside [2, 16].
 */
export function msmNonConst(
  curve: EdwardsCurve,
  points: readonly (PointExtended | PointAffine)[],
  scalars: readonly Scalar[],
  out?: PointExtended,
  options?: MsmOptions,
): PointExtended {
  const { algorithm, window } = readMsmOptions('msmNonConst', options);
  checkInputs(curve, points, scalars, out);
  const n = points.length;
  const bytes = new Uint8Array(32 * n);
  for (let i = 0; i < n; i++) scalarToBytes(scalars[i]!, bytes.subarray(32 * i, 32 * i + 32));
  const straus = algorithm === 'straus' || (algorithm === undefined && n < MSM_PIPPENGER_THRESHOLD);
  const acc = out ?? new PointExtended(curve);
  const be = edwardsBackend();
  if (be === null || !be.serves(curve)) return tsMsmNonConst(points, bytes, straus, window ?? 0, acc);
  be.msmNonConst(points, bytes, straus, window ?? 0, acc);
  return acc;
}

/**
 * Input size from which Pippenger keeps its buckets in batch-affine form
 * (msm-affine.ts) on a complete curve: each round of bucket additions pays
 * one inversion, which smaller inputs do not amortise. Measured on
 * BabyJubjub, TypeScript engine, batch-affine / extended time, paired
 * (median of 5 alternating rounds in one process, on a heavily loaded
 * 2-core host, spread about ±20 %): n = 1024: 0.92, 4096: 0.98,
 * 16 384: 0.88.
 */
export const MSM_BATCH_AFFINE_THRESHOLD = 1024;

/**
 * @internal TypeScript backend (backend.ts EdwardsBackend.msmNonConst): acc
 * = Σ kᵢ·Pᵢ on acc's curve by Straus or Pippenger (with batch-affine
 * buckets from MSM_BATCH_AFFINE_THRESHOLD points on a complete curve).
 */
export function tsMsmNonConst(points: readonly (PointExtended | PointAffine)[], bytes: Uint8Array, straus: boolean, window: number, acc: PointExtended): PointExtended {
  if (straus) return msmStrausNonConst(acc.curve, points, bytes, acc);
  if (acc.curve.complete && points.length >= MSM_BATCH_AFFINE_THRESHOLD) return pippengerAffineNonConst(points, bytes, window, acc);
  return msmPippengerNonConst(acc.curve, points, bytes, acc, window);
}
