/**
 * The Go reference rows (src/reference.ts, the runner's Go rounds): parsing bench.sh's JSON and
 * printed lines, the mapping of its figures to rows (measured in this run, else cited), the rounds
 * interleaved with a suite, the fallback without Go on PATH, `--go` without Go, and a broken Go
 * toolchain or a failing Go benchmark as warnings — all without Go: a fake `go` and a fake
 * bench.sh (in a temporary folder) stand in where a process is needed.
 *
 * The sample JSON and lines are the format a real bench.sh run printed (Go 1.19.8, 2 cores):
 *   bench.sh --json go.json --benchtime 100ms 'ring-go:(Sign|Verify)(2|8)_' 'go-dleq:Local' 'secp256k1:…'
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Budget } from '../src/harness.js';
import { PACKAGE_ROOT, runBench } from '../src/main.js';
import {
  GO_INSTALL,
  GO_REFERENCE_ENV,
  GoSession,
  findGo,
  goComparisons,
  goHeaderLine,
  goProblem,
  parseBenchtime,
  parseGoBenchJson,
  parseGoBenchOutput,
  readGoRound,
  renderGoNote,
  renderGoNoteMarkdown,
} from '../src/reference.js';
import { goRoundsAfter, runSuite, type ProgressEvent } from '../src/runner.js';
import { SUITES } from '../src/suites/index.js';
import { engineTargets } from '../src/targets.js';
import type { GoBenchmark, GoRoundResult, GoRunner, GoSample, Row, Suite } from '../src/types.js';
import { flatStats } from './stats.js';

const TINY: Budget = { warmupMs: 1, sampleMs: 0.3, budgetMs: 3, minSamples: 2, maxSamples: 10, capMs: 50, allocRounds: 1, allocMs: 2, rounds: 1 };

/** A real bench.sh --json output (abridged: one entry per kind of benchmark). */
const SAMPLE_JSON = `[
{"suite":"ring-go","package":"github.com/pokt-network/ring-go","benchmark":"BenchmarkSign2_Secp256k1","ns_per_op":1152916,"bytes_per_op":11103,"allocs_per_op":112,"go":"go1.19.8"},
{"suite":"ring-go","package":"github.com/pokt-network/ring-go","benchmark":"BenchmarkVerify2_Ed25519","ns_per_op":370758,"bytes_per_op":7430,"allocs_per_op":65,"go":"go1.19.8"},
{"suite":"go-dleq","package":"github.com/pokt-network/go-dleq","benchmark":"BenchmarkLocalProve_Secp256k1_Ed25519","ns_per_op":270211346,"bytes_per_op":3061760,"allocs_per_op":39118,"go":"go1.19.8"},
{"suite":"secp256k1","package":"github.com/decred/dcrd/dcrec/secp256k1/v4","benchmark":"BenchmarkFieldNormalize","ns_per_op":16.14,"bytes_per_op":0,"allocs_per_op":0,"go":"go1.19.8"},
{"suite":"secp256k1","package":"github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa","benchmark":"BenchmarkSigVerify","ns_per_op":113062,"bytes_per_op":688,"allocs_per_op":16,"go":"go1.19.8"},
{"suite":"secp256k1","package":"github.com/decred/dcrd/dcrec/secp256k1/v4/schnorr","benchmark":"BenchmarkSigVerify","ns_per_op":116023,"bytes_per_op":null,"allocs_per_op":null,"go":"go1.19.8"}
]
`;

/** What the same run printed (bench.sh's stdout: pkg lines with the suite, go test's result lines). */
const SAMPLE_OUT = `pkg: ring-go github.com/pokt-network/ring-go
BenchmarkSign2_Secp256k1-2     	      99	   1152916 ns/op	   11103 B/op	     112 allocs/op
BenchmarkVerify2_Ed25519-2     	     284	    370758 ns/op	    7430 B/op	      65 allocs/op
ok  	github.com/pokt-network/ring-go	1.181s
pkg: go-dleq github.com/pokt-network/go-dleq
BenchmarkLocalProve_Secp256k1_Ed25519-2    	       1	 270211346 ns/op	 3061760 B/op	   39118 allocs/op
ok  	github.com/pokt-network/go-dleq	1.558s
pkg: secp256k1 github.com/decred/dcrd/dcrec/secp256k1/v4
BenchmarkFieldNormalize-2           	 7437992	        16.14 ns/op	       0 B/op	       0 allocs/op
ok  	github.com/decred/dcrd/dcrec/secp256k1/v4	1.570s
pkg: secp256k1 github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa
BenchmarkSigVerify-2   	    1082	    113062 ns/op	     688 B/op	      16 allocs/op
ok  	github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa	0.147s
pkg: secp256k1 github.com/decred/dcrd/dcrec/secp256k1/v4/schnorr
BenchmarkSigVerify-2   	    1032	    116023 ns/op
ok  	github.com/decred/dcrd/dcrec/secp256k1/v4/schnorr	0.154s
`;

const DECRED = 'github.com/decred/dcrd/dcrec/secp256k1/v4';

describe("bench.sh's output", () => {
  it('parses the JSON: every field, null bytes / allocs, one entry per benchmark and package', () => {
    const s = parseGoBenchJson(SAMPLE_JSON);
    expect(s).toHaveLength(6);
    expect(s[0]).toEqual({ suite: 'ring-go', package: 'github.com/pokt-network/ring-go', benchmark: 'BenchmarkSign2_Secp256k1', nsPerOp: 1152916, bytesPerOp: 11103, allocsPerOp: 112, go: 'go1.19.8' });
    expect(s[3]).toMatchObject({ benchmark: 'BenchmarkFieldNormalize', nsPerOp: 16.14, bytesPerOp: 0 });
    expect(s[5]).toMatchObject({ package: `${DECRED}/schnorr`, benchmark: 'BenchmarkSigVerify', bytesPerOp: null, allocsPerOp: null });
    expect(parseGoBenchJson('[]\n')).toEqual([]);
  });

  it('rejects each kind of malformed JSON with a message naming it', () => {
    const entry = (o: Record<string, unknown>): string => JSON.stringify([{ suite: 'ring-go', package: 'p', benchmark: 'BenchmarkX', ns_per_op: 5, bytes_per_op: 0, allocs_per_op: 0, go: 'go1.19.8', ...o }]);
    expect(() => parseGoBenchJson('[\n{"suite":"ring-go","ns_per_op":,}\n]')).toThrow(/does not parse/);
    expect(() => parseGoBenchJson('{"suite":"ring-go"}')).toThrow(/expected an array/);
    expect(() => parseGoBenchJson('[3]')).toThrow(/entry 0 is not an object/);
    expect(() => parseGoBenchJson(entry({ benchmark: undefined }))).toThrow(/entry 0 has no benchmark/);
    expect(() => parseGoBenchJson(entry({ go: '' }))).toThrow(/entry 0 has no go/);
    expect(() => parseGoBenchJson(entry({ benchmark: 'TestX' }))).toThrow(/not a benchmark name/);
    expect(() => parseGoBenchJson(entry({ ns_per_op: '5' }))).toThrow(/ns_per_op is "5"/);
    expect(() => parseGoBenchJson(entry({ ns_per_op: -1 }))).toThrow(/ns_per_op is -1/);
    expect(() => parseGoBenchJson(entry({ ns_per_op: 0 }))).toThrow(/ns_per_op is 0/);
    expect(() => parseGoBenchJson(entry({ bytes_per_op: 'x' }))).toThrow(/bytes_per_op/);
  });

  it('parses the printed lines: suites, packages, b.N, FAIL lines, name-only lines', () => {
    const p = parseGoBenchOutput(`${SAMPLE_OUT}BenchmarkLogs-2\n    x_test.go:9: hello\n--- FAIL: BenchmarkBroken-2\nFAIL\tgithub.com/pokt-network/ring-go\t0.01s\n`);
    expect(p.samples).toHaveLength(6);
    expect(p.samples[0]).toMatchObject({ suite: 'ring-go', benchmark: 'BenchmarkSign2_Secp256k1', nsPerOp: 1152916, iterations: 99, bytesPerOp: 11103, allocsPerOp: 112 });
    expect(p.samples[3]).toMatchObject({ suite: 'secp256k1', package: DECRED, benchmark: 'BenchmarkFieldNormalize', iterations: 7437992, nsPerOp: 16.14 });
    expect(p.samples[5]).toMatchObject({ package: `${DECRED}/schnorr`, bytesPerOp: null, allocsPerOp: null });
    expect(p.problems).toEqual([
      { benchmark: 'BenchmarkBroken', text: 'BenchmarkBroken-2 failed (go test printed --- FAIL)' },
      { text: 'go test: FAIL github.com/pokt-network/ring-go 0.01s' },
    ]);
  });

  it('joins the JSON with the printed b.N, falls back to the lines for an unreadable JSON, and names each wanted benchmark without a figure', () => {
    const wanted: GoBenchmark[] = [
      { suite: 'ring-go', benchmark: 'BenchmarkSign2_Secp256k1' },
      { suite: 'secp256k1', benchmark: 'BenchmarkSigVerify', package: `${DECRED}/ecdsa` },
      { suite: 'go-dleq', benchmark: 'BenchmarkLocalVerify_Secp256k1_Ed25519' },
    ];
    const r = readGoRound(SAMPLE_JSON, SAMPLE_OUT, wanted, 'go1.19.8');
    expect(r.samples).toHaveLength(6);
    expect(r.samples.find((s) => s.package === `${DECRED}/ecdsa`)?.iterations).toBe(1082);
    expect(r.samples.find((s) => s.package === `${DECRED}/schnorr`)?.iterations).toBe(1032);
    expect(r.problems).toEqual([{ benchmark: 'BenchmarkLocalVerify_Secp256k1_Ed25519', text: 'BenchmarkLocalVerify_Secp256k1_Ed25519 (go-dleq) gave no figure' }]);
    // The awk in bench.sh writes `"ns_per_op":,` for a result line it cannot read: use the lines.
    const bad = readGoRound('[\n{"suite":"ring-go","ns_per_op":,}\n]', SAMPLE_OUT, wanted.slice(0, 2), 'go1.19.8');
    expect(bad.samples).toHaveLength(6);
    expect(bad.samples.every((s) => s.go === 'go1.19.8')).toBe(true);
    expect(bad.problems).toHaveLength(1);
    expect(bad.problems[0]!.text).toMatch(/^bench\.sh JSON does not parse: [^\n]+; used the printed benchmark lines instead$/);
    const none = readGoRound(null, '', wanted.slice(0, 1), 'go1.19.8');
    expect(none.samples).toEqual([]);
    expect(none.problems.map((p) => p.text)).toEqual(['bench.sh wrote no JSON file; and no benchmark lines were printed', 'BenchmarkSign2_Secp256k1 (ring-go) gave no figure']);
  });

  it('reads benchtimes and refuses bad ones', () => {
    expect(parseBenchtime('500ms').seconds).toBeCloseTo(0.5);
    expect(parseBenchtime('1s').seconds).toBe(1);
    expect(parseBenchtime('100x').seconds).toBeNull();
    for (const bad of ['', '1', 'fast', '0x', '1h', '-1s']) expect(() => parseBenchtime(bad)).toThrow(/benchtime/);
  });
});

describe('the Go counterparts of the suites', () => {
  const refs = (name: string, mode: 'quick' | 'default' | 'full' = 'default') => {
    const s = SUITES.find((x) => x.name === name)!;
    return s.references!(s.ops(mode));
  };

  it('ring: every size, sign and verify, both curves, cold and warm sharing one ring-go benchmark', () => {
    const r = refs('ring', 'full');
    expect(r).toHaveLength(2 * 4 * 7);
    for (const f of r) {
      const [, c, k, n] = f.opId.split('/');
      expect(f.go).toEqual({ suite: 'ring-go', benchmark: `Benchmark${k!.startsWith('sign') ? 'Sign' : 'Verify'}${n}_${c === 'k1' ? 'Secp256k1' : 'Ed25519'}` });
      expect(f.citedAs).toBe('Go 1.19.8 (Debian), same machine class, 2026-11-30');
    }
  });

  it('dleq: prove and verify in both orders measured; deserialize + verify cited only', () => {
    const r = refs('dleq', 'full');
    const go = Object.fromEntries(r.map((f) => [f.opId, f.go?.benchmark ?? null]));
    expect(go).toEqual({
      'dleq/k1-ed/prove': 'BenchmarkLocalProve_Secp256k1_Ed25519',
      'dleq/k1-ed/verify': 'BenchmarkLocalVerify_Secp256k1_Ed25519',
      'dleq/k1-ed/deser-verify': null,
      'dleq/ed-k1/prove': 'BenchmarkLocalProve_Ed25519_Secp256k1',
      'dleq/ed-k1/verify': 'BenchmarkLocalVerify_Ed25519_Secp256k1',
      // (the cited file has no deserialize + verify figure for this order: no Go row at all)
    });
  });

  it('curves and field: decred v4 benchmarks of the shared sources; v4.4.1-only figures cited only', () => {
    const c = Object.fromEntries(refs('curves').map((f) => [f.opId, f.go]));
    expect(c['k1/base-nc']).toEqual({ suite: 'secp256k1', benchmark: 'BenchmarkScalarBaseMultNonConst', package: DECRED });
    expect(c['k1/mult-nc']?.benchmark).toBe('BenchmarkScalarMultNonConst');
    expect(c['k1/parse']?.benchmark).toBe('BenchmarkParsePubKeyCompressed');
    expect(c['k1/add-z1']?.benchmark).toBe('BenchmarkAddNonConst');
    const f = Object.fromEntries(refs('field').map((x) => [x.opId, x.go?.benchmark ?? null]));
    expect(f).toMatchObject({ 'fp/sqrt': 'BenchmarkFieldSqrt', 'fp/normalize': 'BenchmarkFieldNormalize', 'fn/mul': 'BenchmarkModNScalarMul', 'fp/inverse': null, 'fp/inverse-nc': null });
    // Each names a benchmark that exists in the shared sources' cited twin (v4.1.0, suite label ring-go).
    for (const x of [...refs('curves'), ...refs('field')].filter((y) => y.go)) expect(x.source).toMatch(/decred secp256k1 v4\.1\.0/);
    expect(refs('field').find((x) => x.opId === 'fp/inverse')?.citedOnly).toBe("BenchmarkFieldInverse is decred v4.4.1's; the shared Go sources are v4.1.0");
    expect(refs('dleq', 'full').find((x) => x.opId === 'dleq/k1-ed/deser-verify')?.citedOnly).toBe('the shared go-dleq sources have no BenchmarkLocalDeserializeVerify_Secp256k1_Ed25519');
  });
});

/** A Go runner that returns figures per round from a table (no process): `ns[benchmark][round]`. */
function fakeRunner(ns: Record<string, (number | null)[]>, rounds: number, log: string[] = []): GoRunner {
  let k = 0;
  return {
    rounds,
    label: `go1.99.0, measured in this run (median of ${rounds} rounds interleaved with the suite, -benchtime 1ms)`,
    version: 'go1.99.0',
    folder: '/nowhere/go',
    async round(bs: readonly GoBenchmark[], what: string): Promise<GoRoundResult> {
      const i = k++;
      log.push(`go:${what}`);
      if (ns.__throw) throw new Error('the fake Go exploded');
      const samples: GoSample[] = [];
      const problems: { benchmark?: string; text: string }[] = [];
      for (const b of bs) {
        const v = ns[b.benchmark]?.[i];
        if (v === null || v === undefined) problems.push({ benchmark: b.benchmark, text: `${b.benchmark} failed in round ${i + 1}` });
        else samples.push({ suite: b.suite, package: b.package ?? 'p', benchmark: b.benchmark, nsPerOp: v, bytesPerOp: 8, allocsPerOp: 1, go: 'go1.99.0', iterations: 10 });
      }
      return { samples, problems };
    },
  };
}

const toy: Suite = {
  name: 'toy',
  title: 'Toy',
  ops: () => ['a', 'b', 'c', 'd'].map((id) => ({ id, group: 'g', label: id })),
  adapters: [
    {
      backend: 'strata',
      kind: 'strata',
      description: 'toy',
      async load() {
        const f = (): number => {
          let x = 0;
          for (let i = 0; i < 50; i++) x += i;
          return x;
        };
        return { cases: { a: f, b: f, c: f, d: f } };
      },
    },
  ],
  references: () => [
    { opId: 'a', backend: 'Go toy (reference)', nsPerOp: 1000, source: 'cited file: BenchmarkA', citedAs: 'Go 1.19.8, same machine class, 2026-11-30', go: { suite: 'ring-go', benchmark: 'BenchmarkA' } },
    { opId: 'b', backend: 'Go toy (reference)', nsPerOp: 2000, source: 'cited file: BenchmarkB', citedAs: 'Go 1.19.8, same machine class, 2026-11-30', go: { suite: 'ring-go', benchmark: 'BenchmarkB' } },
    { opId: 'c', backend: 'Go toy (reference)', nsPerOp: 3000, source: 'cited file: BenchmarkC', citedAs: 'Go 1.19.8, same machine class, 2026-11-30' },
    // Two ops, one Go benchmark: run once per round.
    { opId: 'd', backend: 'Go toy (reference)', nsPerOp: 1000, source: 'cited file: BenchmarkA', citedAs: 'Go 1.19.8, same machine class, 2026-11-30', go: { suite: 'ring-go', benchmark: 'BenchmarkA' } },
  ],
  charts: [],
};

describe('Go figures become rows', () => {
  it('spreads the rounds over the suite: before the first op group, between, after the last', () => {
    expect(goRoundsAfter(1, 10)).toEqual([]);
    expect(goRoundsAfter(2, 10)).toEqual([10]);
    expect(goRoundsAfter(3, 10)).toEqual([5, 10]);
    expect(goRoundsAfter(4, 3)).toEqual([1, 2, 3]);
    expect(goRoundsAfter(3, 0)).toEqual([]);
  });

  it('a row per reference: `go` with the median of the rounds, the cited figure kept, the label, the ratio; cited where Go has no figure', async () => {
    const log: string[] = [];
    const go = fakeRunner({ BenchmarkA: [900, 1300, 1100], BenchmarkB: [2100, null, 1900] }, 3, log);
    const r = await runSuite(toy, { mode: 'default', budget: TINY, go, onProgress: (e: ProgressEvent) => (e.type === 'row-start' ? log.push(`op:${e.op}`) : e.type === 'go-round' && e.phase === 'end' ? log.push(`end:${e.figures}`) : undefined) });
    // Round 1 before the first op, round 2 after half of the op groups, round 3 after the last.
    expect(log.filter((x) => !x.startsWith('end:'))).toEqual(['go:toy round 1/3', 'op:a', 'op:b', 'go:toy round 2/3', 'op:c', 'op:d', 'go:toy round 3/3']);
    expect(log.filter((x) => x.startsWith('end:'))).toEqual(['end:2', 'end:1', 'end:2']);
    const row = (op: string, b = 'Go toy (reference)'): Row => r.rows.find((x) => x.opId === op && x.backend === b)!;
    const a = row('a');
    expect(a.kind).toBe('go');
    expect(a.stats).toMatchObject({ medianNs: 1100, samples: 3, callsPerSample: 10, calls: 30, bytesPerOp: 8, minNs: 900, maxNs: 1300 });
    expect(a.note).toBe('go1.99.0, measured in this run (median of 3 rounds interleaved with the suite, -benchtime 1ms)');
    expect(a.cited).toEqual({ nsPerOp: 1000, source: 'cited file: BenchmarkA' });
    expect(a.source).toMatch(/^go1\.99\.0 · p BenchmarkA \(bench.sh in \/nowhere\/go\)$/);
    expect(row('d').stats!.medianNs).toBe(1100);
    // B failed in one round: measured from the other two, and says so.
    const b = row('b');
    expect(b.kind).toBe('go');
    expect(b.stats!.medianNs).toBe(2000);
    expect(b.note).toMatch(/; 1 of 3 rounds gave no figure \(see warnings\)$/);
    // C has no Go benchmark: cited, and why.
    const c = row('c');
    expect(c.kind).toBe('cited');
    expect(c.stats!.medianNs).toBe(3000);
    expect(c.note).toBe('cited (Go 1.19.8, same machine class, 2026-11-30): not measured in this run — no Go counterpart in the shared Go sources');
    // The Strata row's "vs Go" is against the same-run figure; the Go row is no peer.
    const s = row('a', 'strata');
    expect(s.ratioToReference).toBeCloseTo(s.stats!.medianNs / 1100, 9);
    expect(a.ratioToBestPeer).toBeUndefined();
    // Each Go row sits right after the measured rows of its op.
    expect(r.rows.map((x) => `${x.opId}:${x.kind}`)).toEqual(['a:strata', 'a:go', 'b:strata', 'b:go', 'c:strata', 'c:cited', 'd:strata', 'd:go']);
    expect(goComparisons([r]).map((x) => [x.op, x.measuredNs, x.citedNs])).toEqual([
      ['a', 1100, 1000],
      ['b', 2000, 2000],
      ['c', null, 3000],
      ['d', 1100, 1000],
    ]);
    const note = renderGoNote([r]);
    expect(note).toContain('Go reference, measured in this run vs cited (same machine class, 2026-11-30), per row:');
    expect(note).toMatch(/toy · g · a · Go toy \(reference\)\s+measured 1\.10 µs · cited 1\.00 µs \(1\.10× the cited figure\)/);
    expect(note).toMatch(/toy · g · c · Go toy \(reference\)\s+cited 3\.00 µs only: cited/);
    expect(renderGoNoteMarkdown([r])).toContain('| toy | g · a | Go toy (reference) | 1.10 µs | 1.00 µs | 1.10× |');
  });

  it('a Go benchmark that failed in every round, or a runner that throws, leaves its rows cited with the reason', async () => {
    const r = await runSuite(toy, { mode: 'default', budget: TINY, go: fakeRunner({ BenchmarkA: [500, 500], BenchmarkB: [null, null] }, 2) });
    const b = r.rows.find((x) => x.opId === 'b' && x.kind !== 'strata')!;
    expect(b.kind).toBe('cited');
    expect(b.note).toBe('cited (Go 1.19.8, same machine class, 2026-11-30): not measured in this run — the Go run gave no figure: BenchmarkB failed in round 1');
    expect(r.rows.find((x) => x.opId === 'a' && x.kind === 'go')?.stats?.medianNs).toBe(500);
    const t = await runSuite(toy, { mode: 'default', budget: TINY, go: fakeRunner({ __throw: [] }, 2) });
    const gone = t.rows.filter((x) => x.backend === 'Go toy (reference)');
    expect(gone.map((x) => x.kind)).toEqual(['cited', 'cited', 'cited', 'cited']);
    expect(gone[0]!.note).toMatch(/the Go run gave no figure: Go round failed: Error: the fake Go exploded$/);
    expect(renderGoNote([t])).toBe('');
  });

  it('without a Go runner every Go row is cited and says why', async () => {
    const r = await runSuite(toy, { mode: 'default', budget: TINY, goCited: 'no Go toolchain on PATH' });
    const go = r.rows.filter((x) => x.backend === 'Go toy (reference)');
    expect(go.map((x) => x.kind)).toEqual(['cited', 'cited', 'cited', 'cited']);
    expect(go[0]!.note).toBe('cited (Go 1.19.8, same machine class, 2026-11-30): not measured in this run — no Go toolchain on PATH');
  });
});

describe('targets stated against Go', () => {
  const row = (opId: string, backend: string, kind: Row['kind'], ns: number, note?: string): Row => ({
    suite: 'dleq',
    group: 'g',
    opId,
    op: opId,
    unit: 'op',
    backend,
    kind,
    status: 'ok',
    stats: flatStats(ns, { samples: 3 }),
    ...(note ? { note } : {}),
  });
  const input = (kind: 'go' | 'cited') => ({
    suites: [
      {
        name: 'dleq',
        title: 'dleq',
        charts: [],
        elapsedMs: 1,
        backends: [],
        rows: [row('dleq/k1-ed/prove', 'strata (wasm)', 'strata', 90e6), row('dleq/k1-ed/prove', 'Go go-dleq (reference)', kind, 300e6, kind === 'go' ? 'go1.19.8, measured in this run (3 rounds)' : 'cited (Go 1.19.8, same machine class, 2026-11-30): not measured in this run — no Go toolchain on PATH')],
      },
      {
        name: 'ring',
        title: 'ring',
        charts: [],
        elapsedMs: 1,
        backends: [],
        rows: [row('ring/k1/verify-cold/8', 'strata (wasm)', 'strata', 8e6), row('ring/k1/verify-cold/8', 'Go ring-go (reference)', kind, 32e6, kind === 'go' ? 'go1.19.8, measured in this run (3 rounds)' : 'cited (…)')].map((x) => ({ ...x, suite: 'ring' })),
      },
    ],
  });
  const pick = (kind: 'go' | 'cited', part: string) => engineTargets(input(kind)).find((t) => t.target.includes(part))!;

  it('read the same-run Go row when there is one, and say so', () => {
    const d = pick('go', 'DLEq prove, secp256k1 × ed25519');
    expect(d).toMatchObject({ measured: 90e6, baseline: 300e6, met: true, baselineOf: 'Go go-dleq (reference) dleq/k1-ed/prove, measured in this run' });
    expect(d.note).toBe('Go figure: go1.19.8, measured in this run (3 rounds)');
    const r = pick('go', 'cold ring, secp256k1');
    expect(r.baselineOf).toBe('Go ring-go (reference) ring/k1/verify-cold/8 per member, measured in this run');
    expect(r.note).toMatch(/n = 8; .*Go figure: go1\.19\.8, measured in this run/);
  });

  it('read the cited row otherwise, and say so', () => {
    const d = pick('cited', 'DLEq prove, secp256k1 × ed25519');
    expect(d.baselineOf).toBe('Go go-dleq (reference) dleq/k1-ed/prove, cited');
    expect(d.note).toMatch(/^Go figure: cited \(Go 1\.19\.8, same machine class, 2026-11-30\): not measured in this run — no Go toolchain on PATH$/);
    expect(pick('cited', 'cold ring, secp256k1').baselineOf).toMatch(/per member, cited$/);
  });
});

// ─── processes: a fake `go` and a fake bench.sh ────────────────────────────────────────────────

let tmp: string;
const saved = { PATH: process.env.PATH, ref: process.env[GO_REFERENCE_ENV] };

beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'strata-go-test-'));
});
afterEach(() => {
  rmSync(tmp, { recursive: true, force: true });
  for (const [k, v] of [['PATH', saved.PATH], [GO_REFERENCE_ENV, saved.ref]] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

/** A folder with only a `go` script (printing a version, or failing), for PATH. */
function fakeGo(ok: boolean): string {
  const bin = path.join(tmp, 'bin');
  mkdirSync(bin, { recursive: true });
  const f = path.join(bin, 'go');
  writeFileSync(f, ok ? '#!/bin/sh\nif [ "$1 $2" = "env GOVERSION" ]; then echo go1.99.0; exit 0; fi\nexit 1\n' : '#!/bin/sh\necho "go: cannot find GOROOT directory: /usr/lib/go-broken" >&2\nexit 2\n');
  chmodSync(f, 0o755);
  return bin;
}

/**
 * A bench.sh stand-in: logs its arguments, cwd and TMPDIR to $FAKE_BENCH_LOG; for the build call
 * (`--benchtime 1x SUITE:^$`) prints nothing (or, in the mode `build-fails`, a go test FAIL
 * line); for a round, prints the sample lines and writes the sample JSON to --json, except in the mode `exit` (exits 3 like
 * bench.sh without a Debian package) and `bench-fails` (prints --- FAIL for one benchmark and
 * leaves it out). The mode is the content of the file `mode` beside it ({@link setMode}).
 */
function fakeBenchSh(): string {
  const dir = path.join(tmp, 'goref');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'sample.json'), SAMPLE_JSON);
  writeFileSync(path.join(dir, 'sample.out'), SAMPLE_OUT);
  const lines = SAMPLE_JSON.trim().split('\n').slice(1, -1).map((l) => l.replace(/,$/, ''));
  writeFileSync(path.join(dir, 'sample-fail.json'), `[\n${lines.filter((l) => !l.includes('Sign2')).join(',\n')}\n]\n`);
  writeFileSync(
    path.join(dir, 'bench.sh'),
    `#!/usr/bin/env bash
here=$(cd "$(dirname "\${BASH_SOURCE[0]}")" && pwd)
echo "args: $* | cwd: $(pwd) | tmpdir: $TMPDIR | gocache: $GOCACHE" >> "$FAKE_BENCH_LOG"
FAKE_BENCH_MODE=$(cat "$here/mode" 2>/dev/null || true)
json=""
while [ $# -gt 0 ]; do case "$1" in --json) json=$2; shift 2;; --benchtime|--count) shift 2;; *) shift;; esac; done
if [ -z "$json" ]; then
  [ "$FAKE_BENCH_MODE" = build-fails ] && echo "FAIL	github.com/pokt-network/ring-go [build failed]"
  exit 0
fi
case "$FAKE_BENCH_MODE" in
  exit) echo "bench.sh: /usr/share/gocode/src/filippo.io/edwards25519 missing: install the Debian packages named in --help" >&2; exit 3;;
  bench-fails) echo "--- FAIL: BenchmarkSign2_Secp256k1-2"; cp "$here/sample-fail.json" "$json";;
  *) cat "$here/sample.out"; cp "$here/sample.json" "$json";;
esac
`,
  );
  return dir;
}

/** A PATH without `go` (an empty folder; the tests start node by its full path). */
function noGo(): string {
  const d = path.join(tmp, 'empty');
  mkdirSync(d, { recursive: true });
  return d;
}

function setMode(mode: string): void {
  writeFileSync(path.join(tmp, 'goref', 'mode'), mode);
}

/** A suite with one Strata op and one Go counterpart in the sample JSON (BenchmarkSign2_Secp256k1). */
const one: Suite = {
  ...toy,
  name: 'one',
  ops: () => [{ id: 'a', group: 'g', label: 'a' }],
  references: () => [{ opId: 'a', backend: 'Go ring-go (reference)', nsPerOp: 1e6, source: 'cited', citedAs: 'Go 1.19.8, same machine class, 2026-11-30', go: { suite: 'ring-go', benchmark: 'BenchmarkSign2_Secp256k1' } }],
};

describe('finding and running Go', () => {
  it('finds `go` on PATH, and says what to install without it', () => {
    const bin = fakeGo(true);
    expect(findGo(`/nonexistent${path.delimiter}${bin}`)).toBe(path.join(bin, 'go'));
    expect(findGo(tmp)).toBeNull();
    expect(findGo('')).toBeNull();
    const why = goProblem({ PATH: tmp });
    expect(why).toContain('no Go toolchain (`go`) on PATH');
    expect(why).toContain(GO_INSTALL);
    expect(goProblem({ PATH: bin, [GO_REFERENCE_ENV]: path.join(tmp, 'none') })).toMatch(/none\/bench\.sh \(the shared Go sources; STRATA_GO_REFERENCE names another folder\)/);
    expect(goProblem({ PATH: bin, [GO_REFERENCE_ENV]: fakeBenchSh() })).toBeNull();
  });

  it('a session: builds once, runs rounds in its own temporary folder (never the repository), maps the JSON, removes the folder', async () => {
    const log = path.join(tmp, 'log');
    const env = { PATH: `${fakeGo(true)}${path.delimiter}${process.env.PATH}`, [GO_REFERENCE_ENV]: fakeBenchSh(), FAKE_BENCH_LOG: log };
    const s = await GoSession.open({ mode: 'default', suites: ['ring-go'], env });
    if (!(s instanceof GoSession)) throw new Error(`no session: ${s.unavailable}`);
    expect(s.version).toBe('go1.99.0');
    expect(s.label).toBe('go1.99.0, measured in this run (median of 3 rounds interleaved with the suite, -benchtime 500ms)');
    const r = await s.round([{ suite: 'ring-go', benchmark: 'BenchmarkSign2_Secp256k1' }, { suite: 'secp256k1', benchmark: 'BenchmarkFieldNormalize', package: DECRED }], 'x round 1/3');
    expect(r.problems).toEqual([]);
    expect(r.samples).toHaveLength(6);
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    expect(lines[0]).toMatch(/^args: --benchtime 1x ring-go:\^\$ \|/);
    expect(lines[1]).toMatch(/^args: --json \S+round-1\.json --benchtime 500ms --count 1 ring-go:\^\(BenchmarkSign2_Secp256k1\)\$ secp256k1:\^\(BenchmarkFieldNormalize\)\$ \|/);
    for (const l of lines) {
      const cwd = /cwd: (\S+)/.exec(l)![1]!;
      expect(cwd).toBe(s.tempDir);
      expect(path.relative(path.resolve(PACKAGE_ROOT, '..'), cwd).startsWith('..')).toBe(true);
      expect(l).toContain(`tmpdir: ${s.tempDir} | gocache: ${path.join(s.tempDir, 'gocache')}`);
    }
    expect(existsSync(s.tempDir)).toBe(true);
    s.close();
    expect(existsSync(s.tempDir)).toBe(false);
    expect((await s.round([{ suite: 'ring-go', benchmark: 'BenchmarkSign2_Secp256k1' }], 'late')).problems[0]!.text).toBe('the Go session is closed');
  });

  it('a failing bench.sh or Go benchmark is a warning on those rows, never a failed run', async () => {
    const env = { PATH: `${fakeGo(true)}${path.delimiter}${process.env.PATH}`, [GO_REFERENCE_ENV]: fakeBenchSh(), FAKE_BENCH_LOG: path.join(tmp, 'log') };
    setMode('exit');
    const s = (await GoSession.open({ mode: 'default', suites: ['ring-go'], env, rounds: 2 })) as GoSession;
    expect(s).toBeInstanceOf(GoSession);
    const r = await runSuite(one, { mode: 'default', budget: TINY, go: s });
    const go = r.rows.find((x) => x.backend === 'Go ring-go (reference)')!;
    expect(go.kind).toBe('cited');
    expect(go.note).toMatch(/not measured in this run — the Go run gave no figure: one round 1\/2: bench\.sh exited 3 \(toolchain or Debian package missing\): bench\.sh: \/usr\/share\/gocode\/src\/filippo\.io\/edwards25519 missing/);
    expect(s.warnings).toHaveLength(2);
    expect(r.rows.find((x) => x.backend === 'strata')?.status).toBe('ok');
    setMode('bench-fails');
    const t = await runSuite(one, { mode: 'default', budget: TINY, go: s });
    const g2 = t.rows.find((x) => x.backend === 'Go ring-go (reference)')!;
    expect(g2.kind).toBe('cited');
    expect(g2.note).toMatch(/the Go run gave no figure: BenchmarkSign2_Secp256k1-2 failed \(go test printed --- FAIL\)$/);
    s.close();
  });

  it('a broken toolchain: `go` that fails, or a build that fails, leaves every Go row cited', async () => {
    const broken = await GoSession.open({ mode: 'default', suites: ['ring-go'], env: { PATH: `${fakeGo(false)}${path.delimiter}${process.env.PATH}`, [GO_REFERENCE_ENV]: fakeBenchSh() } });
    expect(broken).toEqual({ unavailable: 'broken Go toolchain: `go env GOVERSION` failed: go: cannot find GOROOT directory: /usr/lib/go-broken' });
    const env = { PATH: `${fakeGo(true)}${path.delimiter}${process.env.PATH}`, [GO_REFERENCE_ENV]: fakeBenchSh(), FAKE_BENCH_LOG: path.join(tmp, 'log') };
    setMode('build-fails');
    const b = await GoSession.open({ mode: 'default', suites: ['ring-go'], env });
    expect(b).toEqual({ unavailable: 'broken Go toolchain or sources: go test: FAIL github.com/pokt-network/ring-go [build failed]' });
    // Nothing left behind: the session's folder (bench.sh's TMPDIR) is gone.
    const dirs = [...readFileSync(path.join(tmp, 'log'), 'utf8').matchAll(/tmpdir: (\S+)/g)].map((m) => m[1]!);
    expect(dirs).toHaveLength(1);
    expect(existsSync(dirs[0]!)).toBe(false);
  });

  it('runBench without Go on PATH: cited rows that say so, the summary says so, no warning; with a broken Go: a warning', async () => {
    process.env.PATH = noGo();
    const json = path.join(tmp, 'r.json');
    const res = await runBench({ mode: 'default', suites: ['field'], backends: ['strata'], engines: ['ts'], sizes: false, budget: TINY, jsonPath: json, svgPath: null, mdPath: path.join(tmp, 'r.md') });
    expect(res.record.goReference).toMatchObject({ measured: false, cited: 'reference/go-benchmarks-2026-11-30.json' });
    expect(res.record.goReference?.reason).toContain(GO_INSTALL);
    const go = res.record.suites[0]!.rows.filter((r) => r.backend.startsWith('Go '));
    expect(go.length).toBeGreaterThan(3);
    for (const r of go) {
      expect(r.kind).toBe('cited');
      expect(r.note).toMatch(/^cited \(Go 1\.19\.8 \(Debian\), same machine class, 2026-11-30\): not measured in this run — no Go toolchain on PATH$/);
    }
    expect(res.record.warnings.filter((w) => w.includes('Go'))).toEqual([]);
    const md = readFileSync(path.join(tmp, 'r.md'), 'utf8');
    expect(md).toContain('Go reference rows: cited from reference/go-benchmarks-2026-11-30.json (same machine class, 2026-11-30), not measured in this run — no Go toolchain (`go`) on PATH');
    expect(md).toContain('not measured in this run — no Go toolchain on PATH');
    expect(res.table).not.toContain('Go reference, measured in this run vs cited');

    process.env.PATH = `${fakeGo(false)}${path.delimiter}${noGo()}`;
    const b = await runBench({ mode: 'default', suites: ['field'], backends: ['strata'], engines: ['ts'], sizes: false, budget: TINY, jsonPath: null, svgPath: null, mdPath: null });
    expect(b.record.goReference?.measured).toBe(false);
    expect(b.record.warnings.filter((w) => w.startsWith('Go reference: broken Go toolchain'))).toHaveLength(1);
    expect(b.record.suites[0]!.rows.filter((r) => r.backend.startsWith('Go ')).every((r) => r.kind === 'cited' && r.note!.endsWith('the Go toolchain is broken (see warnings)'))).toBe(true);
  });

  it('runBench with Go (a fake go and bench.sh): --quick runs none unless asked; asked, the field rows it has figures for are measured, the rest cited with the reason', async () => {
    const log = path.join(tmp, 'log');
    // The fake go first on PATH (bash and the tools the fake bench.sh uses stay reachable).
    process.env.PATH = `${fakeGo(true)}${path.delimiter}${saved.PATH}`;
    process.env[GO_REFERENCE_ENV] = fakeBenchSh();
    process.env.FAKE_BENCH_LOG = log;
    try {
      const opts = { mode: 'quick' as const, suites: ['field'], backends: ['strata'], engines: ['ts' as const], sizes: false, budget: TINY, jsonPath: null, svgPath: null, mdPath: path.join(tmp, 'g.md') };
      const off = await runBench(opts);
      expect(off.record.goReference).toMatchObject({ measured: false, reason: '--quick runs no Go (pnpm bench --quick --go does)' });
      expect(existsSync(log)).toBe(false);
      const on = await runBench({ ...opts, go: 'on' });
      expect(on.record.goReference).toMatchObject({ measured: true, go: 'go1.99.0', rounds: 1, benchtime: '100ms' });
      const rows = on.record.suites[0]!.rows.filter((r) => r.backend.startsWith('Go '));
      const norm = rows.find((r) => r.opId === 'fp/normalize')!;
      expect(norm).toMatchObject({ kind: 'go', note: 'go1.19.8, measured in this run (1 round, -benchtime 100ms)', cited: { nsPerOp: 16.5 } });
      expect(norm.stats).toMatchObject({ medianNs: 16.14, samples: 1, callsPerSample: 7437992 });
      expect(on.record.suites[0]!.rows.find((r) => r.opId === 'fp/normalize' && r.backend === 'strata')?.ratioToReference).toBeGreaterThan(0);
      const sqrt = rows.find((r) => r.opId === 'fp/sqrt')!;
      expect(sqrt.kind).toBe('cited');
      expect(sqrt.note).toMatch(/not measured in this run — the Go run gave no figure: BenchmarkFieldSqrt \(secp256k1\) gave no figure$/);
      expect(on.record.warnings).toContain('Go reference (field round 1/1): BenchmarkFieldSqrt (secp256k1) gave no figure');
      expect(on.table).toMatch(/field · secp256k1 Fp · normalize · Go decred \(reference\)\s+measured 16\.1 ns · cited 16\.5 ns/);
      expect(readFileSync(path.join(tmp, 'g.md'), 'utf8')).toContain('### Go reference: measured in this run vs cited');
      // bench.sh ran twice (build, one round), each time in the session's temporary folder, now gone.
      const calls = readFileSync(log, 'utf8').trim().split('\n');
      expect(calls).toHaveLength(2);
      const dir = /cwd: (\S+)/.exec(calls[0]!)![1]!;
      expect(path.relative(path.resolve(PACKAGE_ROOT, '..'), dir).startsWith('..')).toBe(true);
      expect(existsSync(dir)).toBe(false);
    } finally {
      delete process.env.FAKE_BENCH_LOG;
    }
  });

  it('the header line for each case', () => {
    expect(goHeaderLine(undefined)).toBe('Go reference rows are cited from reference/go-benchmarks-2026-11-30.json (same machine class), not measured in this run.');
    expect(goHeaderLine({ measured: false, reason: '--no-go', cited: 'f.json' })).toBe('Go reference rows: cited from f.json (same machine class, 2026-11-30), not measured in this run — --no-go.');
    expect(goHeaderLine({ measured: true, go: 'go1.19.8', folder: '/g', rounds: 3, benchtime: '500ms', seconds: 61.2, cited: 'f.json' })).toBe(
      'Go reference rows: go1.19.8 measured in this run (bench.sh in /g; 3 rounds per suite interleaved with its rows (before, between op groups, after), medians, -benchtime 500ms; 61.2 s in Go); a row without a same-run figure says "cited" (f.json, same machine class, 2026-11-30).',
    );
  });
});

describe('pnpm bench --go without Go', () => {
  it('says what to install, installs nothing, exits 2 before measuring', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', '--go', '--suite', 'field', '--json', path.join(tmp, 'x.json')], {
      cwd: PACKAGE_ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, PATH: noGo() },
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--go: no Go toolchain (`go`) on PATH. Install it, e.g. on Debian / Ubuntu:');
    expect(r.stderr).toContain(GO_INSTALL);
    expect(r.stderr).toContain('pnpm bench installs nothing');
    expect(r.stderr).not.toContain('▶ field');
    expect(existsSync(path.join(tmp, 'x.json'))).toBe(false);
    const both = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', '--go', '--no-go'], { cwd: PACKAGE_ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('--go and --no-go cannot be combined');
    const bt = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', '--go-benchtime', 'soon'], { cwd: PACKAGE_ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(bt.status).toBe(2);
    expect(bt.stderr).toContain('--go-benchtime: Go benchtime "soon"');
  });
});
