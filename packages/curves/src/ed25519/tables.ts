/**
 * edwards25519 precomputed tables: what the scalar multiplications
 * (scalarmult.ts) and the MSM (msm.ts) read.
 *
 * - {@link SecretPointTable} (from {@link precompute}): the radix-16 comb
 *   (j + 1)·256^i·P in affine Niels form for constant-time multiplication
 *   by SECRET scalars; the comb of B is built the same way on first use.
 * - {@link WnafTable}: the odd multiples of one point in cached form, the
 *   one-shot table of the variable-base routines and the MSM.
 * - {@link PublicPointTable} (from {@link precomputeNonConst}): pieced
 *   affine tables for variable-time use (below), and B's width-8 tables.
 *
 * ## Pieced tables
 *
 * `precomputeNonConst(P, { width, pieces })` returns a {@link PublicPointTable}:
 * for t pieces, the odd multiples of 2^(b·j)·P (b = ⌈257/t⌉, j < t) in
 * affine Niels form. One loop, `runChain` (scalarmult.ts), serves every
 * variable-time routine: each operand's wNAF digit b·j + i is added from
 * piece j at loop position i, so a double-scalar multiplication with t-piece
 * tables of both operands (B has its own t-piece table) shares a chain of
 * ≤ b doublings instead of ~253; the number of additions does not change.
 *
 * Every table is built from public points (variable time in P) and cannot
 * change after it is built: its entries are kept in records of this module
 * (`secretTableData`, `publicTableData`), out of callers' reach.
 *
 * References:
 * - [BDLSY12] D. J. Bernstein, N. Duif, T. Lange, P. Schwabe, B.-Y. Yang, "High-speed high-security signatures" (radix-16 fixed-base comb).
 * - [HMV04] D. Hankerson, A. Menezes, S. Vanstone, Guide to Elliptic Curve Cryptography, Alg. 3.35 (wNAF).
 * - [MONT87] P. L. Montgomery, Math. Comp. 48 (1987) (simultaneous inversion, {@link flatNiels}).
 */
import { ErrorCode, Fe25519, StrataError, describe } from '@strata/field';
import { Point, PointCached, PointNiels } from './point.js';
import { FE_D2 } from './params.js';
import { tableShape } from '../table-shape.js';
import { ed25519Backend } from '../engine/state.js';
import type { CombLike, PiecedLike } from './backend.js';

/** Copies the 15 limbs at buf[o …) into f and returns f. */
function loadFe(f: Fe25519, buf: Float64Array, o: number): Fe25519 {
  const l = f.l;
  for (let k = 0; k < 15; k++) l[k] = buf[o + k]!;
  return f;
}

/** Copies the 15 limbs of f into buf[o …). */
function storeFe(f: Fe25519, buf: Float64Array, o: number): void {
  const l = f.l;
  for (let k = 0; k < 15; k++) buf[o + k] = l[k]!;
}

/** Scratch of the table builders ({@link buildComb}, {@link buildPieces}, {@link flatNiels}). */
const bpBase = new Point();
const bpTwo = new Point();
const bpStep = new PointCached();
const bpCur = new Point();
const bpAcc = new Fe25519();
const bpInv = new Fe25519();
const bpZi = new Fe25519();
const bpX = new Fe25519();
const bpY = new Fe25519();
const bpNiels = new PointNiels();

/** Writes the X, Y, Z limbs of p into xyz[45·e …) (X at +0, Y at +15, Z at +30). */
function storeXYZ(p: Point, xyz: Float64Array, e: number): void {
  storeFe(p.X, xyz, 45 * e);
  storeFe(p.Y, xyz, 45 * e + 15);
  storeFe(p.Z, xyz, 45 * e + 30);
}

/**
 * Returns the affine Niels limbs (y + x, y − x, 2d·x·y at 45·e) of the n
 * extended points whose X, Y, Z are in xyz (see {@link storeXYZ}), with ONE
 * field inversion (Montgomery's simultaneous-inversion trick: prefix
 * products, one inverse, a backward pass): 3M per point for the products
 * and inverses, 2M for x and y, 2M for 2d·x·y. Flat buffers, no object per
 * point (a `Point` clone per entry made a w = 7, t = 8 table ~2.7× slower
 * to build). Allocates the output and one scratch buffer.
 */
function flatNiels(xyz: Float64Array, n: number): Float64Array {
  const pre = new Float64Array(15 * n); //                   pre[e] = Z_0⋯Z_e
  const acc = loadFe(bpAcc, xyz, 30);
  storeFe(acc, pre, 0);
  for (let e = 1; e < n; e++) {
    acc.mul(acc, loadFe(bpZi, xyz, 45 * e + 30));
    storeFe(acc, pre, 15 * e);
  }
  const inv = bpInv.set(acc).invert(bpInv); //                    (Z_0⋯Z_(n−1))⁻¹
  const flat = new Float64Array(n * ENTRY);
  const zi = bpZi;
  const x = bpX;
  const y = bpY;
  const nl = bpNiels;
  for (let e = n - 1; e >= 0; e--) {
    if (e > 0) zi.mul(inv, loadFe(bpAcc, pre, 15 * (e - 1))); // 1/Z_e
    else zi.set(inv);
    inv.mul(inv, loadFe(bpAcc, xyz, 45 * e + 30)); //              (Z_0⋯Z_(e−1))⁻¹
    x.mul(loadFe(bpAcc, xyz, 45 * e), zi);
    y.mul(loadFe(bpAcc, xyz, 45 * e + 15), zi);
    nl.yPlusX.add(y, x).carry();
    nl.yMinusX.sub(y, x).carry();
    nl.xy2d.mul(x, y).mul(nl.xy2d, FE_D2);
    storeFe(nl.yPlusX, flat, e * ENTRY);
    storeFe(nl.yMinusX, flat, e * ENTRY + 15);
    storeFe(nl.xy2d, flat, e * ENTRY + 30);
  }
  return flat;
}

/** Entries per comb row: |d|·256^i·P for |d| = 1 … 8. */
export const COMB_PER = 8;
/** Comb rows needed for scalars below 2^253 (reduced mod ℓ): digits 0 … 63. */
export const COMB_ROWS_REDUCED = 32;
/** Comb rows for full 256-bit integers: digit 64 ∈ {0, 1} needs row 32 (2^256·P). */
export const COMB_ROWS_FULL = 33;

/** Doubles per table entry: y + x, y − x, 2d·x·y, 15 limbs each. */
export const ENTRY = 45;
/** Doubles per comb row. */
export const ROW = COMB_PER * ENTRY;

/**
 * Returns the comb of P as flat limbs: entry (i, j) = (j + 1)·256^i·P for
 * i < nRows, j < 8, in affine Niels form (y + x, y − x, 2d·x·y; loose limbs)
 * at ENTRY·(8i + j). Variable time in P (P is public): 7·nRows additions,
 * 8·(nRows − 1) doublings and ONE field inversion for all entries
 * (Montgomery's trick, {@link flatNiels}). Allocates (one-off table build).
 */
function buildComb(P: Point, nRows: number): Float64Array {
  const n = nRows * COMB_PER;
  const xyz = new Float64Array(45 * n);
  const row = bpBase.set(P);
  const m = bpCur;
  for (let i = 0, e = 0; i < nRows; i++) {
    m.set(row);
    for (let j = 0; j < COMB_PER; j++, e++) {
      storeXYZ(m, xyz, e);
      if (j + 1 < COMB_PER) m.add(m, row);
    }
    if (i + 1 < nRows) row.doubleK(row, 8);
  }
  return flatNiels(xyz, n);
}

/**
 * What a {@link SecretPointTable} holds: the table's own copy of P and the
 * flat comb (see {@link buildComb}; rowCount rows of 8 affine Niels entries).
 * Kept out of the table object, in {@link secretTables}, and frozen:
 * nothing outside this module can reach the entries, so a table cannot
 * change after it is built, and the WebAssembly bridge may cache a record's
 * converted copy by the record's identity.
 */
export interface SecretTableData extends CombLike {
  readonly point: Point;
}

/** The record of every SecretPointTable this module built; an object without one is not a table. */
const secretTables = new WeakMap<SecretPointTable, SecretTableData>();

/**
 * A precomputed table of a point P for constant-time multiplication by
 * SECRET scalars ({@link scalarMultTable}): the radix-16 comb
 * (j + 1)·256^i·P, i < 33, j < 8 — 264 affine Niels points in one flat
 * Float64Array (95 KB) — the same structure {@link scalarBaseMult} uses for
 * B. Build it with {@link precompute}; safe to share.
 *
 * A table cannot be changed after it is built: the object is frozen and has
 * readers only, and its entries are kept where no caller can reach them.
 * The constructor builds no table (it throws a TypeError); an object that
 * only claims to be a table (made with `Object.create` of this prototype)
 * is refused by {@link scalarMultTable} with a StrataError
 * `ERR_INVALID_ARGUMENT`.
 *
 * It is separate from the variable-time {@link WnafTable} (2^(w−2) odd
 * multiples in cached form): the two serve different loops, and the secret
 * table is much larger, so callers build it only when they multiply the
 * same point by many secrets.
 */
export class SecretPointTable {
  /** Tables come from {@link precompute} only: throws a TypeError. */
  private constructor() {
    throw new TypeError('SecretPointTable: expected a table built by precompute, got a constructor call');
  }

  /** The point this table was built for: a new copy on every read. */
  get point(): Point {
    return secretTableData('SecretPointTable.point', this).point.clone();
  }

  /** Number of comb rows (33; the internal table of B has 32). */
  get rowCount(): number {
    return secretTableData('SecretPointTable.rowCount', this).rowCount;
  }

  /**
   * Sets out to the table entry (j + 1)·256^i·P (affine Niels; i < rowCount,
   * j < 8) and returns out (a new object when omitted). For inspection and
   * variable-time use: the index is not hidden.
   */
  entry(i: number, j: number, out: PointNiels = new PointNiels()): PointNiels {
    return combEntry(secretTableData('SecretPointTable.entry', this), i, j, out);
  }
}

/** Sets out to entry (i, j) of the comb record t (see {@link SecretPointTable.entry}) and returns out. */
function combEntry(t: SecretTableData, i: number, j: number, out: PointNiels): PointNiels {
  if (!Number.isInteger(i) || !Number.isInteger(j) || i < 0 || i >= t.rowCount || j < 0 || j >= COMB_PER) {
    throw new RangeError(`SecretPointTable.entry: expected row < ${t.rowCount} and column < ${COMB_PER}, got (${i}, ${j})`);
  }
  return loadNiels(t.entries, (i * COMB_PER + j) * ENTRY, out);
}

/** Returns the frozen record of a comb of `point` over `entries` (both handed over: no other reference may be kept). */
function secretRecord(point: Point, entries: Float64Array): SecretTableData {
  return Object.freeze({ point, entries, rowCount: entries.length / ROW });
}

/**
 * Returns the record of the table t (a SecretPointTable by its prototype),
 * or throws a StrataError ERR_INVALID_ARGUMENT when this module did not
 * build t (a forged object that only has the prototype).
 */
export function secretTableData(what: string, t: SecretPointTable): SecretTableData {
  const data = secretTables.get(t);
  if (data === undefined) throw new StrataError(ErrorCode.INVALID_ARGUMENT, `${what}: expected a SecretPointTable built by precompute, got an object that only has its prototype`);
  return data;
}

/**
 * Returns the constant-time comb table of P (see {@link SecretPointTable}).
 * P is treated as public: building the table is variable time in P (33
 * rows: 231 additions + 256 doublings + one batch inversion over 264 points,
 * about 2 ms here). P may have a torsion component or be of small order.
 */
export function precompute(P: Point): SecretPointTable {
  if (!(P instanceof Point)) throw new TypeError(`precompute: expected an ed25519 Point, got ${describe(P)}`);
  const point = P.clone();
  const table = Object.freeze(Object.create(SecretPointTable.prototype) as SecretPointTable);
  secretTables.set(table, secretRecord(point, buildComb(point, COMB_ROWS_FULL)));
  return table;
}

/** The comb of B (32 rows: base scalars are reduced mod ℓ), built on first use. */
let BASE_TABLE: SecretTableData | null = null;
/** The same entries as PointNiels objects, for the variable-time base comb. */
let BASE_NIELS: PointNiels[][] | null = null;

/** The comb record of B (32 rows), built on first use. */
export function baseTable(): SecretTableData {
  if (BASE_TABLE !== null) return BASE_TABLE;
  const b = Point.generator();
  BASE_TABLE = secretRecord(b, buildComb(b, COMB_ROWS_REDUCED));
  return BASE_TABLE;
}

/** B's comb entries as PointNiels rows, for the variable-time base comb; built on first use. */
export function baseNiels(): PointNiels[][] {
  if (BASE_NIELS !== null) return BASE_NIELS;
  const t = baseTable();
  const rows: PointNiels[][] = [];
  for (let i = 0; i < t.rowCount; i++) {
    const row: PointNiels[] = [];
    for (let j = 0; j < COMB_PER; j++) row.push(combEntry(t, i, j, new PointNiels()));
    rows.push(row);
  }
  BASE_NIELS = rows;
  return rows;
}

/** Width of the base point's wNAF table (64 odd multiples; chosen by measurement, see README). */
export const BASE_W = 8;
/** BASE_ODD[i] = (2i + 1)·B (affine Niels), i < 2^(BASE_W − 2). */
let BASE_ODD: PointNiels[] | null = null;

/** The odd multiples (2i + 1)·B, i < 2^(BASE_W − 2), as PointNiels; built on first use. */
export function baseOdd(): PointNiels[] {
  if (BASE_ODD !== null) return BASE_ODD;
  const tab = basePieced(1);
  const out: PointNiels[] = [];
  for (let i = 0; i < 1 << (BASE_W - 2); i++) out.push(loadNiels(tab.limbs, ENTRY * i, new PointNiels()));
  BASE_ODD = out;
  return out;
}

/**
 * Odd multiples P, 3P, …, (2^(w−1) − 1)P of one point in projective cached
 * form, for wNAF multiplication: the one-shot table that the variable-base
 * routines and the MSM build per call. It differs from a
 * {@link PublicPointTable} in what it costs and what it is for: no
 * inversion and one piece, so it is cheap to build and can be refilled in
 * place ({@link WnafTable.setPoint}) — where a `PublicPointTable` pays one
 * inversion for affine entries and t pieces to make every later use
 * faster. Accepted wherever a `Point` is by {@link scalarMultNonConst},
 * {@link doubleScalarMultBaseNonConst} and {@link doubleScalarMultNonConst}.
 *
 * Its shape cannot change: the table and its entries array are frozen (the
 * width and the number and order of entries stay as built); what changes
 * is the entries' contents, through {@link WnafTable.setPoint}. An object
 * that only claims to be a WnafTable (made with `Object.create` of this
 * prototype) is refused with a StrataError `ERR_INVALID_ARGUMENT`.
 */
export class WnafTable {
  /** The window width w (table has 2^(w−2) entries). */
  readonly width: number;
  /** entries[i] = (2i + 1)·P (a frozen array; the entries are refilled by {@link WnafTable.setPoint}). */
  readonly entries: readonly PointCached[];

  /** Creates a table for window width w ∈ [2, 8] filled with identities; use {@link WnafTable.fromPoint}. */
  constructor(width = 5) {
    if (!Number.isInteger(width) || width < 2 || width > 8) throw new RangeError(`WnafTable: expected a window width in [2, 8], got ${width}`);
    this.width = width;
    this.entries = Object.freeze(Array.from({ length: 1 << (width - 2) }, () => new PointCached()));
    wnafTables.add(this);
    Object.freeze(this);
  }

  /** Returns a new table of the odd multiples of p for window width w (default 5). */
  static fromPoint(p: Point, width = 5): WnafTable {
    return new WnafTable(width).setPoint(p);
  }

  /**
   * Refills this table with the odd multiples of p and returns this: one
   * doubling, then 2^(w−2) − 1 cached additions of 2P (8M each) and one 1M
   * conversion per entry. The edwards25519 twin of the generic Edwards
   * `oddMultiplesNonConst`, in cached form (see the module doc for why the
   * edwards25519 stack is separate).
   */
  setPoint(p: Point): this {
    const e = this.entries;
    const p2 = tblP2c.setPoint(tblP2.double(p));
    const cur = tblCur.set(p);
    e[0]!.setPoint(cur);
    for (let i = 1; i < e.length; i++) {
      cur.addCached(cur, p2);
      e[i]!.setPoint(cur);
    }
    return this;
  }
}

/** Every WnafTable its constructor made; an object with the prototype but not in here is not a table. */
const wnafTables = new WeakSet<WnafTable>();
const tblP2 = new Point();
const tblP2c = new PointCached();
const tblCur = new Point();

/** Reports whether t was made by the WnafTable constructor (not only given its prototype). */
export function isWnafTable(t: WnafTable): boolean {
  return wnafTables.has(t);
}

// ---------------------------------------------------------------------------
// Pieced affine tables (cached per point).
// ---------------------------------------------------------------------------

/** Options of {@link precomputeNonConst}. */
export interface PrecomputeNonConstOptions {
  /**
   * wNAF width w, 2 ≤ w ≤ 8 (default {@link TABLE_WIDTH}): 2^(w−2) odd
   * multiples per piece; a 253-bit scalar then costs about 253/(w + 1)
   * mixed additions.
   */
  readonly width?: number;
  /**
   * Number of pieces t, 1 ≤ t ≤ 8 (default {@link TABLE_PIECES}): the table
   * also holds the odd multiples of 2^(b·j)·P for j < t, b = ⌈257/t⌉, so a
   * scalar's wNAF digits are spread over t streams of ≤ b digits and the
   * doubling chain is ≤ b steps instead of ~253.
   */
  readonly pieces?: number;
}

/** Default wNAF width of {@link precomputeNonConst} (chosen by measurement, see README). */
export const TABLE_WIDTH = 5;
/** Default piece count of {@link precomputeNonConst} (chosen by measurement, see README). */
export const TABLE_PIECES = 8;
/** wNAF positions of a 256-bit integer: 0 … 256 (a final carry lands at 256). */
export const NAF_DIGITS = 257;

/**
 * What a {@link PublicPointTable} holds: the table's own copy of P, the flat
 * entries and their shape (the form the WebAssembly bridge reads, wasm.ts
 * PiecedLike). Kept out of the table object, in {@link publicTables}, and
 * frozen: nothing outside this module can reach the entries, so a table
 * cannot change after it is built, and the bridge may cache a record's
 * converted copy by the record's identity.
 */
export interface PublicTableData extends PiecedLike {
  readonly point: Point;
  /** Digits per piece: b = ⌈257 / t⌉. */
  readonly pieceDigits: number;
}

/** The record of every PublicPointTable this module built; an object without one is not a table. */
const publicTables = new WeakMap<PublicPointTable, PublicTableData>();

/**
 * A variable-time table of a point P in t "pieces": entry i of piece j is
 * (2i + 1)·2^(b·j)·P (i < 2^(w−2), j < t, b = {@link pieceDigits}), in
 * affine Niels form (y + x, y − x, 2d·x·y; loose limbs) in one flat
 * Float64Array: 360·t·2^(w−2) bytes (11.5 KB at w = 5, t = 4). Build it with
 * {@link precomputeNonConst}; safe to share. Accepted
 * by {@link scalarMultNonConst}, {@link doubleScalarMultBaseNonConst} and
 * {@link doubleScalarMultNonConst}: wNAF digit b·j + i of a scalar is added
 * from piece j at loop position i, so the doubling chain is ≤ b steps, and
 * every addition is a mixed one (madd-2008-hwcd-3, 7M).
 *
 * A table cannot be changed after it is built: the object is frozen and has
 * readers only, and its entries are kept where no caller can reach them, so
 * it gives the same results under both engines. The constructor builds no
 * table (it throws a TypeError); an object that only claims to be a table
 * (made with `Object.create` of this prototype) is refused by every
 * function with a StrataError `ERR_INVALID_ARGUMENT`.
 */
export class PublicPointTable {
  /** Tables come from {@link precomputeNonConst} only: throws a TypeError. */
  private constructor() {
    throw new TypeError('PublicPointTable: expected a table built by precomputeNonConst, got a constructor call');
  }

  /** The point this table was built for: a new copy on every read. */
  get point(): Point {
    return publicTableData('PublicPointTable.point', this).point.clone();
  }

  /** wNAF window width w. */
  get width(): number {
    return publicTableData('PublicPointTable.width', this).width;
  }

  /** Number of pieces t. */
  get pieces(): number {
    return publicTableData('PublicPointTable.pieces', this).pieces;
  }

  /** Digits per piece: b = ⌈257 / t⌉. */
  get pieceDigits(): number {
    return publicTableData('PublicPointTable.pieceDigits', this).pieceDigits;
  }

  /** Bytes held by the multiples (the flat limb array). */
  get byteLength(): number {
    return publicTableData('PublicPointTable.byteLength', this).limbs.byteLength;
  }

  /**
   * Sets out to entry i of piece j, (2i + 1)·2^(b·j)·P (affine Niels), and
   * returns out (a new object when omitted).
   */
  entry(j: number, i: number, out: PointNiels = new PointNiels()): PointNiels {
    const t = publicTableData('PublicPointTable.entry', this);
    const m = 1 << (t.width - 2);
    if (!Number.isInteger(i) || !Number.isInteger(j) || j < 0 || j >= t.pieces || i < 0 || i >= m) {
      throw new RangeError(`PointTable.entry: expected piece < ${t.pieces} and index < ${m}, got (${j}, ${i})`);
    }
    return loadNiels(t.limbs, ENTRY * (j * m + i), out);
  }
}

/** Returns the frozen record of a table of `point` (width w, t pieces) over `limbs` (both handed over: no other reference may be kept). */
function publicRecord(point: Point, limbs: Float64Array, w: number, t: number): PublicTableData {
  return Object.freeze({ point, limbs, width: w, pieces: t, pieceDigits: Math.ceil(NAF_DIGITS / t) });
}

/**
 * Returns the record of the table t (a PublicPointTable by its prototype),
 * or throws a StrataError ERR_INVALID_ARGUMENT when this module did not
 * build t (a forged object that only has the prototype).
 */
export function publicTableData(what: string, t: PublicPointTable): PublicTableData {
  const data = publicTables.get(t);
  if (data === undefined) throw new StrataError(ErrorCode.INVALID_ARGUMENT, `${what}: expected a PublicPointTable built by precomputeNonConst, got an object that only has its prototype`);
  return data;
}

/** Copies the affine Niels entry at limbs[o … o + 45) into out and returns out (no allocation). */
export function loadNiels(limbs: Float64Array, o: number, out: PointNiels): PointNiels {
  const a = out.yPlusX.l;
  const b = out.yMinusX.l;
  const c = out.xy2d.l;
  for (let k = 0; k < 15; k++) {
    a[k] = limbs[o + k]!;
    b[k] = limbs[o + 15 + k]!;
    c[k] = limbs[o + 30 + k]!;
  }
  return out;
}

/**
 * Returns the flat affine Niels limbs of the odd multiples of 2^(b·j)·P,
 * j < t (see {@link PublicPointTable}): (t − 1)·b doublings, t·(2^(w−2) − 1)
 * cached additions (8M) and {@link flatNiels} (one inversion for all
 * t·2^(w−2) entries).
 */
function buildPieces(P: Point, w: number, t: number): Float64Array {
  const m = 1 << (w - 2);
  const n = m * t;
  const b = Math.ceil(NAF_DIGITS / t);
  const xyz = new Float64Array(45 * n);
  const base = bpBase.set(P);
  const cur = bpCur;
  for (let j = 0, e = 0; j < t; j++) {
    if (j > 0) base.doubleK(base, b); //                            2^(b·j)·P
    bpStep.setPoint(bpTwo.double(base));
    cur.set(base);
    for (let i = 0; i < m; i++, e++) {
      if (i > 0) cur.addCached(cur, bpStep);
      storeXYZ(cur, xyz, e);
    }
  }
  return flatNiels(xyz, n);
}

/**
 * Returns the pieced variable-time table of P (see {@link PublicPointTable};
 * defaults w = {@link TABLE_WIDTH}, t = {@link TABLE_PIECES}). P is public
 * and may have a torsion component (results keep the exact integer
 * semantics of {@link ScalarLike}). Throws TypeError for a non-Point,
 * non-object options or a non-number width / piece count, RangeError for a
 * width or piece count out of range.
 */
export function precomputeNonConst(P: Point, options?: PrecomputeNonConstOptions): PublicPointTable {
  if (!(P instanceof Point)) throw new TypeError(`precomputeNonConst: expected an ed25519 Point, got ${describe(P)}`);
  const { w, t } = tableShape('precomputeNonConst', options, TABLE_WIDTH, TABLE_PIECES);
  const point = P.clone();
  const be = ed25519Backend();
  const make = (limbs: Float64Array): PublicTableData => publicRecord(point, limbs, w, t);
  const data = be === null ? tsBuildPieced(point, w, t, make) : be.buildPieced(point, w, t, make);
  const table = Object.freeze(Object.create(PublicPointTable.prototype) as PublicPointTable);
  publicTables.set(table, data);
  return table;
}

/**
 * @internal TypeScript backend (backend.ts Ed25519Backend.buildPieced): the
 * flat Niels limbs of P's pieced table ({@link buildPieces}), passed to `make`.
 */
export function tsBuildPieced<T>(P: Point, w: number, t: number, make: (limbs: Float64Array) => T): T {
  return make(buildPieces(P, w, t));
}

/** Records of the pieced width-{@link BASE_W} tables of B, by piece count (built on first use; 23 KB per piece). */
const BASE_PIECED: (PublicTableData | undefined)[] = [];

/** The record of B's pieced width-BASE_W table with t pieces, built on first use. */
export function basePieced(t: number): PublicTableData {
  let tab = BASE_PIECED[t];
  if (tab === undefined) {
    tab = publicTables.get(precomputeNonConst(Point.generator(), { width: BASE_W, pieces: t }))!;
    BASE_PIECED[t] = tab;
  }
  return tab;
}
