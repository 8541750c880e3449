/**
 * ring-go's hash-to-curve H_p (the base point of each member's key-image
 * equation). The challenge hash, hash-to-scalar, is the curve's own
 * `hashToScalar` under a `HashToScalarRule` (@strata/group implements Go's
 * two secp256k1 rules once, for ring-go and go-dleq alike).
 *
 * Hash-to-curve, secp256k1: h = SHA3-256(Enc(P)); up to 128 times: let
 * x = int_BE(h) mod p; if x³ + 7 is a square, return the point (x, y) with
 * y even, i.e. the point whose encoding is 02 ‖ x; else h = SHA3-256(h).
 *
 * Hash-to-curve, ed25519: h = SHA3-256(Enc(P)); up to 128 times: if h
 * decodes as a point (edwards25519 SetBytes rules: non-canonical y accepted,
 * bit 255 is the sign of x), return 8·point; else h = SHA3-256(h). Other
 * 32-byte Edwards curves (Strata-defined) the same with their own encoding
 * and cofactor, through `Curve.tryPointFromBytesClearCofactor` when the curve has
 * it (every point the encoding holds counts, also one its `pointFromBytes`
 * refuses: a Bandersnatch point with a component at infinity).
 *
 * SHA3 here is FIPS-202 SHA3 (not legacy Keccak).
 *
 * References:
 * - [RING-GO] github.com/pokt-network/ring-go @ 782cc69, helpers.go (hashToCurve*).
 * - [GO-DLEQ] github.com/pokt-network/go-dleq @ 488f42a, secp256k1/curve_decred.go
 *   (HashToScalar left-alignment), ed25519/curve.go (SetUniformBytes).
 * - [FIPS202] NIST FIPS 202, SHA-3 Standard.
 * - [SEC1] SEC 1 v2, §2.3.4 (decompression of 02/03 points).
 */
import { sha3_256 } from '@strata/curves/hash';
import { ErrorCode, StrataError } from '@strata/field';
import { hexToBytes } from '@strata/group';
import type { Curve, Point } from '@strata/group';
import { expectCurve } from './expect.js';

/** How a curve hashes to its group, following ring-go's per-curve rule. */
export type HashToCurveStyle = 'sec1-even-y' | 'edwards-cofactor';

/** The number of SHA3-256 evaluations ring-go tries before giving up. */
export const HASH_TO_CURVE_ATTEMPTS = 128;

/** The secp256k1 field prime p, big-endian (for the x ≥ p case of hash-to-curve). */
const SECP256K1_P = hexToBytes('fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f');

/**
 * Returns ring-go's hash-to-curve style for `curve`: SEC1-style curves (a
 * compressed point is one prefix byte plus a scalar-sized x) use
 * `'sec1-even-y'`, 32-byte Edwards encodings use `'edwards-cofactor'`.
 * Throws StrataError `ERR_INVALID_ARGUMENT` for any other shape (ring-go
 * panics on unknown point types).
 */
export function hashToCurveStyle(curve: Curve): HashToCurveStyle {
  expectCurve('hashToCurveStyle', curve);
  if (curve.compressedPointSize === curve.scalarSize + 1 && curve.scalarByteOrder === 'be') return 'sec1-even-y';
  if (curve.compressedPointSize === curve.scalarSize && curve.scalarByteOrder === 'le') return 'edwards-cofactor';
  throw new StrataError(
    ErrorCode.INVALID_ARGUMENT,
    `hashToCurve: expected a secp256k1-shaped or ed25519-shaped curve, got ${curve.name} ` +
      `(${curve.compressedPointSize}-byte points, ${curve.scalarByteOrder} scalars)`,
  );
}

/** Sets a = a − b over 32-byte big-endian integers (a ≥ b assumed). */
function subBE32(a: Uint8Array, aOff: number, b: Uint8Array): void {
  let borrow = 0;
  for (let i = 31; i >= 0; i--) {
    const d = a[aOff + i]! - b[i]! - borrow;
    borrow = d < 0 ? 1 : 0;
    a[aOff + i] = d & 0xff;
  }
}

/** Returns whether the 32 big-endian bytes at a[aOff…] are ≥ b. */
function geBE32(a: Uint8Array, aOff: number, b: Uint8Array): boolean {
  for (let i = 0; i < 32; i++) {
    const x = a[aOff + i]!;
    const y = b[i]!;
    if (x !== y) return x > y;
  }
  return true;
}

/**
 * Returns H_p(P), ring-go's hash-to-curve of the point P (a new point).
 * Variable-time (P is public). Throws StrataError `ERR_MALFORMED` in the
 * never-observed case that 128 hashes all fail (ring-go returns nil on
 * secp256k1 and panics on ed25519).
 */
export function hashToCurveNonConst(curve: Curve, P: Point): Point {
  return hashEncodingToCurveNonConst(curve, P.toBytes());
}

/**
 * Returns H_p(P) from `enc`, Go's `Encode()` of P (`P.toBytes()`), for a
 * caller that already has the encoding (a ring's keys, encoded together
 * with one shared inversion). Otherwise as {@link hashToCurveNonConst}.
 */
export function hashEncodingToCurveNonConst(curve: Curve, enc: Uint8Array): Point {
  const style = hashToCurveStyle(curve);
  let h = sha3_256(enc);
  if (style === 'sec1-even-y') {
    const buf = new Uint8Array(33);
    for (let i = 0; i < HASH_TO_CURVE_ATTEMPTS; i++) {
      buf[0] = 2;
      buf.set(h, 1);
      // decred FieldVal.SetBytes reduces x mod p; ParsePubKey rejects x ≥ p.
      if (curve.name === 'secp256k1' && geBE32(buf, 1, SECP256K1_P)) subBE32(buf, 1, SECP256K1_P);
      const pt = curve.tryPointFromBytes(buf);
      if (pt !== null) return pt;
      h = sha3_256(h);
    }
  } else {
    for (let i = 0; i < HASH_TO_CURVE_ATTEMPTS; i++) {
      // The curve's own decode-and-clear takes every point the encoding holds (Bandersnatch:
      // also those its decoder refuses), so H_p is the same whatever the decode policy.
      if (curve.tryPointFromBytesClearCofactor !== undefined) {
        const q = curve.tryPointFromBytesClearCofactor(h);
        if (q !== null) return q;
      } else {
        const pt = curve.tryPointFromBytes(h);
        if (pt !== null) return mulByCofactorNonConst(curve, pt, pt);
      }
      h = sha3_256(h);
    }
  }
  throw new StrataError(
    ErrorCode.MALFORMED,
    `hashToCurve: expected a curve point within ${HASH_TO_CURVE_ATTEMPTS} hashes, got none`,
  );
}

/**
 * Sets out = h·P for the curve's cofactor h and returns out: three doublings
 * for h = 8, a scalar multiplication otherwise.
 */
export function mulByCofactorNonConst(curve: Curve, P: Point, out: Point): Point {
  let h = curve.cofactor;
  if (h === 1) return out.set(P);
  if ((h & (h - 1)) === 0) {
    out.set(P);
    while (h > 1) {
      out.setDouble(out);
      h >>>= 1;
    }
    return out;
  }
  return curve.scalarMultNonConst(curve.scalarFromInt(h), P, out);
}
