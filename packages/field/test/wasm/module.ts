/**
 * Loads wasm/build/field.wasm (built by the field package's `build` script,
 * which the test command runs first) and gives the tests typed access to its
 * exports and limb converters for both fields.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const wasmDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'wasm');
export const wasmPath = join(wasmDir, 'build', 'field.wasm');

export interface FieldWasm {
  memory: WebAssembly.Memory;
  SLOT_BASE: WebAssembly.Global;
  SLOT_SIZE: WebAssembly.Global;
  SLOT_COUNT: WebAssembly.Global;
  FE_LOOP_X: WebAssembly.Global;
  FE_LOOP_Y: WebAssembly.Global;
  FP_LOOP_X: WebAssembly.Global;
  FP_LOOP_Y: WebAssembly.Global;
  fe25519Mul(dst: number, a: number, b: number): void;
  fe25519Square(dst: number, a: number): void;
  fe25519MulLoop(n: number): void;
  fe25519SquareLoop(n: number): void;
  secp256k1Mul(dst: number, a: number, b: number): void;
  secp256k1Square(dst: number, a: number): void;
  secp256k1MulLoop(n: number): void;
  secp256k1SquareLoop(n: number): void;
  FP_SCRATCH: WebAssembly.Global;
  secp256k1MulLazy(dst: number, a: number, b: number): void;
  secp256k1SquareLazy(dst: number, a: number): void;
  secp256k1SquareN(dst: number, a: number, n: number): void;
  secp256k1Add(dst: number, a: number, b: number): void;
  secp256k1MulInt(dst: number, a: number, k: number): void;
  secp256k1Negate(dst: number, a: number, m: number): void;
  secp256k1Half(a: number): void;
  secp256k1Normalize(a: number): void;
  secp256k1Invert(dst: number, a: number): void;
  secp256k1Sqrt(dst: number, a: number): number;
  primeSetModulus(ptr: number): number;
  primeMul(dst: number, a: number, b: number): void;
  primeSqr(dst: number, a: number): void;
  primeMulSmall(dst: number, a: number, c: number): void;
  primeSmallOk(): number;
  primeMulLazy(dst: number, a: number, b: number): void;
  primeSqrLazy(dst: number, a: number): void;
  primeAddLazy(dst: number, a: number, b: number): void;
  primeNegLazy(dst: number, a: number): void;
  primeSubLazy(dst: number, a: number, b: number, m: number): void;
  primeIsZeroLazy(a: number, m: number): number;
}

/** Reads the module's bytes; throws a clear error when it was not built. */
export function wasmBytes(): Uint8Array {
  if (!existsSync(wasmPath)) {
    throw new Error(`${wasmPath} is missing: build it first (pnpm turbo run build --filter=@strata/field, or node packages/field/wasm/build.mjs)`);
  }
  return readFileSync(wasmPath);
}

/** A fresh instance of the module. */
export function instantiate(): FieldWasm {
  const module = new WebAssembly.Module(wasmBytes());
  return new WebAssembly.Instance(module, {}).exports as unknown as FieldWasm;
}

export const P25519 = (1n << 255n) - 19n;
export const PK256 = (1n << 256n) - (1n << 32n) - 977n;

/** Bit offsets of the ten radix-2^25.5 limbs. */
const FE_SHIFT = [0, 26, 51, 77, 102, 128, 153, 179, 204, 230];

/** The canonical radix-2^25.5 limbs of v (0 ≤ v < 2^256). */
export function feLimbs(v: bigint): number[] {
  return FE_SHIFT.map((s, i) => Number((v >> BigInt(s)) & ((1n << (i % 2 === 0 ? 26n : 25n)) - 1n)));
}
/** The value mod p of signed radix-2^25.5 limbs. */
export function feValue(limbs: ArrayLike<number>): bigint {
  let v = 0n;
  for (let i = 0; i < 10; i++) v += BigInt(limbs[i]!) << BigInt(FE_SHIFT[i]!);
  return ((v % P25519) + P25519) % P25519;
}
/** The 26-bit limbs of v (0 ≤ v < 2^256; limb 9 may hold more than 22 bits for larger v). */
export function fpLimbs(v: bigint): number[] {
  return Array.from({ length: 10 }, (_, i) => Number(i === 9 ? v >> 234n : (v >> BigInt(26 * i)) & 0x3ffffffn));
}
/** The integer value (not reduced) of unsigned 26-bit-radix limbs. */
export function fpInt(limbs: ArrayLike<number>): bigint {
  let v = 0n;
  for (let i = 9; i >= 0; i--) v = (v << 26n) + BigInt(limbs[i]!);
  return v;
}

/** Signed (fe25519) or unsigned (secp256k1) views of the ten limbs at an offset. */
export const feAt = (w: FieldWasm, off: number) => new Int32Array(w.memory.buffer, off, 10);
export const fpAt = (w: FieldWasm, off: number) => new Uint32Array(w.memory.buffer, off, 10);
