/**
 * `pnpm bench --browser`: runs the suites in headless Chromium.
 *
 * 1. esbuild bundles `entry.ts` (harness, runner, suites, adapters, the Strata packages' built
 *    dist/ and the peers) for the browser. Node built-ins become stubs whose functions throw
 *    "node:x is not available in Chromium" when called, so a Node-only backend (native addon,
 *    node:crypto, worker-thread pool) fails in its `load` and is reported unavailable with that
 *    reason; `heap.ts` is swapped for `heap.browser.ts` (no bytes per op); `.wasm` files imported
 *    as ES modules (tiny-secp256k1's browser build) are instantiated from the bundled bytes; a
 *    script a Strata package starts by URL (`new URL('./worker.js', import.meta.url)`, a module
 *    worker) is bundled on its own and served beside the page.
 * 2. A local HTTP server on 127.0.0.1 serves the page and the bundle, cross-origin isolated
 *    (COOP/COEP headers), so `performance.now()` has its fine (5 µs) resolution, not 100 µs.
 * 3. playwright-core launches the Chromium that `@strata/browser` resolves (STRATA_CHROMIUM,
 *    a system Chromium or Chrome, or the one the npm registry installed), with its flags and
 *    `--js-flags=--expose-gc` so the harness can collect garbage between rows as in Node, opens
 *    the page and calls `__strataBench(options)` in it; progress comes back through an exposed
 *    function, the results as JSON. Every row carries `platform: 'chromium'` and its ratios are
 *    computed among the rows of the same browser run.
 *
 * References:
 * - Playwright `BrowserType.launch({ executablePath, args })`, `page.exposeFunction`,
 *   `page.evaluate`: https://playwright.dev/docs/api/class-browsertype
 * - esbuild plugins (onResolve / onLoad): https://esbuild.github.io/plugins/
 * - WebAssembly ES-module integration (imports resolved as modules, exports as bindings):
 *   https://github.com/WebAssembly/esm-integration
 * - Reduced timer precision unless cross-origin isolated:
 *   https://developer.mozilla.org/en-US/docs/Web/API/Performance/now#security_requirements
 */
import type { EngineName } from '../engine.js';
import { CHROMIUM_ARGS as BASE_ARGS, resolveChromium, type Resolved } from '@strata/browser';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import type { ProgressEvent } from '../runner.js';
import type { Mode, SuiteResult } from '../types.js';
import type { PageOptions, PageResult } from './entry.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let resolved: Promise<Resolved> | undefined;

/** The Chromium a browser run uses, resolved once per process by `@strata/browser`. */
export function resolvedChromium(): Promise<Resolved> {
  return (resolved ??= resolveChromium());
}

/** Why a browser run cannot start here (no browser from any source), or null. */
export async function browserProblem(): Promise<string | null> {
  const r = await resolvedChromium();
  return r.path === null ? `no Chromium to run in: ${r.problem}` : null;
}

async function chromiumPath(): Promise<string> {
  const r = await resolvedChromium();
  if (r.path === null) throw new Error(`no Chromium to run in: ${r.problem}`);
  return r.path;
}

/**
 * Launch flags: `@strata/browser`'s (root, closed network, no background traffic), then the
 * benchmark's own: no throttling of a page that is never shown, and gc() for the harness.
 */
export const CHROMIUM_ARGS: readonly string[] = Object.freeze([
  ...BASE_ARGS,
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--js-flags=--expose-gc',
]);

/** What a browser run records about the browser. */
export interface BrowserInfo {
  readonly name: 'chromium';
  readonly version: string;
  readonly executable: string;
  readonly userAgent: string;
  readonly crossOriginIsolated: boolean;
  readonly hardwareConcurrency: number;
  /** `unavailable: <reason>` in the browser (no per-call heap counter). */
  readonly allocationCounting: string;
  readonly bundleBytes: number;
  /** Scripts the packages start by URL (workers), bundled separately and served beside the page. */
  readonly workerScripts?: string[];
  readonly elapsedMs: number;
}

/** Options of {@link runInBrowser}. */
export interface BrowserRunOptions {
  readonly mode: Mode;
  readonly suites?: readonly string[];
  readonly backends?: readonly string[];
  /** The Strata engines whose twin rows run (default both). */
  readonly engines?: readonly EngineName[];
  readonly onProgress?: (e: ProgressEvent) => void;
}

const IDENT = /^[A-Za-z_$][\w$]*$/;
const RESERVED = new Set(['default', 'class', 'function', 'delete', 'new', 'import', 'export', 'var', 'let', 'const', 'enum', 'await', 'yield']);

/** Source of the stub that stands in for a Node built-in in the browser bundle. */
async function builtinStub(name: string): Promise<string> {
  let keys: string[] = [];
  try {
    keys = Object.keys((await import(/* @vite-ignore */ `node:${name}`)) as object).filter((k) => IDENT.test(k) && !RESERVED.has(k));
  } catch {
    /* unknown built-in: default export only */
  }
  const lines = [
    `const __strataStub = (k) => function () { const e = new Error('node:${name} is not available in Chromium (' + k + ' is a Node-only API)'); e.name = 'NodeOnlyError'; throw e; };`,
    ...keys.filter((k) => k !== '__strataStub').map((k) => `export const ${k} = __strataStub(${JSON.stringify(k)});`),
    `export default new Proxy(__strataStub('${name}'), { get: (_, k) => (typeof k === 'string' && k !== 'then' ? __strataStub(k) : undefined) });`,
  ];
  return lines.join('\n');
}

/** Packages that only work in Node (native addons, worker-thread pools): stubbed in the browser bundle. */
const NODE_ONLY_PACKAGES = ['sodium-native', 'node-gyp-build'];

function packageStub(name: string): string {
  return [
    `const fail = () => { const e = new Error(${JSON.stringify(`${name} is a Node-only package (native addon or worker threads): not available in Chromium`)}); e.name = 'NodeOnlyError'; throw e; };`,
    'module.exports = new Proxy(function () {}, {',
    "  get: (t, k) => (k === '__esModule' || typeof k === 'symbol' || k === 'then' ? undefined : k in t ? t[k] : fail),",
    '  apply: fail,',
    '  construct: fail,',
    '});',
  ].join('\n');
}

/**
 * Source of a JS module standing in for a `.wasm` file imported as an ES module: the module is
 * compiled from the bundled bytes, its imports are the JS modules it names (resolved next to the
 * file), its exports become the module's bindings.
 */
function wasmModule(file: string): string {
  const bytes = readFileSync(file);
  // Node's WebAssembly global (the benchmarks compile against Node's types, which leave it out).
  type Desc = { module: string; name: string };
  const W = (globalThis as unknown as { WebAssembly: { Module: { new (b: Uint8Array): object; imports(m: object): Desc[]; exports(m: object): { name: string }[] } } }).WebAssembly;
  const mod = new W.Module(bytes);
  const imports = W.Module.imports(mod);
  const exports = W.Module.exports(mod);
  const specs = [...new Set(imports.map((i) => i.module))];
  const lines = specs.map((s, i) => `import * as m${i} from ${JSON.stringify(s)};`);
  lines.push(`const b64 = ${JSON.stringify(bytes.toString('base64'))};`);
  lines.push('const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));');
  lines.push(`const imports = {${specs.map((s, i) => `${JSON.stringify(s)}: m${i}`).join(', ')}};`);
  lines.push('const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), imports);');
  for (const e of exports) {
    if (IDENT.test(e.name) && !RESERVED.has(e.name)) lines.push(`export const ${e.name} = instance.exports.${e.name};`);
  }
  return lines.join('\n');
}

/**
 * Scripts a Strata package starts by URL (`new URL('./worker.js', import.meta.url)`, the pattern
 * bundlers recognise for module workers): each is bundled on its own and served beside the page.
 */
export class Assets {
  /** URL path (`/assets/…`) → bundled code. */
  readonly files = new Map<string, string>();
  private readonly byFile = new Map<string, string>();

  /** Bundles `file` (once) and returns the URL path it is served at. */
  async add(file: string): Promise<string> {
    const known = this.byFile.get(file);
    if (known) return known;
    const name = `/assets/${this.byFile.size}-${path.basename(file)}`;
    this.byFile.set(file, name);
    this.files.set(name, await bundleFile(file, this));
    return name;
  }
}

const URL_OF_SCRIPT = /new URL\(\s*(['"])(\.\.?\/[^'"]+\.js)\1\s*,\s*import\.meta\.url\s*\)/g;

/** The esbuild plugin that makes the benchmark bundle load in a page (see the file comment). */
export function browserPlugin(assets: Assets = new Assets()): Plugin {
  const builtins = new Set(builtinModules.filter((m) => !m.startsWith('_')));
  return {
    name: 'strata-bench-browser',
    setup(build) {
      // Worker scripts of the Strata packages: bundled separately, their URL rewritten.
      build.onLoad({ filter: /[\\/]packages[\\/][^\\/]+[\\/]dist[\\/].*\.js$/ }, async (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        let out = '';
        let last = 0;
        for (const m of text.matchAll(URL_OF_SCRIPT)) {
          const target = path.resolve(path.dirname(args.path), m[2] as string);
          out += text.slice(last, m.index);
          out += existsSync(target) ? `new URL(${JSON.stringify(await assets.add(target))}, import.meta.url)` : m[0];
          last = (m.index as number) + m[0].length;
        }
        return { contents: out + text.slice(last), loader: 'js' };
      });
      build.onResolve({ filter: /\/heap\.js$/ }, (args) =>
        path.resolve(args.resolveDir, args.path) === path.join(SRC, 'heap.js') ? { path: path.join(SRC, 'heap.browser.ts') } : undefined,
      );
      build.onResolve({ filter: /^node:/ }, (args) => ({ path: args.path.slice(5), namespace: 'node-builtin' }));
      build.onResolve({ filter: /^[a-z_]+(\/[a-z_]+)?$/ }, async (args) => {
        if (!builtins.has(args.path) || args.pluginData === 'plain') return undefined;
        // A browser polyfill of the same name (buffer, events, …) wins when it is installed.
        const r = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: 'plain' });
        if (r.errors.length === 0 && !r.external && r.path !== '' && !builtins.has(r.path)) return r;
        return { path: args.path, namespace: 'node-builtin' };
      });
      build.onLoad({ filter: /.*/, namespace: 'node-builtin' }, async (args) => ({ contents: await builtinStub(args.path), loader: 'js' }));
      build.onResolve({ filter: new RegExp(`^(${NODE_ONLY_PACKAGES.join('|')})(/.*)?$`) }, (args) => ({ path: args.path, namespace: 'node-only' }));
      build.onLoad({ filter: /.*/, namespace: 'node-only' }, (args) => ({ contents: packageStub(args.path), loader: 'js' }));
      build.onLoad({ filter: /\.wasm$/ }, (args) => ({ contents: wasmModule(args.path), loader: 'js', resolveDir: path.dirname(args.path) }));
    },
  };
}

/** Bundles the page script; returns its code and the worker scripts it starts by URL. */
export async function bundlePage(): Promise<{ code: string; assets: Assets }> {
  const assets = new Assets();
  return { code: await bundleFile(path.join(SRC, 'browser', 'entry.ts'), assets), assets };
}

/** Bundles one entry file for the page (ESM, platform browser, the plugin above). */
async function bundleFile(file: string, assets: Assets): Promise<string> {
  const esbuild = await import('esbuild');
  const out = await esbuild.build({
    entryPoints: [file],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    plugins: [browserPlugin(assets)],
    // Some peers read process.env.NODE_ENV; nothing else of `process` is defined in the page.
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const result = out.outputFiles[0];
  if (!result) throw new Error(`esbuild produced no bundle for ${file}`);
  return result.text;
}

const PAGE = '<!doctype html><meta charset="utf-8"><title>strata bench</title><script type="module" src="/bench.js"></script>';

/** Serves the page and the bundle on 127.0.0.1 (random port), cross-origin isolated. */
async function serve(bundle: string, assets: Assets): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const headers = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp', 'Cache-Control': 'no-store' };
    if (req.url === '/' || req.url === '/index.html') {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE);
    } else if (req.url === '/bench.js') {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/javascript; charset=utf-8' }).end(bundle);
    } else if (req.url !== undefined && assets.files.has(req.url)) {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/javascript; charset=utf-8' }).end(assets.files.get(req.url));
    } else {
      res.writeHead(404, headers).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const addr = server.address();
  if (!addr || typeof addr === 'string') throw new Error('local server has no port');
  return { server, url: `http://127.0.0.1:${addr.port}/` };
}

/** Launches Chromium with {@link CHROMIUM_ARGS} (playwright-core, no browser download). */
async function launch(): Promise<import('playwright-core').Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: await chromiumPath(), headless: true, args: [...CHROMIUM_ARGS] });
}

/**
 * Bundles `file` the way the benchmark page is bundled (same plugin, worker scripts served
 * beside it), opens it in headless Chromium and returns the awaited value of `globalThis[name]`
 * once the script has set it. For tests of the bundling itself.
 */
export async function evaluateBundleInChromium(file: string, name: string): Promise<unknown> {
  const problem = await browserProblem();
  if (problem) throw new Error(problem);
  const assets = new Assets();
  const code = await bundleFile(file, assets);
  const { server, url } = await serve(code, assets);
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    try {
      await page.waitForFunction((n) => n in globalThis, name, { timeout: 30_000 });
    } catch {
      throw new Error(`${file} did not set globalThis.${name} in Chromium${errors.length > 0 ? `: ${errors.join('; ')}` : ''}`);
    }
    return await page.evaluate((n) => (globalThis as unknown as Record<string, unknown>)[n], name);
  } finally {
    await browser.close().catch(() => {});
    await new Promise<void>((r) => server.close(() => r()));
  }
}

/** Runs the selected suites in headless Chromium; returns their results (platform `chromium`). */
export async function runInBrowser(opts: BrowserRunOptions): Promise<{ suites: SuiteResult[]; browser: BrowserInfo; warnings: string[] }> {
  const t0 = performance.now();
  const problem = await browserProblem();
  if (problem) throw new Error(problem);
  const { code: bundle, assets } = await bundlePage();
  const { server, url } = await serve(bundle, assets);
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.exposeFunction('__strataBenchProgress', (e: ProgressEvent) => opts.onProgress?.(e));
    await page.goto(url);
    try {
      await page.waitForFunction(() => (globalThis as { __strataBenchReady?: boolean }).__strataBenchReady === true, undefined, { timeout: 60_000 });
    } catch {
      throw new Error(`the benchmark page did not start in Chromium${pageErrors.length > 0 ? `: ${pageErrors.join('; ')}` : ''}`);
    }
    const po: PageOptions = { mode: opts.mode, ...(opts.suites ? { suites: opts.suites } : {}), ...(opts.backends ? { backends: opts.backends } : {}), ...(opts.engines ? { engines: opts.engines } : {}) };
    const res = await page.evaluate(
      (o) => (globalThis as unknown as { __strataBench: (x: PageOptions) => Promise<PageResult> }).__strataBench(o),
      po,
    );
    if (res.sinkCount === 0 && res.suites.some((s) => s.rows.some((r) => r.status === 'ok'))) {
      throw new Error('benchmark sink never written in the browser: measurement loop broken');
    }
    return {
      suites: res.suites,
      warnings: [...res.warnings, ...pageErrors.map((e) => `page error (ignored): ${e}`)],
      browser: {
        name: 'chromium',
        version: browser.version(),
        executable: await chromiumPath(),
        userAgent: res.userAgent,
        crossOriginIsolated: res.crossOriginIsolated,
        hardwareConcurrency: res.hardwareConcurrency,
        allocationCounting: res.allocationCounting,
        bundleBytes: Buffer.byteLength(bundle),
        workerScripts: [...assets.files.keys()],
        elapsedMs: Math.round(performance.now() - t0),
      },
    };
  } finally {
    await browser.close().catch(() => {});
    await new Promise<void>((r) => server.close(() => r()));
  }
}
