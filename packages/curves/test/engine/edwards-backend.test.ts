/**
 * The generic Edwards backend seam (src/edwards/backend.ts): no WebAssembly
 * implementation yet, so `edwardsBackend()` is null on both engines and the
 * public functions run the TypeScript implementation; that implementation,
 * called as the backend object, gives what the public functions give.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { engine } from '../../src/index.js';
import * as E from '../../src/edwards/index.js';
import { edwardsBackend } from '../../src/engine/state.js';
import { tsEdwardsBackend } from '../../src/edwards/backend-ts.js';

afterAll(() => engine.useEngine('ts'));

function le32(n: bigint): Uint8Array {
  const b = new Uint8Array(32);
  for (let i = 0; i < 32; i++) b[i] = Number((n >> BigInt(8 * i)) & 0xffn);
  return b;
}

describe('generic Edwards backend seam', () => {
  it('edwardsBackend() is null on both engines until the module has Edwards kernels (issue 24)', () => {
    engine.useEngine('ts');
    expect(edwardsBackend()).toBeNull();
    expect(engine.initWasmSync({ required: true })).toBe('wasm');
    expect(edwardsBackend()).toBeNull();
    engine.useEngine('ts');
  });

  it('the TypeScript object has every operation of the interface, all functions', () => {
    const names = Object.keys(tsEdwardsBackend).sort();
    expect(names).toEqual(['msmNonConst', 'scalarBaseMult', 'scalarBaseMultNonConst', 'scalarMult', 'scalarMultGlvNonConst', 'scalarMultNonConst']);
    for (const n of names) expect(typeof (tsEdwardsBackend as unknown as Record<string, unknown>)[n]).toBe('function');
  });

  it('called directly, the TypeScript object gives the public functions\' points', () => {
    const k = 0x1234567890abcdef1234567890abcdef1234567890abcdefn;
    const j = 0xfedcba0987654321fedcba0987654321n;
    for (const curve of [E.jubjub, E.bandersnatch, E.babyJubjub]) {
      const G = new E.PointExtended(curve).setGenerator();
      const P = E.scalarMultNonConst(j, G);
      const be = tsEdwardsBackend;
      const run = (f: (o: E.PointExtended) => void): E.PointExtended => {
        const o = new E.PointExtended(curve);
        f(o);
        return o;
      };
      expect(run((o) => be.scalarMult(le32(k), P, o)).equals(E.scalarMult(k, P))).toBe(true);
      expect(run((o) => be.scalarMultNonConst(le32(k), P, o)).equals(E.scalarMultNonConst(k, P))).toBe(true);
      expect(run((o) => be.scalarBaseMult(le32(k), o)).equals(E.scalarBaseMult(curve, k))).toBe(true);
      expect(run((o) => be.scalarBaseMultNonConst(le32(k), o)).equals(E.scalarMultNonConst(k, G))).toBe(true);
      if (curve.glv !== undefined) expect(run((o) => be.scalarMultGlvNonConst(le32(k), P, o)).equals(E.scalarMultNonConst(k % curve.order, P))).toBe(true);
      const bytes = new Uint8Array([...le32(k), ...le32(j)]);
      const want = E.msmNonConst(curve, [P, G], [k, j]);
      expect(want.equals(E.scalarMultNonConst(k, P).add(E.scalarMultNonConst(k, P), E.scalarMultNonConst(j, G)))).toBe(true);
      expect(run((o) => be.msmNonConst([P, G], bytes, true, 0, o)).equals(want)).toBe(true);
      expect(run((o) => be.msmNonConst([P, G], bytes, false, 3, o)).equals(want)).toBe(true);
    }
  });
});
