/**
 * Portable fronts for the optional fast paths of `Curve`.
 *
 * Each helper calls the backend's fast path when the backend has one and
 * otherwise computes the same value with the required `Curve` operations, so
 * code built on the interface (DLEq, ring signatures) can always call the
 * helper and get the fastest route the backend offers.
 *
 * References:
 * - [GO-DLEQ] github.com/pokt-network/go-dleq, package `types`.
 */
import { describe } from '@strata/field';
import { checkCurve } from './check.js';
import type { Curve, Point, PointLike, PointTable, PrecomputeOptions, Scalar } from './types.js';

/** The portable table: just a private copy of the point. */
class PlainPointTable implements PointTable {
  readonly point: Point;
  constructor(P: Point) {
    this.point = P.copy();
  }
}

/** Returns the point behind a `PointLike` (the point itself, or a table's point). */
export function pointOf(P: PointLike): Point {
  return isPointTable(P) ? P.point : P;
}

/** Returns whether `P` is a `PointTable` handle rather than a bare point. */
export function isPointTable(P: PointLike): P is PointTable {
  return (P as Partial<PointTable>).point !== undefined && typeof (P as Partial<Point>).add !== 'function';
}

/**
 * Returns a table for `P`: `curve.precompute(P, options)` when the backend
 * has it (options are size hints, see `PrecomputeOptions`), otherwise a
 * handle that wraps a copy of `P`. TypeError for a non-Curve `curve`.
 */
export function precompute(curve: Curve, P: Point, options?: PrecomputeOptions): PointTable {
  checkCurve('precompute curve', curve);
  if (curve.precompute === undefined) return new PlainPointTable(P);
  return options === undefined ? curve.precompute(P) : curve.precompute(P, options);
}

/** Returns s·P for a point or table (constant-time; for secrets). */
export function scalarMulLike(curve: Curve, s: Scalar, P: PointLike, out?: Point): Point {
  if (isPointTable(P)) {
    if (curve.scalarMulTable !== undefined && !(P instanceof PlainPointTable)) return curve.scalarMulTable(s, P, out);
    return curve.scalarMul(s, P.point, out);
  }
  return curve.scalarMul(s, P, out);
}

/** Returns s·P for a point or table, variable-time (public s only). */
export function scalarMulLikeNonConst(curve: Curve, s: Scalar, P: PointLike, out?: Point): Point {
  if (isPointTable(P)) {
    if (curve.scalarMulTableNonConst !== undefined && !(P instanceof PlainPointTable)) {
      return curve.scalarMulTableNonConst(s, P, out);
    }
    return curve.scalarMulNonConst(s, P.point, out);
  }
  return curve.scalarMulNonConst(s, P, out);
}

/** Returns a·A + b·B, variable-time (public scalars only). */
export function doubleScalarMulNonConst(
  curve: Curve,
  a: Scalar,
  A: PointLike,
  b: Scalar,
  B: PointLike,
  out?: Point,
): Point {
  if (curve.doubleScalarMulNonConst !== undefined) {
    return curve.doubleScalarMulNonConst(a, unwrapPlain(A), b, unwrapPlain(B), out);
  }
  const t = scalarMulLikeNonConst(curve, b, B);
  const r = scalarMulLikeNonConst(curve, a, A, out);
  return r.setAdd(r, t);
}

/** Returns s·G + c·P, variable-time (public scalars only). */
export function baseAndPointMulNonConst(curve: Curve, s: Scalar, c: Scalar, P: PointLike, out?: Point): Point {
  if (curve.baseAndPointMulNonConst !== undefined) return curve.baseAndPointMulNonConst(s, c, unwrapPlain(P), out);
  const t = scalarMulLikeNonConst(curve, c, P);
  const r = curve.scalarBaseMulNonConst(s, out);
  return r.setAdd(r, t);
}

/** Returns Σ scalars[i]·points[i], variable-time (public scalars only). */
export function msmNonConst(
  curve: Curve,
  scalars: readonly Scalar[],
  points: readonly PointLike[],
  out?: Point,
): Point {
  if (scalars.length !== points.length) {
    throw new RangeError(`msmNonConst: expected as many points as scalars (${scalars.length}), got ${points.length}`);
  }
  if (curve.msmNonConst !== undefined) return curve.msmNonConst(scalars, points.map(unwrapPlain), out);
  const acc = out ?? curve.identity();
  const tmp = curve.identity();
  acc.set(tmp);
  for (let i = 0; i < scalars.length; i++) {
    scalarMulLikeNonConst(curve, scalars[i]!, points[i]!, tmp);
    acc.setAdd(acc, tmp);
  }
  return acc;
}

/** A backend's fast path cannot read the portable table: hand it the point. */
function unwrapPlain(P: PointLike): PointLike {
  return P instanceof PlainPointTable ? P.point : P;
}

/**
 * Writes the encodings of `points` back to back into `out[offset …)` and
 * returns `out` (a new array of points.length·compressedPointSize bytes by
 * default): `curve.encodeMany` when the backend has it (one shared
 * inversion), otherwise `encodeInto` point by point. TypeError for a
 * non-Curve `curve`, an `out` that is neither undefined nor a Uint8Array, or
 * an `offset` that is not an integer; RangeError for a negative offset or
 * too little room.
 */
export function encodeMany(curve: Curve, points: readonly Point[], out?: Uint8Array, offset = 0): Uint8Array {
  checkCurve('encodeMany curve', curve);
  if (out !== undefined && !(out instanceof Uint8Array)) throw new TypeError(`encodeMany out: expected Uint8Array, got ${describe(out)}`);
  if (!Number.isInteger(offset)) {
    throw new TypeError(`encodeMany offset: expected an integer, got ${typeof offset === 'number' ? `number ${String(offset)}` : describe(offset)}`);
  }
  const len = curve.compressedPointSize;
  const buf = out ?? new Uint8Array(points.length * len);
  if (offset < 0 || buf.length < offset + points.length * len) {
    throw new RangeError(`encodeMany: expected room for ${points.length * len} bytes at offset ${offset}, got ${buf.length}`);
  }
  if (curve.encodeMany !== undefined) return curve.encodeMany(points, buf, offset);
  for (let i = 0; i < points.length; i++) points[i]!.encodeInto(buf, offset + i * len);
  return buf;
}
