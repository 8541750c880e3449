/**
 * The README's example, kept runnable: its code block is checked to be the
 * one below, and the code is run.
 */
import { describe, expect, it } from 'vitest';
import { expectReadmeExample } from '@strata/testkit';
import { getPublicKey, randomSecretKey } from '../src/index.js';
import * as ecdsa from '../src/ecdsa-api.js';
import * as schnorr from '../src/schnorr-api.js';

const IMPORTS = `import { getPublicKey, randomSecretKey } from '@strata/secp256k1-signatures';
import * as ecdsa from '@strata/secp256k1-signatures/ecdsa';
import * as schnorr from '@strata/secp256k1-signatures/schnorr';
import { engine } from '@strata/curves';
`;

const FAST_PATH = `// The fast path first: select the WebAssembly engine. Await it: until it resolves,
// every operation runs on the TypeScript engine ('ts' is also the answer where WebAssembly is refused, e.g. by a CSP).
console.log('engine:', await engine.initWasm(), engine.currentEngine());
`;

const EXAMPLE = `const secretKey = randomSecretKey();                      // 32 big-endian bytes in [1, n)
const publicKey = getPublicKey(secretKey);                // 33 bytes (SEC1 compressed)
const message = new TextEncoder().encode('block 1234');
const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', message));

const sig = ecdsa.sign(hash, secretKey);                  // 64 bytes r ‖ s: RFC 6979, low S
console.log('verifies:', ecdsa.verify(sig, hash, publicKey));
const forged = hash.slice();
forged[0] ^= 1;
console.log('forged:', ecdsa.verify(sig, forged, publicKey)); // false, never throws

const der = ecdsa.signatureToDER(sig);                    // strict DER (BIP-66)
console.log('DER decodes:', ecdsa.verify(ecdsa.signatureFromDER(der), hash, publicKey));

const { signature, recovery } = ecdsa.signRecoverable(hash, secretKey);
const recovered = ecdsa.recoverPublicKey(signature, recovery, hash);
console.log('recovered:', recovered.every((b, i) => b === publicKey[i]));

const xOnly = schnorr.getPublicKey(secretKey);            // 32 bytes (BIP-340)
const ssig = schnorr.sign(message, secretKey);            // any message length; fresh aux randomness
console.log('schnorr:', schnorr.verify(ssig, message, xOnly));
const batch = new schnorr.BatchVerifier();
batch.add(ssig, message, xOnly);                          // verify's arguments, queued
batch.add(ssig, forged, xOnly);
console.log('batch:', batch.verify(), batch.verifyEach()); // one MSM; bad entries found by bisection
`;

const OUTPUT = `engine: wasm wasm
verifies: true
forged: false
DER decodes: true
recovered: true
schnorr: true
batch: false [ true, false ]
`;

describe('README example', () => {
  it('is the code block in README.md', () => {
    expectReadmeExample(import.meta.url, { code: IMPORTS + '\n' + FAST_PATH + '\n' + EXAMPLE, output: OUTPUT, fence: 'js' });
  });

  it('runs and prints what it says', async () => {
    const lines: string[] = [];
    const show = (v: unknown) => (Array.isArray(v) ? `[ ${v.join(', ')} ]` : String(v)); // as Node prints them
    const log = (...args: unknown[]) => lines.push(args.map(show).join(' '));
    for (let run = 0; run < 8; run++) {
      lines.length = 0;
      const secretKey = randomSecretKey();
      const publicKey = getPublicKey(secretKey);
      expect(publicKey.length).toBe(33);
      const message = new TextEncoder().encode('block 1234');
      const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', message));
      const sig = ecdsa.sign(hash, secretKey);
      expect(sig.length).toBe(64);
      log('verifies:', ecdsa.verify(sig, hash, publicKey));
      const forged = hash.slice();
      forged[0]! ^= 1;
      log('forged:', ecdsa.verify(sig, forged, publicKey));
      const der = ecdsa.signatureToDER(sig);
      log('DER decodes:', ecdsa.verify(ecdsa.signatureFromDER(der), hash, publicKey));
      const { signature, recovery } = ecdsa.signRecoverable(hash, secretKey);
      const recovered = ecdsa.recoverPublicKey(signature, recovery, hash);
      log('recovered:', recovered.every((b, i) => b === publicKey[i]));
      const xOnly = schnorr.getPublicKey(secretKey);
      expect(xOnly.length).toBe(32);
      const ssig = schnorr.sign(message, secretKey);
      log('schnorr:', schnorr.verify(ssig, message, xOnly));
      const batch = new schnorr.BatchVerifier();
      batch.add(ssig, message, xOnly);
      batch.add(ssig, forged, xOnly);
      log('batch:', batch.verify(), batch.verifyEach());
      expect(lines).toEqual(OUTPUT.trim().split('\n').slice(1));
    }
  });
});
