/**
 * Backends of the ed25519 suite.
 *
 * Strata (`@strata/ed25519-batch`): `sign`, `verify` (single), `BatchVerifier` without and with a
 * `PublicKeyCache`, and `verifyBatchParallel` across worker threads. Peers: noble-curves
 * `ed25519.sign` / `verify`, tweetnacl `sign.detached` / `.verify`, libsodium-wrappers
 * `crypto_sign_detached` / `crypto_sign_verify_detached`, node:crypto `sign` / `verify` (OpenSSL).
 * The small single-purpose peers and sodium-native are in `peers-ed25519.ts`. Each peer's
 * signature must equal Strata's (Ed25519 is deterministic) before it is timed.
 */
import { createPrivateKey, createPublicKey, sign as nodeSign, verify as nodeVerify } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import type { Adapter, Case, Loaded, OpSpec } from '../types.js';
import { signerSeeds, type EdFixtures, type SignedEntry } from '../fixtures/ed25519.js';
import { agree, cpuCount, cycle, fromHex, importLoose, need, type Loose } from '../util.js';
import { strataEd25519 } from './strata-answers.js';

/** The sign and single-verify ops. */
export const isSignOrVerify = (op: OpSpec): boolean => op.id === 'ed/sign' || op.id === 'ed/verify';

/**
 * A sign case over the suite's signers: `signWith(i)` signs entry i's message with key i (keys
 * prepared at load). Agreement: the signatures of the first two signers equal Strata's.
 */
export function signCase(fx: EdFixtures, signWith: (i: number) => Uint8Array, note?: string): Case {
  const seeds = signerSeeds(fx);
  const n = seeds.length;
  let i = 0;
  return {
    run: () => {
      const s = signWith(i);
      i = i + 1 === n ? 0 : i + 1;
      return s;
    },
    check: async () => {
      const strata = await strataEd25519();
      for (const j of [0, 1]) agree(`sign(seed ${j}, message ${j})`, new Uint8Array(signWith(j)), strata.sign(fx.entries[j]!.message, seeds[j]!));
      return true;
    },
    ...(note ? { note } : {}),
  };
}

/**
 * A single-verify case cycling through the signers. Agreement: the verdicts on a valid signature
 * and on the same signature over another message equal Strata's.
 */
export function verifyCase(fx: EdFixtures, v: (e: SignedEntry) => boolean, note?: string): Case {
  const entries = fx.entries;
  const E = cycle(entries.slice(0, signerSeeds(fx).length));
  return {
    run: () => v(E()),
    check: async () => {
      const strata = await strataEd25519();
      const good = entries[0]!;
      const bad = { ...good, message: entries[1]!.message };
      agree('verify(valid signature)', v(good), strata.verify(good.signature, good.message, good.publicKey));
      agree('verify(signature over another message)', v(bad), strata.verify(bad.signature, bad.message, bad.publicKey));
      return true;
    },
    ...(note ? { note } : {}),
  };
}

const isBatch = (op: OpSpec): boolean => op.id.startsWith('ed/batch/');

/** Returns a verify(entry) closure over Strata's `verify`, whatever its argument order turns out to be. */
function strataVerifyFn(m: Loose): (e: SignedEntry) => boolean {
  const verify = need(m, 'verify', '@strata/ed25519-batch') as (...a: Uint8Array[]) => boolean;
  return (e) => verify(e.signature, e.message, e.publicKey);
}

/** Strata single verification. */
export const strataVerifyAdapter: Adapter = {
  backend: 'strata',
  kind: 'strata',
  description: '@strata/ed25519-batch verify(signature, message, publicKey) — ZIP-215 rules',
  covers: (op) => op.id === 'ed/verify',
  async load(ctx): Promise<Loaded> {
    const m = await importLoose('@strata/ed25519-batch');
    const entries = (ctx.fixtures as EdFixtures).entries;
    const v = strataVerifyFn(m);
    const E = cycle(entries.slice(0, 16));
    return { cases: { 'ed/verify': { run: () => v(E()), check: () => v(entries[0]!) && !v({ ...entries[0]!, message: entries[1]!.message }) } } };
  },
};

/** Strata signing. */
export const strataSignAdapter: Adapter = {
  backend: 'strata',
  kind: 'strata',
  description: '@strata/ed25519-batch sign(message, seed) and sign(message, SigningKey) — RFC 8032, constant-pattern scalarBaseMult',
  covers: (op) => op.id === 'ed/sign' || op.id === 'ed/sign-key',
  async load(ctx): Promise<Loaded> {
    const m = await importLoose('@strata/ed25519-batch');
    const sign = need(m, 'sign', '@strata/ed25519-batch') as (msg: Uint8Array, seed: Uint8Array) => Uint8Array;
    const fx = ctx.fixtures as EdFixtures;
    const seeds = signerSeeds(fx);
    const n = seeds.length;
    let i = 0;
    return {
      cases: {
        'ed/sign': {
          run: () => {
            const s = sign(fx.entries[i]!.message, seeds[i]!);
            i = i + 1 === n ? 0 : i + 1;
            return s;
          },
          // Against the node:crypto (OpenSSL) signatures of the fixtures.
          check: () => agree('sign(seed 0, message 0) vs OpenSSL', sign(fx.entries[0]!.message, seeds[0]!), fx.entries[0]!.signature),
          note: 'sign(message, seed): expands the seed (SHA-512, [s]B) on every call, as the other seed-based APIs do',
        },
        ...(typeof m.SigningKey === 'function' ? { 'ed/sign-key': signKeyCase(m, fx, seeds) } : {}),
      },
    };
  },
};

/** The `ed/sign-key` case: one SigningKey per seed, made outside the timing, as a server keeps its key. */
function signKeyCase(m: Loose, fx: EdFixtures, seeds: Uint8Array[]): Case {
  const SK = m.SigningKey as { fromSecretKey(s: Uint8Array): unknown };
  const sign = need(m, 'sign', '@strata/ed25519-batch') as (msg: Uint8Array, key: unknown) => Uint8Array;
  const keys = seeds.map((s) => SK.fromSecretKey(s));
  const n = keys.length;
  let i = 0;
  return {
    run: () => {
      const s = sign(fx.entries[i]!.message, keys[i]!);
      i = i + 1 === n ? 0 : i + 1;
      return s;
    },
    check: () => agree('sign(SigningKey of seed 0, message 0) vs OpenSSL', sign(fx.entries[0]!.message, keys[0]!), fx.entries[0]!.signature),
    note: 'SigningKey.fromSecretKey(seed) once per key (outside the timing): one constant-pattern base multiplication per signature',
  };
}

/** Builds batch cases over `BatchVerifier` (optionally with a key cache). */
function batchCases(m: Loose, entries: SignedEntry[], ops: readonly OpSpec[], cache: Loose | undefined): Record<string, Case> {
  const BV = need(m, 'BatchVerifier', '@strata/ed25519-batch');
  const cases: Record<string, Case> = {};
  for (const op of ops) {
    if (!isBatch(op)) continue;
    const n = op.size as number;
    const list = entries.slice(0, n);
    const bad = list.map((e, i) => (i === n - 1 ? { ...e, message: entries[(i + 1) % entries.length]!.message } : e));
    // One verifier per batch size, cleared between batches (the intended reuse pattern).
    const bv = cache ? new BV({ cache }) : new BV();
    const reuse = typeof bv.clear === 'function';
    const run = (l: SignedEntry[]): boolean => {
      const v = reuse ? bv : cache ? new BV({ cache }) : new BV();
      if (reuse) v.clear();
      for (const e of l) v.add(e.signature, e.message, e.publicKey);
      return v.verify() as boolean;
    };
    cases[op.id] = {
      run: () => run(list),
      // Valid batch verifies; a batch with one wrong message does not. Also warms the cache.
      check: () => run(list) && (n === 1 && entries.length < 2 ? true : !run(bad)),
      note: `${reuse ? 'clear()' : 'new BatchVerifier()'} + ${n}× add + verify${cache ? `; cache holds all ${n} keys (warm)` : ''}`,
    };
  }
  return cases;
}

/** Strata batch verification, no cache. */
export const strataBatchAdapter: Adapter = {
  backend: 'strata',
  kind: 'strata',
  description: '@strata/ed25519-batch BatchVerifier (one multi-scalar multiplication per batch)',
  covers: isBatch,
  async load(ctx): Promise<Loaded> {
    const m = await importLoose('@strata/ed25519-batch');
    return { cases: batchCases(m, (ctx.fixtures as EdFixtures).entries, ctx.ops, undefined) };
  },
};

/** Strata batch verification with a warm public-key cache. */
export const strataBatchCachedAdapter: Adapter = {
  backend: 'strata (cached keys)',
  kind: 'strata',
  description: '@strata/ed25519-batch BatchVerifier / verify with a PublicKeyCache (decoded keys and their tables reused)',
  covers: (op) => isBatch(op) || op.id === 'ed/verify',
  async load(ctx): Promise<Loaded> {
    const m = await importLoose('@strata/ed25519-batch');
    const PKC = need(m, 'PublicKeyCache', '@strata/ed25519-batch');
    const entries = (ctx.fixtures as EdFixtures).entries;
    const cache = new PKC({ capacity: Math.max(4096, entries.length) });
    const v = need(m, 'verify', '@strata/ed25519-batch') as (s: Uint8Array, m: Uint8Array, p: Uint8Array, o: object) => boolean;
    const E = cycle(entries.slice(0, 16));
    const one = (e: SignedEntry): boolean => v(e.signature, e.message, e.publicKey, { cache });
    return {
      cases: {
        ...batchCases(m, entries, ctx.ops, cache),
        'ed/verify': { run: () => one(E()), check: () => one(entries[0]!), note: 'verify(sig, msg, pk, { cache }): 16 repeat signers, cache warm' },
      },
    };
  },
};

/** Strata batch verification across worker threads. */
export const strataParallelAdapter: Adapter = {
  backend: 'strata (parallel)',
  kind: 'strata',
  description: `@strata/ed25519-batch/parallel verifyBatchParallel over ${cpuCount()} workers (workerpool: worker threads in Node, module Web Workers in browsers), worker-resident key caches on (default)`,
  covers: isBatch,
  load: (ctx) => loadParallelBatches(ctx.ops, isBatch, (op) => (ctx.fixtures as EdFixtures).entries.slice(0, op.size as number)),
};

/**
 * `verifyBatchParallel` cases from `@strata/ed25519-batch/parallel` (worker threads in Node,
 * Web Workers in a page): one case per op that `covers` selects, over the entries `listFor`
 * gives it; the pool is shut down when the backend is disposed. Shared by the plain and the
 * mixed-variant batch suites.
 */
export async function loadParallelBatches(
  ops: readonly OpSpec[],
  covers: (op: OpSpec) => boolean,
  listFor: (op: OpSpec) => readonly object[],
): Promise<Loaded> {
  const m = await importLoose('@strata/ed25519-batch/parallel');
  // A pool of this backend's own, created now: its workers run the engine selected when it is
  // created (the engine twin's, see src/engine.ts), and shutting it down touches no other pool.
  // Without createVerifierPool, the module's default pool of verifyBatchParallel.
  type Pool = { verifyBatch(e: readonly object[], o?: object): Promise<{ valid: boolean }>; shutdown(): Promise<void> };
  const create = m.createVerifierPool as (() => Pool) | undefined;
  const pool: Pool | undefined = typeof create === 'function' ? create() : undefined;
  const vbp = pool
    ? (e: readonly object[], o?: object) => pool.verifyBatch(e, o)
    : (need(m, 'verifyBatchParallel', '@strata/ed25519-batch/parallel') as (e: readonly object[], o?: object) => Promise<{ valid: boolean }>);
  const workers = cpuCount();
  const cases: Record<string, Case> = {};
  for (const op of ops) {
    if (!covers(op)) continue;
    const list = listFor(op);
    cases[op.id] = {
      run: () => vbp(list, { workers }),
      async: true,
      check: async () => (await vbp(list, { workers })).valid,
      note: `${pool ? 'createVerifierPool().verifyBatch' : 'verifyBatchParallel'}(entries, { workers: ${workers} }); bytes/op count the main thread only`,
    };
  }
  return {
    cases,
    dispose: async () => {
      if (pool) return pool.shutdown();
      const shutdown = m.shutdown as (() => Promise<void>) | undefined;
      if (typeof shutdown === 'function') await shutdown();
    },
  };
}

/** noble-curves ed25519.verify (ZIP-215 by default). */
export const nobleEdAdapter: Adapter = {
  backend: 'noble-curves',
  kind: 'js',
  description: '@noble/curves 2.4.0 ed25519.sign(msg, seed) / ed25519.verify(sig, msg, pk) (ZIP-215 default)',
  covers: isSignOrVerify,
  async load(ctx): Promise<Loaded> {
    const fx = ctx.fixtures as EdFixtures;
    const seeds = signerSeeds(fx);
    const v = (e: SignedEntry): boolean => ed25519.verify(e.signature, e.message, e.publicKey);
    return {
      cases: {
        'ed/sign': signCase(fx, (i) => ed25519.sign(fx.entries[i]!.message, seeds[i]!)),
        'ed/verify': verifyCase(fx, v),
      },
    };
  },
};

/** tweetnacl sign.detached.verify. */
export const tweetnaclAdapter: Adapter = {
  backend: 'tweetnacl',
  kind: 'js',
  description: 'tweetnacl 1.0.3 nacl.sign.detached(msg, sk) / nacl.sign.detached.verify(msg, sig, pk) (pure JS, 16-bit limbs)',
  covers: isSignOrVerify,
  async load(ctx): Promise<Loaded> {
    const nacl = ((await import('tweetnacl')) as unknown as { default: Loose }).default;
    const fx = ctx.fixtures as EdFixtures;
    const seeds = signerSeeds(fx);
    const sks = seeds.map((s) => nacl.sign.keyPair.fromSeed(s).secretKey as Uint8Array);
    const v = (e: SignedEntry): boolean => nacl.sign.detached.verify(e.message, e.signature, e.publicKey) as boolean;
    return {
      cases: {
        'ed/sign': signCase(fx, (i) => nacl.sign.detached(fx.entries[i]!.message, sks[i]!), 'secret key = seed ‖ public key, expanded at every call'),
        'ed/verify': verifyCase(fx, v),
      },
    };
  },
};

/** libsodium-wrappers crypto_sign_verify_detached (libsodium compiled to WASM/asm.js). */
export const sodiumAdapter: Adapter = {
  backend: 'libsodium-wrappers',
  kind: 'wasm',
  description: 'libsodium-wrappers 0.8.4 crypto_sign_detached(msg, sk) / crypto_sign_verify_detached(sig, msg, pk) (libsodium → WebAssembly)',
  covers: isSignOrVerify,
  async load(ctx): Promise<Loaded> {
    const mod = (await import('libsodium-wrappers')) as unknown as Loose;
    const sodium = (mod.default ?? mod) as Loose;
    await sodium.ready;
    const fx = ctx.fixtures as EdFixtures;
    const seeds = signerSeeds(fx);
    const sks = seeds.map((s) => sodium.crypto_sign_seed_keypair(s).privateKey as Uint8Array);
    const v = (e: SignedEntry): boolean => sodium.crypto_sign_verify_detached(e.signature, e.message, e.publicKey) as boolean;
    return {
      cases: {
        'ed/sign': signCase(fx, (i) => sodium.crypto_sign_detached(fx.entries[i]!.message, sks[i]!) as Uint8Array),
        'ed/verify': verifyCase(fx, v),
      },
    };
  },
};

const SPKI_PREFIX = fromHex('302a300506032b6570032100');
const PKCS8_PREFIX = fromHex('302e020100300506032b657004220420');

/** node:crypto verify (OpenSSL), importing the raw key each call like the other backends decode theirs. */
export const nodeCryptoAdapter: Adapter = {
  backend: 'node:crypto',
  kind: 'native',
  description: `node:crypto (OpenSSL ${(globalThis as { process?: { versions?: { openssl?: string } } }).process?.versions?.openssl ?? 'unknown'}, native) sign(null, msg, privateKey) with the key imported once; verify(null, msg, createPublicKey(spki(pk)), sig) with the key import timed too`,
  covers: isSignOrVerify,
  async load(ctx): Promise<Loaded> {
    const fx = ctx.fixtures as EdFixtures;
    const seeds = signerSeeds(fx);
    const keys = seeds.map((s) => createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, s]), format: 'der', type: 'pkcs8' }));
    const v = (e: SignedEntry): boolean => {
      const key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, e.publicKey]), format: 'der', type: 'spki' });
      return nodeVerify(null, e.message, key, e.signature);
    };
    return {
      cases: {
        'ed/sign': signCase(fx, (i) => nodeSign(null, fx.entries[i]!.message, keys[i]!), 'KeyObject imported once per key (outside the timing)'),
        'ed/verify': verifyCase(fx, v, 'key imported per call'),
      },
    };
  },
};
