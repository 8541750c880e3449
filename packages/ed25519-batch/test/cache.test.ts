/**
 * PublicKeyCache (LRU order, counters, invalid keys, both modes from one
 * cache), KeyInfo decoding facts, and the worker wire format.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { hex, thrownCode } from '@strata/testkit';
import * as ed25519 from '@strata/curves/ed25519';
import { BatchVerifier, KEY_TABLE_PIECES, KEY_TABLE_WIDTH, PublicKeyCache, getPublicKey, sign, verify } from '../src/index.js';
import { KEY_BASE_BYTES, KeyInfo, KeyMemo, lookupKey } from '../src/cache.js';
import { packEntries, unpackEntries } from '../src/pack.js';
import { prng } from './helpers.js';

const rnd = prng(4242);
const seeds = Array.from({ length: 5 }, () => rnd(32));
const pks = seeds.map((s) => getPublicKey(s));
const msg = Uint8Array.of(1, 2, 3);
const sigs = seeds.map((s) => sign(msg, s));

describe('PublicKeyCache', () => {
  it('counts hits and misses; repeat signers skip decoding', () => {
    const cache = new PublicKeyCache({ capacity: 10 });
    expect(verify(sigs[0]!, msg, pks[0]!, { cache })).toBe(true);
    // One key with its table: the fixed estimate plus the table's limbs, the WebAssembly copy (a third) and headers.
    expect(cache.stats()).toEqual({ hits: 0, misses: 1, evictions: 0, size: 1, bytes: KEY_BASE_BYTES + 23_040 + 7680 + 2048 });
    expect(verify(sigs[0]!, msg, pks[0]!, { cache })).toBe(true);
    expect(verify(sigs[0]!, Uint8Array.of(9), pks[0]!, { cache })).toBe(false);
    expect(cache.hits).toBe(2);
    expect(cache.misses).toBe(1);
    expect(cache.has(pks[0]!)).toBe(true);
    expect(cache.has(pks[1]!)).toBe(false);
    cache.resetStats();
    expect(cache.stats()).toEqual({ hits: 0, misses: 0, evictions: 0, size: 1, bytes: KEY_BASE_BYTES + 23_040 + 7680 + 2048 });
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('evicts the least recently used key at capacity', () => {
    const cache = new PublicKeyCache({ capacity: 3 });
    for (let i = 0; i < 3; i++) verify(sigs[i]!, msg, pks[i]!, { cache });
    verify(sigs[0]!, msg, pks[0]!, { cache }); // 0 is now most recent; 1 is the LRU
    verify(sigs[3]!, msg, pks[3]!, { cache });
    expect(cache.size).toBe(3);
    expect(cache.evictions).toBe(1);
    expect(cache.has(pks[1]!)).toBe(false);
    expect(cache.has(pks[0]!)).toBe(true);
    expect(cache.has(pks[2]!)).toBe(true);
    expect(cache.has(pks[3]!)).toBe(true);
    expect(cache.has(pks[0]!.subarray(0, 31))).toBe(false);
  });

  it('evicts by bytes too: maxBytes bounds the estimate whatever the capacity', () => {
    const perKey = KEY_BASE_BYTES + 23_040 + 7680 + 2048;
    const cache = new PublicKeyCache({ capacity: 1000, maxBytes: 3 * perKey });
    for (const p of pks) lookupKey(cache, p);
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBe(3 * perKey);
    expect(cache.evictions).toBe(2);
    expect(cache.has(pks[4]!)).toBe(true);
    expect(cache.has(pks[1]!)).toBe(false);
    // Without tables the same bound holds many more keys.
    const lean = new PublicKeyCache({ capacity: 1000, maxBytes: 3 * perKey, precompute: false });
    for (const p of pks) lookupKey(lean, p);
    expect(lean.size).toBe(5);
    expect(lean.bytes).toBe(5 * KEY_BASE_BYTES);
    lean.clear();
    expect(lean.bytes).toBe(0);
  });

  it('memory stays within maxBytes under many distinct adversarial keys (child process, --expose-gc)', () => {
    // 3 000 distinct keys (random bytes, about half decode and get a
    // 23 KB table) would hold ≈ 40 MB without a byte bound; each cache
    // below must stay within its maxBytes of real heap + ArrayBuffer growth.
    const dist = new URL('../dist/index.js', import.meta.url).href;
    const script = `
      import { PublicKeyCache, verify } from ${JSON.stringify(dist)};
      import { randomFillSync } from 'node:crypto';
      // ArrayBuffer backing stores are freed after the collection that finds
      // them dead: collect a few times, with a turn of the event loop between.
      const used = async () => {
        for (let i = 0; i < 3; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 20)); }
        const m = process.memoryUsage();
        return m.heapUsed + m.arrayBuffers;
      };
      // Warm up first (code, B's base table, module scratch), so only the cache's growth is measured.
      { const warm = new PublicKeyCache({ capacity: 8 }); const pk = new Uint8Array(32);
        for (let i = 0; i < 200; i++) { randomFillSync(pk); verify(new Uint8Array(64), pk, pk, { cache: warm }); } }
      const out = [];
      for (const [maxBytes, capacity] of [[4 << 20, 1_000_000], [8 << 20, undefined]]) {
        const before = await used();
        const cache = new PublicKeyCache(capacity === undefined ? { maxBytes } : { maxBytes, capacity });
        const pk = new Uint8Array(32), sig = new Uint8Array(64), msg = new Uint8Array(8);
        for (let i = 0; i < 3000; i++) { randomFillSync(pk); verify(sig, msg, pk, { cache }); }
        const grown = (await used()) - before;
        out.push({ maxBytes, grown, estimate: cache.bytes, size: cache.size, evictions: cache.evictions });
        globalThis.keep = cache;
      }
      console.log(JSON.stringify(out));
    `;
    const res = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(res.status, res.stderr).toBe(0);
    const rows = JSON.parse(res.stdout.trim()) as Array<{ maxBytes: number; grown: number; estimate: number; size: number; evictions: number }>;
    for (const r of rows) {
      expect(r.estimate, JSON.stringify(r)).toBeLessThanOrEqual(r.maxBytes);
      expect(r.evictions, JSON.stringify(r)).toBeGreaterThan(0);
      // The estimate is a bound on what is really kept (plus 512 KiB of slack for the engine).
      expect(r.grown, JSON.stringify(r)).toBeLessThanOrEqual(r.maxBytes + (512 << 10));
    }
  });

  it('caches invalid keys as invalid', () => {
    const cache = new PublicKeyCache({ capacity: 4 });
    const bad = new Uint8Array(32);
    bad[0] = 2; // y = 2: not on the curve
    expect(verify(sigs[0]!, msg, bad, { cache })).toBe(false);
    expect(verify(sigs[0]!, msg, bad, { cache })).toBe(false);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, size: 1 });
  });

  it('one cache serves both modes: a non-canonical small-order key is zip215-ok, strict-rejected', () => {
    const cache = new PublicKeyCache({ capacity: 4 });
    // A = identity encoded as y = 1 with the sign bit set (x = −0); R = identity; S = 0.
    const A = hex('0100000000000000000000000000000000000000000000000000000000000080');
    const sig = new Uint8Array(64);
    sig[0] = 1;
    for (const order of [['zip215', 'strict'], ['strict', 'zip215']] as const) {
      cache.clear();
      for (const mode of order) {
        expect(verify(sig, msg, A, { mode, cache })).toBe(mode === 'zip215');
        expect(verify(sig, msg, A, { mode })).toBe(mode === 'zip215');
      }
    }
  });

  it('precompute on and off give the same answers', () => {
    const on = new PublicKeyCache({ capacity: 8, precompute: true });
    const off = new PublicKeyCache({ capacity: 8, precompute: false });
    expect(on.precompute).toBe(true);
    expect(off.precompute).toBe(false);
    for (let i = 0; i < 5; i++) {
      for (const m of [msg, Uint8Array.of(7)]) {
        const want = verify(sigs[i]!, m, pks[i]!);
        expect(verify(sigs[i]!, m, pks[i]!, { cache: on })).toBe(want);
        expect(verify(sigs[i]!, m, pks[i]!, { cache: off })).toBe(want);
      }
    }
  });

  it('BatchVerifier uses the cache (hits on the second batch)', () => {
    const cache = new PublicKeyCache();
    const run = (): boolean[] => {
      const bv = new BatchVerifier({ cache });
      for (let i = 0; i < 5; i++) bv.add(sigs[i]!, msg, pks[i]!);
      bv.add(sigs[0]!, Uint8Array.of(0), pks[0]!);
      return bv.verifyEach();
    };
    const want = [true, true, true, true, true, false];
    expect(run()).toEqual(want);
    expect(cache.misses).toBe(5);
    expect(run()).toEqual(want);
    expect(cache.misses).toBe(5);
    expect(cache.hits).toBeGreaterThanOrEqual(6);
  });
});

describe('KeyInfo.decode', () => {
  it('records canonicity and small order', () => {
    const good = KeyInfo.decode(pks[0]!, true);
    expect(good).toMatchObject({ ok: true, canonical: true, smallOrder: false });
    expect(good.table).not.toBeNull();
    expect(KeyInfo.decode(pks[0]!, false).table).toBeNull();
    // y = p + 1 ≡ 1 (non-canonical encoding of the identity).
    const yPlusP = KeyInfo.decode(hex('eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f'), false);
    expect(yPlusP).toMatchObject({ ok: true, canonical: false, smallOrder: true });
    // The order-2 point (0, −1), canonical.
    expect(KeyInfo.decode(hex('ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f'), false)).toMatchObject({
      ok: true,
      canonical: true,
      smallOrder: true,
    });
    // y = 2 is not on the curve.
    const two = new Uint8Array(32);
    two[0] = 2;
    expect(KeyInfo.decode(two, false).ok).toBe(false);
    expect(KeyInfo.decode(new Uint8Array(31), false).ok).toBe(false);
  });
});

describe('KeyInfo per-key table', () => {
  it('is the pieced table of −A (KEY_TABLE_WIDTH × KEY_TABLE_PIECES) and gives the same R\' as the plain point', () => {
    expect([KEY_TABLE_WIDTH, KEY_TABLE_PIECES]).toEqual([5, 8]);
    // A prime-order key and a key with a torsion component (A + the order-2 point (0, −1)).
    const torsioned = new ed25519.Point().add(ed25519.Point.fromBytes(pks[1]!), ed25519.Point.fromBytes(hex('ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f'))).toBytes();
    for (const pk of [pks[0]!, torsioned]) {
      const info = KeyInfo.decode(pk, true);
      const t = info.table!;
      expect(t).toBeInstanceOf(ed25519.PublicPointTable);
      expect([t.width, t.pieces, t.byteLength]).toEqual([KEY_TABLE_WIDTH, KEY_TABLE_PIECES, 360 * KEY_TABLE_PIECES * (1 << (KEY_TABLE_WIDTH - 2))]);
      expect(t.point.equals(new ed25519.Point().negate(ed25519.Point.fromBytes(pk)))).toBe(true);
      for (let i = 0; i < 6; i++) {
        const k = i === 0 ? new Uint8Array(32).fill(0xff) : rnd(32);
        const S = new ed25519.Scalar25519().setWideBytes(rnd(64));
        const want = ed25519.doubleScalarMultBaseNonConst(k, info.neg, S).toBytes();
        expect(ed25519.doubleScalarMultBaseNonConst(k, t, S).toBytes()).toEqual(want);
      }
    }
  });
});

describe('KeyMemo (recycled per batch window)', () => {
  it('dedupes within a window; after clear() recycled objects carry the new key\'s facts only', () => {
    const memo = new KeyMemo();
    const identity = hex('0100000000000000000000000000000000000000000000000000000000000000');
    const notOnCurve = new Uint8Array(32);
    notOnCurve[0] = 2;
    const a = memo.lookup(identity);
    expect(memo.lookup(identity.slice())).toBe(a);
    expect(a.ok && a.canonical && a.smallOrder).toBe(true);
    const b = memo.lookup(notOnCurve);
    expect(b.ok).toBe(false);
    memo.clear();
    // Same objects, now holding other keys: every fact recomputed (smallOrder memo included).
    const c = memo.lookup(pks[0]!);
    const d = memo.lookup(pks[1]!);
    expect(c).toBe(a);
    expect(d).toBe(b);
    for (const [info, pk] of [[c, pks[0]!], [d, pks[1]!]] as const) {
      const fresh = KeyInfo.decode(pk, false);
      expect(info.ok && info.canonical).toBe(true);
      expect(info.smallOrder).toBe(false);
      expect(info.table).toBe(null);
      expect(info.neg.equals(fresh.neg)).toBe(true);
    }
  });

  it('BatchVerifier without a cache: interleaved verifiers and windows agree with single verify', () => {
    // A small-order key (identity, canonical) with R = identity, S = 0: zip215-valid, strict-invalid.
    const idKey = hex('0100000000000000000000000000000000000000000000000000000000000000');
    const idSig = new Uint8Array(64);
    idSig[0] = 1;
    const notOnCurve = new Uint8Array(32);
    notOnCurve[0] = 2;
    const entries: [Uint8Array, Uint8Array, Uint8Array][] = [
      [idKey, msg, idSig],
      [pks[0]!, msg, sigs[0]!],
      [pks[1]!, msg, sigs[1]!],
      [notOnCurve, msg, sigs[2]!],
      [pks[2]!, msg, sigs[2]!],
      [pks[3]!, Uint8Array.of(5), sigs[3]!],
      [pks[4]!, msg, sigs[4]!],
      [pks[0]!, msg, sigs[0]!],
    ];
    for (const mode of ['zip215', 'strict'] as const) {
      const want = entries.map(([pk, m, sg]) => verify(sg, m, pk, { mode }));
      expect(want).toEqual([mode === 'zip215', true, true, false, true, false, true, true]);
      const x = new BatchVerifier({ mode, entriesPerMsm: 2 });
      const y = new BatchVerifier({ mode, entriesPerMsm: 2 });
      for (const [pk, m, sg] of entries) x.add(sg, m, pk);
      for (const [pk, m, sg] of [...entries].reverse()) y.add(sg, m, pk);
      expect(x.verifyEach()).toEqual(want);
      expect(y.verifyEach()).toEqual([...want].reverse());
      expect(x.verifyEach()).toEqual(want);
      expect(x.verify()).toBe(false);
      const z = new BatchVerifier({ mode, entriesPerMsm: 2 });
      for (const i of [1, 2, 4, 6, 7]) {
        const [pk, m, sg] = entries[i]!;
        z.add(sg, m, pk);
      }
      expect(z.verify()).toBe(true);
    }
  });
});

describe('worker wire format', () => {
  it('packs and unpacks entries (including empty and long messages, every variant and context)', () => {
    const entries = [
      { publicKey: pks[0]!, message: new Uint8Array(0), signature: sigs[0]! },
      { publicKey: pks[1]!, message: rnd(1000), signature: sigs[1]!, variant: 'ed25519ctx' as const, context: rnd(255) },
      { publicKey: pks[2]!, message: msg, signature: sigs[2]!, variant: 'ed25519ph' as const },
      { publicKey: pks[3]!, message: rnd(3), signature: sigs[3]!, variant: 'ed25519ph' as const, context: rnd(1) },
    ];
    const codes = Uint8Array.of(0, 1, 2, 2);
    const order = [2, 0, 3, 1];
    const buf = packEntries(entries, order, codes);
    const v = unpackEntries(buf);
    expect(v.n).toBe(4);
    for (let j = 0; j < 4; j++) {
      const e = entries[order[j]!]!;
      expect(v.publicKey(j)).toEqual(e.publicKey);
      expect(v.signature(j)).toEqual(e.signature);
      expect(v.message(j)).toEqual(e.message);
      expect(v.variant(j)).toBe(codes[order[j]!]);
      const ctx = 'context' in e ? e.context : undefined;
      if (codes[order[j]!] === 0) expect(v.context(j)).toBeUndefined();
      else expect(v.context(j)).toEqual(ctx ?? new Uint8Array(0));
    }
    expect(unpackEntries(packEntries([], [], new Uint8Array(0))).n).toBe(0);
  });

  it('rejects truncated buffers with StrataError ERR_TRUNCATED, inconsistent ones with ERR_MALFORMED', () => {
    const buf = packEntries([{ publicKey: pks[0]!, message: msg, signature: sigs[0]! }], [0], new Uint8Array(1));
    expect(thrownCode(() => unpackEntries(buf.slice(0, buf.byteLength - 1)))).toBe('ERR_TRUNCATED');
    // An unknown variant code, and a context length its variant forbids.
    for (const [v, cl] of [[3, 0], [0, 1], [1, 0]] as const) {
      const bad = buf.slice(0);
      new Uint8Array(bad)[8] = v;
      new Uint8Array(bad)[9] = cl;
      expect(thrownCode(() => unpackEntries(bad)), `${v}/${cl}`).toBe('ERR_MALFORMED');
    }
    // A byte after the last message.
    const long = new Uint8Array(buf.byteLength + 1);
    long.set(new Uint8Array(buf));
    expect(thrownCode(() => unpackEntries(long.buffer))).toBe('ERR_MALFORMED');
    expect(thrownCode(() => unpackEntries(new ArrayBuffer(2)))).toBe('ERR_TRUNCATED');
    const huge = new ArrayBuffer(8);
    new DataView(huge).setUint32(0, 1000, true);
    expect(thrownCode(() => unpackEntries(huge))).toBe('ERR_TRUNCATED');
  });
});
