/**
 * Suite `ed25519`: signature verification.
 *
 * Single verify for Strata (`@strata/ed25519-batch` verify, ZIP-215), noble-curves, tweetnacl,
 * libsodium-wrappers and node:crypto (OpenSSL); Strata batch verification at several batch sizes
 * without and with the public-key cache, and across worker threads. Batch rows are reported per
 * signature and compared with the peers' single verify.
 */
import { createPrivateKey, createPublicKey, sign as nodeSign } from 'node:crypto';
import type { OpSpec, Suite } from '../types.js';
import { detBytes } from '../util.js';
import {
  strataBatchAdapter,
  strataBatchCachedAdapter,
  strataParallelAdapter,
  strataVerifyAdapter,
  nobleEdAdapter,
  tweetnaclAdapter,
  sodiumAdapter,
  nodeCryptoAdapter,
} from '../adapters/ed25519.js';

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
}

const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** Signs deterministic messages with deterministic keys through node:crypto (fast, so 4096 entries cost well under a second). */
export function makeEntries(n: number): SignedEntry[] {
  const out: SignedEntry[] = [];
  for (let i = 0; i < n; i++) {
    const seed = detBytes('ed/seed', i);
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
  const list: OpSpec[] = [{ id: 'ed/verify', group: 'ed25519 single verify', label: 'verify' }];
  for (const n of batchSizes(mode)) {
    list.push({ id: `ed/batch/${n}`, group: 'ed25519 batch verify', label: `batch n=${n}`, size: n, perCall: n, unit: 'sig', compareTo: 'ed/verify' });
  }
  return list;
}

/** ed25519 suite definition. */
export const ed25519Suite: Suite = {
  name: 'ed25519',
  title: 'Ed25519 verification',
  ops,
  fixtures: (mode) => ({ entries: makeEntries(Math.max(...batchSizes(mode))) }) satisfies EdFixtures,
  adapters: [
    strataVerifyAdapter,
    strataBatchAdapter,
    strataBatchCachedAdapter,
    strataParallelAdapter,
    nobleEdAdapter,
    tweetnaclAdapter,
    sodiumAdapter,
    nodeCryptoAdapter,
  ],
  ratioToEachPeer: true,
  charts: [
    { kind: 'bars', title: 'Ed25519 verification: time per signature' },
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
