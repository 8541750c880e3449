/**
 * secp256k1 public-key encodings [SEC1 §2.3.3–2.3.4]: 33-byte compressed
 * (0x02/0x03 ‖ x), 65-byte uncompressed (0x04 ‖ x ‖ y) and the 65-byte
 * "hybrid" form (0x06/0x07 ‖ x ‖ y, the low bit of the prefix giving the
 * parity of y), accepted exactly as decred's ParsePubKey accepts it.
 *
 * Parsing is the only public way bytes become points: every accepted
 * encoding is on the curve. Checks run in decred's order and each failure
 * has its own StrataError code:
 * - length not 33 or 65 → ERR_BAD_LENGTH;
 * - prefix not valid for that length → ERR_BAD_FORMAT;
 * - x ≥ p → ERR_X_TOO_BIG; y ≥ p → ERR_Y_TOO_BIG (never reduced);
 * - hybrid prefix parity ≠ parity of y → ERR_Y_PARITY_MISMATCH
 *   (checked before the curve equation, as decred does);
 * - not on the curve (no square root for a compressed x) → ERR_POINT_NOT_ON_CURVE.
 *
 * References:
 * - [SEC1] SEC 1: Elliptic Curve Cryptography, v2.0, §2.3.3, §2.3.4.
 * - [SEC2] SEC 2 v2.0 §2.4.1.
 * - [X9.62] ANSI X9.62-1998, hybrid point form (prefix 0x06/0x07).
 * - decred dcrd `dcrec/secp256k1` ParsePubKey (accepted set and error order).
 */
import { FieldVal, StrataError, ErrorCode, describe, expectInstance, expectRoom } from '@strata/field';
import { CURVE_B } from './params.js';
import { JacobianPoint, isOnCurveAffine } from './point.js';
import { SECP256K1_PARSE } from '../engine/secp256k1-abi.js';
import { secp256k1Backend } from '../engine/state.js';

/** Length of a compressed public key. */
export const PUBKEY_COMPRESSED_LEN = 33;
/** Length of an uncompressed (or hybrid) public key. */
export const PUBKEY_UNCOMPRESSED_LEN = 65;

const rhs = new FieldVal();
const px = new FieldVal();
const py = new FieldVal();
/** Coordinate staging buffer (copying avoids allocating a subarray view per call). */
const coord = new Uint8Array(32);

/** Copies bytes[off … off+32) into `coord` and returns it. */
function coordAt(bytes: Uint8Array, off: number): Uint8Array {
  for (let i = 0; i < 32; i++) coord[i] = bytes[off + i]!;
  return coord;
}

/**
 * Sets out = y with y² = x³ + 7 and parity `odd`, and returns out, or
 * returns null (out unspecified) when x³ + 7 is not a square, i.e. no point
 * has this x. x may be any FieldVal of magnitude ≤ 8 (it is reduced mod p).
 * The result is normalized. Cost: one square root (~255S + 13M) + 1M + 1S.
 * TypeError for a non-FieldVal `x` or `out`, or a non-boolean `odd`.
 */
export function decompressY(x: FieldVal, odd: boolean, out: FieldVal = new FieldVal()): FieldVal | null {
  if (!(x instanceof FieldVal)) throw new TypeError(`decompressY: expected FieldVal x, got ${describe(x)}`);
  if (typeof odd !== 'boolean') throw new TypeError(`decompressY: expected a boolean odd, got ${describe(odd)}`);
  expectInstance('decompressY out', out, FieldVal);
  const be = secp256k1Backend();
  return (be === null ? tsDecompressY(x, odd, out) : be.decompressY(x, odd, out)) ? out : null;
}

/** @internal TypeScript backend (backend.ts Secp256k1Backend.decompressY): out = the root of x³ + 7 with parity `odd`, or false. */
export function tsDecompressY(x: FieldVal, odd: boolean, out: FieldVal): boolean {
  rhs.square(x).mul(rhs, x).add(rhs, CURVE_B); //   x³ + 7                 (mag 2)
  if (!out.sqrt(rhs)) return false; //    normalized root
  if (out.isOdd() !== odd) out.negate(out, 1).normalize();
  return true;
}

/**
 * Parses a 33-byte compressed, 65-byte uncompressed or 65-byte hybrid
 * secp256k1 public key and returns it as an affine JacobianPoint (Z = 1)
 * in `out` (a new point by default). Throws a StrataError with the codes
 * listed in this module's header; throws TypeError if `bytes` is not a
 * Uint8Array or `out` not a JacobianPoint. On error `out` is left unchanged.
 */
export function pointFromBytes(bytes: Uint8Array, out: JacobianPoint = new JacobianPoint()): JacobianPoint {
  if (!(bytes instanceof Uint8Array)) throw new TypeError(`pointFromBytes: expected Uint8Array, got ${describe(bytes)}`);
  expectInstance('pointFromBytes out', out, JacobianPoint);
  const len = bytes.length;
  const format = bytes[0]!;
  if (len === PUBKEY_UNCOMPRESSED_LEN) {
    if (format !== 0x04 && format !== 0x06 && format !== 0x07) {
      throw new StrataError(
        ErrorCode.BAD_FORMAT,
        `pointFromBytes: expected prefix 0x04, 0x06 or 0x07 for a 65-byte key, got 0x${hexByte(format)}`,
        { offset: 0 },
      );
    }
  } else if (len === PUBKEY_COMPRESSED_LEN) {
    if (format !== 0x02 && format !== 0x03) {
      throw new StrataError(
        ErrorCode.BAD_FORMAT,
        `pointFromBytes: expected prefix 0x02 or 0x03 for a 33-byte key, got 0x${hexByte(format)}`,
        { offset: 0 },
      );
    }
  } else {
    throw new StrataError(ErrorCode.BAD_LENGTH, `pointFromBytes: expected 33 or 65 bytes, got ${len}`);
  }
  const be = secp256k1Backend();
  return parsed(be === null ? tsParsePubKey(bytes, out) : be.pointFromBytes(bytes, out), format, out);
}

/**
 * @internal TypeScript backend (backend.ts Secp256k1Backend.pointFromBytes):
 * decodes a key whose length and prefix pointFromBytes checked and returns a
 * SECP256K1_PARSE status; on OK, out = (x, y, 1), otherwise out is unchanged.
 */
export function tsParsePubKey(bytes: Uint8Array, out: JacobianPoint): number {
  const P = SECP256K1_PARSE;
  const format = bytes[0]!;
  if (px.setBytesReduced(coordAt(bytes, 1))) return P.X_TOO_BIG;
  if (bytes.length === PUBKEY_UNCOMPRESSED_LEN) {
    if (py.setBytesReduced(coordAt(bytes, 33))) return P.Y_TOO_BIG;
    // setBytes leaves normalized values.
    if (format !== 0x04 && py.isOdd() !== (format === 0x07)) return P.PARITY;
    if (!isOnCurveAffine(px, py)) return P.NOT_ON_CURVE;
  } else if (!tsDecompressY(px, format === 0x03, py)) {
    return P.NOT_ON_CURVE;
  }
  out.x.set(px);
  out.y.set(py);
  out.z.setInt(1);
  return P.OK;
}

/**
 * Returns out after a decode with status `status` (SECP256K1_PARSE), or
 * throws the StrataError of the failure (the same code, message and offset
 * on both engines).
 */
function parsed(status: number, format: number, out: JacobianPoint): JacobianPoint {
  const P = SECP256K1_PARSE;
  if (status === P.OK) return out;
  if (status === P.X_TOO_BIG) throw new StrataError(ErrorCode.X_TOO_BIG, 'pointFromBytes: expected x < p, got x ≥ p', { offset: 1 });
  if (status === P.Y_TOO_BIG) throw new StrataError(ErrorCode.Y_TOO_BIG, 'pointFromBytes: expected y < p, got y ≥ p', { offset: 33 });
  if (status === P.PARITY) {
    // A mismatch means y has the other parity than the prefix asks for.
    throw new StrataError(
      ErrorCode.Y_PARITY_MISMATCH,
      `pointFromBytes: expected ${format === 0x07 ? 'odd' : 'even'} y for hybrid prefix 0x0${format}, got ${format === 0x07 ? 'even' : 'odd'} y`,
      { offset: 0 },
    );
  }
  if (format === 0x02 || format === 0x03) {
    throw new StrataError(ErrorCode.POINT_NOT_ON_CURVE, 'pointFromBytes: expected an x with x³ + 7 a square, got a non-square');
  }
  throw new StrataError(ErrorCode.POINT_NOT_ON_CURVE, 'pointFromBytes: expected a point on y² = x³ + 7, got one off the curve');
}

function hexByte(b: number): string {
  return b.toString(16).padStart(2, '0');
}

const aff = new JacobianPoint();

/** Loads the affine form of p into `aff`, throwing for the point at infinity. */
function affineOf(what: string, p: JacobianPoint): JacobianPoint {
  if (!(p instanceof JacobianPoint)) throw new TypeError(`${what}: expected JacobianPoint, got ${describe(p)}`);
  if (p.isIdentity()) {
    throw new StrataError(ErrorCode.POINT_AT_INFINITY, `${what}: expected a finite point, got the point at infinity`);
  }
  const be = secp256k1Backend();
  // Z = 1: already affine (JacobianPoint.toAffine's shortcut, on both engines).
  if (be === null || p.z.isOne()) return aff.set(p).toAffine();
  be.toAffine(p, aff);
  return aff;
}

/** @internal TypeScript backend (backend.ts Secp256k1Backend.toAffine): out = P in affine form (one inversion). */
export function tsToAffine(p: JacobianPoint, out: JacobianPoint): void {
  out.set(p).toAffine();
}

/**
 * Writes the 33-byte compressed encoding (0x02 | parity(y)) ‖ x of p into
 * out[off…off+33) and returns out.
 * Without `out`, writes into a new array. One inversion unless Z = 1. Throws
 * ERR_POINT_AT_INFINITY for the identity (it has no SEC1 encoding here) and
 * ERR_BAD_LENGTH when out is too short.
 */
export function pointToBytes(p: JacobianPoint, out: Uint8Array = new Uint8Array(PUBKEY_COMPRESSED_LEN), off = 0): Uint8Array {
  expectRoom('pointToBytes', out, off, PUBKEY_COMPRESSED_LEN);
  const a = affineOf('pointToBytes', p);
  out[off] = a.y.isOdd() ? 0x03 : 0x02;
  a.x.putBytes(out, off + 1);
  return out;
}

/**
 * Writes the 65-byte uncompressed encoding 0x04 ‖ x ‖ y of p into
 * out[off…off+65) and returns out.
 * Without `out`, writes into a new array. Throws ERR_POINT_AT_INFINITY for the
 * identity.
 */
export function pointToBytesUncompressed(p: JacobianPoint, out: Uint8Array = new Uint8Array(PUBKEY_UNCOMPRESSED_LEN), off = 0): Uint8Array {
  expectRoom('pointToBytesUncompressed', out, off, PUBKEY_UNCOMPRESSED_LEN);
  const a = affineOf('pointToBytesUncompressed', p);
  out[off] = 0x04;
  a.x.putBytes(out, off + 1);
  a.y.putBytes(out, off + 33);
  return out;
}
