/**
 * The immutable forms of docs/api.md §2 (`s.add(b)` returns a new scalar,
 * `P.add(Q)` a new point), written once over the `set…` forms every backend
 * implements. A backend's scalar and point classes extend these and provide
 * `blank()` (a new value of the same curve, to be overwritten) plus the
 * members of `Scalar` / `Point` that touch their own representation.
 */
import type { Point, Scalar } from './types.js';

/** The immutable scalar operations, each one `blank().set…(this, b)`. */
export abstract class ScalarBase implements Scalar {
  /** Returns a new scalar of the same curve whose value the caller overwrites. */
  protected abstract blank(): ScalarBase;
  abstract clone(): Scalar;
  abstract set(a: Scalar): this;
  abstract setAdd(a: Scalar, b: Scalar): this;
  abstract setSub(a: Scalar, b: Scalar): this;
  abstract setMul(a: Scalar, b: Scalar): this;
  abstract setNegate(a: Scalar): this;
  abstract setInvert(a: Scalar): this;
  abstract toBytes(): Uint8Array;
  abstract putBytes(out: Uint8Array, offset?: number): Uint8Array;
  abstract equals(b: Scalar): boolean;
  abstract isZero(): boolean;

  /** Returns a new scalar this + b. */
  add(b: Scalar): Scalar {
    return this.blank().setAdd(this, b);
  }
  /** Returns a new scalar this − b. */
  sub(b: Scalar): Scalar {
    return this.blank().setSub(this, b);
  }
  /** Returns a new scalar −this. */
  negate(): Scalar {
    return this.blank().setNegate(this);
  }
  /** Returns a new scalar this · b. */
  mul(b: Scalar): Scalar {
    return this.blank().setMul(this, b);
  }
  /** Returns a new scalar 1/this (0 for 0). */
  invert(): Scalar {
    return this.blank().setInvert(this);
  }
}

/** The immutable point operations, each one `blank().set…(this, b)`. */
export abstract class PointBase implements Point {
  /** Returns a new point of the same curve whose value the caller overwrites. */
  protected abstract blank(): PointBase;
  abstract scalarMult(s: Scalar): Point;
  abstract clone(): Point;
  abstract set(a: Point): this;
  abstract setAdd(a: Point, b: Point): this;
  abstract setSub(a: Point, b: Point): this;
  abstract setNegate(a: Point): this;
  abstract setDouble(a: Point): this;
  abstract toBytes(): Uint8Array;
  abstract putBytes(out: Uint8Array, offset?: number): Uint8Array;
  abstract isIdentity(): boolean;
  abstract equals(b: Point): boolean;

  /** Returns a new point this + b. */
  add(b: Point): Point {
    return this.blank().setAdd(this, b);
  }
  /** Returns a new point this − b. */
  sub(b: Point): Point {
    return this.blank().setSub(this, b);
  }
}
