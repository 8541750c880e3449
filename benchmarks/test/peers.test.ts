/**
 * The new peers agree with Strata on the suites' inputs (each case's agreement check passes),
 * a peer that disagrees is reported as an error row and not timed, the native secp256k1 row
 * refuses the package's JavaScript fallback, and the kinds are what the docs say. Quick: every
 * check runs once, nothing is timed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSuite } from '../src/runner.js';
import { SUITES } from '../src/suites/index.js';
import type { Adapter, Case, Suite, TimedCase } from '../src/types.js';
import { loadSecp256k1Native, loadSodiumNative } from '../src/adapters/native.js';
import { k1PubkeyCases } from '../src/adapters/peers-secp256k1-more.js';
import { signCase } from '../src/adapters/ed25519.js';
import { BANDERSNATCH_ORDER, loadVerkleContext } from '../src/adapters/peers-banderwagon.js';
import { bjInputs } from '../src/adapters/peers-babyjubjub.js';
import type { CurvesFixtures } from '../src/fixtures/curves.js';
import type { EdFixtures } from '../src/fixtures/ed25519.js';

const suite = (name: string): Suite => SUITES.find((s) => s.name === name)!;
const adapter = (s: Suite, backend: string): Adapter => {
  const a = s.adapters.filter((x) => x.backend === backend);
  expect(a.length, backend).toBeGreaterThan(0);
  return a[0]!;
};

/** Loads `backend` in `suiteName` for quick mode and runs every agreement check of the ops it offers. */
async function checkAll(suiteName: string, backend: string, ops: string[]): Promise<void> {
  const s = suite(suiteName);
  const list = s.ops('quick');
  const fixtures = s.fixtures?.('quick');
  const a = adapter(s, backend);
  const loaded = await a.load({ mode: 'quick', ops: list, fixtures });
  try {
    for (const id of ops) {
      const c = loaded.cases[id] as Case | undefined;
      expect(c, `${backend} offers ${id}`).toBeDefined();
      expect(typeof c === 'object' && c !== null && 'unavailable' in c, `${backend} ${id} available`).toBe(false);
      const tc = c as TimedCase;
      expect(typeof tc.check, `${backend} ${id} has an agreement check`).toBe('function');
      expect(await tc.check!(), `${backend} ${id}`).toBe(true);
      // The timed function runs too (one call, result discarded).
      const r = tc.run();
      if (tc.async) await r;
    }
  } finally {
    await loaded.dispose?.();
  }
}

const K1_PUB = ['k1/pubkey', 'k1/tweak-mul', 'k1/to-uncompressed', 'k1/to-compressed'];
const BJ = ['bj/add-aff', 'bj/smul', 'bj/pack', 'bj/unpack'];

describe('agreement with Strata before timing', () => {
  it.each([
    ['sodium-native', ['ed/sign', 'ed/verify']],
    ['@noble/ed25519', ['ed/sign', 'ed/verify']],
    ['@stablelib/ed25519', ['ed/sign', 'ed/verify']],
    ['noble-curves', ['ed/sign', 'ed/verify']],
    ['tweetnacl', ['ed/sign', 'ed/verify']],
    ['libsodium-wrappers', ['ed/sign', 'ed/verify']],
    ['node:crypto', ['ed/sign', 'ed/verify']],
  ])('ed25519 · %s', async (backend, ops) => checkAll('ed25519', backend, ops));

  it.each(['strata (ts)', 'strata (wasm)'])('ed25519 · %s sign matches OpenSSL', async (backend) => checkAll('ed25519', backend, ['ed/sign']));

  it('ed25519 · fixtures without seeds (another suite\'s) still give each entry its own signer', async () => {
    const { makeEntries, signerSeeds } = await import('../src/fixtures/ed25519.js');
    const { strataEd25519 } = await import('../src/adapters/strata-answers.js');
    const entries = makeEntries(3);
    const seeds = signerSeeds({ entries });
    expect(seeds.length).toBe(3);
    const s = await strataEd25519();
    for (let i = 0; i < 3; i++) expect(Buffer.from(s.sign(entries[i]!.message, seeds[i]!)).equals(Buffer.from(entries[i]!.signature))).toBe(true);
    const loaded = await adapter(suite('ed25519'), 'sodium-native').load({ mode: 'quick', ops: suite('ed25519').ops('quick'), fixtures: { entries } });
    expect(await (loaded.cases['ed/sign'] as TimedCase).check!()).toBe(true);
  });

  it.each([
    ['secp256k1', K1_PUB],
    ['@noble/secp256k1', K1_PUB],
    ['tiny-secp256k1', K1_PUB],
    ['elliptic', ['k1/to-uncompressed', 'k1/to-compressed']],
    ['circomlibjs', BJ],
    ['@zk-kit/baby-jubjub', BJ],
    ['verkle-cryptography-wasm', ['bs/bw-ser', 'bs/bw-base-mul']],
  ])('curves · %s', async (backend, ops) => checkAll('curves', backend, ops));

  it.each([
    ['@noble/secp256k1', ['k1sig/ecdsa/sign', 'k1sig/ecdsa/verify', 'k1sig/schnorr/sign', 'k1sig/schnorr/verify']],
    ['elliptic', ['k1sig/ecdsa/sign', 'k1sig/ecdsa/verify']],
  ])('secp256k1-signatures · %s', async (backend, ops) => checkAll('secp256k1-signatures', backend, ops));

  it('curves · noble-curves public-key ops', async () => {
    const s = suite('curves');
    const a = s.adapters.find((x) => x.backend === 'noble-curves' && x.covers?.({ id: 'k1/pubkey', group: '', label: '' }))!;
    const loaded = await a.load({ mode: 'quick', ops: s.ops('quick'), fixtures: s.fixtures?.('quick') });
    for (const id of K1_PUB) expect(await (loaded.cases[id] as TimedCase).check!(), id).toBe(true);
  });
});

describe('a peer that disagrees is reported, not timed', () => {
  const k1 = (suite('curves').fixtures!('quick') as CurvesFixtures).k1;
  const ed = suite('ed25519').fixtures!('quick') as EdFixtures;
  let timed = 0;
  const liar: Adapter = {
    backend: 'liar',
    kind: 'native',
    description: 'returns wrong bytes',
    async load() {
      const cases: Record<string, Case> = {
        ...k1PubkeyCases(k1, {
          // The uncompressed key's first 33 bytes are not the compressed key.
          toCompressed: (u) => {
            timed++;
            return u.slice(0, 33);
          },
          toUncompressed: (c) => {
            timed++;
            const u = new Uint8Array(65);
            u.set(c);
            return u;
          },
        }),
        'ed/sign': signCase(ed, (i) => {
          timed++;
          const s = new Uint8Array(ed.entries[i]!.signature);
          s[63] = s[63]! ^ 1;
          return s;
        }),
      };
      return { cases };
    },
  };
  const fake: Suite = {
    name: 'liars',
    title: 'Liars',
    ops: () => [
      { id: 'k1/to-compressed', group: 'g', label: 'to compressed' },
      { id: 'k1/to-uncompressed', group: 'g', label: 'to uncompressed' },
      { id: 'ed/sign', group: 'g', label: 'sign' },
    ],
    adapters: [liar],
    charts: [],
  };

  it('each wrong op becomes an error row naming the disagreement, with no figures', async () => {
    const r = await runSuite(fake, { mode: 'quick', budget: { warmupMs: 0, sampleMs: 0.2, budgetMs: 1, minSamples: 1, maxSamples: 2, capMs: 0, allocRounds: 1, allocMs: 1, rounds: 1 } });
    const byOp = Object.fromEntries(r.rows.map((x) => [x.opId, x]));
    expect(byOp['k1/to-compressed']!.status).toBe('error');
    expect(byOp['k1/to-compressed']!.reason).toMatch(/^disagrees with Strata on compressed form of key 0: expected 0[23][0-9a-f]{64}, got 04/);
    expect(byOp['k1/to-uncompressed']!.reason).toMatch(/^disagrees with Strata on uncompressed form of key 0/);
    expect(byOp['ed/sign']!.reason).toMatch(/^disagrees with Strata on sign\(seed 0, message 0\)/);
    for (const x of r.rows) {
      expect(x.status).toBe('error');
      expect(x.stats).toBeUndefined();
    }
    // Only the agreement checks called the peer (one call per op before the mismatch was found).
    expect(timed).toBe(3);
  });
});

describe('native peers are really native', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'strata-native-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('secp256k1: the prebuilt libsecp256k1 addon loads without any install script', () => {
    const lib = loadSecp256k1Native();
    const sk = new Uint8Array(32);
    sk[31] = 1;
    // 1·G compressed.
    expect(Buffer.from(lib.publicKeyCreate(sk, true)).toString('hex')).toBe('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798');
  });

  it('secp256k1: without a loadable addon the adapter throws (unavailable) instead of using elliptic', () => {
    writeFileSync(path.join(tmp, 'package.json'), JSON.stringify({ name: 'secp256k1', version: '0.0.0' }));
    expect(() => loadSecp256k1Native(tmp)).toThrow(/secp256k1 native addon did not load \(.+\); the package would fall back to elliptic/);
  });

  it('sodium-native loads its prebuilt addon', () => {
    expect(typeof loadSodiumNative().crypto_sign_detached).toBe('function');
  });

  it('the new backends declare the kinds the docs give them', () => {
    const kinds = new Map(SUITES.flatMap((s) => s.adapters.map((a) => [a.backend, a.kind] as const)));
    expect(kinds.get('sodium-native')).toBe('native');
    expect(kinds.get('secp256k1')).toBe('native');
    expect(kinds.get('node:crypto')).toBe('native');
    expect(kinds.get('verkle-cryptography-wasm')).toBe('wasm');
    expect(kinds.get('tiny-secp256k1')).toBe('wasm');
    expect(kinds.get('libsodium-wrappers')).toBe('wasm');
    expect(kinds.get('circomlibjs')).toBe('wasm');
    for (const b of ['@noble/ed25519', '@noble/secp256k1', '@stablelib/ed25519', '@zk-kit/baby-jubjub', 'noble-curves', 'tweetnacl', 'elliptic']) expect(kinds.get(b), b).toBe('js');
  });
});

describe('inputs and package facts the adapters rely on', () => {
  it('verkle-cryptography-wasm 0.4.8: the entry point fails on the undeclared @ethereumjs/util; the WASM module loads', async () => {
    await expect(import('verkle-cryptography-wasm')).rejects.toThrow(/@ethereumjs\/util/);
    const ctx = await loadVerkleContext();
    try {
      expect(typeof ctx.scalarMulIndex).toBe('function');
      expect(typeof ctx.serializeCommitment).toBe('function');
    } finally {
      ctx.free();
    }
  });

  it('the BabyJubjub and Bandersnatch constants equal Strata\'s', async () => {
    const edwards = await import('@strata/curves/edwards');
    expect(BANDERSNATCH_ORDER).toBe(edwards.bandersnatch.order);
    const { pts } = bjInputs();
    const { babyJubjub, PointExtended, scalarMultNonConst } = edwards;
    // P_0 of the peers is the point Strata's rows use: s_0·Base8 with s_0 = detBelow('bj/pt', 0, ℓ).
    const { detBelow } = await import('../src/util.js');
    expect(scalarMultNonConst(detBelow('bj/pt', 0, babyJubjub.order), new PointExtended(babyJubjub).setGenerator()).toAffine().toBigInts()).toEqual({ x: pts[0]!.x, y: pts[0]!.y });
  });
});
