/**
 * The compressed encoding of the generic Edwards curves: 32 bytes, y
 * little-endian in bits 0..254 and a sign bit for x in bit 255, under the
 * curve's sign convention ({@link EdwardsEncoding}: 'parity', x odd, as
 * zkcrypto/jubjub and [ZIP-216]; 'lexsign', x > (q−1)/2, as circomlibjs,
 * gnark-crypto and arkworks). `PointAffine.fromBytes` / `toBytes`
 * (point.ts) call {@link decodeXY} / {@link encodeXY}; the options and
 * their checks are here too.
 *
 * This module works on field elements and the curve's constants only
 * ({@link EncodingCurve}, which `EdwardsCurve` has), so it imports no point
 * code: point.ts imports it, never the reverse.
 *
 * References:
 * - [RFC8032] §5.1.3 (the decoding steps, for a general a and d:
 *   x² = (1 − y²) / (a − d·y²)).
 * - [ZIP-216] Zcash: require canonical Jubjub point encodings.
 */
import { StrataError, ErrorCode, expectBoolean, expectBytes, expectOneOf, expectOptions, type PrimeField, type PrimeFieldElement } from '@strata/field';
import { EDWARDS_ENCODINGS, type EdwardsEncoding } from './params.js';

/** Options for decoding a compressed point. */
export interface DecodeOptions {
  /** Also require the point to be in the prime-order subgroup (ERR_POINT_NOT_IN_SUBGROUP otherwise). */
  readonly subgroup?: boolean;
  /** Sign convention; defaults to the curve's `encoding`. */
  readonly encoding?: EdwardsEncoding;
}

/** What the encoding uses of a curve (`EdwardsCurve` has it all). */
export interface EncodingCurve {
  readonly name: string;
  readonly encoding: EdwardsEncoding;
  readonly F: PrimeField;
  /** a and d in Montgomery form. */
  readonly aM: PrimeFieldElement;
  readonly dM: PrimeFieldElement;
  /** Field scratch: s[13], s[14] are used by {@link decodeXY}. */
  readonly s: readonly PrimeFieldElement[];
  /** Scratch bytes: kb[0] is used by {@link decodeXY}. */
  readonly kb: readonly Uint8Array[];
}

/**
 * Returns the sign convention of decoding options (the curve's when absent)
 * after checking them: TypeError for non-object options, a non-boolean
 * `subgroup` or an `encoding` other than 'parity' / 'lexsign'.
 */
export function decodeEncoding(curve: EncodingCurve, opts: DecodeOptions | undefined): EdwardsEncoding {
  const o = expectOptions(`${curve.name} point options`, opts);
  if (o === undefined) return curve.encoding;
  expectBoolean(`${curve.name} point subgroup`, o.subgroup, false);
  return expectOneOf(`${curve.name} point encoding`, o.encoding, EDWARDS_ENCODINGS, curve.encoding);
}

/**
 * Decodes the 32 bytes (already checked to be a Uint8Array of length 32)
 * under the sign convention `enc` into the field elements x and y (both
 * distinct from the scratch s[13], s[14]). Errors (StrataError codes):
 * ERR_Y_TOO_BIG (y ≥ q), ERR_POINT_NOT_ON_CURVE (no x for this y),
 * ERR_NON_CANONICAL (x = 0 with the sign bit set, [ZIP-216]). Variable time
 * (public input).
 */
export function decodeXY(curve: EncodingCurve, bytes: Uint8Array, enc: EdwardsEncoding, x: PrimeFieldElement, y: PrimeFieldElement): void {
  const F = curve.F, s = curve.s;
  const sign = bytes[31]! >> 7;
  const yb = curve.kb[0]!;
  yb.set(bytes);
  yb[31] = yb[31]! & 0x7f;
  const u = s[13]!, v = s[14]!;
  try {
    F.setBytesLE(y, yb);
  } catch (e) {
    if (e instanceof StrataError && e.code === ErrorCode.NON_CANONICAL) {
      throw new StrataError(ErrorCode.Y_TOO_BIG, `${curve.name} point: expected y < q, got y ≥ q`);
    }
    throw e;
  }
  // x² = (1 − y²) / (a − d·y²).
  F.square(u, y);
  F.mul(v, u, curve.dM);
  F.sub(v, curve.aM, v);
  // a − d·y² = 0 (possible when a/d is a square, as on Bandersnatch): the curve has no affine point with this y.
  if (F.isZero(v)) throw new StrataError(ErrorCode.POINT_NOT_ON_CURVE, `${curve.name} point: expected y with a matching x on the curve, got y² = a/d (no affine point)`);
  F.setOne(x);
  F.sub(u, x, u);
  F.invert(v, v);
  F.mul(u, u, v);
  if (!F.sqrt(x, u)) throw new StrataError(ErrorCode.POINT_NOT_ON_CURVE, `${curve.name} point: expected y with a matching x on the curve, got none`);
  if (F.isZero(x) && sign === 1) throw new StrataError(ErrorCode.NON_CANONICAL, `${curve.name} point: expected sign bit 0 for x = 0, got 1`);
  const isNeg = enc === 'parity' ? F.isOdd(x) : F.isLexLargest(x);
  if ((isNeg ? 1 : 0) !== sign) F.negate(x, x);
}

/**
 * Writes the 32-byte compressed encoding of the affine (x, y) into out
 * (allocated if omitted) and returns it. TypeError for an `encoding` other
 * than 'parity' / 'lexsign' (absent: the curve's).
 */
export function encodeXY(curve: EncodingCurve, x: PrimeFieldElement, y: PrimeFieldElement, out?: Uint8Array, encoding?: EdwardsEncoding): Uint8Array {
  const F = curve.F;
  const o = out === undefined ? new Uint8Array(32) : expectBytes('output', out, 32);
  F.toBytesLE(y, o);
  const enc = expectOneOf(`${curve.name} point encoding`, encoding, EDWARDS_ENCODINGS, curve.encoding);
  const neg = enc === 'parity' ? F.isOdd(x) : F.isLexLargest(x);
  if (neg) o[31] = o[31]! | 0x80;
  return o;
}
