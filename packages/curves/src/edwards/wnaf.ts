/**
 * The variable-time width-5 wNAF multiplication of the generic Edwards
 * module and its odd-multiples table: what `scalarMultNonConst`, the
 * torsion and exception-free checks, the curve's own generator checks and
 * the Straus MSM share.
 *
 * The point classes (point.ts) call it for `isTorsionFree` and
 * `isExceptionFree` (through torsion.ts) and `EdwardsCurve.create`; so that
 * the dependency stays one-way (this module imports no point code) it is
 * written against the few members it uses ({@link WnafPoint}), which
 * `PointExtended` has.
 *
 * References:
 * - [HMV04] D. Hankerson, A. Menezes, S. Vanstone, Guide to Elliptic Curve
 *   Cryptography, Alg. 3.35 (wNAF).
 * - [EFD] Bernstein, Lange, Explicit-Formulas Database (the point formulas
 *   of `PointExtended`: add-2008-hwcd(-3), dbl-2008-hwcd).
 */
import { scalarToBytes, wnafRecode, type Scalar } from './scalar.js';

/** What the wNAF loop uses of a point: `PointExtended`'s group operations and its curve's scratch. */
export interface WnafPoint<P> {
  readonly curve: {
    /** Scratch scalar bytes (kb[0] is used). */
    readonly kb: readonly Uint8Array[];
    /** Scratch digit buffers (naf[0] is used). */
    readonly naf: readonly Int8Array[];
    /** Scratch points: 0..7 odd multiples, 16..23 their negatives, 32 the doubling. */
    readonly sp: readonly P[];
  };
  set(P: P): P;
  setIdentity(): P;
  add(P: P, Q: P): P;
  double(P: P): P;
  doubleNoT(P: P): P;
  negate(P: P): P;
}

/**
 * Sets tab[off + i] = (2i + 1)·P and tab[negOff + i] = −(2i + 1)·P for
 * i < m and returns tab: D = 2P (one doubling, D is scratch), m − 1
 * additions of D, m negations. The odd-multiples table of every generic
 * wNAF loop (scalarMultNonConst, scalarMultGlvNonConst, msmStrausNonConst);
 * P must be neither D nor an entry written. Variable time (P public).
 */
export function oddMultiplesNonConst<P extends WnafPoint<P>>(P: P, D: P, tab: readonly P[], off: number, negOff: number, m: number): readonly P[] {
  D.double(P);
  tab[off]!.set(P);
  for (let i = 1; i < m; i++) tab[off + i]!.add(tab[off + i - 1]!, D);
  for (let i = 0; i < m; i++) tab[negOff + i]!.negate(tab[off + i]!);
  return tab;
}

/**
 * Sets R = k·P (wNAF, width 5, 8 precomputed odd multiples) and
 * returns R. Variable-time: public scalars only. k is any integer in
 * [0, 2^256) (not reduced mod r, so it is exact for points with a torsion
 * component too).
 */
export function mulNonConst<P extends WnafPoint<P>>(k: Scalar, P: P, R: P): P {
  if (R !== P) R.set(P);
  const c = R.curve;
  const kb = scalarToBytes(k, c.kb[0]!);
  const naf = c.naf[0]!;
  const len = wnafRecode(naf, kb, 5);
  const tab = c.sp;
  oddMultiplesNonConst(R, tab[32]!, tab, 0, 16, 8);
  R.setIdentity();
  for (let i = len - 1; i >= 0; i--) {
    const d = naf[i]!;
    // T is needed only when an addition follows (or at the very end).
    if (d === 0 && i > 0) R.doubleNoT(R); else R.double(R);
    if (d > 0) R.add(R, tab[(d - 1) >> 1]!);
    else if (d < 0) R.add(R, tab[16 + ((-d - 1) >> 1)]!);
  }
  return R;
}
