#!/usr/bin/env node
/**
 * `pnpm gen` — runs every generator of @strata/field and rewrites its
 * generated regions; `pnpm gen --check` writes nothing and exits 1 when any
 * checked-in region differs from what its generator emits (the field test
 * suite runs the check).
 *
 * Generators (each also runs alone: `node packages/field/gen/<name>.mjs [--check]`):
 * - secp256k1.mjs   FieldVal and ModNScalar multiplication kernels
 * - fe25519.mjs     GF(2^255 − 19) mul / square / repeated-square kernels
 * - prime-field.mjs PrimeField 11-limb Montgomery kernels, add and sub
 */
import * as secp256k1 from './secp256k1.mjs';
import * as fe25519 from './fe25519.mjs';
import * as primeField from './prime-field.mjs';

const check = process.argv.includes('--check');
const unknown = process.argv.slice(2).filter((a) => a !== '--check');
if (unknown.length > 0) {
  console.error(`gen: unknown argument ${unknown[0]} (usage: pnpm gen [--check])`);
  process.exit(2);
}
const diff = [secp256k1, fe25519, primeField].flatMap((g) => g.generate(check));
if (check) {
  for (const d of diff) console.error(`gen --check: out of date: ${d} (run \`pnpm gen\`)`);
  if (diff.length > 0) process.exitCode = 1;
  else console.log('gen --check: every generated region is up to date');
} else {
  for (const d of diff) console.log(`gen: regenerated ${d}`);
  if (diff.length === 0) console.log('gen: every generated region was already up to date');
}
