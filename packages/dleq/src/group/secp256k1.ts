/**
 * go-dleq's secp256k1 curve over @strata/curves: the `Curve` implementation
 * exported as `secp256k1` (decred-backend hash rule) and `secp256k1Reduced`
 * (the ethereum-backend rule), plus `createSecp256k1Curve`.
 *
 * Encodings (go-dleq over decred dcrec/secp256k1 v4.1.0):
 * - points: 33-byte SEC1 compressed; decoding requires exactly 33 bytes,
 *   prefix 02/03, x < p and x on the curve; the identity encodes as
 *   02 ‖ 0^32 (decred's affine (0, 0)) and does not decode;
 * - scalars: 32 bytes big-endian, decoded mod n silently (values ≥ n accepted);
 * - `scalarFromBytes`: 32 LITTLE-endian bytes, byte-reversed and reduced mod n;
 * - `newRandomScalar`: 32 random bytes, big-endian, mod n;
 * - `hashToScalar`: v = int_BE(SHA3-512(data)) mod n; the decred backend then
 *   copies v's minimal big-endian bytes to the FRONT of a 32-byte buffer, so
 *   the result is v·256^(32 − byteLen(v)) (differs from v when v < 2^248,
 *   about 1 input in 256); the `'reduced'` rule returns v;
 * - `sign`: ECDSA (Go crypto/ecdsa over decred's S256) over
 *   SHA-256(Enc(P)), ASN.1 DER, s NOT normalised to low-S, hedged random
 *   nonce; `verify`: strict DER (minimal integers, nothing trailing),
 *   1 ≤ r, s < n, high-S accepted.
 *
 * Secret handling: `scalarMul` / `scalarBaseMul` / `scalarMulTable` / `sign`
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
 * - [SEC1] SEC 1 v2.0, §2.3.3–2.3.4 (point encoding), §4.1.3–4.1.4 (ECDSA).
 * - [SEC2] SEC 2 v2.0, §2.4.1 (secp256k1).
 * - [X690] ITU-T X.690, §8.3 (DER INTEGER), §10.1 (definite-length minimal).
 * - [GO-DLEQ] github.com/pokt-network/go-dleq @ 488f42a, secp256k1/curve_decred.go.
 * - [BIP341] the NUMS point H used as the alternate base point.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { sha3_512 } from '@noble/hashes/sha3.js';
import { secp256k1 as C } from '@strata/curves';
import { ErrorCode, ModNScalar, StrataError, describe, expectOneOf, expectOptions } from '@strata/field';
import { sha3_512Memo } from './hash.js';
import type { Curve, Point, PointLike, PointTable, PrecomputeOptions, RandomSource, Scalar } from './types.js';

const JacobianPoint = C.JacobianPoint;
type JacobianPoint = InstanceType<typeof C.JacobianPoint>;
type CTable = InstanceType<typeof C.PointTable>;
type CSecretTable = InstanceType<typeof C.SecretPointTable>;

/** Which of go-dleq's two secp256k1 backends `hashToScalar` follows. */
export type Secp256k1HashRule = 'decred' | 'reduced';

const HASH_RULES: readonly Secp256k1HashRule[] = ['decred', 'reduced'];

/** Options of `createSecp256k1Curve`. */
export interface Secp256k1CurveOptions {
  /**
   * 'decred' (default): go-dleq's default backend, with the left-alignment
   * quirk. 'reduced': the ethereum_secp256k1 build, v mod n as is.
   */
  hashToScalarRule?: Secp256k1HashRule;
}

function defaultRandom(n: number): Uint8Array {
  const b = new Uint8Array(n);
  crypto.getRandomValues(b);
  return b;
}

/** 2^256 mod n, for reducing 512-bit hashes: v = hi·2^256 + lo. */
const R256 = (() => {
  const s = new ModNScalar();
  // 2^256 − n = 0x14551231950b75fc4402da1732fc9bebf (fits, < n)
  const b = new Uint8Array(32);
  const hexs = '000000000000000000000000000000014551231950b75fc4402da1732fc9bebf';
  for (let i = 0; i < 32; i++) b[i] = parseInt(hexs.slice(2 * i, 2 * i + 2), 16);
  s.setBytesReduced(b);
  return s;
})();

// Module scratch (never escapes a call).
const wideHi = new ModNScalar();
const wideLo = new ModNScalar();
const ambScratch = new ModNScalar();
const buf32 = new Uint8Array(32);
const encScratch = new JacobianPoint();

/** A scalar mod n (wraps a `ModNScalar`). */
export class Secp256k1Scalar implements Scalar {
  /** The value, fully reduced. */
  readonly k: ModNScalar;
  /** Creates the scalar 0 of `curve`. */
  constructor(readonly curve: Secp256k1Curve, k?: ModNScalar) {
    this.k = k ?? new ModNScalar();
  }
  /** Returns the ModNScalar of `b`, refusing scalars of other curves (TypeError). */
  private of(b: Scalar): ModNScalar {
    if (!(b instanceof Secp256k1Scalar)) throw new TypeError(`secp256k1 scalar: expected a secp256k1 scalar, got ${describe(b)}`);
    return b.k;
  }
  /** Returns a new scalar this + b. */
  add(b: Scalar): Scalar {
    return this.copy().setAdd(this, b);
  }
  /** Returns a new scalar this − b. */
  sub(b: Scalar): Scalar {
    return this.copy().setSub(this, b);
  }
  /** Returns a new scalar −this. */
  negate(): Scalar {
    return this.copy().setNegate(this);
  }
  /** Returns a new scalar this · b. */
  mul(b: Scalar): Scalar {
    return this.copy().setMul(this, b);
  }
  /** Returns a new scalar this⁻¹ (0 for 0). */
  inverse(): Scalar {
    return this.copy().setInverse(this);
  }
  /** Returns a new scalar equal to this. */
  copy(): Secp256k1Scalar {
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
  setInverse(a: Scalar): this {
    this.k.set(this.of(a)).invert(this.k);
    return this;
  }
  /** Returns the 32-byte big-endian encoding. */
  encode(): Uint8Array {
    return this.k.bytes();
  }
  /** Writes the 32-byte big-endian encoding at out[offset] and returns out. */
  encodeInto(out: Uint8Array, offset = 0): Uint8Array {
    if (!(out instanceof Uint8Array)) throw new TypeError(`secp256k1 scalar encodeInto: expected Uint8Array, got ${describe(out)}`);
    if (!Number.isInteger(offset) || offset < 0 || out.length < offset + 32) {
      throw new RangeError(`secp256k1 scalar encodeInto: expected room for 32 bytes at offset ${offset}, got ${out.length} bytes`);
    }
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
export class Secp256k1Point implements Point {
  /** The Jacobian representative. */
  readonly p: JacobianPoint;
  /** Creates the identity of `curve`. */
  constructor(readonly curve: Secp256k1Curve, p?: JacobianPoint) {
    this.p = p ?? new JacobianPoint();
  }
  private of(b: Point): JacobianPoint {
    if (!(b instanceof Secp256k1Point)) throw new TypeError(`secp256k1 point: expected a secp256k1 point, got ${describe(b)}`);
    return b.p;
  }
  /** Returns a new point this + b. */
  add(b: Point): Point {
    return this.copy().setAdd(this, b);
  }
  /** Returns a new point this − b. */
  sub(b: Point): Point {
    return this.copy().setSub(this, b);
  }
  /** Returns a new point s·this (constant-time in s). */
  scalarMul(s: Scalar): Point {
    return this.curve.scalarMul(s, this);
  }
  /** Returns a new point equal to this. */
  copy(): Secp256k1Point {
    return new Secp256k1Point(this.curve, new JacobianPoint().set(this.p));
  }
  /** Sets this = a and returns this. */
  set(a: Point): this {
    this.p.set(this.of(a));
    return this;
  }
  /** Sets this = a + b and returns this (variable-time group law). */
  setAdd(a: Point, b: Point): this {
    C.addNonConst(this.of(a), this.of(b), this.p);
    return this;
  }
  /** Sets this = a − b and returns this. */
  setSub(a: Point, b: Point): this {
    C.subNonConst(this.of(a), this.of(b), this.p);
    return this;
  }
  /** Sets this = −a and returns this. */
  setNegate(a: Point): this {
    this.p.negateVal(this.of(a));
    return this;
  }
  /** Sets this = 2·a and returns this. */
  setDouble(a: Point): this {
    C.doubleNonConst(this.of(a), this.p);
    return this;
  }
  /** Returns the 33-byte compressed encoding (02 ‖ 0^32 for the identity, as Go). */
  encode(): Uint8Array {
    return this.encodeInto(new Uint8Array(33), 0);
  }
  /** Writes the 33-byte compressed encoding at out[offset] and returns out. */
  encodeInto(out: Uint8Array, offset = 0): Uint8Array {
    if (!(out instanceof Uint8Array)) throw new TypeError(`secp256k1 point encodeInto: expected Uint8Array, got ${describe(out)}`);
    if (!Number.isInteger(offset) || offset < 0 || out.length < offset + 33) {
      throw new RangeError(`secp256k1 point encodeInto: expected room for 33 bytes at offset ${offset}, got ${out.length} bytes`);
    }
    if (this.p.isInfinity()) {
      out.fill(0, offset, offset + 33);
      out[offset] = 2;
      return out;
    }
    if (this.p.z.isOne()) return C.serializeCompressedInto(this.p, out, offset);
    encScratch.set(this.p).toAffine();
    return C.serializeCompressedInto(encScratch, out, offset);
  }
  /** Returns whether this is the point at infinity. */
  isIdentity(): boolean {
    return this.p.isInfinity();
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
  readonly table: CTable;
  private secret: CSecretTable | undefined;
  /**
   * Builds the variable-time table of `point` (a copy is kept) with the
   * curves' width and piece count from `options` (defaults: width 6, one
   * piece). Throws RangeError for a width outside 2…8 or pieces outside 1…8,
   * TypeError for non-object options or a non-number width / piece count.
   */
  constructor(point: Secp256k1Point, options?: PrecomputeOptions) {
    this.point = point.copy();
    this.table = C.precomputeNonConst(this.point.p, options);
  }
  /**
   * Returns the curves' constant-time window table of the point (built once
   * on first use: 832 affine multiples, 67 KB).
   */
  secretTable(): CSecretTable {
    this.secret ??= C.precompute(this.point.p);
    return this.secret;
  }
  /**
   * Returns {@link secretTable}. Kept for callers of the former dleq-local
   * comb; the table is now the curves' `SecretPointTable` (multiply with
   * `C.scalarMultTable(k, table, out)`).
   * @deprecated Use {@link secretTable}.
   */
  comb(): CSecretTable {
    return this.secretTable();
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
  readonly hashToScalarRule: Secp256k1HashRule;
  private readonly G: Secp256k1Point;
  private readonly H: Secp256k1Point;

  /** Creates the curve with the given hash rule (see `createSecp256k1Curve`). */
  constructor(options: Secp256k1CurveOptions = {}) {
    const o = expectOptions('createSecp256k1Curve options', options);
    this.hashToScalarRule = expectOneOf('createSecp256k1Curve hashToScalarRule', o?.hashToScalarRule, HASH_RULES, 'decred');
    this.G = new Secp256k1Point(this, C.generator());
    this.H = new Secp256k1Point(this, C.parsePubKey(ALT_BASE));
  }

  private s(x: Scalar): ModNScalar {
    if (!(x instanceof Secp256k1Scalar)) throw new TypeError(`secp256k1: expected a secp256k1 scalar, got ${describe(x)}`);
    return x.k;
  }
  private pt(x: Point): JacobianPoint {
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
    return this.G.copy();
  }
  /** Returns a copy of H, the BIP-341 NUMS point. */
  altBasePoint(): Point {
    return this.H.copy();
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
  scalarFromBytes(bytes: Uint8Array): Scalar {
    checkLen('secp256k1 scalarFromBytes', bytes, 32);
    for (let i = 0; i < 32; i++) buf32[i] = bytes[31 - i]!;
    const r = new Secp256k1Scalar(this);
    r.k.setBytesReduced(buf32);
    buf32.fill(0);
    return r;
  }
  /** Returns go-dleq's HashToScalar(data) under this instance's rule. */
  hashToScalar(data: Uint8Array, out?: Scalar): Scalar {
    const r = this.outScalar(out);
    reduceWide(sha3_512Memo(checkBytes('secp256k1 hashToScalar', data)), r.k);
    if (this.hashToScalarRule === 'reduced') return r;
    r.k.putBytes(buf32, 0);
    let z = 0;
    while (z < 32 && buf32[z] === 0) z++;
    if (z === 0 || z === 32) return r;
    buf32.copyWithin(0, z);
    buf32.fill(0, 32 - z);
    if (r.k.setBytesReduced(buf32)) {
      throw new StrataError(
        ErrorCode.OUT_OF_RANGE,
        'secp256k1 hashToScalar: expected the left-aligned hash below n, got an overflow (go-dleq panics here)',
      );
    }
    return r;
  }
  /** Returns whether the decred and ethereum rules disagree on data (v mod n < 2^248). */
  hashToScalarIsAmbiguous(data: Uint8Array): boolean {
    reduceWide(sha3_512Memo(checkBytes('secp256k1 hashToScalarIsAmbiguous', data)), ambScratch);
    ambScratch.putBytes(buf32, 0);
    return buf32[0] === 0 && !ambScratch.isZero();
  }

  /** Returns s·G (constant-time). */
  scalarBaseMul(s: Scalar, out?: Point): Point {
    const r = this.outPoint(out);
    C.scalarBaseMult(this.s(s), r.p);
    return r;
  }
  /** Returns s·P (constant-time). */
  scalarMul(s: Scalar, P: Point, out?: Point): Point {
    const k = this.s(s);
    const p = this.pt(P);
    const r = this.outPoint(out);
    C.scalarMult(k, p, r.p);
    return r;
  }
  /** Returns s·G (variable-time). */
  scalarBaseMulNonConst(s: Scalar, out?: Point): Point {
    const r = this.outPoint(out);
    C.scalarBaseMultNonConst(this.s(s), r.p);
    return r;
  }
  /** Returns s·P (variable-time). */
  scalarMulNonConst(s: Scalar, P: Point, out?: Point): Point {
    const k = this.s(s);
    const p = this.pt(P);
    const r = this.outPoint(out);
    C.scalarMultNonConst(k, p, r.p);
    return r;
  }

  /**
   * Returns a cached table of P; `options.width` / `options.pieces` set the
   * curves' wNAF width (2…8, default 6) and piece count (1…8, default 1)
   * of `precomputeNonConst`. Throws TypeError for a non-object `options`
   * or a non-number width / piece count, RangeError for values out of range.
   */
  precompute(P: Point, options?: PrecomputeOptions): PointTable {
    this.pt(P);
    if (options !== undefined && (typeof options !== 'object' || options === null)) {
      throw new TypeError(`secp256k1 precompute: expected options object, got ${describe(options)}`);
    }
    return new Secp256k1PointTable(P as Secp256k1Point, options);
  }
  /** Returns s·T.point (constant-time: the curves' `scalarMultTable` over the table's window table). */
  scalarMulTable(s: Scalar, T: PointTable, out?: Point): Point {
    const k = this.s(s);
    const t = this.tableOf(T);
    const r = this.outPoint(out);
    C.scalarMultTable(k, t.secretTable(), r.p);
    return r;
  }
  /** Returns s·T.point from the cached table (variable-time). */
  scalarMulTableNonConst(s: Scalar, T: PointTable, out?: Point): Point {
    const r = this.outPoint(out);
    C.scalarMultTableNonConst(this.s(s), this.tableOf(T).table, r.p);
    return r;
  }
  /** Returns a·A + b·B (variable-time). */
  doubleScalarMulNonConst(a: Scalar, A: PointLike, b: Scalar, B: PointLike, out?: Point): Point {
    const ak = this.s(a);
    const bk = this.s(b);
    const r = this.outPoint(out);
    const aIsG = this.isBase(A);
    const bIsG = this.isBase(B);
    if (aIsG || bIsG) {
      // u1·G + u2·P: the curves' dedicated engine (width-8 G table).
      const P = aIsG ? B : A;
      if (P instanceof Secp256k1PointTable) C.doubleScalarMultTableNonConst(aIsG ? ak : bk, aIsG ? bk : ak, P.table, r.p);
      else C.doubleScalarMultNonConst(aIsG ? ak : bk, aIsG ? bk : ak, this.unaliased(P, r.p), r.p);
      return r;
    }
    if (A instanceof Secp256k1PointTable && B instanceof Secp256k1PointTable) {
      C.doubleScalarMultTablesNonConst(ak, A.table, bk, B.table, r.p);
      return r;
    }
    // One cached table + one plain point (the DLEq / ring check shape): the
    // plain point is read before `out` is written, so out may alias it.
    if (A instanceof Secp256k1PointTable) {
      C.doubleScalarMultTablePointNonConst(ak, A.table, bk, this.pointOf(B), r.p);
      return r;
    }
    if (B instanceof Secp256k1PointTable) {
      C.doubleScalarMultTablePointNonConst(bk, B.table, ak, this.pointOf(A), r.p);
      return r;
    }
    pairPoints[0]!.set(this.pointOf(A));
    pairPoints[1]!.set(this.pointOf(B));
    pairScalars[0]!.set(ak);
    pairScalars[1]!.set(bk);
    C.msmNonConst(pairPoints, pairScalars, r.p);
    return r;
  }
  /** Returns s·G + c·P (variable-time). */
  baseAndPointMulNonConst(s: Scalar, c: Scalar, P: PointLike, out?: Point): Point {
    const r = this.outPoint(out);
    if (P instanceof Secp256k1PointTable) C.doubleScalarMultTableNonConst(this.s(s), this.s(c), P.table, r.p);
    else C.doubleScalarMultNonConst(this.s(s), this.s(c), this.unaliased(P, r.p), r.p);
    return r;
  }
  /** Returns Σ scalars[i]·points[i] (variable-time). */
  msmNonConst(scalars: readonly Scalar[], points: readonly PointLike[], out?: Point): Point {
    if (scalars.length !== points.length) {
      throw new RangeError(`msmNonConst: expected as many points as scalars (${scalars.length}), got ${points.length}`);
    }
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
  private pointOf(P: PointLike): JacobianPoint {
    if (P instanceof Secp256k1PointTable) return P.point.p;
    return this.pt(P as Point);
  }
  /** Returns P's Jacobian point, copied to scratch when it is `out` itself. */
  private unaliased(P: PointLike, out: JacobianPoint): JacobianPoint {
    const p = this.pointOf(P);
    return p === out ? aliasScratch.set(p) : p;
  }
  private isBase(P: PointLike): boolean {
    const p = P instanceof Secp256k1PointTable ? P.point : P;
    return p === this.G;
  }

  /**
   * ECDSA signature (DER) of SHA-256(Enc(P)) by private scalar s, with a
   * hedged nonce k = int_BE(SHA-512(rand(32) ‖ s ‖ digest ‖ counter)) mod n;
   * s is not normalised (Go does not either).
   */
  sign(s: Scalar, P: Point, rand: RandomSource = defaultRandom): Uint8Array {
    const d = this.s(s);
    const digest = sha256(this.encodePoint(P));
    const e = new ModNScalar();
    e.setBytesReduced(digest);
    const k = new ModNScalar();
    const kInv = new ModNScalar();
    const r = new ModNScalar();
    const sig = new ModNScalar();
    const R = new JacobianPoint();
    const entropy = rand(32);
    if (!(entropy instanceof Uint8Array) || entropy.length !== 32) throw new RangeError(`random source: expected 32 bytes, got ${describe(entropy)}`);
    const seed = new Uint8Array(32 + 32 + 32 + 4);
    seed.set(entropy, 0);
    d.putBytes(seed, 32);
    seed.set(digest, 64);
    try {
      for (let counter = 0; ; counter++) {
        new DataView(seed.buffer).setUint32(96, counter);
        reduceWide(sha3Free512(seed), k);
        if (k.isZero()) continue;
        C.scalarBaseMult(k, R);
        R.toAffine();
        R.x.putBytes(buf32, 0);
        r.setBytesReduced(buf32);
        if (r.isZero()) continue;
        kInv.set(k).invert(kInv);
        sig.mul(r, d).add(sig, e).mul(sig, kInv); // s = k⁻¹·(e + r·d)
        if (sig.isZero()) continue;
        return derSignature(r, sig);
      }
    } finally {
      seed.fill(0);
      k.setZero();
      kInv.setZero();
    }
  }

  /**
   * Go ecdsa.VerifyASN1(pubkey, SHA-256(Enc(msgPoint)), sig): strict DER,
   * nothing after the sequence. Never throws on bad bytes; TypeError for a
   * non-Uint8Array `sig` or points of another curve.
   */
  verify(pubkey: Point, msgPoint: Point, sig: Uint8Array): boolean {
    const Q = this.pt(pubkey);
    const msg = this.encodePoint(msgPoint);
    if (!(sig instanceof Uint8Array)) throw new TypeError(`secp256k1 verify: expected a Uint8Array signature, got ${describe(sig)}`);
    const rs = parseDer(sig);
    if (rs === null || Q.isInfinity()) return false;
    const [r, s] = rs;
    const e = new ModNScalar();
    e.setBytesReduced(sha256(msg));
    const w = new ModNScalar().invertNonConst(s);
    const u1 = new ModNScalar().mul(e, w);
    const u2 = new ModNScalar().mul(r, w);
    const X = C.doubleScalarMultNonConst(u1, u2, Q, new JacobianPoint());
    if (X.isInfinity()) return false;
    X.toAffine();
    X.x.putBytes(buf32, 0);
    const v = new ModNScalar();
    v.setBytesReduced(buf32);
    return v.equals(r);
  }

  private encodePoint(P: Point): Uint8Array {
    if (!(P instanceof Secp256k1Point)) throw new TypeError(`secp256k1: expected a secp256k1 point, got ${describe(P)}`);
    return P.encode();
  }

  /** Writes the compressed encodings of `points` back to back (one batched inversion). */
  encodeMany(points: readonly Point[], out: Uint8Array, offset = 0): Uint8Array {
    const m = points.length;
    if (!(out instanceof Uint8Array)) throw new TypeError(`secp256k1 encodeMany: expected Uint8Array, got ${describe(out)}`);
    if (!Number.isInteger(offset)) {
      throw new TypeError(`secp256k1 encodeMany: expected an integer offset, got ${typeof offset === 'number' ? `number ${String(offset)}` : describe(offset)}`);
    }
    if (offset < 0 || out.length < offset + 33 * m) {
      throw new RangeError(`secp256k1 encodeMany: expected room for ${33 * m} bytes at offset ${offset}, got ${out.length}`);
    }
    while (batchIn.length < m) {
      batchIn.push(new JacobianPoint());
      batchOut.push(new JacobianPoint());
    }
    for (let i = 0; i < m; i++) batchIn[i]!.set(this.pt(points[i]!));
    const ins = m === batchIn.length ? batchIn : batchIn.slice(0, m);
    C.batchToAffineNonConst(ins, batchOut);
    for (let i = 0; i < m; i++) {
      const q = batchOut[i]!;
      const o = offset + 33 * i;
      if (q.isInfinity()) {
        out.fill(0, o, o + 33);
        out[o] = 2;
      } else C.serializeCompressedInto(q, out, o);
    }
    return out;
  }

  /** Decodes exactly 33 bytes (prefix 02/03, x < p, on the curve); copies the input. */
  decodePoint(bytes: Uint8Array, out?: Point): Point {
    checkLen('secp256k1 point', bytes, 33);
    const r = this.outPoint(out);
    try {
      C.parsePubKey(bytes, r.p);
    } catch (e) {
      if (e instanceof StrataError) throw new StrataError(e.code, `secp256k1 point: ${e.message}`, { cause: e });
      throw e;
    }
    return r;
  }
  /** Like `decodePoint`, or null for bad bytes. */
  tryDecodePoint(bytes: Uint8Array, out?: Point): Point | null {
    checkBytes('secp256k1 tryDecodePoint', bytes);
    if (bytes.length !== 33 || (bytes[0] !== 2 && bytes[0] !== 3)) return null;
    try {
      return this.decodePoint(bytes, out);
    } catch (e) {
      if (e instanceof StrataError) return null;
      throw e;
    }
  }
  /** Decodes 32 big-endian bytes mod n (values ≥ n silently reduced, as Go). */
  decodeScalar(bytes: Uint8Array, out?: Scalar): Scalar {
    checkLen('secp256k1 scalar', bytes, 32);
    const r = this.outScalar(out);
    r.k.setBytesReduced(bytes);
    return r;
  }
}

const pairPoints: JacobianPoint[] = [new JacobianPoint(), new JacobianPoint()];
const aliasScratch = new JacobianPoint();
const batchIn: JacobianPoint[] = [];
const batchOut: JacobianPoint[] = [];
const pairScalars: ModNScalar[] = [new ModNScalar(), new ModNScalar()];

const ALT_BASE = (() => {
  const h = '0250929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0';
  const b = new Uint8Array(33);
  for (let i = 0; i < 33; i++) b[i] = parseInt(h.slice(2 * i, 2 * i + 2), 16);
  return b;
})();

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

/** Sets out = int_BE(h) mod n for a 64-byte h: hi·(2^256 mod n) + lo. `out` must not be wideHi / wideLo. */
function reduceWide(h: Uint8Array, out: ModNScalar): void {
  wideHi.setBytesReduced(h.subarray(0, 32));
  wideLo.setBytesReduced(h.subarray(32, 64));
  out.mul(wideHi, R256).add(out, wideLo);
}

function sha3Free512(seed: Uint8Array): Uint8Array {
  // SHA3-512 as a PRF for the nonce (any strong hash works; Go uses AES-CTR over SHA-512).
  return sha3_512(seed);
}

/** Returns the minimal DER INTEGER body of a scalar (leading 0x00 when the top bit is set). */
function derInt(v: ModNScalar): Uint8Array {
  const b = v.bytes();
  let i = 0;
  while (i < 31 && b[i] === 0) i++;
  const pad = b[i]! >= 0x80 ? 1 : 0;
  const out = new Uint8Array(2 + pad + 32 - i);
  out[0] = 0x02;
  out[1] = pad + 32 - i;
  out.set(b.subarray(i), 2 + pad);
  return out;
}

/** Returns DER SEQUENCE { INTEGER r, INTEGER s }. */
function derSignature(r: ModNScalar, s: ModNScalar): Uint8Array {
  const ri = derInt(r);
  const si = derInt(s);
  const out = new Uint8Array(2 + ri.length + si.length);
  out[0] = 0x30;
  out[1] = ri.length + si.length;
  out.set(ri, 2);
  out.set(si, 2 + ri.length);
  return out;
}

/**
 * Parses a strict DER ECDSA signature as Go's cryptobyte does and returns
 * (r, s) with 1 ≤ r, s < n, or null. Lengths must be minimal (all lengths
 * here are < 128, so short form), integers minimal and positive, and nothing
 * may follow either the integers or the sequence.
 */
function parseDer(sig: Uint8Array): [ModNScalar, ModNScalar] | null {
  if (sig.length < 2 || sig[0] !== 0x30) return null;
  const len = sig[1]!;
  if (len >= 0x80 || len !== sig.length - 2) return null;
  let o = 2;
  const out: ModNScalar[] = [];
  for (let k = 0; k < 2; k++) {
    if (o + 2 > sig.length || sig[o] !== 0x02) return null;
    const n = sig[o + 1]!;
    if (n >= 0x80 || n === 0 || o + 2 + n > sig.length) return null;
    const body = sig.subarray(o + 2, o + 2 + n);
    if (body[0]! >= 0x80) return null; // negative
    if (n > 1 && body[0] === 0 && body[1]! < 0x80) return null; // non-minimal
    let start = 0;
    while (start < n && body[start] === 0) start++;
    if (n - start > 32) return null; // ≥ 2^256 > n
    const b = new Uint8Array(32);
    b.set(body.subarray(start), 32 - (n - start));
    const v = new ModNScalar();
    if (v.setBytesReduced(b) || v.isZero()) return null; // ≥ n, or zero
    out.push(v);
    o += 2 + n;
  }
  if (o !== sig.length) return null;
  return [out[0]!, out[1]!];
}

/** Returns a go-dleq secp256k1 curve with the given hash rule. */
export function createSecp256k1Curve(options: Secp256k1CurveOptions = {}): Secp256k1Curve {
  return new Secp256k1Curve(options);
}

/** go-dleq's secp256k1 curve as its default (decred) backend defines it. */
export const secp256k1: Secp256k1Curve = createSecp256k1Curve();

/** go-dleq's secp256k1 curve under the ethereum_secp256k1 backend's hash rule (no left-alignment). */
export const secp256k1Reduced: Secp256k1Curve = createSecp256k1Curve({ hashToScalarRule: 'reduced' });
