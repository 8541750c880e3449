/**
 * The Banderwagon encoding of Bandersnatch points (crate-crypto/go-ipa,
 * Verkle tries): the quotient of the prime-order subgroup by the 2-torsion
 * point (0, −1), so (x, y) and (−x, −y) are the same element. 32 bytes:
 * big-endian x if y > (q−1)/2 ("lexicographically largest"), else
 * big-endian −x. This is not the (y, sign of x) compression of `toBytes`.
 *
 * Decoding checks, in order (StrataError codes): length (ERR_BAD_LENGTH);
 * x < q (ERR_X_TOO_BIG); a y with a·x² + y² = 1 + d·x²·y² exists
 * (ERR_POINT_NOT_ON_CURVE); 1 − a·x² is a square, the Banderwagon subgroup
 * test (ERR_POINT_NOT_IN_SUBGROUP). The decoded y is the lexicographically
 * largest root.
 *
 * References:
 * - [Banderwagon] G. Kadianakis, M. Ihsan, D. Cohen, K. Fantom,
 *   "Banderwagon" (ethresear.ch, 2022), and go-ipa `banderwagon/element.go`.
 * - [Bandersnatch] Masson, Sanso, Zhang, ePrint 2021/1152.
 */
import { StrataError, ErrorCode, expectBytes } from '@strata/field';
import { PointAffine, PointExtended } from './point.js';
import { expectPointOn } from './params.js';
import { bandersnatch } from './curves.js';

function checkCurve(P: { curve: unknown }): void {
  if (P.curve !== bandersnatch) throw new TypeError('banderwagon: expected a bandersnatch point, got a point on another curve');
}

/** Writes the 32-byte Banderwagon encoding of P into out (allocated if omitted) and returns it; StrataError ERR_POINT_AT_INFINITY for Z = 0 (not a point). */
export function banderwagonToBytes(P: PointExtended | PointAffine, out?: Uint8Array): Uint8Array {
  checkCurve(P);
  const c = bandersnatch, F = c.F, s = c.s;
  const o = out === undefined ? new Uint8Array(32) : expectBytes('output', out, 32);
  const A = P instanceof PointAffine ? P : P.toAffine(scratchAffine);
  const x = s[11]!;
  if (F.isLexLargest(A.y)) x.set(A.x); else F.negate(x, A.x);
  return F.toBytesBE(x, o);
}

const scratchAffine = new PointAffine(bandersnatch);

/**
 * Decodes a Banderwagon encoding into out (a new extended point if omitted)
 * and returns it; errors as described in the module doc. TypeError for an
 * `out` that is not a PointExtended on Bandersnatch.
 */
export function banderwagonFromBytes(bytes: Uint8Array, out?: PointExtended): PointExtended {
  if (out !== undefined) expectPointOn('banderwagonFromBytes out', out, PointExtended, bandersnatch);
  expectBytes('banderwagon element', bytes, 32);
  const c = bandersnatch, F = c.F, s = c.s;
  const x = s[12]!, num = s[13]!, den = s[14]!, y = s[15]!;
  try {
    F.setBytesBE(x, bytes);
  } catch (e) {
    if (e instanceof StrataError && e.code === ErrorCode.NON_CANONICAL) {
      throw new StrataError(ErrorCode.X_TOO_BIG, 'banderwagon element: expected x < q, got x ≥ q');
    }
    throw e;
  }
  // y² = (1 − a·x²) / (1 − d·x²); 1 − d·x² ≠ 0 because d is not a square.
  F.square(den, x);
  F.mul(num, den, c.aM);
  F.mul(den, den, c.dM);
  F.setOne(y);
  F.sub(num, y, num);
  F.sub(den, y, den);
  F.invert(den, den);
  F.mul(den, num, den);
  if (!F.sqrt(y, den)) throw new StrataError(ErrorCode.POINT_NOT_ON_CURVE, 'banderwagon element: expected x of a curve point, got one with no y');
  if (!F.isLexLargest(y)) F.negate(y, y);
  if (F.legendre(num) !== 1) {
    throw new StrataError(ErrorCode.POINT_NOT_IN_SUBGROUP, 'banderwagon element: expected 1 − a·x² to be a square, got a non-square');
  }
  const A = scratchAffine;
  A.x.set(x); A.y.set(y);
  if (!A.isOnCurve()) throw new StrataError(ErrorCode.POINT_NOT_ON_CURVE, 'banderwagon element: expected a curve point, got one off it');
  return (out ?? new PointExtended(c)).setAffine(A);
}

/**
 * Returns true iff P and Q are the same Banderwagon element (X1·Y2 = X2·Y1);
 * false when either has Z = 0 (not a point: (0 : 0 : 0 : 0) would pass the
 * cross-multiplication with anything).
 */
export function banderwagonEquals(P: PointExtended, Q: PointExtended): boolean {
  checkCurve(P); checkCurve(Q);
  const F = bandersnatch.F, s = bandersnatch.s;
  if (F.isZero(P.Z) || F.isZero(Q.Z)) return false;
  F.mul(s[0]!, P.X, Q.Y);
  F.mul(s[1]!, Q.X, P.Y);
  return F.equals(s[0]!, s[1]!);
}
