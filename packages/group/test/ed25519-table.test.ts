/**
 * The ed25519 point table of the dleq group: its constant-time side is the
 * curves' `SecretPointTable` (`ed25519.precompute` / `scalarMultTable` of
 * @strata/curves), and the former `comb()` is a deprecated alias of
 * `secretTable()`.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as E from '@strata/curves/ed25519';
import { ed25519, Ed25519PointTable, Ed25519Point, Ed25519Scalar, precompute, doubleScalarMultNonConst, doubleScalarMultBaseNonConst } from '../src/index.js';

const L = E.edwards25519.order;
const scalarArb = fc.bigInt({ min: 0n, max: L - 1n }).map((v) => new Ed25519Scalar(new E.Scalar25519().setBigInt(v)));
/** Monero's H plus the point (0, −1) of order 2: a point with a torsion component. */
const torsioned = (): Ed25519Point => {
  const t = new Uint8Array(32);
  t[0] = 0xec;
  t.fill(0xff, 1, 31);
  t[31] = 0x7f; // y = p − 1 = −1, x = 0
  return ed25519.altBasePoint().add(ed25519.pointFromBytes(t)) as Ed25519Point;
};

describe('Ed25519PointTable', () => {
  it('secretTable() is the curves SecretPointTable of the point, built once; comb() is the same object', () => {
    const H = ed25519.altBasePoint() as Ed25519Point;
    const T = ed25519.precompute(H) as Ed25519PointTable;
    expect(T).toBeInstanceOf(Ed25519PointTable);
    const s = T.secretTable();
    expect(s).toBeInstanceOf(E.SecretPointTable);
    expect(T.secretTable()).toBe(s);
    expect(s.point.equals(H.p)).toBe(true);
    expect(s.rowCount).toBe(33);
  });

  it('scalarMultTable equals scalarMult and the curves scalarMultTable, for prime-order and torsioned points', () => {
    for (const P of [ed25519.altBasePoint() as Ed25519Point, torsioned()]) {
      const T = ed25519.precompute(P) as Ed25519PointTable;
      fc.assert(
        fc.property(scalarArb, (k) => {
          const want = ed25519.scalarMult(k, P);
          const out = ed25519.identity();
          expect(ed25519.scalarMultTable(k, T, out)).toBe(out);
          expect(out.equals(want)).toBe(true);
          expect((out as Ed25519Point).p.equals(E.scalarMultTable(k.k, T.secretTable()))).toBe(true);
          // out may be the caller's point the table was built from.
          const Q = P.clone();
          const T2 = ed25519.precompute(Q);
          expect(ed25519.scalarMultTable(k, T2, Q).equals(want)).toBe(true);
          expect((T2 as Ed25519PointTable).point.equals(P)).toBe(true);
        }),
        { numRuns: 6 },
      );
    }
  });

  it('scalarMultTable rejects foreign tables and scalars with TypeError', () => {
    const T = ed25519.precompute(ed25519.basePoint());
    expect(() => ed25519.scalarMultTable({} as never, T)).toThrow(TypeError);
    expect(() => ed25519.scalarMultTable(ed25519.zeroScalar(), E.precompute(E.Point.generator()) as never)).toThrow(TypeError);
  });

  it('precompute maps the size to the curves table shape, defaults to the curves defaults and rejects bad options', () => {
    const P = ed25519.altBasePoint();
    const t = precompute(ed25519, P, { size: 'large' }) as Ed25519PointTable;
    expect(t.table).toBeInstanceOf(E.PublicPointTable);
    expect([t.table.width, t.table.pieces, t.table.byteLength]).toEqual([7, 8, 8 * 32 * 360]);
    expect(ed25519.precomputeBytes({ size: 'large' })).toBe(8 * 32 * (360 + 120) + 1024);
    const c = precompute(ed25519, P, { size: 'small' }) as Ed25519PointTable;
    expect([c.table.width, c.table.pieces]).toEqual([6, 8]);
    const d = ed25519.precompute!(P) as Ed25519PointTable;
    expect([d.table.width, d.table.pieces]).toEqual([E.TABLE_WIDTH, E.TABLE_PIECES]);
    expect((ed25519.precompute!(P, { uses: 2 }) as Ed25519PointTable).table.width).toBe(E.TABLE_WIDTH);
    const few = ed25519.precompute!(P, { size: 'large', uses: 23 }) as Ed25519PointTable;
    expect([few.table.width, few.table.pieces]).toEqual([5, 8]);
    const many = ed25519.precompute!(P, { size: 'small', uses: 12 }) as Ed25519PointTable;
    expect([many.table.width, many.table.pieces]).toEqual([6, 8]);
    // Large tables for 256 uses and more are 8 wide (512 entries); small ones stay 6 wide.
    const shapeOf = (o: object): number[] => {
      const x = ed25519.precompute!(P, o) as Ed25519PointTable;
      return [x.table.width, x.table.pieces];
    };
    expect(shapeOf({ size: 'large', uses: 255 })).toEqual([6, 8]);
    expect(shapeOf({ size: 'large', uses: 256 })).toEqual([8, 8]);
    expect(shapeOf({ size: 'small', uses: 100000 })).toEqual([6, 8]);
    expect(ed25519.precomputeBytes({ size: 'large', uses: 256 })).toBe(8 * 64 * (360 + 120) + 1024);
    // Beside a plain point: one 8-wide piece from the many-uses count on (before the 8 × 8 switch too).
    expect(shapeOf({ size: 'large', uses: 23, pairedWithPoint: true })).toEqual([5, 8]);
    expect(shapeOf({ size: 'large', uses: 24, pairedWithPoint: true })).toEqual([8, 1]);
    expect(shapeOf({ size: 'large', uses: 512, pairedWithPoint: true })).toEqual([8, 1]);
    expect(shapeOf({ size: 'small', uses: 12, pairedWithPoint: true })).toEqual([8, 1]);
    expect(ed25519.precomputeBytes({ size: 'large', uses: 128, pairedWithPoint: true })).toBe(64 * (360 + 120) + 1024);
    const paired = ed25519.precompute!(P, { size: 'large', uses: 128, pairedWithPoint: true });
    // The wide table multiplies like the point itself.
    const wide = ed25519.precompute!(P, { size: 'large', uses: 256 });
    const k = ed25519.hashToScalar(new Uint8Array([1, 2, 3]));
    const j = ed25519.hashToScalar(new Uint8Array([4, 5, 6]));
    const Q = ed25519.scalarBaseMult(j);
    expect(ed25519.doubleScalarMultNonConst(k, wide, j, Q).equals(ed25519.doubleScalarMultNonConst(k, P, j, Q))).toBe(true);
    expect(ed25519.scalarMultTableNonConst(k, wide).equals(ed25519.scalarMultNonConst(k, P))).toBe(true);
    // The one-piece table beside a plain point, as R = s·H + c·I over a ring without tables.
    expect(ed25519.doubleScalarMultNonConst(j, Q, k, paired).equals(ed25519.doubleScalarMultNonConst(j, Q, k, P))).toBe(true);
    for (const bad of [{ uses: 0 }, { uses: -3 }]) expect(() => ed25519.precompute!(P, bad)).toThrow(RangeError);
    for (const bad of [{ size: 'wide' }, { uses: 5.5 }, { uses: '3' }, { pairedWithPoint: 'yes' }]) expect(() => ed25519.precompute!(P, bad as never)).toThrow(TypeError);
    expect(() => ed25519.precompute!(P, null as unknown as object)).toThrow(TypeError);
    expect(() => precompute(ed25519, P, 'wide' as unknown as object)).toThrow(TypeError);
  });

  it('table fast paths (pieced Straus) equal the plain products for every shape pair, torsion included, out aliasing', () => {
    const shapes = [undefined, { size: 'large' as const }, { size: 'small' as const }, { size: 'large' as const, uses: 1 }, { size: 'small' as const, uses: 50 }];
    const X = torsioned();
    fc.assert(
      fc.property(scalarArb, scalarArb, scalarArb, fc.nat(shapes.length - 1), fc.nat(shapes.length - 1), (a, b, z, i, j) => {
        const Y = ed25519.scalarBaseMult(z);
        const tX = precompute(ed25519, X, shapes[i]);
        const tY = precompute(ed25519, Y, shapes[j]);
        const want = ed25519.scalarMult(a, X).add(ed25519.scalarMult(b, Y));
        expect(doubleScalarMultNonConst(ed25519, a, tX, b, tY).equals(want)).toBe(true);
        expect(doubleScalarMultNonConst(ed25519, b, tY, a, X).equals(want)).toBe(true);
        const out = Y.clone();
        expect(doubleScalarMultNonConst(ed25519, a, tX, b, out, out)).toBe(out);
        expect(out.equals(want)).toBe(true);
        expect(doubleScalarMultBaseNonConst(ed25519, b, tX, a).equals(ed25519.scalarBaseMult(a).add(ed25519.scalarMult(b, X)))).toBe(true);
        expect(ed25519.scalarMultTableNonConst!(b, tY).equals(ed25519.scalarMult(b, Y))).toBe(true);
        // A table of (a copy of) G mixed with another table.
        const tG = precompute(ed25519, ed25519.basePoint(), shapes[j]);
        expect(doubleScalarMultNonConst(ed25519, a, tG, b, tX).equals(ed25519.scalarBaseMult(a).add(ed25519.scalarMult(b, X)))).toBe(true);
      }),
      { numRuns: 12 },
    );
  });
});
