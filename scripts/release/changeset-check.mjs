#!/usr/bin/env node
// The changeset check (a step of scripts/test.mjs):
//
//   node scripts/release/changeset-check.mjs [--root <repo>]
//
// Fails when a published package's source changed since the last release
// without a pending changeset (.changeset/*.md) naming that package, so no
// change ships unannounced. Precisely:
//
// * last release = the newest commit reachable from HEAD that changes the
//   "version" field of a packages/*/package.json against its first parent (the
//   commit `pnpm version-packages` output is committed in). Before the first
//   release there is none, and the root commit stands in for it.
// * source of a package = the files its `files` list ships (src/**, ...)
//   except Markdown (a README-only edit needs no release), and the fields of
//   its package.json that reach users (everything but version, scripts and
//   devDependencies). dist/ is built, not tracked. Tests never ship.
// * changed = differs between the last release and the working tree
//   (committed, staged, unstaged and untracked changes alike).
// * a changeset names a package when its front matter has `"<name>": <bump>`.
//   A changeset naming a package that is not a published workspace package
//   fails too: `changeset version` would stop on it at release time.
// Needs the full history (CI: a full clone); on a shallow clone without a
// release commit in reach it fails and says so.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pendingChangesets, workspacePackages } from './workspace.mjs';

const MANIFEST_FIELDS_NOT_SHIPPED = new Set(['version', 'scripts', 'devDependencies']);

function git(root, args, { allowFail = false } = {}) {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) {
    if (allowFail) return null;
    throw new Error(`changeset check: git ${args.join(' ')} failed: ${r.stderr.trim()}`);
  }
  return r.stdout;
}

function jsonAt(root, rev, path) {
  const text = git(root, ['show', `${rev}:${path}`], { allowFail: true });
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The newest commit that changed a packages/<name>/package.json "version", or undefined. */
export function lastReleaseCommit(root) {
  const candidates = git(root, ['log', '--format=%H', '-G', '"version"', '--', 'packages/*/package.json']).split('\n').filter(Boolean);
  for (const c of candidates) {
    const parent = git(root, ['rev-parse', '--verify', '-q', `${c}^1`], { allowFail: true })?.trim();
    if (!parent) continue; // the root commit introduces versions, it does not change them
    const files = git(root, ['diff-tree', '--no-commit-id', '--name-only', '-r', parent, c, '--', 'packages/*/package.json']).split('\n').filter(Boolean);
    for (const f of files) {
      const before = jsonAt(root, parent, f);
      const after = jsonAt(root, c, f);
      if (before?.version !== undefined && after?.version !== undefined && before.version !== after.version) return c;
    }
  }
  return undefined;
}

/** Does a package-relative path ship (per `files`), and is it source rather than Markdown? */
function isShippedSource(rel, files) {
  if (rel === 'package.json' || /\.md$/i.test(rel)) return false;
  if (!Array.isArray(files)) return !rel.startsWith('test/') && !rel.startsWith('node_modules/');
  return files.some((entry) => {
    const e = entry.replace(/^\.\//, '').replace(/\/$/, '');
    return rel === e || rel.startsWith(`${e}/`);
  });
}

function shippedManifest(m) {
  if (!m) return undefined;
  const out = {};
  for (const k of Object.keys(m).sort()) if (!MANIFEST_FIELDS_NOT_SHIPPED.has(k)) out[k] = m[k];
  return JSON.stringify(out);
}

/**
 * Run the check on the repository at `root`.
 * @returns {{ ok: boolean, base: string, baseKind: 'release' | 'root', missing: { name: string, files: string[] }[], unknown: { file: string, name: string }[], changed: string[] }}
 */
export function checkChangesets(root) {
  if (git(root, ['rev-parse', '--is-inside-work-tree'], { allowFail: true })?.trim() !== 'true') {
    throw new Error(`changeset check: expected a git work tree at ${root}, got none`);
  }
  let base = lastReleaseCommit(root);
  let baseKind = 'release';
  if (!base) {
    if (git(root, ['rev-parse', '--is-shallow-repository']).trim() === 'true') {
      throw new Error('changeset check: expected the full history, got a shallow clone without a release commit in reach (git fetch --unshallow)');
    }
    base = git(root, ['rev-list', '--max-parents=0', 'HEAD']).trim().split('\n').pop();
    baseKind = 'root';
  }
  const changedFiles = new Set([
    ...git(root, ['diff', '--name-only', base, '--']).split('\n'),
    ...git(root, ['ls-files', '--others', '--exclude-standard']).split('\n'),
  ].filter(Boolean));

  const packages = workspacePackages(root);
  const published = packages.filter((p) => !p.private && p.dir.startsWith('packages/'));
  const changed = new Map();
  for (const p of published) {
    const prefix = `${p.dir}/`;
    const files = [...changedFiles].filter((f) => f.startsWith(prefix) && isShippedSource(f.slice(prefix.length), p.manifest.files));
    if (shippedManifest(jsonAt(root, base, `${p.dir}/package.json`)) !== shippedManifest(p.manifest)) files.push(`${p.dir}/package.json`);
    if (files.length > 0) changed.set(p.name, files.sort());
  }

  const named = new Set();
  const unknown = [];
  const publishedNames = new Set(published.map((p) => p.name));
  for (const c of pendingChangesets(root)) {
    for (const name of c.releases.keys()) {
      named.add(name);
      if (!publishedNames.has(name)) unknown.push({ file: `.changeset/${c.file}`, name });
    }
  }
  const missing = [...changed].filter(([name]) => !named.has(name)).map(([name, files]) => ({ name, files }));
  return { ok: missing.length === 0 && unknown.length === 0, base, baseKind, missing, unknown, changed: [...changed.keys()] };
}

function main() {
  const argv = process.argv.slice(2);
  let root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--root') root = resolve(argv[++i]);
    else {
      console.error(`changeset check: expected --root <dir>, got ${argv[i]}`);
      return 2;
    }
  }
  if (!existsSync(join(root, 'pnpm-workspace.yaml'))) {
    console.error(`changeset check: expected a pnpm workspace at ${root}, got no pnpm-workspace.yaml`);
    return 2;
  }
  let r;
  try {
    r = checkChangesets(root);
  } catch (e) {
    console.error(e.message);
    return 1;
  }
  const since = `${r.baseKind === 'release' ? 'the last release' : 'the root commit (nothing released yet)'} ${r.base.slice(0, 10)}`;
  for (const m of r.missing) {
    const shown = m.files.slice(0, 5).join(', ') + (m.files.length > 5 ? `, and ${m.files.length - 5} more` : '');
    console.error(`changeset check: ${m.name} changed since ${since} (${shown}): expected a pending changeset naming it, got none. Add one: pnpm changeset`);
  }
  for (const u of r.unknown) {
    console.error(`changeset check: ${u.file} names ${u.name}: expected a published workspace package, got no such package`);
  }
  if (!r.ok) return 1;
  const names = r.changed;
  console.log(`changeset check: ok (${names.length} package(s) changed since ${since}, each named by a pending changeset${names.length ? `: ${names.join(', ')}` : ''})`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main());
