/**
 * The generic Edwards part of the engine's memory: fixed offsets inside
 * EDWARDS_REGION (0x290000 – 0x38FFFF, see ../index.ts). Every kernel reads
 * and writes only these; the TypeScript bridge (src/edwards/wasm.ts) reads
 * the offsets from the exported globals of index.ts.
 *
 *   +0x000000  CURVE       the curve in use (curve.ts): p, 1, a, d, 2d, e0, e1, the radix conversions in /
 *                          out (Montgomery form), flags, the generator, p − 2
 *   +0x000200  IO_SCALAR   32-byte little-endian scalar; IO_SCALAR2 at +0x220
 *   +0x000300  IO_IN       a point as 4 × 11 doubles (X, Y, Z, T; TS limbs)
 *   +0x000500  IO_OUT      a point as 4 × 11 doubles
 *   +0x000700  FE_TMP      24 field elements of formula scratch (S0 … S23)
 *   +0x000B00  PT_TMP      16 points
 *   +0x001500  DIGITS_A    300 signed digits (i8); DIGITS_B at +0x001680
 *   +0x001800  TABLE       32 points (odd multiples, the CT window table)
 *   +0x003000  BASE        3 slots of 65 × 8 affine points d·16^j·G
 *                          (41,600 bytes a slot)
 *   +0x022000  MSM_STAGE   MSM_STAGE_POINTS staged points of 4 × 11 doubles
 *   +0x02D000  MSM_SCALARS MSM_MAX 32-byte scalars
 *   +0x035000  MSM_AFFINE  MSM_MAX bytes: 1 where the staged point was affine
 *   +0x036000  MSM_POINTS  MSM_MAX extended points
 *   +0x05E000  MSM_DIGITS  Pippenger i16 digits (window-major) or Straus wNAF
 *                          digits (i8, 264 per point)
 *   +0x09F000  MSM_USED    Pippenger's bucket-used flags (≤ 2048 bytes)
 *   +0x0A0000  MSM_WORK    Pippenger buckets (≤ 2^(MSM_MAX_WINDOW − 1)),
 *                          Straus tables (8 odd multiples a point), or the
 *                          base table's build (extended points, products)
 *   +0x0F0000  MSM_ACC     the running total of the chunks
 *
 * A field element is 9 × 29-bit limbs in a 40-byte slot (Montgomery form
 * with R = 2^261, fully reduced: @strata/field/wasm/prime-field.generated);
 * a point X, Y, Z, T (160 bytes); an affine point x, y (80 bytes).
 */
export const EW: usize = 0x290000;
export const CURVE: usize = EW;
export const IO_SCALAR: usize = EW + 0x200;
export const IO_SCALAR2: usize = EW + 0x220;
export const IO_IN: usize = EW + 0x300;
export const IO_OUT: usize = EW + 0x500;
export const FE_TMP: usize = EW + 0x700;
export const PT_TMP: usize = EW + 0xb00;
export const DIGITS_A: usize = EW + 0x1500;
export const DIGITS_B: usize = EW + 0x1680;
export const TABLE: usize = EW + 0x1800;
export const BASE: usize = EW + 0x3000;
export const BASE_SLOT: usize = 65 * 8 * 80;
export const BASE_SLOTS: i32 = 3;
export const MSM_STAGE: usize = EW + 0x22000;
export const MSM_STAGE_POINTS: i32 = 128;
export const MSM_SCALARS: usize = EW + 0x2d000;
export const MSM_AFFINE: usize = EW + 0x35000;
export const MSM_POINTS: usize = EW + 0x36000;
export const MSM_DIGITS: usize = EW + 0x5e000;
export const MSM_USED: usize = EW + 0x9f000;
export const MSM_WORK: usize = EW + 0xa0000;
export const MSM_ACC: usize = EW + 0xf0000;
/** Points per MSM chunk (bounded by MSM_POINTS … MSM_DIGITS, and the digits: 129 windows of i16). */
export const MSM_MAX: i32 = 1024;
/** Largest Pippenger window: 2^(c−1) buckets of 160 bytes fill MSM_WORK. */
export const MSM_MAX_WINDOW: i32 = 12;
/** Straus sub-chunk: 8 odd multiples of 160 bytes a point fill MSM_WORK. */
export const STRAUS_MAX: i32 = 256;

export const FE: usize = 40;
export const PT: usize = 160;
export const AFF: usize = 80;
/** One TypeScript coordinate: 11 doubles. */
export const TS_FE: usize = 88;
/** One TypeScript point: 4 coordinates. */
export const TS_PT: usize = 352;
