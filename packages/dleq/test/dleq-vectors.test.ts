/**
 * Interop with Go go-dleq: every recorded proof deserializes, re-serializes
 * to the same bytes and verifies; every tampered proof fails where Go fails;
 * the quirk cases behave as documented; and the prover reproduces Go's proofs
 * byte for byte (up to the random-nonce ECDSA signature) from the recorded
 * DRBG stream.
 */
import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { StrataError } from '@strata/field';
import { hex, toHex } from '@strata/testkit';
import { backends, pick, strata } from '@strata/group-testkit';
import { Proof, prove, type VerifyFailure } from '../src/index.js';
import { drbg, patchedBytes, vectors } from './helpers.js';

/** Maps go-dleq's Verify error texts onto Strata's failure reasons. */
function goReason(text: string): VerifyFailure {
  if (text.startsWith('failed to verify commitment on curve A')) return 'commitment-a';
  if (text.startsWith('failed to verify commitment on curve B')) return 'commitment-b';
  if (text === 'failed to verify signature on commitment A') return 'signature-a';
  if (text === 'failed to verify signature on commitment B') return 'signature-b';
  if (text === 'invalid proof') return 'invalid-proof';
  throw new Error(`unmapped Go error ${text}`);
}

describe('go-dleq proofs', () => {
  const proofs = vectors().proofs;
  it('covers both curve orders and the documented sizes', () => {
    expect(proofs.length).toBe(6);
    expect(new Set(proofs.map((p) => `${p.curve_a}/${p.curve_b}`)).size).toBe(2);
  });
  for (const backend of backends) {
    // The noble oracle is slow: it checks one proof per curve order.
    const chosen = backend === strata ? proofs : proofs.filter((p) => p.id.endsWith('-0'));
    for (const v of chosen) {
      it(`${backend.name}: ${v.id} deserializes, round-trips and verifies`, () => {
        const A = pick(backend, v.curve_a);
        const B = pick(backend, v.curve_b);
        const bytes = hex(v.proof);
        expect(bytes.length).toBe(v.proof_len);
        const p = Proof.fromBytes(A, B, bytes);
        expect(p.bitProofs.length).toBe(v.num_bit_proofs);
        expect(toHex(p.commitmentA.toBytes())).toBe(v.commitment_a);
        expect(toHex(p.commitmentB.toBytes())).toBe(v.commitment_b);
        expect(toHex(p.signatureA)).toBe(v.signature_a);
        expect(toHex(p.signatureB)).toBe(v.signature_b);
        expect(p.byteLength).toBe(bytes.length);
        expect(toHex(p.toBytes())).toBe(v.proof);
        expect(p.check(A, B)).toEqual({ ok: true });
        expect(p.verify(A, B)).toBe(true);
        // the input is not retained
        bytes.fill(0);
        expect(p.verify(A, B)).toBe(true);
        // the secret behind it: commitments are x·G on both curves
        const x = hex(v.secret);
        expect(toHex(A.scalarBaseMult(A.scalarFromBytesLE(x)).toBytes())).toBe(v.commitment_a);
        expect(toHex(B.scalarBaseMult(B.scalarFromBytesLE(x)).toBytes())).toBe(v.commitment_b);
      });
    }
  }

  it('a proof is bound to its curve order: swapping (A, B) fails to parse or verify', () => {
    const v = proofs[0]!;
    const A = pick(strata, v.curve_a);
    const B = pick(strata, v.curve_b);
    let ok = false;
    try {
      ok = Proof.fromBytes(B, A, hex(v.proof)).verify(B, A);
    } catch (e) {
      expect(e).toBeInstanceOf(StrataError);
    }
    expect(ok).toBe(false);
    // and a proof parsed for (A, B) does not verify for (B, A): false, not a throw (issue 10, finding 5)
    expect(Proof.fromBytes(A, B, hex(v.proof)).verify(B, A)).toBe(false);
  });
});

describe('go-dleq tampered proofs and quirks', () => {
  const cases = [...vectors().tampered, ...vectors().deserialize_quirks];
  it('has tampered and quirk cases', () => {
    expect(vectors().tampered.length).toBeGreaterThanOrEqual(20);
    expect(vectors().deserialize_quirks.length).toBeGreaterThanOrEqual(2);
  });
  for (const v of cases) {
    it(`strata: ${v.id} (${v.mutation})`, () => {
      const A = pick(strata, v.curve_a);
      const B = pick(strata, v.curve_b);
      const bytes = patchedBytes(v);
      expect(bytes.length).toBe(v.proof_len);
      expect(toHex(sha256(bytes))).toBe(v.proof_sha256);
      const zeroCount = v.deserialize_ok && v.proof_len > 65 && bytes[A.compressedPointSize + B.compressedPointSize] === 0;
      if (!v.deserialize_ok || zeroCount) {
        // Go: "input bytes too short" (or, for count 0, a panic in Verify): a typed error here.
        let err: unknown;
        try {
          Proof.fromBytes(A, B, bytes);
        } catch (e) {
          err = e;
        }
        expect(err).toBeInstanceOf(StrataError);
        const se = err as StrataError;
        expect(se.offset).toBeTypeOf('number');
        expect(se.code).toBe(zeroCount ? 'ERR_MALFORMED' : 'ERR_TRUNCATED');
        if (zeroCount) expect(se.offset).toBe(A.compressedPointSize + B.compressedPointSize);
        return;
      }
      const p = Proof.fromBytes(A, B, bytes);
      const r = p.check(A, B);
      expect(r.ok).toBe(v.verify);
      expect(p.verify(A, B)).toBe(v.verify);
      if (v.verify_error !== undefined) expect(r).toMatchObject({ ok: false, reason: goReason(v.verify_error) });
      if (v.verify_panic !== undefined) expect(r.ok).toBe(false);
      if (v.id.endsWith('trailing')) {
        // Go ignores trailing bytes; strict mode refuses them at the right offset.
        expect(p.toBytes().length).toBe(bytes.length - 3);
        let err: unknown;
        try {
          Proof.fromBytes(A, B, bytes, { strict: true });
        } catch (e) {
          err = e;
        }
        expect(err).toBeInstanceOf(StrataError);
        expect((err as StrataError).code).toBe('ERR_MALFORMED');
        expect((err as StrataError).offset).toBe(bytes.length - 3);
      }
    });
  }
});

describe('prover reproduces Go proofs from the recorded randomness', () => {
  for (const v of vectors().proofs) {
    it(`strata: ${v.id}`, () => {
      const A = pick(strata, v.curve_a);
      const B = pick(strata, v.curve_b);
      const rand = drbg(v.drbg_seed);
      const p = prove(A, B, hex(v.secret), { rand, avoidBackendDisagreement: false });
      // The signatures come last: go-dleq's ECDSA reads 32 bytes of nonce hedging per
      // secp256k1 curve, its ed25519 Schnorr reads none.
      const signatureBytes = [A, B].filter((c) => c.name === 'secp256k1').length * 32;
      const atSignatures = rand.consumed() - signatureBytes;
      expect(atSignatures).toBe(v.random_bytes_consumed_before_signatures);
      const out = p.toBytes();
      const sigSection = 2 + v.signature_a.length / 2 + v.signature_b.length / 2;
      const upTo = v.proof_len - sigSection;
      expect(toHex(out.subarray(0, upTo))).toBe(v.proof.slice(0, 2 * upTo));
      // the deterministic ed25519 signature is reproduced too
      if (v.curve_a === 'ed25519') expect(toHex(p.signatureA)).toBe(v.signature_a);
      if (v.curve_b === 'ed25519') expect(toHex(p.signatureB)).toBe(v.signature_b);
      // and the whole proof verifies, through a fresh parse of the bytes
      expect(Proof.fromBytes(A, B, out).verify(A, B)).toBe(true);
    });
  }
});
