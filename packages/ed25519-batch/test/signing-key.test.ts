/**
 * SigningKey: a secret key expanded once. Signatures under it are
 * byte-identical to those under its seed (and to tweetnacl's, an
 * independent implementation) for every variant; it is made from the
 * 32-byte seed or libsodium's / tweetnacl's 64-byte secret key (the public
 * half checked once); it copies its input; a destroyed key refuses to sign;
 * every class of bad input is a typed error.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import nacl from 'tweetnacl';
import { thrownCode } from '@strata/testkit';
import { ErrorCode, SigningKey, StrataError, getPublicKey, sign, verify } from '@strata/ed25519-batch';

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

/** f throws a StrataError of `code` (checked by the kit's thrownCode), of this package's class, whose message matches. */
function expectCode(f: () => unknown, code: string, message: RegExp): void {
  expect(thrownCode(f)).toBe(code);
  const e = thrown(f);
  expect(e).toBeInstanceOf(StrataError);
  expect((e as Error).message).toMatch(message);
}

describe('SigningKey', () => {
  it('signs exactly as its seed and as tweetnacl, from the 32-byte seed and from the 64-byte secret key', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array({ maxLength: 200 }), (seed, msg) => {
        const kp = nacl.sign.keyPair.fromSeed(seed);
        const fromSeed = SigningKey.fromSecretKey(seed);
        const from64 = SigningKey.fromSecretKey(kp.secretKey);
        expect(fromSeed.publicKey).toEqual(kp.publicKey);
        expect(from64.publicKey).toEqual(kp.publicKey);
        const want = nacl.sign.detached(msg, kp.secretKey);
        expect(sign(msg, fromSeed)).toEqual(want);
        expect(sign(msg, from64)).toEqual(want);
        expect(sign(msg, seed)).toEqual(want);
        expect(verify(want, msg, fromSeed.publicKey)).toBe(true);
      }),
      { numRuns: 40, seed: 0x51c4 },
    );
  });

  it('signs many messages with one key, each as the seed does (the key is not consumed by signing)', () => {
    const seed = new Uint8Array(32).map((_, i) => i * 7 + 1);
    const key = SigningKey.fromSecretKey(seed);
    for (let i = 0; i < 20; i++) {
      const msg = new Uint8Array(i).fill(i);
      expect(sign(msg, key)).toEqual(sign(msg, seed));
    }
  });

  it('every variant (ctx, ph) signs as the seed does', () => {
    const seed = new Uint8Array(32).fill(9);
    const key = SigningKey.fromSecretKey(seed);
    const msg = new TextEncoder().encode('variants');
    for (const options of [
      { variant: 'ed25519' as const },
      { variant: 'ed25519ctx' as const, context: new Uint8Array([1, 2, 3]) },
      { variant: 'ed25519ph' as const },
      { variant: 'ed25519ph' as const, context: new Uint8Array(255).fill(4) },
    ]) {
      const sig = sign(msg, key, options);
      expect(sig).toEqual(sign(msg, seed, options));
      expect(verify(sig, msg, key.publicKey, options)).toBe(true);
    }
  });

  it('copies its input: clearing the caller\u2019s seed does not change the key; publicKey returns a copy', () => {
    const seed = new Uint8Array(32).fill(3);
    const want = sign(new Uint8Array([1]), seed);
    const key = SigningKey.fromSecretKey(seed);
    seed.fill(0);
    expect(sign(new Uint8Array([1]), key)).toEqual(want);
    const pk = key.publicKey;
    pk.fill(0xff);
    expect(key.publicKey).not.toEqual(pk);
    expect(getPublicKey(key)).toEqual(key.publicKey);
  });

  it('destroy(): the key refuses to sign (ERR_INVALID_ARGUMENT), keeps its public key, and a second destroy does nothing', () => {
    const key = SigningKey.fromSecretKey(new Uint8Array(32).fill(5));
    const pk = key.publicKey;
    expect(key.destroyed).toBe(false);
    key.destroy();
    expect(key.destroyed).toBe(true);
    expectCode(() => sign(new Uint8Array(1), key), ErrorCode.INVALID_ARGUMENT, /destroyed/);
    expect(key.publicKey).toEqual(pk);
    expect(getPublicKey(key)).toEqual(pk);
    key.destroy();
    expect(key.destroyed).toBe(true);
    // Other keys are unaffected.
    const other = SigningKey.fromSecretKey(new Uint8Array(32).fill(5));
    expect(verify(sign(new Uint8Array(1), other), new Uint8Array(1), pk)).toBe(true);
  });

  it('bad input: wrong lengths ERR_BAD_LENGTH, mismatched 64-byte halves ERR_INVALID_ARGUMENT, wrong types TypeError', () => {
    for (const n of [0, 1, 31, 33, 63, 65, 96]) {
      expectCode(() => SigningKey.fromSecretKey(new Uint8Array(n)), ErrorCode.BAD_LENGTH, /SigningKey\.fromSecretKey secretKey: expected the 32-byte seed/);
    }
    const a = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(1));
    const b = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(2));
    const mixed = new Uint8Array(64);
    mixed.set(a.secretKey.subarray(0, 32), 0);
    mixed.set(b.publicKey, 32);
    expectCode(() => SigningKey.fromSecretKey(mixed), ErrorCode.INVALID_ARGUMENT, /public key of its first 32/);
    for (const bad of [null, undefined, 'seed', 32, [1, 2, 3], new Uint16Array(16), new ArrayBuffer(32)]) {
      expect(thrown(() => SigningKey.fromSecretKey(bad as unknown as Uint8Array))).toBeInstanceOf(TypeError);
    }
    // Something shaped like a key but not one is a TypeError from sign, never a signature.
    const fake = Object.create(SigningKey.prototype) as SigningKey;
    expectCode(() => sign(new Uint8Array(1), fake), ErrorCode.INVALID_ARGUMENT, /destroyed/);
    expect(thrown(() => sign(new Uint8Array(1), { publicKey: a.publicKey } as unknown as SigningKey))).toBeInstanceOf(TypeError);
  });

  it('cannot be constructed directly: new SigningKey(...) is a TypeError, so no key holds an expansion the module did not make', () => {
    const Ctor = SigningKey as unknown as new (...a: unknown[]) => SigningKey;
    expect(thrown(() => new Ctor({ s: null, prefix: new Uint8Array(32), publicKey: new Uint8Array(32) }))).toBeInstanceOf(TypeError);
    expect(thrown(() => new Ctor(Symbol('SigningKey'), { s: null, prefix: new Uint8Array(32), publicKey: new Uint8Array(32) }))).toBeInstanceOf(TypeError);
  });
});
