// What the Node half of `pnpm test` runs (scripts/test.mjs): the vitest runs
// of the engine matrix, or the one run of `--quick`, as data, so that a test
// can check the plan without running it (scripts/test/test-plan.test.ts).

/** The projects whose code the WebAssembly engine serves: the engine matrix runs them once per engine. */
export const SERVED_PROJECTS = Object.freeze(['curves', 'ed25519-batch', 'secp256k1-signatures', 'group', 'dleq', 'ring']);

/** The fuzz scale of `--quick`: every property at one or two runs (fuzzRuns keeps at least one). */
export const QUICK_FUZZ_RUNS = '0.01';

/**
 * What `--quick` runs when no project is named: the seven packages. Left
 * out: `benchmarks` (the harness's tests, whose end-to-end runs of `pnpm
 * bench --quick` take a third of a minute; `pnpm --filter
 * @strata/benchmarks test` runs them), `chromium` (Node tests that launch a
 * Chromium), `tooling` (scripts/: the release test against a local
 * registry, the API-report and package-metadata tests, which re-run the
 * build tools) and `tools` (the browser resolver's tests). Named
 * positively: vitest reads several `--project=!x` filters as a union, so
 * `!chromium !tooling` would select every project.
 */
export const QUICK_PROJECTS = Object.freeze(['field', 'curves', 'ed25519-batch', 'secp256k1-signatures', 'group', 'dleq', 'ring']);

/**
 * The environment `--quick` adds unless the caller set it: the fuzz suites at
 * their lowest count (QUICK_FUZZ_RUNS), and the protocol suites (group, dleq,
 * ring) over Strata's groups only, without their second, noble-curves-backed
 * backend (STRATA_NOBLE_BACKEND=0, read by @strata/group-testkit; the noble
 * oracles inside the field and curves suites still run), and the files of a
 * worker sharing their modules (STRATA_TEST_ISOLATE=0, read by
 * vitest.config.ts).
 */
export function quickEnv(env = {}) {
  return {
    STRATA_FUZZ_RUNS: env.STRATA_FUZZ_RUNS || QUICK_FUZZ_RUNS,
    STRATA_NOBLE_BACKEND: env.STRATA_NOBLE_BACKEND || '0',
    STRATA_TEST_ISOLATE: env.STRATA_TEST_ISOLATE || '0',
  };
}

/** The project names that `--project X` / `--project=X` arguments select. */
export function namedProjects(passThrough) {
  return passThrough.flatMap((a, i) => (a === '--project' ? [passThrough[i + 1]] : a.startsWith('--project=') ? [a.slice(10)] : []));
}

/**
 * The Node vitest runs, in order: `{ id, title, args, env }` each (`id` names
 * the JSON report). Without a project named: the TypeScript-engine run over
 * every project but the skipped ones, then (not with `quick`) the
 * WebAssembly-engine run over SERVED_PROJECTS, without the protocol suites'
 * noble backend (STRATA_NOBLE_BACKEND=0: it runs no Strata code, so the
 * first run's results for it stand for both engines). Named projects run as named,
 * and on the WebAssembly engine too when served. `env` is the process
 * environment (for a STRATA_FUZZ_RUNS the caller set).
 */
export function nodeRuns({ quick = false, passThrough = [], env = {} } = {}) {
  const named = namedProjects(passThrough);
  const selection = quick ? QUICK_PROJECTS.flatMap((p) => ['--project', p]) : ['--project=!chromium'];
  const tsArgs = named.length === 0 ? [...selection, ...passThrough] : [...passThrough];
  const fuzz = quick ? quickEnv(env) : {};
  const runs = [{ id: 'vitest', title: 'vitest (engine ts)', args: tsArgs, env: { STRATA_ENGINE: 'ts', ...fuzz } }];
  if (quick) return runs;
  const served = named.length === 0 ? [...SERVED_PROJECTS] : named.filter((p) => SERVED_PROJECTS.includes(p));
  if (named.length > 0 && served.length === 0) return runs;
  const rest = passThrough.filter((a, i) => a !== '--project' && passThrough[i - 1] !== '--project' && !a.startsWith('--project='));
  // The noble backend of the protocol suites runs no Strata code, so its results cannot depend on
  // the engine: the first run covers it, this one leaves it out (unless the caller set the variable).
  runs.push({
    id: 'vitest-wasm',
    title: 'vitest (engine wasm)',
    args: [...served.flatMap((p) => ['--project', p]), ...rest],
    env: { STRATA_ENGINE: 'wasm', STRATA_NOBLE_BACKEND: env.STRATA_NOBLE_BACKEND || '0' },
  });
  return runs;
}
