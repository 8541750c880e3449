/**
 * secp256k1 kernels of the WebAssembly engine. Their memory lives in
 * SECP256K1_REGION (0x010000 – 0x07FFFF) and, for Pippenger's MSM,
 * SECP256K1_MSM_REGION (0x200000 – 0x27FFFF); map in layout.ts, see ../index.ts.
 * Every export is prefixed `secp256k1`; the bridge is src/secp256k1/wasm.ts
 * and the typed exports src/engine/secp256k1-abi.ts.
 */
import * as E from './ecmult';
import * as K from './pubkey';
import * as C from './consttime';
import * as M from './msm';
import { toAffine } from './affine';
import { splitWnaf } from './wnaf';
import { IN_P, MAX_STREAMS, TABLE_A, TABLE_B } from './layout';

export const SECP256K1_ABI: i32 = 4;

/** Builds the one-shot width-5 table of the point at IN_P (see ecmult.ts buildOneShot). */
export function secp256k1BuildOneShot(): void {
  E.buildOneShot();
}

/** Runs n digit streams (descriptors at DESC) into OUT; oneShot ≠ 0: on the one-shot table's curve (see ecmult.ts runStreams). */
export function secp256k1RunStreams(n: i32, oneShot: i32): void {
  E.runStreams(n < 0 ? 0 : n > MAX_STREAMS ? MAX_STREAMS : n, oneShot);
}

/**
 * Splits the public scalar at IN_K (32 big-endian bytes, below n) and
 * writes the width-w NAFs of its GLV halves |k1|, |k2| into digit buffers
 * h and h + 1; returns len1 | len2 << 9 | neg1 << 18 | neg2 << 19 (see
 * wnaf.ts). w is clamped to 2 … 8, h to 0 … 2.
 */
export function secp256k1SplitWnaf(w: i32, h: i32): u32 {
  return splitWnaf(w < 2 ? 2 : w > 8 ? 8 : w, h < 0 ? 0 : h > 2 ? 2 : h);
}

/** Builds G's width-8 odd-multiples table at GODD on first use. */
export function secp256k1PrepareG(): void {
  E.prepareG();
}

/**
 * Writes the m affine odd multiples of the finite point at IN_P as table
 * entries (x, y, β·x) into table slot `slot` (0: TABLE_A, else TABLE_B);
 * m is clamped to 1 … 128 (15 KB, inside a slot).
 */
export function secp256k1BuildTable(m: i32, slot: i32): void {
  E.buildAffineOdd(IN_P, m < 1 ? 1 : m > 128 ? 128 : m, slot == 0 ? TABLE_A : TABLE_B);
}

/** Sets OUT = k·G for the scalar bytes at IN_K (variable time). */
export function secp256k1BaseMultNonConst(): void {
  E.baseMult();
}

/**
 * Decodes the public key of `len` (33 or 65) bytes at IN_BYTES, length and
 * prefix already checked, into OUT = (x, y, 1); returns 0, or 1 x ≥ p,
 * 2 y ≥ p, 3 hybrid parity mismatch, 4 not on the curve (see pubkey.ts).
 */
export function secp256k1ParsePubKey(len: i32): i32 {
  return K.parsePubKey(len == 65 ? 65 : 33);
}

/** Sets the y at OUT + 40 to the root of x³ + 7 with parity `odd` for the x at IN_P (magnitude ≤ 8); returns 0 when x³ + 7 is not a square. */
export function secp256k1DecompressY(odd: i32): i32 {
  return <i32>K.decompressAt(odd != 0 ? 1 : 0);
}

/** Sets OUT = (X/Z², Y/Z³, 1), normalized, for the finite point at IN_P (coordinates of magnitude ≤ 8): one constant-time divsteps inversion (the field's invert; affine.ts). */
export function secp256k1ToAffine(): void {
  toAffine();
}

/**
 * Sets OUT = k·P (constant time in k) for the point at IN_P (finite) and the
 * secret scalar at IN_K (32 big-endian bytes, k < n), split into its GLV
 * halves in the module (branch-free). Builds the one-shot table of P (not
 * the work area: slot B keeps its table). Wipes the inputs.
 */
export function secp256k1ScalarMult(): void {
  C.scalarMultSplit();
}

/** Sets OUT = k·G (constant time in k) for the secret scalar at IN_K; builds G's window table on first use (work area: slot B). Wipes the input. */
export function secp256k1ScalarBaseMult(): void {
  C.baseMult();
}

/** Sets OUT = k·P (constant time in k) for the secret scalar at IN_K and P's SecretPointTable limbs at TABLE_A (66 560 bytes). Wipes the input. */
export function secp256k1ScalarMultTable(): void {
  C.tableMult();
}

/** Sets OUT = Σ k_t·P_t by Straus for m ≤ 63 points and the streams written by the bridge (layout: msm.ts). */
export function secp256k1MsmStraus(m: i32): void {
  M.straus(m);
}

/** Sets OUT = Σ k_t·P_t by Pippenger (window c, nWin windows; layout: msm.ts, in the Pippenger area); returns 0 when the inputs do not fit that area. */
export function secp256k1MsmPippenger(m: i32, c: i32, nWin: i32): i32 {
  return M.pippenger(m, c, nWin);
}

/** Pippenger as secp256k1MsmPippenger, with each pair's scalar given as 32 big-endian bytes at the start of its digit slot (split and recoded in place; layout: msm.ts pippengerScalars); returns 0 when the inputs do not fit. */
export function secp256k1MsmPippengerScalars(m: i32, c: i32, nWin: i32): i32 {
  return M.pippengerScalars(m, c, nWin);
}

/** Builds in place the PublicPointTable entries (m odd multiples × t pieces of b digits) of `count` points written in the MSM area (layout: msm.ts buildPieces); returns 0 when they do not fit. */
export function secp256k1BuildPieces(count: i32, m: i32, t: i32, b: i32): i32 {
  return M.buildPieces(count, m, t, b);
}

/** Makes the finite point at IN_P affine in place and writes its SecretPointTable limbs (832 × 20 u32) at TABLE_A (spilling into TABLE_B). Variable time in P (public). */
export function secp256k1BuildSecretTable(): void {
  C.buildSecretTable();
}
