/**
 * The curve in use by the generic Edwards kernels: its constants live in the
 * CURVE block (layout.ts), which the bridge writes when it switches curves,
 * and `useCurve` loads the modulus and the two flags the formulas branch on
 * (public per curve: whether a = −1, whether the addition law is complete).
 *
 * CURVE block (40-byte elements): +0 p (nine 29-bit limbs); +40 ONE; +80 A; +120 D; +160 D2; +200 E0; +240 E1; +280
 * CONV_IN = 2^258 mod p; +320 CONV_OUT = 2^264 mod p (both Montgomery
 * products turn one radix into the other: the TypeScript element holds
 * x·2^264, this one x·2^261); +360 flags (i32): complete, a = −1; +368 the
 * generator's x, +408 its y; +448 p − 2 (eight 32-bit limbs, the inversion
 * exponent); 480 bytes in all.
 */
import * as F from '@strata/field/wasm/prime-field.generated';
import { CURVE, FE_TMP } from './layout';

export const ONE: usize = CURVE + 40;
export const A: usize = CURVE + 80;
export const D: usize = CURVE + 120;
export const D2: usize = CURVE + 160;
export const E0: usize = CURVE + 200;
export const E1: usize = CURVE + 240;
export const CONV_IN: usize = CURVE + 280;
export const CONV_OUT: usize = CURVE + 320;
export const FLAGS: usize = CURVE + 360;
export const GX: usize = CURVE + 368;
export const GY: usize = CURVE + 408;
export const P_MINUS_2: usize = CURVE + 448;

/** True iff the unified addition law of the curve in use is complete. */
export let COMPLETE: bool = true;
/** True iff a = −1 on the curve in use. */
export let A_MINUS_ONE: bool = false;
/** |a| when it is below 2^18 and the field takes F.mulSmall (a = −5 on Bandersnatch, 168700 on BabyJubjub), else 0. */
let A_SMALL: u32 = 0;
/** True iff a = −A_SMALL (A_SMALL ≠ 0). */
let A_SMALL_NEG: bool = false;

/** Loads the curve written at CURVE; returns 0, or 1 when its modulus is not one the field kernels take. */
export function useCurve(): i32 {
  if (!F.modulusOk(CURVE)) return 1;
  F.setModulus(CURVE);
  COMPLETE = load<i32>(FLAGS) != 0;
  A_MINUS_ONE = load<i32>(FLAGS, 4) != 0;
  smallA();
  return 0;
}

/**
 * Sets A_SMALL, A_SMALL_NEG from A (public): a = A·1·2^−261 (a Montgomery product with
 * the plain integer 1 takes a out of Montgomery form), kept when a or p − a is below 2^18.
 */
function smallA(): void {
  A_SMALL = 0;
  A_SMALL_NEG = false;
  if (A_MINUS_ONE || !F.smallOk()) return;
  // The formulas' scratch S0 (nothing is live there between exports): 1, then a in place (mul may alias).
  const a = FE_TMP;
  memory.fill(a, 0, 40);
  store<u32>(a, 1);
  F.mul(a, A, a);
  for (let neg = 0; neg < 2; neg++) {
    let high: u32 = load<u32>(a) >>> 18;
    for (let i: usize = 1; i < 9; i++) high |= load<u32>(a + 4 * i);
    if (high == 0) {
      A_SMALL = load<u32>(a);
      A_SMALL_NEG = neg == 1;
      return;
    }
    F.neg(a, a);
  }
}

/**
 * Sets out ≡ a·x (mod p), lazy (below 2p), for a reduced x and the curve's a (public per
 * curve): the formulas' `mulA` step, whose result only sums and differences read. A
 * negation negLazy (p − x, no mask) for a = −1, F.mulSmall (and negLazy) for a small |a|,
 * else the lazy Montgomery product with A. out may alias x.
 */
export function mulALazy(out: usize, x: usize): void {
  if (A_MINUS_ONE) F.negLazy(out, x);
  else if (A_SMALL != 0) {
    F.mulSmall(out, x, A_SMALL);
    if (A_SMALL_NEG) F.negLazy(out, out);
  } else F.mulLazy(out, x, A);
}

/** Sets out = the element at src (TypeScript limbs, x·2^264) in this engine's form (x·2^261). */
export function feIn(out: usize, src: usize): void {
  F.fromDigits24(out, src);
  F.mul(out, out, CONV_IN);
}

/** Writes the element at src (x·2^261) as TypeScript limbs (x·2^264) at out; tmp is an element's scratch. */
export function feOut(out: usize, src: usize, tmp: usize): void {
  F.mul(tmp, src, CONV_OUT);
  F.toDigits24(out, tmp);
}

/**
 * Sets out = a^(p−2) = a⁻¹ (0 for a = 0), reduced, by left-to-right
 * square-and-multiply over the public exponent p − 2; a is reduced or lazy
 * (below 2p); t is an element of scratch. out may alias a. The running power
 * stays lazy (below 2p: products of magnitudes 2 × 2) until the last product,
 * which reduces it.
 */
export function invert(out: usize, a: usize, t: usize): void {
  F.copy(t, a);
  F.copy(out, ONE);
  for (let i = 255; i > 0; i--) {
    F.sqrLazy(out, out);
    if (((load<u32>(P_MINUS_2 + (<usize>(i >> 5) << 2)) >>> (i & 31)) & 1) != 0) F.mulLazy(out, out, t);
  }
  // Bit 0 of p − 2 is 1 for an odd p; the product by ONE (2^261 mod p) would only reduce.
  F.sqrLazy(out, out);
  F.mul(out, out, (load<u32>(P_MINUS_2) & 1) != 0 ? t : ONE);
}
