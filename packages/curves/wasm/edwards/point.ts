/**
 * Point operations of the generic Edwards kernels on the curve in use, the
 * twins of src/edwards/point.ts's PointExtended methods: every addition runs
 * the unified formula and, when it reports the exceptional case of an
 * incomplete curve (Z3 = 0), the dedicated addition, exactly as the
 * TypeScript does; when the sum itself is at infinity (no coordinate system
 * holds it) the addition leaves r unchanged and sets the error flag, which
 * the bridge turns into StrataError ERR_POINT_AT_INFINITY after the call
 * (WebAssembly has no exceptions to throw). A point is 160 bytes: X, Y, Z,
 * T (layout.ts).
 */
import * as F from '@strata/field/wasm/prime-field.generated';
import { A_MINUS_ONE, ONE } from './curve';
import { FE, FE_TMP, PT, PT_TMP } from './layout';
import {
  dedicatedEFGH, dedicatedExtended, extendedAdd, extendedAddAffine, extendedAddAffineMinusOne, extendedAddMinusOne, extendedDouble,
  extendedDoubleLazy,
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
const ONE_T: usize = PT_TMP + 15 * PT;
const T2_T: usize = PT_TMP + 15 * PT + FE;
const E_: usize = FE_TMP + 20 * FE;
const F_: usize = FE_TMP + 21 * FE;
const G_: usize = FE_TMP + 22 * FE;
const H_: usize = FE_TMP + 23 * FE;

/** Sets r = the identity (0 : 1 : 1 : 0). */
export function setIdentity(r: usize): void {
  memory.fill(r, 0, FE);
  F.copy(r + FE, ONE);
  F.copy(r + 2 * FE, ONE);
  memory.fill(r + 3 * FE, 0, FE);
}

/** Sets r = p. */
// @ts-ignore: decorator
@inline
export function copyPoint(r: usize, p: usize): void {
  memory.copy(r, p, PT);
}

/** Sets r = −p ((X : Y : Z : T) → (−X : Y : Z : −T)). */
export function negate(r: usize, p: usize): void {
  if (r != p) memory.copy(r + FE, p + FE, 2 * FE);
  F.neg(r, p);
  F.neg(r + 3 * FE, p + 3 * FE);
}

/**
 * Sets r = p + q (extended, unified; any operand may alias r). On the
 * exceptional case of an incomplete curve: the dedicated addition, or, when
 * the sum is at infinity, r unchanged and ERROR = 1.
 */
export function add(r: usize, p: usize, q: usize): void {
  if ((A_MINUS_ONE ? extendedAddMinusOne(r, p, q) : extendedAdd(r, p, q)) != 0) {
    if (dedicatedEFGH(p, p + FE, p + 2 * FE, p + 3 * FE, q, q + FE, q + 2 * FE, q + 3 * FE) != 0) {
      ERROR = 1;
      return;
    }
    dedicatedExtended(r, E_, F_, G_, H_);
  }
}

/** Sets r = p + q for an affine q (80 bytes: x, y); exceptional case as `add`. */
export function addAffine(r: usize, p: usize, q: usize): void {
  if ((A_MINUS_ONE ? extendedAddAffineMinusOne(r, p, q) : extendedAddAffine(r, p, q)) != 0) {
    F.copy(ONE_T, ONE);
    F.mul(T2_T, q, q + FE);
    if (dedicatedEFGH(p, p + FE, p + 2 * FE, p + 3 * FE, q, q + FE, ONE_T, T2_T) != 0) {
      ERROR = 1;
      return;
    }
    dedicatedExtended(r, E_, F_, G_, H_);
  }
}

/** Sets r = 2·p (reduced; p reduced, or lazy as doubleNoT leaves it). */
// @ts-ignore: decorator
@inline
export function double(r: usize, p: usize): void {
  extendedDouble(r, p, 1);
}

/**
 * Sets r = 2·p leaving T stale and X, Y, Z lazy (below 2p, not reduced): only
 * before another doubling (double or doubleNoT), which takes such a point.
 */
// @ts-ignore: decorator
@inline
export function doubleNoT(r: usize, p: usize): void {
  extendedDoubleLazy(r, p);
}
