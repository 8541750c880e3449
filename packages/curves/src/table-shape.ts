/**
 * Option checking shared by the pieced variable-time tables of both curves
 * (secp256k1 `precomputeNonConst` in secp256k1/ecmult.ts, ed25519
 * `precomputeNonConst` in ed25519/tables.ts): a wNAF width and a piece
 * count, where a table in t pieces holds the odd multiples of 2^(b·j)·P for
 * j < t so that a scalar's wNAF digits spread over t short streams.
 *
 * References:
 * - [HMV04] D. Hankerson, A. Menezes, S. Vanstone, Guide to Elliptic Curve Cryptography, Alg. 3.35 (wNAF), Alg. 3.51 (interleaving).
 */
import { expectNumber, expectOptions } from '@strata/field';

/** Largest piece count of a pieced table. */
export const MAX_PIECES = 8;

/** The width w (2…8) and piece count t (1…{@link MAX_PIECES}) of a pieced table. */
export interface TableShape {
  readonly w: number;
  readonly t: number;
}

/**
 * Returns the checked width and piece count of `options` (an object with
 * optional `width` and `pieces`; absent or undefined fields and undefined
 * options take the defaults). Throws TypeError for options that are not an
 * object and for a width or piece count that is not a number, RangeError
 * for a width outside 2…8 or a piece count outside 1…{@link MAX_PIECES}
 * (non-integers included).
 */
export function tableShape(what: string, options: { readonly width?: number; readonly pieces?: number } | undefined, width: number, pieces: number): TableShape {
  const o = expectOptions(what, options);
  if (o === undefined) return { w: width, t: pieces };
  const w = expectNumber(`${what} width`, o.width, width);
  const t = expectNumber(`${what} pieces`, o.pieces, pieces);
  if (!Number.isInteger(w) || w < 2 || w > 8) throw new RangeError(`${what}: expected width an integer 2…8, got ${w}`);
  if (!Number.isInteger(t) || t < 1 || t > MAX_PIECES) throw new RangeError(`${what}: expected pieces an integer 1…${MAX_PIECES}, got ${t}`);
  return { w, t };
}
