/**
 * Compiles and instantiates the embedded engine module (module.generated.ts,
 * written by `pnpm build`), synchronously or asynchronously, and checks it:
 * ABI version, fixed memory size, memory that cannot grow.
 */
import { ErrorCode, StrataError } from '@strata/field';
import { ENGINE_ABI, type WasmExports, type WasmKernels } from './abi.js';
import { WASM_BASE64, WASM_BYTES } from './module.generated.js';

/** The parts of the WebAssembly global this loader uses (no DOM types in the build). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: object): Promise<{ exports: unknown }>;
}

/** The WebAssembly API of this runtime, or null when it has none. */
export function wasmApi(): WasmApi | null {
  const w = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  return w !== undefined && typeof w.Module === 'function' && typeof w.instantiate === 'function' ? w : null;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The module's bytes, decoded from the embedded base64 (no atob or Buffer: ES2022 only). */
export function moduleBytes(): Uint8Array {
  const rev = new Uint8Array(128);
  for (let i = 0; i < 64; i++) rev[B64.charCodeAt(i)] = i;
  const s = WASM_BASE64;
  const out = new Uint8Array(WASM_BYTES);
  let o = 0;
  for (let i = 0; i + 4 <= s.length; i += 4) {
    const n = (rev[s.charCodeAt(i)]! << 18) | (rev[s.charCodeAt(i + 1)]! << 12) | (rev[s.charCodeAt(i + 2)]! << 6) | rev[s.charCodeAt(i + 3)]!;
    if (o < out.length) out[o++] = n >>> 16;
    if (o < out.length) out[o++] = (n >>> 8) & 0xff;
    if (o < out.length) out[o++] = n & 0xff;
  }
  return out;
}

/** The engine module's size in bytes. */
export const moduleSize: number = WASM_BYTES;

function unavailable(why: string, cause?: unknown): StrataError {
  return new StrataError(ErrorCode.ENGINE_UNAVAILABLE, `WebAssembly engine unavailable: ${why}`, cause !== undefined ? { cause } : undefined);
}

/** Checks an instance and wraps it with its memory views. */
export function wrap(instanceExports: unknown): WasmKernels {
  const exports = instanceExports as WasmExports;
  if (exports.ENGINE_ABI?.value !== ENGINE_ABI) {
    throw unavailable(`module ABI ${String(exports.ENGINE_ABI?.value)} differs from the bridge's ${ENGINE_ABI} (rebuild @strata/curves)`);
  }
  const buffer = exports.memory.buffer;
  if (buffer.byteLength !== exports.ENGINE_PAGES.value * 65536) throw unavailable(`memory is ${buffer.byteLength} bytes, expected ${exports.ENGINE_PAGES.value} pages`);
  return {
    exports,
    u8: new Uint8Array(buffer),
    i32: new Int32Array(buffer),
    u32: new Uint32Array(buffer),
    f64: new Float64Array(buffer),
  };
}

/** Compiles and instantiates synchronously; throws StrataError ERR_ENGINE_UNAVAILABLE when the runtime refuses. */
export function loadSync(): WasmKernels {
  const api = wasmApi();
  if (api === null) throw unavailable('this runtime has no WebAssembly');
  let instance: { exports: unknown };
  try {
    instance = new api.Instance(new api.Module(moduleBytes()), {});
  } catch (e) {
    throw unavailable(`compiling failed (${e instanceof Error ? e.message : String(e)}); a Content-Security-Policy without 'wasm-unsafe-eval', or synchronous compilation on a browser's main thread, refuses it (use await engine.initWasm())`, e);
  }
  return wrap(instance.exports);
}

/** Compiles and instantiates asynchronously; rejects with StrataError ERR_ENGINE_UNAVAILABLE when the runtime refuses. */
export async function load(): Promise<WasmKernels> {
  const api = wasmApi();
  if (api === null) throw unavailable('this runtime has no WebAssembly');
  let instance: { exports: unknown };
  try {
    instance = await api.instantiate(await api.compile(moduleBytes()), {});
  } catch (e) {
    throw unavailable(`compiling failed (${e instanceof Error ? e.message : String(e)}); a Content-Security-Policy without 'wasm-unsafe-eval' refuses it`, e);
  }
  return wrap(instance.exports);
}
