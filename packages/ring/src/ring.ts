/**
 * A ring: an ordered list of public keys on one `Curve`, with a lazily built
 * per-ring cache of what every signature over that ring needs:
 *
 * - H_p(P_i) for each member (ring-go's hash-to-curve, two or so SHA3-256
 *   evaluations and a square root each);
 * - a precomputed table of P_i and of H_p(P_i) for the double-scalar
 *   multiplications s·G + c·P_i and s·H_p(P_i) + c·I.
 *
 * The hashes are computed on the first signature that uses the ring. The
 * tables are built on the SECOND use, and only once a signature on the ring
 * has verified (or been made) with the ring: a ring used once would pay for
 * tables it never reuses, and a ring that only ever carries junk signatures
 * (which anyone can make, for any keys) must not make the library allocate
 * tens of kilobytes per member. A gateway that sees the same honest ring
 * again gets the fast path from then on. `precompute()` builds them at once.
 *
 * Rings are immutable once made; the cache is filled in place and is safe
 * to share. `RingCache` maps the key bytes found in serialized signatures to
 * ring objects so that deserialised signatures reuse the cache too; it
 * bounds the estimated bytes of the rings it holds (`maxBytes`), tables and
 * key-image tables included, and a ring it evicts drops its tables.
 *
 * Subgroup policy (see the README's *Security* section): ring keys of small
 * order (the identity included) are always rejected; keys with a torsion
 * component (possible on curves with a cofactor: ed25519 and the generic
 * Edwards curves) are rejected unless `allowTorsion`. On Bandersnatch the
 * group adapter's decoder refuses a component at a point at infinity in any
 * case (SECURITY.md, "Incomplete formulas and torsion"), so `allowTorsion`
 * never reaches an exceptional case of its formulas.
 *
 * References:
 * - [RING-GO] github.com/pokt-network/ring-go @ 782cc69, ring.go (Ring,
 *   NewKeyRingFromPublicKeys, NewFixedKeyRingFromPublicKeys, NewKeyRing).
 * - [LSAG] J. Liu, V. Wei, D. Wong, "Linkable Spontaneous Anonymous Group
 *   Signature for Ad Hoc Groups", ACISP 2004; bLSAG as in "Zero to Monero" 2.0 §3.4.
 */
import { ErrorCode, StrataError, describe } from '@strata/field';
import { precompute } from '@strata/group';
import type { Curve, Point, PointLike, PrecomputeOptions, RandomSource, Scalar } from '@strata/group';
import { hashToCurveNonConst } from './hash.js';
import {
  MEMBER_BASE_BYTES,
  bytesKey,
  checkSubgroup,
  expectBooleanOption,
  expectIntegerOption,
  expectOptions,
  expectTableSize,
  hexKey,
  tableBytes,
  imageTableOptions,
  memberTableOptions,
  type TableSize,
  defaultRandom,
  expectCurve,
  expectInteger,
  toPoint,
  toPrivateScalar,
} from './internal.js';
import { signWithRing, type SignOptions } from './sign.js';
import type { RingSignature } from './signature.js';

/** A public key as accepted by the ring constructors: encoded bytes or a `Point`. */
export type PublicKeyInput = Uint8Array | Point;

/** A private key: the curve's 32-byte scalar encoding, or a `Scalar`. */
export type PrivateKeyInput = Uint8Array | Scalar;

/** The per-member data the signing and verification loops read. */
export interface RingMembers {
  /** P_i, or a precomputed table of P_i. */
  readonly p: readonly PointLike[];
  /** H_p(P_i), or a precomputed table of H_p(P_i). */
  readonly h: readonly PointLike[];
  /** H_p(P_i) as plain points. */
  readonly hp: readonly Point[];
  /** Whether `p` and `h` hold tables. */
  readonly tables: boolean;
}

/** Options of the `Ring` constructors. */
export interface RingOptions {
  /**
   * Build the per-member tables at the first use instead of the second
   * (default false). `precompute()` does it at once.
   */
  readonly eagerTables?: boolean;
  /**
   * Size of the per-member tables: `'large'` (default; fastest, about 62 KB
   * per member on secp256k1) or `'small'` (about 31 KB per member, ~8 %
   * slower verification). Throws TypeError for any other value.
   */
  readonly tableSize?: TableSize;
  /**
   * Accept ring keys with a small-order (torsion) component, as Go ring-go
   * does (default false: such keys throw StrataError
   * `ERR_POINT_NOT_IN_SUBGROUP`). Only ed25519 has such keys; no honest key
   * x·G has one. Keys of small order (the identity, the order-2 point, …)
   * are rejected even with this option. See the README's *Security* section.
   */
  readonly allowTorsion?: boolean;
}

/** Options of the `RingCache` constructor. */
export interface RingCacheOptions {
  /** Size of the tables of the rings the cache decodes (see `RingOptions.tableSize`). */
  readonly tableSize?: TableSize;
  /**
   * The most bytes (estimated from the table shapes, see the README) the
   * cached rings may hold: keys, hashes, per-member tables and key-image
   * tables (default {@link DEFAULT_CACHE_MAX_BYTES}, 64 MiB). Least recently
   * used rings are evicted (and drop their tables) to stay within it; a ring
   * whose tables alone would exceed it verifies without tables.
   */
  readonly maxBytes?: number;
}

/** The default byte budget of a `RingCache` (64 MiB). */
export const DEFAULT_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** A token that only this package's modules hold, guarding the raw constructor. */
const INTERNAL = Symbol('ring-internal');

/**
 * How many key-image tables a ring keeps for verification (see
 * `Ring._verifyImageTable`): at most 8 × 15 KB on secp256k1 and 8 × 46 KB
 * on ed25519 with the default hints.
 */
export const VERIFIED_IMAGE_TABLES = 8;

/** The private `_members` of `Ring`, set by the class's static block (see {@link ringMembers}). */
let privateMembers: (ring: Ring) => RingMembers;

/**
 * An ordered ring of public keys on one curve, ring-go's `Ring`. Key order
 * is significant (it is part of the signature). Immutable.
 */
export class Ring {
  /** The curve of every key in the ring. */
  readonly curve: Curve;
  /** @internal The keys (private copies; never handed out). */
  readonly _keys: readonly Point[];
  /** @internal Go `Encode()` of the keys, concatenated, built lazily. */
  private _enc: Uint8Array | undefined;
  private _hp: Point[] | undefined;
  private _pT: PointLike[] | undefined;
  private _hT: PointLike[] | undefined;
  private _uses = 0;
  /** Whether a signature on this ring has verified, or been made, with it (tables are built only then). */
  private _trusted = false;
  private readonly _eager: boolean;
  /**
   * The cache whose byte budget this ring's tables are charged to; undefined
   * for a ring made by the application (no budget), null once evicted (no
   * more tables).
   */
  private _budget: RingCache | null | undefined = undefined;
  /** @internal The estimated bytes this ring holds (see `MEMBER_BASE_BYTES`, `tableBytes`). */
  _bytes: number;
  /** @internal Index of the first member with a torsion component, or −1 (see `allowTorsion`). */
  readonly _torsionAt: number;
  /** Size of the per-member tables (see `RingOptions.tableSize`). */
  readonly tableSize: TableSize;
  /** Key images (and their tables) of members that have signed on this ring, by index. */
  private readonly _images = new Map<number, { image: Point; table: PointLike | undefined }>();
  /** Tables of recently verified key images, by I's encoding, least recently used first. */
  private readonly _verifiedImages = new Map<string, { table: PointLike; bytes: number }>();
  private _verifiedImageBuilds = 0;

  static {
    privateMembers = (ring) => ring._members();
  }

  /** @internal Use the static constructors. */
  constructor(
    token: symbol,
    curve: Curve,
    keys: Point[],
    enc: Uint8Array | undefined,
    eager: boolean,
    tableSize: TableSize = 'large',
    torsionAt = -1,
  ) {
    if (token !== INTERNAL) throw new TypeError('Ring: use Ring.fromPublicKeys, Ring.withSigner or Ring.random');
    this.curve = curve;
    this._keys = keys;
    this._enc = enc;
    this._eager = eager;
    this.tableSize = tableSize;
    this._torsionAt = torsionAt;
    this._bytes = keys.length * MEMBER_BASE_BYTES;
  }

  /**
   * @internal Checks every key against the subgroup policy (small order:
   * always an error; torsion: an error unless `allowTorsion`) and returns
   * the index of the first key with torsion, or −1. `what(i)` names key i
   * in the error, `offset(i)` gives its byte offset (deserialisation).
   */
  static _checkKeys(curve: Curve, pts: readonly Point[], allowTorsion: boolean, what: (i: number) => string, offset?: (i: number) => number): number {
    let first = -1;
    for (let i = 0; i < pts.length; i++) {
      const k = checkSubgroup(curve, pts[i]!, what(i), allowTorsion, offset?.(i));
      if (k === 'torsion' && first < 0) first = i;
    }
    return first;
  }

  /**
   * Returns a ring of `keys` in the given order (ring-go
   * NewFixedKeyRingFromPublicKeys). Keys are encoded bytes or `Point`s of
   * `curve`. Throws StrataError `ERR_INVALID_ARGUMENT` for fewer than two keys
   * or a duplicate key (compared by value; Go's check compares pointers
   * only), and the decoder's error for bad key bytes.
   */
  static fromPublicKeys(curve: Curve, keys: readonly PublicKeyInput[], options: RingOptions = {}): Ring {
    expectCurve('Ring.fromPublicKeys', curve);
    if (!Array.isArray(keys)) throw new TypeError(`Ring.fromPublicKeys: expected an array of keys, got ${describe(keys)}`);
    options = readRingOptions('Ring.fromPublicKeys', options);
    if (keys.length < 2) {
      throw new StrataError(ErrorCode.INVALID_ARGUMENT, `Ring.fromPublicKeys: expected at least 2 keys, got ${keys.length}`);
    }
    const pts = keys.map((k, i) => toPoint(curve, k, `Ring.fromPublicKeys: key ${i}`));
    return Ring._make(curve, pts, options, (i) => `Ring.fromPublicKeys: key ${i}`);
  }

  /**
   * Returns a ring of `keys` with the signer's public key (privateKey·G)
   * inserted at `index` (0 ≤ index ≤ keys.length), ring-go
   * NewKeyRingFromPublicKeys. The ring has keys.length + 1 members.
   * Throws StrataError `ERR_OUT_OF_RANGE` for a bad index or a zero /
   * out-of-range private key, `ERR_INVALID_ARGUMENT` for duplicates or a
   * ring of fewer than two members.
   */
  static withSigner(
    curve: Curve,
    keys: readonly PublicKeyInput[],
    privateKey: PrivateKeyInput,
    index: number,
    options: RingOptions = {},
  ): Ring {
    expectCurve('Ring.withSigner', curve);
    if (!Array.isArray(keys)) throw new TypeError(`Ring.withSigner: expected an array of keys, got ${describe(keys)}`);
    expectInteger('Ring.withSigner: index', index);
    options = readRingOptions('Ring.withSigner', options);
    const x = toPrivateScalar(curve, privateKey, 'Ring.withSigner: private key');
    if (index < 0 || index > keys.length) {
      throw new StrataError(ErrorCode.OUT_OF_RANGE, `Ring.withSigner: expected an index in [0, ${keys.length}], got ${index}`);
    }
    if (keys.length + 1 < 2) {
      throw new StrataError(ErrorCode.INVALID_ARGUMENT, `Ring.withSigner: expected at least 1 other key, got 0`);
    }
    const pts = keys.map((k, i) => toPoint(curve, k, `Ring.withSigner: key ${i}`));
    pts.splice(index, 0, curve.scalarBaseMult(x));
    return Ring._make(curve, pts, options, (i) => `Ring.withSigner: key ${i < index ? i : i - 1}`);
  }

  /**
   * Returns a ring of `size` members whose key at `index` is privateKey·G
   * and whose other keys are random (ring-go NewKeyRing; for tests and
   * demos). `random` supplies the bytes (default crypto.getRandomValues).
   * Throws StrataError `ERR_INVALID_ARGUMENT` for size < 2,
   * `ERR_OUT_OF_RANGE` for a bad index or private key.
   */
  static random(
    curve: Curve,
    size: number,
    privateKey: PrivateKeyInput,
    index: number,
    options: RingOptions & { readonly random?: RandomSource } = {},
  ): Ring {
    expectCurve('Ring.random', curve);
    expectInteger('Ring.random: size', size);
    expectInteger('Ring.random: index', index);
    options = readRingOptions('Ring.random', options);
    if (options.random !== undefined && typeof options.random !== 'function') {
      throw new TypeError(`Ring.random: expected options.random to be a function, got ${describe(options.random)}`);
    }
    if (size < 2) throw new StrataError(ErrorCode.INVALID_ARGUMENT, `Ring.random: expected a size of at least 2, got ${size}`);
    if (index < 0 || index >= size) {
      throw new StrataError(ErrorCode.OUT_OF_RANGE, `Ring.random: expected an index in [0, ${size - 1}], got ${index}`);
    }
    const x = toPrivateScalar(curve, privateKey, 'Ring.random: private key');
    const rand = options.random ?? defaultRandom;
    const pts: Point[] = [];
    const tmp = curve.zeroScalar();
    for (let i = 0; i < size; i++) {
      if (i === index) pts.push(curve.scalarBaseMult(x));
      else pts.push(curve.scalarBaseMult(curve.newRandomScalar(rand, tmp)));
    }
    // Every key is k·G for a scalar k: no subgroup check needed.
    return Ring._make(curve, pts, options, undefined);
  }

  /** Checks the subgroup policy and for duplicates, and builds the ring. */
  private static _make(curve: Curve, pts: Point[], options: RingOptions, what: ((i: number) => string) | undefined): Ring {
    const torsionAt = what === undefined ? -1 : Ring._checkKeys(curve, pts, options.allowTorsion === true, what);
    const pl = curve.compressedPointSize;
    const enc = new Uint8Array(pts.length * pl);
    const seen = new Map<string, number>();
    for (let i = 0; i < pts.length; i++) {
      pts[i]!.encodeInto(enc, i * pl);
      const k = bytesKey(enc, i * pl, (i + 1) * pl);
      const j = seen.get(k);
      if (j !== undefined) {
        throw new StrataError(ErrorCode.INVALID_ARGUMENT, `ring: expected distinct public keys, got key ${i} equal to key ${j}`);
      }
      seen.set(k, i);
    }
    return new Ring(INTERNAL, curve, pts, enc, options.eagerTables === true, expectTableSize('Ring: options.tableSize', options.tableSize), torsionAt);
  }

  /**
   * @internal Builds a ring from decoded points that have passed
   * `_checkKeys` (the deserialisation path: Go tolerates duplicates and
   * size-1 rings). `torsionAt` is `_checkKeys`' result.
   */
  static _fromDecoded(curve: Curve, pts: Point[], eager = false, tableSize: TableSize = 'large', torsionAt = -1): Ring {
    return new Ring(INTERNAL, curve, pts, undefined, eager, tableSize, torsionAt);
  }

  /**
   * @internal Asks for `bytes` more of the owning cache's budget for a
   * table; true if granted (always, for a ring the application made), false
   * for an evicted ring or one the budget cannot hold.
   */
  private _charge(bytes: number): boolean {
    if (this._budget === null) return false;
    if (this._budget === undefined) {
      this._bytes += bytes;
      return true;
    }
    return this._budget._reserve(this, bytes);
  }

  /** @internal Returns `bytes` of a dropped table to the budget. */
  private _uncharge(bytes: number): void {
    this._bytes -= bytes;
    if (this._budget) this._budget._released(bytes);
  }

  /** @internal Attaches the ring to `cache`'s byte budget. */
  _attach(cache: RingCache): void {
    this._budget = cache;
  }

  /**
   * @internal Called when the owning cache evicts the ring: drops every
   * table (per-member, verified and signer key images) and builds none from
   * now on. Signatures that hold the ring keep working on the plain path.
   */
  _detach(): void {
    this._budget = null;
    this._pT = undefined;
    this._hT = undefined;
    this._verifiedImages.clear();
    for (const e of this._images.values()) e.table = undefined;
    this._bytes = this._keys.length * MEMBER_BASE_BYTES;
  }

  /**
   * @internal Records that a signature on this ring verified (or was made
   * with it): from the next use on, the ring may build its tables.
   */
  _markTrusted(): void {
    this._trusted = true;
  }

  /** @internal Whether the ring's verified key-image cache holds `imageKey` (a checked image). */
  _knowsImage(imageKey: string): boolean {
    return this._verifiedImages.has(imageKey);
  }

  /** @internal The table hints for a key image on this ring. */
  _imageTableOptions(): PrecomputeOptions {
    return imageTableOptions(this.tableSize, this._keys.length);
  }

  /** The number of members (Go `Size()`). */
  get size(): number {
    return this._keys.length;
  }

  /**
   * Returns whether `other` has the same curve and the same keys in the same
   * order (Go `Equals`, which compares keys and the curve's base points).
   */
  equals(other: Ring): boolean {
    if (!(other instanceof Ring)) throw new TypeError(`Ring.equals: expected a Ring, got ${describe(other)}`);
    if (other === this) return true;
    if (this.curve !== other.curve && this.curve.name !== other.curve.name) return false;
    if (this.size !== other.size) return false;
    const a = this.encodedKeys();
    const b = other.encodedKeys();
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }

  /** Returns copies of the public keys, in ring order (Go `PublicKeys()`). */
  publicKeys(): Point[] {
    return this._keys.map((p) => p.clone());
  }

  /** Returns the public keys' encodings (Go `Encode()`), in ring order, as new arrays. */
  publicKeyBytes(): Uint8Array[] {
    const enc = this.encodedKeys();
    const pl = this.curve.compressedPointSize;
    const out: Uint8Array[] = [];
    for (let i = 0; i < this.size; i++) out.push(enc.slice(i * pl, (i + 1) * pl));
    return out;
  }

  /** Returns the index of `publicKey` in the ring (by value), or −1. */
  indexOf(publicKey: Point): number {
    for (let i = 0; i < this._keys.length; i++) if (this._keys[i]!.equals(publicKey)) return i;
    return -1;
  }

  /**
   * @internal Returns the keys' Go encodings concatenated (n · PL bytes);
   * built once. Do not modify.
   */
  encodedKeys(): Uint8Array {
    if (this._enc === undefined) {
      const pl = this.curve.compressedPointSize;
      const enc = new Uint8Array(this._keys.length * pl);
      for (let i = 0; i < this._keys.length; i++) this._keys[i]!.encodeInto(enc, i * pl);
      this._enc = enc;
    }
    return this._enc;
  }

  /**
   * Signs a 32-byte message with `privateKey`, whose public key must be in
   * the ring (ring-go `Ring.Sign`). See `sign` for the options and errors.
   */
  sign(message: Uint8Array, privateKey: PrivateKeyInput, options: SignOptions = {}): RingSignature {
    const x = toPrivateScalar(this.curve, privateKey, 'Ring.sign: private key');
    const pub = this.curve.scalarBaseMult(x);
    const index = this.indexOf(pub);
    if (index < 0) {
      throw new StrataError(ErrorCode.INVALID_ARGUMENT, 'Ring.sign: expected the private key\'s public key in the ring, got none');
    }
    return signWithRing(message, this, x, index, options, pub);
  }

  /**
   * Builds the whole per-ring cache now (H_p(P_i) and both tables per
   * member) instead of lazily; returns this. On a ring held by a
   * `RingCache`, the tables are charged to the cache's `maxBytes` and are
   * not built if they do not fit (nor on a ring the cache has evicted).
   */
  precompute(): this {
    this._uses = Math.max(this._uses, 1);
    this._build(true);
    return this;
  }

  /**
   * @internal Returns the key image I = x·H_p(P_index) of the member at
   * `index`, computing it with `compute` on the first call and caching it
   * (with a table of I once the ring has tables). I is public (it is in
   * every signature) and fixed by P_index, since the signer's key has been
   * checked against P_index, so caching it leaks nothing and saves a
   * constant-time multiplication per signature.
   */
  _keyImage(index: number, tables: boolean, compute: () => Point): { image: Point; table: PointLike | undefined } {
    let e = this._images.get(index);
    if (e === undefined) {
      e = { image: compute(), table: undefined };
      this._images.set(index, e);
    }
    if (tables && e.table === undefined) {
      const opts = this._imageTableOptions();
      if (this._charge(tableBytes(this.curve, opts))) e.table = precompute(this.curve, e.image, opts);
    }
    return e;
  }

  /**
   * @internal Returns a table of the key image I for verifying a signature
   * on this ring. A signer's key image is the same in every signature it
   * makes on any ring, so a gateway that verifies one signer's requests
   * over and over rebuilds nothing after the first: the last
   * {@link VERIFIED_IMAGE_TABLES} tables are kept by I's encoding (least
   * recently used evicted; a foreign I can only evict, never alter, an
   * entry, since the encoding of a valid point determines the point).
   */
  _verifyImageTable(image: Point, cacheable: boolean): PointLike {
    const key = hexKey(image.encode());
    const cached = this._verifiedImages.get(key);
    if (cached !== undefined) {
      this._verifiedImages.delete(key);
      this._verifiedImages.set(key, cached);
      return cached.table;
    }
    const opts = this._imageTableOptions();
    const bytes = tableBytes(this.curve, opts);
    if (!cacheable || !this._charge(bytes)) return image;
    const table = precompute(this.curve, image, opts);
    this._verifiedImageBuilds++;
    this._verifiedImages.set(key, { table, bytes });
    if (this._verifiedImages.size > VERIFIED_IMAGE_TABLES) {
      const oldest = this._verifiedImages.entries().next();
      if (oldest.done !== true) {
        this._verifiedImages.delete(oldest.value[0]);
        this._uncharge(oldest.value[1].bytes);
      }
    }
    return table;
  }


  /** @internal How many verified key-image tables this ring holds, and how many it has built (for tests). */
  get _verifiedImageTableStats(): { held: number; built: number } {
    return { held: this._verifiedImages.size, built: this._verifiedImageBuilds };
  }

  /** Whether the per-member tables have been built. */
  get hasTables(): boolean {
    return this._pT !== undefined;
  }

  /** See {@link ringMembers}. */
  private _members(): RingMembers {
    this._uses++;
    return this._build(this._eager || (this._trusted && this._uses >= 2));
  }

  private _build(withTables: boolean): RingMembers {
    const curve = this.curve;
    if (this._hp === undefined) this._hp = this._keys.map((P) => hashToCurveNonConst(curve, P));
    if (withTables && this._pT === undefined) {
      const opts = memberTableOptions(this.tableSize);
      if (this._charge(2 * this._keys.length * tableBytes(curve, opts))) {
        this._pT = this._keys.map((P) => precompute(curve, P, opts));
        this._hT = this._hp.map((H) => precompute(curve, H, opts));
      }
    }
    if (this._pT !== undefined && this._hT !== undefined) {
      return { p: this._pT, h: this._hT, hp: this._hp, tables: true };
    }
    return { p: this._keys, h: this._hp, hp: this._hp, tables: false };
  }
}

/**
 * Returns the per-member data of `ring` for one signing or verification and
 * counts the use: hashes on the first use, tables from the second once a
 * signature has verified or been made on the ring (or at the first with
 * `eagerTables`), within the owning cache's byte budget. Internal to this
 * package (`sign`, `RingSignature.verify`): a function rather than a method
 * of `Ring`, so that the class's public declaration names no internal type
 * (`RingMembers`).
 */
export function ringMembers(ring: Ring): RingMembers {
  return privateMembers(ring);
}

/** Checks the types of `RingOptions` (TypeError at once) and returns them. */
function readRingOptions<T extends RingOptions>(what: string, options: unknown): T {
  const o = expectOptions<T>(what, options);
  expectBooleanOption(`${what}: options.eagerTables`, o.eagerTables, false);
  expectBooleanOption(`${what}: options.allowTorsion`, o.allowTorsion, false);
  expectTableSize(`${what}: options.tableSize`, o.tableSize);
  return o;
}

/**
 * A bounded map from a ring's key bytes (as they appear in serialized
 * signatures) to `Ring` objects, so that signatures deserialised over the
 * same ring share its cache (hashes and tables) and skip decoding the keys.
 *
 * Bounded twice: at most `maxRings` rings, and at most `maxBytes` estimated
 * bytes (keys and hashes at {@link MEMBER_BASE_BYTES} per member, plus every
 * table a ring builds — per-member tables, verified and signer key-image
 * tables — estimated from its shape). Least-recently-used rings are evicted
 * beyond either bound; an evicted ring drops its tables and builds no more
 * (signatures still holding it verify on the plain path). A ring whose keys
 * alone exceed `maxBytes` is not cached; one whose tables would exceed it
 * verifies without tables.
 */
export class RingCache {
  /** The most rings kept. */
  readonly maxRings: number;
  /** The most estimated bytes the cached rings hold (see the class comment). */
  readonly maxBytes: number;
  private readonly map = new Map<string, Ring>();
  private _total = 0;

  /** Size of the tables of the rings this cache creates (see `RingOptions.tableSize`). */
  readonly tableSize: TableSize;

  /**
   * Makes an empty cache that keeps at most `maxRings` rings (default 64)
   * and at most `options.maxBytes` estimated bytes (default
   * {@link DEFAULT_CACHE_MAX_BYTES}, 64 MiB); rings it decodes get tables
   * of `options.tableSize` (default 'large'). Throws RangeError for
   * maxRings < 1, TypeError for a non-integer maxRings, a bad tableSize or
   * a maxBytes that is not a positive safe integer.
   */
  constructor(maxRings = 64, options: RingCacheOptions = {}) {
    expectInteger('RingCache: maxRings', maxRings);
    if (maxRings < 1) throw new RangeError(`RingCache: expected maxRings ≥ 1, got ${maxRings}`);
    const o = expectOptions<RingCacheOptions>('RingCache', options);
    this.maxRings = maxRings;
    this.tableSize = expectTableSize('RingCache: options.tableSize', o.tableSize);
    this.maxBytes = expectIntegerOption('RingCache: options.maxBytes', o.maxBytes, DEFAULT_CACHE_MAX_BYTES, 1, Number.MAX_SAFE_INTEGER);
  }

  /** The number of rings held. */
  get size(): number {
    return this.map.size;
  }

  /** The estimated bytes the cached rings hold (always ≤ `maxBytes`). */
  get bytes(): number {
    return this._total;
  }

  /** @internal Returns the ring stored under `key` for `curve` (marking it recently used), or undefined. */
  _get(curve: Curve, key: string): Ring | undefined {
    const r = this.map.get(key);
    if (r === undefined || r.curve !== curve) return undefined;
    this.map.delete(key);
    this.map.set(key, r);
    return r;
  }

  /**
   * @internal Stores `ring` (a new ring) under `key` and charges its bytes
   * to the budget, evicting least recently used rings beyond `maxRings` or
   * `maxBytes`. A ring too large for the budget on its own is not stored
   * and builds no tables.
   */
  _set(key: string, ring: Ring): void {
    if (ring._bytes > this.maxBytes) {
      ring._detach();
      return;
    }
    const old = this.map.get(key);
    if (old !== undefined && old !== ring) this._evict(key, old);
    this.map.set(key, ring);
    ring._attach(this);
    this._total += ring._bytes;
    this._shrink(ring);
  }

  /**
   * @internal Grants `bytes` more to cached `ring` if its total stays within
   * `maxBytes`, evicting other rings (least recently used first) to make
   * room; returns whether it was granted.
   */
  _reserve(ring: Ring, bytes: number): boolean {
    if (ring._bytes + bytes > this.maxBytes) return false;
    ring._bytes += bytes;
    this._total += bytes;
    this._shrink(ring);
    return true;
  }

  /** @internal Takes back `bytes` of a table a cached ring dropped. */
  _released(bytes: number): void {
    this._total -= bytes;
  }

  /** Evicts least recently used rings other than `keep` while over either bound. */
  private _shrink(keep: Ring): void {
    for (const [k, r] of this.map) {
      if (this.map.size <= this.maxRings && this._total <= this.maxBytes) break;
      if (r !== keep) this._evict(k, r);
    }
  }

  private _evict(key: string, ring: Ring): void {
    this.map.delete(key);
    this._total -= ring._bytes;
    ring._detach();
  }

  /** Removes every ring (they drop their tables). */
  clear(): void {
    for (const [k, r] of [...this.map]) this._evict(k, r);
    this._total = 0;
  }
}
