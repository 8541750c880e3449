/**
 * The ed25519 backend seam (src/ed25519/backend.ts): both implementations
 * serve the same operations, the engine switch swaps the selected object,
 * and the two objects called directly agree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scalar25519 } from '@strata/field';
import { engine } from '../../src/index.js';
import * as ed25519 from '../../src/ed25519/index.js';
import { ed25519Backend } from '../../src/engine/state.js';
import { tsEd25519Backend } from '../../src/ed25519/backend-ts.js';
import type { Ed25519Backend } from '../../src/ed25519/backend.js';
import { A_POINT, C_SPLIT } from '../../src/engine/ed25519-abi.js';

let wasm: Ed25519Backend;

beforeAll(() => {
  expect(engine.initWasmSync({ required: true })).toBe('wasm');
  wasm = ed25519Backend()!;
  engine.useEngine('ts');
});
afterAll(() => engine.useEngine('ts'));

const { Point } = ed25519;

function scalarBytes(n: bigint): Uint8Array {
  const b = new Uint8Array(32);
  for (let i = 0; i < 32; i++) b[i] = Number((n >> BigInt(8 * i)) & 0xffn);
  return b;
}

describe('ed25519 backend seam', () => {
  it('useEngine swaps the selected backend object: null (TypeScript functions) or the WebAssembly object', () => {
    engine.useEngine('ts');
    expect(ed25519Backend()).toBeNull();
    engine.useEngine('wasm');
    expect(ed25519Backend()).toBe(wasm);
    engine.useEngine('ts');
    expect(ed25519Backend()).toBeNull();
  });

  it('both implementations have the same operations, all functions', () => {
    const names = Object.keys(tsEd25519Backend).sort();
    expect(Object.keys(wasm).sort()).toEqual(names);
    expect(names.length).toBe(18);
    for (const n of names) {
      expect(typeof (tsEd25519Backend as unknown as Record<string, unknown>)[n]).toBe('function');
      expect(typeof (wasm as unknown as Record<string, unknown>)[n]).toBe('function');
    }
  });

  it('called directly, the two objects give the same points and encodings', () => {
    const G = Point.generator();
    const enc = new Uint8Array(32);
    const k = scalarBytes(0x1234567890abcdef1234567890abcdefn);
    for (const be of [tsEd25519Backend, wasm]) {
      const p = new Point();
      expect(be.decode(G.toBytes(), 0, true, p)).toBe(0);
      expect(p.equals(G)).toBe(true);
      be.encode(p, enc, 0);
      expect(enc).toEqual(G.toBytes());
      expect(be.isTorsionFree(p)).toBe(true);
    }
    const outs = [tsEd25519Backend, wasm].map((be) => {
      const a = new Point();
      be.scalarBaseMultNonConst(k.slice(), a);
      const b = new Point();
      be.scalarMultNonConst(k.slice(), A_POINT, Point.generator(), b);
      const c = new Point();
      be.msm([Point.generator(), Point.generator()], 2, new Uint8Array([...k, ...k]), true, 0, 128, c);
      const d = new Uint8Array(64);
      expect(be.encodeBatch([a, c], d, 0)).toBe(true);
      const e = new Uint8Array(35);
      be.scalarBaseMultToBytes(k.slice(), e, 3);
      expect(e.subarray(3)).toEqual(a.toBytes());
      const pieces = [new Point(), new Point(), new Point()];
      be.split(Point.generator(), 3, pieces);
      const f = new Point();
      be.doubleScalarMult(k.slice(), A_POINT, Point.generator(), k.slice(), C_SPLIT, pieces, f);
      return [a.toBytes(), b.toBytes(), c.toBytes(), d, e, ...pieces.map((q) => q.toBytes()), f.toBytes()];
    });
    expect(outs[1]).toEqual(outs[0]);
    const expected = ed25519.scalarBaseMultNonConst(Scalar25519.fromBytes(k)).toBytes();
    expect(outs[0]![0]).toEqual(expected);
    expect(outs[0]![1]).toEqual(expected);
    // the split: B, 2^86·B, 2^172·B, and k·B + k·B
    expect(outs[0]![6]).toEqual(ed25519.scalarBaseMultNonConst(scalarBytes(1n << 86n)).toBytes());
    expect(outs[0]![8]).toEqual(ed25519.scalarBaseMultNonConst(new Scalar25519().add(Scalar25519.fromBytes(k), Scalar25519.fromBytes(k))).toBytes());
  });
});
