/**
 * noble-curves wrapped in @strata/group's `Curve` interface: the test oracle
 * of the group, dleq and ring tests and the noble row of the benchmarks.
 *
 * `nobleSecp256k1` and `nobleEd25519` behave exactly as go-dleq's curves
 * (encodings, hash-to-scalar under both Go rules, with BigInt arithmetic
 * written independently of @strata/group's), but every group and scalar
 * operation runs on noble-curves' points and BigInt scalars. The benchmarks
 * time the same Strata DLEq / ring code over this backend and over Strata's
 * own curves.
 *
 * It implements only the required members plus `doubleScalarMultNonConst`,
 * `doubleScalarMultBaseNonConst` (through noble's `multiplyUnsafe`), so the
 * comparison is "the same protocol code, a different group backend".
 *
 * `nobleSignatureScheme` is go-dleq's per-curve signature scheme (DER ECDSA
 * with high S accepted, go-dleq's ed25519 Schnorr) over noble's own ECDSA,
 * an oracle for @strata/dleq's schemes (same shape as `DleqSignatureScheme`).
 *
 * References:
 * - [GO-DLEQ] github.com/pokt-network/go-dleq (commit 488f42a): curve constants,
 *   hash-to-scalar, Sign/Verify.
 * - [NOBLE] github.com/paulmillr/noble-curves 2.4.0.
 * - [SEC1] SEC 1 v2, §2.3.3 (compressed points), §4.1 (ECDSA).
 * - [RFC8032] ed25519 encodings.
 */
import { secp256k1 as nobleSecp } from '@noble/curves/secp256k1.js';
import { ed25519 as nobleEd } from '@noble/curves/ed25519.js';
import { sha3_512 } from '@noble/hashes/sha3.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { StrataError, ErrorCode } from '@strata/field';
import { concatBytes } from '@strata/testkit';
import { defaultRandom, type Curve, type HashToScalarOptions, type HashToScalarRule, type Point, type PointLike, type PointTable, type RandomSource, type Scalar } from '@strata/group';

type NPoint = InstanceType<typeof nobleSecp.Point> | InstanceType<typeof nobleEd.Point>;


function beToBig(b: Uint8Array): bigint {
  let v = 0n;
  for (const x of b) v = (v << 8n) | BigInt(x);
  return v;
}
function leToBig(b: Uint8Array): bigint {
  let v = 0n;
  for (let i = b.length - 1; i >= 0; i--) v = (v << 8n) | BigInt(b[i]!);
  return v;
}
/** docs/api.md §7 for an output buffer: TypeError for a non-Uint8Array or a bad offset, ERR_BAD_LENGTH when too short. */
function room(what: string, out: unknown, offset: unknown, n: number): void {
  if (!(out instanceof Uint8Array)) throw new TypeError(`${what}: expected Uint8Array`);
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0) throw new TypeError(`${what}: expected a non-negative integer offset`);
  if (offset + n > out.length) throw new StrataError(ErrorCode.BAD_LENGTH, `${what}: expected at least ${offset + n} bytes, got ${out.length}`);
}
function bigToBytes(v: bigint, out: Uint8Array, offset: number, order: 'be' | 'le'): void {
  for (let i = 0; i < 32; i++) {
    const byte = Number(v & 0xffn);
    v >>= 8n;
    out[order === 'le' ? offset + i : offset + 31 - i] = byte;
  }
}

/** A scalar of a noble-backed curve: a BigInt in [0, order). */
class NobleScalar implements Scalar {
  constructor(readonly c: NobleCurve, public v: bigint) {}
  private chk(b: Scalar): NobleScalar {
    if (!(b instanceof NobleScalar) || b.c !== this.c) throw new TypeError(`${this.c.name} scalar: expected a scalar of the same curve`);
    return b;
  }
  private m(x: bigint): bigint {
    const r = x % this.c.order;
    return r < 0n ? r + this.c.order : r;
  }
  add(b: Scalar): Scalar { return new NobleScalar(this.c, this.m(this.v + this.chk(b).v)); }
  sub(b: Scalar): Scalar { return new NobleScalar(this.c, this.m(this.v - this.chk(b).v)); }
  negate(): Scalar { return new NobleScalar(this.c, this.m(-this.v)); }
  mul(b: Scalar): Scalar { return new NobleScalar(this.c, this.m(this.v * this.chk(b).v)); }
  invert(): Scalar { return new NobleScalar(this.c, this.v === 0n ? 0n : this.c.Fn.inv(this.v)); }
  clone(): Scalar { return new NobleScalar(this.c, this.v); }
  set(a: Scalar): this { this.v = this.chk(a).v; return this; }
  setAdd(a: Scalar, b: Scalar): this { this.v = this.m(this.chk(a).v + this.chk(b).v); return this; }
  setSub(a: Scalar, b: Scalar): this { this.v = this.m(this.chk(a).v - this.chk(b).v); return this; }
  setMul(a: Scalar, b: Scalar): this { this.v = this.m(this.chk(a).v * this.chk(b).v); return this; }
  setNegate(a: Scalar): this { this.v = this.m(-this.chk(a).v); return this; }
  setInvert(a: Scalar): this { const x = this.chk(a).v; this.v = x === 0n ? 0n : this.c.Fn.inv(x); return this; }
  toBytes(): Uint8Array { const o = new Uint8Array(32); bigToBytes(this.v, o, 0, this.c.scalarByteOrder); return o; }
  putBytes(out: Uint8Array, offset = 0): Uint8Array {
    room('scalar putBytes', out, offset, 32);
    bigToBytes(this.v, out, offset, this.c.scalarByteOrder);
    return out;
  }
  equals(b: Scalar): boolean { return this.v === this.chk(b).v; }
  isZero(): boolean { return this.v === 0n; }
}

/** A point of a noble-backed curve: wraps an (immutable) noble point. */
class NoblePoint implements Point {
  constructor(readonly c: NobleCurve, public p: NPoint) {}
  private chk(b: Point): NoblePoint {
    if (!(b instanceof NoblePoint) || b.c !== this.c) throw new TypeError(`${this.c.name} point: expected a point of the same curve`);
    return b;
  }
  add(b: Point): Point { return new NoblePoint(this.c, (this.p as any).add(this.chk(b).p)); }
  sub(b: Point): Point { return new NoblePoint(this.c, (this.p as any).subtract(this.chk(b).p)); }
  scalarMult(s: Scalar): Point { return this.c.scalarMult(s, this); }
  clone(): Point { return new NoblePoint(this.c, this.p); }
  set(a: Point): this { this.p = this.chk(a).p; return this; }
  setAdd(a: Point, b: Point): this { this.p = (this.chk(a).p as any).add(this.chk(b).p); return this; }
  setSub(a: Point, b: Point): this { this.p = (this.chk(a).p as any).subtract(this.chk(b).p); return this; }
  setNegate(a: Point): this { this.p = this.chk(a).p.negate(); return this; }
  setDouble(a: Point): this { this.p = this.chk(a).p.double(); return this; }
  toBytes(): Uint8Array {
    if (this.c.name === 'secp256k1' && this.p.is0()) {
      // Go (decred) encodes the point at infinity as 02 ‖ 0^32.
      const z = new Uint8Array(33);
      z[0] = 2;
      return z;
    }
    return this.c.name === 'secp256k1' ? (this.p as any).toBytes(true) : this.p.toBytes();
  }
  putBytes(out: Uint8Array, offset = 0): Uint8Array {
    const e = this.toBytes();
    room('point putBytes', out, offset, e.length);
    out.set(e, offset);
    return out;
  }
  isIdentity(): boolean { return this.p.is0(); }
  equals(b: Point): boolean { return (this.p as any).equals(this.chk(b).p); }
}

interface NobleSpec {
  name: 'secp256k1' | 'ed25519';
  bitSize: number;
  compressedPointSize: number;
  scalarByteOrder: 'be' | 'le';
  cofactor: number;
  randomScalarBytes: number;
  Point: any;
  alt: string;
}

/** A go-dleq-compatible `Curve` whose arithmetic is noble-curves'. */
class NobleCurve implements Curve {
  readonly name: 'secp256k1' | 'ed25519';
  readonly bitSize: number;
  readonly compressedPointSize: number;
  readonly scalarSize = 32;
  readonly scalarByteOrder: 'be' | 'le';
  readonly cofactor: number;
  readonly randomScalarBytes: number;
  readonly hashToScalarRule: HashToScalarRule | undefined;
  readonly order: bigint;
  readonly Fn: { inv(x: bigint): bigint };
  private readonly P: any;
  private readonly G: NPoint;
  private readonly H: NPoint;

  constructor(spec: NobleSpec) {
    this.name = spec.name;
    this.bitSize = spec.bitSize;
    this.compressedPointSize = spec.compressedPointSize;
    this.scalarByteOrder = spec.scalarByteOrder;
    this.cofactor = spec.cofactor;
    this.randomScalarBytes = spec.randomScalarBytes;
    this.hashToScalarRule = spec.name === 'secp256k1' ? 'decred' : undefined;
    this.P = spec.Point;
    this.order = spec.Point.Fn.ORDER;
    this.Fn = spec.Point.Fn;
    this.G = spec.Point.BASE;
    this.H = spec.Point.fromHex(spec.alt);
    this.H.assertValidity();
  }

  private s(x: Scalar): bigint {
    if (!(x instanceof NobleScalar) || x.c !== this) throw new TypeError(`${this.name}: expected a scalar of this curve`);
    return x.v;
  }
  private pt(x: Point): NPoint {
    if (!(x instanceof NoblePoint) || x.c !== this) throw new TypeError(`${this.name}: expected a point of this curve`);
    return x.p;
  }
  private like(x: PointLike): NPoint {
    return x instanceof NoblePoint ? this.pt(x) : this.pt((x as PointTable).point);
  }
  private outP(p: NPoint, out?: Point): Point {
    if (out === undefined) return new NoblePoint(this, p);
    if (!(out instanceof NoblePoint) || out.c !== this) throw new TypeError(`${this.name}: expected an out point of this curve`);
    out.p = p;
    return out;
  }
  private outS(v: bigint, out?: Scalar): Scalar {
    if (out === undefined) return new NobleScalar(this, v);
    if (!(out instanceof NobleScalar) || out.c !== this) throw new TypeError(`${this.name}: expected an out scalar of this curve`);
    out.v = v;
    return out;
  }
  private mulCT(k: bigint, P: NPoint): NPoint {
    // noble's constant-time multiply rejects 0; 0·P is the identity.
    return k === 0n ? this.P.ZERO : (P as any).multiply(k);
  }
  private mulVT(k: bigint, P: NPoint): NPoint {
    return (P as any).multiplyUnsafe(k);
  }

  basePoint(): Point { return new NoblePoint(this, this.G); }
  altBasePoint(): Point { return new NoblePoint(this, this.H); }
  identity(): Point { return new NoblePoint(this, this.P.ZERO); }
  zeroScalar(): Scalar { return new NobleScalar(this, 0n); }

  newRandomScalar(rand: RandomSource = defaultRandom, out?: Scalar): Scalar {
    const b = rand(this.randomScalarBytes);
    if (b.length !== this.randomScalarBytes) throw new RangeError(`random source: expected ${this.randomScalarBytes} bytes, got ${b.length}`);
    const v = (this.scalarByteOrder === 'be' ? beToBig(b) : leToBig(b)) % this.order;
    return this.outS(v, out);
  }
  scalarFromInt(n: number): Scalar {
    if (typeof n !== 'number') throw new TypeError(`scalarFromInt: expected a number, got ${typeof n}`);
    if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) throw new RangeError(`scalarFromInt: expected a uint32, got ${n}`);
    return new NobleScalar(this, BigInt(n));
  }
  scalarFromBytesLE(bytes: Uint8Array): Scalar {
    if (!(bytes instanceof Uint8Array)) throw new TypeError('scalarFromBytesLE: expected Uint8Array');
    if (bytes.length !== 32) throw new StrataError(ErrorCode.BAD_LENGTH, `scalarFromBytesLE: expected 32 bytes, got ${bytes.length}`);
    const v = leToBig(bytes);
    if (this.name === 'ed25519' && v >= this.order) {
      throw new StrataError(ErrorCode.NON_CANONICAL, 'ed25519 scalar: expected a value below the group order, got a larger one');
    }
    return new NobleScalar(this, v % this.order);
  }
  hashToScalar(data: Uint8Array, out?: Scalar, options?: HashToScalarOptions): Scalar {
    if (!(data instanceof Uint8Array)) throw new TypeError('hashToScalar: expected Uint8Array');
    const rule = options?.rule ?? 'decred';
    if (rule !== 'decred' && rule !== 'libsecp256k1') throw new TypeError(`hashToScalar: expected rule 'decred' or 'libsecp256k1', got ${String(rule)}`);
    const h = sha3_512(data);
    if (this.name === 'ed25519') return this.outS(leToBig(h) % this.order, out);
    const v = beToBig(h) % this.order;
    if (rule === 'libsecp256k1') return this.outS(v, out);
    let len = 0;
    for (let t = v; t > 0n; t >>= 8n) len++;
    const shifted = v << BigInt(8 * (32 - len));
    if (shifted >= this.order) {
      throw new StrataError(ErrorCode.OUT_OF_RANGE, 'secp256k1 hashToScalar: expected the left-aligned hash below n, got an overflow (Go panics here)');
    }
    return this.outS(len === 0 ? 0n : shifted, out);
  }
  hashToScalarIsAmbiguous(data: Uint8Array): boolean {
    if (this.name === 'ed25519') return false;
    const v = beToBig(sha3_512(data)) % this.order;
    return v !== 0n && v < 1n << 248n;
  }

  scalarBaseMult(s: Scalar, out?: Point): Point { return this.outP(this.mulCT(this.s(s), this.G), out); }
  scalarMult(s: Scalar, P: Point, out?: Point): Point { return this.outP(this.mulCT(this.s(s), this.pt(P)), out); }
  scalarBaseMultNonConst(s: Scalar, out?: Point): Point { return this.outP(this.mulVT(this.s(s), this.G), out); }
  scalarMultNonConst(s: Scalar, P: Point, out?: Point): Point { return this.outP(this.mulVT(this.s(s), this.pt(P)), out); }
  doubleScalarMultNonConst(a: Scalar, A: PointLike, b: Scalar, B: PointLike, out?: Point): Point {
    const r = (this.mulVT(this.s(a), this.like(A)) as any).add(this.mulVT(this.s(b), this.like(B)));
    return this.outP(r, out);
  }
  doubleScalarMultBaseNonConst(a: Scalar, A: PointLike, b: Scalar, out?: Point): Point {
    const r = (this.mulVT(this.s(a), this.like(A)) as any).add(this.mulVT(this.s(b), this.G));
    return this.outP(r, out);
  }

  /** @internal The noble point of a point of this curve (TypeError otherwise). */
  _noble(P: Point): NPoint {
    return this.pt(P);
  }
  /** @internal The BigInt of a scalar of this curve (TypeError otherwise). */
  _big(s: Scalar): bigint {
    return this.s(s);
  }

  pointFromBytes(bytes: Uint8Array, out?: Point): Point {
    if (!(bytes instanceof Uint8Array)) throw new TypeError('pointFromBytes: expected Uint8Array');
    if (bytes.length !== this.compressedPointSize) {
      throw new StrataError(ErrorCode.BAD_LENGTH, `${this.name} point: expected ${this.compressedPointSize} bytes, got ${bytes.length}`);
    }
    if (this.name === 'secp256k1' && bytes[0] !== 2 && bytes[0] !== 3) {
      throw new StrataError(ErrorCode.BAD_FORMAT, `secp256k1 point: expected prefix 02 or 03, got ${bytes[0]}`);
    }
    let p: NPoint;
    try {
      p = this.name === 'secp256k1' ? this.P.fromBytes(bytes.slice()) : this.P.fromBytes(bytes.slice(), true);
    } catch (e) {
      throw new StrataError(ErrorCode.POINT_NOT_ON_CURVE, `${this.name} point: expected a valid encoding, got ${String((e as Error).message)}`);
    }
    return this.outP(p, out);
  }
  tryPointFromBytes(bytes: Uint8Array, out?: Point): Point | null {
    if (!(bytes instanceof Uint8Array)) throw new TypeError('tryPointFromBytes: expected Uint8Array');
    try {
      return this.pointFromBytes(bytes, out);
    } catch {
      return null;
    }
  }
  scalarFromBytes(bytes: Uint8Array, out?: Scalar): Scalar {
    if (!(bytes instanceof Uint8Array)) throw new TypeError('scalarFromBytes: expected Uint8Array');
    if (bytes.length !== 32) throw new StrataError(ErrorCode.BAD_LENGTH, `${this.name} scalar: expected 32 bytes, got ${bytes.length}`);
    const v = this.scalarByteOrder === 'be' ? beToBig(bytes) : leToBig(bytes);
    if (this.name === 'ed25519' && v >= this.order) {
      throw new StrataError(ErrorCode.NON_CANONICAL, 'ed25519 scalar: expected a value below the group order, got a larger one');
    }
    return this.outS(v % this.order, out);
  }
}

/** go-dleq's secp256k1 curve (decred backend rules) over noble-curves. */
export const nobleSecp256k1: Curve = new NobleCurve({
  name: 'secp256k1',
  bitSize: 255,
  compressedPointSize: 33,
  scalarByteOrder: 'be',
  cofactor: 1,
  randomScalarBytes: 32,
  Point: nobleSecp.Point,
  alt: '0250929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0',
});

/** go-dleq's ed25519 curve over noble-curves. */
export const nobleEd25519: Curve = new NobleCurve({
  name: 'ed25519',
  bitSize: 252,
  compressedPointSize: 32,
  scalarByteOrder: 'le',
  cofactor: 8,
  randomScalarBytes: 64,
  Point: nobleEd.Point,
  alt: '8b655970153799af2aeadc9ff1add0ea6c7251d54154cfa92c173a0dd39c1f94',
});

/** Returns `c` as a noble-backed curve; TypeError for any other curve. */
function nobleOf(c: Curve): NobleCurve {
  if (!(c instanceof NobleCurve)) throw new TypeError('nobleSignatureScheme: expected a noble-backed curve (nobleSecp256k1, nobleEd25519)');
  return c;
}

/** Returns whether `c` is one of this module's noble-backed curves. */
export function isNobleCurve(c: unknown): c is Curve {
  return c instanceof NobleCurve;
}

/**
 * go-dleq's per-curve signature schemes computed with noble-curves (ECDSA
 * over noble's DER signer with high S kept; go-dleq's ed25519 Schnorr with
 * its key-only nonce, lenient on signature length as Go): the oracle of
 * @strata/dleq's `ecdsaSignatureScheme` / `ed25519SignatureScheme`. Same
 * shape as dleq's `DleqSignatureScheme`; only for `nobleSecp256k1` and
 * `nobleEd25519`.
 */
export const nobleSignatureScheme = Object.freeze({
  name: 'noble',
  sign(curve: Curve, s: Scalar, P: Point, rand: RandomSource = defaultRandom): Uint8Array {
    const c = nobleOf(curve);
    const x = c._big(s);
    const msg = new NoblePoint(c, c._noble(P)).toBytes();
    if (c.name === 'secp256k1') {
      const sk = new Uint8Array(32);
      bigToBytes(x, sk, 0, 'be');
      return nobleSecp.sign(sha256(msg), sk, { prehash: false, lowS: false, format: 'der', extraEntropy: rand(32) });
    }
    // go-dleq ed25519: r = SHA-512(x_LE) mod l, R = rB, A = xB, k = SHA-512(R‖A‖msg) mod l, S = r + kx.
    const xLE = new Uint8Array(32);
    bigToBytes(x, xLE, 0, 'le');
    const r = leToBig(sha512(xLE)) % c.order;
    const R = (nobleEd.Point.BASE.multiply(r) as any).toBytes();
    const A = (x === 0n ? nobleEd.Point.ZERO : nobleEd.Point.BASE.multiply(x)).toBytes();
    const k = leToBig(sha512(concatBytes(R, A, msg))) % c.order;
    const sig = new Uint8Array(64);
    sig.set(R, 0);
    bigToBytes((r + k * x) % c.order, sig, 32, 'le');
    return sig;
  },
  verify(curve: Curve, pubkey: Point, msgPoint: Point, sig: Uint8Array): boolean {
    const c = nobleOf(curve);
    const A = c._noble(pubkey);
    const msg = new NoblePoint(c, c._noble(msgPoint)).toBytes();
    if (!(sig instanceof Uint8Array)) throw new TypeError('verify: expected a Uint8Array signature');
    try {
      if (c.name === 'secp256k1') {
        if (A.is0()) return false;
        return nobleSecp.verify(sig, sha256(msg), (A as any).toBytes(true), { prehash: false, lowS: false, format: 'der' });
      }
      if (sig.length < 32) return false;
      const S = new Uint8Array(32);
      S.set(sig.subarray(32, Math.min(64, sig.length)));
      const sv = leToBig(S);
      if (sv >= c.order) return false;
      const R = nobleEd.Point.fromBytes(sig.slice(0, 32), true);
      const k = leToBig(sha512(concatBytes(sig.subarray(0, 32), A.toBytes(), msg))) % c.order;
      const G = nobleEd.Point.BASE;
      const lhs = (G.multiplyUnsafe(sv) as any).subtract((A as any).multiplyUnsafe(k));
      return lhs.equals(R);
    } catch {
      return false;
    }
  },
});
