/**
 * The whole benchmark in --quick mode, run as `pnpm bench --quick` runs it (a child process on
 * the built packages; worker threads of the parallel verifier need real `dist/` files): every
 * suite must produce measured Strata and peer rows with sane figures, no row may error or be
 * unavailable, and the JSON record, the summary picture, the detail charts, the Markdown and the
 * HTML report must be written — into the git-ignored
 * benchmarks/out/, leaving the committed record (benchmarks/results/) and the package READMEs as
 * they were (compared by content hash, so a dirty tree cannot hide a change). `--record` and its
 * README rewrite are tested against a temporary tree (STRATA_BENCH_REPO), never this one. Plus the
 * CLI's answers to bad input. Needs the packages built first (the root `pnpm test` / `pnpm bench`
 * do that).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUITE_NAMES, backendNames, type BenchRecord } from '../src/main.js';
import { SUITES } from '../src/suites/index.js';
import { isPeerKind } from '../src/types.js';
import { SIZE_USES } from '../src/size.js';
import { baseBackend, engineBackend, engineOf, engineServes } from '../src/engine.js';
import { engineTargets, secp256k1SignatureTargets } from '../src/targets.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repo = path.resolve(root, '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'strata-bench-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The tracked files a bench run must not touch unless --record: the committed records and every package README. */
function guardedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--', 'benchmarks/results', 'packages/*/README.md'], { cwd: repo, encoding: 'utf8' });
  const files = out.split('\0').filter((f) => f !== '');
  if (!files.includes('benchmarks/results/latest.json') || !files.includes('packages/field/README.md')) throw new Error(`git ls-files found no record or README: ${files.join(', ')}`);
  return files;
}

/** path → sha256 of the content (or "missing"), for every guarded file. */
function guardedHashes(): Record<string, string> {
  return Object.fromEntries(
    guardedFiles().map((f) => {
      const abs = path.join(repo, f);
      return [f, existsSync(abs) ? createHash('sha256').update(readFileSync(abs)).digest('hex') : 'missing'];
    }),
  );
}

/** `git status --porcelain` of the guarded paths (tracked and untracked, not ignored). */
function guardedStatus(): string {
  return execFileSync('git', ['status', '--porcelain', '--', 'benchmarks', 'packages/*/README.md'], { cwd: repo, encoding: 'utf8' });
}

describe('pnpm bench --quick (in-process)', () => {
  let record: BenchRecord;
  let table: string;
  // No --json/--svg/--md: the run writes where a user's run does, benchmarks/out/bench.*.
  const [jsonPath, svgPath, mdPath, htmlPath] = ['json', 'svg', 'md', 'html'].map((ext) => path.join(root, 'out', `bench.${ext}`)) as [string, string, string, string];
  /** The run's files in benchmarks/out/: bench.* and the detail charts bench-<suite>.svg. */
  const written = (): string[] => (existsSync(path.join(root, 'out')) ? readdirSync(path.join(root, 'out')).filter((f) => /^bench[.-]/.test(f)).map((f) => path.join(root, 'out', f)) : []);
  const details = (): string[] => written().filter((f) => /bench-[\w-]+\.svg$/.test(f)).sort();
  /** Every detail chart's text, in one string. */
  const charts = (): string => details().map((f) => readFileSync(f, 'utf8')).join('\n');
  let stderr = '';
  let wallMs = 0;
  let hashesBefore: Record<string, string> = {};
  let statusBefore = '';
  // What the user's own last run left in benchmarks/out/ comes back afterwards.
  const saved = new Map<string, Buffer>();
  const outExisted = existsSync(path.join(root, 'out'));
  afterAll(() => {
    for (const f of written()) rmSync(f, { force: true });
    for (const [f, old] of saved) writeFileSync(f, old);
    // A folder this test created goes too (it is empty now unless something else wrote there).
    if (!outExisted && existsSync(path.join(root, 'out')) && readdirSync(path.join(root, 'out')).length === 0) rmdirSync(path.join(root, 'out'));
  });

  beforeAll(() => {
    for (const f of written()) {
      saved.set(f, readFileSync(f));
      // Gone before the run, so that finding them afterwards proves this run wrote them.
      rmSync(f, { force: true });
    }
    hashesBefore = guardedHashes();
    statusBefore = guardedStatus();
    const t0 = Date.now();
    const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'src/cli.ts', '--quick', '--strict'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 480_000,
      maxBuffer: 64 * 1024 * 1024,
      // The outputs go to this repository, whatever the caller's environment says.
      env: { ...process.env, STRATA_BENCH_REPO: '' },
    });
    wallMs = Date.now() - t0;
    stderr = r.stderr;
    if (r.status !== 0) throw new Error(`bench --quick exited ${r.status ?? r.signal}:\n${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`);
    table = r.stdout;
    // Read here when it is there; the first two tests say where it went when it is not.
    if (existsSync(jsonPath)) record = JSON.parse(readFileSync(jsonPath, 'utf8')) as BenchRecord;
  }, 490_000);

  it('leaves the committed record (benchmarks/results/) and the package READMEs as they were', () => {
    expect(guardedHashes()).toEqual(hashesBefore);
    expect(guardedStatus()).toBe(statusBefore);
  });

  it('writes into benchmarks/out/, which git ignores', () => {
    expect(path.dirname(jsonPath)).toBe(path.join(root, 'out'));
    // One detail file per suite (a suite whose charts are taller than 1600 px gets more) and the sizes.
    const names = details().map((f) => path.basename(f));
    for (const n of [...SUITE_NAMES, 'sizes']) expect(names, n).toContain(`bench-${n}.svg`);
    for (const n of names) expect(n).toMatch(new RegExp(`^bench-(${[...SUITE_NAMES, 'sizes'].join('|')})(-\\d+)?\\.svg$`));
    for (const f of [jsonPath, svgPath, mdPath, htmlPath, ...details()]) {
      expect(existsSync(f), f).toBe(true);
      // git check-ignore exits 0 for an ignored path (1: not ignored).
      const ignored = spawnSync('git', ['check-ignore', '-q', f], { cwd: repo });
      expect(ignored.status, `${f} is git-ignored`).toBe(0);
    }
  });

  it('ends by naming the files it wrote and saying that the record and the READMEs are unchanged', () => {
    const tail = table.trimEnd().split('\n').slice(-5);
    const lead = `charts: ${svgPath} (the summary picture); per suite, beside it: `;
    expect(tail[1]!.startsWith(lead)).toBe(true);
    expect(tail[1]!.slice(lead.length).split(', ').sort()).toEqual(details().map((f) => path.basename(f)));
    expect(tail[1]!.slice(lead.length)).toMatch(/^bench-field\.svg, bench-curves\.svg, .*bench-sizes\.svg$/);
    expect(tail).toEqual([
      `record: ${jsonPath}`,
      tail[1],
      `summary: ${mdPath}`,
      `report: ${htmlPath} (open it in a browser: the summary, then every suite)`,
      `${path.join(root, 'out')}${path.sep} is git-ignored; the committed record (benchmarks/results/latest.*) and the package READMEs' figures are unchanged (pnpm bench --record writes them)`,
    ]);
    expect(table).not.toContain('figures: updated');
  });

  it('records its duration, elapsedMs: a whole number of ms within the wall time of the process', () => {
    expect(Number.isInteger(record.elapsedMs)).toBe(true);
    expect(record.elapsedMs).toBeGreaterThan(0);
    expect(record.elapsedMs).toBeLessThanOrEqual(wallMs);
    // Every suite's own time is part of it.
    const suites = record.suites.reduce((t, s) => t + s.elapsedMs, 0);
    expect(record.elapsedMs).toBeGreaterThanOrEqual(Math.floor(suites));
  });

  it('shows progress while it runs', () => {
    for (const s of SUITE_NAMES) expect(stderr).toContain(`▶ ${s}`);
    expect(stderr).toMatch(/\[\d+\/\d+\] /);
  });

  it('runs every suite', () => {
    expect(SUITE_NAMES).toEqual(['field', 'curves', 'ed25519', 'ed25519-variants', 'secp256k1-signatures', 'dleq', 'ring']);
    expect(record.suites.map((s) => s.name)).toEqual(SUITE_NAMES);
  });

  it.each(['field', 'curves', 'ed25519', 'ed25519-variants', 'secp256k1-signatures', 'dleq', 'ring'])('suite %s has measured Strata and peer rows and no failures', (name) => {
    const s = record.suites.find((x) => x.name === name)!;
    const errors = s.rows.filter((r) => r.status === 'error').map((r) => `${r.op} · ${r.backend}: ${r.reason}`);
    expect(errors).toEqual([]);
    const unavailable = s.rows.filter((r) => r.status === 'unavailable').map((r) => `${r.op} · ${r.backend}: ${r.reason}`);
    expect(unavailable).toEqual([]);
    const measured = s.rows.filter((r) => r.status === 'ok' && r.kind !== 'cited');
    expect(measured.some((r) => r.kind === 'strata')).toBe(true);
    expect(measured.some((r) => isPeerKind(r.kind))).toBe(true);
    for (const r of measured) {
      expect(r.stats!.medianNs, `${r.op} · ${r.backend}`).toBeGreaterThan(0);
      expect(Number.isFinite(r.stats!.medianNs)).toBe(true);
      expect(r.stats!.samples).toBeGreaterThanOrEqual(1);
      expect(r.stats!.bytesPerOp, `${r.op} · ${r.backend} bytes/op`).not.toBeNull();
      expect(r.stats!.bytesPerOp!).toBeGreaterThanOrEqual(0);
      // Rows of an op that some JavaScript or WebAssembly peer also measured (or that compares
      // with one, like batch verification with single verify) carry the ratio to the best peer;
      // rows of an op with a native row carry the ratio to the fastest native one.
      const compareTo = SUITES.find((x) => x.name === name)!.ops('quick').find((o) => o.id === r.opId)?.compareTo;
      const same = (p: { opId: string }): boolean => p.opId === r.opId || p.opId === compareTo;
      const peered = measured.some((p) => (p.kind === 'js' || p.kind === 'wasm') && same(p));
      if (peered) expect(r.ratioToBestPeer, `${r.op} · ${r.backend} ratio`).toBeGreaterThan(0);
      else expect(r.ratioToBestPeer).toBeUndefined();
      const natives = measured.filter((p) => p.kind === 'native' && (p.opId === r.opId || (compareTo !== undefined && p.opId === compareTo && !measured.some((q) => q.kind === 'native' && q.opId === r.opId))));
      if (natives.length > 0) {
        const ceiling = Math.min(...natives.map((p) => p.stats!.medianNs));
        expect(r.ratioToNative, `${r.op} · ${r.backend} vs native`).toBeCloseTo(r.stats!.medianNs / ceiling, 9);
        expect(natives.map((p) => p.backend)).toContain(r.fastestNative);
      } else expect(r.ratioToNative).toBeUndefined();
    }
    // Every op of the suite has at least one measured row.
    const ops = new Set(s.rows.map((r) => r.opId));
    for (const op of ops) expect(measured.some((r) => r.opId === op), op).toBe(true);
  });

  it('times the WebAssembly field kernels as strata (wasm), beside Strata and never as its best peer', () => {
    const field = record.suites.find((s) => s.name === 'field')!;
    const wasm = field.rows.filter((r) => r.backend === 'strata (wasm)');
    expect(wasm.map((r) => r.opId).sort()).toEqual(['f25519/mul', 'f25519/square', 'fp/mul', 'fp/square']);
    for (const r of wasm) {
      expect(r.kind).toBe('wasm');
      expect(r.status, `${r.op}: ${r.reason ?? ''}`).toBe('ok');
    }
    for (const s of record.suites) for (const r of s.rows) expect(r.bestPeer, `${s.name} ${r.op} · ${r.backend}`).not.toBe('strata (wasm)');
  });

  it('covers the required ops of each suite', () => {
    const ids = (n: string) => new Set(record.suites.find((s) => s.name === n)!.rows.map((r) => r.opId));
    for (const op of ['fp/mul', 'fp/square', 'fp/add', 'fp/normalize', 'fp/sqrt', 'fp/inverse', 'fp/inverse-nc', 'fp/set-bytes', 'fn/mul', 'fn/inverse', 'f25519/mul', 'f25519/square', 'pf/mul']) expect(ids('field')).toContain(op);
    for (const op of ['k1/add-z1', 'k1/add-eqz', 'k1/add-onez1', 'k1/add-generic', 'k1/double', 'k1/base-nc', 'k1/mult-nc', 'k1/dsm', 'k1/parse', 'k1/base-ct', 'k1/mult-ct', 'ed/smul', 'jj/smul', 'bs/smul', 'bs/smul-glv', 'bj/smul', 'ed/add-ext', 'jj/dbl-ext', 'bj/oncurve-ext', 'k1/msm/1', 'ed/msm/1']) expect(ids('curves')).toContain(op);
    for (const op of ['ed/sign', 'ed/verify', 'ed/batch/1', 'ed/batch/4']) expect(ids('ed25519')).toContain(op);
    for (const op of ['k1/pubkey', 'k1/tweak-mul', 'k1/to-uncompressed', 'k1/to-compressed', 'bj/add-aff', 'bj/pack', 'bj/unpack', 'bs/bw-ser', 'bs/bw-deser', 'bs/bw-base-mul']) expect(ids('curves')).toContain(op);
    for (const op of ['st/ed-smul', 'st/ed-b2a/16', 'st/ed-msm/16']) expect(ids('curves')).toContain(op);
    for (const op of ['dleq/k1-ed/prove', 'dleq/k1-ed/verify']) expect(ids('dleq')).toContain(op);
    for (const op of ['edv/ctx/sign', 'edv/ctx/verify', 'edv/ph/sign', 'edv/ph/verify', 'edv/mixed-batch/6']) expect(ids('ed25519-variants')).toContain(op);
    for (const c of ['k1', 'ed']) for (const k of ['sign-cold', 'sign-warm', 'verify-cold', 'verify-warm']) expect(ids('ring')).toContain(`ring/${c}/${k}/2`);
    const edBackends = new Set(record.suites.find((s) => s.name === 'ed25519')!.rows.map((r) => r.backend));
    for (const b of ['strata (ts)', 'strata (wasm)', 'noble-curves', 'tweetnacl', 'libsodium-wrappers', 'node:crypto', 'strata (cached keys, ts)', 'strata (cached keys, wasm)', 'strata (parallel, ts)', 'strata (parallel, wasm)', 'sodium-native', '@noble/ed25519', '@stablelib/ed25519']) expect(edBackends).toContain(b);
    const k1Backends = new Set(record.suites.find((s) => s.name === 'curves')!.rows.map((r) => r.backend));
    for (const b of ['strata', 'strata (ts)', 'strata (wasm)', 'noble-curves', 'elliptic', 'tiny-secp256k1', 'secp256k1', '@noble/secp256k1', 'circomlibjs', '@zk-kit/baby-jubjub', 'verkle-cryptography-wasm']) expect(k1Backends).toContain(b);
    expect(k1Backends).toContain('strata (generic edwards)');
  });

  it('gives every Strata row of an op with a native backend its distance to the native ceiling, and closes with it', () => {
    const curves = record.suites.find((s) => s.name === 'curves')!;
    const ed = record.suites.find((s) => s.name === 'ed25519')!;
    for (const [s, op, native] of [[ed, 'ed/sign', ['sodium-native', 'node:crypto']], [ed, 'ed/verify', ['sodium-native', 'node:crypto']], [ed, 'ed/batch/4', ['sodium-native', 'node:crypto']], [curves, 'k1/pubkey', ['secp256k1']], [curves, 'k1/tweak-mul', ['secp256k1']]] as const) {
      const strata = s.rows.filter((r) => r.opId === op && r.kind === 'strata');
      expect(strata.length, op).toBeGreaterThan(0);
      for (const r of strata) {
        expect(r.ratioToNative, `${op} ${r.backend}`).toBeGreaterThan(0);
        expect(native).toContain(r.fastestNative);
      }
    }
    const summary = record.nativeSummary!.map((g) => `${g.suite}:${g.opId}`);
    for (const x of ['ed25519:ed/sign', 'ed25519:ed/verify', 'ed25519:ed/batch/4', 'curves:k1/pubkey', 'curves:k1/tweak-mul', 'curves:k1/to-uncompressed', 'curves:k1/to-compressed']) expect(summary).toContain(x);
    expect(table).toContain('Strata vs native (fastest native backend of each op, measured in this run):');
    expect(table).toMatch(/ed25519 · ed25519 sign · sign \(32-byte message\)\s+strata \((ts|wasm)\) [0-9.]+ [nµm]?s vs (sodium-native|node:crypto) /);
    for (const b of curves.backends) expect(['strata', 'js', 'wasm', 'native']).toContain(b.kind);
  });

  it('runs every Strata row the WebAssembly engine serves on both engines, and no other row twice', () => {
    expect(record.engines).toEqual(['ts', 'wasm']);
    for (const s of record.suites) {
      const byOp = new Map<string, string[]>();
      for (const r of s.rows) byOp.set(r.opId, [...(byOp.get(r.opId) ?? []), r.backend]);
      for (const [op, backends] of byOp) {
        const qualified = backends.filter((b) => engineOf(b) !== null && !(s.name === 'field' && b === 'strata (wasm)'));
        if (!engineServes(op)) {
          expect(qualified, `${s.name} ${op}`).toEqual([]);
          continue;
        }
        // Each Strata backend of a served op: once per engine, the TypeScript twin first.
        const bases = [...new Set(qualified.map(baseBackend))];
        expect(bases.length, `${s.name} ${op}`).toBeGreaterThan(0);
        for (const b of bases) expect(qualified.filter((x) => baseBackend(x) === b), `${s.name} ${op} ${b}`).toEqual([engineBackend(b, 'ts'), engineBackend(b, 'wasm')]);
        expect(backends, `${s.name} ${op}`).not.toContain('strata');
      }
      // Every WebAssembly-engine row has its ratio to the TypeScript twin; no peer takes Strata's place.
      for (const r of s.rows.filter((x) => engineOf(x.backend) === 'wasm' && x.status === 'ok')) {
        const t = s.rows.find((x) => x.opId === r.opId && x.backend === r.tsTwin)!;
        expect(t, `${s.name} ${r.opId} ${r.backend}`).toBeDefined();
        expect(r.ratioToTs!).toBeCloseTo(r.stats!.medianNs / t.stats!.medianNs, 9);
        expect(r.kind).toBe(s.name === 'field' ? 'wasm' : 'strata');
      }
      for (const r of s.rows) if (r.bestPeer) expect(r.bestPeer.startsWith('strata'), `${s.name} ${r.op}`).toBe(false);
    }
  });

  it('reports the WebAssembly engine module: size, gzipped size and init time, in the JSON, table, Markdown and chart', () => {
    const m = record.engineModule;
    if (!m || 'error' in m) throw new Error(`no engine module section: ${JSON.stringify(m)}`);
    expect(m.bytes).toBeGreaterThan(0);
    expect(m.moduleBytesReported).toBe(m.bytes);
    expect(m.gzipBytes).toBeGreaterThan(0);
    expect(m.initSync.samples).toBe(3);
    expect(m.initAsync.samples).toBe(3);
    for (const t of [m.initSync, m.initAsync]) {
      expect(t.medianMs).toBeGreaterThan(0);
      expect(t.minMs).toBeLessThanOrEqual(t.medianMs);
      expect(t.medianMs).toBeLessThanOrEqual(t.maxMs);
    }
    expect(table).toContain('WebAssembly engine module');
    expect(table).toContain(`module: ${m.bytes} bytes`);
    const md = readFileSync(mdPath, 'utf8');
    expect(md).toContain('### WebAssembly engine module');
    expect(md).toContain('### WebAssembly engine vs TypeScript engine');
    expect(md).toContain('| wasm / ts |');
    const svg = charts();
    expect(svg).toContain(`WebAssembly engine module: ${m.bytes} bytes`);
    expect(svg).toContain('strata (wasm)');
  });

  it('evaluates issue 13\'s engine targets from the run\'s rows: JSON, table and Markdown; what quick mode lacks is not measured', () => {
    const ts = record.engineTargets!;
    expect(ts.map((t) => t.target)).toEqual(engineTargets({ suites: [] }).map((t) => t.target));
    // --quick has no batch n = 1024 and only the secp256k1 × ed25519 DLEq order.
    const unmeasured = ts.filter((t) => t.met === null).map((t) => t.target);
    expect(unmeasured.sort()).toEqual(ts.filter((t) => /batch n = 1024|ed25519 × secp256k1/.test(t.target)).map((t) => t.target).sort());
    const rows = record.suites.filter((s) => s.platform !== 'chromium').flatMap((s) => s.rows);
    for (const t of ts.filter((x) => x.met !== null)) {
      expect(t.ratio!, t.target).toBeCloseTo(t.measured! / t.baseline!, 9);
      expect(t.met).toBe(t.ratio! <= t.limit);
      const [mine, base] = t.rows.map((id) => rows.find((r) => `${r.opId}@${r.backend}` === id));
      if (t.rows[0]!.startsWith('engineModule.')) continue;
      // Ring targets are per member: both figures divided by the ring size.
      const n = t.target.startsWith('ring') ? Number(t.rows[0]!.split('@')[0]!.split('/').pop()) : 1;
      expect(t.measured! * n, t.target).toBe(mine!.stats!.medianNs);
      expect(t.baseline! * n, t.target).toBe(base!.stats!.medianNs);
    }
    // The console lists them as the project's targets, not as failures.
    expect(table).toContain('━━ Project targets (issue 13, the WebAssembly engine): ');
    // Neither the targets nor the module's size and init targets are shouted as failures.
    expect(table).not.toContain('MISSED');
    const md = readFileSync(mdPath, 'utf8');
    expect(md).toContain('### WebAssembly engine targets (issue 13)');
    expect(md).toContain('not measured: no row strata (wasm) for ed/batch/1024');
  });

  it('evaluates issue 22\'s secp256k1-signatures targets the same way: JSON, table and Markdown; quick mode has no batch n = 1024', () => {
    const ts = record.secp256k1SignatureTargets!;
    expect(ts.map((t) => t.target)).toEqual(secp256k1SignatureTargets({ suites: [] }).map((t) => t.target));
    expect(ts.filter((t) => t.met === null).map((t) => t.target).sort()).toEqual(ts.filter((t) => t.target.includes('batch n = 1024')).map((t) => t.target).sort());
    const rows = record.suites.filter((s) => s.platform !== 'chromium').flatMap((s) => s.rows);
    for (const t of ts.filter((x) => x.met !== null)) {
      const [mine, base] = t.rows.map((id) => rows.find((r) => `${r.opId}@${r.backend}` === id));
      expect(t.measured, t.target).toBe(mine!.stats!.medianNs);
      expect(t.baseline, t.target).toBe(base!.stats!.medianNs);
      expect(t.met).toBe(t.ratio! <= t.limit);
    }
    expect(table).toContain('━━ Project targets (issue 22, @strata/secp256k1-signatures): ');
    expect(table.indexOf('━━ Project targets (issue 22,')).toBeGreaterThan(table.indexOf('━━ Project targets (issue 13,'));
    expect(readFileSync(mdPath, 'utf8')).toContain('### @strata/secp256k1-signatures targets (issue 22)');
  });

  it('attaches the cited Go reference rows', () => {
    const refs = record.suites.flatMap((s) => s.rows.filter((r) => r.kind === 'cited').map((r) => `${s.name}:${r.opId}`));
    expect(refs).toContain('field:fp/normalize');
    expect(refs).toContain('curves:k1/base-nc');
    expect(refs).toContain('curves:k1/parse');
    expect(refs).toContain('dleq:dleq/k1-ed/prove');
    expect(refs).toContain('ring:ring/k1/verify-cold/2');
    const norm = record.suites[0]!.rows.find((r) => r.kind === 'cited' && r.opId === 'fp/normalize')!;
    expect(norm.stats!.medianNs).toBe(16.5);
    expect(norm.source).toMatch(/go-benchmarks-2026-11-30\.json/);
  });

  it('writes the JSON record with machine info and every figure', () => {
    const j = record;
    expect(j.schema).toBe('strata-bench/1');
    expect(j.mode).toBe('quick');
    expect(j.machine.cpu.length).toBeGreaterThan(0);
    expect(j.machine.cores).toBeGreaterThan(0);
    expect(j.runtime.node).toBe(process.version);
    expect(j.commit).toHaveProperty('sha');
    expect(j.peers['@noble/curves']).toBe('2.4.0');
    for (const [name, v] of [['sodium-native', '5.1.0'], ['secp256k1', '5.0.2'], ['@noble/ed25519', '3.2.0'], ['@noble/secp256k1', '3.2.0'], ['@stablelib/ed25519', '2.1.0'], ['circomlibjs', '0.1.7'], ['@zk-kit/baby-jubjub', '1.0.3'], ['verkle-cryptography-wasm', '0.4.8']] as const) expect(j.peers[name], name).toBe(v);
    expect(j.runtime.exposeGc).toBe(true);
    expect(j.suites.reduce((n, s) => n + s.rows.length, 0)).toBeGreaterThan(100);
  });

  it('writes the summary picture, and the detail charts per suite with labelled axes', () => {
    const summary = readFileSync(svgPath, 'utf8');
    expect(summary).toContain('Strata benchmarks: who is fastest per job');
    for (const j of ['ed25519 sign', 'ed25519 verify', 'ed25519 batch verify', 'secp256k1 public key', 'ring verify, secp256k1', 'DLEq prove', 'MSM, ed25519']) expect(summary).toContain(`data-job="${j}"`);
    for (const f of [svgPath, ...details()]) expect(Number(/viewBox="0 0 [\d.]+ ([\d.]+)"/.exec(readFileSync(f, 'utf8'))![1]), f).toBeLessThanOrEqual(1600);
    const svg = charts();
    expect(svg.startsWith('<?xml')).toBe(true);
    expect(svg).toContain('<svg');
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    for (const t of ['Field arithmetic', 'secp256k1 point arithmetic', 'secp256k1 public keys', 'Ed25519 signing and verification', 'DLEq proofs', 'Ring signatures', 'Ed25519 batch verification', 'ring sign: time vs ring size']) expect(svg).toContain(t);
    // Native rows are drawn distinctly from WASM and JavaScript ones.
    expect(svg).toMatch(/data-kind="native" stroke="#000"/);
    expect(svg).toContain('fill="url(#wasm-hatch)"');
    expect(svg).toContain('sodium-native (native)');
    expect(svg.split('<?xml').length - 1).toBe(details().length);
    expect(svg).toContain('Go decred (reference) (cited, not measured)');
    expect(svg).toContain('log scale');
    expect(svg).toContain('ring size n');
    expect(svg).toContain('batch size n');
  });

  it('writes the HTML report: self-contained, the summary first', () => {
    const html = readFileSync(htmlPath, 'utf8');
    expect(html).not.toMatch(/<script|<link|https?:/i);
    expect(html.indexOf('id="summary-table"')).toBeLessThan(html.indexOf('id="suite-field"'));
    expect(html.match(/<svg /g)?.length).toBe(details().length + 1);
  });

  it('ends its table with the summary: per job the fastest, Strata\'s best, the ratio and native', () => {
    const at = table.indexOf('━━ Summary: who is fastest per job');
    expect(at).toBeGreaterThan(table.indexOf('━━ Project targets'));
    expect(table.slice(at)).toMatch(/\n {2}ed25519 verify {2,}\S+/);
  });

  it('writes a Markdown summary next to the JSON', () => {
    const md = readFileSync(mdPath, 'utf8');
    expect(md).toContain('### Summary: who is fastest per job');
    for (const t of ['### Field arithmetic', '### Linkable ring signatures', '| op | backend | kind | median |', '| vs native |', '**strata**', 'not measured in this run', '### Strata vs native']) expect(md).toContain(t);
  });

  it('re-renders a saved record with --from, and rejects a file that is not one', () => {
    const out = path.join(tmp, 'rerender.svg');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', '--from', jsonPath, '--svg', out, '--md', path.join(tmp, 'rerender.md'), '--html', path.join(tmp, 'rerender.html')], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    expect(readFileSync(path.join(tmp, 'rerender-ring.svg'), 'utf8')).toContain('Ring signatures');
    expect(readFileSync(out, 'utf8')).toContain('who is fastest per job');
    // The size section survives the re-render (table, Markdown, chart).
    expect(r.stdout).toContain('Bundle size of typical imports');
    expect(readFileSync(path.join(tmp, 'rerender.md'), 'utf8')).toContain('### Bundle size of typical imports');
    expect(readFileSync(path.join(tmp, 'rerender-sizes.svg'), 'utf8')).toContain('Bundle size of typical imports, gzipped');
    expect(r.stdout).toContain('Linkable ring signatures');
    const bad = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', '--from', svgPath], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--from');
  });

  it('is a Node-only run by default: every suite and row has platform node, no browser record', () => {
    expect(record.browser).toBeUndefined();
    for (const s of record.suites) {
      expect(s.platform).toBe('node');
      for (const r of s.rows) expect(r.platform).toBe('node');
    }
  });

  it('measures the bundle sizes of every typical import, Strata beside noble-curves, in the JSON, table and Markdown', () => {
    const sizes = record.sizes;
    if (!sizes || !('rows' in sizes)) throw new Error(`no size section: ${JSON.stringify(sizes)}`);
    expect(sizes.tool).toMatch(/^esbuild /);
    expect(sizes.rows.map((r) => `${r.use}/${r.library}`)).toEqual(SIZE_USES.flatMap((u) => [`${u.id}/strata`, `${u.id}/noble-curves`]));
    for (const r of sizes.rows) {
      // Every row has figures or the bundler's error (ed25519-batch's main entry until it bundles for browsers).
      if (r.status === 'ok') expect(r.gzipBytes).toBeGreaterThan(0);
      else expect(r.error).toMatch(/esbuild error/);
      if (r.library === 'strata') expect(r.budgetGzipBytes).toBeGreaterThan(0);
    }
    expect(sizes.rows.find((r) => r.use === 'secp256k1' && r.library === 'strata')?.unusedCurves).toEqual([]);
    expect(table).toContain('Bundle size of typical imports');
    const svg = readFileSync(path.join(root, 'out', 'bench-sizes.svg'), 'utf8');
    expect(svg).toContain('Bundle size of typical imports, gzipped');
    expect(svg).toContain('data-library="noble-curves"');
    const md = readFileSync(mdPath, 'utf8');
    expect(md).toContain('### Bundle size of typical imports');
    expect(md).toContain("`{ verify } from '@strata/ed25519-batch'`");
  });

  it('prints a table grouped by suite', () => {
    for (const t of ['Field arithmetic', 'Curve arithmetic', 'Ed25519 signing and verification', 'Cross-group DLEq proofs', 'Linkable ring signatures']) expect(table).toContain(t);
    expect(table).toContain('not measured in this run');
  });
});

/**
 * `--record` against a temporary tree: STRATA_BENCH_REPO points the outputs (benchmarks/out/,
 * benchmarks/results/, packages/<dir>/README.md) at it, while the code measured is this
 * repository's. One suite on one engine keeps each run to a few seconds.
 */
describe('pnpm bench --record (in a temporary tree)', () => {
  const tree = path.join(tmp, 'tree');
  const readme = path.join(tree, 'packages', 'field', 'README.md');
  const oldReadme = '# @strata/field\n\n## Performance\n\n<!-- strata:figures:begin -->\nold figures\n<!-- strata:figures:end -->\n';
  const out = path.join(tree, 'benchmarks', 'out');
  const results = path.join(tree, 'benchmarks', 'results');
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, STRATA_BENCH_REPO: tree },
    });
  const quick = ['--quick', '--suite', 'field', '--engine', 'ts', '--no-sizes'];
  let hashesBefore: Record<string, string> = {};
  let plain: ReturnType<typeof run>;
  let recorded: ReturnType<typeof run>;
  let plainJson = '';
  let readmeAfterPlain = '';
  let recordAfterPlain = '';
  // The tree starts with a committed record (a copy of this repository's) that its README does
  // not show: a run that rewrote the figures from it, without --record, would be caught.
  const seeded = readFileSync(path.join(root, 'results', 'latest.json'), 'utf8');

  beforeAll(() => {
    hashesBefore = guardedHashes();
    mkdirSync(path.dirname(readme), { recursive: true });
    writeFileSync(path.join(tree, 'package.json'), JSON.stringify({ private: true, repository: { type: 'git', url: 'git+https://example.org/acme/strata.git' } }));
    writeFileSync(path.join(tree, 'packages', 'field', 'package.json'), JSON.stringify({ name: '@strata/field' }));
    writeFileSync(readme, oldReadme);
    mkdirSync(results, { recursive: true });
    writeFileSync(path.join(results, 'latest.json'), seeded);
    plain = run(...quick);
    readmeAfterPlain = readFileSync(readme, 'utf8');
    recordAfterPlain = readFileSync(path.join(results, 'latest.json'), 'utf8');
    if (plain.status !== 0) throw new Error(`bench without --record exited ${plain.status ?? plain.signal}:\n${plain.stderr.slice(-3000)}`);
    plainJson = readFileSync(path.join(out, 'bench.json'), 'utf8');
    recorded = run(...quick, '--record');
    if (recorded.status !== 0) throw new Error(`bench --record exited ${recorded.status ?? recorded.signal}:\n${recorded.stderr.slice(-3000)}`);
  }, 240_000);

  it('without --record: writes benchmarks/out/bench.* only, leaves the README alone, and says so', () => {
    for (const f of ['bench.json', 'bench.svg', 'bench-field.svg', 'bench.md', 'bench.html']) expect(existsSync(path.join(out, f)), f).toBe(true);
    expect(plain.stdout).toContain(
      `record: ${path.join(out, 'bench.json')}\ncharts: ${path.join(out, 'bench.svg')} (the summary picture); per suite, beside it: bench-field.svg\nsummary: ${path.join(out, 'bench.md')}\nreport: ${path.join(out, 'bench.html')} (open it in a browser: the summary, then every suite)\n`,
    );
    expect(plain.stdout).toContain("the committed record (benchmarks/results/latest.*) and the package READMEs' figures are unchanged");
    expect(plain.stdout).not.toContain('figures: updated');
    expect(readmeAfterPlain).toBe(oldReadme);
    expect(recordAfterPlain).toBe(seeded);
    expect((JSON.parse(plainJson) as BenchRecord).suites.map((x) => x.name)).toEqual(['field']);
  });

  it('with --record: writes benchmarks/results/latest.{json,svg,md,html} (and latest-field.svg) and rewrites the README figures from it, naming every file', () => {
    const rec = JSON.parse(readFileSync(path.join(results, 'latest.json'), 'utf8')) as BenchRecord;
    expect(rec.schema).toBe('strata-bench/1');
    expect(rec.mode).toBe('quick');
    expect(Number.isInteger(rec.elapsedMs) && rec.elapsedMs > 0).toBe(true);
    expect(readFileSync(path.join(results, 'latest.svg'), 'utf8')).toContain('<svg');
    expect(readFileSync(path.join(results, 'latest-field.svg'), 'utf8')).toContain('<svg');
    expect(readFileSync(path.join(results, 'latest.html'), 'utf8')).toContain('id="summary-table"');
    expect(readFileSync(path.join(results, 'latest.md'), 'utf8')).toContain('### Field arithmetic');
    const text = readFileSync(readme, 'utf8');
    expect(text).not.toContain('old figures');
    expect(text).toContain('**Field arithmetic** (suite `field`)');
    expect(text).toContain('`pnpm bench --quick` on');
    const tail = recorded.stdout.trimEnd().split('\n').slice(-5);
    expect(tail).toEqual([
      `record: ${path.join(results, 'latest.json')}`,
      `charts: ${path.join(results, 'latest.svg')} (the summary picture); per suite, beside it: latest-field.svg`,
      `summary: ${path.join(results, 'latest.md')}`,
      `report: ${path.join(results, 'latest.html')} (open it in a browser: the summary, then every suite)`,
      'figures: updated 1 README(s) from benchmarks/results/latest.json: packages/field/README.md',
    ]);
    // The --record run left the ignored folder to the run before it.
    expect(readFileSync(path.join(out, 'bench.json'), 'utf8')).toBe(plainJson);
  });

  it('--from: a committed record re-renders into benchmarks/out/; with --record a saved run becomes the record, READMEs included', () => {
    writeFileSync(readme, oldReadme);
    const before = readFileSync(path.join(results, 'latest.json'), 'utf8');
    const svgBefore = readFileSync(path.join(results, 'latest.svg'), 'utf8');
    const r = run('--from', path.join(results, 'latest.json'));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`charts: ${path.join(out, 'latest.svg')} (the summary picture); per suite, beside it: latest-field.svg\nsummary: ${path.join(out, 'latest.md')}\nreport: ${path.join(out, 'latest.html')} `);
    expect(readFileSync(path.join(out, 'latest.svg'), 'utf8')).toContain('<svg');
    expect(readFileSync(path.join(results, 'latest.json'), 'utf8')).toBe(before);
    expect(readFileSync(path.join(results, 'latest.svg'), 'utf8')).toBe(svgBefore);
    expect(readFileSync(readme, 'utf8')).toBe(oldReadme);
    // This repository's committed record re-renders into the tree's benchmarks/out/, not next to itself.
    const own = run('--from', path.join(root, 'results', 'latest.json'));
    expect(own.status, own.stderr).toBe(0);
    expect(own.stdout).toContain(`charts: ${path.join(out, 'latest.svg')} (the summary picture); per suite, beside it: latest-field.svg, latest-curves.svg`);
    // Promote the first run's record (benchmarks/out/bench.json) without measuring again.
    const p = run('--from', path.join(out, 'bench.json'), '--record');
    expect(p.status, p.stderr).toBe(0);
    expect((JSON.parse(readFileSync(path.join(results, 'latest.json'), 'utf8')) as BenchRecord).date).toBe((JSON.parse(plainJson) as BenchRecord).date);
    expect(p.stdout).toContain(`record: ${path.join(results, 'latest.json')}\n`);
    expect(p.stdout).toContain('figures: updated 1 README(s) from benchmarks/results/latest.json: packages/field/README.md');
    expect(readFileSync(readme, 'utf8')).toContain('**Field arithmetic** (suite `field`)');
  });

  it('refuses to write the committed record without --record, and --record with its own file names', () => {
    for (const args of [
      ['--json', path.join(results, 'latest.json')],
      ['--svg', path.join(root, 'results', 'latest.svg')],
      ['--from', path.join(out, 'bench.json'), '--md', path.join(results, 'latest.md')],
      ['--html', path.join(results, 'latest.html')],
    ]) {
      const r = run(...quick, ...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('that is the committed record; pnpm bench --record writes it');
    }
    const both = run(...quick, '--record', '--json', path.join(tmp, 'x.json'));
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('--record writes');
    expect(both.stderr).toContain('leave out --json');
    const fromJson = run('--from', path.join(out, 'bench.json'), '--json', path.join(tmp, 'y.json'));
    expect(fromJson.status).toBe(2);
    expect(existsSync(path.join(tmp, 'x.json')) || existsSync(path.join(tmp, 'y.json'))).toBe(false);
  });

  it('left this repository\'s committed record and package READMEs as they were', () => {
    expect(guardedHashes()).toEqual(hashesBefore);
  });
});

describe('CLI bad input', () => {
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: root, encoding: 'utf8', timeout: 60_000 });

  it('unknown suite: lists the valid ones, exits 2', () => {
    const r = cli('--suite', 'nope', '--json', path.join(tmp, 'never.json'));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('unknown suite "nope"');
    for (const s of SUITE_NAMES) expect(r.stderr).toContain(s);
  });

  it('unknown backend: lists the valid ones, exits 2', () => {
    const r = cli('--backend', 'openssl-9', '--suite', 'field');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('unknown backend "openssl-9"');
    for (const b of backendNames()) expect(r.stderr).toContain(b);
  });

  it('a backend that no selected suite has exits 2', () => {
    const r = cli('--suite', 'field', '--backend', 'tweetnacl');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('no selected suite has backend "tweetnacl"');
  });

  it('conflicting or unknown flags exit 2', () => {
    expect(cli('--quick', '--full').status).toBe(2);
    const r = cli('--fast');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('usage');
  });

  it('a backend that fails to load (a WASM peer, a native addon) is reported unavailable and the run goes on', () => {
    const json = path.join(tmp, 'wasm-fail.json');
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', '--quick', '--suite', 'curves', '--backend', 'tiny-secp256k1,noble-curves,secp256k1', '--json', json],
      { cwd: root, encoding: 'utf8', timeout: 120_000, env: { ...process.env, STRATA_BENCH_SIMULATE_LOAD_FAILURE: 'tiny-secp256k1,secp256k1' } },
    );
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('tiny-secp256k1: unavailable (simulated load failure');
    expect(r.stderr).toContain('secp256k1: unavailable (simulated load failure');
    const rec = JSON.parse(readFileSync(json, 'utf8')) as BenchRecord;
    const rows = rec.suites[0]!.rows;
    const pub = ['k1/pubkey', 'k1/to-compressed', 'k1/to-uncompressed', 'k1/tweak-mul'];
    const tiny = rows.filter((x) => x.backend === 'tiny-secp256k1');
    expect(tiny.map((x) => x.opId).sort()).toEqual(['k1/base-ct', 'k1/mult-ct', 'k1/parse', ...pub]);
    const native = rows.filter((x) => x.backend === 'secp256k1');
    expect(native.map((x) => x.opId).sort()).toEqual(pub);
    for (const x of [...tiny, ...native]) {
      expect(x.status).toBe('unavailable');
      expect(x.reason).toMatch(/backend failed to load: simulated load failure/);
    }
    const noble = rows.filter((x) => x.backend === 'noble-curves' && x.status === 'ok');
    expect(noble.length).toBeGreaterThan(10);
    // No native backend measured: no native column.
    for (const x of noble) expect(x.ratioToNative).toBeUndefined();
  });

  it('an output path that cannot be written is refused before measuring', () => {
    const r = cli('--suite', 'field', '--json', tmp);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('is a directory');
  });

  it('a bad --engine value: names the valid ones, exits 2', () => {
    const r = cli('--engine', 'gpu', '--suite', 'field');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--engine must be one of ts, wasm, both, got "gpu"');
  });

  it('--engine ts runs the TypeScript twins only and measures no module; --backend strata selects the twins', () => {
    const json = path.join(tmp, 'engine-ts.json');
    const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'src/cli.ts', '--quick', '--suite', 'ed25519', '--backend', 'strata', '--engine', 'ts', '--no-sizes', '--json', json], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.status, r.stderr.slice(-2000)).toBe(0);
    const rec = JSON.parse(readFileSync(json, 'utf8')) as BenchRecord;
    expect(rec.engines).toEqual(['ts']);
    expect(rec.engineModule).toBeUndefined();
    // No WebAssembly row, no module: every engine target is "not measured", none has a figure.
    expect(rec.engineTargets!.length).toBe(engineTargets({ suites: [] }).length);
    for (const t of rec.engineTargets!) expect(t, t.target).toMatchObject({ measured: null, ratio: null, met: null });
    // No secp256k1-signatures suite in this run: issue 22's targets are not measured either.
    expect(rec.secp256k1SignatureTargets!.length).toBe(secp256k1SignatureTargets({ suites: [] }).length);
    for (const t of rec.secp256k1SignatureTargets!) expect(t, t.target).toMatchObject({ measured: null, ratio: null, met: null });
    const backends = [...new Set(rec.suites[0]!.rows.map((x) => x.backend))].sort();
    expect(backends).toEqual(['strata (ts)']);
    expect(rec.suites[0]!.rows.every((x) => x.status === 'ok')).toBe(true);
  });

  it('--list and --help exit 0', () => {
    const l = cli('--list');
    expect(l.status).toBe(0);
    expect(l.stdout).toContain('suites: field, curves, ed25519, ed25519-variants, secp256k1-signatures, dleq, ring');
    expect(cli('--help').status).toBe(0);
  });
});
