/**
 * The time the main job takes, as the documentation states it, against the last recorded run:
 * the root README's Quick start (command 1, `pnpm bench`) and docs/benchmarks.md's "Running it"
 * say "about N minutes", and N must be within one minute of the record's `elapsedMs`
 * (benchmarks/results/latest.json, written by `pnpm bench --record`) rounded to whole minutes.
 * A new record that takes longer or shorter makes this fail until the sentences are updated.
 * `elapsedMs` covers the measurement (every suite, sizes, engine module), not the install and
 * the build before it; the README says so.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = join(__dirname, '..', '..');

/** The N of "about N minutes" on the first line of `text` that matches `line`; throws when there is none. */
export function statedMinutes(text: string, line: RegExp, what: string): number {
  const hit = text.split('\n').find((l) => line.test(l));
  if (hit === undefined) throw new Error(`${what}: no line matches ${String(line)}`);
  const m = /\babout (\d+) minutes\b/.exec(hit);
  if (m === null) throw new Error(`${what}: "${hit.trim()}" states no "about N minutes"`);
  return Number(m[1]);
}

/** Why `stated` minutes do not describe a record's run (more than a minute from its rounded elapsedMs), or null. */
export function timingProblem(stated: number, record: { elapsedMs?: unknown; date?: unknown }, what: string): string | null {
  if (typeof record.elapsedMs !== 'number' || !(record.elapsedMs > 0)) return `the record has no elapsedMs (got ${JSON.stringify(record.elapsedMs)})`;
  const recorded = Math.round(record.elapsedMs / 60_000);
  if (Math.abs(stated - recorded) <= 1) return null;
  return `${what} says about ${stated} minutes; the last recorded run (${String(record.date)}) took ${(record.elapsedMs / 60_000).toFixed(1)} min (${recorded} rounded): update the sentence`;
}

/** The Quick start section of the root README (to the next `## ` heading). */
function quickStart(readme: string): string {
  const start = readme.indexOf('\n## Quick start\n');
  if (start < 0) throw new Error('README.md has no "## Quick start" section');
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

describe('the stated duration of pnpm bench', () => {
  const record = JSON.parse(readFileSync(join(repo, 'benchmarks', 'results', 'latest.json'), 'utf8')) as { elapsedMs?: unknown; date?: unknown; mode?: unknown };

  it('the committed record is a default run and records its duration', () => {
    expect(record.mode).toBe('default');
    expect(typeof record.elapsedMs).toBe('number');
    expect(record.elapsedMs as number).toBeGreaterThan(0);
  });

  it('the README Quick start (command 1) states the last recorded run within a minute', () => {
    const n = statedMinutes(quickStart(readFileSync(join(repo, 'README.md'), 'utf8')), /^# 1\. the main job\b/, 'README.md Quick start, command 1');
    expect(timingProblem(n, record, 'README.md Quick start, command 1')).toBeNull();
  });

  it('docs/benchmarks.md "Running it" states the last recorded run within a minute', () => {
    const n = statedMinutes(readFileSync(join(repo, 'docs', 'benchmarks.md'), 'utf8'), /^pnpm bench +# every suite/, 'docs/benchmarks.md, pnpm bench');
    expect(timingProblem(n, record, 'docs/benchmarks.md, pnpm bench')).toBeNull();
  });

  it('the check itself: reads the figure, fails more than a minute off, and without elapsedMs', () => {
    expect(statedMinutes('x\n# 1. the main job: bench (about 7 minutes on 2 cores)\n', /^# 1\./, 't')).toBe(7);
    expect(() => statedMinutes('# 1. the main job: bench (a while)\n', /^# 1\./, 't')).toThrow(/states no "about N minutes"/);
    expect(() => statedMinutes('# 2. tests (about 13 minutes)\n', /^# 1\./, 't')).toThrow(/no line matches/);
    // 6 min 45 s rounds to 7: 6 to 8 pass, 5 and 9 do not.
    const rec = { elapsedMs: 405_000, date: '2026-12-02' };
    for (const n of [6, 7, 8]) expect(timingProblem(n, rec, 't'), String(n)).toBeNull();
    expect(timingProblem(5, rec, 't')).toContain('t says about 5 minutes; the last recorded run (2026-12-02) took 6.8 min (7 rounded)');
    expect(timingProblem(9, rec, 't')).not.toBeNull();
    expect(timingProblem(5, { date: 'x' }, 't')).toContain('no elapsedMs');
    expect(timingProblem(5, { elapsedMs: 0 }, 't')).toContain('no elapsedMs');
  });
});
