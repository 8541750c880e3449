/**
 * Variable-time scalar multiplication kernels for public scalars: the wNAF
 * recoding, odd-multiple tables, and the Straus double-scalar chain of the
 * Ed25519 verification equation (the TypeScript twin is runChain in
 * src/ed25519/scalarmult.ts: the same algorithm, so the same group element
 * for every input, including points with a torsion component — scalars are
 * used as the full 256-bit integers the bridge passes).
 *
 * References: [HMV04] Hankerson, Menezes, Vanstone, Guide to ECC, Alg. 3.35
 * (wNAF) and 3.51 (interleaving).
 */
import * as fe from '@strata/field/wasm/fe25519';
import { wnafBytes } from '../shared/wnaf';
import {
  A_TABLE, B_ODD, C_TABLE, IO_BYTES, IO_IN, IO_IN2, IO_OUT, IO_SCALAR_A, IO_SCALAR_B, KEY_TABLE, KEY_TABLE2, MSM_POINTS, MSM_STAGE, MSM_WORK, NAF_A, NAF_B, NAF_C, NAF_LEN,
  NIELS, PT, PT_TMP, STATE, bPiecedAt, workUsed,
} from './layout';
import { BX, BY, addCached, addNiels, batchNiels, dbl, dblK, fromAffine, fromF64Point, identity, tRead, toCached, toF64Point } from './point';

/** wNAF positions of a 256-bit integer (a final carry lands at 256). */
export const NAF_DIGITS: i32 = 257;

/**
 * Writes the width-w NAF of the 32-byte little-endian integer at k into
 * naf[0 … NAF_LEN) (i8 digits: odd, |d| < 2^(w−1), at least w − 1 zeros
 * after each non-zero one) and returns top = 1 + the highest non-zero
 * position (0 for k = 0). Variable time.
 */
export function wnaf(naf: usize, k: usize, w: i32): i32 {
  return wnafBytes(naf, NAF_LEN, k, 32, w);
}

/**
 * Writes the 2^(w−2) odd multiples P, 3P, … of the extended p in cached
 * form at dst (stride PT): one doubling, then cached additions of 2P.
 */
export function oddMultiplesCached(dst: usize, p: usize, w: i32): void {
  const two = PT_TMP + PT;
  const cur = PT_TMP + 2 * PT;
  const tmp = PT_TMP + 3 * PT;
  dbl(tmp, p, 1);
  toCached(two, tmp);
  memory.copy(cur, p, PT);
  toCached(dst, cur);
  const m = 1 << (w - 2);
  for (let i = 1; i < m; i++) {
    addCached(cur, cur, two, 0);
    toCached(dst + <usize>i * PT, cur);
  }
}

/**
 * Writes the width-w table of the extended p in t pieces at dst: entry i of
 * piece j is (2i + 1)·2^(b·j)·p in affine Niels form (stride NIELS), the
 * layout of a TypeScript PublicPointTable. Scratch: MSM_WORK.
 */
export function buildPieces(dst: usize, p: usize, w: i32, t: i32, b: i32): void {
  workUsed();
  const m = 1 << (w - 2);
  const ext = MSM_WORK;
  const pre = MSM_WORK + <usize>(512 * PT);
  const base = PT_TMP + 4 * PT;
  const two = PT_TMP + 5 * PT;
  const cur = PT_TMP + 6 * PT;
  memory.copy(base, p, PT);
  let e = 0;
  for (let j = 0; j < t; j++) {
    if (j > 0) dblK(base, base, b);
    dbl(cur, base, 1);
    toCached(two, cur);
    memory.copy(cur, base, PT);
    for (let i = 0; i < m; i++, e++) {
      if (i > 0) addCached(cur, cur, two, 0);
      memory.copy(ext + <usize>e * PT, cur, PT);
    }
  }
  batchNiels(dst, ext, m * t, pre);
}

/** Sets p = B. */
export function basePoint(p: usize): void {
  fromAffine(p, BX, BY);
}

/** B's width-8 odd multiples (64 Niels entries), built on first use. */
function baseOdd(): usize {
  if (load<i32>(STATE) == 0) {
    basePoint(PT_TMP + 7 * PT);
    buildPieces(B_ODD, PT_TMP + 7 * PT, 8, 1, NAF_DIGITS);
    store<i32>(STATE, 1);
  }
  return B_ODD;
}

/** B's width-8 table in t pieces, built on first use (flag at STATE + 4t). */
function basePieced(t: i32): usize {
  const flag = STATE + 4 * <usize>t;
  const at = bPiecedAt(t);
  if (load<i32>(flag) == 0) {
    basePoint(PT_TMP + 7 * PT);
    buildPieces(at, PT_TMP + 7 * PT, 8, t, (NAF_DIGITS + t - 1) / t);
    store<i32>(flag, 1);
  }
  return at;
}

// One operand of the Straus chain: digits, table, entry form and shape.
let opNafA: usize = 0, opTabA: usize = 0, opNielsA: i32 = 0, opMA: i32 = 0, opTA: i32 = 1, opBA: i32 = 257, opTopA: i32 = 0;
let opNafB: usize = 0, opTabB: usize = 0, opNielsB: i32 = 0, opMB: i32 = 0, opTB: i32 = 1, opBB: i32 = 257, opTopB: i32 = 0;
// A third operand, used only by cofactoredHalf (opTC = opBC = 0 leaves it out).
let opNafC: usize = 0, opTabC: usize = 0, opMC: i32 = 0, opTC: i32 = 0, opBC: i32 = 0, opTopC: i32 = 0;

/** Adds digit d of piece j (entry |d| >> 1) of a table to acc, by its form. */
// @ts-ignore: decorator
@inline
function addDigit(acc: usize, tab: usize, niels: i32, m: i32, j: i32, d: i32): void {
  const neg = d < 0 ? 1 : 0;
  const idx = (neg ? -d : d) >> 1;
  if (niels) addNiels(acc, acc, tab + <usize>(j * m + idx) * NIELS, neg);
  else addCached(acc, acc, tab + <usize>(j * m + idx) * PT, neg);
}

/** Whether any piece of an operand has a digit at loop position i. */
// @ts-ignore: decorator
@inline
function hasDigit(naf: usize, t: i32, b: i32, i: i32): bool {
  if (i >= b) return false;
  for (let j = 0, o = i; j < t; j++, o += b) if (load<i8>(naf + <usize>o) != 0) return true;
  return false;
}

/**
 * Sets out = a·A + b·B' (+ c·C') over the operands set up in op*A / op*B
 * (/ op*C, a cached table in one piece, when opTC = 1):
 * Straus interleaving with one shared doubling chain of max over the
 * operands of min(b, top) steps (dbl-2008-hwcd, T skipped when no addition
 * follows) and one addition per non-zero digit (add-2008-hwcd-3 cached, 8M,
 * or madd-2008-hwcd-3 Niels, 7M).
 */
function runChain(out: usize): void {
  let len = min(opBA, opTopA);
  const lb = min(opBB, opTopB);
  if (lb > len) len = lb;
  const lc = min(opBC, opTopC);
  if (lc > len) len = lc;
  identity(out);
  for (let i = len - 1; i >= 0; i--) {
    if (!hasDigit(opNafA, opTA, opBA, i) && !hasDigit(opNafB, opTB, opBB, i) && !hasDigit(opNafC, opTC, opBC, i)) {
      dbl(out, out, i > 0 ? 0 : 1);
      continue;
    }
    dbl(out, out, 1);
    if (i < opBA) {
      for (let j = 0, o = i; j < opTA; j++, o += opBA) {
        const d: i32 = load<i8>(opNafA + <usize>o);
        if (d != 0) addDigit(out, opTabA, opNielsA, opMA, j, d);
      }
    }
    if (i < opBB) {
      for (let j = 0, o = i; j < opTB; j++, o += opBB) {
        const d: i32 = load<i8>(opNafB + <usize>o);
        if (d != 0) addDigit(out, opTabB, opNielsB, opMB, j, d);
      }
    }
    if (i < opBC) {
      const d: i32 = load<i8>(opNafC + <usize>i);
      if (d != 0) addDigit(out, opTabC, 0, opMC, 0, d);
    }
  }
}

/**
 * Sets IO_OUT = a·A + b·B (a at IO_SCALAR_A, b at IO_SCALAR_B, B the base
 * point): the verification equation's core. A is, by mode:
 *   0 — the point at IO_IN (TypeScript limbs): a width-5 table is built here;
 *   1 — the cached table already in A_TABLE (a WnafTable of width w);
 *   2 — the Niels table in KEY_TABLE (a PublicPointTable, width w, t pieces).
 * B's digits come from its width-8 table (one piece, or t pieces in mode 2).
 */
export function doubleScalarMultBase(mode: i32, w: i32, t: i32): void {
  const out = PT_TMP;
  if (mode == 0) {
    fromF64Point(PT_TMP + 7 * PT, IO_IN);
    oddMultiplesCached(A_TABLE, PT_TMP + 7 * PT, 5);
    w = 5;
    t = 1;
  }
  opNafA = NAF_A;
  opTopA = wnaf(NAF_A, IO_SCALAR_A, w);
  opMA = 1 << (w - 2);
  opNafB = NAF_B;
  opTopB = wnaf(NAF_B, IO_SCALAR_B, 8);
  opMB = 64;
  opNielsB = 1;
  if (mode == 2) {
    opTabA = KEY_TABLE;
    opNielsA = 1;
    opTA = t;
    opBA = (NAF_DIGITS + t - 1) / t;
    opTabB = basePieced(t);
    opTB = t;
    opBB = opBA;
  } else {
    opTabA = A_TABLE;
    opNielsA = 0;
    opTA = 1;
    opBA = NAF_DIGITS;
    opTabB = baseOdd();
    opTB = 1;
    opBB = NAF_DIGITS;
  }
  runChain(out);
  toF64Point(IO_OUT, out);
}

/**
 * Returns 1 iff [8]([s']B + [c0]A' + [c1](−R)) = O, else 0 (variable time;
 * public inputs): the cofactored verification equation in half-size
 * scalars (halfsize.ts). A' (= −A) is the point at IO_IN, R the point at
 * IO_IN2; c0 < 2^127 at IO_SCALAR_A, |c1| < 2^127 at IO_BYTES with c1 < 0
 * iff c1Neg = 1, s' = c1·S mod ℓ at IO_SCALAR_B. A' and R get width-5
 * cached tables (A_TABLE, C_TABLE), B its width-8 table in two pieces, so
 * the chain is ⌈257/2⌉ = 129 steps; then three doublings and the identity
 * test X = 0, Y = Z.
 */
export function cofactoredHalf(c1Neg: i32): i32 {
  const out = PT_TMP;
  // First: building B's table on first use takes MSM_WORK, where C_TABLE is.
  opTabB = basePieced(2);
  fromF64Point(PT_TMP + 7 * PT, IO_IN);
  oddMultiplesCached(A_TABLE, PT_TMP + 7 * PT, 5);
  fromF64Point(PT_TMP + 7 * PT, IO_IN2);
  oddMultiplesCached(C_TABLE, PT_TMP + 7 * PT, 5);
  opNafA = NAF_A;
  opTopA = wnaf(NAF_A, IO_SCALAR_A, 5);
  opMA = 8;
  opTabA = A_TABLE;
  opNielsA = 0;
  opTA = 1;
  opBA = NAF_DIGITS;
  opNafB = NAF_B;
  opTopB = wnaf(NAF_B, IO_SCALAR_B, 8);
  opMB = 64;
  opNielsB = 1;
  opTB = 2;
  opBB = (NAF_DIGITS + 1) / 2;
  // [c1](−R) is [|c1|]R with every digit negated when c1 > 0.
  opNafC = NAF_C;
  opTopC = wnaf(NAF_C, IO_BYTES, 5);
  if (!c1Neg) for (let i = 0; i < opTopC; i++) store<i8>(NAF_C + <usize>i, -load<i8>(NAF_C + <usize>i));
  opMC = 8;
  opTabC = C_TABLE;
  opTC = 1;
  opBC = NAF_DIGITS;
  runChain(out);
  opTC = 0;
  opBC = 0;
  dbl(out, out, 0);
  dbl(out, out, 0);
  dbl(out, out, 0);
  return fe.isZero(out, tRead) & fe.equal(out + 40, out + 80, tRead);
}

/**
 * Sets IO_OUT = a·A (a at IO_SCALAR_A) by the same chain with one operand;
 * modes as doubleScalarMultBase.
 */
export function scalarMultNonConst(mode: i32, w: i32, t: i32): void {
  const out = PT_TMP;
  if (mode == 0) {
    fromF64Point(PT_TMP + 7 * PT, IO_IN);
    oddMultiplesCached(A_TABLE, PT_TMP + 7 * PT, 5);
    w = 5;
    t = 1;
  }
  opNafA = NAF_A;
  opTopA = wnaf(NAF_A, IO_SCALAR_A, w);
  opMA = 1 << (w - 2);
  opTabA = mode == 2 ? KEY_TABLE : A_TABLE;
  opNielsA = mode == 2 ? 1 : 0;
  opTA = mode == 2 ? t : 1;
  opBA = mode == 2 ? (NAF_DIGITS + t - 1) / t : NAF_DIGITS;
  opNafB = NAF_B;
  opTopB = 0;
  opTB = 0;
  opBB = 0;
  runChain(out);
  toF64Point(IO_OUT, out);
}

/**
 * Sets IO_OUT = a·A + b·C (a at IO_SCALAR_A, b at IO_SCALAR_B): Straus with
 * one shared chain over two tables. Operand A is, by modeA:
 *   0 — the point at IO_IN: a width-5 cached table is built into A_TABLE;
 *   1 — the cached table of width wA already in A_TABLE (a WnafTable);
 *   2 — the Niels table of width wA in tA pieces in KEY_TABLE (a
 *       PublicPointTable: digit b·j + i of a is added from piece j at loop
 *       position i, b = ⌈257/tA⌉).
 * C likewise, with IO_IN2, C_TABLE and KEY_TABLE2, and one more mode:
 *   3 — a split point (see {@link splitPoint}): the tC pieces
 *       2^(b·j)·C at MSM_STAGE (4 × 15 doubles each, b = ⌈257/tC⌉), whose
 *       width-5 cached tables are built into C_TABLE here (tC·8 entries).
 * The chain has max(min(b_A, top_A), min(b_C, top_C)) steps, the
 * TypeScript runChain's.
 */
export function doubleScalarMult(modeA: i32, wA: i32, tA: i32, modeC: i32, wC: i32, tC: i32): void {
  const out = PT_TMP;
  if (modeA == 0) {
    fromF64Point(PT_TMP + 7 * PT, IO_IN);
    oddMultiplesCached(A_TABLE, PT_TMP + 7 * PT, 5);
    wA = 5;
  }
  if (modeC == 0) {
    fromF64Point(PT_TMP + 7 * PT, IO_IN2);
    oddMultiplesCached(C_TABLE, PT_TMP + 7 * PT, 5);
    wC = 5;
  }
  if (modeC == 3) {
    // The split point's pieces (tC points at MSM_STAGE): width-5 cached
    // tables, piece j's 8 entries at C_TABLE + 8j (≤ 64 entries, t ≤ 8).
    for (let j = 0; j < tC; j++) {
      fromF64Point(PT_TMP + 7 * PT, MSM_STAGE + <usize>j * 480);
      oddMultiplesCached(C_TABLE + <usize>(8 * j) * PT, PT_TMP + 7 * PT, 5);
    }
    wC = 5;
  }
  if (modeA != 2) tA = 1;
  if (modeC < 2) tC = 1;
  opNafA = NAF_A;
  opTopA = wnaf(NAF_A, IO_SCALAR_A, wA);
  opMA = 1 << (wA - 2);
  opTabA = modeA == 2 ? KEY_TABLE : A_TABLE;
  opNielsA = modeA == 2 ? 1 : 0;
  opTA = tA;
  opBA = (NAF_DIGITS + tA - 1) / tA;
  opNafB = NAF_B;
  opTopB = wnaf(NAF_B, IO_SCALAR_B, wC);
  opMB = 1 << (wC - 2);
  opTabB = modeC == 2 ? KEY_TABLE2 : C_TABLE;
  opNielsB = modeC == 2 ? 1 : 0;
  opTB = tC;
  opBB = (NAF_DIGITS + tC - 1) / tC;
  runChain(out);
  toF64Point(IO_OUT, out);
}

/**
 * Writes the t pieces of the point P at IO_IN, 2^(b·j)·P for j < t
 * (b = ⌈257/t⌉), to MSM_STAGE as TypeScript limbs (4 × 15 doubles each):
 * (t − 1)·b doublings (dbl-2008-hwcd, T only at the end of each run).
 * Variable time (P is public). With the pieces, a·A + k·P runs a chain of
 * about b doublings instead of ~253 (doubleScalarMult, modeC 3): what
 * pays when one P is multiplied by two or more scalars, e.g. the two ring
 * steps of a DLEq bit proof.
 */
export function splitPoint(t: i32): void {
  const b = (NAF_DIGITS + t - 1) / t;
  const p = PT_TMP + 7 * PT;
  fromF64Point(p, IO_IN);
  toF64Point(MSM_STAGE, p);
  for (let j = 1; j < t; j++) {
    dblK(p, p, b);
    toF64Point(MSM_STAGE + <usize>j * 480, p);
  }
}

/**
 * Returns 1 if ℓ·P = O for the point P at IO_IN, else 0 (variable time; P
 * and ℓ are public): the width-5 wNAF chain of scalarMultNonConst over the
 * constant ℓ = 2^252 + 27742317777372353535851937790883648493, written to
 * IO_SCALAR_A, then X = 0 and Y = Z on the result (point coordinates have
 * magnitude 1, within fe.equal's bound).
 */
export function isTorsionFree(): i32 {
  store<u64>(IO_SCALAR_A, 0x5812631a5cf5d3ed);
  store<u64>(IO_SCALAR_A, 0x14def9dea2f79cd6, 8);
  store<u64>(IO_SCALAR_A, 0, 16);
  store<u64>(IO_SCALAR_A, 0x1000000000000000, 24);
  scalarMultNonConst(0, 5, 1);
  const p = PT_TMP;
  return fe.isZero(p, tRead) & fe.equal(p + 40, p + 80, tRead);
}

/**
 * Builds the width-w table in t pieces of the point P at IO_IN (entry i of
 * piece j = (2i + 1)·2^(b·j)·P, b = ⌈257/t⌉, affine Niels) into KEY_TABLE,
 * and writes the same entries as TypeScript limbs (3 × 15 canonical
 * doubles each, a PublicPointTable's layout) to MSM_POINTS. Variable time
 * (P is public). Scratch: MSM_WORK.
 */
export function buildPieced(w: i32, t: i32): void {
  const p = PT_TMP + 7 * PT;
  fromF64Point(p, IO_IN);
  buildPieces(KEY_TABLE, p, w, t, (NAF_DIGITS + t - 1) / t);
  const n = t << (w - 2);
  for (let i = 0; i < n; i++) {
    const s = KEY_TABLE + <usize>i * NIELS;
    const d = MSM_POINTS + <usize>i * 360;
    fe.toF64(d, s, tRead);
    fe.toF64(d + 120, s + 40, tRead);
    fe.toF64(d + 240, s + 80, tRead);
  }
}

/** Converts n TypeScript cached entries (4 × 15 doubles each) at src into the table at dst. */
export function loadCached(dst: usize, src: usize, n: i32): void {
  for (let i = 0; i < n; i++) {
    const s = src + <usize>i * 480;
    const d = dst + <usize>i * PT;
    fe.fromF64(d, s);
    fe.fromF64(d + 40, s + 120);
    fe.fromF64(d + 80, s + 240);
    fe.fromF64(d + 120, s + 360);
  }
}

/** Converts n TypeScript Niels entries (3 × 15 doubles each) at src into the table at dst (KEY_TABLE or KEY_TABLE2). */
export function loadNiels(dst: usize, src: usize, n: i32): void {
  for (let i = 0; i < n; i++) {
    const s = src + <usize>i * 360;
    const d = dst + <usize>i * NIELS;
    fe.fromF64(d, s);
    fe.fromF64(d + 40, s + 120);
    fe.fromF64(d + 80, s + 240);
  }
}
