/**
 * Shared helpers for the secp256k1 field tests: limb <-> bigint conversion,
 * magnitude checks, and edge-weighted fast-check generators for FieldVal limbs
 * of a given magnitude (unreduced and maximal limbs included).
 */
import fc from 'fast-check';
import { bigToBytesBE, edgeBigInt, hex } from '@strata/testkit';
import { FieldVal, ModNScalar } from '../../src/secp256k1/index.js';
import { SECP256K1_N, SECP256K1_P } from '../../src/reference/secp256k1.js';

export const P = SECP256K1_P;
export const N = SECP256K1_N;
export const M26 = 0x3ffffff;
export const M22 = 0x3fffff;

/** The integer a FieldVal's limbs stand for (not reduced). */
export function limbValue(f: FieldVal): bigint {
  let v = 0n;
  for (let i = 9; i >= 0; i--) v = (v << 26n) + BigInt(f.n[i]!);
  return v;
}

/** The value of a ModNScalar from its 16-bit limbs. */
export function scalarValue(s: ModNScalar): bigint {
  let v = 0n;
  for (let i = 15; i >= 0; i--) v = (v << 16n) + BigInt(s.n[i]!);
  return v;
}

/** Whether every limb is within the magnitude-m bound. */
export function hasMagnitude(f: FieldVal, m: number): boolean {
  for (let i = 0; i < 9; i++) if (f.n[i]! > m * M26) return false;
  return f.n[9]! <= m * M22;
}

/** Whether f is normalized: canonical limbs of a value < p. */
export function isNormalized(f: FieldVal): boolean {
  return hasMagnitude(f, 1) && limbValue(f) < P;
}

/** A FieldVal with the given raw limbs. */
export function fromLimbs(limbs: ArrayLike<number>): FieldVal {
  const f = new FieldVal();
  for (let i = 0; i < 10; i++) f.n[i] = limbs[i]!;
  return f;
}

/** A normalized FieldVal for a value (reduced mod p first). */
export function fe(x: bigint): FieldVal {
  const f = new FieldVal();
  f.setBytesReduced(bigToBytesBE(((x % P) + P) % P, 32));
  return f;
}

/** A ModNScalar for a value (reduced mod n first). */
export function sc(x: bigint): ModNScalar {
  const s = new ModNScalar();
  s.setBytesReduced(bigToBytesBE(((x % N) + N) % N, 32));
  return s;
}

/** dcrd-style hex input: odd length left-padded with 0, empty = 0. */
export function hexIn(s: string): Uint8Array {
  const t = s.length % 2 === 1 ? '0' + s : s;
  return hex(t);
}

/** Left-pads (or, for longer input, keeps the first 32 bytes like dcrd's SetByteSlice). */
export function to32(b: Uint8Array): Uint8Array {
  if (b.length >= 32) return b.slice(0, 32);
  const out = new Uint8Array(32);
  out.set(b, 32 - b.length);
  return out;
}

/** Limb arrays of magnitude ≤ m, weighted toward the edges (0, max, max − small). */
export function limbsArb(m: number): fc.Arbitrary<number[]> {
  const limb = (max: number) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 0, max }) },
      { weight: 2, arbitrary: fc.constant(max) },
      { weight: 1, arbitrary: fc.integer({ min: Math.max(0, max - 2000), max }) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: Math.min(2000, max) }) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: Math.min(M26, max) }) },
    );
  const all: fc.Arbitrary<number[]> = fc.tuple(...Array.from({ length: 9 }, () => limb(m * M26)), limb(m * M22)).map((t) => [...t]);
  return fc.oneof(
    { weight: 6, arbitrary: all },
    // every limb at its maximum for this magnitude
    { weight: 1, arbitrary: fc.constant<number[]>([...Array<number>(9).fill(m * M26), m * M22]) },
  );
}

/** A FieldVal of magnitude exactly bounded by m (limbs drawn by limbsArb). */
export function fieldArb(m: number): fc.Arbitrary<FieldVal> {
  return limbsArb(m).map((l) => fromLimbs(l));
}

/** A normalized FieldVal drawn from edge-weighted values mod p. */
export function normArb(): fc.Arbitrary<FieldVal> {
  return edgeBigInt(P).map((x) => fe(x));
}

/** Arbitrary 256-bit integers weighted toward the edges of p. */
export const bigP = edgeBigInt(P);
/** Arbitrary 256-bit integers weighted toward the edges of n. */
export const bigN = edgeBigInt(N);

/** fast-check run counts: moderate (shared machine), heavier for cheap ops. */
export const RUNS = { cheap: 400, mid: 200, slow: 40 };
