/**
 * BIP-340 Schnorr signatures over secp256k1: x-only public keys (32 bytes),
 * 64-byte signatures R.x ‖ s, messages of any length, tagged SHA-256
 * hashes ("BIP0340/aux", "BIP0340/nonce", "BIP0340/challenge").
 *
 * Signing: P = d'·G and R = k'·G by `@strata/curves`' constant-time
 * `scalarBaseMult`; the negation of k for an odd R.y is a byte-masked
 * select between k + e·d and −k + e·d (no branch on it). The negation of d
 * for an odd P.y branches on the parity of the public key, which is public.
 * Verification: R = s·G − e·P by `doubleScalarMultBaseNonConst`, then one
 * inversion for R's affine x and the parity of y. Both dispatch to the
 * WebAssembly engine when it is selected.
 *
 * References:
 * - [BIP340] P. Wuille, J. Nick, T. Ruffing, "Schnorr Signatures for secp256k1" (Default Signing, Verification, lift_x).
 * - [LIBSECP] bitcoin-core/secp256k1 `secp256k1_schnorrsig_sign32`, `nonce_function_bip340`.
 */
import { ErrorCode, FieldVal, ModNScalar, StrataError, expectBytes } from '@strata/field';
import * as secp256k1 from '@strata/curves/secp256k1';
import { secretScalar } from './keys.js';
import { Sha256, sha256 } from './sha256.js';

/** Length of an x-only public key. */
export const PUBLIC_KEY_LEN = 32;
/** Length of a BIP-340 signature. */
export const SIGNATURE_LEN = 64;

const utf8 = (s: string) => new TextEncoder().encode(s);
/** SHA-256(tag) ‖ SHA-256(tag), the prefix of every tagged hash. */
export function tagPrefix(tag: string): Uint8Array {
  const t = sha256(utf8(tag));
  const out = new Uint8Array(64);
  out.set(t, 0);
  out.set(t, 32);
  return out;
}
const AUX = tagPrefix('BIP0340/aux');
const NONCE = tagPrefix('BIP0340/nonce');
const CHALLENGE = tagPrefix('BIP0340/challenge');

/** hash_tag(parts…) = SHA-256(SHA-256(tag) ‖ SHA-256(tag) ‖ parts…). */
export function taggedHash(prefix: Uint8Array, ...parts: Uint8Array[]): Uint8Array {
  const h = new Sha256().update(prefix);
  for (const p of parts) h.update(p);
  return h.digestInto(new Uint8Array(32));
}

/** SHA-256 after the challenge tag's 64-byte prefix block (its midstate: every challenge starts from a copy). */
const CHALLENGE_STATE = new Sha256().update(CHALLENGE);
const challengeHash = new Sha256();
const challengeDigest = new Uint8Array(32);

/**
 * The challenge e = hash_challenge(r ‖ P.x ‖ m) mod n, into `out`: the tag's
 * block is hashed once per module (a copy of its state per call, no
 * allocation), so a 32-byte message costs two SHA-256 compressions, not three.
 */
export function challenge(r: Uint8Array, px: Uint8Array, message: Uint8Array, out: ModNScalar): ModNScalar {
  challengeHash.copy(CHALLENGE_STATE).update(r).update(px).update(message).digestInto(challengeDigest);
  out.setBytesReduced(challengeDigest);
  return out;
}

const py = new FieldVal();
/**
 * lift_x: the point with x = the 32 bytes at b[off…] and even y, into `out`,
 * or null when x ≥ p or x³ + 7 is not a square.
 */
export function liftX(b: Uint8Array, off: number, x: FieldVal, out: secp256k1.JacobianPoint): secp256k1.JacobianPoint | null {
  if (!x.trySetBytes(b, off)) return null;
  if (secp256k1.decompressY(x, false, py) === null) return null;
  return out.setAffine(x, py);
}

// Scratch (secrets wiped after each call).
const d = new ModNScalar();
const k = new ModNScalar();
const e = new ModNScalar();
const s0 = new ModNScalar();
const s1 = new ModNScalar();
const t = new ModNScalar();
const P = new secp256k1.JacobianPoint();
const R = new secp256k1.JacobianPoint();
const px = new Uint8Array(32);
const rx = new Uint8Array(32);
const db = new Uint8Array(32);
const sb0 = new Uint8Array(32);
const sb1 = new Uint8Array(32);

/** Sets P = d·G (constant time) in affine form and writes P.x to `px`; returns whether P.y is odd. */
function publicPoint(): boolean {
  secp256k1.scalarBaseMult(d, P).toAffine();
  P.x.normalize().putBytes(px);
  return P.y.normalize().isOdd();
}

/**
 * Returns the 32-byte x-only public key of `secretKey` (BIP-340's bytes(d'·G)).
 * Errors: TypeError for a non-Uint8Array; StrataError ERR_BAD_LENGTH unless
 * 32 bytes, ERR_OUT_OF_RANGE for 0 or ≥ n.
 */
export function getPublicKey(secretKey: Uint8Array): Uint8Array {
  secretScalar('schnorr.getPublicKey secretKey', secretKey, d);
  try {
    publicPoint();
    return px.slice();
  } finally {
    d.setZero();
    P.setIdentity();
  }
}

/**
 * Signs `message` (any length) with `secretKey` per BIP-340 and returns the
 * 64-byte signature. `auxRand` (32 bytes) is the auxiliary randomness; when
 * it is omitted, 32 fresh bytes from `crypto.getRandomValues` are used, as
 * BIP-340 recommends (pass 32 zero bytes for libsecp256k1's deterministic
 * `aux_rand = NULL` signature). Errors: TypeError for a non-Uint8Array;
 * StrataError ERR_BAD_LENGTH for a key or auxRand that is not 32 bytes,
 * ERR_OUT_OF_RANGE for a key of 0 or ≥ n.
 */
export function sign(message: Uint8Array, secretKey: Uint8Array, auxRand?: Uint8Array): Uint8Array {
  expectBytes('schnorr.sign message', message);
  const aux = auxRand === undefined ? crypto.getRandomValues(new Uint8Array(32)) : expectBytes('schnorr.sign auxRand', auxRand, 32);
  secretScalar('schnorr.sign secretKey', secretKey, d);
  try {
    if (publicPoint()) d.negate(d); // d = n − d' for an odd P.y (P is public)
    d.putBytes(db);
    const mask = taggedHash(AUX, aux);
    for (let i = 0; i < 32; i++) db[i] = db[i]! ^ mask[i]!; //  t = bytes(d) ⊕ hash_aux(a)
    mask.fill(0);
    const rand = taggedHash(NONCE, db, px, message);
    k.setBytesReduced(rand);
    rand.fill(0);
    if (k.isZero()) throw new StrataError(ErrorCode.INVALID_ARGUMENT, 'schnorr.sign: expected a non-zero nonce, got k = 0 (probability 2⁻²⁵⁶)');
    secp256k1.scalarBaseMult(k, R).toAffine();
    R.x.normalize().putBytes(rx);
    const odd = R.y.normalize().isOdd() ? 1 : 0;
    challenge(rx, px, message, e);
    t.mul(e, d);
    s0.add(t, k); //            k + e·d   (R.y even)
    s1.negate(k).add(s1, t); // −k + e·d  (R.y odd)
    s0.putBytes(sb0);
    s1.putBytes(sb1);
    const sig = new Uint8Array(SIGNATURE_LEN);
    sig.set(rx, 0);
    const m = -odd & 0xff;
    for (let i = 0; i < 32; i++) sig[32 + i] = (sb0[i]! & ~m) | (sb1[i]! & m);
    return sig;
  } finally {
    for (const x of [d, k, e, s0, s1, t]) x.setZero();
    for (const b of [db, sb0, sb1]) b.fill(0);
    P.setIdentity();
    R.setIdentity();
  }
}

const vx = new FieldVal();
const vs = new ModNScalar();
const ve = new ModNScalar();
const vP = new secp256k1.JacobianPoint();
const vR = new secp256k1.JacobianPoint();
const vr = new FieldVal();

/**
 * Reports whether `signature` is a valid BIP-340 signature of `message`
 * (any length) by the x-only `publicKey`. False for any malformed input: a
 * signature not 64 bytes, a key not 32 bytes or with no point (x ≥ p, or
 * x³ + 7 not a square), r ≥ p, s ≥ n. Throws only TypeError, for a
 * non-Uint8Array argument. Variable time (public inputs).
 */
export function verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  expectBytes('schnorr.verify signature', signature);
  expectBytes('schnorr.verify message', message);
  expectBytes('schnorr.verify publicKey', publicKey);
  if (signature.length !== SIGNATURE_LEN || publicKey.length !== PUBLIC_KEY_LEN) return false;
  if (liftX(publicKey, 0, vx, vP) === null) return false;
  if (!vr.trySetBytes(signature, 0)) return false; // r < p
  if (!vs.trySetBytes(signature, 32)) return false; // s < n
  challenge(signature.subarray(0, 32), publicKey, message, ve);
  return verifyDecoded(vP, vr, vs, ve);
}

/**
 * The equation of {@link verify} on decoded values: whether R = s·G − e·P
 * is a point with even y and x = r. `P` is lift_x of the key, `r` < p,
 * `s` < n, `e` the challenge; none of them is changed (batch verification
 * checks an entry it has already decoded with this).
 */
export function verifyDecoded(P: secp256k1.JacobianPoint, r: FieldVal, s: ModNScalar, e: ModNScalar): boolean {
  ve.negate(e);
  secp256k1.doubleScalarMultBaseNonConst(ve, P, s, vR); // s·G − e·P
  if (vR.isIdentity()) return false;
  vR.toAffine();
  if (vR.y.normalize().isOdd()) return false;
  return vR.x.normalize().equals(r);
}
