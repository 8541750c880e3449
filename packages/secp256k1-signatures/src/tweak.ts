/**
 * Key tweaks, as BIP-32 and BIP-341 use them: a secret key plus a tweak, a
 * secret key negated, a public key plus tweak·G, an x-only key plus tweak·G
 * (with the parity of the result) and the check of that sum; and the
 * BIP-341 Taproot tweak itself, t = hash_TapTweak(P ‖ merkle root), applied
 * to an internal key and to its secret key.
 *
 * Strata's grammar (docs/api.md): bytes in, fresh bytes out; a TypeError
 * for an argument of the wrong type; a StrataError for wrong bytes —
 * ERR_BAD_LENGTH (a key or tweak that is not 32 bytes; a public key that
 * is not 33 or 65), ERR_OUT_OF_RANGE (a secret key of 0 or ≥ n, a tweak
 * ≥ n, a secret result of 0), the public-key parser's codes (ERR_BAD_FORMAT,
 * ERR_X_TOO_BIG, ERR_Y_TOO_BIG, ERR_POINT_NOT_ON_CURVE; a hybrid prefix is
 * ERR_BAD_FORMAT) and ERR_POINT_AT_INFINITY for a sum at infinity. A
 * result of 0 or at infinity happens with probability about 2⁻¹²⁸ for a
 * hash-derived tweak; BIP-32 says to skip to the next index then. The
 * check, a verifier, returns false for bad bytes instead of throwing.
 *
 * The tiny-secp256k1 interface (`ecc.ts`) serves the same operations with
 * tiny-secp256k1's semantics (null results, its messages) over the same
 * core, `addTweakTimesG`.
 *
 * Constant time: tweak·G is `scalarBaseMult` (a tweak derived from a chain
 * code or a script tree is secret to whoever holds the key); the sums of
 * scalars are `ModNScalar` arithmetic, branch-free; the negation of a
 * secret key for an odd y in `taprootSecretKey` branches on the parity of
 * the public key, which is public, as BIP-340 signing does.
 *
 * References:
 * - [BIP32] "Private parent key → private child key", "Public parent key → public child key".
 * - [BIP341] "Constructing and spending Taproot outputs" (taproot_tweak_pubkey, taproot_tweak_seckey).
 * - [LIBSECP] bitcoin-core/secp256k1 `ec_seckey_tweak_add`, `ec_seckey_negate`, `ec_pubkey_tweak_add`,
 *   `xonly_pubkey_tweak_add`, `xonly_pubkey_tweak_add_check`.
 */
import { ErrorCode, FieldVal, ModNScalar, StrataError, expectBoolean, expectBytes, expectOptions } from '@strata/field';
import * as secp256k1 from '@strata/curves/secp256k1';
import { parsePublicKey, secretScalar } from './keys.js';
import { liftX, tagPrefix, taggedHash } from './schnorr.js';

/**
 * Sets `out` = P + t·G (t·G by the constant-time `scalarBaseMult`, the sum
 * by the complete addition) and returns it. `out` may be P; `scratch` must
 * be neither.
 */
export function addTweakTimesG(P: secp256k1.JacobianPoint, t: ModNScalar, scratch: secp256k1.JacobianPoint, out: secp256k1.JacobianPoint): secp256k1.JacobianPoint {
  secp256k1.scalarBaseMult(t, scratch);
  out.addNonConst(P, scratch);
  scratch.setIdentity();
  return out;
}

const TAP_TWEAK = tagPrefix('TapTweak');
const x = new FieldVal();
const d = new ModNScalar();
const t = new ModNScalar();
const A = new secp256k1.JacobianPoint();
const B = new secp256k1.JacobianPoint();

/** Sets `t` = the 32-byte tweak (TypeError; ERR_BAD_LENGTH; ERR_OUT_OF_RANGE for ≥ n; 0 is allowed). */
function tweakScalar(what: string, tweak: unknown): ModNScalar {
  expectBytes(what, tweak, 32);
  if (!t.trySetBytes(tweak as Uint8Array)) {
    t.setZero();
    throw new StrataError(ErrorCode.OUT_OF_RANGE, `${what}: expected an integer below n, got one ≥ n`);
  }
  return t;
}

/** lift_x of a 32-byte x-only key into `out` (even y), or the StrataError that says why not. */
function liftXOrThrow(what: string, key: unknown, out: secp256k1.JacobianPoint): secp256k1.JacobianPoint {
  expectBytes(what, key, 32);
  if (liftX(key as Uint8Array, 0, x, out) !== null) return out;
  if (!x.trySetBytes(key as Uint8Array, 0)) throw new StrataError(ErrorCode.X_TOO_BIG, `${what}: expected x below p, got x ≥ p`);
  throw new StrataError(ErrorCode.POINT_NOT_ON_CURVE, `${what}: expected the x of a curve point, got an x with x³ + 7 not a square`);
}

/** The secret result of `d`, wiped afterwards; ERR_OUT_OF_RANGE when it is 0. */
function secretResult(what: string): Uint8Array {
  try {
    if (d.isZero()) throw new StrataError(ErrorCode.OUT_OF_RANGE, `${what}: expected a non-zero result, got 0 mod n (BIP-32: skip to the next index)`);
    return d.toBytes();
  } finally {
    d.setZero();
    t.setZero();
  }
}

/** `out` in affine form, or ERR_POINT_AT_INFINITY. */
function finite(what: string, out: secp256k1.JacobianPoint): secp256k1.JacobianPoint {
  if (out.isIdentity()) throw new StrataError(ErrorCode.POINT_AT_INFINITY, `${what}: expected a finite sum, got the point at infinity`);
  return out.toAffine();
}

/**
 * Returns secretKey + tweak mod n (32 bytes): BIP-32's private child key
 * from the left half of its HMAC. Errors: see the module doc; a sum of 0 is
 * ERR_OUT_OF_RANGE.
 */
export function privateAdd(secretKey: Uint8Array, tweak: Uint8Array): Uint8Array {
  secretScalar('tweak.privateAdd secretKey', secretKey, d);
  try {
    tweakScalar('tweak.privateAdd tweak', tweak);
  } catch (e) {
    d.setZero();
    throw e;
  }
  d.add(d, t);
  return secretResult('tweak.privateAdd');
}

/** Returns n − secretKey (32 bytes). Errors: see the module doc. */
export function privateNegate(secretKey: Uint8Array): Uint8Array {
  secretScalar('tweak.privateNegate secretKey', secretKey, d);
  d.negate(d);
  return secretResult('tweak.privateNegate');
}

/** Options of {@link publicAdd}. */
export interface PublicAddOptions {
  /** 33-byte compressed output (the default, true) or 65-byte uncompressed (false). */
  readonly compressed?: boolean;
}

/**
 * Returns publicKey + tweak·G, 33 bytes compressed by default: BIP-32's
 * public child key. `publicKey` is 33 bytes compressed or 65 uncompressed.
 * Errors: see the module doc; a sum at infinity is ERR_POINT_AT_INFINITY.
 */
export function publicAdd(publicKey: Uint8Array, tweak: Uint8Array, options?: PublicAddOptions): Uint8Array {
  expectOptions('tweak.publicAdd options', options);
  const compressed = expectBoolean('tweak.publicAdd compressed', options?.compressed, true);
  parsePublicKey('tweak.publicAdd publicKey', publicKey, A);
  tweakScalar('tweak.publicAdd tweak', tweak);
  try {
    finite('tweak.publicAdd', addTweakTimesG(A, t, B, A));
    return compressed ? secp256k1.pointToBytes(A) : secp256k1.pointToBytesUncompressed(A);
  } finally {
    t.setZero();
  }
}

/** An x-only key and the parity of the y of the point it stands for (BIP-341's output key). */
export interface XOnlyTweakResult {
  /** The 32-byte x. */
  readonly publicKey: Uint8Array;
  /** 1 when y is odd, 0 when even (the control block's parity bit). */
  readonly parity: 0 | 1;
}

/** lift_x(key) + t·G, finite, as an x-only result. */
function xOnlyAddScalar(what: string): XOnlyTweakResult {
  try {
    finite(what, addTweakTimesG(A, t, B, A));
  } finally {
    t.setZero();
  }
  const enc = secp256k1.pointToBytes(A);
  return { publicKey: enc.slice(1), parity: (enc[0]! & 1) as 0 | 1 };
}

/**
 * Returns lift_x(xOnlyKey) + tweak·G as `{ publicKey, parity }`.
 * Errors: see the module doc; an x-only key with x ≥ p is ERR_X_TOO_BIG,
 * one that is no curve point's x is ERR_POINT_NOT_ON_CURVE.
 */
export function xOnlyAdd(xOnlyKey: Uint8Array, tweak: Uint8Array): XOnlyTweakResult {
  liftXOrThrow('tweak.xOnlyAdd xOnlyKey', xOnlyKey, A);
  tweakScalar('tweak.xOnlyAdd tweak', tweak);
  return xOnlyAddScalar('tweak.xOnlyAdd');
}

/**
 * Reports whether `tweakedKey` with `parity` is lift_x(xOnlyKey) + tweak·G,
 * as a verifier of a Taproot commitment does (libsecp256k1's
 * `xonly_pubkey_tweak_add_check`). False for any bad bytes (wrong lengths,
 * keys that do not lift, a tweak ≥ n, a sum at infinity); a TypeError only
 * for arguments of the wrong type or a parity other than 0 or 1.
 */
export function xOnlyAddCheck(xOnlyKey: Uint8Array, tweak: Uint8Array, tweakedKey: Uint8Array, parity: 0 | 1): boolean {
  for (const [name, v] of [['xOnlyKey', xOnlyKey], ['tweak', tweak], ['tweakedKey', tweakedKey]] as const) expectBytes(`tweak.xOnlyAddCheck ${name}`, v);
  if (parity !== 0 && parity !== 1) throw new TypeError(`tweak.xOnlyAddCheck parity: expected 0 or 1, got ${String(parity)}`);
  if (tweakedKey.length !== 32) return false;
  let r: XOnlyTweakResult;
  try {
    r = xOnlyAdd(xOnlyKey, tweak);
  } catch (e) {
    if (e instanceof StrataError) return false;
    throw e;
  }
  let diff = r.parity ^ parity;
  for (let i = 0; i < 32; i++) diff |= r.publicKey[i]! ^ tweakedKey[i]!;
  return diff === 0;
}

/** t = hash_TapTweak(P.x ‖ merkleRoot) into `t`; ERR_OUT_OF_RANGE when ≥ n (BIP-341 fails then). */
function taprootTweakOf(what: string, px: Uint8Array, merkleRoot: unknown): ModNScalar {
  let h: Uint8Array;
  if (merkleRoot === undefined) h = taggedHash(TAP_TWEAK, px);
  else h = taggedHash(TAP_TWEAK, px, expectBytes(`${what} merkleRoot`, merkleRoot, 32));
  return tweakScalar(`${what} (hash_TapTweak)`, h);
}

/**
 * BIP-341's `taproot_tweak_pubkey`: the output key Q = lift_x(internalKey)
 * + hash_TapTweak(internalKey ‖ merkleRoot)·G of a Taproot output, as
 * `{ publicKey, parity }`. Without `merkleRoot` (a key-path-only output,
 * BIP-86) the tweak hashes the key alone. Errors: see {@link xOnlyAdd};
 * a merkle root that is not 32 bytes is ERR_BAD_LENGTH.
 */
export function taprootOutputKey(internalKey: Uint8Array, merkleRoot?: Uint8Array): XOnlyTweakResult {
  liftXOrThrow('tweak.taprootOutputKey internalKey', internalKey, A);
  taprootTweakOf('tweak.taprootOutputKey', internalKey, merkleRoot);
  return xOnlyAddScalar('tweak.taprootOutputKey');
}

/**
 * BIP-341's `taproot_tweak_seckey`: the secret key of the output key of
 * {@link taprootOutputKey} for the internal key secretKey·G, i.e.
 * (secretKey or n − secretKey, whichever gives an even y) + t mod n; sign
 * a key-path spend with it (`schnorr.sign`). Errors: see {@link privateAdd}.
 */
export function taprootSecretKey(secretKey: Uint8Array, merkleRoot?: Uint8Array): Uint8Array {
  secretScalar('tweak.taprootSecretKey secretKey', secretKey, d);
  try {
    secp256k1.scalarBaseMult(d, A).toAffine();
    // The parity of the internal key's y is public (BIP-340 signing branches on it too).
    if (A.y.normalize().isOdd()) d.negate(d);
    const px = secp256k1.pointToBytes(A).slice(1);
    taprootTweakOf('tweak.taprootSecretKey', px, merkleRoot);
  } catch (e) {
    d.setZero();
    throw e;
  } finally {
    A.setIdentity();
  }
  d.add(d, t);
  return secretResult('tweak.taprootSecretKey');
}
