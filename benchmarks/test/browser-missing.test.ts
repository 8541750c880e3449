/**
 * `pnpm bench --browser` where no browser can be had: it stops before the Node run, exit 2,
 * with the resolver's reason. Needs no browser, so it runs in the Node run (project
 * `benchmarks`), unlike browser.chromium.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'strata-bench-nobrowser-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function bench(env: Record<string, string>): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'src/cli.ts', '--quick', '--browser', '--suite', 'field', '--json', path.join(tmp, 'none.json')], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, ...env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('pnpm bench --browser without a browser', () => {
  it('STRATA_CHROMIUM naming nothing: stops at once, naming it (no fall-through to another browser)', () => {
    const missing = path.join(tmp, 'no-such-chromium');
    const r = bench({ STRATA_CHROMIUM: missing });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`--browser: no Chromium to run in: STRATA_CHROMIUM=${missing} is not an executable file`);
    expect(r.stdout).not.toContain('▶');
  });

  it('STRATA_CHROMIUM naming a file that is not executable: the same', () => {
    const plain = path.join(tmp, 'plain-file');
    writeFileSync(plain, 'not a browser', { mode: 0o644 });
    const r = bench({ STRATA_CHROMIUM: plain });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`STRATA_CHROMIUM=${plain} is not an executable file`);
  });

  it('STRATA_BROWSER_SOURCES=none: stops at once, saying no source is allowed', () => {
    const r = bench({ STRATA_CHROMIUM: '', STRATA_BROWSER_SOURCES: 'none' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--browser: no Chromium to run in: STRATA_BROWSER_SOURCES=none');
  });
});
