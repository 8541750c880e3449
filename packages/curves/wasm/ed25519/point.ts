/**
 * edwards25519 point formulas on the engine's linear memory: extended
 * coordinates (X : Y : Z : T), x = X/Z, y = Y/Z, T = XY/Z [HWCD08], with the
 * two precomputed operand forms of the TypeScript engine (src/ed25519/
 * point.ts): cached (Y+X, Y−X, 2Z, 2d·T) and affine Niels (y+x, y−x, 2d·xy).
 *
 * Every coordinate of a point or table entry has magnitude 1 (a `mul`
 * output or a carried value; magnitudes as in fe25519.ts), so the sums and
 * differences inside a formula stay at magnitude ≤ 4 and every product in
 * them has m_a·m_b ≤ 12, within `mul`'s m_a·m_b ≤ 16: no formula carries.
 *
 * The formulas themselves are in point-formulas.generated.ts, written with
 * the TypeScript engine's from the one description in packages/curves/gen/
 * formulas/ed25519.mjs, whose generator checks the magnitudes above.
 *
 * References: [HWCD08] Hisil, Wong, Carter, Dawson, "Twisted Edwards Curves
 * Revisited"; [EFD] hyperelliptic.org/EFD/g1p/auto-twisted-extended-1.html
 * (dbl-2008-hwcd, add-2008-hwcd-3, madd-2008-hwcd-3).
 */
import * as fe from '@strata/field/wasm/fe25519';
import { FE_TMP, FE_CHAIN, FE, PT, PT_TMP } from './layout';
import { extendedAddCached, extendedAddCachedAffine, extendedAddNiels, extendedDouble } from './point-formulas.generated';

/** d = −121665/121666 and 2d, in 25.5-bit limbs (canonical). */
export const D: usize = memory.data<i32>([56195235, 13857412, 51736253, 6949390, 114729, 24766616, 60832955, 30306712, 48412415, 21499315]);
export const D2: usize = memory.data<i32>([45281625, 27714825, 36363642, 13898781, 229458, 15978800, 54557047, 27058993, 29715967, 9444199]);
/** √−1 = 2^((p−1)/4). */
export const SQRT_M1: usize = memory.data<i32>([34513072, 25610706, 9377949, 3500415, 12389472, 33281959, 41962654, 31548777, 326685, 11406482]);
/** The base point B of RFC 8032 §5.1 (affine x, y). */
export const BX: usize = memory.data<i32>([52811034, 25909283, 16144682, 17082669, 27570973, 30858332, 40966398, 8378388, 20764389, 8758491]);
export const BY: usize = memory.data<i32>([40265304, 26843545, 13421772, 20132659, 26843545, 6710886, 53687091, 13421772, 40265318, 26843545]);

/** Sets dst = a·b (the field's one out-of-line multiplication: a smaller hot loop). */
// @ts-ignore: decorator
@inline
function fmul(dst: usize, a: usize, b: usize): void {
  fe.mulOut(dst, a, b);
}

/** Sets dst = a² (the field's one out-of-line squaring). */
// @ts-ignore: decorator
@inline
function fsq(dst: usize, a: usize): void {
  fe.squareOut(dst, a);
}

/** Field scratch (FE_TMP + 0 … 280 are the formulas' eight temporaries). */
const tA: usize = FE_TMP;
/** Scratch for canonical reads (isIdentity and friends). */
export const tRead: usize = FE_TMP + 320;

/** Sets p = O = (0 : 1 : 1 : 0). */
export function identity(p: usize): void {
  memory.fill(p, 0, PT);
  store<i32>(p + 40, 1);
  store<i32>(p + 80, 1);
}

/** Sets p = (x : y : 1 : x·y) for affine x, y of magnitude ≤ 2. */
export function fromAffine(p: usize, x: usize, y: usize): void {
  fmul(p + 120, x, y);
  fe.carry(p, x);
  fe.carry(p + 40, y);
  fe.setInt(p + 80, 1);
}

/**
 * Sets a cached c = (Y+X, Y−X, 2Z, 2d·T) of the extended p (1M, no carry):
 * Y±X and 2Z have magnitude 2, 2d·T magnitude 1, so the products of
 * addCached stay within m_a·m_b ≤ 4.
 */
export function toCached(c: usize, p: usize): void {
  fmul(c + 120, p + 120, D2);
  fe.add(c, p + 40, p);
  fe.sub(c + 40, p + 40, p);
  fe.add(c + 80, p + 80, p + 80);
}


/**
 * Sets r = p + q for a cached q, or p − q when neg = 1: [EFD] add-2008-hwcd-3
 * with 2Z2 and 2d·T2 precomputed (8M). r may alias p.
 */
export function addCached(r: usize, p: usize, q: usize, neg: i32): void {
  extendedAddCached(r, p, q, neg);
}

/**
 * Sets r = p + q for an affine Niels q, or p − q when neg = 1: [EFD]
 * madd-2008-hwcd-3 with k = 2d folded into the entry (7M). r may alias p.
 */
export function addNiels(r: usize, p: usize, q: usize, neg: i32): void {
  extendedAddNiels(r, p, q, neg);
}

/**
 * Sets r = p + q, or p − q when neg = 1, for the cached form q of a point
 * with Z = 1 (so its 2d·T is the Niels 2d·xy): [EFD] madd-2008-hwcd-3 (7M)
 * reading q's Y±X and 2d·T, with 2·Z1 in place of Z1·2Z2. r may alias p.
 */
export function addCachedAffine(r: usize, p: usize, q: usize, neg: i32): void {
  extendedAddCachedAffine(r, p, q, neg);
}

/**
 * Sets r = p + q for a Niels q selected in constant time: the same formula
 * as addNiels with neg = 0 (the sign is already in q). r may alias p.
 */
export function addNielsCt(r: usize, p: usize, q: usize): void {
  extendedAddNiels(r, p, q, 0);
}

/** Sets r = p + q for a cached q (no sign: constant-time callers). r may alias p. */
export function addCachedCt(r: usize, p: usize, q: usize): void {
  extendedAddCached(r, p, q, 0);
}

/**
 * Sets r = 2·p: [EFD] dbl-2008-hwcd (a = −1), 4M + 4S, no carry; with withT = 0 the T
 * product is skipped (3M + 4S, T left stale: only before another doubling).
 * r may alias p.
 */
export function dbl(r: usize, p: usize, withT: i32): void {
  extendedDouble(r, p, withT);
}

/** Sets r = 2^k·p (k ≥ 1), T computed at the end. */
export function dblK(r: usize, p: usize, k: i32): void {
  if (r != p) memory.copy(r, p, PT);
  for (let i = 1; i < k; i++) dbl(r, r, 0);
  dbl(r, r, 1);
}

/** Sets r = p1 + p2 for two extended points (cached conversion of p2, then 8M). */
export function addExt(r: usize, p1: usize, p2: usize, tmpCached: usize): void {
  toCached(tmpCached, p2);
  addCached(r, p1, tmpCached, 0);
}

/** Scratch of addAffineXY and addExtended (a Niels entry or a cached point). */
const addTmp: usize = PT_TMP + 2 * PT;

/**
 * Sets r = r + q for an affine q = (x, y) at q, q + 40 (magnitude ≤ 1): the
 * Niels entry (y+x, y−x, 2d·xy) then madd-2008-hwcd-3 (2M + 7M).
 */
export function addAffineXY(r: usize, q: usize): void {
  fe.add(addTmp, q + 40, q);
  fe.carry(addTmp, addTmp);
  fe.sub(addTmp + 40, q + 40, q);
  fe.carry(addTmp + 40, addTmp + 40);
  fmul(addTmp + 80, q, q + 40);
  fmul(addTmp + 80, addTmp + 80, D2);
  extendedAddNiels(r, r, addTmp, 0);
}

/** Sets r = r + p for an extended p (cached conversion of p, then 8M; r may be p). */
export function addExtended(r: usize, p: usize): void {
  addExt(r, r, p, addTmp);
}

/** Writes the extended p as 4 × 15 TypeScript limbs (canonical values) at dst. */
export function toF64Point(dst: usize, p: usize): void {
  fe.toF64(dst, p, tRead);
  fe.toF64(dst + 120, p + 40, tRead);
  fe.toF64(dst + 240, p + 80, tRead);
  fe.toF64(dst + 360, p + 120, tRead);
}

/** Sets the extended p from 4 × 15 TypeScript limbs (X, Y, Z, T) at src. */
export function fromF64Point(p: usize, src: usize): void {
  fe.fromF64(p, src);
  fe.fromF64(p + 40, src + 120);
  fe.fromF64(p + 80, src + 240);
  fe.fromF64(p + 120, src + 360);
}

/**
 * Writes affine Niels entries of the n extended points at src (stride PT)
 * to dst (stride 120): one inversion for all (Montgomery's simultaneous
 * inversion; prefix products in pre, n·40 bytes), 3M per point for the
 * inverses and 3M for the entry. Every Z must be non-zero.
 */
export function batchNiels(dst: usize, src: usize, n: i32, pre: usize): void {
  const inv: usize = FE_TMP + 360;
  fe.copy(pre, src + 80);
  for (let i = 1; i < n; i++) fmul(pre + <usize>i * FE, pre + <usize>(i - 1) * FE, src + <usize>i * PT + 80);
  fe.invert(inv, pre + <usize>(n - 1) * FE, FE_CHAIN);
  for (let i = n - 1; i > 0; i--) {
    fmul(pre + <usize>i * FE, inv, pre + <usize>(i - 1) * FE); //  1/Z_i
    fmul(inv, inv, src + <usize>i * PT + 80); //                     1/(Z_0⋯Z_(i−1))
  }
  fe.copy(pre, inv);
  const x: usize = FE_TMP + 400;
  const y: usize = FE_TMP + 440;
  for (let i = 0; i < n; i++) {
    const s = src + <usize>i * PT;
    const z = pre + <usize>i * FE;
    const e = dst + <usize>i * 120;
    fmul(x, s, z);
    fmul(y, s + 40, z);
    fe.add(tA, y, x);
    fe.carry(e, tA);
    fe.sub(tA, y, x);
    fe.carry(e + 40, tA);
    fmul(tA, x, y);
    fmul(e + 80, tA, D2);
  }
}
