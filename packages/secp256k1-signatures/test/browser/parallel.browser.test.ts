/**
 * `schnorr.verifyBatchParallel` on module Web Workers in a real browser
 * (vitest browser mode, headless Chromium): results equal single
 * `schnorr.verify` over a mixed batch (valid, tampered, wrong-length and
 * random entries); the work really runs in workers; a worker that crashes
 * mid-task is recovered (retry on a fresh pool, then in-thread fallback);
 * a workerUrl that answers 404 falls back with one warning; AbortSignal
 * and shutdown() reject with ERR_ABORTED; argument errors throw at once.
 * Crashing workers are the test's own (./crash-worker.js, the built worker
 * plus a crash on request), passed as `workerUrl`.
 *
 * The workers run the built `dist/worker.browser.js`: build the package first.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { PoolHooks } from '@strata/curves/pool';
import * as schnorr from '../../src/schnorr-api.js';
import { createPoolWith, createVerifierPool, poolInfo, shutdown, verifyBatchParallel, type BatchEntry, type VerifierPool } from '../../src/parallel.browser.js';
import { schnorr as fromSubpath } from '@strata/secp256k1-signatures/parallel';

const crashWorkerUrl = new URL('./crash-worker.js', import.meta.url);

/** A small deterministic generator (xorshift32), so a failure can be replayed. */
function prng(seed: number): (n: number) => Uint8Array {
  let s = seed >>> 0 || 1;
  return (n) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      out[i] = s & 0xff;
    }
    return out;
  };
}
const rnd = prng(0xb340);
const keys = [5, 6, 7].map((k) => {
  const sk = new Uint8Array(32).fill(k);
  return { sk, pk: schnorr.getPublicKey(sk) };
});

/** n entries over three signers; about a third invalid in various ways. */
function makeEntries(n: number): BatchEntry[] {
  const out: BatchEntry[] = [];
  for (let i = 0; i < n; i++) {
    const { sk, pk } = keys[i % 3]!;
    const message = rnd(i % 70);
    const signature = schnorr.sign(message, sk, new Uint8Array(32));
    if (i % 11 === 3) out.push({ signature, message: Uint8Array.from([...message, 9]), publicKey: pk });
    else if (i % 11 === 5) out.push({ signature: signature.subarray(0, 63), message, publicKey: pk });
    else if (i % 11 === 7) out.push({ signature: rnd(64), message, publicKey: rnd(32) });
    else if (i % 11 === 9) out.push({ signature, message, publicKey: keys[(i + 1) % 3]!.pk });
    else out.push({ signature, message, publicKey: pk });
  }
  return out;
}

const single = (es: readonly BatchEntry[]): boolean[] => es.map((e) => schnorr.verify(e.signature, e.message, e.publicKey));
const entries = makeEntries(120);
const want = single(entries);

let retries = 0;
let fallbacks = 0;
let plan: ReadonlyMap<number, number> | undefined;
const hooks: PoolHooks = {
  crashPlan: () => {
    const p = plan;
    plan = undefined;
    return p;
  },
  taskFailed: (_e, next) => {
    if (next === 'retry') retries++;
    else fallbacks++;
  },
};
const pool: VerifierPool = createPoolWith({ hooks });

afterAll(async () => {
  await shutdown();
  await pool.shutdown();
});

describe('schnorr.verifyBatchParallel on Web Workers (browser)', () => {
  it('a mixed batch equals single verify, run by workers; the subpath exports the same functions', async () => {
    expect(want.filter((x) => x).length).toBeGreaterThan(60);
    expect(want.filter((x) => !x).length).toBeGreaterThan(30);
    expect(await pool.verifyBatch(entries, { workers: 2 })).toEqual(want);
    expect([retries, fallbacks]).toEqual([0, 0]);
    expect(pool.info().workerChunks).toBeGreaterThan(0);
    expect(await verifyBatchParallel(entries, { workers: 2 })).toEqual(want);
    expect(fromSubpath.verifyBatchParallel).toBe(verifyBatchParallel);
    expect(poolInfo().fallbackChunks).toBe(0);
  });

  it('a worker that crashes mid-task: retried on a fresh pool, then in-thread; results are right', async () => {
    plan = new Map([
      [0, 1],
      [1, 1],
    ]);
    expect(await pool.verifyBatch(entries, { workers: 2, workerUrl: crashWorkerUrl })).toEqual(want);
    expect([retries, fallbacks]).toEqual([2, 0]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      plan = new Map([[0, 2]]);
      expect(await pool.verifyBatch(entries, { workers: 2, workerUrl: crashWorkerUrl })).toEqual(want);
      expect([retries, fallbacks]).toEqual([3, 1]);
    } finally {
      warn.mockRestore();
    }
  });

  it('a workerUrl that answers 404: right results in-thread, one warning with the fix', async () => {
    const own = createVerifierPool();
    const missing = new URL('./no-such-worker.js', import.meta.url).href;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(await own.verifyBatch(entries, { workers: 2, workerUrl: missing })).toEqual(want);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toContain("workerUrl: '/worker.browser.js'");
      expect(own.info().lastFallback?.script).toBe(missing);
    } finally {
      warn.mockRestore();
      await own.shutdown();
    }
  });

  it('AbortSignal and shutdown() reject with ERR_ABORTED; the pool works afterwards', async () => {
    const big = makeEntries(500);
    const ac = new AbortController();
    const p = verifyBatchParallel(big, { workers: 2, signal: ac.signal });
    setTimeout(() => ac.abort(new Error('stop')), 5);
    await expect(p).rejects.toMatchObject({ name: 'StrataError', code: 'ERR_ABORTED' });
    const q = verifyBatchParallel(big, { workers: 2 }).then(
      () => 'resolved',
      (e: unknown) => e,
    );
    await new Promise((r) => setTimeout(r, 10));
    await shutdown();
    expect(await q).toMatchObject({ name: 'StrataError', code: 'ERR_ABORTED' });
    expect(await verifyBatchParallel(entries, { workers: 2 })).toEqual(want);
  });

  it('argument errors throw at once; an empty batch and wrong-length entries need no worker', async () => {
    expect(() => verifyBatchParallel('x' as never)).toThrow(TypeError);
    expect(() => verifyBatchParallel([], { workers: 0 })).toThrow(RangeError);
    expect(() => verifyBatchParallel([], { workerUrl: 42 as never })).toThrow(/^schnorr\.verifyBatchParallel workerUrl: /);
    expect(await verifyBatchParallel([])).toEqual([]);
    expect(await verifyBatchParallel([{ signature: new Uint8Array(64), message: new Uint8Array(0), publicKey: new Uint8Array(31) }])).toEqual([false]);
  });
});
