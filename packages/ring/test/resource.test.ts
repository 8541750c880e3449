/**
 * Resource test for issue 10 finding 1, measured with a real collector: a
 * child `node --expose-gc` process (resource-child.mjs) replays junk
 * signatures (the attack at a smaller scale) and honest ones through
 * one `RingCache` with a 4 MiB budget, and reports the growth of V8 heap +
 * ArrayBuffer memory between two full collections. The child runs the
 * BUILT package (dist/), as the worker tests of @strata/ed25519-batch do:
 * the repository's test command builds first; this test refuses to run over
 * a dist/ older than src/.
 *
 * Before the fix the junk rings alone built about 37 MB (secp256k1) and
 * 106 MB (ed25519) of tables; now the growth stays within the budget plus a
 * fixed slack for the collector's and compiler's own noise.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAX_BYTES = 4 * 1024 * 1024;
/** Allowance for what a full GC does not return to the byte (compiled code, allocator slack). */
const SLACK = 4 * 1024 * 1024;

const src = fileURLToPath(new URL('../src/', import.meta.url));
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const child = fileURLToPath(new URL('./resource-child.mjs', import.meta.url));

function assertFreshDist(): void {
  for (const f of readdirSync(src)) {
    if (!f.endsWith('.ts')) continue;
    const js = dist + f.replace(/\.ts$/, '.js');
    let built: number;
    try {
      built = statSync(js).mtimeMs;
    } catch {
      throw new Error(`resource test: ${js} is missing; build the package first (pnpm turbo run build)`);
    }
    if (built < statSync(src + f).mtimeMs) {
      throw new Error(`resource test: ${js} is older than src/${f}; build the package first (pnpm turbo run build)`);
    }
  }
}

interface Report {
  curve: string;
  maxBytes: number;
  growth: number;
  cacheBytes: number | null;
  peakCacheBytes: number;
  rings: number;
  junkAccepted: number;
  honestOk: number;
  honestExpected: number;
}

describe('finding 1: memory under junk signatures stays within the cache budget (child node --expose-gc)', () => {
  for (const curve of ['secp256k1', 'ed25519']) {
    it(`${curve}: 12 junk rings of 48 (each verified twice) and 6 honest rings of 8 (three times): growth ≤ maxBytes + slack`, () => {
      assertFreshDist();
      const res = spawnSync(
        process.execPath,
        ['--expose-gc', child, curve, String(MAX_BYTES), '12', '48', '6', '8'],
        { encoding: 'utf8', timeout: 90_000 },
      );
      expect(res.stderr).toBe('');
      expect(res.status).toBe(0);
      const r = JSON.parse(res.stdout.trim()) as Report;
      // The workload ran: no junk verified, every honest signature did.
      expect(r.junkAccepted).toBe(0);
      expect(r.honestOk).toBe(r.honestExpected);
      // The memory actually kept, and the cache's own accounting.
      expect(r.growth).toBeLessThanOrEqual(MAX_BYTES + SLACK);
      expect(r.cacheBytes).not.toBeNull();
      expect(r.peakCacheBytes).toBeLessThanOrEqual(MAX_BYTES);
    });
  }
});
