#!/usr/bin/env node
// Enforces the layer rule of docs/architecture.md on every package under
// packages/ (or a single package with --package DIR, or another tree with
// --root DIR, which the tests use on fixtures):
//   - a package's sources import only @strata packages of a strictly lower
//     layer (no upward, sideways or self-cycle imports through the name);
//   - package.json runtime dependencies obey the same rule, and name no peer
//     library (noble-curves, elliptic, bn.js, ...) or test-only package;
//   - every bare import in src/ is declared in dependencies;
//   - no relative import leaves its package (src, wasm, test, scripts: every
//     source file of packages/*, benchmarks and tools/*): what one package
//     needs from another it imports by name, through the other's exports;
//   - no import cycle between the files of a package (static imports,
//     re-exports, type-only imports and dynamic imports all count).
// Exits 1 and lists every violation; exits 0 with a one-line summary.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, resolve, relative, dirname, sep } from 'node:path';
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

// Folders that hold no hand-written source: dependencies and build outputs.
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'out', 'coverage', '.turbo']);

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
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

// Import specifiers of a source text, comments left out (a doc comment's
// example is not an import).
function importSpecs(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const out = [];
  for (const m of code.matchAll(importRe)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec !== undefined) out.push(spec);
  }
  return out;
}

// The file a relative specifier names, as TypeScript, AssemblyScript and Node
// resolve it here (`./x.js` is `./x.ts` in source), or undefined (a generated
// file not built yet, an asset).
function resolveRelative(from, spec) {
  const base = resolve(dirname(from), spec);
  const swapped = base.replace(/\.(m|c)?js$/, (_, k) => `.${k ?? ''}ts`);
  const candidates = [base, swapped, `${base}.ts`, `${base}.mts`, `${base}.js`, `${base}.mjs`, join(base, 'index.ts'), join(base, 'index.js')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

// Every directory holding a workspace package's sources: packages/* (already
// judged by layer above), benchmarks and tools/*.
const sourceDirs = single
  ? [resolve(single)]
  : [
      ...pkgDirs,
      ...[join(root, 'benchmarks'), ...(existsSync(join(root, 'tools')) ? readdirSync(join(root, 'tools')).map((n) => join(root, 'tools', n)) : [])].filter((d) =>
        existsSync(join(d, 'package.json')),
      ),
    ];

let cycleFiles = 0;
for (const dir of sourceDirs) {
  const inside = (p) => p === dir || p.startsWith(dir + sep);
  const files = walk(dir);
  const edges = new Map();
  for (const file of files) {
    cycleFiles++;
    const at = relative(root, file);
    const to = new Set();
    for (const spec of importSpecs(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const target = resolve(dirname(file), spec);
      if (!inside(target)) {
        violations.push(`${at}: relative import '${spec}' leaves its package (to ${relative(root, target)}); import the other package by name, through what its package.json exports`);
        continue;
      }
      const f = resolveRelative(file, spec);
      if (f !== undefined && f !== file) to.add(f);
      else if (f === file) violations.push(`${at}: imports itself ('${spec}')`);
    }
    edges.set(file, to);
  }
  for (const scc of stronglyConnected(edges)) {
    if (scc.length < 2) continue;
    const names = scc.map((f) => relative(root, f)).sort();
    violations.push(`import cycle between ${names.length} files: ${names.join(' <-> ')}; move what they share into a module they all import`);
  }
}

// Tarjan's strongly connected components of the file graph (iterative, so a
// long chain of imports cannot overflow the stack).
function stronglyConnected(edges) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const out = [];
  let next = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work = [{ v: start, it: [...(edges.get(start) ?? [])].values() }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1];
      const n = top.it.next();
      if (!n.done) {
        const w = n.value;
        if (!edges.has(w)) continue;
        if (!index.has(w)) {
          index.set(w, next);
          low.set(w, next++);
          stack.push(w);
          onStack.add(w);
          work.push({ v: w, it: [...(edges.get(w) ?? [])].values() });
        } else if (onStack.has(w)) low.set(top.v, Math.min(low.get(top.v), index.get(w)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].v;
        low.set(parent, Math.min(low.get(parent), low.get(top.v)));
      }
      if (low.get(top.v) === index.get(top.v)) {
        const scc = [];
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          scc.push(w);
        } while (w !== top.v);
        out.push(scc);
      }
    }
  }
  return out;
}

if (violations.length > 0) {
  console.error(`layer check: ${violations.length} violation(s)`);
  for (const v of violations) console.error(`  - ${v}`);
  process.exit(1);
}
console.log(`layer check: ok (${pkgDirs.length} package(s), ${filesChecked} source file(s); no relative import leaving a package and no import cycle in ${cycleFiles} file(s) of ${sourceDirs.length} package(s))`);
