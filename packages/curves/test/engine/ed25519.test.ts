/**
 * The ed25519 WebAssembly kernels against the TypeScript engine
 * (differential): point decoding and the variable-time scalar
 * multiplications (scalarMultNonConst, scalarBaseMultNonConst,
 * doubleScalarMultBaseNonConst, doubleScalarMultNonConst) give the same observations and the same errors for
 * random and edge inputs, with every operand form (Point, WnafTable,
 * PublicPointTable of every shape) and tables used under both engines.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hex, readVectorJson } from '@strata/testkit';
import * as ed25519 from '../../src/ed25519/index.js';
import { both, L, le32, loadWasmSelectTs, P, Point, torsionPoints, under } from './ed25519-helpers.js';

const zip = readVectorJson('zip215', 'ed25519-zebra-small-order.json') as {
  point_encodings: Array<{ encoding: string }>;
};
const smallEncodings = zip.point_encodings.map((e) => hex(e.encoding));
const torsion = torsionPoints(smallEncodings);

loadWasmSelectTs();

/** The encodings every decoder must agree on: small y, y near p, y ≥ p, both sign bits, the 8-torsion. */
function edgeEncodings(): Uint8Array[] {
  const ys: bigint[] = [];
  for (let k = 0n; k < 20n; k++) ys.push(k, P - 1n - k, P + k);
  ys.push((1n << 255n) - 1n, P - 19n, (P - 1n) / 2n, (P + 1n) / 2n);
  const out: Uint8Array[] = [];
  for (const y of ys) {
    for (const sign of [0, 1]) {
      const b = le32(y);
      b[31]! |= sign << 7;
      out.push(b);
    }
  }
  for (const e of smallEncodings) out.push(e);
  return out;
}

const OPTIONS = [undefined, { zip215: true }, { zip215: false }] as const;

function expectSameDecoding(b: Uint8Array): void {
  for (const opts of OPTIONS) {
    const [a, w] = both(() => Point.fromBytes(b, opts));
    expect(w, `fromBytes ${opts?.zip215}`).toBe(a);
    const [c, d] = both(() => Point.tryFromBytes(b, opts));
    expect(d).toBe(c);
    const [e, f] = both(() => new Point().setBytes(b, opts));
    expect(f).toBe(e);
  }
}

describe('ed25519 decoding under the WebAssembly engine', () => {
  it('edge encodings: same points, same rejections and errors in every mode', () => {
    const edges = edgeEncodings();
    expect(edges.length).toBeGreaterThan(120);
    let accepted = 0;
    for (const b of edges) {
      expectSameDecoding(b);
      if (under('wasm', () => Point.tryFromBytes(b)) !== null) accepted++;
    }
    // Both outcomes occur (the edge set is not all-reject).
    expect(accepted).toBeGreaterThan(20);
    expect(accepted).toBeLessThan(edges.length);
  });

  it('random bytes and encodings of random points (with torsion) agree', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.bigInt(1n, L - 1n), fc.nat(7), (raw, k, t) => {
        expectSameDecoding(raw);
        const p = ed25519.scalarBaseMult(le32(k)).add(ed25519.scalarBaseMult(le32(k)), torsion[t % torsion.length]!);
        expectSameDecoding(p.toBytes());
      }),
      { numRuns: 200 },
    );
  });

  it('trySetBytes at an offset and with a short tail, and writes the receiver', () => {
    const enc = ed25519.scalarBaseMult(le32(12345n)).toBytes();
    const buf = new Uint8Array(40);
    buf.set(enc, 5);
    const q = new Point();
    expect(under('wasm', () => q.trySetBytes(buf, undefined, 5))).toBe(true);
    expect(q.isOnCurve()).toBe(true);
    expect(Array.from(q.toBytes())).toEqual(Array.from(enc));
    expect(under('wasm', () => q.trySetBytes(buf, undefined, 9))).toBe(false);
    const [a, w] = both(() => Point.tryFromBytes(enc.subarray(0, 31)));
    expect(w).toBe(a);
  });
});

/** Scalars worth trying: 0, 1, ℓ − 1, ℓ, ℓ + 1, 2^255 − 1, 2^256 − 1 and a few mid values. */
const EDGE_SCALARS: Uint8Array[] = [0n, 1n, 2n, 7n, 8n, L - 1n, L, L + 1n, (1n << 252n) - 1n, (1n << 255n) - 1n, (1n << 256n) - 1n, 0x55n << 200n].map(le32);

function operandForms(p: ed25519.Point): Array<[string, () => ed25519.Point | ed25519.WnafTable | ed25519.PublicPointTable]> {
  const forms: Array<[string, () => ed25519.Point | ed25519.WnafTable | ed25519.PublicPointTable]> = [['Point', () => p]];
  for (const w of [2, 5, 8]) {
    const t = ed25519.WnafTable.fromPoint(p, w);
    forms.push([`WnafTable w=${w}`, () => t]);
  }
  for (const [w, t] of [
    [5, 8],
    [2, 1],
    [8, 8],
    [4, 3],
    [6, 1],
  ] as const) {
    const tab = ed25519.precomputeNonConst(p, { width: w, pieces: t });
    forms.push([`PublicPointTable w=${w} t=${t}`, () => tab]);
  }
  return forms;
}

describe('ed25519 variable-time scalar multiplication under the WebAssembly engine', () => {
  const points: Array<[string, ed25519.Point]> = [
    ['B', Point.generator()],
    ['O', Point.identity()],
    ['small order', torsion[3]!],
    ['random + torsion', ed25519.scalarBaseMult(le32(987654321n)).add(ed25519.scalarBaseMult(le32(987654321n)), torsion[5]!)],
  ];

  it('doubleScalarMultBaseNonConst: edge scalars, every operand form', () => {
    for (const [name, p] of points) {
      for (const [form, A] of operandForms(p)) {
        for (const a of EDGE_SCALARS) {
          for (const b of [EDGE_SCALARS[0]!, EDGE_SCALARS[1]!, EDGE_SCALARS[5]!, EDGE_SCALARS[10]!]) {
            const [x, y] = both(() => ed25519.doubleScalarMultBaseNonConst(a, A(), b));
            expect(y, `${name} ${form}`).toBe(x);
          }
        }
      }
    }
  });

  it('doubleScalarMultBaseNonConst and scalarMultNonConst: random scalars (bytes and Scalar25519), random points', () => {
    fc.assert(
      fc.property(fc.bigInt(0n, (1n << 256n) - 1n), fc.bigInt(0n, (1n << 256n) - 1n), fc.bigInt(1n, L - 1n), fc.nat(7), fc.nat(6), (a, b, k, t, f) => {
        const p = ed25519.scalarBaseMult(le32(k)).add(ed25519.scalarBaseMult(le32(k)), torsion[t % torsion.length]!);
        const forms = operandForms(p);
        const A = forms[f % forms.length]![1]();
        const [x, y] = both(() => ed25519.doubleScalarMultBaseNonConst(le32(a), A, le32(b)));
        expect(y).toBe(x);
        const sa = ed25519.Scalar25519.fromBytesReduced(le32(a));
        const sb = ed25519.Scalar25519.fromBytesReduced(le32(b));
        const [u, v] = both(() => ed25519.doubleScalarMultBaseNonConst(sa, A, sb));
        expect(v).toBe(u);
        const [m, n] = both(() => ed25519.scalarMultNonConst(le32(a), A));
        expect(n).toBe(m);
      }),
      { numRuns: 60 },
    );
  });

  it('scalarMultNonConst: edge scalars, every operand form', () => {
    for (const [name, p] of points) {
      for (const [form, A] of operandForms(p)) {
        for (const a of EDGE_SCALARS) {
          const [x, y] = both(() => ed25519.scalarMultNonConst(a, A()));
          expect(y, `${name} ${form}`).toBe(x);
        }
      }
    }
  });

  it('scalarBaseMultNonConst: edge and random scalars, bytes and Scalar25519', () => {
    const scalars = [...EDGE_SCALARS, ...Array.from({ length: 20 }, (_, i) => le32((0x9e3779b97f4a7c15n * BigInt(i + 1)) ** 4n % (1n << 256n)))];
    for (const k of scalars) {
      const [x, y] = both(() => ed25519.scalarBaseMultNonConst(k));
      expect(y).toBe(x);
      const s = ed25519.Scalar25519.fromBytesReduced(k);
      const [u, v] = both(() => ed25519.scalarBaseMultNonConst(s));
      expect(v).toBe(u);
    }
    const [e, f] = both(() => ed25519.scalarBaseMultNonConst(new Uint8Array(5)));
    expect(f).toBe(e);
    expect(e).toMatch(/Error/);
  });

  it('doubleScalarMultNonConst: every pair of operand forms (points, WnafTables of widths 2 … 8, PublicPointTables), edge scalars', () => {
    const p1 = points[3]![1];
    const p2 = torsion[6]!.clone().add(torsion[6]!, Point.generator());
    const forms1 = [...operandForms(p1), ['WnafTable w=7', () => ed25519.WnafTable.fromPoint(p1, 7)] as const];
    const forms2 = [...operandForms(p2), ['WnafTable w=3', () => ed25519.WnafTable.fromPoint(p2, 3)] as const];
    const scalars = [EDGE_SCALARS[0]!, EDGE_SCALARS[1]!, EDGE_SCALARS[5]!, EDGE_SCALARS[10]!, EDGE_SCALARS[11]!];
    for (const [n1, A] of forms1) {
      for (const [n2, C] of forms2) {
        for (const a of scalars) {
          for (const b of [scalars[1]!, scalars[3]!, scalars[4]!]) {
            const [x, y] = both(() => ed25519.doubleScalarMultNonConst(a, A(), b, C()));
            expect(y, `${n1} × ${n2}`).toBe(x);
          }
        }
      }
    }
    const [x, y] = both(() => ed25519.doubleScalarMultNonConst(le32(3n), Point.generator(), new Uint8Array(2), Point.generator()));
    expect(y).toBe(x);
    expect(x).toMatch(/Error/);
  });

  it('tables alternate and are reused across engines (the cached WebAssembly copy stays right)', () => {
    const p1 = ed25519.scalarBaseMult(le32(1111n));
    const p2 = ed25519.scalarBaseMult(le32(2222n)).add(ed25519.scalarBaseMult(le32(2222n)), torsion[1]!);
    const t1 = ed25519.precomputeNonConst(p1);
    const t2 = ed25519.precomputeNonConst(p2);
    const w1 = ed25519.WnafTable.fromPoint(p1);
    const a = le32(0x1234567890abcdefn << 100n);
    const b = le32(L - 5n);
    for (let round = 0; round < 3; round++) {
      for (const A of [t1, t2, t1, w1, t2]) {
        const [x, y] = both(() => ed25519.doubleScalarMultBaseNonConst(a, A, b));
        expect(y).toBe(x);
      }
      // A WnafTable refilled in place is read afresh.
      w1.setPoint(round % 2 === 0 ? p2 : p1);
    }
  });

  it('no table of a shape its class never builds reaches either engine (the full suite: tables.test.ts)', () => {
    const p = points[3]![1];
    const short = ed25519.WnafTable.fromPoint(p, 5);
    expect(() => (short.entries as ed25519.PointCached[]).pop()).toThrow(TypeError);
    expect(() => new (ed25519.PublicPointTable as unknown as new (...a: unknown[]) => object)(p.clone(), new Float64Array(45 * 4), 9, 1)).toThrow(TypeError);
    const a = le32((1n << 255n) - 12345n);
    const [x, y] = both(() => ed25519.doubleScalarMultBaseNonConst(a, short, le32(3n)));
    expect(y).toBe(x);
    expect(x).toBe(both(() => ed25519.doubleScalarMultBaseNonConst(a, p, le32(3n)))[0]);
  });

  it('writes into out, and the same argument errors come first', () => {
    const out = new Point();
    const r = under('wasm', () => ed25519.doubleScalarMultBaseNonConst(le32(5n), Point.generator(), le32(7n), out));
    expect(r).toBe(out);
    expect(out.equals(ed25519.scalarBaseMult(le32(12n)))).toBe(true);
    for (const bad of [new Uint8Array(31), 'x' as unknown as Uint8Array]) {
      const [x, y] = both(() => ed25519.doubleScalarMultBaseNonConst(bad, Point.generator(), le32(1n)));
      expect(y).toBe(x);
      expect(x).toMatch(/Error/);
      const [u, v] = both(() => ed25519.scalarMultNonConst(bad, Point.generator()));
      expect(v).toBe(u);
    }
    const [x, y] = both(() => ed25519.doubleScalarMultBaseNonConst(le32(1n), {} as ed25519.Point, le32(1n)));
    expect(y).toBe(x);
  });
});

describe('ed25519 inputs with loose TypeScript limbs', () => {
  /**
   * The same point with every coordinate's limbs rewritten: m·2^17 moved
   * from limb i + 1 into limb i (m ∈ {−15, 0, 15}, so limbs leave [0, 2^17)
   * on both sides yet stay within the TypeScript engine's mul bound 2^22).
   */
  function loose(p: ed25519.Point): ed25519.Point {
    const q = p.clone();
    for (const f of [q.X, q.Y, q.Z, q.T]) {
      const l = f.l;
      for (let i = 0; i < 14; i++) {
        const m = ((i % 3) - 1) * 15;
        l[i] = l[i]! + m * 131072;
        l[i + 1] = l[i + 1]! - m;
      }
    }
    return q;
  }

  it('every served operation converts them exactly', () => {
    const base = ed25519.scalarBaseMult(le32(0xfeedn)).add(ed25519.scalarBaseMult(le32(0xfeedn)), torsion[2]!);
    const p = loose(base);
    expect(p.X.l.some((x) => x < 0) && p.X.l.some((x) => x >= 2 ** 17)).toBe(true);
    expect(p.equals(base)).toBe(true);
    const k = le32((1n << 255n) - 0xabcdefn);
    const cases: Array<() => ed25519.Point | boolean> = [
      () => ed25519.doubleScalarMultBaseNonConst(k, p, k),
      () => ed25519.scalarMultNonConst(k, p),
      () => ed25519.scalarMult(k, p),
      () => ed25519.doubleScalarMultNonConst(k, p, k, loose(Point.generator())),
      () => ed25519.msmNonConst([p, loose(Point.generator()), p], [k, k, le32(5n)]),
      () => ed25519.msmNonConst(Array.from({ length: 70 }, () => p), Array.from({ length: 70 }, (_, i) => le32(BigInt(i) * 0x1234567n))),
      () => Point.fromBytes(p.toBytes()),
      () => Point.fromBytes(ed25519.batchToBytes([p, base, p]).subarray(64)),
    ];
    for (const f of cases) {
      const [x, y] = both(f);
      expect(y).toBe(x);
    }
  });
});

describe('ed25519 encoding under the WebAssembly engine', () => {
  /** Points with Z ≠ 1 (sums), torsion components, the identity. */
  function pointsFor(n: number): ed25519.Point[] {
    const out: ed25519.Point[] = [];
    const acc = ed25519.scalarBaseMult(le32(0x5eedn));
    const step = ed25519.scalarBaseMult(le32(0x77n)).add(ed25519.scalarBaseMult(le32(0x77n)), torsion[4]!);
    for (let i = 0; i < n; i++) {
      acc.add(acc, step);
      out.push(i % 11 === 3 ? Point.identity() : i % 5 === 1 ? acc.clone().add(acc, torsion[i % torsion.length]!) : acc.clone());
    }
    return out;
  }

  /** (0 : 1 : 0 : 0) — not a point (Z = 0): encoders must still agree. */
  function zeroZ(): ed25519.Point {
    const p = new Point();
    p.Z.setZero();
    return p;
  }

  it('toBytes and putBytes (with an offset) agree, also for Z = 0', () => {
    for (const p of [...pointsFor(40), zeroZ(), ...torsion]) {
      const put = (): number[] => Array.from(p.putBytes(new Uint8Array(40).fill(0xaa), 3));
      expect(under('wasm', put)).toEqual(under('ts', put));
      expect(Array.from(under('wasm', () => p.toBytes()))).toEqual(Array.from(under('ts', () => p.toBytes())));
    }
    const [x, y] = both(() => (Point.generator().putBytes(new Uint8Array(34), 3), null));
    expect(y).toBe(x);
    expect(x).toMatch(/Error/);
  });

  it('batchToBytes: sizes around the staging chunk, offsets, a Z = 0 point, errors', () => {
    for (const n of [0, 1, 2, 127, 128, 129, 300]) {
      const pts = pointsFor(n);
      const a = under('ts', () => ed25519.batchToBytes(pts, new Uint8Array(32 * n + 9).fill(7), 5));
      const w = under('wasm', () => ed25519.batchToBytes(pts, new Uint8Array(32 * n + 9).fill(7), 5));
      expect(Array.from(w), `n=${n}`).toEqual(Array.from(a));
    }
    const bad = [...pointsFor(200)];
    bad[150] = zeroZ();
    expect(Array.from(under('wasm', () => ed25519.batchToBytes(bad)))).toEqual(Array.from(under('ts', () => ed25519.batchToBytes(bad))));
    for (const f of [() => ed25519.batchToBytes(pointsFor(3), new Uint8Array(95)), () => ed25519.batchToBytes([Point.generator(), 3 as unknown as ed25519.Point])]) {
      const [x, y] = both(() => (f(), null));
      expect(y).toBe(x);
      expect(x).toMatch(/Error/);
    }
  });
});
