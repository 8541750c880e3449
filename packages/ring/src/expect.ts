/**
 * Argument checks shared by every module of the package (programmer errors:
 * a TypeError at once, before any work). A leaf module: it imports nothing
 * from the package, so `hash.ts` and `internal.ts` can both use it.
 * Not exported from the package.
 */
import { describe } from '@strata/field';
import type { Curve } from '@strata/group';

/** Throws TypeError unless `curve` looks like a `Curve`. */
export function expectCurve(what: string, curve: unknown): Curve {
  if (typeof curve !== 'object' || curve === null || typeof (curve as Curve).pointFromBytes !== 'function' ||
    typeof (curve as Curve).hashToScalar !== 'function') {
    throw new TypeError(`${what}: expected a Curve (e.g. secp256k1 or ed25519 from @strata/group), got ${describe(curve)}`);
  }
  return curve as Curve;
}

/** Throws TypeError unless `i` is an integer; returns it. */
export function expectInteger(what: string, i: unknown): number {
  if (typeof i !== 'number' || !Number.isInteger(i)) {
    throw new TypeError(`${what}: expected an integer, got ${typeof i === 'number' ? String(i) : describe(i)}`);
  }
  return i;
}
