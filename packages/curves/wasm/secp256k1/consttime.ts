/**
 * Constant-time scalar multiplication kernels for SECRET scalars: the
 * algorithms of the TypeScript engine's src/secp256k1/consttime.ts, with the
 * same formulas in the same order (so the same normalized results).
 *
 * Discipline, as there: the sequence of operations and every memory address
 * are the same for every scalar. Field operations are straight-line (the
 * loops of packages/field/wasm/secp256k1.ts have fixed bounds); table
 * entries are read by scanning every entry of the window and combining them
 * with all-ones / all-zeros masks; signs and zero digits are applied with
 * masks; the signed recoding is arithmetic. Whether P is the identity and
 * the position in the loop are public. The secret inputs and digits are
 * wiped from the region before returning.
 *
 * Points are homogeneous projective (X : Y : Z) ↦ (X/Z, Y/Z), identity
 * (0 : 1 : 0), 120 bytes. [RCB16] Renes, Costello, Batina, "Complete
 * addition formulas for prime order elliptic curves", EUROCRYPT 2016,
 * Algorithms 7, 8, 9 with a = 0, b3 = 3·b = 21 (point-formulas.generated.ts,
 * written from packages/curves/gen/formulas/secp256k1.mjs).
 */
import * as F from '@strata/field/wasm/secp256k1';
import { BETA, GX, GY, addAffine, double, fmul, fsqr, setIdentity, setPoint, slot } from './point';
import { completeAdd, completeAddAffine, completeDouble } from './point-formulas.generated';
import { batchToAffineWith } from './ecmult';
import { CTG, CT_ACC, CT_DIGITS, CT_PHI, CT_SEL, CT_SUM, CT_TAB, CT_WORDS, FLAGS, IN_K, IN_K2, IN_P, OUT, TABLE_A, WORK } from './layout';

// Scratch slots: T0 here, NEG for the masked negation (the formulas use 0 – 7).
const T0 = slot(0), NEG = slot(8);
const SX = slot(13), SY = slot(14);

/** Windows of the signed 5-bit recoding: ⌈256/5⌉ = 52. */
const WIN_COUNT: i32 = 52;
/** Entries per window: |d|·2^(5j)·P for |d| = 1 … 16. */
const WIN_PER: i32 = 16;
/** The builders' work area for a SecretPointTable: after the table's 66 560 bytes at TABLE_A (inside TABLE_B). */
const SECRET_WORK: usize = TABLE_A + 66560;

/** Sets p = the projective identity (0 : 1 : 0). */
function projIdentity(p: usize): void {
  setIdentity(p);
  F.setInt(p + 40, 1);
}


/** Sets r = p + q (complete; [RCB16] Algorithm 7, a = 0: 12M + 2·m_3b). Output normalized; r may alias p or q. */
function addComplete(r: usize, p: usize, q: usize): void {
  completeAdd(r, p, q);
}

/** Sets r = 2·p (complete; [RCB16] Algorithm 9, a = 0: 6M + 2S + 1·m_3b). Output normalized; r may alias p. */
function doubleComplete(r: usize, p: usize): void {
  completeDouble(r, p);
}

/**
 * Sets r = p + (x2, y2) for a projective p and an affine (x2, y2) that is not
 * the identity ([RCB16] Algorithm 8, a = 0: 11M + 2·m_3b). Output
 * normalized; r may alias p.
 */
function addMixedComplete(r: usize, p: usize, x2: usize, y2: usize): void {
  completeAddAffine(r, p, x2, y2);
}

/** Sets f = mask ? g : f for mask ∈ {0, 0xffffffff}, limb by limb with masks (n limbs). */
function cmov(f: usize, g: usize, mask: u32, n: usize): void {
  for (let i: usize = 0; i < 4 * n; i += 4) store<u32>(f + i, (load<u32>(f + i) & ~mask) | (load<u32>(g + i) & mask));
}

/** Sets the y of the point r to −y when mask is all ones, with masks only. */
function condNegY(r: usize, mask: u32): void {
  F.negate(NEG, r + 40, 1);
  F.normalize(NEG);
  cmov(r + 40, NEG, mask, 10);
}

/** Sets r = table[idx] (16 points of 120 bytes) by scanning every entry with masks. */
function selectPoint(r: usize, table: usize, idx: u32): void {
  memory.fill(r, 0, 120);
  for (let j: u32 = 0; j < 16; j++) {
    const m: u32 = <u32>((<i32>(j ^ idx) - 1) >> 31);
    const e = table + 120 * <usize>j;
    for (let i: usize = 0; i < 120; i += 4) store<u32>(r + i, load<u32>(r + i) | (load<u32>(e + i) & m));
  }
}

/** Sets r = the projective form (X·Z, Y, Z³) of the finite normalized Jacobian point p. */
function projFromJacobian(r: usize, p: usize): void {
  fmul(r, p, p + 80);
  F.normalize(r); //                                  X·Z
  fsqr(T0, p + 80);
  fmul(r + 80, T0, p + 80);
  F.normalize(r + 80); //                             Z³
  F.copy(r + 40, p + 40);
}

/** Sets OUT = the Jacobian form (X·Z, Y·Z², Z) of the projective p; the identity gives (0, 0, 0). */
function jacobianFromProj(p: usize): void {
  fsqr(T0, p + 80);
  fmul(OUT + 40, p + 40, T0);
  F.normalize(OUT + 40); //                           Y·Z²
  fmul(OUT, p, p + 80);
  F.normalize(OUT); //                                X·Z
  F.copy(OUT + 80, p + 80);
}

/**
 * Sets OUT = k·P for the finite normalized point at IN_P and a SECRET k given
 * by its GLV split: |k1| at IN_K, |k2| at IN_K2 (32 big-endian bytes each,
 * the top 16 zero) and the halves' sign masks m1, m2 (0 or all ones). Per
 * 4-bit window from the top (32 of them): 4 complete doublings, then for each
 * half a masked scan of the 16 multiples 0·Q … 15·Q (Q = P, resp.
 * φ(P) = (β·X, Y, Z)), a masked negation by the half's sign and one complete
 * addition. The tables (32 projective points) live in the work area.
 */
export function scalarMult(m1: u32, m2: u32): void {
  projIdentity(CT_TAB);
  projFromJacobian(CT_TAB + 120, IN_P);
  for (let i = 2; i < 16; i++) addComplete(CT_TAB + 120 * <usize>i, CT_TAB + 120 * <usize>(i - 1), CT_TAB + 120);
  for (let i = 0; i < 16; i++) {
    const e = CT_TAB + 120 * <usize>i, f = CT_PHI + 120 * <usize>i;
    fmul(f, e, BETA);
    F.normalize(f); //                                φ: X ↦ β·X
    F.copy(f + 40, e + 40);
    F.copy(f + 80, e + 80);
  }
  projIdentity(CT_ACC);
  for (let i: usize = 16; i < 32; i++) {
    const b1 = <u32>load<u8>(IN_K + i), b2 = <u32>load<u8>(IN_K2 + i);
    for (let half: i32 = 1; half >= 0; half--) {
      doubleComplete(CT_ACC, CT_ACC);
      doubleComplete(CT_ACC, CT_ACC);
      doubleComplete(CT_ACC, CT_ACC);
      doubleComplete(CT_ACC, CT_ACC);
      selectPoint(CT_SEL, CT_TAB, (b1 >> (4 * <u32>half)) & 15);
      condNegY(CT_SEL, m1);
      addComplete(CT_ACC, CT_ACC, CT_SEL);
      selectPoint(CT_SEL, CT_PHI, (b2 >> (4 * <u32>half)) & 15);
      condNegY(CT_SEL, m2);
      addComplete(CT_ACC, CT_ACC, CT_SEL);
    }
  }
  memory.fill(IN_K, 0, 64);
  memory.fill(CT_SEL, 0, 120);
  memory.fill(NEG, 0, 40);
  jacobianFromProj(CT_ACC);
}

/**
 * Writes the 52 signed 5-bit digits d_j ∈ [−16, 16) of the SECRET scalar at
 * IN_K (32 big-endian bytes, k < n) to CT_DIGITS, branch-free: the window
 * bits plus the carry, v, give d = v − 32·c with c = (v + 16) >> 5 (the
 * recoding of the TypeScript engine's recodeSignedConst; k < 2^256 leaves no
 * carry out of window 51). Branches and addresses depend on j only.
 */
function recode(): void {
  let carry: i32 = 0;
  for (let j = 0; j < WIN_COUNT; j++) {
    const bit = 5 * j;
    let v: i32 = 0;
    if (bit < 256) {
      const i = bit >> 3;
      let raw = <i32>load<u8>(IN_K + <usize>(31 - i));
      if (i + 1 < 32) raw |= <i32>load<u8>(IN_K + <usize>(30 - i)) << 8;
      v = (raw >> (bit & 7)) & 31;
    }
    v += carry;
    carry = (v + 16) >> 5;
    store<i8>(CT_DIGITS + <usize>j, <i8>(v - (carry << 5)));
  }
}

/**
 * Sets OUT = k·P for the SECRET scalar at IN_K from a window table of P
 * (entry 16·j + |d| − 1 = |d|·2^(5j)·P, affine; `packed`: x and y as eight
 * 32-bit words each, 64 bytes, else ten limbs each, 80 bytes): per window a
 * masked scan of its 16 entries (all zero when d = 0), a masked choice of
 * y or −y, one complete mixed addition ([RCB16] Algorithm 8) and a masked
 * choice that keeps the old accumulator when d = 0. No doublings.
 */
function windowMult(table: usize, packed: bool): void {
  recode();
  projIdentity(CT_ACC);
  const words: usize = packed ? 16 : 20;
  const stride: usize = 4 * words;
  for (let j = 0; j < WIN_COUNT; j++) {
    const d = <i32>load<i8>(CT_DIGITS + <usize>j);
    const sign = d >> 31; //                          −1 when d < 0, else 0
    const a = (d ^ sign) - sign; //                   |d| ∈ [0, 16]
    const base = table + stride * <usize>(WIN_PER * j);
    if (packed) {
      // The 16 words of the selected entry accumulate in locals: every entry
      // is read and masked in the same order, the mask alone selects.
      let w0: u32 = 0, w1: u32 = 0, w2: u32 = 0, w3: u32 = 0, w4: u32 = 0, w5: u32 = 0, w6: u32 = 0, w7: u32 = 0;
      let w8: u32 = 0, w9: u32 = 0, w10: u32 = 0, w11: u32 = 0, w12: u32 = 0, w13: u32 = 0, w14: u32 = 0, w15: u32 = 0;
      for (let e = 0; e < WIN_PER; e++) {
        const m = <u32>((((e + 1) ^ a) - 1) >> 31); // all ones iff e + 1 = |d|
        const off = base + 64 * <usize>e;
        w0 |= load<u32>(off, 0) & m;
        w1 |= load<u32>(off, 4) & m;
        w2 |= load<u32>(off, 8) & m;
        w3 |= load<u32>(off, 12) & m;
        w4 |= load<u32>(off, 16) & m;
        w5 |= load<u32>(off, 20) & m;
        w6 |= load<u32>(off, 24) & m;
        w7 |= load<u32>(off, 28) & m;
        w8 |= load<u32>(off, 32) & m;
        w9 |= load<u32>(off, 36) & m;
        w10 |= load<u32>(off, 40) & m;
        w11 |= load<u32>(off, 44) & m;
        w12 |= load<u32>(off, 48) & m;
        w13 |= load<u32>(off, 52) & m;
        w14 |= load<u32>(off, 56) & m;
        w15 |= load<u32>(off, 60) & m;
      }
      store<u32>(CT_WORDS, w0, 0);
      store<u32>(CT_WORDS, w1, 4);
      store<u32>(CT_WORDS, w2, 8);
      store<u32>(CT_WORDS, w3, 12);
      store<u32>(CT_WORDS, w4, 16);
      store<u32>(CT_WORDS, w5, 20);
      store<u32>(CT_WORDS, w6, 24);
      store<u32>(CT_WORDS, w7, 28);
      store<u32>(CT_WORDS, w8, 32);
      store<u32>(CT_WORDS, w9, 36);
      store<u32>(CT_WORDS, w10, 40);
      store<u32>(CT_WORDS, w11, 44);
      store<u32>(CT_WORDS, w12, 48);
      store<u32>(CT_WORDS, w13, 52);
      store<u32>(CT_WORDS, w14, 56);
      store<u32>(CT_WORDS, w15, 60);
    } else {
      memory.fill(CT_WORDS, 0, 80);
      for (let e = 0; e < WIN_PER; e++) {
        const m = <u32>((((e + 1) ^ a) - 1) >> 31); // all ones iff e + 1 = |d|
        const off = base + stride * <usize>e;
        for (let i: usize = 0; i < stride; i += 4) store<u32>(CT_WORDS + i, load<u32>(CT_WORDS + i) | (load<u32>(off + i) & m));
      }
    }
    if (packed) {
      F.fromWords(SX, CT_WORDS);
      F.fromWords(SY, CT_WORDS + 32);
    } else {
      F.copy(SX, CT_WORDS);
      F.copy(SY, CT_WORDS + 40);
    }
    F.negate(NEG, SY, 1);
    F.normalize(NEG); //                              −y
    cmov(SY, NEG, <u32>sign, 10); //                  y ← −y when d < 0
    addMixedComplete(CT_SUM, CT_ACC, SX, SY);
    const keep = <u32>((a - 1) >> 31); //             all ones iff d = 0
    cmov(CT_ACC, CT_SUM, ~keep, 30); //               acc ← sum unless d = 0
  }
  memory.fill(IN_K, 0, 32);
  memory.fill(CT_DIGITS, 0, 52);
  memory.fill(CT_WORDS, 0, 80);
  memory.fill(SX, 0, 80);
  memory.fill(NEG, 0, 40);
  jacobianFromProj(CT_ACC);
}

/**
 * Writes the window table of the affine point (px, py) to dst: entry
 * 16·j + |d| − 1 = |d|·2^(5j)·P (j < 52, |d| = 1 … 16), affine, packed (x, y
 * as eight 32-bit words, 64 bytes) or as limbs (x, y, 80 bytes: the layout
 * of SecretPointTable.limbs). Window by window in `work` (17 points and
 * their prefix products, 2 720 bytes): 15 mixed additions, one doubling to
 * the next window's base (2^(5(j+1))·P = 2·16·2^(5j)·P) and one batch
 * inversion. Affine points are unique, so the entries equal the TypeScript
 * engine's. P is public: variable time.
 */
function buildWindows(px: usize, py: usize, dst: usize, packed: bool, work: usize): void {
  const pts = work;
  const base = work + 120 * <usize>WIN_PER;
  const pre = work + 120 * <usize>(WIN_PER + 1);
  F.copy(base, px);
  F.copy(base + 40, py);
  F.setInt(base + 80, 1);
  for (let j = 0; j < WIN_COUNT; j++) {
    setPoint(pts, base);
    for (let d = 1; d < WIN_PER; d++) {
      const q = pts + 120 * <usize>d;
      addAffine(q, q - 120, base, base + 40);
    }
    double(base, pts + 120 * <usize>(WIN_PER - 1));
    batchToAffineWith(pts, WIN_PER + 1, pre);
    for (let d = 0; d < WIN_PER; d++) {
      const q = pts + 120 * <usize>d;
      if (packed) {
        const e = dst + 64 * <usize>(WIN_PER * j + d);
        F.toWords(e, q);
        F.toWords(e + 32, q + 40);
      } else {
        const e = dst + 80 * <usize>(WIN_PER * j + d);
        F.copy(e, q);
        F.copy(e + 40, q + 40);
      }
    }
  }
}

/** Builds G's window table at CTG (packed) unless built (flag at FLAGS + 12). */
function prepareCTG(): void {
  if (load<u32>(FLAGS, 12) != 0) return;
  buildWindows(GX, GY, CTG, true, WORK);
  store<u32>(FLAGS, 1, 12);
}

/**
 * Makes the finite normalized point at IN_P affine (in place) and writes its
 * window table as SecretPointTable limbs (832 entries × 80 bytes = 66 560)
 * at TABLE_A, spilling into TABLE_B, with the work area after it.
 */
export function buildSecretTable(): void {
  batchToAffineWith(IN_P, 1, SECRET_WORK + 17 * 120);
  buildWindows(IN_P, IN_P + 40, TABLE_A, false, SECRET_WORK);
}

/** Sets OUT = k·G for the SECRET scalar at IN_K (window table of G, built on first use). */
export function baseMult(): void {
  prepareCTG();
  windowMult(CTG, true);
}

/** Sets OUT = k·P for the SECRET scalar at IN_K from a SecretPointTable's limbs copied to TABLE_A (832 entries of 80 bytes, spilling into TABLE_B). */
export function tableMult(): void {
  windowMult(TABLE_A, false);
}
