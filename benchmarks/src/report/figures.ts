/**
 * The package READMEs' figures. Each published package's README shows its suites' rows of the
 * committed record `benchmarks/results/latest.json` between the `strata:figures` markers,
 * written by `scripts/figures/write.mjs` (`pnpm figures`), the one writer of those sections.
 * `pnpm bench --record` calls it after writing the record; every other run (the default one into
 * `benchmarks/out/`, `--json <file>`, `--from` without `--record`) leaves the READMEs alone.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** This repository (benchmarks/src/report/ → ../../..), whose scripts/figures/write.mjs writes the figures. */
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/**
 * Rewrites the package READMEs of the tree `root` (the repository, or the tests' temporary tree
 * of STRATA_BENCH_REPO) from its `benchmarks/results/latest.json`, with this repository's
 * scripts/figures/write.mjs; returns the writer's report line, which names the READMEs it
 * changed. Throws when the writer fails (a suite that belongs to no package).
 */
export function writeReadmeFigures(root: string): string {
  const latest = path.join(root, 'benchmarks', 'results', 'latest.json');
  const r = spawnSync(process.execPath, [path.join(REPO, 'scripts', 'figures', 'write.mjs'), '--root', root, '--from', latest], {
    cwd: root,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`README figures: ${(r.stderr || r.stdout).trim() || `exit ${String(r.status ?? r.signal)}`}`);
  return r.stdout.trim();
}
