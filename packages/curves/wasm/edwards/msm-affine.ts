/**
 * Pippenger's bucket method with batch-affine buckets on the complete
 * generic Edwards curves (Jubjub, BabyJubjub; public scalars, variable
 * time): the twin of src/edwards/msm-affine.ts, the same algorithm, the same
 * order of additions, in linear memory (EDWARDS_MSM_REGION, map below).
 *
 * The buckets live on the birationally equivalent Montgomery curve
 * B·v² = u³ + A·u² + u, A = 2(a + d)/(a − d), B = 4/(a − d) ([BL08] Thm
 * 3.2), scaled by 1/B: (u', v') = (u/B, v/B) lies on v'² = u'³ + A'·u'² +
 * C·u', A' = A/B, C = 1/B², whose chord addition costs one inversion (of
 * u2' − u1') and 2M + 1S besides it, on every curve (unscaled, B ≠ 1 costs
 * a multiplication by B more per addition: Jubjub). Montgomery's
 * simultaneous inversion ([MONT87] §10.3.1) shares one inversion among all
 * the additions of a round for 3M each: some 6M an addition, against 9M for
 * add-2008-hwcd. Below, u and v are the scaled coordinates.
 *
 * - amsmLoad maps the staged Edwards points (X : Y : Z) to
 *   u = (Z + Y)/(B·(Z − Y)), v = u·Z/X with one inversion per staged batch; the
 *   identity is flagged and skipped, (0, −1) ↦ (0, 0). On a complete curve d
 *   is not a square, so no point has u = −1: the map is a bijection of the
 *   rest onto the affine Montgomery points ([BBJLP08] Thm 3.3).
 * - amsmRun, per window from the top: counting-sorts the points with a
 *   non-zero signed digit into 2^(c−1) bucket lists at POS (−P: (u, −v)),
 *   then halves every list per round, all its pairs with one inversion,
 *   until each holds at most one point. Equal operands are doubled (tangent,
 *   denominator 2v in the same batch); opposite ones, and twice a point of
 *   order 2 (v = 0), leave the list (their sum is the identity). No
 *   denominator of the batch is then zero.
 * - The bucket sums return to Edwards affine form with one more inversion,
 *   x = u/v, y = (B·u − 1)/(B·u + 1) ((0, 0) ↦ (0, −1)), and Σ (b + 1)·bucket_b is
 *   taken by running sums in extended coordinates; each window's sum joins
 *   the total after c doublings (Horner).
 *
 * The bridge (src/edwards/wasm.ts) writes A', C, 1/B and B (Montgomery form) at
 * AMSM_CONSTS, stages points 128 at a time (amsmLoad), copies the scalars
 * to AMSM_SCALARS and calls amsmRun once a chunk of at most AMSM_MAX
 * points; the chunks' results are summed in MSM_ACC (msm.ts).
 *
 * The kernel's text is written once, by packages/curves/gen/msm-affine.mjs,
 * for this field (msm-affine.generated.ts, on prime-field.generated) and for
 * edwards25519's (../ed25519/msm-affine.generated.ts, on fe25519); the
 * memory map both use is ../shared/msm-affine-layout.ts.
 *
 * References:
 * - [Pip76] N. Pippenger, "On the evaluation of powers and related problems", FOCS 1976.
 * - [BDLO12] Bernstein, Doumen, Lange, Oosterwijk, "Faster batch forgery
 *   identification", INDOCRYPT 2012, §4 (signed bucket digits).
 * - [MONT87] P. L. Montgomery, "Speeding the Pollard and elliptic curve
 *   methods of factorization", Math. Comp. 48 (1987), §10.3.1, §10.3.
 * - [BL08] D. J. Bernstein, P. Birkner, M. Joye, T. Lange, C. Peters,
 *   "Twisted Edwards curves", AFRICACRYPT 2008, Thm 3.2 (the birational map).
 * - [BBJLP08] ibid., Thm 3.3 (completeness: a square, d not a square).
 */
export { amsmLoad, amsmRun } from './msm-affine.generated';
export { AMSM, AMSM_CONSTS, AMSM_MAX, AMSM_MAX_WINDOW, AMSM_SCALARS, AMSM_SIZE, AMSM_TOTAL } from '../shared/msm-affine-layout';
