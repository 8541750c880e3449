/**
 * Portable fronts for the optional fast paths of `Curve` (docs/api.md §3,
 * the curve-family form: the curve first, inputs in reading order of the
 * formula, `out` last).
 *
 * Each helper calls the backend's fast path when the backend has one and
 * otherwise computes the same value with the required `Curve` operations, so
 * code built on the interface (DLEq, ring signatures) can always call the
 * helper and get the fastest route the backend offers.
 *
 * References:
 * - [GO-DLEQ] github.com/pokt-network/go-dleq, package `types`.
 */
import { StrataError, describe, expectRoom } from '@strata/field';
import { checkCurve, checkMsmLengths, expectPrecomputeOptions } from './check.js';
import type { Curve, Point, PointLike, PointTable, PrecomputeOptions, Scalar } from './types.js';

/** The portable table: just a private copy of the point. */
class PlainPointTable implements PointTable {
  readonly point: Point;
  constructor(P: Point) {
    this.point = P.clone();
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
 * has it (the backend maps `options.size` to its own table shape),
 * otherwise a handle that wraps a copy of `P`. TypeError for a non-Curve
 * `curve` or ill-typed options.
 */
export function precompute(curve: Curve, P: Point, options?: PrecomputeOptions): PointTable {
  checkCurve('precompute curve', curve);
  expectPrecomputeOptions('precompute', options);
  if (curve.precompute === undefined) return new PlainPointTable(P);
  return options === undefined ? curve.precompute(P) : curve.precompute(P, options);
}

/** Returns k·P for a point or table (constant-time; for secrets). */
export function scalarMult(curve: Curve, k: Scalar, P: PointLike, out?: Point): Point {
  if (isPointTable(P)) {
    if (curve.scalarMultTable !== undefined && !(P instanceof PlainPointTable)) return curve.scalarMultTable(k, P, out);
    return curve.scalarMult(k, P.point, out);
  }
  return curve.scalarMult(k, P, out);
}

/** Returns k·P for a point or table, variable-time (public k only). */
export function scalarMultNonConst(curve: Curve, k: Scalar, P: PointLike, out?: Point): Point {
  if (isPointTable(P)) {
    if (curve.scalarMultTableNonConst !== undefined && !(P instanceof PlainPointTable)) {
      return curve.scalarMultTableNonConst(k, P, out);
    }
    return curve.scalarMultNonConst(k, P.point, out);
  }
  return curve.scalarMultNonConst(k, P, out);
}

/** Returns a·A + b·B, variable-time (public scalars only). */
export function doubleScalarMultNonConst(
  curve: Curve,
  a: Scalar,
  A: PointLike,
  b: Scalar,
  B: PointLike,
  out?: Point,
): Point {
  if (curve.doubleScalarMultNonConst !== undefined) {
    return curve.doubleScalarMultNonConst(a, unwrapPlain(A), b, unwrapPlain(B), out);
  }
  const t = scalarMultNonConst(curve, b, B);
  const r = scalarMultNonConst(curve, a, A, out);
  return r.setAdd(r, t);
}

/** Returns a·A + b·G, variable-time (public scalars only). */
export function doubleScalarMultBaseNonConst(curve: Curve, a: Scalar, A: PointLike, b: Scalar, out?: Point): Point {
  if (curve.doubleScalarMultBaseNonConst !== undefined) return curve.doubleScalarMultBaseNonConst(a, unwrapPlain(A), b, out);
  const t = scalarMultNonConst(curve, a, A);
  const r = curve.scalarBaseMultNonConst(b, out);
  return r.setAdd(r, t);
}

/**
 * Returns P's pieces for {@link doubleScalarMultSplitNonConst}: the
 * backend's `splitNonConst(P, n, out)` when it has one (n pieces, in `out`
 * when it holds n points), otherwise [a copy of P] (one piece: the plain
 * multiplication; `out` unused). A caller learns whether a curve splits
 * from the length of what this returns. Piece j of P − Q is piece j of P
 * minus piece j of Q. Variable-time (public P). TypeError for a non-Curve
 * `curve`; RangeError for n not an integer in [1, 8].
 */
export function splitNonConst(curve: Curve, P: Point, n: number, out?: Point[]): Point[] {
  checkCurve('splitNonConst curve', curve);
  if (!Number.isInteger(n) || n < 1 || n > 8) throw new RangeError(`splitNonConst: expected a piece count in [1, 8], got ${describe(n)}`);
  if (curve.splitNonConst !== undefined) return out === undefined ? curve.splitNonConst(P, n) : curve.splitNonConst(P, n, out);
  return [P.clone()];
}

/**
 * Returns a·A + b·P, variable-time (public scalars only), for P given by
 * the pieces {@link splitNonConst} returned on the same curve: the
 * backend's `doubleScalarMultSplitNonConst` when it has one, otherwise
 * (one piece) `doubleScalarMultNonConst(a, A, b, pieces[0])`. RangeError
 * for an empty array, or for several pieces on a curve without the fast
 * path (they cannot have come from it).
 */
export function doubleScalarMultSplitNonConst(
  curve: Curve,
  a: Scalar,
  A: PointLike,
  b: Scalar,
  pieces: readonly Point[],
  out?: Point,
): Point {
  if (pieces.length < 1) throw new RangeError('doubleScalarMultSplitNonConst: expected at least one piece, got 0');
  if (curve.doubleScalarMultSplitNonConst !== undefined) {
    return curve.doubleScalarMultSplitNonConst(a, unwrapPlain(A), b, pieces, out);
  }
  if (pieces.length !== 1) {
    throw new RangeError(`doubleScalarMultSplitNonConst: expected the one piece of a curve without split points, got ${pieces.length}`);
  }
  return doubleScalarMultNonConst(curve, a, A, b, pieces[0]!, out);
}

/**
 * Returns Σ scalars[i]·points[i], variable-time (public scalars only).
 * StrataError `ERR_BAD_LENGTH` unless the arrays have the same length.
 */
export function msmNonConst(
  curve: Curve,
  points: readonly PointLike[],
  scalars: readonly Scalar[],
  out?: Point,
): Point {
  checkMsmLengths(points, scalars);
  if (curve.msmNonConst !== undefined) return curve.msmNonConst(points.map(unwrapPlain), scalars, out);
  const acc = out ?? curve.identity();
  const tmp = curve.identity();
  acc.set(tmp);
  for (let i = 0; i < scalars.length; i++) {
    scalarMultNonConst(curve, scalars[i]!, points[i]!, tmp);
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
 * default): `curve.pointsToBytes` when the backend has it (one shared
 * inversion), otherwise `putBytes` point by point. TypeError for a
 * non-Curve `curve`, an `out` that is neither undefined nor a Uint8Array, or
 * an `offset` that is not a non-negative integer; StrataError
 * `ERR_BAD_LENGTH` for too little room.
 */
export function pointsToBytes(curve: Curve, points: readonly Point[], out?: Uint8Array, offset = 0): Uint8Array {
  checkCurve('pointsToBytes curve', curve);
  const len = curve.compressedPointSize;
  const buf = out === undefined ? new Uint8Array(points.length * len) : out;
  expectRoom('pointsToBytes out', buf, offset, points.length * len);
  if (curve.pointsToBytes !== undefined) return curve.pointsToBytes(points, buf, offset);
  for (let i = 0; i < points.length; i++) points[i]!.putBytes(buf, offset + i * len);
  return buf;
}

/**
 * Returns whether Go's two secp256k1 hash-to-scalar rules disagree on
 * `hashToScalar(data)`: the curve's own `hashToScalarIsAmbiguous` when it
 * has one; otherwise the curve is asked under both rules (a decred overflow,
 * where Go panics, counts as a disagreement). Always false on curves with
 * one rule. TypeError for a non-Curve or non-Uint8Array `data`.
 */
export function hashToScalarIsAmbiguous(curve: Curve, data: Uint8Array): boolean {
  checkCurve('hashToScalarIsAmbiguous curve', curve);
  if (!(data instanceof Uint8Array)) throw new TypeError(`hashToScalarIsAmbiguous: expected Uint8Array, got ${describe(data)}`);
  if (curve.hashToScalarIsAmbiguous !== undefined) return curve.hashToScalarIsAmbiguous(data);
  const plain = curve.hashToScalar(data, undefined, LIBSECP);
  try {
    return !curve.hashToScalar(data, undefined, DECRED).equals(plain);
  } catch (e) {
    if (e instanceof StrataError) return true;
    throw e;
  }
}
const DECRED = Object.freeze({ rule: 'decred' as const });
const LIBSECP = Object.freeze({ rule: 'libsecp256k1' as const });
