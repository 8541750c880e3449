/**
 * Variable-time multi-scalar multiplication Σ k_i·P_i on secp256k1 for
 * public inputs (batch verification, ring checks).
 *
 * Both algorithms first split every scalar with the GLV endomorphism, so
 * m input pairs become 2m pairs (P_i, k_i1), (φ(P_i), k_i2) with ≤128-bit
 * scalars, halving the doubling chain.
 *
 * - Straus (interleaved wNAF, [GECC] Alg. 3.51 with wNAF digits): per point a
 *   width-5 table of odd multiples (all tables made affine with ONE shared
 *   inversion), then one chain of ~129 doublings with ~2m·128/6 mixed
 *   additions. Best for small m.
 * - Pippenger (bucket method, [Pippenger], as in [BDLO12] §4): signed c-bit
 *   windows; per window each pair adds its point to bucket |digit| (mixed
 *   addition madd-2004-hmv on lazily reduced buckets; input points made
 *   affine with one shared inversion), then
 *   the buckets are combined with the running-sum trick (2·2^(c−1) general
 *   additions). c is chosen per call to minimise the estimated cost. Best
 *   for large m.
 *
 * The switch point {@link MSM_PIPPENGER_THRESHOLD} is taken from
 * measurements (see README, "msm switch point").
 *
 * The digit recodings (wNAF, signed c-bit windows) are the package's shared
 * ones (`shared/recode.ts`). The bucket accumulation stays here: it runs the
 * lazily reduced Jacobian formulas of `point.ts` on GLV-split pairs (φ(P)
 * from β·x), which no other curve of the package has.
 *
 * References:
 * - [GECC] Hankerson, Menezes, Vanstone, Algorithm 3.51 (interleaving).
 * - [BDLO12] Bernstein, Doumen, Lange, Oosterwijk, "Faster batch forgery
 *   identification", INDOCRYPT 2012 (Pippenger's bucket method as used for
 *   batch verification).
 * - [Pippenger] N. Pippenger, "On the evaluation of powers and related
 *   problems", FOCS 1976.
 * - [GLV] Gallant, Lambert, Vanstone, CRYPTO 2001.
 */
import { readMsmOptions, type MsmOptions } from '../shared/msm-options.js';
import { FieldVal, ModNScalar, StrataError, ErrorCode } from '@strata/field';
import { BETA } from './params.js';
import { JacobianPoint, LazyAcc, maddLazy } from './point.js';
import { batchToAffinePrefixNonConst } from './batch.js';
import { internal, scalarMultNonConst } from './ecmult.js';
import { newGlvSplit, splitKNonConst, type GlvSplit } from './scalar.js';
import { recodeSignedNonConst } from '../shared/recode.js';
import { secp256k1Backend } from '../engine/state.js';

/**
 * Number of (point, scalar) pairs from which `msmNonConst` uses Pippenger
 * instead of Straus (measured; see README).
 */
export const MSM_PIPPENGER_THRESHOLD = 64;

const W_STRAUS = 5;
const STRAUS_M = 1 << (W_STRAUS - 2);

// Grow-on-demand pools (amortised allocation; nothing per call once warm).
const jacPool: JacobianPoint[] = [];
const tabPool: InstanceType<typeof internal.OddTable>[] = [];
const splitPool: GlvSplit[] = [];
const affPool: JacobianPoint[] = [];

function ensureJac(n: number): void {
  while (jacPool.length < n) jacPool.push(new JacobianPoint());
}
function ensureTabs(n: number): void {
  while (tabPool.length < n) tabPool.push(new internal.OddTable(STRAUS_M));
}
function ensureSplits(n: number): void {
  while (splitPool.length < n) splitPool.push(newGlvSplit());
}
function ensureAff(n: number): void {
  while (affPool.length < n) affPool.push(new JacobianPoint());
}

/** Indices of the pairs that contribute (finite point, non-zero scalar). */
let livePool: Int32Array = new Int32Array(16);

/**
 * Sets out = Σ scalars[i]·points[i] (variable time; public inputs) and
 * returns out (a new point when omitted). Sizes 0 (→ identity) and 1 are
 * handled directly; below {@link MSM_PIPPENGER_THRESHOLD} pairs Straus,
 * otherwise Pippenger, unless `options` force an algorithm or a window (the
 * `MsmOptions` of every module). Throws StrataError ERR_BAD_LENGTH for
 * arrays of different lengths, TypeError for non-arrays, wrong element
 * types and bad options, RangeError for a window outside [2, 16].
 */
export function msmNonConst(
  points: readonly JacobianPoint[],
  scalars: readonly ModNScalar[],
  out: JacobianPoint = new JacobianPoint(),
  options?: MsmOptions,
): JacobianPoint {
  if (!Array.isArray(points) || !Array.isArray(scalars)) throw new TypeError('msmNonConst: expected arrays of points and scalars');
  if (points.length !== scalars.length) {
    throw new StrataError(ErrorCode.BAD_LENGTH, `msmNonConst: expected as many scalars as points (${points.length}), got ${scalars.length}`);
  }
  const { algorithm, window } = readMsmOptions('msmNonConst', options);
  const n = points.length;
  if (livePool.length < n) livePool = new Int32Array(Math.max(n, 2 * livePool.length));
  const live = livePool;
  let m = 0;
  for (let i = 0; i < n; i++) {
    const p = points[i];
    const k = scalars[i];
    if (!(p instanceof JacobianPoint)) throw new TypeError(`msmNonConst: expected JacobianPoint at index ${i}`);
    if (!(k instanceof ModNScalar)) throw new TypeError(`msmNonConst: expected ModNScalar at index ${i}`);
    if (p.isIdentity() || k.isZero()) continue;
    live[m++] = i;
  }
  if (m === 0) return out.setIdentity();
  if (m === 1) return scalarMultNonConst(scalars[live[0]!]!, points[live[0]!]!, out);
  const straus = algorithm === 'straus' || (algorithm === undefined && m < MSM_PIPPENGER_THRESHOLD);
  const c = straus ? 0 : (window ?? pippengerWindow(2 * m));
  const be = secp256k1Backend();
  if (be === null) return tsMsmNonConst(points, scalars, live, m, straus, c, window !== undefined, out);
  be.msmNonConst(points, scalars, live, m, straus, c, window !== undefined, out);
  return out;
}

/** @internal TypeScript backend (backend.ts Secp256k1Backend.msmNonConst): Straus, or Pippenger with window c. */
export function tsMsmNonConst(
  points: readonly JacobianPoint[],
  scalars: readonly ModNScalar[],
  live: Int32Array,
  m: number,
  straus: boolean,
  c: number,
  _forced: boolean,
  out: JacobianPoint,
): JacobianPoint {
  return straus ? strausNonConst(points, scalars, live, m, out) : pippengerNonConst(points, scalars, live, m, out, c);
}

/**
 * Sets out = Σ scalars[live[t]]·points[live[t]] over t < m by Straus /
 * interleaved wNAF (see module doc) and returns out; the pairs named by
 * `live` must have finite points and non-zero scalars. Exported for the
 * tests and benchmarks that drive the algorithms directly.
 */
export function strausNonConst(
  points: readonly JacobianPoint[],
  scalars: readonly ModNScalar[],
  live: Int32Array,
  m: number,
  out: JacobianPoint,
): JacobianPoint {
  ensureJac(m * STRAUS_M);
  ensureTabs(m);
  ensureSplits(m);
  internal.ensureStreams(2 * m);
  const jac = jacPool;
  for (let t = 0; t < m; t++) internal.oddMultiplesJacobian(points[live[t]!]!, jac, STRAUS_M, t * STRAUS_M);
  batchToAffinePrefixNonConst(jac, m * STRAUS_M);
  for (let t = 0; t < m; t++) {
    const tab = tabPool[t]!;
    for (let i = 0; i < STRAUS_M; i++) {
      const q = jac[t * STRAUS_M + i]!;
      tab.xs[i]!.set(q.x);
      tab.ys[i]!.set(q.y);
    }
    tab.finish();
    const sp = splitKNonConst(scalars[live[t]!]!, splitPool[t]!);
    internal.loadGlvStreams(2 * t, sp, tab, W_STRAUS, false);
  }
  internal.runStreams(2 * m, out, internal.one, internal.one);
  return out;
}

// --- Pippenger ---------------------------------------------------------------

let digitBuf: Int32Array = new Int32Array(0);
const buckets: LazyAcc[] = [];
const bucketPt = new JacobianPoint();
const negYs: FieldVal[] = [];
const betaXs: FieldVal[] = [];
const running = new JacobianPoint();
const windowSum = new JacobianPoint();

/** Estimated cost (in mixed-addition units) of Pippenger with window c over q ≤128-bit scalars. */
function pippengerCost(q: number, c: number): number {
  const windows = Math.ceil(129 / c);
  // q mixed additions (≈11 mults) + 2·2^(c−1) general additions (≈16) per window, plus c doublings (≈7).
  return windows * (q * 11 + (1 << c) * 16 + c * 7);
}

/**
 * Picks the window width minimising {@link pippengerCost}, a larger window
 * only when it is estimated more than 1 % cheaper: the estimate counts
 * every half-scalar as 128 bits, and shorter halves (zero halves, the
 * 64-bit halves of BIP-340 batch weights) cut the mixed additions but not
 * the bucket sums, so near a tie the smaller window is the better bet (and
 * uses half the buckets). Measured on the WebAssembly engine at 2049 pairs
 * (q = 4098, where c = 9 and 10 are estimated within 0.01 %): random
 * scalars 17.41 / 17.44 µs per point at c = 9 / 10, a BIP-340 batch's
 * scalars 14.05 / 14.51 µs.
 */
export function pippengerWindow(q: number): number {
  let best = 2;
  let bestCost = Infinity;
  for (let c = 2; c <= 16; c++) {
    const cost = pippengerCost(q, c);
    if (cost < 0.99 * bestCost) {
      bestCost = cost;
      best = c;
    }
  }
  return best;
}

/** Little-endian copy of the low 20 bytes of a half-scalar (the shared recoder reads little-endian). */
const digitLE = new Uint8Array(20);

/**
 * Writes the signed c-bit digits of the ≤129-bit big-endian magnitude in
 * `b` (32 bytes) into digitBuf[off … off + nWin): digits in
 * (−2^(c−1), 2^(c−1)], value = Σ d_j·2^(c·j) (the package's one signed
 * recoding, `shared/recode.ts`).
 */
function signedDigits(b: Uint8Array, c: number, nWin: number, off: number): void {
  for (let i = 0; i < 20; i++) digitLE[i] = b[31 - i]!;
  recodeSignedNonConst(digitLE, 0, 20, c, nWin, digitBuf, off, 1);
}

/**
 * Sets out = Σ scalars[live[t]]·points[live[t]] over t < m by Pippenger's
 * bucket method (see module doc) and returns out; the pairs named by `live`
 * must have finite points and non-zero scalars. `cOverride` (0 = automatic)
 * fixes the window for measurements. Exported for the tests and benchmarks
 * that drive the algorithms directly.
 */
export function pippengerNonConst(
  points: readonly JacobianPoint[],
  scalars: readonly ModNScalar[],
  live: Int32Array,
  m: number,
  out: JacobianPoint,
  cOverride: number,
): JacobianPoint {
  const q = 2 * m;
  const c = cOverride > 0 ? cOverride : pippengerWindow(q);
  const nWin = Math.ceil(130 / c);
  const nb = 1 << (c - 1);
  ensureAff(m);
  ensureSplits(m);
  while (negYs.length < q) negYs.push(new FieldVal());
  while (betaXs.length < m) betaXs.push(new FieldVal());
  while (buckets.length < nb) buckets.push(new LazyAcc());
  if (digitBuf.length < q * nWin) digitBuf = new Int32Array(q * nWin);
  // Affine inputs with one inversion; φ(P) = (β·x, y).
  for (let t = 0; t < m; t++) affPool[t]!.set(points[live[t]!]!);
  batchToAffinePrefixNonConst(affPool, m);
  for (let t = 0; t < m; t++) {
    const a = affPool[t]!;
    const sp = splitKNonConst(scalars[live[t]!]!, splitPool[t]!);
    betaXs[t]!.mul(a.x, BETA).normalize();
    // ys for pair 2t (P) and 2t+1 (φ(P)) with the GLV sign folded in: store
    // the y to use for a POSITIVE digit in negYs[2t], negYs[2t+1].
    negYs[2 * t]!.set(a.y);
    if (sp.neg1) negYs[2 * t]!.negate(negYs[2 * t]!, 1).normalize();
    negYs[2 * t + 1]!.set(a.y);
    if (sp.neg2) negYs[2 * t + 1]!.negate(negYs[2 * t + 1]!, 1).normalize();
    signedDigits(sp.k1, c, nWin, 2 * t * nWin);
    signedDigits(sp.k2, c, nWin, (2 * t + 1) * nWin);
  }
  out.setIdentity();
  for (let w = nWin - 1; w >= 0; w--) {
    if (!out.isIdentity()) for (let i = 0; i < c; i++) out.doubleNonConst(out);
    for (let b = 0; b < nb; b++) buckets[b]!.reset();
    for (let pi = 0; pi < q; pi++) {
      const d = digitBuf[pi * nWin + w]!;
      if (d === 0) continue;
      const t = pi >>> 1;
      const x = (pi & 1) === 0 ? affPool[t]!.x : betaXs[t]!;
      const yPos = negYs[pi]!;
      if (d > 0) {
        maddLazy(buckets[d - 1]!, x, yPos);
      } else {
        tmpY.negate(yPos, 1); //                −y                      (mag 2)
        maddLazy(buckets[-d - 1]!, x, tmpY);
      }
    }
    // Σ_b (b+1)·bucket[b] by running sums from the top.
    running.setIdentity();
    windowSum.setIdentity();
    for (let b = nb - 1; b >= 0; b--) {
      const bk = buckets[b]!;
      if (!bk.inf) running.addNonConst(running, bk.store(bucketPt));
      if (!running.isIdentity()) windowSum.addNonConst(windowSum, running);
    }
    out.addNonConst(out, windowSum);
  }
  return out;
}
const tmpY = new FieldVal();

