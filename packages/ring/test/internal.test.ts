/**
 * The challenge-encoding helper of the verification and signing loops
 * (`encodePairGoInto`): Enc(L) ‖ Enc(R) through the backend's batched
 * `pointsToBytes` equals ring-go's point-by-point encoding (identity as
 * decred's `02 ‖ 0^32` on secp256k1), at an offset, for projective and
 * identity points, over every backend; and the fallback when a backend's
 * `pointsToBytes` rejects the identity or is missing. Also the table-size
 * hints the ring passes to `precompute`, and the pool the default random
 * source of one signature is served from.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode, StrataError } from '@strata/field';
import { bandersnatch, ed25519, isPointTable, secp256k1, type Curve, type EdwardsGroupPoint, type Point } from '@strata/group';
import {
  CALL_IMAGE_TABLE_MIN, KEPT_IMAGE_SIGNATURES, callImageTable, callImageTableOptions, encodeGoInto, encodePairGoInto, expectTableSize, imageTableOptions, keptImageTableOptions, memberTableOptions,
} from '../src/internal.js';
import { Ring, RingSignature, sign } from '../src/index.js';
import { BACKENDS, type CurveName } from './helpers.js';
import { RandomPool } from '../src/sign.js';

const NAMES: CurveName[] = ['secp256k1', 'ed25519'];

function goPair(curve: Curve, L: Point, R: Point): Uint8Array {
  const pl = curve.compressedPointSize;
  const out = new Uint8Array(7 + 2 * pl).fill(0xee);
  encodeGoInto(curve, L, out, 7);
  encodeGoInto(curve, R, out, 7 + pl);
  return out;
}

describe('encodePairGoInto', () => {
  for (const backend of BACKENDS) {
    for (const name of NAMES) {
      const curve = backend.curves[name];
      it(`${backend.label} ${name}: equals point-by-point Go encoding (projective, identity, aliasing pair scratch)`, () => {
        const G = curve.basePoint();
        const A = curve.scalarBaseMult(curve.scalarFromInt(12345)).add(G); // projective on Strata's backends
        const B = curve.scalarMult(curve.scalarFromInt(777), A);
        const I = curve.identity();
        const pair: Point[] = [I, I];
        for (const [L, R] of [[A, B], [I, B], [A, I], [I, I], [G, G]] as const) {
          const want = goPair(curve, L, R);
          const got = new Uint8Array(want.length).fill(0xee);
          expect(encodePairGoInto(curve, L, R, pair, got, 7)).toBe(got);
          expect(got).toEqual(want);
        }
        if (name === 'secp256k1') {
          const got = new Uint8Array(66);
          encodePairGoInto(curve, I, A, pair, got, 0);
          expect(got[0]).toBe(2);
          expect(got.subarray(1, 33).every((b) => b === 0)).toBe(true);
        }
      });

      it(`${backend.label} ${name}: falls back when pointsToBytes rejects the identity or is missing`, () => {
        const A = curve.scalarBaseMult(curve.scalarFromInt(99));
        const I = curve.identity();
        const rejecting = Object.create(curve) as Curve;
        Object.defineProperty(rejecting, 'pointsToBytes', {
          value: (pts: readonly Point[], out: Uint8Array, off?: number) => {
            if (pts.some((p) => p.isIdentity())) throw new StrataError(ErrorCode.POINT_AT_INFINITY, 'test: identity');
            const o = off ?? 0;
            pts.forEach((p, i) => p.putBytes(out, o + i * curve.compressedPointSize));
            return out;
          },
        });
        const missing = Object.create(curve) as Curve;
        Object.defineProperty(missing, 'pointsToBytes', { value: undefined });
        for (const c of [rejecting, missing]) {
          for (const [L, R] of [[A, I], [I, A], [A, A]] as const) {
            const got = new Uint8Array(7 + 2 * curve.compressedPointSize).fill(0xee);
            encodePairGoInto(c, L, R, [], got, 7);
            expect(got).toEqual(goPair(curve, L, R));
          }
        }
        // Other errors are not swallowed.
        const broken = Object.create(curve) as Curve;
        Object.defineProperty(broken, 'pointsToBytes', {
          value: () => {
            throw new RangeError('test: broken');
          },
        });
        expect(() => encodePairGoInto(broken, A, A, [], new Uint8Array(80), 0)).toThrow(RangeError);
      });
    }
  }
});

describe('table size hints', () => {
  it('members ask for the ring size class; key images add their use count; the backend picks the shape', () => {
    expect(memberTableOptions('large')).toEqual({ size: 'large' });
    expect(memberTableOptions('small')).toEqual({ size: 'small' });
    expect(Object.isFrozen(memberTableOptions('large'))).toBe(true);
    expect(imageTableOptions('large', 2)).toEqual({ size: 'large', uses: 2 });
    expect(imageTableOptions('small', 12)).toEqual({ size: 'small', uses: 12 });
    // The shapes these map to, per backend (formerly hint tables keyed by curve name here):
    // secp256k1 members 7 × 8 (large) or 7 × 4 (small); key images 5 or 6 wide with the members' pieces.
    const shape = (c: typeof secp256k1 | typeof ed25519, o: object): number[] => {
      const t = c.precompute(c.basePoint(), o) as unknown as { table: { width: number; pieces: number } };
      return [t.table.width, t.table.pieces];
    };
    expect(shape(secp256k1, memberTableOptions('large'))).toEqual([7, 8]);
    expect(shape(secp256k1, memberTableOptions('small'))).toEqual([7, 4]);
    expect(shape(secp256k1, imageTableOptions('large', 23))).toEqual([5, 8]);
    expect(shape(secp256k1, imageTableOptions('large', 24))).toEqual([6, 8]);
    expect(shape(secp256k1, imageTableOptions('small', 11))).toEqual([5, 4]);
    expect(shape(secp256k1, imageTableOptions('small', 12))).toEqual([6, 4]);
    // ed25519: members 7 × 8 or 6 × 8; key images 5 × 8 or 6 × 8.
    expect(shape(ed25519, memberTableOptions('large'))).toEqual([7, 8]);
    expect(shape(ed25519, memberTableOptions('small'))).toEqual([6, 8]);
    expect(shape(ed25519, imageTableOptions('small', 11))).toEqual([5, 8]);
    expect(shape(ed25519, imageTableOptions('small', 12))).toEqual([6, 8]);
    // Tables the ring keeps count as KEPT_IMAGE_SIGNATURES signatures: ed25519 'large' is 8 wide from 64 members.
    expect(keptImageTableOptions('large', 64)).toEqual({ size: 'large', uses: 64 * KEPT_IMAGE_SIGNATURES });
    expect(shape(ed25519, keptImageTableOptions('large', 63))).toEqual([6, 8]);
    expect(shape(ed25519, keptImageTableOptions('large', 64))).toEqual([8, 8]);
    expect(shape(ed25519, keptImageTableOptions('small', 1024))).toEqual([6, 8]);
    expect(shape(secp256k1, keptImageTableOptions('large', 5))).toEqual([5, 8]);
    expect(shape(secp256k1, keptImageTableOptions('large', 6))).toEqual([6, 8]);
    expect(expectTableSize('x', undefined)).toBe('large');
    expect(expectTableSize('x', 'small')).toBe('small');
    expect(() => expectTableSize('x', 'LARGE')).toThrow(TypeError);
    expect(() => expectTableSize('x', 'compact')).toThrow(TypeError);
  });
});

describe('a table of the key image for one call over a ring without tables', () => {
  it('built from CALL_IMAGE_TABLE_MIN members on (the key-image shape, paired with a plain point), the point itself below', () => {
    expect(callImageTableOptions('large', 30)).toEqual({ size: 'large', uses: 30, pairedWithPoint: true });
    // One wide piece once the key image serves enough members (no shorter chain to gain from pieces); below, the few-uses shape.
    const shapeOf = (c: typeof secp256k1 | typeof ed25519, o: object): number[] => {
      const t = c.precompute(c.basePoint(), o) as unknown as { table: { width: number; pieces: number } };
      return [t.table.width, t.table.pieces];
    };
    for (const c of [secp256k1, ed25519]) {
      expect(shapeOf(c, callImageTableOptions('large', 23))).toEqual(shapeOf(c, imageTableOptions('large', 23)));
      expect(shapeOf(c, callImageTableOptions('large', 24))).toEqual([8, 1]);
      expect(shapeOf(c, callImageTableOptions('large', 1024))).toEqual([8, 1]);
      expect(shapeOf(c, callImageTableOptions('small', 12))).toEqual([8, 1]);
    }
    for (const curve of [secp256k1, ed25519]) {
      const I = curve.scalarBaseMult(curve.scalarFromInt(99));
      expect(callImageTable(curve, I, 'large', CALL_IMAGE_TABLE_MIN - 1)).toBe(I);
      const t = callImageTable(curve, I, 'small', CALL_IMAGE_TABLE_MIN);
      expect(isPointTable(t)).toBe(true);
      const shape = (o: object): number[] => {
        const u = t as unknown as { table: { width: number; pieces: number } };
        const v = curve.precompute(I, o) as unknown as { table: { width: number; pieces: number } };
        return [u.table.width, u.table.pieces, v.table.width, v.table.pieces];
      };
      const [w, p, w2, p2] = shape(callImageTableOptions('small', CALL_IMAGE_TABLE_MIN));
      expect([w, p]).toEqual([w2, p2]);
    }
  });

  for (const backend of BACKENDS) {
    for (const name of NAMES) {
      const curve = backend.curves[name];
      it(`${backend.label} ${name}: cold signing and verification on both sides of the threshold agree with a warm ring`, () => {
        const msg = new Uint8Array(32).fill(7);
        const x = curve.scalarFromInt(4242);
        // 24: the first size whose table of I is one wide piece ('large').
        for (const n of [CALL_IMAGE_TABLE_MIN - 1, CALL_IMAGE_TABLE_MIN, 24]) {
          const keys = [curve.scalarBaseMult(x).toBytes()];
          for (let i = 1; i < n; i++) keys.push(curve.scalarBaseMult(curve.scalarFromInt(1000 + i)).toBytes());
          // Cold: a fresh ring (no tables) signs; a fresh decoding verifies.
          const bytes = sign(msg, Ring.fromPublicKeys(curve, keys), x, 0).toBytes();
          expect(RingSignature.fromBytes(curve, bytes).verify(msg)).toBe(true);
          // Warm: a ring with every table verifies the same bytes.
          const warm = Ring.fromPublicKeys(curve, keys).precompute();
          expect(warm.hasTables).toBe(true);
          expect(sign(msg, warm, x, 0).verify(msg)).toBe(true);
          // A different message, a response or the key image changed: rejected cold.
          expect(RingSignature.fromBytes(curve, bytes).verify(new Uint8Array(32).fill(8))).toBe(false);
          const ss = curve.scalarSize;
          const s1 = bytes.slice();
          const at = 4 + ss + curve.compressedPointSize + (n - 1) * (ss + curve.compressedPointSize);
          curve.scalarFromInt(5).putBytes(s1, at);
          expect(RingSignature.fromBytes(curve, s1).verify(msg)).toBe(false);
          const foreign = bytes.slice();
          foreign.set(curve.scalarBaseMult(curve.scalarFromInt(77)).toBytes(), 4 + ss);
          expect(RingSignature.fromBytes(curve, foreign).verify(msg)).toBe(false);
        }
      });
    }
  }
});

describe('encodeGoInto on a 32-byte Edwards curve (issue 21)', () => {
  it('a value with Z = 0 (not a point) is ERR_POINT_AT_INFINITY, not written as 02 ‖ 0^31; the secp256k1 identity still is 02 ‖ 0^32', () => {
    const P = bandersnatch.identity() as EdwardsGroupPoint;
    const F = P.p.curve.F;
    F.setZero(P.p.X); F.setZero(P.p.Y); F.setZero(P.p.Z); F.setZero(P.p.T);
    let code: string | undefined;
    try {
      encodeGoInto(bandersnatch, P, new Uint8Array(32), 0);
    } catch (e) {
      expect(e).toBeInstanceOf(StrataError);
      code = (e as StrataError).code;
    }
    expect(code).toBe(ErrorCode.POINT_AT_INFINITY);
    const out = encodeGoInto(secp256k1, secp256k1.identity(), new Uint8Array(33), 0);
    expect(out).toEqual(Uint8Array.from([2, ...new Uint8Array(32)]));
  });
});

describe('RandomPool (the default random source of one signature)', () => {
  it('serves disjoint fresh views, refills when used up, wipes what it served and everything', () => {
    const pool = new RandomPool(64); //                    64 bytes: two 32-byte takes, then a refill
    const a = pool.take(32);
    const b = pool.take(32);
    expect(a.length).toBe(32);
    expect(b.length).toBe(32);
    expect(a.buffer).toBe(b.buffer);
    expect(b.byteOffset).toBe(a.byteOffset + 32);
    const a0 = Uint8Array.from(a);
    expect(a0.some((x) => x !== 0) || b.some((x) => x !== 0)).toBe(true);
    pool.wipeServed();
    expect(a.every((x) => x === 0) && b.every((x) => x === 0)).toBe(true);
    const c = pool.take(32); //                             refilled: fresh bytes at the start
    expect(c.byteOffset).toBe(a.byteOffset);
    expect(c.some((x) => x !== 0)).toBe(true);
    const d = pool.take(16);
    pool.wipe();
    expect(c.every((x) => x === 0) && d.every((x) => x === 0)).toBe(true);
    const big = pool.take(100); //                          larger than the pool: its own array
    expect(big.length).toBe(100);
    expect(big.buffer).not.toBe(c.buffer);
  });

  it('sizes: at least one 64-byte scalar, at most 64 KiB', () => {
    const small = new RandomPool(1);
    expect(small.take(64).length).toBe(64);
    const huge = new RandomPool(1 << 20);
    const v = huge.take(32);
    expect(v.buffer.byteLength).toBe(65536);
  });
});
