#!/usr/bin/env node
/**
 * `pnpm gen` — runs every code generator of the repository and rewrites the
 * `*.generated.ts` files they write; `pnpm gen --check` writes nothing and
 * exits 1 when any generated file is out of date (or stray). The generators:
 * - packages/field/gen/index.mjs   field kernels (@strata/field)
 * - packages/curves/gen/index.mjs  point formulas, TypeScript and
 *                                  AssemblyScript (@strata/curves)
 * Each also runs alone (`node <generator> [--check]`). Every generator runs
 * even when an earlier one fails, so one run reports every stale file.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const GENERATORS = ['packages/field/gen/index.mjs', 'packages/curves/gen/index.mjs'];

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--check');
if (unknown.length > 0) {
  console.error(`gen: unknown argument ${unknown[0]} (usage: pnpm gen [--check])`);
  process.exit(2);
}

let failed = 0;
for (const g of GENERATORS) {
  const r = spawnSync(process.execPath, [join(ROOT, g), ...args], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`gen: ${g} exited with ${r.status ?? r.signal}`);
    failed++;
  }
}
process.exitCode = failed > 0 ? 1 : 0;
