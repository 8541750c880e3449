import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as ed25519 from '../../src/ed25519/index.js';
import { NP, L, le32, scalar256, pointArb, hexOf, nHex, naiveMul, nobleBaseMul, TORSION_HEX, type NoblePoint } from './helpers.js';

const { Point, Scalar25519, MSM_PIPPENGER_THRESHOLD } = ed25519;
/** The largest n that msmNonConst hands to Straus. */
const STRAUS_LAST = MSM_PIPPENGER_THRESHOLD - 1;

/** Deterministic pseudo-random points and scalars (fast to build: noble base mults). */
function make(n: number, seed: number, bits: (i: number) => number) {
  let s = BigInt(seed) * 0x9e3779b97f4a7c15n + 1n;
  const next = () => {
    s = (s * 6364136223846793005n + 1442695040888963407n) & ((1n << 256n) - 1n);
    return s;
  };
  const pts: ed25519.Point[] = [];
  const nps: NoblePoint[] = [];
  const ks: bigint[] = [];
  for (let i = 0; i < n; i++) {
    let np = nobleBaseMul(next() % L);
    if (i % 5 === 1) np = np.add(NP.fromHex(TORSION_HEX[i % 8]!)); // some points carry torsion
    nps.push(np);
    pts.push(Point.fromBytes(np.toBytes()));
    const b = bits(i);
    ks.push(b === 256 ? next() : next() & ((1n << BigInt(b)) - 1n));
  }
  return { pts, nps, ks };
}

/** Σ kᵢ·Pᵢ with the full integers: naive double-and-add for torsioned points, noble for the rest. */
function expected(nps: NoblePoint[], ks: bigint[]): string {
  let acc = NP.ZERO;
  for (let i = 0; i < nps.length; i++) {
    const p = nps[i]!;
    const k = ks[i]!;
    const term = p.isTorsionFree() ? (k % L === 0n ? NP.ZERO : p.multiply(k % L)) : naiveMul(p, k);
    acc = acc.add(term);
  }
  return nHex(acc);
}

describe('msmNonConst', () => {
  it('empty input is the identity; mismatched lengths throw StrataError ERR_BAD_LENGTH', () => {
    expect(ed25519.msmNonConst([], []).isIdentity()).toBe(true);
    const out = Point.generator();
    expect(ed25519.msmNonConst([], [], out)).toBe(out);
    expect(out.isIdentity()).toBe(true);
    expect(() => ed25519.msmNonConst([Point.BASE], [])).toThrow(expect.objectContaining({ code: 'ERR_BAD_LENGTH' }));
    expect(() => ed25519.msmNonConst([], [new Uint8Array(32)])).toThrow(expect.objectContaining({ code: 'ERR_BAD_LENGTH' }));
    expect(() => ed25519.msmNonConst(null as unknown as ed25519.Point[], [])).toThrow(TypeError);
    expect(() => ed25519.msmNonConst([], 'ab' as unknown as Uint8Array[])).toThrow(TypeError);
  });

  it('equals the naive sum for sizes 1, 2, 3 and sizes straddling the Straus/Pippenger switch', () => {
    const sizes = [1, 2, 3, 7, STRAUS_LAST - 1, STRAUS_LAST, STRAUS_LAST + 1, STRAUS_LAST + 2, 96, 130];
    for (const n of sizes) {
      const { pts, nps, ks } = make(n, n, (i) => (i % 3 === 0 ? 128 : 256));
      expect(hexOf(ed25519.msmNonConst(pts, ks.map(le32))), `n = ${n}`).toBe(expected(nps, ks));
    }
  });

  it('mixes Scalar25519 and byte scalars, 128-bit and full-width, zero scalars and repeated points', () => {
    for (const n of [5, STRAUS_LAST + 9]) {
      const { pts, nps, ks } = make(n, 1000 + n, (i) => [128, 256, 64, 253][i % 4]!);
      ks[2] = 0n;
      pts[3] = pts[0]!;
      nps[3] = nps[0]!;
      const scalars = ks.map((k, i) => (i % 2 === 0 ? le32(k) : new Scalar25519().setBigInt(k)));
      // Scalar25519 entries are reduced mod ℓ.
      const eff = ks.map((k, i) => (i % 2 === 0 ? k : k % L));
      expect(hexOf(ed25519.msmNonConst(pts, scalars))).toBe(expected(nps, eff));
    }
  });

  it('all-zero scalars give the identity; edge scalars (ℓ, 2^256 − 1) work in both algorithms', () => {
    for (const n of [3, STRAUS_LAST + 3]) {
      const { pts, nps } = make(n, 7, () => 1);
      expect(ed25519.msmNonConst(pts, pts.map(() => new Uint8Array(32))).isIdentity()).toBe(true);
      const ks = pts.map((_, i) => [L, (1n << 256n) - 1n, L - 1n, 1n][i % 4]!);
      expect(hexOf(ed25519.msmNonConst(pts, ks.map(le32)))).toBe(expected(nps, ks));
    }
  });

  it('points with Z ≠ 1 (cached bucket operands) mixed with decoded Z = 1 points (Niels operands)', () => {
    for (const n of [4, STRAUS_LAST + 5]) {
      const { pts, nps, ks } = make(n, 4242 + n, (i) => (i % 2 ? 128 : 256));
      const moved = pts.map((p, i) => {
        if (i % 2 !== 0) return p;
        const m = new Point().add(p, Point.identity());
        return m.double(m).add(m, p).sub(m, p).sub(m, p);
      });
      expect(moved[0]!.Z.equals(new ed25519.Fe25519().setOne())).toBe(false);
      expect(hexOf(ed25519.msmNonConst(moved, ks.map(le32)))).toBe(expected(nps, ks));
      for (const window of [2, 4, 9, 13]) {
        expect(hexOf(ed25519.msmNonConst(moved, ks.map(le32), undefined, { algorithm: 'pippenger', window }))).toBe(expected(nps, ks));
      }
      expect(hexOf(ed25519.msmNonConst(moved, ks.map(le32), undefined, { algorithm: 'straus' }))).toBe(expected(nps, ks));
    }
    expect(() => ed25519.msmNonConst([Point.BASE], [new Uint8Array(32).fill(1)], undefined, { algorithm: 'pippenger', window: 1 })).toThrow(RangeError);
    expect(() => ed25519.msmNonConst([Point.BASE], [new Uint8Array(32).fill(1)], undefined, { algorithm: 'pippenger', window: 17 })).toThrow(RangeError);
    // Options of the wrong type (issue 10, finding 7): an unknown algorithm used to run Pippenger silently.
    const one = [new Uint8Array(32).fill(1)];
    for (const algorithm of ['Pippenger', 'STRAUS', 'bos-coster', '', 1, null, true]) {
      expect(() => ed25519.msmNonConst([Point.BASE], one, undefined, { algorithm } as unknown as ed25519.MsmOptions), String(algorithm)).toThrow(TypeError);
    }
    for (const window of ['5', null, true, 5n]) {
      expect(() => ed25519.msmNonConst([Point.BASE], one, undefined, { algorithm: 'pippenger', window } as unknown as ed25519.MsmOptions)).toThrow(TypeError);
    }
    for (const o of [null, 'straus', 1, []]) {
      expect(() => ed25519.msmNonConst([Point.BASE], one, undefined, o as unknown as ed25519.MsmOptions)).toThrow(TypeError);
    }
    const want = ed25519.msmNonConst([Point.BASE], one);
    for (const o of [{}, { algorithm: undefined }, { algorithm: 'straus' as const }, { algorithm: 'pippenger' as const, window: 4 }]) {
      expect(ed25519.msmNonConst([Point.BASE], one, undefined, o).equals(want)).toBe(true);
    }
  });

  it('Pippenger digit recoding at the top window: all-ones scalars of length c·t − 1 for every window c', () => {
    const { pts, nps } = make(6, 31337, () => 1);
    for (let c = 2; c <= 16; c++) {
      for (const t of [1, 2, 3, Math.floor(255 / c)]) {
        const m = c * t - 1;
        if (m < 1 || m > 256) continue;
        const ks = pts.map((_, i) => ((1n << BigInt(m)) - 1n) ^ BigInt(i & 1)); // all ones (and one bit off)
        const got = ed25519.msmNonConst(pts, ks.map(le32), undefined, { algorithm: 'pippenger', window: c });
        expect(hexOf(got), `c = ${c}, m = ${m}`).toBe(expected(nps, ks));
      }
    }
  });

  it('even scalars (no digit at bit 0): the result has a consistent T in both algorithms', () => {
    for (const n of [1, 3, STRAUS_LAST + 3]) {
      const { pts, nps, ks } = make(n, 555 + n, () => 200);
      const even = ks.map((k) => (k << 3n) & ((1n << 256n) - 1n));
      for (const algorithm of ['straus', 'pippenger'] as const) {
        const got = ed25519.msmNonConst(pts, even.map(le32), undefined, { algorithm });
        expect(got.isOnCurve()).toBe(true); // checks X·Y = Z·T
        const plus = new Point().add(got, Point.BASE); // uses T
        expect(hexOf(plus)).toBe(nHex(NP.fromHex(expected(nps, even)).add(NP.BASE)));
      }
    }
    // Same for the single-scalar paths.
    for (const k of [2n, 8n, 1n << 100n, 6n * L]) {
      for (const f of [
        () => ed25519.scalarMultNonConst(le32(k), Point.BASE),
        () => ed25519.doubleScalarMultBaseNonConst(le32(k), Point.BASE, le32(k)),
      ]) {
        const r = f();
        expect(r.isOnCurve()).toBe(true);
      }
    }
  });

  it('random property: msm equals Σ scalarMultNonConst', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(pointArb, scalar256), { minLength: 0, maxLength: 6 }), (terms) => {
        const acc = Point.identity();
        for (const [a, k] of terms) acc.add(acc, ed25519.scalarMultNonConst(le32(k), a.p));
        const got = ed25519.msmNonConst(
          terms.map(([a]) => a.p),
          terms.map(([, k]) => le32(k)),
        );
        expect(got.equals(acc)).toBe(true);
      }),
      { numRuns: 20 },
    );
  });

  it('batch-verification shape: Σ zᵢ·Rᵢ with 128-bit zᵢ plus (Σ zᵢsᵢ)·B', () => {
    const n = 40;
    const { pts, nps, ks } = make(n, 99, () => 128);
    const pts2 = [...pts, Point.generator()];
    const sB = 123456789123456789n;
    const want = NP.fromHex(expected(nps, ks)).add(NP.BASE.multiply(sB));
    expect(hexOf(ed25519.msmNonConst(pts2, [...ks.map(le32), le32(sB)]))).toBe(nHex(want));
    expect(naiveMul(NP.BASE, 5n).equals(NP.BASE.multiply(5n))).toBe(true);
  });
});
