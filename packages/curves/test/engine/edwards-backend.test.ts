/**
 * The generic Edwards backend seam (src/edwards/backend.ts): the WebAssembly
 * implementation (src/edwards/wasm.ts over wasm/edwards/) is the selected
 * backend under the WebAssembly engine, the public functions reach it, and
 * it gives the TypeScript implementation's points on every curve and
 * operation (cheap differential checks: edge scalars, random scalars scaled
 * by STRATA_FUZZ_RUNS, points with torsion components, MSM shapes across the
 * kernels' chunk and window limits), and the same ERR_POINT_AT_INFINITY on
 * Bandersnatch's exceptional case.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ErrorCode, PrimeField } from '@strata/field';
import { engine } from '../../src/index.js';
import * as E from '../../src/edwards/index.js';
import { edwardsBackend } from '../../src/engine/state.js';
import { tsEdwardsBackend } from '../../src/edwards/backend-ts.js';
import { REF, edgeScalars, fcParams } from '../edwards-differential/common.js';
import { bothEngines, under } from './engines.js';

// Load the module and keep the engine the matrix selected (every test below names its engine).
const found = engine.currentEngine();
engine.initWasmSync({ required: true });
engine.useEngine(found);
afterAll(() => engine.useEngine(found));

const CURVES = [E.jubjub, E.bandersnatch, E.babyJubjub] as const;

function le32(n: bigint): Uint8Array {
  const b = new Uint8Array(32);
  for (let i = 0; i < 32; i++) b[i] = Number((n >> BigInt(8 * i)) & 0xffn);
  return b;
}

/** Whether two points are equal and both on the curve (not a Z = 0 value). */
function same(a: E.PointExtended, b: E.PointExtended): boolean {
  return a.isOnCurve() && b.isOnCurve() && a.equals(b);
}

/** The code of the StrataError f throws, or null when it returns. */
function codeOf(f: () => unknown): string | null {
  try {
    f();
    return null;
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  }
}

describe('generic Edwards backend seam', () => {
  it('edwardsBackend() is the WebAssembly object under the WebAssembly engine and null under TypeScript', () => {
    under('ts', () => expect(edwardsBackend()).toBeNull());
    under('wasm', () => {
      const be = edwardsBackend();
      expect(be).not.toBeNull();
      expect(be).not.toBe(tsEdwardsBackend);
      for (const c of CURVES) expect(be!.serves(c)).toBe(true);
    });
  });

  it('both objects have every operation of the interface, all functions', () => {
    const wasm = under('wasm', () => edwardsBackend()!);
    for (const be of [tsEdwardsBackend, wasm]) {
      const names = Object.keys(be).sort();
      expect(names).toEqual(['msmNonConst', 'scalarBaseMult', 'scalarBaseMultNonConst', 'scalarMult', 'scalarMultGlvNonConst', 'scalarMultNonConst', 'serves']);
      for (const n of names) expect(typeof (be as unknown as Record<string, unknown>)[n]).toBe('function');
    }
  });

  it('called directly, both objects give the public functions\' points', () => {
    const k = 0x1234567890abcdef1234567890abcdef1234567890abcdefn;
    const j = 0xfedcba0987654321fedcba0987654321n;
    for (const curve of CURVES) {
      const G = new E.PointExtended(curve).setGenerator();
      const P = E.scalarMultNonConst(j, G);
      for (const be of [tsEdwardsBackend, under('wasm', () => edwardsBackend()!)]) {
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
        expect(run((o) => be.msmNonConst([P, G], bytes, false, 0, o)).equals(want)).toBe(true);
      }
    }
  });
});

describe('the WebAssembly engine gives the TypeScript engine\'s points (differential)', () => {
  for (const curve of CURVES) {
    const ref = REF[curve.name as keyof typeof REF];
    const G = new E.PointExtended(curve).setGenerator();
    // A point with a torsion component (a full-group point) where the curve is complete; on Bandersnatch the
    // exception-free coset point P + (0, −1).
    const T2 = E.PointAffine.fromXY(curve, 0n, curve.F.p - 1n).toExtended();
    const Pt = E.scalarMultNonConst(987654321n, G).add(E.scalarMultNonConst(987654321n, G), T2);

    it(`${curve.name}: the six operations on edge scalars, out aliasing the input`, () => {
      for (const k of edgeScalars(ref)) {
        for (const P of [G, Pt]) {
          const [a, b] = bothEngines(() => [E.scalarMult(k, P), E.scalarMultNonConst(k, P), E.scalarBaseMult(curve, k), E.scalarBaseMultNonConst(curve, k)]);
          for (let i = 0; i < a.length; i++) expect(same(a[i]!, b[i]!), `${curve.name} op ${i} k = ${k}`).toBe(true);
          const [x, y] = bothEngines(() => {
            const R = P.clone();
            return E.scalarMult(k, R, R);
          });
          expect(same(x, y)).toBe(true);
        }
        if (curve.glv !== undefined) {
          const [a, b] = bothEngines(() => E.scalarMultGlvNonConst(k, G));
          expect(same(a, b), `glv k = ${k}`).toBe(true);
        }
      }
    });

    it(`${curve.name}: random scalars (fast-check, STRATA_FUZZ_RUNS)`, () => {
      fc.assert(
        fc.property(fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }), fc.bigInt({ min: 1n, max: curve.order - 1n }), (k, j) => {
          const P = E.scalarMultNonConst(j, G);
          const [a, b] = bothEngines(() => [E.scalarMult(k, P), E.scalarMultNonConst(k, P), E.scalarBaseMult(curve, k), ...(curve.glv !== undefined ? [E.scalarMultGlvNonConst(k, P)] : [])]);
          return a.every((p, i) => same(p, b[i]!));
        }),
        fcParams(8),
      );
    });

    it(`${curve.name}: MSM, Straus and Pippenger, extended and affine inputs, across the chunk size and with windows above the kernels' largest`, () => {
      // 1030 points cross the kernels' chunk of 1024 (once: the TypeScript side of it takes a second).
      for (const n of curve === E.jubjub ? [0, 1, 3, 70, 1030] : [0, 1, 3, 70]) {
        const pts: (E.PointExtended | E.PointAffine)[] = [];
        const sc: bigint[] = [];
        let Q = Pt.clone();
        for (let i = 0; i < n; i++) {
          Q = Q.clone().add(Q, G);
          pts.push(i % 3 === 0 ? Q.toAffine() : Q.clone());
          sc.push(((0x9e3779b97f4a7c15n * BigInt(i + 1)) ** 3n) % (1n << 256n));
        }
        const opts = n > 100 ? [undefined] : [undefined, { algorithm: 'straus' as const }, { algorithm: 'pippenger' as const }, { algorithm: 'pippenger' as const, window: 2 }];
        let want: E.PointExtended | undefined;
        for (const o of opts) {
          const [a, b] = bothEngines(() => E.msmNonConst(curve, pts, sc, undefined, o));
          expect(same(a, b), `${curve.name} n = ${n} ${JSON.stringify(o)}`).toBe(true);
          want ??= a;
        }
        // A window above the kernels' largest (12) gives the same sum (the TypeScript side of it, 2^13 buckets a window, is slow: compared with the sum above).
        if (n > 0 && n < 100) expect(same(under('wasm', () => E.msmNonConst(curve, pts, sc, undefined, { algorithm: 'pippenger', window: 14 })), want!)).toBe(true);
      }
    });
  }

  it('Bandersnatch\'s exceptional case: the same points and the same ERR_POINT_AT_INFINITY on both engines, out unchanged', () => {
    const ref = REF.bandersnatch;
    const inf = ref.torsionAll().filter((C) => ref.affine(C) === null);
    const G = new E.PointExtended(E.bandersnatch).setGenerator();
    for (const C of inf) {
      const P = ref.mul(4242n, ref.G)!;
      const A = ref.affine(ref.addC(ref.lift(P), C))!;
      const X = E.PointAffine.fromXY(E.bandersnatch, A.x, A.y).toExtended();
      expect(X.isExceptionFree()).toBe(false);
      for (const k of [1n, 2n, 3n, 5n, ref.r - 1n, ref.r, ref.r + 1n, 2n * ref.r, 0x1234567n]) {
        for (const op of [E.scalarMult, E.scalarMultNonConst]) {
          const run = () => {
            const out = G.clone();
            const code = codeOf(() => op(k, X, out));
            return { code, out };
          };
          const [a, b] = bothEngines(run);
          expect(b.code, `${op.name} k = ${k}`).toBe(a.code);
          if (a.code === null) expect(same(a.out, b.out)).toBe(true);
          else {
            expect(a.code).toBe(ErrorCode.POINT_AT_INFINITY);
            // The WebAssembly bridge throws before it writes out.
            expect(b.out.equals(G)).toBe(true);
          }
        }
      }
      const [s1, s2] = bothEngines(() => codeOf(() => E.msmNonConst(E.bandersnatch, [X, G], [ref.r, 1n])));
      expect(s2).toBe(s1);
    }
  });

  it('a curve over a field the kernels do not take stays on the TypeScript implementation under the WebAssembly engine', () => {
    // GF(2^255 − 19) as a PrimeField: p ≢ 1 (mod 2^28), so `serves` is false and the public functions run TypeScript.
    const F = PrimeField.create((1n << 255n) - 19n);
    const ed = E.EdwardsCurve.create({
      name: 'edwards25519-generic-test',
      field: F,
      a: -1n,
      d: 37095705934669439343138083508754565189542113879843219016388785533085940283555n,
      order: (1n << 252n) + 27742317777372353535851937790883648493n,
      cofactor: 8n,
      generator: {
        x: 15112221349535400772501151409588531511454012693041857206046113283949847762202n,
        y: 46316835694926478169428394003475163141307993866256225615783033603165251855960n,
      },
      encoding: 'parity',
    });
    under('wasm', () => expect(edwardsBackend()!.serves(ed)).toBe(false));
    const G = new E.PointExtended(ed).setGenerator();
    const [a, b] = bothEngines(() => E.scalarMult(123456789n, G));
    expect(same(a, b)).toBe(true);
  });
});
