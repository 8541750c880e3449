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
import { CURVE } from './layout';

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

/** Loads the curve written at CURVE; returns 0, or 1 when its modulus is not one the field kernels take. */
export function useCurve(): i32 {
  if (!F.modulusOk(CURVE)) return 1;
  F.setModulus(CURVE);
  COMPLETE = load<i32>(FLAGS) != 0;
  A_MINUS_ONE = load<i32>(FLAGS, 4) != 0;
  return 0;
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
 * Sets out = a^(p−2) = a⁻¹ (0 for a = 0) by left-to-right square-and-multiply
 * over the public exponent p − 2; t is an element of scratch. out may alias a.
 */
export function invert(out: usize, a: usize, t: usize): void {
  F.copy(t, a);
  F.copy(out, ONE);
  for (let i = 255; i >= 0; i--) {
    F.sqr(out, out);
    if (((load<u32>(P_MINUS_2 + (<usize>(i >> 5) << 2)) >>> (i & 31)) & 1) != 0) F.mul(out, out, t);
  }
}
