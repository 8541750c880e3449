#!/usr/bin/env node
// Compiles the AssemblyScript field kernels (wasm/index.ts) to
// wasm/build/field.wasm with the compiler and options of @strata/wasm-build
// (the same as @strata/curves' engine module), one page of fixed memory (the
// memory map is in wasm/index.ts). The binary is not committed: the package's
// `build` script runs this, and test/wasm/build.test.ts checks that two
// compilations give identical bytes. `--out <file>` writes elsewhere.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileWasm, outArg } from '@strata/wasm-build';

const here = dirname(fileURLToPath(import.meta.url));
await compileWasm(join(here, 'index.ts'), outArg(join(here, 'build', 'field.wasm')), 1);
