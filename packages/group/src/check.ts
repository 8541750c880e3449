/**
 * Argument checks shared by the group helpers and the DLEq proofs (internal,
 * not exported from the package).
 *
 * A wrong argument type is a programmer error: a TypeError at once, with the
 * library's own "what: expected X, got Y" message, before the value reaches
 * deeper code. The checks are typeof / instanceof only and allocate nothing
 * on success.
 *
 * References:
 * - Strata DESIGN.md, "Two kinds of error".
 */
import { describe } from '@strata/field';
import type { Curve } from './types.js';

/**
 * Throws TypeError unless `c` looks like a `Curve` (an object whose
 * `hashToScalar` is a function; curves are plain interface implementations,
 * so there is no class to test against).
 */
export function checkCurve(what: string, c: unknown): asserts c is Curve {
  if (typeof c !== 'object' || c === null || typeof (c as Curve).hashToScalar !== 'function') {
    throw new TypeError(`${what}: expected a Curve, got ${describe(c)}`);
  }
}
