#!/usr/bin/env node
// Figures in one place: each package's README shows the figures of the latest benchmark
// record (benchmarks/results/latest.json) between two markers, and nowhere else.
//
//   node scripts/figures/write.mjs            (pnpm figures) rewrites the marked sections
//   node scripts/figures/write.mjs --check    exits 1 when a README differs from the record
//   options: --from FILE (another record), --root DIR (another tree, for the tests)
//
// Only two commands change the READMEs' figures: this one (`pnpm figures`, a maintainer's) and
// `pnpm bench --record`, which runs it after writing latest.json (benchmarks/src/report/figures.ts).
// Every other bench run writes into the git-ignored benchmarks/out/ and leaves the READMEs alone.
// The check compares READMEs with the record; it says nothing about how old the record is.
//
// Rows: the Strata rows (every Strata variant: cached keys, parallel, ...) that have a best
// peer, with the peer's time and the ratio Strata / best peer (below 1: Strata is faster); an op
// compared with another op's peers (batch verification against single verify) names that op.
// Records with both Strata engines (rows `strata (ts)` / `strata (wasm)`, `strata (cached keys,
// ts)` / `… wasm)`: benchmarks/src/engine.ts) show one line per op and Strata variant with a
// column per engine and a ratio per engine; a Strata row without an engine qualifier (an op the
// WebAssembly engine does not serve) runs on the TypeScript engine and fills the ts column.
// Rows without a peer are in docs/benchmarks.md and benchmarks/results/latest.md. Which
// suite belongs to which package is SUITE_PACKAGES below; a suite missing there stops the
// run, so a new suite gets a home before its figures are published.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publishedPackageDirs, scriptCommandLine } from '../packages.mjs';

export const BEGIN = '<!-- strata:figures:begin -->';
export const END = '<!-- strata:figures:end -->';

/** The package whose README shows each benchmark suite. */
export const SUITE_PACKAGES = {
  field: '@strata/field',
  curves: '@strata/curves',
  group: '@strata/group',
  ed25519: '@strata/ed25519-batch',
  'ed25519-variants': '@strata/ed25519-batch',
  dleq: '@strata/dleq',
  ring: '@strata/ring',
  'secp256k1-signatures': '@strata/secp256k1-signatures',
};

/** What a package without suites of its own shows instead of a table (`web`: the repository's address). */
const NO_SUITE = {
  '@strata/group': (web) =>
    'The group operations are measured through the protocols built on them: see the figures of ' +
    `[@strata/dleq](${web}/tree/main/packages/dleq#performance) and [@strata/ring](${web}/tree/main/packages/ring#performance), ` +
    'which run the same protocol code over Strata\'s group and over noble-curves wrapped in the same `Curve` interface.',
};

/**
 * The repository's web address from the root package.json `repository.url`
 * (`git+https://…/x.git` → `https://…/x`): README links must work from npm, so they are absolute.
 */
export function repositoryWebUrl(root) {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const url = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  if (typeof url !== 'string') throw new Error(`figures: ${join(root, 'package.json')} has no repository.url`);
  return url.replace(/^git\+/, '').replace(/\.git$/, '');
}

/** "45.1 ns", "1.23 µs", "4.56 ms" (the benchmark table's format). */
export function fmtTime(ns) {
  if (!Number.isFinite(ns)) return '—';
  const sig = (v) => (v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0));
  if (ns < 1e3) return `${ns < 10 ? ns.toFixed(2) : ns < 100 ? ns.toFixed(1) : ns.toFixed(0)} ns`;
  if (ns < 1e6) return `${sig(ns / 1e3)} µs`;
  if (ns < 1e9) return `${sig(ns / 1e6)} ms`;
  return `${sig(ns / 1e9)} s`;
}

const cell = (s) => String(s).replace(/\|/g, '\\|');

/** The Strata engine a backend name carries as its last qualifier (`strata (wasm)`, `strata (cached keys, ts)`), or null. */
export function engineOf(backend) {
  const m = /[(,] ?(ts|wasm)\)$/.exec(backend);
  return m && backend.startsWith('strata') ? m[1] : null;
}

/** The backend name without its engine qualifier (`strata (cached keys, wasm)` → `strata (cached keys)`). */
export function baseBackend(backend) {
  if (engineOf(backend) === null) return backend;
  return backend.replace(/ \((ts|wasm)\)$/, '').replace(/, (ts|wasm)\)$/, ')');
}

/** The best peer's cell of a Strata row (the peer's time follows from the ratio), or null without a peer. */
function peerCell(suite, r) {
  if (r.bestPeer === undefined || !(r.ratioToBestPeer > 0)) return null;
  // The record keeps the ratio; the peer's time follows from it. An op without peer rows of
  // its own (batch verification) is compared with another op's peers (single verify): name it.
  const peerNs = r.stats.medianNs / r.ratioToBestPeer;
  const same = suite.rows.some((p) => p.opId === r.opId && p.platform === r.platform && p.backend === r.bestPeer);
  const other = same ? undefined : suite.rows.find(
    (p) => p.platform === r.platform && p.backend === r.bestPeer && p.stats && Math.abs(p.stats.medianNs - peerNs) <= 1e-9 * peerNs,
  );
  const per = r.unit === 'op' ? '' : `/${r.unit}`;
  return `${r.bestPeer} ${fmtTime(peerNs)}${per}${other ? ` (${other.op})` : ''}`;
}

/** The table of one suite with a column per Strata engine; returns its lines and how many lines had no peer. */
function engineTable(suite, rows) {
  const lines = new Map();
  for (const r of rows) {
    const base = baseBackend(r.backend);
    const key = `${r.platform}\u0000${r.opId}\u0000${base}`;
    const l = lines.get(key) ?? { first: r, base, ts: undefined, wasm: undefined };
    l[engineOf(r.backend) ?? 'ts'] = r;
    lines.set(key, l);
  }
  const table = [];
  let withoutPeer = 0;
  for (const l of lines.values()) {
    const peered = [l.ts, l.wasm].filter((r) => r && peerCell(suite, r) !== null);
    if (peered.length === 0) {
      withoutPeer++;
      continue;
    }
    const r = l.first;
    const per = r.unit === 'op' ? '' : `/${r.unit}`;
    const variant = l.base === 'strata' ? '' : ` — ${l.base.replace(/^strata \((.*)\)$/, '$1')}`;
    const where = r.platform === 'node' ? '' : ` (${r.platform})`;
    const time = (x) => (x ? `${fmtTime(x.stats.medianNs)}${per}` : '—');
    const ratio = (x) => (x && x.ratioToBestPeer > 0 ? `${x.ratioToBestPeer.toFixed(2)}×` : '—');
    table.push(
      `| ${cell(`${r.group} · ${r.op}${variant}${where}`)} | ${time(l.ts)} | ${time(l.wasm)} | ${cell(peerCell(suite, peered[0]))} | ${ratio(l.ts)} | ${ratio(l.wasm)} |`,
    );
  }
  return { table, withoutPeer };
}

/** The Markdown between the markers for one package (without the markers). */
export function renderPackage(record, name, web) {
  const suites = record.suites.filter((s) => SUITE_PACKAGES[s.name] === name);
  if (suites.length === 0) {
    return NO_SUITE[name]?.(web) ?? `The benchmark record has no suite for ${name}.`;
  }
  const lines = [];
  let withoutPeer = 0;
  const engines = suites.some((suite) => suite.rows.some((r) => r.kind === 'strata' && engineOf(r.backend) !== null));
  for (const suite of suites) {
    const rows = suite.rows.filter((r) => r.kind === 'strata' && r.status === 'ok' && r.stats);
    if (engines) {
      const t = engineTable(suite, rows);
      withoutPeer += t.withoutPeer;
      if (t.table.length === 0) continue;
      if (lines.length > 0) lines.push('');
      lines.push(`**${suite.title}** (suite \`${suite.name}\`)`, '');
      lines.push('| operation | Strata (ts) | Strata (wasm) | best peer | ratio (ts) | ratio (wasm) |', '|---|---|---|---|---|---|', ...t.table);
      continue;
    }
    const table = [];
    for (const r of rows) {
      if (r.bestPeer === undefined || !(r.ratioToBestPeer > 0)) {
        withoutPeer++;
        continue;
      }
      // The record keeps the ratio; the peer's time follows from it. An op without peer rows of
      // its own (batch verification) is compared with another op's peers (single verify): name it.
      const peerNs = r.stats.medianNs / r.ratioToBestPeer;
      const same = suite.rows.some((p) => p.opId === r.opId && p.platform === r.platform && p.backend === r.bestPeer);
      const other = same ? undefined : suite.rows.find(
        (p) => p.platform === r.platform && p.backend === r.bestPeer && p.stats && Math.abs(p.stats.medianNs - peerNs) <= 1e-9 * peerNs,
      );
      const per = r.unit === 'op' ? '' : `/${r.unit}`;
      const variant = r.backend === 'strata' ? '' : ` — ${r.backend.replace(/^strata \((.*)\)$/, '$1')}`;
      const where = r.platform === 'node' ? '' : ` (${r.platform})`;
      table.push(
        `| ${cell(`${r.group} · ${r.op}${variant}${where}`)} | ${fmtTime(r.stats.medianNs)}${per} | ` +
          `${cell(`${r.bestPeer} ${fmtTime(peerNs)}${per}${other ? ` (${other.op})` : ''}`)} | ${r.ratioToBestPeer.toFixed(2)}× |`,
      );
    }
    if (table.length === 0) continue;
    if (lines.length > 0) lines.push('');
    lines.push(`**${suite.title}** (suite \`${suite.name}\`)`, '');
    lines.push('| operation | Strata | best peer | ratio |', '|---|---|---|---|', ...table);
  }
  if (lines.length === 0) lines.push(`No row of ${suites.map((s) => `\`${s.name}\``).join(', ')} has a peer to compare with.`);
  const m = record.machine ?? {};
  const date = String(record.date ?? '').slice(0, 10);
  const mode = record.mode && record.mode !== 'default' ? ` --${record.mode}` : '';
  const commit = record.commit?.sha ? `, commit ${record.commit.sha.slice(0, 7)}${record.commit.dirty ? ' with local changes' : ''}` : '';
  lines.push(
    '',
    'Median time per operation; ratio = Strata / best peer (below 1: Strata is faster)' +
      (engines ? '; ts / wasm = the TypeScript and the WebAssembly engine (— : not served by the WebAssembly engine, or not run). ' : '. ') +
      `\`pnpm bench${mode}\` on ${m.cpu ?? 'an unknown CPU'} (${m.cores ?? '?'} cores, ${m.platform ?? '?'} ${m.arch ?? ''}`.trimEnd() +
      `), Node ${record.runtime?.node ?? '?'}, ${date}${commit}. ` +
      `Written by \`pnpm figures\` from benchmarks/results/latest.json` +
      (withoutPeer > 0 ? `; ${withoutPeer} more row(s) without a peer are in [docs/benchmarks.md](${web}/blob/main/docs/benchmarks.md).` : '.'),
  );
  return lines.join('\n');
}

/** Replaces (or, with `add`, appends) the marked section of a README; returns the new text or null. */
export function replaceSection(text, body, add) {
  const block = `${BEGIN}\n${body}\n${END}`;
  const b = text.indexOf(BEGIN);
  const e = text.indexOf(END);
  if (b >= 0 && e > b) return text.slice(0, b) + block + text.slice(e + END.length);
  if (!add) return null;
  // A README without the markers gets a Performance section before its References, or at the end.
  const section = `## Performance\n\n${block}\n`;
  const refs = text.search(/^## References\s*$/m);
  if (refs >= 0) return text.slice(0, refs) + section + '\n' + text.slice(refs);
  return text.replace(/\n*$/, '\n\n') + section;
}

function main() {
  const { args, opt, root } = scriptCommandLine(import.meta.url);
  const check = args.includes('--check');
  const from = resolve(opt('--from') ?? join(root, 'benchmarks', 'results', 'latest.json'));
  const record = JSON.parse(readFileSync(from, 'utf8'));
  if (record.schema !== 'strata-bench/1') {
    console.error(`figures: ${from}: expected a strata-bench/1 record, got ${String(record.schema)}`);
    process.exit(1);
  }
  const homeless = record.suites.map((s) => s.name).filter((n) => SUITE_PACKAGES[n] === undefined);
  if (homeless.length > 0) {
    console.error(`figures: suite(s) ${homeless.join(', ')} belong to no package; add them to SUITE_PACKAGES in scripts/figures/write.mjs`);
    process.exit(1);
  }
  const web = repositoryWebUrl(root);
  const stale = [];
  const written = [];
  for (const { dir, json: pkg } of publishedPackageDirs(root)) {
    const readme = join(dir, 'README.md');
    if (!existsSync(readme)) continue;
    const text = readFileSync(readme, 'utf8');
    const next = replaceSection(text, renderPackage(record, pkg.name, web), !check);
    const where = relative(root, readme);
    if (next === null) stale.push(`${where}: no ${BEGIN} … ${END} section`);
    else if (next !== text) {
      if (check) stale.push(`${where}: the figures differ from ${relative(root, from)}`);
      else {
        writeFileSync(readme, next);
        written.push(where);
      }
    }
  }
  if (check && stale.length > 0) {
    console.error(`figures: ${stale.length} README(s) do not show ${relative(root, from)}:`);
    for (const s of stale) console.error(`  - ${s}`);
    console.error('Run `pnpm figures` and commit the READMEs with the record.');
    process.exit(1);
  }
  // The report names every README it rewrote, so a run's last lines say which files changed.
  console.log(
    check
      ? 'figures: ok (every package README shows the record)'
      : `figures: updated ${written.length} README(s) from ${relative(root, from)}${written.length > 0 ? `: ${written.join(', ')}` : ''}`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
