/**
 * go-dleq's ed25519 curve over @strata/curves: the `Curve` implementation
 * exported as `ed25519`.
 *
 * Encodings (go-dleq over filippo.io/edwards25519 v1.0.0):
 * - points: 32-byte RFC 8032 encoding; decoding is filippo's `SetBytes`
 *   (non-canonical y accepted and reduced, x = 0 with the sign bit accepted,
 *   small-order and mixed-order points accepted: the ZIP-215 decoder of
 *   @strata/curves accepts exactly these); encoding is always canonical;
 *   equality is exact (no cofactor clearing);
 * - scalars: 32 bytes little-endian, canonical (< ℓ) or ERR_NON_CANONICAL;
 * - `scalarFromBytesLE`: the same (Go panics where Strata throws);
 * - `newRandomScalar`: 64 random bytes, little-endian, mod ℓ;
 * - `hashToScalar`: SHA3-512(data) as a 64-byte little-endian integer mod ℓ;
 *
 * Secret handling: `scalarMult`, `scalarBaseMult` and `scalarMultTable`
 * use the curves' constant-time `scalarMult` / `scalarBaseMult` /
 * `scalarMultTable`; point addition is the complete extended-coordinates
 * formula (no data-dependent branches).
 *
 * References:
 * - [RFC8032] §5.1.2–5.1.3 (encoding).
 * - [ZIP-215] the decoding rules filippo's SetBytes shares.
 * - [GO-DLEQ] github.com/pokt-network/go-dleq @ 488f42a, ed25519/ed25519.go.
 * - [MONERO] Monero's second generator H (the alternate base point).
 */
import { PointBase, ScalarBase } from './values.js';

import * as E from '@strata/curves/ed25519';
import { sha3_512 } from '@strata/curves/hash';
import { ErrorCode, Scalar25519, StrataError, describe, expectOptions, expectRoom } from '@strata/field';
import { defaultRandom, hexToBytes } from './bytes.js';
import { checkMsmLengths, expectPrecomputeOptions } from './check.js';
import { expectHashToScalarRule } from './hash.js';
import type { Curve, HashToScalarOptions, Point, PointLike, PointTable, PrecomputeOptions, RandomSource, Scalar } from './types.js';

// Types are written as the curves' own names (E.Point, E.PublicPointTable,
// E.SecretPointTable), never as local aliases: a public signature must name a type
// that users can import (from @strata/curves' `ed25519` namespace).

/** A scalar mod ℓ (wraps a `Scalar25519`). */
export class Ed25519Scalar extends ScalarBase {
  /** Returns a new scalar of this curve, to be overwritten. */
  protected blank(): Ed25519Scalar {
    return new Ed25519Scalar();
  }
  /** The value, canonical. */
  readonly k: Scalar25519;
  /** Creates the scalar 0. */
  constructor(k?: Scalar25519) {
    super();
    this.k = k ?? new Scalar25519();
  }
  private of(b: Scalar): Scalar25519 {
    if (!(b instanceof Ed25519Scalar)) throw new TypeError(`ed25519 scalar: expected an ed25519 scalar, got ${describe(b)}`);
    return b.k;
  }
  /** Returns a new scalar equal to this. */
  clone(): Ed25519Scalar {
    return new Ed25519Scalar(this.k.clone());
  }
  /** Sets this = a and returns this. */
  set(a: Scalar): this {
    this.k.set(this.of(a));
    return this;
  }
  /** Sets this = a + b and returns this. */
  setAdd(a: Scalar, b: Scalar): this {
    this.k.add(this.of(a), this.of(b));
    return this;
  }
  /** Sets this = a − b and returns this. */
  setSub(a: Scalar, b: Scalar): this {
    this.k.sub(this.of(a), this.of(b));
    return this;
  }
  /** Sets this = a · b and returns this. */
  setMul(a: Scalar, b: Scalar): this {
    this.k.mul(this.of(a), this.of(b));
    return this;
  }
  /** Sets this = −a and returns this. */
  setNegate(a: Scalar): this {
    this.k.negate(this.of(a));
    return this;
  }
  /** Sets this = a⁻¹ (constant sequence; 0 for 0) and returns this. */
  setInvert(a: Scalar): this {
    this.k.invert(this.of(a));
    return this;
  }
  /** Returns the 32-byte little-endian encoding. */
  toBytes(): Uint8Array {
    return this.k.toBytes();
  }
  /** Writes the 32-byte little-endian encoding at out[offset] and returns out. */
  putBytes(out: Uint8Array, offset = 0): Uint8Array {
    expectRoom('ed25519 scalar putBytes', out, offset, 32);
    return this.k.putBytes(out, offset);
  }
  /** Returns whether this = b. */
  equals(b: Scalar): boolean {
    return this.k.equals(this.of(b));
  }
  /** Returns whether this = 0. */
  isZero(): boolean {
    return this.k.isZero();
  }
}

/** A point of edwards25519 (wraps an extended point). */
export class Ed25519Point extends PointBase {
  /** Returns a new point of this curve, to be overwritten. */
  protected blank(): Ed25519Point {
    return new Ed25519Point();
  }
  /** The extended-coordinates representative. */
  readonly p: E.Point;
  /** Creates the identity. */
  constructor(p?: E.Point) {
    super();
    this.p = p ?? new E.Point();
  }
  private of(b: Point): E.Point {
    if (!(b instanceof Ed25519Point)) throw new TypeError(`ed25519 point: expected an ed25519 point, got ${describe(b)}`);
    return b.p;
  }
  /** Returns a new point s·this (constant-time in s). */
  scalarMult(s: Scalar): Point {
    return ed25519.scalarMult(s, this);
  }
  /** Returns a new point equal to this. */
  clone(): Ed25519Point {
    return new Ed25519Point(this.p.clone());
  }
  /** Sets this = a and returns this. */
  set(a: Point): this {
    this.p.set(this.of(a));
    return this;
  }
  /** Sets this = a + b (add-2008-hwcd-3, complete) and returns this. */
  setAdd(a: Point, b: Point): this {
    this.p.add(this.of(a), this.of(b));
    return this;
  }
  /** Sets this = a − b and returns this. */
  setSub(a: Point, b: Point): this {
    this.p.sub(this.of(a), this.of(b));
    return this;
  }
  /** Sets this = −a and returns this. */
  setNegate(a: Point): this {
    this.p.negate(this.of(a));
    return this;
  }
  /** Sets this = 2·a (dbl-2008-hwcd) and returns this. */
  setDouble(a: Point): this {
    this.p.double(this.of(a));
    return this;
  }
  /** Returns the canonical 32-byte encoding. */
  toBytes(): Uint8Array {
    return this.p.toBytes();
  }
  /** Writes the 32-byte encoding at out[offset] and returns out. */
  putBytes(out: Uint8Array, offset = 0): Uint8Array {
    expectRoom('ed25519 point putBytes', out, offset, 32);
    return this.p.putBytes(out, offset);
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

/**
 * A cached table of an ed25519 point (from `precompute`): the curves'
 * pieced variable-time table (`E.PublicPointTable`: affine odd multiples of
 * 2^(b·j)·P, so double-scalar multiplications run a short shared doubling
 * chain) and, built on the first constant-time use, the curves'
 * constant-time comb table for secret scalars (`E.precompute`, a
 * `SecretPointTable`).
 */
export class Ed25519PointTable implements PointTable {
  /** The point the table is for. */
  readonly point: Ed25519Point;
  /** The curves' variable-time table (width and pieces from the size, see `Ed25519Curve.precompute`). */
  readonly table: E.PublicPointTable;
  private secret: E.SecretPointTable | undefined;
  /**
   * Builds the variable-time table of `point` (a copy is kept) with the
   * curves' width and piece count (see `Ed25519Curve.precompute`).
   */
  constructor(point: Ed25519Point, shape: { readonly width: number; readonly pieces: number }) {
    this.point = point.clone();
    this.table = E.precomputeNonConst(this.point.p, shape);
  }

  /**
   * Returns the curves' constant-time comb table of the point (built once on
   * first use: 264 affine Niels multiples (j + 1)·256^i·P, one batch
   * inversion, about 1–3 ms; 95 KB).
   */
  secretTable(): E.SecretPointTable {
    this.secret ??= E.precompute(this.point.p);
    return this.secret;
  }
}

// Module scratch: the curves points of a pair (the ring's L, R per member).
const pairPts: E.Point[] = [];
/** Scratch of splitNonConst / doubleScalarMultSplitNonConst: the pieces' curves points (emptied after each call). */
const splitScratch: E.Point[] = [];

/** go-dleq's ed25519 `Curve` over @strata/curves. */
export class Ed25519Curve implements Curve {
  readonly name = 'ed25519';
  readonly bitSize = 252;
  readonly compressedPointSize = 32;
  readonly scalarSize = 32;
  readonly scalarByteOrder = 'le' as const;
  readonly cofactor = 8;
  readonly randomScalarBytes = 64;
  private readonly G: Ed25519Point = new Ed25519Point(E.Point.generator());
  private readonly H: Ed25519Point = new Ed25519Point(E.Point.fromBytes(ALT_BASE));

  private s(x: Scalar): Scalar25519 {
    if (!(x instanceof Ed25519Scalar)) throw new TypeError(`ed25519: expected an ed25519 scalar, got ${describe(x)}`);
    return x.k;
  }
  private pt(x: Point): E.Point {
    if (!(x instanceof Ed25519Point)) throw new TypeError(`ed25519: expected an ed25519 point, got ${describe(x)}`);
    return x.p;
  }
  private outPoint(out?: Point): Ed25519Point {
    if (out === undefined) return new Ed25519Point();
    if (!(out instanceof Ed25519Point)) throw new TypeError(`ed25519: expected an ed25519 out point, got ${describe(out)}`);
    return out;
  }
  private outScalar(out?: Scalar): Ed25519Scalar {
    if (out === undefined) return new Ed25519Scalar();
    if (!(out instanceof Ed25519Scalar)) throw new TypeError(`ed25519: expected an ed25519 out scalar, got ${describe(out)}`);
    return out;
  }

  /** Returns a copy of B. */
  basePoint(): Point {
    return this.G.clone();
  }
  /** Returns a copy of Monero's H. */
  altBasePoint(): Point {
    return this.H.clone();
  }
  /** Returns a new identity. */
  identity(): Point {
    return new Ed25519Point();
  }
  /** Returns a new zero scalar. */
  zeroScalar(): Scalar {
    return new Ed25519Scalar();
  }

  /** Returns int_LE(64 random bytes) mod ℓ (Go NewRandomScalar). */
  newRandomScalar(rand: RandomSource = defaultRandom, out?: Scalar): Scalar {
    const b = rand(64);
    if (!(b instanceof Uint8Array) || b.length !== 64) throw new RangeError(`random source: expected 64 bytes, got ${describe(b)}`);
    const r = this.outScalar(out);
    r.k.setWideBytes(b);
    return r;
  }
  /** Returns n as a scalar (uint32 only: TypeError for a non-number, RangeError otherwise). */
  scalarFromInt(n: number): Scalar {
    if (typeof n !== 'number') throw new TypeError(`ed25519 scalarFromInt: expected a number, got ${describe(n)}`);
    if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) throw new RangeError(`scalarFromInt: expected a uint32, got ${String(n)}`);
    return new Ed25519Scalar(new Scalar25519().setInt(n));
  }
  /** Returns the canonical little-endian scalar (ERR_NON_CANONICAL if ≥ ℓ). */
  scalarFromBytesLE(bytes: Uint8Array): Scalar {
    return this.scalarFromBytes(bytes);
  }
  /** Returns SHA3-512(data) as a little-endian integer mod ℓ (one rule: `options.rule` is checked and ignored). */
  hashToScalar(data: Uint8Array, out?: Scalar, options?: HashToScalarOptions): Scalar {
    if (!(data instanceof Uint8Array)) throw new TypeError(`ed25519 hashToScalar: expected Uint8Array, got ${describe(data)}`);
    return this.hashToScalarFromDigest(sha3_512(data), out, options);
  }
  /**
   * Returns the scalar of the 64-byte `digest` = SHA3-512(data) (the same
   * scalar as `hashToScalar(data)`), for callers that hash one preimage for
   * two curves.
   */
  hashToScalarFromDigest(digest: Uint8Array, out?: Scalar, options?: HashToScalarOptions): Scalar {
    if (!(digest instanceof Uint8Array)) throw new TypeError(`ed25519 hashToScalarFromDigest: expected Uint8Array, got ${describe(digest)}`);
    if (digest.length !== 64) throw new StrataError(ErrorCode.BAD_LENGTH, `ed25519 hashToScalarFromDigest: expected 64 bytes, got ${digest.length}`);
    if (options !== undefined) expectHashToScalarRule('ed25519 hashToScalar rule', expectOptions('ed25519 hashToScalar options', options)?.rule, 'decred');
    const r = this.outScalar(out);
    r.k.setWideBytes(digest);
    return r;
  }
  /** Always false: the ed25519 hash has one rule in every Go backend. */
  hashToScalarIsAmbiguous(data: Uint8Array): boolean {
    if (!(data instanceof Uint8Array)) throw new TypeError(`ed25519 hashToScalarIsAmbiguous: expected Uint8Array, got ${describe(data)}`);
    return false;
  }

  /** Returns whether [8]·P is the identity (three doublings). Variable-time. */
  isSmallOrderNonConst(P: Point): boolean {
    return this.pt(P).isSmallOrder();
  }
  /** Returns whether [ℓ]·P is the identity (P has no torsion part). Variable-time. */
  isTorsionFreeNonConst(P: Point): boolean {
    return this.pt(P).isTorsionFree();
  }

  /** Returns s·B (constant-time). */
  scalarBaseMult(s: Scalar, out?: Point): Point {
    const k = this.s(s);
    const r = this.outPoint(out);
    E.scalarBaseMult(k, r.p);
    return r;
  }
  /** Returns s·P (constant-time). */
  scalarMult(s: Scalar, P: Point, out?: Point): Point {
    const k = this.s(s);
    const p = this.pt(P);
    const r = this.outPoint(out);
    E.scalarMult(k, p, r.p);
    return r;
  }
  /** Returns s·B (variable-time). */
  scalarBaseMultNonConst(s: Scalar, out?: Point): Point {
    const k = this.s(s);
    const r = this.outPoint(out);
    E.scalarBaseMultNonConst(k, r.p);
    return r;
  }
  /** Returns s·P (variable-time). */
  scalarMultNonConst(s: Scalar, P: Point, out?: Point): Point {
    const k = this.s(s);
    const p = this.pt(P);
    const r = this.outPoint(out);
    E.scalarMultNonConst(k, p, r.p);
    return r;
  }

  /**
   * Returns a cached pieced table of P (see {@link Ed25519PointTable}). The
   * size maps to the curves' wNAF width w and piece count t of
   * `precomputeNonConst` (t·2^(w−2) affine entries of 360 bytes; no
   * endomorphism, so a·X + b·Y over two tables of t pieces runs a chain
   * ⌈253/t⌉ long):
   *
   * | options | w × t | entries | why |
   * |---|---|---|---|
   * | none | 5 × 8 (`E.TABLE_WIDTH` × `E.TABLE_PIECES`) | 64 | one table reused by every call (DLEq's H) |
   * | `size: 'large'` | 7 × 8 | 256 | ring members: a 33-step chain |
   * | `size: 'small'` | 6 × 8 | 128 | half the memory; at equal memory 6 × 8 measured faster than 7 × 4 |
   * | `size`, `uses` < 24 (large) / 12 (small) | 5 × 8 | 64 | a key image, used once per member: cheap to build |
   * | `size`, more `uses` | 6 × 8 | 128 | fewer additions per use |
   * | `size: 'large'`, `uses` ≥ 256 (`WIDE_TABLE_USES`) | 8 × 8 | 512 | a key image kept for a repeat signer: ≈ 7 % less per use than 6 × 8; the 384 more entries pay off from about 100 uses |
   * | `size`, `uses` ≥ 24 (large) / 12 (small), `pairedWithPoint` | 8 × 1 | 64 | a key image over ring members without tables: the plain point's one-piece chain is 253 steps whatever the pieces, so one wide piece: fewer additions, no pieces to build |
   *
   * TypeError for a non-object `options`, an unknown size or a non-integer
   * `uses`; RangeError for `uses` < 1.
   */
  precompute(P: Point, options?: PrecomputeOptions): PointTable {
    this.pt(P);
    return new Ed25519PointTable(P as Ed25519Point, shapeOf(expectPrecomputeOptions('ed25519 precompute', options)));
  }
  /**
   * Returns the estimated bytes of a table from `precompute(P, options)`:
   * entries × 480 plus 1 KiB — 360 bytes of TypeScript limbs per entry and
   * 120 of the copy the WebAssembly engine keeps once it has used the table
   * (counted whichever engine is selected, so a bound holds across a switch).
   */
  precomputeBytes(options?: PrecomputeOptions): number {
    const { width, pieces } = shapeOf(expectPrecomputeOptions('ed25519 precomputeBytes', options));
    return pieces * 2 ** (width - 2) * 480 + 1024;
  }
  /** Returns s·T.point (constant-time: the curves' `scalarMultTable` over the table's comb). */
  scalarMultTable(s: Scalar, T: PointTable, out?: Point): Point {
    const k = this.s(s);
    const t = this.tableOf(T);
    const r = this.outPoint(out);
    E.scalarMultTable(k, t.secretTable(), r.p);
    return r;
  }
  /** Returns s·T.point from the cached table (variable-time). */
  scalarMultTableNonConst(s: Scalar, T: PointTable, out?: Point): Point {
    const k = this.s(s);
    const r = this.outPoint(out);
    E.scalarMultNonConst(k, this.tableOf(T).table, r.p);
    return r;
  }
  /** Returns a·A + b·B (variable-time; the curves' Straus over pieced tables when A and B are tables). */
  doubleScalarMultNonConst(a: Scalar, A: PointLike, b: Scalar, B: PointLike, out?: Point): Point {
    const ak = this.s(a);
    const bk = this.s(b);
    const r = this.outPoint(out);
    if (this.isBase(A)) {
      E.doubleScalarMultBaseNonConst(bk, this.wnafOrPoint(B), ak, r.p);
      return r;
    }
    if (this.isBase(B)) {
      E.doubleScalarMultBaseNonConst(ak, this.wnafOrPoint(A), bk, r.p);
      return r;
    }
    // Straus with one shared chain (short when both are pieced tables); the
    // curves read both scalars and points before writing `out`.
    E.doubleScalarMultNonConst(ak, this.wnafOrPoint(A), bk, this.wnafOrPoint(B), r.p);
    return r;
  }
  /**
   * Returns P's n pieces 2^(b·j)·P, b = ⌈257/n⌉ (the curves'
   * `splitNonConst`): (n − 1)·b doublings, after which each
   * `doubleScalarMultSplitNonConst` by P runs a chain of about b doublings
   * instead of ~253 (edwards25519 has no endomorphism to halve it).
   */
  splitNonConst(P: Point, n: number, out?: Point[]): Point[] {
    const p = this.pt(P);
    if (out !== undefined && out.length === n) {
      const ps = splitScratch;
      ps.length = 0;
      try {
        for (const q of out) ps.push(this.outPoint(q).p);
        E.splitNonConst(p, n, ps);
      } finally {
        ps.length = 0;
      }
      return out;
    }
    return E.splitNonConst(p, n).map((q) => new Ed25519Point(q));
  }
  /** Returns a·A + b·P for P's pieces (variable-time; Straus over A's table and the pieces' width-5 tables). */
  doubleScalarMultSplitNonConst(a: Scalar, A: PointLike, b: Scalar, pieces: readonly Point[], out?: Point): Point {
    const ak = this.s(a);
    const bk = this.s(b);
    const r = this.outPoint(out);
    const ps = splitScratch;
    ps.length = 0;
    for (const q of pieces) ps.push(this.pt(q));
    try {
      // The curves read every piece and A before writing out (out may alias one).
      E.doubleScalarMultSplitNonConst(ak, this.wnafOrPoint(A), bk, ps, r.p);
    } finally {
      ps.length = 0;
    }
    return r;
  }
  /** Returns a·A + b·B where B is the base point (variable-time). */
  doubleScalarMultBaseNonConst(a: Scalar, A: PointLike, b: Scalar, out?: Point): Point {
    const ak = this.s(a);
    const bk = this.s(b);
    const r = this.outPoint(out);
    E.doubleScalarMultBaseNonConst(ak, this.wnafOrPoint(A), bk, r.p);
    return r;
  }
  /** Returns Σ scalars[i]·points[i] (variable-time); StrataError `ERR_BAD_LENGTH` for arrays of different lengths. */
  msmNonConst(points: readonly PointLike[], scalars: readonly Scalar[], out?: Point): Point {
    checkMsmLengths(points, scalars);
    const r = this.outPoint(out);
    E.msmNonConst(
      points.map((p) => this.pointOf(p).clone()),
      scalars.map((s) => this.s(s).clone()),
      r.p,
    );
    return r;
  }

  private tableOf(T: PointTable): Ed25519PointTable {
    if (!(T instanceof Ed25519PointTable)) throw new TypeError(`ed25519: expected an ed25519 point table, got ${describe(T)}`);
    return T;
  }
  private pointOf(P: PointLike): E.Point {
    if (P instanceof Ed25519PointTable) return P.point.p;
    return this.pt(P as Point);
  }
  private wnafOrPoint(P: PointLike): E.Point | E.PublicPointTable {
    if (P instanceof Ed25519PointTable) return P.table;
    return this.pt(P as Point);
  }
  private isBase(P: PointLike): boolean {
    const p = P instanceof Ed25519PointTable ? P.point : P;
    return p === this.G;
  }

  /**
   * Writes the encodings of `points` back to back, sharing one inversion:
   * the curves' `batchToBytes` (Montgomery's trick over the Z coordinates,
   * 3(m−1) M + 1 I, then 2M per point for x, y), which the WebAssembly
   * engine serves when selected.
   */
  pointsToBytes(points: readonly Point[], out: Uint8Array, offset = 0): Uint8Array {
    const m = points.length;
    expectRoom('ed25519 pointsToBytes', out, offset, 32 * m);
    // A pair uses fixed module scratch; larger batches get an array for this call only.
    const ps = m <= 2 ? pairPts : new Array<E.Point>(m);
    try {
      for (let i = 0; i < m; i++) ps[i] = this.pt(points[i]!);
      E.batchToBytes(ps, out, offset);
    } finally {
      if (ps === pairPts) ps.length = 0;
    }
    return out;
  }

  /** Decodes 32 bytes as filippo edwards25519 v1.0.0 SetBytes does; copies the input. */
  pointFromBytes(bytes: Uint8Array, out?: Point): Point {
    if (!(bytes instanceof Uint8Array)) throw new TypeError(`ed25519 point: expected Uint8Array, got ${describe(bytes)}`);
    if (bytes.length !== 32) throw new StrataError(ErrorCode.BAD_LENGTH, `ed25519 point: expected 32 bytes, got ${bytes.length}`);
    const r = this.outPoint(out);
    if (!r.p.trySetBytes(bytes)) {
      // Decode again through the throwing path for the precise code and message.
      try {
        E.Point.fromBytes(bytes);
      } catch (e) {
        if (e instanceof StrataError) throw new StrataError(e.code, `ed25519 point: ${e.message}`, { cause: e });
        throw e;
      }
      throw new StrataError(ErrorCode.POINT_NOT_ON_CURVE, 'ed25519 point: expected a valid encoding, got an undecodable one');
    }
    return r;
  }
  /** Like `pointFromBytes`, or null for bad bytes. */
  tryPointFromBytes(bytes: Uint8Array, out?: Point): Point | null {
    if (!(bytes instanceof Uint8Array)) throw new TypeError(`ed25519 tryPointFromBytes: expected Uint8Array, got ${describe(bytes)}`);
    if (bytes.length !== 32) return null;
    const r = out === undefined ? new Ed25519Point() : this.outPoint(out);
    if (out === undefined) return r.p.trySetBytes(bytes) ? r : null;
    // Keep `out` unchanged on failure.
    const t = new E.Point();
    if (!t.trySetBytes(bytes)) return null;
    r.p.set(t);
    return r;
  }
  /** Decodes 32 little-endian canonical bytes (ERR_NON_CANONICAL if ≥ ℓ); copies the input. */
  scalarFromBytes(bytes: Uint8Array, out?: Scalar): Scalar {
    if (!(bytes instanceof Uint8Array)) throw new TypeError(`ed25519 scalar: expected Uint8Array, got ${describe(bytes)}`);
    if (bytes.length !== 32) throw new StrataError(ErrorCode.BAD_LENGTH, `ed25519 scalar: expected 32 bytes, got ${bytes.length}`);
    const r = this.outScalar(out);
    if (!r.k.trySetBytes(bytes, 0)) {
      throw new StrataError(ErrorCode.NON_CANONICAL, 'ed25519 scalar: expected a little-endian value below ℓ, got one ≥ ℓ');
    }
    return r;
  }
}

const ALT_BASE = hexToBytes('8b655970153799af2aeadc9ff1add0ea6c7251d54154cfa92c173a0dd39c1f94');

/** The curves' table shape for `options` (see `Ed25519Curve.precompute`). */
function shapeOf(o: PrecomputeOptions | undefined): { readonly width: number; readonly pieces: number } {
  if (o === undefined || o.size === undefined) return DEFAULT_SHAPE;
  if (o.uses === undefined) return o.size === 'large' ? LARGE_SHAPE : SMALL_SHAPE;
  if (o.uses < (o.size === 'large' ? 24 : 12)) return FEW_SHAPE;
  if (o.pairedWithPoint === true) return PAIRED_SHAPE;
  return o.size === 'large' && o.uses >= WIDE_TABLE_USES ? WIDE_SHAPE : MANY_SHAPE;
}
/**
 * The fewest `uses` for which a `size: 'large'` table is 8 wide (512
 * entries): with the members' 7 × 8 tables, a·X + b·I then costs about 7 %
 * less than over a 6 × 8 table of I, on both engines.
 */
const WIDE_TABLE_USES = 256;
const DEFAULT_SHAPE = Object.freeze({ width: E.TABLE_WIDTH, pieces: E.TABLE_PIECES });
const LARGE_SHAPE = Object.freeze({ width: 7, pieces: 8 });
const SMALL_SHAPE = Object.freeze({ width: 6, pieces: 8 });
const FEW_SHAPE = Object.freeze({ width: 5, pieces: 8 });
const MANY_SHAPE = Object.freeze({ width: 6, pieces: 8 });
const WIDE_SHAPE = Object.freeze({ width: 8, pieces: 8 });
const PAIRED_SHAPE = Object.freeze({ width: 8, pieces: 1 });

/** go-dleq's ed25519 curve. */
export const ed25519: Ed25519Curve = new Ed25519Curve();
