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
 * - `scalarFromBytes`: the same (Go panics where Strata throws);
 * - `newRandomScalar`: 64 random bytes, little-endian, mod ℓ;
 * - `hashToScalar`: SHA3-512(data) as a 64-byte little-endian integer mod ℓ;
 * - `sign`: go-dleq's Schnorr with a raw-scalar key: r = SHA-512(x_LE) mod ℓ,
 *   R = r·B, A = x·B, k = SHA-512(Enc(R) ‖ Enc(A) ‖ Enc(P)) mod ℓ,
 *   S = r + k·x, signature Enc(R) ‖ S_LE (deterministic);
 * - `verify`: exactly 64 bytes R ‖ S, any other length → false (a
 *   deliberate divergence: Go panics below 32 bytes, zero-pads S for 32–63
 *   bytes and ignores bytes past 64, so it accepts a valid signature with
 *   bytes appended, or with its last byte dropped when S[31] = 0; Go's Sign
 *   only makes 64-byte signatures); S must be canonical; R decoded
 *   leniently; accept iff [S]B − [k]A = R exactly.
 *
 * Secret handling: `scalarMul`, `scalarBaseMul`, `scalarMulTable` and `sign`
 * use the curves' constant-time `scalarMult` / `scalarBaseMult` /
 * `scalarMultTable`; point addition is the complete extended-coordinates
 * formula (no data-dependent branches).
 *
 * References:
 * - [RFC8032] §5.1.2–5.1.3 (encoding), §5.1.6–5.1.7 (the Schnorr shape).
 * - [ZIP-215] the decoding rules filippo's SetBytes shares.
 * - [GO-DLEQ] github.com/pokt-network/go-dleq @ 488f42a, ed25519/ed25519.go.
 * - [MONERO] Monero's second generator H (the alternate base point).
 */
import { sha512 } from '@noble/hashes/sha2.js';

/** a = b for two byte strings of public data (variable time). */
function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
import { ed25519 as E } from '@strata/curves';
import { ErrorCode, Fe25519, Scalar25519, StrataError, describe } from '@strata/field';
import { sha3_512Memo } from './hash.js';
import type { Curve, Point, PointLike, PointTable, PrecomputeOptions, RandomSource, Scalar } from './types.js';

type EPoint = InstanceType<typeof E.Point>;
type ETable = InstanceType<typeof E.PointTable>;
type ESecretTable = InstanceType<typeof E.SecretPointTable>;

function defaultRandom(n: number): Uint8Array {
  const b = new Uint8Array(n);
  crypto.getRandomValues(b);
  return b;
}

/** A scalar mod ℓ (wraps a `Scalar25519`). */
export class Ed25519Scalar implements Scalar {
  /** The value, canonical. */
  readonly k: Scalar25519;
  /** Creates the scalar 0. */
  constructor(k?: Scalar25519) {
    this.k = k ?? new Scalar25519();
  }
  private of(b: Scalar): Scalar25519 {
    if (!(b instanceof Ed25519Scalar)) throw new TypeError(`ed25519 scalar: expected an ed25519 scalar, got ${describe(b)}`);
    return b.k;
  }
  /** Returns a new scalar this + b. */
  add(b: Scalar): Scalar {
    return new Ed25519Scalar(new Scalar25519().add(this.k, this.of(b)));
  }
  /** Returns a new scalar this − b. */
  sub(b: Scalar): Scalar {
    return new Ed25519Scalar(new Scalar25519().sub(this.k, this.of(b)));
  }
  /** Returns a new scalar −this. */
  negate(): Scalar {
    return new Ed25519Scalar(new Scalar25519().negate(this.k));
  }
  /** Returns a new scalar this · b. */
  mul(b: Scalar): Scalar {
    return new Ed25519Scalar(new Scalar25519().mul(this.k, this.of(b)));
  }
  /** Returns a new scalar this⁻¹ (0 for 0). */
  inverse(): Scalar {
    return new Ed25519Scalar(new Scalar25519().invert(this.k));
  }
  /** Returns a new scalar equal to this. */
  copy(): Ed25519Scalar {
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
  setInverse(a: Scalar): this {
    this.k.invert(this.of(a));
    return this;
  }
  /** Returns the 32-byte little-endian encoding. */
  encode(): Uint8Array {
    return this.k.bytes();
  }
  /** Writes the 32-byte little-endian encoding at out[offset] and returns out. */
  encodeInto(out: Uint8Array, offset = 0): Uint8Array {
    if (!(out instanceof Uint8Array)) throw new TypeError(`ed25519 scalar encodeInto: expected Uint8Array, got ${describe(out)}`);
    if (!Number.isInteger(offset) || offset < 0 || out.length < offset + 32) {
      throw new RangeError(`ed25519 scalar encodeInto: expected room for 32 bytes at offset ${offset}, got ${out.length} bytes`);
    }
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
export class Ed25519Point implements Point {
  /** The extended-coordinates representative. */
  readonly p: EPoint;
  /** Creates the identity. */
  constructor(p?: EPoint) {
    this.p = p ?? new E.Point();
  }
  private of(b: Point): EPoint {
    if (!(b instanceof Ed25519Point)) throw new TypeError(`ed25519 point: expected an ed25519 point, got ${describe(b)}`);
    return b.p;
  }
  /** Returns a new point this + b. */
  add(b: Point): Point {
    return new Ed25519Point(new E.Point().add(this.p, this.of(b)));
  }
  /** Returns a new point this − b. */
  sub(b: Point): Point {
    return new Ed25519Point(new E.Point().sub(this.p, this.of(b)));
  }
  /** Returns a new point s·this (constant-time in s). */
  scalarMul(s: Scalar): Point {
    return ed25519.scalarMul(s, this);
  }
  /** Returns a new point equal to this. */
  copy(): Ed25519Point {
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
  encode(): Uint8Array {
    return this.p.toBytes();
  }
  /** Writes the 32-byte encoding at out[offset] and returns out. */
  encodeInto(out: Uint8Array, offset = 0): Uint8Array {
    if (!(out instanceof Uint8Array)) throw new TypeError(`ed25519 point encodeInto: expected Uint8Array, got ${describe(out)}`);
    if (!Number.isInteger(offset) || offset < 0 || out.length < offset + 32) {
      throw new RangeError(`ed25519 point encodeInto: expected room for 32 bytes at offset ${offset}, got ${out.length} bytes`);
    }
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
 * pieced variable-time table (`E.PointTable`: affine odd multiples of
 * 2^(b·j)·P, so double-scalar multiplications run a short shared doubling
 * chain) and, built on the first constant-time use, the curves'
 * constant-time comb table for secret scalars (`E.precompute`, a
 * `SecretPointTable`).
 */
export class Ed25519PointTable implements PointTable {
  /** The point the table is for. */
  readonly point: Ed25519Point;
  /** The curves' variable-time table (width and pieces from the options; defaults `E.TABLE_WIDTH`, `E.TABLE_PIECES`). */
  readonly table: ETable;
  private secret: ESecretTable | undefined;
  /**
   * Builds the variable-time table of `point` (a copy is kept) with the
   * width and piece count of `options` (2…8 and 1…8; defaults width
   * `E.TABLE_WIDTH` = 5, `E.TABLE_PIECES` = 8 pieces, 23 KB). Throws
   * RangeError for a width or piece count out of range, TypeError for
   * non-object options or a non-number width / piece count.
   */
  constructor(point: Ed25519Point, options?: PrecomputeOptions) {
    this.point = point.copy();
    this.table = E.precomputeNonConst(this.point.p, options);
  }

  /**
   * Returns the curves' constant-time comb table of the point (built once on
   * first use: 264 affine Niels multiples (j + 1)·256^i·P, one batch
   * inversion, about 1–3 ms; 95 KB).
   */
  secretTable(): ESecretTable {
    this.secret ??= E.precompute(this.point.p);
    return this.secret;
  }

  /**
   * Returns {@link secretTable}. Kept for callers of the former dleq-local
   * comb; the table is now the curves' `SecretPointTable` (multiply with
   * `E.scalarMultTable(k, table, out)`).
   * @deprecated Use {@link secretTable}.
   */
  comb(): ESecretTable {
    return this.secretTable();
  }
}

// Module scratch.
const tmpScalar = new Scalar25519();
const prefixZ: Fe25519[] = [];
const feAcc = new Fe25519();
const feZi = new Fe25519();
const feX = new Fe25519();
const feY = new Fe25519();

/** go-dleq's ed25519 `Curve` over @strata/curves. */
export class Ed25519Curve implements Curve {
  readonly name = 'ed25519';
  readonly bitSize = 252;
  readonly compressedPointSize = 32;
  readonly scalarSize = 32;
  readonly scalarByteOrder = 'le' as const;
  readonly cofactor = 8;
  readonly randomScalarBytes = 64;
  private readonly G: Ed25519Point = new Ed25519Point(E.Point.base());
  private readonly H: Ed25519Point = new Ed25519Point(E.Point.fromBytes(ALT_BASE));

  private s(x: Scalar): Scalar25519 {
    if (!(x instanceof Ed25519Scalar)) throw new TypeError(`ed25519: expected an ed25519 scalar, got ${describe(x)}`);
    return x.k;
  }
  private pt(x: Point): EPoint {
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
    return this.G.copy();
  }
  /** Returns a copy of Monero's H. */
  altBasePoint(): Point {
    return this.H.copy();
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
  scalarFromBytes(bytes: Uint8Array): Scalar {
    return this.decodeScalar(bytes);
  }
  /** Returns SHA3-512(data) as a little-endian integer mod ℓ. */
  hashToScalar(data: Uint8Array, out?: Scalar): Scalar {
    if (!(data instanceof Uint8Array)) throw new TypeError(`ed25519 hashToScalar: expected Uint8Array, got ${describe(data)}`);
    const r = this.outScalar(out);
    r.k.setWideBytes(sha3_512Memo(data));
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
  scalarBaseMul(s: Scalar, out?: Point): Point {
    const k = this.s(s);
    const r = this.outPoint(out);
    E.scalarBaseMult(k, r.p);
    return r;
  }
  /** Returns s·P (constant-time). */
  scalarMul(s: Scalar, P: Point, out?: Point): Point {
    const k = this.s(s);
    const p = this.pt(P);
    const r = this.outPoint(out);
    E.scalarMult(k, p, r.p);
    return r;
  }
  /** Returns s·B (variable-time). */
  scalarBaseMulNonConst(s: Scalar, out?: Point): Point {
    const k = this.s(s);
    const r = this.outPoint(out);
    E.scalarBaseMultNonConst(k, r.p);
    return r;
  }
  /** Returns s·P (variable-time). */
  scalarMulNonConst(s: Scalar, P: Point, out?: Point): Point {
    const k = this.s(s);
    const p = this.pt(P);
    const r = this.outPoint(out);
    E.scalarMultNonConst(k, p, r.p);
    return r;
  }

  /**
   * Returns a cached pieced table of P (see {@link Ed25519PointTable}):
   * `options.width` (2…8) and `options.pieces` (1…8) are honoured. Throws
   * RangeError for values out of range, TypeError for non-object options or
   * non-number values.
   */
  precompute(P: Point, options?: PrecomputeOptions): PointTable {
    this.pt(P);
    return new Ed25519PointTable(P as Ed25519Point, options);
  }
  /** Returns s·T.point (constant-time: the curves' `scalarMultTable` over the table's comb). */
  scalarMulTable(s: Scalar, T: PointTable, out?: Point): Point {
    const k = this.s(s);
    const t = this.tableOf(T);
    const r = this.outPoint(out);
    E.scalarMultTable(k, t.secretTable(), r.p);
    return r;
  }
  /** Returns s·T.point from the cached table (variable-time). */
  scalarMulTableNonConst(s: Scalar, T: PointTable, out?: Point): Point {
    const k = this.s(s);
    const r = this.outPoint(out);
    E.scalarMultNonConst(k, this.tableOf(T).table, r.p);
    return r;
  }
  /** Returns a·A + b·B (variable-time; the curves' Straus over pieced tables when A and B are tables). */
  doubleScalarMulNonConst(a: Scalar, A: PointLike, b: Scalar, B: PointLike, out?: Point): Point {
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
  /** Returns s·B + c·P (variable-time). */
  baseAndPointMulNonConst(s: Scalar, c: Scalar, P: PointLike, out?: Point): Point {
    const sk = this.s(s);
    const ck = this.s(c);
    const r = this.outPoint(out);
    E.doubleScalarMultBaseNonConst(ck, this.wnafOrPoint(P), sk, r.p);
    return r;
  }
  /** Returns Σ scalars[i]·points[i] (variable-time). */
  msmNonConst(scalars: readonly Scalar[], points: readonly PointLike[], out?: Point): Point {
    if (scalars.length !== points.length) {
      throw new RangeError(`msmNonConst: expected as many points as scalars (${scalars.length}), got ${points.length}`);
    }
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
  private pointOf(P: PointLike): EPoint {
    if (P instanceof Ed25519PointTable) return P.point.p;
    return this.pt(P as Point);
  }
  private wnafOrPoint(P: PointLike): EPoint | ETable {
    if (P instanceof Ed25519PointTable) return P.table;
    return this.pt(P as Point);
  }
  private isBase(P: PointLike): boolean {
    const p = P instanceof Ed25519PointTable ? P.point : P;
    return p === this.G;
  }

  /**
   * go-dleq's deterministic Schnorr signature of Enc(P) by the raw scalar s
   * (64 bytes R ‖ S): r = SHA-512(LE(s)) mod ℓ, R = r·G, S = H(R ‖ A ‖ Enc(P))·s + r.
   *
   * Go derives the nonce from the key alone, which is safe only because go-dleq
   * signs exactly one message per key: the public key itself (P = s·G). Two
   * different messages under one nonce give the key away (S₁ − S₂ = (k₁ − k₂)·s).
   * Strata keeps Go's nonce, byte for byte, for that message, and for any other
   * P binds the message into the nonce, r = SHA-512(LE(s) ‖ Enc(P)) mod ℓ, so
   * no two messages share a nonce (a deliberate divergence: Go's signatures of
   * P ≠ s·G do not reproduce, and nothing in go-dleq makes them).
   */
  sign(s: Scalar, P: Point, _rand?: RandomSource): Uint8Array {
    const x = this.s(s);
    const msg = this.pointBytes(P);
    const A = E.scalarBaseMult(x, new E.Point()).toBytes();
    const xLE = x.bytes();
    let nonceInput = xLE;
    if (!bytesEqual(A, msg)) {
      nonceInput = new Uint8Array(64);
      nonceInput.set(xLE, 0);
      nonceInput.set(msg, 32);
    }
    const r = new Scalar25519().setWideBytes(sha512(nonceInput));
    xLE.fill(0);
    nonceInput.fill(0);
    const sig = new Uint8Array(64);
    const R = E.scalarBaseMult(r, new E.Point());
    R.putBytes(sig, 0);
    const h = new Uint8Array(96);
    h.set(sig.subarray(0, 32), 0);
    h.set(A, 32);
    h.set(msg, 64);
    const k = new Scalar25519().setWideBytes(sha512(h));
    new Scalar25519().mulAdd(k, x, r).putBytes(sig, 32); // S = k·x + r
    r.setZero();
    return sig;
  }

  /**
   * go-dleq's ed25519 Verify(pubkey, msgPoint, sig), except that `sig` must
   * be exactly 64 bytes (Go reads R from sig[0:32] and S from sig[32:64],
   * zero-padding a short S and ignoring extra bytes; Strata returns false for
   * any length other than 64, see the README). Never throws on bad bytes;
   * TypeError for a non-Uint8Array `sig` or points of another curve.
   */
  verify(pubkey: Point, msgPoint: Point, sig: Uint8Array): boolean {
    const A = this.pt(pubkey);
    const msg = this.pointBytes(msgPoint);
    if (!(sig instanceof Uint8Array)) throw new TypeError(`ed25519 verify: expected a Uint8Array signature, got ${describe(sig)}`);
    if (sig.length !== 64) return false;
    const S = new Scalar25519();
    if (!S.trySetBytes(sig, 32)) return false;
    const R = E.Point.tryFromBytes(sig.subarray(0, 32));
    if (R === null) return false;
    const h = new Uint8Array(96);
    h.set(sig.subarray(0, 32), 0);
    A.putBytes(h, 32);
    h.set(msg, 64);
    const k = tmpScalar.setWideBytes(sha512(h)).negate(tmpScalar);
    // [S]B − [k]A = (−k)·A + S·B
    const lhs = E.doubleScalarMultBaseNonConst(k, A, S, new E.Point());
    return lhs.equals(R);
  }

  private pointBytes(P: Point): Uint8Array {
    return this.pt(P).toBytes();
  }

  /**
   * Writes the encodings of `points` back to back, sharing one inversion
   * (Montgomery's trick over the Z coordinates: 3(m−1) M + 1 I, then 2M per
   * point for x, y).
   */
  encodeMany(points: readonly Point[], out: Uint8Array, offset = 0): Uint8Array {
    const m = points.length;
    if (!(out instanceof Uint8Array)) throw new TypeError(`ed25519 encodeMany: expected Uint8Array, got ${describe(out)}`);
    if (!Number.isInteger(offset)) throw new TypeError(`ed25519 encodeMany: expected an integer offset, got ${describeOffset(offset)}`);
    if (offset < 0 || out.length < offset + 32 * m) {
      throw new RangeError(`ed25519 encodeMany: expected room for ${32 * m} bytes at offset ${offset}, got ${out.length}`);
    }
    while (prefixZ.length < m) prefixZ.push(new Fe25519());
    const acc = feAcc.setOne();
    for (let i = 0; i < m; i++) {
      prefixZ[i]!.set(acc); // Z_0⋯Z_(i−1)
      acc.mul(acc, this.pt(points[i]!).Z);
    }
    acc.invert(acc); // (Z_0⋯Z_(m−1))⁻¹
    for (let i = m - 1; i >= 0; i--) {
      const p = this.pt(points[i]!);
      const zi = feZi.mul(acc, prefixZ[i]!); // 1/Z_i
      acc.mul(acc, p.Z); // (Z_0⋯Z_(i−1))⁻¹
      const o = offset + 32 * i;
      feY.mul(p.Y, zi).putBytes(out, o);
      if (feX.mul(p.X, zi).isNegative()) out[o + 31] = out[o + 31]! | 0x80;
    }
    return out;
  }

  /** Decodes 32 bytes as filippo edwards25519 v1.0.0 SetBytes does; copies the input. */
  decodePoint(bytes: Uint8Array, out?: Point): Point {
    if (!(bytes instanceof Uint8Array)) throw new TypeError(`ed25519 point: expected Uint8Array, got ${describe(bytes)}`);
    if (bytes.length !== 32) throw new StrataError(ErrorCode.BAD_LENGTH, `ed25519 point: expected 32 bytes, got ${bytes.length}`);
    const r = this.outPoint(out);
    if (!r.p.trySetBytes(bytes, true, 0)) {
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
  /** Like `decodePoint`, or null for bad bytes. */
  tryDecodePoint(bytes: Uint8Array, out?: Point): Point | null {
    if (!(bytes instanceof Uint8Array)) throw new TypeError(`ed25519 tryDecodePoint: expected Uint8Array, got ${describe(bytes)}`);
    if (bytes.length !== 32) return null;
    const r = out === undefined ? new Ed25519Point() : this.outPoint(out);
    if (out === undefined) return r.p.trySetBytes(bytes, true, 0) ? r : null;
    // Keep `out` unchanged on failure.
    const t = new E.Point();
    if (!t.trySetBytes(bytes, true, 0)) return null;
    r.p.set(t);
    return r;
  }
  /** Decodes 32 little-endian canonical bytes (ERR_NON_CANONICAL if ≥ ℓ); copies the input. */
  decodeScalar(bytes: Uint8Array, out?: Scalar): Scalar {
    if (!(bytes instanceof Uint8Array)) throw new TypeError(`ed25519 scalar: expected Uint8Array, got ${describe(bytes)}`);
    if (bytes.length !== 32) throw new StrataError(ErrorCode.BAD_LENGTH, `ed25519 scalar: expected 32 bytes, got ${bytes.length}`);
    const r = this.outScalar(out);
    if (!r.k.trySetBytes(bytes, 0)) {
      throw new StrataError(ErrorCode.NON_CANONICAL, 'ed25519 scalar: expected a little-endian value below ℓ, got one ≥ ℓ');
    }
    return r;
  }
}

/** Names a wrong-typed offset in a TypeError message (its value when it is a number). */
function describeOffset(v: unknown): string {
  return typeof v === 'number' ? `number ${String(v)}` : describe(v);
}

const ALT_BASE = (() => {
  const h = '8b655970153799af2aeadc9ff1add0ea6c7251d54154cfa92c173a0dd39c1f94';
  const b = new Uint8Array(32);
  for (let i = 0; i < 32; i++) b[i] = parseInt(h.slice(2 * i, 2 * i + 2), 16);
  return b;
})();

/** go-dleq's ed25519 curve. */
export const ed25519: Ed25519Curve = new Ed25519Curve();
