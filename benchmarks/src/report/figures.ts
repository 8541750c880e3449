/**
 * The package READMEs' figures. `pnpm bench` writes the record to `results/latest.json`; each
 * published package's README then shows its suites' rows between the `strata:figures` markers,
 * written by `scripts/figures/write.mjs` (`pnpm figures`), the one writer of those sections. A
 * record written anywhere else (`--json <file>`, the tests' temporary runs) leaves the READMEs
 * alone.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * Rewrites the package READMEs from `jsonPath` when it is the repository's `latest.json`
 * (`packageRoot` is benchmarks/); returns the writer's report line, or null when the record is
 * not latest.json. Throws when the writer fails (a suite that belongs to no package).
 */
export function writeReadmeFigures(jsonPath: string | null, packageRoot: string): string | null {
  if (jsonPath === null) return null;
  const latest = path.join(packageRoot, 'results', 'latest.json');
  if (path.resolve(jsonPath) !== latest) return null;
  const repo = path.resolve(packageRoot, '..');
  const r = spawnSync(process.execPath, [path.join(repo, 'scripts', 'figures', 'write.mjs'), '--from', latest], {
    cwd: repo,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`README figures: ${(r.stderr || r.stdout).trim() || `exit ${String(r.status ?? r.signal)}`}`);
  return r.stdout.trim();
}
