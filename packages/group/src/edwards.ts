/**
 * Group adapters over @strata/curves' generic twisted Edwards curves:
 * `jubjub`, `bandersnatch` and `babyJubjub` as `Curve`s (and
 * `createEdwardsGroupCurve` for any other `EdwardsCurve`), so that the DLEq
 * and ring code runs over them unchanged.
 *
 * These curves have no go-dleq or ring-go counterpart: every encoding and
 * rule below is STRATA-DEFINED (no Go implementation produces or accepts
 * these proofs and signatures), chosen to mirror go-dleq's ed25519 curve:
 * - points: the curve's own 32-byte compressed encoding (y little-endian,
 *   the sign of x in bit 255, 'parity' or 'lexsign' as the curve defines);
 *   decoding checks the curve equation and canonical y, and accepts points
 *   with a torsion component (no subgroup check, as go-dleq's ed25519);
 * - scalars: 32 bytes little-endian, canonical (< r) or ERR_NON_CANONICAL;
 *   `scalarFromBytes` the same;
 * - `newRandomScalar`: 64 random bytes, little-endian, mod r;
 * - `hashToScalar`: SHA3-512(data) as a 64-byte little-endian integer mod r
 *   (one rule; `rule` options are checked and ignored);
 * - `bitSize` = ⌊log2 r⌋, so every 2^i with i < bitSize is below r;
 * - `altBasePoint` (DLEq's H): h·P for the first P that decodes from
 *   SHA3-256^(i+1)("strata/group alt base point " ‖ name), i = 0, 1, …
 *   (try-and-increment over the curve's own decoder, then the cofactor
 *   cleared): nobody knows its discrete log to G;
 * - ring-go's hash-to-curve then takes its Edwards branch (32-byte points,
 *   little-endian scalars: decode SHA3-256 outputs, clear the cofactor), and
 *   @strata/dleq signs with its ed25519-shaped Schnorr scheme.
 *
 * Scalars live in the curve's scalar field (`EdwardsCurve.scalarField`,
 * Montgomery limbs), whose arithmetic has no data-dependent branches; the
 * constant-time multiplications are the curves' `scalarMult` /
 * `scalarBaseMult` (fixed radix-16 windows, masked table scans). Point
 * addition is the curves' extended-coordinates add-2008-hwcd, complete
 * where the curve is (`EdwardsCurve.complete`). No fast paths beyond the
 * subgroup checks: the portable helpers of ./ops.ts serve the rest.
 *
 * References:
 * - [HWCD08] Hisil, Wong, Carter, Dawson, "Twisted Edwards Curves Revisited", 2008.
 * - [ZIP-216] canonical Jubjub encodings; [Bandersnatch] ePrint 2021/1152;
 *   [EIP-2494] Baby Jubjub.
 * - [GO-DLEQ] github.com/pokt-network/go-dleq @ 488f42a (the ed25519 curve these mirror).
 */
import { PointBase, ScalarBase } from './values.js';
import { sha3_256, sha3_512 } from '@noble/hashes/sha3.js';
import { babyJubjub as BJJ, bandersnatch as BAN, jubjub as JJ, PointAffine, PointExtended, type EdwardsCurve, scalarBaseMult, scalarMult, scalarBaseMultNonConst, scalarMultNonConst } from '@strata/curves/edwards';
import { ErrorCode, StrataError, describe, expectOptions, expectRoom, type PrimeField, type PrimeFieldElement } from '@strata/field';
import { defaultRandom } from './bytes.js';
import { expectHashToScalarRule } from './hash.js';
import type { Curve, HashToScalarOptions, Point, RandomSource, Scalar } from './types.js';

/** A scalar mod r (an element of the curve's scalar field). */
export class EdwardsGroupScalar extends ScalarBase {
  /** Returns a new scalar of this curve, to be overwritten. */
  protected blank(): EdwardsGroupScalar {
    return new EdwardsGroupScalar(this.curve);
  }
  /** The value (Montgomery limbs of the scalar field). */
  readonly k: PrimeFieldElement;
  /** Creates the scalar 0 of `curve` (or wraps `k`). */
  constructor(readonly curve: EdwardsGroupCurve, k?: PrimeFieldElement) {
    super();
    this.k = k ?? curve.Fr.create();
  }
  private of(b: Scalar): PrimeFieldElement {
    if (!(b instanceof EdwardsGroupScalar) || b.curve !== this.curve) {
      throw new TypeError(`${this.curve.name} scalar: expected a ${this.curve.name} scalar, got ${describe(b)}`);
    }
    return b.k;
  }
  /** Returns a new scalar equal to this. */
  clone(): EdwardsGroupScalar {
    return new EdwardsGroupScalar(this.curve, this.curve.Fr.set(this.curve.Fr.create(), this.k));
  }
  /** Sets this = a and returns this. */
  set(a: Scalar): this {
    this.curve.Fr.set(this.k, this.of(a));
    return this;
  }
  /** Sets this = a + b and returns this. */
  setAdd(a: Scalar, b: Scalar): this {
    this.curve.Fr.add(this.k, this.of(a), this.of(b));
    return this;
  }
  /** Sets this = a − b and returns this. */
  setSub(a: Scalar, b: Scalar): this {
    this.curve.Fr.sub(this.k, this.of(a), this.of(b));
    return this;
  }
  /** Sets this = a · b and returns this. */
  setMul(a: Scalar, b: Scalar): this {
    this.curve.Fr.mul(this.k, this.of(a), this.of(b));
    return this;
  }
  /** Sets this = −a and returns this. */
  setNegate(a: Scalar): this {
    this.curve.Fr.negate(this.k, this.of(a));
    return this;
  }
  /** Sets this = 1/a (a^(r−2): a fixed exponent, so 0 maps to 0) and returns this. */
  setInvert(a: Scalar): this {
    this.curve.Fr.invert(this.k, this.of(a));
    return this;
  }
  /** Returns the 32-byte little-endian encoding. */
  encode(): Uint8Array {
    return this.curve.Fr.toBytesLE(this.k, new Uint8Array(32));
  }
  /** Writes the 32-byte little-endian encoding at out[offset] and returns out. */
  encodeInto(out: Uint8Array, offset = 0): Uint8Array {
    expectRoom(`${this.curve.name} scalar encodeInto`, out, offset, 32);
    out.set(this.curve.Fr.toBytesLE(this.k, this.curve.buf32), offset);
    return out;
  }
  /** Returns whether this = b. */
  equals(b: Scalar): boolean {
    return this.curve.Fr.equals(this.k, this.of(b));
  }
  /** Returns whether this = 0. */
  isZero(): boolean {
    return this.curve.Fr.isZero(this.k);
  }
}

/** A point of a twisted Edwards curve (wraps an extended point). */
export class EdwardsGroupPoint extends PointBase {
  /** Returns a new point of this curve, to be overwritten. */
  protected blank(): EdwardsGroupPoint {
    return new EdwardsGroupPoint(this.curve);
  }
  /** The extended-coordinates representative. */
  readonly p: PointExtended;
  /** Creates the identity of `curve` (or wraps `p`). */
  constructor(readonly curve: EdwardsGroupCurve, p?: PointExtended) {
    super();
    this.p = p ?? new PointExtended(curve.E);
  }
  private of(b: Point): PointExtended {
    if (!(b instanceof EdwardsGroupPoint) || b.curve !== this.curve) {
      throw new TypeError(`${this.curve.name} point: expected a ${this.curve.name} point, got ${describe(b)}`);
    }
    return b.p;
  }
  /** Returns a new point k·this (constant time in k). */
  scalarMult(k: Scalar): Point {
    return this.curve.scalarMult(k, this);
  }
  /** Returns a new point equal to this. */
  clone(): EdwardsGroupPoint {
    return new EdwardsGroupPoint(this.curve, this.p.clone());
  }
  /** Sets this = a and returns this. */
  set(a: Point): this {
    this.p.set(this.of(a));
    return this;
  }
  /** Sets this = a + b and returns this. */
  setAdd(a: Point, b: Point): this {
    this.p.add(this.of(a), this.of(b));
    return this;
  }
  /** Sets this = a − b and returns this. */
  setSub(a: Point, b: Point): this {
    this.p.add(this.of(a), this.curve.tmp.negate(this.of(b)));
    return this;
  }
  /** Sets this = −a and returns this. */
  setNegate(a: Point): this {
    this.p.negate(this.of(a));
    return this;
  }
  /** Sets this = 2·a and returns this. */
  setDouble(a: Point): this {
    this.p.double(this.of(a));
    return this;
  }
  /** Returns the curve's 32-byte compressed encoding. */
  encode(): Uint8Array {
    return this.p.toAffine(this.curve.affine).toBytes(new Uint8Array(32));
  }
  /** Writes the 32-byte encoding at out[offset] and returns out. */
  encodeInto(out: Uint8Array, offset = 0): Uint8Array {
    expectRoom(`${this.curve.name} point encodeInto`, out, offset, 32);
    out.set(this.p.toAffine(this.curve.affine).toBytes(this.curve.buf32), offset);
    return out;
  }
  /** Returns whether this is the identity. */
  isIdentity(): boolean {
    return this.p.isIdentity();
  }
  /** Returns whether this and b are the same point (exact, torsion included). */
  equals(b: Point): boolean {
    return this.p.equals(this.of(b));
  }
}

/** A twisted Edwards curve of @strata/curves as a group `Curve` (Strata-defined encodings, see the module comment). */
export class EdwardsGroupCurve implements Curve {
  readonly name: string;
  readonly bitSize: number;
  readonly compressedPointSize = 32;
  readonly scalarSize = 32;
  readonly scalarByteOrder = 'le' as const;
  readonly cofactor: number;
  readonly randomScalarBytes = 64;
  /** The curve of @strata/curves. */
  readonly E: EdwardsCurve;
  /** Its scalar field (mod r). */
  readonly Fr: PrimeField;
  /** @internal Scratch (never escapes a call). */
  readonly tmp: PointExtended;
  /** @internal Scratch (never escapes a call). */
  readonly affine: PointAffine;
  /** @internal Scratch (never escapes a call). */
  readonly buf32 = new Uint8Array(32);
  private readonly kbuf = new Uint8Array(32);
  /** 2^256 mod r, for 64-byte reductions (a constant). */
  private readonly r256: PrimeFieldElement;
  private readonly G: EdwardsGroupPoint;
  private readonly H: EdwardsGroupPoint;

  /** Wraps `E` (TypeError unless it has a 32-byte encoding and a scalar field). */
  constructor(E: EdwardsCurve) {
    if (typeof E !== 'object' || E === null || typeof (E as EdwardsCurve).order !== 'bigint') {
      throw new TypeError(`createEdwardsGroupCurve: expected an EdwardsCurve, got ${describe(E)}`);
    }
    this.E = E;
    this.name = E.name;
    this.Fr = E.scalarField;
    this.bitSize = E.order.toString(2).length - 1;
    this.cofactor = Number(E.cofactor);
    this.r256 = this.Fr.setBigInt(this.Fr.create(), (1n << 256n) % E.order);
    this.tmp = new PointExtended(E);
    this.affine = new PointAffine(E);
    this.G = new EdwardsGroupPoint(this, new PointExtended(E).setGenerator());
    this.H = new EdwardsGroupPoint(this, altBase(this));
  }

  private s(x: Scalar): PrimeFieldElement {
    if (!(x instanceof EdwardsGroupScalar) || x.curve !== this) throw new TypeError(`${this.name}: expected a ${this.name} scalar, got ${describe(x)}`);
    return x.k;
  }
  private pt(x: Point): PointExtended {
    if (!(x instanceof EdwardsGroupPoint) || x.curve !== this) throw new TypeError(`${this.name}: expected a ${this.name} point, got ${describe(x)}`);
    return x.p;
  }
  private outPoint(out?: Point): EdwardsGroupPoint {
    if (out === undefined) return new EdwardsGroupPoint(this);
    if (!(out instanceof EdwardsGroupPoint) || out.curve !== this) throw new TypeError(`${this.name}: expected a ${this.name} out point, got ${describe(out)}`);
    return out;
  }
  private outScalar(out?: Scalar): EdwardsGroupScalar {
    if (out === undefined) return new EdwardsGroupScalar(this);
    if (!(out instanceof EdwardsGroupScalar) || out.curve !== this) throw new TypeError(`${this.name}: expected a ${this.name} out scalar, got ${describe(out)}`);
    return out;
  }
  /** The 32 little-endian bytes of a scalar, in scratch (the curves' multiplications read bytes). */
  private bytesOf(k: Scalar): Uint8Array {
    return this.Fr.toBytesLE(this.s(k), this.kbuf);
  }

  /** Returns a copy of the generator G. */
  basePoint(): Point {
    return this.G.clone();
  }
  /** Returns a copy of the Strata-defined H (see the module comment). */
  altBasePoint(): Point {
    return this.H.clone();
  }
  /** Returns a new identity. */
  identity(): Point {
    return new EdwardsGroupPoint(this);
  }
  /** Returns a new zero scalar. */
  zeroScalar(): Scalar {
    return new EdwardsGroupScalar(this);
  }

  /** Returns int_LE(64 random bytes) mod r. */
  newRandomScalar(rand: RandomSource = defaultRandom, out?: Scalar): Scalar {
    const b = rand(64);
    if (!(b instanceof Uint8Array) || b.length !== 64) throw new RangeError(`random source: expected 64 bytes, got ${describe(b)}`);
    return this.wide(b, this.outScalar(out));
  }
  /** Sets out = int_LE(b) mod r for 64 bytes b (lo + hi·2^256) and returns out. */
  private wide(b: Uint8Array, out: EdwardsGroupScalar): EdwardsGroupScalar {
    const Fr = this.Fr;
    const lo = Fr.setBytesLE(Fr.create(), b.subarray(0, 32), { reduce: true });
    const hi = Fr.setBytesLE(Fr.create(), b.subarray(32, 64), { reduce: true });
    Fr.mul(hi, hi, this.r256);
    Fr.add(out.k, lo, hi);
    return out;
  }
  /** Returns n as a scalar (uint32 only: TypeError for a non-number, RangeError otherwise). */
  scalarFromInt(n: number): Scalar {
    if (typeof n !== 'number') throw new TypeError(`${this.name} scalarFromInt: expected a number, got ${describe(n)}`);
    if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) throw new RangeError(`scalarFromInt: expected a uint32, got ${String(n)}`);
    const r = new EdwardsGroupScalar(this);
    this.Fr.setBigInt(r.k, BigInt(n));
    return r;
  }
  /** Returns the canonical little-endian scalar (ERR_NON_CANONICAL if ≥ r). */
  scalarFromBytes(bytes: Uint8Array): Scalar {
    return this.decodeScalar(bytes);
  }
  /** Returns SHA3-512(data) as a little-endian integer mod r (one rule: `options.rule` is checked and ignored). */
  hashToScalar(data: Uint8Array, out?: Scalar, options?: HashToScalarOptions): Scalar {
    if (!(data instanceof Uint8Array)) throw new TypeError(`${this.name} hashToScalar: expected Uint8Array, got ${describe(data)}`);
    return this.hashToScalarFromDigest(sha3_512(data), out, options);
  }
  /** Returns the scalar of the 64-byte `digest` = SHA3-512(data) (the same scalar as `hashToScalar(data)`). */
  hashToScalarFromDigest(digest: Uint8Array, out?: Scalar, options?: HashToScalarOptions): Scalar {
    if (!(digest instanceof Uint8Array)) throw new TypeError(`${this.name} hashToScalarFromDigest: expected Uint8Array, got ${describe(digest)}`);
    if (digest.length !== 64) throw new StrataError(ErrorCode.BAD_LENGTH, `${this.name} hashToScalarFromDigest: expected 64 bytes, got ${digest.length}`);
    if (options !== undefined) expectHashToScalarRule(`${this.name} hashToScalar rule`, expectOptions(`${this.name} hashToScalar options`, options)?.rule, 'decred');
    return this.wide(digest, this.outScalar(out));
  }
  /** Always false: one hash rule. */
  hashToScalarIsAmbiguous(data: Uint8Array): boolean {
    if (!(data instanceof Uint8Array)) throw new TypeError(`${this.name} hashToScalarIsAmbiguous: expected Uint8Array, got ${describe(data)}`);
    return false;
  }

  /** Returns whether h·P is the identity (log2 h doublings). Variable-time. */
  isSmallOrderNonConst(P: Point): boolean {
    return this.tmp.clearCofactor(this.pt(P)).isIdentity();
  }
  /** Returns whether r·P is the identity. Variable-time. */
  isTorsionFreeNonConst(P: Point): boolean {
    return this.pt(P).isTorsionFree();
  }

  /** Returns k·G (constant-time). */
  scalarBaseMult(k: Scalar, out?: Point): Point {
    const kb = this.bytesOf(k);
    const r = this.outPoint(out);
    scalarBaseMult(r.p.curve, kb, r.p);
    kb.fill(0);
    return r;
  }
  /** Returns k·P (constant-time). */
  scalarMult(k: Scalar, P: Point, out?: Point): Point {
    const kb = this.bytesOf(k);
    const p = this.pt(P);
    const r = this.outPoint(out);
    scalarMult(kb, r.p.set(p), r.p);
    kb.fill(0);
    return r;
  }
  /** Returns k·G (variable-time). */
  scalarBaseMultNonConst(k: Scalar, out?: Point): Point {
    const kb = this.bytesOf(k);
    const r = this.outPoint(out);
    scalarBaseMultNonConst(r.p.curve, kb, r.p);
    return r;
  }
  /** Returns k·P (variable-time). */
  scalarMultNonConst(k: Scalar, P: Point, out?: Point): Point {
    const kb = this.bytesOf(k);
    const p = this.pt(P);
    const r = this.outPoint(out);
    scalarMultNonConst(kb, r.p.set(p), r.p);
    return r;
  }

  /** Decodes the curve's 32-byte encoding (curve equation, canonical y; torsion accepted); copies the input. */
  decodePoint(bytes: Uint8Array, out?: Point): Point {
    if (!(bytes instanceof Uint8Array)) throw new TypeError(`${this.name} point: expected Uint8Array, got ${describe(bytes)}`);
    if (bytes.length !== 32) throw new StrataError(ErrorCode.BAD_LENGTH, `${this.name} point: expected 32 bytes, got ${bytes.length}`);
    const r = this.outPoint(out);
    const A = PointAffine.fromBytes(this.E, bytes, undefined, this.affine);
    r.p.setAffine(A);
    return r;
  }
  /** Like `decodePoint`, or null for bad bytes (`out` unchanged then). */
  tryDecodePoint(bytes: Uint8Array, out?: Point): Point | null {
    if (!(bytes instanceof Uint8Array)) throw new TypeError(`${this.name} tryDecodePoint: expected Uint8Array, got ${describe(bytes)}`);
    if (bytes.length !== 32) return null;
    const r = this.outPoint(out);
    try {
      PointAffine.fromBytes(this.E, bytes, undefined, this.affine);
    } catch (e) {
      if (e instanceof StrataError) return null;
      throw e;
    }
    r.p.setAffine(this.affine);
    return r;
  }
  /** Decodes 32 little-endian canonical bytes (ERR_NON_CANONICAL if ≥ r); copies the input. */
  decodeScalar(bytes: Uint8Array, out?: Scalar): Scalar {
    if (!(bytes instanceof Uint8Array)) throw new TypeError(`${this.name} scalar: expected Uint8Array, got ${describe(bytes)}`);
    if (bytes.length !== 32) throw new StrataError(ErrorCode.BAD_LENGTH, `${this.name} scalar: expected 32 bytes, got ${bytes.length}`);
    const r = this.outScalar(out);
    const t = this.Fr.create();
    try {
      this.Fr.setBytesLE(t, bytes);
    } catch (e) {
      if (e instanceof StrataError) {
        throw new StrataError(ErrorCode.NON_CANONICAL, `${this.name} scalar: expected a little-endian value below r, got one ≥ r`, { cause: e });
      }
      throw e;
    }
    this.Fr.set(r.k, t);
    return r;
  }
}

/** The Strata-defined alternate base point H of `c` (see the module comment). */
function altBase(c: EdwardsGroupCurve): PointExtended {
  let h = sha3_256(new TextEncoder().encode(`strata/group alt base point ${c.name}`));
  for (let i = 0; i < 256; i++) {
    const P = c.tryDecodePoint(h);
    if (P !== null) {
      const Q = ((self_) => self_.clearCofactor(self_))((P as EdwardsGroupPoint).p);
      if (!Q.isIdentity()) return Q;
    }
    h = sha3_256(h);
  }
  throw new StrataError(ErrorCode.MALFORMED, `${c.name}: expected a hash-to-curve point within 256 tries, got none`);
}

/** Returns `E` (a twisted Edwards curve of @strata/curves) as a group `Curve` with Strata-defined encodings. */
export function createEdwardsGroupCurve(E: EdwardsCurve): EdwardsGroupCurve {
  return new EdwardsGroupCurve(E);
}

/** Jubjub (BLS12-381's embedded curve) as a group `Curve` (Strata-defined ring / DLEq encodings). */
export const jubjub: EdwardsGroupCurve = /* @__PURE__ */ createEdwardsGroupCurve(JJ);
/** Bandersnatch (BLS12-381's GLV-friendly embedded curve) as a group `Curve` (Strata-defined ring / DLEq encodings). */
export const bandersnatch: EdwardsGroupCurve = /* @__PURE__ */ createEdwardsGroupCurve(BAN);
/** Baby Jubjub (EIP-2494, BN254's embedded curve) as a group `Curve` (Strata-defined ring / DLEq encodings). */
export const babyJubjub: EdwardsGroupCurve = /* @__PURE__ */ createEdwardsGroupCurve(BJJ);
