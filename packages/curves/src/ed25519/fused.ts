/**
 * The fused linear steps of the edwards25519 doubling on Fe25519's fifteen
 * limbs (point-formulas.generated.ts): one pass over the limbs instead of two
 * (the doubling runs them hundreds of times per scalar multiplication). The
 * AssemblyScript engine's twins are `negSum` and `subTwice` of
 * packages/field/wasm/fe25519.ts.
 */
import type { Fe25519 } from '@strata/field';

/** o = −a − b, limb-wise (magnitude(a) + magnitude(b)). */
export function negSum(o: Fe25519, a: Fe25519, b: Fe25519): Fe25519 {
  const r = o.l;
  const x = a.l;
  const y = b.l;
  r[0] = -x[0]! - y[0]!;
  r[1] = -x[1]! - y[1]!;
  r[2] = -x[2]! - y[2]!;
  r[3] = -x[3]! - y[3]!;
  r[4] = -x[4]! - y[4]!;
  r[5] = -x[5]! - y[5]!;
  r[6] = -x[6]! - y[6]!;
  r[7] = -x[7]! - y[7]!;
  r[8] = -x[8]! - y[8]!;
  r[9] = -x[9]! - y[9]!;
  r[10] = -x[10]! - y[10]!;
  r[11] = -x[11]! - y[11]!;
  r[12] = -x[12]! - y[12]!;
  r[13] = -x[13]! - y[13]!;
  r[14] = -x[14]! - y[14]!;
  return o;
}

/** o = g − 2·c, limb-wise (magnitude(g) + 2·magnitude(c)). */
export function subTwice(o: Fe25519, g: Fe25519, c: Fe25519): Fe25519 {
  const r = o.l;
  const x = g.l;
  const y = c.l;
  r[0] = x[0]! - 2 * y[0]!;
  r[1] = x[1]! - 2 * y[1]!;
  r[2] = x[2]! - 2 * y[2]!;
  r[3] = x[3]! - 2 * y[3]!;
  r[4] = x[4]! - 2 * y[4]!;
  r[5] = x[5]! - 2 * y[5]!;
  r[6] = x[6]! - 2 * y[6]!;
  r[7] = x[7]! - 2 * y[7]!;
  r[8] = x[8]! - 2 * y[8]!;
  r[9] = x[9]! - 2 * y[9]!;
  r[10] = x[10]! - 2 * y[10]!;
  r[11] = x[11]! - 2 * y[11]!;
  r[12] = x[12]! - 2 * y[12]!;
  r[13] = x[13]! - 2 * y[13]!;
  r[14] = x[14]! - 2 * y[14]!;
  return o;
}
