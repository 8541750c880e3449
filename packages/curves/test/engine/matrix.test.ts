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
    expect(engine.engineInfo().wasmLoaded).toBe(wanted === 'wasm');
  });
});
