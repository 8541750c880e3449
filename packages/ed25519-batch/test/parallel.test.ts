/**
 * The worker-pool path: correctness, pool reuse, dying workers, abort, the
 * idle pool letting the process exit, and argument errors. These tests load
 * the built worker (dist/worker.js): build the package first (the root test
 * runner does).
 *
 * What a test observes inside a pool (the workerpool pools it creates, its
 * recoveries) and the workers it makes die come from injection: a pool built
 * by `createPoolWith` with a probe (test/pool-probe.ts) and, for dying
 * workers, the test worker file test/fixtures/crash-worker.mjs. The default
 * pool of `verifyBatchParallel` is the same code with nothing injected.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StrataError } from '@strata/field';
import { createPoolWith, nodeBackend } from '../src/parallel.js';
import {
  createVerifierPool,
  getPublicKey,
  shutdown,
  sign,
  verify,
  verifyBatchParallel,
  workerFileUrl,
  type BatchEntry,
  type ParallelResult,
  type VerifierPool,
} from '../src/index.node.js';
import { cctv, prng } from './helpers.js';
import { poolProbe } from './pool-probe.js';

/** The test worker whose tasks can be told to crash (see the file comment). */
const crashWorker = fileURLToPath(new URL('./fixtures/crash-worker.mjs', import.meta.url));

/** A pool with a probe; with `crashing`, its workers run the crash worker. */
function probed(crashing = false): { pool: VerifierPool; probe: ReturnType<typeof poolProbe> } {
  const probe = poolProbe(nodeBackend);
  const pool = createPoolWith({ backend: probe.backend, hooks: probe.hooks, ...(crashing ? { workerScript: () => crashWorker } : {}) });
  pools.push(pool);
  return { pool, probe };
}

/** Every pool a test made, shut down at the end. */
const pools: VerifierPool[] = [];

const rnd = prng(0xed25519);

/** n entries from 4 signers; every 7th one tampered (message changed after signing). */
function makeEntries(n: number): BatchEntry[] {
  const seeds = [rnd(32), rnd(32), rnd(32), rnd(32)];
  const out: BatchEntry[] = [];
  for (let i = 0; i < n; i++) {
    const seed = seeds[i % 4]!;
    const message = rnd(1 + (i % 50));
    const signature = sign(message, seed);
    const publicKey = getPublicKey(seed);
    if (i % 7 === 3) message[0] = message[0]! ^ 1;
    out.push({ publicKey, message, signature });
  }
  return out;
}

function expectedOf(entries: BatchEntry[]): boolean[] {
  return entries.map((e) => verify(e.signature, e.message, e.publicKey));
}

let entries: BatchEntry[];
let expected: boolean[];

beforeAll(() => {
  entries = makeEntries(120);
  expected = expectedOf(entries);
});

afterAll(async () => {
  await shutdown();
  await Promise.all(pools.map((p) => p.shutdown()));
});

describe('verifyBatchParallel', () => {
  it('loads the built worker file (dist/worker.js when running from src)', () => {
    expect(fileURLToPath(workerFileUrl())).toMatch(/dist[/\\]worker\.js$/);
  });

  it('matches single verification, and the pool is kept across calls', async () => {
    const { pool: vp, probe } = probed();
    const before = probe.recoveries();
    const r1 = await vp.verifyBatch(entries, { workers: 2 });
    // The work really ran in the workers: no retry, no in-thread fallback.
    expect(probe.recoveries()).toEqual(before);
    expect(r1.results).toEqual(expected);
    expect(r1.valid).toBe(false);
    const pool = probe.pool();
    expect(pool).toBeDefined();
    const r2 = await vp.verifyBatch(entries.filter((_, i) => expected[i]), { workers: 2, cache: false });
    expect(r2.valid).toBe(true);
    expect(r2.results.every((x) => x)).toBe(true);
    expect(probe.pool()).toBe(pool);
    expect(probe.created()).toBe(1);
    // The default pool of verifyBatchParallel gives the same results.
    expect((await verifyBatchParallel(entries, { workers: 2 })).results).toEqual(expected);
  });

  it('createVerifierPool: pools are independent of each other and of the default pool', async () => {
    const a = createVerifierPool();
    const b = createVerifierPool();
    pools.push(a, b);
    const [ra, rb, rd] = await Promise.all([a.verifyBatch(entries, { workers: 1 }), b.verifyBatch(entries, { workers: 2 }), verifyBatchParallel(entries, { workers: 2 })]);
    expect(ra.results).toEqual(expected);
    expect(rb.results).toEqual(expected);
    expect(rd.results).toEqual(expected);
    // Shutting one pool down aborts its own calls only.
    const big = makeEntries(300);
    const wantBig = expectedOf(big);
    const pa = a.verifyBatch(big, { workers: 2 }).then(
      () => 'resolved',
      (e: unknown) => e,
    );
    const pb = b.verifyBatch(big, { workers: 2 });
    const pd = verifyBatchParallel(big, { workers: 2 });
    await new Promise((r) => setTimeout(r, 10));
    await a.shutdown();
    expect(await pa).toMatchObject({ name: 'StrataError', code: 'ERR_ABORTED', message: expect.stringMatching(/^VerifierPool\.verifyBatch: /) });
    expect((await pb).results).toEqual(wantBig);
    expect((await pd).results).toEqual(wantBig);
    // A shut-down pool starts new workers on its next call.
    expect((await a.verifyBatch(entries, { workers: 2 })).results).toEqual(expected);
    // Its argument checks name it.
    expect(() => a.verifyBatch([], { workers: 0 })).toThrow(/^VerifierPool\.verifyBatch workers: /);
    expect(() => verifyBatchParallel([], { workers: 0 })).toThrow(/^verifyBatchParallel workers: /);
  });

  it('concurrent calls on the same pool each get their own right results', async () => {
    const a = entries.slice(0, 60);
    const b = entries.slice(60);
    const [ra, rb, rc] = await Promise.all([
      verifyBatchParallel(a, { workers: 2 }),
      verifyBatchParallel(b, { workers: 2, mode: 'strict' }),
      verifyBatchParallel(entries, { workers: 2, cache: false }),
    ]);
    expect(ra.results).toEqual(expected.slice(0, 60));
    expect(rb.results).toEqual(expected.slice(60));
    expect(rc.results).toEqual(expected);
  });

  it('mixed CCTV edge cases in both modes equal single verify', async () => {
    const cs = cctv().slice(0, 200);
    for (const mode of ['zip215', 'strict'] as const) {
      const r = await verifyBatchParallel(cs, { workers: 2, mode });
      expect(r.results).toEqual(cs.map((c) => verify(c.signature, c.message, c.publicKey, { mode })));
    }
  });

  // One pool whose workers run the crash worker, shared by the tests that make workers die.
  const crashing = probed(true);

  it('a worker that dies mid-task: the chunk is retried on the pool and results are right', async () => {
    const { pool, probe } = crashing;
    const before = probe.recoveries();
    probe.crashNextCall([0, 1], 1);
    const r = await pool.verifyBatch(entries, { workers: 2 });
    expect(r.results).toEqual(expected);
    const after = probe.recoveries();
    expect(after.poolRetries - before.poolRetries).toBe(2);
    expect(after.inThreadFallbacks).toBe(before.inThreadFallbacks);
  });

  it('workers that die on every pool attempt: the chunk falls back in-thread, results are right', async () => {
    const { pool, probe } = crashing;
    const before = probe.recoveries();
    probe.crashNextCall([0], 2);
    const r = await pool.verifyBatch(entries, { workers: 2 });
    expect(r.results).toEqual(expected);
    expect(probe.recoveries().inThreadFallbacks - before.inThreadFallbacks).toBe(1);
    // The pool still works afterwards.
    const again = await pool.verifyBatch(entries, { workers: 2 });
    expect(again.results).toEqual(expected);
  });

  it('workers terminated from outside while busy: the promise settles with the right results', async () => {
    const { pool, probe } = probed();
    const big = makeEntries(400);
    const want = expectedOf(big);
    await pool.verifyBatch(big.slice(0, 40), { workers: 2 }); // warm the pool
    const p = pool.verifyBatch(big, { workers: 2 });
    // Wait until a worker is busy, then kill every worker thread (Worker.terminate() from outside).
    for (let i = 0; i < 200 && probe.stats().busy === 0; i++) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 20));
    const before = probe.recoveries();
    expect(probe.stats().total).toBeGreaterThan(0);
    await probe.killWorkers();
    const r = await p;
    expect(r.results).toEqual(want);
    // The kill really hit running tasks (they were posted synchronously by the call).
    expect(probe.recoveries().poolRetries).toBeGreaterThan(before.poolRetries);
  });

  it('concurrent calls with different worker counts: a resize never kills in-flight work (issue 10, finding 3)', async () => {
    // The scenario scaled down: 6 calls with workers 1…6, started
    // 5 ms apart, each still in flight when the next one grows the pool.
    const { pool, probe } = probed();
    const sets = [0, 1, 2, 3, 4, 5].map(() => makeEntries(160));
    const wants = sets.map(expectedOf);
    const before = probe.recoveries();
    const calls: Promise<ParallelResult>[] = [];
    for (let w = 1; w <= 6; w++) {
      calls.push(pool.verifyBatch(sets[w - 1]!, { workers: w }));
      await new Promise((r) => setTimeout(r, 5));
    }
    const got = await Promise.all(calls);
    for (let k = 0; k < 6; k++) expect(got[k]!.results).toEqual(wants[k]);
    // No chunk lost its worker: no retry, no in-thread fallback.
    expect(probe.recoveries()).toEqual(before);
  });

  it('a retried chunk is verified from the inputs at call time, not re-read from the caller (issue 10, finding 4)', async () => {
    const { pool, probe } = crashing;
    const es = makeEntries(64).map((e) => ({ ...e }));
    const want = expectedOf(es);
    for (const attempts of [1, 2]) {
      const mine: (BatchEntry | null)[] = es.map((e) => ({ ...e, message: e.message.slice() }));
      const before = probe.recoveries();
      // Every chunk's worker dies: once (retried on a new pool) or twice (verified in-thread).
      probe.crashNextCall([0, 1], attempts);
      const p = pool.verifyBatch(mine as BatchEntry[], { workers: 2 });
      // The caller changes its inputs right after the call.
      mine[0]!.message[0] = mine[0]!.message[0]! ^ 1;
      mine[1] = { ...mine[1]!, signature: new Uint8Array(64) };
      mine[7] = null;
      mine[40] = null;
      const r = await p;
      expect(r.results).toEqual(want);
      const after = probe.recoveries();
      if (attempts === 1) expect(after.poolRetries - before.poolRetries).toBe(2);
      else expect(after.inThreadFallbacks - before.inThreadFallbacks).toBe(2);
    }
  });

  it('AbortSignal: aborting rejects with ERR_ABORTED; a pre-aborted signal too; the pool survives', async () => {
    const big = makeEntries(300);
    const ac = new AbortController();
    const p = verifyBatchParallel(big, { workers: 2, signal: ac.signal });
    setTimeout(() => ac.abort(new Error('stop')), 5);
    await expect(p).rejects.toMatchObject({ name: 'StrataError', code: 'ERR_ABORTED' });

    const pre = new AbortController();
    pre.abort();
    const e = await verifyBatchParallel(entries, { signal: pre.signal }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(StrataError);
    expect((e as StrataError).code).toBe('ERR_ABORTED');

    const ok = await verifyBatchParallel(entries, { workers: 2, signal: new AbortController().signal });
    expect(ok.results).toEqual(expected);
  });

  it('shutdown() while a call is in flight: the call rejects with ERR_ABORTED, the next call works', async () => {
    const big = makeEntries(300);
    await verifyBatchParallel(entries.slice(0, 20), { workers: 2 }); // make sure the pool is up
    const p = verifyBatchParallel(big, { workers: 2 }).then(
      () => 'resolved',
      (e: unknown) => e,
    );
    await new Promise((r) => setTimeout(r, 10));
    await shutdown();
    expect(await p).toMatchObject({ name: 'StrataError', code: 'ERR_ABORTED' });
    const ok = await verifyBatchParallel(entries, { workers: 2 });
    expect(ok.results).toEqual(expected);
  });

  it('empty batch, and wrong-length entries settled as false without the pool', async () => {
    expect(await verifyBatchParallel([])).toEqual({ valid: true, results: [] });
    const bad: BatchEntry[] = [
      { publicKey: new Uint8Array(31), message: new Uint8Array(0), signature: new Uint8Array(64) },
      { publicKey: new Uint8Array(32), message: new Uint8Array(0), signature: new Uint8Array(65) },
    ];
    expect(await verifyBatchParallel(bad)).toEqual({ valid: false, results: [false, false] });
    const mixed = [...bad, entries[0]!, entries[3]!];
    expect((await verifyBatchParallel(mixed, { workers: 2 })).results).toEqual([false, false, expected[0], expected[3]]);
  });

  it('argument errors throw TypeError / RangeError at once', () => {
    expect(() => verifyBatchParallel('x' as never)).toThrow(TypeError);
    expect(() => verifyBatchParallel([null] as never)).toThrow(TypeError);
    expect(() => verifyBatchParallel([{ publicKey: 'a', message: new Uint8Array(), signature: new Uint8Array(64) }] as never)).toThrow(TypeError);
    expect(() => verifyBatchParallel([], { workers: 0 })).toThrow(RangeError);
    expect(() => verifyBatchParallel([], { workers: 1.5 })).toThrow(RangeError);
    expect(() => verifyBatchParallel([], { workers: '2' as never })).toThrow(TypeError);
    expect(() => verifyBatchParallel([], { workers: null as never })).toThrow(TypeError);
    expect(() => verifyBatchParallel([], { mode: 'lax' as never })).toThrow(TypeError);
    expect(() => verifyBatchParallel([], { signal: {} as never })).toThrow(TypeError);
    expect(() => verifyBatchParallel([], { cache: -1 })).toThrow(RangeError);
    expect(() => verifyBatchParallel([], { cache: 'big' as never })).toThrow(TypeError);
  });

  it('a parent started with V8 flags (--expose-gc) still runs the work in workers, with no unhandled rejection', () => {
    // Regression: workers used to inherit the parent's execArgv; a per-process
    // V8 flag made every worker fail to start, every chunk silently fell back
    // in-thread, and the retired pools left unhandled rejections behind.
    // The child builds its pool with createPoolWith (the function the default
    // pool of verifyBatchParallel is made by), injecting only a hook that
    // counts failed tasks.
    const dist = new URL('../dist/index.node.js', import.meta.url).href;
    const parallel = new URL('../dist/parallel.js', import.meta.url).href;
    const script = `
      import { getPublicKey, sign } from ${JSON.stringify(dist)};
      import { createPoolWith } from ${JSON.stringify(parallel)};
      let unhandled = 0;
      process.on('unhandledRejection', () => { unhandled++; });
      const recoveries = { poolRetries: 0, inThreadFallbacks: 0 };
      const pool = createPoolWith({ hooks: { taskFailed: (_e, next) => { if (next === 'retry') recoveries.poolRetries++; else recoveries.inThreadFallbacks++; } } });
      const seed = new Uint8Array(32).fill(5);
      const pk = getPublicKey(seed);
      const entries = [];
      for (let i = 0; i < 64; i++) { const m = new Uint8Array([i]); entries.push({ publicKey: pk, message: m, signature: sign(m, seed) }); }
      let valid = true;
      for (let i = 0; i < 4; i++) { valid = valid && (await pool.verifyBatch(entries, { workers: 2 })).valid; globalThis.gc(); }
      await pool.shutdown();
      await new Promise((r) => setTimeout(r, 200));
      console.log(JSON.stringify({ valid, unhandled, recoveries }));
    `;
    const res = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(res.status, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout.trim())).toEqual({ valid: true, unhandled: 0, recoveries: { poolRetries: 0, inThreadFallbacks: 0 } });
  });

  it('an idle pool does not keep the process alive, a busy one does (child process exits by itself, after its answer)', () => {
    const dist = new URL('../dist/index.node.js', import.meta.url).href;
    const script = `
      import { getPublicKey, sign, verifyBatchParallel } from ${JSON.stringify(dist)};
      const seed = new Uint8Array(32).fill(9);
      const pk = getPublicKey(seed);
      const entries = [];
      for (let i = 0; i < 64; i++) { const m = new Uint8Array([i, 1, 2]); entries.push({ publicKey: pk, message: m, signature: sign(m, seed) }); }
      entries[10] = { ...entries[10], message: new Uint8Array([7]) };
      await verifyBatchParallel(entries, { workers: 2 });
      // A second call on the now idle (released) pool: its workers must be
      // held again while it runs, or the process would exit before the answer.
      await new Promise((r) => setTimeout(r, 50));
      const r = await verifyBatchParallel(entries, { workers: 2 });
      console.log(JSON.stringify({ valid: r.valid, bad: r.results.flatMap((x, i) => (x ? [] : [i])) }));
      // No shutdown(): the idle pool must not keep the event loop alive.
    `;
    // 20 s is below the pool's 30 s idle timeout: exiting in time shows the idle
    // workers are unref'd, not merely retired.
    const res = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(res.error, String(res.error)).toBeUndefined();
    // Killed by the timeout (signal set) = the pool kept the process alive.
    expect(res.signal).toBeNull();
    expect(res.status, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout.trim())).toEqual({ valid: false, bad: [10] });
  });
});
