/**
 * Cached-table multiplications: the constant-time `precompute` /
 * `scalarMultTable` (secret scalars) against noble-curves and `scalarMult`,
 * and the variable-time a·X(table) + b·Y(point)
 * `doubleScalarMultNonConst (table, point)` against the naive sum; edge scalars,
 * infinity, aliasing, argument types, and an operation-sequence check.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FieldVal, ModNScalar } from '@strata/field';
import { bigFromBytesBE } from '@strata/testkit';
import { engine } from '../../src/index.js';
import * as S from '../../src/secp256k1/index.js';
import { BETA, LAMBDA, N, NP, edgeScalars, fromNoble, fv, kArb, nobleMul, pointArb, same, sc, type NoblePoint } from './helpers.js';

function check(name: string, got: S.JacobianPoint, want: NoblePoint): void {
  expect(same(got, want), name).toBe(true);
  expect(got.isOnCurve(), name).toBe(true);
}

describe('precompute / scalarMultTable (constant-time, secret k)', () => {
  const q = NP.BASE.multiply(0x0123456789abcdef0123456789abcdefn);
  const p = fromNoble(q, 0xfeedfacecafen); // Z ≠ 1
  const t = S.precompute(p);

  it('edge scalars (0, 1, n−1, n, λ-related, window boundaries) agree with noble and scalarMult', () => {
    for (const k of edgeScalars()) {
      const want = nobleMul(q, k);
      const got = S.scalarMultTable(sc(k), t);
      check(`table ${k}`, got, want);
      expect(got.equals(S.scalarMult(sc(k), p)), `vs scalarMult ${k}`).toBe(true);
    }
  });

  it('a secret scalar with one non-zero window never comes out with Z = 1 (toAffine would skip its inversion: a timing of the scalar)', () => {
    // 1, 2^5·3, 2^250 and n − 1 have one non-zero window or not; every result
    // of the table forms must have Z ≠ 1 and still be the right point.
    for (const k of [1n, 3n << 5n, 1n << 250n, 17n << 100n, N - 1n]) {
      for (const [name, got] of [
        ['scalarBaseMult', S.scalarBaseMult(sc(k))],
        ['scalarMultTable', S.scalarMultTable(sc(k), t)],
      ] as const) {
        expect(got.z.isOne(), `${name} ${k}: Z = 1`).toBe(false);
        expect(got.isOnCurve(), `${name} ${k}`).toBe(true);
      }
      check(`base ${k}`, S.scalarBaseMult(sc(k)), NP.BASE.multiply(k));
      check(`table ${k}`, S.scalarMultTable(sc(k), t), nobleMul(q, k));
    }
  });

  it('random scalars and points (property), two tables interleaved', () => {
    fc.assert(
      fc.property(kArb, kArb, pointArb, (k1, k2, { p: p2, q: q2 }) => {
        const t2 = S.precompute(p2);
        check('first table', S.scalarMultTable(sc(k1), t), nobleMul(q, k1));
        check('second table', S.scalarMultTable(sc(k2), t2), nobleMul(q2, k2));
        check('first again', S.scalarMultTable(sc(k2), t), nobleMul(q, k2));
        check('second again', S.scalarMultTable(sc(k1), t2), nobleMul(q2, k1));
      }),
      { numRuns: 12 },
    );
  });

  it('tables of G, −G, φ(G) = λ·G and the identity', () => {
    const tg = S.precompute(S.generator());
    const tng = S.precompute(((p) => p.negate(p))(S.generator()));
    const phiG = new S.JacobianPoint().setAffine(
      new FieldVal().mul(S.G.x, fv(BETA)).normalize(),
      new FieldVal().set(S.G.y),
    );
    expect(same(phiG, NP.BASE.multiply(LAMBDA))).toBe(true);
    const tphi = S.precompute(phiG);
    for (const k of [0n, 1n, 2n, N - 1n, LAMBDA, N - LAMBDA, (LAMBDA * LAMBDA) % N, 0xdeadbeefn]) {
      const s = sc(k);
      expect(S.scalarMultTable(s, tg).equals(S.scalarBaseMult(s)), `G ${k}`).toBe(true);
      check(`G ${k}`, S.scalarMultTable(s, tg), nobleMul(NP.BASE, k));
      check(`−G ${k}`, S.scalarMultTable(s, tng), nobleMul(NP.BASE, -k));
      check(`φ(G) ${k}`, S.scalarMultTable(s, tphi), nobleMul(NP.BASE, k * LAMBDA));
    }
    // λ·φ(G) = λ²·G through the table.
    check('λ·φ(G)', S.scalarMultTable(sc(LAMBDA), tphi), NP.BASE.multiply((LAMBDA * LAMBDA) % N));
    const inf = S.precompute(new S.JacobianPoint());
    expect(inf.infinity).toBe(true);
    expect(inf.point.isIdentity()).toBe(true);
    for (const k of [0n, 1n, N - 1n, 0x1234n]) expect(S.scalarMultTable(sc(k), inf).isIdentity()).toBe(true);
    // k = 0 and k = n are written as (0, 0, 0).
    for (const k of [0n, N]) {
      const r = S.scalarMultTable(sc(k), t, S.generator());
      expect(r.isIdentity()).toBe(true);
      expect(r.x.isZero() && r.y.isZero() && r.z.isZero()).toBe(true);
    }
  });

  it('the table keeps its own affine copy of P; out may be P or a reused point', () => {
    const src = p.clone();
    const tab = S.precompute(src);
    expect(tab.infinity).toBe(false);
    expect(tab.point).not.toBe(src);
    expect(tab.point.z.isOne()).toBe(true);
    expect(tab.point.equals(p)).toBe(true);
    // out === the point the table was built from (mutating it must not affect the table).
    S.scalarMultTable(sc(7n), tab, src);
    check('out = P', src, q.multiply(7n));
    check('after P mutated', S.scalarMultTable(sc(11n), tab), q.multiply(11n));
    // One out reused across calls; k is left unchanged.
    const out = new S.JacobianPoint();
    const k = sc(0xabcdef0123n);
    const before = bigFromBytesBE(k.toBytes());
    expect(S.scalarMultTable(k, tab, out)).toBe(out);
    check('reused out', out, q.multiply(0xabcdef0123n));
    expect(bigFromBytesBE(k.toBytes())).toBe(before);
    S.scalarMultTable(sc(3n), tab, out);
    check('reused out again', out, q.multiply(3n));
  });

  it('runs the same field-operation sequence for every scalar', () => {
    // Record every FieldVal method call (name order) made by one multiplication
    // of the TypeScript engine (the WebAssembly engine makes none: its kernels
    // have their own discipline, see wasm/secp256k1/consttime.ts).
    const previous = engine.currentEngine();
    engine.useEngine('ts');
    const proto = FieldVal.prototype as unknown as Record<string, unknown>;
    const names = Object.getOwnPropertyNames(proto).filter((n) => n !== 'constructor' && typeof proto[n] === 'function');
    const log: string[] = [];
    const saved = new Map<string, unknown>();
    for (const n of names) {
      const f = proto[n] as (...a: unknown[]) => unknown;
      saved.set(n, f);
      proto[n] = function (this: unknown, ...a: unknown[]) {
        log.push(n);
        return f.apply(this, a);
      };
    }
    const traces: string[] = [];
    try {
      for (const k of [0n, 1n, N - 1n, LAMBDA, 16n, 0x5555n, 2n ** 255n]) {
        log.length = 0;
        S.scalarMultTable(sc(k), t);
        traces.push(log.join(','));
      }
    } finally {
      for (const [n, f] of saved) proto[n] = f;
      engine.useEngine(previous);
    }
    expect(traces[0]!.length).toBeGreaterThan(1000);
    for (const tr of traces) expect(tr).toBe(traces[0]);
  });

  it('throws TypeError for wrong argument types', () => {
    expect(() => S.precompute({} as never)).toThrow(TypeError);
    expect(() => S.precompute(null as never)).toThrow(TypeError);
    expect(() => S.scalarMultTable(5 as never, t)).toThrow(TypeError);
    expect(() => S.scalarMultTable(sc(1n), S.precomputeNonConst(p) as never)).toThrow(TypeError);
    expect(() => S.scalarMultTable(sc(1n), p as never)).toThrow(TypeError);
  });
});

describe('doubleScalarMultNonConst (table, point) (a·X from a table + b·Y, variable time)', () => {
  it('random scalars and points agree with the naive sum (property)', () => {
    fc.assert(
      fc.property(kArb, kArb, pointArb, pointArb, (a, b, { p: x, q: qx }, { p: y, q: qy }) => {
        const tx = S.precomputeNonConst(x);
        const want = nobleMul(qx, a).add(nobleMul(qy, b));
        check('table + point', S.doubleScalarMultNonConst(sc(a), tx, sc(b), y), want);
        // The naive sum of the two single multiplications in Strata agrees too.
        const naive = (new S.JacobianPoint()).addNonConst(S.scalarMultNonConst(sc(a), tx), S.scalarMultNonConst(sc(b), y));
        expect(S.doubleScalarMultNonConst(sc(a), tx, sc(b), y).equals(naive)).toBe(true);
      }),
      { numRuns: 30 },
    );
  });

  it('edge scalars, infinity on either side, zero scalars, X = ±Y (cancellation and doubling)', () => {
    const qx = NP.BASE.multiply(0x9999n);
    const x = fromNoble(qx, 5n);
    const tx = S.precomputeNonConst(x);
    const qy = NP.BASE.multiply(0x7777777777n);
    const y = fromNoble(qy, 0x1234567n);
    const tinf = S.precomputeNonConst(new S.JacobianPoint());
    const inf = new S.JacobianPoint();
    const edges = edgeScalars();
    for (let i = 0; i < edges.length; i++) {
      const a = edges[i]!;
      const b = edges[(i * 5 + 2) % edges.length]!;
      check(`edges ${a} ${b}`, S.doubleScalarMultNonConst(sc(a), tx, sc(b), y), nobleMul(qx, a).add(nobleMul(qy, b)));
      check(`Y = ∞ ${a}`, S.doubleScalarMultNonConst(sc(a), tx, sc(b), inf), nobleMul(qx, a));
      check(`X = ∞ ${b}`, S.doubleScalarMultNonConst(sc(a), tinf, sc(b), y), nobleMul(qy, b));
      check(`X = Y ${a} ${b}`, S.doubleScalarMultNonConst(sc(a), tx, sc(b), x), nobleMul(qx, a + b));
    }
    expect(S.doubleScalarMultNonConst(sc(3n), tinf, sc(4n), inf).isIdentity()).toBe(true);
    expect(S.doubleScalarMultNonConst(sc(0n), tx, sc(0n), y).isIdentity()).toBe(true);
    // a·X + (−a)·X = ∞, a·X + a·X = 2a·X, a·X + b·(−X).
    const a = 0x5555aaaa5555aaaa5555n;
    expect(S.doubleScalarMultNonConst(sc(a), tx, sc(N - a), x).isIdentity()).toBe(true);
    check('doubling', S.doubleScalarMultNonConst(sc(a), tx, sc(a), x), qx.multiply(2n * a));
    check('−X', S.doubleScalarMultNonConst(sc(a), tx, sc(3n), x.clone().negate(x)), qx.multiply(a - 3n));
    // λ-related: φ(X) = λ·X, so λ·X + (n − 1)·φ(X) = ∞.
    const phiX = S.scalarMultNonConst(sc(LAMBDA), x);
    expect(S.doubleScalarMultNonConst(sc(LAMBDA), tx, sc(N - 1n), phiX).isIdentity()).toBe(true);
  });

  it('out may alias Y, and the scalars are left unchanged', () => {
    fc.assert(
      fc.property(kArb, kArb, pointArb, pointArb, (a, b, { p: x, q: qx }, { p: y, q: qy }) => {
        const tx = S.precomputeNonConst(x);
        const yy = y.clone();
        const sa = sc(a), sb = sc(b);
        expect(S.doubleScalarMultNonConst(sa, tx, sb, yy, yy)).toBe(yy);
        check('out = Y', yy, nobleMul(qx, a).add(nobleMul(qy, b)));
        expect(sa.equals(sc(a)) && sb.equals(sc(b))).toBe(true);
        // The table's own point is not touched.
        expect(same(tx.point, qx)).toBe(true);
      }),
      { numRuns: 10 },
    );
  });

  it('throws TypeError for wrong argument types', () => {
    const g = S.generator();
    const tg = S.precomputeNonConst(g);
    expect(() => S.doubleScalarMultNonConst(1 as never, tg, sc(1n), g)).toThrow(TypeError);
    expect(() => S.doubleScalarMultNonConst(sc(1n), tg, new ModNScalar() as never, {} as never)).toThrow(TypeError);
    expect(() => S.doubleScalarMultNonConst(sc(1n), {} as never, sc(1n), g)).toThrow(TypeError);
    // Two plain points are a valid operand pair (a one-shot table of A is built).
    expect(S.doubleScalarMultNonConst(sc(2n), g, sc(3n), g).equals(S.scalarBaseMultNonConst(sc(5n)))).toBe(true);
    expect(() => S.doubleScalarMultNonConst(sc(1n), S.precompute(g) as never, sc(1n), g)).toThrow(TypeError);
  });
});
