/**
 * The one error type Strata throws for bad external input.
 *
 * Bad bytes from outside (wrong length, value out of range, point not on the
 * curve, truncated proof) raise a `StrataError` whose `code` is stable and
 * safe to branch on; its message reads "what: expected X, got Y". Verifiers
 * never throw on malformed input: they return `false`. Programmer errors
 * (an argument of the wrong type) throw a `TypeError` at once.
 */

/** Every stable error code used across the Strata packages. */
export const ErrorCode = Object.freeze({
  /** A byte input had the wrong length. */
  BAD_LENGTH: 'ERR_BAD_LENGTH',
  /** An argument was not a Uint8Array (or other required type). */
  BAD_TYPE: 'ERR_BAD_TYPE',
  /** An encoded field element or scalar was not canonical (≥ the modulus). */
  NON_CANONICAL: 'ERR_NON_CANONICAL',
  /** A value was out of its allowed range (e.g. zero where non-zero is required). */
  OUT_OF_RANGE: 'ERR_OUT_OF_RANGE',
  /** A value has no square root (or no inverse) where one is required. */
  NOT_INVERTIBLE: 'ERR_NOT_INVERTIBLE',
  /** A public-key / point format byte was not one of the allowed ones. */
  BAD_FORMAT: 'ERR_BAD_FORMAT',
  /** An x coordinate ≥ p. */
  X_TOO_BIG: 'ERR_X_TOO_BIG',
  /** A y coordinate ≥ p. */
  Y_TOO_BIG: 'ERR_Y_TOO_BIG',
  /** A point is not on the curve. */
  POINT_NOT_ON_CURVE: 'ERR_POINT_NOT_ON_CURVE',
  /** A point is not in the prime-order subgroup where it must be. */
  POINT_NOT_IN_SUBGROUP: 'ERR_POINT_NOT_IN_SUBGROUP',
  /** The parity of y disagrees with the format byte. */
  Y_PARITY_MISMATCH: 'ERR_Y_PARITY_MISMATCH',
  /** The point at infinity / identity where a proper point is required. */
  POINT_AT_INFINITY: 'ERR_POINT_AT_INFINITY',
  /** A serialized structure (proof, signature) was truncated. */
  TRUNCATED: 'ERR_TRUNCATED',
  /** A serialized structure was malformed in some other way. */
  MALFORMED: 'ERR_MALFORMED',
  /** A ring, key or other parameter was invalid. */
  INVALID_ARGUMENT: 'ERR_INVALID_ARGUMENT',
  /** An operation was aborted through an AbortSignal. */
  ABORTED: 'ERR_ABORTED',
  /** The WebAssembly engine could not be loaded or selected (no WebAssembly, a refused compile, not initialised). */
  ENGINE_UNAVAILABLE: 'ERR_ENGINE_UNAVAILABLE',
});

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** A typed error for bad external input, with a stable `code`. */
export class StrataError extends Error {
  readonly code: ErrorCodeValue;
  /** Byte offset into the input where the problem was found, when known. */
  readonly offset: number | undefined;

  constructor(code: ErrorCodeValue, message: string, options?: { offset?: number; cause?: unknown }) {
    super(message, options?.cause !== undefined ? { cause: options.cause } : undefined);
    this.name = 'StrataError';
    this.code = code;
    this.offset = options?.offset;
  }
}

/** Describes a value for an error message ("Uint8Array(31)", "string", ...). */
export function describe(v: unknown): string {
  if (v instanceof Uint8Array) return `Uint8Array(${v.length})`;
  if (v === null) return 'null';
  if (Array.isArray(v)) return `Array(${v.length})`;
  return typeof v;
}

/**
 * Checks that `v` is a Uint8Array (a programmer error otherwise: TypeError)
 * of exactly `len` bytes (bad external input otherwise: StrataError
 * ERR_BAD_LENGTH). Returns `v`.
 */
export function expectBytes(what: string, v: unknown, len?: number): Uint8Array {
  if (!(v instanceof Uint8Array)) {
    throw new TypeError(`${what}: expected Uint8Array, got ${describe(v)}`);
  }
  if (len !== undefined && v.length !== len) {
    throw new StrataError(ErrorCode.BAD_LENGTH, `${what}: expected ${len} bytes, got ${v.length}`);
  }
  return v;
}
