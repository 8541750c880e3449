/**
 * Group laws as properties over every curve and every coordinate system,
 * scalar multiplication against an independent double-and-add oracle and
 * against @noble/curves (Jubjub, BabyJubjub), GLV against wNAF, aliasing,
 * conversions, cofactor clearing and the subgroup check.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jubjub as nobleJubjub, babyjubjub as nobleBaby } from '@noble/curves/misc.js';
import { jubjub, bandersnatch, babyJubjub, PointAffine, PointExtended, PointProj, glvSplit, batchToAffine, JUBJUB_FULL_GENERATOR, BABYJUBJUB_FULL_GENERATOR, type EdwardsCurve, scalarMultNonConst, scalarMult, scalarBaseMult, scalarBaseMultNonConst, scalarMultGlvNonConst } from '../../src/edwards/index.js';
import { mulG, naiveMul, pt, scalarArb } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyPoint = any;
interface Sys {
  name: string;
  make(c: EdwardsCurve): AnyPoint;
  fromExt(E: PointExtended): AnyPoint;
  toExt(P: AnyPoint): PointExtended;
}
const systems: Sys[] = [
  { name: 'extended', make: (c) => new PointExtended(c), fromExt: (E) => E.clone(), toExt: (P) => P.clone() },
  { name: 'projective', make: (c) => new PointProj(c), fromExt: (E) => E.toProj(), toExt: (P) => P.toExtended() },
  { name: 'affine', make: (c) => new PointAffine(c), fromExt: (E) => E.toAffine(), toExt: (P) => P.toExtended() },
];

/** Full-group generators (order h·r) where the KATs give one; Bandersnatch is tested on its subgroup. */
const fullGen: Record<string, { x: bigint; y: bigint } | undefined> = {
  jubjub: JUBJUB_FULL_GENERATOR,
  babyJubjub: BABYJUBJUB_FULL_GENERATOR,
  bandersnatch: undefined,
};

const curves = [jubjub, bandersnatch, babyJubjub];
const RUNS = 12;

for (const c of curves) {
  const r = c.order;
  const k = fc.bigInt({ min: 0n, max: r - 1n });
  const fg = fullGen[c.name];
  // Subgroup points, plus points with a torsion component on the complete curves.
  const pointArb: fc.Arbitrary<PointExtended> = fg === undefined
    ? k.map((a) => mulG(c, a))
    : fc.oneof(k.map((a) => mulG(c, a)), k.map((a) => scalarMultNonConst(a, pt(c, fg.x, fg.y).toExtended())));

  for (const S of systems) {
    describe(`${c.name}: group laws in ${S.name} coordinates`, () => {
      const eq = (A: AnyPoint, B: AnyPoint) => S.toExt(A).equals(S.toExt(B));
      it('identity, inverse, commutativity, P + P = double(P), results on the curve', () => {
        fc.assert(fc.property(pointArb, pointArb, (Pe, Qe) => {
          const P = S.fromExt(Pe), Q = S.fromExt(Qe);
          const O = S.make(c);
          expect(O.isIdentity()).toBe(true);
          expect(O.isOnCurve()).toBe(true);
          expect(eq(P.clone().add(P, O), P)).toBe(true);
          expect(eq(O.clone().add(O, P), P)).toBe(true);
          expect(P.clone().add(P, P.clone().negate(P)).isIdentity()).toBe(true);
          const PQ = P.clone().add(P, Q);
          expect(eq(PQ, Q.clone().add(Q, P))).toBe(true);
          expect(PQ.isOnCurve()).toBe(true);
          expect(eq(PQ, S.fromExt(Pe.clone().add(Pe, Qe)))).toBe(true);
          const D = P.clone().double(P);
          expect(D.isOnCurve()).toBe(true);
          expect(eq(D, P.clone().add(P, P.clone()))).toBe(true);
          // Aliasing: P.add(P) with the receiver as the operand.
          const A = P.clone();
          expect(eq(A.add(A, A), D)).toBe(true);
          // addAffine with an affine operand agrees with add.
          expect(eq(P.clone().addAffine(P, Qe.toAffine()), PQ)).toBe(true);
          const N = P.clone().negate(P);
          expect(N.clone().negate(N).equals(P)).toBe(true);
          expect(P.equals(Q)).toBe(Pe.equals(Qe));
          expect(P.isIdentity()).toBe(Pe.isIdentity());
        }), { numRuns: RUNS });
      });

      it('associativity', () => {
        fc.assert(fc.property(pointArb, pointArb, pointArb, (Pe, Qe, Re) => {
          const P = S.fromExt(Pe), Q = S.fromExt(Qe), R = S.fromExt(Re);
          const PQ = P.clone().add(P, Q);
          expect(eq(PQ.add(PQ, R), P.clone().add(P, Q.clone().add(Q, R)))).toBe(true);
        }), { numRuns: RUNS });
      });

      it('scalarMultNonConst matches double-and-add; distributivity', () => {
        fc.assert(fc.property(pointArb, pointArb, scalarArb(r), k, (Pe, Qe, s, t) => {
          const P = S.fromExt(Pe), Q = S.fromExt(Qe);
          const sP = S.fromExt(scalarMultNonConst(s, P));
          expect(sP.isOnCurve()).toBe(true);
          expect(S.toExt(sP).equals(naiveMul(Pe, s))).toBe(true);
          // The fixed-sequence ladder agrees.
          expect(eq(S.fromExt(scalarMult(s, P)), sP)).toBe(true);
          // (s + t)·P = s·P + t·P (as integers, no reduction needed).
          if (s + t < 1n << 256n) {
            expect(eq(S.fromExt(scalarMultNonConst(s + t, P)), sP.clone().add(sP, S.fromExt(scalarMultNonConst(t, P))))).toBe(true);
          }
          // s·(P + Q) = s·P + s·Q.
          expect(eq(S.fromExt(scalarMultNonConst(s, P.clone().add(P, Q))), sP.clone().add(sP, S.fromExt(scalarMultNonConst(s, Q))))).toBe(true);
          // Scalar given as 32 bytes LE.
          const b = new Uint8Array(32);
          let v = s;
          for (let i = 0; i < 32; i++) { b[i] = Number(v & 0xffn); v >>= 8n; }
          expect(eq(S.fromExt(scalarMultNonConst(b, P)), sP)).toBe(true);
        }), { numRuns: RUNS });
      });

      it('clearCofactor and isTorsionFree', () => {
        fc.assert(fc.property(pointArb, (Pe) => {
          const P = S.fromExt(Pe);
          const sub = scalarMultNonConst(r, Pe.clone()).isIdentity();
          expect(P.isTorsionFree()).toBe(sub);
          const C = P.clone().clearCofactor(P);
          expect(C.isTorsionFree()).toBe(true);
          expect(S.toExt(C).equals(scalarMultNonConst(c.cofactor, Pe.clone()))).toBe(true);
        }), { numRuns: RUNS });
      });

      it('conversions round-trip', () => {
        fc.assert(fc.property(pointArb, (Pe) => {
          const P = S.fromExt(Pe);
          const E = S.toExt(P);
          expect(E.isOnCurve()).toBe(true);
          expect(E.toAffine().equals(Pe.toAffine())).toBe(true);
          expect(E.toProj().toExtended().equals(Pe)).toBe(true);
          expect(new PointAffine(c).setProj(E.toProj()).equals(Pe.toAffine())).toBe(true);
          expect(new PointProj(c).setExtended(E).toAffine().equals(Pe.toAffine())).toBe(true);
        }), { numRuns: RUNS });
      });
    });
  }

  describe(`${c.name}: edge points`, () => {
    it('the generator, identity and small multiples', () => {
      const G = new PointExtended(c).setGenerator();
      expect(G.isOnCurve() && G.isTorsionFree() && !G.isIdentity()).toBe(true);
      expect(new PointAffine(c).setGenerator().toBigInts()).toEqual(c.generator);
      expect(new PointProj(c).setGenerator().toAffine().toBigInts()).toEqual(c.generator);
      expect(c.generatorAffine().toBigInts()).toEqual(c.generator);
      expect(scalarMultNonConst(0n, G.clone()).isIdentity()).toBe(true);
      expect(scalarMultNonConst(1n, G.clone()).equals(G)).toBe(true);
      expect(scalarMultNonConst(r - 1n, G.clone()).equals(G.clone().negate(G))).toBe(true);
      expect(scalarMultNonConst(r, G.clone()).isIdentity()).toBe(true);
      expect(scalarMultNonConst(r + 1n, G.clone()).equals(G)).toBe(true);
      expect(scalarMultNonConst((1n << 256n) - 1n, G.clone()).equals(naiveMul(G, (1n << 256n) - 1n))).toBe(true);
      for (const s of [0n, 1n, 7n, 8n, 9n, 15n, 16n, 17n, r - 1n, r, (1n << 256n) - 1n, (1n << 255n) + 8n, 0x8888888888888888n]) {
        expect(scalarMult(s, G.clone()).equals(naiveMul(G, s))).toBe(true);
      }
      const OE = new PointExtended(c).setIdentity(), OP = new PointProj(c), OA = new PointAffine(c);
      expect(OE.double(OE).isIdentity()).toBe(true);
      expect(OP.double(OP).isIdentity()).toBe(true);
      expect(OA.double(OA).isIdentity()).toBe(true);
    });
    it('bad scalars: negative or ≥ 2^256 → RangeError, wrong byte length → ERR_BAD_LENGTH, wrong type → TypeError', () => {
      const G = new PointExtended(c).setGenerator();
      expect(() => scalarMultNonConst(-1n, G.clone())).toThrow(RangeError);
      expect(() => scalarMultNonConst(1n << 256n, G.clone())).toThrow(RangeError);
      expect(() => scalarMultNonConst(new Uint8Array(31), G.clone())).toThrow(expect.objectContaining({ code: 'ERR_BAD_LENGTH' }));
      expect(() => scalarMultNonConst(5 as unknown as bigint, G.clone())).toThrow(TypeError);
    });
    it('points off the curve never pass isOnCurve', () => {
      const E = new PointExtended(c).setGenerator();
      c.F.add(E.Y, E.Y, c.F.setOne(c.F.create()));
      expect(E.isOnCurve()).toBe(false);
      const E2 = new PointExtended(c).setGenerator();
      c.F.setZero(E2.T);
      expect(E2.isOnCurve()).toBe(false);
      const E3 = new PointExtended(c);
      c.F.setZero(E3.Z); c.F.setZero(E3.Y);
      expect(E3.isOnCurve()).toBe(false);
      const Pp = new PointProj(c).setGenerator();
      c.F.add(Pp.X, Pp.X, Pp.X);
      expect(Pp.isOnCurve()).toBe(false);
      const Pz = new PointProj(c);
      c.F.setZero(Pz.X); c.F.setZero(Pz.Y); c.F.setZero(Pz.Z);
      expect(Pz.isOnCurve()).toBe(false);
      const A = new PointAffine(c).setGenerator();
      c.F.add(A.x, A.x, A.x);
      expect(A.isOnCurve()).toBe(false);
    });
  });
}

describe('fixed-base scalar multiplication', () => {
  for (const c of curves) {
    it(`${c.name}: scalarBaseMult and scalarBaseMultNonConst equal k·G, written into any out`, () => {
      const G = new PointExtended(c).setGenerator();
      const check = (k: bigint) => {
        const want = naiveMul(G, k);
        expect(scalarBaseMult(c, k, new PointExtended(c)).equals(want)).toBe(true);
        expect(scalarBaseMultNonConst(c, k, new PointExtended(c)).equals(want)).toBe(true);
        expect(new PointProj(c).setExtended(scalarBaseMult(c, k)).toExtended().equals(want)).toBe(true);
        expect(new PointAffine(c).setExtended(scalarBaseMultNonConst(c, k)).toExtended().equals(want)).toBe(true);
      };
      const r = c.order;
      for (const k of [0n, 1n, 8n, 9n, 16n, r - 1n, r, r + 1n, (1n << 256n) - 1n, 0x8888888888888888888888888888888888888888888888888888888888888888n]) check(k);
      fc.assert(fc.property(scalarArb(r), (k) => check(k)), { numRuns: 10 });
      // Byte scalars and the result lands in the receiver, whatever it held.
      const P = new PointExtended(c).double(G);
      const kb = new Uint8Array(32); kb[0] = 5;
      expect(scalarBaseMult(P.curve, kb, P).equals(naiveMul(G, 5n))).toBe(true);
      expect(P.isOnCurve()).toBe(true);
    });
  }
});

describe('Bandersnatch GLV', () => {
  const r = bandersnatch.order;
  it('ψ(P) = λ·P on the subgroup; the split satisfies k ≡ k1 + k2·λ with short halves; GLV = wNAF', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: r - 1n }), scalarArb(r), (a, s) => {
      const P = mulG(bandersnatch, a);
      const lam = bandersnatch.glv!.lambda;
      expect(P.clone().endomorphism(P).equals(scalarMultNonConst(lam, P.clone()))).toBe(true);
      const [k1, k2] = glvSplit(bandersnatch, s);
      expect((((k1 + k2 * lam - s) % r) + r) % r).toBe(0n);
      const abs = (x: bigint) => (x < 0n ? -x : x);
      expect(abs(k1) < 1n << 128n && abs(k2) < 1n << 128n).toBe(true);
      expect(scalarMultGlvNonConst(s, P.clone()).equals(scalarMultNonConst(s, P.clone()))).toBe(true);
    }), { numRuns: 25 });
    const G = new PointExtended(bandersnatch).setGenerator();
    for (const s of [0n, 1n, r - 1n, r, (1n << 256n) - 1n]) {
      expect(scalarMultGlvNonConst(s, G.clone()).equals(naiveMul(G, s % r))).toBe(true);
    }
    expect(() => scalarMultGlvNonConst(5n, new PointExtended(jubjub))).toThrow(TypeError);
    const J = new PointExtended(jubjub);
    expect(() => J.endomorphism(J)).toThrow(TypeError);
  });
});

describe('differential against @noble/curves', () => {
  const cases: [EdwardsCurve, typeof nobleJubjub][] = [[jubjub, nobleJubjub], [babyJubjub, nobleBaby]];
  for (const [c, N] of cases) {
    it(`${c.name}: same base point, scalar multiples, sums and ('parity') encodings`, () => {
      const NP = N.Point;
      expect(NP.BASE.toAffine()).toEqual(c.generator);
      expect(NP.CURVE().p).toBe(c.F.p);
      fc.assert(fc.property(fc.bigInt({ min: 1n, max: c.order - 1n }), fc.bigInt({ min: 1n, max: c.order - 1n }), (a, b) => {
        const A = mulG(c, a), B = mulG(c, b);
        const nA = NP.BASE.multiply(a), nB = NP.BASE.multiply(b);
        expect(A.toAffine().toBigInts()).toEqual(nA.toAffine());
        expect(A.clone().add(A, B).toAffine().toBigInts()).toEqual(nA.add(nB).toAffine());
        expect(A.clone().double(A).toAffine().toBigInts()).toEqual(nA.double().toAffine());
        const enc = A.toAffine().toBytes('parity');
        expect(enc).toEqual(nA.toBytes());
        expect(PointAffine.fromBytes(c, nA.toBytes(), { encoding: 'parity' }).equals(A.toAffine())).toBe(true);
        expect(A.isTorsionFree()).toBe(nA.isTorsionFree());
      }), { numRuns: 15 });
    });
  }
});

describe('batchToAffine', () => {
  for (const c of curves) {
    it(`${c.name}: equals one-by-one conversion, for extended and projective inputs`, () => {
      fc.assert(fc.property(fc.array(fc.bigInt({ min: 0n, max: c.order - 1n }), { maxLength: 9 }), (ks) => {
        const pts = ks.map((k, i) => (i % 2 === 0 ? mulG(c, k) : mulG(c, k).toProj()));
        const got = batchToAffine(pts);
        expect(got.length).toBe(ks.length);
        for (let i = 0; i < pts.length; i++) expect(got[i]!.equals(pts[i]!.toAffine())).toBe(true);
        const out = pts.map(() => new PointAffine(c));
        expect(batchToAffine(pts, out)).toBe(out);
        for (let i = 0; i < pts.length; i++) expect(out[i]!.equals(got[i]!)).toBe(true);
      }), { numRuns: 8 });
    });
  }
  it('rejects mismatched outputs and mixed curves', () => {
    const G = new PointExtended(jubjub).setGenerator();
    expect(() => batchToAffine([G], [])).toThrow(expect.objectContaining({ code: 'ERR_BAD_LENGTH' }));
    const longer = [new PointAffine(jubjub), new PointAffine(jubjub)];
    expect(batchToAffine([G], longer)).toBe(longer);
    expect(longer[0]!.equals(G.toAffine())).toBe(true);
    expect(longer[1]!.isIdentity()).toBe(true);
    expect(() => batchToAffine([G, new PointExtended(babyJubjub)])).toThrow(TypeError);
    expect(() => batchToAffine([G], [new PointAffine(babyJubjub)])).toThrow(TypeError);
    expect(() => batchToAffine([{} as PointExtended])).toThrow(TypeError);
    expect(batchToAffine([])).toEqual([]);
  });
});
