/**
 * Differential tests of the WebAssembly field kernels (wasm/): every mul and
 * square against the TypeScript engine (Fe25519, FieldVal) and BigInt, on
 * random and edge inputs, and the in-module loops against n repeated
 * TypeScript operations.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { edgeBigInt, fuzzAssert } from '@strata/testkit';
import { Fe25519, FieldVal } from '../../src/index.js';
import { P25519, PK256, feAt, feLimbs, feValue, fpAt, fpInt, fpLimbs, instantiate } from './module.js';

const w = instantiate();
const slot = (i: number) => (w.SLOT_BASE.value as number) + i * (w.SLOT_SIZE.value as number);
const [A, B, D, S] = [slot(0), slot(1), slot(2), slot(3)];

const M26 = 2 ** 26 - 1;
const M22 = 2 ** 22 - 1;

// ---------------------------------------------------------------- GF(2^255 − 19)

/** TypeScript engine: a·b and a² (canonical values). */
function tsFe(a: bigint, b: bigint): [bigint, bigint] {
  const x = new Fe25519().setBigInt(a);
  const y = new Fe25519().setBigInt(b);
  return [new Fe25519().mul(x, y).toBigInt(), new Fe25519().square(x).toBigInt()];
}

/** WASM: a·b and a² from raw limbs; checks the output bound (every output is a valid input). */
function wasmFe(a: number[], b: number[]): [bigint, bigint] {
  feAt(w, A).set(a);
  feAt(w, B).set(b);
  w.fe25519Mul(D, A, B);
  w.fe25519Square(S, A);
  for (const off of [D, S]) for (const l of feAt(w, off)) expect(Math.abs(l)).toBeLessThan(2 ** 26);
  return [feValue(feAt(w, D)), feValue(feAt(w, S))];
}

function checkFe(a: number[], b: number[]): void {
  const va = feValue(a);
  const vb = feValue(b);
  const [mul, sq] = wasmFe(a, b);
  expect(mul).toBe((va * vb) % P25519);
  expect(sq).toBe((va * va) % P25519);
  expect([mul, sq]).toEqual(tsFe(va, vb));
}

/** Signed limbs up to the kernels' input bound |limb| < 2^27, edge-weighted. */
const feLoose = fc.array(
  fc.oneof(fc.integer({ min: -(2 ** 27) + 1, max: 2 ** 27 - 1 }), fc.constantFrom(0, 1, -1, 2 ** 27 - 1, -(2 ** 27) + 1, 2 ** 26 - 1, 2 ** 25)),
  { minLength: 10, maxLength: 10 },
);
const feBig = edgeBigInt(P25519, { bits: 255 });

describe('wasm GF(2^255 − 19) mul and square', () => {
  it('match the TypeScript Fe25519 and BigInt on canonical limbs of random and edge values', () => {
    fuzzAssert(fc.property(feBig, feBig, (a, b) => checkFe(feLimbs(a), feLimbs(b))), 500);
  });

  it('match on edge values: 0, 1, p − 1, p − 2, 2^255 − 1 (≥ p), p, p + 1', () => {
    const edges = [0n, 1n, 2n, P25519 - 1n, P25519 - 2n, P25519, P25519 + 1n, (1n << 255n) - 1n, 1n << 254n];
    for (const a of edges) for (const b of edges) checkFe(feLimbs(a), feLimbs(b));
  });

  it('match on loose limbs (signed, up to |limb| < 2^27), including all-ones at the bound', () => {
    fuzzAssert(fc.property(feLoose, feLoose, (a, b) => checkFe(a, b)), 500);
    const top = Array<number>(10).fill(2 ** 27 - 1);
    const bottom = Array<number>(10).fill(-(2 ** 27) + 1);
    const mixed = top.map((l, i) => (i % 2 === 0 ? l : -l));
    for (const a of [top, bottom, mixed]) for (const b of [top, bottom, mixed]) checkFe(a, b);
  });

  it('the loops equal n repeated TypeScript operations', () => {
    fuzzAssert(
      fc.property(feBig, feBig, fc.integer({ min: 0, max: 300 }), (a, b, n) => {
        const x = new Fe25519().setBigInt(a);
        const y = new Fe25519().setBigInt(b);
        const xs = new Fe25519().setBigInt(a);
        for (let i = 0; i < n; i++) {
          x.mul(x, y);
          xs.square(xs);
        }
        feAt(w, w.FE_LOOP_X.value as number).set(feLimbs(a));
        feAt(w, w.FE_LOOP_Y.value as number).set(feLimbs(b));
        w.fe25519MulLoop(n);
        expect(feValue(feAt(w, w.FE_LOOP_X.value as number))).toBe(x.toBigInt());
        feAt(w, w.FE_LOOP_X.value as number).set(feLimbs(a));
        w.fe25519SquareLoop(n);
        expect(feValue(feAt(w, w.FE_LOOP_X.value as number))).toBe(xs.toBigInt());
      }),
      40,
    );
  });
});

// ---------------------------------------------------------------- secp256k1 field

/** A FieldVal with the given raw limbs. */
function fieldVal(limbs: number[]): FieldVal {
  const f = new FieldVal();
  f.n.set(limbs);
  return f;
}

function checkFp(a: number[], b: number[]): void {
  const va = fpInt(a);
  const vb = fpInt(b);
  fpAt(w, A).set(a);
  fpAt(w, B).set(b);
  w.secp256k1Mul(D, A, B);
  w.secp256k1Square(S, A);
  const tsMul = new FieldVal().mul(fieldVal(a), fieldVal(b));
  const tsSq = new FieldVal().square(fieldVal(a));
  for (const [off, ts, want] of [
    [D, tsMul, (va * vb) % PK256],
    [S, tsSq, (va * va) % PK256],
  ] as const) {
    const limbs = Array.from(fpAt(w, off));
    // magnitude 1 and value < 2^256, the FieldVal.mul contract
    for (let i = 0; i < 9; i++) expect(limbs[i]).toBeLessThanOrEqual(M26);
    expect(limbs[9]).toBeLessThanOrEqual(M22);
    expect(fpInt(limbs) % PK256).toBe(want);
    expect(fpInt(ts.n) % PK256).toBe(want);
    // the normalized result is the TypeScript engine's, byte for byte
    expect(fieldVal(limbs).normalize().toBytes()).toEqual(ts.normalize().toBytes());
  }
}

/** Limbs of magnitude m: n[i] ≤ m·(2^26 − 1), n[9] ≤ m·(2^22 − 1). */
const fpMagnitude = (m: number) =>
  fc.tuple(
    fc.array(fc.oneof(fc.integer({ min: 0, max: m * M26 }), fc.constantFrom(0, m * M26, M26)), { minLength: 9, maxLength: 9 }),
    fc.oneof(fc.integer({ min: 0, max: m * M22 }), fc.constantFrom(0, m * M22, M22)),
  ).map(([lo, hi]) => [...lo, hi]);
const fpBig = edgeBigInt(PK256, { bits: 256 });

describe('wasm secp256k1 field mul and square', () => {
  it('match the TypeScript FieldVal and BigInt on random and edge values (< 2^256, also ≥ p)', () => {
    fuzzAssert(fc.property(fpBig, fpBig, (a, b) => checkFp(fpLimbs(a), fpLimbs(b))), 500);
  });

  it('match on edge values: 0, 1, p − 1, p − 2, p, p + 1, 2^255 − 19 − 1, 2^256 − 1', () => {
    const edges = [0n, 1n, 2n, PK256 - 1n, PK256 - 2n, PK256, PK256 + 1n, P25519 - 1n, (1n << 256n) - 1n];
    for (const a of edges) for (const b of edges) checkFp(fpLimbs(a), fpLimbs(b));
  });

  it('match at every magnitude up to 8, including all-ones limbs at magnitude 8', () => {
    fuzzAssert(fc.property(fc.integer({ min: 1, max: 8 }).chain((m) => fc.tuple(fpMagnitude(m), fpMagnitude(m))), ([a, b]) => checkFp(a, b)), 500);
    const max = [...Array<number>(9).fill(8 * M26), 8 * M22];
    const ones = [...Array<number>(9).fill(M26), M22];
    for (const a of [max, ones]) for (const b of [max, ones]) checkFp(a, b);
  });

  it('reduce a value that reaches 2^256 after the first fold (the last fold of the reduction)', () => {
    // a = 2^257 − 1 (limb 9 = 2^23 − 1, magnitude 2), b = 1: the low part is 2^256 − 1 and the
    // fold of bit 256 carries past 2^256 again, the path of step 5 in wasm/secp256k1.ts.
    const a = [...Array<number>(9).fill(M26), 2 ** 23 - 1];
    const one = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    checkFp(a, one);
    checkFp(one, a);
    checkFp([...Array<number>(9).fill(M26), 8 * M22], one);
  });

  it('the loops equal n repeated TypeScript operations', () => {
    fuzzAssert(
      fc.property(fpBig, fpBig, fc.integer({ min: 0, max: 300 }), (a, b, n) => {
        const x = fieldVal(fpLimbs(a));
        const y = fieldVal(fpLimbs(b));
        const xs = fieldVal(fpLimbs(a));
        for (let i = 0; i < n; i++) {
          x.mul(x, y);
          xs.square(xs);
        }
        const X = w.FP_LOOP_X.value as number;
        fpAt(w, X).set(fpLimbs(a));
        fpAt(w, w.FP_LOOP_Y.value as number).set(fpLimbs(b));
        w.secp256k1MulLoop(n);
        expect(fieldVal(Array.from(fpAt(w, X))).normalize().toBytes()).toEqual(x.normalize().toBytes());
        fpAt(w, X).set(fpLimbs(a));
        w.secp256k1SquareLoop(n);
        expect(fieldVal(Array.from(fpAt(w, X))).normalize().toBytes()).toEqual(xs.normalize().toBytes());
      }),
      40,
    );
  });
});
