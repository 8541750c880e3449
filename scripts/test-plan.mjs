// What the Node half of `pnpm test` runs (scripts/test.mjs): the vitest runs
// of the engine matrix, or the one run of `--quick`, as data, so that a test
// can check the plan without running it (scripts/test/test-plan.test.ts).

/** The projects whose code the WebAssembly engine serves: the engine matrix runs them once per engine. */
export const SERVED_PROJECTS = Object.freeze(['curves', 'ed25519-batch', 'secp256k1-signatures', 'group', 'dleq', 'ring']);

/** The fuzz scale of `--quick`: every property at one or two runs (fuzzRuns keeps at least one). */
export const QUICK_FUZZ_RUNS = '0.01';

/**
 * What `--quick` runs when no project is named: the packages and the
 * benchmarks. Left out: `chromium` (Node tests that launch a Chromium),
 * `tooling` (scripts/: the release test against a local registry, the
 * API-report and package-metadata tests, which re-run the build tools) and
 * `tools` (the browser resolver's tests). Named positively: vitest reads
 * several `--project=!x` filters as a union, so `!chromium !tooling` would
 * select every project.
 */
export const QUICK_PROJECTS = Object.freeze(['field', 'curves', 'ed25519-batch', 'secp256k1-signatures', 'group', 'dleq', 'ring', 'benchmarks']);

/** The project names that `--project X` / `--project=X` arguments select. */
export function namedProjects(passThrough) {
  return passThrough.flatMap((a, i) => (a === '--project' ? [passThrough[i + 1]] : a.startsWith('--project=') ? [a.slice(10)] : []));
}

/**
 * The Node vitest runs, in order: `{ id, title, args, env }` each (`id` names
 * the JSON report). Without a project named: the TypeScript-engine run over
 * every project but the skipped ones, then (not with `quick`) the
 * WebAssembly-engine run over SERVED_PROJECTS. Named projects run as named,
 * and on the WebAssembly engine too when served. `env` is the process
 * environment (for a STRATA_FUZZ_RUNS the caller set).
 */
export function nodeRuns({ quick = false, passThrough = [], env = {} } = {}) {
  const named = namedProjects(passThrough);
  const selection = quick ? QUICK_PROJECTS.flatMap((p) => ['--project', p]) : ['--project=!chromium'];
  const tsArgs = named.length === 0 ? [...selection, ...passThrough] : [...passThrough];
  const fuzz = quick ? { STRATA_FUZZ_RUNS: env.STRATA_FUZZ_RUNS || QUICK_FUZZ_RUNS } : {};
  const runs = [{ id: 'vitest', title: 'vitest (engine ts)', args: tsArgs, env: { STRATA_ENGINE: 'ts', ...fuzz } }];
  if (quick) return runs;
  const served = named.length === 0 ? [...SERVED_PROJECTS] : named.filter((p) => SERVED_PROJECTS.includes(p));
  if (named.length > 0 && served.length === 0) return runs;
  const rest = passThrough.filter((a, i) => a !== '--project' && passThrough[i - 1] !== '--project' && !a.startsWith('--project='));
  runs.push({ id: 'vitest-wasm', title: 'vitest (engine wasm)', args: [...served.flatMap((p) => ['--project', p]), ...rest], env: { STRATA_ENGINE: 'wasm' } });
  return runs;
}
