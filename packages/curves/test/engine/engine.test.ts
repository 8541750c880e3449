/**
 * The engine seam (src/engine): loading, selection, fallback, and the
 * module's fixed memory. Written to pass under either engine of the test
 * matrix: each test that changes the selection restores the one it found,
 * and the tests of a fresh realm import a fresh copy of the engine modules
 * (vi.resetModules), whose state starts at the TypeScript engine.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, StrataError, engine } from '../../src/index.js';
import * as secp256k1 from '../../src/secp256k1/index.js';
import { decodeBase64, moduleBytes, wrap } from '../../src/engine/load.js';
import { WASM_BASE64, WASM_BYTES } from '../../src/engine/module.generated.js';
import { SECP256K1_LAYOUT } from '../../src/engine/secp256k1-abi.js';

const wasmDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'wasm');
const built = join(wasmDir, 'build', 'engine.wasm');

type EngineModule = typeof import('../../src/engine/index.js');

/** A fresh copy of the engine modules: a realm where nothing was loaded yet. */
async function freshEngine(): Promise<EngineModule> {
  vi.resetModules();
  return import('../../src/engine/index.js');
}

const code = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (e) {
    // By name and code, not instanceof: freshEngine() imports fresh copies of @strata/field's classes.
    if (e instanceof Error && e.name === 'StrataError') return (e as StrataError).code;
    return e instanceof Error && e.name === 'TypeError' ? 'TypeError' : String(e);
  }
  return undefined;
};

let found: engine.EngineName;
beforeEach(() => {
  found = engine.currentEngine();
});
afterEach(() => {
  vi.unstubAllGlobals();
  engine.useEngine(found);
});

describe('loading and selecting', () => {
  it('starts on the TypeScript engine, with nothing loaded', async () => {
    const e = await freshEngine();
    expect(e.currentEngine()).toBe('ts');
    expect(e.engineInfo()).toMatchObject({ engine: 'ts', wasmLoaded: false, initMs: null, error: null });
  });

  it('initWasmSync loads and selects the WebAssembly engine, and reports its size and load time', async () => {
    const e = await freshEngine();
    expect(e.initWasmSync()).toBe('wasm');
    expect(e.currentEngine()).toBe('wasm');
    const info = e.engineInfo();
    expect(info.engine).toBe('wasm');
    expect(info.wasmLoaded).toBe(true);
    expect(info.moduleBytes).toBe(readFileSync(built).length);
    expect(info.initMs).toBeGreaterThanOrEqual(0);
    expect(info.error).toBeNull();
  });

  it('initWasm loads asynchronously; concurrent calls share one load', async () => {
    const e = await freshEngine();
    const [a, b] = await Promise.all([e.initWasm(), e.initWasm({ required: true })]);
    expect([a, b]).toEqual(['wasm', 'wasm']);
    expect(e.engineInfo().wasmLoaded).toBe(true);
  });

  it('useEngine switches both ways once loaded; the module stays loaded', async () => {
    const e = await freshEngine();
    e.initWasmSync({ required: true });
    e.useEngine('ts');
    expect(e.currentEngine()).toBe('ts');
    expect(e.engineInfo().wasmLoaded).toBe(true);
    e.useEngine('wasm');
    expect(e.currentEngine()).toBe('wasm');
  });

  it("useEngine('wasm') before any load is ERR_ENGINE_UNAVAILABLE; the selection does not change", async () => {
    const e = await freshEngine();
    expect(code(() => e.useEngine('wasm'))).toBe(ErrorCode.ENGINE_UNAVAILABLE);
    expect(e.currentEngine()).toBe('ts');
  });

  it('bad engine names and options are TypeErrors', async () => {
    const e = await freshEngine();
    for (const bad of ['WASM', 'js', '', 1, null, undefined, {}]) {
      expect(code(() => e.useEngine(bad as never))).toBe('TypeError');
    }
    for (const bad of [null, 1, 'required', [true]]) {
      expect(code(() => e.initWasmSync(bad as never))).toBe('TypeError');
      await expect(e.initWasm(bad as never)).rejects.toThrow(TypeError);
    }
    expect(code(() => e.initWasmSync({ required: 'yes' } as never))).toBe('TypeError');
    expect(e.currentEngine()).toBe('ts');
  });
});

describe('where WebAssembly is unavailable, the TypeScript engine keeps working', () => {
  const G2 = '02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5';

  /** Checks that the TS engine still serves (2G from a scalar multiplication, against its known encoding). */
  function stillWorks(e: EngineModule): void {
    expect(e.currentEngine()).toBe('ts');
    const two = new secp256k1.JacobianPoint().doubleNonConst(secp256k1.generator());
    expect(Buffer.from(secp256k1.pointToBytes(two)).toString('hex')).toBe(G2);
  }

  it('no WebAssembly global: initWasmSync and initWasm return ts and say why; required throws', async () => {
    const e = await freshEngine();
    vi.stubGlobal('WebAssembly', undefined);
    expect(e.initWasmSync()).toBe('ts');
    expect(e.engineInfo().error).toMatch(/no WebAssembly/);
    expect(await e.initWasm()).toBe('ts');
    expect(code(() => e.initWasmSync({ required: true }))).toBe(ErrorCode.ENGINE_UNAVAILABLE);
    await expect(e.initWasm({ required: true })).rejects.toMatchObject({ code: ErrorCode.ENGINE_UNAVAILABLE });
    expect(code(() => e.useEngine('wasm'))).toBe(ErrorCode.ENGINE_UNAVAILABLE);
    stillWorks(e);
  });

  it('a refused compile (a CSP without wasm-unsafe-eval) falls back the same way, and a later load can succeed', async () => {
    const e = await freshEngine();
    const real = globalThis.WebAssembly;
    const refuse = function Module(): never {
      throw new real.CompileError('WebAssembly.Module(): Wasm code generation disallowed by embedder');
    };
    vi.stubGlobal('WebAssembly', { ...real, Module: refuse, Instance: real.Instance, compile: async () => refuse(), instantiate: real.instantiate });
    expect(e.initWasmSync()).toBe('ts');
    expect(e.engineInfo().error).toMatch(/disallowed by embedder/);
    expect(await e.initWasm()).toBe('ts');
    await expect(e.initWasm({ required: true })).rejects.toMatchObject({ code: ErrorCode.ENGINE_UNAVAILABLE });
    stillWorks(e);
    vi.unstubAllGlobals();
    expect(await e.initWasm()).toBe('wasm');
    expect(e.engineInfo().error).toBeNull();
  });
});

describe('the module', () => {
  it('has the fixed memory of the memory map, which cannot grow', () => {
    const k = wrap(new WebAssembly.Instance(new WebAssembly.Module(readFileSync(built)), {}).exports);
    const pages = k.exports.ENGINE_PAGES.value;
    expect(k.u8.length).toBe(pages * 65536);
    expect(() => k.exports.memory.grow(1)).toThrow(RangeError);
    expect(k.exports.memory.buffer.byteLength).toBe(pages * 65536);
    const regions = [k.exports.SECP256K1_REGION.value, k.exports.SECP256K1_REGION_END.value, k.exports.ED25519_REGION.value, k.exports.ED25519_REGION_END.value];
    expect(regions[0]).toBeGreaterThanOrEqual(0x10000);
    expect(regions[1]).toBeLessThanOrEqual(regions[2]!);
    expect(regions[3]).toBeLessThanOrEqual(pages * 65536);
    // secp256k1's Pippenger area: after ed25519's region, inside the memory.
    const msm = [k.exports.SECP256K1_MSM_REGION.value, k.exports.SECP256K1_MSM_REGION_END.value];
    expect(msm[0]).toBeGreaterThanOrEqual(regions[3]!);
    expect(msm[1]! - msm[0]!).toBe(0x80000);
    expect(msm[1]).toBeLessThanOrEqual(pages * 65536);
    // The hash region: after secp256k1's Pippenger area, inside the memory, the input area inside it.
    const hash = [k.exports.HASH_REGION.value, k.exports.HASH_REGION_END.value];
    expect(hash[0]).toBeGreaterThanOrEqual(msm[1]!);
    expect(hash[1]).toBeLessThanOrEqual(pages * 65536);
    expect(k.exports.SHA512_STATE.value).toBeGreaterThanOrEqual(hash[0]!);
    expect(k.exports.SHA512_INPUT.value + k.exports.SHA512_INPUT_MAX.value).toBeLessThanOrEqual(hash[1]!);
    // The generic Edwards region: after the hash region, inside the memory, its I/O and MSM areas inside it.
    const edw = [k.exports.EDWARDS_REGION.value, k.exports.EDWARDS_REGION_END.value];
    expect(edw[0]).toBeGreaterThanOrEqual(hash[1]!);
    expect(edw[1]).toBeLessThanOrEqual(pages * 65536);
    for (const at of [k.exports.EDWARDS_CURVE.value, k.exports.EDWARDS_IO_OUT.value, k.exports.EDWARDS_MSM_SCALARS.value + 32 * k.exports.EDWARDS_MSM_MAX.value]) {
      expect(at).toBeGreaterThanOrEqual(edw[0]!);
      expect(at).toBeLessThanOrEqual(edw[1]!);
    }
    // The batch-affine MSM region: after the Edwards region, inside the memory, its constants and scalars inside it.
    const am = [k.exports.EDWARDS_MSM_REGION.value, k.exports.EDWARDS_MSM_REGION_END.value];
    expect(am[0]).toBeGreaterThanOrEqual(edw[1]!);
    expect(am[1]).toBeLessThanOrEqual(pages * 65536);
    for (const at of [k.exports.EDWARDS_AMSM_CONSTS.value, k.exports.EDWARDS_AMSM_SCALARS.value + 32 * k.exports.EDWARDS_AMSM_MAX.value]) {
      expect(at).toBeGreaterThanOrEqual(am[0]!);
      expect(at).toBeLessThanOrEqual(am[1]!);
    }
  });

  it('keeps secp256k1\'s G table region after every other region, one table slot long', () => {
    const k = wrap(new WebAssembly.Instance(new WebAssembly.Module(readFileSync(built)), {}).exports);
    const pages = k.exports.ENGINE_PAGES.value;
    const g = [k.exports.SECP256K1_TABLE_G_REGION.value, k.exports.SECP256K1_TABLE_G_REGION_END.value];
    expect(g[0]).toBeGreaterThanOrEqual(k.exports.EDWARDS_MSM_REGION_END.value);
    expect(g[1]).toBeLessThanOrEqual(pages * 65536);
    expect(SECP256K1_LAYOUT.TABLE_G).toBe(g[0]);
    expect(SECP256K1_LAYOUT.TABLE_G + SECP256K1_LAYOUT.TABLE_G_BYTES).toBeLessThanOrEqual(g[1]!);
  });

  it('refuses a module of another ABI version', () => {
    const exports = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(built)), {}).exports;
    expect(code(() => wrap({ ...exports, ENGINE_ABI: { value: 999 } }))).toBe(ErrorCode.ENGINE_UNAVAILABLE);
    expect(code(() => wrap({ ...exports, ENGINE_ABI: undefined }))).toBe(ErrorCode.ENGINE_UNAVAILABLE);
  });

  it('embeds exactly the built binary', () => {
    const bytes = readFileSync(built);
    expect(WASM_BYTES).toBe(bytes.length);
    expect(WASM_BASE64).toBe(bytes.toString('base64'));
  });
});

/** Whether a holds exactly the bytes of b (a byte compare: toEqual walks 62 KB element by element). */
const NodeBuffer = Buffer;
const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && NodeBuffer.compare(a, b) === 0;

describe('decoding the embedded module', () => {
  it('the portable decoder gives the built binary, and what Buffer gives for every padding', () => {
    expect(sameBytes(decodeBase64(WASM_BASE64, WASM_BYTES), readFileSync(built))).toBe(true);
    // Lengths 0..9 cover no padding, '=' and '=='; bytes 0, 255 and the alphabet's ends ('+', '/').
    for (let n = 0; n < 10; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => [0, 255, 0xfb, 0xff, 0x3e, 0x3f, 1, 128][i % 8]! ^ (i * 37));
      const b64 = Buffer.from(bytes).toString('base64');
      expect(decodeBase64(b64, n)).toEqual(bytes);
    }
  });

  it('moduleBytes() prefers Uint8Array.fromBase64, then Buffer, and passes over a decoder of the wrong length', () => {
    const want = new Uint8Array(readFileSync(built));
    expect(sameBytes(moduleBytes(), want)).toBe(true);
    const u8 = Uint8Array as unknown as { fromBase64?: (s: string) => Uint8Array };
    const had = Object.prototype.hasOwnProperty.call(u8, 'fromBase64');
    const saved = u8.fromBase64;
    const calls: string[] = [];
    try {
      u8.fromBase64 = (s: string) => {
        calls.push(s);
        return new Uint8Array(Buffer.from(s, 'base64'));
      };
      expect(sameBytes(moduleBytes(), want)).toBe(true);
      expect(calls).toEqual([WASM_BASE64]);
      u8.fromBase64 = () => new Uint8Array(3);
      expect(sameBytes(moduleBytes(), want)).toBe(true);
    } finally {
      if (had) u8.fromBase64 = saved;
      else delete u8.fromBase64;
    }
    // Buffer is stubbed only around the synchronous decode (the test runner itself uses Buffer).
    vi.stubGlobal('Buffer', { from: () => new Uint8Array(WASM_BYTES - 1) });
    const got = moduleBytes();
    vi.unstubAllGlobals();
    expect(sameBytes(got, want)).toBe(true);
  });

  it('where the runtime has no native decoder, both inits load the module and it serves', async () => {
    for (const init of ['sync', 'async'] as const) {
      const e = await freshEngine();
      // Both inits decode synchronously, before their first await.
      vi.stubGlobal('Buffer', undefined);
      const loading = init === 'sync' ? e.initWasmSync({ required: true }) : e.initWasm({ required: true });
      vi.unstubAllGlobals();
      expect(await loading).toBe('wasm');
      expect(e.engineInfo().wasmLoaded).toBe(true);
      // A second init of the same realm loads nothing more.
      const ms = e.engineInfo().initMs;
      expect(init === 'sync' ? await e.initWasm() : e.initWasmSync()).toBe('wasm');
      expect(e.engineInfo().initMs).toBe(ms);
      // The first generic Edwards call of the realm runs on the module and gives the TypeScript engine's point.
      const E = await import('../../src/edwards/index.js');
      const state = await import('../../src/engine/state.js');
      expect(state.edwardsBackend()).not.toBeNull();
      const k = 0x1234567890abcdef1234567890abcdef1234567890abcdefn;
      const fromWasm = E.scalarBaseMult(E.bandersnatch, k);
      e.useEngine('ts');
      expect(fromWasm.equals(E.scalarBaseMult(E.bandersnatch, k))).toBe(true);
    }
  });
});
