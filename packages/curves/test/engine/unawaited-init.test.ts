/**
 * `engine.initWasm()` without `await`: the load is still in flight, so the
 * next operations run on the TypeScript engine. That must be visible:
 * `engineInfo().loading` is true until the load settles, and the first
 * operation that runs on TypeScript meanwhile prints one console warning
 * (outside NODE_ENV=production). Each test imports a fresh copy of the
 * package (vi.resetModules): a realm where nothing was loaded yet.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The package root (the engine switch) and the two curve subpaths, as an app imports them. */
interface Curves {
  engine: typeof import('../../src/index.js')['engine'];
  secp256k1: typeof import('../../src/secp256k1/index.js');
  ed25519: typeof import('../../src/ed25519/index.js');
}

async function fresh(): Promise<Curves> {
  vi.resetModules();
  const [{ engine }, secp256k1, ed25519] = await Promise.all([
    import('../../src/index.js'),
    import('../../src/secp256k1/index.js'),
    import('../../src/ed25519/index.js'),
  ]);
  return { engine, secp256k1, ed25519 };
}

/** One cheap served operation: parsing a public key (the WebAssembly engine serves it when selected). */
function operate(c: Curves): void {
  c.secp256k1.pointFromBytes(c.secp256k1.pointToBytes(c.secp256k1.G));
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('an unawaited engine.initWasm()', () => {
  it('an operation during the load warns once and says what to do; engineInfo().loading shows the load', async () => {
    const c = await fresh();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(c.engine.engineInfo().loading).toBe(false);
    const p = c.engine.initWasm(); // no await: the mistake
    expect(c.engine.engineInfo().loading).toBe(true);
    expect(c.engine.currentEngine()).toBe('ts');
    // Status calls do not warn; operations do, once.
    expect(warn).not.toHaveBeenCalled();
    operate(c);
    operate(c);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/forget `await`\?.*await engine\.initWasm\(\)/s);
    expect(await p).toBe('wasm');
    expect(c.engine.engineInfo().loading).toBe(false);
    operate(c);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('an ed25519 operation during the load warns the same way (the ed25519 backend seam reads the same guard)', async () => {
    const c = await fresh();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const p = c.engine.initWasm(); // no await
    const G = c.ed25519.Point.generator();
    expect(c.ed25519.Point.fromBytes(G.toBytes()).equals(G)).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/forget `await`\?/);
    expect(await p).toBe('wasm');
    c.ed25519.scalarBaseMultNonConst(new Uint8Array(32));
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('an awaited init never warns', async () => {
    const c = await fresh();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await c.engine.initWasm()).toBe('wasm');
    operate(c);
    c.engine.useEngine('ts');
    operate(c);
    expect(warn).not.toHaveBeenCalled();
  });

  it("choosing TypeScript on purpose during the load (useEngine('ts')) does not warn", async () => {
    const c = await fresh();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const p = c.engine.initWasm();
    c.engine.useEngine('ts');
    operate(c);
    expect(warn).not.toHaveBeenCalled();
    await p;
  });

  it('NODE_ENV=production silences the warning, not the status', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const c = await fresh();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const p = c.engine.initWasm();
    expect(c.engine.engineInfo().loading).toBe(true);
    operate(c);
    expect(warn).not.toHaveBeenCalled();
    await p;
  });

  it('a load that fails clears loading (the TypeScript engine serves on, without the warning)', async () => {
    vi.stubGlobal('WebAssembly', undefined);
    const c = await fresh();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const p = c.engine.initWasm();
    expect(await p).toBe('ts');
    vi.unstubAllGlobals();
    expect(c.engine.engineInfo().loading).toBe(false);
    operate(c);
    expect(warn).not.toHaveBeenCalled();
  });
});
