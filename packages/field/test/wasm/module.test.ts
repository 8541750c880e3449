/**
 * The WebAssembly module itself: one fixed memory page that cannot grow, and
 * a deterministic compiler (two builds give identical bytes, and the same
 * bytes as wasm/build/field.wasm) — what makes not committing the binary safe.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { instantiate, wasmBytes, wasmDir } from './module.js';

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

  it('compiles deterministically: two builds are byte-identical, and equal to the built file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'strata-wasm-'));
    try {
      const outs = [join(dir, 'a.wasm'), join(dir, 'b.wasm')];
      for (const out of outs) execFileSync(process.execPath, [join(wasmDir, 'build.mjs'), '--out', out], { stdio: 'pipe' });
      const [a, b] = outs.map((f) => readFileSync(f));
      expect(a!.length).toBeGreaterThan(0);
      expect(Buffer.compare(a!, b!)).toBe(0);
      expect(Buffer.compare(a!, Buffer.from(wasmBytes()))).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
