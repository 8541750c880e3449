/**
 * The Node half of `pnpm test` and `pnpm test:quick` as scripts/test-plan.mjs plans it: the engine
 * matrix (TypeScript engine over every project but `chromium`, then the served projects on the
 * WebAssembly engine), narrowed by named projects, and the quick loop (one TypeScript-engine run,
 * no `tooling`, fuzz at its lowest count unless STRATA_FUZZ_RUNS is set). End to end,
 * `--quick --only-browser` is refused before anything is built.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { QUICK_FUZZ_RUNS, QUICK_PROJECTS, SERVED_PROJECTS, namedProjects, nodeRuns } from '../test-plan.mjs';
import { nobleBackendEnabled } from '@strata/group-testkit';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('nodeRuns: the engine matrix of pnpm test', () => {
  it('no arguments: every project but chromium on ts, then every served project on wasm', () => {
    const runs = nodeRuns();
    expect(runs.map((r) => r.id)).toEqual(['vitest', 'vitest-wasm']);
    expect(runs[0]).toEqual({ id: 'vitest', title: 'vitest (engine ts)', args: ['--project=!chromium'], env: { STRATA_ENGINE: 'ts' } });
    expect(runs[1]!.env).toEqual({ STRATA_ENGINE: 'wasm', STRATA_NOBLE_BACKEND: '0' });
    expect(nodeRuns({ env: { STRATA_NOBLE_BACKEND: '1' } })[1]!.env).toEqual({ STRATA_ENGINE: 'wasm', STRATA_NOBLE_BACKEND: '1' });
    expect(runs[1]!.args).toEqual(SERVED_PROJECTS.flatMap((p) => ['--project', p]));
  });

  it('the served projects are the vitest projects that load the engine setup', () => {
    const config = readFileSync(join(root, 'vitest.config.ts'), 'utf8');
    const withSetup = [...config.matchAll(/project\('([^']+)', '[^']+', engineSetup\)/g)].map((m) => m[1]);
    expect([...SERVED_PROJECTS].sort()).toEqual(withSetup.sort());
  });

  it('named projects: as named on ts; on wasm only the served ones, with the other arguments kept', () => {
    const runs = nodeRuns({ passThrough: ['--project', 'field', '--project=ring', '-t', 'sign'] });
    expect(runs[0]!.args).toEqual(['--project', 'field', '--project=ring', '-t', 'sign']);
    expect(runs[1]!.args).toEqual(['--project', 'ring', '-t', 'sign']);
    expect(nodeRuns({ passThrough: ['--project', 'field'] }).map((r) => r.id)).toEqual(['vitest']);
  });

  it('arguments that name no project (a file, a filter) keep both runs over the default projects', () => {
    const runs = nodeRuns({ passThrough: ['packages/curves/test/x.test.ts'] });
    expect(runs[0]!.args).toEqual(['--project=!chromium', 'packages/curves/test/x.test.ts']);
    expect(runs[1]!.args.slice(-1)).toEqual(['packages/curves/test/x.test.ts']);
  });

  it('namedProjects reads both spellings', () => {
    expect(namedProjects(['--project', 'a', '--project=b', '--other', 'c'])).toEqual(['a', 'b']);
  });
});

describe('nodeRuns: pnpm test:quick', () => {
  it('one ts run over the packages, named positively, fuzz at its lowest count, without the noble backend', () => {
    expect(nodeRuns({ quick: true })).toEqual([
      {
        id: 'vitest',
        title: 'vitest (engine ts)',
        args: QUICK_PROJECTS.flatMap((p) => ['--project', p]),
        env: { STRATA_ENGINE: 'ts', STRATA_FUZZ_RUNS: QUICK_FUZZ_RUNS, STRATA_NOBLE_BACKEND: '0', STRATA_TEST_ISOLATE: '0' },
      },
    ]);
    expect(Number(QUICK_FUZZ_RUNS)).toBeLessThan(1);
  });

  it('the quick projects are every vitest project but benchmarks, chromium, tooling and tools', () => {
    const config = readFileSync(join(root, 'vitest.config.ts'), 'utf8');
    const all = [...config.matchAll(/project\('([^']+)'/g)].map((m) => m[1]);
    expect([...QUICK_PROJECTS].sort()).toEqual(all.filter((p) => !['benchmarks', 'chromium', 'tooling', 'tools'].includes(p!)).sort());
  });

  it('STRATA_NOBLE_BACKEND: unset or 1 keeps the noble backend, 0 leaves it out, anything else is an error', () => {
    const saved = process.env['STRATA_NOBLE_BACKEND'];
    try {
      for (const [v, want] of [[undefined, true], ['', true], ['1', true], ['0', false]] as const) {
        if (v === undefined) delete process.env['STRATA_NOBLE_BACKEND'];
        else process.env['STRATA_NOBLE_BACKEND'] = v;
        expect(nobleBackendEnabled()).toBe(want);
      }
      for (const v of ['yes', 'false', '2']) {
        process.env['STRATA_NOBLE_BACKEND'] = v;
        expect(() => nobleBackendEnabled()).toThrow(/STRATA_NOBLE_BACKEND: expected '0' or '1'/);
      }
    } finally {
      if (saved === undefined) delete process.env['STRATA_NOBLE_BACKEND'];
      else process.env['STRATA_NOBLE_BACKEND'] = saved;
    }
  });

  it('vitest runs only the named quick projects (several --project=!x filters would select every project)', () => {
    const r = spawnSync(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'list', '--filesOnly', ...nodeRuns({ quick: true })[0]!.args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    const files = r.stdout.split('\n').filter((l) => l.trim() !== '');
    expect(files.length).toBeGreaterThan(50);
    expect(files.some((f) => f.includes('scripts/test/') || f.includes('tools/browser/') || f.includes('benchmarks/test/') || f.includes('.chromium.test.'))).toBe(false);
    expect(files.some((f) => f.includes('packages/dleq/test/'))).toBe(true);
  });

  it('a STRATA_FUZZ_RUNS the caller set wins; named projects are run as named, on ts only', () => {
    const [run, ...more] = nodeRuns({ quick: true, passThrough: ['--project', 'ring'], env: { STRATA_FUZZ_RUNS: '3' } });
    expect(more).toEqual([]);
    expect(run!.args).toEqual(['--project', 'ring']);
    expect(run!.env).toEqual({ STRATA_ENGINE: 'ts', STRATA_FUZZ_RUNS: '3', STRATA_NOBLE_BACKEND: '0', STRATA_TEST_ISOLATE: '0' });
    expect(nodeRuns({ quick: true, env: { STRATA_TEST_ISOLATE: '1' } })[0]!.env['STRATA_TEST_ISOLATE']).toBe('1');
    expect(nodeRuns({ quick: true, env: { STRATA_NOBLE_BACKEND: '1' } })[0]!.env['STRATA_NOBLE_BACKEND']).toBe('1');
  });

  it('--quick with --only-browser is refused at once (exit 2, nothing built)', () => {
    const r = spawnSync(process.execPath, ['scripts/test.mjs', '--quick', '--only-browser'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--quick runs no browser test');
    expect(r.stdout).not.toContain('== build');
  });
});
