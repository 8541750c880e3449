/**
 * The published packages as an npm user gets them. Every package is packed
 * with `pnpm pack` (scripts/release/pack.mjs: the same lifecycle and range
 * rewriting as `pnpm publish`), then:
 *
 *   1. each tarball holds LICENSE (the root one, byte for byte), README.md,
 *      package.json without `workspace:` ranges, and every file its
 *      `exports`, `types`, `main` and `module` name; no tests;
 *   2. publint (strict, suggestions included) reports nothing on it;
 *   3. @arethetypeswrong/cli reports no problem on it, with one rule off:
 *      `cjs-resolves-to-esm`. The packages are ES modules only, on purpose
 *      (`require()` of them works from Node 20.19 on, which `engines`
 *      demands); every other rule, node10 resolution included, is on;
 *   4. a throwaway npm project in a temp dir installs all five tarballs
 *      (@strata/* only from the tarballs; @noble/hashes, workerpool and
 *      @types/node from the npm registry) and runs each README's example
 *      (`node example.mjs`, the block as the README shows it, taken from the
 *      installed README); its output must be the one the README prints;
 *   5. the same project type-checks, per package, the README example (as
 *      JavaScript with checkJs) and a module importing every entry point of
 *      the package, under moduleResolution node16, nodenext and bundler (with
 *      @types/node) and a browser configuration (bundler, lib ES2022 + DOM,
 *      `types: []`), all with `skipLibCheck: false` and `strict`.
 *
 * Needs the packages built (dist/) and the npm registry reachable. The temp
 * directory is removed afterwards; npm's download cache is the user's own.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packPublished } from '../release/pack.mjs';
import { builtExportTargets } from '../release/publish.mjs';
import { publishedPackages } from '../release/workspace.mjs';
import { readmeExample } from './packages/readme.js';

const root = join(__dirname, '..', '..');
const tsc = join(root, 'node_modules', '.bin', 'tsc');
const attw = join(root, 'node_modules', '.bin', 'attw');
type Manifest = Record<string, any>;
type Packed = { name: string; dir: string; version: string; manifest: Manifest; tarball: string };

const names = (publishedPackages(root) as { name: string }[]).map((p) => p.name);
const short = (name: string) => name.replace(/^@strata\//, '');
const rootTypesNode = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest).devDependencies['@types/node'] as string;

let work = '';
let consumer = '';
let packed: Packed[] = [];
const files = new Map<string, string[]>();
const children = new Set<number>();

/** Run a command in its own process group; resolves to { code, out } (stdout and stderr apart); kills the group after `timeoutMs`. */
function run(cmd: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number }) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env ?? process.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const pid = child.pid!;
    children.add(pid);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      try { process.kill(-pid, 'SIGKILL'); } catch { /* gone */ }
    }, opts.timeoutMs ?? 60_000);
    child.on('error', (e) => { clearTimeout(timer); children.delete(pid); reject(e); });
    child.on('close', (code) => { clearTimeout(timer); children.delete(pid); resolve({ code, stdout, stderr }); });
  });
}

/** The environment of a user's shell: none of pnpm's/vitest's npm_* variables, an empty user .npmrc. */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(npm_|pnpm_|VITEST|NODE_OPTIONS)/i.test(k)) env[k] = v;
  const rc = join(work, 'user.npmrc');
  writeFileSync(rc, '');
  return { ...env, npm_config_userconfig: rc, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
}

function walk(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) out.push(...walk(join(dir, e.name), `${rel}${e.name}/`));
    else out.push(`${rel}${e.name}`);
  }
  return out.sort();
}

// --- the type-check matrix -------------------------------------------------

const configs = {
  node16: { module: 'node16', moduleResolution: 'node16', types: ['node'] },
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext', types: ['node'] },
  bundler: { module: 'esnext', moduleResolution: 'bundler', types: ['node'] },
  browser: { module: 'esnext', moduleResolution: 'bundler', lib: ['ES2022', 'DOM'], types: [] as string[] },
} as const;
type ConfigName = keyof typeof configs;

/** A module that imports every entry point of `name` (its `exports` keys but package.json) and uses each. */
function entryModule(name: string, manifest: Manifest): string {
  const subpaths = Object.keys(manifest.exports).filter((s) => s !== './package.json');
  const lines = subpaths.map((s, i) => `import * as e${i} from '${name}${s.slice(1)}';`);
  lines.push(`export const entries: object[] = [${subpaths.map((_, i) => `e${i}`).join(', ')}];`);
  lines.push(`export const count: number = entries.map((e) => Object.keys(e).length).reduce((a, b) => a + b, 0);`);
  return `${lines.join('\n')}\n`;
}

const typeChecks = new Map<string, Promise<Map<string, string[]>>>();
let slots = 2; // tsc runs at a time (the machine is shared)
const queue: (() => void)[] = [];

function writeTsconfig(config: ConfigName, only?: string): string {
  const file = `tsconfig.${config}${only ? `.${short(only)}` : ''}.json`;
  const compilerOptions = {
    target: 'ES2022',
    lib: ['ES2022'],
    strict: true,
    skipLibCheck: false,
    noEmit: true,
    allowJs: true,
    checkJs: true,
    ...configs[config],
  };
  const files = (only ? [only] : names).flatMap((n) => [`examples/${short(n)}.mjs`, `entries/${short(n)}.ts`]);
  writeFileSync(join(consumer, file), JSON.stringify({ compilerOptions, files }, null, 2));
  return file;
}

/** Every installed package `name` brings into a program: itself and its dependencies, transitively (npm's flat node_modules). */
function closure(name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  const pj = join(consumer, 'node_modules', name, 'package.json');
  if (existsSync(pj)) {
    const m = JSON.parse(readFileSync(pj, 'utf8')) as Manifest;
    for (const d of Object.keys({ ...m.dependencies, ...m.peerDependencies })) closure(d, seen);
  }
  return seen;
}

/**
 * The type errors a consumer of each package sees under `config`.
 *
 * With @types/node (node16, nodenext, bundler): one `tsc -p` over every
 * package's example and entry module, since a run is mostly the checking of
 * @types/node, the same for every package (twenty runs would take minutes on
 * a shared 2-core machine), and Node's globals are there for every package
 * anyway. Each diagnostic is charged to the packages whose users would see
 * it: an error in examples/x.mjs or entries/x.ts to @strata/x; one in a
 * declaration file under node_modules/<dep>/ to every @strata package that
 * brings <dep> in (itself or through its dependencies: a pool library's Node-only types would fail
 * the ed25519-batch consumer, @strata/field's would fail all five); anything
 * else (an option error, @types/node) to all of them.
 *
 * Without it (browser, `types: []`): one run per package, cheap without
 * @types/node, so that no package's dependency can lend another the Node
 * globals and hide its errors.
 */
function typeCheck(config: ConfigName): Promise<Map<string, string[]>> {
  if (configs[config].types.length === 0) {
    return Promise.all(names.map((n) => typeCheckRun(config, n))).then((runs) => new Map(names.map((n, i) => [n, runs[i]!.get(n)!])));
  }
  return typeCheckRun(config);
}

function typeCheckRun(config: ConfigName, only?: string) {
  const key = only ? `${config} ${only}` : config;
  if (!typeChecks.has(key)) {
    typeChecks.set(key, (async () => {
      if (slots === 0) await new Promise<void>((r) => queue.push(r));
      slots--;
      try {
        const r = await run(tsc, ['-p', writeTsconfig(config, only), '--pretty', 'false'], { cwd: consumer, timeoutMs: 120_000 });
        const perPackage = new Map<string, string[]>(names.map((n) => [n, []]));
        const owners = (file: string): string[] => {
          if (only) return [only];
          const own = /^(?:examples|entries)\/([^/.]+)\./.exec(file);
          if (own) return names.filter((n) => short(n) === own[1]);
          const dep = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
          if (dep && dep[1] !== '@types/node') return names.filter((n) => closure(n).has(dep[1]!));
          return names;
        };
        let current: string[] = [];
        for (const line of (r.stdout + r.stderr).split('\n')) {
          if (line.trim() === '') continue;
          const diag = /^(.+?)\(\d+,\d+\): error /.exec(line);
          if (diag) current = owners(diag[1]!);
          else if (!/^\s/.test(line)) current = names; // a diagnostic without a file
          for (const n of current) perPackage.get(n)!.push(line);
        }
        if (r.code !== 0 && [...perPackage.values()].every((l) => l.length === 0)) {
          for (const n of names) perPackage.get(n)!.push(`tsc exited ${r.code} with no diagnostic: ${r.stdout}${r.stderr}`);
        }
        return perPackage;
      } finally {
        slots++;
        queue.shift()?.();
      }
    })());
  }
  return typeChecks.get(key)!;
}

// ---------------------------------------------------------------------------

beforeAll(async () => {
  for (const p of publishedPackages(root) as { dir: string; manifest: Manifest }[]) {
    for (const f of builtExportTargets(p.manifest)) {
      if (!existsSync(join(root, p.dir, f))) throw new Error(`packages test: expected ${p.dir}/${f}, got nothing: build first (pnpm build)`);
    }
  }
  work = mkdtempSync(join(tmpdir(), 'strata-packages-'));
  const tarballs = join(work, 'tarballs');
  mkdirSync(tarballs);
  packed = (await packPublished(root, tarballs)) as Packed[];
  for (const p of packed) {
    const dir = join(work, 'unpacked', short(p.name));
    mkdirSync(dir, { recursive: true });
    const r = await run('tar', ['-xzf', p.tarball, '-C', dir], { cwd: work });
    if (r.code !== 0) throw new Error(`tar -xzf ${p.tarball}: exit ${r.code}\n${r.stderr}`);
    files.set(p.name, walk(join(dir, 'package')));
  }

  // the consumer: every tarball, plus @types/node for the Node configurations
  consumer = join(work, 'consumer');
  mkdirSync(join(consumer, 'examples'), { recursive: true });
  mkdirSync(join(consumer, 'entries'));
  const dependencies: Record<string, string> = { '@types/node': rootTypesNode };
  for (const p of packed) dependencies[p.name] = `file:${p.tarball}`;
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'strata-consumer', private: true, type: 'module', dependencies }, null, 2));
  const env = userEnv();
  const install = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--no-package-lock'], { cwd: consumer, env, timeoutMs: 150_000 });
  if (install.code !== 0) throw new Error(`npm install in the consumer: exit ${install.code}\n${install.stdout}\n${install.stderr}`);
  for (const p of packed) {
    // the README as installed (from the tarball), not the working tree's
    const readme = readFileSync(join(consumer, 'node_modules', p.name, 'README.md'), 'utf8');
    const { code } = readmeExample(readme, `${p.name} README.md (installed)`);
    writeFileSync(join(consumer, 'examples', `${short(p.name)}.mjs`), code);
    writeFileSync(join(consumer, 'entries', `${short(p.name)}.ts`), entryModule(p.name, p.manifest));
  }
  // start the type-checks now (two at a time); their tests await the results
  for (const config of Object.keys(configs) as ConfigName[]) void typeCheck(config);
}, 240_000);

afterAll(() => {
  for (const pid of children) {
    try { process.kill(-pid, 'SIGKILL'); } catch { /* gone */ }
  }
  if (packed.length > 0) {
    const lines = packed.map((p) => {
      const fs = files.get(p.name) ?? [];
      const top = fs.filter((f) => !f.includes('/'));
      const dirs = [...new Set(fs.filter((f) => f.includes('/')).map((f) => f.split('/')[0]))];
      return `${p.name}: ${fs.length} files: ${top.join(', ')}, ${dirs.map((d) => `${d}/ (${fs.filter((f) => f.startsWith(`${d}/`)).length})`).join(', ')}`;
    });
    console.log(`tarball contents:\n${lines.join('\n')}`);
  }
  if (work) rmSync(work, { recursive: true, force: true });
  expect(existsSync(work)).toBe(false);
});

describe.each(names)('%s tarball', (name) => {
  const get = () => packed.find((p) => p.name === name)!;

  it('holds LICENSE (the root one), README.md, package.json and every file its manifest names; no tests, no wasm/ sources', () => {
    const p = get();
    const fs = files.get(name)!;
    expect(fs).toContain('LICENSE');
    expect(readFileSync(join(work, 'unpacked', short(name), 'package', 'LICENSE'), 'utf8')).toBe(readFileSync(join(root, 'LICENSE'), 'utf8'));
    expect(fs).toContain('README.md');
    expect(fs).toContain('package.json');
    const manifest = JSON.parse(readFileSync(join(work, 'unpacked', short(name), 'package', 'package.json'), 'utf8')) as Manifest;
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies'] as const) {
      for (const [d, range] of Object.entries((manifest[field] ?? {}) as Record<string, string>)) expect(range, `${name} ${field}.${d}`).not.toMatch(/^workspace:/);
    }
    const named = new Set<string>([...builtExportTargets(manifest), manifest.types, manifest.main, manifest.module].map((f: string) => f.replace(/^\.\//, '')));
    for (const f of named) expect(fs, `${name} ships ${f}`).toContain(f);
    expect(fs.filter((f) => /^(test|node_modules|wasm)\/|\.test\.[cm]?[jt]s$|\.tsbuildinfo$|\.wasm$/.test(f))).toEqual([]);
    // the working tree's copy is gone again (postpack)
    expect(existsSync(join(root, p.dir, 'LICENSE')), `${p.dir}/LICENSE after packing`).toBe(false);
  });

  it('publint (strict, every level) reports nothing', async () => {
    const p = get();
    const tarball = readFileSync(p.tarball);
    const { messages, pkg } = await publint({
      pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) as ArrayBuffer },
      strict: true,
      level: 'suggestion',
    });
    expect(messages.map((m) => `${m.type}: ${formatMessage(m, pkg, { color: false })}`)).toEqual([]);
  });

  it('@arethetypeswrong/cli reports no problem (ESM-only: cjs-resolves-to-esm off)', async () => {
    const p = get();
    const r = await run(attw, [p.tarball, '--format', 'json', '--ignore-rules', 'cjs-resolves-to-esm'], { cwd: work, timeoutMs: 60_000 });
    const report = JSON.parse(r.stdout) as { analysis: { entrypoints: Record<string, unknown>; problems: { kind: string }[] } };
    expect(report.analysis.problems.filter((x) => x.kind !== 'CJSResolvesToESM')).toEqual([]);
    expect(r.code, r.stderr).toBe(0);
    expect(Object.keys(report.analysis.entrypoints).sort()).toEqual(Object.keys(p.manifest.exports).sort());
  }, 60_000);
});

describe('a consumer project installing the tarballs', () => {
  it('got one copy of each @strata package, from the tarballs', () => {
    const installed = readdirSync(join(consumer, 'node_modules', '@strata')).map((d) => `@strata/${d}`).sort();
    expect(installed).toEqual([...names].sort());
    for (const p of packed) {
      const nested = join(consumer, 'node_modules', p.name, 'node_modules', '@strata');
      expect(existsSync(nested), `${p.name} has no nested @strata copies`).toBe(false);
      expect(readFileSync(join(consumer, 'node_modules', p.name, 'LICENSE'), 'utf8')).toContain('the Strata authors');
    }
  });

  it.each(names)('runs the %s README example with node and gets the output the README shows', async (name) => {
    const readme = readFileSync(join(consumer, 'node_modules', name, 'README.md'), 'utf8');
    const { output } = readmeExample(readme, name);
    const r = await run(process.execPath, [join('examples', `${short(name)}.mjs`)], { cwd: consumer, env: userEnv(), timeoutMs: 60_000 });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(output);
  }, 60_000);

  describe.each(Object.keys(configs) as ConfigName[])('type-checks under %s (skipLibCheck: false)', (config) => {
    it.each(names)('%s: its README example and every entry point', async (name) => {
      const errors = (await typeCheck(config)).get(name)!;
      expect(errors.join('\n')).toBe('');
    }, 120_000);
  });
});
