/**
 * GF(2^255 − 19) kernels: ten limbs of radix 2^25.5 in linear memory.
 *
 * An element is ten signed 32-bit limbs f[0..9] at consecutive offsets
 * (40 bytes): value = Σ f[i]·2^⌈25.5·i⌉ (mod p), so even limbs weigh 26 bits
 * and odd limbs 25. This is the radix of [Ber06]; the TypeScript `Fe25519`
 * (15 × 17-bit limbs in doubles) cannot use it because its column sums need
 * 64-bit integers, which WebAssembly has (i64.mul), so results are compared
 * with the TypeScript engine through their canonical value, not limb by limb.
 *
 * Bounds: `mul` and `square` accept |f[i]| < 2^27 (a column is at most ten
 * products with a factor ≤ 2·19 = 38: 10·38·2^54 < 2^62.6, exact in i64) and
 * return limbs in [0, 2^26) except f[1] ∈ (−2^17, 2^25 + 2^17) and
 * f[5] ∈ (−2^13, 2^25 + 2^13) (negative only for negative inputs): every
 * output is a valid input, so the kernels chain without limit.
 *
 * Finer bound, used by the point formulas: say an element has magnitude m
 * when |f[i]| < m·2^26 for even i and |f[i]| < m·(2^25 + 2^17) for odd i
 * (every `mul`/`square`/carry output has magnitude 1; a sum of magnitudes
 * m and n has magnitude m + n). `mul` is exact for magnitudes m_a·m_b ≤ 16
 * and `square` for m ≤ 4: the largest column is k = 0 (one plain product,
 * five odd·odd products ×38, four ×19), which for m_a·m_b = 16 is below
 * 2^62.97, and the carry network adds at most 2^37 to a column.
 *
 * Column k of a·b sums a[i]·b[j] over i + j = k (weight 2^⌈25.5k⌉) and, for
 * i + j = k + 10, 19·a[i]·b[j] (2^255 ≡ 19); a product of two odd limbs
 * carries an extra factor 2 (⌈25.5i⌉ + ⌈25.5j⌉ = ⌈25.5(i + j)⌉ + 1). The
 * product `mul` forms these column sums with 75 limb products instead of 100
 * (Karatsuba over the even and the odd limbs; each column is the same
 * integer, found by ring operations in i64 that are exact modulo 2^64, so
 * the bounds below hold unchanged: the plan and its check are in
 * gen/fe25519-as.mjs). The
 * carry network (two interleaved chains 0→1→…→5 and 4→5, 5→6→…→9→0(×19)→1)
 * uses arithmetic shifts, so each carried limb is in [0, 2^26) or [0, 2^25).
 *
 * Constant time: straight-line code, no branch and no memory index that
 * depends on the operands' values.
 */

import { canonical, carryStore, mul, square, sub } from './fe25519.generated';

// The product kernels (mul, square, mulOut / squareOut, the carry network
// carryStore, squareN) and the chains invert and pow22523 are written by
// `pnpm gen` into fe25519.generated.ts, from the field's description
// (packages/field/gen/fields/fe25519.mjs) that the TypeScript kernels come
// from too: the algorithm described above, printed out.
export { mul, square, mulOut, squareOut, squareN, invert, pow22523 } from './fe25519.generated';
// `carry`, the final reduction `canonical` and the limb-wise `add`, `sub`, `neg`
// and the fused steps of the point formulas `negSum` (−a − b) and `subTwice`
// (a − 2b) are printed by gen/fe25519-linear.mjs, `canonical` from the same
// text as the TypeScript Fe25519's canonicalize (each target with its own plan
// of carry passes, in gen/fields/fe25519.mjs).
export { carry, canonical, add, sub, neg, negSum, subTwice } from './fe25519.generated';

/** Sets the element at x = x·y, n times, on the loop slots (see index.ts). */
export function mulLoop(x: usize, y: usize, n: i32): void {
  for (let i = 0; i < n; i++) mul(x, x, y);
}

/** Sets the element at x = x², n times. */
export function squareLoop(x: usize, n: i32): void {
  for (let i = 0; i < n; i++) square(x, x);
}

// ---------------------------------------------------------------------------
// The rest of the field for the engine's point kernels (issue 13; the linear
// operations, carry, canonical and the exponentiations are generated, see
// above): copies, conditional moves, predicates, bytes and the conversions
// to and from the TypeScript Fe25519 (15 limbs of radix 2^17 in doubles).
// "Magnitude m" below means |f[i]| < m·2^26 for every limb; mul/square take
// magnitude ≤ 2 (|limb| < 2^27) and return magnitude 1.
// ---------------------------------------------------------------------------

/** Limb offset of limb i: ⌈25.5·i⌉ (0, 26, 51, 77, …, 230). */
// @ts-ignore: decorator
@inline
function limbPos(i: i32): i32 {
  return (51 * i + 1) >> 1;
}

/** Sets dst = a (40 bytes). */
// @ts-ignore: decorator
@inline
export function copy(dst: usize, a: usize): void {
  memory.copy(dst, a, 40);
}

/** Sets dst = v for a small integer v (|v| < 2^25). */
export function setInt(dst: usize, v: i32): void {
  memory.fill(dst, 0, 40);
  store<i32>(dst, v);
}

/**
 * Sets dst = mask ? a : dst without a branch (mask is 0 or −1, all bits).
 * Limbs move unchanged.
 */
// @ts-ignore: decorator
@inline
export function cmov(dst: usize, a: usize, mask: i32): void {
  for (let i: usize = 0; i < 40; i += 4) {
    const d = load<i32>(dst + i);
    store<i32>(dst + i, d ^ ((d ^ load<i32>(a + i)) & mask));
  }
}

/** Sets dst = mask ? −dst : dst without a branch (mask 0 or −1). */
// @ts-ignore: decorator
@inline
export function cneg(dst: usize, mask: i32): void {
  // −x = (x ^ −1) + 1: with m ∈ {0, −1}, (x ^ m) − m.
  for (let i: usize = 0; i < 40; i += 4) store<i32>(dst + i, (load<i32>(dst + i) ^ mask) - mask);
}

/** Swaps a and b when mask = −1, leaves them when mask = 0, without a branch. */
// @ts-ignore: decorator
@inline
export function cswap(a: usize, b: usize, mask: i32): void {
  for (let i: usize = 0; i < 40; i += 4) {
    const x = load<i32>(a + i);
    const y = load<i32>(b + i);
    const t = (x ^ y) & mask;
    store<i32>(a + i, x ^ t);
    store<i32>(b + i, y ^ t);
  }
}

/** Returns 1 if a = 0 (mod p), else 0; t is 40 bytes of scratch. Magnitude ≤ 8. */
export function isZero(a: usize, t: usize): i32 {
  canonical(t, a);
  let acc: i32 = 0;
  for (let i: usize = 0; i < 40; i += 4) acc |= load<i32>(t + i);
  return <i32>(acc == 0);
}

/** Returns the parity of the canonical value of a ("negative", RFC 8032 §5.1.2); t is 40 bytes of scratch. */
export function isNegative(a: usize, t: usize): i32 {
  canonical(t, a);
  return load<i32>(t) & 1;
}

/** Returns 1 if a = b (mod p), else 0; t is 40 bytes of scratch. Magnitudes ≤ 4. */
export function equal(a: usize, b: usize, t: usize): i32 {
  sub(t, a, b);
  return isZero(t, t);
}

/**
 * Sets dst from the 32 little-endian bytes at src, bit 255 ignored (the
 * value is in [0, 2^255), not reduced: magnitude 1).
 */
export function fromBytes(dst: usize, src: usize): void {
  for (let i = 0; i < 10; i++) {
    const pos = limbPos(i);
    const width = limbPos(i + 1) - pos;
    // The limb's bits lie in bytes pos/8 … pos/8 + 4 (an unaligned 64-bit read
    // would pass byte 31 for the top limb, so read 4 bytes and a fifth below 32).
    const k = pos >> 3;
    let w: u64 = <u64>load<u32>(src + k);
    if (k + 4 < 32) w |= <u64>load<u8>(src + k + 4) << 32;
    store<i32>(dst + (i << 2), <i32>((w >> <u64>(pos & 7)) & ((<u64>1 << <u64>width) - 1)));
  }
}

/** Writes the canonical 32-byte little-endian encoding of a to dst; t is 40 bytes of scratch. */
export function toBytes(dst: usize, a: usize, t: usize): void {
  canonical(t, a);
  memory.fill(dst, 0, 32);
  for (let i = 0; i < 10; i++) {
    const pos = limbPos(i);
    const v: u64 = <u64>load<u32>(t + (i << 2)) << <u64>(pos & 7);
    const k = pos >> 3;
    // v spans at most 5 bytes (26 + 7 bits); the last limb ends at bit 255.
    for (let j = 0; j < 5 && k + j < 32; j++) {
      store<u8>(dst + k + j, load<u8>(dst + k + j) | <u8>(v >> <u64>(8 * j)));
    }
  }
}

/**
 * Sets dst from a TypeScript Fe25519's limbs: 15 doubles l[i] (integers,
 * any sign) at src, value Σ l[i]·2^(17·i). Exact for |l[i]| < 2^35 (every
 * shifted term < 2^60); output magnitude 1.
 */
export function fromF64(dst: usize, src: usize): void {
  // Limb j of 17 bits starts at bit 17j; it falls into the 25.5 limb i with
  // ⌈25.5i⌉ ≤ 17j, shifted left by the difference (< 26).
  let h0: i64 = 0, h1: i64 = 0, h2: i64 = 0, h3: i64 = 0, h4: i64 = 0;
  let h5: i64 = 0, h6: i64 = 0, h7: i64 = 0, h8: i64 = 0, h9: i64 = 0;
  h0 += <i64>load<f64>(src, 0); //          bit 0
  h0 += <i64>load<f64>(src, 8) << 17; //    bit 17
  h1 += <i64>load<f64>(src, 16) << 8; //    bit 34 − 26
  h2 += <i64>load<f64>(src, 24) << 0; //    bit 51 − 51
  h2 += <i64>load<f64>(src, 32) << 17; //   bit 68 − 51
  h3 += <i64>load<f64>(src, 40) << 8; //    bit 85 − 77
  h4 += <i64>load<f64>(src, 48) << 0; //    bit 102 − 102
  h4 += <i64>load<f64>(src, 56) << 17; //   bit 119 − 102
  h5 += <i64>load<f64>(src, 64) << 8; //    bit 136 − 128
  h6 += <i64>load<f64>(src, 72) << 0; //    bit 153 − 153
  h6 += <i64>load<f64>(src, 80) << 17; //   bit 170 − 153
  h7 += <i64>load<f64>(src, 88) << 8; //    bit 187 − 179
  h8 += <i64>load<f64>(src, 96) << 0; //    bit 204 − 204
  h8 += <i64>load<f64>(src, 104) << 17; //  bit 221 − 204
  h9 += <i64>load<f64>(src, 112) << 8; //   bit 238 − 230
  carryStore(dst, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9);
}

/**
 * Writes the canonical value of a as a TypeScript Fe25519's 15 limbs
 * (doubles in [0, 2^17), a "loose" element) to dst; t is 40 bytes of scratch.
 */
export function toF64(dst: usize, a: usize, t: usize): void {
  canonical(t, a);
  // The inverse placement of fromF64: 17-bit limb j starts at bit 17j of
  // the 25.5 limb i = the one containing it; bits past that limb's width
  // come from limb i + 1.
  const l0: u64 = load<u32>(t, 0), l1: u64 = load<u32>(t, 4), l2: u64 = load<u32>(t, 8), l3: u64 = load<u32>(t, 12), l4: u64 = load<u32>(t, 16);
  const l5: u64 = load<u32>(t, 20), l6: u64 = load<u32>(t, 24), l7: u64 = load<u32>(t, 28), l8: u64 = load<u32>(t, 32), l9: u64 = load<u32>(t, 36);
  const M: u64 = 0x1ffff;
  // Pairs (l_i | l_{i+1} << width_i) hold 51 bits each.
  const p0: u64 = l0 | (l1 << 26), p1: u64 = l1 | (l2 << 25), p2: u64 = l2 | (l3 << 26), p3: u64 = l3 | (l4 << 25);
  const p4: u64 = l4 | (l5 << 26), p5: u64 = l5 | (l6 << 25), p6: u64 = l6 | (l7 << 26), p7: u64 = l7 | (l8 << 25);
  const p8: u64 = l8 | (l9 << 26), p9: u64 = l9;
  store<f64>(dst, <f64>(p0 & M), 0);
  store<f64>(dst, <f64>((p0 >> 17) & M), 8);
  store<f64>(dst, <f64>((p1 >> 8) & M), 16);
  store<f64>(dst, <f64>(p2 & M), 24);
  store<f64>(dst, <f64>((p2 >> 17) & M), 32);
  store<f64>(dst, <f64>((p3 >> 8) & M), 40);
  store<f64>(dst, <f64>(p4 & M), 48);
  store<f64>(dst, <f64>((p4 >> 17) & M), 56);
  store<f64>(dst, <f64>((p5 >> 8) & M), 64);
  store<f64>(dst, <f64>(p6 & M), 72);
  store<f64>(dst, <f64>((p6 >> 17) & M), 80);
  store<f64>(dst, <f64>((p7 >> 8) & M), 88);
  store<f64>(dst, <f64>(p8 & M), 96);
  store<f64>(dst, <f64>((p8 >> 17) & M), 104);
  store<f64>(dst, <f64>((p9 >> 8) & M), 112);
}
