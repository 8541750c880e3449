/**
 * go-dleq's secp256k1 curve over @strata/curves: the `Curve` implementation
 * exported as `secp256k1` (decred-backend hash rule) and `secp256k1Reduced`
 * (the `'libsecp256k1'` rule of the ethereum_secp256k1 build), plus `createSecp256k1Curve`.
 *
 * Encodings (go-dleq over decred dcrec/secp256k1 v4.1.0):
 * - points: 33-byte SEC1 compressed; decoding requires exactly 33 bytes,
 *   prefix 02/03, x < p and x on the curve; the identity encodes as
 *   02 ‖ 0^32 (decred's affine (0, 0)) and does not decode;
 * - scalars: 32 bytes big-endian, decoded mod n silently (values ≥ n accepted);
 * - `scalarFromBytesLE`: 32 LITTLE-endian bytes, byte-reversed and reduced mod n
 *   (go-dleq's ScalarFromBytes; a big-endian secret key goes to `scalarFromBytes`);
 * - `newRandomScalar`: 32 random bytes, big-endian, mod n;
 * - `hashToScalar`: v = int_BE(SHA3-512(data)) mod n; the decred backend then
 *   copies v's minimal big-endian bytes to the FRONT of a 32-byte buffer, so
 *   the result is v·256^(32 − byteLen(v)) (differs from v when v < 2^248,
 *   about 1 input in 256); the `'libsecp256k1'` rule returns v (./hash.ts).
 *
 * Secret handling: `scalarMult` / `scalarBaseMult` / `scalarMultTable`
 * use the curves' fixed-window, branch-free `scalarMult` / `scalarBaseMult` /
 * `scalarMultTable` (over the table's `SecretPointTable`) and the
 * constant-sequence scalar inverse. Point addition is the curves' variable-
 * time group law (there is no complete constant-time Jacobian addition in
 * the public API of @strata/curves); it branches on equal / opposite / infinite
 * operands only, which happen with negligible probability for secret-derived
 * points. The `NonConst` methods are for public data; their fast paths map
 * onto the curves' engines: G + point / G + table, table + table, and
 * table + plain point (`doubleScalarMultTablePointNonConst`, the DLEq and
 * ring check shape); two plain points go through `msmNonConst`.
 *
 * References:
 * - [SEC1] SEC 1 v2.0, §2.3.3–2.3.4 (point encoding).
 * - [SEC2] SEC 2 v2.0, §2.4.1 (secp256k1).
 * - [GO-DLEQ] github.com/pokt-network/go-dleq @ 488f42a, secp256k1/curve_decred.go.
 * - [BIP341] the NUMS point H used as the alternate base point.
 */
import { PointBase, ScalarBase } from './values.js';
import * as C from '@strata/curves/secp256k1';
import { sha3_512 } from '@strata/curves/hash';
import { ErrorCode, FieldVal, ModNScalar, StrataError, describe, expectOptions, expectRoom } from '@strata/field';
import { defaultRandom, hexToBytes } from './bytes.js';
import { expectHashToScalarRule, secp256k1HashIsAmbiguous, secp256k1HashToScalar } from './hash.js';
import { checkMsmLengths, expectPrecomputeOptions } from './check.js';
import type {
  Curve,
  HashToScalarOptions,
  HashToScalarRule,
  Point,
  PointLike,
  PointTable,
  PrecomputeOptions,
  RandomSource,
  Scalar,
} from './types.js';

// Types are written as the curves' own names (C.JacobianPoint, C.PublicPointTable,
// C.SecretPointTable), never as local aliases: a public signature must name a type
// that users can import (from @strata/curves' `secp256k1` namespace).
const JacobianPoint = C.JacobianPoint;

/** Options of `createSecp256k1Curve`. */
export interface Secp256k1CurveOptions {
  /**
   * 'decred' (default): go-dleq's and ring-go's default build, with the
   * left-alignment quirk. 'libsecp256k1': the ethereum_secp256k1 build,
   * v mod n as is. See `HashToScalarRule`.
   */
  hashToScalarRule?: HashToScalarRule;
}

// Module scratch (never escapes a call).
const ambScratch = new ModNScalar();
const buf32 = new Uint8Array(32);
const encScratch = new JacobianPoint();

/** A scalar mod n (wraps a `ModNScalar`). */
export class Secp256k1Scalar extends ScalarBase {
  /** Returns a new scalar of this curve, to be overwritten. */
  protected blank(): Secp256k1Scalar {
    return new Secp256k1Scalar(this.curve);
  }
  /** The value, fully reduced. */
  readonly k: ModNScalar;
  /** Creates the scalar 0 of `curve`. */
  constructor(readonly curve: Secp256k1Curve, k?: ModNScalar) {
    super();
    this.k = k ?? new ModNScalar();
  }
  /** Returns the ModNScalar of `b`, refusing scalars of other curves (TypeError). */
  private of(b: Scalar): ModNScalar {
    if (!(b instanceof Secp256k1Scalar)) throw new TypeError(`secp256k1 scalar: expected a secp256k1 scalar, got ${describe(b)}`);
    return b.k;
  }
  /** Returns a new scalar equal to this. */
  clone(): Secp256k1Scalar {
    return new Secp256k1Scalar(this.curve, new ModNScalar().set(this.k));
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
    const bk = this.of(b);
    const ak = this.of(a);
    subScratch.negate(bk);
    this.k.add(ak, subScratch);
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
    this.k.set(this.of(a)).invert(this.k);
    return this;
  }
  /** Returns the 32-byte big-endian encoding. */
  toBytes(): Uint8Array {
    return this.k.toBytes();
  }
  /** Writes the 32-byte big-endian encoding at out[offset] and returns out. */
  putBytes(out: Uint8Array, offset = 0): Uint8Array {
    expectRoom('secp256k1 scalar putBytes', out, offset, 32);
    this.k.putBytes(out, offset);
    return out;
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
const subScratch = new ModNScalar();

/** A point of secp256k1 (wraps a Jacobian point). */
export class Secp256k1Point extends PointBase {
  /** Returns a new point of this curve, to be overwritten. */
  protected blank(): Secp256k1Point {
    return new Secp256k1Point(this.curve);
  }
  /** The Jacobian representative. */
  readonly p: C.JacobianPoint;
  /** Creates the identity of `curve`. */
  constructor(readonly curve: Secp256k1Curve, p?: C.JacobianPoint) {
    super();
    this.p = p ?? new JacobianPoint();
  }
  private of(b: Point): C.JacobianPoint {
    if (!(b instanceof Secp256k1Point)) throw new TypeError(`secp256k1 point: expected a secp256k1 point, got ${describe(b)}`);
    return b.p;
  }
  /** Returns a new point s·this (constant-time in s). */
  scalarMult(s: Scalar): Point {
    return this.curve.scalarMult(s, this);
  }
  /** Returns a new point equal to this. */
  clone(): Secp256k1Point {
    return new Secp256k1Point(this.curve, new JacobianPoint().set(this.p));
  }
  /** Sets this = a and returns this. */
  set(a: Point): this {
    this.p.set(this.of(a));
    return this;
  }
  /** Sets this = a + b and returns this (variable-time group law). */
  setAdd(a: Point, b: Point): this {
    this.p.addNonConst(this.of(a), this.of(b));
    return this;
  }
  /** Sets this = a − b and returns this. */
  setSub(a: Point, b: Point): this {
    this.p.subNonConst(this.of(a), this.of(b));
    return this;
  }
  /** Sets this = −a and returns this. */
  setNegate(a: Point): this {
    this.p.negate(this.of(a));
    return this;
  }
  /** Sets this = 2·a and returns this. */
  setDouble(a: Point): this {
    this.p.doubleNonConst(this.of(a));
    return this;
  }
  /** Returns the 33-byte compressed encoding (02 ‖ 0^32 for the identity, as Go). */
  toBytes(): Uint8Array {
    return this.putBytes(new Uint8Array(33), 0);
  }
  /** Writes the 33-byte compressed encoding at out[offset] and returns out. */
  putBytes(out: Uint8Array, offset = 0): Uint8Array {
    expectRoom('secp256k1 point putBytes', out, offset, 33);
    if (this.p.isIdentity()) {
      out.fill(0, offset, offset + 33);
      out[offset] = 2;
      return out;
    }
    if (this.p.z.isOne()) return C.pointToBytes(this.p, out, offset);
    encScratch.set(this.p).toAffine();
    return C.pointToBytes(encScratch, out, offset);
  }
  /** Returns whether this is the point at infinity. */
  isIdentity(): boolean {
    return this.p.isIdentity();
  }
  /** Returns whether this and b are the same point. */
  equals(b: Point): boolean {
    return this.p.equals(this.of(b));
  }
}

/**
 * A cached table of a secp256k1 point (from `precompute`): the curves'
 * variable-time wNAF table (`C.precomputeNonConst`), and, built on the
 * first constant-time use, the curves' constant-time window table for
 * secret scalars (`C.precompute`, a `SecretPointTable`).
 */
export class Secp256k1PointTable implements PointTable {
  /** The point the table is for. */
  readonly point: Secp256k1Point;
  /** The curves' variable-time table (odd multiples of P and φ(P), affine). */
  readonly table: C.PublicPointTable;
  private secret: C.SecretPointTable | undefined;
  /**
   * Builds the variable-time table of `point` (a copy is kept) with the
   * curves' wNAF width and piece count (see `Secp256k1Curve.precompute`).
   */
  constructor(point: Secp256k1Point, shape: { readonly width: number; readonly pieces: number }) {
    this.point = point.clone();
    this.table = C.precomputeNonConst(this.point.p, shape);
  }
  /**
   * Returns the curves' constant-time window table of the point (built once
   * on first use: 832 affine multiples, 67 KB).
   */
  secretTable(): C.SecretPointTable {
    this.secret ??= C.precompute(this.point.p);
    return this.secret;
  }
}

/** go-dleq's secp256k1 `Curve` over @strata/curves. */
export class Secp256k1Curve implements Curve {
  readonly name = 'secp256k1';
  readonly bitSize = 255;
  readonly compressedPointSize = 33;
  readonly scalarSize = 32;
  readonly scalarByteOrder = 'be' as const;
  readonly cofactor = 1;
  readonly randomScalarBytes = 32;
  /** The hash-to-scalar rule this instance follows. */
  readonly hashToScalarRule: HashToScalarRule;
  private readonly G: Secp256k1Point;
  private readonly H: Secp256k1Point;

  /** Creates the curve with the given hash rule (see `createSecp256k1Curve`). */
  constructor(options: Secp256k1CurveOptions = {}) {
    const o = expectOptions('createSecp256k1Curve options', options);
    this.hashToScalarRule = expectHashToScalarRule('createSecp256k1Curve hashToScalarRule', o?.hashToScalarRule, 'decred');
    this.G = new Secp256k1Point(this, C.generator());
    this.H = new Secp256k1Point(this, C.pointFromBytes(hexToBytes(ALT_BASE_HEX)));
  }

  private s(x: Scalar): ModNScalar {
    if (!(x instanceof Secp256k1Scalar)) throw new TypeError(`secp256k1: expected a secp256k1 scalar, got ${describe(x)}`);
    return x.k;
  }
  private pt(x: Point): C.JacobianPoint {
    if (!(x instanceof Secp256k1Point)) throw new TypeError(`secp256k1: expected a secp256k1 point, got ${describe(x)}`);
    return x.p;
  }
  private outPoint(out?: Point): Secp256k1Point {
    if (out === undefined) return new Secp256k1Point(this);
    if (!(out instanceof Secp256k1Point)) throw new TypeError(`secp256k1: expected a secp256k1 out point, got ${describe(out)}`);
    return out;
  }
  private outScalar(out?: Scalar): Secp256k1Scalar {
    if (out === undefined) return new Secp256k1Scalar(this);
    if (!(out instanceof Secp256k1Scalar)) throw new TypeError(`secp256k1: expected a secp256k1 out scalar, got ${describe(out)}`);
    return out;
  }

  /** Returns a copy of G. */
  basePoint(): Point {
    return this.G.clone();
  }
  /** Returns a copy of H, the BIP-341 NUMS point. */
  altBasePoint(): Point {
    return this.H.clone();
  }
  /** Returns a new point at infinity. */
  identity(): Point {
    return new Secp256k1Point(this);
  }
  /** Returns a new zero scalar. */
  zeroScalar(): Scalar {
    return new Secp256k1Scalar(this);
  }

  /** Returns int_BE(32 random bytes) mod n (Go NewRandomScalar). */
  newRandomScalar(rand: RandomSource = defaultRandom, out?: Scalar): Scalar {
    const b = rand(32);
    if (!(b instanceof Uint8Array) || b.length !== 32) throw new RangeError(`random source: expected 32 bytes, got ${describe(b)}`);
    const r = this.outScalar(out);
    r.k.setBytesReduced(b);
    return r;
  }
  /** Returns n as a scalar (uint32 only: TypeError for a non-number, RangeError otherwise). */
  scalarFromInt(n: number): Scalar {
    if (typeof n !== 'number') throw new TypeError(`secp256k1 scalarFromInt: expected a number, got ${describe(n)}`);
    if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) throw new RangeError(`scalarFromInt: expected a uint32, got ${String(n)}`);
    const r = new Secp256k1Scalar(this);
    r.k.setInt(n);
    return r;
  }
  /** Returns int_LE(bytes) mod n (go-dleq ScalarFromBytes: byte-reverse, reduce). */
  scalarFromBytesLE(bytes: Uint8Array): Scalar {
    checkLen('secp256k1 scalarFromBytesLE', bytes, 32);
    for (let i = 0; i < 32; i++) buf32[i] = bytes[31 - i]!;
    const r = new Secp256k1Scalar(this);
    r.k.setBytesReduced(buf32);
    buf32.fill(0);
    return r;
  }
  /** Returns Go's HashToScalar(data) under `options.rule` (default: this instance's rule). */
  hashToScalar(data: Uint8Array, out?: Scalar, options?: HashToScalarOptions): Scalar {
    return this.hashToScalarFromDigest(sha3_512(checkBytes('secp256k1 hashToScalar', data)), out, options);
  }
  /**
   * Returns Go's HashToScalar for the 64-byte `digest` = SHA3-512(data)
   * (the same scalar as `hashToScalar(data)`), for callers that hash one
   * preimage for two curves.
   */
  hashToScalarFromDigest(digest: Uint8Array, out?: Scalar, options?: HashToScalarOptions): Scalar {
    checkLen('secp256k1 hashToScalarFromDigest', digest, 64);
    const rule =
      options === undefined ? this.hashToScalarRule : expectHashToScalarRule('secp256k1 hashToScalar rule', expectOptions('secp256k1 hashToScalar options', options)?.rule, this.hashToScalarRule);
    const r = this.outScalar(out);
    secp256k1HashToScalar(digest, rule, r.k);
    return r;
  }
  /** Returns whether the two rules disagree on data (v mod n is non-zero and below 2^248). */
  hashToScalarIsAmbiguous(data: Uint8Array): boolean {
    return secp256k1HashIsAmbiguous(sha3_512(checkBytes('secp256k1 hashToScalarIsAmbiguous', data)), ambScratch);
  }

  /** Returns s·G (constant-time). */
  scalarBaseMult(s: Scalar, out?: Point): Point {
    const r = this.outPoint(out);
    C.scalarBaseMult(this.s(s), r.p);
    return r;
  }
  /** Returns s·P (constant-time). */
  scalarMult(s: Scalar, P: Point, out?: Point): Point {
    const k = this.s(s);
    const p = this.pt(P);
    const r = this.outPoint(out);
    C.scalarMult(k, p, r.p);
    return r;
  }
  /** Returns s·G (variable-time). */
  scalarBaseMultNonConst(s: Scalar, out?: Point): Point {
    const r = this.outPoint(out);
    C.scalarBaseMultNonConst(this.s(s), r.p);
    return r;
  }
  /** Returns s·P (variable-time). */
  scalarMultNonConst(s: Scalar, P: Point, out?: Point): Point {
    const k = this.s(s);
    const p = this.pt(P);
    const r = this.outPoint(out);
    C.scalarMultNonConst(k, p, r.p);
    return r;
  }

  /**
   * Returns a cached table of P. The size maps to the curves' wNAF width w
   * and piece count t of `precomputeNonConst` (t·2^(w−2) affine entries of
   * 120 bytes; a·X + b·Y over two tables of t pieces runs a doubling chain
   * ⌈129/t⌉ long, since GLV halves the scalars):
   *
   * | options | w × t | entries | why |
   * |---|---|---|---|
   * | none | 6 × 1 | 16 | one table reused by every call (DLEq's H): cheap to build |
   * | `size: 'large'` | 7 × 8 | 256 | ring members: a 17-step chain, ~16 additions per half-scalar |
   * | `size: 'small'` | 7 × 4 | 128 | half the memory: a 33-step chain |
   * | `size`, `uses` < 24 (large) / 12 (small) | 5 × t | 8·t | a key image, used once per member: cheap to build |
   * | `size`, more `uses` | 6 × t | 16·t | fewer additions per use |
   * | `size`, `uses` ≥ 24 (large) / 12 (small), `pairedWithPoint` | 8 × 1 | 64 | a key image over ring members without tables: the plain point's one-piece chain is 129 steps whatever the pieces, so one wide piece: fewer additions, no pieces to build |
   *
   * The `uses` switch is where building the cheaper table and using it cost
   * the same. TypeError for a non-object `options`, an unknown size or a
   * non-integer `uses`; RangeError for `uses` < 1.
   */
  precompute(P: Point, options?: PrecomputeOptions): PointTable {
    this.pt(P);
    return new Secp256k1PointTable(P as Secp256k1Point, shapeOf(expectPrecomputeOptions('secp256k1 precompute', options)));
  }
  /** Returns the estimated bytes of a table from `precompute(P, options)` (entries × 120 plus 1 KiB). */
  precomputeBytes(options?: PrecomputeOptions): number {
    const { width, pieces } = shapeOf(expectPrecomputeOptions('secp256k1 precomputeBytes', options));
    return pieces * 2 ** (width - 2) * 120 + 1024;
  }
  /** Returns s·T.point (constant-time: the curves' `scalarMultTable` over the table's window table). */
  scalarMultTable(s: Scalar, T: PointTable, out?: Point): Point {
    const k = this.s(s);
    const t = this.tableOf(T);
    const r = this.outPoint(out);
    C.scalarMultTable(k, t.secretTable(), r.p);
    return r;
  }
  /** Returns s·T.point from the cached table (variable-time). */
  scalarMultTableNonConst(s: Scalar, T: PointTable, out?: Point): Point {
    const r = this.outPoint(out);
    C.scalarMultNonConst(this.s(s), this.tableOf(T).table, r.p);
    return r;
  }
  /** Returns a·A + b·B (variable-time). */
  doubleScalarMultNonConst(a: Scalar, A: PointLike, b: Scalar, B: PointLike, out?: Point): Point {
    const ak = this.s(a);
    const bk = this.s(b);
    const r = this.outPoint(out);
    const aIsG = this.isBase(A);
    const bIsG = this.isBase(B);
    if (aIsG || bIsG) {
      // u1·G + u2·P: the curves' dedicated engine (width-8 G table).
      const P = aIsG ? B : A;
      if (P instanceof Secp256k1PointTable) C.doubleScalarMultBaseNonConst(aIsG ? bk : ak, P.table, aIsG ? ak : bk, r.p);
      else C.doubleScalarMultBaseNonConst(aIsG ? bk : ak, this.unaliased(P, r.p), aIsG ? ak : bk, r.p);
      return r;
    }
    if (A instanceof Secp256k1PointTable && B instanceof Secp256k1PointTable) {
      C.doubleScalarMultNonConst(ak, A.table, bk, B.table, r.p);
      return r;
    }
    // One cached table + one plain point (the DLEq / ring check shape): the
    // plain point is read before `out` is written, so out may alias it.
    if (A instanceof Secp256k1PointTable) {
      C.doubleScalarMultNonConst(ak, A.table, bk, this.pointOf(B), r.p);
      return r;
    }
    if (B instanceof Secp256k1PointTable) {
      C.doubleScalarMultNonConst(bk, B.table, ak, this.pointOf(A), r.p);
      return r;
    }
    pairPoints[0]!.set(this.pointOf(A));
    pairPoints[1]!.set(this.pointOf(B));
    pairScalars[0]!.set(ak);
    pairScalars[1]!.set(bk);
    C.msmNonConst(pairPoints, pairScalars, r.p);
    return r;
  }
  /** Returns a·A + b·G (variable-time). */
  doubleScalarMultBaseNonConst(a: Scalar, A: PointLike, b: Scalar, out?: Point): Point {
    const r = this.outPoint(out);
    if (A instanceof Secp256k1PointTable) C.doubleScalarMultBaseNonConst(this.s(a), A.table, this.s(b), r.p);
    else C.doubleScalarMultBaseNonConst(this.s(a), this.unaliased(A, r.p), this.s(b), r.p);
    return r;
  }
  /** Returns Σ scalars[i]·points[i] (variable-time); StrataError `ERR_BAD_LENGTH` for arrays of different lengths. */
  msmNonConst(points: readonly PointLike[], scalars: readonly Scalar[], out?: Point): Point {
    checkMsmLengths(points, scalars);
    const r = this.outPoint(out);
    C.msmNonConst(
      points.map((p) => this.pointOf(p)),
      scalars.map((s) => this.s(s)),
      r.p,
    );
    return r;
  }

  private tableOf(T: PointTable): Secp256k1PointTable {
    if (!(T instanceof Secp256k1PointTable)) throw new TypeError(`secp256k1: expected a secp256k1 point table, got ${describe(T)}`);
    return T;
  }
  private pointOf(P: PointLike): C.JacobianPoint {
    if (P instanceof Secp256k1PointTable) return P.point.p;
    return this.pt(P as Point);
  }
  /** Returns P's Jacobian point, copied to scratch when it is `out` itself. */
  private unaliased(P: PointLike, out: C.JacobianPoint): C.JacobianPoint {
    const p = this.pointOf(P);
    return p === out ? aliasScratch.set(p) : p;
  }
  private isBase(P: PointLike): boolean {
    const p = P instanceof Secp256k1PointTable ? P.point : P;
    return p === this.G;
  }
  /** Writes the compressed encodings of `points` back to back (one batched inversion). */
  pointsToBytes(points: readonly Point[], out: Uint8Array, offset = 0): Uint8Array {
    const m = points.length;
    expectRoom('secp256k1 pointsToBytes', out, offset, 33 * m);
    // A pair (the ring's L, R per member) uses fixed module scratch; larger
    // batches (DLEq's per-pass encodings) get arrays for this call only.
    const ins = m === 2 ? pairIn : fresh(m);
    const outs = m === 2 ? pairOut : fresh(m);
    for (let i = 0; i < m; i++) ins[i]!.set(this.pt(points[i]!));
    C.batchToAffineNonConst(ins, outs);
    for (let i = 0; i < m; i++) {
      const q = outs[i]!;
      const o = offset + 33 * i;
      if (q.isIdentity()) {
        out.fill(0, o, o + 33);
        out[o] = 2;
      } else C.pointToBytes(q, out, o);
    }
    return out;
  }

  /** Decodes exactly 33 bytes (prefix 02/03, x < p, on the curve); copies the input. */
  pointFromBytes(bytes: Uint8Array, out?: Point): Point {
    checkLen('secp256k1 point', bytes, 33);
    const r = this.outPoint(out);
    try {
      C.pointFromBytes(bytes, r.p);
    } catch (e) {
      if (e instanceof StrataError) throw new StrataError(e.code, `secp256k1 point: ${e.message}`, { cause: e });
      throw e;
    }
    return r;
  }
  /**
   * Like `pointFromBytes`, or null for bad bytes: the same checks (x < p,
   * x³ + 7 a square) and the same point (x, y, 1), without making and
   * catching an error for a miss (ring-go's hash-to-curve misses about
   * every other try).
   */
  tryPointFromBytes(bytes: Uint8Array, out?: Point): Point | null {
    checkBytes('secp256k1 tryPointFromBytes', bytes);
    if (bytes.length !== 33 || (bytes[0] !== 2 && bytes[0] !== 3)) return null;
    const r = this.outPoint(out);
    if (!tryX.trySetBytes(bytes, 1)) return null;
    if (C.decompressY(tryX, bytes[0] === 3, tryY) === null) return null;
    r.p.x.set(tryX);
    r.p.y.set(tryY);
    r.p.z.setInt(1);
    return r;
  }
  /** Decodes 32 big-endian bytes mod n (values ≥ n silently reduced, as Go). */
  scalarFromBytes(bytes: Uint8Array, out?: Scalar): Scalar {
    checkLen('secp256k1 scalar', bytes, 32);
    const r = this.outScalar(out);
    r.k.setBytesReduced(bytes);
    return r;
  }
}

const pairPoints: C.JacobianPoint[] = [new JacobianPoint(), new JacobianPoint()];
// Scratch of tryPointFromBytes: x and the decompressed y.
const tryX = new FieldVal();
const tryY = new FieldVal();
const aliasScratch = new JacobianPoint();
const pairIn: C.JacobianPoint[] = [new JacobianPoint(), new JacobianPoint()];
const pairOut: C.JacobianPoint[] = [new JacobianPoint(), new JacobianPoint()];

/** Returns m new Jacobian points (scratch for one call). */
function fresh(m: number): C.JacobianPoint[] {
  const a = new Array<C.JacobianPoint>(m);
  for (let i = 0; i < m; i++) a[i] = new JacobianPoint();
  return a;
}
const pairScalars: ModNScalar[] = [new ModNScalar(), new ModNScalar()];

const ALT_BASE_HEX = '0250929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0';

/** The curves' table shape for `options` (see `Secp256k1Curve.precompute`). */
function shapeOf(o: PrecomputeOptions | undefined): { width: number; pieces: number } {
  if (o === undefined || o.size === undefined) return DEFAULT_SHAPE;
  const pieces = o.size === 'large' ? 8 : 4;
  if (o.uses === undefined) return pieces === 8 ? LARGE_SHAPE : SMALL_SHAPE;
  const few = o.uses < (o.size === 'large' ? 24 : 12);
  if (few) return pieces === 8 ? LARGE_FEW : SMALL_FEW;
  return o.pairedWithPoint === true ? PAIRED_SHAPE : pieces === 8 ? LARGE_MANY : SMALL_MANY;
}
const DEFAULT_SHAPE = Object.freeze({ width: 6, pieces: 1 });
const LARGE_SHAPE = Object.freeze({ width: 7, pieces: 8 });
const SMALL_SHAPE = Object.freeze({ width: 7, pieces: 4 });
const LARGE_FEW = Object.freeze({ width: 5, pieces: 8 });
const LARGE_MANY = Object.freeze({ width: 6, pieces: 8 });
const SMALL_FEW = Object.freeze({ width: 5, pieces: 4 });
const SMALL_MANY = Object.freeze({ width: 6, pieces: 4 });
const PAIRED_SHAPE = Object.freeze({ width: 8, pieces: 1 });

function checkBytes(what: string, b: unknown): Uint8Array {
  if (!(b instanceof Uint8Array)) throw new TypeError(`${what}: expected Uint8Array, got ${describe(b)}`);
  return b;
}
function checkLen(what: string, b: unknown, len: number): Uint8Array {
  checkBytes(what, b);
  const u = b as Uint8Array;
  if (u.length !== len) throw new StrataError(ErrorCode.BAD_LENGTH, `${what}: expected ${len} bytes, got ${u.length}`);
  return u;
}


/** Returns a go-dleq / ring-go secp256k1 curve with the given hash rule. */
export function createSecp256k1Curve(options: Secp256k1CurveOptions = {}): Secp256k1Curve {
  return new Secp256k1Curve(options);
}

/** go-dleq's secp256k1 curve as its default (decred) backend defines it. */
export const secp256k1: Secp256k1Curve = createSecp256k1Curve();

/** go-dleq's secp256k1 curve under the ethereum_secp256k1 build's hash rule, `'libsecp256k1'` (no left-alignment). */
export const secp256k1Reduced: Secp256k1Curve = createSecp256k1Curve({ hashToScalarRule: 'libsecp256k1' });
