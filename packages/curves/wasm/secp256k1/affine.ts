/**
 * The affine form of a Jacobian point (`toAffine`, behind the bridge's
 * pointToBytes / pointToBytesUncompressed), with the field's constant-time
 * divsteps inversion (`invert` of @strata/field/wasm/secp256k1).
 */
import * as F from '@strata/field/wasm/secp256k1';
import { IN_P, OUT } from './layout';
import { INV_SCRATCH, fmul, fsqr, slot } from './point';

// 1/Z and 1/Z², then 1/Z³ (slots 37 – 38; the inversion's scratch is INV_SCRATCH, slots 21 – 26).
const ZI = slot(37), ZI2 = slot(38);

/**
 * Sets OUT = the affine form (X/Z², Y/Z³, 1), normalized, of the finite
 * point at IN_P (coordinates of magnitude ≤ 8, Z ≢ 0): one constant-time
 * inversion, 3M + 1S; the steps and results of the TypeScript engine's
 * JacobianPoint.toAffine. Wipes 1/Z and 1/Z² (Z may come from a secret
 * multiple); the inversion wipes its own scratch.
 */
export function toAffine(): void {
  F.invert(ZI, IN_P + 80, INV_SCRATCH); //            1/Z            (normalized)
  fsqr(ZI2, ZI); //                                   1/Z²           (mag 1)
  fmul(OUT, IN_P, ZI2);
  F.normalize(OUT); //                                x = X/Z²       (normalized)
  fmul(ZI2, ZI2, ZI); //                              1/Z³           (mag 1)
  fmul(OUT + 40, IN_P + 40, ZI2);
  F.normalize(OUT + 40); //                           y = Y/Z³       (normalized)
  F.setInt(OUT + 80, 1);
  memory.fill(ZI, 0, 80);
}
