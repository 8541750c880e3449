/**
 * `msmNonConstParallel` on real worker threads (the built
 * dist/msm-parallel/worker.js): it equals the one-thread `msmNonConst` of
 * each curve on random inputs, every bad argument rejects the promise with
 * its typed error, and abort and shutdown reject calls in flight. The worker
 * side (`msmChunk`) is also checked in-thread on both engines. Inputs are
 * small: workers start slowly, and the sums do not depend on n.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorCode, ModNScalar, StrataError } from '@strata/field';
import * as S from '../../src/secp256k1/index.js';
import * as E from '../../src/ed25519/index.js';
import { babyJubjub, jubjub, EdwardsCurve, PointExtended, msmNonConst as edwardsMsm } from '../../src/edwards/index.js';
import { currentEngine, useEngine, initWasmSync } from '../../src/engine/index.js';
import { createMsmPool, msmNonConstParallel } from '../../src/msm-parallel/index.node.js';
import * as sameThread from '../../src/msm-parallel/index.js';
import { msmChunk } from '../../src/msm-parallel/worker-core.js';
import { codecByKey, ed25519Codec, secp256k1Codec, edwardsCodecFor } from '../../src/msm-parallel/codecs.js';

/** A deterministic 64-bit LCG stream of bigints below 2^bits. */
function stream(seed: number): (bits: number) => bigint {
  let s = BigInt(seed) * 0x9e3779b97f4a7c15n + 1n;
  return (bits) => {
    let v = 0n;
    for (let i = 0; i < bits; i += 64) {
      s = (s * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
      v = (v << 64n) | s;
    }
    return v & ((1n << BigInt(bits)) - 1n);
  };
}

function le32(v: bigint): Uint8Array {
  const b = new Uint8Array(32);
  for (let i = 0; i < 32; i++, v >>= 8n) b[i] = Number(v & 0xffn);
  return b;
}

function k1Inputs(n: number, seed: number): { ps: S.JacobianPoint[]; ks: ModNScalar[] } {
  const r = stream(seed);
  const ps: S.JacobianPoint[] = [];
  const ks: ModNScalar[] = [];
  for (let i = 0; i < n; i++) {
    const p = S.scalarBaseMultNonConst(new ModNScalar().setInt(Number(r(40)) + 1));
    if (i % 3 === 0) p.toAffine();
    ps.push(i === 5 ? new S.JacobianPoint() : p);
    ks.push(new ModNScalar().setBytes(le32(r(255)).reverse()));
  }
  return { ps, ks };
}

function edInputs(n: number, seed: number): { ps: E.Point[]; ks: Uint8Array[] } {
  const r = stream(seed);
  const ps: E.Point[] = [];
  const ks: Uint8Array[] = [];
  for (let i = 0; i < n; i++) {
    ps.push(E.scalarMultNonConst(le32(r(250)), E.Point.generator()));
    ks.push(le32(i % 4 === 0 ? r(128) : r(256)));
  }
  return { ps, ks };
}

function edwardsInputs(c: EdwardsCurve, n: number, seed: number): { ps: PointExtended[]; ks: bigint[] } {
  const r = stream(seed);
  const ps: PointExtended[] = [];
  const ks: bigint[] = [];
  const G = new PointExtended(c).setGenerator();
  for (let i = 0; i < n; i++) {
    const k = r(64) + 1n;
    ps.push(edwardsMsm(c, [G], [k]));
    ks.push(r(250));
  }
  return { ps, ks };
}

const pool = createMsmPool();
afterAll(() => pool.shutdown());

describe('msmNonConstParallel outside Node (the default entry: chunks on the calling thread)', () => {
  it('equals msmNonConst on secp256k1, edwards25519 and BabyJubjub, and rejects bad input as the Node entry does', async () => {
    const k = k1Inputs(40, 11);
    const gotK = await sameThread.msmNonConstParallel('secp256k1', k.ps, k.ks, { workers: 3 });
    expect(gotK.equals(S.msmNonConst(k.ps, k.ks))).toBe(true);
    const e = edInputs(20, 12);
    expect((await sameThread.msmNonConstParallel('ed25519', e.ps, e.ks, { workers: 2 })).equals(E.msmNonConst(e.ps, e.ks))).toBe(true);
    const b = edwardsInputs(babyJubjub, 10, 13);
    expect((await sameThread.msmNonConstParallel(babyJubjub, b.ps, b.ks, { workers: 2 })).equals(edwardsMsm(babyJubjub, b.ps, b.ks))).toBe(true);
    await expect(sameThread.msmNonConstParallel('secp256k1', k.ps, k.ks.slice(1))).rejects.toMatchObject({ code: ErrorCode.BAD_LENGTH });
    await expect(sameThread.msmNonConstParallel('p256' as never, [], [])).rejects.toBeInstanceOf(TypeError);
    await expect(sameThread.msmNonConstParallel('secp256k1', k.ps, k.ks, { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: ErrorCode.ABORTED });
    const own = sameThread.createMsmPool();
    expect((await sameThread.msmNonConstParallel('secp256k1', k.ps, k.ks, { pool: own })).equals(gotK)).toBe(true);
    await own.shutdown();
  });
});

describe('msmNonConstParallel on worker threads', () => {
  it('equals msmNonConst on secp256k1, edwards25519 and BabyJubjub (2 workers, both algorithms)', async () => {
    for (const n of [3, 150]) {
      const k1 = k1Inputs(n, n);
      expect((await msmNonConstParallel('secp256k1', k1.ps, k1.ks, { workers: 2, pool })).equals(S.msmNonConst(k1.ps, k1.ks))).toBe(true);
      const ed = edInputs(n, n + 1);
      expect((await msmNonConstParallel('ed25519', ed.ps, ed.ks, { workers: 2, pool })).equals(E.msmNonConst(ed.ps, ed.ks))).toBe(true);
      const bj = edwardsInputs(babyJubjub, n, n + 2);
      const affine = bj.ps.map((p, i) => (i % 2 === 0 ? p : p.toAffine()));
      expect((await msmNonConstParallel(babyJubjub, affine, bj.ks, { workers: 2, pool })).equals(edwardsMsm(babyJubjub, bj.ps, bj.ks))).toBe(true);
    }
    const info = pool.info();
    expect(info.workerChunks).toBe(12);
    expect(info.fallbackChunks).toBe(0);
  });

  it('a wrong sum is detected: one changed scalar changes the result', async () => {
    const { ps, ks } = k1Inputs(40, 9);
    const want = S.msmNonConst(ps, ks);
    const ks2 = ks.slice();
    ks2[17] = new ModNScalar().setInt(1);
    expect((await msmNonConstParallel('secp256k1', ps, ks2, { workers: 2, pool })).equals(want)).toBe(false);
  });

  it('empty input resolves to the identity; more workers than pairs is fine', async () => {
    expect((await msmNonConstParallel('ed25519', [], [], { pool })).equals(new E.Point())).toBe(true);
    const { ps, ks } = edwardsInputs(jubjub, 1, 4);
    expect((await msmNonConstParallel(jubjub, ps, ks, { workers: 3, pool })).equals(edwardsMsm(jubjub, ps, ks))).toBe(true);
  });

  it('edwards25519: chunks of at most 16384 pairs (uneven: 16384 + 1), fewer pairs than workers, every pair checked before any chunk runs', async () => {
    // A walk of points (cheap to build) with the identity and a point of order 4 among them, 1-byte scalars (a cheap sum).
    const n = 16385;
    const Q = E.scalarMultNonConst(le32(stream(40)(250)), E.Point.generator());
    const ps: E.Point[] = [];
    for (let i = 0, P = Q; i < n; i++, P = new E.Point().add(P, Q)) ps.push(i === 7 ? new E.Point() : i === 16384 ? E.Point.fromBytes(new Uint8Array(32)) : P);
    const r = stream(41);
    const ks = ps.map(() => le32(r(8) + 1n));
    // Packed into a SharedArrayBuffer (Node has one): shared with the worker, not copied per attempt.
    expect(ed25519Codec.pack(ps, ks, 0, 2)).toBeInstanceOf(SharedArrayBuffer);
    const before = pool.info().workerChunks;
    expect((await msmNonConstParallel('ed25519', ps, ks, { workers: 1, pool })).equals(E.msmNonConst(ps, ks))).toBe(true);
    expect(pool.info().workerChunks - before).toBe(2);
    // The last pair alone (the point of order 4): 3 workers, 1 chunk.
    expect((await msmNonConstParallel('ed25519', ps.slice(-1), ks.slice(-1), { workers: 3, pool })).equals(E.msmNonConst(ps.slice(-1), ks.slice(-1)))).toBe(true);
    expect(pool.info().workerChunks - before).toBe(3);
    // A bad point in the last chunk, a bad scalar in the second: rejected before the first chunk is sent.
    const bad = [ps[0]!, ps[1]!, {} as E.Point];
    await expect(msmNonConstParallel('ed25519', bad, ks.slice(0, 3), { workers: 3, pool })).rejects.toBeInstanceOf(TypeError);
    await expect(msmNonConstParallel('ed25519', ps.slice(0, 3), [ks[0]!, new Uint8Array(33), ks[2]!], { workers: 3, pool })).rejects.toMatchObject({ code: ErrorCode.BAD_LENGTH });
    expect(pool.info().workerChunks - before).toBe(3);
  });

  it('rejects bad arguments with typed errors (never throws synchronously)', async () => {
    const { ps, ks } = k1Inputs(4, 1);
    const ed = edInputs(2, 2);
    const b = babyJubjub;
    const custom = EdwardsCurve.create({ name: 'msm-parallel test curve', field: b.F, a: b.a, d: b.d, order: b.order, cofactor: b.cofactor, generator: b.generator, encoding: b.encoding });
    const cases: [() => Promise<unknown>, (e: unknown) => boolean][] = [
      [() => msmNonConstParallel('secp256k1', ps, ks.slice(1), { pool }), (e) => e instanceof StrataError && e.code === ErrorCode.BAD_LENGTH],
      [() => msmNonConstParallel('secp256k1', ps, ks, { workers: 0, pool }), (e) => e instanceof RangeError],
      [() => msmNonConstParallel('secp256k1', ps, ks, { workers: 1.5, pool }), (e) => e instanceof RangeError],
      [() => msmNonConstParallel('secp256k1', ps, ks, { workers: '2' as unknown as number, pool }), (e) => e instanceof TypeError],
      [() => msmNonConstParallel('secp256k1', ed.ps as unknown as S.JacobianPoint[], ks.slice(0, 2), { pool }), (e) => e instanceof TypeError],
      [() => msmNonConstParallel('ed25519', ed.ps, [new Uint8Array(31), new Uint8Array(32)], { pool }), (e) => e instanceof StrataError && e.code === ErrorCode.BAD_LENGTH],
      [() => msmNonConstParallel(jubjub, [new PointExtended(babyJubjub)], [1n], { pool }), (e) => e instanceof TypeError],
      [() => msmNonConstParallel(custom, [new PointExtended(custom)], [1n], { pool }), (e) => e instanceof TypeError],
      [() => msmNonConstParallel('p256' as 'secp256k1', ps, ks, { pool }), (e) => e instanceof TypeError],
      [() => msmNonConstParallel('secp256k1', ps, ks, { pool: {} as never }), (e) => e instanceof TypeError],
      [() => msmNonConstParallel('secp256k1', ps, ks, { signal: 'x' as unknown as AbortSignal, pool }), (e) => e instanceof TypeError],
      [() => msmNonConstParallel('secp256k1', ps, ks, 3 as never), (e) => e instanceof TypeError],
    ];
    for (const [call, ok] of cases) {
      let p: Promise<unknown> | undefined;
      expect(() => (p = call())).not.toThrow();
      const err = await p!.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(ok(err), String(err)).toBe(true);
    }
  });

  it('abort before or during a call, and shutdown during one, reject with ERR_ABORTED', async () => {
    const { ps, ks } = edInputs(200, 7);
    const isAborted = (e: unknown) => e instanceof StrataError && e.code === ErrorCode.ABORTED;
    await expect(msmNonConstParallel('ed25519', ps, ks, { pool, signal: AbortSignal.abort() })).rejects.toSatisfy(isAborted);
    const ac = new AbortController();
    const p = msmNonConstParallel('ed25519', ps, ks, { workers: 2, pool, signal: ac.signal });
    ac.abort();
    await expect(p).rejects.toSatisfy(isAborted);
    const other = createMsmPool();
    const q = msmNonConstParallel('ed25519', ps, ks, { workers: 2, pool: other }).then(
      () => undefined,
      (e: unknown) => e,
    );
    await other.shutdown();
    expect(isAborted(await q)).toBe(true);
    // A pool works again after shutdown, and the aborted pool still gives right sums.
    expect((await msmNonConstParallel('ed25519', ps, ks, { workers: 2, pool: other })).equals(E.msmNonConst(ps, ks))).toBe(true);
    expect((await msmNonConstParallel('ed25519', ps, ks, { workers: 2, pool })).equals(E.msmNonConst(ps, ks))).toBe(true);
    await other.shutdown();
  });
});

describe('msmChunk (the worker side, in-thread)', () => {
  it('gives the same partial sums on both engines and restores nothing it should not', () => {
    const before = currentEngine();
    try {
      const k1 = k1Inputs(70, 3);
      const ed = edInputs(70, 4);
      const bj = edwardsInputs(babyJubjub, 70, 5);
      const bjCodec = edwardsCodecFor(babyJubjub);
      const jobs = [
        { codec: secp256k1Codec, buf: () => secp256k1Codec.pack(k1.ps, k1.ks, 0, 70), want: S.msmNonConst(k1.ps, k1.ks) as { equals(x: never): boolean } },
        { codec: ed25519Codec, buf: () => ed25519Codec.pack(ed.ps, ed.ks, 0, 70), want: E.msmNonConst(ed.ps, ed.ks) as { equals(x: never): boolean } },
        { codec: bjCodec, buf: () => bjCodec.pack(bj.ps, bj.ks, 0, 70), want: edwardsMsm(babyJubjub, bj.ps, bj.ks) as { equals(x: never): boolean } },
      ];
      for (const engine of ['ts', 'wasm'] as const) {
        for (const j of jobs) {
          const res = msmChunk({ buf: j.buf(), curve: j.codec.key, engine });
          expect(res.length).toBe(j.codec.resultBytes);
          expect(j.want.equals(codecByKey(j.codec.key).sum([res]) as never)).toBe(true);
        }
        expect(currentEngine()).toBe(engine === 'wasm' ? currentEngineAfterWasm() : 'ts');
      }
    } finally {
      if (before === 'wasm') initWasmSync();
      else useEngine('ts');
    }
  });
});

/** The engine `selectWorkerEngine('wasm')` leaves (wasm where the module loads). */
function currentEngineAfterWasm(): 'ts' | 'wasm' {
  return typeof WebAssembly === 'object' ? 'wasm' : 'ts';
}


describe('MsmOptions and the worker-kept points', () => {
  it('forwards algorithm and window to each chunk (same sums; bad options rejected before any work)', async () => {
    const k1 = k1Inputs(90, 21);
    const ed = edInputs(90, 22);
    const bj = edwardsInputs(babyJubjub, 90, 23);
    const bjAffine = bj.ps.map((p, i) => (i % 3 === 0 ? p.toAffine() : p));
    for (const options of [{ algorithm: 'straus' as const }, { algorithm: 'pippenger' as const, window: 3 }, { window: 16 }]) {
      const o = { ...options, workers: 2, pool };
      expect((await msmNonConstParallel('secp256k1', k1.ps, k1.ks, o)).equals(S.msmNonConst(k1.ps, k1.ks))).toBe(true);
      expect((await msmNonConstParallel('ed25519', ed.ps, ed.ks, o)).equals(E.msmNonConst(ed.ps, ed.ks))).toBe(true);
      expect((await msmNonConstParallel(babyJubjub, bjAffine, bj.ks, o)).equals(edwardsMsm(babyJubjub, bj.ps, bj.ks))).toBe(true);
    }
    const before = pool.info().workerChunks;
    await expect(msmNonConstParallel('ed25519', ed.ps, ed.ks, { window: 17, pool })).rejects.toBeInstanceOf(RangeError);
    await expect(msmNonConstParallel('ed25519', ed.ps, ed.ks, { window: 2.5, pool })).rejects.toBeInstanceOf(RangeError);
    await expect(msmNonConstParallel('secp256k1', k1.ps, k1.ks, { window: '4' as never, pool })).rejects.toBeInstanceOf(TypeError);
    await expect(msmNonConstParallel(babyJubjub, bj.ps, bj.ks, { algorithm: 'bos' as never, pool })).rejects.toBeInstanceOf(TypeError);
    expect(pool.info().workerChunks).toBe(before);
  });

  it('msmChunk hands the options to msmNonConst (a window it refuses throws there)', () => {
    const k1 = k1Inputs(8, 24);
    const ed = edInputs(8, 25);
    const bj = edwardsInputs(jubjub, 8, 26);
    const jjCodec = edwardsCodecFor(jubjub);
    const tasks = [
      { buf: secp256k1Codec.pack(k1.ps, k1.ks, 0, 8), curve: secp256k1Codec.key },
      { buf: ed25519Codec.pack(ed.ps, ed.ks, 0, 8), curve: ed25519Codec.key },
      { buf: jjCodec.pack(bj.ps, bj.ks, 0, 8), curve: jjCodec.key },
    ];
    const before = currentEngine();
    try {
      for (const t of tasks) {
        expect(() => msmChunk({ ...t, engine: 'ts', options: { window: 17 } })).toThrow(RangeError);
        expect(() => msmChunk({ ...t, engine: 'ts', options: { window: 4 } })).not.toThrow();
      }
    } finally {
      if (before === 'wasm') initWasmSync();
      else useEngine('ts');
    }
  });

  it('a worker reuses its points across chunks of other sizes and kinds, on both engines', () => {
    const before = currentEngine();
    try {
      for (const engine of ['ts', 'wasm'] as const) {
        for (const [n, seed] of [[70, 31], [12, 32]] as const) {
          const k1 = k1Inputs(n, seed);
          const ed = edInputs(n, seed + 1);
          const bj = edwardsInputs(babyJubjub, n, seed + 2);
          // The share of affine points changes from chunk to chunk.
          const mixed = bj.ps.map((p, i) => (i % (seed % 4 + 2) === 0 ? p.toAffine() : p));
          const bjCodec = edwardsCodecFor(babyJubjub);
          const runs: [{ resultBytes: number; key: string }, ArrayBufferLike, { equals(x: never): boolean }][] = [
            [secp256k1Codec, secp256k1Codec.pack(k1.ps, k1.ks, 0, n), S.msmNonConst(k1.ps, k1.ks)],
            [ed25519Codec, ed25519Codec.pack(ed.ps, ed.ks, 0, n), E.msmNonConst(ed.ps, ed.ks)],
            [bjCodec, bjCodec.pack(mixed, bj.ks, 0, n), edwardsMsm(babyJubjub, bj.ps, bj.ks)],
          ];
          for (const [codec, buf, want] of runs) {
            const res = msmChunk({ buf, curve: codec.key, engine }, true);
            expect(res.length).toBe(codec.resultBytes);
            expect(want.equals(codecByKey(codec.key).sum([res]) as never)).toBe(true);
          }
        }
      }
    } finally {
      if (before === 'wasm') initWasmSync();
      else useEngine('ts');
    }
  });
});
