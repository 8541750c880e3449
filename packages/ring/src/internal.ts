/**
 * Small helpers shared by the ring modules: argument normalisation (keys as
 * bytes or points, private keys as bytes or scalars), Go-compatible point
 * encoding (including the point at infinity), and byte-string map keys.
 * Not exported from the package.
 *
 * References:
 * - [RING-GO] github.com/pokt-network/ring-go @ 782cc69 (ring.go, serde.go).
 * - [DCRD] github.com/decred/dcrd dcrec/secp256k1 v4.1.0: JacobianPoint.ToAffine
 *   maps Z = 0 to (0, 0), which SerializeCompressed writes as 02 ‖ 0^32.
 * - [RFC7748] §4.1 and [RFC8032] §5.1: edwards25519 has cofactor 8; its
 *   small-order points are the eight points of the 8-torsion subgroup.
 */
import { ErrorCode, StrataError, describe } from '@strata/field';
import { precompute } from '@strata/group';
import type { Curve, HashToScalarOptions, HashToScalarRule, Point, PointLike, PrecomputeOptions, Scalar, TableSize } from '@strata/group';
import { mulByCofactorNonConst } from './hash.js';

/** Returns whether v looks like a `Point` of the group interface. */
export function isPointObject(v: unknown): v is Point {
  return typeof v === 'object' && v !== null && typeof (v as Point).toBytes === 'function' &&
    typeof (v as Point).setAdd === 'function';
}

/** Returns whether v looks like a `Scalar` of the group interface. */
export function isScalarObject(v: unknown): v is Scalar {
  return typeof v === 'object' && v !== null && typeof (v as Scalar).isZero === 'function' &&
    typeof (v as Scalar).setMul === 'function';
}

export { expectCurve, expectInteger } from './expect.js';

/**
 * Returns a private copy of a public key given as encoded bytes (decoded by
 * Go's rules) or as a `Point`. Bad bytes throw StrataError with the decoder's
 * code, prefixed with `what`.
 */
export function toPoint(curve: Curve, key: unknown, what: string): Point {
  if (key instanceof Uint8Array) {
    try {
      return curve.pointFromBytes(key);
    } catch (e) {
      if (e instanceof StrataError) throw new StrataError(e.code, `${what}: ${e.message}`, { cause: e });
      throw e;
    }
  }
  // A fresh point of `curve` set to the key: a copy, and a TypeError from
  // the backend if the point belongs to another curve implementation.
  if (isPointObject(key)) return curve.identity().set(key);
  throw new TypeError(`${what}: expected Uint8Array or Point, got ${describe(key)}`);
}

/**
 * Returns the private key as a new scalar. Bytes must be the curve's 32-byte
 * scalar encoding of a value in [1, order): a value ≥ order (which
 * secp256k1's Go decoder would silently reduce) or zero throws StrataError
 * `ERR_OUT_OF_RANGE`; a wrong length throws `ERR_BAD_LENGTH`. A `Scalar`
 * must be non-zero.
 */
export function toPrivateScalar(curve: Curve, key: unknown, what = 'private key'): Scalar {
  let x: Scalar;
  if (key instanceof Uint8Array) {
    if (key.length !== curve.scalarSize) {
      throw new StrataError(ErrorCode.BAD_LENGTH, `${what}: expected ${curve.scalarSize} bytes, got ${key.length}`);
    }
    try {
      x = curve.scalarFromBytes(key);
    } catch (e) {
      if (e instanceof StrataError) {
        throw new StrataError(ErrorCode.OUT_OF_RANGE, `${what}: expected a value below the group order, got a larger one`, { cause: e });
      }
      throw e;
    }
    const back = x.toBytes();
    for (let i = 0; i < back.length; i++) {
      if (back[i] !== key[i]) {
        throw new StrataError(ErrorCode.OUT_OF_RANGE, `${what}: expected a value below the group order, got a larger one`);
      }
    }
  } else if (isScalarObject(key)) {
    x = key.clone();
  } else {
    throw new TypeError(`${what}: expected Uint8Array or Scalar, got ${describe(key)}`);
  }
  if (x.isZero()) throw new StrataError(ErrorCode.OUT_OF_RANGE, `${what}: expected a non-zero scalar, got zero`);
  return x;
}

/**
 * Writes Go's `Encode()` of P into out[offset…] and returns out. Same as
 * `P.putBytes`, except that the identity of a SEC1-shaped curve
 * (secp256k1: no encoding for it) is written as decred does: 02 ‖
 * 0^(size−1). On any other curve ERR_POINT_AT_INFINITY propagates (a
 * 32-byte Edwards curve encodes its identity; a value it cannot encode is
 * not a point, and must not hash as 02 ‖ 0^31).
 */
export function encodeGoInto(curve: Curve, P: Point, out: Uint8Array, offset: number): Uint8Array {
  try {
    return P.putBytes(out, offset);
  } catch (e) {
    if (e instanceof StrataError && e.code === ErrorCode.POINT_AT_INFINITY && curve.compressedPointSize === curve.scalarSize + 1) {
      out.fill(0, offset, offset + curve.compressedPointSize);
      out[offset] = 2;
      return out;
    }
    throw e;
  }
}

export type { TableSize };

/** Returns `size` checked (undefined → 'large'); throws TypeError for any other value. */
export function expectTableSize(what: string, size: unknown): TableSize {
  if (size === undefined) return 'large';
  if (size !== 'large' && size !== 'small') throw new TypeError(`${what}: expected 'large' or 'small', got ${describe(size)}`);
  return size;
}

/**
 * Returns the `precompute` options of a ring member's P_i and H_p(P_i),
 * which every signature on the ring reuses: the ring's size class (the
 * backend maps it to its own table shape).
 */
export function memberTableOptions(size: TableSize): PrecomputeOptions {
  return size === 'large' ? LARGE_MEMBER : SMALL_MEMBER;
}
const LARGE_MEMBER: PrecomputeOptions = Object.freeze({ size: 'large' });
const SMALL_MEMBER: PrecomputeOptions = Object.freeze({ size: 'small' });

/**
 * Returns the `precompute` options of a key image I on a ring of n
 * members: the ring's size class, and n uses (I's table is built once per
 * signature and serves one multiplication per member, so the backend may
 * pick a table that is cheaper to build on small rings).
 */
export function imageTableOptions(size: TableSize, n: number): PrecomputeOptions {
  return { size, uses: n };
}

/**
 * How many signatures a key-image table the ring keeps is counted as
 * serving: the signer's table (reused by every signature it makes on the
 * ring) and the verified images' (reused by a repeat signer's next
 * signatures) outlive the call that builds them, so they are hinted as
 * serving this many signatures of n multiplications each, where a table for
 * one call serves one (the backend may then pick a wider table, dearer to
 * build and cheaper per use: ed25519 from 64 members on).
 */
export const KEPT_IMAGE_SIGNATURES = 4;

/** Returns the `precompute` options of a key-image table the ring keeps (see {@link KEPT_IMAGE_SIGNATURES}). */
export function keptImageTableOptions(size: TableSize, n: number): PrecomputeOptions {
  return imageTableOptions(size, n * KEPT_IMAGE_SIGNATURES);
}

/**
 * The fewest members for which a signature or verification over a ring
 * without tables builds a table of I for that one call: I is the same
 * point in every member's R_i = s_i·H_p(P_i) + c_i·I, so one table (the
 * shape of {@link callImageTableOptions}: 64 entries on ed25519 and
 * secp256k1) replaces the small table the backend builds for I in each
 * double-scalar multiplication, and digits of the table's width replace the
 * narrower ones. Building it costs about one such multiplication; from 16
 * members on it saves more than that (measured on both curves and engines).
 */
export const CALL_IMAGE_TABLE_MIN = 16;

/**
 * Returns a table of the key image I for one signature or verification over
 * a ring of n members without tables (see {@link CALL_IMAGE_TABLE_MIN}), or
 * I itself for a smaller ring. The table is not charged to a ring's budget:
 * it lives for the one call (one table, not one per member).
 */
export function callImageTable(curve: Curve, image: Point, size: TableSize, n: number): PointLike {
  return n >= CALL_IMAGE_TABLE_MIN ? precompute(curve, image, callImageTableOptions(size, n)) : image;
}

/**
 * Returns the `precompute` options of a table of I for one call over a
 * ring of n members without tables: the key-image hints, and
 * `pairedWithPoint`, since each R_i = s_i·H_p(P_i) + c_i·I then multiplies
 * the plain point H_p(P_i), whose digits set the length of the doubling
 * chain; the backend may build I's table in one wide piece (secp256k1 and
 * ed25519: 8 wide, 64 entries, where the pieced 6 × 8 table cost more to
 * build and more additions per member; paired runs of verify over a cold
 * ring of 128 on the WebAssembly engine: about 5 % less on both curves).
 */
export function callImageTableOptions(size: TableSize, n: number): PrecomputeOptions {
  return { size, uses: n, pairedWithPoint: true };
}

/**
 * Writes Enc(L) ‖ Enc(R) (ring-go's encodings, see {@link encodeGoInto}) at
 * out[offset] and returns out. With the backend's `pointsToBytes` both points
 * share one variable-time inversion (L and R are public); otherwise they
 * are encoded one by one. `pair` is caller-owned scratch of length 2.
 */
export function encodePairGoInto(curve: Curve, L: Point, R: Point, pair: Point[], out: Uint8Array, offset: number): Uint8Array {
  if (curve.pointsToBytes !== undefined) {
    pair[0] = L;
    pair[1] = R;
    try {
      return curve.pointsToBytes(pair, out, offset);
    } catch (e) {
      // A backend whose pointsToBytes rejects the identity: fall through to Go's encoding.
      if (!(e instanceof StrataError && e.code === ErrorCode.POINT_AT_INFINITY)) throw e;
    }
  }
  encodeGoInto(curve, L, out, offset);
  return encodeGoInto(curve, R, out, offset + curve.compressedPointSize);
}

/** Returns a string usable as a Map key for the bytes b[start…end). */
export function bytesKey(b: Uint8Array, start = 0, end = b.length): string {
  let s = '';
  for (let i = start; i < end; i += 4096) {
    s += String.fromCharCode.apply(null, b.subarray(i, Math.min(end, i + 4096)) as unknown as number[]);
  }
  return s;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Returns the lower-case hex of b[start…end) (a Map key for point encodings). */
export function hexKey(b: Uint8Array, start = 0, end = b.length): string {
  let s = '';
  for (let i = start; i < end; i++) s += HEX[b[i]!]!;
  return s;
}

export { defaultRandom } from '@strata/group';

/** Returns `rule` checked; TypeError for anything but 'decred' or 'libsecp256k1'. */
export function expectHashToScalarRule(what: string, rule: unknown): HashToScalarRule {
  if (rule !== 'decred' && rule !== 'libsecp256k1') throw new TypeError(`${what}: expected 'decred' or 'libsecp256k1', got ${describe(rule)}`);
  return rule;
}

/** Returns the frozen `hashToScalar` options of `rule` (undefined: the curve's own rule). */
export function hashRuleOptions(rule: HashToScalarRule | undefined): HashToScalarOptions | undefined {
  return rule === undefined ? undefined : rule === 'decred' ? DECRED : LIBSECP;
}
const DECRED: HashToScalarOptions = Object.freeze({ rule: 'decred' });
const LIBSECP: HashToScalarOptions = Object.freeze({ rule: 'libsecp256k1' });

/** Throws TypeError unless `o` is undefined or an object; returns it (or {}). */
export function expectOptions<T extends object>(what: string, o: unknown): T {
  if (o === undefined) return {} as T;
  if (typeof o !== 'object' || o === null || Array.isArray(o)) {
    throw new TypeError(`${what}: expected an options object, got ${describe(o)}`);
  }
  return o as T;
}

/** Returns `v` (undefined → `dflt`); throws TypeError unless it is a boolean. */
export function expectBooleanOption(what: string, v: unknown, dflt: boolean): boolean {
  if (v === undefined) return dflt;
  if (typeof v !== 'boolean') throw new TypeError(`${what}: expected a boolean, got ${describe(v)}`);
  return v;
}

/**
 * Returns `v` (undefined → `dflt`); throws TypeError unless it is an integer
 * in [min, max] (a wrong type or range of an option is a programmer error).
 */
export function expectIntegerOption(what: string, v: unknown, dflt: number, min: number, max: number): number {
  if (v === undefined) return dflt;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw new TypeError(`${what}: expected an integer in [${min}, ${max}], got ${typeof v === 'number' ? String(v) : describe(v)}`);
  }
  return v;
}

/**
 * The default most members a deserialised or verified signature may have
 * (`maxRingSize`). ring-go has no limit; every ring-go vector has at most
 * 33 members and a Pocket Network relay ring (an application and its
 * delegated gateways) a handful. 1024 members is a 66 KB signature whose
 * cold verification allocates about 3 MB (decoded keys and H_p) and takes
 * about half a second of CPU, so one signature cannot make the library
 * allocate or compute much more than that.
 */
export const DEFAULT_MAX_RING_SIZE = 1024;

/** The largest ring size the u32 size field can state. */
export const MAX_U32 = 0xffffffff;

/** Where a point stands with respect to the prime-order subgroup. */
export type SubgroupClass = 'prime' | 'small-order' | 'torsion';

/**
 * Returns whether h·P is the identity (P has small order; the identity
 * included). Cheap: three doublings on ed25519. Variable-time.
 */
export function isSmallOrderNonConst(curve: Curve, P: Point): boolean {
  if (curve.cofactor === 1) return P.isIdentity();
  if (curve.isSmallOrderNonConst !== undefined) return curve.isSmallOrderNonConst(P);
  return mulByCofactorNonConst(curve, P, curve.identity()).isIdentity();
}

/**
 * Returns whether P is in the prime-order subgroup ('prime'), of small order
 * (h·P = O, the identity included: 'small-order'), or of mixed order (a
 * non-zero prime-order part plus a torsion part: 'torsion'). Variable-time
 * (P is public). On a curve of cofactor 1 only the identity is small-order.
 * A curve that offers `isSmallOrderNonConst` / `isTorsionFreeNonConst`
 * (Strata's ed25519: three doublings, [ℓ]P = O) answers itself, the
 * subgroup test first (h·P is then needed only for a point with a torsion
 * part); otherwise
 * the curve's own operations decide: h·P = O, and P = h·([h⁻¹ mod ℓ]·P),
 * which holds exactly when P has no torsion part. (Asking the curve, not
 * testing the point's class, keeps ed25519 out of a secp256k1-only bundle.)
 */
export function subgroupClassNonConst(curve: Curve, P: Point): SubgroupClass {
  if (curve.cofactor !== 1 && curve.isTorsionFreeNonConst !== undefined) {
    // The subgroup check first: a point without a torsion part has small
    // order only if it is the identity (the prime order is coprime to h), so
    // the h·P test runs only for points that have one.
    if (curve.isTorsionFreeNonConst(P)) return P.isIdentity() ? 'small-order' : 'prime';
    return isSmallOrderNonConst(curve, P) ? 'small-order' : 'torsion';
  }
  if (isSmallOrderNonConst(curve, P)) return 'small-order';
  if (curve.cofactor === 1) return 'prime';
  const hInv: Scalar = curve.scalarFromInt(curve.cofactor).invert();
  const Q = mulByCofactorNonConst(curve, curve.scalarMultNonConst(hInv, P), curve.identity());
  return Q.equals(P) ? 'prime' : 'torsion';
}

/**
 * Throws StrataError `ERR_POINT_NOT_IN_SUBGROUP` (with `offset` when given)
 * if P has small order, or has a torsion part and `allowTorsion` is false;
 * returns the class otherwise. With `smallOrderOnly`, checks only the
 * (cheap) small-order case and reports anything else as 'prime'. See the README's *Security* section.
 */
export function checkSubgroup(
  curve: Curve,
  P: Point,
  what: string,
  allowTorsion: boolean,
  offset?: number,
  smallOrderOnly = false,
): SubgroupClass {
  const k = smallOrderOnly ? (isSmallOrderNonConst(curve, P) ? 'small-order' : 'prime') : subgroupClassNonConst(curve, P);
  if (k === 'small-order') {
    throw new StrataError(
      ErrorCode.POINT_NOT_IN_SUBGROUP,
      `${what}: expected a point of the prime-order subgroup, got ${P.isIdentity() ? 'the identity' : 'a point of small order'}`,
      offset === undefined ? undefined : { offset },
    );
  }
  if (k === 'torsion' && !allowTorsion) {
    throw new StrataError(
      ErrorCode.POINT_NOT_IN_SUBGROUP,
      `${what}: expected a point of the prime-order subgroup, got one with a small-order (torsion) component (allowTorsion accepts it)`,
      offset === undefined ? undefined : { offset },
    );
  }
  return k;
}

/**
 * Estimated bytes a ring holds per member without tables: the decoded key,
 * H_p(P_i) and the key's encoding (measured as V8 heap growth: about
 * 2.5–3.4 KB on secp256k1 and ed25519; rounded up).
 */
export const MEMBER_BASE_BYTES = 3584;

/**
 * Bytes charged for one table of a backend that does not estimate its
 * tables (`Curve.precomputeBytes` absent): the largest table Strata's own
 * backends build (ed25519 'large', 256 entries of 360 bytes, plus overhead).
 */
export const DEFAULT_TABLE_BYTES = 256 * 360 + 1024;

/** Returns the estimated bytes of one table `precompute(curve, P, opts)` builds. */
export function tableBytes(curve: Curve, opts: PrecomputeOptions): number {
  return curve.precomputeBytes !== undefined ? curve.precomputeBytes(opts) : DEFAULT_TABLE_BYTES;
}
