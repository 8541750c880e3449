/**
 * Cached variable-time tables with a chosen wNAF width and piece count
 * (`precomputeNonConst(P, { width, pieces })`): every multiplication that
 * takes a table (G + table, table + table, table + plain point, table alone)
 * against noble-curves, for every width 2…8 and piece counts 1…8, mixed
 * shapes in one multiplication, edge scalars, infinity, cancellation and
 * doubling inside the loop, aliasing, the split memo (same scalar object
 * mutated between calls), sizes, and bad options.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ModNScalar } from '@strata/field';
import * as S from '../../src/secp256k1/index.js';
import { publicTableData } from '../../src/secp256k1/ecmult.js';
import { N, NP, edgeScalars, fromNoble, kArb, nobleMul, pointArb, same, sc, type NoblePoint } from './helpers.js';

function check(name: string, got: S.JacobianPoint, want: NoblePoint): void {
  expect(same(got, want), name).toBe(true);
  expect(got.isOnCurve(), name).toBe(true);
}

const q = NP.BASE.multiply(0x0badc0ffee0ddf00dn);
const p = fromNoble(q, 0x1234567n); // Z ≠ 1
const q2 = NP.BASE.multiply(0x7777777777777777777777n);
const p2 = fromNoble(q2, 5n);

describe('precomputeNonConst with { width, pieces }', () => {
  it('every width 2…8 and piece count 1…8: all table paths agree with noble', () => {
    const u1 = 0x9f3c2b1a00ff00ff00ff77665544332211aabbccddeeff0123456789abcdefn % N;
    const u2 = N - 0x1234567890abcdef1234567890abcdef1234567890abcdefn;
    for (let w = 2; w <= 8; w++) {
      for (let t = 1; t <= 8; t++) {
        const tab = S.precomputeNonConst(p, { width: w, pieces: t });
        expect(tab.width).toBe(w);
        expect(tab.pieces).toBe(t);
        expect(tab.pieceDigits).toBe(Math.ceil(129 / t));
        expect(tab.byteLength).toBe(120 * t * (1 << (w - 2)));
        expect(tab.point.equals(p)).toBe(true);
        const tag = `w=${w} t=${t}`;
        check(`${tag} table`, S.scalarMultNonConst(sc(u1), tab), nobleMul(q, u1));
        check(`${tag} G+table`, S.doubleScalarMultBaseNonConst(sc(u2), tab, sc(u1)), nobleMul(NP.BASE, u1).add(nobleMul(q, u2)));
        const tab2 = S.precomputeNonConst(p2, { width: 10 - w, pieces: t });
        check(`${tag} tables`, S.doubleScalarMultNonConst(sc(u2), tab, sc(u1), tab2), nobleMul(q, u2).add(nobleMul(q2, u1)));
        check(`${tag} table+point`, S.doubleScalarMultNonConst(sc(u1), tab, sc(u2), p2), nobleMul(q, u1).add(nobleMul(q2, u2)));
      }
    }
  });

  it('random scalars and points, mixed shapes in one multiplication (property)', () => {
    const shapes = [
      { width: 7, pieces: 8 },
      { width: 5, pieces: 8 },
      { width: 8, pieces: 4 },
      { width: 6, pieces: 4 },
      { width: 6, pieces: 1 },
      { width: 3, pieces: 3 },
    ];
    fc.assert(
      fc.property(kArb, kArb, pointArb, pointArb, fc.nat(shapes.length - 1), fc.nat(shapes.length - 1), (a, b, x, y, i, j) => {
        const tx = S.precomputeNonConst(x.p, shapes[i]);
        const ty = S.precomputeNonConst(y.p, shapes[j]);
        check('G+table', S.doubleScalarMultBaseNonConst(sc(b), tx, sc(a)), nobleMul(NP.BASE, a).add(nobleMul(x.q, b)));
        check('tables', S.doubleScalarMultNonConst(sc(a), tx, sc(b), ty), nobleMul(x.q, a).add(nobleMul(y.q, b)));
        check('table+point', S.doubleScalarMultNonConst(sc(a), ty, sc(b), x.p), nobleMul(y.q, a).add(nobleMul(x.q, b)));
        check('table', S.scalarMultNonConst(sc(b), ty), nobleMul(y.q, b));
      }),
      { numRuns: 25 },
    );
  });

  it('edge scalars, P = ±G, infinity, cancellation and doubling inside the loop', () => {
    const opts = { width: 7, pieces: 8 };
    const tp = S.precomputeNonConst(p, opts);
    const tg = S.precomputeNonConst(S.generator(), opts);
    const tng = S.precomputeNonConst(((p) => p.negate(p))(S.generator()), { width: 5, pieces: 8 });
    const tinf = S.precomputeNonConst(new S.JacobianPoint(), opts);
    expect(tinf.infinity).toBe(true);
    expect(tinf.byteLength).toBe(0);
    const edges = edgeScalars();
    for (let i = 0; i < edges.length; i++) {
      const u1 = edges[i]!;
      const u2 = edges[(i * 5 + 2) % edges.length]!;
      const want = nobleMul(NP.BASE, u1).add(nobleMul(q, u2));
      check(`G+table ${u1} ${u2}`, S.doubleScalarMultBaseNonConst(sc(u2), tp, sc(u1)), want);
      check(`tables ${u1} ${u2}`, S.doubleScalarMultNonConst(sc(u1), tg, sc(u2), tp), want);
      check(`−G ${u1}`, S.scalarMultNonConst(sc(u1), tng), nobleMul(NP.BASE, -u1));
      check(`G+∞ ${u1}`, S.doubleScalarMultBaseNonConst(sc(u2), tinf, sc(u1)), nobleMul(NP.BASE, u1));
      check(`∞+table ${u2}`, S.doubleScalarMultNonConst(sc(u1), tinf, sc(u2), tp), nobleMul(q, u2));
    }
    const u = 0x5555aaaa5555aaaa5555aaaa5555aaaa5555n;
    // u·G + (−u)·G = ∞ and u·G + u·G = 2u·G, through the pieced paths.
    expect(S.doubleScalarMultBaseNonConst(sc(N - u), tg, sc(u)).isIdentity()).toBe(true);
    expect(S.doubleScalarMultNonConst(sc(u), tg, sc(u), tng).isIdentity()).toBe(true);
    expect(same(S.doubleScalarMultBaseNonConst(sc(u), tg, sc(u)), NP.BASE.multiply(2n * u))).toBe(true);
    expect(same(S.doubleScalarMultNonConst(sc(u), tg, sc(N - u), tng), NP.BASE.multiply(2n * u))).toBe(true);
    expect(same(S.doubleScalarMultNonConst(sc(u), tg, sc(u), S.generator()), NP.BASE.multiply(2n * u))).toBe(true);
    expect(S.doubleScalarMultNonConst(sc(u), tg, sc(N - u), S.generator()).isIdentity()).toBe(true);
  });

  it('precomputeManyNonConst with options equals per-point tables', () => {
    const opts = { width: 8, pieces: 2 };
    const tabs = S.precomputeManyNonConst([p, new S.JacobianPoint(), p2], opts);
    expect(tabs.map((t) => t.infinity)).toEqual([false, true, false]);
    const one = S.precomputeNonConst(p2, opts);
    expect(Array.from(publicTableData('test', tabs[2]!).limbs)).toEqual(Array.from(publicTableData('test', one).limbs));
    check('many', S.doubleScalarMultNonConst(sc(3n), tabs[0]!, sc(N - 7n), tabs[2]!), nobleMul(q, 3n).add(nobleMul(q2, -7n)));
  });

  it('out may alias the plain point; the same scalar object mutated between calls is re-split', () => {
    const tp = S.precomputeNonConst(p, { width: 7, pieces: 8 });
    const y = p2.clone();
    S.doubleScalarMultNonConst(sc(11n), tp, sc(13n), y, y);
    check('alias', y, nobleMul(q, 11n).add(nobleMul(q2, 13n)));
    // The split memo keys on the scalar's value, not on the object.
    const s = sc(0x1111n);
    const c = sc(0x2222n);
    check('first', S.doubleScalarMultBaseNonConst(c, tp, s), nobleMul(NP.BASE, 0x1111n).add(nobleMul(q, 0x2222n)));
    s.setBytesReduced(sc(0x3333n).toBytes());
    check('s mutated', S.doubleScalarMultBaseNonConst(c, tp, s), nobleMul(NP.BASE, 0x3333n).add(nobleMul(q, 0x2222n)));
    c.setBytesReduced(sc(N - 5n).toBytes());
    check('c mutated', S.doubleScalarMultNonConst(s, tp, c, tp), nobleMul(q, 0x3333n - 5n));
    // Same values in swapped roles.
    check('swapped', S.doubleScalarMultBaseNonConst(s, tp, c), nobleMul(NP.BASE, -5n).add(nobleMul(q, 0x3333n)));
    const k = new ModNScalar();
    expect(S.scalarMultNonConst(k, tp).isIdentity()).toBe(true);
  });

  it('rejects bad options: width outside 2…8, pieces outside 1…8, non-integers, non-objects', () => {
    for (const bad of [{ width: 1 }, { width: 9 }, { width: 6.5 }, { pieces: 0 }, { pieces: 9 }, { pieces: 1.5 }, { width: NaN }]) {
      expect(() => S.precomputeNonConst(p, bad), JSON.stringify(bad)).toThrow(RangeError);
      expect(() => S.precomputeManyNonConst([p], bad), JSON.stringify(bad)).toThrow(RangeError);
    }
    // A width or piece count of the wrong type is a programmer error (issue 10, finding 7).
    for (const bad of [{ width: '7' }, { pieces: '2' }, { width: null }, { pieces: true }, { width: 7n }]) {
      expect(() => S.precomputeNonConst(p, bad as unknown as S.PrecomputeOptions), String(Object.values(bad)[0])).toThrow(TypeError);
      expect(() => S.precomputeManyNonConst([p], bad as unknown as S.PrecomputeOptions)).toThrow(TypeError);
    }
    expect(() => S.precomputeNonConst(p, [] as unknown as S.PrecomputeOptions)).toThrow(TypeError);
    expect(() => S.precomputeNonConst(p, null as unknown as S.PrecomputeOptions)).toThrow(TypeError);
    expect(() => S.precomputeNonConst(p, 7 as unknown as S.PrecomputeOptions)).toThrow(TypeError);
    expect(() => S.precomputeManyNonConst(p as unknown as S.JacobianPoint[])).toThrow(TypeError);
    const dflt = S.precomputeNonConst(p, {});
    expect([dflt.width, dflt.pieces]).toEqual([S.WINDOW_CACHED, 1]);
  });
});
