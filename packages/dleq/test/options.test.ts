/**
 * Every options object of @strata/dleq refuses values of the wrong type with
 * TypeError at once (issue 10, finding 7): `{ strict: 'true' }` used to
 * accept trailing bytes, `{ avoidBackendDisagreement: 'false' }` to keep
 * the re-draws on, a non-function `rand` to fail deep inside the prover.
 */
import { describe, expect, it } from 'vitest';
import { hex } from '@strata/testkit';
import { seededRandom } from '@strata/group-testkit';
import { Proof, prove, type FromBytesOptions, type ProveOptions } from '../src/index.js';
import { createSecp256k1Curve, ed25519, precompute, secp256k1, type Secp256k1CurveOptions } from '@strata/group';
import { vectors } from './helpers.js';

const BAD_BOOLEANS: unknown[] = ['true', 'false', 0, 1, null, {}];
const NOT_OBJECTS: unknown[] = [null, 'strict', 1, true, []];

describe('Proof.fromBytes options', () => {
  const v = vectors().proofs.find((p) => p.id === 'secp256k1-ed25519-0')!;
  const bytes = hex(v.proof);
  const padded = new Uint8Array(bytes.length + 1);
  padded.set(bytes);

  it('strict must be a boolean: { strict: "true" } no longer accepts trailing bytes silently', () => {
    expect(Proof.fromBytes(secp256k1, ed25519, padded).verify(secp256k1, ed25519)).toBe(true);
    expect(Proof.fromBytes(secp256k1, ed25519, padded, { strict: undefined }).verify(secp256k1, ed25519)).toBe(true);
    expect(() => Proof.fromBytes(secp256k1, ed25519, padded, { strict: true })).toThrow();
    for (const s of BAD_BOOLEANS) {
      expect(() => Proof.fromBytes(secp256k1, ed25519, padded, { strict: s } as unknown as FromBytesOptions), String(s)).toThrow(TypeError);
      expect(() => Proof.fromBytes(secp256k1, ed25519, bytes, { strict: s } as unknown as FromBytesOptions), String(s)).toThrow(TypeError);
    }
    for (const o of NOT_OBJECTS) {
      expect(() => Proof.fromBytes(secp256k1, ed25519, bytes, o as unknown as FromBytesOptions), String(o)).toThrow(TypeError);
    }
  });
});

describe('prove options', () => {
  const secret = new Uint8Array(32);
  secret[0] = 5;

  it('avoidBackendDisagreement must be a boolean, rand a function, options an object', () => {
    for (const a of BAD_BOOLEANS) {
      expect(() => prove(secp256k1, ed25519, secret, { rand: seededRandom(1), avoidBackendDisagreement: a } as unknown as ProveOptions), String(a)).toThrow(TypeError);
    }
    for (const r of ['random', 1, {}, new Uint8Array(32), null]) {
      expect(() => prove(secp256k1, ed25519, secret, { rand: r } as unknown as ProveOptions), String(r)).toThrow(TypeError);
    }
    for (const o of NOT_OBJECTS) expect(() => prove(secp256k1, ed25519, secret, o as unknown as ProveOptions), String(o)).toThrow(TypeError);
  });

  it('well-typed options still prove (undefined keys take the defaults)', () => {
    const p = prove(secp256k1, ed25519, secret, { rand: seededRandom(2), avoidBackendDisagreement: undefined });
    expect(p.verify(secp256k1, ed25519)).toBe(true);
  });
});

describe('createSecp256k1Curve options', () => {
  it('hashToScalarRule must be one of the listed strings; options an object', () => {
    expect(createSecp256k1Curve().hashToScalarRule).toBe('decred');
    expect(createSecp256k1Curve({}).hashToScalarRule).toBe('decred');
    expect(createSecp256k1Curve({ hashToScalarRule: undefined }).hashToScalarRule).toBe('decred');
    expect(createSecp256k1Curve({ hashToScalarRule: 'libsecp256k1' }).hashToScalarRule).toBe('libsecp256k1');
    for (const r of ['reduced', 'Reduced', 'DECRED', 'ethereum', '', 1, null, true]) {
      expect(() => createSecp256k1Curve({ hashToScalarRule: r } as unknown as Secp256k1CurveOptions), String(r)).toThrow(TypeError);
    }
    for (const o of NOT_OBJECTS) expect(() => createSecp256k1Curve(o as unknown as Secp256k1CurveOptions), String(o)).toThrow(TypeError);
  });
});

describe('precompute options', () => {
  for (const c of [secp256k1, ed25519]) {
    it(`${c.name}: a size or use count of the wrong type is a TypeError, a use count out of range a RangeError`, () => {
      const P = c.basePoint();
      for (const v of ['5', null, true, 5n, {}]) {
        expect(() => c.precompute!(P, { uses: v } as unknown as object), String(v)).toThrow(TypeError);
        expect(() => c.precompute!(P, { size: v } as unknown as object), String(v)).toThrow(TypeError);
        expect(() => precompute(c, P, { uses: v } as unknown as object), String(v)).toThrow(TypeError);
      }
      for (const o of NOT_OBJECTS) expect(() => c.precompute!(P, o as unknown as object), String(o)).toThrow(TypeError);
      expect(() => c.precompute!(P, { uses: 0 })).toThrow(RangeError);
      expect(c.precompute!(P, { size: 'small', uses: 2 }).point.equals(P)).toBe(true);
    });
  }
});
