/**
 * Halving in GF(p) for the lazily reduced doubling of the secp256k1
 * accumulator (point-formulas.generated.ts lazyDouble): the TypeScript twin of
 * `half` in packages/field/wasm/secp256k1.ts, on FieldVal's ten 26-bit limbs.
 */
import type { FieldVal } from '@strata/field';

/** p's limbs (radix 2^26): 2^26 − 977, 2^26 − 65, seven times 2^26 − 1, 2^22 − 1. */
const P_LIMB0 = 0x3fffc2f;
const P_LIMB1 = 0x3ffffbf;
const M26 = 0x3ffffff;
const M22 = 0x3fffff;

/**
 * Sets f = f/2 (mod p) in place: adds p when the value is odd (its parity is
 * the parity of limb 0, since 2^26 is even), then shifts the ten limbs right
 * by one, moving each limb's low bit into bit 25 of the limb below.
 * Branch-free. Output limbs ≤ (m+1)·(2^26−1)/2 + 2^25 for input magnitude m.
 *
 * Preconditions: magnitude m ≤ 30. / Output normalized: no. / Output max magnitude: ⌊m/2⌋ + 2 (3 for m = 3).
 */
export function halfInPlace(f: FieldVal): void {
  const n = f.n;
  const odd = -(n[0]! & 1); // 0 or −1 (all ones)
  const a0 = n[0]! + (P_LIMB0 & odd);
  const a1 = n[1]! + (P_LIMB1 & odd);
  const a2 = n[2]! + (M26 & odd);
  const a3 = n[3]! + (M26 & odd);
  const a4 = n[4]! + (M26 & odd);
  const a5 = n[5]! + (M26 & odd);
  const a6 = n[6]! + (M26 & odd);
  const a7 = n[7]! + (M26 & odd);
  const a8 = n[8]! + (M26 & odd);
  const a9 = n[9]! + (M22 & odd);
  n[0] = (a0 >>> 1) + ((a1 & 1) << 25);
  n[1] = (a1 >>> 1) + ((a2 & 1) << 25);
  n[2] = (a2 >>> 1) + ((a3 & 1) << 25);
  n[3] = (a3 >>> 1) + ((a4 & 1) << 25);
  n[4] = (a4 >>> 1) + ((a5 & 1) << 25);
  n[5] = (a5 >>> 1) + ((a6 & 1) << 25);
  n[6] = (a6 >>> 1) + ((a7 & 1) << 25);
  n[7] = (a7 >>> 1) + ((a8 & 1) << 25);
  n[8] = (a8 >>> 1) + ((a9 & 1) << 25);
  n[9] = a9 >>> 1;
}
