/**
 * Pippenger's bucket method with batch-affine buckets on the complete
 * generic Edwards curves (Jubjub, BabyJubjub; public scalars, variable
 * time): the twin of src/edwards/msm-affine.ts, the same algorithm, the same
 * order of additions, in linear memory (EDWARDS_MSM_REGION, map below).
 *
 * The buckets live on the birationally equivalent Montgomery curve
 * B·v² = u³ + A·u² + u, A = 2(a + d)/(a − d), B = 4/(a − d) ([BL08] Thm
 * 3.2), scaled by 1/B: (u', v') = (u/B, v/B) lies on v'² = u'³ + A'·u'² +
 * C·u', A' = A/B, C = 1/B², whose chord addition costs one inversion (of
 * u2' − u1') and 2M + 1S besides it, on every curve (unscaled, B ≠ 1 costs
 * a multiplication by B more per addition: Jubjub). Montgomery's
 * simultaneous inversion ([MONT87] §10.3.1) shares one inversion among all
 * the additions of a round for 3M each: some 6M an addition, against 9M for
 * add-2008-hwcd. Below, u and v are the scaled coordinates.
 *
 * - amsmLoad maps the staged Edwards points (X : Y : Z) to
 *   u = (Z + Y)/(B·(Z − Y)), v = u·Z/X with one inversion per staged batch; the
 *   identity is flagged and skipped, (0, −1) ↦ (0, 0). On a complete curve d
 *   is not a square, so no point has u = −1: the map is a bijection of the
 *   rest onto the affine Montgomery points ([BBJLP08] Thm 3.3).
 * - amsmRun, per window from the top: counting-sorts the points with a
 *   non-zero signed digit into 2^(c−1) bucket lists at POS (−P: (u, −v)),
 *   then halves every list per round, all its pairs with one inversion,
 *   until each holds at most one point. Equal operands are doubled (tangent,
 *   denominator 2v in the same batch); opposite ones, and twice a point of
 *   order 2 (v = 0), leave the list (their sum is the identity). No
 *   denominator of the batch is then zero.
 * - The bucket sums return to Edwards affine form with one more inversion,
 *   x = u/v, y = (B·u − 1)/(B·u + 1) ((0, 0) ↦ (0, −1)), and Σ (b + 1)·bucket_b is
 *   taken by running sums in extended coordinates; each window's sum joins
 *   the total after c doublings (Horner).
 *
 * The bridge (src/edwards/wasm.ts) writes A', C, 1/B and B (Montgomery form) at
 * AMSM_CONSTS, stages points 128 at a time (amsmLoad), copies the scalars
 * to AMSM_SCALARS and calls amsmRun once a chunk of at most AMSM_MAX
 * points; the chunks' results are summed in MSM_ACC (msm.ts).
 *
 *   +0x000000  AMSM_CONSTS  A', C, 1/B, B (40 bytes each), B = 1 flag (i32)
 *   +0x000100  (3 points of scratch: the window sum, the running sum, the chunk total)
 *   +0x000400  START        i32 × 2^(AMSM_MAX_WINDOW − 1): each bucket list's first position
 *   +0x002400  LEN          i32 × 2^(AMSM_MAX_WINDOW − 1): each list's length
 *   +0x004400  KIND         u8 × AMSM_MAX: 0 a point, 1 the identity, 2 (0, −1)
 *   +0x008400  PAIRKIND     u8 × AMSM_MAX/2: 0 chord, 1 tangent, 2 the sum is the identity
 *   +0x00A400  BUCKETS      2^(AMSM_MAX_WINDOW − 1) Edwards affine points (x, y)
 *   +0x032400  DEN          AMSM_MAX/2 elements: a batch's denominators
 *   +0x082400  PRE          AMSM_MAX/2 elements: their prefix products, then inverses
 *   +0x0D2400  AMSM_SCALARS AMSM_MAX 32-byte little-endian scalars
 *   +0x152400  DIGITS       AMSM_DIGITS i16 signed digits, window-major
 *   +0x222400  IN           AMSM_MAX Montgomery points (u, v) of the inputs
 *   +0x362400  POS          AMSM_MAX Montgomery points: the bucket lists
 *   +0x4A2400  end (the region is 0x4B0000 bytes)
 *
 * References:
 * - [Pip76] N. Pippenger, "On the evaluation of powers and related problems", FOCS 1976.
 * - [BDLO12] Bernstein, Doumen, Lange, Oosterwijk, "Faster batch forgery
 *   identification", INDOCRYPT 2012, §4 (signed bucket digits).
 * - [MONT87] P. L. Montgomery, "Speeding the Pollard and elliptic curve
 *   methods of factorization", Math. Comp. 48 (1987), §10.3.1, §10.3.
 * - [BL08] D. J. Bernstein, P. Birkner, M. Joye, T. Lange, C. Peters,
 *   "Twisted Edwards curves", AFRICACRYPT 2008, Thm 3.2 (the birational map).
 * - [BBJLP08] ibid., Thm 3.3 (completeness: a square, d not a square).
 */
import * as F from '@strata/field/wasm/prime-field.generated';
import { ONE, feIn, invert } from './curve';
import { add, addAffine, double, doubleNoT, setIdentity } from './point';
import { signedDigits } from './msm';
import { AFF, FE, MSM_AFFINE, MSM_STAGE, PT, TS_FE, TS_PT } from './layout';

export const AMSM: usize = 0x390000;
export const AMSM_SIZE: usize = 0x4b0000;
export const AMSM_CONSTS: usize = AMSM;
const MA: usize = AMSM;
const MC: usize = AMSM + 40;
const MINVB: usize = AMSM + 80;
const MB: usize = AMSM + 120;
const B_IS_ONE: usize = AMSM + 160;
const WSUM: usize = AMSM + 0x100;
const RUN: usize = WSUM + PT;
const TOTAL: usize = RUN + PT;
const START: usize = AMSM + 0x400;
const LEN: usize = AMSM + 0x2400;
const KIND: usize = AMSM + 0x4400;
const PAIRKIND: usize = AMSM + 0x8400;
const BUCKETS: usize = AMSM + 0xa400;
const DEN: usize = AMSM + 0x32400;
const PRE: usize = AMSM + 0x82400;
export const AMSM_SCALARS: usize = AMSM + 0xd2400;
const DIGITS: usize = AMSM + 0x152400;
const IN: usize = AMSM + 0x222400;
const POS: usize = AMSM + 0x362400;

/** Points per chunk. */
export const AMSM_MAX: i32 = 16384;
/** Largest window: 2^(c−1) buckets fill START, LEN and BUCKETS. */
export const AMSM_MAX_WINDOW: i32 = 12;
/** Digits DIGITS holds: windows · n ≤ AMSM_DIGITS (26 windows of AMSM_MAX, c ≥ 10 at AMSM_MAX points). */
export const AMSM_DIGITS: i32 = 26 * 16384;

// Scratch elements (the formulas' FE_TMP is point.ts's; these are the region's own).
const T0: usize = TOTAL + PT;
const T1: usize = T0 + FE;
const T2: usize = T1 + FE;
const T3: usize = T2 + FE;
const T4: usize = T3 + FE;
const T5: usize = T4 + FE;

// @ts-ignore: decorator
@inline
function el(base: usize, i: i32): usize {
  return base + <usize>i * FE;
}

// @ts-ignore: decorator
@inline
function pt(base: usize, i: i32): usize {
  return base + <usize>i * AFF;
}

/**
 * Sets pre[j] ≡ 1/den[j] for j < m (prefix products in PRE on entry; they and
 * den[j] reduced or lazy, below 2p), with one inversion. The inverses are lazy too
 * (below 2p, the products without their final subtraction): only products read them.
 */
function batchInvert(m: i32): void {
  const inv = T0;
  invert(inv, el(PRE, m - 1), T1);
  for (let j = m - 1; j > 0; j--) {
    F.mulLazy(el(PRE, j), inv, el(PRE, j - 1)); //            inv < 2p, pre[j − 1] < 2p: below 2p
    F.mulLazy(inv, inv, el(DEN, j));
  }
  F.copy(PRE, inv);
}

/**
 * Maps n staged points (4 × 11 doubles each at MSM_STAGE; where MSM_AFFINE[i]
 * is 1 only x and y are read, Z = 1) to Montgomery (u, v) at IN[start …
 * start + n), their kinds in KIND, with one inversion of Π (Z − Y)·X over
 * the regular points. n ≤ MSM_STAGE_POINTS.
 */
export function amsmLoad(start: i32, n: i32): void {
  // Pass 1: IN.u = Z + Y, IN.v = Z, POS[i] = X (scratch until the inverse is known), DEN = (Z − Y)·X.
  let m = 0;
  for (let i = 0; i < n; i++) {
    const src = MSM_STAGE + <usize>i * TS_PT, dst = pt(IN, start + i), X = pt(POS, i);
    feIn(X, src);
    feIn(T1, src + TS_FE);
    if (load<u8>(MSM_AFFINE + <usize>i) != 0) F.copy(T2, ONE); else feIn(T2, src + 2 * TS_FE);
    F.sub(T3, T2, T1);
    const k = KIND + <usize>(start + i);
    if (F.isZero(X)) {
      // x = 0: the identity (Y = Z) or (0, −1) ↦ (0, 0).
      store<u8>(k, F.isZero(T3) ? 1 : 2);
      memory.fill(dst, 0, AFF);
      continue;
    }
    store<u8>(k, 0);
    F.add(dst, T2, T1);
    F.copy(dst + FE, T2);
    F.mulLazy(el(DEN, m), T3, X); //                           below 2p: only products read DEN
    if (m == 0) F.copy(PRE, DEN); else F.mulLazy(el(PRE, m), el(PRE, m - 1), el(DEN, m));
    m++;
  }
  if (m == 0) return;
  batchInvert(m);
  // Pass 2: w = 1/(B·(Z − Y)·X); u = (Z + Y)·X·w, v = (Z + Y)·Z·w.
  m = 0;
  for (let i = 0; i < n; i++) {
    if (load<u8>(KIND + <usize>(start + i)) != 0) continue;
    const dst = pt(IN, start + i), w = el(PRE, m);
    m++;
    if (load<i32>(B_IS_ONE) == 0) F.mulLazy(w, w, MINVB); //   w below 2p until the last two products
    F.mulLazy(w, w, dst);
    F.mul(dst + FE, w, dst + FE);
    F.mul(dst, w, pt(POS, i));
  }
}

/** Counting sort of the points with a non-zero digit of window w into the bucket lists at POS. */
function sortIntoBuckets(w: i32, n: i32, nb: i32): void {
  memory.fill(LEN, 0, <usize>nb << 2);
  const dg = DIGITS + (<usize>(w * n) << 1);
  for (let i = 0; i < n; i++) {
    const d = <i32>load<i16>(dg + (<usize>i << 1));
    if (d == 0 || load<u8>(KIND + <usize>i) == 1) continue;
    const at = LEN + (<usize>((d > 0 ? d : -d) - 1) << 2);
    store<i32>(at, load<i32>(at) + 1);
  }
  let s: i32 = 0;
  for (let b = 0; b < nb; b++) {
    const o = <usize>b << 2;
    store<i32>(START + o, s);
    s += load<i32>(LEN + o);
    store<i32>(LEN + o, 0);
  }
  for (let i = 0; i < n; i++) {
    const d = <i32>load<i16>(dg + (<usize>i << 1));
    if (d == 0 || load<u8>(KIND + <usize>i) == 1) continue;
    const o = <usize>((d > 0 ? d : -d) - 1) << 2;
    const l = load<i32>(LEN + o);
    const dst = pt(POS, load<i32>(START + o) + l), src = pt(IN, i);
    F.copy(dst, src);
    if (d > 0) F.copy(dst + FE, src + FE); else F.neg(dst + FE, src + FE);
    store<i32>(LEN + o, l + 1);
  }
}

/**
 * One round: adds every bucket list's entries in pairs (positions 2j and
 * 2j + 1), all with one batched inversion, writing the sums to the list's
 * first positions (an odd last entry moves after them; a sum that is the
 * identity is dropped); returns whether any pair was added.
 */
function round(nb: i32): bool {
  // Pass 1: the denominators (1 for a pair whose sum is the identity) and their prefix products.
  let m = 0;
  for (let b = 0; b < nb; b++) {
    const L = load<i32>(LEN + (<usize>b << 2));
    if (L < 2) continue;
    const s = load<i32>(START + (<usize>b << 2));
    for (let j = 0; j + 1 < L; j += 2) {
      const p1 = pt(POS, s + j), p2 = p1 + AFF, d = el(DEN, m);
      if (!F.equals(p1, p2)) {
        store<u8>(PAIRKIND + <usize>m, 0);
        F.sub(d, p2, p1); //                                  u2 − u1
      } else if (!F.equals(p1 + FE, p2 + FE) || F.isZero(p1 + FE)) {
        store<u8>(PAIRKIND + <usize>m, 2); //                 P + (−P), or 2P with P of order 2
        F.copy(d, ONE);
      } else {
        store<u8>(PAIRKIND + <usize>m, 1);
        F.add(d, p1 + FE, p1 + FE); //                        2v
      }
      if (m == 0) F.copy(PRE, d); else F.mulLazy(el(PRE, m), el(PRE, m - 1), d);
      m++;
    }
  }
  if (m == 0) return false;
  batchInvert(m);
  // Pass 3: the sums, forwards (a sum goes to a position no later than its operands').
  const lam = T1, u3 = T2, tt = T3;
  m = 0;
  for (let b = 0; b < nb; b++) {
    const lo = LEN + (<usize>b << 2);
    const L = load<i32>(lo);
    if (L < 2) continue;
    const s = load<i32>(START + (<usize>b << 2));
    let out = 0;
    for (let j = 0; j + 1 < L; j += 2) {
      const pk = load<u8>(PAIRKIND + <usize>m);
      const invD = el(PRE, m);
      m++;
      if (pk == 2) continue;
      const p1 = pt(POS, s + j), p2 = p1 + AFF;
      if (pk == 0) {
        F.subLazy1(lam, p2 + FE, p1 + FE); //                 λ = (v2 − v1)/(u2 − u1)
        F.mulLazy(lam, lam, invD); //                         below 2p: only products read λ
        F.sqr(u3, lam);
        F.sub(u3, u3, MA);
        F.sub(u3, u3, p1);
        F.sub(u3, u3, p2); //                                 u3 = λ² − A' − u1 − u2
      } else {
        F.sqr(lam, p1); //                                    λ = (3u1² + 2A'·u1 + C)/(2v1)
        F.add(tt, lam, lam);
        F.add(lam, lam, tt);
        F.mul(tt, MA, p1);
        F.add(tt, tt, tt);
        F.add(lam, lam, tt);
        F.add(lam, lam, MC);
        F.mulLazy(lam, lam, invD);
        F.sqr(u3, lam);
        F.sub(u3, u3, MA);
        F.sub(u3, u3, p1);
        F.sub(u3, u3, p1); //                                 u3 = λ² − A' − 2u1
      }
      const o = pt(POS, s + out);
      F.subLazy1(tt, p1, u3); //                              below 2p (u1 + p − u3): a product reads it
      F.mul(tt, tt, lam);
      F.sub(o + FE, tt, p1 + FE); //                          v3 = λ·(u1 − u3) − v1
      F.copy(o, u3);
      out++;
    }
    if ((L & 1) == 1) {
      // The odd last entry moves to the first free position (out ≤ L − 1).
      if (out != L - 1) memory.copy(pt(POS, s + out), pt(POS, s + L - 1), AFF);
      out++;
    }
    store<i32>(lo, out);
  }
  return true;
}

/** Sets out = B·u for the scaled u at p (u itself when B = 1), and returns out. */
function unscaled(out: usize, p: usize): usize {
  if (load<i32>(B_IS_ONE) != 0) return p;
  F.mul(out, p, MB);
  return out;
}

/**
 * Writes each non-empty bucket's point (one entry left in its list) to
 * BUCKETS[b] in Edwards affine form, x = u/v, y = (B·u − 1)/(B·u + 1), with
 * one inversion of Π v·(B·u + 1) ((0, 0) ↦ (0, −1)); returns the number of
 * non-empty buckets.
 */
function bucketsToEdwards(nb: i32): i32 {
  let m = 0;
  for (let b = 0; b < nb; b++) {
    if (load<i32>(LEN + (<usize>b << 2)) == 0) continue;
    const p = pt(POS, load<i32>(START + (<usize>b << 2))), d = el(DEN, m);
    if (F.isZero(p + FE)) F.copy(d, ONE);
    else {
      F.add(d, unscaled(T4, p), ONE);
      F.mulLazy(d, d, p + FE); //                             below 2p: only products read DEN
    }
    if (m == 0) F.copy(PRE, d); else F.mulLazy(el(PRE, m), el(PRE, m - 1), d);
    m++;
  }
  if (m == 0) return 0;
  batchInvert(m);
  m = 0;
  for (let b = 0; b < nb; b++) {
    if (load<i32>(LEN + (<usize>b << 2)) == 0) continue;
    const p = pt(POS, load<i32>(START + (<usize>b << 2))), w = el(PRE, m), q = pt(BUCKETS, b);
    m++;
    if (F.isZero(p + FE)) {
      memory.fill(q, 0, FE); //                               (0, 0) ↦ (0, −1)
      F.neg(q + FE, ONE);
      continue;
    }
    const bu = unscaled(T3, p);
    F.add(T4, bu, ONE);
    F.mulLazy(T4, T4, p);
    F.sub(T5, bu, ONE);
    F.mulLazy(T5, T5, p + FE); //                             T4, T5, w below 2p: the products reduce
    F.mul(q, T4, w); //                                       x = u/v = u·(B·u + 1)·w
    F.mul(q + FE, T5, w); //                                  y = (B·u − 1)/(B·u + 1) = (B·u − 1)·v·w
  }
  return m;
}

/**
 * Sets r = Σ kᵢ·Pᵢ over the n points loaded at IN (scalars at AMSM_SCALARS,
 * their top non-zero bit below maxBits + 1) by the batch-affine bucket
 * method with window c, raised as needed so the digits fit AMSM_DIGITS and
 * clamped to [2, AMSM_MAX_WINDOW]. n ≤ AMSM_MAX.
 */
export function amsmRun(r: usize, n: i32, c: i32, maxBits: i32): void {
  setIdentity(r);
  if (n == 0 || maxBits == 0) return;
  c = max(2, min(c, AMSM_MAX_WINDOW));
  let windows = (maxBits + c) / c;
  while (c < AMSM_MAX_WINDOW && windows * n > AMSM_DIGITS) {
    c++;
    windows = (maxBits + c) / c;
  }
  const nb = 1 << (c - 1);
  // windows·c ≥ maxBits + 1: no carry out of the top window.
  signedDigits(DIGITS, AMSM_SCALARS, n, c, windows);
  for (let w = windows - 1; w >= 0; w--) {
    if (w != windows - 1) {
      for (let j = 1; j < c; j++) doubleNoT(r, r);
      double(r, r);
    }
    sortIntoBuckets(w, n, nb);
    while (round(nb)) { /* halve every list */ }
    if (bucketsToEdwards(nb) == 0) continue;
    // Σ_b (b + 1)·bucket_b by running sums from the top bucket down.
    setIdentity(RUN);
    setIdentity(WSUM);
    let started = false;
    for (let b = nb - 1; b >= 0; b--) {
      if (load<i32>(LEN + (<usize>b << 2)) != 0) {
        addAffine(RUN, RUN, pt(BUCKETS, b));
        started = true;
      }
      if (started) add(WSUM, WSUM, RUN);
    }
    add(r, r, WSUM);
  }
}

/** The chunk total's scratch point (amsmRun's r for the bridge's chunks). */
export const AMSM_TOTAL: usize = TOTAL;
