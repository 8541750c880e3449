/**
 * The state behind a public `Ring`: its keys, and the lazily built per-ring
 * cache every signature over the ring reuses (H_p(P_i), tables of P_i and
 * H_p(P_i), key images and their tables), with the byte accounting against
 * the owning `RingCache`'s budget. The policy (hashes on the first use,
 * tables from the second once a signature has verified or been made on the
 * ring) is described in ring.ts.
 *
 * A `Ring` holds its state through a module-private WeakMap ({@link ringState}),
 * so the public class carries no internal members; the signing and
 * verification modules work on the state and never import the public
 * classes. Not exported from the package.
 */
import { pointsToBytes, precompute } from '@strata/group';
import type { Curve, Point, PointLike, PrecomputeOptions } from '@strata/group';
import { hashEncodingToCurveNonConst } from './hash.js';
import {
  MEMBER_BASE_BYTES,
  checkSubgroup,
  hexKey,
  keptImageTableOptions,
  memberTableOptions,
  tableBytes,
  type TableSize,
} from './internal.js';

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

/**
 * How many key-image tables a ring keeps for verification (see
 * `RingState.verifyImageTable`): at most 8 × 15 KB on secp256k1 and 8 × 46 KB
 * on ed25519 with the default hints.
 */
export const VERIFIED_IMAGE_TABLES = 8;

/** The byte budget a ring's tables are charged to (a `RingCache`'s). */
export interface RingBudget {
  /**
   * Grants `bytes` more to `ring` if its total stays within the budget
   * (evicting other rings to make room); returns whether it was granted.
   */
  reserve(ring: RingState, bytes: number): boolean;
  /** Takes back `bytes` of a table the ring dropped. */
  released(bytes: number): void;
}

/** A key image of a member that has signed on the ring, and its table once built. */
export interface KeyImageEntry {
  readonly image: Point;
  table: PointLike | undefined;
}

/** The keys of one ring and their lazily built cache (see the file comment). */
export class RingState {
  /** The curve of every key in the ring. */
  readonly curve: Curve;
  /** The keys (private copies; never handed out). */
  readonly keys: readonly Point[];
  /** Size of the per-member tables. */
  readonly tableSize: TableSize;
  /** Index of the first member with a torsion component, or −1 (see `allowTorsion`). */
  readonly torsionAt: number;
  /** The estimated bytes this ring holds (see `MEMBER_BASE_BYTES`, `tableBytes`). */
  bytes: number;
  /** Go `Encode()` of the keys, concatenated, built lazily. */
  private enc: Uint8Array | undefined;
  private hp: Point[] | undefined;
  private pT: PointLike[] | undefined;
  private hT: PointLike[] | undefined;
  private uses = 0;
  /** Whether a signature on this ring has verified, or been made, with it (tables are built only then). */
  private trusted = false;
  private readonly eager: boolean;
  /**
   * The budget this ring's tables are charged to; undefined for a ring made
   * by the application (no budget), null once evicted (no more tables).
   */
  private budget: RingBudget | null | undefined = undefined;
  /** Key images (and their tables) of members that have signed on this ring, by index. */
  private readonly images = new Map<number, KeyImageEntry>();
  /** Tables of recently verified key images, by I's encoding, least recently used first. */
  private readonly verifiedImages = new Map<string, { table: PointLike; bytes: number }>();
  private verifiedImageBuilds = 0;

  constructor(curve: Curve, keys: Point[], enc: Uint8Array | undefined, eager: boolean, tableSize: TableSize, torsionAt: number) {
    this.curve = curve;
    this.keys = keys;
    this.enc = enc;
    this.eager = eager;
    this.tableSize = tableSize;
    this.torsionAt = torsionAt;
    this.bytes = keys.length * MEMBER_BASE_BYTES;
  }

  /** The number of members. */
  get size(): number {
    return this.keys.length;
  }

  /**
   * Returns the keys' Go encodings concatenated (n · PL bytes); built once,
   * with one inversion shared by all keys (`pointsToBytes`). Do not modify.
   */
  encodedKeys(): Uint8Array {
    this.enc ??= pointsToBytes(this.curve, this.keys);
    return this.enc;
  }

  /**
   * Asks for `bytes` more of the budget for a table; true if granted
   * (always, for a ring the application made), false for an evicted ring or
   * one the budget cannot hold.
   */
  private charge(bytes: number): boolean {
    if (this.budget === null) return false;
    if (this.budget === undefined) {
      this.bytes += bytes;
      return true;
    }
    return this.budget.reserve(this, bytes);
  }

  /** Returns `bytes` of a dropped table to the budget. */
  private uncharge(bytes: number): void {
    this.bytes -= bytes;
    if (this.budget) this.budget.released(bytes);
  }

  /** Attaches the ring to a cache's byte budget. */
  attach(budget: RingBudget): void {
    this.budget = budget;
  }

  /**
   * Called when the owning cache evicts the ring: drops every table
   * (per-member, verified and signer key images) and builds none from now
   * on. Signatures that hold the ring keep working on the plain path.
   */
  detach(): void {
    this.budget = null;
    this.pT = undefined;
    this.hT = undefined;
    this.verifiedImages.clear();
    for (const e of this.images.values()) e.table = undefined;
    this.bytes = this.keys.length * MEMBER_BASE_BYTES;
  }

  /**
   * Records that a signature on this ring verified (or was made with it):
   * from the next use on, the ring may build its tables.
   */
  markTrusted(): void {
    this.trusted = true;
  }

  /** Whether the ring's verified key-image cache holds `imageKey` (a checked image). */
  knowsImage(imageKey: string): boolean {
    return this.verifiedImages.has(imageKey);
  }

  /** The table hints for a key image on this ring. */
  imageTableOptions(): PrecomputeOptions {
    return keptImageTableOptions(this.tableSize, this.keys.length);
  }

  /** Whether the per-member tables have been built. */
  get hasTables(): boolean {
    return this.pT !== undefined;
  }

  /**
   * Returns the key image I = x·H_p(P_index) of the member at `index`,
   * computing it with `compute` on the first call and caching it (with a
   * table of I once the ring has tables). I is public (it is in every
   * signature) and fixed by P_index, since the signer's key has been checked
   * against P_index, so caching it leaks nothing and saves a constant-time
   * multiplication per signature.
   */
  keyImage(index: number, tables: boolean, compute: () => Point): KeyImageEntry {
    let e = this.images.get(index);
    if (e === undefined) {
      e = { image: compute(), table: undefined };
      this.images.set(index, e);
    }
    if (tables && e.table === undefined) {
      const opts = this.imageTableOptions();
      if (this.charge(tableBytes(this.curve, opts))) e.table = precompute(this.curve, e.image, opts);
    }
    return e;
  }

  /**
   * Returns a table of the key image I for verifying a signature on this
   * ring. A signer's key image is the same in every signature it makes on
   * any ring, so a gateway that verifies one signer's requests over and over
   * rebuilds nothing after the first: the last {@link VERIFIED_IMAGE_TABLES}
   * tables are kept by I's encoding (least recently used evicted; a foreign
   * I can only evict, never alter, an entry, since the encoding of a valid
   * point determines the point).
   */
  verifyImageTable(image: Point, cacheable: boolean): PointLike {
    const key = hexKey(image.toBytes());
    const cached = this.verifiedImages.get(key);
    if (cached !== undefined) {
      this.verifiedImages.delete(key);
      this.verifiedImages.set(key, cached);
      return cached.table;
    }
    const opts = this.imageTableOptions();
    const bytes = tableBytes(this.curve, opts);
    if (!cacheable || !this.charge(bytes)) return image;
    const table = precompute(this.curve, image, opts);
    this.verifiedImageBuilds++;
    this.verifiedImages.set(key, { table, bytes });
    if (this.verifiedImages.size > VERIFIED_IMAGE_TABLES) {
      const oldest = this.verifiedImages.entries().next();
      if (oldest.done !== true) {
        this.verifiedImages.delete(oldest.value[0]);
        this.uncharge(oldest.value[1].bytes);
      }
    }
    return table;
  }

  /** How many verified key-image tables this ring holds, and how many it has built (for tests). */
  get verifiedImageTableStats(): { held: number; built: number } {
    return { held: this.verifiedImages.size, built: this.verifiedImageBuilds };
  }

  /**
   * Returns the per-member data for one signing or verification and counts
   * the use: hashes on the first use, tables from the second once a
   * signature has verified or been made on the ring (or at the first with
   * `eagerTables`), within the owning cache's byte budget.
   */
  members(): RingMembers {
    this.uses++;
    return this.build(this.eager || (this.trusted && this.uses >= 2));
  }

  /** Builds the whole cache now (`Ring.precompute`). */
  precompute(): void {
    this.uses = Math.max(this.uses, 1);
    this.build(true);
  }

  /** Builds H_p(P_i), and the tables when `withTables` and the budget allows; counts no use. */
  build(withTables: boolean): RingMembers {
    const curve = this.curve;
    if (this.hp === undefined) {
      const enc = this.encodedKeys();
      const pl = curve.compressedPointSize;
      this.hp = this.keys.map((_, i) => hashEncodingToCurveNonConst(curve, enc.subarray(i * pl, (i + 1) * pl)));
    }
    if (withTables && this.pT === undefined) {
      const opts = memberTableOptions(this.tableSize);
      if (this.charge(2 * this.keys.length * tableBytes(curve, opts))) {
        this.pT = this.keys.map((P) => precompute(curve, P, opts));
        this.hT = this.hp.map((H) => precompute(curve, H, opts));
      }
    }
    if (this.pT !== undefined && this.hT !== undefined) {
      return { p: this.pT, h: this.hT, hp: this.hp, tables: true };
    }
    return { p: this.keys, h: this.hp, hp: this.hp, tables: false };
  }
}

/**
 * Checks every key against the subgroup policy (small order: always an
 * error; torsion: an error unless `allowTorsion`) and returns the index of
 * the first key with torsion, or −1. `what(i)` names key i in the error,
 * `offset(i)` gives its byte offset (deserialisation).
 */
export function checkKeys(
  curve: Curve,
  pts: readonly Point[],
  allowTorsion: boolean,
  what: (i: number) => string,
  offset?: (i: number) => number,
): number {
  let first = -1;
  for (let i = 0; i < pts.length; i++) {
    const k = checkSubgroup(curve, pts[i]!, what(i), allowTorsion, offset?.(i));
    if (k === 'torsion' && first < 0) first = i;
  }
  return first;
}

/** The state of every live `Ring`, keyed by the public object. */
const states = new WeakMap<object, RingState>();

/** Gives `ring` (a new public `Ring`) its state; once per ring. */
export function bindRingState(ring: object, state: RingState): void {
  if (states.has(ring)) throw new TypeError('ring: state already bound');
  states.set(ring, state);
}

/** Returns the state of a public `Ring` (TypeError for any other object). */
export function ringState(ring: object): RingState {
  const s = states.get(ring);
  if (s === undefined) throw new TypeError('ring: expected a Ring');
  return s;
}
