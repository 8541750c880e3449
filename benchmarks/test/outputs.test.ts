/**
 * Where a run writes (src/main.ts): a user's run into the git-ignored benchmarks/out/bench.*, the
 * committed record benchmarks/results/latest.* only with `record: true` (`pnpm bench --record`),
 * `--from` of a committed record into benchmarks/out/; and the record writer (runBench) puts the
 * run's duration `elapsedMs` into every record, which the root README's Quick start quotes
 * (scripts/test/readme-timings.test.ts). STRATA_BENCH_REPO points every output at a temporary
 * tree, so nothing here writes into the repository.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailSvgPath, fromOutputPath, isRecordFile, loadRecord, outDir, outputRoot, PACKAGE_ROOT, recordPaths, resultsDir, runBench, runPaths, writeOutputs, type BenchRecord } from '../src/main.js';

const tree = mkdtempSync(path.join(os.tmpdir(), 'strata-bench-outputs-'));
const saved = process.env.STRATA_BENCH_REPO;
const ownLatest = path.join(PACKAGE_ROOT, 'results', 'latest.json');
// One real record (the committed one, only read) to render.
let record: BenchRecord;

beforeAll(() => {
  process.env.STRATA_BENCH_REPO = tree;
  record = loadRecord(ownLatest);
});
afterAll(() => {
  if (saved === undefined) delete process.env.STRATA_BENCH_REPO;
  else process.env.STRATA_BENCH_REPO = saved;
  rmSync(tree, { recursive: true, force: true });
});

const under = (...p: string[]): string => path.join(tree, 'benchmarks', ...p);

describe('output locations', () => {
  it('STRATA_BENCH_REPO names the tree; unset or empty, the repository benchmarks/ stands in', () => {
    expect(outputRoot()).toBe(tree);
    expect(outDir()).toBe(under('out'));
    expect(resultsDir()).toBe(under('results'));
    process.env.STRATA_BENCH_REPO = '';
    try {
      expect(outputRoot()).toBe(path.resolve(PACKAGE_ROOT, '..'));
      expect(runPaths().json).toBe(path.join(PACKAGE_ROOT, 'out', 'bench.json'));
    } finally {
      process.env.STRATA_BENCH_REPO = tree;
    }
  });

  it('a run writes benchmarks/out/bench.*, the record is benchmarks/results/latest.*', () => {
    expect(runPaths()).toEqual({ json: under('out', 'bench.json'), svg: under('out', 'bench.svg'), md: under('out', 'bench.md'), html: under('out', 'bench.html') });
    expect(recordPaths()).toEqual({ json: under('results', 'latest.json'), svg: under('results', 'latest.svg'), md: under('results', 'latest.md'), html: under('results', 'latest.html') });
    expect(detailSvgPath(runPaths().svg, 'ring')).toBe(under('out', 'bench-ring.svg'));
  });

  it('the committed record is latest.{json,svg,md,html} and latest-<suite>.svg of the tree and of this repository, nothing else', () => {
    for (const f of [...Object.values(recordPaths()), ownLatest, path.join(PACKAGE_ROOT, 'results', 'latest.md'), path.join(PACKAGE_ROOT, 'results', 'latest.html'), under('results', 'latest-ring.svg'), path.join(PACKAGE_ROOT, 'results', 'latest-curves-2.svg')]) {
      expect(isRecordFile(f), f).toBe(true);
    }
    for (const f of [under('results', '2026-12-01-before-engine.json'), under('out', 'bench.json'), under('out', 'latest-ring.svg'), under('results', 'latest.txt'), under('results', 'latest-ring.md'), path.join(tree, 'latest.json')]) {
      expect(isRecordFile(f), f).toBe(false);
    }
  });

  it('--from renders next to the record, except a record in benchmarks/results/: then into benchmarks/out/', () => {
    expect(fromOutputPath(under('results', 'latest.json'), '.svg')).toBe(under('out', 'latest.svg'));
    expect(fromOutputPath(under('results', '2026-12-01-before-engine.json'), '.md')).toBe(under('out', '2026-12-01-before-engine.md'));
    expect(fromOutputPath(ownLatest, '.md')).toBe(under('out', 'latest.md'));
    expect(fromOutputPath(under('out', 'bench.json'), '.svg')).toBe(under('out', 'bench.svg'));
    expect(fromOutputPath(path.join(tree, 'mine', 'run.json'), '.svg')).toBe(path.join(tree, 'mine', 'run.svg'));
    // A folder whose name only starts like results/ is not it.
    expect(fromOutputPath(under('results-old', 'a.json'), '.svg')).toBe(under('results-old', 'a.svg'));
  });
});

describe('writeOutputs', () => {
  it('by default writes benchmarks/out/bench.{json,svg,md,html} and bench-<suite>.svg, and not the record', () => {
    const r = writeOutputs(record, {});
    expect([r.jsonPath, r.svgPath, r.mdPath, r.htmlPath]).toEqual([under('out', 'bench.json'), under('out', 'bench.svg'), under('out', 'bench.md'), under('out', 'bench.html')]);
    expect(r.detailPaths).toContain(under('out', 'bench-ring.svg'));
    for (const f of r.detailPaths) expect(existsSync(f), f).toBe(true);
    expect((JSON.parse(readFileSync(under('out', 'bench.json'), 'utf8')) as BenchRecord).date).toBe(record.date);
    expect(existsSync(under('results'))).toBe(false);
  });

  it('with record: true writes benchmarks/results/latest.{json,svg,md,html} and latest-<suite>.svg', () => {
    const r = writeOutputs(record, { record: true });
    try {
      expect([r.jsonPath, r.svgPath, r.mdPath, r.htmlPath]).toEqual(Object.values(recordPaths()));
      for (const f of Object.values(recordPaths())) expect(existsSync(f), f).toBe(true);
      expect(r.detailPaths).toContain(under('results', 'latest-field.svg'));
      for (const f of r.detailPaths) expect(isRecordFile(f), f).toBe(true);
    } finally {
      rmSync(under('results'), { recursive: true });
    }
  });

  it('puts the SVG and Markdown next to a JSON path given', () => {
    const json = path.join(tree, 'mine', 'x.json');
    const r = writeOutputs(record, { jsonPath: json });
    expect([r.svgPath, r.mdPath, r.htmlPath]).toEqual([path.join(tree, 'mine', 'x.svg'), path.join(tree, 'mine', 'x.md'), path.join(tree, 'mine', 'x.html')]);
    expect(r.detailPaths[0]).toBe(path.join(tree, 'mine', 'x-field.svg'));
  });

  it('refuses a committed record file without record: true, and writes none of the files', () => {
    const svg = path.join(tree, 'refused.svg');
    expect(() => writeOutputs(record, { jsonPath: recordPaths().json, svgPath: svg, mdPath: null })).toThrow(/the committed record; only pnpm bench --record writes it/);
    expect(() => writeOutputs(record, { jsonPath: null, svgPath: null, mdPath: path.join(PACKAGE_ROOT, 'results', 'latest.md') })).toThrow(/only pnpm bench --record/);
    // The detail charts beside a committed summary picture are the record's too.
    expect(() => writeOutputs(record, { jsonPath: null, svgPath: recordPaths().svg, mdPath: null, htmlPath: null })).toThrow(/latest-field\.svg.*only pnpm bench --record/);
    expect(() => writeOutputs(record, { jsonPath: null, svgPath: null, mdPath: null, htmlPath: path.join(PACKAGE_ROOT, 'results', 'latest.html') })).toThrow(/only pnpm bench --record/);
    expect(existsSync(recordPaths().json)).toBe(false);
    expect(existsSync(svg)).toBe(false);
  });
});

describe('the record writer (runBench)', () => {
  it('records the run\'s duration as elapsedMs: whole ms, more than its suites took, less than the call', async () => {
    const json = path.join(tree, 'run', 'field.json');
    const t0 = performance.now();
    const res = await runBench({ mode: 'quick', suites: ['field'], backends: ['strata'], engines: ['ts'], sizes: false, jsonPath: json, svgPath: null, mdPath: null });
    const wall = performance.now() - t0;
    const rec = res.record;
    expect(Number.isInteger(rec.elapsedMs)).toBe(true);
    expect(rec.elapsedMs).toBeGreaterThan(0);
    expect(rec.elapsedMs).toBeGreaterThanOrEqual(Math.floor(rec.suites[0]!.elapsedMs));
    expect(rec.elapsedMs).toBeLessThanOrEqual(Math.ceil(wall));
    // And it is in the file, where the README test reads it.
    expect((JSON.parse(readFileSync(json, 'utf8')) as BenchRecord).elapsedMs).toBe(rec.elapsedMs);
  });
});
