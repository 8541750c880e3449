/**
 * The bundle-size section of the table and of the Markdown summary: per typical import, the
 * Strata bundle beside the closest @noble/curves imports (minified and gzipped bytes), the
 * Strata bundle's budget, its ratio to noble against the target (uses where noble does the same
 * job), whether unused curves were tree-shaken away; then the namespace import of a
 * curve subpath beside named imports of it for the same job, against its target.
 */
import type { ImportFormRow, SizeReport, SizeRow } from '../size.js';

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

/** `1.42× ok` / `1.76× OVER` against the noble target, or '' when the target does not apply. */
function targetCell(r: SizeRow, rep: SizeReport): string {
  if (r.library !== 'strata' || r.nobleRatio === undefined) return '';
  const t = rep.targets ? ` ${r.withinNobleTarget ? 'ok' : 'OVER'}` : '';
  return `${r.nobleRatio.toFixed(2)}×${t}`;
}

function notes(r: SizeRow, rows: readonly SizeRow[]): string {
  if (r.status === 'error') return `does not bundle: ${r.error ?? ''}`;
  const out: string[] = [];
  if (r.library === 'strata') {
    const q = sizeRatio(rows, r.use);
    if (q !== undefined && r.nobleRatio === undefined) out.push(`${q.toFixed(2)}× noble-curves (gzip; noble's entry is a lower bound)`);
    if (r.unusedCurves) out.push(r.unusedCurves.length === 0 ? 'no unused curve' : `contains unused curve code: ${r.unusedCurves.join(', ')}`);
    if (r.largest && r.largest.length > 0) out.push(`largest: ${r.largest.slice(0, 3).map(([p, b]) => `${p.replace('/dist/', '/')} ${kb(b)}`).join(', ')}`);
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

function ratioHead(rep: SizeReport): string {
  return rep.targets ? `/ noble (≤ ${rep.targets.maxNobleRatio}×)` : '/ noble';
}

function pct(x: number): string {
  return `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`;
}

function formCells(f: ImportFormRow, rep: SizeReport): string[] {
  if (f.status === 'error' || !f.namespace || !f.subpath) return [f.id, '', '', '', `does not bundle: ${f.error ?? ''}`];
  const t = rep.targets ? (f.withinTarget ? ' ok' : ' OVER') : '';
  return [
    f.id,
    `${kb(f.namespace.minBytes)} / ${kb(f.namespace.gzipBytes)}`,
    `${kb(f.subpath.minBytes)} / ${kb(f.subpath.gzipBytes)}`,
    `${pct(f.gzipOverhead as number)}${t}`,
    `minified ${pct(f.minOverhead as number)}`,
  ];
}

function formHead(rep: SizeReport): string {
  return rep.targets ? `namespace − named, gzip (≤ ${(rep.targets.maxNamespaceOverhead * 100).toFixed(0)} %)` : 'namespace − named, gzip';
}

function textTable(head: string[], all: string[][], right: (i: number) => boolean, wide: number): string[] {
  const w = head.map((h, i) => Math.min(i === wide ? 200 : 44, Math.max([...h].length, ...all.map((c) => [...(c[i] ?? '')].length))));
  const lines = [head.map((h, i) => pad(h, w[i] as number, right(i))).join('  ').trimEnd()];
  let prev = '';
  for (const c of all) {
    const shown = [...c];
    if (c[0] === prev) shown[0] = '';
    prev = c[0] as string;
    lines.push(shown.map((x, i) => pad(x, w[i] as number, right(i))).join('  ').trimEnd());
  }
  return lines;
}

/** Plain-text section for the terminal table. */
export function renderSizeTable(rep: SizeReport): string {
  const head = ['use', 'library', 'minified', 'gzip', 'gzip budget', ratioHead(rep), 'notes'];
  const all = rep.rows.map((r) => [r.use, r.library, kb(r.minBytes), kb(r.gzipBytes), budgetCell(r), targetCell(r, rep), notes(r, rep.rows)]);
  const lines = ['', `━━ Bundle size of typical imports (${rep.tool}; ${rep.compression}) ━━`];
  lines.push(...textTable(head, all, (i) => i >= 2 && i <= 5, 6));
  if (rep.forms && rep.forms.length > 0) {
    lines.push('', "Namespace import of a curve subpath (`import * as secp256k1 from '@strata/curves/secp256k1'`) beside named imports of it, same job (minified / gzip):");
    lines.push(...textTable(['curve', 'namespace', 'named', formHead(rep), 'notes'], rep.forms.map((f) => formCells(f, rep)), (i) => i >= 1 && i <= 3, 4));
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
    `${rep.tool}; ${rep.compression}. Budgets and targets: \`benchmarks/size-budget.json\` (the test fails over a budget or a target).`,
    '',
    `| use | library | imports | minified | gzip | gzip budget | gzip ${ratioHead(rep)} | notes |`,
    '|---|---|---|---:|---:|---|---|---|',
  ];
  let prev = '';
  for (const r of rep.rows) {
    const use = r.use === prev ? '' : cell(r.title);
    prev = r.use;
    const lib = r.library === 'strata' ? '**strata**' : r.library;
    out.push(`| ${use} | ${lib} | \`${cell(r.imports)}\` | ${kb(r.minBytes)} | ${kb(r.gzipBytes)} | ${budgetCell(r)} | ${targetCell(r, rep)} | ${cell(notes(r, rep.rows))} |`);
  }
  out.push('');
  if (rep.forms && rep.forms.length > 0) {
    out.push('Namespace import of a curve subpath beside named imports of it, same job (minified / gzip):', '');
    out.push(`| job | namespace import | named imports | namespace | named | ${formHead(rep)} | notes |`, '|---|---|---|---:|---:|---|---|');
    for (const f of rep.forms) {
      const c = formCells(f, rep);
      out.push(`| ${cell(f.title)} | \`${cell(f.namespaceImports)}\` | \`${cell(f.subpathImports)}\` | ${c[1]} | ${c[2]} | ${c[3]} | ${cell(c[4] as string)} |`);
    }
    out.push('');
  }
  return out.join('\n');
}
