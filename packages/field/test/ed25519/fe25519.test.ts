import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { edgeBigInt, bigToBytesLE, bigFromBytesLE, xorshiftBytes } from '@strata/testkit';
import { Fe25519, StrataError, ErrorCode } from '../../src/index.js';
import { RefFe25519, P25519 } from '../../src/reference/index.js';

const P = P25519;
const RUNS = { numRuns: 300 };

/** Values in [0, 2^256) weighted to the edges of p (0, 1, p−1, p, p+1, 2^255−1, 2^256−1, …). */
const anyBig = fc.oneof(
  edgeBigInt(P, { bits: 256 }),
  fc.constantFrom((1n << 255n) - 1n, 1n << 255n, (1n << 255n) + 18n, (1n << 256n) - 1n, 2n * P, 2n * P - 1n, P + 18n),
);
/** Reduced values in [0, p). */
const fieldBig = anyBig.map((x) => x % P);

/** Builds an element from raw limbs (radix 2^17) and returns it with its integer value. */
function fromLimbs(limbs: number[]): { fe: Fe25519; v: bigint } {
  const fe = new Fe25519();
  let v = 0n;
  for (let i = 14; i >= 0; i--) {
    fe.l[i] = limbs[i]!;
    v = v * 131072n + BigInt(limbs[i]!);
  }
  return { fe, v: ((v % P) + P) % P };
}

/** Unreduced elements: signed limbs up to magnitude 31 (|limb| < 2^22), edge-weighted. */
const limbArb = fc.oneof(
  fc.integer({ min: -(2 ** 22) + 1, max: 2 ** 22 - 1 }),
  fc.constantFrom(0, 1, -1, 2 ** 22 - 1, -(2 ** 22) + 1, 131071, 131072, -131072),
);
const wideArb = fc.array(limbArb, { minLength: 15, maxLength: 15 }).map(fromLimbs);

const fe = (v: bigint) => new Fe25519().setBigInt(v);

describe('Fe25519 arithmetic against the BigInt reference', () => {
  it('add, sub, negate, mul, square on reduced values', () => {
    fc.assert(
      fc.property(fieldBig, fieldBig, (a, b) => {
        expect(((t) => t.add(t, fe(b)))(fe(a)).toBigInt()).toBe(RefFe25519.add(a, b));
        expect(((t) => t.sub(t, fe(b)))(fe(a)).toBigInt()).toBe(RefFe25519.sub(a, b));
        expect(((t) => t.negate(t))(fe(a)).toBigInt()).toBe(RefFe25519.negate(a));
        expect(new Fe25519().negate(fe(a)).toBigInt()).toBe(RefFe25519.negate(a));
        expect(((t) => t.mul(t, fe(b)))(fe(a)).toBigInt()).toBe(RefFe25519.mul(a, b));
        expect(new Fe25519().mul(fe(a), fe(b)).toBigInt()).toBe(RefFe25519.mul(a, b));
        expect(((t) => t.square(t))(fe(a)).toBigInt()).toBe(RefFe25519.square(a));
        expect(new Fe25519().square2(fe(a)).toBigInt()).toBe(RefFe25519.mul(2n, RefFe25519.square(a)));
      }),
      RUNS,
    );
  });

  it('setBigInt reduces every 256-bit value (including p, p+1, 2^256−1)', () => {
    fc.assert(
      fc.property(anyBig, (a) => {
        expect(fe(a).toBigInt()).toBe(a % P);
      }),
      RUNS,
    );
  });

  it('mul and square are exact for unreduced signed limbs up to magnitude 31 and return loose limbs', () => {
    fc.assert(
      fc.property(wideArb, wideArb, (x, y) => {
        const m = ((t) => t.mul(t, y.fe))(x.fe.clone());
        expect(m.toBigInt()).toBe(RefFe25519.mul(x.v, y.v));
        for (const limb of m.l) expect(Math.abs(limb)).toBeLessThanOrEqual(2 ** 17 + 2 ** 7);
        const s = ((t) => t.square(t))(x.fe.clone());
        expect(s.toBigInt()).toBe(RefFe25519.square(x.v));
        for (const limb of s.l) expect(Math.abs(limb)).toBeLessThanOrEqual(2 ** 17 + 2 ** 7);
        // carry() keeps the value and yields loose limbs.
        const c = x.fe.clone().carry();
        expect(c.toBigInt()).toBe(x.v);
        for (const limb of c.l) expect(Math.abs(limb)).toBeLessThanOrEqual(2 ** 17 + 2 ** 7);
      }),
      RUNS,
    );
  });

  it('the extreme all-limbs-at-the-bound inputs multiply exactly', () => {
    const top = 2 ** 22 - 1;
    for (const sa of [1, -1]) {
      for (const sb of [1, -1]) {
        const x = fromLimbs(Array(15).fill(sa * top));
        const y = fromLimbs(Array(15).fill(sb * top));
        expect(((t) => t.mul(t, y.fe))(x.fe.clone()).toBigInt()).toBe(RefFe25519.mul(x.v, y.v));
        expect(((t) => t.square(t))(x.fe.clone()).toBigInt()).toBe(RefFe25519.square(x.v));
      }
    }
  });

  it('pow2k, invert, pow2523', () => {
    fc.assert(
      fc.property(fieldBig, fc.integer({ min: 0, max: 40 }), (a, k) => {
        expect(((t) => t.pow2k(t, k))(fe(a)).toBigInt()).toBe(RefFe25519.pow2k(a, k));
        expect(new Fe25519().pow2k(fe(a), k).toBigInt()).toBe(RefFe25519.pow2k(a, k));
      }),
      { numRuns: 100 },
    );
    fc.assert(
      fc.property(fieldBig, (a) => {
        expect(((t) => t.invert(t))(fe(a)).toBigInt()).toBe(RefFe25519.invert(a));
        expect(((t) => t.pow2523(t))(fe(a)).toBigInt()).toBe(RefFe25519.pow2523(a));
      }),
      { numRuns: 100 },
    );
    expect(((t) => t.invert(t))(fe(0n)).isZero()).toBe(true);
  });

  it('pow2k is exact and loose for unreduced inputs up to magnitude 31 (input carried once, every squaring on the short network)', () => {
    const loose = (f: Fe25519): void => {
      for (const limb of f.l) expect(Math.abs(limb)).toBeLessThanOrEqual(2 ** 17 + 2 ** 7);
    };
    fc.assert(
      fc.property(wideArb, fc.integer({ min: 1, max: 12 }), (x, k) => {
        const r = ((t) => t.pow2k(t, k))(x.fe.clone());
        expect(r.toBigInt()).toBe(RefFe25519.pow2k(x.v, k));
        loose(r);
        // Same value as k separate squarings (each a full carry network).
        const s = x.fe.clone();
        for (let i = 0; i < k; i++) s.square(s);
        expect(r.equals(s)).toBe(true);
      }),
      { numRuns: 150 },
    );
    // Limbs at the documented maxima, every sign pattern of a few shapes, and
    // loose inputs at ±(2^17 + 2^7), for k = 1, 2, 3, 5 and 60 squarings.
    const top = 2 ** 22 - 1;
    const lo = 2 ** 17 + 2 ** 7;
    const shapes: number[][] = [
      Array(15).fill(top),
      Array(15).fill(-top),
      Array.from({ length: 15 }, (_, i) => (i % 2 === 0 ? top : -top)),
      Array(15).fill(lo),
      Array(15).fill(-lo),
      Array.from({ length: 15 }, (_, i) => (i % 2 === 0 ? -lo : lo)),
      Array.from({ length: 15 }, (_, i) => (i === 0 ? -1 : 0)), // −1: every limb of −1 = p − 1 ends at its extreme
      Array.from({ length: 15 }, (_, i) => (i === 14 ? top : 131071)),
    ];
    // x = √(−c): x² = p − c has every limb near 2^17 − 1, so the second
    // squaring's column 14 is maximal and its wrapped carry pushes limb 1 past
    // 2^17 + 2^7 before the closing carries (these c were found by search: a
    // kernel without the closing carry on limb 1 returns a non-loose limb here).
    for (const c of [4113n, 4114n, 4120n]) {
      const x = new Fe25519();
      expect(x.sqrtRatio(fe(P - c), fe(1n))).toBe(true);
      const r = new Fe25519().pow2k(x, 2);
      expect(r.toBigInt()).toBe(RefFe25519.pow2k(x.toBigInt(), 2));
      loose(r);
    }
    for (const limbs of shapes) {
      const x = fromLimbs(limbs);
      for (const k of [1, 2, 3, 5, 60]) {
        const r = ((t) => t.pow2k(t, k))(x.fe.clone());
        expect(r.toBigInt()).toBe(RefFe25519.pow2k(x.v, k));
        loose(r);
      }
    }
  });

  it('invert and pow2523 accept unreduced inputs', () => {
    fc.assert(
      fc.property(wideArb, (x) => {
        expect(((t) => t.invert(t))(x.fe.clone()).toBigInt()).toBe(RefFe25519.invert(x.v));
        expect(((t) => t.pow2523(t))(x.fe.clone()).toBigInt()).toBe(RefFe25519.pow2523(x.v));
      }),
      { numRuns: 50 },
    );
  });

  it('sqrtRatio matches the reference (flag and even root)', () => {
    fc.assert(
      fc.property(fieldBig, fieldBig, (u, v) => {
        const r = new Fe25519();
        const ok = r.sqrtRatio(fe(u), fe(v));
        const ref = RefFe25519.sqrtRatio(u, v);
        expect(ok).toBe(ref.ok);
        if (ok) {
          expect(r.toBigInt()).toBe(ref.root);
          expect(r.isNegative()).toBe(false);
        } else if (v !== 0n) {
          // Not square: r² · v = √−1 · u.
          expect(RefFe25519.mul(RefFe25519.square(r.toBigInt()), v)).toBe(RefFe25519.mul(RefFe25519.SQRT_M1, u));
        }
      }),
      { numRuns: 200 },
    );
    // Squares of random values are always accepted.
    fc.assert(
      fc.property(fieldBig, fieldBig.filter((v) => v !== 0n), (x, v) => {
        const u = RefFe25519.mul(RefFe25519.square(x), v);
        const r = new Fe25519();
        expect(r.sqrtRatio(fe(u), fe(v))).toBe(true);
        expect(RefFe25519.square(r.toBigInt())).toBe(RefFe25519.square(x));
      }),
      { numRuns: 100 },
    );
    const z = new Fe25519();
    expect(z.sqrtRatio(fe(0n), fe(5n))).toBe(true);
    expect(z.isZero()).toBe(true);
    expect(z.sqrtRatio(fe(1n), fe(0n))).toBe(false);
  });

  it('isNegative, isZero, equals on unreduced representations', () => {
    fc.assert(
      fc.property(wideArb, wideArb, (x, y) => {
        expect(x.fe.isNegative()).toBe(RefFe25519.isNegative(x.v));
        expect(x.fe.isZero()).toBe(x.v === 0n);
        expect(x.fe.equals(y.fe)).toBe(x.v === y.v);
        expect(x.fe.equals(fe(x.v))).toBe(true);
        // p, 2p, −p represent zero.
      }),
      RUNS,
    );
    const pLimbs = fe(0n);
    for (let i = 0; i < 15; i++) pLimbs.l[i] = 131071;
    pLimbs.l[0] = 131072 - 19; // 2^255 − 19 = p in raw limbs
    expect(pLimbs.isZero()).toBe(true);
    expect(pLimbs.toBytes()).toEqual(new Uint8Array(32));
  });

  it('reads (bytes, isZero, isNegative, equals, normalize) accept huge signed limbs up to 2^44', () => {
    const bigLimb = fc.oneof(
      fc.integer({ min: -(2 ** 30), max: 2 ** 30 }).map((x) => x * 2 ** 14 + (x & 0x3fff)),
      fc.constantFrom(2 ** 44 - 1, -(2 ** 44) + 1, 0, -1, 131071),
    );
    fc.assert(
      fc.property(fc.array(bigLimb, { minLength: 15, maxLength: 15 }), (limbs) => {
        const x = fromLimbs(limbs);
        expect(bigFromBytesLE(x.fe.toBytes())).toBe(x.v);
        expect(x.fe.isZero()).toBe(x.v === 0n);
        expect(x.fe.isNegative()).toBe((x.v & 1n) === 1n);
        expect(x.fe.equals(fe(x.v))).toBe(true);
        expect(x.fe.clone().normalize().toBigInt()).toBe(x.v);
      }),
      RUNS,
    );
    // ±2^26·p spread over huge limbs (p's limbs are 2^17 − 19, then 2^17 − 1) reads as zero.
    for (const sign of [1, -1]) {
      const limbs = Array.from({ length: 15 }, (_, i) => sign * 2 ** 26 * (i === 0 ? 131072 - 19 : 131071));
      const z = fromLimbs(limbs);
      expect(z.v).toBe(0n);
      expect(z.fe.isZero()).toBe(true);
      expect(z.fe.toBytes()).toEqual(new Uint8Array(32));
      expect(z.fe.equals(fe(0n))).toBe(true);
    }
  });

  it('normalize produces canonical limbs', () => {
    fc.assert(
      fc.property(wideArb, (x) => {
        const n = x.fe.clone().normalize();
        let v = 0n;
        for (let i = 14; i >= 0; i--) {
          expect(n.l[i]).toBeGreaterThanOrEqual(0);
          expect(n.l[i]).toBeLessThan(131072);
          v = v * 131072n + BigInt(n.l[i]!);
        }
        expect(v).toBe(x.v);
      }),
      RUNS,
    );
  });

  it('cmov, cneg, cswap select without changing anything else', () => {
    fc.assert(
      fc.property(fieldBig, fieldBig, fc.constantFrom(0, 1), (a, b, flag) => {
        expect(fe(a).cmov(fe(b), flag).toBigInt()).toBe(flag ? b : a);
        expect(fe(a).cneg(flag).toBigInt()).toBe(flag ? RefFe25519.negate(a) : a);
        const x = fe(a);
        const y = fe(b);
        x.cswap(y, flag);
        expect(x.toBigInt()).toBe(flag ? b : a);
        expect(y.toBigInt()).toBe(flag ? a : b);
      }),
      RUNS,
    );
  });

  it('setInt, setOne, setZero, fromInt, clone, set', () => {
    expect(Fe25519.fromInt(0).isZero()).toBe(true);
    expect(new Fe25519().setOne().toBigInt()).toBe(1n);
    expect(Fe25519.fromInt(Number.MAX_SAFE_INTEGER).toBigInt()).toBe(BigInt(Number.MAX_SAFE_INTEGER));
    expect(fe(5n).setZero().isZero()).toBe(true);
    const a = fe(12345n);
    const b = a.clone();
    a.setInt(7);
    expect(b.toBigInt()).toBe(12345n);
    expect(new Fe25519().set(a).toBigInt()).toBe(7n);
    expect(() => new Fe25519().setInt(-1)).toThrow(RangeError);
    expect(() => new Fe25519().setInt(1.5)).toThrow(RangeError);
    expect(() => new Fe25519().setInt(2 ** 53)).toThrow(RangeError);
    for (const v of ['1', 1n, null, undefined, {}, [], true]) expect(() => new Fe25519().setInt(v as unknown as number)).toThrow(TypeError);
    expect(() => new Fe25519().setBigInt(5 as unknown as bigint)).toThrow(TypeError);
  });
});

describe('Fe25519 aliasing', () => {
  it('every operation gives the same result when the receiver is an operand', () => {
    fc.assert(
      fc.property(fieldBig, fieldBig, (a, b) => {
        const x = fe(a);
        expect(x.mul(x, x).toBigInt()).toBe(RefFe25519.square(a));
        const y = fe(a);
        expect(y.mul(y, y).toBigInt()).toBe(RefFe25519.square(a));
        const z = fe(a);
        expect(z.add(z, z).toBigInt()).toBe(RefFe25519.add(a, a));
        const w = fe(a);
        expect(w.sub(w, w).isZero()).toBe(true);
        const u = fe(a);
        expect(u.mul(fe(b), u).toBigInt()).toBe(RefFe25519.mul(a, b));
        const s = fe(a);
        expect(s.square(s).toBigInt()).toBe(RefFe25519.square(a));
        const i = fe(a);
        expect(i.invert(i).toBigInt()).toBe(RefFe25519.invert(a));
        const q = fe(a);
        expect(q.pow2523(q).toBigInt()).toBe(RefFe25519.pow2523(a));
        // sqrtRatio with the receiver aliasing u, then v.
        const ref = RefFe25519.sqrtRatio(a, b);
        const ru = fe(a);
        expect(ru.sqrtRatio(ru, fe(b))).toBe(ref.ok);
        const rv = fe(b);
        expect(rv.sqrtRatio(fe(a), rv)).toBe(ref.ok);
        if (ref.ok) {
          expect(ru.toBigInt()).toBe(ref.root);
          expect(rv.toBigInt()).toBe(ref.root);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('Fe25519 encoding', () => {
  const P_BYTES = bigToBytesLE(P, 32);

  it('round-trips canonical values and ignores bit 255', () => {
    fc.assert(
      fc.property(fieldBig, fc.boolean(), (a, top) => {
        const b = bigToBytesLE(a, 32);
        if (top) b[31]! |= 0x80;
        const x = new Fe25519().setBytes(b);
        expect(x.toBigInt()).toBe(a);
        expect(x.toBytes()).toEqual(bigToBytesLE(a, 32));
        expect(Fe25519.fromBytes(b).toBigInt()).toBe(a);
        expect(RefFe25519.fromBytes(b)).toBe(a);
        const out = new Uint8Array(40).fill(0xaa);
        x.putBytes(out, 5);
        expect(out.subarray(5, 37)).toEqual(bigToBytesLE(a, 32));
        expect(out[4]).toBe(0xaa);
        expect(out[37]).toBe(0xaa);
      }),
      RUNS,
    );
  });

  it('bytes() is canonical for every unreduced representation', () => {
    fc.assert(
      fc.property(wideArb, (x) => {
        const b = x.fe.toBytes();
        expect(bigFromBytesLE(b)).toBe(x.v);
        expect(b).toEqual(RefFe25519.toBytes(x.v));
      }),
      RUNS,
    );
  });

  it('rejects values in [p, 2^255) unless allowNonCanonical, then reduces them', () => {
    for (let d = 0n; d < 19n; d++) {
      for (const top of [0, 0x80]) {
        const b = bigToBytesLE(P + d, 32);
        b[31]! |= top;
        expect(() => new Fe25519().setBytes(b)).toThrow(StrataError);
        try {
          new Fe25519().setBytes(b);
        } catch (e) {
          expect((e as StrataError).code).toBe(ErrorCode.NON_CANONICAL);
        }
        const x = new Fe25519();
        expect(x.trySetBytes(b)).toBe(false);
        expect(x.isZero()).toBe(true); // unchanged
        expect(x.trySetBytes(b, 0, { allowNonCanonical: true })).toBe(true);
        expect(x.toBigInt()).toBe(d);
        expect(new Fe25519().setBytes(b, { allowNonCanonical: true }).toBigInt()).toBe(d);
        expect(RefFe25519.fromBytes(b)).toBe(null);
        expect(RefFe25519.fromBytes(b, true)).toBe(d);
      }
    }
    // p − 1 is canonical; 2^256 − 1 is p + 18 after dropping bit 255.
    expect(new Fe25519().setBytes(bigToBytesLE(P - 1n, 32)).toBigInt()).toBe(P - 1n);
    expect(new Fe25519().trySetBytes(new Uint8Array(32).fill(0xff))).toBe(false);
    expect(new Fe25519().setBytes(new Uint8Array(32).fill(0xff), { allowNonCanonical: true }).toBigInt()).toBe(18n);
    expect(P_BYTES[0]).toBe(0xed);
  });

  it('trySetBytes reads at an offset', () => {
    const buf = new Uint8Array(70);
    buf.set(bigToBytesLE(123456789n, 32), 33);
    const x = new Fe25519();
    expect(x.trySetBytes(buf, 33)).toBe(true);
    expect(x.toBigInt()).toBe(123456789n);
  });

  it('bad input: wrong length, wrong type, bad offsets', () => {
    for (const len of [0, 31, 33, 64]) {
      expect(() => new Fe25519().setBytes(new Uint8Array(len))).toThrow(StrataError);
      try {
        new Fe25519().setBytes(new Uint8Array(len));
      } catch (e) {
        expect((e as StrataError).code).toBe(ErrorCode.BAD_LENGTH);
      }
    }
    for (const bad of [null, undefined, 'ab', [1, 2, 3], 5, new Uint16Array(32)]) {
      expect(() => new Fe25519().setBytes(bad as unknown as Uint8Array)).toThrow(TypeError);
      expect(() => new Fe25519().trySetBytes(bad as unknown as Uint8Array)).toThrow(TypeError);
      expect(() => new Fe25519().putBytes(bad as unknown as Uint8Array)).toThrow(TypeError);
    }
    expect(new Fe25519().trySetBytes(new Uint8Array(40), 9)).toBe(false);
    expect(new Fe25519().trySetBytes(new Uint8Array(31))).toBe(false);
    // A buffer too short is a wrong length (StrataError ERR_BAD_LENGTH, as FieldVal / ModNScalar / PrimeField);
    // an offset that is not a non-negative integer is a wrong argument (TypeError) — issue 10 fuzz contract.
    for (const [len, off] of [[31, 0], [32, 1], [0, 0], [64, 33]] as const) {
      expect(() => new Fe25519().putBytes(new Uint8Array(len), off)).toThrow(expect.objectContaining({ name: 'StrataError', code: ErrorCode.BAD_LENGTH }));
    }
    expect(() => new Fe25519().putBytes(new Uint8Array(31))).toThrow(StrataError);
    for (const off of [-1, 0.5, NaN, '4', null, Infinity, 4n]) {
      expect(() => new Fe25519().putBytes(new Uint8Array(64), off as unknown as number)).toThrow(TypeError);
    }
    expect(new Fe25519().setInt(7).putBytes(new Uint8Array(64), 32)[32]).toBe(7);
  });

  it('trySetBytes returns false, never throws, on any length (0…200) and any bytes (issue 10, finding 6)', () => {
    const rnd = xorshiftBytes(0x6e25519);
    const x = new Fe25519();
    for (let len = 0; len <= 200; len++) {
      for (const b of [new Uint8Array(len), new Uint8Array(len).fill(0xff), rnd(len)]) {
        for (const allow of [false, true]) {
          for (const off of [0, 1, 31, 32, len, len + 1]) {
            const before = x.toBigInt();
            const ok = x.trySetBytes(b, off, { allowNonCanonical: allow });
            expect(typeof ok).toBe('boolean');
            if (b.length - off < 32) {
              expect(ok).toBe(false);
              expect(x.toBigInt()).toBe(before);
            }
            if (ok) expect(x.toBigInt()).toBe(bigFromBytesLE(b.subarray(off, off + 32)) % (1n << 255n) % P25519);
          }
        }
      }
    }
  });

  it('trySetBytes: wrong argument types throw TypeError (flag, offset)', () => {
    const b = new Uint8Array(32);
    for (const flag of ['false', 0, 1, null, {}]) expect(() => new Fe25519().trySetBytes(b, 0, { allowNonCanonical: flag as unknown as boolean })).toThrow(TypeError);
    for (const off of [-1, 0.5, NaN, '0', null, Infinity]) expect(() => new Fe25519().trySetBytes(b, off as unknown as number)).toThrow(TypeError);
  });

  it('setBytes / fromBytes options: wrong types throw TypeError (issue 10, finding 7)', () => {
    const big = new Uint8Array(32).fill(0xff); // 2^255 − 1 ≥ p: only accepted with allowNonCanonical: true
    big[31] = 0x7f;
    expect(() => Fe25519.fromBytes(big)).toThrow(StrataError);
    expect(Fe25519.fromBytes(big, { allowNonCanonical: true }).toBigInt()).toBe(((1n << 255n) - 1n) % P25519);
    expect(() => Fe25519.fromBytes(big, { allowNonCanonical: undefined })).toThrow(StrataError);
    for (const v of ['true', 'false', 1, 0, null, {}]) {
      expect(() => Fe25519.fromBytes(big, { allowNonCanonical: v } as never)).toThrow(TypeError);
      expect(() => new Fe25519().setBytes(big, { allowNonCanonical: v } as never)).toThrow(TypeError);
    }
    for (const o of [null, 'lenient', true, 1, []]) expect(() => Fe25519.fromBytes(big, o as never)).toThrow(TypeError);
  });
});
