/**
 * The first hour of a user (issue 25, items 4 and 5), as the docs state it:
 * - the packages are not on npm yet, and every README says so and how to
 *   install today: `pnpm release:pack` (scripts/release/pack-cli.mjs), which
 *   prints one install line per package with the tarballs of its @strata
 *   dependencies; the root README's Install section explains both ways in
 *   and what Strata does not do;
 * - every README whose package runs on the WebAssembly engine shows the fast
 *   path first: its example awaits `engine.initWasm()` and prints
 *   `engine.currentEngine()` before anything else.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installSets, installText } from '../release/pack-cli.mjs';
import { publishedPackages } from '../release/workspace.mjs';
import { readmeExample, section } from './packages/readme.js';

const repo = join(__dirname, '..', '..');
const rootReadme = readFileSync(join(repo, 'README.md'), 'utf8');
const published = publishedPackages(repo) as { dir: string; name: string; manifest: { dependencies?: Record<string, string> } }[];

/** A packed-package record as packPublished resolves it. */
function fake(name: string, deps: string[] = []) {
  return { name, tarball: `/p/${name.slice(8)}.tgz`, manifest: { dependencies: Object.fromEntries(deps.map((d) => [d, '^0.0.0'])) } };
}

describe('pnpm release:pack', () => {
  it('is a root script that builds, then runs pack-cli.mjs', () => {
    const scripts = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['release:pack']).toMatch(/build.*&& node scripts\/release\/pack-cli\.mjs$/);
    expect(readFileSync(join(repo, '.gitignore'), 'utf8').split('\n')).toContain('packed/');
  });

  it('gives each package the tarballs of its @strata dependencies, transitively, dependencies first', () => {
    const packed = [
      fake('@strata/ring', ['@strata/group', '@strata/curves', '@strata/field', '@noble/hashes']),
      fake('@strata/group', ['@strata/curves', '@strata/field']),
      fake('@strata/curves', ['@strata/field']),
      fake('@strata/field'),
    ];
    const sets = new Map(installSets(packed).map((s: { name: string; tarballs: string[] }) => [s.name, s.tarballs]));
    expect(sets.get('@strata/field')).toEqual(['/p/field.tgz']);
    expect(sets.get('@strata/curves')).toEqual(['/p/field.tgz', '/p/curves.tgz']);
    expect(sets.get('@strata/ring')).toEqual(['/p/field.tgz', '/p/curves.tgz', '/p/group.tgz', '/p/ring.tgz']);
    expect(installText(packed, '/p')).toContain('# @strata/ring\nnpm install /p/field.tgz /p/curves.tgz /p/group.tgz /p/ring.tgz\n');
  });

  it('fails loudly when a dependency was not packed', () => {
    expect(() => installSets([fake('@strata/ring', ['@strata/group'])])).toThrow(/expected a packed @strata\/group/);
  });

  it('covers every published package of this workspace', () => {
    const packed = published.map((p) => ({ name: p.name, tarball: `/p/${p.name}.tgz`, manifest: p.manifest }));
    const sets = installSets(packed) as { name: string; tarballs: string[] }[];
    expect(sets.map((s) => s.name).sort()).toEqual(published.map((p) => p.name).sort());
    for (const s of sets) expect(s.tarballs.at(-1)).toBe(`/p/${s.name}.tgz`);
  });
});

describe('the root README: Install', () => {
  const install = section(rootReadme, 'Install');

  it('says the packages are not on npm yet, and how to install today', () => {
    expect(install).toBeDefined();
    expect(install).toMatch(/not on npm yet/);
    expect(install).toContain('release:pack');
    expect(install).toMatch(/workspace/i);
    expect(install).toMatch(/npm install @strata\/ring/);
  });

  it('says what Strata does not do and what to use for it', () => {
    expect(install).toMatch(/What Strata does not do/);
    for (const topic of ['X25519', 'RFC 9380', 'BLS12-381', 'P-256']) expect(install).toContain(topic);
  });
});

describe.each(published.map((p) => [p.name, p.dir] as const))('%s README', (name, dir) => {
  const readme = readFileSync(join(repo, dir, 'README.md'), 'utf8');

  it('Install: not on npm yet, release:pack, the root Install section, and the npm line for later', () => {
    const install = section(readme, 'Install');
    expect(install).toBeDefined();
    expect(install).toMatch(/Not on npm yet/);
    expect(install).toContain('pnpm release:pack');
    expect(install).toContain('(https://github.com/strata-crypto/strata#install)');
    expect(install).toContain('```sh\nnpm install ' + name);
  });

});

/** The packages the WebAssembly engine serves: @strata/curves and everything that depends on it. */
const engineServed = published.filter((p) => p.name === '@strata/curves' || Object.keys(p.manifest.dependencies ?? {}).includes('@strata/curves'));

describe.each(engineServed.map((p) => [p.name, p.dir] as const))('%s README example', (name, dir) => {
  it('shows the fast path first: await engine.initWasm(), then engine.currentEngine()', () => {
    const { code, output } = readmeExample(readFileSync(join(repo, dir, 'README.md'), 'utf8'), name);
    const statements = code.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('import ') && !l.startsWith('//'));
    expect(statements[0]).toMatch(/await engine\.initWasm\(\).*engine\.currentEngine\(\)/);
    expect(code).toMatch(/^import \{[^}]*\bengine\b[^}]*\} from '@strata\/curves';$/m);
    expect(output.split('\n')[0]).toBe('engine: wasm wasm');
  });
});

it('finds the engine-served packages (curves and the packages above it)', () => {
  expect(engineServed.map((p) => p.name)).toEqual(expect.arrayContaining(['@strata/curves', '@strata/group', '@strata/ring']));
});
