/**
 * Batch conversion of Jacobian points to affine form with a single field
 * inversion (Montgomery's simultaneous-inversion trick).
 *
 * For m finite points the cost is 1 inversion + (6m − 3)M + mS instead of m
 * inversions: prefix products P_i = Z_0⋯Z_(i−1), one inversion of the full
 * product, then a backward sweep recovering each 1/Z_i = P_i · (Z_i⋯Z_(m−1))⁻¹.
 *
 * The Edwards twins (`ed25519` and `edwards` `batchToAffine`) run the same
 * algorithm on projective coordinates (x = X/Z); this one maps Jacobian
 * points (x = X/Z², y = Y/Z³) over `FieldVal` with its magnitude rules, so
 * the copy is a different formula, not a speed trade: there is no generic
 * short-Weierstrass code in the package to share it with.
 *
 * References:
 * - [MONT] P. L. Montgomery, "Speeding the Pollard and elliptic curve methods
 *   of factorization", Math. Comp. 48 (1987), §10.3.1.
 * - [HAC] Menezes, van Oorschot, Vanstone, Handbook of Applied Cryptography.
 */
import { ErrorCode, FieldVal, StrataError } from '@strata/field';
import { JacobianPoint } from './point.js';

/** Grows-on-demand pool of scratch field elements (amortised, not per call). */
const prefix: FieldVal[] = [];
const acc = new FieldVal();
const zi = new FieldVal();
const zi2 = new FieldVal();

function ensurePrefix(m: number): void {
  while (prefix.length < m) prefix.push(new FieldVal());
}

/**
 * Sets out[i] = points[i] in affine form (Z = 1, normalized coordinates)
 * for every i < points.length, using one field inversion for the whole
 * batch, and returns out (new points when omitted; pass `points` itself to
 * convert in place — out[i] === points[i] aliasing is allowed). Points at
 * infinity stay (0, 0, 0). The same contract as `ed25519.batchToAffine` and
 * `edwards.batchToAffine`: an `out` shorter than `points` is StrataError
 * ERR_BAD_LENGTH, entries past points.length are left alone. Variable time:
 * it branches on which points are at infinity or already affine.
 * Cost: 1 inversion + (6m − 3)M + mS for m points.
 */
export function batchToAffineNonConst(points: readonly JacobianPoint[], out?: JacobianPoint[]): JacobianPoint[] {
  if (!Array.isArray(points)) throw new TypeError('batchToAffineNonConst: expected an array of JacobianPoint');
  const m = points.length;
  if (out === undefined) {
    out = [];
    for (let i = 0; i < m; i++) out.push(new JacobianPoint());
  }
  if (!Array.isArray(out)) throw new TypeError('batchToAffineNonConst: expected an array of JacobianPoint as out');
  if (out.length < m) throw new StrataError(ErrorCode.BAD_LENGTH, `batchToAffineNonConst: expected out of length ≥ ${m}, got ${out.length}`);
  for (let i = 0; i < m; i++) {
    if (!(points[i] instanceof JacobianPoint) || !(out[i] instanceof JacobianPoint)) {
      throw new TypeError(`batchToAffineNonConst: expected JacobianPoint at index ${i}`);
    }
  }
  return batchCore(points, out, m);
}

/** In-place batch conversion of points[0 … m) (internal; no argument checks). */
export function batchToAffinePrefixNonConst(points: JacobianPoint[], m: number): void {
  batchCore(points, points, m);
}

function batchCore(points: readonly JacobianPoint[], out: JacobianPoint[], m: number): JacobianPoint[] {
  ensurePrefix(m);
  acc.setInt(1);
  let any = false;
  for (let i = 0; i < m; i++) {
    const p = points[i]!;
    if (p.z.isZero() || p.z.isOne()) continue;
    prefix[i]!.set(acc); //                 P_i = Z_0⋯Z_(i−1)          (mag 1)
    acc.mul(acc, p.z); //                        running product           (mag 1)
    any = true;
  }
  if (any) acc.invertNonConst(acc); //       (Z_0⋯Z_(m−1))⁻¹ (variable time: public points)
  for (let i = m - 1; i >= 0; i--) {
    const p = points[i]!;
    const o = out[i]!;
    if (p.z.isZero()) {
      o.setIdentity();
      continue;
    }
    if (p.z.isOne()) {
      if (o !== p) o.set(p);
      continue;
    }
    zi.mul(acc, prefix[i]!); //            1/Z_i                      (mag 1)
    acc.mul(acc, p.z); //                        (Z_0⋯Z_(i−1))⁻¹            (mag 1)
    zi2.square(zi); //                   1/Z_i²                     (mag 1)
    o.x.mul(p.x, zi2).normalize(); //      x = X/Z²                   (normalized)
    zi2.mul(zi2, zi); //                         1/Z_i³                     (mag 1)
    o.y.mul(p.y, zi2).normalize(); //      y = Y/Z³                   (normalized)
    o.z.setInt(1);
  }
  return out;
}
