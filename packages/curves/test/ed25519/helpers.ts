/** Shared helpers for the ed25519 curve tests (oracle: @noble/curves). */
import fc from 'fast-check';
import { ed25519 as noble } from '@noble/curves/ed25519.js';
import { edgeBigInt, bigToBytesLE, toHex } from '@strata/testkit';
import * as ed25519 from '../../src/ed25519/index.js';

export const NP = noble.Point;
export type NoblePoint = InstanceType<typeof noble.Point>;
export const L = ed25519.edwards25519.order;
export const P = ed25519.edwards25519.p;

/** 32-byte little-endian encoding of a BigInt < 2^256. */
export const le32 = (v: bigint): Uint8Array => bigToBytesLE(v, 32);

/** Scalars in [0, 2^256) weighted to 0, 1, ℓ−1, ℓ, ℓ+1, 2^256−1, … */
export const scalar256 = edgeBigInt(L, { bits: 256 });
/** Scalars reduced mod ℓ. */
export const scalarModL = scalar256.map((x) => x % L);

/** A noble point from a Strata point (through the encoding). */
export function toNoble(p: ed25519.Point): NoblePoint {
  return NP.fromBytes(p.toBytes());
}

/** A Strata point from a noble point. */
export function fromNoble(p: NoblePoint): ed25519.Point {
  return ed25519.Point.fromBytes(p.toBytes());
}

/** Naive double-and-add with noble's add/double on the FULL integer k (no reduction): an independent oracle. */
export function naiveMul(p: NoblePoint, k: bigint): NoblePoint {
  let acc = NP.ZERO;
  for (let i = 255; i >= 0; i--) {
    acc = acc.double();
    if ((k >> BigInt(i)) & 1n) acc = acc.add(p);
  }
  return acc;
}

/** k·B via noble for any integer k ≥ 0 (B has order ℓ). */
export function nobleBaseMul(k: bigint): NoblePoint {
  const r = k % L;
  return r === 0n ? NP.ZERO : NP.BASE.multiply(r);
}

/** The 8-torsion points (from the ZIP-215 vector file's canonical encodings, decoded by noble). */
export const TORSION_HEX = [
  '0100000000000000000000000000000000000000000000000000000000000000',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a',
  '0000000000000000000000000000000000000000000000000000000000000080',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05',
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85',
  '0000000000000000000000000000000000000000000000000000000000000000',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa',
];

/**
 * Arbitrary points: k·B for edge-weighted k, optionally plus an 8-torsion
 * point (so that points outside the prime-order subgroup are covered).
 * Yields { p (Strata), n (noble) }.
 */
export const pointArb = fc
  .tuple(scalarModL, fc.integer({ min: 0, max: 7 }), fc.boolean())
  .map(([k, t, withTorsion]) => {
    let n = nobleBaseMul(k);
    if (withTorsion) n = n.add(NP.fromHex(TORSION_HEX[t]!));
    return { p: fromNoble(n), n };
  });

/** Prime-order points only. */
export const primePointArb = scalarModL.map((k) => {
  const n = nobleBaseMul(k);
  return { p: fromNoble(n), n };
});

export const hexOf = (p: ed25519.Point): string => toHex(p.toBytes());
export const nHex = (p: NoblePoint): string => toHex(p.toBytes());
