/**
 * secp256k1 scalar field: integers modulo the group order
 * n = 0xFFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFE BAAEDCE6 AF48A03B BFD25E8C D0364141.
 *
 * ## Representation
 *
 * A `ModNScalar` holds sixteen limbs `n[0..15]` (a `Uint32Array`, little-endian,
 * radix 2^16), value Σ n[i]·2^(16i). Unlike `FieldVal` there is no lazy reduction:
 * every method leaves each limb < 2^16 and the value < n (always normalized).
 *
 * ## Multiplication
 *
 * `mul` repacks each operand's sixteen 16-bit limbs into eleven 24-bit digits
 * (three limbs are exactly two digits). A schoolbook column ([HAC] §14.2.2) of at
 * most eleven digit products is < 11·2^48 < 2^51.5, exact in doubles: 121
 * multiplies. Two parallel carry passes turn the 21 columns into digits
 * < 2^24 + 2^5. The 512-bit product is reduced with 2^264 ≡ c' = 256·c (mod n),
 * where c = 2^256 − n < 2^129 and c' < 2^137 has six digits ([HAC] §14.3.4,
 * reduction for moduli of the form 2^t − c): digits 11 and up are multiplied by
 * c' into the low columns (each column < 2^24 + 6·2^48 < 2^50.6), re-split, and
 * the fold repeats three times (value bounds < 2^386, < 2^265, < 2^264 + 2^139;
 * digits are non-negative, so digits beyond those bounds are zero and dropped).
 * The first carry pass of each split uses floor (columns up to 2^51.5), the
 * second runs in int32 (every intermediate digit < 2^28). The bits from 2^256
 * up (H < 2^9) then fold as H·c (v < 2^256 + 2^138 < 2n), a sequential carry
 * pass makes the digits exact, and one conditional subtraction of n — computed
 * as v + c, kept when it reaches 2^256, selected arithmetically — finishes.
 * `square` runs the same kernel (121 multiplies; a dedicated 66-multiply squaring
 * kernel was dropped for bundle size, gen/secp256k1.mjs says why). Why unrolled 24-bit
 * digits: a loop-based 16-bit schoolbook kernel was several times slower, and
 * floor in both carry passes with untrimmed digits measurably slower than the
 * int32 second pass (`pnpm bench --suite field` has the current figures).
 *
 * ## Constant time
 *
 * All methods except `invertNonConst` (which is named for it) run
 * data-independent instruction sequences as far as JavaScript allows (selects
 * and comparisons are arithmetic, loops have fixed counts; `invert` is 600
 * branch-free divsteps, see safegcd.ts); engines make no timing promises.
 *
 * References:
 * - [SEC2] Standards for Efficient Cryptography 2, v2.0, §2.4.1 (the order n).
 * - [HAC] Handbook of Applied Cryptography, §14.2.2 (multiplication), §14.3.4
 *   (reduction for moduli of the form 2^t − c).
 * - [DCRD] decred/dcrd dcrec/secp256k1 modnscalar.go (API and semantics,
 *   mul512Rsh320Round for the GLV split).
 * - [BY19] Bernstein, Yang: Fast constant-time gcd computation and modular
 *   inversion, TCHES 2019 (the divstep inverse, in safegcd.ts).
 * - [GLV] Gallant, Lambert, Vanstone: Faster point multiplication on elliptic
 *   curves with efficient endomorphisms, CRYPTO 2001.
 */
import { hexToBytes } from '../bytes.js';
import { ErrorCode, StrataError, describe, expectBytes } from '../errors.js';
import { expectNumberArg, expectOffset, expectRoom } from '../options.js';
import { inverseDigits, modulus24 } from './safegcd.js';
// The multiplication kernels (mulModN, mulRsh320Round) are unrolled straight-line code written by
// packages/field/gen/secp256k1.mjs (`pnpm gen`); the module doc above gives their bounds.
import { mulModN, mulRsh320Round } from './scalar-kernels.generated.js';

const M16 = 0xffff;
const B16 = 65536;

/** n in 16-bit limbs, little-endian. */
const N = new Uint32Array([16705, 53302, 24204, 49106, 41019, 44872, 56550, 47790, 65534, 65535, 65535, 65535, 65535, 65535, 65535, 65535]);
/** (n − 1)/2 in 16-bit limbs, little-endian. */
const HALF_N = new Uint32Array([8352, 26651, 12102, 57321, 20509, 22436, 28275, 23895, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 32767]);
/** c = 2^256 − n (129 bits) in sixteen 16-bit limbs, little-endian. */
const C16 = new Uint32Array([48831, 12233, 41331, 16429, 24516, 20663, 8985, 17745, 1, 0, 0, 0, 0, 0, 0, 0]);
/** add's second candidate (module scratch). */
const ADD_T = new Uint32Array(16);

const N_BYTES = hexToBytes('fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141');

/** Returns the group order n as 32 big-endian bytes (a fresh copy). */
export function secp256k1OrderBytes(): Uint8Array {
  return N_BYTES.slice();
}

/** Scratch for byte-slice input (module level; never escapes a call). */
const padScratch = new Uint8Array(32);

/**
 * 1 when the 32 big-endian bytes at b[off] encode a value ≥ n, else 0: the
 * carry out of value + c (c = 2^256 − n), computed without branches.
 */
function overN(b: Uint8Array, off: number): number {
  let ct = 0;
  for (let i = 0; i < 16; i++) {
    const v = b[off + 31 - 2 * i]! | (b[off + 30 - 2 * i]! << 8);
    ct = (v + C16[i]! + ct) >>> 16;
  }
  return ct;
}

/**
 * An integer modulo the secp256k1 group order n, as sixteen 16-bit limbs,
 * always fully reduced. Mutable: operations write the receiver and return it;
 * receiver and arguments may alias.
 */
export class ModNScalar {
  /**
   * The limbs, little-endian radix 2^16 (each < 2^16, value < n). Read-only by
   * contract: exposed for the curve layer (window/NAF recoding) and tests.
   */
  readonly n: Uint32Array;

  /** Creates the scalar 0. */
  constructor() {
    this.n = new Uint32Array(16);
  }

  /** Sets v = a and returns v. */
  set(a: ModNScalar): this {
    const o = this.n, x = a.n;
    for (let i = 0; i < 16; i++) o[i] = x[i]!;
    return this;
  }

  /** Sets v = 0 and returns v. */
  setZero(): this {
    const o = this.n;
    for (let i = 0; i < 16; i++) o[i] = 0;
    return this;
  }

  /** Sets v = 1 and returns v. */
  setOne(): this {
    this.setZero().n[0] = 1;
    return this;
  }

  /**
   * Sets v = k for an integer 0 ≤ k < 2^48 and returns v. A non-number
   * throws TypeError; a number outside that range (or not an integer) RangeError.
   */
  setInt(k: number): this {
    if (!Number.isInteger(k) || k < 0 || k >= 281474976710656) {
      expectNumberArg('ModNScalar.setInt', k); // a non-number is a TypeError, not a range error
      throw new RangeError(`ModNScalar.setInt: expected an integer in [0, 2^48), got ${String(k)}`);
    }
    const n = this.setZero().n;
    n[0] = k % B16;
    n[1] = Math.floor(k / B16) % B16;
    n[2] = Math.floor(k / 4294967296);
    return this;
  }

  /**
   * Sets v = the 32-byte big-endian integer b and returns v. A TypeError for a
   * non-Uint8Array, StrataError ERR_BAD_LENGTH unless exactly 32 bytes,
   * StrataError ERR_NON_CANONICAL when b ≥ n (v is then left unchanged).
   */
  setBytes(b: Uint8Array): this {
    expectBytes('ModNScalar.setBytes', b, 32);
    if (overN(b, 0) === 1) {
      throw new StrataError(ErrorCode.NON_CANONICAL, 'ModNScalar.setBytes: expected a canonical encoding (< n), got a value ≥ n');
    }
    this.setBytesAt(b, 0);
    return this;
  }

  /**
   * Sets v = the 32-byte big-endian integer at b[offset .. offset + 32) and
   * reports whether it decoded: false (v unspecified) when fewer than 32 bytes
   * follow `offset` or the integer is ≥ n. Never throws for a Uint8Array; a
   * TypeError for a non-Uint8Array b or an offset that is not a non-negative
   * integer.
   */
  trySetBytes(b: Uint8Array, offset = 0): boolean {
    if (!(b instanceof Uint8Array)) throw new TypeError(`ModNScalar.trySetBytes: expected Uint8Array, got ${describe(b)}`);
    expectOffset('ModNScalar.trySetBytes', offset);
    if (b.length - offset < 32) return false;
    return !this.setBytesAt(b, offset);
  }

  /**
   * Sets v = the big-endian integer b (at most 32 bytes, left-padded with
   * zeros) mod n and reports whether b was ≥ n (the input overflowed and was
   * reduced). A TypeError for a non-Uint8Array, StrataError ERR_BAD_LENGTH for
   * more than 32 bytes.
   */
  setBytesReduced(b: Uint8Array): boolean {
    expectBytes('ModNScalar.setBytesReduced', b);
    if (b.length === 32) return this.setBytesAt(b, 0);
    if (b.length > 32) {
      throw new StrataError(ErrorCode.BAD_LENGTH, `ModNScalar.setBytesReduced: expected at most 32 bytes, got ${b.length}`);
    }
    padScratch.fill(0);
    padScratch.set(b, 32 - b.length);
    return this.setBytesAt(padScratch, 0);
  }

  /** Loads 32 bytes at b[off] (already validated) and reduces once; returns the overflow. */
  private setBytesAt(b: Uint8Array, off: number): boolean {
    const n = this.n, t = ADD_T;
    // value < 2^256 < 2n: subtract n once when value + c ≥ 2^256 (value ≥ n).
    let ct = 0;
    for (let i = 0; i < 16; i++) {
      const v = b[off + 31 - 2 * i]! | (b[off + 30 - 2 * i]! << 8);
      n[i] = v;
      const u = v + C16[i]! + ct;
      ct = u >>> 16;
      t[i] = u & M16;
    }
    const mask = -ct;
    for (let k = 0; k < 16; k++) n[k] = (n[k]! & ~mask) | (t[k]! & mask);
    return ct === 1;
  }

  /** Returns v as 32 big-endian bytes (a new array). */
  toBytes(): Uint8Array {
    const out = new Uint8Array(32);
    this.putBytesUnchecked(out, 0);
    return out;
  }

  /**
   * Writes v as 32 big-endian bytes into out[offset .. offset + 32) and returns
   * out. A TypeError for a non-Uint8Array or a bad offset, StrataError
   * ERR_BAD_LENGTH when out is too short.
   */
  putBytes(out: Uint8Array, offset = 0): Uint8Array {
    expectRoom('ModNScalar.putBytes', out, offset, 32);
    this.putBytesUnchecked(out, offset);
    return out;
  }

  private putBytesUnchecked(out: Uint8Array, off: number): void {
    const n = this.n;
    for (let i = 0; i < 16; i++) {
      const v = n[i]!;
      out[off + 31 - 2 * i] = v;
      out[off + 30 - 2 * i] = v >>> 8;
    }
  }

  /**
   * Returns bits [pos, pos + count) of v as a number, for 1 ≤ count ≤ 16
   * and 0 ≤ pos < 256 (bits past 255 read as 0). For window and NAF recoding.
   */
  getBits(pos: number, count: number): number {
    const i = pos >>> 4;
    const sh = pos & 15;
    const lo = i < 16 ? this.n[i]! : 0;
    const hi = i + 1 < 16 ? this.n[i + 1]! : 0;
    return ((lo | (hi << 16)) >>> sh) & ((1 << count) - 1);
  }

  /** Reports whether v = 0. */
  isZero(): boolean {
    let d = 0;
    for (let i = 0; i < 16; i++) d |= this.n[i]!;
    return d === 0;
  }

  /** Reports whether v = 1. */
  isOne(): boolean {
    let d = this.n[0]! ^ 1;
    for (let i = 1; i < 16; i++) d |= this.n[i]!;
    return d === 0;
  }

  /** Reports whether v is odd. */
  isOdd(): boolean {
    return (this.n[0]! & 1) === 1;
  }

  /** Reports whether v = a. */
  equals(a: ModNScalar): boolean {
    let d = 0;
    for (let i = 0; i < 16; i++) d |= this.n[i]! ^ a.n[i]!;
    return d === 0;
  }

  /** Reports whether v > (n − 1)/2 (a "high" s in ECDSA terms). */
  isOverHalfOrder(): boolean {
    // (n − 1)/2 − this borrows exactly when this > (n − 1)/2; no early exit.
    let borrow = 0;
    for (let i = 0; i < 16; i++) borrow = ((HALF_N[i]! - this.n[i]! - borrow) >> 31) & 1;
    return borrow === 1;
  }

  /** Sets v = a + b (mod n) and returns v. */
  add(a: ModNScalar, b: ModNScalar): this {
    const x = a.n, y = b.n, o = this.n, t = ADD_T;
    // s = a + b (< 2n), then t = s + c; keep t mod 2^256 when s + c ≥ 2^256 (s ≥ n).
    let cs = 0, ct = 0;
    for (let k = 0; k < 16; k++) {
      const s = x[k]! + y[k]! + cs;
      cs = s >>> 16;
      const u = (s & M16) + C16[k]! + ct;
      ct = u >>> 16;
      o[k] = s & M16;
      t[k] = u & M16;
    }
    const mask = -(cs | ct); // all ones when s ≥ n
    for (let k = 0; k < 16; k++) o[k] = (o[k]! & ~mask) | (t[k]! & mask);
    return this;
  }

  /** Sets v = a·b (mod n) and returns v. */
  mul(a: ModNScalar, b: ModNScalar): this {
    mulModN(this.n, a.n, b.n);
    return this;
  }

  /**
   * Sets v = a² (mod n) and returns v. Runs the multiplication kernel (no separate squaring
   * kernel: its 7 KB of unrolled code in every bundle bought speed for an operation no hot path
   * uses; see gen/secp256k1.mjs).
   */
  square(a: ModNScalar): this {
    mulModN(this.n, a.n, a.n);
    return this;
  }

  /** Sets v = −a (mod n), that is n − a for a ≠ 0 and 0 for 0, and returns v. */
  negate(x: ModNScalar): this {
    const a = x.n, o = this.n;
    let nz = 0;
    for (let k = 0; k < 16; k++) nz |= a[k]!;
    const mask = -((nz + M16) >>> 16) & M16; // 0 for a zero input (→ 0), else all ones
    let borrow = 0;
    for (let k = 0; k < 16; k++) {
      const t = N[k]! - a[k]! - borrow;
      borrow = (t >> 31) & 1;
      o[k] = t & mask;
    }
    return this;
  }

  /**
   * Sets v = round(a·b / 2^320) and returns v (rounding half up, by bit 319).
   * The GLV scalar split computes c = round(k·g / 2^320) with g ≈ 2^320·b/n ([DCRD]
   * mul512Rsh320Round). The result is < 2^192 + 1, so always reduced.
   */
  mul512Rsh320Round(a: ModNScalar, b: ModNScalar): this {
    mulRsh320Round(this.n, a.n, b.n);
    return this;
  }

  /**
   * Sets v = a⁻¹ (mod n; 0 for 0) and returns v, with a fixed sequence of
   * operations: 25 batches of 24 branch-free Bernstein–Yang divsteps (600 ≥ 591,
   * the bound for 256-bit moduli of the half-delta variant, see safegcd.ts),
   * whatever the input. For secrets (signing nonces); JavaScript engines make no
   * timing promises, so this is a best effort.
   */
  invert(a: ModNScalar): this {
    limbsToDigits(INV_IN, a.n);
    inverseDigits(INV_OUT, INV_IN, MOD_N, true);
    digitsToLimbs(this.n, INV_OUT);
    return this;
  }

  /**
   * Sets v = a⁻¹ (mod n; 0 for 0) and returns v, in variable time (the divsteps
   * stop as soon as the gcd is reached). Use only on public values (signature
   * verification), never on secrets.
   */
  invertNonConst(a: ModNScalar): this {
    limbsToDigits(INV_IN, a.n);
    inverseDigits(INV_OUT, INV_IN, MOD_N, false);
    digitsToLimbs(this.n, INV_OUT);
    return this;
  }

  /** Returns v as 64 lowercase hex digits (allocates; for debugging and tests). */
  toString(): string {
    const b = this.toBytes();
    let s = '';
    for (let i = 0; i < 32; i++) s += b[i]!.toString(16).padStart(2, '0');
    return s;
  }
}

// ---- Inversion glue: 16-bit limbs <-> 24-bit digits for safegcd.ts ----

/** n for the divstep inverse: 24-bit digits, n⁻¹ mod 2^24, and c = 2^256 − n. */
const MOD_N = modulus24(
  [3555649, 6196432, 3915730, 11487392, 11459814, 16776890, 16777215, 16777215, 16777215, 16777215, 65535],
  7818945,
  [13221567, 10580783, 12861485, 5289823, 5317401, 325],
);
const INV_IN = new Float64Array(11);
const INV_OUT = new Float64Array(11);

/** Sixteen 16-bit limbs -> eleven 24-bit digits (three limbs = two digits). */
function limbsToDigits(d: Float64Array, l: Uint32Array): void {
  for (let i = 0; i < 5; i++) {
    const a = l[3 * i]!, b = l[3 * i + 1]!, c = l[3 * i + 2]!;
    d[2 * i] = a | ((b & 0xff) << 16);
    d[2 * i + 1] = (b >>> 8) | (c << 8);
  }
  d[10] = l[15]!;
}

/** Eleven 24-bit digits (value < 2^256) -> sixteen 16-bit limbs. */
function digitsToLimbs(o: Uint32Array, d: Float64Array): void {
  for (let i = 0; i < 5; i++) {
    const a = d[2 * i]!, b = d[2 * i + 1]!;
    o[3 * i] = a & 0xffff;
    o[3 * i + 1] = (a >>> 16) | ((b & 0xff) << 8);
    o[3 * i + 2] = b >>> 8;
  }
  o[15] = d[10]!;
}
