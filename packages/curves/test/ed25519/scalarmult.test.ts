import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { StrataError, ErrorCode } from '../../src/index.js';
import * as ed25519 from '../../src/ed25519/index.js';
import { toHex } from '@strata/testkit';
import { NP, L, le32, scalar256, scalarModL, pointArb, hexOf, nHex, naiveMul, nobleBaseMul, TORSION_HEX } from './helpers.js';

const { Point, Scalar25519, WnafTable } = ed25519;
const EDGE_SCALARS = [0n, 1n, 2n, 7n, 8n, L - 1n, L, L + 1n, 2n * L, 8n * L, (1n << 252n) - 1n, 1n << 252n, (1n << 255n) - 1n, (1n << 256n) - 1n, (1n << 256n) - L];

describe('fixed-base multiplication', () => {
  it('scalarBaseMultNonConst, scalarBaseMult and scalarBaseMultToBytes agree with noble on edge and random scalars', () => {
    const check = (k: bigint) => {
      const want = nHex(nobleBaseMul(k));
      expect(hexOf(ed25519.scalarBaseMultNonConst(le32(k)))).toBe(want);
      expect(hexOf(ed25519.scalarBaseMult(le32(k)))).toBe(want);
      const s = new Scalar25519().setBigInt(k);
      expect(hexOf(ed25519.scalarBaseMultNonConst(s))).toBe(want);
      expect(hexOf(ed25519.scalarBaseMult(s))).toBe(want);
      expect(toHex(ed25519.scalarBaseMultToBytes(le32(k)))).toBe(want);
      expect(toHex(ed25519.scalarBaseMultToBytes(s))).toBe(want);
      const buf = new Uint8Array(40).fill(0xee);
      expect(ed25519.scalarBaseMultToBytes(s, buf, 5)).toBe(buf);
      expect(toHex(buf.subarray(5, 37))).toBe(want);
      expect([...buf.subarray(0, 5), ...buf.subarray(37)].every((b) => b === 0xee)).toBe(true);
      const out = new Point();
      expect(ed25519.scalarBaseMult(s, out)).toBe(out);
      expect(ed25519.scalarBaseMultNonConst(s, out)).toBe(out);
      expect(hexOf(out)).toBe(want);
    };
    for (const k of EDGE_SCALARS) check(k);
    fc.assert(fc.property(scalar256, (k) => check(k)), { numRuns: 60 });
  });
});

describe('variable-base multiplication', () => {
  it('scalarMultNonConst and scalarMult use the full 256-bit integer (torsion components included)', () => {
    const check = (k: bigint, a: { p: ed25519.Point; n: ReturnType<typeof NP.fromHex> }) => {
      const want = nHex(naiveMul(a.n, k));
      expect(hexOf(ed25519.scalarMultNonConst(le32(k), a.p))).toBe(want);
      expect(hexOf(ed25519.scalarMult(le32(k), a.p))).toBe(want);
      expect(hexOf(ed25519.scalarMultNonConst(le32(k), WnafTable.fromPoint(a.p, 4)))).toBe(want);
      expect(hexOf(ed25519.scalarMultNonConst(le32(k), WnafTable.fromPoint(a.p, 8)))).toBe(want);
    };
    const torsioned = NP.BASE.multiply(123456789n).add(NP.fromHex(TORSION_HEX[3]!));
    const tp = { p: Point.fromBytes(torsioned.toBytes()), n: torsioned };
    for (const k of EDGE_SCALARS) check(k, tp);
    fc.assert(fc.property(scalar256, pointArb, (k, a) => check(k, a)), { numRuns: 25 });
  });

  it('Scalar25519 scalars give [k mod ℓ]P', () => {
    fc.assert(
      fc.property(scalar256, pointArb, (k, a) => {
        const s = new Scalar25519().setBigInt(k);
        const want = nHex(naiveMul(a.n, k % L));
        expect(hexOf(ed25519.scalarMultNonConst(s, a.p))).toBe(want);
        expect(hexOf(ed25519.scalarMult(s, a.p))).toBe(want);
      }),
      { numRuns: 15 },
    );
  });

  it('out may alias the input point', () => {
    fc.assert(
      fc.property(scalarModL, pointArb, (k, a) => {
        const want = nHex(naiveMul(a.n, k));
        const x = a.p.clone();
        expect(hexOf(ed25519.scalarMultNonConst(le32(k), x, x))).toBe(want);
        const y = a.p.clone();
        expect(hexOf(ed25519.scalarMult(le32(k), y, y))).toBe(want);
        const z = a.p.clone();
        expect(hexOf(ed25519.doubleScalarMultBaseNonConst(le32(k), z, le32(k), z))).toBe(nHex(naiveMul(a.n, k).add(nobleBaseMul(k))));
      }),
      { numRuns: 10 },
    );
  });
});

describe('doubleScalarMultBaseNonConst (a·A + b·B)', () => {
  it('matches the separate products on edge and random inputs, with Point and WnafTable operands', () => {
    const check = (a: bigint, b: bigint, A: { p: ed25519.Point; n: ReturnType<typeof NP.fromHex> }) => {
      const want = nHex(naiveMul(A.n, a).add(nobleBaseMul(b)));
      expect(hexOf(ed25519.doubleScalarMultBaseNonConst(le32(a), A.p, le32(b)))).toBe(want);
      expect(hexOf(ed25519.doubleScalarMultBaseNonConst(le32(a), WnafTable.fromPoint(A.p), le32(b)))).toBe(want);
      expect(hexOf(ed25519.doubleScalarMultBaseNonConst(le32(a), WnafTable.fromPoint(A.p, 6), le32(b)))).toBe(want);
    };
    const A0 = { p: Point.generator(), n: NP.BASE };
    for (const a of EDGE_SCALARS) for (const b of [0n, 1n, L - 1n, (1n << 256n) - 1n]) check(a, b, A0);
    fc.assert(fc.property(scalar256, scalar256, pointArb, (a, b, A) => check(a, b, A)), { numRuns: 20 });
  });

  it('accepts Scalar25519 operands (the −k of verification)', () => {
    fc.assert(
      fc.property(scalarModL, scalarModL, pointArb, (k, s, A) => {
        const negK = ((t) => t.negate(t))(new Scalar25519().setBigInt(k));
        const want = nHex(naiveMul(A.n, (L - k) % L).add(nobleBaseMul(s)));
        expect(hexOf(ed25519.doubleScalarMultBaseNonConst(negK, A.p, new Scalar25519().setBigInt(s)))).toBe(want);
      }),
      { numRuns: 15 },
    );
  });
});

describe('WnafTable', () => {
  it('rejects bad widths and can be refilled', () => {
    for (const w of [0, 1, 9, 2.5]) expect(() => new WnafTable(w)).toThrow(RangeError);
    const t = new WnafTable(5);
    expect(t.entries.length).toBe(8);
    t.setPoint(((p) => p.double(p))(Point.generator()));
    expect(hexOf(ed25519.scalarMultNonConst(le32(3n), t))).toBe(nHex(NP.BASE.multiply(6n)));
  });
});

describe('bad scalar inputs', () => {
  it('wrong length → ERR_BAD_LENGTH, wrong type → TypeError, for every entry point', () => {
    const fns: Array<(k: unknown) => unknown> = [
      (k) => ed25519.scalarBaseMultNonConst(k as Uint8Array),
      (k) => ed25519.scalarBaseMult(k as Uint8Array),
      (k) => ed25519.scalarBaseMultToBytes(k as Uint8Array),
      (k) => ed25519.scalarMultNonConst(k as Uint8Array, Point.BASE),
      (k) => ed25519.scalarMult(k as Uint8Array, Point.BASE),
      (k) => ed25519.doubleScalarMultBaseNonConst(k as Uint8Array, Point.BASE, new Uint8Array(32)),
      (k) => ed25519.doubleScalarMultBaseNonConst(new Uint8Array(32), Point.BASE, k as Uint8Array),
      (k) => ed25519.msmNonConst([Point.BASE], [k as Uint8Array]),
    ];
    for (const f of fns) {
      for (const len of [0, 31, 33, 64]) {
        try {
          f(new Uint8Array(len));
          expect.unreachable();
        } catch (e) {
          expect(e).toBeInstanceOf(StrataError);
          expect((e as StrataError).code).toBe(ErrorCode.BAD_LENGTH);
        }
      }
      for (const bad of [null, undefined, 5, 5n, 'ab', [1, 2], {}, new Uint16Array(32)]) expect(() => f(bad)).toThrow(TypeError);
    }
  });
});

describe('Point.scalarMult / scalarMultNonConst methods', () => {
  it('equal the free functions, in place and into another point', () => {
    fc.assert(
      fc.property(scalar256, pointArb, (k, a) => {
        const want = nHex(naiveMul(a.n, k));
        expect(hexOf(ed25519.scalarMult(le32(k), a.p.clone()))).toBe(want);
        expect(hexOf(ed25519.scalarMultNonConst(le32(k), a.p.clone()))).toBe(want);
        expect(hexOf(ed25519.scalarMult(le32(k), a.p, new Point()))).toBe(want);
        expect(hexOf(ed25519.scalarMultNonConst(le32(k), a.p, new Point()))).toBe(want);
        const s = new Scalar25519().setBigInt(k);
        expect(hexOf(ed25519.scalarMult(s, a.p.clone()))).toBe(nHex(naiveMul(a.n, k % L)));
      }),
      { numRuns: 10 },
    );
  });
});

describe('distributivity', () => {
  it('(a + b)·P = a·P + b·P and k·(P + Q) = k·P + k·Q, for points with torsion and integer scalars', () => {
    fc.assert(
      fc.property(scalar256, scalar256, pointArb, pointArb, (a, b, P, Q) => {
        const sum = (a + b) % (1n << 256n);
        // (a + b) must stay below 2^256 to be one 32-byte integer: use the wrapped sum and correct by 2^256·P.
        const wrap = a + b >= 1n << 256n;
        const lhs = ed25519.scalarMultNonConst(le32(sum), P.p);
        if (wrap) lhs.add(lhs, ((p) => p.add(p, P.p))(ed25519.scalarMultNonConst(le32((1n << 256n) - 1n), P.p)));
        const rhs = ((p) => p.add(p, ed25519.scalarMultNonConst(le32(b), P.p)))(ed25519.scalarMultNonConst(le32(a), P.p));
        expect(lhs.equals(rhs)).toBe(true);
        const k = a;
        const l2 = ed25519.scalarMult(le32(k), new Point().add(P.p, Q.p));
        const r2 = ((p) => p.add(p, ed25519.scalarMult(le32(k), Q.p)))(ed25519.scalarMult(le32(k), P.p));
        expect(l2.equals(r2)).toBe(true);
        // Scalar25519 arithmetic agrees with point arithmetic on the base point.
        const sa = new Scalar25519().setBigInt(a);
        const sb = new Scalar25519().setBigInt(b);
        const viaScalars = ed25519.scalarBaseMult(new Scalar25519().mul(sa, sb));
        const viaPoints = ed25519.scalarMultNonConst(sb, ed25519.scalarBaseMultNonConst(sa));
        expect(viaScalars.equals(viaPoints)).toBe(true);
      }),
      { numRuns: 15 },
    );
  });
});
