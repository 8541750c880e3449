/**
 * Adversarial bounds of the secp256k1 WebAssembly field kernels (wasm/
 * secp256k1.ts): every kernel the engine's point formulas use is driven at
 * the limits of its precondition — limbs at m·(2^26 − 1) (m·(2^22 − 1) for
 * limb 9), values ≡ 0 mod p with maximal limbs (k·p limb by limb), v + k·p
 * for an arbitrary v — and its result is checked against BigInt, together
 * with the output bound its doc comment promises. A u64 column sum that
 * wrapped, or a carry chain that left a limb above its bound, shows up here
 * as a wrong value or a broken bound; random canonical inputs would not reach
 * these limbs.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { edgeBigInt, fuzzAssert } from '@strata/testkit';
import { PK256, fpAt, fpInt, fpLimbs, instantiate } from './module.js';

const w = instantiate();
const slot = (i: number) => (w.SLOT_BASE.value as number) + i * (w.SLOT_SIZE.value as number);
const [A, B, D] = [slot(0), slot(1), slot(2)];

const M26 = 2 ** 26 - 1;
const M22 = 2 ** 22 - 1;
/** p's limbs, radix 2^26. */
const P_LIMBS = fpLimbs(PK256);
const mod = (v: bigint) => ((v % PK256) + PK256) % PK256;

/** The smallest magnitude m with limbs[i] ≤ m·(2^26 − 1) (i < 9) and limbs[9] ≤ m·(2^22 − 1). */
function magnitude(limbs: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < 10; i++) m = Math.max(m, Math.ceil(limbs[i]! / (i === 9 ? M22 : M26)));
  return m;
}

const maxLimbs = (m: number) => [...Array<number>(9).fill(m * M26), m * M22];
/** k·p limb by limb: ≡ 0 (mod p), magnitude k, limbs as large as that allows. */
const kp = (k: number) => P_LIMBS.map((l) => k * l);
/** v (< p, canonical limbs) plus k·p limb by limb: magnitude ≤ k + 1, value ≡ v. */
const plusKp = (v: bigint, k: number) => fpLimbs(v).map((l, i) => l + k * P_LIMBS[i]!);

/** Edge-weighted limbs of magnitude ≤ m (m ≥ 1): random, maximal, k·p shapes, v + (m − 1)·p. */
function fpAtMagnitude(m: number): fc.Arbitrary<number[]> {
  const limb = (i: number) => {
    const top = m * (i === 9 ? M22 : M26);
    return fc.oneof(fc.integer({ min: 0, max: top }), fc.constantFrom(0, top, top - 1, m * P_LIMBS[i]!, i === 9 ? M22 : M26));
  };
  return fc.oneof(
    { weight: 3, arbitrary: fc.tuple(...Array.from({ length: 10 }, (_, i) => limb(i))) },
    { weight: 1, arbitrary: fc.constantFrom(maxLimbs(m), kp(m), kp(1), [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]) },
    { weight: 2, arbitrary: edgeBigInt(PK256, { bits: 256, reduced: true }).map((v) => plusKp(v, m - 1)) },
  );
}

/** Vectors every magnitude-≤-m kernel must meet: the maximum, ≡ 0 and ≡ −1 with large limbs. */
function fixedAtMagnitude(m: number): number[][] {
  const out = [maxLimbs(m), kp(m), plusKp(PK256 - 1n, m - 1), plusKp(1n, m - 1), plusKp(0n, m - 1)];
  for (const v of out) expect(magnitude(v)).toBeLessThanOrEqual(m);
  return out;
}

/** The output bound of the lazy kernels: limbs < 2^26 except limb 2 < 2^26 + 2^21, limb 9 < 2^22 — magnitude ≤ 2. */
function expectLazyBound(limbs: ArrayLike<number>): void {
  for (let i = 0; i < 10; i++) {
    const bound = i === 9 ? M22 : i === 2 ? 2 ** 26 + 2 ** 21 : M26;
    expect(limbs[i]!).toBeLessThanOrEqual(bound);
  }
  expect(magnitude(limbs)).toBeLessThanOrEqual(2);
}

/** The output bound of mul and square: magnitude 1 and a value below 2^256. */
function expectTightBound(limbs: ArrayLike<number>): void {
  for (let i = 0; i < 9; i++) expect(limbs[i]!).toBeLessThanOrEqual(M26);
  expect(limbs[9]!).toBeLessThanOrEqual(M22);
}

const put = (off: number, limbs: readonly number[]) => fpAt(w, off).set(limbs);
const get = (off: number) => Array.from(fpAt(w, off));

function checkLazy(a: number[], b: number[]): void {
  const va = fpInt(a), vb = fpInt(b);
  put(A, a);
  put(B, b);
  w.secp256k1MulLazy(D, A, B);
  expectLazyBound(get(D));
  expect(mod(fpInt(get(D)))).toBe(mod(va * vb));
  w.secp256k1SquareLazy(D, A);
  expectLazyBound(get(D));
  expect(mod(fpInt(get(D)))).toBe(mod(va * va));
  // the full kernels at the same inputs
  w.secp256k1Mul(D, A, B);
  expectTightBound(get(D));
  expect(fpInt(get(D)) < 1n << 256n).toBe(true);
  expect(mod(fpInt(get(D)))).toBe(mod(va * vb));
}

describe('secp256k1 mulLazy and squareLazy at the edge of their precondition (magnitude ≤ 8)', () => {
  it('give magnitude ≤ 2 (limb 2 < 2^26 + 2^21) and the right value on maximal, ≡ 0 and ≡ −1 limbs at every magnitude', () => {
    for (let m = 1; m <= 8; m++) for (const a of fixedAtMagnitude(m)) for (const b of fixedAtMagnitude(8)) checkLazy(a, b);
  });

  it('give magnitude ≤ 2 and the right value on edge-weighted limbs of every magnitude ≤ 8', () => {
    const arb = fc.integer({ min: 1, max: 8 }).chain((m) => fc.tuple(fpAtMagnitude(m), fpAtMagnitude(8)));
    fuzzAssert(fc.property(arb, ([a, b]) => checkLazy(a, b)), 800);
  });

  it('accept their own worst output scaled to magnitude 8 (4·lazy), for 2 000 chained steps', () => {
    // The point formulas feed lazy outputs, summed up to magnitude 8, into the next product.
    // x ← lazy((4·x)·(4·y)), the square likewise: every input is a lazy output times 4.
    put(A, maxLimbs(2));
    put(B, maxLimbs(2));
    let x = fpInt(maxLimbs(2)), s = x;
    const y = x;
    const S = slot(3);
    put(S, maxLimbs(2));
    for (let i = 0; i < 2000; i++) {
      w.secp256k1MulInt(A, A, 4);
      w.secp256k1MulInt(D, B, 4);
      w.secp256k1MulLazy(A, A, D);
      x = mod(16n * x * y);
      w.secp256k1MulInt(S, S, 4);
      w.secp256k1SquareLazy(S, S);
      s = mod(16n * s * s);
      expectLazyBound(get(A));
      expectLazyBound(get(S));
    }
    expect(mod(fpInt(get(A)))).toBe(x);
    expect(mod(fpInt(get(S)))).toBe(s);
  });
});

/** a^(2^n) mod p. */
function pow2n(a: bigint, n: number): bigint {
  let x = mod(a);
  for (let i = 0; i < n; i++) x = (x * x) % PK256;
  return x;
}

describe('secp256k1 squareN (the inversion and square-root chains)', () => {
  it('equals n squarings, with magnitude ≤ 2, from maximal magnitude-8 inputs, for the chain lengths and beyond', () => {
    for (const a of fixedAtMagnitude(8)) {
      for (const n of [1, 2, 3, 5, 6, 11, 22, 23, 44, 88, 1000]) {
        put(A, a);
        w.secp256k1SquareN(D, A, n);
        expectLazyBound(get(D));
        expect(mod(fpInt(get(D)))).toBe(pow2n(fpInt(a), n));
      }
    }
  });

  it('equals n squarings on edge-weighted inputs of every magnitude ≤ 8 (dst aliasing a)', () => {
    const arb = fc.tuple(fc.integer({ min: 1, max: 8 }).chain(fpAtMagnitude), fc.integer({ min: 1, max: 64 }));
    fuzzAssert(
      fc.property(arb, ([a, n]) => {
        put(A, a);
        w.secp256k1SquareN(A, A, n);
        expectLazyBound(get(A));
        expect(mod(fpInt(get(A)))).toBe(pow2n(fpInt(a), n));
      }),
      200,
    );
  });
});

describe('secp256k1 linear kernels at the edge of their preconditions', () => {
  it('add and mulInt are exact limb by limb up to magnitude 32', () => {
    for (let m = 1; m <= 16; m++) {
      for (const a of fixedAtMagnitude(m)) {
        for (const b of fixedAtMagnitude(32 - m)) {
          put(A, a);
          put(B, b);
          w.secp256k1Add(D, A, B);
          expect(get(D)).toEqual(a.map((l, i) => l + b[i]!));
          expect(magnitude(get(D))).toBeLessThanOrEqual(32);
        }
        for (let k = 0; k * m <= 32; k++) {
          put(A, a);
          w.secp256k1MulInt(D, A, k);
          expect(get(D)).toEqual(a.map((l) => k * l));
        }
      }
    }
  });

  it('negate(m) gives (m + 1)·p − a exactly (no limb wraps) for every a of magnitude ≤ m ≤ 31', () => {
    for (let m = 1; m <= 31; m++) {
      for (const a of fixedAtMagnitude(m)) {
        put(A, a);
        w.secp256k1Negate(D, A, m);
        const out = get(D);
        expect(out).toEqual(a.map((l, i) => (m + 1) * P_LIMBS[i]! - l));
        expect(magnitude(out)).toBeLessThanOrEqual(m + 1);
        expect(mod(fpInt(out) + fpInt(a))).toBe(0n);
      }
    }
  });

  it('half of magnitude m ≤ 30 is a/2 mod p with magnitude ≤ ⌊m/2⌋ + 2, odd and even', () => {
    for (let m = 1; m <= 30; m++) {
      const vectors = [...fixedAtMagnitude(m), maxLimbs(m).map((l, i) => (i === 0 ? l - 1 : l)), kp(m).map((l, i) => (i === 0 ? l - 1 : l))];
      for (const a of vectors) {
        put(A, a);
        w.secp256k1Half(A);
        const out = get(A);
        expect(magnitude(out)).toBeLessThanOrEqual(Math.floor(m / 2) + 2);
        expect(mod(2n * fpInt(out))).toBe(mod(fpInt(a)));
      }
    }
  });

  it('normalize gives the canonical value for magnitude 32 and for limbs at 2^32 − 1', () => {
    const check = (a: number[]) => {
      put(A, a);
      w.secp256k1Normalize(A);
      const out = get(A);
      expect(out).toEqual(fpLimbs(mod(fpInt(a))));
    };
    for (let m = 1; m <= 32; m++) for (const a of fixedAtMagnitude(m)) check(a);
    check(Array<number>(10).fill(2 ** 32 - 1));
    for (let k = 1; k < 64; k++) check(P_LIMBS.map((l) => k * l).map((l) => Math.min(l, 2 ** 32 - 1)));
    fuzzAssert(fc.property(fc.integer({ min: 1, max: 32 }).chain(fpAtMagnitude), check), 500);
  });
});

describe('secp256k1 invert and sqrt from maximal magnitude-8 inputs', () => {
  it('invert gives a⁻¹ (0 for any a ≡ 0), normalized', () => {
    for (let m = 1; m <= 8; m++) {
      for (const a of fixedAtMagnitude(m)) {
        put(A, a);
        w.secp256k1Invert(D, A);
        const va = mod(fpInt(a));
        const want = va === 0n ? 0n : modPow(va, PK256 - 2n);
        expect(get(D)).toEqual(fpLimbs(want));
        if (va !== 0n) expect((want * va) % PK256).toBe(1n);
      }
    }
  });

  it('invert (the divsteps) in place, over random and edge values, and wipes its scratch', () => {
    const scratch = w.FP_SCRATCH.value as number;
    const check = (v: bigint) => {
      put(A, fpLimbs(v));
      new Uint8Array(w.memory.buffer, scratch, 240).fill(0xa5);
      w.secp256k1Invert(A, A); //                      dst aliases a
      const want = v === 0n ? 0n : modPow(v, PK256 - 2n);
      expect(get(A)).toEqual(fpLimbs(want));
      expect(new Uint8Array(w.memory.buffer, scratch, 184).every((b) => b === 0)).toBe(true);
    };
    for (const v of [0n, 1n, 2n, PK256 - 1n, PK256 - 2n, (PK256 - 1n) / 2n, 2n ** 255n, 2n ** 32n + 977n, 2n ** 224n - 1n]) check(v);
    fuzzAssert(fc.property(edgeBigInt(PK256, { bits: 256, reduced: true }), (v) => check(mod(v))), 300);
  });

  it('sqrt gives a^((p+1)/4), normalized, and reports whether it is a root', () => {
    for (let m = 1; m <= 8; m++) {
      for (const a of [...fixedAtMagnitude(m), plusKp(4n, m - 1), plusKp(PK256 - 4n, m - 1)]) {
        put(A, a);
        const ok = w.secp256k1Sqrt(D, A);
        const va = mod(fpInt(a));
        const r = modPow(va, (PK256 + 1n) / 4n);
        expect(get(D)).toEqual(fpLimbs(r));
        expect(ok).toBe((r * r) % PK256 === va ? 1 : 0);
      }
    }
  });
});

function modPow(b: bigint, e: bigint): bigint {
  let r = 1n, x = mod(b);
  for (; e > 0n; e >>= 1n) {
    if (e & 1n) r = (r * x) % PK256;
    x = (x * x) % PK256;
  }
  return r;
}
