/**
 * Issue 13's targets (src/targets.ts) on synthetic records: met, missed, not measured (missing,
 * failed or Chromium-only rows, no module report), the ring size chosen, the JSON / console /
 * Markdown output, and that every row a target reads is one the default run produces.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EngineModuleReport } from '../src/engine-module.js';
import { ENGINE_MODULE_TARGETS } from '../src/engine-module.js';
import { loadRecord, writeOutputs, type BenchRecord } from '../src/main.js';
import { SUITES } from '../src/suites/index.js';
import { ringSizes } from '../src/suites/ring.js';
import { fileURLToPath } from 'node:url';
import { engineTargets, renderTargetsMarkdown, renderTargetsTable, type EngineTarget, type TargetInput } from '../src/targets.js';
import type { BackendKind, Platform, Row, SuiteResult } from '../src/types.js';
import { flatStats } from './stats.js';

function row(suite: string, opId: string, backend: string, ns: number, extra: Partial<Row> = {}): Row {
  const kind: BackendKind = backend.startsWith('Go ') ? 'cited' : backend.startsWith('strata') ? 'strata' : 'wasm';
  return {
    suite,
    group: suite,
    opId,
    op: opId,
    unit: 'op',
    backend,
    kind,
    status: 'ok',
    stats: flatStats(ns),
    ...extra,
  };
}

function suite(name: string, rows: Row[], platform?: Platform): SuiteResult {
  return { name, title: name, rows, charts: [], elapsedMs: 1, backends: [], ...(platform ? { platform } : {}) };
}

function moduleReport(gzipBytes: number, syncMs: number, asyncMs: number): EngineModuleReport {
  const t = (ms: number) => ({ medianMs: ms, minMs: ms, maxMs: ms, samples: 3 });
  return { source: 'test', bytes: gzipBytes * 3, gzipBytes, initSync: t(syncMs), initAsync: t(asyncMs), moduleBytesReported: gzipBytes * 3, targets: ENGINE_MODULE_TARGETS };
}

/** A record where every target has its rows: `f` scales the WebAssembly figures (1: every target met by a margin). */
function fullInput(f = 1): TargetInput {
  const ed = [
    row('ed25519', 'ed/verify', 'libsodium-wrappers', 100_000),
    row('ed25519', 'ed/verify', 'strata (wasm)', 90_000 * f),
    row('ed25519', 'ed/verify', 'strata (cached keys, wasm)', 45_000 * f),
    row('ed25519', 'ed/batch/1024', 'strata (wasm)', 35_000 * f, { unit: 'sig' }),
    row('ed25519', 'ed/batch/1024', 'strata (parallel, wasm)', 20_000 * f, { unit: 'sig', note: 'createVerifierPool().verifyBatch(entries, { workers: 2 }); bytes/op count the main thread only' }),
  ];
  const curves = [
    row('curves', 'k1/mult-nc', 'strata (ts)', 100_000),
    row('curves', 'k1/mult-nc', 'strata (wasm)', 40_000 * f),
    row('curves', 'k1/base-nc', 'strata (ts)', 30_000),
    row('curves', 'k1/base-nc', 'strata (wasm)', 14_000 * f),
    row('curves', 'k1/parse', 'strata (ts)', 13_000),
    row('curves', 'k1/parse', 'strata (wasm)', 6_000 * f),
    row('curves', 'k1/mult-ct', 'tiny-secp256k1', 140_000),
    row('curves', 'k1/mult-ct', 'strata (wasm)', 130_000 * f),
    row('curves', 'k1/base-ct', 'tiny-secp256k1', 80_000),
    row('curves', 'k1/base-ct', 'strata (wasm)', 70_000 * f),
  ];
  const field = ['fp/mul', 'fp/square', 'f25519/mul', 'f25519/square'].flatMap((op) => [row('field', op, 'strata', 90), row('field', op, 'strata (wasm)', 30 * f, { kind: 'wasm' })]);
  const ring = ['k1', 'ed'].flatMap((c) =>
    ['verify-cold', 'verify-warm'].flatMap((k) =>
      [8, 32].flatMap((n) => [row('ring', `ring/${c}/${k}/${n}`, 'Go ring-go (reference)', 500_000 * n), row('ring', `ring/${c}/${k}/${n}`, 'strata (wasm)', 100_000 * n * f)]),
    ),
  );
  const dleq = ['k1-ed', 'ed-k1'].flatMap((p) => ['prove', 'verify'].flatMap((w) => [row('dleq', `dleq/${p}/${w}`, 'Go go-dleq (reference)', 300e6), row('dleq', `dleq/${p}/${w}`, 'strata (wasm)', 90e6 * f)]));
  return {
    suites: [suite('field', field), suite('curves', curves), suite('ed25519', ed), suite('dleq', dleq), suite('ring', ring)],
    engineModule: moduleReport(10_000 * f, 1 * f, 2 * f),
  };
}

const byTarget = (ts: EngineTarget[], part: string): EngineTarget => {
  const t = ts.filter((x) => x.target.includes(part));
  expect(t, part).toHaveLength(1);
  return t[0]!;
};

describe('engine targets (issue 13)', () => {
  it('covers every row of the issue\'s table', () => {
    const ts = engineTargets(fullInput());
    expect(ts).toHaveLength(23);
    for (const part of [
      'single verify (uncached key)',
      'verify, cached key',
      'batch n = 1024, one thread',
      'parallel batch',
      'scalarMultNonConst',
      'scalarBaseMultNonConst',
      'parsePubKey',
      'constant-time scalarMult:',
      'constant-time scalarBaseMult',
      'FieldVal mul',
      'FieldVal square',
      'Fe25519 mul',
      'Fe25519 square',
      'cold ring, secp256k1',
      'cold ring, ed25519',
      'warm ring, secp256k1',
      'warm ring, ed25519',
      'DLEq prove, secp256k1 × ed25519',
      'DLEq verify, secp256k1 × ed25519',
      'DLEq prove, ed25519 × secp256k1',
      'DLEq verify, ed25519 × secp256k1',
      'module size',
      'init time',
    ]) {
      byTarget(ts, part);
    }
  });

  it('met: every ratio at or under its limit, from the rows named', () => {
    const ts = engineTargets(fullInput());
    for (const t of ts) {
      expect(t.met, t.target).toBe(true);
      expect(t.ratio).toBeCloseTo(t.measured! / t.baseline!, 12);
      expect(t.ratio!).toBeLessThanOrEqual(t.limit);
    }
    const single = byTarget(ts, 'single verify (uncached key)');
    expect(single).toMatchObject({ measured: 90_000, baseline: 100_000, limit: 1, unit: 'ns', rows: ['ed/verify@strata (wasm)', 'ed/verify@libsodium-wrappers'] });
    expect(byTarget(ts, 'verify, cached key')).toMatchObject({ measured: 45_000, baseline: 100_000, limit: 0.5, rows: ['ed/verify@strata (cached keys, wasm)', 'ed/verify@libsodium-wrappers'] });
    expect(byTarget(ts, 'batch n = 1024, one thread')).toMatchObject({ measured: 35_000, baseline: 100_000, limit: 0.4, rows: ['ed/batch/1024@strata (wasm)', 'ed/verify@libsodium-wrappers'] });
    expect(byTarget(ts, 'parallel batch')).toMatchObject({ measured: 20_000, limit: 0.25, note: '2 workers' });
    expect(byTarget(ts, 'scalarMultNonConst')).toMatchObject({ ratio: 0.4, limit: 0.45, rows: ['k1/mult-nc@strata (wasm)', 'k1/mult-nc@strata (ts)'] });
    expect(byTarget(ts, 'constant-time scalarBaseMult')).toMatchObject({ limit: 1, rows: ['k1/base-ct@strata (wasm)', 'k1/base-ct@tiny-secp256k1'] });
    // Field: "≥ 2.5× the TypeScript engine" is wasm time / ts time ≤ 0.4, shown as a speedup.
    const fe = byTarget(ts, 'Fe25519 mul');
    expect(fe).toMatchObject({ limit: 0.4, display: 'speedup', rows: ['f25519/mul@strata (wasm)', 'f25519/mul@strata'] });
    expect(fe.ratio).toBeCloseTo(1 / 3, 12);
    expect(byTarget(ts, 'DLEq verify, ed25519 × secp256k1')).toMatchObject({ measured: 90e6, baseline: 300e6, rows: ['dleq/ed-k1/verify@strata (wasm)', 'dleq/ed-k1/verify@Go go-dleq (reference)'] });
    expect(byTarget(ts, 'DLEq verify, ed25519 × secp256k1').limit).toBeCloseTo(1 / 3, 12);
    expect(byTarget(ts, 'module size')).toMatchObject({ measured: 10_000, baseline: 40 * 1024, unit: 'bytes', limit: 1 });
    // Init: the slower of sync and async.
    expect(byTarget(ts, 'init time')).toMatchObject({ measured: 2, baseline: 5, unit: 'ms', ratio: 0.4 });
  });

  it('ring targets: per member, at the largest ring size that has both rows', () => {
    const ts = engineTargets(fullInput());
    const cold = byTarget(ts, 'cold ring, secp256k1');
    expect(cold).toMatchObject({ measured: 100_000, baseline: 500_000, ratio: 0.2, limit: 0.5, rows: ['ring/k1/verify-cold/32@strata (wasm)', 'ring/k1/verify-cold/32@Go ring-go (reference)'] });
    expect(cold.note).toContain('n = 32');
    expect(byTarget(ts, 'cold ring, ed25519').limit).toBe(1);
    expect(byTarget(ts, 'warm ring, ed25519').limit).toBe(0.25);
    // Without the WebAssembly row at 32, the next size down is used.
    const input = fullInput();
    const without = { ...input, suites: input.suites.map((s) => (s.name === 'ring' ? { ...s, rows: s.rows.filter((r) => !(r.opId === 'ring/k1/verify-cold/32' && r.backend === 'strata (wasm)')) } : s)) };
    expect(byTarget(engineTargets(without), 'cold ring, secp256k1').rows).toEqual(['ring/k1/verify-cold/8@strata (wasm)', 'ring/k1/verify-cold/8@Go ring-go (reference)']);
  });

  it('missed: a ratio over its limit, including just over', () => {
    const ts = engineTargets(fullInput(6));
    for (const t of ts) expect(t.met, t.target).toBe(false);
    // 0.45 × 100 µs is met, a hair more is not.
    const edge = (ns: number): EngineTarget => byTarget(engineTargets({ suites: [suite('curves', [row('curves', 'k1/mult-nc', 'strata (ts)', 100_000), row('curves', 'k1/mult-nc', 'strata (wasm)', ns)])] }), 'scalarMultNonConst');
    expect(edge(45_000).met).toBe(true);
    expect(edge(45_001).met).toBe(false);
    // Init: the slower one decides.
    const init = byTarget(engineTargets({ suites: [], engineModule: moduleReport(1000, 1, 6) }), 'init time');
    expect(init).toMatchObject({ measured: 6, met: false });
    const gz = byTarget(engineTargets({ suites: [], engineModule: moduleReport(40 * 1024 + 1, 1, 1) }), 'module size');
    expect(gz.met).toBe(false);
  });

  it('not measured: missing rows, failed rows, Chromium-only rows, no module report — never a figure', () => {
    const empty = engineTargets({ suites: [] });
    for (const t of empty) {
      expect(t, t.target).toMatchObject({ measured: null, baseline: null, ratio: null, met: null });
      expect(t.reason, t.target).toBeTruthy();
      expect(t.rows.length).toBeGreaterThan(0);
    }
    // --engine ts: the TypeScript rows are there, the WebAssembly ones are not.
    const tsOnly = fullInput();
    const noWasm = { suites: tsOnly.suites.map((s) => ({ ...s, rows: s.rows.filter((r) => !r.backend.includes('wasm')) })) };
    const t1 = engineTargets(noWasm);
    expect(t1.every((t) => t.met === null)).toBe(true);
    expect(byTarget(t1, 'scalarMultNonConst').reason).toBe('no row strata (wasm) for k1/mult-nc');
    expect(byTarget(t1, 'module size').reason).toBe('no engine module report in the record');
    // --suite field only: the field targets are measured, the others are not.
    const fieldOnly = engineTargets({ suites: fullInput().suites.filter((s) => s.name === 'field') });
    expect(fieldOnly.filter((t) => t.met !== null).map((t) => t.target)).toEqual(fieldOnly.filter((t) => t.target.startsWith('field ')).map((t) => t.target));
    expect(fieldOnly.filter((t) => t.met !== null)).toHaveLength(4);
    // A failed or unavailable row is not a figure.
    const failed = fullInput();
    const broken = {
      suites: failed.suites.map((s) =>
        s.name === 'ed25519' ? { ...s, rows: s.rows.map((r) => (r.backend === 'libsodium-wrappers' ? { ...r, status: 'unavailable' as const, reason: 'did not load', stats: undefined } : r)) } : s,
      ),
      engineModule: { error: 'not built' },
    };
    const t2 = engineTargets(broken);
    expect(byTarget(t2, 'single verify (uncached key)')).toMatchObject({ met: null, reason: 'libsodium-wrappers for ed/verify is unavailable: did not load' });
    expect(byTarget(t2, 'verify, cached key').met).toBeNull();
    expect(byTarget(t2, 'module size').reason).toBe('engine module not measured: not built');
    expect(byTarget(t2, 'scalarMultNonConst').met).toBe(true);
    // Rows measured only in Chromium do not count.
    const chromium = engineTargets({ suites: fullInput().suites.map((s) => ({ ...s, platform: 'chromium' as const })) });
    expect(chromium.filter((t) => !t.rows[0]!.startsWith('engineModule')).every((t) => t.met === null)).toBe(true);
    // A quick run has no ring size with Go figures beyond what it ran, and no n = 1024.
    const ringMissing = byTarget(empty, 'warm ring, secp256k1');
    expect(ringMissing.rows).toEqual(['ring/k1/verify-warm/<n>@strata (wasm)', 'ring/k1/verify-warm/<n>@Go ring-go (reference)']);
  });

  it('says when the parallel row ran on other than 2 workers', () => {
    const input = fullInput();
    const four = { ...input, suites: input.suites.map((s) => ({ ...s, rows: s.rows.map((r) => (r.backend === 'strata (parallel, wasm)' ? { ...r, note: 'verifyBatch(entries, { workers: 4 })' } : r)) })) };
    expect(byTarget(engineTargets(four), 'parallel batch').note).toBe('measured with 4 workers (the target is set for 2)');
  });

  it('renders the console and Markdown sections: status, figures, limit, and why not measured', () => {
    const input = fullInput();
    const mixed = engineTargets({ ...input, suites: input.suites.map((s) => (s.name === 'dleq' ? { ...s, rows: [] } : s.name === 'curves' ? { ...s, rows: s.rows.map((r) => (r.backend === 'strata (wasm)' ? { ...r, stats: { ...r.stats!, medianNs: r.stats!.medianNs * 10 } } : r)) } : s)) });
    const table = renderTargetsTable(mixed);
    expect(table).toContain('WebAssembly engine targets (issue 13): 14 met, 5 missed, 4 not measured (of 23)');
    expect(table).toMatch(/met +ed25519 single verify \(uncached key\): strata \(wasm\) ≤ libsodium-wrappers — 90\.0 µs vs 100 µs \(libsodium-wrappers ed\/verify\): 0\.90×, limit ≤ 1\.00×/);
    expect(table).toMatch(/MISSED +secp256k1 scalarMultNonConst/);
    expect(table).toMatch(/not measured +DLEq prove, secp256k1 × ed25519: ≤ Go go-dleq \/ 3 — no row strata \(wasm\) for dleq\/k1-ed\/prove/);
    expect(table).toContain('3.00× faster, limit ≥ 2.50× faster');
    const md = renderTargetsMarkdown(mixed);
    expect(md).toContain('### WebAssembly engine targets (issue 13)');
    expect(md).toContain('| ed25519 single verify (uncached key): strata (wasm) ≤ libsodium-wrappers | 90.0 µs | 100 µs libsodium-wrappers ed/verify | 0.90× | ≤ 1.00× | met |');
    expect(md).toMatch(/\| secp256k1 scalarMultNonConst: ≤ 0\.45 × strata \(ts\) \| 400 µs \| .* \| 4\.00× \| ≤ 0\.45× \| \*\*missed\*\* \|/);
    expect(md).toContain('not measured: no row strata (wasm) for dleq/k1-ed/prove');
    expect(md).toContain('| module size, both curves: ≤ 40 KB gzipped | 9.8 KB (10000 B) |');
    expect(renderTargetsTable(engineTargets({ suites: [], engineModule: moduleReport(149, 1, 1) }))).toContain('— 149 B vs 40.0 KB (40960 B) (budget)');
  });

  it('goes into the JSON, the console table and the Markdown of a record, and --from recomputes it', () => {
    const input = fullInput();
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'strata-targets-'));
    const base = JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'results', 'latest.json'), 'utf8')) as BenchRecord;
    // An older record (no engineTargets) with synthetic suites: writeOutputs computes them.
    const { engineTargets: _drop, ...old } = { ...base, suites: input.suites.map((s) => ({ ...s })), engineModule: input.engineModule };
    const json = path.join(tmp, 'r.json');
    const out = writeOutputs(old as BenchRecord, { jsonPath: json, svgPath: null, mdPath: path.join(tmp, 'r.md') });
    // The console lists them as the project's targets (goals met or not met yet), not as failures.
    expect(out.table).toContain('Project targets (issue 13, the WebAssembly engine): 23 met, 0 not met yet, 0 not measured (of 23)');
    expect(readFileSync(path.join(tmp, 'r.md'), 'utf8')).toContain('### WebAssembly engine targets (issue 13)');
    // --from: loadRecord recomputes the targets from the record's rows.
    const loaded = loadRecord(json);
    expect(loaded.engineTargets).toEqual(engineTargets(input));
  });

  it('reads only rows the suites produce in a default run', () => {
    const ts = engineTargets({ suites: [] });
    const known = new Map<string, { ops: Set<string>; backends: Set<string> }>();
    for (const s of SUITES) {
      const ops = s.ops('default');
      const refs = s.references?.(ops) ?? [];
      known.set(s.name, { ops: new Set(ops.map((o) => o.id)), backends: new Set([...s.adapters.map((a) => a.backend), ...refs.map((r) => r.backend)]) });
    }
    const all = (f: (k: { ops: Set<string>; backends: Set<string> }) => Set<string>): Set<string> => new Set([...known.values()].flatMap((k) => [...f(k)]));
    const ops = all((k) => k.ops);
    const backends = all((k) => k.backends);
    for (const t of ts) {
      for (const id of t.rows) {
        if (id.startsWith('engineModule.')) continue;
        const at = id.indexOf('@');
        const op = id.slice(0, at);
        const backend = id.slice(at + 1);
        expect(backends.has(backend), `${t.target}: backend ${backend}`).toBe(true);
        // Ring rows name the size as <n>: every default size exists.
        const sizes = op.includes('<n>') ? ringSizes('default').map((n) => op.replace('<n>', String(n))) : [op];
        for (const o of sizes) expect(ops.has(o), `${t.target}: op ${o}`).toBe(true);
      }
    }
  });
});
