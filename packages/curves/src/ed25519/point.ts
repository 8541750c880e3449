/**
 * edwards25519 points in four coordinate systems:
 *
 * - `Point` — extended twisted Edwards (X : Y : Z : T), x = X/Z, y = Y/Z,
 *   x·y = T/Z [HWCD08]. The working representation.
 * - `PointProj` — projective (X : Y : Z), for callers that never need T.
 * - `PointAffine` — (x, y), one inversion away from the others; its add and
 *   double cost one inversion each (for interchange, not arithmetic).
 * - `PointNiels` — affine precomputed (y+x, y−x, 2d·x·y): the cheapest
 *   operand of a mixed addition (base-point tables).
 * - `PointCached` — projective precomputed (Y+X, Y−X, 2Z, 2d·T): the
 *   operand of an extended addition (variable-base tables).
 *
 * Costs below count field multiplications M and squarings S (additions are
 * free by comparison: Fe25519 add/sub do not carry). All methods write into
 * the receiver and return it; arguments may alias the receiver; nothing is
 * allocated per operation (module-level scratch).
 *
 * The rest of the edwards25519 module, one concern per file, each importing
 * this one or imported by it, never both: encoding.ts (decoding 32 bytes,
 * its options and errors; below this file), torsion.ts (the subgroup check
 * behind `isTorsionFree`; below), batch.ts (batch encodings and affine
 * conversions; above), tables.ts (precomputed tables), scalarmult.ts
 * (scalar multiplication) and msm.ts (above).
 *
 * References:
 * - [HWCD08] H. Hisil, K. Wong, G. Carter, E. Dawson, "Twisted Edwards Curves Revisited", ASIACRYPT 2008.
 * - [EFD] Explicit-Formulas Database, https://hyperelliptic.org/EFD/g1p/auto-twisted-extended-1.html
 *   (add-2008-hwcd-3, madd-2008-hwcd-3, dbl-2008-hwcd) and auto-twisted-projective.html (add-2008-bbjlp,
 *   madd-2008-bbjlp, dbl-2008-bbjlp).
 * - [BBJLP08] D. J. Bernstein, P. Birkner, M. Joye, T. Lange, C. Peters, "Twisted Edwards Curves", AFRICACRYPT 2008, §3 (affine addition law).
 * - [RFC8032] S. Josefsson, I. Liusvaara, "EdDSA", §5.1.2 (encoding), §5.1.3 (decoding).
 * - [ZIP-215] Zcash, "Explicitly Defining and Modifying Ed25519 Validation Rules".
 */
import { Fe25519, describe, expectBytes, expectRoom } from '@strata/field';
import { FE_D2, edwards25519 } from './params.js';
import { ed25519Backend } from '../engine/state.js';
import type { ExtCoords } from './backend.js';
import { DEC_OK, decodeError, decodeXY, zip215Of, type PointDecodeOptions } from './encoding.js';
import { torsionFree } from './torsion.js';
// The extended-coordinate formulas (add-2008-hwcd-3, madd-2008-hwcd-3,
// dbl-2008-hwcd), written with the WebAssembly engine's from
// packages/curves/gen/formulas/ed25519.mjs with the dedicated affine
// doubling; the projective and affine ones (add-, madd-, dbl-2008-bbjlp, the
// affine law), the curve-equation checks and the cross-multiplied equality,
// written with the generic Edwards curves' from
// packages/curves/gen/formulas/twisted-edwards.mjs.
import {
  affineAdd, affineDouble, affineIsOnCurve, extendedAdd, extendedAddCached, extendedAddNiels, extendedDouble, extendedIsOnCurve, extendedSub,
  projAdd, projAddAffine, projDouble, projEquals, projIsOnCurve,
} from './point-formulas.generated.js';

// Module scratch (never escapes; every routine finishes with it before returning).
const fA = new Fe25519();
const fB = new Fe25519();
const fC = new Fe25519();
const ONE = new Fe25519().setOne();


/**
 * An affine point (x, y) of edwards25519. Mutable; the identity is (0, 1).
 */
export class PointAffine {
  /** Affine x. */
  readonly x: Fe25519;
  /** Affine y. */
  readonly y: Fe25519;

  /** Creates the identity (0, 1). */
  constructor() {
    this.x = new Fe25519();
    this.y = new Fe25519().setOne();
  }

  /** Sets v = a and returns v. */
  set(a: PointAffine): this {
    this.x.set(a.x);
    this.y.set(a.y);
    return this;
  }

  /** Sets v = p / its affine form (one inversion) and returns v. */
  setPoint(p: Point | PointProj): this {
    const zi = fA.invert(p.Z);
    this.x.mul(p.X, zi);
    this.y.mul(p.Y, zi);
    return this;
  }

  /** Returns a new affine point equal to this one. */
  clone(): PointAffine {
    return new PointAffine().set(this);
  }

  /** Sets v = −a and returns v: (−x, y). */
  negate(a: PointAffine): this {
    this.y.set(a.y);
    this.x.negate(a.x);
    return this;
  }

  /**
   * Sets v = a + b and returns v, with
   * the affine twisted Edwards addition law (a = −1)
   * x3 = (x1·y2 + y1·x2)/(1 + d·x1x2y1y2), y3 = (y1·y2 + x1·x2)/(1 − d·x1x2y1y2)
   * [BBJLP08] §3; both denominators are inverted together (one inversion of
   * their product): 9M + 1·d + 1I. Unified and complete on edwards25519 (d is
   * a non-square, so no denominator vanishes for points on the curve).
   * SLOW: the inversion costs about as much as 20 extended additions — use
   * {@link Point} for arithmetic and affine points for interchange.
   * Allocation-free; any operand may alias the receiver.
   */
  add(a: PointAffine, b: PointAffine): this {
    affineAdd(this, a, b);
    return this;
  }

  /**
   * Sets v = p + q and returns v: the same as {@link PointAffine.add} (both
   * operands are affine here), kept so that every ed25519 point type has
   * `addAffine`.
   */
  addAffine(p: PointAffine, q: PointAffine): this {
    return this.add(p, q);
  }

  /**
   * Sets v = 2·a and returns v, with the dedicated affine
   * doubling law (a = −1; the curve equation turns 1 ± d·x²y² into y² − x²
   * and 2 + x² − y²) x3 = 2xy/(y² − x²), y3 = (y² + x²)/(2 + x² − y²)
   * [BBJLP08] §3; both denominators inverted together: 6M + 2S + 1I.
   * Precondition: the point is on the curve (the formula uses the curve
   * equation). SLOW (one inversion, see {@link PointAffine.add}).
   * Allocation-free; a may alias the receiver.
   */
  double(a: PointAffine): this {
    affineDouble(this, a);
    return this;
  }

  /** Reports whether v is the identity (0, 1). */
  isIdentity(): boolean {
    return this.x.isZero() && this.y.equals(ONE);
  }

  /** Reports whether v and a are the same point. */
  equals(a: PointAffine): boolean {
    return this.x.equals(a.x) && this.y.equals(a.y);
  }

  /** Reports whether −x² + y² = 1 + d·x²·y². */
  isOnCurve(): boolean {
    return affineIsOnCurve(this);
  }

  /** Returns the canonical 32-byte encoding ([RFC8032] §5.1.2). */
  toBytes(): Uint8Array {
    return this.putBytes(new Uint8Array(32), 0);
  }

  /**
   * Writes the canonical encoding into out[off..off+32) and returns out.
   * TypeError for a non-Uint8Array `out` or a bad `off`; StrataError
   * ERR_BAD_LENGTH when fewer than 32 bytes follow `off`.
   */
  putBytes(out: Uint8Array, off = 0): Uint8Array {
    expectRoom('ed25519.PointAffine.putBytes', out, off, 32);
    this.y.putBytes(out, off);
    if (this.x.isNegative()) out[off + 31] = out[off + 31]! | 0x80;
    return out;
  }

  /** Returns the extended form of this point (allocates). */
  toPoint(out: Point = new Point()): Point {
    return out.setAffine(this);
  }
}

/**
 * A projective point (X : Y : Z) of edwards25519, x = X/Z, y = Y/Z.
 */
export class PointProj {
  /** Projective X. */
  readonly X: Fe25519;
  /** Projective Y. */
  readonly Y: Fe25519;
  /** Projective Z (never 0 for a valid point). */
  readonly Z: Fe25519;

  /** Creates the identity (0 : 1 : 1). */
  constructor() {
    this.X = new Fe25519();
    this.Y = new Fe25519().setOne();
    this.Z = new Fe25519().setOne();
  }

  /** Sets v = a and returns v. */
  set(a: PointProj): this {
    this.X.set(a.X);
    this.Y.set(a.Y);
    this.Z.set(a.Z);
    return this;
  }

  /** Sets v = the projective form of an extended point (drops T) and returns v. */
  setPoint(p: Point): this {
    this.X.set(p.X);
    this.Y.set(p.Y);
    this.Z.set(p.Z);
    return this;
  }

  /** Returns a new projective point equal to this one. */
  clone(): PointProj {
    return new PointProj().set(this);
  }

  /**
   * Sets v = a + b and returns v. [EFD] add-2008-bbjlp (a = −1):
   * 10M + 1S + 1·d.
   */
  add(a: PointProj, b: PointProj): this {
    projAdd(this, a, b);
    return this;
  }

  /**
   * Sets v = p + q for an affine q and returns v. [EFD] madd-2008-bbjlp
   * (Z2 = 1, a = −1): 9M + 1S + 1·d. Unified (complete on edwards25519); v
   * may alias p.
   */
  addAffine(p: PointProj, q: PointAffine): this {
    projAddAffine(this, p, q);
    return this;
  }

  /** Sets v = 2·a and returns v. [EFD] dbl-2008-bbjlp (a = −1): 3M + 4S. */
  double(a: PointProj): this {
    projDouble(this, a);
    return this;
  }

  /** Sets v = −a and returns v. */
  negate(a: PointProj): this {
    if (a !== this) this.set(a);
    this.X.negate(this.X);
    return this;
  }

  /** Reports whether v is the identity (X = 0 and Y = Z). */
  isIdentity(): boolean {
    return this.X.isZero() && this.Y.equals(this.Z);
  }

  /** Reports whether v and a are the same point (cross-multiplied, no inversion). */
  equals(a: PointProj): boolean {
    return projEquals(this, a);
  }

  /** Reports whether (−X² + Y²)·Z² = Z⁴ + d·X²·Y² and Z ≠ 0. */
  isOnCurve(): boolean {
    return projIsOnCurve(this);
  }

  /** Returns the extended form (allocates unless out is given). */
  toPoint(out: Point = new Point()): Point {
    return out.setProj(this);
  }
}

/**
 * An affine precomputed point (y + x, y − x, 2d·x·y), the operand of
 * {@link Point.addNiels} (madd-2008-hwcd-3, 7M). The identity is (1, 1, 0).
 */
export class PointNiels {
  /** y + x. */
  readonly yPlusX: Fe25519;
  /** y − x. */
  readonly yMinusX: Fe25519;
  /** 2d·x·y. */
  readonly xy2d: Fe25519;

  /** Creates the identity (1, 1, 0). */
  constructor() {
    this.yPlusX = new Fe25519().setOne();
    this.yMinusX = new Fe25519().setOne();
    this.xy2d = new Fe25519();
  }

  /** Sets v = a and returns v. */
  set(a: PointNiels): this {
    this.yPlusX.set(a.yPlusX);
    this.yMinusX.set(a.yMinusX);
    this.xy2d.set(a.xy2d);
    return this;
  }

  /** Sets v from an affine point and returns v (2M). */
  setAffine(a: PointAffine): this {
    this.yPlusX.add(a.y, a.x).carry();
    this.yMinusX.sub(a.y, a.x).carry();
    this.xy2d.mul(a.x, a.y).mul(this.xy2d, FE_D2);
    return this;
  }

  /** Sets v from an extended point (one inversion) and returns v. */
  setPoint(p: Point): this {
    const zi = fA.invert(p.Z);
    const x = fB.mul(p.X, zi);
    const y = fC.mul(p.Y, zi);
    this.yPlusX.add(y, x).carry();
    this.yMinusX.sub(y, x).carry();
    this.xy2d.mul(x, y).mul(this.xy2d, FE_D2);
    return this;
  }

  /** Sets v = −v when flag = 1 (branch-free; flag ∈ {0, 1}) and returns v. */
  cneg(flag: number): this {
    this.yPlusX.cswap(this.yMinusX, flag);
    this.xy2d.cneg(flag);
    return this;
  }

  /** Sets v = a when flag = 1, unchanged when flag = 0 (branch-free) and returns v. */
  cmov(a: PointNiels, flag: number): this {
    this.yPlusX.cmov(a.yPlusX, flag);
    this.yMinusX.cmov(a.yMinusX, flag);
    this.xy2d.cmov(a.xy2d, flag);
    return this;
  }

  /** Sets v = identity and returns v. */
  setIdentity(): this {
    this.yPlusX.setOne();
    this.yMinusX.setOne();
    this.xy2d.setZero();
    return this;
  }
}

/**
 * A projective precomputed point (Y + X, Y − X, 2Z, 2d·T), the operand of
 * {@link Point.addCached} (add-2008-hwcd-3 with the 2d·T2 product hoisted:
 * 8M per addition).
 */
export class PointCached {
  /** Y + X. */
  readonly yPlusX: Fe25519;
  /** Y − X. */
  readonly yMinusX: Fe25519;
  /** 2·Z. */
  readonly z2: Fe25519;
  /** 2d·T. */
  readonly t2d: Fe25519;

  /** Creates the identity (1, 1, 2, 0). */
  constructor() {
    this.yPlusX = new Fe25519().setOne();
    this.yMinusX = new Fe25519().setOne();
    this.z2 = new Fe25519().setInt(2);
    this.t2d = new Fe25519();
  }

  /** Sets v from an extended point and returns v (1M). */
  setPoint(p: Point): this {
    this.yPlusX.add(p.Y, p.X).carry();
    this.yMinusX.sub(p.Y, p.X).carry();
    this.z2.add(p.Z, p.Z).carry();
    this.t2d.mul(p.T, FE_D2);
    return this;
  }

  /** Sets v = a and returns v. */
  set(a: PointCached): this {
    this.yPlusX.set(a.yPlusX);
    this.yMinusX.set(a.yMinusX);
    this.z2.set(a.z2);
    this.t2d.set(a.t2d);
    return this;
  }

  /** Sets v = −a and returns v (swap Y±X, negate 2dT). */
  negate(a: PointCached): this {
    if (a !== this) this.set(a);
    this.yPlusX.cswap(this.yMinusX, 1);
    this.t2d.negate(this.t2d);
    return this;
  }

  /** Sets v = −v when flag = 1 (branch-free; flag ∈ {0, 1}) and returns v. */
  cneg(flag: number): this {
    this.yPlusX.cswap(this.yMinusX, flag);
    this.t2d.cneg(flag);
    return this;
  }

  /** Sets v = a when flag = 1, unchanged when flag = 0 (branch-free) and returns v. */
  cmov(a: PointCached, flag: number): this {
    this.yPlusX.cmov(a.yPlusX, flag);
    this.yMinusX.cmov(a.yMinusX, flag);
    this.z2.cmov(a.z2, flag);
    this.t2d.cmov(a.t2d, flag);
    return this;
  }
}

/**
 * A point of edwards25519 in extended coordinates (X : Y : Z : T) with
 * x = X/Z, y = Y/Z, T = X·Y/Z [HWCD08]. Mutable; methods write into the
 * receiver and return it; operands may alias the receiver.
 */
export class Point {
  /** Extended X. */
  readonly X: Fe25519;
  /** Extended Y. */
  readonly Y: Fe25519;
  /** Extended Z (never 0 for a valid point). */
  readonly Z: Fe25519;
  /** Extended T = X·Y/Z. */
  readonly T: Fe25519;

  /** Creates the identity (0 : 1 : 1 : 0). */
  constructor() {
    this.X = new Fe25519();
    this.Y = new Fe25519().setOne();
    this.Z = new Fe25519().setOne();
    this.T = new Fe25519();
  }

  /**
   * The base point B of [RFC8032] §5.1 (y = 4/5, x even). A SHARED
   * instance: never mutate it (use {@link Point.generator} or
   * {@link Point.setGenerator} for a copy).
   */
  static readonly BASE: Point = (() => {
    const p = new Point();
    p.X.setBigInt(edwards25519.gx);
    p.Y.setBigInt(edwards25519.gy);
    p.T.mul(p.X, p.Y);
    return p;
  })();

  /** Returns a new identity point. */
  static identity(): Point {
    return new Point();
  }

  /** Returns a new copy of the base point B. */
  static generator(): Point {
    return new Point().set(Point.BASE);
  }

  /**
   * Decodes 32 bytes ([RFC8032] §5.1.3) and returns a new point. With
   * `zip215` (the default) non-canonical y and "negative zero" x are
   * accepted as [ZIP-215] requires; with `zip215: false` they throw
   * StrataError ERR_NON_CANONICAL. A y with no matching x throws
   * ERR_POINT_NOT_ON_CURVE; a wrong length ERR_BAD_LENGTH; a non-Uint8Array,
   * options that are not an object or a non-boolean `zip215` TypeError. The
   * point may have small order or a torsion component.
   */
  static fromBytes(b: Uint8Array, opts?: PointDecodeOptions): Point {
    expectBytes('Point.fromBytes', b, 32);
    const zip215 = zip215Of('Point.fromBytes', opts);
    const p = new Point();
    const code = p.decode(b, 0, zip215);
    if (code !== DEC_OK) throw decodeError(code, 'Point.fromBytes');
    return p;
  }

  /**
   * Non-throwing decoder for verifiers: returns the decoded point (written
   * into `out` when given, else a new point) or null for any invalid
   * encoding, including a wrong length. Throws only on a programmer error
   * (TypeError): a non-Uint8Array, bad options (as {@link Point.fromBytes}),
   * an `out` that is not a Point.
   */
  static tryFromBytes(b: Uint8Array, opts?: PointDecodeOptions, out?: Point): Point | null {
    if (!(b instanceof Uint8Array)) throw new TypeError(`Point.tryFromBytes: expected Uint8Array, got ${describe(b)}`);
    const zip215 = zip215Of('Point.tryFromBytes', opts);
    if (out !== undefined && !(out instanceof Point)) throw new TypeError(`Point.tryFromBytes: expected out a Point, got ${describe(out)}`);
    if (b.length !== 32) return null;
    const p = out ?? new Point();
    return p.decode(b, 0, zip215) === DEC_OK ? p : null;
  }

  /**
   * Decodes the 32 bytes of b at off into v and reports whether b encodes a
   * point (false leaves v unspecified; also false when fewer than 32 bytes
   * follow `off`); options as {@link Point.setBytes} (ZIP-215 by default).
   * Allocation-free. Never throws on a Uint8Array; TypeError for a
   * non-Uint8Array `b`, bad options or an `off` that is not a non-negative
   * integer.
   */
  trySetBytes(b: Uint8Array, opts?: PointDecodeOptions, off = 0): boolean {
    if (!(b instanceof Uint8Array)) throw new TypeError(`Point.trySetBytes: expected Uint8Array, got ${describe(b)}`);
    const zip215 = opts === undefined ? true : zip215Of('Point.trySetBytes', opts);
    if (!Number.isSafeInteger(off) || off < 0) throw new TypeError(`Point.trySetBytes: expected offset a non-negative integer, got ${String(off)}`);
    if (b.length - off < 32) return false;
    return this.decode(b, off, zip215) === DEC_OK;
  }

  /** Decodes like {@link Point.fromBytes} into v (throwing) and returns v. */
  setBytes(b: Uint8Array, opts?: PointDecodeOptions): this {
    expectBytes('Point.setBytes', b, 32);
    const code = this.decode(b, 0, zip215Of('Point.setBytes', opts));
    if (code !== DEC_OK) throw decodeError(code, 'Point.setBytes');
    return this;
  }

  private decode(b: Uint8Array, off: number, zip215: boolean): number {
    const be = ed25519Backend();
    return be === null ? tsDecode(b, off, zip215, this) : be.decode(b, off, zip215, this);
  }

  /** Returns the canonical 32-byte encoding ([RFC8032] §5.1.2; one inversion). */
  toBytes(): Uint8Array {
    return this.putBytes(new Uint8Array(32), 0);
  }

  /**
   * Writes the canonical encoding into out[off..off+32) and returns out.
   * TypeError for a non-Uint8Array `out` or a bad `off`; StrataError
   * ERR_BAD_LENGTH when fewer than 32 bytes follow `off` (checked before any
   * work, as every Strata encoder does).
   */
  putBytes(out: Uint8Array, off = 0): Uint8Array {
    expectRoom('ed25519.Point.putBytes', out, off, 32);
    const be = ed25519Backend();
    if (be === null) tsEncode(this, out, off);
    else be.encode(this, out, off);
    return out;
  }

  /** Returns a new point equal to this one. */
  clone(): Point {
    return new Point().set(this);
  }

  /** Sets v = a and returns v. */
  set(a: Point): this {
    this.X.set(a.X);
    this.Y.set(a.Y);
    this.Z.set(a.Z);
    this.T.set(a.T);
    return this;
  }

  /** Sets v = O, the identity (0 : 1 : 1 : 0), and returns v. */
  setIdentity(): this {
    this.X.setZero();
    this.Y.setOne();
    this.Z.setOne();
    this.T.setZero();
    return this;
  }

  /** Sets v = B, the base point of [RFC8032] §5.1, and returns v. */
  setGenerator(): this {
    return this.set(Point.BASE);
  }

  /** Sets v = the affine point a (Z = 1, T = x·y; 1M) and returns v. */
  setAffine(a: PointAffine): this {
    this.X.set(a.x);
    this.Y.set(a.y);
    this.Z.setOne();
    this.T.mul(a.x, a.y);
    return this;
  }

  /** Sets v = the projective point a ((XZ : YZ : Z² : XY); 4M) and returns v. */
  setProj(a: PointProj): this {
    const x = fA.set(a.X);
    const y = fB.set(a.Y);
    const z = fC.set(a.Z);
    this.T.mul(x, y);
    this.X.mul(x, z);
    this.Y.mul(y, z);
    this.Z.square(z);
    return this;
  }

  /** Returns the affine form (one inversion; allocates unless out is given). */
  toAffine(out: PointAffine = new PointAffine()): PointAffine {
    return out.setPoint(this);
  }

  /** Returns the projective form (drops T; allocates unless out is given). */
  toProj(out: PointProj = new PointProj()): PointProj {
    return out.setPoint(this);
  }

  /** Returns the affine precomputed (Niels) form (one inversion; allocates unless out is given). */
  toNiels(out: PointNiels = new PointNiels()): PointNiels {
    return out.setPoint(this);
  }

  /** Returns the projective precomputed (cached) form (1M; allocates unless out is given). */
  toCached(out: PointCached = new PointCached()): PointCached {
    return out.setPoint(this);
  }

  /**
   * Sets v = a + b and returns v.
   * [EFD] add-2008-hwcd-3 (a = −1, k = 2d): 8M + 1·k (9M).
   */
  add(a: Point, b: Point): this {
    extendedAdd(this, a, b);
    return this;
  }

  /** Sets v = a − b and returns v (9M). */
  sub(a: Point, b: Point): this {
    extendedSub(this, a, b);
    return this;
  }

  /**
   * Sets v = p + q for a cached q and returns v. [EFD] add-2008-hwcd-3 with
   * 2Z2 and 2d·T2 precomputed: 8M.
   */
  addCached(p: Point, q: PointCached): this {
    extendedAddCached(this, p, q, 0);
    return this;
  }

  /** Sets v = p − q for a cached q and returns v (8M). */
  subCached(p: Point, q: PointCached): this {
    extendedAddCached(this, p, q, 1);
    return this;
  }

  /**
   * Sets v = p + q for an affine precomputed (Niels) q and returns v. [EFD]
   * madd-2008-hwcd-3 (Z2 = 1, k = 2d folded into the table): 7M.
   */
  addNiels(p: Point, q: PointNiels): this {
    extendedAddNiels(this, p, q, 0);
    return this;
  }

  /** Sets v = p − q for an affine precomputed (Niels) q and returns v (7M). */
  subNiels(p: Point, q: PointNiels): this {
    extendedAddNiels(this, p, q, 1);
    return this;
  }

  /**
   * Sets v = p + q for an affine q and returns v (q converted to Niels form
   * on the fly, 2M, then {@link Point.addNiels}, 7M).
   */
  addAffine(p: Point, q: PointAffine): this {
    return this.addNiels(p, mixedScratch.setAffine(q));
  }

  /**
   * Sets v = 2·a and returns v. [EFD] dbl-2008-hwcd
   * (a = −1): 4M + 4S.
   */
  double(a: Point): this {
    extendedDouble(this, a, 1);
    return this;
  }

  /**
   * Sets v = 2·a WITHOUT computing T (T is left stale) and returns v:
   * dbl-2008-hwcd minus the T product, 3M + 4S. Only valid when the next
   * operation is another doubling (which ignores T).
   */
  doubleNoT(a: Point): this {
    extendedDouble(this, a, 0);
    return this;
  }

  /** Sets v = 2^k·a, k ≥ 0, and returns v (k−1 × 3M+4S, then 4M+4S). */
  doubleK(a: Point, k: number): this {
    if (a !== this) this.set(a);
    for (let i = 1; i < k; i++) this.doubleNoT(this);
    if (k > 0) this.double(this);
    return this;
  }

  /** Sets v = −a and returns v: (−X : Y : Z : −T). */
  negate(a: Point): this {
    if (a !== this) this.set(a);
    this.X.negate(this.X);
    this.T.negate(this.T);
    return this;
  }

  /** Sets v = −v when flag = 1 (branch-free; flag ∈ {0, 1}) and returns v. */
  cneg(flag: number): this {
    this.X.cneg(flag);
    this.T.cneg(flag);
    return this;
  }

  /** Sets v = a when flag = 1, unchanged when flag = 0 (branch-free) and returns v. */
  cmov(a: Point, flag: number): this {
    this.X.cmov(a.X, flag);
    this.Y.cmov(a.Y, flag);
    this.Z.cmov(a.Z, flag);
    this.T.cmov(a.T, flag);
    return this;
  }

  /** Reports whether v and a are the same point: X1·Z2 = X2·Z1 and Y1·Z2 = Y2·Z1 (4M, no inversion). */
  equals(a: Point): boolean {
    return projEquals(this, a);
  }

  /** Reports whether v is the identity (X = 0 and Y = Z). */
  isIdentity(): boolean {
    return this.X.isZero() && this.Y.equals(this.Z);
  }

  /**
   * Reports whether Z ≠ 0, (−X² + Y²)·Z² = Z⁴ + d·X²·Y² and X·Y = Z·T
   * (the point is on the curve and its T is consistent). Allocation-free.
   */
  isOnCurve(): boolean {
    return extendedIsOnCurve(this);
  }

  /** Sets v = 8·a (three doublings) and returns v. */
  mulByCofactor(a: Point): this {
    return this.doubleK(a, 3);
  }

  /** Sets v = 8·a and returns v (the same as {@link Point.mulByCofactor}; the name every curve module uses). */
  clearCofactor(a: Point): this {
    return this.doubleK(a, 3);
  }

  /** Reports whether 8·v = O (v lies in the 8-torsion). */
  isSmallOrder(): boolean {
    return orderScratch.mulByCofactor(this).isIdentity();
  }

  /**
   * Reports whether ℓ·v = O (v lies in the prime-order subgroup): a
   * variable-time width-5 wNAF chain over the public constant ℓ (252
   * doublings and a few dozen additions of odd multiples of v).
   */
  isTorsionFree(): boolean {
    const be = ed25519Backend();
    return be === null ? tsIsTorsionFree(this) : be.isTorsionFree(this);
  }
}

// ---------------------------------------------------------------------------
// The TypeScript implementation of the Point operations of the backend seam
// (backend.ts Ed25519Backend: decode, encode, isTorsionFree).
// ---------------------------------------------------------------------------

/** @internal TypeScript backend: decodes b[off … off + 32) into p; 0 or a DEC_* code (p unchanged on non-zero). */
export function tsDecode(b: Uint8Array, off: number, zip215: boolean, p: ExtCoords): number {
  const code = decodeXY(p.X, p.Y, b, off, zip215);
  if (code !== DEC_OK) return code;
  p.Z.setOne();
  p.T.mul(p.X, p.Y);
  return DEC_OK;
}

/** @internal TypeScript backend: writes the canonical encoding of p into out[off … off + 32) (one inversion). */
export function tsEncode(p: ExtCoords, out: Uint8Array, off: number): void {
  const zi = fA.invert(p.Z);
  const x = fB.mul(p.X, zi);
  fC.mul(p.Y, zi).putBytes(out, off);
  if (x.isNegative()) out[off + 31] = out[off + 31]! | 0x80;
}

/** @internal TypeScript backend: whether ℓ·P = O (torsion.ts). */
export function tsIsTorsionFree(P: Point): boolean {
  return torsionFree(P, torsionScratch);
}

const mixedScratch = new PointNiels();
const orderScratch = new Point();
/** Scratch of the subgroup check (torsion.ts): accumulator, 2P, and P, 3P, …, 15P. */
const torsionScratch = Object.freeze({
  acc: new Point(),
  two: new PointCached(),
  table: Object.freeze(Array.from({ length: 8 }, () => new PointCached())),
});
