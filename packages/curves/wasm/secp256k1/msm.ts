/**
 * Variable-time kernels over many points (public inputs): Straus and the
 * table builder in the MSM area (TABLE_A and TABLE_B, 122 880 bytes),
 * Pippenger in its own area (PIPPENGER, 512 KiB, the second secp256k1
 * region): the Straus and Pippenger loops of
 * the TypeScript engine's src/secp256k1/msm.ts with the same formulas in
 * the same order, and the batch builder of PublicPointTables
 * (precomputeManyNonConst; layout at buildPieces). The bridge does the GLV
 * splits and digit recodings and bounds every input to the area (larger
 * inputs go in chunks); the kernels refuse counts whose layout would not
 * fit.
 *
 * Straus (m ≤ STRAUS_MAX pairs), offsets from MSM:
 *   0          m tables of 8 entries × 120 bytes; the bridge writes P_t
 *              (normalized Jacobian) at entry 0 of table t;
 *   60 480     prefix products (8m × 40 bytes);
 *   80 640     wNAF digit buffers (2m × 272 bytes, i8);
 *   114 944    stream descriptors (2m × 32 bytes, see ecmult.ts runStreams).
 *
 * Pippenger (m pairs, window c, nWin windows, nb = 2^(c−1) buckets),
 * offsets from PIPPENGER (512 KiB: a BIP-340 batch of 1024, 2049 pairs, in
 * one call (c = 9; c = 10 fits too), where the 120 KiB of the MSM area took six chunks
 * that each paid the bucket sums):
 *   0          m points × 120 bytes: the bridge writes P_t (normalized
 *              Jacobian); made affine in place and Z replaced by β·x;
 *   120m       prefix products (m × 40);
 *   160m       signed digits, i16, pair p = 2t (P_t) / 2t + 1 (φ(P_t)), window
 *              w at 2·(p·nWin + w), the GLV sign folded in (|d| ≤ 2^(c−1));
 *   next 8     buckets, nb × 128 bytes (lazy accumulators).
 */
import * as F from '@strata/field/wasm/secp256k1';
import { BETA, accReset, accStore, add, addAffine, double, fmul, maddLazy, setIdentity, setPoint, slot } from './point';
import { batchToAffineWith, runStreamsAt } from './ecmult';
import { M1, M2, recodeSigned, splitScalar } from './split';
import { CT_ACC, CT_SEL, CT_SUM, OUT, PIPPENGER, PIPPENGER_BYTES, TABLE_A, TABLE_BYTES } from './layout';

/** Start and size of the MSM area (slots A and B, contiguous). */
export const MSM: usize = TABLE_A;
export const MSM_BYTES: usize = 2 * TABLE_BYTES;
export const STRAUS_MAX: i32 = 63;
const STRAUS_M: i32 = 8;
export const STRAUS_PRE: usize = MSM + 60480;
export const STRAUS_DIGITS: usize = MSM + 80640;
export const STRAUS_DESC: usize = MSM + 114944;

const DBL = slot(30);
const NY = slot(42);

/**
 * Sets OUT = Σ k_t·P_t by Straus over m (≤ STRAUS_MAX) finite points whose
 * digit streams the bridge has written: per point the odd multiples
 * P, 3P, …, 15P (P + i·2P, Jacobian additions), all made affine with one
 * inversion, with β·x, then one interleaved wNAF loop over the 2m streams.
 */
export function straus(m: i32): void {
  if (m < 1 || m > STRAUS_MAX) return;
  for (let t = 0; t < m; t++) {
    const tab = MSM + 960 * <usize>t;
    double(DBL, tab);
    for (let i = 1; i < STRAUS_M; i++) {
      const q = tab + 120 * <usize>i;
      add(q, q - 120, DBL);
    }
  }
  batchToAffineWith(MSM, m * STRAUS_M, STRAUS_PRE);
  for (let i = 0; i < m * STRAUS_M; i++) {
    const e = MSM + 120 * <usize>i;
    fmul(e + 80, e, BETA);
    F.normalize(e + 80); //                          β·x
  }
  runStreamsAt(STRAUS_DESC, 2 * m, 0);
}

/** Bytes the Pippenger layout needs for m pairs, nWin windows and nb buckets. */
export function pippengerBytes(m: i32, nWin: i32, nb: i32): usize {
  return ((<usize>m * (160 + 4 * <usize>nWin) + 7) & ~7) + 128 * <usize>nb;
}

/**
 * Sets OUT = Σ k_t·P_t by Pippenger's bucket method over m finite points
 * with signed c-bit digits (the bridge's, signs folded in) and returns 1,
 * or returns 0 without touching anything when the layout would not fit the
 * Pippenger area (or c is outside 2 … 16). Per window from the top: c doublings
 * of the result (dbl-2009-l), each pair's point (P_t or φ(P_t) = (β·x, y))
 * added into bucket |d| − 1 (madd-2004-hmv on lazy buckets; −y for d < 0),
 * then Σ (b + 1)·bucket_b by running sums (Jacobian additions) added to the
 * result.
 */
export function pippenger(m: i32, c: i32, nWin: i32): i32 {
  if (m < 1 || c < 2 || c > 16 || nWin < 1 || nWin > 65) return 0;
  const nb = 1 << (c - 1);
  if (pippengerBytes(m, nWin, nb) > PIPPENGER_BYTES) return 0;
  const pre = PIPPENGER + 120 * <usize>m;
  const digits = PIPPENGER + 160 * <usize>m;
  const buckets = (digits + 4 * <usize>m * <usize>nWin + 7) & ~(<usize>7);
  batchToAffineWith(PIPPENGER, m, pre);
  for (let t = 0; t < m; t++) {
    const e = PIPPENGER + 120 * <usize>t;
    fmul(e + 80, e, BETA);
    F.normalize(e + 80); //                          β·x in place of Z
  }
  const running = CT_ACC, windowSum = CT_SEL, bucketPt = CT_SUM;
  setIdentity(OUT);
  const q = 2 * m;
  for (let w = nWin - 1; w >= 0; w--) {
    if (!F.isZero(OUT + 80)) for (let i = 0; i < c; i++) double(OUT, OUT);
    for (let b = 0; b < nb; b++) accReset(buckets + 128 * <usize>b);
    for (let p = 0; p < q; p++) {
      const d = <i32>load<i16>(digits + 2 * (<usize>p * <usize>nWin + <usize>w));
      if (d == 0) continue;
      const e = PIPPENGER + 120 * <usize>(p >> 1);
      const x = (p & 1) == 0 ? e : e + 80;
      if (d > 0) maddLazy(buckets + 128 * <usize>(d - 1), x, e + 40);
      else {
        F.negate(NY, e + 40, 1); //                   −y                     (mag 2)
        maddLazy(buckets + 128 * <usize>(-d - 1), x, NY);
      }
    }
    setIdentity(running);
    setIdentity(windowSum);
    for (let b = nb - 1; b >= 0; b--) {
      const bk = buckets + 128 * <usize>b;
      if (load<u32>(bk + 120) == 0) {
        accStore(bucketPt, bk);
        add(running, running, bucketPt);
      }
      if (!F.isZero(running + 80)) add(windowSum, windowSum, running);
    }
    add(OUT, OUT, windowSum);
  }
  return 1;
}

/**
 * {@link pippenger} with the scalars given as bytes: the bridge writes pair
 * t's scalar (32 big-endian bytes, public, < n) at the start of its digit
 * slot (PIPPENGER + 160·m + 4·nWin·t; 4·nWin ≥ 36 bytes for c ≤ 16), and
 * this splits it (GLV, split.ts) and writes its two halves' signed digits
 * there in place, signs folded in: the digits the bridge would write
 * (src/secp256k1/scalar.ts splitKNonConst, src/shared/recode.ts), computed
 * here in 64-bit integer arithmetic instead of TypeScript doubles. Returns
 * 0 without touching anything when the layout would not fit.
 */
export function pippengerScalars(m: i32, c: i32, nWin: i32): i32 {
  if (m < 1 || c < 2 || c > 16 || nWin < 9 || nWin > 65) return 0;
  if (pippengerBytes(m, nWin, 1 << (c - 1)) > PIPPENGER_BYTES) return 0;
  const digits = PIPPENGER + 160 * <usize>m;
  for (let t = 0; t < m; t++) {
    const at = digits + 4 * <usize>nWin * <usize>t;
    const signs = splitScalar(at);
    recodeSigned(M1, c, nWin, (signs & 1) != 0 ? -1 : 1, at);
    recodeSigned(M2, c, nWin, (signs & 2) != 0 ? -1 : 1, at + 2 * <usize>nWin);
  }
  return pippenger(m, c, nWin);
}

/**
 * Builds the PublicPointTable entries of `count` finite points written by
 * the bridge at MSM + 120·m·t·i (normalized Jacobian, entry 0 of point i),
 * in place: point i's entry j·m + e is (2e + 1)·2^(b·j)·P_i (e < m odd
 * multiples per piece, j < t pieces), as x, y, β·x (120 bytes), the
 * layout of PublicPointTable.limbs. Per piece: its base 2^(b·j)·P by b
 * doublings from the previous base, D = 2·base, all D made affine with one
 * inversion, the multiples base + e·D by mixed additions (madd-2007-bl),
 * then every entry made affine with one more inversion. Affine points are
 * unique, so the entries equal the TypeScript engine's. Returns 1, or 0
 * without writing when the layout (N = count·m·t entries: N·160 bytes, then
 * count·t steps of 120 bytes) does not fit the MSM area or a count is out
 * of range.
 */
export function buildPieces(count: i32, m: i32, t: i32, b: i32): i32 {
  if (count < 1 || m < 1 || m > 64 || t < 1 || t > 8 || b < 1 || b > 129) return 0;
  const n = <usize>count * <usize>m * <usize>t;
  if (n * 160 + <usize>count * <usize>t * 120 > MSM_BYTES) return 0;
  const pre = MSM + 120 * n;
  const steps = MSM + 160 * n;
  for (let i = 0; i < count; i++) {
    const p0 = MSM + 120 * <usize>(i * m * t);
    for (let j = 0; j < t; j++) {
      const base = p0 + 120 * <usize>(j * m);
      if (j > 0) {
        setPoint(base, base - 120 * <usize>m);
        for (let d = 0; d < b; d++) double(base, base);
      }
      double(steps + 120 * <usize>(i * t + j), base); // D = 2·base
    }
  }
  batchToAffineWith(steps, count * t, pre);
  for (let i = 0; i < count; i++) {
    for (let j = 0; j < t; j++) {
      const base = MSM + 120 * <usize>((i * t + j) * m);
      const d = steps + 120 * <usize>(i * t + j);
      for (let e = 1; e < m; e++) {
        const q = base + 120 * <usize>e;
        addAffine(q, q - 120, d, d + 40);
      }
    }
  }
  batchToAffineWith(MSM, <i32>n, pre);
  for (let i: usize = 0; i < n; i++) {
    const e = MSM + 120 * i;
    fmul(e + 80, e, BETA);
    F.normalize(e + 80); //                          β·x in place of Z
  }
  return 1;
}
