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
        expect(s.setBytesReduced(bigToBytesBE(x, 32))).toBe(x >= N);
        expect(reduced(s)).toBe(true);
        expect(v(s)).toBe(x % N);
        expect(s.toBytes()).toEqual(bigToBytesBE(x % N, 32));
        const out = new Uint8Array(34);
        s.putBytes(out, 2);
        expect(out.subarray(2)).toEqual(bigToBytesBE(x % N, 32));
      }),
      { numRuns: RUNS.cheap },
    );
  });

  it('setBytesReduced, setInt, setZero', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 32 }), fc.integer({ min: 0, max: 2 ** 48 - 1 }), (b, k) => {
        const s = new ModNScalar();
        const x = b.length === 0 ? 0n : R.fromBytes(b);
        expect(s.setBytesReduced(b)).toBe(x >= N);
        expect(v(s)).toBe(x % N);
        expect(v(new ModNScalar().setInt(k))).toBe(BigInt(k));
        expect(new ModNScalar().setInt(k).setZero().isZero()).toBe(true);
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

  it('add / mul / square / negate, in place and into a fresh value', () => {
    fc.assert(
      fc.property(bigN, bigN, (x, y) => {
        const a = sc(x), b = sc(y);
        const xr = x % N, yr = y % N;
        const chk = (s: ModNScalar, want: bigint) => {
          expect(reduced(s)).toBe(true);
          expect(v(s)).toBe(want);
        };
        chk(new ModNScalar().add(a, b), R.add(xr, yr));
        chk(((t) => t.add(t, b))(new ModNScalar().set(a)), R.add(xr, yr));
        chk(new ModNScalar().mul(a, b), R.mul(xr, yr));
        chk(((t) => t.mul(t, b))(new ModNScalar().set(a)), R.mul(xr, yr));
        chk(((t) => t.square(t))(new ModNScalar().set(a)), R.square(xr));
        chk(new ModNScalar().square(a), R.square(xr));
        chk(((t) => t.negate(t))(new ModNScalar().set(a)), R.negate(xr));
        chk(new ModNScalar().negate(a), R.negate(xr));
      }),
      { numRuns: RUNS.mid },
    );
  });

  it('invert / invertNonConst (0 ↦ 0)', () => {
    fc.assert(
      fc.property(bigN, (x) => {
        const xr = x % N;
        const a = sc(x);
        expect(v(((t) => t.invert(t))(new ModNScalar().set(a)))).toBe(R.invert(xr));
        expect(v(((t) => t.invertNonConst(t))(new ModNScalar().set(a)))).toBe(R.invert(xr));
        expect(v(new ModNScalar().invertNonConst(a))).toBe(R.invert(xr));
        expect(v(new ModNScalar().invert(a))).toBe(R.invert(xr));
        if (xr !== 0n) expect(((t) => t.mul(t, a))(new ModNScalar().invert(a)).isOne()).toBe(true);
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

  it('aliasing: a.add(a, a) (twice: old in-place and two-operand forms), a.add(a, b), a.mul(a, a) (twice), a.mul(b, a), a.negate(a), a.mul512Rsh320Round(a, a), a.invertNonConst(a)', () => {
    fc.assert(
      fc.property(bigN, bigN, (x, y) => {
        const xr = x % N, yr = y % N;
        const b = sc(y);
        let a = sc(x);
        expect(v(a.add(a, a))).toBe(R.add(xr, xr));
        a = sc(x);
        expect(v(a.add(a, a))).toBe(R.add(xr, xr));
        a = sc(x);
        expect(v(a.add(a, b))).toBe(R.add(xr, yr));
        a = sc(x);
        expect(v(a.mul(a, a))).toBe(R.square(xr));
        a = sc(x);
        expect(v(a.mul(a, a))).toBe(R.square(xr));
        a = sc(x);
        expect(v(a.mul(b, a))).toBe(R.mul(xr, yr));
        a = sc(x);
        expect(v(a.negate(a))).toBe(R.negate(xr));
        a = sc(x);
        const p = xr * xr;
        expect(v(a.mul512Rsh320Round(a, a))).toBe((p >> 320n) + ((p >> 319n) & 1n));
        a = sc(x);
        expect(v(a.invertNonConst(a))).toBe(R.invert(xr));
        a = sc(x);
        expect(v(a.invert(a))).toBe(R.invert(xr));
      }),
      { numRuns: RUNS.slow },
    );
  });
});
