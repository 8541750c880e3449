/**
 * Scalar multiplication on the generic Edwards curves (docs/api.md §3:
 * inputs first, `out` last): {@link scalarMult} and {@link scalarBaseMult}
 * for SECRET scalars (fixed operation sequence), {@link scalarMultNonConst}
 * (width-5 wNAF, wnaf.ts), {@link scalarMultGlvNonConst} (GLV split and
 * interleaved wNAF over P and ψ(P)) and {@link scalarBaseMultNonConst} for
 * public ones; the GLV split {@link glvSplit}; the per-curve base tables.
 * A point may be extended, projective or affine; the result is extended.
 *
 * Constant time: `scalarMult` and `scalarBaseMult` recode k into signed
 * radix-16 digits without branches, read every table entry with masked
 * selects and negate by masked select; the sequence of field operations and
 * memory accesses does not depend on k. (JavaScript cannot promise more
 * than that: the JIT, the garbage collector and comparisons compiled to
 * branches are outside our control.) Functions named `…NonConst` are
 * variable-time: use them on public scalars only.
 *
 * References:
 * - [HMV04] D. Hankerson, A. Menezes, S. Vanstone, Guide to Elliptic Curve
 *   Cryptography, Alg. 3.35 (wNAF), Alg. 3.51 (interleaving).
 * - [GLV01] Gallant, Lambert, Vanstone, CRYPTO 2001 (§4: the split by
 *   Babai rounding).
 * - [Bandersnatch] Masson, Sanso, Zhang, ePrint 2021/1152 (endomorphism ψ).
 */
import { describe } from '@strata/field';
import { expectPointOn, splitByBasis } from './params.js';
import { bigAbsToBytes, scalarToBigInt, scalarToBytes, wnafRecode, type Scalar } from './scalar.js';
import { mulNonConst, oddMultiplesNonConst } from './wnaf.js';
import { EdwardsCurve, PointAffine, PointExtended, PointProj, expectCurve } from './point.js';
import { batchToAffine } from './batch.js';
import { recodeSignedConst } from '../shared/recode.js';
import { edwardsBackend } from '../engine/state.js';

/**
 * Splits k into (k1, k2) with k ≡ k1 + k2·λ (mod r) and |k1|, |k2| ≈ √r,
 * by Babai rounding against the curve's short lattice basis ([GLV01] §4).
 * Uses BigInt (allocates; called once per GLV scalar multiplication).
 */
export function glvSplit(curve: EdwardsCurve, k: bigint): [bigint, bigint] {
  const g = expectCurve('glvSplit curve', curve).glv;
  if (g === undefined) throw new TypeError(`${curve.name}: expected a curve with a GLV endomorphism, got none`);
  return splitByBasis(g.basis, curve.order, k);
}

/**
 * Recodes k (bigint or 32 bytes LE) into 65 signed radix-16 digits in
 * [−8, 8] (Σ dᵢ·16^i = k) without branches, into the curve's scratch
 * digit buffer, and returns it.
 */
function recodeRadix16(c: EdwardsCurve, k: Scalar): Int8Array {
  const kb = scalarToBytes(k, c.kb[0]!);
  const dig = c.naf[0]!;
  recodeSignedConst(kb, 32, 4, 65, dig);
  return dig;
}

const baseTables = new WeakMap<EdwardsCurve, PointAffine[]>();
const selectScratch = new WeakMap<EdwardsCurve, PointAffine>();

/** Per-curve scratch affine point for the base-table selects. */
function scratchSelect(c: EdwardsCurve): PointAffine {
  let p = selectScratch.get(c);
  if (p === undefined) {
    p = new PointAffine(c);
    selectScratch.set(c, p);
  }
  return p;
}

/** The table d·16^j·G (j = 0…64, d = 1…8) in affine form, built once per curve. */
function baseTable(c: EdwardsCurve): PointAffine[] {
  const hit = baseTables.get(c);
  if (hit !== undefined) return hit;
  const pts: PointExtended[] = [];
  const B = new PointExtended(c).setGenerator();
  for (let j = 0; j <= 64; j++) {
    const acc = B.clone();
    pts.push(acc.clone());
    for (let d = 2; d <= 8; d++) pts.push(acc.add(acc, B).clone());
    for (let i = 0; i < 4; i++) B.double(B);
  }
  const table = batchToAffine(pts);
  baseTables.set(c, table);
  return table;
}


/**
 * Sets R = k·P with a fixed operation sequence, meant for secret
 * scalars, and returns R: k is recoded into 65 signed radix-16 digits
 * in [−8, 8] without branches; each step does 4 doublings, reads the
 * table {O, P, …, 8P} by scanning all 9 entries with a masked select,
 * negates by masked select, and adds. The sequence of field operations
 * and memory accesses does not depend on k. (JavaScript cannot promise
 * more than that: the JIT, the garbage collector and comparisons compiled
 * to branches are outside our control.) k in [0, 2^256), not reduced.
 */
function mulCt(k: Scalar, P: PointExtended, R: PointExtended): PointExtended {
  if (R !== P) R.set(P);
  const c = R.curve, F = c.F;
  const dig = recodeRadix16(c, k);
  const tab = c.sp;
  // tab[0] = O, tab[j] = j·P for j = 1..8.
  tab[0]!.setIdentity();
  tab[1]!.set(R);
  for (let j = 2; j <= 8; j++) tab[j]!.add(tab[j - 1]!, R);
  const sel = tab[32]!;
  const negX = c.s[8]!, negT = c.s[9]!;
  R.setIdentity();
  for (let i = 64; i >= 0; i--) {
    R.doubleNoT(R); R.doubleNoT(R); R.doubleNoT(R); R.double(R);
    const d = dig[i]!;
    const sign = (d >> 31) & 1; // 1 iff d < 0
    const abs = (d ^ -sign) + sign;
    sel.setIdentity();
    for (let j = 1; j <= 8; j++) {
      const e = ((((abs ^ j) - 1) >>> 31) & 1); // 1 iff abs === j
      const Tj = tab[j]!;
      F.cmov(sel.X, sel.X, Tj.X, e); F.cmov(sel.Y, sel.Y, Tj.Y, e);
      F.cmov(sel.Z, sel.Z, Tj.Z, e); F.cmov(sel.T, sel.T, Tj.T, e);
    }
    F.negate(negX, sel.X); F.negate(negT, sel.T);
    F.cmov(sel.X, sel.X, negX, sign); F.cmov(sel.T, sel.T, negT, sign);
    R.add(R, sel);
  }
  return R;
}

/**
 * Sets R = k·G for the curve's generator G with a fixed operation
 * sequence (secret k) and returns R: 65 signed radix-16 digits (as in
 * scalarMult), each window j reads the precomputed affine d·16^j·G
 * (d = 1…8) by scanning all 8 entries with masked selects, negates by a
 * masked select and does one mixed addition — no doublings. The table
 * (65 × 8 affine points, ~92 KB) is built on first use per curve and
 * shared (a pure function of the curve's constants).
 */
function baseMulCt(k: Scalar, R: PointExtended): PointExtended {
  const c = R.curve, F = c.F, s = c.s;
  const tab = baseTable(c);
  const dig = recodeRadix16(c, k);
  const sel = scratchSelect(c);
  const negX = s[8]!;
  R.setIdentity();
  for (let j = 0; j <= 64; j++) {
    const d = dig[j]!;
    const sign = (d >> 31) & 1;
    const abs = (d ^ -sign) + sign;
    sel.setIdentity();
    for (let e = 1; e <= 8; e++) {
      const hit = (((abs ^ e) - 1) >>> 31) & 1;
      const T = tab[j * 8 + e - 1]!;
      F.cmov(sel.x, sel.x, T.x, hit);
      F.cmov(sel.y, sel.y, T.y, hit);
    }
    F.negate(negX, sel.x);
    F.cmov(sel.x, sel.x, negX, sign);
    R.addAffine(R, sel);
  }
  return R;
}

/**
 * Sets R = k·G with the same table as scalarBaseMult, reading the one
 * needed entry directly and skipping zero digits, and returns R.
 * Variable-time: public scalars only.
 */
function baseMulNonConst(k: Scalar, R: PointExtended): PointExtended {
  const c = R.curve;
  const tab = baseTable(c);
  const dig = recodeRadix16(c, k);
  const sel = scratchSelect(c);
  R.setIdentity();
  for (let j = 0; j <= 64; j++) {
    const d = dig[j]!;
    if (d === 0) continue;
    const T = tab[j * 8 + (d > 0 ? d : -d) - 1]!;
    if (d > 0) R.addAffine(R, T);
    else R.addAffine(R, sel.negate(T));
  }
  return R;
}

/**
 * Sets R = k·P using the GLV decomposition k ≡ k1 + k2·λ (mod r)
 * and an interleaved width-5 wNAF over P and ψ(P) (about half the
 * doublings of scalarMultNonConst), and returns R. Variable-time.
 * Precondition: this is in the prime-order subgroup (ψ acts as λ only
 * there); for other points use scalarMultNonConst (ψ itself is exact on
 * every affine point, but k1·P + k2·ψ(P) is not k·P outside the
 * subgroup: the result is unspecified there). The scalar is reduced mod r.
 */
function mulGlvNonConst(k: Scalar, P: PointExtended, R: PointExtended): PointExtended {
  if (R !== P) R.set(P);
  const c = R.curve;
  const [k1, k2] = glvSplit(c, scalarToBigInt(k));
  const kb1 = bigAbsToBytes(k1, c.kb[1]!), kb2 = bigAbsToBytes(k2, c.kb[2]!);
  const n1 = c.naf[0]!, n2 = c.naf[1]!;
  const len1 = wnafRecode(n1, kb1, 5), len2 = wnafRecode(n2, kb2, 5);
  const tab = c.sp;
  // tab[0..7]: odd multiples of ±P; tab[8..15]: odd multiples of ±ψ(P); 16..31: negatives.
  const P1 = tab[33]!.set(R);
  if (k1 < 0n) P1.negate(P1);
  const P2 = tab[34]!.endomorphism(R);
  if (k2 < 0n) P2.negate(P2);
  oddMultiplesNonConst(P1, tab[32]!, tab, 0, 16, 8);
  oddMultiplesNonConst(P2, tab[32]!, tab, 8, 24, 8);
  R.setIdentity();
  for (let i = Math.max(len1, len2) - 1; i >= 0; i--) {
    const d1 = n1[i]!, d2 = n2[i]!;
    if (d1 === 0 && d2 === 0 && i > 0) R.doubleNoT(R); else R.double(R);
    if (d1 > 0) R.add(R, tab[(d1 - 1) >> 1]!);
    else if (d1 < 0) R.add(R, tab[16 + ((-d1 - 1) >> 1)]!);
    if (d2 > 0) R.add(R, tab[8 + ((d2 - 1) >> 1)]!);
    else if (d2 < 0) R.add(R, tab[24 + ((-d2 - 1) >> 1)]!);
  }
  return R;
}

// ---- The public scalar multiplications ----

/** Any point of the generic Edwards module. */
export type EdwardsPoint = PointExtended | PointProj | PointAffine;

/** Returns P as an extended point: P itself, or P converted into the curve's scratch slot 36. */
function extendedOf(what: string, P: EdwardsPoint): PointExtended {
  if (P instanceof PointExtended) return P;
  if (P instanceof PointAffine) return P.curve.sp[36]!.setAffine(P);
  if (P instanceof PointProj) return P.curve.sp[36]!.setProj(P);
  throw new TypeError(`${what}: expected a PointExtended, PointProj or PointAffine, got ${describe(P)}`);
}

/** Returns the output point: `out` (checked to be an extended point of curve) or a new one. */
function outOf(what: string, curve: EdwardsCurve, out: PointExtended | undefined): PointExtended {
  if (out === undefined) return new PointExtended(curve);
  return expectPointOn(`${what} out`, out, PointExtended, curve);
}

/** The checked scalar of the call in progress, 32 bytes little-endian (what a backend gets). */
const kbuf = new Uint8Array(32);

/**
 * Returns out = k·P (out a new point when omitted) with a fixed operation
 * sequence, for SECRET scalars (see the module doc for what JavaScript can
 * and cannot promise). k is any integer in [0, 2^256) (not reduced mod r).
 * P may be extended, projective or affine; out may alias P. On an
 * incomplete curve, for a P outside the exception-free subgroup: StrataError
 * ERR_POINT_AT_INFINITY when k·P or a multiple on the way is at infinity
 * (see the module doc; never for P in that subgroup).
 */
export function scalarMult(k: Scalar, P: EdwardsPoint, out?: PointExtended): PointExtended {
  const X = extendedOf('scalarMult', P);
  const R = outOf('scalarMult', X.curve, out);
  scalarToBytes(k, kbuf);
  const be = edwardsBackend();
  if (be === null || !be.serves(X.curve)) return tsScalarMult(kbuf, X, R);
  be.scalarMult(kbuf, X, R);
  return R;
}

/** @internal TypeScript backend (backend.ts EdwardsBackend.scalarMult): R = k·P, masked radix-16 windows. */
export function tsScalarMult(kb: Uint8Array, P: PointExtended, R: PointExtended): PointExtended {
  return mulCt(kb, P, R);
}

/**
 * Returns out = k·P (width-5 wNAF), variable time: public scalars only. k
 * is any integer in [0, 2^256), not reduced mod r (exact on points with a
 * torsion component too). P may be extended, projective or affine; out may
 * alias P. ERR_POINT_AT_INFINITY as `scalarMult`.
 */
export function scalarMultNonConst(k: Scalar, P: EdwardsPoint, out?: PointExtended): PointExtended {
  const X = extendedOf('scalarMultNonConst', P);
  const R = outOf('scalarMultNonConst', X.curve, out);
  scalarToBytes(k, kbuf);
  const be = edwardsBackend();
  if (be === null || !be.serves(X.curve)) return tsScalarMultNonConst(kbuf, X, R);
  be.scalarMultNonConst(kbuf, X, R);
  return R;
}

/** @internal TypeScript backend (backend.ts EdwardsBackend.scalarMultNonConst): R = k·P, width-5 wNAF. */
export function tsScalarMultNonConst(kb: Uint8Array, P: PointExtended, R: PointExtended): PointExtended {
  return mulNonConst(kb, P, R);
}

/**
 * Returns out = k·P by the GLV decomposition (about half the doublings of
 * {@link scalarMultNonConst}), variable time. Precondition: P is in the
 * prime-order subgroup (the result is unspecified otherwise); k is reduced
 * mod r. TypeError on a curve without an endomorphism.
 */
export function scalarMultGlvNonConst(k: Scalar, P: EdwardsPoint, out?: PointExtended): PointExtended {
  const X = extendedOf('scalarMultGlvNonConst', P);
  const R = outOf('scalarMultGlvNonConst', X.curve, out);
  scalarToBytes(k, kbuf);
  if (X.curve.glv === undefined) throw new TypeError(`${X.curve.name}: expected a curve with a GLV endomorphism, got none`);
  const be = edwardsBackend();
  if (be === null || !be.serves(X.curve)) return tsScalarMultGlvNonConst(kbuf, X, R);
  be.scalarMultGlvNonConst(kbuf, X, R);
  return R;
}

/** @internal TypeScript backend (backend.ts EdwardsBackend.scalarMultGlvNonConst): R = k·P by the GLV split (curve with an endomorphism). */
export function tsScalarMultGlvNonConst(kb: Uint8Array, P: PointExtended, R: PointExtended): PointExtended {
  return mulGlvNonConst(kb, P, R);
}

/** Returns out = k·G for the curve's generator G with a fixed operation sequence (SECRET k). */
export function scalarBaseMult(curve: EdwardsCurve, k: Scalar, out?: PointExtended): PointExtended {
  expectCurve('scalarBaseMult curve', curve);
  const R = outOf('scalarBaseMult', curve, out);
  scalarToBytes(k, kbuf);
  const be = edwardsBackend();
  if (be === null || !be.serves(curve)) return tsScalarBaseMult(kbuf, R);
  be.scalarBaseMult(kbuf, R);
  return R;
}

/** @internal TypeScript backend (backend.ts EdwardsBackend.scalarBaseMult): R = k·G over the curve's base table, masked selects. */
export function tsScalarBaseMult(kb: Uint8Array, R: PointExtended): PointExtended {
  return baseMulCt(kb, R);
}

/** Returns out = k·G for the curve's generator G, variable time (public k). */
export function scalarBaseMultNonConst(curve: EdwardsCurve, k: Scalar, out?: PointExtended): PointExtended {
  expectCurve('scalarBaseMultNonConst curve', curve);
  const R = outOf('scalarBaseMultNonConst', curve, out);
  scalarToBytes(k, kbuf);
  const be = edwardsBackend();
  if (be === null || !be.serves(curve)) return tsScalarBaseMultNonConst(kbuf, R);
  be.scalarBaseMultNonConst(kbuf, R);
  return R;
}

/** @internal TypeScript backend (backend.ts EdwardsBackend.scalarBaseMultNonConst): R = k·G over the curve's base table. */
export function tsScalarBaseMultNonConst(kb: Uint8Array, R: PointExtended): PointExtended {
  return baseMulNonConst(kb, R);
}
