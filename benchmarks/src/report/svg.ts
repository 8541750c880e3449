/**
 * SVG charts of a benchmark run: per suite one horizontal bar chart (time per op by backend,
 * log scale) and, where the suite asks for them, line charts of time against a size
 * (ring size, batch size, MSM size; log–log). Plain SVG with no script or external font.
 *
 * Each bar shows how its backend runs (its `kind`): Strata and pure-JavaScript peers are plain
 * bars, WebAssembly peers are hatched, native peers (Node addons, node:crypto's OpenSSL) have a
 * thick black outline and a "native" tag, cited figures (Go) are dashed and translucent. Every
 * bar carries `data-kind`, and Strata bars print their distance to the native ceiling.
 */
import type { SizeReport } from '../size.js';
import type { ChartSpec, Row, SuiteResult } from '../types.js';
import { fmtTime, fmtX } from './format.js';
import { baseBackend, engineOf } from '../engine.js';

const W = 1000;
const FONT = 'font-family="DejaVu Sans, Arial, Helvetica, sans-serif"';
const KNOWN_COLORS: Record<string, string> = {
  strata: '#1f5fbf',
  'strata (byte-wise sqrt)': '#7fa7e0',
  'strata (cached keys)': '#1b9e9e',
  'strata (parallel)': '#6a3fc0',
  'strata (cached keys, parallel)': '#b07be0',
  'noble-curves (dleq Curve)': '#e07b00',
  'noble-curves': '#e07b00',
  elliptic: '#b00020',
  'bn.js': '#4f8a2b',
  'native BigInt': '#a0607a',
  'tiny-secp256k1': '#d4a000',
  tweetnacl: '#8c6d31',
  'libsodium-wrappers': '#66a61e',
  'node:crypto': '#e7298a',
  'sodium-native': '#00897b',
  secp256k1: '#5d4037',
  '@noble/ed25519': '#f4a259',
  '@noble/secp256k1': '#f4a259',
  '@stablelib/ed25519': '#9c27b0',
  circomlibjs: '#3949ab',
  '@zk-kit/baby-jubjub': '#c2185b',
  'verkle-cryptography-wasm': '#00acc1',
};
/**
 * Strata's WebAssembly-engine rows: a color of their own per Strata backend (and hatched bars);
 * the TypeScript-engine twin keeps the base backend's color (`strata (ts)` = `strata`).
 */
const WASM_ENGINE_COLORS: Record<string, string> = {
  strata: '#d0421b',
  'strata (cached keys)': '#e8a33d',
  'strata (parallel)': '#a3185c',
};
const FALLBACK = ['#17becf', '#bcbd22', '#8c564b', '#e377c2', '#7f7f7f', '#9467bd', '#2ca02c', '#ff7f0e'];
const REF_COLOR = '#555555';

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Color of a backend, stable across charts. */
function colorOf(backend: string, kind: string, assigned: Map<string, string>): string {
  if (kind === 'cited') return REF_COLOR;
  const engine = engineOf(backend);
  const known = engine === 'wasm' ? WASM_ENGINE_COLORS[baseBackend(backend)] : KNOWN_COLORS[engine === 'ts' ? baseBackend(backend) : backend];
  if (known) return known;
  let c = assigned.get(backend);
  if (!c) {
    c = FALLBACK[assigned.size % FALLBACK.length] as string;
    assigned.set(backend, c);
  }
  return c;
}

function textW(s: string, size = 11): number {
  return [...s].length * size * 0.6;
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

/** The hatch pattern drawn over WebAssembly bars. */
const DEFS = '<defs><pattern id="wasm-hatch" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="2" height="5" fill="#ffffff" fill-opacity="0.55"/></pattern></defs>';

/** The line under each bar chart's legend explaining the bar styles. */
const KIND_KEY = 'bar style = how the backend runs: plain = Strata or pure JavaScript · hatched = WebAssembly (peer or Strata engine) · black outline + "native" = native code (Node addon, OpenSSL) · dashed = cited, not measured';

interface Drawn {
  svg: string;
  height: number;
}

/** True for bars drawn hatched: WebAssembly peers and Strata's WebAssembly-engine rows. */
function hatched(backend: string, kind: string): boolean {
  return kind === 'wasm' || engineOf(backend) === 'wasm';
}

function legend(entries: { label: string; color: string; dashed?: boolean; kind?: string; hatch?: boolean }[], x0: number, y0: number, width: number): Drawn {
  let x = x0;
  let y = y0;
  const parts: string[] = [];
  for (const e of entries) {
    const w = 22 + textW(e.label) + 16;
    if (x + w > x0 + width) {
      x = x0;
      y += 18;
    }
    parts.push(
      e.dashed
        ? `<line x1="${x}" y1="${y + 5}" x2="${x + 16}" y2="${y + 5}" stroke="${e.color}" stroke-width="2.5" stroke-dasharray="4 3"/>`
        : `<rect x="${x}" y="${y}" width="16" height="10" fill="${e.color}"${barStyle(e.kind ?? '')}/>${e.kind === 'wasm' || e.hatch === true ? `<rect x="${x}" y="${y}" width="16" height="10" fill="url(#wasm-hatch)"/>` : ''}`,
    );
    parts.push(`<text x="${x + 21}" y="${y + 9.5}" font-size="11" ${FONT}>${esc(e.label)}</text>`);
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

/** Horizontal bars: one band per op, one bar per backend, log x axis. */
function barChart(s: SuiteResult, spec: Extract<ChartSpec, { kind: 'bars' }>, y0: number, colors: Map<string, string>): Drawn {
  let rows = s.rows.filter((r) => !spec.groups || spec.groups.includes(r.group));
  let sizeNote = '';
  if (spec.preferSize !== undefined) {
    // Sized ops (ring sizes) are shown at one size only; the line charts show the rest.
    const sizes = [...new Set(rows.filter((r) => r.size !== undefined).map((r) => r.size as number))].sort((a, b) => a - b);
    const pick = sizes.filter((x) => x <= spec.preferSize!).pop() ?? sizes[0];
    rows = rows.filter((r) => r.size === undefined || r.size === pick);
    if (pick !== undefined) sizeNote = ` at size ${pick} (every size: line charts below)`;
  }
  if (rows.length === 0) return { svg: '', height: 0 };
  const ok = rows.filter((r) => r.status === 'ok' && r.stats && r.stats.medianNs > 0);
  const parts: string[] = [];
  const labelW = 250;
  const plotX = labelW + 10;
  const plotW = W - plotX - 110;
  let y = y0;
  parts.push(`<text x="20" y="${y + 18}" font-size="16" font-weight="bold" ${FONT}>${esc(spec.title + sizeNote)}</text>`);
  y += 30;
  const backends = [...new Map(rows.map((r) => [r.backend, r.kind])).entries()];
  const lg = legend(backends.map(([b, k]) => ({ label: `${b}${kindTag(k)}`, color: colorOf(b, k, colors), kind: k, hatch: hatched(b, k) })), 20, y, W - 40);
  parts.push(lg.svg);
  y += lg.height + 2;
  parts.push(`<text x="20" y="${y + 10}" font-size="10" fill="#444" ${FONT}>${esc(KIND_KEY)}</text>`);
  y += 18;
  if (ok.length === 0) {
    parts.push(`<text x="20" y="${y + 14}" font-size="12" ${FONT}>no measured rows</text>`);
    return { svg: parts.join(''), height: y - y0 + 30 };
  }
  const min = Math.min(...ok.map((r) => r.stats!.medianNs));
  const max = Math.max(...ok.map((r) => r.stats!.medianNs));
  const ticks = decades(min, max);
  const lo = Math.log10(ticks[0] as number);
  const hi = Math.log10(ticks[ticks.length - 1] as number);
  const xOf = (ns: number): number => plotX + ((Math.log10(ns) - lo) / (hi - lo)) * plotW;
  const axisTop = y;
  // Axis label on top.
  parts.push(`<text x="${plotX + plotW / 2}" y="${y + 12}" font-size="12" text-anchor="middle" ${FONT}>time per operation (log scale; shorter is faster)</text>`);
  y += 20;
  for (const t of ticks) parts.push(`<text x="${xOf(t)}" y="${y + 10}" font-size="10" text-anchor="middle" ${FONT}>${esc(fmtTime(t))}</text>`);
  y += 16;
  const gridTop = y;
  const barH = 11;
  let group = '';
  let opId = '';
  let bandStart = y;
  const bands: string[] = [];
  for (const r of rows) {
    if (r.group !== group) {
      group = r.group;
      y += 6;
      parts.push(`<text x="20" y="${y + 12}" font-size="12" font-weight="bold" ${FONT}>${esc(group)}</text>`);
      y += 18;
    }
    if (r.opId !== opId) {
      if (opId !== '') y += 5;
      opId = r.opId;
      bandStart = y;
      const unit = r.unit === 'op' ? '' : ` (per ${r.unit})`;
      bands.push(`<text x="${labelW}" y="${y + 9.5}" font-size="11" text-anchor="end" ${FONT}>${esc(r.op + unit)}</text>`);
    }
    const c = colorOf(r.backend, r.kind, colors);
    if (r.status === 'ok' && r.stats && r.stats.medianNs > 0) {
      const x1 = xOf(r.stats.medianNs);
      const wBar = Math.max(1, x1 - plotX);
      parts.push(`<rect x="${plotX}" y="${y}" width="${wBar.toFixed(1)}" height="${barH - 1}" fill="${c}" data-kind="${r.kind}"${barStyle(r.kind)}><title>${esc(`${r.op} · ${r.backend} (${r.kind}): ${fmtTime(r.stats.medianNs)}`)}</title></rect>`);
      if (hatched(r.backend, r.kind)) parts.push(`<rect x="${plotX}" y="${y}" width="${wBar.toFixed(1)}" height="${barH - 1}" fill="url(#wasm-hatch)"/>`);
      if (r.kind !== 'cited' && r.stats.samples > 1) {
        const a = xOf(Math.max(r.stats.p25Ns, ticks[0] as number));
        const b = xOf(Math.max(r.stats.p75Ns, ticks[0] as number));
        parts.push(`<line x1="${a.toFixed(1)}" y1="${y + barH / 2 - 0.5}" x2="${b.toFixed(1)}" y2="${y + barH / 2 - 0.5}" stroke="#000" stroke-width="1"/>`);
      }
      const tag =
        r.kind === 'cited'
          ? ' (Go, cited)'
          : r.kind === 'native'
            ? ' · native'
            : r.kind === 'strata' && r.ratioToNative !== undefined
              ? ` (${fmtX(r.ratioToNative)} native)`
              : '';
      parts.push(`<text x="${x1 + 4}" y="${y + 9}" font-size="9.5"${r.kind === 'native' ? ' font-weight="bold"' : ''} ${FONT}>${esc(fmtTime(r.stats.medianNs) + tag)}</text>`);
    } else {
      parts.push(`<text x="${plotX + 4}" y="${y + 9}" font-size="9.5" fill="#888" ${FONT}>${esc(`${r.backend}: ${r.status === 'error' ? 'error' : 'unavailable'}`)}</text>`);
    }
    y += barH;
    void bandStart;
  }
  y += 6;
  for (const t of ticks) parts.push(`<line x1="${xOf(t)}" y1="${gridTop}" x2="${xOf(t)}" y2="${y}" stroke="#ccc" stroke-width="0.7"/>`);
  parts.push(`<line x1="${plotX}" y1="${gridTop}" x2="${plotX}" y2="${y}" stroke="#333"/>`);
  parts.push(`<line x1="${plotX}" y1="${y}" x2="${plotX + plotW}" y2="${y}" stroke="#333"/>`);
  for (const t of ticks) parts.push(`<text x="${xOf(t)}" y="${y + 13}" font-size="10" text-anchor="middle" ${FONT}>${esc(fmtTime(t))}</text>`);
  y += 18;
  parts.push(`<text x="${plotX + plotW / 2}" y="${y + 12}" font-size="12" text-anchor="middle" ${FONT}>median time per operation, log scale (whisker: 25th–75th percentile)</text>`);
  y += 22;
  // Grid lines go underneath: put them before the bars by reordering.
  const grid = parts.filter((p) => p.startsWith('<line') && p.includes('stroke="#ccc"'));
  const rest = parts.filter((p) => !(p.startsWith('<line') && p.includes('stroke="#ccc"')));
  void axisTop;
  return { svg: [...grid, ...rest, ...bands].join(''), height: y - y0 };
}

/** Lines: x = size (log2), y = time per op (log10), one series per backend (and group). */
function lineChart(s: SuiteResult, spec: Extract<ChartSpec, { kind: 'lines' }>, y0: number, colors: Map<string, string>): Drawn {
  const rows = s.rows.filter((r) => spec.groups.includes(r.group) && r.size !== undefined && r.status === 'ok' && r.stats && r.stats.medianNs > 0);
  const baseline = s.rows.filter((r) => spec.baselineOps?.includes(r.opId) && r.status === 'ok' && r.stats);
  const parts: string[] = [];
  let y = y0;
  parts.push(`<text x="20" y="${y + 18}" font-size="16" font-weight="bold" ${FONT}>${esc(spec.title)}</text>`);
  y += 30;
  if (rows.length === 0) {
    parts.push(`<text x="20" y="${y + 14}" font-size="12" ${FONT}>no measured rows for this chart</text>`);
    return { svg: parts.join(''), height: y - y0 + 30 };
  }
  const multi = spec.groups.length > 1;
  const series = new Map<string, { color: string; dashed: boolean; pts: [number, number][]; ref: boolean; kind: string }>();
  const seriesColor = (r: Row): string => colorOf(r.backend, r.kind, colors);
  for (const r of rows) {
    if ((r.kind === 'cited' || r.kind === 'go') && spec.withReference === false) continue;
    const gi = spec.groups.indexOf(r.group);
    const ref = r.kind === 'cited' || r.kind === 'go';
    // A Go figure (cited or measured in this run) is the same for every group (Go has no cold/warm): one series.
    const key = multi && !ref ? `${r.backend} · ${r.group}` : r.backend;
    let sr = series.get(key);
    if (!sr) {
      sr = { color: seriesColor(r), dashed: !ref && gi > 0, pts: [], ref, kind: r.kind };
      series.set(key, sr);
    }
    if (!sr.pts.some((p) => p[0] === r.size)) sr.pts.push([r.size as number, r.stats!.medianNs]);
  }
  const sizes = rows.map((r) => r.size as number);
  const xmin = Math.min(...sizes);
  const xmax = Math.max(...sizes);
  for (const b of baseline) {
    const key = `${b.backend} (${b.op}, flat)`;
    series.set(key, { color: seriesColor(b), dashed: true, pts: [[xmin, b.stats!.medianNs], [xmax, b.stats!.medianNs]], ref: b.kind === 'cited', kind: b.kind });
  }
  const entries = [...series.entries()].map(([label, sr]) => ({ label: `${label}${kindTag(sr.kind)}`, color: sr.color, dashed: sr.dashed }));
  const lg = legend(entries, 20, y, W - 40);
  parts.push(lg.svg);
  y += lg.height + 10;
  const allY = [...series.values()].flatMap((sr) => sr.pts.map((p) => p[1]));
  const ticksY = decades(Math.min(...allY), Math.max(...allY));
  const plotX = 90;
  const plotW = W - plotX - 40;
  const plotH = 280;
  const top = y;
  const lx0 = Math.log2(xmin);
  const lx1 = Math.max(Math.log2(xmax), lx0 + 1);
  const ly0 = Math.log10(ticksY[0] as number);
  const ly1 = Math.log10(ticksY[ticksY.length - 1] as number);
  const X = (v: number): number => plotX + ((Math.log2(v) - lx0) / (lx1 - lx0)) * plotW;
  const Y = (v: number): number => top + plotH - ((Math.log10(v) - ly0) / (ly1 - ly0)) * plotH;
  for (const t of ticksY) {
    parts.push(`<line x1="${plotX}" y1="${Y(t)}" x2="${plotX + plotW}" y2="${Y(t)}" stroke="#ccc" stroke-width="0.7"/>`);
    parts.push(`<text x="${plotX - 6}" y="${Y(t) + 3.5}" font-size="10" text-anchor="end" ${FONT}>${esc(fmtTime(t))}</text>`);
  }
  const xt = [...new Set(sizes)].sort((a, b) => a - b);
  for (const t of xt) {
    parts.push(`<line x1="${X(t)}" y1="${top}" x2="${X(t)}" y2="${top + plotH}" stroke="#eee" stroke-width="0.7"/>`);
    parts.push(`<text x="${X(t)}" y="${top + plotH + 14}" font-size="10" text-anchor="middle" ${FONT}>${t}</text>`);
  }
  parts.push(`<rect x="${plotX}" y="${top}" width="${plotW}" height="${plotH}" fill="none" stroke="#333"/>`);
  for (const [label, sr] of series) {
    const pts = sr.pts.sort((a, b) => a[0] - b[0]);
    const d = pts.map((p, i) => `${i ? 'L' : 'M'}${X(p[0]).toFixed(1)},${Y(p[1]).toFixed(1)}`).join(' ');
    parts.push(`<path d="${d}" fill="none" stroke="${sr.color}" stroke-width="${sr.kind === 'native' ? 3.5 : 2}" data-kind="${sr.kind}"${sr.dashed ? ' stroke-dasharray="6 4"' : ''}><title>${esc(label + kindTag(sr.kind))}</title></path>`);
    if (!label.endsWith('flat)')) for (const p of pts) parts.push(`<circle cx="${X(p[0]).toFixed(1)}" cy="${Y(p[1]).toFixed(1)}" r="${sr.ref ? 2.5 : 3}" fill="${sr.ref ? '#fff' : sr.color}" stroke="${sr.color}"/>`);
  }
  parts.push(`<text x="${plotX + plotW / 2}" y="${top + plotH + 32}" font-size="12" text-anchor="middle" ${FONT}>${esc(spec.xLabel)} (log scale)</text>`);
  parts.push(`<text transform="translate(20 ${top + plotH / 2}) rotate(-90)" font-size="12" text-anchor="middle" ${FONT}>${esc(spec.yLabel ?? 'median time per operation')} (log scale)</text>`);
  y = top + plotH + 48;
  return { svg: parts.join(''), height: y - y0 };
}

/** Renders every chart of every suite into one SVG document. */
/**
 * The bundle-size chart: per typical import, the gzipped Strata bundle beside the noble-curves
 * one (linear scale), the Strata budget as a tick, a bundle that failed as a note.
 */
function sizeChart(rep: SizeReport, y0: number): Drawn {
  const parts: string[] = [];
  let y = y0 + 18;
  parts.push(`<text x="20" y="${y}" font-size="14" font-weight="bold" ${FONT}>Bundle size of typical imports, gzipped (esbuild, browser, minified, no externals)</text>`);
  y += 12;
  const uses = [...new Set(rep.rows.map((r) => r.use))];
  const max = Math.max(1, ...rep.rows.map((r) => Math.max(r.gzipBytes ?? 0, r.budgetGzipBytes ?? 0)));
  const plotX = 200;
  const plotW = W - plotX - 150;
  const barH = 12;
  for (const u of uses) {
    const rows = rep.rows.filter((r) => r.use === u);
    parts.push(`<text x="20" y="${y + barH + 4}" font-size="11" ${FONT}>${esc(u)}</text>`);
    for (const r of rows) {
      const c = KNOWN_COLORS[r.library] ?? '#777';
      const tick = r.budgetGzipBytes !== undefined ? plotX + (r.budgetGzipBytes / max) * plotW : 0;
      if (r.status === 'ok' && r.gzipBytes !== undefined) {
        const w = (r.gzipBytes / max) * plotW;
        const labelX = Math.max(plotX + w, tick) + 5;
        parts.push(`<rect x="${plotX}" y="${y}" width="${w.toFixed(1)}" height="${barH - 1}" fill="${c}" data-library="${r.library}"><title>${esc(`${u} · ${r.library}: ${r.gzipBytes} bytes gzipped, ${r.minBytes} minified`)}</title></rect>`);
        parts.push(`<text x="${labelX.toFixed(1)}" y="${y + barH - 2}" font-size="10" ${FONT}>${esc(`${r.library} ${(r.gzipBytes / 1024).toFixed(1)} KB`)}</text>`);
      } else {
        parts.push(`<text x="${plotX}" y="${y + barH - 2}" font-size="10" fill="#b00020" ${FONT}>${esc(`${r.library}: does not bundle for the browser`)}</text>`);
      }
      if (r.budgetGzipBytes !== undefined) {
        parts.push(`<line x1="${tick.toFixed(1)}" y1="${y - 1}" x2="${tick.toFixed(1)}" y2="${y + barH}" stroke="#000" stroke-width="2"><title>${esc(`budget ${r.budgetGzipBytes} bytes gzipped`)}</title></line>`);
      }
      y += barH + 2;
    }
    y += 6;
  }
  parts.push(`<text x="${plotX}" y="${y + 10}" font-size="10" fill="#333" ${FONT}>black tick = the Strata bundle's gzip budget (benchmarks/size-budget.json)</text>`);
  return { svg: parts.join(''), height: y - y0 + 16 };
}

export function renderSvg(results: readonly SuiteResult[], header: string[], sizes?: SizeReport): string {
  const colors = new Map<string, string>();
  const blocks: string[] = [];
  let y = 10;
  blocks.push(`<text x="20" y="${y + 20}" font-size="20" font-weight="bold" ${FONT}>Strata benchmarks</text>`);
  y += 30;
  for (const h of header) {
    blocks.push(`<text x="20" y="${y + 14}" font-size="11" fill="#333" ${FONT}>${esc(h)}</text>`);
    y += 16;
  }
  y += 10;
  for (const s of results) {
    blocks.push(`<line x1="10" y1="${y}" x2="${W - 10}" y2="${y}" stroke="#888"/>`);
    y += 8;
    for (const spec of s.charts) {
      const d = spec.kind === 'bars' ? barChart(s, spec, y, colors) : lineChart(s, spec, y, colors);
      blocks.push(d.svg);
      y += d.height + 12;
    }
  }
  if (sizes && sizes.rows.length > 0) {
    blocks.push(`<line x1="10" y1="${y}" x2="${W - 10}" y2="${y}" stroke="#888"/>`);
    const d = sizeChart(sizes, y + 8);
    blocks.push(d.svg);
    y += d.height + 20;
  }
  const h = Math.ceil(y + 10);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${h}" viewBox="0 0 ${W} ${h}">\n${DEFS}\n<rect width="${W}" height="${h}" fill="#ffffff"/>\n${blocks.join('\n')}\n</svg>\n`;
}
