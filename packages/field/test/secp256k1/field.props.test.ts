/**
 * FieldVal property tests against the BigInt reference (refSecpFp), with
 * edge-weighted values and unreduced limbs at every magnitude the API allows,
 * plus aliasing (receiver === argument) for every binary operation.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bigToBytesBE } from '@strata/testkit';
import { FieldVal } from '../../src/secp256k1/index.js';
import { sqrtBytewise } from '../../src/alternatives/index.js';
import { refSecpFp as R } from '../../src/reference/secp256k1.js';
import { M22, M26, P, RUNS, bigP, fe, fieldArb, fromLimbs, hasMagnitude, isNormalized, limbValue, normArb } from './helpers.js';

const v = (f: FieldVal) => limbValue(f);
const modP = (x: bigint) => R.reduce(x);

describe('FieldVal bytes', () => {
  it('setBytes reduces, flags overflow, and bytes/putBytes round-trip', () => {
    fc.assert(
      fc.property(bigP, (x) => {
        const b = bigToBytesBE(x, 32);
        const f = new FieldVal();
        expect(f.setBytesReduced(b)).toBe(x >= P);
        expect(isNormalized(f)).toBe(true);
        expect(v(f)).toBe(x % P);
        expect(f.toBytes()).toEqual(bigToBytesBE(x % P, 32));
        const out = new Uint8Array(70).fill(0xaa);
        f.putBytes(out, 37);
        expect(out.subarray(37, 69)).toEqual(bigToBytesBE(x % P, 32));
        expect(out[36]).toBe(0xaa);
        expect(out[69]).toBe(0xaa);
        // unreduced variant keeps the raw value
        const g = new FieldVal();
        expect(g.setBytesUnreduced(b)).toBe(x >= P);
        expect(v(g)).toBe(x);
        expect(hasMagnitude(g, 1)).toBe(true);
      }),
      { numRuns: RUNS.cheap },
    );
  });

  it('setBytesReduced left-pads short input', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 32 }), (b) => {
        const f = new FieldVal();
        let x = 0n;
        for (const byte of b) x = (x << 8n) | BigInt(byte);
        expect(f.setBytesReduced(b)).toBe(x >= P);
        expect(v(f)).toBe(x % P);
      }),
      { numRuns: RUNS.cheap },
    );
  });

  it('setInt, zero, one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 52 - 1 }), (k) => {
        const f = new FieldVal().setInt(k);
        expect(isNormalized(f)).toBe(true);
        expect(v(f)).toBe(BigInt(k));
      }),
      { numRuns: RUNS.cheap },
    );
    expect(v(new FieldVal().setInt(5).setZero())).toBe(0n);
    expect(new FieldVal().setOne().isOne()).toBe(true);
    expect(v(new FieldVal().setInt(7).setOne())).toBe(1n);
    expect(new FieldVal().isZero()).toBe(true);
  });
});

describe('FieldVal normalize', () => {
  for (const m of [1, 2, 8, 31, 32]) {
    it(`normalizes any value of magnitude ${m}`, () => {
      fc.assert(
        fc.property(fieldArb(m), (f) => {
          const x = v(f);
          f.normalize();
          expect(isNormalized(f)).toBe(true);
          expect(v(f)).toBe(x % P);
        }),
        { numRuns: RUNS.cheap },
      );
    });
  }

  it('normalizes arbitrary uint32 limbs (beyond magnitude 32)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.nat({ max: 0xffffffff }), fc.constant(0xffffffff)), { minLength: 10, maxLength: 10 }), (l) => {
        const f = new FieldVal();
        f.n.set(l);
        const x = v(f);
        f.normalize();
        expect(isNormalized(f)).toBe(true);
        expect(v(f)).toBe(x % P);
      }),
      { numRuns: RUNS.cheap },
    );
  });
});

describe('FieldVal predicates', () => {
  it('isZero / isOne / isOdd / equals / isGtOrEqPrimeMinusOrder on normalized values', () => {
    const pmn = P - 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    fc.assert(
      fc.property(bigP, bigP, (x, y) => {
        const a = fe(x), b = fe(y);
        const xr = x % P, yr = y % P;
        expect(a.isZero()).toBe(xr === 0n);
        expect(a.isOne()).toBe(xr === 1n);
        expect(a.isOdd()).toBe((xr & 1n) === 1n);
        expect(a.equals(b)).toBe(xr === yr);
        expect(a.equals(fe(x))).toBe(true);
        expect(a.isGtOrEqPrimeMinusOrder()).toBe(xr >= pmn);
        expect(fe(pmn + (x % 3n) - 1n).isGtOrEqPrimeMinusOrder()).toBe(x % 3n !== 0n);
      }),
      { numRuns: RUNS.cheap },
    );
  });
});

describe('FieldVal additive operations', () => {
  it('add sums magnitudes (in place and into a fresh value)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 0, max: 1000 }), (ma, seed) => {
        const mb = Math.max(1, (seed % (32 - ma)) + 1);
        const [a, b] = fc.sample(fc.tuple(fieldArb(ma), fieldArb(mb)), { seed, numRuns: 1 })[0]!;
        const x = v(a), y = v(b);
        const s = new FieldVal().add(a, b);
        expect(v(s)).toBe(x + y);
        expect(hasMagnitude(s, ma + mb)).toBe(true);
        expect(v(((t) => t.add(t, b))(new FieldVal().set(a)))).toBe(x + y);
        expect(v(s.normalize())).toBe(modP(x + y));
      }),
      { numRuns: RUNS.cheap },
    );
  });

  it('addInt', () => {
    fc.assert(
      fc.property(fieldArb(31), fc.integer({ min: 0, max: 0x3ffffff }), (a, k) => {
        const x = v(a);
        const r = ((t) => t.addInt(t, k))(new FieldVal().set(a));
        expect(hasMagnitude(r, 32)).toBe(true);
        expect(v(r.normalize())).toBe(modP(x + BigInt(k)));
      }),
      { numRuns: RUNS.cheap },
    );
  });

  it('mulInt(k) with k·m ≤ 32', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 32 }), fc.integer({ min: 0, max: 1 << 30 }), (k, seed) => {
        const m = k === 0 ? 32 : Math.max(1, Math.floor(32 / k));
        const a = fc.sample(fieldArb(m), { seed, numRuns: 1 })[0]!;
        const x = v(a);
        const r = ((t) => t.mulInt(t, k))(new FieldVal().set(a));
        expect(v(r)).toBe(x * BigInt(k));
        expect(hasMagnitude(r, Math.max(1, k * m))).toBe(true);
        expect(v(r.normalize())).toBe(modP(x * BigInt(k)));
      }),
      { numRuns: RUNS.cheap },
    );
  });

  it('negate(a, m), in place and into a fresh value, for every magnitude up to 31', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 0, max: 1 << 30 }), (m, seed) => {
        const a = fc.sample(fieldArb(m), { seed, numRuns: 1 })[0]!;
        const x = v(a);
        const r = new FieldVal().negate(a, m);
        expect(hasMagnitude(r, m + 1)).toBe(true);
        expect(v(r) % P).toBe(modP(-x));
        const s = ((t) => t.negate(t, m))(new FieldVal().set(a));
        expect(s.n).toEqual(r.n);
        expect(v(s.normalize())).toBe(modP(-x));
      }),
      { numRuns: RUNS.cheap },
    );
  });
});

describe('FieldVal multiplicative operations', () => {
  for (const [ma, mb] of [[1, 1], [8, 8], [1, 8], [8, 1], [3, 5]] as const) {
    it(`mul (in place and into a fresh value) with magnitudes ${ma} × ${mb} give magnitude 1, value < 2^256`, () => {
      fc.assert(
        fc.property(fieldArb(ma), fieldArb(mb), (a, b) => {
          const x = v(a), y = v(b);
          const r = new FieldVal().mul(a, b);
          expect(hasMagnitude(r, 1)).toBe(true);
          expect(v(r) % P).toBe(R.mul(x, y));
          expect(v(((t) => t.mul(t, b))(new FieldVal().set(a))) % P).toBe(R.mul(x, y));
        }),
        { numRuns: RUNS.mid },
      );
    });
  }

  for (const m of [1, 8]) {
    it(`square (in place and into a fresh value) with magnitude ${m}`, () => {
      fc.assert(
        fc.property(fieldArb(m), (a) => {
          const x = v(a);
          const r = new FieldVal().square(a);
          expect(hasMagnitude(r, 1)).toBe(true);
          expect(v(r) % P).toBe(R.square(x));
          const s = ((t) => t.square(t))(new FieldVal().set(a));
          expect(s.n).toEqual(r.n);
        }),
        { numRuns: RUNS.mid },
      );
    });
  }

  it('mul / square inputs whose reduction reaches bit 256 (all limbs at or near their maximum)', () => {
    const M = [...Array<number>(9).fill(M26), M22];
    const found: number[][] = [
      [536870904, 536870904, 536870903, 536870904, 536870904, 536870904, 536870904, 536870904, 536870904, 33554424],
      [536870901, 536870900, 536870903, 536870900, 536870904, 536870902, 536870904, 536870904, 536870904, 33554424],
      [268435449, 268435448, 268435449, 268435451, 268435452, 268435448, 268435452, 268435452, 268435452, 16777212],
      [402653176, 402653174, 402653174, 402653178, 402653178, 402653176, 402653176, 402653178, 402653178, 25165818],
    ];
    const cases: FieldVal[] = [fromLimbs(M.map((x) => 8 * x)), ...found.map((l) => fromLimbs(l))];
    const near = fc
      .tuple(fc.integer({ min: 4, max: 8 }), fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 10, maxLength: 10 }))
      .map(([m, d]) => fromLimbs(M.map((x, i) => m * x - d[i]!)));
    cases.push(...fc.sample(near, { seed: 42, numRuns: 300 }));
    for (const a of cases) {
      expect(hasMagnitude(a, 8)).toBe(true);
      const x = v(a);
      const sq = new FieldVal().square(a);
      expect(hasMagnitude(sq, 1)).toBe(true);
      expect(v(sq) % P).toBe(R.square(x));
      for (const b of cases.slice(0, 5)) {
        const r = new FieldVal().mul(a, b);
        expect(hasMagnitude(r, 1)).toBe(true);
        expect(v(r) % P).toBe(R.mul(x, v(b)));
      }
    }
  });

  it('mul on edge-weighted normalized values', () => {
    fc.assert(
      fc.property(normArb(), normArb(), (a, b) => {
        expect(v(new FieldVal().mul(a, b).normalize())).toBe(R.mul(v(a), v(b)));
      }),
      { numRuns: RUNS.mid },
    );
  });

  it('invert / invertNonConst (0 ↦ 0), in place and into a fresh value, from any magnitude up to 32', () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 8, 32), fc.integer({ min: 0, max: 1 << 30 }), (m, seed) => {
        const a = fc.sample(fieldArb(m), { seed, numRuns: 1 })[0]!;
        const x = v(a);
        const r = ((t) => t.invert(t))(new FieldVal().set(a));
        expect(isNormalized(r)).toBe(true);
        expect(v(r)).toBe(R.invert(x));
        const s = new FieldVal().invert(a);
        expect(s.n).toEqual(r.n);
        const t = ((t) => t.invertNonConst(t))(new FieldVal().set(a));
        expect(isNormalized(t)).toBe(true);
        expect(t.n).toEqual(r.n);
        if (x % P !== 0n) expect(v(new FieldVal().mul(r, new FieldVal().set(a).normalize()).normalize())).toBe(1n);
      }),
      { numRuns: RUNS.mid },
    );
    expect(((t) => t.invert(t))(new FieldVal()).isZero()).toBe(true);
    expect(((t) => t.invertNonConst(t))(new FieldVal()).isZero()).toBe(true);
  });

  it('invert on edge values (p − 1, 1, 2, 2^255, values near p)', () => {
    fc.assert(
      fc.property(bigP, (x) => {
        const a = fe(x);
        expect(v(new FieldVal().invert(a))).toBe(R.invert(x));
        expect(v(((t) => t.invertNonConst(t))(new FieldVal().set(a)))).toBe(R.invert(x));
      }),
      { numRuns: RUNS.mid },
    );
  });

  it('sqrt and the alternative sqrtBytewise agree with the reference and report squareness', () => {
    fc.assert(
      fc.property(fieldArb(8), fc.boolean(), (a, makeSquare) => {
        if (makeSquare) a.square(a);
        const x = v(a);
        const want = R.sqrtPow(x);
        const isSq = R.legendre(x) >= 0;
        const r = new FieldVal();
        expect(r.sqrt(a)).toBe(isSq);
        expect(isNormalized(r)).toBe(true);
        expect(v(r)).toBe(want);
        if (isSq) expect(R.square(v(r))).toBe(x % P);
        const b = new FieldVal();
        expect(sqrtBytewise(b, a)).toBe(isSq);
        expect(v(b)).toBe(want);
        expect(R.sqrt(x) === undefined).toBe(!isSq);
      }),
      { numRuns: RUNS.slow },
    );
  });
});

describe('FieldVal aliasing (receiver === argument)', () => {
  it('a.mul(a, a) (old in-place and two-operand forms), a.mul(a, b), a.mul(b, a), a.square(a)', () => {
    fc.assert(
      fc.property(fieldArb(8), fieldArb(8), (a0, b) => {
        const x = v(a0), y = v(b);
        expect(v(((t) => t.mul(t, new FieldVal().set(a0)))(new FieldVal().set(a0))) % P).toBe(R.square(x));
        const a1 = new FieldVal().set(a0);
        expect(v(a1.mul(a1, a1)) % P).toBe(R.square(x));
        const a2 = new FieldVal().set(a0);
        expect(v(a2.mul(a2, a2)) % P).toBe(R.square(x));
        const a3 = new FieldVal().set(a0);
        expect(v(a3.mul(a3, b)) % P).toBe(R.mul(x, y));
        const a4 = new FieldVal().set(a0);
        expect(v(a4.mul(b, a4)) % P).toBe(R.mul(x, y));
        const a5 = new FieldVal().set(a0);
        expect(v(a5.square(a5)) % P).toBe(R.square(x));
      }),
      { numRuns: RUNS.mid },
    );
  });

  it('a.add(a, a) (old in-place and two-operand forms), a.add(a, b), a.add(b, a), a.negate(a, m), a.set(a)', () => {
    fc.assert(
      fc.property(fieldArb(16), fieldArb(16), (a0, b) => {
        const x = v(a0), y = v(b);
        const a1 = new FieldVal().set(a0);
        expect(v(a1.add(a1, a1))).toBe(2n * x);
        const a2 = new FieldVal().set(a0);
        expect(v(a2.add(a2, a2))).toBe(2n * x);
        const a3 = new FieldVal().set(a0);
        expect(v(a3.add(a3, b))).toBe(x + y);
        const a4 = new FieldVal().set(a0);
        expect(v(a4.add(b, a4))).toBe(x + y);
        const a5 = new FieldVal().set(a0);
        expect(v(a5.negate(a5, 16)) % P).toBe(modP(-x));
        const a6 = new FieldVal().set(a0);
        expect(v(a6.set(a6))).toBe(x);
      }),
      { numRuns: RUNS.cheap },
    );
  });

  it('a.invert(a)', () => {
    fc.assert(
      fc.property(fieldArb(4), (a0) => {
        const x = v(a0);
        const a1 = new FieldVal().set(a0);
        expect(v(a1.invert(a1))).toBe(R.invert(x));
      }),
      { numRuns: RUNS.mid },
    );
  });

  it('a.sqrt(a), sqrtBytewise(a, a)', () => {
    fc.assert(
      fc.property(normArb(), (a0) => {
        const x = v(a0);
        const a1 = new FieldVal().set(a0);
        expect(a1.sqrt(a1)).toBe(R.legendre(x) >= 0);
        expect(v(a1)).toBe(R.sqrtPow(x));
        const a2 = new FieldVal().set(a0);
        expect(sqrtBytewise(a2, a2)).toBe(R.legendre(x) >= 0);
        expect(v(a2)).toBe(R.sqrtPow(x));
      }),
      { numRuns: RUNS.slow },
    );
  });
});
