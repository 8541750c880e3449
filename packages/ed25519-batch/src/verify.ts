/**
 * Ed25519 key generation, signing ([RFC8032] §5.1.5–5.1.6) and single
 * verification under two rule sets:
 *
 * - `'zip215'` (default) — [ZIP-215]: |sig| = 64, |A| = 32; S < ℓ; A and R
 *   decode with y taken mod p (y ∈ [p, 2^255) allowed) and x = −0 allowed;
 *   small-order and mixed-order A and R allowed; k = SHA-512(R‖A‖M) over the
 *   bytes AS GIVEN; accept iff [8]([S]B − [k]A − R) = O.
 * - `'strict'` — RFC 8032 §5.1.7 with libsodium's extra checks: same
 *   lengths; S < ℓ; A and R canonical (y < p, no x = −0); A and R not of
 *   small order ([8]P ≠ O); k = SHA-512(R‖A‖M) mod ℓ; accept iff
 *   [S]B + [k](−A) = R exactly (cofactorless). Mixed-order A or R (a
 *   prime-order part plus torsion) is NOT rejected by itself, as in
 *   libsodium; it passes only when the cofactorless equation holds.
 *
 * Verification returns false for every malformed input (wrong lengths,
 * undecodable points, S ≥ ℓ); only wrong argument TYPES throw (TypeError).
 *
 * References:
 * - [RFC8032] S. Josefsson, I. Liusvaara, "Edwards-Curve Digital Signature Algorithm (EdDSA)", §5.1.
 * - [ZIP-215] Zcash ZIP 215, "Explicitly Defining and Modifying Ed25519 Validation Rules".
 * - [CGN20] K. Chalkias, F. Garillot, V. Nikolaenko, "Taming the many EdDSAs" (ed25519-speccheck).
 * - libsodium `crypto_sign_ed25519_verify_detached` (the strict rule set).
 */
import { sha512 } from '@noble/hashes/sha2.js';
import { ed25519 } from '@strata/curves';
import { Scalar25519, describe, expectBytes } from '@strata/field';
import { KeyInfo, PublicKeyCache, encodingIsCanonical } from './cache.js';

type Point = ed25519.Point;

/** Verification rule set; see the module comment for the exact rules. */
export type VerifyMode = 'zip215' | 'strict';

/** Options of `verify`. */
export interface VerifyOptions {
  /** Rule set (default `'zip215'`). */
  mode?: VerifyMode;
  /** Decoded-key cache for repeat signers (results never depend on it). */
  cache?: PublicKeyCache;
}

/** Validates a mode argument (undefined → 'zip215'); TypeError otherwise. */
export function checkMode(mode: unknown, who: string): VerifyMode {
  if (mode === undefined) return 'zip215';
  if (mode === 'zip215' || mode === 'strict') return mode;
  throw new TypeError(`${who} mode: expected 'zip215' or 'strict', got ${typeof mode === 'string' ? `'${mode}'` : describe(mode)}`);
}

/** Validates an options object's cache field (undefined or a PublicKeyCache); TypeError otherwise. */
export function checkCache(cache: unknown, who: string): PublicKeyCache | undefined {
  if (cache === undefined) return undefined;
  if (cache instanceof PublicKeyCache) return cache;
  throw new TypeError(`${who} cache: expected a PublicKeyCache, got ${describe(cache)}`);
}

// ---------------------------------------------------------------------------
// Shared internals (also used by batch.ts).
// ---------------------------------------------------------------------------

/** Sets out = SHA-512(R ‖ A ‖ M) mod ℓ and returns out ([RFC8032] §5.1.7 step 2). */
export function challenge(out: Scalar25519, r: Uint8Array, a: Uint8Array, m: Uint8Array): Scalar25519 {
  return out.setWideBytes(sha512.create().update(r).update(a).update(m).digest());
}

/**
 * Facts about R after decoding, for the pre-equation checks. Returns false
 * when R (the 32 bytes at b[off..off+32)) must be rejected under `mode`
 * before any equation: undecodable (both modes), non-canonical or small
 * order (strict). Writes R into `out`.
 */
export function decodeR(out: Point, b: Uint8Array, off: number, strict: boolean): boolean {
  if (!out.trySetBytes(b, true, off)) return false;
  if (!strict) return true;
  return encodingIsCanonical(b, off, out) && !out.isSmallOrder();
}

/** Returns true iff a decoded key passes the pre-equation checks of `mode`. */
export function keyAcceptable(key: KeyInfo, strict: boolean): boolean {
  if (!key.ok) return false;
  return !strict || (key.canonical && !key.smallOrder);
}

const eqScratch = new ed25519.Point();

/**
 * The single verification equation on decoded inputs: with
 * R' = [S]B + [k](−A) (Straus; with a cached key, over −A's 8-piece table
 * and B's 8-piece table: a 33-step doubling chain instead of ~253), returns
 * [8](R' − R) = O (zip215) or R' = R (strict).
 */
export function equationHolds(key: KeyInfo, R: Point, k: Scalar25519, S: Scalar25519, strict: boolean): boolean {
  const rp = ed25519.doubleScalarMultBaseNonConst(k, key.table ?? key.neg, S, eqScratch);
  if (strict) return rp.equals(R);
  return rp.sub(R).mulByCofactor().isIdentity();
}

// ---------------------------------------------------------------------------
// Public API.
// ---------------------------------------------------------------------------

const vR = new ed25519.Point();
const vKey = new KeyInfo();
const vS = new Scalar25519();
const vK = new Scalar25519();

/**
 * Returns true iff `signature` (64 bytes R ‖ S) is a valid Ed25519
 * signature of `message` under the 32-byte `publicKey`, by the rules of
 * `options.mode` (default `'zip215'`; see the module comment). Returns false
 * for any malformed input; throws TypeError only for non-Uint8Array
 * arguments or a bad option.
 */
export function verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array, options: VerifyOptions = {}): boolean {
  expectBytes('verify signature', signature);
  expectBytes('verify message', message);
  expectBytes('verify publicKey', publicKey);
  if (options === null || typeof options !== 'object') throw new TypeError(`verify options: expected an object, got ${describe(options)}`);
  const strict = checkMode(options.mode, 'verify') === 'strict';
  const cache = checkCache(options.cache, 'verify');
  if (signature.length !== 64 || publicKey.length !== 32) return false;
  if (!vS.trySetCanonicalBytes(signature, 32)) return false;
  const key = cache !== undefined ? cache.lookup(publicKey) : vKey.reset(publicKey, false);
  if (!keyAcceptable(key, strict)) return false;
  if (!decodeR(vR, signature, 0, strict)) return false;
  challenge(vK, signature.subarray(0, 32), publicKey, message);
  return equationHolds(key, vR, vK, vS, strict);
}

/** The RFC 8032 §5.1.5 expansion of a 32-byte seed: clamped scalar s (mod ℓ), prefix, and A's encoding. */
interface Expanded {
  s: Scalar25519;
  prefix: Uint8Array;
  publicKey: Uint8Array;
}

function expand(seed: Uint8Array, who: string): Expanded {
  expectBytes(`${who} secretSeed`, seed, 32);
  const h = sha512(seed);
  const a = h.subarray(0, 32);
  a[0] = a[0]! & 248;
  a[31] = (a[31]! & 127) | 64;
  const s = new Scalar25519().setBytesModOrder(a);
  // [s]B for the secret s: constant-pattern comb (B has order ℓ, so s mod ℓ is enough).
  const publicKey = ed25519.scalarBaseMult(s).toBytes();
  const prefix = h.slice(32, 64);
  h.fill(0);
  return { s, prefix, publicKey };
}

/**
 * Returns the 32-byte public key A = [s]B of a 32-byte secret seed
 * ([RFC8032] §5.1.5). Wrong length: StrataError ERR_BAD_LENGTH; not a
 * Uint8Array: TypeError.
 */
export function getPublicKey(secretSeed: Uint8Array): Uint8Array {
  const e = expand(secretSeed, 'getPublicKey');
  e.s.setZero();
  e.prefix.fill(0);
  return e.publicKey;
}

/**
 * Returns the deterministic 64-byte signature R ‖ S of `message` under a
 * 32-byte secret seed ([RFC8032] §5.1.6): r = SHA-512(prefix ‖ M) mod ℓ,
 * R = [r]B, k = SHA-512(R ‖ A ‖ M) mod ℓ, S = r + k·s mod ℓ. Secret scalars
 * go through the constant-pattern `scalarBaseMult`; intermediate secrets are
 * zeroed on a best-effort basis (JavaScript cannot promise more).
 */
export function sign(message: Uint8Array, secretSeed: Uint8Array): Uint8Array {
  expectBytes('sign message', message);
  const e = expand(secretSeed, 'sign');
  const rh = sha512.create().update(e.prefix).update(message).digest();
  const r = new Scalar25519().setWideBytes(rh);
  rh.fill(0);
  e.prefix.fill(0);
  const sig = new Uint8Array(64);
  ed25519.scalarBaseMult(r).putBytes(sig, 0);
  const k = challenge(new Scalar25519(), sig.subarray(0, 32), e.publicKey, message);
  const S = new Scalar25519().mulAdd(k, e.s, r);
  S.putBytes(sig, 32);
  r.setZero();
  e.s.setZero();
  S.setZero();
  return sig;
}
