/**
 * `verifyBatchParallel` on module Web Workers in a real browser (vitest
 * browser mode, headless Chromium): results equal single `verify` over a
 * mixed batch (valid, tampered, wrong-length, Ed25519ctx and Ed25519ph
 * entries, and entries presented under another variant or context) in both
 * modes; the pool is kept across calls and really runs in workers; a worker
 * that crashes mid-task is recovered (retry on a fresh pool, then in-thread
 * fallback) with the right results; AbortSignal and shutdown() reject with
 * ERR_ABORTED and the pool still works afterwards.
 *
 * What a test observes inside a pool (the workerpool pools it creates, its
 * recoveries) comes from injection: pools built by `createPoolWith` with a
 * probe (test/pool-probe.ts). Crashing workers are the test's own worker
 * (./crash-worker.js, the built worker plus a crash on request), passed as
 * `workerUrl`.
 *
 * The workers run the built `dist/worker.browser.js`: build the package first.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { getPublicKey, sign, verify, type BatchEntry, type VerifyMode } from '../../src/index.js';
import { browserBackend, createPoolWith, createVerifierPool, poolInfo, shutdown, verifyBatchParallel, type VerifierPool } from '../../src/parallel.browser.js';
import { poolProbe } from '../pool-probe.js';

/** The test worker whose tasks can be told to crash. */
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

const rnd = prng(0x5eed);
const seeds = [rnd(32), rnd(32), rnd(32)];
const ctxA = new TextEncoder().encode('strata/browser-test');
const ctxB = new TextEncoder().encode('another context');

/** n entries over three signers and the three variants; about a quarter are invalid in various ways. */
function makeEntries(n: number): BatchEntry[] {
  const out: BatchEntry[] = [];
  for (let i = 0; i < n; i++) {
    const seed = seeds[i % 3]!;
    const publicKey = getPublicKey(seed);
    const message = rnd(1 + (i % 40));
    const kind = i % 3;
    const e: BatchEntry =
      kind === 0
        ? { publicKey, message, signature: sign(message, seed) }
        : kind === 1
          ? { publicKey, message, signature: sign(message, seed, { variant: 'ed25519ctx', context: ctxA }), variant: 'ed25519ctx', context: ctxA }
          : { publicKey, message, signature: sign(message, seed, { variant: 'ed25519ph' }), variant: 'ed25519ph' };
    switch (i % 11) {
      case 3: // message changed after signing
        message[0] = message[0]! ^ 1;
        out.push(e);
        break;
      case 5: // presented under another context, or as another variant
        out.push(kind === 1 ? { ...e, context: ctxB } : { ...e, variant: 'ed25519ctx', context: ctxA });
        break;
      case 7: // S + 1
        {
          const signature = e.signature.slice();
          signature[32] = signature[32]! ^ 1;
          out.push({ ...e, signature });
        }
        break;
      case 9: // wrong-length signature
        out.push({ ...e, signature: e.signature.subarray(0, 63) });
        break;
      default:
        out.push(e);
    }
  }
  return out;
}

function single(es: readonly BatchEntry[], mode: VerifyMode): boolean[] {
  return es.map((e) => verify(e.signature, e.message, e.publicKey, e.variant === undefined ? { mode } : { mode, variant: e.variant, context: e.context }));
}

const entries = makeEntries(150);

/** The page's global scope (the test's tsconfig has no DOM lib). */
const page = globalThis as unknown as {
  addEventListener(type: 'error', listener: () => void): void;
  removeEventListener(type: 'error', listener: () => void): void;
};

/** A pool whose internals the tests observe. */
const probe = poolProbe(browserBackend);
const pool: VerifierPool = createPoolWith({ backend: probe.backend, hooks: probe.hooks });

afterAll(async () => {
  await shutdown();
  await pool.shutdown();
});

describe('verifyBatchParallel on Web Workers (browser)', () => {
  it('runs in a browser with Web Workers', () => {
    expect(typeof (globalThis as { Worker?: unknown }).Worker).toBe('function');
    expect(typeof (globalThis as { document?: unknown }).document).toBe('object');
  });

  it('a mixed batch (valid, invalid, ctx/ph variants) equals single verify in both modes; the pool is kept', async () => {
    for (const mode of ['zip215', 'strict'] as const) {
      const want = single(entries, mode);
      expect(want.filter((x) => x).length).toBeGreaterThan(80);
      expect(want.filter((x) => !x).length).toBeGreaterThan(30);
      const before = probe.recoveries();
      const r = await pool.verifyBatch(entries, { workers: 2, mode });
      expect(r.results).toEqual(want);
      expect(r.valid).toBe(false);
      // The work really ran in workers: no retry, no in-thread fallback.
      expect(probe.recoveries()).toEqual(before);
      expect(probe.stats().total).toBeGreaterThan(0);
      // The default pool of verifyBatchParallel gives the same results.
      expect((await verifyBatchParallel(entries, { workers: 2, mode })).results).toEqual(want);
    }
    const inner = probe.pool();
    const good = entries.filter((_, i) => single(entries, 'zip215')[i]);
    const r2 = await pool.verifyBatch(good, { workers: 2, cache: false });
    expect(r2.valid).toBe(true);
    expect(probe.pool()).toBe(inner);
    expect(probe.created()).toBe(1);
  });

  it('createVerifierPool: a pool of its own, independent of the default pool', async () => {
    const own = createVerifierPool();
    const want = single(entries, 'zip215');
    const p = verifyBatchParallel(entries, { workers: 2 });
    expect((await own.verifyBatch(entries, { workers: 2 })).results).toEqual(want);
    await own.shutdown();
    expect((await p).results).toEqual(want);
    expect(() => own.verifyBatch([], { workerUrl: 42 as never })).toThrow(/^VerifierPool\.verifyBatch workerUrl: /);
  });

  it('a workerUrl that answers 404 (a bundle without the worker file): right results in-thread, one warning with the fix, counted in info()', async () => {
    const own = createVerifierPool();
    const missing = new URL('./no-such-worker.js', import.meta.url).href;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const want = single(entries, 'zip215');
      expect((await own.verifyBatch(entries, { workers: 2, workerUrl: missing })).results).toEqual(want);
      expect((await own.verifyBatch(entries, { workers: 2, workerUrl: missing })).results).toEqual(want);
      expect(warn).toHaveBeenCalledTimes(1);
      const message = String(warn.mock.calls[0]![0]);
      expect(message).toContain(missing);
      expect(message).toContain("workerUrl: '/worker.browser.js'");
      const info = own.info();
      expect(info.workerChunks).toBe(0);
      expect(info.fallbackChunks).toBeGreaterThanOrEqual(2);
      expect(info.lastFallback?.script).toBe(missing);
      // The default pool has had no fallback.
      expect(poolInfo().fallbackChunks).toBe(0);
      expect(poolInfo().workerChunks).toBeGreaterThan(0);
    } finally {
      warn.mockRestore();
      await own.shutdown();
    }
  });

  it('a worker that crashes mid-task: the chunk is retried on a fresh pool, results are right', async () => {
    const want = single(entries, 'zip215');
    const before = probe.recoveries();
    // A recovered crash must not also surface as the page's uncaught error.
    let pageErrors = 0;
    const onPageError = (): void => {
      pageErrors++;
    };
    page.addEventListener('error', onPageError);
    probe.crashNextCall([0, 1], 1);
    const r = await pool.verifyBatch(entries, { workers: 2, workerUrl: crashWorkerUrl });
    await new Promise((res) => setTimeout(res, 100));
    page.removeEventListener('error', onPageError);
    expect(r.results).toEqual(want);
    const after = probe.recoveries();
    expect(after.poolRetries - before.poolRetries).toBe(2);
    expect(after.inThreadFallbacks).toBe(before.inThreadFallbacks);
    expect(String(probe.lastTaskError())).toMatch(/worker crash|Worker error/);
    expect(pageErrors).toBe(0);
  });

  it('workers that crash on every pool attempt: the chunk falls back in-thread, results are right, the pool works afterwards', async () => {
    const want = single(entries, 'strict');
    const before = probe.recoveries();
    probe.crashNextCall([0], 2);
    const r = await pool.verifyBatch(entries, { workers: 2, mode: 'strict', workerUrl: crashWorkerUrl });
    expect(r.results).toEqual(want);
    expect(probe.recoveries().inThreadFallbacks - before.inThreadFallbacks).toBe(1);
    const again = await pool.verifyBatch(entries, { workers: 2, mode: 'strict', workerUrl: crashWorkerUrl });
    expect(again.results).toEqual(want);
  });

  it('a retried chunk is verified from the inputs at call time, not re-read from the caller', async () => {
    const es = makeEntries(64);
    const want = single(es, 'zip215');
    const mine: (BatchEntry | null)[] = es.map((e) => ({ ...e, message: e.message.slice() }));
    const before = probe.recoveries();
    probe.crashNextCall([0, 1], 1);
    const p = pool.verifyBatch(mine as BatchEntry[], { workers: 2, workerUrl: crashWorkerUrl });
    mine[0]!.message[0] = mine[0]!.message[0]! ^ 1;
    mine[1] = null;
    const r = await p;
    expect(r.results).toEqual(want);
    expect(probe.recoveries().poolRetries - before.poolRetries).toBe(2);
  });

  it('AbortSignal: aborting rejects with ERR_ABORTED; a pre-aborted signal too; the pool survives', async () => {
    const big = makeEntries(600);
    const ac = new AbortController();
    const p = verifyBatchParallel(big, { workers: 2, signal: ac.signal });
    setTimeout(() => ac.abort(new Error('stop')), 5);
    await expect(p).rejects.toMatchObject({ name: 'StrataError', code: 'ERR_ABORTED' });

    const pre = new AbortController();
    pre.abort();
    await expect(verifyBatchParallel(entries, { signal: pre.signal })).rejects.toMatchObject({ name: 'StrataError', code: 'ERR_ABORTED' });

    const ok = await verifyBatchParallel(entries, { workers: 2, signal: new AbortController().signal });
    expect(ok.results).toEqual(single(entries, 'zip215'));
  });

  it('shutdown() while a call is in flight: the call rejects with ERR_ABORTED, the next call works', async () => {
    const big = makeEntries(600);
    const p = verifyBatchParallel(big, { workers: 2 }).then(
      () => 'resolved',
      (e: unknown) => e,
    );
    await new Promise((r) => setTimeout(r, 10));
    await shutdown();
    expect(await p).toMatchObject({ name: 'StrataError', code: 'ERR_ABORTED' });
    const ok = await verifyBatchParallel(entries, { workers: 2 });
    expect(ok.results).toEqual(single(entries, 'zip215'));
  });

  it('argument errors throw at once; an empty batch and wrong-length entries need no worker', async () => {
    expect(() => verifyBatchParallel('x' as never)).toThrow(TypeError);
    expect(() => verifyBatchParallel([], { workers: 0 })).toThrow(RangeError);
    expect(() => verifyBatchParallel([], { workerUrl: 42 as never })).toThrow(TypeError);
    expect(await verifyBatchParallel([])).toEqual({ valid: true, results: [] });
    const bad: BatchEntry[] = [{ publicKey: new Uint8Array(31), message: new Uint8Array(0), signature: new Uint8Array(64) }];
    expect(await verifyBatchParallel(bad)).toEqual({ valid: false, results: [false] });
  });
});
