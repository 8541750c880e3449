/**
 * secp256k1 base field element `FieldVal`: arithmetic modulo
 * p = 2^256 − 2^32 − 977 in ten 26-bit limbs with lazy reduction.
 *
 * ## Representation
 *
 * A `FieldVal` holds ten unsigned limbs `n[0..9]` (a `Uint32Array`, little-endian,
 * radix 2^26) and stands for the integer V = Σ n[i]·2^(26·i). Limbs 0–8 carry
 * 26 bits when the value is tidy and limb 9 carries the top 22 bits (26·9 + 22 = 256).
 * Limbs may grow past those widths between reductions; how far is tracked, by the
 * caller, as the *magnitude*:
 *
 *   magnitude m  ⇔  n[i] ≤ m·(2^26 − 1) for i = 0..8  and  n[9] ≤ m·(2^22 − 1).
 *
 * A value is *normalized* when it has magnitude 1 and V < p; then the limbs are
 * the canonical base-2^26 digits of V mod p. The largest magnitude any method
 * accepts is 32 (every limb then stays below 2^31). `add` sums magnitudes, `mulInt(a, k)`
 * multiplies the magnitude by k, `negate(a, m)` turns magnitude m into m + 1, and
 * `mul`/`square` take inputs up to magnitude 8 and return magnitude 1 (V < 2^256,
 * not necessarily < p). Only `normalize`, the byte decoders, `sqrt` and
 * `invert*` produce normalized output. The same rules as dcrd's `FieldVal`, with the
 * magnitude bound written out exactly.
 *
 * Limbs live in a typed array: V8 keeps small integers (Smis) only up to 2^30 on
 * pointer-compressed builds, and a limb of a magnitude-32 value can reach 2^31 − 32,
 * which would be boxed as a heap number if stored in an object field. A typed
 * array stores it in place, so no operation allocates.
 *
 * ## Exact multiplication without 64-bit integers
 *
 * JavaScript numbers are IEEE doubles: integers are exact below 2^53, and there is
 * no 64-bit integer multiply (BigInt allocates). Ten 26-bit limbs give 52-bit
 * products and columns of ten of them, which do not fit. So `mul` and `square`
 * first repack each operand, with shifts and masks, into eleven 24-bit digits
 * y[0..10] (digit j at bit 24j; limb i lands at bit 2i of digit i and its high
 * bits spill into digit i + 1, so no carry chain is needed):
 *
 *   y[j] = (x[j−1] >>> (26 − 2j)) + ((x[j] mod 2^(24 − 2j)) << 2j),   y[10] = x[9] >>> 6.
 *
 * For inputs of magnitude ≤ 8 (x[i] < 2^29, x[9] < 2^25) every y[j] < 2^24 + 2^21
 * and y[10] < 2^19. A schoolbook column ([HAC] §14.2.2) C_k = Σ_{i+j=k} y[i]·z[j]
 * has at most eleven terms, each < (2^24 + 2^21)^2 < 1.27·2^48, so
 * C_k < 13.93·2^48 < 2^51.8: every product and partial sum is an exact double, and
 * one multiply per digit pair suffices (121 for `mul`, 66 for `square`, which
 * doubles the cross terms: 2·y[i] < 2^25.2, same column bound).
 *
 * Reduction uses 2^264 ≡ 2^8·(2^32 + 977) = 65536·2^24 + 250112 (mod p). Columns
 * 10..20 are split, in parallel, into a digit and a carry (q_k = ⌊C_k/2^24⌋ < 2^27.8),
 * giving e_k < 2^24 + 2^27.8; column 11 + m then folds into column m (×250112) and
 * m + 1 (×65536): s_m < 2^51.8 + 2^45.9 + 2^43.9 < 2^51.9, still exact. Two parallel
 * carry passes bring the digits to < 2^24 + 2^4, with a word of weight 2^264. All
 * bits from 2^256 up (X < 2^38.4) fold as X·(2^32 + 977) = 977·X + 256·X·2^24 into
 * digits 0 and 1 (< 2^48.4, < 2^46.5). The value v is now below 2^256 + 2^240,
 * and a sequential carry pass makes its digits exact; when v ≥ 2^256 the answer
 * is v − p = v + 2^32 + 977 − 2^256. Both candidates are carried side by side
 * (two independent chains, so the second costs little latency) and selected
 * with a mask taken from bit 256 of the first; the second chain then has bit
 * 256 set and it is dropped. The digits are repacked into ten 26-bit limbs,
 * each < 2^26 and the top one < 2^22: magnitude 1, value < 2^256 (not
 * necessarily < p). (Inputs at magnitude 8 with all limbs near their maximum
 * do reach v ≥ 2^256; the tests include them.)
 *
 * Why this shape: splitting the multiplier into 13-bit halves (200
 * multiply-adds per `mul`) was measurably slower than eleven 24-bit digits; a
 * second sequential pass for the final bit-256 fold, instead of the two
 * parallel chains, lengthens the serial dependency chain; and dropping the
 * int32 pass (chains straight on the first pass's digits) is exact too but puts
 * the double-to-int conversions on the serial chain. The benchmark field suite
 * (`pnpm bench --suite field`) is the figure behind each choice; current numbers
 * are in the package README.
 *
 * ## LAZY DIGITS: the square-root chain
 *
 * `sqrt` keeps the whole (p+1)/4 chain (253 squarings, 13 multiplications) in
 * 24-bit digits: `sqrDigits` / `mulDigits` take and return *lazy digits*,
 *
 *   y[0..9] < 2^24 + 2^21,  y[10] < 2^19  (the kernels' input bound above),
 *
 * standing for any value congruent mod p (not reduced, possibly ≥ 2^256). They
 * share the product and both parallel passes with `mul`/`square`; after the fold
 * of X (bits from 2^256 up, X < 2^38.4) only digits 0 → 1 → 2 → 3 are carried:
 * f0 = w0 + 977·X < 2^48.4 (exact) leaves a digit < 2^24 and k0 < 2^24.4;
 * f1 = w1 + 256·X + k0 < 2^46.5 leaves a digit and k1 < 2^22.5;
 * f2 = w2 + k1 < 2^25 leaves a digit and a carry ≤ 1 into digit 3, which becomes
 * < 2^24 + 2^4.1 + 1; digits 4..9 stay w < 2^24 + 2^4.1 and the top digit keeps
 * w10 mod 2^16 (its bits from 2^256 up went into X). Every output digit meets the
 * input bound, so the kernels chain without limit; no conditional subtraction and
 * no limb repacking run inside the chain. One conversion enters the chain
 * (`limbsToDigits`, magnitude ≤ 8 digits meet the bound) and one leaves it
 * (`lazyDigitsToLimbs`: a sequential carry, limbs of a value < 2^259, then
 * `normalizeLimbs`). lazy-digits.test.ts drives the emitted kernels at the edges
 * of the bound and through long runs. Keeping the multiplications in digits
 * too (rather than converting back to limbs for each of the 13 of them) is what
 * makes the chain pay: the conversions, not the products, dominated.
 *
 * ## Constant time
 *
 * `normalize`, `mul`, `square`, `add`, `negate`, `invert` and `sqrt` run the same
 * instruction sequence for every input (no data-dependent branches or table
 * indices). JavaScript engines make no timing promises, so this is a best effort.
 * `invertNonConst` stops early and is for public values only. The predicates (`isZero`, `equals`,
 * ...) return booleans and `isGtOrEqPrimeMinusOrder` exits early: public data.
 *
 * References:
 * - [SEC2] Standards for Efficient Cryptography 2, v2.0, §2.4.1 (secp256k1 parameters).
 * - [HAC] Menezes, van Oorschot, Vanstone: Handbook of Applied Cryptography, §14.2.2
 *   (multiple-precision multiplication), Alg. 14.79 (square-and-multiply).
 * - [DCRD] decred/dcrd dcrec/secp256k1 field.go (FieldVal, magnitude/normalization
 *   semantics, the p+1/4 square root; its byte-driven predecessor from btcec is
 *   `sqrtBytewise` in `@strata/field/alternatives`).
 * - [LIBSECP] bitcoin-core/secp256k1 field_impl.h (the (p+1)/4 addition chain).
 * - [BY19] Bernstein, Yang: Fast constant-time gcd computation and modular
 *   inversion, TCHES 2019 (the divstep inverse, in safegcd.ts).
 */
import { hexToBytes } from '../bytes.js';
import { ErrorCode, StrataError, describe, expectBytes } from '../errors.js';
import { expectNumberArg, expectOffset, expectRoom } from '../options.js';
import { inverseDigits, modulus24 } from './safegcd.js';

const M26 = 0x3ffffff;
const M22 = 0x3fffff;
const B24 = 16777216;
const R24 = 1 / 16777216;
const B26 = 67108864;

/** p's limbs: 2^26 − 977, 2^26 − 65, then 2^26 − 1 (×7), then 2^22 − 1. */
const P0 = 0x3fffc2f;
const P1 = 0x3ffffbf;

/** The largest magnitude any FieldVal method accepts. */
export const FIELD_MAX_MAGNITUDE = 32;


const P_BYTES = hexToBytes('fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f');
/** (p + 1)/4, the square-root exponent, as 32 big-endian bytes. */
const SQRT_EXP_BYTES = hexToBytes('3fffffffffffffffffffffffffffffffffffffffffffffffffffffffbfffff0c');
/** p − n as 32 big-endian bytes. */
const P_MINUS_N_BYTES = hexToBytes('000000000000000000000000000000014551231950b75fc4402da1722fc9baee');

/** Returns p = 2^256 − 2^32 − 977 as 32 big-endian bytes (a fresh copy). */
export function secp256k1PrimeBytes(): Uint8Array {
  return P_BYTES.slice();
}

/** Returns the square-root exponent (p + 1)/4 as 32 big-endian bytes (a fresh copy). */
export function secp256k1SqrtExponentBytes(): Uint8Array {
  return SQRT_EXP_BYTES.slice();
}

/** Writes 32 big-endian bytes b[off..off+32) into limbs o (value < 2^256, magnitude 1). */
function unpack(o: Uint32Array, b: Uint8Array, off: number): void {
  o[0] = b[off + 31]! | (b[off + 30]! << 8) | (b[off + 29]! << 16) | ((b[off + 28]! & 3) << 24);
  o[1] = (b[off + 28]! >>> 2) | (b[off + 27]! << 6) | (b[off + 26]! << 14) | ((b[off + 25]! & 15) << 22);
  o[2] = (b[off + 25]! >>> 4) | (b[off + 24]! << 4) | (b[off + 23]! << 12) | ((b[off + 22]! & 63) << 20);
  o[3] = (b[off + 22]! >>> 6) | (b[off + 21]! << 2) | (b[off + 20]! << 10) | (b[off + 19]! << 18);
  o[4] = b[off + 18]! | (b[off + 17]! << 8) | (b[off + 16]! << 16) | ((b[off + 15]! & 3) << 24);
  o[5] = (b[off + 15]! >>> 2) | (b[off + 14]! << 6) | (b[off + 13]! << 14) | ((b[off + 12]! & 15) << 22);
  o[6] = (b[off + 12]! >>> 4) | (b[off + 11]! << 4) | (b[off + 10]! << 12) | ((b[off + 9]! & 63) << 20);
  o[7] = (b[off + 9]! >>> 6) | (b[off + 8]! << 2) | (b[off + 7]! << 10) | (b[off + 6]! << 18);
  o[8] = b[off + 5]! | (b[off + 4]! << 8) | (b[off + 3]! << 16) | ((b[off + 2]! & 3) << 24);
  o[9] = (b[off + 2]! >>> 2) | (b[off + 1]! << 6) | (b[off]! << 14);
}

/** Writes tidy limbs n (each < 2^26, top < 2^22) as 32 big-endian bytes at out[off]. */
function pack(out: Uint8Array, off: number, n: Uint32Array): void {
  const n0 = n[0]!, n1 = n[1]!, n2 = n[2]!, n3 = n[3]!, n4 = n[4]!;
  const n5 = n[5]!, n6 = n[6]!, n7 = n[7]!, n8 = n[8]!, n9 = n[9]!;
  out[off + 31] = n0;
  out[off + 30] = n0 >>> 8;
  out[off + 29] = n0 >>> 16;
  out[off + 28] = (n0 >>> 24) | (n1 << 2);
  out[off + 27] = n1 >>> 6;
  out[off + 26] = n1 >>> 14;
  out[off + 25] = (n1 >>> 22) | (n2 << 4);
  out[off + 24] = n2 >>> 4;
  out[off + 23] = n2 >>> 12;
  out[off + 22] = (n2 >>> 20) | (n3 << 6);
  out[off + 21] = n3 >>> 2;
  out[off + 20] = n3 >>> 10;
  out[off + 19] = n3 >>> 18;
  out[off + 18] = n4;
  out[off + 17] = n4 >>> 8;
  out[off + 16] = n4 >>> 16;
  out[off + 15] = (n4 >>> 24) | (n5 << 2);
  out[off + 14] = n5 >>> 6;
  out[off + 13] = n5 >>> 14;
  out[off + 12] = (n5 >>> 22) | (n6 << 4);
  out[off + 11] = n6 >>> 4;
  out[off + 10] = n6 >>> 12;
  out[off + 9] = (n6 >>> 20) | (n7 << 6);
  out[off + 8] = n7 >>> 2;
  out[off + 7] = n7 >>> 10;
  out[off + 6] = n7 >>> 18;
  out[off + 5] = n8;
  out[off + 4] = n8 >>> 8;
  out[off + 3] = n8 >>> 16;
  out[off + 2] = (n8 >>> 24) | (n9 << 2);
  out[off + 1] = n9 >>> 6;
  out[off] = n9 >>> 14;
}

/**
 * Reduces limbs in place to the canonical digits of V mod p. Exact for any limbs
 * in [0, 2^32) (magnitude up to 64, beyond the documented maximum of 32).
 *
 * Pass 1 folds the bits of limb 9 above 2^256 (m = ⌊n9/2^22⌋ < 2^10, as m·(2^32 + 977))
 * and carries; each limb is split before adding so no intermediate exceeds 2^31.
 * Afterwards V1 < 2^256 + 2^241 < 2p, so one conditional subtraction of p finishes:
 * V1 ≥ p iff bit 256 is set, or V1 < 2^256 with limbs 2..9 all ones and
 * (limb1, limb0) ≥ (2^26 − 65, 2^26 − 977). Subtracting p is adding 2^32 + 977 and
 * dropping bit 256. Returns 1 when that subtraction happened, else 0.
 */
function normalizeLimbs(n: Uint32Array): number {
  const r9 = n[9]!;
  const m = r9 >>> 22;
  let t = n[0]!;
  let lo = (t & M26) + m * 977;
  let c = (t >>> 26) + (lo >>> 26);
  const t0a = lo & M26;
  t = n[1]!;
  lo = (t & M26) + m * 64 + c;
  c = (t >>> 26) + (lo >>> 26);
  const t1a = lo & M26;
  t = n[2]!; lo = (t & M26) + c; c = (t >>> 26) + (lo >>> 26); const t2 = lo & M26;
  t = n[3]!; lo = (t & M26) + c; c = (t >>> 26) + (lo >>> 26); const t3 = lo & M26;
  t = n[4]!; lo = (t & M26) + c; c = (t >>> 26) + (lo >>> 26); const t4 = lo & M26;
  t = n[5]!; lo = (t & M26) + c; c = (t >>> 26) + (lo >>> 26); const t5 = lo & M26;
  t = n[6]!; lo = (t & M26) + c; c = (t >>> 26) + (lo >>> 26); const t6 = lo & M26;
  t = n[7]!; lo = (t & M26) + c; c = (t >>> 26) + (lo >>> 26); const t7 = lo & M26;
  t = n[8]!; lo = (t & M26) + c; c = (t >>> 26) + (lo >>> 26); const t8 = lo & M26;
  const t9a = (r9 & M22) + c;
  // V1 ≥ p ?  (all-ones tests via (x + 1) >>> width, no branches)
  const top = ((t9a + 1) >>> 22) & ((((t2 & t3 & t4 & t5 & t6 & t7 & t8) + 1) >>> 26));
  const low = (t1a + 64 + ((t0a + 977) >>> 26)) >>> 26;
  const r = (t9a >>> 22) | (top & low);
  // Conditionally add 2^32 + 977 and drop bit 256.
  lo = t0a + r * 977; c = lo >>> 26; n[0] = lo & M26;
  lo = t1a + r * 64 + c; c = lo >>> 26; n[1] = lo & M26;
  lo = t2 + c; c = lo >>> 26; n[2] = lo & M26;
  lo = t3 + c; c = lo >>> 26; n[3] = lo & M26;
  lo = t4 + c; c = lo >>> 26; n[4] = lo & M26;
  lo = t5 + c; c = lo >>> 26; n[5] = lo & M26;
  lo = t6 + c; c = lo >>> 26; n[6] = lo & M26;
  lo = t7 + c; c = lo >>> 26; n[7] = lo & M26;
  lo = t8 + c; c = lo >>> 26; n[8] = lo & M26;
  n[9] = (t9a + c) & M22;
  return r;
}

// ---- Product kernels: unrolled straight-line code from packages/field/gen/secp256k1.mjs
// (`pnpm gen`); the module doc proves the bounds. ----

// BEGIN GENERATED (FieldVal kernels)
// Code generated by `pnpm gen` (packages/field/gen/secp256k1.mjs). DO NOT EDIT.
/** Sets o = a·b (magnitude 1); o may alias a or b (all limbs are read first). */
function mulLimbs(o: Uint32Array, a: Uint32Array, b: Uint32Array): void {
  const x0 = a[0]!, x1 = a[1]!, x2 = a[2]!, x3 = a[3]!, x4 = a[4]!, x5 = a[5]!, x6 = a[6]!, x7 = a[7]!, x8 = a[8]!, x9 = a[9]!;
  const a0 = x0 & 0xffffff;
  const a1 = (x0 >>> 24) + ((x1 & 0x3fffff) << 2);
  const a2 = (x1 >>> 22) + ((x2 & 0xfffff) << 4);
  const a3 = (x2 >>> 20) + ((x3 & 0x3ffff) << 6);
  const a4 = (x3 >>> 18) + ((x4 & 0xffff) << 8);
  const a5 = (x4 >>> 16) + ((x5 & 0x3fff) << 10);
  const a6 = (x5 >>> 14) + ((x6 & 0xfff) << 12);
  const a7 = (x6 >>> 12) + ((x7 & 0x3ff) << 14);
  const a8 = (x7 >>> 10) + ((x8 & 0xff) << 16);
  const a9 = (x8 >>> 8) + ((x9 & 0x3f) << 18);
  const a10 = x9 >>> 6;
  const z0 = b[0]!, z1 = b[1]!, z2 = b[2]!, z3 = b[3]!, z4 = b[4]!, z5 = b[5]!, z6 = b[6]!, z7 = b[7]!, z8 = b[8]!, z9 = b[9]!;
  const b0 = z0 & 0xffffff;
  const b1 = (z0 >>> 24) + ((z1 & 0x3fffff) << 2);
  const b2 = (z1 >>> 22) + ((z2 & 0xfffff) << 4);
  const b3 = (z2 >>> 20) + ((z3 & 0x3ffff) << 6);
  const b4 = (z3 >>> 18) + ((z4 & 0xffff) << 8);
  const b5 = (z4 >>> 16) + ((z5 & 0x3fff) << 10);
  const b6 = (z5 >>> 14) + ((z6 & 0xfff) << 12);
  const b7 = (z6 >>> 12) + ((z7 & 0x3ff) << 14);
  const b8 = (z7 >>> 10) + ((z8 & 0xff) << 16);
  const b9 = (z8 >>> 8) + ((z9 & 0x3f) << 18);
  const b10 = z9 >>> 6;
  const C0 = a0 * b0;
  const C1 = a0 * b1 + a1 * b0;
  const C2 = a0 * b2 + a1 * b1 + a2 * b0;
  const C3 = a0 * b3 + a1 * b2 + a2 * b1 + a3 * b0;
  const C4 = a0 * b4 + a1 * b3 + a2 * b2 + a3 * b1 + a4 * b0;
  const C5 = a0 * b5 + a1 * b4 + a2 * b3 + a3 * b2 + a4 * b1 + a5 * b0;
  const C6 = a0 * b6 + a1 * b5 + a2 * b4 + a3 * b3 + a4 * b2 + a5 * b1 + a6 * b0;
  const C7 = a0 * b7 + a1 * b6 + a2 * b5 + a3 * b4 + a4 * b3 + a5 * b2 + a6 * b1 + a7 * b0;
  const C8 = a0 * b8 + a1 * b7 + a2 * b6 + a3 * b5 + a4 * b4 + a5 * b3 + a6 * b2 + a7 * b1 + a8 * b0;
  const C9 = a0 * b9 + a1 * b8 + a2 * b7 + a3 * b6 + a4 * b5 + a5 * b4 + a6 * b3 + a7 * b2 + a8 * b1 + a9 * b0;
  const C10 = a0 * b10 + a1 * b9 + a2 * b8 + a3 * b7 + a4 * b6 + a5 * b5 + a6 * b4 + a7 * b3 + a8 * b2 + a9 * b1 + a10 * b0;
  const C11 = a1 * b10 + a2 * b9 + a3 * b8 + a4 * b7 + a5 * b6 + a6 * b5 + a7 * b4 + a8 * b3 + a9 * b2 + a10 * b1;
  const C12 = a2 * b10 + a3 * b9 + a4 * b8 + a5 * b7 + a6 * b6 + a7 * b5 + a8 * b4 + a9 * b3 + a10 * b2;
  const C13 = a3 * b10 + a4 * b9 + a5 * b8 + a6 * b7 + a7 * b6 + a8 * b5 + a9 * b4 + a10 * b3;
  const C14 = a4 * b10 + a5 * b9 + a6 * b8 + a7 * b7 + a8 * b6 + a9 * b5 + a10 * b4;
  const C15 = a5 * b10 + a6 * b9 + a7 * b8 + a8 * b7 + a9 * b6 + a10 * b5;
  const C16 = a6 * b10 + a7 * b9 + a8 * b8 + a9 * b7 + a10 * b6;
  const C17 = a7 * b10 + a8 * b9 + a9 * b8 + a10 * b7;
  const C18 = a8 * b10 + a9 * b9 + a10 * b8;
  const C19 = a9 * b10 + a10 * b9;
  const C20 = a10 * b10;
  // Split columns 10..20 (they feed the fold); q20 = carry out of column 20.
  const q10 = Math.floor(C10 * R24);
  const q11 = Math.floor(C11 * R24);
  const q12 = Math.floor(C12 * R24);
  const q13 = Math.floor(C13 * R24);
  const q14 = Math.floor(C14 * R24);
  const q15 = Math.floor(C15 * R24);
  const q16 = Math.floor(C16 * R24);
  const q17 = Math.floor(C17 * R24);
  const q18 = Math.floor(C18 * R24);
  const q19 = Math.floor(C19 * R24);
  const q20 = Math.floor(C20 * R24);
  const e10 = C10 - q10 * B24;
  const e11 = C11 - q11 * B24 + q10;
  const e12 = C12 - q12 * B24 + q11;
  const e13 = C13 - q13 * B24 + q12;
  const e14 = C14 - q14 * B24 + q13;
  const e15 = C15 - q15 * B24 + q14;
  const e16 = C16 - q16 * B24 + q15;
  const e17 = C17 - q17 * B24 + q16;
  const e18 = C18 - q18 * B24 + q17;
  const e19 = C19 - q19 * B24 + q18;
  const e20 = C20 - q20 * B24 + q19;
  // Fold 2^264 ≡ 2^40 + 250112 = 65536·2^24 + 250112 (mod p).
  const s0 = C0 + 250112 * e11;
  const s1 = C1 + 250112 * e12 + 65536 * e11;
  const s2 = C2 + 250112 * e13 + 65536 * e12;
  const s3 = C3 + 250112 * e14 + 65536 * e13;
  const s4 = C4 + 250112 * e15 + 65536 * e14;
  const s5 = C5 + 250112 * e16 + 65536 * e15;
  const s6 = C6 + 250112 * e17 + 65536 * e16;
  const s7 = C7 + 250112 * e18 + 65536 * e17;
  const s8 = C8 + 250112 * e19 + 65536 * e18;
  const s9 = C9 + 250112 * e20 + 65536 * e19;
  const s10 = e10 + 250112 * q20 + 65536 * e20;
  // One parallel carry pass: digits v < 2^24 + 2^28 (int32), u10·2^264 above them.
  const u0 = Math.floor(s0 * R24);
  const u1 = Math.floor(s1 * R24);
  const u2 = Math.floor(s2 * R24);
  const u3 = Math.floor(s3 * R24);
  const u4 = Math.floor(s4 * R24);
  const u5 = Math.floor(s5 * R24);
  const u6 = Math.floor(s6 * R24);
  const u7 = Math.floor(s7 * R24);
  const u8 = Math.floor(s8 * R24);
  const u9 = Math.floor(s9 * R24);
  const u10 = Math.floor(s10 * R24);
  const v0 = s0 - u0 * B24;
  const v1 = s1 - u1 * B24 + u0;
  const v2 = s2 - u2 * B24 + u1;
  const v3 = s3 - u3 * B24 + u2;
  const v4 = s4 - u4 * B24 + u3;
  const v5 = s5 - u5 * B24 + u4;
  const v6 = s6 - u6 * B24 + u5;
  const v7 = s7 - u7 * B24 + u6;
  const v8 = s8 - u8 * B24 + u7;
  const v9 = s9 - u9 * B24 + u8;
  const v10 = s10 - u10 * B24 + u9;
  // Second parallel pass in int32: digits w < 2^24 + 2^4.1.
  const U0 = v0 >>> 24;
  const U1 = v1 >>> 24;
  const U2 = v2 >>> 24;
  const U3 = v3 >>> 24;
  const U4 = v4 >>> 24;
  const U5 = v5 >>> 24;
  const U6 = v6 >>> 24;
  const U7 = v7 >>> 24;
  const U8 = v8 >>> 24;
  const U9 = v9 >>> 24;
  const U10 = v10 >>> 24;
  const w0 = (v0 & 0xffffff);
  const w1 = (v1 & 0xffffff) + U0;
  const w2 = (v2 & 0xffffff) + U1;
  const w3 = (v3 & 0xffffff) + U2;
  const w4 = (v4 & 0xffffff) + U3;
  const w5 = (v5 & 0xffffff) + U4;
  const w6 = (v6 & 0xffffff) + U5;
  const w7 = (v7 & 0xffffff) + U6;
  const w8 = (v8 & 0xffffff) + U7;
  const w9 = (v9 & 0xffffff) + U8;
  const w10 = (v10 & 0xffffff) + U9;
  // Everything from bit 256 up: X·2^256 ≡ X·(2^32 + 977) = X·977 + 256·X·2^24.
  const X = (w10 >>> 16) + 256 * (65536 * q20 + u10 + U10);
  const f0 = w0 + 977 * X;
  // Two carry chains side by side: A for v, B for v + 2^32 + 977 (= v − p + 2^256).
  // v < 2^256 + 2^240; when v ≥ 2^256 (A's bit 256 set) the result is B minus 2^256.
  const h0 = f0 + 977;
  const k0 = Math.floor(f0 * R24), kk0 = Math.floor(h0 * R24);
  const g0 = f0 - k0 * B24, E0 = h0 - kk0 * B24;
  const f1 = w1 + 256 * X + k0, h1 = w1 + 256 * X + 256 + kk0;
  let c = Math.floor(f1 * R24), d = Math.floor(h1 * R24);
  const g1 = f1 - c * B24, E1 = h1 - d * B24;
  let g2 = w2 + c, E2 = w2 + d; c = g2 >>> 24; d = E2 >>> 24; g2 &= 0xffffff; E2 &= 0xffffff;
  let g3 = w3 + c, E3 = w3 + d; c = g3 >>> 24; d = E3 >>> 24; g3 &= 0xffffff; E3 &= 0xffffff;
  let g4 = w4 + c, E4 = w4 + d; c = g4 >>> 24; d = E4 >>> 24; g4 &= 0xffffff; E4 &= 0xffffff;
  let g5 = w5 + c, E5 = w5 + d; c = g5 >>> 24; d = E5 >>> 24; g5 &= 0xffffff; E5 &= 0xffffff;
  let g6 = w6 + c, E6 = w6 + d; c = g6 >>> 24; d = E6 >>> 24; g6 &= 0xffffff; E6 &= 0xffffff;
  let g7 = w7 + c, E7 = w7 + d; c = g7 >>> 24; d = E7 >>> 24; g7 &= 0xffffff; E7 &= 0xffffff;
  let g8 = w8 + c, E8 = w8 + d; c = g8 >>> 24; d = E8 >>> 24; g8 &= 0xffffff; E8 &= 0xffffff;
  let g9 = w9 + c, E9 = w9 + d; c = g9 >>> 24; d = E9 >>> 24; g9 &= 0xffffff; E9 &= 0xffffff;
  const g10 = (w10 & 0xffff) + c, E10 = (w10 & 0xffff) + d;
  const y = -(g10 >>> 16); // all ones when v ≥ 2^256
  const n = ~y;
  const r0 = (g0 & n) | (E0 & y);
  const r1 = (g1 & n) | (E1 & y);
  const r2 = (g2 & n) | (E2 & y);
  const r3 = (g3 & n) | (E3 & y);
  const r4 = (g4 & n) | (E4 & y);
  const r5 = (g5 & n) | (E5 & y);
  const r6 = (g6 & n) | (E6 & y);
  const r7 = (g7 & n) | (E7 & y);
  const r8 = (g8 & n) | (E8 & y);
  const r9 = (g9 & n) | (E9 & y);
  const r10 = (g10 & n) | (E10 & y & 0xffff);
  // Repack 11 digits of 24 bits into 10 limbs of 26 (the top one 22).
  o[0] = r0 | ((r1 & 0x3) << 24);
  o[1] = (r1 >>> 2) | ((r2 & 0xf) << 22);
  o[2] = (r2 >>> 4) | ((r3 & 0x3f) << 20);
  o[3] = (r3 >>> 6) | ((r4 & 0xff) << 18);
  o[4] = (r4 >>> 8) | ((r5 & 0x3ff) << 16);
  o[5] = (r5 >>> 10) | ((r6 & 0xfff) << 14);
  o[6] = (r6 >>> 12) | ((r7 & 0x3fff) << 12);
  o[7] = (r7 >>> 14) | ((r8 & 0xffff) << 10);
  o[8] = (r8 >>> 16) | ((r9 & 0x3ffff) << 8);
  o[9] = (r9 >>> 18) | ((r10 & 0xfffff) << 6);
}

/** Sets o = a² (magnitude 1); o may alias a. */
function sqrLimbs(o: Uint32Array, a: Uint32Array): void {
  const x0 = a[0]!, x1 = a[1]!, x2 = a[2]!, x3 = a[3]!, x4 = a[4]!, x5 = a[5]!, x6 = a[6]!, x7 = a[7]!, x8 = a[8]!, x9 = a[9]!;
  const a0 = x0 & 0xffffff;
  const a1 = (x0 >>> 24) + ((x1 & 0x3fffff) << 2);
  const a2 = (x1 >>> 22) + ((x2 & 0xfffff) << 4);
  const a3 = (x2 >>> 20) + ((x3 & 0x3ffff) << 6);
  const a4 = (x3 >>> 18) + ((x4 & 0xffff) << 8);
  const a5 = (x4 >>> 16) + ((x5 & 0x3fff) << 10);
  const a6 = (x5 >>> 14) + ((x6 & 0xfff) << 12);
  const a7 = (x6 >>> 12) + ((x7 & 0x3ff) << 14);
  const a8 = (x7 >>> 10) + ((x8 & 0xff) << 16);
  const a9 = (x8 >>> 8) + ((x9 & 0x3f) << 18);
  const a10 = x9 >>> 6;
  const d0 = 2 * a0, d1 = 2 * a1, d2 = 2 * a2, d3 = 2 * a3, d4 = 2 * a4, d5 = 2 * a5, d6 = 2 * a6, d7 = 2 * a7, d8 = 2 * a8, d9 = 2 * a9;
  const C0 = a0 * a0;
  const C1 = d0 * a1;
  const C2 = d0 * a2 + a1 * a1;
  const C3 = d0 * a3 + d1 * a2;
  const C4 = d0 * a4 + d1 * a3 + a2 * a2;
  const C5 = d0 * a5 + d1 * a4 + d2 * a3;
  const C6 = d0 * a6 + d1 * a5 + d2 * a4 + a3 * a3;
  const C7 = d0 * a7 + d1 * a6 + d2 * a5 + d3 * a4;
  const C8 = d0 * a8 + d1 * a7 + d2 * a6 + d3 * a5 + a4 * a4;
  const C9 = d0 * a9 + d1 * a8 + d2 * a7 + d3 * a6 + d4 * a5;
  const C10 = d0 * a10 + d1 * a9 + d2 * a8 + d3 * a7 + d4 * a6 + a5 * a5;
  const C11 = d1 * a10 + d2 * a9 + d3 * a8 + d4 * a7 + d5 * a6;
  const C12 = d2 * a10 + d3 * a9 + d4 * a8 + d5 * a7 + a6 * a6;
  const C13 = d3 * a10 + d4 * a9 + d5 * a8 + d6 * a7;
  const C14 = d4 * a10 + d5 * a9 + d6 * a8 + a7 * a7;
  const C15 = d5 * a10 + d6 * a9 + d7 * a8;
  const C16 = d6 * a10 + d7 * a9 + a8 * a8;
  const C17 = d7 * a10 + d8 * a9;
  const C18 = d8 * a10 + a9 * a9;
  const C19 = d9 * a10;
  const C20 = a10 * a10;
  // Split columns 10..20 (they feed the fold); q20 = carry out of column 20.
  const q10 = Math.floor(C10 * R24);
  const q11 = Math.floor(C11 * R24);
  const q12 = Math.floor(C12 * R24);
  const q13 = Math.floor(C13 * R24);
  const q14 = Math.floor(C14 * R24);
  const q15 = Math.floor(C15 * R24);
  const q16 = Math.floor(C16 * R24);
  const q17 = Math.floor(C17 * R24);
  const q18 = Math.floor(C18 * R24);
  const q19 = Math.floor(C19 * R24);
  const q20 = Math.floor(C20 * R24);
  const e10 = C10 - q10 * B24;
  const e11 = C11 - q11 * B24 + q10;
  const e12 = C12 - q12 * B24 + q11;
  const e13 = C13 - q13 * B24 + q12;
  const e14 = C14 - q14 * B24 + q13;
  const e15 = C15 - q15 * B24 + q14;
  const e16 = C16 - q16 * B24 + q15;
  const e17 = C17 - q17 * B24 + q16;
  const e18 = C18 - q18 * B24 + q17;
  const e19 = C19 - q19 * B24 + q18;
  const e20 = C20 - q20 * B24 + q19;
  // Fold 2^264 ≡ 2^40 + 250112 = 65536·2^24 + 250112 (mod p).
  const s0 = C0 + 250112 * e11;
  const s1 = C1 + 250112 * e12 + 65536 * e11;
  const s2 = C2 + 250112 * e13 + 65536 * e12;
  const s3 = C3 + 250112 * e14 + 65536 * e13;
  const s4 = C4 + 250112 * e15 + 65536 * e14;
  const s5 = C5 + 250112 * e16 + 65536 * e15;
  const s6 = C6 + 250112 * e17 + 65536 * e16;
  const s7 = C7 + 250112 * e18 + 65536 * e17;
  const s8 = C8 + 250112 * e19 + 65536 * e18;
  const s9 = C9 + 250112 * e20 + 65536 * e19;
  const s10 = e10 + 250112 * q20 + 65536 * e20;
  // One parallel carry pass: digits v < 2^24 + 2^28 (int32), u10·2^264 above them.
  const u0 = Math.floor(s0 * R24);
  const u1 = Math.floor(s1 * R24);
  const u2 = Math.floor(s2 * R24);
  const u3 = Math.floor(s3 * R24);
  const u4 = Math.floor(s4 * R24);
  const u5 = Math.floor(s5 * R24);
  const u6 = Math.floor(s6 * R24);
  const u7 = Math.floor(s7 * R24);
  const u8 = Math.floor(s8 * R24);
  const u9 = Math.floor(s9 * R24);
  const u10 = Math.floor(s10 * R24);
  const v0 = s0 - u0 * B24;
  const v1 = s1 - u1 * B24 + u0;
  const v2 = s2 - u2 * B24 + u1;
  const v3 = s3 - u3 * B24 + u2;
  const v4 = s4 - u4 * B24 + u3;
  const v5 = s5 - u5 * B24 + u4;
  const v6 = s6 - u6 * B24 + u5;
  const v7 = s7 - u7 * B24 + u6;
  const v8 = s8 - u8 * B24 + u7;
  const v9 = s9 - u9 * B24 + u8;
  const v10 = s10 - u10 * B24 + u9;
  // Second parallel pass in int32: digits w < 2^24 + 2^4.1.
  const U0 = v0 >>> 24;
  const U1 = v1 >>> 24;
  const U2 = v2 >>> 24;
  const U3 = v3 >>> 24;
  const U4 = v4 >>> 24;
  const U5 = v5 >>> 24;
  const U6 = v6 >>> 24;
  const U7 = v7 >>> 24;
  const U8 = v8 >>> 24;
  const U9 = v9 >>> 24;
  const U10 = v10 >>> 24;
  const w0 = (v0 & 0xffffff);
  const w1 = (v1 & 0xffffff) + U0;
  const w2 = (v2 & 0xffffff) + U1;
  const w3 = (v3 & 0xffffff) + U2;
  const w4 = (v4 & 0xffffff) + U3;
  const w5 = (v5 & 0xffffff) + U4;
  const w6 = (v6 & 0xffffff) + U5;
  const w7 = (v7 & 0xffffff) + U6;
  const w8 = (v8 & 0xffffff) + U7;
  const w9 = (v9 & 0xffffff) + U8;
  const w10 = (v10 & 0xffffff) + U9;
  // Everything from bit 256 up: X·2^256 ≡ X·(2^32 + 977) = X·977 + 256·X·2^24.
  const X = (w10 >>> 16) + 256 * (65536 * q20 + u10 + U10);
  const f0 = w0 + 977 * X;
  // Two carry chains side by side: A for v, B for v + 2^32 + 977 (= v − p + 2^256).
  // v < 2^256 + 2^240; when v ≥ 2^256 (A's bit 256 set) the result is B minus 2^256.
  const h0 = f0 + 977;
  const k0 = Math.floor(f0 * R24), kk0 = Math.floor(h0 * R24);
  const g0 = f0 - k0 * B24, E0 = h0 - kk0 * B24;
  const f1 = w1 + 256 * X + k0, h1 = w1 + 256 * X + 256 + kk0;
  let c = Math.floor(f1 * R24), d = Math.floor(h1 * R24);
  const g1 = f1 - c * B24, E1 = h1 - d * B24;
  let g2 = w2 + c, E2 = w2 + d; c = g2 >>> 24; d = E2 >>> 24; g2 &= 0xffffff; E2 &= 0xffffff;
  let g3 = w3 + c, E3 = w3 + d; c = g3 >>> 24; d = E3 >>> 24; g3 &= 0xffffff; E3 &= 0xffffff;
  let g4 = w4 + c, E4 = w4 + d; c = g4 >>> 24; d = E4 >>> 24; g4 &= 0xffffff; E4 &= 0xffffff;
  let g5 = w5 + c, E5 = w5 + d; c = g5 >>> 24; d = E5 >>> 24; g5 &= 0xffffff; E5 &= 0xffffff;
  let g6 = w6 + c, E6 = w6 + d; c = g6 >>> 24; d = E6 >>> 24; g6 &= 0xffffff; E6 &= 0xffffff;
  let g7 = w7 + c, E7 = w7 + d; c = g7 >>> 24; d = E7 >>> 24; g7 &= 0xffffff; E7 &= 0xffffff;
  let g8 = w8 + c, E8 = w8 + d; c = g8 >>> 24; d = E8 >>> 24; g8 &= 0xffffff; E8 &= 0xffffff;
  let g9 = w9 + c, E9 = w9 + d; c = g9 >>> 24; d = E9 >>> 24; g9 &= 0xffffff; E9 &= 0xffffff;
  const g10 = (w10 & 0xffff) + c, E10 = (w10 & 0xffff) + d;
  const y = -(g10 >>> 16); // all ones when v ≥ 2^256
  const n = ~y;
  const r0 = (g0 & n) | (E0 & y);
  const r1 = (g1 & n) | (E1 & y);
  const r2 = (g2 & n) | (E2 & y);
  const r3 = (g3 & n) | (E3 & y);
  const r4 = (g4 & n) | (E4 & y);
  const r5 = (g5 & n) | (E5 & y);
  const r6 = (g6 & n) | (E6 & y);
  const r7 = (g7 & n) | (E7 & y);
  const r8 = (g8 & n) | (E8 & y);
  const r9 = (g9 & n) | (E9 & y);
  const r10 = (g10 & n) | (E10 & y & 0xffff);
  // Repack 11 digits of 24 bits into 10 limbs of 26 (the top one 22).
  o[0] = r0 | ((r1 & 0x3) << 24);
  o[1] = (r1 >>> 2) | ((r2 & 0xf) << 22);
  o[2] = (r2 >>> 4) | ((r3 & 0x3f) << 20);
  o[3] = (r3 >>> 6) | ((r4 & 0xff) << 18);
  o[4] = (r4 >>> 8) | ((r5 & 0x3ff) << 16);
  o[5] = (r5 >>> 10) | ((r6 & 0xfff) << 14);
  o[6] = (r6 >>> 12) | ((r7 & 0x3fff) << 12);
  o[7] = (r7 >>> 14) | ((r8 & 0xffff) << 10);
  o[8] = (r8 >>> 16) | ((r9 & 0x3ffff) << 8);
  o[9] = (r9 >>> 18) | ((r10 & 0xfffff) << 6);
}

/** Sets o ≡ a² (mod p) on lazy 24-bit digits (see LAZY DIGITS in the module doc); o may alias a. */
function sqrDigits(o: Float64Array, a: Float64Array): void {
  const a0 = a[0]!, a1 = a[1]!, a2 = a[2]!, a3 = a[3]!, a4 = a[4]!, a5 = a[5]!, a6 = a[6]!, a7 = a[7]!, a8 = a[8]!, a9 = a[9]!, a10 = a[10]!;
  const d0 = 2 * a0, d1 = 2 * a1, d2 = 2 * a2, d3 = 2 * a3, d4 = 2 * a4, d5 = 2 * a5, d6 = 2 * a6, d7 = 2 * a7, d8 = 2 * a8, d9 = 2 * a9;
  const C0 = a0 * a0;
  const C1 = d0 * a1;
  const C2 = d0 * a2 + a1 * a1;
  const C3 = d0 * a3 + d1 * a2;
  const C4 = d0 * a4 + d1 * a3 + a2 * a2;
  const C5 = d0 * a5 + d1 * a4 + d2 * a3;
  const C6 = d0 * a6 + d1 * a5 + d2 * a4 + a3 * a3;
  const C7 = d0 * a7 + d1 * a6 + d2 * a5 + d3 * a4;
  const C8 = d0 * a8 + d1 * a7 + d2 * a6 + d3 * a5 + a4 * a4;
  const C9 = d0 * a9 + d1 * a8 + d2 * a7 + d3 * a6 + d4 * a5;
  const C10 = d0 * a10 + d1 * a9 + d2 * a8 + d3 * a7 + d4 * a6 + a5 * a5;
  const C11 = d1 * a10 + d2 * a9 + d3 * a8 + d4 * a7 + d5 * a6;
  const C12 = d2 * a10 + d3 * a9 + d4 * a8 + d5 * a7 + a6 * a6;
  const C13 = d3 * a10 + d4 * a9 + d5 * a8 + d6 * a7;
  const C14 = d4 * a10 + d5 * a9 + d6 * a8 + a7 * a7;
  const C15 = d5 * a10 + d6 * a9 + d7 * a8;
  const C16 = d6 * a10 + d7 * a9 + a8 * a8;
  const C17 = d7 * a10 + d8 * a9;
  const C18 = d8 * a10 + a9 * a9;
  const C19 = d9 * a10;
  const C20 = a10 * a10;
  // Split columns 10..20 (they feed the fold); q20 = carry out of column 20.
  const q10 = Math.floor(C10 * R24);
  const q11 = Math.floor(C11 * R24);
  const q12 = Math.floor(C12 * R24);
  const q13 = Math.floor(C13 * R24);
  const q14 = Math.floor(C14 * R24);
  const q15 = Math.floor(C15 * R24);
  const q16 = Math.floor(C16 * R24);
  const q17 = Math.floor(C17 * R24);
  const q18 = Math.floor(C18 * R24);
  const q19 = Math.floor(C19 * R24);
  const q20 = Math.floor(C20 * R24);
  const e10 = C10 - q10 * B24;
  const e11 = C11 - q11 * B24 + q10;
  const e12 = C12 - q12 * B24 + q11;
  const e13 = C13 - q13 * B24 + q12;
  const e14 = C14 - q14 * B24 + q13;
  const e15 = C15 - q15 * B24 + q14;
  const e16 = C16 - q16 * B24 + q15;
  const e17 = C17 - q17 * B24 + q16;
  const e18 = C18 - q18 * B24 + q17;
  const e19 = C19 - q19 * B24 + q18;
  const e20 = C20 - q20 * B24 + q19;
  // Fold 2^264 ≡ 2^40 + 250112 = 65536·2^24 + 250112 (mod p).
  const s0 = C0 + 250112 * e11;
  const s1 = C1 + 250112 * e12 + 65536 * e11;
  const s2 = C2 + 250112 * e13 + 65536 * e12;
  const s3 = C3 + 250112 * e14 + 65536 * e13;
  const s4 = C4 + 250112 * e15 + 65536 * e14;
  const s5 = C5 + 250112 * e16 + 65536 * e15;
  const s6 = C6 + 250112 * e17 + 65536 * e16;
  const s7 = C7 + 250112 * e18 + 65536 * e17;
  const s8 = C8 + 250112 * e19 + 65536 * e18;
  const s9 = C9 + 250112 * e20 + 65536 * e19;
  const s10 = e10 + 250112 * q20 + 65536 * e20;
  // One parallel carry pass: digits v < 2^24 + 2^28 (int32), u10·2^264 above them.
  const u0 = Math.floor(s0 * R24);
  const u1 = Math.floor(s1 * R24);
  const u2 = Math.floor(s2 * R24);
  const u3 = Math.floor(s3 * R24);
  const u4 = Math.floor(s4 * R24);
  const u5 = Math.floor(s5 * R24);
  const u6 = Math.floor(s6 * R24);
  const u7 = Math.floor(s7 * R24);
  const u8 = Math.floor(s8 * R24);
  const u9 = Math.floor(s9 * R24);
  const u10 = Math.floor(s10 * R24);
  const v0 = s0 - u0 * B24;
  const v1 = s1 - u1 * B24 + u0;
  const v2 = s2 - u2 * B24 + u1;
  const v3 = s3 - u3 * B24 + u2;
  const v4 = s4 - u4 * B24 + u3;
  const v5 = s5 - u5 * B24 + u4;
  const v6 = s6 - u6 * B24 + u5;
  const v7 = s7 - u7 * B24 + u6;
  const v8 = s8 - u8 * B24 + u7;
  const v9 = s9 - u9 * B24 + u8;
  const v10 = s10 - u10 * B24 + u9;
  // Second parallel pass in int32: digits w < 2^24 + 2^4.1.
  const U0 = v0 >>> 24;
  const U1 = v1 >>> 24;
  const U2 = v2 >>> 24;
  const U3 = v3 >>> 24;
  const U4 = v4 >>> 24;
  const U5 = v5 >>> 24;
  const U6 = v6 >>> 24;
  const U7 = v7 >>> 24;
  const U8 = v8 >>> 24;
  const U9 = v9 >>> 24;
  const U10 = v10 >>> 24;
  const w0 = (v0 & 0xffffff);
  const w1 = (v1 & 0xffffff) + U0;
  const w2 = (v2 & 0xffffff) + U1;
  const w3 = (v3 & 0xffffff) + U2;
  const w4 = (v4 & 0xffffff) + U3;
  const w5 = (v5 & 0xffffff) + U4;
  const w6 = (v6 & 0xffffff) + U5;
  const w7 = (v7 & 0xffffff) + U6;
  const w8 = (v8 & 0xffffff) + U7;
  const w9 = (v9 & 0xffffff) + U8;
  const w10 = (v10 & 0xffffff) + U9;
  // Everything from bit 256 up: X·2^256 ≡ X·(2^32 + 977) = X·977 + 256·X·2^24.
  const X = (w10 >>> 16) + 256 * (65536 * q20 + u10 + U10);
  const f0 = w0 + 977 * X;
  // Lazy output: carry only digits 0 -> 1 -> 2 -> 3, which the fold of X enlarged.
  const k0 = Math.floor(f0 * R24);
  const f1 = w1 + 256 * X + k0;
  const k1 = Math.floor(f1 * R24);
  const f2 = w2 + k1;
  o[0] = f0 - k0 * B24;
  o[1] = f1 - k1 * B24;
  o[2] = f2 & 0xffffff;
  o[3] = w3 + (f2 >>> 24);
  o[4] = w4;
  o[5] = w5;
  o[6] = w6;
  o[7] = w7;
  o[8] = w8;
  o[9] = w9;
  o[10] = w10 & 0xffff;
}

/** Sets o ≡ a·b (mod p) on lazy 24-bit digits (see LAZY DIGITS in the module doc); o may alias a or b. */
function mulDigits(o: Float64Array, a: Float64Array, b: Float64Array): void {
  const a0 = a[0]!, a1 = a[1]!, a2 = a[2]!, a3 = a[3]!, a4 = a[4]!, a5 = a[5]!, a6 = a[6]!, a7 = a[7]!, a8 = a[8]!, a9 = a[9]!, a10 = a[10]!;
  const b0 = b[0]!, b1 = b[1]!, b2 = b[2]!, b3 = b[3]!, b4 = b[4]!, b5 = b[5]!, b6 = b[6]!, b7 = b[7]!, b8 = b[8]!, b9 = b[9]!, b10 = b[10]!;
  const C0 = a0 * b0;
  const C1 = a0 * b1 + a1 * b0;
  const C2 = a0 * b2 + a1 * b1 + a2 * b0;
  const C3 = a0 * b3 + a1 * b2 + a2 * b1 + a3 * b0;
  const C4 = a0 * b4 + a1 * b3 + a2 * b2 + a3 * b1 + a4 * b0;
  const C5 = a0 * b5 + a1 * b4 + a2 * b3 + a3 * b2 + a4 * b1 + a5 * b0;
  const C6 = a0 * b6 + a1 * b5 + a2 * b4 + a3 * b3 + a4 * b2 + a5 * b1 + a6 * b0;
  const C7 = a0 * b7 + a1 * b6 + a2 * b5 + a3 * b4 + a4 * b3 + a5 * b2 + a6 * b1 + a7 * b0;
  const C8 = a0 * b8 + a1 * b7 + a2 * b6 + a3 * b5 + a4 * b4 + a5 * b3 + a6 * b2 + a7 * b1 + a8 * b0;
  const C9 = a0 * b9 + a1 * b8 + a2 * b7 + a3 * b6 + a4 * b5 + a5 * b4 + a6 * b3 + a7 * b2 + a8 * b1 + a9 * b0;
  const C10 = a0 * b10 + a1 * b9 + a2 * b8 + a3 * b7 + a4 * b6 + a5 * b5 + a6 * b4 + a7 * b3 + a8 * b2 + a9 * b1 + a10 * b0;
  const C11 = a1 * b10 + a2 * b9 + a3 * b8 + a4 * b7 + a5 * b6 + a6 * b5 + a7 * b4 + a8 * b3 + a9 * b2 + a10 * b1;
  const C12 = a2 * b10 + a3 * b9 + a4 * b8 + a5 * b7 + a6 * b6 + a7 * b5 + a8 * b4 + a9 * b3 + a10 * b2;
  const C13 = a3 * b10 + a4 * b9 + a5 * b8 + a6 * b7 + a7 * b6 + a8 * b5 + a9 * b4 + a10 * b3;
  const C14 = a4 * b10 + a5 * b9 + a6 * b8 + a7 * b7 + a8 * b6 + a9 * b5 + a10 * b4;
  const C15 = a5 * b10 + a6 * b9 + a7 * b8 + a8 * b7 + a9 * b6 + a10 * b5;
  const C16 = a6 * b10 + a7 * b9 + a8 * b8 + a9 * b7 + a10 * b6;
  const C17 = a7 * b10 + a8 * b9 + a9 * b8 + a10 * b7;
  const C18 = a8 * b10 + a9 * b9 + a10 * b8;
  const C19 = a9 * b10 + a10 * b9;
  const C20 = a10 * b10;
  // Split columns 10..20 (they feed the fold); q20 = carry out of column 20.
  const q10 = Math.floor(C10 * R24);
  const q11 = Math.floor(C11 * R24);
  const q12 = Math.floor(C12 * R24);
  const q13 = Math.floor(C13 * R24);
  const q14 = Math.floor(C14 * R24);
  const q15 = Math.floor(C15 * R24);
  const q16 = Math.floor(C16 * R24);
  const q17 = Math.floor(C17 * R24);
  const q18 = Math.floor(C18 * R24);
  const q19 = Math.floor(C19 * R24);
  const q20 = Math.floor(C20 * R24);
  const e10 = C10 - q10 * B24;
  const e11 = C11 - q11 * B24 + q10;
  const e12 = C12 - q12 * B24 + q11;
  const e13 = C13 - q13 * B24 + q12;
  const e14 = C14 - q14 * B24 + q13;
  const e15 = C15 - q15 * B24 + q14;
  const e16 = C16 - q16 * B24 + q15;
  const e17 = C17 - q17 * B24 + q16;
  const e18 = C18 - q18 * B24 + q17;
  const e19 = C19 - q19 * B24 + q18;
  const e20 = C20 - q20 * B24 + q19;
  // Fold 2^264 ≡ 2^40 + 250112 = 65536·2^24 + 250112 (mod p).
  const s0 = C0 + 250112 * e11;
  const s1 = C1 + 250112 * e12 + 65536 * e11;
  const s2 = C2 + 250112 * e13 + 65536 * e12;
  const s3 = C3 + 250112 * e14 + 65536 * e13;
  const s4 = C4 + 250112 * e15 + 65536 * e14;
  const s5 = C5 + 250112 * e16 + 65536 * e15;
  const s6 = C6 + 250112 * e17 + 65536 * e16;
  const s7 = C7 + 250112 * e18 + 65536 * e17;
  const s8 = C8 + 250112 * e19 + 65536 * e18;
  const s9 = C9 + 250112 * e20 + 65536 * e19;
  const s10 = e10 + 250112 * q20 + 65536 * e20;
  // One parallel carry pass: digits v < 2^24 + 2^28 (int32), u10·2^264 above them.
  const u0 = Math.floor(s0 * R24);
  const u1 = Math.floor(s1 * R24);
  const u2 = Math.floor(s2 * R24);
  const u3 = Math.floor(s3 * R24);
  const u4 = Math.floor(s4 * R24);
  const u5 = Math.floor(s5 * R24);
  const u6 = Math.floor(s6 * R24);
  const u7 = Math.floor(s7 * R24);
  const u8 = Math.floor(s8 * R24);
  const u9 = Math.floor(s9 * R24);
  const u10 = Math.floor(s10 * R24);
  const v0 = s0 - u0 * B24;
  const v1 = s1 - u1 * B24 + u0;
  const v2 = s2 - u2 * B24 + u1;
  const v3 = s3 - u3 * B24 + u2;
  const v4 = s4 - u4 * B24 + u3;
  const v5 = s5 - u5 * B24 + u4;
  const v6 = s6 - u6 * B24 + u5;
  const v7 = s7 - u7 * B24 + u6;
  const v8 = s8 - u8 * B24 + u7;
  const v9 = s9 - u9 * B24 + u8;
  const v10 = s10 - u10 * B24 + u9;
  // Second parallel pass in int32: digits w < 2^24 + 2^4.1.
  const U0 = v0 >>> 24;
  const U1 = v1 >>> 24;
  const U2 = v2 >>> 24;
  const U3 = v3 >>> 24;
  const U4 = v4 >>> 24;
  const U5 = v5 >>> 24;
  const U6 = v6 >>> 24;
  const U7 = v7 >>> 24;
  const U8 = v8 >>> 24;
  const U9 = v9 >>> 24;
  const U10 = v10 >>> 24;
  const w0 = (v0 & 0xffffff);
  const w1 = (v1 & 0xffffff) + U0;
  const w2 = (v2 & 0xffffff) + U1;
  const w3 = (v3 & 0xffffff) + U2;
  const w4 = (v4 & 0xffffff) + U3;
  const w5 = (v5 & 0xffffff) + U4;
  const w6 = (v6 & 0xffffff) + U5;
  const w7 = (v7 & 0xffffff) + U6;
  const w8 = (v8 & 0xffffff) + U7;
  const w9 = (v9 & 0xffffff) + U8;
  const w10 = (v10 & 0xffffff) + U9;
  // Everything from bit 256 up: X·2^256 ≡ X·(2^32 + 977) = X·977 + 256·X·2^24.
  const X = (w10 >>> 16) + 256 * (65536 * q20 + u10 + U10);
  const f0 = w0 + 977 * X;
  // Lazy output: carry only digits 0 -> 1 -> 2 -> 3, which the fold of X enlarged.
  const k0 = Math.floor(f0 * R24);
  const f1 = w1 + 256 * X + k0;
  const k1 = Math.floor(f1 * R24);
  const f2 = w2 + k1;
  o[0] = f0 - k0 * B24;
  o[1] = f1 - k1 * B24;
  o[2] = f2 & 0xffffff;
  o[3] = w3 + (f2 >>> 24);
  o[4] = w4;
  o[5] = w5;
  o[6] = w6;
  o[7] = w7;
  o[8] = w8;
  o[9] = w9;
  o[10] = w10 & 0xffff;
}
// END GENERATED (FieldVal kernels)

/** Scratch for byte-slice input (module level: no allocation per call). */
const padScratch = new Uint8Array(32);

/**
 * An element of GF(p), p = 2^256 − 2^32 − 977, in ten 26-bit limbs with lazy
 * reduction (see the module doc for the magnitude rules). Mutable: every
 * operation writes the receiver and returns it; receiver and arguments may alias.
 */
export class FieldVal {
  /**
   * The limbs, little-endian radix 2^26: value Σ n[i]·2^(26i). Limbs 0–8 are
   * ≤ m·(2^26 − 1) and limb 9 ≤ m·(2^22 − 1) at magnitude m. Exposed for tests
   * and the curve layer; write it only with values that respect those bounds.
   */
  readonly n: Uint32Array;

  /** Creates the zero element. */
  constructor() {
    this.n = new Uint32Array(10);
  }

  /**
   * Sets this = v (limb copy, magnitude and normalization carry over) and returns this.
   *
   * Preconditions: none. / Output normalized: iff v is. / Output max magnitude: v's.
   */
  set(v: FieldVal): this {
    const o = this.n, a = v.n;
    o[0] = a[0]!; o[1] = a[1]!; o[2] = a[2]!; o[3] = a[3]!; o[4] = a[4]!;
    o[5] = a[5]!; o[6] = a[6]!; o[7] = a[7]!; o[8] = a[8]!; o[9] = a[9]!;
    return this;
  }

  /**
   * Sets v = 0 and returns v.
   *
   * Preconditions: none. / Output normalized: yes. / Output max magnitude: 1.
   */
  setZero(): this {
    const o = this.n;
    o[0] = 0; o[1] = 0; o[2] = 0; o[3] = 0; o[4] = 0; o[5] = 0; o[6] = 0; o[7] = 0; o[8] = 0; o[9] = 0;
    return this;
  }

  /**
   * Sets v = 1 and returns v.
   *
   * Preconditions: none. / Output normalized: yes. / Output max magnitude: 1.
   */
  setOne(): this {
    this.setZero().n[0] = 1;
    return this;
  }

  /**
   * Sets v = k for an integer 0 ≤ k < 2^52 and returns v. A TypeError for a
   * non-number, a RangeError for any other number.
   *
   * Preconditions: none. / Output normalized: yes. / Output max magnitude: 1.
   */
  setInt(k: number): this {
    if (!Number.isInteger(k) || k < 0 || k >= 4503599627370496) {
      expectNumberArg('FieldVal.setInt', k); // a non-number is a TypeError, not a range error
      throw new RangeError(`FieldVal.setInt: expected an integer in [0, 2^52), got ${String(k)}`);
    }
    const n = this.setZero().n;
    n[0] = k % B26;
    n[1] = Math.floor(k / B26);
    return this;
  }

  /**
   * Sets v = the 32-byte big-endian integer b and returns v. A TypeError for a
   * non-Uint8Array, StrataError ERR_BAD_LENGTH unless exactly 32 bytes,
   * StrataError ERR_NON_CANONICAL when b ≥ p (v is then left unchanged).
   *
   * Preconditions: none. / Output normalized: yes. / Output max magnitude: 1.
   */
  setBytes(b: Uint8Array): this {
    expectBytes('FieldVal.setBytes', b, 32);
    unpack(SCRATCH_LIMBS, b, 0);
    if (overP(SCRATCH_LIMBS) === 1) {
      throw new StrataError(ErrorCode.NON_CANONICAL, 'FieldVal.setBytes: expected a canonical encoding (< p), got a value ≥ p');
    }
    this.n.set(SCRATCH_LIMBS);
    return this;
  }

  /**
   * Sets v = the 32-byte big-endian integer at b[offset .. offset + 32) and
   * reports whether it decoded: false (v unspecified) when fewer than 32 bytes
   * follow `offset` or the integer is ≥ p. Never throws for a Uint8Array; a
   * TypeError for a non-Uint8Array b or an offset that is not a non-negative
   * integer.
   *
   * Preconditions: none. / Output normalized: yes (when true). / Output max magnitude: 1.
   */
  trySetBytes(b: Uint8Array, offset = 0): boolean {
    if (!(b instanceof Uint8Array)) throw new TypeError(`FieldVal.trySetBytes: expected Uint8Array, got ${describe(b)}`);
    expectOffset('FieldVal.trySetBytes', offset);
    if (b.length - offset < 32) return false;
    unpack(this.n, b, offset);
    return overP(this.n) === 0;
  }

  /**
   * Sets v = the big-endian integer b (at most 32 bytes, left-padded with
   * zeros) mod p and reports whether b was ≥ p (the input overflowed and was
   * reduced). A TypeError for a non-Uint8Array, StrataError ERR_BAD_LENGTH
   * for more than 32 bytes.
   *
   * Preconditions: none. / Output normalized: yes. / Output max magnitude: 1.
   */
  setBytesReduced(b: Uint8Array): boolean {
    expectBytes('FieldVal.setBytesReduced', b);
    if (b.length === 32) {
      unpack(this.n, b, 0);
      return normalizeLimbs(this.n) === 1;
    }
    if (b.length > 32) {
      throw new StrataError(ErrorCode.BAD_LENGTH, `FieldVal.setBytesReduced: expected at most 32 bytes, got ${b.length}`);
    }
    padScratch.fill(0);
    padScratch.set(b, 32 - b.length);
    unpack(this.n, padScratch, 0);
    return normalizeLimbs(this.n) === 1;
  }

  /**
   * Sets v = the 32-byte big-endian integer b WITHOUT reducing it, and reports
   * whether b ≥ p (dcrd's SetBytes semantics). Errors as `setBytes` (length).
   *
   * Preconditions: none. / Output normalized: iff the result is false. / Output max magnitude: 1.
   */
  setBytesUnreduced(b: Uint8Array): boolean {
    expectBytes('FieldVal.setBytesUnreduced', b, 32);
    unpack(this.n, b, 0);
    return overP(this.n) === 1;
  }

  /**
   * Returns v as 32 big-endian bytes (a new array).
   *
   * Preconditions: normalized.
   */
  bytes(): Uint8Array {
    const out = new Uint8Array(32);
    pack(out, 0, this.n);
    return out;
  }

  /**
   * Writes v as 32 big-endian bytes into out[offset .. offset + 32) and returns
   * out. A TypeError for a non-Uint8Array out or a bad offset, StrataError
   * ERR_BAD_LENGTH when out is too short.
   *
   * Preconditions: normalized.
   */
  putBytes(out: Uint8Array, offset = 0): Uint8Array {
    expectRoom('FieldVal.putBytes', out, offset, 32);
    pack(out, offset, this.n);
    return out;
  }

  /**
   * Reduces v to its canonical form (V mod p, tidy limbs) and returns v.
   * Exact for every limb pattern in [0, 2^32), including values in [p, 2^256).
   *
   * Preconditions: magnitude ≤ 32 (any uint32 limbs work). / Output normalized: yes. / Output max magnitude: 1.
   */
  normalize(): this {
    normalizeLimbs(this.n);
    return this;
  }

  /** Reports whether v = 0. Preconditions: normalized. */
  isZero(): boolean {
    const n = this.n;
    return (n[0]! | n[1]! | n[2]! | n[3]! | n[4]! | n[5]! | n[6]! | n[7]! | n[8]! | n[9]!) === 0;
  }

  /** Reports whether v = 1. Preconditions: normalized. */
  isOne(): boolean {
    const n = this.n;
    return ((n[0]! ^ 1) | n[1]! | n[2]! | n[3]! | n[4]! | n[5]! | n[6]! | n[7]! | n[8]! | n[9]!) === 0;
  }

  /** Reports whether v is odd. Preconditions: normalized. */
  isOdd(): boolean {
    return (this.n[0]! & 1) === 1;
  }

  /** Reports whether v = a. Preconditions: both normalized. */
  equals(a: FieldVal): boolean {
    const x = this.n, y = a.n;
    let d = 0;
    for (let i = 0; i < 10; i++) d |= x[i]! ^ y[i]!;
    return d === 0;
  }

  /**
   * Reports whether v ≥ p − n, n being the group order. ECDSA verification
   * uses it: when it is false, x + n < p, so a signature's r may also stand for
   * the x coordinate r + n and the verifier has to try both.
   *
   * Preconditions: normalized.
   */
  isGtOrEqPrimeMinusOrder(): boolean {
    const a = this.n, b = PMN_LIMBS;
    for (let i = 9; i >= 0; i--) {
      const x = a[i]!, y = b[i]!;
      if (x !== y) return x > y;
    }
    return true;
  }

  /**
   * Sets v = a + b and returns v.
   *
   * Preconditions: magnitude(a) + magnitude(b) ≤ 32. / Output normalized: no. / Output max magnitude: the sum.
   */
  add(a: FieldVal, b: FieldVal): this {
    const o = this.n, x = a.n, y = b.n;
    o[0] = x[0]! + y[0]!; o[1] = x[1]! + y[1]!; o[2] = x[2]! + y[2]!; o[3] = x[3]! + y[3]!;
    o[4] = x[4]! + y[4]!; o[5] = x[5]! + y[5]!; o[6] = x[6]! + y[6]!; o[7] = x[7]! + y[7]!;
    o[8] = x[8]! + y[8]!; o[9] = x[9]! + y[9]!;
    return this;
  }

  /**
   * Sets v = a + k for an integer 0 ≤ k < 2^26 and returns v (RangeError otherwise).
   *
   * Preconditions: magnitude(a) ≤ 31. / Output normalized: no. / Output max magnitude: magnitude(a) + 1.
   */
  addInt(a: FieldVal, k: number): this {
    if (k >>> 0 !== k || k > M26) {
      throw new RangeError(`FieldVal.addInt: expected an integer in [0, 2^26), got ${String(k)}`);
    }
    if (a !== this) this.set(a);
    this.n[0] = this.n[0]! + k;
    return this;
  }

  /**
   * Sets v = k·a for an integer 0 ≤ k ≤ 32 and returns v (RangeError otherwise).
   *
   * Preconditions: k·magnitude(a) ≤ 32. / Output normalized: no. / Output max magnitude: k·magnitude(a).
   */
  mulInt(a: FieldVal, k: number): this {
    if (k >>> 0 !== k || k > FIELD_MAX_MAGNITUDE) {
      throw new RangeError(`FieldVal.mulInt: expected an integer in [0, 32], got ${String(k)}`);
    }
    const o = this.n, x = a.n;
    o[0] = x[0]! * k; o[1] = x[1]! * k; o[2] = x[2]! * k; o[3] = x[3]! * k; o[4] = x[4]! * k;
    o[5] = x[5]! * k; o[6] = x[6]! * k; o[7] = x[7]! * k; o[8] = x[8]! * k; o[9] = x[9]! * k;
    return this;
  }

  /**
   * Sets v = −a (as (m + 1)·p − a) and returns v; `magnitude` is m, a's
   * magnitude (an integer in [0, 31]; RangeError otherwise).
   *
   * Preconditions: magnitude(a) ≤ m ≤ 31. / Output normalized: no. / Output max magnitude: m + 1.
   */
  negate(a: FieldVal, magnitude: number): this {
    if (magnitude >>> 0 !== magnitude || magnitude >= FIELD_MAX_MAGNITUDE) {
      throw new RangeError(`FieldVal.negate: expected a magnitude in [0, 31], got ${String(magnitude)}`);
    }
    const k = magnitude + 1;
    const o = this.n, x = a.n;
    const f = k * M26;
    o[0] = k * P0 - x[0]!;
    o[1] = k * P1 - x[1]!;
    o[2] = f - x[2]!; o[3] = f - x[3]!; o[4] = f - x[4]!; o[5] = f - x[5]!;
    o[6] = f - x[6]!; o[7] = f - x[7]!; o[8] = f - x[8]!;
    o[9] = k * M22 - x[9]!;
    return this;
  }

  /**
   * Sets v = a·b and returns v.
   *
   * Preconditions: magnitudes ≤ 8. / Output normalized: no. / Output max magnitude: 1.
   */
  mul(a: FieldVal, b: FieldVal): this {
    mulLimbs(this.n, a.n, b.n);
    return this;
  }

  /**
   * Sets v = a² and returns v.
   *
   * Preconditions: magnitude(a) ≤ 8. / Output normalized: no. / Output max magnitude: 1.
   */
  square(a: FieldVal): this {
    sqrLimbs(this.n, a.n);
    return this;
  }

  /**
   * Sets v = a⁻¹ (and 0 for 0) and returns v, with a fixed sequence of
   * operations: 600 branch-free Bernstein–Yang divsteps (see safegcd.ts),
   * chosen over the Fermat chain a^(p−2) (255 squarings, 15 multiplications)
   * because the divsteps cost about a quarter of the chain.
   *
   * Preconditions: magnitude(a) ≤ 32. / Output normalized: yes. / Output max magnitude: 1.
   */
  invert(a: FieldVal): this {
    limbsToDigits(INV_DIGITS, T7.set(a).normalize().n);
    inverseDigits(INV_DIGITS, INV_DIGITS, MOD_P, true);
    digitsToLimbs(this.n, INV_DIGITS);
    return this;
  }

  /**
   * Sets v = a⁻¹ (and 0 for 0) and returns v, in variable time (the divsteps
   * stop as soon as the gcd is reached). For public values only.
   *
   * Preconditions: magnitude(a) ≤ 32. / Output normalized: yes. / Output max magnitude: 1.
   */
  invertNonConst(a: FieldVal): this {
    limbsToDigits(INV_DIGITS, T7.set(a).normalize().n);
    inverseDigits(INV_DIGITS, INV_DIGITS, MOD_P, false);
    digitsToLimbs(this.n, INV_DIGITS);
    return this;
  }

  /**
   * Sets v = a^((p+1)/4) and reports whether v² = a (that is, whether a is a
   * square). When a is not a square, v is a square root of −a. Addition chain
   * of [LIBSECP]: 253 squarings and 13 multiplications, all on lazy 24-bit
   * digits (see LAZY DIGITS in the module doc).
   *
   * Preconditions: magnitude(a) ≤ 8. / Output normalized: yes. / Output max magnitude: 1.
   */
  sqrt(a: FieldVal): boolean {
    const orig = T7.set(a).normalize();
    const d = D_A, x2 = D_X2, x3 = D_X3, x22 = D_X22, u = D_U, t = D_T;
    limbsToDigits(d, orig.n);
    // Whole chain on lazy digits: x_k = a^(2^k − 1).
    sqrDigits(x2, d); mulDigits(x2, x2, d);        // x2
    sqrDigits(x3, x2); mulDigits(x3, x3, d);       // x3
    sqrNTo(t, x3, 3); mulDigits(t, t, x3);         // x6
    sqrNTo(t, t, 3); mulDigits(t, t, x3);          // x9
    sqrNTo(t, t, 2); mulDigits(t, t, x2);          // x11
    sqrNTo(x22, t, 11); mulDigits(x22, x22, t);    // x22
    sqrNTo(u, x22, 22); mulDigits(u, u, x22);      // x44
    sqrNTo(t, u, 44); mulDigits(t, t, u);          // x88
    sqrNTo(d, t, 88); mulDigits(d, d, t);          // x176 (d is free now)
    sqrNTo(d, d, 44); mulDigits(d, d, u);          // x220
    sqrNTo(d, d, 3); mulDigits(d, d, x3);          // x223
    // (p + 1)/4 = [223 ones] 0 [22 ones] 0000 1100
    sqrNTo(d, d, 23); mulDigits(d, d, x22);
    sqrNTo(d, d, 6); mulDigits(d, d, x2);
    sqrNTo(d, d, 2);
    lazyDigitsToLimbs(this.n, d);
    normalizeLimbs(this.n);
    return T8.square(this).normalize().equals(orig);
  }

  /** Returns the normalized value as 64 lowercase hex digits (allocates; for debugging and tests). */
  toString(): string {
    const t = new FieldVal().set(this).normalize().bytes();
    let s = '';
    for (let i = 0; i < 32; i++) s += t[i]!.toString(16).padStart(2, '0');
    return s;
  }
}

/** p − n in limbs (for isGtOrEqPrimeMinusOrder). */
const PMN_LIMBS = new Uint32Array(10);
unpack(PMN_LIMBS, P_MINUS_N_BYTES, 0);

/** Limb scratch for the strict decoder (never escapes a call). */
const SCRATCH_LIMBS = new Uint32Array(10);

/**
 * 1 when the tidy limbs of an unpacked 32-byte value (magnitude 1, value < 2^256)
 * stand for a value ≥ p, else 0; branch-free. p's limbs are 2^26 − 977,
 * 2^26 − 65, seven of 2^26 − 1 and 2^22 − 1: the value is ≥ p exactly when
 * limbs 2–9 are all ones and limbs 0–1 reach p's.
 */
function overP(n: Uint32Array): number {
  const eq = ((n[9]! + 1) >>> 22) & (((n[2]! & n[3]! & n[4]! & n[5]! & n[6]! & n[7]! & n[8]!) + 1) >>> 26);
  return eq & ((n[1]! + 64 + ((n[0]! + 977) >>> 26)) >>> 26);
}

/** Module scratch for the exponentiation chains (never escapes a call). */
const T7 = new FieldVal();
const T8 = new FieldVal();

/** Digit scratch for the square-root chain (never escapes a call). */
const D_A = new Float64Array(11);
const D_X2 = new Float64Array(11);
const D_X3 = new Float64Array(11);
const D_X22 = new Float64Array(11);
const D_U = new Float64Array(11);
const D_T = new Float64Array(11);

/** Sets o ≡ a^(2^k) (mod p), k ≥ 1, on lazy digits; o may alias a. */
function sqrNTo(o: Float64Array, a: Float64Array, k: number): void {
  sqrDigits(o, a);
  for (let i = 1; i < k; i++) sqrDigits(o, o);
}

/**
 * Lazy digits (each < 2^24 + 2^21, top < 2^19) -> ten 26-bit limbs of the same
 * value: one exact int32 carry pass (every sum < 2^26), then a repack. Limbs 0–8
 * come out < 2^26 and limb 9 < 2^25 + 2^8 (value < 2^259), inside the domain of
 * normalizeLimbs (any limbs < 2^32), which the caller runs next.
 */
function lazyDigitsToLimbs(o: Uint32Array, d: Float64Array): void {
  let t = d[0]!;
  let c = t >>> 24;
  const e0 = t & 0xffffff;
  t = d[1]! + c; c = t >>> 24; const e1 = t & 0xffffff;
  t = d[2]! + c; c = t >>> 24; const e2 = t & 0xffffff;
  t = d[3]! + c; c = t >>> 24; const e3 = t & 0xffffff;
  t = d[4]! + c; c = t >>> 24; const e4 = t & 0xffffff;
  t = d[5]! + c; c = t >>> 24; const e5 = t & 0xffffff;
  t = d[6]! + c; c = t >>> 24; const e6 = t & 0xffffff;
  t = d[7]! + c; c = t >>> 24; const e7 = t & 0xffffff;
  t = d[8]! + c; c = t >>> 24; const e8 = t & 0xffffff;
  t = d[9]! + c; c = t >>> 24; const e9 = t & 0xffffff;
  const e10 = d[10]! + c;
  o[0] = e0 | ((e1 & 0x3) << 24);
  o[1] = (e1 >>> 2) | ((e2 & 0xf) << 22);
  o[2] = (e2 >>> 4) | ((e3 & 0x3f) << 20);
  o[3] = (e3 >>> 6) | ((e4 & 0xff) << 18);
  o[4] = (e4 >>> 8) | ((e5 & 0x3ff) << 16);
  o[5] = (e5 >>> 10) | ((e6 & 0xfff) << 14);
  o[6] = (e6 >>> 12) | ((e7 & 0x3fff) << 12);
  o[7] = (e7 >>> 14) | ((e8 & 0xffff) << 10);
  o[8] = (e8 >>> 16) | ((e9 & 0x3ffff) << 8);
  o[9] = (e9 >>> 18) + e10 * 64;
}

// ---- Inversion glue: 26-bit limbs <-> 24-bit digits for safegcd.ts ----

/** p for the divstep inverse: 24-bit digits, p⁻¹ mod 2^24, c = 2^256 − p = 2^32 + 977. */
const MOD_P = modulus24(
  [16776239, 16776959, 16777215, 16777215, 16777215, 16777215, 16777215, 16777215, 16777215, 16777215, 65535],
  14338767,
  [977, 256],
);
const INV_DIGITS = new Float64Array(11);

/**
 * 26-bit limbs -> eleven 24-bit digits (shifts and masks, no carries). Tidy limbs
 * give canonical digits; limbs of magnitude ≤ 8 give digits < 2^24 + 2^21 (the
 * multiplication kernels' input bound).
 */
function limbsToDigits(d: Float64Array, x: Uint32Array): void {
  d[0] = x[0]! & 0xffffff;
  for (let j = 1; j < 10; j++) {
    d[j] = (x[j - 1]! >>> (26 - 2 * j)) + ((x[j]! & ((1 << (24 - 2 * j)) - 1)) << (2 * j));
  }
  d[10] = x[9]! >>> 6;
}

/** Eleven 24-bit digits (value < 2^256) -> ten 26-bit limbs. */
function digitsToLimbs(o: Uint32Array, d: Float64Array): void {
  for (let i = 0; i < 10; i++) {
    o[i] = (d[i]! >>> (2 * i)) | ((d[i + 1 < 11 ? i + 1 : 10]! & ((1 << (2 * i + 2)) - 1)) << (24 - 2 * i));
  }
  o[9] = (d[9]! >>> 18) | (d[10]! << 6);
}
