/**
 * The `tweak` namespace: BIP-32 and BIP-341 key tweaks.
 *
 * - Against a BigInt reference mod n for the secret-key operations, and
 *   against tiny-secp256k1 2.2.4 (libsecp256k1) for the point operations,
 *   on random keys and tweaks and on the edge values (tweak 0, 1, n − 1;
 *   secret keys 1 and n − 1).
 * - The Taproot output key against bitcoinjs-lib 7's `payments.p2tr` (no
 *   script tree) and, with a merkle root, against its `taggedHash('TapTweak')`
 *   applied with tiny-secp256k1's `xOnlyPointAddTweak`; the Taproot secret
 *   key's public key is the output key, and a BIP-340 signature by it
 *   verifies under the output key.
 * - Each class of bad input: a TypeError for a wrong type, ERR_BAD_LENGTH,
 *   ERR_OUT_OF_RANGE (secret key 0 or ≥ n, tweak ≥ n, a secret result of 0),
 *   the public-key parser's codes, ERR_POINT_AT_INFINITY for a sum at
 *   infinity — and `xOnlyAddCheck` returning false for bad bytes.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as tiny from 'tiny-secp256k1';
import * as bitcoin from 'bitcoinjs-lib';
import { bigFromBytesBE, bigToBytesBE, expectReadmeExample, hex, thrownCode, toHex } from '@strata/testkit';
import { getPublicKey, randomSecretKey } from '../src/index.js';
import * as schnorr from '../src/schnorr-api.js';
import * as tweak from '../src/tweak-api.js';

bitcoin.initEccLib(tiny);

const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const be = (v: bigint) => bigToBytesBE(v, 32);
const mod = (v: bigint) => ((v % n) + n) % n;
const GX = '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798';
const Ph = 'fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f';

const bytes32 = fc.uint8Array({ minLength: 32, maxLength: 32 });
/** A valid secret key: random, or 1, or n − 1. */
const secretKey = fc.oneof(
  bytes32.filter((b) => tiny.isPrivate(b)),
  fc.constantFrom(be(1n), be(n - 1n)),
);
/** A valid tweak (< n): random, or 0, 1, n − 1. */
const tweakBytes = fc.oneof(
  bytes32.filter((b) => bigFromBytesBE(b) < n),
  fc.constantFrom(be(0n), be(1n), be(n - 1n)),
);
const RUNS = { numRuns: 150 };

describe('secret-key tweaks ≡ BigInt mod n', () => {
  it('privateAdd(d, t) = d + t mod n', () => {
    fc.assert(
      fc.property(secretKey, tweakBytes, (d, t) => {
        const want = mod(bigFromBytesBE(d) + bigFromBytesBE(t));
        fc.pre(want !== 0n);
        expect(toHex(tweak.privateAdd(d, t))).toBe(toHex(be(want)));
        expect(toHex(tweak.privateAdd(d, t))).toBe(toHex(tiny.privateAdd(d, t)!));
      }),
      RUNS,
    );
  });

  it('privateNegate(d) = n − d, and twice is d', () => {
    fc.assert(
      fc.property(secretKey, (d) => {
        const neg = tweak.privateNegate(d);
        expect(toHex(neg)).toBe(toHex(be(n - bigFromBytesBE(d))));
        expect(toHex(neg)).toBe(toHex(tiny.privateNegate(d)));
        expect(toHex(tweak.privateNegate(neg))).toBe(toHex(d));
      }),
      RUNS,
    );
  });

  it('the inputs are not changed and the output is fresh', () => {
    const d = be(5n);
    const t = be(7n);
    const out = tweak.privateAdd(d, t);
    expect(toHex(d)).toBe(toHex(be(5n)));
    expect(toHex(t)).toBe(toHex(be(7n)));
    expect(out).not.toBe(d);
    expect(toHex(out)).toBe(toHex(be(12n)));
  });
});

describe('public-key tweaks ≡ tiny-secp256k1', () => {
  it('publicAdd(P, t) = P + t·G in both encodings, from both encodings', () => {
    fc.assert(
      fc.property(secretKey, tweakBytes, fc.boolean(), fc.boolean(), (d, t, inCompressed, outCompressed) => {
        const P = getPublicKey(d, { compressed: inCompressed });
        const want = tiny.pointAddScalar(P, t, outCompressed);
        fc.pre(want !== null);
        expect(toHex(tweak.publicAdd(P, t, { compressed: outCompressed }))).toBe(toHex(want));
        // The default output is compressed, whatever the input's form.
        expect(toHex(tweak.publicAdd(P, t))).toBe(toHex(tiny.pointAddScalar(P, t, true)!));
      }),
      RUNS,
    );
  });

  it('publicAdd(d·G, t) = privateAdd(d, t)·G (BIP-32: the public child is the private child’s key)', () => {
    fc.assert(
      fc.property(secretKey, tweakBytes, (d, t) => {
        fc.pre(mod(bigFromBytesBE(d) + bigFromBytesBE(t)) !== 0n);
        expect(toHex(tweak.publicAdd(getPublicKey(d), t))).toBe(toHex(getPublicKey(tweak.privateAdd(d, t))));
      }),
      RUNS,
    );
  });

  it('xOnlyAdd(x, t) = lift_x(x) + t·G with its parity, and xOnlyAddCheck accepts exactly that', () => {
    fc.assert(
      fc.property(secretKey, tweakBytes, (d, t) => {
        const X = schnorr.getPublicKey(d);
        const want = tiny.xOnlyPointAddTweak(X, t);
        fc.pre(want !== null);
        const got = tweak.xOnlyAdd(X, t);
        expect(toHex(got.publicKey)).toBe(toHex(want.xOnlyPubkey));
        expect(got.parity).toBe(want.parity);
        expect(tweak.xOnlyAddCheck(X, t, got.publicKey, got.parity)).toBe(true);
        expect(tiny.xOnlyPointAddTweakCheck(X, t, got.publicKey, got.parity)).toBe(true);
        expect(tweak.xOnlyAddCheck(X, t, got.publicKey, (1 - got.parity) as 0 | 1)).toBe(false);
        const other = got.publicKey.slice();
        other[31]! ^= 1;
        expect(tweak.xOnlyAddCheck(X, t, other, got.parity)).toBe(false);
      }),
      RUNS,
    );
  });

  it('tweak 0 gives the key back (x-only: with even y, so parity 0)', () => {
    const d = be(12345n);
    const zero = be(0n);
    expect(toHex(tweak.publicAdd(getPublicKey(d), zero))).toBe(toHex(getPublicKey(d)));
    const X = schnorr.getPublicKey(d);
    expect(tweak.xOnlyAdd(X, zero)).toEqual({ publicKey: X, parity: 0 });
  });
});

describe('BIP-341 Taproot tweak', () => {
  it('taprootOutputKey(P) is bitcoinjs-lib’s p2tr output key (BIP-86, no script tree)', () => {
    fc.assert(
      fc.property(secretKey, (d) => {
        const P = schnorr.getPublicKey(d);
        const p2tr = bitcoin.payments.p2tr({ internalPubkey: P });
        const got = tweak.taprootOutputKey(P);
        expect(toHex(got.publicKey)).toBe(toHex(p2tr.pubkey!));
        const want = tiny.xOnlyPointAddTweak(P, bitcoin.crypto.taggedHash('TapTweak', P))!;
        expect(got.parity).toBe(want.parity);
      }),
      { numRuns: 50 },
    );
  });

  it('taprootOutputKey(P, root) = lift_x(P) + hash_TapTweak(P ‖ root)·G, and bitcoinjs’s p2tr with a script tree agrees', () => {
    const d = be(0x5eedn);
    const P = schnorr.getPublicKey(d);
    const leafScript = bitcoin.script.compile([hex(GX), bitcoin.opcodes.OP_CHECKSIG!]);
    const p2tr = bitcoin.payments.p2tr({ internalPubkey: P, scriptTree: { output: leafScript } });
    const root = p2tr.hash!;
    expect(root.length).toBe(32);
    const got = tweak.taprootOutputKey(P, root);
    expect(toHex(got.publicKey)).toBe(toHex(p2tr.pubkey!));
    const t = bitcoin.crypto.taggedHash('TapTweak', Uint8Array.from([...P, ...root]));
    const want = tiny.xOnlyPointAddTweak(P, t)!;
    expect(toHex(got.publicKey)).toBe(toHex(want.xOnlyPubkey));
    expect(got.parity).toBe(want.parity);
    expect(tweak.xOnlyAddCheck(P, t, got.publicKey, got.parity)).toBe(true);
    // A different root gives a different key.
    const root2 = root.slice();
    root2[0]! ^= 1;
    expect(toHex(tweak.taprootOutputKey(P, root2).publicKey)).not.toBe(toHex(got.publicKey));
  });

  it('taprootSecretKey(d, root?)·G is the output key, and a key-path signature by it verifies under the output key', () => {
    fc.assert(
      fc.property(secretKey, fc.option(bytes32, { nil: undefined }), bytes32, (d, root, msg) => {
        const P = schnorr.getPublicKey(d);
        const Q = tweak.taprootOutputKey(P, root);
        const q = tweak.taprootSecretKey(d, root);
        expect(toHex(schnorr.getPublicKey(q))).toBe(toHex(Q.publicKey));
        // The parity of q·G's y is the output key's parity (q is not negated).
        expect(getPublicKey(q)[0]! & 1).toBe(Q.parity);
        const sig = schnorr.sign(msg, q, new Uint8Array(32));
        expect(schnorr.verify(sig, msg, Q.publicKey)).toBe(true);
        expect(tiny.verifySchnorr(msg, Q.publicKey, sig)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('taprootSecretKey matches bitcoinjs-lib’s signer tweak (ecpair-style: negate for odd y, then add)', () => {
    fc.assert(
      fc.property(secretKey, (d) => {
        const P = schnorr.getPublicKey(d);
        const t = bitcoin.crypto.taggedHash('TapTweak', P);
        const even = (tiny.pointFromScalar(d, true)![0]! & 1) === 0 ? d : tiny.privateNegate(d);
        expect(toHex(tweak.taprootSecretKey(d))).toBe(toHex(tiny.privateAdd(even, t)!));
      }),
      { numRuns: 50 },
    );
  });
});

describe('bad input', () => {
  const d = be(0xabcdefn);
  const P = getPublicKey(d);
  const X = schnorr.getPublicKey(d);
  const t = be(3n);
  const notBytes: unknown[] = [undefined, null, 'ab', 42, [1, 2, 3], new Uint16Array(32), {}];

  it('a non-Uint8Array argument is a TypeError, for every function', () => {
    for (const v of notBytes) {
      const b = v as Uint8Array;
      expect(() => tweak.privateAdd(b, t)).toThrow(TypeError);
      expect(() => tweak.privateAdd(d, b)).toThrow(TypeError);
      expect(() => tweak.privateNegate(b)).toThrow(TypeError);
      expect(() => tweak.publicAdd(b, t)).toThrow(TypeError);
      expect(() => tweak.publicAdd(P, b)).toThrow(TypeError);
      expect(() => tweak.xOnlyAdd(b, t)).toThrow(TypeError);
      expect(() => tweak.xOnlyAdd(X, b)).toThrow(TypeError);
      expect(() => tweak.xOnlyAddCheck(b, t, X, 0)).toThrow(TypeError);
      expect(() => tweak.xOnlyAddCheck(X, b, X, 0)).toThrow(TypeError);
      expect(() => tweak.xOnlyAddCheck(X, t, b, 0)).toThrow(TypeError);
      expect(() => tweak.taprootOutputKey(b)).toThrow(TypeError);
      expect(() => tweak.taprootSecretKey(b)).toThrow(TypeError);
      if (v !== undefined) {
        expect(() => tweak.taprootOutputKey(X, b)).toThrow(TypeError);
        expect(() => tweak.taprootSecretKey(d, b)).toThrow(TypeError);
      }
    }
  });

  it('bad options and parities are TypeErrors', () => {
    expect(() => tweak.publicAdd(P, t, 'x' as never)).toThrow(TypeError);
    expect(() => tweak.publicAdd(P, t, { compressed: 1 as never })).toThrow(TypeError);
    for (const parity of [2, -1, 0.5, '0', null]) expect(() => tweak.xOnlyAddCheck(X, t, X, parity as never)).toThrow(TypeError);
  });

  it.each([0, 31, 33, 64])('a %i-byte key, tweak or merkle root is ERR_BAD_LENGTH', (len) => {
    const b = new Uint8Array(len).fill(1);
    expect(thrownCode(() => tweak.privateAdd(b, t))).toBe('ERR_BAD_LENGTH');
    expect(thrownCode(() => tweak.privateAdd(d, b))).toBe('ERR_BAD_LENGTH');
    expect(thrownCode(() => tweak.privateNegate(b))).toBe('ERR_BAD_LENGTH');
    expect(thrownCode(() => tweak.publicAdd(P, b))).toBe('ERR_BAD_LENGTH');
    expect(thrownCode(() => tweak.xOnlyAdd(b, t))).toBe('ERR_BAD_LENGTH');
    expect(thrownCode(() => tweak.xOnlyAdd(X, b))).toBe('ERR_BAD_LENGTH');
    expect(thrownCode(() => tweak.taprootOutputKey(b))).toBe('ERR_BAD_LENGTH');
    expect(thrownCode(() => tweak.taprootOutputKey(X, b))).toBe('ERR_BAD_LENGTH');
    expect(thrownCode(() => tweak.taprootSecretKey(b))).toBe('ERR_BAD_LENGTH');
    expect(thrownCode(() => tweak.taprootSecretKey(d, b))).toBe('ERR_BAD_LENGTH');
    if (len !== 33) expect(thrownCode(() => tweak.publicAdd(b, t))).toBe('ERR_BAD_LENGTH');
  });

  it('secret keys 0 and ≥ n are ERR_OUT_OF_RANGE', () => {
    for (const bad of [be(0n), be(n), new Uint8Array(32).fill(0xff)]) {
      expect(thrownCode(() => tweak.privateAdd(bad, t))).toBe('ERR_OUT_OF_RANGE');
      expect(thrownCode(() => tweak.privateNegate(bad))).toBe('ERR_OUT_OF_RANGE');
      expect(thrownCode(() => tweak.taprootSecretKey(bad))).toBe('ERR_OUT_OF_RANGE');
    }
  });

  it('a tweak ≥ n is ERR_OUT_OF_RANGE', () => {
    for (const bad of [be(n), be(n + 1n), new Uint8Array(32).fill(0xff)]) {
      expect(thrownCode(() => tweak.privateAdd(d, bad))).toBe('ERR_OUT_OF_RANGE');
      expect(thrownCode(() => tweak.publicAdd(P, bad))).toBe('ERR_OUT_OF_RANGE');
      expect(thrownCode(() => tweak.xOnlyAdd(X, bad))).toBe('ERR_OUT_OF_RANGE');
      expect(tweak.xOnlyAddCheck(X, bad, X, 0)).toBe(false);
    }
  });

  it('a secret result of 0 (t = n − d) is ERR_OUT_OF_RANGE; the point sum at infinity is ERR_POINT_AT_INFINITY', () => {
    const t0 = be(n - bigFromBytesBE(d));
    expect(tiny.privateAdd(d, t0)).toBe(null);
    expect(thrownCode(() => tweak.privateAdd(d, t0))).toBe('ERR_OUT_OF_RANGE');
    expect(tiny.pointAddScalar(P, t0)).toBe(null);
    expect(thrownCode(() => tweak.publicAdd(P, t0))).toBe('ERR_POINT_AT_INFINITY');
    // x-only: lift_x(X) has even y; its secret is d or n − d.
    const dEven = (P[0]! & 1) === 0 ? bigFromBytesBE(d) : n - bigFromBytesBE(d);
    const tx = be(n - dEven);
    expect(tiny.xOnlyPointAddTweak(X, tx)).toBe(null);
    expect(thrownCode(() => tweak.xOnlyAdd(X, tx))).toBe('ERR_POINT_AT_INFINITY');
    expect(tweak.xOnlyAddCheck(X, tx, X, 0)).toBe(false);
  });

  it('public keys off the curve, with x ≥ p, hybrid or with a bad prefix get the parser’s codes', () => {
    const offCurve = hex('02' + '00'.repeat(31) + '05');
    expect(thrownCode(() => tweak.publicAdd(offCurve, t))).toBe('ERR_POINT_NOT_ON_CURVE');
    expect(thrownCode(() => tweak.publicAdd(hex('02' + Ph), t))).toBe('ERR_X_TOO_BIG');
    const U = getPublicKey(d, { compressed: false });
    const hybrid = U.slice();
    hybrid[0] = 0x06 | (U[64]! & 1);
    expect(thrownCode(() => tweak.publicAdd(hybrid, t))).toBe('ERR_BAD_FORMAT');
    const badPrefix = P.slice();
    badPrefix[0] = 0x05;
    expect(thrownCode(() => tweak.publicAdd(badPrefix, t))).toBe('ERR_BAD_FORMAT');
    const badY = U.slice();
    badY[64]! ^= 1;
    expect(thrownCode(() => tweak.publicAdd(badY, t))).toBe('ERR_POINT_NOT_ON_CURVE');
  });

  it('x-only keys with x ≥ p or no curve point are ERR_X_TOO_BIG / ERR_POINT_NOT_ON_CURVE, and false in the check', () => {
    const bigX = hex(Ph);
    const noPoint = hex('00'.repeat(31) + '05'); // 5³ + 7 = 132 is not a square mod p
    expect(tiny.isXOnlyPoint(noPoint)).toBe(false);
    for (const f of [tweak.xOnlyAdd, (k: Uint8Array) => tweak.taprootOutputKey(k)] as const) {
      expect(thrownCode(() => f(bigX, t))).toBe('ERR_X_TOO_BIG');
      expect(thrownCode(() => f(noPoint, t))).toBe('ERR_POINT_NOT_ON_CURVE');
    }
    expect(tweak.xOnlyAddCheck(bigX, t, X, 0)).toBe(false);
    expect(tweak.xOnlyAddCheck(noPoint, t, X, 0)).toBe(false);
    // Wrong lengths are false in the check, not errors.
    expect(tweak.xOnlyAddCheck(new Uint8Array(31), t, X, 0)).toBe(false);
    expect(tweak.xOnlyAddCheck(X, new Uint8Array(33), X, 0)).toBe(false);
    expect(tweak.xOnlyAddCheck(X, t, P, 0)).toBe(false);
  });
});

describe('README: the Key tweaks example', () => {
  const CODE = `import { randomSecretKey } from '@strata/secp256k1-signatures';
import * as schnorr from '@strata/secp256k1-signatures/schnorr';
import * as tweak from '@strata/secp256k1-signatures/tweak';

const secretKey = randomSecretKey();
const internalKey = schnorr.getPublicKey(secretKey);      // 32-byte x-only key
const output = tweak.taprootOutputKey(internalKey);       // BIP-86: no script tree
// output.publicKey: the P2TR witness program; output.parity: the control block's bit
const outputSecret = tweak.taprootSecretKey(secretKey);   // signs the key-path spends
const sighash = new Uint8Array(32).fill(7);               // stands for a BIP-341 sighash
const sig = schnorr.sign(sighash, outputSecret);
console.log('key path:', schnorr.verify(sig, sighash, output.publicKey));
`;

  it('is in README.md with its output', () => {
    expectReadmeExample(import.meta.url, { code: CODE, output: 'key path: true\n', fence: 'ts' });
  });

  it('runs and prints what it says, and the witness program is bitcoinjs-lib’s', () => {
    for (let run = 0; run < 8; run++) {
      const secretKey = randomSecretKey();
      const internalKey = schnorr.getPublicKey(secretKey);
      const output = tweak.taprootOutputKey(internalKey);
      const outputSecret = tweak.taprootSecretKey(secretKey);
      const sighash = new Uint8Array(32).fill(7);
      const sig = schnorr.sign(sighash, outputSecret);
      expect(`key path: ${schnorr.verify(sig, sighash, output.publicKey)}`).toBe('key path: true');
      expect(toHex(output.publicKey)).toBe(toHex(bitcoin.payments.p2tr({ internalPubkey: internalKey }).pubkey!));
    }
  });
});
