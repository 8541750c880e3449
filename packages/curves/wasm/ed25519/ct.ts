/**
 * Constant-time scalar multiplication for SECRET scalars (signing, key
 * generation, Diffie–Hellman-style uses): the twins of scalarBaseMult,
 * scalarMultTable and scalarMult in src/ed25519/scalarmult.ts, with the same
 * fixed operation sequence. No branch, loop bound or memory index depends
 * on the scalar: signed radix-16 digits are recoded arithmetically, each
 * table operand is chosen by reading EVERY entry of its row and keeping one
 * with all-ones/all-zeros masks, and the sign is applied by a masked swap
 * and negation. Afterwards the digits, the scalar bytes and the selected
 * operand are wiped.
 *
 * References: [BDLSY12] Bernstein, Duif, Lange, Schwabe, Yang, "High-speed
 * high-security signatures" (signed radix-16 comb: 64 mixed additions and 4
 * doublings for a fixed base).
 */
import * as fe from '@strata/field/wasm/fe25519';
import { B_COMB, CT_DIGITS, CT_TABLE, IO_BYTES, IO_IN, IO_OUT, IO_SCALAR_A, KEY_TABLE, MSM_WORK, NIELS, PT, PT_TMP, STATE, workUsed } from './layout';
import { addCachedCt, addNiels, addNielsCt, batchNiels, dbl, dblK, fromF64Point, identity, toCached, toF64Point, addCached } from './point';
import { basePoint } from './scalarmult';
import { encodePoint } from './encode';

/** −1 when a = b, else 0 (a, b small non-negative ints), without a branch. */
// @ts-ignore: decorator
@inline
function eqMask(a: i32, b: i32): i32 {
  return ((a ^ b) - 1) >> 31;
}

/**
 * Writes the 65 signed radix-16 digits of the 32-byte integer at k to
 * CT_DIGITS: Σ e[i]·16^i = k, e[i] ∈ [−8, 8) for i < 64, e[64] ∈ {0, 1}.
 * Branch-free (the carry is arithmetic).
 */
function radix16(k: usize): void {
  let carry: i32 = 0;
  for (let i = 0; i < 64; i++) {
    const byte: i32 = load<u8>(k + <usize>(i >> 1));
    let v = ((byte >> ((i & 1) << 2)) & 15) + carry;
    carry = (v + 8) >> 4;
    v -= carry << 4;
    store<i8>(CT_DIGITS + <usize>i, <i8>v);
  }
  store<i8>(CT_DIGITS + 64, <i8>carry);
}

/**
 * Sets n = d·E for the digit d ∈ [−8, 8] and the row of 8 Niels entries at
 * row (entry j = (j + 1)·E): all 8 entries are read and masked, word by
 * word (15 × 64 bits per entry, the 8 masks held in locals), the identity
 * (1, 1, 0) is kept for d = 0, the sign by a masked swap of y ± x and a
 * masked negation of 2d·xy.
 */
function selectNiels(n: usize, row: usize, d: i32): void {
  const neg = d >> 31;
  const abs = (d ^ neg) - neg;
  // −1 (all ones) for the entry |d| − 1, else 0; i32 → i64 sign-extends.
  const m1 = <u64><i64>eqMask(abs, 1);
  const m2 = <u64><i64>eqMask(abs, 2);
  const m3 = <u64><i64>eqMask(abs, 3);
  const m4 = <u64><i64>eqMask(abs, 4);
  const m5 = <u64><i64>eqMask(abs, 5);
  const m6 = <u64><i64>eqMask(abs, 6);
  const m7 = <u64><i64>eqMask(abs, 7);
  const m8 = <u64><i64>eqMask(abs, 8);
  for (let w: usize = 0; w < NIELS; w += 8) {
    const e = row + w;
    store<u64>(
      n + w,
      (load<u64>(e) & m1) |
        (load<u64>(e + NIELS) & m2) |
        (load<u64>(e + 2 * NIELS) & m3) |
        (load<u64>(e + 3 * NIELS) & m4) |
        (load<u64>(e + 4 * NIELS) & m5) |
        (load<u64>(e + 5 * NIELS) & m6) |
        (load<u64>(e + 6 * NIELS) & m7) |
        (load<u64>(e + 7 * NIELS) & m8),
    );
  }
  // d = 0: the identity's y + x = y − x = 1 (limb 0, the low half of word 0), 2d·xy = 0.
  const one = <u64>(eqMask(abs, 0) & 1);
  store<u64>(n, load<u64>(n) | one);
  store<u64>(n + 40, load<u64>(n + 40) | one);
  fe.cswap(n, n + 40, neg);
  fe.cneg(n + 80, neg);
}

/**
 * Sets out = Σ digits[i]·16^i·P over the comb at table (row r = 8 Niels
 * entries (j + 1)·256^r·P): odd digits (rows 0 … 31), 4 doublings, then
 * even digits of rows 0 … evenRows − 1 (32, or 33 when digit 64 counts).
 */
function combCt(table: usize, evenRows: i32, out: usize): void {
  const n = PT_TMP + 6 * PT;
  identity(out);
  for (let i = 1; i < 64; i += 2) {
    selectNiels(n, table + <usize>(i >> 1) * 8 * NIELS, <i32>load<i8>(CT_DIGITS + <usize>i));
    addNielsCt(out, out, n);
  }
  dbl(out, out, 0);
  dbl(out, out, 0);
  dbl(out, out, 0);
  dbl(out, out, 1);
  for (let i = 0; i < 2 * evenRows; i += 2) {
    selectNiels(n, table + <usize>(i >> 1) * 8 * NIELS, <i32>load<i8>(CT_DIGITS + <usize>i));
    addNielsCt(out, out, n);
  }
  memory.fill(n, 0, NIELS);
}

/** Wipes the secret scalar bytes and digits. */
function wipe(): void {
  memory.fill(IO_SCALAR_A, 0, 32);
  memory.fill(CT_DIGITS, 0, 65);
}

/** B's comb (32 rows of (j + 1)·256^i·B), built on first use (flag STATE + 36). */
function baseComb(): usize {
  if (load<i32>(STATE + 36) == 0) {
    workUsed();
    const ext = MSM_WORK;
    const pre = MSM_WORK + <usize>(256 * PT);
    const row = PT_TMP + 4 * PT;
    const cur = PT_TMP + 5 * PT;
    basePoint(row);
    let e = 0;
    for (let i = 0; i < 32; i++) {
      memory.copy(cur, row, PT);
      const c = PT_TMP + 6 * PT;
      toCached(c, row);
      for (let j = 0; j < 8; j++, e++) {
        memory.copy(ext + <usize>e * PT, cur, PT);
        if (j < 7) addCached(cur, cur, c, 0);
      }
      if (i < 31) dblK(row, row, 8);
    }
    batchNiels(B_COMB, ext, 256, pre);
    store<i32>(STATE + 36, 1);
  }
  return B_COMB;
}

/** Sets IO_OUT = k·B for the secret k < 2^253 at IO_SCALAR_A (reduced by the bridge). */
export function scalarBaseMult(): void {
  const table = baseComb();
  radix16(IO_SCALAR_A);
  combCt(table, 32, PT_TMP);
  wipe();
  toF64Point(IO_OUT, PT_TMP);
}

/**
 * Writes the encoding of k·B for the secret k < 2^253 at IO_SCALAR_A to
 * IO_BYTES: scalarBaseMult's comb, then the encoding inside the engine (the
 * point never crosses to TypeScript; constant time; wipes k).
 */
export function scalarBaseMultToBytes(): void {
  const table = baseComb();
  radix16(IO_SCALAR_A);
  combCt(table, 32, PT_TMP);
  wipe();
  encodePoint(IO_BYTES, PT_TMP);
}

/**
 * Sets IO_OUT = k·B for a PUBLIC k < 2^253 at IO_SCALAR_A: the variable-time
 * twin of scalarBaseMult over the same comb and digits (entries read by
 * index, zero digits skipped), for scalarBaseMultNonConst.
 */
export function scalarBaseMultNonConst(): void {
  const table = baseComb();
  const out = PT_TMP;
  radix16(IO_SCALAR_A);
  identity(out);
  for (let i = 1; i < 64; i += 2) addDigitComb(out, table, i);
  dbl(out, out, 0);
  dbl(out, out, 0);
  dbl(out, out, 0);
  dbl(out, out, 1);
  for (let i = 0; i < 64; i += 2) addDigitComb(out, table, i);
  toF64Point(IO_OUT, out);
}

/** Adds digit i of CT_DIGITS times its comb row's point to out (variable time: public digits). */
function addDigitComb(out: usize, table: usize, i: i32): void {
  const d: i32 = load<i8>(CT_DIGITS + <usize>i);
  if (d == 0) return;
  const neg = d < 0 ? 1 : 0;
  const e = table + <usize>((i >> 1) * 8 + (neg ? -d : d) - 1) * NIELS;
  addNiels(out, out, e, neg);
}

/** Sets IO_OUT = k·P for the secret k at IO_SCALAR_A over the comb of P in KEY_TABLE (rows 32 or 33). */
export function scalarMultTable(rows: i32): void {
  radix16(IO_SCALAR_A);
  combCt(KEY_TABLE, rows, PT_TMP);
  wipe();
  toF64Point(IO_OUT, PT_TMP);
}

/**
 * Sets IO_OUT = k·P for the secret 256-bit k at IO_SCALAR_A and P at IO_IN:
 * the table 0·P … 8·P (cached), then for the 65 digits from the top four
 * doublings and one addition of the entry chosen by a masked scan of all 9.
 */
export function scalarMult(): void {
  const p = PT_TMP + 7 * PT;
  const acc = PT_TMP;
  const c = PT_TMP + 6 * PT;
  fromF64Point(p, IO_IN);
  identity(acc);
  toCached(CT_TABLE, acc);
  toCached(CT_TABLE + PT, p);
  memory.copy(acc, p, PT);
  for (let j = 2; j <= 8; j++) {
    addCached(acc, acc, CT_TABLE + PT, 0);
    toCached(CT_TABLE + <usize>j * PT, acc);
  }
  radix16(IO_SCALAR_A);
  identity(acc);
  for (let i = 64; i >= 0; i--) {
    dbl(acc, acc, 0);
    dbl(acc, acc, 0);
    dbl(acc, acc, 0);
    dbl(acc, acc, 1);
    const d: i32 = load<i8>(CT_DIGITS + <usize>i);
    const neg = d >> 31;
    const abs = (d ^ neg) - neg;
    memory.copy(c, CT_TABLE, PT);
    for (let j = 1; j <= 8; j++) {
      const m = eqMask(abs, j);
      const e = CT_TABLE + <usize>j * PT;
      fe.cmov(c, e, m);
      fe.cmov(c + 40, e + 40, m);
      fe.cmov(c + 80, e + 80, m);
      fe.cmov(c + 120, e + 120, m);
    }
    fe.cswap(c, c + 40, neg);
    fe.cneg(c + 120, neg);
    addCachedCt(acc, acc, c);
  }
  memory.fill(c, 0, PT);
  memory.fill(CT_TABLE, 0, 9 * PT);
  wipe();
  toF64Point(IO_OUT, acc);
}

/** Converts rows × 8 TypeScript Niels entries (45 doubles each) staged at src into KEY_TABLE. */
export function loadComb(src: usize, rows: i32): void {
  const n = rows * 8;
  for (let i = 0; i < n; i++) {
    const s = src + <usize>i * 360;
    const d = KEY_TABLE + <usize>i * NIELS;
    fe.fromF64(d, s);
    fe.fromF64(d + 40, s + 120);
    fe.fromF64(d + 80, s + 240);
  }
}
