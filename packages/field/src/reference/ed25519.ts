/**
 * BigInt reference arithmetic for GF(2^255 − 19) and for the ed25519 scalar
 * field mod ℓ: slow, allocating, obviously correct. The oracle that the limb
 * implementations `Fe25519` and `Scalar25519` are tested against.
 *
 * References:
 * - [RFC8032] S. Josefsson, I. Liusvaara, "EdDSA", §5.1 (p, ℓ, d, encodings, §5.1.3 decoding).
 * - [RFC7748] §4.1 (Curve25519 constants).
 */

import { expectBytes } from '../errors.js';

/** p = 2^255 − 19. */
export const P25519 = (1n << 255n) - 19n;
/** ℓ = 2^252 + 27742317777372353535851937790883648493, the order of the ed25519 base point. */
export const L25519 = (1n << 252n) + 27742317777372353535851937790883648493n;

/** Returns v mod m in [0, m). */
function mod(v: bigint, m: bigint): bigint {
  const r = v % m;
  return r < 0n ? r + m : r;
}

/** Returns b^e mod m (square-and-multiply; e ≥ 0). */
function powMod(b: bigint, e: bigint, m: bigint): bigint {
  let r = 1n;
  let x = mod(b, m);
  while (e > 0n) {
    if (e & 1n) r = (r * x) % m;
    x = (x * x) % m;
    e >>= 1n;
  }
  return r;
}

/** Reads a little-endian integer from bytes. */
export function refEd25519LeToBig(b: Uint8Array): bigint {
  let v = 0n;
  for (let i = b.length - 1; i >= 0; i--) v = (v << 8n) | BigInt(b[i]!);
  return v;
}

/** Writes v (0 ≤ v < 2^(8·len)) as len little-endian bytes. */
export function refEd25519BigToBytesLE(v: bigint, len: number): Uint8Array {
  const out = new Uint8Array(len);
  let x = v;
  for (let i = 0; i < len; i++) {
    out[i] = Number(x & 0xffn);
    x >>= 8n;
  }
  if (x !== 0n) throw new RangeError(`refEd25519BigToBytesLE: expected a value below 2^${8 * len}, got a larger one`);
  return out;
}

/** GF(2^255 − 19) on BigInt: every function returns the canonical value in [0, p). */
export const RefFe25519 = Object.freeze({
  /** The modulus p. */
  P: P25519,
  /** Returns a mod p. */
  reduce: (a: bigint): bigint => mod(a, P25519),
  /** Returns a + b mod p. */
  add: (a: bigint, b: bigint): bigint => mod(a + b, P25519),
  /** Returns a − b mod p. */
  sub: (a: bigint, b: bigint): bigint => mod(a - b, P25519),
  /** Returns −a mod p. */
  negate: (a: bigint): bigint => mod(-a, P25519),
  /** Returns a·b mod p. */
  mul: (a: bigint, b: bigint): bigint => mod(a * b, P25519),
  /** Returns a² mod p. */
  square: (a: bigint): bigint => mod(a * a, P25519),
  /** Returns a^(2^k) mod p. */
  pow2k: (a: bigint, k: number): bigint => powMod(a, 1n << BigInt(k), P25519),
  /** Returns a^(p−2) mod p (0 for a ≡ 0). */
  invert: (a: bigint): bigint => powMod(a, P25519 - 2n, P25519),
  /** Returns a^((p−5)/8) mod p. */
  pow2523: (a: bigint): bigint => powMod(a, (P25519 - 5n) / 8n, P25519),
  /** √−1 mod p. */
  SQRT_M1: powMod(2n, (P25519 - 1n) / 4n, P25519),
  /**
   * Returns { ok, root }: ok iff u/v is a square mod p (u = 0 counts as
   * square, v = 0 with u ≠ 0 does not); when ok, root is the even square root.
   */
  sqrtRatio(u: bigint, v: bigint): { ok: boolean; root: bigint } {
    u = mod(u, P25519);
    v = mod(v, P25519);
    if (u === 0n) return { ok: true, root: 0n };
    if (v === 0n) return { ok: false, root: 0n };
    const q = mod(u * powMod(v, P25519 - 2n, P25519), P25519);
    if (powMod(q, (P25519 - 1n) / 2n, P25519) !== 1n) return { ok: false, root: 0n };
    // p ≡ 5 (mod 8): candidate q^((p+3)/8), fixed by √−1 when needed.
    let r = powMod(q, (P25519 + 3n) / 8n, P25519);
    if (mod(r * r, P25519) !== q) r = mod(r * powMod(2n, (P25519 - 1n) / 4n, P25519), P25519);
    if (r & 1n) r = P25519 - r;
    return { ok: true, root: r };
  },
  /** Returns true iff the canonical value is odd ([RFC8032] "negative"). */
  isNegative: (a: bigint): boolean => (mod(a, P25519) & 1n) === 1n,
  /**
   * Decodes 32 little-endian bytes ignoring bit 255; returns null when the
   * value is ≥ p and non-canonical input is not allowed.
   */
  fromBytes(b: Uint8Array, allowNonCanonical = false): bigint | null {
    expectBytes('RefFe25519.fromBytes', b, 32);
    const v = refEd25519LeToBig(b) & ((1n << 255n) - 1n);
    if (v >= P25519 && !allowNonCanonical) return null;
    return mod(v, P25519);
  },
  /** Returns the canonical 32-byte little-endian encoding of a mod p. */
  toBytes: (a: bigint): Uint8Array => refEd25519BigToBytesLE(mod(a, P25519), 32),
});

/** The ed25519 scalar field mod ℓ on BigInt: every function returns a value in [0, ℓ). */
export const RefScalar25519 = Object.freeze({
  /** The modulus ℓ. */
  L: L25519,
  /** Returns a mod ℓ. */
  reduce: (a: bigint): bigint => mod(a, L25519),
  /** Returns a + b mod ℓ. */
  add: (a: bigint, b: bigint): bigint => mod(a + b, L25519),
  /** Returns a − b mod ℓ. */
  sub: (a: bigint, b: bigint): bigint => mod(a - b, L25519),
  /** Returns −a mod ℓ. */
  negate: (a: bigint): bigint => mod(-a, L25519),
  /** Returns a·b mod ℓ. */
  mul: (a: bigint, b: bigint): bigint => mod(a * b, L25519),
  /** Returns a·b + c mod ℓ. */
  mulAdd: (a: bigint, b: bigint, c: bigint): bigint => mod(a * b + c, L25519),
  /** Returns a^−1 mod ℓ (0 for a ≡ 0). */
  invert: (a: bigint): bigint => powMod(a, L25519 - 2n, L25519),
  /** Returns the little-endian integer b (any length) mod ℓ. */
  fromBytesReduced: (b: Uint8Array): bigint => mod(refEd25519LeToBig(b), L25519),
  /** Returns the 32-byte value if it is < ℓ, else null. */
  fromBytes(b: Uint8Array): bigint | null {
    expectBytes('RefScalar25519.fromBytes', b, 32);
    const v = refEd25519LeToBig(b);
    return v < L25519 ? v : null;
  },
  /** Returns the 32-byte little-endian encoding of a mod ℓ. */
  toBytes: (a: bigint): Uint8Array => refEd25519BigToBytesLE(mod(a, L25519), 32),
});
