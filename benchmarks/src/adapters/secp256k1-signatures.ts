/**
 * Backends of the secp256k1-signatures suite.
 *
 * Strata (`@strata/secp256k1-signatures`, on each engine): `ecdsa.sign` / `ecdsa.verify`,
 * `schnorr.sign` / `schnorr.verify`, `schnorr.BatchVerifier` and, in Node,
 * `schnorr.createVerifierPool().verifyBatch` on 2 worker threads. Peers: tiny-secp256k1 2.2.4
 * (`sign`, `verify(…, strict = true)`, `signSchnorr`, `verifySchnorr`), noble-curves 2.4.0
 * (`secp256k1.sign` / `verify` with `prehash: false`, `schnorr.sign` / `verify`), the native
 * libsecp256k1 bindings `secp256k1` 5.0.2 (`ecdsaSign`, `ecdsaVerify`; it has no BIP-340), the
 * small @noble/secp256k1 3.2.0 (`sign` / `verify` with `prehash: false`, `schnorr.sign` /
 * `verify`) and elliptic 6.6.1 (`ec.sign(…, { canonical: true })`, `ec.verify`; no BIP-340).
 * Every sign case checks its bytes against the fixture (signed by tiny-secp256k1); every verify
 * case checks a valid signature and a tampered one.
 */
import { schnorr as nobleSchnorr, secp256k1 as noble } from '@noble/curves/secp256k1.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import type BN from 'bn.js';
import type { Adapter, Case, Loaded, OpSpec } from '../types.js';
import type { K1SigEntry, K1SigFixtures } from '../fixtures/secp256k1-signatures.js';
import { cycle, importLoose } from '../util.js';
import { engineTwins } from '../engine.js';
import { loadSecp256k1Native } from './native.js';

const eq = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
const isBatch = (op: OpSpec): boolean => op.id.startsWith('k1sig/schnorr/batch/');

interface Impl {
  ecdsaSign?: (e: K1SigEntry) => Uint8Array;
  ecdsaVerify?: (e: K1SigEntry, sig: Uint8Array) => boolean;
  schnorrSign?: (e: K1SigEntry) => Uint8Array;
  schnorrVerify?: (e: K1SigEntry, sig: Uint8Array) => boolean;
}

/** The single-signature cases of one backend over the fixtures. */
function singleCases(f: K1SigFixtures, impl: Impl): Record<string, Case> {
  const E = cycle(f.single);
  const first = f.single[0]!;
  const tampered = (s: Uint8Array) => {
    const t = s.slice();
    t[40]! ^= 1;
    return t;
  };
  const cases: Record<string, Case> = {};
  const { ecdsaSign, ecdsaVerify, schnorrSign, schnorrVerify } = impl;
  if (ecdsaSign) cases['k1sig/ecdsa/sign'] = { run: () => ecdsaSign(E()), check: () => eq(ecdsaSign(first), first.ecdsa) };
  if (ecdsaVerify) cases['k1sig/ecdsa/verify'] = { run: () => { const e = E(); return ecdsaVerify(e, e.ecdsa); }, check: () => ecdsaVerify(first, first.ecdsa) && !ecdsaVerify(first, tampered(first.ecdsa)) };
  if (schnorrSign) cases['k1sig/schnorr/sign'] = { run: () => schnorrSign(E()), check: () => eq(schnorrSign(first), first.schnorr) };
  if (schnorrVerify) cases['k1sig/schnorr/verify'] = { run: () => { const e = E(); return schnorrVerify(e, e.schnorr); }, check: () => schnorrVerify(first, first.schnorr) && !schnorrVerify(first, tampered(first.schnorr)) };
  return cases;
}

/** Strata ECDSA, BIP-340 and BIP-340 batches. */
const strataAdapter: Adapter = {
  backend: 'strata',
  kind: 'strata',
  description: '@strata/secp256k1-signatures ecdsa.sign / ecdsa.verify (low S), schnorr.sign / schnorr.verify, schnorr.BatchVerifier (one MSM per batch)',
  covers: (op) => op.id.startsWith('k1sig/'),
  async load(ctx): Promise<Loaded> {
    const ecdsa = await importLoose('@strata/secp256k1-signatures/ecdsa');
    const schnorr = await importLoose('@strata/secp256k1-signatures/schnorr');
    const f = ctx.fixtures as K1SigFixtures;
    const zeros = new Uint8Array(32);
    const cases: Record<string, Case> = singleCases(f, {
      ecdsaSign: (e) => ecdsa.sign(e.hash, e.secretKey),
      ecdsaVerify: (e, s) => ecdsa.verify(s, e.hash, e.publicKey),
      schnorrSign: (e) => schnorr.sign(e.hash, e.secretKey, zeros),
      schnorrVerify: (e, s) => schnorr.verify(s, e.hash, e.xOnly),
    });
    for (const op of ctx.ops) {
      if (!isBatch(op)) continue;
      const list = f.batch.slice(0, op.size as number);
      const bv = new schnorr.BatchVerifier();
      const run = (l: readonly K1SigEntry[], bad: boolean): boolean => {
        bv.clear();
        l.forEach((e, i) => bv.add(bad && i === l.length - 1 ? l[0]!.schnorr : e.schnorr, e.hash, e.xOnly));
        return bv.verify() as boolean;
      };
      cases[op.id] = { run: () => run(list, false), check: () => run(list, false) && !run(list, true), note: `clear() + ${list.length}× add(sig, msg, xOnlyKey) + verify(): one MSM over ${2 * list.length + 1} points` };
    }
    return { cases };
  },
};

/** The workers of the parallel rows: issue 22's target is set for 2. */
const PARALLEL_WORKERS = 2;

/**
 * Strata BIP-340 batches across worker threads: `schnorr.createVerifierPool().verifyBatch` over
 * the batch ops (the `schnorr` subpath under the `node` condition; a namespace without it, a
 * browser's, serves no case). A pool of this backend's own, created at load: its workers run the engine
 * selected then (the engine twin's), and it is shut down when the backend is disposed.
 */
const strataParallelAdapter: Adapter = {
  backend: 'strata (parallel)',
  kind: 'strata',
  description: `@strata/secp256k1-signatures schnorr.createVerifierPool().verifyBatch over ${PARALLEL_WORKERS} worker threads (workerpool, the pool of @strata/curves/pool)`,
  covers: isBatch,
  async load(ctx): Promise<Loaded> {
    const schnorr = await importLoose('@strata/secp256k1-signatures/schnorr');
    type Pool = { verifyBatch(e: readonly object[], o?: object): Promise<boolean[]>; shutdown(): Promise<void> };
    const create = schnorr.createVerifierPool as (() => Pool) | undefined;
    if (typeof create !== 'function') return { cases: {} };
    const pool = create();
    const f = ctx.fixtures as K1SigFixtures;
    const cases: Record<string, Case> = {};
    for (const op of ctx.ops) {
      if (!isBatch(op)) continue;
      const list = f.batch.slice(0, op.size as number).map((e) => ({ signature: e.schnorr, message: e.hash, publicKey: e.xOnly }));
      const bad = list.map((e, i) => (i === list.length - 1 ? { ...e, signature: list[0]!.signature } : e));
      const run = (l: readonly object[]) => pool.verifyBatch(l, { workers: PARALLEL_WORKERS });
      cases[op.id] = {
        run: () => run(list),
        async: true,
        check: async () => (await run(list)).every((x) => x) && (await run(bad)).indexOf(false) === list.length - 1,
        note: `createVerifierPool().verifyBatch(entries, { workers: ${PARALLEL_WORKERS} }); bytes/op count the main thread only`,
      };
    }
    return { cases, dispose: () => pool.shutdown() };
  },
};

/** tiny-secp256k1: libsecp256k1 in WebAssembly. */
const tinyAdapter: Adapter = {
  backend: 'tiny-secp256k1',
  kind: 'wasm',
  description: 'tiny-secp256k1 2.2.4 (libsecp256k1 → WASM): sign, verify(h, Q, sig, strict = true), signSchnorr(h, d, aux), verifySchnorr',
  covers: (op) => op.id.startsWith('k1sig/') && !isBatch(op),
  async load(ctx): Promise<Loaded> {
    const tiny = await import('tiny-secp256k1');
    const zeros = new Uint8Array(32);
    return {
      cases: singleCases(ctx.fixtures as K1SigFixtures, {
        ecdsaSign: (e) => tiny.sign(e.hash, e.secretKey),
        ecdsaVerify: (e, s) => tiny.verify(e.hash, e.publicKey, s, true),
        schnorrSign: (e) => tiny.signSchnorr(e.hash, e.secretKey, zeros),
        schnorrVerify: (e, s) => tiny.verifySchnorr(e.hash, e.xOnly, s),
      }),
    };
  },
};

/** noble-curves secp256k1 and schnorr. */
const nobleAdapter: Adapter = {
  backend: 'noble-curves',
  kind: 'js',
  description: '@noble/curves 2.4.0 secp256k1.sign / verify (prehash: false, low S) and schnorr.sign / verify',
  covers: (op) => op.id.startsWith('k1sig/') && !isBatch(op),
  async load(ctx): Promise<Loaded> {
    const zeros = new Uint8Array(32);
    return {
      cases: singleCases(ctx.fixtures as K1SigFixtures, {
        ecdsaSign: (e) => noble.sign(e.hash, e.secretKey, { prehash: false }),
        ecdsaVerify: (e, s) => noble.verify(s, e.hash, e.publicKey, { prehash: false }),
        schnorrSign: (e) => nobleSchnorr.sign(e.hash, e.secretKey, zeros),
        schnorrVerify: (e, s) => nobleSchnorr.verify(s, e.hash, e.xOnly),
      }),
    };
  },
};

/** The native libsecp256k1 bindings (ECDSA only). */
const nativeAdapter: Adapter = {
  backend: 'secp256k1',
  kind: 'native',
  description: 'secp256k1 5.0.2 Node addon (libsecp256k1): ecdsaSign(h, d).signature, ecdsaVerify(sig, h, Q); no BIP-340 in this package',
  covers: (op) => op.id === 'k1sig/ecdsa/sign' || op.id === 'k1sig/ecdsa/verify',
  async load(ctx): Promise<Loaded> {
    const lib = loadSecp256k1Native();
    return {
      cases: singleCases(ctx.fixtures as K1SigFixtures, {
        ecdsaSign: (e) => (lib.ecdsaSign(e.hash, e.secretKey) as { signature: Uint8Array }).signature,
        ecdsaVerify: (e, s) => lib.ecdsaVerify(s, e.hash, e.publicKey) as boolean,
      }),
    };
  },
};

/** @noble/secp256k1 3.2.0: the small single-file secp256k1 (BigInt), hashes from @noble/hashes. */
const nobleSecpAdapter: Adapter = {
  backend: '@noble/secp256k1',
  kind: 'js',
  description:
    '@noble/secp256k1 3.2.0 sign(h, d, { prehash: false }) / verify(sig, h, Q, { prehash: false }) (low S by default) and schnorr.sign / verify (pure JS, BigInt; hashes.sha256 and hashes.hmacSha256 set to @noble/hashes sha256 and hmac)',
  covers: (op) => op.id.startsWith('k1sig/') && !isBatch(op),
  async load(ctx): Promise<Loaded> {
    const nk = await import('@noble/secp256k1');
    // The synchronous API needs SHA-256 and HMAC-SHA-256; the library leaves the choice to the caller.
    nk.hashes.sha256 = sha256;
    nk.hashes.hmacSha256 = (key, msg) => hmac(sha256, key, msg);
    const zeros = new Uint8Array(32);
    return {
      cases: singleCases(ctx.fixtures as K1SigFixtures, {
        ecdsaSign: (e) => nk.sign(e.hash, e.secretKey, { prehash: false }),
        ecdsaVerify: (e, s) => nk.verify(s, e.hash, e.publicKey, { prehash: false }),
        schnorrSign: (e) => nk.schnorr.sign(e.hash, e.secretKey, zeros),
        schnorrVerify: (e, s) => nk.schnorr.verify(s, e.hash, e.xOnly),
      }),
    };
  },
};

/** elliptic 6.6.1: bn.js arithmetic, RFC 6979 through hmac-drbg (ECDSA only). */
const ellipticAdapter: Adapter = {
  backend: 'elliptic',
  kind: 'js',
  description:
    'elliptic 6.6.1 ec.sign(h, d, { canonical: true }) with r‖s written out by bn.js toArray, ec.verify(h, { r, s }, Q) (bn.js; key bytes parsed in each call; verify does not enforce low S; no BIP-340 in this package)',
  covers: (op) => op.id === 'k1sig/ecdsa/sign' || op.id === 'k1sig/ecdsa/verify',
  async load(ctx): Promise<Loaded> {
    const ec = new (await import('elliptic')).default.ec('secp256k1');
    // elliptic parses any byte array as a key (new BN(bytes) / decodePoint); its types say Buffer.
    const key = (b: Uint8Array): Buffer => b as Buffer;
    const rs = (r: BN, s: BN): Uint8Array => {
      const out = new Uint8Array(64);
      out.set(r.toArray('be', 32), 0);
      out.set(s.toArray('be', 32), 32);
      return out;
    };
    return {
      cases: singleCases(ctx.fixtures as K1SigFixtures, {
        ecdsaSign: (e) => {
          const sig = ec.sign(e.hash, key(e.secretKey), { canonical: true });
          return rs(sig.r, sig.s);
        },
        ecdsaVerify: (e, s) => ec.verify(e.hash, { r: s.subarray(0, 32), s: s.subarray(32) }, key(e.publicKey)),
      }),
    };
  },
};

/** Every backend of the suite: Strata on each engine, then the peers. */
// Every op of the suite runs on the engine selected (signing, verification and the batch MSM are
// whole operations inside WebAssembly), so every Strata row gets an engine twin.
export const k1SigAdapters: readonly Adapter[] = [...[strataAdapter, strataParallelAdapter].flatMap((a) => engineTwins(a, { allServed: true })), tinyAdapter, nobleAdapter, nativeAdapter, nobleSecpAdapter, ellipticAdapter];
