/**
 * Inversion in the secp256k1 base field by Bernstein–Yang divsteps
 * (safegcd), constant time, and the affine form of a Jacobian point with it
 * (`toAffine`, behind the bridge's pointToBytes / pointToBytesUncompressed).
 * The Fermat chain of `F.invert` costs 255 squarings and 15 products; the
 * divsteps here cost about a third of that.
 *
 * Numbers are nine signed 30-bit limbs (i32, value Σ x[k]·2^(30k): limbs
 * 0 … 7 in [0, 2^30), limb 8 signed), 270 bits. The algorithm is the one of
 * @strata/field's TypeScript `safegcd.ts` (which uses 24-bit digits in
 * doubles), in batches of 30 divsteps on 64-bit integers:
 * f = p, g = x, d = 0, e = 1, with the invariants f ≡ d·x and g ≡ e·x
 * (mod p). Each batch runs 30 "half-delta" divsteps ([BOUNDS]: δ starts at
 * 1/2, here η = 2δ starts at 1) on the low 32 bits of f and g alone (a
 * divstep looks only at the parity of g and the sign of η, and after i
 * steps the low 32 − i bits are still exact). They give an integer matrix
 * T = (u v; q r) with 2^30·(f', g') = T·(f, g) and |u| + |v|, |q| + |r|
 * ≤ 2^30 (each step doubles one row and adds the rows into the other).
 * T is applied to the full f and g (products < 2^60, column sums < 2^62;
 * the division by 2^30 is exact) and to d and e, where k·p with
 * k ≡ −t·p⁻¹ (mod 2^30) is added first so that the division is exact too;
 * then |d'| ≤ max(|d|, |e|) + p, so |d|, |e| ≤ 20·p < 2^261 after the 20
 * batches. 600 divsteps ≥ 590, the proven worst case of the half-delta
 * variant for 256-bit inputs ([BOUNDS]), leave g = 0 and f = ±1 for x ≢ 0,
 * and x⁻¹ ≡ ±d (mod p).
 *
 * Constant time: the divsteps are masks, shifts and adds (a swap by xor
 * with a mask, a negation by (x ^ m) − m); every loop has a fixed count;
 * no branch and no address depends on x.
 *
 * References:
 * - [BY19] D. J. Bernstein, B.-Y. Yang: Fast constant-time gcd computation
 *   and modular inversion, TCHES 2019(3).
 * - [BOUNDS] P. Wuille: Bounds on divsteps iterations in safegcd
 *   (github.com/sipa/safegcd-bounds; the hddivsteps variant and its bounds).
 */
import * as F from '@strata/field/wasm/secp256k1';
import { IN_P, OUT } from './layout';
import { fmul, fsqr, slot } from './field-ops';

/** Batches of {@link DIVSTEPS} divsteps: 20·30 = 600 ≥ 590. */
const BATCHES: i32 = 20;
const DIVSTEPS: i32 = 30;
const M30: i64 = 0x3fffffff;
/** p in nine 30-bit limbs (p = 2^256 − 2^32 − 977). */
const P30: usize = memory.data<i32>([0x3ffffc2f, 0x3ffffffb, 0x3fffffff, 0x3fffffff, 0x3fffffff, 0x3fffffff, 0x3fffffff, 0x3fffffff, 0xffff]);
/** p⁻¹ mod 2^30 (p·P_INV ≡ 1: tested). */
const P_INV: i64 = 0x2ddacacf;

// f, g, d, e: nine i32 limbs each (36 bytes) in field scratch slots 33 – 36.
const FF = slot(33), GG = FF + 36, DD = GG + 36, EE = DD + 36;
// toAffine's 1/Z, 1/Z², 1/Z³ (slots 37 – 39).
const ZI = slot(37), ZI2 = slot(38), ZT = slot(39);

/** Sets x (nine 30-bit limbs) = the normalized element at a (ten 26-bit limbs). */
function toLimbs30(x: usize, a: usize): void {
  let acc: u64 = 0;
  let bits: u32 = 0;
  let k: usize = 0;
  for (let i: usize = 0; i < 10; i++) {
    acc |= <u64>load<u32>(a + 4 * i) << bits;
    bits += 26;
    if (bits >= 30) { //                             public: the limb counts only
      store<i32>(x + 4 * k, <i32>(acc & <u64>M30));
      acc >>= 30;
      bits -= 30;
      k++;
    }
  }
  store<i32>(x + 4 * k, <i32>acc); //                k = 8: the top 16 bits
}

/**
 * Applies the batch matrix (u v; q r) to the pair at x, y: sets
 * (x, y) = ((u·x + v·y + kx·p) / 2^30, (q·x + r·y + ky·p) / 2^30), with
 * kx, ky chosen to make the divisions exact when `modular`, else 0 (the
 * divisions of f and g are exact by construction).
 */
// @ts-ignore: decorator
@inline
function applyMatrix(x: usize, y: usize, u: i64, v: i64, q: i64, r: i64, modular: bool): void {
  const x0 = <i64>load<i32>(x), y0 = <i64>load<i32>(y);
  let cx: i64 = u * x0 + v * y0;
  let cy: i64 = q * x0 + r * y0;
  let kx: i64 = 0, ky: i64 = 0;
  if (modular) {
    kx = (-cx * P_INV) & M30;
    ky = (-cy * P_INV) & M30;
    const p0 = <i64>load<i32>(P30);
    cx += kx * p0;
    cy += ky * p0;
  }
  cx >>= 30;
  cy >>= 30;
  for (let k: usize = 1; k < 9; k++) {
    const xk = <i64>load<i32>(x + 4 * k), yk = <i64>load<i32>(y + 4 * k);
    cx += u * xk + v * yk;
    cy += q * xk + r * yk;
    if (modular) {
      const pk = <i64>load<i32>(P30 + 4 * k);
      cx += kx * pk;
      cy += ky * pk;
    }
    store<i32>(x + 4 * (k - 1), <i32>(cx & M30));
    store<i32>(y + 4 * (k - 1), <i32>(cy & M30));
    cx >>= 30;
    cy >>= 30;
  }
  store<i32>(x + 32, <i32>cx);
  store<i32>(y + 32, <i32>cy);
}

/**
 * Sets dst = a⁻¹ (normalized) for the element at a, magnitude ≤ 8 and not
 * ≡ 0 (0 gives 0); dst may alias a. Constant time.
 *
 * Preconditions: magnitude(a) ≤ 8, a ≢ 0. / Output normalized: yes. / Output max magnitude: 1.
 */
export function invertDivsteps(dst: usize, a: usize): void {
  F.copy(ZT, a);
  F.normalize(ZT); //                                 x < p, which the divstep bound needs
  memory.copy(FF, P30, 36);
  toLimbs30(GG, ZT);
  memory.fill(DD, 0, 72);
  store<i32>(EE, 1);
  let eta: i32 = 1; //                                η = 2δ, δ = 1/2
  for (let b = 0; b < BATCHES; b++) {
    let f0: u32 = <u32>load<i32>(FF) | (<u32>load<i32>(FF, 4) << 30);
    let g0: u32 = <u32>load<i32>(GG) | (<u32>load<i32>(GG, 4) << 30);
    let u: i64 = 1, v: i64 = 0, q: i64 = 0, r: i64 = 1;
    for (let i = 0; i < DIVSTEPS; i++) {
      // η > 0 and g odd: (f, g) ← (g, −f), η ← −η, rows swapped and the new g-row negated.
      const sw: u32 = <u32>((-eta >> 31) & -<i32>(g0 & 1));
      const sw64: i64 = <i64><i32>sw;
      const x = (f0 ^ g0) & sw;
      f0 ^= x;
      g0 ^= x;
      g0 = (g0 ^ sw) - sw;
      eta = (eta ^ <i32>sw) - <i32>sw;
      const tu = (u ^ q) & sw64;
      u ^= tu;
      q ^= tu;
      q = (q ^ sw64) - sw64;
      const tv = (v ^ r) & sw64;
      v ^= tv;
      r ^= tv;
      r = (r ^ sw64) - sw64;
      // g odd: g ← g + f (and its row); then g ← g/2, i.e. the f-row doubles.
      const odd: u32 = 0 - (g0 & 1);
      const odd64: i64 = <i64><i32>odd;
      g0 += f0 & odd;
      q += u & odd64;
      r += v & odd64;
      g0 >>= 1;
      u <<= 1;
      v <<= 1;
      eta += 2;
    }
    applyMatrix(FF, GG, u, v, q, r, false);
    applyMatrix(DD, EE, u, v, q, r, true);
  }
  // f = ±1: x⁻¹ ≡ ±d. V = ±d + 32·p is in (11·p, 53·p) ⊂ (0, 2^262).
  const s: i64 = <i64>(load<i32>(FF, 32) >> 31); //   all ones iff f = −1
  let c: i64 = 0;
  for (let k: usize = 0; k < 9; k++) {
    const dk = <i64>load<i32>(DD + 4 * k);
    c += ((dk ^ s) - s) + 32 * <i64>load<i32>(P30 + 4 * k);
    store<i32>(DD + 4 * k, <i32>(c & M30));
    c >>= 30;
  }
  // To ten 26-bit limbs: bits 0 … 255, and h = V >> 256 < 2^6 folded as
  // 2^256 ≡ 2^32 + 977 = 2^6·2^26 + 977 (limbs 0, 1 < 2^26 + 2^16: magnitude 2).
  let acc: u64 = 0;
  let bits: u32 = 0;
  let j: usize = 0;
  for (let k: usize = 0; k < 9; k++) {
    acc |= <u64>(<u32>load<i32>(DD + 4 * k)) << bits;
    bits += 30;
    while (bits >= 26 && j < 9) { //                public: the limb counts only
      store<u32>(dst + 4 * j, <u32>(acc & 0x3ffffff));
      acc >>= 26;
      bits -= 26;
      j++;
    }
  }
  // 9·30 = 270 bits read, 9·26 = 234 written: acc holds bits 234 … 269.
  const h = <u32>(acc >> 22);
  store<u32>(dst + 36, <u32>(acc & 0x3fffff));
  store<u32>(dst, load<u32>(dst) + h * 977);
  store<u32>(dst + 4, load<u32>(dst + 4) + (h << 6));
  F.normalize(dst);
  memory.fill(FF, 0, 144);
  memory.fill(ZT, 0, 40);
}

/**
 * Sets OUT = the affine form (X/Z², Y/Z³, 1), normalized, of the finite
 * point at IN_P (coordinates of magnitude ≤ 8, Z ≢ 0): one
 * {@link invertDivsteps}, 3M + 1S; the steps and results of the TypeScript
 * engine's JacobianPoint.toAffine. Wipes 1/Z and 1/Z² (Z may come from a
 * secret multiple).
 */
export function toAffine(): void {
  invertDivsteps(ZI, IN_P + 80); //                   1/Z            (normalized)
  fsqr(ZI2, ZI); //                                   1/Z²           (mag 1)
  fmul(OUT, IN_P, ZI2);
  F.normalize(OUT); //                                x = X/Z²       (normalized)
  fmul(ZI2, ZI2, ZI); //                              1/Z³           (mag 1)
  fmul(OUT + 40, IN_P + 40, ZI2);
  F.normalize(OUT + 40); //                           y = Y/Z³       (normalized)
  F.setInt(OUT + 80, 1);
  memory.fill(ZI, 0, 80);
}
