/**
 * `Curve.tryPointFromBytes` never throws on a Uint8Array: null for every length
 * 0…200 and any bytes, the point otherwise (issue 10, finding 6).
 */
import { describe, expect, it } from 'vitest';
import { babyJubjub, bandersnatch, ed25519, jubjub, secp256k1, secp256k1Reduced } from '../src/index.js';
import { seededRandom } from '@strata/group-testkit';

for (const c of [secp256k1, secp256k1Reduced, ed25519]) {
  describe(`${c.name} tryPointFromBytes`, () => {
    it('returns null or a point, never throws, on every length 0…200 (zeros, 0xff, random, a valid encoding padded or cut)', () => {
      const rnd = seededRandom(c.compressedPointSize * 7919);
      const valid = c.basePoint().toBytes();
      const out = c.identity();
      for (let len = 0; len <= 200; len++) {
        const cut = new Uint8Array(len);
        cut.set(valid.subarray(0, Math.min(len, valid.length)));
        for (const b of [new Uint8Array(len), new Uint8Array(len).fill(0xff), rnd(len), cut]) {
          const p = c.tryPointFromBytes(b);
          if (len !== c.compressedPointSize) expect(p).toBe(null);
          else if (p !== null) expect(p.toBytes()).toEqual(c.pointFromBytes(b).toBytes());
          const before = out.toBytes();
          const q = c.tryPointFromBytes(b, out);
          if (q === null) expect(out.toBytes()).toEqual(before);
          else expect(q).toBe(out);
        }
      }
      expect(c.tryPointFromBytes(valid)!.equals(c.basePoint())).toBe(true);
    });
  });
}

/**
 * The Edwards adapters: `tryPointFromBytes` and `tryPointFromBytesClearCofactor` (issue
 * 21) never throw on a Uint8Array of any length, leave `out` alone on null,
 * and agree with `pointFromBytes` / h·P; TypeError for a non-Uint8Array.
 */
for (const c of [jubjub, bandersnatch, babyJubjub]) {
  describe(`${c.name} tryPointFromBytes and tryPointFromBytesClearCofactor`, () => {
    it('return null or a point, never throw, on every length 0…200; out untouched on null', () => {
      const rnd = seededRandom(c.cofactor * 104729);
      const valid = c.basePoint().toBytes();
      const out = c.identity();
      for (let len = 0; len <= 200; len++) {
        for (const b of [new Uint8Array(len), new Uint8Array(len).fill(0xff), rnd(len), rnd(len), valid.subarray(0, Math.min(len, 32))]) {
          const p = c.tryPointFromBytes(b);
          const q = c.tryPointFromBytesClearCofactor(b);
          if (b.length !== 32) {
            expect(p).toBe(null);
            expect(q).toBe(null);
            continue;
          }
          if (p !== null) {
            expect(p.toBytes()).toEqual(c.pointFromBytes(b).toBytes());
            let h = p.clone();
            for (let k = c.cofactor; k > 1; k >>= 1) h = h.add(h);
            expect(q!.equals(h)).toBe(true);
          }
          const before = out.toBytes();
          const r = c.tryPointFromBytesClearCofactor(b, out);
          if (r === null) expect(out.toBytes()).toEqual(before);
          else expect(r).toBe(out);
        }
      }
      expect(() => c.tryPointFromBytesClearCofactor([1, 2] as unknown as Uint8Array)).toThrow(TypeError);
    });
  });
}
