/**
 * `@strata/secp256k1-signatures/ecc`: the tiny-secp256k1 2.x interface, the
 * `ecc` object bitcoinjs-lib (`initEccLib`), ecpair (`ECPairFactory`) and
 * bip32 (`BIP32Factory`) take, with tiny-secp256k1's semantics: the same
 * results, `null` where it returns null, a `TypeError` with its message
 * ("Expected Point", "Expected Private", "Expected Tweak", "Expected Hash",
 * "Expected Signature", "Expected Extra Data (32 bytes)", "Expected Parity
 * (1 | 0)", "Bad Recovery Id") where it throws.
 *
 * The rules it follows, as tiny-secp256k1 (libsecp256k1 underneath) has them:
 * - points are 33-byte compressed, 65-byte uncompressed or 65-byte hybrid
 *   (0x06/0x07, which libsecp256k1 parses) SEC1 keys; a 32-byte x-only key
 *   passes the length check of the point functions and is then refused;
 *   the output form follows `compressed`, else the first point's length;
 * - a private key is 32 bytes in [1, n); a tweak 32 bytes below n (0 allowed);
 * - results at infinity or a private key of 0 are `null`;
 * - `verify` accepts high s unless `strict === true`; signatures with r or
 *   s ≥ n throw, with r or s = 0 are false;
 * - `signSchnorr(h, d)` without `e` is libsecp256k1's aux_rand = NULL,
 *   i.e. 32 zero bytes; messages are 32 bytes here;
 * - `xOnlyPointAddTweakCheck` without a parity compares the tweaked key's
 *   bytes (and, when the sum is infinite, the input key's, as tiny-secp256k1
 *   does); with a parity it parses the result to check and throws for a bad one.
 *
 * Secret paths (`pointFromScalar`, `xOnlyPointFromScalar`, `sign`,
 * `signRecoverable`, `signSchnorr`, `pointAddScalar`'s and
 * `xOnlyPointAddTweak`'s tweak·G, `pointMultiply`'s tweak·P) use the
 * constant-time `scalarBaseMult` / `scalarMult`; the rest is public data.
 *
 * References:
 * - tiny-secp256k1 2.2.4 (bitcoinjs): lib/index.js, lib/validate.js (the contract reproduced here).
 * - [LIBSECP] bitcoin-core/secp256k1 `ec_pubkey_parse`, `ec_seckey_tweak_add`, `xonly_pubkey_tweak_add(_check)`.
 * - [BIP32], [BIP341] (the tweaks these serve).
 */
import { FieldVal, ModNScalar, StrataError, hexToBytes } from '@strata/field';
import * as secp256k1 from '@strata/curves/secp256k1';
import { signRecoverable as ecdsaSignRecoverable, sign as ecdsaSign, tryRecoverPoint, verifyPoint } from './ecdsa.js';
import { liftX, sign as schnorrSign, verify as schnorrVerify } from './schnorr.js';
import { addTweakTimesG } from './tweak.js';

const ERR = {
  PRIVATE: 'Expected Private',
  POINT: 'Expected Point',
  TWEAK: 'Expected Tweak',
  HASH: 'Expected Hash',
  SIGNATURE: 'Expected Signature',
  EXTRA: 'Expected Extra Data (32 bytes)',
  PARITY: 'Expected Parity (1 | 0)',
  RECOVERY: 'Bad Recovery Id',
} as const;

function fail(message: string): never {
  throw new TypeError(message);
}

const N = hexToBytes(secp256k1.N_HEX);
const P_MINUS_N = hexToBytes('000000000000000000000000000000014551231950b75fc4402da1732fc9baee');
/** Compares the 32 bytes at a[ao…] with b (big-endian). */
function cmp32(a: Uint8Array, ao: number, b: Uint8Array): number {
  // Reads all 32 bytes whatever they hold (a secret key is compared with n
  // here): the borrow of a − b, from the last byte up, is 1 exactly when
  // a < b; only the result is branched on.
  let borrow = 0;
  let diff = 0;
  for (let i = 31; i >= 0; i--) {
    const x = a[ao + i]!;
    const y = b[i]!;
    diff |= x ^ y;
    borrow = ((x - y - borrow) >>> 31) & 1;
  }
  return diff === 0 ? 0 : borrow === 1 ? -1 : 1;
}
function isZero32(a: Uint8Array, ao = 0): boolean {
  let acc = 0;
  for (let i = 0; i < 32; i++) acc |= a[ao + i]!;
  return acc === 0;
}
const isU8 = (v: unknown): v is Uint8Array => v instanceof Uint8Array;

function validatePoint(p: unknown): asserts p is Uint8Array {
  if (!isU8(p) || (p.length !== 33 && p.length !== 65 && p.length !== 32)) fail(ERR.POINT);
}
function validateXOnlyPoint(p: unknown): asserts p is Uint8Array {
  if (!isU8(p) || p.length !== 32) fail(ERR.POINT);
}
function validatePrivate(d: unknown): asserts d is Uint8Array {
  if (!isPrivate(d as Uint8Array)) fail(ERR.PRIVATE);
}
function validateTweak(t: unknown): asserts t is Uint8Array {
  if (!isU8(t) || t.length !== 32 || cmp32(t, 0, N) >= 0) fail(ERR.TWEAK);
}
function validateHash(h: unknown): asserts h is Uint8Array {
  if (!isU8(h) || h.length !== 32) fail(ERR.HASH);
}
function validateExtraData(e: unknown): asserts e is Uint8Array | undefined {
  if (e !== undefined && (!isU8(e) || e.length !== 32)) fail(ERR.EXTRA);
}
function validateSignature(s: unknown): asserts s is Uint8Array {
  if (!isU8(s) || s.length !== 64 || cmp32(s, 0, N) >= 0 || cmp32(s, 32, N) >= 0) fail(ERR.SIGNATURE);
}

/** Parses a SEC1 point (33 or 65 bytes, hybrid included) into `out`, or null. */
function parse(p: Uint8Array, out: secp256k1.JacobianPoint): secp256k1.JacobianPoint | null {
  if (p.length !== 33 && p.length !== 65) return null;
  try {
    return secp256k1.pointFromBytes(p, out);
  } catch (e) {
    if (e instanceof StrataError) return null;
    throw e;
  }
}
/** Parses or throws "Expected Point". */
function parseOrThrow(p: Uint8Array, out: secp256k1.JacobianPoint): secp256k1.JacobianPoint {
  return parse(p, out) ?? fail(ERR.POINT);
}

const fx = new FieldVal();
/** lift_x of a 32-byte x-only key into `out`, or throws "Expected Point". */
function liftOrThrow(p: Uint8Array, out: secp256k1.JacobianPoint): secp256k1.JacobianPoint {
  return liftX(p, 0, fx, out) ?? fail(ERR.POINT);
}

/** The output length tiny-secp256k1 picks: `compressed`, else the input's length, else 33. */
function outputLength(compressed: boolean | undefined, p?: Uint8Array): number {
  if (compressed === undefined) return p !== undefined ? p.length : 33;
  return compressed ? 33 : 65;
}
function encode(pt: secp256k1.JacobianPoint, len: number): Uint8Array {
  return len === 33 ? secp256k1.pointToBytes(pt) : secp256k1.pointToBytesUncompressed(pt);
}

const A = new secp256k1.JacobianPoint();
const B = new secp256k1.JacobianPoint();
const C = new secp256k1.JacobianPoint();
const k1 = new ModNScalar();
const k2 = new ModNScalar();

/** Reports whether p is a valid 33- or 65-byte SEC1 point (hybrid included). */
export function isPoint(p: Uint8Array): boolean {
  return isU8(p) && parse(p, A) !== null;
}
/** Reports whether p is a valid 33-byte compressed point. */
export function isPointCompressed(p: Uint8Array): boolean {
  return isU8(p) && p.length === 33 && parse(p, A) !== null;
}
/** Reports whether p is a valid 32-byte x-only key (x < p with a point). */
export function isXOnlyPoint(p: Uint8Array): boolean {
  return isU8(p) && p.length === 32 && liftX(p, 0, fx, A) !== null;
}
/** Reports whether d is 32 bytes in [1, n). */
export function isPrivate(d: Uint8Array): boolean {
  return isU8(d) && d.length === 32 && !isZero32(d) && cmp32(d, 0, N) < 0;
}

/** Returns pA + pB, or null at infinity. */
export function pointAdd(pA: Uint8Array, pB: Uint8Array, compressed?: boolean): Uint8Array | null {
  validatePoint(pA);
  validatePoint(pB);
  const len = outputLength(compressed, pA);
  parseOrThrow(pA, A);
  parseOrThrow(pB, B);
  C.addNonConst(A, B);
  return C.isIdentity() ? null : encode(C, len);
}

/** Returns p + tweak·G, or null at infinity. */
export function pointAddScalar(p: Uint8Array, tweak: Uint8Array, compressed?: boolean): Uint8Array | null {
  validatePoint(p);
  validateTweak(tweak);
  const len = outputLength(compressed, p);
  parseOrThrow(p, A);
  k1.setBytes(tweak);
  addTweakTimesG(A, k1, B, C);
  k1.setZero();
  return C.isIdentity() ? null : encode(C, len);
}

/** Returns p re-encoded (33 bytes when `compressed`, 65 when not, else p's length). */
export function pointCompress(p: Uint8Array, compressed?: boolean): Uint8Array {
  validatePoint(p);
  const len = outputLength(compressed, p);
  return encode(parseOrThrow(p, A), len);
}

/** Returns d·G (33 bytes unless `compressed === false`). */
export function pointFromScalar(d: Uint8Array, compressed?: boolean): Uint8Array | null {
  validatePrivate(d);
  const len = outputLength(compressed);
  k1.setBytes(d);
  try {
    return encode(secp256k1.scalarBaseMult(k1, A), len);
  } finally {
    k1.setZero();
    A.setIdentity();
  }
}

/** Returns the 32-byte x of d·G. */
export function xOnlyPointFromScalar(d: Uint8Array): Uint8Array {
  return pointFromScalar(d, true)!.slice(1);
}

/** Returns the 32-byte x of p. */
export function xOnlyPointFromPoint(p: Uint8Array): Uint8Array {
  validatePoint(p);
  return secp256k1.pointToBytes(parseOrThrow(p, A)).slice(1);
}

/** Returns tweak·p, or null for a tweak of 0. */
export function pointMultiply(p: Uint8Array, tweak: Uint8Array, compressed?: boolean): Uint8Array | null {
  validatePoint(p);
  validateTweak(tweak);
  const len = outputLength(compressed, p);
  parseOrThrow(p, A);
  if (isZero32(tweak)) return null;
  k1.setBytes(tweak);
  secp256k1.scalarMult(k1, A, C);
  k1.setZero();
  return C.isIdentity() ? null : encode(C, len);
}

/** Returns d + tweak mod n, or null when it is 0. */
export function privateAdd(d: Uint8Array, tweak: Uint8Array): Uint8Array | null {
  validatePrivate(d);
  validateTweak(tweak);
  k1.setBytes(d);
  k2.setBytes(tweak);
  k1.add(k1, k2);
  try {
    return k1.isZero() ? null : k1.toBytes();
  } finally {
    k1.setZero();
    k2.setZero();
  }
}

/** Returns d − tweak mod n, or null when it is 0. */
export function privateSub(d: Uint8Array, tweak: Uint8Array): Uint8Array | null {
  validatePrivate(d);
  validateTweak(tweak);
  if (isZero32(tweak)) return new Uint8Array(d);
  k1.setBytes(d);
  k2.setBytes(tweak).negate(k2);
  k1.add(k1, k2);
  try {
    return k1.isZero() ? null : k1.toBytes();
  } finally {
    k1.setZero();
    k2.setZero();
  }
}

/** Returns n − d. */
export function privateNegate(d: Uint8Array): Uint8Array {
  validatePrivate(d);
  k1.setBytes(d).negate(k1);
  try {
    return k1.toBytes();
  } finally {
    k1.setZero();
  }
}

/** The tweak result of {@link xOnlyPointAddTweak}. */
export interface XOnlyPointAddTweakResult {
  /** The parity of the tweaked point's y. */
  parity: 1 | 0;
  /** Its 32-byte x. */
  xOnlyPubkey: Uint8Array;
}

/** Q = lift_x(p) + tweak·G into C; reports whether Q is finite. */
function tweakXOnly(p: Uint8Array, tweak: Uint8Array): boolean {
  liftOrThrow(p, A);
  k1.setBytes(tweak);
  addTweakTimesG(A, k1, B, C);
  k1.setZero();
  if (C.isIdentity()) return false;
  C.toAffine();
  return true;
}

/** Returns { parity, xOnlyPubkey } of lift_x(p) + tweak·G (BIP-341's output key), or null at infinity. */
export function xOnlyPointAddTweak(p: Uint8Array, tweak: Uint8Array): XOnlyPointAddTweakResult | null {
  validateXOnlyPoint(p);
  validateTweak(tweak);
  if (!tweakXOnly(p, tweak)) return null;
  const enc = secp256k1.pointToBytes(C);
  return { parity: (enc[0]! & 1) as 1 | 0, xOnlyPubkey: enc.slice(1) };
}

/**
 * Reports whether `resultToCheck` is the x of lift_x(point) + tweak·G (and,
 * given `tweakParity`, whether its y has that parity).
 */
export function xOnlyPointAddTweakCheck(point: Uint8Array, tweak: Uint8Array, resultToCheck: Uint8Array, tweakParity?: 1 | 0): boolean {
  validateXOnlyPoint(point);
  validateXOnlyPoint(resultToCheck);
  validateTweak(tweak);
  const hasParity = tweakParity !== undefined;
  if (hasParity && tweakParity !== 0 && tweakParity !== 1) fail(ERR.PARITY);
  if (hasParity) {
    liftOrThrow(resultToCheck, B);
    if (!tweakXOnly(point, tweak)) return false;
    const enc = secp256k1.pointToBytes(C);
    return (enc[0]! & 1) === tweakParity && cmp32(enc, 1, resultToCheck) === 0;
  }
  // Without a parity tiny-secp256k1 compares bytes; an infinite sum leaves the input key in place.
  if (!tweakXOnly(point, tweak)) return cmp32(point, 0, resultToCheck) === 0;
  return cmp32(secp256k1.pointToBytes(C), 1, resultToCheck) === 0;
}

/** ECDSA: the 64-byte low-S RFC 6979 signature of h (libsecp256k1's, with `e` as its ndata). */
export function sign(h: Uint8Array, d: Uint8Array, e?: Uint8Array): Uint8Array {
  validateHash(h);
  validatePrivate(d);
  validateExtraData(e);
  return ecdsaSign(h, d, e === undefined ? undefined : { extraEntropy: e });
}

/** The recoverable form of {@link sign}. */
export interface RecoverableSignature {
  /** 64 bytes r ‖ s. */
  signature: Uint8Array;
  /** 0–3. */
  recoveryId: 0 | 1 | 2 | 3;
}

/** ECDSA as {@link sign}, with the recovery id. */
export function signRecoverable(h: Uint8Array, d: Uint8Array, e?: Uint8Array): RecoverableSignature {
  validateHash(h);
  validatePrivate(d);
  validateExtraData(e);
  const { signature, recovery } = ecdsaSignRecoverable(h, d, e === undefined ? undefined : { extraEntropy: e });
  return { signature, recoveryId: recovery as 0 | 1 | 2 | 3 };
}

/** BIP-340: the signature of the 32-byte h, with aux_rand `e` (32 zero bytes when omitted, as libsecp256k1's NULL). */
export function signSchnorr(h: Uint8Array, d: Uint8Array, e?: Uint8Array): Uint8Array {
  validateHash(h);
  validatePrivate(d);
  validateExtraData(e);
  return schnorrSign(h, d, e ?? new Uint8Array(32));
}

/** ECDSA verification; high s is accepted unless `strict === true`. */
export function verify(h: Uint8Array, Q: Uint8Array, signature: Uint8Array, strict = false): boolean {
  validateHash(h);
  validatePoint(Q);
  validateSignature(signature);
  parseOrThrow(Q, A);
  return verifyPoint(signature, h, A, strict === true);
}

/** ECDSA recovery: the signer's key (65 bytes unless `compressed`), or null. */
export function recover(h: Uint8Array, signature: Uint8Array, recoveryId: 0 | 1 | 2 | 3, compressed = false): Uint8Array | null {
  validateHash(h);
  validateSignature(signature);
  if (isZero32(signature, 0) || isZero32(signature, 32)) fail(ERR.SIGNATURE);
  if ((recoveryId & 2) !== 0 && cmp32(signature, 0, P_MINUS_N) >= 0) fail(ERR.RECOVERY);
  if (liftX(signature, 0, fx, B) === null) fail(ERR.SIGNATURE);
  if (recoveryId !== 0 && recoveryId !== 1 && recoveryId !== 2 && recoveryId !== 3) fail(ERR.RECOVERY);
  const len = outputLength(compressed);
  return tryRecoverPoint(signature, recoveryId, h, C) === null ? null : encode(C, len);
}

/** BIP-340 verification of a 32-byte h (signatures with r or s ≥ n throw, as tiny-secp256k1's do). */
export function verifySchnorr(h: Uint8Array, Q: Uint8Array, signature: Uint8Array): boolean {
  validateHash(h);
  validateXOnlyPoint(Q);
  validateSignature(signature);
  liftOrThrow(Q, A);
  return schnorrVerify(signature, h, Q);
}
