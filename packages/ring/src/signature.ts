/**
 * Ring-go's signature byte layout and the verification equation, over the
 * state of a ring (`RingSignature` in ring.ts serialises, verifies and
 * deserialises with these; this module does not know the public classes).
 *
 * Layout (ring-go `Serialize`), PL = compressed point size (33 / 32):
 *
 *   u32_be(n) ‖ c_0 (32) ‖ I (PL) ‖ for i = 0 … n−1: s_i (32) ‖ P_i (PL)
 *
 * 69 + 65·n bytes on secp256k1, 68 + 64·n on ed25519. c_0 is the challenge
 * entering member 0 (not the signer's). Scalars are the curve's 32-byte
 * encoding (big-endian on secp256k1, little-endian on ed25519); points are
 * Go `Encode()` (SEC1 compressed / RFC 8032).
 *
 * Verification: c ← c_0; for i = 0 … n−1: L_i = s_i·G + c·P_i,
 * R_i = s_i·H_p(P_i) + c·I, c ← H_s(m ‖ Enc(L_i) ‖ Enc(R_i)); valid iff the
 * final c equals c_0. Each member costs two double-scalar multiplications
 * (shared doublings inside each), with the ring's cached tables of P_i and
 * H_p(P_i) and a per-signature table of I.
 *
 * Go behaviour kept by default (and how `strict` differs):
 * - trailing bytes after the last member are ignored (strict: rejected);
 * - size-1 rings deserialise and verify normally (strict: rejected);
 * - duplicate keys inside a deserialised ring are accepted (strict: rejected);
 * - secp256k1 scalars ≥ n are reduced silently, ed25519 points with a
 *   non-canonical y are accepted; re-serialising writes the canonical form
 *   (strict: non-canonical encodings rejected);
 * - where Go panics — input under 4 bytes (Deserialize) or a size-0 ring
 *   (Verify) — `fromBytes` throws StrataError instead.
 * A size field claiming more members than the input holds is rejected
 * before anything is allocated for it, and so is one above `maxRingSize`
 * (default 1024; Go has no limit).
 *
 * Subgroup policy (a deliberate divergence from Go, which checks nothing;
 * see the README's *Security* section): a ring key or key image of small
 * order (the identity included) is always rejected; on ed25519 one with a
 * torsion component is rejected unless `allowTorsion`. No honest signer
 * produces either: keys are x·G and key images x·H_p(P) with H_p(P) a
 * multiple of the cofactor.
 *
 * References:
 * - [RING-GO] github.com/pokt-network/ring-go @ 782cc69, ring.go (Verify, Link),
 *   serde.go (Serialize, Deserialize).
 * - [ZtM] "Zero to Monero" 2.0, §3.4 (bLSAG verification, linkability).
 */
import { ErrorCode, StrataError, describe } from '@strata/field';
import { doubleScalarMultBaseNonConst, doubleScalarMultNonConst } from '@strata/group';
import type { Curve, HashToScalarOptions, HashToScalarRule, Point, PointLike, Scalar } from '@strata/group';
import {
  callImageTable,
  expectHashToScalarRule,
  hashRuleOptions,
  DEFAULT_MAX_RING_SIZE,
  MAX_U32,
  encodeGoInto,
  encodePairGoInto,
  expectCurve,
  expectIntegerOption,
  expectOptions,
} from './internal.js';
import type { RingState } from './ring-state.js';

/** Options of `RingSignature.verify`. */
export interface VerifyOptions {
  /**
   * The Go hash-to-scalar rule: 'decred' (ring-go's default build) or
   * 'libsecp256k1' (ring-go built with `ethereum_secp256k1`); default: the
   * curve's own ('decred' for `secp256k1`).
   */
  readonly hashToScalarRule?: HashToScalarRule;
  /**
   * The most members a signature may have to be checked at all (default
   * {@link DEFAULT_MAX_RING_SIZE}, 1024): a larger one returns false
   * without any work. An integer in [1, 2^32 − 1]; TypeError otherwise.
   */
  readonly maxRingSize?: number;
}

/** Reads `VerifyOptions` (TypeError for a wrong-typed value). */
export function readVerifyOptions(o: unknown): { ruleOpts: HashToScalarOptions | undefined; maxRingSize: number } {
  const opts = expectOptions<VerifyOptions>('verify', o);
  const rule = opts.hashToScalarRule === undefined ? undefined : expectHashToScalarRule('verify: options.hashToScalarRule', opts.hashToScalarRule);
  const maxRingSize = expectIntegerOption('verify: options.maxRingSize', opts.maxRingSize, DEFAULT_MAX_RING_SIZE, 1, MAX_U32);
  return { ruleOpts: hashRuleOptions(rule), maxRingSize };
}

/** What a signature holds besides its ring. */
export interface SignatureData {
  /** c_0, the challenge entering member 0. */
  readonly c: Scalar;
  /** The responses s_0 … s_{n−1}. */
  readonly s: readonly Scalar[];
  /** The key image I. */
  readonly image: Point;
  /** A table of I, kept from signing or an earlier verification. */
  imageTable: PointLike | undefined;
  /** Whether I is known to lie in the prime-order subgroup (its table may be shared on the ring). */
  readonly imagePrime: boolean;
}

/** Returns ring-go's serialization of `sig` over `ring` (layout in the file header). */
export function serializeSignature(ring: RingState, sig: SignatureData): Uint8Array {
  const curve = ring.curve;
  const n = sig.s.length;
  const pl = curve.compressedPointSize;
  const ss = curve.scalarSize;
  const out = new Uint8Array(signatureByteLength(curve, n));
  new DataView(out.buffer).setUint32(0, n, false);
  sig.c.putBytes(out, 4);
  encodeGoInto(curve, sig.image, out, 4 + ss);
  const keys = ring.encodedKeys();
  let o = 4 + ss + pl;
  for (let i = 0; i < n; i++) {
    sig.s[i]!.putBytes(out, o);
    out.set(keys.subarray(i * pl, (i + 1) * pl), o + ss);
    o += ss + pl;
  }
  return out;
}

/**
 * Returns whether `sig` over `ring` satisfies the verification equation
 * (file header) for the 32-byte `message`; counts a use of the ring (see
 * `RingState.members`). With the ring's tables, a table of I is taken from
 * the ring and kept in `sig.imageTable`; without them, a ring of
 * `CALL_IMAGE_TABLE_MIN` members or more builds one for this call only. May
 * throw (a backend error, a Go panic): the caller reads that as invalid.
 */
export function verifyChain(ring: RingState, sig: SignatureData, message: Uint8Array, ruleOpts: HashToScalarOptions | undefined): boolean {
  const curve = ring.curve;
  const n = sig.s.length;
  if (n === 0 || ring.size !== n) return false;
  const members = ring.members();
  // A table of I pays off with the ring's tables (see sign.ts); kept on the
  // signature for re-verification, and on the ring for the signer's next
  // signature (a repeat signer has the same I).
  // Without the ring's tables, a table of I for this call alone (large rings).
  let IT: PointLike;
  if (sig.imageTable !== undefined) {
    IT = sig.imageTable;
  } else if (members.tables) {
    const t = ring.verifyImageTable(sig.image, sig.imagePrime);
    if (t !== sig.image) sig.imageTable = t;
    IT = t;
  } else {
    IT = callImageTable(curve, sig.image, ring.tableSize, n);
  }
  const pl = curve.compressedPointSize;
  const buf = new Uint8Array(32 + 2 * pl);
  buf.set(message, 0);
  const L = curve.identity();
  const R = curve.identity();
  const c = sig.c.clone();
  const p = members.p;
  const h = members.h;
  const pair: Point[] = [L, R];
  for (let i = 0; i < n; i++) {
    const si = sig.s[i]!;
    doubleScalarMultBaseNonConst(curve, c, p[i]!, si, L);
    doubleScalarMultNonConst(curve, si, h[i]!, c, IT, R);
    encodePairGoInto(curve, L, R, pair, buf, 32);
    curve.hashToScalar(buf, c, ruleOpts);
  }
  return c.equals(sig.c);
}

/** Returns the serialized length of a ring-go signature with n members on `curve`. */
export function signatureByteLength(curve: Curve, n: number): number {
  expectCurve('signatureByteLength', curve);
  if (!Number.isInteger(n) || n < 0) throw new TypeError(`signatureByteLength: expected a non-negative integer ring size, got ${describe(n)}`);
  return 4 + curve.scalarSize + curve.compressedPointSize + n * (curve.scalarSize + curve.compressedPointSize);
}

/** Rethrows a decoder's StrataError as one about `what` at `offset`. */
function rethrowAt(e: unknown, what: string, offset: number): never {
  if (e instanceof StrataError) throw new StrataError(e.code, `ring signature ${what}: ${e.message}`, { offset, cause: e });
  throw e;
}

/**
 * Decodes the scalar at b[offset…] (`what` names it in errors, with
 * `offset`); in `strict` mode a non-canonical encoding throws.
 */
export function decodeScalarAt(curve: Curve, b: Uint8Array, offset: number, what: string, strict: boolean): Scalar {
  const slice = b.subarray(offset, offset + curve.scalarSize);
  let x: Scalar;
  try {
    x = curve.scalarFromBytes(slice);
  } catch (e) {
    rethrowAt(e, what, offset);
  }
  if (strict) {
    const back = x.toBytes();
    for (let i = 0; i < back.length; i++) {
      if (back[i] !== slice[i]) {
        throw new StrataError(ErrorCode.NON_CANONICAL, `ring signature ${what}: expected a scalar below the group order (strict), got a larger one`, { offset });
      }
    }
  }
  return x;
}

/**
 * Decodes the point at b[offset…] (`what` names it in errors, with
 * `offset`); in `strict` mode a non-canonical encoding throws.
 */
export function decodePointAt(curve: Curve, b: Uint8Array, offset: number, what: string, strict: boolean): Point {
  const slice = b.subarray(offset, offset + curve.compressedPointSize);
  let P: Point;
  try {
    P = curve.pointFromBytes(slice);
  } catch (e) {
    rethrowAt(e, what, offset);
  }
  if (strict) {
    const back = P.toBytes();
    for (let i = 0; i < back.length; i++) {
      if (back[i] !== slice[i]) {
        throw new StrataError(ErrorCode.NON_CANONICAL, `ring signature ${what}: expected a canonical point encoding (strict), got a non-canonical one`, { offset });
      }
    }
  }
  return P;
}

