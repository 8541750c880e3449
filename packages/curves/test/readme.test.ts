/**
 * The README's example, kept runnable: the code block must be in README.md
 * verbatim, and the same code runs here with assertions on what its
 * comments claim.
 */
import { describe, expect, it } from 'vitest';
import { expectReadmeExample } from '@strata/testkit';
import { ModNScalar, Scalar25519 } from '@strata/field';
import { StrataError } from '@strata/curves';
import * as secp256k1 from '@strata/curves/secp256k1';
import * as ed25519 from '@strata/curves/ed25519';
import * as edwards from '@strata/curves/edwards';

const EXAMPLE = `import { ModNScalar, Scalar25519 } from '@strata/field';
import { engine, StrataError } from '@strata/curves';
import * as secp256k1 from '@strata/curves/secp256k1';
import * as ed25519 from '@strata/curves/ed25519';
import * as edwards from '@strata/curves/edwards';

// The fast path first: select the WebAssembly engine. Await it: until it resolves,
// every operation runs on the TypeScript engine ('ts' is also the answer where WebAssembly is refused, e.g. by a CSP).
console.log('engine:', await engine.initWasm(), engine.currentEngine());

// secp256k1: parse a compressed key, compute u2·P + u1·G, serialize.
const G = secp256k1.pointToBytes(secp256k1.generator());
const P = secp256k1.pointFromBytes(G);                     // throws StrataError on bad bytes
const u1 = new ModNScalar().setInt(2);
const u2 = new ModNScalar().setInt(3);
const R = secp256k1.doubleScalarMultBaseNonConst(u2, P, u1); // 3·P + 2·G
const five = secp256k1.scalarBaseMultNonConst(new ModNScalar().setInt(5));
console.log('2G + 3G = 5G:', R.equals(five));

try {
  secp256k1.pointFromBytes(new Uint8Array(33));             // format byte 0x00
} catch (e) {
  console.log('bad key:', e instanceof StrataError ? e.code : e);
}

// ed25519: decode (ZIP-215 rules by default), multiply, encode.
const B = ed25519.Point.fromBytes(ed25519.Point.generator().toBytes());
const k = new Scalar25519().setInt(7);
const A = ed25519.scalarMultNonConst(k, B);
console.log('7·B:', A.equals(ed25519.scalarBaseMultNonConst(k)));

// Jubjub: the frozen params singleton, extended coordinates, zkcrypto encoding.
const J = edwards.scalarBaseMultNonConst(edwards.jubjub, 12345n);
const enc = J.toAffine().toBytes();
console.log('jubjub round trip:', edwards.PointAffine.fromBytes(edwards.jubjub, enc).toExtended().equals(J));
`;

const OUTPUT = `engine: wasm wasm
2G + 3G = 5G: true
bad key: ERR_BAD_FORMAT
7·B: true
jubjub round trip: true
`;

describe('README example', () => {
  it('is the code block in README.md', () => {
    expectReadmeExample(import.meta.url, { code: EXAMPLE, output: OUTPUT, fence: 'js' });
  });

  it('runs and gives what its comments say', () => {
    const G = secp256k1.pointToBytes(secp256k1.generator());
    const P = secp256k1.pointFromBytes(G);
    const u1 = new ModNScalar().setInt(2);
    const u2 = new ModNScalar().setInt(3);
    const R = secp256k1.doubleScalarMultBaseNonConst(u2, P, u1);
    const five = secp256k1.scalarBaseMultNonConst(new ModNScalar().setInt(5));
    expect(R.equals(five)).toBe(true);
    expect(R.equals(secp256k1.scalarBaseMultNonConst(new ModNScalar().setInt(6)))).toBe(false);

    let code: string | undefined;
    try {
      secp256k1.pointFromBytes(new Uint8Array(33));
    } catch (e) {
      expect(e).toBeInstanceOf(StrataError);
      code = (e as StrataError).code;
    }
    expect(code).toBe('ERR_BAD_FORMAT');

    const B = ed25519.Point.fromBytes(ed25519.Point.generator().toBytes());
    const k = new Scalar25519().setInt(7);
    const A = ed25519.scalarMultNonConst(k, B);
    expect(A.equals(ed25519.scalarBaseMultNonConst(k))).toBe(true);
    expect(A.equals(B)).toBe(false);

    const J = edwards.scalarBaseMultNonConst(edwards.jubjub, 12345n);
    const enc = J.toAffine().toBytes();
    expect(enc.length).toBe(32);
    expect(edwards.PointAffine.fromBytes(edwards.jubjub, enc).toExtended().equals(J)).toBe(true);
  });
});
