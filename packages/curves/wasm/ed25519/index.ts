/**
 * ed25519 kernels of the WebAssembly engine: whole operations (decoding,
 * the double-scalar verification equation, scalar multiplications, MSM) on
 * ED25519_REGION (0x080000 – 0x1FFFFF; the map is in layout.ts). The
 * TypeScript bridge (src/ed25519/wasm.ts) copies inputs into the region,
 * makes one call, and copies the result out. Every export is prefixed
 * `ed25519` so that the two curves share one module without collisions.
 */
import * as L from './layout';
import { decode } from './decode';
import { buildPieced, cofactoredHalf, doubleScalarMult, doubleScalarMultBase, isTorsionFree, loadCached, loadNiels, scalarMultNonConst, splitPoint } from './scalarmult';
import { msmChunk, msmLoad, msmResult } from './msm';
import { edAmsmChunk, edAmsmLoad } from './msm-affine';
import { AMSM_MAX, AMSM_MAX_WINDOW, AMSM_SCALARS } from '../shared/msm-affine-layout';
import * as ct from './ct';
import { encodeBatch, encodeOne } from './encode';
import { halfScalars } from './halfsize';

export const ED25519_ABI: i32 = 6;

// The layout, for the bridge (offsets in bytes).
export const ED25519_IO_BYTES: u32 = <u32>L.IO_BYTES;
export const ED25519_IO_SCALAR_A: u32 = <u32>L.IO_SCALAR_A;
export const ED25519_IO_SCALAR_B: u32 = <u32>L.IO_SCALAR_B;
export const ED25519_IO_OUT: u32 = <u32>L.IO_OUT;
export const ED25519_IO_IN: u32 = <u32>L.IO_IN;
export const ED25519_IO_IN2: u32 = <u32>L.IO_IN2;
export const ED25519_STAGE: u32 = <u32>L.MSM_STAGE;
export const ED25519_STAGE_POINTS: i32 = L.MSM_STAGE_POINTS;
export const ED25519_A_TABLE_MAX: i32 = L.A_TABLE_MAX;
export const ED25519_KEY_TABLE_MAX: i32 = L.KEY_TABLE_MAX;
export const ED25519_MSM_SCALARS: u32 = <u32>L.MSM_SCALARS;
export const ED25519_MSM_MAX: i32 = L.MSM_MAX;
/** Where ed25519EncodeBatch writes its encodings (32 bytes each). */
export const ED25519_ENCODED: u32 = <u32>L.MSM_POINTS;
/** The i32 flag that says KEY_TABLE2 still holds what the bridge put there (layout.ts). */
export const ED25519_KEY2_VALID: u32 = <u32>L.KEY2_VALID;

/**
 * Decodes the 32 bytes at ED25519_IO_BYTES (RFC 8032 §5.1.3; ZIP-215 rules
 * when zip215 = 1) and returns 0 with the point at ED25519_IO_OUT, or the
 * rejection code 1 (non-canonical y), 2 (no x for y), 3 (strict "−0").
 */
export function ed25519Decode(zip215: i32): i32 {
  return decode(zip215);
}

/**
 * Converts n ≤ ED25519_A_TABLE_MAX cached entries (TS limbs) at
 * ED25519_STAGE into the A table (slot 0) or C table (slot 1: operand C of
 * ed25519DoubleScalarMult).
 */
export function ed25519LoadCachedTable(n: i32, slot: i32): void {
  loadCached(slot == 0 ? L.A_TABLE : L.C_TABLE, L.MSM_STAGE, min(n, L.A_TABLE_MAX));
}

/**
 * Converts n ≤ ED25519_KEY_TABLE_MAX Niels entries (TS limbs) at
 * ED25519_STAGE into the key table (slot 0) or the second key table (slot
 * 1, operand C of ed25519DoubleScalarMult; the bridge sets
 * ED25519_KEY2_VALID afterwards).
 */
export function ed25519LoadNielsTable(n: i32, slot: i32): void {
  loadNiels(slot == 0 ? L.KEY_TABLE : L.KEY_TABLE2, L.MSM_STAGE, min(n, L.KEY_TABLE_MAX));
}

/** Offset of the key table (Niels entries in WebAssembly limbs, 30 i32 each), which the bridge caches per PublicPointTable. */
export function ed25519KeyTableAt(): u32 {
  return <u32>L.KEY_TABLE;
}

/** Offset of the second key table (operand C of ed25519DoubleScalarMult; inside the MSM scratch). */
export function ed25519KeyTable2At(): u32 {
  return <u32>L.KEY_TABLE2;
}

/**
 * Sets ED25519_IO_OUT = a·A + b·B (scalars at ED25519_IO_SCALAR_A/B): A
 * is the point at ED25519_IO_IN (mode 0), the loaded cached table of width
 * w (mode 1), or the loaded key table of width w in t pieces (mode 2).
 */
export function ed25519DoubleScalarMultBase(mode: i32, w: i32, t: i32): void {
  if (w < 2 || w > 8 || t < 1 || t > 8 || (mode == 2 && (t << (w - 2)) > L.KEY_TABLE_MAX)) unreachable();
  doubleScalarMultBase(mode, w, t);
}

/** Sets ED25519_IO_OUT = a·A (variable time; modes as ed25519DoubleScalarMultBase). */
export function ed25519ScalarMultNonConst(mode: i32, w: i32, t: i32): void {
  if (w < 2 || w > 8 || t < 1 || t > 8) unreachable();
  scalarMultNonConst(mode, w, t);
}

/**
 * Converts n ≤ ED25519_STAGE_POINTS staged points (60 doubles each) into the
 * MSM point slots start … start + n − 1 (start + n ≤ ED25519_MSM_MAX).
 */
export function ed25519MsmLoad(start: i32, n: i32): void {
  if (start < 0 || n < 0 || n > L.MSM_STAGE_POINTS || start + n > L.MSM_MAX) unreachable();
  msmLoad(start, n);
}

/**
 * Runs one chunk of n ≤ ED25519_MSM_MAX loaded points and the scalars at
 * ED25519_MSM_SCALARS (algo 0 Straus, 1 Pippenger with window c over
 * maxBits-bit scalars) and sets (accumulate = 0) or adds to (1) the total.
 */
export function ed25519MsmChunk(n: i32, algo: i32, c: i32, maxBits: i32, accumulate: i32): void {
  if (n < 0 || n > L.MSM_MAX || maxBits < 0 || maxBits > 256) unreachable();
  msmChunk(n, algo, c, maxBits, accumulate);
}

/** The batch-affine kernel's scalars (32 bytes each), most pairs per chunk and largest window. */
export const ED25519_AMSM_SCALARS: u32 = <u32>AMSM_SCALARS;
export const ED25519_AMSM_MAX: i32 = AMSM_MAX;
export const ED25519_AMSM_MAX_WINDOW: i32 = AMSM_MAX_WINDOW;

/**
 * Maps n ≤ ED25519_STAGE_POINTS staged points (60 doubles each) to the
 * batch-affine kernel's inputs start … start + n − 1 (start + n ≤
 * ED25519_AMSM_MAX; a chunk's loads start at 0).
 */
export function ed25519AmsmLoad(start: i32, n: i32): void {
  if (start < 0 || n < 0 || n > L.MSM_STAGE_POINTS || start + n > AMSM_MAX) unreachable();
  edAmsmLoad(start, n);
}

/**
 * Runs one chunk of n ≤ ED25519_AMSM_MAX loaded points and the scalars at
 * ED25519_AMSM_SCALARS by the batch-affine bucket method with window c over
 * maxBits-bit scalars, and sets (accumulate = 0) or adds to (1) the MSM
 * total (ed25519MsmResult reads it).
 */
export function ed25519AmsmChunk(n: i32, c: i32, maxBits: i32, accumulate: i32): void {
  if (n < 0 || n > AMSM_MAX || maxBits < 0 || maxBits > 256) unreachable();
  edAmsmChunk(n, c, maxBits, accumulate);
}

/** Writes the MSM total to ED25519_IO_OUT. */
export function ed25519MsmResult(): void {
  msmResult();
}

/** Sets ED25519_IO_OUT = k·B for the secret k < 2^253 at ED25519_IO_SCALAR_A (constant time; wipes k). */
export function ed25519ScalarBaseMult(): void {
  ct.scalarBaseMult();
}

/** Writes the encoding of k·B for the secret k < 2^253 at ED25519_IO_SCALAR_A to ED25519_IO_BYTES (constant time; wipes k). */
export function ed25519ScalarBaseMultToBytes(): void {
  ct.scalarBaseMultToBytes();
}

/** Sets ED25519_IO_OUT = k·P for the secret 256-bit k at ED25519_IO_SCALAR_A, P at ED25519_IO_IN (constant time; wipes k). */
export function ed25519ScalarMult(): void {
  ct.scalarMult();
}

/** Converts rows (32 or 33) comb rows of staged Niels entries (8 per row, 45 doubles each) into the key table slot. */
export function ed25519LoadCombTable(rows: i32): void {
  if (rows < 1 || rows * 8 > L.KEY_TABLE_MAX) unreachable();
  ct.loadComb(L.MSM_STAGE, rows);
}

/** Sets ED25519_IO_OUT = k·P over the comb of P in the key table slot, digits of rows 0 … rows − 1 (constant time; wipes k). */
export function ed25519ScalarMultTable(rows: i32): void {
  if (rows < 32 || rows > 33) unreachable();
  ct.scalarMultTable(rows);
}

/** Sets ED25519_IO_OUT = k·B for a public k < 2^253 at ED25519_IO_SCALAR_A (variable time). */
export function ed25519ScalarBaseMultNonConst(): void {
  ct.scalarBaseMultNonConst();
}

/** Writes the RFC 8032 encoding of the point at ED25519_IO_IN to ED25519_IO_BYTES (one inversion). */
export function ed25519Encode(): void {
  encodeOne();
}

/**
 * Encodes n ≤ ED25519_STAGE_POINTS staged points to ED25519_ENCODED (one
 * inversion); returns 0 without writing when some Z is 0.
 */
export function ed25519EncodeBatch(n: i32): i32 {
  if (n < 1 || n > L.MSM_STAGE_POINTS) unreachable();
  return encodeBatch(n);
}

/**
 * Sets ED25519_IO_OUT = a·A + b·C (variable time): A is the point at
 * ED25519_IO_IN (modeA 0), the loaded slot-0 cached table of width wA
 * (modeA 1) or the key table of width wA in tA pieces (modeA 2); C likewise
 * with ED25519_IO_IN2, the slot-1 cached table, the second key table, or
 * (modeC 3) the tC pieces of a split point at ED25519_STAGE (see
 * ed25519Split; width 5, wC ignored).
 */
export function ed25519DoubleScalarMult(modeA: i32, wA: i32, tA: i32, modeC: i32, wC: i32, tC: i32): void {
  if (modeA < 0 || modeA > 2 || modeC < 0 || modeC > 3) unreachable();
  if (wA < 2 || wA > 8 || wC < 2 || wC > 8 || tA < 1 || tA > 8 || tC < 1 || tC > 8) unreachable();
  if ((modeA == 2 && (tA << (wA - 2)) > L.KEY_TABLE_MAX) || (modeC == 2 && (tC << (wC - 2)) > L.KEY_TABLE_MAX)) unreachable();
  doubleScalarMult(modeA, wA, tA, modeC, wC, tC);
}

/**
 * Writes the t (1 … 8) pieces 2^(b·j)·P (b = ⌈257/t⌉) of the point P at
 * ED25519_IO_IN to ED25519_STAGE (60 doubles each; variable time), the
 * operand form of ed25519DoubleScalarMult's modeC 3.
 */
export function ed25519Split(t: i32): void {
  if (t < 1 || t > 8) unreachable();
  splitPoint(t);
}

/**
 * Builds the width-w (2 … 8) table in t (1 … 8) pieces of the point at
 * ED25519_IO_IN into the key table slot, and writes its entries as
 * TypeScript limbs (45 doubles each) to ED25519_ENCODED.
 */
export function ed25519BuildPieced(w: i32, t: i32): void {
  if (w < 2 || w > 8 || t < 1 || t > 8 || (t << (w - 2)) > L.KEY_TABLE_MAX) unreachable();
  buildPieced(w, t);
}

/** Returns 1 if ℓ·P = O for the point P at ED25519_IO_IN, else 0 (variable time; overwrites ED25519_IO_SCALAR_A). */
export function ed25519IsTorsionFree(): i32 {
  return isTorsionFree();
}

/**
 * Replaces the scalar k < ℓ at ED25519_IO_SCALAR_A by c0 (c0 < 2^126) and
 * writes |c1| (below 2^127) to ED25519_IO_BYTES, where c0 ≡ c1·k (mod ℓ)
 * and c1 ≠ 0; returns 1 when c1 < 0, else 0 (halfsize.ts; variable time).
 */
export function ed25519HalfScalars(): i32 {
  return halfScalars(L.IO_SCALAR_A, L.IO_SCALAR_A, L.IO_BYTES);
}

/**
 * Returns 1 iff [8]([s']B + [c0]A' − [c1]R) = O, else 0: A' at
 * ED25519_IO_IN, R at ED25519_IO_IN2, c0 at ED25519_IO_SCALAR_A, |c1| at
 * ED25519_IO_BYTES (c1 < 0 iff c1Neg = 1; both as ed25519HalfScalars left
 * them), s' = c1·S mod ℓ at ED25519_IO_SCALAR_B (variable time).
 */
export function ed25519CofactoredHalf(c1Neg: i32): i32 {
  if (c1Neg < 0 || c1Neg > 1) unreachable();
  return cofactoredHalf(c1Neg);
}
