/**
 * A proof verified against another pair of curves than the one it was made
 * or deserialized for returns false (issue 10, finding 5: it used to throw
 * TypeError from the curve arithmetic): every (A, B) × (C, D) over
 * {secp256k1, ed25519}², from `prove` and from bytes, plus proofs whose
 * fields mix the two curves.
 */
import { describe, expect, it } from 'vitest';
import { BitProof, Proof, prove, proofBitCount } from '../src/index.js';
import { ed25519, secp256k1, secp256k1Reduced, type Curve } from '@strata/group';
import { seededRandom } from '@strata/group-testkit';

const curves: readonly [string, Curve][] = [
  ['secp256k1', secp256k1],
  ['ed25519', ed25519],
];
const pairs: [string, Curve, Curve][] = [];
for (const [na, a] of curves) for (const [nb, b] of curves) pairs.push([`${na}×${nb}`, a, b]);

function secretFor(A: Curve, B: Curve, seed: number): Uint8Array {
  const s = seededRandom(seed)(32);
  const bits = proofBitCount(A, B);
  s[31] = s[31]! & ((1 << (bits - 248)) - 1); // below 2^bits
  return s;
}

describe('Proof.verify / check with a mismatched curve pair return false, never throw', () => {
  let seed = 1;
  for (const [name, A, B] of pairs) {
    describe(`proof made for ${name}`, () => {
      const proof = prove(A, B, secretFor(A, B, seed), { rand: seededRandom(100 + seed) });
      seed++;
      const bytes = proof.toBytes();
      const parsed = Proof.fromBytes(A, B, bytes);

      it('verifies for its own pair', () => {
        expect(proof.verify(A, B)).toBe(true);
        expect(parsed.verify(A, B)).toBe(true);
      });

      for (const [other, C, D] of pairs) {
        if (C === A && D === B) continue;
        it(`verify(${other}) is false (from prove and from bytes)`, () => {
          for (const p of [proof, parsed]) {
            let r: boolean | undefined;
            expect(() => (r = p.verify(C, D))).not.toThrow();
            expect(r).toBe(false);
            const c = p.check(C, D);
            expect(c.ok).toBe(false);
          }
        });
      }

      it('a pair of the same groups under another hash rule gives a boolean, never a throw', () => {
        const swap = (c: Curve) => (c === secp256k1 ? secp256k1Reduced : c);
        expect(typeof parsed.verify(swap(A), swap(B))).toBe('boolean');
      });
    });
  }

  it('proofs whose fields mix the curves are false, whatever field is foreign', () => {
    const A = secp256k1;
    const B = ed25519;
    const p = prove(A, B, secretFor(A, B, 77), { rand: seededRandom(78) });
    const bp = p.bitProofs;
    const gA = A.basePoint();
    const gB = B.basePoint();
    const zA = A.scalarFromInt(1);
    const zB = B.scalarFromInt(1);
    const variants: Proof[] = [
      new Proof(gB, p.commitmentB, bp, p.signatureA, p.signatureB),
      new Proof(p.commitmentA, gA, bp, p.signatureA, p.signatureB),
    ];
    const fields = ['commitmentA', 'commitmentB', 'eA', 'eB', 'a0', 'a1', 'b0', 'b1'] as const;
    for (let f = 0; f < fields.length; f++) {
      for (const at of [0, bp.length - 1]) {
        const b0 = bp[at]!;
        const vals = fields.map((k) => b0[k]);
        // put curve B's object where curve A's belongs and vice versa
        vals[f] = f === 0 ? gB : f === 1 ? gA : [2, 4, 5].includes(f) ? zB : zA;
        const mixed = new BitProof(...(vals as ConstructorParameters<typeof BitProof>));
        variants.push(new Proof(p.commitmentA, p.commitmentB, bp.map((x, i) => (i === at ? mixed : x)), p.signatureA, p.signatureB));
      }
    }
    expect(p.verify(A, B)).toBe(true);
    for (const v of variants) {
      let r: boolean | undefined;
      expect(() => (r = v.verify(A, B))).not.toThrow();
      expect(r).toBe(false);
      expect(v.check(A, B)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('signatures of any length and bit-proof lists of any size are false, never a throw', () => {
    const A = ed25519;
    const B = secp256k1;
    const p = prove(A, B, secretFor(A, B, 91), { rand: seededRandom(92) });
    const r = seededRandom(93);
    for (let len = 0; len <= 200; len += 7) {
      const sig = r(len);
      expect(new Proof(p.commitmentA, p.commitmentB, p.bitProofs, sig, p.signatureB).verify(A, B)).toBe(false);
      expect(new Proof(p.commitmentA, p.commitmentB, p.bitProofs, p.signatureA, sig).verify(A, B)).toBe(false);
    }
    for (const bps of [[], p.bitProofs.slice(0, 1), p.bitProofs.slice(1), [...p.bitProofs, p.bitProofs[0]!]]) {
      expect(new Proof(p.commitmentA, p.commitmentB, bps, p.signatureA, p.signatureB).verify(A, B)).toBe(false);
    }
  });
});
