/**
 * The benchmark contract: suites, operations, backend adapters and result rows.
 *
 * A *suite* (field, curves, ed25519, dleq, ring) declares the operations it times
 * ({@link OpSpec}) and the backends that take part ({@link Adapter}). Each adapter
 * loads its library once and hands back one {@link Case} per operation it offers.
 * The runner times every (operation, backend) pair in the same process and turns
 * the figures into {@link Row}s. See `benchmarks/README.md` for a worked example.
 */

/** How long a run may take: `quick` is a smoke run, `full` the exhaustive sweep. */
export type Mode = 'quick' | 'default' | 'full';

/**
 * Who produced a row and how it runs: Strata code; a peer measured in this run, written in
 * JavaScript (`js`), compiled to WebAssembly (`wasm`) or running as native code — a Node addon or
 * OpenSSL inside node:crypto (`native`); the Go reference measured in this run, by `go test -bench`
 * in a child process interleaved with the suite (`go`, see src/reference.ts); or a figure cited from
 * elsewhere, never measured here (`cited`: the Go reference rows when Go did not run).
 */
export type BackendKind = 'strata' | 'js' | 'wasm' | 'native' | 'go' | 'cited';

/** True for a Go reference row, measured in this run (`go`) or cited (`cited`): never a peer, never the native ceiling. */
export function isReferenceKind(kind: string): boolean {
  return kind === 'go' || kind === 'cited';
}

/** The kinds of a peer measured in this run (every kind but `strata` and the Go reference kinds `go` and `cited`). */
export const PEER_KINDS: readonly BackendKind[] = ['js', 'wasm', 'native'];

/** Returns true for a row or backend measured in this run that is not Strata. */
export function isPeerKind(kind: string): boolean {
  return kind === 'js' || kind === 'wasm' || kind === 'native';
}

/**
 * What an adapter may declare. `peer` is the old, undifferentiated peer kind, still accepted so
 * existing adapters keep compiling; the runner records it as `js`. New adapters say `js`,
 * `wasm` or `native`.
 */
export type AdapterKind = Exclude<BackendKind, 'cited' | 'go'> | 'peer';

/** The row kind of an adapter kind (`peer` → `js`). */
export function rowKind(kind: AdapterKind): Exclude<BackendKind, 'cited' | 'go'> {
  return kind === 'peer' ? 'js' : kind;
}

/** One operation of a suite, e.g. `mul`, or `verify` at ring size 16. */
export interface OpSpec {
  /** Unique id within the suite, e.g. `secp256k1/sign-cold/16`. Adapters key their cases by it. */
  readonly id: string;
  /** Heading the op is listed under in the table and the bar chart, e.g. `secp256k1 field`. */
  readonly group: string;
  /** Short human label, e.g. `mul` or `verify n=16`. */
  readonly label: string;
  /** Size parameter (ring size, batch size, MSM size) for line charts. */
  readonly size?: number;
  /** Operations performed by one call (a batch of n signatures: n). Figures are reported per operation. */
  readonly perCall?: number;
  /**
   * Samples of a backend whose first call takes a second or more, when fewer than the mode's
   * minimum will do (the 2^16 MSM rows: noble-curves takes ≈ 12 s per call there). Unset: the mode's.
   */
  readonly slowSamples?: number;
  /** What one operation is, for the unit column: `op` (default), `sig`, `point`. */
  readonly unit?: string;
  /**
   * Id of the op whose *peer* rows serve as the comparison baseline when this op has
   * no peer rows of its own (batch verification is compared with single verification).
   */
  readonly compareTo?: string;
}

/** A function to time. Its return value goes to a sink so the work cannot be optimised away. */
export type BenchFn = () => unknown;

/** Marks an operation the backend should offer but cannot run right now (missing export, load failure). */
export interface Unavailable {
  readonly unavailable: string;
}

/** A timed operation, with options. */
export interface TimedCase {
  /** The work of one call. */
  readonly run: BenchFn;
  /** `run` returns a Promise that must settle before the next call. */
  readonly async?: boolean;
  /** Free-text note shown in the JSON record (e.g. which API was used). */
  readonly note?: string;
  /**
   * Operations one `run` performs, when this backend batches an op the suite counts one per
   * call (a WebAssembly loop of n dependent multiplications: n); overrides the op's `perCall`.
   */
  readonly perCall?: number;
  /**
   * Runs before `check` and before every measuring pass over this case (round 0 and each later
   * round), never inside the timed loop: e.g. selects the Strata engine the row measures
   * (`src/engine.ts`), which is global per realm while rows of both engines interleave.
   */
  readonly setup?: () => void;
  /**
   * Self-check run once before timing (e.g. "this signature verifies"). A false result or a
   * throw marks the row as an error instead of timing a broken operation.
   */
  readonly check?: () => boolean | Promise<boolean>;
  /**
   * Checks the result of the first timed call (no extra call: cheaper than `check` for ops that
   * take seconds). A false result or a throw marks the row as an error.
   */
  readonly checkResult?: (result: unknown) => boolean;
}

/** What an adapter returns for one operation. */
export type Case = BenchFn | TimedCase | Unavailable;

/** What {@link Adapter.load} hands back. */
export interface Loaded {
  /** One case per operation id the backend offers; ids it leaves out are simply not offered. */
  readonly cases: Readonly<Record<string, Case | undefined>>;
  /** Called once after the suite finishes (close worker pools, free WASM memory). */
  dispose?(): void | Promise<void>;
}

/** Context passed to {@link Adapter.load}. */
export interface LoadContext {
  readonly mode: Mode;
  /** The operations the suite will time in this run (already filtered by mode). */
  readonly ops: readonly OpSpec[];
  /** Shared deterministic inputs of the suite (keys, messages, field elements), built once. */
  readonly fixtures: unknown;
}

/**
 * A backend behind a small adapter. `load` imports the library and prepares its
 * inputs; if it throws (a WASM peer that fails to instantiate, a Strata export that is
 * not there yet) every op the backend {@link covers} is reported as unavailable and the
 * run goes on.
 */
export interface Adapter {
  /** Backend name as shown in rows, e.g. `noble-curves`, `strata (cached keys)`. */
  readonly backend: string;
  readonly kind: AdapterKind;
  /** One line saying what is measured (library version, API used). */
  readonly description: string;
  /**
   * The Strata engine this backend runs on, for an engine twin (`src/engine.ts`): `--engine`
   * keeps or drops it. Undefined: engine-independent (peers, Strata rows the engine does not serve).
   */
  readonly engine?: 'ts' | 'wasm';
  /** An engine twin's name without the engine qualifier (`strata (cached keys)`): `--backend` with it selects every twin. */
  readonly base?: string;
  /** Ops this backend is expected to offer; if `load` fails these become unavailable rows. Default: none for peers, all for Strata. */
  covers?(op: OpSpec): boolean;
  load(ctx: LoadContext): Promise<Loaded>;
}

/**
 * A Go benchmark of the shared reference sources (`../shared/reference/go`, run by its bench.sh):
 * bench.sh's suite, the benchmark's name, and its Go package where the name alone is ambiguous.
 */
export interface GoBenchmark {
  /** bench.sh's SUITE: `ring-go`, `go-dleq` or `secp256k1` (decred's module, its ecdsa/ and schnorr/ packages too). */
  readonly suite: 'ring-go' | 'go-dleq' | 'secp256k1';
  /** The full benchmark name, e.g. `BenchmarkVerify32_Secp256k1`. */
  readonly benchmark: string;
  /** The Go package's import path (bench.sh's `package`), e.g. `github.com/decred/dcrd/dcrec/secp256k1/v4`. */
  readonly package?: string;
}

/**
 * A Go reference figure attached to an op of a suite: the cited figure (benchmarks/reference/),
 * and the Go benchmark that measures it in this run when Go is there (`go`). The runner turns it
 * into a `go` row (measured in this run) or, without a same-run figure, a `cited` row.
 */
export interface ReferenceFigure {
  readonly opId: string;
  readonly backend: string;
  readonly nsPerOp: number;
  readonly bytesPerOp?: number;
  readonly source: string;
  /** Where and when the cited figure was measured, for the row's label: `Go 1.19.8, same machine class, 2026-11-30`. */
  readonly citedAs?: string;
  /** The benchmark of the shared Go sources that measures this figure in the same run; absent: cited only. */
  readonly go?: GoBenchmark;
  /** Without {@link go}: why this figure is cited only (shown on its row when Go ran). */
  readonly citedOnly?: string;
}

/** One figure of one Go benchmark in one round (one object of bench.sh's `--json` output). */
export interface GoSample {
  readonly suite: string;
  readonly package: string;
  readonly benchmark: string;
  readonly nsPerOp: number;
  readonly bytesPerOp: number | null;
  readonly allocsPerOp: number | null;
  /** The toolchain, `go env GOVERSION` (e.g. `go1.19.8`). */
  readonly go: string;
  /** b.N of that run, when bench.sh's printed line gave it. */
  readonly iterations?: number;
}

/** Something that went wrong in a Go round: about one benchmark, or (no `benchmark`) the whole round. */
export interface GoProblem {
  readonly benchmark?: string;
  readonly text: string;
}

/** What one Go round produced: the figures, and what went wrong (each a warning on the rows it concerns). */
export interface GoRoundResult {
  readonly samples: readonly GoSample[];
  readonly problems: readonly GoProblem[];
}

/**
 * Runs the Go counterparts of a suite's rows in the same run (src/reference.ts, `GoSession`): the
 * runner calls {@link round} before the suite's first op, between its op groups and after its
 * last op ({@link rounds} in all), so the Go figures and the Strata rows share the host's minutes.
 */
export interface GoRunner {
  /** Rounds per suite: 1 = before the suite only, 2 = before and after, more = also between op groups, evenly spread. */
  readonly rounds: number;
  /** The label of every measured row, e.g. `go1.19.8, measured in this run (3 rounds, -benchtime 500ms)`. */
  readonly label: string;
  /** The toolchain, e.g. `go1.19.8`. */
  readonly version: string;
  /** The folder of the Go sources and bench.sh. */
  readonly folder: string;
  /** Runs one round of `benchmarks` (one bench.sh call); never rejects: failures are `problems`. */
  round(benchmarks: readonly GoBenchmark[], what: string): Promise<GoRoundResult>;
}

/** Chart requests of a suite. */
export type ChartSpec =
  | {
      readonly kind: 'bars';
      readonly title: string;
      /** Only ops of these groups (default: every group). */
      readonly groups?: readonly string[];
      /** Show sized ops at this size only (or the largest size below it present in the run). */
      readonly preferSize?: number;
    }
  | {
      readonly kind: 'lines';
      readonly title: string;
      /** Ops whose group is one of these are plotted against `size`. One series per (backend, group). */
      readonly groups: readonly string[];
      readonly xLabel: string;
      /** Draw reference (Go) figures as series too (default true). */
      readonly withReference?: boolean;
      /** Ops whose rows are drawn as flat dashed lines per backend (e.g. single verify under batch sizes). */
      readonly baselineOps?: readonly string[];
      /** Y axis label (default "median time per operation"). */
      readonly yLabel?: string;
    };

/** A benchmark suite. */
export interface Suite {
  readonly name: string;
  readonly title: string;
  /** Operations to time in this mode. */
  ops(mode: Mode): OpSpec[];
  /** Deterministic inputs shared by every adapter (built once per run of the suite). */
  fixtures?(mode: Mode): unknown;
  readonly adapters: readonly Adapter[];
  /** Go reference rows for the given ops: cited figures, each with the Go benchmark that measures it in this run where one exists. */
  references?(ops: readonly OpSpec[]): ReferenceFigure[];
  readonly charts: readonly ChartSpec[];
  /** Show each Strata row's ratio to every peer in the table (not only to the best one). */
  readonly ratioToEachPeer?: boolean;
}

/** Timing statistics of one (op, backend) pair; all times are per operation. */
export interface Stats {
  readonly medianNs: number;
  /** Median absolute deviation as a percentage of the median. */
  readonly madPct: number;
  readonly p25Ns: number;
  readonly p75Ns: number;
  readonly minNs: number;
  readonly maxNs: number;
  readonly samples: number;
  /** Calls per sample. */
  readonly callsPerSample: number;
  /** Total calls timed (after warm-up). */
  readonly calls: number;
  readonly opsPerSec: number;
  /** Heap bytes allocated per operation (heap delta plus bytes freed by GCs in between), or null if not measured. */
  readonly bytesPerOp: number | null;
}

/**
 * Where a row was measured: in the Node process of `pnpm bench` (`node`), or in headless Chromium
 * (`chromium`, `pnpm bench --browser`). Ratios compare rows of the same platform only.
 */
export type Platform = 'node' | 'chromium';

/** One line of the report. */
export interface Row {
  readonly suite: string;
  readonly group: string;
  readonly opId: string;
  readonly op: string;
  readonly size?: number;
  readonly unit: string;
  readonly backend: string;
  readonly kind: BackendKind;
  /** Where the row was measured; absent in records written before browser runs existed (node). */
  readonly platform?: Platform;
  readonly status: 'ok' | 'unavailable' | 'error';
  /** Why a row is unavailable or failed. */
  readonly reason?: string;
  readonly stats?: Stats;
  /**
   * medianNs / the best peer's medianNs for the same op (or its `compareTo` op); the best peer is
   * the fastest JavaScript or WebAssembly peer (native peers: {@link ratioToNative}). < 1 is faster.
   */
  ratioToBestPeer?: number;
  bestPeer?: string;
  /** medianNs / each peer's medianNs (Strata rows only). */
  ratioToPeers?: Record<string, number>;
  /** medianNs / the Go reference figure of the same op (measured in this run, else cited), where one exists. */
  ratioToReference?: number;
  /**
   * medianNs / the fastest native backend (kind `native`) measured in this run for the same op
   * (or its `compareTo` op): how far this row is from the native ceiling on this machine.
   * 1 for that fastest native row itself; absent when no native backend ran the op.
   */
  ratioToNative?: number;
  /**
   * A WebAssembly-engine row (`strata (wasm)`, `strata (cached keys, wasm)`, the field suite's
   * kernel loops): medianNs / its TypeScript twin's medianNs for the same op (`strata (ts)`, or
   * `strata` where the op has no twin). < 1: the WebAssembly engine is faster.
   */
  ratioToTs?: number;
  /** The TypeScript row {@link ratioToTs} refers to. */
  tsTwin?: string;
  /** The native backend {@link ratioToNative} refers to. */
  fastestNative?: string;
  readonly note?: string;
  readonly source?: string;
  /** A `go` row (measured in this run): the cited figure of the same op, for the measured-vs-cited note. */
  readonly cited?: { readonly nsPerOp: number; readonly source: string };
}

/** Everything one suite produced. */
export interface SuiteResult {
  readonly name: string;
  readonly title: string;
  readonly rows: Row[];
  readonly charts: readonly ChartSpec[];
  readonly elapsedMs: number;
  readonly backends: readonly { backend: string; kind: BackendKind; description: string; status: string }[];
  readonly ratioToEachPeer?: boolean;
  /** Where the suite ran (absent in older records: node). A browser run adds `chromium` suites beside the Node ones. */
  readonly platform?: Platform;
}
