/**
 * Compiles and instantiates the embedded engine module (module.generated.ts,
 * written by `pnpm build`; decoded by the runtime's native base64 decoder
 * where it has one), synchronously or asynchronously, and checks it:
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

/**
 * The runtime's native base64 decoders, where it has them (no DOM or Node
 * types in the build): `Uint8Array.fromBase64` (ES2026: Chromium 140,
 * Firefox 133, Safari 18.2, Node 25) and Node's `Buffer` (Node 20–24,
 * Bun; a page's Buffer polyfill, if it has one).
 */
interface NativeBase64 {
  fromBase64?: (s: string) => Uint8Array;
  Buffer?: { from(s: string, encoding: 'base64'): Uint8Array };
}

/**
 * Decodes the standard, padded base64 string s into a new array of length
 * bytes, in portable ES2022 (no atob or Buffer). Precondition: s encodes at
 * least length bytes and uses only the characters of B64 and '='.
 */
export function decodeBase64(s: string, length: number): Uint8Array {
  const rev = new Uint8Array(128);
  for (let i = 0; i < 64; i++) rev[B64.charCodeAt(i)] = i;
  const out = new Uint8Array(length);
  let o = 0;
  for (let i = 0; i + 4 <= s.length; i += 4) {
    const n = (rev[s.charCodeAt(i)]! << 18) | (rev[s.charCodeAt(i + 1)]! << 12) | (rev[s.charCodeAt(i + 2)]! << 6) | rev[s.charCodeAt(i + 3)]!;
    if (o < out.length) out[o++] = n >>> 16;
    if (o < out.length) out[o++] = (n >>> 8) & 0xff;
    if (o < out.length) out[o++] = n & 0xff;
  }
  return out;
}

/**
 * The module's bytes, decoded from the embedded base64: by the runtime's
 * native decoder where it has one, else by {@link decodeBase64}.
 *
 * The decode was most of the init time while it ran in JavaScript: it runs
 * once per realm, so cold (interpreted), and took 3.7–15 ms for the 62 KB
 * module in fresh Node 20 processes on the loaded 2-core test machine, where
 * Buffer took 0.15 ms, the synchronous compile 0.55 ms and instantiation 0.3 ms
 * (the record's first `initWasmSync()` was 4.4 ms, its first `await initWasm()`
 * 5.3 ms; issue 13's target is 5 ms). The 57 pages of memory cost 0.06 ms to
 * allocate, as do 41. A decoder that returns the wrong
 * length (a broken polyfill) is passed over.
 */
export function moduleBytes(): Uint8Array {
  const native = nativeBase64();
  if (native !== null) {
    const b = native(WASM_BASE64);
    if (b.length === WASM_BYTES) return b;
  }
  return decodeBase64(WASM_BASE64, WASM_BYTES);
}

/** The runtime's native base64 decoder, or null when it has none. */
function nativeBase64(): ((s: string) => Uint8Array) | null {
  const fromBase64 = (Uint8Array as NativeBase64).fromBase64;
  if (typeof fromBase64 === 'function') return (s) => fromBase64.call(Uint8Array, s);
  const buffer = (globalThis as NativeBase64).Buffer;
  if (buffer !== undefined && typeof buffer.from === 'function') {
    return (s) => {
      const b = buffer.from(s, 'base64');
      return new Uint8Array(b.buffer, b.byteOffset, b.length);
    };
  }
  return null;
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
