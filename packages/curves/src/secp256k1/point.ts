/**
 * secp256k1 points in Jacobian coordinates and the variable-time group law.
 *
 * A Jacobian triple (X, Y, Z) with Z ≠ 0 stands for the affine point
 * (X/Z², Y/Z³); Z = 0 is the point at infinity (the group identity), which
 * this module writes as (0, 0, 0). Every routine here expects NORMALIZED
 * coordinates (magnitude 1, fully reduced) and leaves normalized coordinates
 * behind, so that coordinate comparisons (`equals`, `isZero`) are exact.
 *
 * Magnitude notes follow decred's convention: a fresh product or square has
 * magnitude 1; `add` adds magnitudes; `mulInt(k)` multiplies by k;
 * `negate(m)` of a value of magnitude ≤ m has magnitude m + 1. Operands of
 * `mul`/`square` stay at magnitude ≤ 8, and no intermediate exceeds 32.
 * Each line's comment gives the magnitude of the value it produces.
 *
 * The formulas themselves (doubling, the four addition paths, the lazy
 * accumulator's steps) are in point-formulas.generated.ts, written with the
 * WebAssembly engine's from the one description in packages/curves/gen/
 * formulas/secp256k1.mjs, whose generator checks every magnitude above;
 * this module handles the identity and the exceptional cases they report.
 *
 * Operation counts use M = field multiplication, S = squaring; additions and
 * small-integer multiplications are not counted.
 *
 * All routines here are variable-time (they branch on the inputs) and carry
 * `NonConst` in their names; they are for public data (verification, public
 * keys). Secret scalars go through `scalarMult` / `scalarBaseMult`.
 *
 * References:
 * - [EFD] Explicit-Formulas Database, "Jacobian coordinates with a4=0 for
 *   short Weierstrass curves", https://hyperelliptic.org/EFD/g1p/auto-shortw-jacobian-0.html
 *   (mmadd-2007-bl, madd-2007-bl, add-2007-bl, dbl-2009-l; zadd-2007-m from
 *   the co-Z section, Meloni 2007).
 * - [SEC2] SEC 2 v2.0 §2.4.1 (curve parameters).
 * - [GECC] Hankerson, Menezes, Vanstone, "Guide to Elliptic Curve
 *   Cryptography", §3.2.2 (Jacobian coordinates).
 */
import { FieldVal, StrataError, ErrorCode } from '@strata/field';
import { CURVE_B, GX, GY } from './params.js';
import {
  jacobianAddEqualZ,
  jacobianAddGeneric,
  jacobianAddZ1Z2One,
  jacobianAddZ2One,
  jacobianDouble,
  lazyAddAffine,
  lazyDouble,
} from './point-formulas.generated.js';

/**
 * A mutable secp256k1 point in Jacobian coordinates (X, Y, Z) ↦ (X/Z², Y/Z³).
 *
 * Invariant kept by every public constructor and routine: the coordinates
 * are normalized field elements and the point lies on the curve (or is the
 * identity, Z = 0, stored as (0, 0, 0)). The coordinate fields are exposed
 * for reading; writing them directly bypasses the on-curve check and is the
 * caller's responsibility.
 */
export class JacobianPoint {
  /** The Jacobian X coordinate (affine x = X/Z²). */
  readonly x: FieldVal;
  /** The Jacobian Y coordinate (affine y = Y/Z³). */
  readonly y: FieldVal;
  /** The Jacobian Z coordinate (0 for the point at infinity). */
  readonly z: FieldVal;

  /** Creates the point at infinity. */
  constructor() {
    this.x = new FieldVal();
    this.y = new FieldVal();
    this.z = new FieldVal();
  }

  /** Sets v = q and returns v. */
  set(q: JacobianPoint): this {
    this.x.set(q.x);
    this.y.set(q.y);
    this.z.set(q.z);
    return this;
  }

  /** Returns a fresh copy of this point. */
  clone(): JacobianPoint {
    return new JacobianPoint().set(this);
  }

  /** Sets v = O, the point at infinity (0, 0, 0), and returns v. */
  setIdentity(): this {
    this.x.setZero();
    this.y.setZero();
    this.z.setZero();
    return this;
  }

  /** Sets v = G, the standard base point [SEC2], and returns v. */
  setGenerator(): this {
    this.x.set(GX);
    this.y.set(GY);
    this.z.setInt(1);
    return this;
  }

  /**
   * Sets v = (x, y, 1) for an affine point and returns v. The
   * coordinates are normalized copies; the point must satisfy y² = x³ + 7,
   * otherwise a StrataError ERR_POINT_NOT_ON_CURVE is thrown and this is
   * left unchanged.
   */
  setAffine(x: FieldVal, y: FieldVal): this {
    checkField('setAffine: x', x);
    checkField('setAffine: y', y);
    scrA.set(x).normalize();
    scrB.set(y).normalize();
    if (!isOnCurveAffine(scrA, scrB)) {
      throw new StrataError(ErrorCode.POINT_NOT_ON_CURVE, 'setAffine: expected a point on y² = x³ + 7, got one off the curve');
    }
    this.x.set(scrA);
    this.y.set(scrB);
    this.z.setInt(1);
    return this;
  }

  /**
   * Sets v = (x, y, z) for a Jacobian triple and returns v. z = 0 gives
   * the point at infinity. Otherwise the triple must satisfy
   * Y² = X³ + 7·Z⁶, else a StrataError ERR_POINT_NOT_ON_CURVE is thrown and
   * this is left unchanged.
   */
  setJacobian(x: FieldVal, y: FieldVal, z: FieldVal): this {
    checkField('setJacobian: x', x);
    checkField('setJacobian: y', y);
    checkField('setJacobian: z', z);
    scrC.set(z).normalize();
    if (scrC.isZero()) return this.setIdentity();
    scrA.set(x).normalize();
    scrB.set(y).normalize();
    if (!isOnCurveJacobian(scrA, scrB, scrC)) {
      throw new StrataError(ErrorCode.POINT_NOT_ON_CURVE, 'setJacobian: expected a point on Y² = X³ + 7·Z⁶, got one off the curve');
    }
    this.x.set(scrA);
    this.y.set(scrB);
    this.z.set(scrC);
    return this;
  }

  /** Reports whether v = O, the point at infinity (Z = 0). */
  isIdentity(): boolean {
    return this.z.isZero();
  }

  /** Reports whether Y² = X³ + 7·Z⁶ (always true for the point at infinity). */
  isOnCurve(): boolean {
    if (this.z.isZero()) return true;
    return isOnCurveJacobian(this.x, this.y, this.z);
  }

  /**
   * Sets v = (X/Z², Y/Z³, 1), the affine representative, with one field
   * inversion, and returns v. The point at infinity stays (0, 0, 0).
   * Cost: 1 inversion + 3M + 1S.
   */
  toAffine(): this {
    if (this.z.isZero()) return this.setIdentity();
    if (this.z.isOne()) return this;
    scrA.set(this.z).invert(scrA); //       zi = 1/Z            (mag 1)
    scrB.square(scrA); //             zi² = 1/Z²         (mag 1)
    this.x.mul(this.x, scrB).normalize(); //     x = X/Z²           (mag 1, normalized)
    scrB.mul(scrB, scrA); //                   zi³ = 1/Z³         (mag 1)
    this.y.mul(this.y, scrB).normalize(); //     y = Y/Z³           (mag 1, normalized)
    this.z.setInt(1);
    return this;
  }

  /**
   * Reports whether v and q are the same group element, without an
   * inversion: X1·Z2² = X2·Z1² and Y1·Z2³ = Y2·Z1³. Cost: 6M + 2S.
   */
  equals(q: JacobianPoint): boolean {
    const inf1 = this.z.isZero();
    const inf2 = q.z.isZero();
    if (inf1 || inf2) return inf1 && inf2;
    scrA.square(q.z); //              Z2²                (mag 1)
    scrB.square(this.z); //           Z1²                (mag 1)
    scrC.mul(this.x, scrA).normalize(); // X1·Z2²          (mag 1, normalized)
    scrD.mul(q.x, scrB).normalize(); // X2·Z1²             (mag 1, normalized)
    if (!scrC.equals(scrD)) return false;
    scrA.mul(scrA, q.z); //                    Z2³                (mag 1)
    scrB.mul(scrB, this.z); //                 Z1³                (mag 1)
    scrC.mul(this.y, scrA).normalize(); // Y1·Z2³          (mag 1, normalized)
    scrD.mul(q.y, scrB).normalize(); // Y2·Z1³             (mag 1, normalized)
    return scrC.equals(scrD);
  }

  /** Sets v = −a (Y ↦ −Y; the identity stays the identity) and returns v. */
  negate(a: JacobianPoint): this {
    if (a !== this) this.set(a);
    if (this.z.isZero()) return this;
    this.y.negate(this.y, 1).normalize();
    return this;
  }

  /**
   * Sets v = a + b and returns v (variable time). Dispatches on the Z
   * coordinates: both Z = 1 → mmadd-2007-bl (4M + 2S); Z1 = Z2 →
   * zadd-2007-m (5M + 2S); one Z = 1 → madd-2007-bl (7M + 4S); otherwise
   * add-2007-bl (11M + 5S). Equal inputs fall through to doubling, opposite
   * inputs give the identity. Any aliasing of a, b and v is allowed.
   */
  addNonConst(a: JacobianPoint, b: JacobianPoint): this {
    addJacobianNonConst(a, b, this);
    return this;
  }

  /** Sets v = a − b and returns v (variable time; see {@link JacobianPoint.addNonConst}). */
  subNonConst(a: JacobianPoint, b: JacobianPoint): this {
    negScratch.negate(b);
    addJacobianNonConst(a, negScratch, this);
    return this;
  }

  /**
   * Sets v = 2·a and returns v (variable time). [EFD] dbl-2009-l:
   * 2M + 5S (1M + 5S when Z1 = 1). Aliasing v === a is allowed.
   */
  doubleNonConst(a: JacobianPoint): this {
    doubleJacobianNonConst(a, this);
    return this;
  }

  /**
   * Sets v = p + (x, y) for a normalized affine point (x, y) and returns v
   * (variable time; mixed addition: [EFD] madd-2007-bl, 7M + 4S;
   * mmadd-2007-bl, 4M + 2S, when Z1 = 1). The fast entry of the
   * scalar-multiplication loops: (x, y) is trusted to be on the curve (no
   * check). Aliasing v === p is allowed; x, y must not be coordinates of v.
   */
  addAffineNonConst(p: JacobianPoint, x: FieldVal, y: FieldVal): this {
    addAffineJacobianNonConst(p, x, y, this);
    return this;
  }
}

/** Throws a TypeError unless v is a FieldVal (a programmer error). */
function checkField(what: string, v: unknown): void {
  if (!(v instanceof FieldVal)) throw new TypeError(`${what}: expected FieldVal, got ${typeof v}`);
}

// Module-level scratch space: the routines below allocate nothing per call.
const scrA = new FieldVal();
const scrB = new FieldVal();
const scrC = new FieldVal();
const scrD = new FieldVal();
const t0 = new FieldVal();
const t1 = new FieldVal();
const t2 = new FieldVal();

/**
 * Reports whether the normalized affine (x, y) satisfies y² = x³ + 7.
 * Cost: 1M + 2S.
 */
export function isOnCurveAffine(x: FieldVal, y: FieldVal): boolean {
  t0.square(y).normalize(); //          y²                 (mag 1, normalized)
  t1.square(x).mul(t1, x).add(t1, CURVE_B).normalize(); // x³ + 7 (mag 2 → normalized)
  return t0.equals(t1);
}

/**
 * Reports whether the normalized Jacobian (X, Y, Z) satisfies
 * Y² = X³ + 7·Z⁶. Cost: 3M + 3S.
 */
export function isOnCurveJacobian(x: FieldVal, y: FieldVal, z: FieldVal): boolean {
  t0.square(y).normalize(); //          Y²                 (mag 1, normalized)
  t1.square(z); //                      Z²                 (mag 1)
  t2.square(t1).mul(t2, t1).mulInt(t2, 7); //   7·Z⁶               (mag 7)
  t1.square(x).mul(t1, x).add(t1, t2).normalize(); // X³ + 7·Z⁶    (mag 8 → normalized)
  return t0.equals(t1);
}

/**
 * Finishes an addition the formula refused (status 1: equal operands, double
 * p; 2: opposite operands, the identity).
 */
function exceptional(status: number, p: JacobianPoint, r: JacobianPoint): void {
  if (status === 1) doubleJacobianNonConst(p, r);
  else if (status === 2) r.setIdentity();
}




/** Sets r = p1 + p2 (the body of {@link JacobianPoint.addNonConst}). */
function addJacobianNonConst(p1: JacobianPoint, p2: JacobianPoint, r: JacobianPoint): JacobianPoint {
  if (p1.z.isZero()) return r.set(p2);
  if (p2.z.isZero()) return r.set(p1);
  const z1One = p1.z.isOne();
  const z2One = p2.z.isOne();
  // The formulas (point-formulas.generated.ts): mmadd-2007-bl, zadd-2007-m,
  // madd-2007-bl, add-2007-bl.
  if (z1One && z2One) exceptional(jacobianAddZ1Z2One(r, p1, p2.x, p2.y), p1, r);
  else if (p1.z.equals(p2.z)) exceptional(jacobianAddEqualZ(r, p1, p2), p1, r);
  else if (z2One) exceptional(jacobianAddZ2One(r, p1, p2.x, p2.y), p1, r);
  else if (z1One) exceptional(jacobianAddZ2One(r, p2, p1.x, p1.y), p2, r);
  else exceptional(jacobianAddGeneric(r, p1, p2), p1, r);
  return r;
}

/** Sets r = p1 + (x2, y2) (the body of {@link JacobianPoint.addAffineNonConst}). */
function addAffineJacobianNonConst(p1: JacobianPoint, x2: FieldVal, y2: FieldVal, r: JacobianPoint): void {
  if (p1.z.isZero()) {
    r.x.set(x2);
    r.y.set(y2);
    r.z.setInt(1);
    return;
  }
  if (p1.z.isOne()) exceptional(jacobianAddZ1Z2One(r, p1, x2, y2), p1, r);
  else exceptional(jacobianAddZ2One(r, p1, x2, y2), p1, r);
}

/** Sets r = 2·p (the body of {@link JacobianPoint.doubleNonConst}; [EFD] dbl-2009-l). */
function doubleJacobianNonConst(p: JacobianPoint, r: JacobianPoint): JacobianPoint {
  // secp256k1 has no point of order 2, so Y = 0 only occurs for infinity.
  if (p.z.isZero() || p.y.isZero()) return r.setIdentity();
  jacobianDouble(r, p);
  return r;
}

const negScratch = new JacobianPoint();

// ---------------------------------------------------------------------------
// Lazily reduced accumulator for the scalar-multiplication loops.

/**
 * An accumulator for scalar-multiplication loops whose coordinates are NOT
 * kept normalized between steps (saving most normalizations), with the
 * point at infinity tracked by a flag instead of Z = 0.
 *
 * Magnitude invariant between operations: X ≤ 6, Y ≤ 6, Z ≤ 8 (dblLazy
 * and maddLazy both leave X ≤ 5, Y ≤ 3, Z ≤ 1). Module-internal: read the
 * result with {@link LazyAcc.store}.
 */
export class LazyAcc {
  readonly x = new FieldVal();
  readonly y = new FieldVal();
  readonly z = new FieldVal();
  inf = true;

  /** Sets v = ∞. */
  reset(): void {
    this.inf = true;
  }

  /** Writes the normalized value into out and returns out. */
  store(out: JacobianPoint): JacobianPoint {
    if (this.inf) return out.setIdentity();
    out.x.set(this.x).normalize();
    out.y.set(this.y).normalize();
    out.z.set(this.z).normalize();
    return out;
  }
}


/**
 * Sets a = 2·a in place on the lazy accumulator, returning the doubled
 * point with Z3 = Y1·Z1 (half the usual 2·Y1·Z1, so X3 and Y3 are scaled by
 * 1/4 and 1/8): 3M + 4S + one halving, no normalization (the a = 0 doubling
 * of libsecp256k1's gej_double, a rescaling of [EFD] dbl-2009-l;
 * point-formulas.generated.ts lazyDouble). ∞ stays ∞.
 *
 * Preconditions: magnitudes X ≤ 6, Y ≤ 6, Z ≤ 8. / Output normalized: no. / Output max magnitude: X 5, Y 3, Z 1.
 */
export function dblLazy(a: LazyAcc): void {
  if (!a.inf) lazyDouble(a);
}

/**
 * Sets a = a + (x2, y2) in place for an affine point with coordinates of
 * magnitude ≤ 6 on the curve the loop works on. [EFD] madd-2004-hmv:
 * 8M + 3S, one normalization (the H = 0 test; point-formulas.generated.ts
 * lazyAddAffine); falls back to doubling or infinity when a = ±(x2, y2).
 *
 * Preconditions: magnitudes X ≤ 6, Y ≤ 6, Z ≤ 8; x2, y2 ≤ 6 (they are copied in when a = ∞). / Output normalized: no. / Output max magnitude: X 5, Y 3, Z 1 (or those of x2, y2, 1 after a copy).
 */
export function maddLazy(a: LazyAcc, x2: FieldVal, y2: FieldVal): void {
  if (a.inf) {
    a.x.set(x2);
    a.y.set(y2);
    a.z.setInt(1);
    a.inf = false;
    return;
  }
  const status = lazyAddAffine(a, x2, y2);
  if (status === 1) dblLazy(a);
  else if (status === 2) a.inf = true;
}
