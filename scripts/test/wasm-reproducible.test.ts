/**
 * The WebAssembly binaries are not committed: each is rebuilt from source by
 * its package's `build` script. What makes that safe is a deterministic
 * compiler: for each module, two fresh builds are byte-identical and equal to
 * the binary the package build left in wasm/build/ (the one the tests and
 * the engine's embedded copy use).
 *
 * A build-tool test (project `tooling`): it runs the AssemblyScript compiler
 * twice per module, so the contributor's loop (`pnpm test:quick`) leaves it
 * out and `pnpm test` runs it once, not once per engine.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Each module: its package's wasm folder (holding build.mjs) and the binary its build writes. */
const MODULES = [
  { name: '@strata/field wasm/build/field.wasm', wasmDir: join(root, 'packages', 'field', 'wasm'), binary: 'field.wasm' },
  { name: '@strata/curves wasm/build/engine.wasm', wasmDir: join(root, 'packages', 'curves', 'wasm'), binary: 'engine.wasm' },
];

describe('the WebAssembly builds are reproducible', () => {
  for (const m of MODULES) {
    it(`${m.name}: two builds are byte-identical, and equal to the built file`, () => {
      const built = join(m.wasmDir, 'build', m.binary);
      expect(existsSync(built), `${built} is missing: build the packages first`).toBe(true);
      const dir = mkdtempSync(join(tmpdir(), 'strata-wasm-'));
      try {
        const outs = [join(dir, 'a.wasm'), join(dir, 'b.wasm')];
        for (const out of outs) execFileSync(process.execPath, [join(m.wasmDir, 'build.mjs'), '--out', out], { stdio: 'pipe' });
        const [a, b] = outs.map((f) => readFileSync(f));
        expect(a!.length).toBeGreaterThan(0);
        expect(a!.equals(b!)).toBe(true);
        expect(a!.equals(readFileSync(built))).toBe(true);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
