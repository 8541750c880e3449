#!/usr/bin/env node
// Compiles the AssemblyScript field kernels (wasm/index.ts) to
// wasm/build/field.wasm with the asc API. The binary is not committed:
// the package's `build` script runs this, and test/wasm/build.test.ts checks
// that two compilations give identical bytes. Options: optimised (-O3,
// shrink level 1), the stub runtime (no garbage collector: the kernels never
// allocate), no assertions, and one fixed memory page that cannot grow
// (the memory map is in wasm/index.ts). `--out <file>` writes elsewhere.
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import asc from 'assemblyscript/asc';

const here = dirname(fileURLToPath(import.meta.url));
const i = process.argv.indexOf('--out');
const out = i > 0 ? resolve(process.argv[i + 1]) : join(here, 'build', 'field.wasm');
mkdirSync(dirname(out), { recursive: true });

const { error, stderr } = await asc.main([
  join(here, 'index.ts'),
  '--outFile', out,
  '--optimizeLevel', '3',
  '--shrinkLevel', '1',
  '--runtime', 'stub',
  '--noAssert',
  '--initialMemory', '1',
  '--maximumMemory', '1',
  '--memoryBase', '4096',
]);
if (error) {
  console.error(stderr.toString());
  console.error(`wasm/build.mjs: ${error.message}`);
  process.exit(1);
}
