// Statistics of the timing-leak check (scripts/leak-check/run.mjs): online
// mean/variance, Welch's t-statistic, and dudect's percentile cropping.
// Pure functions over numbers; no I/O, no clock. Tested in
// scripts/test/leak-stats.test.ts against values computed with SciPy.
//
// References:
// - [DUDECT] O. Reparaz, J. Balasch, I. Verbauwhede, "Dude, is my code
//   constant time?", DATE 2017; the reference C implementation dudect.h
//   (percentile crops 1 − 0.5^(10·(k+1)/N), a second-order test on
//   class-centred squares, the thresholds 4.5 and 10).
// - [WELFORD] B. P. Welford, "Note on a method for calculating corrected sums
//   of squares and products", Technometrics 4(3), 1962 (the online update).
// - [WELCH] B. L. Welch, "The generalization of 'Student's' problem when
//   several different population variances are involved", Biometrika 34, 1947.

/** |t| above this: a leak is suspected (dudect's threshold). */
export const T_SUSPECT = 4.5;
/** |t| above this: a leak, beyond reasonable doubt on a quiet machine (dudect's "definitely not constant time"). */
export const T_LEAK = 10;

/**
 * Running mean and sum of squared deviations of one sample ([WELFORD]);
 * numerically stable, O(1) memory.
 */
export class Moments {
  constructor() {
    /** Number of values pushed. */
    this.n = 0;
    /** Mean of the values pushed (0 when none). */
    this.mean = 0;
    /** Sum of squared deviations from the mean. */
    this.m2 = 0;
  }

  /** Adds one value; returns this. */
  push(x) {
    this.n++;
    const d = x - this.mean;
    this.mean += d / this.n;
    this.m2 += d * (x - this.mean);
    return this;
  }

  /** The unbiased sample variance (n − 1 in the denominator); NaN below two values. */
  variance() {
    return this.n < 2 ? Number.NaN : this.m2 / (this.n - 1);
  }
}

/**
 * Welch's t-statistic of two samples ([WELCH]):
 * t = (mean₀ − mean₁) / √(s₀²/n₀ + s₁²/n₁). Positive when sample 0 is slower.
 * NaN when either sample has fewer than two values; 0 for two constant,
 * equal samples; ±Infinity for two constant, different samples.
 */
export function welchT(a, b) {
  if (a.n < 2 || b.n < 2) return Number.NaN;
  const diff = a.mean - b.mean;
  const se2 = a.variance() / a.n + b.variance() / b.n;
  if (se2 === 0) return diff === 0 ? 0 : diff > 0 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  return diff / Math.sqrt(se2);
}

/**
 * dudect's crop levels: q_k = 1 − 0.5^(10·(k+1)/count), k = 0 … count−1, an
 * increasing list from 1 − 0.5^(10/count) to 1 − 2^−10 ≈ 0.999. Cropping at
 * q keeps the measurements below the q-quantile of all measurements, so
 * low q keeps only the fastest runs (interrupts, GC pauses and migrations
 * removed) and high q removes only the extreme tail.
 */
export function dudectCropLevels(count) {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`dudectCropLevels: expected a positive integer, got ${count}`);
  const out = [];
  for (let k = 0; k < count; k++) out.push(1 - 0.5 ** ((10 * (k + 1)) / count));
  return out;
}

/**
 * The q-quantile of an ascending array the way dudect takes it: the element
 * at index ⌊q·n⌋ (clamped to the last one). Throws on an empty array or a q
 * outside [0, 1].
 */
export function quantileSorted(sorted, q) {
  if (sorted.length === 0) throw new RangeError('quantileSorted: expected a non-empty array');
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantileSorted: expected q in [0, 1], got ${q}`);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** The median of an ascending array (mean of the two middle elements for an even length). */
export function medianSorted(sorted) {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const h = n >>> 1;
  return n % 2 === 1 ? sorted[h] : (sorted[h - 1] + sorted[h]) / 2;
}

/**
 * Runs every test of one measurement set: `times[i]` is the i-th duration,
 * `classes[i]` its class (0 = fixed secret, 1 = random secret). Returns
 *   { tests: [{ label, q, threshold, n0, n1, t }], maxAbsT, maxLabel }
 * with, in order: the uncropped test ('raw'), one test per crop level in
 * `levels` (label 'p<percent>'; thresholds are quantiles of the pooled
 * measurements; a measurement is kept when strictly below), and dudect's
 * second-order test ('2nd': the t-test of (x − mean of x's class)², over
 * the uncropped data). maxAbsT is the largest finite |t| of all tests (NaN
 * ones ignored) and maxLabel the test it came from.
 */
export function tTests(times, classes, levels) {
  if (times.length !== classes.length) throw new RangeError('tTests: times and classes differ in length');
  const sorted = Float64Array.from(times).sort();
  const tests = [];
  const raw = [new Moments(), new Moments()];
  for (let i = 0; i < times.length; i++) raw[classes[i]].push(times[i]);
  tests.push({ label: 'raw', q: 1, threshold: Number.POSITIVE_INFINITY, n0: raw[0].n, n1: raw[1].n, t: welchT(raw[0], raw[1]) });
  for (const q of levels) {
    const threshold = quantileSorted(sorted, q);
    const m = [new Moments(), new Moments()];
    for (let i = 0; i < times.length; i++) if (times[i] < threshold) m[classes[i]].push(times[i]);
    tests.push({ label: `p${formatPercent(q)}`, q, threshold, n0: m[0].n, n1: m[1].n, t: welchT(m[0], m[1]) });
  }
  const sq = [new Moments(), new Moments()];
  for (let i = 0; i < times.length; i++) {
    const c = classes[i];
    const d = times[i] - raw[c].mean;
    sq[c].push(d * d);
  }
  tests.push({ label: '2nd', q: 1, threshold: Number.POSITIVE_INFINITY, n0: sq[0].n, n1: sq[1].n, t: welchT(sq[0], sq[1]) });
  let maxAbsT = 0;
  let maxLabel = 'raw';
  for (const r of tests) {
    const a = Math.abs(r.t);
    if (Number.isNaN(a)) continue;
    if (a > maxAbsT) {
      maxAbsT = a;
      maxLabel = r.label;
    }
  }
  return { tests, maxAbsT, maxLabel };
}

/** Per-class summary: count, mean, median, minimum (same units as `times`). */
export function classSummary(times, classes) {
  const out = [];
  for (const c of [0, 1]) {
    const xs = [];
    for (let i = 0; i < times.length; i++) if (classes[i] === c) xs.push(times[i]);
    const s = Float64Array.from(xs).sort();
    const m = new Moments();
    for (const x of s) m.push(x);
    out.push({ n: m.n, mean: m.n === 0 ? Number.NaN : m.mean, median: medianSorted(s), min: s.length === 0 ? Number.NaN : s[0] });
  }
  return out;
}

/** 'leak' above {@link T_LEAK}, 'leak suspected' above {@link T_SUSPECT}, otherwise 'no leak detected'. */
export function verdict(maxAbsT) {
  if (maxAbsT > T_LEAK) return 'leak';
  if (maxAbsT > T_SUSPECT) return 'leak suspected';
  return 'no leak detected';
}

/** q as a short percentage: 0.5 → '50', 0.875 → '87.5', 0.99902… → '99.9'. */
export function formatPercent(q) {
  const p = q * 100;
  return Number.isInteger(p) ? String(p) : String(Number(p.toFixed(1)));
}
