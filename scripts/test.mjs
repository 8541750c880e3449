#!/usr/bin/env node
// The whole test job, as the root README's Quick start and CI run it:
//   1. build every package (declarations and dist/, which the worker-thread
//      tests and the release test load), 2. the layer check, 3. the changeset
//   check (scripts/release/changeset-check.mjs: a published package changed
//   since the last release needs a pending changeset naming it), 4. strict
//   typecheck of sources and tests, 5. every vitest project in one run (the
//   tooling project includes the release test against a local registry, see
//   docs/releasing.md).
// It ends with the plain line "tests: N passed, N failed" and exits non-zero
// when any step fails. Extra arguments go to vitest (e.g. --project field).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const passThrough = process.argv.slice(2);

function step(title, cmd, args) {
  console.log(`\n== ${title}: ${[cmd, ...args].join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' } });
  if (r.status !== 0) {
    console.error(`\n${title} failed (exit ${r.status ?? r.signal})`);
    return false;
  }
  return true;
}

let ok = step('build', bin('turbo'), ['run', 'build', '--output-logs=errors-only']);
ok = ok && step('layer check', process.execPath, ['scripts/check-layers.mjs']);
// A missing changeset does not stop the run (the tests still tell you about
// the code); it fails the job at the end, counted as one failure.
const changesetsOk = ok && step('changeset check', process.execPath, ['scripts/release/changeset-check.mjs']);
ok = ok && step('typecheck', bin('turbo'), ['run', 'typecheck', '--output-logs=errors-only']);
if (!ok) {
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}

mkdirSync(join(root, '.test-results'), { recursive: true });
const report = join(root, '.test-results', 'vitest.json');
const testsOk = step('vitest', bin('vitest'), [
  'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...passThrough,
]);
let passed = 0;
let failed = testsOk ? 0 : 1;
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed = r.numPassedTests ?? 0;
  failed = (r.numFailedTests ?? 0) + (testsOk || r.numFailedTests > 0 ? 0 : 1);
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  if (skipped > 0) console.log(`note: ${skipped} test(s) were skipped or todo; this project allows none.`);
  if (passed === 0) failed = Math.max(failed, 1);
}
if (!changesetsOk) {
  console.log('changeset check failed (see above): add a changeset with `pnpm changeset`.');
  failed += 1;
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
