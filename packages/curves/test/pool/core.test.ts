/**
 * The generic pool runtime of `@strata/curves/pool` with a trivial payload
 * and a backend of its own that runs tasks on the calling thread: each
 * packed chunk is n (u32) followed by n bytes, and an entry is valid when
 * its byte is odd. The backend can be told to fail tasks, which shows the
 * retry on a fresh pool, the in-thread fallback, abort, shutdown, resize and
 * retirement without starting a worker (the signature packages test the
 * same runtime on real worker threads and Web Workers).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPoolRuntime, parseSignal, parseWorkers, type PoolBackend, type PoolChunkJob, type PoolHandle, type PoolJob, type PoolTask } from '../../src/pool/index.js';

/** A fake pool: its record of tasks and closes, and how many of the next tasks fail. */
interface FakePool extends PoolHandle {
  readonly size: number;
  readonly closed: () => 'no' | 'close' | 'destroy';
  ran: number;
}

function fakeBackend(): { backend: PoolBackend; pools: FakePool[]; failNext: (n: number) => void; delay: (ms: number) => void } {
  const pools: FakePool[] = [];
  let failures = 0;
  let delayMs = 0;
  const backend: PoolBackend = {
    create(size) {
      let closed: 'no' | 'close' | 'destroy' = 'no';
      const pool: FakePool = {
        size,
        ran: 0,
        closed: () => closed,
        async run(method: string, task: PoolTask) {
          expect(method).toBe('odd');
          expect(closed).toBe('no');
          pool.ran++;
          if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
          // destroy() rejects the tasks in flight, as workerpool's terminate(true) does.
          if (closed === 'destroy') throw new Error('pool destroyed');
          if (failures > 0) {
            failures--;
            throw new Error('worker died');
          }
          const b = new Uint8Array(task.buf);
          const n = new DataView(task.buf).getUint32(0, true);
          return Uint8Array.from(b.subarray(4, 4 + n), (x) => x & 1);
        },
        hold: () => undefined,
        close: async () => {
          closed = 'close';
        },
        destroy: async () => {
          closed = 'destroy';
        },
        stats: () => ({ busy: 0, total: 0 }),
        killWorkers: async () => undefined,
      };
      pools.push(pool);
      return pool;
    },
    defaultWorkers: () => 2,
    yieldToEventLoop: () => new Promise((r) => setTimeout(r, 0)),
  };
  return { backend, pools, failNext: (n) => (failures = n), delay: (ms) => (delayMs = ms) };
}

/** A job over `values` (entry i valid iff values[i] is odd), sending only the entries `indices`. */
function job(values: number[], indices: number[], extra: Partial<PoolJob> = {}): PoolJob {
  return {
    length: values.length,
    indices,
    workers: 2,
    signal: undefined,
    script: () => 'fake.js',
    method: 'odd',
    pack: (idx) => {
      const buf = new ArrayBuffer(4 + idx.length);
      new DataView(buf).setUint32(0, idx.length, true);
      new Uint8Array(buf).set(idx.map((i) => values[i]!), 4);
      return buf;
    },
    task: (buf, crash) => ({ buf, crash }),
    inThread: (buf) => {
      const b = new Uint8Array(buf);
      return (start, end, out) => {
        for (let i = start; i < end; i++) out[i] = b[4 + i]! & 1;
      };
    },
    ...extra,
  };
}

const values = Array.from({ length: 300 }, (_, i) => (i * 7) % 5);
const all = values.map((_, i) => i);
const want = values.map((v) => (v & 1) === 1);

afterEach(() => vi.restoreAllMocks());

describe('createPoolRuntime', () => {
  it('runs every chunk on the pool, keeps the pool across calls, and leaves unsent entries false', async () => {
    const f = fakeBackend();
    const rt = createPoolRuntime(f.backend, {}, 'test');
    expect(await rt.run(job(values, all))).toEqual(want);
    expect(await rt.run(job(values, [1, 3]))).toEqual(values.map((v, i) => (i === 1 || i === 3) && (v & 1) === 1));
    expect(f.pools.length).toBe(1);
    expect(rt.info()).toEqual({ workerChunks: 3, fallbackChunks: 0, lastFallback: null });
    expect(await rt.run(job([], []))).toEqual([]);
    await rt.shutdown();
    expect(f.pools[0]!.closed()).toBe('destroy');
  });

  it('a failed task is retried on a fresh pool, then run in-thread, with the right results and one warning', async () => {
    const f = fakeBackend();
    const failed: string[] = [];
    const rt = createPoolRuntime(f.backend, { taskFailed: (_e, next) => failed.push(next) }, 'test');
    f.failNext(1);
    expect(await rt.run(job(values, all, { workers: 1 }))).toEqual(want);
    expect(failed).toEqual(['retry']);
    expect(f.pools[0]!.closed()).toBe('close');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    f.failNext(2);
    expect(await rt.run(job(values, all, { workers: 1 }))).toEqual(want);
    expect(failed).toEqual(['retry', 'retry', 'fallback']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/^test: the worker fake\.js failed twice \(worker died\)/);
    expect(rt.info()).toMatchObject({ fallbackChunks: 1, lastFallback: { script: 'fake.js', reason: 'worker died' } });
    await rt.shutdown();
  });

  it('the crash plan marks the first attempts of the chunks it names', async () => {
    const f = fakeBackend();
    const crashes: boolean[] = [];
    const rt = createPoolRuntime(f.backend, { crashPlan: () => new Map([[0, 1]]) }, 'test');
    const j = job(values, all);
    await rt.run({ ...j, task: (buf, crash) => (crashes.push(crash), { buf, crash }) });
    expect(crashes.filter((c) => c).length).toBe(1);
    await rt.shutdown();
  });

  it('a call wanting more workers gets a bigger pool; the old one closes once drained', async () => {
    const f = fakeBackend();
    const rt = createPoolRuntime(f.backend, {}, 'test');
    f.delay(20);
    const a = rt.run(job(values, all, { workers: 1 }));
    const b = rt.run(job(values, all, { workers: 3 }));
    expect(f.pools.map((p) => p.size)).toEqual([1, 3]);
    expect(f.pools[0]!.closed()).toBe('no');
    expect(await a).toEqual(want);
    expect(await b).toEqual(want);
    expect(f.pools[0]!.closed()).toBe('close');
    expect(f.pools[1]!.closed()).toBe('no');
    await rt.shutdown();
  });

  it('abort and shutdown reject with ERR_ABORTED; the runtime works afterwards', async () => {
    const f = fakeBackend();
    const rt = createPoolRuntime(f.backend, {}, 'test');
    const pre = new AbortController();
    pre.abort();
    await expect(rt.run(job(values, all, { signal: pre.signal }))).rejects.toMatchObject({ name: 'StrataError', code: 'ERR_ABORTED', message: /^test: / });
    f.delay(20);
    f.failNext(1);
    const ac = new AbortController();
    const p = rt.run(job(values, all, { signal: ac.signal }));
    ac.abort();
    await expect(p).rejects.toMatchObject({ code: 'ERR_ABORTED' });
    const q = rt.run(job(values, all));
    await rt.shutdown();
    await expect(q).rejects.toMatchObject({ code: 'ERR_ABORTED', message: /shutdown\(\)/ });
    f.delay(0);
    expect(await rt.run(job(values, all))).toEqual(want);
    await rt.shutdown();
  });

  it('runChunks: one result per chunk, in order, through retry, fallback, a malformed result and abort', async () => {
    const f = fakeBackend();
    const failed: string[] = [];
    const rt = createPoolRuntime(f.backend, { taskFailed: (_e, next) => failed.push(next) }, 'test');
    // Three chunks of 4 entries: a chunk's result is its entries' parities.
    const parts = [values.slice(0, 4), values.slice(4, 8), values.slice(8, 12)];
    let inThread = 0;
    const packParts = (ps: number[][]) => (c: number) => job(ps[c]!, []).pack(ps[c]!.map((_, i) => i));
    const chunkJob = (extra: Partial<PoolChunkJob> = {}): PoolChunkJob => ({
      chunks: parts.length,
      pack: packParts(parts),
      workers: 2,
      signal: undefined,
      script: () => 'fake.js',
      method: 'odd',
      resultBytes: 4,
      task: (buf, crash) => ({ buf, crash }),
      inThread: (buf) => (inThread++, Uint8Array.from(new Uint8Array(buf, 4), (x) => x & 1)),
      ...extra,
    });
    const want = parts.map((v) => Uint8Array.from(v, (x) => x & 1));
    expect(await rt.runChunks(chunkJob())).toEqual(want);
    expect(await rt.runChunks(chunkJob({ chunks: 0 }))).toEqual([]);
    f.failNext(1);
    expect(await rt.runChunks(chunkJob())).toEqual(want);
    expect(failed).toEqual(['retry']);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // One chunk failing twice (its first attempt and its retry) runs in-thread.
    f.failNext(2);
    const one = chunkJob();
    expect(await rt.runChunks({ ...one, chunks: 1 })).toEqual(want.slice(0, 1));
    expect(failed).toEqual(['retry', 'retry', 'fallback']);
    expect(inThread).toBe(1);
    expect(rt.info()).toMatchObject({ workerChunks: 6, fallbackChunks: 1 });
    // A worker answering the wrong number of bytes is a failed task too.
    expect(await rt.runChunks(chunkJob({ resultBytes: 3, inThread: () => new Uint8Array(3) }))).toEqual([new Uint8Array(3), new Uint8Array(3), new Uint8Array(3)]);
    await expect(rt.runChunks(chunkJob({ signal: AbortSignal.abort() }))).rejects.toMatchObject({ code: 'ERR_ABORTED' });
    await rt.shutdown();
  });

  it('runChunks packs each chunk just before submitting it, all before the first await; a pack that throws rejects the call', async () => {
    const f = fakeBackend();
    const rt = createPoolRuntime(f.backend, {}, 'test');
    const parts = [[1, 2], [3, 5], [4, 7]];
    const ran = (): number => f.pools.reduce((a, x) => a + x.ran, 0);
    const events: string[] = [];
    const base: PoolChunkJob = {
      chunks: parts.length,
      pack: (c) => {
        events.push(`pack ${c}, ${ran()} submitted`);
        return job(parts[c]!, []).pack(parts[c]!.map((_, i) => i));
      },
      workers: 2,
      signal: undefined,
      script: () => 'fake.js',
      method: 'odd',
      resultBytes: 2,
      task: (buf, crash) => ({ buf, crash }),
      inThread: () => new Uint8Array(2),
    };
    const p = rt.runChunks(base);
    // Synchronously: chunk c was submitted before chunk c + 1 was packed.
    expect(events).toEqual(['pack 0, 0 submitted', 'pack 1, 1 submitted', 'pack 2, 2 submitted']);
    expect(ran()).toBe(3);
    expect(await p).toEqual([Uint8Array.of(1, 0), Uint8Array.of(1, 1), Uint8Array.of(0, 1)]);
    // A pack that throws: the call rejects with its error; the chunk already submitted runs on, unobserved.
    const bad = new TypeError('bad pair in chunk 1');
    const q = rt.runChunks({
      ...base,
      pack: (c) => {
        if (c === 1) throw bad;
        return base.pack(c);
      },
    });
    expect(ran()).toBe(4);
    await expect(q).rejects.toBe(bad);
    await new Promise((r) => setTimeout(r, 0));
    expect(rt.info()).toMatchObject({ workerChunks: 4, fallbackChunks: 0 });
    await rt.shutdown();
  });

  it('runChunks with SharedArrayBuffer chunks: every attempt and the fallback get the same buffer, never moved or copied', async () => {
    const f = fakeBackend();
    const rt = createPoolRuntime(f.backend, {}, 'test');
    const shared = new SharedArrayBuffer(6);
    new DataView(shared).setUint32(0, 2, true);
    new Uint8Array(shared).set([3, 4], 4);
    const seen: ArrayBufferLike[] = [];
    const base: PoolChunkJob = {
      chunks: 1,
      pack: () => shared,
      workers: 2,
      signal: undefined,
      script: () => 'fake.js',
      method: 'odd',
      resultBytes: 2,
      task: (buf, crash) => (seen.push(buf), { buf, crash }),
      inThread: (buf) => (seen.push(buf), Uint8Array.from(new Uint8Array(buf, 4, 2), (x) => x & 1)),
    };
    f.failNext(1);
    expect(await rt.runChunks(base)).toEqual([Uint8Array.of(1, 0)]);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    f.failNext(2);
    expect(await rt.runChunks(base)).toEqual([Uint8Array.of(1, 0)]);
    expect(seen.length).toBe(5);
    for (const b of seen) expect(b).toBe(shared);
    expect(new Uint8Array(shared)).toEqual(Uint8Array.of(2, 0, 0, 0, 3, 4));
    await rt.shutdown();
  });

  it('parseWorkers and parseSignal: TypeError, RangeError, the cap', () => {
    expect(parseWorkers('w', undefined, () => 3)).toBe(3);
    expect(parseWorkers('w', 1000, () => 3)).toBe(64);
    expect(() => parseWorkers('w', '2', () => 3)).toThrow(TypeError);
    expect(() => parseWorkers('w', 0, () => 3)).toThrow(RangeError);
    expect(() => parseWorkers('w', 1.5, () => 3)).toThrow(/^w workers: expected a positive integer, got 1\.5$/);
    const s = new AbortController().signal;
    expect(parseSignal('w', s)).toBe(s);
    expect(parseSignal('w', undefined)).toBeUndefined();
    expect(() => parseSignal('w', {})).toThrow(TypeError);
  });
});
