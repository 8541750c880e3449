/**
 * Secret and public keys: secret keys are 32 big-endian bytes in [1, n)
 * (as everywhere in Bitcoin), public keys SEC1-encoded, 33 bytes compressed
 * (0x02/0x03 ‖ x) or 65 bytes uncompressed (0x04 ‖ x ‖ y).
 *
 * The public key is computed with `@strata/curves`' constant-time
 * `scalarBaseMult` (fixed window, masked table scans, branch-free complete
 * additions; inside WebAssembly when that engine is selected). JavaScript
 * engines make no timing promises: this is a best effort, measured by
 * `pnpm leak-check`.
 *
 * The hybrid encodings (0x06/0x07 ‖ x ‖ y) that `@strata/curves`'
 * `pointFromBytes` also reads are refused here, as tiny-secp256k1 and
 * noble-curves refuse them.
 *
 * References:
 * - [SEC1] SEC 1: Elliptic Curve Cryptography, v2.0, §2.3.3–2.3.4, §3.2.1.
 * - [SEC2] SEC 2 v2.0 §2.4.1 (the curve and n).
 */
import { ErrorCode, ModNScalar, StrataError, expectBoolean, expectBytes, expectOptions } from '@strata/field';
import * as secp256k1 from '@strata/curves/secp256k1';

/** Length of a secret key. */
export const SECRET_KEY_LEN = 32;

/** Options of {@link getPublicKey}. */
export interface PublicKeyOptions {
  /** 33-byte compressed encoding (the default, true) or 65-byte uncompressed (false). */
  readonly compressed?: boolean;
}

/**
 * Sets `out` = the secret key `secretKey` and returns it. TypeError for a
 * non-Uint8Array; StrataError ERR_BAD_LENGTH unless 32 bytes,
 * ERR_OUT_OF_RANGE for 0 or ≥ n. The range check does not branch on the
 * key beyond its final verdict.
 */
export function secretScalar(what: string, secretKey: unknown, out: ModNScalar): ModNScalar {
  expectBytes(what, secretKey, SECRET_KEY_LEN);
  const ok = out.trySetBytes(secretKey as Uint8Array) && !out.isZero();
  if (!ok) {
    out.setZero();
    throw new StrataError(ErrorCode.OUT_OF_RANGE, `${what}: expected an integer in [1, n), got 0 or ≥ n`);
  }
  return out;
}

/** Returns whether the 32 bytes at b[off…] are a scalar in [1, n), without throwing. */
export function isSecretScalarBytes(b: Uint8Array, scratch: ModNScalar): boolean {
  const ok = b.length === SECRET_KEY_LEN && scratch.trySetBytes(b) && !scratch.isZero();
  scratch.setZero();
  return ok;
}

const sk = new ModNScalar();
const pub = new secp256k1.JacobianPoint();

/**
 * Returns the public key of `secretKey`: 33 bytes compressed by default,
 * 65 bytes uncompressed with `{ compressed: false }`. Constant time in the
 * key (see the module doc). Errors: see {@link secretScalar}; a non-boolean
 * `compressed` is a TypeError.
 */
export function getPublicKey(secretKey: Uint8Array, options?: PublicKeyOptions): Uint8Array {
  expectOptions('getPublicKey options', options);
  const compressed = expectBoolean('getPublicKey compressed', options?.compressed, true);
  secretScalar('getPublicKey secretKey', secretKey, sk);
  try {
    secp256k1.scalarBaseMult(sk, pub);
    return compressed ? secp256k1.pointToBytes(pub) : secp256k1.pointToBytesUncompressed(pub);
  } finally {
    sk.setZero();
    pub.setIdentity();
  }
}

/**
 * Returns a fresh secret key: 32 bytes from `crypto.getRandomValues`,
 * redrawn while they are 0 or ≥ n (probability < 2⁻¹²⁷ per draw).
 */
export function randomSecretKey(): Uint8Array {
  const out = new Uint8Array(SECRET_KEY_LEN);
  for (;;) {
    crypto.getRandomValues(out);
    if (isSecretScalarBytes(out, sk)) return out;
  }
}

/**
 * Parses a 33-byte compressed or 65-byte uncompressed (0x04) public key
 * into `out`, or returns null for anything else (other lengths, hybrid
 * prefixes, x or y ≥ p, points off the curve). Never throws for a Uint8Array.
 */
export function tryParsePublicKey(bytes: Uint8Array, out: secp256k1.JacobianPoint): secp256k1.JacobianPoint | null {
  const len = bytes.length;
  if (len === 33) {
    if (bytes[0] !== 0x02 && bytes[0] !== 0x03) return null;
  } else if (len === 65) {
    if (bytes[0] !== 0x04) return null;
  } else {
    return null;
  }
  try {
    return secp256k1.pointFromBytes(bytes, out);
  } catch (e) {
    if (e instanceof StrataError) return null;
    throw e;
  }
}

/**
 * Parses a public key as {@link tryParsePublicKey}, throwing the
 * StrataError of `@strata/curves`' parser (ERR_BAD_LENGTH, ERR_BAD_FORMAT,
 * ERR_X_TOO_BIG, ERR_Y_TOO_BIG, ERR_POINT_NOT_ON_CURVE) instead of null;
 * a hybrid prefix is ERR_BAD_FORMAT.
 */
export function parsePublicKey(what: string, bytes: unknown, out: secp256k1.JacobianPoint): secp256k1.JacobianPoint {
  expectBytes(what, bytes);
  const b = bytes as Uint8Array;
  if (b.length === 65 && (b[0] === 0x06 || b[0] === 0x07)) {
    throw new StrataError(ErrorCode.BAD_FORMAT, `${what}: expected prefix 0x04 for a 65-byte key, got the hybrid prefix 0x0${b[0]}`, { offset: 0 });
  }
  try {
    return secp256k1.pointFromBytes(b, out);
  } catch (e) {
    if (e instanceof StrataError) throw new StrataError(e.code, `${what}: ${e.message.replace(/^pointFromBytes: /, '')}`, { offset: e.offset, cause: e });
    throw e;
  }
}
