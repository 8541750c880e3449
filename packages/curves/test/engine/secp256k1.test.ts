/**
 * The secp256k1 WebAssembly kernels against the TypeScript engine
 * (differential): every served operation runs once per engine on random
 * and edge inputs. The results must be the same normalized coordinates, limb
 * for limb — except k·G, whose WebAssembly comb has other windows: the same
 * point, normalized — and noble-curves checks the group element.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FieldVal } from '@strata/field';
import { engine } from '../../src/index.js';
import * as S from '../../src/secp256k1/index.js';
import { bothEngines } from './engines.js';
import { publicTableData } from '../../src/secp256k1/ecmult.js';
import { secretTableData } from '../../src/secp256k1/consttime.js';
import { LAMBDA, N, NP, edgeScalars, fromNoble, kArb, mod, nobleMul, pointArb, same, sc, type NoblePoint } from '../secp256k1/helpers.js';

/** The integer of 32 big-endian bytes. */
const bytesInt = (b: Uint8Array): bigint => b.reduce((a, x) => (a << 8n) | BigInt(x), 0n);

type Point = S.JacobianPoint;

const both = bothEngines;

/** The coordinates' limbs, for an exact comparison. */
function limbs(p: Point): number[] {
  return [...p.x.n, ...p.y.n, ...p.z.n];
}

/** Reports whether every coordinate of p is normalized (canonical limbs). */
function normalized(p: Point): boolean {
  return [p.x, p.y, p.z].every((f) => new FieldVal().set(f).normalize().equals(f) && f.n.every((l, i) => l === new FieldVal().set(f).normalize().n[i]));
}

/** Expects identical normalized coordinates under both engines, equal to noble's `want`. */
function expectIdentical([ts, wa]: [Point, Point], want: NoblePoint): void {
  expect(limbs(wa)).toEqual(limbs(ts));
  expect(same(wa, want)).toBe(true);
}

/** Expects the same group element under both engines, normalized, equal to noble's `want`. */
function expectSamePoint([ts, wa]: [Point, Point], want: NoblePoint): void {
  expect(wa.equals(ts)).toBe(true);
  expect(normalized(wa)).toBe(true);
  expect(same(wa, want)).toBe(true);
  if (want.is0()) expect(limbs(wa)).toEqual(new Array(30).fill(0));
}

const NG = NP.BASE;
const edges = edgeScalars();
/** Noble points with a Z ≠ 1 Jacobian form for the tests' inputs. */
const inputs: { q: NoblePoint; z?: bigint }[] = [
  { q: NG },
  { q: NG.negate() },
  { q: NG.multiply(12345n), z: 0x1234567n },
  { q: NG.multiply(0xdeadbeefcafen), z: 2n ** 255n + 19n },
  { q: NP.ZERO },
];

beforeAll(() => {
  engine.initWasmSync({ required: true });
});
afterAll(() => {
  engine.useEngine('ts');
});

describe('secp256k1 wasm: scalarMultNonConst', () => {
  it('edge scalars × edge points (G, −G, z ≠ 1, infinity)', () => {
    for (const { q, z } of inputs) {
      const P = fromNoble(q, z);
      for (const k of edges) expectIdentical(both(() => S.scalarMultNonConst(sc(k), P)), nobleMul(q, k));
    }
  });

  it('random scalars and points', () => {
    fc.assert(
      fc.property(kArb, pointArb, (k, { q, p }) => {
        expectIdentical(both(() => S.scalarMultNonConst(sc(k), p)), nobleMul(q, k));
      }),
      { numRuns: 60 },
    );
  });

  it('over PublicPointTables of every shape, built under either engine', () => {
    const q = NG.multiply(777n);
    const P = fromNoble(q, 99n);
    for (const [width, pieces] of [[5, 1], [6, 1], [2, 1], [8, 1], [7, 8], [8, 8], [4, 3], [6, 2]] as const) {
      engine.useEngine('ts');
      const tTs = S.precomputeNonConst(P, { width, pieces });
      engine.useEngine('wasm');
      const tWa = S.precomputeNonConst(P, { width, pieces });
      engine.useEngine('ts');
      expect([...publicTableData('test', tWa).limbs]).toEqual([...publicTableData('test', tTs).limbs]);
      for (const k of [...edges.slice(0, 6), 2n ** 128n + 3n, 0xfedcba9876543210fedcba9876543210fedcban]) {
        const want = nobleMul(q, k);
        expectIdentical(both(() => S.scalarMultNonConst(sc(k), tTs)), want);
        expectIdentical(both(() => S.scalarMultNonConst(sc(k), tWa)), want);
      }
    }
    const inf = S.precomputeNonConst(new S.JacobianPoint());
    expectIdentical(both(() => S.scalarMultNonConst(sc(5n), inf)), NP.ZERO);
  });

  it('precomputeManyNonConst: the same tables, in batches, with the identity among the points', () => {
    const qs = Array.from({ length: 100 }, (_, i) => NG.multiply(BigInt(3 * i + 1)));
    const pts = qs.map((q, i) => (i % 37 === 5 ? new S.JacobianPoint() : fromNoble(q, i % 2 === 0 ? undefined : BigInt(i) + 7n)));
    for (const [options, n] of [[{ width: 5 }, 100], [{ width: 8, pieces: 8 }, 3], [{ width: 7, pieces: 8 }, 4], [{ width: 2, pieces: 5 }, 12]] as const) {
      const [ts, wa] = both(() => S.precomputeManyNonConst(pts.slice(0, n), options));
      expect(wa.length).toBe(ts.length);
      for (let i = 0; i < n; i++) {
        expect(wa[i]!.infinity).toBe(ts[i]!.infinity);
        expect([wa[i]!.width, wa[i]!.pieces, wa[i]!.pieceDigits]).toEqual([ts[i]!.width, ts[i]!.pieces, ts[i]!.pieceDigits]);
        expect([...publicTableData('test', wa[i]!).limbs]).toEqual([...publicTableData('test', ts[i]!).limbs]);
        expect(limbs(wa[i]!.point)).toEqual(limbs(ts[i]!.point));
      }
    }
    const [a, b] = both(() => {
      try {
        S.precomputeManyNonConst([S.generator(), 5 as never]);
        return 'no error';
      } catch (e) {
        return `${(e as Error).constructor.name}: ${(e as Error).message}`;
      }
    });
    expect(b).toBe(a);
    expect(a).not.toBe('no error');
  });

  it('out may alias P', () => {
    const [ts, wa] = both(() => {
      const p = fromNoble(NG.multiply(31n), 7n);
      return S.scalarMultNonConst(sc(1000n), p, p);
    });
    expectIdentical([ts, wa], NG.multiply(31000n));
  });
});

describe('secp256k1 wasm: scalarBaseMultNonConst', () => {
  it('edge and random scalars: the same point, normalized', () => {
    for (const k of [...edges, 128n, 129n, 255n, 256n, 2n ** 255n, 0x80808080808080808080n]) {
      expectSamePoint(both(() => S.scalarBaseMultNonConst(sc(k))), nobleMul(NG, k));
    }
    fc.assert(
      fc.property(kArb, (k) => {
        expectSamePoint(both(() => S.scalarBaseMultNonConst(sc(k))), nobleMul(NG, k));
      }),
      { numRuns: 60 },
    );
  });
});

describe('secp256k1 wasm: doubleScalarMultBaseNonConst', () => {
  it('a·A + b·G on edge inputs, A a point or a table', () => {
    const bs = [0n, 1n, 7n, edges[edges.length - 1]!, 0x123456789abcdef0123456789abcdefn];
    for (const { q, z } of inputs) {
      const A = fromNoble(q, z);
      engine.useEngine('ts');
      const tabs = q.is0() ? [S.precomputeNonConst(A)] : [S.precomputeNonConst(A), S.precomputeNonConst(A, { width: 7, pieces: 8 }), S.precomputeNonConst(A, { width: 4, pieces: 2 })];
      for (const a of edges.slice(0, 8)) {
        for (const b of bs) {
          const want = nobleMul(q, a).add(nobleMul(NG, b));
          const base = sc(a).isZero() || q.is0(); // then b·G alone: the WebAssembly comb
          const check = base ? expectSamePoint : expectIdentical;
          check(both(() => S.doubleScalarMultBaseNonConst(sc(a), A, sc(b))), want);
          for (const t of tabs) check(both(() => S.doubleScalarMultBaseNonConst(sc(a), t, sc(b))), want);
        }
      }
    }
  });

  it('random inputs; A = ±G (the doubling and cancelling cases)', () => {
    fc.assert(
      fc.property(kArb, kArb, pointArb, (a, b, { q, p }) => {
        const check = sc(a).isZero() ? expectSamePoint : expectIdentical; // a ≡ 0: b·G alone, the WebAssembly comb
        check(both(() => S.doubleScalarMultBaseNonConst(sc(a), p, sc(b))), nobleMul(q, a).add(nobleMul(NG, b)));
      }),
      { numRuns: 40 },
    );
    const g = S.generator();
    const mg = new S.JacobianPoint().negate(g);
    expectIdentical(both(() => S.doubleScalarMultBaseNonConst(sc(5n), g, sc(5n))), NG.multiply(10n));
    expectIdentical(both(() => S.doubleScalarMultBaseNonConst(sc(5n), mg, sc(5n))), NP.ZERO);
    expectIdentical(both(() => S.doubleScalarMultBaseNonConst(sc(3n), fromNoble(NG, 5n), sc(-3n))), NP.ZERO);
  });
});

describe('secp256k1 wasm: doubleScalarMultNonConst', () => {
  it('a·A + b·B for every combination of points and tables', () => {
    const qa = NG.multiply(1111n), qb = NG.multiply(2222n);
    const A = fromNoble(qa, 3n), B = fromNoble(qb, 11n);
    engine.useEngine('ts');
    const opsA = [A, S.precomputeNonConst(A), S.precomputeNonConst(A, { width: 8, pieces: 4 })];
    const opsB = [B, S.precomputeNonConst(B, { width: 5 }), S.precomputeNonConst(B, { width: 8, pieces: 4 }), new S.JacobianPoint(), S.precomputeNonConst(new S.JacobianPoint())];
    for (const a of [0n, 1n, 3n, edges[edges.length - 1]!, 0xabcdef0123456789abcdef0123456789abcdefn]) {
      for (const b of [0n, 1n, 17n, 0x9999999999999999999999999999999999999999999999n]) {
        for (const x of opsA) {
          for (const [j, y] of opsB.entries()) {
            const want = nobleMul(qa, a).add(j >= 3 ? NP.ZERO : nobleMul(qb, b));
            expectIdentical(both(() => S.doubleScalarMultNonConst(sc(a), x, sc(b), y)), want);
            expectIdentical(both(() => S.doubleScalarMultNonConst(sc(b), y, sc(a), x)), want);
          }
        }
      }
    }
  });

  it('random points and scalars; B = −A', () => {
    fc.assert(
      fc.property(kArb, kArb, pointArb, pointArb, (a, b, A, B) => {
        expectIdentical(both(() => S.doubleScalarMultNonConst(sc(a), A.p, sc(b), B.p)), nobleMul(A.q, a).add(nobleMul(B.q, b)));
      }),
      { numRuns: 30 },
    );
    const A = fromNoble(NG.multiply(5n), 9n);
    const mA = new S.JacobianPoint().negate(A);
    expectIdentical(both(() => S.doubleScalarMultNonConst(sc(4n), A, sc(4n), mA)), NP.ZERO);
  });
});

describe('secp256k1 wasm: constant-time multiplications', () => {
  it('scalarMult(k, P) on edge scalars × edge points and random inputs', () => {
    for (const { q, z } of inputs) {
      const P = fromNoble(q, z);
      for (const k of edges) expectIdentical(both(() => S.scalarMult(sc(k), P)), nobleMul(q, k));
    }
    fc.assert(
      fc.property(kArb, pointArb, (k, { q, p }) => {
        expectIdentical(both(() => S.scalarMult(sc(k), p)), nobleMul(q, k));
      }),
      { numRuns: 25 },
    );
  });

  it('scalarMult(k, P): the cases of its odd-digit loop (halves even or odd, signs, opposite halves)', () => {
    // k = h1 + h2·λ with |h1|, |h2| small: the split returns them, so each parity and sign
    // combination of the halves runs (an even half is read as h + 1 and ±P or ±φ(P) is
    // subtracted at the end; k = 0 ends with φ(P) + (−φ(P)) = ∞ there).
    const small: bigint[] = [];
    for (const h1 of [0n, 1n, 2n, -2n, 3n, -4n]) for (const h2 of [0n, 1n, -1n, 2n, -6n]) small.push(mod(h1 + h2 * LAMBDA, N));
    // k = s·(h − h·λ): halves ±h and ∓h (asserted on the split), so every digit position
    // adds d·P then −d·φ(P): at the first one to d·P itself, y1 = −y2 with x2 = β·x1 (the
    // unified addition's chord case; the blind addition that adds there now treats it as
    // an ordinary sum); h even: both halves are corrected at the end.
    const chord: bigint[] = [];
    const sp = S.newGlvSplit();
    for (const h of [2n ** 126n + 12345n, 2n ** 126n + 12344n, 0x5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5an, 3n * 2n ** 125n + 7n, 2n ** 125n + 1n]) {
      for (const sign of [1n, -1n]) {
        const k = mod(sign * (h - h * LAMBDA), N);
        S.splitKNonConst(sc(k), sp);
        expect([bytesInt(sp.k1), bytesInt(sp.k2), sp.neg1, sp.neg2]).toEqual([h, h, sign < 0n, sign > 0n]);
        chord.push(k);
      }
    }
    for (const { q, z } of [inputs[0]!, inputs[2]!]) {
      const P = fromNoble(q, z);
      for (const k of [...small, ...chord]) expectIdentical(both(() => S.scalarMult(sc(k), P)), nobleMul(q, k));
    }
  });

  it('scalarBaseMult(k) on edge and random scalars', () => {
    // The top window's digit 1 after the largest partial sums of either sign (the addition has no
    // exceptional-case test: these come closest to it), and low windows all zero (∞ chosen by mask).
    const top = [2n ** 255n - 1n, 2n ** 255n + 1n, N - 1n - 2n ** 254n, 2n ** 255n + (2n ** 255n - 1n) / 31n * 16n, 2n ** 255n - (2n ** 255n - 1n) / 31n * 16n, 7n << 200n, 1n << 250n];
    for (const k of [...edges, ...top, 16n, 17n, 31n, 32n, 2n ** 255n]) expectIdentical(both(() => S.scalarBaseMult(sc(k))), nobleMul(NG, k));
    fc.assert(
      fc.property(kArb, (k) => {
        expectIdentical(both(() => S.scalarBaseMult(sc(k))), nobleMul(NG, k));
      }),
      { numRuns: 40 },
    );
  });

  it('scalarMultTable(k, SecretPointTable), interleaved with the variable-time tables', () => {
    const qs = [NG.multiply(4242n), NG.multiply(99999n)];
    const [tabsTs, tabsWa] = both(() => qs.map((q) => S.precompute(fromNoble(q, 5n))));
    for (let i = 0; i < qs.length; i++) {
      expect([...secretTableData('test', tabsWa[i]!).limbs]).toEqual([...secretTableData('test', tabsTs[i]!).limbs]);
      expect(limbs(tabsWa[i]!.point)).toEqual(limbs(tabsTs[i]!.point));
    }
    const tabs = [tabsTs[0]!, tabsWa[1]!]; // tables built under either engine serve both
    const pub = S.precomputeNonConst(fromNoble(qs[0]!, 3n), { width: 8, pieces: 8 });
    for (const k of [...edges.slice(0, 10), 0x5555555555555555555555555555555555555555555555555555555555555555n]) {
      for (const [i, t] of tabs.entries()) {
        expectIdentical(both(() => S.scalarMultTable(sc(k), t)), nobleMul(qs[i]!, k));
        // A variable-time call with a large table in between: the slots change hands.
        expectIdentical(both(() => S.doubleScalarMultNonConst(sc(k), pub, sc(3n), pub)), nobleMul(qs[0]!, k + 3n));
      }
    }
    const inf = S.precompute(new S.JacobianPoint());
    expectIdentical(both(() => S.scalarMultTable(sc(9n), inf)), NP.ZERO);
  });
});
