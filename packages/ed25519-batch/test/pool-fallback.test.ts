/**
 * A pool whose workers cannot run (a worker file that is not there — what a
 * browser bundle without worker.browser.js is, with a 404 — or workers that
 * crash) still gives the right results, on the calling thread; that must
 * not be silent: one console.warn per pool and worker script, naming the
 * script, the error and the fix, and the counts in `info()` / `poolInfo()`.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPoolWith } from '../src/parallel.js';
import { browserBackend } from '../src/parallel.browser.js';
import { getPublicKey, sign, verify, type BatchEntry, type VerifierPool } from '../src/index.node.js';
import { poolInfo, verifyBatchParallel, shutdown } from '@strata/ed25519-batch/parallel';
import { prng } from './helpers.js';

const rnd = prng(0xfa11bac);
const pools: VerifierPool[] = [];
let entries: BatchEntry[];
let expected: boolean[];

beforeAll(() => {
  entries = [];
  for (let i = 0; i < 40; i++) {
    const seed = rnd(32);
    const message = rnd(1 + (i % 9));
    const signature = sign(message, seed);
    if (i % 5 === 2) signature[40] = signature[40]! ^ 4;
    entries.push({ publicKey: getPublicKey(seed), message, signature });
  }
  expected = entries.map((e) => verify(e.signature, e.message, e.publicKey));
});

afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await shutdown();
  await Promise.all(pools.map((p) => p.shutdown()));
});

describe('the in-thread fallback is visible', () => {
  it('a worker file that does not exist: right results, one warning naming the script and the fix, counted in info()', async () => {
    const missing = fileURLToPath(new URL('./fixtures/no-such-worker.mjs', import.meta.url));
    const pool = createPoolWith({ workerScript: () => missing });
    pools.push(pool);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(pool.info()).toEqual({ workerChunks: 0, fallbackChunks: 0, lastFallback: null });

    const r1 = await pool.verifyBatch(entries, { workers: 2 });
    expect(r1.results).toEqual(expected);
    const r2 = await pool.verifyBatch(entries, { workers: 2 });
    expect(r2.results).toEqual(expected);

    // Warned once for the script, however many chunks and calls fell back.
    expect(warn).toHaveBeenCalledTimes(1);
    const message = String(warn.mock.calls[0]![0]);
    expect(message).toContain(missing);
    expect(message).toMatch(/verified on the calling thread/);
    const info = pool.info();
    expect(info.workerChunks).toBe(0);
    expect(info.fallbackChunks).toBeGreaterThanOrEqual(2);
    expect(info.lastFallback?.script).toBe(missing);
    expect(info.lastFallback?.reason.length).toBeGreaterThan(0);
    expect(Object.isFrozen(info)).toBe(true);
  });

  it('a working pool warns nothing and counts its chunks as worker chunks; so does the default pool', async () => {
    const pool = createPoolWith();
    pools.push(pool);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const r = await pool.verifyBatch(entries, { workers: 2 });
    expect(r.results).toEqual(expected);
    expect(pool.info().fallbackChunks).toBe(0);
    expect(pool.info().workerChunks).toBeGreaterThanOrEqual(1);
    expect(pool.info().lastFallback).toBeNull();

    const before = poolInfo().workerChunks;
    expect((await verifyBatchParallel(entries, { workers: 2 })).results).toEqual(expected);
    expect(poolInfo().workerChunks).toBeGreaterThan(before);
    expect(poolInfo().fallbackChunks).toBe(0);
    expect(warn).not.toHaveBeenCalled();
  });

  it('the browser backend\u2019s warning names esbuild and the one-line workerUrl fix', () => {
    expect(browserBackend.fallbackHint).toMatch(/esbuild/);
    expect(browserBackend.fallbackHint).toMatch(/workerUrl: '\/worker\.browser\.js'/);
    expect(browserBackend.fallbackHint).toMatch(/dist\/worker\.browser\.js/);
  });
});
