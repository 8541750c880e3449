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

/**
 * Sets dst = a·b: `mul` as one out-of-line function. Callers that are not
 * an inner loop of their own use this copy instead of inlining the kernel
 * (each inlined copy is over 1 KB of code; one shared copy keeps the module
 * small and the hot loops inside the instruction cache).
 */
export function mulOut(dst: usize, a: usize, b: usize): void {
  mul(dst, a, b);
}

/** Sets dst = a²: `square` as one out-of-line function (see mulOut). */
export function squareOut(dst: usize, a: usize): void {
  square(dst, a);
}

/** Sets the element at x = x·y, n times, on the loop slots (see index.ts). */
export function mulLoop(x: usize, y: usize, n: i32): void {
  for (let i = 0; i < n; i++) mul(x, x, y);
}

/** Sets the element at x = x², n times. */
export function squareLoop(x: usize, n: i32): void {
  for (let i = 0; i < n; i++) square(x, x);
}

// ---------------------------------------------------------------------------
// The rest of the field for the engine's point kernels (issue 13): linear
// operations, carries, exponentiations, canonical forms and the conversions
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

/** Sets dst = a + b limb by limb (no carry); magnitude(a) + magnitude(b). */
// @ts-ignore: decorator
@inline
export function add(dst: usize, a: usize, b: usize): void {
  store<i32>(dst, load<i32>(a, 0) + load<i32>(b, 0), 0);
  store<i32>(dst, load<i32>(a, 4) + load<i32>(b, 4), 4);
  store<i32>(dst, load<i32>(a, 8) + load<i32>(b, 8), 8);
  store<i32>(dst, load<i32>(a, 12) + load<i32>(b, 12), 12);
  store<i32>(dst, load<i32>(a, 16) + load<i32>(b, 16), 16);
  store<i32>(dst, load<i32>(a, 20) + load<i32>(b, 20), 20);
  store<i32>(dst, load<i32>(a, 24) + load<i32>(b, 24), 24);
  store<i32>(dst, load<i32>(a, 28) + load<i32>(b, 28), 28);
  store<i32>(dst, load<i32>(a, 32) + load<i32>(b, 32), 32);
  store<i32>(dst, load<i32>(a, 36) + load<i32>(b, 36), 36);
}

/** Sets dst = a − b limb by limb (no carry); magnitude(a) + magnitude(b). */
// @ts-ignore: decorator
@inline
export function sub(dst: usize, a: usize, b: usize): void {
  store<i32>(dst, load<i32>(a, 0) - load<i32>(b, 0), 0);
  store<i32>(dst, load<i32>(a, 4) - load<i32>(b, 4), 4);
  store<i32>(dst, load<i32>(a, 8) - load<i32>(b, 8), 8);
  store<i32>(dst, load<i32>(a, 12) - load<i32>(b, 12), 12);
  store<i32>(dst, load<i32>(a, 16) - load<i32>(b, 16), 16);
  store<i32>(dst, load<i32>(a, 20) - load<i32>(b, 20), 20);
  store<i32>(dst, load<i32>(a, 24) - load<i32>(b, 24), 24);
  store<i32>(dst, load<i32>(a, 28) - load<i32>(b, 28), 28);
  store<i32>(dst, load<i32>(a, 32) - load<i32>(b, 32), 32);
  store<i32>(dst, load<i32>(a, 36) - load<i32>(b, 36), 36);
}

/** Sets dst = −a limb by limb; magnitude unchanged. */
// @ts-ignore: decorator
@inline
export function neg(dst: usize, a: usize): void {
  store<i32>(dst, -load<i32>(a, 0), 0);
  store<i32>(dst, -load<i32>(a, 4), 4);
  store<i32>(dst, -load<i32>(a, 8), 8);
  store<i32>(dst, -load<i32>(a, 12), 12);
  store<i32>(dst, -load<i32>(a, 16), 16);
  store<i32>(dst, -load<i32>(a, 20), 20);
  store<i32>(dst, -load<i32>(a, 24), 24);
  store<i32>(dst, -load<i32>(a, 28), 28);
  store<i32>(dst, -load<i32>(a, 32), 32);
  store<i32>(dst, -load<i32>(a, 36), 36);
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
 * Sets dst = a with its limbs carried: the carry network of `mul`.
 * Preconditions: |a[i]| < 2^31. Output: magnitude 1 (the bounds of `mul`).
 */
export function carry(dst: usize, a: usize): void {
  carryStore(dst,
    <i64>load<i32>(a, 0), <i64>load<i32>(a, 4), <i64>load<i32>(a, 8), <i64>load<i32>(a, 12), <i64>load<i32>(a, 16),
    <i64>load<i32>(a, 20), <i64>load<i32>(a, 24), <i64>load<i32>(a, 28), <i64>load<i32>(a, 32), <i64>load<i32>(a, 36));
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

/**
 * Sets dst = a^(2^n) (n ≥ 1 squarings): the squaring of `square` with the
 * limbs kept in locals between iterations (no store/load per squaring, the
 * latency of a long chain such as an inversion). Input magnitude ≤ 2,
 * output magnitude 1 (every iteration's output is a valid input).
 */
export function squareN(dst: usize, a: usize, n: i32): void {
  let f0: i64 = <i64>load<i32>(a, 0);
  let f1: i64 = <i64>load<i32>(a, 4);
  let f2: i64 = <i64>load<i32>(a, 8);
  let f3: i64 = <i64>load<i32>(a, 12);
  let f4: i64 = <i64>load<i32>(a, 16);
  let f5: i64 = <i64>load<i32>(a, 20);
  let f6: i64 = <i64>load<i32>(a, 24);
  let f7: i64 = <i64>load<i32>(a, 28);
  let f8: i64 = <i64>load<i32>(a, 32);
  let f9: i64 = <i64>load<i32>(a, 36);
  for (let it = 0; it < n; it++) {
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
    f0 = h0; f1 = h1; f2 = h2; f3 = h3; f4 = h4; f5 = h5; f6 = h6; f7 = h7; f8 = h8; f9 = h9;
  }
  store<i32>(dst, <i32>f0, 0);
  store<i32>(dst, <i32>f1, 4);
  store<i32>(dst, <i32>f2, 8);
  store<i32>(dst, <i32>f3, 12);
  store<i32>(dst, <i32>f4, 16);
  store<i32>(dst, <i32>f5, 20);
  store<i32>(dst, <i32>f6, 24);
  store<i32>(dst, <i32>f7, 28);
  store<i32>(dst, <i32>f8, 32);
  store<i32>(dst, <i32>f9, 36);
}

/**
 * Sets t[4] = a^(2^250 − 1) and t[0] = a^11, the shared prefix of `invert`
 * and `pow22523`: the Curve25519 addition chain (250 squarings, 11 mul).
 * t is scratch for 6 elements (240 bytes); a is not in t.
 */
function chain250(t: usize, a: usize): void {
  const t0 = t;
  const t1 = t + 40;
  const t2 = t + 80;
  const t3 = t + 120;
  const t4 = t + 160;
  const t5 = t + 200;
  squareOut(t0, a); //          a^2
  squareN(t1, t0, 2); //     a^8
  mulOut(t1, t1, a); //         a^9
  mulOut(t0, t0, t1); //        a^11
  squareOut(t2, t0); //         a^22
  mulOut(t1, t1, t2); //        a^31 = a^(2^5 − 1)
  squareN(t2, t1, 5);
  mulOut(t2, t2, t1); //        2^10 − 1
  squareN(t3, t2, 10);
  mulOut(t3, t3, t2); //        2^20 − 1
  squareN(t4, t3, 20);
  mulOut(t4, t4, t3); //        2^40 − 1
  squareN(t3, t4, 10);
  mulOut(t3, t3, t2); //        2^50 − 1
  squareN(t4, t3, 50);
  mulOut(t4, t4, t3); //        2^100 − 1
  squareN(t5, t4, 100);
  mulOut(t5, t5, t4); //        2^200 − 1
  squareN(t4, t5, 50);
  mulOut(t4, t4, t3); //        2^250 − 1
}

/**
 * Sets dst = a^(p − 2) = 1/a (0 for a = 0); t is 240 bytes of scratch.
 * Input magnitude ≤ 2; output magnitude 1. Constant time.
 */
export function invert(dst: usize, a: usize, t: usize): void {
  chain250(t, a);
  squareN(t + 160, t + 160, 5); // 2^255 − 32
  mulOut(dst, t + 160, t); //         2^255 − 21 = p − 2
}

/**
 * Sets dst = a^((p − 5)/8) = a^(2^252 − 3); t is 240 bytes of scratch.
 * Input magnitude ≤ 2; output magnitude 1. Constant time.
 */
export function pow22523(dst: usize, a: usize, t: usize): void {
  chain250(t, a);
  squareN(t + 160, t + 160, 2); // 2^252 − 4
  mulOut(dst, t + 160, a); //         2^252 − 3
}

/**
 * Sets dst to the canonical limbs of a: value in [0, p), limb i in
 * [0, 2^26) (even i) or [0, 2^25) (odd i). Preconditions: magnitude ≤ 8.
 * Branch-free: one carried pass, +2p (every limb positive), two wrapping
 * carry passes (value now in [0, 2^255)), then a subtraction of q·p with
 * q = ⌊(v + 19)/2^255⌋ ∈ {0, 1} (v ≥ p ⇔ v + 19 ≥ 2^255).
 */
export function canonical(dst: usize, a: usize): void {
  carry(dst, a); // every limb in [0, 2^26) except |f1| slightly out, f1 > −2^17
  let h0: i64 = <i64>load<i32>(dst, 0) + 0x7ffffda;
  let h1: i64 = <i64>load<i32>(dst, 4) + 0x3fffffe;
  let h2: i64 = <i64>load<i32>(dst, 8) + 0x7fffffe;
  let h3: i64 = <i64>load<i32>(dst, 12) + 0x3fffffe;
  let h4: i64 = <i64>load<i32>(dst, 16) + 0x7fffffe;
  let h5: i64 = <i64>load<i32>(dst, 20) + 0x3fffffe;
  let h6: i64 = <i64>load<i32>(dst, 24) + 0x7fffffe;
  let h7: i64 = <i64>load<i32>(dst, 28) + 0x3fffffe;
  let h8: i64 = <i64>load<i32>(dst, 32) + 0x7fffffe;
  let h9: i64 = <i64>load<i32>(dst, 36) + 0x3fffffe;
  let c: i64;
  for (let pass = 0; pass < 2; pass++) {
    c = h0 >> 26; h1 += c; h0 -= c << 26;
    c = h1 >> 25; h2 += c; h1 -= c << 25;
    c = h2 >> 26; h3 += c; h2 -= c << 26;
    c = h3 >> 25; h4 += c; h3 -= c << 25;
    c = h4 >> 26; h5 += c; h4 -= c << 26;
    c = h5 >> 25; h6 += c; h5 -= c << 25;
    c = h6 >> 26; h7 += c; h6 -= c << 26;
    c = h7 >> 25; h8 += c; h7 -= c << 25;
    c = h8 >> 26; h9 += c; h8 -= c << 26;
    c = h9 >> 25; h0 += c * 19; h9 -= c << 25;
  }
  // A third pass cannot wrap: after two, the wrapped carry was ≤ 1 and the
  // limbs above it were reduced, so the value is below 2^255 once h0 settles.
  c = h0 >> 26; h1 += c; h0 -= c << 26;
  c = h1 >> 25; h2 += c; h1 -= c << 25;
  c = h2 >> 26; h3 += c; h2 -= c << 26;
  c = h3 >> 25; h4 += c; h3 -= c << 25;
  c = h4 >> 26; h5 += c; h4 -= c << 26;
  c = h5 >> 25; h6 += c; h5 -= c << 25;
  c = h6 >> 26; h7 += c; h6 -= c << 26;
  c = h7 >> 25; h8 += c; h7 -= c << 25;
  c = h8 >> 26; h9 += c; h8 -= c << 26;
  // q = ⌊(v + 19) / 2^255⌋.
  let q: i64 = (h0 + 19) >> 26;
  q = (h1 + q) >> 25;
  q = (h2 + q) >> 26;
  q = (h3 + q) >> 25;
  q = (h4 + q) >> 26;
  q = (h5 + q) >> 25;
  q = (h6 + q) >> 26;
  q = (h7 + q) >> 25;
  q = (h8 + q) >> 26;
  q = (h9 + q) >> 25;
  h0 += 19 * q;
  c = h0 >> 26; h1 += c; h0 -= c << 26;
  c = h1 >> 25; h2 += c; h1 -= c << 25;
  c = h2 >> 26; h3 += c; h2 -= c << 26;
  c = h3 >> 25; h4 += c; h3 -= c << 25;
  c = h4 >> 26; h5 += c; h4 -= c << 26;
  c = h5 >> 25; h6 += c; h5 -= c << 25;
  c = h6 >> 26; h7 += c; h6 -= c << 26;
  c = h7 >> 25; h8 += c; h7 -= c << 25;
  c = h8 >> 26; h9 += c; h8 -= c << 26;
  h9 &= 0x1ffffff; // drops q·2^255
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

// Fused linear steps of the point formulas: one pass over the limbs
// instead of two (the doubling runs them hundreds of times per operation).

/** Sets dst = −a − b limb by limb (no carry); magnitude(a) + magnitude(b). */
// @ts-ignore: decorator
@inline
export function negSum(dst: usize, a: usize, b: usize): void {
  for (let i: usize = 0; i < 40; i += 4) store<i32>(dst + i, -load<i32>(a + i) - load<i32>(b + i));
}

/** Sets dst = a − 2·b limb by limb (no carry); magnitude(a) + 2·magnitude(b). */
// @ts-ignore: decorator
@inline
export function subTwice(dst: usize, a: usize, b: usize): void {
  for (let i: usize = 0; i < 40; i += 4) store<i32>(dst + i, load<i32>(a + i) - (load<i32>(b + i) << 1));
}

