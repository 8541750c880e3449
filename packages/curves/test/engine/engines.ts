/**
 * Running one call under both engines, shared by the engine tests. Each
 * helper restores the engine it found, so a test file behaves the same in
 * either run of the engine matrix. The WebAssembly engine must be loaded
 * (engine.initWasmSync) before these are called.
 */
import { engine } from '../../src/index.js';

/** Runs f with engine `name` selected, then selects the engine found before again. */
export function under<T>(name: engine.EngineName, f: () => T): T {
  const found = engine.currentEngine();
  engine.useEngine(name);
  try {
    return f();
  } finally {
    engine.useEngine(found);
  }
}

/** [f() under the TypeScript engine, f() under the WebAssembly engine]. */
export function bothEngines<T>(f: () => T): [T, T] {
  return [under('ts', f), under('wasm', f)];
}
