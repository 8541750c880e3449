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
// Both modes fail (exit 1) when an entry's public signatures use a type that the entry does
// not export by name (API Extractor's ae-forgotten-export), naming the report, the symbol and
// where it is used: users could not import that type. The rule is set here for every package,
// whatever its api-extractor.json says; --update still writes the reports.
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

/** The reporting rule this script imposes on every package: each forgotten export reaches messageCallback. */
const FORGOTTEN_EXPORT_RULE = { logLevel: 'error', addToApiReportFile: false };

/** The symbol an ae-forgotten-export message names ('The symbol "X" needs to be exported by …'). */
function forgottenSymbol(text) {
  const m = /The symbol "([^"]+)"/.exec(text);
  return m === null ? text : m[1];
}

const differs = [];
const problems = [];
const forgotten = [];
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
    const messagesConfig = loaded.messages ?? {};
    const configObject = {
      ...loaded,
      projectFolder: pkg.dir,
      mainEntryPointFilePath: e.file,
      apiReport: { ...loaded.apiReport, enabled: true, reportFileName: e.report },
      messages: {
        ...messagesConfig,
        extractorMessageReporting: { ...messagesConfig.extractorMessageReporting, 'ae-forgotten-export': FORGOTTEN_EXPORT_RULE },
      },
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
    let errors = 0;
    const result = Extractor.invoke(config, {
      localBuild: update,
      compilerState,
      messageCallback: (m) => {
        m.handled = true;
        if (m.messageId === 'ae-forgotten-export') {
          const symbol = forgottenSymbol(m.text);
          const at = m.sourceFilePath === undefined ? relative(root, e.file) : `${relative(root, m.sourceFilePath)}:${m.sourceFileLine ?? '?'}`;
          forgotten.push({ name, report: `${where}/api/${e.report}`, subpath: e.subpath, symbol, at });
          return;
        }
        // console-* messages narrate what the run did ("report created"); this script says it.
        if ((m.logLevel === 'warning' || m.logLevel === 'error') && !m.messageId.startsWith('console-')) messages.push(m.formatMessageWithLocation(pkg.dir));
        if (m.logLevel === 'error') errors++;
      },
    });
    for (const m of messages) console.log(`  ${where} ${e.report}: ${m}`);
    if (errors > 0) problems.push(`${name}: API Extractor reported ${errors} error(s) on ${relative(root, e.file)}`);
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
if (forgotten.length > 0) {
  console.error(`API ${update ? 'reports' : 'check'}: ${forgotten.length} type(s) in public signatures not exported by name from the entry point that uses them (ae-forgotten-export):`);
  for (const f of forgotten) {
    // API Extractor appends _2, _3, … to a second type of the same name that reaches one entry.
    const renamed = /^(.+)_\d+$/.exec(f.symbol);
    const collision = renamed === null ? '' : ` ("${f.symbol}" is API Extractor's name for a second type called "${renamed[1]}" that this entry reaches: give one of the two another name and export it)`;
    console.error(`  - ${f.name}: ${f.report} (entry "${f.subpath}"): "${f.symbol}", used at ${f.at}${collision}`);
  }
  console.error(
    'Export each type by name from the entry point whose signature uses it (`export type { Name } from \'./module.js\'`), ' +
      'or change the signature to use a type that is exported; then rebuild and run `pnpm api:update`.',
  );
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
