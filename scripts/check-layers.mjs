#!/usr/bin/env node
// Enforces the layer rule of docs/architecture.md on every package under
// packages/ (or a single package with --package DIR, or another tree with
// --root DIR, which the tests use on fixtures):
//   - a package's sources import only @strata packages of a strictly lower
//     layer (no upward, sideways or self-cycle imports through the name);
//   - package.json runtime dependencies obey the same rule, and name no peer
//     library (noble-curves, elliptic, bn.js, ...) or test-only package;
//   - every bare import in src/ is declared in dependencies.
// Exits 1 and lists every violation; exits 0 with a one-line summary.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, resolve, relative, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtinModules } from 'node:module';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
function opt(name) {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}
const root = resolve(opt('--root') ?? resolve(here, '..'));
const config = JSON.parse(readFileSync(opt('--config') ?? join(here, 'layers.json'), 'utf8'));
const single = opt('--package');

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) walk(p, out);
    else if (/\.(ts|mts|cts|js|mjs|cjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const importRe = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[\s;])import\s*['"]([^'"]+)['"]/g;

function packageName(spec) {
  if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('node:')) return undefined;
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const builtins = new Set(builtinModules);
const pkgDirs = single
  ? [resolve(single)]
  : readdirSync(join(root, 'packages')).map((n) => join(root, 'packages', n)).filter((d) => existsSync(join(d, 'package.json')));

const violations = [];
let filesChecked = 0;
for (const dir of pkgDirs) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const name = pkg.name;
  const layer = config.layers[name];
  const where = relative(root, dir) || dir;
  if (layer === undefined) {
    violations.push(`${where}: package ${name} has no layer in layers.json`);
    continue;
  }
  const deps = { ...(pkg.dependencies ?? {}), ...(pkg.peerDependencies ?? {}) };
  const judge = (dep, at) => {
    if (config.forbiddenRuntime.includes(dep)) {
      violations.push(`${at}: ${name} (L${layer}) must not depend on ${dep} at run time (peers and test tools stay in benchmarks/ and devDependencies)`);
      return;
    }
    if (dep.startsWith('@strata/')) {
      const other = config.layers[dep];
      if (other === undefined) violations.push(`${at}: ${name} depends on unknown workspace package ${dep}`);
      else if (dep === name) violations.push(`${at}: ${name} imports itself by name (use a relative import)`);
      else if (other >= layer) {
        const kind = other > layer ? 'upward' : 'sideways';
        violations.push(`${at}: ${kind} import: ${name} (L${layer}) -> ${dep} (L${other}); a package may import only lower layers`);
      }
    } else if (!config.allowedRuntime.includes(dep)) {
      violations.push(`${at}: ${name} has runtime dependency ${dep}, which is not on the allowed list in scripts/layers.json`);
    }
  };
  for (const dep of Object.keys(deps)) judge(dep, `${where}/package.json`);
  for (const file of walk(join(dir, 'src'))) {
    filesChecked++;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(importRe)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (spec === undefined) continue;
      const dep = packageName(spec);
      if (dep === undefined || builtins.has(dep)) continue;
      const at = relative(root, file);
      judge(dep, at);
      if (!(dep in deps) && dep !== name) violations.push(`${at}: imports ${dep}, which ${name}'s package.json does not declare in dependencies`);
    }
  }
}

if (violations.length > 0) {
  console.error(`layer check: ${violations.length} violation(s)`);
  for (const v of violations) console.error(`  - ${v}`);
  process.exit(1);
}
console.log(`layer check: ok (${pkgDirs.length} package(s), ${filesChecked} source file(s))`);
