/**
 * msmNonConst equals the naive sum Σ k_i·P_i (computed with noble) for sizes
 * 0, 1, 2, random sizes, and across the Straus/Pippenger switch point; both
 * algorithms are also driven directly with every window width.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as S from '../../src/secp256k1/index.js';
import { pippengerNonConst, pippengerWindow, strausNonConst } from '../../src/secp256k1/msm.js';
import { N, NP, edgeScalars, fromNoble, nobleMul, same, sc, type NoblePoint } from './helpers.js';

function naive(qs: NoblePoint[], ks: bigint[]): NoblePoint {
  let acc = NP.ZERO;
  for (let i = 0; i < qs.length; i++) acc = acc.add(nobleMul(qs[i]!, ks[i]!));
  return acc;
}

/** Deterministic pseudo-random inputs (xorshift) so large sizes stay cheap to build. */
function inputs(n: number, seed: number): { qs: NoblePoint[]; ps: S.JacobianPoint[]; ks: bigint[] } {
  let s = BigInt(seed) * 0x9e3779b97f4a7c15n + 1n;
  const next = (): bigint => {
    s ^= (s << 13n) & (2n ** 256n - 1n);
    s ^= s >> 7n;
    s ^= (s << 17n) & (2n ** 256n - 1n);
    return s % N;
  };
  const edges = edgeScalars();
  const qs: NoblePoint[] = [];
  const ps: S.JacobianPoint[] = [];
  const ks: bigint[] = [];
  let base = NP.BASE.multiply(next() || 1n);
  const step = NP.BASE.multiply(next() || 1n);
  for (let i = 0; i < n; i++) {
    base = base.add(step);
    let q: NoblePoint = base;
    if (i % 17 === 5) q = NP.ZERO; // infinity among the inputs
    if (i % 23 === 7 && i > 0) q = qs[i - 1]!.negate(); // −P next to P
    qs.push(q);
    ps.push(q.is0() ? new S.JacobianPoint() : fromNoble(q, BigInt(i % 3 === 0 ? 1 : i + 2)));
    ks.push(i % 11 === 3 ? 0n : i % 5 === 1 ? edges[i % edges.length]! : next());
  }
  return { qs, ps, ks };
}

describe('msmNonConst', () => {
  it('sizes 0, 1 and 2 (including infinity and zero scalars)', () => {
    expect(S.msmNonConst([], []).isIdentity()).toBe(true);
    const q = NP.BASE.multiply(31337n);
    const p = fromNoble(q, 5n);
    expect(same(S.msmNonConst([p], [sc(12345n)]), q.multiply(12345n))).toBe(true);
    expect(S.msmNonConst([p], [sc(0n)]).isIdentity()).toBe(true);
    expect(S.msmNonConst([new S.JacobianPoint()], [sc(7n)]).isIdentity()).toBe(true);
    const q2 = NP.BASE.multiply(999n);
    const p2 = fromNoble(q2, 1n);
    expect(same(S.msmNonConst([p, p2], [sc(3n), sc(N - 4n)]), q.multiply(3n).add(q2.multiply(N - 4n)))).toBe(true);
    // P and −P with the same scalar cancel.
    expect(S.msmNonConst([p, p.clone().negate(p)], [sc(77n), sc(77n)]).isIdentity()).toBe(true);
    // Same point twice.
    expect(same(S.msmNonConst([p, p], [sc(1n), sc(1n)]), q.double())).toBe(true);
  });

  it('random sizes up to 24 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 }), fc.integer({ min: 1, max: 1e6 }), (n, seed) => {
        const { qs, ps, ks } = inputs(n, seed);
        const out = new S.JacobianPoint();
        const r = S.msmNonConst(ps, ks.map(sc), out);
        expect(r).toBe(out);
        expect(same(r, naive(qs, ks))).toBe(true);
      }),
      { numRuns: 15 },
    );
  });

  it('across the Straus/Pippenger switch point', () => {
    const t = S.MSM_PIPPENGER_THRESHOLD;
    const { qs, ps, ks } = inputs(t + 1, 4242);
    const want = naive(qs, ks);
    const scal = ks.map(sc);
    expect(same(S.msmNonConst(ps, scal), want)).toBe(true);
    // One fewer pair (Straus side) and exactly the threshold.
    for (const n of [t - 1, t]) {
      expect(same(S.msmNonConst(ps.slice(0, n), scal.slice(0, n)), naive(qs.slice(0, n), ks.slice(0, n)))).toBe(true);
    }
  });

  it('Straus and Pippenger agree with the naive sum for every Pippenger window width', () => {
    const n = 40;
    const { qs, ps, ks } = inputs(n, 777);
    const want = naive(qs, ks);
    // Drive the algorithms directly on all pairs (they require finite points and non-zero scalars).
    const live = qs.map((q, i) => (!q.is0() && ks[i]! % N !== 0n ? i : -1)).filter((i) => i >= 0);
    const lp = live.map((i) => ps[i]!);
    const lk = live.map((i) => sc(ks[i]!));
    const all = Int32Array.from(lp, (_, i) => i);
    expect(same(strausNonConst(lp, lk, all, live.length, new S.JacobianPoint()), want)).toBe(true);
    for (let c = 2; c <= 10; c++) {
      expect(same(pippengerNonConst(lp, lk, all, live.length, new S.JacobianPoint(), c), want), `c = ${c}`).toBe(true);
    }
  });
  it('the public options force the algorithm and the window (the MsmOptions of every module)', () => {
    const { qs, ps, ks } = inputs(12, 4242);
    const want = naive(qs, ks);
    const scalars = ks.map(sc);
    expect(same(S.msmNonConst(ps, scalars, undefined, { algorithm: 'straus' }), want)).toBe(true);
    expect(same(S.msmNonConst(ps, scalars, undefined, { algorithm: 'pippenger' }), want)).toBe(true);
    for (const window of [2, 5, 16]) {
      expect(same(S.msmNonConst(ps, scalars, undefined, { algorithm: 'pippenger', window }), want), `window ${window}`).toBe(true);
    }
    expect(() => S.msmNonConst(ps, scalars, undefined, { window: 17 })).toThrow(RangeError);
    expect(() => S.msmNonConst(ps, scalars, undefined, { algorithm: 'bos-coster' as 'straus' })).toThrow(TypeError);
    expect(() => S.msmNonConst(ps, scalars, undefined, [] as never)).toThrow(TypeError);
  });

  it('window choice grows with the input size', () => {
    expect(pippengerWindow(2)).toBeLessThanOrEqual(pippengerWindow(200));
    expect(pippengerWindow(200)).toBeLessThanOrEqual(pippengerWindow(20000));
    expect(pippengerWindow(20000)).toBeGreaterThan(pippengerWindow(2));
  });
});
