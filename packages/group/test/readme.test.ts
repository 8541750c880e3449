/**
 * The README's example, kept runnable: its code block is checked to be the
 * one below, and the same code is run.
 */
import { describe, expect, it } from 'vitest';
import { expectReadmeExample } from '@strata/testkit';
import { secp256k1, ed25519, doubleScalarMultBaseNonConst, precompute } from '../src/index.js';

const FAST_PATH = `// The fast path first: select the WebAssembly engine. Await it: until it resolves,
// every operation runs on the TypeScript engine ('ts' is also the answer where WebAssembly is refused, e.g. by a CSP).
console.log('engine:', await engine.initWasm(), engine.currentEngine());
`;

const EXAMPLE = `// Immutable-style values: P.add(Q) and s.invert() return new objects.
const s = secp256k1.scalarFromInt(7);
const P = secp256k1.scalarBaseMult(s);                 // 7·G, constant time
const Q = P.add(P);                                     // 14·G
console.log('14·G:', Q.equals(secp256k1.scalarBaseMult(secp256k1.scalarFromInt(14))));
`;

const OUTPUT = `engine: wasm wasm
14·G: true
2·P + 7·G = 21·G: true
hash is 32 bytes: true
`;

describe('README example', () => {
  it('is the code block in README.md', () => {
    expectReadmeExample(import.meta.url, {
      code: EXAMPLE,
      output: OUTPUT,
      also: ["import { engine } from '@strata/curves';\nimport { secp256k1, ed25519, doubleScalarMultBaseNonConst, precompute } from '@strata/group';", FAST_PATH],
    });
  });

  it('runs and prints what its comments say', () => {
    const s = secp256k1.scalarFromInt(7);
    const P = secp256k1.scalarBaseMult(s);
    const Q = P.add(P);
    expect(Q.equals(secp256k1.scalarBaseMult(secp256k1.scalarFromInt(14)))).toBe(true);
    const T = precompute(secp256k1, P, { size: 'large' });
    const R = doubleScalarMultBaseNonConst(secp256k1, secp256k1.scalarFromInt(2), T, s);
    expect(R.equals(secp256k1.scalarBaseMult(secp256k1.scalarFromInt(21)))).toBe(true);
    const h = ed25519.hashToScalar(new TextEncoder().encode('strata'));
    expect(h.toBytes().length === 32).toBe(true);
  });
});
