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
 * Constant time: straight-line code, no branch and no memory index that
 * depends on the operands' values.
 */

const M26: u64 = 0x3ffffff;
const M22: u64 = 0x3fffff;

/**
 * Stores the column sums c0…c18 of a product or square as a magnitude-1
 * FieldVal at dst: carry the high columns, fold them down with
 * 2^260 ≡ 2^36 + 15632 (mod p), carry, then fold 2^256 ≡ 2^32 + 977 twice
 * with carries, leaving a value below 2^256. The tail of `mul` and `square`.
 */
// @ts-ignore: decorator
@inline
function reduceStore(dst: usize, c0: u64, c1: u64, c2: u64, c3: u64, c4: u64, c5: u64, c6: u64, c7: u64, c8: u64, c9: u64, c10: u64, c11: u64, c12: u64, c13: u64, c14: u64, c15: u64, c16: u64, c17: u64, c18: u64): void {
  let c: u64;
  c = c10 >> 26; c10 &= M26;
  c11 += c; c = c11 >> 26; c11 &= M26;
  c12 += c; c = c12 >> 26; c12 &= M26;
  c13 += c; c = c13 >> 26; c13 &= M26;
  c14 += c; c = c14 >> 26; c14 &= M26;
  c15 += c; c = c15 >> 26; c15 &= M26;
  c16 += c; c = c16 >> 26; c16 &= M26;
  c17 += c; c = c17 >> 26; c17 &= M26;
  c18 += c; c = c18 >> 26; c18 &= M26;
  const c19: u64 = c;
  let t0: u64 = c0 + c10 * 15632 + c19 * 16007168;
  let t1: u64 = c1 + c11 * 15632 + c10 * 1024 + c19 * 1048576;
  let t2: u64 = c2 + c12 * 15632 + c11 * 1024;
  let t3: u64 = c3 + c13 * 15632 + c12 * 1024;
  let t4: u64 = c4 + c14 * 15632 + c13 * 1024;
  let t5: u64 = c5 + c15 * 15632 + c14 * 1024;
  let t6: u64 = c6 + c16 * 15632 + c15 * 1024;
  let t7: u64 = c7 + c17 * 15632 + c16 * 1024;
  let t8: u64 = c8 + c18 * 15632 + c17 * 1024;
  let t9: u64 = c9 + c19 * 15632 + c18 * 1024;
  t1 += t0 >> 26; t0 &= M26;
  t2 += t1 >> 26; t1 &= M26;
  t3 += t2 >> 26; t2 &= M26;
  t4 += t3 >> 26; t3 &= M26;
  t5 += t4 >> 26; t4 &= M26;
  t6 += t5 >> 26; t5 &= M26;
  t7 += t6 >> 26; t6 &= M26;
  t8 += t7 >> 26; t7 &= M26;
  t9 += t8 >> 26; t8 &= M26;
  c = t9 >> 22; t9 &= M22;
  t0 += c * 977; t1 += c << 6;
  t1 += t0 >> 26; t0 &= M26;
  t2 += t1 >> 26; t1 &= M26;
  t3 += t2 >> 26; t2 &= M26;
  t4 += t3 >> 26; t3 &= M26;
  t5 += t4 >> 26; t4 &= M26;
  t6 += t5 >> 26; t5 &= M26;
  t7 += t6 >> 26; t6 &= M26;
  t8 += t7 >> 26; t7 &= M26;
  t9 += t8 >> 26; t8 &= M26;
  c = t9 >> 22; t9 &= M22;
  t0 += c * 977; t1 += c << 6;
  t1 += t0 >> 26; t0 &= M26;
  t2 += t1 >> 26; t1 &= M26;
  store<u32>(dst, <u32>t0, 0);
  store<u32>(dst, <u32>t1, 4);
  store<u32>(dst, <u32>t2, 8);
  store<u32>(dst, <u32>t3, 12);
  store<u32>(dst, <u32>t4, 16);
  store<u32>(dst, <u32>t5, 20);
  store<u32>(dst, <u32>t6, 24);
  store<u32>(dst, <u32>t7, 28);
  store<u32>(dst, <u32>t8, 32);
  store<u32>(dst, <u32>t9, 36);
}

/** Sets dst = a·b (magnitude 1); inputs of magnitude ≤ 8; dst may alias a or b. */
// @ts-ignore: decorator
@inline
export function mul(dst: usize, a: usize, b: usize): void {
  const a0: u64 = <u64>load<u32>(a, 0);
  const a1: u64 = <u64>load<u32>(a, 4);
  const a2: u64 = <u64>load<u32>(a, 8);
  const a3: u64 = <u64>load<u32>(a, 12);
  const a4: u64 = <u64>load<u32>(a, 16);
  const a5: u64 = <u64>load<u32>(a, 20);
  const a6: u64 = <u64>load<u32>(a, 24);
  const a7: u64 = <u64>load<u32>(a, 28);
  const a8: u64 = <u64>load<u32>(a, 32);
  const a9: u64 = <u64>load<u32>(a, 36);
  const b0: u64 = <u64>load<u32>(b, 0);
  const b1: u64 = <u64>load<u32>(b, 4);
  const b2: u64 = <u64>load<u32>(b, 8);
  const b3: u64 = <u64>load<u32>(b, 12);
  const b4: u64 = <u64>load<u32>(b, 16);
  const b5: u64 = <u64>load<u32>(b, 20);
  const b6: u64 = <u64>load<u32>(b, 24);
  const b7: u64 = <u64>load<u32>(b, 28);
  const b8: u64 = <u64>load<u32>(b, 32);
  const b9: u64 = <u64>load<u32>(b, 36);
  let c0: u64 = a0 * b0;
  let c1: u64 = a0 * b1 + a1 * b0;
  let c2: u64 = a0 * b2 + a1 * b1 + a2 * b0;
  let c3: u64 = a0 * b3 + a1 * b2 + a2 * b1 + a3 * b0;
  let c4: u64 = a0 * b4 + a1 * b3 + a2 * b2 + a3 * b1 + a4 * b0;
  let c5: u64 = a0 * b5 + a1 * b4 + a2 * b3 + a3 * b2 + a4 * b1 + a5 * b0;
  let c6: u64 = a0 * b6 + a1 * b5 + a2 * b4 + a3 * b3 + a4 * b2 + a5 * b1 + a6 * b0;
  let c7: u64 = a0 * b7 + a1 * b6 + a2 * b5 + a3 * b4 + a4 * b3 + a5 * b2 + a6 * b1 + a7 * b0;
  let c8: u64 = a0 * b8 + a1 * b7 + a2 * b6 + a3 * b5 + a4 * b4 + a5 * b3 + a6 * b2 + a7 * b1 + a8 * b0;
  let c9: u64 = a0 * b9 + a1 * b8 + a2 * b7 + a3 * b6 + a4 * b5 + a5 * b4 + a6 * b3 + a7 * b2 + a8 * b1 + a9 * b0;
  let c10: u64 = a1 * b9 + a2 * b8 + a3 * b7 + a4 * b6 + a5 * b5 + a6 * b4 + a7 * b3 + a8 * b2 + a9 * b1;
  let c11: u64 = a2 * b9 + a3 * b8 + a4 * b7 + a5 * b6 + a6 * b5 + a7 * b4 + a8 * b3 + a9 * b2;
  let c12: u64 = a3 * b9 + a4 * b8 + a5 * b7 + a6 * b6 + a7 * b5 + a8 * b4 + a9 * b3;
  let c13: u64 = a4 * b9 + a5 * b8 + a6 * b7 + a7 * b6 + a8 * b5 + a9 * b4;
  let c14: u64 = a5 * b9 + a6 * b8 + a7 * b7 + a8 * b6 + a9 * b5;
  let c15: u64 = a6 * b9 + a7 * b8 + a8 * b7 + a9 * b6;
  let c16: u64 = a7 * b9 + a8 * b8 + a9 * b7;
  let c17: u64 = a8 * b9 + a9 * b8;
  let c18: u64 = a9 * b9;
  reduceStore(dst, c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16, c17, c18);
}

/** Sets dst = a² (magnitude 1); input of magnitude ≤ 8; dst may alias a. */
// @ts-ignore: decorator
@inline
export function square(dst: usize, a: usize): void {
  const a0: u64 = <u64>load<u32>(a, 0);
  const a1: u64 = <u64>load<u32>(a, 4);
  const a2: u64 = <u64>load<u32>(a, 8);
  const a3: u64 = <u64>load<u32>(a, 12);
  const a4: u64 = <u64>load<u32>(a, 16);
  const a5: u64 = <u64>load<u32>(a, 20);
  const a6: u64 = <u64>load<u32>(a, 24);
  const a7: u64 = <u64>load<u32>(a, 28);
  const a8: u64 = <u64>load<u32>(a, 32);
  const a9: u64 = <u64>load<u32>(a, 36);
  const d0: u64 = a0 << 1;
  const d1: u64 = a1 << 1;
  const d2: u64 = a2 << 1;
  const d3: u64 = a3 << 1;
  const d4: u64 = a4 << 1;
  const d5: u64 = a5 << 1;
  const d6: u64 = a6 << 1;
  const d7: u64 = a7 << 1;
  const d8: u64 = a8 << 1;
  let c0: u64 = a0 * a0;
  let c1: u64 = d0 * a1;
  let c2: u64 = d0 * a2 + a1 * a1;
  let c3: u64 = d0 * a3 + d1 * a2;
  let c4: u64 = d0 * a4 + d1 * a3 + a2 * a2;
  let c5: u64 = d0 * a5 + d1 * a4 + d2 * a3;
  let c6: u64 = d0 * a6 + d1 * a5 + d2 * a4 + a3 * a3;
  let c7: u64 = d0 * a7 + d1 * a6 + d2 * a5 + d3 * a4;
  let c8: u64 = d0 * a8 + d1 * a7 + d2 * a6 + d3 * a5 + a4 * a4;
  let c9: u64 = d0 * a9 + d1 * a8 + d2 * a7 + d3 * a6 + d4 * a5;
  let c10: u64 = d1 * a9 + d2 * a8 + d3 * a7 + d4 * a6 + a5 * a5;
  let c11: u64 = d2 * a9 + d3 * a8 + d4 * a7 + d5 * a6;
  let c12: u64 = d3 * a9 + d4 * a8 + d5 * a7 + a6 * a6;
  let c13: u64 = d4 * a9 + d5 * a8 + d6 * a7;
  let c14: u64 = d5 * a9 + d6 * a8 + a7 * a7;
  let c15: u64 = d6 * a9 + d7 * a8;
  let c16: u64 = d7 * a9 + a8 * a8;
  let c17: u64 = d8 * a9;
  let c18: u64 = a9 * a9;
  reduceStore(dst, c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16, c17, c18);
}

/** Sets the element at x = x·y, n times. */
export function mulLoop(x: usize, y: usize, n: i32): void {
  for (let i = 0; i < n; i++) mul(x, x, y);
}

/** Sets the element at x = x², n times. */
export function squareLoop(x: usize, n: i32): void {
  for (let i = 0; i < n; i++) square(x, x);
}
