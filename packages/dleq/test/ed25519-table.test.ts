/**
 * The ed25519 point table of the dleq group: its constant-time side is the
 * curves' `SecretPointTable` (`ed25519.precompute` / `scalarMultTable` of
 * @strata/curves), and the former `comb()` is a deprecated alias of
 * `secretTable()`.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ed25519 as E } from '@strata/curves';
import { ed25519, Ed25519PointTable, Ed25519Point, Ed25519Scalar, precompute, doubleScalarMulNonConst, baseAndPointMulNonConst } from '../src/index.js';

const L = E.edwards25519.order;
const scalarArb = fc.bigInt({ min: 0n, max: L - 1n }).map((v) => new Ed25519Scalar(new E.Scalar25519().setBigInt(v)));
/** Monero's H plus the point (0, −1) of order 2: a point with a torsion component. */
const torsioned = (): Ed25519Point => {
  const t = new Uint8Array(32);
  t[0] = 0xec;
  t.fill(0xff, 1, 31);
  t[31] = 0x7f; // y = p − 1 = −1, x = 0
  return ed25519.altBasePoint().add(ed25519.decodePoint(t)) as Ed25519Point;
};

describe('Ed25519PointTable', () => {
  it('secretTable() is the curves SecretPointTable of the point, built once; comb() is the same object', () => {
    const H = ed25519.altBasePoint() as Ed25519Point;
    const T = ed25519.precompute(H) as Ed25519PointTable;
    expect(T).toBeInstanceOf(Ed25519PointTable);
    const s = T.secretTable();
    expect(s).toBeInstanceOf(E.SecretPointTable);
    expect(T.secretTable()).toBe(s);
    expect(T.comb()).toBe(s);
    expect(s.point.equals(H.p)).toBe(true);
    expect(s.rowCount).toBe(33);
  });

  it('scalarMulTable equals scalarMul and the curves scalarMultTable, for prime-order and torsioned points', () => {
    for (const P of [ed25519.altBasePoint() as Ed25519Point, torsioned()]) {
      const T = ed25519.precompute(P) as Ed25519PointTable;
      fc.assert(
        fc.property(scalarArb, (k) => {
          const want = ed25519.scalarMul(k, P);
          const out = ed25519.identity();
          expect(ed25519.scalarMulTable(k, T, out)).toBe(out);
          expect(out.equals(want)).toBe(true);
          expect((out as Ed25519Point).p.equals(E.scalarMultTable(k.k, T.comb()))).toBe(true);
          // out may be the caller's point the table was built from.
          const Q = P.copy();
          const T2 = ed25519.precompute(Q);
          expect(ed25519.scalarMulTable(k, T2, Q).equals(want)).toBe(true);
          expect((T2 as Ed25519PointTable).point.equals(P)).toBe(true);
        }),
        { numRuns: 6 },
      );
    }
  });

  it('scalarMulTable rejects foreign tables and scalars with TypeError', () => {
    const T = ed25519.precompute(ed25519.basePoint());
    expect(() => ed25519.scalarMulTable({} as never, T)).toThrow(TypeError);
    expect(() => ed25519.scalarMulTable(ed25519.zeroScalar(), E.precompute(E.Point.generator()) as never)).toThrow(TypeError);
  });

  it('precompute honours the size hints (width, pieces), defaults to the curves defaults and rejects bad ones', () => {
    const P = ed25519.altBasePoint();
    const t = precompute(ed25519, P, { width: 7, pieces: 8 }) as Ed25519PointTable;
    expect(t.table).toBeInstanceOf(E.PublicPointTable);
    expect([t.table.width, t.table.pieces, t.table.byteLength]).toEqual([7, 8, 8 * 32 * 360]);
    const c = precompute(ed25519, P, { width: 6, pieces: 4 }) as Ed25519PointTable;
    expect([c.table.width, c.table.pieces]).toEqual([6, 4]);
    const d = ed25519.precompute!(P) as Ed25519PointTable;
    expect([d.table.width, d.table.pieces]).toEqual([E.TABLE_WIDTH, E.TABLE_PIECES]);
    expect((ed25519.precompute!(P, { pieces: 2 }) as Ed25519PointTable).table.width).toBe(E.TABLE_WIDTH);
    for (const bad of [{ width: 9 }, { width: 1 }, { pieces: 0 }, { pieces: 9 }, { width: 5.5 }]) expect(() => ed25519.precompute!(P, bad)).toThrow(RangeError);
    expect(() => ed25519.precompute!(P, null as unknown as object)).toThrow(TypeError);
    expect(() => precompute(ed25519, P, 'wide' as unknown as object)).toThrow(TypeError);
  });

  it('table fast paths (pieced Straus) equal the plain products for every shape pair, torsion included, out aliasing', () => {
    const shapes = [undefined, { width: 7, pieces: 8 }, { width: 7, pieces: 4 }, { width: 2, pieces: 1 }, { width: 8, pieces: 3 }];
    const X = torsioned();
    fc.assert(
      fc.property(scalarArb, scalarArb, scalarArb, fc.nat(shapes.length - 1), fc.nat(shapes.length - 1), (a, b, z, i, j) => {
        const Y = ed25519.scalarBaseMul(z);
        const tX = precompute(ed25519, X, shapes[i]);
        const tY = precompute(ed25519, Y, shapes[j]);
        const want = ed25519.scalarMul(a, X).add(ed25519.scalarMul(b, Y));
        expect(doubleScalarMulNonConst(ed25519, a, tX, b, tY).equals(want)).toBe(true);
        expect(doubleScalarMulNonConst(ed25519, b, tY, a, X).equals(want)).toBe(true);
        const out = Y.copy();
        expect(doubleScalarMulNonConst(ed25519, a, tX, b, out, out)).toBe(out);
        expect(out.equals(want)).toBe(true);
        expect(baseAndPointMulNonConst(ed25519, a, b, tX).equals(ed25519.scalarBaseMul(a).add(ed25519.scalarMul(b, X)))).toBe(true);
        expect(ed25519.scalarMulTableNonConst!(b, tY).equals(ed25519.scalarMul(b, Y))).toBe(true);
        // A table of (a copy of) G mixed with another table.
        const tG = precompute(ed25519, ed25519.basePoint(), shapes[j]);
        expect(doubleScalarMulNonConst(ed25519, a, tG, b, tX).equals(ed25519.scalarBaseMul(a).add(ed25519.scalarMul(b, X)))).toBe(true);
      }),
      { numRuns: 12 },
    );
  });
});
