/**
 * Loading the native peers: `sodium-native` (libsodium as a Node addon) and `secp256k1` (the
 * libsecp256k1 bindings). Both ship prebuilt addons (`prebuilds/<platform>-<arch>/`), so
 * installing them runs no build script (see `allowBuilds` in pnpm-workspace.yaml).
 *
 * A native row must really be native. The `secp256k1` package's entry point catches a failed
 * addon load and silently exports its JavaScript fallback (elliptic); timing that as "native"
 * would be wrong. So {@link loadSecp256k1Native} loads the addon itself with node-gyp-build on the
 * package folder and wraps it with the package's own `lib/index.js` (the same API), and throws
 * — making every row of the backend "unavailable" with the reason — when no addon loads.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loose } from '../util.js';

/** `require` resolving from benchmarks/ (where the peers are installed). */
// Built on first use, so that merely importing this module does nothing Node-specific (the
// browser bundle of `pnpm bench --browser` imports it and reports the native rows unavailable).
let requireCache: NodeJS.Require | undefined;
function requireHere(id: string): unknown {
  requireCache ??= createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'package.json'));
  return requireCache(id);
}
requireHere.resolve = (id: string): string => {
  requireCache ??= createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'package.json'));
  return requireCache.resolve(id);
};

/** The folder of an installed package (also for packages whose exports map hides package.json). */
export function packageDir(name: string): string {
  try {
    return path.dirname(requireHere.resolve(`${name}/package.json`));
  } catch {
    // Walk up from the main entry to the package.json that names the package.
    let dir = path.dirname(requireHere.resolve(name));
    for (;;) {
      try {
        if ((JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string }).name === name) return dir;
      } catch {
        /* no package.json here: keep walking */
      }
      const up = path.dirname(dir);
      if (up === dir) throw new Error(`${name}: package folder not found`);
      dir = up;
    }
  }
}

function reason(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0] as string;
}

/**
 * The libsecp256k1 addon of the `secp256k1` package, wrapped in its byte API
 * (publicKeyCreate, publicKeyTweakMul, publicKeyConvert, …). `dir` is the package folder
 * (default: the installed one). Throws when the addon cannot be loaded; never returns the
 * elliptic fallback.
 */
export function loadSecp256k1Native(dir: string = packageDir('secp256k1')): Loose {
  let addon: Loose;
  try {
    const nodeGypBuild = requireHere('node-gyp-build') as (d: string) => Loose;
    addon = nodeGypBuild(dir);
  } catch (e) {
    throw new Error(`secp256k1 native addon did not load (${reason(e)}); the package would fall back to elliptic (JavaScript), which is not timed as native`);
  }
  if (typeof addon.Secp256k1 !== 'function') throw new Error(`secp256k1 native addon in ${dir} has no Secp256k1 class`);
  const wrap = requireHere(path.join(dir, 'lib', 'index.js')) as (a: unknown) => Loose;
  return wrap(new addon.Secp256k1());
}

/** The `sodium-native` addon (libsodium). Throws when it cannot be loaded. */
export function loadSodiumNative(): Loose {
  try {
    return requireHere('sodium-native') as Loose;
  } catch (e) {
    throw new Error(`sodium-native addon did not load (${reason(e)})`);
  }
}
