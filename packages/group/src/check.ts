/**
 * Argument checks shared by the group helpers and adapters (internal, not
 * exported from the package).
 *
 * A wrong argument type is a programmer error: a TypeError at once, with the
 * library's own "what: expected X, got Y" message, before the value reaches
 * deeper code; lengths and room follow docs/api.md §7 (StrataError
 * `ERR_BAD_LENGTH`). The checks are typeof / instanceof only and allocate
 * nothing on success.
 *
 * References:
 * - Strata DESIGN.md, "Two kinds of error"; docs/api.md §7.
 */
import { ErrorCode, StrataError, describe, expectOptions } from '@strata/field';
import type { Curve, PrecomputeOptions } from './types.js';

/**
 * Throws TypeError unless `c` looks like a `Curve` (an object whose
 * `hashToScalar` and `pointFromBytes` are functions; curves are plain interface
 * implementations, so there is no class to test against).
 */
export function checkCurve(what: string, c: unknown): asserts c is Curve {
  if (typeof c !== 'object' || c === null || typeof (c as Curve).hashToScalar !== 'function' || typeof (c as Curve).pointFromBytes !== 'function') {
    throw new TypeError(`${what}: expected a Curve, got ${describe(c)}`);
  }
}

/** Returns `c` when it looks like a `Curve` (see `checkCurve`); TypeError otherwise. For the protocols' argument checks. */
export function expectCurve(what: string, c: unknown): Curve {
  checkCurve(what, c);
  return c;
}

/**
 * Returns `options` checked (undefined stays undefined): TypeError for a
 * non-object, a `size` other than 'small' / 'large' or a non-integer `uses`;
 * RangeError for `uses` < 1.
 */
export function expectPrecomputeOptions(what: string, options: unknown): PrecomputeOptions | undefined {
  const o = expectOptions(`${what} options`, options as PrecomputeOptions | undefined);
  if (o === undefined) return undefined;
  const { size, uses, pairedWithPoint } = o;
  if (size !== undefined && size !== 'small' && size !== 'large') {
    throw new TypeError(`${what} size: expected 'small' or 'large', got ${describe(size)}`);
  }
  if (pairedWithPoint !== undefined && typeof pairedWithPoint !== 'boolean') {
    throw new TypeError(`${what} pairedWithPoint: expected a boolean, got ${describe(pairedWithPoint)}`);
  }
  if (uses !== undefined) {
    if (typeof uses !== 'number' || !Number.isInteger(uses)) {
      throw new TypeError(`${what} uses: expected an integer, got ${typeof uses === 'number' ? `number ${String(uses)}` : describe(uses)}`);
    }
    if (uses < 1) throw new RangeError(`${what} uses: expected at least 1, got ${uses}`);
  }
  return o;
}

/** Throws StrataError `ERR_BAD_LENGTH` unless `points` and `scalars` have the same length (TypeError for non-arrays). */
export function checkMsmLengths(points: unknown, scalars: unknown): void {
  if (!Array.isArray(points)) throw new TypeError(`msmNonConst points: expected an array, got ${describe(points)}`);
  if (!Array.isArray(scalars)) throw new TypeError(`msmNonConst scalars: expected an array, got ${describe(scalars)}`);
  if (points.length !== scalars.length) {
    throw new StrataError(ErrorCode.BAD_LENGTH, `msmNonConst: expected as many scalars as points (${points.length}), got ${scalars.length}`);
  }
}

/** Returns the StrataError `ERR_BAD_LENGTH` for an output buffer without room for `need` bytes at `offset`. */
export function roomError(what: string, need: number, offset: number, have: number): StrataError {
  return new StrataError(ErrorCode.BAD_LENGTH, `${what}: expected room for ${need} bytes at offset ${offset}, got ${have} bytes`);
}
