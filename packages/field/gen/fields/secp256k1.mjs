/**
 * The secp256k1 base field, as data: the prime, the limb layouts of the two
 * targets, and the addition chains of inversion and square root. The
 * generator (../secp256k1.mjs) derives every reduction constant from `C`
 * and the layouts, and checks each chain's exponent.
 */

/** p = 2^256 − C. */
export const C = 2n ** 32n + 977n;
export const P = 2n ** 256n - C;

/**
 * Limb layouts. Both targets store ten 26-bit limbs (the top one 22 bits,
 * 10·26 − 4 = 256) in 32-bit words. TypeScript multiplies through eleven
 * 24-bit digits in doubles (products of 48 bits, columns below 2^53); the
 * AssemblyScript kernels take the limbs straight into i64 (u64) products.
 */
export const LIMBS = { count: 10, bits: 26, topBits: 22 };
export const DIGITS = { count: 11, bits: 24 };

/** x_k = a^(2^k − 1): the run of 223 ones that (p − 2) and (p + 1)/4 both start with. */
const X223 = [
  ['x2', 'a', 1, 'a'],
  ['x3', 'x2', 1, 'a'],
  ['x6', 'x3', 3, 'x3'],
  ['x9', 'x6', 3, 'x3'],
  ['x11', 'x9', 2, 'x2'],
  ['x22', 'x11', 11, 'x11'],
  ['x44', 'x22', 22, 'x22'],
  ['x88', 'x44', 44, 'x44'],
  ['x176', 'x88', 88, 'x88'],
  ['x220', 'x176', 44, 'x44'],
  ['x223', 'x220', 3, 'x3'],
];

/**
 * The exponentiation chains ([LIBSECP] field_impl.h): steps [to, from, n, times]
 * set to = from^(2^n)·times (see ../chain.mjs).
 */
export const CHAINS = {
  /** (p + 1)/4 = [223 ones] 0 [22 ones] 0000 1100: a square root when one exists (p ≡ 3 mod 4). */
  sqrt: {
    exponent: (P + 1n) / 4n,
    steps: [...X223, ['r1', 'x223', 23, 'x22'], ['r2', 'r1', 6, 'x2'], ['root', 'r2', 2]],
  },
};
