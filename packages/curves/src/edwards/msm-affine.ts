/**
 * Pippenger's bucket method with batch-affine bucket accumulation, for the
 * complete twisted Edwards curves (Jubjub, BabyJubjub; public scalars,
 * variable time): the large-input path of `msmNonConst` (msm.ts).
 *
 * Affine additions cost one field inversion each; Montgomery's trick shares
 * one inversion among all the additions of a round (3M per addition instead
 * of an inversion), which makes an affine addition cheaper than an extended
 * one as soon as a round has a few hundred of them. On the Edwards form the
 * affine addition needs two inversions (of 1 ± d·x1x2y1y2, 13M in all), so
 * the buckets are kept on the birationally equivalent Montgomery curve
 * B·v² = u³ + A·u² + u, A = 2(a + d)/(a − d), B = 4/(a − d) ([BL08] §3),
 * where the chord addition takes one inversion (of u2 − u1): 3M + 1S
 * besides the batched inversion, against add-2008-hwcd's 9M + 1·a + 1·d.
 *
 * - The inputs are mapped once, all with one inversion:
 *   (X : Y : Z) ↦ u = (Z + Y)/(Z − Y), v = u·Z/X, the identity is dropped
 *   (it adds nothing) and (0, −1) ↦ (0, 0). On a complete curve d is not a
 *   square, so no point has u = −1 and the map is a bijection of the rest
 *   onto the affine Montgomery points.
 * - Per window, the signed digits sort the points into 2^(c−1) bucket lists
 *   (counting sort; a negative digit adds (u, −v)); then rounds halve every
 *   list: its entries are added in pairs, all pairs of the round with one
 *   inversion, until each list holds at most one point. Equal operands are
 *   doubled (tangent slope, its own denominator 2B·v in the same batch),
 *   opposite ones (equal u, v1 = −v2, or two equal points of order 2) leave
 *   the list.
 * - The bucket sums go back to the Edwards form with one more inversion,
 *   x = u/v, y = (u − 1)/(u + 1) ((0, 0) ↦ (0, −1)), and Σ (b + 1)·bucket_b is
 *   taken by running sums in extended coordinates (complete formulas), each
 *   window's sum added to the result after c doublings (Horner).
 *
 * Memory: grow-only module pools (coordinates of every input and of every
 * bucket-list position, the batch's prefix products), reused by one call at
 * a time; nothing is allocated per call once they are warm.
 *
 * References:
 * - [Pip76] N. Pippenger, "On the evaluation of powers and related problems", FOCS 1976.
 * - [BDLO12] Bernstein, Doumen, Lange, Oosterwijk, "Faster batch forgery
 *   identification", INDOCRYPT 2012, §4 (signed bucket digits).
 * - [MONT87] P. L. Montgomery, "Speeding the Pollard and elliptic curve
 *   methods of factorization", Math. Comp. 48 (1987), §10.3.1
 *   (simultaneous inversion) and §10.3 (the curve B·y² = x³ + A·x² + x).
 * - [BL08] D. J. Bernstein, P. Birkner, M. Joye, T. Lange, C. Peters,
 *   "Twisted Edwards curves", AFRICACRYPT 2008, Thm 3.2 (the birational map).
 * - [BBJLP08] ibid., Thm 3.3 (completeness: a square, d not a square).
 */
import type { PrimeField, PrimeFieldElement } from '@strata/field';
import { PointAffine, PointExtended, type EdwardsCurve } from './point.js';
import { recodeSignedNonConst } from '../shared/recode.js';

/** The Montgomery constants of a curve, in Montgomery form: A, B, and B = 1 (then the B·λ² product is skipped). */
interface MontConsts {
  readonly A: PrimeFieldElement;
  readonly B: PrimeFieldElement;
  readonly bIsOne: boolean;
}

/** Constants built on first use per curve (frozen parameters; they never change a result). */
const consts = new WeakMap<EdwardsCurve, MontConsts>();

/**
 * Returns the constants of the Montgomery curve B·v² = u³ + A·u² + u of c:
 * A = 2(a + d)/(a − d), B = 4/(a − d) ([BL08] Thm 3.2; a ≠ d for every
 * curve EdwardsCurve.create accepts).
 */
function montConsts(c: EdwardsCurve): MontConsts {
  let k = consts.get(c);
  if (k === undefined) {
    const F = c.F;
    const amd = F.invert(F.create(), F.sub(F.create(), c.aM, c.dM)); // 1/(a − d)
    const A = F.mul(F.create(), F.add(F.create(), c.aM, c.dM), amd);
    F.add(A, A, A);
    const B = F.mul(F.create(), F.setInt(F.create(), 4), amd);
    k = Object.freeze({ A, B, bIsOne: F.isOne(B) });
    consts.set(c, k);
  }
  return k;
}

// --- Pools (grow-only; one call at a time) ------------------------------------

/** Field elements of one field, as views of one buffer per growth step. */
class ElementPool {
  readonly els: PrimeFieldElement[] = [];
  constructor(readonly limbs: number) {}
  ensure(n: number): PrimeFieldElement[] {
    const have = this.els.length;
    if (have >= n) return this.els;
    const want = Math.max(n, 2 * have);
    const buf = new Float64Array((want - have) * this.limbs);
    for (let i = 0; i < want - have; i++) this.els.push(buf.subarray(i * this.limbs, (i + 1) * this.limbs));
    return this.els;
  }
}

interface Pools {
  /** Montgomery u, v of the inputs. */
  readonly inU: ElementPool;
  readonly inV: ElementPool;
  /** u, v at each bucket-list position (sums of a round). */
  readonly posU: ElementPool;
  readonly posV: ElementPool;
  /** Denominators of a round and their prefix products (then their inverses). */
  readonly den: ElementPool;
  readonly pre: ElementPool;
  /** Scratch elements of the formulas. */
  readonly t: PrimeFieldElement[];
  /** Edwards bucket sums and the running sums. */
  buckets: PointAffine[];
  readonly running: PointExtended;
  readonly windowSum: PointExtended;
}

const poolsByCurve = new WeakMap<EdwardsCurve, Pools>();

function pools(c: EdwardsCurve): Pools {
  let p = poolsByCurve.get(c);
  if (p === undefined) {
    const n = c.F.limbs;
    const t: PrimeFieldElement[] = [];
    for (let i = 0; i < 10; i++) t.push(c.F.create());
    p = {
      inU: new ElementPool(n), inV: new ElementPool(n), posU: new ElementPool(n), posV: new ElementPool(n),
      den: new ElementPool(n), pre: new ElementPool(n), t, buckets: [],
      running: new PointExtended(c), windowSum: new PointExtended(c),
    };
    poolsByCurve.set(c, p);
  }
  return p;
}

/** Input flags: 0 a regular Montgomery point, 1 the identity (skipped), 2 (0, −1) ↦ (0, 0). */
let kind = new Uint8Array(0);
let digits = new Int32Array(0);
/** Bucket lists: entry codes at positions; start and length of each bucket's list. */
let ent = new Int32Array(0);
let start = new Int32Array(0);
let len = new Int32Array(0);
/** Pair kinds of a round: 0 chord, 1 tangent (doubling), 2 the sum is the identity. */
let pairKind = new Uint8Array(0);

/** An entry code: input i (2i, or 2i + 1 for −P_i), or SLOT: the coordinates are at the entry's own position. */
const SLOT = -1;

/**
 * Window width for n points and W-bit scalars: the c in [4, 16] that
 * minimises windows·(n·7 + 2^(c−1)·24 + 1600), in field multiplications:
 * per point and window one affine bucket addition (≈ 6M + 1S, and the
 * sort), per bucket the conversion back (≈ 7M) and two running-sum
 * additions (≈ 17M), per window some five rounds of one inversion (≈ 320M).
 */
export function affineWindow(n: number, bits: number): number {
  let best = 4;
  let bestCost = Infinity;
  for (let c = 4; c <= 16; c++) {
    const windows = Math.ceil((bits + 1) / c);
    const cost = windows * (n * 7 + (1 << (c - 1)) * 24 + 1600);
    if (cost < bestCost) {
      bestCost = cost;
      best = c;
    }
  }
  return best;
}

/**
 * Sets acc = Σ kᵢ·Pᵢ over the n points (extended or affine, on acc's curve,
 * which must be complete) with kᵢ = bytes[32i … 32i + 32) little-endian, by
 * the batch-affine bucket method (module doc) with window c (0: chosen by
 * {@link affineWindow}), and returns acc. Variable time: public scalars.
 */
export function pippengerAffineNonConst(points: readonly (PointExtended | PointAffine)[], bytes: Uint8Array, c: number, acc: PointExtended): PointExtended {
  const curve = acc.curve, F = curve.F;
  const n = points.length;
  let maxBits = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 31; j >= 0; j--) {
      const v = bytes[32 * i + j]!;
      if (v !== 0) {
        const b = 8 * j + 32 - Math.clz32(v);
        if (b > maxBits) maxBits = b;
        break;
      }
    }
  }
  if (n === 0 || maxBits === 0) return acc.setIdentity();
  if (c === 0) c = affineWindow(n, maxBits);
  const windows = Math.ceil((maxBits + 1) / c);
  const nb = 1 << (c - 1);
  const P = pools(curve);
  const inU = P.inU.ensure(n), inV = P.inV.ensure(n);
  const posU = P.posU.ensure(n), posV = P.posV.ensure(n);
  const den = P.den.ensure(Math.max(n, nb)), pre = P.pre.ensure(Math.max(n, nb));
  if (kind.length < n) kind = new Uint8Array(n);
  if (ent.length < n) ent = new Int32Array(n);
  if (pairKind.length < n) pairKind = new Uint8Array(n);
  if (digits.length < n * windows) digits = new Int32Array(n * windows);
  if (start.length < nb) {
    start = new Int32Array(nb);
    len = new Int32Array(nb);
  }
  while (P.buckets.length < nb) P.buckets.push(new PointAffine(curve));
  toMontgomery(F, points, n, inU, inV, den, pre, P.t);
  acc.setIdentity(); //                          after the inputs are read: acc may be one of them
  // Signed digits, window-major: digits[w·n + i]; windows·c ≥ maxBits + 1, so no carry out of the top window.
  for (let i = 0; i < n; i++) recodeSignedNonConst(bytes, 32 * i, 32, c, windows, digits, i, n);
  const k = montConsts(curve);
  for (let w = windows - 1; w >= 0; w--) {
    if (w !== windows - 1) {
      for (let j = 1; j < c; j++) acc.doubleNoT(acc);
      acc.double(acc);
    }
    sortIntoBuckets(F, digits, w * n, n, nb, inU, inV, posU, posV);
    while (round(F, k, nb, inU, inV, posU, posV, den, pre, P.t)) { /* halve every list */ }
    const nz = bucketsToEdwards(F, nb, inU, inV, posU, posV, den, pre, P.buckets, P.t);
    if (nz === 0) continue;
    // Σ_b (b + 1)·bucket_b by running sums from the top bucket down.
    const run = P.running.setIdentity(), sum = P.windowSum.setIdentity();
    let started = false;
    for (let b = nb - 1; b >= 0; b--) {
      if (len[b] !== 0) {
        run.addAffine(run, P.buckets[b]!);
        started = true;
      }
      if (started) sum.add(sum, run);
    }
    acc.add(acc, sum);
  }
  return acc;
}

/**
 * Maps the n inputs to Montgomery coordinates in (inU, inV) and their kinds
 * in `kind`, with one inversion of Π (Z − Y)·X over the regular points
 * (module doc). `den`, `pre` and `t` are scratch.
 */
function toMontgomery(F: PrimeField, points: readonly (PointExtended | PointAffine)[], n: number, inU: PrimeFieldElement[], inV: PrimeFieldElement[], den: PrimeFieldElement[], pre: PrimeFieldElement[], t: PrimeFieldElement[]): void {
  const one = F.setOne(t[0]!), inv = t[1]!, tmp = t[2]!;
  let prev: PrimeFieldElement = one;
  for (let i = 0; i < n; i++) {
    const p = points[i]!;
    let X: PrimeFieldElement, Y: PrimeFieldElement, Z: PrimeFieldElement;
    if (p instanceof PointAffine) { X = p.x; Y = p.y; Z = one; } else { X = p.X; Y = p.Y; Z = p.Z; }
    // inU[i] = Z + Y, inV[i] = Z (kept until the inverse is known), den[i] = (Z − Y)·X.
    F.sub(tmp, Z, Y);
    if (F.isZero(X)) {
      // x = 0: the identity (Y = Z) or (0, −1) (Y = −Z).
      kind[i] = F.isZero(tmp) ? 1 : 2;
      F.setZero(inU[i]!); F.setZero(inV[i]!);
      F.set(pre[i]!, prev);
      prev = pre[i]!;
      continue;
    }
    kind[i] = 0;
    F.mul(den[i]!, tmp, X);
    F.add(inU[i]!, Z, Y);
    F.set(inV[i]!, Z);
    F.mul(pre[i]!, prev, den[i]!);
    prev = pre[i]!;
  }
  F.invert(inv, prev);
  for (let i = n - 1; i >= 0; i--) {
    if (kind[i] !== 0) continue;
    // w = 1/((Z − Y)·X) = inv · pre[i − 1]; then inv ← inv · den[i].
    const w = tmp;
    if (i > 0) F.mul(w, inv, pre[i - 1]!); else F.set(w, inv);
    F.mul(inv, inv, den[i]!);
    const X = (points[i] instanceof PointAffine) ? (points[i] as PointAffine).x : (points[i] as PointExtended).X;
    // u = (Z + Y)·X·w, v = (Z + Y)·Z·w.
    F.mul(w, w, inU[i]!);
    F.mul(inV[i]!, w, inV[i]!);
    F.mul(inU[i]!, w, X);
  }
}

/**
 * Counting sort of the points with non-zero digits in window `off` into the
 * bucket lists (start, len, ent), copying each point (negated for a negative
 * digit) to its list position: the inputs are read once and in order, and
 * every later round reads neighbouring positions (reading the inputs at the
 * scattered indices of their buckets in every round was measured to cost as
 * much as the multiplications at 16384 points: cache misses).
 */
function sortIntoBuckets(F: PrimeField, dg: Int32Array, off: number, n: number, nb: number, inU: PrimeFieldElement[], inV: PrimeFieldElement[], posU: PrimeFieldElement[], posV: PrimeFieldElement[]): void {
  len.fill(0, 0, nb);
  for (let i = 0; i < n; i++) {
    const d = dg[off + i]!;
    if (d === 0 || kind[i] === 1) continue;
    const b = (d > 0 ? d : -d) - 1;
    len[b] = len[b]! + 1;
  }
  let s = 0;
  for (let b = 0; b < nb; b++) {
    start[b] = s;
    s += len[b]!;
    len[b] = 0;
  }
  for (let i = 0; i < n; i++) {
    const d = dg[off + i]!;
    if (d === 0 || kind[i] === 1) continue;
    const b = (d > 0 ? d : -d) - 1;
    const at = start[b]! + len[b]!;
    F.set(posU[at]!, inU[i]!);
    if (d > 0) F.set(posV[at]!, inV[i]!); else F.negate(posV[at]!, inV[i]!);
    ent[at] = SLOT;
    len[b] = len[b]! + 1;
  }
}

/**
 * One round: adds every bucket list's entries in pairs (positions 2j and
 * 2j + 1 of the list), all with one batched inversion, writing the sums to
 * the list's first positions (an odd last entry moves after them; a sum that
 * is the identity is dropped), and returns whether any pair was added.
 */
function round(F: PrimeField, k: MontConsts, nb: number, inU: PrimeFieldElement[], inV: PrimeFieldElement[], posU: PrimeFieldElement[], posV: PrimeFieldElement[], den: PrimeFieldElement[], pre: PrimeFieldElement[], t: PrimeFieldElement[]): boolean {
  const nv1 = t[3]!, nv2 = t[4]!;
  // Pass 1: the denominators (1 for a pair whose sum is the identity) and their prefix products.
  let m = 0;
  for (let b = 0; b < nb; b++) {
    const L = len[b]!;
    if (L < 2) continue;
    const s = start[b]!;
    for (let j = 0; j + 1 < L; j += 2) {
      const e1 = ent[s + j]!, e2 = ent[s + j + 1]!;
      const u1 = e1 === SLOT ? posU[s + j]! : inU[e1 >> 1]!;
      const u2 = e2 === SLOT ? posU[s + j + 1]! : inU[e2 >> 1]!;
      const d = den[m]!;
      if (!F.equals(u1, u2)) {
        pairKind[m] = 0;
        F.sub(d, u2, u1);
      } else {
        const v1 = vOf(F, e1, s + j, inV, posV, nv1);
        const v2 = vOf(F, e2, s + j + 1, inV, posV, nv2);
        if (!F.equals(v1, v2) || F.isZero(v1)) {
          pairKind[m] = 2; //                     P + (−P), or 2P with P of order 2: the identity
          F.setOne(d);
        } else {
          pairKind[m] = 1;
          F.add(d, v1, v1);
          if (!k.bIsOne) F.mul(d, d, k.B); //     2B·v
        }
      }
      if (m === 0) F.set(pre[0]!, d); else F.mul(pre[m]!, pre[m - 1]!, d);
      m++;
    }
  }
  if (m === 0) return false;
  // Pass 2: pre[j] ← 1/den[j], backwards from one inversion.
  const inv = F.invert(t[5]!, pre[m - 1]!);
  for (let j = m - 1; j > 0; j--) {
    F.mul(pre[j]!, inv, pre[j - 1]!);
    F.mul(inv, inv, den[j]!);
  }
  F.set(pre[0]!, inv);
  // Pass 3: the sums, forwards (a sum goes to a position no later than its operands').
  const lam = t[6]!, u3 = t[7]!, v3 = t[8]!, tmp = t[9]!;
  m = 0;
  for (let b = 0; b < nb; b++) {
    const L = len[b]!;
    if (L < 2) continue;
    const s = start[b]!;
    let out = 0;
    for (let j = 0; j + 1 < L; j += 2) {
      const pk = pairKind[m]!;
      const invD = pre[m]!;
      m++;
      if (pk === 2) continue;
      const e1 = ent[s + j]!, e2 = ent[s + j + 1]!;
      const u1 = e1 === SLOT ? posU[s + j]! : inU[e1 >> 1]!;
      const u2 = e2 === SLOT ? posU[s + j + 1]! : inU[e2 >> 1]!;
      const v1 = vOf(F, e1, s + j, inV, posV, nv1);
      if (pk === 0) {
        const v2 = vOf(F, e2, s + j + 1, inV, posV, nv2);
        F.sub(lam, v2, v1); //                    λ = (v2 − v1)/(u2 − u1)
        F.mul(lam, lam, invD);
        F.square(u3, lam);
        if (!k.bIsOne) F.mul(u3, u3, k.B);
        F.sub(u3, u3, k.A);
        F.sub(u3, u3, u1);
        F.sub(u3, u3, u2); //                     u3 = B·λ² − A − u1 − u2
      } else {
        F.square(lam, u1); //                     λ = (3u1² + 2A·u1 + 1)/(2B·v1)
        F.add(tmp, lam, lam);
        F.add(lam, lam, tmp);
        F.mul(tmp, k.A, u1);
        F.add(tmp, tmp, tmp);
        F.add(lam, lam, tmp);
        F.add(lam, lam, F.setOne(tmp));
        F.mul(lam, lam, invD);
        F.square(u3, lam);
        if (!k.bIsOne) F.mul(u3, u3, k.B);
        F.sub(u3, u3, k.A);
        F.sub(u3, u3, u1);
        F.sub(u3, u3, u1); //                     u3 = B·λ² − A − 2u1
      }
      F.sub(v3, u1, u3);
      F.mul(v3, v3, lam);
      F.sub(v3, v3, v1); //                       v3 = λ·(u1 − u3) − v1
      F.set(posU[s + out]!, u3);
      F.set(posV[s + out]!, v3);
      ent[s + out] = SLOT;
      out++;
    }
    if ((L & 1) === 1) {
      // The odd last entry moves to the first free position (reading at L − 1 ≥ out).
      const e = ent[s + L - 1]!;
      if (e === SLOT) {
        F.set(posU[s + out]!, posU[s + L - 1]!);
        F.set(posV[s + out]!, posV[s + L - 1]!);
      }
      ent[s + out] = e;
      out++;
    }
    len[b] = out;
  }
  return true;
}

/** Returns v of the entry e at position pos (for −P_i, −v written into tmp). */
function vOf(F: PrimeField, e: number, pos: number, inV: PrimeFieldElement[], posV: PrimeFieldElement[], tmp: PrimeFieldElement): PrimeFieldElement {
  if (e === SLOT) return posV[pos]!;
  const v = inV[e >> 1]!;
  return (e & 1) === 0 ? v : F.negate(tmp, v);
}

/**
 * Writes each non-empty bucket's point (one entry left in its list) into
 * buckets[b] in Edwards affine form, x = u/v, y = (u − 1)/(u + 1) with one
 * inversion of Π v·(u + 1) ((0, 0) ↦ (0, −1)), and returns the number of
 * non-empty buckets.
 */
function bucketsToEdwards(F: PrimeField, nb: number, inU: PrimeFieldElement[], inV: PrimeFieldElement[], posU: PrimeFieldElement[], posV: PrimeFieldElement[], den: PrimeFieldElement[], pre: PrimeFieldElement[], buckets: PointAffine[], t: PrimeFieldElement[]): number {
  const one = F.setOne(t[0]!), inv = t[1]!, w = t[2]!, nv = t[3]!;
  // Pass 1: u, v into the bucket's x, y (until the inverse is known); den = v·(u + 1), or 1 for (0, 0).
  let prev = -1;
  for (let b = 0; b < nb; b++) {
    if (len[b] === 0) continue;
    const s = start[b]!, e = ent[s]!;
    const u = e === SLOT ? posU[s]! : inU[e >> 1]!;
    const v = vOf(F, e, s, inV, posV, nv);
    const B = buckets[b]!;
    F.set(B.x, u);
    F.set(B.y, v);
    if (F.isZero(v)) F.setOne(den[b]!);
    else F.mul(den[b]!, F.add(w, u, one), v);
    if (prev < 0) F.set(pre[b]!, den[b]!); else F.mul(pre[b]!, pre[prev]!, den[b]!);
    prev = b;
  }
  if (prev < 0) return 0;
  // Pass 2: backwards from one inversion.
  F.invert(inv, pre[prev]!);
  let count = 0;
  for (let b = prev; b >= 0; b--) {
    if (len[b] === 0) continue;
    count++;
    let i = b - 1;
    while (i >= 0 && len[i] === 0) i--;
    // 1/(v·(u + 1)) = inv · pre[i], the prefix before b.
    if (i >= 0) F.mul(w, inv, pre[i]!); else F.set(w, inv);
    F.mul(inv, inv, den[b]!);
    const B = buckets[b]!;
    if (F.isZero(B.y)) {
      F.setZero(B.x); F.setMinusOne(B.y); //     (0, 0) ↦ (0, −1)
      continue;
    }
    const u = B.x, v = B.y;
    F.mul(t[7]!, u, F.add(t[5]!, u, one));
    F.mul(t[8]!, F.sub(t[6]!, u, one), v);
    F.mul(B.x, t[7]!, w); //                     x = u/v = u·(u + 1)·w
    F.mul(B.y, t[8]!, w); //                     y = (u − 1)/(u + 1) = (u − 1)·v·w
  }
  return count;
}
