/**
 * msmNonConst under the WebAssembly engine against the TypeScript engine:
 * sizes 0, 1, 2, around the Straus/Pippenger threshold, forced algorithms
 * and windows, and inputs larger than one chunk of the MSM area. One-call
 * sizes give the same coordinates; chunked ones the same point, normalized.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FieldVal } from '@strata/field';
import { engine } from '../../src/index.js';
import * as S from '../../src/secp256k1/index.js';
import { bothEngines } from './engines.js';
import { N, NP, fromNoble, sc, same, type NoblePoint } from '../secp256k1/helpers.js';

type Point = S.JacobianPoint;

const both = bothEngines;

const limbs = (p: Point): number[] => [...p.x.n, ...p.y.n, ...p.z.n];
const normalized = (p: Point): boolean => [p.x, p.y, p.z].every((f) => [...new FieldVal().set(f).normalize().n].join() === [...f.n].join());

/** Deterministic inputs: points (i + 1)·7·G with varied Z (some infinity), scalars from a simple generator (some zero). */
function inputs(n: number): { points: Point[]; scalars: ReturnType<typeof sc>[]; want: NoblePoint } {
  const points: Point[] = [];
  const scalars: ReturnType<typeof sc>[] = [];
  let q = NP.BASE.multiply(7n);
  const step = q;
  let want = NP.ZERO;
  let s = 0x9e3779b97f4a7c15f39cc0605cedc834n;
  for (let i = 0; i < n; i++) {
    s = (s * 0x5851f42d4c957f2dn + 0x14057b7ef767814fn) % N;
    const k = i % 17 === 5 ? 0n : i % 11 === 3 ? s >> 140n : s; // zeros and short scalars
    const inf = i % 23 === 7;
    points.push(inf ? new S.JacobianPoint() : fromNoble(q, i % 3 === 0 ? undefined : BigInt(i) + 2n));
    scalars.push(sc(k));
    if (!inf && k !== 0n) want = want.add(q.multiply(k));
    q = q.add(step);
  }
  return { points, scalars, want };
}

beforeAll(() => {
  engine.initWasmSync({ required: true });
});
afterAll(() => {
  engine.useEngine('ts');
});

describe('secp256k1 wasm: msmNonConst', () => {
  it('one-call sizes give the TypeScript engine\'s coordinates', () => {
    for (const n of [0, 1, 2, 3, 8, 40, 62, 63, 64, 65, 66, 130, 300]) {
      const { points, scalars, want } = inputs(n);
      const [ts, wa] = both(() => S.msmNonConst(points, scalars));
      expect(limbs(wa)).toEqual(limbs(ts));
      expect(same(wa, want)).toBe(true);
    }
  });

  it('edge scalars in one Pippenger call (the kernel splits and recodes them): the TypeScript engine\'s coordinates', () => {
    const LAMBDA = 0x5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72n;
    const base = inputs(160);
    const edges = [1n, 2n, N - 1n, N - 2n, 1n << 64n, (1n << 128n) - 1n, 1n << 128n, N - (1n << 128n), (N - 1n) / 2n, (N + 1n) / 2n, LAMBDA, N - LAMBDA, (1n << 255n) + 12345n];
    let s = 0x243f6a8885a308d3n;
    const scalars = base.scalars.map((_, i) => {
      s = (s * 0x5851f42d4c957f2dn + 0x14057b7ef767814fn) % (1n << 64n);
      const x = s, y = (s * 0x9e3779b97f4a7c15n) % (1n << 64n);
      // edge values, then x + y·λ and its negation (BIP-340 batch weights), then short and full random values
      const k = i < edges.length ? edges[i]! : i % 4 === 0 ? (x + y * LAMBDA) % N : i % 4 === 1 ? N - ((x + y * LAMBDA) % N) : i % 4 === 2 ? x : (x * y * LAMBDA) % N;
      return sc(k === 0n ? 1n : k);
    });
    for (const options of [undefined, { window: 4 }, { window: 11 }, { window: 12 }]) {
      const [ts, wa] = both(() => S.msmNonConst(base.points, scalars, undefined, options));
      expect(limbs(wa)).toEqual(limbs(ts));
    }
  });

  it('forced algorithms and windows', () => {
    const { points, scalars, want } = inputs(70);
    for (const options of [{ algorithm: 'straus' as const }, { algorithm: 'pippenger' as const }, { window: 2 }, { window: 5 }, { window: 9 }, { window: 12 }, { window: 16 }]) {
      const [ts, wa] = both(() => S.msmNonConst(points, scalars, undefined, options));
      expect(wa.equals(ts)).toBe(true);
      expect(normalized(wa)).toBe(true);
      expect(same(wa, want)).toBe(true);
      // One call (identical coordinates) unless the input is chunked: Straus above 63 pairs, windows whose buckets overflow.
      if (options.algorithm === 'pippenger' || (options.window !== undefined && options.window <= 9)) expect(limbs(wa)).toEqual(limbs(ts));
    }
    const small = inputs(20);
    const [ts, wa] = both(() => S.msmNonConst(small.points, small.scalars, undefined, { algorithm: 'pippenger' }));
    expect(limbs(wa)).toEqual(limbs(ts));
  });

  it('inputs larger than one chunk: the same point, normalized; out may alias an input', () => {
    const { points, scalars, want } = inputs(600);
    const [ts, wa] = both(() => S.msmNonConst(points, scalars));
    expect(wa.equals(ts)).toBe(true);
    expect(normalized(wa)).toBe(true);
    expect(same(wa, want)).toBe(true);
    const straus = inputs(140);
    const [t2, w2] = both(() => S.msmNonConst(straus.points, straus.scalars, undefined, { algorithm: 'straus' }));
    expect(w2.equals(t2)).toBe(true);
    expect(same(w2, straus.want)).toBe(true);
    engine.useEngine('wasm');
    const copy = straus.points.map((p) => p.clone());
    const r = S.msmNonConst(copy, straus.scalars, copy[100]);
    engine.useEngine('ts');
    expect(same(r, straus.want)).toBe(true);
  });

  it('the same errors', () => {
    const { points, scalars } = inputs(3);
    const cases: (() => unknown)[] = [
      () => S.msmNonConst(points, scalars.slice(1)),
      () => S.msmNonConst(points, [scalars[0]!, 5 as never, scalars[2]!]),
      () => S.msmNonConst(points, scalars, undefined, { window: 1 }),
      () => S.msmNonConst(points, scalars, undefined, { algorithm: 'x' as never }),
    ];
    for (const f of cases) {
      const [a, b] = both(() => {
        try {
          f();
          return 'no error';
        } catch (e) {
          return `${(e as Error).constructor.name}: ${(e as Error).message}`;
        }
      });
      expect(a).not.toBe('no error');
      expect(b).toBe(a);
    }
  });
});
