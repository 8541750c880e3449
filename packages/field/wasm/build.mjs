#!/usr/bin/env node
// Compiles the AssemblyScript field kernels (wasm/index.ts) to
// wasm/build/field.wasm with the asc API. The binary is not committed:
// the package's `build` script runs this, and test/wasm/build.test.ts checks
// that two compilations give identical bytes. Options: optimised (-O3,
// shrink level 1), the stub runtime (no garbage collector: the kernels never
// allocate), no assertions, and a fixed memory that cannot grow (one page
// here; the memory map is in wasm/index.ts). `--out <file>` writes elsewhere.
//
// `compileWasm` is also the compiler of @strata/curves' engine module
// (packages/curves/wasm/build.mjs), so both modules build with one set of
// options.
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import asc from 'assemblyscript/asc';

/**
 * Compiles the AssemblyScript entry file `entry` to `out` with the options
 * above and a memory of exactly `pages` 64 KiB pages; exits the process
 * with the compiler's message on an error.
 */
export async function compileWasm(entry, out, pages) {
  mkdirSync(dirname(out), { recursive: true });
  const { error, stderr } = await asc.main([
    entry,
    '--outFile', out,
    '--optimizeLevel', '3',
    '--shrinkLevel', '1',
    '--runtime', 'stub',
    '--noAssert',
    '--initialMemory', String(pages),
    '--maximumMemory', String(pages),
    '--memoryBase', '4096',
  ]);
  if (error) {
    console.error(stderr.toString());
    console.error(`${entry}: ${error.message}`);
    process.exit(1);
  }
}

/** `--out <file>` from the command line, or `fallback`. */
export function outArg(fallback) {
  const i = process.argv.indexOf('--out');
  return i > 0 ? resolve(process.argv[i + 1]) : fallback;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const here = dirname(fileURLToPath(import.meta.url));
  await compileWasm(join(here, 'index.ts'), outArg(join(here, 'build', 'field.wasm')), 1);
}
