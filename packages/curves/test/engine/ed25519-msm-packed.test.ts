/**
 * `msmPackedNonConst` (the form a parallel MSM's edwards25519 chunk travels
 * in: the points' X, Y, Z, T limbs, 60 float64 a point, then 32-byte
 * scalars) against `msmNonConst` over the same points, on both engines: the
 * WebAssembly engine copies the packed points into its staging memory as
 * they are, the TypeScript one unpacks them into Points. Straus, Pippenger
 * on extended buckets and the batch-affine kernel (from
 * WASM_BATCH_AFFINE_THRESHOLD pairs), with the identity, the 8-torsion,
 * decoded points (Z = 1) and points with Z ≠ 1 in one input; forced options;
 * short arrays refused; a changed limb changes the sum.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode, StrataError } from '@strata/field';
import * as ed25519 from '../../src/ed25519/index.js';
import { PACKED_POINT, msmPackedNonConst } from '../../src/ed25519/msm.js';
import { WASM_BATCH_AFFINE_THRESHOLD } from '../../src/ed25519/wasm.js';
import { both, loadWasmSelectTs, Point, rng, under, zip215Torsion } from './ed25519-helpers.js';

const torsion = zip215Torsion();

loadWasmSelectTs();

/** n points: a walk P_{i+1} = P_i + Q (Z ≠ 1), every 7th decoded from its encoding (Z = 1), the identity and the 8-torsion sprinkled in. */
function points(n: number, seed: number): ed25519.Point[] {
  const r = rng(seed);
  const k = new Uint8Array(32);
  for (let i = 0; i < 31; i++) k[i] = Math.floor(r() * 256);
  const Q = ed25519.scalarMultNonConst(k, Point.generator());
  const out: ed25519.Point[] = [];
  let P = Q;
  for (let i = 0; i < n; i++) {
    P = new Point().add(P, Q);
    if (i % 97 === 3) out.push(new Point());
    else if (i % 53 === 5) out.push(torsion[i % 8]!);
    else if (i % 7 === 0) out.push(Point.fromBytes(P.toBytes()));
    else out.push(P);
  }
  return out;
}

/** n scalars of up to `bytes` random bytes (every 11th zero). */
function scalars(n: number, seed: number, bytes: number): Uint8Array[] {
  const r = rng(seed);
  return Array.from({ length: n }, (_, i) => {
    const b = new Uint8Array(32);
    if (i % 11 !== 4) for (let j = 0; j < bytes; j++) b[j] = Math.floor(r() * 256);
    return b;
  });
}

/** The points' limbs packed as msmPackedNonConst takes them, and the scalars' bytes in one array. */
function pack(ps: readonly ed25519.Point[], ks: readonly Uint8Array[]): { coords: Float64Array; bytes: Uint8Array } {
  const coords = new Float64Array(PACKED_POINT * ps.length);
  ps.forEach((p, i) => [p.X, p.Y, p.Z, p.T].forEach((c, j) => coords.set(c.l, PACKED_POINT * i + 15 * j)));
  const bytes = new Uint8Array(32 * ks.length);
  ks.forEach((k, i) => bytes.set(k, 32 * i));
  return { coords, bytes };
}

describe('msmPackedNonConst', () => {
  it('equals msmNonConst on both engines: Straus, Pippenger, the batch-affine kernel; identity, torsion, Z = 1 and Z ≠ 1 mixed', () => {
    expect(PACKED_POINT).toBe(4 * new Point().X.l.length);
    for (const [n, bytes] of [[9, 32], [150, 32], [WASM_BATCH_AFFINE_THRESHOLD + 20, 3]] as const) {
      const ps = points(n, n);
      const ks = scalars(n, n + 1, bytes);
      const { coords, bytes: kb } = pack(ps, ks);
      const want = under('ts', () => ed25519.msmNonConst(ps, ks));
      expect(want.isIdentity()).toBe(false);
      const [ts, wasm] = both(() => msmPackedNonConst(coords, kb, n, new Point(), undefined));
      expect(ts).toBe(wasm);
      expect(under('wasm', () => msmPackedNonConst(coords, kb, n, new Point(), undefined).equals(want))).toBe(true);
      // The first n pairs only: a longer packed array is not read past n.
      expect(under('wasm', () => msmPackedNonConst(coords, kb, n - 1, new Point(), undefined).equals(ed25519.msmNonConst(ps.slice(0, -1), ks.slice(0, -1))))).toBe(true);
    }
  });

  it('takes the MsmOptions of msmNonConst, refuses short arrays, and a changed limb changes the sum', () => {
    const n = 80;
    const ps = points(n, 3);
    const ks = scalars(n, 4, 32);
    const { coords, bytes } = pack(ps, ks);
    const want = ed25519.msmNonConst(ps, ks);
    for (const name of ['ts', 'wasm'] as const) {
      under(name, () => {
        for (const o of [{ algorithm: 'straus' as const }, { algorithm: 'pippenger' as const, window: 3 }, { window: 10 }]) {
          expect(msmPackedNonConst(coords, bytes, n, new Point(), o).equals(want)).toBe(true);
        }
        expect(() => msmPackedNonConst(coords, bytes, n, new Point(), { window: 17 })).toThrow(RangeError);
        for (const [c, k] of [[coords.subarray(0, PACKED_POINT * n - 1), bytes], [coords, bytes.subarray(0, 32 * n - 1)]] as const) {
          let err: unknown;
          try {
            msmPackedNonConst(c, k, n, new Point(), undefined);
          } catch (e) {
            err = e;
          }
          expect(err instanceof StrataError && err.code === ErrorCode.BAD_LENGTH).toBe(true);
        }
        expect(msmPackedNonConst(coords, new Uint8Array(32 * n), n, new Point(), undefined).isIdentity()).toBe(true);
        // Point 1 (a walk point, Z ≠ 1) replaced by point 2: the sum changes.
        const other = coords.slice();
        other.copyWithin(PACKED_POINT, 2 * PACKED_POINT, 3 * PACKED_POINT);
        expect(msmPackedNonConst(other, bytes, n, new Point(), undefined).equals(want)).toBe(false);
      });
    }
  });
});
