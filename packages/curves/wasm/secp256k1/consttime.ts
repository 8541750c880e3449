/**
 * Constant-time scalar multiplication kernels for SECRET scalars: the
 * algorithms of the TypeScript engine's src/secp256k1/consttime.ts, with the
 * same formulas in the same order (so the same normalized results).
 *
 * Discipline, as there: the sequence of operations and every memory address
 * are the same for every scalar. Field operations are straight-line (the
 * loops of packages/field/wasm/secp256k1.ts have fixed bounds); table
 * entries are read by scanning every entry of the window and combining them
 * with all-ones / all-zeros masks; signs, zero digits and the exceptional
 * cases of an addition are applied with masks; the recodings are
 * arithmetic. Whether P is the identity and the position in the loop are
 * public. The secret inputs and digits are wiped from the region before
 * returning.
 *
 * Every form accumulates in a lazy Jacobian point (∞ as Z = 0, 120 bytes)
 * with the branch-free unified mixed addition lazyAddAffineConst ([BJ02]
 * Brier, Joye, PKC 2002, with the chord fallback: ∞, equal and opposite
 * operands by mask), one-shot k·P also with lazyDouble. Formulas:
 * point-formulas.generated.ts, written from packages/curves/gen/formulas/
 * secp256k1.mjs.
 */
import * as F from '@strata/field/wasm/secp256k1';
import { GX, GY, addAffine, double, fmul, setPoint, slot } from './point';
import { lazyAddAffineBlind, lazyAddAffineConst, lazyDouble } from './point-formulas.generated';
import { ZG, batchToAffineWith, buildOneShot } from './ecmult';
import { M1, M2, splitScalar, wipeSplit } from './split';
import { CTG, CT_ACC, CT_DIGITS, CT_SEL, CT_SUM, CT_WORDS, FLAGS, IN_K, IN_K2, IN_P, ONESHOT, OUT, TABLE_A, WORK } from './layout';

// Scratch slots: NEG for the masked negation (dead before the formulas, which use 0 – 9, run).
const NEG = slot(8);
const SX = slot(13), SY = slot(14);

/** Windows of the signed 5-bit recoding: ⌈256/5⌉ = 52. */
const WIN_COUNT: i32 = 52;
/** Entries per window: |d|·2^(5j)·P for |d| = 1 … 16. */
const WIN_PER: i32 = 16;
/** The builders' work area for a SecretPointTable: after the table's 66 560 bytes at TABLE_A (inside TABLE_B). */
const SECRET_WORK: usize = TABLE_A + 66560;

/** Sets f = mask ? g : f for mask ∈ {0, 0xffffffff}, limb by limb with masks (n limbs). */
function cmov(f: usize, g: usize, mask: u32, n: usize): void {
  for (let i: usize = 0; i < 4 * n; i += 4) store<u32>(f + i, (load<u32>(f + i) & ~mask) | (load<u32>(g + i) & mask));
}

/** Odd multiples in the one-shot table (ecmult.ts buildOneShot): P, 3P, …, 15P. */
const ODD: u32 = 8;
/** Signed odd 4-bit digits per GLV half: 32·4 = 128 bits. */
const HALF_DIGITS: i32 = 32;
/** The field constant 1 (the ∞ case of lazyAddAffineConst). */
const ONE: usize = memory.data<u32>([1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
// The selected entry: x, y and −y (CT_SEL's 120 bytes); the accumulator
// (lazy, ∞ as Z = 0) at CT_ACC; a copy for the masked corrections at CT_SUM.
const SEL_X = CT_SEL, SEL_Y = CT_SEL + 40, SEL_NY = CT_SEL + 80;

/**
 * Sets OUT = the lazy accumulator at CT_ACC with Z multiplied by zs (u to
 * leave E_u, or 1), every coordinate normalized and the identity (Z = 0)
 * as (0, 0, 0), by mask.
 */
function lazyResult(zs: usize): void {
  fmul(OUT + 80, CT_ACC + 80, zs);
  F.normalize(OUT + 80);
  F.copy(OUT, CT_ACC);
  F.normalize(OUT);
  F.copy(OUT + 40, CT_ACC + 40);
  F.normalize(OUT + 40);
  const inf: u32 = 0 - F.isZero(OUT + 80); //        k = 0: the identity as (0, 0, 0)
  for (let i: usize = 0; i < 80; i += 4) store<u32>(OUT + i, load<u32>(OUT + i) & ~inf);
}

/**
 * Returns digit j's 4 bits c_j of u = ⌊h/2⌋ + 2¹²⁷ for the 128-bit half h at
 * k (32 big-endian bytes, the top 16 zero): bits 4j + 1 … 4j + 4 of h, with
 * bit 3 set for j = 31. The odd h' = 2·⌊h/2⌋ + 1 (h, or h + 1 when h is
 * even) is Σ (2·c_j − 15)·16^j: every digit odd, in [−15, 15], the top one
 * positive. Addresses and shifts depend on j only.
 */
function nibble(k: usize, j: i32): u32 {
  const bit = 4 * j + 1;
  const i = bit >> 3; //                              byte from the least significant end, ≤ 15
  const raw = <u32>load<u8>(k + <usize>(31 - i)) | (<u32>load<u8>(k + <usize>(30 - i)) << 8);
  return ((raw >> <u32>(bit & 7)) & 15) | (j == HALF_DIGITS - 1 ? 8 : 0);
}

/**
 * Sets (dx, dy) = the x at xBase + stride·(sel − 1) and the y at
 * yBase + stride·(sel − 1), `words` 64-bit words each (5: ten limbs; 4: the
 * packed form's eight 32-bit words), or zeros for sel = 0, by reading all
 * `count` entries with masks: the words accumulate in locals, every entry is
 * read and masked in the same order, and the mask alone selects. Locals, not
 * an OR into memory per entry: that form measured a timing dependence on the
 * SECRET index in the leak check (docs/leak-check.md, finding 9). `words` is
 * a constant at every call (the function is inlined), so its test folds away.
 */
// @ts-ignore: decorator
@inline
function scanPair(xBase: usize, yBase: usize, stride: usize, count: u32, sel: u32, dx: usize, dy: usize, words: i32): void {
  let x0: u64 = 0, x1: u64 = 0, x2: u64 = 0, x3: u64 = 0, x4: u64 = 0;
  let y0: u64 = 0, y1: u64 = 0, y2: u64 = 0, y3: u64 = 0, y4: u64 = 0;
  for (let e: u32 = 0; e < count; e++) {
    const m: u64 = <u64>(<i64>((<i32>((e + 1) ^ sel) - 1) >> 31)); // all ones iff e + 1 = sel
    const ex = xBase + stride * <usize>e, ey = yBase + stride * <usize>e;
    x0 |= load<u64>(ex, 0) & m;
    x1 |= load<u64>(ex, 8) & m;
    x2 |= load<u64>(ex, 16) & m;
    x3 |= load<u64>(ex, 24) & m;
    y0 |= load<u64>(ey, 0) & m;
    y1 |= load<u64>(ey, 8) & m;
    y2 |= load<u64>(ey, 16) & m;
    y3 |= load<u64>(ey, 24) & m;
    if (words == 5) {
      x4 |= load<u64>(ex, 32) & m;
      y4 |= load<u64>(ey, 32) & m;
    }
  }
  store<u64>(dx, x0, 0);
  store<u64>(dx, x1, 8);
  store<u64>(dx, x2, 16);
  store<u64>(dx, x3, 24);
  store<u64>(dy, y0, 0);
  store<u64>(dy, y1, 8);
  store<u64>(dy, y2, 16);
  store<u64>(dy, y3, 24);
  if (words == 5) {
    store<u64>(dx, x4, 32);
    store<u64>(dy, y4, 32);
  }
}

/**
 * Sets SEL_X, SEL_Y = the x (at entry + xOff: 0 for x, 80 for β·x) and y of
 * one-shot entry idx < 8, by reading all eight entries with masks, and
 * replaces y by −y when neg is all ones.
 */
function selectOdd(idx: u32, xOff: usize, neg: u32): void {
  scanPair(ONESHOT + xOff, ONESHOT + 40, 120, ODD, idx + 1, SEL_X, SEL_Y, 5);
  F.negate(SEL_NY, SEL_Y, 1); //                      −y               (mag 2)
  cmov(SEL_Y, SEL_NY, neg, 10);
}

/** Sets the lazy accumulator a = a + (SEL_X, SEL_Y) (lazyAddAffineConst, inlined here once). */
function addSelected(a: usize): void {
  lazyAddAffineConst(a, SEL_X, SEL_Y, ONE);
}

/** Sets the finite lazy accumulator CT_ACC = CT_ACC + (SEL_X, SEL_Y), which must not be ± the entry (lazyAddAffineBlind, inlined here once). */
function addSelectedBlind(): void {
  lazyAddAffineBlind(CT_ACC, SEL_X, SEL_Y);
}

/**
 * Sets SEL_X, SEL_Y = the point of one digit of a GLV half: c (see
 * {@link nibble}) gives the digit d = 2c − 15, entry |d| = 2·idx + 1 with
 * idx = c − 8 for c ≥ 8 and 7 − c below; the point is −(entry) when d < 0
 * differs from the half's sign mask m (all ones: the half is negative).
 */
function selectDigit(c: u32, xOff: usize, m: u32): void {
  const pos = c >> 3; //                              1 when d > 0
  const idx = (c ^ (pos - 1)) & 7;
  selectOdd(idx, xOff, (pos - 1) ^ m);
}

/** Adds one digit of a GLV half to the accumulator (see {@link selectDigit}) with the unified addition: any accumulator. */
function addDigit(c: u32, xOff: usize, m: u32): void {
  selectDigit(c, xOff, m);
  addSelected(CT_ACC);
}

/** Adds one digit of a GLV half to the accumulator (see {@link selectDigit}) with the blind addition: see {@link scalarMult} for why its operands are never exceptional. */
function addDigitBlind(c: u32, xOff: usize, m: u32): void {
  selectDigit(c, xOff, m);
  addSelectedBlind();
}

/** Sets the accumulator CT_ACC = 16·CT_ACC: four lazyDouble (inlined here once). */
function double4(): void {
  for (let i = 0; i < 4; i++) lazyDouble(CT_ACC);
}

/**
 * Subtracts Q = (entry 0 at xOff, y) signed by m from the accumulator when
 * the half at k was even (its digits gave h + 1): the sum is computed
 * always (at CT_SUM) and kept by mask.
 */
function correct(k: usize, xOff: usize, m: u32): void {
  const even = (<u32>load<u8>(k + 31) & 1) ^ 1;
  selectOdd(0, xOff, ~m); //                          −(±Q)
  memory.copy(CT_SUM, CT_ACC, 120);
  addSelected(CT_SUM);
  cmov(CT_ACC, CT_SUM, 0 - even, 30);
}

/**
 * Sets OUT = k·P for the finite normalized point at IN_P and a SECRET k given
 * by its GLV split: |k1| at IN_K, |k2| at IN_K2 (32 big-endian bytes each,
 * the top 16 zero) and the halves' sign masks m1, m2 (0 or all ones), so
 * k ≡ ±|k1| ± |k2|·λ (mod n).
 *
 * P is public: its table is the one-shot table of the variable-time k·P
 * (ecmult.ts buildOneShot: P, 3P, …, 15P and their β·x, affine on the
 * isomorphic curve E_u, no inversion). Each half h is read as the odd
 * h' = h | 1 in 32 signed odd 4-bit digits ({@link nibble}: no zero digit,
 * so no digit needs a branch). From the top, per digit position: 4
 * doublings (lazyDouble, 3M + 4S; secp256k1 has no point of order 2, and
 * the accumulator is never ∞, see below), then for each half a masked scan
 * of the 8 entries, a masked sign and one branch-free mixed addition. The
 * top position starts from the first half's entry itself (the accumulator
 * is ∞ there for every k). Positions 30 … 1 and the second half of 31 add
 * with lazyAddAffineBlind (8M + 3S, no test, no normalization); position 0
 * adds with lazyAddAffineConst (7M + 5S, three normalizations: it covers ∞,
 * equal and opposite operands). Last, for each even half, ±P (resp. ±φ(P))
 * is subtracted by mask with lazyAddAffineConst, and Z is multiplied by u to
 * leave E_u. 124 doublings + 61 blind and 4 unified additions for every k.
 *
 * Why the blind additions never meet ∞ or ± their operand. Before the
 * doublings of position i < 31 the accumulator is A1·P + A2·φ(P) with
 * A = Σ_{m>i} d_m·16^(m−i−1) over the odd digits |d_m| ≤ 15 of each half
 * (signs and the half's sign included), so |A| ≤ 16^(31−i) − 1; after the
 * doublings it is 16·A1·P + 16·A2·λ·P. The first half's addition of ±d·P
 * (|d| ≤ 15) meets ± its operand, or makes ∞, only if x + y·λ ≡ 0 (mod n)
 * for x = 16·A1 ∓ d, y = 16·A2 (P has prime order n); the second half's
 * addition of ±d'·φ(P) = ±d'·λ·P only if it holds for x = 16·A1 + d1,
 * y = 16·A2 ∓ d'. In both x is odd, so (x, y) ≠ (0, 0), and
 * |x|, |y| < 16^(32−i). The solutions (x, y) of x + y·λ ≡ 0 form a lattice
 * of determinant n; its shortest nonzero vector is (a1, b1) =
 * (0x3086d221a7d46bcde86c90e49284eb15, −0xe4437ed6010e88286f547fa90abfe4c3),
 * of Euclidean length > 2^127.86 (the first vector of the Gauss-reduced
 * basis; the other, (0x114ca50f7a8e2f3f657c1108d9d44cfd8, a1), is longer
 * and |⟨b, b'⟩| ≤ |b|²/2), so every nonzero solution has
 * max(|x|, |y|) > 2^127.86/√2 > 2^127. For i ≥ 1, 16^(32−i) ≤ 2^124: no
 * solution, so neither addition is exceptional and no partial sum is ∞. The
 * second half's addition at position 31 has x = d1, |y| ≤ 15: likewise.
 * Position 0 (16^32 = 2^128) and the corrections are not covered, so they
 * keep the unified addition.
 */
export function scalarMult(m1: u32, m2: u32): void {
  buildOneShot();
  // Position 31: the accumulator is ∞ for every k (public), so it is set to
  // the first half's point (Z = 1) and the second half's is added blind.
  selectDigit(nibble(IN_K, HALF_DIGITS - 1), 0, m1);
  memory.copy(CT_ACC, CT_SEL, 80);
  F.setInt(CT_ACC + 80, 1);
  addDigitBlind(nibble(IN_K2, HALF_DIGITS - 1), 80, m2);
  for (let j = HALF_DIGITS - 2; j >= 1; j--) {
    double4();
    addDigitBlind(nibble(IN_K, j), 0, m1);
    addDigitBlind(nibble(IN_K2, j), 80, m2);
  }
  double4();
  addDigit(nibble(IN_K, 0), 0, m1);
  addDigit(nibble(IN_K2, 0), 80, m2);
  correct(IN_K, 0, m1);
  correct(IN_K2, 80, m2);
  lazyResult(ZG); //                                  Z·u: back on E
  memory.fill(IN_K, 0, 64);
  memory.fill(CT_SEL, 0, 120);
  memory.fill(CT_SUM, 0, 120);
  memory.fill(CT_ACC, 0, 120);
}

/** Writes the magnitude at m (5 little-endian limbs, below 2^128) at dst as 32 big-endian bytes, the top 16 zero. */
function putHalf(dst: usize, m: usize): void {
  memory.fill(dst, 0, 16);
  for (let i: usize = 0; i < 4; i++) store<u32>(dst + 28 - 4 * i, bswap<u32>(load<u32>(m + 4 * i)));
}

/**
 * Sets OUT = k·P for the finite normalized point at IN_P and the SECRET
 * scalar at IN_K (32 big-endian bytes, k < n): the branch-free GLV split of
 * split.ts (the integers of the TypeScript engine's splitK), its halves
 * written where {@link scalarMult} reads them and the signs as masks, then
 * scalarMult. Wipes the split's scratch and the inputs.
 */
export function scalarMultSplit(): void {
  const signs = splitScalar(IN_K);
  putHalf(IN_K, M1);
  putHalf(IN_K2, M2);
  wipeSplit();
  scalarMult(0 - (signs & 1), 0 - ((signs >> 1) & 1));
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
 * Sets the accumulator CT_ACC = keep ? CT_ACC : inf ? (SX, SY, 1) : CT_SUM
 * (∞ + Q = Q; SY follows SX) for masks keep, inf ∈ {0, all ones}, in
 * 64-bit words with masks: the same loads and stores for every mask.
 */
function settle(keep: u64, inf: u64): void {
  for (let i: usize = 0; i < 120; i += 8) {
    const q = i < 80 ? load<u64>(SX + i) : load<u64>(ONE + i - 80); // i is public
    const s = (load<u64>(CT_SUM + i) & ~inf) | (q & inf);
    store<u64>(CT_ACC + i, (load<u64>(CT_ACC + i) & keep) | (s & ~keep));
  }
}

/**
 * Sets OUT = k·P for the SECRET scalar at IN_K from a window table of P
 * (entry 16·j + |d| − 1 = |d|·2^(5j)·P, affine; `packed`: x and y as eight
 * 32-bit words each, 64 bytes, else ten limbs each, 80 bytes): per window a
 * masked scan of its 16 entries (all zero when d = 0; 64-bit words), a
 * masked choice of y or −y, one mixed addition into a copy of the lazy
 * Jacobian accumulator (lazyAddAffineBlind, 8M + 3S, no branch), the entry
 * itself chosen by mask while the accumulator is ∞, and a masked choice
 * that keeps the old accumulator when d = 0. No doublings. The result is
 * normalized (the identity as (0, 0, 0)).
 *
 * The addition never meets its exceptional operands a = ±(entry): before
 * window j the accumulator is S·P with S = Σ_{i<j} d_i·2^(5i), so
 * |S| ≤ 16·(2^(5j) − 1)/31 < 2^(5j), and the entry is ±|d|·2^(5j)·P with
 * 1 ≤ |d| ≤ 16. S ∓ d·2^(5j) is then a nonzero integer, and below n in
 * absolute value: for j ≤ 50 it is below 17·2^250 < 2^255; for j = 51,
 * k = S + d·2^255 < n < 2^256 leaves d ≤ 1, so it is below 2^255·(1 + 16/31)
 * < n. P has prime order n, so S·P ≠ ±d·2^(5j)·P; and S·P is ∞ only for
 * S = 0, which the mask tracks.
 */
function windowMult(table: usize, packed: bool): void {
  recode();
  memory.fill(CT_ACC, 0, 120); //                     ∞ (Z = 0)
  let inf: u64 = 0xffffffffffffffff; //               all ones while the accumulator is ∞
  const stride: usize = packed ? 64 : 80;
  for (let j = 0; j < WIN_COUNT; j++) {
    const d = <i32>load<i8>(CT_DIGITS + <usize>j);
    const sign = d >> 31; //                          −1 when d < 0, else 0
    const a = (d ^ sign) - sign; //                   |d| ∈ [0, 16]
    const base = table + stride * <usize>(WIN_PER * j);
    if (packed) {
      scanPair(base, base + 32, 64, <u32>WIN_PER, <u32>a, CT_WORDS, CT_WORDS + 32, 4); // eight words each
      F.fromWords(SX, CT_WORDS);
      F.fromWords(SY, CT_WORDS + 32);
    } else {
      scanPair(base, base + 40, 80, <u32>WIN_PER, <u32>a, SX, SY, 5); // x and y as limbs
    }
    F.negate(NEG, SY, 1); //                          −y               (mag 2)
    cmov(SY, NEG, <u32>sign, 10); //                  y ← −y when d < 0
    memory.copy(CT_SUM, CT_ACC, 120);
    lazyAddAffineBlind(CT_SUM, SX, SY);
    const keep = <u64>(<i64>((a - 1) >> 31)); //      all ones iff d = 0
    settle(keep, inf);
    inf &= keep;
  }
  lazyResult(ONE);
  memory.fill(IN_K, 0, 32);
  memory.fill(CT_DIGITS, 0, 52);
  memory.fill(CT_WORDS, 0, 80);
  memory.fill(SX, 0, 80);
  memory.fill(NEG, 0, 40);
  memory.fill(CT_SUM, 0, 120);
  memory.fill(CT_ACC, 0, 120);
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
