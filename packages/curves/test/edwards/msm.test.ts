/** Multi-scalar multiplication: Straus and Pippenger equal the naive sum, at every size class and window. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ErrorCode } from '@strata/field';
import { jubjub, bandersnatch, babyJubjub, PointExtended, PointAffine, msmNonConst, MSM_PIPPENGER_THRESHOLD, JUBJUB_FULL_GENERATOR, type EdwardsCurve, scalarMultNonConst } from '../../src/edwards/index.js';
import { errCode, mulG, scalarArb } from './helpers.js';
import { MSM_BATCH_AFFINE_THRESHOLD, pippengerWindow } from '../../src/edwards/msm.js';
import { affineWindow, pippengerAffineNonConst } from '../../src/edwards/msm-affine.js';

function naive(c: EdwardsCurve, pts: PointExtended[], ks: bigint[]): PointExtended {
  const acc = new PointExtended(c);
  for (let i = 0; i < pts.length; i++) acc.add(acc, scalarMultNonConst(ks[i]!, pts[i]!.clone()));
  return acc;
}

for (const c of [jubjub, bandersnatch, babyJubjub]) {
  describe(`${c.name} msm`, () => {
    const inputs = (max: number) => fc.array(fc.tuple(fc.bigInt({ min: 0n, max: c.order - 1n }), scalarArb(c.order)), { minLength: 0, maxLength: max });
    it('Straus, Pippenger (several windows) and msmNonConst equal the naive sum', () => {
      fc.assert(fc.property(inputs(12), (pairs) => {
        const pts = pairs.map(([a]) => mulG(c, a));
        const ks = pairs.map(([, s]) => s);
        const want = naive(c, pts, ks);
        expect(msmNonConst(c, pts, ks, undefined, { algorithm: 'straus' }).equals(want)).toBe(true);
        expect(msmNonConst(c, pts, ks).equals(want)).toBe(true);
        for (const w of [2, 3, 4, 7]) expect(msmNonConst(c, pts, ks, undefined, { algorithm: 'pippenger', window: w }).equals(want)).toBe(true);
        // Affine inputs and byte scalars give the same result.
        const aff = pts.map((P) => P.toAffine());
        expect(msmNonConst(c, aff, ks, undefined, { algorithm: 'pippenger' }).equals(want)).toBe(true);
        expect(msmNonConst(c, aff, ks, undefined, { algorithm: 'straus' }).equals(want)).toBe(true);
      }), { numRuns: 6 });
    });
    it('handles empty input, zero scalars, repeated points and an out argument', () => {
      expect(msmNonConst(c, [], []).isIdentity()).toBe(true);
      const G = new PointExtended(c).setGenerator();
      expect(msmNonConst(c, [G, G], [0n, 0n]).isIdentity()).toBe(true);
      const out = new PointExtended(c);
      expect(msmNonConst(c, [G, G, G], [1n, 2n, 3n], out, { algorithm: 'pippenger' })).toBe(out);
      expect(out.equals(scalarMultNonConst(6n, G.clone()))).toBe(true);
      const top = (1n << 256n) - 1n;
      expect(msmNonConst(c, [G, G], [top, top], undefined, { algorithm: 'pippenger', window: 5 }).equals(naive(c, [G, G], [top, top]))).toBe(true);
    });
    it('is exact above the Pippenger threshold', () => {
      const n = MSM_PIPPENGER_THRESHOLD + 5;
      const pts: PointExtended[] = [], ks: bigint[] = [];
      let x = 12345n;
      for (let i = 0; i < n; i++) {
        x = (x * 6364136223846793005n + 1442695040888963407n) % (1n << 256n);
        pts.push(mulG(c, (x >> 7n) % c.order));
        ks.push(x);
      }
      const want = naive(c, pts, ks);
      expect(msmNonConst(c, pts, ks).equals(want)).toBe(true);
      expect(msmNonConst(c, pts, ks, undefined, { algorithm: 'straus' }).equals(want)).toBe(true);
    });
    it('bad input: length mismatch, foreign points, bad windows, bad scalars', () => {
      const G = new PointExtended(c).setGenerator();
      expect(errCode(() => msmNonConst(c, [G], []))).toBe(ErrorCode.BAD_LENGTH);
      const other = c === jubjub ? babyJubjub : jubjub;
      expect(errCode(() => msmNonConst(c, [new PointExtended(other)], [1n]))).toBe('TypeError');
      expect(errCode(() => msmNonConst(c, [{} as PointExtended], [1n]))).toBe('TypeError');
      expect(errCode(() => msmNonConst(c, [G], [1n], undefined, { algorithm: 'pippenger', window: 1 }))).toBe('RangeError');
      expect(errCode(() => msmNonConst(c, [G], [1n], undefined, { algorithm: 'pippenger', window: 17 }))).toBe('RangeError');
      expect(errCode(() => msmNonConst(c, [G], [-1n]))).toBe('RangeError');
      expect(errCode(() => msmNonConst(c, [G], [new Uint8Array(5)]))).toBe(ErrorCode.BAD_LENGTH);
    });
  });
}

describe('msm on points with torsion (Jubjub full group)', () => {
  it('is exact without reducing scalars mod r', () => {
    const F = PointAffine.fromXY(jubjub, JUBJUB_FULL_GENERATOR.x, JUBJUB_FULL_GENERATOR.y).toExtended();
    const pts = [F, F.clone().double(F), scalarMultNonConst(77n, F.clone())];
    const ks = [jubjub.order + 3n, 5n, (1n << 255n) + 1n];
    expect(msmNonConst(jubjub, pts, ks).equals(naive(jubjub, pts, ks))).toBe(true);
    expect(msmNonConst(jubjub, pts, ks, undefined, { algorithm: 'pippenger', window: 4 }).equals(naive(jubjub, pts, ks))).toBe(true);
  });
  it('pippengerWindow grows with n', () => {
    let last = 0;
    for (const n of [1, 10, 100, 1000, 10000, 100000]) {
      const w = pippengerWindow(n);
      expect(w >= last && w >= 2 && w <= 16).toBe(true);
      last = w;
    }
  });
});

describe('msmNonConst from MSM_BATCH_AFFINE_THRESHOLD points (batch-affine buckets on complete curves)', () => {
  // BabyJubjub only (Jubjub's batch-affine path is held to the reference at small n by the
  // differential suite); one run is 1024 points through both algorithms.
  for (const c of [babyJubjub]) {
    it(`${c.name}: equals Straus with repeated, opposite and identity points and zero scalars among the inputs`, () => {
      const n = MSM_BATCH_AFFINE_THRESHOLD;
      const G = new PointExtended(c).setGenerator();
      const step = scalarMultNonConst(987654321n, G.clone());
      const pts: (PointExtended | PointAffine)[] = [];
      const ks: bigint[] = [];
      let P = scalarMultNonConst(31337n, G.clone());
      let x = 99n;
      for (let i = 0; i < n; i++) {
        x = (x * 6364136223846793005n + 1442695040888963407n) % (1n << 256n);
        const k = i % 97 === 5 ? 0n : x;
        if (i % 50 === 7) pts.push(pts[i - 1]!); //             a repeated point (also its scalar below)
        else if (i % 50 === 8) pts.push(new PointExtended(c).negate(pts[i - 2] as PointExtended)); // −P next to P
        else if (i === 300) pts.push(new PointExtended(c)); //  the identity
        else pts.push(i % 2 === 0 ? P.clone() : P.toAffine());
        ks.push(i % 50 === 7 || i % 50 === 8 ? ks[i - 1]! : k);
        P = P.clone().add(P, step);
      }
      expect(msmNonConst(c, pts, ks).equals(msmNonConst(c, pts, ks, undefined, { algorithm: 'straus' }))).toBe(true);
    });
  }
  it('the batch-affine Pippenger may write into one of its input points', () => {
    const G = new PointExtended(babyJubjub).setGenerator();
    const pts = [scalarMultNonConst(5n, G.clone()), scalarMultNonConst(9n, G.clone()), G.clone()];
    const bytes = new Uint8Array(96);
    bytes[0] = 3; bytes[32] = 7; bytes[64] = 11;
    const want = scalarMultNonConst(5n * 3n + 9n * 7n + 11n, G.clone());
    expect(pippengerAffineNonConst(pts, bytes, 4, pts[0]!).equals(want)).toBe(true);
  });
  it('affineWindow grows with n and stays in [4, 16]', () => {
    let last = 0;
    for (const n of [1, 100, 1024, 4096, 65536, 1 << 20]) {
      const w = affineWindow(n, 254);
      expect(w >= last && w >= 4 && w <= 16).toBe(true);
      last = w;
    }
  });
});
