/**
 * ECDSA against two independent implementations, on random inputs:
 * tiny-secp256k1 2.x (libsecp256k1 compiled to WebAssembly, the behaviour
 * this package promises) and noble-curves. Signatures must be equal byte for
 * byte (RFC 6979 with libsecp256k1's keying, with and without extra
 * entropy), recovery ids equal, keys equal, and verification agree on valid,
 * high-S and tampered signatures.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as tiny from 'tiny-secp256k1';
import { secp256k1 as noble } from '@noble/curves/secp256k1.js';
import { toHex } from '@strata/testkit';
import { getPublicKey, randomSecretKey } from '../src/index.js';
import * as ecdsa from '../src/ecdsa-api.js';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const big = (b: Uint8Array) => BigInt('0x' + (toHex(b) || '0'));
const bytes32 = (v: bigint) => {
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0; i--, v >>= 8n) out[i] = Number(v & 0xffn);
  return out;
};
/** A valid secret key from 32 arbitrary bytes (reduced into [1, n)). */
const toKey = (b: Uint8Array) => bytes32((big(b) % (N - 1n)) + 1n);
const key = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(toKey);
const hash = fc.uint8Array({ minLength: 32, maxLength: 32 });
/** The other s of a signature: n − s. */
function highS(sig: Uint8Array): Uint8Array {
  const out = sig.slice();
  out.set(bytes32(N - big(sig.subarray(32))), 32);
  return out;
}

describe('ecdsa: equal to tiny-secp256k1 (libsecp256k1) and noble-curves', () => {
  it('getPublicKey: compressed and uncompressed', () => {
    fc.assert(
      fc.property(key, (d) => {
        expect(toHex(getPublicKey(d))).toBe(toHex(tiny.pointFromScalar(d, true)!));
        expect(toHex(getPublicKey(d, { compressed: false }))).toBe(toHex(tiny.pointFromScalar(d, false)!));
        expect(toHex(getPublicKey(d))).toBe(toHex(noble.getPublicKey(d, true)));
      }),
      { numRuns: 64 },
    );
  });

  it('randomSecretKey gives valid, distinct keys', () => {
    const a = randomSecretKey();
    const b = randomSecretKey();
    expect(tiny.isPrivate(a) && tiny.isPrivate(b)).toBe(true);
    expect(toHex(a)).not.toBe(toHex(b));
  });

  it('sign: byte for byte, with and without extraEntropy; recovery ids equal', () => {
    fc.assert(
      fc.property(key, hash, fc.option(fc.uint8Array({ minLength: 32, maxLength: 32 }), { nil: undefined }), (d, h, extra) => {
        const sig = extra === undefined ? ecdsa.sign(h, d) : ecdsa.sign(h, d, { extraEntropy: extra });
        expect(toHex(sig)).toBe(toHex(tiny.sign(h, d, extra)));
        const rec = ecdsa.signRecoverable(h, d, extra === undefined ? undefined : { extraEntropy: extra });
        const t = tiny.signRecoverable(h, d, extra);
        expect(toHex(rec.signature)).toBe(toHex(t.signature));
        expect(rec.recovery).toBe(t.recoveryId);
        if (extra === undefined) {
          const n = noble.sign(h, d, { prehash: false, format: 'recovered' });
          expect(toHex(rec.signature)).toBe(toHex(n.subarray(1)));
          expect(rec.recovery).toBe(n[0]);
        }
      }),
      { numRuns: 96 },
    );
  });

  it('verify and recoverPublicKey agree on valid, high-S and tampered signatures', () => {
    fc.assert(
      fc.property(key, hash, fc.nat(511), fc.boolean(), (d, h, bit, compressed) => {
        const pk = getPublicKey(d, { compressed });
        const { signature, recovery } = ecdsa.signRecoverable(h, d);
        expect(ecdsa.verify(signature, h, pk)).toBe(true);
        expect(tiny.verify(h, pk, signature, true)).toBe(true);
        // High S: rejected by default (libsecp256k1, tiny's strict mode), accepted with lowS: false.
        const high = highS(signature);
        expect(ecdsa.verify(high, h, pk)).toBe(false);
        expect(tiny.verify(h, pk, high, true)).toBe(false);
        expect(ecdsa.verify(high, h, pk, { lowS: false })).toBe(true);
        expect(tiny.verify(h, pk, high, false)).toBe(true);
        expect(noble.verify(high, h, pk, { prehash: false, lowS: false })).toBe(true);
        // One flipped bit of signature, or of the hash.
        const bad = signature.slice();
        const badHash = h.slice();
        if (bit < 512) bad[bit >> 3]! ^= 1 << (bit & 7);
        badHash[bit & 31]! ^= 1 << ((bit >> 5) & 7);
        const tinyBad = tiny.isPrivate(bad.subarray(0, 32)) && tiny.isPrivate(bad.subarray(32)) ? tiny.verify(h, pk, bad, true) : false;
        expect(ecdsa.verify(bad, h, pk)).toBe(tinyBad);
        expect(ecdsa.verify(signature, badHash, pk)).toBe(tiny.verify(badHash, pk, signature, true));
        // Recovery: the same key as tiny's, both encodings, and for the high-S twin (id ^ 1).
        expect(toHex(ecdsa.recoverPublicKey(signature, recovery, h))).toBe(toHex(getPublicKey(d)));
        expect(toHex(ecdsa.recoverPublicKey(signature, recovery, h, { compressed: false }))).toBe(toHex(tiny.recover(h, signature, recovery as 0, false)!));
        expect(toHex(ecdsa.recoverPublicKey(high, recovery ^ 1, h))).toBe(toHex(getPublicKey(d)));
      }),
      { numRuns: 96 },
    );
  });

  it('signCompact / recoverCompact: btcec header 27 + id (+ 4 compressed)', () => {
    fc.assert(
      fc.property(key, hash, fc.boolean(), (d, h, compressed) => {
        const c = ecdsa.signCompact(h, d, { compressed });
        const { signature, recovery } = ecdsa.signRecoverable(h, d);
        expect(c[0]).toBe(27 + recovery + (compressed ? 4 : 0));
        expect(toHex(c.subarray(1))).toBe(toHex(signature));
        const got = ecdsa.recoverCompact(c, h);
        expect(got.compressed).toBe(compressed);
        expect(toHex(got.publicKey)).toBe(toHex(getPublicKey(d, { compressed })));
      }),
      { numRuns: 48 },
    );
  });

  it('DER: signatureToDER equals noble-curves, and signatureFromDER inverts it', () => {
    fc.assert(
      fc.property(key, hash, (d, h) => {
        const sig = ecdsa.sign(h, d);
        const der = ecdsa.signatureToDER(sig);
        expect(toHex(der)).toBe(toHex(noble.Signature.fromBytes(sig, 'compact').toBytes('der')));
        expect(toHex(ecdsa.signatureFromDER(der))).toBe(toHex(sig));
      }),
      { numRuns: 64 },
    );
  });
});
