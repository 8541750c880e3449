// `pnpm release:pack`: the way to install Strata before it is on npm. Packs
// every published package as `pnpm publish` would ship it (pack.mjs) into the
// git-ignored folder `packed/` at the root, then prints, per package, the one
// `npm install` line that installs it with the @strata packages it depends on
// (their tarballs must come in the same command: the registry has none yet).
// The root script builds the packages first.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packPublished } from './pack.mjs';

/**
 * For each packed package, the tarballs an install of it needs: its own and
 * those of every @strata package it depends on, transitively, in layer order
 * (dependencies first). `packed` is what packPublished resolves to.
 * Returns [{ name, tarballs }] in the order of `packed`.
 */
export function installSets(packed) {
  const byName = new Map(packed.map((p) => [p.name, p]));
  const closure = (name, seen = new Set()) => {
    if (seen.has(name)) return seen;
    const p = byName.get(name);
    if (p === undefined) throw new Error(`release:pack: expected a packed ${name}, got none`);
    for (const dep of Object.keys(p.manifest.dependencies ?? {})) if (dep.startsWith('@strata/')) closure(dep, seen);
    seen.add(name);
    return seen;
  };
  return packed.map((p) => ({ name: p.name, tarballs: [...closure(p.name)].map((n) => byName.get(n).tarball) }));
}

/** The text `release:pack` prints: where the tarballs are and one `npm install` line per package. */
export function installText(packed, dest) {
  const lines = [`Packed ${packed.length} packages into ${dest}:`, ''];
  for (const { name, tarballs } of installSets(packed)) {
    lines.push(`# ${name}`, `npm install ${tarballs.join(' ')}`, '');
  }
  lines.push('Run a line in your project (npm, pnpm and yarn take the same tarball paths). The packages are not on npm yet;');
  lines.push('see "Install" in the root README.md.');
  return lines.join('\n');
}

async function main() {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const dest = join(root, 'packed');
  mkdirSync(dest, { recursive: true });
  for (const f of readdirSync(dest)) if (f.endsWith('.tgz')) rmSync(join(dest, f));
  const packed = await packPublished(root, dest);
  console.log(installText(packed, dest));
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  });
}
