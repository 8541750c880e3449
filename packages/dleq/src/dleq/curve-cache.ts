/**
 * The per-curve constants of DLEq proving and verification (H's table, G,
 * G's pieces) and verification's scratch pieces, kept with each curve
 * object.
 *
 * References:
 * - [GO-DLEQ] github.com/pokt-network/go-dleq @ 488f42a (the alternate base
 *   point H of each curve).
 */
import type { Curve, Point, PointTable } from '@strata/group';
import { precompute, splitNonConst } from '@strata/group';

/**
 * Constants of one curve: the table of the alternate base point H (shape
 * H_TABLE: H is multiplied once or twice per bit; its constant-time part is
 * built on the first `prove`), a copy of G and G's pieces. Built
 * on first use per curve object and kept with it, as @strata/curves keeps
 * the base point's tables: the WeakMap below holds one entry per curve
 * object (bounded by `curve.precomputeBytes(H_TABLE)` plus the secret
 * table, about 300 KB on ed25519 and 70 KB on secp256k1) and drops it with
 * the curve. Nothing here but verification's scratch depends on a call's
 * inputs; the table, G and G's pieces are never written.
 * Building the tables on every call cost about 2 % of a prove (secp256k1 ×
 * ed25519, WebAssembly engine).
 */
export interface CurveCache {
  readonly H: PointTable;
  readonly G: Point;
  /**
   * G's pieces (`splitNonConst(c, G, SPLIT_PIECES)`): what verification
   * subtracts from a commitment's pieces. One piece when the curve does not
   * split points (verification then multiplies C − G as before).
   */
  readonly Gs: readonly Point[];
  /**
   * Verification's scratch, one per side of the pair (a proof over
   * (ed25519, ed25519) uses both of one curve's): the pieces of each bit's
   * commitment, written by pass 1 and read by pass 2 (Gs.length points per
   * bit, grown to the largest bit count seen, at most 255 bits: about
   * 120 KB per side on ed25519).
   * Preallocated because a new point costs about as much as 5 % of a
   * multiplication (typed-array allocation). Verification is synchronous
   * and calls nothing that could verify again in between, so one scratch
   * per curve serves every call.
   */
  readonly pieces: readonly [Point[][], Point[][]];
}
const curveCaches = new WeakMap<Curve, CurveCache>();
export function cacheFor(c: Curve): CurveCache {
  let k = curveCaches.get(c);
  if (k === undefined) {
    const G = c.basePoint();
    const H = precompute(c, c.altBasePoint(), H_TABLE);
    k = Object.freeze({ H, G, Gs: Object.freeze(splitNonConst(c, G, SPLIT_PIECES)), pieces: [[], []] as [Point[][], Point[][]] });
    curveCaches.set(c, k);
  }
  return k;
}

/** Returns the cache's scratch pieces of one side (0: curve A, 1: curve B) for `bits` bits (see CurveCache.pieces), growing it first. */
export function piecesFor(c: Curve, k: CurveCache, side: 0 | 1, bits: number): Point[][] {
  const t = k.Gs.length;
  const p = k.pieces[side];
  while (p.length < bits) p.push(Array.from({ length: t }, () => c.identity()));
  return p;
}

/**
 * Pieces per commitment in verification (`splitNonConst`; curves without
 * split points use one). Each commitment C is multiplied twice, by −e and
 * by −e1 (on C − G, whose pieces are C's minus G's): on ed25519, splitting
 * C into 2 pieces costs 129 doublings once and shortens both chains from
 * ~253 to 129 doublings, 387 instead of 506 per bit, for 8 more table
 * additions per multiplication; secp256k1's GLV chains (~129) have no
 * split. Measured per bit (both multiplications, ed25519, WebAssembly
 * engine, 8 × 8 table of H, CPU time, medians of 21 paired rounds):
 * 2 pieces 0.93×, 3 pieces 0.94×, 4 pieces 0.96× of the unsplit point
 * (the per-piece costs, point copies and tables, outweigh the shorter
 * chains beyond 2).
 */
const SPLIT_PIECES = 2;

/**
 * The shape of H's table (`precompute` options): H is multiplied twice per
 * bit by verification and once per bit by prove, for every proof on the
 * curve, so the table is built for many uses: on ed25519 the curves' 8 × 8
 * wNAF table (512 entries, ~28 additions per multiplication instead of ~42
 * with the default 5 × 8; bounded by `precomputeBytes` at about 250 KB);
 * on secp256k1 6 × 8 (the default's width, in pieces). Per bit of a
 * verification (ed25519, WebAssembly engine): 0.83–0.95× of the default
 * table over three runs of paired rounds.
 */
const H_TABLE = Object.freeze({ size: 'large' as const, uses: 512 });
