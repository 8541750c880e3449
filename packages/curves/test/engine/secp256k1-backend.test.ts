/**
 * The secp256k1 backend seam (src/secp256k1/backend.ts): both
 * implementations serve the same operations, the engine switch swaps the
 * selected object, and the two objects called directly agree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FieldVal, ModNScalar } from '@strata/field';
import { engine } from '../../src/index.js';
import * as S from '../../src/secp256k1/index.js';
import { secp256k1Backend } from '../../src/engine/state.js';
import { tsSecp256k1Backend } from '../../src/secp256k1/backend-ts.js';
import type { Secp256k1Backend } from '../../src/secp256k1/backend.js';
import { SECP256K1_LAYOUT, SECP256K1_PARSE } from '../../src/engine/secp256k1-abi.js';
import { moduleBytes, wrap } from '../../src/engine/load.js';
import { wasmSecp256k1Backend } from '../../src/secp256k1/wasm.js';

let wasm: Secp256k1Backend;

beforeAll(() => {
  expect(engine.initWasmSync({ required: true })).toBe('wasm');
  wasm = secp256k1Backend()!;
  engine.useEngine('ts');
});
afterAll(() => engine.useEngine('ts'));

const { JacobianPoint } = S;

function scalar(hex: string): ModNScalar {
  const b = new Uint8Array(32);
  const h = hex.padStart(64, '0');
  for (let i = 0; i < 32; i++) b[i] = parseInt(h.slice(2 * i, 2 * i + 2), 16);
  return new ModNScalar().setBytes(b);
}

describe('secp256k1 backend seam', () => {
  it('useEngine swaps the selected backend object: null (TypeScript functions) or the WebAssembly object', () => {
    engine.useEngine('ts');
    expect(secp256k1Backend()).toBeNull();
    engine.useEngine('wasm');
    expect(secp256k1Backend()).toBe(wasm);
    engine.useEngine('ts');
    expect(secp256k1Backend()).toBeNull();
  });

  it('the WebAssembly k·P and toAffine wipe the secret scalar, its GLV split and the inversion state', () => {
    const kk = wrap(new WebAssembly.Instance(new WebAssembly.Module(moduleBytes()), {}).exports);
    const be = wasmSecp256k1Backend(kk);
    const u8 = () => new Uint8Array(kk.exports.memory.buffer);
    // Field scratch slots of wasm/secp256k1/layout.ts (SCR = 0x11000, 40 bytes each):
    // 21 – 26 the inversion's scratch (INV_SCRATCH), 37 – 38 toAffine's 1/Z, 1/Z² (affine.ts),
    // 43 – 48 the split (split.ts).
    const slots = (a: number, b: number) => u8().slice(0x11000 + 40 * a, 0x11000 + 40 * (b + 1));
    const P = S.pointFromBytes(S.pointToBytes(S.scalarBaseMultNonConst(scalar('77'))));
    const out = new JacobianPoint();
    be.scalarMult(scalar('1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef'), P, out);
    expect(out.z.isOne()).toBe(false);
    expect(u8().slice(SECP256K1_LAYOUT.IN_K, SECP256K1_LAYOUT.IN_K + 64).every((b) => b === 0)).toBe(true);
    expect(slots(43, 48).every((b) => b === 0)).toBe(true);
    be.toAffine(out, new JacobianPoint());
    expect(slots(21, 26).every((b) => b === 0)).toBe(true);
    expect(slots(37, 38).every((b) => b === 0)).toBe(true);
  });

  it('both implementations have the same operations, all functions', () => {
    const names = Object.keys(tsSecp256k1Backend).sort();
    expect(Object.keys(wasm).sort()).toEqual(names);
    expect(names.length).toBe(13);
    for (const n of names) {
      expect(typeof (tsSecp256k1Backend as unknown as Record<string, unknown>)[n]).toBe('function');
      expect(typeof (wasm as unknown as Record<string, unknown>)[n]).toBe('function');
    }
  });

  it('called directly, the two objects give the same points, statuses and tables', () => {
    const k = scalar('1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef');
    const j = scalar('fedcba0987654321fedcba0987654321');
    const key = S.pointToBytes(S.scalarBaseMultNonConst(k));
    const outs = [tsSecp256k1Backend, wasm].map((be) => {
      const r: S.JacobianPoint[] = [];
      const P = new JacobianPoint();
      expect(be.pointFromBytes(key, P)).toBe(SECP256K1_PARSE.OK);
      const bad = key.slice();
      bad[0] = 0x02 + (bad[0]! & 1 ? 0 : 1); // the other root: still a point
      expect(be.pointFromBytes(bad, new JacobianPoint())).toBe(SECP256K1_PARSE.OK);
      const y = new FieldVal();
      expect(be.decompressY(P.x, P.y.isOdd(), y)).toBe(true);
      expect(y.equals(P.y)).toBe(true);
      const add = (f: (o: S.JacobianPoint) => void) => {
        const o = new JacobianPoint();
        f(o);
        r.push(o.toAffine());
      };
      add((o) => be.scalarBaseMultNonConst(j, o));
      add((o) => be.scalarMultNonConst(j, P, o));
      add((o) => be.doubleScalarMultBaseNonConst(j, P, k, () => { throw new Error('no pieced table for a plain point'); }, o));
      add((o) => be.doubleScalarMultNonConst(j, P, k, S.G, o));
      add((o) => be.msmNonConst([P, S.G, P], [j, k, k], Int32Array.of(0, 1, 2), 3, true, 0, false, o));
      add((o) => be.msmNonConst([P, S.G, P], [j, k, k], Int32Array.of(0, 1, 2), 3, false, 4, true, o));
      add((o) => be.scalarBaseMult(j, o));
      add((o) => be.scalarMult(j, P, o));
      const affine = new JacobianPoint();
      const limbs = be.buildSecretTable(P, affine);
      expect(affine.equals(P)).toBe(true);
      add((o) => be.scalarMultTable(j, { limbs }, o));
      add((o) => {
        const q = new JacobianPoint();
        be.scalarMult(k, P, q); //                    Z ≠ 1
        be.toAffine(q, o);
        expect(o.z.isOne()).toBe(true);
      });
      const tables = be.buildPublicTables([P, new JacobianPoint()], 4, 1);
      expect(tables[1]!.length).toBe(0);
      return { points: r.map((p) => S.pointToBytesUncompressed(p)), limbs, table: tables[0]! };
    });
    expect(outs[1]!.points).toEqual(outs[0]!.points);
    expect(outs[1]!.limbs).toEqual(outs[0]!.limbs);
    expect(outs[1]!.table).toEqual(outs[0]!.table);
    // And the TypeScript results are the right points.
    const P = S.pointFromBytes(key);
    const want = [
      S.scalarBaseMultNonConst(j),
      S.scalarMultNonConst(j, P),
      S.doubleScalarMultBaseNonConst(j, P, k),
      S.doubleScalarMultNonConst(j, P, k, S.G),
    ].map((p) => S.pointToBytesUncompressed(p));
    expect(outs[0]!.points.slice(0, 4)).toEqual(want);
    const sum = S.pointToBytesUncompressed(S.doubleScalarMultNonConst(j, P, k, S.G.clone().addNonConst(S.G, P)));
    expect(outs[0]!.points[4]).toEqual(sum);
    expect(outs[0]!.points[5]).toEqual(sum);
    for (const i of [6, 7, 8]) expect(outs[0]!.points[i]).toEqual(want[i === 6 ? 0 : 1]);
    expect(outs[0]!.points[9]).toEqual(S.pointToBytesUncompressed(S.scalarMultNonConst(k, P)));
  });
});
