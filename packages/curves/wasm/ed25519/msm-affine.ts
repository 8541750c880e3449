/**
 * The batch-affine bucket method for edwards25519 (public scalars, variable
 * time): the generic Edwards curves' kernel (../edwards/msm-affine.ts has
 * the algorithm, references and costs) emitted on fe25519 by
 * packages/curves/gen/msm-affine.mjs into msm-affine.generated.ts, in the
 * region both share (../shared/msm-affine-layout.ts). Here: edwards25519's
 * Montgomery constants and the chunk's entry points for index.ts.
 *
 * edwards25519 (a = −1, d = −121665/121666) is birationally equivalent to
 * B·v² = u³ + A·u² + u with A = 2(a + d)/(a − d) = 486662 and B = 4/(a − d) =
 * −486664 ([BL08] Thm 3.2; B·v² with B = −486664 is curve25519 up to the
 * scaling v ↦ v·√(−486664)). The kernel works on u' = u/B, v' = v/B:
 * A' = A/B, C = 1/B².
 *
 * Every point of the full group, torsion included, is handled: −1 is a
 * square mod p and d is not, so the curve is complete ([BBJLP08] Thm 3.3)
 * and no point has u = −1: the map's denominators (Z − Y)·X and v·(B·u + 1)
 * are non-zero off the identity and (0, −1) (flagged and mapped to (0, 0)),
 * and the batch's chord and tangent denominators u2 − u1 and 2v are
 * non-zero by the kernel's case split (equal u: tangent, or opposite points
 * and twice (0, 0), whose sum is the identity). Inputs need not lie in the
 * prime-order subgroup (ed25519 batch verification's R and A).
 *
 * References:
 * - [BL08] D. J. Bernstein, P. Birkner, M. Joye, T. Lange, C. Peters,
 *   "Twisted Edwards curves", AFRICACRYPT 2008, Thm 3.2.
 * - [BBJLP08] ibid., Thm 3.3.
 */
import * as fe from '@strata/field/wasm/fe25519';
import { FE_CHAIN, MSM_ACC } from './layout';
import { addExtended, identity } from './point';
import { amsmLoad, amsmRun } from './msm-affine.generated';
import { AMSM_TOTAL, B_IS_ONE, MA, MB, MC, MINVB } from '../shared/msm-affine-layout';

/** Writes A' = A/B, C = 1/B², 1/B and B (fe25519 limbs) and B ≠ 1 at AMSM_CONSTS (one inversion). */
function writeConstants(): void {
  fe.setInt(MB, -486664);
  fe.invert(MINVB, MB, FE_CHAIN);
  fe.squareOut(MC, MINVB);
  fe.setInt(MA, 486662);
  fe.mulOut(MA, MA, MINVB);
  store<i32>(B_IS_ONE, 0);
}

/**
 * Maps n staged points (4 × 15 doubles each at MSM_STAGE) to the kernel's
 * inputs start … start + n − 1; the chunk's first load (start = 0) writes
 * the curve's constants first (the region is shared with the generic
 * curves' kernel).
 */
export function edAmsmLoad(start: i32, n: i32): void {
  if (start == 0) writeConstants();
  amsmLoad(start, n);
}

/** Runs the n loaded pairs with window c and sets (accumulate = 0) or adds to (1) MSM_ACC. */
export function edAmsmChunk(n: i32, c: i32, maxBits: i32, accumulate: i32): void {
  amsmRun(AMSM_TOTAL, n, c, maxBits);
  if (accumulate == 0) identity(MSM_ACC);
  addExtended(MSM_ACC, AMSM_TOTAL);
}
