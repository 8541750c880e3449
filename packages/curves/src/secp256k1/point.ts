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
const t3 = new FieldVal();
const t4 = new FieldVal();
const t5 = new FieldVal();
const t6 = new FieldVal();
const t7 = new FieldVal();
const t8 = new FieldVal();
const t9 = new FieldVal();

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
 * Sets r = p1 + (x2, y2) for normalized p1 with Z1 = 1 and a normalized
 * affine point (x2, y2).
 * [EFD] mmadd-2007-bl: 4M + 2S.
 */
function addZ1Z2OneNonConst(p1: JacobianPoint, x2: FieldVal, y2: FieldVal, r: JacobianPoint): void {
  const x1 = p1.x, y1 = p1.y;
  if (x1.equals(x2)) {
    // Same x: either P + P (double) or P + (−P) = ∞.
    if (y1.equals(y2)) doubleJacobianNonConst(p1, r);
    else r.setIdentity();
    return;
  }
  t0.set(x1).negate(t0, 1).add(t0, x2); //                H = X2 − X1                  (mag 3)
  t1.square(t0).mulInt(t1, 4); //                  I = 4·H²                     (mag 4)
  t2.mul(t0, t1); //                             J = H·I                      (mag 1)
  t3.set(y1).negate(t3, 1).add(t3, y2).mulInt(t3, 2); //      r = 2·(Y2 − Y1)              (mag 6)
  t4.mul(x1, t1); //                             V = X1·I                     (mag 1)
  t5.set(t4).mulInt(t5, 2).add(t5, t2).negate(t5, 3); //      −(J + 2·V)                   (mag 4)
  t6.square(t3).add(t6, t5); //                    X3 = r² − J − 2·V            (mag 5)
  t7.set(t6).negate(t7, 5).add(t7, t4).mul(t7, t3); //        r·(V − X3)                   (mag 1)
  t8.mul(y1, t2).mulInt(t8, 2).negate(t8, 2); //         −2·Y1·J                      (mag 3)
  t7.add(t7, t8); //                                  Y3 = r·(V − X3) − 2·Y1·J     (mag 4)
  r.z.set(t0).mulInt(r.z, 2).normalize(); //           Z3 = 2·H                     (mag 6 → 1)
  r.x.set(t6).normalize();
  r.y.set(t7).normalize();
}

/**
 * Sets r = p1 + p2 for normalized p1, p2 sharing the same Z (co-Z addition).
 * [EFD] zadd-2007-m (Meloni): 5M + 2S.
 */
function addEqualZNonConst(p1: JacobianPoint, p2: JacobianPoint, r: JacobianPoint): void {
  const x1 = p1.x, y1 = p1.y, z1 = p1.z, x2 = p2.x, y2 = p2.y;
  // With equal Z, equal X means equal affine x.
  if (x1.equals(x2)) {
    if (y1.equals(y2)) doubleJacobianNonConst(p1, r);
    else r.setIdentity();
    return;
  }
  t0.set(x1).negate(t0, 1).add(t0, x2); //                A = X2 − X1                  (mag 3)
  t1.square(t0); //                            B = A²                       (mag 1)
  t2.set(y1).negate(t2, 1).add(t2, y2); //                C = Y2 − Y1                  (mag 3)
  t3.square(t2); //                            D = C²                       (mag 1)
  t4.mul(x1, t1); //                             E = X1·B                     (mag 1)
  t5.mul(x2, t1); //                             F = X2·B                     (mag 1)
  t6.add(t4, t5).negate(t6, 2).add(t6, t3); //           X3 = D − E − F               (mag 4)
  t7.set(t6).negate(t7, 4).add(t7, t4).mul(t7, t2); //        C·(E − X3)                   (mag 1)
  t8.set(t4).negate(t8, 1).add(t8, t5).mul(t8, y1).negate(t8, 1); // −Y1·(F − E)               (mag 2)
  t7.add(t7, t8); //                                  Y3 = C·(E − X3) − Y1·(F − E) (mag 3)
  r.z.mul(z1, t0).normalize(); //                Z3 = Z1·A                    (mag 1 → normalized)
  r.x.set(t6).normalize();
  r.y.set(t7).normalize();
}

/**
 * Sets r = p1 + (x2, y2) for normalized p1 (any Z ≠ 0) and a normalized
 * affine point (x2, y2) (mixed addition).
 * [EFD] madd-2007-bl: 7M + 4S.
 */
function addZ2OneNonConst(p1: JacobianPoint, x2: FieldVal, y2: FieldVal, r: JacobianPoint): void {
  const x1 = p1.x, y1 = p1.y, z1 = p1.z;
  t0.square(z1); //                            Z1Z1 = Z1²                   (mag 1)
  t1.mul(x2, t0).normalize(); //                 U2 = X2·Z1Z1                 (mag 1, normalized)
  t2.mul(y2, t0).mul(t2, z1).normalize(); //         S2 = Y2·Z1·Z1Z1              (mag 1, normalized)
  if (x1.equals(t1)) {
    if (y1.equals(t2)) doubleJacobianNonConst(p1, r);
    else r.setIdentity();
    return;
  }
  t3.set(x1).negate(t3, 1).add(t3, t1); //                H = U2 − X1                  (mag 3)
  t4.square(t3); //                            HH = H²                      (mag 1)
  t5.set(t4).mulInt(t5, 4); //                        I = 4·HH                     (mag 4)
  t6.mul(t3, t5); //                             J = H·I                      (mag 1)
  t7.set(y1).negate(t7, 1).add(t7, t2).mulInt(t7, 2); //      r = 2·(S2 − Y1)              (mag 6)
  t8.mul(x1, t5); //                             V = X1·I                     (mag 1)
  t9.set(t8).mulInt(t9, 2).add(t9, t6).negate(t9, 3); //      −(J + 2·V)                   (mag 4)
  t1.square(t7).add(t1, t9); //                    X3 = r² − J − 2·V            (mag 5)
  t2.mul(y1, t6).mulInt(t2, 2).negate(t2, 2); //         −2·Y1·J                      (mag 3)
  t9.set(t1).negate(t9, 5).add(t9, t8).mul(t9, t7).add(t9, t2); // Y3 = r·(V − X3) − 2·Y1·J    (mag 4)
  t5.add(z1, t3).square(t5); //                    (Z1 + H)²                    (mag 1)
  t0.add(t0, t4).negate(t0, 2); //                        −(Z1Z1 + HH)                 (mag 3)
  r.z.set(t5).add(r.z, t0).normalize(); //             Z3 = (Z1 + H)² − Z1Z1 − HH   (mag 4 → 1)
  r.x.set(t1).normalize();
  r.y.set(t9).normalize();
}

/**
 * Sets r = p1 + p2 for normalized p1, p2 with arbitrary non-zero Z.
 * [EFD] add-2007-bl: 11M + 5S.
 */
function addGenericNonConst(p1: JacobianPoint, p2: JacobianPoint, r: JacobianPoint): void {
  const x1 = p1.x, y1 = p1.y, z1 = p1.z, x2 = p2.x, y2 = p2.y, z2 = p2.z;
  t0.square(z1); //                            Z1Z1 = Z1²                   (mag 1)
  t1.square(z2); //                            Z2Z2 = Z2²                   (mag 1)
  t2.mul(x1, t1).normalize(); //                 U1 = X1·Z2Z2                 (mag 1, normalized)
  t3.mul(x2, t0).normalize(); //                 U2 = X2·Z1Z1                 (mag 1, normalized)
  t4.mul(y1, z2).mul(t4, t1).normalize(); //         S1 = Y1·Z2·Z2Z2              (mag 1, normalized)
  t5.mul(y2, z1).mul(t5, t0).normalize(); //         S2 = Y2·Z1·Z1Z1              (mag 1, normalized)
  if (t2.equals(t3)) {
    if (t4.equals(t5)) doubleJacobianNonConst(p1, r);
    else r.setIdentity();
    return;
  }
  t3.add(t3, t6.set(t2).negate(t6, 1)); //                H = U2 − U1                  (mag 3)
  t6.set(t3).mulInt(t6, 2).square(t6); //               I = (2·H)²                   (mag 1)
  t7.mul(t3, t6); //                             J = H·I                      (mag 1)
  t5.add(t5, t8.set(t4).negate(t8, 1)).mulInt(t5, 2); //      r = 2·(S2 − S1)              (mag 6)
  t8.mul(t2, t6); //                             V = U1·I                     (mag 1)
  t9.set(t8).mulInt(t9, 2).add(t9, t7).negate(t9, 3); //      −(J + 2·V)                   (mag 4)
  t2.square(t5).add(t2, t9); //                    X3 = r² − J − 2·V            (mag 5)
  t4.mul(t4, t7).mulInt(t4, 2).negate(t4, 2); //              −2·S1·J                      (mag 3)
  t9.set(t2).negate(t9, 5).add(t9, t8).mul(t9, t5).add(t9, t4); // Y3 = r·(V − X3) − 2·S1·J    (mag 4)
  t6.add(z1, z2).square(t6); //                    (Z1 + Z2)²                   (mag 1)
  t0.add(t0, t1).negate(t0, 2); //                        −(Z1Z1 + Z2Z2)               (mag 3)
  r.z.set(t6).add(r.z, t0).mul(r.z, t3).normalize(); //     Z3 = ((Z1+Z2)² − Z1Z1 − Z2Z2)·H (mag 4 → 1)
  r.x.set(t2).normalize();
  r.y.set(t9).normalize();
}

/** Sets r = p1 + p2 (the body of {@link JacobianPoint.addNonConst}). */
function addJacobianNonConst(p1: JacobianPoint, p2: JacobianPoint, r: JacobianPoint): JacobianPoint {
  if (p1.z.isZero()) return r.set(p2);
  if (p2.z.isZero()) return r.set(p1);
  const z1One = p1.z.isOne();
  const z2One = p2.z.isOne();
  if (z1One && z2One) addZ1Z2OneNonConst(p1, p2.x, p2.y, r);
  else if (p1.z.equals(p2.z)) addEqualZNonConst(p1, p2, r);
  else if (z2One) addZ2OneNonConst(p1, p2.x, p2.y, r);
  else if (z1One) addZ2OneNonConst(p2, p1.x, p1.y, r);
  else addGenericNonConst(p1, p2, r);
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
  if (p1.z.isOne()) addZ1Z2OneNonConst(p1, x2, y2, r);
  else addZ2OneNonConst(p1, x2, y2, r);
}

/** Sets r = 2·p (the body of {@link JacobianPoint.doubleNonConst}). */
function doubleJacobianNonConst(p: JacobianPoint, r: JacobianPoint): JacobianPoint {
  // secp256k1 has no point of order 2, so Y = 0 only occurs for infinity.
  if (p.z.isZero() || p.y.isZero()) return r.setIdentity();
  const x1 = p.x, y1 = p.y, z1 = p.z;
  if (z1.isOne()) t9.set(y1).mulInt(t9, 2); //        Z3 = 2·Y1                    (mag 2)
  else t9.mul(y1, z1).mulInt(t9, 2); //              Z3 = 2·Y1·Z1                 (mag 2)
  t0.square(x1); //                            A = X1²                      (mag 1)
  t1.square(y1); //                            B = Y1²                      (mag 1)
  t2.square(t1); //                            C = B²                       (mag 1)
  t1.add(t1, x1).square(t1); //                         (X1 + B)²                    (mag 1)
  t3.add(t0, t2).negate(t3, 2).add(t3, t1).mulInt(t3, 2); // D = 2·((X1 + B)² − A − C)    (mag 8)
  t4.set(t0).mulInt(t4, 3); //                        E = 3·A                      (mag 3)
  t5.square(t4); //                            F = E²                       (mag 1)
  t6.set(t3).mulInt(t6, 2).negate(t6, 16).add(t6, t5); //     X3 = F − 2·D                 (mag 18)
  t7.set(t6).negate(t7, 18).add(t7, t3).normalize(); //   D − X3                       (mag 27 → 1)
  t7.mul(t7, t4); //                                  E·(D − X3)                   (mag 1)
  t8.set(t2).mulInt(t8, 8).negate(t8, 8); //              −8·C                         (mag 9)
  r.y.set(t7).add(r.y, t8).normalize(); //             Y3 = E·(D − X3) − 8·C        (mag 10 → 1)
  r.x.set(t6).normalize();
  r.z.set(t9).normalize();
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

/** p's limbs (radix 2^26): 2^26 − 977, 2^26 − 65, seven times 2^26 − 1, 2^22 − 1. */
const P_LIMB0 = 0x3fffc2f;
const P_LIMB1 = 0x3ffffbf;
const M26 = 0x3ffffff;
const M22 = 0x3fffff;

/**
 * Sets f = f/2 (mod p) in place: adds p when the value is odd (its parity is
 * the parity of limb 0, since 2^26 is even), then shifts the ten limbs right
 * by one, moving each limb's low bit into bit 25 of the limb below.
 * Branch-free. Output limbs ≤ (m+1)·(2^26−1)/2 + 2^25 for input magnitude m.
 *
 * Preconditions: magnitude m ≤ 30. / Output normalized: no. / Output max magnitude: ⌊m/2⌋ + 2 (3 for m = 3).
 */
function halfInPlace(f: FieldVal): void {
  const n = f.n;
  const odd = -(n[0]! & 1); // 0 or −1 (all ones)
  const a0 = n[0]! + (P_LIMB0 & odd);
  const a1 = n[1]! + (P_LIMB1 & odd);
  const a2 = n[2]! + (M26 & odd);
  const a3 = n[3]! + (M26 & odd);
  const a4 = n[4]! + (M26 & odd);
  const a5 = n[5]! + (M26 & odd);
  const a6 = n[6]! + (M26 & odd);
  const a7 = n[7]! + (M26 & odd);
  const a8 = n[8]! + (M26 & odd);
  const a9 = n[9]! + (M22 & odd);
  n[0] = (a0 >>> 1) + ((a1 & 1) << 25);
  n[1] = (a1 >>> 1) + ((a2 & 1) << 25);
  n[2] = (a2 >>> 1) + ((a3 & 1) << 25);
  n[3] = (a3 >>> 1) + ((a4 & 1) << 25);
  n[4] = (a4 >>> 1) + ((a5 & 1) << 25);
  n[5] = (a5 >>> 1) + ((a6 & 1) << 25);
  n[6] = (a6 >>> 1) + ((a7 & 1) << 25);
  n[7] = (a7 >>> 1) + ((a8 & 1) << 25);
  n[8] = (a8 >>> 1) + ((a9 & 1) << 25);
  n[9] = a9 >>> 1;
}

/**
 * Sets a = 2·a in place on the lazy accumulator, returning the doubled
 * point with Z3 = Y1·Z1 (half the usual 2·Y1·Z1, so X3 and Y3 are scaled by
 * 1/4 and 1/8): with L = (3/2)·X1², S = Y1², T = −S·X1,
 * X3 = L² + 2·T, Y3 = −(L·(X3 + T) + S²), Z3 = Y1·Z1.
 * 3M + 3S + one halving, no normalization (the a = 0 doubling of
 * libsecp256k1's gej_double, a rescaling of [EFD] dbl-2009-l).
 *
 * Preconditions: magnitudes X ≤ 6, Y ≤ 6, Z ≤ 8. / Output normalized: no. / Output max magnitude: X 5, Y 3, Z 1.
 */
export function dblLazy(a: LazyAcc): void {
  if (a.inf) return;
  a.z.mul(a.z, a.y); //                                 Z3 = Y1·Z1                   (mag 1)
  t1.square(a.y); //                            S = Y1²                      (mag 1)
  t0.square(a.x).mulInt(t0, 3); //                  3·X1²                        (mag 3)
  halfInPlace(t0); //                              L = (3/2)·X1²                (mag 3)
  t2.mul(t1, a.x).negate(t2, 1); //                   T = −S·X1                    (mag 2)
  a.x.square(t0).add(a.x, t2).add(a.x, t2); //            X3 = L² + 2·T                (mag 5)
  t3.add(a.x, t2).mul(t3, t0); //                     L·(X3 + T)                   (mag 7 → 1)
  t1.square(t1); //                                  S²                           (mag 1)
  a.y.add(t3, t1).negate(a.y, 2); //                   Y3 = −(L·(X3 + T) + S²)      (mag 3)
}

/**
 * Sets a = a + (x2, y2) in place for an affine point with coordinates of
 * magnitude ≤ 6 on the curve the loop works on. [EFD] madd-2004-hmv:
 * 8M + 3S, one normalization (the H = 0 test); falls back to doubling or
 * infinity when a = ±(x2, y2).
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
  t0.square(a.z); //                            Z1Z1 = Z1²                   (mag 1)
  t1.mul(x2, t0); //                              U2 = X2·Z1Z1                 (mag 1)
  t2.mul(y2, a.z).mul(t2, t0); //                     S2 = Y2·Z1·Z1Z1              (mag 1)
  t3.negate(a.x, 6).add(t3, t1); //                 H = U2 − X1                  (mag 8)
  t4.negate(a.y, 6).add(t4, t2); //                 r = S2 − Y1                  (mag 8)
  if (t5.set(t3).normalize().isZero()) {
    // Same x: a = (x2, y2) (double) or a = −(x2, y2) (infinity).
    if (t5.set(t4).normalize().isZero()) dblLazy(a);
    else a.inf = true;
    return;
  }
  t5.square(t3); //                             HH = H²                      (mag 1)
  t6.mul(t3, t5); //                              HHH = H·HH                   (mag 1)
  t7.mul(a.x, t5); //                             V = X1·HH                    (mag 1)
  t1.square(t4); //                             r²                           (mag 1)
  t8.add(t7, t7).add(t8, t6).negate(t8, 3).add(t8, t1); //    X3 = r² − HHH − 2·V          (mag 5)
  t9.negate(t8, 5).add(t9, t7).mul(t9, t4); //          r·(V − X3)                   (mag 7 → 1)
  t2.mul(a.y, t6).negate(t2, 1); //                   −Y1·HHH                      (mag 2)
  a.y.add(t9, t2); //                             Y3 = r·(V − X3) − Y1·HHH     (mag 3)
  a.z.mul(a.z, t3); //                                  Z3 = Z1·H                    (mag 1)
  a.x.set(t8);
}
