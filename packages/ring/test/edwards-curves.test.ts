/**
 * The same ring code over @strata/group's adapters of the generic twisted
 * Edwards curves (Jubjub, Bandersnatch, Baby Jubjub; Strata-defined
 * encodings, no ring-go counterpart): sign, serialize, deserialize, verify,
 * link, and tampering caught.
 */
import { describe, expect, it } from 'vitest';
import { babyJubjub, bandersnatch, jubjub } from '@strata/group';
import { Ring, RingSignature, link } from '../src/index.js';
import { detRandom } from './helpers.js';

for (const curve of [jubjub, bandersnatch, babyJubjub]) {
  describe(`ring over ${curve.name} (Strata-defined encodings)`, () => {
    it('signs, round-trips, verifies, links, and rejects a changed message or response', () => {
      const rand = detRandom(curve.cofactor * 101);
      const x = curve.newRandomScalar(rand);
      const others = [1, 2, 3, 4].map(() => curve.scalarBaseMult(curve.newRandomScalar(rand)).toBytes());
      const ring = Ring.withSigner(curve, others, x, 1);
      const msg = new Uint8Array(32).fill(9);
      const sig = ring.sign(msg, x, { random: rand });
      expect(sig.verify(msg)).toBe(true);
      const bytes = sig.toBytes();
      expect(bytes.length).toBe(4 + 32 + 32 + ring.size * 64);
      const back = RingSignature.fromBytes(curve, bytes, { strict: true });
      expect(back.verify(msg)).toBe(true);
      expect(back.toBytes()).toEqual(bytes);
      expect(sig.verify(new Uint8Array(32).fill(8))).toBe(false);
      const bad = bytes.slice();
      bad[4 + 32 + 32] = bad[4 + 32 + 32]! ^ 1; // s_0
      expect(RingSignature.fromBytes(curve, bad).verify(msg)).toBe(false);
      // Same signer on another ring: linked; another signer: not.
      const ring2 = Ring.withSigner(curve, others.slice(0, 2), x, 0);
      expect(link(sig, ring2.sign(msg, x, { random: rand }))).toBe(true);
      const y = curve.newRandomScalar(rand);
      const ring3 = Ring.withSigner(curve, others.slice(0, 2), y, 0);
      expect(link(sig, ring3.sign(msg, y, { random: rand }))).toBe(false);
      // With tables (warm ring) the results are the same.
      ring.precompute();
      expect(ring.sign(msg, x, { random: detRandom(7) }).verify(msg)).toBe(true);
    });
  });
}
