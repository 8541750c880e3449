/**
 * The TypeScript bridge of the ed25519 WebAssembly kernels
 * (wasm/ed25519/): each function copies one operation's inputs into
 * ED25519_REGION, makes ONE call that runs the whole operation, and copies
 * the result out. {@link wasmEd25519Backend} binds them to one engine
 * instance's kernels as the WebAssembly implementation of the backend seam
 * (backend.ts); the public functions in point.ts, batch.ts, scalarmult.ts,
 * msm.ts and tables.ts check their arguments first (same errors as the
 * TypeScript engine) and then call that object while it is selected.
 *
 * Field elements cross as the TypeScript Fe25519 limbs (15 doubles, radix
 * 2^17): copying a Float64Array into the region is a memcpy, and the
 * kernel converts them exactly to its 10 × 25.5-bit limbs (cheaper than a
 * canonical byte encoding, which would need a reduction on this side).
 * Results come back as canonical limbs (loose in the TypeScript sense).
 *
 * Tables: a WnafTable's entries are refilled in place (setPoint), so they
 * are converted per call; a PublicPointTable or SecretPointTable reaches
 * the bridge as its record (scalarmult.ts PublicTableData, SecretTableData),
 * which is frozen and whose entries nothing outside scalarmult.ts can reach,
 * so its WebAssembly form is converted once and cached (a WeakMap keyed by
 * the record), then copied into the key table slot when another table was
 * used last: a memcpy of ≤ 60 KiB, bounded by the table shapes (widths
 * 2 … 8 and ≤ 8 pieces, checked when a table is built: ≤ 512 entries).
 * doubleScalarMultNonConst's second operand has a slot of its own inside
 * the MSM scratch (free during that call); kernels that write over it
 * clear the region's ED25519_KEY2_VALID flag (a batch encoding of a few
 * points, a ring member's L and R, stays below it and does not), so the
 * copy into that slot is skipped only while the flag says the table is
 * still there: a key image's table stays for a whole ring. A table that
 * precomputeNonConst builds in the kernel gets its cached copy at once.
 */
import { Scalar25519, type Fe25519 } from '@strata/field';
import type { WasmKernels } from '../engine/abi.js';
import { A_PIECED, A_POINT, A_WNAF, C_SPLIT, ED25519_ABI, type AKind, type CKind } from '../engine/ed25519-abi.js';
import type { CombLike, Ed25519Backend, ExtCoords, PiecedLike, Sha512Hasher, WnafLike } from './backend.js';
import { affineWindow } from '../edwards/msm-affine.js';

/** The layout offsets of one engine instance, in element units of each view. */
interface Layout {
  readonly k: WasmKernels;
  readonly bytes: number;
  readonly scalarA: number;
  readonly scalarB: number;
  /** f64 index of ED25519_IO_OUT / ED25519_IO_IN / ED25519_STAGE. */
  readonly out: number;
  readonly in: number;
  readonly in2: number;
  readonly stage: number;
  readonly stagePoints: number;
  /** i32 index of the key table, of the second key table, of the flag that says the second one is intact. */
  readonly keyTable: number;
  readonly keyTable2: number;
  readonly key2Valid: number;
  /** Byte offset of the MSM scalars; pairs per MSM chunk. */
  readonly msmScalars: number;
  readonly msmMax: number;
  /** The batch-affine kernel's scalars (byte offset), pairs per chunk, largest window. */
  readonly amsmScalars: number;
  readonly amsmMax: number;
  readonly amsmMaxWindow: number;
  /** Byte offset of the batch encodings. */
  readonly encoded: number;
}

let cached: Layout | null = null;

function layout(k: WasmKernels): Layout {
  if (cached !== null && cached.k === k) return cached;
  const e = k.exports;
  if (e.ED25519_ABI.value !== ED25519_ABI) throw new Error(`ed25519 WebAssembly kernels: ABI ${e.ED25519_ABI.value}, the bridge speaks ${ED25519_ABI} (rebuild @strata/curves)`);
  cached = {
    k,
    bytes: e.ED25519_IO_BYTES.value,
    scalarA: e.ED25519_IO_SCALAR_A.value,
    scalarB: e.ED25519_IO_SCALAR_B.value,
    out: e.ED25519_IO_OUT.value >>> 3,
    in: e.ED25519_IO_IN.value >>> 3,
    in2: e.ED25519_IO_IN2.value >>> 3,
    stage: e.ED25519_STAGE.value >>> 3,
    stagePoints: e.ED25519_STAGE_POINTS.value,
    keyTable: e.ed25519KeyTableAt() >>> 2,
    keyTable2: e.ed25519KeyTable2At() >>> 2,
    key2Valid: e.ED25519_KEY2_VALID.value >>> 2,
    msmScalars: e.ED25519_MSM_SCALARS.value,
    msmMax: e.ED25519_MSM_MAX.value,
    amsmScalars: e.ED25519_AMSM_SCALARS.value,
    amsmMax: e.ED25519_AMSM_MAX.value,
    amsmMaxWindow: e.ED25519_AMSM_MAX_WINDOW.value,
    encoded: e.ED25519_ENCODED.value,
  };
  lastKeyTable = null;
  lastKeyTable2 = null;
  return cached;
}


function readFe(f64: Float64Array, o: number, f: Fe25519): void {
  const l = f.l;
  for (let i = 0; i < 15; i++) l[i] = f64[o + i]!;
}

/** Copies the point at ED25519_IO_OUT into p. */
function readOut(L: Layout, p: ExtCoords): void {
  const f = L.k.f64;
  readFe(f, L.out, p.X);
  readFe(f, L.out + 15, p.Y);
  readFe(f, L.out + 30, p.Z);
  readFe(f, L.out + 45, p.T);
}

/** Copies p into 60 doubles at f64 index o. */
function writePoint(f: Float64Array, o: number, p: ExtCoords): void {
  f.set(p.X.l, o);
  f.set(p.Y.l, o + 15);
  f.set(p.Z.l, o + 30);
  f.set(p.T.l, o + 45);
}

/**
 * Decodes b[off … off + 32) into p (ZIP-215 rules when zip215) and returns
 * the decoder's code (0 = a point; 1, 2, 3 as DEC_* in point.ts). On a
 * non-zero code p is unchanged.
 */
export function decode(k: WasmKernels, b: Uint8Array, off: number, zip215: boolean, p: ExtCoords): number {
  const L = layout(k);
  const u8 = k.u8;
  const at = L.bytes;
  for (let i = 0; i < 32; i++) u8[at + i] = b[off + i]!;
  const code = k.exports.ed25519Decode(zip215 ? 1 : 0);
  if (code === 0) readOut(L, p);
  return code;
}




export { A_POINT, A_WNAF, A_PIECED, type AKind };

/** The WebAssembly form of every PublicPointTable record used so far (30 i32 per entry). */
const keyCache = new WeakMap<PiecedLike, Int32Array>();
/** The record whose WebAssembly form is in the key table slot now (of a PublicPointTable or a SecretPointTable). */
let lastKeyTable: object | null = null;
/**
 * The PublicPointTable record last put into the second key table slot; that slot is
 * MSM scratch, so it still holds it only while the region's
 * ED25519_KEY2_VALID flag is 1.
 */
let lastKeyTable2: PiecedLike | null = null;

/**
 * Puts the WebAssembly form of the PublicPointTable record t into key table slot
 * 0 or 1: converted once (staged, converted by the kernel, copied out into
 * the WeakMap), then a memcpy per call, skipped when t is still there.
 */
function loadPieced(k: WasmKernels, L: Layout, t: PiecedLike, slot: number): void {
  if (slot === 0 ? lastKeyTable === t : lastKeyTable2 === t && k.i32[L.key2Valid] === 1) return;
  const at = slot === 0 ? L.keyTable : L.keyTable2;
  const n = t.pieces << (t.width - 2);
  let w = keyCache.get(t);
  if (w === undefined) {
    k.f64.set(t.limbs.subarray(0, 45 * n), L.stage);
    k.exports.ed25519LoadNielsTable(n, slot);
    w = k.i32.slice(at, at + 30 * n);
    keyCache.set(t, w);
  } else {
    k.i32.set(w, at);
  }
  if (slot === 0) lastKeyTable = t;
  else {
    lastKeyTable2 = t;
    k.i32[L.key2Valid] = 1;
  }
}

/** Loads operand A into the region and returns the kernel's (mode, w, t). */
function loadA(k: WasmKernels, L: Layout, kind: AKind, A: ExtCoords | WnafLike | PiecedLike, mwt: Int32Array): void {
  if (kind === A_POINT) {
    writePoint(k.f64, L.in, A as ExtCoords);
    mwt[0] = 0;
    mwt[1] = 5;
    mwt[2] = 1;
    return;
  }
  if (kind === A_WNAF) {
    loadWnaf(k, L, A as WnafLike, 0);
    const t = A as WnafLike;
    mwt[0] = 1;
    mwt[1] = t.width;
    mwt[2] = 1;
    return;
  }
  const t = A as PiecedLike;
  mwt[0] = 2;
  mwt[1] = t.width;
  mwt[2] = t.pieces;
  loadPieced(k, L, t, 0);
}

/** Stages a WnafTable's cached entries and converts them into table slot 0 or 1. */
function loadWnaf(k: WasmKernels, L: Layout, t: WnafLike, slot: number): void {
  const f = k.f64;
  const e = t.entries;
  for (let i = 0, o = L.stage; i < e.length; i++, o += 60) {
    const c = e[i]!;
    f.set(c.yPlusX.l, o);
    f.set(c.yMinusX.l, o + 15);
    f.set(c.z2.l, o + 30);
    f.set(c.t2d.l, o + 45);
  }
  k.exports.ed25519LoadCachedTable(e.length, slot);
}

const mwt = new Int32Array(3);

/**
 * Sets out = a·A + b·B (scalars as 32 little-endian bytes). A table operand
 * has the shape its class guarantees (a frozen WnafTable, a PublicPointTable
 * record; the caller checked it is one), which the region's table slots are
 * sized for.
 */
export function doubleScalarMultBase(k: WasmKernels, a: Uint8Array, kind: AKind, A: ExtCoords | WnafLike | PiecedLike, b: Uint8Array, out: ExtCoords): void {
  const L = layout(k);
  k.u8.set(a, L.scalarA);
  k.u8.set(b, L.scalarB);
  loadA(k, L, kind, A, mwt);
  k.exports.ed25519DoubleScalarMultBase(mwt[0]!, mwt[1]!, mwt[2]!);
  readOut(L, out);
}

/** Scratch scalars of {@link cofactoredEquation}: c1 (then s' = c1·S) and S. */
const hC1 = new Scalar25519();
const hS = new Scalar25519();

/**
 * Returns whether [8]([k]A + [S]B − R) = O (k, S < ℓ, 32 bytes each): the
 * kernel turns k into half-size c0 ≡ c1·k (mod ℓ) (wasm/ed25519/halfsize.ts),
 * this side computes s' = c1·S mod ℓ, and the kernel tests
 * [8]([s']B + [c0]A − [c1]R) = O over a 129-step chain: the same answer
 * (halfsize.ts says why).
 */
export function cofactoredEquation(k: WasmKernels, kb: Uint8Array, A: ExtCoords, Sb: Uint8Array, R: ExtCoords): boolean {
  const L = layout(k);
  const u8 = k.u8;
  const e = k.exports;
  u8.set(kb, L.scalarA);
  const neg = e.ed25519HalfScalars();
  hC1.setBytesReduced(u8.subarray(L.bytes, L.bytes + 32));
  if (neg === 1) hC1.negate(hC1);
  hS.setBytesReduced(Sb);
  hC1.mul(hC1, hS).putBytes(u8, L.scalarB);
  writePoint(k.f64, L.in, A);
  writePoint(k.f64, L.in2, R);
  return e.ed25519CofactoredHalf(neg) === 1;
}

/** Sets out = a·A (variable time; A as in {@link doubleScalarMultBase}). */
export function scalarMultNonConst(k: WasmKernels, a: Uint8Array, kind: AKind, A: ExtCoords | WnafLike | PiecedLike, out: ExtCoords): void {
  const L = layout(k);
  k.u8.set(a, L.scalarA);
  loadA(k, L, kind, A, mwt);
  k.exports.ed25519ScalarMultNonConst(mwt[0]!, mwt[1]!, mwt[2]!);
  readOut(L, out);
}

/**
 * Input size from which the WebAssembly engine's Pippenger runs the
 * batch-affine kernel (wasm/ed25519/msm-affine.ts) instead of the one with
 * extended buckets (wasm/ed25519/msm.ts): batch-affine / extended time,
 * paired (CPU time, medians of 7–9 alternating rounds in one process, loaded
 * 2-core host; 253-bit scalars, points with Z ≠ 1): n = 2048: 1.09, 3072:
 * 1.04, 3584: 1.05, 3700: 0.95, 4096: 0.89, 16384: 0.68. Within one chunk of
 * the extended kernel (ED25519_MSM_MAX = 3584 pairs) the two cost about the
 * same: 5M + 1S an affine addition against 8M (7M for Z = 1), but some 28M
 * against 18M a bucket for the conversion back and the running sums, and the
 * inversions; past it the extended kernel runs in chunks and the batch-affine
 * one (16384 pairs a chunk, wider windows) wins. The MSM of an ed25519
 * batch verification of 1024 signatures (2049 decoded points, 1024 of them
 * with 128-bit scalars) takes 1.19× as long with it (paired, CPU time,
 * median of 9 rounds) since the extended kernel copies a decoded point into
 * an empty bucket instead of adding it, so it stays on the extended kernel.
 */
export const WASM_BATCH_AFFINE_THRESHOLD = 3585;

/**
 * Sets out = Σ scalars[i]·points[i] over the first n pairs, scalars given
 * as 32 little-endian bytes each in `bytes` (the TypeScript msmNonConst's
 * pool), points as objects or packed (`Ed25519Backend.msm`: X, Y, Z, T of
 * 15 limbs each, 60 float64 a point, the staging layout): chunks of ≤ ED25519_MSM_MAX pairs, each staged (points in groups
 * of ED25519_STAGE_POINTS) and run by one call that adds its sum to the
 * total. straus selects the algorithm, c the Pippenger window (the kernel
 * clamps it to its bucket space; the sum does not depend on it). From
 * WASM_BATCH_AFFINE_THRESHOLD pairs Pippenger runs the batch-affine kernel
 * (chunks of ED25519_AMSM_MAX pairs) with affineWindow's window, or c when
 * the caller chose it (windowForced).
 */
export function msm(
  k: WasmKernels,
  points: readonly ExtCoords[] | Float64Array,
  n: number,
  bytes: Uint8Array,
  straus: boolean,
  c: number,
  maxBits: number,
  out: ExtCoords,
  windowForced = false,
): void {
  const L = layout(k);
  const e = k.exports;
  const f = k.f64;
  const affine = !straus && n >= WASM_BATCH_AFFINE_THRESHOLD;
  const max = affine ? L.amsmMax : L.msmMax;
  for (let s = 0; s < n; s += max) {
    const m = Math.min(max, n - s);
    k.u8.set(bytes.subarray(32 * s, 32 * (s + m)), affine ? L.amsmScalars : L.msmScalars);
    for (let g = 0; g < m; g += L.stagePoints) {
      const cnt = Math.min(L.stagePoints, m - g);
      // Packed points are already in the staging layout: one copy a group.
      if (points instanceof Float64Array) f.set(points.subarray(60 * (s + g), 60 * (s + g + cnt)), L.stage);
      else for (let i = 0, o = L.stage; i < cnt; i++, o += 60) writePoint(f, o, points[s + g + i]!);
      if (affine) e.ed25519AmsmLoad(g, cnt);
      else e.ed25519MsmLoad(g, cnt);
    }
    if (affine) e.ed25519AmsmChunk(m, Math.min(L.amsmMaxWindow, windowForced ? c : affineWindow(m, maxBits)), maxBits, s > 0 ? 1 : 0);
    else e.ed25519MsmChunk(m, straus ? 0 : 1, c, maxBits, s > 0 ? 1 : 0);
  }
  e.ed25519MsmResult();
  readOut(L, out);
}

/** Sets out = k·B for the secret k (32 bytes, reduced mod ℓ); the region's copy of k is wiped by the kernel. */
export function scalarBaseMult(k: WasmKernels, kb: Uint8Array, out: ExtCoords): void {
  const L = layout(k);
  k.u8.set(kb, L.scalarA);
  k.exports.ed25519ScalarBaseMult();
  readOut(L, out);
}

/**
 * Writes the encoding of k·B for the secret k (32 bytes, reduced mod ℓ) to
 * out[off … off + 32) (the caller checked the room): one call computes and
 * encodes, so the point never crosses; the region's copy of k is wiped by
 * the kernel.
 */
export function scalarBaseMultToBytes(k: WasmKernels, kb: Uint8Array, out: Uint8Array, off: number): void {
  const L = layout(k);
  const u8 = k.u8;
  u8.set(kb, L.scalarA);
  k.exports.ed25519ScalarBaseMultToBytes();
  for (let i = 0; i < 32; i++) out[off + i] = u8[L.bytes + i]!;
}

/** Sets out = k·B for a public k (32 bytes, reduced mod ℓ), variable time. */
export function scalarBaseMultNonConst(k: WasmKernels, kb: Uint8Array, out: ExtCoords): void {
  const L = layout(k);
  k.u8.set(kb, L.scalarA);
  k.exports.ed25519ScalarBaseMultNonConst();
  readOut(L, out);
}

/** Sets out = k·P for the secret 256-bit k (constant time). */
export function scalarMult(k: WasmKernels, kb: Uint8Array, P: ExtCoords, out: ExtCoords): void {
  const L = layout(k);
  writePoint(k.f64, L.in, P);
  k.u8.set(kb, L.scalarA);
  k.exports.ed25519ScalarMult();
  readOut(L, out);
}


/** The WebAssembly form of every SecretPointTable record used so far (30 i32 per entry). */
const combCache = new WeakMap<CombLike, Int32Array>();

/**
 * Sets out = k·P for the secret k over P's comb, using `rows` rows of even
 * digits (32 for a reduced Scalar25519, 33 for a 256-bit integer).
 */
export function scalarMultTable(k: WasmKernels, kb: Uint8Array, table: CombLike, rows: number, out: ExtCoords): void {
  const L = layout(k);
  if (lastKeyTable !== table) {
    const n = 8 * table.rowCount;
    let w = combCache.get(table);
    if (w === undefined) {
      k.f64.set(table.entries.subarray(0, 45 * n), L.stage);
      k.exports.ed25519LoadCombTable(table.rowCount);
      w = k.i32.slice(L.keyTable, L.keyTable + 30 * n);
      combCache.set(table, w);
    } else {
      k.i32.set(w, L.keyTable);
    }
    lastKeyTable = table;
  }
  k.u8.set(kb, L.scalarA);
  k.exports.ed25519ScalarMultTable(rows);
  readOut(L, out);
}

/** Writes the encoding of p to out[off … off + 32) (the caller checked the room). */
export function encode(k: WasmKernels, p: ExtCoords, out: Uint8Array, off: number): void {
  const L = layout(k);
  writePoint(k.f64, L.in, p);
  k.exports.ed25519Encode();
  const u8 = k.u8;
  for (let i = 0; i < 32; i++) out[off + i] = u8[L.bytes + i]!;
}

/**
 * Writes the encodings of all points back to back to out from off (the
 * caller checked the room), one inversion per ED25519_STAGE_POINTS points,
 * and returns true; returns false when some point has Z = 0 (invalid): the
 * caller then runs the TypeScript code, which rewrites every encoding.
 */
export function encodeBatch(k: WasmKernels, points: readonly ExtCoords[], out: Uint8Array, off: number): boolean {
  const L = layout(k);
  const n = points.length;
  const e = k.exports;
  for (let s = 0; s < n; s += L.stagePoints) {
    const m = Math.min(L.stagePoints, n - s);
    for (let i = 0, o = L.stage; i < m; i++, o += 60) writePoint(k.f64, o, points[s + i]!);
    if (e.ed25519EncodeBatch(m) === 0) return false;
    out.set(k.u8.subarray(L.encoded, L.encoded + 32 * m), off + 32 * s);
  }
  return true;
}

/**
 * Loads operand C of doubleScalarMult into slot 1 (IO_IN2, the C table or
 * the second key table; a split point's pieces to the stage, after operand
 * A's table was staged) and sets mwt to its (mode, w, t).
 */
function loadC(k: WasmKernels, L: Layout, kind: CKind, C: ExtCoords | WnafLike | PiecedLike | readonly ExtCoords[], mwt: Int32Array): void {
  if (kind === C_SPLIT) {
    const pieces = C as readonly ExtCoords[];
    for (let j = 0, o = L.stage; j < pieces.length; j++, o += 60) writePoint(k.f64, o, pieces[j]!);
    mwt[0] = 3;
    mwt[1] = 5;
    mwt[2] = pieces.length;
  } else if (kind === A_POINT) {
    writePoint(k.f64, L.in2, C as ExtCoords);
    mwt[0] = 0;
    mwt[1] = 5;
    mwt[2] = 1;
  } else if (kind === A_WNAF) {
    loadWnaf(k, L, C as WnafLike, 1);
    mwt[0] = 1;
    mwt[1] = (C as WnafLike).width;
    mwt[2] = 1;
  } else {
    const t = C as PiecedLike;
    mwt[0] = 2;
    mwt[1] = t.width;
    mwt[2] = t.pieces;
    loadPieced(k, L, t, 1);
  }
}

const mwtC = new Int32Array(3);

/**
 * Sets out = a·A + b·C (variable time) for operands of every kind (points,
 * WnafTables, PublicPointTable records, any mix; tables as in
 * {@link doubleScalarMultBase}). C's tables go to slot 1 (the MSM scratch,
 * unused during this call).
 */
export function doubleScalarMult(k: WasmKernels, a: Uint8Array, kindA: AKind, A: ExtCoords | WnafLike | PiecedLike, b: Uint8Array, kindC: CKind, C: ExtCoords | WnafLike | PiecedLike | readonly ExtCoords[], out: ExtCoords): void {
  const L = layout(k);
  k.u8.set(a, L.scalarA);
  k.u8.set(b, L.scalarB);
  loadA(k, L, kindA, A, mwt);
  loadC(k, L, kindC, C, mwtC);
  k.exports.ed25519DoubleScalarMult(mwt[0]!, mwt[1]!, mwt[2]!, mwtC[0]!, mwtC[1]!, mwtC[2]!);
  readOut(L, out);
}

/** Sets out[j] = 2^(b·j)·P for j < t (b = ⌈257/t⌉; the caller checked 1 ≤ t ≤ 8): one call, the pieces read from the stage. */
export function split(k: WasmKernels, P: ExtCoords, t: number, out: readonly ExtCoords[]): void {
  const L = layout(k);
  writePoint(k.f64, L.in, P);
  k.exports.ed25519Split(t);
  const f = k.f64;
  for (let j = 0, o = L.stage; j < t; j++, o += 60) {
    const q = out[j]!;
    readFe(f, o, q.X);
    readFe(f, o + 15, q.Y);
    readFe(f, o + 30, q.Z);
    readFe(f, o + 45, q.T);
  }
}

/**
 * Returns the record of a PublicPointTable of P (width w, t pieces; the
 * caller checked the shape) built by the kernel: make() wraps the entries'
 * TypeScript limbs, and the table's WebAssembly form, which the kernel left
 * in the key table slot, is cached for the record at once.
 */
export function buildPieced<T extends PiecedLike>(k: WasmKernels, P: ExtCoords, w: number, t: number, make: (limbs: Float64Array) => T): T {
  const L = layout(k);
  writePoint(k.f64, L.in, P);
  k.exports.ed25519BuildPieced(w, t);
  const n = t << (w - 2);
  const f = L.encoded >>> 3;
  const table = make(k.f64.slice(f, f + 45 * n));
  keyCache.set(table, k.i32.slice(L.keyTable, L.keyTable + 30 * n));
  lastKeyTable = table;
  return table;
}

/** Reports whether ℓ·P = O (variable time; P public). */
export function isTorsionFree(k: WasmKernels, P: ExtCoords): boolean {
  const L = layout(k);
  writePoint(k.f64, L.in, P);
  return k.exports.ed25519IsTorsionFree() === 1;
}

/** Which WebAssembly hasher holds the one SHA-512 state of an engine instance (per {@link wasmEd25519Backend}). */
interface HashSlot {
  owner: WasmSha512 | null;
}

/**
 * A SHA-512 hash on the engine's kernel (wasm/hash/): bytes are copied to
 * SHA512_INPUT and absorbed a full input area at a time (a short message
 * costs one call, at digest). The module holds one hash state; the hasher
 * holding it is its slot's owner, and another hasher that needs it first
 * absorbs the owner's pending bytes and saves the owner's state (a copy of
 * SHA512_STATE_BYTES), then restores its own. The input bytes (which may be
 * secret: Ed25519's prefix) and the digest are wiped at digest.
 */
class WasmSha512 implements Sha512Hasher {
  /** Bytes written at SHA512_INPUT and not yet absorbed (while owner). */
  private pending = 0;
  /** The most bytes of SHA512_INPUT this hasher wrote (wiped at digest). */
  private used = 0;
  /** The state while another hasher holds the module's, or null (never started or owner). */
  private saved: Uint8Array | null = null;
  private started = false;

  constructor(
    private readonly k: WasmKernels,
    private readonly slot: HashSlot,
  ) {}

  /** Makes the module's state this hash's. */
  private acquire(): void {
    const slot = this.slot;
    if (slot.owner === this) return;
    if (slot.owner !== null) slot.owner.release();
    const e = this.k.exports;
    if (!this.started) {
      e.sha512Init();
      this.started = true;
    } else {
      const saved = this.saved!;
      this.k.u8.set(saved, e.SHA512_STATE.value);
      saved.fill(0);
      this.saved = null;
    }
    slot.owner = this;
  }

  /** Absorbs the pending bytes and copies the module's state out (another hasher needs it). */
  private release(): void {
    const e = this.k.exports;
    if (this.pending > 0) e.sha512Update(this.pending);
    this.pending = 0;
    const input = e.SHA512_INPUT.value;
    this.k.u8.fill(0, input, input + this.used);
    this.used = 0;
    const at = e.SHA512_STATE.value;
    this.saved = this.k.u8.slice(at, at + e.SHA512_STATE_BYTES.value);
  }

  update(data: Uint8Array): void {
    this.acquire();
    const e = this.k.exports;
    const u8 = this.k.u8;
    const input = e.SHA512_INPUT.value;
    const max = e.SHA512_INPUT_MAX.value;
    const n = data.length;
    for (let off = 0; off < n; ) {
      const take = Math.min(max - this.pending, n - off);
      if (take < 16) for (let i = 0; i < take; i++) u8[input + this.pending + i] = data[off + i]!;
      else u8.set(data.subarray(off, off + take), input + this.pending);
      this.pending += take;
      off += take;
      if (this.pending > this.used) this.used = this.pending;
      if (this.pending === max) {
        e.sha512Update(max);
        this.pending = 0;
      }
    }
  }

  digest(out: Uint8Array, off: number): void {
    this.acquire();
    const e = this.k.exports;
    const u8 = this.k.u8;
    e.sha512Final(this.pending);
    const d = e.SHA512_DIGEST.value;
    for (let i = 0; i < 64; i++) out[off + i] = u8[d + i]!;
    u8.fill(0, d, d + 64);
    const input = e.SHA512_INPUT.value;
    u8.fill(0, input, input + this.used);
    this.pending = 0;
    this.used = 0;
    this.slot.owner = null;
  }
}

/**
 * Writes SHA3-256 (rate 136) or SHA3-512 (rate 72) of data to out[off …]
 * with the engine's Keccak kernel: full SHA3_INPUT_MAX-byte chunks are
 * absorbed as they are copied in, the rest goes to the final call; the
 * input area and the digest are wiped afterwards (go-dleq hashes a secret
 * seed). One synchronous sequence, so no other hash can interleave.
 */
function sha3(k: WasmKernels, data: Uint8Array, rate: 136 | 72, dlen: 32 | 64, out: Uint8Array, off: number): void {
  const e = k.exports;
  const u8 = k.u8;
  const input = e.SHA3_INPUT.value;
  const max = e.SHA3_INPUT_MAX.value;
  const n = data.length;
  e.sha3Init();
  let at = 0;
  for (; n - at > max; at += max) {
    u8.set(data.subarray(at, at + max), input);
    e.sha3Absorb(max, rate);
  }
  const rest = n - at;
  if (rest < 64) for (let i = 0; i < rest; i++) u8[input + i] = data[at + i]!;
  else u8.set(data.subarray(at), input);
  e.sha3Final(rest, rate, dlen);
  const d = e.SHA3_DIGEST.value;
  for (let i = 0; i < dlen; i++) out[off + i] = u8[d + i]!;
  u8.fill(0, d, d + dlen);
  u8.fill(0, input, input + (n > max ? max : n));
}

/**
 * The WebAssembly implementation of {@link Ed25519Backend}: the functions
 * above bound to one engine instance's kernels (a frozen object, built once
 * per load by src/engine/index.ts).
 */
export function wasmEd25519Backend(k: WasmKernels): Ed25519Backend {
  const slot: HashSlot = { owner: null };
  return Object.freeze({
    decode: (b: Uint8Array, off: number, zip215: boolean, p: ExtCoords) => decode(k, b, off, zip215, p),
    encode: (p: ExtCoords, out: Uint8Array, off: number) => encode(k, p, out, off),
    encodeBatch: (points: readonly ExtCoords[], out: Uint8Array, off: number) => encodeBatch(k, points, out, off),
    isTorsionFree: (P: ExtCoords) => isTorsionFree(k, P),
    scalarMultNonConst: (a: Uint8Array, kind: AKind, A: ExtCoords | WnafLike | PiecedLike, out: ExtCoords) => scalarMultNonConst(k, a, kind, A, out),
    scalarBaseMultNonConst: (kb: Uint8Array, out: ExtCoords) => scalarBaseMultNonConst(k, kb, out),
    doubleScalarMultBase: (a: Uint8Array, kind: AKind, A: ExtCoords | WnafLike | PiecedLike, b: Uint8Array, out: ExtCoords) => doubleScalarMultBase(k, a, kind, A, b, out),
    cofactoredEquation: (kb: Uint8Array, A: ExtCoords, Sb: Uint8Array, R: ExtCoords) => cofactoredEquation(k, kb, A, Sb, R),
    doubleScalarMult: (a: Uint8Array, kindA: AKind, A: ExtCoords | WnafLike | PiecedLike, b: Uint8Array, kindC: CKind, C: ExtCoords | WnafLike | PiecedLike | readonly ExtCoords[], out: ExtCoords) =>
      doubleScalarMult(k, a, kindA, A, b, kindC, C, out),
    split: (P: ExtCoords, t: number, out: readonly ExtCoords[]) => split(k, P, t, out),
    scalarBaseMult: (kb: Uint8Array, out: ExtCoords) => scalarBaseMult(k, kb, out),
    scalarBaseMultToBytes: (kb: Uint8Array, out: Uint8Array, off: number) => scalarBaseMultToBytes(k, kb, out, off),
    scalarMultTable: (kb: Uint8Array, table: CombLike, rows: number, out: ExtCoords) => scalarMultTable(k, kb, table, rows, out),
    scalarMult: (kb: Uint8Array, P: ExtCoords, out: ExtCoords) => scalarMult(k, kb, P, out),
    msm: (points: readonly ExtCoords[] | Float64Array, n: number, bytes: Uint8Array, straus: boolean, c: number, maxBits: number, out: ExtCoords, windowForced?: boolean) => msm(k, points, n, bytes, straus, c, maxBits, out, windowForced),
    buildPieced: <T extends PiecedLike>(P: ExtCoords, w: number, t: number, make: (limbs: Float64Array) => T) => buildPieced(k, P, w, t, make),
    sha512: () => new WasmSha512(k, slot),
    sha3: (data: Uint8Array, rate: 136 | 72, dlen: 32 | 64, out: Uint8Array, off: number) => sha3(k, data, rate, dlen, out, off),
  });
}
