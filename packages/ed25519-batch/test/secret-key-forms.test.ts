/**
 * The two secret-key forms `sign` and `getPublicKey` accept: the RFC 8032
 * 32-byte seed, and the 64-byte seed ‖ public key that libsodium's
 * crypto_sign_keypair and tweetnacl's nacl.sign.keyPair() return. The
 * 64-byte form signs exactly as its seed does, and one whose public half is
 * not the seed's public key is refused (it would sign under one key while
 * naming another).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import nacl from 'tweetnacl';
import { ErrorCode, StrataError, getPublicKey, sign, verify } from '@strata/ed25519-batch';

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

describe('sign / getPublicKey with a 64-byte libsodium / tweetnacl secret key', () => {
  it('a tweetnacl key pair: same public key, byte-identical signatures to tweetnacl and to the 32-byte seed', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array({ maxLength: 200 }), (seed, msg) => {
        const kp = nacl.sign.keyPair.fromSeed(seed);
        expect(kp.secretKey.length).toBe(64);
        expect(getPublicKey(kp.secretKey)).toEqual(kp.publicKey);
        const sig = sign(msg, kp.secretKey);
        expect(sig).toEqual(nacl.sign.detached(msg, kp.secretKey));
        expect(sig).toEqual(sign(msg, seed));
        expect(verify(sig, msg, kp.publicKey)).toBe(true);
      }),
      { numRuns: 40, seed: 0x5eed64 },
    );
  });

  it('the 64-byte form works for every variant (ctx, ph)', () => {
    const kp = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(7));
    const msg = new TextEncoder().encode('variants');
    for (const options of [{ variant: 'ed25519ctx' as const, context: new Uint8Array([1, 2, 3]) }, { variant: 'ed25519ph' as const }]) {
      expect(sign(msg, kp.secretKey, options)).toEqual(sign(msg, kp.secretKey.subarray(0, 32), options));
    }
  });

  it('a 64-byte key whose public half is not the seed\u2019s: StrataError ERR_INVALID_ARGUMENT from sign and getPublicKey', () => {
    const a = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(1));
    const b = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(2));
    const mixed = new Uint8Array(64);
    mixed.set(a.secretKey.subarray(0, 32), 0);
    mixed.set(b.publicKey, 32);
    const flipped = a.secretKey.slice();
    flipped[63] = flipped[63]! ^ 0x01;
    for (const bad of [mixed, flipped, new Uint8Array(64)]) {
      for (const f of [() => sign(new Uint8Array(3), bad), () => getPublicKey(bad)]) {
        const e = thrown(f);
        expect(e).toBeInstanceOf(StrataError);
        expect((e as InstanceType<typeof StrataError>).code).toBe(ErrorCode.INVALID_ARGUMENT);
        expect((e as Error).message).toMatch(/public key of its first 32/);
      }
    }
  });
});
