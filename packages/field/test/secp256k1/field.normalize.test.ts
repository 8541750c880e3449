/**
 * Normalize on the exact edge range: values in [p, 2^256), the narrow band just
 * above p where a single conditional subtraction is easy to get wrong, values
 * whose top limbs are at their maximum with low limbs just over p's, values
 * that carry into bit 256 during the first pass, and the same values written
 * with unnormalized (spread) limbs at magnitudes up to 32.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bigToBytesBE } from '@strata/testkit';
import { FieldVal } from '../../src/secp256k1/index.js';
import { M22, M26, P, fromLimbs, hasMagnitude, isNormalized, limbValue } from './helpers.js';

const P0 = 0x3fffc2f;
const P1 = 0x3ffffbf;

/** Canonical limbs of x < 2^256 + 2^256·k (top limb takes the rest). */
function digits(x: bigint): number[] {
  const l: number[] = [];
  let t = x;
  for (let i = 0; i < 9; i++) {
    l.push(Number(t & BigInt(M26)));
    t >>= 26n;
  }
  l.push(Number(t));
  return l;
}

function checkNormalize(limbs: number[], label: string): void {
  const f = fromLimbs(limbs);
  const x = limbValue(f);
  f.normalize();
  expect(isNormalized(f), label).toBe(true);
  expect(limbValue(f), label).toBe(x % P);
  // idempotent
  const again = fromLimbs(Array.from(f.n)).normalize();
  expect(Array.from(again.n), label).toEqual(Array.from(f.n));
}

describe('FieldVal.normalize edge range', () => {
  it('every value in [p − 3, p + 3] and [2^256 − 3, 2^256), and p + 2^32 + 976 = 2^256 − 1', () => {
    const vals: bigint[] = [];
    for (let d = -3n; d <= 3n; d++) vals.push(P + d);
    for (let d = 1n; d <= 3n; d++) vals.push((1n << 256n) - d);
    for (const x of vals) {
      checkNormalize(digits(x), x.toString(16));
      const f = new FieldVal();
      expect(f.setBytesUnreduced(bigToBytesBE(x, 32))).toBe(x >= P);
      f.normalize();
      expect(limbValue(f)).toBe(x % P);
      const g = new FieldVal();
      expect(g.setBytesReduced(bigToBytesBE(x, 32))).toBe(x >= P);
      expect(limbValue(g)).toBe(x % P);
    }
  });

  it('the whole band [p, 2^256) sampled densely at both ends and uniformly inside', () => {
    const span = (1n << 256n) - P; // 2^32 + 977
    const ds: bigint[] = [];
    for (let d = 0n; d < 2048n; d++) ds.push(d, span - 1n - d);
    for (let i = 0n; i < 2048n; i++) ds.push((span * i) / 2048n);
    for (const d of ds) checkNormalize(digits(P + d), `p+${d}`);
  });

  it('top limbs at maximum, low limbs around p’s (all combinations)', () => {
    const lo0 = [P0 - 1, P0, P0 + 1, P0 + 977, M26 - 1, M26];
    const lo1 = [P1 - 1, P1, P1 + 1, M26 - 1, M26];
    for (const a of lo0) for (const b of lo1) {
      const top = [M26, M26, M26, M26, M26, M26, M26];
      checkNormalize([a, b, ...top, M22], `${a},${b}`);
      // one top limb lowered by one: just below p's high part
      for (let i = 0; i < 8; i++) {
        const l = [a, b, ...top, M22];
        l[2 + i] = l[2 + i]! - 1;
        checkNormalize(l, `${a},${b},dip${i}`);
      }
    }
  });

  it('first-pass carries that reach bit 256 (dcrd regression shapes)', () => {
    for (const l8 of [M26, M26 + 1, 2 * M26, 2 * M26 + 1, 134217727]) {
      for (const l0 of [P0 - 1, P0, P0 + 1, M26]) {
        for (const l1 of [P1 - 1, P1, P1 + 1, M26]) {
          checkNormalize([l0, l1, M26, M26, M26, M26, M26, M26, l8, M22], `${l0},${l1},${l8}`);
          checkNormalize([l0, l1, M26, M26, M26, M26, M26, M26, l8, M22 - 1], `${l0},${l1},${l8},t-1`);
        }
      }
    }
  });

  it('values j·2^256 + (p + d) written with spread limbs, magnitudes up to 32', () => {
    const edge = fc.oneof(
      fc.bigInt({ min: -3n, max: 3n }).map((d) => P + d),
      fc.bigInt({ min: 0n, max: 4096n }).map((d) => (1n << 256n) - 1n - d),
      fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }),
    );
    fc.assert(
      fc.property(edge, fc.integer({ min: 0, max: 31 }), fc.array(fc.tuple(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 15 })), { maxLength: 12 }), (x0, j, moves) => {
        // base: canonical digits of x0 plus j·2^256 in the top limb
        const l = digits(x0);
        l[9] = l[9]! + j * (M22 + 1);
        if (l[9]! > 32 * M22) return; // outside the documented magnitude
        // spread: move t units from limb i+1 down into limb i as t·2^26 where it fits
        for (const [i, t] of moves) {
          if (l[i + 1]! >= t && l[i]! + t * (M26 + 1) <= 32 * M26) {
            l[i + 1] = l[i + 1]! - t;
            l[i] = l[i]! + t * (M26 + 1);
          }
        }
        const f = fromLimbs(l);
        expect(hasMagnitude(f, 32)).toBe(true);
        const x = limbValue(f);
        expect(x).toBe(x0 + BigInt(j) * (1n << 256n));
        checkNormalize(l, x.toString(16));
      }),
      { numRuns: 2000 },
    );
  });

  it('all limbs at magnitude 32 and at 2^32 − 1', () => {
    checkNormalize([...Array(9).fill(32 * M26), 32 * M22], 'mag32');
    checkNormalize(Array(10).fill(0xffffffff), 'uint32 max');
    checkNormalize(Array(10).fill(0), 'zero');
  });
});
