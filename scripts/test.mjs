#!/usr/bin/env node
// The whole test job, as the root README's Quick start and CI run it:
//   1. build every package (declarations and dist/, which the worker-thread
//      tests and the release test load), 2. the layer check and the API check
//      (scripts/api/run.mjs --check: each package's API, read from the built
//      declarations, must match its checked-in report packages/*/api/*.api.md;
//      `pnpm api:update` rewrites them), 3. the changeset
//   check (scripts/release/changeset-check.mjs: a published package changed
//   since the last release needs a pending changeset naming it), 4. strict
//   typecheck of sources and tests, 5. every vitest project in one run (the
//   tooling project includes the release test against a local registry, see
//   docs/releasing.md), 6. the browser suite in headless Chromium
//   (vitest.browser.config.ts: packages/*/test/browser/**/*.browser.test.ts).
// Steps 5 and 6 form the engine matrix: each runs once per engine (STRATA_ENGINE
// ts, then wasm); the Node run under 'wasm' covers the projects whose code the
// WebAssembly engine serves (curves, ed25519-batch, secp256k1-signatures, group, dleq,
// ring), without the protocol suites' noble backend, which runs no Strata code
// (STRATA_NOBLE_BACKEND=0, see scripts/test-plan.mjs).
// It ends with the plain line "tests: N passed, N failed" (Node and browser
// counts together) and exits non-zero when any step fails. Extra arguments go
// to the Node vitest run (e.g. --project field); the browser half then does
// not run, but a missing browser is still reported. `--only-browser` builds
// and runs the browser half alone.
//
// `--quick` (`pnpm test:quick`) is the contributor's loop: build, layer check,
// typecheck, then one Node vitest run on the TypeScript engine over the
// seven packages (not the benchmarks, not the `tooling` project of scripts/,
// whose release, API-report and package-metadata tests re-run the build
// tools, not `tools`, nor the browser half), with the fuzz suites at their
// lowest count (STRATA_FUZZ_RUNS=0.01 unless set: one or two runs per
// property) and the protocol suites over Strata's groups only
// (STRATA_NOBLE_BACKEND=0 unless set), without per-file module isolation
// (STRATA_TEST_ISOLATE=0 unless set). Extra arguments still select projects
// or files. It ends with the same
// "tests: N passed, N failed" line; `pnpm test` remains what CI runs.
//
// The browser half is every browser test, through one gate
// (scripts/browser-gate.mjs): the browser suite once per engine and the
// vitest project `chromium` (Node tests that launch a Chromium, which the
// Node run leaves out). The Chromium is resolved once, here, by tools/browser
// (STRATA_CHROMIUM, then a system Chromium or Chrome, then the Chromium the
// npm registry installed with @sparticuz/chromium, unpacked into the temp
// folder on first use), and handed to every child as STRATA_CHROMIUM. Only
// where no browser can be had at all does the browser half not run: under
// CI (CI=true) that is a failure; elsewhere a banner says so and the final
// line counts only what ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveChromium } from '@strata/browser';
import { browserGate, isCI } from './browser-gate.mjs';
import { nodeRuns } from './test-plan.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const onlyBrowser = process.argv.includes('--only-browser');
const quick = process.argv.includes('--quick');
const passThrough = process.argv.slice(2).filter((a) => a !== '--only-browser' && a !== '--quick');
if (quick && onlyBrowser) {
  console.error('test: --quick runs no browser test; --only-browser runs only those: choose one');
  process.exit(2);
}

// The browser, once, before anything is built: a bad STRATA_BROWSER_SOURCES
// stops the run at once. `--quick` resolves none (it runs no browser test).
let browser = { path: null, problem: 'not resolved: --quick runs no browser test' };
try {
  if (!quick) browser = await resolveChromium();
} catch (e) {
  console.error(`browser: ${e instanceof Error ? e.message : String(e)}`);
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}
const gate = quick
  ? { run: false, failed: 0, message: 'quick run: Node tests on the TypeScript engine only; `pnpm test` runs the engine matrix and the browser suite (as CI does).' }
  : browserGate({ browser, ci: isCI(), passThrough, onlyBrowser });
if (browser.path !== null) {
  console.log(`browser: ${browser.path} (${browser.source})`);
  process.env.STRATA_CHROMIUM = browser.path;
}
if (onlyBrowser && !gate.run) {
  console.log(gate.message);
  console.log(`tests: 0 passed, ${gate.failed} failed`);
  process.exit(gate.failed === 0 ? 0 : 1);
}

function step(title, cmd, args, env = {}) {
  const shown = Object.entries(env).map(([k, v]) => `${k}=${v} `).join('');
  console.log(`\n== ${title}: ${shown}${[cmd, ...args].join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', ...env } });
  if (r.status !== 0) {
    console.error(`\n${title} failed (exit ${r.status ?? r.signal})`);
    return false;
  }
  return true;
}

mkdirSync(join(root, '.test-results'), { recursive: true });

/**
 * Runs vitest with a JSON report and returns its counts; a run that failed
 * without reporting failed tests (a crash, a config error) counts as one
 * failure, and so does a run that passed nothing.
 */
function vitestRun(title, report, args, env = {}) {
  rmSync(report, { force: true });
  const ok = step(title, bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args], env);
  let passed = 0;
  let failed = ok ? 0 : 1;
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed = r.numPassedTests ?? 0;
    failed = (r.numFailedTests ?? 0) + (ok || r.numFailedTests > 0 ? 0 : 1);
    const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    if (skipped > 0) console.log(`note: ${skipped} ${title} test(s) were skipped or todo; this project allows none.`);
  }
  if (passed === 0) failed = Math.max(failed, 1);
  return { passed, failed };
}

let passed = 0;
let failed = 0;
let changesetsOk = true;

let ok = step('build', bin('turbo'), ['run', 'build', '--output-logs=errors-only']);
if (!onlyBrowser) {
  ok = ok && step('layer check', process.execPath, ['scripts/check-layers.mjs']);
  if (!quick) {
    ok = ok && step('API check', process.execPath, ['scripts/api/run.mjs', '--check']);
    // A missing changeset does not stop the run (the tests still tell you about
    // the code); it fails the job at the end, counted as one failure.
    changesetsOk = ok && step('changeset check', process.execPath, ['scripts/release/changeset-check.mjs']);
  }
  ok = ok && step('typecheck', bin('turbo'), ['run', 'typecheck', '--output-logs=errors-only']);
}
if (!ok) {
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}

if (!onlyBrowser) {
  // The Node runs (scripts/test-plan.mjs): the TypeScript engine over every
  // project but `chromium` (the browser half runs it), then the engine matrix's
  // second run, the projects whose code the WebAssembly engine serves with that
  // engine selected before every test file (tools/engine-matrix/src/setup.ts).
  // Extra arguments that name projects narrow both; `--quick` runs the first only.
  const counts = [];
  for (const run of nodeRuns({ quick, passThrough, env: process.env })) {
    const r = vitestRun(run.title, join(root, '.test-results', `${run.id}.json`), run.args, run.env);
    counts.push(`${run.env.STRATA_ENGINE} ${r.passed} passed, ${r.failed} failed`);
    passed += r.passed;
    failed += r.failed;
  }
  if (counts.length > 1) console.log(`engine matrix: ${counts.join('; ')}`);
}

// The browser half, through the gate: never silently "0 browser tests".
if (gate.run) {
  const project = vitestRun('vitest project chromium (Node tests that launch Chromium)', join(root, '.test-results', 'vitest-chromium.json'), [
    '--project', 'chromium',
  ]);
  console.log(`project chromium: ${project.passed} passed, ${project.failed} failed (${browser.path})`);
  passed += project.passed;
  failed += project.failed;
  for (const engine of ['ts', 'wasm']) {
    const suite = vitestRun(`browser suite (headless Chromium, engine ${engine})`, join(root, '.test-results', `vitest-browser-${engine}.json`), [
      '--config', 'vitest.browser.config.ts',
    ], { STRATA_ENGINE: engine });
    console.log(`browser suite, engine ${engine}: ${suite.passed} passed, ${suite.failed} failed (${browser.path}, ${browser.source})`);
    passed += suite.passed;
    failed += suite.failed;
  }
} else {
  failed += gate.failed;
}

if (!changesetsOk) {
  console.log('changeset check failed (see above): add a changeset with `pnpm changeset`.');
  failed += 1;
}
if (!gate.run) console.log(gate.message);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
