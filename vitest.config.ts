import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * One vitest run over every package. Workspace packages resolve to their
 * TypeScript sources through the `@strata/source` export condition, so tests
 * never depend on a stale dist/.
 */
const conditions = ['@strata/source', 'import', 'module', 'node', 'default'];

/**
 * Whether each test file gets a fresh module graph (vitest's `isolate`).
 * On unless STRATA_TEST_ISOLATE=0, which `pnpm test:quick` sets: the files
 * of a worker then share their modules, which saves the per-file load of
 * the packages (about a sixth of the quick run). The tests are written for
 * both: the engine setup selects the engine before every file, and the
 * tests that need a fresh realm import one (vi.resetModules). `pnpm test`
 * and CI keep isolation.
 */
function testIsolation(): boolean {
  const raw = process.env['STRATA_TEST_ISOLATE'];
  if (raw === undefined || raw === '' || raw === '1') return true;
  if (raw === '0') return false;
  throw new Error(`STRATA_TEST_ISOLATE: expected '0' or '1', got '${raw}'`);
}

function project(name: string, root: string, extra: Record<string, unknown> = {}) {
  return {
    extends: false as const,
    resolve: { conditions },
    ssr: { resolve: { conditions, externalConditions: conditions } },
    test: {
      name,
      root,
      include: ['test/**/*.test.ts'],
      // test/browser/ runs in Chromium, through vitest.browser.config.ts;
      // *.chromium.test.ts (Node tests that drive a Chromium) form the
      // project `chromium` below.
      exclude: [...configDefaults.exclude, 'test/browser/**', '**/*.chromium.test.ts'],
      testTimeout: 120_000,
      hookTimeout: 120_000,
      // Projects do not inherit the root's test options (extends: false), so each sets it.
      isolate: testIsolation(),
      ...extra,
    },
  };
}

/**
 * The engine matrix: projects whose code the WebAssembly engine serves run
 * the engine setup first, which selects the engine named by STRATA_ENGINE
 * (scripts/test.mjs runs them once with 'ts' and once with 'wasm').
 */
const engineSetup = { setupFiles: [fileURLToPath(new URL('./tools/engine-matrix/src/setup.ts', import.meta.url))] };

/**
 * Test files run in as many workers as the machine has cores. Vitest 4.1's
 * own default is one fewer (cores − 1), which on the 2-core machines CI and
 * the developers have means one file at a time; the files are CPU-bound and
 * independent, so the second core halves the Node runs. STRATA_TEST_WORKERS
 * overrides it (a positive integer).
 */
function testWorkers(): number {
  const raw = process.env['STRATA_TEST_WORKERS'];
  if (raw === undefined || raw === '') return availableParallelism();
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`STRATA_TEST_WORKERS: expected a positive integer, got '${raw}'`);
  return n;
}

export default defineConfig({
  test: {
    maxWorkers: testWorkers(),
    projects: [
      project('field', 'packages/field'),
      project('curves', 'packages/curves', engineSetup),
      project('ed25519-batch', 'packages/ed25519-batch', engineSetup),
      project('secp256k1-signatures', 'packages/secp256k1-signatures', engineSetup),
      project('group', 'packages/group', engineSetup),
      project('dleq', 'packages/dleq', engineSetup),
      project('ring', 'packages/ring', engineSetup),
      project('benchmarks', 'benchmarks'),
      project('tooling', 'scripts'),
      project('tools', 'tools', { include: ['*/test/**/*.test.ts'] }),
      // Node tests that launch the Chromium tools/browser resolves. The Node
      // run of scripts/test.mjs leaves this project out (--project '!chromium');
      // its browser gate runs it beside the browser suite, or reports it as
      // not run when no browser can be had.
      project('chromium', '.', {
        include: ['benchmarks/test/**/*.chromium.test.ts', 'scripts/test/**/*.chromium.test.ts', 'tools/*/test/**/*.chromium.test.ts'],
        exclude: [...configDefaults.exclude],
      }),
    ],
  },
});
