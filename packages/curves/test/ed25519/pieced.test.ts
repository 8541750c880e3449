import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as ed25519 from '../../src/ed25519/index.js';
import { NP, L, le32, scalar256, pointArb, hexOf, nHex, naiveMul, nobleBaseMul, fromNoble, TORSION_HEX, type NoblePoint } from './helpers.js';

const { Point, Scalar25519, WnafTable, PointNiels } = ed25519;

/** The edge scalars of the brief plus neighbours, as 256-bit integers (bytes, not reduced). */
const EDGE = [0n, 1n, 2n, L - 1n, L, L + 1n, 1n << 252n, (1n << 252n) - 1n, (1n << 253n) + 5n, (1n << 255n) - 19n, (1n << 256n) - 1n, (1n << 256n) - 2n];
const WIDTHS = [2, 3, 4, 5, 6, 7, 8];
const PIECES = [1, 2, 3, 4, 5, 6, 7, 8];

/** 123456789·B + a point of order 8: has a torsion component, so [k]P depends on k beyond k mod ℓ. */
const torsionedN = NP.BASE.multiply(123456789n).add(NP.fromHex(TORSION_HEX[1]!));
const torsioned = fromNoble(torsionedN);
const primeN = NP.BASE.multiply(987654321987654321n);
const prime = fromNoble(primeN);

/** Every width × pieces table of p. */
function allTables(p: ed25519.Point): { w: number; t: number; T: ed25519.PublicPointTable }[] {
  const out: { w: number; t: number; T: ed25519.PublicPointTable }[] = [];
  for (const w of WIDTHS) for (const t of PIECES) out.push({ w, t, T: ed25519.precomputeNonConst(p, { width: w, pieces: t }) });
  return out;
}

describe('precomputeNonConst / PublicPointTable shape', () => {
  it('holds (2i + 1)·2^(b·j)·P for every piece j and index i, b = ⌈257/t⌉, in 360·t·2^(w−2) bytes', () => {
    for (const [w, t] of [[2, 1], [5, 3], [6, 8], [8, 2]] as const) {
      const T = ed25519.precomputeNonConst(torsioned, { width: w, pieces: t });
      const m = 1 << (w - 2);
      const b = Math.ceil(257 / t);
      expect([T.width, T.pieces, T.pieceDigits, T.byteLength]).toEqual([w, t, b, 360 * t * m]);
      for (let j = 0; j < t; j++) {
        for (const i of [0, m - 1]) {
          const want = naiveMul(torsionedN, BigInt(2 * i + 1) << BigInt(b * j));
          const got = new Point().addNiels(new Point(), T.entry(j, i));
          expect(hexOf(got)).toBe(nHex(want));
        }
      }
    }
  });

  it('defaults to TABLE_WIDTH × TABLE_PIECES and copies the point', () => {
    const p = prime.clone();
    const T = ed25519.precomputeNonConst(p);
    expect([T.width, T.pieces]).toEqual([ed25519.TABLE_WIDTH, ed25519.TABLE_PIECES]);
    expect(ed25519.precomputeNonConst(p, {}).byteLength).toBe(T.byteLength);
    expect(ed25519.precomputeNonConst(p, { pieces: 2 }).width).toBe(ed25519.TABLE_WIDTH);
    p.double(p); // mutating the input afterwards changes nothing
    expect(T.point.equals(prime)).toBe(true);
    expect(hexOf(ed25519.scalarMultNonConst(le32(5n), T))).toBe(nHex(primeN.multiply(5n)));
  });

  it('rejects bad options (RangeError), non-objects, non-numbers and non-points (TypeError), bad entry indices (RangeError)', () => {
    for (const width of [0, 1, 9, 2.5, NaN]) {
      expect(() => ed25519.precomputeNonConst(prime, { width } as unknown as object)).toThrow(RangeError);
    }
    for (const pieces of [0, 9, -1, 1.5, Infinity]) {
      expect(() => ed25519.precomputeNonConst(prime, { pieces } as unknown as object)).toThrow(RangeError);
    }
    // Values of the wrong type are programmer errors (issue 10, finding 7).
    for (const v of ['5', null, true, 5n, {}]) {
      expect(() => ed25519.precomputeNonConst(prime, { width: v } as unknown as object)).toThrow(TypeError);
      expect(() => ed25519.precomputeNonConst(prime, { pieces: v } as unknown as object)).toThrow(TypeError);
    }
    for (const o of [null, 'wide', 5, true, []]) expect(() => ed25519.precomputeNonConst(prime, o as unknown as object)).toThrow(TypeError);
    for (const p of [null, undefined, {}, prime.toBytes(), WnafTable.fromPoint(prime)]) {
      expect(() => ed25519.precomputeNonConst(p as unknown as ed25519.Point)).toThrow(TypeError);
    }
    const T = ed25519.precomputeNonConst(prime, { width: 4, pieces: 3 });
    for (const [j, i] of [[-1, 0], [3, 0], [0, 4], [0, -1], [0.5, 0], [0, NaN]] as const) expect(() => T.entry(j, i)).toThrow(RangeError);
    expect(T.entry(2, 3)).toBeInstanceOf(PointNiels);
  });

  it('rejects a malformed scalar passed with a table', () => {
    const T = ed25519.precomputeNonConst(prime, { width: 5, pieces: 4 });
    expect(() => ed25519.scalarMultNonConst(new Uint8Array(31), T)).toThrow(/32-byte/);
    expect(() => ed25519.doubleScalarMultBaseNonConst(5n as unknown as Uint8Array, T, le32(1n))).toThrow(TypeError);
    expect(() => ed25519.doubleScalarMultNonConst(le32(1n), T, new Uint8Array(33), T)).toThrow(/32-byte/);
  });
});

describe('pieced tables in the variable-time routines', () => {
  it('scalarMultNonConst(k, table) = [k]P (full integer, torsion kept) for every width × pieces on edge scalars', () => {
    const tabs = allTables(torsioned);
    for (const k of EDGE) {
      const want = nHex(naiveMul(torsionedN, k));
      for (const { w, t, T } of tabs) expect(hexOf(ed25519.scalarMultNonConst(le32(k), T)), `w=${w} t=${t} k=${k}`).toBe(want);
    }
  });

  it('doubleScalarMultBaseNonConst(a, table, b) = [a]A + [b]B for every width × pieces on edge scalar pairs', () => {
    const tabs = allTables(torsioned);
    const pairs: [bigint, bigint][] = EDGE.map((a, i) => [a, EDGE[(i * 5 + 3) % EDGE.length]!]);
    pairs.push([L - 1n, L - 1n], [(1n << 256n) - 1n, (1n << 256n) - 1n], [0n, 0n]);
    for (const [a, b] of pairs) {
      const want = nHex(naiveMul(torsionedN, a).add(nobleBaseMul(b)));
      for (const { w, t, T } of tabs) expect(hexOf(ed25519.doubleScalarMultBaseNonConst(le32(a), T, le32(b))), `w=${w} t=${t}`).toBe(want);
    }
  });

  it('doubleScalarMultNonConst(a, X, b, Y) with any mix of Point, WnafTable and PublicPointTable (different widths and pieces)', () => {
    const X = prime;
    const Y = torsioned;
    const xs: (ed25519.Point | ed25519.WnafTable | ed25519.PublicPointTable)[] = [X, WnafTable.fromPoint(X, 3), ed25519.precomputeNonConst(X, { width: 7, pieces: 8 }), ed25519.precomputeNonConst(X, { width: 2, pieces: 1 })];
    const ys: (ed25519.Point | ed25519.WnafTable | ed25519.PublicPointTable)[] = [Y, WnafTable.fromPoint(Y, 8), ed25519.precomputeNonConst(Y, { width: 5, pieces: 3 }), ed25519.precomputeNonConst(Y, { width: 8, pieces: 8 })];
    const check = (a: bigint, b: bigint): void => {
      const want = nHex(naiveMul(primeN, a).add(naiveMul(torsionedN, b)));
      for (const x of xs) for (const y of ys) expect(hexOf(ed25519.doubleScalarMultNonConst(le32(a), x, le32(b), y))).toBe(want);
    };
    for (const [a, b] of [[0n, 0n], [1n, L], [L - 1n, 1n << 252n], [(1n << 256n) - 1n, (1n << 256n) - 1n], [L, 0n]] as const) check(a, b);
    fc.assert(fc.property(scalar256, scalar256, (a, b) => check(a, b)), { numRuns: 6 });
  });

  it('agrees with the one-piece paths on random points (torsion included) and random scalars', () => {
    fc.assert(
      fc.property(pointArb, scalar256, scalar256, fc.constantFrom(...WIDTHS), fc.constantFrom(...PIECES), (A, a, b, w, t) => {
        const T = ed25519.precomputeNonConst(A.p, { width: w, pieces: t });
        const want: NoblePoint = naiveMul(A.n, a);
        expect(hexOf(ed25519.scalarMultNonConst(le32(a), T))).toBe(nHex(want));
        expect(hexOf(ed25519.doubleScalarMultBaseNonConst(le32(a), T, le32(b)))).toBe(nHex(want.add(nobleBaseMul(b))));
        expect(hexOf(ed25519.doubleScalarMultBaseNonConst(le32(a), T, le32(b)))).toBe(hexOf(ed25519.doubleScalarMultBaseNonConst(le32(a), A.p, le32(b))));
      }),
      { numRuns: 25 },
    );
  });

  it('accepts Scalar25519 scalars (reduced) with tables', () => {
    const T = ed25519.precomputeNonConst(prime, { width: 6, pieces: 5 });
    const a = new Scalar25519().setBigInt(L - 12345n);
    const b = new Scalar25519().setBigInt(987n);
    expect(hexOf(ed25519.doubleScalarMultBaseNonConst(a, T, b))).toBe(nHex(primeN.multiply(L - 12345n).add(NP.BASE.multiply(987n))));
    expect(hexOf(ed25519.doubleScalarMultNonConst(a, T, b, T))).toBe(nHex(primeN.multiply((L - 12345n + 987n) % L)));
  });

  it('tables of the identity and of small-order points', () => {
    for (const h of [TORSION_HEX[0]!, TORSION_HEX[2]!, TORSION_HEX[1]!, TORSION_HEX[4]!]) {
      const n = NP.fromHex(h);
      const T = ed25519.precomputeNonConst(Point.fromBytes(n.toBytes()), { width: 4, pieces: 8 });
      for (const k of [0n, 1n, 3n, 7n, L, (1n << 256n) - 1n]) {
        expect(hexOf(ed25519.scalarMultNonConst(le32(k), T))).toBe(nHex(naiveMul(n, k)));
        expect(hexOf(ed25519.doubleScalarMultBaseNonConst(le32(k), T, le32(k)))).toBe(nHex(naiveMul(n, k).add(nobleBaseMul(k))));
      }
    }
  });

  it('works with out aliasing an input point or the previous result, and returns out', () => {
    const T = ed25519.precomputeNonConst(prime, { width: 5, pieces: 4 });
    const want = nHex(primeN.multiply(77n).add(torsionedN.multiply(5n)));
    const o1 = torsioned.clone();
    expect(ed25519.doubleScalarMultNonConst(le32(77n), T, le32(5n), o1, o1)).toBe(o1);
    expect(hexOf(o1)).toBe(want);
    const o2 = prime.clone();
    expect(ed25519.doubleScalarMultBaseNonConst(le32(3n), o2, le32(4n), o2)).toBe(o2);
    expect(hexOf(o2)).toBe(nHex(primeN.multiply(3n).add(NP.BASE.multiply(4n))));
    const o3 = new Point();
    ed25519.scalarMultNonConst(le32(9n), T, o3);
    expect(ed25519.doubleScalarMultNonConst(le32(2n), o3, le32(1n), T, o3)).toBe(o3); // out = 2·(9P) + P
    expect(hexOf(o3)).toBe(nHex(primeN.multiply(19n)));
    expect(T.point.equals(prime)).toBe(true);
  });
});
