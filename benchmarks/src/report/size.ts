/**
 * The bundle-size section of the table and of the Markdown summary: per typical import, the
 * Strata bundle beside the closest @noble/curves imports (minified and gzipped bytes), the
 * Strata bundle's budget, and whether unused curves were tree-shaken away.
 */
import type { SizeReport, SizeRow } from '../size.js';

function kb(b: number | undefined): string {
  if (b === undefined) return '';
  return b < 1024 ? `${b} B` : `${(b / 1024).toFixed(1)} KB`;
}

function pad(s: string, w: number, right = false): string {
  const len = [...s].length;
  if (len >= w) return s;
  return right ? ' '.repeat(w - len) + s : s + ' '.repeat(w - len);
}

/** Strata gzip / noble gzip of the same use, when both bundled. */
export function sizeRatio(rows: readonly SizeRow[], use: string): number | undefined {
  const s = rows.find((r) => r.use === use && r.library === 'strata');
  const n = rows.find((r) => r.use === use && r.library === 'noble-curves');
  if (!s?.gzipBytes || !n?.gzipBytes) return undefined;
  return s.gzipBytes / n.gzipBytes;
}

function notes(r: SizeRow, rows: readonly SizeRow[]): string {
  if (r.status === 'error') return `does not bundle: ${r.error ?? ''}`;
  const out: string[] = [];
  if (r.library === 'strata') {
    const q = sizeRatio(rows, r.use);
    if (q !== undefined) out.push(`${q.toFixed(2)}× noble-curves (gzip)`);
    if (r.unusedCurves) out.push(r.unusedCurves.length === 0 ? 'no unused curve' : `contains unused curve code: ${r.unusedCurves.join(', ')}`);
  } else if (r.note) {
    out.push(r.note);
  }
  return out.join('; ');
}

function budgetCell(r: SizeRow): string {
  if (r.budgetGzipBytes === undefined) return '';
  if (r.status === 'error') return `${kb(r.budgetGzipBytes)} (not built)`;
  return `${kb(r.budgetGzipBytes)} ${r.withinBudget ? 'ok' : 'OVER'}`;
}

/** Plain-text section for the terminal table. */
export function renderSizeTable(rep: SizeReport): string {
  const head = ['use', 'library', 'minified', 'gzip', 'gzip budget', 'notes'];
  const all = rep.rows.map((r) => [r.use, r.library, kb(r.minBytes), kb(r.gzipBytes), budgetCell(r), notes(r, rep.rows)]);
  const w = head.map((h, i) => Math.min(i === 5 ? 200 : 40, Math.max(h.length, ...all.map((c) => [...(c[i] ?? '')].length))));
  const lines = ['', `━━ Bundle size of typical imports (${rep.tool}; ${rep.compression}) ━━`];
  lines.push(head.map((h, i) => pad(h, w[i] as number, i >= 2 && i <= 4)).join('  '));
  let prev = '';
  for (const c of all) {
    const shown = [...c];
    if (c[0] === prev) shown[0] = '';
    prev = c[0] as string;
    lines.push(shown.map((x, i) => pad(x, w[i] as number, i >= 2 && i <= 4)).join('  ').trimEnd());
  }
  return lines.join('\n');
}

function cell(s: string): string {
  return s.replace(/\|/g, '\\|');
}

/** Markdown section for results/latest.md and docs/benchmarks.md. */
export function renderSizeMarkdown(rep: SizeReport): string {
  const out = [
    '### Bundle size of typical imports',
    '',
    `${rep.tool}; ${rep.compression}. Budgets: \`benchmarks/size-budget.json\` (the test fails over budget).`,
    '',
    '| use | library | imports | minified | gzip | gzip budget | notes |',
    '|---|---|---|---:|---:|---|---|',
  ];
  let prev = '';
  for (const r of rep.rows) {
    const use = r.use === prev ? '' : cell(r.title);
    prev = r.use;
    const lib = r.library === 'strata' ? '**strata**' : r.library;
    out.push(`| ${use} | ${lib} | \`${cell(r.imports)}\` | ${kb(r.minBytes)} | ${kb(r.gzipBytes)} | ${budgetCell(r)} | ${cell(notes(r, rep.rows))} |`);
  }
  out.push('');
  return out.join('\n');
}
