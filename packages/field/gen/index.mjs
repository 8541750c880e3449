#!/usr/bin/env node
/**
 * `pnpm gen` — runs every generator of @strata/field and rewrites the files
 * they write (each a whole `*.generated.ts` file under src/, its first line
 * naming this command); `pnpm gen --check` writes nothing and exits 1 when a
 * generated file is missing or differs from what its generator emits, or when
 * src/ holds a `*.generated.ts` file no generator writes (the field test
 * suite runs the check).
 *
 * Generators (each also runs alone: `node packages/field/gen/<name>.mjs [--check]`):
 * - secp256k1.mjs   FieldVal and ModNScalar multiplication kernels
 *                   (src/secp256k1/field-kernels.generated.ts, scalar-kernels.generated.ts)
 * - fe25519.mjs     GF(2^255 − 19) mul / square / repeated-square kernels
 *                   (src/ed25519/fe25519-kernels.generated.ts)
 * - prime-field.mjs PrimeField 11-limb Montgomery kernels, add and sub
 *                   (src/generic/prime-field-kernels.generated.ts)
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as secp256k1 from './secp256k1.mjs';
import * as fe25519 from './fe25519.mjs';
import * as primeField from './prime-field.mjs';
import { PACKAGE } from './lib.mjs';

const check = process.argv.includes('--check');
const unknown = process.argv.slice(2).filter((a) => a !== '--check');
if (unknown.length > 0) {
  console.error(`gen: unknown argument ${unknown[0]} (usage: pnpm gen [--check])`);
  process.exit(2);
}
const generators = [secp256k1, fe25519, primeField];
const diff = generators.flatMap((g) => g.generate(check));

/** Every `*.generated.ts` under dir, relative to the package, with forward slashes. */
function generatedFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) { if (name !== 'build') generatedFiles(p, out); }
    else if (name.endsWith('.generated.ts')) out.push(relative(PACKAGE, p).split(sep).join('/'));
  }
  return out;
}
const written = new Set(generators.flatMap((g) => g.FILES));
const orphans = ['src', 'wasm'].flatMap((d) => generatedFiles(join(PACKAGE, d))).filter((f) => !written.has(f));

if (check) {
  for (const d of diff) console.error(`gen --check: out of date: ${d} (run \`pnpm gen\`)`);
  for (const f of orphans) console.error(`gen --check: ${f} is named *.generated.ts but no generator in packages/field/gen writes it`);
  if (diff.length > 0 || orphans.length > 0) process.exitCode = 1;
  else console.log(`gen --check: every generated file is up to date (${written.size} files)`);
} else {
  for (const d of diff) console.log(`gen: regenerated ${d}`);
  for (const f of orphans) console.error(`gen: ${f} is named *.generated.ts but no generator in packages/field/gen writes it`);
  if (orphans.length > 0) process.exitCode = 1;
  if (diff.length === 0) console.log('gen: every generated file was already up to date');
}
