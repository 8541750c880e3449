/**
 * The weights of BIP-340 batch verification (src/batch.ts randomWeights):
 * non-zero, below n, of the form x + y·λ with x, y < 2⁶⁴ (so the GLV split
 * the MSM makes of −a is (−x, −y): two 64-bit halves), distinct across
 * draws, all of a batch from one crypto.getRandomValues call per 4096
 * weights, and a draw of x = y = 0 drawn again. The verdicts themselves are
 * checked against single verification in batch-property.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModNScalar } from '@strata/field';
import * as secp256k1 from '@strata/curves/secp256k1';
import { randomWeights } from '../src/batch.js';

const N = BigInt('0x' + secp256k1.N_HEX);
const LAMBDA = BigInt('0x' + secp256k1.LAMBDA_HEX);
const big = (b: Uint8Array): bigint => BigInt('0x' + (Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('') || '0'));

function draw(count: number): ModNScalar[] {
  const out = Array.from({ length: count + 2 }, () => new ModNScalar());
  randomWeights(out, 1, count);
  expect(out[0]!.isZero()).toBe(true); // only [start, start + count) is written
  expect(out[count + 1]!.isZero()).toBe(true);
  return out.slice(1, count + 1);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('batch weights', () => {
  it('are non-zero, below n, x + y·λ with x, y < 2⁶⁴, and their GLV split is (x, y)', () => {
    const split = secp256k1.newGlvSplit();
    for (const a of draw(300)) {
      expect(a.isZero()).toBe(false);
      const v = big(a.toBytes());
      expect(v < N).toBe(true);
      secp256k1.splitKNonConst(a, split);
      expect(split.neg1 || split.neg2).toBe(false);
      const x = big(split.k1), y = big(split.k2);
      expect(x < 1n << 64n && y < 1n << 64n).toBe(true);
      expect((x + y * LAMBDA) % N).toBe(v);
      // −a, the scalar of aᵢ·Rᵢ in the batch equation, splits into (−x, −y).
      secp256k1.splitKNonConst(new ModNScalar().negate(a), split);
      expect([big(split.k1), big(split.k2)]).toEqual([x, y]);
      expect(split.neg1 === (x !== 0n) && split.neg2 === (y !== 0n)).toBe(true);
    }
  });

  it('are random: distinct across draws, every byte of x and y used', () => {
    const seen = new Set<string>();
    const split = secp256k1.newGlvSplit();
    let orX = 0n, orY = 0n;
    for (const a of [...draw(5000), ...draw(5000)]) {
      seen.add(big(a.toBytes()).toString(16));
      secp256k1.splitKNonConst(a, split);
      orX |= big(split.k1);
      orY |= big(split.k2);
    }
    expect(seen.size).toBe(10000);
    expect(orX).toBe((1n << 64n) - 1n);
    expect(orY).toBe((1n << 64n) - 1n);
  });

  it('take one crypto.getRandomValues call per 4096 weights', () => {
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    draw(1024);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockClear();
    draw(5000);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('draw x = y = 0 again', () => {
    const real = globalThis.crypto.getRandomValues.bind(globalThis.crypto);
    let calls = 0;
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(b: T): T => {
      calls++;
      const u = b as unknown as Uint8Array;
      if (calls <= 2) u.fill(0); // the batch's bytes and the first redraw: all zero
      else real(u);
      return b;
    });
    const ws = draw(3);
    // The batch's call (zeros), weight 0: a zero redraw then a good one; weights 1 and 2: one good redraw each.
    expect(calls).toBe(5);
    for (const a of ws) expect(a.isZero()).toBe(false);
  });
});
