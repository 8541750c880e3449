/**
 * Issue 21, finding 2: Bandersnatch's unified addition of two operands that
 * differ by a point at infinity T∞ returned (0 : 0 : 0 : 0), which absorbed
 * every later operation, "equalled" every point (cross-multiplication with
 * no Z ≠ 0 test), encoded as 32 zero bytes, and made scalarMultNonConst
 * return values off the curve. Now every addition returns the true sum
 * (the dedicated addition takes over the exceptional case) or
 * ERR_POINT_AT_INFINITY when the sum is at infinity, and a Z = 0 value
 * written directly is not a point for equals, isIdentity, the subgroup
 * predicates and every encoder, on every generic Edwards curve.
 */
import { describe, expect, it } from 'vitest';
import {
  babyJubjub,
  bandersnatch,
  banderwagonEquals,
  banderwagonToBytes,
  batchToAffine,
  jubjub,
  msmNonConst,
  PointAffine,
  PointExtended,
  PointProj,
  scalarMult,
  scalarMultNonConst,
  type EdwardsCurve,
} from '../../src/edwards/index.js';
import { REF } from '../edwards-differential/common.js';
import { toRef } from '../edwards-differential/generic-suite.js';
import type { Aff, Completed } from '../edwards-differential/reference.js';
import { errCode } from './helpers.js';

const ref = REF.bandersnatch;
const INF: Completed[] = ref.torsionAll().filter((C) => ref.affine(C) === null);
const T2: Aff = { x: 0n, y: ref.q - 1n };
const E = (P: Aff) => PointAffine.fromXY(bandersnatch, P.x, P.y).toExtended();
const A = (P: Aff) => PointAffine.fromXY(bandersnatch, P.x, P.y);
const plus = (P: Aff, C: Completed) => ref.affine(ref.addC(ref.lift(P), C))!;
/** Subgroup points, one of them plus (0, −1). */
const BASE: Aff[] = [ref.mul(12345n, ref.G)!, ref.G, ref.add(ref.mul(777n, ref.G)!, T2)!];

describe('issue 21 finding 2: Bandersnatch sums of operands that differ by a point at infinity', () => {
  it('there are two points at infinity T∞, and A = P + T∞ is an affine point that decodes', () => {
    expect(INF.length).toBe(2);
    for (const P of BASE) for (const C of INF) {
      const Ap = plus(P, C);
      expect(toRef(PointAffine.fromBytes(bandersnatch, ref.encode(Ap)))).toEqual(Ap);
    }
  });

  it('P + (P + T∞) is 2P + T∞ exactly, in every coordinate system, aliased or not; it equals that point and no other', () => {
    const probes = [ref.identity, ref.G, T2, ...BASE];
    for (const P of BASE) for (const C of INF) {
      const Ap = plus(P, C);
      const want = ref.add(P, Ap)!;
      expect(want).not.toBeNull();
      const got: [string, PointExtended | PointProj | PointAffine][] = [
        ['extended add', new PointExtended(bandersnatch).add(E(P), E(Ap))],
        ['extended add (aliased)', ((p) => p.add(p, E(Ap)))(E(P))],
        ['extended add, operands swapped', new PointExtended(bandersnatch).add(E(Ap), E(P))],
        ['extended addAffine', ((p) => p.addAffine(p, A(Ap)))(E(P))],
        ['projective add', ((p) => p.add(p, E(Ap).toProj()))(E(P).toProj())],
        ['projective addAffine', ((p) => p.addAffine(p, A(Ap)))(E(P).toProj())],
        ['affine add', ((p) => p.add(p, A(Ap)))(A(P))],
      ];
      for (const [what, R] of got) {
        expect(toRef(R), what).toEqual(want);
        const X = R instanceof PointExtended ? R : R.toExtended();
        expect(X.isOnCurve(), what).toBe(true);
        for (const Q of [...probes, want]) expect(X.equals(E(Q)), `${what} equals ${Q.x}`).toBe(ref.eq(Q, want));
        expect(X.isIdentity()).toBe(false);
        expect(A(want).toBytes()).toEqual(X.toAffine().toBytes());
      }
    }
  });

  it('P − (P + T∞) = T∞ has no affine form: ERR_POINT_AT_INFINITY in every coordinate system, receiver unchanged', () => {
    for (const P of BASE) for (const C of INF) {
      const Ap = plus(P, C);
      const negA = ref.negate(Ap);
      const R = E(P);
      expect(errCode(() => R.add(R, E(negA)))).toBe('ERR_POINT_AT_INFINITY');
      expect(toRef(R)).toEqual(P);
      expect(errCode(() => R.addAffine(R, A(negA)))).toBe('ERR_POINT_AT_INFINITY');
      const Rp = E(P).toProj();
      expect(errCode(() => Rp.add(Rp, E(negA).toProj()))).toBe('ERR_POINT_AT_INFINITY');
      expect(errCode(() => Rp.addAffine(Rp, A(negA)))).toBe('ERR_POINT_AT_INFINITY');
      expect(toRef(Rp)).toEqual(P);
      const Ra = A(P);
      expect(errCode(() => Ra.add(Ra, A(negA)))).toBe('ERR_POINT_AT_INFINITY');
      expect(toRef(Ra)).toEqual(P);
    }
  });

  it('scalar multiplication of P + T∞: r·(P + T∞) = T∞ is ERR_POINT_AT_INFINITY (was a value off the curve); other multiples are exact', () => {
    for (const C of INF) {
      const Ap = plus(BASE[0]!, C);
      expect(errCode(() => scalarMultNonConst(ref.r, E(Ap)))).toBe('ERR_POINT_AT_INFINITY');
      expect(errCode(() => scalarMult(ref.r, E(Ap)))).toBe('ERR_POINT_AT_INFINITY');
      for (const k of [2n, 3n, 0xdeadbeefn, ref.r - 1n, ref.r + 2n, (ref.r - 1n) / 2n]) {
        const want = ref.mul(k, Ap)!;
        expect(toRef(scalarMultNonConst(k, E(Ap))), `k = ${k}`).toEqual(want);
        expect(toRef(scalarMult(k, E(Ap))), `k = ${k}`).toEqual(want);
      }
      // The Horner step of the DLEq verifier: 2·(ρ·H) + (2ρ·H + T∞) = 4ρ·H + T∞.
      const rhoH = BASE[1]!;
      const C250 = plus(ref.double(rhoH)!, C);
      const acc = E(rhoH);
      acc.double(acc).add(acc, E(C250));
      expect(toRef(acc)).toEqual(ref.add(ref.double(rhoH)!, C250));
      expect(acc.equals(E(ref.G))).toBe(false);
      expect(toRef(msmNonConst(bandersnatch, [E(rhoH), E(C250)], [2n, 1n]))).toEqual(ref.add(ref.double(rhoH)!, C250));
      expect(toRef(msmNonConst(bandersnatch, [E(rhoH), E(C250)], [2n, 1n], undefined, { algorithm: 'pippenger' }))).toEqual(ref.add(ref.double(rhoH)!, C250));
    }
  });

  it('isExceptionFree: true on the subgroup and its (0, −1) coset, false with a component at infinity; isTorsionFree of such a point is false (no throw)', () => {
    for (const P of [ref.identity, T2, ...BASE]) {
      expect(A(P).isExceptionFree()).toBe(true);
      expect(E(P).isExceptionFree()).toBe(true);
      expect(E(P).toProj().isExceptionFree()).toBe(true);
      for (const C of INF) {
        const Ap = plus(P, C);
        if (ref.isIdentity(P) || ref.eq(P, T2)) continue; // O + T∞ and (0, −1) + T∞ are at infinity
        expect(A(Ap).isExceptionFree()).toBe(false);
        expect(E(Ap).isExceptionFree()).toBe(false);
        expect(E(Ap).toProj().isExceptionFree()).toBe(false);
        expect(A(Ap).isTorsionFree()).toBe(false);
        expect(E(Ap).isTorsionFree()).toBe(false);
      }
    }
  });
});

/** (0 : 0 : 0 : 0) and a representation (X : 0 : 0 : T) of a point at infinity, written directly into the coordinates. */
function zValues(curve: EdwardsCurve): PointExtended[] {
  const F = curve.F;
  const zero = new PointExtended(curve);
  F.setZero(zero.X); F.setZero(zero.Y); F.setZero(zero.Z); F.setZero(zero.T);
  const inf = new PointExtended(curve);
  F.setBigInt(inf.X, 5n); F.setZero(inf.Y); F.setZero(inf.Z); F.setOne(inf.T);
  return [zero, inf];
}

describe('issue 21 finding 2: a Z = 0 value is not a point (every generic Edwards curve)', () => {
  for (const curve of [bandersnatch, jubjub, babyJubjub]) {
    it(`${curve.name}: equals nothing, not even itself; isIdentity / isOnCurve / isTorsionFree / isExceptionFree false; every conversion to affine throws ERR_POINT_AT_INFINITY`, () => {
      const G = new PointExtended(curve).setGenerator();
      const O = new PointExtended(curve);
      for (const Z of zValues(curve)) {
        const P = Z.toProj();
        for (const Q of [G, O, Z, Z.clone()]) {
          expect(Z.equals(Q)).toBe(false);
          expect(Q.equals(Z)).toBe(false);
          expect(P.equals(Q.toProj())).toBe(false);
          expect(Q.toProj().equals(P)).toBe(false);
        }
        for (const X of [Z, P]) {
          expect(X.isIdentity()).toBe(false);
          expect(X.isOnCurve()).toBe(false);
          expect(X.isTorsionFree()).toBe(false);
          expect(X.isExceptionFree()).toBe(false);
          expect(errCode(() => X.toAffine())).toBe('ERR_POINT_AT_INFINITY');
        }
        const out = new PointAffine(curve).setGenerator();
        expect(errCode(() => Z.toAffine(out))).toBe('ERR_POINT_AT_INFINITY');
        expect(out.equals(new PointAffine(curve).setGenerator())).toBe(true);
        expect(errCode(() => new PointAffine(curve).setExtended(Z))).toBe('ERR_POINT_AT_INFINITY');
        expect(errCode(() => batchToAffine([G, Z, O]))).toBe('ERR_POINT_AT_INFINITY');
        expect(errCode(() => batchToAffine([P]))).toBe('ERR_POINT_AT_INFINITY');
        if (curve === bandersnatch) {
          expect(errCode(() => banderwagonToBytes(Z))).toBe('ERR_POINT_AT_INFINITY');
          for (const Q of [G, O, Z]) {
            expect(banderwagonEquals(Z, Q)).toBe(false);
            expect(banderwagonEquals(Q, Z)).toBe(false);
          }
        }
      }
    });
  }
});
