/**
 * Bad input of every class: wrong lengths, non-bytes, bad options, empty
 * batches, enormous messages. Verifiers answer false (never throw) for bad
 * bytes; wrong argument types throw TypeError at once.
 */
import { describe, expect, it } from 'vitest';
import { StrataError } from '@strata/field';
import { BatchVerifier, PublicKeyCache, getPublicKey, sign, verify, verifyBatchParallel, shutdown } from '../src/index.node.js';
import { prng } from './helpers.js';

const rnd = prng(77);
const seed = rnd(32);
const pk = getPublicKey(seed);
const msg = rnd(40);
const sig = sign(msg, seed);

describe('verify: bad bytes give false', () => {
  it('wrong signature and key lengths', () => {
    expect(verify(sig, msg, pk)).toBe(true);
    for (const n of [0, 1, 32, 63, 65, 128]) {
      const s = new Uint8Array(n);
      s.set(sig.subarray(0, Math.min(n, 64)));
      expect(verify(s, msg, pk), `sig ${n}`).toBe(false);
      expect(verify(s, msg, pk, { mode: 'strict' }), `sig ${n}`).toBe(false);
    }
    for (const n of [0, 31, 33, 63, 65, 96]) {
      const p = new Uint8Array(n);
      p.set(pk.subarray(0, Math.min(n, 32)));
      expect(verify(sig, msg, p), `pk ${n}`).toBe(false);
    }
  });

  it('S ≥ ℓ, undecodable A or R, all-zero inputs (small order)', () => {
    const s = sig.slice();
    s.fill(0xff, 32);
    expect(verify(s, msg, pk)).toBe(false);
    // y = 2 has no x on edwards25519 (2² − 1 over d·2² + 1 is not a square).
    const noPoint = new Uint8Array(32);
    noPoint[0] = 2;
    expect(verify(sig, msg, noPoint)).toBe(false);
    const r = sig.slice();
    r.set(noPoint, 0);
    expect(verify(r, msg, pk)).toBe(false);
    // All zeros: A = R = (√−1, 0), a point of order 4, and S = 0. ZIP-215 accepts
    // ([8]R = [8][k]A = O, as CCTV vector #0); strict rejects the small-order A and R.
    expect(verify(new Uint8Array(64), msg, new Uint8Array(32))).toBe(true);
    expect(verify(new Uint8Array(64), msg, new Uint8Array(32), { mode: 'strict' })).toBe(false);
  });

  it('subarrays and Buffers are accepted as bytes', () => {
    const padded = new Uint8Array(100);
    padded.set(sig, 10);
    expect(verify(padded.subarray(10, 74), Buffer.from(msg), Buffer.from(pk))).toBe(true);
  });
});

describe('wrong argument types throw TypeError', () => {
  it('verify', () => {
    expect(() => verify('ab' as never, msg, pk)).toThrow(TypeError);
    expect(() => verify(sig, [1, 2] as never, pk)).toThrow(TypeError);
    expect(() => verify(sig, msg, null as never)).toThrow(TypeError);
    expect(() => verify(sig, msg, pk, { mode: 'loose' as never })).toThrow(TypeError);
    expect(() => verify(sig, msg, pk, { cache: {} as never })).toThrow(TypeError);
    expect(() => verify(sig, msg, pk, null as never)).toThrow(TypeError);
    expect(() => verify(Array.from(sig) as never, msg, pk)).toThrow(/verify signature: expected Uint8Array, got Array\(64\)/);
  });

  it('sign and getPublicKey: TypeError for non-bytes, ERR_BAD_LENGTH for a key that is neither 32 nor 64 bytes', () => {
    expect(() => sign('hi' as never, seed)).toThrow(TypeError);
    expect(() => sign(msg, 'seed' as never)).toThrow(TypeError);
    expect(() => getPublicKey(undefined as never)).toThrow(TypeError);
    for (const n of [0, 31, 33, 63, 65, 96]) {
      const e = (() => {
        try {
          getPublicKey(new Uint8Array(n));
        } catch (x) {
          return x;
        }
        return undefined;
      })();
      expect(e).toBeInstanceOf(StrataError);
      expect((e as StrataError).code).toBe('ERR_BAD_LENGTH');
      // The message names both accepted forms, so a libsodium user knows what to pass.
      expect(() => sign(msg, new Uint8Array(n))).toThrow(/expected the 32-byte seed, or the 64-byte seed ‖ public key of libsodium \/ tweetnacl, got \d+ bytes/);
    }
  });

  it('BatchVerifier and PublicKeyCache options', () => {
    expect(() => new BatchVerifier({ mode: 'x' as never })).toThrow(TypeError);
    expect(() => new BatchVerifier({ cache: new Map() as never })).toThrow(TypeError);
    expect(() => new BatchVerifier().add('sig' as never, msg, pk)).toThrow(TypeError);
    expect(() => new BatchVerifier().add(sig, msg, {} as never)).toThrow(TypeError);
    expect(() => new PublicKeyCache({ capacity: 0 })).toThrow(RangeError);
    expect(() => new PublicKeyCache({ capacity: 2.5 })).toThrow(RangeError);
    expect(() => new PublicKeyCache(null as never)).toThrow(TypeError);
  });
});

describe('every option of the wrong type throws TypeError at once (issue 10, finding 7)', () => {
  // Values of the wrong TYPE for each option: none may be read as "truthy"
  // or fall back to a default.
  const wrong: Record<string, unknown[]> = {
    mode: ['ZIP215', 'Strict', 1, true, null, {}],
    cache: ['yes', 1, true, null, {}, new Map()],
    capacity: ['5', true, null, 5n, {}],
    maxBytes: ['1048576', false, null, 1n],
    precompute: ['no', 'false', 0, 1, null, {}],
    entriesPerMsm: ['7', null, true, 7n, {}],
    workers: ['2', null, true, 2n, {}],
    signal: [{}, 'abort', true, null, new AbortController()],
    parallelCache: ['big', null, {}, 4n],
  };

  it('verify options', () => {
    for (const mode of wrong['mode']!) expect(() => verify(sig, msg, pk, { mode } as never), String(mode)).toThrow(TypeError);
    for (const cache of wrong['cache']!) expect(() => verify(sig, msg, pk, { cache } as never), String(cache)).toThrow(TypeError);
    for (const o of ['strict', 1, true, [], [{ mode: 'strict' }]]) expect(() => verify(sig, msg, pk, o as never), String(o)).toThrow(TypeError);
    expect(() => sign(msg, seed, [] as never)).toThrow(TypeError);
    expect(() => new BatchVerifier([] as never)).toThrow(TypeError);
    expect(() => new PublicKeyCache([] as never)).toThrow(TypeError);
    expect(() => new BatchVerifier().add(sig, msg, pk, [] as never)).toThrow(TypeError);
    expect(() => verifyBatchParallel([], [] as never)).toThrow(TypeError);
  });

  it('BatchVerifier options', () => {
    for (const mode of wrong['mode']!) expect(() => new BatchVerifier({ mode } as never), String(mode)).toThrow(TypeError);
    for (const cache of wrong['cache']!) expect(() => new BatchVerifier({ cache } as never), String(cache)).toThrow(TypeError);
    expect(() => new BatchVerifier('strict' as never)).toThrow(TypeError);
    for (const entriesPerMsm of wrong['entriesPerMsm']!) expect(() => new BatchVerifier({ entriesPerMsm } as never), String(entriesPerMsm)).toThrow(TypeError);
  });

  it('BatchVerifier entriesPerMsm out of range: RangeError', () => {
    for (const entriesPerMsm of [0, -1, 1.5, 8193, Infinity, NaN]) {
      expect(() => new BatchVerifier({ entriesPerMsm }), String(entriesPerMsm)).toThrow(RangeError);
    }
    expect(new BatchVerifier({ entriesPerMsm: 1 }).entriesPerMsm).toBe(1);
    expect(new BatchVerifier({ entriesPerMsm: 8192 }).entriesPerMsm).toBe(8192);
    expect(new BatchVerifier({ entriesPerMsm: undefined }).entriesPerMsm).toBe(8192);
  });

  it('PublicKeyCache options (and RangeError for a number out of range)', () => {
    for (const capacity of wrong['capacity']!) expect(() => new PublicKeyCache({ capacity } as never), String(capacity)).toThrow(TypeError);
    for (const maxBytes of wrong['maxBytes']!) expect(() => new PublicKeyCache({ maxBytes } as never), String(maxBytes)).toThrow(TypeError);
    for (const precompute of wrong['precompute']!) expect(() => new PublicKeyCache({ precompute } as never), String(precompute)).toThrow(TypeError);
    expect(() => new PublicKeyCache({ maxBytes: 100 })).toThrow(RangeError);
    expect(() => new PublicKeyCache({ maxBytes: 1.5e6 + 0.5 })).toThrow(RangeError);
    expect(() => new PublicKeyCache({ capacity: Infinity })).toThrow(RangeError);
    expect(new PublicKeyCache({ precompute: false }).precompute).toBe(false);
  });

  it('verifyBatchParallel options', () => {
    for (const mode of wrong['mode']!) expect(() => verifyBatchParallel([], { mode } as never), String(mode)).toThrow(TypeError);
    for (const workers of wrong['workers']!) expect(() => verifyBatchParallel([], { workers } as never), String(workers)).toThrow(TypeError);
    for (const signal of wrong['signal']!) expect(() => verifyBatchParallel([], { signal } as never), String(signal)).toThrow(TypeError);
    for (const cache of wrong['parallelCache']!) expect(() => verifyBatchParallel([], { cache } as never), String(cache)).toThrow(TypeError);
    expect(() => verifyBatchParallel([], 'fast' as never)).toThrow(TypeError);
  });
});

describe('batches', () => {
  it('empty batch: verify() is true and verifyEach() is []', () => {
    const bv = new BatchVerifier();
    expect(bv.size).toBe(0);
    expect(bv.verify()).toBe(true);
    expect(bv.verifyEach()).toEqual([]);
    expect(new BatchVerifier({ mode: 'strict' }).verify()).toBe(true);
  });

  it('malformed entries are false, the rest unaffected', () => {
    const bv = new BatchVerifier();
    bv.add(sig, msg, pk);
    bv.add(sig, msg, pk.subarray(0, 31));
    bv.add(sig.subarray(0, 63), msg, pk);
    const big = sig.slice();
    big.fill(0xff, 32);
    bv.add(big, msg, pk);
    bv.add(sig, msg, pk);
    expect(bv.verifyEach()).toEqual([true, false, false, false, true]);
    expect(bv.verify()).toBe(false);
    bv.clear();
    expect(bv.size).toBe(0);
    expect(bv.verify()).toBe(true);
  });

  it('add copies its inputs: mutating them afterwards changes nothing', () => {
    const m = msg.slice();
    const s = sig.slice();
    const p = pk.slice();
    const bv = new BatchVerifier().add(s, m, p);
    m[0] = m[0]! ^ 1;
    s[0] = s[0]! ^ 1;
    p[0] = p[0]! ^ 1;
    expect(bv.verifyEach()).toEqual([true]);
  });

  it('a single-entry batch and a batch of one repeated entry', () => {
    expect(new BatchVerifier().add(sig, msg, pk).verify()).toBe(true);
    const bv = new BatchVerifier();
    for (let i = 0; i < 20; i++) bv.add(sig, msg, pk);
    expect(bv.verify()).toBe(true);
  });
});

describe('enormous messages', () => {
  it('a 16 MiB message signs and verifies (single, batch, parallel); a 1-bit change is rejected', async () => {
    const big = new Uint8Array(16 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big[i] = i & 0xff;
    const s = sign(big, seed);
    expect(verify(s, big, pk)).toBe(true);
    const bad = big.slice();
    bad[big.length - 1] = 1;
    expect(verify(s, bad, pk)).toBe(false);
    const bv = new BatchVerifier().add(s, big, pk).add(s, bad, pk).add(sig, msg, pk);
    expect(bv.verifyEach()).toEqual([true, false, true]);
    const r = await verifyBatchParallel(
      [
        { publicKey: pk, message: big, signature: s },
        { publicKey: pk, message: bad, signature: s },
      ],
      { workers: 2 },
    );
    expect(r).toEqual({ valid: false, results: [true, false] });
    await shutdown();
  });
});
