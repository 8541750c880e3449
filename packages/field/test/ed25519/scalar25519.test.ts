import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { edgeBigInt, bigToBytesLE, bigFromBytesLE, xorshiftBytes } from '@strata/testkit';
import { Scalar25519, StrataError, ErrorCode } from '../../src/index.js';
import { RefScalar25519, L25519 } from '../../src/reference/index.js';

const L = L25519;
const RUNS = { numRuns: 300 };
const sc = (v: bigint) => new Scalar25519().setBigInt(v);

/** 256-bit values weighted to the edges of ℓ (0, 1, ℓ−1, ℓ, ℓ+1, 2^256−1, …). */
const any256 = edgeBigInt(L, { bits: 256 });
const reduced = any256.map((x) => x % L);
/** 512-bit values with edges (2^512 − 1, multiples of ℓ, ℓ·2^252, …). */
const any512 = fc.oneof(
  edgeBigInt(L, { bits: 512 }),
  fc.constantFrom((1n << 512n) - 1n, L * L, L * ((1n << 259n) - 1n), (1n << 504n) - 1n, L << 256n, ((1n << 512n) / L) * L),
  fc.bigInt({ min: 0n, max: 1n << 40n }).map((d) => (((1n << 512n) - 1n) / L) * L - d),
);

function expectCanonical(s: Scalar25519): void {
  for (let i = 0; i < 11; i++) {
    expect(s.l[i]).toBeGreaterThanOrEqual(0);
    expect(s.l[i]).toBeLessThan(2 ** 21);
  }
  expect(s.toBigInt()).toBeLessThan(L);
}

describe('Scalar25519 against the BigInt reference', () => {
  it('setWideBytes reduces 64-byte values', () => {
    fc.assert(
      fc.property(any512, (w) => {
        const s = new Scalar25519().setWideBytes(bigToBytesLE(w, 64));
        expect(s.toBigInt()).toBe(w % L);
        expectCanonical(s);
        expect(Scalar25519.fromWideBytes(bigToBytesLE(w, 64)).toBigInt()).toBe(w % L);
      }),
      RUNS,
    );
  });

  it('setBytesReduced reduces any length up to 64 and reports whether b ≥ ℓ', () => {
    fc.assert(
      fc.property(any512, fc.integer({ min: 0, max: 64 }), (w, len) => {
        const b = bigToBytesLE(w, 64).subarray(0, len);
        const s = new Scalar25519();
        let x = 0n;
        for (let i = b.length - 1; i >= 0; i--) x = (x << 8n) | BigInt(b[i]!);
        expect(s.setBytesReduced(b)).toBe(x >= L);
        expect(s.toBigInt()).toBe(RefScalar25519.fromBytesReduced(b));
        expect(Scalar25519.fromBytesReduced(b).toBigInt()).toBe(RefScalar25519.fromBytesReduced(b));
      }),
      RUNS,
    );
  });

  it('add, sub, negate, mul, mulAdd', () => {
    fc.assert(
      fc.property(reduced, reduced, reduced, (a, b, c) => {
        const checks: Array<[Scalar25519, bigint]> = [
          [((t) => t.add(t, sc(b)))(sc(a)), RefScalar25519.add(a, b)],
          [new Scalar25519().add(sc(a), sc(b)), RefScalar25519.add(a, b)],
          [((t) => t.sub(t, sc(b)))(sc(a)), RefScalar25519.sub(a, b)],
          [new Scalar25519().sub(sc(a), sc(b)), RefScalar25519.sub(a, b)],
          [((t) => t.negate(t))(sc(a)), RefScalar25519.negate(a)],
          [new Scalar25519().negate(sc(a)), RefScalar25519.negate(a)],
          [((t) => t.mul(t, sc(b)))(sc(a)), RefScalar25519.mul(a, b)],
          [new Scalar25519().mul(sc(a), sc(b)), RefScalar25519.mul(a, b)],
          [new Scalar25519().mulAdd(sc(a), sc(b), sc(c)), RefScalar25519.mulAdd(a, b, c)],
        ];
        for (const [got, want] of checks) {
          expect(got.toBigInt()).toBe(want);
          expectCanonical(got);
        }
      }),
      RUNS,
    );
  });

  it('invert', () => {
    fc.assert(
      fc.property(reduced, (a) => {
        expect(((t) => t.invert(t))(sc(a)).toBigInt()).toBe(RefScalar25519.invert(a));
      }),
      { numRuns: 40 },
    );
    expect(((t) => t.invert(t))(sc(0n)).isZero()).toBe(true);
    expect(((t) => t.invert(t))(sc(L - 1n)).toBigInt()).toBe(L - 1n);
  });

  it('isZero, equals, bitLength, setInt, setOne, clone, set', () => {
    fc.assert(
      fc.property(reduced, reduced, (a, b) => {
        expect(sc(a).isZero()).toBe(a === 0n);
        expect(sc(a).equals(sc(b))).toBe(a === b);
        expect(sc(a).equals(sc(a + L))).toBe(true);
        expect(sc(a).bitLength()).toBe(a === 0n ? 0 : a.toString(2).length);
      }),
      RUNS,
    );
    expect(Scalar25519.fromInt(2 ** 53 - 1).toBigInt()).toBe(2n ** 53n - 1n);
    expect(new Scalar25519().setOne().toBigInt()).toBe(1n);
    const x = sc(99n);
    const y = x.clone();
    x.setZero();
    expect(y.toBigInt()).toBe(99n);
    expect(new Scalar25519().set(y).toBigInt()).toBe(99n);
    expect(() => new Scalar25519().setInt(-1)).toThrow(RangeError);
    expect(() => new Scalar25519().setInt(0.5)).toThrow(RangeError);
    for (const v of ['1', 1n, null, undefined, {}, [], true]) expect(() => new Scalar25519().setInt(v as unknown as number)).toThrow(TypeError);
    expect(() => new Scalar25519().setBigInt(1 as unknown as bigint)).toThrow(TypeError);
  });
});

describe('Scalar25519 aliasing', () => {
  it('receiver as operand', () => {
    fc.assert(
      fc.property(reduced, reduced, (a, b) => {
        const x = sc(a);
        expect(x.mul(x, x).toBigInt()).toBe(RefScalar25519.mul(a, a));
        const y = sc(a);
        expect(y.add(y, y).toBigInt()).toBe(RefScalar25519.add(a, a));
        const z = sc(a);
        expect(z.sub(z, z).isZero()).toBe(true);
        const m = sc(a);
        expect(m.mulAdd(m, m, m).toBigInt()).toBe(RefScalar25519.mulAdd(a, a, a));
        const n = sc(b);
        expect(n.mulAdd(sc(a), n, n).toBigInt()).toBe(RefScalar25519.mulAdd(a, b, b));
        const i = sc(a);
        expect(i.invert(i).toBigInt()).toBe(RefScalar25519.invert(a));
      }),
      { numRuns: 60 },
    );
  });
});

describe('Scalar25519 encoding', () => {
  it('canonical bytes round trip; values ≥ ℓ are rejected', () => {
    fc.assert(
      fc.property(any256, (v) => {
        const b = bigToBytesLE(v, 32);
        const s = new Scalar25519();
        const ok = s.trySetBytes(b);
        expect(ok).toBe(v < L);
        expect(RefScalar25519.fromBytes(b)).toBe(v < L ? v : null);
        if (ok) {
          expect(s.toBigInt()).toBe(v);
          expect(s.toBytes()).toEqual(b);
          expect(Scalar25519.fromBytes(b).toBigInt()).toBe(v);
          expectCanonical(s);
        } else {
          expect(s.isZero()).toBe(true); // unchanged
          expect(() => new Scalar25519().setBytes(b)).toThrow(StrataError);
          try {
            new Scalar25519().setBytes(b);
          } catch (e) {
            expect((e as StrataError).code).toBe(ErrorCode.NON_CANONICAL);
          }
        }
      }),
      RUNS,
    );
    // ℓ − 1 accepted, ℓ and ℓ + 1 rejected, 2^252 accepted (2^252 < ℓ).
    expect(new Scalar25519().trySetBytes(bigToBytesLE(L - 1n, 32))).toBe(true);
    expect(new Scalar25519().trySetBytes(bigToBytesLE(L, 32))).toBe(false);
    expect(new Scalar25519().trySetBytes(bigToBytesLE(L + 1n, 32))).toBe(false);
    const t = new Scalar25519();
    expect(t.trySetBytes(bigToBytesLE(1n << 252n, 32))).toBe(true);
    expect(t.toBigInt()).toBe(1n << 252n);
    expect(bigFromBytesLE(t.toBytes())).toBe(1n << 252n);
  });

  it('putBytes at an offset and trySetBytes at an offset', () => {
    const v = L - 12345n;
    const out = new Uint8Array(70).fill(0xcc);
    sc(v).putBytes(out, 32);
    expect(out.subarray(32, 64)).toEqual(bigToBytesLE(v, 32));
    expect(out[31]).toBe(0xcc);
    expect(out[64]).toBe(0xcc);
    const s = new Scalar25519();
    expect(s.trySetBytes(out, 32)).toBe(true);
    expect(s.toBigInt()).toBe(v);
  });

  it('bad input: wrong length, wrong type, bad offsets', () => {
    const lengthCases: Array<[() => unknown, number]> = [
      [() => new Scalar25519().setWideBytes(new Uint8Array(63)), 63],
      [() => new Scalar25519().setWideBytes(new Uint8Array(32)), 32],
      [() => new Scalar25519().setBytes(new Uint8Array(31)), 31],
      [() => new Scalar25519().setBytes(new Uint8Array(64)), 64],
      [() => new Scalar25519().setBytesReduced(new Uint8Array(65)), 65],
    ];
    for (const [f] of lengthCases) {
      expect(f).toThrow(StrataError);
      try {
        f();
      } catch (e) {
        expect((e as StrataError).code).toBe(ErrorCode.BAD_LENGTH);
      }
    }
    for (const bad of [null, undefined, 'x', 7, [0, 1], new Uint32Array(16)]) {
      const b = bad as unknown as Uint8Array;
      expect(() => new Scalar25519().setWideBytes(b)).toThrow(TypeError);
      expect(() => new Scalar25519().setBytes(b)).toThrow(TypeError);
      expect(() => new Scalar25519().trySetBytes(b)).toThrow(TypeError);
      expect(() => new Scalar25519().setBytesReduced(b)).toThrow(TypeError);
      expect(() => new Scalar25519().putBytes(b)).toThrow(TypeError);
    }
    expect(new Scalar25519().trySetBytes(new Uint8Array(31))).toBe(false);
    expect(new Scalar25519().trySetBytes(new Uint8Array(40), 10)).toBe(false);
    for (const off of [-1, 0.5, NaN, '0', null, Infinity]) {
      expect(() => new Scalar25519().trySetBytes(new Uint8Array(64), off as unknown as number)).toThrow(TypeError);
    }
    // A buffer too short is a wrong length (StrataError ERR_BAD_LENGTH, as FieldVal / ModNScalar / PrimeField);
    // an offset that is not a non-negative integer is a wrong argument (TypeError) — issue 10 fuzz contract.
    for (const [len, off] of [[31, 0], [32, 1], [0, 0], [64, 33]] as const) {
      expect(() => new Scalar25519().putBytes(new Uint8Array(len), off)).toThrow(expect.objectContaining({ name: 'StrataError', code: ErrorCode.BAD_LENGTH }));
    }
    for (const off of [-1, 0.5, NaN, '4', null, Infinity, 4n]) {
      expect(() => new Scalar25519().putBytes(new Uint8Array(64), off as unknown as number)).toThrow(TypeError);
    }
    expect(new Scalar25519().setInt(7).putBytes(new Uint8Array(64), 32)[32]).toBe(7);
  });

  it('trySetBytes returns false, never throws, on any length (0…200) and any bytes (issue 10, finding 6)', () => {
    const rnd = xorshiftBytes(0x5ca1a2);
    const s = new Scalar25519();
    for (let len = 0; len <= 200; len++) {
      for (const b of [new Uint8Array(len), new Uint8Array(len).fill(0xff), rnd(len)]) {
        for (const off of [0, 1, 31, 32, len, len + 1]) {
          const before = s.toBigInt();
          const ok = s.trySetBytes(b, off);
          expect(typeof ok).toBe('boolean');
          if (ok) expect(s.toBigInt()).toBe(bigFromBytesLE(b.subarray(off, off + 32)));
          else expect(s.toBigInt()).toBe(before);
          if (b.length - off < 32) expect(ok).toBe(false);
          else expect(ok).toBe(bigFromBytesLE(b.subarray(off, off + 32)) < L25519);
        }
      }
    }
  });
});
