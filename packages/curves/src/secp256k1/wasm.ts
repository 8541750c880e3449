/**
 * The TypeScript bridge of the secp256k1 WebAssembly kernels
 * (wasm/secp256k1/): {@link wasmSecp256k1Backend} binds its functions to
 * one engine instance's kernels as the WebAssembly implementation of the
 * backend seam (backend.ts), which the public functions of this folder call
 * while that engine is selected. Each operation marshals once: the point's
 * limbs (FieldVal keeps ten 26-bit limbs, the kernels' layout) and the
 * scalar bytes or recoded public scalars go into SECP256K1_REGION
 * (addresses: src/engine/secp256k1-abi.ts), one or two calls run the whole
 * operation, the result's limbs come back. Argument checks and errors stay
 * with the public functions, before the dispatch.
 *
 * The recoding of PUBLIC scalars: for the double-and-add streams the
 * kernel splits and recodes the scalar bytes itself (secp256k1SplitWnaf,
 * wasm/secp256k1/wnaf.ts: the digits of scalar.ts's splitKNonConst and
 * wnafNonConst, which cost about a sixth of a ring member's verification
 * on the TypeScript side); the Straus MSM still splits here. The bridge
 * writes one descriptor per stream and the kernels run the double-and-add
 * loop with the formulas
 * of the TypeScript engine in its order, so the results are the same
 * normalized coordinates. Two results differ in representation only: k·G
 * (`scalarBaseMultNonConst`, also a·A + b·G with a·A = O), because the
 * TypeScript comb table (1 MB) does not fit the region and the kernel uses
 * 8-bit windows, and an MSM too large for one call, summed over chunks;
 * both are the same point, normalized. Secret scalars go in as bytes (the
 * module splits `scalarMult`'s, branch-free) and the kernels wipe them.
 *
 * Tables (`PublicPointTable`, `SecretPointTable`) keep their TypeScript form
 * (their limbs are already the kernels' layout) and are copied into fixed
 * slots per call, unless the slot still holds them. The bridge gets a
 * table's record, not the table: the record is frozen and its limbs are
 * reachable from ecmult.ts / consttime.ts only (a table cannot change after
 * it is built), so a slot that holds the same record holds the same limbs
 * and the copy is reused; slot B doubles as the builders' work area and is
 * forgotten after any call that uses it. G's pieced table (a·P + b·G over a pieced
 * table of P) has a slot of its own, TABLE_G, that no kernel writes: over a
 * ring, the members' tables alternate in slot A while the key image's stays
 * in slot B and G's in TABLE_G, so each member copies two tables, not four. Every size written is bounded by
 * its area: widths ≤ 8 and pieces ≤ 8 give at most 61 440 bytes, a slot; a
 * SecretPointTable (66 560 bytes) spans both slots; MSM inputs go in chunks.
 */
import type { FieldVal, ModNScalar } from '@strata/field';
import type { WasmKernels } from '../engine/abi.js';
import { SECP256K1_LAYOUT as LAYOUT, SECP256K1_PARSE } from '../engine/secp256k1-abi.js';
import { JacobianPoint } from './point.js';
import { newGlvSplit, splitKNonConst, wnafNonConst, type GlvSplit } from './scalar.js';
import { recodeSignedNonConst } from '../shared/recode.js';
import type { FlatTable, Secp256k1Backend, SecretTableLike } from './backend.js';

const WINDOW_P = 5;
const WINDOW_G = 8;

/** Per engine instance: digit views and the tables the two slots hold. */
interface BridgeState {
  readonly digits: Int8Array[];
  slotA: FlatTable | null;
  slotB: FlatTable | null;
  /** G's pieced table held in TABLE_G (nothing else writes there), or null. */
  slotG: FlatTable | null;
}
const states = new WeakMap<WasmKernels, BridgeState>();

/** The bridge state of engine instance w (created on first use). */
function state(w: WasmKernels): BridgeState {
  let s = states.get(w);
  if (s === undefined) {
    const digits: Int8Array[] = [];
    for (let h = 0; h < 4; h++) digits.push(new Int8Array(w.u8.buffer, LAYOUT.DIGITS + h * LAYOUT.DIGIT_STRIDE, LAYOUT.DIGIT_STRIDE));
    s = { digits, slotA: null, slotB: null, slotG: null };
    states.set(w, s);
  }
  return s;
}

/** Writes the normalized point p at the byte address a. */
function putPoint(w: WasmKernels, a: number, p: JacobianPoint): void {
  const u = w.u32;
  const i = a >> 2;
  u.set(p.x.n, i);
  u.set(p.y.n, i + 10);
  u.set(p.z.n, i + 20);
}

/** Reads the point at OUT into out and returns out. */
function getOut(w: WasmKernels, out: JacobianPoint): JacobianPoint {
  const u = w.u32;
  const i = LAYOUT.OUT >> 2;
  const x = out.x.n, y = out.y.n, z = out.z.n;
  for (let k = 0; k < 10; k++) {
    x[k] = u[i + k]!;
    y[k] = u[i + 10 + k]!;
    z[k] = u[i + 20 + k]!;
  }
  return out;
}

/** Writes stream descriptor s (see wasm/secp256k1/ecmult.ts runStreams). */
function desc(w: WasmKernels, s: number, digits: number, len: number, table: number, xo: number, neg: boolean, scaled: boolean): void {
  const i = (LAYOUT.DESC >> 2) + 8 * s;
  const m = w.i32;
  m[i] = digits;
  m[i + 1] = len;
  m[i + 2] = table;
  m[i + 3] = xo;
  m[i + 4] = neg ? 1 : 0;
  m[i + 5] = scaled ? 1 : 0;
}

/**
 * Splits the public scalar k in the module (secp256k1SplitWnaf: the GLV
 * split and width-`width` NAFs of splitKNonConst + wnafNonConst, computed
 * by the kernel) into digit buffers h, h + 1; returns the kernel's packed
 * lengths and signs (len1 | len2 << 9 | neg1 << 18 | neg2 << 19).
 */
function splitWnaf(w: WasmKernels, k: ModNScalar, width: number, h: number): number {
  k.putBytes(w.u8, LAYOUT.IN_K);
  return w.exports.secp256k1SplitWnaf(width, h);
}

/** Loads the two GLV half-streams of k over the table at `table` (width `width`) as streams s, s + 1 with digit buffers h, h + 1; returns s + 2. */
function glvStreams(w: WasmKernels, s: number, h: number, k: ModNScalar, table: number, width: number, scaled: boolean): number {
  const r = splitWnaf(w, k, width, h);
  for (let half = 0; half < 2; half++) {
    const len = (r >>> (9 * half)) & 511;
    desc(w, s + half, LAYOUT.DIGITS + (h + half) * LAYOUT.DIGIT_STRIDE, len, table, half === 0 ? 0 : 80, ((r >>> (18 + half)) & 1) !== 0, scaled);
  }
  return s + 2;
}

/**
 * Loads the GLV half-scalars of k over a flat table in a slot (t pieces of
 * b digits) as up to 2·t streams from s on, with digit buffers h, h + 1 (the
 * TypeScript engine's loadTableStreams); returns the next stream index.
 */
function tableStreams(w: WasmKernels, s: number, h: number, k: ModNScalar, tab: FlatTable, slot: number, scaled: boolean): number {
  const m = 1 << (tab.width - 2);
  const t = tab.pieces;
  const b = tab.pieceDigits;
  const r = splitWnaf(w, k, tab.width, h);
  for (let half = 0; half < 2; half++) {
    const len = (r >>> (9 * half)) & 511;
    const neg = ((r >>> (18 + half)) & 1) !== 0;
    const base = LAYOUT.DIGITS + (h + half) * LAYOUT.DIGIT_STRIDE;
    for (let j = 0; j < t; j++) {
      const off = j * b;
      const n = j === t - 1 ? len - off : Math.min(b, len - off);
      if (n <= 0) break;
      desc(w, s++, base + off, n, slot + 120 * j * m, half === 0 ? 0 : 80, neg, scaled);
    }
  }
  return s;
}

/**
 * Forgets slot B's table: the kernels that build tables (G's, the comb, a
 * one-shot width-5 table) use the work area, which overlaps slot B
 * (layout.ts WORK); the constant-time one-shot k·P does not.
 */
function forgetB(w: WasmKernels): void {
  state(w).slotB = null;
}

/** Copies tab into slot A (0) or B (1) unless the slot holds it; returns the slot's address. */
function loadTable(w: WasmKernels, which: 0 | 1, tab: FlatTable): number {
  const st = state(w);
  const addr = which === 0 ? LAYOUT.TABLE_A : LAYOUT.TABLE_B;
  if ((which === 0 ? st.slotA : st.slotB) !== tab) {
    if (tab.limbs.byteLength > LAYOUT.TABLE_BYTES) throw new RangeError('secp256k1 wasm: table larger than its slot');
    w.u32.set(tab.limbs, addr >> 2);
    if (which === 0) st.slotA = tab;
    else st.slotB = tab;
  }
  return addr;
}

/**
 * Copies G's pieced table g into TABLE_G unless it is there; returns the
 * address. TABLE_G holds only G's tables and no kernel writes it, so a ring
 * of a·P_i + b·G keeps G resident while the members' tables take slot A and
 * a key image's table keeps slot B.
 */
function loadG(w: WasmKernels, g: FlatTable): number {
  const st = state(w);
  if (st.slotG !== g) {
    if (g.limbs.byteLength > LAYOUT.TABLE_G_BYTES) throw new RangeError('secp256k1 wasm: table larger than its slot');
    w.u32.set(g.limbs, LAYOUT.TABLE_G >> 2);
    st.slotG = g;
  }
  return LAYOUT.TABLE_G;
}

/** Sets out = k·P for a point P (the body of scalarMultNonConst). */
function pointMult(w: WasmKernels, k: ModNScalar, p: JacobianPoint, out: JacobianPoint): JacobianPoint {
  if (p.isIdentity() || k.isZero()) return out.setIdentity();
  putPoint(w, LAYOUT.IN_P, p);
  w.exports.secp256k1BuildOneShot();
  glvStreams(w, 0, 0, k, LAYOUT.ONESHOT, WINDOW_P, false);
  w.exports.secp256k1RunStreams(2, 1);
  return getOut(w, out);
}

/** Sets out = k·P for P given by its table. */
function tableMult(w: WasmKernels, k: ModNScalar, tab: FlatTable, out: JacobianPoint): JacobianPoint {
  if (tab.infinity || k.isZero()) return out.setIdentity();
  const slot = loadTable(w, 0, tab);
  w.exports.secp256k1RunStreams(tableStreams(w, 0, 0, k, tab, slot, false), 0);
  return getOut(w, out);
}

/**
 * Sets out = kp·P + kt·T for a finite P, kp ≠ 0, and T G's width-8 table
 * (tab null) or a table loaded into slot A: P's one-shot table, T's entries
 * mapped onto its curve (the TypeScript engine's pointAndTableNonConst).
 */
function pointAndTable(w: WasmKernels, kp: ModNScalar, p: JacobianPoint, kt: ModNScalar, tab: FlatTable | null, out: JacobianPoint): JacobianPoint {
  if (tab === null) {
    w.exports.secp256k1PrepareG();
    forgetB(w);
  }
  const slot = tab === null ? 0 : loadTable(w, 0, tab);
  putPoint(w, LAYOUT.IN_P, p);
  w.exports.secp256k1BuildOneShot();
  let n = glvStreams(w, 0, 0, kp, LAYOUT.ONESHOT, WINDOW_P, false);
  if (!kt.isZero()) {
    n = tab === null ? glvStreams(w, n, 2, kt, LAYOUT.GODD, WINDOW_G, true) : tableStreams(w, n, 2, kt, tab, slot, true);
  }
  w.exports.secp256k1RunStreams(n, 1);
  return getOut(w, out);
}

/** Sets out = k·G (scalarBaseMultNonConst). */
export function baseMultNonConst(w: WasmKernels, k: ModNScalar, out: JacobianPoint): JacobianPoint {
  k.putBytes(w.u8, LAYOUT.IN_K);
  w.exports.secp256k1BaseMultNonConst();
  forgetB(w);
  return getOut(w, out);
}

/** Sets out = k·P for a point or its table (scalarMultNonConst; operands already checked). */
export function scalarMultNonConst(w: WasmKernels, k: ModNScalar, P: JacobianPoint | FlatTable, out: JacobianPoint): JacobianPoint {
  return P instanceof JacobianPoint ? pointMult(w, k, P, out) : tableMult(w, k, P, out);
}

/**
 * Sets out = a·A + b·G (doubleScalarMultBaseNonConst; operands already
 * checked). `gPieces(t)` returns G's width-8 table in t pieces (built by the
 * TypeScript engine on first use; affine, so the same entries as any build).
 */
export function doubleBaseNonConst(w: WasmKernels, a: ModNScalar, A: JacobianPoint | FlatTable, b: ModNScalar, out: JacobianPoint, gPieces: (t: number) => FlatTable): JacobianPoint {
  if (A instanceof JacobianPoint) {
    if (A.isIdentity() || a.isZero()) return baseMultNonConst(w, b, out);
    return pointAndTable(w, a, A, b, null, out);
  }
  if (A.infinity || a.isZero()) return baseMultNonConst(w, b, out);
  // G's pieced table first: building it (on first use) uses the table slots.
  const g = A.pieces > 1 && !b.isZero() ? gPieces(A.pieces) : null;
  const slot = loadTable(w, 0, A);
  let n = tableStreams(w, 0, 0, a, A, slot, false);
  if (!b.isZero()) {
    if (A.pieces === 1) {
      w.exports.secp256k1PrepareG();
      forgetB(w);
      n = glvStreams(w, n, 2, b, LAYOUT.GODD, WINDOW_G, false);
    } else {
      n = tableStreams(w, n, 2, b, g!, loadG(w, g!), false);
    }
  }
  w.exports.secp256k1RunStreams(n, 0);
  return getOut(w, out);
}

/** Sets out = a·X + b·Y for a table X and a point Y (tablePointNonConst). */
function tablePoint(w: WasmKernels, a: ModNScalar, X: FlatTable, b: ModNScalar, Y: JacobianPoint, out: JacobianPoint): JacobianPoint {
  if (Y.isIdentity() || b.isZero()) return tableMult(w, a, X, out);
  if (X.infinity) return pointMult(w, b, Y, out);
  return pointAndTable(w, b, Y, a, X, out);
}

/** The width-5 table of a plain point A, built by the kernels into slot A (affine: the entries of precomputeNonConst(A, { width: 5 })). */
function oneShotTable(w: WasmKernels, A: JacobianPoint): FlatTable {
  putPoint(w, LAYOUT.IN_P, A);
  w.exports.secp256k1BuildTable(1 << (WINDOW_P - 2), 0);
  forgetB(w);
  const tab: FlatTable = { limbs: EMPTY, infinity: false, width: WINDOW_P, pieces: 1, pieceDigits: 129 };
  state(w).slotA = tab;
  return tab;
}
const EMPTY = new Uint32Array(0);

/** Sets out = a·A + b·B (doubleScalarMultNonConst; operands already checked). */
export function doubleNonConst(w: WasmKernels, a: ModNScalar, A: JacobianPoint | FlatTable, b: ModNScalar, B: JacobianPoint | FlatTable, out: JacobianPoint): JacobianPoint {
  if (!(A instanceof JacobianPoint)) {
    if (B instanceof JacobianPoint) return tablePoint(w, a, A, b, B, out);
    let n = 0;
    if (!A.infinity && !a.isZero()) {
      n = tableStreams(w, n, 0, a, A, loadTable(w, 0, A), false);
    }
    if (!B.infinity && !b.isZero()) {
      n = tableStreams(w, n, 2, b, B, loadTable(w, 1, B), false);
    }
    w.exports.secp256k1RunStreams(n, 0);
    return getOut(w, out);
  }
  if (!(B instanceof JacobianPoint)) return tablePoint(w, b, B, a, A, out);
  if (A.isIdentity() || a.isZero()) return pointMult(w, b, B, out);
  return tablePoint(w, a, oneShotTable(w, A), b, B, out);
}

/** Status codes of the secp256k1ParsePubKey kernel (engine/secp256k1-abi.ts). */
export const PARSE = SECP256K1_PARSE;

/**
 * Decodes a key whose length (33 or 65) and prefix the caller has checked:
 * returns a PARSE status; on PARSE.OK, out = (x, y, 1). On an error, out is
 * unchanged.
 */
export function pointFromBytes(w: WasmKernels, bytes: Uint8Array, out: JacobianPoint): number {
  w.u8.set(bytes, LAYOUT.IN_BYTES);
  const status = w.exports.secp256k1ParsePubKey(bytes.length);
  if (status === PARSE.OK) getOut(w, out);
  return status;
}

/** Sets out = the root of x³ + 7 with parity `odd` and returns true, or false when x has no point (out unchanged). */
export function decompressY(w: WasmKernels, x: FieldVal, odd: boolean, out: FieldVal): boolean {
  w.u32.set(x.n, LAYOUT.IN_P >> 2);
  if (w.exports.secp256k1DecompressY(odd ? 1 : 0) === 0) return false;
  const u = w.u32;
  const i = (LAYOUT.OUT >> 2) + 10;
  const o = out.n;
  for (let k = 0; k < 10; k++) o[k] = u[i + k]!;
  return true;
}

/** Sets out = the affine form of the finite point p (Z ≠ 0), normalized, by the module's divsteps inversion, and returns out. */
export function toAffine(w: WasmKernels, p: JacobianPoint, out: JacobianPoint): JacobianPoint {
  putPoint(w, LAYOUT.IN_P, p);
  w.exports.secp256k1ToAffine();
  return getOut(w, out);
}

// ---------------------------------------------------------------------------
// Constant-time multiplications (secret scalars): the kernels of
// wasm/secp256k1/consttime.ts. The secret scalar (or its GLV split) is
// written into the region, the kernel wipes it; the TypeScript copies are
// wiped here.

/** Marks slot B as holding the tail of a SecretPointTable (it spills over from slot A). */
const SPILL: FlatTable = { limbs: EMPTY, infinity: false, width: 2, pieces: 1, pieceDigits: 129 };

/** Sets out = k·P for a SECRET k and a finite P (scalarMult; the module splits k, branch-free, and wipes it). */
export function scalarMult(w: WasmKernels, k: ModNScalar, p: JacobianPoint, out: JacobianPoint): JacobianPoint {
  putPoint(w, LAYOUT.IN_P, p);
  k.putBytes(w.u8, LAYOUT.IN_K);
  w.exports.secp256k1ScalarMult();
  return getOut(w, out);
}

/** Sets out = k·G for a SECRET k (scalarBaseMult). */
export function scalarBaseMult(w: WasmKernels, k: ModNScalar, out: JacobianPoint): JacobianPoint {
  k.putBytes(w.u8, LAYOUT.IN_K);
  w.exports.secp256k1ScalarBaseMult();
  forgetB(w);
  return getOut(w, out);
}

/** Sets out = k·P for a SECRET k from the record of a finite P's SecretPointTable (scalarMultTable; frozen, its limbs unreachable outside consttime.ts): copied into slots A and B unless already there. */
export function scalarMultTable(w: WasmKernels, k: ModNScalar, table: SecretTableLike, out: JacobianPoint): JacobianPoint {
  const st = state(w);
  if (st.slotA !== (table as unknown) || st.slotB !== SPILL) {
    if (table.limbs.length !== 832 * 20) throw new RangeError('secp256k1 wasm: a SecretPointTable has 832 entries');
    w.u32.set(table.limbs, LAYOUT.TABLE_A >> 2);
    st.slotA = table as unknown as FlatTable;
    st.slotB = SPILL;
  }
  k.putBytes(w.u8, LAYOUT.IN_K);
  w.exports.secp256k1ScalarMultTable();
  return getOut(w, out);
}

// ---------------------------------------------------------------------------
// Multi-scalar multiplication (wasm/secp256k1/msm.ts): Straus runs in the MSM
// area (slots A and B together), Pippenger in its own area
// (SECP256K1_MSM_REGION); inputs beyond what they hold are summed chunk by chunk.

const MSM = LAYOUT.TABLE_A;
const MSM_BYTES = 2 * LAYOUT.TABLE_BYTES;
/** The Pippenger kernel's own area (SECP256K1_MSM_REGION). */
const PIPP = LAYOUT.PIPPENGER;
const PIPP_BYTES = LAYOUT.PIPPENGER_BYTES;
/** Straus pairs per call (the kernel's STRAUS_MAX) and its areas. */
const STRAUS_MAX = 63;
const STRAUS_DIGITS = MSM + 80640;
const STRAUS_DESC = MSM + 114944;
const msmSplit = newGlvSplit();
const msmLE = new Uint8Array(20);
let msmDigits = new Int32Array(0);
const msmViews = new WeakMap<WasmKernels, { digits: Int8Array[]; i16: Int16Array }>();

function msmView(w: WasmKernels): { digits: Int8Array[]; i16: Int16Array } {
  let v = msmViews.get(w);
  if (v === undefined) {
    const digits: Int8Array[] = [];
    for (let s = 0; s < 2 * STRAUS_MAX; s++) digits.push(new Int8Array(w.u8.buffer, STRAUS_DIGITS + s * LAYOUT.DIGIT_STRIDE, LAYOUT.DIGIT_STRIDE));
    v = { digits, i16: new Int16Array(w.u8.buffer, PIPP, PIPP_BYTES / 2) };
    msmViews.set(w, v);
  }
  return v;
}

/** Bytes of the Pippenger layout (wasm/secp256k1/msm.ts pippengerBytes). */
function pippengerBytes(m: number, nWin: number, nb: number): number {
  return ((m * (160 + 4 * nWin) + 7) & ~7) + 128 * nb;
}

/** Sets out = Σ over pairs live[off … off + k) by the Straus kernel (k ≤ 63). */
function strausChunk(w: WasmKernels, points: readonly JacobianPoint[], scalars: readonly ModNScalar[], live: Int32Array, off: number, k: number, out: JacobianPoint): JacobianPoint {
  const v = msmView(w);
  for (let t = 0; t < k; t++) {
    const i = live[off + t]!;
    const tab = MSM + 960 * t;
    putPoint(w, tab, points[i]!);
    const sp = splitKNonConst(scalars[i]!, msmSplit);
    for (let half = 0; half < 2; half++) {
      const s = 2 * t + half;
      const len = wnafNonConst(half === 0 ? sp.k1 : sp.k2, WINDOW_P, v.digits[s]!);
      descAt(w, STRAUS_DESC, s, STRAUS_DIGITS + s * LAYOUT.DIGIT_STRIDE, len, tab, half === 0 ? 0 : 80, half === 0 ? sp.neg1 : sp.neg2);
    }
  }
  w.exports.secp256k1MsmStraus(k);
  return getOut(w, out);
}

/** Writes an unscaled stream descriptor s at the descriptor area `base`. */
function descAt(w: WasmKernels, base: number, s: number, digits: number, len: number, table: number, xo: number, neg: boolean): void {
  const i = (base >> 2) + 8 * s;
  const m = w.i32;
  m[i] = digits;
  m[i + 1] = len;
  m[i + 2] = table;
  m[i + 3] = xo;
  m[i + 4] = neg ? 1 : 0;
  m[i + 5] = 0;
}

/** The GLV splits of the current Pippenger call (one per live pair, reused; grown on demand). */
const msmSplits: GlvSplit[] = [];
/** Bit lengths of the half-scalars of the current call: pair t's halves at 2t, 2t + 1. */
let msmBits = new Int32Array(0);

/** Splits the m live scalars once into msmSplits and their half lengths into msmBits. */
function splitAll(scalars: readonly ModNScalar[], live: Int32Array, m: number): void {
  while (msmSplits.length < m) msmSplits.push(newGlvSplit());
  if (msmBits.length < 2 * m) msmBits = new Int32Array(Math.max(2 * m, 2 * msmBits.length));
  for (let t = 0; t < m; t++) {
    const sp = splitKNonConst(scalars[live[t]!]!, msmSplits[t]!);
    msmBits[2 * t] = bitLength(sp.k1);
    msmBits[2 * t + 1] = bitLength(sp.k2);
  }
}

/** The bit length of the big-endian 32 bytes b (0 for zero). */
function bitLength(b: Uint8Array): number {
  for (let i = 0; i < 32; i++) {
    const v = b[i]!;
    if (v !== 0) return 8 * (32 - i) - Math.clz32(v) + 24;
  }
  return 0;
}

/** Sets out = Σ over pairs live[off … off + k) (split by splitAll) by the Pippenger kernel with window c (the layout must fit). */
function pippengerChunk(w: WasmKernels, points: readonly JacobianPoint[], live: Int32Array, off: number, k: number, c: number, out: JacobianPoint): JacobianPoint {
  const nWin = Math.ceil(130 / c);
  const v = msmView(w);
  if (msmDigits.length < nWin) msmDigits = new Int32Array(nWin);
  const d16 = v.i16;
  const dBase = (160 * k) >> 1; // digits at PIPP + 160k, in i16 units
  for (let t = 0; t < k; t++) {
    putPoint(w, PIPP + 120 * t, points[live[off + t]!]!);
    const sp = msmSplits[off + t]!;
    for (let half = 0; half < 2; half++) {
      const o = dBase + (2 * t + half) * nWin;
      if (msmBits[2 * (off + t) + half] === 0) {
        d16.fill(0, o, o + nWin);
        continue;
      }
      const b = half === 0 ? sp.k1 : sp.k2;
      for (let j = 0; j < 20; j++) msmLE[j] = b[31 - j]!;
      recodeSignedNonConst(msmLE, 0, 20, c, nWin, msmDigits, 0, 1);
      const sign = (half === 0 ? sp.neg1 : sp.neg2) ? -1 : 1; // the GLV sign, folded into the digits
      for (let j = 0; j < nWin; j++) d16[o + j] = sign * msmDigits[j]!;
    }
  }
  if (w.exports.secp256k1MsmPippenger(k, c, nWin) !== 1) throw new RangeError('secp256k1 wasm: MSM chunk larger than its area');
  return getOut(w, out);
}

/**
 * Sets out = Σ over the m live pairs by the Pippenger kernel with window c
 * in one call (the layout must fit), the scalars given as bytes: the kernel
 * splits and recodes them (wasm/secp256k1/split.ts) into the digits
 * {@link pippengerChunk} would write, so the result is the same.
 */
function pippengerOneCall(w: WasmKernels, points: readonly JacobianPoint[], scalars: readonly ModNScalar[], live: Int32Array, m: number, c: number, out: JacobianPoint): JacobianPoint {
  const nWin = Math.ceil(130 / c);
  const digits = PIPP + 160 * m;
  for (let t = 0; t < m; t++) {
    const i = live[t]!;
    putPoint(w, PIPP + 120 * t, points[i]!);
    scalars[i]!.putBytes(w.u8, digits + 4 * nWin * t);
  }
  if (w.exports.secp256k1MsmPippengerScalars(m, c, nWin) !== 1) throw new RangeError('secp256k1 wasm: MSM larger than its area');
  return getOut(w, out);
}

/** Pairs of one Pippenger chunk with window c in the Pippenger area (0 when its buckets take more than half the area). */
function chunkPairs(c: number): number {
  const buckets = 128 << (c - 1);
  if (buckets > PIPP_BYTES / 2) return 0;
  return Math.floor((PIPP_BYTES - 8 - buckets) / (160 + 4 * Math.ceil(130 / c)));
}

/**
 * The window for m split pairs (msmBits) that need more than one chunk:
 * the c minimising the estimated cost, in field multiplications, of
 * ⌈m / chunkPairs(c)⌉ chunks: per non-zero digit one mixed bucket addition
 * (≈ 11), per chunk and window 2·2^(c−1) general additions to sum the
 * buckets (≈ 16) and c doublings (≈ 7). The digits are counted from the
 * halves' actual lengths, so short scalars (64-bit halves, zero halves:
 * BIP-340 batch weights) move the choice toward smaller windows, and the
 * number of chunks counts: the window of the one-call rule, cut down to
 * fit, made every chunk pay its bucket sums (measured in the 120 KiB area
 * this MSM had before: 2049 pairs of a BIP-340 batch in 6 chunks at c = 9,
 * 58.6 µs per signature; 5 chunks at c = 7, the choice here, 47 µs).
 */
function chunkedWindow(m: number): number {
  let best = 0;
  let bestCost = Infinity;
  for (let c = 2; c <= 16; c++) {
    const per = chunkPairs(c);
    if (per === 0) break;
    let digits = 0;
    for (let h = 0; h < 2 * m; h++) {
      const b = msmBits[h]!;
      if (b !== 0) digits += Math.ceil((b + 1) / c);
    }
    const chunks = Math.ceil(m / per);
    const nWin = Math.ceil(130 / c);
    const cost = digits * 11 + chunks * nWin * ((2 << (c - 1)) * 16 + c * 7);
    if (cost < bestCost) {
      bestCost = cost;
      best = c;
    }
  }
  return best;
}

/**
 * Sets out = Σ scalars[live[t]]·points[live[t]] over the m ≥ 2 live pairs
 * (finite points, non-zero scalars; msmNonConst checked the inputs): Straus
 * when `straus`, else Pippenger with window c, as the TypeScript engine
 * would choose. When the pairs fit one call (always for Straus below 64
 * pairs, in the MSM area; for Pippenger while 160 + 4·⌈130/c⌉ bytes per pair
 * and 128 bytes per bucket fit the 512 KiB Pippenger area: 2049 pairs at
 * c = 9, a BIP-340 batch of 1024, and still at c = 10) the result is the TypeScript
 * engine's, coordinate for coordinate; larger inputs are summed over chunks
 * of equal size, giving the same point: Straus by 63 pairs, Pippenger with
 * the window {@link chunkedWindow} picks from the scalars' lengths unless
 * `forced` (the caller's window, reduced while its buckets take more than
 * half the area).
 */
export function msmNonConst(w: WasmKernels, points: readonly JacobianPoint[], scalars: readonly ModNScalar[], live: Int32Array, m: number, out: JacobianPoint, straus: boolean, c: number, forced = true): JacobianPoint {
  const st = state(w);
  st.slotA = null;
  st.slotB = null;
  if (straus && m <= STRAUS_MAX) return strausChunk(w, points, scalars, live, 0, m, out);
  const sum = new JacobianPoint();
  const part = new JacobianPoint();
  if (straus) {
    for (let off = 0; off < m; off += STRAUS_MAX) {
      strausChunk(w, points, scalars, live, off, Math.min(STRAUS_MAX, m - off), part);
      sum.addNonConst(sum, part);
    }
    return out.set(sum);
  }
  if (pippengerBytes(m, Math.ceil(130 / c), 1 << (c - 1)) <= PIPP_BYTES) return pippengerOneCall(w, points, scalars, live, m, c, out);
  splitAll(scalars, live, m);
  if (forced) while ((128 << (c - 1)) > PIPP_BYTES / 2) c--;
  else c = chunkedWindow(m);
  const chunks = Math.ceil(m / chunkPairs(c));
  const per = Math.ceil(m / chunks);
  for (let off = 0; off < m; off += per) {
    pippengerChunk(w, points, live, off, Math.min(per, m - off), c, part);
    sum.addNonConst(sum, part);
  }
  return out.set(sum);
}

// ---------------------------------------------------------------------------
// Building PublicPointTables (wasm/secp256k1/msm.ts buildPieces): as many
// points per call as the MSM area holds, one shared inversion per call.

/**
 * Returns the limbs of the PublicPointTable of each point (an empty array
 * for the identity): m = 2^(w−2) odd multiples per piece, t pieces of
 * b = ⌈129/t⌉ digits, entries x, y, β·x (precomputeManyNonConst; shape and
 * points already checked).
 */
export function buildTables(w: WasmKernels, points: readonly JacobianPoint[], width: number, t: number): Uint32Array[] {
  const st = state(w);
  st.slotA = null;
  st.slotB = null;
  const m = 1 << (width - 2);
  const b = Math.ceil(129 / t);
  const per = m * t * 160 + t * 120;
  const batch = Math.max(1, Math.floor(MSM_BYTES / per));
  const out: Uint32Array[] = points.map(() => EMPTY);
  const live: number[] = [];
  for (let i = 0; i < points.length; i++) if (!points[i]!.isIdentity()) live.push(i);
  for (let off = 0; off < live.length; off += batch) {
    const count = Math.min(batch, live.length - off);
    for (let i = 0; i < count; i++) putPoint(w, MSM + 120 * m * t * i, points[live[off + i]!]!);
    if (w.exports.secp256k1BuildPieces(count, m, t, b) !== 1) throw new RangeError('secp256k1 wasm: table batch larger than its area');
    for (let i = 0; i < count; i++) {
      const start = (MSM >> 2) + 30 * m * t * i;
      out[live[off + i]!] = w.u32.slice(start, start + 30 * m * t);
    }
  }
  return out;
}

/**
 * Sets affine = the affine copy of the finite point p and returns the limbs
 * of its SecretPointTable (832 entries |d|·2^(5j)·P, x then y;
 * `precompute`), built by the kernels in slots A and B.
 */
export function buildSecretTable(w: WasmKernels, p: JacobianPoint, affine: JacobianPoint): Uint32Array {
  const st = state(w);
  putPoint(w, LAYOUT.IN_P, p);
  w.exports.secp256k1BuildSecretTable();
  const start = LAYOUT.TABLE_A >> 2;
  const limbs = w.u32.slice(start, start + 832 * 20);
  st.slotA = null;
  st.slotB = null;
  const i = LAYOUT.IN_P >> 2;
  affine.x.n.set(w.u32.subarray(i, i + 10));
  affine.y.n.set(w.u32.subarray(i + 10, i + 20));
  affine.z.setInt(1);
  return limbs;
}

/**
 * The WebAssembly implementation of {@link Secp256k1Backend}: the functions
 * above bound to one engine instance's kernels (a frozen object, built once
 * per load by src/engine/index.ts). The public functions hand it the
 * JacobianPoint values they checked.
 */
export function wasmSecp256k1Backend(k: WasmKernels): Secp256k1Backend {
  return Object.freeze({
    pointFromBytes: (bytes: Uint8Array, out: JacobianPoint) => pointFromBytes(k, bytes, out),
    decompressY: (x: FieldVal, odd: boolean, out: FieldVal) => decompressY(k, x, odd, out),
    toAffine: (P: JacobianPoint, out: JacobianPoint) => toAffine(k, P, out),
    scalarBaseMultNonConst: (kk: ModNScalar, out: JacobianPoint) => baseMultNonConst(k, kk, out),
    scalarMultNonConst: (kk: ModNScalar, P: JacobianPoint | FlatTable, out: JacobianPoint) => scalarMultNonConst(k, kk, P, out),
    doubleScalarMultBaseNonConst: (a: ModNScalar, A: JacobianPoint | FlatTable, b: ModNScalar, gPieces: (t: number) => FlatTable, out: JacobianPoint) =>
      doubleBaseNonConst(k, a, A, b, out, gPieces),
    doubleScalarMultNonConst: (a: ModNScalar, A: JacobianPoint | FlatTable, b: ModNScalar, B: JacobianPoint | FlatTable, out: JacobianPoint) => doubleNonConst(k, a, A, b, B, out),
    msmNonConst: (points: readonly JacobianPoint[], scalars: readonly ModNScalar[], live: Int32Array, m: number, straus: boolean, c: number, forced: boolean, out: JacobianPoint) =>
      msmNonConst(k, points, scalars, live, m, out, straus, c, forced),
    buildPublicTables: (points: readonly JacobianPoint[], width: number, t: number) => buildTables(k, points, width, t),
    scalarBaseMult: (kk: ModNScalar, out: JacobianPoint) => scalarBaseMult(k, kk, out),
    scalarMult: (kk: ModNScalar, P: JacobianPoint, out: JacobianPoint) => scalarMult(k, kk, P, out),
    scalarMultTable: (kk: ModNScalar, table: SecretTableLike, out: JacobianPoint) => scalarMultTable(k, kk, table, out),
    buildSecretTable: (P: JacobianPoint, affine: JacobianPoint) => buildSecretTable(k, P, affine),
  });
}
