/**
 * Points on a twisted Edwards curve a·x² + y² = 1 + d·x²·y² in three
 * coordinate systems, generic over an `EdwardsCurve`:
 *
 * - `PointAffine` (x, y);
 * - `PointProj` (X : Y : Z) with x = X/Z, y = Y/Z ([BBJLP08] §6);
 * - `PointExtended` (X : Y : Z : T) with x = X/Z, y = Y/Z, x·y = T/Z
 *   ([HWCD08] §3).
 *
 * Points are mutable: every operation writes into the receiver and returns
 * it (`R.add(P, Q)` sets R = P + Q). Any operand may be the receiver
 * (`P.add(P, P)`). add, addAffine, double, negate, equals, isOnCurve and
 * isIdentity allocate nothing: temporaries live in the curve's preallocated scratch (`curve.s`).
 * Field operations are fixed-sequence; the point formulas below are
 * branch-free except for the choice between the a = −1 and general-a
 * formulas, which depends on the (public) curve only. Scalar multiplication
 * is the free functions at the end of this file (`scalarMult(k, P, out?)`,
 * `scalarBaseMult(curve, k, out?)`, …); those named `…NonConst` are
 * variable-time: use them on public scalars only.
 *
 * Completeness: the unified formulas below are complete when a is a square
 * and d is not ([BBJLP08] Thm 3.3, [HWCD08] §3): Jubjub and BabyJubjub.
 * Bandersnatch (a = −5 and d both non-squares) is not complete: a/d is a
 * square, so the curve has two points at infinity (both of order 2; there
 * is no rational 4-torsion), and the unified formulas fail — Z = 0, or a
 * wrong point once later doublings run on it — exactly when P + Q or P − Q
 * is one of them. That cannot happen for points P with r·P ∈ {O, (0, −1)}
 * (the prime-order subgroup, where its users work ([Bandersnatch] §2), and
 * its coset by (0, −1): everything Banderwagon and `fromBytes(…,
 * { subgroup: true })` produce), so every operation here is exact there.
 * A point whose torsion component is one of the points at infinity
 * (accepted by `fromXY` and by `fromBytes` without `subgroup`) can be
 * encoded, negated, doubled, compared, converted and passed to
 * `isTorsionFree` / `clearCofactor`; sums, scalar multiples and MSMs
 * involving it are unspecified.
 *
 * Operands of a binary operation must be on the same curve (not checked on
 * hot paths; `msmNonConst` and `batchToAffine` do check).
 *
 * A point reaches arithmetic only through a validating constructor:
 * `new PointX(curve)` is the identity, `setGenerator`, `PointAffine.fromXY`
 * and the decoders check canonical coordinates and the curve equation.
 * (The coordinate arrays are public for speed; writing them directly
 * bypasses validation.)
 *
 * References:
 * - [EFD] Bernstein, Lange, Explicit-Formulas Database,
 *   https://hyperelliptic.org/EFD/g1p/auto-twisted-extended.html,
 *   …/auto-twisted-extended-1.html, …/auto-twisted-projective.html.
 * - [HWCD08] Hisil, Wong, Carter, Dawson, "Twisted Edwards Curves
 *   Revisited", ASIACRYPT 2008.
 * - [BBJLP08] Bernstein, Birkner, Joye, Lange, Peters, "Twisted Edwards
 *   Curves", AFRICACRYPT 2008.
 * - [GLV01] Gallant, Lambert, Vanstone, CRYPTO 2001.
 * - [Bandersnatch] Masson, Sanso, Zhang, ePrint 2021/1152 (endomorphism ψ).
 * - [ZIP-216] Zcash: require canonical Jubjub point encodings.
 * - [MONT87] Montgomery, Math. Comp. 48 (1987) (simultaneous inversion).
 */
import { StrataError, ErrorCode, describe, expectBoolean, expectBytes, expectInstance, expectOneOf, expectOptions, type PrimeFieldElement } from '@strata/field';
import { expectCurve, type EdwardsCurve, type EdwardsEncoding } from './curve.js';
import { recodeSignedConst, recodeWnafNonConst } from '../shared/recode.js';

/**
 * A scalar: a bigint in [0, 2^256) or 32 bytes little-endian, not reduced
 * mod r. The one input contract of every function of this module (MSM
 * included): a bigint outside [0, 2^256) is a RangeError, a `Uint8Array` of
 * another length StrataError ERR_BAD_LENGTH, anything else a TypeError.
 */
export type Scalar = bigint | Uint8Array;

const TWO_256 = 1n << 256n;

/** Writes the 32-byte little-endian form of k into out; throws TypeError / RangeError / ERR_BAD_LENGTH. */
export function scalarToBytes(k: Scalar, out: Uint8Array): Uint8Array {
  if (typeof k === 'bigint') {
    if (k < 0n || k >= TWO_256) throw new RangeError('scalar: expected a bigint in [0, 2^256), got one outside');
    // One string allocation instead of 64 BigInt temporaries.
    const h = k.toString(16);
    out.fill(0);
    for (let i = h.length - 1, j = 0; i >= 0; i--, j++) {
      const ch = h.charCodeAt(i);
      const nib = ch <= 57 ? ch - 48 : ch - 87;
      out[j >> 1] = out[j >> 1]! | (nib << ((j & 1) << 2));
    }
    return out;
  }
  expectBytes('scalar', k, 32);
  out.set(k);
  return out;
}

/** Returns the integer of a 32-byte little-endian scalar. */
export function scalarToBigInt(k: Scalar): bigint {
  if (typeof k === 'bigint') {
    if (k < 0n || k >= TWO_256) throw new RangeError('scalar: expected a bigint in [0, 2^256), got one outside');
    return k;
  }
  expectBytes('scalar', k, 32);
  let v = 0n;
  for (let i = 31; i >= 0; i--) v = (v << 8n) | BigInt(k[i]!);
  return v;
}

/**
 * Width-w NAF of the little-endian integer in `k` (all its bytes) into
 * `out` (zeroed first; needs 8·k.length + w + 1 entries). Digits are zero or
 * odd in (−2^(w−1), 2^(w−1)), and any w consecutive digits hold at most one
 * non-zero. Returns the number of digits (index of the top non-zero + 1).
 * The package's one wNAF recoder (`shared/recode.ts`).
 */
export function wnafRecode(out: Int8Array, k: Uint8Array, w: number): number {
  return recodeWnafNonConst(k, k.length, w, out);
}

/**
 * Sets tab[off + i] = (2i + 1)·P and tab[negOff + i] = −(2i + 1)·P for
 * i < m and returns tab: D = 2P (one doubling, D is scratch), m − 1
 * additions of D, m negations. The odd-multiples table of every generic
 * wNAF loop (scalarMultNonConst, scalarMultGlvNonConst, msmStrausNonConst);
 * P must be neither D nor an entry written. Variable time (P public).
 */
export function oddMultiplesNonConst(P: PointExtended, D: PointExtended, tab: readonly PointExtended[], off: number, negOff: number, m: number): readonly PointExtended[] {
  D.double(P);
  tab[off]!.set(P);
  for (let i = 1; i < m; i++) tab[off + i]!.add(tab[off + i - 1]!, D);
  for (let i = 0; i < m; i++) tab[negOff + i]!.negate(tab[off + i]!);
  return tab;
}

function mulA(c: EdwardsCurve, out: PrimeFieldElement, x: PrimeFieldElement): PrimeFieldElement {
  return c.aIsMinusOne ? c.F.negate(out, x) : c.F.mul(out, x, c.aM);
}

function divRound(n: bigint, d: bigint): bigint {
  let nn = n, dd = d;
  if (dd < 0n) { nn = -nn; dd = -dd; }
  return nn >= 0n ? (2n * nn + dd) / (2n * dd) : -((-2n * nn + dd) / (2n * dd));
}

/**
 * Splits k into (k1, k2) with k ≡ k1 + k2·λ (mod r) and |k1|, |k2| ≈ √r,
 * by Babai rounding against the curve's short lattice basis ([GLV01] §4).
 * Uses BigInt (allocates; called once per GLV scalar multiplication).
 */
export function glvSplit(curve: EdwardsCurve, k: bigint): [bigint, bigint] {
  const g = expectCurve('glvSplit curve', curve).glv;
  if (g === undefined) throw new TypeError(`${curve.name}: expected a curve with a GLV endomorphism, got none`);
  const { a1, b1, a2, b2, det } = g.basis;
  const kk = k % curve.order;
  const c1 = divRound(b2 * kk, det);
  const c2 = divRound(-b1 * kk, det);
  return [kk - c1 * a1 - c2 * a2, -c1 * b1 - c2 * b2];
}

function bigAbsToBytes(v: bigint, out: Uint8Array): Uint8Array {
  let x = v < 0n ? -v : v;
  for (let i = 0; i < out.length; i++) { out[i] = Number(x & 0xffn); x >>= 8n; }
  return out;
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

/** Extended-coordinate point (X : Y : Z : T), x = X/Z, y = Y/Z, T = X·Y/Z. */
export class PointExtended {
  /** The curve. */
  readonly curve: EdwardsCurve;
  /** X coordinate (Montgomery limbs of the base field). */
  readonly X: PrimeFieldElement;
  /** Y coordinate. */
  readonly Y: PrimeFieldElement;
  /** Z coordinate (never 0 for a valid point). */
  readonly Z: PrimeFieldElement;
  /** T = X·Y/Z. */
  readonly T: PrimeFieldElement;

  /**
   * Creates the identity (0 : 1 : 1 : 0) on curve. The four coordinates are
   * views of one ArrayBuffer (one backing-store allocation instead of four,
   * several times cheaper, which matters for MSM tables).
   */
  constructor(curve: EdwardsCurve) {
    const F = expectCurve('PointExtended curve', curve).F;
    const n = F.limbs;
    const buf = new ArrayBuffer(32 * n);
    this.curve = curve;
    this.X = new Float64Array(buf, 0, n);
    this.Y = F.setOne(new Float64Array(buf, 8 * n, n));
    this.Z = F.setOne(new Float64Array(buf, 16 * n, n));
    this.T = new Float64Array(buf, 24 * n, n);
  }

  /** Sets v = identity and returns v. */
  setIdentity(): this {
    const F = this.curve.F;
    F.setZero(this.X); F.setOne(this.Y); F.setOne(this.Z); F.setZero(this.T);
    return this;
  }

  /** Sets v = the curve's subgroup generator and returns v. */
  setGenerator(): this {
    const c = this.curve, F = c.F;
    F.set(this.X, c.gx); F.set(this.Y, c.gy); F.setOne(this.Z); F.mul(this.T, c.gx, c.gy);
    return this;
  }

  /** Sets v = P and returns v. */
  set(P: PointExtended): this {
    this.X.set(P.X); this.Y.set(P.Y); this.Z.set(P.Z); this.T.set(P.T);
    return this;
  }

  /** Returns a new copy of this. */
  clone(): PointExtended {
    return new PointExtended(this.curve).set(this);
  }

  /** Sets v = A (affine → extended: (x : y : 1 : x·y), 1M) and returns v. */
  setAffine(A: PointAffine): this {
    const F = this.curve.F;
    F.mul(this.T, A.x, A.y); this.X.set(A.x); this.Y.set(A.y); F.setOne(this.Z);
    return this;
  }

  /** Sets v = P (projective → extended: (XZ : YZ : Z² : XY), 3M + 1S) and returns v. */
  setProj(P: PointProj): this {
    const F = this.curve.F;
    const s = this.curve.s;
    F.mul(s[0]!, P.X, P.Z); F.mul(s[1]!, P.Y, P.Z); F.mul(this.T, P.X, P.Y); F.square(this.Z, P.Z);
    this.X.set(s[0]!); this.Y.set(s[1]!);
    return this;
  }

  /** Writes this in affine form into out (allocated if omitted; 1I + 2M) and returns it. */
  toAffine(out?: PointAffine): PointAffine {
    const o = out ?? new PointAffine(this.curve);
    const F = this.curve.F;
    const zi = this.curve.s[10]!;
    F.invert(zi, this.Z);
    F.mul(o.x, this.X, zi); F.mul(o.y, this.Y, zi);
    return o;
  }

  /** Writes this in projective form (drop T) into out (allocated if omitted) and returns it. */
  toProj(out?: PointProj): PointProj {
    const o = out ?? new PointProj(this.curve);
    o.X.set(this.X); o.Y.set(this.Y); o.Z.set(this.Z);
    return o;
  }

  /**
   * Sets v = P + Q and returns v. Unified (any operand may alias v or each other).
   * a = −1: [EFD] add-2008-hwcd-3, 8M + 1·(2d). General a: [EFD]
   * add-2008-hwcd, 9M + 1·a + 1·d.
   */
  add(P: PointExtended, Q: PointExtended): this {
    const c = this.curve, F = c.F, s = c.s;
    const A = s[0]!, B = s[1]!, C = s[2]!, D = s[3]!, E = s[4]!, H = s[5]!, Ff = s[6]!, G = s[7]!;
    if (c.aIsMinusOne) {
      F.sub(Ff, P.Y, P.X); F.sub(G, Q.Y, Q.X); F.mul(A, Ff, G);
      F.add(Ff, P.Y, P.X); F.add(G, Q.Y, Q.X); F.mul(B, Ff, G);
      F.mul(C, P.T, Q.T); F.mul(C, C, c.d2M);
      F.mul(D, P.Z, Q.Z); F.add(D, D, D);
      F.sub(E, B, A);
      F.add(H, B, A);
    } else {
      F.mul(A, P.X, Q.X);
      F.mul(B, P.Y, Q.Y);
      F.mul(C, P.T, Q.T); F.mul(C, C, c.dM);
      F.mul(D, P.Z, Q.Z);
      F.add(Ff, P.X, P.Y); F.add(G, Q.X, Q.Y); F.mul(E, Ff, G); F.sub(E, E, A); F.sub(E, E, B);
      mulA(c, H, A); F.sub(H, B, H);
    }
    F.sub(Ff, D, C);
    F.add(G, D, C);
    F.mul(this.X, E, Ff);
    F.mul(this.Y, G, H);
    F.mul(this.T, E, H);
    F.mul(this.Z, Ff, G);
    return this;
  }

  /**
   * Sets v = P + Q for an affine Q (Z2 = 1, T2 = x2·y2 computed) and
   * returns v. a = −1: [EFD] madd-2008-hwcd-3, 7M + 1·(2d) + 1M for T2.
   * General a: [EFD] madd-2008-hwcd, 8M + 1·a + 1·d + 1M for T2.
   */
  addAffine(P: PointExtended, Q: PointAffine): this {
    const c = this.curve, F = c.F, s = c.s;
    const A = s[0]!, B = s[1]!, C = s[2]!, D = s[3]!, E = s[4]!, H = s[5]!, Ff = s[6]!, G = s[7]!;
    if (c.aIsMinusOne) {
      F.sub(Ff, P.Y, P.X); F.sub(G, Q.y, Q.x); F.mul(A, Ff, G);
      F.add(Ff, P.Y, P.X); F.add(G, Q.y, Q.x); F.mul(B, Ff, G);
      F.mul(C, Q.x, Q.y); F.mul(C, C, P.T); F.mul(C, C, c.d2M);
      F.add(D, P.Z, P.Z);
      F.sub(E, B, A);
      F.add(H, B, A);
    } else {
      F.mul(A, P.X, Q.x);
      F.mul(B, P.Y, Q.y);
      F.mul(C, Q.x, Q.y); F.mul(C, C, P.T); F.mul(C, C, c.dM);
      D.set(P.Z);
      F.add(Ff, P.X, P.Y); F.add(G, Q.x, Q.y); F.mul(E, Ff, G); F.sub(E, E, A); F.sub(E, E, B);
      mulA(c, H, A); F.sub(H, B, H);
    }
    F.sub(Ff, D, C);
    F.add(G, D, C);
    F.mul(this.X, E, Ff);
    F.mul(this.Y, G, H);
    F.mul(this.T, E, H);
    F.mul(this.Z, Ff, G);
    return this;
  }

  /** Sets v = 2·P and returns v. [EFD] dbl-2008-hwcd, 4M + 4S + 1·a. */
  double(P: PointExtended): this {
    const c = this.curve, F = c.F, s = c.s;
    const A = s[0]!, B = s[1]!, C = s[2]!, D = s[3]!, E = s[4]!, G = s[5]!, Ff = s[6]!, H = s[7]!;
    F.square(A, P.X);
    F.square(B, P.Y);
    F.square(C, P.Z); F.add(C, C, C);
    mulA(c, D, A);
    F.add(E, P.X, P.Y); F.square(E, E); F.sub(E, E, A); F.sub(E, E, B);
    F.add(G, D, B);
    F.sub(Ff, G, C);
    F.sub(H, D, B);
    F.mul(this.X, E, Ff);
    F.mul(this.Y, G, H);
    F.mul(this.T, E, H);
    F.mul(this.Z, Ff, G);
    return this;
  }

  /**
   * Internal: sets v = 2·P in (X : Y : Z) like `double` but skips T (3M + 4S +
   * 1·a), leaving T stale. Only for a doubling that is followed by another
   * doubling (which reads X, Y, Z only); the point is invalid until then.
   */
  doubleNoT(P: PointExtended): this {
    const c = this.curve, F = c.F, s = c.s;
    const A = s[0]!, B = s[1]!, C = s[2]!, D = s[3]!, E = s[4]!, G = s[5]!, Ff = s[6]!, H = s[7]!;
    F.square(A, P.X);
    F.square(B, P.Y);
    F.square(C, P.Z); F.add(C, C, C);
    mulA(c, D, A);
    F.add(E, P.X, P.Y); F.square(E, E); F.sub(E, E, A); F.sub(E, E, B);
    F.add(G, D, B);
    F.sub(Ff, G, C);
    F.sub(H, D, B);
    F.mul(this.X, E, Ff);
    F.mul(this.Y, G, H);
    F.mul(this.Z, Ff, G);
    return this;
  }

  /** Sets v = −P ((X : Y : Z : T) → (−X : Y : Z : −T)) and returns v. */
  negate(P: PointExtended): this {
    const F = this.curve.F;
    if (P !== this) { this.Y.set(P.Y); this.Z.set(P.Z); }
    F.negate(this.X, P.X); F.negate(this.T, P.T);
    return this;
  }

  /** Reports whether v and Q are the same point (X1·Z2 = X2·Z1 and Y1·Z2 = Y2·Z1; 4M). */
  equals(Q: PointExtended): boolean {
    const F = this.curve.F, s = this.curve.s;
    F.mul(s[0]!, this.X, Q.Z); F.mul(s[1]!, Q.X, this.Z);
    F.mul(s[2]!, this.Y, Q.Z); F.mul(s[3]!, Q.Y, this.Z);
    return F.equals(s[0]!, s[1]!) && F.equals(s[2]!, s[3]!);
  }

  /** Reports whether v is the identity (X = 0 and Y = Z). */
  isIdentity(): boolean {
    const F = this.curve.F;
    return F.isZero(this.X) && F.equals(this.Y, this.Z) && !F.isZero(this.Z);
  }

  /**
   * Reports whether Z ≠ 0, X·Y = Z·T and a·X² + Y² = Z² + d·T² (the curve
   * equation times Z², given T = XY/Z). 2M + 4S + 1·a + 1·d.
   */
  isOnCurve(): boolean {
    const c = this.curve, F = c.F, s = c.s;
    F.mul(s[0]!, this.X, this.Y);
    F.mul(s[1]!, this.Z, this.T);
    const tOk = F.equals(s[0]!, s[1]!);
    F.square(s[0]!, this.X); mulA(c, s[0]!, s[0]!);
    F.square(s[1]!, this.Y); F.add(s[0]!, s[0]!, s[1]!);
    F.square(s[2]!, this.Z);
    F.square(s[3]!, this.T); F.mul(s[3]!, s[3]!, c.dM); F.add(s[2]!, s[2]!, s[3]!);
    return tOk && F.equals(s[0]!, s[2]!) && !F.isZero(this.Z);
  }

  /**
   * Sets v = ψ(P), the curve's GLV endomorphism (ψ(P) = λ·P on the
   * prime-order subgroup), and returns v. Bandersnatch ψ in projective
   * form ([Bandersnatch] §3, gnark-crypto's constants): with zz = Z², yy = Y²,
   * X' = e1·(zz − yy)·(yy − e0·zz), Y' = e0·(yy + e0·zz)·XY,
   * Z' = (yy − e0·zz)·XY; then back to extended. 10M + 3S.
   *
   * The formula degenerates to (0 : 0 : 0) when x·y = 0. On an affine
   * Bandersnatch point that means x = 0 (a = −5 is not a square, so no
   * affine point has y = 0): the identity and the 2-torsion point (0, −1),
   * which is the kernel of ψ (the formula depends on x·y and y² only, so
   * ψ(P + (0, −1)) = ψ(P)). Both map to the identity, selected without a
   * branch. (ψ(P) is at infinity only if y² = e0, which no rational affine
   * point satisfies.)
   */
  endomorphism(P: PointExtended): this {
    const c = this.curve, F = c.F, s = c.s;
    if (c.glv === undefined) throw new TypeError(`${c.name}: expected a curve with a GLV endomorphism, got none`);
    const zz = s[0]!, yy = s[1]!, xy = s[2]!, f = s[3]!, g = s[4]!, h = s[5]!;
    F.square(zz, P.Z);
    F.square(yy, P.Y);
    F.mul(xy, P.X, P.Y);
    F.sub(f, zz, yy); F.mul(f, f, c.endo1M);
    F.mul(zz, zz, c.endo0M);
    F.add(g, yy, zz); F.mul(g, g, c.endo0M);
    F.sub(h, yy, zz);
    // Projective (X' : Y' : Z') = (f·h : g·xy : h·xy) → extended.
    const X1 = s[6]!, Y1 = s[7]!, Z1 = s[8]!;
    F.mul(X1, f, h); F.mul(Y1, g, xy); F.mul(Z1, h, xy);
    // x·y = 0 (the identity or (0, −1), the kernel of ψ): output the identity (0 : 1 : 1).
    const ker = F.isZero(xy) ? 1 : 0;
    F.setOne(f);
    F.cmov(X1, X1, xy, ker); F.cmov(Y1, Y1, f, ker); F.cmov(Z1, Z1, f, ker);
    F.mul(this.X, X1, Z1); F.mul(this.Y, Y1, Z1); F.mul(this.T, X1, Y1); F.square(this.Z, Z1);
    return this;
  }

  /** Sets v = h·P (log2(h) doublings) and returns v. */
  clearCofactor(P: PointExtended): this {
    if (P !== this) this.set(P);
    for (let i = 0; i < this.curve.cofactorDoublings; i++) this.double(this);
    return this;
  }

  /** Reports whether r·v = O (v is torsion-free; variable-time wNAF on the public r). */
  isTorsionFree(): boolean {
    const t = this.curve.sp[35]!;
    return mulNonConst(this.curve.orderLE, this, t).isIdentity();
  }
}

/** Projective point (X : Y : Z), x = X/Z, y = Y/Z. */
export class PointProj {
  /** The curve. */
  readonly curve: EdwardsCurve;
  /** X coordinate. */
  readonly X: PrimeFieldElement;
  /** Y coordinate. */
  readonly Y: PrimeFieldElement;
  /** Z coordinate (never 0 for a valid point). */
  readonly Z: PrimeFieldElement;

  /** Creates the identity (0 : 1 : 1); coordinates are views of one ArrayBuffer. */
  constructor(curve: EdwardsCurve) {
    const F = expectCurve('PointProj curve', curve).F;
    const n = F.limbs;
    const buf = new ArrayBuffer(24 * n);
    this.curve = curve;
    this.X = new Float64Array(buf, 0, n);
    this.Y = F.setOne(new Float64Array(buf, 8 * n, n));
    this.Z = F.setOne(new Float64Array(buf, 16 * n, n));
  }

  /** Sets v = identity and returns v. */
  setIdentity(): this {
    const F = this.curve.F;
    F.setZero(this.X); F.setOne(this.Y); F.setOne(this.Z);
    return this;
  }

  /** Sets v = the subgroup generator and returns v. */
  setGenerator(): this {
    const c = this.curve;
    this.X.set(c.gx); this.Y.set(c.gy); c.F.setOne(this.Z);
    return this;
  }

  /** Sets v = P and returns v. */
  set(P: PointProj): this {
    this.X.set(P.X); this.Y.set(P.Y); this.Z.set(P.Z);
    return this;
  }

  /** Returns a new copy of this. */
  clone(): PointProj {
    return new PointProj(this.curve).set(this);
  }

  /** Sets v = A ((x : y : 1)) and returns v. */
  setAffine(A: PointAffine): this {
    this.X.set(A.x); this.Y.set(A.y); this.curve.F.setOne(this.Z);
    return this;
  }

  /** Sets v = P (drop T) and returns v. */
  setExtended(P: PointExtended): this {
    this.X.set(P.X); this.Y.set(P.Y); this.Z.set(P.Z);
    return this;
  }

  /** Writes this in affine form into out (allocated if omitted; 1I + 2M) and returns it. */
  toAffine(out?: PointAffine): PointAffine {
    const o = out ?? new PointAffine(this.curve);
    const F = this.curve.F;
    const zi = this.curve.s[10]!;
    F.invert(zi, this.Z);
    F.mul(o.x, this.X, zi); F.mul(o.y, this.Y, zi);
    return o;
  }

  /** Writes this in extended form into out (allocated if omitted; 3M + 1S) and returns it. */
  toExtended(out?: PointExtended): PointExtended {
    return (out ?? new PointExtended(this.curve)).setProj(this);
  }

  /**
   * Sets v = P + Q and returns v. Unified. [EFD] add-2008-bbjlp,
   * 10M + 1S + 1·a + 1·d.
   */
  add(P: PointProj, Q: PointProj): this {
    const c = this.curve, F = c.F, s = c.s;
    const A = s[0]!, B = s[1]!, C = s[2]!, D = s[3]!, E = s[4]!, Ff = s[5]!, G = s[6]!, t = s[7]!, u = s[8]!;
    F.mul(A, P.Z, Q.Z);
    F.square(B, A);
    F.mul(C, P.X, Q.X);
    F.mul(D, P.Y, Q.Y);
    F.mul(E, C, D); F.mul(E, E, c.dM);
    F.sub(Ff, B, E);
    F.add(G, B, E);
    F.add(t, P.X, P.Y); F.add(u, Q.X, Q.Y); F.mul(t, t, u); F.sub(t, t, C); F.sub(t, t, D);
    F.mul(t, t, Ff); F.mul(this.X, t, A);
    mulA(c, u, C); F.sub(u, D, u); F.mul(u, u, G); F.mul(this.Y, u, A);
    F.mul(this.Z, Ff, G);
    return this;
  }

  /** Sets v = P + Q for affine Q (Z2 = 1) and returns v. [EFD] madd-2008-bbjlp, 9M + 1S + 1·a + 1·d. */
  addAffine(P: PointProj, Q: PointAffine): this {
    const c = this.curve, F = c.F, s = c.s;
    const A = s[0]!, B = s[1]!, C = s[2]!, D = s[3]!, E = s[4]!, Ff = s[5]!, G = s[6]!, t = s[7]!, u = s[8]!;
    A.set(P.Z);
    F.square(B, A);
    F.mul(C, P.X, Q.x);
    F.mul(D, P.Y, Q.y);
    F.mul(E, C, D); F.mul(E, E, c.dM);
    F.sub(Ff, B, E);
    F.add(G, B, E);
    F.add(t, P.X, P.Y); F.add(u, Q.x, Q.y); F.mul(t, t, u); F.sub(t, t, C); F.sub(t, t, D);
    F.mul(t, t, Ff); F.mul(this.X, t, A);
    mulA(c, u, C); F.sub(u, D, u); F.mul(u, u, G); F.mul(this.Y, u, A);
    F.mul(this.Z, Ff, G);
    return this;
  }

  /** Sets v = 2·P and returns v. [EFD] dbl-2008-bbjlp, 3M + 4S + 1·a. */
  double(P: PointProj): this {
    const c = this.curve, F = c.F, s = c.s;
    const B = s[0]!, C = s[1]!, D = s[2]!, E = s[3]!, Ff = s[4]!, H = s[5]!, J = s[6]!;
    F.add(B, P.X, P.Y); F.square(B, B);
    F.square(C, P.X);
    F.square(D, P.Y);
    mulA(c, E, C);
    F.add(Ff, E, D);
    F.square(H, P.Z);
    F.add(H, H, H);
    F.sub(J, Ff, H);
    F.sub(B, B, C); F.sub(B, B, D);
    F.mul(this.X, B, J);
    F.sub(E, E, D);
    F.mul(this.Y, Ff, E);
    F.mul(this.Z, Ff, J);
    return this;
  }

  /** Sets v = −P ((X : Y : Z) → (−X : Y : Z)) and returns v. */
  negate(P: PointProj): this {
    if (P !== this) { this.Y.set(P.Y); this.Z.set(P.Z); }
    this.curve.F.negate(this.X, P.X);
    return this;
  }

  /** Reports whether v and Q are the same point (4M). */
  equals(Q: PointProj): boolean {
    const F = this.curve.F, s = this.curve.s;
    F.mul(s[0]!, this.X, Q.Z); F.mul(s[1]!, Q.X, this.Z);
    F.mul(s[2]!, this.Y, Q.Z); F.mul(s[3]!, Q.Y, this.Z);
    return F.equals(s[0]!, s[1]!) && F.equals(s[2]!, s[3]!);
  }

  /** Reports whether v is the identity (X = 0, Y = Z ≠ 0). */
  isIdentity(): boolean {
    const F = this.curve.F;
    return F.isZero(this.X) && F.equals(this.Y, this.Z) && !F.isZero(this.Z);
  }

  /** Reports whether Z ≠ 0 and (a·X² + Y²)·Z² = Z⁴ + d·X²·Y². 2M + 4S + 1·a + 1·d. */
  isOnCurve(): boolean {
    const c = this.curve, F = c.F, s = c.s;
    const X2 = s[0]!, Y2 = s[1]!, Z2 = s[2]!, l = s[3]!, r = s[4]!;
    F.square(X2, this.X);
    F.square(Y2, this.Y);
    F.square(Z2, this.Z);
    mulA(c, l, X2); F.add(l, l, Y2); F.mul(l, l, Z2);
    F.mul(r, X2, Y2); F.mul(r, r, c.dM);
    F.square(Z2, Z2); F.add(r, r, Z2);
    return F.equals(l, r) && !F.isZero(this.Z);
  }

  /** Sets v = h·P (log2(h) doublings) and returns v. */
  clearCofactor(P: PointProj): this {
    if (P !== this) this.set(P);
    for (let i = 0; i < this.curve.cofactorDoublings; i++) this.double(this);
    return this;
  }

  /** Reports whether r·v = O. */
  isTorsionFree(): boolean {
    return this.curve.sp[36]!.setProj(this).isTorsionFree();
  }
}

/** Options for decoding a compressed point. */
export interface DecodeOptions {
  /** Also require the point to be in the prime-order subgroup (ERR_POINT_NOT_IN_SUBGROUP otherwise). */
  readonly subgroup?: boolean;
  /** Sign convention; defaults to the curve's `encoding`. */
  readonly encoding?: EdwardsEncoding;
}

/** The sign conventions of {@link EdwardsEncoding}. */
/**
 * Throws TypeError unless `P` is an instance of `cls` on `curve` (an output
 * point of another type or curve is a programmer error); returns `P`.
 */
export function expectPointOn<T extends { readonly curve: EdwardsCurve }>(
  what: string,
  P: unknown,
  cls: Function & { readonly prototype: T },
  curve: EdwardsCurve,
): T {
  const Q = expectInstance(what, P, cls);
  if (Q.curve !== curve) throw new TypeError(`${what}: expected ${cls.name} on ${curve.name}, got one on ${Q.curve.name}`);
  return Q;
}

export const EDWARDS_ENCODINGS: readonly EdwardsEncoding[] = Object.freeze(['parity', 'lexsign'] as const);

/**
 * Returns the sign convention of decoding options (the curve's when absent)
 * after checking them: TypeError for non-object options, a non-boolean
 * `subgroup` or an `encoding` other than 'parity' / 'lexsign'.
 */
function decodeEncoding(curve: EdwardsCurve, opts: DecodeOptions | undefined): EdwardsEncoding {
  const o = expectOptions(`${curve.name} point options`, opts);
  if (o === undefined) return curve.encoding;
  expectBoolean(`${curve.name} point subgroup`, o.subgroup, false);
  return expectOneOf(`${curve.name} point encoding`, o.encoding, EDWARDS_ENCODINGS, curve.encoding);
}

/** Affine point (x, y). The identity is (0, 1). */
export class PointAffine {
  /** The curve. */
  readonly curve: EdwardsCurve;
  /** x coordinate (Montgomery limbs). */
  readonly x: PrimeFieldElement;
  /** y coordinate (Montgomery limbs). */
  readonly y: PrimeFieldElement;

  /** Creates the identity (0, 1); coordinates are views of one ArrayBuffer. */
  constructor(curve: EdwardsCurve) {
    const n = expectCurve('PointAffine curve', curve).F.limbs;
    const buf = new ArrayBuffer(16 * n);
    this.curve = curve;
    this.x = new Float64Array(buf, 0, n);
    this.y = curve.F.setOne(new Float64Array(buf, 8 * n, n));
  }

  /**
   * Returns the point (x, y) after checking 0 ≤ x, y < q (StrataError
   * ERR_X_TOO_BIG / ERR_Y_TOO_BIG; negative values count as too big) and the
   * curve equation (ERR_POINT_NOT_ON_CURVE). TypeError for non-bigints.
   */
  static fromXY(curve: EdwardsCurve, x: bigint, y: bigint): PointAffine {
    expectCurve('PointAffine.fromXY curve', curve);
    if (typeof x !== 'bigint' || typeof y !== 'bigint') throw new TypeError(`point coordinates: expected bigints, got ${typeof x}, ${typeof y}`);
    const q = curve.F.p;
    if (x < 0n || x >= q) throw new StrataError(ErrorCode.X_TOO_BIG, `${curve.name} point: expected x in [0, q), got one outside`);
    if (y < 0n || y >= q) throw new StrataError(ErrorCode.Y_TOO_BIG, `${curve.name} point: expected y in [0, q), got one outside`);
    const P = new PointAffine(curve);
    curve.F.setBigInt(P.x, x);
    curve.F.setBigInt(P.y, y);
    if (!P.isOnCurve()) throw new StrataError(ErrorCode.POINT_NOT_ON_CURVE, `${curve.name} point: expected (x, y) on the curve, got a point off it`);
    return P;
  }

  /**
   * Decodes a 32-byte compressed point: y little-endian in bits 0..254, a
   * sign bit in bit 255 ('parity': x is odd; 'lexsign': x > (q−1)/2). Errors
   * (StrataError codes): ERR_BAD_LENGTH (not 32 bytes), ERR_Y_TOO_BIG
   * (y ≥ q), ERR_POINT_NOT_ON_CURVE (no x for this y), ERR_NON_CANONICAL
   * (x = 0 with the sign bit set, [ZIP-216]), ERR_POINT_NOT_IN_SUBGROUP
   * (with `subgroup: true`). TypeError for a non-Uint8Array, options that
   * are not an object, a non-boolean `subgroup`, an unknown `encoding`, a
   * `curve` that is not an EdwardsCurve, or an `out` that is not a
   * PointAffine on `curve`.
   */
  static fromBytes(curve: EdwardsCurve, bytes: Uint8Array, opts?: DecodeOptions, out?: PointAffine): PointAffine {
    expectCurve('PointAffine.fromBytes curve', curve);
    if (out !== undefined) expectPointOn('PointAffine.fromBytes out', out, PointAffine, curve);
    expectBytes(`${curve.name} point`, bytes, 32);
    const F = curve.F, s = curve.s;
    const enc = decodeEncoding(curve, opts);
    const sign = bytes[31]! >> 7;
    const yb = curve.kb[0]!;
    yb.set(bytes);
    yb[31] = yb[31]! & 0x7f;
    const y = s[12]!, u = s[13]!, v = s[14]!, x = s[15]!;
    try {
      F.setBytesLE(y, yb);
    } catch (e) {
      if (e instanceof StrataError && e.code === ErrorCode.NON_CANONICAL) {
        throw new StrataError(ErrorCode.Y_TOO_BIG, `${curve.name} point: expected y < q, got y ≥ q`);
      }
      throw e;
    }
    // x² = (1 − y²) / (a − d·y²).
    F.square(u, y);
    F.mul(v, u, curve.dM);
    F.sub(v, curve.aM, v);
    // a − d·y² = 0 (possible when a/d is a square, as on Bandersnatch): the curve has no affine point with this y.
    if (F.isZero(v)) throw new StrataError(ErrorCode.POINT_NOT_ON_CURVE, `${curve.name} point: expected y with a matching x on the curve, got y² = a/d (no affine point)`);
    F.setOne(x);
    F.sub(u, x, u);
    F.invert(v, v);
    F.mul(u, u, v);
    if (!F.sqrt(x, u)) throw new StrataError(ErrorCode.POINT_NOT_ON_CURVE, `${curve.name} point: expected y with a matching x on the curve, got none`);
    if (F.isZero(x) && sign === 1) throw new StrataError(ErrorCode.NON_CANONICAL, `${curve.name} point: expected sign bit 0 for x = 0, got 1`);
    const isNeg = enc === 'parity' ? F.isOdd(x) : F.isLexLargest(x);
    if ((isNeg ? 1 : 0) !== sign) F.negate(x, x);
    const P = out ?? new PointAffine(curve);
    P.x.set(x); P.y.set(y);
    if (!P.isOnCurve()) throw new StrataError(ErrorCode.POINT_NOT_ON_CURVE, `${curve.name} point: expected a point on the curve, got one off it`);
    if (opts?.subgroup === true && !P.isTorsionFree()) {
      throw new StrataError(ErrorCode.POINT_NOT_IN_SUBGROUP, `${curve.name} point: expected a point in the prime-order subgroup, got one with a torsion component`);
    }
    return P;
  }

  /**
   * Writes the 32-byte compressed encoding (see fromBytes) into out
   * (allocated if omitted) and returns it. TypeError for an `encoding` other
   * than 'parity' / 'lexsign' (absent: the curve's).
   */
  toBytes(out?: Uint8Array, encoding?: EdwardsEncoding): Uint8Array {
    const c = this.curve, F = c.F;
    const o = out === undefined ? new Uint8Array(32) : expectBytes('output', out, 32);
    F.toBytesLE(this.y, o);
    const enc = expectOneOf(`${c.name} point encoding`, encoding, EDWARDS_ENCODINGS, c.encoding);
    const neg = enc === 'parity' ? F.isOdd(this.x) : F.isLexLargest(this.x);
    if (neg) o[31] = o[31]! | 0x80;
    return o;
  }

  /** Returns the canonical coordinates as bigints (allocates). */
  toBigInts(): { x: bigint; y: bigint } {
    return { x: this.curve.F.toBigInt(this.x), y: this.curve.F.toBigInt(this.y) };
  }

  /** Sets v = identity and returns v. */
  setIdentity(): this {
    this.curve.F.setZero(this.x); this.curve.F.setOne(this.y);
    return this;
  }

  /** Sets v = the subgroup generator and returns v. */
  setGenerator(): this {
    this.x.set(this.curve.gx); this.y.set(this.curve.gy);
    return this;
  }

  /** Sets v = P and returns v. */
  set(P: PointAffine): this {
    this.x.set(P.x); this.y.set(P.y);
    return this;
  }

  /** Returns a new copy of this. */
  clone(): PointAffine {
    return new PointAffine(this.curve).set(this);
  }

  /** Writes this into out as an extended point (allocated if omitted) and returns it. */
  toExtended(out?: PointExtended): PointExtended {
    return (out ?? new PointExtended(this.curve)).setAffine(this);
  }

  /** Writes this into out as a projective point (allocated if omitted) and returns it. */
  toProj(out?: PointProj): PointProj {
    return (out ?? new PointProj(this.curve)).setAffine(this);
  }

  /** Sets v = P (extended → affine, 1I + 2M) and returns v. */
  setExtended(P: PointExtended): this {
    P.toAffine(this);
    return this;
  }

  /** Sets v = P (projective → affine, 1I + 2M) and returns v. */
  setProj(P: PointProj): this {
    P.toAffine(this);
    return this;
  }

  /**
   * Sets v = P + Q with the affine twisted Edwards addition law
   * x3 = (x1y2 + y1x2)/(1 + d·x1x2y1y2), y3 = (y1y2 − a·x1x2)/(1 − d·x1x2y1y2)
   * ([BBJLP08] §3), both denominators inverted together: 1I + 10M + 1·a + 1·d.
   * Unified; returns v.
   */
  add(P: PointAffine, Q: PointAffine): this {
    const c = this.curve, F = c.F, s = c.s;
    const xy = s[0]!, yx = s[1]!, yy = s[2]!, xx = s[3]!, t = s[4]!, d1 = s[5]!, d2 = s[6]!, i = s[7]!, nx = s[8]!, ny = s[9]!;
    F.mul(xy, P.x, Q.y);
    F.mul(yx, P.y, Q.x);
    F.mul(yy, P.y, Q.y);
    F.mul(xx, P.x, Q.x);
    F.mul(t, xx, yy); F.mul(t, t, c.dM);
    F.add(nx, xy, yx);
    mulA(c, ny, xx); F.sub(ny, yy, ny);
    F.setOne(d1); F.sub(d2, d1, t); F.add(d1, d1, t);
    F.mul(i, d1, d2); F.invert(i, i);
    F.mul(nx, nx, d2); F.mul(this.x, nx, i);
    F.mul(ny, ny, d1); F.mul(this.y, ny, i);
    return this;
  }

  /** Sets v = P + Q and returns v: the same as add (both operands are affine), kept so that every point type has `addAffine`. */
  addAffine(P: PointAffine, Q: PointAffine): this {
    return this.add(P, Q);
  }

  /** Sets v = 2·P (the unified affine law with Q = P; 1I + 10M + 1·a + 1·d) and returns v. */
  double(P: PointAffine): this {
    return this.add(P, P);
  }

  /** Sets v = −P ((x, y) → (−x, y)) and returns v. */
  negate(P: PointAffine): this {
    if (P !== this) this.y.set(P.y);
    this.curve.F.negate(this.x, P.x);
    return this;
  }

  /** Reports whether v = Q (coordinates equal). */
  equals(Q: PointAffine): boolean {
    const F = this.curve.F;
    return F.equals(this.x, Q.x) && F.equals(this.y, Q.y);
  }

  /** Reports whether v is (0, 1). */
  isIdentity(): boolean {
    return this.curve.F.isZero(this.x) && this.curve.F.isOne(this.y);
  }

  /** Reports whether a·x² + y² = 1 + d·x²·y². 1M + 2S + 1·a + 1·d. */
  isOnCurve(): boolean {
    const c = this.curve, F = c.F, s = c.s;
    const x2 = s[0]!, y2 = s[1]!, l = s[2]!, r = s[3]!;
    F.square(x2, this.x);
    F.square(y2, this.y);
    mulA(c, l, x2); F.add(l, l, y2);
    F.mul(r, x2, y2); F.mul(r, r, c.dM);
    F.setOne(x2); F.add(r, r, x2);
    return F.equals(l, r);
  }

  /** Sets v = h·P and returns v. */
  clearCofactor(P: PointAffine): this {
    return this.setExtended(this.curve.sp[36]!.setAffine(P).clearCofactor(this.curve.sp[36]!));
  }

  /** Reports whether r·v = O. */
  isTorsionFree(): boolean {
    return this.curve.sp[36]!.setAffine(this).isTorsionFree();
  }
}

/**
 * Converts many projective or extended points to affine with one field
 * inversion (Montgomery's simultaneous-inversion trick: 1I + 3(n−1)M + 2nM)
 * and returns the affine points (written into `out` when given; an `out`
 * shorter than `points` is StrataError ERR_BAD_LENGTH, entries past
 * points.length are left alone — the contract of the other two modules'
 * batch conversions). All points must be on the same curve. Allocates
 * O(n) temporaries (a batch operation, not a hot-path one).
 *
 * References: [MONT87] P. L. Montgomery, "Speeding the Pollard and elliptic
 * curve methods of factorization", Math. Comp. 48 (1987), §10.3.1.
 */
export function batchToAffine(points: readonly (PointExtended | PointProj)[], out?: PointAffine[]): PointAffine[] {
  if (!Array.isArray(points)) throw new TypeError('batchToAffine: expected an array of points');
  const n = points.length;
  if (out !== undefined && (!Array.isArray(out) || out.length < n)) {
    if (!Array.isArray(out)) throw new TypeError('batchToAffine: expected an array of PointAffine as out');
    throw new StrataError(ErrorCode.BAD_LENGTH, `batchToAffine: expected at least ${n} output points, got ${out.length}`);
  }
  if (n === 0) return out ?? [];
  const first = points[0]!;
  if (!(first instanceof PointExtended || first instanceof PointProj)) throw new TypeError('batchToAffine: expected PointExtended or PointProj inputs');
  const c = first.curve, F = c.F;
  for (const P of points) {
    if (!(P instanceof PointExtended || P instanceof PointProj)) throw new TypeError('batchToAffine: expected PointExtended or PointProj inputs');
    if (P.curve !== c) throw new TypeError(`batchToAffine: expected points on ${c.name}, got one on ${P.curve.name}`);
  }
  const res = out ?? points.map(() => new PointAffine(c));
  for (let i = 0; i < n; i++) {
    const A = res[i];
    if (!(A instanceof PointAffine) || A.curve !== c) throw new TypeError(`batchToAffine: expected PointAffine outputs on ${c.name}`);
  }
  // pre[i] = Z_0 · … · Z_i.
  const pre: PrimeFieldElement[] = [];
  let run = F.set(F.create(), first.Z);
  pre.push(run);
  for (let i = 1; i < n; i++) {
    run = F.mul(F.create(), run, points[i]!.Z);
    pre.push(run);
  }
  const inv = F.invert(F.create(), pre[n - 1]!);
  const zi = F.create();
  for (let i = n - 1; i >= 0; i--) {
    const P = points[i]!;
    if (i > 0) F.mul(zi, inv, pre[i - 1]!); else zi.set(inv);
    if (i > 0) F.mul(inv, inv, P.Z);
    const A = res[i]!;
    F.mul(A.x, P.X, zi);
    F.mul(A.y, P.Y, zi);
  }
  return res;
}

// ---------------------------------------------------------------------------
// Scalar multiplication bodies (the public functions are in scalarmult.ts).
// ---------------------------------------------------------------------------

/**
 * Sets R = k·P (wNAF, width 5, 8 precomputed odd multiples) and
 * returns R. Variable-time: public scalars only. k is any integer in
 * [0, 2^256) (not reduced mod r, so it is exact for points with a torsion
 * component too).
 */
function mulNonConst(k: Scalar, P: PointExtended, R: PointExtended): PointExtended {
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

// ---------------------------------------------------------------------------
// The public scalar multiplications (docs/api.md §3: inputs first, `out` last).
// ---------------------------------------------------------------------------

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

/**
 * Returns out = k·P (out a new point when omitted) with a fixed operation
 * sequence, for SECRET scalars (see the module doc for what JavaScript can
 * and cannot promise). k is any integer in [0, 2^256) (not reduced mod r).
 * P may be extended, projective or affine; out may alias P.
 */
export function scalarMult(k: Scalar, P: EdwardsPoint, out?: PointExtended): PointExtended {
  const X = extendedOf('scalarMult', P);
  return mulCt(k, X, outOf('scalarMult', X.curve, out));
}

/**
 * Returns out = k·P (width-5 wNAF), variable time: public scalars only. k
 * is any integer in [0, 2^256), not reduced mod r (exact on points with a
 * torsion component too). P may be extended, projective or affine; out may
 * alias P.
 */
export function scalarMultNonConst(k: Scalar, P: EdwardsPoint, out?: PointExtended): PointExtended {
  const X = extendedOf('scalarMultNonConst', P);
  return mulNonConst(k, X, outOf('scalarMultNonConst', X.curve, out));
}

/**
 * Returns out = k·P by the GLV decomposition (about half the doublings of
 * {@link scalarMultNonConst}), variable time. Precondition: P is in the
 * prime-order subgroup (the result is unspecified otherwise); k is reduced
 * mod r. TypeError on a curve without an endomorphism.
 */
export function scalarMultGlvNonConst(k: Scalar, P: EdwardsPoint, out?: PointExtended): PointExtended {
  const X = extendedOf('scalarMultGlvNonConst', P);
  return mulGlvNonConst(k, X, outOf('scalarMultGlvNonConst', X.curve, out));
}

/** Returns out = k·G for the curve's generator G with a fixed operation sequence (SECRET k). */
export function scalarBaseMult(curve: EdwardsCurve, k: Scalar, out?: PointExtended): PointExtended {
  expectCurve('scalarBaseMult curve', curve);
  return baseMulCt(k, outOf('scalarBaseMult', curve, out));
}

/** Returns out = k·G for the curve's generator G, variable time (public k). */
export function scalarBaseMultNonConst(curve: EdwardsCurve, k: Scalar, out?: PointExtended): PointExtended {
  expectCurve('scalarBaseMultNonConst curve', curve);
  return baseMulNonConst(k, outOf('scalarBaseMultNonConst', curve, out));
}
