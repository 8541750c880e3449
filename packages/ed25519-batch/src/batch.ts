/**
 * Batch verification of Ed25519 signatures with random linear combinations
 * [BDLSY12 §5], keeping the invariant
 *
 *     verifyEach()[i] === verify(sig_i, msg_i, pk_i, { mode, variant_i, context_i })   for every input.
 *
 * Entries of the three RFC 8032 variants (Ed25519, Ed25519ctx, Ed25519ph)
 * mix freely: they differ only in how k_i is hashed (dom2 prefix, pre-hashed
 * message), and `add` computes k_i per entry with the code of `verify`, so
 * the equations below are the same for every variant.
 *
 * How the invariant is kept:
 *
 * 1. Everything single verification rejects for reasons other than the
 *    equation is settled per entry first, with exactly the same code:
 *    wrong lengths, S ≥ ℓ, A or R not decodable, and in strict mode
 *    non-canonical or small-order A or R. Such entries never reach the msm.
 * 2. zip215: the single check is [8]D_i = O with D_i = [S_i]B − R_i − [k_i]A_i.
 *    The batch checks [8]·Σ z_i D_i = O, i.e. Σ z_i·[8]D_i = O, with
 *    independent uniform 128-bit z_i. Each [8]D_i lies in the prime-order
 *    subgroup, so: all valid ⇒ the batch passes (always); some invalid ⇒
 *    [8]D_i has order ℓ and the batch passes only if Σ z_i·[8]D_i happens to
 *    vanish, probability ≤ 2^−128 over z_i. Torsion in A or R (small-order,
 *    mixed-order, non-canonical encodings) is multiplied away on both sides,
 *    exactly as in the single check.
 * 3. strict: the single check is cofactorless, D_i = O. A random linear
 *    combination cannot decide that soundly when D_i may have a torsion
 *    part: Σ z_i D_i kills a torsion part of order 2 whenever z_i is even
 *    (probability 1/2), and two entries' torsion parts can cancel outright
 *    (T and −T), whatever the z_i. Batching would be sound only for entries
 *    whose A and R are both shown torsion-free ([ℓ]P = O). That test is a
 *    full variable-base scalar multiplication per R (≈ 252 doublings),
 *    about four fifths of the cost of the whole single equation
 *    (doubleScalarMultBaseNonConst), so a torsion-checked strict batch would
 *    save at most ≈ 20% while adding a second acceptance path whose
 *    soundness rests on that subgroup check. We chose the plain route: in
 *    strict mode the batch settles every entry with the single cofactorless
 *    equation (after the same per-entry checks, with the key cache). The
 *    invariant then holds by construction; strict batches gain the key
 *    cache and the per-call key dedup, not the msm.
 * 4. verifyEach: when the batch equation fails, the set is bisected, halves
 *    re-checked with fresh coefficients (a failing set whose left half passes
 *    needs no check of its right half); sets of ≤ 4 entries, and both halves
 *    of a set when both fail (dense invalid entries), are settled by the
 *    single equation. One bad entry in 1024 costs about two msms over the
 *    batch; an all-bad batch about 1.5 msms plus the single checks. Every
 *    answer is the single-verification answer.
 *
 * An empty batch verifies (true), consistent with verifyEach() = [] (every
 * entry of an empty list is valid).
 *
 * Where the time of an entry goes: SHA-512 and the reduction in `add`, two
 * point decodings (A and R, one square root each) and the entry's share of
 * the msm (R with its 128-bit z_i, A with a 253-bit coefficient, both
 * entering as Z = 1 points so Pippenger's buckets use 7M mixed additions).
 * Field multiplications and squarings are most of it, which is why the
 * batch cost follows the field's speed; a warm `PublicKeyCache` removes the
 * decoding of A and repeat signers merge their msm terms. The measured
 * figures are in the README's Performance section.
 *
 * References:
 * - [BDLSY12] D. J. Bernstein, N. Duif, T. Lange, P. Schwabe, B.-Y. Yang, "High-speed high-security signatures", §5 (batch verification).
 * - [ZIP-215] Zcash ZIP 215 (cofactored batch equation).
 * - [CGN20] K. Chalkias, F. Garillot, V. Nikolaenko, "Taming the many EdDSAs" (batch/single disagreement).
 * - [RFC8032] §5.1.7.
 */
import * as ed25519 from '@strata/curves/ed25519';
import { Scalar25519, expectBytes, expectNumber, expectOptions } from '@strata/field';
import { KeyMemo, lookupKey, type KeyInfo, type PublicKeyCache } from './cache.js';
import {
  challenge,
  checkCache,
  checkMode,
  checkVariant,
  contextOf,
  decodeR,
  equationHolds,
  keyAcceptable,
  messageFor,
  type VariantOptions,
  type VerifyMode,
} from './verify.js';

type Point = ed25519.Point;

/** Options of `new BatchVerifier()`. */
export interface BatchVerifierOptions {
  /** Rule set (default `'zip215'`), as in `verify`. */
  mode?: VerifyMode;
  /** Decoded-key cache shared with other verifiers (results never depend on it). */
  cache?: PublicKeyCache;
  /**
   * The most entries one multi-scalar multiplication covers (an integer
   * from 1 to {@link MAX_ENTRIES_PER_MSM} = 8192, the default). A longer
   * batch is verified in consecutive slices of this many entries, which
   * bounds the per-call state (decoded points, scalars, keys) whatever the
   * batch size; a smaller value trades speed for less of that state.
   * Results never depend on it.
   */
  entriesPerMsm?: number;
}

/** Sets of at most this many entries are settled one by one during bisection. */
const LEAF = 4;

/**
 * The default and largest `entriesPerMsm`: entries are verified in windows
 * of at most this many (one msm each), so the per-call state (decoded
 * points, scalars, keys, and the module's scratch pools below) stays bounded
 * however large a batch grows; Pippenger gains little beyond this size.
 */
export const MAX_ENTRIES_PER_MSM = 8192;

/** Bytes stored per entry: A (32) ‖ R ‖ S (64) ‖ k = SHA-512(R‖A‖M) mod ℓ (32). */
const ENTRY = 128;

// Module-level pools, indexed by position within the current window
// (verification is synchronous and not re-entrant, so one pool per thread
// serves every BatchVerifier): decoded R, S and k as scalars, and 32-byte
// coefficient buffers; plus the msm operand lists and the per-key
// coefficient accumulators of `batchHolds`, reused from call to call.
const rPool: Point[] = [];
const sPool: Scalar25519[] = [];
const kPool: Scalar25519[] = [];
const zPool: Uint8Array[] = [];
const zScalar = new Scalar25519();
const kScratch = new Scalar25519();
const sumB = new Scalar25519();
/** Decoded keys of the current window when no cache is given (recycled per window). */
const keyMemo = new KeyMemo();
const msmPoints: Point[] = [];
const msmScalars: (Uint8Array | Scalar25519)[] = [];
const keyAccPool: Scalar25519[] = [];
/** The msm's 32-byte A coefficients ℓ − c_A (see `batchHolds`). */
const negPool: Uint8Array[] = [];
/** ℓ, little-endian. */
const ORDER_BYTES = Uint8Array.from({ length: 32 }, (_, i) => Number((Scalar25519.ORDER >> BigInt(8 * i)) & 0xffn));

/** Sets out = ℓ − c as a 32-byte little-endian integer (c canonical, so no borrow out) and returns out. */
function orderMinus(out: Uint8Array, c: Scalar25519): Uint8Array {
  c.putBytes(out, 0);
  let borrow = 0;
  for (let i = 0; i < 32; i++) {
    const v = ORDER_BYTES[i]! - out[i]! - borrow;
    borrow = v < 0 ? 1 : 0;
    out[i] = v + 256 * borrow;
  }
  return out;
}
/** The distinct keys of the current batch equation, in the order of their accumulators. */
const eqKeys: KeyInfo[] = [];
/** Number of the current batch equation (KeyInfo.eqStamp). */
let eqStamp = 0;
const msmOut = new ed25519.Point();
const baseOut = new ed25519.Point();

function ensurePools(n: number): void {
  while (rPool.length < n) {
    rPool.push(new ed25519.Point());
    sPool.push(new Scalar25519());
    kPool.push(new Scalar25519());
    zPool.push(new Uint8Array(32));
  }
}

/**
 * Σ z_i·S_i, accumulated without a reduction per entry (one mulAdd each
 * reduced 512 bits mod ℓ, a few percent of a batch entry): column sums in
 * radix 2^21, the limbs of Scalar25519. z_i < 2^128 has limbs 0…6 (limb 6
 * below 2^2), S_i < ℓ has limbs below 2^22, so a column gains at most
 * 7·2^21·2^22 < 2^46 per entry and stays exact in a double (< 2^53) over
 * ACC_BATCH = 64 entries; then the columns are carried (each < 2^21, the top
 * one keeps the rest). The sum of ≤ MAX_ENTRIES_PER_MSM entries is below
 * 2^13·2^128·2^253 = 2^394, within SUM_LIMBS = 19 limbs (2^399).
 */
const SUM_LIMBS = 19;
const ACC_BATCH = 64;
const sumCols = new Float64Array(SUM_LIMBS);
/** Entries added to sumCols since its last carry. */
let sumPending = 0;
/** The 64-byte little-endian form of the sum (bytes 50… stay 0). */
const sumBytes = new Uint8Array(64);

/** Sets sumCols = 0. */
function sumReset(): void {
  sumCols.fill(0);
  sumPending = 0;
}

/** Carries sumCols into 21-bit limbs (all values non-negative; the top limb keeps the excess). */
function sumCarry(): void {
  let c = 0;
  for (let i = 0; i < SUM_LIMBS - 1; i++) {
    const v = sumCols[i]! + c;
    c = Math.floor(v / 2097152);
    sumCols[i] = v - c * 2097152;
  }
  sumCols[SUM_LIMBS - 1] = sumCols[SUM_LIMBS - 1]! + c;
  sumPending = 0;
}

/** Adds z·s to sumCols, for z < 2^128 and s canonical (limbs as in the comment above). */
function sumAdd(z: Scalar25519, s: Scalar25519): void {
  const zl = z.l;
  const sl = s.l;
  for (let a = 0; a < 7; a++) {
    const za = zl[a]!;
    for (let b = 0; b < 12; b++) sumCols[a + b] = sumCols[a + b]! + za * sl[b]!;
  }
  if (++sumPending === ACC_BATCH) sumCarry();
}

/** Sets out = sumCols mod ℓ and returns out. */
function sumReduce(out: Scalar25519): Scalar25519 {
  sumCarry();
  // 19 limbs of 21 bits: the top one is below 2^(394 − 378) = 2^16.
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < SUM_LIMBS; i++) {
    acc += sumCols[i]! * 2 ** bits;
    bits += 21;
    while (bits >= 8) {
      sumBytes[o++] = acc % 256;
      acc = Math.floor(acc / 256);
      bits -= 8;
    }
  }
  while (o < 64) {
    sumBytes[o++] = acc % 256;
    acc = Math.floor(acc / 256);
  }
  out.setBytesReduced(sumBytes);
  return out;
}

/** Random bytes of drawCoefficients (16 per coefficient; grows, never shrinks). */
let rndPool = new Uint8Array(0);

/**
 * Fills the low 16 bytes of zPool[0..m) with fresh randomness. The high 16
 * bytes of every zPool entry are 0 from its creation and never written.
 */
function drawCoefficients(m: number): void {
  const len = 16 * m;
  if (rndPool.length < len) rndPool = new Uint8Array(len);
  const rnd = rndPool;
  // getRandomValues takes at most 65536 bytes a call.
  for (let off = 0; off < len; off += 65536) {
    globalThis.crypto.getRandomValues(rnd.subarray(off, Math.min(len, off + 65536)));
  }
  for (let j = 0; j < m; j++) {
    const z = zPool[j]!;
    for (let b = 0, o = 16 * j; b < 16; b++) z[b] = rnd[o + b]!;
  }
}

/** Entry state after the pre-equation checks. */
const INVALID = 0;
const BATCHABLE = 1;
const SINGLE = 2;

/**
 * Collects (signature, message, publicKey) triples and verifies them
 * together. `add` hashes the message right away (the message is not kept)
 * and copies the key and signature into one growing buffer (128 bytes per
 * entry). See the module comment for the rules and the invariant with
 * single `verify`.
 */
export class BatchVerifier {
  /** Rule set of every entry. */
  readonly mode: VerifyMode;
  /** The most entries one multi-scalar multiplication covers (the window of the module comment). */
  readonly entriesPerMsm: number;
  private readonly cache: PublicKeyCache | undefined;
  /** Entry i at data[128·i, 128·i + 128): A ‖ R ‖ S ‖ k. */
  private data = new Uint8Array(0);
  /** wellFormed[i] = 1 iff entry i had |A| = 32, |sig| = 64 and S < ℓ. */
  private wellFormed = new Uint8Array(0);
  private n = 0;
  // Per-window state (indices are window-relative).
  private keys: KeyInfo[] = [];
  private state = new Uint8Array(0);

  /**
   * Creates an empty batch (mode default `'zip215'`, no cache,
   * `entriesPerMsm` default 8192). An option of the wrong type throws
   * TypeError, an `entriesPerMsm` that is not an integer from 1 to 8192
   * RangeError.
   */
  constructor(options: BatchVerifierOptions = {}) {
    expectOptions('BatchVerifier options', options);
    this.mode = checkMode(options.mode, 'BatchVerifier');
    this.cache = checkCache(options.cache, 'BatchVerifier');
    const w = expectNumber('BatchVerifier entriesPerMsm', options.entriesPerMsm, MAX_ENTRIES_PER_MSM);
    if (!Number.isInteger(w) || w < 1 || w > MAX_ENTRIES_PER_MSM) {
      throw new RangeError(`BatchVerifier entriesPerMsm: expected an integer from 1 to ${MAX_ENTRIES_PER_MSM}, got ${w}`);
    }
    this.entriesPerMsm = w;
  }

  /** Number of entries added. */
  get size(): number {
    return this.n;
  }

  /**
   * Adds the verification `verify(signature, message, publicKey, options)`
   * to the batch and returns this: the arguments of `verify`, in its order.
   * `options` gives the entry's RFC 8032 variant and context (default plain
   * `'ed25519'`): entries of every variant mix freely in one batch (only k
   * differs, and it is computed here). Throws TypeError for a
   * non-Uint8Array or a bad option, StrataError ERR_BAD_LENGTH for a context
   * of the wrong length; bad bytes (wrong lengths, S ≥ ℓ, invalid points)
   * are accepted here and make the entry verify as false.
   */
  add(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array, options?: VariantOptions): this {
    expectBytes('BatchVerifier.add signature', signature);
    expectBytes('BatchVerifier.add message', message);
    expectBytes('BatchVerifier.add publicKey', publicKey);
    let variant = 0;
    let ctx: Uint8Array | undefined;
    if (options !== undefined) {
      expectOptions('BatchVerifier.add options', options);
      variant = checkVariant(options.variant, options.context, 'BatchVerifier.add');
      ctx = options.context;
    }
    return this.addChecked(signature, message, publicKey, variant, ctx);
  }

  /**
   * @internal `add` with the arguments already checked: `variant` a variant
   * code (verify.ts) and `ctx` a context valid for it (or undefined).
   */
  addChecked(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array, variant: number, ctx: Uint8Array | undefined): this {
    const i = this.n;
    if (i === this.wellFormed.length) {
      const cap = Math.max(16, 2 * i);
      const d = new Uint8Array(cap * ENTRY);
      d.set(this.data);
      this.data = d;
      const w = new Uint8Array(cap);
      w.set(this.wellFormed);
      this.wellFormed = w;
    }
    this.n = i + 1;
    const ok = publicKey.length === 32 && signature.length === 64 && zScalar.trySetBytes(signature, 32);
    this.wellFormed[i] = ok ? 1 : 0;
    if (ok) {
      const off = i * ENTRY;
      this.data.set(publicKey, off);
      this.data.set(signature, off + 32);
      challenge(kScratch, signature.subarray(0, 32), publicKey, messageFor(variant, message), variant, contextOf(ctx)).putBytes(this.data, off + 96);
    }
    return this;
  }

  /** Removes every entry. */
  clear(): void {
    this.n = 0;
    this.data = new Uint8Array(0);
    this.wellFormed = new Uint8Array(0);
  }

  /**
   * Returns true iff every entry verifies (true for an empty batch): one
   * multi-scalar multiplication per window of up to `entriesPerMsm` entries
   * that pass the per-entry checks. Equal to `verifyEach().every(Boolean)`.
   */
  verify(): boolean {
    const strict = this.mode === 'strict';
    const perMsm = this.entriesPerMsm;
    for (let start = 0; start < this.n; start += perMsm) {
      const m = Math.min(perMsm, this.n - start);
      if (!this.prepare(start, m, true)) return false;
      const batch: number[] = [];
      for (let j = 0; j < m; j++) {
        if (this.state[j] === SINGLE) {
          if (!this.single(j, strict)) return false;
        } else batch.push(j);
      }
      if (batch.length === 1 && !this.single(batch[0]!, strict)) return false;
      if (batch.length > 1 && !this.batchHolds(batch)) return false;
    }
    return true;
  }

  /**
   * Returns one boolean per entry, each equal to single `verify` of that
   * entry in this mode. When the batch equation fails, the invalid entries
   * are found by bisection (module comment, point 4).
   */
  verifyEach(): boolean[] {
    const out = new Array<boolean>(this.n).fill(false);
    const strict = this.mode === 'strict';
    const perMsm = this.entriesPerMsm;
    for (let start = 0; start < this.n; start += perMsm) {
      const m = Math.min(perMsm, this.n - start);
      this.prepare(start, m, false);
      const local = new Array<boolean>(m).fill(false);
      const batch: number[] = [];
      for (let j = 0; j < m; j++) {
        const st = this.state[j];
        if (st === SINGLE) local[j] = this.single(j, strict);
        else if (st === BATCHABLE) batch.push(j);
      }
      this.settle(batch, local, strict);
      for (let j = 0; j < m; j++) out[start + j] = local[j]!;
    }
    return out;
  }

  /**
   * Runs the per-entry checks of single verification on entries
   * [start, start + m) and sets state[j] (INVALID / BATCHABLE / SINGLE) for
   * window position j; loads S and k into sPool[j], kPool[j], decodes R into
   * rPool[j]. With stopOnInvalid, returns false at
   * the first invalid entry; otherwise returns whether all passed.
   */
  private prepare(start: number, m: number, stopOnInvalid: boolean): boolean {
    ensurePools(m);
    if (this.state.length < m) this.state = new Uint8Array(m);
    this.keys = new Array<KeyInfo>(m);
    const strict = this.mode === 'strict';
    const cache = this.cache;
    // Without a cache, the module-level memo is recycled per window: the previous window's keys are done with.
    if (cache === undefined) keyMemo.clear();
    const d = this.data;
    let all = true;
    for (let j = 0; j < m; j++) {
      const i = start + j;
      const off = i * ENTRY;
      this.state[j] = INVALID;
      if (this.wellFormed[i] !== 1) {
        all = false;
        if (stopOnInvalid) return false;
        continue;
      }
      const pk = d.subarray(off, off + 32);
      const key = cache !== undefined ? lookupKey(cache, pk) : keyMemo.lookup(pk);
      this.keys[j] = key;
      const R = rPool[j]!;
      if (!keyAcceptable(key, strict) || !decodeR(R, d, off + 32, strict)) {
        all = false;
        if (stopOnInvalid) return false;
        continue;
      }
      // Both were checked canonical (< ℓ) when the entry was added.
      sPool[j]!.trySetBytes(d, off + 64);
      kPool[j]!.trySetBytes(d, off + 96);
      // Strict: the cofactorless equation is settled per entry (module comment, point 3).
      this.state[j] = strict ? SINGLE : BATCHABLE;
    }
    return all;
  }

  /** The single verification equation for window entry j (inputs already decoded). */
  private single(j: number, strict: boolean): boolean {
    return equationHolds(this.keys[j]!, rPool[j]!, kPool[j]!, sPool[j]!, strict);
  }

  /** Settles out[i] for every i in idx: batch check, bisect on failure. */
  private settle(idx: number[], out: boolean[], strict: boolean): void {
    if (idx.length === 0) return;
    if (idx.length <= LEAF) {
      for (const i of idx) out[i] = this.single(i, strict);
      return;
    }
    if (this.batchHolds(idx)) {
      for (const i of idx) out[i] = true;
      return;
    }
    this.bisect(idx, out, strict);
  }

  /**
   * Settles idx, whose batch equation failed (so it holds an invalid entry):
   * checks the left half; if it passes, the invalid entry is in the right
   * half, which is bisected without re-checking it. If the left half fails,
   * the right half is checked: passing, only the left is bisected further;
   * failing too, invalid entries are spread over both halves (dense), and
   * every entry of both is settled singly — more msms would cost more than
   * they save. Answers are exact whatever the coefficients: every entry ends
   * either in a passing batch or in a single check.
   */
  private bisect(idx: number[], out: boolean[], strict: boolean): void {
    if (idx.length <= LEAF) {
      for (const i of idx) out[i] = this.single(i, strict);
      return;
    }
    const mid = idx.length >>> 1;
    const left = idx.slice(0, mid);
    const right = idx.slice(mid);
    if (this.settleKnown(left, out, strict)) {
      this.bisect(right, out, strict);
      return;
    }
    // The left half has an invalid entry (already settled if small).
    if (left.length <= LEAF) {
      this.settle(right, out, strict);
      return;
    }
    if (right.length > LEAF && this.batchHolds(right)) {
      for (const i of right) out[i] = true;
      this.bisect(left, out, strict);
      return;
    }
    for (const i of left) out[i] = this.single(i, strict);
    for (const i of right) out[i] = this.single(i, strict);
  }

  /**
   * For a small set (≤ LEAF) settles every entry singly; for a larger one
   * runs the batch equation and, if it passes, marks all valid. Returns true
   * iff every entry of idx is now known valid.
   */
  private settleKnown(idx: number[], out: boolean[], strict: boolean): boolean {
    if (idx.length <= LEAF) {
      let all = true;
      for (const i of idx) {
        out[i] = this.single(i, strict);
        all &&= out[i]!;
      }
      return all;
    }
    if (!this.batchHolds(idx)) return false;
    for (const i of idx) out[i] = true;
    return true;
  }

  /**
   * The batch equation over entries idx with fresh 128-bit z_i. With
   * Q = [Σ z_i·S_i]B − Σ z_i·R_i − Σ_A [Σ_{i: A_i = A} z_i·k_i]·A, returns
   * [8]Q = O. One msm computes M = Σ z_i·R_i + Σ_A (ℓ − c_A)·(−A) with
   * c_A = Σ_{i: A_i = A} z_i·k_i mod ℓ (coefficients of a repeated key
   * merged); then −Q = M − [Σ z_i·S_i]B up to a point of order dividing 8.
   * The R_i enter the msm as decoded (Z = 1, so its buckets use 7M mixed
   * additions) and keep their short 128-bit coefficients; the sign goes into
   * the full-size A coefficients as the integer ℓ − c_A (a byte subtraction,
   * no reduction, below 2^253 like c_A): (ℓ − c_A)·(−A) = c_A·A + ℓ·(−A),
   * and ℓ·(−A) is A's torsion part, of order dividing 8, which the
   * cofactor multiplication removes with every other torsion (so c_A = 0,
   * giving ℓ, is as good as 0). The operand lists and key accumulators are
   * module-level and reused. Only zip215 entries come here (strict: module
   * comment, point 3), whose check is cofactored.
   */
  private batchHolds(idx: number[]): boolean {
    const m = idx.length;
    drawCoefficients(m);
    const points = msmPoints;
    const scalars = msmScalars;
    points.length = 0;
    scalars.length = 0;
    const stamp = ++eqStamp;
    let nKeys = 0;
    sumReset();
    for (let j = 0; j < m; j++) {
      const i = idx[j]!;
      const zb = zPool[j]!;
      // zb is 32 bytes with the high 16 zero: z < 2^128 < ℓ, canonical (no reduction needed).
      zScalar.trySetBytes(zb, 0);
      const z = zScalar;
      sumAdd(z, sPool[i]!);
      points.push(rPool[i]!);
      scalars.push(zb);
      const key = this.keys[i]!;
      if (key.eqStamp === stamp) {
        const acc = keyAccPool[key.eqSlot]!;
        acc.mulAdd(z, kPool[i]!, acc);
      } else {
        if (nKeys === keyAccPool.length) keyAccPool.push(new Scalar25519());
        key.eqStamp = stamp;
        key.eqSlot = nKeys;
        eqKeys[nKeys] = key;
        keyAccPool[nKeys++]!.mul(z, kPool[i]!);
      }
    }
    while (negPool.length < nKeys) negPool.push(new Uint8Array(32));
    for (let j = 0; j < nKeys; j++) {
      points.push(eqKeys[j]!.neg);
      scalars.push(orderMinus(negPool[j]!, keyAccPool[j]!));
    }
    eqKeys.length = 0;
    const q = ed25519.msmNonConst(points, scalars, msmOut);
    points.length = 0;
    scalars.length = 0;
    q.sub(q, ed25519.scalarBaseMultNonConst(sumReduce(sumB), baseOut));
    return q.mulByCofactor(q).isIdentity();
  }
}
