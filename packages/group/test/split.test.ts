/**
 * Split points (`splitNonConst`, `doubleScalarMultSplitNonConst`): the
 * pieces a backend makes, the portable one-piece fallback, and equality
 * with `doubleScalarMultNonConst` on every curve.
 */
import { describe, expect, it } from 'vitest';
import {
  doubleScalarMultNonConst,
  doubleScalarMultSplitNonConst,
  ed25519,
  precompute,
  secp256k1,
  splitNonConst,
  type Curve,
} from '../src/index.js';

const curves: [string, Curve][] = [
  ['secp256k1', secp256k1],
  ['ed25519', ed25519],
];

describe.each(curves)('split points on %s', (_name, c) => {
  const P = c.scalarBaseMult(c.hashToScalar(new Uint8Array([7, 7])));
  const G = c.basePoint();
  const H = precompute(c, c.altBasePoint());
  const a = c.hashToScalar(new Uint8Array([1]));
  const k = c.hashToScalar(new Uint8Array([2]));

  it('a·H + k·P over P\'s pieces equals doubleScalarMultNonConst for every piece count', () => {
    const want = doubleScalarMultNonConst(c, a, H, k, P);
    for (let n = 1; n <= 8; n++) {
      const pieces = splitNonConst(c, P, n);
      expect(pieces.length).toBe(c.splitNonConst === undefined ? 1 : n);
      expect(doubleScalarMultSplitNonConst(c, a, H, k, pieces).equals(want)).toBe(true);
      expect(doubleScalarMultSplitNonConst(c, a, c.altBasePoint(), k, pieces).equals(want)).toBe(true);
    }
  });

  it('pieces are linear: P\'s minus G\'s are the pieces of P − G', () => {
    const want = doubleScalarMultNonConst(c, a, H, k, P.sub(G));
    const ps = splitNonConst(c, P, 3);
    const gs = splitNonConst(c, G, 3);
    const ds = ps.map((p, j) => p.sub(gs[j]!));
    expect(doubleScalarMultSplitNonConst(c, a, H, k, ds).equals(want)).toBe(true);
  });

  it('writes into `out` when it has the pieces the backend makes', () => {
    const n = c.splitNonConst === undefined ? 1 : 2;
    const out = [c.identity(), c.identity()].slice(0, n);
    const got = splitNonConst(c, P, 2, out);
    if (c.splitNonConst !== undefined) expect(got).toBe(out);
    expect(got[0]!.equals(P)).toBe(true);
    const into = c.identity();
    expect(doubleScalarMultSplitNonConst(c, a, H, k, got, into)).toBe(into);
    expect(into.equals(doubleScalarMultNonConst(c, a, H, k, P))).toBe(true);
  });

  it('rejects piece counts outside [1, 8] and empty piece lists (RangeError)', () => {
    for (const n of [0, 9, 1.5]) expect(() => splitNonConst(c, P, n)).toThrow(RangeError);
    expect(() => doubleScalarMultSplitNonConst(c, a, H, k, [])).toThrow(RangeError);
  });
});

describe('the portable fallback', () => {
  it('is one piece (a copy), and refuses several pieces on a curve without split points', () => {
    const plain: Curve = Object.create(secp256k1, { splitNonConst: { value: undefined }, doubleScalarMultSplitNonConst: { value: undefined } });
    const P = secp256k1.basePoint();
    const pieces = splitNonConst(plain, P, 4);
    expect(pieces.length).toBe(1);
    expect(pieces[0]).not.toBe(P);
    expect(pieces[0]!.equals(P)).toBe(true);
    const a = secp256k1.scalarFromInt(3);
    const b = secp256k1.scalarFromInt(5);
    expect(doubleScalarMultSplitNonConst(plain, a, P, b, pieces).equals(P.scalarMult(secp256k1.scalarFromInt(8)))).toBe(true);
    expect(() => doubleScalarMultSplitNonConst(plain, a, P, b, [P, P])).toThrow(RangeError);
  });
});
