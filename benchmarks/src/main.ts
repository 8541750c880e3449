/**
 * Programmatic entry point: run suites, build the JSON record, write it with its charts (SVG) and
 * summary (Markdown). A run writes `benchmarks/out/bench.{json,svg,md}` (git-ignored) unless told
 * otherwise; the committed record `benchmarks/results/latest.{json,svg,md}` is written only with
 * `record: true` (`pnpm bench --record`). The CLI (`src/cli.ts`) and the test call {@link runBench}.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Budget } from './harness.js';
import { BUDGETS, sinkCount } from './harness.js';
import { GoSession, goHeaderLine, goProblem, referenceInfo, renderGoNote, renderGoNoteMarkdown, REFERENCE_FILE, type GoReferenceInfo } from './reference.js';
import { Colors, renderDetailSvgs, renderSummarySvg } from './report/svg.js';
import { renderHtml } from './report/html.js';
import { renderSummaryMarkdown, renderSummaryTable, summarize } from './report/summary.js';
import { renderNativeNote, renderTable } from './report/table.js';
import { renderMarkdown } from './report/markdown.js';
import { renderSizeMarkdown, renderSizeTable } from './report/size.js';
import { measureSizes, type SizeReport } from './size.js';
import { backendSelected, ENGINES, selectEngine, type EngineName } from './engine.js';
import { engineModuleLines, measureEngineModule, renderEngineModuleMarkdown, renderEngineModuleTable, type EngineModuleReport } from './engine-module.js';
import type { BrowserInfo } from './browser/run.js';
import { recordTargets, renderTargetsMarkdown, renderTargetsTable, targetFields, type EngineTarget } from './targets.js';
import { computeRatios, nativeGaps, runSuite, type NativeGap, type ProgressEvent } from './runner.js';
import { SUITES } from './suites/index.js';
import type { BackendKind, Mode, OpSpec, Row, SuiteResult } from './types.js';
import { rowKind } from './types.js';

/** The package root (`benchmarks/`). */
export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The repository tree a run writes into: `STRATA_BENCH_REPO` when set (the tests point it at a
 * temporary tree, so that a `--record` run leaves this repository alone), else the repository
 * benchmarks/ stands in. Only where files go depends on it; the code and packages measured are
 * always this repository's.
 */
export function outputRoot(): string {
  const env = process.env.STRATA_BENCH_REPO;
  return env !== undefined && env.trim() !== '' ? path.resolve(env) : path.resolve(PACKAGE_ROOT, '..');
}

/** The folder of a user's runs, `<root>/benchmarks/out/` (git-ignored: a run leaves `git status` clean). */
export function outDir(): string {
  return path.join(outputRoot(), 'benchmarks', 'out');
}

/** The folder of the committed records, `<root>/benchmarks/results/`. */
export function resultsDir(): string {
  return path.join(outputRoot(), 'benchmarks', 'results');
}

/**
 * The files of one run's output: the JSON record, the summary picture (SVG; the detail charts per
 * suite go beside it, {@link detailSvgPath}), the Markdown tables and the HTML report.
 */
export interface OutputPaths {
  readonly json: string;
  readonly svg: string;
  readonly md: string;
  readonly html: string;
}

/** A detail chart's file beside the summary picture `svg`: `bench.svg` → `bench-ring.svg`. */
export function detailSvgPath(svg: string, name: string): string {
  return `${svg.replace(/\.svg$/i, '')}-${name}.svg`;
}

/** The committed record, `benchmarks/results/latest.{json,svg,md,html}` (and `latest-<suite>.svg`): written only by `--record`. */
export function recordPaths(): OutputPaths {
  const base = path.join(resultsDir(), 'latest');
  return { json: `${base}.json`, svg: `${base}.svg`, md: `${base}.md`, html: `${base}.html` };
}

/** Where a run without `--record`, `--json`, `--svg`, `--md` or `--html` writes: `benchmarks/out/bench.{json,svg,md,html}` (and `bench-<suite>.svg`). */
export function runPaths(): OutputPaths {
  const base = path.join(outDir(), 'bench');
  return { json: `${base}.json`, svg: `${base}.svg`, md: `${base}.md`, html: `${base}.html` };
}

/**
 * True when `file` is one of the committed record's files (`benchmarks/results/latest.{json,svg,md}`
 * of the output root, or of this repository when STRATA_BENCH_REPO points elsewhere): only
 * `--record` writes those.
 */
export function isRecordFile(file: string): boolean {
  const abs = path.resolve(file);
  const own = path.join(PACKAGE_ROOT, 'results', 'latest');
  if ([...Object.values(recordPaths()), `${own}.json`, `${own}.svg`, `${own}.md`, `${own}.html`].includes(abs)) return true;
  // The detail charts of the record: latest-<suite>.svg.
  return [resultsDir(), path.join(PACKAGE_ROOT, 'results')].includes(path.dirname(abs)) && /^latest-[a-z0-9-]+\.svg$/.test(path.basename(abs));
}

/**
 * Where `--from <record>` writes its SVG or Markdown (`ext`: `.svg`, `.md`) when not told: next
 * to the record (`x.json` → `x.svg`), except for a record in a `benchmarks/results/` folder (the
 * committed records): then `benchmarks/out/<name><ext>`, so a re-render never rewrites a
 * committed file.
 */
export function fromOutputPath(from: string, ext: string): string {
  const abs = path.resolve(from);
  const name = path.basename(abs).replace(/\.json$/i, '');
  const committed = [resultsDir(), path.join(PACKAGE_ROOT, 'results')].some((d) => {
    const rel = path.relative(d, abs);
    return rel !== '' && rel.split(path.sep)[0] !== '..' && !path.isAbsolute(rel);
  });
  return committed ? path.join(outDir(), `${name}${ext}`) : abs.replace(/\.json$/i, '') + ext;
}

/** Options of {@link runBench}. */
export interface BenchOptions {
  readonly mode: Mode;
  /** Suite names to run (default: all, in the standard order). */
  readonly suites?: readonly string[];
  /** Backend names to keep (default: all); an engine twin's base name (`strata`) keeps both twins. */
  readonly backends?: readonly string[];
  /** The Strata engines whose twin rows run (`--engine`; default both, `src/engine.ts`). */
  readonly engines?: readonly EngineName[];
  /**
   * Write the committed record (`benchmarks/results/latest.*`, {@link recordPaths}) instead of
   * `benchmarks/out/bench.*` ({@link runPaths}) where no path is given (`--record`).
   */
  readonly record?: boolean;
  /** Where to write the JSON record; null to skip. Default `benchmarks/out/bench.json` (`record`: `results/latest.json`). */
  readonly jsonPath?: string | null;
  /** Where to write the SVG charts; null to skip. Default next to a given JSON path (`.svg`), else as the JSON's default. */
  readonly svgPath?: string | null;
  /** Where to write the Markdown summary; null to skip. Default next to a given JSON path (`.md`), else as the JSON's default. */
  readonly mdPath?: string | null;
  /** Where to write the HTML report; null to skip. Default next to a given JSON path (`.html`), else as the JSON's default. */
  readonly htmlPath?: string | null;
  readonly budget?: Budget;
  readonly onProgress?: (e: ProgressEvent) => void;
  /** Also run the suites in headless Chromium (`--browser`); their rows have platform `chromium`. */
  readonly browser?: boolean;
  /** Measure the bundle sizes of typical imports (default true). */
  readonly sizes?: boolean;
  /** Measure the WebAssembly engine module's size and init time (default: when rows of the wasm engine run). */
  readonly engineModule?: boolean;
  /** Called when the size measurement starts and ends (progress). */
  readonly onStage?: (text: string) => void;
  /**
   * The Go reference rows (src/reference.ts): `auto` (default) measures them in this run when `go`
   * is on PATH, except in quick mode; `on` (`--go`) also in quick mode; `off` (`--no-go`) cites them.
   * Without Go, or when its build fails, they are cited and say why.
   */
  readonly go?: 'auto' | 'on' | 'off';
  /** Override of the mode's Go `-benchtime` (`--go-benchtime`). */
  readonly goBenchtime?: string;
}

/** The JSON record of a run. */
export interface BenchRecord {
  readonly schema: 'strata-bench/1';
  readonly date: string;
  readonly mode: Mode;
  readonly machine: { cpu: string; cores: number; memoryGiB: number; platform: string; arch: string; loadavg: number[] };
  /** `openssl`: the OpenSSL inside node:crypto (a native backend); absent in older records. */
  readonly runtime: { node: string; v8: string; exposeGc: boolean; openssl?: string };
  readonly commit: { sha: string | null; dirty: boolean | null };
  readonly peers: Record<string, string>;
  readonly budget: Budget;
  readonly reference: ReturnType<typeof referenceInfo>;
  /** The Go rows of this run: measured (toolchain, rounds, benchtime) or cited and why. Absent in older records (cited). */
  readonly goReference?: GoReferenceInfo;
  /**
   * Wall time of the run in ms: from the start of {@link runBench} to the record (every suite, the
   * browser run, sizes and the engine module; not the build before it). The root README's Quick
   * start states it in minutes (scripts/test/readme-timings.test.ts compares).
   */
  readonly elapsedMs: number;
  /** Problems that did not stop the run (unhandled rejections from backends). */
  readonly warnings: string[];
  readonly suites: SuiteResult[];
  /** The Strata engines the run measured (`--engine`); absent in records written before the WebAssembly engine (ts only). */
  readonly engines?: readonly EngineName[];
  /**
   * The WebAssembly engine module: size, gzipped size, init time in fresh processes
   * (`src/engine-module.ts`), or why it could not be measured. Absent when the run left the
   * WebAssembly engine out, and in older records.
   */
  readonly engineModule?: EngineModuleReport | { readonly error: string };
  /**
   * Issue 13's targets for the WebAssembly engine, evaluated on this record (`src/targets.ts`):
   * per target the measured figure, what it is compared with, ratio, limit, met (null: not
   * measured) and the rows used. Recomputed by `--from`; absent in older records.
   */
  readonly engineTargets?: EngineTarget[];
  /**
   * Issue 22's targets for `@strata/secp256k1-signatures`, the same way from the
   * secp256k1-signatures suite's rows. Recomputed by `--from`; absent in older records.
   */
  readonly secp256k1SignatureTargets?: EngineTarget[];
  /**
   * Issue 24's speed targets (ed25519 and secp256k1 against libsodium and native code, the
   * protocols against Go, the generic Edwards curves' WebAssembly engine, MSM at 2^16), the same
   * way. Recomputed by `--from`; absent in older records.
   */
  readonly speedTargets?: EngineTarget[];
  /**
   * Per op with a native backend in the run: Strata's fastest row against the fastest native
   * row (the same figures as the rows' ratioToNative). Absent in records written before it existed.
   */
  readonly nativeSummary?: NativeGap[];
  /**
   * Bundle sizes of typical imports, Strata beside noble-curves (`src/size.ts`), or why they
   * could not be measured. Absent in records written before sizes existed, or with sizes off.
   */
  readonly sizes?: SizeReport | { readonly error: string };
  /**
   * The browser of a `--browser` run; its suites are in `suites` with platform `chromium`, each
   * right after the Node suite of the same name.
   */
  readonly browser?: BrowserInfo;
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: PACKAGE_ROOT, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return null;
  }
}

/** The peer packages whose installed versions go into the record. */
export const PEER_PACKAGES: readonly string[] = [
  '@noble/curves',
  '@noble/hashes',
  'bn.js',
  'elliptic',
  'tiny-secp256k1',
  'tweetnacl',
  'libsodium-wrappers',
  'sodium-native',
  'secp256k1',
  '@noble/ed25519',
  '@noble/secp256k1',
  '@stablelib/ed25519',
  'circomlibjs',
  '@zk-kit/baby-jubjub',
  'verkle-cryptography-wasm',
];

function peerVersions(): Record<string, string> {
  const req = createRequire(path.join(PACKAGE_ROOT, 'package.json'));
  const out: Record<string, string> = {};
  for (const name of PEER_PACKAGES) {
    try {
      const dir = path.dirname(req.resolve(`${name}/package.json`));
      out[name] = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      try {
        // Packages whose exports map hides package.json: walk up from the main entry.
        let dir = path.dirname(req.resolve(name));
        for (let i = 0; i < 5; i++) {
          try {
            const pj = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version: string };
            if (pj.name === name) {
              out[name] = pj.version;
              break;
            }
          } catch {
            /* keep walking */
          }
          dir = path.dirname(dir);
        }
      } catch {
        out[name] = 'not installed';
      }
    }
  }
  return out;
}

/** Machine description for the record and the chart header. */
export function machineInfo(): BenchRecord['machine'] {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism?.() ?? cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    platform: `${os.platform()} ${os.release()}`,
    arch: os.arch(),
    loadavg: os.loadavg().map((x) => Math.round(x * 100) / 100),
  };
}

const warningCounts = new Map<string, number>();

/** Records a warning (e.g. an unhandled rejection from a backend) for the JSON record; returns how often it has been seen. */
export function recordWarning(text: string): number {
  const n = (warningCounts.get(text) ?? 0) + 1;
  warningCounts.set(text, n);
  return n;
}

/** Names of every suite, in run order. */
export const SUITE_NAMES: readonly string[] = SUITES.map((s) => s.name);

/** Every backend name any suite knows, and the base names of the engine twins (`strata` selects `strata (ts)` and `strata (wasm)`), sorted. */
export function backendNames(): string[] {
  return [...new Set(SUITES.flatMap((s) => s.adapters.flatMap((a) => (a.base !== undefined ? [a.backend, a.base] : [a.backend]))))].sort();
}

/** The short reason on each cited Go row (the header line and the record give the whole one). */
function goShort(reason: string): string {
  if (reason.startsWith('no Go toolchain')) return 'no Go toolchain on PATH';
  if (reason.startsWith('broken Go toolchain')) return 'the Go toolchain is broken (see warnings)';
  return reason.split(';')[0] as string;
}

/** The header lines of the charts and the Markdown summary: when, where, what. */
function headerLines(record: BenchRecord): string[] {
  const m = record.machine;
  return [
    `${record.date.slice(0, 16).replace('T', ' ')} UTC · mode ${record.mode} · commit ${record.commit.sha ? record.commit.sha.slice(0, 10) : 'unknown'}${record.commit.dirty ? ' (dirty tree)' : ''} · ${(record.elapsedMs / 1000).toFixed(0)} s`,
    `${m.cpu} · ${m.cores} cores · ${m.memoryGiB} GiB · Node ${record.runtime.node} (V8 ${record.runtime.v8}) · ${m.platform} · load average at start ${m.loadavg.join(' ')}`,
    `peers: ${Object.entries(record.peers).map(([k, v]) => `${k} ${v}`).join(', ')}`,
    goHeaderLine(record.goReference),
    `vs native = time / the fastest native backend's time for the same op in this run (native: sodium-native, secp256k1, node:crypto with OpenSSL ${record.runtime.openssl ?? 'unrecorded'}).`,
    ...(record.engines ? [`Strata engines: ${record.engines.join(' + ')}; rows the WebAssembly engine serves: strata (…, ts) / strata (…, wasm); wasm/ts = wasm time / ts time.`] : []),
    ...(record.engineModule && !('error' in record.engineModule) ? engineModuleLines(record.engineModule).map((l) => `WebAssembly engine ${l}`) : []),
    ...(record.browser
      ? [
          `Chromium rows: headless Chromium ${record.browser.version} (${record.browser.executable}), run after the Node rows on the same machine; ratios compare rows of the same platform only; bytes per op ${record.browser.allocationCounting}.`,
        ]
      : []),
  ];
}

/** Runs the selected suites and writes the record and charts. */
export async function runBench(opts: BenchOptions): Promise<{ record: BenchRecord } & WrittenOutputs> {
  const t0 = performance.now();
  const loadAtStart = os.loadavg().map((x) => Math.round(x * 100) / 100);
  // With a backend filter, suites that have none of those backends are left out.
  const chosen = (opts.suites ? SUITES.filter((s) => opts.suites!.includes(s.name)) : SUITES).filter(
    (s) => !opts.backends || s.adapters.some((a) => backendSelected(a, opts.backends)),
  );
  const engines = opts.engines ?? ENGINES;
  const results: SuiteResult[] = [];
  // The Go side: measured in this run when Go is there (not in quick mode unless asked), else cited.
  const goSuites = [...new Set(chosen.flatMap((s) => (s.references?.(s.ops(opts.mode)) ?? []).flatMap((f) => (f.go ? [f.go.suite] : []))))];
  const goWanted = opts.go === 'on' || (opts.go !== 'off' && opts.mode !== 'quick');
  let go: GoSession | undefined;
  let goInfo: GoReferenceInfo;
  if (goSuites.length === 0) goInfo = { measured: false, reason: 'no suite of this run has a Go counterpart', cited: REFERENCE_FILE };
  else if (!goWanted) goInfo = { measured: false, reason: opts.go === 'off' ? '--no-go' : '--quick runs no Go (pnpm bench --quick --go does)', cited: REFERENCE_FILE };
  else {
    const opened = await GoSession.open({ mode: opts.mode, suites: goSuites, ...(opts.goBenchtime ? { benchtime: opts.goBenchtime } : {}), ...(opts.onStage ? { onStage: opts.onStage } : {}) });
    if (opened instanceof GoSession) {
      go = opened;
      goInfo = go.info();
    } else {
      goInfo = { measured: false, reason: opened.unavailable, cited: REFERENCE_FILE };
      // A toolchain that is there but broken is worth a warning; a missing one is the documented fallback.
      if (goProblem() === null) recordWarning(`Go reference: ${opened.unavailable}; the Go rows are cited`);
    }
  }
  const goCited = goInfo.measured ? undefined : goShort(goInfo.reason ?? '');
  try {
    for (const s of chosen) {
      results.push(
        await runSuite(s, {
          mode: opts.mode,
          ...(opts.backends ? { backends: opts.backends } : {}),
          engines,
          ...(opts.budget ? { budget: opts.budget } : {}),
          ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
          ...(go ? { go } : goCited ? { goCited } : {}),
        }),
      );
      // Whatever a suite's last Strata row selected, the next suite starts on the default engine.
      await selectEngine('ts');
    }
  } finally {
    go?.close();
  }
  if (go) {
    goInfo = go.info();
    for (const w of go.warnings) recordWarning(w);
    // Measured only where some round gave a figure.
    if (!results.some((r) => r.rows.some((x) => x.kind === 'go'))) goInfo = { ...goInfo, measured: false, reason: `every Go round failed (see warnings)` };
  }
  // The browser run: the same suites in headless Chromium, after the Node ones (one at a time,
  // so the two never compete for the cores); each Chromium suite goes right after its Node suite.
  let browser: BrowserInfo | undefined;
  if (opts.browser) {
    const { runInBrowser } = await import('./browser/run.js');
    opts.onStage?.('browser: bundling the suites and starting headless Chromium');
    const b = await runInBrowser({
      mode: opts.mode,
      suites: chosen.map((s) => s.name),
      ...(opts.backends ? { backends: opts.backends } : {}),
      engines,
      ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
    });
    browser = b.browser;
    for (const w of b.warnings) recordWarning(`chromium: ${w}`);
    for (const s of b.suites) results.splice(results.findIndex((r) => r.name === s.name && r.platform !== 'chromium') + 1, 0, s);
  }
  let sizes: BenchRecord['sizes'];
  if (opts.sizes !== false) {
    opts.onStage?.('sizes: bundling typical imports with esbuild');
    try {
      sizes = await measureSizes();
    } catch (e) {
      sizes = { error: e instanceof Error ? e.message : String(e) };
    }
  }
  let engineModule: BenchRecord['engineModule'];
  // The module report goes with the WebAssembly engine's rows: left out when none was selected.
  const wasmRows = engines.includes('wasm') && chosen.some((s) => s.adapters.some((a) => a.engine === 'wasm' && backendSelected(a, opts.backends)));
  if (opts.engineModule ?? wasmRows) {
    opts.onStage?.('engine: WebAssembly module size and init time (fresh processes)');
    try {
      engineModule = measureEngineModule(opts.mode === 'quick' ? 3 : opts.mode === 'full' ? 15 : 7);
    } catch (e) {
      engineModule = { error: e instanceof Error ? e.message.split('\n')[0]! : String(e) };
    }
  }
  const sha = git(['rev-parse', 'HEAD']);
  const status = git(['status', '--porcelain']);
  const record: BenchRecord = {
    schema: 'strata-bench/1',
    date: new Date().toISOString(),
    mode: opts.mode,
    machine: { ...machineInfo(), loadavg: loadAtStart },
    runtime: { node: process.version, v8: process.versions.v8, exposeGc: typeof (globalThis as { gc?: unknown }).gc === 'function', openssl: process.versions.openssl },
    commit: { sha, dirty: status === null ? null : status.length > 0 },
    peers: peerVersions(),
    budget: opts.budget ?? BUDGETS[opts.mode],
    reference: referenceInfo(),
    goReference: goInfo,
    elapsedMs: Math.round(performance.now() - t0),
    warnings: [...warningCounts].map(([text, n]) => (n > 1 ? `${text} (×${n})` : text)),
    suites: results,
    engines: [...engines],
    ...(engineModule ? { engineModule } : {}),
    ...targetFields({ suites: results, ...(engineModule ? { engineModule } : {}) }),
    nativeSummary: nativeGaps(results),
    ...(sizes ? { sizes } : {}),
    ...(browser ? { browser } : {}),
  };
  if (sinkCount() === 0 && results.some((r) => r.rows.some((x) => x.status === 'ok' && x.kind !== 'cited' && x.kind !== 'go'))) {
    throw new Error('benchmark sink never written: measurement loop broken');
  }
  return { record, ...writeOutputs(record, opts) };
}

/** What {@link writeOutputs} wrote (null: skipped) and the table it printed. */
export interface WrittenOutputs {
  readonly table: string;
  readonly jsonPath: string | null;
  /** The summary picture. */
  readonly svgPath: string | null;
  /** The detail charts beside it (`<svg>-<suite>.svg`), in report order. */
  readonly detailPaths: readonly string[];
  readonly mdPath: string | null;
  readonly htmlPath: string | null;
}

/**
 * Writes the record (JSON), the summary picture and the detail charts (SVG), the tables
 * (Markdown) and the HTML report; returns the console table (its last blocks: the project
 * targets, then the summary) and the paths.
 */
export function writeOutputs(record: BenchRecord, opts: Pick<BenchOptions, 'jsonPath' | 'svgPath' | 'mdPath' | 'htmlPath' | 'record'>): WrittenOutputs {
  const results = record.suites;
  // The table closes with the note on Strata's distance to the native ceiling, per op.
  const note = renderNativeNote(results);
  // Then, when Go ran, the Go rows measured in this run beside their cited figures.
  const goNote = renderGoNote(results);
  const sizes = record.sizes;
  const sizeText = !sizes ? '' : 'error' in sizes ? `\n\nBundle sizes not measured: ${sizes.error}` : `\n${renderSizeTable(sizes)}`;
  const em = record.engineModule;
  const targets = recordTargets(record);
  const summary = summarize(record);
  // Last, what a person reads first: the project's targets (goals, not failures), then the summary.
  const table =
    renderTable(results) +
    sizeText +
    (em ? `\n\n${renderEngineModuleTable(em)}` : '') +
    (note ? `\n\n${note}` : '') +
    (goNote ? `\n\n${goNote}` : '') +
    `\n\n${renderTargetsTable(targets)}` +
    `\n\n${renderSummaryTable(summary)}`;
  // Charts of a browser suite get "(Chromium)" in their titles, beside the Node charts.
  const charted = results.map((s) => (s.platform === 'chromium' ? { ...s, charts: s.charts.map((c) => ({ ...c, title: `${c.title} (Chromium)` })) } : s));
  const sizeRep = sizes && !('error' in sizes) ? sizes : undefined;
  const sizeMd = sizeRep ? `\n${renderSizeMarkdown(sizeRep)}` : '';
  // Defaults: the files next to a JSON path the caller gave, else benchmarks/out/bench.* (or,
  // with `record`, the committed benchmarks/results/latest.*).
  const defaults = opts.record === true ? recordPaths() : runPaths();
  const given = opts.jsonPath === undefined || opts.jsonPath === null ? null : path.resolve(opts.jsonPath);
  const jsonPath = opts.jsonPath === null ? null : (given ?? defaults.json);
  const sibling = (ext: '.svg' | '.md' | '.html'): string => (given ? given.replace(/\.json$/i, '') + ext : defaults[ext.slice(1) as 'svg' | 'md' | 'html']);
  const svgPath = opts.svgPath === null ? null : path.resolve(opts.svgPath ?? sibling('.svg'));
  const mdPath = opts.mdPath === null ? null : path.resolve(opts.mdPath ?? sibling('.md'));
  const htmlPath = opts.htmlPath === null ? null : path.resolve(opts.htmlPath ?? sibling('.html'));
  const header = headerLines(record);
  const colors = new Colors();
  const summarySvg = renderSummarySvg(summary, header.slice(0, 2), colors);
  const details = renderDetailSvgs(charted, header, sizeRep, colors);
  const detailPaths = svgPath === null ? [] : details.map((d) => detailSvgPath(svgPath, d.name));
  // The committed record changes only on purpose: `record: true` (`pnpm bench --record`).
  if (opts.record !== true) {
    const committed = [jsonPath, svgPath, mdPath, htmlPath, ...detailPaths].filter((f): f is string => f !== null && isRecordFile(f));
    if (committed.length > 0) throw new Error(`${committed.join(', ')}: the committed record; only pnpm bench --record writes it`);
  }
  const files: [string | null, () => string][] = [
    [jsonPath, () => JSON.stringify(record, null, 1) + '\n'],
    [svgPath, () => summarySvg],
    ...details.map((d, i) => [detailPaths[i] ?? null, () => d.svg] as [string | null, () => string]),
    [mdPath, () => header.map((h) => `${h}  \n`).join('') + '\n' + renderSummaryMarkdown(summary) + renderMarkdown(results, []) + sizeMd + (em ? `\n${renderEngineModuleMarkdown(em)}` : '') + `\n${renderTargetsMarkdown(targets)}` + (renderGoNoteMarkdown(results) ? `\n${renderGoNoteMarkdown(results)}` : '') + '\n'],
    [htmlPath, () => renderHtml({ header, summary, summarySvg, details, targets })],
  ];
  for (const [file, text] of files) {
    if (!file) continue;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text());
  }
  if (svgPath !== null) removeStaleDetails(svgPath, detailPaths);
  return { table, jsonPath, svgPath, detailPaths, mdPath, htmlPath };
}

/**
 * Removes detail charts an earlier render left beside `svg` (`bench-ring.svg` after a run of
 * `--suite field`): only files named `<svg>-<suite>[-<n>].svg` for a suite of this package (or
 * `sizes`), never anything else.
 */
function removeStaleDetails(svg: string, keep: readonly string[]): void {
  const dir = path.dirname(svg);
  const base = path.basename(svg).replace(/\.svg$/i, '');
  const quote = (x: string): string => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const names = [...SUITE_NAMES, 'sizes'].map(quote).join('|');
  const re = new RegExp(`^${quote(base)}-(chromium-)?(${names})(-\\d+)?\\.svg$`);
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const f of entries) {
    const full = path.join(dir, f);
    if (re.test(f) && !keep.includes(full)) rmSync(full, { force: true });
  }
}

/**
 * Reads a saved record (e.g. results/latest.json) for a re-render with the current chart
 * definitions, without measuring anything: `pnpm bench --from results/latest.json`.
 */
export function loadRecord(file: string): BenchRecord {
  const record = JSON.parse(readFileSync(file, 'utf8')) as BenchRecord;
  if (record.schema !== 'strata-bench/1') throw new Error(`${file}: expected a strata-bench/1 record, got ${String(record.schema)}`);
  const suites = record.suites.map((r) => {
    const def = SUITES.find((x) => x.name === r.name);
    const upgraded = upgradeKinds(r, def?.adapters.map((a) => [a.backend, rowKind(a.kind)] as const) ?? []);
    return def ? { ...upgraded, charts: def.charts, ...(def.ratioToEachPeer ? { ratioToEachPeer: true } : {}) } : upgraded;
  });
  return { ...record, suites, nativeSummary: nativeGaps(suites), ...targetFields({ ...record, suites }) };
}

/**
 * Brings a suite of an older record up to the current kinds: `reference` rows become `cited`,
 * `peer` rows take the kind their backend's adapter declares now (else `js`), and the ratios
 * (including the native column) are recomputed from the medians.
 */
export function upgradeKinds(s: SuiteResult, known: readonly (readonly [string, BackendKind])[]): SuiteResult {
  const kindOf = new Map(known);
  const fix = (backend: string, kind: string): BackendKind =>
    kind === 'reference' ? 'cited' : kind === 'peer' ? (kindOf.get(backend) ?? 'js') : (kind as BackendKind);
  if (!s.rows.some((r) => (r.kind as string) === 'reference' || (r.kind as string) === 'peer')) return s;
  const rows: Row[] = s.rows.map((r) => {
    const { ratioToBestPeer: _a, bestPeer: _b, ratioToPeers: _c, ratioToReference: _d, ratioToNative: _e, fastestNative: _f, ...rest } = r;
    return { ...rest, kind: fix(r.backend, r.kind) };
  });
  const def = SUITES.find((x) => x.name === s.name);
  const compareTo = new Map((def ? (['quick', 'default', 'full'] as const).flatMap((m) => def.ops(m)) : []).map((o) => [o.id, o.compareTo]));
  const ops: OpSpec[] = [...new Set(rows.map((r) => r.opId))].map((id) => {
    const row = rows.find((r) => r.opId === id) as Row;
    const c = compareTo.get(id);
    return { id, group: row.group, label: row.op, ...(c ? { compareTo: c } : {}) };
  });
  computeRatios(rows, ops);
  return { ...s, rows, backends: s.backends.map((b) => ({ ...b, kind: fix(b.backend, b.kind) })) };
}
