/**
 * Decoded public keys, and a bounded LRU cache of them.
 *
 * Decoding a public key costs a square root in GF(2^255 − 19) (≈ 255
 * squarings) plus, for verification, the negation and a table of −A.
 * Services that see the same signers again and again skip all of it with a
 * `PublicKeyCache`: `verify`, `BatchVerifier` and `verifyBatchParallel`
 * (worker-resident caches) accept one. A cached key is decoded once under
 * the ZIP-215 rules and carries the facts strict mode needs (canonical
 * encoding, small order), so one cache serves both modes
 * and results never depend on whether a cache is used.
 *
 * References: [RFC8032] §5.1.3 (decoding), [ZIP-215] (lenient decoding),
 * [HMV04] Alg. 3.36 (wNAF tables of odd multiples).
 */
import * as ed25519 from '@strata/curves/ed25519';
import { describe, expectOptions } from '@strata/field';

type Point = ed25519.Point;
type PublicPointTable = ed25519.PublicPointTable;

/**
 * wNAF window of the per-key tables built by a cache with `precompute`:
 * 2^(w−2) = 8 odd multiples of −A per piece (see {@link KEY_TABLE_PIECES}).
 */
export const KEY_TABLE_WIDTH = 5;

/**
 * Pieces of the per-key tables: the odd multiples of 2^(33·j)·(−A), j < 8,
 * so the Straus loop [S]B + [k](−A) runs a 33-step doubling chain instead of
 * ~253 (B uses its own 8-piece table). 64 affine Niels entries, 23 040 bytes
 * of limbs per key, built once per key. Chosen by measurement of
 * `doubleScalarMultBaseNonConst` over the candidate shapes: width 6 × 8
 * is only a few percent faster at twice the memory, width 4 × 8 and
 * width 5 × 4 are slower at half of it.
 */
export const KEY_TABLE_PIECES = 8;

/**
 * A decoded public key A, as verification needs it. Internal to this
 * package. Instances held by a cache or a batch are never changed after
 * `decode` (but for the batch equation's scratch `eqStamp` / `eqSlot`);
 * single `verify` without a cache reuses one scratch instance through
 * `reset` (allocation-free hot path).
 */
export class KeyInfo {
  /**
   * Scratch of the batch equation (batch.ts `batchHolds`, synchronous and
   * not re-entrant): this key's coefficient is accumulator `eqSlot` of the
   * equation numbered `eqStamp`; a stale stamp means the key has none yet.
   * Replaces a Map lookup per entry.
   */
  eqStamp = 0;
  /** See {@link KeyInfo.eqStamp}. */
  eqSlot = 0;
  /** False when the 32 bytes do not decode to a curve point (even under ZIP-215). */
  ok = false;
  /** True iff the encoding is canonical per [RFC8032] §5.1.2 (y < p, no x = −0). */
  canonical = false;
  /** [8]A = O, computed on first use (only strict mode asks). */
  private small: boolean | undefined = undefined;
  /** −A (the verification equation uses [S]B + [k](−A)). */
  readonly neg: Point = new ed25519.Point();
  /** Pieced table of −A ({@link KEY_TABLE_WIDTH} × {@link KEY_TABLE_PIECES}), or null when not precomputed. */
  table: PublicPointTable | null = null;

  /** True iff [8]A = O (three doublings on first use, then memoized; false for an undecodable key). */
  get smallOrder(): boolean {
    if (this.small === undefined) this.small = this.ok && this.neg.isSmallOrder();
    return this.small;
  }

  /**
   * Decodes 32 bytes (ZIP-215 rules) into this and returns this; with
   * `precompute` also builds the pieced table of −A (allocating it). Never
   * throws for bad bytes (ok = false).
   */
  reset(pk: Uint8Array, precompute: boolean): this {
    const p = this.neg;
    this.small = undefined;
    this.table = null;
    if (pk.length !== 32 || !p.trySetBytes(pk)) {
      p.setIdentity();
      this.ok = false;
      this.canonical = false;
      return this;
    }
    this.ok = true;
    this.canonical = encodingIsCanonical(pk, 0, p);
    p.negate(p);
    if (precompute) this.table = ed25519.precomputeNonConst(p, { width: KEY_TABLE_WIDTH, pieces: KEY_TABLE_PIECES });
    return this;
  }

  /** Returns a new KeyInfo decoded from 32 bytes (see {@link reset}). */
  static decode(pk: Uint8Array, precompute: boolean): KeyInfo {
    return new KeyInfo().reset(pk, precompute);
  }
}

/**
 * Returns true iff the 32 bytes at b[off..off+32), which decoded to `p`
 * under ZIP-215 rules, are the canonical encoding of p: y < p (the field
 * prime) and not "x = 0 with the sign bit set" ([RFC8032] §5.1.3 steps 1, 4).
 */
export function encodingIsCanonical(b: Uint8Array, off: number, p: Point): boolean {
  // y ≥ 2^255 − 19  ⟺  bytes 1..30 are 0xff, byte 31 (sans sign) is 0x7f and byte 0 ≥ 0xed.
  let yTooBig = (b[off + 31]! & 0x7f) === 0x7f && b[off]! >= 0xed;
  for (let i = 1; yTooBig && i < 31; i++) if (b[off + i] !== 0xff) yTooBig = false;
  if (yTooBig) return false;
  const sign = b[off + 31]! >>> 7;
  // p was just decoded (Z = 1), so X is the affine x.
  return !(sign === 1 && p.X.isZero());
}

/**
 * Estimated bytes one cached key holds besides its table: the KeyInfo
 * object, −A (four `Fe25519`, each a 15-limb Float64Array) and the Map entry
 * with its 32-character key string. Measured at ≈ 1 420 bytes per key
 * (heapUsed + arrayBuffers growth after GC over 2 000 keys, Node 20), rounded
 * up.
 */
export const KEY_BASE_BYTES = 1536;

/**
 * Estimated bytes a key's table holds besides its limbs (`table.byteLength`,
 * 23 040): the table object and its typed-array headers. Measured at
 * ≈ 2 100 bytes (same run), rounded up.
 */
const TABLE_OVERHEAD_BYTES = 2048;

/** Default byte bound of a `PublicKeyCache`: 64 MiB (≈ 1 900 keys with tables, ≈ 43 000 without). */
export const DEFAULT_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Bytes of the WebAssembly engine's copy of a key's table per byte of its
 * TypeScript limbs: once the table is used under the WebAssembly engine,
 * `@strata/curves` keeps its entries in the kernels' form beside it (30
 * 32-bit limbs per entry against 45 doubles), for as long as the table
 * lives. Counted for every table, whichever engine is selected, so the
 * bound holds when a caller switches engines.
 */
const WASM_COPY_PER_TABLE_BYTE = 1 / 3;

/** Returns the estimated bytes a cached key holds (see {@link KEY_BASE_BYTES}). */
function keyBytes(info: KeyInfo): number {
  if (info.table === null) return KEY_BASE_BYTES;
  return KEY_BASE_BYTES + Math.ceil(info.table.byteLength * (1 + WASM_COPY_PER_TABLE_BYTE)) + TABLE_OVERHEAD_BYTES;
}

/** Options of `new PublicKeyCache()`. */
export interface PublicKeyCacheOptions {
  /** Maximum number of keys kept (default 4096); the least recently used is evicted. */
  capacity?: number;
  /**
   * Maximum estimated bytes held (default {@link DEFAULT_CACHE_MAX_BYTES},
   * 64 MiB; at least {@link KEY_BASE_BYTES}); the least recently used keys are
   * evicted until the cache is within both bounds. Whatever keys an attacker
   * sends, memory stays within this bound.
   */
  maxBytes?: number;
  /** Build a pieced wNAF table of −A per key (default true, 23 KB per key): faster single verification of repeat signers. */
  precompute?: boolean;
}

/** Cache statistics. */
export interface PublicKeyCacheStats {
  /** Lookups answered from the cache. */
  hits: number;
  /** Lookups that had to decode. */
  misses: number;
  /** Keys dropped to respect the capacity. */
  evictions: number;
  /** Keys held now. */
  size: number;
  /** Estimated bytes held now (at most `maxBytes`). */
  bytes: number;
}

/** Returns a compact Map key for 32 bytes (one UTF-16 unit per byte). */
function keyString(pk: Uint8Array): string {
  return String.fromCharCode.apply(null, pk as unknown as number[]);
}

/** Validates an optional integer option ≥ min: TypeError for a non-number, RangeError out of range. */
function intOption(v: unknown, dflt: number, min: number, name: string): number {
  if (v === undefined) return dflt;
  if (typeof v !== 'number') throw new TypeError(`PublicKeyCache ${name}: expected an integer ≥ ${min}, got ${describe(v)}`);
  if (!Number.isSafeInteger(v) || v < min) throw new RangeError(`PublicKeyCache ${name}: expected an integer ≥ ${min}, got ${v}`);
  return v;
}

/** The private `lookup` of `PublicKeyCache`, set by the class's static block (see {@link lookupKey}). */
let privateLookup: (cache: PublicKeyCache, pk: Uint8Array) => KeyInfo;

/**
 * An LRU cache of decoded public keys with hit/miss counters, bounded both
 * in keys (`capacity`) and in estimated bytes (`maxBytes`). Pass it
 * as `{ cache }` to `verify`, `new BatchVerifier()` (and its capacity to
 * `verifyBatchParallel`). Keys that fail to decode are cached too (as
 * invalid), so repeated garbage costs no more than repeated good keys. Not
 * shared between threads.
 */
export class PublicKeyCache {
  /** Maximum number of keys held. */
  readonly capacity: number;
  /** Maximum estimated bytes held. */
  readonly maxBytes: number;
  /** Whether per-key wNAF tables are built. */
  readonly precompute: boolean;
  private readonly map = new Map<string, KeyInfo>();
  private nBytes = 0;
  private nHits = 0;
  private nMisses = 0;
  private nEvictions = 0;

  static {
    privateLookup = (cache, pk) => cache.lookup(pk);
  }

  /**
   * Creates an empty cache (capacity ≥ 1, default 4096; maxBytes ≥
   * KEY_BASE_BYTES, default 64 MiB; precompute default true). An option of
   * the wrong type throws TypeError, a number out of range RangeError.
   */
  constructor(options: PublicKeyCacheOptions = {}) {
    expectOptions('PublicKeyCache options', options);
    this.capacity = intOption(options.capacity, 4096, 1, 'capacity');
    this.maxBytes = intOption(options.maxBytes, DEFAULT_CACHE_MAX_BYTES, KEY_BASE_BYTES, 'maxBytes');
    const pre: unknown = options.precompute;
    if (pre !== undefined && typeof pre !== 'boolean') {
      throw new TypeError(`PublicKeyCache precompute: expected a boolean, got ${describe(pre)}`);
    }
    this.precompute = pre ?? true;
  }

  /** Estimated bytes held now (see {@link KEY_BASE_BYTES}). */
  get bytes(): number {
    return this.nBytes;
  }

  /** Number of lookups answered from the cache. */
  get hits(): number {
    return this.nHits;
  }

  /** Number of lookups that decoded the key. */
  get misses(): number {
    return this.nMisses;
  }

  /** Number of keys evicted to respect the capacity. */
  get evictions(): number {
    return this.nEvictions;
  }

  /** Number of keys held now. */
  get size(): number {
    return this.map.size;
  }

  /** Returns a snapshot of the counters. */
  stats(): PublicKeyCacheStats {
    return { hits: this.nHits, misses: this.nMisses, evictions: this.nEvictions, size: this.map.size, bytes: this.nBytes };
  }

  /** Returns true iff the 32-byte key is held (does not count as a lookup or refresh recency). */
  has(publicKey: Uint8Array): boolean {
    if (!(publicKey instanceof Uint8Array)) throw new TypeError(`PublicKeyCache.has: expected Uint8Array, got ${describe(publicKey)}`);
    return publicKey.length === 32 && this.map.has(keyString(publicKey));
  }

  /** Drops every key (counters are kept; see resetStats). */
  clear(): void {
    this.map.clear();
    this.nBytes = 0;
  }

  /** Sets the hit, miss and eviction counters to 0. */
  resetStats(): void {
    this.nHits = 0;
    this.nMisses = 0;
    this.nEvictions = 0;
  }

  /** See {@link lookupKey}. */
  private lookup(pk: Uint8Array): KeyInfo {
    const k = keyString(pk);
    const m = this.map;
    const hit = m.get(k);
    if (hit !== undefined) {
      this.nHits++;
      // Refresh recency: Map iteration order is insertion order.
      m.delete(k);
      m.set(k, hit);
      return hit;
    }
    this.nMisses++;
    const info = KeyInfo.decode(pk, this.precompute);
    const size = keyBytes(info);
    // Evict least recently used keys until both bounds hold with the new one.
    while (m.size > 0 && (m.size >= this.capacity || this.nBytes + size > this.maxBytes)) {
      const oldest = m.entries().next().value!;
      m.delete(oldest[0]);
      this.nBytes -= keyBytes(oldest[1]);
      this.nEvictions++;
    }
    // A key bigger than the whole bound (maxBytes below one table) is returned but not kept.
    if (size <= this.maxBytes) {
      m.set(k, info);
      this.nBytes += size;
    }
    return info;
  }
}

/**
 * Returns the decoded key for 32 bytes from `cache`, decoding and inserting
 * it on a miss (evicting the least recently used key when full). Internal to
 * this package (`verify`, `BatchVerifier`): a function rather than a method
 * of `PublicKeyCache`, so that the class's public declaration names no
 * internal type (`KeyInfo`).
 */
export function lookupKey(cache: PublicKeyCache, pk: Uint8Array): KeyInfo {
  return privateLookup(cache, pk);
}

/**
 * @internal A key memo for callers without a cache (dedupes keys within one
 * batch window). Its KeyInfo objects are recycled by `clear()`: a decoded
 * key holds four field elements, and allocating them for every key of every
 * window is a few percent of a batch entry in CPU profiles. Only for
 * synchronous, non-re-entrant use: every KeyInfo returned before a
 * `clear()` is invalid after it.
 */
export class KeyMemo {
  private readonly map = new Map<string, KeyInfo>();
  private readonly pool: KeyInfo[] = [];
  private used = 0;

  /** Returns the decoded key, decoding it once per distinct key since the last `clear()`. */
  lookup(pk: Uint8Array): KeyInfo {
    const k = keyString(pk);
    let info = this.map.get(k);
    if (info === undefined) {
      if (this.used === this.pool.length) this.pool.push(new KeyInfo());
      info = this.pool[this.used++]!.reset(pk, false);
      this.map.set(k, info);
    }
    return info;
  }

  /** Forgets every key and recycles their KeyInfo objects. */
  clear(): void {
    this.map.clear();
    this.used = 0;
  }
}
