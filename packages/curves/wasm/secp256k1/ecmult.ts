/**
 * Variable-time scalar multiplication kernels (public scalars and points):
 * the effective-affine one-shot table of P, the interleaved wNAF loop over
 * digit streams, G's tables and k·G. The TypeScript bridge does the cheap
 * public recoding (GLV split and wNAF, src/secp256k1/scalar.ts) and writes
 * the digits and one descriptor per stream; one call here then runs the
 * whole double-and-add loop, with the formulas of the TypeScript engine in
 * the same order (ecmult.ts), so the result is the same normalized triple.
 *
 * Why the digits come from TypeScript: the recoding is a few hundred
 * nanoseconds of integer code that the TypeScript engine already has and
 * tests; doing it here would duplicate it for a negligible gain, while the
 * loop (≈ 130 doublings and ≈ 45 additions) is where the field
 * multiplications are.
 */
import * as F from '@strata/field/wasm/secp256k1';
import { ACC, BETA, GX, GY, INV_SCRATCH, accReset, accStore, addAffine, dblLazy, double, fmul, fsqr, maddLazy, setPoint, slot } from './point';
import {
  COMB, COMB_PER, COMB_WINDOWS, DESC, FLAGS, GODD, IN_K, IN_P, ONESHOT, ONESHOT_PRE, ONESHOT_PTS, OUT, WORK, WORK_PRE,
} from './layout';

/** wNAF width of the one-shot table of P. */
const WINDOW_P: i32 = 5;
/** Entries of the one-shot table: 2^(WINDOW_P − 2). */
const PSIZE: i32 = 1 << (WINDOW_P - 2);
/** Entries of G's odd-multiples table (width 8). */
const GSIZE: i32 = 64;

const SX = slot(13), SY = slot(14);
/** u, the Z factor of the effective-affine curve of the one-shot table (see buildOneShot). */
export const ZG = slot(15);
const ZG2 = slot(16), ZG3 = slot(17), FA = slot(18), FB = slot(19), ONE = slot(20);
/** A Jacobian point (slots 27 – 29) and the doubling D (30 – 32) of the builders. */
const TMP = slot(27), DBL = slot(30);

/**
 * Builds the one-shot table of the finite normalized point P at IN_P:
 * the odd multiples P, 3P, …, 15P, affine on the isomorphic curve
 * E_u: y² = x³ + 7·u⁶ (the map (x, y) ↦ (x·u², y·u³)), as entries x, y, β·x
 * at ONESHOT, and u at ZG. A result (X, Y, Z) computed on E_u from these
 * entries is (X, Y, Z·u) on E. No inversion: D = 2P is affine on
 * E_(Z_P·Z_D); the multiples P + i·D come from mixed additions there and
 * are brought to a common Z by prefix and suffix products.
 * Cost: 1 doubling + 7 mixed additions + ≈ 60M.
 */
export function buildOneShot(): void {
  const p = IN_P;
  F.copy(TMP, p);
  F.copy(TMP + 40, p + 40);
  F.setInt(TMP + 80, 1); //                           P on E_(Z_P): (X, Y, 1)
  double(DBL, TMP); //                                D = 2P, Jacobian with Z_D
  fsqr(FA, DBL + 80); //                              Z_D²
  const p0 = ONESHOT_PTS;
  fmul(p0, p, FA);
  F.normalize(p0); //                                 X·Z_D²
  fmul(FA, FA, DBL + 80); //                          Z_D³
  fmul(p0 + 40, p + 40, FA);
  F.normalize(p0 + 40); //                            Y·Z_D³
  F.setInt(p0 + 80, 1);
  for (let i = 1; i < PSIZE; i++) {
    const q = ONESHOT_PTS + 120 * <usize>i;
    addAffine(q, q - 120, DBL, DBL + 40);
  }
  // Common Z: C = Z_1⋯Z_(m−1) (Z_0 = 1); entry i scales by f_i = C / Z_i.
  F.setInt(ONE, 1);
  F.setInt(ONESHOT_PRE, 1);
  for (let i = 0; i < PSIZE; i++) {
    const pre = ONESHOT_PRE + 40 * <usize>i;
    fmul(pre + 40, pre, ONESHOT_PTS + 120 * <usize>i + 80); // Z_0⋯Z_i  (mag 1)
  }
  F.setInt(FB, 1);
  for (let i = PSIZE - 1; i >= 0; i--) {
    const q = ONESHOT_PTS + 120 * <usize>i;
    const e = ONESHOT + 120 * <usize>i;
    fmul(FA, ONESHOT_PRE + 40 * <usize>i, FB); //     f_i = C / Z_i                 (mag 1)
    fmul(FB, FB, q + 80); //                          Z_i⋯Z_(m−1)           (mag 1)
    fsqr(ZG2, FA); //                                 f_i²                  (mag 1)
    fmul(e, q, ZG2);
    F.normalize(e);
    fmul(ZG2, ZG2, FA); //                            f_i³                  (mag 1)
    fmul(e + 40, q + 40, ZG2);
    F.normalize(e + 40);
    fmul(e + 80, e, BETA);
    F.normalize(e + 80); //                           β·x
  }
  fmul(ZG, p + 80, DBL + 80);
  fmul(ZG, ZG, ONESHOT_PRE + 40 * <usize>PSIZE);
  F.normalize(ZG); //                                 u = Z_P·Z_D·C
}

/**
 * Sets OUT = Σ streams[0 … n−1] by Horner's rule over the digit positions,
 * one shared lazy doubling per position (dblLazy, 3M + 3S) and one mixed
 * addition (maddLazy, madd-2004-hmv, 8M + 3S) per non-zero digit.
 *
 * Stream s is the descriptor at DESC + 32·s, six i32: the address of its
 * digit for loop position 0 (i8 digits, zero or odd, |d| < 2^7), its
 * length, the address of its table (entries x, y, β·x of 120 bytes; digit
 * d reads entry (|d| − 1)/2), the x offset (0 for x, 80 for β·x), whether
 * the stream's y is negated, and whether the entries are affine on E and
 * must be mapped onto the one-shot table's curve E_u by (x·u², y·u³).
 * With `oneShot` ≠ 0 the loop runs on E_u (u at ZG from buildOneShot) and
 * the result's Z is multiplied by u, giving the point on E. OUT is
 * normalized (the identity as (0, 0, 0)).
 */
export function runStreams(n: i32, oneShot: i32): void {
  runStreamsAt(DESC, n, oneShot);
}

/** {@link runStreams} over the n descriptors at `desc` (MSM keeps its own). */
export function runStreamsAt(desc: usize, n: i32, oneShot: i32): void {
  let top = 0;
  for (let s = 0; s < n; s++) {
    const len = load<i32>(desc + 32 * <usize>s, 4);
    if (len > top) top = len;
  }
  if (oneShot != 0) {
    fsqr(ZG2, ZG);
    fmul(ZG3, ZG2, ZG);
  }
  accReset(ACC);
  for (let i = top - 1; i >= 0; i--) {
    dblLazy(ACC);
    for (let s = 0; s < n; s++) {
      const d = desc + 32 * <usize>s;
      if (i >= load<i32>(d, 4)) continue;
      const digit = <i32>load<i8>(<usize>load<i32>(d, 0) + <usize>i);
      if (digit == 0) continue;
      const e = <usize>load<i32>(d, 8) + 120 * <usize>(((digit > 0 ? digit : -digit) - 1) >> 1);
      F.copy(SX, e + <usize>load<i32>(d, 12));
      F.copy(SY, e + 40);
      if ((digit < 0) != (load<i32>(d, 16) != 0)) F.negate(SY, SY, 1); // −y (mag 2)
      if (load<i32>(d, 20) != 0) {
        fmul(SX, SX, ZG2); //                         x·u²                   (mag 1)
        fmul(SY, SY, ZG3); //                         y·u³                   (mag 1)
      }
      maddLazy(ACC, SX, SY);
    }
  }
  accStore(OUT, ACC);
  if (oneShot != 0 && !F.isZero(OUT + 80)) {
    fmul(OUT + 80, OUT + 80, ZG);
    F.normalize(OUT + 80);
  }
}

/**
 * Sets the n points at pts (120 bytes each, finite, normalized Jacobian) to
 * their affine forms (Z = 1, normalized) with one inversion (Montgomery's
 * trick): prefix products at WORK_PRE, then one pass back.
 * Preconditions: n ≤ WORK_POINTS, every Z ≠ 0.
 */
export function batchToAffine(pts: usize, n: i32): void {
  batchToAffineWith(pts, n, WORK_PRE);
}

/** {@link batchToAffine} with the n prefix products (40 bytes each) at `pre0`. */
export function batchToAffineWith(pts: usize, n: i32, pre0: usize): void {
  F.copy(pre0, pts + 80);
  for (let i = 1; i < n; i++) {
    const pre = pre0 + 40 * <usize>i;
    fmul(pre, pre - 40, pts + 120 * <usize>i + 80); // Z_0⋯Z_i (mag 1)
  }
  F.invert(FA, pre0 + 40 * <usize>(n - 1), INV_SCRATCH); // 1/(Z_0⋯Z_(n−1))
  for (let i = n - 1; i >= 0; i--) {
    const q = pts + 120 * <usize>i;
    if (i > 0) fmul(FB, FA, pre0 + 40 * <usize>(i - 1)); // 1/Z_i (mag 1)
    else F.copy(FB, FA);
    fmul(FA, FA, q + 80); //                          1/(Z_0⋯Z_(i−1))      (mag 1)
    fsqr(ZG2, FB); //                                 1/Z_i²               (mag 1)
    fmul(q, q, ZG2);
    F.normalize(q);
    fmul(ZG2, ZG2, FB); //                            1/Z_i³               (mag 1)
    fmul(q + 40, q + 40, ZG2);
    F.normalize(q + 40);
    F.setInt(q + 80, 1);
  }
}

/**
 * Writes the affine odd multiples (2i + 1)·P, i < m, of the finite
 * normalized point p as table entries x, y, β·x at dst (120 bytes each;
 * the layout of PublicPointTable.limbs). D = 2P is made affine first (one
 * inversion), the multiples P + i·D are mixed additions (madd-2007-bl) in
 * the work area, then one batch inversion. Affine points are unique, so the
 * entries equal the TypeScript engine's for the same P.
 * Preconditions: 1 ≤ m ≤ WORK_POINTS − 1.
 */
export function buildAffineOdd(p: usize, m: i32, dst: usize): void {
  const pts = WORK;
  setPoint(pts, p);
  double(DBL, p);
  batchToAffine(DBL, 1);
  for (let i = 1; i < m; i++) {
    const q = pts + 120 * <usize>i;
    addAffine(q, q - 120, DBL, DBL + 40);
  }
  batchToAffine(pts, m);
  for (let i = 0; i < m; i++) {
    const q = pts + 120 * <usize>i;
    const e = dst + 120 * <usize>i;
    F.copy(e, q);
    F.copy(e + 40, q + 40);
    fmul(e + 80, q, BETA);
    F.normalize(e + 80);
  }
}

/** Builds G's width-8 odd-multiples table at GODD unless it is built (flag at FLAGS). */
export function prepareG(): void {
  if (load<u32>(FLAGS) != 0) return;
  F.copy(TMP, GX);
  F.copy(TMP + 40, GY);
  F.setInt(TMP + 80, 1);
  buildAffineOdd(TMP, GSIZE, GODD);
  store<u32>(FLAGS, 1);
}

/**
 * Builds the comb table of G at COMB unless it is built (flag at FLAGS + 4):
 * point j·COMB_PER + (m − 1) is m·2^(8j)·G, m = 1 … 128, j = 0 … 31, and
 * point 32·COMB_PER is 2^256·G (the top window only carries), affine, x and
 * y packed as eight 32-bit words each (64 bytes per point; 256 KiB).
 * Per window: 127 mixed additions, one doubling to the next window's base,
 * one batch inversion over the window and that base.
 */
function prepareComb(): void {
  if (load<u32>(FLAGS, 4) != 0) return;
  const pts = WORK;
  const base = WORK + 120 * <usize>COMB_PER; // the 129th work point
  F.copy(base, GX);
  F.copy(base + 40, GY);
  F.setInt(base + 80, 1);
  for (let j = 0; j < COMB_WINDOWS - 1; j++) {
    setPoint(pts, base);
    for (let m = 1; m < COMB_PER; m++) {
      const q = pts + 120 * <usize>m;
      addAffine(q, q - 120, base, base + 40);
    }
    double(base, pts + 120 * <usize>(COMB_PER - 1)); // 2^(8(j+1))·G = 2·(128·2^(8j)·G)
    batchToAffine(pts, COMB_PER + 1);
    for (let m = 0; m < COMB_PER; m++) {
      const q = pts + 120 * <usize>m;
      const e = COMB + 64 * (<usize>j * <usize>COMB_PER + <usize>m);
      F.toWords(e, q);
      F.toWords(e + 32, q + 40);
    }
  }
  // The top window: its digit is the final carry (0 or 1), one point 2^256·G.
  const e = COMB + 64 * <usize>((COMB_WINDOWS - 1) * COMB_PER);
  F.toWords(e, base);
  F.toWords(e + 32, base + 40);
  store<u32>(FLAGS, 1, 4);
}

/**
 * Sets OUT = k·G for the 32 big-endian scalar bytes at IN_K (k < n),
 * variable time: signed 8-bit windows d_j ∈ (−128, 128] (33 of them, the
 * last one the final carry) over the comb table, at most 33 mixed
 * additions (madd-2004-hmv on the lazy accumulator), no doublings. The
 * first call builds the table. OUT normalized (not affine).
 */
export function baseMult(): void {
  prepareComb();
  accReset(ACC);
  let carry: i32 = 0;
  for (let j = 0; j < COMB_WINDOWS; j++) {
    let v = carry;
    if (j < 32) v += <i32>load<u8>(IN_K + <usize>(31 - j));
    if (v > 128) {
      v -= 256;
      carry = 1;
    } else carry = 0;
    if (v == 0) continue;
    const e = COMB + 64 * (<usize>j * <usize>COMB_PER + <usize>((v > 0 ? v : -v) - 1));
    F.fromWords(SX, e);
    F.fromWords(SY, e + 32);
    if (v < 0) F.negate(SY, SY, 1); //                −y                     (mag 2)
    maddLazy(ACC, SX, SY);
  }
  accStore(OUT, ACC);
}
