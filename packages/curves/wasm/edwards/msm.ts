/**
 * Multi-scalar multiplication on the curve in use, the twin of
 * src/edwards/msm.ts (variable time, public scalars): Straus (interleaved
 * width-5 wNAF, 8 odd multiples a point) and Pippenger (signed base-2^c
 * digits, 2^(c−1) buckets, a running sum), the same algorithms and order of
 * additions. The bridge loads up to MSM_MAX points (msmLoad) and scalars per
 * chunk and sums the chunks' results in MSM_ACC (msmChunk).
 */
import * as F from '@strata/field/wasm/prime-field.generated';
import { ONE, feIn } from './curve';
import { add, copyPoint, double, doubleNoT, negate, setIdentity } from './point';
import { addDigit, oddMultiples, tmp, wnaf } from './scalarmult';
import { FE, MSM_ACC, MSM_AFFINE, MSM_DIGITS, MSM_POINTS, MSM_SCALARS, MSM_STAGE, MSM_USED, MSM_WORK, PT, STRAUS_MAX, TS_FE, TS_PT } from './layout';

/**
 * Converts n staged points (4 × 11 doubles each at MSM_STAGE; where
 * MSM_AFFINE[start + i] is 1 only x and y are read: Z = 1, T = x·y) into
 * the MSM slots start … start + n − 1.
 */
export function msmLoad(start: i32, n: i32): void {
  for (let i = 0; i < n; i++) {
    const src = MSM_STAGE + <usize>i * TS_PT, dst = MSM_POINTS + <usize>(start + i) * PT;
    feIn(dst, src);
    feIn(dst + FE, src + TS_FE);
    if (load<u8>(MSM_AFFINE + <usize>(start + i)) != 0) {
      F.copy(dst + 2 * FE, ONE);
      F.mul(dst + 3 * FE, dst, dst + FE);
    } else {
      feIn(dst + 2 * FE, src + 2 * TS_FE);
      feIn(dst + 3 * FE, src + 3 * TS_FE);
    }
  }
}

/** Sets acc = Σ kᵢ·Pᵢ over the slots off … off + n − 1 (n ≤ STRAUS_MAX) by Straus. */
function straus(acc: usize, off: i32, n: i32): void {
  let top: i32 = 0;
  for (let i = 0; i < n; i++) {
    const len = wnaf(MSM_DIGITS + <usize>i * 264, MSM_SCALARS + <usize>(off + i) * 32, 5);
    if (len > top) top = len;
    oddMultiples(MSM_POINTS + <usize>(off + i) * PT, tmp(0), MSM_WORK + <usize>i * 8 * PT, 8);
  }
  setIdentity(acc);
  for (let b = top - 1; b >= 0; b--) {
    let any = false;
    for (let i = 0; i < n; i++) if (load<i8>(MSM_DIGITS + <usize>i * 264 + <usize>b) != 0) { any = true; break; }
    if (any || b == 0) double(acc, acc); else doubleNoT(acc, acc);
    for (let i = 0; i < n; i++) {
      addDigit(acc, MSM_WORK + <usize>i * 8 * PT, <i32>load<i8>(MSM_DIGITS + <usize>i * 264 + <usize>b), tmp(1));
    }
  }
}

/** Bits [i, i + c) of the 32-byte scalar at k (zero past bit 255), c ≤ 16. */
function bits(k: usize, i: i32, c: i32): i32 {
  let v: i32 = 0;
  const byte = i >> 3;
  for (let j = 0; j < 4; j++) {
    const b = byte + j;
    if (b < 32) v |= <i32>load<u8>(k + <usize>b) << (j << 3);
  }
  return (v >>> (i & 7)) & ((1 << c) - 1);
}

/**
 * Writes the signed base-2^c digits in (−2^(c−1), 2^(c−1)] of the n 32-byte
 * scalars at k, window-major i16 at dst[w·n + i] for w < windows ([BDLO12]
 * §4); the top window never carries out when windows·c exceeds the
 * scalars' bit length. c ≤ 16.
 */
export function signedDigits(dst: usize, k: usize, n: i32, c: i32, windows: i32): void {
  const half = 1 << (c - 1);
  for (let i = 0; i < n; i++) {
    const ki = k + <usize>i * 32;
    let carry: i32 = 0;
    for (let w = 0; w < windows; w++) {
      let d = bits(ki, w * c, c) + carry;
      carry = d > half ? 1 : 0;
      d -= carry << c;
      store<i16>(dst + (<usize>(w * n + i) << 1), <i16>d);
    }
  }
}

/** Sets acc = Σ kᵢ·Pᵢ over the n slots by Pippenger with window c (2 ≤ c ≤ MSM_MAX_WINDOW). */
function pippenger(acc: usize, n: i32, c: i32): void {
  const windows = (257 + c - 1) / c;
  const half = 1 << (c - 1);
  signedDigits(MSM_DIGITS, MSM_SCALARS, n, c, windows);
  const run = tmp(0), win = tmp(1), ng = tmp(2);
  const used = MSM_USED;
  setIdentity(acc);
  for (let w = windows - 1; w >= 0; w--) {
    for (let j = 1; j < c; j++) doubleNoT(acc, acc);
    double(acc, acc);
    memory.fill(used, 0, <usize>half);
    for (let i = 0; i < n; i++) {
      const d = <i32>load<i16>(MSM_DIGITS + (<usize>(w * n + i) << 1));
      if (d == 0) continue;
      const b = (d > 0 ? d : -d) - 1;
      let src = MSM_POINTS + <usize>i * PT;
      if (d < 0) { negate(ng, src); src = ng; }
      const bk = MSM_WORK + <usize>b * PT;
      if (load<u8>(used + <usize>b) == 0) { copyPoint(bk, src); store<u8>(used + <usize>b, 1); } else add(bk, bk, src);
    }
    setIdentity(run);
    setIdentity(win);
    let any = false;
    for (let b = half - 1; b >= 0; b--) {
      if (load<u8>(used + <usize>b) == 1) { add(run, run, MSM_WORK + <usize>b * PT); any = true; }
      if (any) add(win, win, run);
    }
    add(acc, acc, win);
  }
}

/**
 * Runs one chunk of n loaded pairs: Straus (algo 0, in sub-chunks of
 * STRAUS_MAX) or Pippenger with window c (algo 1); with accumulate = 1 the
 * result is added to MSM_ACC, else it replaces it.
 */
export function msmChunk(n: i32, algo: i32, c: i32, accumulate: i32): void {
  const part = tmp(5);
  if (accumulate == 0) setIdentity(MSM_ACC);
  if (algo == 0) {
    for (let off = 0; off < n; off += STRAUS_MAX) {
      straus(part, off, min(STRAUS_MAX, n - off));
      if (accumulate == 0 && off == 0) copyPoint(MSM_ACC, part); else add(MSM_ACC, MSM_ACC, part);
    }
  } else {
    pippenger(part, n, c);
    if (accumulate == 0) copyPoint(MSM_ACC, part); else add(MSM_ACC, MSM_ACC, part);
  }
}
