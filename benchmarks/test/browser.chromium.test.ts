/**
 * `pnpm bench --browser --quick` end to end, as a user runs it (a child process on the built
 * packages): the ed25519 and curves suites run in Node and then in headless Chromium
 * (the one `@strata/browser` resolves), and the record carries both, each row with its platform.
 * A file of the vitest project `chromium`: `pnpm test` runs it only through its browser gate
 * (scripts/browser-gate.mjs), after the packages are built, never in the Node run.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserProblem, evaluateBundleInChromium } from '../src/browser/run.js';
import type { BenchRecord } from '../src/main.js';
import type { Row, SuiteResult } from '../src/types.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'strata-bench-browser-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function bench(args: string[], env: Record<string, string> = {}): ReturnType<typeof spawnSync> & { stdout: string; stderr: string } {
  return spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 240_000,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...env },
  }) as ReturnType<typeof spawnSync> & { stdout: string; stderr: string };
}

describe('pnpm bench --browser --quick', () => {
  let record: BenchRecord;
  let stdout = '';
  const jsonPath = path.join(tmp, 'browser.json');

  beforeAll(async () => {
    const problem = await browserProblem();
    if (problem) throw new Error(`the browser benchmark needs Chromium: ${problem}`);
    const r = bench(['--quick', '--browser', '--no-sizes', '--suite', 'ed25519,curves', '--json', jsonPath]);
    if (r.status !== 0) throw new Error(`bench --browser --quick exited ${r.status ?? r.signal}:\n${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`);
    stdout = r.stdout;
    record = JSON.parse(readFileSync(jsonPath, 'utf8')) as BenchRecord;
  }, 250_000);

  const chromium = (): SuiteResult[] => record.suites.filter((s) => s.platform === 'chromium');

  it('runs each suite in Node, then in Chromium right after it', () => {
    expect(record.suites.map((s) => `${s.name}/${s.platform}`)).toEqual(['curves/node', 'curves/chromium', 'ed25519/node', 'ed25519/chromium']);
    expect(record.browser?.name).toBe('chromium');
    expect(record.browser?.version).toMatch(/^\d+\./);
    // Served cross-origin isolated, so performance.now() has its fine resolution.
    expect(record.browser?.crossOriginIsolated).toBe(true);
    expect(record.browser?.allocationCounting).toMatch(/^unavailable: /);
    expect(stdout).toContain('in headless Chromium');
  });

  it('marks every row with its platform', () => {
    for (const s of record.suites) for (const r of s.rows) expect(r.platform).toBe(s.platform);
  });

  it('measures Strata and the JavaScript and WebAssembly peers in Chromium, without errors', () => {
    const rows = chromium().flatMap((s) => s.rows);
    expect(rows.filter((r) => r.status === 'error').map((r) => `${r.op} · ${r.backend}: ${r.reason}`)).toEqual([]);
    const ok = (backend: string): Row[] => rows.filter((r) => r.backend === backend && r.status === 'ok');
    // Both Strata engines run in the page (the WebAssembly one loaded by `await initWasm()`).
    for (const b of ['strata', 'strata (ts)', 'strata (wasm)', 'noble-curves', 'tweetnacl', 'libsodium-wrappers', 'tiny-secp256k1', 'elliptic']) {
      expect(ok(b).length, b).toBeGreaterThan(0);
    }
    expect(ok('libsodium-wrappers')[0]!.kind).toBe('wasm');
    expect(ok('tiny-secp256k1')[0]!.kind).toBe('wasm');
    for (const r of rows.filter((x) => x.status === 'ok')) {
      expect(r.stats!.medianNs).toBeGreaterThan(0);
      expect(r.stats!.bytesPerOp).toBeNull();
    }
  });

  it('reports the Node-only backends as unavailable in Chromium, with the reason', () => {
    const rows = chromium().flatMap((s) => s.rows);
    const natives = rows.filter((r) => r.kind === 'native');
    expect(new Set(natives.map((r) => r.backend))).toEqual(new Set(['node:crypto', 'sodium-native', 'secp256k1']));
    for (const r of natives) {
      expect(r.status).toBe('unavailable');
      expect(r.reason).toMatch(/native code .*runs only in Node/);
    }
    // ...while the same backends ran in the Node part of the same run.
    const nodeRows = record.suites.filter((s) => s.platform === 'node').flatMap((s) => s.rows);
    expect(nodeRows.some((r) => r.backend === 'sodium-native' && r.status === 'ok')).toBe(true);
  });

  it('computes each ratio within its own run: Chromium rows against Chromium peers only', () => {
    const s = chromium().find((x) => x.name === 'ed25519')!;
    const verify = s.rows.filter((r) => r.opId === 'ed/verify' && r.status === 'ok');
    const peers = verify.filter((r) => r.kind === 'js' || r.kind === 'wasm');
    const best = peers.reduce((a, b) => (b.stats!.medianNs < a.stats!.medianNs ? b : a));
    for (const b of ['strata (ts)', 'strata (wasm)']) {
      const strata = verify.find((r) => r.backend === b)!;
      expect(strata.bestPeer, b).toBe(best.backend);
      expect(strata.ratioToBestPeer).toBeCloseTo(strata.stats!.medianNs / best.stats!.medianNs, 9);
    }
    const wasm = verify.find((r) => r.backend === 'strata (wasm)')!;
    const ts = verify.find((r) => r.backend === 'strata (ts)')!;
    expect(wasm.ratioToTs).toBeCloseTo(wasm.stats!.medianNs / ts.stats!.medianNs, 9);
    // No native backend ran in the page, so no "vs native" column there.
    expect(s.rows.every((r) => r.ratioToNative === undefined)).toBe(true);
  });
});

describe('the page bundle', () => {
  it('bundles a module worker a package starts by URL and serves it beside the page', async () => {
    // A stand-in for a Strata package whose dist/ starts a module Web Worker the standard way;
    // the worker imports a sibling module, so serving the raw file would not work.
    const dir = path.join(tmp, 'packages', 'fake', 'dist');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'math.js'), 'export const square = (x) => x * x;\n');
    writeFileSync(path.join(dir, 'worker.js'), "import { square } from './math.js';\nself.onmessage = (e) => self.postMessage(square(e.data));\n");
    writeFileSync(
      path.join(dir, 'main.js'),
      [
        'export function start(x) {',
        '  return new Promise((resolve, reject) => {',
        "    const w = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });",
        '    w.onmessage = (e) => { resolve(e.data); w.terminate(); };',
        "    w.onerror = (e) => reject(new Error('worker failed: ' + (e.message || 'not loaded')));",
        '    w.postMessage(x);',
        '  });',
        '}',
      ].join('\n'),
    );
    const entry = path.join(tmp, 'entry.js');
    writeFileSync(entry, "import { start } from './packages/fake/dist/main.js';\nglobalThis.__answer = start(20);\n");
    expect(await evaluateBundleInChromium(entry, '__answer')).toBe(400);
  }, 90_000);
});
