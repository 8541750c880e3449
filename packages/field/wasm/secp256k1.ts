/**
 * secp256k1 base field kernels (p = 2^256 − 2^32 − 977): ten 26-bit limbs
 * in linear memory, the representation of the TypeScript `FieldVal`.
 *
 * An element is ten unsigned 32-bit limbs n[0..9] (40 bytes), value
 * Σ n[i]·2^(26·i), with the magnitude rules of `FieldVal`: magnitude m means
 * n[i] ≤ m·(2^26 − 1) for i < 9 and n[9] ≤ m·(2^22 − 1). `mul` and `square`
 * accept magnitude ≤ 8 and return magnitude 1 with value < 2^256 (not
 * necessarily < p), the same contract as `FieldVal.mul`/`square`, so a
 * result can be handed to the TypeScript engine as it is.
 *
 * Why 64-bit products: a 26 × 26-bit product needs 52 bits and a column of
 * ten of them 56 (61.3 at magnitude 8); the TypeScript engine, limited to
 * doubles, repacks into 24-bit digits, WebAssembly's i64 takes the limbs
 * directly (100 multiply-adds for `mul`, 55 for `square`).
 *
 * Reduction, with 2^256 ≡ 2^32 + 977, hence 2^260 ≡ 2^36 + 15632
 * = 2^10·2^26 + 15632 (mod p):
 * 1. columns c[0..18] of the schoolbook product (u64; < 10·2^58 = 2^61.33);
 * 2. one carry chain over the upper columns c[10..18] gives 26-bit digits
 *    h[0..8] and a carry h[9] < 2^25 (the product is < 2^518, so bits from
 *    2^494 up are < 2^24 plus the chain's rounding);
 * 3. each h[m] (weight 2^(260 + 26m)) folds as 15632·h[m] into column m and
 *    1024·h[m] into column m + 1; h[9]'s share of column 10 folds again, as
 *    15632·1024·h[9] into column 0 and 1024²·h[9] into column 1 (all sums stay
 *    below 2^62);
 * 4. a carry chain 0 → 9 leaves 26-bit limbs and t9; its bits from 2^256 up,
 *    X = t9 >> 22 < 2^41, fold as 977·X into limb 0 and 64·X into limb 1
 *    (2^32 = 2^6·2^26), and a second chain runs 0 → 9;
 * 5. if that value reached 2^256, the part above 2^256 is a single bit and the
 *    rest is below 2^75 (it came from the fold), so one more fold of that bit
 *    and a carry 0 → 1 → 2 give limbs < 2^26, top < 2^22: magnitude 1.
 *
 * Worst-case bounds (both inputs with every limb at magnitude 8, the
 * precondition's maximum; derived by propagating limb maxima through each
 * step, and tested at those limbs in test/wasm/secp256k1-bounds.test.ts):
 * the largest column is c8 = 9·(8·(2^26 − 1))² < 2^61.2 (a column overflows
 * u64 only when the product of the two magnitudes exceeds ≈ 455); the carry
 * out of c18 is < 2^24; the folded t[i] stay < 2^61.2; X < 2^39.1, so limb 0
 * receives < 2^49 and limb 1 < 2^45.1. After the short carry 0 → 1 → 2 of
 * the lazy tail, limbs 0 and 1 are < 2^26, limb 2 < 2^26 + 2^19.1 and the
 * rest untouched by it (< 2^26, limb 9 < 2^22): "magnitude ≤ 2" is a
 * rounded-up count of an element that is barely above magnitude 1.
 *
 * Constant time: straight-line code, no branch and no memory index that
 * depends on the operands' values.
 */

import { mul, normalize, square, squareN, powSqrt } from './secp256k1.generated';

// The product kernels (mul, square, their lazy forms mulLazy / squareLazy,
// squareN) and the exponentiation chains of invert and sqrt are written by
// `pnpm gen` into secp256k1.generated.ts, from the field's description
// (packages/field/gen/fields/secp256k1.mjs) that the TypeScript kernels come
// from too: the reduction described above, printed out.
export { mul, square, mulLazy, squareLazy, squareN } from './secp256k1.generated';
// The final reduction `normalize` (to [0, p)) and the limb-wise `add`, `mulInt`,
// `negate`, `half` are printed by gen/secp256k1-linear.mjs, `normalize` from the
// same text as FieldVal's normalizeLimbs, every constant derived from p.
export { normalize, add, mulInt, negate, half } from './secp256k1.generated';

/** Sets the element at x = x·y, n times. */
export function mulLoop(x: usize, y: usize, n: i32): void {
  for (let i = 0; i < n; i++) mul(x, x, y);
}

/** Sets the element at x = x², n times. */
export function squareLoop(x: usize, n: i32): void {
  for (let i = 0; i < n; i++) square(x, x);
}

// ---------------------------------------------------------------------------
// The rest of the FieldVal contract (the linear operations and the reduction
// are generated, see above), used by the engine's point kernels. Every element is
// the 40-byte limb layout above; `dst` may alias an input unless stated.
// Magnitudes follow FieldVal: `add` sums them, `mulInt(k)` multiplies by k,
// `negate(m)` of a value of magnitude ≤ m has magnitude m + 1; limbs of
// magnitude ≤ 32 stay below 2^32, the limit of every routine here.

/** Sets dst = a (a limb copy; any magnitude). */
// @ts-ignore: decorator
@inline
export function copy(dst: usize, a: usize): void {
  // Five 64-bit moves: cheaper than memory.copy's call for 40 bytes.
  store<u64>(dst, load<u64>(a, 0), 0);
  store<u64>(dst, load<u64>(a, 8), 8);
  store<u64>(dst, load<u64>(a, 16), 16);
  store<u64>(dst, load<u64>(a, 24), 24);
  store<u64>(dst, load<u64>(a, 32), 32);
}

/** Sets dst = k for a small integer 0 ≤ k < 2^26 (normalized). */
export function setInt(dst: usize, k: u32): void {
  store<u64>(dst, <u64>k, 0);
  store<u64>(dst, 0, 8);
  store<u64>(dst, 0, 16);
  store<u64>(dst, 0, 24);
  store<u64>(dst, 0, 32);
}

/** Returns 1 when a = 0, else 0 (no branch). Preconditions: normalized. */
export function isZero(a: usize): u32 {
  let d: u32 = 0;
  for (let i: usize = 0; i < 40; i += 4) d |= load<u32>(a + i);
  return (d - 1) >> 31;
}

/** Returns 1 when a = 1, else 0 (no branch). Preconditions: normalized. */
export function isOne(a: usize): u32 {
  let d: u32 = load<u32>(a, 0) ^ 1;
  for (let i: usize = 4; i < 40; i += 4) d |= load<u32>(a + i);
  return (d - 1) >> 31;
}

/** Returns 1 when a = b, else 0 (no branch). Preconditions: both normalized. */
export function equals(a: usize, b: usize): u32 {
  let d: u32 = 0;
  for (let i: usize = 0; i < 40; i += 4) d |= load<u32>(a + i) ^ load<u32>(b + i);
  return (d - 1) >> 31;
}

/** Returns the parity of a (0 or 1). Preconditions: normalized. */
export function isOdd(a: usize): u32 {
  return load<u32>(a, 0) & 1;
}

/**
 * Sets dst to the 32 big-endian bytes at src and returns 1 when that value is
 * ≥ p (dst then holds it reduced mod p, normalized), else 0. No branch on the
 * value.
 */
export function setBytes(dst: usize, src: usize): u32 {
  // Pack 256 bits, least significant first, into ten 26-bit limbs.
  let acc: u64 = 0;
  let bits: u32 = 0;
  let limb: usize = 0;
  for (let i: i32 = 31; i >= 0; i--) {
    acc |= (<u64>load<u8>(src + <usize>i)) << bits;
    bits += 8;
    if (bits >= 26 && limb < 36) {
      store<u32>(dst + limb, <u32>(acc & 0x3ffffff));
      acc >>= 26;
      bits -= 26;
      limb += 4;
    }
  }
  store<u32>(dst, <u32>acc, 36);
  // v ≥ p exactly when v + (2^32 + 977) reaches 2^256.
  let c: u32 = (load<u32>(dst, 0) + 977) >> 26;
  c = (load<u32>(dst, 4) + 64 + c) >> 26;
  for (let i: usize = 8; i < 36; i += 4) c = (load<u32>(dst + i) + c) >> 26;
  const over = (load<u32>(dst, 36) + c) >> 22;
  normalize(dst);
  return over;
}

/** Writes the 32 big-endian bytes of a to dst. Preconditions: normalized. */
export function putBytes(dst: usize, a: usize): void {
  let acc: u64 = 0;
  let bits: u32 = 0;
  let limb: usize = 0;
  for (let i: i32 = 31; i >= 0; i--) {
    if (bits < 8) {
      acc |= (<u64>load<u32>(a + limb)) << bits;
      bits += limb < 36 ? 26 : 22;
      limb += 4;
    }
    store<u8>(dst + <usize>i, <u8>acc);
    acc >>= 8;
    bits -= 8;
  }
}

// ---------------------------------------------------------------------------
// Inversion by divsteps.

/** Batches of {@link DIVSTEPS} divsteps: 20·30 = 600 ≥ 590. */
const BATCHES: i32 = 20;
const DIVSTEPS: i32 = 30;
const M30: i64 = 0x3fffffff;
/** p in nine 30-bit limbs (p = 2^256 − 2^32 − 977). */
const P30: usize = memory.data<i32>([0x3ffffc2f, 0x3ffffffb, 0x3fffffff, 0x3fffffff, 0x3fffffff, 0x3fffffff, 0x3fffffff, 0x3fffffff, 0xffff]);
/** p⁻¹ mod 2^30 (p·P_INV ≡ 1: tested). */
const P_INV: i64 = 0x2ddacacf;

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
 * Sets dst = a⁻¹ (and 0 for 0), normalized, by Bernstein–Yang divsteps
 * (safegcd) in constant time; `s` is 240 bytes of scratch (184 used, wiped
 * on return); dst may alias a. The Fermat chain a^(p−2) would cost 255
 * squarings and 15 products; the divsteps cost about a third of that.
 *
 * Numbers are nine signed 30-bit limbs (i32, value Σ x[k]·2^(30k): limbs
 * 0 … 7 in [0, 2^30), limb 8 signed), 270 bits. The algorithm is the one of
 * the TypeScript `safegcd.ts` (which uses 24-bit digits in doubles), in
 * batches of 30 divsteps on 64-bit integers: f = p, g = x, d = 0, e = 1,
 * with the invariants f ≡ d·x and g ≡ e·x (mod p). Each batch runs 30
 * "half-delta" divsteps ([BOUNDS]: δ starts at 1/2, here η = 2δ starts at 1)
 * on the low 32 bits of f and g alone (a divstep looks only at the parity of
 * g and the sign of η, and after i steps the low 32 − i bits are still
 * exact). They give an integer matrix T = (u v; q r) with
 * 2^30·(f', g') = T·(f, g) and |u| + |v|, |q| + |r| ≤ 2^30 (each step
 * doubles one row and adds the rows into the other). T is applied to the
 * full f and g (products < 2^60, column sums < 2^62; the division by 2^30 is
 * exact) and to d and e, where k·p with k ≡ −t·p⁻¹ (mod 2^30) is added first
 * so that the division is exact too; then |d'| ≤ max(|d|, |e|) + p, so
 * |d|, |e| ≤ 20·p < 2^261 after the 20 batches. 600 divsteps ≥ 590, the
 * proven worst case of the half-delta variant for 256-bit inputs ([BOUNDS]),
 * leave g = 0 and f = ±1 for x ≢ 0, and x⁻¹ ≡ ±d (mod p).
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
 *
 * Preconditions: magnitude(a) ≤ 8. / Output normalized: yes. / Output max magnitude: 1.
 */
export function invert(dst: usize, a: usize, s: usize): void {
  // f, g, d, e: nine i32 limbs each (36 bytes), then the normalized copy of a.
  const FF = s, GG = s + 36, DD = s + 72, EE = s + 108, ZT = s + 144;
  copy(ZT, a);
  normalize(ZT); //                                 x < p, which the divstep bound needs
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
  const sf: i64 = <i64>(load<i32>(FF, 32) >> 31); //  all ones iff f = −1
  let c: i64 = 0;
  for (let k: usize = 0; k < 9; k++) {
    const dk = <i64>load<i32>(DD + 4 * k);
    c += ((dk ^ sf) - sf) + 32 * <i64>load<i32>(P30 + 4 * k);
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
  normalize(dst);
  memory.fill(s, 0, 184);
}

/**
 * Sets dst = a^((p+1)/4), normalized, and returns 1 when dst² = a (a is a
 * square, dst a root), else 0 (then dst is a root of −a). p ≡ 3 (mod 4), so
 * (p+1)/4 = [223 ones] 0 [22 ones] 0000 1100 in binary (the generated
 * `powSqrt`): 253 squarings and 13 multiplications; constant time. `s` is
 * 240 bytes of scratch (as for invert); dst may alias a.
 *
 * Preconditions: magnitude(a) ≤ 8. / Output normalized: yes. / Output max magnitude: 1.
 */
export function sqrt(dst: usize, a: usize, s: usize): u32 {
  const a1 = s + 200;
  copy(a1, a);
  normalize(a1);
  powSqrt(dst, a1, s);
  normalize(dst);
  squareN(s, dst, 1);
  normalize(s);
  return equals(s, a1);
}

/**
 * Writes a as eight little-endian 32-bit words (its 256-bit value, least
 * significant word first) to dst: the packed form of the engine's large
 * constant tables (32 bytes instead of 40). Preconditions: normalized.
 */
export function toWords(dst: usize, a: usize): void {
  let acc: u64 = 0;
  let bits: u32 = 0;
  let w: usize = 0;
  for (let i: usize = 0; i < 40; i += 4) {
    acc |= (<u64>load<u32>(a + i)) << bits;
    bits += 26;
    if (bits >= 32) {
      store<u32>(dst + w, <u32>acc);
      acc >>= 32;
      bits -= 32;
      w += 4;
    }
  }
}

/** Sets dst to the element whose eight little-endian 32-bit words are at src (the inverse of {@link toWords}); normalized when the words hold a value < p. */
export function fromWords(dst: usize, src: usize): void {
  let acc: u64 = 0;
  let bits: u32 = 0;
  let w: usize = 0;
  for (let i: usize = 0; i < 36; i += 4) {
    if (bits < 26) {
      acc |= (<u64>load<u32>(src + w)) << bits;
      bits += 32;
      w += 4;
    }
    store<u32>(dst + i, <u32>(acc & 0x3ffffff));
    acc >>= 26;
    bits -= 26;
  }
  store<u32>(dst, <u32>acc, 36);
}
