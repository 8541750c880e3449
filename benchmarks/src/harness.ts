/**
 * Timing and allocation measurement.
 *
 * Each (op, backend) pair is timed in four phases:
 * 1. warm-up: call the function until `warmupMs` has passed (at least once), so the JIT has
 *    compiled it and caches are hot; the last call's time calibrates the sample size;
 * 2. sampling: each sample times `k` back-to-back calls (k chosen so a sample lasts about
 *    `sampleMs`), until `budgetMs` has passed and `minSamples` were taken (slow ops stop
 *    at `capMs` once 3 samples exist);
 * 3. statistics: median per call, median absolute deviation, quartiles;
 * 4. allocation: heap bytes allocated per call, counted as the growth of the used heap plus
 *    whatever the garbage collector freed in between (reported by `v8.GCProfiler`), the
 *    minimum over a few rounds so one-off JIT compilation is not charged to the op.
 *
 * Every result is stored into a module-level sink, so the measured work always escapes
 * and cannot be removed as dead code. Each benchmark gets its own loop function, built
 * with `new Function`, so the call site inside the loop stays monomorphic.
 */
import { HEAP_COUNTING, heapAllocated } from './heap.js';
import type { Mode, Stats } from './types.js';

/** Knobs of one measurement. */
export interface Budget {
  readonly warmupMs: number;
  readonly sampleMs: number;
  readonly budgetMs: number;
  readonly minSamples: number;
  readonly maxSamples: number;
  readonly capMs: number;
  /** Rounds of the separate allocation pass (0: count allocations during sampling only). */
  readonly allocRounds: number;
  readonly allocMs: number;
  /**
   * The sampling budget is split into this many rounds, and the runner interleaves the backends
   * of an op round by round (A B C, B C A, C A B), so a load spike on a shared machine hits
   * every backend alike instead of whichever one happened to be running.
   */
  readonly rounds: number;
}

/** Measurement budgets per mode. The default run is tuned to finish all suites in about five minutes on 2 cores. */
export const BUDGETS: Readonly<Record<Mode, Budget>> = Object.freeze({
  quick: { warmupMs: 0, sampleMs: 1, budgetMs: 4, minSamples: 1, maxSamples: 3, capMs: 0, allocRounds: 1, allocMs: 3, rounds: 1 },
  default: { warmupMs: 60, sampleMs: 4, budgetMs: 300, minSamples: 5, maxSamples: 150, capMs: 4000, allocRounds: 2, allocMs: 25, rounds: 3 },
  full: { warmupMs: 250, sampleMs: 8, budgetMs: 1500, minSamples: 10, maxSamples: 1000, capMs: 20000, allocRounds: 3, allocMs: 80, rounds: 3 },
});

/** The sink every measured result is written to. */
const SINK: { value: unknown; count: number } = { value: undefined, count: 0 };

/** Returns how many results reached the sink (read by the runner so the sink itself stays live). */
export function sinkCount(): number {
  return SINK.count + (SINK.value === undefined ? 0 : 1);
}

const now = (): number => performance.now();

/** An op whose first call takes this long (ms) is considered warm after that call. */
export const SLOW_MS = 1000;

type SyncLoop = (fn: () => unknown, k: number, sink: typeof SINK, now: () => number) => number;
type AsyncLoop = (fn: () => unknown, k: number, sink: typeof SINK, now: () => number) => Promise<number>;

/** Builds a fresh timing loop for one benchmark: returns the elapsed milliseconds of k calls. */
const loops = new WeakMap<() => unknown, SyncLoop>();

/** The timing loop of `fn`, built once and reused across rounds (so it stays compiled). */
function loopFor(fn: () => unknown): SyncLoop {
  let l = loops.get(fn);
  if (!l) {
    l = makeSyncLoop();
    loops.set(fn, l);
  }
  return l;
}

function makeSyncLoop(): SyncLoop {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return new Function(
    'fn',
    'k',
    'sink',
    'now',
    'let r; const t0 = now(); for (let i = 0; i < k; i++) r = fn(); const t1 = now(); sink.value = r; sink.count++; return t1 - t0;',
  ) as SyncLoop;
}

/** An async op that has not settled after this long fails its row instead of hanging the run. */
export const ASYNC_TIMEOUT_MS = 60_000;

/** Resolves like `p`, or rejects after `ms` milliseconds. */
export function withTimeout<T>(p: Promise<T> | T, ms: number, what = 'async op'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle within ${ms / 1000} s`)), ms);
    timer.unref?.();
  });
  return Promise.race([Promise.resolve(p), t]).finally(() => clearTimeout(timer));
}

async function asyncLoop(fn: () => unknown, k: number, sink: typeof SINK, clock: () => number): Promise<number> {
  let r: unknown;
  const t0 = clock();
  for (let i = 0; i < k; i++) r = await withTimeout(fn(), ASYNC_TIMEOUT_MS);
  const t1 = clock();
  sink.value = r;
  sink.count++;
  return t1 - t0;
}

let overheadBytes: number | undefined;

/** Bytes {@link heapAllocated} itself allocates around an empty body (profiler, statistics objects, promises); subtracted from every measurement. */
async function measurementOverhead(): Promise<number> {
  if (overheadBytes === undefined) {
    let best = Infinity;
    for (let i = 0; i < 5; i++) best = Math.min(best, await heapAllocated(() => undefined));
    overheadBytes = Math.max(0, best);
  }
  return overheadBytes;
}

const gc: (() => void) | undefined = (globalThis as { gc?: () => void }).gc;

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (pos - lo);
}

/** Median of a list of numbers (NaN for an empty list). */
export function median(values: readonly number[]): number {
  return quantile([...values].sort((x, y) => x - y), 0.5);
}

/** Options of {@link measure}. */
export interface MeasureOptions {
  /** Operations per call (a batch of n signatures: n); figures are per operation. */
  readonly perCall?: number;
  /** `fn` returns a Promise to await. */
  readonly async?: boolean;
  /** Called after every warm-up round and sample (progress). */
  readonly onTick?: () => void;
  /** Checks the first call's result; false throws. */
  readonly checkResult?: (result: unknown) => boolean;
  /** Milliseconds clock (tests pass a fake one). */
  readonly clock?: () => number;
  /** Continue an earlier measurement: no warm-up, this many calls per sample, no allocation pass. */
  readonly continueWith?: number;
  /** Minimum samples for an op whose first call takes ≥ 1 s (when the budget's minimum is a per-round share). */
  readonly minSamplesSlow?: number;
  /**
   * For an op whose first call takes ≥ 1 s: exactly this many samples at least, in place of the
   * budget's minimum and {@link minSamplesSlow} (the 2^16 MSM rows, where one call takes seconds).
   */
  readonly slowSamples?: number;
}

/** A measurement: the statistics plus the raw per-operation samples (ns), for merging rounds. */
export interface Detailed {
  readonly stats: Stats;
  readonly samplesNs: number[];
}

/**
 * Times `fn` and returns per-operation statistics. `perCall` operations happen in one call
 * (a batch of n signatures); all figures are divided by it.
 */
export async function measure(fn: () => unknown, budget: Budget, opts: MeasureOptions = {}): Promise<Stats> {
  return (await measureDetailed(fn, budget, opts)).stats;
}

/** Statistics of per-operation samples (ns); `k` calls per sample. */
export function summarize(samplesNs: readonly number[], k: number, bytesPerOp: number | null): Stats {
  const perOp = [...samplesNs].sort((a, b) => a - b);
  const med = quantile(perOp, 0.5);
  const mad = quantile(
    perOp.map((x) => Math.abs(x - med)).sort((a, b) => a - b),
    0.5,
  );
  return {
    medianNs: med,
    madPct: med > 0 ? (mad / med) * 100 : 0,
    p25Ns: quantile(perOp, 0.25),
    p75Ns: quantile(perOp, 0.75),
    minNs: perOp[0] as number,
    maxNs: perOp[perOp.length - 1] as number,
    samples: perOp.length,
    callsPerSample: k,
    calls: perOp.length * k,
    opsPerSec: med > 0 ? 1e9 / med : 0,
    bytesPerOp,
  };
}

/** {@link measure}, also returning the raw samples. */
export async function measureDetailed(fn: () => unknown, budget: Budget, opts: MeasureOptions = {}): Promise<Detailed> {
  const perCall = opts.perCall ?? 1;
  // Milliseconds; tests pass a fake clock to check the arithmetic without timing anything.
  const clock = opts.clock ?? now;
  const isAsync = opts.async === true;
  const loop = isAsync ? undefined : loopFor(fn);
  const run = (k: number): number | Promise<number> =>
    isAsync ? asyncLoop(fn, k, SINK, clock) : (loop as SyncLoop)(fn, k, SINK, clock);

  if (opts.continueWith !== undefined) {
    // A later round: the JIT is warm and k is known; sample only.
    const k = opts.continueWith;
    const samples: number[] = [];
    const start = clock();
    for (;;) {
      const ms = await run(k);
      samples.push(((ms / k) * 1e6) / perCall);
      opts.onTick?.();
      if (samples.length >= budget.maxSamples) break;
      if (clock() - start >= budget.budgetMs && samples.length >= budget.minSamples) break;
    }
    return { stats: summarize(samples, k, null), samplesNs: samples };
  }

  // 1. warm-up and calibration. A slow op (first call ≥ slowMs) is warm after one call: that
  // call becomes the first sample. In quick mode (no warm-up budget) the first call always is.
  const warmStart = clock();
  let lastMs = 0;
  const overhead = await measurementOverhead();
  gc?.();
  const firstBytes = await heapAllocated(async () => {
    lastMs = await run(1);
  });
  const firstMs = lastMs;
  if (opts.checkResult && !opts.checkResult(SINK.value)) throw new Error('self-check failed (wrong result of the first call)');
  const firstIsSample = budget.warmupMs === 0 || firstMs >= SLOW_MS;
  // An op of a second or more gets no later rounds: it needs its minimum here.
  const minSamples = firstMs >= SLOW_MS ? (opts.slowSamples ?? Math.max(budget.minSamples, opts.minSamplesSlow ?? 0)) : budget.minSamples;
  let warmCalls = 1;
  while (!firstIsSample && clock() - warmStart < budget.warmupMs) {
    const k = Math.max(1, Math.min(1 << 16, Math.floor(warmCalls / 2) || 1));
    lastMs = (await run(k)) / k;
    warmCalls += k;
    opts.onTick?.();
  }
  const perCallMs = Math.max(lastMs, 1e-6);
  const k = Math.max(1, Math.min(1 << 20, Math.round(budget.sampleMs / perCallMs)));

  // 2. sampling (allocations of slow ops are counted here).
  const slow = perCallMs >= 1 || budget.allocRounds === 0;
  const samples: number[] = firstIsSample && k === 1 ? [firstMs] : [];
  const sampleStart = clock() - (samples.length > 0 ? firstMs : 0);
  const sampleAll = async (): Promise<void> => {
    for (;;) {
      if (samples.length >= budget.maxSamples || (samples.length >= minSamples && clock() - sampleStart >= budget.budgetMs)) break;
      const ms = await run(k);
      samples.push(ms / k);
      opts.onTick?.();
      const elapsed = clock() - sampleStart;
      if (samples.length >= budget.maxSamples) break;
      if (elapsed >= budget.budgetMs && samples.length >= minSamples) break;
      if (elapsed >= budget.capMs && samples.length >= Math.min(3, minSamples)) break;
    }
  };
  let bytesPerOp: number | null = null;
  if (!HEAP_COUNTING.available) {
    // No heap counter on this platform (the browser): time only, bytes per op stay null.
    await sampleAll();
  } else if (slow) {
    gc?.();
    const firstCounted = samples.length > 0;
    const bytes = await heapAllocated(sampleAll);
    // The first call's allocations count only when that call is a sample.
    const counted = bytes - overhead + (firstCounted ? firstBytes - overhead : 0);
    bytesPerOp = Math.max(0, counted / (samples.length * k * perCall));
  } else {
    await sampleAll();
  }

  // 4. allocation pass for fast ops: a few rounds, minimum taken.
  if (!slow && HEAP_COUNTING.available) {
    const n = Math.max(1, Math.min(200_000, Math.round(budget.allocMs / perCallMs)));
    let best = Infinity;
    for (let r = 0; r < budget.allocRounds; r++) {
      gc?.();
      const bytes = (await heapAllocated(() => run(n))) - overhead;
      best = Math.min(best, bytes / (n * perCall));
    }
    bytesPerOp = Math.max(0, best);
  }

  // 3. statistics.
  const perOp = samples.map((ms) => (ms * 1e6) / perCall);
  return { stats: summarize(perOp, k, bytesPerOp), samplesNs: perOp };
}
