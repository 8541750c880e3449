#!/usr/bin/env node
// Timing-leak check (dudect-style) for every secret path of Strata.
//
//   pnpm leak-check                     # build, then the default run (≈ 5 min), report into docs/leak-check.md
//   pnpm leak-check --quick             # ≈ 30 s smoke run, report to stdout
//   pnpm leak-check --only ring --samples 20000 --out /tmp/ring.md
//   node --expose-gc scripts/leak-check/run.mjs --list   # (after a build) list the paths
//
// For each path and each fixed secret, it times many calls whose secret is
// either that FIXED value (class 0) or a fresh RANDOM one (class 1), the
// classes in random order, inputs prepared in batches outside the timed
// region, after a warm-up; then runs Welch's t-test on the raw durations, on
// dudect's percentile crops and on the second-order (variance) transform.
// |t| > 4.5: leak suspected; > 10: leak. Method and the latest report:
// docs/leak-check.md. Not a CI gate: timing on a shared machine is noisy.
//
// Options:
//   --quick        few samples per path (smoke run, ≈ 30 s)
//   --samples N    N measurements (both classes together) per fixed secret, for every selected path
//   --only a,b     only the paths whose name contains one of the given substrings
//   --out FILE     write the report to FILE (if FILE has the report markers, only that part is replaced)
//   --fixed-vs-fixed  class 1 is a second FIXED (random) secret instead of a fresh random one per call:
//                  tells a dependence on the value apart from the CPU's learning of repeated data
//   --no-control   drop the A/A row of each path (class 0 random too; it shows how often noise alone crosses 4.5)
//   --engine E     ts, wasm or both (default both): which engine(s) of @strata/curves
//                  serve the paths; with both, every path is measured on each engine
//                  and its rows are named "<path> [ts]" / "<path> [wasm]"
//   --list         print the paths and exit
// Without --out, a default run (no --quick/--only/--samples) writes into
// docs/leak-check.md; any other run prints the report to stdout only.
//
// It loads the packages' built dist/ (the root script builds them first).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { webcrypto } from 'node:crypto';
import { buildPaths } from './paths.mjs';
import { classSummary, dudectCropLevels, formatPercent, tTests, verdict, T_LEAK, T_SUSPECT } from './stats.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BEGIN = '<!-- leak-check:report:begin -->';
const END = '<!-- leak-check:report:end -->';
const CROP_LEVELS = dudectCropLevels(10);

function usage(msg) {
  if (msg) console.error(`leak-check: ${msg}`);
  console.error('usage: leak-check [--quick] [--samples N] [--only name[,name…]] [--engine ts|wasm|both] [--out FILE] [--fixed-vs-fixed] [--no-control] [--list]');
  process.exit(2);
}

function parseArgs(argv) {
  const o = { quick: false, samples: undefined, only: undefined, out: undefined, list: false, control: true, fixedVsFixed: false, engines: ['ts', 'wasm'] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) usage(`${a} needs a value`);
      return v;
    };
    if (a === '--') continue;
    else if (a === '--quick') o.quick = true;
    else if (a === '--list') o.list = true;
    else if (a === '--no-control') o.control = false;
    else if (a === '--fixed-vs-fixed') o.fixedVsFixed = true;
    else if (a === '--samples') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 20) usage('--samples: expected an integer ≥ 20');
      o.samples = n;
    } else if (a === '--only') o.only = value().split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
    else if (a === '--engine') {
      const e = value();
      if (e !== 'ts' && e !== 'wasm' && e !== 'both') usage(`--engine: expected ts, wasm or both, got ${e}`);
      o.engines = e === 'both' ? ['ts', 'wasm'] : [e];
    } else if (a === '--out') o.out = resolve(process.cwd(), value());
    else if (a === '--help' || a === '-h') usage();
    else usage(`unknown argument ${a}`);
  }
  return o;
}

async function load(pkg, entry = 'index.js') {
  const file = join(root, 'packages', pkg, 'dist', entry);
  if (!existsSync(file)) {
    console.error(`leak-check: ${file} is missing; build first (pnpm turbo run build --filter=./packages/*)`);
    process.exit(2);
  }
  return import(pathToFileURL(file).href);
}

const now = () => process.hrtime.bigint();
let sink; // keeps every result observable

/** Measures one path against one fixed secret; returns times (ns) and classes. */
function measure(path, variant, samples) {
  const batch = Math.min(path.batch, samples);
  const warmup = path.warmup ?? Math.max(batch, Math.ceil(samples / 10));
  const times = new Float64Array(samples);
  const classes = new Uint8Array(samples);
  const coins = new Uint8Array(batch);
  const inputs = new Array(batch);
  const cls = new Uint8Array(batch);
  const gc = typeof globalThis.gc === 'function' ? globalThis.gc : undefined;
  let recorded = -warmup;
  while (recorded < samples) {
    const m = recorded < 0 ? Math.min(batch, -recorded) : Math.min(batch, samples - recorded);
    webcrypto.getRandomValues(coins);
    for (let j = 0; j < m; j++) {
      cls[j] = coins[j] & 1;
      // Both classes draw (and allocate) a random secret, so the heap looks
      // the same to both; class 0 then uses the fixed one (or, for the A/A
      // control row, the random one too).
      const r = path.random();
      const one = variant.other ?? r;
      inputs[j] = path.prepare(cls[j] === 0 ? (variant.bytes ?? r) : one);
    }
    if (gc !== undefined) gc();
    for (let j = 0; j < m; j++) {
      const x = inputs[j];
      const t0 = now();
      sink = path.run(x);
      const t1 = now();
      const k = recorded + j;
      if (k >= 0) {
        times[k] = Number(t1 - t0);
        classes[k] = cls[j];
      }
    }
    inputs.fill(undefined);
    recorded += m;
  }
  return { times, classes };
}

const fmtT = (t) => (Number.isNaN(t) ? 'n/a' : Number.isFinite(t) ? t.toFixed(1) : t > 0 ? '+inf' : '-inf');
const fmtUs = (ns) => (ns / 1000).toFixed(ns < 10_000 ? 2 : ns < 1e6 ? 1 : 0);
const fmtMs = (ms) => (ms >= 10_000 ? `${(ms / 1000).toFixed(0)} s` : `${(ms / 1000).toFixed(1)} s`);

function machine() {
  const c = cpus();
  return {
    cpu: c.length > 0 ? `${c[0].model.trim()} × ${c.length} logical CPU(s)` : 'unknown',
    node: `Node ${process.version} (V8 ${process.versions.v8})`,
    os: `${platform()} ${arch()}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM`,
    load: loadavg().map((x) => x.toFixed(2)).join(' / '),
  };
}

function report(results, meta) {
  const L = [];
  const cropLabels = CROP_LEVELS.map((q) => `p${formatPercent(q)}`);
  L.push(`Generated by \`${meta.command}\` on ${meta.date} in ${fmtMs(meta.elapsedMs)}.`);
  L.push('');
  L.push(`- CPU: ${meta.machine.cpu}`);
  L.push(`- Runtime: ${meta.machine.node}, ${meta.machine.os}`);
  L.push(`- Load average (1/5/15 min): ${meta.machine.load} at the start, ${meta.loadEnd} at the end`);
  L.push(`- Run: ${meta.mode}; garbage collection between batches: ${meta.gc ? 'yes (--expose-gc)' : 'no'}`);
  if (meta.note) L.push(`- Note: ${meta.note}`);
  L.push('');
  L.push(`Verdicts: max |t| over all tests of a row; > ${T_SUSPECT} leak suspected, > ${T_LEAK} leak. Times in µs per call.`);
  L.push('');
  L.push('| path | fixed secret (class 0) | samples fixed / random | mean fixed / random | median fixed / random | max \\|t\\| (test) | verdict |');
  L.push('|---|---|---|---|---|---|---|');
  for (const r of results) {
    const [a, b] = r.summary;
    L.push(
      `| ${r.path} | ${r.variant} | ${a.n} / ${b.n} | ${fmtUs(a.mean)} / ${fmtUs(b.mean)} | ${fmtUs(a.median)} / ${fmtUs(b.median)} | ` +
        `${fmtT(r.maxAbsT)} (${r.maxLabel}) | ${r.verdict === 'no leak detected' ? r.verdict : `**${r.verdict}**`} |`,
    );
  }
  L.push('');
  L.push('t-statistic of every test (positive: the fixed secret is slower). `raw`: all measurements; `pQ`: only those');
  L.push('below the Q-th percentile of all measurements of the row (dudect\'s crops); `2nd`: second-order test.');
  L.push('');
  L.push(`| path | fixed secret | raw | ${cropLabels.join(' | ')} | 2nd |`);
  L.push(`|---|---|${'---|'.repeat(cropLabels.length + 2)}`);
  for (const r of results) L.push(`| ${r.path} | ${r.variant} | ${r.tests.map((t) => fmtT(t.t)).join(' | ')} |`);
  L.push('');
  L.push('Per path, what the secret is and the wall time of its rows:');
  L.push('');
  const seen = new Set();
  for (const r of results) {
    if (seen.has(r.path)) continue;
    seen.add(r.path);
    const ms = results.filter((x) => x.path === r.path).reduce((s, x) => s + x.elapsedMs, 0);
    L.push(`- \`${r.path}\`: ${r.secret}; ${fmtMs(ms)}.`);
  }
  return L.join('\n');
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const lib = {
    field: await load('field'),
    // The root (engine, errors) and the curve subpaths, under the names paths.mjs reads.
    curves: { ...(await load('curves')), secp256k1: await load('curves', 'secp256k1/index.js'), ed25519: await load('curves', 'ed25519/index.js'), edwards: await load('curves', 'edwards/index.js'), hash: await load('curves', 'hash/index.js') },
    group: await load('group'),
    ed: await load('ed25519-batch'),
    dleq: await load('dleq'),
    ring: await load('ring'),
    // The package-internal state of a Ring (dist/ring-state.js, the module dist/index.js uses).
    ringState: await load('ring', 'ring-state.js'),
    // The main entry (keys) and the scheme subpaths, under the names paths.mjs reads.
    k1: { ...(await load('secp256k1-signatures')), ecdsa: await load('secp256k1-signatures', 'ecdsa-api.js'), schnorr: await load('secp256k1-signatures', 'schnorr-api.js'), tweak: await load('secp256k1-signatures', 'tweak-api.js') },
    k1ecc: await load('secp256k1-signatures', 'ecc.js'),
  };
  // One copy of the paths per engine; a path selects its engine before it is
  // measured. Paths marked `once` (field arithmetic, scalar tweaks) are
  // measured once, under the first engine: no engine serves them.
  let paths = opts.engines.flatMap((e, i) =>
    buildPaths(lib)
      .filter((p) => i === 0 || !p.once)
      .map((p) => ({ ...p, engine: e, name: opts.engines.length > 1 && !p.once ? `${p.name} [${e}]` : p.name })),
  );
  if (opts.list) {
    for (const p of paths) console.log(`${p.name}\t${p.samples} samples (quick ${p.quick}) × ${p.variants.length} fixed secrets\t${p.secret}`);
    return;
  }
  if (opts.only !== undefined) {
    paths = paths.filter((p) => opts.only.some((s) => p.name.toLowerCase().includes(s)));
    if (paths.length === 0) usage(`--only ${opts.only.join(',')}: no path matches (see --list)`);
  }
  const m = machine();
  const start = Date.now();
  const results = [];
  if (opts.control) {
    for (const p of paths) p.variants = [{ label: 'A/A control: random vs random', bytes: null }, ...p.variants];
  }
  if (opts.fixedVsFixed) {
    // One second fixed secret per path, drawn like the random class.
    for (const p of paths) {
      const other = p.random();
      p.variants = p.variants.map((v) => ({ ...v, label: v.bytes === null ? v.label : `${v.label} vs fixed random`, other: v.bytes === null ? undefined : other }));
    }
  }
  const rows = paths.reduce((s, p) => s + p.variants.length, 0);
  let row = 0;
  console.error(`leak-check: ${rows} row(s) over ${paths.length} path(s); ${m.cpu}; ${m.node}; load ${m.load}`);
  for (const p of paths) {
    const samples = opts.samples ?? (opts.quick ? p.quick : p.samples);
    if (p.engine === 'wasm') lib.curves.engine.initWasmSync({ required: true });
    else lib.curves.engine.useEngine('ts');
    for (const v of p.variants) {
      row++;
      const t0 = Date.now();
      const { times, classes } = measure(p, v, samples);
      const elapsedMs = Date.now() - t0;
      const t = tTests(times, classes, CROP_LEVELS);
      const r = {
        path: p.name,
        secret: p.secret,
        variant: v.label,
        summary: classSummary(times, classes),
        tests: t.tests,
        maxAbsT: t.maxAbsT,
        maxLabel: t.maxLabel,
        verdict: verdict(t.maxAbsT),
        elapsedMs,
      };
      results.push(r);
      console.error(
        `[${row}/${rows}] ${p.name} | ${v.label} | n=${samples} | max|t|=${fmtT(r.maxAbsT)} (${r.maxLabel}) | ${r.verdict} | ${fmtMs(elapsedMs)}`,
      );
    }
  }
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const meta = {
    command: `pnpm leak-check${args.length > 0 ? ` ${args.join(' ')}` : ''}`,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    elapsedMs: Date.now() - start,
    machine: m,
    loadEnd: loadavg().map((x) => x.toFixed(2)).join(' / '),
    mode:
      (opts.samples !== undefined ? `${opts.samples} samples per row` : opts.quick ? 'quick (--quick)' : 'default sample counts') +
      (opts.control ? '' : ', without A/A control rows (--no-control)') +
      (opts.fixedVsFixed ? ', class 1 = a second fixed secret (--fixed-vs-fixed)' : '') +
      `, engine${opts.engines.length > 1 ? 's' : ''} ${opts.engines.join(' and ')}`,
    gc: typeof globalThis.gc === 'function',
    note: process.env.LEAK_CHECK_NOTE,
  };
  const text = report(results, meta);
  const defaultRun = !opts.quick && opts.only === undefined && opts.samples === undefined && opts.control && !opts.fixedVsFixed && opts.engines.length === 2;
  const out = opts.out ?? (defaultRun ? join(root, 'docs', 'leak-check.md') : undefined);
  if (out === undefined) {
    console.log(text);
  } else {
    const old = existsSync(out) ? readFileSync(out, 'utf8') : '';
    const b = old.indexOf(BEGIN);
    const e = old.indexOf(END);
    const next = b >= 0 && e > b ? `${old.slice(0, b + BEGIN.length)}\n${text}\n${old.slice(e)}` : `${text}\n`;
    writeFileSync(out, next);
    console.error(`leak-check: report written to ${out}`);
  }
  if (sink === Symbol.for('never')) console.log(sink);
}

await main();
