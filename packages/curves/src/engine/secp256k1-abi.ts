/**
 * The secp256k1 kernels' exports (wasm/secp256k1/index.ts). Their memory
 * map is wasm/secp256k1/layout.ts (mirrored in src/secp256k1/wasm.ts
 * LAYOUT); every kernel reads its inputs from and writes its result to
 * fixed addresses of SECP256K1_REGION.
 */
/**
 * Status codes of the secp256k1ParsePubKey kernel (wasm/secp256k1/pubkey.ts). Here (not in
 * the bridge) because src/secp256k1/pubkey.ts reads them without importing the bridge.
 */
export const SECP256K1_PARSE = { OK: 0, X_TOO_BIG: 1, Y_TOO_BIG: 2, PARITY: 3, NOT_ON_CURVE: 4 } as const;

/**
 * The byte addresses of SECP256K1_REGION the bridge writes and reads (the
 * kernels' wasm/secp256k1/layout.ts; change both together and bump
 * SECP256K1_ABI). Point: X, Y, Z as ten u32 limbs each (120 bytes); table
 * entry: x, y, β·x (120 bytes, PublicPointTable.limbs' layout).
 */
export const SECP256K1_LAYOUT = {
  /** The result point. */
  OUT: 0x10000,
  /** The input point P. */
  IN_P: 0x10080,
  /** 32 scalar bytes (big-endian); the constant-time split's |k1|. */
  IN_K: 0x10180,
  /** The constant-time split's |k2|. */
  IN_K2: 0x101a0,
  /** An encoded public key (≤ 65 bytes). */
  IN_BYTES: 0x101c0,
  /** Stream descriptors (≤ 32 × 32 bytes: digits address, length, table address, x offset, negate, scaled). */
  DESC: 0x10400,
  /** Four wNAF digit buffers (i8), DIGIT_STRIDE bytes apart. */
  DIGITS: 0x10800,
  DIGIT_STRIDE: 272,
  /** The one-shot width-5 table of P (8 entries). */
  ONESHOT: 0x11800,
  /** G's width-8 odd multiples (64 entries, built on first use). */
  GODD: 0x12400,
  /** Table slots A and B (61 440 bytes each, contiguous; slot B is also the kernels' work area; together the MSM area). */
  TABLE_A: 0x14400,
  TABLE_B: 0x23400,
  TABLE_BYTES: 0xf000,
  /** G's pieced table (SECP256K1_TABLE_G_REGION, 61 440 bytes; written by the bridge only, so it stays between calls). */
  TABLE_G: 0x840000,
  TABLE_G_BYTES: 0xf000,
  /** The Pippenger kernel's area (SECP256K1_MSM_REGION, 512 KiB; layout in wasm/secp256k1/msm.ts). */
  PIPPENGER: 0x200000,
  PIPPENGER_BYTES: 0x80000,
} as const;

export interface Secp256k1Exports {
  readonly SECP256K1_ABI: { readonly value: number };
  /** Builds the one-shot width-5 effective-affine table of the point at IN_P into ONESHOT (and its curve's u). */
  secp256k1BuildOneShot(): void;
  /** Runs n (≤ 32) digit streams described at DESC into OUT; oneShot ≠ 0: the loop runs on the one-shot table's curve. */
  secp256k1RunStreams(n: number, oneShot: number): void;
  /**
   * Splits the public scalar at IN_K (32 big-endian bytes, below n) and writes the width-w NAFs of
   * its GLV halves |k1|, |k2| into digit buffers h, h + 1 (h ≤ 2); returns len1 | len2 << 9 |
   * neg1 << 18 | neg2 << 19 (the digits of splitKNonConst + wnafNonConst).
   */
  secp256k1SplitWnaf(w: number, h: number): number;
  /** Builds G's width-8 odd-multiples table at GODD (first call only). */
  secp256k1PrepareG(): void;
  /** Writes the m (1…128) affine odd multiples of the point at IN_P, entries x, y, β·x, into table slot 0 (TABLE_A) or 1 (TABLE_B). */
  secp256k1BuildTable(m: number, slot: number): void;
  /** Sets OUT = k·G for the 32 big-endian bytes at IN_K (variable time; builds the comb table on first use). */
  secp256k1BaseMultNonConst(): void;
  /** Decodes the key of len (33 or 65) bytes at IN_BYTES (length and prefix checked by the caller) into OUT = (x, y, 1); returns 0, or 1 x ≥ p, 2 y ≥ p, 3 hybrid parity mismatch, 4 not on the curve. */
  secp256k1ParsePubKey(len: number): number;
  /** Writes to OUT + 40 the root of x³ + 7 with parity odd (0/1) for the x (magnitude ≤ 8) at IN_P; returns 0 when there is none. */
  secp256k1DecompressY(odd: number): number;
  /** Sets OUT = k·P, constant time in k, for the finite point at IN_P and the scalar bytes at IN_K (split into its GLV halves in the module, branch-free); builds P's one-shot table at ONESHOT (slot B untouched); wipes the inputs. */
  secp256k1ScalarMult(): void;
  /** Sets OUT = (X/Z², Y/Z³, 1), normalized, for the finite point at IN_P (magnitude ≤ 8); one constant-time inversion. */
  secp256k1ToAffine(): void;
  /** Sets OUT = k·G, constant time in k, for the scalar bytes at IN_K (G's window table built on first use in the work area); wipes the input. */
  secp256k1ScalarBaseMult(): void;
  /** Sets OUT = k·P, constant time in k, for the scalar bytes at IN_K and a SecretPointTable's 832 × 20 limbs at TABLE_A (spilling into TABLE_B); wipes the input. */
  secp256k1ScalarMultTable(): void;
  /** Sets OUT = Σ k_t·P_t by Straus for m ≤ 63 points and streams written by the bridge (MSM area = slots A and B; layout in wasm/secp256k1/msm.ts). */
  secp256k1MsmStraus(m: number): void;
  /** Sets OUT = Σ k_t·P_t by Pippenger with window c and nWin windows (layout in wasm/secp256k1/msm.ts, in the Pippenger area); returns 0 and does nothing when the layout does not fit that area. */
  secp256k1MsmPippenger(m: number, c: number, nWin: number): number;
  /** secp256k1MsmPippenger with each pair's scalar as 32 big-endian bytes at the start of its digit slot (PIPPENGER + 160·m + 4·nWin·t), split and recoded in place by the kernel; returns 0 and does nothing when the layout does not fit. */
  secp256k1MsmPippengerScalars(m: number, c: number, nWin: number): number;
  /** Builds in place the PublicPointTable entries (m odd multiples × t pieces of b digits) of `count` points written in the MSM area at 120·m·t-byte strides (layout: wasm/secp256k1/msm.ts buildPieces); returns 0 when they do not fit. */
  secp256k1BuildPieces(count: number, m: number, t: number, b: number): number;
  /** Makes the finite point at IN_P affine in place and writes its SecretPointTable limbs (832 × 20 u32) at TABLE_A, spilling into TABLE_B. */
  secp256k1BuildSecretTable(): void;
}
