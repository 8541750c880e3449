/**
 * Ed25519 secret keys, expanded ([RFC8032] §5.1.5): the clamped scalar s,
 * the 32-byte prefix that seeds the nonce, and the public key A = [s]B.
 *
 * `sign(message, seed)` expands the key on every call, so every signature
 * costs two constant-pattern base-point multiplications ([s]B for A, then
 * [r]B for R). A {@link SigningKey} expands once and keeps the result, as
 * libsodium's 64-byte secret key does: one base-point multiplication per
 * signature. It is made from the 32-byte seed, or from the 64-byte
 * seed ‖ A of libsodium and tweetnacl, whose public half is checked once,
 * here, against the seed's (a mismatch would sign with one key and name
 * another).
 *
 * The secret parts live in the object; `destroy()` zeroes them (best
 * effort: JavaScript cannot promise that no copy survives) and a destroyed
 * key refuses to sign.
 *
 * References: [RFC8032] S. Josefsson, I. Liusvaara, "Edwards-Curve Digital
 * Signature Algorithm (EdDSA)", §5.1.5–5.1.6; libsodium
 * `crypto_sign_ed25519_sk_to_pk` (the 64-byte secret key form).
 */
import * as ed25519 from '@strata/curves/ed25519';
import { sha512 } from '@strata/curves/hash';
import { ErrorCode, Scalar25519, StrataError, describe } from '@strata/field';

/** A secret key expanded ([RFC8032] §5.1.5): s, prefix, and A's encoding. */
export interface Expanded {
  s: Scalar25519;
  prefix: Uint8Array;
  publicKey: Uint8Array;
}

/**
 * Returns the expansion of a secret key: the 32-byte seed, or the 64-byte
 * seed ‖ A form libsodium (`crypto_sign_keypair`) and tweetnacl
 * (`nacl.sign.keyPair().secretKey`) hand out, whose public half must be
 * the seed's A. `who` names the caller in error messages.
 */
export function expand(secretKey: Uint8Array, who: string): Expanded {
  if (!(secretKey instanceof Uint8Array)) {
    throw new TypeError(`${who} secretKey: expected Uint8Array or SigningKey, got ${describe(secretKey)}`);
  }
  if (secretKey.length !== 32 && secretKey.length !== 64) {
    throw new StrataError(
      ErrorCode.BAD_LENGTH,
      `${who} secretKey: expected the 32-byte seed, or the 64-byte seed ‖ public key of libsodium / tweetnacl, got ${secretKey.length} bytes`,
    );
  }
  const h = sha512(secretKey.subarray(0, 32));
  const a = h.subarray(0, 32);
  a[0] = a[0]! & 248;
  a[31] = (a[31]! & 127) | 64;
  const s = Scalar25519.fromBytesReduced(a);
  // [s]B for the secret s: constant-pattern comb (B has order ℓ, so s mod ℓ is enough).
  const publicKey = ed25519.scalarBaseMultToBytes(s);
  const prefix = h.slice(32, 64);
  h.fill(0);
  if (secretKey.length === 64 && !bytesEqual(publicKey, secretKey.subarray(32, 64))) {
    s.setZero();
    prefix.fill(0);
    throw new StrataError(
      ErrorCode.INVALID_ARGUMENT,
      `${who} secretKey: the last 32 bytes of a 64-byte secret key must be the public key of its first 32 (the seed); they are not`,
    );
  }
  return { s, prefix, publicKey };
}

/** Whether two byte strings of public data are equal (variable time: A is public). */
function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The expansion inside each live SigningKey (module-private: nothing outside this package reads it). */
const secrets = new WeakMap<SigningKey, Expanded>();

/** Proves a construction came from {@link SigningKey.fromSecretKey}. */
const TOKEN: unique symbol = Symbol('SigningKey');

/**
 * An Ed25519 secret key expanded once, for signing many messages: pass it
 * to `sign` where the 32-byte seed would go. Each signature then costs one
 * constant-pattern base-point multiplication instead of two.
 *
 * ```ts
 * const key = SigningKey.fromSecretKey(seed);   // or libsodium's 64-byte secret key
 * const sig = sign(message, key);
 * key.destroy();                                // zero the secret when done
 * ```
 */
export class SigningKey {
  readonly #publicKey: Uint8Array;

  private constructor(token: typeof TOKEN, e: Expanded) {
    if (token !== TOKEN) throw new TypeError('SigningKey: use SigningKey.fromSecretKey(secretKey), not new SigningKey()');
    this.#publicKey = e.publicKey;
    secrets.set(this, e);
  }

  /**
   * Returns the key of a secret key: the 32-byte seed, or the 64-byte
   * seed ‖ public key of libsodium / tweetnacl (its public half is checked
   * against the seed's, once). The key copies what it needs: clearing the
   * caller's bytes afterwards does not change it. Other lengths:
   * StrataError ERR_BAD_LENGTH; a 64-byte key whose halves disagree:
   * StrataError ERR_INVALID_ARGUMENT; not a Uint8Array: TypeError.
   */
  static fromSecretKey(secretKey: Uint8Array): SigningKey {
    return new SigningKey(TOKEN, expand(secretKey, 'SigningKey.fromSecretKey'));
  }

  /** Returns a copy of the 32-byte public key A. */
  get publicKey(): Uint8Array {
    return this.#publicKey.slice();
  }

  /** Reports whether {@link SigningKey.destroy} was called. */
  get destroyed(): boolean {
    return !secrets.has(this);
  }

  /**
   * Zeroes the secret scalar and prefix (best effort) and makes the key
   * refuse to sign (StrataError ERR_INVALID_ARGUMENT). The public key stays
   * readable. Calling it again does nothing.
   */
  destroy(): void {
    const e = secrets.get(this);
    if (e === undefined) return;
    e.s.setZero();
    e.prefix.fill(0);
    secrets.delete(this);
  }
}

/**
 * Returns the expansion of `key` for one signature and whether the caller
 * must zero it afterwards (true for a seed expanded here, false for a
 * SigningKey's own).
 */
export function expandedFor(key: Uint8Array | SigningKey, who: string): { e: Expanded; owned: boolean } {
  if (key instanceof SigningKey) {
    const e = secrets.get(key);
    if (e === undefined) throw new StrataError(ErrorCode.INVALID_ARGUMENT, `${who} secretKey: this SigningKey was destroyed`);
    return { e, owned: false };
  }
  return { e: expand(key, who), owned: true };
}
