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
import type { OpSpec, Suite } from '../types.js';
import { batchSizes, ed25519Fixtures } from '../fixtures/ed25519.js';
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

function ops(mode: string): OpSpec[] {
  const list: OpSpec[] = [
    { id: 'ed/sign', group: 'ed25519 sign', label: 'sign (32-byte message)' },
    // Strata's SigningKey (expanded once) against the peers' sign: libsodium, tweetnacl and
    // stablelib take the 64-byte seed ‖ public key, which also spares them the public key.
    { id: 'ed/sign-key', group: 'ed25519 sign', label: 'sign with a SigningKey (key expanded once)', compareTo: 'ed/sign' },
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
  fixtures: ed25519Fixtures,
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
