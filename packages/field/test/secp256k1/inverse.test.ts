/**
 * The divstep inverse (safegcd.ts) on structured inputs that stress the gcd:
 * powers of two, 2^k ± 1, m − 2^k, small values, values near m and m/2, and
 * consecutive Fibonacci numbers (the classic worst case for Euclid-like
 * algorithms), for both moduli, both modes, checked by x·x⁻¹ ≡ 1.
 */
import { describe, expect, it } from 'vitest';
import { bigToBytesBE } from '@strata/testkit';
import { FieldVal, ModNScalar } from '../../src/secp256k1/index.js';
import { N, P, limbValue, scalarValue } from './helpers.js';

function structured(m: bigint): bigint[] {
  const out: bigint[] = [0n, 1n, 2n, 3n, m - 1n, m - 2n, m / 2n, m / 2n + 1n, m / 3n, (2n * m) / 3n];
  for (let k = 0n; k < 256n; k++) {
    const t = 1n << k;
    out.push(t % m, (t - 1n) % m, (t + 1n) % m, (m - t % m) % m);
  }
  let a = 1n, b = 1n;
  while (b < m) {
    out.push(b);
    [a, b] = [b, a + b];
  }
  out.push(a % m, (m - a) % m);
  return out;
}

describe('divstep inverse on structured inputs', () => {
  it('FieldVal.invert / invertNonConst', () => {
    const vals = structured(P);
    expect(vals.length).toBeGreaterThan(1300);
    for (const x of vals) {
      const f = new FieldVal();
      f.setBytesReduced(bigToBytesBE(x, 32));
      const a = limbValue(((t) => t.invert(t))(new FieldVal().set(f)));
      const b = limbValue(((t) => t.invertNonConst(t))(new FieldVal().set(f)));
      expect(b, x.toString(16)).toBe(a);
      expect(a < P).toBe(true);
      expect((x * a) % P, x.toString(16)).toBe(x === 0n ? 0n : 1n);
    }
  });

  it('ModNScalar.invert / invertNonConst', () => {
    for (const x of structured(N)) {
      const s = new ModNScalar();
      s.setBytesReduced(bigToBytesBE(x, 32));
      const a = scalarValue(((t) => t.invert(t))(new ModNScalar().set(s)));
      const b = scalarValue(((t) => t.invertNonConst(t))(new ModNScalar().set(s)));
      expect(b, x.toString(16)).toBe(a);
      expect(a < N).toBe(true);
      expect((x * a) % N, x.toString(16)).toBe(x === 0n ? 0n : 1n);
    }
  });
});
