/**
 * The summary of a run: per job a person asks about (ed25519 sign, verify, batch verify;
 * secp256k1 public keys and signatures; ring signatures; DLEq; MSM), who is fastest, Strata's
 * best engine and its figure, the ratio Strata / fastest peer, and the native figure beside it.
 *
 * A pure function of the record ({@link summarize}); the summary picture (svg.ts), the HTML
 * report (html.ts) and the end of `pnpm bench` (cli.ts, through {@link renderSummaryTable}) all
 * show it. A job whose op has no measured row in the record is left out, never estimated.
 */
import type { BackendKind, Platform, Row, SuiteResult } from '../types.js';
import { isReferenceKind } from '../types.js';
import { engineOf } from '../engine.js';
import { fmtTime, fmtX } from './format.js';

/** One measured (or cited) figure: a row's backend and its median per operation. */
export interface SummaryFigure {
  readonly backend: string;
  readonly kind: BackendKind;
  /** Median ns per operation (per signature for batch rows). */
  readonly ns: number;
  /** The op the figure is of (a batch job's peers come from single verify). */
  readonly opId: string;
}

/** One job of the summary. */
export interface SummaryJob {
  /** What the job is, for a person: `ed25519 verify`, `ring verify, secp256k1`. */
  readonly job: string;
  /** Which op (and size) stands for it: `verify`, `batch n=1024, per signature`, `n = 128, cold ring`. */
  readonly detail: string;
  /** The size of a sized job (batch, ring, MSM: the largest measured), else null. */
  readonly size: number | null;
  readonly suite: string;
  readonly platform: Platform;
  /** The op of Strata's rows (the batch job's peers are of `compareTo`). */
  readonly opId: string;
  /** `op`, `sig`, `point`: what ns are per. */
  readonly unit: string;
  /** The fastest library of the job among the rows measured in this run (Strata, peers and native alike). */
  readonly fastest: SummaryFigure;
  /** Strata's fastest row (its backend names the engine and the variant), or null when no Strata row was measured. */
  readonly strata: SummaryFigure | null;
  /** The engine of Strata's fastest row: `wasm`, or `ts` (also for rows the WebAssembly engine does not serve). */
  readonly strataEngine: 'ts' | 'wasm' | null;
  /** The fastest JavaScript or WebAssembly peer (the best peer of the tables), or null. */
  readonly peer: SummaryFigure | null;
  /** The fastest native backend (Node addon, node:crypto), or null when none ran the op. */
  readonly native: SummaryFigure | null;
  /** The Go figure of the op, where the record has one (kind `go`: measured in this run; `cited`: from the reference file); never counted as the fastest. */
  readonly cited: SummaryFigure | null;
  /** strata.ns / peer.ns (below 1: Strata is faster), or null. */
  readonly ratioToPeer: number | null;
  /** strata.ns / native.ns, or null. */
  readonly ratioToNative: number | null;
  /** True when Strata's row is the fastest of the job. */
  readonly strataFastest: boolean;
}

/**
 * How a job finds its op in a record. `ops` are candidate op ids; sized ops (ring, batch, MSM)
 * give a prefix and take the largest size measured.
 */
interface JobSpec {
  readonly job: string;
  readonly suite: string;
  /** The op ids that stand for the job, in order of preference (first one with a measured row wins). */
  readonly ops?: readonly string[];
  /** Sized op: ids `<prefix><n>`; the largest n with a measured Strata row (else any row) is shown. */
  readonly sizedPrefix?: string;
  /** Op ids of the form found by a test on the id (rows of a suite added later, e.g. secp256k1 signatures). */
  readonly match?: RegExp;
  /** Peers compared from another op (batch verification: the peers' single verify). */
  readonly peersFrom?: string;
  /** What the detail column says about the size n (`n = 128, cold ring`). */
  readonly sizeDetail?: (n: number) => string;
  /** What the detail column says about an unsized op (default: the op's label). */
  readonly detailOf?: (r: Row) => string;
}

/** The jobs, in the order the summary shows them. */
export const SUMMARY_JOBS: readonly JobSpec[] = [
  { job: 'ed25519 sign', suite: 'ed25519', ops: ['ed/sign'] },
  // Strata's SigningKey (a key expanded once: one base multiplication per signature) against the
  // peers' own sign, which takes their usual key form (libsodium's 64-byte secret key does one too).
  { job: 'ed25519 sign, signing key', suite: 'ed25519', ops: ['ed/sign-key'], peersFrom: 'ed/sign', detailOf: () => 'SigningKey (expanded once); peers: their sign' },
  { job: 'ed25519 verify', suite: 'ed25519', ops: ['ed/verify'] },
  { job: 'ed25519 batch verify', suite: 'ed25519', sizedPrefix: 'ed/batch/', peersFrom: 'ed/verify', sizeDetail: (n) => `batch n = ${n}, per signature; peers: single verify` },
  { job: 'secp256k1 public key', suite: 'curves', ops: ['k1/pubkey'] },
  { job: 'secp256k1 tweak-multiply', suite: 'curves', ops: ['k1/tweak-mul'] },
  // The secp256k1 signature rows (issue 22) are matched by id once a suite has them.
  { job: 'secp256k1 ECDSA sign', suite: '*', match: /^(k1|k1sig|secp256k1|ecdsa)\/(ecdsa[/-])?sign$/ },
  { job: 'secp256k1 ECDSA verify', suite: '*', match: /^(k1|k1sig|secp256k1|ecdsa)\/(ecdsa[/-])?verify$/ },
  { job: 'secp256k1 Schnorr sign', suite: '*', match: /^(k1\/|k1sig\/|secp256k1\/)?(schnorr|bip340)[/-]sign$/ },
  { job: 'secp256k1 Schnorr verify', suite: '*', match: /^(k1\/|k1sig\/|secp256k1\/)?(schnorr|bip340)[/-]verify$/ },
  { job: 'ring sign, secp256k1', suite: 'ring', sizedPrefix: 'ring/k1/sign-cold/', sizeDetail: (n) => `ring of ${n}, cold ring` },
  { job: 'ring verify, secp256k1', suite: 'ring', sizedPrefix: 'ring/k1/verify-cold/', sizeDetail: (n) => `ring of ${n}, cold ring` },
  { job: 'ring sign, ed25519', suite: 'ring', sizedPrefix: 'ring/ed/sign-cold/', sizeDetail: (n) => `ring of ${n}, cold ring` },
  { job: 'ring verify, ed25519', suite: 'ring', sizedPrefix: 'ring/ed/verify-cold/', sizeDetail: (n) => `ring of ${n}, cold ring` },
  { job: 'DLEq prove', suite: 'dleq', ops: ['dleq/k1-ed/prove', 'dleq/ed-k1/prove'], detailOf: (r) => `${r.group.replace(/^DLEq /, '')}, ${r.op}` },
  { job: 'DLEq verify', suite: 'dleq', ops: ['dleq/k1-ed/verify', 'dleq/ed-k1/verify'], detailOf: (r) => `${r.group.replace(/^DLEq /, '')}, ${r.op}` },
  { job: 'MSM, secp256k1', suite: 'curves', sizedPrefix: 'k1/msm/', sizeDetail: (n) => `${n} points` },
  { job: 'MSM, ed25519', suite: 'curves', sizedPrefix: 'ed/msm/', sizeDetail: (n) => `${n} points` },
];

const measured = (r: Row): boolean => r.status === 'ok' && r.stats !== undefined && Number.isFinite(r.stats.medianNs) && r.stats.medianNs > 0;

function fig(r: Row): SummaryFigure {
  return { backend: r.backend, kind: r.kind, ns: r.stats!.medianNs, opId: r.opId };
}

function fastest(rows: readonly Row[]): Row | null {
  let best: Row | null = null;
  for (const r of rows) if (best === null || r.stats!.medianNs < best.stats!.medianNs) best = r;
  return best;
}

/** The op ids a job stands on in one suite result, or null when none has a measured row. */
function pickOp(spec: JobSpec, s: SuiteResult): string | null {
  const ok = s.rows.filter(measured);
  if (spec.ops) return spec.ops.find((id) => ok.some((r) => r.opId === id)) ?? null;
  if (spec.match) return ok.find((r) => spec.match!.test(r.opId))?.opId ?? null;
  if (spec.sizedPrefix) {
    const sizeOf = (r: Row): number => Number(r.opId.slice(spec.sizedPrefix!.length));
    const sized = ok.filter((r) => r.opId.startsWith(spec.sizedPrefix!) && Number.isFinite(sizeOf(r)));
    const strata = sized.filter((r) => r.kind === 'strata');
    const from = strata.length > 0 ? strata : sized;
    if (from.length === 0) return null;
    return from.reduce((a, b) => (sizeOf(b) > sizeOf(a) ? b : a)).opId;
  }
  return null;
}

function jobOf(spec: JobSpec, s: SuiteResult, opId: string): SummaryJob | null {
  const ok = s.rows.filter(measured);
  const own = ok.filter((r) => r.opId === opId);
  const peerRows = spec.peersFrom ? ok.filter((r) => r.opId === spec.peersFrom) : own;
  const strata = fastest(own.filter((r) => r.kind === 'strata'));
  const peer = fastest(peerRows.filter((r) => r.kind === 'js' || r.kind === 'wasm'));
  const native = fastest(peerRows.filter((r) => r.kind === 'native'));
  // The Go figure only: other cited figures (the ZPrize MSM rows) name another machine and curve.
  const cited = fastest(own.filter((r) => isReferenceKind(r.kind) && r.backend.startsWith('Go ')));
  const candidates = [strata, peer, native].filter((r): r is Row => r !== null);
  const top = fastest(candidates);
  if (top === null) return null;
  const first = own[0] as Row;
  const n = spec.sizedPrefix ? Number(opId.slice(spec.sizedPrefix.length)) : NaN;
  const detail = spec.sizeDetail && Number.isFinite(n) ? spec.sizeDetail(n) : spec.detailOf ? spec.detailOf(first) : first.op;
  return {
    job: spec.job,
    detail,
    size: Number.isFinite(n) ? n : null,
    suite: s.name,
    platform: s.platform ?? 'node',
    opId,
    unit: first.unit,
    fastest: fig(top),
    strata: strata ? fig(strata) : null,
    strataEngine: strata ? (engineOf(strata.backend) ?? 'ts') : null,
    peer: peer ? fig(peer) : null,
    native: native ? fig(native) : null,
    cited: cited ? fig(cited) : null,
    ratioToPeer: strata && peer ? strata.stats!.medianNs / peer.stats!.medianNs : null,
    ratioToNative: strata && native ? strata.stats!.medianNs / native.stats!.medianNs : null,
    strataFastest: strata !== null && top === strata,
  };
}

/**
 * The summary of a record's suites: per job of {@link SUMMARY_JOBS} with a measured row, in that
 * order, the Node rows first and then, for a `--browser` run, the Chromium ones.
 */
export function summarize(record: { readonly suites: readonly SuiteResult[] }): SummaryJob[] {
  const out: SummaryJob[] = [];
  for (const platform of ['node', 'chromium'] as const) {
    const suites = record.suites.filter((s) => (s.platform ?? 'node') === platform);
    for (const spec of SUMMARY_JOBS) {
      for (const s of suites.filter((x) => spec.suite === '*' || x.name === spec.suite)) {
        const opId = pickOp(spec, s);
        if (opId === null) continue;
        const j = jobOf(spec, s, opId);
        if (j) {
          out.push(j);
          break;
        }
      }
    }
  }
  return out;
}

/** "2.38× faster", "1.25× slower", "≈ same" for a ratio mine / theirs. */
export function fmtVerdict(r: number | null): string {
  if (r === null || !Number.isFinite(r) || r <= 0) return '';
  if (r > 0.97 && r < 1.03) return '≈ same';
  return r < 1 ? `${(1 / r).toFixed(2)}× faster` : `${r.toFixed(2)}× slower`;
}

/** A figure as the summary prints it: `46.8 µs/sig`. */
export function fmtFigure(f: SummaryFigure | null, unit: string): string {
  if (f === null) return '—';
  return `${fmtTime(f.ns)}${unit === 'op' ? '' : `/${unit}`}`;
}

/** The cells of one summary line (console, HTML, picture share them). */
export function summaryCells(j: SummaryJob): { job: string; detail: string; fastest: string; strata: string; ratio: string; native: string } {
  const where = j.platform === 'chromium' ? ' (Chromium)' : '';
  return {
    job: `${j.job}${where}`,
    detail: j.detail,
    fastest: `${j.fastest.backend} ${fmtFigure(j.fastest, j.unit)}`,
    strata: j.strata ? `${j.strata.backend} ${fmtFigure(j.strata, j.unit)}` : 'no Strata row',
    ratio: j.ratioToPeer === null ? '—' : `${fmtX(j.ratioToPeer)} ${j.peer!.backend} (${fmtVerdict(j.ratioToPeer)})`,
    native: j.native === null ? '—' : `${j.native.backend} ${fmtFigure(j.native, j.unit)}${j.ratioToNative !== null ? ` (Strata ${fmtX(j.ratioToNative)})` : ''}`,
  };
}

function pad(s: string, w: number): string {
  const n = [...s].length;
  return n >= w ? s : s + ' '.repeat(w - n);
}

/** The compact summary table printed at the end of `pnpm bench` (and of `--from`). */
export function renderSummaryTable(jobs: readonly SummaryJob[]): string {
  const head = { job: 'job', fastest: 'fastest', strata: "Strata's best", ratio: 'Strata / fastest peer', native: 'native' };
  const lines = ['━━ Summary: who is fastest per job (median per operation, this run; a ratio below 1: Strata is faster) ━━'];
  if (jobs.length === 0) return `${lines[0]}\n  no job of the summary was measured in this run`;
  // Compact: the size in the job's name, the op's full label in the Markdown and HTML.
  const rows = jobs.map((j) => ({ ...summaryCells(j), ...(j.size !== null ? { job: `${summaryCells(j).job}, n = ${j.size}` } : {}) }));
  const keys = ['job', 'fastest', 'strata', 'ratio', 'native'] as const;
  const w = keys.map((k) => Math.max([...head[k]].length, ...rows.map((r) => [...r[k]].length)));
  lines.push(`  ${keys.map((k, i) => pad(head[k], w[i]!)).join('  ').trimEnd()}`);
  for (const r of rows) lines.push(`  ${keys.map((k, i) => pad(r[k], w[i]!)).join('  ').trimEnd()}`);
  const cited = jobs.filter((j) => j.cited !== null);
  for (const [kind, label] of [['go', 'Go, measured in this run'], ['cited', 'Go, cited, not measured in this run']] as const) {
    const some = cited.filter((j) => j.cited!.kind === kind);
    if (some.length > 0) lines.push(`  ${label}: ${some.map((j) => `${summaryCells(j).job} ${fmtFigure(j.cited!, j.unit)}`).join('; ')}`);
  }
  return lines.join('\n');
}

/** The summary as the first section of the Markdown tables (results/latest.md). */
export function renderSummaryMarkdown(jobs: readonly SummaryJob[]): string {
  const cell = (s: string): string => s.replace(/\|/g, '\\|');
  const out = [
    '### Summary: who is fastest per job',
    '',
    "Per job, the fastest row measured in this run, Strata's fastest row (its name says the engine), Strata's time over the fastest JavaScript or WebAssembly peer's (below 1×: Strata is faster), and the fastest native backend. The tables per suite follow.",
    '',
    "| job | op | fastest | Strata's best | Strata / fastest peer | native |",
    '|---|---|---|---|---|---|',
  ];
  for (const j of jobs) {
    const c = summaryCells(j);
    out.push(`| ${cell(c.job)} | ${cell(c.detail)} | ${cell(c.fastest)} | ${cell(c.strata)}${j.strataFastest ? ' (fastest)' : ''} | ${cell(c.ratio)} | ${cell(c.native)} |`);
  }
  if (jobs.length === 0) out.push('| no job of the summary was measured in this run | | | | | |');
  out.push('', '');
  return out.join('\n');
}
