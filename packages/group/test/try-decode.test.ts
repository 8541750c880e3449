/**
 * `Curve.tryDecodePoint` never throws on a Uint8Array: null for every length
 * 0…200 and any bytes, the point otherwise (issue 10, finding 6).
 */
import { describe, expect, it } from 'vitest';
import { ed25519, secp256k1, secp256k1Reduced } from '../src/index.js';
import { seededRandom } from '@strata/group-testkit';

for (const c of [secp256k1, secp256k1Reduced, ed25519]) {
  describe(`${c.name} tryDecodePoint`, () => {
    it('returns null or a point, never throws, on every length 0…200 (zeros, 0xff, random, a valid encoding padded or cut)', () => {
      const rnd = seededRandom(c.compressedPointSize * 7919);
      const valid = c.basePoint().encode();
      const out = c.identity();
      for (let len = 0; len <= 200; len++) {
        const cut = new Uint8Array(len);
        cut.set(valid.subarray(0, Math.min(len, valid.length)));
        for (const b of [new Uint8Array(len), new Uint8Array(len).fill(0xff), rnd(len), cut]) {
          const p = c.tryDecodePoint(b);
          if (len !== c.compressedPointSize) expect(p).toBe(null);
          else if (p !== null) expect(p.encode()).toEqual(c.decodePoint(b).encode());
          const before = out.encode();
          const q = c.tryDecodePoint(b, out);
          if (q === null) expect(out.encode()).toEqual(before);
          else expect(q).toBe(out);
        }
      }
      expect(c.tryDecodePoint(valid)!.equals(c.basePoint())).toBe(true);
    });
  });
}
