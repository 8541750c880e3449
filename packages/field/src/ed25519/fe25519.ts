/**
 * GF(2^255 − 19), the base field of Curve25519 / edwards25519.
 *
 * ## Representation
 *
 * An `Fe25519` holds 15 limbs of radix 2^17 (15 × 17 = 255 bits) in a
 * `Float64Array`: value = Σ l[i]·2^(17·i) (mod p). Limbs are integers stored
 * as doubles and MAY BE NEGATIVE; every operation is exact because every
 * intermediate stays below 2^53 in magnitude (proof below).
 *
 * Why this layout: of the representations measured side by side (time per
 * multiplication), 15 × 17-bit limbs in doubles with interleaved carries
 * beat 16 × 16-bit limbs (the TweetNaCl layout) by a wide margin and BigInt
 * (a·b) % p, which also allocates; a 12 × 21.25-bit mixed-radix prototype
 * was faster for mul only, with square no faster and just 2 bits of headroom.
 *
 * The 15 × 17 schoolbook product is 225 double multiplications with the
 * wrap-around 2^255 ≡ 19 folded into the same pass (operands pre-scaled by
 * 19), against 256 + 16 and two sequential carry passes for 16 × 16-bit
 * limbs. Radix 2^25.5 (10 limbs) does not fit: 26-bit products summed ten
 * times, times 19, exceed 2^53. Radix 2^17 leaves room for inputs up to
 * 2^22 (32× a loose limb), so additions and subtractions need no carry
 * (see the bounds below).
 *
 * ## Bounds (the "magnitude" contract)
 *
 * - *Loose* element: every |l[i]| ≤ 2^17 + 2^7. `mul`, `square`, `pow2k`,
 *   `invert`, `pow2523`, `setBytes`, constants and every carried result are
 *   loose.
 * - `add`/`sub`/`negate` do NOT carry: the result of combining m loose
 *   values with add/sub has |l[i]| ≤ m·(2^17 + 2^7); we say its magnitude is m.
 * - `mul`/`square` accept inputs with |l[i]| < 2^22, i.e. magnitude ≤ 31.
 *   Proof of exactness: each output column is Σ of 15 products a_i·b_j
 *   (columns that wrap past 2^255 use 19·b_j, or 38·a_j / 19·a_i for
 *   squaring), so |column| ≤ 15·19·2^44 = 285·2^44 < 2^52.2 < 2^53. Every
 *   partial sum is an integer of smaller magnitude, hence exact in binary64.
 *   The carry steps compute q = ⌊t·2^−17⌋ (exact: scaling by a power of two)
 *   and t − q·2^17 (exact), so the carried limbs represent the same value.
 * - After the carry network — three interleaved chains 0→5, 5→10 and
 *   10→15≡0 (×19), then 0→1, 5→6, 10→11, then 1→2, 6→7, 11→12: seven
 *   dependent steps instead of seventeen — every limb is in [0, 2^17)
 *   except l[2], l[7], l[12], which are in [−2^6, 2^17 + 2^6] (the wrapped
 *   carry is ≤ 19·2^35.2 < 2^39.5, its next carry ≤ 2^22.5, the one after
 *   ≤ 2^5.5): the result is loose. (Measured: ~4% faster than the
 *   previous two-chain network on dependent multiplications.)
 * - `pow2k` (k squarings in one call, limbs kept in locals) first carries
 *   its input once, as `carry()` does (one chain 0→15≡0 and 0→1: from
 *   |limb| < 2^22 the chain carries are ≤ 2^5 + 2, the wrapped one ≤ 646, so
 *   every limb ends in [−1, 2^17]). Every squaring then has input
 *   |limb| ≤ M = 2^17 + 2^13 and uses a short network — the same three
 *   chains, then ONE extra carry per chain (t0, t5, t10), 18 carries instead
 *   of 21 — and the carries it leaves open (t1→2, t6→7, t11→12) are done once
 *   after the loop. Proof: a squaring column is Σ a_i·a_j over ordered pairs
 *   with i + j ≡ k, weight 1 (k + 1 pairs) or 19 (14 − k pairs), so
 *   |column| ≤ 267·M² < 2^42.25 (and every product ≤ 38·M² < 2^53: exact).
 *   Each chain carry is then < 2^25.25, the wrapped one 19× that < 2^29.5,
 *   so after the first pass t0 ∈ (−2^29.5, 2^17 + 2^29.5) and t5, t10 lie
 *   within 2^17 + 2^25.25; their extra carries are ≤ 2^12.5 + 1 and
 *   ≤ 2^8.25 + 1 in magnitude, which leaves t1 ∈ (−2^12.6, 2^17 + 2^12.6),
 *   t6, t11 within 2^17 + 2^8.3 and every other limb in [0, 2^17): the
 *   invariant |limb| ≤ M holds for the next squaring. After the loop the
 *   three closing carries move at most ±1 into t2, t7, t12, so the result
 *   has every limb in [−1, 2^17]: loose. (Why: measured against repeated
 *   `square`, most of pow2k's gain comes from reading the two carry
 *   constants from a table instead of literals, see sqrNKernel in
 *   fe25519-kernels.generated.ts; the short
 *   network alone is a few per cent.)
 * - Anything that reads the value (`bytes`, `isZero`, `isNegative`,
 *   `equals`) fully reduces a copy first, so it accepts magnitude ≤ 2^30.
 *
 * References:
 * - [RFC7748] A. Langley, M. Hamburg, S. Turner, "Elliptic Curves for Security", §4.1, §5.
 * - [RFC8032] S. Josefsson, I. Liusvaara, "Edwards-Curve Digital Signature Algorithm (EdDSA)", §5.1.1–5.1.3.
 * - [Ber06] D. J. Bernstein, "Curve25519: new Diffie-Hellman speed records", PKC 2006 (radix-2^25.5 float arithmetic).
 * - [ZIP-215] Zcash ZIP 215, "Explicitly Defining and Modifying Ed25519 Validation Rules" (non-canonical encodings).
 */
import { ErrorCode, StrataError, describe, expectBytes } from '../errors.js';
import { expectBoolean, expectNumberArg, expectOffset, expectOptions, expectRoom } from '../options.js';
// The multiplication kernels (mulKernel, sqrKernel, sqrNKernel) are straight-line code written by
// packages/field/gen/fe25519.mjs (`pnpm gen`), and so are the exponentiation chains (invertChain,
// pow22523Chain: the chains of gen/fields/fe25519.mjs, which the WebAssembly kernels run too); the
// module doc above proves the kernels' bounds.
// The final reduction canonicalize is printed by gen/fe25519-linear.mjs, which prints the WebAssembly
// canonical and add / sub / neg too. add, sub and negate stay written here as limb loops in the
// method body, so that V8 inlines them whole into the point formulas (a call into a generated
// function adds a level of inlining that its budget cuts short: see secp256k1/field.ts).
import { canonicalize, invertChain, mulKernel, pow22523Chain, sqrKernel, sqrNKernel } from './fe25519-kernels.generated.js';

/** Number of limbs. */
const N = 15;
/** Limb radix 2^17. */
const B = 131072;
/** 2^−17, so that ⌊t·R⌋ is the carry out of a limb. */
const R = 1 / 131072;

// ---------------------------------------------------------------------------
// Byte helpers (not hot: used by encoding and comparisons; the final reduction
// canonicalize is generated, see the imports).
// ---------------------------------------------------------------------------

/** Module scratch for reads of the value (never escapes). */
const scratchA = new Float64Array(N);
const scratchB = new Float64Array(N);

/** Reads 32 little-endian bytes at off into 15 limbs, ignoring bit 255. */
function loadBytes(o: Float64Array, b: Uint8Array, off: number): void {
  for (let i = 0; i < N; i++) {
    const bit = 17 * i;
    const k = off + (bit >> 3);
    const s = bit & 7;
    // 17 + 7 ≤ 24 bits: three bytes always cover the limb; the last limb
    // stops at byte 31, whose bit 7 is masked off by 0x1ffff.
    const w = b[k]! | (b[k + 1]! << 8) | ((k + 2 < off + 32 ? b[k + 2]! : 0) << 16);
    o[i] = (w >>> s) & 0x1ffff;
  }
}

/** True iff the 32 bytes at off, with bit 255 ignored, encode a value ≥ p. */
function bytesNonCanonical(b: Uint8Array, off: number): boolean {
  // p = 2^255 − 19: values ≥ p are 0x7fff…ffed … 0x7fff…ffff.
  if ((b[off + 31]! & 0x7f) !== 0x7f) return false;
  for (let i = 30; i >= 1; i--) if (b[off + i] !== 0xff) return false;
  return b[off]! >= 0xed;
}

// ---------------------------------------------------------------------------
// The element type.
// ---------------------------------------------------------------------------

/** Options for {@link Fe25519.setBytes}. */
export interface Fe25519DecodeOptions {
  /**
   * Accept encodings of values in [p, 2^255) and reduce them (ZIP-215 needs
   * this for point y coordinates). Default false: such encodings are
   * rejected with ERR_NON_CANONICAL.
   */
  allowNonCanonical?: boolean;
}

/**
 * A mutable element of GF(2^255 − 19) in 15 limbs of radix 2^17 (see the
 * module doc for the bounds). Methods write into the receiver and return it;
 * operands may alias the receiver.
 */
export class Fe25519 {
  /**
   * The limbs, least significant first: value = Σ l[i]·2^(17·i) mod p.
   * Exposed for the curve layer's hot paths; treat as read-only outside them.
   */
  readonly l: Float64Array;

  /** Creates the element 0. */
  constructor() {
    this.l = new Float64Array(N);
  }

  /** Returns a new element equal to the small non-negative integer n (n < 2^53). */
  static fromInt(n: number): Fe25519 {
    return new Fe25519().setInt(n);
  }

  /** Returns a new element decoded from 32 little-endian bytes (see {@link setBytes}). */
  static fromBytes(b: Uint8Array, opts?: Fe25519DecodeOptions): Fe25519 {
    return new Fe25519().setBytes(b, opts);
  }

  /** Returns a new element equal to this one. */
  clone(): Fe25519 {
    const r = new Fe25519();
    r.l.set(this.l);
    return r;
  }

  /** Sets v = a and returns v. */
  set(a: Fe25519): this {
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
   * Sets v = n for an integer 0 ≤ n < 2^53 and returns v. A non-number
   * throws TypeError; a number outside that range (or not an integer) RangeError.
   */
  setInt(n: number): this {
    if (!Number.isSafeInteger(n) || n < 0) {
      expectNumberArg('Fe25519.setInt', n); // a non-number is a TypeError, not a range error
      throw new RangeError(`Fe25519.setInt: expected a safe non-negative integer, got ${n}`);
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
   * Sets v = the 32-byte little-endian integer b and returns v. Bit 255 is
   * ignored ([RFC8032] §5.1.3 uses it for the sign of x). Values in
   * [p, 2^255) throw StrataError ERR_NON_CANONICAL unless
   * `opts.allowNonCanonical` is set, in which case they are reduced mod p.
   * Wrong length: StrataError ERR_BAD_LENGTH; not a Uint8Array, options
   * that are not an object or a non-boolean `allowNonCanonical`: TypeError.
   */
  setBytes(b: Uint8Array, opts?: Fe25519DecodeOptions): this {
    expectBytes('Fe25519.setBytes', b, 32);
    const o = expectOptions('Fe25519.setBytes options', opts);
    const allowNonCanonical = o === undefined ? false : expectBoolean('Fe25519.setBytes allowNonCanonical', o.allowNonCanonical, false);
    if (!allowNonCanonical && bytesNonCanonical(b, 0)) {
      throw new StrataError(ErrorCode.NON_CANONICAL, 'Fe25519.setBytes: expected a canonical encoding (< 2^255 − 19), got a value ≥ p');
    }
    loadBytes(this.l, b, 0);
    return this;
  }

  /**
   * Sets v from the 32 little-endian bytes of `b` at `offset` (bit 255
   * ignored) and reports whether they decoded: false (v unchanged) when fewer
   * than 32 bytes follow `offset` or the encoding is ≥ p and
   * `opts.allowNonCanonical` is not set. Never throws on a Uint8Array;
   * TypeError for a non-Uint8Array `b`, an `offset` that is not a non-negative
   * integer, options that are not an object or a non-boolean
   * `allowNonCanonical`.
   */
  trySetBytes(b: Uint8Array, offset = 0, opts?: Fe25519DecodeOptions): boolean {
    if (!(b instanceof Uint8Array)) throw new TypeError(`Fe25519.trySetBytes: expected Uint8Array, got ${describe(b)}`);
    expectOffset('Fe25519.trySetBytes', offset);
    const o = expectOptions('Fe25519.trySetBytes options', opts);
    const allowNonCanonical = o === undefined ? false : expectBoolean('Fe25519.trySetBytes allowNonCanonical', o.allowNonCanonical, false);
    if (b.length - offset < 32) return false;
    if (!allowNonCanonical && bytesNonCanonical(b, offset)) return false;
    loadBytes(this.l, b, offset);
    return true;
  }

  /** Returns the 32-byte little-endian canonical encoding (value in [0, p), bit 255 clear). */
  toBytes(): Uint8Array {
    return this.putBytes(new Uint8Array(32), 0);
  }

  /**
   * Writes the canonical 32-byte encoding of v into out[offset..offset+32) and
   * returns out. TypeError for a non-Uint8Array `out` or an `offset` that is
   * not a non-negative integer; StrataError ERR_BAD_LENGTH when fewer than 32
   * bytes follow `offset` (as FieldVal / ModNScalar / PrimeField encoders do).
   */
  putBytes(out: Uint8Array, offset = 0): Uint8Array {
    const off = offset;
    expectRoom('Fe25519.putBytes', out, off, 32);
    const t = scratchA;
    canonicalize(t, this.l);
    let acc = 0;
    let bits = 0;
    let k = off;
    for (let i = 0; i < N; i++) {
      acc |= t[i]! << bits; // t[i] < 2^17 and bits ≤ 7: fits in 24 bits
      bits += 17;
      while (bits >= 8) {
        out[k++] = acc & 0xff;
        acc >>>= 8;
        bits -= 8;
      }
    }
    out[k] = acc & 0xff; // the last 7 bits (bit 255 = 0)
    return out;
  }

  /** Returns the canonical value as a BigInt (tests and debugging; allocates). */
  toBigInt(): bigint {
    const t = scratchA;
    canonicalize(t, this.l);
    let v = 0n;
    for (let i = N - 1; i >= 0; i--) v = (v << 17n) | BigInt(t[i]!);
    return v;
  }

  /** Sets v = x mod p for a BigInt x (tests and constants; allocates) and returns v. */
  setBigInt(v: bigint): this {
    if (typeof v !== 'bigint') throw new TypeError(`Fe25519.setBigInt: expected bigint, got ${typeof v}`);
    let x = ((v % P_BIG) + P_BIG) % P_BIG;
    for (let i = 0; i < N; i++) {
      this.l[i] = Number(x & 0x1ffffn);
      x >>= 17n;
    }
    return this;
  }

  /**
   * Sets v = a + b and returns v.
   * Preconditions: none (limb-wise, no carry).
   * Output normalized: no.
   * Output max magnitude: magnitude(a) + magnitude(b).
   */
  add(a: Fe25519, b: Fe25519): this {
    const o = this.l;
    const x = a.l;
    const y = b.l;
    o[0] = x[0]! + y[0]!;
    o[1] = x[1]! + y[1]!;
    o[2] = x[2]! + y[2]!;
    o[3] = x[3]! + y[3]!;
    o[4] = x[4]! + y[4]!;
    o[5] = x[5]! + y[5]!;
    o[6] = x[6]! + y[6]!;
    o[7] = x[7]! + y[7]!;
    o[8] = x[8]! + y[8]!;
    o[9] = x[9]! + y[9]!;
    o[10] = x[10]! + y[10]!;
    o[11] = x[11]! + y[11]!;
    o[12] = x[12]! + y[12]!;
    o[13] = x[13]! + y[13]!;
    o[14] = x[14]! + y[14]!;
    return this;
  }

  /**
   * Sets v = a − b and returns v.
   * Limbs may become negative; that is allowed everywhere.
   * Preconditions: none.
   * Output normalized: no.
   * Output max magnitude: magnitude(a) + magnitude(b).
   */
  sub(a: Fe25519, b: Fe25519): this {
    const o = this.l;
    const x = a.l;
    const y = b.l;
    o[0] = x[0]! - y[0]!;
    o[1] = x[1]! - y[1]!;
    o[2] = x[2]! - y[2]!;
    o[3] = x[3]! - y[3]!;
    o[4] = x[4]! - y[4]!;
    o[5] = x[5]! - y[5]!;
    o[6] = x[6]! - y[6]!;
    o[7] = x[7]! - y[7]!;
    o[8] = x[8]! - y[8]!;
    o[9] = x[9]! - y[9]!;
    o[10] = x[10]! - y[10]!;
    o[11] = x[11]! - y[11]!;
    o[12] = x[12]! - y[12]!;
    o[13] = x[13]! - y[13]!;
    o[14] = x[14]! - y[14]!;
    return this;
  }

  /**
   * Sets v = −a and returns v.
   * Preconditions: none.
   * Output normalized: no.
   * Output max magnitude: magnitude(a).
   */
  negate(a: Fe25519): this {
    const o = this.l;
    const x = a.l;
    o[0] = -x[0]!;
    o[1] = -x[1]!;
    o[2] = -x[2]!;
    o[3] = -x[3]!;
    o[4] = -x[4]!;
    o[5] = -x[5]!;
    o[6] = -x[6]!;
    o[7] = -x[7]!;
    o[8] = -x[8]!;
    o[9] = -x[9]!;
    o[10] = -x[10]!;
    o[11] = -x[11]!;
    o[12] = -x[12]!;
    o[13] = -x[13]!;
    o[14] = -x[14]!;
    return this;
  }

  /**
   * Sets v = a·b and returns v.
   * Preconditions: magnitude(a), magnitude(b) ≤ 31 (|limb| < 2^22).
   * Output normalized: loose (|limb| ≤ 2^17 + 2^7), not canonical.
   * Output max magnitude: 1.
   */
  mul(a: Fe25519, b: Fe25519): this {
    mulKernel(this.l, a.l, b.l);
    return this;
  }

  /**
   * Sets v = a² and returns v.
   * Preconditions: magnitude(a) ≤ 31.
   * Output normalized: loose.
   * Output max magnitude: 1.
   */
  square(a: Fe25519): this {
    sqrKernel(this.l, a.l);
    return this;
  }

  /**
   * Sets v = a^(2^k) (k repeated squarings) and returns v.
   * Preconditions: magnitude(a) ≤ 31, k ≥ 0 integer.
   * Output normalized: loose (unless k = 0, which copies).
   * Output max magnitude: 1.
   */
  pow2k(a: Fe25519, k: number): this {
    const o = this.l;
    if (!(k > 0)) {
      if (a.l !== o) o.set(a.l);
      return this;
    }
    sqrNKernel(o, a.l, k);
    return this;
  }

  /**
   * Sets v = 2·a² and returns v (used by point doubling).
   * Preconditions: magnitude(a) ≤ 31.
   * Output normalized: no.
   * Output max magnitude: 2.
   */
  square2(a: Fe25519): this {
    const o = this.l;
    sqrKernel(o, a.l);
    for (let i = 0; i < N; i++) o[i] = 2 * o[i]!;
    return this;
  }

  /**
   * Sets v = a^(p−2) = a⁻¹ (0 maps to 0) and returns v. Fixed
   * sequence of 254 squarings and 11 multiplications (constant time).
   * Preconditions: magnitude(a) ≤ 31.
   * Output normalized: loose.
   * Output max magnitude: 1.
   */
  invert(a: Fe25519): this {
    // The Curve25519 chain: a^(2^250 − 1) (shared with pow2523), 5 squarings, ·a^11.
    invertChain(this, a, chainS0, chainS1, chainS2, chainS3);
    return this;
  }

  /**
   * Sets v = a^((p−5)/8) = a^(2^252 − 3) and returns v (square-root
   * helper of [RFC8032] §5.1.3). Constant time.
   * Preconditions: magnitude(a) ≤ 31.
   * Output normalized: loose.
   * Output max magnitude: 1.
   */
  pow2523(a: Fe25519): this {
    // a^(2^250 − 1) as in invert, 2 squarings, ·a.
    pow22523Chain(this, a, chainS0, chainS1, chainS2, chainS3);
    return this;
  }

  /**
   * Sets r = √(u/v) (r the receiver) and reports whether u/v is a square;
   * otherwise sets r = √(i·u/v) (i = √−1). The root returned is the
   * non-negative one (even canonical value). u = 0 gives 0 and true; v = 0
   * with u ≠ 0 gives false. [RFC8032] §5.1.3 step 2–3 (one exponentiation:
   * x = u·v³·(u·v⁷)^((p−5)/8)). The receiver may alias u or v. The exponentiation
   * is constant time; the final root selection branches on its result (meant
   * for public data such as point decompression).
   * Preconditions: magnitude(u), magnitude(v) ≤ 31.
   * Output normalized: loose.
   * Output max magnitude: 1.
   */
  sqrtRatio(u: Fe25519, v: Fe25519): boolean {
    const v3 = sqV3.square(v).mul(sqV3, v); // v³
    const uv3 = sqUV3.mul(u, v3); // u·v³
    const uv7 = sqUV7.square(v3).mul(sqUV7, v).mul(sqUV7, u); // u·v⁷
    const r = sqR.pow2523(uv7).mul(sqR, uv3); // candidate root
    const check = sqCheck.square(r).mul(sqCheck, v); // v·r²
    const uCopy = sqU.set(u);
    const correct = check.equals(uCopy);
    const flipped = !correct && sqT.negate(uCopy).equals(check);
    // v·r² = −u·√−1 only matters for the "not a square" output value.
    const flippedI = !correct && !flipped && sqT.negate(uCopy).mul(sqT, SQRT_M1).equals(check);
    // r·√−1 when v·r² = −u (or = −u·√−1).
    const rPrime = sqT.mul(r, SQRT_M1);
    r.cmov(rPrime, flipped || flippedI ? 1 : 0);
    r.cneg(r.isNegative() ? 1 : 0);
    this.set(r);
    return correct || flipped;
  }

  /**
   * Sets v = a when flag = 1 and leaves v unchanged when flag = 0, without
   * branching on flag; returns v. flag must be 0 or 1.
   * Preconditions: |limb| < 2^51 in both.
   * Output normalized: no (limbs of the selected operand).
   * Output max magnitude: max(magnitude(this), magnitude(a)).
   */
  cmov(a: Fe25519, flag: number): this {
    const o = this.l;
    const x = a.l;
    for (let i = 0; i < N; i++) o[i] = o[i]! + (x[i]! - o[i]!) * flag;
    return this;
  }

  /**
   * Sets v = −v when flag = 1 and leaves it when flag = 0, without
   * branching on flag; returns v. flag must be 0 or 1.
   * Preconditions: none.
   * Output normalized: no.
   * Output max magnitude: unchanged.
   */
  cneg(flag: number): this {
    const o = this.l;
    const s = 1 - 2 * flag;
    for (let i = 0; i < N; i++) o[i] = o[i]! * s;
    return this;
  }

  /**
   * Swaps the values of v and a when flag = 1, without branching on flag
   * (flag ∈ {0, 1}), and returns v.
   * Preconditions: |limb| < 2^51 in both.
   * Output normalized: no (limbs move unchanged).
   * Output max magnitude: unchanged per value.
   */
  cswap(a: Fe25519, flag: number): this {
    const o = this.l;
    const x = a.l;
    for (let i = 0; i < N; i++) {
      const d = (x[i]! - o[i]!) * flag;
      o[i] = o[i]! + d;
      x[i] = x[i]! - d;
    }
    return this;
  }

  /**
   * Carries v into loose form and returns v (value unchanged).
   * Preconditions: |limb| < 2^45.
   * Output normalized: loose.
   * Output max magnitude: 1.
   */
  carry(): this {
    const o = this.l;
    let c = 0;
    for (let i = 0; i < N; i++) {
      const t = o[i]! + c;
      c = Math.floor(t * R);
      o[i] = t - c * B;
    }
    o[0] = o[0]! + 19 * c;
    c = Math.floor(o[0]! * R);
    o[0] = o[0]! - c * B;
    o[1] = o[1]! + c;
    return this;
  }

  /** Rewrites v into its canonical limbs (value in [0, p), limbs in [0, 2^17)) and returns v. */
  normalize(): this {
    canonicalize(this.l, this.l);
    return this;
  }

  /** Reports whether v is odd, canonically ("negative" in [RFC8032] §5.1.2). */
  isNegative(): boolean {
    canonicalize(scratchA, this.l);
    return (scratchA[0]! & 1) === 1;
  }

  /** Reports whether v = 0. */
  isZero(): boolean {
    canonicalize(scratchA, this.l);
    let acc = 0;
    for (let i = 0; i < N; i++) acc |= scratchA[i]!;
    return acc === 0;
  }

  /** Reports whether v = a. */
  equals(a: Fe25519): boolean {
    const t = scratchB;
    const x = this.l;
    const y = a.l;
    for (let i = 0; i < N; i++) t[i] = x[i]! - y[i]!;
    canonicalize(t, t);
    let acc = 0;
    for (let i = 0; i < N; i++) acc |= t[i]!;
    return acc === 0;
  }
}

/** p = 2^255 − 19 as a BigInt. */
const P_BIG = (1n << 255n) - 19n;

// Scratch for the exponentiation chain and sqrtRatio (module level, never escapes).
const chainS0 = new Fe25519();
const chainS1 = new Fe25519();
const chainS2 = new Fe25519();
const chainS3 = new Fe25519();
const sqV3 = new Fe25519();
const sqUV3 = new Fe25519();
const sqUV7 = new Fe25519();
const sqR = new Fe25519();
const sqCheck = new Fe25519();
const sqU = new Fe25519();
const sqT = new Fe25519();


/** √−1 mod p = 2^((p−1)/4). */
const SQRT_M1 = new Fe25519().setBigInt(19681161376707505956807079304988542015446066515923890162744021073123829784752n);
