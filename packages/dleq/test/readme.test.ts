/**
 * The README's example, kept runnable: its code block is checked to be the
 * one below, and the same code is run.
 */
import { describe, expect, it } from 'vitest';
import { expectReadmeExample } from '@strata/testkit';
import { generateSecretForCurvesLE, prove, Proof } from '../src/index.js';
import { secp256k1, ed25519 } from '@strata/group';

const FAST_PATH = `// The fast path first: select the WebAssembly engine. Await it: until it resolves,
// every operation runs on the TypeScript engine ('ts' is also the answer where WebAssembly is refused, e.g. by a CSP).
console.log('engine:', await engine.initWasm(), engine.currentEngine());
`;

const EXAMPLE = `// Prover: one secret x with public keys x·G on secp256k1 and on ed25519.
const secret = generateSecretForCurvesLE(secp256k1, ed25519); // 32 bytes little-endian, < 2^252
const proof = prove(secp256k1, ed25519, secret);
const bytes = proof.toBytes();                            // go-dleq layout, 64 832 + signatures

// Verifier: parse (StrataError with an offset on bad bytes), then verify (never throws).
const received = Proof.fromBytes(secp256k1, ed25519, bytes);
console.log('verifies:', received.verify(secp256k1, ed25519));
console.log('same x on ed25519:', received.commitmentB.equals(ed25519.scalarBaseMult(ed25519.scalarFromBytesLE(secret))));
`;

const OUTPUT = `engine: wasm wasm
verifies: true
same x on ed25519: true
`;

describe('README example', () => {
  it('is the code block in README.md', () => {
    expectReadmeExample(import.meta.url, {
      code: EXAMPLE,
      output: OUTPUT,
      also: ["import { secp256k1, ed25519 } from '@strata/group';\nimport { generateSecretForCurvesLE, prove, Proof } from '@strata/dleq';\nimport { engine } from '@strata/curves';", FAST_PATH],
    });
  });

  it('runs and prints what its comments say', () => {
    const secret = generateSecretForCurvesLE(secp256k1, ed25519);
    expect(secret.length).toBe(32);
    expect(secret[31]! >> 4).toBe(0);
    const proof = prove(secp256k1, ed25519, secret);
    const bytes = proof.toBytes();
    expect(bytes.length).toBe(64832 + proof.signatureA.length + proof.signatureB.length);
    const received = Proof.fromBytes(secp256k1, ed25519, bytes);
    expect(received.verify(secp256k1, ed25519)).toBe(true);
    expect(received.commitmentB.equals(ed25519.scalarBaseMult(ed25519.scalarFromBytesLE(secret)))).toBe(true);
  });
});
