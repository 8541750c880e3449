/**
 * The group abstraction of @strata/group: `Curve`, `Point`, `Scalar`.
 *
 * It carries the group operations of Go go-dleq's `types` package (and therefore
 * everything Go ring-go builds on): bit size, compressed point size, base and
 * alternate base point, random scalars, scalars from small integers and from
 * 32 little-endian bytes, hash-to-scalar, base / variable scalar
 * multiplication, point and scalar decoding; scalar add, sub, negate, mul,
 * invert, toBytes, equals, isZero;
 * point add, sub, scalarMult, toBytes, isIdentity, equals, clone.
 *
 * TypeScript shape, and how it differs from the Go interfaces:
 * - Method names are camelCase (`Eq` → `equals`, `IsZero` on points →
 *   `isIdentity`, `DecodeToPoint` → `pointFromBytes`, `ScalarFromInt` →
 *   `scalarFromInt`, `NewRandomScalar` → `newRandomScalar`).
 * - The convenient operations (`a.add(b)`, `curve.scalarMult(s, P)`) return a
 *   NEW object and never modify their inputs, like the Go ones. Alongside
 *   them, every hot operation has an in-place form (`x.setAdd(a, b)`,
 *   `curve.scalarMult(s, P, out)`, `p.putBytes(buf, offset)`) that writes
 *   into an existing object or buffer and allocates nothing where the backend
 *   allows; arguments may alias the receiver / `out`.
 * - go-dleq's per-curve signature scheme (`Sign` / `Verify`: ECDSA with DER
 *   on secp256k1, a Schnorr variant on ed25519) is not a group operation and
 *   is not part of `Curve`: it lives in @strata/dleq.
 * - Bad external bytes throw `StrataError` (from `@strata/field`) with a
 *   stable `code`; `verify` returns `false` instead of throwing; wrong
 *   argument types (including mixing objects of two different `Curve`s) are
 *   programmer errors and may throw `TypeError`.
 * - Multiplication is constant-time by default (meant for secrets: keys,
 *   blinders, nonces); the `...NonConst` forms are variable-time and meant
 *   for public data (verification). Backends say in their docs how far they
 *   can keep that promise in JavaScript.
 * - Optional fast paths (`precompute`, `doubleScalarMultNonConst`,
 *   `doubleScalarMultBaseNonConst`, `msmNonConst`, `scalarMultTable…`,
 *   `pointsToBytes`) may be left
 *   out by a backend; the helpers in `./ops.ts` (exported from the package
 *   root) use them when present and fall back to portable code otherwise.
 *   Callers that want the fast path should call those helpers.
 *
 * References:
 * - [GO-DLEQ] github.com/pokt-network/go-dleq, package `types` (commit 488f42a).
 * - [RING-GO] github.com/pokt-network/ring-go (commit 782cc69), which uses
 *   go-dleq's `types`.
 * - [MRL-0010] S. Noether, "Discrete logarithm equality across groups", 2018.
 */

/**
 * A source of random bytes: returns `length` fresh random bytes. The default
 * everywhere is `crypto.getRandomValues`. Tests pass a deterministic source
 * to reproduce recorded proofs.
 */
export type RandomSource = (length: number) => Uint8Array;

/**
 * A scalar modulo the group order of one `Curve`.
 *
 * Scalars are mutable objects. The convenient methods (`add`, `sub`, `mul`,
 * `negate`, `invert`, `clone`) return a NEW scalar and leave `this` and the
 * argument unchanged. The `set…` methods write the result into `this` and
 * return `this`; any argument may be `this` itself (aliasing is allowed).
 */
export interface Scalar {
  /** Returns a new scalar equal to this + b (mod order). */
  add(b: Scalar): Scalar;
  /** Returns a new scalar equal to this − b (mod order). */
  sub(b: Scalar): Scalar;
  /** Returns a new scalar equal to −this (mod order). */
  negate(): Scalar;
  /** Returns a new scalar equal to this · b (mod order). */
  mul(b: Scalar): Scalar;
  /**
   * Returns a new scalar equal to this⁻¹ (mod order). The inverse of zero is
   * zero, as in Go (decred `InverseNonConst`, edwards25519 `Invert`).
   */
  invert(): Scalar;
  /** Returns a new scalar equal to this. */
  clone(): Scalar;

  /** Sets this = a and returns this. */
  set(a: Scalar): this;
  /** Sets this = a + b (mod order) and returns this. */
  setAdd(a: Scalar, b: Scalar): this;
  /** Sets this = a − b (mod order) and returns this. */
  setSub(a: Scalar, b: Scalar): this;
  /** Sets this = a · b (mod order) and returns this. */
  setMul(a: Scalar, b: Scalar): this;
  /** Sets this = −a (mod order) and returns this. */
  setNegate(a: Scalar): this;
  /** Sets this = a⁻¹ (mod order; zero maps to zero) and returns this. */
  setInvert(a: Scalar): this;

  /**
   * Returns the curve's 32-byte encoding of this scalar (a new array), the
   * same bytes as Go `Scalar.Encode()`: big-endian on secp256k1,
   * little-endian on ed25519 (see `Curve.scalarByteOrder`).
   */
  toBytes(): Uint8Array;
  /**
   * Writes the 32-byte encoding of this scalar into `out[offset … offset+32)`
   * and returns `out`. StrataError `ERR_BAD_LENGTH` if `out` is too short.
   */
  putBytes(out: Uint8Array, offset?: number): Uint8Array;
  /** Returns whether this ≡ b (mod order). Constant-time where the backend allows. */
  equals(b: Scalar): boolean;
  /** Returns whether this ≡ 0 (mod order). */
  isZero(): boolean;
}

/**
 * A point of one `Curve` (the full curve group: on ed25519 a decoded point
 * may have a small-order component, as in Go).
 *
 * Points are mutable objects. The convenient methods return a NEW point and
 * leave `this` and the argument unchanged; the `set…` methods write into
 * `this` and return `this`, and any argument may be `this` itself.
 */
export interface Point {
  /** Returns a new point equal to this + b. */
  add(b: Point): Point;
  /** Returns a new point equal to this − b. */
  sub(b: Point): Point;
  /**
   * Returns a new point equal to s · this. Constant-time (safe for a secret
   * `s`); use `Curve.scalarMultNonConst` for public scalars.
   */
  scalarMult(s: Scalar): Point;
  /** Returns a new point equal to this (Go `Copy()`). */
  clone(): Point;

  /** Sets this = a and returns this. */
  set(a: Point): this;
  /** Sets this = a + b and returns this. */
  setAdd(a: Point, b: Point): this;
  /** Sets this = a − b and returns this. */
  setSub(a: Point, b: Point): this;
  /** Sets this = −a and returns this. */
  setNegate(a: Point): this;
  /** Sets this = 2·a and returns this. */
  setDouble(a: Point): this;

  /**
   * Returns the curve's compressed encoding (a new array of
   * `Curve.compressedPointSize` bytes), the same bytes as Go `Encode()`:
   * 33-byte SEC1 compressed on secp256k1, 32-byte RFC 8032 on ed25519.
   * The identity encodes as Go encodes it: 02 ‖ 0^32 on secp256k1 (decred's
   * affine (0, 0) of the point at infinity; `pointFromBytes` rejects it) and
   * 01 ‖ 0^31 on ed25519. Hash preimages therefore match Go's even for
   * crafted inputs whose intermediate points are the identity.
   */
  toBytes(): Uint8Array;
  /**
   * Writes the compressed encoding into `out[offset … offset+compressedPointSize)`
   * and returns `out`. StrataError `ERR_BAD_LENGTH` if `out` is too short.
   */
  putBytes(out: Uint8Array, offset?: number): Uint8Array;
  /** Returns whether this is the identity (Go `IsZero()`). */
  isIdentity(): boolean;
  /** Returns whether this and b are the same group element (projective-aware). */
  equals(b: Point): boolean;
}

/**
 * An opaque handle to a point with precomputed multiples, returned by
 * `Curve.precompute` (or by the portable `precompute(curve, P)` helper, which
 * just wraps a copy of the point). Use it in place of a point in the
 * `…Table…` / `doubleScalarMultNonConst` / `doubleScalarMultBaseNonConst`
 * calls of the SAME curve. Immutable once made; safe to cache and share.
 */
export interface PointTable {
  /** The point this table was built for (do not mutate). */
  readonly point: Point;
}

/**
 * The size class of a precomputed table (docs/api.md §3): `'large'` for
 * speed, `'small'` for about half the memory. Each backend maps it to its
 * own table shape and documents the mapping at its `precompute`; protocols
 * never pick table widths themselves.
 */
export type TableSize = 'small' | 'large';

/**
 * Options of `precompute`. Results never depend on them, only speed and
 * memory do; a backend without table shapes ignores them. Unknown keys are
 * ignored.
 */
export interface PrecomputeOptions {
  /**
   * The size class. Absent: the backend's default table, sized for a point
   * multiplied a few hundred times by itself (a DLEq base point).
   */
  readonly size?: TableSize;
  /**
   * About how many multiplications the table will serve (a positive
   * integer; absent: many). A backend may build a table that is cheaper to
   * make when it serves few (a key image used once per ring member).
   */
  readonly uses?: number;
  /**
   * Whether the table will be multiplied beside a plain point in the same
   * double-scalar multiplication, a·P + b·T with P a `Point` (default
   * false): as a ring's key image over members without tables. The plain
   * point's digits then set the length of the doubling chain, so splitting
   * the table into pieces does not shorten it; a backend may build one wide
   * piece instead (cheaper to build, fewer additions per use). TypeError
   * for a non-boolean.
   */
  readonly pairedWithPoint?: boolean;
}

/** A point, or a precomputed table of a point: accepted by the fast paths. */
export type PointLike = Point | PointTable;

/** Byte order of a curve's 32-byte scalar encoding. */
export type ByteOrder = 'be' | 'le';

/**
 * Which Go backend's hash-to-scalar rule to follow on secp256k1: `'decred'`
 * (go-dleq's and ring-go's default build; left-aligns short values) or
 * `'libsecp256k1'` (the `ethereum_secp256k1` build tag; plain reduction
 * mod n). Curves without the quirk (ed25519) have one rule and ignore it.
 */
export type HashToScalarRule = 'decred' | 'libsecp256k1';

/** Options of `Curve.hashToScalar`. */
export interface HashToScalarOptions {
  /** The rule (default: the curve's own, `'decred'` for `secp256k1`). */
  readonly rule?: HashToScalarRule;
}

/**
 * A prime-order group as go-dleq's `types.Curve` sees it (its group
 * operations), plus in-place forms and optional fast paths.
 *
 * Implementations: `secp256k1` and `ed25519` from this package (over
 * @strata/curves); `@strata/group-testkit` wraps noble-curves in it (the test
 * oracle and benchmark row), and `groupConformance` in `@strata/group-testkit` is
 * the suite a backend must pass. Objects from one curve must not be passed
 * to another.
 */
export interface Curve {
  /** A short name ("secp256k1", "ed25519"). */
  readonly name: string;
  /**
   * Go `BitSize()`: the number of secret bits a DLEq proof on this curve
   * covers: 255 on secp256k1, 252 on ed25519 (go-dleq's constants).
   */
  readonly bitSize: number;
  /** Go `CompressedPointSize()`: 33 on secp256k1, 32 on ed25519. */
  readonly compressedPointSize: number;
  /** Length of an encoded scalar: 32 on both curves. */
  readonly scalarSize: number;
  /** Byte order of the scalar encoding: 'be' on secp256k1, 'le' on ed25519. */
  readonly scalarByteOrder: ByteOrder;
  /** The cofactor h of the curve: 1 on secp256k1, 8 on ed25519. */
  readonly cofactor: number;
  /**
   * The Go hash-to-scalar rule `hashToScalar` follows when no `rule` is
   * given (secp256k1: 'decred' unless made with another); absent on curves
   * with one rule (ed25519).
   */
  readonly hashToScalarRule?: HashToScalarRule;
  /**
   * Number of random bytes `newRandomScalar` reads (Go's NewRandomScalar):
   * 32 on secp256k1 (big-endian, reduced mod n), 64 on ed25519
   * (little-endian, reduced mod ℓ).
   */
  readonly randomScalarBytes: number;

  /** Go `BasePoint()`: returns a new copy of the generator G. */
  basePoint(): Point;
  /**
   * Go `AltBasePoint()`: returns a new copy of go-dleq's second generator H:
   * on secp256k1 the BIP-341 NUMS point
   * 0250929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0, on
   * ed25519 Monero's H
   * 8b655970153799af2aeadc9ff1add0ea6c7251d54154cfa92c173a0dd39c1f94.
   */
  altBasePoint(): Point;
  /** Returns a new identity point (a scratch object for the `set…` / `out` forms). */
  identity(): Point;
  /** Returns a new zero scalar (a scratch object for the `set…` / `out` forms). */
  zeroScalar(): Scalar;

  /**
   * Go `NewRandomScalar()`: reads `randomScalarBytes` bytes from `rand`
   * (default crypto.getRandomValues) and reduces them as Go does (see
   * `randomScalarBytes`). Writes into `out` when given.
   */
  newRandomScalar(rand?: RandomSource, out?: Scalar): Scalar;
  /** Go `ScalarFromInt(uint32)`: returns n as a scalar. TypeError for a non-number; RangeError unless 0 ≤ n < 2^32 is an integer. */
  scalarFromInt(n: number): Scalar;
  /**
   * Go `ScalarFromBytes([32]byte)`: `bytes` are 32 LITTLE-endian bytes on
   * every curve (go-dleq's secret format), hence the `LE` in the name: on
   * secp256k1 this is NOT the order of a Bitcoin secret key or of
   * `Scalar.toBytes()` (both big-endian); read those with `scalarFromBytes`,
   * the inverse of `toBytes()` on every curve. secp256k1 reduces mod n silently;
   * ed25519 requires a canonical value (< ℓ) and throws StrataError
   * `ERR_NON_CANONICAL` otherwise (Go panics). The input is copied.
   */
  scalarFromBytesLE(bytes: Uint8Array): Scalar;
  /**
   * Go `HashToScalar(data)`: secp256k1: int_BE(SHA3-512(data)) mod n, then,
   * under the `'decred'` rule, that backend's LEFT-alignment quirk (see
   * `HashToScalarRule`); ed25519: SHA3-512(data) as a 64-byte little-endian
   * integer mod ℓ. `options.rule` overrides the curve's own rule. Writes
   * into `out` when given.
   */
  hashToScalar(data: Uint8Array, out?: Scalar, options?: HashToScalarOptions): Scalar;
  /**
   * Optional: returns `hashToScalar(data, out, options)` given the 64-byte
   * `digest` = SHA3-512(data) (go-dleq's curves both hash with SHA3-512), so
   * that a caller hashing one preimage for two curves hashes it once and
   * keeps the digest itself. StrataError `ERR_BAD_LENGTH` unless 64 bytes.
   */
  hashToScalarFromDigest?(digest: Uint8Array, out?: Scalar, options?: HashToScalarOptions): Scalar;
  /**
   * Optional: returns whether the Go rules of this curve would disagree on
   * `hashToScalar(data)` (secp256k1: the reduced hash is non-zero and
   * < 2^248, so `'decred'` left-aligns it and `'libsecp256k1'` does not).
   * Absent or always false on curves without such a quirk. Provers use it to
   * re-draw randomness so that proofs verify under every Go backend.
   */
  hashToScalarIsAmbiguous?(data: Uint8Array): boolean;

  /** Go `ScalarBaseMul`: returns k·G (constant-time; for secrets). Writes into `out` when given. */
  scalarBaseMult(k: Scalar, out?: Point): Point;
  /** Go `ScalarMul`: returns k·P (constant-time; for secrets). Writes into `out` when given. */
  scalarMult(k: Scalar, P: Point, out?: Point): Point;
  /** Returns k·G, variable-time (public k only). Writes into `out` when given. */
  scalarBaseMultNonConst(k: Scalar, out?: Point): Point;
  /** Returns k·P, variable-time (public k only). Writes into `out` when given. */
  scalarMultNonConst(k: Scalar, P: Point, out?: Point): Point;

  /**
   * Go `DecodeToPoint`: decodes exactly `compressedPointSize` bytes (Go's
   * rules: secp256k1 02/03 prefix, x < p, on curve; ed25519 filippo
   * edwards25519 SetBytes: non-canonical y accepted, no subgroup check).
   * The input is copied. Throws StrataError with a stable code otherwise.
   */
  pointFromBytes(bytes: Uint8Array, out?: Point): Point;
  /** Like `pointFromBytes` but returns `null` instead of throwing on bad bytes (still TypeError on a non-Uint8Array). */
  tryPointFromBytes(bytes: Uint8Array, out?: Point): Point | null;
  /**
   * Optional: returns h·P (h the cofactor) for the point P that `bytes`
   * encode, or `null` when they encode none (still TypeError on a
   * non-Uint8Array). Unlike `tryPointFromBytes` it takes every point the
   * encoding holds, also one the curve's decoder refuses because the
   * curve's arithmetic is not exact on it (a Bandersnatch point with a
   * component at infinity), whose h·P is exact and in the prime-order
   * subgroup. Ring-go's hash-to-curve of 32-byte Edwards curves (decode,
   * clear the cofactor) uses it when present, so H_p does not depend on the
   * decode policy; absent, `tryPointFromBytes` and then h·P.
   */
  tryPointFromBytesClearCofactor?(bytes: Uint8Array, out?: Point): Point | null;
  /**
   * Go `DecodeToScalar`: decodes exactly 32 bytes in `scalarByteOrder`
   * (secp256k1: values ≥ n silently reduced, as Go; ed25519: must be
   * canonical, else StrataError `ERR_NON_CANONICAL`). The input is copied.
   */
  scalarFromBytes(bytes: Uint8Array, out?: Scalar): Scalar;

  // ---- Optional fast paths (see ./ops.ts for the portable defaults) ----

  /**
   * Optional: returns a table of precomputed multiples of `P` for repeated
   * multiplication, shaped by the backend from `options` (see
   * `PrecomputeOptions`).
   */
  precompute?(P: Point, options?: PrecomputeOptions): PointTable;
  /**
   * Optional: returns the estimated bytes one table from
   * `precompute(P, options)` holds (callers that bound their memory, such
   * as ring caches, charge it before building the table).
   */
  precomputeBytes?(options?: PrecomputeOptions): number;
  /** Optional: returns k·T.point using the table (constant-time; for secrets). */
  scalarMultTable?(k: Scalar, T: PointTable, out?: Point): Point;
  /** Optional: returns k·T.point using the table (variable-time). */
  scalarMultTableNonConst?(k: Scalar, T: PointTable, out?: Point): Point;
  /** Optional: returns a·A + b·B, variable-time (public scalars only). */
  doubleScalarMultNonConst?(a: Scalar, A: PointLike, b: Scalar, B: PointLike, out?: Point): Point;
  /**
   * Optional: returns a·A + b·G, variable-time (public scalars only); the
   * shape of a ring-signature / Schnorr verification step.
   */
  doubleScalarMultBaseNonConst?(a: Scalar, A: PointLike, b: Scalar, out?: Point): Point;
  /**
   * Optional: returns P's n pieces for `doubleScalarMultSplitNonConst`,
   * 2^(s·j)·P for j < n with s a step the backend picks for n (1 ≤ n ≤ 8),
   * written into `out` when it holds n points of this curve (and `out`
   * returned), else into new points. Pieces are linear: piece j of P − Q
   * is piece j of P minus piece j of Q (same n). Variable-time (P is
   * public). RangeError for n outside [1, 8].
   */
  splitNonConst?(P: Point, n: number, out?: Point[]): Point[];
  /**
   * Optional: returns a·A + b·P, variable-time (public scalars only), P
   * given by its pieces from `splitNonConst` (or piecewise differences of
   * such pieces): the doubling chain is about 1/n as long, so splitting P
   * once pays when P is multiplied two or more times.
   */
  doubleScalarMultSplitNonConst?(a: Scalar, A: PointLike, b: Scalar, pieces: readonly Point[], out?: Point): Point;
  /**
   * Optional: returns Σ scalars[i]·points[i], variable-time (public scalars
   * only). StrataError `ERR_BAD_LENGTH` unless the arrays have equal length.
   */
  msmNonConst?(points: readonly PointLike[], scalars: readonly Scalar[], out?: Point): Point;
  /**
   * Optional: writes the encodings of `points` back to back into
   * `out[offset …)` (point i at offset + i·compressedPointSize) and returns
   * `out`, sharing one field inversion across the batch. Same bytes as
   * calling `putBytes` on each. StrataError `ERR_BAD_LENGTH` if `out` is
   * too short.
   */
  pointsToBytes?(points: readonly Point[], out: Uint8Array, offset?: number): Uint8Array;
  /**
   * Optional: returns whether cofactor·P is the identity (P has small order,
   * the identity included). Variable-time (P is public). The portable
   * default multiplies by the cofactor with the curve's own operations.
   */
  isSmallOrderNonConst?(P: Point): boolean;
  /**
   * Optional: returns whether P lies in the prime-order subgroup (order·P is
   * the identity). Variable-time (P is public). Absent: callers fall back to
   * a check with the curve's own operations (P = h·([h⁻¹ mod order]·P)).
   */
  isTorsionFreeNonConst?(P: Point): boolean;
}
