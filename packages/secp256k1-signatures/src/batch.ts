/**
 * BIP-340 batch verification: one multi-scalar multiplication per batch.
 *
 * For entries (Pᵢ, mᵢ, rᵢ ‖ sᵢ), with Rᵢ = lift_x(rᵢ), eᵢ the challenge and
 * fresh random weights aᵢ (every weight random, the first included), the
 * batch holds when
 *
 *   (Σ aᵢ·sᵢ)·G − Σ aᵢ·Rᵢ − Σ (aᵢ·eᵢ)·Pᵢ = O,
 *
 * one `msmNonConst` over 2u + 1 points (Straus for small batches, Pippenger
 * from `MSM_PIPPENGER_THRESHOLD` points, as `@strata/curves` chooses; inside
 * WebAssembly when that engine is selected).
 *
 * **Weights.** aᵢ = xᵢ + yᵢ·λ mod n with xᵢ, yᵢ independent and uniform in
 * [0, 2⁶⁴) (not both 0), all of a batch's bytes from one
 * `crypto.getRandomValues` call: 128 random bits per weight, as [BDLSY12] §5
 * takes 128-bit weights for Ed25519's batches; BIP-340 asks for weights in
 * [1, n) from a CSPRNG with a forgery passing "with at most a negligible
 * probability", and 2⁻¹²⁸ is that. The map (x, y) ↦ x + y·λ is one-to-one
 * on [0, 2⁶⁴)² (a collision would be a non-zero vector of the GLV lattice
 * {(u, v) : u + v·λ ≡ 0 mod n} with both coordinates below 2⁶⁴ in absolute
 * value; the lattice's shortest vector has a coordinate above 2¹²⁷), so
 * each weight is uniform over 2¹²⁸ − 1 distinct non-zero residues and an
 * invalid entry makes the equation fail except with probability
 * ≤ 1/(2¹²⁸ − 1): given the other weights, at most one value of its own
 * weight makes the sum vanish (n is prime). Why this form: the MSM splits
 * every scalar with the GLV endomorphism, k = k₁ + k₂·λ, and the split of
 * −aᵢ is exactly (−xᵢ, −yᵢ) (x + y·λ is already the balanced representation
 * its rounding finds), so each Rᵢ costs two 64-bit half-scalars, as much as
 * one 128-bit half: the R terms cost half of what full-size weights cost
 * (the bucket method skips the all-zero top windows). The weight's size is
 * a matter of speed only; the verdict never depends on it.
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
 * - [BDLSY12] D. J. Bernstein et al., "High-speed high-security signatures", §5 (random 128-bit weights, bisection).
 * - [GLV] Gallant, Lambert, Vanstone, CRYPTO 2001 (the endomorphism λ; the lattice of its splits).
 */
import { FieldVal, ModNScalar, expectBytes, expectOptions, hexToBytes } from '@strata/field';
import * as secp256k1 from '@strata/curves/secp256k1';
import { challenge, liftX, verifyDecoded, PUBLIC_KEY_LEN, SIGNATURE_LEN } from './schnorr.js';

/** Options of {@link BatchVerifier}. */
export interface BatchVerifierOptions {
  /** The MSM options for every batch equation (`{ algorithm?, window? }`, as `@strata/curves`' `msmNonConst` takes them). */
  readonly msm?: secp256k1.MsmOptions;
}

/** The decoded values of an entry: lift_x(P), R = lift_x(r), e, s (reused across batches: see BatchVerifier.slots). */
class Decoded {
  readonly P = new secp256k1.JacobianPoint();
  readonly R = new secp256k1.JacobianPoint();
  readonly e = new ModNScalar();
  readonly s = new ModNScalar();
}

/** A queued entry: its copies, and its decoded values when it decodes. */
interface Entry {
  readonly signature: Uint8Array;
  readonly message: Uint8Array;
  readonly publicKey: Uint8Array;
  /** The decoded values (in the verifier's slot for this entry); null when the entry does not decode; undefined before decoding. */
  decoded: Decoded | null | undefined;
}

const fx = new FieldVal();

/** Decodes an entry as single verification reads it into `slot` and returns it, or returns null. */
function decode(entry: Entry, slot: Decoded): Decoded | null {
  const { signature, message, publicKey } = entry;
  if (signature.length !== SIGNATURE_LEN || publicKey.length !== PUBLIC_KEY_LEN) return null;
  if (!slot.s.trySetBytes(signature, 32)) return null;
  if (liftX(publicKey, 0, fx, slot.P) === null) return null;
  if (liftX(signature, 0, fx, slot.R) === null) return null;
  challenge(signature.subarray(0, 32), publicKey, message, slot.e);
  return slot;
}

/** λ mod n, the GLV eigenvalue (φ(P) = λ·P). */
const LAMBDA = new ModNScalar().setBytes(hexToBytes(secp256k1.LAMBDA_HEX));
/** Random bytes per weight: x and y, 8 bytes each. */
const WEIGHT_BYTES = 16;
/** Weights per `crypto.getRandomValues` call (65 536 bytes, the call's limit). */
const WEIGHTS_PER_CALL = 4096;
// Scratch of the weights (module-level, reused; nothing here is secret).
const randomBytes = new Uint8Array(WEIGHTS_PER_CALL * WEIGHT_BYTES);
const halfBytes = new Uint8Array(32);
const wx = new ModNScalar();
const wy = new ModNScalar();

/** Sets `out` to x + y·λ for x, y the 8-byte big-endian integers at b[o…o + 8) and b[o + 8…o + 16). */
function weightAt(b: Uint8Array, o: number, out: ModNScalar): ModNScalar {
  for (let i = 0; i < 8; i++) halfBytes[24 + i] = b[o + i]!;
  wx.setBytesReduced(halfBytes); //  x < 2⁶⁴ < n
  for (let i = 0; i < 8; i++) halfBytes[24 + i] = b[o + 8 + i]!;
  wy.setBytesReduced(halfBytes); //  y < 2⁶⁴ < n
  return out.mul(wy, LAMBDA).add(out, wx);
}

/**
 * Sets out[start … start + count) to fresh random weights x + y·λ mod n,
 * x, y uniform in [0, 2⁶⁴) and not both 0 (see the module doc), from one
 * `crypto.getRandomValues` call per 4096 weights. Exported for the tests.
 */
export function randomWeights(out: readonly ModNScalar[], start: number, count: number): void {
  for (let done = 0; done < count; done += WEIGHTS_PER_CALL) {
    const k = Math.min(WEIGHTS_PER_CALL, count - done);
    const bytes = randomBytes.subarray(0, k * WEIGHT_BYTES);
    crypto.getRandomValues(bytes);
    for (let j = 0; j < k; j++) {
      const a = out[start + done + j]!;
      // x = y = 0 (probability 2⁻¹²⁸): draw this weight again.
      while (weightAt(bytes, j * WEIGHT_BYTES, a).isZero()) crypto.getRandomValues(bytes.subarray(j * WEIGHT_BYTES, (j + 1) * WEIGHT_BYTES));
    }
  }
  randomBytes.fill(0);
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
  /** Reused scalars of the batch equation (grown to 2u + 1 on demand), a product, G, the MSM's result. */
  private readonly scalars: ModNScalar[] = [];
  private readonly t = new ModNScalar();
  private readonly g = secp256k1.generator();
  private readonly out = new secp256k1.JacobianPoint();
  /**
   * Decoded values, slot i for entry i, kept across clear() and grown on
   * demand (bounded by the largest batch this verifier has held), so a
   * verifier used batch after batch allocates nothing per entry but its
   * copies of the inputs.
   */
  private readonly slots: Decoded[] = [];

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

  private decoded(i: number): Decoded | null {
    const entry = this.entries[i]!;
    if (entry.decoded === undefined) {
      while (this.slots.length <= i) this.slots.push(new Decoded());
      entry.decoded = decode(entry, this.slots[i]!);
    }
    return entry.decoded;
  }

  /** Reports whether the batch equation holds for the (decoded) entries `idx`, with fresh weights. */
  private holds(idx: readonly number[]): boolean {
    const u = idx.length;
    const q = 2 * u + 1;
    const pool = this.scalars;
    while (pool.length < q) pool.push(new ModNScalar());
    const points: secp256k1.JacobianPoint[] = new Array(q);
    const scalars: ModNScalar[] = new Array(q);
    const sum = pool[0]!.setZero();
    const t = this.t;
    points[0] = this.g;
    scalars[0] = sum;
    randomWeights(pool, 1, u); //                           aᵢ in pool[1 + j]
    for (let j = 0; j < u; j++) {
      const { P, R, e, s } = this.decoded(idx[j]!)!;
      const a = pool[1 + j]!;
      sum.add(sum, t.mul(a, s)); //                         Σ aᵢ·sᵢ
      const ae = pool[1 + u + j]!.mul(a, e);
      points[1 + j] = R;
      scalars[1 + j] = a.negate(a); //                      −aᵢ
      points[1 + u + j] = P;
      scalars[1 + u + j] = ae.negate(ae); //                −aᵢ·eᵢ
    }
    return secp256k1.msmNonConst(points, scalars, this.out, this.msm).isIdentity();
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
