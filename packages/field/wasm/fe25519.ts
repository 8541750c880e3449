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
 * Column k of a·b sums a[i]·b[j] over i + j = k (weight 2^⌈25.5k⌉) and, for
 * i + j = k + 10, 19·a[i]·b[j] (2^255 ≡ 19); a product of two odd limbs
 * carries an extra factor 2 (⌈25.5i⌉ + ⌈25.5j⌉ = ⌈25.5(i + j)⌉ + 1). The
 * carry network (two interleaved chains 0→1→…→5 and 4→5, 5→6→…→9→0(×19)→1)
 * uses arithmetic shifts, so each carried limb is in [0, 2^26) or [0, 2^25).
 *
 * Constant time: straight-line code, no branch and no memory index that
 * depends on the operands' values.
 */

/**
 * Stores the column sums h0…h9 of a product or square as ten limbs at dst:
 * the interleaved carry chain (two independent chains, then the 2^255 ≡ 19
 * wrap) that brings every limb below 2^26 in magnitude. The tail of `mul`
 * and `square`.
 */
// @ts-ignore: decorator
@inline
function carryStore(dst: usize, h0: i64, h1: i64, h2: i64, h3: i64, h4: i64, h5: i64, h6: i64, h7: i64, h8: i64, h9: i64): void {
  let c: i64;
  c = h0 >> 26; h1 += c; h0 -= c << 26;
  c = h4 >> 26; h5 += c; h4 -= c << 26;
  c = h1 >> 25; h2 += c; h1 -= c << 25;
  c = h5 >> 25; h6 += c; h5 -= c << 25;
  c = h2 >> 26; h3 += c; h2 -= c << 26;
  c = h6 >> 26; h7 += c; h6 -= c << 26;
  c = h3 >> 25; h4 += c; h3 -= c << 25;
  c = h7 >> 25; h8 += c; h7 -= c << 25;
  c = h4 >> 26; h5 += c; h4 -= c << 26;
  c = h8 >> 26; h9 += c; h8 -= c << 26;
  c = h9 >> 25; h0 += c * 19; h9 -= c << 25;
  c = h0 >> 26; h1 += c; h0 -= c << 26;
  store<i32>(dst, <i32>h0, 0);
  store<i32>(dst, <i32>h1, 4);
  store<i32>(dst, <i32>h2, 8);
  store<i32>(dst, <i32>h3, 12);
  store<i32>(dst, <i32>h4, 16);
  store<i32>(dst, <i32>h5, 20);
  store<i32>(dst, <i32>h6, 24);
  store<i32>(dst, <i32>h7, 28);
  store<i32>(dst, <i32>h8, 32);
  store<i32>(dst, <i32>h9, 36);
}

/** Sets dst = a·b; inputs |limb| < 2^27; dst may alias a or b. */
// @ts-ignore: decorator
@inline
export function mul(dst: usize, a: usize, b: usize): void {
  const f0: i64 = <i64>load<i32>(a, 0);
  const f1: i64 = <i64>load<i32>(a, 4);
  const f2: i64 = <i64>load<i32>(a, 8);
  const f3: i64 = <i64>load<i32>(a, 12);
  const f4: i64 = <i64>load<i32>(a, 16);
  const f5: i64 = <i64>load<i32>(a, 20);
  const f6: i64 = <i64>load<i32>(a, 24);
  const f7: i64 = <i64>load<i32>(a, 28);
  const f8: i64 = <i64>load<i32>(a, 32);
  const f9: i64 = <i64>load<i32>(a, 36);
  const g0: i64 = <i64>load<i32>(b, 0);
  const g1: i64 = <i64>load<i32>(b, 4);
  const g2: i64 = <i64>load<i32>(b, 8);
  const g3: i64 = <i64>load<i32>(b, 12);
  const g4: i64 = <i64>load<i32>(b, 16);
  const g5: i64 = <i64>load<i32>(b, 20);
  const g6: i64 = <i64>load<i32>(b, 24);
  const g7: i64 = <i64>load<i32>(b, 28);
  const g8: i64 = <i64>load<i32>(b, 32);
  const g9: i64 = <i64>load<i32>(b, 36);
  const g1_19: i64 = g1 * 19;
  const g2_19: i64 = g2 * 19;
  const g3_19: i64 = g3 * 19;
  const g4_19: i64 = g4 * 19;
  const g5_19: i64 = g5 * 19;
  const g6_19: i64 = g6 * 19;
  const g7_19: i64 = g7 * 19;
  const g8_19: i64 = g8 * 19;
  const g9_19: i64 = g9 * 19;
  const f1_2: i64 = f1 * 2;
  const f3_2: i64 = f3 * 2;
  const f5_2: i64 = f5 * 2;
  const f7_2: i64 = f7 * 2;
  const f9_2: i64 = f9 * 2;
  let h0: i64 = f0 * g0 + f1_2 * g9_19 + f2 * g8_19 + f3_2 * g7_19 + f4 * g6_19 + f5_2 * g5_19 + f6 * g4_19 + f7_2 * g3_19 + f8 * g2_19 + f9_2 * g1_19;
  let h1: i64 = f0 * g1 + f1 * g0 + f2 * g9_19 + f3 * g8_19 + f4 * g7_19 + f5 * g6_19 + f6 * g5_19 + f7 * g4_19 + f8 * g3_19 + f9 * g2_19;
  let h2: i64 = f0 * g2 + f1_2 * g1 + f2 * g0 + f3_2 * g9_19 + f4 * g8_19 + f5_2 * g7_19 + f6 * g6_19 + f7_2 * g5_19 + f8 * g4_19 + f9_2 * g3_19;
  let h3: i64 = f0 * g3 + f1 * g2 + f2 * g1 + f3 * g0 + f4 * g9_19 + f5 * g8_19 + f6 * g7_19 + f7 * g6_19 + f8 * g5_19 + f9 * g4_19;
  let h4: i64 = f0 * g4 + f1_2 * g3 + f2 * g2 + f3_2 * g1 + f4 * g0 + f5_2 * g9_19 + f6 * g8_19 + f7_2 * g7_19 + f8 * g6_19 + f9_2 * g5_19;
  let h5: i64 = f0 * g5 + f1 * g4 + f2 * g3 + f3 * g2 + f4 * g1 + f5 * g0 + f6 * g9_19 + f7 * g8_19 + f8 * g7_19 + f9 * g6_19;
  let h6: i64 = f0 * g6 + f1_2 * g5 + f2 * g4 + f3_2 * g3 + f4 * g2 + f5_2 * g1 + f6 * g0 + f7_2 * g9_19 + f8 * g8_19 + f9_2 * g7_19;
  let h7: i64 = f0 * g7 + f1 * g6 + f2 * g5 + f3 * g4 + f4 * g3 + f5 * g2 + f6 * g1 + f7 * g0 + f8 * g9_19 + f9 * g8_19;
  let h8: i64 = f0 * g8 + f1_2 * g7 + f2 * g6 + f3_2 * g5 + f4 * g4 + f5_2 * g3 + f6 * g2 + f7_2 * g1 + f8 * g0 + f9_2 * g9_19;
  let h9: i64 = f0 * g9 + f1 * g8 + f2 * g7 + f3 * g6 + f4 * g5 + f5 * g4 + f6 * g3 + f7 * g2 + f8 * g1 + f9 * g0;
  carryStore(dst, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9);
}

/** Sets dst = a²; input |limb| < 2^27; dst may alias a. */
// @ts-ignore: decorator
@inline
export function square(dst: usize, a: usize): void {
  const f0: i64 = <i64>load<i32>(a, 0);
  const f1: i64 = <i64>load<i32>(a, 4);
  const f2: i64 = <i64>load<i32>(a, 8);
  const f3: i64 = <i64>load<i32>(a, 12);
  const f4: i64 = <i64>load<i32>(a, 16);
  const f5: i64 = <i64>load<i32>(a, 20);
  const f6: i64 = <i64>load<i32>(a, 24);
  const f7: i64 = <i64>load<i32>(a, 28);
  const f8: i64 = <i64>load<i32>(a, 32);
  const f9: i64 = <i64>load<i32>(a, 36);
  const f0_2: i64 = f0 * 2;
  const f1_2: i64 = f1 * 2;
  const f2_2: i64 = f2 * 2;
  const f3_2: i64 = f3 * 2;
  const f4_2: i64 = f4 * 2;
  const f5_2: i64 = f5 * 2;
  const f6_2: i64 = f6 * 2;
  const f7_2: i64 = f7 * 2;
  const f8_2: i64 = f8 * 2;
  const f9_2: i64 = f9 * 2;
  const f1_19: i64 = f1 * 19;
  const f2_19: i64 = f2 * 19;
  const f3_19: i64 = f3 * 19;
  const f4_19: i64 = f4 * 19;
  const f5_19: i64 = f5 * 19;
  const f6_19: i64 = f6 * 19;
  const f7_19: i64 = f7 * 19;
  const f8_19: i64 = f8 * 19;
  const f9_19: i64 = f9 * 19;
  const f1_38: i64 = f1 * 38;
  const f2_38: i64 = f2 * 38;
  const f3_38: i64 = f3 * 38;
  const f4_38: i64 = f4 * 38;
  const f5_38: i64 = f5 * 38;
  const f6_38: i64 = f6 * 38;
  const f7_38: i64 = f7 * 38;
  const f8_38: i64 = f8 * 38;
  const f9_38: i64 = f9 * 38;
  let h0: i64 = f0 * f0 + f1_2 * f9_38 + f2 * f8_38 + f3_2 * f7_38 + f4 * f6_38 + f5 * f5_38;
  let h1: i64 = f0_2 * f1 + f2 * f9_38 + f3 * f8_38 + f4 * f7_38 + f5 * f6_38;
  let h2: i64 = f0_2 * f2 + f1_2 * f1 + f3_2 * f9_38 + f4 * f8_38 + f5_2 * f7_38 + f6 * f6_19;
  let h3: i64 = f0_2 * f3 + f1_2 * f2 + f4 * f9_38 + f5 * f8_38 + f6 * f7_38;
  let h4: i64 = f0_2 * f4 + f1_2 * f3_2 + f2 * f2 + f5_2 * f9_38 + f6 * f8_38 + f7 * f7_38;
  let h5: i64 = f0_2 * f5 + f1_2 * f4 + f2_2 * f3 + f6 * f9_38 + f7 * f8_38;
  let h6: i64 = f0_2 * f6 + f1_2 * f5_2 + f2_2 * f4 + f3_2 * f3 + f7_2 * f9_38 + f8 * f8_19;
  let h7: i64 = f0_2 * f7 + f1_2 * f6 + f2_2 * f5 + f3_2 * f4 + f8 * f9_38;
  let h8: i64 = f0_2 * f8 + f1_2 * f7_2 + f2_2 * f6 + f3_2 * f5_2 + f4 * f4 + f9 * f9_38;
  let h9: i64 = f0_2 * f9 + f1_2 * f8 + f2_2 * f7 + f3_2 * f6 + f4_2 * f5;
  carryStore(dst, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9);
}

/** Sets the element at x = x·y, n times, on the loop slots (see index.ts). */
export function mulLoop(x: usize, y: usize, n: i32): void {
  for (let i = 0; i < n; i++) mul(x, x, y);
}

/** Sets the element at x = x², n times. */
export function squareLoop(x: usize, n: i32): void {
  for (let i = 0; i < n; i++) square(x, x);
}
