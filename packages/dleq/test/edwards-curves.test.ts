/**
 * The same DLEq code over @strata/group's adapters of the generic twisted
 * Edwards curves (Strata-defined encodings, no go-dleq counterpart): a
 * proof between Jubjub and secp256k1 and one between Bandersnatch and Baby
 * Jubjub prove, round-trip and verify; a flipped bit is caught.
 */
import { describe, expect, it } from 'vitest';
import { babyJubjub, bandersnatch, jubjub, secp256k1, type Curve } from '@strata/group';
import { Proof, generateSecretForCurvesLE, proofBitCount, prove } from '../src/index.js';
import { seededRandom } from '@strata/group-testkit';

const pairs: [Curve, Curve][] = [
  [jubjub, secp256k1],
  [bandersnatch, babyJubjub],
];

describe('DLEq over the generic Edwards curves (Strata-defined encodings)', () => {
  for (const [A, B] of pairs) {
    it(`${A.name} × ${B.name}: prove, serialize, deserialize, verify; tampering fails`, () => {
      const rand = seededRandom(A.bitSize * 1000 + B.bitSize);
      const secret = generateSecretForCurvesLE(A, B, rand);
      const proof = prove(A, B, secret, { rand });
      expect(proof.bitProofs.length).toBe(proofBitCount(A, B));
      const bytes = proof.toBytes();
      const back = Proof.fromBytes(A, B, bytes, { strict: true });
      expect(back.check(A, B)).toEqual({ ok: true });
      expect(back.commitmentA.equals(A.scalarBaseMult(A.scalarFromBytesLE(secret)))).toBe(true);
      const bad = bytes.slice();
      const at = A.compressedPointSize + B.compressedPointSize + 1 + 70; // inside bit proof 0's scalars
      bad[at] = bad[at]! ^ 1;
      let ok: boolean;
      try {
        ok = Proof.fromBytes(A, B, bad).verify(A, B);
      } catch {
        ok = false;
      }
      expect(ok).toBe(false);
    });
  }
});
