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
// The 11-limb kernels (montMul11, montSqr11, montMul11P1, montSqr11P1, add11, sub11) are unrolled
// straight-line code written by packages/field/gen/prime-field.mjs (`pnpm gen`); the module doc
// above proves their bound.
import { add11, montMul11, montMul11P1, montSqr11, montSqr11P1, sub11 } from './prime-field-kernels.generated.js';

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
