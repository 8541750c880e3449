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
// WebAssembly engine serves (curves, ed25519-batch, group, dleq, ring).
// It ends with the plain line "tests: N passed, N failed" (Node and browser
// counts together) and exits non-zero when any step fails. Extra arguments go
// to the Node vitest run (e.g. --project field); the browser suite then does
// not run (run it alone: pnpm vitest run --config vitest.browser.config.ts),
// but a missing browser is still reported.
//
// Chromium is /usr/bin/chromium, or STRATA_CHROMIUM. Without it the browser
// suite cannot run: under CI (CI=true) that is a failure; on a developer
// machine the run says so loudly, with how to enable it, and the final line
// counts only what ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const passThrough = process.argv.slice(2);

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

let ok = step('build', bin('turbo'), ['run', 'build', '--output-logs=errors-only']);
ok = ok && step('layer check', process.execPath, ['scripts/check-layers.mjs']);
ok = ok && step('API check', process.execPath, ['scripts/api/run.mjs', '--check']);
// A missing changeset does not stop the run (the tests still tell you about
// the code); it fails the job at the end, counted as one failure.
const changesetsOk = ok && step('changeset check', process.execPath, ['scripts/release/changeset-check.mjs']);
ok = ok && step('typecheck', bin('turbo'), ['run', 'typecheck', '--output-logs=errors-only']);
if (!ok) {
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
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

const node = vitestRun('vitest (engine ts)', join(root, '.test-results', 'vitest.json'), passThrough, { STRATA_ENGINE: 'ts' });
let passed = node.passed;
let failed = node.failed;

// The engine matrix: the projects whose code the WebAssembly engine serves,
// again, with the WebAssembly engine selected before every test file
// (tools/engine-matrix/src/setup.ts). With extra arguments, only when they
// name no project or a served one.
const SERVED = ['curves', 'ed25519-batch', 'group', 'dleq', 'ring'];
const named = passThrough.flatMap((a, i) => (a === '--project' ? [passThrough[i + 1]] : a.startsWith('--project=') ? [a.slice(10)] : []));
if (named.length === 0 || named.some((p) => SERVED.includes(p))) {
  const projects = (named.length === 0 ? SERVED : named.filter((p) => SERVED.includes(p))).flatMap((p) => ['--project', p]);
  const rest = passThrough.filter((a, i) => a !== '--project' && passThrough[i - 1] !== '--project' && !a.startsWith('--project='));
  const wasm = vitestRun('vitest (engine wasm)', join(root, '.test-results', 'vitest-wasm.json'), [...projects, ...rest], { STRATA_ENGINE: 'wasm' });
  console.log(`engine matrix: ts ${node.passed} passed, ${node.failed} failed; wasm ${wasm.passed} passed, ${wasm.failed} failed`);
  passed += wasm.passed;
  failed += wasm.failed;
}

// The browser suite. A missing browser is a failure in CI and a loud notice
// elsewhere; it never silently passes as "0 browser tests".
const chromium = process.env.STRATA_CHROMIUM || '/usr/bin/chromium';
const ci = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false' && process.env.CI !== '0';
let browserNotice;
if (!existsSync(chromium) || !statSync(chromium).isFile()) {
  const how = `no Chromium at ${chromium}. Install it (Debian/Ubuntu: \`apt-get install chromium\`) ` +
    'or set STRATA_CHROMIUM to a Chromium or Chrome executable, then rerun.';
  if (ci) {
    console.error(`\nbrowser suite FAILED: ${how} CI requires the browser suite (.ci/run installs Chromium).`);
    failed += 1;
  } else {
    browserNotice = [
      '',
      '!'.repeat(78),
      '!! THE BROWSER SUITE DID NOT RUN: ' + how,
      '!! The counts below are the Node suites only. (Under CI=true this is a failure.)',
      '!'.repeat(78),
    ].join('\n');
  }
} else if (passThrough.length > 0) {
  browserNotice = `note: browser suite not run: the extra arguments (${passThrough.join(' ')}) select Node tests; ` +
    'run it alone with `pnpm vitest run --config vitest.browser.config.ts`.';
} else {
  for (const engine of ['ts', 'wasm']) {
    const browser = vitestRun(`browser suite (headless Chromium, engine ${engine})`, join(root, '.test-results', `vitest-browser-${engine}.json`), [
      '--config', 'vitest.browser.config.ts',
    ], { STRATA_ENGINE: engine });
    console.log(`browser suite, engine ${engine}: ${browser.passed} passed, ${browser.failed} failed (${chromium})`);
    passed += browser.passed;
    failed += browser.failed;
  }
}

if (!changesetsOk) {
  console.log('changeset check failed (see above): add a changeset with `pnpm changeset`.');
  failed += 1;
}
if (browserNotice !== undefined) console.log(browserNotice);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
