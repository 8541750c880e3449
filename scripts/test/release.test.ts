/**
 * Independent releases, end to end against a real npm registry (Verdaccio on
 * 127.0.0.1, started and stopped here; see scripts/release/registry.mjs).
 *
 * Everything happens on a scratch copy of the workspace (manifests, built
 * dist/, sources, .changeset/ as they are in the working tree), made into a
 * fresh git repository on `main`, so the real repository's versions and
 * changesets are never consumed. Publishing goes through the project's own
 * release step, scripts/release/publish.mjs (what `pnpm release` runs after
 * build and test). The scenario, each step asserted:
 *
 *   1. first release: `changeset version` consumes the pending changesets (the
 *      first-release ones and any others), publish: every published package
 *      is on the registry at its new version, the private ones are not (404);
 *   2. a patch changeset for @strata/ring only: only ring gets a new version;
 *   3. a minor changeset for @strata/field: field and exactly the dependents
 *      the 0.x caret rule of docs/releasing.md names get new versions;
 *   4. throwaway consumers install @strata/ring and @strata/ed25519-batch with
 *      npm and with pnpm, get one copy of each @strata/* package and run a
 *      sign/verify round trip; an older ring beside the newer field installs
 *      the copies its ranges say, and works.
 * Every published tarball is fetched back: no `workspace:` range, every file
 * its `exports` map names is inside, no tests. The observed versions are
 * written to .test-results/release-scenario.md (docs/releasing.md quotes them).
 *
 * Needs the packages built (dist/) and the public npm registry reachable: the
 * local registry proxies third-party packages (@noble/hashes, workerpool) from
 * it, while @strata/* is served only from the local storage.
 */
import { spawn } from 'node:child_process';
import {
  cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtExportTargets, pnpmCommand } from '../release/publish.mjs';
import { npmrcFor, startRegistry } from '../release/registry.mjs';
import { parseChangesetReleases, pendingChangesets, workspacePackages } from '../release/workspace.mjs';

const root = join(__dirname, '..', '..');
const publishScript = join(root, 'scripts', 'release', 'publish.mjs');
const changesetBin = join(root, 'node_modules', '.bin', 'changeset');
const npxCache = process.env.npm_config_cache ?? join(process.env.HOME ?? tmpdir(), '.npm');

type Manifest = {
  name: string;
  version: string;
  private?: boolean;
  files?: string[];
  exports?: unknown;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};
type Packument = { 'dist-tags': Record<string, string>; versions: Record<string, Manifest & { dist: { tarball: string } }> };
type Bump = 'major' | 'minor' | 'patch';

// ---------------------------------------------------------------------------
// semver, as far as the caret rule needs it

function parse(v: string): [number, number, number] {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(v);
  if (!m) throw new Error(`semver: expected x.y.z, got ${v}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}
function cmp(a: string, b: string): number {
  const [x, y] = [parse(a), parse(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}
function inc(v: string, bump: Bump): string {
  const [a, b, c] = parse(v);
  return bump === 'major' ? `${a + 1}.0.0` : bump === 'minor' ? `${a}.${b + 1}.0` : `${a}.${b}.${c + 1}`;
}
/** `^a.b.c`: the leftmost non-zero part is fixed (npm's caret, without prereleases), or an exact version. */
function satisfies(v: string, range: string): boolean {
  if (!range.startsWith('^')) return cmp(v, range) === 0;
  const base = range.slice(1);
  const [a, b, c] = parse(base);
  const [x, y, z] = parse(v);
  if (cmp(v, base) < 0) return false;
  if (a > 0) return x === a;
  if (b > 0) return x === 0 && y === b;
  return x === 0 && y === 0 && z === c;
}
const maxBump = (a: Bump | undefined, b: Bump): Bump =>
  (['patch', 'minor', 'major'] as const).indexOf(b) > (['patch', 'minor', 'major'] as const).indexOf(a ?? 'patch') ? b : (a ?? b);

// ---------------------------------------------------------------------------
// the scratch workspace

let scratch = '';
let work = '';
let registry: Awaited<ReturnType<typeof startRegistry>> | undefined;
const children = new Set<number>();
const outcome: { step: string; versions: Record<string, string> }[] = [];
const consumers: { label: string; copies: Map<string, string[]> }[] = [];

/** Run a command in its own process group; rejects on a non-zero exit or after `timeoutMs` (killing the group). */
function run(cmd: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env ?? process.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const pid = child.pid!;
    children.add(pid);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => {
      try { process.kill(-pid, 'SIGKILL'); } catch { /* gone */ }
    }, opts.timeoutMs ?? 60_000);
    child.on('error', (e) => { clearTimeout(timer); children.delete(pid); reject(e); });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      children.delete(pid);
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} ${args.join(' ')} (in ${opts.cwd}): exit ${code ?? signal}\n${out}`));
    });
  });
}

const git = (...args: string[]) =>
  run('git', ['-c', 'user.email=release-test@strata.invalid', '-c', 'user.name=release test', ...args], { cwd: scratch });

/** The working tree's workspace, minus .turbo caches; package links kept as the relative symlinks pnpm made. */
function copyWorkspace(from: string, to: string): void {
  // LICENSE: each package's prepack copies ../../LICENSE into its tarball
  for (const f of ['package.json', 'pnpm-workspace.yaml', 'pnpm-lock.yaml', '.gitignore', 'LICENSE']) cpSync(join(from, f), join(to, f));
  cpSync(join(from, '.changeset'), join(to, '.changeset'), { recursive: true });
  for (const p of workspacePackages(from)) {
    if (p.private) {
      // never published; pnpm only needs its manifest to resolve `workspace:` links to it
      mkdirSync(join(to, p.dir), { recursive: true });
      cpSync(join(from, p.dir, 'package.json'), join(to, p.dir, 'package.json'));
    } else {
      cpSync(join(from, p.dir), join(to, p.dir), {
        recursive: true,
        verbatimSymlinks: true,
        // Not a package's LICENSE: it exists only while a `pnpm pack` of the working tree runs
        // (prepack copies it in, postpack removes it), and packages.test.ts packs in the other
        // worker, so copying it races with its removal (ENOENT). The scratch packages' own
        // prepack copies the scratch root's LICENSE in when they are packed.
        filter: (src) => !src.split('/').includes('.turbo') && src !== join(from, p.dir, 'LICENSE'),
      });
    }
  }
  symlinkSync(join(from, 'node_modules'), join(to, 'node_modules'));
}

function manifests(dir: string): Map<string, Manifest & { dir: string }> {
  return new Map(workspacePackages(dir).map((p: { name: string; dir: string; manifest: Manifest }) => [p.name, { ...p.manifest, dir: p.dir }]));
}
const published = () => [...manifests(scratch).values()].filter((m) => !m.private);
const privates = () => [...manifests(scratch).values()].filter((m) => m.private);
const versions = () => Object.fromEntries(published().map((m) => [m.name, m.version]));

/**
 * The releases docs/releasing.md promises for `changes` on the workspace as it
 * is now: each named package gets its bump; a published package whose
 * `workspace:^` range on a released package (`^<version now>`) does not admit
 * the new version gets a patch release, repeated until nothing moves.
 */
function expectedReleases(changes: Map<string, Bump>): Record<string, string> {
  const ms = published();
  const now = Object.fromEntries(ms.map((m) => [m.name, m.version]));
  const next = new Map<string, string>();
  for (const [name, bump] of changes) next.set(name, inc(now[name]!, bump));
  for (let moved = true; moved; ) {
    moved = false;
    for (const m of ms) {
      if (next.has(m.name)) continue;
      const deps = { ...m.dependencies, ...m.peerDependencies, ...m.optionalDependencies };
      const leaves = Object.entries(deps).some(([d, range]) => {
        if (!next.has(d) || !range.startsWith('workspace:')) return false;
        if (range !== 'workspace:^') throw new Error(`release test: ${m.name} -> ${d}: expected workspace:^, got ${range} (teach expectedReleases its rule)`);
        return !satisfies(next.get(d)!, `^${now[d]}`);
      });
      if (leaves) { next.set(m.name, inc(m.version, 'patch')); moved = true; }
    }
  }
  return Object.fromEntries(ms.map((m) => [m.name, next.get(m.name) ?? m.version]));
}

async function packument(name: string): Promise<{ status: number; body?: Packument }> {
  const res = await fetch(new URL(name.replace('/', '%2f'), registry!.url));
  return res.ok ? { status: res.status, body: (await res.json()) as Packument } : { status: res.status };
}

async function versionStep(step: string, changes: Map<string, Bump>, changesetFile?: [string, string]) {
  if (changesetFile) writeFileSync(join(scratch, '.changeset', changesetFile[0]), changesetFile[1]);
  const before = versions();
  const expected = expectedReleases(changes);
  await run(changesetBin, ['version'], { cwd: scratch });
  expect(pendingChangesets(scratch), 'changeset version consumes every changeset').toEqual([]);
  const after = versions();
  expect(after, `${step}: versions after \`changeset version\``).toEqual(expected);
  for (const m of published()) {
    if (after[m.name] === before[m.name]) continue;
    const log = readFileSync(join(scratch, m.dir, 'CHANGELOG.md'), 'utf8');
    expect(log, `${m.name}: CHANGELOG.md has a section for ${after[m.name]}`).toContain(`## ${after[m.name]}\n`);
  }
  for (const m of privates()) expect(m.version, `${m.name} is never versioned`).toBe(readManifest(root, m.dir).version);
  await git('add', '-A');
  await git('commit', '-qm', `release: ${step}`);
  const npmrc = join(work, 'publisher.npmrc');
  writeFileSync(npmrc, npmrcFor(registry!.url, registry!.token));
  await run(process.execPath, [publishScript, '--root', scratch, '--registry', registry!.url], {
    cwd: scratch,
    env: { ...process.env, npm_config_userconfig: npmrc },
    timeoutMs: 60_000,
  });
  // the registry holds exactly the released versions
  for (const m of published()) {
    const p = await packument(m.name);
    expect(p.status, `${m.name} is on the registry`).toBe(200);
    const had = outcome.map((o) => o.versions[m.name]).filter((v): v is string => v !== undefined);
    const want = [...new Set([...had, after[m.name]!])].sort(cmp);
    expect(Object.keys(p.body!.versions).sort(cmp), `${m.name}: published versions after ${step}`).toEqual(want);
    expect(p.body!['dist-tags'].latest).toBe(after[m.name]);
  }
  for (const m of privates()) expect((await packument(m.name)).status, `${m.name} is private`).toBe(404);
  outcome.push({ step, versions: after });
  return { before, after };
}

function readManifest(dir: string, rel: string): Manifest {
  return JSON.parse(readFileSync(join(dir, rel, 'package.json'), 'utf8')) as Manifest;
}

/** Fetch a published version's tarball, unpack it and check what users get. */
async function checkTarball(name: string, version: string) {
  const p = (await packument(name)).body!;
  const manifest = p.versions[version]!;
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const) {
    for (const [d, range] of Object.entries(manifest[field] ?? {})) {
      expect(range, `${name}@${version} ${field}.${d} in the packument`).not.toMatch(/^workspace:/);
    }
  }
  const res = await fetch(manifest.dist.tarball.replace(/^https?:\/\/[^/]+\//, registry!.url));
  expect(res.status, `${name}@${version} tarball`).toBe(200);
  const dir = mkdtempSync(join(work, 'tarball-'));
  writeFileSync(join(dir, 'p.tgz'), Buffer.from(await res.arrayBuffer()));
  await run('tar', ['-xzf', 'p.tgz'], { cwd: dir });
  const files: string[] = [];
  const walk = (d: string, rel: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name), `${rel}${e.name}/`);
      else files.push(`${rel}${e.name}`);
    }
  };
  walk(join(dir, 'package'), '');
  const packed = JSON.parse(readFileSync(join(dir, 'package', 'package.json'), 'utf8')) as Manifest;
  expect(packed.version).toBe(version);
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const) {
    for (const [d, range] of Object.entries(packed[field] ?? {})) {
      expect(range, `${name}@${version} ${field}.${d} in the tarball`).not.toMatch(/^workspace:/);
      if (field !== 'devDependencies' && d.startsWith('@strata/')) {
        // a runtime range on a sibling is admitted by a version that is on the registry
        const sib = (await packument(d)).body!;
        expect(Object.keys(sib.versions).some((v) => satisfies(v, range)), `${name}@${version} -> ${d}@${range}`).toBe(true);
      }
    }
  }
  const targets = new Set<string>();
  const collect = (v: unknown) => {
    if (typeof v === 'string') targets.add(v.replace(/^\.\//, ''));
    else if (v && typeof v === 'object') for (const x of Object.values(v)) collect(x);
  };
  collect(packed.exports);
  expect(targets.size, `${name}: exports map`).toBeGreaterThan(0);
  for (const t of targets) expect(files, `${name}@${version} ships ${t} (named by exports)`).toContain(t);
  for (const t of builtExportTargets(packed)) expect(t.startsWith('dist/'), t).toBe(true);
  expect(files).toContain('README.md');
  expect(files, `${name}@${version} ships the root LICENSE`).toContain('LICENSE');
  expect(readFileSync(join(dir, 'package', 'LICENSE'), 'utf8')).toBe(readFileSync(join(root, 'LICENSE'), 'utf8'));
  // the release notes travel with the release
  expect(files, `${name}@${version} ships CHANGELOG.md`).toContain('CHANGELOG.md');
  expect(readFileSync(join(dir, 'package', 'CHANGELOG.md'), 'utf8')).toContain(`## ${version}\n`);
  const unwanted = files.filter((f) => /^(test|node_modules|\.turbo)\//.test(f) || /\.tsbuildinfo$|\.test\.[cm]?[jt]s$/.test(f));
  expect(unwanted, `${name}@${version} ships no tests or build state`).toEqual([]);
  return files;
}

// ---------------------------------------------------------------------------
// consumers

function consumerEnv(dir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(npm_|pnpm_|PNPM_|VITEST|NODE_OPTIONS)/i.test(k)) env[k] = v;
  writeFileSync(join(dir, 'user.npmrc'), '');
  return {
    ...env,
    npm_config_userconfig: join(dir, 'user.npmrc'), // never the user's ~/.npmrc
    npm_config_cache: join(work, 'npm-cache'),
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    PNPM_CONFIG_STORE_DIR: join(work, 'pnpm-store'),
    PNPM_CONFIG_CACHE_DIR: join(work, 'pnpm-cache'),
    // the versions were published seconds ago; pnpm's default cool-down (a day) would hold them back
    PNPM_CONFIG_MINIMUM_RELEASE_AGE: '0',
  };
}

const ringCheck = `
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
const ringUrl = import.meta.resolve('@strata/ring');
const ring = await import(ringUrl);
const req = createRequire(fileURLToPath(ringUrl));
const own = JSON.parse(await (await import('node:fs/promises')).readFile(req.resolve('@strata/ring/package.json'), 'utf8'));
const seen = { ring: own.version };
let group;
for (const dep of Object.keys(own.dependencies).filter((d) => d.startsWith('@strata/'))) {
  const path = req.resolve(dep);
  seen[dep.slice(8)] = createRequire(path)(dep + '/package.json').version;
  const m = await import(pathToFileURL(path).href);
  if (!group && typeof m.secp256k1?.newRandomScalar === 'function' && typeof m.ed25519?.newRandomScalar === 'function') group = m;
}
const out = { seen };
for (const name of ['secp256k1', 'ed25519']) {
  const curve = group[name];
  const x = curve.newRandomScalar();
  const r = ring.Ring.random(curve, 4, x, 1);
  const msg = new Uint8Array(32).fill(7), other = new Uint8Array(32).fill(8);
  const sig = r.sign(msg, x);
  const back = ring.RingSignature.fromBytes(curve, sig.toBytes());
  out[name] = back.verify(msg) && !back.verify(other) && ring.link(sig, r.sign(other, x));
}
console.log(JSON.stringify(out));
`;

const edCheck = `
import { getPublicKey, sign, verify, verifyBatchParallel, shutdown } from '@strata/ed25519-batch';
const seed = crypto.getRandomValues(new Uint8Array(32));
const pk = getPublicKey(seed);
const msg = new TextEncoder().encode('block 1234'), other = new TextEncoder().encode('block 1235');
const sig = sign(msg, seed);
const single = verify(sig, msg, pk) && verify(sig, msg, pk, { mode: 'strict' }) && !verify(sig, other, pk);
const par = await verifyBatchParallel(
  [{ publicKey: pk, message: msg, signature: sig }, { publicKey: pk, message: other, signature: sig }],
  { workers: 1 },
);
await shutdown();
console.log(JSON.stringify({ single, parallel: !par.valid && par.results[0] === true && par.results[1] === false }));
`;

/** Every installed copy of a @strata/* package: npm's nested node_modules, or pnpm's .pnpm store entries. */
function strataCopies(dir: string, tool: 'npm' | 'pnpm'): Map<string, string[]> {
  const copies = new Map<string, string[]>();
  const add = (name: string, version: string) => copies.set(name, [...(copies.get(name) ?? []), version]);
  if (tool === 'pnpm') {
    for (const e of readdirSync(join(dir, 'node_modules', '.pnpm'))) {
      const m = /^@strata\+([^@]+)@(\d+\.\d+\.\d+)/.exec(e);
      if (m) add(`@strata/${m[1]}`, m[2]!);
    }
  } else {
    const walk = (nm: string) => {
      if (!existsSync(nm)) return;
      for (const e of readdirSync(nm)) {
        if (e.startsWith('.')) continue;
        const pkgs = e.startsWith('@') ? readdirSync(join(nm, e)).map((s) => join(e, s)) : [e];
        for (const p of pkgs) {
          const pj = join(nm, p, 'package.json');
          if (!existsSync(pj)) continue;
          if (p.startsWith('@strata/')) add(p, (JSON.parse(readFileSync(pj, 'utf8')) as Manifest).version);
          walk(join(nm, p, 'node_modules'));
        }
      }
    };
    walk(join(dir, 'node_modules'));
  }
  for (const v of copies.values()) v.sort(cmp);
  return copies;
}

/** The @strata/* packages `name` pulls in (itself included), from the workspace manifests. */
function closure(name: string): string[] {
  const ms = manifests(scratch);
  const seen = new Set<string>();
  const visit = (n: string) => {
    if (seen.has(n)) return;
    seen.add(n);
    for (const d of Object.keys(ms.get(n)?.dependencies ?? {})) if (d.startsWith('@strata/')) visit(d);
  };
  visit(name);
  return [...seen].sort();
}

async function install(tool: 'npm' | 'pnpm', label: string, deps: Record<string, string>, check: string) {
  const dir = join(work, `consumer-${label}`);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `consumer-${label}`, private: true, type: 'module', dependencies: deps }, null, 2));
  writeFileSync(join(dir, '.npmrc'), `registry=${registry!.url}\n`);
  writeFileSync(join(dir, 'check.mjs'), check);
  const env = consumerEnv(dir);
  if (tool === 'npm') {
    await run('npm', ['install', '--no-audit', '--no-fund'], { cwd: dir, env, timeoutMs: 90_000 });
  } else {
    const { cmd, pre } = pnpmCommand(root) as { cmd: string; pre: string[] };
    // (npx, when pnpm is not on PATH, keeps its own cache: pnpm itself is not what is tested)
    await run(cmd, [...pre, 'install'], { cwd: dir, env: { ...env, npm_config_cache: npxCache }, timeoutMs: 90_000 });
  }
  const out = await run(process.execPath, ['check.mjs'], { cwd: dir, env, timeoutMs: 30_000 });
  return { dir, result: JSON.parse(out.trim().split('\n').pop()!) as Record<string, unknown> };
}

// ---------------------------------------------------------------------------

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'strata-release-'));
  scratch = join(work, 'workspace');
  mkdirSync(scratch);
  for (const p of workspacePackages(root) as { private: boolean; dir: string; manifest: Manifest }[]) {
    if (p.private) continue;
    for (const f of builtExportTargets(p.manifest)) {
      if (!existsSync(join(root, p.dir, f))) throw new Error(`release test: expected ${p.dir}/${f}, got nothing: build first (pnpm build)`);
    }
  }
  copyWorkspace(root, scratch);
  await git('init', '-q', '-b', 'main');
  await git('add', '-A');
  await git('commit', '-qm', 'scratch copy of the working tree');
  registry = await startRegistry(join(work, 'registry'), { maxSeconds: 240 });
}, 60_000);

afterAll(async () => {
  for (const pid of children) {
    try { process.kill(-pid, 'SIGKILL'); } catch { /* gone */ }
  }
  await registry?.stop();
  if (registry) {
    // the registry's process group is gone
    expect(() => process.kill(-registry!.pid, 0)).toThrow();
  }
  if (outcome.length > 0) {
    const names = Object.keys(outcome[0]!.versions);
    const table = [
      `| step | ${names.join(' | ')} |`,
      `|---|${names.map(() => '---').join('|')}|`,
      ...outcome.map((o, i) => `| ${o.step} | ${names.map((n) => {
        const prev = outcome[i - 1]?.versions[n];
        return prev === undefined || prev !== o.versions[n] ? `**${o.versions[n]}**` : '–';
      }).join(' | ')} |`),
    ].join('\n');
    const installs = consumers.map((c) =>
      `| ${c.label} | ${[...c.copies].map(([n, vs]) => `${n} ${vs.join(' + ')}`).join(', ')} |`);
    const text = `${table}\n\n| consumer | @strata copies installed |\n|---|---|\n${installs.join('\n')}\n`;
    mkdirSync(join(root, '.test-results'), { recursive: true });
    writeFileSync(join(root, '.test-results', 'release-scenario.md'), text);
    console.log(`release scenario (versions on the registry after each step):\n${text}`);
  }
  if (work) rmSync(work, { recursive: true, force: true });
}, 30_000);

describe('release to a local registry', () => {
  let firstRing = '';
  let ringBeforeField = '';

  it('0. the publish step refuses while changesets are pending', async () => {
    expect(pendingChangesets(scratch).length).toBeGreaterThan(0);
    const publishing = run(process.execPath, [publishScript, '--root', scratch, '--registry', registry!.url], { cwd: scratch });
    await expect(publishing).rejects.toThrow(/expected no pending changesets, got \d+/);
    for (const m of published()) expect((await packument(m.name)).status, m.name).toBe(404);
  }, 30_000);

  it('1. first release: every published package, no private one', async () => {
    const pending = pendingChangesets(scratch) as { releases: Map<string, Bump | 'none'> }[];
    const changes = new Map<string, Bump>();
    for (const c of pending) for (const [n, b] of c.releases) if (b !== 'none') changes.set(n, maxBump(changes.get(n), b));
    const { after } = await versionStep('1. first release (pending changesets)', changes);
    const shipped = new Map<string, string[]>();
    for (const m of published()) {
      const files = await checkTarball(m.name, after[m.name]!);
      shipped.set(m.name, files);
      for (const entry of m.files ?? []) {
        expect(files.some((f) => f === entry || f.startsWith(`${entry}/`)), `${m.name}: files entry ${entry} ships`).toBe(true);
      }
    }
    // the worker file the pool loads beside dist/parallel.js (not named by exports)
    expect(shipped.get('@strata/ed25519-batch')).toContain('dist/worker.js');
    firstRing = after['@strata/ring']!;
  }, 60_000);

  it('2. a patch changeset for @strata/ring only releases ring', async () => {
    const text = '---\n"@strata/ring": patch\n---\n\nRelease test: a ring-only fix.\n';
    expect(parseChangesetReleases(text)).toEqual(new Map([['@strata/ring', 'patch']]));
    const { before, after } = await versionStep('2. `"@strata/ring": patch`', new Map([['@strata/ring', 'patch']]), ['release-test-ring.md', text]);
    for (const n of Object.keys(after)) {
      if (n === '@strata/ring') expect(after[n]).toBe(inc(before[n]!, 'patch'));
      else expect(after[n], n).toBe(before[n]);
    }
    await checkTarball('@strata/ring', after['@strata/ring']!);
    ringBeforeField = after['@strata/ring']!;
  }, 60_000);

  it('3. a minor changeset for @strata/field releases field and the dependents whose caret range it leaves', async () => {
    const text = '---\n"@strata/field": minor\n---\n\nRelease test: new field API.\n';
    const { before, after } = await versionStep('3. `"@strata/field": minor`', new Map([['@strata/field', 'minor']]), ['release-test-field.md', text]);
    expect(after['@strata/field']).toBe(inc(before['@strata/field']!, 'minor'));
    // on 0.x, ^0.y.z never admits the next minor: every direct dependent of field moves
    for (const m of published()) {
      if (m.dependencies?.['@strata/field'] && parse(before['@strata/field']!)[0] === 0) {
        expect(after[m.name], `${m.name} depends on field`).toBe(inc(before[m.name]!, 'patch'));
      }
    }
    for (const n of Object.keys(after)) if (after[n] !== before[n]) await checkTarball(n, after[n]!);
  }, 60_000);

  it('4a. npm and pnpm consumers of @strata/ring get one copy of each package and a working ring', async () => {
    const latest = versions();
    for (const tool of ['npm', 'pnpm'] as const) {
      const { dir, result } = await install(tool, `${tool}-ring`, { '@strata/ring': latest['@strata/ring']! }, ringCheck);
      expect(result.secp256k1, `${tool}: ring sign/verify/link on secp256k1`).toBe(true);
      expect(result.ed25519, `${tool}: ring sign/verify/link on ed25519`).toBe(true);
      const copies = strataCopies(dir, tool);
      consumers.push({ label: `${tool} install @strata/ring@${latest['@strata/ring']}`, copies });
      expect([...copies.keys()].sort(), `${tool}: the @strata packages installed`).toEqual(closure('@strata/ring'));
      for (const [n, vs] of copies) expect(vs, `${tool}: copies of ${n}`).toEqual([latest[n]]);
    }
  }, 120_000);

  it('4b. npm and pnpm consumers of @strata/ed25519-batch get one copy of each package and working signatures', async () => {
    const latest = versions();
    for (const tool of ['npm', 'pnpm'] as const) {
      const { dir, result } = await install(tool, `${tool}-ed`, { '@strata/ed25519-batch': latest['@strata/ed25519-batch']! }, edCheck);
      expect(result, `${tool}: ed25519 sign/verify, single and on a worker`).toEqual({ single: true, parallel: true });
      const copies = strataCopies(dir, tool);
      consumers.push({ label: `${tool} install @strata/ed25519-batch@${latest['@strata/ed25519-batch']}`, copies });
      expect([...copies.keys()].sort()).toEqual(closure('@strata/ed25519-batch'));
      for (const [n, vs] of copies) expect(vs, `${tool}: copies of ${n}`).toEqual([latest[n]]);
    }
  }, 120_000);

  it('4c. an older ring beside the newer field installs what the ranges say, and works', async () => {
    const field = versions()['@strata/field']!;
    const old = (await packument('@strata/ring')).body!.versions[ringBeforeField]!;
    const fieldRange = old.dependencies!['@strata/field']!;
    const published = Object.keys((await packument('@strata/field')).body!.versions).sort(cmp);
    const wanted = published.filter((v) => satisfies(v, fieldRange)).pop();
    expect(wanted, `some field satisfies ring@${ringBeforeField}'s ${fieldRange}`).toBeDefined();
    const { dir, result } = await install('npm', 'npm-old-ring', { '@strata/ring': ringBeforeField, '@strata/field': field }, ringCheck);
    expect(result.secp256k1).toBe(true);
    expect(result.ed25519).toBe(true);
    const seen = result.seen as Record<string, string>;
    expect(seen.ring).toBe(ringBeforeField);
    expect(seen.field, `ring@${ringBeforeField} loads the field its range ${fieldRange} admits`).toBe(wanted);
    // npm's own check: every installed package's ranges are satisfied
    await run('npm', ['ls', '--all'], { cwd: dir, env: consumerEnv(dir) });
    const copies = strataCopies(dir, 'npm');
    consumers.push({ label: `npm install @strata/ring@${ringBeforeField} @strata/field@${field}`, copies });
    expect(copies.get('@strata/field')).toEqual([...new Set([wanted!, field])].sort(cmp));
    expect(firstRing).not.toBe('');
  }, 120_000);
});
