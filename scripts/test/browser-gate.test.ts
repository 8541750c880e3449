/**
 * The browser gate of `pnpm test` (scripts/browser-gate.mjs, used by scripts/test.mjs): with a
 * browser the browser half runs; with none at all it is reported as not run, and under CI that
 * is a failure; extra arguments that select Node tests leave it out with a note. End to end,
 * `node scripts/test.mjs --only-browser` with no browser source allowed exits at once (before the
 * build) with the banner, 0 outside CI and 1 under CI=true.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { browserGate, isCI } from '../browser-gate.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const found = { path: '/opt/chromium/chrome', source: 'system', tried: ['/opt/chromium/chrome'] } as const;
const none = { path: null, problem: 'no system Chromium or Chrome; @sparticuz/chromium ships no browser for darwin-arm64', tried: [] } as const;

describe('isCI', () => {
  it('is true for CI=true, 1 or any other word; false when unset, empty, false or 0', () => {
    expect(isCI({ CI: 'true' })).toBe(true);
    expect(isCI({ CI: '1' })).toBe(true);
    expect(isCI({ CI: 'yes' })).toBe(true);
    expect(isCI({})).toBe(false);
    expect(isCI({ CI: '' })).toBe(false);
    expect(isCI({ CI: 'false' })).toBe(false);
    expect(isCI({ CI: '0' })).toBe(false);
  });
});

describe('browserGate', () => {
  it('a browser and no selection: the browser half runs (in CI and out)', () => {
    expect(browserGate({ browser: found, ci: false })).toEqual({ run: true });
    expect(browserGate({ browser: found, ci: true, passThrough: [] })).toEqual({ run: true });
  });

  it('no browser at all, outside CI: not run, not a failure, a banner with the reason and the way out', () => {
    const g = browserGate({ browser: none, ci: false });
    expect(g.run).toBe(false);
    if (g.run) return;
    expect(g.failed).toBe(0);
    expect(g.message).toContain('THE BROWSER SUITE DID NOT RUN');
    expect(g.message).toContain(none.problem);
    expect(g.message).toContain('STRATA_CHROMIUM');
    expect(g.message).toContain('Under CI=true this is a failure');
  });

  it('no browser at all, under CI: one failure, with the reason', () => {
    const g = browserGate({ browser: none, ci: true });
    expect(g.run).toBe(false);
    if (g.run) return;
    expect(g.failed).toBe(1);
    expect(g.message).toContain('browser suite FAILED');
    expect(g.message).toContain(none.problem);
  });

  it('no browser and a Node selection: still the missing browser that is reported (and fails under CI)', () => {
    const g = browserGate({ browser: none, ci: true, passThrough: ['--project', 'field'] });
    expect(g.run).toBe(false);
    if (!g.run) expect(g.failed).toBe(1);
  });

  it('a browser and extra arguments: not run, not a failure, a note naming the arguments', () => {
    const g = browserGate({ browser: found, ci: true, passThrough: ['--project', 'field'] });
    expect(g.run).toBe(false);
    if (g.run) return;
    expect(g.failed).toBe(0);
    expect(g.message).toContain('--project field');
    expect(g.message).toContain('--only-browser');
  });

  it('--only-browser runs the browser half even with extra arguments', () => {
    expect(browserGate({ browser: found, ci: false, passThrough: ['-t', 'x'], onlyBrowser: true })).toEqual({ run: true });
  });
});

function testCommand(env: Record<string, string>): { status: number | null; stdout: string; stderr: string } {
  const base: Record<string, string | undefined> = { ...process.env };
  delete base['STRATA_CHROMIUM'];
  delete base['CI'];
  const r = spawnSync(process.execPath, ['scripts/test.mjs', '--only-browser'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...base, ...env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('pnpm test --only-browser with no browser anywhere (STRATA_BROWSER_SOURCES=none)', () => {
  it('outside CI: exits 0 at once, the banner says the browser suite did not run, nothing counted as passed', () => {
    const r = testCommand({ STRATA_BROWSER_SOURCES: 'none' });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('THE BROWSER SUITE DID NOT RUN');
    expect(r.stdout).toContain('STRATA_BROWSER_SOURCES=none');
    expect(r.stdout).toContain('tests: 0 passed, 0 failed');
    expect(r.stdout).not.toContain('== build');
  });

  it('under CI=true: exits 1, the browser suite counted as one failure', () => {
    const r = testCommand({ STRATA_BROWSER_SOURCES: 'none', CI: 'true' });
    expect(r.status, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toContain('browser suite FAILED');
    expect(r.stdout).toContain('tests: 0 passed, 1 failed');
  });

  it('a STRATA_CHROMIUM that names nothing is the same: not run, and no other browser taken instead', () => {
    const r = testCommand({ STRATA_CHROMIUM: join(root, 'no-such-chromium'), CI: 'true' });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`STRATA_CHROMIUM=${join(root, 'no-such-chromium')} is not an executable file`);
  });

  it('a misspelt STRATA_BROWSER_SOURCES stops the run with the variable named', () => {
    const r = testCommand({ STRATA_BROWSER_SOURCES: 'sytem' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('STRATA_BROWSER_SOURCES');
    expect(r.stdout).toContain('tests: 0 passed, 1 failed');
  });
});
