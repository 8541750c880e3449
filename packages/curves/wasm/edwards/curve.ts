/**
 * The curve in use by the generic Edwards kernels: its constants live in the
 * CURVE block (layout.ts), which the bridge writes when it switches curves,
 * and `useCurve` loads the modulus and the two flags the formulas branch on
 * (public per curve: whether a = −1, whether the addition law is complete).
 *
 * CURVE block: +0 p (8 limbs) and −p⁻¹ mod 2^32 (+32); +64 ONE; +96 A;
 * +128 D; +160 D2; +192 E0; +224 E1; +256 CONV_IN = 2^248 mod p; +288
 * CONV_OUT = 2^264 mod p (both Montgomery products turn one radix into the
 * other: the TypeScript element holds x·2^264, this one x·2^256); +320 flags
 * (i32): complete, a = −1; +352 the generator's x, +384 its y; +416 p − 2
 * (8 limbs, the inversion exponent).
 */
import * as F from '@strata/field/wasm/prime-field.generated';
import { CURVE } from './layout';

export const ONE: usize = CURVE + 64;
export const A: usize = CURVE + 96;
export const D: usize = CURVE + 128;
export const D2: usize = CURVE + 160;
export const E0: usize = CURVE + 192;
export const E1: usize = CURVE + 224;
export const CONV_IN: usize = CURVE + 256;
export const CONV_OUT: usize = CURVE + 288;
export const FLAGS: usize = CURVE + 320;
export const GX: usize = CURVE + 352;
export const GY: usize = CURVE + 384;
export const P_MINUS_2: usize = CURVE + 416;

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

/** Sets out = the element at src (TypeScript limbs, x·2^264) in this engine's form (x·2^256). */
export function feIn(out: usize, src: usize): void {
  F.fromDigits24(out, src);
  F.mul(out, out, CONV_IN);
}

/** Writes the element at src (x·2^256) as TypeScript limbs (x·2^264) at out; tmp is a 32-byte scratch. */
export function feOut(out: usize, src: usize, tmp: usize): void {
  F.mul(tmp, src, CONV_OUT);
  F.toDigits24(out, tmp);
}

/**
 * Sets out = a^(p−2) = a⁻¹ (0 for a = 0) by left-to-right square-and-multiply
 * over the public exponent p − 2; t is a 32-byte scratch. out may alias a.
 */
export function invert(out: usize, a: usize, t: usize): void {
  F.copy(t, a);
  F.copy(out, ONE);
  for (let i = 255; i >= 0; i--) {
    F.sqr(out, out);
    if (((load<u32>(P_MINUS_2 + (<usize>(i >> 5) << 2)) >>> (i & 31)) & 1) != 0) F.mul(out, out, t);
  }
}
