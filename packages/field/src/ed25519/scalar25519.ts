/**
 * The ed25519 scalar field: integers modulo the prime group order
 * ℓ = 2^252 + 27742317777372353535851937790883648493.
 *
 * ## Representation
 *
 * A `Scalar25519` holds 12 limbs of radix 2^21 (12 × 21 = 252 bits) in a
 * `Float64Array`, ALWAYS canonical: value in [0, ℓ), every limb in [0, 2^21).
 * (ℓ itself needs bit 252, so the value 2^252 ≤ v < ℓ shows up as limbs in
 * range plus a carry; canonical values < ℓ < 2^253 are stored with the top
 * limb allowed up to 2^22 − 1.)
 *
 * Products are formed column-wise in doubles: a column of a 12 × 12 product
 * of canonical limbs is ≤ 12·(2^22)² = 2^47.6 < 2^53, so it is exact. The
 * wide result is split at 2^252 and folded with 2^252 ≡ −c (mod ℓ), where
 * c = ℓ − 2^252 < 2^125 has 6 limbs: lo − hi·c. Each fold shrinks the value
 * by ~127 bits; every column of hi·c is ≤ 6·2^21·2^21 < 2^45 (hi carried
 * first), so exactness holds throughout. Three or four folds (fixed count
 * per input length) bring a 512-bit input into (−ℓ, 2ℓ); one conditional add
 * and two conditional subtractions, done with arithmetic selects rather than
 * branches, give the canonical value.
 *
 * Scalars are not the bottleneck of signing or verification (one wide
 * reduction per signature; see the README figures), but they are limb-based
 * so that hot batch loops allocate nothing.
 *
 * References:
 * - [RFC8032] S. Josefsson, I. Liusvaara, "EdDSA", §5.1 (ℓ, scalar encoding, §5.1.7 canonical S).
 * - [HAC] A. Menezes et al., Handbook of Applied Cryptography, §14.3 (special-form moduli).
 * - [Ber06] D. J. Bernstein et al., "High-speed high-security signatures" (2011), §4 (reduction mod ℓ).
 */
import { ErrorCode, StrataError, describe, expectBytes } from '../errors.js';
import { expectNumberArg, expectOffset, expectRoom } from '../options.js';

const N = 12;
const B = 2097152; // 2^21
const R = 1 / 2097152;

/** ℓ as a BigInt. */
const L_BIG = (1n << 252n) + 27742317777372353535851937790883648493n;
/** c = ℓ − 2^252 in 6 limbs of 21 bits. */
const C = new Float64Array(6);
/** ℓ in 13 limbs of 21 bits (the 13th is 1: bit 252). */
const L_LIMBS = new Float64Array(13);
{
  let c = L_BIG - (1n << 252n);
  for (let i = 0; i < 6; i++) {
    C[i] = Number(c & 0x1fffffn);
    c >>= 21n;
  }
  let l = L_BIG;
  for (let i = 0; i < 13; i++) {
    L_LIMBS[i] = Number(l & 0x1fffffn);
    l >>= 21n;
  }
}

// Module scratch (never escapes).
const W = new Float64Array(32); // wide accumulator
const F = new Float64Array(32); // fold output
const T = new Float64Array(13); // final correction

/** Signed carry of t[0..len) into 21-bit limbs; the top limb keeps the excess. */
function carryRange(t: Float64Array, len: number): void {
  let c = 0;
  for (let i = 0; i < len - 1; i++) {
    const v = t[i]! + c;
    c = Math.floor(v * R);
    t[i] = v - c * B;
  }
  t[len - 1] = t[len - 1]! + c;
}

/**
 * One fold: t (len limbs, carried, top limb signed) → t' = lo − hi·c where
 * lo = t[0..12), hi = t[12..len). Returns the new length (carried).
 */
function fold(t: Float64Array, len: number): number {
  const outLen = Math.max(N, len - N + 6) + 1;
  F.fill(0, 0, outLen);
  const lo = len < N ? len : N;
  for (let i = 0; i < lo; i++) F[i] = t[i]!;
  for (let k = N; k < len; k++) {
    const h = t[k]!;
    const base = k - N;
    for (let j = 0; j < 6; j++) F[base + j] = F[base + j]! - h * C[j]!;
  }
  for (let i = 0; i < outLen; i++) t[i] = F[i]!;
  carryRange(t, outLen);
  return outLen;
}

/**
 * Reduces t[0..len) (radix-2^21 limbs, |column| < 2^50) modulo ℓ into o
 * (12 canonical limbs). The sequence of operations depends only on len.
 */
function reduce(o: Float64Array, t: Float64Array, len: number): void {
  carryRange(t, len);
  // Fold until only a small top carry remains above 2^252.
  while (len > N + 1) len = fold(t, len);
  len = fold(t, len); // absorbs the remaining top limb: now v ∈ (−ℓ, 2ℓ)
  // Value is Σ_{i<12} t[i]·2^(21i) + t[12]·2^252 with small signed t[12].
  // v += ℓ (now in (0, 3ℓ)), then subtract ℓ twice when the result stays ≥ 0.
  for (let i = 0; i < 13; i++) t[i] = t[i]! + L_LIMBS[i]!;
  carryRange(t, 13);
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < 13; i++) T[i] = t[i]! - L_LIMBS[i]!;
    carryRange(T, 13);
    // T[12] ≥ 0 iff t − ℓ ≥ 0; keep = 1 in that case (sign bit, no branch).
    const keep = 1 + (T[12]! >> 31);
    for (let i = 0; i < 13; i++) t[i] = t[i]! + (T[i]! - t[i]!) * keep;
  }
  for (let i = 0; i < N; i++) o[i] = t[i]!;
  // t[12] is now 0 except when v ≥ 2^252 (then bit 252 set, v < ℓ): fold it into limb 11.
  o[N - 1] = o[N - 1]! + t[12]! * B;
}

/** Loads len bytes of b at off (little-endian) into 21-bit limbs of t; returns the limb count. */
function loadLE(t: Float64Array, b: Uint8Array, off: number, len: number): number {
  const limbs = Math.ceil((len * 8) / 21);
  const end = off + len;
  for (let i = 0; i < limbs; i++) {
    const bit = 21 * i;
    const k = off + (bit >> 3);
    // 21 + 7 = 28 bits: four bytes cover the limb (bytes past the end read as 0).
    const w =
      b[k]! |
      ((k + 1 < end ? b[k + 1]! : 0) << 8) |
      ((k + 2 < end ? b[k + 2]! : 0) << 16) |
      ((k + 3 < end ? b[k + 3]! : 0) << 24);
    t[i] = (w >>> (bit & 7)) & 0x1fffff;
  }
  t[limbs] = 0;
  return limbs + 1;
}

/** True iff the 32 bytes at off encode an integer < ℓ (variable time; public input). */
function bytesBelowOrder(b: Uint8Array, off: number): boolean {
  for (let i = 31; i >= 0; i--) {
    const x = b[off + i]!;
    const y = L_BYTES[i]!;
    if (x !== y) return x < y;
  }
  return false;
}

/**
 * 1 when the little-endian integer b (any length ≤ 64) is ≥ ℓ, else 0: the
 * borrow of the low 32 bytes minus ℓ, or any non-zero byte above them. Reads
 * every byte and branches only on the (public) length.
 */
function atLeastOrder(b: Uint8Array): number {
  const n = b.length;
  let borrow = 0;
  for (let i = 0; i < 32; i++) {
    const x = i < n ? b[i]! : 0;
    borrow = ((x - L_BYTES[i]! - borrow) >> 31) & 1;
  }
  let hi = 0;
  for (let i = 32; i < n; i++) hi |= b[i]!;
  return ((hi + 255) >>> 8) | (borrow ^ 1);
}

/** ℓ as 32 little-endian bytes. */
const L_BYTES = new Uint8Array(32);
{
  let l = L_BIG;
  for (let i = 0; i < 32; i++) {
    L_BYTES[i] = Number(l & 0xffn);
    l >>= 8n;
  }
}

/**
 * A mutable scalar modulo the ed25519 group order ℓ, always canonical.
 * Methods write into the receiver and return it; operands may alias it.
 */
export class Scalar25519 {
  /** ℓ, the prime order of the ed25519 base point. */
  static readonly ORDER: bigint = L_BIG;

  /** The limbs (radix 2^21, least significant first), canonical. Treat as read-only. */
  readonly l: Float64Array;

  /** Creates the scalar 0. */
  constructor() {
    this.l = new Float64Array(N);
  }

  /** Returns a new scalar reduced from 64 little-endian bytes (see {@link setWideBytes}). */
  static fromWideBytes(b: Uint8Array): Scalar25519 {
    return new Scalar25519().setWideBytes(b);
  }

  /** Returns a new scalar from 32 canonical bytes (see {@link setBytes}). */
  static fromBytes(b: Uint8Array): Scalar25519 {
    return new Scalar25519().setBytes(b);
  }

  /** Returns a new scalar equal to the little-endian integer b mod ℓ (any length ≤ 64; see {@link setBytesReduced}). */
  static fromBytesReduced(b: Uint8Array): Scalar25519 {
    const s = new Scalar25519();
    s.setBytesReduced(b);
    return s;
  }

  /** Returns a new scalar equal to n mod ℓ for a safe non-negative integer n. */
  static fromInt(n: number): Scalar25519 {
    return new Scalar25519().setInt(n);
  }

  /** Returns a new scalar equal to this one. */
  clone(): Scalar25519 {
    const r = new Scalar25519();
    r.l.set(this.l);
    return r;
  }

  /** Sets v = a and returns v. */
  set(a: Scalar25519): this {
    this.l.set(a.l);
    return this;
  }

  /** Sets v = 0 and returns v. */
  setZero(): this {
    this.l.fill(0);
    return this;
  }

  /** Sets v = 1 and returns v. */
  setOne(): this {
    this.l.fill(0);
    this.l[0] = 1;
    return this;
  }

  /**
   * Sets v = n for a safe integer 0 ≤ n < 2^53 and returns v. A
   * non-number throws TypeError; a number outside that range (or not an
   * integer) RangeError.
   */
  setInt(n: number): this {
    if (!Number.isSafeInteger(n) || n < 0) {
      expectNumberArg('Scalar25519.setInt', n); // a non-number is a TypeError, not a range error
      throw new RangeError(`Scalar25519.setInt: expected a safe non-negative integer, got ${n}`);
    }
    const l = this.l;
    l.fill(0);
    for (let i = 0; n > 0; i++) {
      l[i] = n % B;
      n = Math.floor(n / B);
    }
    return this;
  }

  /**
   * Sets v = (64-byte little-endian integer b) mod ℓ and returns v: the
   * reduction of a SHA-512 output in [RFC8032] §5.1.6/§5.1.7. Wrong length:
   * StrataError ERR_BAD_LENGTH; not a Uint8Array: TypeError.
   */
  setWideBytes(b: Uint8Array): this {
    expectBytes('Scalar25519.setWideBytes', b, 64);
    const len = loadLE(W, b, 0, 64);
    reduce(this.l, W, len);
    return this;
  }

  /**
   * Sets v = (little-endian integer b) mod ℓ for 0 ≤ b.length ≤ 64 and reports
   * whether b was ≥ ℓ (the input overflowed and was reduced); the flag is
   * computed without branching on the bytes. Not a Uint8Array: TypeError;
   * more than 64 bytes: StrataError ERR_BAD_LENGTH.
   */
  setBytesReduced(b: Uint8Array): boolean {
    expectBytes('Scalar25519.setBytesReduced', b);
    if (b.length > 64) throw new StrataError(ErrorCode.BAD_LENGTH, `Scalar25519.setBytesReduced: expected at most 64 bytes, got ${b.length}`);
    const over = atLeastOrder(b);
    const len = loadLE(W, b, 0, b.length);
    reduce(this.l, W, Math.max(len, 1));
    return over === 1;
  }

  /**
   * Sets v = the 32-byte little-endian integer b and returns v. Values ≥ ℓ
   * throw StrataError ERR_NON_CANONICAL ([RFC8032] §5.1.7 requires rejecting
   * S ≥ ℓ); wrong length: ERR_BAD_LENGTH; not a Uint8Array: TypeError.
   */
  setBytes(b: Uint8Array): this {
    expectBytes('Scalar25519.setBytes', b, 32);
    if (!this.trySetBytes(b, 0)) {
      throw new StrataError(ErrorCode.NON_CANONICAL, 'Scalar25519.setBytes: expected an integer < ℓ, got a value ≥ ℓ');
    }
    return this;
  }

  /**
   * Sets v = the 32-byte little-endian integer at b[offset .. offset + 32) and
   * reports whether it decoded: false (v unchanged) when the integer is ≥ ℓ or
   * fewer than 32 bytes follow `offset`. Never throws on a Uint8Array;
   * TypeError for a non-Uint8Array `b` or an `offset` that is not a
   * non-negative integer.
   */
  trySetBytes(b: Uint8Array, offset = 0): boolean {
    const off = offset;
    if (!(b instanceof Uint8Array)) throw new TypeError(`Scalar25519.trySetBytes: expected Uint8Array, got ${describe(b)}`);
    expectOffset('Scalar25519.trySetBytes', off);
    if (b.length - off < 32) return false;
    if (!bytesBelowOrder(b, off)) return false;
    const len = loadLE(W, b, off, 32);
    // Value < ℓ already: just carry into 12 limbs (bit 252 folds into limb 11).
    carryRange(W, len);
    const l = this.l;
    for (let i = 0; i < N; i++) l[i] = W[i]!;
    l[N - 1] = l[N - 1]! + W[N]! * B;
    return true;
  }

  /** Returns v as 32 little-endian bytes (canonical, < ℓ; a new array). */
  toBytes(): Uint8Array {
    return this.putBytes(new Uint8Array(32), 0);
  }

  /**
   * Writes v as 32 little-endian bytes into out[offset..offset+32) and
   * returns out. TypeError for a non-Uint8Array `out` or an `offset` that is
   * not a non-negative integer; StrataError ERR_BAD_LENGTH when fewer than 32
   * bytes follow `offset` (as FieldVal / ModNScalar / PrimeField encoders do).
   */
  putBytes(out: Uint8Array, offset = 0): Uint8Array {
    const off = offset;
    expectRoom('Scalar25519.putBytes', out, off, 32);
    const l = this.l;
    let acc = 0; // < 2^29 at all times: int32 arithmetic
    let bits = 0;
    let k = off;
    const end = off + 32;
    for (let i = 0; i < N; i++) {
      acc |= l[i]! << bits; // l[i] < 2^22 (top limb) or < 2^21, bits ≤ 7
      bits += 21;
      while (bits >= 8 && k < end) {
        out[k++] = acc & 0xff;
        acc >>>= 8;
        bits -= 8;
      }
    }
    while (k < end) {
      out[k++] = acc & 0xff;
      acc >>>= 8;
    }
    return out;
  }

  /** Returns v as a BigInt (tests and debugging; allocates). */
  toBigInt(): bigint {
    let v = 0n;
    for (let i = N - 1; i >= 0; i--) v = v * 2097152n + BigInt(this.l[i]!);
    return v;
  }

  /** Sets v = x mod ℓ for any BigInt x (tests and constants; allocates) and returns v. */
  setBigInt(v: bigint): this {
    if (typeof v !== 'bigint') throw new TypeError(`Scalar25519.setBigInt: expected bigint, got ${typeof v}`);
    let x = ((v % L_BIG) + L_BIG) % L_BIG;
    for (let i = 0; i < N - 1; i++) {
      this.l[i] = Number(x & 0x1fffffn);
      x >>= 21n;
    }
    this.l[N - 1] = Number(x);
    return this;
  }

  /** Returns the bit length of v (0 for zero); variable time, for MSM window sizing. */
  bitLength(): number {
    const l = this.l;
    for (let i = N - 1; i >= 0; i--) {
      const v = l[i]!;
      if (v !== 0) return 21 * i + (32 - Math.clz32(v));
    }
    return 0;
  }

  /** Sets v = a + b mod ℓ and returns v. */
  add(a: Scalar25519, b: Scalar25519): this {
    const x = a.l;
    const y = b.l;
    for (let i = 0; i < N; i++) W[i] = x[i]! + y[i]!;
    W[N] = 0;
    reduce(this.l, W, N + 1);
    return this;
  }

  /** Sets v = a − b mod ℓ and returns v. */
  sub(a: Scalar25519, b: Scalar25519): this {
    const x = a.l;
    const y = b.l;
    for (let i = 0; i < N; i++) W[i] = x[i]! - y[i]!;
    W[N] = 0;
    reduce(this.l, W, N + 1);
    return this;
  }

  /** Sets v = −a mod ℓ and returns v. */
  negate(a: Scalar25519): this {
    const x = a.l;
    for (let i = 0; i < N; i++) W[i] = -x[i]!;
    W[N] = 0;
    reduce(this.l, W, N + 1);
    return this;
  }

  /** Sets v = a·b mod ℓ and returns v. */
  mul(a: Scalar25519, b: Scalar25519): this {
    mulInto(a.l, b.l);
    reduce(this.l, W, 2 * N);
    return this;
  }

  /** Sets v = a·b + c mod ℓ and returns v ([RFC8032] §5.1.6 step 6: S = r + k·s). */
  mulAdd(a: Scalar25519, b: Scalar25519, c: Scalar25519): this {
    mulInto(a.l, b.l);
    const z = c.l;
    for (let i = 0; i < N; i++) W[i] = W[i]! + z[i]!;
    reduce(this.l, W, 2 * N);
    return this;
  }

  /**
   * Sets v = a^(ℓ−2) = a⁻¹ mod ℓ (0 maps to 0) and returns v. Fixed
   * 4-bit window over the public exponent: 252 squarings and 63
   * multiplications, the same sequence for every input.
   */
  invert(a: Scalar25519): this {
    const x = a;
    const tbl = INV_TABLE;
    tbl[0]!.setOne();
    tbl[1]!.set(x);
    for (let i = 2; i < 16; i++) tbl[i]!.mul(tbl[i - 1]!, x);
    const acc = INV_ACC.setOne();
    for (let i = INV_DIGITS.length - 1; i >= 0; i--) {
      acc.mul(acc, acc).mul(acc, acc).mul(acc, acc).mul(acc, acc);
      acc.mul(acc, tbl[INV_DIGITS[i]!]!);
    }
    return this.set(acc);
  }

  /** Reports whether v = 0. */
  isZero(): boolean {
    let acc = 0;
    for (let i = 0; i < N; i++) acc |= this.l[i]!;
    return acc === 0;
  }

  /** Reports whether v = a. */
  equals(a: Scalar25519): boolean {
    let acc = 0;
    for (let i = 0; i < N; i++) acc |= this.l[i]! ^ a.l[i]!;
    return acc === 0;
  }
}

/** Sets W[0..24) = columns of x·y (12 × 12 limbs), exact (< 2^47.6 each). Unrolled. */
function mulInto(x: Float64Array, y: Float64Array): void {
  const x0 = x[0]!, x1 = x[1]!, x2 = x[2]!, x3 = x[3]!, x4 = x[4]!, x5 = x[5]!, x6 = x[6]!, x7 = x[7]!, x8 = x[8]!, x9 = x[9]!, x10 = x[10]!, x11 = x[11]!;
  const y0 = y[0]!, y1 = y[1]!, y2 = y[2]!, y3 = y[3]!, y4 = y[4]!, y5 = y[5]!, y6 = y[6]!, y7 = y[7]!, y8 = y[8]!, y9 = y[9]!, y10 = y[10]!, y11 = y[11]!;
  W[0] = x0 * y0;
  W[1] = x0 * y1 + x1 * y0;
  W[2] = x0 * y2 + x1 * y1 + x2 * y0;
  W[3] = x0 * y3 + x1 * y2 + x2 * y1 + x3 * y0;
  W[4] = x0 * y4 + x1 * y3 + x2 * y2 + x3 * y1 + x4 * y0;
  W[5] = x0 * y5 + x1 * y4 + x2 * y3 + x3 * y2 + x4 * y1 + x5 * y0;
  W[6] = x0 * y6 + x1 * y5 + x2 * y4 + x3 * y3 + x4 * y2 + x5 * y1 + x6 * y0;
  W[7] = x0 * y7 + x1 * y6 + x2 * y5 + x3 * y4 + x4 * y3 + x5 * y2 + x6 * y1 + x7 * y0;
  W[8] = x0 * y8 + x1 * y7 + x2 * y6 + x3 * y5 + x4 * y4 + x5 * y3 + x6 * y2 + x7 * y1 + x8 * y0;
  W[9] = x0 * y9 + x1 * y8 + x2 * y7 + x3 * y6 + x4 * y5 + x5 * y4 + x6 * y3 + x7 * y2 + x8 * y1 + x9 * y0;
  W[10] = x0 * y10 + x1 * y9 + x2 * y8 + x3 * y7 + x4 * y6 + x5 * y5 + x6 * y4 + x7 * y3 + x8 * y2 + x9 * y1 + x10 * y0;
  W[11] = x0 * y11 + x1 * y10 + x2 * y9 + x3 * y8 + x4 * y7 + x5 * y6 + x6 * y5 + x7 * y4 + x8 * y3 + x9 * y2 + x10 * y1 + x11 * y0;
  W[12] = x1 * y11 + x2 * y10 + x3 * y9 + x4 * y8 + x5 * y7 + x6 * y6 + x7 * y5 + x8 * y4 + x9 * y3 + x10 * y2 + x11 * y1;
  W[13] = x2 * y11 + x3 * y10 + x4 * y9 + x5 * y8 + x6 * y7 + x7 * y6 + x8 * y5 + x9 * y4 + x10 * y3 + x11 * y2;
  W[14] = x3 * y11 + x4 * y10 + x5 * y9 + x6 * y8 + x7 * y7 + x8 * y6 + x9 * y5 + x10 * y4 + x11 * y3;
  W[15] = x4 * y11 + x5 * y10 + x6 * y9 + x7 * y8 + x8 * y7 + x9 * y6 + x10 * y5 + x11 * y4;
  W[16] = x5 * y11 + x6 * y10 + x7 * y9 + x8 * y8 + x9 * y7 + x10 * y6 + x11 * y5;
  W[17] = x6 * y11 + x7 * y10 + x8 * y9 + x9 * y8 + x10 * y7 + x11 * y6;
  W[18] = x7 * y11 + x8 * y10 + x9 * y9 + x10 * y8 + x11 * y7;
  W[19] = x8 * y11 + x9 * y10 + x10 * y9 + x11 * y8;
  W[20] = x9 * y11 + x10 * y10 + x11 * y9;
  W[21] = x10 * y11 + x11 * y10;
  W[22] = x11 * y11;
  W[23] = 0;
}

/** 4-bit digits of ℓ − 2, least significant first (public exponent). */
const INV_DIGITS: number[] = [];
{
  let e = L_BIG - 2n;
  while (e > 0n) {
    INV_DIGITS.push(Number(e & 15n));
    e >>= 4n;
  }
}
const INV_TABLE: Scalar25519[] = Array.from({ length: 16 }, () => new Scalar25519());
const INV_ACC = new Scalar25519();
