/**
 * Scalar multiplication for SECRET scalars: k·G and k·P from a cached
 * window table (signed 5-bit windows, `scalarBaseMult`, `scalarMultTable`
 * with `precompute`), and one-shot k·P (`scalarMult`: the GLV halves in
 * signed odd 4-bit digits over the variable-time code's one-shot table of
 * P), all with masked table scans and branch-free mixed additions into a
 * lazy Jacobian accumulator.
 *
 * What the code does to avoid leaking k:
 * - the sequence of field operations is the same for every scalar: every
 *   window does the same doublings (one-shot k·P only) and additions (two
 *   for one-shot k·P, one per GLV half; one for table k·G / k·P). One-shot
 *   k·P's last digit position and corrections add with `lazyAddAffineConst`,
 *   which covers ∞, equal, opposite and the y1 = −y2, x1 = β^(±1)·x2
 *   operands with masks, since partial sums of a chosen k can reach them
 *   there; the positions before add with `lazyAddAffineBlind`, whose
 *   operands are never exceptional there (see {@link scalarMult}); it has
 *   no zero digit (each half h is read as
 *   the odd h | 1, in digits ±1, ±3, …, ±15; an even half's extra ±P is
 *   subtracted at the end by mask), and its doublings have no exception on
 *   secp256k1 (no point of order 2; ∞ stays Z = 0). The table forms' partial
 *   sums never equal ± the entry added (see {@link windowMult}), so their
 *   addition (`lazyAddAffineBlind`) has no test at all; they choose the
 *   entry by mask while the accumulator is ∞, compute the sum for a zero
 *   digit too and keep the old accumulator through a mask;
 * - the table entry for a digit is read by touching every entry of its
 *   window and combining them with all-ones/all-zeros masks, so the memory
 *   access pattern does not depend on the digit; the sign of a digit (and
 *   of a GLV half) is applied by computing −y and choosing with a mask; the
 *   recodings and the GLV split (scalar.ts `splitK`) are shifts, adds,
 *   multiplications and masks;
 * - FieldVal's `mul`, `square`, `add`, `negate`, `normalize` run the same
 *   instruction sequence for every input (see @strata/field).
 *
 * What JavaScript still cannot promise: the JIT may compile the same source
 * into code whose timing depends on values (deoptimisation on type or
 * range changes, Smi vs. heap-number representation, speculative bounds
 * checks); garbage collection and tiering introduce pauses; floating-point
 * and integer operations are not guaranteed constant-time on every CPU;
 * `ModNScalar.putBytes` and the 4-bit digit extraction are plain integer
 * code, and the split's `Math.floor` carries and the boolean sign flags it
 * also reports are ordinary number code. Secrets also stay in memory
 * (scratch points are not wiped after use; the digit, byte and split
 * buffers are). This is a best effort, not a guarantee: for a
 * hard guarantee use a vetted native or WebAssembly implementation.
 *
 * Public inputs may branch: P itself (and whether it is the point at
 * infinity) is treated as public; building a `SecretPointTable` is
 * variable time in P.
 *
 * References:
 * - [BJ02] E. Brier, M. Joye, "Weierstraß elliptic curves and side-channel
 *   attacks", PKC 2002 (the unified addition).
 * - [SEC2] SEC 2 v2.0 §2.4.1.
 * - [HAC] Menezes, van Oorschot, Vanstone, Algorithm 14.82 (fixed-window
 *   exponentiation), §14.6.3 (fixed-base windowing, the table forms).
 * - [GLV] Gallant, Lambert, Vanstone, CRYPTO 2001 (k·P splits k in two
 *   128-bit halves; the split is computed branch-free).
 * - [JT09] M. Joye, M. Tunstall, "Exponent recoding and regular
 *   exponentiation algorithms", AFRICACRYPT 2009 (odd digits, no zero digit).
 */
import { ErrorCode, FieldVal, ModNScalar, StrataError } from '@strata/field';
import { JacobianPoint } from './point.js';
import { batchToAffineNonConst } from './batch.js';
import { buildOneShot, oneShot, zGlobal } from './ecmult.js';
import { newGlvSplit, splitK } from './scalar.js';
import { recodeSignedConst } from '../shared/recode.js';
import type { SecretTableLike } from './backend.js';
import { secp256k1Backend } from '../engine/state.js';
// [BJ02] unified mixed addition and the lazy doubling, written with the
// WebAssembly engine's from packages/curves/gen/formulas/secp256k1.mjs.
import { lazyAddAffineBlind, lazyAddAffineConst, lazyDouble } from './point-formulas.generated.js';

/** The coordinates (X, Y, Z) of a lazily reduced Jacobian accumulator (X/Z², Y/Z³), ∞ as Z = 0. */
class LazyPoint {
  readonly x = new FieldVal();
  readonly y = new FieldVal();
  readonly z = new FieldVal();
}

const kBytes = new Uint8Array(32);

const ctSplit = newGlvSplit();
const signMasks = new Int32Array(2);

/** Odd multiples in the one-shot table (ecmult.ts buildOneShot): P, 3P, …, 15P. */
const ODD = 8;
/** Signed odd 4-bit digits per GLV half: 32·4 = 128 bits. */
const HALF_DIGITS = 32;
const one = new FieldVal().setInt(1);
/** The accumulator of {@link tsScalarMult} and {@link windowMult}: Jacobian, lazily reduced, ∞ as Z = 0; the masked sum. */
const ctAcc = new LazyPoint();
const ctSum = new LazyPoint();

/**
 * Sets out = the lazy accumulator ctAcc with Z multiplied by zs (u to leave
 * E_u, or 1), every coordinate normalized and the identity (Z = 0) as
 * (0, 0, 0), without a branch, and returns out.
 */
function lazyResult(zs: FieldVal, out: JacobianPoint): JacobianPoint {
  out.z.mul(ctAcc.z, zs).normalize();
  out.x.set(ctAcc.x).normalize();
  out.y.set(ctAcc.y).normalize();
  const zn = out.z.n, xn = out.x.n, yn = out.y.n;
  let or = 0;
  for (let i = 0; i < 10; i++) or |= zn[i]!;
  const inf = (or - 1) >> 31; //                    −1 iff Z = 0 (k = 0): the identity as (0, 0, 0)
  for (let i = 0; i < 10; i++) {
    xn[i] = xn[i]! & ~inf;
    yn[i] = yn[i]! & ~inf;
  }
  return out;
}

/**
 * Returns digit j's's 4 bits c_j of u = ⌊h/2⌋ + 2¹²⁷ for the 128-bit half h
 * (32 big-endian bytes, the top 16 zero): bits 4j + 1 … 4j + 4 of h, with
 * bit 3 set for j = 31. The odd h' = 2·⌊h/2⌋ + 1 (h, or h + 1 when h is
 * even) is Σ (2·c_j − 15)·16^j: every digit odd, in [−15, 15], the top one
 * positive. Indices and shifts depend on j only.
 */
function nibble(k: Uint8Array, j: number): number {
  const bit = 4 * j + 1;
  const i = bit >> 3; //                            byte from the least significant end, ≤ 15
  const raw = k[31 - i]! | (k[30 - i]! << 8);
  return ((raw >>> (bit & 7)) & 15) | (j === HALF_DIGITS - 1 ? 8 : 0);
}

/**
 * Sets selX, selY = xs[idx], the one-shot table's ys[idx] (idx < 8) by
 * reading all eight entries with masks, then y ← −y when neg = −1.
 */
function selectOdd(idx: number, xs: readonly FieldVal[], neg: number): void {
  const sx = selX.n, sy = selY.n, ys = oneShot.ys;
  sx.fill(0);
  sy.fill(0);
  for (let e = 0; e < ODD; e++) {
    const m = ((e ^ idx) - 1) >> 31; //               −1 iff e = idx
    const ex = xs[e]!.n, ey = ys[e]!.n;
    for (let i = 0; i < 10; i++) {
      sx[i] = sx[i]! | (ex[i]! & m);
      sy[i] = sy[i]! | (ey[i]! & m);
    }
  }
  negSelY.negate(selY, 1); //                       −y                     (mag 2)
  cmov(selY, negSelY, neg);
}

/**
 * Sets selX, selY = the point of one digit of a GLV half: c ({@link nibble})
 * gives d = 2c − 15, entry |d| = 2·idx + 1 with idx = c − 8 for c ≥ 8,
 * 7 − c below; the point is negated when d < 0 differs from the half's sign
 * mask m (−1: the half is negative).
 */
function selectDigit(c: number, xs: readonly FieldVal[], m: number): void {
  const pos = c >>> 3; //                            1 when d > 0
  selectOdd((c ^ (pos - 1)) & 7, xs, (pos - 1) ^ m);
}

/** Adds one digit of a GLV half to the accumulator (see {@link selectDigit}) with the unified addition: any accumulator. */
function addDigit(c: number, xs: readonly FieldVal[], m: number): void {
  selectDigit(c, xs, m);
  lazyAddAffineConst(ctAcc, selX, selY, one);
}

/** Adds one digit of a GLV half to the accumulator (see {@link selectDigit}) with the blind addition: see {@link tsScalarMult} for why its operands are never exceptional. */
function addDigitBlind(c: number, xs: readonly FieldVal[], m: number): void {
  selectDigit(c, xs, m);
  lazyAddAffineBlind(ctAcc, selX, selY);
}

/** Sets ctAcc = 16·ctAcc: four lazy doublings. */
function double4(): void {
  lazyDouble(ctAcc);
  lazyDouble(ctAcc);
  lazyDouble(ctAcc);
  lazyDouble(ctAcc);
}

/**
 * Subtracts ±Q (entry 0: P, or φ(P) with xs = β·x; signed by m) from the
 * accumulator when the half h was even (its digits gave h + 1): the sum is
 * computed always and kept by mask.
 */
function correct(h: Uint8Array, xs: readonly FieldVal[], m: number): void {
  const even = (h[31]! & 1) ^ 1;
  selectOdd(0, xs, ~m);
  ctSum.x.set(ctAcc.x);
  ctSum.y.set(ctAcc.y);
  ctSum.z.set(ctAcc.z);
  lazyAddAffineConst(ctSum, selX, selY, one);
  cmovPoint(ctAcc, ctSum, -even | 0); // | 0: −0 would be a double to V8
}

/**
 * Returns out = k·P for a SECRET scalar k (P public). k ≡ ±|k1| ± |k2|·λ
 * (mod n) by the branch-free GLV split ({@link splitK}); P's table is the
 * one-shot table of the variable-time k·P (ecmult.ts buildOneShot: P, 3P,
 * …, 15P and β·x, affine on the isomorphic curve E_u, no inversion). Each
 * half h is read as the odd h | 1 in 32 signed odd 4-bit digits
 * ({@link nibble}: no zero digit). From the top, per digit position: 4
 * doublings (lazyDouble; secp256k1 has no point of order 2), then for each
 * half a masked scan of the 8 entries, a masked sign and one branch-free
 * mixed addition. The top position starts from the first half's point (the
 * accumulator is ∞ there for every k); positions 30 … 1 and the second half
 * of 31 add with lazyAddAffineBlind (8M + 3S, no test), since their partial
 * sums are below 2^124 in both halves and so never ∞ nor ± the point added
 * (no nonzero x + y·λ ≡ 0 (mod n) has |x|, |y| ≤ 2^127: the proof is at the
 * WebAssembly kernel, wasm/secp256k1/consttime.ts scalarMult); position 0
 * adds with lazyAddAffineConst (it covers ∞, equal and opposite operands,
 * which the full halves of a chosen k can reach). Last, for each even half,
 * ±P (resp. ±φ(P)) is subtracted by mask (lazyAddAffineConst), and Z is
 * multiplied by u to leave E_u. 124 doublings + 61 blind and 4 unified
 * additions whatever k is; the WebAssembly kernel runs the same steps. The
 * result is normalized (the identity as (0, 0, 0)).
 */
export function scalarMult(k: ModNScalar, p: JacobianPoint, out: JacobianPoint = new JacobianPoint()): JacobianPoint {
  if (!(k instanceof ModNScalar)) throw new TypeError('scalarMult: expected ModNScalar k');
  if (!(p instanceof JacobianPoint)) throw new TypeError('scalarMult: expected JacobianPoint P');
  if (p.isIdentity()) return out.setIdentity();
  const be = secp256k1Backend();
  if (be === null) return tsScalarMult(k, p, out);
  be.scalarMult(k, p, out);
  return out;
}

/** @internal TypeScript backend (backend.ts Secp256k1Backend.scalarMult): out = k·P for a SECRET k and a finite P, signed odd 4-bit digits of the GLV halves. */
export function tsScalarMult(k: ModNScalar, p: JacobianPoint, out: JacobianPoint): JacobianPoint {
  buildOneShot(p);
  splitK(k, ctSplit, signMasks);
  const m1 = signMasks[0]!, m2 = signMasks[1]!;
  const k1 = ctSplit.k1, k2 = ctSplit.k2;
  const xs = oneShot.xs, bxs = oneShot.bxs;
  // Position 31: the accumulator is ∞ for every k (public), so it is set to
  // the first half's point (Z = 1) and the second half's is added blind.
  selectDigit(nibble(k1, HALF_DIGITS - 1), xs, m1);
  ctAcc.x.set(selX);
  ctAcc.y.set(selY);
  ctAcc.z.setInt(1);
  addDigitBlind(nibble(k2, HALF_DIGITS - 1), bxs, m2);
  for (let j = HALF_DIGITS - 2; j >= 1; j--) {
    double4();
    addDigitBlind(nibble(k1, j), xs, m1);
    addDigitBlind(nibble(k2, j), bxs, m2);
  }
  double4();
  addDigit(nibble(k1, 0), xs, m1);
  addDigit(nibble(k2, 0), bxs, m2);
  correct(k1, xs, m1);
  correct(k2, bxs, m2);
  lazyResult(zGlobal, out); //                      Z·u: back on E
  k1.fill(0);
  k2.fill(0);
  signMasks.fill(0);
  selX.setZero();
  selY.setZero();
  negSelY.setZero();
  return out;
}

/** Signed window width of the window tables of {@link scalarBaseMult} / {@link scalarMultTable}. */
const WIN_W = 5;
/** Windows: ⌈256/5⌉ = 52 (the top window absorbs the last carry). */
const WIN_COUNT = Math.ceil(256 / WIN_W);
/** Entries per window: |d|·2^(5j)·P for |d| = 1 … 16. */
const WIN_PER = 1 << (WIN_W - 1);

/**
 * Builds the flat window table of a finite point P: entry (j, |d|) =
 * |d|·2^(5j)·P (j < 52, |d| = 1 … 16), affine, normalized limbs at
 * 20·(16j + |d| − 1): x then y. P is public, so the variable-time group
 * law and one batch inversion over all 832 points are fine here.
 * No entry is the identity: |d|·2^(5j) < 2^260 is never a multiple of the
 * prime n > 2^255 (n ∤ |d|·2^(5j) since n is odd and > 16).
 * Cost: 780 additions + 52 doublings + 1 inversion + ~5 000 M.
 */
function buildWindowTable(p: JacobianPoint): Uint32Array {
  const m = WIN_COUNT * WIN_PER;
  const pts: JacobianPoint[] = Array.from({ length: m }, () => new JacobianPoint());
  const base = new JacobianPoint().set(p);
  for (let j = 0; j < WIN_COUNT; j++) {
    const row = j * WIN_PER;
    pts[row]!.set(base);
    for (let d = 1; d < WIN_PER; d++) pts[row + d]!.addNonConst(pts[row + d - 1]!, base);
    base.doubleNonConst(pts[row + WIN_PER - 1]!); // 2^(5(j+1))·P = 2·(16·2^(5j)·P)
  }
  batchToAffineNonConst(pts, pts);
  const limbs = new Uint32Array(m * 20);
  for (let i = 0; i < m; i++) {
    limbs.set(pts[i]!.x.n, i * 20);
    limbs.set(pts[i]!.y.n, i * 20 + 10);
  }
  return limbs;
}

/** Window table of G for {@link scalarBaseMult} (832 affine points, 67 KB), built on first use. */
let baseLimbs: Uint32Array | undefined;

/**
 * What a {@link SecretPointTable} holds: the table's own copy of P, the flat
 * affine limbs (see {@link buildWindowTable}; empty for infinity) and
 * whether P is infinity. Kept out of the table object, in
 * {@link secretTables}, and frozen: nothing outside this module can reach
 * the limbs, so a table cannot change after it is built, and the
 * WebAssembly bridge may keep a record's copy in the module's memory by the
 * record's identity.
 */
export interface SecretTableData {
  readonly point: JacobianPoint;
  readonly limbs: Uint32Array;
  readonly infinity: boolean;
}

/** The record of every SecretPointTable this module built; an object without one is not a table. */
const secretTables = new WeakMap<SecretPointTable, SecretTableData>();

/**
 * A precomputed table of a point P for constant-time multiplication by
 * SECRET scalars ({@link scalarMultTable}): the 832 affine multiples
 * |d|·2^(5j)·P (j = 0 … 51, |d| = 1 … 16) in one flat Uint32Array (67 KB),
 * the same layout {@link scalarBaseMult} uses for G. Build it with
 * {@link precompute}; safe to share.
 *
 * A table cannot be changed after it is built: the object is frozen and has
 * readers only, and its entries are kept where no caller can reach them.
 * The constructor builds no table (it throws a TypeError); an object that
 * only claims to be a table (made with `Object.create` of this prototype)
 * is refused by {@link scalarMultTable} with a StrataError
 * `ERR_INVALID_ARGUMENT`.
 *
 * It is separate from the variable-time `PublicPointTable` (odd wNAF multiples
 * of P and φ(P), 16 points): the two serve different loops, and a secret
 * table is 50× larger, so callers build it only when they multiply the same
 * point by many secrets.
 */
export class SecretPointTable {
  /** Tables come from {@link precompute} only: throws a TypeError. */
  private constructor() {
    throw new TypeError('SecretPointTable: expected a table built by precompute, got a constructor call');
  }
  /** The point this table was built for (affine, normalized): a new copy on every read. */
  get point(): JacobianPoint {
    return secretTableData('SecretPointTable.point', this).point.clone();
  }
  /** Whether P is the point at infinity (every multiple is then infinity). */
  get infinity(): boolean {
    return secretTableData('SecretPointTable.infinity', this).infinity;
  }
}

/** Returns a new SecretPointTable over the given limbs (handed over: no other reference may be kept), frozen, its record in {@link secretTables}. */
function newSecretTable(point: JacobianPoint, limbs: Uint32Array, infinity: boolean): SecretPointTable {
  const table = Object.freeze(Object.create(SecretPointTable.prototype) as SecretPointTable);
  secretTables.set(table, Object.freeze({ point, limbs, infinity }));
  return table;
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
 * Returns the constant-time window table of P (see {@link SecretPointTable}).
 * P is treated as public: building the table is variable time in P (one
 * batch inversion over 832 points, ≈ 4 variable-time k·P multiplications).
 */
export function precompute(p: JacobianPoint): SecretPointTable {
  if (!(p instanceof JacobianPoint)) throw new TypeError('precompute: expected JacobianPoint P');
  if (p.isIdentity()) return newSecretTable(new JacobianPoint(), new Uint32Array(0), true);
  const point = new JacobianPoint();
  const be = secp256k1Backend();
  const limbs = be === null ? tsBuildSecretTable(p, point) : be.buildSecretTable(p, point);
  return newSecretTable(point, limbs, false);
}

/** @internal TypeScript backend (backend.ts Secp256k1Backend.buildSecretTable): sets affine = P (Z = 1) and returns the limbs of its window table. */
export function tsBuildSecretTable(p: JacobianPoint, affine: JacobianPoint): Uint32Array {
  return buildWindowTable(affine.set(p).toAffine());
}

const selX = new FieldVal();
const selY = new FieldVal();
const negSelY = new FieldVal();
const digits = new Int8Array(WIN_COUNT);
/** Little-endian copy of the secret scalar (the shared recoder reads little-endian; wiped after use). */
const kLE = new Uint8Array(32);

/**
 * Sets selX, selY = the entry |d| = a of the window whose entries start at
 * limbs[base] (all zero for a = 0), reading all 16 entries in the same
 * order and combining them with masks; the limbs accumulate in locals.
 */
function selectWindow(limbs: Uint32Array, base: number, a: number): void {
  let x0 = 0, x1 = 0, x2 = 0, x3 = 0, x4 = 0, x5 = 0, x6 = 0, x7 = 0, x8 = 0, x9 = 0;
  let y0 = 0, y1 = 0, y2 = 0, y3 = 0, y4 = 0, y5 = 0, y6 = 0, y7 = 0, y8 = 0, y9 = 0;
  for (let e = 0; e < WIN_PER; e++) {
    const m = (((e + 1) ^ a) - 1) >> 31; //           −1 iff e + 1 = |d|
    const o = base + e * 20;
    x0 |= limbs[o]! & m;
    x1 |= limbs[o + 1]! & m;
    x2 |= limbs[o + 2]! & m;
    x3 |= limbs[o + 3]! & m;
    x4 |= limbs[o + 4]! & m;
    x5 |= limbs[o + 5]! & m;
    x6 |= limbs[o + 6]! & m;
    x7 |= limbs[o + 7]! & m;
    x8 |= limbs[o + 8]! & m;
    x9 |= limbs[o + 9]! & m;
    y0 |= limbs[o + 10]! & m;
    y1 |= limbs[o + 11]! & m;
    y2 |= limbs[o + 12]! & m;
    y3 |= limbs[o + 13]! & m;
    y4 |= limbs[o + 14]! & m;
    y5 |= limbs[o + 15]! & m;
    y6 |= limbs[o + 16]! & m;
    y7 |= limbs[o + 17]! & m;
    y8 |= limbs[o + 18]! & m;
    y9 |= limbs[o + 19]! & m;
  }
  const sx = selX.n, sy = selY.n;
  sx[0] = x0;
  sx[1] = x1;
  sx[2] = x2;
  sx[3] = x3;
  sx[4] = x4;
  sx[5] = x5;
  sx[6] = x6;
  sx[7] = x7;
  sx[8] = x8;
  sx[9] = x9;
  sy[0] = y0;
  sy[1] = y1;
  sy[2] = y2;
  sy[3] = y3;
  sy[4] = y4;
  sy[5] = y5;
  sy[6] = y6;
  sy[7] = y7;
  sy[8] = y8;
  sy[9] = y9;
}

/**
 * Sets out = k·P for a SECRET k from P's window table `limbs` (layout of
 * {@link buildWindowTable}) and returns out. k is recoded into 52 signed
 * 5-bit digits d_j ∈ [−16, 16) with arithmetic only (no branches); per
 * window: a masked scan of the 16 affine entries |d|·2^(5j)·P (all-zero
 * when d = 0), a masked choice between y and −y, one mixed addition into a
 * copy of the lazy Jacobian accumulator (lazyAddAffineBlind, 8M + 3S, no
 * branch), the entry itself chosen by mask while the accumulator is ∞, and
 * a masked choice that keeps the old accumulator when d = 0 (there is no
 * entry for the identity). No doublings; the same operation sequence for
 * every k. The result is normalized (the identity as (0, 0, 0)). The
 * addition never meets a = ±(entry): the partial sum S·P before window j
 * has |S| < 2^(5j) ≤ |d|·2^(5j), and S ∓ d·2^(5j) stays below n in absolute
 * value (the WebAssembly kernel's windowMult gives the bound), so no
 * multiple of n.
 */
function windowMult(k: ModNScalar, limbs: Uint32Array, out: JacobianPoint): JacobianPoint {
  k.putBytes(kBytes, 0);
  for (let i = 0; i < 32; i++) kLE[i] = kBytes[31 - i]!;
  // Signed recoding, branch-free (shared/recode.ts): d_j ∈ [−16, 16), 52·5 ≥ 258 so no carry out.
  recodeSignedConst(kLE, 32, WIN_W, WIN_COUNT, digits);
  ctAcc.x.setZero();
  ctAcc.y.setZero();
  ctAcc.z.setZero(); //                            ∞
  let inf = -1; //                                  −1 while the accumulator is ∞
  const sx = selX.n, sy = selY.n;
  for (let j = 0; j < WIN_COUNT; j++) {
    const d = digits[j]!;
    const sign = d >> 31; //                          −1 when d < 0, else 0
    const a = (d ^ sign) - sign; //                   |d| ∈ [0, 16]
    selectWindow(limbs, j * WIN_PER * 20, a);
    negSelY.negate(selY, 1); //                       −y                     (mag 2)
    cmov(selY, negSelY, sign); //                     y ← −y when d < 0
    ctSum.x.set(ctAcc.x);
    ctSum.y.set(ctAcc.y);
    ctSum.z.set(ctAcc.z);
    lazyAddAffineBlind(ctSum, selX, selY);
    cmov(ctSum.x, selX, inf); //                      ∞ + Q = Q
    cmov(ctSum.y, selY, inf);
    cmov(ctSum.z, one, inf);
    const keep = ((a ^ 0) - 1) >> 31; //              −1 iff d = 0
    cmovPoint(ctAcc, ctSum, ~keep); //                acc ← sum unless d = 0
    inf &= keep;
  }
  kBytes.fill(0);
  kLE.fill(0);
  digits.fill(0);
  sx.fill(0);
  sy.fill(0);
  negSelY.setZero();
  return lazyResult(one, out);
}

/**
 * Returns out = k·G for a SECRET scalar k: {@link scalarMultTable}'s loop
 * over the window table of G (52 masked scans + 52 branch-free mixed
 * additions, no doublings). The table (832 affine points, 67 KB) is built
 * on first use.
 */
export function scalarBaseMult(k: ModNScalar, out: JacobianPoint = new JacobianPoint()): JacobianPoint {
  if (!(k instanceof ModNScalar)) throw new TypeError('scalarBaseMult: expected ModNScalar k');
  const be = secp256k1Backend();
  if (be === null) tsScalarBaseMult(k, out);
  else be.scalarBaseMult(k, out);
  return unitZAway(out);
}

/** @internal TypeScript backend (backend.ts Secp256k1Backend.scalarBaseMult): out = k·G for a SECRET k over G's window table. */
export function tsScalarBaseMult(k: ModNScalar, out: JacobianPoint): JacobianPoint {
  if (baseLimbs === undefined) baseLimbs = buildWindowTable(new JacobianPoint().setGenerator());
  return windowMult(k, baseLimbs, out);
}

/**
 * Returns out = k·P for a SECRET scalar k and P given by its
 * {@link SecretPointTable} (from {@link precompute}): 52 signed 5-bit
 * windows, each a masked scan of 16 affine entries, a masked sign choice
 * and one branch-free mixed addition (lazyAddAffineBlind: 8M + 3S);
 * no doublings, the same operation sequence for every k (≈ 2.5× fewer
 * field multiplications than {@link scalarMult}). Whether P is the
 * identity is public. Result normalized; `out` may be any point (fresh by
 * default). TypeError for a k that is not a ModNScalar or a table that is
 * not a SecretPointTable; StrataError ERR_INVALID_ARGUMENT for one that
 * {@link precompute} did not build (both engines alike).
 */
export function scalarMultTable(k: ModNScalar, table: SecretPointTable, out: JacobianPoint = new JacobianPoint()): JacobianPoint {
  if (!(k instanceof ModNScalar)) throw new TypeError('scalarMultTable: expected ModNScalar k');
  if (!(table instanceof SecretPointTable)) throw new TypeError('scalarMultTable: expected SecretPointTable');
  const data = secretTableData('scalarMultTable', table);
  if (data.infinity) return out.setIdentity();
  const be = secp256k1Backend();
  if (be === null) tsScalarMultTable(k, data, out);
  else be.scalarMultTable(k, data, out);
  return unitZAway(out);
}

/**
 * Sets p = (4X, 8Y, 2Z) (the same point, Jacobian scale λ = 2) and returns
 * p, normalized. The table forms' accumulator takes its first non-zero
 * window's entry as it is (Z = 1) and keeps it through zero windows, so a
 * SECRET scalar with a single non-zero window (1, 2^5, …) would come out
 * with Z = 1, and {@link JacobianPoint.toAffine} skips its inversion for
 * Z = 1: the caller's conversion would time the scalar's shape. After this,
 * Z = 1 only if the loop ended at Z = 1/2, which no scalar can be steered
 * to. Three small multiples, the same for every k (Z = 0, the identity of
 * k = 0, stays 0).
 */
function unitZAway(p: JacobianPoint): JacobianPoint {
  p.x.mulInt(p.x, 4).normalize();
  p.y.mulInt(p.y, 8).normalize();
  p.z.mulInt(p.z, 2).normalize();
  return p;
}

/** @internal TypeScript backend (backend.ts Secp256k1Backend.scalarMultTable): out = k·P for a SECRET k from P's window table. */
export function tsScalarMultTable(k: ModNScalar, table: SecretTableLike, out: JacobianPoint): JacobianPoint {
  return windowMult(k, table.limbs, out);
}

/** Sets f = (mask = −1) ? g : f for mask ∈ {0, −1}, limb by limb with masks. */
function cmov(f: FieldVal, g: FieldVal, mask: number): void {
  const a = f.n, b = g.n;
  for (let i = 0; i < 10; i++) a[i] = (a[i]! & ~mask) | (b[i]! & mask);
}

/** Sets p = (mask = −1) ? q : p for mask ∈ {0, −1}. */
function cmovPoint(p: LazyPoint, q: LazyPoint, mask: number): void {
  cmov(p.x, q.x, mask);
  cmov(p.y, q.y, mask);
  cmov(p.z, q.z, mask);
}
