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
// The product kernels (mulLimbs, sqrLimbs, sqrDigits, mulDigits) are unrolled straight-line code
// written by packages/field/gen/secp256k1.mjs (`pnpm gen`), and so is the square-root chain
// powSqrtDigits (from the chain in gen/fields/secp256k1.mjs, which the WebAssembly kernels run
// too); the module doc above proves their bounds.
// The final reduction normalizeLimbs is printed by gen/secp256k1-linear.mjs, from the same text as
// the WebAssembly normalize. add, mulInt and negate stay written here (their WebAssembly forms are
// generated): as methods whose body is the limb loop, V8 inlines them into the point formulas; a
// method that calls a generated function of ~200 bytecodes adds a level of inlining that V8's
// budget cuts short in a formula of several field operations (measured: two adds in a row 19 %
// slower, a formula-like mix 3–7 %), so here the target, not the algorithm, decides the form.
import { mulLimbs, normalizeLimbs, powSqrtDigits, sqrLimbs } from './field-kernels.generated.js';

const M26 = 0x3ffffff;
const M22 = 0x3fffff;
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
  toBytes(): Uint8Array {
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
    const d = D_A;
    limbsToDigits(d, orig.n);
    // The whole chain on lazy digits (generated from the field's description).
    powSqrtDigits(d, D_S0, D_S1, D_S2, D_S3, D_S4);
    lazyDigitsToLimbs(this.n, d);
    normalizeLimbs(this.n);
    return T8.square(this).normalize().equals(orig);
  }

  /** Returns the normalized value as 64 lowercase hex digits (allocates; for debugging and tests). */
  toString(): string {
    const t = new FieldVal().set(this).normalize().toBytes();
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
const D_S0 = new Float64Array(11);
const D_S1 = new Float64Array(11);
const D_S2 = new Float64Array(11);
const D_S3 = new Float64Array(11);
const D_S4 = new Float64Array(11);

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
