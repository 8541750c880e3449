/**
 * `Curve.tryDecodePoint` never throws on a Uint8Array: null for every length
 * 0…200 and any bytes, the point otherwise (issue 10, finding 6).
 */
import { describe, expect, it } from 'vitest';
import { babyJubjub, bandersnatch, ed25519, jubjub, secp256k1, secp256k1Reduced } from '../src/index.js';
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

/**
 * The Edwards adapters: `tryDecodePoint` and `tryDecodeClearCofactor` (issue
 * 21) never throw on a Uint8Array of any length, leave `out` alone on null,
 * and agree with `decodePoint` / h·P; TypeError for a non-Uint8Array.
 */
for (const c of [jubjub, bandersnatch, babyJubjub]) {
  describe(`${c.name} tryDecodePoint and tryDecodeClearCofactor`, () => {
    it('return null or a point, never throw, on every length 0…200; out untouched on null', () => {
      const rnd = seededRandom(c.cofactor * 104729);
      const valid = c.basePoint().encode();
      const out = c.identity();
      for (let len = 0; len <= 200; len++) {
        for (const b of [new Uint8Array(len), new Uint8Array(len).fill(0xff), rnd(len), rnd(len), valid.subarray(0, Math.min(len, 32))]) {
          const p = c.tryDecodePoint(b);
          const q = c.tryDecodeClearCofactor(b);
          if (b.length !== 32) {
            expect(p).toBe(null);
            expect(q).toBe(null);
            continue;
          }
          if (p !== null) {
            expect(p.encode()).toEqual(c.decodePoint(b).encode());
            let h = p.clone();
            for (let k = c.cofactor; k > 1; k >>= 1) h = h.add(h);
            expect(q!.equals(h)).toBe(true);
          }
          const before = out.encode();
          const r = c.tryDecodeClearCofactor(b, out);
          if (r === null) expect(out.encode()).toEqual(before);
          else expect(r).toBe(out);
        }
      }
      expect(() => c.tryDecodeClearCofactor([1, 2] as unknown as Uint8Array)).toThrow(TypeError);
    });
  });
}
