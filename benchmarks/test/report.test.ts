/**
 * The report's pictures and HTML (src/report/svg.ts, html.ts): every text inside its picture's
 * viewBox (by a conservative width per character; report.chromium.test.ts measures the real
 * boxes), no picture taller than MAX_CHART_HEIGHT, one colour per backend in every picture and
 * no two backends of a picture sharing one, and an HTML report that needs nothing from outside.
 * Rendered from the committed record (read only) and from synthetic suites.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRecord, PACKAGE_ROOT, runPaths, writeOutputs, type BenchRecord } from '../src/main.js';
import { renderHtml } from '../src/report/html.js';
import { fmtFigure, fmtVerdict, summarize } from '../src/report/summary.js';
import { recordTargets, targetCounts } from '../src/targets.js';
import { Colors, MAX_CHART_HEIGHT, PALETTE, renderDetailSvgs, renderSummarySvg, textW } from '../src/report/svg.js';
import type { Row, SuiteResult } from '../src/types.js';
import { esc } from '../src/report/format.js';
import { flatStats } from './stats.js';

const tree = mkdtempSync(path.join(os.tmpdir(), 'strata-bench-report-'));
const saved = process.env.STRATA_BENCH_REPO;
let record: BenchRecord;

beforeAll(() => {
  process.env.STRATA_BENCH_REPO = tree;
  record = loadRecord(path.join(PACKAGE_ROOT, 'results', 'latest.json'));
});
afterAll(() => {
  if (saved === undefined) delete process.env.STRATA_BENCH_REPO;
  else process.env.STRATA_BENCH_REPO = saved;
  rmSync(tree, { recursive: true, force: true });
});

const unescape = (s: string): string => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** Each text element's estimated box that falls outside the SVG's viewBox (empty: all fit). */
function textsOutside(svg: string): string[] {
  const vb = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!vb) throw new Error('no viewBox');
  const [W, H] = [Number(vb[1]), Number(vb[2])];
  const bad: string[] = [];
  let n = 0;
  for (const m of svg.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)) {
    n++;
    const attrs = m[1]!;
    const content = unescape(m[2]!);
    const num = (k: string): number => Number(new RegExp(`\\b${k}="([-\\d.]+)"`).exec(attrs)?.[1]);
    const [x, y, size] = [num('x'), num('y'), num('font-size')];
    if (![x, y, size].every(Number.isFinite)) throw new Error(`text without x, y or font-size: ${m[0]}`);
    if (attrs.includes('transform=')) throw new Error(`rotated text is not checked: ${m[0]}`);
    const w = textW(content, size, attrs.includes('font-weight="bold"'));
    const anchor = /text-anchor="(\w+)"/.exec(attrs)?.[1] ?? 'start';
    const x0 = anchor === 'middle' ? x - w / 2 : anchor === 'end' ? x - w : x;
    const x1 = x0 + w;
    if (x0 < 0 || x1 > W || y - size < 0 || y + size * 0.3 > H) bad.push(`"${content}" at x ${x0.toFixed(0)}–${x1.toFixed(0)}, y ${y} in ${W}×${H}`);
  }
  if (n === 0) throw new Error('no text elements');
  return bad;
}

/** backend → colour of every swatch, bar and line in `svg` (throws when a backend has two colours, or two backends one). */
function colorsIn(svg: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of svg.matchAll(/data-backend="([^"]*)" data-color="([^"]*)"/g)) {
    const [b, c] = [unescape(m[1]!), m[2]!];
    const had = map.get(b);
    if (had !== undefined && had !== c) throw new Error(`${b} drawn in ${had} and ${c}`);
    map.set(b, c);
  }
  const byColor = new Map<string, string>();
  for (const [b, c] of map) {
    const other = byColor.get(c);
    if (other !== undefined) throw new Error(`${b} and ${other} share ${c}`);
    byColor.set(c, b);
  }
  return map;
}

const heightOf = (svg: string): number => Number(/viewBox="0 0 [\d.]+ ([\d.]+)"/.exec(svg)![1]);

describe('the pictures of the committed record', () => {
  let summarySvg: string;
  let details: ReturnType<typeof renderDetailSvgs>;
  beforeAll(() => {
    const colors = new Colors();
    summarySvg = renderSummarySvg(summarize(record), ['line one of the header', 'line two'], colors);
    const sizes = record.sizes && !('error' in record.sizes) ? record.sizes : undefined;
    details = renderDetailSvgs(record.suites, ['a header line that is long enough to need wrapping '.repeat(8).trim()], sizes, colors);
  });

  it('the summary picture shows every job of the summary, who is fastest and the ratio', () => {
    for (const j of summarize(record)) expect(summarySvg).toContain(`data-job="${j.job}"`);
    // Each job's native figure, its verdict against the fastest peer and the bar's ratio, as the record has them.
    const jobs = summarize(record);
    for (const j of jobs) {
      if (j.native) expect(summarySvg, j.job).toContain(esc(`${j.native.backend} ${fmtFigure(j.native, j.unit)}`));
      if (j.ratioToPeer !== null) {
        expect(summarySvg, j.job).toContain(esc(`${fmtVerdict(j.ratioToPeer)} than ${j.peer!.backend}`));
        expect(summarySvg, j.job).toContain(`data-ratio="${j.ratioToPeer}"`);
      }
    }
    expect(jobs.some((j) => j.native !== null && j.ratioToPeer !== null && j.ratioToPeer < 1)).toBe(true);
    expect(heightOf(summarySvg)).toBeLessThanOrEqual(MAX_CHART_HEIGHT);
  });

  it('one detail file per suite (more where the charts would be taller than the limit), and the sizes', () => {
    const names = details.map((d) => d.name);
    for (const s of record.suites) expect(names, s.name).toContain(s.name);
    expect(names).toContain('sizes');
    expect(names.filter((n) => n.startsWith('curves')).length).toBeGreaterThan(1);
    for (const d of details) {
      expect(d.height, d.name).toBeLessThanOrEqual(MAX_CHART_HEIGHT);
      expect(heightOf(d.svg), d.name).toBe(d.height);
    }
    // Every chart of every suite is in one of the files.
    const all = details.map((d) => d.svg).join('\n');
    for (const s of record.suites) for (const c of s.charts) expect(all, c.title).toContain(c.title.replace(/&/g, '&amp;'));
  });

  it('every text fits inside its picture', () => {
    expect(textsOutside(summarySvg)).toEqual([]);
    for (const d of details) expect(textsOutside(d.svg), d.name).toEqual([]);
  });

  it('each backend has one colour in every picture, and no picture gives two backends the same', () => {
    const seen = new Map<string, string>();
    for (const svg of [summarySvg, ...details.map((d) => d.svg)]) {
      for (const [b, c] of colorsIn(svg)) {
        expect(seen.get(b) ?? c, b).toBe(c);
        seen.set(b, c);
      }
    }
    expect(seen.size).toBeGreaterThan(20);
    expect(seen.get('strata (wasm)')).toBe(PALETTE['strata (wasm)']);
    expect(seen.get('sodium-native')).toBe(PALETTE['sodium-native']);
  });
});

describe('the palette', () => {
  it('names no colour twice', () => {
    const values = Object.values(PALETTE);
    expect(new Set(values).size).toBe(values.length);
  });

  it('gives backends it does not name colours of their own, none already in use, the same each time', () => {
    const c = new Colors();
    const fresh = Array.from({ length: 40 }, (_, i) => c.of(`peer-${i}`));
    expect(new Set(fresh).size).toBe(40);
    for (const x of fresh) expect(Object.values(PALETTE)).not.toContain(x);
    expect(c.of('peer-3')).toBe(fresh[3]);
    expect(c.of('noble-curves')).toBe(PALETTE['noble-curves']);
  });
});

function row(opId: string, group: string, op: string, backend: string, ns: number): Row {
  return {
    suite: 'fake',
    group,
    opId,
    op,
    unit: 'op',
    backend,
    kind: backend.startsWith('strata') ? 'strata' : 'js',
    platform: 'node',
    status: 'ok',
    stats: flatStats(ns, { spread: 0.1 }),
  };
}

describe('pictures of synthetic suites', () => {
  it('a label of any length widens its chart instead of being cut', () => {
    const long = `an operation with a very long name ${'that goes on '.repeat(12)}`.trim();
    const s: SuiteResult = {
      name: 'fake',
      title: 'Fake',
      rows: [row('a', 'g', long, 'strata', 100), row('a', 'g', long, `a peer with a long name ${'x'.repeat(120)}`, 1e9)],
      charts: [{ kind: 'bars', title: 'Fake bars' }],
      elapsedMs: 1,
      backends: [],
    };
    const [d] = renderDetailSvgs([s], ['header']);
    expect(d!.width).toBeGreaterThan(textW(long) + 560);
    expect(textsOutside(d!.svg)).toEqual([]);
  });

  it('a bar chart taller than the limit is split by groups into files within it', () => {
    const rows: Row[] = [];
    for (let g = 0; g < 12; g++) for (let o = 0; o < 10; o++) for (const b of ['strata', 'noble-curves', 'elliptic']) rows.push(row(`g${g}/o${o}`, `group ${g}`, `op ${o}`, b, 100 * (o + 1)));
    const s: SuiteResult = { name: 'fake', title: 'Fake', rows, charts: [{ kind: 'bars', title: 'Fake bars' }], elapsedMs: 1, backends: [] };
    const files = renderDetailSvgs([s], ['header']);
    expect(files.length).toBeGreaterThan(1);
    expect(files.map((f) => f.name)).toEqual(files.map((_, i) => (i === 0 ? 'fake' : `fake-${i + 1}`)));
    for (const f of files) {
      expect(f.height).toBeLessThanOrEqual(MAX_CHART_HEIGHT);
      expect(textsOutside(f.svg)).toEqual([]);
    }
    // Every group is drawn, once.
    const all = files.map((f) => f.svg).join('');
    for (let g = 0; g < 12; g++) expect(all.match(new RegExp(`>group ${g}<`, 'g'))?.length, `group ${g}`).toBe(1);
  });

  it('a run with no job of the summary says so in the summary picture', () => {
    const svg = renderSummarySvg([], ['header']);
    expect(svg).toContain('No job of the summary was measured in this run');
    expect(textsOutside(svg)).toEqual([]);
  });
});

describe('the HTML report', () => {
  it('is one self-contained file: inline CSS and SVGs, no script, no external URL; the summary first', () => {
    const summary = summarize(record);
    const colors = new Colors();
    const details = renderDetailSvgs(record.suites, ['h'], undefined, colors);
    const html = renderHtml({ header: ['when', 'where'], summary, summarySvg: renderSummarySvg(summary, ['h'], colors), details, targets: recordTargets(record) });
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).not.toMatch(/<script|<link|<iframe|<img|@import/i);
    expect(html).not.toMatch(/\b(src|href)\s*=\s*["']?\s*(https?:)?\/\//i);
    expect(html).not.toMatch(/url\(\s*["']?(https?:)?\/\//i);
    expect(html).not.toMatch(/https?:/i);
    expect(html).not.toContain('<?xml');
    // Every picture inline, each with its own hatch pattern id.
    expect(html.match(/<svg /g)?.length).toBe(details.length + 1);
    const ids = [...html.matchAll(/<pattern id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const m of html.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(m[1]);
    // The summary table comes before every suite's section, the targets are the project's.
    const first = html.indexOf('id="summary-table"');
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(html.indexOf('id="suite-'));
    // Every section of the project targets, in order, each with its counts from the record.
    const sections = recordTargets(record);
    expect(sections.map((s) => s.issue)).toEqual([13, 22, 24]);
    let at = html.indexOf('<section id="targets">');
    expect(at).toBeGreaterThan(first);
    for (const sec of sections) {
      const met = sec.targets.filter((t) => t.met === true).length;
      const missed = sec.targets.filter((t) => t.met === false).length;
      const none = sec.targets.filter((t) => t.met === null).length;
      expect(met + missed, `issue ${sec.issue}`).toBeGreaterThan(0);
      const heading = `<h2 id="targets-${sec.issue}">Project targets (issue ${sec.issue}, ${sec.title}): ${met} met, ${missed} not met yet, ${none} not measured (of ${sec.targets.length})</h2>`;
      expect(targetCounts(sec.targets)).toBe(`${met} met, ${missed} not met yet, ${none} not measured (of ${sec.targets.length})`);
      const here = html.indexOf(heading);
      expect(here, heading).toBeGreaterThan(at);
      at = here;
      // One table row per target.
      const table = html.slice(html.indexOf(`<table id="targets-table-${sec.issue}">`));
      expect(table.slice(0, table.indexOf('</table>')).match(/<tr><td>/g)?.length, `issue ${sec.issue}`).toBe(sec.targets.length);
    }
    expect(html).toContain('not a failure of the run');
    expect(html).toContain('<td class="not-met">not met yet');
    expect(html).not.toMatch(/MISSED|missed/);
  });
});

describe('the files a render writes', () => {
  it('bench.svg (summary), bench-<suite>.svg beside it, bench.md and bench.html; stale detail files of an earlier render go', () => {
    const out = path.dirname(runPaths().json);
    const stale = path.join(out, 'bench-ring-7.svg');
    const foreign = path.join(out, 'bench-mine.svg');
    writeOutputs({ ...record, suites: record.suites.filter((s) => s.name === 'ring') }, { jsonPath: null });
    writeFileSync(stale, '<svg/>');
    writeFileSync(foreign, '<svg/>');
    const r = writeOutputs(record, {});
    expect(r.svgPath).toBe(path.join(out, 'bench.svg'));
    expect(r.htmlPath).toBe(path.join(out, 'bench.html'));
    expect(r.detailPaths[0]).toBe(path.join(out, 'bench-field.svg'));
    for (const f of [r.svgPath!, r.mdPath!, r.htmlPath!, ...r.detailPaths]) expect(existsSync(f), f).toBe(true);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(foreign)).toBe(true);
    const svgs = readdirSync(out).filter((f) => f.endsWith('.svg')).sort();
    expect(svgs).toEqual(['bench-mine.svg', 'bench.svg', ...r.detailPaths.map((f) => path.basename(f))].sort());
    expect(readFileSync(r.svgPath!, 'utf8')).toContain('who is fastest per job');
    const md = readFileSync(r.mdPath!, 'utf8');
    expect(md.indexOf('### Summary: who is fastest per job')).toBeGreaterThan(0);
    expect(md.indexOf('### Summary: who is fastest per job')).toBeLessThan(md.indexOf('### Field arithmetic'));
    // The summary ends with the Go figures: measured in this run where the record has go rows, else cited.
    const measuredGo = record.suites.some((s) => s.rows.some((x) => x.kind === 'go'));
    expect(r.table.trimEnd().split('\n').at(-1)).toMatch(measuredGo ? /^ {2}Go, measured in this run: / : /^ {2}Go, cited, not measured in this run: /);
    expect(r.table).toContain('━━ Project targets (issue 13, the WebAssembly engine)');
    expect(r.table).toContain('━━ Project targets (issue 22, @strata/secp256k1-signatures)');
    expect(r.table).not.toContain('MISSED');
    expect(md).toContain('### @strata/secp256k1-signatures targets (issue 22)');
  });
});
