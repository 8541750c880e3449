/**
 * A generic prime field GF(p), built once per modulus, for the base and
 * scalar fields of the twisted Edwards curves (Jubjub, Bandersnatch,
 * BabyJubjub) and anything else with an odd prime modulus of at most 359
 * bits.
 *
 * ## Representation
 * An element is a `Float64Array` of `n = ceil((bits(p) + 1) / 24)` limbs in
 * radix 2^24 (little-endian limb order) holding the Montgomery form
 * x̃ = x·R mod p with R = 2^(24n). Per-limb bound: every limb is an integer in
 * [0, 2^24). Magnitude: every element handed out by this class is fully
 * reduced (the value x̃ < p), so equality is limb equality and there is no
 * lazy reduction to track. For p = BLS12-381 Fr and BN254 Fr, n = 11
 * (R = 2^264).
 *
 * ## Why doubles are exact (the 2^53 bound)
 * Multiplication is Montgomery's product-scanning (FIPS) method. Column k
 * accumulates at most n products a_i·b_j and at most n products m_i·p_j,
 * each ≤ (2^24 − 1)^2 < 2^48, plus the carry from column k − 1. Induction on
 * k: carry_k = acc_k / 2^24 < (2n·2^48 + 2^30) / 2^24 < 2n·2^24 + 2^6 < 2^30,
 * so acc_k < 2n·2^48 + 2^30. For n ≤ 15 that is < 30·2^48 + 2^30 < 2^53
 * (30·2^48 = 0.9375·2^53), hence every partial sum is an integer below 2^53
 * and IEEE-754 double arithmetic on it is exact. For n = 11 the bound is
 * 22·2^48 + 2^30 < 2^52.46. The Montgomery quotient digit uses Math.imul on
 * the low 32 bits (ToInt32 of an integer-valued double below 2^53 is exact
 * mod 2^32). The final value before the conditional subtraction is
 * (a·b + m·p)/R < (p² + R·p)/R < 2p < R, so it fits in n limbs and one
 * subtraction of p reduces it.
 *
 * ## Allocation and timing
 * Every arithmetic method writes into an `out` argument, returns it, and
 * allocates nothing: scratch space is preallocated per field instance (one
 * instance per modulus; JavaScript is single-threaded, and no method calls
 * user code while it holds scratch). `out` may alias any input. add, sub,
 * negate, mul, square, invert, sqrt, legendre and cmov have a fixed operation
 * sequence (no branch or index depends on the values), as far as JavaScript
 * lets us promise that; equals/isZero compare all limbs without early exit.
 * BigInt is used only at construction time and in the explicitly
 * non-hot helpers `setBigInt` / `toBigInt` / `pow`.
 *
 * References:
 * - [MONT] P. L. Montgomery, "Modular multiplication without trial division",
 *   Math. Comp. 44 (1985).
 * - [KAK] Koç, Acar, Kaliski, "Analyzing and comparing Montgomery
 *   multiplication algorithms", IEEE Micro 16(3), 1996 (FIPS method).
 * - [RFC9380] Hashing to Elliptic Curves, Appendix I.4 (constant-time
 *   Tonelli–Shanks, `sqrt_ct`).
 * - [HAC] Handbook of Applied Cryptography, 2.149 (Euler's criterion),
 *   4.24 (Miller–Rabin).
 */
import { StrataError, ErrorCode, describe, expectBytes } from '../errors.js';
import { expectBoolean, expectNumberArg, expectOptions } from '../options.js';

/** Radix bits per limb. */
const W = 24;
/** 2^24. */
const BASE = 16777216;
/** 2^-24 (exact: a power of two). */
const INV_BASE = 1 / 16777216;
/** The largest supported limb count (see the 2^53 bound above). */
const MAX_LIMBS = 15;

/**
 * A field element: a Float64Array of `field.limbs` radix-2^24 limbs holding
 * the Montgomery form of the value, each limb an integer in [0, 2^24), the
 * whole value < p. Create one with `field.create()`; only pass it to the field
 * that created it.
 */
export type PrimeFieldElement = Float64Array;

/** Options for decoding bytes into a field element. */
export interface FromBytesOptions {
  /** Reduce a value ≥ p modulo p instead of throwing ERR_NON_CANONICAL. */
  readonly reduce?: boolean;
}

function bitLength(x: bigint): number {
  return x === 0n ? 0 : x.toString(2).length;
}

function modPow(b: bigint, e: bigint, m: bigint): bigint {
  let r = 1n;
  let x = b % m;
  let k = e;
  while (k > 0n) {
    if ((k & 1n) === 1n) r = (r * x) % m;
    x = (x * x) % m;
    k >>= 1n;
  }
  return r;
}

/** Miller–Rabin with 24 fixed bases ([HAC] 4.24); construction time only. */
function isProbablePrime(n: bigint): boolean {
  const small = [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n, 41n, 43n, 47n, 53n, 59n, 61n, 67n, 71n, 73n, 79n, 83n, 89n];
  if (n < 2n) return false;
  for (const q of small) {
    if (n === q) return true;
    if (n % q === 0n) return false;
  }
  let d = n - 1n;
  let s = 0;
  while ((d & 1n) === 0n) { d >>= 1n; s++; }
  outer: for (const a of small) {
    let x = modPow(a, d, n);
    if (x === 1n || x === n - 1n) continue;
    for (let i = 1; i < s; i++) {
      x = (x * x) % n;
      if (x === n - 1n) continue outer;
    }
    return false;
  }
  return true;
}

/** Splits a non-negative bigint < 2^(24·n) into n radix-2^24 limbs. */
function toLimbs(x: bigint, n: number): Float64Array {
  const out = new Float64Array(n);
  let v = x;
  for (let i = 0; i < n; i++) {
    out[i] = Number(v & 0xffffffn);
    v >>= 24n;
  }
  return out;
}

/** The 4-bit digits of e, most significant first, covering `bits` bits. */
function nibblesMsbFirst(e: bigint, bits: number): Uint8Array {
  const count = Math.max(1, Math.ceil(bits / 4));
  const out = new Uint8Array(count);
  let v = e;
  for (let i = count - 1; i >= 0; i--) {
    out[i] = Number(v & 0xfn);
    v >>= 4n;
  }
  return out;
}

// BEGIN GENERATED (PrimeField 11-limb kernels)
// Code generated by `pnpm gen` (packages/field/gen/prime-field.mjs). DO NOT EDIT.
/**
 * Montgomery product for n = 11 limbs (p < 2^263; both BLS12-381 Fr and BN254
 * Fr), the FIPS loop of `PrimeField.mul` fully unrolled with limbs held in
 * locals (generated code; the same column sums, so the same 2^53 bound).
 * Each column is summed as a balanced tree with the term that depends on
 * the newest quotient digit added last, so the CPU can overlap columns
 * (a left-to-right chain of 22 dependent additions was latency-bound;
 * the tree measured ~40% faster). Every partial sum is a non-negative
 * integer no larger than the full column sum, so it is exact.
 * Sets out = a·b·R⁻¹ mod p; out may alias a or b.
 */
function montMul11(out: Float64Array, a: Float64Array, b: Float64Array, p: Float64Array, pinv: number): void {
  const a0 = a[0]!; const a1 = a[1]!; const a2 = a[2]!; const a3 = a[3]!; const a4 = a[4]!; const a5 = a[5]!; const a6 = a[6]!; const a7 = a[7]!; const a8 = a[8]!; const a9 = a[9]!; const a10 = a[10]!;
  const b0 = b[0]!; const b1 = b[1]!; const b2 = b[2]!; const b3 = b[3]!; const b4 = b[4]!; const b5 = b[5]!; const b6 = b[6]!; const b7 = b[7]!; const b8 = b[8]!; const b9 = b[9]!; const b10 = b[10]!;
  const p0 = p[0]!; const p1 = p[1]!; const p2 = p[2]!; const p3 = p[3]!; const p4 = p[4]!; const p5 = p[5]!; const p6 = p[6]!; const p7 = p[7]!; const p8 = p[8]!; const p9 = p[9]!; const p10 = p[10]!;
  let acc = 0;
  let hi = 0;
  acc = a0 * b0;
  const m0 = Math.imul(acc | 0, pinv) & 0xffffff;
  hi = (acc + m0 * p0) * INV_BASE;
  acc = hi + ((a0 * b1 + a1 * b0) + m0 * p1);
  const m1 = Math.imul(acc | 0, pinv) & 0xffffff;
  hi = (acc + m1 * p0) * INV_BASE;
  acc = hi + (((a0 * b2 + a1 * b1) + (a2 * b0 + m0 * p2)) + m1 * p1);
  const m2 = Math.imul(acc | 0, pinv) & 0xffffff;
  hi = (acc + m2 * p0) * INV_BASE;
  acc = hi + ((((a0 * b3 + a1 * b2) + a2 * b1) + ((a3 * b0 + m0 * p3) + m1 * p2)) + m2 * p1);
  const m3 = Math.imul(acc | 0, pinv) & 0xffffff;
  hi = (acc + m3 * p0) * INV_BASE;
  acc = hi + ((((a0 * b4 + a1 * b3) + (a2 * b2 + a3 * b1)) + ((a4 * b0 + m0 * p4) + (m1 * p3 + m2 * p2))) + m3 * p1);
  const m4 = Math.imul(acc | 0, pinv) & 0xffffff;
  hi = (acc + m4 * p0) * INV_BASE;
  acc = hi + (((((a0 * b5 + a1 * b4) + a2 * b3) + (a3 * b2 + a4 * b1)) + (((a5 * b0 + m0 * p5) + m1 * p4) + (m2 * p3 + m3 * p2))) + m4 * p1);
  const m5 = Math.imul(acc | 0, pinv) & 0xffffff;
  hi = (acc + m5 * p0) * INV_BASE;
  acc = hi + (((((a0 * b6 + a1 * b5) + a2 * b4) + ((a3 * b3 + a4 * b2) + a5 * b1)) + (((a6 * b0 + m0 * p6) + m1 * p5) + ((m2 * p4 + m3 * p3) + m4 * p2))) + m5 * p1);
  const m6 = Math.imul(acc | 0, pinv) & 0xffffff;
  hi = (acc + m6 * p0) * INV_BASE;
  acc = hi + (((((a0 * b7 + a1 * b6) + (a2 * b5 + a3 * b4)) + ((a4 * b3 + a5 * b2) + a6 * b1)) + (((a7 * b0 + m0 * p7) + (m1 * p6 + m2 * p5)) + ((m3 * p4 + m4 * p3) + m5 * p2))) + m6 * p1);
  const m7 = Math.imul(acc | 0, pinv) & 0xffffff;
  hi = (acc + m7 * p0) * INV_BASE;
  acc = hi + (((((a0 * b8 + a1 * b7) + (a2 * b6 + a3 * b5)) + ((a4 * b4 + a5 * b3) + (a6 * b2 + a7 * b1))) + (((a8 * b0 + m0 * p8) + (m1 * p7 + m2 * p6)) + ((m3 * p5 + m4 * p4) + (m5 * p3 + m6 * p2)))) + m7 * p1);
  const m8 = Math.imul(acc | 0, pinv) & 0xffffff;
  hi = (acc + m8 * p0) * INV_BASE;
  acc = hi + ((((((a0 * b9 + a1 * b8) + a2 * b7) + (a3 * b6 + a4 * b5)) + ((a5 * b4 + a6 * b3) + (a7 * b2 + a8 * b1))) + ((((a9 * b0 + m0 * p9) + m1 * p8) + (m2 * p7 + m3 * p6)) + ((m4 * p5 + m5 * p4) + (m6 * p3 + m7 * p2)))) + m8 * p1);
  const m9 = Math.imul(acc | 0, pinv) & 0xffffff;
  hi = (acc + m9 * p0) * INV_BASE;
  acc = hi + ((((((a0 * b10 + a1 * b9) + a2 * b8) + (a3 * b7 + a4 * b6)) + (((a5 * b5 + a6 * b4) + a7 * b3) + (a8 * b2 + a9 * b1))) + ((((a10 * b0 + m0 * p10) + m1 * p9) + (m2 * p8 + m3 * p7)) + (((m4 * p6 + m5 * p5) + m6 * p4) + (m7 * p3 + m8 * p2)))) + m9 * p1);
  const m10 = Math.imul(acc | 0, pinv) & 0xffffff;
  hi = (acc + m10 * p0) * INV_BASE;
  acc = hi + (((((a1 * b10 + a2 * b9) + a3 * b8) + (a4 * b7 + a5 * b6)) + (((a6 * b5 + a7 * b4) + a8 * b3) + (a9 * b2 + a10 * b1))) + ((((m1 * p10 + m2 * p9) + m3 * p8) + (m4 * p7 + m5 * p6)) + (((m6 * p5 + m7 * p4) + m8 * p3) + (m9 * p2 + m10 * p1))));
  hi = Math.floor(acc * INV_BASE);
  const t0 = acc - hi * BASE;
  acc = hi + (((((a2 * b10 + a3 * b9) + a4 * b8) + (a5 * b7 + a6 * b6)) + ((a7 * b5 + a8 * b4) + (a9 * b3 + a10 * b2))) + ((((m2 * p10 + m3 * p9) + m4 * p8) + (m5 * p7 + m6 * p6)) + ((m7 * p5 + m8 * p4) + (m9 * p3 + m10 * p2))));
  hi = Math.floor(acc * INV_BASE);
  const t1 = acc - hi * BASE;
  acc = hi + ((((a3 * b10 + a4 * b9) + (a5 * b8 + a6 * b7)) + ((a7 * b6 + a8 * b5) + (a9 * b4 + a10 * b3))) + (((m3 * p10 + m4 * p9) + (m5 * p8 + m6 * p7)) + ((m7 * p6 + m8 * p5) + (m9 * p4 + m10 * p3))));
  hi = Math.floor(acc * INV_BASE);
  const t2 = acc - hi * BASE;
  acc = hi + ((((a4 * b10 + a5 * b9) + (a6 * b8 + a7 * b7)) + ((a8 * b6 + a9 * b5) + a10 * b4)) + (((m4 * p10 + m5 * p9) + (m6 * p8 + m7 * p7)) + ((m8 * p6 + m9 * p5) + m10 * p4)));
  hi = Math.floor(acc * INV_BASE);
  const t3 = acc - hi * BASE;
  acc = hi + ((((a5 * b10 + a6 * b9) + a7 * b8) + ((a8 * b7 + a9 * b6) + a10 * b5)) + (((m5 * p10 + m6 * p9) + m7 * p8) + ((m8 * p7 + m9 * p6) + m10 * p5)));
  hi = Math.floor(acc * INV_BASE);
  const t4 = acc - hi * BASE;
  acc = hi + ((((a6 * b10 + a7 * b9) + a8 * b8) + (a9 * b7 + a10 * b6)) + (((m6 * p10 + m7 * p9) + m8 * p8) + (m9 * p7 + m10 * p6)));
  hi = Math.floor(acc * INV_BASE);
  const t5 = acc - hi * BASE;
  acc = hi + (((a7 * b10 + a8 * b9) + (a9 * b8 + a10 * b7)) + ((m7 * p10 + m8 * p9) + (m9 * p8 + m10 * p7)));
  hi = Math.floor(acc * INV_BASE);
  const t6 = acc - hi * BASE;
  acc = hi + (((a8 * b10 + a9 * b9) + a10 * b8) + ((m8 * p10 + m9 * p9) + m10 * p8));
  hi = Math.floor(acc * INV_BASE);
  const t7 = acc - hi * BASE;
  acc = hi + ((a9 * b10 + a10 * b9) + (m9 * p10 + m10 * p9));
  hi = Math.floor(acc * INV_BASE);
  const t8 = acc - hi * BASE;
  acc = hi + (a10 * b10 + m10 * p10);
  hi = Math.floor(acc * INV_BASE);
  const t9 = acc - hi * BASE;
  const t10 = hi;
  let v = 0;
  const u0 = t0 | 0;
  v = u0 - (p0 | 0);
  const d0 = v & 0xffffff;
  const u1 = t1 | 0;
  v = u1 - (p1 | 0) + (v >> 24);
  const d1 = v & 0xffffff;
  const u2 = t2 | 0;
  v = u2 - (p2 | 0) + (v >> 24);
  const d2 = v & 0xffffff;
  const u3 = t3 | 0;
  v = u3 - (p3 | 0) + (v >> 24);
  const d3 = v & 0xffffff;
  const u4 = t4 | 0;
  v = u4 - (p4 | 0) + (v >> 24);
  const d4 = v & 0xffffff;
  const u5 = t5 | 0;
  v = u5 - (p5 | 0) + (v >> 24);
  const d5 = v & 0xffffff;
  const u6 = t6 | 0;
  v = u6 - (p6 | 0) + (v >> 24);
  const d6 = v & 0xffffff;
  const u7 = t7 | 0;
  v = u7 - (p7 | 0) + (v >> 24);
  const d7 = v & 0xffffff;
  const u8 = t8 | 0;
  v = u8 - (p8 | 0) + (v >> 24);
  const d8 = v & 0xffffff;
  const u9 = t9 | 0;
  v = u9 - (p9 | 0) + (v >> 24);
  const d9 = v & 0xffffff;
  const u10 = t10 | 0;
  v = u10 - (p10 | 0) + (v >> 24);
  const d10 = v & 0xffffff;
  // v >> 24 = −1 iff t < p: keep t; else keep t − p.
  const msk = v >> 24;
  out[0] = d0 ^ ((u0 ^ d0) & msk);
  out[1] = d1 ^ ((u1 ^ d1) & msk);
  out[2] = d2 ^ ((u2 ^ d2) & msk);
  out[3] = d3 ^ ((u3 ^ d3) & msk);
  out[4] = d4 ^ ((u4 ^ d4) & msk);
  out[5] = d5 ^ ((u5 ^ d5) & msk);
  out[6] = d6 ^ ((u6 ^ d6) & msk);
  out[7] = d7 ^ ((u7 ^ d7) & msk);
  out[8] = d8 ^ ((u8 ^ d8) & msk);
  out[9] = d9 ^ ((u9 ^ d9) & msk);
  out[10] = d10 ^ ((u10 ^ d10) & msk);
}

/**
 * Montgomery square for n = 11 limbs: as montMul11 with a = b, each
 * off-diagonal product a_i·a_j (i < j) computed once and doubled (the column
 * sums are unchanged, so the 2^53 bound holds). Sets out = a²·R⁻¹ mod p.
 */
function montSqr11(out: Float64Array, a: Float64Array, p: Float64Array, pinv: number): void {
  const a0 = a[0]!; const a1 = a[1]!; const a2 = a[2]!; const a3 = a[3]!; const a4 = a[4]!; const a5 = a[5]!; const a6 = a[6]!; const a7 = a[7]!; const a8 = a[8]!; const a9 = a[9]!; const a10 = a[10]!;
  const p0 = p[0]!; const p1 = p[1]!; const p2 = p[2]!; const p3 = p[3]!; const p4 = p[4]!; const p5 = p[5]!; const p6 = p[6]!; const p7 = p[7]!; const p8 = p[8]!; const p9 = p[9]!; const p10 = p[10]!;
  let acc = 0;
  let hi = 0;
  acc = a0 * a0;
  const m0 = Math.imul(acc | 0, pinv) & 0xffffff;
  hi = (acc + m0 * p0) * INV_BASE;
  acc = hi + (2 * a0 * a1 + m0 * p1);
  const m1 = Math.imul(acc | 0, pinv) & 0xffffff;
  hi = (acc + m1 * p0) * INV_BASE;
  acc = hi + (((2 * a0 * a2 + a1 * a1) + m0 * p2) + m1 * p1);
  const m2 = Math.imul(acc | 0, pinv) & 0xffffff;
  hi = (acc + m2 * p0) * INV_BASE;
  acc = hi + (((2 * a0 * a3 + 2 * a1 * a2) + (m0 * p3 + m1 * p2)) + m2 * p1);
  const m3 = Math.imul(acc | 0, pinv) & 0xffffff;
  hi = (acc + m3 * p0) * INV_BASE;
  acc = hi + ((((2 * a0 * a4 + 2 * a1 * a3) + a2 * a2) + ((m0 * p4 + m1 * p3) + m2 * p2)) + m3 * p1);
  const m4 = Math.imul(acc | 0, pinv) & 0xffffff;
  hi = (acc + m4 * p0) * INV_BASE;
  acc = hi + ((((2 * a0 * a5 + 2 * a1 * a4) + (2 * a2 * a3 + m0 * p5)) + ((m1 * p4 + m2 * p3) + m3 * p2)) + m4 * p1);
  const m5 = Math.imul(acc | 0, pinv) & 0xffffff;
  hi = (acc + m5 * p0) * INV_BASE;
  acc = hi + (((((2 * a0 * a6 + 2 * a1 * a5) + 2 * a2 * a4) + (a3 * a3 + m0 * p6)) + ((m1 * p5 + m2 * p4) + (m3 * p3 + m4 * p2))) + m5 * p1);
  const m6 = Math.imul(acc | 0, pinv) & 0xffffff;
  hi = (acc + m6 * p0) * INV_BASE;
  acc = hi + (((((2 * a0 * a7 + 2 * a1 * a6) + 2 * a2 * a5) + (2 * a3 * a4 + m0 * p7)) + (((m1 * p6 + m2 * p5) + m3 * p4) + (m4 * p3 + m5 * p2))) + m6 * p1);
  const m7 = Math.imul(acc | 0, pinv) & 0xffffff;
  hi = (acc + m7 * p0) * INV_BASE;
  acc = hi + (((((2 * a0 * a8 + 2 * a1 * a7) + 2 * a2 * a6) + ((2 * a3 * a5 + a4 * a4) + m0 * p8)) + (((m1 * p7 + m2 * p6) + m3 * p5) + ((m4 * p4 + m5 * p3) + m6 * p2))) + m7 * p1);
  const m8 = Math.imul(acc | 0, pinv) & 0xffffff;
  hi = (acc + m8 * p0) * INV_BASE;
  acc = hi + (((((2 * a0 * a9 + 2 * a1 * a8) + (2 * a2 * a7 + 2 * a3 * a6)) + ((2 * a4 * a5 + m0 * p9) + m1 * p8)) + (((m2 * p7 + m3 * p6) + m4 * p5) + ((m5 * p4 + m6 * p3) + m7 * p2))) + m8 * p1);
  const m9 = Math.imul(acc | 0, pinv) & 0xffffff;
  hi = (acc + m9 * p0) * INV_BASE;
  acc = hi + (((((2 * a0 * a10 + 2 * a1 * a9) + (2 * a2 * a8 + 2 * a3 * a7)) + ((2 * a4 * a6 + a5 * a5) + (m0 * p10 + m1 * p9))) + (((m2 * p8 + m3 * p7) + (m4 * p6 + m5 * p5)) + ((m6 * p4 + m7 * p3) + m8 * p2))) + m9 * p1);
  const m10 = Math.imul(acc | 0, pinv) & 0xffffff;
  hi = (acc + m10 * p0) * INV_BASE;
  acc = hi + ((((2 * a1 * a10 + 2 * a2 * a9) + (2 * a3 * a8 + 2 * a4 * a7)) + ((2 * a5 * a6 + m1 * p10) + (m2 * p9 + m3 * p8))) + (((m4 * p7 + m5 * p6) + (m6 * p5 + m7 * p4)) + ((m8 * p3 + m9 * p2) + m10 * p1)));
  hi = Math.floor(acc * INV_BASE);
  const t0 = acc - hi * BASE;
  acc = hi + ((((2 * a2 * a10 + 2 * a3 * a9) + (2 * a4 * a8 + 2 * a5 * a7)) + ((a6 * a6 + m2 * p10) + m3 * p9)) + (((m4 * p8 + m5 * p7) + (m6 * p6 + m7 * p5)) + ((m8 * p4 + m9 * p3) + m10 * p2)));
  hi = Math.floor(acc * INV_BASE);
  const t1 = acc - hi * BASE;
  acc = hi + ((((2 * a3 * a10 + 2 * a4 * a9) + 2 * a5 * a8) + ((2 * a6 * a7 + m3 * p10) + m4 * p9)) + (((m5 * p8 + m6 * p7) + m7 * p6) + ((m8 * p5 + m9 * p4) + m10 * p3)));
  hi = Math.floor(acc * INV_BASE);
  const t2 = acc - hi * BASE;
  acc = hi + ((((2 * a4 * a10 + 2 * a5 * a9) + 2 * a6 * a8) + ((a7 * a7 + m4 * p10) + m5 * p9)) + (((m6 * p8 + m7 * p7) + m8 * p6) + (m9 * p5 + m10 * p4)));
  hi = Math.floor(acc * INV_BASE);
  const t3 = acc - hi * BASE;
  acc = hi + ((((2 * a5 * a10 + 2 * a6 * a9) + 2 * a7 * a8) + (m5 * p10 + m6 * p9)) + ((m7 * p8 + m8 * p7) + (m9 * p6 + m10 * p5)));
  hi = Math.floor(acc * INV_BASE);
  const t4 = acc - hi * BASE;
  acc = hi + (((2 * a6 * a10 + 2 * a7 * a9) + (a8 * a8 + m6 * p10)) + ((m7 * p9 + m8 * p8) + (m9 * p7 + m10 * p6)));
  hi = Math.floor(acc * INV_BASE);
  const t5 = acc - hi * BASE;
  acc = hi + (((2 * a7 * a10 + 2 * a8 * a9) + m7 * p10) + ((m8 * p9 + m9 * p8) + m10 * p7));
  hi = Math.floor(acc * INV_BASE);
  const t6 = acc - hi * BASE;
  acc = hi + (((2 * a8 * a10 + a9 * a9) + m8 * p10) + (m9 * p9 + m10 * p8));
  hi = Math.floor(acc * INV_BASE);
  const t7 = acc - hi * BASE;
  acc = hi + ((2 * a9 * a10 + m9 * p10) + m10 * p9);
  hi = Math.floor(acc * INV_BASE);
  const t8 = acc - hi * BASE;
  acc = hi + (a10 * a10 + m10 * p10);
  hi = Math.floor(acc * INV_BASE);
  const t9 = acc - hi * BASE;
  const t10 = hi;
  let v = 0;
  const u0 = t0 | 0;
  v = u0 - (p0 | 0);
  const d0 = v & 0xffffff;
  const u1 = t1 | 0;
  v = u1 - (p1 | 0) + (v >> 24);
  const d1 = v & 0xffffff;
  const u2 = t2 | 0;
  v = u2 - (p2 | 0) + (v >> 24);
  const d2 = v & 0xffffff;
  const u3 = t3 | 0;
  v = u3 - (p3 | 0) + (v >> 24);
  const d3 = v & 0xffffff;
  const u4 = t4 | 0;
  v = u4 - (p4 | 0) + (v >> 24);
  const d4 = v & 0xffffff;
  const u5 = t5 | 0;
  v = u5 - (p5 | 0) + (v >> 24);
  const d5 = v & 0xffffff;
  const u6 = t6 | 0;
  v = u6 - (p6 | 0) + (v >> 24);
  const d6 = v & 0xffffff;
  const u7 = t7 | 0;
  v = u7 - (p7 | 0) + (v >> 24);
  const d7 = v & 0xffffff;
  const u8 = t8 | 0;
  v = u8 - (p8 | 0) + (v >> 24);
  const d8 = v & 0xffffff;
  const u9 = t9 | 0;
  v = u9 - (p9 | 0) + (v >> 24);
  const d9 = v & 0xffffff;
  const u10 = t10 | 0;
  v = u10 - (p10 | 0) + (v >> 24);
  const d10 = v & 0xffffff;
  // v >> 24 = −1 iff t < p: keep t; else keep t − p.
  const msk = v >> 24;
  out[0] = d0 ^ ((u0 ^ d0) & msk);
  out[1] = d1 ^ ((u1 ^ d1) & msk);
  out[2] = d2 ^ ((u2 ^ d2) & msk);
  out[3] = d3 ^ ((u3 ^ d3) & msk);
  out[4] = d4 ^ ((u4 ^ d4) & msk);
  out[5] = d5 ^ ((u5 ^ d5) & msk);
  out[6] = d6 ^ ((u6 ^ d6) & msk);
  out[7] = d7 ^ ((u7 ^ d7) & msk);
  out[8] = d8 ^ ((u8 ^ d8) & msk);
  out[9] = d9 ^ ((u9 ^ d9) & msk);
  out[10] = d10 ^ ((u10 ^ d10) & msk);
}

/**
 * montMul11 for p ≡ 1 (mod 2^24) ("Montgomery-friendly": BLS12-381 Fr and
 * BN254 Fr, whose 2-adicities are 32 and 28): −p⁻¹ ≡ −1, so the quotient
 * digit is m_k = (−acc) mod 2^24 with no multiplication, and m_k·p_0 = m_k.
 * Same column sums, same 2^53 bound. Measured ~10–15% faster than montMul11.
 */
function montMul11P1(out: Float64Array, a: Float64Array, b: Float64Array, p: Float64Array): void {
  const a0 = a[0]!; const a1 = a[1]!; const a2 = a[2]!; const a3 = a[3]!; const a4 = a[4]!; const a5 = a[5]!; const a6 = a[6]!; const a7 = a[7]!; const a8 = a[8]!; const a9 = a[9]!; const a10 = a[10]!;
  const b0 = b[0]!; const b1 = b[1]!; const b2 = b[2]!; const b3 = b[3]!; const b4 = b[4]!; const b5 = b[5]!; const b6 = b[6]!; const b7 = b[7]!; const b8 = b[8]!; const b9 = b[9]!; const b10 = b[10]!;
  const p0 = p[0]!; const p1 = p[1]!; const p2 = p[2]!; const p3 = p[3]!; const p4 = p[4]!; const p5 = p[5]!; const p6 = p[6]!; const p7 = p[7]!; const p8 = p[8]!; const p9 = p[9]!; const p10 = p[10]!;
  let acc = 0;
  let hi = 0;
  acc = a0 * b0;
  const m0 = -(acc | 0) & 0xffffff;
  hi = (acc + m0) * INV_BASE;
  acc = hi + ((a0 * b1 + a1 * b0) + m0 * p1);
  const m1 = -(acc | 0) & 0xffffff;
  hi = (acc + m1) * INV_BASE;
  acc = hi + (((a0 * b2 + a1 * b1) + (a2 * b0 + m0 * p2)) + m1 * p1);
  const m2 = -(acc | 0) & 0xffffff;
  hi = (acc + m2) * INV_BASE;
  acc = hi + ((((a0 * b3 + a1 * b2) + a2 * b1) + ((a3 * b0 + m0 * p3) + m1 * p2)) + m2 * p1);
  const m3 = -(acc | 0) & 0xffffff;
  hi = (acc + m3) * INV_BASE;
  acc = hi + ((((a0 * b4 + a1 * b3) + (a2 * b2 + a3 * b1)) + ((a4 * b0 + m0 * p4) + (m1 * p3 + m2 * p2))) + m3 * p1);
  const m4 = -(acc | 0) & 0xffffff;
  hi = (acc + m4) * INV_BASE;
  acc = hi + (((((a0 * b5 + a1 * b4) + a2 * b3) + (a3 * b2 + a4 * b1)) + (((a5 * b0 + m0 * p5) + m1 * p4) + (m2 * p3 + m3 * p2))) + m4 * p1);
  const m5 = -(acc | 0) & 0xffffff;
  hi = (acc + m5) * INV_BASE;
  acc = hi + (((((a0 * b6 + a1 * b5) + a2 * b4) + ((a3 * b3 + a4 * b2) + a5 * b1)) + (((a6 * b0 + m0 * p6) + m1 * p5) + ((m2 * p4 + m3 * p3) + m4 * p2))) + m5 * p1);
  const m6 = -(acc | 0) & 0xffffff;
  hi = (acc + m6) * INV_BASE;
  acc = hi + (((((a0 * b7 + a1 * b6) + (a2 * b5 + a3 * b4)) + ((a4 * b3 + a5 * b2) + a6 * b1)) + (((a7 * b0 + m0 * p7) + (m1 * p6 + m2 * p5)) + ((m3 * p4 + m4 * p3) + m5 * p2))) + m6 * p1);
  const m7 = -(acc | 0) & 0xffffff;
  hi = (acc + m7) * INV_BASE;
  acc = hi + (((((a0 * b8 + a1 * b7) + (a2 * b6 + a3 * b5)) + ((a4 * b4 + a5 * b3) + (a6 * b2 + a7 * b1))) + (((a8 * b0 + m0 * p8) + (m1 * p7 + m2 * p6)) + ((m3 * p5 + m4 * p4) + (m5 * p3 + m6 * p2)))) + m7 * p1);
  const m8 = -(acc | 0) & 0xffffff;
  hi = (acc + m8) * INV_BASE;
  acc = hi + ((((((a0 * b9 + a1 * b8) + a2 * b7) + (a3 * b6 + a4 * b5)) + ((a5 * b4 + a6 * b3) + (a7 * b2 + a8 * b1))) + ((((a9 * b0 + m0 * p9) + m1 * p8) + (m2 * p7 + m3 * p6)) + ((m4 * p5 + m5 * p4) + (m6 * p3 + m7 * p2)))) + m8 * p1);
  const m9 = -(acc | 0) & 0xffffff;
  hi = (acc + m9) * INV_BASE;
  acc = hi + ((((((a0 * b10 + a1 * b9) + a2 * b8) + (a3 * b7 + a4 * b6)) + (((a5 * b5 + a6 * b4) + a7 * b3) + (a8 * b2 + a9 * b1))) + ((((a10 * b0 + m0 * p10) + m1 * p9) + (m2 * p8 + m3 * p7)) + (((m4 * p6 + m5 * p5) + m6 * p4) + (m7 * p3 + m8 * p2)))) + m9 * p1);
  const m10 = -(acc | 0) & 0xffffff;
  hi = (acc + m10) * INV_BASE;
  acc = hi + (((((a1 * b10 + a2 * b9) + a3 * b8) + (a4 * b7 + a5 * b6)) + (((a6 * b5 + a7 * b4) + a8 * b3) + (a9 * b2 + a10 * b1))) + ((((m1 * p10 + m2 * p9) + m3 * p8) + (m4 * p7 + m5 * p6)) + (((m6 * p5 + m7 * p4) + m8 * p3) + (m9 * p2 + m10 * p1))));
  hi = Math.floor(acc * INV_BASE);
  const t0 = acc - hi * BASE;
  acc = hi + (((((a2 * b10 + a3 * b9) + a4 * b8) + (a5 * b7 + a6 * b6)) + ((a7 * b5 + a8 * b4) + (a9 * b3 + a10 * b2))) + ((((m2 * p10 + m3 * p9) + m4 * p8) + (m5 * p7 + m6 * p6)) + ((m7 * p5 + m8 * p4) + (m9 * p3 + m10 * p2))));
  hi = Math.floor(acc * INV_BASE);
  const t1 = acc - hi * BASE;
  acc = hi + ((((a3 * b10 + a4 * b9) + (a5 * b8 + a6 * b7)) + ((a7 * b6 + a8 * b5) + (a9 * b4 + a10 * b3))) + (((m3 * p10 + m4 * p9) + (m5 * p8 + m6 * p7)) + ((m7 * p6 + m8 * p5) + (m9 * p4 + m10 * p3))));
  hi = Math.floor(acc * INV_BASE);
  const t2 = acc - hi * BASE;
  acc = hi + ((((a4 * b10 + a5 * b9) + (a6 * b8 + a7 * b7)) + ((a8 * b6 + a9 * b5) + a10 * b4)) + (((m4 * p10 + m5 * p9) + (m6 * p8 + m7 * p7)) + ((m8 * p6 + m9 * p5) + m10 * p4)));
  hi = Math.floor(acc * INV_BASE);
  const t3 = acc - hi * BASE;
  acc = hi + ((((a5 * b10 + a6 * b9) + a7 * b8) + ((a8 * b7 + a9 * b6) + a10 * b5)) + (((m5 * p10 + m6 * p9) + m7 * p8) + ((m8 * p7 + m9 * p6) + m10 * p5)));
  hi = Math.floor(acc * INV_BASE);
  const t4 = acc - hi * BASE;
  acc = hi + ((((a6 * b10 + a7 * b9) + a8 * b8) + (a9 * b7 + a10 * b6)) + (((m6 * p10 + m7 * p9) + m8 * p8) + (m9 * p7 + m10 * p6)));
  hi = Math.floor(acc * INV_BASE);
  const t5 = acc - hi * BASE;
  acc = hi + (((a7 * b10 + a8 * b9) + (a9 * b8 + a10 * b7)) + ((m7 * p10 + m8 * p9) + (m9 * p8 + m10 * p7)));
  hi = Math.floor(acc * INV_BASE);
  const t6 = acc - hi * BASE;
  acc = hi + (((a8 * b10 + a9 * b9) + a10 * b8) + ((m8 * p10 + m9 * p9) + m10 * p8));
  hi = Math.floor(acc * INV_BASE);
  const t7 = acc - hi * BASE;
  acc = hi + ((a9 * b10 + a10 * b9) + (m9 * p10 + m10 * p9));
  hi = Math.floor(acc * INV_BASE);
  const t8 = acc - hi * BASE;
  acc = hi + (a10 * b10 + m10 * p10);
  hi = Math.floor(acc * INV_BASE);
  const t9 = acc - hi * BASE;
  const t10 = hi;
  let v = 0;
  const u0 = t0 | 0;
  v = u0 - (p0 | 0);
  const d0 = v & 0xffffff;
  const u1 = t1 | 0;
  v = u1 - (p1 | 0) + (v >> 24);
  const d1 = v & 0xffffff;
  const u2 = t2 | 0;
  v = u2 - (p2 | 0) + (v >> 24);
  const d2 = v & 0xffffff;
  const u3 = t3 | 0;
  v = u3 - (p3 | 0) + (v >> 24);
  const d3 = v & 0xffffff;
  const u4 = t4 | 0;
  v = u4 - (p4 | 0) + (v >> 24);
  const d4 = v & 0xffffff;
  const u5 = t5 | 0;
  v = u5 - (p5 | 0) + (v >> 24);
  const d5 = v & 0xffffff;
  const u6 = t6 | 0;
  v = u6 - (p6 | 0) + (v >> 24);
  const d6 = v & 0xffffff;
  const u7 = t7 | 0;
  v = u7 - (p7 | 0) + (v >> 24);
  const d7 = v & 0xffffff;
  const u8 = t8 | 0;
  v = u8 - (p8 | 0) + (v >> 24);
  const d8 = v & 0xffffff;
  const u9 = t9 | 0;
  v = u9 - (p9 | 0) + (v >> 24);
  const d9 = v & 0xffffff;
  const u10 = t10 | 0;
  v = u10 - (p10 | 0) + (v >> 24);
  const d10 = v & 0xffffff;
  // v >> 24 = −1 iff t < p: keep t; else keep t − p.
  const msk = v >> 24;
  out[0] = d0 ^ ((u0 ^ d0) & msk);
  out[1] = d1 ^ ((u1 ^ d1) & msk);
  out[2] = d2 ^ ((u2 ^ d2) & msk);
  out[3] = d3 ^ ((u3 ^ d3) & msk);
  out[4] = d4 ^ ((u4 ^ d4) & msk);
  out[5] = d5 ^ ((u5 ^ d5) & msk);
  out[6] = d6 ^ ((u6 ^ d6) & msk);
  out[7] = d7 ^ ((u7 ^ d7) & msk);
  out[8] = d8 ^ ((u8 ^ d8) & msk);
  out[9] = d9 ^ ((u9 ^ d9) & msk);
  out[10] = d10 ^ ((u10 ^ d10) & msk);
}

/** montSqr11 for p ≡ 1 (mod 2^24); see montMul11P1. */
function montSqr11P1(out: Float64Array, a: Float64Array, p: Float64Array): void {
  const a0 = a[0]!; const a1 = a[1]!; const a2 = a[2]!; const a3 = a[3]!; const a4 = a[4]!; const a5 = a[5]!; const a6 = a[6]!; const a7 = a[7]!; const a8 = a[8]!; const a9 = a[9]!; const a10 = a[10]!;
  const p0 = p[0]!; const p1 = p[1]!; const p2 = p[2]!; const p3 = p[3]!; const p4 = p[4]!; const p5 = p[5]!; const p6 = p[6]!; const p7 = p[7]!; const p8 = p[8]!; const p9 = p[9]!; const p10 = p[10]!;
  let acc = 0;
  let hi = 0;
  acc = a0 * a0;
  const m0 = -(acc | 0) & 0xffffff;
  hi = (acc + m0) * INV_BASE;
  acc = hi + (2 * a0 * a1 + m0 * p1);
  const m1 = -(acc | 0) & 0xffffff;
  hi = (acc + m1) * INV_BASE;
  acc = hi + (((2 * a0 * a2 + a1 * a1) + m0 * p2) + m1 * p1);
  const m2 = -(acc | 0) & 0xffffff;
  hi = (acc + m2) * INV_BASE;
  acc = hi + (((2 * a0 * a3 + 2 * a1 * a2) + (m0 * p3 + m1 * p2)) + m2 * p1);
  const m3 = -(acc | 0) & 0xffffff;
  hi = (acc + m3) * INV_BASE;
  acc = hi + ((((2 * a0 * a4 + 2 * a1 * a3) + a2 * a2) + ((m0 * p4 + m1 * p3) + m2 * p2)) + m3 * p1);
  const m4 = -(acc | 0) & 0xffffff;
  hi = (acc + m4) * INV_BASE;
  acc = hi + ((((2 * a0 * a5 + 2 * a1 * a4) + (2 * a2 * a3 + m0 * p5)) + ((m1 * p4 + m2 * p3) + m3 * p2)) + m4 * p1);
  const m5 = -(acc | 0) & 0xffffff;
  hi = (acc + m5) * INV_BASE;
  acc = hi + (((((2 * a0 * a6 + 2 * a1 * a5) + 2 * a2 * a4) + (a3 * a3 + m0 * p6)) + ((m1 * p5 + m2 * p4) + (m3 * p3 + m4 * p2))) + m5 * p1);
  const m6 = -(acc | 0) & 0xffffff;
  hi = (acc + m6) * INV_BASE;
  acc = hi + (((((2 * a0 * a7 + 2 * a1 * a6) + 2 * a2 * a5) + (2 * a3 * a4 + m0 * p7)) + (((m1 * p6 + m2 * p5) + m3 * p4) + (m4 * p3 + m5 * p2))) + m6 * p1);
  const m7 = -(acc | 0) & 0xffffff;
  hi = (acc + m7) * INV_BASE;
  acc = hi + (((((2 * a0 * a8 + 2 * a1 * a7) + 2 * a2 * a6) + ((2 * a3 * a5 + a4 * a4) + m0 * p8)) + (((m1 * p7 + m2 * p6) + m3 * p5) + ((m4 * p4 + m5 * p3) + m6 * p2))) + m7 * p1);
  const m8 = -(acc | 0) & 0xffffff;
  hi = (acc + m8) * INV_BASE;
  acc = hi + (((((2 * a0 * a9 + 2 * a1 * a8) + (2 * a2 * a7 + 2 * a3 * a6)) + ((2 * a4 * a5 + m0 * p9) + m1 * p8)) + (((m2 * p7 + m3 * p6) + m4 * p5) + ((m5 * p4 + m6 * p3) + m7 * p2))) + m8 * p1);
  const m9 = -(acc | 0) & 0xffffff;
  hi = (acc + m9) * INV_BASE;
  acc = hi + (((((2 * a0 * a10 + 2 * a1 * a9) + (2 * a2 * a8 + 2 * a3 * a7)) + ((2 * a4 * a6 + a5 * a5) + (m0 * p10 + m1 * p9))) + (((m2 * p8 + m3 * p7) + (m4 * p6 + m5 * p5)) + ((m6 * p4 + m7 * p3) + m8 * p2))) + m9 * p1);
  const m10 = -(acc | 0) & 0xffffff;
  hi = (acc + m10) * INV_BASE;
  acc = hi + ((((2 * a1 * a10 + 2 * a2 * a9) + (2 * a3 * a8 + 2 * a4 * a7)) + ((2 * a5 * a6 + m1 * p10) + (m2 * p9 + m3 * p8))) + (((m4 * p7 + m5 * p6) + (m6 * p5 + m7 * p4)) + ((m8 * p3 + m9 * p2) + m10 * p1)));
  hi = Math.floor(acc * INV_BASE);
  const t0 = acc - hi * BASE;
  acc = hi + ((((2 * a2 * a10 + 2 * a3 * a9) + (2 * a4 * a8 + 2 * a5 * a7)) + ((a6 * a6 + m2 * p10) + m3 * p9)) + (((m4 * p8 + m5 * p7) + (m6 * p6 + m7 * p5)) + ((m8 * p4 + m9 * p3) + m10 * p2)));
  hi = Math.floor(acc * INV_BASE);
  const t1 = acc - hi * BASE;
  acc = hi + ((((2 * a3 * a10 + 2 * a4 * a9) + 2 * a5 * a8) + ((2 * a6 * a7 + m3 * p10) + m4 * p9)) + (((m5 * p8 + m6 * p7) + m7 * p6) + ((m8 * p5 + m9 * p4) + m10 * p3)));
  hi = Math.floor(acc * INV_BASE);
  const t2 = acc - hi * BASE;
  acc = hi + ((((2 * a4 * a10 + 2 * a5 * a9) + 2 * a6 * a8) + ((a7 * a7 + m4 * p10) + m5 * p9)) + (((m6 * p8 + m7 * p7) + m8 * p6) + (m9 * p5 + m10 * p4)));
  hi = Math.floor(acc * INV_BASE);
  const t3 = acc - hi * BASE;
  acc = hi + ((((2 * a5 * a10 + 2 * a6 * a9) + 2 * a7 * a8) + (m5 * p10 + m6 * p9)) + ((m7 * p8 + m8 * p7) + (m9 * p6 + m10 * p5)));
  hi = Math.floor(acc * INV_BASE);
  const t4 = acc - hi * BASE;
  acc = hi + (((2 * a6 * a10 + 2 * a7 * a9) + (a8 * a8 + m6 * p10)) + ((m7 * p9 + m8 * p8) + (m9 * p7 + m10 * p6)));
  hi = Math.floor(acc * INV_BASE);
  const t5 = acc - hi * BASE;
  acc = hi + (((2 * a7 * a10 + 2 * a8 * a9) + m7 * p10) + ((m8 * p9 + m9 * p8) + m10 * p7));
  hi = Math.floor(acc * INV_BASE);
  const t6 = acc - hi * BASE;
  acc = hi + (((2 * a8 * a10 + a9 * a9) + m8 * p10) + (m9 * p9 + m10 * p8));
  hi = Math.floor(acc * INV_BASE);
  const t7 = acc - hi * BASE;
  acc = hi + ((2 * a9 * a10 + m9 * p10) + m10 * p9);
  hi = Math.floor(acc * INV_BASE);
  const t8 = acc - hi * BASE;
  acc = hi + (a10 * a10 + m10 * p10);
  hi = Math.floor(acc * INV_BASE);
  const t9 = acc - hi * BASE;
  const t10 = hi;
  let v = 0;
  const u0 = t0 | 0;
  v = u0 - (p0 | 0);
  const d0 = v & 0xffffff;
  const u1 = t1 | 0;
  v = u1 - (p1 | 0) + (v >> 24);
  const d1 = v & 0xffffff;
  const u2 = t2 | 0;
  v = u2 - (p2 | 0) + (v >> 24);
  const d2 = v & 0xffffff;
  const u3 = t3 | 0;
  v = u3 - (p3 | 0) + (v >> 24);
  const d3 = v & 0xffffff;
  const u4 = t4 | 0;
  v = u4 - (p4 | 0) + (v >> 24);
  const d4 = v & 0xffffff;
  const u5 = t5 | 0;
  v = u5 - (p5 | 0) + (v >> 24);
  const d5 = v & 0xffffff;
  const u6 = t6 | 0;
  v = u6 - (p6 | 0) + (v >> 24);
  const d6 = v & 0xffffff;
  const u7 = t7 | 0;
  v = u7 - (p7 | 0) + (v >> 24);
  const d7 = v & 0xffffff;
  const u8 = t8 | 0;
  v = u8 - (p8 | 0) + (v >> 24);
  const d8 = v & 0xffffff;
  const u9 = t9 | 0;
  v = u9 - (p9 | 0) + (v >> 24);
  const d9 = v & 0xffffff;
  const u10 = t10 | 0;
  v = u10 - (p10 | 0) + (v >> 24);
  const d10 = v & 0xffffff;
  // v >> 24 = −1 iff t < p: keep t; else keep t − p.
  const msk = v >> 24;
  out[0] = d0 ^ ((u0 ^ d0) & msk);
  out[1] = d1 ^ ((u1 ^ d1) & msk);
  out[2] = d2 ^ ((u2 ^ d2) & msk);
  out[3] = d3 ^ ((u3 ^ d3) & msk);
  out[4] = d4 ^ ((u4 ^ d4) & msk);
  out[5] = d5 ^ ((u5 ^ d5) & msk);
  out[6] = d6 ^ ((u6 ^ d6) & msk);
  out[7] = d7 ^ ((u7 ^ d7) & msk);
  out[8] = d8 ^ ((u8 ^ d8) & msk);
  out[9] = d9 ^ ((u9 ^ d9) & msk);
  out[10] = d10 ^ ((u10 ^ d10) & msk);
}

/**
 * a + b mod p for n = 11 limbs, unrolled, in int32 arithmetic: limbs are
 * integers < 2^24, so limb sums (< 2^25 + 1) and differences (≥ −2^24) fit
 * int32, carries are `v >> 24` (arithmetic shift: 0/1, or −1 for a borrow)
 * and the final choice is a mask select. Integer carries keep the serial
 * carry chain at ~2 cycles per limb (the double-precision floor chain of
 * the generic path was latency-bound).
 */
function add11(out: Float64Array, a: Float64Array, b: Float64Array, p: Float64Array): void {
  let v = 0;
  v = (a[0]! | 0) + (b[0]! | 0);
  const s0 = v & 0xffffff;
  v = (a[1]! | 0) + (b[1]! | 0) + (v >> 24);
  const s1 = v & 0xffffff;
  v = (a[2]! | 0) + (b[2]! | 0) + (v >> 24);
  const s2 = v & 0xffffff;
  v = (a[3]! | 0) + (b[3]! | 0) + (v >> 24);
  const s3 = v & 0xffffff;
  v = (a[4]! | 0) + (b[4]! | 0) + (v >> 24);
  const s4 = v & 0xffffff;
  v = (a[5]! | 0) + (b[5]! | 0) + (v >> 24);
  const s5 = v & 0xffffff;
  v = (a[6]! | 0) + (b[6]! | 0) + (v >> 24);
  const s6 = v & 0xffffff;
  v = (a[7]! | 0) + (b[7]! | 0) + (v >> 24);
  const s7 = v & 0xffffff;
  v = (a[8]! | 0) + (b[8]! | 0) + (v >> 24);
  const s8 = v & 0xffffff;
  v = (a[9]! | 0) + (b[9]! | 0) + (v >> 24);
  const s9 = v & 0xffffff;
  v = (a[10]! | 0) + (b[10]! | 0) + (v >> 24);
  const s10 = v & 0xffffff;
  v = s0 - (p[0]! | 0);
  const d0 = v & 0xffffff;
  v = s1 - (p[1]! | 0) + (v >> 24);
  const d1 = v & 0xffffff;
  v = s2 - (p[2]! | 0) + (v >> 24);
  const d2 = v & 0xffffff;
  v = s3 - (p[3]! | 0) + (v >> 24);
  const d3 = v & 0xffffff;
  v = s4 - (p[4]! | 0) + (v >> 24);
  const d4 = v & 0xffffff;
  v = s5 - (p[5]! | 0) + (v >> 24);
  const d5 = v & 0xffffff;
  v = s6 - (p[6]! | 0) + (v >> 24);
  const d6 = v & 0xffffff;
  v = s7 - (p[7]! | 0) + (v >> 24);
  const d7 = v & 0xffffff;
  v = s8 - (p[8]! | 0) + (v >> 24);
  const d8 = v & 0xffffff;
  v = s9 - (p[9]! | 0) + (v >> 24);
  const d9 = v & 0xffffff;
  v = s10 - (p[10]! | 0) + (v >> 24);
  const d10 = v & 0xffffff;
  // v >> 24 = −1 iff s < p: keep s (mask all ones); else keep s − p.
  const m = v >> 24;
  out[0] = d0 ^ ((s0 ^ d0) & m);
  out[1] = d1 ^ ((s1 ^ d1) & m);
  out[2] = d2 ^ ((s2 ^ d2) & m);
  out[3] = d3 ^ ((s3 ^ d3) & m);
  out[4] = d4 ^ ((s4 ^ d4) & m);
  out[5] = d5 ^ ((s5 ^ d5) & m);
  out[6] = d6 ^ ((s6 ^ d6) & m);
  out[7] = d7 ^ ((s7 ^ d7) & m);
  out[8] = d8 ^ ((s8 ^ d8) & m);
  out[9] = d9 ^ ((s9 ^ d9) & m);
  out[10] = d10 ^ ((s10 ^ d10) & m);
}

/** a − b mod p for n = 11 limbs, unrolled, int32 carries as in add11; p is added back under a mask when a < b. */
function sub11(out: Float64Array, a: Float64Array, b: Float64Array, p: Float64Array): void {
  let v = 0;
  v = (a[0]! | 0) - (b[0]! | 0);
  const d0 = v & 0xffffff;
  v = (a[1]! | 0) - (b[1]! | 0) + (v >> 24);
  const d1 = v & 0xffffff;
  v = (a[2]! | 0) - (b[2]! | 0) + (v >> 24);
  const d2 = v & 0xffffff;
  v = (a[3]! | 0) - (b[3]! | 0) + (v >> 24);
  const d3 = v & 0xffffff;
  v = (a[4]! | 0) - (b[4]! | 0) + (v >> 24);
  const d4 = v & 0xffffff;
  v = (a[5]! | 0) - (b[5]! | 0) + (v >> 24);
  const d5 = v & 0xffffff;
  v = (a[6]! | 0) - (b[6]! | 0) + (v >> 24);
  const d6 = v & 0xffffff;
  v = (a[7]! | 0) - (b[7]! | 0) + (v >> 24);
  const d7 = v & 0xffffff;
  v = (a[8]! | 0) - (b[8]! | 0) + (v >> 24);
  const d8 = v & 0xffffff;
  v = (a[9]! | 0) - (b[9]! | 0) + (v >> 24);
  const d9 = v & 0xffffff;
  v = (a[10]! | 0) - (b[10]! | 0) + (v >> 24);
  const d10 = v & 0xffffff;
  // v >> 24 = −1 iff a < b: add p back (masked).
  const m = v >> 24;
  v = d0 + ((p[0]! | 0) & m);
  out[0] = v & 0xffffff;
  v = d1 + ((p[1]! | 0) & m) + (v >> 24);
  out[1] = v & 0xffffff;
  v = d2 + ((p[2]! | 0) & m) + (v >> 24);
  out[2] = v & 0xffffff;
  v = d3 + ((p[3]! | 0) & m) + (v >> 24);
  out[3] = v & 0xffffff;
  v = d4 + ((p[4]! | 0) & m) + (v >> 24);
  out[4] = v & 0xffffff;
  v = d5 + ((p[5]! | 0) & m) + (v >> 24);
  out[5] = v & 0xffffff;
  v = d6 + ((p[6]! | 0) & m) + (v >> 24);
  out[6] = v & 0xffffff;
  v = d7 + ((p[7]! | 0) & m) + (v >> 24);
  out[7] = v & 0xffffff;
  v = d8 + ((p[8]! | 0) & m) + (v >> 24);
  out[8] = v & 0xffffff;
  v = d9 + ((p[9]! | 0) & m) + (v >> 24);
  out[9] = v & 0xffffff;
  v = d10 + ((p[10]! | 0) & m) + (v >> 24);
  out[10] = v & 0xffffff;
}
// END GENERATED (PrimeField 11-limb kernels)

const cache = new Map<bigint, PrimeField>();

/**
 * GF(p) for one odd prime p, with Montgomery arithmetic on radix-2^24 double
 * limbs. Build it with `PrimeField.create(p)` (cached: one frozen instance
 * per modulus). Every method takes its output first and returns it.
 */
export class PrimeField {
  /** The modulus p. */
  readonly p: bigint;
  /** Bit length of p. */
  readonly bits: number;
  /** Bytes in an encoding: ceil(bits / 8). */
  readonly byteLength: number;
  /** Limbs per element, n = ceil((bits + 1) / 24). */
  readonly limbs: number;
  /** The 2-adicity s of p − 1 (p − 1 = 2^s·Q with Q odd). */
  readonly twoAdicity: number;

  // Constants (limbs). pl: p; r2: R² mod p in Montgomery form of R (i.e. the
  // plain limbs of R² mod p); oneM: Montgomery one (R mod p); halfP: (p−1)/2
  // plain; c5: z^Q in Montgomery form (z the smallest non-residue).
  private readonly pl: Float64Array;
  private readonly pinv: number;
  // 0: generic loops; 1: unrolled n = 11; 2: unrolled n = 11 with p ≡ 1 (mod 2^24).
  private readonly kernel: number;
  private readonly r2: Float64Array;
  private readonly oneM: Float64Array;
  private readonly minusOneM: Float64Array;
  private readonly plainOne: Float64Array;
  private readonly halfP: Float64Array;
  private readonly c5: Float64Array;
  private readonly zeroL: Float64Array;
  // Exponents as 4-bit digits, most significant first.
  private readonly eInv: Uint8Array;
  private readonly eLegendre: Uint8Array;
  private readonly eSqrtC3: Uint8Array;
  // Scratch.
  private readonly sm: Float64Array;
  private readonly st: Float64Array;
  private readonly sa: Float64Array;
  private readonly sb: Float64Array;
  private readonly sc: Float64Array;
  private readonly sd: Float64Array;
  private readonly se: Float64Array;
  private readonly sBytes: Float64Array;
  private readonly powAcc: Float64Array;
  private readonly powTable: Float64Array[];

  /**
   * Returns the (cached, frozen) field for the odd prime p. Throws TypeError
   * if p is not a bigint and StrataError ERR_INVALID_ARGUMENT if p is not an
   * odd prime in [3, 2^359) (primality by 24-base Miller–Rabin).
   */
  static create(p: bigint): PrimeField {
    if (typeof p !== 'bigint') throw new TypeError(`modulus: expected bigint, got ${typeof p}`);
    const hit = cache.get(p);
    if (hit !== undefined) return hit;
    const f = new PrimeField(p);
    cache.set(p, f);
    return f;
  }

  private constructor(p: bigint) {
    const bits = bitLength(p);
    if (p < 3n || (p & 1n) === 0n) {
      throw new StrataError(ErrorCode.INVALID_ARGUMENT, `modulus: expected an odd prime ≥ 3, got ${p < 3n ? 'a value < 3' : 'an even value'}`);
    }
    const n = Math.ceil((bits + 1) / W);
    if (n > MAX_LIMBS) {
      throw new StrataError(ErrorCode.INVALID_ARGUMENT, `modulus: expected at most ${MAX_LIMBS * W - 1} bits, got ${bits}`);
    }
    if (!isProbablePrime(p)) {
      throw new StrataError(ErrorCode.INVALID_ARGUMENT, `modulus: expected a prime, got a composite ${bits}-bit value`);
    }
    this.p = p;
    this.bits = bits;
    this.byteLength = Math.ceil(bits / 8);
    this.limbs = n;
    const R = 1n << BigInt(W * n);
    this.pl = toLimbs(p, n);
    // pinv = −p⁻¹ mod 2^24, by Newton iteration x ← x·(2 − p·x) (each step doubles the correct low bits).
    const p24 = p & 0xffffffn;
    let pinv = 1n;
    for (let i = 0; i < 5; i++) pinv = (pinv * (2n - p24 * pinv)) & 0xffffffn;
    if (((pinv * p24) & 0xffffffn) !== 1n) throw new Error('PrimeField: internal error computing p⁻¹ mod 2^24');
    this.pinv = Number((-pinv) & 0xffffffn);
    this.kernel = n === 11 ? (p24 === 1n ? 2 : 1) : 0;
    this.r2 = toLimbs((R * R) % p, n);
    this.oneM = toLimbs(R % p, n);
    this.minusOneM = toLimbs((p - 1n) * R % p, n);
    this.plainOne = toLimbs(1n, n);
    this.halfP = toLimbs((p - 1n) / 2n, n);
    this.zeroL = new Float64Array(n);
    let q = p - 1n;
    let s = 0;
    while ((q & 1n) === 0n) { q >>= 1n; s++; }
    this.twoAdicity = s;
    let z = 2n;
    while (modPow(z, (p - 1n) / 2n, p) !== p - 1n) z++;
    this.c5 = toLimbs((modPow(z, q, p) * R) % p, n);
    this.eInv = nibblesMsbFirst(p - 2n, bits);
    this.eLegendre = nibblesMsbFirst((p - 1n) / 2n, bits);
    this.eSqrtC3 = nibblesMsbFirst((q - 1n) / 2n, bits);
    this.sm = new Float64Array(n);
    this.st = new Float64Array(n);
    this.sa = new Float64Array(n);
    this.sb = new Float64Array(n);
    this.sc = new Float64Array(n);
    this.sd = new Float64Array(n);
    this.se = new Float64Array(n);
    this.sBytes = new Float64Array(n);
    this.powAcc = new Float64Array(n);
    this.powTable = [];
    for (let i = 0; i < 16; i++) this.powTable.push(new Float64Array(n));
    Object.freeze(this.powTable);
    Object.freeze(this);
  }

  /** Returns a new element set to 0 (the one allocating method besides the BigInt helpers). */
  create(): PrimeFieldElement {
    return new Float64Array(this.limbs);
  }

  /** Sets v = a and returns v. */
  set(out: PrimeFieldElement, a: PrimeFieldElement): PrimeFieldElement {
    out.set(a);
    return out;
  }

  /** Sets v = 0 and returns v. */
  setZero(out: PrimeFieldElement): PrimeFieldElement {
    out.fill(0);
    return out;
  }

  /** Sets v = 1 and returns v. */
  setOne(out: PrimeFieldElement): PrimeFieldElement {
    out.set(this.oneM);
    return out;
  }

  /** Sets v = −1 and returns v. */
  setMinusOne(out: PrimeFieldElement): PrimeFieldElement {
    out.set(this.minusOneM);
    return out;
  }

  /**
   * Sets v = k mod p for an integer 0 ≤ k < 2^48 and returns v (TypeError
   * for a non-number, RangeError for any other number).
   */
  setInt(out: PrimeFieldElement, k: number): PrimeFieldElement {
    let v = k;
    if (!Number.isInteger(v) || v < 0 || v >= 281474976710656) {
      expectNumberArg('PrimeField.setInt', v); // a non-number is a TypeError, not a range error
      throw new RangeError(`PrimeField.setInt: expected an integer in [0, 2^48), got ${String(v)}`);
    }
    const t = this.sBytes;
    t.fill(0);
    // One limb (p < 2^23): reduce first so the value fits the single limb (exact: v < 2^48).
    if (this.limbs === 1) v = v % Number(this.p);
    const hi = Math.floor(v * INV_BASE);
    t[0] = v - hi * BASE;
    if (this.limbs > 1) t[1] = hi;
    return this.mulR(out, t);
  }

  /** Sets v = x mod p (any bigint, negative allowed) and returns v. Not a hot path: uses BigInt. */
  setBigInt(out: PrimeFieldElement, x: bigint): PrimeFieldElement {
    if (typeof x !== 'bigint') throw new TypeError(`field element: expected bigint, got ${typeof x}`);
    let v = x % this.p;
    if (v < 0n) v += this.p;
    const t = this.sBytes;
    for (let i = 0; i < this.limbs; i++) { t[i] = Number(v & 0xffffffn); v >>= 24n; }
    return this.mulR(out, t);
  }

  /** Returns a's canonical value as a bigint in [0, p). Not a hot path. */
  toBigInt(a: PrimeFieldElement): bigint {
    const c = this.canonical(a);
    let v = 0n;
    for (let i = this.limbs - 1; i >= 0; i--) v = (v << 24n) | BigInt(c[i]!);
    return v;
  }

  /** Montgomery-multiplies plain limbs t (t < R) by R²: out = t·R mod p. */
  private mulR(out: PrimeFieldElement, t: Float64Array): PrimeFieldElement {
    return this.mul(out, t, this.r2);
  }

  /** Writes the plain (non-Montgomery) limbs of a into scratch and returns them. */
  private canonical(a: PrimeFieldElement): Float64Array {
    return this.mul(this.sBytes, a, this.plainOne);
  }

  /**
   * Sets v = a + b mod p and returns v.
   * Preconditions: a, b reduced (< p), limbs in [0, 2^24).
   * Output normalized: yes (< p). Output max magnitude: 1 (fully reduced).
   */
  add(out: PrimeFieldElement, a: PrimeFieldElement, b: PrimeFieldElement): PrimeFieldElement {
    const n = this.limbs;
    if (n === 11) {
      add11(out, a, b, this.pl);
      return out;
    }
    const p = this.pl;
    const s = this.st;
    let c = 0;
    for (let i = 0; i < n; i++) {
      const v = a[i]! + b[i]! + c;
      c = Math.floor(v * INV_BASE);
      s[i] = v - c * BASE;
    }
    let br = 0;
    for (let i = 0; i < n; i++) {
      const v = s[i]! - p[i]! - br;
      const q = Math.floor(v * INV_BASE);
      out[i] = v - q * BASE;
      br = -q;
    }
    // br = 1 iff s < p: keep s; else keep s − p (already in out).
    for (let i = 0; i < n; i++) out[i] = out[i]! + br * (s[i]! - out[i]!);
    return out;
  }

  /**
   * Sets out = a − b mod p and returns out.
   * Preconditions: a, b reduced (< p). Output normalized: yes (< p).
   * Output max magnitude: 1 (fully reduced).
   */
  sub(out: PrimeFieldElement, a: PrimeFieldElement, b: PrimeFieldElement): PrimeFieldElement {
    const n = this.limbs;
    if (n === 11) {
      sub11(out, a, b, this.pl);
      return out;
    }
    const p = this.pl;
    let br = 0;
    for (let i = 0; i < n; i++) {
      const v = a[i]! - b[i]! - br;
      const q = Math.floor(v * INV_BASE);
      out[i] = v - q * BASE;
      br = -q;
    }
    // If a < b, add p back (br is 0 or 1).
    let c = 0;
    for (let i = 0; i < n; i++) {
      const v = out[i]! + br * p[i]! + c;
      c = Math.floor(v * INV_BASE);
      out[i] = v - c * BASE;
    }
    return out;
  }

  /** Sets v = −a mod p and returns v. Preconditions: a < p. Output normalized: yes. Output max magnitude: 1. */
  negate(out: PrimeFieldElement, a: PrimeFieldElement): PrimeFieldElement {
    return this.sub(out, this.zeroL, a);
  }

  /** Sets v = 2·a mod p and returns v. Preconditions: a < p. Output normalized: yes. Output max magnitude: 1. */
  double(out: PrimeFieldElement, a: PrimeFieldElement): PrimeFieldElement {
    return this.add(out, a, a);
  }

  /**
   * Sets out = a·b mod p (Montgomery product: ã·b̃·R⁻¹) and returns out.
   * Preconditions: limbs in [0, 2^24); a·b < p·R (true when both < p).
   * Output normalized: yes (< p). Output max magnitude: 1 (fully reduced).
   */
  mul(out: PrimeFieldElement, a: Float64Array, b: Float64Array): PrimeFieldElement {
    const n = this.limbs;
    const kernel = this.kernel;
    if (kernel === 2) {
      montMul11P1(out, a, b, this.pl);
      return out;
    }
    if (kernel === 1) {
      montMul11(out, a, b, this.pl, this.pinv);
      return out;
    }
    const p = this.pl;
    const m = this.sm;
    const t = this.st;
    const pinv = this.pinv;
    let carry = 0;
    for (let k = 0; k < n; k++) {
      let acc = carry + a[k]! * b[0]!;
      for (let i = 0; i < k; i++) acc += a[i]! * b[k - i]! + m[i]! * p[k - i]!;
      const mk = Math.imul(acc | 0, pinv) & 0xffffff;
      m[k] = mk;
      acc += mk * p[0]!;
      carry = acc * INV_BASE; // exact: acc ≡ 0 mod 2^24
    }
    for (let k = n; k < 2 * n - 1; k++) {
      let acc = carry;
      for (let i = k - n + 1; i < n; i++) acc += a[i]! * b[k - i]! + m[i]! * p[k - i]!;
      const hi = Math.floor(acc * INV_BASE);
      t[k - n] = acc - hi * BASE;
      carry = hi;
    }
    t[n - 1] = carry;
    let br = 0;
    for (let i = 0; i < n; i++) {
      const v = t[i]! - p[i]! - br;
      const q = Math.floor(v * INV_BASE);
      out[i] = v - q * BASE;
      br = -q;
    }
    for (let i = 0; i < n; i++) out[i] = out[i]! + br * (t[i]! - out[i]!);
    return out;
  }

  /** Sets out = a² mod p and returns out. Preconditions: a < p. Output normalized: yes. Output max magnitude: 1. */
  square(out: PrimeFieldElement, a: PrimeFieldElement): PrimeFieldElement {
    const kernel = this.kernel;
    if (kernel === 2) {
      montSqr11P1(out, a, this.pl);
      return out;
    }
    if (kernel === 1) {
      montSqr11(out, a, this.pl, this.pinv);
      return out;
    }
    return this.mul(out, a, a);
  }

  /** Sets out = a^e (e given as 4-bit digits, MSB first) with a fixed 4-bit window. */
  private powDigits(out: PrimeFieldElement, a: PrimeFieldElement, digits: Uint8Array): PrimeFieldElement {
    const tab = this.powTable;
    const acc = this.powAcc;
    tab[0]!.set(this.oneM);
    tab[1]!.set(a);
    for (let i = 2; i < 16; i++) this.mul(tab[i]!, tab[i - 1]!, tab[1]!);
    acc.set(this.oneM);
    for (let i = 0; i < digits.length; i++) {
      this.mul(acc, acc, acc);
      this.mul(acc, acc, acc);
      this.mul(acc, acc, acc);
      this.mul(acc, acc, acc);
      this.mul(acc, acc, tab[digits[i]!]!);
    }
    out.set(acc);
    return out;
  }

  /**
   * Sets v = a^e mod p for a public exponent e ≥ 0 and returns v. Not a
   * hot path: the exponent is converted with BigInt (allocates).
   */
  pow(out: PrimeFieldElement, a: PrimeFieldElement, e: bigint): PrimeFieldElement {
    if (typeof e !== 'bigint') throw new TypeError(`exponent: expected bigint, got ${typeof e}`);
    if (e < 0n) throw new RangeError('exponent: expected a non-negative bigint, got a negative one');
    return this.powDigits(out, a, nibblesMsbFirst(e, bitLength(e)));
  }

  /**
   * Sets v = a⁻¹ mod p (Fermat: a^(p−2); the inverse of 0 is 0) and returns v.
   * Fixed operation sequence. Output normalized: yes. Output max magnitude: 1.
   */
  invert(out: PrimeFieldElement, a: PrimeFieldElement): PrimeFieldElement {
    return this.powDigits(out, a, this.eInv);
  }

  /** Returns the Legendre symbol of a: 1 (non-zero square), −1 (non-square) or 0 (a = 0). Euler's criterion. */
  legendre(a: PrimeFieldElement): -1 | 0 | 1 {
    const r = this.powDigits(this.sa, a, this.eLegendre);
    if (this.equals(r, this.oneM)) return 1;
    if (this.equals(r, this.minusOneM)) return -1;
    return 0;
  }

  /** Reports whether a is a square (0 counts as a square). */
  isSquare(a: PrimeFieldElement): boolean {
    return this.legendre(a) !== -1;
  }

  /**
   * Sets v = a square root of a and reports whether a is a square (v is
   * unspecified when it is not). Which root is
   * returned is unspecified (pick a sign with isOdd / isLexLargest). Uses
   * the fixed-sequence Tonelli–Shanks of [RFC9380] I.4 with z^Q precomputed
   * once per field: one exponentiation to (Q−1)/2, then s(s−1)/2 squarings
   * and 2(s−1) multiplications, whatever a is.
   */
  sqrt(out: PrimeFieldElement, a: PrimeFieldElement): boolean {
    const z = this.sb;
    const t = this.sc;
    const b = this.sd;
    const c = this.se;
    const tmp = this.sa;
    this.powDigits(z, a, this.eSqrtC3); // z = a^c3
    const aa = this.powTable[1]!; // powDigits left a copy of a here
    this.mul(t, z, z);
    this.mul(t, t, aa); // t = a^(2·c3+1) = a^Q
    this.mul(z, z, aa); // z = a^((Q+1)/2)
    b.set(t);
    c.set(this.c5);
    for (let i = this.twoAdicity; i >= 2; i--) {
      for (let j = 1; j <= i - 2; j++) this.mul(b, b, b);
      const e = this.equals(b, this.oneM) ? 1 : 0;
      this.mul(tmp, z, c);
      this.cmov(z, tmp, z, e);
      this.mul(c, c, c);
      this.mul(tmp, t, c);
      this.cmov(t, tmp, t, e);
      b.set(t);
    }
    this.mul(tmp, z, z);
    const ok = this.equals(tmp, aa);
    out.set(z);
    return ok;
  }

  /**
   * Sets v = flag ? b : a (flag is 0 or 1) without a branch and returns v.
   */
  cmov(out: PrimeFieldElement, a: PrimeFieldElement, b: PrimeFieldElement, flag: number): PrimeFieldElement {
    const n = this.limbs;
    for (let i = 0; i < n; i++) out[i] = a[i]! + flag * (b[i]! - a[i]!);
    return out;
  }

  /** Reports whether a = b (all limbs compared, no early exit). */
  equals(a: PrimeFieldElement, b: PrimeFieldElement): boolean {
    let d = 0;
    for (let i = 0; i < this.limbs; i++) d += Math.abs(a[i]! - b[i]!);
    return d === 0;
  }

  /** Reports whether a = 0. */
  isZero(a: PrimeFieldElement): boolean {
    return this.equals(a, this.zeroL);
  }

  /** Reports whether a = 1. */
  isOne(a: PrimeFieldElement): boolean {
    return this.equals(a, this.oneM);
  }

  /** Reports whether the canonical value of a is odd (one Montgomery reduction). */
  isOdd(a: PrimeFieldElement): boolean {
    return (this.canonical(a)[0]! & 1) === 1;
  }

  /** Reports whether the canonical value of a is > (p − 1)/2 ("lexicographically largest"). */
  isLexLargest(a: PrimeFieldElement): boolean {
    const c = this.canonical(a);
    const h = this.halfP;
    // Compare from the top limb, without early exit.
    let gt = 0;
    let decided = 0;
    for (let i = this.limbs - 1; i >= 0; i--) {
      const x = c[i]!;
      const y = h[i]!;
      const isGt = x > y ? 1 : 0;
      const isLt = x < y ? 1 : 0;
      gt = gt + (1 - decided) * isGt;
      decided = decided | isGt | isLt;
    }
    return gt === 1;
  }

  /** Reads byteLength bytes (little-endian) into plain limbs in sBytes; returns whether value < p. */
  private readBytes(b: Uint8Array, le: boolean): boolean {
    const t = this.sBytes;
    const L = this.byteLength;
    t.fill(0);
    for (let j = 0; j < L; j++) {
      const byte = le ? b[j]! : b[L - 1 - j]!;
      const li = (j / 3) | 0;
      t[li] = t[li]! + byte * (1 << (8 * (j - 3 * li)));
    }
    // t < p ?
    let br = 0;
    const p = this.pl;
    for (let i = 0; i < this.limbs; i++) {
      const v = t[i]! - p[i]! - br;
      br = v < 0 ? 1 : 0;
    }
    return br === 1;
  }

  private fromBytes(out: PrimeFieldElement, b: Uint8Array, le: boolean, opts: FromBytesOptions | undefined): PrimeFieldElement {
    if (!(out instanceof Float64Array) || out.length !== this.limbs) {
      // An element of another field (or not an element at all) is a programmer error.
      throw new TypeError(
        `field element out: expected an element of this field (Float64Array(${this.limbs}) from create()), got ${out instanceof Float64Array ? `Float64Array(${out.length})` : describe(out)}`,
      );
    }
    expectBytes('field element', b, this.byteLength);
    const o = expectOptions('field element options', opts);
    const reduce = o === undefined ? false : expectBoolean('field element reduce', o.reduce, false);
    const canonical = this.readBytes(b, le);
    if (!canonical && !reduce) {
      throw new StrataError(ErrorCode.NON_CANONICAL, `field element: expected a value < p, got one ≥ p`);
    }
    // t < 2^(8·byteLength) ≤ R, so t·R² < p·R and the product reduces t mod p.
    return this.mulR(out, this.sBytes);
  }

  /**
   * Sets v = the byteLength-byte little-endian integer b and returns v. A
   * value ≥ p throws StrataError ERR_NON_CANONICAL unless `{ reduce: true }`
   * (then v = b mod p); a wrong length throws ERR_BAD_LENGTH; a `v` that is
   * not an element of this field, a non-Uint8Array, non-object options or a
   * non-boolean `reduce` throw TypeError.
   */
  setBytesLE(out: PrimeFieldElement, bytes: Uint8Array, opts?: FromBytesOptions): PrimeFieldElement {
    return this.fromBytes(out, bytes, true, opts);
  }

  /** Sets v = the byteLength-byte big-endian integer b and returns v (errors as setBytesLE). */
  setBytesBE(out: PrimeFieldElement, bytes: Uint8Array, opts?: FromBytesOptions): PrimeFieldElement {
    return this.fromBytes(out, bytes, false, opts);
  }

  private toBytes(a: PrimeFieldElement, out: Uint8Array, le: boolean): Uint8Array {
    const c = this.canonical(a);
    const L = this.byteLength;
    for (let j = 0; j < L; j++) {
      const li = (j / 3) | 0;
      const byte = Math.floor(c[li]! / (1 << (8 * (j - 3 * li)))) & 0xff;
      if (le) out[j] = byte; else out[L - 1 - j] = byte;
    }
    return out;
  }

  /** Writes the canonical little-endian encoding of a into out (byteLength bytes; allocated if omitted) and returns it. */
  toBytesLE(a: PrimeFieldElement, out?: Uint8Array): Uint8Array {
    const o = out === undefined ? new Uint8Array(this.byteLength) : expectBytes('output', out, this.byteLength);
    return this.toBytes(a, o, true);
  }

  /** Writes the canonical big-endian encoding of a into out (byteLength bytes; allocated if omitted) and returns it. */
  toBytesBE(a: PrimeFieldElement, out?: Uint8Array): Uint8Array {
    const o = out === undefined ? new Uint8Array(this.byteLength) : expectBytes('output', out, this.byteLength);
    return this.toBytes(a, o, false);
  }
}

/** The scalar field of BLS12-381, r = 0x73eda753…00000001 (255 bits, 2-adicity 32): Jubjub's and Bandersnatch's base field. */
export const blsFr: PrimeField = PrimeField.create(
  0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n,
);

/** The scalar field of BN254, r = 0x30644e72…f0000001 (254 bits, 2-adicity 28): BabyJubjub's base field. */
export const bn254Fr: PrimeField = PrimeField.create(
  0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001n,
);
