/**
 * The lazy-digit kernels of the square-root chain (`sqrDigits`, `mulDigits`,
 * exported by field-kernels.generated.ts for field.ts, not by the package).
 * gen.test.ts proves that file is exactly what packages/field/gen/secp256k1.mjs
 * emits, so this file drives the generated kernels directly at the edges of
 * their documented input contract
 * (digits < 2^24 + 2^21, top digit < 2^19): every result must be congruent mod p
 * to the exact product and must itself satisfy the contract, also after long
 * runs of squarings (as in sqrt), so any inexact double or a bound that does not
 * close shows up here.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mulDigits, sqrDigits } from '../../src/secp256k1/field-kernels.generated.js';
import { P } from './helpers.js';

const DMAX = 2 ** 24 + 2 ** 21 - 1; // largest accepted digit 0..9
const TMAX = 2 ** 19 - 1; // largest accepted top digit

function value(d: Float64Array): bigint {
  let v = 0n;
  for (let i = 10; i >= 0; i--) v = (v << 24n) + BigInt(d[i]!);
  return v;
}

/** Asserts the lazy-output contract: non-negative integer digits within the input bound. */
function expectLazy(d: Float64Array): void {
  for (let i = 0; i < 11; i++) {
    const x = d[i]!;
    expect(Number.isInteger(x) && x >= 0).toBe(true);
    expect(x).toBeLessThanOrEqual(i < 10 ? DMAX : TMAX);
  }
}

const digitArb = (max: number) =>
  fc.oneof(fc.constant(max), fc.constant(0), fc.integer({ min: max - 4096, max }), fc.integer({ min: 0, max }));
const digitsArb = fc
  .tuple(fc.array(digitArb(DMAX), { minLength: 10, maxLength: 10 }), digitArb(TMAX))
  .map(([lo, top]) => Float64Array.from([...lo, top]));

describe('lazy 24-bit digit kernels (sqrt chain)', () => {
  it('sqrDigits / mulDigits at the all-maximal input', () => {
    const a = Float64Array.from([...Array(10).fill(DMAX), TMAX]);
    const o = new Float64Array(11);
    sqrDigits(o, a);
    expect(value(o) % P).toBe((value(a) * value(a)) % P);
    expectLazy(o);
    mulDigits(o, a, a);
    expect(value(o) % P).toBe((value(a) * value(a)) % P);
    expectLazy(o);
  });

  it('sqrDigits and mulDigits agree with BigInt on edge-weighted digits (aliasing too)', () => {
    fc.assert(
      fc.property(digitsArb, digitsArb, (a, b) => {
        const want = (value(a) * value(b)) % P;
        const o = new Float64Array(11);
        mulDigits(o, a, b);
        expect(value(o) % P).toBe(want);
        expectLazy(o);
        const a2 = a.slice();
        mulDigits(a2, a2, b);
        expect(Array.from(a2)).toEqual(Array.from(o));
        const b2 = b.slice();
        mulDigits(b2, a, b2);
        expect(Array.from(b2)).toEqual(Array.from(o));
        sqrDigits(o, a);
        expect(value(o) % P).toBe((value(a) * value(a)) % P);
        expectLazy(o);
        const a3 = a.slice();
        sqrDigits(a3, a3);
        expect(Array.from(a3)).toEqual(Array.from(o));
      }),
      { numRuns: 300 },
    );
  });

  it('long runs of squarings and multiplications stay exact and within the contract', () => {
    fc.assert(
      fc.property(digitsArb, digitsArb, fc.integer({ min: 1, max: 120 }), (a, b, k) => {
        let want = value(a) % P;
        const bv = value(b) % P;
        const d = a.slice();
        for (let i = 0; i < k; i++) {
          sqrDigits(d, d);
          want = (want * want) % P;
          expectLazy(d);
          if (i % 7 === 0) {
            mulDigits(d, d, b);
            want = (want * bv) % P;
            expectLazy(d);
          }
        }
        expect(value(d) % P).toBe(want);
      }),
      { numRuns: 40 },
    );
  });
});
