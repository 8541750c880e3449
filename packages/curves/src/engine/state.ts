/**
 * The engine selection: the one piece of module state in @strata/curves
 * besides scratch buffers and constant tables (docs/architecture.md). Every
 * served operation reads `wasmKernels()` once per call: null means the
 * TypeScript engine.
 */
import type { WasmKernels } from './abi.js';

let active: WasmKernels | null = null;

/** The active WebAssembly engine, or null when the TypeScript engine serves. */
export function wasmKernels(): WasmKernels | null {
  return active;
}

/** Sets the active engine (null: TypeScript). Internal: the public switch is engine.useEngine. */
export function setWasmKernels(k: WasmKernels | null): void {
  active = k;
}
