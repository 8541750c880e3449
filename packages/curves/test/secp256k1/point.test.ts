/**
 * JacobianPoint and the variable-time group law: every addition path of the
 * dispatcher, group laws as properties, aliasing, conversions, and the
 * checked constructors.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ErrorCode, FieldVal, StrataError } from '@strata/field';
import * as S from '../../src/secp256k1/index.js';
import { LazyAcc, dblLazy, maddLazy } from '../../src/secp256k1/point.js';
import { NP, N, P, fromNoble, same, toNoble, fv, big, mod, sc, type NoblePoint } from './helpers.js';

const scalarArb = fc.bigInt({ min: 1n, max: N - 1n });
const zArb = fc.oneof(fc.constant(1n), fc.constant(2n), fc.constant(P - 1n), fc.bigInt({ min: 1n, max: P - 1n }));
/** A random point as (noble point, Strata point with a random Z). */
const pointArb = fc.tuple(scalarArb, zArb).map(([k, z]) => {
  const q = NP.BASE.multiply(k);
  return { q, p: fromNoble(q, z) };
});

function codeOf(f: () => unknown): string | null {
  try {
    f();
    return null;
  } catch (e) {
    if (e instanceof StrataError) return e.code;
    throw e;
  }
}

describe('addNonConst dispatcher paths against noble', () => {
  // Z choices select the path: (1,1) mmadd, (z,z) zadd, (z,1) madd, (1,z) madd swapped, (z1,z2) generic.
  const cases: [string, bigint | undefined, bigint | undefined][] = [
    ['Z1 = Z2 = 1', 1n, 1n],
    ['Z1 = Z2 ≠ 1', 5n, 5n],
    ['Z2 = 1', 7n, 1n],
    ['Z1 = 1', 1n, 9n],
    ['generic', 3n, 11n],
  ];
  for (const [name, z1, z2] of cases) {
    it(`${name}: P + Q, P + P, P + (−P), aliasing`, () => {
      fc.assert(
        fc.property(scalarArb, scalarArb, fc.bigInt({ min: 1n, max: P - 1n }), (a, b, zr) => {
          const qa = NP.BASE.multiply(a);
          const qb = NP.BASE.multiply(b);
          const zz1 = z1 === 1n ? 1n : mod(z1! * zr, P) || 1n;
          const zz2 = z2 === 1n ? 1n : z1 === z2 ? zz1 : mod(z2! * zr + 1n, P) || 1n;
          const pa = fromNoble(qa, zz1);
          const pb = fromNoble(qb, zz2);
          expect(same(new S.JacobianPoint().addNonConst(pa, pb), qa.add(qb))).toBe(true);
          // Same point with these Zs (doubling through the add path).
          const pa2 = fromNoble(qa, zz2);
          expect(same(new S.JacobianPoint().addNonConst(pa, pa2), qa.double())).toBe(true);
          // Opposite point.
          const na = fromNoble(qa.negate(), zz2);
          expect(new S.JacobianPoint().addNonConst(pa, na).isIdentity()).toBe(true);
          // Aliasing out === p1, out === p2, p1 === p2 === out.
          const c1 = pa.clone();
          expect(same(c1.addNonConst(c1, pb), qa.add(qb))).toBe(true);
          const c2 = pb.clone();
          expect(same(c2.addNonConst(pa, c2), qa.add(qb))).toBe(true);
          const c3 = pa.clone();
          expect(same(c3.addNonConst(c3, c3), qa.double())).toBe(true);
          // Results stay normalized and on the curve.
          expect(new S.JacobianPoint().addNonConst(pa, pb).isOnCurve()).toBe(true);
        }),
        { numRuns: 25 },
      );
    });
  }

  it('identity on either side, and ∞ + ∞', () => {
    const inf = new S.JacobianPoint();
    const g = S.generator();
    expect(new S.JacobianPoint().addNonConst(inf, g).equals(g)).toBe(true);
    expect(new S.JacobianPoint().addNonConst(g, inf).equals(g)).toBe(true);
    expect(new S.JacobianPoint().addNonConst(inf, inf).isIdentity()).toBe(true);
    expect(new S.JacobianPoint().doubleNonConst(inf).isIdentity()).toBe(true);
    expect(new S.JacobianPoint().subNonConst(g, g).isIdentity()).toBe(true);
  });
});

describe('group laws (properties)', () => {
  it('identity, inverse, commutativity, associativity, P + P = 2P', () => {
    fc.assert(
      fc.property(pointArb, pointArb, pointArb, ({ p: a, q: qa }, { p: b }, { p: c }) => {
        const inf = new S.JacobianPoint();
        expect(new S.JacobianPoint().addNonConst(a, inf).equals(a)).toBe(true);
        expect(new S.JacobianPoint().addNonConst(a, a.clone().negate(a)).isIdentity()).toBe(true);
        expect(new S.JacobianPoint().addNonConst(a, b).equals(new S.JacobianPoint().addNonConst(b, a))).toBe(true);
        const left = new S.JacobianPoint().addNonConst(new S.JacobianPoint().addNonConst(a, b), c);
        const right = new S.JacobianPoint().addNonConst(a, new S.JacobianPoint().addNonConst(b, c));
        expect(left.equals(right)).toBe(true);
        expect(new S.JacobianPoint().addNonConst(a, a).equals(new S.JacobianPoint().doubleNonConst(a))).toBe(true);
        expect(same(new S.JacobianPoint().doubleNonConst(a), qa.double())).toBe(true);
        const d = a.clone();
        d.doubleNonConst(d);
        expect(d.equals(new S.JacobianPoint().doubleNonConst(a))).toBe(true);
      }),
      { numRuns: 30 },
    );
  });

  it('scalar distributivity: (a + b)·P = a·P + b·P and (a·b)·P = a·(b·P)', () => {
    fc.assert(
      fc.property(scalarArb, scalarArb, pointArb, (a, b, { p }) => {
        const sa = S.scalarMultNonConst(sc(a), p);
        const sb = S.scalarMultNonConst(sc(b), p);
        expect(S.scalarMultNonConst(sc(a + b), p).equals(new S.JacobianPoint().addNonConst(sa, sb))).toBe(true);
        expect(S.scalarMultNonConst(sc(a * b), p).equals(S.scalarMultNonConst(sc(a), sb))).toBe(true);
        expect(S.scalarMultNonConst(sc(N - a), p).equals(sa.clone().negate(sa))).toBe(true);
      }),
      { numRuns: 15 },
    );
  });
});

describe('JacobianPoint methods', () => {
  it('toAffine: one representative, Z = 1, idempotent; infinity stays infinity', () => {
    fc.assert(
      fc.property(pointArb, ({ p, q }) => {
        const a = p.clone().toAffine();
        expect(a.z.isOne()).toBe(true);
        const qa = q.toAffine();
        expect(big(a.x)).toBe(qa.x);
        expect(big(a.y)).toBe(qa.y);
        expect(a.clone().toAffine().equals(a)).toBe(true);
        expect(a.equals(p)).toBe(true);
      }),
      { numRuns: 20 },
    );
    const inf = new S.JacobianPoint().toAffine();
    expect(inf.isIdentity()).toBe(true);
  });

  it('equals: distinguishes P, −P, other points and infinity across different Z', () => {
    fc.assert(
      fc.property(scalarArb, zArb, zArb, (k, z1, z2) => {
        const q = NP.BASE.multiply(k);
        const a = fromNoble(q, z1);
        const b = fromNoble(q, z2);
        expect(a.equals(b)).toBe(true);
        expect(a.equals(fromNoble(q.negate(), z2))).toBe(false);
        expect(a.equals(fromNoble(q.add(NP.BASE), z2))).toBe(false);
        expect(a.equals(new S.JacobianPoint())).toBe(false);
        expect(new S.JacobianPoint().equals(a)).toBe(false);
      }),
      { numRuns: 20 },
    );
    expect(new S.JacobianPoint().equals(new S.JacobianPoint())).toBe(true);
  });

  it('negate (in place and into a fresh point) / set / clone / setIdentity / isIdentity', () => {
    const g = S.generator();
    const n = new S.JacobianPoint().negate(g);
    expect(same(n, NP.BASE.negate())).toBe(true);
    expect(((p) => p.negate(p))(g.clone().negate(g)).equals(g)).toBe(true);
    expect(((p) => p.negate(p))(new S.JacobianPoint()).isIdentity()).toBe(true);
    const c = g.clone();
    c.setIdentity();
    expect(c.isIdentity()).toBe(true);
    expect(g.isIdentity()).toBe(false);
    expect(new S.JacobianPoint().set(g).equals(g)).toBe(true);
  });

  it('the exported G is the SEC2 base point and mutating it does not affect the library', () => {
    expect(same(S.G, NP.BASE)).toBe(true);
    expect(S.pointToBytes(S.generator())).toEqual(NP.BASE.toBytes(true));
    const saved = S.G.clone();
    S.G.negate(S.G);
    try {
      expect(same(S.scalarBaseMultNonConst(sc(1n)), NP.BASE)).toBe(true);
      expect(same(S.scalarBaseMult(sc(1n)), NP.BASE)).toBe(true);
      expect(same(S.generator(), NP.BASE)).toBe(true);
    } finally {
      S.G.set(saved);
    }
  });

  it('setAffine / setJacobian refuse points off the curve (typed error, receiver untouched)', () => {
    fc.assert(
      fc.property(scalarArb, fc.bigInt({ min: 1n, max: P - 1n }), zArb, (k, delta, z) => {
        const q = NP.BASE.multiply(k).toAffine();
        const target = S.generator();
        expect(codeOf(() => target.setAffine(fv(q.x), fv(q.y + delta)))).toBe(ErrorCode.POINT_NOT_ON_CURVE);
        expect(codeOf(() => target.setJacobian(fv(q.x * z * z), fv(q.y * z * z * z + delta), fv(z)))).toBe(ErrorCode.POINT_NOT_ON_CURVE);
        expect(target.equals(S.G)).toBe(true);
        // The on-curve versions are accepted (also from unnormalized inputs).
        const x = ((t) => t.add(t, ((t) => t.negate(t, 1))(fv(q.x))))(((t) => t.add(t, ((t) => t.negate(t, 1))(fv(q.x))))(((t) => t.mulInt(t, 3))(fv(q.x))));
        expect(same(new S.JacobianPoint().setAffine(x, fv(q.y)), NP.BASE.multiply(k))).toBe(true);
      }),
      { numRuns: 20 },
    );
    // (0, 0) and the all-zero x are not points; Z = 0 gives infinity whatever X, Y are.
    expect(codeOf(() => new S.JacobianPoint().setAffine(fv(0n), fv(0n)))).toBe(ErrorCode.POINT_NOT_ON_CURVE);
    expect(new S.JacobianPoint().setJacobian(fv(5n), fv(6n), fv(0n)).isIdentity()).toBe(true);
  });

  it('throws TypeError for wrong argument types', () => {
    const g = S.generator();
    expect(() => g.setAffine(1 as unknown as FieldVal, new FieldVal())).toThrow(TypeError);
    expect(() => g.setJacobian(new FieldVal(), null as unknown as FieldVal, new FieldVal())).toThrow(TypeError);
    expect(() => S.scalarMultNonConst(5 as never, g)).toThrow(TypeError);
    expect(() => S.scalarMultNonConst(sc(5n), {} as never)).toThrow(TypeError);
    expect(() => S.scalarBaseMultNonConst('1' as never)).toThrow(TypeError);
    expect(() => S.scalarMult(sc(1n), 'x' as never)).toThrow(TypeError);
    expect(() => S.scalarBaseMult(1n as never)).toThrow(TypeError);
    expect(() => S.doubleScalarMultBaseNonConst(2 as never, g, sc(1n))).toThrow(TypeError);
    expect(() => S.doubleScalarMultNonConst(sc(1n), g, sc(2n), {} as never)).toThrow(TypeError);
    expect(() => S.msmNonConst([g], [1n as never])).toThrow(TypeError);
    expect(() => S.msmNonConst([g], [])).toThrow(expect.objectContaining({ code: 'ERR_BAD_LENGTH' }));
  });
});

describe('batchToAffineNonConst', () => {
  it('matches per-point toAffine, keeps infinity, works in place and into another array', () => {
    fc.assert(
      fc.property(fc.array(fc.option(pointArb, { freq: 5 }), { minLength: 0, maxLength: 12 }), (items) => {
        const pts = items.map((it) => (it === null ? new S.JacobianPoint() : it.p));
        const expected: (NoblePoint | null)[] = items.map((it) => (it === null ? null : it.q));
        const out = pts.map(() => new S.JacobianPoint().setGenerator());
        S.batchToAffineNonConst(pts, out);
        const copy = pts.map((p) => p.clone());
        expect(S.batchToAffineNonConst(copy, copy)).toBe(copy);
        const fresh = S.batchToAffineNonConst(pts);
        expect(fresh.length).toBe(pts.length);
        fresh.forEach((f, i) => {
          expect(f).not.toBe(pts[i]);
          expect(f.equals(out[i]!)).toBe(true);
        });
        if (pts.length > 0) {
          expect(() => S.batchToAffineNonConst(pts, out.slice(1))).toThrow(expect.objectContaining({ code: 'ERR_BAD_LENGTH' }));
        }
        for (let i = 0; i < pts.length; i++) {
          const e = expected[i];
          for (const r of [out[i]!, copy[i]!]) {
            if (e === null) expect(r.isIdentity()).toBe(true);
            else {
              expect(r.z.isOne()).toBe(true);
              expect(same(r, e!)).toBe(true);
            }
          }
        }
      }),
      { numRuns: 20 },
    );
  });
});

// Keeps the import of toNoble used (conversion helper sanity).
describe('helpers', () => {
  it('toNoble/fromNoble round trip', () => {
    const q = NP.BASE.multiply(12345n);
    expect(toNoble(fromNoble(q, 77n)).equals(q)).toBe(true);
  });
});


describe('lazily reduced accumulator (internal loop arithmetic)', () => {
  it('random chains of dblLazy / maddLazy (including P + P and P + (−P)) agree with noble', () => {
    const ops = fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.bigInt({ min: 1n, max: N - 1n })), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(ops, (list) => {
        const acc = new LazyAcc();
        let want = NP.ZERO;
        for (const [op, k] of list) {
          if (op === 0) {
            dblLazy(acc);
            want = want.double();
            continue;
          }
          // 1: random point; 2: the accumulator itself; 3: its negation; 4: random point with y of magnitude 2.
          let q: NoblePoint;
          if (op === 2 || op === 3) q = want.is0() ? NP.BASE : op === 2 ? want : want.negate();
          else q = NP.BASE.multiply(k);
          const a = q.toAffine();
          const y = op === 4 ? ((t) => t.negate(t, 1))(fv(a.y)) : fv(a.y);
          const qq = op === 4 ? q.negate() : q;
          maddLazy(acc, fv(a.x), y);
          want = want.add(qq);
        }
        expect(same(acc.store(new S.JacobianPoint()), want)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
