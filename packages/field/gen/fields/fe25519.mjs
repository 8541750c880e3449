/**
 * GF(2^255 − 19), as data: the prime, the limb layouts of the two targets,
 * and the addition chains of inversion and of the square-root helper
 * a^((p−5)/8). The generators (../fe25519.mjs, ../fe25519-as.mjs) derive the
 * wrap factor and the limb weights from these and check each chain's exponent.
 */

/** p = 2^BITS − WRAP. */
export const BITS = 255;
export const WRAP = 19n;
export const P = 2n ** 255n - WRAP;

/**
 * Limb layouts. TypeScript: fifteen 17-bit limbs in doubles (products of 34
 * bits, columns below 2^53). AssemblyScript: ten limbs of radix 2^25.5 (limb
 * i at bit ⌈25.5·i⌉, so 26 and 25 bits alternate) in i32, products in i64;
 * `carries` is the order of its carry steps (limb i into limb i + 1, the top
 * one wrapping into limb 0 with the factor WRAP): two interleaved chains,
 * 0 → 1 → … → 5 and 4 → 5 → … → 9 → 0 → 1, so that they overlap.
 *
 * `canonical` is each target's plan of the final reduction to [0, p)
 * (../fe25519-linear.mjs): the carry passes before the test v ≥ p. They
 * differ because the inputs do: the TypeScript limbs may be any signed
 * value below 2^45 (sums and differences are never carried), so five
 * signed passes with the wrap settle the value (the second leaves a top
 * carry in {−1, 0, 1}, the later ones absorb the ±19 ripple); the
 * WebAssembly limbs go through the product's carry network first (magnitude
 * 1), so adding 2p makes every limb positive and two wrapping passes and
 * one plain pass suffice.
 */
export const TS_LIMBS = { count: 15, bits: 17, canonical: { addTwoP: false, wrapPasses: 5 } };
export const AS_LIMBS = { count: 10, carries: [0, 4, 1, 5, 2, 6, 3, 7, 4, 8, 9, 0], canonical: { addTwoP: true, wrapPasses: 2, plainPasses: 1 } };

/** a^(2^250 − 1) and a^11: the shared head of both chains (x_k = a^(2^k − 1)). */
const X250 = [
  ['z2', 'a', 1],
  ['z9', 'z2', 2, 'a'],
  ['z11', 'z9', 0, 'z2'],
  ['x5', 'z11', 1, 'z9'],
  ['x10', 'x5', 5, 'x5'],
  ['x20', 'x10', 10, 'x10'],
  ['x40', 'x20', 20, 'x20'],
  ['x50', 'x40', 10, 'x10'],
  ['x100', 'x50', 50, 'x50'],
  ['x200', 'x100', 100, 'x100'],
  ['x250', 'x200', 50, 'x50'],
];

/** Steps [to, from, n, times]: to = from^(2^n)·times (see ../chain.mjs). */
export const CHAINS = {
  /** p − 2 = 2^255 − 21: a⁻¹ (0 for 0). */
  invert: { exponent: P - 2n, steps: [...X250, ['inv', 'x250', 5, 'z11']] },
  /** (p − 5)/8 = 2^252 − 3: the square-root helper of RFC 8032 §5.1.3. */
  pow22523: { exponent: (P - 5n) / 8n, steps: [...X250, ['pow', 'x250', 2, 'a']] },
};
