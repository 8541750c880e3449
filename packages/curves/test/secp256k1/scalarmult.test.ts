/**
 * Scalar multiplication against noble-curves (multiply / multiplyUnsafe) on
 * random and edge scalars, the GLV split and its constants, cached tables,
 * and aliasing of the `out` argument.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ModNScalar } from '@strata/field';
import { bigFromBytesBE, bigToBytesBE } from '@strata/testkit';
import * as S from '../../src/secp256k1/index.js';
import { splitK } from '../../src/secp256k1/scalar.js';
import { G1_BYTES, G2_BYTES, MINUS_B1, MINUS_B2, LAMBDA as LAMBDA_INTERNAL, BETA as BETA_INTERNAL } from '../../src/secp256k1/params.js';
import { BETA, LAMBDA, N, NP, edgeScalars, fromNoble, kArb, mod, nobleMul, pointArb, same, sc, type NoblePoint } from './helpers.js';

describe('GLV parameters and split', () => {
  it('λ³ ≡ 1 (mod n), β³ ≡ 1 (mod p), λ·G = (β·Gx, Gy)', () => {
    const p = 2n ** 256n - 2n ** 32n - 977n;
    expect(LAMBDA ** 3n % N).toBe(1n);
    expect(BETA ** 3n % p).toBe(1n);
    const lg = NP.BASE.multiply(LAMBDA).toAffine();
    const g = NP.BASE.toAffine();
    expect(lg.x).toBe((BETA * g.x) % p);
    expect(lg.y).toBe(g.y);
    expect(BigInt('0x' + S.LAMBDA_HEX)).toBe(LAMBDA);
    expect(BigInt('0x' + S.BETA_HEX)).toBe(BETA);
    expect(bigFromBytesBE(LAMBDA_INTERNAL.toBytes())).toBe(LAMBDA);
    expect(BETA_INTERNAL.toString()).toBe(BETA.toString(16).padStart(64, '0'));
  });

  it('the rounding constants are re-derived from the lattice basis', () => {
    const a1 = 0x3086d221a7d46bcde86c90e49284eb15n;
    const b1 = -0xe4437ed6010e88286f547fa90abfe4c3n;
    const a2 = 0x114ca50f7a8e2f3f657c1108d9d44cfd8n;
    const b2 = a1;
    expect(mod(a1 + b1 * LAMBDA, N)).toBe(0n);
    expect(mod(a2 + b2 * LAMBDA, N)).toBe(0n);
    const round = (num: bigint) => (num + N / 2n) / N;
    expect(bigFromBytesBE(G1_BYTES)).toBe(round(2n ** 384n * b2));
    expect(bigFromBytesBE(G2_BYTES)).toBe(round(2n ** 384n * -b1));
    expect(bigFromBytesBE(MINUS_B1.toBytes())).toBe(mod(-b1, N));
    expect(bigFromBytesBE(MINUS_B2.toBytes())).toBe(mod(-b2, N));
  });

  it('no nonzero x + y·λ ≡ 0 (mod n) has |x|, |y| ≤ 2^127 (why scalarMult adds blind at digit positions 31 … 1)', () => {
    // Gauss-reduce the basis (n, 0), (−λ, 1) of the lattice of solutions.
    const dot = (u: bigint[], v: bigint[]) => u[0]! * v[0]! + u[1]! * v[1]!;
    let u = [N, 0n], v = [mod(-LAMBDA, N), 1n];
    for (;;) {
      if (dot(u, u) < dot(v, v)) [u, v] = [v, u];
      const num = 2n * dot(u, v) + dot(v, v), den = 2n * dot(v, v);
      const q = num >= 0n ? num / den : -((-num + den - 1n) / den); // ⌊⟨u, v⟩ / |v|² + 1/2⌋
      if (q === 0n) break;
      u = [u[0]! - q * v[0]!, u[1]! - q * v[1]!];
    }
    // v is the shortest nonzero vector: |v| ≤ |u| and |⟨u, v⟩| ≤ |v|²/2.
    expect(dot(v, v) <= dot(u, u)).toBe(true);
    const uv = dot(u, v);
    expect(2n * (uv < 0n ? -uv : uv) <= dot(v, v)).toBe(true);
    for (const w of [u, v]) expect(mod(w[0]! + w[1]! * LAMBDA, N)).toBe(0n);
    // So every nonzero solution has x² + y² ≥ |v|² > 2^255, hence max(|x|, |y|) > 2^127.
    expect(dot(v, v) > 2n ** 255n).toBe(true);
    expect(v.map((c) => (c < 0n ? -c : c))).toEqual([0x3086d221a7d46bcde86c90e49284eb15n, 0xe4437ed6010e88286f547fa90abfe4c3n]);
  });

  it('k ≡ ±k1 ± k2·λ (mod n) with |k1|, |k2| < 2^128', () => {
    const sp = S.newGlvSplit();
    fc.assert(
      fc.property(kArb, (k) => {
        S.splitKNonConst(sc(k), sp);
        const k1 = bigFromBytesBE(sp.k1);
        const k2 = bigFromBytesBE(sp.k2);
        expect(k1 < 2n ** 128n).toBe(true);
        expect(k2 < 2n ** 128n).toBe(true);
        const s1 = sp.neg1 ? -k1 : k1;
        const s2 = sp.neg2 ? -k2 : k2;
        expect(mod(s1 + s2 * LAMBDA, N)).toBe(mod(k, N));
      }),
      { numRuns: 300 },
    );
    // The branch-free split of scalarMult agrees, and reports the signs as masks.
    const ct = S.newGlvSplit();
    const masks = new Int32Array(2);
    for (const k of [...edgeScalars(), 0x1234n, N - 0x1234n]) {
      S.splitKNonConst(sc(k), sp);
      splitK(sc(k), ct, masks);
      expect(ct.k1).toEqual(sp.k1);
      expect(ct.k2).toEqual(sp.k2);
      expect([ct.neg1, ct.neg2]).toEqual([sp.neg1, sp.neg2]);
      expect([masks[0], masks[1]]).toEqual([sp.neg1 ? -1 : 0, sp.neg2 ? -1 : 0]);
    }
    // The edge list contains splits with every sign combination.
    const signs = new Set<string>();
    for (const k of edgeScalars()) {
      S.splitKNonConst(sc(k), sp);
      signs.add(`${sp.neg1}${sp.neg2}`);
    }
    expect(signs.size).toBe(4);
  });
});

function check(name: string, got: S.JacobianPoint, want: NoblePoint): void {
  expect(same(got, want), name).toBe(true);
  expect(got.isOnCurve(), name).toBe(true);
}

describe('single scalar multiplication vs noble', () => {
  it('edge scalars on G and on a random point (all four entry points)', () => {
    const q = NP.BASE.multiply(0x1234567890abcdefn);
    const p = fromNoble(q, 0xdeadbeefn);
    for (const k of edgeScalars()) {
      const wantG = nobleMul(NP.BASE, k);
      const wantP = nobleMul(q, k);
      const s = sc(k);
      check(`base ${k}`, S.scalarBaseMultNonConst(s), wantG);
      check(`ct base ${k}`, S.scalarBaseMult(s), wantG);
      check(`var ${k}`, S.scalarMultNonConst(s, p), wantP);
      check(`ct var ${k}`, S.scalarMult(s, p), wantP);
      check(`var G ${k}`, S.scalarMultNonConst(s, S.generator()), wantG);
      if (mod(k, N) !== 0n) {
        // noble's constant-time multiply agrees too.
        expect(same(S.scalarMult(s, p), q.multiply(mod(k, N)))).toBe(true);
      }
    }
  });

  it('random scalars and points (property)', () => {
    fc.assert(
      fc.property(kArb, pointArb, (k, { p, q }) => {
        const s = sc(k);
        check('base', S.scalarBaseMultNonConst(s), nobleMul(NP.BASE, k));
        check('ct base', S.scalarBaseMult(s), nobleMul(NP.BASE, k));
        check('var', S.scalarMultNonConst(s, p), nobleMul(q, k));
        check('ct var', S.scalarMult(s, p), nobleMul(q, k));
      }),
      { numRuns: 40 },
    );
  });

  it('infinity inputs and outputs', () => {
    const inf = new S.JacobianPoint();
    expect(S.scalarMultNonConst(sc(5n), inf).isIdentity()).toBe(true);
    expect(S.scalarMult(sc(5n), inf).isIdentity()).toBe(true);
    expect(S.scalarMultNonConst(sc(0n), S.G).isIdentity()).toBe(true);
    expect(S.scalarMult(sc(0n), S.G).isIdentity()).toBe(true);
    expect(S.scalarBaseMult(sc(0n)).isIdentity()).toBe(true);
    expect(S.scalarBaseMultNonConst(sc(0n)).isIdentity()).toBe(true);
    // Results that are infinity are written as (0, 0, 0).
    const r = S.scalarMult(sc(0n), S.G);
    expect(r.x.isZero() && r.y.isZero() && r.z.isZero()).toBe(true);
  });

  it('out aliasing the input point', () => {
    fc.assert(
      fc.property(kArb, pointArb, (k, { p, q }) => {
        const a = p.clone();
        S.scalarMultNonConst(sc(k), a, a);
        expect(same(a, nobleMul(q, k))).toBe(true);
        const b = p.clone();
        S.scalarMult(sc(k), b, b);
        expect(same(b, nobleMul(q, k))).toBe(true);
        const c = p.clone();
        S.doubleScalarMultBaseNonConst(sc(k + 1n), c, sc(k), c);
        expect(same(c, nobleMul(NP.BASE, k).add(nobleMul(q, k + 1n)))).toBe(true);
      }),
      { numRuns: 10 },
    );
  });
});

describe('double and table multiplication vs noble', () => {
  it('u1·G + u2·P one-shot, with a cached table, and a·X + b·Y with two tables', () => {
    fc.assert(
      fc.property(kArb, kArb, pointArb, pointArb, (u1, u2, { p, q }, { p: p2, q: q2 }) => {
        const want = nobleMul(NP.BASE, u1).add(nobleMul(q, u2));
        check('dsm', S.doubleScalarMultBaseNonConst(sc(u2), p, sc(u1)), want);
        const t = S.precomputeNonConst(p);
        check('dsm table', S.doubleScalarMultBaseNonConst(sc(u2), t, sc(u1)), want);
        const t2 = S.precomputeNonConst(p2);
        check('tables', S.doubleScalarMultNonConst(sc(u1), t, sc(u2), t2), nobleMul(q, u1).add(nobleMul(q2, u2)));
        check('table single', S.scalarMultNonConst(sc(u1), t2), nobleMul(q2, u1));
      }),
      { numRuns: 30 },
    );
  });

  it('edge scalars, P = ±G, P = infinity, zero scalars, and u1·G = −u2·P cancellation', () => {
    const q = NP.BASE.multiply(987654321n);
    const p = fromNoble(q, 3n);
    const tp = S.precomputeNonConst(p);
    const tg = S.precomputeNonConst(S.generator());
    const tinf = S.precomputeNonConst(new S.JacobianPoint());
    expect(tinf.infinity).toBe(true);
    const edges = edgeScalars();
    for (let i = 0; i < edges.length; i++) {
      const u1 = edges[i]!;
      const u2 = edges[(i * 7 + 3) % edges.length]!;
      const want = nobleMul(NP.BASE, u1).add(nobleMul(q, u2));
      check('dsm', S.doubleScalarMultBaseNonConst(sc(u2), p, sc(u1)), want);
      check('dsm table', S.doubleScalarMultBaseNonConst(sc(u2), tp, sc(u1)), want);
      check('dsm G', S.doubleScalarMultBaseNonConst(sc(u2), S.generator(), sc(u1)), nobleMul(NP.BASE, u1 + u2));
      check('tables', S.doubleScalarMultNonConst(sc(u1), tg, sc(u2), tp), want);
      check('dsm ∞', S.doubleScalarMultBaseNonConst(sc(u2), new S.JacobianPoint(), sc(u1)), nobleMul(NP.BASE, u1));
      check('dsm table ∞', S.doubleScalarMultBaseNonConst(sc(u2), tinf, sc(u1)), nobleMul(NP.BASE, u1));
      check('tables ∞', S.doubleScalarMultNonConst(sc(u1), tinf, sc(u2), tp), nobleMul(q, u2));
    }
    // Cancellation: u·G + (−u)·G = ∞ through every path.
    const u = 0x5555aaaa5555aaaan;
    expect(S.doubleScalarMultBaseNonConst(sc(N - u), S.generator(), sc(u)).isIdentity()).toBe(true);
    expect(S.doubleScalarMultBaseNonConst(sc(N - u), tg, sc(u)).isIdentity()).toBe(true);
    expect(S.doubleScalarMultNonConst(sc(u), tg, sc(N - u), tg).isIdentity()).toBe(true);
    // Doubling inside the loop: u·G + u·G = 2u·G through every path.
    expect(same(S.doubleScalarMultBaseNonConst(sc(u), S.generator(), sc(u)), NP.BASE.multiply(2n * u))).toBe(true);
    expect(same(S.doubleScalarMultBaseNonConst(sc(u), tg, sc(u)), NP.BASE.multiply(2n * u))).toBe(true);
    expect(same(S.doubleScalarMultNonConst(sc(u), tg, sc(u), tg), NP.BASE.multiply(2n * u))).toBe(true);
    // P = −G.
    const ng = ((p) => p.negate(p))(S.generator());
    check('dsm −G', S.doubleScalarMultBaseNonConst(sc(3n), ng, sc(5n)), NP.BASE.multiply(2n));
  });

  it('precomputeManyNonConst equals per-point tables', () => {
    const qs = [1n, 2n, 3n, N - 1n, 0xabcdefn].map((k) => NP.BASE.multiply(k));
    const ps = qs.map((q, i) => fromNoble(q, BigInt(i + 2)));
    const tabs = S.precomputeManyNonConst([...ps, new S.JacobianPoint()]);
    expect(tabs.length).toBe(6);
    expect(tabs[5]!.infinity).toBe(true);
    for (let i = 0; i < qs.length; i++) {
      expect(tabs[i]!.point.equals(ps[i]!)).toBe(true);
      check('many', S.scalarMultNonConst(sc(0xfeedn), tabs[i]!), qs[i]!.multiply(0xfeedn));
    }
  });
});

describe('ModNScalar inputs are not modified', () => {
  it('every multiplication leaves its scalars unchanged', () => {
    const k = sc(0x123456789n);
    const before = bigFromBytesBE(k.toBytes());
    const g = S.generator();
    S.scalarBaseMultNonConst(k);
    S.scalarBaseMult(k);
    S.scalarMultNonConst(k, g);
    S.scalarMult(k, g);
    S.doubleScalarMultBaseNonConst(k, g, k);
    S.msmNonConst([g, g], [k, k]);
    expect(bigFromBytesBE(k.toBytes())).toBe(before);
    const z = new ModNScalar();
    z.setBytesReduced(bigToBytesBE(before, 32));
    expect(z.equals(k)).toBe(true);
  });
});
