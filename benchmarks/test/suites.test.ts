/** What each mode runs: --full is the exhaustive sweep, the default a subset, --quick the smallest. */
import { describe, expect, it } from 'vitest';
import { SUITES } from '../src/suites/index.js';
import type { Mode } from '../src/types.js';

const ops = (suite: string, mode: Mode) => SUITES.find((s) => s.name === suite)!.ops(mode);
const sizes = (suite: string, mode: Mode, prefix: string) => [...new Set(ops(suite, mode).filter((o) => o.id.startsWith(prefix)).map((o) => o.size))].sort((a, b) => a! - b!);

describe('suite ops per mode', () => {
  it('op ids are unique in every suite and mode', () => {
    for (const s of SUITES) {
      for (const m of ['quick', 'default', 'full'] as const) {
        const ids = s.ops(m).map((o) => o.id);
        expect(new Set(ids).size, `${s.name} ${m}`).toBe(ids.length);
      }
    }
  });

  it('--full sweeps every size', () => {
    expect(sizes('ring', 'full', 'ring/k1/verify-cold/')).toEqual([2, 4, 8, 16, 32, 64, 128]);
    expect(sizes('ring', 'full', 'ring/ed/sign-warm/')).toEqual([2, 4, 8, 16, 32, 64, 128]);
    expect(sizes('ed25519', 'full', 'ed/batch/')).toEqual([1, 4, 16, 64, 128, 512, 1024, 4096]);
    expect(sizes('curves', 'full', 'k1/msm/')).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 16384, 65536]);
    // Issue 24's large MSM: 2^12, 2^14 and 2^16 on all three curves in full mode; 2^12 and 2^16 by
    // default, where the 2^16 rows take one sample (noble-curves takes seconds per call there).
    for (const p of ['ed/msm/', 'bj/msm/']) for (const n of [4096, 16384, 65536]) expect(sizes('curves', 'full', p)).toContain(n);
    expect(sizes('curves', 'default', 'bj/msm/')).toEqual([64, 4096, 65536]);
    for (const p of ['k1/msm/', 'ed/msm/', 'bj/msm/']) {
      expect(sizes('curves', 'default', p)).toContain(65536);
      const slow = (m: 'default' | 'full') => ops('curves', m).filter((o) => o.id.startsWith(p)).map((o) => [o.size, o.slowSamples]);
      expect(slow('default').filter(([, k]) => k !== undefined)).toEqual([[65536, 1]]);
      expect(slow('full').filter(([, k]) => k !== undefined)).toEqual([]);
    }
    const dleq = ops('dleq', 'full').map((o) => o.id);
    for (const p of ['k1-ed', 'ed-k1']) for (const k of ['prove', 'verify', 'deser-verify']) expect(dleq).toContain(`dleq/${p}/${k}`);
  });

  it('the default run covers every suite with a subset of the sizes', () => {
    for (const [suite, prefix] of [['ring', 'ring/k1/sign-cold/'], ['ed25519', 'ed/batch/'], ['curves', 'k1/msm/']] as const) {
      const d = sizes(suite, 'default', prefix);
      const f = sizes(suite, 'full', prefix);
      expect(d.length).toBeGreaterThan(1);
      expect(d.length).toBeLessThan(f.length);
      for (const x of d) expect(f).toContain(x);
    }
    expect(sizes('ring', 'default', 'ring/ed/verify-warm/')).toContain(128);
    expect(ops('dleq', 'default').map((o) => o.id)).toEqual(['dleq/k1-ed/prove', 'dleq/k1-ed/verify', 'dleq/ed-k1/prove', 'dleq/ed-k1/verify']);
  });

  it('batch rows are per signature and compare with single verify', () => {
    for (const o of ops('ed25519', 'default').filter((x) => x.id.startsWith('ed/batch/'))) {
      expect(o.perCall).toBe(o.size);
      expect(o.unit).toBe('sig');
      expect(o.compareTo).toBe('ed/verify');
    }
  });
});
