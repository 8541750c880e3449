/**
 * The statistics of the timing-leak check (scripts/leak-check/stats.mjs)
 * against known values. Reference t-statistics were computed with SciPy
 * 1.17.1, `scipy.stats.ttest_ind(a, b, equal_var=False).statistic`, and the
 * variances with `numpy.var(x, ddof=1)`.
 */
import { describe, expect, it } from 'vitest';
import {
  Moments,
  T_LEAK,
  T_SUSPECT,
  classSummary,
  dudectCropLevels,
  formatPercent,
  medianSorted,
  quantileSorted,
  tTests,
  verdict,
  welchT,
} from '../leak-check/stats.mjs';

function moments(xs: number[]): Moments {
  const m = new Moments();
  for (const x of xs) m.push(x);
  return m;
}

/** Two-pass variance (the textbook definition) for comparison with the online one. */
function twoPassVariance(xs: number[]): number {
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  return xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1);
}

/** A seeded generator (xorshift32) so the comparison data are reproducible. */
function xorshift(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

describe('Moments (online mean and variance)', () => {
  it('matches known means and variances', () => {
    const a = moments([10.1, 9.8, 10.4, 10.0, 9.9, 10.2, 10.3]);
    expect(a.n).toBe(7);
    expect(a.mean).toBeCloseTo(10.1, 12);
    expect(a.variance()).toBeCloseTo(0.04666666666666663, 12);
    const b = moments([10.6, 10.9, 10.2, 11.1, 10.8]);
    expect(b.variance()).toBeCloseTo(0.11700000000000019, 12);
  });

  it('stays exact with a large offset (nanosecond timestamps)', () => {
    const m = moments([1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16]);
    expect(m.mean).toBe(1e9 + 10);
    expect(m.variance()).toBeCloseTo(30, 9);
  });

  it('agrees with the two-pass formula on 10 000 seeded values', () => {
    const rnd = xorshift(0x5eed);
    const xs = Array.from({ length: 10_000 }, () => 50_000 + 1_000 * rnd());
    const m = moments(xs);
    expect(m.mean).toBeCloseTo(xs.reduce((s, x) => s + x, 0) / xs.length, 6);
    expect(m.variance() / twoPassVariance(xs)).toBeCloseTo(1, 10);
  });

  it('reports NaN variance below two values', () => {
    expect(moments([]).variance()).toBeNaN();
    expect(moments([3]).variance()).toBeNaN();
  });
});

describe('welchT', () => {
  it('matches SciPy on known samples', () => {
    expect(welchT(moments([1, 2, 3, 4, 5]), moments([2, 4, 6, 8, 10]))).toBeCloseTo(-1.8973665961010275, 12);
    expect(
      welchT(moments([10.1, 9.8, 10.4, 10.0, 9.9, 10.2, 10.3]), moments([10.6, 10.9, 10.2, 11.1, 10.8])),
    ).toBeCloseTo(-3.575600983705889, 10);
    expect(welchT(moments([1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16]), moments([1e9 + 1, 1e9 + 2, 1e9 + 3]))).toBeCloseTo(
      2.8583584040419856,
      8,
    );
  });

  it('is antisymmetric', () => {
    const a = moments([1, 2, 3, 4, 5]);
    const b = moments([2, 4, 6, 8, 10]);
    expect(welchT(b, a)).toBe(-welchT(a, b));
  });

  it('handles degenerate samples', () => {
    expect(welchT(moments([1]), moments([1, 2]))).toBeNaN();
    expect(welchT(moments([5, 5, 5]), moments([5, 5]))).toBe(0);
    expect(welchT(moments([6, 6, 6]), moments([5, 5]))).toBe(Number.POSITIVE_INFINITY);
    expect(welchT(moments([4, 4]), moments([5, 5]))).toBe(Number.NEGATIVE_INFINITY);
  });
});

describe('quantiles and crop levels', () => {
  it('gives dudect crop levels 1 − 0.5^(10(k+1)/N)', () => {
    const l = dudectCropLevels(10);
    expect(l).toHaveLength(10);
    expect(l[0]).toBe(0.5);
    expect(l[1]).toBe(0.75);
    expect(l[2]).toBe(0.875);
    expect(l[9]).toBe(1 - 2 ** -10);
    const l100 = dudectCropLevels(100);
    expect(l100[0]).toBeCloseTo(1 - 0.5 ** 0.1, 15);
    expect(l100[99]).toBe(1 - 2 ** -10);
    expect(() => dudectCropLevels(0)).toThrow(RangeError);
  });

  it('takes the element at floor(q·n), clamped', () => {
    const s = [10, 20, 30, 40];
    expect(quantileSorted(s, 0)).toBe(10);
    expect(quantileSorted(s, 0.5)).toBe(30);
    expect(quantileSorted(s, 0.74)).toBe(30);
    expect(quantileSorted(s, 0.75)).toBe(40);
    expect(quantileSorted(s, 1)).toBe(40);
    expect(() => quantileSorted([], 0.5)).toThrow(RangeError);
    expect(() => quantileSorted(s, 1.5)).toThrow(RangeError);
  });

  it('takes medians of odd and even lengths', () => {
    expect(medianSorted([1, 2, 9])).toBe(2);
    expect(medianSorted([1, 2, 4, 9])).toBe(3);
    expect(medianSorted([])).toBeNaN();
  });

  it('labels crop levels', () => {
    expect(dudectCropLevels(10).map(formatPercent)).toEqual([
      '50', '75', '87.5', '93.8', '96.9', '98.4', '99.2', '99.6', '99.8', '99.9',
    ]);
  });
});

describe('tTests (raw, cropped, second order)', () => {
  // Class 0 has one outlier (100); crops must remove it.
  const a = [1, 2, 3, 4, 100];
  const b = [1.2, 2.9, 3.3, 4.4, 6.5];
  // Interleave the classes as the harness does.
  const times = [a[0], b[0], b[1], a[1], a[2], b[2], b[3], a[3], a[4], b[4]] as number[];
  const classes = Uint8Array.from([0, 1, 1, 0, 0, 1, 1, 0, 0, 1]);

  it('matches SciPy on the uncropped, cropped and second-order data', () => {
    const r = tTests(times, classes, [0.75, 0.9]);
    expect(r.tests.map((x: { label: string }) => x.label)).toEqual(['raw', 'p75', 'p90', '2nd']);
    const [raw, p75, p90, second] = r.tests;
    expect(raw.t).toBeCloseTo(0.939255639788608, 12);
    expect([raw.n0, raw.n1]).toEqual([5, 5]);
    // Pooled sorted: 1 1.2 2 2.9 3 3.3 4 4.4 6.5 100; q = 0.9 → index 9 = 100, kept < 100.
    expect(p90.threshold).toBe(100);
    expect([p90.n0, p90.n1]).toEqual([4, 5]);
    expect(p90.t).toBeCloseTo(-1.0654914124728712, 12);
    // q = 0.75 → index 7 = 4.4: class 1 keeps 1.2 2.9 3.3.
    expect(p75.threshold).toBe(4.4);
    expect([p75.n0, p75.n1]).toEqual([4, 3]);
    expect(p75.t).toBeCloseTo(0.036563621206356894, 12);
    // (x − class mean)², then Welch.
    expect(second.t).toBeCloseTo(1.3316106169426896, 10);
    expect(r.maxAbsT).toBeCloseTo(1.3316106169426896, 10);
    expect(r.maxLabel).toBe('2nd');
  });

  it('flags a shifted class and not an identical one', () => {
    const rnd = xorshift(42);
    const n = 4000;
    const cls = Uint8Array.from({ length: n }, (_, i) => (i * 7919) % 2);
    const same = Array.from({ length: n }, () => 1000 + 50 * rnd());
    const shifted = same.map((x, i) => (cls[i] === 0 ? x + 10 : x));
    expect(tTests(shifted, cls, dudectCropLevels(10)).maxAbsT).toBeGreaterThan(T_LEAK);
    expect(tTests(same, cls, dudectCropLevels(10)).maxAbsT).toBeLessThan(T_SUSPECT);
  });

  it('rejects mismatched lengths', () => {
    expect(() => tTests([1, 2], Uint8Array.from([0]), [])).toThrow(RangeError);
  });
});

describe('classSummary and verdict', () => {
  it('summarises each class', () => {
    const s = classSummary([5, 1, 7, 3, 9], Uint8Array.from([0, 1, 0, 1, 0]));
    expect(s[0]).toEqual({ n: 3, mean: 7, median: 7, min: 5 });
    expect(s[1]).toEqual({ n: 2, mean: 2, median: 2, min: 1 });
  });

  it('uses the dudect thresholds 4.5 and 10', () => {
    expect(verdict(4.5)).toBe('no leak detected');
    expect(verdict(4.51)).toBe('leak suspected');
    expect(verdict(10)).toBe('leak suspected');
    expect(verdict(10.01)).toBe('leak');
  });
});
