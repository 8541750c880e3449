/**
 * The engine matrix is real: the engine setup (tools/engine-matrix/src/setup.ts)
 * selected the engine STRATA_ENGINE names before this file ran, so every
 * other test file of the run exercises that engine.
 */
import { describe, expect, it } from 'vitest';
import { engine } from '../../src/index.js';

describe('engine matrix', () => {
  it('runs this file on the engine STRATA_ENGINE names (ts when unset)', () => {
    const wanted = process.env['STRATA_ENGINE'] ?? 'ts';
    expect(engine.currentEngine()).toBe(wanted);
    // With isolated files (the default) nothing but the setup touched the engine, so the module is
    // loaded exactly when 'wasm' was asked for; without (STRATA_TEST_ISOLATE=0, `pnpm test:quick`) an
    // earlier file of the same worker may have loaded it, and only the selection is the setup's.
    if (process.env['STRATA_TEST_ISOLATE'] !== '0') expect(engine.engineInfo().wasmLoaded).toBe(wanted === 'wasm');
    else if (wanted === 'wasm') expect(engine.engineInfo().wasmLoaded).toBe(true);
  });
});
