/**
 * The affine and projective operations that complete the coordinate
 * systems: PointAffine.add / addAffine / double (affine laws, one inversion)
 * and PointProj.addAffine (madd-2008-bbjlp). Differential against the
 * extended-coordinate results and noble, on points with and without torsion,
 * the identity and the small-order points; every aliasing pattern.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as ed25519 from '../../src/ed25519/index.js';
import { NP, TORSION_HEX, pointArb, nHex, type NoblePoint } from './helpers.js';
import { toHex } from '@strata/testkit';

const { Point, PointAffine, PointProj } = ed25519;

const affHex = (a: ed25519.PointAffine): string => toHex(a.toBytes());
const projHex = (p: ed25519.PointProj): string => toHex(p.toPoint().toBytes());

/** A projective representative with a random-looking Z ≠ 1: (λX : λY : λZ). */
function scaledProj(p: ed25519.Point, lambda: bigint): ed25519.PointProj {
  const l = new ed25519.Fe25519().setBigInt(lambda);
  const r = p.toProj();
  r.X.mul(r.X, l);
  r.Y.mul(r.Y, l);
  r.Z.mul(r.Z, l);
  return r;
}

/** Identity, the 8-torsion points, and a few mixed-order points: the special cases of the laws. */
const SPECIAL: NoblePoint[] = [
  NP.ZERO,
  ...TORSION_HEX.map((h) => NP.fromHex(h)),
  NP.BASE,
  NP.BASE.negate(),
  NP.BASE.add(NP.fromHex(TORSION_HEX[2]!)),
  NP.BASE.multiply(77n).add(NP.fromHex(TORSION_HEX[5]!)),
];
const sp = (n: NoblePoint) => ({ n, p: ed25519.Point.fromBytes(n.toBytes()) });

const lambdaArb = fc.bigInt({ min: 1n, max: (1n << 255n) - 20n });

describe('PointAffine.add / addAffine / double (affine laws)', () => {
  it('add and double agree with noble and with the extended-coordinate results on special points (identity, torsion, P + P, P + (−P))', () => {
    for (const a of SPECIAL) {
      for (const b of SPECIAL) {
        const A = sp(a).p.toAffine();
        const B = sp(b).p.toAffine();
        const want = nHex(a.add(b));
        const r = new PointAffine().add(A, B);
        expect(affHex(r)).toBe(want);
        expect(affHex(r)).toBe(toHex(new Point().add(sp(a).p, sp(b).p).toBytes()));
        expect(r.isOnCurve()).toBe(true);
        expect(affHex(new PointAffine().addAffine(A, B))).toBe(want);
      }
      const A = sp(a).p.toAffine();
      expect(affHex(new PointAffine().double(A))).toBe(nHex(a.double()));
      expect(affHex(new PointAffine().double(A))).toBe(toHex(((p) => p.double(p))(sp(a).p.clone()).toBytes()));
      // P + (−P) = identity, P + P = 2P through add.
      expect(new PointAffine().add(A, A.clone().negate(A)).isIdentity()).toBe(true);
      expect(affHex(new PointAffine().add(A, A))).toBe(nHex(a.double()));
    }
  });

  it('add and double agree with noble and Point on random points (with torsion)', () => {
    fc.assert(
      fc.property(pointArb, pointArb, (a, b) => {
        const A = a.p.toAffine();
        const B = b.p.toAffine();
        const sum = new PointAffine().add(A, B);
        expect(affHex(sum)).toBe(nHex(a.n.add(b.n)));
        expect(sum.equals(new Point().add(a.p, b.p).toAffine())).toBe(true);
        const dbl = new PointAffine().double(A);
        expect(affHex(dbl)).toBe(nHex(a.n.double()));
        expect(dbl.equals(a.p.clone().double(a.p).toAffine())).toBe(true);
        expect(dbl.isOnCurve() && sum.isOnCurve()).toBe(true);
        // Group laws: commutativity, (A + B) − B = A.
        expect(new PointAffine().add(B, A).equals(sum)).toBe(true);
        expect(new PointAffine().add(sum, B.clone().negate(B)).equals(A)).toBe(true);
      }),
      { numRuns: 30 },
    );
  });

  it('aliasing: this = a, this = b, a = b, one-argument forms', () => {
    fc.assert(
      fc.property(pointArb, pointArb, (a, b) => {
        const A = a.p.toAffine();
        const B = b.p.toAffine();
        const want = nHex(a.n.add(b.n));
        const dbl = nHex(a.n.double());
        let x = A.clone();
        expect(x.add(x, B)).toBe(x);
        expect(affHex(x)).toBe(want);
        x = B.clone();
        expect(affHex(x.add(A, x))).toBe(want);
        x = A.clone();
        expect(affHex(x.add(x, B))).toBe(want); // this + B
        x = A.clone();
        expect(affHex(x.add(x, x))).toBe(dbl); // this + this
        x = A.clone();
        expect(affHex(x.add(x, x))).toBe(dbl);
        x = A.clone();
        expect(affHex(x.addAffine(x, B))).toBe(want);
        x = A.clone();
        expect(x.double(x)).toBe(x);
        expect(affHex(x)).toBe(dbl);
        x = A.clone();
        expect(affHex(x.double(x))).toBe(dbl);
        // Inputs are left alone when the receiver is a third point.
        const A0 = affHex(A);
        const B0 = affHex(B);
        new PointAffine().add(A, B);
        new PointAffine().double(A);
        expect(affHex(A)).toBe(A0);
        expect(affHex(B)).toBe(B0);
      }),
      { numRuns: 15 },
    );
  });

  it('results are canonical affine coordinates (fully usable: encode, equals, toPoint)', () => {
    const G = Point.generator().toAffine();
    const g3 = new PointAffine().add(new PointAffine().double(G), G);
    expect(affHex(g3)).toBe(nHex(NP.BASE.multiply(3n)));
    expect(g3.equals(Point.fromBytes(NP.BASE.multiply(3n).toBytes()).toAffine())).toBe(true);
    expect(g3.toPoint().equals(Point.fromBytes(NP.BASE.multiply(3n).toBytes()))).toBe(true);
    expect(g3.toPoint().isOnCurve()).toBe(true);
  });
});

describe('PointProj.addAffine (madd-2008-bbjlp)', () => {
  it('agrees with PointProj.add, Point.addAffine and noble on special points, for Z = 1 and Z ≠ 1', () => {
    for (const a of SPECIAL) {
      for (const b of SPECIAL) {
        const want = nHex(a.add(b));
        const Q = sp(b).p.toAffine();
        for (const lambda of [1n, 2n, 0x1234567890abcdef1234567890abcdefn]) {
          const P = scaledProj(sp(a).p, lambda);
          const r = new PointProj().addAffine(P, Q);
          expect(projHex(r)).toBe(want);
          expect(r.isOnCurve()).toBe(true);
          expect(r.equals(new PointProj().set(P).add(P, sp(b).p.toProj()))).toBe(true);
        }
        expect(projHex(new PointProj().addAffine(sp(a).p.toProj(), Q))).toBe(toHex(new Point().addAffine(sp(a).p, Q).toBytes()));
      }
    }
  });

  it('agrees with noble and with extended mixed addition on random points (with torsion) and random Z', () => {
    fc.assert(
      fc.property(pointArb, pointArb, lambdaArb, (a, b, lambda) => {
        const P = scaledProj(a.p, lambda);
        const Q = b.p.toAffine();
        const r = new PointProj().addAffine(P, Q);
        expect(projHex(r)).toBe(nHex(a.n.add(b.n)));
        expect(r.toPoint().equals(new Point().addAffine(a.p, Q))).toBe(true);
        expect(r.isOnCurve()).toBe(true);
      }),
      { numRuns: 30 },
    );
  });

  it('aliasing: this = p (explicit and default), inputs untouched otherwise', () => {
    fc.assert(
      fc.property(pointArb, pointArb, lambdaArb, (a, b, lambda) => {
        const want = nHex(a.n.add(b.n));
        const Q = b.p.toAffine();
        const Q0 = affHex(Q);
        let x = scaledProj(a.p, lambda);
        expect(x.addAffine(x, Q)).toBe(x);
        expect(projHex(x)).toBe(want);
        x = scaledProj(a.p, lambda);
        expect(projHex(x.addAffine(x, Q))).toBe(want);
        const P = scaledProj(a.p, lambda);
        const P0 = [P.X.toBigInt(), P.Y.toBigInt(), P.Z.toBigInt()];
        new PointProj().addAffine(P, Q);
        expect([P.X.toBigInt(), P.Y.toBigInt(), P.Z.toBigInt()]).toEqual(P0);
        expect(affHex(Q)).toBe(Q0);
        // Chains of mixed additions (magnitudes stay within bounds).
        const acc = new PointProj();
        let n = NP.ZERO;
        for (let i = 0; i < 20; i++) {
          acc.addAffine(acc, Q);
          n = n.add(b.n);
        }
        expect(projHex(acc)).toBe(nHex(n));
      }),
      { numRuns: 10 },
    );
  });
});
