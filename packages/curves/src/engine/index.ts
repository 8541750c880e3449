/**
 * Engine selection (exported as the namespace `engine` of `@strata/curves`
 * and as the subpath `@strata/curves/engine`).
 *
 * Strata has two engines behind one API. The TypeScript engine is the
 * default and always available. The WebAssembly engine (one embedded module
 * of about the size `engineInfo().moduleBytes` reports) runs whole
 * operations — scalar multiplications, MSM, point decoding, the Ed25519
 * verification equation — inside WebAssembly; once selected it serves every
 * operation it implements, for every caller in the process (thread), through
 * the unchanged public API of `@strata/curves` and of every package above it.
 *
 *     // engine: the namespace of @strata/curves
 *     await engine.initWasm();        // 'wasm', or 'ts' where WebAssembly is refused
 *     engine.currentEngine();         // 'wasm' (without the await: 'ts' until the load resolves)
 *     engine.useEngine('ts');         // back to TypeScript (the module stays loaded)
 *
 * `initWasm()` works everywhere; `initWasmSync()` compiles synchronously,
 * which Node and workers allow but a browser's main thread may refuse for a
 * module of this size. Where WebAssembly is unavailable (no WebAssembly, a
 * Content-Security-Policy without 'wasm-unsafe-eval'), both leave the
 * TypeScript engine selected and return 'ts' — or, with `{ required: true }`,
 * throw StrataError ERR_ENGINE_UNAVAILABLE; `engineInfo().error` says why.
 *
 * The selection is per JavaScript realm (each worker has its own): the worker
 * pools of `@strata/ed25519-batch` initialise, in every worker, the engine
 * that was current when the pool was created.
 */
import { ErrorCode, StrataError, expectOptions } from '@strata/field';
import type { WasmKernels } from './abi.js';
import { load, loadSync, moduleSize } from './load.js';
import { isLoading, selectedEngine, setLoading, setWasmEngine, type WasmEngine } from './state.js';
// The bridges (marshalling between the TypeScript objects and the module's memory) are
// imported here only: an app that never imports `engine` bundles neither them nor the module.
import { wasmSecp256k1Backend } from '../secp256k1/wasm.js';
import { wasmEd25519Backend } from '../ed25519/wasm.js';
import { wasmEdwardsBackend } from '../edwards/wasm.js';

/** The engines: `'ts'` (TypeScript, the default) and `'wasm'` (WebAssembly). */
export type EngineName = 'ts' | 'wasm';

/** Options of {@link initWasm} and {@link initWasmSync}. */
export interface InitWasmOptions {
  /** Throw StrataError ERR_ENGINE_UNAVAILABLE instead of falling back to the TypeScript engine (default false). */
  readonly required?: boolean;
}

/** What {@link engineInfo} reports. */
export interface EngineInfo {
  /** The engine serving operations now. */
  readonly engine: EngineName;
  /** True once the WebAssembly module is compiled and instantiated in this realm. */
  readonly wasmLoaded: boolean;
  /** Size of the WebAssembly module in bytes (embedded in the package). */
  readonly moduleBytes: number;
  /** Milliseconds the last successful load took (decode, compile, instantiate), or null. */
  readonly initMs: number | null;
  /** Why the last load failed, or null. */
  readonly error: string | null;
  /**
   * True while an `initWasm()` load is in flight: operations still run on
   * the TypeScript engine until it resolves (`await` it). An operation that
   * runs meanwhile prints one console warning (not when NODE_ENV=production).
   */
  readonly loading: boolean;
}

let loaded: WasmEngine | null = null;
let pending: Promise<WasmKernels> | null = null;
let initMs: number | null = null;
let lastError: string | null = null;

/**
 * The engine the curve modules call: one backend object per curve, the
 * bridges bound to these kernels (frozen, built once per load; useEngine
 * then swaps the one selected object).
 */
function withBackends(kernels: WasmKernels): WasmEngine {
  return Object.freeze({ secp256k1: wasmSecp256k1Backend(kernels), ed25519: wasmEd25519Backend(kernels), edwards: wasmEdwardsBackend(kernels) });
}

function now(): number {
  const p = (globalThis as { performance?: { now(): number } }).performance;
  return p !== undefined ? p.now() : Date.now();
}

function required(options: InitWasmOptions | undefined, who: string): boolean {
  if (options === undefined) return false;
  expectOptions(`${who} options`, options);
  const r = options.required;
  if (r !== undefined && typeof r !== 'boolean') throw new TypeError(`${who}: options.required must be a boolean, got ${typeof r}`);
  return r === true;
}

function failed(e: unknown, mustLoad: boolean): EngineName {
  lastError = e instanceof Error ? e.message : String(e);
  if (mustLoad) throw e;
  return currentEngine();
}

let warned = false;

/**
 * The unawaited-init guard (src/engine/state.ts): called by the first
 * operation that runs on the TypeScript engine while a load started by
 * {@link initWasm} is in flight. Prints one `console.warn` per realm, not
 * when NODE_ENV=production.
 */
function warnUnawaited(): void {
  if (warned || production()) return;
  warned = true;
  console.warn(
    '@strata/curves: an operation ran on the TypeScript engine while engine.initWasm() was still loading. ' +
      'Did you forget `await`? Write `await engine.initWasm()` before the first operation to run on WebAssembly; ' +
      "engine.currentEngine() says which engine serves ('ts' until the load resolves). " +
      "To stay on TypeScript on purpose, call engine.useEngine('ts'). This warning is shown once, and not when NODE_ENV=production.",
  );
}

function production(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env !== undefined && env['NODE_ENV'] === 'production';
}

/**
 * Loads the WebAssembly engine (once per realm; concurrent calls share the
 * load) and selects it. Resolves to the engine now current: 'wasm', or 'ts'
 * when WebAssembly is unavailable (then `engineInfo().error` says why), or
 * rejects with StrataError ERR_ENGINE_UNAVAILABLE when `options.required`.
 */
export async function initWasm(options?: InitWasmOptions): Promise<EngineName> {
  const mustLoad = required(options, 'initWasm');
  if (loaded === null) {
    const t0 = now();
    pending ??= load();
    setLoading(warnUnawaited);
    try {
      const k = await pending;
      if (loaded === null) {
        loaded = withBackends(k);
        initMs = now() - t0;
        lastError = null;
      }
    } catch (e) {
      pending = null;
      setLoading(null);
      return failed(e, mustLoad);
    }
  }
  setWasmEngine(loaded);
  return 'wasm';
}

/**
 * Loads the WebAssembly engine synchronously and selects it; returns the
 * engine now current ('ts' when WebAssembly is unavailable or refuses to
 * compile synchronously, as a browser's main thread may). With
 * `options.required`, throws StrataError ERR_ENGINE_UNAVAILABLE instead.
 */
export function initWasmSync(options?: InitWasmOptions): EngineName {
  const mustLoad = required(options, 'initWasmSync');
  if (loaded === null) {
    const t0 = now();
    try {
      loaded = withBackends(loadSync());
    } catch (e) {
      return failed(e, mustLoad);
    }
    initMs = now() - t0;
    lastError = null;
  }
  setWasmEngine(loaded);
  return 'wasm';
}

/**
 * Selects the engine that serves operations from now on. 'ts' always works;
 * 'wasm' needs a successful initWasm()/initWasmSync() first (StrataError
 * ERR_ENGINE_UNAVAILABLE otherwise). Anything else is a TypeError.
 */
export function useEngine(name: EngineName): void {
  if (name === 'ts') {
    setWasmEngine(null);
    return;
  }
  if (name !== 'wasm') throw new TypeError(`useEngine: expected 'ts' or 'wasm', got ${typeof name === 'string' ? `'${name}'` : typeof name}`);
  if (loaded === null) {
    throw new StrataError(ErrorCode.ENGINE_UNAVAILABLE, `useEngine('wasm'): the WebAssembly engine is not loaded; call await engine.initWasm() first${lastError !== null ? ` (last attempt: ${lastError})` : ''}`);
  }
  setWasmEngine(loaded);
}

/** The engine serving operations now. */
export function currentEngine(): EngineName {
  return selectedEngine() === null ? 'ts' : 'wasm';
}

/** The current engine, whether the WebAssembly module is loaded, its size and load time, and the last load error. */
export function engineInfo(): EngineInfo {
  return { engine: currentEngine(), wasmLoaded: loaded !== null, moduleBytes: moduleSize, initMs, error: lastError, loading: isLoading() };
}
