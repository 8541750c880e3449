/**
 * A test-only entry (never part of engine.wasm): it exposes, one operation
 * per call, the Montgomery field kernels of the generic Edwards curves
 * (@strata/field/wasm/prime-field.generated: mul, sqr, add, sub, neg, the
 * comparisons and cmov) and the field helpers of edwards/curve.ts built on
 * them (the inversion, the radix conversions in and out of the TypeScript
 * element), so that test/engine/edwards-field.test.ts can check each against
 * BigInt on the base fields of BabyJubjub, Jubjub and Bandersnatch. The test
 * compiles it with the engine's memory options, so the CURVE block sits at
 * the engine's address (edwards/layout.ts).
 *
 * The test writes the CURVE block (p, 1, the conversion constants, p − 2),
 * calls `useCurve`, writes operands into the element slots at `SLOTS`
 * (slot i at SLOTS + 40·i, nine 29-bit limbs) and TypeScript elements
 * (eleven doubles) at `DIGITS`, and reads the results there.
 */
import * as F from '@strata/field/wasm/prime-field.generated';
import { feIn, feOut, invert, useCurve } from '../edwards/curve';
import { CURVE } from '../edwards/layout';

/** Element slots the operands and results live in. */
export const SLOT_COUNT: i32 = 8;
export const SLOTS: usize = memory.data(8 * 40, 8);
/** One TypeScript element (eleven 24-bit limbs in doubles). */
export const DIGITS: usize = memory.data(88, 8);
export const CURVE_AT: usize = CURVE;

/** Loads the curve written at CURVE_AT; returns 0, or 1 when the field kernels refuse its modulus. */
export function loadCurve(): i32 {
  return useCurve();
}

/** Slot i's address. */
function at(i: i32): usize {
  return SLOTS + <usize>i * 40;
}

/** Sets slot o = a·b·2^−261 mod p. */
export function mul(o: i32, a: i32, b: i32): void {
  F.mul(at(o), at(a), at(b));
}

/** Sets slot o = a²·2^−261 mod p. */
export function sqr(o: i32, a: i32): void {
  F.sqr(at(o), at(a));
}

/** Sets slot o = a + b mod p. */
export function add(o: i32, a: i32, b: i32): void {
  F.add(at(o), at(a), at(b));
}

/** Sets slot o = a − b mod p. */
export function sub(o: i32, a: i32, b: i32): void {
  F.sub(at(o), at(a), at(b));
}

/** Sets slot o = −a mod p. */
export function neg(o: i32, a: i32): void {
  F.neg(at(o), at(a));
}

/** Sets slot o = a⁻¹ (0 for 0); slot t is scratch. */
export function inv(o: i32, a: i32, t: i32): void {
  invert(at(o), at(a), at(t));
}

/** Reports whether slot a holds 0. */
export function isZero(a: i32): bool {
  return F.isZero(at(a));
}

/** Reports whether slots a and b hold the same element. */
export function equals(a: i32, b: i32): bool {
  return F.equals(at(a), at(b));
}

/** Sets slot o = b when flag = 1, a when flag = 0. */
export function cmov(o: i32, a: i32, b: i32, flag: u32): void {
  F.cmov(at(o), at(a), at(b), flag);
}

/** Sets slot o = the TypeScript element at DIGITS, in this engine's form. */
export function fromDigits(o: i32): void {
  feIn(at(o), DIGITS);
}

/** Writes slot a as a TypeScript element at DIGITS; slot t is scratch. */
export function toDigits(a: i32, t: i32): void {
  feOut(DIGITS, at(a), at(t));
}
