/**
 * The GLV split and the signed c-bit recoding of PUBLIC scalars for the
 * Pippenger kernel (msm.ts pippengerScalars): the same integers as the
 * TypeScript engine's splitKNonConst (src/secp256k1/scalar.ts) and
 * recodeSignedNonConst (src/shared/recode.ts), so the digits, and the MSM's
 * coordinates, are the TypeScript engine's. Exact integer arithmetic on
 * 32-bit limbs with 64-bit products:
 *
 *   c1 = round(k·g1 / 2³⁸⁴), c2 = round(k·g2 / 2³⁸⁴)   (512-bit products)
 *   k2 = c1·|b1| − c2·a1,  k1 = k − c1·a1 − c2·a2       (mod 2²⁸⁸, then signed)
 *
 * |k1|, |k2| < 2¹²⁸ (the rounding constants' bound; libsecp256k1
 * `scalar_split_lambda`). Branch-free (fixed loop bounds, the sign taken by
 * masks), so the constant-time k·P (consttime.ts scalarMultSplit) splits
 * SECRET scalars with it too; it then wipes the scratch.
 *
 * Scratch: field slots 43 – 48 (layout.ts): K (8 limbs), PROD (16), C1 (5),
 * C2 (5), ACC (9), M1 and M2 (5 each).
 *
 * References: [GLV] Gallant, Lambert, Vanstone, CRYPTO 2001; [GECC]
 * Alg. 3.74; [BDLO12] §4 (signed windows).
 */
import { slot } from './point';
// g1 = round(2³⁸⁴·b2 / n), g2 = round(2³⁸⁴·(−b1) / n), a1, |b1|, a2 as
// little-endian u32 limbs, computed from n and λ by packages/curves/gen/glv.mjs
// with the TypeScript engine's copy (src/secp256k1/glv.generated.ts).
import { A1, A2, B1, G1, G2 } from './glv.generated';

const K: usize = slot(43);
const PROD: usize = K + 32;
const C1: usize = K + 96;
const C2: usize = K + 116;
const ACC: usize = K + 136;
export const M1: usize = K + 176;
export const M2: usize = K + 196;

/** Loads the 32 big-endian bytes at b into K (8 little-endian limbs). */
function loadK(b: usize): void {
  for (let i: usize = 0; i < 8; i++) store<u32>(K + 4 * i, bswap<u32>(load<u32>(b + 28 - 4 * i)));
}

/** Sets c (5 limbs) = ⌊(K·g + 2³⁸³) / 2³⁸⁴⌋ for the 8-limb constant g. */
function mulShift384(g: usize, c: usize): void {
  memory.fill(PROD, 0, 64);
  for (let i: usize = 0; i < 8; i++) {
    const ki = <u64>load<u32>(K + 4 * i);
    let carry: u64 = 0;
    for (let j: usize = 0; j < 8; j++) {
      const p = PROD + 4 * (i + j);
      const t = ki * <u64>load<u32>(g + 4 * j) + <u64>load<u32>(p) + carry; // < 2⁶⁴
      store<u32>(p, <u32>t);
      carry = t >> 32;
    }
    store<u32>(PROD + 4 * (i + 8), <u32>carry);
  }
  let carry: u64 = <u64>(load<u32>(PROD + 44) >>> 31); //  bit 383 rounds
  for (let i: usize = 0; i < 4; i++) {
    const t = <u64>load<u32>(PROD + 4 * (12 + i)) + carry;
    store<u32>(c + 4 * i, <u32>t);
    carry = t >> 32;
  }
  store<u32>(c + 16, <u32>carry);
}

/** ACC += s·(a·b) mod 2²⁸⁸ (s = ±1) for a of na limbs and b of nb limbs. */
function accMul(a: usize, na: usize, b: usize, nb: usize, negative: bool): void {
  memory.fill(PROD, 0, 36);
  for (let i: usize = 0; i < na; i++) {
    const ai = <u64>load<u32>(a + 4 * i);
    let carry: u64 = 0;
    for (let j: usize = 0; j < nb && i + j < 9; j++) {
      const p = PROD + 4 * (i + j);
      const t = ai * <u64>load<u32>(b + 4 * j) + <u64>load<u32>(p) + carry;
      store<u32>(p, <u32>t);
      carry = t >> 32;
    }
    if (i + nb < 9) store<u32>(PROD + 4 * (i + nb), <u32>carry);
  }
  if (negative) {
    let borrow: i64 = 0;
    for (let i: usize = 0; i < 9; i++) {
      const t = <i64>load<u32>(ACC + 4 * i) - <i64>load<u32>(PROD + 4 * i) - borrow;
      store<u32>(ACC + 4 * i, <u32>t);
      borrow = <i64>(<u64>t >> 63); //                1 when t < 0
    }
  } else {
    let carry: u64 = 0;
    for (let i: usize = 0; i < 9; i++) {
      const t = <u64>load<u32>(ACC + 4 * i) + <u64>load<u32>(PROD + 4 * i) + carry;
      store<u32>(ACC + 4 * i, <u32>t);
      carry = t >> 32;
    }
  }
}

/** Writes |ACC| (a signed 288-bit value below 2¹⁶⁰ in size) into m (5 limbs); returns 1 when ACC is negative. */
function magnitude(m: usize): u32 {
  const neg = load<u32>(ACC + 32) >>> 31;
  const mask: u32 = 0 - neg; //                       all ones when negative
  let carry: u64 = <u64>neg;
  for (let i: usize = 0; i < 5; i++) {
    const t = <u64>(load<u32>(ACC + 4 * i) ^ mask) + carry; // two's complement when negative
    store<u32>(m + 4 * i, <u32>t);
    carry = t >> 32;
  }
  return neg;
}

/** Zeroes the split's scratch (K … M2: 216 bytes), after a secret scalar. */
export function wipeSplit(): void {
  memory.fill(K, 0, 216);
}

/**
 * Splits the scalar k given as 32 big-endian bytes at b (k < n): |k1| into
 * M1 and |k2| into M2 (5 little-endian limbs each); returns bit 0 set when
 * k1 < 0 and bit 1 when k2 < 0. k ≡ ±|k1| ± |k2|·λ (mod n).
 */
export function splitScalar(b: usize): u32 {
  loadK(b);
  mulShift384(G1, C1);
  mulShift384(G2, C2);
  memory.fill(ACC, 0, 36); //                         k2 = c1·|b1| − c2·a1
  accMul(C1, 5, B1, 4, false);
  accMul(C2, 5, A1, 4, true);
  const neg2 = magnitude(M2);
  memory.fill(ACC, 0, 36); //                         k1 = k − c1·a1 − c2·a2
  memory.copy(ACC, K, 32);
  accMul(C1, 5, A1, 4, true);
  accMul(C2, 5, A2, 5, true);
  const neg1 = magnitude(M1);
  return neg1 | (neg2 << 1);
}

/**
 * Writes the nWin signed c-bit windows of the 160-bit magnitude at m (5
 * limbs), each times `sign` (±1), as i16 at out, out + 2, …: digits in
 * (−2^(c−1), 2^(c−1)], as recodeSignedNonConst gives them. 2 ≤ c ≤ 16.
 */
export function recodeSigned(m: usize, c: i32, nWin: i32, sign: i32, out: usize): void {
  const full = 1 << c;
  const half = full >> 1;
  const mask = <u64>(full - 1);
  let carry = 0;
  for (let j = 0; j < nWin; j++) {
    const bit = j * c;
    let v = 0;
    if (bit < 160) {
      const li = <usize>(bit >>> 5);
      const sh = <u64>(bit & 31);
      let raw = <u64>load<u32>(m + 4 * li) >> sh;
      if (li < 4) raw |= <u64>load<u32>(m + 4 * li + 4) << (32 - sh);
      v = <i32>(raw & mask);
    }
    v += carry;
    carry = v > half ? 1 : 0;
    store<i16>(out + 2 * <usize>j, <i16>(sign * (v - carry * full)));
  }
}
