/**
 * edwards25519 batch conversions: {@link batchToBytes} and
 * {@link batchToAffine}, one field inversion for n points (Montgomery's
 * simultaneous inversion, [MONT87]) instead of one per point.
 *
 * References:
 * - [MONT87] P. L. Montgomery, "Speeding the Pollard and elliptic curve methods of factorization",
 *   Math. Comp. 48 (1987), §10.3.1 (simultaneous inversion).
 * - [RFC8032] S. Josefsson, I. Liusvaara, "EdDSA", §5.1.2 (encoding).
 */
import { ErrorCode, Fe25519, StrataError, describe, expectRoom } from '@strata/field';
import { Point, PointAffine } from './point.js';
import { ed25519Backend } from '../engine/state.js';

/** Growing pool of prefix products, then of 1/Z_i (never shrinks; no allocation once warm). */
const prefixPool: Fe25519[] = [];
const batchInv = new Fe25519();
const batchX = new Fe25519();
const batchY = new Fe25519();

/**
 * Sets prefixPool[i] = 1/Z_i for every point and returns the pool: one field
 * inversion plus 3M per point (Montgomery's simultaneous inversion, [MONT87]:
 * prefix products Z_0⋯Z_i, one inverse, a backward pass that overwrites
 * each prefix product with 1/Z_i once it is no longer needed). Every Z must
 * be non-zero (true for every valid point).
 *
 * This is the edwards25519 twin of the generic `edwards` `batchToAffine`
 * (same algorithm, same contract: one inversion for the batch). It stays
 * specialised because it runs on `Fe25519` (radix 2^25.5 loose limbs, no
 * Montgomery form) where the generic one runs on `PrimeField` elements: one
 * code for both would make every field call polymorphic: the generic code
 * on the same curve takes 2.8× as long per point at n = 64 (curves suite,
 * rows "structure: edwards25519 specialised vs generic", batchToAffine).
 */
function invertZs(points: readonly Point[]): Fe25519[] {
  const n = points.length;
  while (prefixPool.length < n) prefixPool.push(new Fe25519());
  const pre = prefixPool;
  pre[0]!.set(points[0]!.Z);
  for (let i = 1; i < n; i++) pre[i]!.mul(pre[i - 1]!, points[i]!.Z);
  const inv = batchInv.invert(pre[n - 1]!); //        1 / (Z_0⋯Z_(n−1))
  for (let i = n - 1; i > 0; i--) {
    pre[i]!.mul(inv, pre[i - 1]!); //                  1/Z_i
    inv.mul(inv, points[i]!.Z); //                          1 / (Z_0⋯Z_(i−1))
  }
  pre[0]!.set(inv);
  return pre;
}

/** Whether every entry is a Point (anything else takes the TypeScript path, which reports it). */
function allPoints(points: readonly Point[]): boolean {
  for (let i = 0; i < points.length; i++) if (!(points[i] instanceof Point)) return false;
  return true;
}

/**
 * Writes the canonical 32-byte encodings of all points, back to back, into
 * out starting at off (a new array when omitted) and returns out: one
 * inversion in total instead of one per point. TypeError for a
 * non-Uint8Array `out` or a bad `off`; StrataError ERR_BAD_LENGTH when out
 * is too short (as every Strata encoder).
 */
export function batchToBytes(points: readonly Point[], out?: Uint8Array, off = 0): Uint8Array {
  const dst = out ?? new Uint8Array(32 * points.length);
  expectRoom('batchToBytes', dst, off, 32 * points.length);
  const n = points.length;
  if (n === 0) return dst;
  const be = ed25519Backend();
  // Anything but Points takes the TypeScript path, which reports it.
  if (be === null || !allPoints(points) || !be.encodeBatch(points, dst, off)) tsEncodeBatch(points, dst, off);
  return dst;
}

/**
 * @internal TypeScript backend (backend.ts Ed25519Backend.encodeBatch):
 * writes the encodings of all points back to back from out[off] with one
 * inversion; returns true.
 */
export function tsEncodeBatch(points: readonly Point[], dst: Uint8Array, off: number): boolean {
  const n = points.length;
  if (n === 0) return true;
  const zInv = invertZs(points);
  for (let i = 0; i < n; i++) {
    const p = points[i]!;
    const x = batchX.mul(p.X, zInv[i]!);
    const y = batchY.mul(p.Y, zInv[i]!);
    const o = off + 32 * i;
    y.putBytes(dst, o);
    if (x.isNegative()) dst[o + 31] = dst[o + 31]! | 0x80;
  }
  return true;
}

/**
 * Sets out[i] to the affine form of points[i] for every i < points.length
 * (one inversion in total) and returns out (new points when omitted). The
 * same contract as `secp256k1.batchToAffineNonConst` and
 * `edwards.batchToAffine`: an `out` shorter than `points` is StrataError
 * ERR_BAD_LENGTH, entries past points.length are left alone.
 */
export function batchToAffine(points: readonly Point[], out?: PointAffine[]): PointAffine[] {
  if (!Array.isArray(points)) throw new TypeError('batchToAffine: expected an array of Point');
  const n = points.length;
  if (out === undefined) {
    out = [];
    for (let i = 0; i < n; i++) out.push(new PointAffine());
  }
  if (!Array.isArray(out)) throw new TypeError('batchToAffine: expected an array of PointAffine as out');
  if (out.length < n) throw new StrataError(ErrorCode.BAD_LENGTH, `batchToAffine: expected out of length ≥ ${n}, got ${out.length}`);
  for (let i = 0; i < n; i++) {
    if (!(points[i] instanceof Point)) throw new TypeError(`batchToAffine: expected Point at index ${i}, got ${describe(points[i])}`);
    if (!(out[i] instanceof PointAffine)) throw new TypeError(`batchToAffine: expected PointAffine at out index ${i}, got ${describe(out[i])}`);
  }
  if (n === 0) return out;
  const zInv = invertZs(points);
  for (let i = 0; i < n; i++) {
    const p = points[i]!;
    const a = out[i]!;
    a.x.mul(p.X, zInv[i]!);
    a.y.mul(p.Y, zInv[i]!);
  }
  return out;
}
