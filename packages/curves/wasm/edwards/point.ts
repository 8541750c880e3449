/**
 * Point operations of the generic Edwards kernels on the curve in use, the
 * twins of src/edwards/point.ts's PointExtended methods: every addition runs
 * the unified formula and, when it reports the exceptional case of an
 * incomplete curve (Z3 = 0), the dedicated addition, exactly as the
 * TypeScript does; when the sum itself is at infinity (no coordinate system
 * holds it) the addition leaves r unchanged and sets the error flag, which
 * the bridge turns into StrataError ERR_POINT_AT_INFINITY after the call
 * (WebAssembly has no exceptions to throw). A point is 128 bytes: X, Y, Z,
 * T (layout.ts).
 */
import * as F from '@strata/field/wasm/prime-field.generated';
import { A_MINUS_ONE, ONE } from './curve';
import { FE_TMP, PT_TMP } from './layout';
import {
  dedicatedEFGH, dedicatedExtended, extendedAdd, extendedAddAffine, extendedAddAffineMinusOne, extendedAddMinusOne, extendedDouble,
} from './point-formulas.generated';

/** Set to 1 by an addition whose sum is at infinity; the bridge reads and clears it (edwardsError). */
export let ERROR: i32 = 0;

/** Clears the error flag (at the start of every export). */
// @ts-ignore: decorator
@inline
export function clearError(): void {
  ERROR = 0;
}

// Scratch of the exceptional case: the last PT_TMP point (the formulas' S0 … S23 fill FE_TMP).
const ONE_T: usize = PT_TMP + 15 * 128;
const T2_T: usize = PT_TMP + 15 * 128 + 32;
const E_: usize = FE_TMP + 20 * 32;
const F_: usize = FE_TMP + 21 * 32;
const G_: usize = FE_TMP + 22 * 32;
const H_: usize = FE_TMP + 23 * 32;

/** Sets r = the identity (0 : 1 : 1 : 0). */
export function setIdentity(r: usize): void {
  memory.fill(r, 0, 32);
  F.copy(r + 32, ONE);
  F.copy(r + 64, ONE);
  memory.fill(r + 96, 0, 32);
}

/** Sets r = p. */
// @ts-ignore: decorator
@inline
export function copyPoint(r: usize, p: usize): void {
  memory.copy(r, p, 128);
}

/** Sets r = −p ((X : Y : Z : T) → (−X : Y : Z : −T)). */
export function negate(r: usize, p: usize): void {
  if (r != p) memory.copy(r + 32, p + 32, 64);
  F.neg(r, p);
  F.neg(r + 96, p + 96);
}

/**
 * Sets r = p + q (extended, unified; any operand may alias r). On the
 * exceptional case of an incomplete curve: the dedicated addition, or, when
 * the sum is at infinity, r unchanged and ERROR = 1.
 */
export function add(r: usize, p: usize, q: usize): void {
  if ((A_MINUS_ONE ? extendedAddMinusOne(r, p, q) : extendedAdd(r, p, q)) != 0) {
    if (dedicatedEFGH(p, p + 32, p + 64, p + 96, q, q + 32, q + 64, q + 96) != 0) {
      ERROR = 1;
      return;
    }
    dedicatedExtended(r, E_, F_, G_, H_);
  }
}

/** Sets r = p + q for an affine q (64 bytes: x, y); exceptional case as `add`. */
export function addAffine(r: usize, p: usize, q: usize): void {
  if ((A_MINUS_ONE ? extendedAddAffineMinusOne(r, p, q) : extendedAddAffine(r, p, q)) != 0) {
    F.copy(ONE_T, ONE);
    F.mul(T2_T, q, q + 32);
    if (dedicatedEFGH(p, p + 32, p + 64, p + 96, q, q + 32, ONE_T, T2_T) != 0) {
      ERROR = 1;
      return;
    }
    dedicatedExtended(r, E_, F_, G_, H_);
  }
}

/** Sets r = 2·p. */
// @ts-ignore: decorator
@inline
export function double(r: usize, p: usize): void {
  extendedDouble(r, p, 1);
}

/** Sets r = 2·p leaving T stale: only before another doubling. */
// @ts-ignore: decorator
@inline
export function doubleNoT(r: usize, p: usize): void {
  extendedDouble(r, p, 0);
}
