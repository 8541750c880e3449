/**
 * src/sha256.ts against @noble/hashes' SHA-256: every padding boundary
 * (messages of 0 … 200 bytes, so the length field lands in the last block
 * or spills into one more), messages fed in random parts, a copy of a
 * midstate (the BIP-340 challenge's use), and reuse after reset.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { fuzzRuns } from '@strata/testkit';
import { Sha256, sha256 } from '../src/sha256.js';

const bytes = (n: number, seed: number): Uint8Array => Uint8Array.from({ length: n }, (_, i) => (i * 151 + seed * 7 + 3) & 0xff);

describe('Sha256', () => {
  it('equals SHA-256 for every length 0 … 200 (one part), and the known empty-string digest', () => {
    expect(Buffer.from(sha256(new Uint8Array(0))).toString('hex')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    for (let n = 0; n <= 200; n++) {
      const m = bytes(n, n);
      expect(sha256(m), `length ${n}`).toEqual(nobleSha256(m));
    }
  });

  it('equals SHA-256 for a message fed in any parts', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.array(fc.nat({ max: 300 }), { maxLength: 6 }), (m, cuts) => {
        const at = [...new Set(cuts.map((c) => c % (m.length + 1)))].sort((a, b) => a - b);
        const h = new Sha256();
        let prev = 0;
        for (const c of [...at, m.length]) {
          h.update(m.subarray(prev, c));
          prev = c;
        }
        expect(h.digestInto(new Uint8Array(32))).toEqual(nobleSha256(m));
      }),
      { numRuns: fuzzRuns(200) },
    );
  });

  it('a copy of a midstate continues from it; reset starts over; the copied-from state is unchanged', () => {
    const prefix = bytes(64, 1);
    const mid = new Sha256().update(prefix);
    const h = new Sha256();
    for (const n of [0, 1, 32, 55, 56, 64, 100]) {
      const m = bytes(n, 2);
      const joined = new Uint8Array(64 + n);
      joined.set(prefix);
      joined.set(m, 64);
      expect(h.copy(mid).update(m).digestInto(new Uint8Array(32)), `after ${n}`).toEqual(nobleSha256(joined));
    }
    const odd = new Sha256().update(bytes(70, 3)); // a partial block in the copy
    expect(h.copy(odd).update(bytes(10, 4)).digestInto(new Uint8Array(32))).toEqual(nobleSha256(Uint8Array.from([...bytes(70, 3), ...bytes(10, 4)])));
    expect(h.reset().update(bytes(5, 5)).digestInto(new Uint8Array(32))).toEqual(nobleSha256(bytes(5, 5)));
  });
});
