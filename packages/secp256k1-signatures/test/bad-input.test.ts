/**
 * Bad input, one class at a time (docs/api.md §7): a non-Uint8Array is a
 * TypeError at once; bytes of the wrong length StrataError ERR_BAD_LENGTH;
 * a secret key of 0 or ≥ n ERR_OUT_OF_RANGE; r or s of 0 or ≥ n, keys off
 * the curve, hybrid keys, bad recovery ids and every strict-DER rule their
 * own error — and the verifier returns false for every malformed byte
 * string instead of throwing.
 */
import { describe, expect, it } from 'vitest';
import { hex, thrownCode, toHex } from '@strata/testkit';
import { getPublicKey, StrataError } from '../src/index.js';
import * as ecdsa from '../src/ecdsa-api.js';

const N = hex('fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141');
const N1 = hex('fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140');
const P = hex('fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f');
const ZERO = new Uint8Array(32);
const FF = new Uint8Array(32).fill(0xff);
const d = hex('c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721');
const h = hex('af2bdbe1aa9b6ec1e2ade1d694f41fc71a831d0268e9891562113d8a62add1bf');
const pk = getPublicKey(d);
const sig = ecdsa.sign(h, d);
const cat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) (out.set(p, o), (o += p.length));
  return out;
};
const notBytes: unknown[] = [undefined, null, 'ab', 42, [1, 2, 3], new Uint16Array(32), {}];

describe('secret keys', () => {
  it.each([
    ['0', ZERO],
    ['n', N],
    ['n + 1 … 2^256 − 1', FF],
  ])('%s is ERR_OUT_OF_RANGE for every signer', (_, key) => {
    for (const f of [() => getPublicKey(key), () => ecdsa.sign(h, key), () => ecdsa.signRecoverable(h, key), () => ecdsa.signCompact(h, key)]) {
      expect(thrownCode(f)).toBe('ERR_OUT_OF_RANGE');
    }
  });

  it('n − 1 is the largest key', () => {
    expect(ecdsa.verify(ecdsa.sign(h, N1), h, getPublicKey(N1))).toBe(true);
  });

  it.each([0, 31, 33, 64])('a %i-byte key is ERR_BAD_LENGTH', (len) => {
    const key = new Uint8Array(len).fill(1);
    expect(thrownCode(() => getPublicKey(key))).toBe('ERR_BAD_LENGTH');
    expect(thrownCode(() => ecdsa.sign(h, key))).toBe('ERR_BAD_LENGTH');
  });

  it('a non-Uint8Array argument is a TypeError, for every function', () => {
    for (const v of notBytes) {
      expect(() => getPublicKey(v as Uint8Array)).toThrow(TypeError);
      expect(() => ecdsa.sign(v as Uint8Array, d)).toThrow(TypeError);
      expect(() => ecdsa.sign(h, v as Uint8Array)).toThrow(TypeError);
      expect(() => ecdsa.signRecoverable(h, v as Uint8Array)).toThrow(TypeError);
      expect(() => ecdsa.verify(v as Uint8Array, h, pk)).toThrow(TypeError);
      expect(() => ecdsa.verify(sig, v as Uint8Array, pk)).toThrow(TypeError);
      expect(() => ecdsa.verify(sig, h, v as Uint8Array)).toThrow(TypeError);
      expect(() => ecdsa.recoverPublicKey(v as Uint8Array, 0, h)).toThrow(TypeError);
      expect(() => ecdsa.signatureToDER(v as Uint8Array)).toThrow(TypeError);
      expect(() => ecdsa.signatureFromDER(v as Uint8Array)).toThrow(TypeError);
      expect(() => ecdsa.recoverCompact(v as Uint8Array, h)).toThrow(TypeError);
    }
  });

  it('options of the wrong type are TypeErrors', () => {
    expect(() => getPublicKey(d, { compressed: 'no' as unknown as boolean })).toThrow(TypeError);
    expect(() => getPublicKey(d, null as unknown as undefined)).toThrow(TypeError);
    expect(() => ecdsa.sign(h, d, { extraEntropy: 'x' as unknown as Uint8Array })).toThrow(TypeError);
    expect(() => ecdsa.verify(sig, h, pk, { lowS: 0 as unknown as boolean })).toThrow(TypeError);
    expect(() => ecdsa.signCompact(h, d, { compressed: 1 as unknown as boolean })).toThrow(TypeError);
  });
});

describe('signing input', () => {
  it.each([0, 31, 33, 64])('a %i-byte hash is ERR_BAD_LENGTH', (len) => {
    expect(thrownCode(() => ecdsa.sign(new Uint8Array(len), d))).toBe('ERR_BAD_LENGTH');
    expect(thrownCode(() => ecdsa.signCompact(new Uint8Array(len), d))).toBe('ERR_BAD_LENGTH');
  });

  it.each([0, 16, 31, 33])('extraEntropy of %i bytes is ERR_BAD_LENGTH', (len) => {
    expect(thrownCode(() => ecdsa.sign(h, d, { extraEntropy: new Uint8Array(len) }))).toBe('ERR_BAD_LENGTH');
  });

  it('extraEntropy changes the signature and keeps it valid; undefined is no entropy', () => {
    const a = ecdsa.sign(h, d, { extraEntropy: new Uint8Array(32).fill(1) });
    expect(toHex(a)).not.toBe(toHex(sig));
    expect(ecdsa.verify(a, h, pk)).toBe(true);
    expect(toHex(ecdsa.sign(h, d, { extraEntropy: undefined }))).toBe(toHex(sig));
  });

  it('a hash ≥ n signs as its value mod n (libsecp256k1)', () => {
    const reduced = hex('000000000000000000000000000000014551231950b75fc4402da1732fc9bebe'); // 2^256 − 1 − n
    expect(toHex(ecdsa.sign(FF, d))).toBe(toHex(ecdsa.sign(reduced, d)));
  });
});

describe('verify returns false for every malformed input, never throws', () => {
  const withR = (r: Uint8Array) => cat(r, sig.subarray(32));
  const withS = (s: Uint8Array) => cat(sig.subarray(0, 32), s);
  it.each([
    ['r = 0', withR(ZERO)],
    ['r = n', withR(N)],
    ['r = p', withR(P)],
    ['r = 2^256 − 1', withR(FF)],
    ['s = 0', withS(ZERO)],
    ['s = n', withS(N)],
    ['s = 2^256 − 1', withS(FF)],
    ['63 bytes', sig.subarray(0, 63)],
    ['65 bytes', cat(sig, new Uint8Array(1))],
    ['empty', new Uint8Array(0)],
    ['DER instead of r ‖ s', ecdsa.signatureToDER(sig)],
  ])('signature: %s', (_, bad) => {
    expect(ecdsa.verify(bad, h, pk)).toBe(false);
    expect(ecdsa.verify(bad, h, pk, { lowS: false })).toBe(false);
  });

  const unc = getPublicKey(d, { compressed: false });
  const hybrid = unc.slice();
  hybrid[0] = 0x06 | (unc[64]! & 1);
  const offCurve = unc.slice();
  offCurve[64]! ^= 1;
  const noRoot = hex('02' + '0000000000000000000000000000000000000000000000000000000000000005');
  it.each([
    ['hybrid 0x06/0x07', hybrid],
    ['off the curve', offCurve],
    ['x with no square root', noRoot],
    ['x = p', cat(new Uint8Array([2]), P)],
    ['prefix 0x05', cat(new Uint8Array([5]), pk.subarray(1))],
    ['32 bytes (x-only)', pk.subarray(1)],
    ['34 bytes', cat(pk, new Uint8Array(1))],
    ['empty', new Uint8Array(0)],
  ])('public key: %s', (_, bad) => {
    expect(ecdsa.verify(sig, h, bad)).toBe(false);
  });

  it('the right key in either encoding verifies', () => {
    expect(ecdsa.verify(sig, h, pk)).toBe(true);
    expect(ecdsa.verify(sig, h, unc)).toBe(true);
  });

  it.each([0, 31, 33, 64])('a %i-byte hash', (len) => {
    expect(ecdsa.verify(sig, new Uint8Array(len), pk)).toBe(false);
  });
});

describe('recovery', () => {
  const { signature, recovery } = ecdsa.signRecoverable(h, d);
  it('bad recovery ids: TypeError for a non-integer, RangeError outside 0–3', () => {
    for (const id of [0.5, NaN, '1', undefined, 1n]) expect(() => ecdsa.recoverPublicKey(signature, id as number, h)).toThrow(TypeError);
    for (const id of [-1, 4, 27]) expect(() => ecdsa.recoverPublicKey(signature, id, h)).toThrow(RangeError);
  });

  it('r or s of 0 or ≥ n: ERR_OUT_OF_RANGE; lengths: ERR_BAD_LENGTH', () => {
    expect(thrownCode(() => ecdsa.recoverPublicKey(cat(ZERO, signature.subarray(32)), recovery, h))).toBe('ERR_OUT_OF_RANGE');
    expect(thrownCode(() => ecdsa.recoverPublicKey(cat(N, signature.subarray(32)), recovery, h))).toBe('ERR_OUT_OF_RANGE');
    expect(thrownCode(() => ecdsa.recoverPublicKey(cat(signature.subarray(0, 32), N), recovery, h))).toBe('ERR_OUT_OF_RANGE');
    expect(thrownCode(() => ecdsa.recoverPublicKey(signature.subarray(1), recovery, h))).toBe('ERR_BAD_LENGTH');
    expect(thrownCode(() => ecdsa.recoverPublicKey(signature, recovery, h.subarray(1)))).toBe('ERR_BAD_LENGTH');
  });

  it('an id asking for x = r + n ≥ p: ERR_X_TOO_BIG; an x with no point: ERR_POINT_NOT_ON_CURVE', () => {
    // r = n − 1: r + n > p.
    expect(thrownCode(() => ecdsa.recoverPublicKey(cat(N1, signature.subarray(32)), 2, h))).toBe('ERR_X_TOO_BIG');
    const five = new Uint8Array(32);
    five[31] = 5; // x = 5: 125 + 7 is not a square mod p
    expect(thrownCode(() => ecdsa.recoverPublicKey(cat(five, signature.subarray(32)), 0, h))).toBe('ERR_POINT_NOT_ON_CURVE');
  });

  it('compact: header outside 27–34 is ERR_BAD_FORMAT; 64 or 66 bytes ERR_BAD_LENGTH', () => {
    const c = ecdsa.signCompact(h, d);
    for (const header of [0, 26, 35, 255]) {
      const bad = c.slice();
      bad[0] = header;
      expect(thrownCode(() => ecdsa.recoverCompact(bad, h))).toBe('ERR_BAD_FORMAT');
    }
    expect(thrownCode(() => ecdsa.recoverCompact(c.subarray(1), h))).toBe('ERR_BAD_LENGTH');
    expect(thrownCode(() => ecdsa.recoverCompact(cat(c, new Uint8Array(1)), h))).toBe('ERR_BAD_LENGTH');
  });
});

describe('strict DER (BIP-66)', () => {
  const der = ecdsa.signatureToDER(sig);
  const code = (b: Uint8Array) => thrownCode(() => ecdsa.signatureFromDER(b));
  it('round trip', () => expect(toHex(ecdsa.signatureFromDER(der))).toBe(toHex(sig)));

  it.each([
    ['7 bytes', '30050201010201', 'ERR_BAD_LENGTH'],
    ['73 bytes', '30' + '47' + '00'.repeat(71), 'ERR_BAD_LENGTH'],
    ['not a SEQUENCE', '3106020101020101', 'ERR_MALFORMED'],
    ['length byte too large', '3007020101020101', 'ERR_MALFORMED'],
    ['length byte too small', '3005020101020101', 'ERR_MALFORMED'],
    ['long-form length (BER)', '308106020101020101', 'ERR_MALFORMED'],
    ['r tag not INTEGER', '3006030101020101', 'ERR_MALFORMED'],
    ['s tag not INTEGER', '3006020101030101', 'ERR_MALFORMED'],
    ['zero-length r', '3006020002020101', 'ERR_MALFORMED'],
    ['zero-length s', '300602020101020000', 'ERR_MALFORMED'],
    ['r runs past the end', '3006020501020101', 'ERR_MALFORMED'],
    ['trailing byte inside the sequence', '300702010102010100', 'ERR_MALFORMED'],
    ['negative r', '3006020180020101', 'ERR_NON_CANONICAL'],
    ['negative s', '3006020101020180', 'ERR_NON_CANONICAL'],
    ['r with a superfluous zero', '300702020001020101', 'ERR_NON_CANONICAL'],
    ['s with a superfluous zero', '300702010102020001', 'ERR_NON_CANONICAL'],
    ['r = 0', '3006020100020101', 'ERR_OUT_OF_RANGE'],
    ['s = 0', '3006020101020100', 'ERR_OUT_OF_RANGE'],
    ['r = n', '3026022100' + toHex(N) + '020101', 'ERR_OUT_OF_RANGE'],
    ['r of 33 significant bytes (≥ 2^256)', '302602210101' + '00'.repeat(31) + '020101', 'ERR_OUT_OF_RANGE'],
  ])('%s: %s', (_, h2, want) => {
    expect(code(hex(h2))).toBe(want);
  });

  it('a byte after the sequence is refused', () => {
    expect(code(cat(der, new Uint8Array([1])))).toBe('ERR_MALFORMED');
  });

  it('minimal encodings with a needed zero decode; small values encode short', () => {
    expect(toHex(ecdsa.signatureFromDER(hex('3008020200ff020200ff')))).toBe('00'.repeat(31) + 'ff' + '00'.repeat(31) + 'ff');
    const one = cat(new Uint8Array(31), new Uint8Array([1]));
    expect(toHex(ecdsa.signatureToDER(cat(one, one)))).toBe('3006020101020101');
  });

  it('signatureToDER: 0 or ≥ n is ERR_OUT_OF_RANGE; not 64 bytes ERR_BAD_LENGTH', () => {
    expect(thrownCode(() => ecdsa.signatureToDER(cat(ZERO, sig.subarray(32))))).toBe('ERR_OUT_OF_RANGE');
    expect(thrownCode(() => ecdsa.signatureToDER(cat(sig.subarray(0, 32), N)))).toBe('ERR_OUT_OF_RANGE');
    expect(thrownCode(() => ecdsa.signatureToDER(sig.subarray(1)))).toBe('ERR_BAD_LENGTH');
  });

  it('every error is a StrataError with its offset where one applies', () => {
    try {
      ecdsa.signatureFromDER(hex('3006020180020101'));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(StrataError);
      expect((e as StrataError).offset).toBe(4);
    }
  });
});
