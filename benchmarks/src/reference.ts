/**
 * The Go reference rows: the Go libraries Strata is compared with (ring-go, go-dleq, decred
 * secp256k1), measured in the same run when a Go toolchain is on PATH, else cited.
 *
 * - Cited figures: `reference/go-benchmarks-2026-11-30.json`, measured on the same machine class on
 *   another day, NOT in this run ({@link goFigure}). Suites attach them to their ops as
 *   {@link ReferenceFigure}s, each with the Go benchmark that measures it in this run (`go`).
 * - Same-run figures: {@link GoSession} runs `bench.sh` of the shared Go sources
 *   (`../shared/reference/go`, or `STRATA_GO_REFERENCE`) in a child process, in rounds the runner
 *   interleaves with each suite's rows (src/runner.ts). Everything it builds or writes goes to one
 *   temporary folder, removed at the end of the run (bench.sh copies the sources into a temporary
 *   folder of its own, inside that one); nothing is written into the repository. A missing or broken
 *   toolchain, or a failing benchmark, is a warning on the rows concerned (they fall back to the
 *   cited figure), never a failed run.
 */
import { execFile, spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GoBenchmark, GoProblem, GoRoundResult, GoRunner, GoSample, Mode, SuiteResult } from './types.js';
import { fmtTime } from './report/format.js';

/** Path of the reference file, relative to this package. */
export const REFERENCE_FILE = 'reference/go-benchmarks-2026-11-30.json';

/** The day and place the cited figures were measured, for row labels. */
export const CITED_AS = 'same machine class, 2026-11-30';

/** What to install for the Go rows on Debian / Ubuntu (the toolchain and the Go packages bench.sh builds against). */
export const GO_INSTALL = 'apt-get install -y golang-go golang-golang-x-crypto-dev golang-filippo-edwards25519-dev golang-github-stretchr-testify-dev';

/** Overrides the folder of the shared Go sources and bench.sh (default `<repo>/../shared/reference/go`). */
export const GO_REFERENCE_ENV = 'STRATA_GO_REFERENCE';

interface GoResult {
  suite: string;
  package: string;
  benchmark: string;
  median_ns_per_op: number;
  bytes_per_op?: number;
  allocs_per_op?: number;
}

interface GoFile {
  what: string;
  toolchain: string;
  sources: Record<string, string>;
  results: GoResult[];
}

let cache: GoFile | undefined;

function load(): GoFile {
  if (!cache) {
    const url = new URL(`../${REFERENCE_FILE}`, import.meta.url);
    cache = JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) as GoFile;
  }
  return cache;
}

/** A cited Go figure: ns/op, bytes/op, a citation string and the label of its row. */
export interface GoFigure {
  readonly nsPerOp: number;
  readonly bytesPerOp?: number;
  readonly source: string;
  /** `Go 1.19.8, same machine class, 2026-11-30`. */
  readonly citedAs: string;
}

/**
 * Looks up a cited Go benchmark by name (and optionally its `suite` label in the file, to tell the
 * decred v4.1.0 figures from the v4.4.1 ones). Returns undefined if it is not there.
 */
export function goFigure(benchmark: string, suite?: string): GoFigure | undefined {
  const f = load();
  const r = f.results.find((x) => x.benchmark === benchmark && (suite === undefined || x.suite === suite));
  if (!r) return undefined;
  const lib =
    r.package === 'ring-go'
      ? `ring-go ${f.sources['ring-go']?.split(' ')[1]?.slice(0, 7) ?? ''}`
      : r.package === 'go-dleq'
        ? `go-dleq ${f.sources['go-dleq']?.split(' ')[1]?.slice(0, 7) ?? ''}`
        : r.suite === 'decred-v4.4.1'
          ? 'decred secp256k1 v4.4.1'
          : 'decred secp256k1 v4.1.0';
  const toolchain = f.toolchain.split(';')[0] as string;
  return {
    nsPerOp: r.median_ns_per_op,
    ...(r.bytes_per_op !== undefined ? { bytesPerOp: r.bytes_per_op } : {}),
    source: `${REFERENCE_FILE}: ${lib} ${r.benchmark} (${toolchain}, 2026-11-30, same machine class)`,
    citedAs: `${toolchain}, ${CITED_AS}`,
  };
}

/** Summary of where the cited figures come from, for the JSON record. */
export function referenceInfo(): { file: string; what: string; toolchain: string; sources: Record<string, string> } {
  const f = load();
  return { file: REFERENCE_FILE, what: f.what, toolchain: f.toolchain, sources: f.sources };
}

// ─── bench.sh output ────────────────────────────────────────────────────────────────────────────

function num(v: unknown, what: string, nullable: boolean): number | null {
  if (v === null && nullable) return null;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new Error(`bench.sh JSON: ${what} is ${JSON.stringify(v)}, expected a non-negative number${nullable ? ' or null' : ''}`);
  return v;
}

/**
 * Parses what `bench.sh --json FILE` writes: an array of
 * `{suite, package, benchmark, ns_per_op, bytes_per_op, allocs_per_op, go}` (bytes and allocs
 * null when `-benchmem` gave none). Throws an Error naming the first malformed entry.
 */
export function parseGoBenchJson(text: string): GoSample[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new Error(`bench.sh JSON does not parse: ${(e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').slice(0, 200)}`);
  }
  if (!Array.isArray(data)) throw new Error('bench.sh JSON: expected an array of benchmark objects');
  return data.map((x: unknown, i): GoSample => {
    if (typeof x !== 'object' || x === null) throw new Error(`bench.sh JSON: entry ${i} is not an object`);
    const o = x as Record<string, unknown>;
    for (const k of ['suite', 'package', 'benchmark', 'go'] as const) {
      if (typeof o[k] !== 'string' || (o[k] as string).length === 0) throw new Error(`bench.sh JSON: entry ${i} has no ${k}`);
    }
    if (!(o.benchmark as string).startsWith('Benchmark')) throw new Error(`bench.sh JSON: entry ${i}: ${String(o.benchmark)} is not a benchmark name`);
    const ns = num(o.ns_per_op, `entry ${i} (${String(o.benchmark)}) ns_per_op`, false) as number;
    if (ns === 0) throw new Error(`bench.sh JSON: entry ${i} (${String(o.benchmark)}) ns_per_op is 0`);
    return {
      suite: o.suite as string,
      package: o.package as string,
      benchmark: o.benchmark as string,
      nsPerOp: ns,
      bytesPerOp: num(o.bytes_per_op ?? null, `entry ${i} bytes_per_op`, true),
      allocsPerOp: num(o.allocs_per_op ?? null, `entry ${i} allocs_per_op`, true),
      go: o.go as string,
    };
  });
}

/**
 * Parses the lines bench.sh prints (`pkg: <suite> <import path>`, then `go test -bench` result
 * lines `BenchmarkX-2  <b.N>  <ns> ns/op  [<B> B/op  <allocs> allocs/op]`), for the iteration
 * counts the JSON leaves out, and as the fallback when the JSON is unreadable. `go` is unknown
 * here (empty). FAIL lines and `--- FAIL: BenchmarkX` are returned as problems.
 */
export function parseGoBenchOutput(stdout: string): { samples: GoSample[]; problems: GoProblem[] } {
  const samples: GoSample[] = [];
  const problems: GoProblem[] = [];
  let suite = '';
  let pkg = '';
  for (const raw of stdout.split('\n')) {
    const line = raw.trimEnd();
    const p = /^pkg: (\S+) (\S+)$/.exec(line);
    if (p) {
      suite = p[1] as string;
      pkg = p[2] as string;
      continue;
    }
    const failed = /^--- FAIL: (Benchmark\S*)/.exec(line.trim());
    if (failed) {
      problems.push({ benchmark: (failed[1] as string).replace(/-\d+$/, ''), text: `${failed[1]} failed (go test printed --- FAIL)` });
      continue;
    }
    if (/^FAIL\b/.test(line)) {
      problems.push({ text: `go test: ${line.replace(/\s+/g, ' ')}` });
      continue;
    }
    if (!line.startsWith('Benchmark')) continue;
    const t = line.split(/\s+/);
    const name = (t[0] as string).replace(/-\d+$/, '');
    const at = (unit: string): number | null => {
      const i = t.indexOf(unit);
      if (i < 2) return null;
      const v = Number(t[i - 1]);
      return Number.isFinite(v) ? v : null;
    };
    const ns = at('ns/op');
    const n = Number(t[1]);
    if (ns === null || !(ns > 0) || !Number.isInteger(n)) continue; // a name line without figures (a benchmark that logs)
    samples.push({ suite, package: pkg, benchmark: name, nsPerOp: ns, bytesPerOp: at('B/op'), allocsPerOp: at('allocs/op'), go: '', iterations: n });
  }
  return { samples, problems };
}

/** True when `s` is a figure of `b` (same bench.sh suite and name; same package when `b` names one). */
export function sampleOf(s: GoSample, b: GoBenchmark): boolean {
  return s.suite === b.suite && s.benchmark === b.benchmark && (b.package === undefined || s.package === b.package);
}

/**
 * The figures of one bench.sh run: the JSON's objects with the iteration counts of the printed
 * lines added (matched in order per suite, package and name), or the printed lines alone when
 * the JSON is unreadable; plus the FAIL lines, a warning for an unreadable JSON, and a problem
 * for every wanted benchmark with no figure.
 */
export function readGoRound(json: string | null, stdout: string, wanted: readonly GoBenchmark[], go: string): GoRoundResult {
  const printed = parseGoBenchOutput(stdout);
  const problems: GoProblem[] = [...printed.problems];
  let samples: GoSample[];
  try {
    if (json === null) throw new Error('bench.sh wrote no JSON file');
    const parsed = parseGoBenchJson(json);
    const queue = new Map<string, number[]>();
    const key = (s: GoSample): string => `${s.suite} ${s.package} ${s.benchmark}`;
    for (const s of printed.samples) queue.set(key(s), [...(queue.get(key(s)) ?? []), s.iterations as number]);
    samples = parsed.map((s) => {
      const n = queue.get(key(s))?.shift();
      return n === undefined ? s : { ...s, iterations: n };
    });
  } catch (e) {
    samples = printed.samples.map((s) => ({ ...s, go }));
    problems.push({ text: `${e instanceof Error ? e.message : String(e)}; ${samples.length > 0 ? 'used the printed benchmark lines instead' : 'and no benchmark lines were printed'}` });
  }
  for (const b of wanted) {
    if (samples.some((s) => sampleOf(s, b))) continue;
    if (problems.some((p) => p.benchmark === b.benchmark)) continue;
    problems.push({ benchmark: b.benchmark, text: `${b.benchmark} (${b.suite}) gave no figure` });
  }
  return { samples, problems };
}

// ─── finding Go ─────────────────────────────────────────────────────────────────────────────────

/** The folder of the shared Go sources and bench.sh: `STRATA_GO_REFERENCE`, else `<repo>/../shared/reference/go`. */
export function goReferenceDir(env: NodeJS.ProcessEnv = process.env): string {
  const v = env[GO_REFERENCE_ENV];
  if (v !== undefined && v.trim() !== '') return path.resolve(v);
  return path.resolve(fileURLToPath(new URL('../..', import.meta.url)), '..', 'shared', 'reference', 'go');
}

/** The `go` executable on `pathVar` (a PATH value), or null. */
export function findGo(pathVar: string | undefined = process.env.PATH): string | null {
  for (const dir of (pathVar ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const f = path.join(dir, 'go');
    try {
      if (statSync(f).isFile()) {
        accessSync(f, constants.X_OK);
        return f;
      }
    } catch {
      /* not here */
    }
  }
  return null;
}

/** Why the Go rows cannot be measured here (no `go` on PATH, no bench.sh), or null when they can be tried. */
export function goProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  if (!findGo(env.PATH)) return `no Go toolchain (\`go\`) on PATH; to measure the Go rows, install it (Debian: ${GO_INSTALL})`;
  const dir = goReferenceDir(env);
  if (!existsSync(path.join(dir, 'bench.sh'))) return `no ${path.join(dir, 'bench.sh')} (the shared Go sources; ${GO_REFERENCE_ENV} names another folder)`;
  return null;
}

// ─── the same-run session ───────────────────────────────────────────────────────────────────────

/** Rounds per suite and `-benchtime` per mode (quick runs Go only with `--go`). */
export const GO_SETTINGS: Readonly<Record<Mode, { rounds: number; benchtime: string }>> = Object.freeze({
  quick: { rounds: 1, benchtime: '100ms' },
  default: { rounds: 3, benchtime: '500ms' },
  full: { rounds: 3, benchtime: '1s' },
});

/** What the record says about the Go rows of a run. */
export interface GoReferenceInfo {
  /** true: the Go rows were measured in this run (where a round gave a figure); false: every Go row is cited. */
  readonly measured: boolean;
  /** Why nothing was measured (no Go, `--quick`, `--no-go`, the build failed). */
  readonly reason?: string;
  /** `go env GOVERSION`. */
  readonly go?: string;
  readonly folder?: string;
  readonly rounds?: number;
  readonly benchtime?: string;
  /** Seconds spent in bench.sh (build and rounds). */
  readonly seconds?: number;
  /** The cited file the other rows (and the fallbacks) come from. */
  readonly cited: string;
}

/** A benchtime flag value: `500ms`, `1s`, `2.5s`, `100x`; returns seconds (for `Nx`, null). */
export function parseBenchtime(t: string): { seconds: number | null } {
  const m = /^(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m)$/.exec(t);
  if (m) {
    const f: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, m: 60 };
    return { seconds: Number(m[1]) * (f[m[2] as string] as number) };
  }
  if (/^[1-9]\d*x$/.test(t)) return { seconds: null };
  throw new Error(`Go benchtime "${t}": expected a duration (500ms, 1s) or a count (100x)`);
}

/** The module path of each bench.sh suite, as go test's FAIL lines name it. */
const GO_MODULES: Readonly<Record<GoBenchmark['suite'], string>> = {
  'ring-go': 'github.com/pokt-network/ring-go',
  'go-dleq': 'github.com/pokt-network/go-dleq',
  secp256k1: 'github.com/decred/dcrd/dcrec/secp256k1',
};

function regexOf(names: readonly string[]): string {
  return `^(${names.map((n) => n.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')).join('|')})$`;
}

interface Exec {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  ms: number;
}

/** Options of {@link GoSession.open}. */
export interface GoSessionOptions {
  readonly mode: Mode;
  /** bench.sh suites the run needs (only these are built up front). */
  readonly suites: readonly GoBenchmark['suite'][];
  /** Override of the mode's `-benchtime`. */
  readonly benchtime?: string;
  /** Override of the mode's rounds per suite. */
  readonly rounds?: number;
  readonly env?: NodeJS.ProcessEnv;
  /** Progress lines (the CLI prints them). */
  readonly onStage?: (text: string) => void;
}

/**
 * One run's Go side: a temporary folder (GOCACHE, TMPDIR for bench.sh's copies, the JSON files),
 * the toolchain's version, and {@link round}, which the runner calls between its op groups. Open
 * with {@link GoSession.open}; {@link close} removes the folder.
 */
export class GoSession implements GoRunner {
  readonly rounds: number;
  readonly benchtime: string;
  readonly folder: string;
  readonly version: string;
  readonly label: string;
  /** Problems that did not stop the run, for the record's warnings. */
  readonly warnings: string[] = [];
  private readonly tmp: string;
  private readonly env: NodeJS.ProcessEnv;
  private readonly broken = new Map<string, string>();
  private n = 0;
  private ms = 0;
  private closed = false;
  /** The process group of the bench.sh call in progress (detached: a Ctrl-C on the terminal does not reach it). */
  private child: number | undefined;
  private readonly onExit = (): void => this.close();
  /** Ctrl-C or a kill during a run: stop bench.sh, remove the folder, then die of the same signal. */
  private readonly onSignal = (signal: NodeJS.Signals): void => {
    this.close();
    process.kill(process.pid, signal);
  };

  private constructor(o: { rounds: number; benchtime: string; folder: string; version: string; tmp: string; env: NodeJS.ProcessEnv }) {
    this.rounds = o.rounds;
    this.benchtime = o.benchtime;
    this.folder = o.folder;
    this.version = o.version;
    this.tmp = o.tmp;
    this.env = o.env;
    this.label = `${o.version}, measured in this run (${o.rounds === 1 ? '1 round' : `median of ${o.rounds} rounds interleaved with the suite`}, -benchtime ${o.benchtime})`;
    process.once('exit', this.onExit);
    process.once('SIGINT', this.onSignal);
    process.once('SIGTERM', this.onSignal);
  }

  /**
   * Finds Go and bench.sh, reads the toolchain's version and builds the needed suites once (a
   * bench.sh call that runs no benchmark), so a broken toolchain shows up before any suite runs.
   * Returns the session, or why the Go rows stay cited (never throws).
   */
  static async open(o: GoSessionOptions): Promise<GoSession | { readonly unavailable: string }> {
    const env = o.env ?? process.env;
    const problem = goProblem(env);
    if (problem) return { unavailable: problem };
    const settings = GO_SETTINGS[o.mode];
    const benchtime = o.benchtime ?? settings.benchtime;
    try {
      parseBenchtime(benchtime);
    } catch (e) {
      return { unavailable: e instanceof Error ? e.message : String(e) };
    }
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'strata-go-'));
    // CGO_ENABLED=0: the reference is pure Go (the cgo libsecp256k1 backends are not built), and a
    // machine with Go but without a working C compiler (no gcc, or one that cannot find cc1) would
    // otherwise fail to build go-dleq and ring-go (runtime/cgo). The caller's setting wins.
    const childEnv: NodeJS.ProcessEnv = { CGO_ENABLED: '0', ...env, TMPDIR: tmp, GOCACHE: path.join(tmp, 'gocache'), GOTOOLCHAIN: 'local', GOTELEMETRY: 'off' };
    const version = await new Promise<string | Error>((resolve) => {
      execFile(findGo(env.PATH) as string, ['env', 'GOVERSION'], { env: childEnv, cwd: tmp, timeout: 30_000 }, (err, stdout, stderr) => {
        const v = String(stdout).trim();
        if (err || !/^go\d/.test(v)) resolve(new Error(`\`go env GOVERSION\` failed: ${(String(stderr).trim() || err?.message || `printed "${v}"`).split('\n')[0]}`));
        else resolve(v);
      });
    });
    if (version instanceof Error) {
      rmSync(tmp, { recursive: true, force: true });
      return { unavailable: `broken Go toolchain: ${version.message}` };
    }
    const s = new GoSession({ rounds: Math.max(1, Math.floor(o.rounds ?? settings.rounds)), benchtime, folder: goReferenceDir(env), version, tmp, env: childEnv });
    const suites = [...new Set(o.suites)];
    if (suites.length > 0) {
      o.onStage?.(`Go reference: building ${suites.join(', ')} with ${version} (bench.sh in ${s.folder}, outside the repository)`);
      const r = await s.exec(['--benchtime', '1x', ...suites.map((x) => `${x}:^$`)], 600_000);
      const printed = parseGoBenchOutput(r.stdout);
      const fails = printed.problems.map((p) => p.text);
      if (r.code !== 0 || fails.length > 0) {
        const why = r.timedOut ? 'the build timed out' : r.code !== 0 ? `bench.sh exited ${r.code ?? r.signal}: ${lastLine(r.stderr) || lastLine(r.stdout)}` : fails.join('; ');
        // A FAIL line names the package whose build failed; without one (bench.sh itself failed), every suite is out.
        const named = suites.filter((x) => fails.some((f) => f.includes(GO_MODULES[x])));
        const failedSuites = r.code !== 0 || r.timedOut || named.length === 0 ? suites : named;
        for (const x of failedSuites) s.broken.set(x, `the Go build failed (${why.slice(0, 300)})`);
        if (s.broken.size === suites.length) {
          s.close();
          return { unavailable: `broken Go toolchain or sources: ${why.slice(0, 400)}` };
        }
        s.warnings.push(`Go reference: ${[...s.broken].map(([k, v]) => `${k}: ${v}`).join('; ')}`);
      }
    }
    return s;
  }

  /** Runs bench.sh in the session's folder, killing its process group after `timeoutMs`. */
  private exec(args: string[], timeoutMs: number): Promise<Exec> {
    const t0 = performance.now();
    return new Promise((resolve) => {
      let stdout = '';
      let stderr = '';
      let timedOut = false;
      const child = spawn('bash', [path.join(this.folder, 'bench.sh'), ...args], { cwd: this.tmp, env: this.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      this.child = child.pid;
      const cap = (s: string, d: Buffer): string => (s.length > 4_000_000 ? s : s + d.toString());
      child.stdout.on('data', (d: Buffer) => (stdout = cap(stdout, d)));
      child.stderr.on('data', (d: Buffer) => (stderr = cap(stderr, d)));
      const timer = setTimeout(() => {
        timedOut = true;
        try {
          if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, timeoutMs);
      const done = (code: number | null, signal: string | null): void => {
        clearTimeout(timer);
        this.child = undefined;
        const ms = performance.now() - t0;
        this.ms += ms;
        resolve({ code, signal, stdout, stderr, timedOut, ms });
      };
      child.on('error', (e) => {
        stderr += String(e.message);
        done(127, null);
      });
      child.on('close', done);
    });
  }

  /** One round: every benchmark of `benchmarks` once (one bench.sh call, `-count 1`). */
  async round(benchmarks: readonly GoBenchmark[], what: string): Promise<GoRoundResult> {
    if (this.closed) return { samples: [], problems: [{ text: 'the Go session is closed' }] };
    const problems: GoProblem[] = [];
    const bySuite = new Map<GoBenchmark['suite'], string[]>();
    for (const b of benchmarks) {
      const why = this.broken.get(b.suite);
      if (why) {
        problems.push({ benchmark: b.benchmark, text: why });
        continue;
      }
      const list = bySuite.get(b.suite) ?? [];
      if (!list.includes(b.benchmark)) list.push(b.benchmark);
      bySuite.set(b.suite, list);
    }
    const runnable = benchmarks.filter((b) => bySuite.has(b.suite));
    if (runnable.length === 0) return { samples: [], problems };
    const json = path.join(this.tmp, `round-${++this.n}.json`);
    const secs = parseBenchtime(this.benchtime).seconds ?? 1;
    // Go runs b.N = 1 first, then grows it to fill the benchtime: allow plenty per benchmark.
    const timeoutMs = 120_000 + runnable.length * (secs * 3 + 20) * 1000;
    const r = await this.exec(['--json', json, '--benchtime', this.benchtime, '--count', '1', ...[...bySuite].map(([suite, names]) => `${suite}:${regexOf(names)}`)], timeoutMs);
    let text: string | null = null;
    try {
      text = readFileSync(json, 'utf8');
    } catch {
      text = null;
    }
    rmSync(json, { force: true });
    if (r.timedOut) problems.push({ text: `${what}: bench.sh did not finish within ${Math.round(timeoutMs / 1000)} s (killed)` });
    else if (r.code !== 0) problems.push({ text: `${what}: bench.sh exited ${r.code ?? r.signal}${r.code === 3 ? ' (toolchain or Debian package missing)' : ''}: ${lastLine(r.stderr) || lastLine(r.stdout)}` });
    const read = readGoRound(text, r.stdout, runnable, this.version);
    // With a failed bench.sh, "no JSON" and "gave no figure" say less than the exit above; its FAIL lines stay.
    const failed = problems.length > 0;
    const all = [...problems, ...read.problems.filter((p) => !failed || !(/gave no figure$/.test(p.text) || p.text.startsWith('bench.sh wrote no JSON') || p.text.startsWith('bench.sh JSON')))];
    for (const p of all) this.warnings.push(`Go reference (${what}): ${p.text}`);
    return { samples: read.samples, problems: all };
  }

  /** Seconds spent in bench.sh so far. */
  get seconds(): number {
    return Math.round(this.ms / 100) / 10;
  }

  /** The record's description of this session. */
  info(): GoReferenceInfo {
    return { measured: true, go: this.version, folder: this.folder, rounds: this.rounds, benchtime: this.benchtime, seconds: this.seconds, cited: REFERENCE_FILE };
  }

  /** Removes the temporary folder (GOCACHE, bench.sh's copies, JSON files). Idempotent. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    process.removeListener('exit', this.onExit);
    process.removeListener('SIGINT', this.onSignal);
    process.removeListener('SIGTERM', this.onSignal);
    if (this.child !== undefined) {
      try {
        process.kill(-this.child, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    try {
      rmSync(this.tmp, { recursive: true, force: true });
    } catch {
      /* best effort: it is in the temp folder */
    }
  }

  /** The session's temporary folder (tests check that it is gone after {@link close}). */
  get tempDir(): string {
    return this.tmp;
  }
}

function lastLine(s: string): string {
  return (
    s
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.length > 0)
      .pop() ?? ''
  ).slice(0, 300);
}

// ─── what the report says ───────────────────────────────────────────────────────────────────────

/** The header line about the Go rows (older records without {@link GoReferenceInfo}: the cited line they always had). */
export function goHeaderLine(info: GoReferenceInfo | undefined): string {
  if (!info) return `Go reference rows are cited from ${REFERENCE_FILE} (same machine class), not measured in this run.`;
  if (!info.measured) return `Go reference rows: cited from ${info.cited} (${CITED_AS}), not measured in this run — ${info.reason ?? 'Go did not run'}.`;
  return (
    `Go reference rows: ${info.go} measured in this run (bench.sh in ${info.folder}; ${info.rounds === 1 ? '1 round per suite, before its rows' : `${info.rounds} rounds per suite interleaved with its rows (before, between op groups, after), medians`}, -benchtime ${info.benchtime}; ${info.seconds ?? '?'} s in Go); ` +
    `a row without a same-run figure says "cited" (${info.cited}, ${CITED_AS}).`
  );
}

/** One line of the measured-vs-cited note. */
export interface GoComparison {
  readonly suite: string;
  readonly group: string;
  readonly op: string;
  readonly backend: string;
  readonly unit: string;
  /** The same-run figure, or null: the row is cited. */
  readonly measuredNs: number | null;
  readonly citedNs: number;
  /** The row's label (Go version and "measured in this run", or "cited …" and why). */
  readonly note: string;
}

/** Per Go row (Node suites), the same-run figure beside the cited one. */
export function goComparisons(results: readonly SuiteResult[]): GoComparison[] {
  const out: GoComparison[] = [];
  for (const s of results) {
    if ((s.platform ?? 'node') !== 'node') continue;
    for (const r of s.rows) {
      if (r.status !== 'ok' || !r.stats) continue;
      if (r.kind === 'go' && r.cited) out.push({ suite: s.name, group: r.group, op: r.op, backend: r.backend, unit: r.unit, measuredNs: r.stats.medianNs, citedNs: r.cited.nsPerOp, note: r.note ?? '' });
      else if (r.kind === 'cited') out.push({ suite: s.name, group: r.group, op: r.op, backend: r.backend, unit: r.unit, measuredNs: null, citedNs: r.stats.medianNs, note: r.note ?? '' });
    }
  }
  return out;
}

/** `1.07× the cited figure`. */
function drift(m: number, c: number): string {
  return `${(m / c).toFixed(2)}× the cited figure`;
}

/** The closing note of the table: per Go row, measured in this run vs cited. Empty when no Go row was measured. */
export function renderGoNote(results: readonly SuiteResult[]): string {
  const cs = goComparisons(results);
  const measured = cs.filter((c) => c.measuredNs !== null);
  if (measured.length === 0) return '';
  const label = cs.map((c) => `${c.suite} · ${c.group} · ${c.op} · ${c.backend}`);
  const w = Math.min(90, Math.max(...label.map((l) => [...l].length)));
  const lines = [`Go reference, measured in this run vs cited (${CITED_AS}), per row:`];
  cs.forEach((c, i) => {
    const per = c.unit === 'op' ? '' : `/${c.unit}`;
    const l = (label[i] as string).padEnd(w);
    lines.push(
      c.measuredNs !== null
        ? `  ${l}  measured ${fmtTime(c.measuredNs)}${per} · cited ${fmtTime(c.citedNs)}${per} (${drift(c.measuredNs, c.citedNs)})`
        : `  ${l}  cited ${fmtTime(c.citedNs)}${per} only: ${c.note}`,
    );
  });
  return lines.join('\n');
}

/** The same note in Markdown. */
export function renderGoNoteMarkdown(results: readonly SuiteResult[]): string {
  const cs = goComparisons(results);
  if (!cs.some((c) => c.measuredNs !== null)) return '';
  const cell = (s: string): string => s.replace(/\|/g, '\\|');
  const out = [
    '### Go reference: measured in this run vs cited',
    '',
    `Per Go row, the figure measured in this run beside the cited one (${REFERENCE_FILE}, ${CITED_AS}).`,
    '',
    '| suite | op | Go backend | measured in this run | cited | measured / cited |',
    '|---|---|---|---:|---:|---:|',
  ];
  for (const c of cs) {
    const per = c.unit === 'op' ? '' : `/${c.unit}`;
    out.push(
      `| ${c.suite} | ${cell(`${c.group} · ${c.op}`)} | ${cell(c.backend)} | ${c.measuredNs !== null ? `${fmtTime(c.measuredNs)}${per}` : `not measured: ${cell(c.note)}`} | ${fmtTime(c.citedNs)}${per} | ${c.measuredNs !== null ? `${(c.measuredNs / c.citedNs).toFixed(2)}×` : ''} |`,
    );
  }
  out.push('');
  return out.join('\n');
}
