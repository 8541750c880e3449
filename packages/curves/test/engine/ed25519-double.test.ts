/**
 * ed25519 under the WebAssembly engine: doubleScalarMultNonConst with
 * PublicPointTable operands in either or both places (the second one lives
 * in the module's MSM scratch, so its cached copy must be put back after
 * every kernel that writes there), and Point.isTorsionFree. Each call is
 * run under both engines and what a caller can observe is compared.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hex, readVectorJson } from '@strata/testkit';
import * as ed25519 from '../../src/ed25519/index.js';
import { both, L, le32, loadWasmSelectTs, Point, torsionPoints, under } from './ed25519-helpers.js';

const zip = readVectorJson('zip215', 'ed25519-zebra-small-order.json') as {
  point_encodings: Array<{ encoding: string }>;
};
const smallEncodings = zip.point_encodings.map((e) => hex(e.encoding));
const torsion = torsionPoints(smallEncodings);

loadWasmSelectTs();

/** k·B + T for a public k and a torsion point T (index t of the 8-torsion). */
function mixed(k: bigint, t: number): ed25519.Point {
  const p = ed25519.scalarBaseMult(le32(k));
  return p.add(p, torsion[t % torsion.length]!);
}

const SHAPES: ReadonlyArray<readonly [number, number]> = [
  [2, 1],
  [4, 3],
  [5, 8],
  [6, 2],
  [8, 1],
  [8, 8],
  [7, 5],
];

describe('ed25519 doubleScalarMultNonConst with PublicPointTables under the WebAssembly engine', () => {
  it('two pieced tables of different shapes (built under either engine), random scalars', () => {
    fc.assert(
      fc.property(
        fc.bigInt(0n, (1n << 256n) - 1n),
        fc.bigInt(0n, (1n << 256n) - 1n),
        fc.bigInt(1n, L - 1n),
        fc.bigInt(1n, L - 1n),
        fc.nat(SHAPES.length - 1),
        fc.nat(SHAPES.length - 1),
        fc.nat(7),
        fc.boolean(),
        (a, b, k1, k2, s1, s2, t, wasmBuilt) => {
          const [w1, t1] = SHAPES[s1]!;
          const [w2, t2] = SHAPES[s2]!;
          const build = (): [ed25519.PublicPointTable, ed25519.PublicPointTable] => [
            ed25519.precomputeNonConst(mixed(k1, t), { width: w1, pieces: t1 }),
            ed25519.precomputeNonConst(mixed(k2, t + 3), { width: w2, pieces: t2 }),
          ];
          const [A, C] = wasmBuilt ? under('wasm', build) : build();
          const [x, y] = both(() => ed25519.doubleScalarMultNonConst(le32(a), A, le32(b), C));
          expect(y, `w=${w1} t=${t1} × w=${w2} t=${t2}`).toBe(x);
          // The same table in both places, and reduced scalars.
          const sa = ed25519.Scalar25519.fromBytesReduced(le32(a));
          const sb = ed25519.Scalar25519.fromBytesReduced(le32(b));
          const [u, v] = both(() => ed25519.doubleScalarMultNonConst(sa, C, sb, C));
          expect(v).toBe(u);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('equals a·A + b·C computed by separate multiplications', () => {
    const A = mixed(0xabcdefn, 2);
    const C = mixed(0x123456789n, 5);
    const tA = ed25519.precomputeNonConst(A, { width: 6, pieces: 4 });
    const tC = ed25519.precomputeNonConst(C, { width: 8, pieces: 8 });
    for (const [a, b] of [
      [L - 1n, 1n],
      [(1n << 256n) - 1n, (1n << 255n) + 7n],
      [0n, 0n],
      [12345n, 0n],
      [0n, L + 5n],
    ] as const) {
      const want = ed25519.scalarMultNonConst(le32(a), A).add(ed25519.scalarMultNonConst(le32(a), A), ed25519.scalarMultNonConst(le32(b), C));
      const got = under('wasm', () => ed25519.doubleScalarMultNonConst(le32(a), tA, le32(b), tC));
      expect(got.equals(want), `${a} ${b}`).toBe(true);
      const mix = under('wasm', () => ed25519.doubleScalarMultNonConst(le32(a), ed25519.WnafTable.fromPoint(A, 8), le32(b), tC));
      expect(mix.equals(want)).toBe(true);
      const mix2 = under('wasm', () => ed25519.doubleScalarMultNonConst(le32(a), tA, le32(b), C));
      expect(mix2.equals(want)).toBe(true);
    }
  });

  it('the second table is put back after kernels that use the MSM scratch (msm, batchToBytes, table building), and kept by small batch encodings', () => {
    const A = ed25519.precomputeNonConst(mixed(777n, 1), { width: 5, pieces: 2 });
    const C = ed25519.precomputeNonConst(mixed(999n, 4), { width: 8, pieces: 8 });
    const D = ed25519.precomputeNonConst(mixed(4242n, 6), { width: 8, pieces: 4 });
    const pts = Array.from({ length: 300 }, (_, i) => mixed(BigInt(i + 10), i));
    const scs = pts.map((_, i) => le32(BigInt(i) * 0x1234567n + 99n));
    const a = le32(L - 3n);
    const b = le32((1n << 252n) + 0xdeadbeefn);
    const ref = under('ts', () => ed25519.doubleScalarMultNonConst(a, A, b, C).toBytes());
    const refD = under('ts', () => ed25519.doubleScalarMultNonConst(a, A, b, D).toBytes());
    const interleaved: Array<[string, () => unknown]> = [
      ['msmNonConst (Pippenger)', () => ed25519.msmNonConst(pts, scs)],
      ['msmNonConst (Straus)', () => ed25519.msmNonConst(pts.slice(0, 9), scs.slice(0, 9))],
      ['batchToBytes', () => ed25519.batchToBytes(pts.slice(0, 100))],
      // A few points (a ring member's L, R) are encoded below the second slot and leave it in place;
      // 51 is the most that fit below it, 52 reach into it.
      ['batchToBytes of a pair', () => ed25519.batchToBytes(pts.slice(0, 2))],
      ['batchToBytes of 51', () => ed25519.batchToBytes(pts.slice(0, 51))],
      ['batchToBytes of 52', () => ed25519.batchToBytes(pts.slice(0, 52))],
      ['doubleScalarMultBaseNonConst (pieced B)', () => ed25519.doubleScalarMultBaseNonConst(a, D, b)],
      ['scalarBaseMult', () => ed25519.scalarBaseMult(a)],
      ['scalarMultTable', () => ed25519.scalarMultTable(a, ed25519.precompute(pts[3]!))],
      ['another table in the slot', () => ed25519.doubleScalarMultNonConst(a, A, b, D)],
      ['nothing', () => null],
    ];
    under('wasm', () => {
      for (const [name, f] of interleaved) {
        expect(toHexOf(ed25519.doubleScalarMultNonConst(a, A, b, C)), name).toBe(toHexOf(ref));
        f();
        expect(toHexOf(ed25519.doubleScalarMultNonConst(a, A, b, C)), `after ${name}`).toBe(toHexOf(ref));
        expect(toHexOf(ed25519.doubleScalarMultNonConst(a, A, b, D)), `after ${name}`).toBe(toHexOf(refD));
      }
    });
  });
});

describe('ed25519 precomputeNonConst under the WebAssembly engine', () => {
  it('every shape: the same entries (as field elements) as the TypeScript build, for prime-order, mixed-order, small-order points and O', () => {
    const pts = [mixed(31337n, 0), mixed(271828n, 3), torsion[5]!, Point.identity(), Point.generator()];
    for (const p of pts) {
      for (let w = 2; w <= 8; w++) {
        for (const t of [1, 2, 3, 5, 8]) {
          const a = under('ts', () => ed25519.precomputeNonConst(p, { width: w, pieces: t }));
          const b = under('wasm', () => ed25519.precomputeNonConst(p, { width: w, pieces: t }));
          expect([b.width, b.pieces, b.pieceDigits, b.byteLength]).toEqual([a.width, a.pieces, a.pieceDigits, a.byteLength]);
          expect(b.point.equals(p)).toBe(true);
          for (let j = 0; j < t; j++) {
            for (let i = 0; i < 1 << (w - 2); i++) {
              const x = a.entry(j, i);
              const y = b.entry(j, i);
              const same = x.yPlusX.equals(y.yPlusX) && x.yMinusX.equals(y.yMinusX) && x.xy2d.equals(y.xy2d);
              expect(same, `w=${w} t=${t} entry (${j}, ${i})`).toBe(true);
            }
          }
        }
      }
    }
  });

  it('the same argument errors, and the table does not alias the input point', () => {
    const p = mixed(5n, 1);
    for (const opts of [{ width: 9 }, { pieces: 0 }, { width: 2.5 }, 'x' as unknown as { width: number }]) {
      const [x, y] = both(() => (ed25519.precomputeNonConst(p, opts), null));
      expect(y).toBe(x);
      expect(x).toMatch(/Error/);
    }
    const [x, y] = both(() => (ed25519.precomputeNonConst({} as ed25519.Point), null));
    expect(y).toBe(x);
    const q = p.clone();
    const tab = under('wasm', () => ed25519.precomputeNonConst(q, { width: 5, pieces: 2 }));
    q.double(q);
    expect(tab.point.equals(p)).toBe(true);
    const a = le32(L - 77n);
    const [u, v] = both(() => ed25519.scalarMultNonConst(a, tab));
    expect(v).toBe(u);
    expect(under('ts', () => ed25519.scalarMultNonConst(a, p)).equals(under('wasm', () => ed25519.scalarMultNonConst(a, tab)))).toBe(true);
  });
});

function toHexOf(p: ed25519.Point | Uint8Array): string {
  const b = p instanceof Uint8Array ? p : p.toBytes();
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

describe('ed25519 Point.isTorsionFree under the WebAssembly engine', () => {
  it('the 8-torsion: only O is torsion-free', () => {
    expect(torsion.length).toBe(8);
    for (const t of torsion) {
      const [x, y] = both(() => t.isTorsionFree());
      expect(y).toBe(x);
      expect(y).toBe(String(t.isIdentity()));
    }
    expect(under('wasm', () => Point.identity().isTorsionFree())).toBe(true);
  });

  it('k·B is torsion-free, k·B + T (T ≠ O) is not; projective Z ≠ 1', () => {
    fc.assert(
      fc.property(fc.bigInt(0n, L - 1n), fc.nat(7), (k, t) => {
        const p = ed25519.scalarBaseMult(le32(k));
        const q = mixed(k, t);
        // Z ≠ 1 through an extra doubling and halving-free addition chain.
        const r = new Point().double(p).add(new Point().double(p), p);
        for (const s of [p, q, r]) {
          const [x, y] = both(() => s.isTorsionFree());
          expect(y).toBe(x);
        }
        expect(under('wasm', () => p.isTorsionFree())).toBe(true);
        expect(under('wasm', () => r.isTorsionFree())).toBe(true);
        expect(under('wasm', () => q.isTorsionFree())).toBe(torsion[t]!.isIdentity());
      }),
      { numRuns: 40 },
    );
  });

  it('every decodable public key and R of the speccheck cases agrees', () => {
    const cases = readVectorJson('ed25519-speccheck', 'cases.json') as Array<{ pub_key: string; signature: string }>;
    let mixedOrder = 0;
    for (const c of cases) {
      for (const enc of [hex(c.pub_key), hex(c.signature).subarray(0, 32)]) {
        const p = Point.tryFromBytes(enc, { zip215: true });
        if (p === null) continue;
        const [x, y] = both(() => p.isTorsionFree());
        expect(y, c.pub_key).toBe(x);
        if (x === 'false' && !p.isSmallOrder()) mixedOrder++;
      }
    }
    expect(mixedOrder).toBeGreaterThan(0);
  });
});
