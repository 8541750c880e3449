/**
 * Independent releases: `changeset version` bumps only the packages a
 * changeset names, plus (through updateInternalDependencies) the workspace
 * packages whose dependency range the new version leaves. Run on a scratch
 * copy of the workspace manifests so the real tree is never touched.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const published = ['field', 'curves', 'group', 'dleq', 'ed25519-batch', 'secp256k1-signatures', 'ring'];
let dirs: string[] = [];

function scratchWorkspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'strata-changesets-'));
  dirs.push(dir);
  for (const f of ['package.json', 'pnpm-workspace.yaml']) cpSync(join(root, f), join(dir, f));
  mkdirSync(join(dir, '.changeset'));
  cpSync(join(root, '.changeset', 'config.json'), join(dir, '.changeset', 'config.json'));
  for (const p of [...published.map((n) => `packages/${n}`), 'benchmarks', 'tools/testkit', 'tools/group-testkit', 'tools/engine-matrix', 'tools/browser']) {
    mkdirSync(join(dir, p), { recursive: true });
    cpSync(join(root, p, 'package.json'), join(dir, p, 'package.json'));
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  git('-c', 'user.email=ci@strata.invalid', '-c', 'user.name=ci', 'add', '-A');
  git('-c', 'user.email=ci@strata.invalid', '-c', 'user.name=ci', 'commit', '-qm', 'init');
  return dir;
}

function versions(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of [...published.map((n) => `packages/${n}`), 'benchmarks', 'tools/testkit', 'tools/group-testkit', 'tools/engine-matrix', 'tools/browser']) {
    const j = JSON.parse(readFileSync(join(dir, p, 'package.json'), 'utf8')) as { name: string; version: string };
    out[j.name] = j.version;
  }
  return out;
}

function version(dir: string, changeset: string): Record<string, string> {
  writeFileSync(join(dir, '.changeset', 'demo.md'), changeset);
  execFileSync(join(root, 'node_modules', '.bin', 'changeset'), ['version'], { cwd: dir, stdio: 'pipe' });
  return versions(dir);
}

afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

describe('changesets: independent versions', () => {
  it('a changeset naming only @strata/ring bumps only ring', () => {
    const dir = scratchWorkspace();
    const before = versions(dir);
    const after = version(dir, '---\n"@strata/ring": patch\n---\n\nFix.\n');
    for (const [name, v] of Object.entries(after)) {
      if (name === '@strata/ring') expect(v).not.toBe(before[name]);
      else expect(v, name).toBe(before[name]);
    }
  });

  it('a minor bump of @strata/field patches its dependents and leaves the private packages alone', () => {
    const dir = scratchWorkspace();
    const before = versions(dir);
    const after = version(dir, '---\n"@strata/field": minor\n---\n\nNew field.\n');
    expect(after['@strata/field']).not.toBe(before['@strata/field']);
    for (const dep of ['@strata/curves', '@strata/dleq', '@strata/ed25519-batch', '@strata/secp256k1-signatures', '@strata/ring']) {
      expect(after[dep], dep).not.toBe(before[dep]);
    }
    expect(after['@strata/benchmarks']).toBe(before['@strata/benchmarks']);
    for (const priv of ['@strata/testkit', '@strata/group-testkit', '@strata/engine-matrix', '@strata/browser']) {
      expect(after[priv], priv).toBe(before[priv]);
    }
  });
});
