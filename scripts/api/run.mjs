#!/usr/bin/env node
// API reports: one API Extractor report per entry point of every published package.
//
//   node scripts/api/run.mjs --update   (pnpm api:update) writes packages/*/api/*.api.md
//   node scripts/api/run.mjs --check    (pnpm api:check)  exits 1 when a report differs
//   options: --root DIR (another tree, for the tests), --package NAME (one package)
//
// Packages are found by folder: every packages/<dir>/package.json that is not private.
// Entry points come from package.json `exports`: the main entry "." and each subpath, each
// read from the built declarations its "types" condition names (dist/, so run
// `pnpm turbo run build` first). An entry whose conditions name several declaration files
// (a "node" build beside the browser one) gets one report per file. Report names:
//   "."                          -> <name>.api.md          (curves.api.md)
//   "./secp256k1"                -> <name>-secp256k1.api.md
//   "./parallel" under "node"    -> <name>-parallel.node.api.md
// Settings come from the package's api-extractor.json (which extends
// scripts/api/api-extractor.base.json), or from the base itself when a package has none;
// --update writes the standard api-extractor.json into a package that has none (a new one).
// A report in api/ that no entry produces any more counts as a difference (--check) and is
// deleted (--update).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { CompilerState, Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import { publishedPackageDirs, scriptCommandLine } from '../packages.mjs';

const { here, args, opt, root } = scriptCommandLine(import.meta.url);
const update = args.includes('--update');
const check = args.includes('--check');
if (update === check) {
  console.error('usage: node scripts/api/run.mjs --update | --check [--root DIR] [--package NAME]');
  process.exit(2);
}
const only = opt('--package');
const baseConfig = join(here, 'api-extractor.base.json');
/** The api-extractor.json of every package (the per-entry settings are this script's). */
const PACKAGE_CONFIG = `// API report settings: scripts/api/run.mjs runs one report per entry point of package.json
// \`exports\` into api/ (\`pnpm api:update\` writes them, \`pnpm api:check\` compares them).
{
  "extends": "../../scripts/api/api-extractor.base.json",
  "projectFolder": "."
}
`;

/** The published packages under packages/, by folder. */
function packages() {
  return publishedPackageDirs(root).filter((p) => only === undefined || p.json.name === only);
}

/** Every declaration file a conditions object names, with the conditions leading to it. */
function typesFiles(value, conditions = []) {
  if (typeof value === 'string') return [];
  if (value === null || typeof value !== 'object') return [];
  const out = [];
  for (const [key, v] of Object.entries(value)) {
    if (key === '@strata/source') continue; // the TypeScript sources, for tests in this repo
    if (key === 'types' && typeof v === 'string') out.push({ conditions, file: v });
    else out.push(...typesFiles(v, [...conditions, key]));
  }
  return out;
}

/** The entries of one package: { subpath, file (absolute .d.ts), report (file name) }. */
function entries(pkg) {
  const unscoped = pkg.json.name.replace(/^@[^/]+\//, '');
  let exp = pkg.json.exports;
  if (exp === undefined) exp = { '.': { types: pkg.json.types ?? './dist/index.d.ts' } };
  if (typeof exp === 'string' || !Object.keys(exp).some((k) => k.startsWith('.'))) exp = { '.': exp };
  const out = [];
  for (const [subpath, value] of Object.entries(exp)) {
    if (subpath === './package.json') continue;
    const files = typesFiles(value);
    const distinct = [...new Map(files.map((f) => [f.file, f])).values()];
    const sub = subpath === '.' ? '' : '-' + subpath.replace(/^\.\//, '').replace(/\.js$/, '').replace(/[^A-Za-z0-9]+/g, '-');
    for (const f of distinct) {
      // The declaration file under the plain "types" key (no condition) keeps the plain name.
      const cond = distinct.length > 1 && f.conditions.length > 0 ? '.' + f.conditions.join('-') : '';
      out.push({ subpath, file: resolve(pkg.dir, f.file), report: `${unscoped}${sub}${cond}.api.md` });
    }
  }
  return out;
}

const differs = [];
const problems = [];
let written = 0;
for (const pkg of packages()) {
  const name = pkg.json.name;
  const where = relative(root, pkg.dir);
  const list = entries(pkg);
  const missing = list.filter((e) => !existsSync(e.file));
  if (missing.length > 0) {
    problems.push(`${name}: no built declarations at ${missing.map((e) => relative(root, e.file)).join(', ')}; run \`pnpm turbo run build\` first`);
    continue;
  }
  const ownConfig = join(pkg.dir, 'api-extractor.json');
  if (update && !existsSync(ownConfig) && existsSync(join(root, 'scripts', 'api', 'api-extractor.base.json'))) {
    writeFileSync(ownConfig, PACKAGE_CONFIG);
    console.log(`  ${where}: wrote api-extractor.json`);
  }
  const loaded = ExtractorConfig.loadFile(existsSync(ownConfig) ? ownConfig : baseConfig);
  const packageJsonFullPath = join(pkg.dir, 'package.json');
  const reportFolder = join(pkg.dir, 'api');
  const prepare = (e) => {
    const configObject = {
      ...loaded,
      projectFolder: pkg.dir,
      mainEntryPointFilePath: e.file,
      apiReport: { ...loaded.apiReport, enabled: true, reportFileName: e.report },
    };
    return ExtractorConfig.prepare({ configObject, configObjectFullPath: join(pkg.dir, 'api-extractor.json'), packageJsonFullPath });
  };
  // One TypeScript program per package serves all its entries.
  const first = prepare(list[0]);
  const compilerState = CompilerState.create(first, { additionalEntryPoints: list.map((e) => e.file) });
  if (update) mkdirSync(reportFolder, { recursive: true });
  for (const e of list) {
    const config = e === list[0] ? first : prepare(e);
    const messages = [];
    const result = Extractor.invoke(config, {
      localBuild: update,
      compilerState,
      messageCallback: (m) => {
        // console-* messages narrate what the run did ("report created"); this script says it.
        if ((m.logLevel === 'warning' || m.logLevel === 'error') && !m.messageId.startsWith('console-')) messages.push(m.formatMessageWithLocation(pkg.dir));
        m.handled = true;
      },
    });
    for (const m of messages) console.log(`  ${where} ${e.report}: ${m}`);
    if (result.errorCount > 0) problems.push(`${name}: API Extractor reported ${result.errorCount} error(s) on ${relative(root, e.file)}`);
    if (check && result.apiReportChanged) differs.push(`${name}: ${where}/api/${e.report} (entry "${e.subpath}")`);
    if (update) written++;
  }
  // Reports no entry produces any more (a removed subpath).
  const wanted = new Set(list.map((e) => e.report));
  const stale = existsSync(reportFolder) ? readdirSync(reportFolder).filter((f) => f.endsWith('.api.md') && !wanted.has(f)) : [];
  for (const f of stale) {
    if (update) rmSync(join(reportFolder, f));
    else differs.push(`${name}: ${where}/api/${f} (no such entry in package.json exports any more)`);
  }
}

if (problems.length > 0) {
  console.error(`API reports: ${problems.length} problem(s)`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}
if (check && differs.length > 0) {
  const names = [...new Set(differs.map((d) => d.slice(0, d.indexOf(':'))))];
  console.error(`API check: the API of ${names.join(', ')} differs from the checked-in report:`);
  for (const d of differs) console.error(`  - ${d}`);
  console.error('Run `pnpm api:update`, review the diff of packages/*/api/*.api.md and commit it with the change.');
  process.exit(1);
}
console.log(update ? `API reports: wrote ${written} report(s)` : 'API check: ok (every report matches the built declarations)');
