#!/usr/bin/env node
/**
 * `pnpm gen` — runs every generator of @strata/field and rewrites the files
 * they write (each a whole `*.generated.ts` file, under src/ for the
 * TypeScript kernels and under wasm/ for the AssemblyScript ones, its first
 * line naming this command); `pnpm gen --check` writes nothing and exits 1
 * when a generated file is missing or differs from what its generator emits,
 * or when src/ or wasm/ holds a `*.generated.ts` file no generator writes
 * (the field test suite runs the check).
 *
 * One description per field (fields/secp256k1.mjs, fields/fe25519.mjs: the
 * prime, the limb layout of each target, each target's plan of the final
 * reduction, and the addition chains of inversion and square root as data,
 * checked against their exponents by chain.mjs) feeds both targets, so the
 * TypeScript and WebAssembly kernels of a field cannot drift apart. The final
 * reductions to [0, p) and the limb-wise linear operations are written once
 * (secp256k1-linear.mjs, fe25519-linear.mjs) as functions of a target, every
 * constant (p's limbs, the multiples of p that negation adds, the fold of the
 * top bits) derived from P; the reductions go to both targets, the linear
 * operations to the WebAssembly one (the TypeScript classes keep them as
 * method bodies, which V8 inlines whole: see src/secp256k1/field.ts).
 *
 * Generators (each also runs alone: `node packages/field/gen/<name>.mjs [--check]`):
 * - secp256k1.mjs   FieldVal and ModNScalar multiplication kernels and the
 *                   FieldVal square-root chain (src/secp256k1/field-kernels.generated.ts,
 *                   scalar-kernels.generated.ts); with secp256k1-as.mjs the
 *                   WebAssembly FieldVal kernels: mul, square, mulLazy, squareLazy,
 *                   squareN, the invert and sqrt chains (wasm/secp256k1.generated.ts);
 *                   with secp256k1-linear.mjs the final reduction in both targets
 *                   (normalizeLimbs / normalize) and the WebAssembly add, mulInt,
 *                   negate, half, checking FieldVal's magnitude bounds
 * - fe25519.mjs     GF(2^255 − 19) mul / square / repeated-square kernels and the
 *                   invert / pow2523 chains (src/ed25519/fe25519-kernels.generated.ts);
 *                   with fe25519-as.mjs the WebAssembly kernels: mul, square, the
 *                   carry network, squareN, invert, pow22523 (wasm/fe25519.generated.ts);
 *                   with fe25519-linear.mjs the canonical form in both targets
 *                   (canonicalize / canonical) and the WebAssembly carry, add, sub,
 *                   neg, negSum, subTwice
 * - prime-field.mjs PrimeField 11-limb Montgomery kernels, add and sub
 *                   (src/generic/prime-field-kernels.generated.ts)
 * - prime-field-as.mjs the WebAssembly twin for the generic Edwards curves: the
 *                   CIOS Montgomery product on 8 × 32-bit limbs, add, sub, negate,
 *                   select and the conversions from / to the TypeScript limbs
 *                   (wasm/prime-field.generated.ts)
 * Shared: lib.mjs (file writing, digit helpers), as.mjs (AssemblyScript
 * pieces), chain.mjs (addition chains: exponent check, slot allocation).
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as secp256k1 from './secp256k1.mjs';
import * as fe25519 from './fe25519.mjs';
import * as primeField from './prime-field.mjs';
import * as primeFieldAs from './prime-field-as.mjs';
import { PACKAGE } from './lib.mjs';

const check = process.argv.includes('--check');
const unknown = process.argv.slice(2).filter((a) => a !== '--check');
if (unknown.length > 0) {
  console.error(`gen: unknown argument ${unknown[0]} (usage: pnpm gen [--check])`);
  process.exit(2);
}
const generators = [secp256k1, fe25519, primeField, primeFieldAs];
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
