/**
 * ModNScalar property tests against the BigInt reference (refSecpFn), with
 * edge-weighted values (0, 1, n − 1, n, n + 1, 2^256 − 1, (n ± 1)/2, ...), the
 * GLV helper mul512Rsh320Round, bit access, and aliasing.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bigToBytesBE } from '@strata/testkit';
import { ModNScalar, secp256k1OrderBytes } from '../../src/secp256k1/index.js';
import { refSecpFn as R, SECP256K1_N } from '../../src/reference/secp256k1.js';
import { N, RUNS, bigN, sc, scalarValue } from './helpers.js';

const v = scalarValue;
const reduced = (s: ModNScalar) => {
  for (let i = 0; i < 16; i++) if (s.n[i]! > 0xffff) return false;
  return v(s) < N;
};

describe('ModNScalar', () => {
  it('order constant', () => {
    expect(R.fromBytes(secp256k1OrderBytes())).toBe(SECP256K1_N);
  });

  it('setBytes reduces with an overflow flag; bytes/putBytes round-trip', () => {
    fc.assert(
      fc.property(bigN, (x) => {
        const s = new ModNScalar();
        expect(s.setBytes(bigToBytesBE(x, 32))).toBe(x >= N);
        expect(reduced(s)).toBe(true);
        expect(v(s)).toBe(x % N);
        expect(s.bytes()).toEqual(bigToBytesBE(x % N, 32));
        const out = new Uint8Array(34);
        s.putBytes(out, 2);
        expect(out.subarray(2)).toEqual(bigToBytesBE(x % N, 32));
      }),
      { numRuns: RUNS.cheap },
    );
  });

  it('setByteSlice, setInt, zero', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 32 }), fc.integer({ min: 0, max: 2 ** 48 - 1 }), (b, k) => {
        const s = new ModNScalar();
        const x = b.length === 0 ? 0n : R.fromBytes(b);
        expect(s.setByteSlice(b)).toBe(x >= N);
        expect(v(s)).toBe(x % N);
        expect(v(new ModNScalar().setInt(k))).toBe(BigInt(k));
        expect(new ModNScalar().setInt(k).zero().isZero()).toBe(true);
      }),
      { numRuns: RUNS.cheap },
    );
  });

  it('predicates: isZero, isOne, isOdd, equals, isOverHalfOrder', () => {
    const half = (N - 1n) / 2n;
    fc.assert(
      fc.property(bigN, bigN, (x, y) => {
        const a = sc(x), b = sc(y);
        const xr = x % N, yr = y % N;
        expect(a.isZero()).toBe(xr === 0n);
        expect(a.isOne()).toBe(xr === 1n);
        expect(a.isOdd()).toBe((xr & 1n) === 1n);
        expect(a.equals(b)).toBe(xr === yr);
        expect(a.isOverHalfOrder()).toBe(xr > half);
      }),
      { numRuns: RUNS.cheap },
    );
    expect(sc((N - 1n) / 2n).isOverHalfOrder()).toBe(false);
    expect(sc((N + 1n) / 2n).isOverHalfOrder()).toBe(true);
  });

  it('add / add2 / mul / mul2 / square / squareVal / negate / negateVal', () => {
    fc.assert(
      fc.property(bigN, bigN, (x, y) => {
        const a = sc(x), b = sc(y);
        const xr = x % N, yr = y % N;
        const chk = (s: ModNScalar, want: bigint) => {
          expect(reduced(s)).toBe(true);
          expect(v(s)).toBe(want);
        };
        chk(new ModNScalar().add2(a, b), R.add(xr, yr));
        chk(new ModNScalar().set(a).add(b), R.add(xr, yr));
        chk(new ModNScalar().mul2(a, b), R.mul(xr, yr));
        chk(new ModNScalar().set(a).mul(b), R.mul(xr, yr));
        chk(new ModNScalar().set(a).square(), R.sqr(xr));
        chk(new ModNScalar().squareVal(a), R.sqr(xr));
        chk(new ModNScalar().set(a).negate(), R.neg(xr));
        chk(new ModNScalar().negateVal(a), R.neg(xr));
      }),
      { numRuns: RUNS.mid },
    );
  });

  it('inverse / inverseNonConst (0 ↦ 0)', () => {
    fc.assert(
      fc.property(bigN, (x) => {
        const xr = x % N;
        const a = sc(x);
        expect(v(new ModNScalar().set(a).inverse())).toBe(R.inv(xr));
        expect(v(new ModNScalar().set(a).inverseNonConst())).toBe(R.inv(xr));
        expect(v(new ModNScalar().inverseValNonConst(a))).toBe(R.inv(xr));
        expect(v(new ModNScalar().inverseVal(a))).toBe(R.inv(xr));
        if (xr !== 0n) expect(new ModNScalar().inverseVal(a).mul(a).isOne()).toBe(true);
      }),
      { numRuns: RUNS.mid },
    );
  });

  it('mul512Rsh320Round = round(a·b / 2^320)', () => {
    fc.assert(
      fc.property(bigN, bigN, (x, y) => {
        const xr = x % N, yr = y % N;
        const p = xr * yr;
        const want = (p >> 320n) + ((p >> 319n) & 1n);
        const r = new ModNScalar().mul512Rsh320Round(sc(x), sc(y));
        expect(v(r)).toBe(want);
      }),
      { numRuns: RUNS.cheap },
    );
  });

  it('getBits matches the integer’s bits', () => {
    fc.assert(
      fc.property(bigN, fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 16 }), (x, pos, cnt) => {
        const xr = x % N;
        expect(sc(x).getBits(pos, cnt)).toBe(Number((xr >> BigInt(pos)) & ((1n << BigInt(cnt)) - 1n)));
      }),
      { numRuns: RUNS.cheap },
    );
  });

  it('aliasing: a.add(a), a.add2(a, a), a.mul(a), a.mul2(a, a), a.negateVal(a), a.mul512Rsh320Round(a, a), a.inverseValNonConst(a)', () => {
    fc.assert(
      fc.property(bigN, bigN, (x, y) => {
        const xr = x % N, yr = y % N;
        const b = sc(y);
        let a = sc(x);
        expect(v(a.add(a))).toBe(R.add(xr, xr));
        a = sc(x);
        expect(v(a.add2(a, a))).toBe(R.add(xr, xr));
        a = sc(x);
        expect(v(a.add2(a, b))).toBe(R.add(xr, yr));
        a = sc(x);
        expect(v(a.mul(a))).toBe(R.sqr(xr));
        a = sc(x);
        expect(v(a.mul2(a, a))).toBe(R.sqr(xr));
        a = sc(x);
        expect(v(a.mul2(b, a))).toBe(R.mul(xr, yr));
        a = sc(x);
        expect(v(a.negateVal(a))).toBe(R.neg(xr));
        a = sc(x);
        const p = xr * xr;
        expect(v(a.mul512Rsh320Round(a, a))).toBe((p >> 320n) + ((p >> 319n) & 1n));
        a = sc(x);
        expect(v(a.inverseValNonConst(a))).toBe(R.inv(xr));
        a = sc(x);
        expect(v(a.inverseVal(a))).toBe(R.inv(xr));
      }),
      { numRuns: RUNS.slow },
    );
  });
});
