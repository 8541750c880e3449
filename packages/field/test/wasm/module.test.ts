/**
 * The WebAssembly module itself: one fixed memory page that cannot grow.
 * That its compile is deterministic (what makes not committing the binary
 * safe) is checked by scripts/test/wasm-reproducible.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { instantiate, wasmBytes } from './module.js';

describe('wasm/build/field.wasm', () => {
  it('has one memory page, a maximum of one page, and cannot grow', () => {
    const module = new WebAssembly.Module(wasmBytes());
    expect(WebAssembly.Module.imports(module)).toEqual([]);
    const w = instantiate();
    expect(w.memory.buffer.byteLength).toBe(65536);
    expect(() => w.memory.grow(1)).toThrow(RangeError);
    expect(w.memory.buffer.byteLength).toBe(65536);
    // the scratch slots and the loop slots lie inside the page, above the reserved bytes
    const base = w.SLOT_BASE.value as number;
    expect(base).toBeGreaterThanOrEqual(256);
    expect(base + (w.SLOT_COUNT.value as number) * (w.SLOT_SIZE.value as number)).toBeLessThanOrEqual(w.FE_LOOP_X.value as number);
    expect((w.FP_LOOP_Y.value as number) + 40).toBeLessThanOrEqual(4096);
  });

  it('an offset outside the page traps instead of growing memory', () => {
    const w = instantiate();
    expect(() => w.fe25519Mul(65536, 0x100, 0x140)).toThrow(WebAssembly.RuntimeError);
    expect(() => w.secp256k1Square(0x100, 70000)).toThrow(WebAssembly.RuntimeError);
    expect(w.memory.buffer.byteLength).toBe(65536);
  });
});
