import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hex, toHex, bigToBytesLE, xorshiftBytes } from '@strata/testkit';
import { StrataError, ErrorCode } from '../../src/index.js';
import * as ed25519 from '../../src/ed25519/index.js';
import { Fe25519 } from '@strata/field';
import { NP, P, L, pointArb, primePointArb, fromNoble, hexOf, nHex, TORSION_HEX } from './helpers.js';

const { Point, PointAffine, PointProj, PointNiels, PointCached, edwards25519 } = ed25519;
const RUNS = { numRuns: 60 };

describe('edwards25519 parameters', () => {
  it('is a frozen singleton with the RFC 8032 constants, read without allocation', () => {
    expect(Object.isFrozen(edwards25519)).toBe(true);
    expect(edwards25519.p).toBe((1n << 255n) - 19n);
    expect(edwards25519.order).toBe((1n << 252n) + 27742317777372353535851937790883648493n);
    expect(edwards25519.cofactor).toBe(8);
    expect(edwards25519.a).toBe(-1n);
    // d = −121665 / 121666 mod p
    expect((edwards25519.d * 121666n + 121665n) % P).toBe(0n);
    expect(edwards25519.gy).toBe((4n * modInv(5n, P)) % P);
    expect(edwards25519.gx % 2n).toBe(0n);
    expect(ed25519.edwards25519).toBe(edwards25519);
    expect(ed25519.FE_D.toBigInt()).toBe(edwards25519.d);
    expect(ed25519.FE_D2.toBigInt()).toBe((2n * edwards25519.d) % P);
    expect((ed25519.FE_SQRT_M1.toBigInt() ** 2n) % P).toBe(P - 1n);
    expect(() => {
      (edwards25519 as { p: bigint }).p = 5n;
    }).toThrow(TypeError);
  });

  it('BASE is the RFC 8032 base point and generator()/identity() return fresh copies', () => {
    expect(hexOf(Point.BASE)).toBe(nHex(NP.BASE));
    expect(hexOf(Point.BASE)).toBe('5866666666666666666666666666666666666666666666666666666666666666');
    expect(Point.BASE.isOnCurve()).toBe(true);
    const b = Point.generator();
    b.double(b);
    expect(hexOf(Point.BASE)).toBe(nHex(NP.BASE));
    expect(Point.identity().isIdentity()).toBe(true);
    expect(Point.identity()).not.toBe(Point.identity());
    expect(hexOf(Point.identity())).toBe('01' + '00'.repeat(31));
  });
});

function modInv(a: bigint, m: bigint): bigint {
  let r = 1n;
  let b = a % m;
  let e = m - 2n;
  while (e > 0n) {
    if (e & 1n) r = (r * b) % m;
    b = (b * b) % m;
    e >>= 1n;
  }
  return r;
}

describe('point arithmetic against @noble/curves', () => {
  it('add, sub, double, negate, equals match', () => {
    fc.assert(
      fc.property(pointArb, pointArb, (a, b) => {
        expect(hexOf(new Point().add(a.p, b.p))).toBe(nHex(a.n.add(b.n)));
        expect(hexOf(a.p.clone().add(a.p, b.p))).toBe(nHex(a.n.add(b.n)));
        expect(hexOf(new Point().sub(a.p, b.p))).toBe(nHex(a.n.subtract(b.n)));
        expect(hexOf(a.p.clone().sub(a.p, b.p))).toBe(nHex(a.n.subtract(b.n)));
        expect(hexOf(new Point().double(a.p))).toBe(nHex(a.n.double()));
        expect(hexOf(new Point().negate(a.p))).toBe(nHex(a.n.negate()));
        expect(a.p.equals(b.p)).toBe(a.n.equals(b.n));
        expect(a.p.isIdentity()).toBe(a.n.equals(NP.ZERO));
        expect(a.p.isSmallOrder()).toBe(a.n.isSmallOrder());
        expect(a.p.isTorsionFree()).toBe(a.n.isTorsionFree());
        expect(hexOf(new Point().mulByCofactor(a.p))).toBe(nHex(a.n.clearCofactor()));
        expect(hexOf(a.p.clone().clearCofactor(a.p))).toBe(nHex(a.n.clearCofactor()));
      }),
      RUNS,
    );
  });

  it('mixed additions (Niels, affine), cached additions, projective add/double, conversions', () => {
    fc.assert(
      fc.property(pointArb, pointArb, (a, b) => {
        const sum = nHex(a.n.add(b.n));
        const diff = nHex(a.n.subtract(b.n));
        const bn = b.p.toNiels();
        const bc = b.p.toCached();
        const ba = b.p.toAffine();
        expect(hexOf(new Point().addNiels(a.p, bn))).toBe(sum);
        expect(hexOf(a.p.clone().addNiels(a.p, bn))).toBe(sum);
        expect(hexOf(new Point().subNiels(a.p, bn))).toBe(diff);
        expect(hexOf(new Point().addNiels(a.p, bn))).toBe(sum);
        expect(hexOf(new Point().addAffine(a.p, ba))).toBe(sum);
        expect(hexOf(a.p.clone().addAffine(a.p, ba))).toBe(sum);
        expect(hexOf(new Point().addCached(a.p, bc))).toBe(sum);
        expect(hexOf(new Point().subCached(a.p, bc))).toBe(diff);
        expect(hexOf(a.p.clone().addCached(a.p, new PointCached().negate(bc)))).toBe(diff);
        // Projective system.
        const pa = a.p.toProj();
        const pb = b.p.toProj();
        expect(hexOf(new PointProj().add(pa, pb).toPoint())).toBe(sum);
        expect(hexOf(pa.clone().double(pa).toPoint())).toBe(nHex(a.n.double()));
        expect(hexOf(new PointProj().negate(pa).toPoint())).toBe(nHex(a.n.negate()));
        expect(pa.isOnCurve()).toBe(true);
        expect(pa.equals(pb)).toBe(a.n.equals(b.n));
        // Affine system.
        const aa = a.p.toAffine();
        expect(aa.isOnCurve()).toBe(true);
        expect(toHex(aa.toBytes())).toBe(nHex(a.n));
        expect(aa.x.toBigInt()).toBe(a.n.x);
        expect(aa.y.toBigInt()).toBe(a.n.y);
        expect(hexOf(aa.toPoint())).toBe(nHex(a.n));
        expect(toHex(new PointAffine().negate(aa).toBytes())).toBe(nHex(a.n.negate()));
        expect(aa.equals(ba)).toBe(a.n.equals(b.n));
        expect(aa.clone().equals(aa)).toBe(true);
        expect(aa.isIdentity()).toBe(a.n.equals(NP.ZERO));
        expect(pa.isIdentity()).toBe(a.n.equals(NP.ZERO));
        expect(new PointAffine().isIdentity()).toBe(true);
        expect(new PointProj().isIdentity()).toBe(true);
        expect(new Point().setAffine(aa).isOnCurve()).toBe(true);
        expect(new Point().setProj(pa).isOnCurve()).toBe(true);
        expect(new PointNiels().setAffine(aa).yPlusX.equals(a.p.toNiels().yPlusX)).toBe(true);
      }),
      RUNS,
    );
  });

  it('constant-time helpers cmov / cneg on points and tables', () => {
    fc.assert(
      fc.property(pointArb, pointArb, fc.constantFrom(0, 1), (a, b, flag) => {
        expect(hexOf(a.p.clone().cmov(b.p, flag))).toBe(flag ? nHex(b.n) : nHex(a.n));
        expect(hexOf(a.p.clone().cneg(flag))).toBe(flag ? nHex(a.n.negate()) : nHex(a.n));
        const n = a.p.toNiels().cmov(b.p.toNiels(), flag).cneg(flag);
        const want = flag ? b.n.negate() : a.n;
        expect(hexOf(((p) => p.addNiels(p, n))(Point.identity()))).toBe(nHex(want));
        const c = a.p.toCached().cmov(b.p.toCached(), flag).cneg(flag);
        expect(hexOf(((p) => p.addCached(p, c))(Point.identity()))).toBe(nHex(want));
        expect(hexOf(((p) => p.addNiels(p, new PointNiels().set(n)))(Point.identity()))).toBe(nHex(want));
      }),
      { numRuns: 30 },
    );
  });

  it('identity elements of every precomputed form add as zero', () => {
    const b = Point.generator();
    expect(hexOf(b.clone().addNiels(b, new PointNiels()))).toBe(nHex(NP.BASE));
    expect(hexOf(b.clone().addCached(b, new PointCached()))).toBe(nHex(NP.BASE));
    expect(hexOf(b.clone().addNiels(b, new PointNiels().setIdentity()))).toBe(nHex(NP.BASE));
    expect(hexOf(new PointProj().toPoint())).toBe(nHex(NP.ZERO));
    expect(hexOf(new PointAffine().toPoint())).toBe(nHex(NP.ZERO));
  });
});

describe('group laws', () => {
  it('identity, inverse, commutativity, associativity, P + P = 2P, doubleK', () => {
    fc.assert(
      fc.property(pointArb, pointArb, pointArb, fc.integer({ min: 0, max: 6 }), (a, b, c, k) => {
        const O = Point.identity();
        expect(new Point().add(a.p, O).equals(a.p)).toBe(true);
        expect(new Point().add(a.p, new Point().negate(a.p)).isIdentity()).toBe(true);
        expect(new Point().add(a.p, b.p).equals(new Point().add(b.p, a.p))).toBe(true);
        const left = new Point().add(new Point().add(a.p, b.p), c.p);
        const right = new Point().add(a.p, new Point().add(b.p, c.p));
        expect(left.equals(right)).toBe(true);
        expect(left.isOnCurve()).toBe(true);
        expect(new Point().add(a.p, a.p).equals(new Point().double(a.p))).toBe(true);
        let d = a.p.clone();
        for (let i = 0; i < k; i++) d = d.add(d, d.clone());
        expect(new Point().doubleK(a.p, k).equals(d)).toBe(true);
        expect(a.p.clone().doubleK(a.p, k).equals(d)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('equals compares projectively (different Z, same point)', () => {
    fc.assert(
      fc.property(primePointArb, fc.bigInt({ min: 2n, max: P - 1n }), (a, z) => {
        const s = new Fe25519().setBigInt(z);
        const q = a.p.clone();
        q.X.mul(q.X, s);
        q.Y.mul(q.Y, s);
        q.Z.mul(q.Z, s);
        q.T.mul(q.T, s);
        expect(q.equals(a.p)).toBe(true);
        expect(q.isOnCurve()).toBe(true);
        expect(hexOf(q)).toBe(nHex(a.n));
        q.X.add(q.X, new Fe25519().setOne());
        expect(q.equals(a.p)).toBe(false);
      }),
      RUNS,
    );
  });
});

describe('aliasing', () => {
  it('operands may be the receiver', () => {
    fc.assert(
      fc.property(pointArb, (a) => {
        const twice = nHex(a.n.double());
        const x = a.p.clone();
        expect(hexOf(x.add(x, x))).toBe(twice);
        const y = a.p.clone();
        expect(hexOf(y.add(y, y))).toBe(twice);
        const z = a.p.clone();
        expect(z.sub(z, z).isIdentity()).toBe(true);
        const w = a.p.clone();
        expect(hexOf(w.double(w))).toBe(twice);
        const v = a.p.clone();
        expect(hexOf(v.addCached(v, v.toCached()))).toBe(twice);
        const u = a.p.clone();
        expect(hexOf(u.negate(u))).toBe(nHex(a.n.negate()));
        const pr = a.p.toProj();
        expect(hexOf(pr.add(pr, pr).toPoint())).toBe(twice);
      }),
      { numRuns: 30 },
    );
  });
});

describe('isOnCurve / isIdentity / subgroup checks', () => {
  it('detects points off the curve and inconsistent T', () => {
    fc.assert(
      fc.property(primePointArb, (a) => {
        const q = a.p.clone();
        q.Y.add(q.Y, new Fe25519().setOne());
        expect(q.isOnCurve()).toBe(false);
        const r = a.p.clone();
        r.T.add(r.T, new Fe25519().setOne());
        expect(r.isOnCurve()).toBe(false);
        const z = a.p.clone();
        z.Z.setZero();
        expect(z.isOnCurve()).toBe(false);
        const pr = a.p.toProj();
        pr.X.add(pr.X, new Fe25519().setOne());
        expect(pr.isOnCurve()).toBe(false);
        const af = a.p.toAffine();
        af.y.add(af.y, new Fe25519().setOne());
        expect(af.isOnCurve()).toBe(false);
      }),
      { numRuns: 30 },
    );
  });

  it('the eight torsion points are small order and not torsion-free (except the identity)', () => {
    for (let i = 0; i < 8; i++) {
      const t = Point.fromBytes(hex(TORSION_HEX[i]!));
      expect(t.isSmallOrder()).toBe(true);
      expect(t.isTorsionFree()).toBe(i === 0);
      expect(t.isIdentity()).toBe(i === 0);
      const mixed = new Point().add(t, Point.BASE);
      expect(mixed.isSmallOrder()).toBe(false);
      expect(mixed.isTorsionFree()).toBe(i === 0);
      expect(mixed.mulByCofactor(mixed).isTorsionFree()).toBe(true);
    }
    expect(Point.BASE.isTorsionFree()).toBe(true);
    expect(Point.BASE.isSmallOrder()).toBe(false);
  });
});

describe('encoding', () => {
  it('round-trips and matches noble for points with and without torsion', () => {
    fc.assert(
      fc.property(pointArb, (a) => {
        const enc = a.p.toBytes();
        expect(toHex(enc)).toBe(nHex(a.n));
        const out = new Uint8Array(40);
        a.p.putBytes(out, 4);
        expect(out.subarray(4, 36)).toEqual(enc);
        for (const zip215 of [true, false]) {
          const d = Point.fromBytes(enc, { zip215 });
          expect(d.equals(a.p)).toBe(true);
          expect(d.isOnCurve()).toBe(true);
          expect(Point.tryFromBytes(enc, { zip215 })!.equals(a.p)).toBe(true);
          const q = new Point();
          expect(q.trySetBytes(out, { zip215: zip215 }, 4)).toBe(true);
          expect(q.equals(a.p)).toBe(true);
          expect(new Point().setBytes(enc, { zip215 }).equals(a.p)).toBe(true);
        }
        const into = new Point();
        expect(Point.tryFromBytes(enc, undefined, into)).toBe(into);
      }),
      RUNS,
    );
  });

  it('agrees with noble on random 32-byte strings (accept/reject and the point) in both modes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (b) => {
        for (const zip215 of [true, false]) {
          let want: string | null;
          try {
            want = nHex(NP.fromBytes(b, zip215));
          } catch {
            want = null;
          }
          const got = Point.tryFromBytes(b, { zip215 });
          expect(got === null ? null : hexOf(got)).toBe(want);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('y ≥ p: accepted (reduced) with zip215, ERR_NON_CANONICAL in strict mode', () => {
    for (let d = 0n; d < 19n; d++) {
      for (const sign of [0, 0x80]) {
        const b = bigToBytesLE(P + d, 32);
        b[31]! |= sign;
        const canonical = bigToBytesLE(d, 32);
        canonical[31]! |= sign;
        const ref = Point.tryFromBytes(canonical, { zip215: true });
        const got = Point.tryFromBytes(b, { zip215: true });
        expect(got === null ? null : hexOf(got)).toBe(ref === null ? null : hexOf(ref));
        expect(Point.tryFromBytes(b, { zip215: false })).toBe(null);
        expect(() => Point.fromBytes(b, { zip215: false })).toThrow(StrataError);
        try {
          Point.fromBytes(b, { zip215: false });
        } catch (e) {
          expect((e as StrataError).code).toBe(ErrorCode.NON_CANONICAL);
        }
      }
    }
  });

  it('x = 0 with the sign bit set: accepted with zip215, rejected in strict mode', () => {
    // y = 1 (identity) and y = −1 (order 2) have x = 0.
    for (const y of [1n, P - 1n]) {
      const b = bigToBytesLE(y, 32);
      b[31]! |= 0x80;
      const p = Point.fromBytes(b);
      expect(p.X.isZero()).toBe(true);
      expect(p.Y.toBigInt()).toBe(y);
      expect(toHex(p.toBytes())).toBe(toHex(bigToBytesLE(y, 32)));
      expect(Point.tryFromBytes(b, { zip215: false })).toBe(null);
      try {
        Point.fromBytes(b, { zip215: false });
        expect.unreachable();
      } catch (e) {
        expect((e as StrataError).code).toBe(ErrorCode.NON_CANONICAL);
      }
    }
  });

  it('a y with no x throws ERR_POINT_NOT_ON_CURVE in both modes', () => {
    let found = 0;
    for (let y = 2n; found < 5; y++) {
      const b = bigToBytesLE(y, 32);
      let nobleOk = true;
      try {
        NP.fromBytes(b);
      } catch {
        nobleOk = false;
      }
      if (nobleOk) continue;
      found++;
      for (const zip215 of [true, false]) {
        expect(Point.tryFromBytes(b, { zip215 })).toBe(null);
        try {
          Point.fromBytes(b, { zip215 });
          expect.unreachable();
        } catch (e) {
          expect((e as StrataError).code).toBe(ErrorCode.POINT_NOT_ON_CURVE);
        }
      }
    }
  });

  it('bad input classes: wrong length, wrong type, bad offsets', () => {
    for (const len of [0, 31, 33, 64]) {
      expect(Point.tryFromBytes(new Uint8Array(len))).toBe(null);
      try {
        Point.fromBytes(new Uint8Array(len));
        expect.unreachable();
      } catch (e) {
        expect((e as StrataError).code).toBe(ErrorCode.BAD_LENGTH);
      }
      expect(() => new Point().setBytes(new Uint8Array(len))).toThrow(StrataError);
    }
    for (const bad of [null, undefined, 'ab', 12, [1, 2], new Uint16Array(32)]) {
      const b = bad as unknown as Uint8Array;
      expect(() => Point.fromBytes(b)).toThrow(TypeError);
      expect(() => Point.tryFromBytes(b)).toThrow(TypeError);
      expect(() => new Point().setBytes(b)).toThrow(TypeError);
      expect(() => new Point().trySetBytes(b)).toThrow(TypeError);
      expect(() => Point.BASE.putBytes(b)).toThrow(TypeError);
    }
    expect(new Point().trySetBytes(new Uint8Array(40), undefined, 10)).toBe(false);
    for (const off of [-1, 0.5, NaN, '0', null, Infinity]) {
      expect(() => new Point().trySetBytes(new Uint8Array(64), undefined, off as unknown as number)).toThrow(TypeError);
    }
    for (const flag of ['false', 0, 1, null, {}]) {
      expect(() => new Point().trySetBytes(Point.BASE.toBytes(), { zip215: flag as unknown as boolean })).toThrow(TypeError);
    }
    // Short output buffer: StrataError ERR_BAD_LENGTH naming the point type (issue 10 fuzz contract; was RangeError).
    for (const [len, off] of [[32, 1], [31, 0], [0, 0], [64, 33]] as const) {
      for (const enc of [() => Point.BASE.putBytes(new Uint8Array(len), off), () => Point.BASE.toAffine().putBytes(new Uint8Array(len), off)]) {
        expect(enc).toThrow(StrataError);
        expect(enc).toThrow(new RegExp(`^ed25519\\.Point(Affine)?\\.putBytes: expected at least ${off + 32} bytes, got ${len}$`));
      }
    }
    try {
      Point.BASE.putBytes(new Uint8Array(31));
    } catch (e) {
      expect((e as StrataError).code).toBe(ErrorCode.BAD_LENGTH);
    }
    for (const off of [-1, 0.5, NaN, '4', null, Infinity, 4n]) {
      expect(() => Point.BASE.putBytes(new Uint8Array(64), off as unknown as number)).toThrow(TypeError);
    }
    expect(L).toBeGreaterThan(0n);
  });
});

describe('non-throwing decoders and decoding options (issue 10, findings 6 and 7)', () => {
  it('tryFromBytes / trySetBytes return null / false, never throw, on every length 0…200 and any bytes', () => {
    const rnd = xorshiftBytes(0x25519);
    const base = Point.BASE.toBytes();
    const p = new Point();
    for (let len = 0; len <= 200; len++) {
      const padded = new Uint8Array(len);
      padded.set(base.subarray(0, Math.min(32, len)));
      for (const b of [new Uint8Array(len), new Uint8Array(len).fill(0xff), rnd(len), padded]) {
        for (const zip215 of [true, false]) {
          const r = Point.tryFromBytes(b, { zip215 });
          expect(r === null || len === 32).toBe(true);
          for (const off of [0, 1, 31, 32, len, len + 1]) {
            const ok = p.trySetBytes(b, { zip215: zip215 }, off);
            expect(typeof ok).toBe('boolean');
            if (b.length - off < 32) expect(ok).toBe(false);
            else expect(ok).toBe(Point.tryFromBytes(b.subarray(off, off + 32), { zip215 }) !== null);
          }
        }
      }
    }
    expect(new Point().trySetBytes(base.subarray(0, 31))).toBe(false);
    const buf = new Uint8Array(64);
    buf.set(base, 32);
    expect(p.trySetBytes(buf, undefined, 32) && p.equals(Point.BASE)).toBe(true);
    expect(p.trySetBytes(buf, undefined, 33)).toBe(false);
  });

  it('zip215 of the wrong type throws TypeError instead of decoding leniently', () => {
    // y = 1 with the sign bit set ("negative zero"): ZIP-215 accepts it, strict RFC 8032 does not.
    const negZero = new Uint8Array(32);
    negZero[0] = 1;
    negZero[31] = 0x80;
    expect(Point.fromBytes(negZero).equals(new Point())).toBe(true);
    expect(() => Point.fromBytes(negZero, { zip215: false })).toThrow(StrataError);
    expect(Point.tryFromBytes(negZero, { zip215: false })).toBe(null);
    expect(Point.fromBytes(negZero, { zip215: undefined }).equals(new Point())).toBe(true);
    for (const v of ['false', 'true', 0, 1, null, {}]) {
      const o = { zip215: v } as unknown as ed25519.PointDecodeOptions;
      expect(() => Point.fromBytes(negZero, o), String(v)).toThrow(TypeError);
      expect(() => Point.tryFromBytes(negZero, o), String(v)).toThrow(TypeError);
      expect(() => Point.tryFromBytes(new Uint8Array(5), o), String(v)).toThrow(TypeError);
      expect(() => new Point().setBytes(negZero, o), String(v)).toThrow(TypeError);
    }
    for (const o of [null, 'strict', false, 1, []]) {
      const opts = o as unknown as ed25519.PointDecodeOptions;
      expect(() => Point.fromBytes(negZero, opts)).toThrow(TypeError);
      expect(() => Point.tryFromBytes(negZero, opts)).toThrow(TypeError);
      expect(() => new Point().setBytes(negZero, opts)).toThrow(TypeError);
    }
    expect(() => Point.tryFromBytes(negZero, undefined, {} as unknown as ed25519.Point)).toThrow(TypeError);
  });
});

describe('fromNoble helper sanity', () => {
  it('round trips', () => {
    expect(hexOf(fromNoble(NP.BASE))).toBe(nHex(NP.BASE));
  });
});

describe('batch conversions', () => {
  it('batchToBytes and batchToAffine equal the one-at-a-time conversions (n = 0, 1, many; projective inputs)', () => {
    fc.assert(
      fc.property(fc.array(pointArb, { minLength: 0, maxLength: 9 }), (arr) => {
        const pts = arr.map((a, i) => (i % 2 === 0 ? ((p) => p.sub(p, a.p))(((p) => p.double(p))(new Point().add(a.p, Point.identity()))) : a.p));
        const enc = ed25519.batchToBytes(pts);
        expect(enc.length).toBe(32 * pts.length);
        pts.forEach((_, i) => expect(toHex(enc.subarray(32 * i, 32 * i + 32))).toBe(nHex(arr[i]!.n)));
        const out = new Uint8Array(32 * pts.length + 7).fill(0x55);
        expect(ed25519.batchToBytes(pts, out, 7)).toBe(out);
        expect(out.subarray(7)).toEqual(enc);
        expect(out[6]).toBe(0x55);
        const aff = ed25519.batchToAffine(pts);
        expect(aff.length).toBe(pts.length);
        aff.forEach((a, i) => {
          expect(a.x.toBigInt()).toBe(arr[i]!.n.x);
          expect(a.y.toBigInt()).toBe(arr[i]!.n.y);
        });
        const reuse = pts.map(() => new PointAffine());
        reuse.push(new PointAffine());
        expect(ed25519.batchToAffine(pts, reuse)).toBe(reuse);
        expect(reuse.length).toBe(pts.length + 1);
        reuse.slice(0, pts.length).forEach((a, i) => expect(a.equals(aff[i]!)).toBe(true));
        expect(reuse[pts.length]!.isIdentity()).toBe(true);
        if (pts.length > 0) {
          expect(() => ed25519.batchToAffine(pts, reuse.slice(0, pts.length - 1))).toThrow(
            expect.objectContaining({ code: 'ERR_BAD_LENGTH' }),
          );
        }
      }),
      { numRuns: 30 },
    );
    // Short output buffer: StrataError ERR_BAD_LENGTH like every encoder (issue 10 fuzz contract; was RangeError).
    expect(() => ed25519.batchToBytes([Point.BASE, Point.BASE], new Uint8Array(63))).toThrow(StrataError);
    expect(() => ed25519.batchToBytes([Point.BASE], new Uint8Array(40), 9)).toThrow(/^batchToBytes: expected at least 41 bytes, got 40$/);
    expect(() => ed25519.batchToBytes([Point.BASE], new Uint8Array(40), -1)).toThrow(TypeError);
  });
});
