/**
 * The ring signature object: verification, linking, and ring-go's byte
 * layout.
 *
 * Layout (ring-go `Serialize`), PL = compressed point size (33 / 32):
 *
 *   u32_be(n) ‖ c_0 (32) ‖ I (PL) ‖ for i = 0 … n−1: s_i (32) ‖ P_i (PL)
 *
 * 69 + 65·n bytes on secp256k1, 68 + 64·n on ed25519. c_0 is the challenge
 * entering member 0 (not the signer's). Scalars are the curve's 32-byte
 * encoding (big-endian on secp256k1, little-endian on ed25519); points are
 * Go `Encode()` (SEC1 compressed / RFC 8032).
 *
 * Verification: c ← c_0; for i = 0 … n−1: L_i = s_i·G + c·P_i,
 * R_i = s_i·H_p(P_i) + c·I, c ← H_s(m ‖ Enc(L_i) ‖ Enc(R_i)); valid iff the
 * final c equals c_0. Each member costs two double-scalar multiplications
 * (shared doublings inside each), with the ring's cached tables of P_i and
 * H_p(P_i) and a per-signature table of I.
 *
 * Go behaviour kept by default (and how `strict` differs):
 * - trailing bytes after the last member are ignored (strict: rejected);
 * - size-1 rings deserialise and verify normally (strict: rejected);
 * - duplicate keys inside a deserialised ring are accepted (strict: rejected);
 * - secp256k1 scalars ≥ n are reduced silently, ed25519 points with a
 *   non-canonical y are accepted; re-serialising writes the canonical form
 *   (strict: non-canonical encodings rejected);
 * - where Go panics — input under 4 bytes (Deserialize) or a size-0 ring
 *   (Verify) — `deserialize` throws StrataError instead.
 * A size field claiming more members than the input holds is rejected
 * before anything is allocated for it, and so is one above `maxRingSize`
 * (default 1024; Go has no limit).
 *
 * Subgroup policy (a deliberate divergence from Go, which checks nothing;
 * see the README's *Security* section): a ring key or key image of small
 * order (the identity included) is always rejected; on ed25519 one with a
 * torsion component is rejected unless `allowTorsion`. No honest signer
 * produces either: keys are x·G and key images x·H_p(P) with H_p(P) a
 * multiple of the cofactor.
 *
 * References:
 * - [RING-GO] github.com/pokt-network/ring-go @ 782cc69, ring.go (Verify, Link),
 *   serde.go (Serialize, Deserialize).
 * - [ZtM] "Zero to Monero" 2.0, §3.4 (bLSAG verification, linkability).
 */
import { ErrorCode, StrataError, describe } from '@strata/field';
import { doubleScalarMultBaseNonConst, doubleScalarMultNonConst } from '@strata/group';
import type { Curve, HashToScalarOptions, HashToScalarRule, Point, PointLike, Scalar } from '@strata/group';
import { mulByCofactorNonConst } from './hash.js';
import {
  expectHashToScalarRule,
  hashRuleOptions,
  DEFAULT_MAX_RING_SIZE,
  MAX_U32,
  bytesKey,
  checkSubgroup,
  encodeGoInto,
  encodePairGoInto,
  expectBooleanOption,
  expectCurve,
  expectIntegerOption,
  expectOptions,
  hexKey,
} from './internal.js';
import { Ring, RingCache, ringMembers } from './ring.js';

/** Options of `RingSignature.verify`. */
export interface VerifyOptions {
  /**
   * The Go hash-to-scalar rule: 'decred' (ring-go's default build) or
   * 'libsecp256k1' (ring-go built with `ethereum_secp256k1`); default: the
   * curve's own ('decred' for `secp256k1`).
   */
  readonly hashToScalarRule?: HashToScalarRule;
  /**
   * The most members a signature may have to be checked at all (default
   * {@link DEFAULT_MAX_RING_SIZE}, 1024): a larger one returns false
   * without any work. An integer in [1, 2^32 − 1]; TypeError otherwise.
   */
  readonly maxRingSize?: number;
}

/** Options of `RingSignature.deserialize`. */
export interface DeserializeOptions {
  /**
   * Reject what Go merely tolerates: trailing bytes, rings of fewer than two
   * members, duplicate keys, non-canonical scalar or point encodings
   * (default false).
   */
  readonly strict?: boolean;
  /**
   * A cache of rings keyed by their key bytes: a signature over a ring seen
   * before reuses that ring object (no key decoding, warm hashes and tables).
   */
  readonly cache?: RingCache;
  /**
   * The most members accepted (default {@link DEFAULT_MAX_RING_SIZE},
   * 1024): a size field above it throws StrataError `ERR_OUT_OF_RANGE`
   * before anything is decoded or allocated. An integer in [1, 2^32 − 1];
   * TypeError otherwise.
   */
  readonly maxRingSize?: number;
  /**
   * Accept ring keys and a key image with a small-order (torsion)
   * component, as Go ring-go does (default false: StrataError
   * `ERR_POINT_NOT_IN_SUBGROUP`). Only ed25519 has such points. With it, a
   * Go signature whose key image was shifted by a torsion point
   * deserialises, links to its signer's other signatures (`link` clears the
   * cofactor, as Go), and verifies exactly when Go's `Verify` would. Points
   * of small order (the identity, the order-2 point, …) are rejected even
   * with this option. See the README's *Security* section.
   */
  readonly allowTorsion?: boolean;
}

/** Reads `VerifyOptions` (TypeError for a wrong-typed value). */
function readVerifyOptions(o: unknown): { ruleOpts: HashToScalarOptions | undefined; maxRingSize: number } {
  const opts = expectOptions<VerifyOptions>('verify', o);
  const rule = opts.hashToScalarRule === undefined ? undefined : expectHashToScalarRule('verify: options.hashToScalarRule', opts.hashToScalarRule);
  const maxRingSize = expectIntegerOption('verify: options.maxRingSize', opts.maxRingSize, DEFAULT_MAX_RING_SIZE, 1, MAX_U32);
  return { ruleOpts: hashRuleOptions(rule), maxRingSize };
}

const INTERNAL = Symbol('ringsig-internal');

/** A linkable ring signature (ring-go `RingSig`). Immutable. */
export class RingSignature {
  /** The ring the signature was made over. */
  readonly ring: Ring;
  private readonly _c: Scalar;
  private readonly _s: readonly Scalar[];
  private readonly _image: Point;
  private _imageTable: PointLike | undefined;
  /** Whether the key image is known to lie in the prime-order subgroup (its table may be shared on the ring). */
  private readonly _imagePrime: boolean;

  /** @internal Use `sign`, `Ring.sign` or `RingSignature.deserialize`. */
  constructor(token: symbol, ring: Ring, c: Scalar, s: Scalar[], image: Point, imageTable: PointLike | undefined, imagePrime: boolean) {
    if (token !== INTERNAL) throw new TypeError('RingSignature: use sign() or RingSignature.deserialize()');
    this.ring = ring;
    this._c = c;
    this._s = s;
    this._image = image;
    this._imageTable = imageTable;
    this._imagePrime = imagePrime;
  }

  /** @internal Wraps the signer's output (an honest key image: x·H_p(P_j) is in the prime-order subgroup). */
  static _make(ring: Ring, c: Scalar, s: Scalar[], image: Point, imageTable: PointLike | undefined): RingSignature {
    return new RingSignature(INTERNAL, ring, c, s, image, imageTable, true);
  }

  /** The curve of the signature. */
  get curve(): Curve {
    return this.ring.curve;
  }

  /** The ring size n. */
  get size(): number {
    return this._s.length;
  }

  /** Returns a copy of the key image I = x·H_p(P_signer). */
  get keyImage(): Point {
    return this._image.clone();
  }

  /** Returns the key image's encoding (Go `Encode()`), a new array. */
  keyImageBytes(): Uint8Array {
    return encodeGoInto(this.curve, this._image, new Uint8Array(this.curve.compressedPointSize), 0);
  }

  /** Returns a copy of c_0, the challenge entering member 0. */
  get challenge(): Scalar {
    return this._c.clone();
  }

  /** Returns copies of the responses s_0 … s_{n−1}. */
  responses(): Scalar[] {
    return this._s.map((x) => x.clone());
  }

  /** Returns the byte length `serialize()` produces. */
  get serializedLength(): number {
    return serializedLength(this.curve, this.size);
  }

  /** Returns ring-go's serialization of the signature (layout in the file header). */
  serialize(): Uint8Array {
    const curve = this.curve;
    const n = this.size;
    const pl = curve.compressedPointSize;
    const ss = curve.scalarSize;
    const out = new Uint8Array(serializedLength(curve, n));
    new DataView(out.buffer).setUint32(0, n, false);
    this._c.encodeInto(out, 4);
    encodeGoInto(curve, this._image, out, 4 + ss);
    const keys = this.ring.encodedKeys();
    let o = 4 + ss + pl;
    for (let i = 0; i < n; i++) {
      this._s[i]!.encodeInto(out, o);
      out.set(keys.subarray(i * pl, (i + 1) * pl), o + ss);
      o += ss + pl;
    }
    return out;
  }

  /**
   * Returns whether the signature is valid for the 32-byte `message` (Go
   * `Verify`). Never throws for a message of the wrong length or any
   * signature content: returns false, also for a ring of more than
   * `options.maxRingSize` members (default 1024). A signature that verifies
   * lets its ring build its tables from its next use (see `Ring`).
   * TypeError if `message` is not a Uint8Array or an option has the wrong
   * type.
   */
  verify(message: Uint8Array, options: VerifyOptions = {}): boolean {
    if (!(message instanceof Uint8Array)) throw new TypeError(`verify: expected message Uint8Array, got ${describe(message)}`);
    const { ruleOpts, maxRingSize } = readVerifyOptions(options);
    if (message.length !== 32 || this._s.length > maxRingSize) return false;
    try {
      const ok = this._verify(message, ruleOpts);
      if (ok) this.ring._markTrusted();
      return ok;
    } catch {
      // A Go panic (decred hash overflow) or any backend error: invalid.
      return false;
    }
  }

  private _verify(message: Uint8Array, ruleOpts: HashToScalarOptions | undefined): boolean {
    const curve = this.curve;
    const n = this._s.length;
    if (n === 0 || this.ring.size !== n) return false;
    const members = ringMembers(this.ring);
    // A table of I pays off with the ring's tables (see sign.ts); kept on the
    // signature for re-verification, and on the ring for the signer's next
    // signature (a repeat signer has the same I).
    let IT: PointLike = this._image;
    if (members.tables) {
      if (this._imageTable === undefined) {
        const t = this.ring._verifyImageTable(this._image, this._imagePrime);
        if (t !== this._image) this._imageTable = t;
        IT = t;
      } else {
        IT = this._imageTable;
      }
    }
    const pl = curve.compressedPointSize;
    const buf = new Uint8Array(32 + 2 * pl);
    buf.set(message, 0);
    const L = curve.identity();
    const R = curve.identity();
    const c = this._c.clone();
    const p = members.p;
    const h = members.h;
    const pair: Point[] = [L, R];
    for (let i = 0; i < n; i++) {
      const si = this._s[i]!;
      doubleScalarMultBaseNonConst(curve, c, p[i]!, si, L);
      doubleScalarMultNonConst(curve, si, h[i]!, c, IT, R);
      encodePairGoInto(curve, L, R, pair, buf, 32);
      curve.hashToScalar(buf, c, ruleOpts);
    }
    return c.equals(this._c);
  }

  /**
   * Parses ring-go's serialization over `curve` (Go `Deserialize`; the
   * rules are in the file header). Throws StrataError: `ERR_TRUNCATED` for
   * input under 4 bytes or shorter than its size field requires,
   * `ERR_OUT_OF_RANGE` for a size field above `maxRingSize` (both checked
   * before any allocation), `ERR_MALFORMED` for a size-0 ring (and, in
   * strict mode, size 1, duplicates or trailing bytes), the decoder's code
   * (`ERR_NON_CANONICAL`, `ERR_POINT_NOT_ON_CURVE`, `ERR_BAD_FORMAT`, …) for
   * a bad scalar or point, `ERR_POINT_NOT_IN_SUBGROUP` for a ring key or key
   * image of small order, or with a torsion component unless
   * `allowTorsion`; all with `offset` set. TypeError for wrong-typed
   * arguments or options.
   */
  static deserialize(curve: Curve, bytes: Uint8Array, options: DeserializeOptions = {}): RingSignature {
    expectCurve('RingSignature.deserialize', curve);
    if (!(bytes instanceof Uint8Array)) {
      throw new TypeError(`RingSignature.deserialize: expected Uint8Array, got ${describe(bytes)}`);
    }
    const opts = expectOptions<DeserializeOptions>('RingSignature.deserialize', options);
    const strict = expectBooleanOption('RingSignature.deserialize: options.strict', opts.strict, false);
    const allowTorsion = expectBooleanOption('RingSignature.deserialize: options.allowTorsion', opts.allowTorsion, false);
    const maxRingSize = expectIntegerOption(
      'RingSignature.deserialize: options.maxRingSize', opts.maxRingSize, DEFAULT_MAX_RING_SIZE, 1, MAX_U32,
    );
    const cache = opts.cache;
    if (cache !== undefined && !(cache instanceof RingCache)) {
      throw new TypeError(`RingSignature.deserialize: expected options.cache to be a RingCache, got ${describe(cache)}`);
    }
    if (bytes.length < 4) {
      throw new StrataError(ErrorCode.TRUNCATED, `ring signature: expected at least 4 bytes (size field), got ${bytes.length}`, { offset: 0 });
    }
    const n = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
    const pl = curve.compressedPointSize;
    const ss = curve.scalarSize;
    const need = serializedLength(curve, n);
    if (bytes.length < need) {
      throw new StrataError(
        ErrorCode.TRUNCATED,
        `ring signature: expected ${need} bytes for a ring of ${n}, got ${bytes.length}`,
        { offset: bytes.length },
      );
    }
    if (n > maxRingSize) {
      throw new StrataError(ErrorCode.OUT_OF_RANGE, `ring signature: expected at most ${maxRingSize} members (maxRingSize), got ${n}`, { offset: 0 });
    }
    if (n === 0) {
      throw new StrataError(ErrorCode.MALFORMED, 'ring signature: expected a ring of at least 1 member, got 0 (Go panics verifying it)', { offset: 0 });
    }
    if (strict && n < 2) {
      throw new StrataError(ErrorCode.MALFORMED, `ring signature: expected a ring of at least 2 members (strict), got ${n}`, { offset: 0 });
    }
    if (strict && bytes.length !== need) {
      throw new StrataError(ErrorCode.MALFORMED, `ring signature: expected exactly ${need} bytes (strict), got ${bytes.length}`, { offset: need });
    }

    const c = decodeScalarAt(curve, bytes, 4, 'c', strict);
    const image = decodePointAt(curve, bytes, 4 + ss, 'key image', strict);
    // Small order: rejected at once (cheap); torsion: checked below, unless
    // the cached ring already holds a table of this (checked) image.
    checkSubgroup(curve, image, 'ring signature key image', true, 4 + ss, true);
    const s: Scalar[] = [];
    const stride = ss + pl;
    const base = 4 + ss + pl;
    for (let i = 0; i < n; i++) s.push(decodeScalarAt(curve, bytes, base + i * stride, `s[${i}]`, strict));

    let ring: Ring | undefined;
    let key: string | undefined;
    if (cache !== undefined) {
      // The key bytes, gathered from the interleaved layout.
      const kb = new Uint8Array(n * pl);
      for (let i = 0; i < n; i++) kb.set(bytes.subarray(base + i * stride + ss, base + (i + 1) * stride), i * pl);
      key = bytesKey(kb);
      ring = cache._get(curve, key);
    }
    if (ring === undefined) {
      const pts: Point[] = [];
      for (let i = 0; i < n; i++) pts.push(decodePointAt(curve, bytes, base + i * stride + ss, `P[${i}]`, false));
      const torsionAt = Ring._checkKeys(curve, pts, allowTorsion, (i) => `ring signature P[${i}]`, (i) => base + i * stride + ss);
      ring = Ring._fromDecoded(curve, pts, false, cache?.tableSize, torsionAt);
      if (cache !== undefined && key !== undefined) cache._set(key, ring);
    } else if (ring._torsionAt >= 0 && !allowTorsion) {
      const i = ring._torsionAt;
      throw new StrataError(
        ErrorCode.POINT_NOT_IN_SUBGROUP,
        `ring signature P[${i}]: expected a point of the prime-order subgroup, got one with a small-order (torsion) component (allowTorsion accepts it)`,
        { offset: base + i * stride + ss },
      );
    }
    if (strict) {
      // Canonical key encodings and distinct keys (also for a ring from the cache).
      const enc = ring.encodedKeys();
      const seen = new Set<string>();
      for (let i = 0; i < n; i++) {
        const at = base + i * stride + ss;
        for (let k = 0; k < pl; k++) {
          if (enc[i * pl + k] !== bytes[at + k]) {
            throw new StrataError(ErrorCode.NON_CANONICAL, `ring signature P[${i}]: expected a canonical point encoding (strict), got a non-canonical one`, { offset: at });
          }
        }
        const k = bytesKey(enc, i * pl, (i + 1) * pl);
        if (seen.has(k)) {
          throw new StrataError(ErrorCode.MALFORMED, `ring signature: expected distinct ring keys (strict), got a duplicate at ${i}`, { offset: at });
        }
        seen.add(k);
      }
    }
    // The input bytes as the key: a canonical encoding matches the entry of
    // the same point; a non-canonical one misses and is checked in full.
    const imagePrime = ring._knowsImage(hexKey(bytes, 4 + ss, 4 + ss + pl)) ||
      checkSubgroup(curve, image, 'ring signature key image', allowTorsion, 4 + ss) === 'prime';
    return new RingSignature(INTERNAL, ring, c, s, image, undefined, imagePrime);
  }
}

/** Returns the serialized length of a ring-go signature with n members on `curve`. */
export function serializedLength(curve: Curve, n: number): number {
  expectCurve('serializedLength', curve);
  if (!Number.isInteger(n) || n < 0) throw new TypeError(`serializedLength: expected a non-negative integer ring size, got ${describe(n)}`);
  return 4 + curve.scalarSize + curve.compressedPointSize + n * (curve.scalarSize + curve.compressedPointSize);
}

function rethrowAt(e: unknown, what: string, offset: number): never {
  if (e instanceof StrataError) throw new StrataError(e.code, `ring signature ${what}: ${e.message}`, { offset, cause: e });
  throw e;
}

function decodeScalarAt(curve: Curve, b: Uint8Array, offset: number, what: string, strict: boolean): Scalar {
  const slice = b.subarray(offset, offset + curve.scalarSize);
  let x: Scalar;
  try {
    x = curve.decodeScalar(slice);
  } catch (e) {
    rethrowAt(e, what, offset);
  }
  if (strict) {
    const back = x.encode();
    for (let i = 0; i < back.length; i++) {
      if (back[i] !== slice[i]) {
        throw new StrataError(ErrorCode.NON_CANONICAL, `ring signature ${what}: expected a scalar below the group order (strict), got a larger one`, { offset });
      }
    }
  }
  return x;
}

function decodePointAt(curve: Curve, b: Uint8Array, offset: number, what: string, strict: boolean): Point {
  const slice = b.subarray(offset, offset + curve.compressedPointSize);
  let P: Point;
  try {
    P = curve.decodePoint(slice);
  } catch (e) {
    rethrowAt(e, what, offset);
  }
  if (strict) {
    const back = P.encode();
    for (let i = 0; i < back.length; i++) {
      if (back[i] !== slice[i]) {
        throw new StrataError(ErrorCode.NON_CANONICAL, `ring signature ${what}: expected a canonical point encoding (strict), got a non-canonical one`, { offset });
      }
    }
  }
  return P;
}

/**
 * Returns whether two signatures were made with the same private key (Go
 * `Link`): their key images are equal — on curves with a cofactor (ed25519)
 * after multiplying both by it, as ring-go does, so images that differ by a
 * small-order point link. Does not verify the signatures or look at rings or
 * messages. Signatures on different curves never link.
 */
export function link(a: RingSignature, b: RingSignature): boolean {
  if (!(a instanceof RingSignature) || !(b instanceof RingSignature)) {
    throw new TypeError(`link: expected two RingSignatures, got ${describe(a)} and ${describe(b)}`);
  }
  const curve = a.curve;
  if (curve !== b.curve && curve.name !== b.curve.name) return false;
  if (curve !== b.curve) {
    // Same curve from two backends: compare encodings.
    const ia = mulByCofactorNonConst(curve, a.keyImage, curve.identity());
    const ib = mulByCofactorNonConst(b.curve, b.keyImage, b.curve.identity());
    const ea = encodeGoInto(curve, ia, new Uint8Array(curve.compressedPointSize), 0);
    const eb = encodeGoInto(b.curve, ib, new Uint8Array(curve.compressedPointSize), 0);
    return ea.every((v, i) => v === eb[i]);
  }
  const ia = a.keyImage;
  const ib = b.keyImage;
  if (curve.cofactor === 1) return ia.equals(ib);
  return mulByCofactorNonConst(curve, ia, ia).equals(mulByCofactorNonConst(curve, ib, ib));
}
