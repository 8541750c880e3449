/**
 * The ed25519 part of the engine's memory: fixed offsets inside
 * ED25519_REGION (0x080000 – 0x1FFFFF, see ../index.ts). Every kernel reads
 * and writes only these; the TypeScript bridge (src/ed25519/wasm.ts) reads
 * the offsets from the exported globals of index.ts.
 *
 *   +0x000000  IO_BYTES     32-byte encoding in (decoding) / out
 *   +0x000020  IO_SCALAR_A  32-byte little-endian scalar a
 *   +0x000040  IO_SCALAR_B  32-byte little-endian scalar b
 *   +0x000060  STATE        flags of the lazily built base tables (i32 each);
 *                           KEY2_VALID at +0x0000A0 (see below)
 *   +0x000100  IO_OUT       a point as 4 × 15 doubles (X, Y, Z, T; TS limbs)
 *   +0x000300  IO_IN        a point as 4 × 15 doubles (input)
 *   +0x000500  FE_TMP       16 field elements of formula scratch
 *   +0x000780  FE_CHAIN     6 elements: exponentiation scratch
 *   +0x000880  FE_SQRT      8 elements: square-root scratch
 *   +0x000A00  PT_TMP       8 points of 160 bytes
 *   +0x001000  NAF_A        272 wNAF digits (i8); NAF_B at +0x001200
 *   +0x001400  CT_DIGITS    65 signed radix-16 digits (i8) of a secret scalar
 *   +0x001500  CT_TABLE     9 cached points 0·P … 8·P (1440 bytes)
 *   +0x001B00  IO_IN2       a second input point (4 × 15 doubles)
 *   +0x001D00  NAF_C        272 wNAF digits of a third operand (cofactoredHalf)
 *   +0x002000  A_TABLE      ≤ 64 cached odd multiples (one-shot / WnafTable)
 *   +0x005000  KEY_TABLE    ≤ 512 affine Niels entries (a PublicPointTable)
 *   +0x014000  B_ODD        64 Niels odd multiples of B (width 8)
 *   +0x016000  B_COMB       32 × 8 Niels comb of B: (j + 1)·256^i·B
 *   +0x01E000  B_PIECED     width-8 tables of B in t = 1 … 8 pieces
 *   +0x062000  MSM          multi-scalar multiplication (to the region end)
 *
 * MSM area (+0x062000, 1,171,456 bytes):
 *   +0x000000  MSM_ACC      running total of the chunks (one point)
 *   +0x000100  MSM_STAGE    staging doubles: 128 points (also table input)
 *   +0x010000  MSM_POINTS   MSM_MAX cached points (160 bytes each); outside
 *                           an MSM, the output of ed25519EncodeBatch and
 *                           ed25519BuildPieced (≤ 512 × 360 bytes)
 *   +0x09C000  MSM_SCALARS  MSM_MAX 32-byte scalars
 *   +0x0B8000  MSM_CARRY    MSM_MAX carry bytes of the signed recoding
 *   +0x0B8E00  MSM_AFFINE   MSM_MAX bytes: 1 where the point has Z = 1
 *   +0x0BA000  MSM_WORK     buckets (≤ 2048 points), window sums (≤ 129),
 *                           or Straus tables; table-building and batch
 *                           encoding scratch; during ed25519DoubleScalarMult
 *                           (which uses none of that) operand C's tables:
 *     MSM_WORK + 0x00000   C_TABLE     ≤ 64 cached odd multiples of C
 *     MSM_WORK + 0x02800   KEY_TABLE2  ≤ 512 Niels entries (C a PublicPointTable)
 *
 * KEY_TABLE2 lives in scratch that other kernels overwrite, so it carries a
 * flag, KEY2_VALID (i32): the bridge sets it to 1 after it put a table
 * there, and every kernel that writes MSM_WORK from KEY_TABLE2 on clears it
 * first (workUsed()); a batch encoding of a few points (a ring member's L, R)
 * writes only below it and leaves the flag.
 * The bridge skips the copy of a cached table only when the flag is 1 and
 * the same table was the last one put there.
 * A point is X, Y, Z, T of 40 bytes each; a cached point Y+X, Y−X, 2Z, 2d·T;
 * a Niels entry y+x, y−x, 2d·x·y (120 bytes).
 */
export const ED: usize = 0x080000;
export const IO_BYTES: usize = ED + 0x000;
export const IO_SCALAR_A: usize = ED + 0x020;
export const IO_SCALAR_B: usize = ED + 0x040;
export const STATE: usize = ED + 0x060;
export const IO_OUT: usize = ED + 0x100;
export const IO_IN: usize = ED + 0x300;
export const FE_TMP: usize = ED + 0x500;
export const FE_CHAIN: usize = ED + 0x780;
export const FE_SQRT: usize = ED + 0x880;
export const PT_TMP: usize = ED + 0xa00;
export const NAF_A: usize = ED + 0x1000;
export const NAF_B: usize = ED + 0x1200;
export const NAF_LEN: i32 = 272;
export const CT_DIGITS: usize = ED + 0x1400;
export const CT_TABLE: usize = ED + 0x1500;
export const IO_IN2: usize = ED + 0x1b00;
export const NAF_C: usize = ED + 0x1d00;
export const A_TABLE: usize = ED + 0x2000;
export const A_TABLE_MAX: i32 = 64;
export const KEY_TABLE: usize = ED + 0x5000;
export const KEY_TABLE_MAX: i32 = 512;
export const B_ODD: usize = ED + 0x14000;
export const B_COMB: usize = ED + 0x16000;
export const B_PIECED: usize = ED + 0x1e000;
export const MSM: usize = ED + 0x62000;
export const MSM_ACC: usize = MSM;
export const MSM_STAGE: usize = MSM + 0x100;
export const MSM_STAGE_POINTS: i32 = 128;
export const MSM_POINTS: usize = MSM + 0x10000;
export const MSM_SCALARS: usize = MSM + 0x9c000;
export const MSM_CARRY: usize = MSM + 0xb8000;
export const MSM_AFFINE: usize = MSM + 0xb8e00;
export const MSM_WORK: usize = MSM + 0xba000;
/** Points per MSM chunk (bounded by MSM_POINTS … MSM_CARRY). */
export const MSM_MAX: i32 = 3584;
/** Largest Pippenger window (2^(c−1) buckets must fit MSM_WORK). */
export const MSM_MAX_WINDOW: i32 = 12;
/** Operand C's tables of ed25519DoubleScalarMult (inside MSM_WORK, see above). */
export const C_TABLE: usize = MSM_WORK;
export const KEY_TABLE2: usize = MSM_WORK + 0x2800;
/** 1 while KEY_TABLE2 holds what the bridge put there (i32). */
export const KEY2_VALID: usize = STATE + 0x40;

/** Marks KEY_TABLE2 as overwritten: every kernel that writes MSM_WORK calls this first. */
// @ts-ignore: decorator
@inline
export function workUsed(): void {
  store<i32>(KEY2_VALID, 0);
}

/** Straus sub-chunk: tables of this many points fit MSM_WORK. */
export const STRAUS_MAX: i32 = 64;

export const FE: usize = 40;
export const PT: usize = 160;
export const NIELS: usize = 120;

/** Offset of B's width-8 table in t pieces (64·t entries), t ∈ [1, 8]. */
// @ts-ignore: decorator
@inline
export function bPiecedAt(t: i32): usize {
  return B_PIECED + <usize>(64 * NIELS) * <usize>((t * (t - 1)) >> 1);
}
