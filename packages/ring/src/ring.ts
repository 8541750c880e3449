/**
 * The public classes: `Ring`, `RingCache` and `RingSignature` (with `sign`
 * and `link`). They refer to each other (a signature holds its ring,
 * `Ring.sign` returns a signature), so they live in one module; the work is
 * done below it, on the state of a ring (ring-state.ts): signing in
 * sign.ts, the byte layout and the verification equation in signature.ts.
 *
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
import { pointsToBytes } from '@strata/group';
import type { Curve, Point, PointLike, RandomSource, Scalar } from '@strata/group';
import { mulByCofactorNonConst } from './hash.js';
import {
  DEFAULT_MAX_RING_SIZE,
  MAX_U32,
  MEMBER_BASE_BYTES,
  bytesKey,
  checkSubgroup,
  encodeGoInto,
  expectBooleanOption,
  expectIntegerOption,
  expectOptions,
  expectTableSize,
  hexKey,
  type TableSize,
  defaultRandom,
  expectCurve,
  expectInteger,
  toPoint,
  toPrivateScalar,
} from './internal.js';
import { RingState, bindRingState, checkKeys, ringState, type RingBudget } from './ring-state.js';
import { signWithRing, type SignOptions, type SignedParts } from './sign.js';
import { decodePointAt, decodeScalarAt, readVerifyOptions, serializeSignature, signatureByteLength, verifyChain, type SignatureData, type VerifyOptions } from './signature.js';

/** A public key as accepted by the ring constructors: encoded bytes or a `Point`. */
export type PublicKeyInput = Uint8Array | Point;

/** A private key: the curve's 32-byte scalar encoding, or a `Scalar`. */
export type PrivateKeyInput = Uint8Array | Scalar;

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

/** A token that only this module holds, guarding the raw constructor. */
const INTERNAL = Symbol('ring-internal');

/**
 * An ordered ring of public keys on one curve, ring-go's `Ring`. Key order
 * is significant (it is part of the signature). Immutable.
 */
export class Ring {
  /** The curve of every key in the ring. */
  readonly curve: Curve;
  /** Size of the per-member tables (see `RingOptions.tableSize`). */
  readonly tableSize: TableSize;

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
    this.tableSize = tableSize;
    bindRingState(this, new RingState(curve, keys, enc, eager, tableSize, torsionAt));
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
    return makeRing(curve, pts, options, (i) => `Ring.fromPublicKeys: key ${i}`);
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
    return makeRing(curve, pts, options, (i) => `Ring.withSigner: key ${i < index ? i : i - 1}`);
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
    return makeRing(curve, pts, options, undefined);
  }

  /** The number of members (Go `Size()`). */
  get size(): number {
    return ringState(this).size;
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
    return ringState(this).keys.map((p) => p.clone());
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
    const keys = ringState(this).keys;
    for (let i = 0; i < keys.length; i++) if (keys[i]!.equals(publicKey)) return i;
    return -1;
  }

  /**
   * @internal Returns the keys' Go encodings concatenated (n · PL bytes);
   * built once. Do not modify.
   */
  encodedKeys(): Uint8Array {
    return ringState(this).encodedKeys();
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
    return signed(this, signWithRing(message, ringState(this), x, index, options, pub));
  }

  /**
   * Builds the whole per-ring cache now (H_p(P_i) and both tables per
   * member) instead of lazily; returns this. On a ring held by a
   * `RingCache`, the tables are charged to the cache's `maxBytes` and are
   * not built if they do not fit (nor on a ring the cache has evicted).
   */
  precompute(): this {
    ringState(this).precompute();
    return this;
  }

  /** Whether the per-member tables have been built. */
  get hasTables(): boolean {
    return ringState(this).hasTables;
  }
}

/** Checks the subgroup policy and for duplicates, and builds the ring. */
function makeRing(curve: Curve, pts: Point[], options: RingOptions, what: ((i: number) => string) | undefined): Ring {
  const torsionAt = what === undefined ? -1 : checkKeys(curve, pts, options.allowTorsion === true, what);
  const pl = curve.compressedPointSize;
  // Every key's encoding, with one shared inversion.
  const enc = pointsToBytes(curve, pts);
  const seen = new Map<string, number>();
  for (let i = 0; i < pts.length; i++) {
    const k = bytesKey(enc, i * pl, (i + 1) * pl);
    const j = seen.get(k);
    if (j !== undefined) {
      throw new StrataError(ErrorCode.INVALID_ARGUMENT, `ring: expected distinct public keys, got key ${i} equal to key ${j}`);
    }
    seen.set(k, i);
  }
  return new Ring(INTERNAL, curve, pts, enc, options.eagerTables === true, expectTableSize('Ring: options.tableSize', options.tableSize), torsionAt);
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
    stores.set(this, new RingStore(this.maxRings, this.maxBytes));
  }

  /** The number of rings held. */
  get size(): number {
    return storeOf(this).size;
  }

  /** The estimated bytes the cached rings hold (always ≤ `maxBytes`). */
  get bytes(): number {
    return storeOf(this).total;
  }

  /** Removes every ring (they drop their tables). */
  clear(): void {
    storeOf(this).clear();
  }
}

/**
 * The contents of a `RingCache`: its rings by key bytes, least recently
 * used first, and the byte budget their tables are charged to.
 */
class RingStore implements RingBudget {
  private readonly map = new Map<string, Ring>();
  /** The estimated bytes the stored rings hold. */
  total = 0;

  constructor(private readonly maxRings: number, private readonly maxBytes: number) {}

  get size(): number {
    return this.map.size;
  }

  /** Returns the ring stored under `key` for `curve` (marking it recently used), or undefined. */
  get(curve: Curve, key: string): Ring | undefined {
    const r = this.map.get(key);
    if (r === undefined || r.curve !== curve) return undefined;
    this.map.delete(key);
    this.map.set(key, r);
    return r;
  }

  /**
   * Stores `ring` (a new ring) under `key` and charges its bytes to the
   * budget, evicting least recently used rings beyond `maxRings` or
   * `maxBytes`. A ring too large for the budget on its own is not stored
   * and builds no tables.
   */
  set(key: string, ring: Ring): void {
    const state = ringState(ring);
    if (state.bytes > this.maxBytes) {
      state.detach();
      return;
    }
    const old = this.map.get(key);
    if (old !== undefined && old !== ring) this.evict(key, old);
    this.map.set(key, ring);
    state.attach(this);
    this.total += state.bytes;
    this.shrink(state);
  }

  /**
   * Grants `bytes` more to stored `ring` if its total stays within
   * `maxBytes`, evicting other rings (least recently used first) to make
   * room; returns whether it was granted.
   */
  reserve(ring: RingState, bytes: number): boolean {
    if (ring.bytes + bytes > this.maxBytes) return false;
    ring.bytes += bytes;
    this.total += bytes;
    this.shrink(ring);
    return true;
  }

  /** Takes back `bytes` of a table a stored ring dropped. */
  released(bytes: number): void {
    this.total -= bytes;
  }

  /** Evicts least recently used rings other than `keep` while over either bound. */
  private shrink(keep: RingState): void {
    for (const [k, r] of this.map) {
      if (this.map.size <= this.maxRings && this.total <= this.maxBytes) break;
      if (ringState(r) !== keep) this.evict(k, r);
    }
  }

  private evict(key: string, ring: Ring): void {
    this.map.delete(key);
    const state = ringState(ring);
    this.total -= state.bytes;
    state.detach();
  }

  /** Removes every ring (they drop their tables). */
  clear(): void {
    for (const [k, r] of [...this.map]) this.evict(k, r);
    this.total = 0;
  }
}

/** The store of every `RingCache`. */
const stores = new WeakMap<RingCache, RingStore>();

function storeOf(cache: RingCache): RingStore {
  return stores.get(cache)!;
}

/** Options of `RingSignature.fromBytes`. */
export interface FromBytesOptions {
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

/** A token that only this module holds, guarding the raw `RingSignature` constructor. */
const SIGNATURE = Symbol('ringsig-internal');

/** A linkable ring signature (ring-go `RingSig`). Immutable. */
export class RingSignature {
  /** The ring the signature was made over. */
  readonly ring: Ring;
  private readonly _sig: SignatureData;

  /** @internal Use `sign`, `Ring.sign` or `RingSignature.fromBytes`. */
  constructor(token: symbol, ring: Ring, c: Scalar, s: Scalar[], image: Point, imageTable: PointLike | undefined, imagePrime: boolean) {
    if (token !== SIGNATURE) throw new TypeError('RingSignature: use sign() or RingSignature.fromBytes()');
    this.ring = ring;
    this._sig = { c, s, image, imageTable, imagePrime };
  }

  /** The curve of the signature. */
  get curve(): Curve {
    return this.ring.curve;
  }

  /** The ring size n. */
  get size(): number {
    return this._sig.s.length;
  }

  /** Returns a copy of the key image I = x·H_p(P_signer). */
  get keyImage(): Point {
    return this._sig.image.clone();
  }

  /** Returns the key image's encoding (Go `Encode()`), a new array. */
  keyImageBytes(): Uint8Array {
    return encodeGoInto(this.curve, this._sig.image, new Uint8Array(this.curve.compressedPointSize), 0);
  }

  /** Returns a copy of c_0, the challenge entering member 0. */
  get challenge(): Scalar {
    return this._sig.c.clone();
  }

  /** Returns copies of the responses s_0 … s_{n−1}. */
  responses(): Scalar[] {
    return this._sig.s.map((x) => x.clone());
  }

  /** Returns the byte length `toBytes()` produces. */
  get byteLength(): number {
    return signatureByteLength(this.curve, this.size);
  }

  /** Returns ring-go's serialization of the signature (layout in signature.ts's header). */
  toBytes(): Uint8Array {
    return serializeSignature(ringState(this.ring), this._sig);
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
    if (message.length !== 32 || this._sig.s.length > maxRingSize) return false;
    const ring = ringState(this.ring);
    try {
      const ok = verifyChain(ring, this._sig, message, ruleOpts);
      if (ok) ring.markTrusted();
      return ok;
    } catch {
      // A Go panic (decred hash overflow) or any backend error: invalid.
      return false;
    }
  }

  /**
   * Parses ring-go's serialization over `curve` (Go `Deserialize`; the
   * rules are in signature.ts's header). Throws StrataError: `ERR_TRUNCATED` for
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
  static fromBytes(curve: Curve, bytes: Uint8Array, options: FromBytesOptions = {}): RingSignature {
    expectCurve('RingSignature.fromBytes', curve);
    if (!(bytes instanceof Uint8Array)) {
      throw new TypeError(`RingSignature.fromBytes: expected Uint8Array, got ${describe(bytes)}`);
    }
    const opts = expectOptions<FromBytesOptions>('RingSignature.fromBytes', options);
    const strict = expectBooleanOption('RingSignature.fromBytes: options.strict', opts.strict, false);
    const allowTorsion = expectBooleanOption('RingSignature.fromBytes: options.allowTorsion', opts.allowTorsion, false);
    const maxRingSize = expectIntegerOption(
      'RingSignature.fromBytes: options.maxRingSize', opts.maxRingSize, DEFAULT_MAX_RING_SIZE, 1, MAX_U32,
    );
    const cache = opts.cache;
    if (cache !== undefined && !(cache instanceof RingCache)) {
      throw new TypeError(`RingSignature.fromBytes: expected options.cache to be a RingCache, got ${describe(cache)}`);
    }
    if (bytes.length < 4) {
      throw new StrataError(ErrorCode.TRUNCATED, `ring signature: expected at least 4 bytes (size field), got ${bytes.length}`, { offset: 0 });
    }
    const n = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
    const pl = curve.compressedPointSize;
    const ss = curve.scalarSize;
    const need = signatureByteLength(curve, n);
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
      ring = storeOf(cache).get(curve, key);
    }
    if (ring === undefined) {
      const pts: Point[] = [];
      for (let i = 0; i < n; i++) pts.push(decodePointAt(curve, bytes, base + i * stride + ss, `P[${i}]`, false));
      const torsionAt = checkKeys(curve, pts, allowTorsion, (i) => `ring signature P[${i}]`, (i) => base + i * stride + ss);
      // Go tolerates duplicates and size-1 rings here: no `makeRing` checks.
      ring = new Ring(INTERNAL, curve, pts, undefined, false, cache?.tableSize, torsionAt);
      if (cache !== undefined && key !== undefined) storeOf(cache).set(key, ring);
    } else if (ringState(ring).torsionAt >= 0 && !allowTorsion) {
      const i = ringState(ring).torsionAt;
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
    const imagePrime = ringState(ring).knowsImage(hexKey(bytes, 4 + ss, 4 + ss + pl)) ||
      checkSubgroup(curve, image, 'ring signature key image', allowTorsion, 4 + ss) === 'prime';
    return new RingSignature(SIGNATURE, ring, c, s, image, undefined, imagePrime);
  }
}

/**
 * Signs the 32-byte `message` with `privateKey`, whose public key must be
 * the ring's key at `index` (ring-go `Sign(m, ring, privKey, ourIdx)`).
 *
 * Errors (StrataError): `ERR_BAD_LENGTH` for a message that is not 32
 * bytes; `ERR_INVALID_ARGUMENT` for a ring of fewer than 2 members or a key
 * that is not the ring's key at `index`; `ERR_OUT_OF_RANGE` for an index
 * outside the ring or a zero / out-of-range private key. TypeError for
 * arguments of the wrong type.
 */
export function sign(
  message: Uint8Array,
  ring: Ring,
  privateKey: PrivateKeyInput,
  index: number,
  options: SignOptions = {},
): RingSignature {
  if (!(ring instanceof Ring)) throw new TypeError('sign: expected a Ring');
  const x = toPrivateScalar(ring.curve, privateKey, 'sign: private key');
  return signed(ring, signWithRing(message, ringState(ring), x, index, options, undefined));
}

/** Wraps the signer's output (an honest key image: x·H_p(P_j) is in the prime-order subgroup). */
function signed(ring: Ring, p: SignedParts): RingSignature {
  return new RingSignature(SIGNATURE, ring, p.c0, p.s, p.image, p.imageTable, true);
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
