/**
 * Cross-group discrete-log-equality proofs (MRL-0010), byte-compatible with
 * Go go-dleq.
 *
 * A proof shows that one secret x (at most min(bitSize_A, bitSize_B) bits)
 * has public keys X_A = x·G_A and X_B = x·G_B on two different groups. The
 * prover commits to each bit b_i of x on both curves, C_i = b_i·G + r_i·H
 * (H = the curve's alternate base point), with blinders chosen so that
 * Σ 2^i·C_i = x·G on each curve, and proves for every bit, with one
 * 2-member ring signature spanning both curves, that (C_A,i, C_B,i) commit to
 * the same bit, 0 or 1. Finally X_A and X_B each sign themselves with the
 * curve's own signature scheme.
 *
 * Wire layout (go-dleq `Proof.Serialize`):
 *   Enc_A(X_A) ‖ Enc_B(X_B) ‖ u8(n) ‖ n × BitProof ‖ u8(|sigA|) ‖ sigA ‖ u8(|sigB|) ‖ sigB
 *   BitProof = Enc_A(C_A) ‖ Enc_B(C_B) ‖ eA ‖ eB ‖ a0 ‖ a1 ‖ b0 ‖ b1
 * with eA, a0, a1 curve-A scalars and eB, b0, b1 curve-B scalars (32 bytes
 * each, in each curve's own byte order).
 *
 * Ring signature of bit i (hashes H_A, H_B are the curves' hashToScalar of the
 * same preimage Enc_A(C_A) ‖ Enc_B(C_B) ‖ Enc_A(P_A) ‖ Enc_B(P_B)):
 *   bit 0: e = H(j·H_A, k·H_B); a0, b0 random;
 *          e' = H(a0·H_A − e_A·(C_A − G_A), b0·H_B − e_B·(C_B − G_B));
 *          a1 = j + e'_A·r_A, b1 = k + e'_B·r_B; stores e'.
 *   bit 1: e = H(j·H_A, k·H_B); a1, b1 random;
 *          e' = H(a1·H_A − e_A·C_A, b1·H_B − e_B·C_B);
 *          a0 = j + e'_A·r_A, b0 = k + e'_B·r_B; stores e.
 * Verification recomputes e1 = H(a1·H_A − e_A·C_A, …) and then
 * e0 = H(a0·H_A − e1_A·(C_A − G_A), …) and requires e0 = stored e.
 *
 * References:
 * - [MRL-0010] S. Noether, "Discrete logarithm equality across groups",
 *   Monero Research Lab, 2018.
 * - [GO-DLEQ] github.com/pokt-network/go-dleq @ 488f42a (dleq.go, proof.go,
 *   serialize.go): randomness order, stored challenges, wire layout, quirks.
 * - [AOS02] M. Abe, M. Ohkubo, K. Suzuki, "1-out-of-n signatures from a
 *   variety of keys", ASIACRYPT 2002 (the ring-signature shape).
 */
import { ErrorCode, StrataError, describe, expectBoolean, expectOptions } from '@strata/field';
import type { Curve, Point, PointTable, RandomSource, Scalar } from '@strata/group';
import { sha3_512 } from '@strata/curves/hash';
import {
  defaultRandom,
  doubleScalarMultNonConst,
  doubleScalarMultSplitNonConst,
  expectCurve,
  pointsToBytes,
  scalarMult,
  splitNonConst,
} from '@strata/group';
import { signatureSchemeFor } from './signature.js';
import { cacheFor, piecesFor, type CurveCache } from './curve-cache.js';

const checkCurve: (what: string, c: unknown) => Curve = expectCurve;

/** Options of `prove`. */
export interface ProveOptions {
  /** Source of randomness (default crypto.getRandomValues). Read in go-dleq's order. */
  rand?: RandomSource;
  /**
   * Re-draw the randomness of any bit proof whose challenge hashes would be
   * read differently by go-dleq's two secp256k1 backends (decred left-aligns
   * short hashes, ethereum does not), so that the proof verifies under both.
   * Default true. Turn off only to reproduce Go's byte stream from its
   * recorded randomness.
   */
  avoidBackendDisagreement?: boolean;
}

/** Options of `Proof.fromBytes`. */
export interface FromBytesOptions {
  /**
   * Reject bytes after the second signature (StrataError `ERR_MALFORMED`).
   * Default false: go-dleq ignores trailing bytes, and so does Strata.
   */
  strict?: boolean;
}

/** Why a proof failed verification (the `reason` of a failed `Proof.check`). */
export type VerifyFailure =
  | 'bit-proof-count'
  | 'commitment-a'
  | 'commitment-b'
  | 'signature-a'
  | 'signature-b'
  | 'invalid-proof'
  | 'malformed';

/** Outcome of `Proof.check`: success, or the first check that failed. */
export type VerifyResult = { ok: true } | { ok: false; reason: VerifyFailure; index?: number };

/** The proof that one bit of the secret is committed identically on both curves. */
export class BitProof {
  /**
   * Sets the fields (no copies are made): the bit commitments C_A, C_B and
   * the ring signature (eA, eB, a0, a1, b0, b1).
   */
  constructor(
    /** C_A,i = b_i·G_A + r_A,i·H_A. */
    readonly commitmentA: Point,
    /** C_B,i = b_i·G_B + r_B,i·H_B. */
    readonly commitmentB: Point,
    /** The stored curve-A challenge. */
    readonly eA: Scalar,
    /** The stored curve-B challenge. */
    readonly eB: Scalar,
    /** Curve-A response for the bit-0 branch. */
    readonly a0: Scalar,
    /** Curve-A response for the bit-1 branch. */
    readonly a1: Scalar,
    /** Curve-B response for the bit-0 branch. */
    readonly b0: Scalar,
    /** Curve-B response for the bit-1 branch. */
    readonly b1: Scalar,
  ) {}
}

/** The number of secret bits a proof over (A, B) covers: min(bitSize_A, bitSize_B). */
export function proofBitCount(curveA: Curve, curveB: Curve): number {
  checkCurve('curveA', curveA);
  checkCurve('curveB', curveB);
  return Math.min(curveA.bitSize, curveB.bitSize);
}

/**
 * Returns a fresh random secret for the pair: 32 little-endian bytes with all
 * bits at and above min(bitSize_A, bitSize_B) cleared (go-dleq
 * `GenerateSecretForCurves`). TypeError for non-curves or a `rand` that is
 * not a function (undefined takes the default, crypto.getRandomValues).
 */
export function generateSecretForCurvesLE(curveA: Curve, curveB: Curve, rand: RandomSource = defaultRandom): Uint8Array {
  const bits = proofBitCount(curveA, curveB);
  if (typeof rand !== 'function') throw new TypeError(`generateSecretForCurvesLE rand: expected a function, got ${describe(rand)}`);
  const src = rand(32);
  if (!(src instanceof Uint8Array) || src.length !== 32) throw new RangeError('random source: expected 32 bytes');
  const out = Uint8Array.from(src);
  clearHighBits(out, bits);
  return out;
}

function clearHighBits(b: Uint8Array, bits: number): void {
  for (let i = 0; i < 32; i++) {
    const lo = i * 8;
    if (lo >= bits) b[i] = 0;
    else if (lo + 8 > bits) b[i]! &= (1 << (bits - lo)) - 1;
  }
}

/** Returns bit `i` of the little-endian byte string `b`. */
function bitAt(b: Uint8Array, i: number): number {
  return (b[i >>> 3]! >>> (i & 7)) & 1;
}


/**
 * Checks the witness as go-dleq's NewProof does: the secret must be 32
 * bytes whose value is below 2^min(bitSize_A, bitSize_B). Zero is refused
 * too (its commitments would be the identity, which go-dleq cannot parse
 * back on secp256k1).
 */
function checkSecret(secret: unknown, bits: number): Uint8Array {
  if (!(secret instanceof Uint8Array)) throw new TypeError(`secret: expected Uint8Array, got ${typeof secret}`);
  if (secret.length !== 32) {
    throw new StrataError(ErrorCode.BAD_LENGTH, `secret: expected 32 bytes (little-endian), got ${secret.length}`);
  }
  for (let i = 255; i >= bits; i--) {
    if (bitAt(secret, i) === 1) {
      throw new StrataError(
        ErrorCode.OUT_OF_RANGE,
        `secret: expected a value below 2^${bits} (min of the two curves' bit sizes), got one with bit ${i} set`,
      );
    }
  }
  let any = 0;
  for (let i = 0; i < 32; i++) any |= secret[i]!;
  if (any === 0) {
    // Go would commit to the identity, which secp256k1 cannot even decode: refuse up front.
    throw new StrataError(ErrorCode.OUT_OF_RANGE, 'secret: expected a non-zero value, got 0');
  }
  return secret;
}

/**
 * Proves that `secretLE` (go-dleq's secret: 32 LITTLE-endian bytes, below
 * 2^min(bitSize_A, bitSize_B), as `generateSecretForCurvesLE` returns) has
 * the public keys x·G_A on curve A and x·G_B on curve B, x its value
 * (go-dleq `NewProof`; on secp256k1 x is `scalarFromBytesLE(secretLE)`, not
 * the big-endian reading of a Bitcoin secret key). Every multiplication involving the secret,
 * the blinders or the nonces uses the constant-time paths; only values that
 * the proof publishes anyway (simulated responses and challenges) go through
 * variable-time ones. JavaScript offers no constant-time guarantee for
 * branches on the secret bits themselves (Go's prover branches on them too).
 * TypeError for options that are not an object, a `rand` that is not a
 * function or an `avoidBackendDisagreement` that is not a boolean.
 */
export function prove(curveA: Curve, curveB: Curve, secretLE: Uint8Array, options: ProveOptions = {}): Proof {
  const bits = proofBitCount(curveA, curveB);
  checkSecret(secretLE, bits);
  const o = expectOptions('prove options', options);
  const rand: unknown = o === undefined || o.rand === undefined ? defaultRandom : o.rand;
  if (typeof rand !== 'function') throw new TypeError(`prove rand: expected a function, got ${describe(rand)}`);
  const avoid = expectBoolean('prove avoidBackendDisagreement', o?.avoidBackendDisagreement, true);
  const secretCopy = Uint8Array.from(secretLE);
  const pool = rand === defaultRandom ? new RandomPool() : undefined;
  try {
    return proveWith(curveA, curveB, secretCopy, bits, pool === undefined ? (rand as RandomSource) : pool.source, avoid);
  } finally {
    secretCopy.fill(0);
    pool?.wipe();
  }
}

/** Bytes of one {@link RandomPool} refill. */
const POOL_BYTES = 16384;

/**
 * The default random source (crypto.getRandomValues) served from a buffer
 * refilled POOL_BYTES at a time: one call per 16 KiB instead of one per
 * scalar (six scalars per bit, about 1 500 calls per proof, which cost
 * about 2.5 % of a prove on the WebAssembly engine). Each request is copied
 * out and its bytes are wiped in the buffer; `wipe` clears the rest. Only
 * for the default source: a caller's source is read request by request, in
 * go-dleq's order.
 */
class RandomPool {
  private readonly buf = new Uint8Array(POOL_BYTES);
  private at = POOL_BYTES;
  /** The RandomSource over this pool. */
  readonly source: RandomSource = (n: number) => this.take(n);

  /** Returns n bytes of the pool (a new array), refilling it first if fewer than n are left. */
  private take(n: number): Uint8Array {
    if (!Number.isSafeInteger(n) || n < 0 || n > POOL_BYTES) return defaultRandom(n);
    if (POOL_BYTES - this.at < n) {
      crypto.getRandomValues(this.buf);
      this.at = 0;
    }
    const out = this.buf.slice(this.at, this.at + n);
    this.buf.fill(0, this.at, this.at + n);
    this.at += n;
    return out;
  }

  /** Wipes the unread bytes. */
  wipe(): void {
    this.buf.fill(0);
    this.at = POOL_BYTES;
  }
}

/**
 * The prover proper. All per-bit randomness is drawn first, in go-dleq's
 * order (j_A, k_B, then the two simulated responses, bit by bit), and the
 * points are then computed in passes over all bits so that each pass encodes
 * in one batch (one inversion per curve per pass):
 *   commitments C = r·H (+ G when the bit is 1);
 *   pass 1: J = j·H_A, K = k·H_B, e = H(C_A, C_B, J, K);
 *   pass 2: the simulated branch P = s·H − e·D (D = C − G for bit 0, C for
 *   bit 1), f = H(C_A, C_B, P_A, P_B); real responses j + f·r.
 * With `avoid`, a bit whose hashes hit the Go backends' disagreement is then
 * re-proved on its own with fresh randomness until it does not.
 */
function proveWith(curveA: Curve, curveB: Curve, secret: Uint8Array, bits: number, rand: RandomSource, avoid: boolean): Proof {
  const xA = curveA.scalarFromBytesLE(secret);
  const xB = curveB.scalarFromBytesLE(secret);
  const commitmentA = curveA.scalarBaseMult(xA);
  const commitmentB = curveB.scalarBaseMult(xB);

  const cA = cacheFor(curveA);
  const cB = cacheFor(curveB);
  const rA = blinders(curveA, bits, rand);
  const rB = blinders(curveB, bits, rand);
  const bitOf = new Uint8Array(bits);
  for (let i = 0; i < bits; i++) bitOf[i] = bitAt(secret, i);

  // C = b·G + r·H: the multiplication is constant-time; adding G depends on
  // the bit, as every later step of the protocol (and go-dleq) does.
  const CA: Point[] = new Array<Point>(bits);
  const CB: Point[] = new Array<Point>(bits);
  for (let i = 0; i < bits; i++) {
    CA[i] = scalarMult(curveA, rA[i]!, cA.H);
    CB[i] = scalarMult(curveB, rB[i]!, cB.H);
    if (bitOf[i] === 1) {
      CA[i]!.setAdd(CA[i]!, cA.G);
      CB[i]!.setAdd(CB[i]!, cB.G);
    }
  }

  const s: BitState = {
    curveA,
    curveB,
    cA,
    cB,
    plA: curveA.compressedPointSize,
    plB: curveB.compressedPointSize,
    encCA: pointsToBytes(curveA, CA),
    encCB: pointsToBytes(curveB, CB),
    pre: new Uint8Array(2 * (curveA.compressedPointSize + curveB.compressedPointSize)),
    tmpA: curveA.zeroScalar(),
    tmpB: curveB.zeroScalar(),
  };

  const j: Scalar[] = new Array<Scalar>(bits);
  const k: Scalar[] = new Array<Scalar>(bits);
  const sA: Scalar[] = new Array<Scalar>(bits);
  const sB: Scalar[] = new Array<Scalar>(bits);
  for (let i = 0; i < bits; i++) {
    j[i] = curveA.newRandomScalar(rand);
    k[i] = curveB.newRandomScalar(rand);
    sA[i] = curveA.newRandomScalar(rand);
    sB[i] = curveB.newRandomScalar(rand);
  }

  // Pass 1: nonce commitments (secret nonces: constant-time).
  const PA: Point[] = new Array<Point>(bits);
  const PB: Point[] = new Array<Point>(bits);
  for (let i = 0; i < bits; i++) {
    PA[i] = scalarMult(curveA, j[i]!, cA.H);
    PB[i] = scalarMult(curveB, k[i]!, cB.H);
  }
  const encPA = pointsToBytes(curveA, PA);
  const encPB = pointsToBytes(curveB, PB);
  const eA: Scalar[] = new Array<Scalar>(bits);
  const eB: Scalar[] = new Array<Scalar>(bits);
  const redo = new Uint8Array(bits);
  for (let i = 0; i < bits; i++) {
    loadPre(s, i, encPA, encPB);
    eA[i] = curveA.zeroScalar();
    eB[i] = curveB.zeroScalar();
    if (hashPre(s, eA[i]!, eB[i]!, avoid)) redo[i] = 1;
  }

  // Pass 2: the simulated branch (public values only).
  const negA = curveA.zeroScalar();
  const negB = curveB.zeroScalar();
  for (let i = 0; i < bits; i++) {
    const dA = bitOf[i] === 0 ? PA[i]!.setSub(CA[i]!, cA.G) : PA[i]!.set(CA[i]!);
    const dB = bitOf[i] === 0 ? PB[i]!.setSub(CB[i]!, cB.G) : PB[i]!.set(CB[i]!);
    doubleScalarMultNonConst(curveA, sA[i]!, cA.H, negA.setNegate(eA[i]!), dA, dA);
    doubleScalarMultNonConst(curveB, sB[i]!, cB.H, negB.setNegate(eB[i]!), dB, dB);
  }
  pointsToBytes(curveA, PA, encPA);
  pointsToBytes(curveB, PB, encPB);

  const proofs: BitProof[] = new Array<BitProof>(bits);
  for (let i = 0; i < bits; i++) {
    if (redo[i] === 1) continue;
    loadPre(s, i, encPA, encPB);
    const fA = curveA.zeroScalar();
    const fB = curveB.zeroScalar();
    if (hashPre(s, fA, fB, avoid)) {
      redo[i] = 1;
      continue;
    }
    proofs[i] = finishBit(s, bitOf[i]!, CA[i]!, CB[i]!, rA[i]!, rB[i]!, j[i]!, k[i]!, eA[i]!, eB[i]!, fA, fB, sA[i]!, sB[i]!);
  }
  for (let i = 0; i < bits; i++) {
    if (redo[i] === 1) proofs[i] = reproveBit(s, i, bitOf[i]!, CA[i]!, CB[i]!, rA[i]!, rB[i]!, rand);
  }

  const signatureA = signatureSchemeFor(curveA).sign(curveA, xA, commitmentA, rand);
  const signatureB = signatureSchemeFor(curveB).sign(curveB, xB, commitmentB, rand);
  return new Proof(commitmentA, commitmentB, proofs, signatureA, signatureB);
}

/** Shared state of one proof's bit proofs. */
interface BitState {
  readonly curveA: Curve;
  readonly curveB: Curve;
  readonly cA: CurveCache;
  readonly cB: CurveCache;
  readonly plA: number;
  readonly plB: number;
  /** Encodings of all C_A,i / C_B,i back to back. */
  readonly encCA: Uint8Array;
  readonly encCB: Uint8Array;
  /** The 4-point hash preimage, rewritten per hash. */
  readonly pre: Uint8Array;
  /** Scratch scalars of {@link digestAmbiguous}. */
  readonly tmpA: Scalar;
  readonly tmpB: Scalar;
}

/** Loads Enc(C_A,i) ‖ Enc(C_B,i) ‖ Enc(P_A,i) ‖ Enc(P_B,i) into s.pre. */
function loadPre(s: BitState, i: number, encPA: Uint8Array, encPB: Uint8Array, at = i): void {
  const { plA, plB, pre } = s;
  pre.set(s.encCA.subarray(i * plA, (i + 1) * plA), 0);
  pre.set(s.encCB.subarray(i * plB, (i + 1) * plB), plA);
  pre.set(encPA.subarray(at * plA, (at + 1) * plA), plA + plB);
  pre.set(encPB.subarray(at * plB, (at + 1) * plB), 2 * plA + plB);
}

const DECRED = Object.freeze({ rule: 'decred' as const });
const LIBSECP = Object.freeze({ rule: 'libsecp256k1' as const });

/**
 * Sets outA = H_A(s.pre), outB = H_B(s.pre) and returns false; or, with
 * `avoid`, returns true (outA, outB unspecified) when Go's two secp256k1
 * hash rules would disagree on either. go-dleq hashes one preimage for both
 * curves: when both take a SHA3-512 digest (`hashToScalarFromDigest`),
 * the preimage is hashed once and this call keeps the digest for every use.
 */
function hashPre(s: BitState, outA: Scalar, outB: Scalar, avoid: boolean): boolean {
  const { curveA, curveB, pre } = s;
  if (curveA.hashToScalarFromDigest !== undefined && curveB.hashToScalarFromDigest !== undefined) {
    const digest = sha3_512(pre);
    if (avoid) return digestAmbiguous(curveA, digest, outA, s.tmpA) || digestAmbiguous(curveB, digest, outB, s.tmpB);
    curveA.hashToScalarFromDigest(digest, outA);
    curveB.hashToScalarFromDigest(digest, outB);
    return false;
  }
  if (avoid && (isAmbiguous(curveA, pre) || isAmbiguous(curveB, pre))) return true;
  curveA.hashToScalar(pre, outA);
  curveB.hashToScalar(pre, outB);
  return false;
}

/**
 * Sets out = the curve's hash of the digest and returns false, or returns
 * true (out unspecified) when the curve's Go hash rules disagree on it (a
 * decred overflow, where Go panics, included). Where they agree, the
 * libsecp256k1 rule's value is the value of every rule, so one reduction
 * per rule is all it costs. `tmp` is scratch. Curves without
 * `hashToScalarIsAmbiguous` have one rule.
 */
function digestAmbiguous(c: Curve, digest: Uint8Array, out: Scalar, tmp: Scalar): boolean {
  if (c.hashToScalarFromDigest === undefined) return false;
  if (c.hashToScalarIsAmbiguous === undefined) {
    c.hashToScalarFromDigest(digest, out);
    return false;
  }
  c.hashToScalarFromDigest(digest, out, LIBSECP);
  try {
    return !c.hashToScalarFromDigest(digest, tmp, DECRED).equals(out);
  } catch (e) {
    if (e instanceof StrataError) return true;
    throw e;
  }
}

/**
 * Returns the bit proof from the real branch's responses a = j + f_A·r_A,
 * b = k + f_B·r_B (constant-time scalar arithmetic). Bit 0 stores the
 * challenge f of the simulated branch, bit 1 the challenge e of the nonce.
 */
function finishBit(
  s: BitState,
  bit: number,
  CA: Point,
  CB: Point,
  rA: Scalar,
  rB: Scalar,
  j: Scalar,
  k: Scalar,
  eA: Scalar,
  eB: Scalar,
  fA: Scalar,
  fB: Scalar,
  simA: Scalar,
  simB: Scalar,
): BitProof {
  const realA = s.curveA.zeroScalar().setMul(fA, rA);
  realA.setAdd(realA, j);
  const realB = s.curveB.zeroScalar().setMul(fB, rB);
  realB.setAdd(realB, k);
  return bit === 0
    ? new BitProof(CA, CB, fA, fB, simA, realA, simB, realB)
    : new BitProof(CA, CB, eA, eB, realA, simA, realB, simB);
}

/** Re-proves bit i alone with fresh randomness until no hash is ambiguous between the Go backends. */
function reproveBit(
  s: BitState,
  i: number,
  bit: number,
  CA: Point,
  CB: Point,
  rA: Scalar,
  rB: Scalar,
  rand: RandomSource,
): BitProof {
  const { curveA, curveB, cA, cB, plA, plB } = s;
  const encA = new Uint8Array(plA);
  const encB = new Uint8Array(plB);
  const dA = bit === 0 ? CA.sub(cA.G) : CA.clone();
  const dB = bit === 0 ? CB.sub(cB.G) : CB.clone();
  const tA = curveA.identity();
  const tB = curveB.identity();
  for (;;) {
    const j = curveA.newRandomScalar(rand);
    const k = curveB.newRandomScalar(rand);
    const simA = curveA.newRandomScalar(rand);
    const simB = curveB.newRandomScalar(rand);
    scalarMult(curveA, j, cA.H, tA).putBytes(encA);
    scalarMult(curveB, k, cB.H, tB).putBytes(encB);
    loadPre(s, i, encA, encB, 0);
    const eA = curveA.zeroScalar();
    const eB = curveB.zeroScalar();
    if (hashPre(s, eA, eB, true)) continue;
    doubleScalarMultNonConst(curveA, simA, cA.H, eA.negate(), dA, tA).putBytes(encA);
    doubleScalarMultNonConst(curveB, simB, cB.H, eB.negate(), dB, tB).putBytes(encB);
    loadPre(s, i, encA, encB, 0);
    const fA = curveA.zeroScalar();
    const fB = curveB.zeroScalar();
    if (hashPre(s, fA, fB, true)) continue;
    return finishBit(s, bit, CA, CB, rA, rB, j, k, eA, eB, fA, fB, simA, simB);
  }
}

function isAmbiguous(c: Curve, data: Uint8Array): boolean {
  return c.hashToScalarIsAmbiguous !== undefined && c.hashToScalarIsAmbiguous(data);
}

/**
 * Draws r_0 … r_{bits−2} at random and sets
 * r_{bits−1} = −(Σ_{i<bits−1} 2^i·r_i)·(2^{bits−1})⁻¹, so that Σ 2^i·r_i = 0
 * and hence Σ 2^i·C_i = x·G.
 */
function blinders(c: Curve, bits: number, rand: RandomSource): Scalar[] {
  const r: Scalar[] = new Array<Scalar>(bits);
  const sum = c.zeroScalar();
  const pow = c.scalarFromInt(1);
  const two = c.scalarFromInt(2);
  const t = c.zeroScalar();
  for (let i = 0; i < bits - 1; i++) {
    const ri = c.newRandomScalar(rand);
    r[i] = ri;
    sum.setAdd(sum, t.setMul(ri, pow));
    pow.setMul(pow, two);
  }
  // pow = 2^{bits−1}
  r[bits - 1] = sum.negate().mul(pow.invert());
  return r;
}

/** A cross-group DLEq proof (go-dleq `Proof`). */
export class Proof {
  /**
   * Sets the fields (no copies are made). Normally made by `prove` or
   * `Proof.fromBytes`.
   */
  constructor(
    /** X_A = x·G_A. */
    readonly commitmentA: Point,
    /** X_B = x·G_B. */
    readonly commitmentB: Point,
    /** One proof per secret bit, least significant first. */
    readonly bitProofs: readonly BitProof[],
    /** Curve A's signature of Enc_A(X_A) by x. */
    readonly signatureA: Uint8Array,
    /** Curve B's signature of Enc_B(X_B) by x. */
    readonly signatureB: Uint8Array,
  ) {}

  /** Returns the length in bytes of `toBytes()`. */
  get byteLength(): number {
    const bp = this.bitProofs[0];
    const per = bp === undefined ? 0 : bp.commitmentA.toBytes().length + bp.commitmentB.toBytes().length + 192;
    return (
      this.commitmentA.toBytes().length +
      this.commitmentB.toBytes().length +
      1 +
      this.bitProofs.length * per +
      2 +
      this.signatureA.length +
      this.signatureB.length
    );
  }

  /**
   * Returns go-dleq's byte layout of this proof (see the file comment).
   * Throws StrataError `ERR_OUT_OF_RANGE` if there are more than 255 bit
   * proofs or a signature is longer than 255 bytes (the u8 length fields).
   */
  toBytes(): Uint8Array {
    if (this.bitProofs.length > 255) {
      throw new StrataError(ErrorCode.OUT_OF_RANGE, `proof: expected at most 255 bit proofs, got ${this.bitProofs.length}`);
    }
    for (const [what, s] of [['signatureA', this.signatureA], ['signatureB', this.signatureB]] as const) {
      if (s.length > 255) throw new StrataError(ErrorCode.OUT_OF_RANGE, `proof: expected ${what} of at most 255 bytes, got ${s.length}`);
    }
    const out = new Uint8Array(this.byteLength);
    let o = 0;
    o = put(out, o, this.commitmentA.toBytes());
    o = put(out, o, this.commitmentB.toBytes());
    out[o++] = this.bitProofs.length;
    for (const p of this.bitProofs) {
      o = put(out, o, p.commitmentA.toBytes());
      o = put(out, o, p.commitmentB.toBytes());
      p.eA.putBytes(out, o);
      p.eB.putBytes(out, o + 32);
      p.a0.putBytes(out, o + 64);
      p.a1.putBytes(out, o + 96);
      p.b0.putBytes(out, o + 128);
      p.b1.putBytes(out, o + 160);
      o += 192;
    }
    out[o++] = this.signatureA.length;
    o = put(out, o, this.signatureA);
    out[o++] = this.signatureB.length;
    o = put(out, o, this.signatureB);
    return out;
  }

  /**
   * Parses go-dleq's byte layout. Throws StrataError with the byte `offset`
   * of the problem: `ERR_TRUNCATED` for short input, the curve's decoding
   * code for a bad point or scalar, `ERR_MALFORMED` for a bit-proof count of
   * zero (go-dleq accepts it and then panics in Verify) or, with
   * `strict`, for trailing bytes (go-dleq ignores them, and so does the
   * default). The input is not retained. TypeError for non-curves, a
   * non-Uint8Array, options that are not an object or a non-boolean
   * `strict`.
   */
  static fromBytes(curveA: Curve, curveB: Curve, bytes: Uint8Array, options: FromBytesOptions = {}): Proof {
    checkCurve('curveA', curveA);
    checkCurve('curveB', curveB);
    if (!(bytes instanceof Uint8Array)) throw new TypeError(`proof: expected Uint8Array, got ${typeof bytes}`);
    const strict = expectBoolean('Proof.fromBytes strict', expectOptions('Proof.fromBytes options', options)?.strict, false);
    const r = new Reader(bytes);
    const plA = curveA.compressedPointSize;
    const plB = curveB.compressedPointSize;
    r.need(plA + plB, 'commitments');
    const commitmentA = r.point(curveA, 'commitment A');
    const commitmentB = r.point(curveB, 'commitment B');
    r.need(1, 'bit-proof count');
    const countAt = r.o;
    const n = r.u8();
    if (n === 0) {
      throw new StrataError(ErrorCode.MALFORMED, `proof: expected a non-zero bit-proof count at offset ${countAt}, got 0`, {
        offset: countAt,
      });
    }
    r.need(n * (plA + plB + 192), `${n} bit proofs`);
    const proofs: BitProof[] = new Array<BitProof>(n);
    for (let i = 0; i < n; i++) {
      const CA = r.point(curveA, `bit proof ${i} commitment A`);
      const CB = r.point(curveB, `bit proof ${i} commitment B`);
      const eA = r.scalar(curveA, `bit proof ${i} eA`);
      const eB = r.scalar(curveB, `bit proof ${i} eB`);
      const a0 = r.scalar(curveA, `bit proof ${i} a0`);
      const a1 = r.scalar(curveA, `bit proof ${i} a1`);
      const b0 = r.scalar(curveB, `bit proof ${i} b0`);
      const b1 = r.scalar(curveB, `bit proof ${i} b1`);
      proofs[i] = new BitProof(CA, CB, eA, eB, a0, a1, b0, b1);
    }
    const signatureA = r.lengthPrefixed('signature A');
    const signatureB = r.lengthPrefixed('signature B');
    if (strict && r.o !== bytes.length) {
      throw new StrataError(
        ErrorCode.MALFORMED,
        `proof: expected the input to end at offset ${r.o}, got ${bytes.length - r.o} trailing bytes`,
        { offset: r.o },
      );
    }
    return new Proof(commitmentA, commitmentB, proofs, signatureA, signatureB);
  }

  /**
   * Returns whether the proof is valid for (curveA, curveB) (go-dleq
   * `Proof.Verify` returning nil). Never throws on a malformed proof, nor
   * on a proof made or deserialized for another pair of curves (false);
   * TypeError only for arguments that are not curves.
   */
  verify(curveA: Curve, curveB: Curve): boolean {
    return this.check(curveA, curveB).ok;
  }

  /**
   * Verifies like `verify` and says which check failed first, in go-dleq's
   * order: the commitment sums on A then B, the signatures A then B, then
   * the bit proofs (with the index of the first failing one). A proof
   * whose points or scalars belong to other curves than (curveA, curveB)
   * (deserialized for another pair, or swapped) fails with `'malformed'`.
   */
  check(curveA: Curve, curveB: Curve): VerifyResult {
    checkCurve('curveA', curveA);
    checkCurve('curveB', curveB);
    if (!belongsTo(this, curveA, curveB)) return { ok: false, reason: 'malformed' };
    try {
      return verifyProof(this, curveA, curveB);
    } catch (e) {
      if (e instanceof TypeError) throw e;
      return { ok: false, reason: 'malformed' };
    }
  }
}

/**
 * Returns whether every point and scalar of `p` is of the kind curveA's
 * (or, on the B side, curveB's) `identity()` and `zeroScalar()` return —
 * instances of the same classes — and the signatures are byte arrays.
 * Curves refuse other curves' objects with TypeError (a programmer error in
 * arithmetic), but a proof verified against the wrong pair of curves is a
 * proof that does not verify. Curves whose points are plain objects cannot
 * be told apart this way; their own checks still apply.
 */
function belongsTo(p: Proof, curveA: Curve, curveB: Curve): boolean {
  const ptA = kindOf(curveA.identity());
  const ptB = kindOf(curveB.identity());
  const scA = kindOf(curveA.zeroScalar());
  const scB = kindOf(curveB.zeroScalar());
  if (!is(p.commitmentA, ptA) || !is(p.commitmentB, ptB)) return false;
  if (!(p.signatureA instanceof Uint8Array) || !(p.signatureB instanceof Uint8Array)) return false;
  const bps: unknown = p.bitProofs;
  if (!Array.isArray(bps)) return false;
  for (const bp of bps as unknown[]) {
    if (!(bp instanceof BitProof)) return false;
    if (!is(bp.commitmentA, ptA) || !is(bp.commitmentB, ptB)) return false;
    if (!is(bp.eA, scA) || !is(bp.a0, scA) || !is(bp.a1, scA)) return false;
    if (!is(bp.eB, scB) || !is(bp.b0, scB) || !is(bp.b1, scB)) return false;
  }
  return true;
}

type Kind = abstract new (...args: never[]) => unknown;

function kindOf(v: object): Kind {
  return (v as { constructor: Kind }).constructor;
}

function is(v: unknown, k: Kind): boolean {
  return typeof v === 'object' && v !== null && v instanceof k;
}

function put(out: Uint8Array, o: number, b: Uint8Array): number {
  out.set(b, o);
  return o + b.length;
}

/** A bounds-checked cursor over proof bytes; errors carry the offset. */
class Reader {
  o = 0;
  constructor(private readonly b: Uint8Array) {}
  need(n: number, what: string): void {
    if (this.b.length - this.o < n) {
      throw new StrataError(
        ErrorCode.TRUNCATED,
        `proof: expected ${n} more bytes for ${what} at offset ${this.o}, got ${this.b.length - this.o}`,
        { offset: this.o },
      );
    }
  }
  u8(): number {
    return this.b[this.o++]!;
  }
  point(c: Curve, what: string): Point {
    const at = this.o;
    const len = c.compressedPointSize;
    this.need(len, what);
    try {
      const p = c.pointFromBytes(this.b.subarray(at, at + len));
      this.o += len;
      return p;
    } catch (e) {
      throw rewrap(e, what, at);
    }
  }
  scalar(c: Curve, what: string): Scalar {
    const at = this.o;
    this.need(c.scalarSize, what);
    try {
      const s = c.scalarFromBytes(this.b.subarray(at, at + c.scalarSize));
      this.o += c.scalarSize;
      return s;
    } catch (e) {
      throw rewrap(e, what, at);
    }
  }
  lengthPrefixed(what: string): Uint8Array {
    this.need(1, `${what} length`);
    const n = this.u8();
    this.need(n, what);
    const s = this.b.slice(this.o, this.o + n);
    this.o += n;
    return s;
  }
}

function rewrap(e: unknown, what: string, offset: number): unknown {
  if (e instanceof StrataError) {
    return new StrataError(e.code, `proof: ${what} at offset ${offset}: ${e.message}`, { offset, cause: e });
  }
  return e;
}

/**
 * Verification proper (go-dleq `Proof.Verify`); may throw on exotic input,
 * caught by `check`.
 *
 * The bit proofs are checked in two passes over all bits instead of one bit
 * at a time, so that each pass encodes its points in one batch (one field
 * inversion per curve per pass instead of one per point):
 *   pass 1: P1 = a1·H − eA·C on A (and b1·H − eB·C on B), e1 = H(C_A, C_B, P1_A, P1_B);
 *   pass 2: P2 = a0·H − e1_A·(C_A − G_A) (…), e0 = H(C_A, C_B, P2_A, P2_B);
 * and bit i is valid iff e0 = (eA, eB) stored. The outcome equals go-dleq's
 * bit-by-bit loop; only the index reported for a failure is the first
 * failing bit either way. Each C is split once (`splitNonConst`,
 * SPLIT_PIECES in curve-cache.ts) and both passes multiply its pieces (pass 2 those of
 * C − G), so the doublings of C's multiple are shared by the two passes.
 */
function verifyProof(p: Proof, curveA: Curve, curveB: Curve): VerifyResult {
  const n = p.bitProofs.length;
  if (n === 0) return { ok: false, reason: 'bit-proof-count' };
  if (!sumMatches(curveA, p, true)) return { ok: false, reason: 'commitment-a' };
  if (!sumMatches(curveB, p, false)) return { ok: false, reason: 'commitment-b' };
  if (!signatureSchemeFor(curveA).verify(curveA, p.commitmentA, p.commitmentA, p.signatureA)) return { ok: false, reason: 'signature-a' };
  if (!signatureSchemeFor(curveB).verify(curveB, p.commitmentB, p.commitmentB, p.signatureB)) return { ok: false, reason: 'signature-b' };
  const bits = Math.min(curveA.bitSize, curveB.bitSize);
  // go-dleq indexes proofs[i] for every i < bits and panics if there are fewer.
  if (n < bits) return { ok: false, reason: 'bit-proof-count' };

  const cA = cacheFor(curveA);
  const cB = cacheFor(curveB);
  const plA = curveA.compressedPointSize;
  const plB = curveB.compressedPointSize;
  const bps = p.bitProofs;
  const CA: Point[] = new Array<Point>(bits);
  const CB: Point[] = new Array<Point>(bits);
  for (let i = 0; i < bits; i++) {
    CA[i] = bps[i]!.commitmentA;
    CB[i] = bps[i]!.commitmentB;
  }
  const encCA = pointsToBytes(curveA, CA);
  const encCB = pointsToBytes(curveB, CB);
  const PA: Point[] = new Array<Point>(bits);
  const PB: Point[] = new Array<Point>(bits);
  for (let i = 0; i < bits; i++) {
    PA[i] = curveA.identity();
    PB[i] = curveB.identity();
  }
  const encPA = new Uint8Array(bits * plA);
  const encPB = new Uint8Array(bits * plB);
  const pre = new Uint8Array(2 * (plA + plB));
  const negA = curveA.zeroScalar();
  const negB = curveB.zeroScalar();
  const e1A: Scalar[] = new Array<Scalar>(bits);
  const e1B: Scalar[] = new Array<Scalar>(bits);
  const e0A = curveA.zeroScalar();
  const e0B = curveB.zeroScalar();

  const st = { curveA, curveB, pre } as BitState;
  const hashInto = (i: number, outA: Scalar, outB: Scalar): void => {
    pre.set(encCA.subarray(i * plA, (i + 1) * plA), 0);
    pre.set(encCB.subarray(i * plB, (i + 1) * plB), plA);
    pre.set(encPA.subarray(i * plA, (i + 1) * plA), plA + plB);
    pre.set(encPB.subarray(i * plB, (i + 1) * plB), 2 * plA + plB);
    hashPre(st, outA, outB, false);
  };

  // Pass 1: e1 = H(a1·H_A − eA·C_A, b1·H_B − eB·C_B), over C's pieces
  // when the curve splits points (kept for pass 2), else over C.
  const SA = cA.Gs.length > 1 ? piecesFor(curveA, cA, 0, bits) : null;
  const SB = cB.Gs.length > 1 ? piecesFor(curveB, cB, 1, bits) : null;
  for (let i = 0; i < bits; i++) {
    const bp = bps[i]!;
    firstStep(curveA, bp.a1, cA.H, negA.setNegate(bp.eA), bp.commitmentA, SA?.[i], PA[i]!);
    firstStep(curveB, bp.b1, cB.H, negB.setNegate(bp.eB), bp.commitmentB, SB?.[i], PB[i]!);
  }
  pointsToBytes(curveA, PA, encPA);
  pointsToBytes(curveB, PB, encPB);
  for (let i = 0; i < bits; i++) {
    e1A[i] = curveA.zeroScalar();
    e1B[i] = curveB.zeroScalar();
    hashInto(i, e1A[i]!, e1B[i]!);
  }
  // Pass 2: e0 = H(a0·H_A − e1_A·(C_A − G_A), b0·H_B − e1_B·(C_B − G_B)),
  // the pieces of C − G being C's pieces minus G's.
  for (let i = 0; i < bits; i++) {
    const bp = bps[i]!;
    secondStep(curveA, bp.a0, cA.H, negA.setNegate(e1A[i]!), bp.commitmentA, cA.G, SA?.[i], cA.Gs, PA[i]!);
    secondStep(curveB, bp.b0, cB.H, negB.setNegate(e1B[i]!), bp.commitmentB, cB.G, SB?.[i], cB.Gs, PB[i]!);
  }
  pointsToBytes(curveA, PA, encPA);
  pointsToBytes(curveB, PB, encPB);
  for (let i = 0; i < bits; i++) {
    hashInto(i, e0A, e0B);
    const bp = bps[i]!;
    if (!e0A.equals(bp.eA) || !e0B.equals(bp.eB)) return { ok: false, reason: 'invalid-proof', index: i };
  }
  return { ok: true };
}

/**
 * Sets out = a·H + k·C and returns out, over C's pieces (written to
 * `pieces` first) when the curve splits points, else over C.
 */
function firstStep(c: Curve, a: Scalar, H: PointTable, k: Scalar, C: Point, pieces: Point[] | undefined, out: Point): Point {
  if (pieces === undefined) return doubleScalarMultNonConst(c, a, H, k, C, out);
  splitNonConst(c, C, pieces.length, pieces);
  return doubleScalarMultSplitNonConst(c, a, H, k, pieces, out);
}

/**
 * Sets out = a·H + k·(C − G) and returns out, over the pieces of C − G
 * (C's pieces from `firstStep` minus G's, in place) when the curve splits
 * points, else over C − G (written to out first).
 */
function secondStep(c: Curve, a: Scalar, H: PointTable, k: Scalar, C: Point, G: Point, pieces: Point[] | undefined, gs: readonly Point[], out: Point): Point {
  if (pieces === undefined) return doubleScalarMultNonConst(c, a, H, k, out.setSub(C, G), out);
  for (let j = 0; j < pieces.length; j++) pieces[j]!.setSub(pieces[j]!, gs[j]!);
  return doubleScalarMultSplitNonConst(c, a, H, k, pieces, out);
}

/**
 * Returns whether Σ_i 2^i·C_i = X on one curve, over ALL bit proofs (as
 * go-dleq). Horner's rule (S ← 2·S + C_i) computes 2^i·C_i exactly, which
 * equals go-dleq's (2^i mod order)·C_i while 2^i < order, i.e. for
 * i < bitSize; any higher terms (only possible with more than bitSize bit
 * proofs) are multiplied by the reduced scalar as Go does.
 */
function sumMatches(c: Curve, p: Proof, sideA: boolean): boolean {
  const n = p.bitProofs.length;
  const horner = Math.min(n, c.bitSize);
  const acc = c.identity();
  for (let i = horner - 1; i >= 0; i--) {
    const bp = p.bitProofs[i]!;
    acc.setDouble(acc);
    acc.setAdd(acc, sideA ? bp.commitmentA : bp.commitmentB);
  }
  if (n > horner) {
    const two = c.scalarFromInt(2);
    const pow = c.scalarFromInt(1);
    for (let i = 0; i < horner; i++) pow.setMul(pow, two);
    const t = c.identity();
    for (let i = horner; i < n; i++) {
      const bp = p.bitProofs[i]!;
      acc.setAdd(acc, c.scalarMultNonConst(pow, sideA ? bp.commitmentA : bp.commitmentB, t));
      pow.setMul(pow, two);
    }
  }
  return acc.equals(sideA ? p.commitmentA : p.commitmentB);
}
