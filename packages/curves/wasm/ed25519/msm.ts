/**
 * Variable-time multi-scalar multiplication Σ kᵢ·Pᵢ for public scalars
 * (batch verification): the bridge stages the points (ed25519MsmLoad, into
 * MSM_POINTS in cached form) and scalars (MSM_SCALARS, 32 little-endian
 * bytes each) of one chunk of ≤ MSM_MAX pairs, then one call runs the
 * whole chunk and adds its sum into MSM_ACC.
 *
 * - Straus [HMV04] Alg. 3.51 for small n: width-5 odd multiples per point
 *   (cached form), one shared doubling chain; sub-chunks of STRAUS_MAX
 *   points so the tables stay inside MSM_WORK.
 * - Pippenger (bucket method) for large n: signed base-2^c digits in
 *   (−2^(c−1), 2^(c−1)], recoded window by window from the least
 *   significant with one carry byte per point, 2^(c−1) buckets (c ≤
 *   MSM_MAX_WINDOW so they fit MSM_WORK), each window's sum kept, then
 *   Horner over the windows (c doublings each). A bucket starts empty
 *   (EMPTY in its Z) rather than at O: its first point with Z = 1 is
 *   copied in (1M, setCachedAffine) instead of added (7M), which at
 *   c = 8 over 2049 pairs (an ed25519 batch of 1024) is one bucket
 *   operation in twelve.
 * Both give the same group element as the TypeScript engine's msmNonConst
 * (scalars are the full 256-bit integers).
 *
 * References: [HMV04] Hankerson, Menezes, Vanstone, Guide to Elliptic Curve
 * Cryptography, Alg. 3.51 (interleaving); [BDLO12] Bernstein, Doumen,
 * Lange, Oosterwijk, "Faster batch forgery identification", §4 (signed
 * bucket digits).
 */
import {
  IO_OUT, MSM_ACC, MSM_AFFINE, MSM_CARRY, MSM_MAX_WINDOW, MSM_POINTS, MSM_SCALARS, MSM_STAGE, MSM_WORK, NAF_LEN, PT, PT_TMP, STRAUS_MAX, workUsed,
} from './layout';
import * as fe from '@strata/field/wasm/fe25519';
import { addCached, addCachedAffine, dbl, fromF64Point, identity, tRead, toCached, toF64Point } from './point';
import { oddMultiplesCached, wnaf } from './scalarmult';

/**
 * Converts n staged points (4 × 15 doubles each at MSM_STAGE) into cached
 * points at MSM_POINTS[start …], and notes in MSM_AFFINE which have Z = 1
 * (decoded points: their bucket additions take the 7M mixed formula).
 */
export function msmLoad(start: i32, n: i32): void {
  const p = PT_TMP + 7 * PT;
  const zm1 = PT_TMP + 7 * PT + 80;
  for (let i = 0; i < n; i++) {
    fromF64Point(p, MSM_STAGE + <usize>i * 480);
    toCached(MSM_POINTS + <usize>(start + i) * PT, p);
    store<i32>(zm1, load<i32>(zm1) - 1); //   Z − 1 (p is not needed any more)
    store<u8>(MSM_AFFINE + <usize>(start + i), <u8>fe.isZero(zm1, tRead));
  }
}

/** Adds the extended point q into the extended acc (q converted to cached form first). */
function addInto(acc: usize, q: usize): void {
  const c = PT_TMP + 6 * PT;
  toCached(c, q);
  addCached(acc, acc, c, 0);
}

/** Sets out = Σ over points [from, from + n) by Straus (n ≤ STRAUS_MAX). */
function straus(from: i32, n: i32, out: usize): void {
  const tables = MSM_WORK;
  const nafs = MSM_WORK + <usize>(STRAUS_MAX * 8) * PT;
  const ext = PT_TMP + 5 * PT;
  let len = 0;
  for (let i = 0; i < n; i++) {
    // The staged point in extended form: O + P by the cached addition
    // (its cached form is all that is stored).
    identity(ext);
    addCached(ext, ext, MSM_POINTS + <usize>(from + i) * PT, 0);
    oddMultiplesCached(tables + <usize>(i * 8) * PT, ext, 5);
    const top = wnaf(nafs + <usize>(i * NAF_LEN), MSM_SCALARS + <usize>(from + i) * 32, 5);
    if (top > len) len = top;
  }
  identity(out);
  for (let pos = len - 1; pos >= 0; pos--) {
    let any = false;
    for (let i = 0; i < n; i++) {
      if (load<i8>(nafs + <usize>(i * NAF_LEN + pos)) != 0) {
        any = true;
        break;
      }
    }
    if (!any) {
      dbl(out, out, pos > 0 ? 0 : 1);
      continue;
    }
    dbl(out, out, 1);
    for (let i = 0; i < n; i++) {
      const d: i32 = load<i8>(nafs + <usize>(i * NAF_LEN + pos));
      if (d == 0) continue;
      const neg = d < 0 ? 1 : 0;
      const idx = (neg ? -d : d) >> 1;
      addCached(out, out, tables + <usize>(i * 8 + idx) * PT, neg);
    }
  }
}

/** Bits [s, s + c) of the 32-byte little-endian integer at k (c ≤ 16; bits past 255 are 0). */
// @ts-ignore: decorator
@inline
function bitsAt(k: usize, s: i32, c: i32): i32 {
  const i = s >> 3;
  if (i >= 32) return 0;
  let w: i32 = load<u8>(k + <usize>i);
  if (i + 1 < 32) w |= (<i32>load<u8>(k + <usize>i + 1)) << 8;
  if (i + 2 < 32) w |= (<i32>load<u8>(k + <usize>i + 2)) << 16;
  return (w >> (s & 7)) & ((1 << c) - 1);
}

/**
 * Marker in limb 0 of an empty bucket's Z (no point is stored): every limb
 * of a stored coordinate has magnitude ≤ 1, |limb| < 2^27, so no point
 * carries it.
 */
const EMPTY: i32 = 0x7fffffff;

/**
 * Sets r = q, or −q when neg = 1, for the cached form q = (y+x, y−x, 2,
 * 2d·xy) of a point with Z = 1, as the extended (4x : 4y : 4 : 4xy) (1M):
 * with d = ±2x = ±(q₀ − q₁) and s = 2y = q₀ + q₁ (magnitude 4), X = 2d and
 * Y = 2s carried, Z = 4 and T = d·s (m_a·m_b = 16), so XY = ZT.
 */
function setCachedAffine(r: usize, q: usize, neg: i32): void {
  const d = PT_TMP + 5 * PT;
  const s = d + 40;
  if (neg) fe.sub(d, q + 40, q);
  else fe.sub(d, q, q + 40);
  fe.add(s, q, q + 40);
  fe.mulOut(r + 120, d, s);
  fe.add(d, d, d);
  fe.carry(r, d);
  fe.add(s, s, s);
  fe.carry(r + 40, s);
  fe.setInt(r + 80, 4);
}

/**
 * Sets out = Σ over the n staged pairs by Pippenger with window c and W
 * windows (W·c ≥ maxBits + 1, so the top window never carries out).
 */
function pippenger(n: i32, c: i32, windows: i32, out: usize): void {
  const nb = 1 << (c - 1);
  const buckets = MSM_WORK;
  const sums = MSM_WORK + <usize>nb * PT;
  const running = PT_TMP + 3 * PT;
  const total = PT_TMP + 4 * PT;
  memory.fill(MSM_CARRY, 0, <usize>n);
  for (let w = 0; w < windows; w++) {
    for (let j = 0; j < nb; j++) store<i32>(buckets + <usize>j * PT + 80, EMPTY);
    const s = w * c;
    for (let i = 0; i < n; i++) {
      const k = MSM_SCALARS + <usize>i * 32;
      let d = bitsAt(k, s, c) + <i32>load<u8>(MSM_CARRY + <usize>i);
      if (d > nb) {
        d -= 1 << c;
        store<u8>(MSM_CARRY + <usize>i, 1);
      } else store<u8>(MSM_CARRY + <usize>i, 0);
      if (d == 0) continue;
      const neg = d < 0 ? 1 : 0;
      const b = buckets + <usize>((neg ? -d : d) - 1) * PT;
      const q = MSM_POINTS + <usize>i * PT;
      const affine = load<u8>(MSM_AFFINE + <usize>i);
      if (load<i32>(b + 80) == EMPTY) {
        if (affine) {
          setCachedAffine(b, q, neg);
          continue;
        }
        identity(b);
      }
      if (affine) addCachedAffine(b, b, q, neg);
      else addCached(b, b, q, neg);
    }
    // Σ_j (j + 1)·bucket_j by running sums from the top: empty buckets add
    // nothing, and both sums start as copies at the top non-empty bucket.
    let started = false;
    for (let j = nb - 1; j >= 0; j--) {
      const b = buckets + <usize>j * PT;
      if (load<i32>(b + 80) != EMPTY) {
        if (started) addInto(running, b);
        else {
          memory.copy(running, b, PT);
          memory.copy(total, b, PT);
          started = true;
          continue;
        }
      }
      if (started) addInto(total, running);
    }
    if (!started) identity(total);
    memory.copy(sums + <usize>w * PT, total, PT);
  }
  memory.copy(out, sums + <usize>(windows - 1) * PT, PT);
  for (let w = windows - 2; w >= 0; w--) {
    for (let i = 0; i < c; i++) dbl(out, out, i == c - 1 ? 1 : 0);
    addInto(out, sums + <usize>w * PT);
  }
}

/**
 * Runs one staged chunk of n pairs: algo 0 Straus (in sub-chunks of
 * STRAUS_MAX), 1 Pippenger with window c (clamped to [2, MSM_MAX_WINDOW];
 * the result does not depend on it) over maxBits-bit scalars; sets MSM_ACC
 * to the chunk's sum (accumulate = 0) or adds it (accumulate = 1).
 */
export function msmChunk(n: i32, algo: i32, c: i32, maxBits: i32, accumulate: i32): void {
  workUsed();
  const part = PT_TMP;
  if (!accumulate) identity(MSM_ACC);
  if (n <= 0) return;
  if (algo == 0) {
    for (let from = 0; from < n; from += STRAUS_MAX) {
      straus(from, min(STRAUS_MAX, n - from), part);
      addInto(MSM_ACC, part);
    }
    return;
  }
  if (c < 2) c = 2;
  if (c > MSM_MAX_WINDOW) c = MSM_MAX_WINDOW;
  const windows = (maxBits + 1 + c - 1) / c;
  pippenger(n, c, windows, part);
  addInto(MSM_ACC, part);
}

/** Writes MSM_ACC to IO_OUT as TypeScript limbs. */
export function msmResult(): void {
  toF64Point(IO_OUT, MSM_ACC);
}
