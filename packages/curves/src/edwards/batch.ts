/**
 * Batch conversion of generic Edwards points to affine form
 * ({@link batchToAffine}): one field inversion for n points.
 *
 * References:
 * - [MONT87] P. L. Montgomery, "Speeding the Pollard and elliptic curve
 *   methods of factorization", Math. Comp. 48 (1987), §10.3.1
 *   (simultaneous inversion).
 */
import { StrataError, ErrorCode, type PrimeFieldElement } from '@strata/field';
import { PointAffine, PointExtended, PointProj } from './point.js';

/**
 * Converts many projective or extended points to affine with one field
 * inversion (Montgomery's simultaneous-inversion trick: 1I + 3(n−1)M + 2nM)
 * and returns the affine points (written into `out` when given; an `out`
 * shorter than `points` is StrataError ERR_BAD_LENGTH, entries past
 * points.length are left alone — the contract of the other two modules'
 * batch conversions). All points must be on the same curve. StrataError
 * ERR_POINT_AT_INFINITY when a point has Z = 0 (not a point; `out`
 * unchanged). Allocates O(n) temporaries (a batch operation, not a
 * hot-path one).
 *
 * References: [MONT87] P. L. Montgomery, "Speeding the Pollard and elliptic
 * curve methods of factorization", Math. Comp. 48 (1987), §10.3.1.
 */
export function batchToAffine(points: readonly (PointExtended | PointProj)[], out?: PointAffine[]): PointAffine[] {
  if (!Array.isArray(points)) throw new TypeError('batchToAffine: expected an array of points');
  const n = points.length;
  if (out !== undefined && (!Array.isArray(out) || out.length < n)) {
    if (!Array.isArray(out)) throw new TypeError('batchToAffine: expected an array of PointAffine as out');
    throw new StrataError(ErrorCode.BAD_LENGTH, `batchToAffine: expected at least ${n} output points, got ${out.length}`);
  }
  if (n === 0) return out ?? [];
  const first = points[0]!;
  if (!(first instanceof PointExtended || first instanceof PointProj)) throw new TypeError('batchToAffine: expected PointExtended or PointProj inputs');
  const c = first.curve, F = c.F;
  for (const P of points) {
    if (!(P instanceof PointExtended || P instanceof PointProj)) throw new TypeError('batchToAffine: expected PointExtended or PointProj inputs');
    if (P.curve !== c) throw new TypeError(`batchToAffine: expected points on ${c.name}, got one on ${P.curve.name}`);
  }
  const res = out ?? points.map(() => new PointAffine(c));
  for (let i = 0; i < n; i++) {
    const A = res[i];
    if (!(A instanceof PointAffine) || A.curve !== c) throw new TypeError(`batchToAffine: expected PointAffine outputs on ${c.name}`);
  }
  // pre[i] = Z_0 · … · Z_i.
  const pre: PrimeFieldElement[] = [];
  let run = F.set(F.create(), first.Z);
  pre.push(run);
  for (let i = 1; i < n; i++) {
    run = F.mul(F.create(), run, points[i]!.Z);
    pre.push(run);
  }
  // A zero product: some point has Z = 0 (not a point); name the first.
  if (F.isZero(pre[n - 1]!)) {
    const at = points.findIndex((P) => F.isZero(P.Z));
    throw new StrataError(ErrorCode.POINT_AT_INFINITY, `batchToAffine: expected points with Z ≠ 0, got Z = 0 at index ${at} (a point at infinity or no point at all)`);
  }
  const inv = F.invert(F.create(), pre[n - 1]!);
  const zi = F.create();
  for (let i = n - 1; i >= 0; i--) {
    const P = points[i]!;
    if (i > 0) F.mul(zi, inv, pre[i - 1]!); else zi.set(inv);
    if (i > 0) F.mul(inv, inv, P.Z);
    const A = res[i]!;
    F.mul(A.x, P.X, zi);
    F.mul(A.y, P.Y, zi);
  }
  return res;
}
