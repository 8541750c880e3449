/**
 * The WebAssembly batch-affine Pippenger of the complete generic Edwards
 * curves (wasm/edwards/msm-affine.ts, run by src/edwards/wasm.ts from
 * WASM_BATCH_AFFINE_THRESHOLD points): its sums equal an independently
 * computed sum and the TypeScript engine's on inputs that drive every case
 * of the batched formula — equal operands (the tangent), opposite operands
 * and twice a point of order 2 (sums at the identity, left out of the
 * batch), the identity and (0, −1) as inputs, every small-order point — at
 * and around the threshold, with forced windows (below, inside and above
 * the kernel's range), and across the kernel's chunk of EDWARDS_AMSM_MAX
 * points.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { engine } from '../../src/index.js';
import * as E from '../../src/edwards/index.js';
import { WASM_BATCH_AFFINE_THRESHOLD } from '../../src/edwards/wasm.js';
import { REF } from '../edwards-differential/common.js';
import { under } from './engines.js';
import { wrap } from '../../src/engine/load.js';
import { WASM_BASE64 } from '../../src/engine/module.generated.js';

const found = engine.currentEngine();
engine.initWasmSync({ required: true });
engine.useEngine(found);
/** A second instance of the embedded module, for its exported constants. */
const k = wrap(new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(WASM_BASE64, 'base64')), {}).exports);
afterAll(() => engine.useEngine(found));

const CURVES = [E.jubjub, E.babyJubjub] as const;

/**
 * n points drawn from a small pool (G, −G, 2G, the identity, every
 * small-order point, a point with a torsion component and its negation) in
 * runs of equal and of alternating opposite points under equal scalars, so
 * that the bucket lists pair equal and opposite operands in every window,
 * and their sum computed per pool point: Σ_P (Σ scalars of P mod 8r)·P (8r
 * annihilates the whole group of both curves).
 */
function shapes(curve: E.EdwardsCurve, n: number): { pts: (E.PointExtended | E.PointAffine)[]; sc: bigint[]; want: E.PointExtended } {
  const ref = REF[curve.name as keyof typeof REF];
  const G = new E.PointExtended(curve).setGenerator();
  const T2 = E.PointAffine.fromXY(curve, 0n, curve.F.p - 1n).toExtended();
  const Pt = E.scalarMultNonConst(987654321n, G).add(E.scalarMultNonConst(987654321n, G), T2);
  const pool: E.PointExtended[] = [G, G.clone().negate(G), G.clone().double(G), new E.PointExtended(curve), Pt, Pt.clone().negate(Pt)];
  for (const t of ref.torsion()) pool.push(E.PointAffine.fromXY(curve, t.x, t.y).toExtended());
  const exp = 8n * curve.order;
  const sums = pool.map(() => 0n);
  const pts: (E.PointExtended | E.PointAffine)[] = [];
  const sc: bigint[] = [];
  let seed = 0x9e3779b97f4a7c15n;
  const next = (): bigint => (seed = (seed * 6364136223846793005n + 1442695040888963407n) % (1n << 256n));
  const push = (j: number, s: bigint): void => {
    pts.push(pts.length % 3 === 0 ? pool[j]!.toAffine() : pool[j]!.clone());
    sc.push(s);
    sums[j] = (sums[j]! + s) % exp;
  };
  while (pts.length < n) {
    const j = Number(next() % BigInt(pool.length));
    const s = next() % exp;
    const shape = pts.length % 4;
    const run = Math.min(n - pts.length, 4);
    for (let i = 0; i < run; i++) {
      if (shape === 0) push(j, s); //                                              equal points, equal scalars
      else if (shape === 1) push(Number(next() % BigInt(pool.length)), next() % exp); // any pool point
      else if (shape === 2) push(i % 2 === 0 ? 0 : 1, s); //                       G, −G, G, −G: opposite
      else push(i % 2 === 0 ? 4 : 5, s); //                                        Pt, −Pt: opposite, torsion
    }
  }
  let want = new E.PointExtended(curve);
  for (let j = 0; j < pool.length; j++) if (sums[j] !== 0n) want = want.add(want, E.scalarMultNonConst(sums[j]!, pool[j]!));
  return { pts, sc, want };
}

describe('the WebAssembly batch-affine MSM (complete curves)', () => {
  it('takes over from WASM_BATCH_AFFINE_THRESHOLD points, and the kernel exports its chunk and window', () => {
    expect(WASM_BATCH_AFFINE_THRESHOLD).toBeGreaterThan(E.MSM_PIPPENGER_THRESHOLD);
    expect(k.exports.EDWARDS_AMSM_MAX.value).toBeGreaterThanOrEqual(WASM_BATCH_AFFINE_THRESHOLD);
    expect(k.exports.EDWARDS_AMSM_MAX_WINDOW.value).toBe(12);
  });

  for (const curve of CURVES) {
    it(`${curve.name}: equal, opposite, identity and small-order operands, around the threshold: the independent sum on both engines`, () => {
      for (const n of [WASM_BATCH_AFFINE_THRESHOLD - 1, WASM_BATCH_AFFINE_THRESHOLD]) {
        const { pts, sc, want } = shapes(curve, n);
        const w = under('wasm', () => E.msmNonConst(curve, pts, sc));
        expect(w.isOnCurve() && w.equals(want), `${curve.name} n = ${n} (wasm)`).toBe(true);
        if (n === WASM_BATCH_AFFINE_THRESHOLD) {
          expect(under('ts', () => E.msmNonConst(curve, pts, sc)).equals(want), `${curve.name} n = ${n} (ts)`).toBe(true);
          // Forced windows: the smallest, inside the kernel's range, above it (clamped to 12).
          for (const window of [5, 16]) {
            const r = under('wasm', () => E.msmNonConst(curve, pts, sc, undefined, { algorithm: 'pippenger', window }));
            expect(r.isOnCurve() && r.equals(want), `${curve.name} window ${window}`).toBe(true);
          }
        }
      }
    });
  }

  it('BabyJubjub: all scalars zero, or all points the identity, give the identity; out is written and returned', () => {
    const n = WASM_BATCH_AFFINE_THRESHOLD;
    const G = new E.PointExtended(E.babyJubjub).setGenerator();
    const pts = Array.from({ length: n }, () => G);
    const out = G.clone();
    expect(under('wasm', () => E.msmNonConst(E.babyJubjub, pts, pts.map(() => 0n), out))).toBe(out);
    expect(out.isIdentity()).toBe(true);
    const ids = Array.from({ length: n }, () => new E.PointExtended(E.babyJubjub));
    expect(under('wasm', () => E.msmNonConst(E.babyJubjub, ids, ids.map((_, i) => BigInt(i + 1) << 200n))).isIdentity()).toBe(true);
  });

  for (const curve of CURVES) {
    it(`${curve.name}: a bucket whose sum is (0, −1) (Montgomery (0, 0)) and one whose sum is the identity`, () => {
      const n = WASM_BATCH_AFFINE_THRESHOLD + 1;
      const G = new E.PointExtended(curve).setGenerator();
      const T2 = E.PointAffine.fromXY(curve, 0n, curve.F.p - 1n);
      // Digit 1: T2 + Σ (G − G) = T2; digit 2: Σ (G − G) = the identity.
      const pts: (E.PointExtended | E.PointAffine)[] = [T2];
      const sc: bigint[] = [1n];
      for (let i = 1; i < n; i++) {
        pts.push(i % 2 === 0 ? G : G.clone().negate(G));
        sc.push(i % 4 < 2 ? 1n : 2n);
      }
      const r = under('wasm', () => E.msmNonConst(curve, pts, sc));
      expect(r.isOnCurve() && r.equals(T2.toExtended())).toBe(true);
    });
  }

  it('Jubjub: across the kernel\'s chunk (EDWARDS_AMSM_MAX + 5 points, small scalars): the independent sum', () => {
    const n = k.exports.EDWARDS_AMSM_MAX.value + 5;
    const G = new E.PointExtended(E.jubjub).setGenerator();
    const T2 = E.PointAffine.fromXY(E.jubjub, 0n, E.jubjub.F.p - 1n);
    const pool = [G, G.clone().double(G), G.clone().negate(G)];
    const pts: (E.PointExtended | E.PointAffine)[] = [];
    const sc: bigint[] = [];
    let sum = 0n, tsum = 0n;
    for (let i = 0; i < n; i++) {
      const s = BigInt((i * 7) % 13);
      if (i % 5 === 4) {
        pts.push(T2);
        tsum += s;
      } else {
        pts.push(pool[i % 3]!);
        sum += s * [1n, 2n, -1n][i % 3]!;
      }
      sc.push(s);
    }
    const r = under('wasm', () => E.msmNonConst(E.jubjub, pts, sc));
    const want = E.scalarMultNonConst(((sum % E.jubjub.order) + E.jubjub.order) % E.jubjub.order, G);
    if (tsum % 2n === 1n) want.add(want, T2.toExtended());
    expect(r.isOnCurve() && r.equals(want)).toBe(true);
  });
});
