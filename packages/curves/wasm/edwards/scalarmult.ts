/**
 * Scalar multiplication kernels of the generic Edwards curves, the twins of
 * src/edwards/scalarmult.ts and wnaf.ts on the curve in use: the same
 * algorithms, digit recodings and tables, so both engines give the same
 * points (and the same ERR_POINT_AT_INFINITY cases on an incomplete curve).
 *
 * Constant time (`mulCt`, `baseMulCt`, for secret scalars): the scalar is
 * recoded into 65 signed radix-16 digits without branches; each window
 * reads every table entry with masked selects and negates by a masked
 * select; the sequence of operations and memory accesses does not depend on
 * the scalar. (The exceptional case of an incomplete curve branches, as in
 * TypeScript: it occurs only for points outside the exception-free
 * subgroup, point.ts.) Functions named `…NonConst` are variable-time.
 */
import * as F from '@strata/field/wasm/prime-field.generated';
import { add, addAffine, copyPoint, double, doubleNoT, negate, setIdentity } from './point';
import { endomorphism } from './point-formulas.generated';
import { GX, GY, ONE, invert } from './curve';
import { wnafBytes } from '../shared/wnaf';
import { AFF, FE, PT, PT_TMP, TABLE } from './layout';

/** Scratch points (PT_TMP 0 … 14; 15 is point.ts's). */
// @ts-ignore: decorator
@inline
export function tmp(i: i32): usize {
  return PT_TMP + <usize>i * PT;
}

/**
 * Recodes the 32-byte little-endian scalar at k into 65 signed radix-16
 * digits in [−8, 7] (the last in {0, 1}), Σ dᵢ·16^i = k, at dig (i8),
 * without branches.
 */
export function recode16(dig: usize, k: usize): void {
  let carry: i32 = 0;
  for (let i = 0; i < 64; i++) {
    const b = <i32>load<u8>(k + (<usize>i >> 1));
    const v = ((b >> ((i & 1) << 2)) & 15) + carry;
    carry = (v + 8) >> 4;
    store<i8>(dig + <usize>i, <i8>(v - (carry << 4)));
  }
  store<i8>(dig + 64, <i8>carry);
}

/**
 * Recodes the 32-byte scalar at k into width-w NAF digits at naf (i8, 264
 * bytes: 256 + w ≤ 264) and returns the length (index of the top non-zero
 * digit + 1; 0 for k = 0). Variable time.
 */
export function wnaf(naf: usize, k: usize, w: i32): i32 {
  return wnafBytes(naf, 264, k, 32, w);
}

/**
 * Sets tab[i] = (2i + 1)·P for i < m (D = 2P at scratch d). The odd
 * multiples of every wNAF loop; P must be neither d nor an entry.
 */
export function oddMultiples(P: usize, d: usize, tab: usize, m: i32): void {
  double(d, P);
  copyPoint(tab, P);
  for (let i = 1; i < m; i++) add(tab + <usize>i * PT, tab + <usize>(i - 1) * PT, d);
}

/** Sets R = R + digit·(table of odd multiples), negating into scratch n for a negative digit. */
// @ts-ignore: decorator
@inline
export function addDigit(R: usize, tab: usize, d: i32, n: usize): void {
  if (d > 0) add(R, R, tab + <usize>((d - 1) >> 1) * PT);
  else if (d < 0) {
    negate(n, tab + <usize>((-d - 1) >> 1) * PT);
    add(R, R, n);
  }
}

/**
 * Sets R = k·P (width-5 wNAF, 8 odd multiples), k the 32 bytes at k, not
 * reduced (exact for points with a torsion component). Variable time.
 * R may be P. Uses TABLE 0 … 7, tmp 0 … 2.
 */
export function mulNonConst(R: usize, P: usize, k: usize, naf: usize): void {
  const len = wnaf(naf, k, 5);
  copyPoint(tmp(1), P);
  oddMultiples(tmp(1), tmp(0), TABLE, 8);
  setIdentity(R);
  for (let i = len - 1; i >= 0; i--) {
    const d = <i32>load<i8>(naf + <usize>i);
    if (d == 0 && i > 0) doubleNoT(R, R); else double(R, R);
    addDigit(R, TABLE, d, tmp(2));
  }
}

/**
 * Sets R = k1·P1 + k2·ψ(P) where P1 = ±P and the signs s1, s2 (1: negative)
 * give k1, k2 of the GLV split (|k1|, |k2| the 32 bytes at k, k2b), by an
 * interleaved width-5 wNAF. Variable time. R may be P. Uses TABLE 0 … 15,
 * tmp 0 … 4.
 */
export function mulGlvNonConst(R: usize, P: usize, k: usize, s1: i32, k2b: usize, s2: i32, n1: usize, n2: usize): void {
  const len1 = wnaf(n1, k, 5), len2 = wnaf(n2, k2b, 5);
  const P1 = tmp(3), P2 = tmp(4);
  copyPoint(P1, P);
  if (s1 != 0) negate(P1, P1);
  endomorphism(P2, P);
  if (s2 != 0) negate(P2, P2);
  oddMultiples(P1, tmp(0), TABLE, 8);
  oddMultiples(P2, tmp(0), TABLE + 8 * PT, 8);
  setIdentity(R);
  for (let i = max(len1, len2) - 1; i >= 0; i--) {
    const d1 = <i32>load<i8>(n1 + <usize>i), d2 = <i32>load<i8>(n2 + <usize>i);
    if (d1 == 0 && d2 == 0 && i > 0) doubleNoT(R, R); else double(R, R);
    addDigit(R, TABLE, d1, tmp(2));
    addDigit(R, TABLE + 8 * PT, d2, tmp(2));
  }
}

/**
 * Sets R = k·P with a fixed operation sequence (SECRET k, the 32 bytes at
 * k): 65 signed radix-16 digits; each window 4 doublings, a masked scan of
 * the table {O, P, …, 8P}, a masked negation, one addition. R may be P.
 * Uses TABLE 0 … 8, tmp 0 … 2.
 */
export function mulCt(R: usize, P: usize, k: usize, dig: usize): void {
  recode16(dig, k);
  const sel = tmp(0), nx = tmp(1), base = tmp(2);
  copyPoint(base, P);
  setIdentity(TABLE);
  copyPoint(TABLE + PT, base);
  for (let j = 2; j <= 8; j++) add(TABLE + <usize>j * PT, TABLE + <usize>(j - 1) * PT, base);
  setIdentity(R);
  for (let i = 64; i >= 0; i--) {
    doubleNoT(R, R); doubleNoT(R, R); doubleNoT(R, R); double(R, R);
    const d = <i32>load<i8>(dig + <usize>i);
    const sign = <u32>((d >> 31) & 1);
    const abs = (d ^ -(<i32>sign)) + <i32>sign;
    setIdentity(sel);
    for (let j = 1; j <= 8; j++) {
      const e = <u32>((((abs ^ j) - 1) >>> 31) & 1);
      const Tj = TABLE + <usize>j * PT;
      F.cmov(sel, sel, Tj, e); F.cmov(sel + FE, sel + FE, Tj + FE, e);
      F.cmov(sel + 2 * FE, sel + 2 * FE, Tj + 2 * FE, e); F.cmov(sel + 3 * FE, sel + 3 * FE, Tj + 3 * FE, e);
    }
    F.neg(nx, sel); F.neg(nx + 3 * FE, sel + 3 * FE);
    F.cmov(sel, sel, nx, sign); F.cmov(sel + 3 * FE, sel + 3 * FE, nx + 3 * FE, sign);
    add(R, R, sel);
  }
}

/**
 * Sets R = k·G over the base table at tab (65 × 8 affine d·16^j·G) with a
 * fixed operation sequence (SECRET k): per window a masked scan of 8
 * entries, a masked negation, one mixed addition. Uses tmp 0 … 1.
 */
export function baseMulCt(R: usize, tab: usize, k: usize, dig: usize): void {
  recode16(dig, k);
  const sel = tmp(0), nx = tmp(1);
  setIdentity(R);
  for (let j = 0; j <= 64; j++) {
    const d = <i32>load<i8>(dig + <usize>j);
    const sign = <u32>((d >> 31) & 1);
    const abs = (d ^ -(<i32>sign)) + <i32>sign;
    memory.fill(sel, 0, FE);
    F.copy(sel + FE, ONE);
    for (let e = 1; e <= 8; e++) {
      const hit = <u32>((((abs ^ e) - 1) >>> 31) & 1);
      const T = tab + <usize>(j * 8 + e - 1) * AFF;
      F.cmov(sel, sel, T, hit);
      F.cmov(sel + FE, sel + FE, T + FE, hit);
    }
    F.neg(nx, sel);
    F.cmov(sel, sel, nx, sign);
    addAffine(R, R, sel);
  }
}

/** Sets R = k·G over the base table, skipping zero digits (variable time). Uses tmp 0. */
export function baseMulNonConst(R: usize, tab: usize, k: usize, dig: usize): void {
  recode16(dig, k);
  const n = tmp(0);
  setIdentity(R);
  for (let j = 0; j <= 64; j++) {
    const d = <i32>load<i8>(dig + <usize>j);
    if (d == 0) continue;
    const T = tab + <usize>(j * 8 + (d > 0 ? d : -d) - 1) * AFF;
    if (d > 0) addAffine(R, R, T);
    else {
      F.copy(n + FE, T + FE);
      F.neg(n, T);
      addAffine(R, R, n);
    }
  }
}

/**
 * Builds the base table of the curve in use at tab: d·16^j·G for j = 0 … 64,
 * d = 1 … 8, affine, the TypeScript engine's table (scalarmult.ts
 * baseTable): extended points into work (520 points),
 * then one batch inversion of their Z (prefix products after them).
 */
export function buildBase(tab: usize, work: usize): void {
  const B = tmp(0), acc = tmp(1), inv = tmp(2), t = tmp(3);
  const n: i32 = 65 * 8;
  F.copy(B, GX);
  F.copy(B + FE, GY);
  F.copy(B + 2 * FE, ONE);
  F.mul(B + 3 * FE, B, B + FE);
  for (let j = 0; j <= 64; j++) {
    copyPoint(acc, B);
    copyPoint(work + <usize>(j * 8) * PT, acc);
    for (let d = 2; d <= 8; d++) {
      add(acc, acc, B);
      copyPoint(work + <usize>(j * 8 + d - 1) * PT, acc);
    }
    for (let i = 0; i < 4; i++) double(B, B);
  }
  // Prefix products z_0·…·z_i, then one inversion, then back to front.
  const pre = work + <usize>n * PT;
  F.copy(pre, work + 2 * FE);
  for (let i = 1; i < n; i++) F.mul(pre + <usize>i * FE, pre + <usize>(i - 1) * FE, work + <usize>i * PT + 2 * FE);
  invert(inv, pre + <usize>(n - 1) * FE, t);
  for (let i = n - 1; i >= 0; i--) {
    const P = work + <usize>i * PT;
    // zi = inv·(z_0…z_{i−1}); inv = inv·z_i.
    if (i > 0) F.mul(t, inv, pre + <usize>(i - 1) * FE); else F.copy(t, inv);
    F.mul(inv, inv, P + 2 * FE);
    F.mul(tab + <usize>i * AFF, P, t);
    F.mul(tab + <usize>i * AFF + FE, P + FE, t);
  }
}
