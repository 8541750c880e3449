/**
 * Runs suites: loads every adapter, times every (op, backend) pair, attaches the Go reference
 * figures (measured in this run by a {@link GoRunner} in rounds between the op groups, else cited)
 * and computes the ratios. A backend that fails to load, or an op that throws, becomes an
 * `unavailable` / `error` row; a failing Go round leaves its rows cited, with the reason; the run
 * always goes on.
 */
import { isNodeOnly } from './util.js';
import { ASYNC_TIMEOUT_MS, BUDGETS, SLOW_MS, measureDetailed, median, summarize, withTimeout, type Budget } from './harness.js';
import { backendSelected, engineSelected, tsTwinCandidates, type EngineName } from './engine.js';
import {
  isPeerKind,
  isReferenceKind,
  rowKind,
  type Adapter,
  type Case,
  type GoBenchmark,
  type GoRoundResult,
  type GoRunner,
  type GoSample,
  type Loaded,
  type Mode,
  type OpSpec,
  type Platform,
  type ReferenceFigure,
  type Row,
  type Stats,
  type Suite,
  type SuiteResult,
  type TimedCase,
} from './types.js';

/** Progress events, printed by the CLI so a long run never sits silent. */
export type ProgressEvent =
  | { type: 'suite-start'; suite: string; title: string; ops: number; backends: number; platform?: Platform }
  | { type: 'load'; suite: string; backend: string; ok: boolean; reason?: string }
  | { type: 'row-start'; suite: string; op: string; backend: string; index: number; total: number }
  | { type: 'tick'; suite: string; op: string; backend: string }
  | { type: 'row'; suite: string; row: Row; index: number; total: number }
  | { type: 'go-round'; suite: string; round: number; rounds: number; benchmarks: number; phase: 'start' }
  | { type: 'go-round'; suite: string; round: number; rounds: number; benchmarks: number; phase: 'end'; figures: number; problems: string[]; elapsedMs: number }
  | { type: 'suite-end'; suite: string; elapsedMs: number };

/** Options of {@link runSuite}. */
export interface RunOptions {
  readonly mode: Mode;
  /** Only these backends (names as in rows, or an engine twin's base name); undefined = all. */
  readonly backends?: readonly string[];
  /** Only these Strata engines' twin backends (`src/engine.ts`); undefined = both. */
  readonly engines?: readonly EngineName[];
  /** Override the mode's measurement budget (tests use tiny budgets). */
  readonly budget?: Budget;
  readonly onProgress?: (e: ProgressEvent) => void;
  /** Where the suite runs; recorded on every row (default `node`). */
  readonly platform?: Platform;
  /**
   * Measures the suite's Go counterparts in this run (src/reference.ts `GoSession`): rounds before
   * the first op, between op groups and after the last. Absent: the Go rows are cited.
   */
  readonly go?: GoRunner;
  /** Without {@link go}: why the Go rows are cited (shown on each of them), e.g. "no Go toolchain on PATH". */
  readonly goCited?: string;
}

/**
 * Test hook: a comma-separated list of backend names whose `load` is treated as failing, so the
 * "unavailable backend" path can be exercised end to end (the CLI test does).
 */
export const SIMULATE_ENV = 'STRATA_BENCH_SIMULATE_LOAD_FAILURE';

function simulatedFailures(): string[] {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return (env?.[SIMULATE_ENV] ?? '').split(',').map((x) => x.trim()).filter((x) => x.length > 0);
}

/** The fields every row of one (op, backend) pair shares. */
type RowBase = Pick<Row, 'suite' | 'group' | 'opId' | 'op' | 'size' | 'unit' | 'backend' | 'kind' | 'platform'>;

function isUnavailable(c: Case): c is { unavailable: string } {
  return typeof c === 'object' && c !== null && 'unavailable' in c;
}

function asTimed(c: Exclude<Case, { unavailable: string }>): TimedCase {
  return typeof c === 'function' ? { run: c } : c;
}

function errorText(e: unknown): string {
  if (e instanceof Error) {
    const bare = e.constructor.name === 'MissingApi' || e.constructor.name === 'Disagreement' || isNodeOnly(e);
    const text = bare ? e.message : `${e.constructor.name}: ${e.message}`;
    return text.split('\n')[0] as string;
  }
  return String(e);
}

function covers(a: Adapter, op: OpSpec): boolean {
  if (a.covers) return a.covers(op);
  return a.kind === 'strata';
}

/** Runs one suite and returns its rows. */
export async function runSuite(suite: Suite, opts: RunOptions): Promise<SuiteResult> {
  const t0 = performance.now();
  const budget = opts.budget ?? BUDGETS[opts.mode];
  const platform: Platform = opts.platform ?? 'node';
  const ops = suite.ops(opts.mode);
  const adapters = suite.adapters.filter((a) => backendSelected(a, opts.backends) && engineSelected(a, opts.engines));
  const emit = opts.onProgress ?? (() => {});
  emit({ type: 'suite-start', suite: suite.name, title: suite.title, ops: ops.length, backends: adapters.length, platform });

  let fixtures: unknown;
  let fixtureError: string | undefined;
  try {
    fixtures = suite.fixtures?.(opts.mode);
  } catch (e) {
    fixtureError = `fixtures failed: ${errorText(e)}`;
  }

  const loaded = new Map<Adapter, Loaded | string>();
  const backendInfo: SuiteResult['backends'][number][] = [];
  for (const a of adapters) {
    let entry: Loaded | string;
    if (fixtureError) entry = fixtureError;
    else if (simulatedFailures().includes(a.backend)) entry = `simulated load failure (${SIMULATE_ENV})`;
    else {
      try {
        entry = await a.load({ mode: opts.mode, ops, fixtures });
      } catch (e) {
        entry = errorText(e);
      }
    }
    loaded.set(a, entry);
    const ok = typeof entry !== 'string';
    backendInfo.push({ backend: a.backend, kind: rowKind(a.kind), description: a.description, status: ok ? 'loaded' : `unavailable: ${entry as string}` });
    emit({ type: 'load', suite: suite.name, backend: a.backend, ok, ...(ok ? {} : { reason: entry as string }) });
  }

  // Plan the rows first so progress can say "12/40".
  type Planned = { op: OpSpec; adapter: Adapter; c: Case | undefined; loadError?: string };
  const plan: Planned[] = [];
  for (const op of ops) {
    for (const a of adapters) {
      const l = loaded.get(a) as Loaded | string;
      if (typeof l === 'string') {
        if (covers(a, op)) plan.push({ op, adapter: a, c: undefined, loadError: l });
        continue;
      }
      const c = l.cases[op.id];
      if (c === undefined && !covers(a, op)) continue;
      plan.push({ op, adapter: a, c });
    }
  }

  // The Go counterparts of this suite's rows, measured in rounds spread over the suite: before the
  // first op group, after evenly spaced op groups, after the last one.
  const refs = suite.references?.(ops) ?? [];
  const goBenchmarks = uniqueBenchmarks(refs);
  const goResults: GoRoundResult[] = [];
  const goRounds = opts.go && goBenchmarks.length > 0 ? opts.go.rounds : 0;
  const opGroups = new Set(plan.map((p) => p.op.id)).size;
  const goAfter = goRoundsAfter(goRounds, opGroups);
  let goDone = 0;
  const goRound = async (): Promise<void> => {
    if (!opts.go || goDone >= goRounds) return;
    const round = ++goDone;
    emit({ type: 'go-round', suite: suite.name, round, rounds: goRounds, benchmarks: goBenchmarks.length, phase: 'start' });
    const tg = performance.now();
    let r: GoRoundResult;
    try {
      r = await opts.go.round(goBenchmarks, `${suite.name} round ${round}/${goRounds}`);
    } catch (e) {
      r = { samples: [], problems: [{ text: `Go round failed: ${errorText(e)}` }] };
    }
    goResults.push(r);
    emit({ type: 'go-round', suite: suite.name, round, rounds: goRounds, benchmarks: goBenchmarks.length, phase: 'end', figures: r.samples.length, problems: r.problems.map((p) => p.text), elapsedMs: performance.now() - tg });
  };
  await goRound();

  // Time op by op. Round 0 warms up, calibrates and counts allocations; later rounds add
  // samples with the backends in rotated order, so load spikes spread over all of them.
  const rows: Row[] = [];
  const rounds = Math.max(1, Math.floor(budget.rounds));
  const slice: Budget =
    rounds === 1
      ? budget
      : {
          ...budget,
          budgetMs: budget.budgetMs / rounds,
          minSamples: Math.max(1, Math.ceil(budget.minSamples / rounds)),
          maxSamples: Math.max(1, Math.ceil(budget.maxSamples / rounds)),
          capMs: budget.capMs / rounds,
        };
  let index = 0;
  let groupsDone = 0;
  for (let i = 0; i < plan.length; ) {
    let j = i;
    while (j < plan.length && plan[j]!.op.id === plan[i]!.op.id) j++;
    const group = plan.slice(i, j);
    i = j;
    type Live = { p: Planned; tc: TimedCase; index: number; samples: number[]; k: number; bytes: number | null; perCallMs: number; error?: string; base: RowBase };
    const done = new Map<Planned, Row>();
    const live: Live[] = [];
    for (const p of group) {
      index++;
      const base: RowBase = {
        suite: suite.name,
        group: p.op.group,
        opId: p.op.id,
        op: p.op.label,
        ...(p.op.size !== undefined ? { size: p.op.size } : {}),
        unit: p.op.unit ?? 'op',
        backend: p.adapter.backend,
        kind: rowKind(p.adapter.kind),
        platform,
      };
      let row: Row | undefined;
      if (p.loadError !== undefined) {
        row = { ...base, status: 'unavailable', reason: `backend failed to load: ${p.loadError}` };
      } else if (p.c === undefined) {
        row = { ...base, status: 'unavailable', reason: 'not offered by this backend (API missing)' };
      } else if (isUnavailable(p.c)) {
        row = { ...base, status: 'unavailable', reason: p.c.unavailable };
      } else {
        const tc = asTimed(p.c as Exclude<Case, { unavailable: string }>);
        emit({ type: 'row-start', suite: suite.name, op: p.op.label, backend: p.adapter.backend, index, total: plan.length });
        try {
          tc.setup?.();
          if (tc.check && !(await withTimeout(tc.check(), ASYNC_TIMEOUT_MS, 'self-check'))) throw new Error('self-check failed (wrong result before timing)');
          const d = await measureDetailed(tc.run, slice, {
            minSamplesSlow: Math.min(3, budget.minSamples),
            ...(p.op.slowSamples !== undefined ? { slowSamples: p.op.slowSamples } : {}),
            perCall: tc.perCall ?? p.op.perCall ?? 1,
            async: tc.async === true,
            onTick: () => emit({ type: 'tick', suite: suite.name, op: p.op.label, backend: p.adapter.backend }),
            ...(tc.checkResult ? { checkResult: tc.checkResult } : {}),
          });
          live.push({
            p,
            tc,
            index,
            samples: [...d.samplesNs],
            k: d.stats.callsPerSample,
            bytes: d.stats.bytesPerOp,
            perCallMs: (d.stats.medianNs * (tc.perCall ?? p.op.perCall ?? 1)) / 1e6,
            base,
          });
        } catch (e) {
          // A Node-only API called on a platform without it (the browser): unavailable, not broken.
          row = { ...base, status: isNodeOnly(e) ? 'unavailable' : 'error', reason: errorText(e) };
        }
      }
      if (row) {
        done.set(p, row);
        emit({ type: 'row', suite: suite.name, row, index, total: plan.length });
      }
    }
    for (let r = 1; r < rounds; r++) {
      const order = live.length > 0 ? [...live.slice(r % live.length), ...live.slice(0, r % live.length)] : [];
      for (const l of order) {
        // Ops of a second or more: the samples of round 0 suffice (each spans the load anyway).
        if (l.error !== undefined || l.perCallMs >= SLOW_MS) continue;
        // Ops of 50 ms or more: one more sample per round.
        const b = l.perCallMs >= 50 ? { ...slice, minSamples: 1, budgetMs: 0 } : slice;
        try {
          l.tc.setup?.();
          const d = await measureDetailed(l.tc.run, b, {
            perCall: l.tc.perCall ?? l.p.op.perCall ?? 1,
            async: l.tc.async === true,
            continueWith: l.k,
            onTick: () => emit({ type: 'tick', suite: suite.name, op: l.p.op.label, backend: l.p.adapter.backend }),
          });
          l.samples.push(...d.samplesNs);
        } catch (e) {
          l.error = errorText(e);
        }
      }
    }
    for (const l of live) {
      const row: Row =
        l.error !== undefined
          ? { ...l.base, status: 'error', reason: l.error }
          : { ...l.base, status: 'ok', stats: summarize(l.samples, l.k, l.bytes), ...(l.tc.note ? { note: l.tc.note } : {}) };
      done.set(l.p, row);
      emit({ type: 'row', suite: suite.name, row, index: l.index, total: plan.length });
    }
    for (const p of group) rows.push(done.get(p) as Row);
    groupsDone++;
    for (let k = goAfter.filter((g) => g === groupsDone).length; k > 0; k--) await goRound();
  }
  // The rest of the Go rounds (all of them when no op was timed).
  while (goDone < goRounds) await goRound();

  for (const a of adapters) {
    const l = loaded.get(a);
    if (l && typeof l !== 'string' && l.dispose) {
      try {
        await l.dispose();
      } catch {
        /* a failing dispose must not end the run */
      }
    }
  }

  // Let rejections from disposed backends surface now (they are reported as warnings).
  await new Promise((r) => setTimeout(r, 20));

  // Go reference rows go right after the measured rows of their op: measured in this run where a
  // Go round gave figures, else cited (saying why).
  const ordered: Row[] = [];
  for (const op of ops) {
    ordered.push(...rows.filter((r) => r.opId === op.id));
    for (const f of refs.filter((r) => r.opId === op.id)) ordered.push(referenceRow(suite.name, op, f, platform, opts, goResults));
  }
  computeRatios(ordered, ops);
  const elapsedMs = performance.now() - t0;
  emit({ type: 'suite-end', suite: suite.name, elapsedMs });
  return {
    name: suite.name,
    title: suite.title,
    rows: ordered,
    charts: suite.charts,
    elapsedMs,
    backends: backendInfo,
    platform,
    ...(suite.ratioToEachPeer ? { ratioToEachPeer: true } : {}),
  };
}

/** The distinct Go benchmarks of a suite's reference figures, in order. */
function uniqueBenchmarks(refs: readonly ReferenceFigure[]): GoBenchmark[] {
  const out: GoBenchmark[] = [];
  for (const f of refs) {
    const g = f.go;
    if (g && !out.some((x) => x.suite === g.suite && x.benchmark === g.benchmark && x.package === g.package)) out.push(g);
  }
  return out;
}

/**
 * When the Go rounds run, as "after this many op groups" (round 1 always runs before the first
 * group): `rounds` = 1 → none after; 2 → after the last group; more → also after evenly spaced
 * groups in between. With no op groups every round runs at the start.
 */
export function goRoundsAfter(rounds: number, groups: number): number[] {
  if (rounds <= 1 || groups === 0) return [];
  const out: number[] = [];
  for (let i = 1; i < rounds; i++) out.push(Math.max(1, Math.round((groups * i) / (rounds - 1))));
  return out;
}

function matches(s: GoSample, b: GoBenchmark): boolean {
  return s.suite === b.suite && s.benchmark === b.benchmark && (b.package === undefined || s.package === b.package);
}

function statsOf(ns: number[], bytes: number | null, iterations: number[]): Stats {
  const k = iterations.length === ns.length && iterations.length > 0 ? Math.round(median(iterations)) : 0;
  const s = summarize(ns, k, bytes);
  return { ...s, calls: iterations.length === ns.length ? iterations.reduce((a, b) => a + b, 0) : s.calls };
}

/** The Go row of one reference figure: measured in this run (kind `go`) when a round gave figures, else cited. */
function referenceRow(suite: string, op: OpSpec, f: ReferenceFigure, platform: Platform, opts: RunOptions, results: readonly GoRoundResult[]): Row {
  const base = {
    suite,
    group: op.group,
    opId: op.id,
    op: op.label,
    ...(op.size !== undefined ? { size: op.size } : {}),
    unit: op.unit ?? 'op',
    backend: f.backend,
    platform,
    status: 'ok' as const,
  };
  const g = f.go;
  const samples = g ? results.flatMap((r) => r.samples.filter((s) => matches(s, g))) : [];
  if (opts.go && g && samples.length > 0) {
    const ns = samples.map((s) => s.nsPerOp);
    const bytes = samples.map((s) => s.bytesPerOp).filter((b): b is number => b !== null);
    const iterations = samples.flatMap((s) => (s.iterations !== undefined ? [s.iterations] : []));
    const missing = results.length - samples.length;
    const version = samples.find((s) => s.go !== '')?.go ?? opts.go.version;
    const note = `${opts.go.label.replace(opts.go.version, version)}${missing > 0 ? `; ${missing} of ${results.length} rounds gave no figure (see warnings)` : ''}`;
    return {
      ...base,
      kind: 'go',
      stats: statsOf(ns, bytes.length > 0 ? median(bytes) : null, iterations),
      source: `${version} · ${samples[0]!.package} ${g.benchmark} (bench.sh in ${opts.go.folder})${f.source.includes(';') ? `;${f.source.slice(f.source.indexOf(';') + 1)}` : ''}`,
      note,
      cited: { nsPerOp: f.nsPerOp, source: f.source },
    };
  }
  let why: string | undefined;
  if (opts.go && g) {
    const mine = results.flatMap((r) => r.problems.filter((p) => p.benchmark === g.benchmark || p.benchmark === undefined));
    why = `the Go run gave no figure: ${mine[0]?.text ?? 'no round ran'}`;
  } else if (opts.go && !g) why = f.citedOnly ?? 'no Go counterpart in the shared Go sources';
  else if (!opts.go && opts.goCited) why = opts.goCited;
  const n = f.nsPerOp;
  return {
    ...base,
    kind: 'cited',
    stats: { medianNs: n, madPct: 0, p25Ns: n, p75Ns: n, minNs: n, maxNs: n, samples: 0, callsPerSample: 0, calls: 0, opsPerSec: 1e9 / n, bytesPerOp: f.bytesPerOp ?? null },
    source: f.source,
    note: f.citedAs ? `cited (${f.citedAs}): not measured in this run${why ? ` — ${why}` : ''}` : `cited reference figure, not measured in this run${why ? ` — ${why}` : ''}`,
  };
}

/**
 * Fills ratioToBestPeer / ratioToPeers / ratioToReference / ratioToNative on every measured row.
 * Peers are the rows of kind `js`, `wasm` and `native`. The best peer is the fastest `js` or
 * `wasm` one (the portable alternatives; ratioToPeers still lists every peer); the native
 * ceiling of an op is its fastest `native` row (an op without native rows of its own, like batch verification, uses
 * those of its `compareTo` op). Go reference rows (measured in this run or cited) never serve as a
 * peer or as the native ceiling; they are the `ratioToReference` baseline.
 */
export function computeRatios(rows: Row[], ops: readonly OpSpec[]): void {
  const byOp = new Map<string, Row[]>();
  for (const r of rows) {
    const list = byOp.get(r.opId) ?? [];
    list.push(r);
    byOp.set(r.opId, list);
  }
  const measured = (id: string, pick: (kind: string) => boolean): Row[] =>
    (byOp.get(id) ?? []).filter((r) => pick(r.kind) && r.status === 'ok' && r.stats !== undefined && r.stats.medianNs > 0);
  const fastest = (list: Row[]): Row | undefined => list.reduce<Row | undefined>((b, r) => (!b || r.stats!.medianNs < b.stats!.medianNs ? r : b), undefined);
  for (const op of ops) {
    const mine = byOp.get(op.id) ?? [];
    // Strata's own WebAssembly engine (`strata (wasm)`, kind 'wasm') is a Strata row beside the
    // TypeScript one, not a peer: it never becomes the best peer.
    const peerOf = (id: string): Row[] => measured(id, isPeerKind).filter((r) => !r.backend.startsWith('strata'));
    let peers = peerOf(op.id);
    if (peers.length === 0 && op.compareTo) peers = peerOf(op.compareTo);
    // The best peer is the fastest JavaScript or WebAssembly peer; native ones have their own column.
    const portable = peers.filter((r) => r.kind !== 'native');
    let natives = measured(op.id, (k) => k === 'native');
    if (natives.length === 0 && op.compareTo) natives = measured(op.compareTo, (k) => k === 'native');
    const best = fastest(portable);
    const native = fastest(natives);
    const ref = mine.find((r) => r.kind === 'go' && r.status === 'ok') ?? mine.find((r) => r.kind === 'cited');
    for (const r of mine) {
      if (r.status !== 'ok' || !r.stats || isReferenceKind(r.kind)) continue;
      if (best) {
        r.ratioToBestPeer = r.stats.medianNs / best.stats!.medianNs;
        r.bestPeer = best.backend;
      }
      if (r.kind === 'strata' && peers.length > 0) {
        r.ratioToPeers = Object.fromEntries(peers.map((p) => [p.backend, r.stats!.medianNs / p.stats!.medianNs]));
      }
      if (native) {
        r.ratioToNative = r.stats.medianNs / native.stats!.medianNs;
        r.fastestNative = native.backend;
      }
      if (ref?.stats) r.ratioToReference = r.stats.medianNs / ref.stats.medianNs;
      // A WebAssembly-engine row against its TypeScript twin (same op, same platform).
      for (const name of tsTwinCandidates(r.backend)) {
        const t = mine.find((x) => x.backend === name && x.platform === r.platform && x.status === 'ok' && x.stats && x.stats.medianNs > 0);
        if (!t) continue;
        r.ratioToTs = r.stats.medianNs / t.stats!.medianNs;
        r.tsTwin = t.backend;
        break;
      }
    }
  }
}

/** One line of the closing "Strata vs native" note: Strata's fastest row of an op against the native ceiling. */
export interface NativeGap {
  readonly suite: string;
  readonly opId: string;
  readonly op: string;
  readonly group: string;
  readonly unit: string;
  readonly strataBackend: string;
  readonly strataNs: number;
  readonly nativeBackend: string;
  readonly nativeNs: number;
  /** strataNs / nativeNs: > 1 means Strata is that many times slower than the native ceiling. */
  readonly ratio: number;
}

/**
 * Per op that has a native ceiling in the run, Strata's fastest measured row and its ratio to
 * that ceiling (from the rows' ratioToNative), in row order.
 */
export function nativeGaps(results: readonly SuiteResult[]): NativeGap[] {
  const out: NativeGap[] = [];
  for (const s of results) {
    const seen = new Set<string>();
    for (const r of s.rows) {
      if (seen.has(r.opId)) continue;
      const strata = s.rows.filter((x) => x.opId === r.opId && x.kind === 'strata' && x.status === 'ok' && x.stats && x.ratioToNative !== undefined);
      if (strata.length === 0) continue;
      seen.add(r.opId);
      const b = strata.reduce((m, x) => (x.stats!.medianNs < m.stats!.medianNs ? x : m));
      out.push({
        suite: s.name,
        opId: b.opId,
        op: b.op,
        group: b.group,
        unit: b.unit,
        strataBackend: b.backend,
        strataNs: b.stats!.medianNs,
        nativeBackend: b.fastestNative as string,
        nativeNs: b.stats!.medianNs / (b.ratioToNative as number),
        ratio: b.ratioToNative as number,
      });
    }
  }
  return out;
}
