/**
 * The native column: ratioToNative / fastestNative computed from the medians (the fastest row of
 * kind `native` for the op, or for its `compareTo` op), the best peer kept to JavaScript and
 * WebAssembly peers, the closing "Strata vs native" note, and the column in the table, the
 * Markdown and the SVG; plus the upgrade of records written with the old kinds.
 */
import { describe, expect, it } from 'vitest';
import { computeRatios, nativeGaps } from '../src/runner.js';
import { upgradeKinds } from '../src/main.js';
import { renderNativeNote, renderTable } from '../src/report/table.js';
import { renderMarkdown } from '../src/report/markdown.js';
import { renderDetailSvgs } from '../src/report/svg.js';
import { summarize } from '../src/harness.js';
import type { BackendKind, OpSpec, Row, SuiteResult } from '../src/types.js';

const row = (opId: string, backend: string, kind: BackendKind, ns: number, status: Row['status'] = 'ok'): Row => ({
  suite: 'fake',
  group: 'g',
  opId,
  op: opId,
  unit: opId === 'batch' ? 'sig' : 'op',
  backend,
  kind,
  status,
  ...(status === 'ok' ? { stats: summarize([ns], 1, 0) } : { reason: 'boom' }),
});

const OPS: OpSpec[] = [
  { id: 'x', group: 'g', label: 'x' },
  { id: 'batch', group: 'g', label: 'batch', unit: 'sig', compareTo: 'x' },
  { id: 'y', group: 'g', label: 'y' },
];

function fixture(): Row[] {
  return [
    row('x', 'strata', 'strata', 100),
    row('x', 'strata (cached)', 'strata', 80),
    row('x', 'js-peer', 'js', 200),
    row('x', 'wasm-peer', 'wasm', 150),
    row('x', 'addon-a', 'native', 40),
    row('x', 'addon-b', 'native', 25),
    row('x', 'broken-addon', 'native', 1, 'error'),
    row('x', 'Go (reference)', 'cited', 10),
    row('batch', 'strata', 'strata', 50),
    row('y', 'strata', 'strata', 7),
    row('y', 'js-peer', 'js', 14),
  ];
}

const find = (rows: Row[], op: string, b: string): Row => rows.find((r) => r.opId === op && r.backend === b) as Row;

describe('computeRatios: the native column', () => {
  it('divides by the fastest measured native row of the op; that row is the ceiling (1)', () => {
    const rows = fixture();
    computeRatios(rows, OPS);
    expect(find(rows, 'x', 'strata').ratioToNative).toBeCloseTo(4, 12);
    expect(find(rows, 'x', 'strata').fastestNative).toBe('addon-b');
    expect(find(rows, 'x', 'js-peer').ratioToNative).toBeCloseTo(8, 12);
    expect(find(rows, 'x', 'wasm-peer').ratioToNative).toBeCloseTo(6, 12);
    expect(find(rows, 'x', 'addon-a').ratioToNative).toBeCloseTo(1.6, 12);
    expect(find(rows, 'x', 'addon-b').ratioToNative).toBe(1);
  });

  it('ignores errored native rows and never uses or annotates a cited row', () => {
    const rows = fixture();
    computeRatios(rows, OPS);
    // broken-addon's "1 ns" would be the ceiling if errored rows counted.
    expect(find(rows, 'x', 'strata').fastestNative).toBe('addon-b');
    expect(find(rows, 'x', 'Go (reference)').ratioToNative).toBeUndefined();
    expect(find(rows, 'x', 'broken-addon').ratioToNative).toBeUndefined();
  });

  it('an op without native rows uses those of its compareTo op; an op with neither has no native ratio', () => {
    const rows = fixture();
    computeRatios(rows, OPS);
    expect(find(rows, 'batch', 'strata').ratioToNative).toBeCloseTo(2, 12);
    expect(find(rows, 'batch', 'strata').fastestNative).toBe('addon-b');
    expect(find(rows, 'y', 'strata').ratioToNative).toBeUndefined();
    expect(find(rows, 'y', 'strata').fastestNative).toBeUndefined();
  });

  it('the best peer is the fastest JavaScript or WebAssembly peer; ratioToPeers still lists the native ones', () => {
    const rows = fixture();
    computeRatios(rows, OPS);
    const s = find(rows, 'x', 'strata');
    expect(s.bestPeer).toBe('wasm-peer');
    expect(s.ratioToBestPeer).toBeCloseTo(100 / 150, 12);
    expect(Object.keys(s.ratioToPeers!).sort()).toEqual(['addon-a', 'addon-b', 'js-peer', 'wasm-peer']);
    expect(find(rows, 'x', 'Go (reference)').ratioToBestPeer).toBeUndefined();
    expect(find(rows, 'y', 'strata').bestPeer).toBe('js-peer');
  });

  it('nativeGaps: per op, Strata\'s fastest row against the native ceiling', () => {
    const rows = fixture();
    computeRatios(rows, OPS);
    const gaps = nativeGaps([{ name: 'fake', title: 'Fake', rows, charts: [], elapsedMs: 1, backends: [] }]);
    expect(gaps.map((g) => g.opId)).toEqual(['x', 'batch']);
    expect(gaps[0]).toMatchObject({ strataBackend: 'strata (cached)', nativeBackend: 'addon-b', strataNs: 80, nativeNs: 25 });
    expect(gaps[0]!.ratio).toBeCloseTo(3.2, 12);
    expect(gaps[1]).toMatchObject({ strataBackend: 'strata', nativeBackend: 'addon-b', unit: 'sig' });
  });
});

describe('reports carry the native column', () => {
  const rows = fixture();
  computeRatios(rows, OPS);
  const results: SuiteResult[] = [{ name: 'fake', title: 'Fake suite', rows, charts: [{ kind: 'bars', title: 'Fake bars' }], elapsedMs: 1, backends: [] }];

  it('table: kind and vs-native columns, and the closing note', () => {
    const t = renderTable(results);
    expect(t).toMatch(/kind\s+median/);
    expect(t).toContain('vs native');
    expect(t).toContain('4.00× addon-b');
    expect(t).toContain('ceiling');
    const note = renderNativeNote(results);
    expect(note).toContain('Strata vs native');
    expect(note).toMatch(/fake · g · x\s+strata \(cached\) 80\.0 ns vs addon-b 25\.0 ns: 3\.20×/);
  });

  it('Markdown: vs native column and the Strata vs native section', () => {
    const md = renderMarkdown(results, ['header']);
    expect(md).toContain('| op | backend | kind | median | spread | ops/s | bytes/op | vs native | vs best peer | vs Go |');
    expect(md).toContain('| 4.00× addon-b |');
    expect(md).toContain('### Strata vs native');
    expect(md).toMatch(/\| fake \| g · x \| strata \(cached\) 80\.0 ns \| addon-b 25\.0 ns \| 3\.20× \(3\.20× slower\) \|/);
  });

  it('SVG: native bars are outlined and tagged, WASM bars hatched, Strata bars print their distance to native', () => {
    const svg = renderDetailSvgs(results, ['header']).map((d) => d.svg).join('\n');
    expect(svg).toMatch(/<rect [^>]*data-kind="native" stroke="#000" stroke-width="1\.6"/);
    expect(svg).toContain('25.0 ns · native');
    expect(svg).toContain('fill="url(#wasm-hatch)"');
    expect(svg).toContain('<pattern id="wasm-hatch"');
    expect(svg).toContain('100 ns (4.00× native)');
    expect(svg).toContain('addon-b (native)');
    expect(svg).toContain('wasm-peer (WASM)');
    expect(svg).toContain('Go (reference) (cited, not measured)');
  });
});

describe('records written with the old kinds', () => {
  it('peer rows take their adapter\'s kind, reference rows become cited, and the ratios are recomputed', () => {
    const old = fixture().map((r) => ({ ...r, kind: (r.kind === 'cited' ? 'reference' : r.kind === 'strata' ? 'strata' : 'peer') as BackendKind }));
    const up = upgradeKinds({ name: 'fake', title: 'Fake', rows: old, charts: [], elapsedMs: 1, backends: [{ backend: 'addon-b', kind: 'peer' as BackendKind, description: '', status: 'loaded' }] }, [
      ['addon-a', 'native'],
      ['addon-b', 'native'],
      ['wasm-peer', 'wasm'],
    ]);
    expect(find(up.rows, 'x', 'addon-b').kind).toBe('native');
    expect(find(up.rows, 'x', 'js-peer').kind).toBe('js');
    expect(find(up.rows, 'x', 'Go (reference)').kind).toBe('cited');
    expect(up.backends[0]!.kind).toBe('native');
    expect(find(up.rows, 'x', 'strata').ratioToNative).toBeCloseTo(4, 12);
    expect(find(up.rows, 'x', 'strata').bestPeer).toBe('wasm-peer');
  });
});
