/**
 * Public-key parsing and serialization: every invalid encoding class gets its
 * typed error, valid encodings agree with noble, into-buffer variants honour
 * offsets, and decompressY matches the curve equation.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ErrorCode, FieldVal, StrataError } from '@strata/field';
import { bigToBytesBE, toHex } from '@strata/testkit';
import * as S from '../../src/secp256k1/index.js';
import { N, NP, P, big, fv, mod, same } from './helpers.js';

function errorOf(f: () => unknown): StrataError | null {
  try {
    f();
    return null;
  } catch (e) {
    if (e instanceof StrataError) return e;
    throw e;
  }
}

const kArb = fc.bigInt({ min: 1n, max: N - 1n });

/** An x in [0, p) whose x³ + 7 is not a square (found by search from a seed). */
function nonSquareX(seed: bigint): bigint {
  for (let x = seed % P; ; x = (x + 1n) % P) {
    if (S.decompressY(fv(x), false) === null) return x;
  }
}

describe('pointFromBytes: valid encodings', () => {
  it('compressed, uncompressed and hybrid encodings of random points agree with noble', () => {
    fc.assert(
      fc.property(kArb, (k) => {
        const q = NP.BASE.multiply(k);
        const comp = q.toBytes(true);
        const unc = q.toBytes(false);
        const p1 = S.pointFromBytes(comp);
        const p2 = S.pointFromBytes(unc);
        expect(same(p1, q)).toBe(true);
        expect(p1.equals(p2)).toBe(true);
        const hyb = unc.slice();
        hyb[0] = 0x06 | (unc[64]! & 1);
        expect(S.pointFromBytes(hyb).equals(p1)).toBe(true);
        expect(S.pointToBytes(p1)).toEqual(comp);
        expect(S.pointToBytesUncompressed(p1)).toEqual(unc);
        // Also from a non-affine Jacobian representative.
        const j = new S.JacobianPoint().doubleNonConst(p1);
        expect(S.pointToBytes(j)).toEqual(q.double().toBytes(true));
        expect(S.pointToBytesUncompressed(j)).toEqual(q.double().toBytes(false));
      }),
      { numRuns: 30 },
    );
  });

  it('writes into `out` and returns it', () => {
    const out = new S.JacobianPoint();
    const r = S.pointFromBytes(NP.BASE.toBytes(true), out);
    expect(r).toBe(out);
    expect(out.equals(S.G)).toBe(true);
  });
});

describe('pointFromBytes: every invalid class has its typed error', () => {
  it('wrong length (every length 0…100 except 33 and 65)', () => {
    for (let len = 0; len <= 100; len++) {
      if (len === 33 || len === 65) continue;
      const b = new Uint8Array(len);
      if (len > 0) b[0] = 0x02;
      const e = errorOf(() => S.pointFromBytes(b));
      expect(e?.code, `len ${len}`).toBe(ErrorCode.BAD_LENGTH);
      expect(e?.message).toMatch(/expected 33 or 65 bytes, got/);
    }
  });

  it('bad format byte for each length (all 256 prefixes)', () => {
    const q = NP.BASE.multiply(77n);
    const comp = q.toBytes(true);
    const unc = q.toBytes(false);
    for (let f = 0; f < 256; f++) {
      const c = comp.slice();
      c[0] = f;
      const u = unc.slice();
      u[0] = f;
      const ec = errorOf(() => S.pointFromBytes(c));
      const eu = errorOf(() => S.pointFromBytes(u));
      if (f === 0x02 || f === 0x03) expect(ec, `33-byte prefix ${f}`).toBeNull();
      else expect(ec?.code, `33-byte prefix ${f}`).toBe(ErrorCode.BAD_FORMAT);
      const yOdd = unc[64]! & 1;
      if (f === 0x04 || f === (0x06 | yOdd)) expect(eu, `65-byte prefix ${f}`).toBeNull();
      else if (f === (0x06 | (yOdd ^ 1))) expect(eu?.code).toBe(ErrorCode.Y_PARITY_MISMATCH);
      else expect(eu?.code, `65-byte prefix ${f}`).toBe(ErrorCode.BAD_FORMAT);
    }
  });

  it('x ≥ p and y ≥ p are rejected, never reduced', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: P, max: 2n ** 256n - 1n }), fc.constantFrom(0x02, 0x03, 0x04, 0x06, 0x07), (big, f) => {
        const g = NP.BASE.toAffine();
        const len = f <= 3 ? 33 : 65;
        const b = new Uint8Array(len);
        b[0] = f;
        b.set(bigToBytesBE(big, 32), 1);
        if (len === 65) b.set(bigToBytesBE(g.y, 32), 33);
        expect(errorOf(() => S.pointFromBytes(b))?.code).toBe(ErrorCode.X_TOO_BIG);
        if (len === 65) {
          const c = new Uint8Array(65);
          c[0] = f;
          c.set(bigToBytesBE(g.x, 32), 1);
          c.set(bigToBytesBE(big, 32), 33);
          expect(errorOf(() => S.pointFromBytes(c))?.code).toBe(ErrorCode.Y_TOO_BIG);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('not on the curve: compressed x with no square root, uncompressed (x, y) off the curve', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: P - 1n }), kArb, fc.bigInt({ min: 1n, max: P - 1n }), (seed, k, dy) => {
        const x = nonSquareX(seed);
        for (const f of [0x02, 0x03]) {
          const b = new Uint8Array(33);
          b[0] = f;
          b.set(bigToBytesBE(x, 32), 1);
          expect(errorOf(() => S.pointFromBytes(b))?.code).toBe(ErrorCode.POINT_NOT_ON_CURVE);
          expect(() => NP.fromBytes(b)).toThrow();
        }
        const a = NP.BASE.multiply(k).toAffine();
        const y2 = mod(a.y + dy, P);
        const u = new Uint8Array(65);
        u[0] = 0x04;
        u.set(bigToBytesBE(a.x, 32), 1);
        u.set(bigToBytesBE(y2, 32), 33);
        expect(errorOf(() => S.pointFromBytes(u))?.code).toBe(y2 === mod(-a.y, P) ? null : ErrorCode.POINT_NOT_ON_CURVE);
        // Hybrid with the matching parity but off the curve: still not on curve.
        u[0] = 0x06 | Number(y2 & 1n);
        expect(errorOf(() => S.pointFromBytes(u))?.code).toBe(y2 === mod(-a.y, P) ? null : ErrorCode.POINT_NOT_ON_CURVE);
      }),
      { numRuns: 20 },
    );
  });

  it('hybrid parity mismatch (checked before the curve equation, as dcrd does)', () => {
    fc.assert(
      fc.property(kArb, fc.boolean(), (k, offCurve) => {
        const unc = NP.BASE.multiply(k).toBytes(false);
        const yOdd = unc[64]! & 1;
        const b = unc.slice();
        b[0] = 0x06 | (yOdd ^ 1);
        if (offCurve) b[1] = b[1]! ^ 0x01; // also off the curve: parity error still wins
        expect(errorOf(() => S.pointFromBytes(b))?.code).toBe(ErrorCode.Y_PARITY_MISMATCH);
      }),
      { numRuns: 20 },
    );
  });

  it('fuzz: random bytes either parse to an on-curve point (agreeing with noble) or throw a typed error', () => {
    const prefixes = [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0xff];
    fc.assert(
      fc.property(fc.constantFrom(33, 65, 32, 34, 64, 66), fc.constantFrom(...prefixes), fc.uint8Array({ minLength: 66, maxLength: 66 }), (len, f, raw) => {
        const b = raw.slice(0, len);
        b[0] = f;
        let p: S.JacobianPoint | null = null;
        let code: string | null = null;
        try {
          p = S.pointFromBytes(b);
        } catch (e) {
          expect(e).toBeInstanceOf(StrataError);
          code = (e as StrataError).code;
        }
        if (p !== null) {
          expect(p.isOnCurve()).toBe(true);
          expect(same(p, NP.fromBytes(b.length === 65 && f !== 0x04 ? Uint8Array.from([0x04, ...b.subarray(1)]) : b))).toBe(true);
        } else {
          expect(Object.values(ErrorCode)).toContain(code);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('non-Uint8Array input throws TypeError', () => {
    expect(() => S.pointFromBytes('02' as never)).toThrow(TypeError);
    expect(() => S.pointFromBytes([2, 3] as never)).toThrow(TypeError);
    expect(() => S.pointFromBytes(null as never)).toThrow(TypeError);
  });
});

describe('serialization', () => {
  it('into-buffer variants write at an offset and leave the rest alone', () => {
    const p = S.pointFromBytes(NP.BASE.multiply(99n).toBytes(true));
    const buf = new Uint8Array(100).fill(0xee);
    expect(S.pointToBytes(p, buf, 7)).toBe(buf);
    expect(toHex(buf.subarray(7, 40))).toBe(toHex(S.pointToBytes(p)));
    expect(buf[6]).toBe(0xee);
    expect(buf[40]).toBe(0xee);
    S.pointToBytesUncompressed(p, buf, 35);
    expect(toHex(buf.subarray(35, 100))).toBe(toHex(S.pointToBytesUncompressed(p)));
    expect(errorOf(() => S.pointToBytes(p, new Uint8Array(32)))?.code).toBe(ErrorCode.BAD_LENGTH);
    expect(errorOf(() => S.pointToBytesUncompressed(p, new Uint8Array(80), 16))?.code).toBe(ErrorCode.BAD_LENGTH);
    expect(() => S.pointToBytes(p, [] as never)).toThrow(TypeError);
    expect(() => S.pointToBytes(p, buf, -1)).toThrow(TypeError);
    expect(() => S.pointToBytes(p, buf, 1.5)).toThrow(TypeError);
  });

  it('the point at infinity has no encoding (typed error); the input point is not modified', () => {
    const inf = new S.JacobianPoint();
    expect(errorOf(() => S.pointToBytes(inf))?.code).toBe(ErrorCode.POINT_AT_INFINITY);
    expect(errorOf(() => S.pointToBytesUncompressed(inf))?.code).toBe(ErrorCode.POINT_AT_INFINITY);
    const j = new S.JacobianPoint().doubleNonConst(S.G);
    const before = j.clone();
    S.pointToBytes(j);
    expect(j.x.equals(before.x) && j.y.equals(before.y) && j.z.equals(before.z)).toBe(true);
  });
});

describe('decompressY', () => {
  it('returns a root of x³ + 7 with the requested parity, or null exactly when none exists', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), fc.boolean(), (xb, odd) => {
        const x = new FieldVal();
        x.setBytesReduced(bigToBytesBE(xb, 32));
        const xr = xb % P;
        const y = S.decompressY(x, odd);
        const rhs = (xr * xr * xr + 7n) % P;
        const isSquare = rhs === 0n || modPow(rhs, (P - 1n) / 2n, P) === 1n;
        if (!isSquare) {
          expect(y).toBeNull();
          return;
        }
        expect(y).not.toBeNull();
        const yv = big(y!);
        expect((yv * yv) % P).toBe(rhs);
        expect((yv & 1n) === 1n).toBe(odd);
      }),
      { numRuns: 60 },
    );
  });

  it('writes into the given out and accepts unnormalized x', () => {
    const g = NP.BASE.toAffine();
    const out = new FieldVal();
    const x = ((t) => t.add(t, ((t) => t.negate(t, 1))(fv(0n))))(fv(g.x)); // x + p·2 representation (magnitude 3)
    expect(S.decompressY(x, (g.y & 1n) === 1n, out)).toBe(out);
    expect(big(out)).toBe(g.y);
    expect(() => S.decompressY(5 as never, true)).toThrow(TypeError);
  });
});

function modPow(b: bigint, e: bigint, m: bigint): bigint {
  let r = 1n;
  let x = b % m;
  let k = e;
  while (k > 0n) {
    if (k & 1n) r = (r * x) % m;
    x = (x * x) % m;
    k >>= 1n;
  }
  return r;
}
