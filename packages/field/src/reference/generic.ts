/**
 * BigInt reference for the generic prime field GF(p): slow, obviously
 * correct, and the oracle that `PrimeField` (the limb implementation in
 * `../generic/`) is tested against. Every value is a canonical bigint in
 * [0, p). Nothing here is constant-time; nothing here is meant for speed.
 *
 * References:
 * - [HAC] Menezes, van Oorschot, Vanstone, Handbook of Applied Cryptography,
 *   §2.4 (Euler's criterion), Algorithm 3.34 (Tonelli–Shanks square roots).
 */
import { StrataError, ErrorCode, expectBytes } from '../errors.js';

/** Returns b^e mod m by square-and-multiply (e ≥ 0). */
export function refModPow(b: bigint, e: bigint, m: bigint): bigint {
  let r = 1n % m;
  let x = ((b % m) + m) % m;
  let k = e;
  while (k > 0n) {
    if ((k & 1n) === 1n) r = (r * x) % m;
    x = (x * x) % m;
    k >>= 1n;
  }
  return r;
}

/** A plain BigInt model of GF(p) with the same operation set as `PrimeField`. */
export class PrimeFieldRef {
  /** The modulus p. */
  readonly p: bigint;
  /** Bytes in an encoding: ceil(bitlen(p) / 8). */
  readonly byteLength: number;

  /** Builds the reference field for the odd prime p (not re-validated here). */
  constructor(p: bigint) {
    this.p = p;
    this.byteLength = Math.ceil(p.toString(2).length / 8);
  }

  /** Returns x mod p in [0, p). */
  reduce(x: bigint): bigint {
    const r = x % this.p;
    return r < 0n ? r + this.p : r;
  }
  /** Returns a + b mod p. */
  add(a: bigint, b: bigint): bigint { return this.reduce(a + b); }
  /** Returns a − b mod p. */
  sub(a: bigint, b: bigint): bigint { return this.reduce(a - b); }
  /** Returns −a mod p. */
  negate(a: bigint): bigint { return this.reduce(-a); }
  /** Returns a·b mod p. */
  mul(a: bigint, b: bigint): bigint { return this.reduce(a * b); }
  /** Returns a² mod p. */
  square(a: bigint): bigint { return this.reduce(a * a); }
  /** Returns a^e mod p. */
  pow(a: bigint, e: bigint): bigint { return refModPow(a, e, this.p); }
  /** Returns a⁻¹ mod p by Fermat (a^(p−2)); the inverse of 0 is 0. */
  invert(a: bigint): bigint { return refModPow(a, this.p - 2n, this.p); }

  /** Returns the Legendre symbol (a/p): 0, 1 or −1 (Euler's criterion). */
  legendre(a: bigint): -1 | 0 | 1 {
    const x = this.reduce(a);
    if (x === 0n) return 0;
    return refModPow(x, (this.p - 1n) / 2n, this.p) === 1n ? 1 : -1;
  }

  /**
   * Returns a square root of a, or undefined when a is not a square
   * (variable-time Tonelli–Shanks, [HAC] 3.34). Which of the two roots is
   * returned is unspecified.
   */
  sqrt(a: bigint): bigint | undefined {
    const p = this.p;
    const x = this.reduce(a);
    if (x === 0n) return 0n;
    if (this.legendre(x) !== 1) return undefined;
    let q = p - 1n;
    let s = 0;
    while ((q & 1n) === 0n) { q >>= 1n; s++; }
    let z = 2n;
    while (this.legendre(z) !== -1) z++;
    let m = s;
    let c = refModPow(z, q, p);
    let t = refModPow(x, q, p);
    let r = refModPow(x, (q + 1n) / 2n, p);
    while (t !== 1n) {
      let i = 0;
      let t2 = t;
      while (t2 !== 1n) { t2 = (t2 * t2) % p; i++; }
      let b = c;
      for (let j = 0; j < m - i - 1; j++) b = (b * b) % p;
      m = i;
      c = (b * b) % p;
      t = (t * c) % p;
      r = (r * b) % p;
    }
    return r;
  }

  /** Reads a little-endian encoding of byteLength bytes (see fromBytesBE). */
  fromBytesLE(b: Uint8Array, reduce = false): bigint {
    expectBytes('field element', b, this.byteLength);
    let v = 0n;
    for (let i = b.length - 1; i >= 0; i--) v = (v << 8n) | BigInt(b[i]!);
    return this.check(v, reduce);
  }

  /**
   * Reads a big-endian encoding of byteLength bytes; a value ≥ p raises
   * StrataError ERR_NON_CANONICAL unless `reduce`, which returns it mod p.
   */
  fromBytesBE(b: Uint8Array, reduce = false): bigint {
    expectBytes('field element', b, this.byteLength);
    let v = 0n;
    for (let i = 0; i < b.length; i++) v = (v << 8n) | BigInt(b[i]!);
    return this.check(v, reduce);
  }

  private check(v: bigint, reduce: boolean): bigint {
    if (v < this.p) return v;
    if (reduce) return v % this.p;
    throw new StrataError(ErrorCode.NON_CANONICAL, `field element: expected a value < p, got one ≥ p`);
  }

  /** Returns the little-endian encoding of a (in [0, p)). */
  toBytesLE(a: bigint): Uint8Array {
    const out = new Uint8Array(this.byteLength);
    let x = this.reduce(a);
    for (let i = 0; i < out.length; i++) { out[i] = Number(x & 0xffn); x >>= 8n; }
    return out;
  }

  /** Returns the big-endian encoding of a (in [0, p)). */
  toBytesBE(a: bigint): Uint8Array {
    return this.toBytesLE(a).reverse();
  }
}
