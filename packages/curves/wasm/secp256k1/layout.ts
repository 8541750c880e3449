/**
 * The memory map of SECP256K1_REGION (0x010000 – 0x07FFFF, 448 KiB). Every
 * kernel writes only these fixed areas; the TypeScript bridge mirrors the
 * addresses it uses in src/engine/secp256k1-abi.ts (SECP256K1_LAYOUT; bump
 * SECP256K1_ABI with any change). Sizes are maxima of the inputs the bridge
 * accepts, and the kernels clamp or refuse counts beyond them, so no input
 * makes a kernel write past its area.
 *
 *   0x10000  I/O: OUT, IN_P, IN_K, IN_K2, IN_BYTES; FLAGS; DESC; DIGITS;
 *            constant-time scratch points; LAZY_ACC
 *   0x11000  field scratch slots (51 × 40 bytes)
 *   0x11800  the one-shot table of P and its build scratch
 *   0x12400  GODD: G's width-8 odd multiples (7 680 bytes)
 *   0x14400  TABLE_A, 0x23400 TABLE_B (61 440 bytes each; together the MSM
 *            area; TABLE_B is also WORK, the builders' area)
 *   0x32400  COMB (262 208 bytes), 0x72800 CTG (53 248 bytes)
 *
 * and of SECP256K1_MSM_REGION (0x200000 – 0x27FFFF, 512 KiB): the
 * Pippenger kernel's points, digits and buckets (PIPPENGER; layout in
 * msm.ts); and of SECP256K1_TABLE_G_REGION (0x840000 – 0x84FFFF): TABLE_G.
 *
 * Why the big tables are packed (x, y as eight 32-bit words): the comb of
 * G (k·G with 8-bit windows) and the constant-time window table of G both
 * fit the region only at 64 bytes per point instead of 80; unpacking an
 * entry is a few shifts, next to the addition that uses it.
 *
 * A field element is ten u32 limbs (40 bytes, FieldVal's layout); a point
 * is X, Y, Z (120 bytes); a table entry is x, y, β·x (120 bytes, the layout
 * of PublicPointTable.limbs), affine.
 */

/** I/O: the result point (120 bytes). */
export const OUT: usize = 0x10000;
/** I/O: the input point P (120 bytes). */
export const IN_P: usize = 0x10080;
/** I/O: 32 scalar bytes, big-endian. */
export const IN_K: usize = 0x10180;
/** I/O: an encoded public key (up to 65 bytes). */
export const IN_BYTES: usize = 0x101c0;
/** Build flags (u32 each): G odd table, comb table. */
export const FLAGS: usize = 0x10300;
/** Stream descriptors: MAX_STREAMS × 32 bytes (see ecmult.ts). */
export const DESC: usize = 0x10400;
export const MAX_STREAMS: i32 = 32;
/** wNAF digit buffers (i8): DIGIT_BUFS × DIGIT_STRIDE bytes. */
export const DIGITS: usize = 0x10800;
export const DIGIT_STRIDE: usize = 272;
export const DIGIT_BUFS: i32 = 4;
/** Field scratch slots: 40 bytes each, 0x11000 – 0x117FF (slots 43 – 48: split.ts's integers). */
export const SCR: usize = 0x11000;
/** The one-shot effective-affine table of P (8 entries × 120). */
export const ONESHOT: usize = 0x11800;
/** Its Jacobian multiples while it is built (8 × 120). */
export const ONESHOT_PTS: usize = 0x11c00;
/** Its prefix products (9 × 40). */
export const ONESHOT_PRE: usize = 0x12000;
/** Affine odd multiples of G for width 8: 64 entries × 120 (built on first use). */
export const GODD: usize = 0x12400;
/** Table slots for PublicPointTable copies (≤ 64·8 entries × 120 = 61 440 bytes each). */
export const TABLE_A: usize = 0x14400;
export const TABLE_B: usize = 0x23400;
export const TABLE_BYTES: usize = 0xf000;
/**
 * G's pieced table (≤ 61 440 bytes, a slot's size) for a·P + b·G with a
 * pieced table of P, in SECP256K1_TABLE_G_REGION: only the bridge writes it
 * (no kernel does), so it stays there while slots A and B change: over a
 * ring, P_i's and H_p(P_i)'s tables take slot A and the key image's keeps
 * slot B, and G's is copied once instead of twice per member.
 */
export const TABLE_G: usize = 0x840000;
/**
 * The comb table of G: point j·COMB_PER + (m − 1) = m·2^(8j)·G for the 32
 * full windows, then the one point 2^256·G (the top window's digit is a
 * carry, 0 or 1): affine, x and y packed in 32 bytes each, 262 208 bytes
 * (built on first use), 0x32400 – 0x7243F.
 */
export const COMB: usize = 0x32400;
export const COMB_BITS: i32 = 8;
export const COMB_WINDOWS: i32 = 33;
export const COMB_PER: i32 = 128;
/**
 * The constant-time window table of G: entry 16·j + |d| − 1 = |d|·2^(5j)·G
 * (j < 52, |d| = 1 … 16), affine, packed like COMB (53 248 bytes, built on
 * first use), 0x72800 – 0x7F7FF.
 */
export const CTG: usize = 0x72800;
/**
 * Work area of the table builders (Jacobian points and prefix products): it
 * overlaps TABLE_B, so the bridge forgets slot B's table after any call that
 * may use it (one-shot constant-time k·P does not: its table is ONESHOT).
 */
export const WORK: usize = TABLE_B;
/** Points the work area holds while a table is built (129 × 120 + 129 × 40 bytes). */
export const WORK_POINTS: i32 = 129;
export const WORK_PRE: usize = WORK + 129 * 120;
/** Constant-time scratch points (accumulator, selection, sum; 120 bytes each; one-shot k·P: the lazy accumulator, x, y, −y of the selected entry, the masked correction), packed selection words (64 bytes), digits (52 bytes). */
export const CT_ACC: usize = 0x10c40;
export const CT_SEL: usize = 0x10cb8;
export const CT_SUM: usize = 0x10d30;
export const CT_WORDS: usize = 0x10dc0;
export const CT_DIGITS: usize = 0x10e40;
/** The lazy accumulator of the scalar-multiplication loops (X, Y, Z and a u32 ∞ flag: 124 bytes). */
export const LAZY_ACC: usize = 0x10e80;
/** The second half-scalar of the constant-time GLV split (32 bytes, after IN_K). */
export const IN_K2: usize = 0x101a0;
/**
 * The Pippenger area: SECP256K1_MSM_REGION (wasm/index.ts), 512 KiB, used by
 * the Pippenger kernel only (points, prefix products, digits, buckets; layout
 * in msm.ts). Nothing is kept there between calls.
 */
export const PIPPENGER: usize = 0x200000;
export const PIPPENGER_BYTES: usize = 0x80000;
