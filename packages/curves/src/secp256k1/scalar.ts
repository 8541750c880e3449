/**
 * Scalar recodings for secp256k1 multiplication: the GLV split k = k1 + k2·λ
 * (mod n) into two ~128-bit halves, and width-w non-adjacent form (wNAF).
 *
 * The split is computed on 16-bit limbs in doubles (two 256×256-bit
 * multiply-and-round steps and four 128×128-bit products); no BigInt and no
 * reduction mod n is used.
 *
 * Everything in this file is variable-time and only for public scalars or
 * inside `NonConst` routines.
 *
 * References:
 * - [GLV] Gallant, Lambert, Vanstone, CRYPTO 2001.
 * - [GECC] Hankerson, Menezes, Vanstone, Algorithm 3.74 (balanced
 *   length-two representation), Algorithm 3.35 (wNAF).
 * - libsecp256k1 `secp256k1_scalar_split_lambda` (the rounding constants
 *   g1, g2 and their error bound; the halves stay below 2¹²⁸ in absolute
 *   value).
 */
import { ModNScalar } from '@strata/field';
import { G1_BYTES, G2_BYTES } from './params.js';
import { A1_HEX, A2_HEX, B1_HEX } from './glv.generated.js';
import { recodeWnafNonConst } from '../shared/recode.js';

/** Splits 32 big-endian bytes into 16 little-endian 16-bit limbs. */
function toLimbs16(b: Uint8Array, out: Float64Array): void {
  for (let i = 0; i < 16; i++) out[i] = (b[31 - 2 * i]! | (b[30 - 2 * i]! << 8));
}

const G1_L = new Float64Array(16);
const G2_L = new Float64Array(16);
toLimbs16(G1_BYTES, G1_L);
toLimbs16(G2_BYTES, G2_L);

/** Parses a short hex constant into little-endian 16-bit limbs. */
function limbs16(hex: string, n: number): Float64Array {
  const out = new Float64Array(n);
  let v = hex;
  for (let i = 0; i < n && v.length > 0; i++) {
    out[i] = Number.parseInt(v.slice(-4), 16);
    v = v.slice(0, -4);
  }
  return out;
}

/** a1 = b2 = 0x3086…eb15, |b1| = 0xe443…e4c3, a2 = 0x114c…4cfd8 ([GECC] Alg. 3.74 basis; see params.ts, glv.generated.ts). */
const A1_L = limbs16(A1_HEX, 8);
const B1_L = limbs16(B1_HEX, 8);
const A2_L = limbs16(A2_HEX, 9);

const kL = new Float64Array(16);
const prod = new Float64Array(33);
const kBytes = new Uint8Array(32);
const c1L = new Float64Array(9);
const c2L = new Float64Array(9);
const acc1 = new Float64Array(20);
const acc2 = new Float64Array(20);

/**
 * Writes round(k·g / 2³⁸⁴) into `out` as nine little-endian 16-bit limbs,
 * where k is in `kL` and g in `gL` (16-bit limbs). Column sums stay below
 * 2⁴⁰ (16 products of two 16-bit limbs plus a carry), exact in a double.
 */
function mulShift384(gL: Float64Array, out: Float64Array): void {
  prod.fill(0);
  for (let i = 0; i < 16; i++) {
    const ki = kL[i]!;
    if (ki === 0) continue;
    for (let j = 0; j < 16; j++) prod[i + j] = prod[i + j]! + ki * gL[j]!;
  }
  let carry = 0;
  for (let i = 0; i < 32; i++) {
    const v = prod[i]! + carry;
    const lo = v % 65536;
    prod[i] = lo;
    carry = (v - lo) / 65536;
  }
  // Bits 384…511 are limbs 24…31; bit 383 (top bit of limb 23) rounds.
  let round = prod[23]! >= 32768 ? 1 : 0;
  for (let i = 24; i < 32; i++) {
    const v = prod[i]! + round;
    round = v >= 65536 ? 1 : 0;
    out[i - 24] = v - round * 65536;
  }
  out[8] = round; // only reachable for values ≥ 2¹²⁸, kept for exactness
}

/** acc[i + j] += sign · a[i]·b[j] (signed column sums, |sum| < 2⁴⁰). */
function mulAcc(acc: Float64Array, a: Float64Array, b: Float64Array, sign: number): void {
  for (let i = 0; i < a.length; i++) {
    const ai = a[i]! * sign;
    if (ai === 0) continue;
    for (let j = 0; j < b.length; j++) acc[i + j] = acc[i + j]! + ai * b[j]!;
  }
}

/**
 * Carries the signed columns of `acc` into 16-bit limbs and writes the
 * magnitude as 32 big-endian bytes into `out`; returns whether the value is
 * negative. The value must be below 2²⁵⁶ in absolute value.
 */
function signedToBytes(acc: Float64Array, out: Uint8Array): boolean {
  let carry = 0;
  for (let i = 0; i < acc.length; i++) {
    const v = acc[i]! + carry;
    carry = Math.floor(v / 65536);
    acc[i] = v - carry * 65536; // in [0, 65536)
  }
  // The value is Σ acc[i]·2^(16i) + carry·2^(16·len), with carry ∈ {0, −1}.
  const neg = carry < 0;
  if (neg) {
    // Magnitude = 2^(16·len) − Σ acc[i]·2^(16i): two's complement of the limbs.
    let borrow = 1;
    for (let i = 0; i < acc.length; i++) {
      const v = 65535 - acc[i]! + borrow;
      borrow = v >= 65536 ? 1 : 0;
      acc[i] = v - borrow * 65536;
    }
  }
  for (let i = 0; i < 16; i++) {
    const w = acc[i]!;
    out[31 - 2 * i] = w & 0xff;
    out[30 - 2 * i] = w >>> 8;
  }
  return neg;
}

/**
 * The two halves of a GLV split with their signs: k ≡ s1·|k1| + s2·|k2|·λ
 * (mod n), |k1|, |k2| < 2¹²⁸, written as 32 big-endian bytes each.
 */
export interface GlvSplit {
  /** |k1| as 32 big-endian bytes (the top 16 are zero). */
  readonly k1: Uint8Array;
  /** |k2| as 32 big-endian bytes (the top 16 are zero). */
  readonly k2: Uint8Array;
  /** Whether k1 is negative. */
  neg1: boolean;
  /** Whether k2 is negative. */
  neg2: boolean;
}

/** Creates an empty split record (reusable across calls). */
export function newGlvSplit(): GlvSplit {
  return { k1: new Uint8Array(32), k2: new Uint8Array(32), neg1: false, neg2: false };
}

/**
 * Sets `out` to the balanced split of k ([GECC] Alg. 3.74) and returns out:
 * c1 = round(k·g1/2³⁸⁴) ≈ round(b2·k/n), c2 = round(k·g2/2³⁸⁴) ≈ round(−b1·k/n),
 * k1 = k − c1·a1 − c2·a2, k2 = −c1·b1 − c2·b2, computed as signed integers
 * on 16-bit limbs (no reduction mod n is needed: k1 + k2·λ ≡ k holds for any
 * c1, c2 because (a_i, b_i) are lattice vectors; the rounding only keeps
 * |k1|, |k2| < 2¹²⁸).
 */
export function splitKNonConst(k: ModNScalar, out: GlvSplit): GlvSplit {
  k.putBytes(kBytes, 0);
  toLimbs16(kBytes, kL);
  mulShift384(G1_L, c1L);
  mulShift384(G2_L, c2L);
  // k2 = c1·|b1| − c2·a1   (b2 = a1)
  acc2.fill(0);
  mulAcc(acc2, c1L, B1_L, 1);
  mulAcc(acc2, c2L, A1_L, -1);
  out.neg2 = signedToBytes(acc2, out.k2);
  // k1 = k − c1·a1 − c2·a2
  acc1.fill(0);
  for (let i = 0; i < 16; i++) acc1[i] = kL[i]!;
  mulAcc(acc1, c1L, A1_L, -1);
  mulAcc(acc1, c2L, A2_L, -1);
  out.neg1 = signedToBytes(acc1, out.k1);
  return out;
}

/**
 * The GLV split of {@link splitKNonConst} for SECRET scalars, with the same
 * result but a fixed sequence of operations: no skipped zero limbs, the
 * rounding and carries by arithmetic, and the sign handled by masks (a
 * conditional two's complement). Signs are reported in `out.neg1/neg2`
 * and, when `masks` is given, as masks (masks[0], masks[1] = −1 for a
 * negative half, else 0) for branch-free use. Best effort: JavaScript gives
 * no timing guarantees.
 */
export function splitK(k: ModNScalar, out: GlvSplit, masks?: Int32Array): GlvSplit {
  k.putBytes(kBytes, 0);
  toLimbs16(kBytes, kL);
  mulShift384Const(G1_L, c1L);
  mulShift384Const(G2_L, c2L);
  acc2.fill(0);
  mulAccConst(acc2, c1L, B1_L, 1);
  mulAccConst(acc2, c2L, A1_L, -1);
  const m2 = signedToBytesConst(acc2, out.k2);
  acc1.fill(0);
  for (let i = 0; i < 16; i++) acc1[i] = kL[i]!;
  mulAccConst(acc1, c1L, A1_L, -1);
  mulAccConst(acc1, c2L, A2_L, -1);
  const m1 = signedToBytesConst(acc1, out.k1);
  out.neg1 = m1 !== 0;
  out.neg2 = m2 !== 0;
  if (masks !== undefined) {
    masks[0] = m1;
    masks[1] = m2;
  }
  kBytes.fill(0);
  kL.fill(0);
  c1L.fill(0);
  c2L.fill(0);
  return out;
}

/** {@link mulShift384} without data-dependent skips or comparisons. */
function mulShift384Const(gL: Float64Array, out: Float64Array): void {
  prod.fill(0);
  for (let i = 0; i < 16; i++) {
    const ki = kL[i]!;
    for (let j = 0; j < 16; j++) prod[i + j] = prod[i + j]! + ki * gL[j]!;
  }
  let carry = 0;
  for (let i = 0; i < 32; i++) {
    const v = prod[i]! + carry;
    carry = Math.floor(v / 65536);
    prod[i] = v - carry * 65536;
  }
  let round = prod[23]! >>> 15; //                 bit 383
  for (let i = 24; i < 32; i++) {
    const v = prod[i]! + round;
    round = v >>> 16;
    out[i - 24] = v & 0xffff;
  }
  out[8] = round;
  prod.fill(0);
}

/** {@link mulAcc} without skipping zero limbs. */
function mulAccConst(acc: Float64Array, a: Float64Array, b: Float64Array, sign: number): void {
  for (let i = 0; i < a.length; i++) {
    const ai = a[i]! * sign;
    for (let j = 0; j < b.length; j++) acc[i + j] = acc[i + j]! + ai * b[j]!;
  }
}

/**
 * {@link signedToBytes} with the two's complement applied through a mask:
 * returns −1 when the value is negative, else 0.
 */
function signedToBytesConst(acc: Float64Array, out: Uint8Array): number {
  let carry = 0;
  for (let i = 0; i < acc.length; i++) {
    const v = acc[i]! + carry;
    carry = Math.floor(v / 65536);
    acc[i] = v - carry * 65536;
  }
  const m = carry | 0; //                         0 or −1
  let c = m & 1;
  for (let i = 0; i < acc.length; i++) {
    const v = ((acc[i]! ^ m) & 0xffff) + c; //    (~x + 1) when negative, x otherwise
    c = v >>> 16;
    acc[i] = v & 0xffff;
  }
  for (let i = 0; i < 16; i++) {
    const w = acc[i]!;
    out[31 - 2 * i] = w & 0xff;
    out[30 - 2 * i] = w >>> 8;
  }
  acc.fill(0);
  return m;
}

/** Little-endian copy of a wNAF input (the shared recoder reads little-endian bytes). */
const wnafLE = new Uint8Array(32);

/**
 * Writes the width-w NAF of the unsigned big-endian integer `b` (any
 * length ≤ 32 bytes) into `out` (digit i is the coefficient of 2^i: zero
 * or odd with |d| < 2^(w−1)) and returns the number of digits used (one
 * past the highest non-zero digit; 0 for zero). `out` must hold at least
 * 8·b.length + w + 1 entries; it is zeroed beyond the digits.
 * 2 ≤ w ≤ 8. The recoding is the package's one wNAF
 * (`shared/recode.ts`), over b reversed to little-endian.
 */
export function wnafNonConst(b: Uint8Array, w: number, out: Int8Array): number {
  const nBytes = b.length;
  if (nBytes > 32) throw new RangeError(`wnafNonConst: expected at most 32 bytes, got ${nBytes}`);
  if (!Number.isInteger(w) || w < 2 || w > 8) throw new RangeError(`wnafNonConst: expected width 2…8, got ${w}`);
  if (out.length < 8 * nBytes + w + 1) throw new RangeError(`wnafNonConst: expected room for ${8 * nBytes + w + 1} digits, got ${out.length}`);
  for (let i = 0; i < nBytes; i++) wnafLE[i] = b[nBytes - 1 - i]!;
  return recodeWnafNonConst(wnafLE, nBytes, w, out);
}

/**
 * Writes the non-adjacent form (w = 2: digits in {−1, 0, 1}, no two
 * adjacent non-zero) of the big-endian integer `b` into `out` and returns
 * the number of digits used. See {@link wnafNonConst}.
 */
export function nafNonConst(b: Uint8Array, out: Int8Array): number {
  return wnafNonConst(b, 2, out);
}
