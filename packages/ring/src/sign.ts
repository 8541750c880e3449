/**
 * Ring signing (bLSAG as ring-go implements it).
 *
 * With ring P_0 … P_{n−1}, signer index j, private key x (P_j = x·G),
 * H_i = H_p(P_i) and message m:
 *
 *   I = x·H_j                                  (key image)
 *   u random; c_{j+1} = H_s(m ‖ Enc(u·G) ‖ Enc(u·H_j))
 *   for i = j+1, …, j−1 (mod n): s_i random;
 *     L_i = s_i·G + c_i·P_i,  R_i = s_i·H_i + c_i·I,  c_{i+1} = H_s(m ‖ Enc(L_i) ‖ Enc(R_i))
 *   s_j = u − c_j·x (mod order); the signature is (c_0, s_0 … s_{n−1}, I, ring).
 *
 * Randomness is read exactly as Go's crypto/rand reads are (u first, then
 * s_{j+1}, s_{j+2}, …), through `curve.newRandomScalar`, so recorded Go reads
 * fed back through `random` reproduce Go's bytes.
 *
 * Backend-neutral signatures: on secp256k1, ring-go's decred and
 * libsecp256k1 builds disagree on a challenge whose reduced hash is below
 * 2^248 (about 1 in 256 per challenge). By default, when a challenge of the
 * chain falls in that case, the random value that produced it (u or s_i) is
 * drawn again, so every challenge is one both Go builds compute alike and
 * the signature verifies under either. Turn it off (`avoidAmbiguous: false`)
 * to reproduce Go's own output from recorded randomness.
 *
 * Secret handling: x and u are multiplied with the curve's constant-time
 * multiplications (`scalarBaseMult`, `scalarMult`); the s_i, c_i (public) use
 * the variable-time fast paths. JavaScript gives no hard constant-time
 * guarantee (JIT, GC, BigInt-free limb code notwithstanding); see the curve
 * backend's notes.
 *
 * References:
 * - [RING-GO] github.com/pokt-network/ring-go @ 782cc69, ring.go (Sign).
 * - [ZtM] "Zero to Monero" 2.0, §3.4 (bLSAG).
 * - [GO-DLEQ] go-dleq secp256k1/curve_decred.go vs curve_ethereum.go (HashToScalar).
 */
import { ErrorCode, StrataError, describe, expectBytes } from '@strata/field';
import { doubleScalarMultBaseNonConst, doubleScalarMultNonConst, hashToScalarIsAmbiguous, scalarMult } from '@strata/group';
import type { Curve, HashToScalarOptions, HashToScalarRule, Point, PointLike, RandomSource, Scalar } from '@strata/group';
import {
  callImageTable,
  defaultRandom,
  expectHashToScalarRule,
  hashRuleOptions,
  encodeGoInto,
  encodePairGoInto,
  expectBooleanOption,
  expectInteger,
  expectOptions,
} from './internal.js';
import type { RingState } from './ring-state.js';

/** Options of `sign` / `Ring.sign`. */
export interface SignOptions {
  /**
   * The random source (default crypto.getRandomValues). Called once per
   * random scalar with the curve's `randomScalarBytes` (32 on secp256k1, 64
   * on ed25519), in Go's order: u, then s_{j+1}, s_{j+2}, …
   */
  readonly random?: RandomSource;
  /**
   * Re-draw u or s_i whenever a challenge would land where ring-go's two
   * secp256k1 backends disagree, so both accept the signature (default
   * true). Set false to reproduce Go byte-for-byte from recorded randomness.
   * No effect on curves without the quirk.
   */
  readonly avoidAmbiguous?: boolean;
  /**
   * Check after signing that the ring closes at the signer (s_j·G + c_j·P_j
   * = u·G, s_j·H_j + c_j·I = u·H_j, and their hash is c_{j+1}), as ring-go's
   * Sign does (default true). The check costs about one ring member's work
   * (two double-scalar multiplications and a hash), so ≈ 1/n of the time of
   * signing; it catches a fault in the signer's own step (u, I, s_j: a bit
   * flip, a backend bug) before a bad signature leaves the process. Like
   * ring-go's, it does not recheck the other members' links. ring-go's
   * off-chain path skips it; so may a caller that verifies independently.
   */
  readonly selfCheck?: boolean;
  /**
   * The Go hash-to-scalar rule the chain is computed with (default: the
   * curve's own, 'decred' for `secp256k1`). With `avoidAmbiguous` (the
   * default) both rules give the same chain.
   */
  readonly hashToScalarRule?: HashToScalarRule;
}

/**
 * Sets c = H_s(buf) under `rule` (`ruleOpts` its options object) and returns
 * true, unless c is a value on which ring-go's two secp256k1 builds disagree
 * (or on which the decred rule would make Go panic): then returns false and
 * the caller re-draws. Cheap screen first: under the decred rule a
 * disagreeing value is shifted left by at least one byte, so its last byte
 * is zero; under the plain rule its first byte is zero. Only then is the
 * hash re-derived to decide (about 1 call in 256).
 */
function challengeOk(
  curve: Curve,
  buf: Uint8Array,
  c: Scalar,
  rule: HashToScalarRule,
  ruleOpts: HashToScalarOptions | undefined,
  cBytes: Uint8Array,
): boolean {
  try {
    curve.hashToScalar(buf, c, ruleOpts);
  } catch (e) {
    // decred overflow (Go panics): only possible on a disagreeing value.
    if (e instanceof StrataError && hashToScalarIsAmbiguous(curve, buf)) return false;
    throw e;
  }
  c.putBytes(cBytes, 0);
  if (rule === 'decred' && cBytes[cBytes.length - 1] !== 0) return true;
  if (rule === 'libsecp256k1' && cBytes[0] !== 0) return true;
  return !hashToScalarIsAmbiguous(curve, buf);
}

/**
 * The default random source of one signature: `defaultRandom` bytes drawn
 * a pool at a time (room for every scalar of the ring, at most 64 KiB, the
 * most one crypto.getRandomValues call may fill) and served in order, so a
 * signature makes one call where it made one per scalar (the calls, not the
 * bytes, were ≈ 5 % of signing on a warm ring). The bytes served are the
 * same fresh random bytes either way. The pool held u: `wipe` zeroes it.
 */
export class RandomPool {
  private pool: Uint8Array;
  private at: number;

  constructor(bytes: number) {
    this.pool = new Uint8Array(Math.min(Math.max(bytes, 64), 65536));
    this.at = this.pool.length;
  }

  /** Returns `length` fresh random bytes (a view into the pool, valid until the next call). */
  readonly take = (length: number): Uint8Array => {
    if (length > this.pool.length) return defaultRandom(length);
    if (this.at + length > this.pool.length) {
      this.pool.fill(0);
      crypto.getRandomValues(this.pool);
      this.at = 0;
    }
    const b = this.pool.subarray(this.at, this.at + length);
    this.at += length;
    return b;
  };

  /** Zeroes the bytes served so far (u's, once it is drawn); the rest stays to be served. */
  wipeServed(): void {
    this.pool.fill(0, 0, this.at);
  }

  /** Zeroes the pool. */
  wipe(): void {
    this.pool.fill(0);
    this.at = this.pool.length;
  }
}

/** Reads the per-call options with their defaults. */
function readOptions(options: SignOptions): Required<Omit<SignOptions, 'hashToScalarRule'>> & { hashToScalarRule: HashToScalarRule | undefined; pooled: boolean } {
  const o = expectOptions<SignOptions>('sign', options);
  const random = o.random === undefined ? defaultRandom : o.random;
  if (typeof random !== 'function') throw new TypeError(`sign: expected options.random to be a function, got ${describe(random)}`);
  const rule = o.hashToScalarRule === undefined ? undefined : expectHashToScalarRule('sign: options.hashToScalarRule', o.hashToScalarRule);
  return {
    random,
    avoidAmbiguous: expectBooleanOption('sign: options.avoidAmbiguous', o.avoidAmbiguous, true),
    selfCheck: expectBooleanOption('sign: options.selfCheck', o.selfCheck, true),
    hashToScalarRule: rule,
    pooled: o.random === undefined,
  };
}

/** What the signer computed: c_0, the responses, the key image I and its table (if built). */
export interface SignedParts {
  readonly c0: Scalar;
  readonly s: Scalar[];
  readonly image: Point;
  readonly imageTable: PointLike | undefined;
}

/**
 * The signing core over the state of a ring (`sign` and `Ring.sign` in
 * ring.ts check the private key and wrap the result in a `RingSignature`).
 * `pub` is x·G when the caller has it. Errors as `sign`'s.
 */
export function signWithRing(
  message: Uint8Array,
  ring: RingState,
  x: Scalar,
  index: number,
  options: SignOptions,
  pub: Point | undefined,
): SignedParts {
  expectBytes('sign: message', message, 32);
  expectInteger('sign: index', index);
  const opts = readOptions(options);
  const curve = ring.curve;
  const n = ring.size;
  if (n < 2) throw new StrataError(ErrorCode.INVALID_ARGUMENT, `sign: expected a ring of at least 2 members, got ${n}`);
  if (index < 0 || index >= n) {
    throw new StrataError(ErrorCode.OUT_OF_RANGE, `sign: expected a signer index in [0, ${n - 1}], got ${index}`);
  }
  const P = pub ?? curve.scalarBaseMult(x);
  if (!ring.keys[index]!.equals(P)) {
    throw new StrataError(ErrorCode.INVALID_ARGUMENT, `sign: expected the private key to match ring key ${index}, got another key`);
  }

  const members = ring.members();
  // H_j, or its table: the backend's constant-time table path when it has one.
  const Hj = members.h[index]!;
  // I = x·H_j, cached per ring and signer index, with a table of I once the
  // ring has its tables (the backends' two-table path).
  const ki = ring.keyImage(index, members.tables, () => scalarMult(curve, x, Hj));
  const image = ki.image;
  // Without the ring's tables, a table of I for this signature alone (large rings).
  const IT: PointLike = ki.table ?? callImageTable(curve, image, ring.tableSize, n);

  const pl = curve.compressedPointSize;
  const buf = new Uint8Array(32 + 2 * pl);
  buf.set(message, 0);
  const s: Scalar[] = [];
  for (let i = 0; i < n; i++) s.push(curve.zeroScalar());
  let c = curve.zeroScalar();
  let cNext = curve.zeroScalar();
  const c0 = curve.zeroScalar();
  const u = curve.zeroScalar();
  const L = curve.identity();
  const R = curve.identity();
  const pair: Point[] = [L, R];
  // The default source: one pool of random bytes for the whole signature.
  const pool = opts.pooled ? new RandomPool((n + 1) * curve.randomScalarBytes) : null;
  const rand = pool !== null ? pool.take : opts.random;
  // The rule in force: the option, else the curve's own.
  const rule = opts.hashToScalarRule ?? curve.hashToScalarRule ?? 'decred';
  const ruleOpts = hashRuleOptions(opts.hashToScalarRule);
  // Only big-endian (secp256k1-shaped) curves have the backend quirk.
  const avoid = opts.avoidAmbiguous && curve.scalarByteOrder === 'be';
  const cBytes = new Uint8Array(curve.scalarSize);

  // u·G, u·H_j with the constant-time multiplications (u is secret).
  for (;;) {
    curve.newRandomScalar(rand, u);
    curve.scalarBaseMult(u, L);
    scalarMult(curve, u, Hj, R);
    encodeGoInto(curve, L, buf, 32);
    encodeGoInto(curve, R, buf, 32 + pl);
    if (avoid && !challengeOk(curve, buf, c, rule, ruleOpts, cBytes)) continue;
    if (!avoid) curve.hashToScalar(buf, c, ruleOpts);
    break;
  }
  pool?.wipeServed();
  const Lj = opts.selfCheck ? L.clone() : L;
  const Rj = opts.selfCheck ? R.clone() : R;
  const cj1 = opts.selfCheck ? c.clone() : c;

  let cur = (index + 1) % n;
  if (cur === 0) c0.set(c);
  while (cur !== index) {
    const si = s[cur]!;
    for (;;) {
      curve.newRandomScalar(rand, si);
      doubleScalarMultBaseNonConst(curve, c, members.p[cur]!, si, L);
      doubleScalarMultNonConst(curve, si, members.h[cur]!, c, IT, R);
      // Public points (a verifier recomputes them): one shared variable-time inversion.
      encodePairGoInto(curve, L, R, pair, buf, 32);
      if (avoid && !challengeOk(curve, buf, cNext, rule, ruleOpts, cBytes)) continue;
      if (!avoid) curve.hashToScalar(buf, cNext, ruleOpts);
      break;
    }
    const t = c;
    c = cNext;
    cNext = t;
    cur = (cur + 1) % n;
    if (cur === 0) c0.set(c);
  }
  // c = c_j; close the ring: s_j = u − c_j·x.
  const sj = s[index]!;
  sj.setMul(c, x);
  sj.setSub(u, sj);
  u.set(curve.zeroScalar());
  pool?.wipe();

  if (opts.selfCheck) {
    doubleScalarMultBaseNonConst(curve, c, members.p[index]!, sj, L);
    doubleScalarMultNonConst(curve, sj, members.h[index]!, c, IT, R);
    if (!L.equals(Lj) || !R.equals(Rj)) {
      throw new StrataError(ErrorCode.INVALID_ARGUMENT, 'sign: expected the ring to close at the signer (s·G + c·P = u·G), got a mismatch');
    }
    encodePairGoInto(curve, L, R, pair, buf, 32);
    if (!curve.hashToScalar(buf, cNext, ruleOpts).equals(cj1)) {
      throw new StrataError(ErrorCode.INVALID_ARGUMENT, 'sign: expected the closing challenge to match, got a mismatch');
    }
  }
  // A signature made with the ring's key: the ring may build its tables from its next use.
  ring.markTrusted();
  return { c0, s, image, imageTable: ki.table };
}
