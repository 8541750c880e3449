/**
 * The WebAssembly engine's module: its size (bytes, and gzipped as a server would send it) and
 * its init time, for the record, the table, the Markdown summary and the chart header.
 *
 * Init time is what a user pays once per realm (process, worker, page): decoding the embedded
 * module, compiling and instantiating it. It is only meaningful in a fresh realm — once loaded,
 * `initWasm()` returns at once — so each sample is a fresh Node child process that imports
 * `@strata/curves/engine` (built `dist/`, outside the timing) and times its first
 * `initWasmSync({ required: true })`, or its first `await initWasm({ required: true })`. The
 * report gives the median of the samples (and their range). Issue 13's targets: ≤ 40 KB
 * gzipped for both curves, ≤ 5 ms init.
 *
 * Node only (child processes, the file system); `--browser` runs do not repeat it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Issue 13's targets for the module. */
export const ENGINE_MODULE_TARGETS = { gzipBytes: 40 * 1024, initMs: 5 } as const;

/** One init-time measurement: median and range over fresh processes, in milliseconds. */
export interface InitTiming {
  readonly medianMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  readonly samples: number;
}

/** What {@link measureEngineModule} reports. */
export interface EngineModuleReport {
  /** Where the bytes came from: the build output `packages/curves/wasm/build/engine.wasm`, or the base64 embedded in dist. */
  readonly source: string;
  readonly bytes: number;
  /** gzip level 9. */
  readonly gzipBytes: number;
  /** First `initWasmSync()` in a fresh process: decode + synchronous compile + instantiate. */
  readonly initSync: InitTiming;
  /** First `await initWasm()` in a fresh process: decode + asynchronous compile + instantiate. */
  readonly initAsync: InitTiming;
  /** `engineInfo().moduleBytes` as the package reports it (equals `bytes`). */
  readonly moduleBytesReported: number;
  readonly targets: typeof ENGINE_MODULE_TARGETS;
}

function curvesDir(): string {
  const req = createRequire(path.join(PACKAGE_ROOT, 'package.json'));
  return path.dirname(req.resolve('@strata/curves/package.json'));
}

/** The module's bytes: the build output when present, else the base64 embedded in the built package. */
function moduleBytes(dir: string): { bytes: Uint8Array; source: string } {
  const built = path.join(dir, 'wasm', 'build', 'engine.wasm');
  if (existsSync(built)) return { bytes: new Uint8Array(readFileSync(built)), source: 'packages/curves/wasm/build/engine.wasm' };
  const gen = path.join(dir, 'dist', 'engine', 'module.generated.js');
  const m = /WASM_BASE64\s*=\s*["'`]([A-Za-z0-9+/=]+)["'`]/.exec(readFileSync(gen, 'utf8'));
  if (!m) throw new Error(`${gen}: no WASM_BASE64 found`);
  return { bytes: new Uint8Array(Buffer.from(m[1]!, 'base64')), source: 'packages/curves/dist/engine/module.generated.js (embedded base64)' };
}

/** The child's program: import the engine (untimed), time the first init, print JSON. */
function childScript(url: string, mode: 'sync' | 'async'): string {
  return [
    `const e = await import(${JSON.stringify(url)});`,
    'const t0 = performance.now();',
    mode === 'sync' ? 'const got = e.initWasmSync({ required: true });' : 'const got = await e.initWasm({ required: true });',
    'const ms = performance.now() - t0;',
    'process.stdout.write(JSON.stringify({ ms, got, info: e.engineInfo() }));',
  ].join('\n');
}

function timing(xs: number[]): InitTiming {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const median = s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  const r = (x: number): number => Math.round(x * 1000) / 1000;
  return { medianMs: r(median), minMs: r(s[0]!), maxMs: r(s[s.length - 1]!), samples: s.length };
}

/**
 * Measures the module's size and its init time (`samples` fresh processes per init kind,
 * alternating sync and async). Throws when the package is not built or the module does not load.
 */
export function measureEngineModule(samples = 7): EngineModuleReport {
  const dir = curvesDir();
  const { bytes, source } = moduleBytes(dir);
  const entry = path.join(dir, 'dist', 'engine', 'index.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: build @strata/curves first (pnpm bench builds)`);
  const url = pathToFileURL(entry).href;
  const sync: number[] = [];
  const async: number[] = [];
  let reported = -1;
  for (let i = 0; i < samples; i++) {
    for (const mode of ['sync', 'async'] as const) {
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', childScript(url, mode)], { encoding: 'utf8', timeout: 30_000, stdio: ['ignore', 'pipe', 'pipe'] });
      const r = JSON.parse(out) as { ms: number; got: string; info: { moduleBytes: number } };
      if (r.got !== 'wasm') throw new Error(`init${mode === 'sync' ? 'WasmSync' : 'Wasm'}() selected ${r.got}, not wasm`);
      (mode === 'sync' ? sync : async).push(r.ms);
      reported = r.info.moduleBytes;
    }
  }
  return {
    source,
    bytes: bytes.length,
    gzipBytes: gzipSync(bytes, { level: 9 }).length,
    initSync: timing(sync),
    initAsync: timing(async),
    moduleBytesReported: reported,
    targets: ENGINE_MODULE_TARGETS,
  };
}

function kb(b: number): string {
  return b < 1024 ? `${b} B` : `${(b / 1024).toFixed(1)} KB`;
}

function ms(t: InitTiming): string {
  return `${t.medianMs.toFixed(2)} ms (${t.minMs.toFixed(2)}–${t.maxMs.toFixed(2)}, ${t.samples} fresh processes)`;
}

/** One-paragraph summary lines (table, Markdown, chart header). */
export function engineModuleLines(r: EngineModuleReport): string[] {
  const gzOk = r.gzipBytes <= r.targets.gzipBytes;
  const initOk = Math.max(r.initSync.medianMs, r.initAsync.medianMs) <= r.targets.initMs;
  return [
    `module: ${r.bytes} bytes (${kb(r.bytes)}), ${r.gzipBytes} bytes gzipped (${kb(r.gzipBytes)}; target ≤ ${kb(r.targets.gzipBytes)}: ${gzOk ? 'met' : 'not met yet'}) — ${r.source}`,
    `init, first initWasmSync(): ${ms(r.initSync)}`,
    `init, first await initWasm(): ${ms(r.initAsync)} (target ≤ ${r.targets.initMs} ms: ${initOk ? 'met' : 'not met yet'})`,
  ];
}

/** The console section. */
export function renderEngineModuleTable(r: EngineModuleReport | { error: string }): string {
  if ('error' in r) return `WebAssembly engine module not measured: ${r.error}`;
  return ['━━ WebAssembly engine module (@strata/curves engine) ━━', ...engineModuleLines(r).map((l) => `  ${l}`)].join('\n');
}

/** The Markdown section. */
export function renderEngineModuleMarkdown(r: EngineModuleReport | { error: string }): string {
  if ('error' in r) return `### WebAssembly engine module\n\nNot measured: ${r.error}\n`;
  return [
    '### WebAssembly engine module',
    '',
    'The `@strata/curves` engine module (both curves), and its init time in a fresh process (decode, compile, instantiate; the import of the package is not timed).',
    '',
    '| what | figure | target |',
    '|---|---:|---|',
    `| module size | ${r.bytes} B (${kb(r.bytes)}) | |`,
    `| gzipped (level 9) | ${r.gzipBytes} B (${kb(r.gzipBytes)}) | ≤ ${kb(r.targets.gzipBytes)} |`,
    `| first \`initWasmSync()\` | ${r.initSync.medianMs.toFixed(2)} ms (${r.initSync.minMs.toFixed(2)}–${r.initSync.maxMs.toFixed(2)}, n=${r.initSync.samples}) | ≤ ${r.targets.initMs} ms |`,
    `| first \`await initWasm()\` | ${r.initAsync.medianMs.toFixed(2)} ms (${r.initAsync.minMs.toFixed(2)}–${r.initAsync.maxMs.toFixed(2)}, n=${r.initAsync.samples}) | ≤ ${r.targets.initMs} ms |`,
    '',
    `Bytes from ${r.source}.`,
    '',
  ].join('\n');
}
