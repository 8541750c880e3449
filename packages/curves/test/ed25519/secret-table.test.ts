/**
 * SecretPointTable / precompute / scalarMultTable: constant-time k·P from a
 * per-point comb table, differential against noble (naive double-and-add on
 * the full integer), scalarMult and scalarMultNonConst; edge scalars at the
 * radix-16 window boundaries; torsion; aliasing; and the operation sequence
 * (traced through the field and point prototypes) being independent of k.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { engine, StrataError, ErrorCode } from '../../src/index.js';
import * as ed25519 from '../../src/ed25519/index.js';
import { internal } from '../../src/ed25519/scalarmult.js';
import { secretTableData } from '../../src/ed25519/tables.js';
import { NP, L, le32, scalar256, scalarModL, pointArb, hexOf, nHex, naiveMul, nobleBaseMul, TORSION_HEX, type NoblePoint } from './helpers.js';

const { Point, Scalar25519, Fe25519, PointNiels, SecretPointTable } = ed25519;

const M256 = (1n << 256n) - 1n;

/** Scalars at the radix-16 recoding boundaries and the usual edges. */
const EDGE_SCALARS: bigint[] = (() => {
  const s = new Set<bigint>([0n, 1n, 2n, 7n, 8n, 9n, 15n, 16n, 17n, L - 1n, L, L + 1n, 8n * L, 1n << 252n, (1n << 252n) - 1n, (1n << 253n) - 1n, (1n << 255n) - 1n, 1n << 255n, M256, M256 - L]);
  // 8·16^i (a digit of exactly 8 carries into the next one), 16^i − 1, 16^i, for every window.
  for (let i = 0n; i < 64n; i += 7n) {
    s.add(8n << (4n * i));
    s.add((1n << (4n * i)) - 1n);
    s.add(1n << (4n * i));
  }
  s.add(8n << 252n); // top nibble 8: digit 63 = −8, digit 64 = 1
  s.add(BigInt('0x' + '8'.repeat(64))); // every nibble 8: a carry through all 65 digits
  s.add(BigInt('0x' + '7'.repeat(64)));
  s.add(BigInt('0x' + 'f0'.repeat(32)));
  return [...s].filter((k) => k >= 0n && k <= M256);
})();

const torsionPoint = (i: number): NoblePoint => NP.fromHex(TORSION_HEX[i]!);

/** Strata point, noble point: base, identity, a prime-order point, a mixed-order point, pure torsion of order 8. */
const FIXED_POINTS: Array<{ p: ed25519.Point; n: NoblePoint }> = [
  NP.BASE,
  NP.ZERO,
  NP.BASE.multiply(0x1234567890abcdefn),
  NP.BASE.multiply(987654321n).add(torsionPoint(1)),
  torsionPoint(1),
  torsionPoint(4),
].map((n) => ({ p: Point.fromBytes(n.toBytes()), n }));

describe('scalarMultTable (constant-time k·P from a SecretPointTable)', () => {
  it('Uint8Array scalars are the full 256-bit integer: edge scalars × base, identity, prime-order, mixed-order and small-order points', () => {
    for (const P of FIXED_POINTS) {
      const T = ed25519.precompute(P.p);
      for (const k of EDGE_SCALARS) {
        const want = nHex(naiveMul(P.n, k));
        expect(hexOf(ed25519.scalarMultTable(le32(k), T))).toBe(want);
      }
    }
  });

  it('Scalar25519 scalars give [k mod ℓ]P and agree with scalarMult', () => {
    for (const P of FIXED_POINTS) {
      const T = ed25519.precompute(P.p);
      for (const k of EDGE_SCALARS) {
        const s = new Scalar25519().setBigInt(k);
        const want = nHex(naiveMul(P.n, k % L));
        expect(hexOf(ed25519.scalarMultTable(s, T))).toBe(want);
        expect(hexOf(ed25519.scalarMult(s, P.p))).toBe(want);
      }
    }
  });

  it('agrees with noble, scalarMult and scalarMultNonConst on random points (with torsion) and scalars', () => {
    fc.assert(
      fc.property(scalar256, pointArb, (k, a) => {
        const T = ed25519.precompute(a.p);
        const want = nHex(naiveMul(a.n, k));
        const got = ed25519.scalarMultTable(le32(k), T);
        expect(hexOf(got)).toBe(want);
        expect(got.equals(ed25519.scalarMult(le32(k), a.p))).toBe(true);
        expect(got.equals(ed25519.scalarMultNonConst(le32(k), a.p))).toBe(true);
        expect(got.isOnCurve()).toBe(true);
        const s = new Scalar25519().setBigInt(k);
        const r = k % L;
        expect(hexOf(ed25519.scalarMultTable(s, T))).toBe(nHex(r === 0n ? NP.ZERO : a.n.multiply(r)));
      }),
      { numRuns: 12 },
    );
  });

  it('one table serves many scalars; the table of B matches scalarBaseMult', () => {
    const T = ed25519.precompute(Point.BASE);
    fc.assert(
      fc.property(scalar256, (k) => {
        const want = nHex(nobleBaseMul(k));
        expect(hexOf(ed25519.scalarMultTable(new Scalar25519().setBigInt(k), T))).toBe(want);
        expect(hexOf(ed25519.scalarMultTable(le32(k), T))).toBe(want);
        expect(hexOf(ed25519.scalarBaseMult(le32(k)))).toBe(want);
      }),
      { numRuns: 40 },
    );
  });

  it('writes into out and returns it; out may be the point the table was built from; the table is a copy', () => {
    fc.assert(
      fc.property(scalarModL, pointArb, (k, a) => {
        const P = a.p.clone();
        const T = ed25519.precompute(P);
        const want = nHex(naiveMul(a.n, k));
        const out = new Point();
        expect(ed25519.scalarMultTable(le32(k), T, out)).toBe(out);
        expect(hexOf(out)).toBe(want);
        // out = P (the caller's point, not the table's copy): P is overwritten, the table is not.
        expect(hexOf(ed25519.scalarMultTable(le32(k), T, P))).toBe(want);
        expect(T.point.equals(a.p)).toBe(true);
        // A second multiplication with the same table still uses the original P.
        expect(hexOf(ed25519.scalarMultTable(le32(k + 1n), T))).toBe(nHex(naiveMul(a.n, k + 1n)));
        // out already holding a value (e.g. a previous result) is fully overwritten.
        expect(hexOf(ed25519.scalarMultTable(le32(2n), T, out))).toBe(nHex(a.n.double()));
      }),
      { numRuns: 8 },
    );
  });

  it('table shape: 33 rows of 8 affine Niels entries (j + 1)·256^i·P; entry() checks its indices', () => {
    const T = ed25519.precompute(Point.BASE);
    expect(T).toBeInstanceOf(SecretPointTable);
    expect(T.rowCount).toBe(33);
    expect(secretTableData('test', T).entries.length).toBe(33 * 8 * 45);
    for (const [i, j] of [[0, 0], [0, 7], [5, 3], [31, 7], [32, 0], [32, 7]] as const) {
      const k = (BigInt(j) + 1n) * (1n << (8n * BigInt(i)));
      const want = new PointNiels().setPoint(Point.fromBytes(nobleBaseMul(k).toBytes()));
      const got = T.entry(i, j);
      expect(got.yPlusX.equals(want.yPlusX) && got.yMinusX.equals(want.yMinusX) && got.xy2d.equals(want.xy2d)).toBe(true);
      const out = new PointNiels();
      expect(T.entry(i, j, out)).toBe(out);
    }
    for (const [i, j] of [[-1, 0], [33, 0], [0, 8], [0, -1], [0.5, 0], [0, NaN]]) expect(() => T.entry(i!, j!)).toThrow(RangeError);
  });

  it('bad inputs: wrong types → TypeError, wrong scalar length → ERR_BAD_LENGTH', () => {
    const T = ed25519.precompute(Point.BASE);
    for (const bad of [null, undefined, 5, 'ab', {}, NP.BASE, new Uint8Array(32)]) expect(() => ed25519.precompute(bad as never)).toThrow(TypeError);
    for (const bad of [null, undefined, {}, Point.BASE, new ed25519.WnafTable(5), { entries: secretTableData('test', T).entries, point: T.point, rowCount: 33 }]) {
      expect(() => ed25519.scalarMultTable(new Scalar25519(), bad as never)).toThrow(TypeError);
    }
    for (const len of [0, 31, 33, 64]) {
      try {
        ed25519.scalarMultTable(new Uint8Array(len), T);
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(StrataError);
        expect((e as StrataError).code).toBe(ErrorCode.BAD_LENGTH);
      }
    }
    for (const bad of [null, undefined, 5, 5n, 'ab', [1, 2], {}, new Uint16Array(32)]) expect(() => ed25519.scalarMultTable(bad as never, T)).toThrow(TypeError);
  });
});

/**
 * Records the sequence of field and point method calls made by f, by
 * wrapping the prototypes' methods for the duration of the call.
 */
function trace(f: () => void): string[] {
  const log: string[] = [];
  const protos: Array<[string, object]> = [
    ['Fe', Fe25519.prototype],
    ['Point', Point.prototype],
    ['Niels', PointNiels.prototype],
  ];
  const saved: Array<[object, string, PropertyDescriptor]> = [];
  for (const [tag, proto] of protos) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const desc = Object.getOwnPropertyDescriptor(proto, name)!;
      if (name === 'constructor' || typeof desc.value !== 'function') continue;
      const orig = desc.value as (...a: unknown[]) => unknown;
      saved.push([proto, name, desc]);
      Object.defineProperty(proto, name, {
        ...desc,
        value: function (this: unknown, ...args: unknown[]) {
          log.push(`${tag}.${name}`);
          return orig.apply(this, args);
        },
      });
    }
  }
  try {
    f();
  } finally {
    for (const [proto, name, desc] of saved) Object.defineProperty(proto, name, desc);
  }
  return log;
}

describe('operation sequence does not depend on the secret scalar', () => {
  // The tracer wraps the TypeScript engine's Fe25519 / Point methods, so this
  // block pins that engine (the WebAssembly kernels run no traced method).
  let previous: engine.EngineName = 'ts';
  beforeAll(() => {
    previous = engine.currentEngine();
    engine.useEngine('ts');
    // Build the engine's lazily built base comb before any trace (earlier
    // tests did it already unless they ran under the WebAssembly engine).
    ed25519.scalarBaseMult(new Uint8Array(32));
  });
  afterAll(() => engine.useEngine(previous));
  const P = Point.fromBytes(NP.BASE.multiply(31337n).add(torsionPoint(3)).toBytes());
  const T = ed25519.precompute(P);
  const count = (log: string[], op: string) => log.filter((x) => x === op).length;

  it('scalarMultTable: the same traced sequence for Scalar25519 scalars 0, 1, ℓ−1, 2^252, all-8 nibbles and random ones', () => {
    const scalars = [0n, 1n, L - 1n, 1n << 252n, BigInt('0x' + '8'.repeat(63)), 0x0123456789abcdefn, L >> 1n].map((k) => new Scalar25519().setBigInt(k));
    const out = new Point();
    const logs = scalars.map((s) => trace(() => ed25519.scalarMultTable(s, T, out)));
    // Structure: 64 mixed additions, 3 T-less doublings + 1 full doubling.
    expect(count(logs[0]!, 'Point.addNiels')).toBe(64);
    expect(count(logs[0]!, 'Point.doubleNoT')).toBe(3);
    expect(count(logs[0]!, 'Point.double')).toBe(1);
    expect(count(logs[0]!, 'Fe.mul')).toBeGreaterThan(64 * 7);
    for (const log of logs) expect(log).toEqual(logs[0]);
  });

  it('scalarMultTable: the same traced sequence for 32-byte integers 0, 1, 2^255, 8·16^63, 2^256−1 and random ones (65 additions)', () => {
    const scalars = [0n, 1n, 1n << 255n, 8n << 252n, M256, 0xfedcba9876543210n << 100n, L];
    const logs = scalars.map((k) => {
      const b = le32(k);
      return trace(() => ed25519.scalarMultTable(b, T));
    });
    expect(count(logs[0]!, 'Point.addNiels')).toBe(65);
    for (const log of logs) expect(log).toEqual(logs[0]);
  });

  it('scalarBaseMult runs the same loop (same sequence for every scalar, 64 additions)', () => {
    const scalars = [0n, 1n, L - 1n, 1n << 252n, 0x0123456789abcdefn].map((k) => new Scalar25519().setBigInt(k));
    const logs = scalars.map((s) => trace(() => ed25519.scalarBaseMult(s)));
    expect(count(logs[0]!, 'Point.addNiels')).toBe(64);
    for (const log of logs) expect(log).toEqual(logs[0]);
  });

  it('table reads: every entry of every row is read, in the same order, whatever the scalar', () => {
    // The table's limb array behind a proxy that records each index read
    // (same limbs, so results stay right), run through scalarMultTable's
    // TypeScript body (a table's own entries cannot be replaced).
    const reads: number[] = [];
    const spy = new Proxy(secretTableData('test', T).entries, {
      get(target, prop) {
        if (typeof prop === 'string' && /^[0-9]+$/.test(prop)) reads.push(Number(prop));
        const v = Reflect.get(target, prop, target) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    const runs = [0n, 1n, L - 1n, 1n << 252n, 0x0123456789abcdefn, BigInt('0x' + '8'.repeat(63))].map((k) => {
      reads.length = 0;
      const r = internal.scalarMultEntries(new Scalar25519().setBigInt(k), spy, new Point());
      expect(r.equals(ed25519.scalarMultTable(new Scalar25519().setBigInt(k), T))).toBe(true);
      return reads.slice();
    });
    // 64 digits × 8 entries × 45 limbs, each read once.
    expect(runs[0]!.length).toBe(64 * 8 * 45);
    for (const r of runs) expect(r).toEqual(runs[0]);
    reads.length = 0;
    internal.scalarMultEntries(le32(M256), spy, new Point());
    expect(reads.length).toBe(65 * 8 * 45);
  });

  it('the tracer sees data-dependent sequences (control: scalarMultNonConst differs between scalars)', () => {
    const a = trace(() => ed25519.scalarMultNonConst(le32(1n), P));
    const b = trace(() => ed25519.scalarMultNonConst(le32(L - 1n), P));
    expect(a).not.toEqual(b);
  });
});
