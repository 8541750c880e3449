/**
 * Plain BigInt reference arithmetic for secp256k1's two fields: the base field
 * GF(p), p = 2^256 − 2^32 − 977, and the scalar field mod the group order n.
 * Slow, allocation-happy and obviously correct: the oracle `FieldVal` and
 * `ModNScalar` are tested against, and the baseline the benchmarks compare with.
 * Every function takes and returns canonical values in [0, m) unless it says
 * otherwise (`reduce` and `fromBytes` accept any size).
 *
 * References:
 * - [SEC2] Standards for Efficient Cryptography 2, v2.0, §2.4.1 (p, n).
 * - [HAC] Handbook of Applied Cryptography, Alg. 14.79 (exponentiation), §2.4 (inverses).
 */
import { expectBytes } from '../errors.js';

/** The BigInt reference operations of one prime field (modulus `m`). */
export interface RefSecpPrimeField {
  /** The modulus. */
  readonly m: bigint;
  /** Returns x mod m in [0, m) for any integer x (negative included). */
  reduce(x: bigint): bigint;
  /** Returns (a + b) mod m. */
  add(a: bigint, b: bigint): bigint;
  /** Returns (a − b) mod m. */
  sub(a: bigint, b: bigint): bigint;
  /** Returns −a mod m. */
  negate(a: bigint): bigint;
  /** Returns a·b mod m. */
  mul(a: bigint, b: bigint): bigint;
  /** Returns a² mod m. */
  square(a: bigint): bigint;
  /** Returns a^e mod m for e ≥ 0 (square-and-multiply). */
  pow(a: bigint, e: bigint): bigint;
  /** Returns a⁻¹ mod m (and 0 for 0), as a^(m−2). */
  invert(a: bigint): bigint;
  /** Returns the big-endian integer in b (any length) — NOT reduced. */
  fromBytes(b: Uint8Array): bigint;
  /** Returns a (0 ≤ a < 2^256) as 32 big-endian bytes. */
  toBytes(a: bigint): Uint8Array;
}

/** The base field additionally has square roots (p ≡ 3 mod 4). */
export interface RefSecpBaseField extends RefSecpPrimeField {
  /** Returns a root r with r² = a, or undefined when a is not a square. */
  sqrt(a: bigint): bigint | undefined;
  /** Returns a^((p+1)/4) mod p (dcrd's raw square-root output, also for non-squares). */
  sqrtPow(a: bigint): bigint;
  /** Returns the Legendre symbol of a: 1, −1 (non-square) or 0. */
  legendre(a: bigint): number;
}

function makeField(m: bigint): RefSecpPrimeField {
  const reduce = (x: bigint): bigint => {
    const r = x % m;
    return r < 0n ? r + m : r;
  };
  const pow = (a: bigint, e: bigint): bigint => {
    if (e < 0n) throw new RangeError('pow: expected a non-negative exponent');
    let r = 1n;
    let b = reduce(a);
    let k = e;
    while (k > 0n) {
      if (k & 1n) r = (r * b) % m;
      b = (b * b) % m;
      k >>= 1n;
    }
    return r;
  };
  return {
    m,
    reduce,
    add: (a, b) => reduce(a + b),
    sub: (a, b) => reduce(a - b),
    negate: (a) => reduce(-a),
    mul: (a, b) => reduce(a * b),
    square: (a) => reduce(a * a),
    pow,
    invert: (a) => pow(a, m - 2n),
    fromBytes(b) {
      expectBytes('ref.fromBytes', b);
      let v = 0n;
      for (let i = 0; i < b.length; i++) v = (v << 8n) | BigInt(b[i]!);
      return v;
    },
    toBytes(a) {
      if (a < 0n || a >= 1n << 256n) throw new RangeError('toBytes: expected 0 ≤ a < 2^256');
      const out = new Uint8Array(32);
      let v = a;
      for (let i = 31; i >= 0; i--) {
        out[i] = Number(v & 0xffn);
        v >>= 8n;
      }
      return out;
    },
  };
}

/** p = 2^256 − 2^32 − 977. */
export const SECP256K1_P = (1n << 256n) - (1n << 32n) - 977n;
/** n, the order of the secp256k1 base point. */
export const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

const fp = makeField(SECP256K1_P);

/** BigInt reference for GF(p), the secp256k1 base field. */
export const refSecpFp: RefSecpBaseField = Object.freeze({
  ...fp,
  sqrtPow: (a: bigint) => fp.pow(a, (SECP256K1_P + 1n) / 4n),
  sqrt(a: bigint): bigint | undefined {
    const r = fp.pow(a, (SECP256K1_P + 1n) / 4n);
    return (r * r) % SECP256K1_P === fp.reduce(a) ? r : undefined;
  },
  legendre(a: bigint): number {
    const l = fp.pow(a, (SECP256K1_P - 1n) / 2n);
    return l === 0n ? 0 : l === 1n ? 1 : -1;
  },
});

/** BigInt reference for the secp256k1 scalar field (integers mod n). */
export const refSecpFn: RefSecpPrimeField = Object.freeze(makeField(SECP256K1_N));
