/**
 * go-dleq's per-curve signature schemes: the last step of a proof, where X_A
 * and X_B each sign their own encoding. They are not group operations, so
 * they are not part of `@strata/group`'s `Curve`: a group backend needs only
 * group operations, and this module runs each scheme over any `Curve`
 * (Strata's, the noble-curves oracle, a new backend) with the interface's
 * own scalar and point operations.
 *
 * - `ecdsaSignatureScheme` (go-dleq secp256k1, Go crypto/ecdsa over decred's
 *   S256): ECDSA over SHA-256(Enc(P)), ASN.1 DER, s NOT normalised to low-S;
 *   the nonce is hedged, k = int_BE(SHA3-512(rand(32) ‖ d ‖ digest ‖ u32
 *   counter)) mod n (Go uses AES-CTR over SHA-512; any strong PRF keeps the
 *   signature valid, and nothing in go-dleq reproduces Go's nonce); `verify`
 *   parses strict DER (minimal integers, nothing trailing), requires
 *   1 ≤ r, s < n and accepts high S.
 * - `ed25519SignatureScheme` (go-dleq ed25519): Schnorr with a raw-scalar
 *   key, r = SHA-512(x_LE) mod ℓ, R = r·B, A = x·B,
 *   k = SHA-512(Enc(R) ‖ Enc(A) ‖ Enc(P)) mod ℓ, S = r + k·x, signature
 *   Enc(R) ‖ S_LE. Go derives the nonce from the key alone, which is safe
 *   only because go-dleq signs exactly one message per key: the public key
 *   itself (P = x·B). Strata keeps Go's nonce, byte for byte, for that
 *   message, and for any other P binds the message into the nonce,
 *   r = SHA-512(x_LE ‖ Enc(P)) mod ℓ, so no two messages share a nonce (a
 *   deliberate divergence: Go's signatures of P ≠ x·B do not reproduce, and
 *   nothing in go-dleq makes them). `verify` takes exactly 64 bytes R ‖ S
 *   (a deliberate divergence: Go panics below 32 bytes, zero-pads S for
 *   32–63 bytes and ignores bytes past 64; Go's Sign only makes 64-byte
 *   signatures); S must be canonical; R is decoded leniently; it accepts
 *   iff [S]B − [k]A = R exactly.
 *
 * `signatureSchemeFor(curve)` picks the scheme by the curve's encoding
 * shape, as go-dleq picks it by curve type: SEC1 points (one prefix byte
 * plus a big-endian scalar-sized x) sign with ECDSA, 32-byte little-endian
 * Edwards encodings with the Schnorr scheme.
 *
 * Secret handling: x, k and r go through the constant-time `scalarBaseMult`
 * and the constant-time scalar arithmetic (`invert`, `mul`, `add`); the
 * nonce loop of ECDSA repeats only on a zero k, r or s (probability about
 * 2^-256 each).
 *
 * References:
 * - [SEC1] SEC 1 v2.0, §4.1.3–4.1.4 (ECDSA).
 * - [X690] ITU-T X.690, §8.3 (DER INTEGER), §10.1 (definite-length minimal).
 * - [RFC8032] §5.1.6–5.1.7 (the Schnorr shape).
 * - [GO-DLEQ] github.com/pokt-network/go-dleq @ 488f42a, secp256k1/curve_decred.go,
 *   ed25519/ed25519.go (Sign, Verify).
 */
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { sha3_512 } from '@strata/curves/hash';
import { describe } from '@strata/field';
import { defaultRandom, doubleScalarMultBaseNonConst } from '@strata/group';
import type { Curve, Point, RandomSource, Scalar } from '@strata/group';

/** One of go-dleq's per-curve signature schemes, over any `Curve` of its shape. */
export interface DleqSignatureScheme {
  /** A short name ('ecdsa-der', 'go-dleq-ed25519'). */
  readonly name: string;
  /**
   * Go `Curve.Sign(x, P)`: returns the signature of Enc(P) by the private
   * scalar x. `rand` feeds nonce hedging where the scheme has it (default
   * crypto.getRandomValues). TypeError for objects of another curve.
   */
  sign(curve: Curve, x: Scalar, P: Point, rand?: RandomSource): Uint8Array;
  /**
   * Go `Curve.Verify(pubkey, msgPoint, sig)`: returns whether `sig` is a
   * valid signature by `pubkey` over Enc(`msgPoint`). Never throws on bad
   * signature bytes (false); TypeError for a non-Uint8Array `sig`.
   */
  verify(curve: Curve, pubkey: Point, msgPoint: Point, sig: Uint8Array): boolean;
}

/**
 * Returns x = int(bytes) mod the group order for 64 bytes in the given byte
 * order, with the curve's own scalar operations (Horner over 32-bit limbs).
 */
function scalarFromWide(curve: Curve, bytes: Uint8Array, order: 'be' | 'le'): Scalar {
  const acc = curve.zeroScalar();
  const two16 = curve.scalarFromInt(0x10000);
  const two32 = two16.mul(two16);
  const limb = curve.zeroScalar();
  for (let i = 0; i < 16; i++) {
    // Most significant limb first.
    const o = order === 'be' ? 4 * i : 60 - 4 * i;
    const v =
      order === 'be'
        ? ((bytes[o]! << 24) | (bytes[o + 1]! << 16) | (bytes[o + 2]! << 8) | bytes[o + 3]!) >>> 0
        : ((bytes[o + 3]! << 24) | (bytes[o + 2]! << 16) | (bytes[o + 1]! << 8) | bytes[o]!) >>> 0;
    acc.setMul(acc, two32);
    acc.setAdd(acc, limb.set(curve.scalarFromInt(v)));
  }
  return acc;
}

function expectSig(what: string, sig: unknown): Uint8Array {
  if (!(sig instanceof Uint8Array)) throw new TypeError(`${what}: expected a Uint8Array signature, got ${describe(sig)}`);
  return sig;
}

/** Returns the encoding of P as a point of `curve` (TypeError for a point of another curve). */
function encodeOn(curve: Curve, P: Point): Uint8Array {
  return curve.identity().set(P).toBytes();
}

/** Returns the minimal DER INTEGER of a 32-byte big-endian value (leading 0x00 when the top bit is set). */
function derInt(b: Uint8Array): Uint8Array {
  let i = 0;
  while (i < 31 && b[i] === 0) i++;
  const pad = b[i]! >= 0x80 ? 1 : 0;
  const out = new Uint8Array(2 + pad + 32 - i);
  out[0] = 0x02;
  out[1] = pad + 32 - i;
  out.set(b.subarray(i), 2 + pad);
  return out;
}

/** Returns DER SEQUENCE { INTEGER r, INTEGER s } of two 32-byte big-endian values. */
function derSignature(r: Uint8Array, s: Uint8Array): Uint8Array {
  const ri = derInt(r);
  const si = derInt(s);
  const out = new Uint8Array(2 + ri.length + si.length);
  out[0] = 0x30;
  out[1] = ri.length + si.length;
  out.set(ri, 2);
  out.set(si, 2 + ri.length);
  return out;
}

/**
 * Parses a strict DER ECDSA signature as Go's cryptobyte does and returns
 * (r, s) with 1 ≤ r, s < n, or null. Lengths must be minimal (all lengths
 * here are < 128, so short form), integers minimal and positive, and nothing
 * may follow either the integers or the sequence.
 */
function parseDer(curve: Curve, sig: Uint8Array): [Scalar, Scalar] | null {
  if (sig.length < 2 || sig[0] !== 0x30) return null;
  const len = sig[1]!;
  if (len >= 0x80 || len !== sig.length - 2) return null;
  let o = 2;
  const out: Scalar[] = [];
  for (let k = 0; k < 2; k++) {
    if (o + 2 > sig.length || sig[o] !== 0x02) return null;
    const n = sig[o + 1]!;
    if (n >= 0x80 || n === 0 || o + 2 + n > sig.length) return null;
    const body = sig.subarray(o + 2, o + 2 + n);
    if (body[0]! >= 0x80) return null; // negative
    if (n > 1 && body[0] === 0 && body[1]! < 0x80) return null; // non-minimal
    let start = 0;
    while (start < n && body[start] === 0) start++;
    if (n - start > 32) return null; // ≥ 2^256 > n
    const b = new Uint8Array(32);
    b.set(body.subarray(start), 32 - (n - start));
    // scalarFromBytes reduces silently on this curve shape: a value ≥ n does not encode back.
    const v = curve.scalarFromBytes(b);
    if (v.isZero() || !bytesEqual(v.toBytes(), b)) return null;
    out.push(v);
    o += 2 + n;
  }
  if (o !== sig.length) return null;
  return [out[0]!, out[1]!];
}

/** a = b for two byte strings of public data (variable time). */
function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Returns x(R) mod n for a point R ≠ O of a SEC1-shaped curve (from its compressed encoding). */
function xModN(curve: Curve, R: Point): Scalar {
  return curve.scalarFromBytes(R.toBytes().subarray(1, 1 + curve.scalarSize));
}

/** go-dleq's secp256k1 scheme: ECDSA over SHA-256(Enc(P)), ASN.1 DER (see the module comment). */
export const ecdsaSignatureScheme: DleqSignatureScheme = Object.freeze({
  name: 'ecdsa-der',
  sign(curve: Curve, x: Scalar, P: Point, rand: RandomSource = defaultRandom): Uint8Array {
    const d = curve.zeroScalar().set(x);
    const digest = sha256(encodeOn(curve, P));
    const e = curve.scalarFromBytes(digest);
    const entropy = rand(32);
    if (!(entropy instanceof Uint8Array) || entropy.length !== 32) throw new RangeError(`random source: expected 32 bytes, got ${describe(entropy)}`);
    const seed = new Uint8Array(32 + 32 + 32 + 4);
    seed.set(entropy, 0);
    d.putBytes(seed, 32);
    seed.set(digest, 64);
    const R = curve.identity();
    const s = curve.zeroScalar();
    let k = curve.zeroScalar();
    try {
      for (let counter = 0; ; counter++) {
        new DataView(seed.buffer).setUint32(96, counter);
        k = scalarFromWide(curve, sha3_512(seed), 'be');
        if (k.isZero()) continue;
        curve.scalarBaseMult(k, R);
        if (R.isIdentity()) continue;
        const r = xModN(curve, R);
        if (r.isZero()) continue;
        s.setMul(r, d).setAdd(s, e).setMul(s, k.invert()); // s = k⁻¹·(e + r·d)
        if (s.isZero()) continue;
        return derSignature(r.toBytes(), s.toBytes());
      }
    } finally {
      seed.fill(0);
      k.set(curve.zeroScalar());
      d.set(curve.zeroScalar());
    }
  },
  verify(curve: Curve, pubkey: Point, msgPoint: Point, sig: Uint8Array): boolean {
    const Q = curve.identity().set(pubkey);
    const msg = encodeOn(curve, msgPoint);
    expectSig('secp256k1 verify', sig);
    const rs = parseDer(curve, sig);
    if (rs === null || Q.isIdentity()) return false;
    const [r, s] = rs;
    const e = curve.scalarFromBytes(sha256(msg));
    const w = s.invert();
    const X = doubleScalarMultBaseNonConst(curve, r.mul(w), Q, e.mul(w)); // u1·G + u2·Q
    if (X.isIdentity()) return false;
    return xModN(curve, X).equals(r);
  },
});

/** go-dleq's ed25519 scheme: Schnorr with a raw-scalar key, 64 bytes R ‖ S (see the module comment). */
export const ed25519SignatureScheme: DleqSignatureScheme = Object.freeze({
  name: 'go-dleq-ed25519',
  sign(curve: Curve, x: Scalar, P: Point, _rand?: RandomSource): Uint8Array {
    const msg = encodeOn(curve, P);
    const A = curve.scalarBaseMult(x).toBytes();
    const xLE = x.toBytes();
    let nonceInput = xLE;
    if (!bytesEqual(A, msg)) {
      nonceInput = new Uint8Array(64);
      nonceInput.set(xLE, 0);
      nonceInput.set(msg, 32);
    }
    const r = scalarFromWide(curve, sha512(nonceInput), 'le');
    xLE.fill(0);
    nonceInput.fill(0);
    const sig = new Uint8Array(64);
    curve.scalarBaseMult(r).putBytes(sig, 0);
    const h = new Uint8Array(96);
    h.set(sig.subarray(0, 32), 0);
    h.set(A, 32);
    h.set(msg, 64);
    const k = scalarFromWide(curve, sha512(h), 'le');
    k.setMul(k, x).setAdd(k, r).putBytes(sig, 32); // S = k·x + r
    r.set(curve.zeroScalar());
    return sig;
  },
  verify(curve: Curve, pubkey: Point, msgPoint: Point, sig: Uint8Array): boolean {
    const A = curve.identity().set(pubkey);
    const msg = encodeOn(curve, msgPoint);
    expectSig('ed25519 verify', sig);
    if (sig.length !== 64) return false;
    let S: Scalar;
    try {
      S = curve.scalarFromBytes(sig.subarray(32, 64));
    } catch {
      return false; // S ≥ ℓ
    }
    const R = curve.tryPointFromBytes(sig.subarray(0, 32));
    if (R === null) return false;
    const h = new Uint8Array(96);
    h.set(sig.subarray(0, 32), 0);
    A.putBytes(h, 32);
    h.set(msg, 64);
    const k = scalarFromWide(curve, sha512(h), 'le');
    // [S]B − [k]A = (−k)·A + S·B
    return doubleScalarMultBaseNonConst(curve, k.negate(), A, S).equals(R);
  },
});

/**
 * Returns go-dleq's signature scheme for `curve`, chosen by its encoding
 * shape (see the module comment). TypeError for a curve of neither shape
 * (go-dleq has no scheme for it).
 */
export function signatureSchemeFor(curve: Curve): DleqSignatureScheme {
  if (curve.compressedPointSize === curve.scalarSize + 1 && curve.scalarByteOrder === 'be') return ecdsaSignatureScheme;
  if (curve.compressedPointSize === curve.scalarSize && curve.scalarByteOrder === 'le') return ed25519SignatureScheme;
  throw new TypeError(
    `dleq: expected a secp256k1-shaped or ed25519-shaped curve, got ${curve.name} ` +
      `(${curve.compressedPointSize}-byte points, ${curve.scalarByteOrder} scalars)`,
  );
}
