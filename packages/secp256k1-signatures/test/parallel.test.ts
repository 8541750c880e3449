/**
 * `schnorr.verifyBatchParallel` and `schnorr.createVerifierPool` on worker
 * threads: per-entry results equal to single `schnorr.verify` (valid,
 * tampered, wrong-length and random inputs, messages of any length), pool
 * reuse, a worker that dies mid-run (retry on a fresh pool, then in-thread
 * fallback), abort, shutdown, argument errors, and an idle pool letting the
 * process exit. These tests load the built worker (dist/worker.js): build
 * the package first (the root test runner does).
 *
 * What a test observes inside a pool comes from injection: pools built by
 * `createPoolWith` with hooks that count recoveries and plan crashes, and
 * the test worker test/fixtures/crash-worker.mjs.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { PoolHooks } from '@strata/curves/pool';
import { createPoolWith } from '../src/parallel.js';
import * as schnorr from '../src/schnorr-api.node.js';

const crashWorker = fileURLToPath(new URL('./fixtures/crash-worker.mjs', import.meta.url));

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
const rnd = prng(0x5c4);
const keys = [1, 2, 3].map((k) => {
  const sk = new Uint8Array(32);
  sk[31] = k;
  sk[0] = 0x40 + k;
  return { sk, pk: schnorr.getPublicKey(sk) };
});

/** n entries over three signers, messages of 0–99 bytes; invalid ones of several kinds. */
function makeEntries(n: number): schnorr.BatchEntry[] {
  const out: schnorr.BatchEntry[] = [];
  for (let i = 0; i < n; i++) {
    const { sk, pk } = keys[i % 3]!;
    const message = rnd(i % 100);
    const signature = schnorr.sign(message, sk, new Uint8Array(32));
    switch (i % 13) {
      case 3: // message changed after signing
        out.push({ signature, message: Uint8Array.from([...message, 1]), publicKey: pk });
        break;
      case 5: // s changed
        signature[40] = signature[40]! ^ 4;
        out.push({ signature, message, publicKey: pk });
        break;
      case 7: // wrong-length signature, or key
        out.push(i % 2 === 0 ? { signature: signature.subarray(0, 63), message, publicKey: pk } : { signature, message, publicKey: new Uint8Array(33) });
        break;
      case 9: // random bytes
        out.push({ signature: rnd(64), message, publicKey: rnd(32) });
        break;
      case 11: // another signer's key
        out.push({ signature, message, publicKey: keys[(i + 1) % 3]!.pk });
        break;
      default:
        out.push({ signature, message, publicKey: pk });
    }
  }
  return out;
}

const single = (es: readonly schnorr.BatchEntry[]): boolean[] => es.map((e) => schnorr.verify(e.signature, e.message, e.publicKey));

/** Hooks that count a pool's recoveries and crash the chunks planned for its next call. */
function probe(): { hooks: PoolHooks; retries: () => number; fallbacks: () => number; crashNextCall: (chunks: number[], attempts: number) => void } {
  let retries = 0;
  let fallbacks = 0;
  let plan: ReadonlyMap<number, number> | undefined;
  return {
    hooks: {
      crashPlan: () => {
        const p = plan;
        plan = undefined;
        return p;
      },
      taskFailed: (_e, next) => {
        if (next === 'retry') retries++;
        else fallbacks++;
      },
    },
    retries: () => retries,
    fallbacks: () => fallbacks,
    crashNextCall: (chunks, attempts) => {
      plan = new Map(chunks.map((c) => [c, attempts]));
    },
  };
}

const entries = makeEntries(130);
const expected = single(entries);
const pools: schnorr.VerifierPool[] = [];

afterAll(async () => {
  await schnorr.shutdown();
  await Promise.all(pools.map((p) => p.shutdown()));
});

describe('schnorr.verifyBatchParallel', () => {
  it('the inputs hold valid and invalid entries of every kind', () => {
    expect(expected.filter((x) => x).length).toBeGreaterThan(60);
    expect(expected.filter((x) => !x).length).toBeGreaterThan(40);
    expect(fileURLToPath(schnorr.workerFileUrl())).toMatch(/dist[/\\]worker\.js$/);
  });

  it('equals single verify entry by entry; the work runs in workers; the pool is kept across calls', async () => {
    const p = probe();
    const pool = createPoolWith({ hooks: p.hooks });
    pools.push(pool);
    expect(await pool.verifyBatch(entries, { workers: 2 })).toEqual(expected);
    expect(await pool.verifyBatch(entries.filter((_, i) => expected[i]), { workers: 2 })).toEqual(expected.filter((x) => x));
    expect(p.retries() + p.fallbacks()).toBe(0);
    expect(pool.info()).toMatchObject({ fallbackChunks: 0, lastFallback: null });
    expect(pool.info().workerChunks).toBeGreaterThanOrEqual(4);
    expect(await schnorr.verifyBatchParallel(entries, { workers: 2 })).toEqual(expected);
    expect(schnorr.poolInfo().workerChunks).toBeGreaterThan(0);
  });

  it('random inputs and random lengths equal single verify', async () => {
    const es: schnorr.BatchEntry[] = [];
    for (let i = 0; i < 80; i++) es.push({ signature: rnd(60 + (i % 8)), message: rnd(i), publicKey: rnd(30 + (i % 4)) });
    expect(await schnorr.verifyBatchParallel(es, { workers: 2 })).toEqual(single(es));
  });

  it('createVerifierPool: pools are independent of each other and of the default pool', async () => {
    const a = schnorr.createVerifierPool();
    const b = schnorr.createVerifierPool();
    pools.push(a, b);
    const big = makeEntries(300);
    const want = single(big);
    const pa = a.verifyBatch(big, { workers: 2 }).then(
      () => 'resolved',
      (e: unknown) => e,
    );
    const pb = b.verifyBatch(big, { workers: 2 });
    await new Promise((r) => setTimeout(r, 10));
    await a.shutdown();
    expect(await pa).toMatchObject({ name: 'StrataError', code: 'ERR_ABORTED', message: expect.stringMatching(/^schnorr\.VerifierPool\.verifyBatch: /) });
    expect(await pb).toEqual(want);
    expect(await a.verifyBatch(entries, { workers: 2 })).toEqual(expected);
  });

  it('a worker that dies mid-task: retried on a fresh pool, then in-thread; results are right from the inputs at call time', async () => {
    const p = probe();
    const pool = createPoolWith({ hooks: p.hooks, workerScript: () => crashWorker });
    pools.push(pool);
    p.crashNextCall([0, 1], 1);
    expect(await pool.verifyBatch(entries, { workers: 2 })).toEqual(expected);
    expect([p.retries(), p.fallbacks()]).toEqual([2, 0]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    p.crashNextCall([0], 2);
    const mine = entries.map((e) => ({ ...e, message: e.message.slice() }));
    const call = pool.verifyBatch(mine, { workers: 2 });
    mine[0]!.message.fill(7);
    mine[2] = { ...mine[2]!, signature: new Uint8Array(64) };
    expect(await call).toEqual(expected);
    expect([p.retries(), p.fallbacks()]).toEqual([3, 1]);
    expect(pool.info().fallbackChunks).toBe(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain(crashWorker);
    warn.mockRestore();
    expect(await pool.verifyBatch(entries, { workers: 2 })).toEqual(expected);
  });

  it('AbortSignal: aborting rejects with ERR_ABORTED; a pre-aborted signal too; the pool survives', async () => {
    const big = makeEntries(400);
    const ac = new AbortController();
    const p = schnorr.verifyBatchParallel(big, { workers: 2, signal: ac.signal });
    setTimeout(() => ac.abort(new Error('stop')), 5);
    await expect(p).rejects.toMatchObject({ name: 'StrataError', code: 'ERR_ABORTED' });
    const pre = new AbortController();
    pre.abort();
    await expect(schnorr.verifyBatchParallel(entries, { signal: pre.signal })).rejects.toMatchObject({ name: 'StrataError', code: 'ERR_ABORTED' });
    expect(await schnorr.verifyBatchParallel(entries, { workers: 2, signal: new AbortController().signal })).toEqual(expected);
  });

  it('shutdown() while a call is in flight: the call rejects with ERR_ABORTED, the next call works', async () => {
    await schnorr.verifyBatchParallel(entries.slice(0, 20), { workers: 2 });
    const p = schnorr.verifyBatchParallel(makeEntries(400), { workers: 2 }).then(
      () => 'resolved',
      (e: unknown) => e,
    );
    await new Promise((r) => setTimeout(r, 10));
    await schnorr.shutdown();
    expect(await p).toMatchObject({ name: 'StrataError', code: 'ERR_ABORTED' });
    expect(await schnorr.verifyBatchParallel(entries, { workers: 2 })).toEqual(expected);
  });

  it('empty batch and wrong-length entries need no worker', async () => {
    expect(await schnorr.verifyBatchParallel([])).toEqual([]);
    const bad = [{ signature: new Uint8Array(64), message: new Uint8Array(0), publicKey: new Uint8Array(31) }];
    expect(await schnorr.verifyBatchParallel(bad)).toEqual([false]);
  });

  it('argument errors throw TypeError / RangeError at once', () => {
    expect(() => schnorr.verifyBatchParallel('x' as never)).toThrow(TypeError);
    expect(() => schnorr.verifyBatchParallel([null] as never)).toThrow(TypeError);
    expect(() => schnorr.verifyBatchParallel([{ signature: new Uint8Array(64), message: 'm', publicKey: new Uint8Array(32) }] as never)).toThrow(/^schnorr\.verifyBatchParallel entries\[0\]\.message: /);
    expect(() => schnorr.verifyBatchParallel([], { workers: 0 })).toThrow(RangeError);
    expect(() => schnorr.verifyBatchParallel([], { workers: 1.5 })).toThrow(RangeError);
    expect(() => schnorr.verifyBatchParallel([], { workers: '2' as never })).toThrow(TypeError);
    expect(() => schnorr.verifyBatchParallel([], { signal: {} as never })).toThrow(TypeError);
    expect(() => schnorr.verifyBatchParallel([], 5 as never)).toThrow(TypeError);
  });

  it('an idle pool does not keep the process alive (a child process exits by itself, after its answer)', () => {
    const dist = new URL('../dist/schnorr-api.node.js', import.meta.url).href;
    const script = `
      import * as schnorr from ${JSON.stringify(dist)};
      const sk = new Uint8Array(32).fill(9);
      const pk = schnorr.getPublicKey(sk);
      const entries = [];
      for (let i = 0; i < 64; i++) { const m = new Uint8Array([i, 1, 2]); entries.push({ signature: schnorr.sign(m, sk, new Uint8Array(32)), message: m, publicKey: pk }); }
      entries[10] = { ...entries[10], message: new Uint8Array([7]) };
      await schnorr.verifyBatchParallel(entries, { workers: 2 });
      await new Promise((r) => setTimeout(r, 50));
      const r = await schnorr.verifyBatchParallel(entries, { workers: 2 });
      console.log(JSON.stringify(r.flatMap((x, i) => (x ? [] : [i]))));
    `;
    // 20 s is below the pool's 30 s idle timeout: exiting in time shows the idle workers are unref'd.
    const res = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(res.error, String(res.error)).toBeUndefined();
    expect(res.signal).toBeNull();
    expect(res.status, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout.trim())).toEqual([10]);
  });
});
