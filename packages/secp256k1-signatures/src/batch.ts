/**
 * BIP-340 batch verification: one multi-scalar multiplication per batch.
 *
 * For entries (Pᵢ, mᵢ, rᵢ ‖ sᵢ), with Rᵢ = lift_x(rᵢ), eᵢ the challenge and
 * fresh random weights aᵢ ∈ [1, n) from `crypto.getRandomValues` (every
 * weight random, the first included), the batch holds when
 *
 *   (Σ aᵢ·sᵢ)·G − Σ aᵢ·Rᵢ − Σ (aᵢ·eᵢ)·Pᵢ = O,
 *
 * one `msmNonConst` over 2u + 1 points (Straus for small batches, Pippenger
 * from `MSM_PIPPENGER_THRESHOLD` points, as `@strata/curves` chooses; inside
 * WebAssembly when that engine is selected). An invalid entry makes the
 * equation fail except with probability ≤ 2⁻¹²⁸ (BIP-340, "Batch Verification").
 *
 * `verifyEach()` finds the bad entries by bisection: a failing range is
 * split in halves and each half checked with new weights; a range of one
 * or two entries is checked by single verification. For one entry the batch
 * equation is exactly single verification (aᵢ ≠ 0 and the group has prime
 * order: sG − eP = R ⇔ single `verify`), so `verifyEach()[i]` equals
 * `schnorr.verify(...)` for every input, up to that 2⁻¹²⁸ chance of a
 * passing range with a bad entry. An entry that does not decode (lengths,
 * a key or r with no point, r ≥ p, s ≥ n) is false without entering the MSM,
 * as single verification is.
 *
 * References:
 * - [BIP340] "Batch Verification".
 * - [BDLSY12] D. J. Bernstein et al., "High-speed high-security signatures", §5 (random weights, bisection).
 */
import { FieldVal, ModNScalar, expectBytes, expectOptions } from '@strata/field';
import * as secp256k1 from '@strata/curves/secp256k1';
import { challenge, liftX, verifyDecoded, PUBLIC_KEY_LEN, SIGNATURE_LEN } from './schnorr.js';

/** Options of {@link BatchVerifier}. */
export interface BatchVerifierOptions {
  /** The MSM options for every batch equation (`{ algorithm?, window? }`, as `@strata/curves`' `msmNonConst` takes them). */
  readonly msm?: secp256k1.MsmOptions;
}

/** A queued entry: its copies, and its decoded values when it decodes. */
interface Entry {
  readonly signature: Uint8Array;
  readonly message: Uint8Array;
  readonly publicKey: Uint8Array;
  /** lift_x(P), R = lift_x(r), e, s; null when the entry does not decode. */
  decoded: { P: secp256k1.JacobianPoint; R: secp256k1.JacobianPoint; e: ModNScalar; s: ModNScalar } | null | undefined;
}

const fx = new FieldVal();
const weightBytes = new Uint8Array(32);

/** Decodes an entry as single verification reads it, or null. */
function decode(entry: Entry): Entry['decoded'] {
  const { signature, message, publicKey } = entry;
  if (signature.length !== SIGNATURE_LEN || publicKey.length !== PUBLIC_KEY_LEN) return null;
  const s = new ModNScalar();
  if (!s.trySetBytes(signature, 32)) return null;
  const P = liftX(publicKey, 0, fx, new secp256k1.JacobianPoint());
  if (P === null) return null;
  const R = liftX(signature, 0, fx, new secp256k1.JacobianPoint());
  if (R === null) return null;
  const e = challenge(signature.subarray(0, 32), publicKey, message, new ModNScalar());
  return { P, R, e, s };
}

/** Sets `out` to a random scalar in [1, n) and returns it. */
function randomWeight(out: ModNScalar): ModNScalar {
  do {
    crypto.getRandomValues(weightBytes);
    out.setBytesReduced(weightBytes);
  } while (out.isZero());
  return out;
}

/**
 * A queue of BIP-340 signatures verified together: `add` takes
 * `schnorr.verify`'s arguments (copied, so later changes to the caller's
 * arrays do not matter), `verify()` reports whether every entry is valid,
 * `verifyEach()` gives each entry's result. See the module doc.
 */
export class BatchVerifier {
  private readonly entries: Entry[] = [];
  private readonly msm: secp256k1.MsmOptions | undefined;

  /** Creates an empty batch. TypeError for options of the wrong type. */
  constructor(options?: BatchVerifierOptions) {
    expectOptions('schnorr.BatchVerifier options', options);
    const msm = options?.msm;
    if (msm !== undefined) expectOptions('schnorr.BatchVerifier msm', msm);
    this.msm = msm;
  }

  /** The number of queued entries. */
  get size(): number {
    return this.entries.length;
  }

  /**
   * Queues `schnorr.verify(signature, message, publicKey)`. TypeError for a
   * non-Uint8Array; bytes of any length are queued (a malformed entry is
   * simply invalid).
   */
  add(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): void {
    expectBytes('schnorr.BatchVerifier.add signature', signature);
    expectBytes('schnorr.BatchVerifier.add message', message);
    expectBytes('schnorr.BatchVerifier.add publicKey', publicKey);
    this.entries.push({ signature: signature.slice(), message: message.slice(), publicKey: publicKey.slice(), decoded: undefined });
  }

  /** Removes every entry. */
  clear(): void {
    this.entries.length = 0;
  }

  private decoded(i: number): Entry['decoded'] {
    const entry = this.entries[i]!;
    if (entry.decoded === undefined) entry.decoded = decode(entry);
    return entry.decoded;
  }

  /** Reports whether the batch equation holds for the (decoded) entries `idx`, with fresh weights. */
  private holds(idx: readonly number[]): boolean {
    const u = idx.length;
    const points: secp256k1.JacobianPoint[] = new Array(2 * u + 1);
    const scalars: ModNScalar[] = new Array(2 * u + 1);
    const sum = new ModNScalar();
    const a = new ModNScalar();
    points[0] = secp256k1.generator();
    scalars[0] = sum;
    for (let j = 0; j < u; j++) {
      const { P, R, e, s } = this.decoded(idx[j]!)!;
      randomWeight(a);
      sum.add(sum, new ModNScalar().mul(a, s)); //       Σ aᵢ·sᵢ
      points[1 + j] = R;
      scalars[1 + j] = new ModNScalar().negate(a); //    −aᵢ
      points[1 + u + j] = P;
      const ae = new ModNScalar().mul(a, e);
      scalars[1 + u + j] = ae.negate(ae); //             −aᵢ·eᵢ
    }
    return secp256k1.msmNonConst(points, scalars, undefined, this.msm).isIdentity();
  }

  /** Single verification of the decoded entry i (its lift_x and challenge are not computed again). */
  private single(i: number): boolean {
    const { P, R, e, s } = this.decoded(i)!;
    return verifyDecoded(P, R.x, s, e);
  }

  /** Reports whether every queued entry is valid (true for an empty batch): one MSM. */
  verify(): boolean {
    const idx: number[] = [];
    for (let i = 0; i < this.entries.length; i++) {
      if (this.decoded(i) === null) return false;
      idx.push(i);
    }
    if (idx.length === 0) return true;
    if (idx.length === 1) return this.single(idx[0]!);
    return this.holds(idx);
  }

  /** Returns each entry's result, `verifyEach()[i] === schnorr.verify(...)` of entry i. */
  verifyEach(): boolean[] {
    const out = new Array<boolean>(this.entries.length).fill(false);
    const idx: number[] = [];
    for (let i = 0; i < this.entries.length; i++) if (this.decoded(i) !== null) idx.push(i);
    this.bisect(idx, out);
    return out;
  }

  private bisect(idx: readonly number[], out: boolean[]): void {
    if (idx.length === 0) return;
    if (idx.length <= 2) {
      for (const i of idx) out[i] = this.single(i);
      return;
    }
    if (this.holds(idx)) {
      for (const i of idx) out[i] = true;
      return;
    }
    const mid = idx.length >> 1;
    this.bisect(idx.slice(0, mid), out);
    this.bisect(idx.slice(mid), out);
  }
}
