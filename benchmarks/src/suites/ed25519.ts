/**
 * Suite `ed25519`: signing and signature verification.
 *
 * Sign and single verify for Strata (`@strata/ed25519-batch` sign / verify, ZIP-215), noble-curves,
 * tweetnacl, libsodium-wrappers (WASM), node:crypto (OpenSSL, native), sodium-native (libsodium
 * addon, native), @noble/ed25519 and @stablelib/ed25519; Strata batch verification at several
 * batch sizes without and with the public-key cache, and across worker threads. Batch rows are
 * reported per signature and compared with the peers' single verify (and its native ceiling).
 * Every peer's signatures must equal Strata's byte for byte, and its verdicts Strata's, before it
 * is timed.
 */
import { createPrivateKey, createPublicKey, sign as nodeSign } from 'node:crypto';
import type { OpSpec, Suite } from '../types.js';
import { ed25519 as nobleEd } from '@noble/curves/ed25519.js';
import { detBytes, fromHex, isNode } from '../util.js';
import {
  strataBatchAdapter,
  strataBatchCachedAdapter,
  strataParallelAdapter,
  strataVerifyAdapter,
  nobleEdAdapter,
  tweetnaclAdapter,
  sodiumAdapter,
  nodeCryptoAdapter,
  strataSignAdapter,
} from '../adapters/ed25519.js';
import { nobleEd25519Adapter, sodiumNativeAdapter, stablelibAdapter } from '../adapters/peers-ed25519.js';
import { engineTwins } from '../engine.js';

/** Batch sizes per mode. */
export function batchSizes(mode: string): number[] {
  if (mode === 'quick') return [1, 4];
  if (mode === 'full') return [1, 4, 16, 64, 128, 512, 1024, 4096];
  return [1, 16, 128, 1024];
}

/** One signed message. */
export interface SignedEntry {
  readonly publicKey: Uint8Array;
  readonly message: Uint8Array;
  readonly signature: Uint8Array;
}

/** ed25519-suite fixtures: `n` distinct keys, each signing its own 32-byte message. */
export interface EdFixtures {
  readonly entries: SignedEntry[];
  /**
   * The 32-byte secret seeds of the first {@link SIGNERS} entries (signing rows cycle through
   * them). Optional: fixtures built by {@link makeEntries} without it get them from
   * {@link signerSeeds}.
   */
  readonly seeds?: Uint8Array[];
}

/** The signers' seeds: `fx.seeds`, or those {@link makeEntries} used for the first entries. */
export function signerSeeds(fx: EdFixtures): Uint8Array[] {
  return fx.seeds ?? Array.from({ length: Math.min(SIGNERS, fx.entries.length) }, (_, i) => seedOf(i));
}

/** How many keys the sign and single-verify rows cycle through. */
export const SIGNERS = 16;

/** The secret seed of entry i. */
export function seedOf(i: number): Uint8Array {
  return detBytes('ed/seed', i);
}

const PKCS8_PREFIX = fromHex('302e020100300506032b657004220420');

/**
 * Signs deterministic messages with deterministic keys through node:crypto (fast, so 4096 entries
 * cost well under a second). In the browser (`pnpm bench --browser`), where node:crypto does not
 * exist, through noble-curves: Ed25519 signing is deterministic, so the entries are the same bytes.
 */
export function makeEntries(n: number): SignedEntry[] {
  const out: SignedEntry[] = [];
  for (let i = 0; i < n; i++) {
    const seed = seedOf(i);
    if (!isNode()) {
      const message = detBytes('ed/msg', i);
      out.push({ publicKey: nobleEd.getPublicKey(seed), message, signature: nobleEd.sign(message, seed) });
      continue;
    }
    const priv = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
    const spki = createPublicKey(priv).export({ format: 'der', type: 'spki' });
    const publicKey = new Uint8Array(spki.subarray(spki.length - 32));
    const message = detBytes('ed/msg', i);
    const signature = new Uint8Array(nodeSign(null, message, priv));
    out.push({ publicKey, message, signature });
  }
  return out;
}

function ops(mode: string): OpSpec[] {
  const list: OpSpec[] = [
    { id: 'ed/sign', group: 'ed25519 sign', label: 'sign (32-byte message)' },
    { id: 'ed/verify', group: 'ed25519 single verify', label: 'verify' },
  ];
  for (const n of batchSizes(mode)) {
    list.push({ id: `ed/batch/${n}`, group: 'ed25519 batch verify', label: `batch n=${n}`, size: n, perCall: n, unit: 'sig', compareTo: 'ed/verify' });
  }
  return list;
}

/** ed25519 suite definition. */
export const ed25519Suite: Suite = {
  name: 'ed25519',
  title: 'Ed25519 signing and verification',
  ops,
  fixtures: (mode) => ({ entries: makeEntries(Math.max(SIGNERS, ...batchSizes(mode))), seeds: Array.from({ length: SIGNERS }, (_, i) => seedOf(i)) }) satisfies EdFixtures,
  adapters: [
    // Every Strata row here is served by the WebAssembly engine: one backend per engine.
    ...[strataSignAdapter, strataVerifyAdapter, strataBatchAdapter, strataBatchCachedAdapter, strataParallelAdapter].flatMap((a) => engineTwins(a, { allServed: true })),
    nobleEdAdapter,
    tweetnaclAdapter,
    sodiumAdapter,
    nodeCryptoAdapter,
    sodiumNativeAdapter,
    nobleEd25519Adapter,
    stablelibAdapter,
  ],
  ratioToEachPeer: true,
  charts: [
    { kind: 'bars', title: 'Ed25519 signing and verification: time per signature' },
    {
      kind: 'lines',
      title: 'Ed25519 batch verification: time per signature vs batch size (dashed: single verify)',
      groups: ['ed25519 batch verify'],
      xLabel: 'batch size n',
      yLabel: 'time per signature',
      baselineOps: ['ed/verify'],
    },
  ],
};
