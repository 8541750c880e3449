/**
 * The edwards25519 subgroup check ℓ·P = O (`Point.isTorsionFree` on the
 * TypeScript engine): a variable-time width-5 wNAF chain over the public
 * constant ℓ (252 doublings and a few dozen additions of the odd multiples
 * P, 3P, …, 15P in cached form).
 *
 * The check runs on the point classes of point.ts, which call it; so that
 * the dependency stays one-way (point.ts imports this module, never the
 * reverse, and nothing is installed at load time) it is written against the
 * few methods it calls ({@link TorsionPoint}, {@link TorsionCached}), and
 * the caller passes its scratch points.
 *
 * References:
 * - [HMV04] D. Hankerson, A. Menezes, S. Vanstone, Guide to Elliptic Curve Cryptography, Alg. 3.35 (wNAF).
 * - [EFD] https://hyperelliptic.org/EFD/g1p/auto-twisted-extended-1.html (add-2008-hwcd-3, dbl-2008-hwcd).
 */
import { recodeWnafNonConst } from '../shared/recode.js';
import { edwards25519 } from './params.js';

/** What the check calls on an extended point (`Point`). */
export interface TorsionPoint<P, C> {
  set(p: P): P;
  setIdentity(): P;
  double(p: P): P;
  doubleNoT(p: P): P;
  addCached(p: P, q: C): P;
  subCached(p: P, q: C): P;
  isIdentity(): boolean;
}

/** What the check calls on a cached point (`PointCached`). */
export interface TorsionCached<P> {
  setPoint(p: P): unknown;
}

/** The scratch of one check: an accumulator, 2P and the table of P, 3P, …, 15P (8 entries). */
export interface TorsionScratch<P, C> {
  readonly acc: P;
  readonly two: C;
  readonly table: readonly C[];
}

/** The width-5 NAF digits of ℓ, least significant first (a constant). */
const ORDER_NAF = new Int8Array(8 * 32 + 5);
/** Index of the top non-zero digit of {@link ORDER_NAF}. */
const ORDER_TOP: number = (() => {
  const le = new Uint8Array(32);
  let k = edwards25519.order;
  for (let i = 0; i < 32; i++, k >>= 8n) le[i] = Number(k & 0xffn);
  return recodeWnafNonConst(le, 32, 5, ORDER_NAF) - 1;
})();
/** Reports whether ℓ·p = O (variable time in p; ℓ is public), with the caller's scratch s. */
export function torsionFree<P extends TorsionPoint<P, C>, C extends TorsionCached<P>>(p: P, s: TorsionScratch<P, C>): boolean {
  const acc = s.acc, torsionTwo = s.two, torsionTable = s.table;
  torsionTwo.setPoint(acc.double(p)); //                2P
  torsionTable[0]!.setPoint(p);
  acc.set(p);
  for (let i = 1; i < 8; i++) torsionTable[i]!.setPoint(acc.addCached(acc, torsionTwo)); // (2i + 1)·P
  acc.setIdentity();
  for (let i = ORDER_TOP; i >= 0; i--) {
    const d = ORDER_NAF[i]!;
    // T is needed only when an addition follows (or at the very end).
    if (d === 0 && i > 0) acc.doubleNoT(acc);
    else acc.double(acc);
    if (d > 0) acc.addCached(acc, torsionTable[(d - 1) >> 1]!);
    else if (d < 0) acc.subCached(acc, torsionTable[(-d - 1) >> 1]!);
  }
  return acc.isIdentity();
}
