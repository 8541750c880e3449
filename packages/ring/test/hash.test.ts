/**
 * The hash functions on their own: hash-to-curve and hash-to-scalar against
 * the independent oracle on random inputs, the backend-disagreement
 * predicate, and argument errors.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ErrorCode } from '@strata/field';
import { toHex } from '@strata/testkit';
import type { Curve } from '@strata/group';
import { hashToCurveNonConst, hashToCurveStyle } from '../src/index.js';
import { hashToScalar, hashToScalarIsAmbiguous } from './helpers.js';
import { BACKENDS, type CurveName } from './helpers.js';
import * as O from './oracle.js';

const NAMES: CurveName[] = ['secp256k1', 'ed25519'];

for (const backend of BACKENDS) {
  for (const name of NAMES) {
    const curve = backend.curves[name];
    describe(`${backend.label} ${name}: hashes`, () => {
      it('hash-to-curve agrees with the oracle on random public keys', () => {
        fc.assert(
          fc.property(fc.bigInt({ min: 1n, max: O.order(name) - 1n }), (k) => {
            const enc = O.publicKey(name, k);
            const got = hashToCurveNonConst(curve, curve.pointFromBytes(enc)).toBytes();
            expect(toHex(got)).toBe(toHex(O.encodePoint(name, O.hashToCurve(name, O.pointFromBytes(name, enc)))));
            if (name === 'secp256k1') expect(got[0]).toBe(2);
          }),
          { numRuns: 20 },
        );
      });

      it('ed25519 hash-to-curve lands in the prime-order subgroup (cofactor cleared)', () => {
        if (name !== 'ed25519') return;
        const H = hashToCurveNonConst(curve, curve.basePoint());
        const lH = curve.scalarMultNonConst(curve.scalarFromBytes(O.encodeScalar(name, O.L_ED - 1n)), H).add(H);
        expect(lH.isIdentity()).toBe(true);
      });

      it('hash-to-scalar (both rules) and the disagreement predicate agree with the oracle', () => {
        fc.assert(
          fc.property(fc.uint8Array({ minLength: 0, maxLength: 130 }), (data) => {
            for (const rule of ['decred', 'libsecp256k1'] as const) {
              const got = hashToScalar(curve, data, rule);
              expect(toHex(got.toBytes())).toBe(toHex(O.encodeScalar(name, O.hashToScalar(name, data, rule))));
            }
            expect(hashToScalarIsAmbiguous(curve, data)).toBe(name === 'secp256k1' && O.isShortHash(data));
          }),
          { numRuns: 80 },
        );
      });

      it('the disagreement predicate works for a curve that lacks hashToScalarIsAmbiguous', () => {
        const bare = Object.create(curve) as Curve;
        Object.defineProperty(bare, 'hashToScalarIsAmbiguous', { value: undefined });
        expect(bare.hashToScalarIsAmbiguous).toBeUndefined();
        const short = new TextEncoder().encode('h2s-short-');
        const inputs = [new Uint8Array(0), new Uint8Array([1, 2, 3]), short];
        // Recorded short inputs from the vectors (both have a leading zero byte after reduction).
        inputs.push(Uint8Array.from([0x68, 0x32, 0x73, 0x2d, 0x73, 0x68, 0x6f, 0x72, 0x74, 0x2d, 0, 0, 0, 0, 0, 0, 0, 0x4b]));
        for (const d of inputs) {
          expect(hashToScalarIsAmbiguous(bare, d)).toBe(name === 'secp256k1' && O.isShortHash(d));
        }
        if (name === 'secp256k1') expect(hashToScalarIsAmbiguous(bare, inputs[3]!)).toBe(true);
      });

      it('writes into out and leaves it equal to the returned scalar', () => {
        const out = curve.zeroScalar();
        const r = hashToScalar(curve, new Uint8Array([1, 2, 3]), 'libsecp256k1', out);
        expect(r).toBe(out);
        expect(toHex(out.toBytes())).toBe(toHex(O.encodeScalar(name, O.hashToScalar(name, new Uint8Array([1, 2, 3]), 'libsecp256k1'))));
      });

      it('rejects wrong argument types', () => {
        expect(() => hashToScalar(curve, 'abc' as never)).toThrow(TypeError);
        expect(() => hashToScalar(curve, new Uint8Array(1), 'other' as never)).toThrow(TypeError);
      });
    });
  }
}

describe('hashToCurveStyle', () => {
  it('classifies the two curve shapes and rejects others', () => {
    const [strata] = BACKENDS;
    expect(hashToCurveStyle(strata!.curves.secp256k1)).toBe('sec1-even-y');
    expect(hashToCurveStyle(strata!.curves.ed25519)).toBe('edwards-cofactor');
    // Curves in every respect but their sizes (the prototype gives them the methods).
    const odd = Object.assign(Object.create(strata!.curves.ed25519), { name: 'odd', compressedPointSize: 57, scalarByteOrder: 'le', scalarSize: 57 }) as Curve;
    const odd2 = Object.assign(Object.create(strata!.curves.secp256k1), { name: 'odd2', compressedPointSize: 48, scalarByteOrder: 'be', scalarSize: 32 }) as Curve;
    expect(hashToCurveStyle(odd)).toBe('edwards-cofactor');
    expect(() => hashToCurveStyle(odd2)).toThrowError(expect.objectContaining({ code: ErrorCode.INVALID_ARGUMENT }));
  });
});
