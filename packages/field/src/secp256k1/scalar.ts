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

const M16 = 0xffff;
const B16 = 65536;
const B24 = 16777216;
const R24 = 1 / 16777216;

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
  bytes(): Uint8Array {
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
    const b = this.bytes();
    let s = '';
    for (let i = 0; i < 32; i++) s += b[i]!.toString(16).padStart(2, '0');
    return s;
  }
}

// ---- Multiplication kernels: unrolled straight-line code from packages/field/gen/secp256k1.mjs
// (`pnpm gen`); the module doc gives the bounds. ----

// BEGIN GENERATED (ModNScalar mul/square kernels)
// Code generated by `pnpm gen` (packages/field/gen/secp256k1.mjs). DO NOT EDIT.
/** Sets o = a·b mod n (16-bit limbs in and out); o may alias a or b (a square is mulModN(o, a, a)). */
function mulModN(o: Uint32Array, a: Uint32Array, b: Uint32Array): void {
  const al0 = a[0]!, al1 = a[1]!, al2 = a[2]!, al3 = a[3]!, al4 = a[4]!, al5 = a[5]!, al6 = a[6]!, al7 = a[7]!, al8 = a[8]!, al9 = a[9]!, al10 = a[10]!, al11 = a[11]!, al12 = a[12]!, al13 = a[13]!, al14 = a[14]!, al15 = a[15]!;
  const d0 = al0 | ((al1 & 0xff) << 16), d1 = (al1 >>> 8) | (al2 << 8);
  const d2 = al3 | ((al4 & 0xff) << 16), d3 = (al4 >>> 8) | (al5 << 8);
  const d4 = al6 | ((al7 & 0xff) << 16), d5 = (al7 >>> 8) | (al8 << 8);
  const d6 = al9 | ((al10 & 0xff) << 16), d7 = (al10 >>> 8) | (al11 << 8);
  const d8 = al12 | ((al13 & 0xff) << 16), d9 = (al13 >>> 8) | (al14 << 8);
  const bl0 = b[0]!, bl1 = b[1]!, bl2 = b[2]!, bl3 = b[3]!, bl4 = b[4]!, bl5 = b[5]!, bl6 = b[6]!, bl7 = b[7]!, bl8 = b[8]!, bl9 = b[9]!, bl10 = b[10]!, bl11 = b[11]!, bl12 = b[12]!, bl13 = b[13]!, bl14 = b[14]!, bl15 = b[15]!;
  const d10 = bl0 | ((bl1 & 0xff) << 16), d11 = (bl1 >>> 8) | (bl2 << 8);
  const d12 = bl3 | ((bl4 & 0xff) << 16), d13 = (bl4 >>> 8) | (bl5 << 8);
  const d14 = bl6 | ((bl7 & 0xff) << 16), d15 = (bl7 >>> 8) | (bl8 << 8);
  const d16 = bl9 | ((bl10 & 0xff) << 16), d17 = (bl10 >>> 8) | (bl11 << 8);
  const d18 = bl12 | ((bl13 & 0xff) << 16), d19 = (bl13 >>> 8) | (bl14 << 8);
  const C20 = d0 * d10;
  const C21 = d0 * d11 + d1 * d10;
  const C22 = d0 * d12 + d1 * d11 + d2 * d10;
  const C23 = d0 * d13 + d1 * d12 + d2 * d11 + d3 * d10;
  const C24 = d0 * d14 + d1 * d13 + d2 * d12 + d3 * d11 + d4 * d10;
  const C25 = d0 * d15 + d1 * d14 + d2 * d13 + d3 * d12 + d4 * d11 + d5 * d10;
  const C26 = d0 * d16 + d1 * d15 + d2 * d14 + d3 * d13 + d4 * d12 + d5 * d11 + d6 * d10;
  const C27 = d0 * d17 + d1 * d16 + d2 * d15 + d3 * d14 + d4 * d13 + d5 * d12 + d6 * d11 + d7 * d10;
  const C28 = d0 * d18 + d1 * d17 + d2 * d16 + d3 * d15 + d4 * d14 + d5 * d13 + d6 * d12 + d7 * d11 + d8 * d10;
  const C29 = d0 * d19 + d1 * d18 + d2 * d17 + d3 * d16 + d4 * d15 + d5 * d14 + d6 * d13 + d7 * d12 + d8 * d11 + d9 * d10;
  const C30 = d0 * bl15 + d1 * d19 + d2 * d18 + d3 * d17 + d4 * d16 + d5 * d15 + d6 * d14 + d7 * d13 + d8 * d12 + d9 * d11 + al15 * d10;
  const C31 = d1 * bl15 + d2 * d19 + d3 * d18 + d4 * d17 + d5 * d16 + d6 * d15 + d7 * d14 + d8 * d13 + d9 * d12 + al15 * d11;
  const C32 = d2 * bl15 + d3 * d19 + d4 * d18 + d5 * d17 + d6 * d16 + d7 * d15 + d8 * d14 + d9 * d13 + al15 * d12;
  const C33 = d3 * bl15 + d4 * d19 + d5 * d18 + d6 * d17 + d7 * d16 + d8 * d15 + d9 * d14 + al15 * d13;
  const C34 = d4 * bl15 + d5 * d19 + d6 * d18 + d7 * d17 + d8 * d16 + d9 * d15 + al15 * d14;
  const C35 = d5 * bl15 + d6 * d19 + d7 * d18 + d8 * d17 + d9 * d16 + al15 * d15;
  const C36 = d6 * bl15 + d7 * d19 + d8 * d18 + d9 * d17 + al15 * d16;
  const C37 = d7 * bl15 + d8 * d19 + d9 * d18 + al15 * d17;
  const C38 = d8 * bl15 + d9 * d19 + al15 * d18;
  const C39 = d9 * bl15 + al15 * d19;
  const C40 = al15 * bl15;
  // 512-bit product -> digits
  let c = 0;
  const q41 = Math.floor(C20 * R24);
  const q42 = Math.floor(C21 * R24);
  const q43 = Math.floor(C22 * R24);
  const q44 = Math.floor(C23 * R24);
  const q45 = Math.floor(C24 * R24);
  const q46 = Math.floor(C25 * R24);
  const q47 = Math.floor(C26 * R24);
  const q48 = Math.floor(C27 * R24);
  const q49 = Math.floor(C28 * R24);
  const q50 = Math.floor(C29 * R24);
  const q51 = Math.floor(C30 * R24);
  const q52 = Math.floor(C31 * R24);
  const q53 = Math.floor(C32 * R24);
  const q54 = Math.floor(C33 * R24);
  const q55 = Math.floor(C34 * R24);
  const q56 = Math.floor(C35 * R24);
  const q57 = Math.floor(C36 * R24);
  const q58 = Math.floor(C37 * R24);
  const q59 = Math.floor(C38 * R24);
  const q60 = Math.floor(C39 * R24);
  const q61 = Math.floor(C40 * R24);
  const y62 = C20 - q41 * B24;
  const y63 = C21 - q42 * B24 + q41;
  const y64 = C22 - q43 * B24 + q42;
  const y65 = C23 - q44 * B24 + q43;
  const y66 = C24 - q45 * B24 + q44;
  const y67 = C25 - q46 * B24 + q45;
  const y68 = C26 - q47 * B24 + q46;
  const y69 = C27 - q48 * B24 + q47;
  const y70 = C28 - q49 * B24 + q48;
  const y71 = C29 - q50 * B24 + q49;
  const y72 = C30 - q51 * B24 + q50;
  const y73 = C31 - q52 * B24 + q51;
  const y74 = C32 - q53 * B24 + q52;
  const y75 = C33 - q54 * B24 + q53;
  const y76 = C34 - q55 * B24 + q54;
  const y77 = C35 - q56 * B24 + q55;
  const y78 = C36 - q57 * B24 + q56;
  const y79 = C37 - q58 * B24 + q57;
  const y80 = C38 - q59 * B24 + q58;
  const y81 = C39 - q60 * B24 + q59;
  const y82 = C40 - q61 * B24 + q60;
  const Q83 = y62 >>> 24;
  const Q84 = y63 >>> 24;
  const Q85 = y64 >>> 24;
  const Q86 = y65 >>> 24;
  const Q87 = y66 >>> 24;
  const Q88 = y67 >>> 24;
  const Q89 = y68 >>> 24;
  const Q90 = y69 >>> 24;
  const Q91 = y70 >>> 24;
  const Q92 = y71 >>> 24;
  const Q93 = y72 >>> 24;
  const Q94 = y73 >>> 24;
  const Q95 = y74 >>> 24;
  const Q96 = y75 >>> 24;
  const Q97 = y76 >>> 24;
  const Q98 = y77 >>> 24;
  const Q99 = y78 >>> 24;
  const Q100 = y79 >>> 24;
  const Q101 = y80 >>> 24;
  const Q102 = y81 >>> 24;
  const Q103 = y82 >>> 24;
  const z104 = (y62 & 0xffffff);
  const z105 = (y63 & 0xffffff) + Q83;
  const z106 = (y64 & 0xffffff) + Q84;
  const z107 = (y65 & 0xffffff) + Q85;
  const z108 = (y66 & 0xffffff) + Q86;
  const z109 = (y67 & 0xffffff) + Q87;
  const z110 = (y68 & 0xffffff) + Q88;
  const z111 = (y69 & 0xffffff) + Q89;
  const z112 = (y70 & 0xffffff) + Q90;
  const z113 = (y71 & 0xffffff) + Q91;
  const z114 = (y72 & 0xffffff) + Q92;
  const z115 = (y73 & 0xffffff) + Q93;
  const z116 = (y74 & 0xffffff) + Q94;
  const z117 = (y75 & 0xffffff) + Q95;
  const z118 = (y76 & 0xffffff) + Q96;
  const z119 = (y77 & 0xffffff) + Q97;
  const z120 = (y78 & 0xffffff) + Q98;
  const z121 = (y79 & 0xffffff) + Q99;
  const z122 = (y80 & 0xffffff) + Q100;
  const z123 = (y81 & 0xffffff) + Q101;
  const z124 = (y82 & 0xffffff) + Q102;
  const z125 = q61 + Q103;
  // three folds of 2^264 ≡ 256·c (mod n)
  const F126 = z104 + 12500736 * z115;
  const F127 = z105 + 7548873 * z115 + 12500736 * z116;
  const F128 = z106 + 4205985 * z115 + 7548873 * z116 + 12500736 * z117;
  const F129 = z107 + 12017604 * z115 + 4205985 * z116 + 7548873 * z117 + 12500736 * z118;
  const F130 = z108 + 2300240 * z115 + 12017604 * z116 + 4205985 * z117 + 7548873 * z118 + 12500736 * z119;
  const F131 = z109 + 83281 * z115 + 2300240 * z116 + 12017604 * z117 + 4205985 * z118 + 7548873 * z119 + 12500736 * z120;
  const F132 = z110 + 83281 * z116 + 2300240 * z117 + 12017604 * z118 + 4205985 * z119 + 7548873 * z120 + 12500736 * z121;
  const F133 = z111 + 83281 * z117 + 2300240 * z118 + 12017604 * z119 + 4205985 * z120 + 7548873 * z121 + 12500736 * z122;
  const F134 = z112 + 83281 * z118 + 2300240 * z119 + 12017604 * z120 + 4205985 * z121 + 7548873 * z122 + 12500736 * z123;
  const F135 = z113 + 83281 * z119 + 2300240 * z120 + 12017604 * z121 + 4205985 * z122 + 7548873 * z123 + 12500736 * z124;
  const F136 = z114 + 83281 * z120 + 2300240 * z121 + 12017604 * z122 + 4205985 * z123 + 7548873 * z124 + 12500736 * z125;
  const F137 = 83281 * z121 + 2300240 * z122 + 12017604 * z123 + 4205985 * z124 + 7548873 * z125;
  const F138 = 83281 * z122 + 2300240 * z123 + 12017604 * z124 + 4205985 * z125;
  const F139 = 83281 * z123 + 2300240 * z124 + 12017604 * z125;
  const F140 = 83281 * z124 + 2300240 * z125;
  const F141 = 83281 * z125;
  const q142 = Math.floor(F126 * R24);
  const q143 = Math.floor(F127 * R24);
  const q144 = Math.floor(F128 * R24);
  const q145 = Math.floor(F129 * R24);
  const q146 = Math.floor(F130 * R24);
  const q147 = Math.floor(F131 * R24);
  const q148 = Math.floor(F132 * R24);
  const q149 = Math.floor(F133 * R24);
  const q150 = Math.floor(F134 * R24);
  const q151 = Math.floor(F135 * R24);
  const q152 = Math.floor(F136 * R24);
  const q153 = Math.floor(F137 * R24);
  const q154 = Math.floor(F138 * R24);
  const q155 = Math.floor(F139 * R24);
  const q156 = Math.floor(F140 * R24);
  const q157 = Math.floor(F141 * R24);
  const y158 = F126 - q142 * B24;
  const y159 = F127 - q143 * B24 + q142;
  const y160 = F128 - q144 * B24 + q143;
  const y161 = F129 - q145 * B24 + q144;
  const y162 = F130 - q146 * B24 + q145;
  const y163 = F131 - q147 * B24 + q146;
  const y164 = F132 - q148 * B24 + q147;
  const y165 = F133 - q149 * B24 + q148;
  const y166 = F134 - q150 * B24 + q149;
  const y167 = F135 - q151 * B24 + q150;
  const y168 = F136 - q152 * B24 + q151;
  const y169 = F137 - q153 * B24 + q152;
  const y170 = F138 - q154 * B24 + q153;
  const y171 = F139 - q155 * B24 + q154;
  const y172 = F140 - q156 * B24 + q155;
  const y173 = F141 - q157 * B24 + q156;
  const Q174 = y158 >>> 24;
  const Q175 = y159 >>> 24;
  const Q176 = y160 >>> 24;
  const Q177 = y161 >>> 24;
  const Q178 = y162 >>> 24;
  const Q179 = y163 >>> 24;
  const Q180 = y164 >>> 24;
  const Q181 = y165 >>> 24;
  const Q182 = y166 >>> 24;
  const Q183 = y167 >>> 24;
  const Q184 = y168 >>> 24;
  const Q185 = y169 >>> 24;
  const Q186 = y170 >>> 24;
  const Q187 = y171 >>> 24;
  const Q188 = y172 >>> 24;
  const Q189 = y173 >>> 24;
  const z190 = (y158 & 0xffffff);
  const z191 = (y159 & 0xffffff) + Q174;
  const z192 = (y160 & 0xffffff) + Q175;
  const z193 = (y161 & 0xffffff) + Q176;
  const z194 = (y162 & 0xffffff) + Q177;
  const z195 = (y163 & 0xffffff) + Q178;
  const z196 = (y164 & 0xffffff) + Q179;
  const z197 = (y165 & 0xffffff) + Q180;
  const z198 = (y166 & 0xffffff) + Q181;
  const z199 = (y167 & 0xffffff) + Q182;
  const z200 = (y168 & 0xffffff) + Q183;
  const z201 = (y169 & 0xffffff) + Q184;
  const z202 = (y170 & 0xffffff) + Q185;
  const z203 = (y171 & 0xffffff) + Q186;
  const z204 = (y172 & 0xffffff) + Q187;
  const z205 = (y173 & 0xffffff) + Q188;
  const z206 = q157 + Q189;
  const F207 = z190 + 12500736 * z201;
  const F208 = z191 + 7548873 * z201 + 12500736 * z202;
  const F209 = z192 + 4205985 * z201 + 7548873 * z202 + 12500736 * z203;
  const F210 = z193 + 12017604 * z201 + 4205985 * z202 + 7548873 * z203 + 12500736 * z204;
  const F211 = z194 + 2300240 * z201 + 12017604 * z202 + 4205985 * z203 + 7548873 * z204 + 12500736 * z205;
  const F212 = z195 + 83281 * z201 + 2300240 * z202 + 12017604 * z203 + 4205985 * z204 + 7548873 * z205 + 12500736 * z206;
  const F213 = z196 + 83281 * z202 + 2300240 * z203 + 12017604 * z204 + 4205985 * z205 + 7548873 * z206;
  const F214 = z197 + 83281 * z203 + 2300240 * z204 + 12017604 * z205 + 4205985 * z206;
  const F215 = z198 + 83281 * z204 + 2300240 * z205 + 12017604 * z206;
  const F216 = z199 + 83281 * z205 + 2300240 * z206;
  const F217 = z200 + 83281 * z206;
  const q218 = Math.floor(F207 * R24);
  const q219 = Math.floor(F208 * R24);
  const q220 = Math.floor(F209 * R24);
  const q221 = Math.floor(F210 * R24);
  const q222 = Math.floor(F211 * R24);
  const q223 = Math.floor(F212 * R24);
  const q224 = Math.floor(F213 * R24);
  const q225 = Math.floor(F214 * R24);
  const q226 = Math.floor(F215 * R24);
  const q227 = Math.floor(F216 * R24);
  const q228 = Math.floor(F217 * R24);
  const y229 = F207 - q218 * B24;
  const y230 = F208 - q219 * B24 + q218;
  const y231 = F209 - q220 * B24 + q219;
  const y232 = F210 - q221 * B24 + q220;
  const y233 = F211 - q222 * B24 + q221;
  const y234 = F212 - q223 * B24 + q222;
  const y235 = F213 - q224 * B24 + q223;
  const y236 = F214 - q225 * B24 + q224;
  const y237 = F215 - q226 * B24 + q225;
  const y238 = F216 - q227 * B24 + q226;
  const y239 = F217 - q228 * B24 + q227;
  const Q240 = y229 >>> 24;
  const Q241 = y230 >>> 24;
  const Q242 = y231 >>> 24;
  const Q243 = y232 >>> 24;
  const Q244 = y233 >>> 24;
  const Q245 = y234 >>> 24;
  const Q246 = y235 >>> 24;
  const Q247 = y236 >>> 24;
  const Q248 = y237 >>> 24;
  const Q249 = y238 >>> 24;
  const Q250 = y239 >>> 24;
  const z251 = (y229 & 0xffffff);
  const z252 = (y230 & 0xffffff) + Q240;
  const z253 = (y231 & 0xffffff) + Q241;
  const z254 = (y232 & 0xffffff) + Q242;
  const z255 = (y233 & 0xffffff) + Q243;
  const z256 = (y234 & 0xffffff) + Q244;
  const z257 = (y235 & 0xffffff) + Q245;
  const z258 = (y236 & 0xffffff) + Q246;
  const z259 = (y237 & 0xffffff) + Q247;
  const z260 = (y238 & 0xffffff) + Q248;
  const z261 = (y239 & 0xffffff) + Q249;
  const z262 = q228 + Q250;
  const F263 = z251 + 12500736 * z262;
  const F264 = z252 + 7548873 * z262;
  const F265 = z253 + 4205985 * z262;
  const F266 = z254 + 12017604 * z262;
  const F267 = z255 + 2300240 * z262;
  const F268 = z256 + 83281 * z262;
  const F269 = z257;
  const F270 = z258;
  const F271 = z259;
  const F272 = z260;
  const F273 = z261;
  const q274 = Math.floor(F263 * R24);
  const q275 = Math.floor(F264 * R24);
  const q276 = Math.floor(F265 * R24);
  const q277 = Math.floor(F266 * R24);
  const q278 = Math.floor(F267 * R24);
  const q279 = Math.floor(F268 * R24);
  const q280 = Math.floor(F269 * R24);
  const q281 = Math.floor(F270 * R24);
  const q282 = Math.floor(F271 * R24);
  const q283 = Math.floor(F272 * R24);
  const q284 = Math.floor(F273 * R24);
  const y285 = F263 - q274 * B24;
  const y286 = F264 - q275 * B24 + q274;
  const y287 = F265 - q276 * B24 + q275;
  const y288 = F266 - q277 * B24 + q276;
  const y289 = F267 - q278 * B24 + q277;
  const y290 = F268 - q279 * B24 + q278;
  const y291 = F269 - q280 * B24 + q279;
  const y292 = F270 - q281 * B24 + q280;
  const y293 = F271 - q282 * B24 + q281;
  const y294 = F272 - q283 * B24 + q282;
  const y295 = F273 - q284 * B24 + q283;
  const Q296 = y285 >>> 24;
  const Q297 = y286 >>> 24;
  const Q298 = y287 >>> 24;
  const Q299 = y288 >>> 24;
  const Q300 = y289 >>> 24;
  const Q301 = y290 >>> 24;
  const Q302 = y291 >>> 24;
  const Q303 = y292 >>> 24;
  const Q304 = y293 >>> 24;
  const Q305 = y294 >>> 24;
  const Q306 = y295 >>> 24;
  const z307 = (y285 & 0xffffff);
  const z308 = (y286 & 0xffffff) + Q296;
  const z309 = (y287 & 0xffffff) + Q297;
  const z310 = (y288 & 0xffffff) + Q298;
  const z311 = (y289 & 0xffffff) + Q299;
  const z312 = (y290 & 0xffffff) + Q300;
  const z313 = (y291 & 0xffffff) + Q301;
  const z314 = (y292 & 0xffffff) + Q302;
  const z315 = (y293 & 0xffffff) + Q303;
  const z316 = (y294 & 0xffffff) + Q304;
  const z317 = (y295 & 0xffffff) + Q305;
  const z318 = q284 + Q306;
  // fold everything from 2^256 up: H·c, H = bits ≥ 256 (< 2^9)
  const H = (z317 >>> 16) + 256 * (z318);
  let e319 = z307 + 13221567 * H;
  let e320 = z308 + 10580783 * H;
  let e321 = z309 + 12861485 * H;
  let e322 = z310 + 5289823 * H;
  let e323 = z311 + 5317401 * H;
  let e324 = z312 + 325 * H;
  let e325 = z313;
  let e326 = z314;
  let e327 = z315;
  let e328 = z316;
  let e329 = (z317 & 0xffff);
  // sequential carry (digits 0..5 may exceed 2^31: use floor there)
  c = 0;
  e319 += c; c = Math.floor(e319 * R24); e319 -= c * B24;
  e320 += c; c = Math.floor(e320 * R24); e320 -= c * B24;
  e321 += c; c = Math.floor(e321 * R24); e321 -= c * B24;
  e322 += c; c = Math.floor(e322 * R24); e322 -= c * B24;
  e323 += c; c = Math.floor(e323 * R24); e323 -= c * B24;
  e324 += c; c = Math.floor(e324 * R24); e324 -= c * B24;
  e325 += c; c = Math.floor(e325 * R24); e325 -= c * B24;
  e326 += c; c = e326 >>> 24; e326 &= 0xffffff;
  e327 += c; c = e327 >>> 24; e327 &= 0xffffff;
  e328 += c; c = e328 >>> 24; e328 &= 0xffffff;
  e329 += c; c = e329 >>> 24; e329 &= 0xffffff;
  // v < 2^256 + 2^138 < 2n (bit 256 is digit 10's bit 16). Subtract n iff v + c ≥ 2^256.
  c = 0;
  let s330 = e319 + 13221567 + c; c = s330 >>> 24; s330 &= 0xffffff;
  let s331 = e320 + 10580783 + c; c = s331 >>> 24; s331 &= 0xffffff;
  let s332 = e321 + 12861485 + c; c = s332 >>> 24; s332 &= 0xffffff;
  let s333 = e322 + 5289823 + c; c = s333 >>> 24; s333 &= 0xffffff;
  let s334 = e323 + 5317401 + c; c = s334 >>> 24; s334 &= 0xffffff;
  let s335 = e324 + 325 + c; c = s335 >>> 24; s335 &= 0xffffff;
  let s336 = e325 + 0 + c; c = s336 >>> 24; s336 &= 0xffffff;
  let s337 = e326 + 0 + c; c = s337 >>> 24; s337 &= 0xffffff;
  let s338 = e327 + 0 + c; c = s338 >>> 24; s338 &= 0xffffff;
  let s339 = e328 + 0 + c; c = s339 >>> 24; s339 &= 0xffffff;
  let s340 = e329 + 0 + c; c = s340 >>> 24; s340 &= 0xffffff;
  const ge = (s340 >>> 16) | (e329 >>> 16);
  const keep = ge ^ 1;
  const r341 = keep * e319 + ge * s330;
  const r342 = keep * e320 + ge * s331;
  const r343 = keep * e321 + ge * s332;
  const r344 = keep * e322 + ge * s333;
  const r345 = keep * e323 + ge * s334;
  const r346 = keep * e324 + ge * s335;
  const r347 = keep * e325 + ge * s336;
  const r348 = keep * e326 + ge * s337;
  const r349 = keep * e327 + ge * s338;
  const r350 = keep * e328 + ge * s339;
  const r351 = (keep * e329 + ge * s340) & 0xffff;
  // 24-bit digits -> 16-bit limbs
  o[0] = r341 & 0xffff;
  o[1] = (r341 >>> 16) | ((r342 & 0xff) << 8);
  o[2] = r342 >>> 8;
  o[3] = r343 & 0xffff;
  o[4] = (r343 >>> 16) | ((r344 & 0xff) << 8);
  o[5] = r344 >>> 8;
  o[6] = r345 & 0xffff;
  o[7] = (r345 >>> 16) | ((r346 & 0xff) << 8);
  o[8] = r346 >>> 8;
  o[9] = r347 & 0xffff;
  o[10] = (r347 >>> 16) | ((r348 & 0xff) << 8);
  o[11] = r348 >>> 8;
  o[12] = r349 & 0xffff;
  o[13] = (r349 >>> 16) | ((r350 & 0xff) << 8);
  o[14] = r350 >>> 8;
  o[15] = r351;
}
// END GENERATED (ModNScalar mul/square kernels)

/** Sets o = round(a·b / 2^320) (16-bit limbs): 121 exact digit products, one carry pass. */
// BEGIN GENERATED (ModNScalar mulRsh320Round kernel)
// Code generated by `pnpm gen` (packages/field/gen/secp256k1.mjs). DO NOT EDIT.
function mulRsh320Round(o: Uint32Array, a: Uint32Array, b: Uint32Array): void {
  const al0 = a[0]!, al1 = a[1]!, al2 = a[2]!, al3 = a[3]!, al4 = a[4]!, al5 = a[5]!, al6 = a[6]!, al7 = a[7]!, al8 = a[8]!, al9 = a[9]!, al10 = a[10]!, al11 = a[11]!, al12 = a[12]!, al13 = a[13]!, al14 = a[14]!, al15 = a[15]!;
  const d352 = al0 | ((al1 & 0xff) << 16), d353 = (al1 >>> 8) | (al2 << 8);
  const d354 = al3 | ((al4 & 0xff) << 16), d355 = (al4 >>> 8) | (al5 << 8);
  const d356 = al6 | ((al7 & 0xff) << 16), d357 = (al7 >>> 8) | (al8 << 8);
  const d358 = al9 | ((al10 & 0xff) << 16), d359 = (al10 >>> 8) | (al11 << 8);
  const d360 = al12 | ((al13 & 0xff) << 16), d361 = (al13 >>> 8) | (al14 << 8);
  const bl0 = b[0]!, bl1 = b[1]!, bl2 = b[2]!, bl3 = b[3]!, bl4 = b[4]!, bl5 = b[5]!, bl6 = b[6]!, bl7 = b[7]!, bl8 = b[8]!, bl9 = b[9]!, bl10 = b[10]!, bl11 = b[11]!, bl12 = b[12]!, bl13 = b[13]!, bl14 = b[14]!, bl15 = b[15]!;
  const d362 = bl0 | ((bl1 & 0xff) << 16), d363 = (bl1 >>> 8) | (bl2 << 8);
  const d364 = bl3 | ((bl4 & 0xff) << 16), d365 = (bl4 >>> 8) | (bl5 << 8);
  const d366 = bl6 | ((bl7 & 0xff) << 16), d367 = (bl7 >>> 8) | (bl8 << 8);
  const d368 = bl9 | ((bl10 & 0xff) << 16), d369 = (bl10 >>> 8) | (bl11 << 8);
  const d370 = bl12 | ((bl13 & 0xff) << 16), d371 = (bl13 >>> 8) | (bl14 << 8);
  const C372 = d352 * d362;
  const C373 = d352 * d363 + d353 * d362;
  const C374 = d352 * d364 + d353 * d363 + d354 * d362;
  const C375 = d352 * d365 + d353 * d364 + d354 * d363 + d355 * d362;
  const C376 = d352 * d366 + d353 * d365 + d354 * d364 + d355 * d363 + d356 * d362;
  const C377 = d352 * d367 + d353 * d366 + d354 * d365 + d355 * d364 + d356 * d363 + d357 * d362;
  const C378 = d352 * d368 + d353 * d367 + d354 * d366 + d355 * d365 + d356 * d364 + d357 * d363 + d358 * d362;
  const C379 = d352 * d369 + d353 * d368 + d354 * d367 + d355 * d366 + d356 * d365 + d357 * d364 + d358 * d363 + d359 * d362;
  const C380 = d352 * d370 + d353 * d369 + d354 * d368 + d355 * d367 + d356 * d366 + d357 * d365 + d358 * d364 + d359 * d363 + d360 * d362;
  const C381 = d352 * d371 + d353 * d370 + d354 * d369 + d355 * d368 + d356 * d367 + d357 * d366 + d358 * d365 + d359 * d364 + d360 * d363 + d361 * d362;
  const C382 = d352 * bl15 + d353 * d371 + d354 * d370 + d355 * d369 + d356 * d368 + d357 * d367 + d358 * d366 + d359 * d365 + d360 * d364 + d361 * d363 + al15 * d362;
  const C383 = d353 * bl15 + d354 * d371 + d355 * d370 + d356 * d369 + d357 * d368 + d358 * d367 + d359 * d366 + d360 * d365 + d361 * d364 + al15 * d363;
  const C384 = d354 * bl15 + d355 * d371 + d356 * d370 + d357 * d369 + d358 * d368 + d359 * d367 + d360 * d366 + d361 * d365 + al15 * d364;
  const C385 = d355 * bl15 + d356 * d371 + d357 * d370 + d358 * d369 + d359 * d368 + d360 * d367 + d361 * d366 + al15 * d365;
  const C386 = d356 * bl15 + d357 * d371 + d358 * d370 + d359 * d369 + d360 * d368 + d361 * d367 + al15 * d366;
  const C387 = d357 * bl15 + d358 * d371 + d359 * d370 + d360 * d369 + d361 * d368 + al15 * d367;
  const C388 = d358 * bl15 + d359 * d371 + d360 * d370 + d361 * d369 + al15 * d368;
  const C389 = d359 * bl15 + d360 * d371 + d361 * d370 + al15 * d369;
  const C390 = d360 * bl15 + d361 * d371 + al15 * d370;
  const C391 = d361 * bl15 + al15 * d371;
  const C392 = al15 * bl15;
  // exact 24-bit digits of the 512-bit product (sequential carry; columns < 2^51.5)
  let c = 0;
  c = Math.floor((C372 + c) * R24);
  c = Math.floor((C373 + c) * R24);
  c = Math.floor((C374 + c) * R24);
  c = Math.floor((C375 + c) * R24);
  c = Math.floor((C376 + c) * R24);
  c = Math.floor((C377 + c) * R24);
  c = Math.floor((C378 + c) * R24);
  c = Math.floor((C379 + c) * R24);
  c = Math.floor((C380 + c) * R24);
  c = Math.floor((C381 + c) * R24);
  c = Math.floor((C382 + c) * R24);
  c = Math.floor((C383 + c) * R24);
  c = Math.floor((C384 + c) * R24);
  const e406t = C385 + c; c = Math.floor(e406t * R24); const e406 = e406t - c * B24;
  const e407t = C386 + c; c = Math.floor(e407t * R24); const e407 = e407t - c * B24;
  const e408t = C387 + c; c = Math.floor(e408t * R24); const e408 = e408t - c * B24;
  const e409t = C388 + c; c = Math.floor(e409t * R24); const e409 = e409t - c * B24;
  const e410t = C389 + c; c = Math.floor(e410t * R24); const e410 = e410t - c * B24;
  const e411t = C390 + c; c = Math.floor(e411t * R24); const e411 = e411t - c * B24;
  const e412t = C391 + c; c = Math.floor(e412t * R24); const e412 = e412t - c * B24;
  const e413t = C392 + c; c = Math.floor(e413t * R24); const e413 = e413t - c * B24;
  const eTop = c;
  // bits 320.. : digit 13 from bit 8; the rounding bit is bit 319 = digit 13 bit 7
  let r = (e406 >>> 7) & 1;
  let r414 = ((e406 >>> 8) | ((e407 & 0xff) << 16)) + r; r = r414 >>> 24; r414 &= 0xffffff;
  let r415 = ((e407 >>> 8) | ((e408 & 0xff) << 16)) + r; r = r415 >>> 24; r415 &= 0xffffff;
  let r416 = ((e408 >>> 8) | ((e409 & 0xff) << 16)) + r; r = r416 >>> 24; r416 &= 0xffffff;
  let r417 = ((e409 >>> 8) | ((e410 & 0xff) << 16)) + r; r = r417 >>> 24; r417 &= 0xffffff;
  let r418 = ((e410 >>> 8) | ((e411 & 0xff) << 16)) + r; r = r418 >>> 24; r418 &= 0xffffff;
  let r419 = ((e411 >>> 8) | ((e412 & 0xff) << 16)) + r; r = r419 >>> 24; r419 &= 0xffffff;
  let r420 = ((e412 >>> 8) | ((e413 & 0xff) << 16)) + r; r = r420 >>> 24; r420 &= 0xffffff;
  let r421 = ((e413 >>> 8) | ((eTop & 0xff) << 16)) + r; r = r421 >>> 24; r421 &= 0xffffff;
  // 8 digits -> 12 limbs, plus the rounding carry at 2^192
  o[0] = r414 & 0xffff;
  o[1] = (r414 >>> 16) | ((r415 & 0xff) << 8);
  o[2] = r415 >>> 8;
  o[3] = r416 & 0xffff;
  o[4] = (r416 >>> 16) | ((r417 & 0xff) << 8);
  o[5] = r417 >>> 8;
  o[6] = r418 & 0xffff;
  o[7] = (r418 >>> 16) | ((r419 & 0xff) << 8);
  o[8] = r419 >>> 8;
  o[9] = r420 & 0xffff;
  o[10] = (r420 >>> 16) | ((r421 & 0xff) << 8);
  o[11] = r421 >>> 8;
  o[12] = r;
  o[13] = 0;
  o[14] = 0;
  o[15] = 0;
}
// END GENERATED (ModNScalar mulRsh320Round kernel)

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
