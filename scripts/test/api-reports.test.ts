/**
 * The API check (scripts/api/run.mjs) on a throwaway fixture workspace: a
 * published package with a main entry and a subpath, found by its folder
 * (it has no api-extractor.json of its own, as a new package would not), and
 * a private package that gets no report. `--update` writes one report per
 * entry; `--check` passes while the declarations match and fails, naming
 * the package and `pnpm api:update`, when an entry's API changes or a
 * subpath disappears. A second fixture holds a package whose public signature
 * uses a type its entry does not export: both modes fail, naming the report
 * and the symbol, even when the package's own api-extractor.json turns the
 * rule off, and pass once the entry exports it.
 *
 * The fixture lives under node_modules/.cache/ of the repository so that
 * TypeScript finds @types/node the way it does for the real packages.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = join(__dirname, '..', '..');
const script = join(repo, 'scripts', 'api', 'run.mjs');
let root = '';
let pkg = '';

function run(mode: '--update' | '--check', tree = root) {
  const r = spawnSync(process.execPath, [script, mode, '--root', tree], { encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: r.stdout + r.stderr };
}

function write(file: string, text: string) {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
}

const mainDts = [
  '/** sets out = a + b and returns out */',
  'export declare function add(a: number, b: number): number;',
  'export declare class Thing {',
  '    /** a new copy */',
  '    clone(): Thing;',
  '}',
  '',
].join('\n');
const extraDts = 'export declare const answer: number;\n';

beforeAll(() => {
  const cache = join(repo, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  root = mkdtempSync(join(cache, 'strata-api-test-'));
  pkg = join(root, 'packages', 'demo');
  write(
    join(pkg, 'package.json'),
    JSON.stringify({
      name: '@strata/demo',
      version: '0.0.0',
      type: 'module',
      exports: {
        '.': { types: './dist/index.d.ts', '@strata/source': './src/index.ts', default: './dist/index.js' },
        './extra': { types: './dist/extra.d.ts', default: './dist/extra.js' },
        './package.json': './package.json',
      },
    }),
  );
  write(join(pkg, 'dist', 'index.d.ts'), mainDts);
  write(join(pkg, 'dist', 'extra.d.ts'), extraDts);
  write(join(root, 'packages', 'internal', 'package.json'), JSON.stringify({ name: '@strata/internal', private: true }));
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('API reports', () => {
  it('--update writes one report per entry point, named after the package and the subpath', () => {
    const r = run('--update');
    expect(r.out).toContain('API reports: wrote 2 report(s)');
    expect(r.code).toBe(0);
    expect(readdirSync(join(pkg, 'api')).sort()).toEqual(['demo-extra.api.md', 'demo.api.md']);
    const main = readFileSync(join(pkg, 'api', 'demo.api.md'), 'utf8');
    expect(main).toContain('export function add(a: number, b: number): number;');
    expect(main).toContain('clone(): Thing;');
    expect(readFileSync(join(pkg, 'api', 'demo-extra.api.md'), 'utf8')).toContain('export const answer: number;');
    expect(existsSync(join(root, 'packages', 'internal', 'api'))).toBe(false);
  });

  it('--check passes while the declarations match the reports', () => {
    const r = run('--check');
    expect(r.out).toContain('API check: ok');
    expect(r.code).toBe(0);
  });

  it('--check fails on a changed API, names the package and says to run pnpm api:update', () => {
    write(join(pkg, 'dist', 'index.d.ts'), mainDts + 'export declare function sub(a: number, b: number): number;\n');
    try {
      const r = run('--check');
      expect(r.code).toBe(1);
      expect(r.out).toContain('API check: the API of @strata/demo differs from the checked-in report');
      expect(r.out).toContain('packages/demo/api/demo.api.md (entry ".")');
      expect(r.out).not.toContain('demo-extra.api.md');
      expect(r.out).toContain('pnpm api:update');
      // The check never rewrites the checked-in report.
      expect(readFileSync(join(pkg, 'api', 'demo.api.md'), 'utf8')).not.toContain('sub(');
    } finally {
      write(join(pkg, 'dist', 'index.d.ts'), mainDts);
    }
    expect(run('--check').code).toBe(0);
  });

  it('--check fails on a removed subpath, and --update deletes its report', () => {
    const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
    delete manifest.exports['./extra'];
    write(join(pkg, 'package.json'), JSON.stringify(manifest));
    const r = run('--check');
    expect(r.code).toBe(1);
    expect(r.out).toContain('packages/demo/api/demo-extra.api.md (no such entry in package.json exports any more)');
    expect(run('--update').code).toBe(0);
    expect(readdirSync(join(pkg, 'api'))).toEqual(['demo.api.md']);
    expect(run('--check').code).toBe(0);
  });

  it('fails with the build command when the declarations are missing', () => {
    rmSync(join(pkg, 'dist'), { recursive: true });
    const r = run('--check');
    expect(r.code).toBe(1);
    expect(r.out).toContain('@strata/demo: no built declarations at packages/demo/dist/index.d.ts');
    expect(r.out).toContain('pnpm turbo run build');
  });
});

describe('API reports: a type in a public signature that the entry does not export', () => {
  let tree = '';
  let leaky = '';
  // What tsc emits for `export function make(): Hidden` when the module does not export
  // Hidden. (One file: API Extractor counts a module that the entry imports from under
  // node_modules/, where the fixture lives, as an external package.)
  const leakyDts = [
    'interface Hidden {',
    '    readonly x: number;',
    '}',
    '/** returns a new Hidden */',
    'export declare function make(): Hidden;',
    '/** the answer */',
    'export declare const visible: number;',
  ].join('\n');

  beforeAll(() => {
    const cache = join(repo, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    tree = mkdtempSync(join(cache, 'strata-api-test-'));
    leaky = join(tree, 'packages', 'leaky');
    write(
      join(leaky, 'package.json'),
      JSON.stringify({ name: '@strata/leaky', version: '0.0.0', type: 'module', exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } } }),
    );
    // The package's own settings turn the rule off: the script's rule holds all the same.
    write(
      join(leaky, 'api-extractor.json'),
      JSON.stringify({
        extends: join(repo, 'scripts', 'api', 'api-extractor.base.json'),
        projectFolder: '.',
        messages: { extractorMessageReporting: { 'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: true } } },
      }),
    );
    write(join(leaky, 'dist', 'index.d.ts'), leakyDts + '\nexport {};\n');
  });

  afterAll(() => {
    if (tree) rmSync(tree, { recursive: true, force: true });
  });

  it('--update and --check fail, naming the report, the entry, the symbol and the fix', () => {
    for (const mode of ['--update', '--check'] as const) {
      const r = run(mode, tree);
      expect(r.code, r.out).toBe(1);
      expect(r.out).toContain('1 type(s) in public signatures not exported by name from the entry point that uses them (ae-forgotten-export)');
      expect(r.out).toContain('@strata/leaky: packages/leaky/api/leaky.api.md (entry "."): "Hidden", used at packages/leaky/dist/index.d.ts:5');
      expect(r.out).toContain('Export each type by name from the entry point whose signature uses it');
      expect(r.out).toContain('pnpm api:update');
    }
    // --update still wrote the report (the rest of the API stays reviewable).
    expect(readFileSync(join(leaky, 'api', 'leaky.api.md'), 'utf8')).toContain('export function make(): Hidden;');
  });

  it('passes once the entry exports the type by name', () => {
    write(join(leaky, 'dist', 'index.d.ts'), leakyDts + '\nexport type { Hidden };\n');
    const u = run('--update', tree);
    expect(u.code, u.out).toBe(0);
    expect(u.out).not.toContain('ae-forgotten-export');
    const report = readFileSync(join(leaky, 'api', 'leaky.api.md'), 'utf8');
    expect(report).toContain('export interface Hidden {');
    expect(report).not.toContain('ae-forgotten-export');
    const c = run('--check', tree);
    expect(c.code, c.out).toBe(0);
    expect(c.out).toContain('API check: ok');
  });
});
