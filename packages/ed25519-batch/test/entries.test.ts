/**
 * The entry split (issue 12): the main entry is browser-safe and the pool
 * lives behind export conditions. These tests work on the built package
 * (dist/, build first), resolved through package.json `exports` as a
 * consumer's tools resolve it: a throwaway project links the package into
 * its node_modules, then
 *
 * - esbuild bundles, for the browser with no externals, an app that imports
 *   sign/verify/BatchVerifier/PublicKeyCache from the main entry, and one
 *   that imports `@strata/ed25519-batch/parallel`: both build, and neither
 *   contains a `node:` import; the first contains no pool library either;
 * - for Node, the main entry still carries `verifyBatchParallel`;
 * - the browser worker bundle is self-contained (no import at all);
 * - tsc type-checks a consumer that uses both entries with moduleResolution
 *   node16, nodenext and bundler, in a browser configuration (`types: []`,
 *   lib DOM) with `skipLibCheck: false`;
 * - no declaration file reachable from either entry mentions the pool
 *   library or Node.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const pkgDir = fileURLToPath(new URL('..', import.meta.url));
const tsc = fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url));
let app: string;

beforeAll(() => {
  app = mkdtempSync(join(tmpdir(), 'ed25519-batch-entries-'));
  mkdirSync(join(app, 'node_modules', '@strata'), { recursive: true });
  symlinkSync(pkgDir, join(app, 'node_modules', '@strata', 'ed25519-batch'), 'dir');
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
});

afterAll(() => {
  rmSync(app, { recursive: true, force: true });
});

/** Bundles `code` (an app module in the throwaway project) with esbuild; returns the output text. */
async function bundle(code: string, platform: 'browser' | 'node'): Promise<string> {
  const res = await build({
    stdin: { contents: code, resolveDir: app, loader: 'js' },
    bundle: true,
    platform,
    format: 'esm',
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return res.outputFiles[0]!.text;
}

const NODE_IMPORT = /(?:from\s*|import\s*\(\s*|require\s*\(\s*)["']node:/;

describe('entry split', () => {
  it('the main entry bundles for the browser with no externals: no node: import, no pool library', async () => {
    const out = await bundle(
      `import { getPublicKey, sign, verify, BatchVerifier, PublicKeyCache } from '@strata/ed25519-batch';
       const seed = new Uint8Array(32).fill(1); const m = new Uint8Array([1]);
       const b = new BatchVerifier({ cache: new PublicKeyCache() }); b.add(sign(m, seed), m, getPublicKey(seed));
       console.log(verify(sign(m, seed), m, getPublicKey(seed)), b.verify());`,
      'browser',
    );
    expect(out).toContain('SigEd25519 no Ed25519 collisions');
    expect(out).not.toMatch(NODE_IMPORT);
    expect(out).not.toMatch(/workerpool|piscina|worker_threads/);
    expect(out).not.toContain('verifyBatchParallel');
  });

  it('@strata/ed25519-batch/parallel bundles for the browser with no externals: Web Workers, no node: import', async () => {
    const out = await bundle(
      `import { verifyBatchParallel, shutdown } from '@strata/ed25519-batch/parallel';
       console.log(verifyBatchParallel, shutdown);`,
      'browser',
    );
    expect(out).toContain('workerUrl: expected a string or URL');
    expect(out).toContain('worker.browser.js');
    expect(out).not.toMatch(NODE_IMPORT);
    expect(out).not.toMatch(/existsSync|availableParallelism/);
  });

  it('the parallel subpath exports its public API only (no test hooks), in the browser and in Node', async () => {
    const exported = (out: string): string[] => {
      const m = /export\s*\{([^}]*)\};?\s*$/.exec(out.replace(/\/\/# sourceMappingURL=.*$/m, '').trimEnd());
      return (m?.[1] ?? '').split(',').map((x) => x.trim().split(/\s+as\s+/).pop()!).filter((x) => x !== '').sort();
    };
    expect(exported(await bundle(`export * from '@strata/ed25519-batch/parallel';`, 'browser'))).toEqual(['createVerifierPool', 'poolInfo', 'shutdown', 'verifyBatchParallel']);
    expect(exported(await bundle(`export * from '@strata/ed25519-batch/parallel';`, 'node'))).toEqual(['createVerifierPool', 'poolInfo', 'shutdown', 'verifyBatchParallel', 'workerFileUrl']);
  });

  it('in Node the main entry and the parallel subpath carry verifyBatchParallel over worker_threads', async () => {
    const out = await bundle(
      `import { verifyBatchParallel, shutdown, workerFileUrl } from '@strata/ed25519-batch';
       import * as p from '@strata/ed25519-batch/parallel';
       console.log(verifyBatchParallel, shutdown, workerFileUrl, p.verifyBatchParallel === verifyBatchParallel);`,
      'node',
    );
    expect(out).toMatch(/from\s*"node:os"/);
    expect(out).toContain("workerType: \"thread\"");
    expect(out).not.toContain('verifyBatchParallel workerUrl');
  });

  it('the browser worker bundle is self-contained (no import, no node: module) and keeps workerpool\'s license', () => {
    const worker = readFileSync(join(pkgDir, 'dist', 'worker.browser.js'), 'utf8');
    expect(worker).not.toMatch(/^\s*import\s|^\s*export\s+\*\s+from|\bimport\s*\(/m);
    expect(worker).not.toMatch(NODE_IMPORT);
    expect(worker).toContain('SigEd25519 no Ed25519 collisions');
    // workerpool is inlined here and in parallel.browser.js: its license header ships with it.
    for (const f of ['worker.browser.js', 'parallel.browser.js']) expect(readFileSync(join(pkgDir, 'dist', f), 'utf8'), f).toContain('Licensed under the Apache License, Version 2.0');
  });

  it('no declaration file reachable from the entries mentions the pool library or Node', () => {
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      // Declarations only: doc comments may name worker_threads.
      const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      expect(text, file).not.toMatch(/workerpool|piscina|["']node:|NodeJS\b|worker_threads/);
      for (const m of text.matchAll(/from\s+'(\.[^']+)\.js'/g)) visit(join(dirname(file), `${m[1]}.d.ts`));
    };
    for (const entry of ['index.d.ts', 'index.node.d.ts', 'parallel-api.d.ts', 'parallel-api.browser.d.ts']) visit(join(pkgDir, 'dist', entry));
    expect(seen.size).toBeGreaterThan(6);
  });

  for (const moduleResolution of ['node16', 'nodenext', 'bundler'] as const) {
    it(`a browser consumer type-checks with moduleResolution ${moduleResolution}, types: [], skipLibCheck: false`, () => {
      const dir = join(app, `tsc-${moduleResolution}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, 'app.ts'),
        `import { getPublicKey, sign, verify, BatchVerifier, PublicKeyCache, type BatchEntry } from '@strata/ed25519-batch';
         import { verifyBatchParallel, shutdown, type ParallelResult } from '@strata/ed25519-batch/parallel';
         const seed = new Uint8Array(32);
         const m = new TextEncoder().encode('x');
         const e: BatchEntry = { publicKey: getPublicKey(seed), message: m, signature: sign(m, seed, { variant: 'ed25519ph' }), variant: 'ed25519ph' };
         const ok: boolean = verify(e.signature, m, e.publicKey, { variant: 'ed25519ph', cache: new PublicKeyCache() }) && new BatchVerifier().verify();
         const r: Promise<ParallelResult> = verifyBatchParallel([e], { workers: 2, signal: AbortSignal.timeout(1000) });
         export { ok, r, shutdown };
        `,
      );
      const module = moduleResolution === 'bundler' ? 'esnext' : moduleResolution;
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: { target: 'es2022', lib: ['es2022', 'dom'], module, moduleResolution, types: [], strict: true, skipLibCheck: false, noEmit: true },
          files: ['app.ts'],
        }),
      );
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
      const res = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8', timeout: 120_000 });
      expect(res.stdout + res.stderr).toBe('');
      expect(res.status).toBe(0);
    });
  }
});
