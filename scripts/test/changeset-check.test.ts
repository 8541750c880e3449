/**
 * The changeset check (scripts/release/changeset-check.mjs) on a fixture git
 * repository built in a temp dir: a change to a published package's source
 * since the last release fails the check until a changeset names the package.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = join(__dirname, '..', 'release', 'changeset-check.mjs');
let dirs: string[] = [];

function write(dir: string, rel: string, text: string) {
  mkdirSync(dirname(join(dir, rel)), { recursive: true });
  writeFileSync(join(dir, rel), text);
}

function manifest(name: string, version: string, extra: Record<string, unknown> = {}) {
  return `${JSON.stringify({ name, version, type: 'module', files: ['dist', 'src', 'README.md'], ...extra }, null, 2)}\n`;
}

function git(dir: string, ...args: string[]) {
  return execFileSync('git', ['-c', 'user.email=ci@strata.invalid', '-c', 'user.name=ci', ...args], { cwd: dir, encoding: 'utf8' });
}

function commit(dir: string, message: string) {
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', message);
}

/** A workspace with two published packages and a private one, committed once. */
function fixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'strata-changeset-check-'));
  dirs.push(dir);
  git(dir, 'init', '-q', '-b', 'main');
  write(dir, 'package.json', '{ "name": "root", "private": true }\n');
  write(dir, 'pnpm-workspace.yaml', 'packages:\n  - "packages/*"\n  - "tools/*"\n');
  write(dir, '.gitignore', 'dist/\nnode_modules/\n');
  write(dir, '.changeset/config.json', '{}\n');
  write(dir, '.changeset/README.md', '# Changesets\n');
  write(dir, 'packages/a/package.json', manifest('@strata/a', '0.0.0'));
  write(dir, 'packages/a/src/index.ts', 'export const a = 1;\n');
  write(dir, 'packages/b/package.json', manifest('@strata/b', '0.0.0', { dependencies: { '@strata/a': 'workspace:^' } }));
  write(dir, 'packages/b/src/index.ts', 'export const b = 1;\n');
  write(dir, 'tools/kit/package.json', manifest('@strata/kit', '0.0.0', { private: true }));
  write(dir, 'tools/kit/src/index.ts', 'export const kit = 1;\n');
  commit(dir, 'skeleton');
  return dir;
}

function check(dir: string) {
  const r = spawnSync(process.execPath, [script, '--root', dir], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout + r.stderr };
}

function changeset(dir: string, file: string, releases: Record<string, string>) {
  const lines = Object.entries(releases).map(([n, b]) => `"${n}": ${b}`).join('\n');
  write(dir, `.changeset/${file}`, `---\n${lines}\n---\n\nA note for users.\n`);
}

/** What `changeset version` leaves behind: new versions, changesets consumed. */
function release(dir: string, versions: Record<string, string>, consumed: string[]) {
  for (const [pkg, v] of Object.entries(versions)) {
    const path = join(dir, 'packages', pkg, 'package.json');
    const m = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    writeFileSync(path, `${JSON.stringify({ ...m, version: v }, null, 2)}\n`);
  }
  for (const f of consumed) unlinkSync(join(dir, '.changeset', f));
  commit(dir, 'Version packages');
}

afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

describe('changeset check', () => {
  it('before any release: a source change without a changeset fails, with one it passes', () => {
    const dir = fixture();
    expect(check(dir)).toMatchObject({ code: 0 });
    write(dir, 'packages/a/src/index.ts', 'export const a = 2;\n');
    commit(dir, 'a: change');
    let r = check(dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain('@strata/a changed since the root commit (nothing released yet)');
    expect(r.out).toContain('packages/a/src/index.ts');
    expect(r.out).not.toContain('@strata/b changed');
    changeset(dir, 'a-change.md', { '@strata/a': 'minor' });
    r = check(dir);
    expect(r.out).toContain('changeset check: ok (1 package(s) changed since the root commit');
    expect(r.code).toBe(0);
  });

  it('after a release: only changes since the release commit count, uncommitted ones included', () => {
    const dir = fixture();
    write(dir, 'packages/a/src/index.ts', 'export const a = 2;\n');
    changeset(dir, 'a-change.md', { '@strata/a': 'minor' });
    commit(dir, 'a: change');
    release(dir, { a: '0.1.0', b: '0.0.1' }, ['a-change.md']);
    expect(check(dir)).toMatchObject({ code: 0 });

    // an uncommitted, then committed, source change of b
    write(dir, 'packages/b/src/extra.ts', 'export const extra = 1;\n');
    let r = check(dir);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/@strata\/b changed since the last release [0-9a-f]{10} \(packages\/b\/src\/extra\.ts\)/);
    expect(r.out).not.toContain('@strata/a changed');
    commit(dir, 'b: extra');
    expect(check(dir).code).toBe(1);
    changeset(dir, 'b-extra.md', { '@strata/b': 'patch' });
    expect(check(dir)).toMatchObject({ code: 0 });
  });

  it('tests, READMEs, scripts and private packages need no changeset; dependencies do', () => {
    const dir = fixture();
    release(dir, { a: '0.1.0', b: '0.1.0' }, []);
    write(dir, 'packages/a/test/a.test.ts', 'test;\n');
    write(dir, 'packages/a/README.md', '# a\n');
    write(dir, 'tools/kit/src/index.ts', 'export const kit = 2;\n');
    const path = join(dir, 'packages/b/package.json');
    const m = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    writeFileSync(path, JSON.stringify({ ...m, scripts: { build: 'tsc' }, devDependencies: { vitest: '4.1.12' } }));
    commit(dir, 'tests, docs, scripts');
    expect(check(dir)).toMatchObject({ code: 0 });

    writeFileSync(path, JSON.stringify({ ...m, dependencies: { '@strata/a': 'workspace:^', '@noble/hashes': '2.4.0' } }));
    const r = check(dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain('@strata/b changed since the last release');
    expect(r.out).toContain('packages/b/package.json');
  });

  it('a changeset naming a package that is not published fails', () => {
    const dir = fixture();
    changeset(dir, 'typo.md', { '@strata/aa': 'patch' });
    changeset(dir, 'private.md', { '@strata/kit': 'patch' });
    const r = check(dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain('.changeset/typo.md names @strata/aa: expected a published workspace package');
    expect(r.out).toContain('.changeset/private.md names @strata/kit');
  });

  it('the release commit is found through later commits, and a version-less commit is not one', () => {
    const dir = fixture();
    release(dir, { a: '0.1.0' }, []);
    const releaseSha = git(dir, 'rev-parse', 'HEAD').trim();
    // touches a "version" line but keeps the value: not a release
    const path = join(dir, 'packages/a/package.json');
    writeFileSync(path, readFileSync(path, 'utf8').replace('"version": "0.1.0"', '"version":   "0.1.0"'));
    commit(dir, 'reformat');
    write(dir, 'packages/b/src/index.ts', 'export const b = 2;\n');
    commit(dir, 'b: change');
    const r = check(dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`since the last release ${releaseSha.slice(0, 10)}`);
  });
});
