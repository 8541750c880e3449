/**
 * Regression (issue 10 hardening): a DLEq proof must not verify once one of
 * its embedded point signatures is lengthened or shortened.
 *
 * go-dleq's ed25519 Verify reads S from sig[32:min(64, len)] and ignores the
 * rest, so `sig ‖ anything` verifies and `sig[0:63]` verifies whenever
 * S[31] = 0; Strata accepts exactly 64 bytes (a deliberate, safer divergence,
 * see the README). The secp256k1 DER path already refuses anything after the
 * DER sequence (as Go does); it is pinned here too.
 */
import { describe, expect, it } from 'vitest';
import { concatBytes, hex } from '@strata/testkit';
import { Proof } from '../src/index.js';
import { ed25519, secp256k1, type Curve } from '@strata/group';
import { schemeOf, vectors } from './helpers.js';

const byName = (n: string): Curve => (n === 'ed25519' ? ed25519 : secp256k1);

/** The proof with signature A or B replaced, sent through the wire format with { strict: true }. */
function withSignature(A: Curve, B: Curve, p: Proof, which: 'A' | 'B', sig: Uint8Array): Proof {
  const q = new Proof(p.commitmentA, p.commitmentB, p.bitProofs, which === 'A' ? sig : p.signatureA, which === 'B' ? sig : p.signatureB);
  return Proof.fromBytes(A, B, q.toBytes(), { strict: true });
}

const TAILS = [[0x00], [0xff], [0x01, 0x02, 0x03], new Array<number>(40).fill(0xaa)].map((t) => Uint8Array.from(t));

for (const v of vectors().proofs.filter((x) => x.verify)) {
  const A = byName(v.curve_a);
  const B = byName(v.curve_b);
  const p = Proof.fromBytes(A, B, hex(v.proof));

  describe(`${v.id}: embedded signatures of another length`, () => {
    it('the vector itself verifies', () => {
      expect(p.verify(A, B)).toBe(true);
    });

    for (const which of ['A', 'B'] as const) {
      const curve = which === 'A' ? A : B;
      const sig = which === 'A' ? p.signatureA : p.signatureB;
      const reason = which === 'A' ? 'signature-a' : 'signature-b';

      it(`signature ${which} (${curve.name}) with bytes appended (length prefix adjusted) is rejected`, () => {
        for (const t of TAILS) {
          const q = withSignature(A, B, p, which, concatBytes(sig, t));
          expect(q.check(A, B), `${t.length} bytes appended`).toEqual({ ok: false, reason });
        }
      });

      it(`signature ${which} (${curve.name}) shortened by 1, 2, 32 or 33 bytes (length prefix adjusted) is rejected`, () => {
        for (const cut of [1, 2, 32, 33]) {
          const q = withSignature(A, B, p, which, sig.slice(0, sig.length - cut));
          expect(q.check(A, B), `${cut} bytes dropped`).toEqual({ ok: false, reason });
        }
      });

      if (curve === ed25519) {
        it(`signature ${which} (ed25519): dropping the last byte is rejected even when S[31] = 0 (Go zero-pads it back)`, () => {
          const q = withSignature(A, B, p, which, sig.subarray(0, 63));
          expect(q.check(A, B)).toEqual({ ok: false, reason });
          // The same through Curve#verify directly.
          const X = which === 'A' ? p.commitmentA : p.commitmentB;
          expect(schemeOf(curve).verify(X, X, sig)).toBe(true);
          expect(schemeOf(curve).verify(X, X, sig.subarray(0, 63))).toBe(false);
        });
      } else {
        it(`signature ${which} (secp256k1 DER): bytes after the sequence, or inside it after s, are rejected`, () => {
          const X = which === 'A' ? p.commitmentA : p.commitmentB;
          expect(schemeOf(curve).verify(X, X, sig)).toBe(true);
          for (const t of TAILS) {
            expect(schemeOf(curve).verify(X, X, concatBytes(sig, t)), `${t.length} bytes after the sequence`).toBe(false);
            // The same bytes inside the SEQUENCE (its length byte adjusted, still short form).
            const inner = concatBytes(sig, t);
            inner[1] = inner[1]! + t.length;
            if (inner[1]! < 0x80) expect(schemeOf(curve).verify(X, X, inner), `${t.length} bytes inside the sequence`).toBe(false);
            expect(withSignature(A, B, p, which, inner).check(A, B)).toEqual({ ok: false, reason });
          }
        });
      }
    }
  });
}

it('the vectors include an ed25519 signature with S[31] = 0 (the case Go accepts shortened)', () => {
  expect(vectors().proofs.some((v) => v.id === 'secp256k1-ed25519-0' && hex(v.signature_b)[63] === 0)).toBe(true);
});

describe('a Curve#verify signature that is not a Uint8Array is a TypeError (programmer error)', () => {
  for (const c of [secp256k1, ed25519]) {
    it(c.name, () => {
      const G = c.basePoint();
      for (const v of [null, undefined, 'sig', 64, [], new Array<number>(64).fill(0), new Uint16Array(64), new ArrayBuffer(64)]) {
        expect(() => schemeOf(c).verify(G, G, v as unknown as Uint8Array)).toThrow(TypeError);
      }
    });
  }
});
