/**
 * BIP-340: every row of bip340/test-vectors.csv (../shared/vectors), signing
 * where a row has a secret key (the exact signature from its aux_rand) and
 * verification of every row; then noble-curves' `schnorr` and
 * tiny-secp256k1's `signSchnorr` / `verifySchnorr` (libsecp256k1) on random
 * keys, messages of every length 0–100 (noble), aux bytes and tampering;
 * and bad input.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as tiny from 'tiny-secp256k1';
import { schnorr as nobleSchnorr } from '@noble/curves/secp256k1.js';
import { hex, readVectorText, thrownCode, toHex } from '@strata/testkit';
import * as schnorr from '../src/schnorr-api.js';

interface Row { index: number; secretKey: string; publicKey: string; aux: string; message: string; signature: string; result: boolean; comment: string }

const rows: Row[] = readVectorText('bip340', 'test-vectors.csv')
  .trim()
  .split(/\r?\n/)
  .slice(1)
  .map((line) => {
    const [index, secretKey, publicKey, aux, message, signature, result, ...comment] = line.split(',');
    return { index: Number(index), secretKey: secretKey!, publicKey: publicKey!, aux: aux!, message: message!, signature: signature!, result: result === 'TRUE', comment: comment.join(',') };
  });

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const toKey = (b: Uint8Array) => hex(((BigInt('0x' + toHex(b)) % (N - 1n)) + 1n).toString(16).padStart(64, '0'));
const key = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(toKey);
const b32 = fc.uint8Array({ minLength: 32, maxLength: 32 });

describe('BIP-340 test vectors, every row', () => {
  it('has the 19 rows', () => {
    expect(rows.length).toBe(19);
    expect(rows.filter((r) => r.secretKey !== '').length).toBe(8);
  });

  it.each(rows.map((r) => [r.index, r.comment || (r.result ? 'valid' : 'invalid'), r] as const))('row %i: %s', (_, __, r) => {
    const pk = hex(r.publicKey);
    const msg = hex(r.message);
    const sig = hex(r.signature);
    if (r.secretKey !== '') {
      const d = hex(r.secretKey);
      expect(toHex(schnorr.getPublicKey(d))).toBe(r.publicKey.toLowerCase());
      expect(toHex(schnorr.sign(msg, d, hex(r.aux)))).toBe(r.signature.toLowerCase());
    }
    expect(schnorr.verify(sig, msg, pk)).toBe(r.result);
    // The batch agrees, alone and beside a valid entry.
    const batch = new schnorr.BatchVerifier();
    batch.add(sig, msg, pk);
    expect(batch.verify()).toBe(r.result);
    batch.add(hex(rows[0]!.signature), hex(rows[0]!.message), hex(rows[0]!.publicKey));
    expect(batch.verifyEach()).toEqual([r.result, true]);
    expect(batch.verify()).toBe(r.result);
  });
});

describe('equal to noble-curves and tiny-secp256k1', () => {
  it('getPublicKey and sign with aux bytes, messages of every length 0–100 (noble)', () => {
    fc.assert(
      fc.property(key, fc.uint8Array({ maxLength: 100 }), b32, (d, m, aux) => {
        expect(toHex(schnorr.getPublicKey(d))).toBe(toHex(nobleSchnorr.getPublicKey(d)));
        const sig = schnorr.sign(m, d, aux);
        expect(toHex(sig)).toBe(toHex(nobleSchnorr.sign(m, d, aux)));
        expect(schnorr.verify(sig, m, schnorr.getPublicKey(d))).toBe(true);
      }),
      { numRuns: 96 },
    );
  });

  it('32-byte messages: sign equals tiny-secp256k1 (libsecp256k1), with aux and with none (zeros)', () => {
    fc.assert(
      fc.property(key, b32, b32, (d, h, aux) => {
        expect(toHex(schnorr.sign(h, d, aux))).toBe(toHex(tiny.signSchnorr(h, d, aux)));
        expect(toHex(schnorr.sign(h, d, new Uint8Array(32)))).toBe(toHex(tiny.signSchnorr(h, d)));
        expect(toHex(schnorr.getPublicKey(d))).toBe(toHex(tiny.xOnlyPointFromScalar(d)));
      }),
      { numRuns: 64 },
    );
  });

  it('verify agrees with both on valid and bit-flipped signatures, messages and keys', () => {
    fc.assert(
      fc.property(key, b32, fc.nat(64 * 8 + 32 * 8 + 32 * 8 - 1), (d, h, bit) => {
        const pk = schnorr.getPublicKey(d);
        const sig = schnorr.sign(h, d);
        const [s2, h2, p2] = [sig.slice(), h.slice(), pk.slice()];
        if (bit < 512) s2[bit >> 3]! ^= 1 << (bit & 7);
        else if (bit < 768) h2[(bit - 512) >> 3]! ^= 1 << (bit & 7);
        else p2[(bit - 768) >> 3]! ^= 1 << (bit & 7);
        const want = nobleSchnorr.verify(s2, h2, p2);
        expect(schnorr.verify(s2, h2, p2)).toBe(want);
        if (tiny.isXOnlyPoint(p2)) expect(tiny.verifySchnorr(h2, p2, s2)).toBe(want);
        expect(schnorr.verify(sig, h, pk)).toBe(true);
      }),
      { numRuns: 128 },
    );
  });

  it('auxRand omitted: fresh randomness, still valid, differs between calls', () => {
    const d = toKey(new Uint8Array(32).fill(7));
    const m = new TextEncoder().encode('hello');
    const a = schnorr.sign(m, d);
    const b = schnorr.sign(m, d);
    expect(toHex(a)).not.toBe(toHex(b));
    expect(schnorr.verify(a, m, schnorr.getPublicKey(d)) && schnorr.verify(b, m, schnorr.getPublicKey(d))).toBe(true);
  });
});

describe('bad input', () => {
  const d = toKey(new Uint8Array(32).fill(9));
  const pk = schnorr.getPublicKey(d);
  const m = new Uint8Array(32).fill(1);
  const sig = schnorr.sign(m, d, new Uint8Array(32));
  const P = hex('fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f');
  const Nb = hex('fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141');
  const cat = (a: Uint8Array, b: Uint8Array) => {
    const o = new Uint8Array(a.length + b.length);
    o.set(a);
    o.set(b, a.length);
    return o;
  };

  it('signers: secret key 0, n, 2^256 − 1 are ERR_OUT_OF_RANGE; wrong lengths ERR_BAD_LENGTH; non-bytes TypeError', () => {
    for (const k of [new Uint8Array(32), Nb, new Uint8Array(32).fill(0xff)]) {
      expect(thrownCode(() => schnorr.sign(m, k))).toBe('ERR_OUT_OF_RANGE');
      expect(thrownCode(() => schnorr.getPublicKey(k))).toBe('ERR_OUT_OF_RANGE');
    }
    expect(thrownCode(() => schnorr.sign(m, d.subarray(1)))).toBe('ERR_BAD_LENGTH');
    expect(thrownCode(() => schnorr.sign(m, d, new Uint8Array(31)))).toBe('ERR_BAD_LENGTH');
    expect(thrownCode(() => schnorr.sign(m, d, new Uint8Array(33)))).toBe('ERR_BAD_LENGTH');
    for (const v of [null, 'ab', [1], 3, new Uint16Array(32)] as unknown[]) {
      expect(() => schnorr.sign(v as Uint8Array, d)).toThrow(TypeError);
      expect(() => schnorr.sign(m, v as Uint8Array)).toThrow(TypeError);
      expect(() => schnorr.sign(m, d, v as Uint8Array)).toThrow(TypeError);
      expect(() => schnorr.verify(v as Uint8Array, m, pk)).toThrow(TypeError);
      expect(() => schnorr.verify(sig, v as Uint8Array, pk)).toThrow(TypeError);
      expect(() => schnorr.verify(sig, m, v as Uint8Array)).toThrow(TypeError);
      expect(() => new schnorr.BatchVerifier().add(v as Uint8Array, m, pk)).toThrow(TypeError);
    }
    expect(() => new schnorr.BatchVerifier(null as unknown as undefined)).toThrow(TypeError);
  });

  it.each([
    ['signature 63 bytes', sig.subarray(0, 63), m, pk],
    ['signature 65 bytes', cat(sig, new Uint8Array(1)), m, pk],
    ['r = p', cat(P, sig.subarray(32)), m, pk],
    ['r with no point (x = 5)', cat(hex('00'.repeat(31) + '05'), sig.subarray(32)), m, pk],
    ['s = n', cat(sig.subarray(0, 32), Nb), m, pk],
    ['s = 2^256 − 1', cat(sig.subarray(0, 32), new Uint8Array(32).fill(0xff)), m, pk],
    ['key 33 bytes (compressed SEC1)', sig, m, cat(new Uint8Array([2]), pk)],
    ['key 31 bytes', sig, m, pk.subarray(1)],
    ['key x = p', sig, m, P],
    ['key with no square root (x = 5)', sig, m, hex('00'.repeat(31) + '05')],
    ['another message', sig, new Uint8Array(31), pk],
  ])('verify is false, single and batched: %s', (_, s, msg, key) => {
    expect(schnorr.verify(s, msg, key)).toBe(false);
    const b = new schnorr.BatchVerifier();
    b.add(s, msg, key);
    b.add(sig, m, pk);
    expect(b.verify()).toBe(false);
    expect(b.verifyEach()).toEqual([false, true]);
  });
});
