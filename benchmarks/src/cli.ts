/**
 * `pnpm bench` — runs the Strata benchmark suites side by side with the peers.
 *
 *   pnpm bench [--suite <name>]... [--backend <name>]... [--engine ts|wasm|both] [--quick | --full] [--json <file>] [--svg <file>] [--md <file>] [--html <file>] [--record]
 *
 * A run writes benchmarks/out/bench.{json,svg,md,html} and bench-<suite>.svg (git-ignored) and
 * prints where; the committed record benchmarks/results/latest.* and the package READMEs' figures
 * change only with --record (or `pnpm figures`).
 *
 * Exit codes: 0 done (unavailable backends are reported in their rows, not as failures);
 * 1 a row errored and --strict was given, or the run crashed; 2 bad command line.
 */
import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backendNames, fromOutputPath, isRecordFile, loadRecord, outputRoot, recordPaths, recordWarning, runBench, runPaths, SUITE_NAMES, writeOutputs, type WrittenOutputs } from './main.js';
import type { ProgressEvent } from './runner.js';
import { fmtTime } from './report/format.js';
import { writeReadmeFigures } from './report/figures.js';
import type { Mode } from './types.js';
import { backendSelected, parseEngines, type EngineName } from './engine.js';
import { GO_INSTALL, goProblem, parseBenchtime } from './reference.js';

const USAGE = `usage: pnpm bench [options]

  --suite <name>     run only this suite (repeatable or comma-separated)
                     suites: ${SUITE_NAMES.join(', ')}
  --backend <name>   run only this backend (repeatable or comma-separated); "strata" or
                     "strata (cached keys)" selects the row on both engines
  --engine <e>       the Strata engine(s) of the rows the WebAssembly engine serves: ts, wasm or
                     both (default both: each such Strata row runs twice, as "strata (…, ts)" and
                     "strata (…, wasm)"); with wasm, the module's size and init time are reported
  --quick            short smoke run (tiny budgets, smallest sizes)
  --full             exhaustive sweep (every size, more iterations)
  --browser          also run the suites in headless Chromium (after the Node run; rows with
                     platform chromium beside the Node rows). Chromium: STRATA_CHROMIUM, else a
                     system Chromium or Chrome, else the one installed from the npm registry
                     (@sparticuz/chromium, unpacked into the temp folder on first use)
  --no-sizes         skip the bundle-size section (esbuild; on by default, about 2 s)
  --go               measure the Go reference rows in this run, --quick too (default: they are
                     measured whenever \`go\` is on PATH, except with --quick): bench.sh of
                     ../shared/reference/go (STRATA_GO_REFERENCE: another folder), built and run in
                     a temporary folder, in rounds between each suite's op groups. Without Go, says
                     what to install and exits (installs nothing). Without --go and without Go,
                     the Go rows are the cited figures of benchmarks/reference/, marked "cited"
  --no-go            cite the Go figures even when Go is on PATH
  --go-benchtime <t> go test -benchtime per Go round (default 500ms; --full 1s; --quick 100ms)
  --json <file>      write the JSON record here (default benchmarks/out/bench.json; benchmarks/out/
                     is git-ignored, so a run leaves the clone's tracked files as they were)
  --svg <file>       write the summary picture here (default: the JSON path with .svg); the
                     detail charts go beside it, <file>-<suite>.svg
  --md <file>        write the Markdown tables here (default: the JSON path with .md)
  --html <file>      write the HTML report here (default: the JSON path with .html): one
                     self-contained file, the summary first, then every suite's charts
  --record           write the committed record instead, benchmarks/results/latest.{json,svg,md,html}
                     (and latest-<suite>.svg), then rewrite the package READMEs' figures from it
                     (pnpm figures); for maintainers, not with --json/--svg/--md/--html
  --strict           exit 1 if any row errored
  --from <file>      measure nothing: re-render the table, SVG, Markdown and HTML of a saved JSON
                     record (writes <file>.svg/.md/.html next to it, or into benchmarks/out/ for a
                     record in benchmarks/results/, unless --svg/--md/--html say otherwise; with --record: writes
                     the record as benchmarks/results/latest.* and rewrites the README figures)
  --list             print suites and backends and exit
  -h, --help         this help`;

function fail(msg: string): never {
  process.stderr.write(`bench: ${msg}\n\n${USAGE}\n`);
  process.exit(2);
}

/** Returns why `file` cannot be written (a directory, a parent that cannot be created or written), or null. */
function unwritable(file: string): string | null {
  const abs = path.resolve(file);
  try {
    if (existsSync(abs) && statSync(abs).isDirectory()) return 'is a directory, expected a file name';
    const dir = path.dirname(abs);
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

function splitList(v: string[] | undefined): string[] | undefined {
  if (!v) return undefined;
  return v.flatMap((x) => x.split(',')).map((x) => x.trim()).filter((x) => x.length > 0);
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2).filter((a) => a !== '--'),
      options: {
        suite: { type: 'string', multiple: true },
        backend: { type: 'string', multiple: true },
        engine: { type: 'string' },
        quick: { type: 'boolean' },
        full: { type: 'boolean' },
        json: { type: 'string' },
        svg: { type: 'string' },
        md: { type: 'string' },
        html: { type: 'string' },
        strict: { type: 'boolean' },
        browser: { type: 'boolean' },
        'no-sizes': { type: 'boolean' },
        go: { type: 'boolean' },
        'no-go': { type: 'boolean' },
        'go-benchtime': { type: 'string' },
        from: { type: 'string' },
        record: { type: 'boolean' },
        list: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
      strict: true,
    });
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
  // File arguments are relative to where the user typed the command: `pnpm bench` runs this
  // script inside benchmarks/, and pnpm/npm record the original directory in INIT_CWD.
  const base = process.env.INIT_CWD ?? process.cwd();
  const v = { ...parsed.values };
  for (const k of ['json', 'svg', 'md', 'html', 'from'] as const) {
    const f = v[k];
    if (f !== undefined && f.trim() !== '') v[k] = path.resolve(base, f);
  }
  if (v.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const allBackends = backendNames();
  if (v.list) {
    process.stdout.write(`suites: ${SUITE_NAMES.join(', ')}\nbackends:\n${allBackends.map((b) => `  ${b}`).join('\n')}\n`);
    return;
  }
  if (v.quick && v.full) fail('--quick and --full cannot be combined');
  let engines: EngineName[];
  try {
    engines = parseEngines(v.engine?.trim().toLowerCase());
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
  // The committed record is written on purpose only: --record, which names its own files.
  if (v.record) {
    const given = (['json', 'svg', 'md', 'html'] as const).filter((k) => v[k] !== undefined);
    if (given.length > 0) fail(`--record writes ${recordPaths().json.replace(/\.json$/, '.{json,svg,md,html}')}; leave out ${given.map((k) => `--${k}`).join(', ')}`);
  }
  for (const k of ['json', 'svg', 'md', 'html'] as const) {
    const f = v[k];
    if (f !== undefined && isRecordFile(f)) fail(`--${k} ${f}: that is the committed record; pnpm bench --record writes it (a run without it writes ${runPaths().json})`);
  }
  if (v.from !== undefined) {
    if (v.json !== undefined) fail('--from re-renders a saved record and writes no JSON; give --svg/--md/--html, or --record');
    let rec;
    try {
      rec = loadRecord(v.from);
    } catch (e) {
      fail(`--from: ${e instanceof Error ? e.message : String(e)}`);
    }
    // Without --record: the SVG and Markdown only, next to the record or in benchmarks/out/;
    // with --record: the record (as re-read) and both renderings as the committed record.
    const targets = v.record
      ? { record: true, jsonPath: recordPaths().json, svgPath: recordPaths().svg, mdPath: recordPaths().md, htmlPath: recordPaths().html }
      : { jsonPath: null, svgPath: v.svg ?? fromOutputPath(v.from, '.svg'), mdPath: v.md ?? fromOutputPath(v.from, '.md'), htmlPath: v.html ?? fromOutputPath(v.from, '.html') };
    for (const [flag, file] of [['--svg', targets.svgPath], ['--md', targets.mdPath], ['--html', targets.htmlPath]] as const) {
      const problem = unwritable(file);
      if (problem) fail(`${flag} ${file}: ${problem}`);
    }
    const res = writeOutputs(rec, targets);
    process.stdout.write(`${res.table}\n\n`);
    writtenLines(res, v.record === true);
    return;
  }
  const suites = splitList(v.suite)?.map((x) => x.toLowerCase());
  for (const s of suites ?? []) {
    if (!SUITE_NAMES.includes(s)) fail(`unknown suite "${s}"; valid suites: ${SUITE_NAMES.join(', ')}`);
  }
  // Backend names match case-insensitively ("--backend bn.js", "--backend 'native bigint'").
  const backends = splitList(v.backend)?.map((b) => {
    const hit = allBackends.find((x) => x.toLowerCase() === b.toLowerCase());
    if (!hit) fail(`unknown backend "${b}"; valid backends: ${allBackends.map((x) => JSON.stringify(x)).join(', ')}`);
    return hit;
  });
  if (v.json !== undefined && v.json.trim() === '') fail('--json needs a file name');
  if (backends) {
    const { SUITES } = await import('./suites/index.js');
    const usable = SUITES.filter((s) => (!suites || suites.includes(s.name)) && s.adapters.some((a) => backendSelected(a, backends) && (a.engine === undefined || engines.includes(a.engine))));
    if (usable.length === 0) fail(`no selected suite has backend ${backends.map((b) => `"${b}"`).join(' or ')}`);
  }
  const mode: Mode = v.quick ? 'quick' : v.full ? 'full' : 'default';
  if (v.go && v['no-go']) fail('--go and --no-go cannot be combined');
  if (v['go-benchtime'] !== undefined) {
    try {
      parseBenchtime(v['go-benchtime'].trim());
    } catch (e) {
      fail(`--go-benchtime: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (v.go) {
    // Asked for same-run Go figures: say now what is missing (nothing is installed).
    const problem = goProblem();
    if (problem) fail(`--go: ${problem.startsWith('no Go toolchain') ? `no Go toolchain (\`go\`) on PATH. Install it, e.g. on Debian / Ubuntu:\n    ${GO_INSTALL}\n  (pnpm bench installs nothing; without --go the Go rows are the cited figures)` : problem}`);
  }
  if (v.browser) {
    // Fail now, not after the Node run, when there is no browser to run in.
    const { browserProblem } = await import('./browser/run.js');
    const problem = await browserProblem();
    if (problem) fail(`--browser: ${problem}`);
  }
  // Where the run writes: the committed record with --record; else the files given, the SVG and
  // Markdown next to a given JSON, and benchmarks/out/bench.* for the rest.
  const defaults = v.record ? recordPaths() : runPaths();
  const jsonPath = v.json ?? defaults.json;
  const svgPath = v.svg ?? (v.json !== undefined ? v.json.replace(/\.json$/i, '') + '.svg' : defaults.svg);
  const mdPath = v.md ?? (v.json !== undefined ? v.json.replace(/\.json$/i, '') + '.md' : defaults.md);
  const htmlPath = v.html ?? (v.json !== undefined ? v.json.replace(/\.json$/i, '') + '.html' : defaults.html);
  // Check the output locations now, not after a five-minute run.
  for (const [flag, file] of [['--json', jsonPath], ['--svg', svgPath], ['--md', mdPath], ['--html', htmlPath]] as const) {
    const problem = unwritable(file);
    if (problem) fail(`${flag} ${file}: ${problem}`);
  }

  const tty = process.stderr.isTTY === true;
  let lastOut = performance.now();
  let pendingLine = false;
  const out = (s: string): void => {
    if (pendingLine) process.stderr.write('\r\x1b[K');
    pendingLine = false;
    process.stderr.write(`${s}\n`);
    lastOut = performance.now();
  };
  const t0 = performance.now();
  const onProgress = (e: ProgressEvent): void => {
    const t = `${((performance.now() - t0) / 1000).toFixed(0).padStart(4)}s`;
    switch (e.type) {
      case 'suite-start':
        out(`${t} ▶ ${e.suite}${e.platform === 'chromium' ? ' (Chromium)' : ''}: ${e.title} — ${e.ops} ops × ${e.backends} backends`);
        break;
      case 'load':
        if (!e.ok) out(`${t}   ${e.backend}: unavailable (${e.reason})`);
        break;
      case 'row-start':
        if (tty) {
          process.stderr.write(`\r\x1b[K${t}   [${e.index}/${e.total}] ${e.op} · ${e.backend} …`);
          pendingLine = true;
        }
        break;
      case 'tick':
        if (performance.now() - lastOut > 10_000) out(`${t}   … still measuring ${e.op} · ${e.backend}`);
        break;
      case 'row': {
        const r = e.row;
        const fig = r.status === 'ok' && r.stats ? `${fmtTime(r.stats.medianNs)}${r.unit === 'op' ? '' : `/${r.unit}`} ±${r.stats.madPct.toFixed(1)}%` : `${r.status}: ${r.reason ?? ''}`;
        out(`${t}   [${e.index}/${e.total}] ${r.platform === 'chromium' ? 'chromium · ' : ''}${r.group} · ${r.op} · ${r.backend}: ${fig}`);
        break;
      }
      case 'go-round':
        if (e.phase === 'start') out(`${t}   Go round ${e.round}/${e.rounds}: ${e.benchmarks} benchmark${e.benchmarks === 1 ? '' : 's'} (go test -bench, child process) …`);
        else {
          out(`${t}   Go round ${e.round}/${e.rounds}: ${e.figures} figure${e.figures === 1 ? '' : 's'} in ${(e.elapsedMs / 1000).toFixed(1)} s`);
          for (const p of e.problems) out(`${t}   warning: Go: ${p}`);
        }
        break;
      case 'suite-end':
        out(`${t} ■ ${e.suite} done in ${(e.elapsedMs / 1000).toFixed(1)} s`);
        break;
    }
  };
  out(`bench: mode ${mode}${v.browser ? ', Node then headless Chromium' : ''}; suites ${(suites ?? SUITE_NAMES).join(', ')}${backends ? `; backends ${backends.join(', ')}` : ''}; Strata engines ${engines.join(' + ')}`);
  const goWhy = v['no-go'] ? '--no-go' : mode === 'quick' && !v.go ? '--quick (add --go to measure them)' : goProblem();
  out(`bench: Go reference rows: ${goWhy ? `cited (benchmarks/reference/), not measured in this run: ${goWhy}` : 'measured in this run (go on PATH)'}`);
  const res = await runBench({
    mode,
    ...(suites ? { suites } : {}),
    ...(backends ? { backends } : {}),
    engines,
    ...(v.record ? { record: true } : {}),
    jsonPath,
    svgPath,
    mdPath,
    htmlPath,
    ...(v.browser ? { browser: true } : {}),
    ...(v['no-sizes'] ? { sizes: false } : {}),
    go: v.go ? 'on' : v['no-go'] ? 'off' : 'auto',
    ...(v['go-benchtime'] !== undefined ? { goBenchtime: v['go-benchtime'].trim() } : {}),
    onProgress,
    onStage: (text: string) => out(`${((performance.now() - t0) / 1000).toFixed(0).padStart(4)}s ${text}`),
  });
  process.stdout.write(`${res.table}\n\n`);
  const rows = res.record.suites.flatMap((s) => s.rows);
  const errors = rows.filter((r) => r.status === 'error');
  const unavailable = rows.filter((r) => r.status === 'unavailable');
  process.stdout.write(
    `${rows.length} rows: ${rows.filter((r) => r.status === 'ok').length} measured or cited, ${unavailable.length} unavailable, ${errors.length} errors; ` +
      `${(res.record.elapsedMs / 1000).toFixed(1)} s\n`,
  );
  const gi = res.record.goReference;
  if (gi) process.stdout.write(`Go reference: ${gi.measured ? `${gi.go} measured in this run (${rows.filter((r) => r.kind === 'go').length} rows, ${gi.seconds ?? '?'} s in Go); ${rows.filter((r) => r.kind === 'cited').length} rows cited` : `cited, not measured in this run: ${gi.reason ?? ''}`}\n`);
  const sizes = res.record.sizes;
  if (sizes && 'rows' in sizes) {
    const bad = sizes.rows.filter((r) => r.status === 'error' || r.withinBudget === false);
    if (bad.length > 0) {
      process.stdout.write(`bundle sizes:\n${bad.map((r) => `  ${r.use} · ${r.library}: ${r.status === 'error' ? `does not bundle: ${r.error}` : `${r.gzipBytes} gzipped bytes, over the budget of ${r.budgetGzipBytes}`}`).join('\n')}\n`);
    }
  }
  if (errors.length > 0) {
    process.stdout.write(`errors:\n${errors.map((r) => `  ${r.suite} · ${r.op} · ${r.backend}: ${r.reason}`).join('\n')}\n`);
    if (v.strict) process.exitCode = 1;
  }
  // Last, so that they are what the terminal shows at the end: the files the run wrote.
  writtenLines(res, v.record === true);
}

/**
 * Prints the files a run or a re-render wrote (`record:`, `charts:` — the summary picture and
 * the detail charts beside it —, `summary:`, `report:`), then the README figures with --record,
 * or a line saying that the committed record and the READMEs were left alone. With `record`,
 * runs the README figures writer (scripts/figures/write.mjs) first.
 */
function writtenLines(res: WrittenOutputs, record: boolean): void {
  const lines: string[] = [];
  if (res.jsonPath) lines.push(`record: ${res.jsonPath}`);
  if (res.svgPath) {
    const names = res.detailPaths.map((f) => path.basename(f));
    lines.push(`charts: ${res.svgPath} (the summary picture)${names.length > 0 ? `; per suite, beside it: ${names.join(', ')}` : ''}`);
  }
  if (res.mdPath) lines.push(`summary: ${res.mdPath}`);
  if (res.htmlPath) lines.push(`report: ${res.htmlPath} (open it in a browser: the summary, then every suite)`);
  if (record) {
    // The package READMEs show the committed record: rewritten from it now, and only now.
    lines.push(writeReadmeFigures(outputRoot()));
  } else {
    const ignored = [res.jsonPath, res.svgPath, res.mdPath, res.htmlPath].some((f) => f !== null && path.dirname(f) === path.dirname(runPaths().json));
    lines.push(
      `${ignored ? `${path.dirname(runPaths().json)}${path.sep} is git-ignored; ` : ''}the committed record (benchmarks/results/latest.*) and the package READMEs' figures are unchanged (pnpm bench --record writes them)`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

// A backend's background work (a worker pool shutting down, a WASM module) must not end the
// run: an unhandled rejection is reported and recorded, and the run goes on.
process.on('unhandledRejection', (reason: unknown) => {
  const text = reason instanceof Error ? `${reason.constructor.name}: ${reason.message}` : String(reason);
  // Print the first occurrence of each; the JSON record keeps the count.
  if (recordWarning(`unhandled rejection from a backend (ignored): ${text}`) === 1) {
    process.stderr.write(`bench: warning: unhandled rejection from a backend (ignored; repeats are counted in the record): ${text}\n`);
  }
});

main().catch((e: unknown) => {
  process.stderr.write(`bench: crashed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
