/**
 * The page side of `pnpm bench --browser`: bundled by `run.ts` with esbuild (platform browser)
 * together with the harness, the runner, the suites and their adapters, and loaded into headless
 * Chromium. `run.ts` calls `globalThis.__strataBench(options)` through `page.evaluate` and gets
 * the suites' results back as JSON; progress goes out through the `__strataBenchProgress`
 * function that `run.ts` exposes to the page.
 *
 * Node-only backends (native addons, node:crypto, worker-thread pools) fail to load here, with the
 * reason, and become unavailable rows; the Go reference rows are left out (they are cited in the
 * Node rows of the same report).
 */
import { HEAP_COUNTING } from '../heap.js';
import { runSuite, type ProgressEvent } from '../runner.js';
import { SUITES } from '../suites/index.js';
import type { Adapter, Mode, SuiteResult } from '../types.js';
import { nodeOnly } from '../util.js';
import { backendSelected, type EngineName } from '../engine.js';
import { sinkCount } from '../harness.js';

/** What `run.ts` passes in. */
export interface PageOptions {
  readonly mode: Mode;
  readonly suites?: readonly string[];
  readonly backends?: readonly string[];
  readonly engines?: readonly EngineName[];
}

/** What the page hands back. */
export interface PageResult {
  readonly suites: SuiteResult[];
  readonly userAgent: string;
  readonly crossOriginIsolated: boolean;
  readonly hardwareConcurrency: number;
  readonly allocationCounting: string;
  readonly warnings: string[];
  readonly sinkCount: number;
}

type G = typeof globalThis & {
  __strataBench?: (o: PageOptions) => Promise<PageResult>;
  __strataBenchProgress?: (e: ProgressEvent) => Promise<void>;
  __strataBenchReady?: boolean;
};
const g = globalThis as G;

/** The page globals used here (the benchmarks compile against Node's types, not the DOM's). */
interface PageGlobals {
  addEventListener(type: 'unhandledrejection', f: (e: { reason: unknown; preventDefault(): void }) => void): void;
  navigator: { userAgent: string; hardwareConcurrency: number };
  crossOriginIsolated?: boolean;
}
const page = globalThis as unknown as PageGlobals;

const warnings = new Map<string, number>();
page.addEventListener('unhandledrejection', (e) => {
  const r: unknown = e.reason;
  const text = `unhandled rejection from a backend (ignored): ${r instanceof Error ? `${r.constructor.name}: ${r.message}` : String(r)}`;
  warnings.set(text, (warnings.get(text) ?? 0) + 1);
  e.preventDefault();
});

g.__strataBench = async (o: PageOptions): Promise<PageResult> => {
  const chosen = (o.suites ? SUITES.filter((s) => o.suites!.includes(s.name)) : SUITES).filter(
    (s) => !o.backends || s.adapters.some((a) => backendSelected(a, o.backends)),
  );
  // Progress: everything but the per-sample ticks, which would flood the channel.
  const progress = (e: ProgressEvent): void => {
    if (e.type !== 'tick') void g.__strataBenchProgress?.(e);
  };
  const suites: SuiteResult[] = [];
  for (const s of chosen) {
    const { references: _cited, ...rest } = s;
    // Native backends (Node addons, OpenSSL through node:crypto) cannot run in a page: say so
    // instead of showing whichever Node API their loader happened to call first.
    const adapters: Adapter[] = s.adapters.map((a) =>
      a.kind === 'native'
        ? { ...a, covers: a.covers ?? (() => false), load: () => Promise.reject(nodeOnly(`${a.backend} is native code (a Node addon or OpenSSL through node:crypto): it runs only in Node`)) }
        : a,
    );
    suites.push(await runSuite({ ...rest, adapters }, { mode: o.mode, platform: 'chromium', onProgress: progress, ...(o.backends ? { backends: o.backends } : {}), ...(o.engines ? { engines: o.engines } : {}) }));
  }
  return {
    suites,
    userAgent: page.navigator.userAgent,
    crossOriginIsolated: page.crossOriginIsolated === true,
    hardwareConcurrency: page.navigator.hardwareConcurrency,
    allocationCounting: HEAP_COUNTING.available ? 'available' : `unavailable: ${HEAP_COUNTING.reason}`,
    warnings: [...warnings].map(([t, n]) => (n > 1 ? `${t} (×${n})` : t)),
    sinkCount: sinkCount(),
  };
};
g.__strataBenchReady = true;
