/**
 * Strata's two engines in the benchmark: the TypeScript engine and the WebAssembly engine of
 * `@strata/curves` (`engine.initWasm()` / `engine.useEngine()`, issue 13).
 *
 * The engine is global per realm: whichever was selected last serves every call of the public
 * API. So a Strata backend that the engine serves is run once per requested engine, as two
 * backends (engine twins) with their own rows:
 *
 * - naming: the Strata backend gets the engine as its last qualifier, `strata` → `strata (ts)` /
 *   `strata (wasm)`, `strata (cached keys)` → `strata (cached keys, ts)` / `strata (cached keys,
 *   wasm)`. A row carries an engine qualifier exactly when the engine serves its op; Strata rows
 *   the engine does not serve (field arithmetic, single point additions, the generic Edwards
 *   curves, the structure comparison) keep their old name (`strata`, `strata (generic edwards)`)
 *   and always run on the TypeScript engine. The field suite's `strata (wasm)` (the field kernels
 *   in a WebAssembly loop, kind `wasm`) is part of the WebAssembly engine too and counts as its
 *   row for `--engine`.
 * - selection: a twin selects its engine before `load` (so its tables and worker pools are
 *   built under it) and, through the case's `setup` hook, before every check and every
 *   measuring pass of the runner — never inside the timed function. The WebAssembly twin loads
 *   the module with `await engine.initWasm({ required: true })`, so where it cannot load (no
 *   WebAssembly, an old build) its rows are unavailable with the reason.
 *
 * Which ops the engine serves is {@link ENGINE_SERVED}: one list, from issue 13's scope.
 */
import type { Adapter, Case, Loaded, OpSpec, TimedCase } from './types.js';
import { importLoose, MissingApi, type Loose, importCurves } from './util.js';

/** The engines of `@strata/curves`. */
export type EngineName = 'ts' | 'wasm';

/** Every engine, in the order their rows are listed. */
export const ENGINES: readonly EngineName[] = ['ts', 'wasm'];

/** `--engine` values: one engine or both (the default). */
export const ENGINE_CHOICES = ['ts', 'wasm', 'both'] as const;

/** Parses an `--engine` value (`ts`, `wasm`, `both`); throws a message naming the valid values. */
export function parseEngines(v: string | undefined): EngineName[] {
  if (v === undefined || v === 'both') return [...ENGINES];
  if (v === 'ts' || v === 'wasm') return [v];
  throw new Error(`--engine must be one of ${ENGINE_CHOICES.join(', ')}, got "${v}"`);
}

/**
 * Op ids the WebAssembly engine serves (whole operations inside WebAssembly: scalar
 * multiplications, MSM, point decoding, verification, signing, and the protocols above them).
 * The generic Edwards curves' scalar multiplications and MSM are served (issue 24); their point
 * encodings are not. Not served, so not twinned: field arithmetic, single point additions and
 * doublings, isOnCurve, and the structure rows (a comparison of two TypeScript stacks).
 */
export const ENGINE_SERVED: readonly RegExp[] = [
  /^k1\/(base-nc|base-ct|mult-nc|mult-ct|dsm|parse)$/,
  /^k1\/(pubkey|tweak-mul|to-uncompressed|to-compressed)$/,
  /^k1\/msm\//,
  /^ed\/(smul|msm\/)/,
  /^(jj|bs|bj)\/(smul|smul-ct|smul-glv|bw-base-mul|msm\/)/,
  /^ed\/(sign|verify|batch\/)/,
  /^edv\//,
  /^dleq\//,
  /^ring\//,
  /^k1sig\//,
];

/** Returns true when the WebAssembly engine serves `op` (its Strata rows get engine twins). */
export function engineServes(op: OpSpec | string): boolean {
  const id = typeof op === 'string' ? op : op.id;
  return ENGINE_SERVED.some((re) => re.test(id));
}

/** The backend name of `base` on `engine`: `strata` → `strata (ts)`, `strata (cached keys)` → `strata (cached keys, ts)`. */
export function engineBackend(base: string, engine: EngineName): string {
  const m = /^(.*) \((.*)\)$/.exec(base);
  return m ? `${m[1]} (${m[2]}, ${engine})` : `${base} (${engine})`;
}

/** The engine a backend name carries as its last qualifier (`strata (wasm)`, `strata (cached keys, ts)`), or null. */
export function engineOf(backend: string): EngineName | null {
  const m = /[(,] ?(ts|wasm)\)$/.exec(backend);
  return m && backend.startsWith('strata') ? (m[1] as EngineName) : null;
}

/** The backend name without its engine qualifier: `strata (cached keys, wasm)` → `strata (cached keys)`, `strata (ts)` → `strata`. */
export function baseBackend(backend: string): string {
  if (engineOf(backend) === null) return backend;
  return backend.replace(/ \((ts|wasm)\)$/, '').replace(/, (ts|wasm)\)$/, ')');
}

/**
 * The row a WebAssembly-engine row compares with: its TypeScript twin (`strata (wasm)` →
 * `strata (ts)`), or, where the suite has no twin (the field suite's kernel loops), the plain
 * base backend (`strata`).
 */
export function tsTwinCandidates(backend: string): string[] {
  if (engineOf(backend) !== 'wasm') return [];
  const base = baseBackend(backend);
  return [engineBackend(base, 'ts'), base];
}

/** The `engine` namespace of `@strata/curves` (feature-detected). */
async function engineApi(): Promise<Loose> {
  const curves = await importCurves();
  const e = curves.engine as Loose | undefined;
  if (!e || typeof e.useEngine !== 'function' || typeof e.initWasm !== 'function') {
    throw new MissingApi('@strata/curves.engine (initWasm / useEngine) is not exported yet');
  }
  return e;
}

let api: Loose | undefined;

/**
 * Selects `engine` for every following call in this realm; loads the WebAssembly module first
 * when needed (asynchronously: a browser's main thread refuses synchronous compilation of it).
 * Throws (StrataError ERR_ENGINE_UNAVAILABLE) when the WebAssembly engine cannot load.
 */
export async function selectEngine(engine: EngineName): Promise<void> {
  if (!api) {
    try {
      api = await engineApi();
    } catch (e) {
      // Without an engine seam there is only the TypeScript engine: nothing to select.
      if (engine === 'ts') return;
      throw e;
    }
  }
  if (engine === 'wasm') await api.initWasm({ required: true });
  api.useEngine(engine);
}

/** Selects `engine` synchronously (after {@link selectEngine} has loaded it once): the per-pass hook. */
function useEngineNow(engine: EngineName): void {
  if (api) api.useEngine(engine);
}

/** The engine serving calls now (`ts` when `@strata/curves` has no engine seam or was never asked). */
export function currentEngine(): EngineName {
  return api ? (api.currentEngine() as EngineName) : 'ts';
}

function isUnavailable(c: Case): c is { unavailable: string } {
  return typeof c === 'object' && c !== null && 'unavailable' in c;
}

/** `c` with `setup` selecting `engine` first (a case's own setup runs after). */
function onEngine(c: Case, engine: EngineName): Case {
  if (isUnavailable(c)) return c;
  const tc: TimedCase = typeof c === 'function' ? { run: c } : (c as TimedCase);
  const own = tc.setup;
  return {
    ...tc,
    setup: () => {
      useEngineNow(engine);
      own?.();
    },
  };
}

/**
 * `adapter` on one engine, over the ops `keep` selects: it selects the engine before loading and
 * before every pass over a case. `backend` is its new name; `engine` is recorded on the adapter
 * (undefined: a plain Strata backend pinned to the TypeScript engine, not a twin).
 */
function pinned(adapter: Adapter, engine: EngineName, keep: (op: OpSpec) => boolean, twin: boolean): Adapter {
  const covers = (op: OpSpec): boolean => keep(op) && (adapter.covers ? adapter.covers(op) : adapter.kind === 'strata');
  return {
    ...adapter,
    backend: twin ? engineBackend(adapter.backend, engine) : adapter.backend,
    description: `${adapter.description}; ${engine === 'wasm' ? 'WebAssembly engine (await engine.initWasm(), then useEngine(\'wasm\'))' : 'TypeScript engine'}`,
    ...(twin ? { engine, base: adapter.backend } : {}),
    covers,
    async load(ctx): Promise<Loaded> {
      await selectEngine(engine);
      const inner = await adapter.load(ctx);
      const cases: Record<string, Case | undefined> = {};
      for (const [id, c] of Object.entries(inner.cases)) {
        const op = ctx.ops.find((o) => o.id === id);
        if (c === undefined || op === undefined || !keep(op)) continue;
        cases[id] = onEngine(c, engine);
      }
      return {
        cases,
        ...(inner.dispose
          ? {
              dispose: async () => {
                useEngineNow(engine);
                await inner.dispose!();
              },
            }
          : {}),
      };
    },
  };
}

/**
 * The backends of a Strata adapter with engine twins: for the ops the engine serves
 * (`served`, default {@link engineServes}), one backend per engine (`<name> (…, ts)`,
 * `<name> (…, wasm)`); for the other ops it offers, the adapter under its own name, pinned to the
 * TypeScript engine (left out when the adapter offers no such op in any mode: pass
 * `allServed`).
 */
export function engineTwins(adapter: Adapter, opts: { allServed?: boolean; served?: (op: OpSpec) => boolean } = {}): Adapter[] {
  const served = opts.served ?? engineServes;
  const out = ENGINES.map((e) => pinned(adapter, e, served, true));
  if (!opts.allServed) out.unshift(pinned(adapter, 'ts', (op) => !served(op), false));
  return out;
}

/** A Strata adapter whose ops the engine does not serve, pinned to the TypeScript engine (its name unchanged). */
export function onTsEngine(adapter: Adapter): Adapter {
  return pinned(adapter, 'ts', () => true, false);
}

/** Returns true when backend filter `names` selects `a` (by its name, or a twin by its base name: `strata` selects both engines). */
export function backendSelected(a: Adapter, names: readonly string[] | undefined): boolean {
  return !names || names.includes(a.backend) || (a.base !== undefined && names.includes(a.base));
}

/** Returns true when engine filter `engines` keeps `a` (adapters of no engine always run). */
export function engineSelected(a: Adapter, engines: readonly EngineName[] | undefined): boolean {
  return !engines || a.engine === undefined || engines.includes(a.engine);
}
