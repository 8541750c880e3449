// The AssemblyScript compiler of Strata's WebAssembly builds, with its one set
// of options, shared by @strata/field (wasm/build.mjs: the field kernels) and
// @strata/curves (wasm/build.mjs: the engine module), so both modules are
// compiled the same way and neither package reaches into the other by path.
//
// Options: optimised (-O3, shrink level 1), the stub runtime (no garbage
// collector: the kernels never allocate), no assertions, and a fixed memory
// of exactly `pages` 64 KiB pages that cannot grow (each module documents its
// memory map), data from byte 4096 on.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import asc from 'assemblyscript/asc';

/**
 * Compiles the AssemblyScript entry file `entry` to `out` with the options
 * above and a memory of exactly `pages` pages; on a compiler error, prints
 * rejects with an Error that carries the compiler's output (a build script's
 * top-level await then exits non-zero with it; a test fails with it).
 */
export async function compileWasm(entry, out, pages) {
  if (!Number.isInteger(pages) || pages < 1) throw new RangeError(`compileWasm: pages must be a positive integer, got ${pages}`);
  mkdirSync(dirname(out), { recursive: true });
  const { error, stderr } = await asc.main([
    entry,
    // Package imports (`@strata/field/wasm/secp256k1`) resolve from the
    // entry's own node_modules folders, whatever the working directory.
    ...packageLookup(entry).flatMap((dir) => ['--path', dir]),
    '--outFile', out,
    '--optimizeLevel', '3',
    '--shrinkLevel', '1',
    '--runtime', 'stub',
    '--noAssert',
    '--initialMemory', String(pages),
    '--maximumMemory', String(pages),
    '--memoryBase', '4096',
  ]);
  if (error) throw new Error(`${entry}: ${error.message}\n${stderr.toString()}`);
}

/** The node_modules folders from the entry's directory up to the root, nearest first. */
function packageLookup(entry) {
  const out = [];
  for (let dir = dirname(resolve(entry)); ; dir = dirname(dir)) {
    const nm = join(dir, 'node_modules');
    if (existsSync(nm)) out.push(nm);
    if (dirname(dir) === dir) return out;
  }
}

/** The file after `--out` on the command line (resolved), or `fallback`. */
export function outArg(fallback, argv = process.argv) {
  const i = argv.indexOf('--out');
  return i > 0 && argv[i + 1] !== undefined ? resolve(argv[i + 1]) : fallback;
}
