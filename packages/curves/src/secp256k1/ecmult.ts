/**
 * Variable-time scalar multiplication on secp256k1 for PUBLIC scalars and
 * points (verification, public-key derivation checks, ring and DLEq
 * verifiers): k·G with a lazily built comb table, k·P with the GLV
 * endomorphism and wNAF, u1·G + u2·P with shared doublings (Strauss–Shamir),
 * and the same with cached per-point tables.
 *
 * Never pass secret scalars here: running time and memory access depend on
 * the scalar. Use `scalarMult` / `scalarBaseMult` for secrets.
 *
 * Tuning (figures from `npx tsx` micro-runs on the 2-core build machine,
 * noisy; see README):
 * - k·G: signed 10-bit windows over a table of m·2^(10j)·G (m = 1…512,
 *   j = 0…25): at most 26 mixed additions, no doublings. 13 312 affine
 *   points in one flat Uint32Array (1.06 MB), built once on first use.
 * - k·P: GLV split into two ≤128-bit halves, wNAF width 5 (8 odd multiples
 *   of P, and of φ(P) for free via β), ~129 doublings + ~43 additions on a
 *   lazily reduced accumulator (point.ts: LazyAcc, dblLazy 3M + 3S with a
 *   halving, maddLazy 8M + 3S; ~30 % and ~20 % faster than the normalized
 *   dbl-2009-l / madd-2007-bl routines in a micro-benchmark).
 *   The table is brought to a common Z without an inversion and the main
 *   loop runs on the isomorphic curve y² = x³ + 7·Z⁶ where the table is
 *   affine, so every addition is a mixed one (the "effective affine" trick
 *   of libsecp256k1).
 * - u1·G + u2·P: GLV on both; G streams use a width-8 odd-multiples table
 *   of G (64 points, built once), P streams width 5; one shared doubling
 *   chain.
 * - Cached tables (`precomputeNonConst`): width 6 by default (16 odd
 *   multiples, truly affine after one inversion, stored flat as x, y, β·x),
 *   or any width 2…8 and 1…8 "pieces": a table in t pieces also holds the
 *   odd multiples of 2^(b·j)·P (b = ⌈129/t⌉), and each GLV half-scalar's
 *   wNAF digits i ∈ [b·j, b·(j+1)) are added from piece j at loop position
 *   i − b·j, so the shared doubling chain is b steps instead of ~129 (the
 *   additions stay the same). G has width-8 tables for every t, so
 *   u1·G + u2·P with a t-piece table of P runs the short chain too.
 *   Ring verification builds width-7 tables in 8 pieces for P_i and
 *   H_p(P_i) because the shorter doubling chain more than pays for the
 *   bigger table once a ring is verified more than once (the figures are in
 *   the README). Tables are reused across calls; combined with G, with a
 *   second table, or with a plain point (whose one-shot table is
 *   effective-affine; the cached entries are then rescaled per addition).
 * - No call remembers anything about the previous one: every call splits
 *   its scalars afresh (a split costs a few hundred nanoseconds; a caller
 *   that multiplies by the same scalar twice pays it twice).
 *
 * References:
 * - [GLV] Gallant, Lambert, Vanstone, CRYPTO 2001.
 * - [GECC] Hankerson, Menezes, Vanstone, Algorithms 3.36 (wNAF), 3.51
 *   (simultaneous multiple point multiplication), 3.77 (GLV + interleaving).
 * - [EFD] https://hyperelliptic.org/EFD/g1p/auto-shortw-jacobian-0.html
 * - libsecp256k1 ecmult_impl.h / ecmult_gen: effective-affine tables, comb.
 */
import { ErrorCode, FieldVal, ModNScalar, StrataError, describe } from '@strata/field';
import { BETA } from './params.js';
import { JacobianPoint, LazyAcc, dblLazy, maddLazy } from './point.js';
import { batchToAffineNonConst } from './batch.js';
import { MAX_PIECES, tableShape } from '../table-shape.js';
import { newGlvSplit, splitKNonConst, wnafNonConst, type GlvSplit } from './scalar.js';
import { recodeSignedNonConst } from '../shared/recode.js';
import { secp256k1Backend } from '../engine/state.js';
import type { FlatTable } from './backend.js';

/** wNAF width of one-shot variable-base tables. */
const WINDOW_P = 5;
/** wNAF width of cached point tables (`precomputeNonConst`). */
export const WINDOW_CACHED = 6;
/** wNAF width of the odd-multiples table of G used by double multiplications. */
const WINDOW_G = 8;
/** Digit buffers cover 256 bits + window + carry. */
const DIGITS = 8 * 32 + 8 + 2;

// ---------------------------------------------------------------------------
// Affine tables of odd multiples.

/**
 * Affine odd multiples (1·P, 3·P, …, (2^(w−1) − 1)·P) with their negated y
 * and β·x (the x of φ(P) multiples), as normalized field elements.
 */
export class OddTable {
  readonly xs: FieldVal[] = [];
  readonly ys: FieldVal[] = [];
  readonly nys: FieldVal[] = [];
  readonly bxs: FieldVal[] = [];
  constructor(readonly size: number) {
    for (let i = 0; i < size; i++) {
      this.xs.push(new FieldVal());
      this.ys.push(new FieldVal());
      this.nys.push(new FieldVal());
      this.bxs.push(new FieldVal());
    }
  }
  /** Fills the derived arrays (−y, β·x) from xs and ys. */
  finish(): void {
    for (let i = 0; i < this.size; i++) {
      this.nys[i]!.set(this.ys[i]!).negate(this.nys[i]!, 1).normalize();
      this.bxs[i]!.mul(this.xs[i]!, BETA).normalize();
    }
  }
}

/**
 * Fills pts[off … off+m) with P, 3P, …, (2m − 1)P in Jacobian form on the
 * true curve (generic additions), for a finite normalized P. The same
 * table as the Edwards `oddMultiplesNonConst` and ed25519 `WnafTable`,
 * kept per point type so that every point call here stays monomorphic.
 */
function oddMultiplesJacobian(p: JacobianPoint, pts: JacobianPoint[], m: number, off = 0): void {
  pts[off]!.set(p);
  if (m === 1) return;
  dbl.doubleNonConst(p);
  for (let i = 1; i < m; i++) pts[off + i]!.addNonConst(pts[off + i - 1]!, dbl);
}
const dbl = new JacobianPoint();

/** Options of {@link precomputeNonConst} / {@link precomputeManyNonConst}. */
export interface PrecomputeOptions {
  /**
   * wNAF width w, 2 ≤ w ≤ 8 (default {@link WINDOW_CACHED}): the table holds
   * 2^(w−2) odd multiples per piece; a 128-bit GLV half-scalar then costs
   * about 128/(w + 1) mixed additions.
   */
  readonly width?: number;
  /**
   * Number of pieces t, 1 ≤ t ≤ 8 (default 1): the table also holds the odd
   * multiples of 2^(b·j)·P for j < t, b = ⌈129/t⌉, so each GLV half-scalar's
   * wNAF digits are spread over t streams of ≤ b digits and the doubling
   * chain shrinks from ~129 to ~b doublings, when every stream of the
   * multiplication has the same t (G's tables are built for each t).
   */
  readonly pieces?: number;
}

/** Digits of a wNAF of a GLV half-scalar (|k| < 2^128): at most 129. */
const HALF_DIGITS = 129;
/** Limbs per flat table entry: x, y, β·x (10 limbs each, normalized). */
const ENTRY = 30;

/**
 * What a {@link PublicPointTable} holds: the flat entries and their shape
 * (the form both engines read, see backend.ts FlatTable) and the table's own
 * copy of P. Kept out of the table object, in {@link publicTables}, and
 * frozen: nothing outside this module can reach the entries, so a table
 * cannot change after it is built, and the WebAssembly bridge may keep the
 * copy of a record in the module's memory by the record's identity.
 */
export interface PublicTableData extends FlatTable {
  /** The point the table was built for (affine, normalized; never handed out, see PublicPointTable.point). */
  readonly point: JacobianPoint;
}

/** The record of every PublicPointTable this module built; an object without one is not a table. */
const publicTables = new WeakMap<PublicPointTable, PublicTableData>();

/**
 * A precomputed table of odd multiples of a point P (and of φ(P) = λ·P),
 * affine (Z = 1), for repeated variable-time multiplications by P. Build it
 * with {@link precomputeNonConst}. Entry i of piece j is (2i + 1)·2^(b·j)·P,
 * stored as three normalized field elements x, y, β·x (the x of its φ
 * image) in one flat Uint32Array: 120·t·2^(w−2) bytes (w = {@link width},
 * t = {@link pieces}; 1.9 KB at the default w = 6, t = 1; 30.7 KB at w = 8,
 * t = 4).
 *
 * A table cannot be changed after it is built: the object is frozen and has
 * readers only, and its entries are kept where no caller can reach them, so
 * it can be shared freely and gives the same results under both engines.
 * The constructor builds no table (it throws a TypeError); an object that
 * only claims to be a table (made with `Object.create` of this prototype)
 * is refused by every function with a StrataError `ERR_INVALID_ARGUMENT`.
 */
export class PublicPointTable {
  /** Tables come from {@link precomputeNonConst} / {@link precomputeManyNonConst} only: throws a TypeError. */
  private constructor() {
    throw new TypeError('PublicPointTable: expected a table built by precomputeNonConst, got a constructor call');
  }
  /** The point this table was built for (affine, normalized): a new copy on every read. */
  get point(): JacobianPoint {
    return publicTableData('PublicPointTable.point', this).point.clone();
  }
  /** Whether P is the point at infinity (every multiple is then infinity). */
  get infinity(): boolean {
    return publicTableData('PublicPointTable.infinity', this).infinity;
  }
  /** wNAF width of the table. */
  get width(): number {
    return publicTableData('PublicPointTable.width', this).width;
  }
  /** Number of pieces (see {@link PrecomputeOptions.pieces}). */
  get pieces(): number {
    return publicTableData('PublicPointTable.pieces', this).pieces;
  }
  /** Digits per piece: ⌈129 / pieces⌉. */
  get pieceDigits(): number {
    return publicTableData('PublicPointTable.pieceDigits', this).pieceDigits;
  }
  /** Bytes held by the multiples (the flat limb array). */
  get byteLength(): number {
    return publicTableData('PublicPointTable.byteLength', this).limbs.byteLength;
  }
}

/**
 * Returns a new PublicPointTable over the given entries (which the caller
 * hands over: no other reference may be kept): a frozen object with this
 * module's prototype and no own fields, its frozen record in
 * {@link publicTables}.
 */
function newPublicTable(point: JacobianPoint, limbs: Uint32Array, infinity: boolean, width: number, pieces: number): PublicPointTable {
  const table = Object.freeze(Object.create(PublicPointTable.prototype) as PublicPointTable);
  publicTables.set(table, Object.freeze({ point, limbs, infinity, width, pieces, pieceDigits: Math.ceil(HALF_DIGITS / pieces) }));
  return table;
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

/**
 * Returns the cached wNAF table of P: 2^(w−2) odd multiples per piece,
 * affine, with their φ images (defaults: w = {@link WINDOW_CACHED}, one
 * piece; see {@link PrecomputeOptions}). Cost ≈ 1 inversion +
 * t·(2^(w−2) − 1) additions + t doublings + (t − 1)·⌈129/t⌉ doublings
 * (the additions are mixed ones, after a second inversion, when the table
 * has ≥ 32 points, because one more inversion is then cheaper than the
 * Jacobian additions it replaces).
 * Variable time (public points only). Throws TypeError for non-object
 * options or a non-number width / piece count, RangeError for a width or
 * piece count out of range.
 */
export function precomputeNonConst(p: JacobianPoint, options?: PrecomputeOptions): PublicPointTable {
  return precomputeManyNonConst([p], options)[0]!;
}

const pieceBase = new JacobianPoint();
/** Tables with at least this many points per input build their odd multiples from affine steps. */
const AFFINE_STEP_MIN = 32;
const pieceAcc = new LazyAcc();

/** Sets p = 2^d·p in place for a finite p of prime order (d × dblLazy, 3M + 3S each). */
function pow2Doublings(p: JacobianPoint, d: number): void {
  const a = pieceAcc;
  a.x.set(p.x);
  a.y.set(p.y);
  a.z.set(p.z);
  a.inf = false;
  for (let i = 0; i < d; i++) dblLazy(a);
  a.store(p);
}

/**
 * Returns one cached table per point (see {@link precomputeNonConst}),
 * sharing a single field inversion across the whole batch.
 */
export function precomputeManyNonConst(points: readonly JacobianPoint[], options?: PrecomputeOptions): PublicPointTable[] {
  if (!Array.isArray(points)) throw new TypeError('precomputeManyNonConst: expected an array of JacobianPoint');
  const { w, t } = tableShape('precomputeNonConst', options, WINDOW_CACHED, 1);
  for (const p of points) if (!(p instanceof JacobianPoint)) throw new TypeError('precomputeNonConst: expected JacobianPoint');
  tablePaths ??= { gPieces: buildGPieces, base: baseTableNonConst, streams: loadTableStreams }; // the readers of what this returns
  const be = secp256k1Backend();
  const tables = be === null ? tsBuildPublicTables(points, w, t) : be.buildPublicTables(points, w, t);
  return tables.map((limbs) => {
    if (limbs.length === 0) return newPublicTable(new JacobianPoint(), limbs, true, w, t);
    const copy = new JacobianPoint(); //             entry 0: the point, affine
    copy.x.n.set(limbs.subarray(0, 10));
    copy.y.n.set(limbs.subarray(10, 20));
    copy.z.setInt(1);
    return newPublicTable(copy, limbs, false, w, t);
  });
}

/** @internal TypeScript backend (backend.ts Secp256k1Backend.buildPublicTables): the limbs of each point's table, one shared inversion. */
export function tsBuildPublicTables(points: readonly JacobianPoint[], w: number, t: number): Uint32Array[] {
  const m = 1 << (w - 2);
  const b = Math.ceil(HALF_DIGITS / t);
  // Large tables: make each piece's base B and step D = 2B affine first (one
  // shared inversion), so the odd multiples B + i·D take mixed additions
  // (madd-2007-bl, 7M + 4S) instead of generic ones (12M + 4S). Small
  // tables keep the generic additions: the extra inversion would cost more.
  const affineSteps = m > 1 && m * t >= AFFINE_STEP_MIN;
  const all: JacobianPoint[] = [];
  const per: JacobianPoint[][] = [];
  const steps: JacobianPoint[] = [];
  for (const p of points) {
    const pts: JacobianPoint[] = [];
    if (!p.isIdentity()) {
      for (let i = 0; i < m * t; i++) pts.push(new JacobianPoint());
      pieceBase.set(p);
      for (let j = 0; j < t; j++) {
        if (j > 0) pow2Doublings(pieceBase, b); //  2^(b·j)·P
        if (affineSteps) {
          pts[j * m]!.set(pieceBase); //            B_j
          const d = (new JacobianPoint()).doubleNonConst(pieceBase); // D_j = 2·B_j
          steps.push(pts[j * m]!, d);
        } else {
          oddMultiplesJacobian(pieceBase, pts, m, j * m);
        }
      }
      all.push(...pts);
    }
    per.push(pts);
  }
  if (affineSteps) {
    batchToAffineNonConst(steps, steps);
    let k = 0;
    for (const pts of per) {
      for (let j = 0; j * m < pts.length; j++) {
        const d = steps[2 * k + 1]!;
        d.x.normalize();
        d.y.normalize();
        for (let i = 1; i < m; i++) pts[j * m + i]!.addAffineNonConst(pts[j * m + i - 1]!, d.x, d.y);
        k++;
      }
    }
  }
  batchToAffineNonConst(all, all);
  return per.map((pts) => {
    const limbs = new Uint32Array(ENTRY * pts.length);
    for (let i = 0; i < pts.length; i++) {
      const q = pts[i]!;
      q.x.normalize();
      q.y.normalize();
      limbs.set(q.x.n, ENTRY * i);
      limbs.set(q.y.n, ENTRY * i + 10);
      limbs.set(fa.mul(q.x, BETA).normalize().n, ENTRY * i + 20);
    }
    return limbs;
  });
}

// ---------------------------------------------------------------------------
// Lazily built tables of G.

/**
 * Window width of the fixed-base table for k·G (signed digits in
 * [−2^(c−1), 2^(c−1)]). 26 windows of 512 points for c = 10; see README for
 * the measurements behind the choice.
 */
export const COMB_BITS = 10;
/** Number of signed windows: enough for a 256-bit scalar plus the final carry. */
const COMB_WINDOWS = Math.ceil(257 / COMB_BITS);
/** Points per window: m·2^(c·j)·G for m = 1 … 2^(c−1). */
const COMB_PER = 1 << (COMB_BITS - 1);

/** Flat limb storage of the base table: point i at [20i, 20i + 10) (x) and [20i + 10, 20i + 20) (y). */
let combLimbs: Uint32Array | undefined;
let gOdd: OddTable | undefined;

/**
 * Builds the fixed-base table: point j·COMB_PER + (m − 1) is m·2^(c·j)·G
 * (affine, normalized limbs). One inversion per window base plus one batch
 * inversion per window.
 */
function buildComb(): Uint32Array {
  const limbs = new Uint32Array(COMB_WINDOWS * COMB_PER * 20);
  const base = new JacobianPoint().setGenerator();
  const pts: JacobianPoint[] = Array.from({ length: COMB_PER }, () => new JacobianPoint());
  for (let j = 0; j < COMB_WINDOWS; j++) {
    base.toAffine();
    pts[0]!.set(base);
    for (let m = 1; m < COMB_PER; m++) pts[m]!.addAffineNonConst(pts[m - 1]!, base.x, base.y);
    base.doubleNonConst(pts[COMB_PER - 1]!); // 2^(c·(j+1))·G = 2·(2^(c−1)·2^(c·j)·G)
    batchToAffineNonConst(pts, pts);
    for (let m = 0; m < COMB_PER; m++) {
      const off = (j * COMB_PER + m) * 20;
      limbs.set(pts[m]!.x.n, off);
      limbs.set(pts[m]!.y.n, off + 10);
    }
  }
  return limbs;
}

/** Builds the odd multiples of G for width WINDOW_G. */
function buildGOdd(): OddTable {
  const m = 1 << (WINDOW_G - 2);
  const pts: JacobianPoint[] = [];
  for (let i = 0; i < m; i++) pts.push(new JacobianPoint());
  oddMultiplesJacobian(new JacobianPoint().setGenerator(), pts, m);
  batchToAffineNonConst(pts, pts);
  const tab = new OddTable(m);
  for (let i = 0; i < m; i++) {
    tab.xs[i]!.set(pts[i]!.x);
    tab.ys[i]!.set(pts[i]!.y);
  }
  tab.finish();
  return tab;
}

function gOddTable(): OddTable {
  if (gOdd === undefined) gOdd = buildGOdd();
  return gOdd;
}

/** Width-8 flat tables of G split into t pieces, by t (built on first use; 61 KB and 123 KB for t = 2, 4). */
const gPieces: (PublicTableData | undefined)[] = [];

/**
 * The code that only a PublicPointTable operand reaches: G's piece tables'
 * builder and the two table bodies of the multiplications that also take
 * plain points ({@link doubleScalarMultBaseNonConst}, and
 * {@link pointAndTableNonConst} under {@link doubleScalarMultNonConst}).
 * Set by {@link precomputeManyNonConst}, not named by those functions: a
 * table record exists only after precomputeManyNonConst ran, so an app that
 * never builds a table (a plain ECDSA / BIP-340 verifier) does not bundle
 * the table builder and readers that every double multiplication would
 * otherwise name (measured: 933 B gzip of an ECDSA sign/verify bundle).
 */
interface TablePaths {
  readonly gPieces: (t: number) => PublicTableData;
  readonly base: typeof baseTableNonConst;
  readonly streams: typeof loadTableStreams;
}
let tablePaths: TablePaths | undefined;

/** Returns the table paths. Precondition: a table record exists (so precomputeManyNonConst has set them). */
function tables(): TablePaths {
  return tablePaths!;
}

/** Returns the record of G's width-{@link WINDOW_G} table in t pieces (built by {@link precomputeNonConst}). */
function buildGPieces(t: number): PublicTableData {
  return publicTables.get(precomputeNonConst(new JacobianPoint().setGenerator(), { width: WINDOW_G, pieces: t }))!;
}

/**
 * Returns the record of the width-{@link WINDOW_G} table of G with `t`
 * pieces. Precondition: a table in t pieces exists (see {@link tablePaths}).
 */
function gPiecesTable(t: number): PublicTableData {
  let tab = gPieces[t];
  if (tab === undefined) {
    tab = tables().gPieces(t);
    gPieces[t] = tab;
  }
  return tab;
}

/**
 * Builds the lazily created tables of G now (≈ 4 100 points; tens of
 * milliseconds) instead of on the first `scalarBaseMultNonConst` /
 * double multiplication. Idempotent.
 */
export function precomputeBaseTablesNonConst(): void {
  if (combLimbs === undefined) combLimbs = buildComb();
  gOddTable();
}

// ---------------------------------------------------------------------------
// k·G.

const lazy = new LazyAcc();
const kb = new Uint8Array(32);
const kbLE = new Uint8Array(32);
const combDigits = new Int32Array(COMB_WINDOWS);
const gx = new FieldVal();
const gy = new FieldVal();

/**
 * Returns out = k·G (variable time; k public). Signed c-bit windows
 * (c = {@link COMB_BITS}) over the fixed-base table: at most
 * ⌈257/c⌉ = 26 mixed additions ([EFD] madd-2004-hmv, 8M + 3S, on the lazy
 * accumulator; the first one is a copy), no doublings. The first call builds the
 * table. Result normalized.
 */
export function scalarBaseMultNonConst(k: ModNScalar, out: JacobianPoint = new JacobianPoint()): JacobianPoint {
  if (!(k instanceof ModNScalar)) throw new TypeError('scalarBaseMultNonConst: expected ModNScalar k');
  const be = secp256k1Backend();
  if (be === null) return tsScalarBaseMultNonConst(k, out);
  be.scalarBaseMultNonConst(k, out);
  return out;
}

/** @internal TypeScript backend (backend.ts Secp256k1Backend.scalarBaseMultNonConst): out = k·G over the comb. */
export function tsScalarBaseMultNonConst(k: ModNScalar, out: JacobianPoint): JacobianPoint {
  if (combLimbs === undefined) combLimbs = buildComb();
  const limbs = combLimbs;
  k.putBytes(kb, 0);
  for (let i = 0; i < 32; i++) kbLE[i] = kb[31 - i]!;
  recodeSignedNonConst(kbLE, 0, 32, COMB_BITS, COMB_WINDOWS, combDigits, 0, 1); // d_j ∈ (−2^(c−1), 2^(c−1)]
  const acc = lazy;
  acc.reset();
  const gxn = gx.n, gyn = gy.n;
  for (let j = 0; j < COMB_WINDOWS; j++) {
    const v = combDigits[j]!;
    if (v === 0) continue;
    const off = (j * COMB_PER + (v > 0 ? v : -v) - 1) * 20;
    for (let i = 0; i < 10; i++) {
      gxn[i] = limbs[off + i]!;
      gyn[i] = limbs[off + 10 + i]!;
    }
    if (v < 0) gy.negate(gy, 1); //                     −y                    (mag 2)
    maddLazy(acc, gx, gy);
  }
  acc.store(out);
  return out;
}

// ---------------------------------------------------------------------------
// Interleaved wNAF engine.

/**
 * One wNAF digit stream: the digits digits[off … off + len) at loop
 * positions 0 … len − 1, over an affine odd-multiples table given either as
 * FieldVal arrays (xs, ys, nys) or as a flat limb array (`flat`, entry i at
 * 30·(base + i), x at +xo (0, or 20 for β·x), y at +10, negated when
 * `neg`).
 */
interface Stream {
  /** The stream's own digit buffer (FieldVal-table streams write their wNAF here). */
  readonly own: Int8Array;
  digits: Int8Array;
  off: number;
  len: number;
  xs: FieldVal[];
  ys: FieldVal[];
  nys: FieldVal[];
  flat: Uint32Array | null;
  base: number;
  xo: number;
  neg: boolean;
  /** Whether table entries must be scaled by (zg², zg³) to the loop's curve. */
  scaled: boolean;
}

const streams: Stream[] = [];
function ensureStreams(n: number): void {
  while (streams.length < n) {
    const own = new Int8Array(DIGITS);
    streams.push({ own, digits: own, off: 0, len: 0, xs: [], ys: [], nys: [], flat: null, base: 0, xo: 0, neg: false, scaled: false });
  }
}
ensureStreams(4 * MAX_PIECES);
/** Digit buffers of the half-scalars of flat-table streams (several streams read one buffer). */
const halfDigits: Int8Array[] = Array.from({ length: 4 }, () => new Int8Array(DIGITS));
const noFieldVals: FieldVal[] = [];

/**
 * Loads the two GLV half-streams of scalar split `sp` over table `tab`
 * into streams[i], streams[i + 1].
 */
function loadGlvStreams(i: number, sp: GlvSplit, tab: OddTable, w: number, scaled: boolean): void {
  const s1 = streams[i]!;
  const s2 = streams[i + 1]!;
  s1.digits = s1.own;
  s1.off = 0;
  s1.flat = null;
  s1.len = wnafNonConst(sp.k1, w, s1.digits);
  s1.xs = tab.xs;
  s1.ys = sp.neg1 ? tab.nys : tab.ys;
  s1.nys = sp.neg1 ? tab.ys : tab.nys;
  s1.scaled = scaled;
  s2.digits = s2.own;
  s2.off = 0;
  s2.flat = null;
  s2.len = wnafNonConst(sp.k2, w, s2.digits);
  s2.xs = tab.bxs;
  s2.ys = sp.neg2 ? tab.nys : tab.ys;
  s2.nys = sp.neg2 ? tab.ys : tab.nys;
  s2.scaled = scaled;
}

/**
 * Loads the GLV half-scalars of `sp` over the flat table `tab` (t pieces of
 * b digits) as up to 2·t streams from streams[i] on, using digit buffers
 * halfDigits[h], halfDigits[h + 1]; returns the index after the last
 * stream loaded. Piece j of a half-scalar reads its digits b·j … (the last
 * piece takes every remaining digit) over the multiples of 2^(b·j)·P.
 */
function loadTableStreams(i: number, h: number, sp: GlvSplit, tab: PublicTableData, scaled: boolean): number {
  const m = 1 << (tab.width - 2);
  const t = tab.pieces;
  const b = tab.pieceDigits;
  for (let half = 0; half < 2; half++) {
    const digits = halfDigits[h + half]!;
    const len = wnafNonConst(half === 0 ? sp.k1 : sp.k2, tab.width, digits);
    const neg = half === 0 ? sp.neg1 : sp.neg2;
    for (let j = 0; j < t; j++) {
      const off = j * b;
      const n = j === t - 1 ? len - off : Math.min(b, len - off);
      if (n <= 0) break;
      const st = streams[i++]!;
      st.digits = digits;
      st.off = off;
      st.len = n;
      st.xs = noFieldVals;
      st.ys = noFieldVals;
      st.nys = noFieldVals;
      st.flat = tab.limbs;
      st.base = j * m;
      st.xo = half === 0 ? 0 : 20;
      st.neg = neg;
      st.scaled = scaled;
    }
  }
  return i;
}

const sx = new FieldVal();
const sy = new FieldVal();

/**
 * Sets r = Σ streams[0…n−1] (Horner over the digit positions, one shared
 * doubling per position: dblLazy, 3M + 3S (a rescaled [EFD] dbl-2009-l),
 * and maddLazy, [EFD] madd-2004-hmv, 8M + 3S, on a lazily reduced
 * accumulator). Flat-table entries are copied into scratch (y negated,
 * magnitude 2, for a negative digit). Streams with
 * `scaled` have their affine entries mapped onto the loop's curve with
 * (x·zg2, y·zg3) (2M per addition).
 */
function runStreams(n: number, r: JacobianPoint, zg2: FieldVal, zg3: FieldVal): void {
  let top = 0;
  for (let s = 0; s < n; s++) if (streams[s]!.len > top) top = streams[s]!.len;
  const acc = lazy;
  acc.reset();
  const sxn = sx.n;
  const syn = sy.n;
  for (let i = top - 1; i >= 0; i--) {
    dblLazy(acc);
    for (let s = 0; s < n; s++) {
      const st = streams[s]!;
      if (i >= st.len) continue;
      const d = st.digits[i + st.off]!;
      if (d === 0) continue;
      let x: FieldVal, y: FieldVal;
      const flat = st.flat;
      if (flat !== null) {
        const o = ENTRY * (st.base + ((d > 0 ? d - 1 : -d - 1) >> 1));
        const ox = o + st.xo;
        const oy = o + 10;
        for (let k = 0; k < 10; k++) {
          sxn[k] = flat[ox + k]!;
          syn[k] = flat[oy + k]!;
        }
        if (d < 0 !== st.neg) sy.negate(sy, 1); //     −y                    (mag 2)
        x = sx;
        y = sy;
      } else if (d > 0) {
        const idx = (d - 1) >> 1;
        x = st.xs[idx]!;
        y = st.ys[idx]!;
      } else {
        const idx = (-d - 1) >> 1;
        x = st.xs[idx]!;
        y = st.nys[idx]!;
      }
      if (st.scaled) {
        x = sx.mul(x, zg2); //                   x·u²                   (mag 1)
        y = sy.mul(y, zg3); //                   y·u³                   (mag 1)
      }
      maddLazy(acc, x, y);
    }
  }
  acc.store(r);
}

// ---------------------------------------------------------------------------
// Effective-affine one-shot table for k·P.

const PSIZE = 1 << (WINDOW_P - 2);
/** The one-shot table of the last {@link buildOneShot} (consttime.ts scalarMult reads it too). */
export const oneShot = new OddTable(PSIZE);
const oneShotPts: JacobianPoint[] = Array.from({ length: PSIZE }, () => new JacobianPoint());
const oneShotPre: FieldVal[] = Array.from({ length: PSIZE + 1 }, () => new FieldVal());
/** u of the last {@link buildOneShot}. */
export const zGlobal = new FieldVal();
const zg2 = new FieldVal();
const zg3 = new FieldVal();
const fa = new FieldVal();
const fb = new FieldVal();
const one = new FieldVal().setInt(1);
const tmpPt = new JacobianPoint();

/**
 * Fills `oneShot` with the odd multiples of the finite normalized point P,
 * affine on the isomorphic curve E_u: y² = x³ + 7·u⁶ (the map
 * (x, y) ↦ (x·u², y·u³) takes E to E_u), and sets zGlobal = u. A result
 * (X, Y, Z) computed on E_u from these entries is (X, Y, Z·u) on E.
 * No inversion: D = 2P is affine on E_(Z_P·Z_D); the multiples P + i·D are
 * computed with mixed additions there and rescaled to the product of their
 * Z by prefix/suffix products.
 * Cost: 1 doubling + (m − 1) madd + ~(7m)M.
 */
export function buildOneShot(p: JacobianPoint): void {
  const m = PSIZE;
  // On E_(Zp), P is the affine point (X, Y).
  tmpPt.x.set(p.x);
  tmpPt.y.set(p.y);
  tmpPt.z.setInt(1);
  dbl.doubleNonConst(tmpPt); //           D = 2P on E_(Zp), Jacobian with Z_D
  // On E_(Zp·Z_D), D is affine (X_D, Y_D) and P is (X·Z_D², Y·Z_D³).
  fa.square(dbl.z); //                  Z_D²                          (mag 1)
  const p0 = oneShotPts[0]!;
  p0.x.mul(p.x, fa).normalize(); //       X·Z_D²                        (normalized)
  fa.mul(fa, dbl.z); //                        Z_D³                          (mag 1)
  p0.y.mul(p.y, fa).normalize(); //       Y·Z_D³                        (normalized)
  p0.z.setInt(1);
  for (let i = 1; i < m; i++) oneShotPts[i]!.addAffineNonConst(oneShotPts[i - 1]!, dbl.x, dbl.y);
  // Common Z: C = Z_1⋯Z_(m−1) (Z_0 = 1); entry i scales by f_i = C / Z_i.
  const pre = oneShotPre;
  pre[0]!.set(one);
  for (let i = 0; i < m; i++) pre[i + 1]!.mul(pre[i]!, oneShotPts[i]!.z); // pre[i] = Z_0⋯Z_(i−1)
  fb.set(one); //                          suffix product Z_(i+1)⋯Z_(m−1)
  for (let i = m - 1; i >= 0; i--) {
    const q = oneShotPts[i]!;
    fa.mul(pre[i]!, fb); //               f_i = C / Z_i                 (mag 1)
    fb.mul(fb, q.z);
    zg2.square(fa); //                  f_i²                          (mag 1)
    oneShot.xs[i]!.mul(q.x, zg2).normalize();
    zg2.mul(zg2, fa); //                        f_i³                          (mag 1)
    oneShot.ys[i]!.mul(q.y, zg2).normalize();
  }
  oneShot.finish();
  // u = Z_P · Z_D · C.
  zGlobal.mul(p.z, dbl.z).mul(zGlobal, pre[m]!).normalize();
}

const split1 = newGlvSplit();
const split2 = newGlvSplit();
// ---------------------------------------------------------------------------
// The public variable-time multiplications (docs/api.md §3): a point operand
// is a JacobianPoint or its PublicPointTable, dispatched once per call.

/** Throws a TypeError unless k is a ModNScalar (the module's one scalar contract). */
function checkScalar(what: string, k: unknown): void {
  if (!(k instanceof ModNScalar)) throw new TypeError(`${what}: expected ModNScalar, got ${typeof k}`);
}
/**
 * Returns the operand P as the multiplications read it: a JacobianPoint as
 * is, a PublicPointTable as its record. Throws a TypeError for anything
 * else, a StrataError ERR_INVALID_ARGUMENT for an object that has the
 * table's prototype but was not built by this module (both engines alike:
 * this runs before the dispatch).
 */
function operand(what: string, P: unknown): JacobianPoint | PublicTableData {
  if (P instanceof JacobianPoint) return P;
  if (P instanceof PublicPointTable) return publicTableData(what, P);
  throw new TypeError(`${what}: expected JacobianPoint or PublicPointTable, got ${describe(P)}`);
}

/**
 * Returns out = k·P (variable time; k and P public). P is a point (GLV
 * split k = k1 + k2·λ, wNAF width 5 on both ≤128-bit halves over the
 * effective-affine odd multiples of P and φ(P): ~129 doublings, dblLazy
 * 3M + 3S, + ~43 mixed additions, madd-2004-hmv 8M + 3S) or its
 * {@link PublicPointTable} (no per-call table work; ~⌈129/t⌉ doublings for
 * a table in t pieces). TypeError for a scalar that is not a ModNScalar or
 * an operand of another type; StrataError ERR_INVALID_ARGUMENT for a table
 * that precomputeNonConst did not build.
 */
export function scalarMultNonConst(k: ModNScalar, P: JacobianPoint | PublicPointTable, out: JacobianPoint = new JacobianPoint()): JacobianPoint {
  checkScalar('scalarMultNonConst k', k);
  const p = operand('scalarMultNonConst P', P);
  const be = secp256k1Backend();
  if (be === null) return tsScalarMultNonConst(k, p, out);
  be.scalarMultNonConst(k, p, out);
  return out;
}

/** @internal TypeScript backend (backend.ts Secp256k1Backend.scalarMultNonConst): out = k·P for a point or its table. */
export function tsScalarMultNonConst(k: ModNScalar, p: JacobianPoint | PublicTableData, out: JacobianPoint): JacobianPoint {
  return p instanceof JacobianPoint ? pointMultNonConst(k, p, out) : tableMultNonConst(k, p, out);
}

/**
 * Returns out = a·A + b·G (variable time; public inputs) with one shared
 * doubling chain: GLV on both scalars, G's streams over a width-8 table of
 * G, A's over the effective-affine width-5 table of A built per call, or
 * over A's {@link PublicPointTable} (then, for a table in t > 1 pieces,
 * G's streams use a width-8 table of G in t pieces, built on first use, and
 * the chain is ~⌈129/t⌉ doublings). The shape of ECDSA/Schnorr
 * verification and of every ring/DLEq check. `out` may alias A.
 */
export function doubleScalarMultBaseNonConst(a: ModNScalar, A: JacobianPoint | PublicPointTable, b: ModNScalar, out: JacobianPoint = new JacobianPoint()): JacobianPoint {
  checkScalar('doubleScalarMultBaseNonConst a', a);
  checkScalar('doubleScalarMultBaseNonConst b', b);
  const p = operand('doubleScalarMultBaseNonConst A', A);
  const be = secp256k1Backend();
  if (be === null) return tsDoubleScalarMultBaseNonConst(a, p, b, gPiecesTable, out);
  be.doubleScalarMultBaseNonConst(a, p, b, gPiecesTable, out);
  return out;
}

/** @internal TypeScript backend (backend.ts Secp256k1Backend.doubleScalarMultBaseNonConst): out = a·A + b·G (builds G's tables itself). */
export function tsDoubleScalarMultBaseNonConst(a: ModNScalar, p: JacobianPoint | PublicTableData, b: ModNScalar, _gPieces: (t: number) => FlatTable, out: JacobianPoint): JacobianPoint {
  return p instanceof JacobianPoint ? basePointNonConst(b, a, p, out) : tables().base(b, a, p, out);
}

/**
 * Returns out = a·A + b·B (variable time; public inputs), A and B each a
 * point or its {@link PublicPointTable}: four GLV half-streams (4·t with
 * t-piece tables) over one shared doubling chain. With two tables the chain
 * is ~⌈129/t⌉ doublings; with one table and one point, the point's width-5
 * table is built per call on the effective-affine curve and the table's
 * entries are mapped onto it (2M per addition); with two plain points a
 * one-shot table of A is built first (one inversion, allocated per call:
 * cache A's table with {@link precomputeNonConst} when A repeats). `out`
 * may alias A or B.
 */
export function doubleScalarMultNonConst(
  a: ModNScalar,
  A: JacobianPoint | PublicPointTable,
  b: ModNScalar,
  B: JacobianPoint | PublicPointTable,
  out: JacobianPoint = new JacobianPoint(),
): JacobianPoint {
  checkScalar('doubleScalarMultNonConst a', a);
  checkScalar('doubleScalarMultNonConst b', b);
  const pA = operand('doubleScalarMultNonConst A', A);
  const pB = operand('doubleScalarMultNonConst B', B);
  const be = secp256k1Backend();
  if (be === null) return tsDoubleScalarMultNonConst(a, pA, b, pB, out);
  be.doubleScalarMultNonConst(a, pA, b, pB, out);
  return out;
}

/** @internal TypeScript backend (backend.ts Secp256k1Backend.doubleScalarMultNonConst): out = a·A + b·B over one doubling chain. */
export function tsDoubleScalarMultNonConst(a: ModNScalar, pA: JacobianPoint | PublicTableData, b: ModNScalar, pB: JacobianPoint | PublicTableData, out: JacobianPoint): JacobianPoint {
  if (!(pA instanceof JacobianPoint)) {
    return pB instanceof JacobianPoint ? tablePointNonConst(a, pA, b, pB, out) : tablesNonConst(a, pA, b, pB, out);
  }
  if (!(pB instanceof JacobianPoint)) return tablePointNonConst(b, pB, a, pA, out);
  if (pA.isIdentity() || a.isZero()) return pointMultNonConst(b, pB, out);
  return tablePointNonConst(a, publicTables.get(precomputeNonConst(pA, { width: WINDOW_P }))!, b, pB, out);
}

/** Sets out = k·P for a point P (the body of {@link scalarMultNonConst}). */
function pointMultNonConst(k: ModNScalar, p: JacobianPoint, out: JacobianPoint): JacobianPoint {
  if (p.isIdentity() || k.isZero()) return out.setIdentity();
  buildOneShot(p);
  splitKNonConst(k, split1);
  loadGlvStreams(0, split1, oneShot, WINDOW_P, false);
  runStreams(2, out, one, one);
  if (!out.z.isZero()) out.z.mul(out.z, zGlobal).normalize();
  return out;
}

/** Sets out = u1·G + u2·P for a point P (a body of {@link doubleScalarMultBaseNonConst}). */
function basePointNonConst(u1: ModNScalar, u2: ModNScalar, p: JacobianPoint, out: JacobianPoint): JacobianPoint {
  if (p.isIdentity() || u2.isZero()) return baseOddNonConst(u1, out);
  return pointAndTableNonConst(u2, p, u1, gOddTable(), WINDOW_G, out);
}

/**
 * Sets out = k·G over G's width-{@link WINDOW_G} odd multiples (two GLV
 * streams): the G half of {@link basePointNonConst}, for its degenerate
 * inputs (P = ∞ or u2 = 0; never for an ECDSA or BIP-340 verification of a
 * parsed key). Not {@link tsScalarBaseMultNonConst}: its comb table
 * (13 312 points) is not built, nor bundled by a verifier, for that case.
 */
function baseOddNonConst(k: ModNScalar, out: JacobianPoint): JacobianPoint {
  if (k.isZero()) return out.setIdentity();
  splitKNonConst(k, split1);
  loadGlvStreams(0, split1, gOddTable(), WINDOW_G, false);
  runStreams(2, out, one, one);
  return out;
}

/**
 * Sets out = kp·P + kt·T and returns out, for a finite P with kp ≠ 0 and T
 * an affine odd-multiples table (width w) on E: P's width-5 table is built
 * effective-affine on E_u, T's entries are mapped onto E_u with (x·u², y·u³)
 * per addition, four GLV streams share one doubling chain. P is read before
 * out is written (out may alias P). `tab` must be built before the call
 * (buildOneShot reuses the scratch that table builders use).
 */
function pointAndTableNonConst(kp: ModNScalar, p: JacobianPoint, kt: ModNScalar, tab: OddTable | PublicTableData, w: number, out: JacobianPoint): JacobianPoint {
  buildOneShot(p);
  let n = 2;
  splitKNonConst(kp, split2);
  loadGlvStreams(0, split2, oneShot, WINDOW_P, false);
  if (!kt.isZero()) {
    splitKNonConst(kt, split1);
    if (tab instanceof OddTable) {
      loadGlvStreams(2, split1, tab, w, true);
      n = 4;
    } else n = tables().streams(2, 0, split1, tab, true);
  }
  // T's entries are affine on E; the loop runs on E_u: scale by (u², u³).
  zg2.square(zGlobal);
  zg3.mul(zg2, zGlobal);
  runStreams(n, out, zg2, zg3);
  if (!out.z.isZero()) out.z.mul(out.z, zGlobal).normalize();
  return out;
}

/** Sets out = u1·G + u2·P for P given by its table (a body of {@link doubleScalarMultBaseNonConst}). */
function baseTableNonConst(u1: ModNScalar, u2: ModNScalar, table: PublicTableData, out: JacobianPoint): JacobianPoint {
  if (table.infinity || u2.isZero()) return tsScalarBaseMultNonConst(u1, out);
  splitKNonConst(u2, split2);
  let n = loadTableStreams(0, 0, split2, table, false);
  if (!u1.isZero()) {
    splitKNonConst(u1, split1);
    if (table.pieces === 1) {
      loadGlvStreams(n, split1, gOddTable(), WINDOW_G, false);
      n += 2;
    } else {
      n = loadTableStreams(n, 2, split1, gPiecesTable(table.pieces), false);
    }
  }
  runStreams(n, out, one, one);
  return out;
}

/**
 * Sets out = a·X + b·Y for two points given by tables (a body of
 * {@link doubleScalarMultNonConst}): the chain is as long as the longest
 * stream, ~⌈129/t⌉ doublings when both tables have t pieces.
 */
function tablesNonConst(a: ModNScalar, tableA: PublicTableData, b: ModNScalar, tableB: PublicTableData, out: JacobianPoint): JacobianPoint {
  let n = 0;
  if (!tableA.infinity && !a.isZero()) {
    splitKNonConst(a, split1);
    n = loadTableStreams(n, 0, split1, tableA, false);
  }
  if (!tableB.infinity && !b.isZero()) {
    splitKNonConst(b, split2);
    n = loadTableStreams(n, 2, split2, tableB, false);
  }
  runStreams(n, out, one, one);
  return out;
}

/**
 * Sets out = a·X + b·Y for X given by its table and Y a plain point (a
 * body of {@link doubleScalarMultNonConst}): Y's odd multiples are built
 * per call on the effective-affine curve E_u (width 5); X's entries are
 * affine on E and mapped onto E_u with (x·u², y·u³) (2M per addition), as
 * G's are in {@link doubleScalarMultBaseNonConst}. ~129 doublings (dblLazy,
 * 3M + 3S) + ~80 mixed additions (madd-2004-hmv, 8M + 3S). `out` may alias Y.
 */
function tablePointNonConst(a: ModNScalar, tableX: PublicTableData, b: ModNScalar, y: JacobianPoint, out: JacobianPoint): JacobianPoint {
  if (y.isIdentity() || b.isZero()) return tableMultNonConst(a, tableX, out);
  if (tableX.infinity) return pointMultNonConst(b, y, out);
  return pointAndTableNonConst(b, y, a, tableX, tableX.width, out);
}

/** Sets out = k·P for P given by its table (a body of {@link scalarMultNonConst}). */
function tableMultNonConst(k: ModNScalar, table: PublicTableData, out: JacobianPoint): JacobianPoint {
  if (table.infinity || k.isZero()) return out.setIdentity();
  splitKNonConst(k, split1);
  runStreams(loadTableStreams(0, 0, split1, table, false), out, one, one);
  return out;
}

// ---------------------------------------------------------------------------
// Exports for msm.ts (module-internal).

/** @internal */
export const internal = {
  OddTable,
  oddMultiplesJacobian,
  ensureStreams,
  get streams(): Stream[] {
    return streams;
  },
  loadGlvStreams,
  runStreams,
  one,
};
