/**
 * The measurement machinery: statistics, allocation counting, and the runner's handling of
 * backends that fail to load, ops that throw and self-checks that fail.
 */
import { describe, expect, it } from 'vitest';
import { measure, median, sinkCount, type Budget } from '../src/harness.js';
import { runSuite } from '../src/runner.js';
import type { Adapter, Suite } from '../src/types.js';

const TINY: Budget = { warmupMs: 2, sampleMs: 0.5, budgetMs: 8, minSamples: 3, maxSamples: 50, capMs: 100, allocRounds: 2, allocMs: 4, rounds: 1 };

describe('measure', () => {
  it('returns ordered, positive statistics and counts calls', async () => {
    let calls = 0;
    const s = await measure(() => {
      calls++;
      let x = 0;
      for (let i = 0; i < 200; i++) x += i * i;
      return x;
    }, TINY);
    expect(s.samples).toBeGreaterThanOrEqual(3);
    expect(s.medianNs).toBeGreaterThan(0);
    expect(s.p25Ns).toBeLessThanOrEqual(s.medianNs);
    expect(s.medianNs).toBeLessThanOrEqual(s.p75Ns);
    expect(s.minNs).toBeLessThanOrEqual(s.p25Ns);
    expect(s.maxNs).toBeGreaterThanOrEqual(s.p75Ns);
    expect(s.opsPerSec).toBeCloseTo(1e9 / s.medianNs, 3);
    expect(s.calls).toBe(s.samples * s.callsPerSample);
    expect(calls).toBeGreaterThanOrEqual(s.calls);
    expect(sinkCount()).toBeGreaterThan(0);
  });

  it('reports per operation: a call of 10 ops taking 1 µs is 100 ns per op (fake clock)', async () => {
    let t = 0;
    const clock = (): number => t;
    const work = (): number => (t += 0.001); // each call advances the clock by exactly 1 µs
    const one = await measure(work, TINY, { clock });
    const per10 = await measure(work, TINY, { clock, perCall: 10 });
    expect(one.medianNs).toBeCloseTo(1000, 6);
    expect(one.madPct).toBeCloseTo(0, 6);
    expect(one.opsPerSec).toBeCloseTo(1e6, 0);
    expect(per10.medianNs).toBeCloseTo(100, 6);
    expect(per10.opsPerSec).toBeCloseTo(1e7, 0);
  });

  it('an op of seconds per call takes the minimum of the mode, or exactly slowSamples when the op sets it (fake clock)', async () => {
    let t = 0;
    const clock = (): number => t;
    let calls = 0;
    const slowWork = (): number => {
      calls++;
      return (t += 5000); // 5 s per call
    };
    const budget = { ...TINY, warmupMs: 60, budgetMs: 100, minSamples: 5, capMs: 4000 };
    // The mode's minimum (5), cut to 3 once the cap (4 s) has passed.
    const byMode = await measure(slowWork, budget, { clock, minSamplesSlow: 3 });
    expect(byMode.samples).toBe(3);
    calls = 0;
    const one = await measure(slowWork, budget, { clock, minSamplesSlow: 3, slowSamples: 1 });
    expect(one.samples).toBe(1);
    expect(calls).toBe(1);
    expect(one.medianNs).toBeCloseTo(5e9, 0);
    // A fast op ignores it: the mode's minimum holds.
    const fast = await measure(() => (t += 0.001), budget, { clock, slowSamples: 1 });
    expect(fast.samples).toBeGreaterThanOrEqual(5);
  });

  it('counts heap allocations per op: ~0 for in-place work, at least the object sizes otherwise', async () => {
    const buf = new Float64Array(8);
    let i = 0;
    const inPlace = await measure(() => {
      buf[i++ & 7] = i;
      return buf;
    }, TINY);
    // Four 4-element arrays: each at least 16 bytes of header + 4 tagged slots.
    const arrays = await measure(() => [[i, i, i, i], [i, i, i, i], [i, i, i, i], [i++, i, i, i]], TINY);
    // A 32-byte typed array lives on the V8 heap (backing stores ≤ 64 bytes are on-heap).
    const small = await measure(() => new Uint8Array(32), TINY);
    let big = 12345678901234567890123456789n;
    const bigints = await measure(() => (big = (big * 3n) % (2n ** 255n - 19n)), TINY);
    expect(inPlace.bytesPerOp).not.toBeNull();
    expect(inPlace.bytesPerOp!).toBeLessThan(4);
    expect(arrays.bytesPerOp!).toBeGreaterThanOrEqual(4 * 48);
    expect(small.bytesPerOp!).toBeGreaterThanOrEqual(32);
    expect(bigints.bytesPerOp!).toBeGreaterThanOrEqual(32);
  });

  it('fails an async op that never settles instead of hanging', async () => {
    const { withTimeout } = await import('../src/harness.js');
    await expect(withTimeout(new Promise(() => {}), 30, 'stuck op')).rejects.toThrow(/stuck op did not settle/);
    await expect(withTimeout(Promise.resolve(7), 30)).resolves.toBe(7);
  });

  it('awaits async ops', async () => {
    const s = await measure(() => new Promise((r) => setTimeout(r, 2)), { ...TINY, budgetMs: 10 }, { async: true });
    expect(s.medianNs).toBeGreaterThan(1.5e6);
  });

  it('checks the first call\'s result when asked', async () => {
    await expect(measure(() => false, TINY, { checkResult: (r) => r === true })).rejects.toThrow(/self-check failed/);
    const s = await measure(() => true, TINY, { checkResult: (r) => r === true });
    expect(s.samples).toBeGreaterThan(0);
  });

  it('median of a list', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(Number.isNaN(median([]))).toBe(true);
  });
});

describe('runSuite', () => {
  const ok: Adapter = {
    backend: 'peer-a',
    // The old undifferentiated kind: recorded as `js`.
    kind: 'peer',
    description: 'works',
    async load() {
      return { cases: { x: () => 1 + 1, y: { run: () => [1, 2, 3], check: () => true } } };
    },
  };
  const slowPeer: Adapter = {
    backend: 'peer-b',
    kind: 'js',
    description: 'slower peer',
    async load() {
      return {
        cases: {
          x: () => {
            let s = 0;
            for (let i = 0; i < 5000; i++) s += i;
            return s;
          },
        },
      };
    },
  };
  const broken: Adapter = {
    backend: 'wasm-peer',
    kind: 'wasm',
    description: 'fails to load',
    covers: () => true,
    async load() {
      throw new Error('WebAssembly.instantiate(): out of memory');
    },
  };
  const strata: Adapter = {
    backend: 'strata',
    kind: 'strata',
    description: 'one op throws, one fails its self-check, one is missing',
    async load() {
      return {
        cases: {
          x: () => {
            throw new RangeError('boom');
          },
          y: { run: () => 0, check: () => false },
        },
      };
    },
  };
  let disposed = false;
  const disposing: Adapter = {
    backend: 'pool',
    kind: 'strata',
    description: 'has a dispose hook',
    covers: (op) => op.id === 'x',
    async load() {
      return { cases: { x: () => 0 }, dispose: () => void (disposed = true) };
    },
  };
  const suite: Suite = {
    name: 'fake',
    title: 'Fake suite',
    ops: () => [
      { id: 'x', group: 'g', label: 'x' },
      { id: 'y', group: 'g', label: 'y' },
      { id: 'z', group: 'g', label: 'z' },
    ],
    adapters: [strata, disposing, ok, slowPeer, broken],
    references: () => [{ opId: 'x', backend: 'Go (reference)', nsPerOp: 1, source: 'test' }],
    charts: [],
  };

  it('reports load failures, throwing ops, failed self-checks and missing Strata ops without stopping', async () => {
    const events: string[] = [];
    const r = await runSuite(suite, { mode: 'quick', budget: TINY, onProgress: (e) => events.push(e.type) });
    const row = (op: string, b: string) => r.rows.find((x) => x.opId === op && x.backend === b);
    expect(row('x', 'wasm-peer')?.status).toBe('unavailable');
    expect(row('x', 'wasm-peer')?.reason).toMatch(/failed to load: Error: WebAssembly/);
    expect(row('z', 'wasm-peer')?.status).toBe('unavailable');
    expect(row('x', 'strata')?.status).toBe('error');
    expect(row('x', 'strata')?.reason).toMatch(/RangeError: boom/);
    expect(row('y', 'strata')?.status).toBe('error');
    expect(row('y', 'strata')?.reason).toMatch(/self-check failed/);
    expect(row('z', 'strata')?.status).toBe('unavailable');
    // A peer that does not offer an op has no row for it.
    expect(row('z', 'peer-a')).toBeUndefined();
    expect(row('x', 'peer-a')?.status).toBe('ok');
    expect(row('x', 'pool')?.status).toBe('ok');
    expect(disposed).toBe(true);
    // Reference row follows the measured rows of its op and is never the "best peer".
    const xs = r.rows.filter((x) => x.opId === 'x');
    expect(xs[xs.length - 1]?.kind).toBe('cited');
    expect(row('x', 'peer-a')?.kind).toBe('js');
    expect(row('x', 'wasm-peer')?.kind).toBe('wasm');
    const a = row('x', 'peer-a')!;
    const b = row('x', 'peer-b')!;
    const best = a.stats!.medianNs <= b.stats!.medianNs ? a : b;
    expect(best.ratioToBestPeer).toBe(1);
    expect(row('x', 'pool')?.bestPeer).toBe(best.backend);
    expect(row('x', 'pool')?.ratioToPeers && Object.keys(row('x', 'pool')!.ratioToPeers!).sort()).toEqual(['peer-a', 'peer-b']);
    expect(row('x', 'pool')?.ratioToReference).toBeCloseTo(row('x', 'pool')!.stats!.medianNs / 1, 6);
    expect(events[0]).toBe('suite-start');
    expect(events.at(-1)).toBe('suite-end');
    expect(events).toContain('row');
  });

  it('interleaves backends over rounds and merges their samples', async () => {
    const order: string[] = [];
    const mk = (name: string): Adapter => ({
      backend: name,
      kind: 'js',
      description: name,
      async load() {
        return {
          cases: {
            x: () => {
              if (order[order.length - 1] !== name) order.push(name);
              let t = 0;
              for (let i = 0; i < 100; i++) t += i;
              return t;
            },
          },
        };
      },
    });
    const two: Suite = { name: 'rounds', title: 'Rounds', ops: () => [{ id: 'x', group: 'g', label: 'x' }], adapters: [mk('A'), mk('B')], charts: [] };
    const r = await runSuite(two, { mode: 'default', budget: { ...TINY, rounds: 3, minSamples: 3 } });
    expect(r.rows.map((x) => x.backend)).toEqual(['A', 'B']);
    // Rounds A B | B A | A B, consecutive runs of one backend merged: A B A B
    // (without the rotation it would be A B A B A B).
    expect(order).toEqual(['A', 'B', 'A', 'B']);
    for (const row of r.rows) {
      expect(row.status).toBe('ok');
      expect(row.stats!.samples).toBeGreaterThanOrEqual(3);
      expect(row.stats!.calls).toBe(row.stats!.samples * row.stats!.callsPerSample);
      expect(row.stats!.bytesPerOp).not.toBeNull();
    }
  });

  it('keeps only the requested backends', async () => {
    const r = await runSuite(suite, { mode: 'quick', budget: TINY, backends: ['peer-a'] });
    expect(new Set(r.rows.filter((x) => x.kind !== 'cited').map((x) => x.backend))).toEqual(new Set(['peer-a']));
  });
});
