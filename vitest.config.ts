import { configDefaults, defineConfig } from 'vitest/config';

/**
 * One vitest run over every package. Workspace packages resolve to their
 * TypeScript sources through the `@strata/source` export condition, so tests
 * never depend on a stale dist/.
 */
const conditions = ['@strata/source', 'import', 'module', 'node', 'default'];

function project(name: string, root: string, extra: Record<string, unknown> = {}) {
  return {
    extends: false as const,
    resolve: { conditions },
    ssr: { resolve: { conditions, externalConditions: conditions } },
    test: {
      name,
      root,
      include: ['test/**/*.test.ts'],
      // test/browser/ runs in Chromium, through vitest.browser.config.ts.
      exclude: [...configDefaults.exclude, 'test/browser/**'],
      testTimeout: 120_000,
      hookTimeout: 120_000,
      ...extra,
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      project('field', 'packages/field'),
      project('curves', 'packages/curves'),
      project('ed25519-batch', 'packages/ed25519-batch'),
      project('group', 'packages/group'),
      project('dleq', 'packages/dleq'),
      project('ring', 'packages/ring'),
      project('benchmarks', 'benchmarks'),
      project('tooling', 'scripts'),
    ],
  },
});
