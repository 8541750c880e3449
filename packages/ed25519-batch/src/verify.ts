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
 * Three variants ([RFC8032] §5.1), chosen by the `variant` option of
 * `sign`, `verify`, `BatchVerifier.add` and batch entries:
 *
 * - `'ed25519'` (default) — PureEdDSA: k = SHA-512(R ‖ A ‖ M), no context.
 * - `'ed25519ctx'` — k = SHA-512(dom2(0, C) ‖ R ‖ A ‖ M) with a context C of
 *   1–255 bytes (an empty one is rejected, as §5.1 says).
 * - `'ed25519ph'` — HashEdDSA: M is replaced by PH(M) = SHA-512(M) and
 *   k = SHA-512(dom2(1, C) ‖ R ‖ A ‖ PH(M)), C of 0–255 bytes (default empty).
 *
 * dom2(f, C) = "SigEd25519 no Ed25519 collisions" ‖ octet(f) ‖ octet(|C|) ‖ C;
 * the nonce hash r = SHA-512(dom2 ‖ prefix ‖ M′) takes the same prefix. Both
 * verification modes apply unchanged to every variant (only k differs).
 * A context of the wrong length is a StrataError `ERR_BAD_LENGTH` (it is the
 * caller's protocol parameter, not signature data), a context of the wrong
 * type or a context with variant `'ed25519'` a TypeError.
 *
 * References:
 * - [RFC8032] S. Josefsson, I. Liusvaara, "Edwards-Curve Digital Signature Algorithm (EdDSA)", §5.1.
 * - [ZIP-215] Zcash ZIP 215, "Explicitly Defining and Modifying Ed25519 Validation Rules".
 * - [CGN20] K. Chalkias, F. Garillot, V. Nikolaenko, "Taming the many EdDSAs" (ed25519-speccheck).
 * - libsodium `crypto_sign_ed25519_verify_detached` (the strict rule set).
 */
import * as ed25519 from '@strata/curves/ed25519';
import { Sha512, sha512 } from '@strata/curves/hash';
import { ErrorCode, Scalar25519, StrataError, describe, expectBytes, expectOptions } from '@strata/field';
import { KeyInfo, PublicKeyCache, encodingIsCanonical, lookupKey } from './cache.js';
import { SigningKey, expand, expandedFor } from './signing-key.js';

type Point = ed25519.Point;

/** Verification rule set; see the module comment for the exact rules. */
export type VerifyMode = 'zip215' | 'strict';

/** RFC 8032 §5.1 variant; see the module comment. */
export type Ed25519Variant = 'ed25519' | 'ed25519ctx' | 'ed25519ph';

/** The variant and context of one signature (options of `sign` and `BatchVerifier.add`). */
export interface VariantOptions {
  /** RFC 8032 variant (default `'ed25519'`). */
  variant?: Ed25519Variant;
  /** Context string: 1–255 bytes for `'ed25519ctx'`, 0–255 for `'ed25519ph'` (default empty), none for `'ed25519'`. */
  context?: Uint8Array;
}

/** Options of `sign`. */
export type SignOptions = VariantOptions;

/** Options of `verify`. */
export interface VerifyOptions extends VariantOptions {
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

/** Variant codes (also the byte in the worker wire format). */
export const PURE = 0;
export const CTX = 1;
export const PH = 2;

const VARIANT_CODE: Record<Ed25519Variant, number> = { ed25519: PURE, ed25519ctx: CTX, ed25519ph: PH };
/** Variant names by code. */
export const VARIANT_NAMES: readonly Ed25519Variant[] = ['ed25519', 'ed25519ctx', 'ed25519ph'];
const NO_CONTEXT = new Uint8Array(0);

/**
 * Validates a variant and its context and returns the variant code; `ctxOut`
 * receives the context (empty when none). Wrong types (a variant name not
 * listed, a non-Uint8Array context, a context with `'ed25519'`, a missing
 * context with `'ed25519ctx'`): TypeError. A context of the wrong length
 * (empty for `'ed25519ctx'`, over 255 bytes): StrataError ERR_BAD_LENGTH.
 */
export function checkVariant(variant: unknown, context: unknown, who: string): number {
  let code: number;
  if (variant === undefined) code = PURE;
  else if (typeof variant === 'string' && Object.hasOwn(VARIANT_CODE, variant)) code = VARIANT_CODE[variant as Ed25519Variant];
  else {
    throw new TypeError(
      `${who} variant: expected 'ed25519', 'ed25519ctx' or 'ed25519ph', got ${typeof variant === 'string' ? `'${variant}'` : describe(variant)}`,
    );
  }
  if (code === PURE) {
    if (context !== undefined) throw new TypeError(`${who} context: expected none for variant 'ed25519' (use 'ed25519ctx' or 'ed25519ph'), got ${describe(context)}`);
    return code;
  }
  if (context === undefined && code === PH) return code;
  if (!(context instanceof Uint8Array)) throw new TypeError(`${who} context: expected Uint8Array, got ${describe(context)}`);
  const min = code === CTX ? 1 : 0;
  if (context.length < min || context.length > 255) {
    throw new StrataError(ErrorCode.BAD_LENGTH, `${who} context: expected ${min} to 255 bytes, got ${context.length}`);
  }
  return code;
}

/** Returns the context to hash for a checked (variant, context) pair. */
export function contextOf(context: Uint8Array | undefined): Uint8Array {
  return context ?? NO_CONTEXT;
}

// ---------------------------------------------------------------------------
// Shared internals (also used by batch.ts).
// ---------------------------------------------------------------------------

/** "SigEd25519 no Ed25519 collisions" ([RFC8032] §5.1, dom2). */
const DOM2_TAG = new TextEncoder().encode('SigEd25519 no Ed25519 collisions');
/** octet(phflag) ‖ octet(|C|), rewritten per hash (update copies it at once). */
const dom2Head = new Uint8Array(2);

/**
 * Starts a SHA-512 with dom2(phflag, C) absorbed for ctx/ph, nothing for
 * pure Ed25519: the engine's own SHA-512 while the WebAssembly engine
 * serves, @noble/hashes' otherwise (`Sha512` of `@strata/curves/hash`).
 */
function hashWithDom(variant: number, ctx: Uint8Array): Sha512 {
  const h = new Sha512();
  if (variant !== PURE) {
    dom2Head[0] = variant === PH ? 1 : 0;
    dom2Head[1] = ctx.length;
    h.update(DOM2_TAG).update(dom2Head).update(ctx);
  }
  return h;
}

/** Returns M′: SHA-512(M) for Ed25519ph, M itself otherwise. */
export function messageFor(variant: number, m: Uint8Array): Uint8Array {
  return variant === PH ? sha512(m) : m;
}

/** The digest of the hash in progress, reduced at once (r's is secret: `sign` zeroes it). */
const digest64 = new Uint8Array(64);

/**
 * Sets out = SHA-512(dom2 ‖ R ‖ A ‖ M′) mod ℓ and returns out ([RFC8032]
 * §5.1.7 step 2; dom2 empty for pure Ed25519). `mp` is M′ (see `messageFor`).
 */
export function challenge(out: Scalar25519, r: Uint8Array, a: Uint8Array, mp: Uint8Array, variant = PURE, ctx: Uint8Array = NO_CONTEXT): Scalar25519 {
  return out.setWideBytes(hashWithDom(variant, ctx).update(r).update(a).update(mp).digest(digest64, 0));
}


/**
 * Facts about R after decoding, for the pre-equation checks. Returns false
 * when R (the 32 bytes at b[off..off+32)) must be rejected under `mode`
 * before any equation: undecodable (both modes), non-canonical or small
 * order (strict). Writes R into `out`.
 */
export function decodeR(out: Point, b: Uint8Array, off: number, strict: boolean): boolean {
  if (!out.trySetBytes(b, undefined, off)) return false;
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
 * [8](R' − R) = O (zip215) or R' = R (strict). Without a table, zip215 goes
 * through `cofactoredEquationNonConst`, which the WebAssembly engine runs
 * with half-size scalars (a ~129-step chain).
 */
export function equationHolds(key: KeyInfo, R: Point, k: Scalar25519, S: Scalar25519, strict: boolean): boolean {
  if (!strict && key.table === null) return ed25519.cofactoredEquationNonConst(k, key.neg, S, R);
  const rp = ed25519.doubleScalarMultBaseNonConst(k, key.table ?? key.neg, S, eqScratch);
  if (strict) return rp.equals(R);
  return rp.sub(rp, R).mulByCofactor(rp).isIdentity();
}

// ---------------------------------------------------------------------------
// Public API.
// ---------------------------------------------------------------------------

const vR = new ed25519.Point();
const vKey = new KeyInfo();
const vS = new Scalar25519();
const vK = new Scalar25519();

/**
 * Returns true iff `signature` (64 bytes R ‖ S) is a valid signature of
 * `message` under the 32-byte `publicKey`, for the RFC 8032 variant
 * `options.variant` (default `'ed25519'`; with `options.context` for
 * `'ed25519ctx'` / `'ed25519ph'`) by the rules of `options.mode` (default
 * `'zip215'`; see the module comment). Returns false for any malformed
 * signature, key or message; throws TypeError for non-Uint8Array arguments
 * or a bad option, StrataError ERR_BAD_LENGTH for a context of the wrong
 * length.
 */
export function verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array, options: VerifyOptions = {}): boolean {
  expectBytes('verify signature', signature);
  expectBytes('verify message', message);
  expectBytes('verify publicKey', publicKey);
  expectOptions('verify options', options);
  const strict = checkMode(options.mode, 'verify') === 'strict';
  const cache = checkCache(options.cache, 'verify');
  const variant = checkVariant(options.variant, options.context, 'verify');
  if (signature.length !== 64 || publicKey.length !== 32) return false;
  if (!vS.trySetBytes(signature, 32)) return false;
  const key = cache !== undefined ? lookupKey(cache, publicKey) : vKey.reset(publicKey, false);
  if (!keyAcceptable(key, strict)) return false;
  if (!decodeR(vR, signature, 0, strict)) return false;
  challenge(vK, signature.subarray(0, 32), publicKey, messageFor(variant, message), variant, contextOf(options.context));
  return equationHolds(key, vR, vK, vS, strict);
}

/** A secret key expanded: clamped scalar s (mod ℓ), prefix, and A's encoding. */
/**
 * Returns the 32-byte public key A = [s]B of a secret key ([RFC8032]
 * §5.1.5): the 32-byte seed, or libsodium's / tweetnacl's 64-byte
 * seed ‖ A (whose A must match), or a {@link SigningKey} (a copy of its A,
 * destroyed or not). Other lengths: StrataError
 * ERR_BAD_LENGTH; a 64-byte key whose halves disagree: StrataError
 * ERR_INVALID_ARGUMENT; not a Uint8Array: TypeError.
 */
export function getPublicKey(secretKey: Uint8Array | SigningKey): Uint8Array {
  if (secretKey instanceof SigningKey) return secretKey.publicKey;
  const e = expand(secretKey, 'getPublicKey');
  e.s.setZero();
  e.prefix.fill(0);
  return e.publicKey;
}

/** `sign`'s scalars r, k and S (one call at a time; r and S are zeroed before it returns). */
const sR = new Scalar25519();
const sK = new Scalar25519();
const sS = new Scalar25519();

/**
 * Returns the deterministic 64-byte signature R ‖ S of `message` under a
 * secret key ([RFC8032] §5.1.6): a {@link SigningKey} (expanded once: one
 * base-point multiplication per signature; a destroyed one is StrataError
 * ERR_INVALID_ARGUMENT), the 32-byte seed, or the 64-byte
 * seed ‖ public key that libsodium and tweetnacl produce (its public half
 * must match the seed's, else StrataError ERR_INVALID_ARGUMENT; a seed is
 * expanded on every call, two base-point multiplications), for the variant `options.variant`
 * (default `'ed25519'`; see the module comment): with M′ = M, or SHA-512(M)
 * for `'ed25519ph'`, r = SHA-512(dom2 ‖ prefix ‖ M′) mod ℓ, R = [r]B,
 * k = SHA-512(dom2 ‖ R ‖ A ‖ M′) mod ℓ, S = r + k·s mod ℓ (dom2 empty for
 * `'ed25519'`). Secret scalars go through the constant-pattern
 * `scalarBaseMult`; intermediate secrets are zeroed on a best-effort basis
 * (JavaScript cannot promise more). A context of the wrong length:
 * StrataError ERR_BAD_LENGTH; wrong types: TypeError.
 */
export function sign(message: Uint8Array, secretKey: Uint8Array | SigningKey, options: SignOptions = {}): Uint8Array {
  expectBytes('sign message', message);
  expectOptions('sign options', options);
  const variant = checkVariant(options.variant, options.context, 'sign');
  const ctx = contextOf(options.context);
  const mp = messageFor(variant, message);
  const { e, owned } = expandedFor(secretKey, 'sign');
  const r = sR.setWideBytes(hashWithDom(variant, ctx).update(e.prefix).update(mp).digest(digest64, 0));
  digest64.fill(0);
  const sig = new Uint8Array(64);
  ed25519.scalarBaseMultToBytes(r, sig, 0);
  const k = challenge(sK, sig.subarray(0, 32), e.publicKey, mp, variant, ctx);
  const S = sS.mulAdd(k, e.s, r);
  S.putBytes(sig, 32);
  r.setZero();
  S.setZero();
  if (owned) {
    e.prefix.fill(0);
    e.s.setZero();
  }
  return sig;
}
