/**
 * `pnpm gen` (scripts/gen.mjs) runs both generators — the field kernels of
 * packages/field/gen and the point formulas of packages/curves/gen — passing
 * `--check` through, and fails when either does (each generator's own suite
 * tests what it checks; this one tests the root command joins them).
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function gen(root: string, ...args: string[]) {
  return spawnSync(process.execPath, [join(root, 'scripts', 'gen.mjs'), ...args], { encoding: 'utf8' });
}

/** A scratch copy of the command and both generators with what they write. */
function withCopy(body: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'strata-root-gen-'));
  try {
    cpSync(join(ROOT, 'scripts', 'gen.mjs'), join(dir, 'scripts', 'gen.mjs'));
    for (const d of ['packages/field/gen', 'packages/field/src', 'packages/field/wasm', 'packages/curves/gen', 'packages/curves/src', 'packages/curves/wasm']) {
      cpSync(join(ROOT, d), join(dir, d), { recursive: true });
    }
    body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('pnpm gen (scripts/gen.mjs)', () => {
  it('is the root gen script', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.gen).toBe('node scripts/gen.mjs');
  });

  it('--check passes when both generators are up to date, and reports both', () => {
    const r = gen(ROOT, '--check');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.match(/every generated file is up to date/g)).toHaveLength(2);
  });

  it.each([
    ['the field kernels', 'packages/field/src/ed25519/fe25519-kernels.generated.ts', 'src/ed25519/fe25519-kernels.generated.ts'],
    ['the point formulas', 'packages/curves/wasm/ed25519/point-formulas.generated.ts', 'wasm/ed25519/point-formulas.generated.ts'],
  ])('--check fails on a stale file of %s, still running the other generator; gen restores it', (_, path, shown) => {
    withCopy((dir) => {
      const f = join(dir, path);
      const good = readFileSync(f, 'utf8');
      writeFileSync(f, `${good}// hand edit\n`);
      const r = gen(dir, '--check');
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`out of date: ${shown}`);
      expect(r.stdout).toContain('every generated file is up to date'); // the other generator ran and passed
      expect(readFileSync(f, 'utf8')).toContain('// hand edit');
      const w = gen(dir);
      expect(w.status).toBe(0);
      expect(readFileSync(f, 'utf8')).toBe(good);
      expect(gen(dir, '--check').status).toBe(0);
    });
  });

  it('refuses an unknown argument', () => {
    const r = gen(ROOT, '--chek');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('unknown argument --chek');
  });
});
