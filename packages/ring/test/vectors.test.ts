/**
 * Interop with Go ring-go: every case of ../shared/vectors/ring-go.json,
 * over Strata's curves and over the noble-backed `Curve`.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode, StrataError } from '@strata/field';
import { hex, toHex } from '@strata/testkit';
import { Ring, RingSignature, hashToCurveNonConst, link, sign } from '../src/index.js';
import { hashToScalar, hashToScalarIsAmbiguous } from './helpers.js';
import { BACKENDS, V, detRandom, replay } from './helpers.js';
import * as O from './oracle.js';

describe('vector file', () => {
  it('has the documented shape and counts', () => {
    expect(V.hash_to_curve.length).toBe(10);
    expect(V.hash_to_scalar.length).toBe(8);
    expect(V.sign_verify.length).toBe(39);
    expect(V.negative.length).toBe(44);
    expect(V.deserialize_quirks.length).toBe(8);
    expect(V.link.length).toBe(8);
    expect(V.sign_verify.filter((c) => c.tags?.includes('short_hash_to_scalar_in_challenge_chain')).length).toBe(3);
  });
});

for (const backend of BACKENDS) {
  const C = backend.curves;
  describe(`ring-go vectors over ${backend.label} curves`, () => {
    it('hash-to-curve matches every recorded H_p', () => {
      for (const v of V.hash_to_curve) {
        const P = C[v.curve].pointFromBytes(hex(v.point));
        expect(toHex(hashToCurveNonConst(C[v.curve], P).toBytes()), v.point).toBe(v.hash_to_curve);
      }
    });

    it('hash-to-scalar matches every recorded output (decred rule)', () => {
      for (const v of V.hash_to_scalar) {
        const curve = C[v.curve];
        expect(toHex(hashToScalar(curve, hex(v.input)).toBytes()), v.input).toBe(v.output);
        expect(toHex(hashToScalar(curve, hex(v.input), 'decred', curve.zeroScalar()).toBytes())).toBe(v.output);
      }
    });

    it('the libsecp256k1 rule differs exactly on the short (quirk) inputs', () => {
      let short = 0;
      for (const v of V.hash_to_scalar) {
        const curve = C[v.curve];
        const lib = toHex(hashToScalar(curve, hex(v.input), 'libsecp256k1').toBytes());
        const expected = toHex(O.encodeScalar(v.curve, O.hashToScalar(v.curve, hex(v.input), 'libsecp256k1')));
        expect(lib).toBe(expected);
        const isShort = v.short_leading_zero_bytes !== undefined;
        expect(hashToScalarIsAmbiguous(curve, hex(v.input))).toBe(isShort);
        if (isShort) {
          short++;
          expect(lib).not.toBe(v.output);
          // decred output = v · 256^k: the libsecp value shifted left by k bytes.
          const k = v.short_leading_zero_bytes!;
          expect(lib.slice(2 * k) + '00'.repeat(k)).toBe(v.output);
        } else {
          expect(lib).toBe(v.output);
        }
      }
      expect(short).toBe(2);
    });

    it('every sign_verify case deserializes, verifies, exposes its fields and re-serializes identically', () => {
      for (const v of V.sign_verify) {
        const curve = C[v.curve];
        const sig = RingSignature.fromBytes(curve, hex(v.serialized));
        expect(sig.verify(hex(v.message)), v.id).toBe(true);
        expect(toHex(sig.toBytes()), v.id).toBe(v.serialized);
        expect(sig.byteLength).toBe(v.serialized.length / 2);
        expect(toHex(sig.keyImageBytes())).toBe(v.key_image);
        expect(toHex(sig.keyImage.toBytes())).toBe(v.key_image);
        expect(toHex(sig.challenge.toBytes())).toBe(v.c);
        expect(sig.responses().map((s) => toHex(s.toBytes()))).toEqual(v.s);
        expect(sig.ring.publicKeyBytes().map(toHex)).toEqual(v.ring);
        expect(sig.size).toBe(v.ring_size);
        expect(toHex(sig.ring.publicKeys()[v.signer_index]!.toBytes())).toBe(v.signer_public_key);
        // Wrong message fails.
        const m = hex(v.message);
        m[31]! ^= 1;
        expect(sig.verify(m)).toBe(false);
      }
    });

    it('reproduces every serialized signature byte-for-byte from the recorded crypto/rand reads', () => {
      for (const v of V.sign_verify) {
        const curve = C[v.curve];
        const ring = Ring.fromPublicKeys(curve, v.ring.map(hex));
        const rnd = replay(v.sign_random_reads);
        const sig = sign(hex(v.message), ring, hex(v.signer_private_key), v.signer_index, {
          random: rnd,
          avoidAmbiguous: false,
        });
        expect(toHex(sig.toBytes()), v.id).toBe(v.serialized);
        expect(rnd.count()).toBe(v.sign_random_reads.length);
        // Ring.sign finds the index itself and gives the same bytes.
        const sig2 = ring.sign(hex(v.message), hex(v.signer_private_key), { random: replay(v.sign_random_reads), avoidAmbiguous: false });
        expect(toHex(sig2.toBytes())).toBe(v.serialized);
        // Without the self-check: same bytes.
        const sig3 = ring.sign(hex(v.message), hex(v.signer_private_key), {
          random: replay(v.sign_random_reads),
          avoidAmbiguous: false,
          selfCheck: false,
        });
        expect(toHex(sig3.toBytes())).toBe(v.serialized);
      }
    });

    it('short-challenge cases verify only under the decred rule; the default signer re-draws around them', () => {
      const shorts = V.sign_verify.filter((c) => c.tags?.includes('short_hash_to_scalar_in_challenge_chain'));
      for (const v of shorts) {
        const curve = C[v.curve];
        const sig = RingSignature.fromBytes(curve, hex(v.serialized));
        expect(sig.verify(hex(v.message))).toBe(true);
        expect(sig.verify(hex(v.message), { hashToScalarRule: 'decred' })).toBe(true);
        expect(sig.verify(hex(v.message), { hashToScalarRule: 'libsecp256k1' })).toBe(false);

        // Default policy: same recorded reads, then more bytes; the signer must
        // draw more than n values and produce a chain both rules accept.
        const ring = Ring.fromPublicKeys(curve, v.ring.map(hex));
        const rnd = replay(v.sign_random_reads, detRandom(7));
        const fresh = sign(hex(v.message), ring, hex(v.signer_private_key), v.signer_index, { random: rnd });
        expect(rnd.count()).toBeGreaterThan(v.sign_random_reads.length);
        expect(toHex(fresh.toBytes())).not.toBe(v.serialized);
        expect(fresh.verify(hex(v.message))).toBe(true);
        expect(fresh.verify(hex(v.message), { hashToScalarRule: 'libsecp256k1' })).toBe(true);
        const o = O.fromBytes('secp256k1', fresh.toBytes());
        expect(O.verify('secp256k1', hex(v.message), o, 'decred')).toBe(true);
        expect(O.verify('secp256k1', hex(v.message), o, 'libsecp256k1')).toBe(true);
      }
    });

    it('signing under the libsecp256k1 rule (re-draw off) gives a chain only that rule accepts; re-draw on gives one both accept', () => {
      for (const v of V.sign_verify.filter((c) => c.tags?.includes('short_hash_to_scalar_in_challenge_chain'))) {
        const curve = C[v.curve];
        const ring = Ring.fromPublicKeys(curve, v.ring.map(hex));
        const lib = sign(hex(v.message), ring, hex(v.signer_private_key), v.signer_index, {
          random: replay(v.sign_random_reads),
          avoidAmbiguous: false,
          hashToScalarRule: 'libsecp256k1',
        });
        expect(toHex(lib.toBytes())).not.toBe(v.serialized);
        expect(lib.verify(hex(v.message), { hashToScalarRule: 'libsecp256k1' })).toBe(true);
        expect(lib.verify(hex(v.message))).toBe(false);
        const both = sign(hex(v.message), ring, hex(v.signer_private_key), v.signer_index, {
          random: replay(v.sign_random_reads, detRandom(11)),
          hashToScalarRule: 'libsecp256k1',
        });
        expect(both.verify(hex(v.message), { hashToScalarRule: 'libsecp256k1' })).toBe(true);
        expect(both.verify(hex(v.message))).toBe(true);
      }
    });

    it('a non-short case verifies under both rules', () => {
      const v = V.sign_verify.find((c) => c.curve === 'secp256k1' && c.short_challenge_positions?.length === 0)!;
      const sig = RingSignature.fromBytes(C.secp256k1, hex(v.serialized));
      expect(sig.verify(hex(v.message), { hashToScalarRule: 'libsecp256k1' })).toBe(true);
    });

    it('every negative case fails as Go recorded with allowTorsion (typed error where Go errors, false where Go returns false)', () => {
      for (const v of V.negative) {
        const curve = C[v.curve];
        if (!v.deserialize_ok) {
          let err: unknown;
          try {
            RingSignature.fromBytes(curve, hex(v.serialized), { allowTorsion: true });
          } catch (e) {
            err = e;
          }
          expect(err, v.id).toBeInstanceOf(StrataError);
          continue;
        }
        const sig = RingSignature.fromBytes(curve, hex(v.serialized), { allowTorsion: true });
        expect(sig.verify(hex(v.message)), v.id).toBe(false);
        expect(sig.verify(hex(v.message), { hashToScalarRule: 'libsecp256k1' }), v.id).toBe(false);
      }
    });

    it('by default every negative case fails too; ed25519 key images mutated into points with torsion fail at deserialize', () => {
      const torsion: string[] = [];
      for (const v of V.negative) {
        const curve = C[v.curve];
        let sig: RingSignature | undefined;
        let err: unknown;
        try {
          sig = RingSignature.fromBytes(curve, hex(v.serialized));
        } catch (e) {
          err = e;
        }
        if (!v.deserialize_ok) {
          expect(err, v.id).toBeInstanceOf(StrataError);
          continue;
        }
        if (err !== undefined) {
          // Go deserialises these; the default policy rejects what no honest signer makes.
          expect(err, v.id).toBeInstanceOf(StrataError);
          expect((err as StrataError).code, v.id).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
          expect(v.curve === 'ed25519' && v.mutation.startsWith('key image'), v.id).toBe(true);
          expect((err as StrataError).offset).toBe(4 + 32);
          torsion.push(v.id);
          continue;
        }
        expect(sig!.verify(hex(v.message)), v.id).toBe(false);
      }
      // Both ed25519 "still a valid point encoding" key-image mutations land on points with torsion.
      expect(torsion).toEqual(['ed25519-n4-1-neg-24', 'ed25519-n7-2-neg-35']);
    });

    it('the size-field and truncation negatives fail with ERR_TRUNCATED, bad points with the decoder code', () => {
      for (const v of V.negative) {
        const curve = C[v.curve];
        if (v.mutation.startsWith('size field') || v.mutation.startsWith('truncated')) {
          expect(() => RingSignature.fromBytes(curve, hex(v.serialized)), v.id).toThrowError(
            expect.objectContaining({ code: ErrorCode.TRUNCATED }),
          );
        }
        if (v.mutation.includes('invalid point encoding')) {
          expect(() => RingSignature.fromBytes(curve, hex(v.serialized))).toThrowError(
            expect.objectContaining({ offset: 4 + 32 }),
          );
        }
        if (v.curve === 'ed25519' && v.mutation.startsWith('s_0 replaced')) {
          expect(() => RingSignature.fromBytes(curve, hex(v.serialized))).toThrowError(
            expect.objectContaining({ code: ErrorCode.NON_CANONICAL }),
          );
        }
      }
    });

    it('the secp256k1 s_0 = 0xff…ff case deserializes (reduced, as Go) and re-serializes reduced; strict rejects it', () => {
      const v = V.negative.find((c) => c.curve === 'secp256k1' && c.mutation.startsWith('s_0 replaced'))!;
      const sig = RingSignature.fromBytes(C.secp256k1, hex(v.serialized));
      const again = toHex(sig.toBytes());
      expect(again).not.toBe(v.serialized);
      const s0 = again.slice(2 * (4 + 32 + 33), 2 * (4 + 32 + 33 + 32));
      expect(BigInt('0x' + s0)).toBe((1n << 256n) - 1n - O.N_SECP);
      expect(() => RingSignature.fromBytes(C.secp256k1, hex(v.serialized), { strict: true })).toThrowError(
        expect.objectContaining({ code: ErrorCode.NON_CANONICAL }),
      );
    });

    it('deserialize quirks follow Go where Go returns, and throw typed errors where Go panics', () => {
      for (const v of V.deserialize_quirks) {
        const curve = C[v.curve];
        const bytes = hex(v.serialized);
        if (v.id.endsWith('-trailing')) {
          const sig = RingSignature.fromBytes(curve, bytes);
          expect(sig.verify(hex(v.message))).toBe(true);
          expect(toHex(sig.toBytes())).toBe(v.serialized.slice(0, -8));
          expect(() => RingSignature.fromBytes(curve, bytes, { strict: true })).toThrowError(
            expect.objectContaining({ code: ErrorCode.MALFORMED }),
          );
        } else if (v.id.endsWith('-size0')) {
          expect(v.verify_panic).toBeDefined();
          expect(() => RingSignature.fromBytes(curve, bytes)).toThrowError(
            expect.objectContaining({ code: ErrorCode.MALFORMED }),
          );
        } else if (v.id.endsWith('-short-header')) {
          expect(() => RingSignature.fromBytes(curve, bytes)).toThrowError(
            expect.objectContaining({ code: ErrorCode.TRUNCATED }),
          );
        } else if (v.id.endsWith('-size1')) {
          const sig = RingSignature.fromBytes(curve, bytes);
          expect(sig.size).toBe(1);
          expect(sig.verify(hex(v.message))).toBe(false);
          expect(toHex(sig.toBytes())).toBe(v.serialized);
          expect(() => RingSignature.fromBytes(curve, bytes, { strict: true })).toThrowError(
            expect.objectContaining({ code: ErrorCode.MALFORMED }),
          );
        } else {
          throw new Error(`unexpected quirk case ${v.id}`);
        }
      }
    });

    it('strict mode accepts every valid vector signature', () => {
      for (const v of V.sign_verify) {
        const sig = RingSignature.fromBytes(C[v.curve], hex(v.serialized), { strict: true });
        expect(sig.verify(hex(v.message))).toBe(true);
      }
    });

    it('with allowTorsion, links exactly as Go recorded (ed25519 images shifted by torsion link, and do not verify)', () => {
      for (const v of V.link) {
        const curve = C[v.curve];
        const a = RingSignature.fromBytes(curve, hex(v.sig_a.serialized), { allowTorsion: true });
        const b = RingSignature.fromBytes(curve, hex(v.sig_b.serialized), { allowTorsion: true });
        expect(link(a, b), v.id).toBe(v.link);
        expect(link(b, a), v.id).toBe(v.link);
        expect(a.verify(hex(v.sig_a.message))).toBe(v.sig_a.verify);
        expect(b.verify(hex(v.sig_b.message))).toBe(v.sig_b.verify);
        expect(toHex(a.keyImageBytes())).toBe(v.sig_a.key_image);
        expect(toHex(b.keyImageBytes())).toBe(v.sig_b.key_image);
      }
    });

    it('by default, the torsion-shifted key images of the link vectors are rejected at deserialize; the others link as Go', () => {
      for (const v of V.link) {
        const curve = C[v.curve];
        const a = RingSignature.fromBytes(curve, hex(v.sig_a.serialized));
        expect(a.verify(hex(v.sig_a.message))).toBe(v.sig_a.verify);
        if (v.id.startsWith('ed25519-link-torsion-')) {
          let err: unknown;
          try {
            RingSignature.fromBytes(curve, hex(v.sig_b.serialized));
          } catch (e) {
            err = e;
          }
          expect(err, v.id).toBeInstanceOf(StrataError);
          expect((err as StrataError).code).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
          expect((err as StrataError).offset).toBe(4 + 32);
          continue;
        }
        const b = RingSignature.fromBytes(curve, hex(v.sig_b.serialized));
        expect(link(a, b), v.id).toBe(v.link);
        expect(b.verify(hex(v.sig_b.message))).toBe(v.sig_b.verify);
      }
    });
  });
}

describe('the test oracle itself reproduces the vectors', () => {
  it('signs byte-for-byte and verifies as recorded', () => {
    for (const v of V.sign_verify.filter((c) => c.ring_size <= 4)) {
      const x = O.scalarFromBytes(v.curve, hex(v.signer_private_key));
      const out = O.sign(v.curve, hex(v.message), v.ring.map(hex), x, v.signer_index, v.sign_random_reads.map(hex));
      expect(toHex(out)).toBe(v.serialized);
    }
    for (const v of V.negative.filter((c) => c.deserialize_ok).slice(0, 8)) {
      expect(O.verify(v.curve, hex(v.message), O.fromBytes(v.curve, hex(v.serialized)))).toBe(false);
    }
  });
});
