/**
 * The engine of a pool worker: tasks carry the caller's `currentEngine()`,
 * and the worker selects it before its work.
 *
 * References: docs/architecture.md (engines are per realm).
 */
import { initWasmSync, useEngine, type EngineName } from '../engine/index.js';

/**
 * Selects `name` in this worker: 'wasm' loads the module on first use
 * (synchronously: workers may compile synchronously, browsers included) and
 * stays on the TypeScript engine where WebAssembly is refused; 'ts' selects
 * the TypeScript engine. Results are the same on either engine.
 */
export function selectWorkerEngine(name: EngineName): void {
  if (name === 'wasm') initWasmSync();
  else useEngine('ts');
}
