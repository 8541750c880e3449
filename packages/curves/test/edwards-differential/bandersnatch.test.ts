/**
 * Bandersnatch (packages/curves/src/edwards) against the BigInt reference
 * (generic-suite.ts), plus the regressions of issue 10 finding 8 and the
 * documented domain of its incomplete formulas.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bandersnatch, banderwagonEquals, banderwagonFromBytes, banderwagonToBytes, PointAffine, PointExtended, scalarMultGlvNonConst } from '../../src/edwards/index.js';
import { REF, edgePoints, errCode, fcParams, le32, randomPointArb } from './common.js';
import { genericDifferentialSuite, toRef } from './generic-suite.js';
import { banderwagonDecodeRef, banderwagonEncodeRef, type Aff } from './reference.js';

const ref = REF.bandersnatch;

genericDifferentialSuite(bandersnatch, ref, {
  complete: false,
  arithmeticDomain: 'subgroupAndT2',
  extraScalars: [bandersnatch.glv!.lambda, bandersnatch.order - bandersnatch.glv!.lambda],
});

describe('bandersnatch: issue 10 finding 8 regressions', () => {
  const T2 = { x: 0n, y: ref.q - 1n };
  it('ψ(identity) = identity and ψ((0, −1)) = identity (the kernel of ψ), as valid extended points', () => {
    for (const P of [ref.identity, T2]) {
      const R = ((p) => p.endomorphism(p))(PointAffine.fromXY(bandersnatch, P.x, P.y).toExtended());
      expect(R.isOnCurve()).toBe(true);
      expect(R.isIdentity()).toBe(true);
    }
  });
  it('no affine point has y² = e0 (where ψ would leave the affine curve), nor y = 0 (where x·y = 0 besides x = 0)', () => {
    const s = ref.sqrt(bandersnatch.glv!.endo0);
    if (s !== null) expect(ref.pointWithY(s)).toBeNull();
    expect(ref.legendre(ref.a)).toBe(-1); // a·x² = 1 has no solution
  });
  it('scalarMultGlvNonConst of the identity is the identity when the GLV split has a non-zero second half', () => {
    for (const k of [1n << 128n, 1n << 255n, (1n << 256n) - 1n, (1n << 256n) - ref.r, bandersnatch.glv!.lambda]) {
      const R = scalarMultGlvNonConst(k, new PointExtended(bandersnatch));
      expect(R.isOnCurve(), `k = 0x${k.toString(16)}`).toBe(true);
      expect(R.isIdentity()).toBe(true);
      expect(scalarMultGlvNonConst(le32(k), new PointExtended(bandersnatch)).isIdentity()).toBe(true);
    }
  });
  it('fromBytes of a y with y² = a/d (no affine point): ERR_POINT_NOT_ON_CURVE with either sign bit and either sign rule', () => {
    const s = ref.sqrt(ref.m(ref.a * ref.invert(ref.d)));
    expect(s).not.toBeNull();
    for (const y of [s!, ref.m(-s!)]) {
      for (const sign of [0, 1]) {
        const b = le32(y);
        b[31] = b[31]! | (sign << 7);
        for (const encoding of ['lexsign', 'parity'] as const) {
          expect(errCode(() => PointAffine.fromBytes(bandersnatch, b, { encoding })), `y = ${y}, sign ${sign}, ${encoding}`).toBe('ERR_POINT_NOT_ON_CURVE');
        }
      }
    }
  });
});

describe('bandersnatch: the documented domain of the incomplete formulas', () => {
  const [, Tinf1, Tinf2, Tinf3] = ref.torsionAll();
  const atInf = [Tinf1, Tinf2, Tinf3].filter((C) => ref.affine(C!) === null);
  it('the curve has exactly two points at infinity, both of order 2, and no affine point of order 4', () => {
    expect(atInf.length).toBe(2);
    for (const C of atInf) expect(ref.isIdentityC(ref.addC(C!, C!))).toBe(true);
    expect(ref.torsion()).toEqual([{ x: 0n, y: 1n }, { x: 0n, y: ref.q - 1n }]);
  });
  it('points with a torsion component at infinity: accepted by fromXY / fromBytes, rejected with { subgroup: true }, isTorsionFree false, h·P exact', () => {
    for (const C of atInf) {
      const P = ref.affine(ref.addC(ref.lift(ref.G), C!))!;
      const A = PointAffine.fromXY(bandersnatch, P.x, P.y);
      expect(A.isOnCurve()).toBe(true);
      expect(A.isTorsionFree()).toBe(false);
      expect(toRef(PointAffine.fromBytes(bandersnatch, ref.encode(P)))).toEqual(P);
      expect(errCode(() => PointAffine.fromBytes(bandersnatch, ref.encode(P), { subgroup: true }))).toBe('ERR_POINT_NOT_IN_SUBGROUP');
      expect(toRef(((p) => p.clearCofactor(p))(A.toExtended()))).toEqual(ref.mul(4n, ref.G));
    }
  });
});

describe('bandersnatch: Banderwagon against the reference', () => {
  const T2 = { x: 0n, y: ref.q - 1n };
  const ext = (P: Aff) => PointAffine.fromXY(bandersnatch, P.x, P.y).toExtended();
  /** Subgroup points, and the same points plus (0, −1) (the same Banderwagon element). */
  const wagonArb = fc.oneof(
    fc.constantFrom(ref.identity, T2, ...edgePoints(ref).subgroup),
    fc.tuple(randomPointArb(ref, true), fc.boolean()).map(([P, t]) => (t ? ref.add(P, T2)! : P)),
  );
  const decode = (b: Uint8Array): { ok: Aff } | { err: string } => {
    try {
      return { ok: toRef(banderwagonFromBytes(b)) as Aff };
    } catch (e) {
      return { err: (e as { code: string }).code };
    }
  };
  it('encode = reference for subgroup points and their (0, −1) coset; decode(encode(P)) is P or P + (0, −1)', () => {
    fc.assert(fc.property(wagonArb, (P) => {
      const enc = banderwagonEncodeRef(ref, P);
      expect(banderwagonToBytes(ext(P))).toEqual(enc);
      expect(banderwagonToBytes(PointAffine.fromXY(bandersnatch, P.x, P.y))).toEqual(enc);
      expect(decode(enc)).toEqual(banderwagonDecodeRef(ref, enc));
      const D = (banderwagonDecodeRef(ref, enc) as { ok: Aff }).ok;
      expect(ref.eq(D, P) || ref.eq(D, ref.add(P, T2))).toBe(true);
    }), fcParams(40));
  });
  it('decode of random and edge byte strings = reference (x ≥ q, no y, not in the subgroup)', () => {
    const edgeX = [0n, 1n, ref.q - 1n, ref.q, ref.q + 1n, (1n << 256n) - 1n];
    const be = (x: bigint) => le32(x).reverse();
    for (const x of edgeX) expect(decode(be(x)), `x = ${x}`).toEqual(banderwagonDecodeRef(ref, be(x)));
    fc.assert(fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (b) => {
      expect(decode(b)).toEqual(banderwagonDecodeRef(ref, b));
    }), fcParams(60));
  });
  it('banderwagonEquals(P, Q) iff P = Q or P = Q + (0, −1)', () => {
    fc.assert(fc.property(wagonArb, wagonArb, fc.boolean(), (P, Q0, same) => {
      const Q = same ? ref.add(P, T2)! : Q0;
      const want = ref.eq(P, Q) || ref.eq(P, ref.add(Q, T2));
      expect(banderwagonEquals(ext(P), ext(Q))).toBe(want);
    }), fcParams(40));
  });
});
