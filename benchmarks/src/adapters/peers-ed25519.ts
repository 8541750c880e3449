/**
 * More Ed25519 peers of the ed25519 suite: the native ceiling `sodium-native` (libsodium as a
 * Node addon, prebuilt) and the small single-purpose libraries many apps use instead of the full
 * noble-curves: `@noble/ed25519` and `@stablelib/ed25519` (both pure JavaScript). Sign and single
 * verify; each is checked for agreement with Strata (identical signatures, identical verdicts)
 * before it is timed.
 *
 * References: [RFC8032] §5.1.6–5.1.7.
 */
import { sha512 } from '@noble/hashes/sha2.js';
import type { Adapter, Loaded } from '../types.js';
import { signerSeeds, type EdFixtures, type SignedEntry } from '../fixtures/ed25519.js';
import type { Loose } from '../util.js';
import { isSignOrVerify, signCase, verifyCase } from './ed25519.js';
import { loadSodiumNative } from './native.js';

/** sodium-native 5.1.0: libsodium's crypto_sign_detached / crypto_sign_verify_detached as a native addon. */
export const sodiumNativeAdapter: Adapter = {
  backend: 'sodium-native',
  kind: 'native',
  description: 'sodium-native 5.1.0 (libsodium, prebuilt Node addon) crypto_sign_detached(sig, msg, sk) into a reused buffer / crypto_sign_verify_detached(sig, msg, pk) (libsodium strict rules)',
  covers: isSignOrVerify,
  async load(ctx): Promise<Loaded> {
    const sodium = loadSodiumNative();
    const fx = ctx.fixtures as EdFixtures;
    const seeds = signerSeeds(fx);
    const sks = seeds.map((seed) => {
      const pk = new Uint8Array(32);
      const sk = new Uint8Array(64);
      sodium.crypto_sign_seed_keypair(pk, sk, seed);
      return sk;
    });
    const out = new Uint8Array(64);
    const sign = (i: number): Uint8Array => {
      sodium.crypto_sign_detached(out, fx.entries[i]!.message, sks[i]!);
      return out;
    };
    const v = (e: SignedEntry): boolean => sodium.crypto_sign_verify_detached(e.signature, e.message, e.publicKey) as boolean;
    return {
      cases: {
        'ed/sign': signCase(fx, sign, 'signature written into a preallocated 64-byte buffer'),
        'ed/verify': verifyCase(fx, v),
      },
    };
  },
};

/** @noble/ed25519 3.2.0: the small single-file Ed25519 (BigInt), SHA-512 from @noble/hashes. */
export const nobleEd25519Adapter: Adapter = {
  backend: '@noble/ed25519',
  kind: 'js',
  description: '@noble/ed25519 3.2.0 sign(msg, seed) / verify(sig, msg, pk) (pure JS, BigInt; zip215 default; hashes.sha512 = @noble/hashes sha512)',
  covers: isSignOrVerify,
  async load(ctx): Promise<Loaded> {
    const ed = (await import('@noble/ed25519')) as unknown as Loose;
    // The synchronous API needs a SHA-512; the library leaves the choice to the caller.
    ed.hashes.sha512 = sha512;
    const fx = ctx.fixtures as EdFixtures;
    const seeds = signerSeeds(fx);
    const v = (e: SignedEntry): boolean => ed.verify(e.signature, e.message, e.publicKey) as boolean;
    return {
      cases: {
        'ed/sign': signCase(fx, (i) => ed.sign(fx.entries[i]!.message, seeds[i]!) as Uint8Array),
        'ed/verify': verifyCase(fx, v),
      },
    };
  },
};

/** @stablelib/ed25519 2.1.0: TweetNaCl-derived Ed25519 in TypeScript (16-bit limbs). */
export const stablelibAdapter: Adapter = {
  backend: '@stablelib/ed25519',
  kind: 'js',
  description: '@stablelib/ed25519 2.1.0 sign(sk, msg) / verify(pk, msg, sig) (pure JS, TweetNaCl-derived 16-bit limbs)',
  covers: isSignOrVerify,
  async load(ctx): Promise<Loaded> {
    const st = (await import('@stablelib/ed25519')) as unknown as Loose;
    const fx = ctx.fixtures as EdFixtures;
    const seeds = signerSeeds(fx);
    const sks = seeds.map((s) => st.generateKeyPairFromSeed(s).secretKey as Uint8Array);
    const v = (e: SignedEntry): boolean => st.verify(e.publicKey, e.message, e.signature) as boolean;
    return {
      cases: {
        'ed/sign': signCase(fx, (i) => st.sign(sks[i]!, fx.entries[i]!.message) as Uint8Array, 'secret key = seed ‖ public key, expanded at every call'),
        'ed/verify': verifyCase(fx, v),
      },
    };
  },
};
