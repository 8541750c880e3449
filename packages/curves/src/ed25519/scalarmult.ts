/**
 * edwards25519 scalar multiplication: variable-base and fixed-base, secret
 * (constant-time) and public (`NonConst`, variable-time), the Straus double
 * scalar multiplication a·A + b·B used by signature verification, and
 * the constant-time comb (the tables themselves are in tables.ts).
 *
 * ## Scalars
 *
 * A scalar argument is a {@link ScalarLike}: either a `Scalar25519` (already
 * reduced mod ℓ) or a 32-byte little-endian `Uint8Array` taken as the full
 * 256-bit INTEGER, NOT reduced mod ℓ. The difference matters only for points
 * with a torsion component: [k]P for k and k mod ℓ differ there, and
 * cofactored [ZIP-215] verification needs the exact integer semantics a
 * caller asks for. So the raw 32-byte S of a signature can be passed as is
 * (after the S < ℓ check), and the 64-byte hash as
 * `new Scalar25519().setWideBytes(h)`. Multiples of the base point B (order
 * ℓ) may reduce internally. Every function (MSM included) checks its
 * scalars the same way: `instanceof Scalar25519`, or a `Uint8Array` of
 * exactly 32 bytes (another length is StrataError ERR_BAD_LENGTH); anything
 * else is a TypeError.
 *
 * ## Constant time (what JavaScript can and cannot promise)
 *
 * `scalarBaseMult`, `scalarMult` and `scalarMultTable` (over a
 * `SecretPointTable` from `precompute`) are meant for SECRET scalars: they use
 * signed radix-16 digits recoded without branches, a fixed number of point
 * operations, and select table entries by reading every entry and combining
 * them with 0/1 flags (`cmov`, or the flat-table scan of the comb) — no
 * secret-dependent branch or array index.
 * What JavaScript cannot promise: the JIT may compile a data-dependent select
 * into a branch, doubles may take data-dependent time on some CPUs
 * (subnormals never occur here: every value is an integer), and the garbage
 * collector and tiering add timing noise that is independent of the secret.
 * Variable-time functions carry `NonConst` in their name and must only see
 * public scalars.
 *
 * ## One chain for every variable-time routine
 *
 * One loop, {@link runChain}, serves every variable-time routine over a
 * Point, a {@link WnafTable} or a pieced {@link PublicPointTable} (see
 * tables.ts): each operand's wNAF digit b·j + i is added from piece j at
 * loop position i, so a double-scalar multiplication with t-piece tables of
 * both operands shares a chain of ≤ b doublings instead of ~253.
 *
 * ## Why edwards25519 keeps its own code
 *
 * The generic Edwards code (`edwards/`) runs edwards25519 too, given the
 * curve as an `EdwardsCurve` over `PrimeField`, and the recodings are the
 * same for both (`shared/recode.ts`: wNAF, signed radix-16). What stays
 * here is what is specific to the field and the formulas: `Fe25519` limbs
 * (radix 2^25.5, no Montgomery form), a = −1 formulas with 2d folded into
 * cached and affine Niels entries (8M and 7M additions), flat tables. One
 * code for both stacks would make every field and point call polymorphic.
 * Same operation, same inputs, same process: the generic code takes 2.3× as
 * long for `scalarMultNonConst` (curves suite, rows "structure: edwards25519
 * specialised vs generic").
 *
 * References:
 * - [BDLSY12] D. J. Bernstein, N. Duif, T. Lange, P. Schwabe, B.-Y. Yang, "High-speed high-security signatures" (radix-16 fixed-base comb, 4 doublings + 64 mixed additions).
 * - [HMV04] D. Hankerson, A. Menezes, S. Vanstone, Guide to Elliptic Curve Cryptography, Alg. 3.35 (wNAF), Alg. 3.51 (interleaving / Straus).
 * - [EFD] https://hyperelliptic.org/EFD/g1p/auto-twisted-extended-1.html (the point formulas used).
 * - [RFC8032] §5.1.6 (signing), §5.1.7 (verification).
 * - [ZIP-215] Zcash ZIP 215 (cofactored verification, integer scalars).
 */
import { ErrorCode, Scalar25519, StrataError, describe, expectRoom } from '@strata/field';
import { Point, PointCached, PointNiels, tsEncode } from './point.js';
import { recodeSignedConst, recodeWnafNonConst } from '../shared/recode.js';
import { ed25519Backend } from '../engine/state.js';
import { A_PIECED, A_POINT, A_WNAF, C_SPLIT, type AKind, type CKind } from '../engine/ed25519-abi.js';
import {
  BASE_W,
  COMB_PER,
  COMB_ROWS_FULL,
  COMB_ROWS_REDUCED,
  ENTRY,
  NAF_DIGITS,
  ROW,
  PublicPointTable,
  SecretPointTable,
  WnafTable,
  baseNiels,
  baseOdd,
  basePieced,
  baseTable,
  isWnafTable,
  loadNiels,
  publicTableData,
  secretTableData,
  type PublicTableData,
  type SecretTableData,
} from './tables.js';

/** A scalar: a `Scalar25519` (mod ℓ) or a 32-byte little-endian integer (used as is). */
export type ScalarLike = Scalar25519 | Uint8Array;

// ---------------------------------------------------------------------------
// Scalar plumbing.
// ---------------------------------------------------------------------------

/** Writes the 32 little-endian bytes of k into buf[off .. off + 32) (buf has ≥ 3 zero bytes after). */
function scalarToBytes(what: string, k: ScalarLike, buf: Uint8Array, off = 0): void {
  if (!(k instanceof Uint8Array)) {
    if (!isScalar(k)) throw new TypeError(`${what}: expected Scalar25519 or Uint8Array, got ${describe(k)}`);
    k.putBytes(buf, off);
    return;
  }
  if (k.length !== 32) throw new StrataError(ErrorCode.BAD_LENGTH, `${what}: expected a 32-byte scalar, got ${k.length} bytes`);
  buf.set(k, off);
}

/**
 * True for a Scalar25519: `instanceof`, the check every curves module makes
 * on its own scalar type (secp256k1 on `ModNScalar`, the Edwards module on
 * `bigint`); a scalar from another copy of @strata/field is a TypeError.
 */
function isScalar(k: unknown): k is Scalar25519 {
  return k instanceof Scalar25519;
}

/** Scratch byte buffers: the 32 little-endian bytes of a scalar. */
const kbufA = new Uint8Array(32);
const kbufB = new Uint8Array(32);
const kbuf32 = new Uint8Array(32);
const redScalar = new Scalar25519();

/** wNAF digit buffers (≥ 8·32 + 8 entries; pieced tables read up to t·⌈257/t⌉ ≤ 264). */
const nafA = new Int8Array(272);
const nafB = new Int8Array(272);

/**
 * Fills e[0..65) with signed radix-16 digits of the 256-bit integer b:
 * Σ e[i]·16^i = b, e[i] ∈ [−8, 8) for i < 64, e[64] ∈ {0, 1}. Branch-free
 * (the package's one constant-time signed recoding, `shared/recode.ts`).
 */
function radix16(e: Int8Array, b: Uint8Array): void {
  recodeSignedConst(b, 32, 4, 65, e);
}

const digits = new Int8Array(65);

/** 1 if a = b else 0, for small non-negative integers, without branching. */
function ctEq(a: number, b: number): number {
  return ((a ^ b) - 1) >>> 31;
}

// ---------------------------------------------------------------------------
// Variable-time scalar multiplication.
// ---------------------------------------------------------------------------

/**
 * One operand of the shared-chain loop {@link runChain}: the wNAF of a
 * scalar (naf[0 … top)) over either odd multiples in cached form (one
 * piece, or the t pieces of a split point) or in affine Niels form
 * (objects, or the flat limbs of a {@link PublicPointTable} with t pieces
 * of b digits: digit b·j + i is taken from piece j at loop position i).
 */
interface Operand {
  readonly naf: Int8Array;
  top: number;
  cached: readonly PointCached[] | null;
  niels: readonly PointNiels[] | null;
  flat: Float64Array | null;
  /** Entries per piece. */
  m: number;
  /** Pieces. */
  t: number;
  /** Digits per piece. */
  b: number;
}

const noCached: readonly PointCached[] = [];
/** The one-shot tables of a Point operand (refilled per call). */
const scratchTable = new WnafTable(5);
const scratchTable2 = new WnafTable(5);
const opA: Operand = { naf: nafA, top: 0, cached: null, niels: null, flat: null, m: 0, t: 1, b: NAF_DIGITS };
const opB: Operand = { naf: nafB, top: 0, cached: null, niels: null, flat: null, m: 0, t: 1, b: NAF_DIGITS };
const chainNiels = new PointNiels();

/** Loads the wNAF of the integer in `bytes` over `table` (a WnafTable, or a PublicPointTable's record) into op. */
function loadOperand(op: Operand, bytes: Uint8Array, table: WnafTable | PublicTableData): void {
  if (table instanceof WnafTable) {
    op.top = recodeWnafNonConst(bytes, 32, table.width, op.naf);
    op.cached = table.entries;
    op.niels = null;
    op.flat = null;
    op.m = table.entries.length;
    op.t = 1;
    op.b = NAF_DIGITS;
  } else {
    op.top = recodeWnafNonConst(bytes, 32, table.width, op.naf);
    op.cached = null;
    op.niels = null;
    op.flat = table.limbs;
    op.m = 1 << (table.width - 2);
    op.t = table.pieces;
    op.b = table.pieceDigits;
  }
}

/** An operand as the multiplications read it: a Point, a WnafTable, or a PublicPointTable's record. */
type OperandValue = Point | WnafTable | PublicTableData;

/**
 * Returns the operand P as the multiplications read it (see
 * {@link OperandValue}). Throws a TypeError for anything that is not a
 * Point, WnafTable or PublicPointTable, and a StrataError
 * ERR_INVALID_ARGUMENT for an object that has a table's prototype but was
 * not built by this module (both engines alike: this runs before the
 * dispatch).
 */
function operand(what: string, P: unknown): OperandValue {
  if (P instanceof Point) return P;
  if (P instanceof PublicPointTable) return publicTableData(what, P);
  if (P instanceof WnafTable) {
    if (!isWnafTable(P)) throw new StrataError(ErrorCode.INVALID_ARGUMENT, `${what}: expected a WnafTable built by its constructor, got an object that only has its prototype`);
    return P;
  }
  throw new TypeError(`${what}: expected an ed25519 Point, WnafTable or PublicPointTable, got ${describe(P)}`);
}

/** The WebAssembly bridge's kind of an operand. */
function kindOf(v: OperandValue): AKind {
  return v instanceof Point ? A_POINT : v instanceof WnafTable ? A_WNAF : A_PIECED;
}

/** Loads the width-{@link BASE_W} wNAF of `bytes` over B's one-piece Niels objects into op. */
function loadBaseOperand(op: Operand, bytes: Uint8Array): void {
  op.top = recodeWnafNonConst(bytes, 32, BASE_W, op.naf);
  op.cached = null;
  op.niels = baseOdd();
  op.flat = null;
  op.m = 1 << (BASE_W - 2);
  op.t = 1;
  op.b = NAF_DIGITS;
}

/** Returns whether op has a non-zero digit at loop position i (in any piece). */
function hasDigit(op: Operand, i: number): boolean {
  const b = op.b;
  if (i >= b) return false;
  const naf = op.naf;
  for (let j = 0, o = i; j < op.t; j++, o += b) if (naf[o] !== 0) return true;
  return false;
}

/** Adds d·(entry of piece j) of op to out for a non-zero digit d. */
function addDigit(op: Operand, j: number, d: number, out: Point): void {
  const idx = (d > 0 ? d : -d) >> 1;
  if (op.flat !== null) {
    const e = loadNiels(op.flat, ENTRY * (j * op.m + idx), chainNiels);
    if (d > 0) out.addNiels(out, e);
    else out.subNiels(out, e);
  } else if (op.niels !== null) {
    if (d > 0) out.addNiels(out, op.niels[idx]!);
    else out.subNiels(out, op.niels[idx]!);
  } else {
    const c = (op.cached ?? noCached)[j * op.m + idx]!;
    if (d > 0) out.addCached(out, c);
    else out.subCached(out, c);
  }
}

/** Adds op's digits at loop position i (all pieces) to out. */
function addDigits(op: Operand, i: number, out: Point): void {
  const b = op.b;
  if (i >= b) return;
  const naf = op.naf;
  for (let j = 0, o = i; j < op.t; j++, o += b) {
    const d = naf[o]!;
    if (d !== 0) addDigit(op, j, d, out);
  }
}

/**
 * Sets out = Σ (scalar of op)·(point of op) over the first n operands
 * (opA, then opB) and returns out: Straus interleaving [HMV04] Alg. 3.51
 * with one shared doubling chain of max_s min(b_s, top_s) steps
 * (dbl-2008-hwcd, 4M + 4S; without the T product when no addition follows),
 * and one addition per non-zero digit: add-2008-hwcd-3 with a cached entry
 * (8M) or madd-2008-hwcd-3 with an affine Niels entry (7M).
 */
function runChain(n: number, out: Point): Point {
  let len = 0;
  for (let s = 0; s < n; s++) {
    const op = s === 0 ? opA : opB;
    const l = Math.min(op.b, op.top);
    if (l > len) len = l;
  }
  out.setIdentity();
  const two = n > 1;
  if (opA.t === 1 && (!two || opB.t === 1)) {
    // One piece each: the plain Straus loop (no piece bookkeeping).
    const na = opA.naf;
    const nb = opB.naf;
    for (let i = len - 1; i >= 0; i--) {
      const da = na[i]!;
      const db = two ? nb[i]! : 0;
      if (da === 0 && db === 0) {
        if (i > 0) out.doubleNoT(out);
        else out.double(out);
        continue;
      }
      out.double(out);
      if (da !== 0) addDigit(opA, 0, da, out);
      if (db !== 0) addDigit(opB, 0, db, out);
    }
    return out;
  }
  for (let i = len - 1; i >= 0; i--) {
    if (!hasDigit(opA, i) && !(two && hasDigit(opB, i))) {
      // Followed by the next position's doubling (T ignored), except at the end.
      if (i > 0) out.doubleNoT(out);
      else out.double(out);
      continue;
    }
    out.double(out);
    addDigits(opA, i, out);
    if (two) addDigits(opB, i, out);
  }
  return out;
}

/**
 * Sets out = k·P (variable time: wNAF width 5, or the width of a prebuilt
 * {@link WnafTable}, or the width and pieces of a {@link PublicPointTable}) and
 * returns out (a new point when omitted). k is a {@link ScalarLike}. For
 * PUBLIC scalars only.
 */
export function scalarMultNonConst(k: ScalarLike, P: Point | WnafTable | PublicPointTable, out: Point = new Point()): Point {
  scalarToBytes('scalarMultNonConst', k, kbufA);
  const p = operand('scalarMultNonConst P', P);
  const be = ed25519Backend();
  if (be === null) tsScalarMultNonConst(kbufA, kindOf(p), p, out);
  else be.scalarMultNonConst(kbufA, kindOf(p), p, out);
  return out;
}

/** @internal TypeScript backend (backend.ts Ed25519Backend.scalarMultNonConst): out = a·A, one wNAF chain. */
export function tsScalarMultNonConst(a: Uint8Array, _kind: AKind, A: OperandValue, out: Point): void {
  loadOperand(opA, a, A instanceof Point ? scratchTable.setPoint(A) : A);
  runChain(1, out);
}

/**
 * Sets out = k·B for the base point B (variable time: radix-16 comb over a
 * lazily built table of 256 precomputed multiples, 4 doublings + ≤ 64
 * mixed additions) and returns out. For PUBLIC scalars only.
 */
export function scalarBaseMultNonConst(k: ScalarLike, out: Point = new Point()): Point {
  reduceInto('scalarBaseMultNonConst', k);
  const be = ed25519Backend();
  if (be === null) tsScalarBaseMultNonConst(kbufA, out);
  else be.scalarBaseMultNonConst(kbufA, out);
  return out;
}

/** @internal TypeScript backend (backend.ts Ed25519Backend.scalarBaseMultNonConst): out = k·B for k < ℓ (kb), the radix-16 comb. */
export function tsScalarBaseMultNonConst(kb: Uint8Array, out: Point): void {
  radix16(digits, kb);
  const t = baseNiels();
  out.setIdentity();
  for (let i = 1; i < 64; i += 2) addDigitNonConst(out, t[i >> 1]!, digits[i]!);
  out.doubleNoT(out).doubleNoT(out).doubleNoT(out).double(out);
  for (let i = 0; i < 64; i += 2) addDigitNonConst(out, t[i >> 1]!, digits[i]!);
}

function addDigitNonConst(out: Point, row: readonly PointNiels[], d: number): void {
  if (d > 0) out.addNiels(out, row[d - 1]!);
  else if (d < 0) out.subNiels(out, row[-d - 1]!);
}

/** Writes k mod ℓ to kbufA (32 little-endian bytes). */
function reduceInto(what: string, k: ScalarLike): void {
  if (isScalar(k)) k.putBytes(kbufA, 0);
  else {
    scalarToBytes(what, k, kbuf32);
    redScalar.setBytesReduced(kbuf32);
    redScalar.putBytes(kbufA, 0);
    kbuf32.fill(0);
  }
}

/**
 * Sets out = a·A + b·B (B the base point) and returns out: Straus
 * interleaving with one shared doubling chain ({@link runChain}). A may be a
 * `Point` (one-shot width-5 table), a {@link WnafTable} (its width), or a
 * t-piece {@link PublicPointTable}: B's digits then come from a width-8 table of
 * B in t pieces (built on first use) and the chain is ≤ ⌈257/t⌉ steps;
 * otherwise B uses a lazily built width-8 table of 64 odd multiples. The
 * verification equation of [RFC8032] §5.1.7 is [S]B = R + [k]A, i.e.
 * R = [S]B − [k]A = doubleScalarMultBaseNonConst(−k, A, S). For PUBLIC
 * scalars only.
 */
export function doubleScalarMultBaseNonConst(a: ScalarLike, A: Point | WnafTable | PublicPointTable, b: ScalarLike, out: Point = new Point()): Point {
  scalarToBytes('doubleScalarMultBaseNonConst', a, kbufA);
  scalarToBytes('doubleScalarMultBaseNonConst', b, kbufB);
  const p = operand('doubleScalarMultBaseNonConst A', A);
  const be = ed25519Backend();
  if (be === null) tsDoubleScalarMultBase(kbufA, kindOf(p), p, kbufB, out);
  else be.doubleScalarMultBase(kbufA, kindOf(p), p, kbufB, out);
  return out;
}

/** @internal TypeScript backend (backend.ts Ed25519Backend.doubleScalarMultBase): out = a·A + b·B, one shared chain. */
export function tsDoubleScalarMultBase(a: Uint8Array, _kind: AKind, A: OperandValue, b: Uint8Array, out: Point): void {
  if (A instanceof Point || A instanceof WnafTable) {
    loadOperand(opA, a, A instanceof Point ? scratchTable.setPoint(A) : A);
    loadBaseOperand(opB, b);
  } else {
    loadOperand(opA, a, A);
    loadOperand(opB, b, basePieced(A.pieces));
  }
  runChain(2, out);
}

const eqPoint = new Point();

/**
 * Reports whether [8]([k]A + [S]B − R) = O (B the base point): the
 * cofactored verification equation of [ZIP-215] with A the NEGATED public
 * key, as in {@link doubleScalarMultBaseNonConst}. k and S are reduced
 * scalars (a Uint8Array is a TypeError: with a torsion component in A, the
 * answer depends on k itself, not only on k mod ℓ). The TypeScript engine
 * runs the 253-step Straus chain; the WebAssembly engine the same equation
 * multiplied by a half-size c1 (wasm/ed25519/halfsize.ts), a 129-step
 * chain: the same answer for every input. For PUBLIC inputs only.
 */
export function cofactoredEquationNonConst(k: Scalar25519, A: Point, S: Scalar25519, R: Point): boolean {
  if (!isScalar(k)) throw new TypeError(`cofactoredEquationNonConst k: expected Scalar25519, got ${describe(k)}`);
  if (!isScalar(S)) throw new TypeError(`cofactoredEquationNonConst S: expected Scalar25519, got ${describe(S)}`);
  if (!(A instanceof Point)) throw new TypeError(`cofactoredEquationNonConst A: expected Point, got ${describe(A)}`);
  if (!(R instanceof Point)) throw new TypeError(`cofactoredEquationNonConst R: expected Point, got ${describe(R)}`);
  k.putBytes(kbufA, 0);
  S.putBytes(kbufB, 0);
  const be = ed25519Backend();
  return be === null ? tsCofactoredEquation(kbufA, A, kbufB, R) : be.cofactoredEquation(kbufA, A, kbufB, R);
}

/** @internal TypeScript backend (backend.ts Ed25519Backend.cofactoredEquation): the full-length chain, then R subtracted and three doublings. */
export function tsCofactoredEquation(k: Uint8Array, A: Point, S: Uint8Array, R: Point): boolean {
  const p = eqPoint;
  tsDoubleScalarMultBase(k, A_POINT, A, S, p);
  return p.sub(p, R).mulByCofactor(p).isIdentity();
}

/**
 * Sets out = a·A + b·C and returns out: Straus interleaving with one shared
 * doubling chain ({@link runChain}). A and C may each be a `Point`
 * (one-shot width-5 table), a {@link WnafTable} or a {@link PublicPointTable};
 * the chain is max over the two of min(⌈257/t⌉, wNAF length) steps, so
 * two t-piece tables give the short chain. For PUBLIC scalars only.
 */
export function doubleScalarMultNonConst(
  a: ScalarLike,
  A: Point | WnafTable | PublicPointTable,
  b: ScalarLike,
  C: Point | WnafTable | PublicPointTable,
  out: Point = new Point(),
): Point {
  scalarToBytes('doubleScalarMultNonConst', a, kbufA);
  scalarToBytes('doubleScalarMultNonConst', b, kbufB);
  const pA = operand('doubleScalarMultNonConst A', A);
  const pC = operand('doubleScalarMultNonConst C', C);
  const be = ed25519Backend();
  if (be === null) tsDoubleScalarMult(kbufA, kindOf(pA), pA, kbufB, kindOf(pC), pC, out);
  else be.doubleScalarMult(kbufA, kindOf(pA), pA, kbufB, kindOf(pC), pC, out);
  return out;
}

/** @internal TypeScript backend (backend.ts Ed25519Backend.doubleScalarMult): out = a·A + b·C, one shared chain. */
export function tsDoubleScalarMult(a: Uint8Array, _kindA: AKind, A: OperandValue, b: Uint8Array, kindC: CKind, C: OperandValue | readonly Point[], out: Point): void {
  loadOperand(opA, a, A instanceof Point ? scratchTable.setPoint(A) : A);
  if (kindC === C_SPLIT) loadSplit(opB, b, C as readonly Point[]);
  else loadOperand(opB, b, C instanceof Point ? scratchTable2.setPoint(C) : (C as WnafTable | PublicTableData));
  runChain(2, out);
}

// ---------------------------------------------------------------------------
// Split points: one point's doublings shared by several multiplications.
// ---------------------------------------------------------------------------

/** Most pieces of a split point (the kernel's C table holds 8 × 8 entries). */
export const SPLIT_MAX = 8;
/** The width-5 tables of a split point's pieces (refilled per call). */
const splitTables = Array.from({ length: SPLIT_MAX }, () => new WnafTable(5));
/** splitEntries[8j + i] = entry i of splitTables[j] (the operand's flat view). */
const splitEntries: readonly PointCached[] = Object.freeze(splitTables.flatMap((t) => t.entries));

/** Loads the width-5 wNAF of `bytes` over the tables of the pieces (t = pieces.length) into op. */
function loadSplit(op: Operand, bytes: Uint8Array, pieces: readonly Point[]): void {
  const t = pieces.length;
  for (let j = 0; j < t; j++) splitTables[j]!.setPoint(pieces[j]!);
  op.top = recodeWnafNonConst(bytes, 32, 5, op.naf);
  op.cached = splitEntries;
  op.niels = null;
  op.flat = null;
  op.m = 8;
  op.t = t;
  op.b = Math.ceil(NAF_DIGITS / t);
}

/** Throws unless t is an integer in [1, SPLIT_MAX]. */
function checkPieces(what: string, t: unknown): number {
  if (typeof t !== 'number' || !Number.isInteger(t)) throw new TypeError(`${what}: expected an integer piece count, got ${describe(t)}`);
  if (t < 1 || t > SPLIT_MAX) throw new RangeError(`${what}: expected a piece count in [1, ${SPLIT_MAX}], got ${t}`);
  return t;
}

/**
 * Returns the t pieces of P, `out[j]` = 2^(b·j)·P for j < t with
 * b = ⌈257/t⌉ (new points unless `out` has t of them): the operand form of
 * {@link doubleScalarMultSplitNonConst}. Costs (t − 1)·b doublings, paid
 * once however many multiplications then read the pieces; each of them
 * runs a chain of ~b doublings instead of ~253. Pieces are linear: the
 * pieces of P − Q (same t) are the differences of P's and Q's, so a
 * caller can derive them with t additions. Variable time (public P only).
 * TypeError for a non-Point or a non-integer t, RangeError for t outside
 * [1, 8].
 */
export function splitNonConst(P: Point, t: number, out?: Point[]): Point[] {
  if (!(P instanceof Point)) throw new TypeError(`splitNonConst: expected an ed25519 Point, got ${describe(P)}`);
  checkPieces('splitNonConst', t);
  const pieces = out !== undefined && out.length === t ? out : Array.from({ length: t }, () => new Point());
  for (const q of pieces) if (!(q instanceof Point)) throw new TypeError(`splitNonConst out: expected ed25519 Points, got ${describe(q)}`);
  const be = ed25519Backend();
  if (be === null) tsSplit(P, t, pieces);
  else be.split(P, t, pieces);
  return pieces;
}

/** @internal TypeScript backend (backend.ts Ed25519Backend.split): out[j] = 2^(b·j)·P. */
export function tsSplit(P: Point, t: number, out: readonly Point[]): void {
  const b = Math.ceil(NAF_DIGITS / t);
  out[0]!.set(P);
  for (let j = 1; j < t; j++) out[j]!.doubleK(out[j - 1]!, b);
}

/**
 * Sets out = a·A + k·P and returns out, P given by its t pieces (from
 * {@link splitNonConst}, or differences of such pieces with the same t):
 * Straus over A's table and width-5 cached tables of the t pieces, one
 * chain of max(min(⌈257/t⌉, wNAF length of k), A's) doublings. A is a
 * Point, WnafTable or PublicPointTable as in
 * {@link doubleScalarMultNonConst}; with a t'-piece table of A, t' ≥ t
 * keeps the chain at ⌈257/t⌉. Pieces that are not 2^(b·j)·P of one P give
 * Σ_j k_j·pieces[j] for k's digit slices k_j (some point; not k·P).
 * For PUBLIC scalars only. TypeError for non-Points, RangeError for 0 or
 * more than 8 pieces.
 */
export function doubleScalarMultSplitNonConst(
  a: ScalarLike,
  A: Point | WnafTable | PublicPointTable,
  k: ScalarLike,
  pieces: readonly Point[],
  out: Point = new Point(),
): Point {
  scalarToBytes('doubleScalarMultSplitNonConst', a, kbufA);
  scalarToBytes('doubleScalarMultSplitNonConst', k, kbufB);
  const pA = operand('doubleScalarMultSplitNonConst A', A);
  if (!Array.isArray(pieces)) throw new TypeError(`doubleScalarMultSplitNonConst: expected an array of pieces, got ${describe(pieces)}`);
  checkPieces('doubleScalarMultSplitNonConst', pieces.length);
  for (const q of pieces) if (!(q instanceof Point)) throw new TypeError(`doubleScalarMultSplitNonConst: expected ed25519 Point pieces, got ${describe(q)}`);
  const be = ed25519Backend();
  if (be === null) tsDoubleScalarMult(kbufA, kindOf(pA), pA, kbufB, C_SPLIT, pieces, out);
  else be.doubleScalarMult(kbufA, kindOf(pA), pA, kbufB, C_SPLIT, pieces, out);
  return out;
}

// ---------------------------------------------------------------------------
// Constant-time scalar multiplication (secret scalars).
// ---------------------------------------------------------------------------

const ctNiels = new PointNiels();
const ctCached = new PointCached();

/**
 * Sets out = k·B for a SECRET scalar k and returns out: k is reduced mod ℓ
 * (branch-free), recoded into 64 signed radix-16 digits, and {@link combMultCt}
 * runs over the comb of B (32 rows): each digit's table entry is chosen by
 * reading all 8 entries of its row and combining them with 0/1 flags; always
 * 4 doublings + 64 mixed additions [BDLSY12]. See the module doc for what
 * JavaScript cannot promise. (Flat-table scan instead of 8 `cmov` calls per
 * digit, measured faster on the same machine; figures in the README.)
 */
export function scalarBaseMult(k: ScalarLike, out: Point = new Point()): Point {
  reduceInto('scalarBaseMult', k);
  const be = ed25519Backend();
  if (be === null) tsScalarBaseMult(kbufA, out);
  else {
    be.scalarBaseMult(kbufA, out);
    kbufA.fill(0);
    redScalar.setZero();
  }
  return out;
}

/**
 * Writes the encoding of k·B for a SECRET scalar k to out[offset … offset
 * + 32) and returns out (a new 32-byte array by default): the same
 * constant-time comb as {@link scalarBaseMult}, then the point's encoding,
 * as `scalarBaseMult(k).putBytes(out, offset)` gives. On the WebAssembly
 * engine both steps run in one call and the point never leaves the module
 * (an Ed25519 signature's R, a public key). TypeError for a non-Uint8Array
 * `out` or a bad `offset`; StrataError ERR_BAD_LENGTH when fewer than 32
 * bytes follow `offset` (checked before any work).
 */
export function scalarBaseMultToBytes(k: ScalarLike, out: Uint8Array = new Uint8Array(32), offset = 0): Uint8Array {
  expectRoom('scalarBaseMultToBytes', out, offset, 32);
  reduceInto('scalarBaseMultToBytes', k);
  const be = ed25519Backend();
  if (be === null) tsScalarBaseMultToBytes(kbufA, out, offset);
  else {
    be.scalarBaseMultToBytes(kbufA, out, offset);
    kbufA.fill(0);
    redScalar.setZero();
  }
  return out;
}

const encScratch = new Point();

/**
 * @internal TypeScript backend (backend.ts Ed25519Backend.scalarBaseMultToBytes):
 * writes the encoding of k·B for a SECRET k < ℓ (kb) to out[off … off + 32)
 * ({@link tsScalarBaseMult} into a scratch point, then {@link tsEncode}).
 */
export function tsScalarBaseMultToBytes(kb: Uint8Array, out: Uint8Array, off: number): void {
  tsScalarBaseMult(kb, encScratch);
  tsEncode(encScratch, out, off);
}

/**
 * @internal TypeScript backend (backend.ts Ed25519Backend.scalarBaseMult):
 * out = k·B for a SECRET k < ℓ (kb) over the comb of B ({@link combMultCt},
 * which wipes the digits, kbufA and the reduced scalar).
 */
export function tsScalarBaseMult(kb: Uint8Array, out: Point): void {
  radix16(digits, kb);
  combMultCt(baseTable().entries, COMB_ROWS_REDUCED, out);
}

/**
 * Sets out = k·P for a SECRET scalar k and P given by its
 * {@link SecretPointTable} (from {@link precompute}) and returns out. A
 * `Scalar25519` (< ℓ) gives 64 signed radix-16 digits: 4 doublings + 64
 * mixed additions (madd-2008-hwcd-3, 7M each), each operand chosen by a
 * masked scan of its row's 8 entries and a masked negation. A `Uint8Array`
 * is the full 256-bit integer (as in {@link scalarMult}; this matters for P
 * with a torsion component): 65 digits, one more mixed addition (row 32).
 * The operation sequence depends only on the TYPE of k, never on its value
 * (≈ 4× fewer field multiplications than {@link scalarMult}, which rebuilds
 * its table each call). `out` may be any point (fresh by default).
 * TypeError for a table that is not a SecretPointTable; StrataError
 * ERR_INVALID_ARGUMENT for one that {@link precompute} did not build (both
 * engines alike).
 */
export function scalarMultTable(k: ScalarLike, table: SecretPointTable, out: Point = new Point()): Point {
  if (!(table instanceof SecretPointTable)) throw new TypeError(`scalarMultTable: expected a SecretPointTable, got ${describe(table)}`);
  const data = secretTableData('scalarMultTable', table);
  // A Scalar25519 (< ℓ < 2^253: digit 64 is 0) needs 32 even rows, a 256-bit integer 33.
  let rows = COMB_ROWS_FULL;
  if (isScalar(k)) {
    k.putBytes(kbufA, 0);
    rows = COMB_ROWS_REDUCED;
  } else scalarToBytes('scalarMultTable', k, kbufA);
  const be = ed25519Backend();
  if (be === null) tsScalarMultTable(kbufA, data, rows, out);
  else {
    be.scalarMultTable(kbufA, data, rows, out);
    kbufA.fill(0);
  }
  return out;
}

/**
 * @internal TypeScript backend (backend.ts Ed25519Backend.scalarMultTable):
 * out = k·P over P's flat comb, `rows` even rows ({@link combMultCt}, which
 * wipes the digits and kbufA).
 */
export function tsScalarMultTable(kb: Uint8Array, table: SecretTableData, rows: number, out: Point): void {
  radix16(digits, kb);
  combMultCt(table.entries, rows, out);
}

/**
 * The TypeScript body of {@link scalarMultTable}: sets out = k·P over the
 * flat comb `entries` of P (33 rows, see {@link buildComb}) and returns out.
 */
function scalarMultEntries(k: ScalarLike, entries: Float64Array, out: Point): Point {
  if (isScalar(k)) {
    k.putBytes(kbufA, 0);
    radix16(digits, kbufA); // k < ℓ < 2^253: digits[64] = 0
    return combMultCt(entries, COMB_ROWS_REDUCED, out);
  }
  scalarToBytes('scalarMultTable', k, kbufA);
  radix16(digits, kbufA);
  return combMultCt(entries, COMB_ROWS_FULL, out);
}

/**
 * The one constant-time comb loop, shared by {@link scalarBaseMult} and
 * {@link scalarMultTable}: sets out = Σ digits[i]·16^i·P over the flat comb
 * of P (entry (i, j) = (j + 1)·256^i·P) and returns out. Odd digits first
 * (rows 0 … 31), then 4 doublings (×16), then even digits 0, 2, …,
 * 2·(evenRows − 1) (evenRows = 32, or 33 when digit 64 may be non-zero):
 * [BDLSY12]'s fixed-base comb; each step is {@link selectCt} + one mixed
 * addition (madd-2008-hwcd-3, 7M). Wipes the digits, the scalar bytes, the
 * reduced scalar and the selected entry afterwards. Reads `digits` (filled
 * by {@link radix16}).
 */
function combMultCt(entries: Float64Array, evenRows: number, out: Point): Point {
  const acc = ctAcc.setIdentity();
  const n = ctNiels;
  for (let i = 1; i < 64; i += 2) acc.addNiels(acc, selectCt(entries, (i >> 1) * ROW, digits[i]!, n));
  acc.doubleNoT(acc).doubleNoT(acc).doubleNoT(acc).double(acc);
  for (let i = 0; i < 2 * evenRows; i += 2) acc.addNiels(acc, selectCt(entries, (i >> 1) * ROW, digits[i]!, n));
  // Scrub the secret digits, bytes and the last selected multiple.
  digits.fill(0);
  kbufA.fill(0);
  redScalar.setZero();
  n.setIdentity();
  return out.set(acc);
}

/**
 * Sets n = d·E for a signed digit d ∈ [−8, 8], E the row starting at
 * entries[base] (entry j = (j + 1)·E), and returns n, without a
 * secret-dependent branch or index: every limb of all 8 entries is read and
 * multiplied by a 0/1 flag (1 only for entry |d| − 1), the identity
 * (1, 1, 0) is added with flag [d = 0], and the sign is applied by a masked
 * swap of y ± x and negation of 2dxy. Output limbs are exact (sums of one
 * loose value and zeros): loose, magnitude 1.
 */
function selectCt(entries: Float64Array, base: number, d: number, n: PointNiels): PointNiels {
  const neg = (d >>> 31) & 1; // d is an int in [−8, 8]
  const abs = d - 2 * neg * d;
  const a = n.yPlusX.l;
  const b = n.yMinusX.l;
  const c = n.xy2d.l;
  const z = ctEq(abs, 0);
  for (let i = 0; i < 15; i++) {
    a[i] = 0;
    b[i] = 0;
    c[i] = 0;
  }
  a[0] = z;
  b[0] = z;
  for (let j = 0; j < COMB_PER; j++) {
    const m = ctEq(abs, j + 1);
    const o = base + j * ENTRY;
    for (let i = 0; i < 15; i++) {
      a[i] = a[i]! + entries[o + i]! * m;
      b[i] = b[i]! + entries[o + 15 + i]! * m;
      c[i] = c[i]! + entries[o + 30 + i]! * m;
    }
  }
  // −(y + x, y − x, 2dxy) = (y − x, y + x, −2dxy), applied when neg = 1.
  const s = 1 - 2 * neg;
  for (let i = 0; i < 15; i++) {
    const t = (b[i]! - a[i]!) * neg;
    a[i] = a[i]! + t;
    b[i] = b[i]! - t;
    c[i] = c[i]! * s;
  }
  return n;
}

/** Scratch table for scalarMult: CT_TABLE[j] = j·P, j = 0..8. */
const CT_TABLE: PointCached[] = Array.from({ length: 9 }, () => new PointCached());
const ctTmp = new Point();
const ctAcc = new Point();

/**
 * Sets out = k·P for a SECRET scalar k (the full 256-bit integer when k is a
 * Uint8Array) and returns out: 65 signed radix-16 digits, each step 4
 * doublings and one addition of a table entry chosen by scanning all 9
 * entries 0·P … 8·P with arithmetic masks. Fixed operation sequence.
 */
export function scalarMult(k: ScalarLike, P: Point, out: Point = new Point()): Point {
  scalarToBytes('scalarMult', k, kbufA);
  const be = ed25519Backend();
  // Anything but a Point takes the TypeScript path (as before the seam).
  if (be === null || !(P instanceof Point)) tsScalarMult(kbufA, P, out);
  else {
    be.scalarMult(kbufA, P, out);
    kbufA.fill(0);
  }
  return out;
}

/**
 * @internal TypeScript backend (backend.ts Ed25519Backend.scalarMult): out =
 * k·P for a SECRET 256-bit k (kb): 65 signed radix-16 digits over the table
 * 0·P … 8·P, each entry chosen by a masked scan. Wipes the digits and kb.
 */
export function tsScalarMult(kb: Uint8Array, P: Point, out: Point): void {
  radix16(digits, kb);
  // Table 0·P … 8·P.
  const tmp = ctTmp.setIdentity();
  CT_TABLE[0]!.setPoint(tmp);
  tmp.set(P);
  CT_TABLE[1]!.setPoint(tmp);
  for (let j = 2; j <= 8; j++) {
    tmp.addCached(tmp, CT_TABLE[1]!);
    CT_TABLE[j]!.setPoint(tmp);
  }
  const acc = ctAcc.setIdentity();
  for (let i = 64; i >= 0; i--) {
    acc.doubleNoT(acc).doubleNoT(acc).doubleNoT(acc).double(acc);
    const d = digits[i]!;
    const neg = (d >>> 31) & 1;
    const abs = d - 2 * neg * d;
    const c = ctCached.set(CT_TABLE[0]!);
    for (let j = 1; j <= 8; j++) c.cmov(CT_TABLE[j]!, ctEq(abs, j));
    c.cneg(neg);
    acc.addCached(acc, c);
  }
  digits.fill(0);
  kb.fill(0);
  out.set(acc);
}

/** @internal Shared with msm.ts and the tests (not re-exported from the package); builds no table. */
export const internal = { scalarToBytes, scalarMultEntries };
