/**
 * The README's example, kept runnable: its code block is checked to be the
 * one below, and the code is run.
 */
import { describe, expect, it } from 'vitest';
import { expectReadmeExample } from '@strata/testkit';
import { secp256k1 } from '@strata/group';
import { Ring, RingSignature, RingCache, link } from '../src/index.js';

const FAST_PATH = `// The fast path first: select the WebAssembly engine. Await it: until it resolves,
// every operation runs on the TypeScript engine ('ts' is also the answer where WebAssembly is refused, e.g. by a CSP).
console.log('engine:', await engine.initWasm(), engine.currentEngine());
`;

const EXAMPLE = `// A signer and three other members (keys as 33-byte SEC1 encodings or Points).
const x = secp256k1.newRandomScalar();                 // or the 32-byte big-endian encoding
const others = [1, 2, 3].map(() => secp256k1.scalarBaseMult(secp256k1.newRandomScalar()).toBytes());
const ring = Ring.withSigner(secp256k1, others, x, 2); // signer's key inserted at index 2

const message = new Uint8Array(32).fill(0xab);         // always exactly 32 bytes
const sig = ring.sign(message, x);
const bytes = sig.toBytes();                         // ring-go layout: 69 + 65·n bytes
console.log('signature bytes:', bytes.length);

// Gateway side: the cache keeps decoded rings (and their tables) by their key bytes.
const cache = new RingCache(64);
const received = RingSignature.fromBytes(secp256k1, bytes, { cache });
console.log('verifies:', received.verify(message));
console.log('same signer:', link(sig, ring.sign(new Uint8Array(32), x)));
`;

const OUTPUT = `engine: wasm wasm
signature bytes: 329
verifies: true
same signer: true
`;

describe('README example', () => {
  it('is the code block in README.md', () => {
    expectReadmeExample(import.meta.url, { code: EXAMPLE, output: OUTPUT, also: [FAST_PATH] });
  });

  it('runs and prints what its comments say', () => {
    const x = secp256k1.newRandomScalar();
    const others = [1, 2, 3].map(() => secp256k1.scalarBaseMult(secp256k1.newRandomScalar()).toBytes());
    const ring = Ring.withSigner(secp256k1, others, x, 2);
    expect(ring.publicKeys()[2]!.equals(secp256k1.scalarBaseMult(x))).toBe(true);
    const message = new Uint8Array(32).fill(0xab);
    const sig = ring.sign(message, x);
    const bytes = sig.toBytes();
    expect(bytes.length).toBe(69 + 65 * 4);
    const cache = new RingCache(64);
    const received = RingSignature.fromBytes(secp256k1, bytes, { cache });
    expect(received.verify(message)).toBe(true);
    expect(link(sig, ring.sign(new Uint8Array(32), x))).toBe(true);
  });
});
