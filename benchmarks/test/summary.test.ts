/**
 * The summary model (src/report/summary.ts): per job the fastest library, Strata's best engine,
 * the ratio to the fastest peer and the native figure, on synthetic records (every rule) and on
 * the committed record benchmarks/results/latest.json (read only).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRecord, PACKAGE_ROOT } from '../src/main.js';
import { renderSummaryTable, summarize, summaryCells } from '../src/report/summary.js';
import type { BackendKind, Row, SuiteResult } from '../src/types.js';
import { flatStats } from './stats.js';

function row(suite: string, opId: string, backend: string, kind: BackendKind, ns: number | null, extra: Partial<Row> = {}): Row {
  return {
    suite,
    group: extra.group ?? opId.split('/')[0]!,
    opId,
    op: extra.op ?? opId,
    unit: extra.unit ?? 'op',
    backend,
    kind,
    platform: extra.platform ?? 'node',
    status: ns === null ? 'unavailable' : 'ok',
    ...(ns === null
      ? { reason: 'not installed' }
      : { stats: flatStats(ns, { callsPerSample: 10 }) }),
  };
}

function suite(name: string, rows: Row[], platform: 'node' | 'chromium' = 'node'): SuiteResult {
  return { name, title: name, rows: rows.map((r) => ({ ...r, platform })), charts: [], elapsedMs: 1, backends: [], platform };
}

describe('summarize (synthetic records)', () => {
  it('names the fastest library, Strata\'s best engine, the ratio to the fastest peer and the native figure', () => {
    const rec = {
      suites: [
        suite('ed25519', [
          row('ed25519', 'ed/verify', 'strata (ts)', 'strata', 200_000),
          row('ed25519', 'ed/verify', 'strata (cached keys, wasm)', 'strata', 50_000),
          row('ed25519', 'ed/verify', 'noble-curves', 'js', 400_000),
          row('ed25519', 'ed/verify', 'libsodium-wrappers', 'wasm', 100_000),
          row('ed25519', 'ed/verify', 'sodium-native', 'native', 40_000),
          row('ed25519', 'ed/verify', 'tweetnacl', 'js', null),
        ]),
      ],
    };
    const [j, ...more] = summarize(rec);
    expect(more).toEqual([]);
    expect(j!.job).toBe('ed25519 verify');
    expect(j!.fastest).toMatchObject({ backend: 'sodium-native', kind: 'native', ns: 40_000 });
    expect(j!.strata).toMatchObject({ backend: 'strata (cached keys, wasm)', ns: 50_000 });
    expect(j!.strataEngine).toBe('wasm');
    expect(j!.peer).toMatchObject({ backend: 'libsodium-wrappers', ns: 100_000 });
    expect(j!.native).toMatchObject({ backend: 'sodium-native', ns: 40_000 });
    expect(j!.ratioToPeer).toBeCloseTo(0.5, 12);
    expect(j!.ratioToNative).toBeCloseTo(1.25, 12);
    expect(j!.strataFastest).toBe(false);
  });

  it('leaves out jobs with no measured row, and never counts unavailable, error or cited rows as the fastest', () => {
    const rec = {
      suites: [
        suite('ed25519', [row('ed25519', 'ed/sign', 'strata (ts)', 'strata', null), row('ed25519', 'ed/sign', 'noble-curves', 'js', null)]),
        suite('dleq', [
          row('dleq', 'dleq/k1-ed/prove', 'strata (wasm)', 'strata', 100e6, { group: 'DLEq secp256k1 × ed25519', op: 'prove' }),
          row('dleq', 'dleq/k1-ed/prove', 'Go go-dleq (reference)', 'cited', 1e6, { group: 'DLEq secp256k1 × ed25519', op: 'prove' }),
          { ...row('dleq', 'dleq/k1-ed/prove', 'noble-curves (dleq Curve)', 'js', 1), status: 'error', reason: 'disagrees' },
        ]),
      ],
    };
    const jobs = summarize(rec);
    expect(jobs.map((j) => j.job)).toEqual(['DLEq prove']);
    const d = jobs[0]!;
    expect(d.fastest.backend).toBe('strata (wasm)');
    expect(d.strataFastest).toBe(true);
    expect(d.peer).toBeNull();
    expect(d.ratioToPeer).toBeNull();
    expect(d.native).toBeNull();
    expect(d.cited).toMatchObject({ backend: 'Go go-dleq (reference)', ns: 1e6 });
    expect(d.detail).toBe('secp256k1 × ed25519, prove');
    expect(summarize({ suites: [] })).toEqual([]);
  });

  it('takes the largest size of a sized job, and compares batch verification with the peers\' single verify', () => {
    const batch = (n: number, ns: number): Row => row('ed25519', `ed/batch/${n}`, 'strata (parallel, wasm)', 'strata', ns, { unit: 'sig', op: `batch n=${n}` });
    const rec = {
      suites: [
        suite('ed25519', [
          row('ed25519', 'ed/verify', 'strata (wasm)', 'strata', 100_000),
          row('ed25519', 'ed/verify', 'libsodium-wrappers', 'wasm', 90_000),
          row('ed25519', 'ed/verify', 'node:crypto', 'native', 60_000),
          batch(16, 50_000),
          batch(1024, 20_000),
          row('ed25519', 'ed/batch/4096', 'strata (wasm)', 'strata', null, { unit: 'sig' }),
        ]),
      ],
    };
    const b = summarize(rec).find((j) => j.job === 'ed25519 batch verify')!;
    expect(b.opId).toBe('ed/batch/1024');
    expect(b.unit).toBe('sig');
    expect(b.detail).toBe('batch n = 1024, per signature; peers: single verify');
    expect(b.peer).toMatchObject({ backend: 'libsodium-wrappers', opId: 'ed/verify' });
    expect(b.native).toMatchObject({ backend: 'node:crypto', ns: 60_000 });
    expect(b.ratioToPeer).toBeCloseTo(20_000 / 90_000, 12);
    expect(b.fastest.backend).toBe('strata (parallel, wasm)');
    // A plain Strata backend (an op the WebAssembly engine does not serve) runs on the TypeScript engine.
    const ms = summarize({ suites: [suite('curves', [row('curves', 'k1/msm/16', 'strata', 'strata', 5), row('curves', 'k1/msm/256', 'strata', 'strata', 50), row('curves', 'k1/msm/256', 'noble-curves', 'js', 25)])] });
    expect(ms).toHaveLength(1);
    expect(ms[0]).toMatchObject({ job: 'MSM, secp256k1', opId: 'k1/msm/256', strataEngine: 'ts', detail: '256 points', size: 256, strataFastest: false });
    expect(ms[0]!.fastest.backend).toBe('noble-curves');
    expect(ms[0]!.ratioToPeer).toBe(2);
  });

  it('finds secp256k1 signature rows by id once a suite has them, in any suite', () => {
    const rec = {
      suites: [
        suite('secp256k1-signatures', [
          row('secp256k1-signatures', 'k1/ecdsa/sign', 'strata (wasm)', 'strata', 60_000),
          row('secp256k1-signatures', 'k1/ecdsa/sign', 'secp256k1', 'native', 30_000),
          row('secp256k1-signatures', 'k1/ecdsa/verify', 'tiny-secp256k1', 'wasm', 70_000),
          row('secp256k1-signatures', 'k1/schnorr-verify', 'strata (wasm)', 'strata', 80_000),
        ]),
        // A ring row whose id contains "sign" is not an ECDSA job.
        suite('ring', [row('ring', 'ring/k1/sign-cold/2', 'strata (wasm)', 'strata', 1e6)]),
      ],
    };
    const jobs = summarize(rec);
    expect(jobs.map((j) => `${j.job}:${j.opId}`)).toEqual([
      'secp256k1 ECDSA sign:k1/ecdsa/sign',
      'secp256k1 ECDSA verify:k1/ecdsa/verify',
      'secp256k1 Schnorr verify:k1/schnorr-verify',
      'ring sign, secp256k1:ring/k1/sign-cold/2',
    ]);
    expect(jobs[1]!.strata).toBeNull();
    expect(jobs[1]!.fastest.backend).toBe('tiny-secp256k1');
  });

  it('lists the Chromium jobs of a browser run after the Node ones, each from its own platform', () => {
    const rec = {
      suites: [
        suite('ed25519', [row('ed25519', 'ed/sign', 'strata (ts)', 'strata', 100), row('ed25519', 'ed/sign', 'sodium-native', 'native', 10)]),
        suite('ed25519', [row('ed25519', 'ed/sign', 'strata (ts)', 'strata', 300), row('ed25519', 'ed/sign', 'noble-curves', 'js', 200)], 'chromium'),
      ],
    };
    const jobs = summarize(rec);
    expect(jobs.map((j) => `${j.platform}:${j.fastest.backend}`)).toEqual(['node:sodium-native', 'chromium:noble-curves']);
    expect(jobs[1]!.ratioToPeer).toBe(1.5);
    expect(jobs[1]!.native).toBeNull();
    expect(renderSummaryTable(jobs)).toContain('ed25519 sign (Chromium)');
  });
});

describe('summarize (the committed record)', () => {
  const record = loadRecord(path.join(PACKAGE_ROOT, 'results', 'latest.json'));
  const jobs = summarize(record);

  it('has every job the record has rows for, in order, each consistent with the rows', () => {
    expect(jobs.map((j) => j.job)).toEqual([
      'ed25519 sign',
      'ed25519 sign, signing key',
      'ed25519 verify',
      'ed25519 batch verify',
      'secp256k1 public key',
      'secp256k1 tweak-multiply',
      'secp256k1 ECDSA sign',
      'secp256k1 ECDSA verify',
      'secp256k1 Schnorr sign',
      'secp256k1 Schnorr verify',
      'ring sign, secp256k1',
      'ring verify, secp256k1',
      'ring sign, ed25519',
      'ring verify, ed25519',
      'DLEq prove',
      'DLEq verify',
      'MSM, secp256k1',
      'MSM, ed25519',
    ]);
    const rows = record.suites.flatMap((s) => s.rows);
    for (const j of jobs) {
      const own = rows.filter((r) => r.opId === j.opId && r.status === 'ok' && r.stats);
      const strataBest = Math.min(...own.filter((r) => r.kind === 'strata').map((r) => r.stats!.medianNs));
      expect(j.strata!.ns, j.job).toBe(strataBest);
      expect(j.fastest.ns, j.job).toBeLessThanOrEqual(j.strata!.ns);
      if (j.peer) expect(j.ratioToPeer, j.job).toBeCloseTo(j.strata!.ns / j.peer.ns, 12);
      expect(j.fastest.kind).not.toBe('cited');
    }
    // The signing-key job: Strata's ed/sign-key row against the peers' own sign (ed/sign).
    const key = jobs.find((j) => j.job === 'ed25519 sign, signing key')!;
    expect(key.opId).toBe('ed/sign-key');
    expect(key.peer?.opId).toBe('ed/sign');
    expect(key.native?.backend).toBe('sodium-native');
    const verify = jobs.find((j) => j.job === 'ed25519 verify')!;
    expect(verify.native?.backend).toBe('sodium-native');
    expect(verify.peer?.backend).toBe('libsodium-wrappers');
    expect(jobs.find((j) => j.job === 'ring verify, secp256k1')!.opId).toBe('ring/k1/verify-cold/128');
  });

  it('prints a compact table with one line per job', () => {
    const t = renderSummaryTable(jobs).split('\n');
    expect(t[0]).toMatch(/^━━ Summary: who is fastest per job/);
    expect(t[1]).toMatch(/^ {2}job +fastest +Strata's best +Strata \/ fastest peer +native$/);
    // Every job's line carries its cells (the record's figures, however it was measured).
    for (const j of jobs) {
      const c = summaryCells(j);
      const line = t.find((l) => l.startsWith(`  ${c.job}${j.size !== null ? `, n = ${j.size}` : ''} `));
      expect(line, j.job).toBeDefined();
      for (const cell of [c.fastest, c.strata, c.ratio, c.native]) expect(line, `${j.job}: ${cell}`).toContain(cell);
    }
    const batch = jobs.find((j) => j.job === 'ed25519 batch verify')!;
    expect(batch.size).toBe(1024);
    expect(summaryCells(batch).fastest).toMatch(/µs\/sig$/);
    expect(t.filter((l) => /^ {2}(ed25519|secp256k1|ring|DLEq|MSM)/.test(l))).toHaveLength(jobs.length);
    const verify = jobs.find((j) => j.job === 'ed25519 verify')!;
    expect(summaryCells(verify).native).toMatch(/^sodium-native \d[\d.]* µs \(Strata \d[\d.]*×\)$/);
  });
});
