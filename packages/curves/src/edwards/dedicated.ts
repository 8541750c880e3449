/**
 * The dedicated addition of the generic Edwards curves: the exceptional
 * case of the unified additions on an incomplete curve (Bandersnatch; see
 * the module doc of point.ts). Every addition of point.ts (extended,
 * projective and affine, `add` and `addAffine`) calls it when the unified
 * law gives Z3 = 0, never otherwise.
 *
 * Written on field elements and the curve's constants only
 * ({@link DedicatedCurve}, which `EdwardsCurve` has), so that point.ts
 * imports this module and never the reverse.
 *
 * References:
 * - [HWCD08] Hisil, Wong, Carter, Dawson, "Twisted Edwards Curves
 *   Revisited", ASIACRYPT 2008 (§3.2 dedicated addition).
 * - [EFD] Bernstein, Lange, Explicit-Formulas Database,
 *   https://hyperelliptic.org/EFD/g1p/auto-twisted-extended.html
 *   (add-2008-hwcd-2, the dedicated one).
 */
import { StrataError, ErrorCode, type PrimeFieldElement } from '@strata/field';
import { dedicatedEFGH as efgh, dedicatedExtended, dedicatedProj, type FormulaCurve } from './point-formulas.generated.js';

/** What the dedicated addition uses of a curve (`EdwardsCurve` has it all): the formulas' curve and its name. */
export interface DedicatedCurve extends FormulaCurve {
  readonly name: string;
}

/**
 * The exceptional case of the unified additions on an incomplete curve
 * (see the module doc of point.ts): sets s[20..23] = (E, F, G, H) of the dedicated
 * addition of the extended points (X1 : Y1 : Z1 : T1) and (X2 : Y2 : Z2 : T2)
 * ([HWCD08] §3.2, [EFD] add-2008-hwcd-2: A = X1·X2, B = Y1·Y2, C = Z1·T2,
 * D = T1·Z2, E = D + C, F = (X1 − Y1)·(X2 + Y2) + B − A, G = B + a·A,
 * H = D − C; the sum is (E·F : G·H : F·G : E·H), i.e. x3 = (x1y1 + x2y2) /
 * (y1y2 + a·x1x2), y3 = (x1y1 − x2y2)/(x1y2 − y1x2)). It is exact when
 * P − Q is at infinity, where the unified law gives (0 : 0 : 0 : 0). When
 * F·G = 0 here too the sum is itself at infinity (an addition law gives the
 * sum or nothing): throws StrataError ERR_POINT_AT_INFINITY. Reads every
 * input before it writes; scratch s[16..23]; 5M + 1·a (the steps:
 * point-formulas.generated.ts).
 */
export function dedicatedEFGH(
  c: DedicatedCurve,
  X1: PrimeFieldElement, Y1: PrimeFieldElement, Z1: PrimeFieldElement, T1: PrimeFieldElement,
  X2: PrimeFieldElement, Y2: PrimeFieldElement, Z2: PrimeFieldElement, T2: PrimeFieldElement,
): void {
  if (efgh(c, X1, Y1, Z1, T1, X2, Y2, Z2, T2) !== 0) {
    throw new StrataError(ErrorCode.POINT_AT_INFINITY, `${c.name} point addition: expected a sum with an affine form, got a point at infinity (an operand has a torsion component at infinity)`);
  }
}

/** Sets out = the dedicated sum of s[20..23] (E·F : G·H : F·G : E·H) and returns out. 4M. */
export function writeDedicatedExtended<T extends { readonly X: PrimeFieldElement; readonly Y: PrimeFieldElement; readonly Z: PrimeFieldElement; readonly T: PrimeFieldElement }>(
  c: DedicatedCurve,
  out: T,
): T {
  const s = c.s;
  dedicatedExtended(c, out, s[20]!, s[21]!, s[22]!, s[23]!);
  return out;
}

/** Sets out = the dedicated sum of s[20..23] in projective form (E·F : G·H : F·G) and returns out. 3M. */
export function writeDedicatedProj<T extends { readonly X: PrimeFieldElement; readonly Y: PrimeFieldElement; readonly Z: PrimeFieldElement }>(c: DedicatedCurve, out: T): T {
  const s = c.s;
  dedicatedProj(c, out, s[20]!, s[21]!, s[22]!, s[23]!);
  return out;
}
