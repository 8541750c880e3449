/**
 * The GLV endomorphism ψ of the generic Edwards curves that have one
 * (Bandersnatch): the formula behind `PointExtended.endomorphism`, which
 * `scalarMultGlvNonConst` (scalarmult.ts) and the curve's own check
 * ψ(G) = λ·G use. The lattice basis of the scalar split is `glvBasis`
 * (params.ts), the split itself `glvSplit` (scalarmult.ts).
 *
 * Written on field elements and the curve's constants only
 * ({@link GlvCurve}, which `EdwardsCurve` has), so that point.ts imports
 * this module and never the reverse.
 *
 * References:
 * - [GLV01] Gallant, Lambert, Vanstone, CRYPTO 2001.
 * - [Bandersnatch] Masson, Sanso, Zhang, ePrint 2021/1152 (endomorphism ψ, §3).
 */
import type { PrimeField, PrimeFieldElement } from '@strata/field';

/** What ψ uses of a curve (`EdwardsCurve` has it all). */
export interface GlvCurve {
  readonly name: string;
  readonly F: PrimeField;
  /** Field scratch: s[0..8] are used. */
  readonly s: readonly PrimeFieldElement[];
  /** The GLV constants, or undefined for a curve without ψ. */
  readonly glv: object | undefined;
  /** endo0, endo1 in Montgomery form. */
  readonly endo0M: PrimeFieldElement;
  readonly endo1M: PrimeFieldElement;
}

/** Extended coordinates (X : Y : Z : T). */
interface Extended {
  readonly X: PrimeFieldElement;
  readonly Y: PrimeFieldElement;
  readonly Z: PrimeFieldElement;
  readonly T: PrimeFieldElement;
}

/**
 * Sets out = ψ(P) on curve c and returns out; out may be P. Bandersnatch ψ
 * in projective form ([Bandersnatch] §3, gnark-crypto's constants): with
 * zz = Z², yy = Y², X' = e1·(zz − yy)·(yy − e0·zz), Y' = e0·(yy + e0·zz)·XY,
 * Z' = (yy − e0·zz)·XY; then back to extended. 10M + 3S. TypeError on a
 * curve without an endomorphism.
 *
 * The formula degenerates to (0 : 0 : 0) when x·y = 0. On an affine
 * Bandersnatch point that means x = 0 (a = −5 is not a square, so no
 * affine point has y = 0): the identity and the 2-torsion point (0, −1),
 * which is the kernel of ψ (the formula depends on x·y and y² only, so
 * ψ(P + (0, −1)) = ψ(P)). Both map to the identity, selected without a
 * branch. (ψ(P) is at infinity only if y² = e0, which no rational affine
 * point satisfies.)
 */
export function endomorphism<T extends Extended>(c: GlvCurve, out: T, P: Extended): T {
  const F = c.F, s = c.s;
  if (c.glv === undefined) throw new TypeError(`${c.name}: expected a curve with a GLV endomorphism, got none`);
  const zz = s[0]!, yy = s[1]!, xy = s[2]!, f = s[3]!, g = s[4]!, h = s[5]!;
  F.square(zz, P.Z);
  F.square(yy, P.Y);
  F.mul(xy, P.X, P.Y);
  F.sub(f, zz, yy); F.mul(f, f, c.endo1M);
  F.mul(zz, zz, c.endo0M);
  F.add(g, yy, zz); F.mul(g, g, c.endo0M);
  F.sub(h, yy, zz);
  // Projective (X' : Y' : Z') = (f·h : g·xy : h·xy) → extended.
  const X1 = s[6]!, Y1 = s[7]!, Z1 = s[8]!;
  F.mul(X1, f, h); F.mul(Y1, g, xy); F.mul(Z1, h, xy);
  // x·y = 0 (the identity or (0, −1), the kernel of ψ): output the identity (0 : 1 : 1).
  const ker = F.isZero(xy) ? 1 : 0;
  F.setOne(f);
  F.cmov(X1, X1, xy, ker); F.cmov(Y1, Y1, f, ker); F.cmov(Z1, Z1, f, ker);
  F.mul(out.X, X1, Z1); F.mul(out.Y, Y1, Z1); F.mul(out.T, X1, Y1); F.square(out.Z, Z1);
  return out;
}
