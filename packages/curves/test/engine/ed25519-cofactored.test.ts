/**
 * cofactoredEquationNonConst: [8]([k]A' + [S]B − R) = O. The TypeScript
 * engine runs the full-length chain; the WebAssembly engine multiplies the
 * equation by a half-size c1 (wasm/ed25519/halfsize.ts). Inputs are built
 * so that the answer is known (A' = −(aB + T_a), R = rB + T_r with 8-torsion
 * T_a, T_r, S = r + k·a, or S off by one), and both engines must give it:
 * mixed-order and small-order A and R, c1 of either sign, the k that need
 * no reduction step, and k near ℓ.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fuzzAssert, hex, readVectorJson } from '@strata/testkit';
import { Scalar25519 } from '@strata/field';
import * as ed25519 from '../../src/ed25519/index.js';
import { L, le32, loadWasmSelectTs, Point, torsionPoints, under } from './ed25519-helpers.js';

const zip = readVectorJson('zip215', 'ed25519-zebra-small-order.json') as {
  point_encodings: Array<{ encoding: string }>;
};
const torsion = torsionPoints(zip.point_encodings.map((e) => hex(e.encoding)));

loadWasmSelectTs();

const mod = (v: bigint): bigint => ((v % L) + L) % L;
const sc = (v: bigint): Scalar25519 => Scalar25519.fromBytes(le32(mod(v)));

/**
 * The sign of c1 that the stopped Euclid of halfsize.ts finds for k (a
 * reference in bigint: r_0 = ℓ, r_1 = k, stop at the first r_i < 2^126,
 * c1 = t_i).
 */
function c1Sign(k: bigint): number {
  let [r0, r1, t0, t1] = [L, k, 0n, 1n];
  while (r1 >= 1n << 126n) {
    const q = r0 / r1;
    [r0, r1, t0, t1] = [r1, r0 - q * r1, t1, t0 - q * t1];
  }
  expect(mod(r1 - t1 * k)).toBe(0n);
  expect(r1 < 1n << 126n && t1 !== 0n && (t1 < 0n ? -t1 : t1) < 1n << 127n).toBe(true);
  return t1 < 0n ? -1 : 1;
}

/** [answer under 'ts', answer under 'wasm'] for the case (a, r, k, torsion indices, S off by `off`). */
function answers(a: bigint, r: bigint, k: bigint, ta: number, tr: number, off: bigint): [boolean, boolean] {
  const A = ed25519.scalarBaseMult(sc(a));
  A.add(A, torsion[ta % torsion.length]!).negate(A);
  const R = ed25519.scalarBaseMult(sc(r));
  R.add(R, torsion[tr % torsion.length]!);
  const K = sc(k);
  const S = sc(r + k * a + off);
  return [
    under('ts', () => ed25519.cofactoredEquationNonConst(K, A, S, R)),
    under('wasm', () => ed25519.cofactoredEquationNonConst(K, A, S, R)),
  ];
}

const scalar = fc.bigInt({ min: 0n, max: L - 1n });

describe('cofactoredEquationNonConst', () => {
  it('holds exactly when S = r + k·a, whatever torsion A and R carry (both engines)', () => {
    fuzzAssert(
      fc.property(scalar, scalar, scalar, fc.nat(7), fc.nat(7), fc.boolean(), (a, r, k, ta, tr, wrong) => {
        expect(answers(a, r, k, ta, tr, wrong ? 1n : 0n)).toEqual([!wrong, !wrong]);
      }),
      24,
    );
  });

  it('c1 of both signs, and k that need no reduction step or are near ℓ', () => {
    const ks = [0n, 1n, 2n, (1n << 126n) - 1n, 1n << 126n, (1n << 127n) + 3n, L - 1n, L - 2n, L >> 1n, 0x1234567890abcdef1234567890abcdef1234567890abcdefn];
    for (let i = 0; i < 8; i++) ks.push(mod(0x9e3779b97f4a7c15n ** BigInt(i + 3)));
    const signs = new Set(ks.map(c1Sign));
    expect(signs).toEqual(new Set([-1, 1]));
    ks.forEach((k, i) => {
      expect(answers(0x5eedn + BigInt(i), 0xfacen * BigInt(i + 1), k, i, i + 3, 0n)).toEqual([true, true]);
      expect(answers(0x5eedn + BigInt(i), 0xfacen * BigInt(i + 1), k, i, i + 3, L - 1n)).toEqual([false, false]);
    });
  });

  it('small-order A and R (a = r = 0): true for every k and S = 0, false for S ≠ 0', () => {
    for (let i = 0; i < torsion.length; i++) {
      expect(answers(0n, 0n, BigInt(i) * 0x1f00dn + 7n, i, 7 - i, 0n)).toEqual([true, true]);
      expect(answers(0n, 0n, BigInt(i) * 0x1f00dn + 7n, i, 7 - i, 5n)).toEqual([false, false]);
    }
  });

  it('takes reduced scalars only: a Uint8Array or a non-point is a TypeError on both engines', () => {
    const G = Point.generator();
    const k = Scalar25519.fromBytes(le32(5n));
    for (const name of ['ts', 'wasm'] as const) {
      under(name, () => {
        expect(() => ed25519.cofactoredEquationNonConst(le32(5n) as unknown as Scalar25519, G, k, G)).toThrow(TypeError);
        expect(() => ed25519.cofactoredEquationNonConst(k, G, le32(5n) as unknown as Scalar25519, G)).toThrow(TypeError);
        expect(() => ed25519.cofactoredEquationNonConst(k, {} as ed25519.Point, k, G)).toThrow(TypeError);
        expect(() => ed25519.cofactoredEquationNonConst(k, G, k, null as unknown as ed25519.Point)).toThrow(TypeError);
      });
    }
  });
});
