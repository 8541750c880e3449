/**
 * SVG pictures of a benchmark run: the summary picture (per job who is fastest, Strata's best
 * engine, the ratio to the fastest peer, native beside it; {@link renderSummarySvg}), and the
 * detail charts per suite ({@link renderDetailSvgs}): horizontal bar charts (time per op by
 * backend, log scale) and, where the suite asks for them, line charts of time against a size
 * (ring size, batch size, MSM size; log–log). Plain SVG with no script or external font. Every
 * file is as wide as its longest text needs (a conservative width per character, {@link textW})
 * and no taller than {@link MAX_CHART_HEIGHT}; each backend has one colour in every chart
 * ({@link PALETTE}).
 *
 * Each bar shows how its backend runs (its `kind`): Strata and pure-JavaScript peers are plain
 * bars, WebAssembly peers are hatched, native peers (Node addons, node:crypto's OpenSSL) have a
 * thick black outline and a "native" tag, cited figures (Go) are dashed and translucent. Every
 * bar carries `data-kind`, and Strata bars print their distance to the native ceiling.
 */
import type { SizeReport } from '../size.js';
import type { ChartSpec, Row, SuiteResult } from '../types.js';
import { esc, fmtTime, fmtX } from './format.js';
import { engineOf } from '../engine.js';
import { fmtFigure, fmtVerdict, summaryCells, type SummaryJob } from './summary.js';

const FONT = 'font-family="DejaVu Sans, Arial, Helvetica, sans-serif"';
/** Charts taller than this are split (a suite's charts into parts, a long bar chart by groups). */
export const MAX_CHART_HEIGHT = 1600;
/** The narrowest chart. */
const MIN_W = 1000;

/**
 * One colour per backend, the same in every chart and the summary, and no two backends of this
 * map share one (so no chart repeats a colour). Strata's TypeScript rows are blues, teals and
 * purples, its WebAssembly-engine rows warm reds; cited (Go) figures greys. A backend missing
 * here gets the next colour of {@link SPARE} (and then generated hues) in the order backends
 * first appear in the report, never one already in use.
 */
export const PALETTE: Readonly<Record<string, string>> = {
  strata: '#1f5fbf',
  'strata (ts)': '#3a86e8',
  'strata (byte-wise sqrt)': '#9bbcf0',
  'strata (generic edwards)': '#0b2f6e',
  'strata (cached keys)': '#1b9e9e',
  'strata (cached keys, ts)': '#27c4c4',
  'strata (parallel)': '#6a3fc0',
  'strata (parallel, ts)': '#9b7be6',
  'strata (cached keys, parallel)': '#c7a6f2',
  'strata (wasm)': '#d0421b',
  'strata (cached keys, wasm)': '#ff8c69',
  'strata (parallel, wasm)': '#8b1a4a',
  'noble-curves': '#e07b00',
  'noble-curves (dleq Curve)': '#b35900',
  '@noble/ed25519': '#f5b041',
  '@noble/secp256k1': '#c9a227',
  elliptic: '#b00020',
  'bn.js': '#4f8a2b',
  'native BigInt': '#a0607a',
  'tiny-secp256k1': '#e6c200',
  tweetnacl: '#8c6d31',
  'libsodium-wrappers': '#66a61e',
  'node:crypto': '#e7298a',
  'sodium-native': '#1e5631',
  secp256k1: '#5d4037',
  '@stablelib/ed25519': '#ff6f91',
  circomlibjs: '#4b6584',
  '@zk-kit/baby-jubjub': '#c2185b',
  'verkle-cryptography-wasm': '#00acc1',
  'Go decred (reference)': '#555555',
  'Go math/big (reference)': '#8a8a8a',
  'Go go-dleq (reference)': '#6b6b6b',
  'Go ring-go (reference)': '#404040',
};
/** Colours for backends the palette does not name, in order of first appearance. */
const SPARE = ['#17becf', '#bcbd22', '#8c564b', '#e377c2', '#9467bd', '#2ca02c', '#ff7f0e', '#7f7f7f', '#1a55a3', '#d62728', '#393b79', '#637939'];

/**
 * The colours of one report: {@link PALETTE}, plus colours handed to other backends as they
 * first appear; one instance is shared by every chart of a report, so a backend keeps its colour.
 */
export class Colors {
  private readonly extra = new Map<string, string>();
  private readonly used = new Set(Object.values(PALETTE));
  of(backend: string): string {
    const known = PALETTE[backend] ?? this.extra.get(backend);
    if (known) return known;
    let c = SPARE.find((x) => !this.used.has(x));
    // Past the spare list: hues a golden angle apart, never one in use.
    for (let i = this.extra.size; c === undefined; i++) {
      const h = Math.round((i * 137.508) % 360);
      const cand = `hsl(${h}, 55%, ${38 + (i % 3) * 10}%)`;
      if (!this.used.has(cand)) c = cand;
    }
    this.used.add(c);
    this.extra.set(backend, c);
    return c;
  }
}

/** A conservative width of `s` in px at `size` (DejaVu Sans is the widest of the fonts named). */
export function textW(s: string, size = 11, bold = false): number {
  return [...s].length * size * (bold ? 0.7 : 0.62);
}

/** Splits `s` into lines no wider than `width` px at `size`, at spaces (a word wider than the line stands alone). */
export function wrapText(s: string, width: number, size = 11): string[] {
  const words = s.split(' ');
  const out: string[] = [];
  let line = '';
  for (const w of words) {
    const next = line === '' ? w : `${line} ${w}`;
    if (line !== '' && textW(next, size) > width) {
      out.push(line);
      line = w;
    } else line = next;
  }
  if (line !== '') out.push(line);
  return out;
}

/** A text element; `attrs` extra attributes (fill, text-anchor, font-weight). */
function text(x: number, y: number, size: number, s: string, attrs = ''): string {
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-size="${size}"${attrs ? ` ${attrs}` : ''} ${FONT}>${esc(s)}</text>`;
}

/** Decade ticks covering [lo, hi] (ns). */
function decades(lo: number, hi: number): number[] {
  const a = Math.floor(Math.log10(lo));
  const b = Math.ceil(Math.log10(hi));
  const out: number[] = [];
  for (let e = a; e <= Math.max(b, a + 1); e++) out.push(10 ** e);
  return out;
}

/** Legend suffix telling how a backend runs. */
function kindTag(kind: string): string {
  if (kind === 'cited') return ' (cited, not measured)';
  if (kind === 'native') return ' (native)';
  if (kind === 'wasm') return ' (WASM)';
  if (kind === 'js') return ' (JS)';
  return '';
}

/** The hatch pattern drawn over WebAssembly bars (the HTML report renames the id per inlined SVG). */
const DEFS = '<defs><pattern id="wasm-hatch" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="2" height="5" fill="#ffffff" fill-opacity="0.55"/></pattern></defs>';

/** The lines under each bar chart's legend explaining the bar styles. */
const KIND_KEY = [
  'bar style = how the backend runs: plain = Strata or pure JavaScript · hatched = WebAssembly (peer or Strata engine)',
  'black outline + "native" = native code (Node addon, OpenSSL) · dashed = cited, not measured',
];

interface Drawn {
  svg: string;
  height: number;
}

/** True for bars drawn hatched: WebAssembly peers and Strata's WebAssembly-engine rows. */
function hatched(backend: string, kind: string): boolean {
  return kind === 'wasm' || engineOf(backend) === 'wasm';
}

interface LegendEntry {
  backend: string;
  label: string;
  color: string;
  dashed?: boolean;
  kind?: string;
  hatch?: boolean;
}

const legendW = (e: LegendEntry): number => 22 + textW(e.label) + 16;

function legend(entries: readonly LegendEntry[], x0: number, y0: number, width: number): Drawn {
  let x = x0;
  let y = y0;
  const parts: string[] = [];
  for (const e of entries) {
    const w = legendW(e);
    if (x > x0 && x + w > x0 + width) {
      x = x0;
      y += 18;
    }
    const b = ` data-backend="${esc(e.backend)}" data-color="${e.color}"`;
    parts.push(
      e.dashed
        ? `<line x1="${x}" y1="${y + 5}" x2="${x + 16}" y2="${y + 5}" stroke="${e.color}" stroke-width="2.5" stroke-dasharray="4 3"${b}/>`
        : `<rect x="${x}" y="${y}" width="16" height="10" fill="${e.color}"${barStyle(e.kind ?? '')}${b}/>${e.kind === 'wasm' || e.hatch === true ? `<rect x="${x}" y="${y}" width="16" height="10" fill="url(#wasm-hatch)"/>` : ''}`,
    );
    parts.push(text(x + 21, y + 9.5, 11, e.label));
    x += w;
  }
  return { svg: parts.join(''), height: y - y0 + 18 };
}

/** Extra attributes of a bar by kind: native = thick black outline, cited = dashed translucent. */
function barStyle(kind: string): string {
  if (kind === 'native') return ' stroke="#000" stroke-width="1.6"';
  if (kind === 'cited') return ' stroke="#222" stroke-dasharray="3 2" fill-opacity="0.55"';
  return '';
}

/** The rows a bar chart shows (sized ops at one size), and the note on that size. */
function barRows(s: SuiteResult, spec: Extract<ChartSpec, { kind: 'bars' }>, groups?: readonly string[]): { rows: Row[]; sizeNote: string } {
  let rows = s.rows.filter((r) => (!spec.groups || spec.groups.includes(r.group)) && (!groups || groups.includes(r.group)));
  let sizeNote = '';
  if (spec.preferSize !== undefined) {
    // Sized ops (ring sizes) are shown at one size only; the line charts show the rest.
    const sizes = [...new Set(rows.filter((r) => r.size !== undefined).map((r) => r.size as number))].sort((a, b) => a - b);
    const pick = sizes.filter((x) => x <= spec.preferSize!).pop() ?? sizes[0];
    rows = rows.filter((r) => r.size === undefined || r.size === pick);
    if (pick !== undefined) sizeNote = ` at size ${pick} (every size: line charts below)`;
  }
  return { rows, sizeNote };
}

const BAR_PLOT_W = 560;

/** The value printed after a bar. */
function barTag(r: Row): string {
  if (r.status !== 'ok' || !r.stats || !(r.stats.medianNs > 0)) return `${r.backend}: ${r.status === 'error' ? 'error' : 'unavailable'}`;
  const tag =
    r.kind === 'cited' ? (r.backend.startsWith('Go ') ? ' (Go, cited)' : ' (cited)') : r.kind === 'native' ? ' · native' : r.kind === 'strata' && r.ratioToNative !== undefined ? ` (${fmtX(r.ratioToNative)} native)` : '';
  return fmtTime(r.stats.medianNs) + tag;
}

function opLabel(r: Row): string {
  return r.op + (r.unit === 'op' ? '' : ` (per ${r.unit})`);
}

function legendEntries(rows: readonly Row[], colors: Colors): LegendEntry[] {
  const backends = [...new Map(rows.map((r) => [r.backend, r.kind])).entries()];
  return backends.map(([b, k]) => ({ backend: b, label: `${b}${kindTag(k)}`, color: colors.of(b), kind: k, hatch: hatched(b, k) }));
}

/** The width a bar chart needs so that no label is cut. */
function barChartWidth(rows: readonly Row[], title: string, colors: Colors): number {
  const labelW = Math.max(120, ...rows.map((r) => textW(opLabel(r)) + 30));
  const tagW = Math.max(0, ...rows.map((r) => textW(barTag(r), 9.5, r.kind === 'native')));
  const groupW = Math.max(0, ...rows.map((r) => 20 + textW(r.group, 12, true) + 20));
  const legendMax = Math.max(0, ...legendEntries(rows, colors).map((e) => 20 + legendW(e) + 20));
  return Math.ceil(Math.max(MIN_W, labelW + 10 + BAR_PLOT_W + 8 + tagW + 20, groupW, legendMax, 40 + textW(title, 16, true), ...KIND_KEY.map((k) => 40 + textW(k, 10))));
}

/** Horizontal bars: one band per op, one bar per backend, log x axis. */
function barChart(rows: readonly Row[], title: string, y0: number, W: number, colors: Colors): Drawn {
  if (rows.length === 0) return { svg: '', height: 0 };
  const ok = rows.filter((r) => r.status === 'ok' && r.stats && r.stats.medianNs > 0);
  const parts: string[] = [];
  const labelW = Math.max(120, ...rows.map((r) => textW(opLabel(r)) + 30));
  const tagW = Math.max(0, ...rows.map((r) => textW(barTag(r), 9.5, r.kind === 'native')));
  const plotX = labelW + 10;
  const plotW = Math.max(BAR_PLOT_W, W - plotX - 8 - tagW - 20);
  let y = y0;
  parts.push(text(20, y + 18, 16, title, 'font-weight="bold"'));
  y += 30;
  const lg = legend(legendEntries(rows, colors), 20, y, W - 40);
  parts.push(lg.svg);
  y += lg.height + 2;
  for (const k of KIND_KEY) {
    parts.push(text(20, y + 10, 10, k, 'fill="#444"'));
    y += 14;
  }
  y += 4;
  if (ok.length === 0) {
    parts.push(text(20, y + 14, 12, 'no measured rows'));
    return { svg: parts.join(''), height: y - y0 + 30 };
  }
  const min = Math.min(...ok.map((r) => r.stats!.medianNs));
  const max = Math.max(...ok.map((r) => r.stats!.medianNs));
  const ticks = decades(min, max);
  const lo = Math.log10(ticks[0] as number);
  const hi = Math.log10(ticks[ticks.length - 1] as number);
  const xOf = (ns: number): number => plotX + ((Math.log10(ns) - lo) / (hi - lo)) * plotW;
  parts.push(text(plotX + plotW / 2, y + 12, 12, 'time per operation (log scale; shorter is faster)', 'text-anchor="middle"'));
  y += 20;
  for (const t of ticks) parts.push(text(xOf(t), y + 10, 10, fmtTime(t), 'text-anchor="middle"'));
  y += 16;
  const gridTop = y;
  const barH = 11;
  let group = '';
  let opId = '';
  const grid: string[] = [];
  for (const r of rows) {
    if (r.group !== group) {
      group = r.group;
      y += 6;
      parts.push(text(20, y + 12, 12, group, 'font-weight="bold"'));
      y += 18;
    }
    if (r.opId !== opId) {
      if (opId !== '') y += 5;
      opId = r.opId;
      parts.push(text(labelW, y + 9.5, 11, opLabel(r), 'text-anchor="end"'));
    }
    const c = colors.of(r.backend);
    if (r.status === 'ok' && r.stats && r.stats.medianNs > 0) {
      const x1 = xOf(r.stats.medianNs);
      const wBar = Math.max(1, x1 - plotX);
      parts.push(
        `<rect x="${plotX}" y="${y}" width="${wBar.toFixed(1)}" height="${barH - 1}" fill="${c}" data-kind="${r.kind}"${barStyle(r.kind)} data-backend="${esc(r.backend)}" data-color="${c}"><title>${esc(`${r.op} · ${r.backend} (${r.kind}): ${fmtTime(r.stats.medianNs)}`)}</title></rect>`,
      );
      if (hatched(r.backend, r.kind)) parts.push(`<rect x="${plotX}" y="${y}" width="${wBar.toFixed(1)}" height="${barH - 1}" fill="url(#wasm-hatch)"/>`);
      if (r.kind !== 'cited' && r.stats.samples > 1) {
        const a = xOf(Math.max(r.stats.p25Ns, ticks[0] as number));
        const b = xOf(Math.min(Math.max(r.stats.p75Ns, ticks[0] as number), ticks[ticks.length - 1] as number));
        parts.push(`<line x1="${a.toFixed(1)}" y1="${y + barH / 2 - 0.5}" x2="${b.toFixed(1)}" y2="${y + barH / 2 - 0.5}" stroke="#000" stroke-width="1"/>`);
      }
      parts.push(text(x1 + 4, y + 9, 9.5, barTag(r), r.kind === 'native' ? 'font-weight="bold"' : ''));
    } else {
      parts.push(text(plotX + 4, y + 9, 9.5, barTag(r), 'fill="#888"'));
    }
    y += barH;
  }
  y += 6;
  for (const t of ticks) grid.push(`<line x1="${xOf(t)}" y1="${gridTop}" x2="${xOf(t)}" y2="${y}" stroke="#ccc" stroke-width="0.7"/>`);
  parts.push(`<line x1="${plotX}" y1="${gridTop}" x2="${plotX}" y2="${y}" stroke="#333"/>`);
  parts.push(`<line x1="${plotX}" y1="${y}" x2="${plotX + plotW}" y2="${y}" stroke="#333"/>`);
  for (const t of ticks) parts.push(text(xOf(t), y + 13, 10, fmtTime(t), 'text-anchor="middle"'));
  y += 18;
  parts.push(text(plotX + plotW / 2, y + 12, 12, 'median time per operation, log scale (whisker: 25th–75th percentile)', 'text-anchor="middle"'));
  y += 22;
  // Grid lines go underneath the bars.
  return { svg: [...grid, ...parts].join(''), height: y - y0 };
}

interface Series {
  backend: string;
  color: string;
  dashed: boolean;
  pts: [number, number][];
  ref: boolean;
  kind: string;
}

/** The series of a line chart: one per backend (and group), plus flat baselines. */
function lineSeries(s: SuiteResult, spec: Extract<ChartSpec, { kind: 'lines' }>, colors: Colors): { series: Map<string, Series>; sizes: number[] } {
  const rows = s.rows.filter((r) => spec.groups.includes(r.group) && r.size !== undefined && r.status === 'ok' && r.stats && r.stats.medianNs > 0);
  const baseline = s.rows.filter((r) => spec.baselineOps?.includes(r.opId) && r.status === 'ok' && r.stats);
  const multi = spec.groups.length > 1;
  const series = new Map<string, Series>();
  for (const r of rows) {
    if ((r.kind === 'cited' || r.kind === 'go') && spec.withReference === false) continue;
    const gi = spec.groups.indexOf(r.group);
    const ref = r.kind === 'cited' || r.kind === 'go';
    // A Go figure (cited or measured in this run) is the same for every group (Go has no cold/warm): one series.
    const key = multi && !ref ? `${r.backend} · ${r.group}` : r.backend;
    let sr = series.get(key);
    if (!sr) {
      sr = { backend: r.backend, color: colors.of(r.backend), dashed: !ref && gi > 0, pts: [], ref, kind: r.kind };
      series.set(key, sr);
    }
    if (!sr.pts.some((p) => p[0] === r.size)) sr.pts.push([r.size as number, r.stats!.medianNs]);
  }
  const sizes = rows.map((r) => r.size as number);
  if (sizes.length > 0) {
    const xmin = Math.min(...sizes);
    const xmax = Math.max(...sizes);
    for (const b of baseline) {
      series.set(`${b.backend} (${b.op}, flat)`, { backend: b.backend, color: colors.of(b.backend), dashed: true, pts: [[xmin, b.stats!.medianNs], [xmax, b.stats!.medianNs]], ref: b.kind === 'cited', kind: b.kind });
    }
  }
  return { series, sizes };
}

function lineEntries(series: Map<string, Series>): LegendEntry[] {
  return [...series.entries()].map(([label, sr]) => ({ backend: sr.backend, label: `${label}${kindTag(sr.kind)}`, color: sr.color, dashed: sr.dashed }));
}

function lineChartWidth(s: SuiteResult, spec: Extract<ChartSpec, { kind: 'lines' }>, colors: Colors): number {
  const { series } = lineSeries(s, spec, colors);
  const legendMax = Math.max(0, ...lineEntries(series).map((e) => 20 + legendW(e) + 20));
  return Math.ceil(Math.max(MIN_W, legendMax, 40 + textW(spec.title, 16, true), 90 + textW(`${spec.xLabel} (log scale)`, 12) + 40));
}

/** Lines: x = size (log2), y = time per op (log10), one series per backend (and group). */
function lineChart(s: SuiteResult, spec: Extract<ChartSpec, { kind: 'lines' }>, y0: number, W: number, colors: Colors): Drawn {
  const { series, sizes } = lineSeries(s, spec, colors);
  const parts: string[] = [];
  let y = y0;
  parts.push(text(20, y + 18, 16, spec.title, 'font-weight="bold"'));
  y += 30;
  if (series.size === 0) {
    parts.push(text(20, y + 14, 12, 'no measured rows for this chart'));
    return { svg: parts.join(''), height: y - y0 + 30 };
  }
  const lg = legend(lineEntries(series), 20, y, W - 40);
  parts.push(lg.svg);
  y += lg.height + 6;
  const allY = [...series.values()].flatMap((sr) => sr.pts.map((p) => p[1]));
  const ticksY = decades(Math.min(...allY), Math.max(...allY));
  const plotX = 90;
  const plotW = W - plotX - 40;
  const plotH = 280;
  // The y axis label, horizontal, above the plot (rotated text is hard to read and to fit).
  parts.push(text(plotX, y + 11, 12, `${spec.yLabel ?? 'median time per operation'} (log scale)`));
  y += 20;
  const top = y;
  const xmin = Math.min(...sizes);
  const xmax = Math.max(...sizes);
  const lx0 = Math.log2(xmin);
  const lx1 = Math.max(Math.log2(xmax), lx0 + 1);
  const ly0 = Math.log10(ticksY[0] as number);
  const ly1 = Math.log10(ticksY[ticksY.length - 1] as number);
  const X = (v: number): number => plotX + ((Math.log2(v) - lx0) / (lx1 - lx0)) * plotW;
  const Y = (v: number): number => top + plotH - ((Math.log10(v) - ly0) / (ly1 - ly0)) * plotH;
  for (const t of ticksY) {
    parts.push(`<line x1="${plotX}" y1="${Y(t)}" x2="${plotX + plotW}" y2="${Y(t)}" stroke="#ccc" stroke-width="0.7"/>`);
    parts.push(text(plotX - 6, Y(t) + 3.5, 10, fmtTime(t), 'text-anchor="end"'));
  }
  const xt = [...new Set(sizes)].sort((a, b) => a - b);
  for (const t of xt) {
    parts.push(`<line x1="${X(t)}" y1="${top}" x2="${X(t)}" y2="${top + plotH}" stroke="#eee" stroke-width="0.7"/>`);
    parts.push(text(X(t), top + plotH + 14, 10, String(t), 'text-anchor="middle"'));
  }
  parts.push(`<rect x="${plotX}" y="${top}" width="${plotW}" height="${plotH}" fill="none" stroke="#333"/>`);
  for (const [label, sr] of series) {
    const pts = sr.pts.sort((a, b) => a[0] - b[0]);
    const d = pts.map((p, i) => `${i ? 'L' : 'M'}${X(p[0]).toFixed(1)},${Y(p[1]).toFixed(1)}`).join(' ');
    parts.push(
      `<path d="${d}" fill="none" stroke="${sr.color}" stroke-width="${sr.kind === 'native' ? 3.5 : 2}" data-kind="${sr.kind}" data-backend="${esc(sr.backend)}" data-color="${sr.color}"${sr.dashed ? ' stroke-dasharray="6 4"' : ''}><title>${esc(label + kindTag(sr.kind))}</title></path>`,
    );
    if (!label.endsWith('flat)')) for (const p of pts) parts.push(`<circle cx="${X(p[0]).toFixed(1)}" cy="${Y(p[1]).toFixed(1)}" r="${sr.ref ? 2.5 : 3}" fill="${sr.ref ? '#fff' : sr.color}" stroke="${sr.color}"/>`);
  }
  parts.push(text(plotX + plotW / 2, top + plotH + 32, 12, `${spec.xLabel} (log scale)`, 'text-anchor="middle"'));
  y = top + plotH + 44;
  return { svg: parts.join(''), height: y - y0 };
}

const sizeLabel = (r: SizeReport['rows'][number]): string =>
  r.status === 'ok' && r.gzipBytes !== undefined ? `${r.library} ${(r.gzipBytes / 1024).toFixed(1)} KB` : `${r.library}: does not bundle for the browser`;
const SIZE_TITLE = 'Bundle size of typical imports, gzipped (esbuild, browser, minified, no externals)';

function sizeChartWidth(rep: SizeReport): number {
  const useW = Math.max(0, ...rep.rows.map((r) => 20 + textW(r.use) + 20));
  const plotX = Math.max(200, useW);
  return Math.ceil(Math.max(MIN_W, 40 + textW(SIZE_TITLE, 14, true), plotX + 450 + 5 + Math.max(0, ...rep.rows.map((r) => textW(sizeLabel(r), 10))) + 20));
}

/**
 * The bundle-size chart: per typical import, the gzipped Strata bundle beside the noble-curves
 * one (linear scale), the Strata budget as a tick, a bundle that failed as a note.
 */
function sizeChart(rep: SizeReport, y0: number, W: number, colors: Colors): Drawn {
  const parts: string[] = [];
  let y = y0 + 18;
  parts.push(text(20, y, 14, SIZE_TITLE, 'font-weight="bold"'));
  y += 12;
  const uses = [...new Set(rep.rows.map((r) => r.use))];
  const max = Math.max(1, ...rep.rows.map((r) => Math.max(r.gzipBytes ?? 0, r.budgetGzipBytes ?? 0)));
  const useW = Math.max(0, ...rep.rows.map((r) => 20 + textW(r.use) + 20));
  const plotX = Math.max(200, useW);
  const labelMax = Math.max(0, ...rep.rows.map((r) => textW(sizeLabel(r), 10)));
  const plotW = W - plotX - 5 - labelMax - 20;
  const barH = 12;
  for (const u of uses) {
    const rows = rep.rows.filter((r) => r.use === u);
    parts.push(text(20, y + barH + 4, 11, u));
    for (const r of rows) {
      const c = colors.of(r.library);
      const tick = r.budgetGzipBytes !== undefined ? plotX + (r.budgetGzipBytes / max) * plotW : 0;
      if (r.status === 'ok' && r.gzipBytes !== undefined) {
        const w = (r.gzipBytes / max) * plotW;
        const labelX = Math.max(plotX + w, tick) + 5;
        parts.push(`<rect x="${plotX}" y="${y}" width="${w.toFixed(1)}" height="${barH - 1}" fill="${c}" data-library="${r.library}" data-backend="${esc(r.library)}" data-color="${c}"><title>${esc(`${u} · ${r.library}: ${r.gzipBytes} bytes gzipped, ${r.minBytes} minified`)}</title></rect>`);
        parts.push(text(labelX, y + barH - 2, 10, sizeLabel(r)));
      } else {
        parts.push(text(plotX, y + barH - 2, 10, sizeLabel(r), 'fill="#b00020"'));
      }
      if (r.budgetGzipBytes !== undefined) {
        parts.push(`<line x1="${tick.toFixed(1)}" y1="${y - 1}" x2="${tick.toFixed(1)}" y2="${y + barH}" stroke="#000" stroke-width="2"><title>${esc(`budget ${r.budgetGzipBytes} bytes gzipped`)}</title></line>`);
      }
      y += barH + 2;
    }
    y += 6;
  }
  parts.push(text(plotX, y + 10, 10, "black tick = the Strata bundle's gzip budget (benchmarks/size-budget.json)", 'fill="#333"'));
  return { svg: parts.join(''), height: y - y0 + 16 };
}

/** A standalone SVG document of width `w` and height `h`. */
function doc(w: number, h: number, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">\n${DEFS}\n<rect width="${w}" height="${h}" fill="#ffffff"/>\n${body}\n</svg>\n`;
}

/** The header block of a detail file: its title, then `header` wrapped to the width. */
function headerBlock(title: string, header: readonly string[], W: number): Drawn {
  const parts = [text(20, 30, 20, title, 'font-weight="bold"')];
  let y = 40;
  for (const h of header) {
    for (const l of wrapText(h, W - 40, 11)) {
      parts.push(text(20, y + 12, 11, l, 'fill="#333"'));
      y += 15;
    }
  }
  return { svg: parts.join('\n'), height: y + 10 };
}

/** One detail file: a suite's charts (or a part of them), or the bundle sizes. */
export interface DetailSvg {
  /** File-name part: the suite's name (`ring`, `curves-2` for a second part; `chromium-ed25519` for a browser suite), or `sizes`. */
  readonly name: string;
  /** Heading, e.g. `Linkable ring signatures`. */
  readonly title: string;
  readonly svg: string;
  readonly width: number;
  readonly height: number;
}

/** A drawable unit of a detail file: one chart (a long bar chart is split into several by groups). */
interface Piece {
  width: number;
  draw: (y0: number, W: number) => Drawn;
}

/** The pieces of a suite: each chart; a bar chart taller than `budget` px is split by groups. */
function suitePieces(s: SuiteResult, colors: Colors, budget: number): Piece[] {
  const out: Piece[] = [];
  for (const spec of s.charts) {
    if (spec.kind === 'lines') {
      out.push({ width: lineChartWidth(s, spec, colors), draw: (y0, W) => lineChart(s, spec, y0, W, colors) });
      continue;
    }
    const all = barRows(s, spec);
    if (all.rows.length === 0) continue;
    const groups = [...new Set(all.rows.map((r) => r.group))];
    // Greedy: as many groups per piece as fit in a file (with room for the header).
    const chunks: string[][] = [];
    let cur: string[] = [];
    for (const g of groups) {
      const next = [...cur, g];
      const rows = barRows(s, spec, next).rows;
      const h = barChart(rows, spec.title, 0, MIN_W, colors).height;
      if (cur.length > 0 && h > budget) {
        chunks.push(cur);
        cur = [g];
      } else cur = next;
    }
    if (cur.length > 0) chunks.push(cur);
    chunks.forEach((gs, i) => {
      const { rows, sizeNote } = barRows(s, spec, gs);
      const title = `${spec.title}${sizeNote}${chunks.length > 1 ? ` (part ${i + 1} of ${chunks.length}: ${gs.join(', ')})` : ''}`;
      out.push({ width: barChartWidth(rows, title, colors), draw: (y0, W) => barChart(rows, title, y0, W, colors) });
    });
  }
  return out;
}

/** Lays pieces out into files no taller than {@link MAX_CHART_HEIGHT} (a piece taller than that alone gets its own file). */
function layout(name: string, title: string, header: readonly string[], pieces: readonly Piece[]): DetailSvg[] {
  const files: Piece[][] = [];
  let cur: Piece[] = [];
  let h = 0;
  const headH = headerBlock(title, header, MIN_W).height;
  for (const p of pieces) {
    // As the file draws it below: 8 px above the piece, 12 below, and 10 at the foot of the file.
    const ph = 8 + p.draw(0, Math.max(MIN_W, p.width)).height + 12;
    if (cur.length > 0 && headH + h + ph + 10 > MAX_CHART_HEIGHT) {
      files.push(cur);
      cur = [];
      h = 0;
    }
    cur.push(p);
    h += ph;
  }
  if (cur.length > 0) files.push(cur);
  return files.map((ps, i) => {
    const W = Math.max(MIN_W, ...ps.map((p) => p.width));
    const t = files.length > 1 ? `${title} (${i + 1} of ${files.length})` : title;
    const head = headerBlock(t, header, W);
    const blocks = [head.svg];
    let y = head.height;
    for (const p of ps) {
      blocks.push(`<line x1="10" y1="${y}" x2="${W - 10}" y2="${y}" stroke="#888"/>`);
      const d = p.draw(y + 8, W);
      blocks.push(d.svg);
      y += 8 + d.height + 12;
    }
    const height = Math.ceil(y + 10);
    return { name: files.length > 1 && i > 0 ? `${name}-${i + 1}` : name, title: t, svg: doc(W, height, blocks.join('\n')), width: W, height };
  });
}

/**
 * The detail charts of a run: per suite one file (more when its charts would be taller than
 * {@link MAX_CHART_HEIGHT}), each as wide as its longest label needs, and the bundle sizes.
 * `header`: the lines under each file's title (when, where; see main.ts). One {@link Colors}
 * for the whole report keeps each backend's colour.
 */
export function renderDetailSvgs(results: readonly SuiteResult[], header: readonly string[], sizes?: SizeReport, colors = new Colors()): DetailSvg[] {
  const out: DetailSvg[] = [];
  for (const s of results) {
    const chromium = s.platform === 'chromium';
    const name = chromium ? `chromium-${s.name}` : s.name;
    const title = `${s.title}${chromium ? ' (headless Chromium)' : ''}`;
    // Room for the file's header and the rule above the chart.
    const budget = MAX_CHART_HEIGHT - headerBlock(`${title} (9 of 9)`, header, MIN_W).height - 30;
    out.push(...layout(name, title, header, suitePieces(s, colors, budget)));
  }
  if (sizes && sizes.rows.length > 0) {
    out.push(...layout('sizes', 'Bundle size of typical imports', header, [{ width: sizeChartWidth(sizes), draw: (y0, W) => sizeChart(sizes, y0, W, colors) }]));
  }
  return out;
}

/** The ratio bar's range: Strata / fastest peer from 1/RANGE to RANGE (log scale), clamped beyond. */
const RATIO_RANGE = 30;
const RATIO_BAR_W = 150;

/**
 * The summary picture, read first: per job (a row), the fastest library, Strata's best engine
 * and figure, the ratio Strata / fastest peer as a bar around 1 (green: Strata faster, red:
 * slower; log scale) with its text, and the fastest native backend beside it. Every column as
 * wide as its longest text; `header`: one or two lines under the title (when, where).
 */
export function renderSummarySvg(jobs: readonly SummaryJob[], header: readonly string[], colors = new Colors()): string {
  const title = 'Strata benchmarks: who is fastest per job';
  const sub = 'median time per operation, all rows measured in the same run on the same machine; ratio below 1×: Strata is faster';
  const cells = jobs.map(summaryCells);
  const jobCol = Math.max(textW('job', 12, true), ...cells.map((c) => textW(c.job, 13, true)), ...cells.map((c) => textW(c.detail, 10)));
  const swatchCol = (s: string): number => 16 + textW(s, 12);
  const fastCol = Math.max(textW('fastest', 12, true), ...cells.map((c) => swatchCol(c.fastest)));
  const strataCol = Math.max(textW("Strata's best (engine)", 12, true), ...cells.map((c) => swatchCol(c.strata)));
  const ratioText = jobs.map((j) => (j.ratioToPeer === null ? 'no peer measured' : `${fmtVerdict(j.ratioToPeer)} than ${j.peer!.backend}`));
  const ratioCol = Math.max(textW('Strata / fastest peer', 12, true), RATIO_BAR_W + 8 + Math.max(...ratioText.map((t) => textW(t, 11)), 0));
  const nativeText = jobs.map((j) => (j.native === null ? '—' : `${j.native.backend} ${fmtFigure(j.native, j.unit)}`));
  const nativeSub = jobs.map((j) => (j.ratioToNative === null ? '' : `Strata takes ${fmtX(j.ratioToNative)} its time`));
  const nativeCol = Math.max(textW('native (same run)', 12, true), ...nativeText.map((t) => textW(t, 12)), ...nativeSub.map((t) => textW(t, 10)));
  const gap = 24;
  const xs = [20];
  for (const w of [jobCol, fastCol, strataCol, ratioCol]) xs.push((xs[xs.length - 1] as number) + w + gap);
  const tableW = (xs[4] as number) + nativeCol + 20;
  const key = [
    'fastest = the fastest row of the job measured in this run (Strata, JavaScript, WebAssembly or native); ★ marks Strata when it is the fastest.',
    "Strata's best = Strata's fastest row; its name says the engine (ts / wasm) and the variant (cached keys, parallel).",
    'bar = Strata / the fastest JavaScript or WebAssembly peer, log scale from 1/30× to 30×: green to the left = Strata faster, red to the right = slower.',
    'native = the fastest native backend (Node addon, node:crypto with OpenSSL) in the same run: the ceiling on this machine.',
    'Detail per suite: the other SVG files of this run (and the HTML report).',
  ];
  const W = Math.ceil(Math.max(MIN_W, tableW, 40 + textW(title, 22, true), 40 + textW(sub, 11), ...header.map((h) => 40 + Math.min(textW(h, 11), tableW)), ...key.map((k) => 40 + textW(k, 10))));
  const parts: string[] = [];
  let y = 34;
  parts.push(text(20, y, 22, title, 'font-weight="bold"'));
  y += 8;
  for (const h of header) {
    for (const l of wrapText(h, W - 40, 11)) {
      y += 15;
      parts.push(text(20, y, 11, l, 'fill="#333"'));
    }
  }
  y += 16;
  parts.push(text(20, y, 11, sub, 'fill="#333"'));
  y += 26;
  const heads = ['job', 'fastest', "Strata's best (engine)", 'Strata / fastest peer', 'native (same run)'];
  heads.forEach((h, i) => parts.push(text(xs[i] as number, y, 12, h, 'font-weight="bold" data-summary-head="1"')));
  y += 8;
  parts.push(`<line x1="20" y1="${y}" x2="${W - 20}" y2="${y}" stroke="#333"/>`);
  const rowH = 34;
  jobs.forEach((j, k) => {
    const c = cells[k]!;
    const top = y;
    if (k % 2 === 1) parts.push(`<rect x="10" y="${top}" width="${W - 20}" height="${rowH}" fill="#f3f5f8"/>`);
    const base = top + 16;
    parts.push(`<g data-job="${esc(j.job)}">`);
    parts.push(text(xs[0]!, base, 13, c.job, 'font-weight="bold"'));
    parts.push(text(xs[0]!, base + 13, 10, c.detail, 'fill="#555"'));
    const swatch = (x: number, backend: string): string => `<rect x="${x}" y="${base - 10}" width="11" height="11" fill="${colors.of(backend)}" data-backend="${esc(backend)}" data-color="${colors.of(backend)}"/>`;
    parts.push(swatch(xs[1]!, j.fastest.backend));
    parts.push(text(xs[1]! + 16, base, 12, c.fastest, 'font-weight="bold"'));
    if (j.strata) {
      parts.push(swatch(xs[2]!, j.strata.backend));
      parts.push(text(xs[2]! + 16, base, 12, `${c.strata}${j.strataFastest ? ' ★' : ''}`, j.strataFastest ? 'font-weight="bold"' : ''));
    } else parts.push(text(xs[2]!, base, 12, c.strata, 'fill="#888"'));
    // The ratio bar: a log scale around 1, clamped to the range.
    const x0 = xs[3]!;
    const mid = x0 + RATIO_BAR_W / 2;
    parts.push(`<line x1="${x0}" y1="${base - 4}" x2="${x0 + RATIO_BAR_W}" y2="${base - 4}" stroke="#bbb"/>`);
    parts.push(`<line x1="${mid}" y1="${base - 12}" x2="${mid}" y2="${base + 4}" stroke="#333"/>`);
    if (j.ratioToPeer !== null) {
      const lr = Math.max(-1, Math.min(1, Math.log(j.ratioToPeer) / Math.log(RATIO_RANGE)));
      const end = mid + (lr * RATIO_BAR_W) / 2;
      const faster = j.ratioToPeer < 1;
      parts.push(`<rect x="${Math.min(mid, end).toFixed(1)}" y="${base - 10}" width="${Math.max(1, Math.abs(end - mid)).toFixed(1)}" height="12" fill="${faster ? '#2e9d4a' : '#c8362f'}" data-ratio="${j.ratioToPeer}"/>`);
    }
    parts.push(text(x0 + RATIO_BAR_W + 8, base, 11, ratioText[k]!, j.ratioToPeer === null ? 'fill="#888"' : ''));
    parts.push(text(x0 + RATIO_BAR_W + 8, base + 13, 10, j.ratioToPeer === null ? '' : `${fmtX(j.ratioToPeer)}`, 'fill="#555"'));
    parts.push(text(xs[4]!, base, 12, nativeText[k]!, j.native === null ? 'fill="#888"' : ''));
    if (nativeSub[k]) parts.push(text(xs[4]!, base + 13, 10, nativeSub[k]!, 'fill="#555"'));
    parts.push('</g>');
    y += rowH;
  });
  if (jobs.length === 0) {
    y += 24;
    parts.push(text(20, y, 13, 'No job of the summary was measured in this run (see the detail charts).'));
    y += 10;
  }
  parts.push(`<line x1="20" y1="${y}" x2="${W - 20}" y2="${y}" stroke="#333"/>`);
  y += 8;
  for (const k of key) {
    y += 14;
    parts.push(text(20, y, 10, k, 'fill="#444"'));
  }
  const H = Math.ceil(y + 16);
  return doc(W, H, parts.join('\n'));
}
