/**
 * The WebAssembly field kernels of @strata/field (issue 13, first slice):
 * the entry file `build.mjs` compiles to `build/field.wasm`. Nothing in the
 * published package loads this module yet; the tests and the benchmark do.
 *
 * ## Memory map
 *
 * One fixed page (64 KiB, `--initialMemory 1 --maximumMemory 1`: the module
 * cannot grow; an offset outside the page traps). Every field element is ten
 * 32-bit limbs (40 bytes) in a 64-byte slot; the kernels keep no other state
 * but the modulus of the prime-field kernels (nine 29-bit limbs in a slot,
 * loaded into globals by primeSetModulus).
 *
 *   0x0000 – 0x00FF   reserved (never written)
 *   0x0100 – 0x04FF   SLOT_BASE: 16 general slots, slot i at 0x0100 + 64·i,
 *                     operands and results of the single-operation exports
 *   0x0500            FE_LOOP_X   GF(2^255 − 19) loop accumulator x
 *   0x0540            FE_LOOP_Y   GF(2^255 − 19) loop multiplier y
 *   0x0580            FP_LOOP_X   secp256k1 field loop accumulator x
 *   0x05C0            FP_LOOP_Y   secp256k1 field loop multiplier y
 *   0x0600 – 0x06EF   FP_SCRATCH  240 bytes of scratch for secp256k1Invert / Sqrt
 *   0x06F0 – 0x0FFF   free
 *   0x1000 –          the compiler's static data (`--memoryBase 4096`), none today
 *
 * Why whole loops: one JS → WASM call costs about as much as a few limb
 * operations, and copying limbs in and out per field operation halves the
 * gain (issue 13); the loops chain n dependent operations inside the module,
 * which is the shape the later point kernels will have.
 */
import * as fe from './fe25519';
import * as fp from './secp256k1';
import * as pf from './prime-field.generated';

export const SLOT_BASE: u32 = 0x0100;
export const SLOT_SIZE: u32 = 64;
export const SLOT_COUNT: u32 = 16;
export const FE_LOOP_X: u32 = 0x0500;
export const FE_LOOP_Y: u32 = 0x0540;
export const FP_LOOP_X: u32 = 0x0580;
export const FP_LOOP_Y: u32 = 0x05c0;
export const FP_SCRATCH: u32 = 0x0600;

/** Sets dst = a·b in GF(2^255 − 19) (offsets into memory). */
export function fe25519Mul(dst: u32, a: u32, b: u32): void {
  fe.mul(dst, a, b);
}

/** Sets dst = a² in GF(2^255 − 19). */
export function fe25519Square(dst: u32, a: u32): void {
  fe.square(dst, a);
}

/** Sets x = x·y, n times, on FE_LOOP_X and FE_LOOP_Y. */
export function fe25519MulLoop(n: i32): void {
  fe.mulLoop(FE_LOOP_X, FE_LOOP_Y, n);
}

/** Sets x = x², n times, on FE_LOOP_X. */
export function fe25519SquareLoop(n: i32): void {
  fe.squareLoop(FE_LOOP_X, n);
}

/** Sets dst = a·b in the secp256k1 base field (magnitude 1; inputs ≤ 8). */
export function secp256k1Mul(dst: u32, a: u32, b: u32): void {
  fp.mul(dst, a, b);
}

/** Sets dst = a² in the secp256k1 base field (magnitude 1; input ≤ 8). */
export function secp256k1Square(dst: u32, a: u32): void {
  fp.square(dst, a);
}

/** Sets x = x·y, n times, on FP_LOOP_X and FP_LOOP_Y. */
export function secp256k1MulLoop(n: i32): void {
  fp.mulLoop(FP_LOOP_X, FP_LOOP_Y, n);
}

/** Sets x = x², n times, on FP_LOOP_X. */
export function secp256k1SquareLoop(n: i32): void {
  fp.squareLoop(FP_LOOP_X, n);
}

// The rest of the secp256k1 FieldVal kernels the engine's point formulas use,
// exported one by one so the tests can drive each at the limits of its
// precondition (maximal limbs, values ≡ 0 mod p) and compare with BigInt.

/** Sets dst = a·b with magnitude ≤ 2 (the lazy product; inputs ≤ 8). */
export function secp256k1MulLazy(dst: u32, a: u32, b: u32): void {
  fp.mulLazy(dst, a, b);
}

/** Sets dst = a² with magnitude ≤ 2 (the lazy square; input ≤ 8). */
export function secp256k1SquareLazy(dst: u32, a: u32): void {
  fp.squareLazy(dst, a);
}

/** Sets dst = a^(2^n), n ≥ 1, with magnitude ≤ 2 (input ≤ 8). */
export function secp256k1SquareN(dst: u32, a: u32, n: i32): void {
  fp.squareN(dst, a, n);
}

/** Sets dst = a + b (magnitudes add; the sum ≤ 32). */
export function secp256k1Add(dst: u32, a: u32, b: u32): void {
  fp.add(dst, a, b);
}

/** Sets dst = k·a (k·magnitude ≤ 32). */
export function secp256k1MulInt(dst: u32, a: u32, k: u32): void {
  fp.mulInt(dst, a, k);
}

/** Sets dst = (m + 1)·p − a (magnitude(a) ≤ m ≤ 31; magnitude m + 1). */
export function secp256k1Negate(dst: u32, a: u32, m: u32): void {
  fp.negate(dst, a, m);
}

/** Sets a = a/2 mod p in place (magnitude m ≤ 30 → ⌊m/2⌋ + 2). */
export function secp256k1Half(a: u32): void {
  fp.half(a);
}

/** Sets a = a mod p in place, canonical (magnitude ≤ 32). */
export function secp256k1Normalize(a: u32): void {
  fp.normalize(a);
}

/** Sets dst = a⁻¹ (0 for 0), normalized, with FP_SCRATCH as scratch (magnitude(a) ≤ 8). */
export function secp256k1Invert(dst: u32, a: u32): void {
  fp.invert(dst, a, FP_SCRATCH);
}

/** Sets dst = a^((p+1)/4), normalized; returns 1 when it is a root of a (magnitude(a) ≤ 8). */
export function secp256k1Sqrt(dst: u32, a: u32): u32 {
  return fp.sqrt(dst, a, FP_SCRATCH);
}

// The generic prime-field Montgomery kernels (prime-field.generated.ts, the
// engine's generic Edwards field), exported so the tests can drive each
// modulus path: the built-in BLS12-381 Fr and BN254 Fr kernels and the
// kernels that read any other modulus from the globals.

export function primeSetModulus(ptr: u32): bool {
  if (!pf.modulusOk(ptr)) return false;
  pf.setModulus(ptr);
  return true;
}

export function primeMul(dst: u32, a: u32, b: u32): void {
  pf.mul(dst, a, b);
}

export function primeSqr(dst: u32, a: u32): void {
  pf.sqr(dst, a);
}

export function primeMulSmall(dst: u32, a: u32, c: u32): void {
  pf.mulSmall(dst, a, c);
}

export function primeSmallOk(): bool {
  return pf.smallOk();
}

// The lazy kernels of the point formulas (values below k·p, not reduced).

export function primeMulLazy(dst: u32, a: u32, b: u32): void {
  pf.mulLazy(dst, a, b);
}

export function primeSqrLazy(dst: u32, a: u32): void {
  pf.sqrLazy(dst, a);
}

export function primeAddLazy(dst: u32, a: u32, b: u32): void {
  pf.addLazy(dst, a, b);
}

export function primeNegLazy(dst: u32, a: u32): void {
  pf.negLazy(dst, a);
}

/** subLazy<m> for m = 1, 2, 4 or 8 (any other m: 8). */
export function primeSubLazy(dst: u32, a: u32, b: u32, m: u32): void {
  if (m == 1) pf.subLazy1(dst, a, b);
  else if (m == 2) pf.subLazy2(dst, a, b);
  else if (m == 4) pf.subLazy4(dst, a, b);
  else pf.subLazy8(dst, a, b);
}

export function primeIsZeroLazy(a: u32, m: i32): bool {
  return pf.isZeroLazy(a, m);
}
