/**
 * The memory of the batch-affine Pippenger kernels (wasm/edwards/msm-affine.ts
 * describes the algorithm): BATCH_AFFINE_MSM_REGION, 0x390000 – 0x83FFFF (see
 * ../index.ts), shared by the generic Edwards curves' kernel
 * (edwards/msm-affine.generated.ts) and edwards25519's
 * (ed25519/msm-affine.generated.ts). Both fields keep an element in 40 bytes,
 * so the one map serves both; one MSM runs at a time and each bridge writes
 * its curve's constants at AMSM_CONSTS before its first chunk (the ed25519
 * kernel at every chunk's first load).
 *
 *   +0x000000  AMSM_CONSTS  A', C, 1/B, B (40 bytes each), B = 1 flag (i32)
 *   +0x000100  (3 points of scratch: the window sum, the running sum, the chunk total; 6 elements)
 *   +0x000400  START        i32 × 2^(AMSM_MAX_WINDOW − 1): each bucket list's first position
 *   +0x002400  LEN          i32 × 2^(AMSM_MAX_WINDOW − 1): each list's length
 *   +0x004400  KIND         u8 × AMSM_MAX: 0 a point, 1 the identity, 2 (0, −1)
 *   +0x008400  PAIRKIND     u8 × AMSM_MAX/2: 0 chord, 1 tangent, 2 the sum is the identity
 *   +0x00A400  BUCKETS      2^(AMSM_MAX_WINDOW − 1) Edwards affine points (x, y)
 *   +0x032400  DEN          AMSM_MAX/2 elements: a batch's denominators
 *   +0x082400  PRE          AMSM_MAX/2 elements: their prefix products, then inverses
 *   +0x0D2400  AMSM_SCALARS AMSM_MAX 32-byte little-endian scalars
 *   +0x152400  DIGITS       AMSM_DIGITS i16 signed digits, window-major
 *   +0x222400  IN           AMSM_MAX Montgomery points (u, v) of the inputs
 *   +0x362400  POS          AMSM_MAX Montgomery points: the bucket lists
 *   +0x4A2400  end (the region is 0x4B0000 bytes)
 */
export const AMSM: usize = 0x390000;
export const AMSM_SIZE: usize = 0x4b0000;
export const AMSM_CONSTS: usize = AMSM;
export const MA: usize = AMSM;
export const MC: usize = AMSM + 40;
export const MINVB: usize = AMSM + 80;
export const MB: usize = AMSM + 120;
export const B_IS_ONE: usize = AMSM + 160;
/** A point of 160 bytes (both engines' extended points); an element of 40; an affine or Montgomery pair of 80. */
export const PT: usize = 160;
export const FE: usize = 40;
export const AFF: usize = 80;
export const WSUM: usize = AMSM + 0x100;
export const RUN: usize = WSUM + PT;
/** The chunk total's scratch point (amsmRun's r for the bridges' chunks). */
export const AMSM_TOTAL: usize = RUN + PT;
// Scratch elements (the point formulas' scratch is each curve's own).
export const T0: usize = AMSM_TOTAL + PT;
export const T1: usize = T0 + FE;
export const T2: usize = T1 + FE;
export const T3: usize = T2 + FE;
export const T4: usize = T3 + FE;
export const T5: usize = T4 + FE;
export const START: usize = AMSM + 0x400;
export const LEN: usize = AMSM + 0x2400;
export const KIND: usize = AMSM + 0x4400;
export const PAIRKIND: usize = AMSM + 0x8400;
export const BUCKETS: usize = AMSM + 0xa400;
export const DEN: usize = AMSM + 0x32400;
export const PRE: usize = AMSM + 0x82400;
export const AMSM_SCALARS: usize = AMSM + 0xd2400;
export const DIGITS: usize = AMSM + 0x152400;
export const IN: usize = AMSM + 0x222400;
export const POS: usize = AMSM + 0x362400;

/** Points per chunk. */
export const AMSM_MAX: i32 = 16384;
/** Largest window: 2^(c−1) buckets fill START, LEN and BUCKETS. */
export const AMSM_MAX_WINDOW: i32 = 12;
/** Digits DIGITS holds: windows · n ≤ AMSM_DIGITS (26 windows of AMSM_MAX, c ≥ 10 at AMSM_MAX points). */
export const AMSM_DIGITS: i32 = 26 * 16384;
