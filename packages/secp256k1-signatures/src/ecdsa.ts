/**
 * ECDSA over secp256k1 as libsecp256k1 signs and verifies it: RFC 6979
 * nonces (HMAC-SHA-256, libsecp256k1's keying, optional 32 bytes of extra
 * entropy), low-S signatures, public-key recovery, strict BIP-66 DER and
 * Bitcoin's 65-byte compact form (btcec's `SignCompact` / `RecoverCompact`).
 *
 * Signatures are 64 bytes r ‖ s (big-endian, each in [1, n)); hashes are
 * the 32 bytes of the message digest, read as an integer mod n as
 * libsecp256k1 reads them.
 *
 * Signing: k·G by `@strata/curves`' constant-time `scalarBaseMult`, k⁻¹ by
 * the fixed-sequence `ModNScalar.invert` (safegcd divsteps). Verification:
 * u₁·G + u₂·Q by `doubleScalarMultBaseNonConst` (GLV + wNAF, one shared
 * doubling chain), and the x check in Jacobian coordinates (r·Z² = X, and
 * (r + n)·Z² = X when r + n < p), so no inversion. Both run inside the
 * WebAssembly engine when it is selected.
 *
 * References:
 * - [SEC1] SEC 1 v2.0 §4.1.3 (signing), §4.1.4 (verification), §4.1.6 (recovery).
 * - [RFC6979] §3.2, §3.6.
 * - [BIP62] low S; [BIP66] strict DER encoding of signatures.
 * - [LIBSECP] bitcoin-core/secp256k1 `secp256k1_ecdsa_sign`, `_verify`, `_recover`, `ecdsa_sig_sign` (recovery id).
 * - [BTCEC] btcsuite/btcd btcec/v2 `ecdsa.SignCompact`, `RecoverCompact` (header 27 + id + 4·compressed).
 */
import { ErrorCode, FieldVal, ModNScalar, StrataError, expectBoolean, expectBytes, expectInteger, expectOptions, hexToBytes } from '@strata/field';
import * as secp256k1 from '@strata/curves/secp256k1';
import { Rfc6979 } from './rfc6979.js';
import { secretScalar, tryParsePublicKey } from './keys.js';


/** Options of {@link sign}, {@link signRecoverable} and {@link signCompact}. */
export interface SignOptions {
  /**
   * 32 bytes mixed into the RFC 6979 nonce exactly as libsecp256k1's
   * `ndata` (tiny-secp256k1's `sign(h, d, e)`): the signature stays valid and
   * becomes a function of these bytes too.
   */
  readonly extraEntropy?: Uint8Array;
}

/** Options of {@link signCompact}. */
export interface SignCompactOptions extends SignOptions {
  /** Whether the key the signature names is the compressed one (the default, true): header 31–34 instead of 27–30. */
  readonly compressed?: boolean;
}

/** Options of {@link verify}. */
export interface VerifyOptions {
  /**
   * Reject s > n/2 (the default, true, as libsecp256k1 and Bitcoin's
   * standardness rules); false accepts either s, as dcrd/btcec verification does.
   */
  readonly lowS?: boolean;
}

/** Options of {@link recoverPublicKey}. */
export interface RecoverOptions {
  /** 33-byte compressed key (the default, true) or 65-byte uncompressed (false). */
  readonly compressed?: boolean;
}

/** A signature with the recovery id of its R: bit 0 the parity of R.y, bit 1 set when R.x ≥ n. */
export interface RecoverableSignature {
  /** 64 bytes r ‖ s, s low. */
  readonly signature: Uint8Array;
  /** 0–3. */
  readonly recovery: number;
}

/** The result of {@link recoverCompact}. */
export interface RecoveredCompact {
  /** The signer's key, in the encoding the header names (33 or 65 bytes). */
  readonly publicKey: Uint8Array;
  /** Whether the header names the compressed key. */
  readonly compressed: boolean;
}

/** Length of a compact r ‖ s signature. */
export const SIGNATURE_LEN = 64;
/** Length of Bitcoin's signed-message signature: header ‖ r ‖ s. */
export const COMPACT_SIGNATURE_LEN = 65;

// Scratch, one set per module (secrets are wiped after each call).
const d = new ModNScalar();
const e = new ModNScalar();
const k = new ModNScalar();
const kinv = new ModNScalar();
const r = new ModNScalar();
const s = new ModNScalar();
const w = new ModNScalar();
const u1 = new ModNScalar();
const u2 = new ModNScalar();
const kBytes = new Uint8Array(32);
/** The RFC 6979 key material x ‖ (h mod n) [‖ extra entropy] (wiped after each call). */
const seed64 = new Uint8Array(64);
const seed96 = new Uint8Array(96);
/** The nonce generator, reseeded per signature (created on first use; wiped after each call). */
let generator: Rfc6979 | undefined;
const xBytes = new Uint8Array(32);
const R = new secp256k1.JacobianPoint();
const Q = new secp256k1.JacobianPoint();
const rf = new FieldVal();
const z2 = new FieldVal();
const t = new FieldVal();
const xn = new FieldVal();
const ry = new FieldVal();
/** n as a field element (n < p). */
const N_FE = new FieldVal().setBytes(hexToBytes(secp256k1.N_HEX));


/** Reads the extra entropy option: undefined, or exactly 32 bytes. */
function extraOf(what: string, options: SignOptions | undefined): Uint8Array | undefined {
  expectOptions(`${what} options`, options);
  const extra = options?.extraEntropy;
  if (extra !== undefined) expectBytes(`${what} extraEntropy`, extra, 32);
  return extra;
}

/**
 * The signing core: RFC 6979 nonce, R = k·G (constant time), r = R.x mod n,
 * s = k⁻¹(e + r·d), s made low. Writes r ‖ s into `out` and returns the recovery id.
 */
function signInto(what: string, hash: unknown, secretKey: unknown, extra: Uint8Array | undefined, out: Uint8Array): number {
  expectBytes(`${what} hash`, hash, 32);
  secretScalar(`${what} secretKey`, secretKey, d);
  const seed = extra === undefined ? seed64 : seed96;
  let drbg: Rfc6979 | undefined;
  try {
    e.setBytesReduced(hash as Uint8Array);
    d.putBytes(seed, 0);
    e.putBytes(seed, 32);
    if (extra !== undefined) seed.set(extra, 64);
    drbg = generator;
    if (drbg === undefined) drbg = generator = new Rfc6979(seed);
    else drbg.reseed(seed);
    for (;;) {
      drbg.next(kBytes);
      // k ∈ [1, n), else the next candidate (probability < 2⁻¹²⁷).
      if (!k.trySetBytes(kBytes) || k.isZero()) continue;
      secp256k1.scalarBaseMult(k, R).toAffine();
      R.x.normalize().putBytes(xBytes);
      const overflow = r.setBytesReduced(xBytes);
      if (r.isZero()) continue;
      const recovery = (R.y.normalize().isOdd() ? 1 : 0) | (overflow ? 2 : 0);
      kinv.invert(k);
      s.mul(r, d).add(s, e).mul(s, kinv);
      if (s.isZero()) continue;
      // Low s: s ← s − 2s·high = n − s when s > (n − 1)/2, arithmetic
      // instead of a branch, as libsecp256k1 negates conditionally. Whether s
      // was high is the y parity of k·G against the final signature's, a bit
      // of the nonce's point; a branch on it showed in the leak check (two
      // keys whose signatures differ in it: |t| ≈ 27; two that agree: ≈ 2).
      // k and k⁻¹ are spent: they hold 2·high and −s.
      const high = +s.isOverHalfOrder();
      s.add(s, kinv.negate(s).mul(kinv, k.setInt(2 * high)));
      r.putBytes(out, out.length - 64);
      s.putBytes(out, out.length - 32);
      return recovery ^ high;
    }
  } finally {
    drbg?.wipe();
    seed.fill(0);
    kBytes.fill(0);
    d.setZero();
    k.setZero();
    kinv.setZero();
    s.setZero();
    R.setIdentity();
  }
}

/**
 * Signs the 32-byte `hash` with `secretKey` and returns the 64-byte r ‖ s,
 * s low; deterministic (RFC 6979), equal to libsecp256k1's signature for
 * the same inputs (and the same `extraEntropy`). TypeError for a
 * non-Uint8Array argument; StrataError ERR_BAD_LENGTH for a hash, key or
 * extraEntropy that is not 32 bytes, ERR_OUT_OF_RANGE for a key of 0 or ≥ n.
 */
export function sign(hash: Uint8Array, secretKey: Uint8Array, options?: SignOptions): Uint8Array {
  const extra = extraOf('ecdsa.sign', options);
  const out = new Uint8Array(SIGNATURE_LEN);
  signInto('ecdsa.sign', hash, secretKey, extra, out);
  return out;
}

/** Signs as {@link sign} and returns the signature with its recovery id (for {@link recoverPublicKey}). */
export function signRecoverable(hash: Uint8Array, secretKey: Uint8Array, options?: SignOptions): RecoverableSignature {
  const extra = extraOf('ecdsa.signRecoverable', options);
  const signature = new Uint8Array(SIGNATURE_LEN);
  const recovery = signInto('ecdsa.signRecoverable', hash, secretKey, extra, signature);
  return { signature, recovery };
}

/** Reports whether R (Jacobian) has x ≡ r (mod n), with r the 32 bytes at sig[0…] (already < n). */
function xMatchesR(P: secp256k1.JacobianPoint, sig: Uint8Array): boolean {
  rf.trySetBytes(sig, 0);
  z2.square(P.z); //                           Z²
  xn.set(P.x).normalize();
  t.mul(rf, z2).normalize(); //                r·Z²
  if (t.equals(xn)) return true;
  if (rf.isGtOrEqPrimeMinusOrder()) return false; // r + n ≥ p: no second candidate
  rf.add(rf, N_FE); //                         r + n (magnitude 2)
  t.mul(rf, z2).normalize();
  return t.equals(xn);
}

/**
 * Reports whether `signature` (64 bytes r ‖ s) is a valid signature of the
 * 32-byte `hash` by `publicKey` (33-byte compressed or 65-byte uncompressed
 * SEC1). With `lowS` (the default) an s > n/2 is invalid. Returns false for
 * any malformed input (lengths, r or s of 0 or ≥ n, a key off the curve or
 * in the hybrid encoding); throws only TypeError, for a non-Uint8Array
 * argument or a wrong option type. Variable time (public inputs).
 */
export function verify(signature: Uint8Array, hash: Uint8Array, publicKey: Uint8Array, options?: VerifyOptions): boolean {
  expectBytes('ecdsa.verify signature', signature);
  expectBytes('ecdsa.verify hash', hash);
  expectBytes('ecdsa.verify publicKey', publicKey);
  expectOptions('ecdsa.verify options', options);
  const lowS = expectBoolean('ecdsa.verify lowS', options?.lowS, true);
  if (tryParsePublicKey(publicKey, Q) === null) return false;
  return verifyPoint(signature, hash, Q, lowS);
}

/**
 * {@link verify} for a public key already decoded into `key` (for the
 * `/ecc` interface, which also takes the hybrid encodings libsecp256k1
 * parses). False for malformed signature or hash bytes.
 */
export function verifyPoint(signature: Uint8Array, hash: Uint8Array, key: secp256k1.JacobianPoint, lowS: boolean): boolean {
  if (signature.length !== SIGNATURE_LEN || hash.length !== 32) return false;
  if (!r.trySetBytes(signature, 0) || r.isZero()) return false;
  if (!s.trySetBytes(signature, 32) || s.isZero()) return false;
  if (lowS && s.isOverHalfOrder()) return false;
  if (key !== Q) Q.set(key);
  e.setBytesReduced(hash);
  w.invertNonConst(s);
  u1.mul(e, w);
  u2.mul(r, w);
  secp256k1.doubleScalarMultBaseNonConst(u2, Q, u1, R); // u₂·Q + u₁·G
  if (R.isIdentity()) return false;
  return xMatchesR(R, signature);
}

/** Why a recovery failed (0: it did not). */
const Recover = { OK: 0, R_RANGE: 1, S_RANGE: 2, X_RANGE: 3, NO_POINT: 4, INFINITY: 5 } as const;
type Recover = (typeof Recover)[keyof typeof Recover];

/** Q = r⁻¹(s·R − e·G) for the R that `recovery` names; writes Q into `out`. */
function recoverInto(signature: Uint8Array, recovery: number, hash: Uint8Array, out: secp256k1.JacobianPoint): Recover {
  if (!r.trySetBytes(signature, 0) || r.isZero()) return Recover.R_RANGE;
  if (!s.trySetBytes(signature, 32) || s.isZero()) return Recover.S_RANGE;
  rf.trySetBytes(signature, 0);
  if ((recovery & 2) !== 0) {
    if (rf.isGtOrEqPrimeMinusOrder()) return Recover.X_RANGE;
    rf.add(rf, N_FE).normalize();
  }
  if (secp256k1.decompressY(rf, (recovery & 1) === 1, ry) === null) return Recover.NO_POINT;
  R.setAffine(rf, ry);
  e.setBytesReduced(hash);
  w.invertNonConst(r);
  u1.mul(e, w).negate(u1); //  −e/r
  u2.mul(s, w); //             s/r
  secp256k1.doubleScalarMultBaseNonConst(u2, R, u1, out);
  if (out.isIdentity()) return Recover.INFINITY;
  return Recover.OK;
}

/** Throws the StrataError for a failed recovery. */
function recoverFailed(what: string, why: Recover): never {
  switch (why) {
    case Recover.R_RANGE:
      throw new StrataError(ErrorCode.OUT_OF_RANGE, `${what}: expected r in [1, n), got 0 or ≥ n`, { offset: 0 });
    case Recover.S_RANGE:
      throw new StrataError(ErrorCode.OUT_OF_RANGE, `${what}: expected s in [1, n), got 0 or ≥ n`, { offset: 32 });
    case Recover.X_RANGE:
      throw new StrataError(ErrorCode.X_TOO_BIG, `${what}: expected r + n < p for a recovery id with bit 1 set, got r + n ≥ p`, { offset: 0 });
    case Recover.NO_POINT:
      throw new StrataError(ErrorCode.POINT_NOT_ON_CURVE, `${what}: expected a point with x = r, got none`);
    default:
      throw new StrataError(ErrorCode.POINT_AT_INFINITY, `${what}: expected a public key, got the point at infinity`);
  }
}

/** Checks a recovery id: an integer (TypeError otherwise) in 0–3 (RangeError otherwise). */
function recoveryId(what: string, recovery: unknown): number {
  const id = expectInteger(`${what} recovery`, recovery);
  if (id < 0 || id > 3) throw new RangeError(`${what} recovery: expected 0, 1, 2 or 3, got ${id}`);
  return id;
}

/**
 * Returns the public key whose signature of `hash` is `signature` with
 * recovery id `recovery` (as {@link signRecoverable} returns it): 33 bytes
 * compressed, or 65 with `{ compressed: false }`. High and low s both
 * recover. StrataError ERR_BAD_LENGTH for a signature not 64 bytes or a
 * hash not 32, ERR_OUT_OF_RANGE for r or s of 0 or ≥ n, ERR_X_TOO_BIG when
 * the id asks for x = r + n ≥ p, ERR_POINT_NOT_ON_CURVE when no point has
 * that x, ERR_POINT_AT_INFINITY when the key would be the identity;
 * TypeError for a non-integer id, RangeError for one outside 0–3.
 */
export function recoverPublicKey(signature: Uint8Array, recovery: number, hash: Uint8Array, options?: RecoverOptions): Uint8Array {
  const what = 'ecdsa.recoverPublicKey';
  expectBytes(`${what} signature`, signature, SIGNATURE_LEN);
  const id = recoveryId(what, recovery);
  expectBytes(`${what} hash`, hash, 32);
  expectOptions(`${what} options`, options);
  const compressed = expectBoolean(`${what} compressed`, options?.compressed, true);
  const why = recoverInto(signature, id, hash, Q);
  if (why !== Recover.OK) recoverFailed(what, why);
  return compressed ? secp256k1.pointToBytes(Q) : secp256k1.pointToBytesUncompressed(Q);
}

/**
 * Recovers as {@link recoverPublicKey}, returning null instead of throwing a
 * StrataError (for the `/ecc` interface); `out` receives the key.
 */
export function tryRecoverPoint(signature: Uint8Array, recovery: number, hash: Uint8Array, out: secp256k1.JacobianPoint): secp256k1.JacobianPoint | null {
  return recoverInto(signature, recovery, hash, out) === Recover.OK ? out : null;
}

/** The header byte of the compact form: 27 + recovery id, + 4 for a compressed key. */
const COMPACT_MAGIC = 27;
const COMPACT_COMPRESSED = 4;

/**
 * Signs the 32-byte `hash` in Bitcoin's 65-byte signed-message form, as
 * btcec's `SignCompact`: header ‖ r ‖ s with header = 27 + recovery id
 * (+ 4 when `compressed`, the default). Errors as {@link sign}.
 */
export function signCompact(hash: Uint8Array, secretKey: Uint8Array, options?: SignCompactOptions): Uint8Array {
  const extra = extraOf('ecdsa.signCompact', options);
  const compressed = expectBoolean('ecdsa.signCompact compressed', options?.compressed, true);
  const out = new Uint8Array(COMPACT_SIGNATURE_LEN);
  const recovery = signInto('ecdsa.signCompact', hash, secretKey, extra, out);
  out[0] = COMPACT_MAGIC + recovery + (compressed ? COMPACT_COMPRESSED : 0);
  return out;
}

/**
 * Recovers the signer of a 65-byte compact signature of the 32-byte `hash`,
 * as btcec's `RecoverCompact`: the key in the encoding its header names.
 * StrataError ERR_BAD_LENGTH for other lengths, ERR_BAD_FORMAT for a header
 * outside 27–34, and the errors of {@link recoverPublicKey}.
 */
export function recoverCompact(signature: Uint8Array, hash: Uint8Array): RecoveredCompact {
  const what = 'ecdsa.recoverCompact';
  expectBytes(`${what} signature`, signature, COMPACT_SIGNATURE_LEN);
  expectBytes(`${what} hash`, hash, 32);
  const header = signature[0]! - COMPACT_MAGIC;
  if (header < 0 || header > 7) {
    throw new StrataError(ErrorCode.BAD_FORMAT, `${what}: expected a header byte in 27–34, got ${signature[0]}`, { offset: 0 });
  }
  const compressed = (header & COMPACT_COMPRESSED) !== 0;
  const why = recoverInto(signature.subarray(1), header & 3, hash, Q);
  if (why !== Recover.OK) recoverFailed(what, why);
  return { publicKey: compressed ? secp256k1.pointToBytes(Q) : secp256k1.pointToBytesUncompressed(Q), compressed };
}

