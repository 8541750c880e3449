/**
 * Differential tests of the WebAssembly generic prime-field kernels
 * (wasm/prime-field.generated.ts, the field of the engine's generic Edwards
 * curves) against BigInt, on each modulus path: the kernels with BLS12-381 Fr
 * and BN254 Fr built in, and the kernels that read any other modulus from the
 * globals (two more primes ≡ 1 mod 2^28, one each side of mulSmall's 2^253),
 * and the lazy kernels of the point formulas on operands below k·p.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { edgeBigInt, fuzzAssert } from '@strata/testkit';
import { fpAt, instantiate } from './module.js';

const w = instantiate();
const slot = (i: number) => (w.SLOT_BASE.value as number) + i * (w.SLOT_SIZE.value as number);
const [PM, A, B, D] = [slot(0), slot(1), slot(2), slot(3)];

const R = 1n << 261n;
const MODULI = [
  { name: 'BLS12-381 Fr (built in)', p: 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n },
  { name: 'BN254 Fr (built in)', p: 0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001n },
  { name: '2^254 − 21·2^28 + 1 (from the globals)', p: (1n << 254n) - 21n * (1n << 28n) + 1n },
  { name: '2^250 + 125·2^29 + 2^28 + 1 (from the globals, below 2^253)', p: (1n << 250n) + 125n * (1n << 29n) + (1n << 28n) + 1n },
];

function put(off: number, v: bigint): void {
  const u = fpAt(w, off);
  for (let i = 0; i < 9; i++) u[i] = Number((v >> BigInt(29 * i)) & 0x1fffffffn);
}
function get(off: number): bigint {
  const u = fpAt(w, off);
  let v = 0n;
  for (let i = 8; i >= 0; i--) {
    expect(u[i]).toBeLessThan(2 ** 29);
    v = (v << 29n) | BigInt(u[i]!);
  }
  return v;
}
function inverse(x: bigint, p: bigint): bigint {
  let [a, b, u, v] = [x % p, p, 1n, 0n];
  while (b !== 0n) {
    const q = a / b;
    [a, b, u, v] = [b, a - q * b, v, u - q * v];
  }
  return ((u % p) + p) % p;
}

describe('wasm generic prime-field kernels', () => {
  for (const { name, p } of MODULI) {
    const rInv = inverse(R, p);
    const big = edgeBigInt(p, { bits: 255 }).map((x) => x % p);
    const small = fc.oneof(fc.constantFrom(0, 1, 2, 5, 168700, 2 ** 17, 2 ** 18 - 1), fc.integer({ min: 0, max: 2 ** 18 - 1 }));

    it(`${name}: mul, sqr (a·b·2^−261, a²·2^−261, fully reduced) and mulSmall (c·a) match BigInt`, () => {
      put(PM, p);
      expect(w.primeSetModulus(PM)).toBe(1);
      expect(w.primeSmallOk()).toBe(p >= 1n << 253n ? 1 : 0);
      const check = (a: bigint, b: bigint, c: number): void => {
        put(A, a);
        put(B, b);
        w.primeMul(D, A, B);
        expect(get(D)).toBe((a * b * rInv) % p);
        w.primeSqr(D, A);
        expect(get(D)).toBe((a * a * rInv) % p);
        if (p >= 1n << 253n) {
          w.primeMulSmall(D, A, c);
          expect(get(D)).toBe((BigInt(c) * a) % p);
        }
      };
      for (const a of [0n, 1n, 2n, p - 1n, p - 2n, (p - 1n) / 2n, R % p]) for (const b of [0n, 1n, p - 1n]) for (const c of [0, 1, 5, 2 ** 18 - 1]) check(a, b, c);
      fuzzAssert(fc.property(big, big, small, (a, b, c) => check(a, b, c)), 300);
    });
  }

  for (const { name, p } of MODULI) {
    const rInv = inverse(R, p);
    // A lazy operand: magnitude k (a value below k·p), edge-weighted near 0, p's multiples and k·p − 1.
    const lazy = (k: number) => fc.oneof(
      fc.bigInt({ min: 0n, max: BigInt(k) * p - 1n }),
      fc.constantFrom(0n, 1n, p - 1n, p, p + 1n, BigInt(k) * p - 1n).filter((x) => x < BigInt(k) * p),
      fc.integer({ min: 0, max: k - 1 }).map((j) => BigInt(j) * p),
    );
    // Magnitude pairs of the products (j·k ≤ 64) and of the sums (j + k ≤ 64).
    const pairs: [number, number][] = [[1, 1], [2, 2], [1, 64], [8, 8], [5, 7], [2, 32], [7, 9]];

    it(`${name}: lazy operands (below k·p): mul and sqr reduce, mulLazy and sqrLazy give [0, 2p), addLazy, negLazy and subLazy<m> are exact, isZeroLazy tests 0 mod p`, () => {
      put(PM, p);
      expect(w.primeSetModulus(PM)).toBe(1);
      const product = (a: bigint, b: bigint): void => {
        put(A, a);
        put(B, b);
        const want = (a * b * rInv) % p;
        w.primeMul(D, A, B);
        expect(get(D)).toBe(want);
        w.primeMulLazy(D, A, B);
        const lz = get(D);
        expect(lz < 2n * p && lz % p === want).toBe(true);
        if (a === b) {
          w.primeSqr(D, A);
          expect(get(D)).toBe(want);
          w.primeSqrLazy(D, A);
          const ls = get(D);
          expect(ls < 2n * p && ls % p === want).toBe(true);
        }
      };
      const sums = (a: bigint, b: bigint, m: number): void => {
        put(A, a);
        put(B, b);
        w.primeAddLazy(D, A, B);
        expect(get(D)).toBe(a + b);
        w.primeSubLazy(D, A, B, m);
        expect(get(D)).toBe(a + BigInt(m) * p - b);
        if (a < p) {
          w.primeNegLazy(D, A);
          expect(get(D)).toBe(p - a);
        }
      };
      for (const [j, k] of pairs) {
        fuzzAssert(fc.property(lazy(j), lazy(k), (a, b) => product(a, b)), 40);
        fuzzAssert(fc.property(lazy(j), (a) => product(a, a)), 20);
      }
      for (const [j, k] of [[1, 1], [2, 4], [7, 8], [56, 8]] as [number, number][]) {
        fuzzAssert(fc.property(lazy(j), lazy(k), (a, b) => sums(a, b, k)), 40);
      }
      for (const m of [1, 2, 4, 8]) {
        for (let j = 0; j < m; j++) {
          put(A, BigInt(j) * p);
          expect(w.primeIsZeroLazy(A, m)).toBe(1);
          put(A, BigInt(j) * p + 1n);
          expect(w.primeIsZeroLazy(A, m)).toBe(0);
          if (j > 0) {
            put(A, BigInt(j) * p - 1n);
            expect(w.primeIsZeroLazy(A, m)).toBe(0);
          }
        }
        put(A, BigInt(m) * p - 1n);
        expect(w.primeIsZeroLazy(A, m)).toBe(0);
        fuzzAssert(fc.property(lazy(m), (a) => {
          put(A, a);
          expect(w.primeIsZeroLazy(A, m)).toBe(a % p === 0n ? 1 : 0);
        }), 40);
      }
    });
  }

  it('setModulus refuses a modulus ≢ 1 (mod 2^28)', () => {
    put(PM, (1n << 255n) - 19n);
    expect(w.primeSetModulus(PM)).toBe(0);
  });
});
