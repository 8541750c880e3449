import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fuzzAssert } from '@strata/testkit';
import * as ed25519 from '../../src/ed25519/index.js';
import { NP, L, le32, scalar256, pointArb, hexOf, nHex, naiveMul, fromNoble, TORSION_HEX } from './helpers.js';

const { Point } = ed25519;

/** 123456789·B + a point of order 8: k·P depends on the whole integer k, not k mod ℓ. */
const torsionedN = NP.BASE.multiply(123456789n).add(NP.fromHex(TORSION_HEX[1]!));
const torsioned = fromNoble(torsionedN);
const H = ed25519.precomputeNonConst(fromNoble(NP.BASE.multiply(777n)));
const HN = NP.BASE.multiply(777n);
const EDGE = [0n, 1n, 2n, L - 1n, L, (1n << 252n) - 1n, (1n << 256n) - 1n];

describe('splitNonConst', () => {
  it('returns 2^(b·j)·P for j < t, b = ⌈257/t⌉, t = 1 … 8 (a torsion component included)', () => {
    for (let t = 1; t <= 8; t++) {
      const b = Math.ceil(257 / t);
      const pieces = ed25519.splitNonConst(torsioned, t);
      expect(pieces.length).toBe(t);
      for (let j = 0; j < t; j++) expect(hexOf(pieces[j]!)).toBe(nHex(naiveMul(torsionedN, 1n << BigInt(b * j))));
    }
  });

  it('writes into `out` when it has t points, and allocates otherwise; the input may be out[0]', () => {
    const out = [new Point(), new Point(), new Point()];
    expect(ed25519.splitNonConst(torsioned, 3, out)).toBe(out);
    expect(hexOf(out[2]!)).toBe(nHex(naiveMul(torsionedN, 1n << 172n)));
    const short = [new Point()];
    const got = ed25519.splitNonConst(torsioned, 2, short);
    expect(got).not.toBe(short);
    expect(got.length).toBe(2);
    const alias = [torsioned.clone(), new Point()];
    ed25519.splitNonConst(alias[0]!, 2, alias);
    expect(hexOf(alias[1]!)).toBe(nHex(naiveMul(torsionedN, 1n << 129n)));
    expect(ed25519.splitNonConst(new Point(), 4).every((q) => q.isIdentity())).toBe(true);
  });

  it('rejects piece counts outside [1, 8] (RangeError) and non-points or non-integers (TypeError)', () => {
    for (const t of [0, 9, -1]) expect(() => ed25519.splitNonConst(torsioned, t)).toThrow(RangeError);
    for (const t of [1.5, NaN, '2']) expect(() => ed25519.splitNonConst(torsioned, t as number)).toThrow(TypeError);
    expect(() => ed25519.splitNonConst({} as ed25519.Point, 2)).toThrow(TypeError);
  });
});

describe('doubleScalarMultSplitNonConst', () => {
  it('equals a·A + k·P (integer scalars, torsion included) for every piece count and operand kind of A', () => {
    const A = [torsioned, ed25519.WnafTable.fromPoint(torsioned, 6), H] as const;
    const AN = [torsionedN, torsionedN, HN];
    for (let t = 1; t <= 8; t++) {
      const pieces = ed25519.splitNonConst(torsioned, t);
      for (const [ia, a] of EDGE.entries()) {
        const k = EDGE[(ia * 3 + t) % EDGE.length]!;
        const x = ia % A.length;
        const got = ed25519.doubleScalarMultSplitNonConst(le32(a), A[x]!, le32(k), pieces);
        const want = naiveMul(AN[x]!, a).add(naiveMul(torsionedN, k));
        expect(hexOf(got)).toBe(nHex(want));
      }
    }
  });

  it('matches doubleScalarMultNonConst on random points and 256-bit integers', () => {
    fuzzAssert(
      fc.property(pointArb, scalar256, scalar256, fc.integer({ min: 1, max: 8 }), ({ p }, a, k, t) => {
        const pieces = ed25519.splitNonConst(p, t);
        const got = ed25519.doubleScalarMultSplitNonConst(le32(a), H, le32(k), pieces);
        expect(got.equals(ed25519.doubleScalarMultNonConst(le32(a), H, le32(k), p))).toBe(true);
      }),
      12,
    );
  });

  it('is linear in the pieces: the pieces of P − Q are P\'s minus Q\'s', () => {
    const Q = fromNoble(NP.BASE);
    for (const t of [2, 3, 8]) {
      const ps = ed25519.splitNonConst(torsioned, t);
      const qs = ed25519.splitNonConst(Q, t);
      const ds = ps.map((p, j) => new Point().sub(p, qs[j]!));
      const k = (1n << 255n) + 12345n;
      const got = ed25519.doubleScalarMultSplitNonConst(le32(3n), H, le32(k), ds);
      expect(hexOf(got)).toBe(nHex(naiveMul(HN, 3n).add(naiveMul(torsionedN.subtract(NP.BASE), k))));
    }
  });

  it('may write into a piece or A (out aliasing), and rejects bad pieces', () => {
    const pieces = ed25519.splitNonConst(torsioned, 2);
    const want = hexOf(ed25519.doubleScalarMultNonConst(le32(5n), torsioned, le32(7n), torsioned));
    const out = pieces[0]!;
    expect(hexOf(ed25519.doubleScalarMultSplitNonConst(le32(5n), out, le32(7n), pieces, out))).toBe(want);
    expect(() => ed25519.doubleScalarMultSplitNonConst(le32(1n), H, le32(1n), [])).toThrow(RangeError);
    expect(() => ed25519.doubleScalarMultSplitNonConst(le32(1n), H, le32(1n), new Array(9).fill(torsioned))).toThrow(RangeError);
    expect(() => ed25519.doubleScalarMultSplitNonConst(le32(1n), H, le32(1n), [torsioned, {} as ed25519.Point])).toThrow(TypeError);
    expect(() => ed25519.doubleScalarMultSplitNonConst(le32(1n), H, le32(1n), torsioned as unknown as ed25519.Point[])).toThrow(TypeError);
  });
});
