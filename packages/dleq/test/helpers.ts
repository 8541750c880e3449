/**
 * Test helpers: go-dleq's vector file (its proofs and patches), its
 * deterministic randomness stream and signature schemes. The backends, `pick`
 * and `seededRandom` are @strata/group-testkit's.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { hex } from '@strata/testkit';
import {
  goDleqVectors,
  isNobleCurve,
  nobleSignatureScheme,
  type GoDleqGroupVectors,
} from '@strata/group-testkit';
import type { Curve, Point, RandomSource, Scalar } from '@strata/group';
import { signatureSchemeFor } from '../src/index.js';

/** One proof vector of go-dleq.json. */
export interface ProofVector {
  id: string;
  curve_a: string;
  curve_b: string;
  secret: string;
  commitment_a: string;
  commitment_b: string;
  proof: string;
  proof_len: number;
  num_bit_proofs: number;
  signature_a: string;
  signature_b: string;
  verify: boolean;
  drbg_seed: string;
  random_bytes_consumed_before_signatures: number;
  high_s: boolean;
  short_hash_count: number;
}

/** One tampered / quirk vector of go-dleq.json. */
export interface PatchVector {
  id: string;
  curve_a: string;
  curve_b: string;
  base_case: string;
  mutation: string;
  proof_patch: { prefix_len: number; middle: string; suffix_len: number };
  proof_len: number;
  proof_sha256: string;
  deserialize_ok: boolean;
  deserialize_error?: string;
  verify: boolean;
  verify_error?: string;
  verify_panic?: string;
}

/** The parsed go-dleq.json: the group's part (testkit) and the proofs. */
export interface DleqVectors extends GoDleqGroupVectors {
  format: Record<string, unknown>;
  proofs: ProofVector[];
  tampered: PatchVector[];
  deserialize_quirks: PatchVector[];
}

/** Returns go-dleq.json (read once). */
export function vectors(): DleqVectors {
  return goDleqVectors<DleqVectors>();
}

/** Rebuilds the bytes of a tampered / quirk vector from its base proof. */
export function patchedBytes(v: PatchVector): Uint8Array {
  const base = vectors().proofs.find((p) => p.id === v.base_case);
  if (base === undefined) throw new Error(`no base case ${v.base_case}`);
  const b = hex(base.proof);
  const mid = hex(v.proof_patch.middle);
  const out = new Uint8Array(v.proof_patch.prefix_len + mid.length + v.proof_patch.suffix_len);
  out.set(b.subarray(0, v.proof_patch.prefix_len), 0);
  out.set(mid, v.proof_patch.prefix_len);
  out.set(b.subarray(b.length - v.proof_patch.suffix_len), v.proof_patch.prefix_len + mid.length);
  return out;
}

/**
 * go-dleq.json's DRBG: stream = SHA256(utf8(seed) ‖ u64_be(0)) ‖
 * SHA256(utf8(seed) ‖ u64_be(1)) ‖ …; each read takes the next bytes.
 */
export function drbg(seed: string): RandomSource & { consumed(): number } {
  const s = new TextEncoder().encode(seed);
  let counter = 0n;
  let pool = new Uint8Array(0);
  let used = 0;
  const read = ((n: number): Uint8Array => {
    while (pool.length < n) {
      const m = new Uint8Array(s.length + 8);
      m.set(s);
      new DataView(m.buffer).setBigUint64(s.length, counter++);
      const next = new Uint8Array(pool.length + 32);
      next.set(pool);
      next.set(sha256(m), pool.length);
      pool = next;
    }
    const out = pool.slice(0, n);
    pool = pool.slice(n);
    used += n;
    return out;
  }) as RandomSource & { consumed(): number };
  read.consumed = () => used;
  return read;
}

/**
 * Returns go-dleq's signature scheme of `c` with the curve bound: dleq's own
 * (`signatureSchemeFor`) over Strata's curves, noble-curves' over the noble
 * oracle curves (an independent implementation of the same Go rules).
 */
export function schemeOf(c: Curve): {
  sign(x: Scalar, P: Point, rand?: RandomSource): Uint8Array;
  verify(pub: Point, msg: Point, sig: Uint8Array): boolean;
} {
  const s = isNobleCurve(c) ? nobleSignatureScheme : signatureSchemeFor(c);
  return {
    sign: (x, P, rand) => s.sign(c, x, P, rand),
    verify: (pub, msg, sig) => s.verify(c, pub, msg, sig),
  };
}
