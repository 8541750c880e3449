/**
 * The HTML report of a run (`benchmarks/out/bench.html`; `results/latest.html` with --record):
 * one self-contained file, its CSS inline and every SVG inline, no script and no external URL,
 * so it opens from disk, from an attachment or from a CI artifact alike. The summary first (a
 * table, then the same as the picture), then the project targets, then the detail charts per
 * suite and the bundle sizes.
 */
import type { TargetSection } from '../targets.js';
import { fmtTargetFigure, fmtTargetRatio, targetCounts, targetStatus, targetsTitle } from '../targets.js';
import { esc } from './format.js';
import type { DetailSvg } from './svg.js';
import { summaryCells, type SummaryJob } from './summary.js';

/**
 * An SVG document made fit to sit inside HTML: without its XML prologue and namespace attribute
 * (the HTML parser needs neither), and with the hatch pattern's id made unique per picture.
 */
export function inlineSvg(svg: string, id: string): string {
  return svg
    .replace(/^<\?xml[^>]*\?>\s*/, '')
    .replace(/ xmlns="[^"]*"/, '')
    .replace(/id="wasm-hatch"/g, `id="wasm-hatch-${id}"`)
    .replace(/url\(#wasm-hatch\)/g, `url(#wasm-hatch-${id})`)
    .trim();
}

const CSS = `
body { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; margin: 24px; color: #111; background: #fff; }
h1 { font-size: 24px; margin: 0 0 8px; }
h2 { font-size: 19px; margin: 32px 0 8px; border-bottom: 1px solid #999; padding-bottom: 4px; }
p.meta { font-size: 12px; color: #333; margin: 2px 0; }
p { font-size: 14px; }
table { border-collapse: collapse; font-size: 13px; margin: 8px 0 12px; }
th, td { border: 1px solid #ccc; padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #eef1f5; }
td.num { text-align: right; white-space: nowrap; }
tr.strata-fastest td.strata { font-weight: bold; }
td.faster { color: #1d7a36; }
td.slower { color: #a5281f; }
td.met { color: #1d7a36; }
td.not-met { color: #a5281f; }
.detail { font-size: 11px; color: #555; }
.chart { overflow-x: auto; margin: 8px 0 16px; }
.chart svg { display: block; max-width: 100%; height: auto; }
nav a { margin-right: 12px; }
`;

/** What the HTML report shows. */
export interface HtmlReport {
  /** The run's header lines (when, where, peers, notes). */
  readonly header: readonly string[];
  readonly summary: readonly SummaryJob[];
  /** The summary picture (an SVG document). */
  readonly summarySvg: string;
  readonly details: readonly DetailSvg[];
  /** The project targets, one section per issue (targets.ts `recordTargets`). */
  readonly targets: readonly TargetSection[];
}

function summaryTable(jobs: readonly SummaryJob[]): string {
  const rows = jobs.map((j) => {
    const c = summaryCells(j);
    const verdict = j.ratioToPeer === null ? '' : j.ratioToPeer < 1 ? 'faster' : 'slower';
    return `<tr${j.strataFastest ? ' class="strata-fastest"' : ''}><td><b>${esc(c.job)}</b><br><span class="detail">${esc(c.detail)}</span></td><td>${esc(c.fastest)}</td><td class="strata">${esc(c.strata)}${j.strataFastest ? ' ★' : ''}</td><td class="${verdict}">${esc(c.ratio)}</td><td>${esc(c.native)}</td></tr>`;
  });
  if (jobs.length === 0) rows.push('<tr><td colspan="5">No job of the summary was measured in this run.</td></tr>');
  return `<table id="summary-table"><thead><tr><th>job</th><th>fastest</th><th>Strata's best (engine)</th><th>Strata / fastest peer</th><th>native (same run)</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** One section of the project targets: its heading with the counts, what they are, the table. */
function targetsSection(sec: TargetSection): string {
  const rows = sec.targets.map((t) => {
    const cls = t.met === null ? '' : t.met ? 'met' : 'not-met';
    const r = fmtTargetRatio(t);
    const figs = t.met === null ? esc(t.reason ?? '') : `${esc(fmtTargetFigure(t.measured!, t.unit))} vs ${esc(fmtTargetFigure(t.baseline!, t.unit))} (${esc(t.baselineOf)})`;
    return `<tr><td>${esc(t.target)}</td><td>${figs}</td><td class="num">${esc(r.ratio)}</td><td class="num">${esc(r.limit)}</td><td class="${cls}">${targetStatus(t)}${t.note ? `<br><span class="detail">${esc(t.note)}</span>` : ''}</td></tr>`;
  });
  return [
    `<h2 id="targets-${sec.issue}">${esc(targetsTitle(sec))}: ${targetCounts(sec.targets)}</h2>`,
    `<p>Goals the project set itself for ${esc(sec.title)}, each checked on this run's figures. A target not met yet is work ahead, not a failure of the run.</p>`,
    `<table id="targets-table-${sec.issue}"><thead><tr><th>target</th><th>figures</th><th>ratio</th><th>limit</th><th>status</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
  ].join('\n');
}

/** The HTML report: one self-contained document. */
export function renderHtml(rep: HtmlReport): string {
  const parts: string[] = [];
  parts.push('<!DOCTYPE html>', '<html lang="en">', '<head>', '<meta charset="utf-8">', '<title>Strata benchmarks</title>', `<style>${CSS}</style>`, '</head>', '<body>');
  parts.push('<h1>Strata benchmarks</h1>');
  for (const h of rep.header) parts.push(`<p class="meta">${esc(h)}</p>`);
  const sections = [...new Map(rep.details.map((d) => [d.name.replace(/-\d+$/, ''), d.title.replace(/ \(\d+ of \d+\)$/, '')])).entries()];
  parts.push(`<nav><a href="#summary">summary</a><a href="#targets">project targets</a>${sections.map(([n, t]) => `<a href="#suite-${esc(n)}">${esc(t)}</a>`).join('')}</nav>`);
  parts.push('<section id="summary">', '<h2>Summary: who is fastest per job</h2>');
  parts.push(
    "<p>Median time per operation, every row measured in the same run on the same machine. <b>fastest</b>: the fastest row of the job (Strata, JavaScript, WebAssembly or native; ★ marks Strata when it is). <b>Strata's best</b>: Strata's fastest row, whose name says the engine (ts / wasm). <b>Strata / fastest peer</b>: Strata's time over the fastest JavaScript or WebAssembly peer's; below 1×, Strata is faster. <b>native</b>: the fastest native backend (Node addon, node:crypto), the ceiling on this machine.</p>",
  );
  parts.push(summaryTable(rep.summary));
  parts.push(`<div class="chart" id="summary-picture">${inlineSvg(rep.summarySvg, 'summary')}</div>`, '</section>');
  parts.push('<section id="targets">', ...rep.targets.map(targetsSection), '</section>');
  let open = '';
  rep.details.forEach((d, i) => {
    const sec = d.name.replace(/-\d+$/, '');
    if (sec !== open) {
      if (open !== '') parts.push('</section>');
      open = sec;
      parts.push(`<section id="suite-${esc(sec)}">`, `<h2>${esc(d.title.replace(/ \(\d+ of \d+\)$/, ''))}</h2>`);
    }
    parts.push(`<div class="chart" data-file="${esc(d.name)}">${inlineSvg(d.svg, `d${i}`)}</div>`);
  });
  if (open !== '') parts.push('</section>');
  parts.push('</body>', '</html>', '');
  return parts.join('\n');
}
