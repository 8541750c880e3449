/** Scalar helpers: wNAF recoding, scalar conversion, GLV splitting. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bandersnatch, jubjub, wnafRecode, scalarToBytes, scalarToBigInt, glvSplit } from '../../src/edwards/index.js';
import { scalarArb } from './helpers.js';

const toLE = (v: bigint) => {
  const b = new Uint8Array(32);
  let x = v;
  for (let i = 0; i < 32; i++) { b[i] = Number(x & 0xffn); x >>= 8n; }
  return b;
};

describe('wnafRecode', () => {
  it('digits are zero or odd below 2^(w−1) in size, at most one non-zero per w consecutive, and sum to k', () => {
    fc.assert(fc.property(scalarArb(jubjub.order), fc.integer({ min: 2, max: 8 }), (k, w) => {
      const out = new Int8Array(8 * 32 + w + 1);
      const len = wnafRecode(out, toLE(k), w);
      let sum = 0n;
      for (let i = 0; i < out.length; i++) {
        const d = out[i]!;
        if (d !== 0) {
          expect(Math.abs(d) % 2).toBe(1);
          expect(Math.abs(d) < 1 << (w - 1)).toBe(true);
          for (let j = 1; j < w && i + j < out.length; j++) expect(out[i + j]).toBe(0);
          expect(i < len).toBe(true);
        }
        sum += BigInt(d) << BigInt(i);
      }
      expect(sum).toBe(k);
      if (k > 0n) expect(out[len - 1]).not.toBe(0);
      else expect(len).toBe(0);
    }), { numRuns: 200 });
  });
});

describe('scalar conversion', () => {
  it('bigint → 32 bytes LE → bigint round-trips', () => {
    fc.assert(fc.property(scalarArb(jubjub.order), (k) => {
      const b = scalarToBytes(k, new Uint8Array(32));
      expect(b).toEqual(toLE(k));
      expect(scalarToBigInt(b)).toBe(k);
      expect(scalarToBigInt(k)).toBe(k);
    }), { numRuns: 200 });
  });
  it('rejects bad scalars', () => {
    expect(() => scalarToBytes(-1n, new Uint8Array(32))).toThrow(RangeError);
    expect(() => scalarToBytes(1n << 256n, new Uint8Array(32))).toThrow(RangeError);
    expect(() => scalarToBigInt(-5n)).toThrow(RangeError);
    expect(() => scalarToBytes(new Uint8Array(33), new Uint8Array(32))).toThrow(expect.objectContaining({ code: 'ERR_BAD_LENGTH' }));
    expect(() => scalarToBigInt(new Uint8Array(16))).toThrow(expect.objectContaining({ code: 'ERR_BAD_LENGTH' }));
    expect(() => scalarToBigInt('7' as unknown as bigint)).toThrow(TypeError);
  });
});

describe('glvSplit', () => {
  it('k ≡ k1 + k2·λ (mod r) with |k1|, |k2| < 2^128, for edge and random k', () => {
    const r = bandersnatch.order, lam = bandersnatch.glv!.lambda;
    const check = (k: bigint) => {
      const [k1, k2] = glvSplit(bandersnatch, k);
      expect((((k1 + k2 * lam - k) % r) + r) % r).toBe(0n);
      expect(k1 < 1n << 128n && -k1 < 1n << 128n && k2 < 1n << 128n && -k2 < 1n << 128n).toBe(true);
    };
    for (const k of [0n, 1n, lam, r - 1n, r, r + 1n, (r - 1n) / 2n, (1n << 256n) - 1n]) check(k);
    fc.assert(fc.property(scalarArb(r), (k) => check(k)), { numRuns: 300 });
    expect(() => glvSplit(jubjub, 5n)).toThrow(TypeError);
  });
});
