#!/usr/bin/env node
// The publish step of `pnpm release` (and of the release test, which runs this
// very file against a local registry):
//
//   node scripts/release/publish.mjs [--root <workspace>] [--registry <url>]
//
// 1. refuses while changesets are pending: they must be turned into versions
//    and CHANGELOG.md entries first (`pnpm version-packages`, then commit);
// 2. refuses when a published package misses a file its `exports` map points
//    at in dist/ (build first; `pnpm release` does);
// 3. `pnpm -r --filter ./packages/* publish --access public`: pnpm publishes,
//    in dependency order, each non-private package whose version the registry
//    does not have yet, rewriting `workspace:^` to `^<version>`. pnpm's git
//    checks stay on: a clean working tree on the release branch;
// 4. `changeset tag`: a git tag `<name>@<version>` for each released version
//    (push them with `git push --follow-tags`).
// The registry and its credentials come from the usual npm config (.npmrc,
// npm_config_userconfig); --registry overrides the registry only.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pendingChangesets, publishedPackages } from './workspace.mjs';

const scriptRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function parseArgs(argv) {
  const opts = { root: scriptRoot, registry: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--root') opts.root = resolve(argv[++i]);
    else if (a === '--registry') opts.registry = argv[++i];
    else throw new Error(`publish: unknown argument: expected --root <dir> or --registry <url>, got ${a}`);
  }
  return opts;
}

/** The files a manifest's `exports` map points at outside src/ (the built ones). */
export function builtExportTargets(manifest) {
  const out = new Set();
  const walk = (v) => {
    if (typeof v === 'string') { if (v.startsWith('./') && !v.startsWith('./src/') && v !== './package.json') out.add(v.slice(2)); }
    else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x);
  };
  walk(manifest.exports ?? manifest.main ?? {});
  return [...out].sort();
}

/** How to run the pnpm this repository pins: `pnpm` on PATH if it is that version, else npx. */
export function pnpmCommand(root) {
  const pinned = /^pnpm@(.+)$/.exec(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager ?? '')?.[1];
  const onPath = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (onPath.status === 0 && (!pinned || onPath.stdout.trim() === pinned)) return { cmd: 'pnpm', pre: [] };
  return { cmd: 'npx', pre: ['-y', `pnpm@${pinned ?? 'latest'}`] };
}

function main() {
  const { root, registry } = parseArgs(process.argv.slice(2));
  const pending = pendingChangesets(root);
  if (pending.length > 0) {
    console.error(`publish: expected no pending changesets, got ${pending.length} (${pending.map((c) => c.file).join(', ')}).`);
    console.error('Run `pnpm version-packages`, review and commit the versions and CHANGELOG.md files, then release.');
    return 1;
  }
  const missing = [];
  for (const p of publishedPackages(root)) {
    for (const f of builtExportTargets(p.manifest)) if (!existsSync(join(root, p.dir, f))) missing.push(`${p.dir}/${f}`);
  }
  if (missing.length > 0) {
    console.error(`publish: expected built files, got none at ${missing.join(', ')}. Build first (\`pnpm build\`).`);
    return 1;
  }
  const { cmd, pre } = pnpmCommand(root);
  const args = [...pre, '-r', '--filter', './packages/*', 'publish', '--access', 'public'];
  if (registry) args.push('--registry', registry);
  console.log(`== publish: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`publish: pnpm publish failed (exit ${r.status ?? r.signal})`);
    return 1;
  }
  const changeset = join(root, 'node_modules', '.bin', 'changeset');
  console.log('== tag: changeset tag');
  const t = spawnSync(changeset, ['tag'], { cwd: root, stdio: 'inherit' });
  if (t.status !== 0) {
    console.error(`publish: changeset tag failed (exit ${t.status ?? t.signal})`);
    return 1;
  }
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main());
