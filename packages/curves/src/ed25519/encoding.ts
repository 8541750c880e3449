/**
 * The edwards25519 point encoding: decoding 32 bytes into affine (x, y)
 * ([RFC8032] §5.1.3, with the [ZIP-215] relaxation by default), its
 * options and its errors. `Point.fromBytes`, `tryFromBytes`, `setBytes` and
 * `trySetBytes` (point.ts) call {@link decodeXY}; encoding (`Point.toBytes`,
 * `putBytes`, `batchToBytes`) is y with the sign of x in bit 255
 * ([RFC8032] §5.1.2). This module imports no point code.
 *
 * References:
 * - [RFC8032] S. Josefsson, I. Liusvaara, "EdDSA", §5.1.2 (encoding), §5.1.3 (decoding).
 * - [ZIP-215] Zcash, "Explicitly Defining and Modifying Ed25519 Validation Rules".
 */
import { ErrorCode, Fe25519, StrataError, expectBoolean, expectOptions } from '@strata/field';
import { FE_D } from './params.js';

/** Options of {@link Point.fromBytes} and {@link Point.tryFromBytes}. */
export interface PointDecodeOptions {
  /**
   * ZIP-215 decoding (default true): accept y encodings in [p, 2^255)
   * (reduced mod p) and x = 0 with the sign bit set. With false, decoding is
   * strict [RFC8032] §5.1.3: both are rejected (ERR_NON_CANONICAL).
   */
  zip215?: boolean;
}

// Decoder scratch (never escapes; decodeXY finishes with it before returning).
const fA = new Fe25519();
const fB = new Fe25519();
const fC = new Fe25519();
const ONE = new Fe25519().setOne();

/**
 * The `zip215` flag of decoding options (default true); TypeError for
 * options that are not an object or a `zip215` that is not a boolean.
 */
export function zip215Of(what: string, opts: PointDecodeOptions | undefined): boolean {
  const o = expectOptions(`${what} options`, opts);
  return o === undefined ? true : expectBoolean(`${what} zip215`, o.zip215, true);
}

/** ZIP-215 y decoding option, one frozen object (decoding allocates nothing). */
const ALLOW_NON_CANONICAL = Object.freeze({ allowNonCanonical: true });

/** Result codes of the internal decoder. */
export const DEC_OK = 0;
const DEC_NON_CANONICAL_Y = 1;
const DEC_NOT_ON_CURVE = 2;
const DEC_NEGATIVE_ZERO = 3;

/**
 * Decodes 32 bytes at off into (x, y) (RFC 8032 §5.1.3) and returns a DEC_*
 * code. Variable time (public input).
 */
export function decodeXY(x: Fe25519, y: Fe25519, b: Uint8Array, off: number, zip215: boolean): number {
  if (!y.trySetBytes(b, off, zip215 ? ALLOW_NON_CANONICAL : undefined)) return DEC_NON_CANONICAL_Y;
  const sign = b[off + 31]! >>> 7;
  const yy = fA.square(y);
  const u = fB.sub(yy, ONE); // y² − 1
  const v = fC.mul(yy, FE_D).add(fC, ONE); // d·y² + 1
  if (!x.sqrtRatio(u, v)) return DEC_NOT_ON_CURVE;
  if (sign === 0) return DEC_OK;
  // sqrtRatio returns the even root; negate it when the sign bit asks for odd.
  // x = 0 is only tested with the sign bit set (negating 0 is harmless, but
  // strict decoding rejects "−0"): the test canonicalizes x, so half of all
  // decodings skip it (a few per cent of a decoding).
  if (x.isZero()) return zip215 ? DEC_OK : DEC_NEGATIVE_ZERO;
  x.negate(x);
  return DEC_OK;
}

/** The StrataError of a failed decoding (a DEC_* code other than DEC_OK) in `what`. */
export function decodeError(code: number, what: string): StrataError {
  switch (code) {
    case DEC_NON_CANONICAL_Y:
      return new StrataError(ErrorCode.NON_CANONICAL, `${what}: expected y < 2^255 − 19 (strict RFC 8032), got a non-canonical y`);
    case DEC_NEGATIVE_ZERO:
      return new StrataError(ErrorCode.NON_CANONICAL, `${what}: expected sign bit 0 for x = 0 (strict RFC 8032), got 1`);
    default:
      return new StrataError(ErrorCode.POINT_NOT_ON_CURVE, `${what}: expected the encoding of a curve point, got a y with no x`);
  }
}
