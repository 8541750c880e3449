/**
 * `strata (wasm)`: the WebAssembly field kernels of `@strata/field` (packages/field/wasm,
 * issue 13, first slice), which no published API uses yet. Each timed call runs one
 * `mulLoop(n)` / `squareLoop(n)` of n dependent operations inside the module (x = x·y,
 * x = x²) and the row reports the time per operation (`perCall: n`), so it measures the
 * kernel, not the JS → WASM call. Before timing, the loop's result is checked against n
 * repeated operations of the TypeScript engine (FieldVal, Fe25519) on the suite's inputs.
 *
 * Node only: the module is read from packages/field/wasm/build/field.wasm (built by the
 * field package's `build` script) with node:fs; in the browser the rows are unavailable.
 */
import type { Adapter, Case, Loaded } from '../types.js';
import type { FieldFixtures, FieldInputs } from '../fixtures/field.js';
import { bytesToBigBE, importLoose, isNode, need, nodeOnly, bigToBytesBE, bigToBytesLE, type Loose } from '../util.js';

/** Dependent operations per timed call. */
const LOOP = 1000;
const OPS = ['fp/mul', 'fp/square', 'f25519/mul', 'f25519/square'];

interface Kernels {
  memory: { buffer: ArrayBuffer };
  FE_LOOP_X: { value: number };
  FE_LOOP_Y: { value: number };
  FP_LOOP_X: { value: number };
  FP_LOOP_Y: { value: number };
  fe25519MulLoop(n: number): void;
  fe25519SquareLoop(n: number): void;
  secp256k1MulLoop(n: number): void;
  secp256k1SquareLoop(n: number): void;
}

const FE_SHIFT = [0, 26, 51, 77, 102, 128, 153, 179, 204, 230];
const P25519 = (1n << 255n) - 19n;
const PK256 = (1n << 256n) - (1n << 32n) - 977n;

function feLimbs(v: bigint): number[] {
  return FE_SHIFT.map((s, i) => Number((v >> BigInt(s)) & ((1n << (i % 2 === 0 ? 26n : 25n)) - 1n)));
}
function feValue(l: Int32Array): bigint {
  let v = 0n;
  for (let i = 0; i < 10; i++) v += BigInt(l[i]!) << BigInt(FE_SHIFT[i]!);
  return ((v % P25519) + P25519) % P25519;
}
function fpLimbs(v: bigint): number[] {
  return Array.from({ length: 10 }, (_, i) => Number((v >> BigInt(26 * i)) & 0x3ffffffn));
}
function fpValue(l: Uint32Array): bigint {
  let v = 0n;
  for (let i = 9; i >= 0; i--) v = (v << 26n) + BigInt(l[i]!);
  return v % PK256;
}

/** Reads and instantiates packages/field/wasm/build/field.wasm (Node only). */
async function loadKernels(): Promise<Kernels> {
  if (!isNode()) throw nodeOnly('strata (wasm) reads packages/field/wasm/build/field.wasm with node:fs');
  const { existsSync, readFileSync } = await import('node:fs');
  const file = new URL('../../../packages/field/wasm/build/field.wasm', import.meta.url);
  if (!existsSync(file)) throw new Error(`${file.pathname} is missing: build @strata/field first (pnpm turbo run build)`);
  const wasm = (globalThis as unknown as { WebAssembly: { Module: new (b: Uint8Array) => unknown; Instance: new (m: unknown, i: object) => { exports: unknown } } }).WebAssembly;
  return new wasm.Instance(new wasm.Module(readFileSync(file)), {}).exports as Kernels;
}

export const strataWasmFieldAdapter: Adapter = {
  backend: 'strata (wasm)',
  kind: 'wasm',
  // The WebAssembly engine's field kernels: `--engine ts` leaves these rows out.
  engine: 'wasm',
  description: `@strata/field WebAssembly kernels (AssemblyScript; not used by any public API yet): one mulLoop/squareLoop of ${LOOP} dependent ops per call, time per op`,
  covers: (op) => OPS.includes(op.id),
  async load(ctx): Promise<Loaded> {
    const k = await loadKernels();
    const m = await importLoose('@strata/field');
    const FieldVal = need(m, 'FieldVal', '@strata/field');
    const Fe25519 = need(m, 'Fe25519', '@strata/field');
    const fx = ctx.fixtures as FieldFixtures;
    const fp = fx['fp'] as FieldInputs;
    const fe = fx['f25519'] as FieldInputs;
    const fpAt = (off: number) => new Uint32Array(k.memory.buffer, off, 10);
    const feAt = (off: number) => new Int32Array(k.memory.buffer, off, 10);

    /** n repeated TypeScript operations from (a, b): x = x·b (mul) or x = x² (square). */
    const tsFp = (a: bigint, b: bigint, sq: boolean): bigint => {
      const from = (v: bigint): Loose => { const e = new FieldVal(); e.setBytesReduced(bigToBytesBE(v)); return e; };
      const x = from(a);
      const y = from(b);
      for (let i = 0; i < LOOP; i++) if (sq) x.square(x); else x.mul(x, y);
      return bytesToBigBE(x.normalize().toBytes() as Uint8Array);
    };
    const tsFe = (a: bigint, b: bigint, sq: boolean): bigint => {
      const from = (v: bigint): Loose => Fe25519.fromBytes(bigToBytesLE(v));
      const x = from(a);
      const y = from(b);
      for (let i = 0; i < LOOP; i++) if (sq) x.square(x); else x.mul(x, y);
      return x.toBigInt() as bigint;
    };
    const fpCase = (sq: boolean): Case => {
      const X = k.FP_LOOP_X.value;
      const Y = k.FP_LOOP_Y.value;
      const loop = sq ? () => k.secp256k1SquareLoop(LOOP) : () => k.secp256k1MulLoop(LOOP);
      return {
        run: loop,
        perCall: LOOP,
        note: `secp256k1${sq ? 'SquareLoop' : 'MulLoop'}(${LOOP}) per call`,
        check: () => {
          const a = fp.a[0] as bigint;
          const b = fp.b[0] as bigint;
          fpAt(X).set(fpLimbs(a));
          fpAt(Y).set(fpLimbs(b));
          loop();
          return fpValue(fpAt(X)) === tsFp(a, b, sq);
        },
      };
    };
    const feCase = (sq: boolean): Case => {
      const X = k.FE_LOOP_X.value;
      const Y = k.FE_LOOP_Y.value;
      const loop = sq ? () => k.fe25519SquareLoop(LOOP) : () => k.fe25519MulLoop(LOOP);
      return {
        run: loop,
        perCall: LOOP,
        note: `fe25519${sq ? 'SquareLoop' : 'MulLoop'}(${LOOP}) per call`,
        check: () => {
          const a = fe.a[0] as bigint;
          const b = fe.b[0] as bigint;
          feAt(X).set(feLimbs(a));
          feAt(Y).set(feLimbs(b));
          loop();
          return feValue(feAt(X)) === tsFe(a, b, sq);
        },
      };
    };
    return { cases: { 'fp/mul': fpCase(false), 'fp/square': fpCase(true), 'f25519/mul': feCase(false), 'f25519/square': feCase(true) } };
  },
};
