/**
 * The project's targets, checked against one results record, in one section per issue: issue 13's
 * targets for the WebAssembly engine ({@link engineTargets}), issue 22's for
 * `@strata/secp256k1-signatures` ({@link secp256k1SignatureTargets}) and issue 24's speed targets
 * ({@link speedTargets}). For each target: Strata's
 * figure (the backend the target names: `strata (wasm)` unless it says otherwise), the figure it is
 * compared with (a peer, the other engine, Strata's own single verify, or a Go figure, all from
 * the same record), their ratio, the limit and whether it is met. A target stated against Go
 * reads the record's Go row of the op: measured in this run when Go ran (kind `go`), else the
 * cited figure (kind `cited`); the target's `baselineOf` and note say which.
 *
 * Why a separate report: the targets mix rows of different suites (single verify against batch
 * verify, ring verify per member against Go), so no single table row shows them. They are derived
 * from the record alone, so `pnpm bench --from` recomputes them, and a record that lacks a row
 * (`--suite field` only, `--engine ts`, a quick run without n = 1024, an older record) shows that
 * target as not measured — never an estimate.
 *
 * Every target is expressed as "ratio ≤ limit" with ratio = measured / baseline (times, bytes,
 * milliseconds), so `met` means the same everywhere; the field target "≥ 2.5× the TypeScript
 * engine" becomes wasm time / ts time ≤ 1 / 2.5 (shown as a speedup). Only Node rows count (a
 * `--browser` run's Chromium rows are left out: the targets were set for Node).
 *
 * The sections share one evaluator (rows of one record, {@link TargetInput}) and one renderer per
 * output, parameterised by the section: {@link renderTargetsTable} (console),
 * {@link renderTargetsMarkdown}; the HTML report (report/html.ts) loops over the same sections.
 */
import type { EngineModuleReport } from './engine-module.js';
import { ENGINE_MODULE_TARGETS } from './engine-module.js';
import type { Row, SuiteResult } from './types.js';
import { isReferenceKind } from './types.js';
import { fmtTime } from './report/format.js';

/** One target of an issue (13, 22, 24), evaluated on one record. */
export interface EngineTarget {
  /** What the issue asks, e.g. `ed25519 single verify (uncached key): strata (wasm) ≤ libsodium-wrappers`. */
  readonly target: string;
  /** Strata's figure (the backend the target names) in {@link unit} (per signature / per ring member where the target says so), or null: not measured. */
  readonly measured: number | null;
  readonly unit: 'ns' | 'bytes' | 'ms';
  /** The figure compared with, same unit, or null when not measured (for the module: the budget itself). */
  readonly baseline: number | null;
  /** What {@link baseline} is, e.g. `libsodium-wrappers ed/verify`. */
  readonly baselineOf: string;
  /** measured / baseline, or null when either is missing. */
  readonly ratio: number | null;
  /** The target holds when ratio ≤ limit. */
  readonly limit: number;
  /** ratio ≤ limit; null when not measured. */
  readonly met: boolean | null;
  /** The figures used: `<opId>@<backend>` for rows, `engineModule.<field>` for the module report. */
  readonly rows: string[];
  /** Why the target is not measured (the missing or failed rows). */
  readonly reason?: string;
  /** A remark on how the figure was taken (ring size used, worker count). */
  readonly note?: string;
  /** How to show the ratio: as a time ratio (`0.84×`), or as a speedup (`2.71× faster`) for the "≥ k ×" targets (field, TypeScript engine vs noble-curves). */
  readonly display?: 'speedup';
}

/** The part of a record the targets read. */
export interface TargetInput {
  readonly suites: readonly SuiteResult[];
  readonly engineModule?: EngineModuleReport | { readonly error: string };
}

const WASM = 'strata (wasm)';
const TS = 'strata (ts)';
const LIBSODIUM = 'libsodium-wrappers';
const GO_RING = 'Go ring-go (reference)';
const GO_DLEQ = 'Go go-dleq (reference)';

/** A row reference `<opId>@<backend>`. */
function rid(opId: string, backend: string): string {
  return `${opId}@${backend}`;
}

/** Node rows of `suite` (older records have no platform: Node). */
function nodeRows(input: TargetInput, suite: string): Row[] {
  return input.suites.filter((s) => s.name === suite && (s.platform ?? 'node') === 'node').flatMap((s) => s.rows);
}

type Found = { ok: true; row: Row; ns: number } | { ok: false; why: string };

function find(input: TargetInput, suite: string, opId: string, backend: string): Found {
  const r = nodeRows(input, suite).find((x) => x.opId === opId && x.backend === backend);
  if (!r) return { ok: false, why: `no row ${backend} for ${opId}` };
  if (r.status !== 'ok' || !r.stats || !(r.stats.medianNs > 0)) return { ok: false, why: `${backend} for ${opId} is ${r.status}${r.reason ? `: ${r.reason}` : ''}` };
  return { ok: true, row: r, ns: r.stats.medianNs };
}

function notMeasured(t: Omit<EngineTarget, 'measured' | 'baseline' | 'ratio' | 'met'>, why: string[]): EngineTarget {
  return { ...t, measured: null, baseline: null, ratio: null, met: null, reason: why.join('; ') };
}

function judged(t: Omit<EngineTarget, 'ratio' | 'met' | 'measured' | 'baseline'>, measured: number, baseline: number): EngineTarget {
  const ratio = measured / baseline;
  return { ...t, measured, baseline, ratio, met: ratio <= t.limit };
}

/** For a Go baseline row: `measured in this run` or `cited`, and the row's label (Go version, rounds; or date and why). */
export function goBaseline(r: Row): { which: string; note: string } {
  if (r.kind === 'go') return { which: 'measured in this run', note: `Go figure: ${r.note ?? 'measured in this run'}` };
  return { which: 'cited', note: `Go figure: ${r.note ?? 'cited reference figure, not measured in this run'}` };
}

function joinNotes(...n: (string | undefined)[]): string | undefined {
  const xs = n.filter((x): x is string => x !== undefined && x !== '');
  return xs.length > 0 ? xs.join('; ') : undefined;
}

/**
 * The worker count of a parallel row, read from its note (`{ workers: 2 }`): `2 workers` when it
 * is the count the target is set for, else how many were used; undefined when the note says none.
 */
function workersNote(r: Row, want: number): string | undefined {
  const m = /workers: (\d+)/.exec(r.note ?? '');
  if (!m) return undefined;
  return Number(m[1]) === want ? `${want} workers` : `measured with ${m[1]} workers (the target is set for ${want})`;
}

/**
 * `mine` against `base` (two rows of one suite), per operation of the row: a batch row's median
 * is already per signature (the harness divides by the op's `perCall`), so a batch against a
 * single verify compares per-signature times as they are.
 */
function vsRow(
  input: TargetInput,
  o: { target: string; suite: string; mine: [string, string]; base: [string, string]; limit: number; display?: 'speedup'; note?: (mine: Row) => string | undefined },
): EngineTarget {
  const a = find(input, o.suite, ...o.mine);
  const b = find(input, o.suite, ...o.base);
  const head = {
    target: o.target,
    unit: 'ns' as const,
    baselineOf: `${o.base[1]} ${o.base[0]}`,
    limit: o.limit,
    rows: [rid(...o.mine), rid(...o.base)],
    ...(o.display ? { display: o.display } : {}),
  };
  if (!a.ok || !b.ok) return notMeasured(head, [a, b].flatMap((x) => (x.ok ? [] : [x.why])));
  const go = isReferenceKind(b.row.kind) ? goBaseline(b.row) : undefined;
  const note = joinNotes(o.note?.(a.row), go?.note);
  return judged({ ...head, ...(go ? { baselineOf: `${head.baselineOf}, ${go.which}` } : {}), ...(note ? { note } : {}) }, a.ns, b.ns);
}

/**
 * Ring verify per member: the `strata (wasm)` row at the largest ring size that has both it and
 * the Go ring-go figure, both divided by the ring size (the ratio is the same per ring).
 */
function ringTarget(input: TargetInput, curve: 'k1' | 'ed', kind: 'verify-cold' | 'verify-warm' | 'sign-warm', limit: number, target: string): EngineTarget {
  const per = kind === 'sign-warm' ? 'signature' : 'verify';
  const re = new RegExp(`^ring/${curve}/${kind}/(\\d+)$`);
  const rows = nodeRows(input, 'ring');
  const sizes = [...new Set(rows.flatMap((r) => { const m = re.exec(r.opId); return m ? [Number(m[1])] : []; }))].sort((x, y) => y - x);
  const head = { target, unit: 'ns' as const, baselineOf: `${GO_RING} per member`, limit };
  const why: string[] = [];
  for (const n of sizes) {
    const opId = `ring/${curve}/${kind}/${n}`;
    const a = find(input, 'ring', opId, WASM);
    const b = find(input, 'ring', opId, GO_RING);
    if (a.ok && b.ok) {
      const go = goBaseline(b.row);
      return judged(
        { ...head, baselineOf: `${GO_RING} ${opId} per member, ${go.which}`, rows: [rid(opId, WASM), rid(opId, GO_RING)], note: `largest ring size measured, n = ${n}; time per member = time per ${per} / n; ${go.note}` },
        a.ns / n,
        b.ns / n,
      );
    }
    if (why.length === 0) why.push(...[a, b].flatMap((x) => (x.ok ? [] : [x.why])));
  }
  const wanted = `ring/${curve}/${kind}/<n>`;
  return notMeasured({ ...head, rows: [rid(wanted, WASM), rid(wanted, GO_RING)] }, why.length > 0 ? why : [`no ${wanted} rows`]);
}

function moduleTargets(input: TargetInput): EngineTarget[] {
  const em = input.engineModule;
  const gz = { target: 'module size, both curves: ≤ 40 KB gzipped', unit: 'bytes' as const, baselineOf: 'budget', limit: 1, rows: ['engineModule.gzipBytes'] };
  const init = {
    target: 'module init time: ≤ 5 ms (the slower of first initWasmSync() and first await initWasm())',
    unit: 'ms' as const,
    baselineOf: 'budget',
    limit: 1,
    rows: ['engineModule.initSync.medianMs', 'engineModule.initAsync.medianMs'],
  };
  if (!em) return [notMeasured(gz, ['no engine module report in the record']), notMeasured(init, ['no engine module report in the record'])];
  if ('error' in em) return [notMeasured(gz, [`engine module not measured: ${em.error}`]), notMeasured(init, [`engine module not measured: ${em.error}`])];
  const slower = Math.max(em.initSync.medianMs, em.initAsync.medianMs);
  return [
    judged(gz, em.gzipBytes, ENGINE_MODULE_TARGETS.gzipBytes),
    judged({ ...init, note: `median over fresh processes: sync ${em.initSync.medianMs} ms, async ${em.initAsync.medianMs} ms` }, slower, ENGINE_MODULE_TARGETS.initMs),
  ];
}

/** Every target of issue 13's table (the WebAssembly engine), in the table's order, evaluated on `input`. */
export function engineTargets(input: TargetInput): EngineTarget[] {
  const out: EngineTarget[] = [];
  const ed = (target: string, mine: [string, string], limit: number, note?: (r: Row) => string | undefined): EngineTarget =>
    vsRow(input, { target, suite: 'ed25519', mine, base: ['ed/verify', LIBSODIUM], limit, ...(note ? { note } : {}) });
  out.push(ed('ed25519 single verify (uncached key): strata (wasm) ≤ libsodium-wrappers', ['ed/verify', WASM], 1));
  out.push(ed('ed25519 verify, cached key: ≤ 0.5 × libsodium-wrappers', ['ed/verify', 'strata (cached keys, wasm)'], 0.5));
  out.push(ed('ed25519 batch n = 1024, one thread, per signature: ≤ 0.4 × libsodium-wrappers single verify', ['ed/batch/1024', WASM], 0.4));
  out.push(ed('ed25519 parallel batch n = 1024 (2 workers), per signature: ≤ 0.25 × libsodium-wrappers single verify', ['ed/batch/1024', 'strata (parallel, wasm)'], 0.25, (r) => workersNote(r, 2)));
  for (const [op, name, limit] of [
    ['k1/mult-nc', 'scalarMultNonConst', 0.45],
    ['k1/base-nc', 'scalarBaseMultNonConst', 0.5],
    ['k1/parse', 'pointFromBytes', 0.5],
  ] as const) {
    out.push(vsRow(input, { target: `secp256k1 ${name}: ≤ ${limit} × strata (ts)`, suite: 'curves', mine: [op, WASM], base: [op, 'strata (ts)'], limit }));
  }
  for (const [op, name] of [
    ['k1/mult-ct', 'constant-time scalarMult'],
    ['k1/base-ct', 'constant-time scalarBaseMult'],
  ] as const) {
    out.push(vsRow(input, { target: `secp256k1 ${name}: ≤ tiny-secp256k1`, suite: 'curves', mine: [op, WASM], base: [op, 'tiny-secp256k1'], limit: 1 }));
  }
  for (const [op, name] of [
    ['fp/mul', 'FieldVal mul'],
    ['fp/square', 'FieldVal square'],
    ['f25519/mul', 'Fe25519 mul'],
    ['f25519/square', 'Fe25519 square'],
  ] as const) {
    out.push(vsRow(input, { target: `field ${name} inside a WASM loop: ≥ 2.5 × strata (ts)`, suite: 'field', mine: [op, WASM], base: [op, 'strata'], limit: 1 / 2.5, display: 'speedup' }));
  }
  out.push(ringTarget(input, 'k1', 'verify-cold', 0.5, 'ring verify per member, cold ring, secp256k1: ≤ Go ring-go / 2'));
  out.push(ringTarget(input, 'ed', 'verify-cold', 1, 'ring verify per member, cold ring, ed25519: ≤ Go ring-go'));
  out.push(ringTarget(input, 'k1', 'verify-warm', 0.25, 'ring verify per member, warm ring, secp256k1: ≤ Go ring-go / 4'));
  out.push(ringTarget(input, 'ed', 'verify-warm', 0.25, 'ring verify per member, warm ring, ed25519: ≤ Go ring-go / 4'));
  for (const [pair, label] of [
    ['k1-ed', 'secp256k1 × ed25519'],
    ['ed-k1', 'ed25519 × secp256k1'],
  ] as const) {
    for (const what of ['prove', 'verify'] as const) {
      const op = `dleq/${pair}/${what}`;
      out.push(vsRow(input, { target: `DLEq ${what}, ${label}: ≤ Go go-dleq / 3`, suite: 'dleq', mine: [op, WASM], base: [op, GO_DLEQ], limit: 1 / 3 }));
    }
  }
  out.push(...moduleTargets(input));
  return out;
}

const K1SIG = 'secp256k1-signatures';
const TINY = 'tiny-secp256k1';
/** The native libsecp256k1 bindings (npm `secp256k1`): ECDSA only, so no BIP-340 target against native. */
const NATIVE_K1 = 'secp256k1';
const NOBLE = 'noble-curves';
const K1_PARALLEL = 'strata (parallel, wasm)';

/**
 * Every target of issue 22 (`@strata/secp256k1-signatures`), evaluated on `input`'s
 * `secp256k1-signatures` suite: the WebAssembly engine against tiny-secp256k1 and the native
 * bindings, its BIP-340 batch (one thread and 2 workers, per signature) against its own single
 * verify, and the TypeScript engine against noble-curves.
 */
export function secp256k1SignatureTargets(input: TargetInput): EngineTarget[] {
  const out: EngineTarget[] = [];
  const k1 = (target: string, mine: [string, string], base: [string, string], limit: number, more: { display?: 'speedup'; note?: (r: Row) => string | undefined } = {}): EngineTarget =>
    vsRow(input, { target, suite: K1SIG, mine, base, limit, ...more });
  for (const [op, name] of [
    ['k1sig/ecdsa/verify', 'ECDSA verify'],
    ['k1sig/ecdsa/sign', 'ECDSA sign'],
  ] as const) {
    out.push(k1(`${name}: strata (wasm) ≤ 0.6 × tiny-secp256k1`, [op, WASM], [op, TINY], 0.6));
    out.push(k1(`${name}: strata (wasm) ≤ 2 × native libsecp256k1 (secp256k1 bindings)`, [op, WASM], [op, NATIVE_K1], 2));
  }
  out.push(k1('BIP-340 verify: strata (wasm) ≤ 0.6 × tiny-secp256k1', ['k1sig/schnorr/verify', WASM], ['k1sig/schnorr/verify', TINY], 0.6));
  out.push(k1('BIP-340 batch n = 1024, one thread, per signature: strata (wasm) ≤ 0.5 × its single BIP-340 verify', ['k1sig/schnorr/batch/1024', WASM], ['k1sig/schnorr/verify', WASM], 0.5));
  out.push(
    k1('BIP-340 parallel batch n = 1024 (2 workers), per signature: ≤ 0.3 × strata (wasm) single BIP-340 verify', ['k1sig/schnorr/batch/1024', K1_PARALLEL], ['k1sig/schnorr/verify', WASM], 0.3, {
      // The pool's workers verify on the engine selected when verifyBatch is called: this twin's.
      note: (r) => joinNotes(workersNote(r, 2), 'the workers verify on the WebAssembly engine'),
    }),
  );
  for (const [op, name] of [
    ['k1sig/ecdsa/sign', 'ECDSA sign'],
    ['k1sig/ecdsa/verify', 'ECDSA verify'],
    ['k1sig/schnorr/sign', 'BIP-340 sign'],
    ['k1sig/schnorr/verify', 'BIP-340 verify'],
  ] as const) {
    out.push(k1(`${name}, TypeScript engine: strata (ts) ≥ 3 × noble-curves`, [op, TS], [op, NOBLE], 1 / 3, { display: 'speedup' }));
  }
  return out;
}

const NATIVE_ED = 'sodium-native';
const NOBLE_MSM = 'noble-curves';
/** The MSM size of issue 24's large-MSM targets (2^16). */
export const LARGE_MSM = 65536;

/** The generic Edwards rows of issue 24's "≥ 2.5 × their TypeScript engine" target: scalar multiplications and MSM. */
const EDWARDS_WASM_ROWS: readonly (readonly [string, string])[] = [
  ['jj/smul', 'scalar multiplication on Jubjub'],
  ['bs/smul', 'scalar multiplication on Bandersnatch'],
  ['bs/smul-glv', 'scalar multiplication on Bandersnatch (GLV)'],
  ['bj/smul', 'scalar multiplication on BabyJubjub'],
  ['bj/msm/4096', 'MSM n = 4096 on BabyJubjub'],
];

/**
 * Every target of issue 24 (speed, second step), evaluated on `input`: ed25519 against libsodium's
 * WebAssembly build and the native sodium-native, secp256k1 against the native libsecp256k1
 * bindings, the protocols against Go, the generic Edwards curves' WebAssembly engine against their
 * TypeScript engine and verkle-cryptography-wasm, and MSM at 2^16 against noble-curves and against
 * itself on 2 workers. Ring figures are per member at the largest ring size measured.
 */
export function speedTargets(input: TargetInput): EngineTarget[] {
  const out: EngineTarget[] = [];
  const ed = (target: string, mine: [string, string], base: [string, string], limit: number, note?: (r: Row) => string | undefined): EngineTarget =>
    vsRow(input, { target, suite: 'ed25519', mine, base, limit, ...(note ? { note } : {}) });
  out.push(ed('ed25519 sign (signing key): strata (wasm) ≤ libsodium-wrappers', ['ed/sign-key', WASM], ['ed/sign', LIBSODIUM], 1));
  out.push(ed('ed25519 sign (signing key): strata (wasm) ≤ 2.5 × sodium-native', ['ed/sign-key', WASM], ['ed/sign', NATIVE_ED], 2.5));
  out.push(ed('ed25519 verify, key not cached: strata (wasm) ≤ 0.85 × libsodium-wrappers', ['ed/verify', WASM], ['ed/verify', LIBSODIUM], 0.85));
  out.push(ed('ed25519 verify, key not cached: strata (wasm) ≤ 2 × sodium-native', ['ed/verify', WASM], ['ed/verify', NATIVE_ED], 2));
  out.push(ed('ed25519 verify, cached key: ≤ 0.45 × libsodium-wrappers', ['ed/verify', 'strata (cached keys, wasm)'], ['ed/verify', LIBSODIUM], 0.45));
  out.push(ed('ed25519 batch n = 1024, one thread, per signature: ≤ 0.4 × libsodium-wrappers single verify', ['ed/batch/1024', WASM], ['ed/verify', LIBSODIUM], 0.4));
  out.push(vsRow(input, { target: 'secp256k1 public key create: strata (wasm) ≤ 1.5 × native libsecp256k1', suite: 'curves', mine: ['k1/pubkey', WASM], base: ['k1/pubkey', NATIVE_K1], limit: 1.5 }));
  out.push(vsRow(input, { target: 'secp256k1 tweak-multiply: strata (wasm) ≤ 2 × native libsecp256k1', suite: 'curves', mine: ['k1/tweak-mul', WASM], base: ['k1/tweak-mul', NATIVE_K1], limit: 2 }));
  for (const [op, name] of [
    ['k1sig/ecdsa/sign', 'ECDSA sign'],
    ['k1sig/ecdsa/verify', 'ECDSA verify'],
  ] as const) {
    out.push(vsRow(input, { target: `${name}: strata (wasm) ≤ 2 × native libsecp256k1`, suite: K1SIG, mine: [op, WASM], base: [op, NATIVE_K1], limit: 2 }));
  }
  out.push(ringTarget(input, 'k1', 'verify-cold', 0.5, 'ring verify per member, cold ring, secp256k1: ≤ Go ring-go / 2'));
  out.push(ringTarget(input, 'ed', 'verify-cold', 1, 'ring verify per member, cold ring, ed25519: ≤ Go ring-go'));
  for (const c of ['k1', 'ed'] as const) {
    const name = c === 'k1' ? 'secp256k1' : 'ed25519';
    out.push(ringTarget(input, c, 'verify-warm', 0.25, `ring verify per member, warm ring, ${name}: ≤ Go ring-go / 4`));
    out.push(ringTarget(input, c, 'sign-warm', 0.25, `ring sign per member, warm ring, ${name}: ≤ Go ring-go / 4`));
  }
  for (const [pair, label] of [
    ['k1-ed', 'secp256k1 × ed25519'],
    ['ed-k1', 'ed25519 × secp256k1'],
  ] as const) {
    for (const what of ['prove', 'verify'] as const) {
      const op = `dleq/${pair}/${what}`;
      out.push(vsRow(input, { target: `DLEq ${what}, ${label}: ≤ Go go-dleq / 3`, suite: 'dleq', mine: [op, WASM], base: [op, GO_DLEQ], limit: 1 / 3 }));
    }
  }
  for (const [op, name] of EDWARDS_WASM_ROWS) {
    out.push(vsRow(input, { target: `${name}: strata (wasm) ≥ 2.5 × strata (ts)`, suite: 'curves', mine: [op, WASM], base: [op, TS], limit: 1 / 2.5, display: 'speedup' }));
  }
  out.push(vsRow(input, { target: 'Bandersnatch base multiplication (Banderwagon): strata (wasm) ≤ 0.5 × verkle-cryptography-wasm', suite: 'curves', mine: ['bs/bw-base-mul', WASM], base: ['bs/bw-base-mul', 'verkle-cryptography-wasm'], limit: 0.5 }));
  for (const [c, name] of [
    ['ed', 'ed25519'],
    ['k1', 'secp256k1'],
    ['bj', 'BabyJubjub'],
  ] as const) {
    const op = `${c}/msm/${LARGE_MSM}`;
    out.push(vsRow(input, { target: `${name} MSM n = 2^16, one thread: strata (wasm) ≤ 0.15 × noble-curves`, suite: 'curves', mine: [op, WASM], base: [op, NOBLE_MSM], limit: 0.15 }));
    out.push(
      vsRow(input, {
        target: `${name} MSM n = 2^16 on 2 workers: ≤ 0.6 × strata (wasm) on one thread`,
        suite: 'curves',
        mine: [op, 'strata (parallel, wasm)'],
        base: [op, WASM],
        limit: 0.6,
        note: (r) => workersNote(r, 2),
      }),
    );
  }
  return out;
}

/** The record fields that hold each section's evaluated targets (the JSON record's names). */
export type TargetKey = 'engineTargets' | 'secp256k1SignatureTargets' | 'speedTargets';

/** A record's evaluated targets, one list per section (absent in records older than the section). */
export type TargetFields = { readonly [K in TargetKey]?: EngineTarget[] };

/** One issue's targets, with what the renderers say about them. */
export interface TargetSection {
  readonly issue: number;
  /** What the targets are of: `the WebAssembly engine`, `@strata/secp256k1-signatures`. */
  readonly title: string;
  /** The record field of its targets. */
  readonly key: TargetKey;
  /** The Markdown heading (without `###`). */
  readonly heading: string;
  /** The Markdown paragraph before the counts: where the figures come from. */
  readonly intro: string;
  /** The Markdown column of Strata's figure. */
  readonly column: string;
  readonly targets: EngineTarget[];
}

type SectionDef = Omit<TargetSection, 'targets'> & { readonly evaluate: (input: TargetInput) => EngineTarget[] };

/** The sections, in the order the reports show them. */
const SECTIONS: readonly SectionDef[] = [
  {
    issue: 13,
    title: 'the WebAssembly engine',
    key: 'engineTargets',
    heading: 'WebAssembly engine targets (issue 13)',
    intro:
      "Each target of issue 13's table, from this record's Node rows: the WebAssembly engine's figure against the figure named (same run; a Go figure is measured in this run when Go ran, else cited — each Go target says which). Ring targets use the largest ring size measured, per member.",
    column: 'strata (wasm)',
    evaluate: engineTargets,
  },
  {
    issue: 22,
    title: '@strata/secp256k1-signatures',
    key: 'secp256k1SignatureTargets',
    heading: '@strata/secp256k1-signatures targets (issue 22)',
    intro:
      "Each target of issue 22, from this record's Node rows of the secp256k1-signatures suite: Strata's figure (the backend the target names) against the figure named, same run. Batch figures are per signature; the native bindings have no BIP-340, so BIP-340 has no native target.",
    column: 'strata',
    evaluate: secp256k1SignatureTargets,
  },
  {
    issue: 24,
    title: 'speed, second step',
    key: 'speedTargets',
    heading: 'Speed targets, second step (issue 24)',
    intro:
      "Each target of issue 24, from this record's Node rows: Strata's figure (the backend the target names) against the peer, native library, Go reference or Strata row named, same run. Ring figures are per member at the largest ring size measured; batch figures per signature.",
    column: 'strata',
    evaluate: speedTargets,
  },
];

/** Every section's targets, evaluated on `input`. */
export function projectTargets(input: TargetInput): TargetSection[] {
  return SECTIONS.map(({ evaluate, ...d }) => ({ ...d, targets: evaluate(input) }));
}

/** The record fields of every section, evaluated on `input` (what a record stores). */
export function targetFields(input: TargetInput): { [K in TargetKey]: EngineTarget[] } {
  return Object.fromEntries(SECTIONS.map((d) => [d.key, d.evaluate(input)])) as { [K in TargetKey]: EngineTarget[] };
}

/** A record's sections: the targets it stores, else (an older record) evaluated on its rows. */
export function recordTargets(record: TargetInput & TargetFields): TargetSection[] {
  return SECTIONS.map(({ evaluate, ...d }) => ({ ...d, targets: record[d.key] ?? evaluate(record) }));
}

/** The figure in its unit: `72.1 µs`, `12.3 KB (12595 B)`, `0.41 ms`. */
export function fmtTargetFigure(v: number, unit: EngineTarget['unit']): string {
  if (unit === 'ns') return fmtTime(v);
  if (unit === 'ms') return `${v.toFixed(2)} ms`;
  return v < 1024 ? `${v} B` : `${(v / 1024).toFixed(1)} KB (${v} B)`;
}

/** The ratio as the target states it: `0.84× (limit ≤ 1×)`, or for a speedup `2.71× faster (limit ≥ 2.5×)`. */
export function fmtTargetRatio(t: EngineTarget): { ratio: string; limit: string } {
  const x = (r: number): string => `${r < 10 ? r.toFixed(2) : r.toFixed(1)}×`;
  if (t.display === 'speedup') return { ratio: t.ratio === null ? '' : `${x(1 / t.ratio)} faster`, limit: `≥ ${x(1 / t.limit)} faster` };
  return { ratio: t.ratio === null ? '' : x(t.ratio), limit: `≤ ${x(t.limit)}` };
}

/** `met`, `not met yet` or `not measured`: a target not met is work ahead, not a failure. */
export function targetStatus(t: EngineTarget): 'met' | 'not met yet' | 'not measured' {
  return t.met === null ? 'not measured' : t.met ? 'met' : 'not met yet';
}

/** `11 met, 12 not met yet, 0 not measured (of 23)`. */
export function targetCounts(ts: readonly EngineTarget[]): string {
  const met = ts.filter((t) => t.met === true).length;
  const notMet = ts.filter((t) => t.met === false).length;
  const none = ts.filter((t) => t.met === null).length;
  return `${met} met, ${notMet} not met yet, ${none} not measured (of ${ts.length})`;
}

/** A section's heading on the console and in the HTML report: `Project targets (issue 13, the WebAssembly engine)`. */
export function targetsTitle(s: Pick<TargetSection, 'issue' | 'title'>): string {
  return `Project targets (issue ${s.issue}, ${s.title})`;
}

/**
 * The console sections, as the end of a run lists them: per section a heading that says they
 * are goals of the project (met, not met yet, not measured), then one line per target.
 */
export function renderTargetsTable(sections: readonly TargetSection[]): string {
  return sections
    .map((sec) => {
      const lines = [`━━ ${targetsTitle(sec)}: ${targetCounts(sec.targets)} ━━`, '  These are goals the project set itself; a target not met is work ahead, not a failure of this run.'];
      for (const t of sec.targets) {
        const s = targetStatus(t).padEnd(12);
        if (t.met === null) {
          lines.push(`  ${s} ${t.target} — ${t.reason ?? ''}`);
          continue;
        }
        const r = fmtTargetRatio(t);
        lines.push(`  ${s} ${t.target} — ${fmtTargetFigure(t.measured!, t.unit)} vs ${fmtTargetFigure(t.baseline!, t.unit)} (${t.baselineOf}): ${r.ratio}, limit ${r.limit}${t.note ? ` [${t.note}]` : ''}`);
      }
      return lines.join('\n');
    })
    .join('\n\n');
}

function cell(s: string): string {
  return s.replace(/\|/g, '\\|');
}

/** The Markdown sections (results/latest.md), one per issue. */
export function renderTargetsMarkdown(sections: readonly TargetSection[]): string {
  const out: string[] = [];
  for (const sec of sections) {
    out.push(`### ${sec.heading}`, '', `${sec.intro} ${targetCounts(sec.targets)}.`, '', `| target | ${sec.column} | compared with | ratio | limit | status |`, '|---|---:|---|---:|---|---|');
    for (const t of sec.targets) {
      if (t.met === null) {
        out.push(`| ${cell(t.target)} | | | | ${cell(fmtTargetRatio(t).limit)} | not measured: ${cell(t.reason ?? '')} |`);
        continue;
      }
      const r = fmtTargetRatio(t);
      const status = t.met ? 'met' : '**not met yet**';
      out.push(`| ${cell(t.target)} | ${fmtTargetFigure(t.measured!, t.unit)} | ${cell(`${fmtTargetFigure(t.baseline!, t.unit)} ${t.baselineOf}`)} | ${r.ratio} | ${cell(r.limit)} | ${status}${t.note ? ` (${cell(t.note)})` : ''} |`);
    }
    out.push('');
  }
  return out.join('\n');
}
