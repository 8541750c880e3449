/**
 * Compressed point encodings ('parity' = zkcrypto/ZIP-216, 'lexsign' =
 * circomlibjs/gnark/arkworks): round trips over random points, and every
 * invalid-encoding class mapped to its typed error; public constructors
 * never let a point off the curve into arithmetic.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ErrorCode } from '@strata/field';
import { jubjub, bandersnatch, babyJubjub, PointAffine, PointExtended, banderwagonFromBytes, banderwagonToBytes, banderwagonEquals } from '../../src/edwards/index.js';
import { errCode, mulG } from './helpers.js';

const leBytes = (v: bigint) => {
  const b = new Uint8Array(32);
  let x = v;
  for (let i = 0; i < 32; i++) { b[i] = Number(x & 0xffn); x >>= 8n; }
  return b;
};

for (const c of [jubjub, bandersnatch, babyJubjub]) {
  describe(`${c.name} compressed encoding`, () => {
    const q = c.F.p;
    it('round-trips random subgroup points in both sign conventions', () => {
      fc.assert(fc.property(fc.bigInt({ min: 0n, max: c.order - 1n }), (k) => {
        const A = mulG(c, k).toAffine();
        for (const enc of ['parity', 'lexsign'] as const) {
          const b = A.toBytes(enc);
          const { x, y } = A.toBigInts();
          expect(b.slice(0, 31)).toEqual(leBytes(y).slice(0, 31));
          const signBit = b[31]! >> 7;
          expect(signBit).toBe(enc === 'parity' ? Number(x & 1n) : (x > (q - 1n) / 2n ? 1 : 0));
          expect(PointAffine.fromBytes(c, b, { encoding: enc, subgroup: true }).equals(A)).toBe(true);
        }
        const b = A.toBytes();
        const out = new PointAffine(c);
        expect(PointAffine.fromBytes(c, b, undefined, out)).toBe(out);
        expect(out.equals(A)).toBe(true);
        const buf = new Uint8Array(32);
        expect(A.putBytes(buf)).toBe(buf);
        expect(buf).toEqual(b);
        // putBytes at an offset writes the same 32 bytes there and nothing else
        const wide = new Uint8Array(70).fill(0xaa);
        expect(A.putBytes(wide, 5)).toBe(wide);
        expect(wide.slice(5, 37)).toEqual(b);
        expect([...wide.slice(0, 5), ...wide.slice(37)].every((v) => v === 0xaa)).toBe(true);
        for (const enc of ['parity', 'lexsign'] as const) {
          expect(A.putBytes(new Uint8Array(40), 8, enc).slice(8)).toEqual(A.toBytes(enc));
        }
      }), { numRuns: 20 });
    });

    it('y ≥ q → ERR_Y_TOO_BIG (with either sign bit)', () => {
      for (const y of [q, q + 1n, (1n << 255n) - 1n]) {
        const b = leBytes(y);
        expect(errCode(() => PointAffine.fromBytes(c, b))).toBe(ErrorCode.Y_TOO_BIG);
        b[31] = b[31]! | 0x80;
        expect(errCode(() => PointAffine.fromBytes(c, b))).toBe(ErrorCode.Y_TOO_BIG);
      }
    });

    it('y with no x on the curve → ERR_POINT_NOT_ON_CURVE', () => {
      let hits = 0;
      for (let y = 2n; y < 60n; y++) {
        const e = errCode(() => PointAffine.fromBytes(c, leBytes(y)));
        expect(e === undefined || e === ErrorCode.POINT_NOT_ON_CURVE).toBe(true);
        if (e === ErrorCode.POINT_NOT_ON_CURVE) hits++;
      }
      expect(hits).toBeGreaterThan(5);
    });

    it('x = 0 with the sign bit set → ERR_NON_CANONICAL (both y = 1 and y = −1)', () => {
      for (const y of [1n, q - 1n]) {
        const b = leBytes(y);
        expect(PointAffine.fromBytes(c, b).toBigInts()).toEqual({ x: 0n, y });
        b[31] = b[31]! | 0x80;
        expect(errCode(() => PointAffine.fromBytes(c, b))).toBe(ErrorCode.NON_CANONICAL);
        expect(errCode(() => PointAffine.fromBytes(c, b, { encoding: 'lexsign' }))).toBe(ErrorCode.NON_CANONICAL);
      }
    });

    it('a curve point outside the subgroup → ERR_POINT_NOT_IN_SUBGROUP only when asked', () => {
      // (0, −1) has order 2.
      const b = leBytes(q - 1n);
      expect(PointAffine.fromBytes(c, b).isTorsionFree()).toBe(false);
      expect(errCode(() => PointAffine.fromBytes(c, b, { subgroup: true }))).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
      // A generic curve point: search y until one decodes and is not torsion-free.
      let found = false;
      for (let y = 2n; y < 200n && !found; y++) {
        let P: PointAffine;
        try { P = PointAffine.fromBytes(c, leBytes(y)); } catch { continue; }
        if (!P.isTorsionFree()) {
          found = true;
          expect(errCode(() => PointAffine.fromBytes(c, leBytes(y), { subgroup: true }))).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
        }
      }
      expect(found).toBe(true);
    });

    it('length and type errors', () => {
      for (const n of [0, 31, 33, 64]) {
        expect(errCode(() => PointAffine.fromBytes(c, new Uint8Array(n)))).toBe(ErrorCode.BAD_LENGTH);
      }
      // putBytes: fewer than 32 bytes from the offset to the end is ERR_BAD_LENGTH; a bad offset a TypeError
      for (const [n, off] of [[0, 0], [31, 0], [32, 1], [64, 33], [32, 32]] as const) {
        expect(errCode(() => new PointAffine(c).putBytes(new Uint8Array(n), off))).toBe(ErrorCode.BAD_LENGTH);
      }
      for (const off of [-1, 0.5, '1', null]) {
        expect(errCode(() => new PointAffine(c).putBytes(new Uint8Array(64), off as number))).toBe('TypeError');
      }
      for (const [n, off] of [[33, 0], [64, 32]] as const) {
        const out = new Uint8Array(n);
        expect(new PointAffine(c).putBytes(out, off).slice(off, off + 32)).toEqual(new PointAffine(c).toBytes());
      }
      expect(errCode(() => PointAffine.fromBytes(c, Array(32).fill(0) as unknown as Uint8Array))).toBe('TypeError');
    });

    it('fromXY validates: x ≥ q, y ≥ q, negative, off-curve, wrong type', () => {
      const { x, y } = c.generator;
      expect(PointAffine.fromXY(c, x, y).toBigInts()).toEqual({ x, y });
      expect(errCode(() => PointAffine.fromXY(c, x + q, y))).toBe(ErrorCode.X_TOO_BIG);
      expect(errCode(() => PointAffine.fromXY(c, -1n, y))).toBe(ErrorCode.X_TOO_BIG);
      expect(errCode(() => PointAffine.fromXY(c, x, y + q))).toBe(ErrorCode.Y_TOO_BIG);
      expect(errCode(() => PointAffine.fromXY(c, x, q))).toBe(ErrorCode.Y_TOO_BIG);
      expect(errCode(() => PointAffine.fromXY(c, x, y + 1n))).toBe(ErrorCode.POINT_NOT_ON_CURVE);
      expect(errCode(() => PointAffine.fromXY(c, 1n, 1n))).toBe(ErrorCode.POINT_NOT_ON_CURVE);
      expect(errCode(() => PointAffine.fromXY(c, 1 as unknown as bigint, y))).toBe('TypeError');
    });
  });
}

describe('Banderwagon round trip over random points', () => {
  it('encode ∘ decode is the identity on elements, and P, P + (0, −1) share an encoding', () => {
    const T2 = new PointExtended(bandersnatch).setAffine(PointAffine.fromXY(bandersnatch, 0n, bandersnatch.F.p - 1n));
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: bandersnatch.order - 1n }), (k) => {
      const P = mulG(bandersnatch, k);
      const b = banderwagonToBytes(P);
      expect(banderwagonEquals(banderwagonFromBytes(b), P)).toBe(true);
      expect(banderwagonToBytes(P.clone().add(P, T2))).toEqual(b);
      const out = new PointExtended(bandersnatch);
      expect(banderwagonFromBytes(b, out)).toBe(out);
    }), { numRuns: 20 });
  });
});
