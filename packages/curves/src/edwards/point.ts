/**
 * A twisted Edwards curve a·x² + y² = 1 + d·x²·y² (`EdwardsCurve`, at the
 * end of this file) and its points in three coordinate systems:
 *
 * - `PointAffine` (x, y);
 * - `PointProj` (X : Y : Z) with x = X/Z, y = Y/Z ([BBJLP08] §6);
 * - `PointExtended` (X : Y : Z : T) with x = X/Z, y = Y/Z, x·y = T/Z
 *   ([HWCD08] §3).
 *
 * Points are mutable: every operation writes into the receiver and returns
 * it (`R.add(P, Q)` sets R = P + Q). Any operand may be the receiver
 * (`P.add(P, P)`). add, addAffine, double, negate, equals, isOnCurve and
 * isIdentity allocate nothing: temporaries live in the curve's preallocated scratch (`curve.s`).
 * Field operations are fixed-sequence; the point formulas below are
 * branch-free except for the choice between the a = −1 and general-a
 * formulas, which depends on the (public) curve only.
 *
 * The curve and the three point classes name each other in their public
 * signatures (a point holds its curve, the curve holds scratch points and
 * returns an affine generator, each point type converts to the others), so
 * they share this module; everything else of the generic Edwards module is
 * in a file of its own, in one direction only. Below this file (it imports
 * them): params.ts (parameter types and checks), scalar.ts (the scalar
 * input contract), wnaf.ts (the variable-time wNAF), torsion.ts (the
 * subgroup checks), encoding.ts (the compressed encoding), dedicated.ts
 * (the dedicated addition of the exceptional case). Above it (they import
 * it): batch.ts (batch affine conversion), scalarmult.ts (scalar
 * multiplication: `scalarMult(k, P, out?)`, `scalarBaseMult(curve, k,
 * out?)`, …; those named `…NonConst` are variable-time), msm.ts, curves.ts,
 * banderwagon.ts.
 *
 * Completeness: the unified formulas below are complete when a is a square
 * and d is not ([BBJLP08] Thm 3.3, [HWCD08] §3): Jubjub and BabyJubjub.
 * Bandersnatch (a = −5 and d both non-squares) is not complete: a/d is a
 * square, so the curve has two points at infinity T∞ = (±√(d/a) : 0 : 0 : 1)
 * (both of order 2; there is no rational 4-torsion). The unified law gives
 * Z3 = 0 exactly when P − Q or P + Q is one of them: (0 : 0 : 0 : 0) when
 * P − Q is (issue 21: the sum P + (P + T∞) = 2P + T∞ is an ordinary affine
 * point, but the formula loses it, and (0 : 0 : 0 : 0) then absorbs every
 * later operation), the point at infinity itself when P + Q is. On an
 * incomplete curve every addition here (extended, projective and affine,
 * `add` and `addAffine`) therefore tests Z3 (two `isZero`, no branch on a
 * complete curve) and, when it is 0, recomputes the sum with the dedicated
 * addition ([HWCD08] §3.2), which is exact when P − Q is at infinity; when
 * the sum itself is at infinity (no coordinate system here holds it) it
 * throws StrataError ERR_POINT_AT_INFINITY and leaves the receiver
 * unchanged. So an operation returns the true result or a typed error,
 * never a value that is not a point. Doubling needs no test: 2P is never
 * at infinity (no rational 4-torsion).
 *
 * The points where no exceptional case can occur are the exception-free
 * subgroup of order 2r (r·P ∈ {O, (0, −1)}), which contains no point at
 * infinity; `isExceptionFree()` tests membership (torsion.ts says where
 * Bandersnatch's users work and what a point outside it gets).
 *
 * Values with Z = 0 (written directly into the coordinates; no operation
 * here produces one) are not points: `equals` is false for them whatever
 * the other operand, `isIdentity`, `isOnCurve`, `isTorsionFree` and
 * `isExceptionFree` are false, and every conversion to affine form (so
 * every encoder) throws ERR_POINT_AT_INFINITY.
 *
 * Operands of a binary operation must be on the same curve (not checked on
 * hot paths; `msmNonConst` and `batchToAffine` do check).
 *
 * A point reaches arithmetic only through a validating constructor:
 * `new PointX(curve)` is the identity, `setGenerator`, `PointAffine.fromXY`
 * and the decoders check canonical coordinates and the curve equation.
 * (The coordinate arrays are public for speed; writing them directly
 * bypasses validation.)
 *
 * References:
 * - [EFD] Bernstein, Lange, Explicit-Formulas Database,
 *   https://hyperelliptic.org/EFD/g1p/auto-twisted-extended.html,
 *   …/auto-twisted-extended-1.html, …/auto-twisted-projective.html.
 * - [HWCD08] Hisil, Wong, Carter, Dawson, "Twisted Edwards Curves
 *   Revisited", ASIACRYPT 2008 (§3.1 unified, §3.2 dedicated addition;
 *   [EFD] add-2008-hwcd-2 is the dedicated one).
 * - [BBJLP08] Bernstein, Birkner, Joye, Lange, Peters, "Twisted Edwards
 *   Curves", AFRICACRYPT 2008.
 * - [Bandersnatch] Masson, Sanso, Zhang, ePrint 2021/1152 (endomorphism ψ).
 * - [ZIP-216] Zcash: require canonical Jubjub point encodings.
 */
import { PrimeField, StrataError, ErrorCode, expectBytes, expectInstance, expectRoom, type PrimeFieldElement } from '@strata/field';
import { checkParamTypes, checkParamValues, curveScratch, expectPointOn, glvBasis, orderBytes, type EdwardsCurveParams, type EdwardsEncoding, type GlvBasis, type GlvParams } from './params.js';
import { decodeEncoding, decodeXY, encodeXY, type DecodeOptions } from './encoding.js';
import { isExceptionFree, isTorsionFree } from './torsion.js';
import { mulNonConst } from './wnaf.js';
import { dedicatedEFGH, writeDedicatedExtended, writeDedicatedProj } from './dedicated.js';
import {
  affineAdd, affineIsOnCurve, endomorphism, extendedAdd, extendedAddAffine, extendedAddAffineMinusOne, extendedAddMinusOne, extendedDouble, extendedIsOnCurve,
  projAdd, projAddAffine, projDouble, projEquals, projIsOnCurve,
} from './point-formulas.generated.js';

/** Throws StrataError ERR_POINT_AT_INFINITY for a value with Z = 0 (not a point: see the module doc) in `what`. */
function notAPoint(c: EdwardsCurve, what: string): never {
  throw new StrataError(ErrorCode.POINT_AT_INFINITY, `${c.name} ${what}: expected a point with Z ≠ 0, got Z = 0 (a point at infinity or no point at all)`);
}

/** Extended-coordinate point (X : Y : Z : T), x = X/Z, y = Y/Z, T = X·Y/Z. */
export class PointExtended {
  /** The curve. */
  readonly curve: EdwardsCurve;
  /** X coordinate (Montgomery limbs of the base field). */
  readonly X: PrimeFieldElement;
  /** Y coordinate. */
  readonly Y: PrimeFieldElement;
  /** Z coordinate (never 0 for a valid point). */
  readonly Z: PrimeFieldElement;
  /** T = X·Y/Z. */
  readonly T: PrimeFieldElement;

  /**
   * Creates the identity (0 : 1 : 1 : 0) on curve. The four coordinates are
   * views of one ArrayBuffer (one backing-store allocation instead of four,
   * several times cheaper, which matters for MSM tables).
   */
  constructor(curve: EdwardsCurve) {
    const F = expectCurve('PointExtended curve', curve).F;
    const n = F.limbs;
    const buf = new ArrayBuffer(32 * n);
    this.curve = curve;
    this.X = new Float64Array(buf, 0, n);
    this.Y = F.setOne(new Float64Array(buf, 8 * n, n));
    this.Z = F.setOne(new Float64Array(buf, 16 * n, n));
    this.T = new Float64Array(buf, 24 * n, n);
  }

  /** Sets v = identity and returns v. */
  setIdentity(): this {
    const F = this.curve.F;
    F.setZero(this.X); F.setOne(this.Y); F.setOne(this.Z); F.setZero(this.T);
    return this;
  }

  /** Sets v = the curve's subgroup generator and returns v. */
  setGenerator(): this {
    const c = this.curve, F = c.F;
    F.set(this.X, c.gx); F.set(this.Y, c.gy); F.setOne(this.Z); F.mul(this.T, c.gx, c.gy);
    return this;
  }

  /** Sets v = P and returns v. */
  set(P: PointExtended): this {
    this.X.set(P.X); this.Y.set(P.Y); this.Z.set(P.Z); this.T.set(P.T);
    return this;
  }

  /** Returns a new copy of this. */
  clone(): PointExtended {
    return new PointExtended(this.curve).set(this);
  }

  /** Sets v = A (affine → extended: (x : y : 1 : x·y), 1M) and returns v. */
  setAffine(A: PointAffine): this {
    const F = this.curve.F;
    F.mul(this.T, A.x, A.y); this.X.set(A.x); this.Y.set(A.y); F.setOne(this.Z);
    return this;
  }

  /** Sets v = P (projective → extended: (XZ : YZ : Z² : XY), 3M + 1S) and returns v. */
  setProj(P: PointProj): this {
    const F = this.curve.F;
    const s = this.curve.s;
    F.mul(s[0]!, P.X, P.Z); F.mul(s[1]!, P.Y, P.Z); F.mul(this.T, P.X, P.Y); F.square(this.Z, P.Z);
    this.X.set(s[0]!); this.Y.set(s[1]!);
    return this;
  }

  /**
   * Writes this in affine form into out (allocated if omitted; 1I + 2M) and
   * returns it. StrataError ERR_POINT_AT_INFINITY for Z = 0 (not a point;
   * out unchanged).
   */
  toAffine(out?: PointAffine): PointAffine {
    const F = this.curve.F;
    if (F.isZero(this.Z)) notAPoint(this.curve, 'toAffine');
    const o = out ?? new PointAffine(this.curve);
    const zi = this.curve.s[10]!;
    F.invert(zi, this.Z);
    F.mul(o.x, this.X, zi); F.mul(o.y, this.Y, zi);
    return o;
  }

  /** Writes this in projective form (drop T) into out (allocated if omitted) and returns it. */
  toProj(out?: PointProj): PointProj {
    const o = out ?? new PointProj(this.curve);
    o.X.set(this.X); o.Y.set(this.Y); o.Z.set(this.Z);
    return o;
  }

  /**
   * Sets v = P + Q and returns v. Unified (any operand may alias v or each other).
   * a = −1: [EFD] add-2008-hwcd-3, 8M + 1·(2d). General a: [EFD]
   * add-2008-hwcd, 9M + 1·a + 1·d.
   */
  add(P: PointExtended, Q: PointExtended): this {
    const c = this.curve;
    if ((c.aIsMinusOne ? extendedAddMinusOne(c, this, P, Q) : extendedAdd(c, this, P, Q)) !== 0) {
      // Z3 = F·G = 0: the exceptional case of an incomplete curve (module doc).
      dedicatedEFGH(c, P.X, P.Y, P.Z, P.T, Q.X, Q.Y, Q.Z, Q.T);
      return writeDedicatedExtended(c, this);
    }
    return this;
  }

  /**
   * Sets v = P + Q for an affine Q (Z2 = 1, T2 = x2·y2 computed) and
   * returns v. a = −1: [EFD] madd-2008-hwcd-3, 7M + 1·(2d) + 1M for T2.
   * General a: [EFD] madd-2008-hwcd, 8M + 1·a + 1·d + 1M for T2.
   * Exceptional case of an incomplete curve: as `add`.
   */
  addAffine(P: PointExtended, Q: PointAffine): this {
    const c = this.curve, F = c.F, s = c.s;
    if ((c.aIsMinusOne ? extendedAddAffineMinusOne(c, this, P, Q) : extendedAddAffine(c, this, P, Q)) !== 0) {
      const one = F.setOne(s[24]!), T2 = F.mul(s[25]!, Q.x, Q.y);
      dedicatedEFGH(c, P.X, P.Y, P.Z, P.T, Q.x, Q.y, one, T2);
      return writeDedicatedExtended(c, this);
    }
    return this;
  }

  /** Sets v = 2·P and returns v. [EFD] dbl-2008-hwcd, 4M + 4S + 1·a. */
  double(P: PointExtended): this {
    extendedDouble(this.curve, this, P, 1);
    return this;
  }

  /**
   * Internal: sets v = 2·P in (X : Y : Z) like `double` but skips T (3M + 4S +
   * 1·a), leaving T stale. Only for a doubling that is followed by another
   * doubling (which reads X, Y, Z only); the point is invalid until then.
   */
  doubleNoT(P: PointExtended): this {
    extendedDouble(this.curve, this, P, 0);
    return this;
  }

  /** Sets v = −P ((X : Y : Z : T) → (−X : Y : Z : −T)) and returns v. */
  negate(P: PointExtended): this {
    const F = this.curve.F;
    if (P !== this) { this.Y.set(P.Y); this.Z.set(P.Z); }
    F.negate(this.X, P.X); F.negate(this.T, P.T);
    return this;
  }

  /**
   * Reports whether v and Q are the same point (X1·Z2 = X2·Z1 and
   * Y1·Z2 = Y2·Z1; 4M). False when either has Z = 0 (not a point: the
   * cross-multiplication alone would call (0 : 0 : 0 : 0) equal to
   * everything).
   */
  equals(Q: PointExtended): boolean {
    return projEquals(this.curve, this, Q);
  }

  /** Reports whether v is the identity (X = 0 and Y = Z). */
  isIdentity(): boolean {
    const F = this.curve.F;
    return F.isZero(this.X) && F.equals(this.Y, this.Z) && !F.isZero(this.Z);
  }

  /**
   * Reports whether Z ≠ 0, X·Y = Z·T and a·X² + Y² = Z² + d·T² (the curve
   * equation times Z², given T = XY/Z). 2M + 4S + 1·a + 1·d.
   */
  isOnCurve(): boolean {
    return extendedIsOnCurve(this.curve, this);
  }

  /**
   * Sets v = ψ(P), the curve's GLV endomorphism (ψ(P) = λ·P on the
   * prime-order subgroup), and returns v. Bandersnatch ψ in projective
   * form ([Bandersnatch] §3), 10M + 3S; the identity and (0, −1), the
   * kernel of ψ, map to the identity without a branch (the formula and why:
   * packages/curves/gen/formulas/edwards.mjs). TypeError on a curve without
   * an endomorphism.
   */
  endomorphism(P: PointExtended): this {
    const c = this.curve;
    if (c.glv === undefined) throw new TypeError(`${c.name}: expected a curve with a GLV endomorphism, got none`);
    endomorphism(c, this, P);
    return this;
  }

  /** Sets v = h·P (log2(h) doublings) and returns v. */
  clearCofactor(P: PointExtended): this {
    if (P !== this) this.set(P);
    for (let i = 0; i < this.curve.cofactorDoublings; i++) this.double(this);
    return this;
  }

  /**
   * Reports whether r·v = O (v is torsion-free; variable-time wNAF on the
   * public r). False for Z = 0 and, on an incomplete curve, for a point
   * outside the exception-free subgroup (it has a component at infinity),
   * without multiplying. (torsion.ts)
   */
  isTorsionFree(): boolean {
    return isTorsionFree<PointExtended>(this);
  }

  /**
   * Reports whether v lies in the subgroup on which the curve's formulas
   * have no exceptional case (module doc): every point of a complete curve;
   * on an incomplete one the points with r·v ∈ {O, (0, −1)}, the subgroup
   * of order 2r generated by the prime-order subgroup and (0, −1). False
   * for Z = 0. Variable-time (v public). Bandersnatch (`exceptionFreeTest`
   * 'character') decides by the quadratic character of 1 − a·x² (the
   * Banderwagon subgroup test), any other incomplete curve ('multiple') by
   * an exact r·v; torsion.ts has the proof.
   */
  isExceptionFree(): boolean {
    return isExceptionFree<PointExtended>(this);
  }
}

/** Projective point (X : Y : Z), x = X/Z, y = Y/Z. */
export class PointProj {
  /** The curve. */
  readonly curve: EdwardsCurve;
  /** X coordinate. */
  readonly X: PrimeFieldElement;
  /** Y coordinate. */
  readonly Y: PrimeFieldElement;
  /** Z coordinate (never 0 for a valid point). */
  readonly Z: PrimeFieldElement;

  /** Creates the identity (0 : 1 : 1); coordinates are views of one ArrayBuffer. */
  constructor(curve: EdwardsCurve) {
    const F = expectCurve('PointProj curve', curve).F;
    const n = F.limbs;
    const buf = new ArrayBuffer(24 * n);
    this.curve = curve;
    this.X = new Float64Array(buf, 0, n);
    this.Y = F.setOne(new Float64Array(buf, 8 * n, n));
    this.Z = F.setOne(new Float64Array(buf, 16 * n, n));
  }

  /** Sets v = identity and returns v. */
  setIdentity(): this {
    const F = this.curve.F;
    F.setZero(this.X); F.setOne(this.Y); F.setOne(this.Z);
    return this;
  }

  /** Sets v = the subgroup generator and returns v. */
  setGenerator(): this {
    const c = this.curve;
    this.X.set(c.gx); this.Y.set(c.gy); c.F.setOne(this.Z);
    return this;
  }

  /** Sets v = P and returns v. */
  set(P: PointProj): this {
    this.X.set(P.X); this.Y.set(P.Y); this.Z.set(P.Z);
    return this;
  }

  /** Returns a new copy of this. */
  clone(): PointProj {
    return new PointProj(this.curve).set(this);
  }

  /** Sets v = A ((x : y : 1)) and returns v. */
  setAffine(A: PointAffine): this {
    this.X.set(A.x); this.Y.set(A.y); this.curve.F.setOne(this.Z);
    return this;
  }

  /** Sets v = P (drop T) and returns v. */
  setExtended(P: PointExtended): this {
    this.X.set(P.X); this.Y.set(P.Y); this.Z.set(P.Z);
    return this;
  }

  /**
   * Writes this in affine form into out (allocated if omitted; 1I + 2M) and
   * returns it. StrataError ERR_POINT_AT_INFINITY for Z = 0 (not a point;
   * out unchanged).
   */
  toAffine(out?: PointAffine): PointAffine {
    const F = this.curve.F;
    if (F.isZero(this.Z)) notAPoint(this.curve, 'toAffine');
    const o = out ?? new PointAffine(this.curve);
    const zi = this.curve.s[10]!;
    F.invert(zi, this.Z);
    F.mul(o.x, this.X, zi); F.mul(o.y, this.Y, zi);
    return o;
  }

  /** Writes this in extended form into out (allocated if omitted; 3M + 1S) and returns it. */
  toExtended(out?: PointExtended): PointExtended {
    return (out ?? new PointExtended(this.curve)).setProj(this);
  }

  /**
   * Sets v = P + Q and returns v. Unified. [EFD] add-2008-bbjlp,
   * 10M + 1S + 1·a + 1·d. Exceptional case of an incomplete curve: as
   * `PointExtended.add` (the dedicated addition, or ERR_POINT_AT_INFINITY).
   */
  add(P: PointProj, Q: PointProj): this {
    const c = this.curve, F = c.F, s = c.s;
    if (projAdd(c, this, P, Q) !== 0) {
      // The exceptional case (module doc): the dedicated addition in extended form, (XZ : YZ : Z² : XY).
      const X1 = s[24]!, Y1 = s[25]!, Z1 = s[26]!, T1 = s[27]!, X2 = s[28]!, Y2 = s[29]!, Z2 = s[30]!, T2 = s[31]!;
      F.mul(X1, P.X, P.Z); F.mul(Y1, P.Y, P.Z); F.square(Z1, P.Z); F.mul(T1, P.X, P.Y);
      F.mul(X2, Q.X, Q.Z); F.mul(Y2, Q.Y, Q.Z); F.square(Z2, Q.Z); F.mul(T2, Q.X, Q.Y);
      dedicatedEFGH(c, X1, Y1, Z1, T1, X2, Y2, Z2, T2);
      return writeDedicatedProj(c, this);
    }
    return this;
  }

  /**
   * Sets v = P + Q for affine Q (Z2 = 1) and returns v. [EFD]
   * madd-2008-bbjlp, 9M + 1S + 1·a + 1·d. Exceptional case: as `add`.
   */
  addAffine(P: PointProj, Q: PointAffine): this {
    const c = this.curve, F = c.F, s = c.s;
    if (projAddAffine(c, this, P, Q) !== 0) {
      const e0 = s[24]!, e1 = s[25]!, e2 = s[26]!, e3 = s[27]!, one = s[28]!, t2 = s[29]!;
      F.mul(e0, P.X, P.Z); F.mul(e1, P.Y, P.Z); F.square(e2, P.Z); F.mul(e3, P.X, P.Y);
      F.setOne(one); F.mul(t2, Q.x, Q.y);
      dedicatedEFGH(c, e0, e1, e2, e3, Q.x, Q.y, one, t2);
      return writeDedicatedProj(c, this);
    }
    return this;
  }

  /** Sets v = 2·P and returns v. [EFD] dbl-2008-bbjlp, 3M + 4S + 1·a. */
  double(P: PointProj): this {
    projDouble(this.curve, this, P);
    return this;
  }

  /** Sets v = −P ((X : Y : Z) → (−X : Y : Z)) and returns v. */
  negate(P: PointProj): this {
    if (P !== this) { this.Y.set(P.Y); this.Z.set(P.Z); }
    this.curve.F.negate(this.X, P.X);
    return this;
  }

  /** Reports whether v and Q are the same point (4M); false when either has Z = 0 (not a point). */
  equals(Q: PointProj): boolean {
    return projEquals(this.curve, this, Q);
  }

  /** Reports whether v is the identity (X = 0, Y = Z ≠ 0). */
  isIdentity(): boolean {
    const F = this.curve.F;
    return F.isZero(this.X) && F.equals(this.Y, this.Z) && !F.isZero(this.Z);
  }

  /** Reports whether Z ≠ 0 and (a·X² + Y²)·Z² = Z⁴ + d·X²·Y². 2M + 4S + 1·a + 1·d. */
  isOnCurve(): boolean {
    return projIsOnCurve(this.curve, this);
  }

  /** Sets v = h·P (log2(h) doublings) and returns v. */
  clearCofactor(P: PointProj): this {
    if (P !== this) this.set(P);
    for (let i = 0; i < this.curve.cofactorDoublings; i++) this.double(this);
    return this;
  }

  /** Reports whether r·v = O (false for Z = 0). */
  isTorsionFree(): boolean {
    return this.curve.sp[36]!.setProj(this).isTorsionFree();
  }

  /** Reports whether v lies in the exception-free subgroup (see `PointExtended.isExceptionFree`; false for Z = 0). */
  isExceptionFree(): boolean {
    return this.curve.sp[36]!.setProj(this).isExceptionFree();
  }
}

/** Affine point (x, y). The identity is (0, 1). */
export class PointAffine {
  /** The curve. */
  readonly curve: EdwardsCurve;
  /** x coordinate (Montgomery limbs). */
  readonly x: PrimeFieldElement;
  /** y coordinate (Montgomery limbs). */
  readonly y: PrimeFieldElement;

  /** Creates the identity (0, 1); coordinates are views of one ArrayBuffer. */
  constructor(curve: EdwardsCurve) {
    const n = expectCurve('PointAffine curve', curve).F.limbs;
    const buf = new ArrayBuffer(16 * n);
    this.curve = curve;
    this.x = new Float64Array(buf, 0, n);
    this.y = curve.F.setOne(new Float64Array(buf, 8 * n, n));
  }

  /**
   * Returns the point (x, y) after checking 0 ≤ x, y < q (StrataError
   * ERR_X_TOO_BIG / ERR_Y_TOO_BIG; negative values count as too big) and the
   * curve equation (ERR_POINT_NOT_ON_CURVE). TypeError for non-bigints.
   */
  static fromXY(curve: EdwardsCurve, x: bigint, y: bigint): PointAffine {
    expectCurve('PointAffine.fromXY curve', curve);
    if (typeof x !== 'bigint' || typeof y !== 'bigint') throw new TypeError(`point coordinates: expected bigints, got ${typeof x}, ${typeof y}`);
    const q = curve.F.p;
    if (x < 0n || x >= q) throw new StrataError(ErrorCode.X_TOO_BIG, `${curve.name} point: expected x in [0, q), got one outside`);
    if (y < 0n || y >= q) throw new StrataError(ErrorCode.Y_TOO_BIG, `${curve.name} point: expected y in [0, q), got one outside`);
    const P = new PointAffine(curve);
    curve.F.setBigInt(P.x, x);
    curve.F.setBigInt(P.y, y);
    if (!P.isOnCurve()) throw new StrataError(ErrorCode.POINT_NOT_ON_CURVE, `${curve.name} point: expected (x, y) on the curve, got a point off it`);
    return P;
  }

  /**
   * Decodes a 32-byte compressed point: y little-endian in bits 0..254, a
   * sign bit in bit 255 ('parity': x is odd; 'lexsign': x > (q−1)/2). Errors
   * (StrataError codes): ERR_BAD_LENGTH (not 32 bytes), ERR_Y_TOO_BIG
   * (y ≥ q), ERR_POINT_NOT_ON_CURVE (no x for this y), ERR_NON_CANONICAL
   * (x = 0 with the sign bit set, [ZIP-216]), ERR_POINT_NOT_IN_SUBGROUP
   * (with `subgroup: true`). TypeError for a non-Uint8Array, options that
   * are not an object, a non-boolean `subgroup`, an unknown `encoding`, a
   * `curve` that is not an EdwardsCurve, or an `out` that is not a
   * PointAffine on `curve`.
   */
  static fromBytes(curve: EdwardsCurve, bytes: Uint8Array, opts?: DecodeOptions, out?: PointAffine): PointAffine {
    expectCurve('PointAffine.fromBytes curve', curve);
    if (out !== undefined) expectPointOn('PointAffine.fromBytes out', out, PointAffine, curve);
    expectBytes(`${curve.name} point`, bytes, 32);
    const enc = decodeEncoding(curve, opts);
    const y = curve.s[12]!, x = curve.s[15]!;
    decodeXY(curve, bytes, enc, x, y);
    const P = out ?? new PointAffine(curve);
    P.x.set(x); P.y.set(y);
    if (!P.isOnCurve()) throw new StrataError(ErrorCode.POINT_NOT_ON_CURVE, `${curve.name} point: expected a point on the curve, got one off it`);
    if (opts?.subgroup === true && !P.isTorsionFree()) {
      throw new StrataError(ErrorCode.POINT_NOT_IN_SUBGROUP, `${curve.name} point: expected a point in the prime-order subgroup, got one with a torsion component`);
    }
    return P;
  }

  /** Returns the 32-byte compressed encoding (see fromBytes) in a new array; TypeError for an `encoding` other than 'parity' / 'lexsign' (absent: the curve's). */
  toBytes(encoding?: EdwardsEncoding): Uint8Array {
    return encodeXY(this.curve, this.x, this.y, undefined, encoding);
  }

  /** Writes the same 32 bytes into out[offset … offset+32) and returns out; StrataError ERR_BAD_LENGTH when out is too short. */
  putBytes(out: Uint8Array, offset = 0, encoding?: EdwardsEncoding): Uint8Array {
    expectRoom('PointAffine#putBytes', out, offset, 32);
    encodeXY(this.curve, this.x, this.y, offset === 0 && out.length === 32 ? out : out.subarray(offset, offset + 32), encoding);
    return out;
  }

  /** Returns the canonical coordinates as bigints (allocates). */
  toBigInts(): { x: bigint; y: bigint } {
    return { x: this.curve.F.toBigInt(this.x), y: this.curve.F.toBigInt(this.y) };
  }

  /** Sets v = identity and returns v. */
  setIdentity(): this {
    this.curve.F.setZero(this.x); this.curve.F.setOne(this.y);
    return this;
  }

  /** Sets v = the subgroup generator and returns v. */
  setGenerator(): this {
    this.x.set(this.curve.gx); this.y.set(this.curve.gy);
    return this;
  }

  /** Sets v = P and returns v. */
  set(P: PointAffine): this {
    this.x.set(P.x); this.y.set(P.y);
    return this;
  }

  /** Returns a new copy of this. */
  clone(): PointAffine {
    return new PointAffine(this.curve).set(this);
  }

  /** Writes this into out as an extended point (allocated if omitted) and returns it. */
  toExtended(out?: PointExtended): PointExtended {
    return (out ?? new PointExtended(this.curve)).setAffine(this);
  }

  /** Writes this into out as a projective point (allocated if omitted) and returns it. */
  toProj(out?: PointProj): PointProj {
    return (out ?? new PointProj(this.curve)).setAffine(this);
  }

  /** Sets v = P (extended → affine, 1I + 2M) and returns v. */
  setExtended(P: PointExtended): this {
    P.toAffine(this);
    return this;
  }

  /** Sets v = P (projective → affine, 1I + 2M) and returns v. */
  setProj(P: PointProj): this {
    P.toAffine(this);
    return this;
  }

  /**
   * Sets v = P + Q with the affine twisted Edwards addition law
   * x3 = (x1y2 + y1x2)/(1 + d·x1x2y1y2), y3 = (y1y2 − a·x1x2)/(1 − d·x1x2y1y2)
   * ([BBJLP08] §3), both denominators inverted together: 1I + 9M + 1·a + 1·d.
   * Unified; returns v. Exceptional case of an incomplete curve (a zero
   * denominator): the dedicated addition, or StrataError
   * ERR_POINT_AT_INFINITY when the sum is at infinity (v unchanged), as
   * `PointExtended.add`.
   */
  add(P: PointAffine, Q: PointAffine): this {
    const c = this.curve, F = c.F, s = c.s;
    if (affineAdd(c, this, P, Q) !== 0) {
      // (x, y) → (x : y : 1 : x·y); the dedicated sum (E·F : G·H : F·G) → (E·F/(F·G), G·H/(F·G)).
      const one = F.setOne(s[24]!), t1 = F.mul(s[25]!, P.x, P.y), t2 = F.mul(s[26]!, Q.x, Q.y);
      dedicatedEFGH(c, P.x, P.y, one, t1, Q.x, Q.y, one, t2);
      const E = s[20]!, Ff = s[21]!, G = s[22]!, H = s[23]!, zi = s[27]!, u = s[28]!;
      F.mul(zi, Ff, G); F.invert(zi, zi);
      F.mul(u, E, Ff); F.mul(this.x, u, zi);
      F.mul(u, G, H); F.mul(this.y, u, zi);
    }
    return this;
  }

  /** Sets v = P + Q and returns v: the same as add (both operands are affine), kept so that every point type has `addAffine`. */
  addAffine(P: PointAffine, Q: PointAffine): this {
    return this.add(P, Q);
  }

  /** Sets v = 2·P (the unified affine law with Q = P; 1I + 10M + 1·a + 1·d) and returns v. */
  double(P: PointAffine): this {
    return this.add(P, P);
  }

  /** Sets v = −P ((x, y) → (−x, y)) and returns v. */
  negate(P: PointAffine): this {
    if (P !== this) this.y.set(P.y);
    this.curve.F.negate(this.x, P.x);
    return this;
  }

  /** Reports whether v = Q (coordinates equal). */
  equals(Q: PointAffine): boolean {
    const F = this.curve.F;
    return F.equals(this.x, Q.x) && F.equals(this.y, Q.y);
  }

  /** Reports whether v is (0, 1). */
  isIdentity(): boolean {
    return this.curve.F.isZero(this.x) && this.curve.F.isOne(this.y);
  }

  /** Reports whether a·x² + y² = 1 + d·x²·y². 1M + 2S + 1·a + 1·d. */
  isOnCurve(): boolean {
    return affineIsOnCurve(this.curve, this);
  }

  /** Sets v = h·P and returns v. */
  clearCofactor(P: PointAffine): this {
    return this.setExtended(this.curve.sp[36]!.setAffine(P).clearCofactor(this.curve.sp[36]!));
  }

  /** Reports whether r·v = O. */
  isTorsionFree(): boolean {
    return this.curve.sp[36]!.setAffine(this).isTorsionFree();
  }

  /** Reports whether v lies in the exception-free subgroup (see `PointExtended.isExceptionFree`). */
  isExceptionFree(): boolean {
    return this.curve.sp[36]!.setAffine(this).isExceptionFree();
  }
}

// ---- The curve: a frozen singleton per curve, built by a validating constructor. Reading a
// parameter is a property read (a, d, 2d and the generator are Montgomery limbs, stored once).

const curveCache = new Map<string, EdwardsCurve>();

/**
 * Returns `curve` when it is an EdwardsCurve; throws TypeError at once
 * otherwise ("what: expected EdwardsCurve, got …"), before any code reads
 * its fields. Every constructor and factory taking a curve calls it: an
 * instanceof test, cheap enough for point constructors in MSM tables.
 */
export function expectCurve(what: string, curve: unknown): EdwardsCurve {
  return expectInstance(what, curve, EdwardsCurve);
}

/**
 * A twisted Edwards curve a·x² + y² = 1 + d·x²·y² with a prime-order
 * subgroup of order r and a power-of-two cofactor. Frozen. Fields whose doc
 * says "internal" hold Montgomery limbs or scratch space used by the point
 * routines: read them, never write them.
 */
export class EdwardsCurve {
  /** Name (e.g. "jubjub"). */
  readonly name: string;
  /** The base field GF(q). */
  readonly F: PrimeField;
  /** The scalar field GF(r) of the prime-order subgroup. */
  readonly scalarField: PrimeField;
  /** a mod q. */
  readonly a: bigint;
  /** d mod q. */
  readonly d: bigint;
  /** Prime subgroup order r. */
  readonly order: bigint;
  /** Cofactor h. */
  readonly cofactor: bigint;
  /** log2(h): clearCofactor is this many doublings. */
  readonly cofactorDoublings: number;
  /** The subgroup generator (affine, canonical bigints). */
  readonly generator: Readonly<{ x: bigint; y: bigint }>;
  /** Default compressed encoding. */
  readonly encoding: EdwardsEncoding;
  /** True iff a = −1 (the specialised [HWCD08] §3.1 formulas apply). */
  readonly aIsMinusOne: boolean;
  /** True iff a is a square and d is not: the addition law is complete ([BBJLP08] Thm 3.3). */
  readonly complete: boolean;
  /**
   * How `isExceptionFree` decides whether a point lies in the subgroup on
   * which the unified formulas have no exceptional case: `'complete'` (a
   * complete curve: every point), `'character'` (a and d non-squares and
   * h = 4, as Bandersnatch: the quadratic character of 1 − a·x², see
   * point.ts), `'multiple'` (any other incomplete curve: r·P ∈ {O, (0, −1)}
   * by an exact scalar multiplication).
   */
  readonly exceptionFreeTest: 'complete' | 'character' | 'multiple';
  /** GLV endomorphism constants and lattice, or undefined. */
  readonly glv: (GlvParams & { readonly basis: GlvBasis }) | undefined;
  /** Internal: a in Montgomery form. */
  readonly aM: PrimeFieldElement;
  /** Internal: d in Montgomery form. */
  readonly dM: PrimeFieldElement;
  /** Internal: 2d in Montgomery form. */
  readonly d2M: PrimeFieldElement;
  /** Internal: generator x in Montgomery form. */
  readonly gx: PrimeFieldElement;
  /** Internal: generator y in Montgomery form. */
  readonly gy: PrimeFieldElement;
  /** Internal: GLV endo0 / endo1 in Montgomery form (zero when no GLV). */
  readonly endo0M: PrimeFieldElement;
  /** Internal: see endo0M. */
  readonly endo1M: PrimeFieldElement;
  /** Internal: 32 scratch field elements used by point routines (never across calls; 16–31 by the exceptional-case additions only). */
  readonly s: readonly PrimeFieldElement[];
  /** Internal: scratch points for scalar multiplication (tables and accumulators). */
  readonly sp: readonly PointExtended[];
  /** Internal: scratch wNAF digit buffers. */
  readonly naf: readonly Int8Array[];
  /** Internal: scratch scalar bytes. */
  readonly kb: readonly Uint8Array[];
  /** Internal: the subgroup order r as 32 bytes little-endian (for isTorsionFree without BigInt). */
  readonly orderLE: Uint8Array;

  /**
   * Returns the frozen curve for these parameters (cached by name: the same
   * parameters return the same instance; different parameters under an
   * existing name throw ERR_INVALID_ARGUMENT). Validates:
   * a base field of 200–255 bits (the encodings are 32 bytes with a sign bit);
   * a, d non-zero and distinct; r prime; h a power of two with h·r within the
   * Hasse bound of q + 1; generator canonical, on the curve, not the identity,
   * and r·G = O; for GLV, ψ(G) = λ·G and λ² + 2 ≡ 0 is not assumed but the
   * eigen-relation is checked. Throws StrataError ERR_INVALID_ARGUMENT, or
   * TypeError for a parameter of the wrong type or an unknown encoding.
   */
  static create(params: EdwardsCurveParams): EdwardsCurve {
    checkParamTypes(params);
    const hit = curveCache.get(params.name);
    if (hit !== undefined) {
      const q = hit.F.p;
      const same = params.field === hit.F && ((params.a % q) + q) % q === hit.a && ((params.d % q) + q) % q === hit.d &&
        params.order === hit.order && params.cofactor === hit.cofactor && params.generator.x === hit.generator.x &&
        params.generator.y === hit.generator.y && params.encoding === hit.encoding &&
        params.glv?.lambda === hit.glv?.lambda && params.glv?.endo0 === hit.glv?.endo0 && params.glv?.endo1 === hit.glv?.endo1;
      if (!same) throw new StrataError(ErrorCode.INVALID_ARGUMENT, `${params.name} parameters: expected the parameters of the existing curve of that name, got different ones`);
      return hit;
    }
    const c = new EdwardsCurve(params);
    curveCache.set(params.name, c);
    return c;
  }

  private constructor(params: EdwardsCurveParams) {
    const F = params.field;
    const q = F.p;
    const { a, d, scalarField, cofactorDoublings } = checkParamValues(params);
    const bad = (what: string) => new StrataError(ErrorCode.INVALID_ARGUMENT, `${params.name} parameters: ${what}`);
    this.name = params.name;
    this.F = F;
    this.a = a;
    this.d = d;
    this.order = params.order;
    this.scalarField = scalarField;
    this.cofactor = params.cofactor;
    this.cofactorDoublings = cofactorDoublings;
    this.encoding = params.encoding;
    this.aIsMinusOne = this.a === q - 1n;
    this.aM = F.setBigInt(F.create(), this.a);
    this.dM = F.setBigInt(F.create(), this.d);
    this.d2M = F.setBigInt(F.create(), 2n * this.d);
    this.complete = F.legendre(this.aM) === 1 && F.legendre(this.dM) === -1;
    this.exceptionFreeTest = this.complete ? 'complete'
      : F.legendre(this.aM) === -1 && F.legendre(this.dM) === -1 && params.cofactor === 4n ? 'character' : 'multiple';
    const gx = params.generator.x, gy = params.generator.y;
    this.generator = Object.freeze({ x: gx, y: gy });
    this.gx = F.setBigInt(F.create(), gx);
    this.gy = F.setBigInt(F.create(), gy);
    this.endo0M = F.create();
    this.endo1M = F.create();
    const scratch = curveScratch(F);
    this.s = scratch.s;
    this.kb = scratch.kb;
    this.naf = scratch.naf;
    this.orderLE = orderBytes(params.order);
    const sp: PointExtended[] = [];
    // 0..15: table of odd multiples, 16..31: their negatives (second table for GLV), 32..39 accumulators.
    for (let i = 0; i < 40; i++) sp.push(new PointExtended(this));
    this.sp = Object.freeze(sp);
    if (params.glv !== undefined) {
      const g = params.glv;
      F.setBigInt(this.endo0M, g.endo0);
      F.setBigInt(this.endo1M, g.endo1);
      this.glv = Object.freeze({ endo0: g.endo0, endo1: g.endo1, lambda: g.lambda, basis: Object.freeze(glvBasis(params.order, g.lambda)) });
    } else {
      this.glv = undefined;
    }
    // Generator checks (the point classes only read the fields set above).
    const G = new PointExtended(this).setGenerator();
    if (!G.isOnCurve()) throw bad('expected the generator on the curve, got a point off it');
    if (G.isIdentity()) throw bad('expected a generator ≠ identity, got the identity');
    const T = mulNonConst(params.order, G, new PointExtended(this));
    if (!T.isIdentity()) throw bad('expected r·G = identity, got another point');
    if (this.glv !== undefined) {
      const psi = new PointExtended(this).endomorphism(G);
      const lg = mulNonConst(this.glv.lambda, G, new PointExtended(this));
      if (!psi.equals(lg)) throw bad('expected ψ(G) = λ·G, got ψ(G) ≠ λ·G');
    }
    Object.freeze(this);
  }

  /** Returns the generator as a new affine point (allocates; use `setGenerator` on a point in hot paths). */
  generatorAffine(): PointAffine {
    return new PointExtended(this).setGenerator().toAffine();
  }
}

