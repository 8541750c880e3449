/**
 * The lazy accumulator formulas of the WebAssembly engine (wasm/secp256k1/
 * point.ts dblLazy and maddLazy, the hot loops of every variable-time
 * multiplication and of Pippenger's buckets) driven from coordinates with
 * maximal-magnitude limbs, which the public API never reaches: the
 * accumulator starts as X + 5p, Y + 5p, Z + 7p (limb by limb) or as the
 * all-maximal limbs of magnitude 6, 6, 8 shifted to the right value, the
 * affine operands at magnitude 6. After every step the invariant of the
 * loops (X ≤ 6, Y ≤ 6, Z ≤ 8) is checked on the limbs, and long chains
 * (thousands of lazy doublings, hundreds of mixed additions, the doubling
 * and ∞ fall-throughs) end at the point the TypeScript engine and noble give.
 *
 * The formulas are compiled from wasm/testing/secp256k1-lazy.ts with the
 * engine's memory options (a test-only entry; engine.wasm does not contain it).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileWasm } from '@strata/wasm-build';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../../src/index.js';
import * as S from '../../src/secp256k1/index.js';
import { FieldVal } from '@strata/field';
import { lazyAddAffineConst } from '../../src/secp256k1/point-formulas.generated.js';
import { LAMBDA, N, NP, P, fromNoble, mod, nobleMul, sc, same, type NoblePoint } from '../secp256k1/helpers.js';

const M26 = 2 ** 26 - 1;
const M22 = 2 ** 22 - 1;
const P_LIMBS = limbsOf(P);

interface Harness {
  memory: WebAssembly.Memory;
  ACC_AT: WebAssembly.Global;
  OPERAND_AT: WebAssembly.Global;
  OUT_AT: WebAssembly.Global;
  dblLazyN(n: number): void;
  maddLazyOperand(): void;
  maddConstOperand(): void;
  storeAcc(): void;
}

let h: Harness;

beforeAll(async () => {
  const wasmDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'wasm');
  const dir = mkdtempSync(join(tmpdir(), 'strata-lazy-'));
  try {
    const out = join(dir, 'lazy.wasm');
    // The engine's compiler options and memory (ENGINE_PAGES = 41 in wasm/build.mjs).
    await compileWasm(join(wasmDir, 'testing', 'secp256k1-lazy.ts'), out, 41);
    h = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(out)), {}).exports as unknown as Harness;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

/** The canonical 26-bit limbs of 0 ≤ v < 2^256. */
function limbsOf(v: bigint): number[] {
  return Array.from({ length: 10 }, (_, i) => Number(i === 9 ? v >> 234n : (v >> BigInt(26 * i)) & 0x3ffffffn));
}
function intOf(limbs: ArrayLike<number>): bigint {
  let v = 0n;
  for (let i = 9; i >= 0; i--) v = (v << 26n) + BigInt(limbs[i]!);
  return v;
}
function magnitude(limbs: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < 10; i++) m = Math.max(m, Math.ceil(limbs[i]! / (i === 9 ? M22 : M26)));
  return m;
}
/** v mod p as v + k·p, limb by limb (magnitude ≤ k + 1, limbs near their maximum). */
const plusKp = (v: bigint, k: number) => limbsOf(mod(v, P)).map((l, i) => l + k * P_LIMBS[i]!);
/** v mod p as the all-maximal limbs of magnitude m minus a canonical correction (every limb ≥ (m − 1)·(2^26 − 1)). */
function topLimbs(v: bigint, m: number): number[] {
  const max = [...Array<number>(9).fill(m * M26), m * M22];
  const d = limbsOf(mod(intOf(max) - v, P));
  return max.map((l, i) => l - d[i]!);
}

const u32 = (off: number) => new Uint32Array(h.memory.buffer, off, 31);
const acc = () => h.ACC_AT.value as number;

/** Writes the accumulator: coordinates as limbs, or ∞. */
function setAcc(c: [number[], number[], number[]] | null): void {
  const a = u32(acc());
  if (c === null) {
    a[30] = 1;
    return;
  }
  a.set([...c[0], ...c[1], ...c[2], 0]);
}

/** Checks the loops' invariant on the accumulator's limbs: X ≤ 6, Y ≤ 6, Z ≤ 8. */
function expectInvariant(): void {
  const a = u32(acc());
  if (a[30] !== 0) return;
  expect(magnitude(a.subarray(0, 10))).toBeLessThanOrEqual(6);
  expect(magnitude(a.subarray(10, 20))).toBeLessThanOrEqual(6);
  expect(magnitude(a.subarray(20, 30))).toBeLessThanOrEqual(8);
}

/** The accumulator, normalized by the kernel, as a Strata point. */
function readAcc(): S.JacobianPoint {
  h.storeAcc();
  const o = new Uint32Array(h.memory.buffer, h.OUT_AT.value as number, 30);
  const out = new S.JacobianPoint();
  out.x.n.set(o.subarray(0, 10));
  out.y.n.set(o.subarray(10, 20));
  out.z.n.set(o.subarray(20, 30));
  return out;
}

/** Maximal-magnitude Jacobian representations of the finite point q: (x·z², y·z³, z) for the given z. */
function jacobianShapes(q: NoblePoint, z: bigint): [number[], number[], number[]][] {
  const a = q.toAffine();
  const X = mod(a.x * z * z, P), Y = mod(a.y * z * z * z, P);
  return [
    [plusKp(X, 5), plusKp(Y, 5), plusKp(z, 7)],
    [topLimbs(X, 6), topLimbs(Y, 6), topLimbs(z, 8)],
    [topLimbs(X, 6), plusKp(Y, 5), limbsOf(mod(z, P))],
  ];
}

/** Writes the affine operand (x, y) of q at magnitude 6 (the precondition's maximum). */
function setOperand(q: NoblePoint, top: boolean): void {
  const a = q.toAffine();
  const o = new Uint32Array(h.memory.buffer, h.OPERAND_AT.value as number, 20);
  o.set(top ? [...topLimbs(a.x, 6), ...topLimbs(a.y, 6)] : [...plusKp(a.x, 5), ...plusKp(a.y, 5)]);
}

const G = NP.BASE;
const Q0 = G.multiply(0xdeadbeefcafef00d1234567n);

describe('wasm secp256k1 dblLazy from maximal-magnitude accumulators', () => {
  it('keeps X ≤ 6, Y ≤ 6, Z ≤ 8 after each of 4 000 chained doublings and ends at 2^4000·P', () => {
    const n = 4000;
    const want = nobleMul(Q0, 2n ** BigInt(n));
    for (const [i, shape] of jacobianShapes(Q0, 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2en).entries()) {
      setAcc(shape);
      expectInvariant();
      for (let k = 0; k < n; k++) {
        h.dblLazyN(1);
        expectInvariant();
      }
      const got = readAcc();
      expect(same(got, want), `shape ${i}`).toBe(true);
    }
    // the TypeScript engine agrees on the same point
    expect(same(S.scalarMultNonConst(sc(mod(2n ** BigInt(n), N)), fromNoble(Q0)), want)).toBe(true);
  });

  it('doubles points of small order-related x (y small, x near p) from maximal limbs', () => {
    for (const k of [1n, 2n, 3n, N - 1n, N - 2n, (N - 1n) / 2n]) {
      const q = nobleMul(G, k);
      for (const shape of jacobianShapes(q, 3n)) {
        setAcc(shape);
        h.dblLazyN(257);
        expectInvariant();
        expect(same(readAcc(), nobleMul(q, 2n ** 257n))).toBe(true);
      }
    }
  });
});

describe('wasm secp256k1 maddLazy from maximal-magnitude accumulators and operands', () => {
  it('a chain of 600 mixed additions with doublings in between keeps the invariant and ends at Σ', () => {
    let want = Q0;
    setAcc(jacobianShapes(Q0, 0x1234567890abcdefn)[1]!);
    let q = G.multiply(77n);
    for (let i = 0; i < 600; i++) {
      q = q.add(G.multiply(BigInt(i) + 1n));
      setOperand(q, i % 2 === 0);
      h.maddLazyOperand();
      want = want.add(q);
      expectInvariant();
      if (i % 7 === 3) {
        h.dblLazyN(3);
        want = want.multiply(8n);
        expectInvariant();
      }
    }
    expect(same(readAcc(), want)).toBe(true);
  });

  it('falls through to the doubling (acc = Q) and to ∞ (acc = −Q) from maximal limbs, and copies into ∞', () => {
    for (const k of [5n, N - 5n, 0x5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72n]) {
      const q = nobleMul(G, k);
      for (const shape of jacobianShapes(q, P - 2n)) {
        for (const top of [false, true]) {
          setAcc(shape); //                                    acc = Q, operand Q: 2Q
          setOperand(q, top);
          h.maddLazyOperand();
          expectInvariant();
          expect(same(readAcc(), q.double())).toBe(true);
          setAcc(shape); //                                    acc = Q, operand −Q: ∞
          setOperand(q.negate(), top);
          h.maddLazyOperand();
          expect(readAcc().isIdentity()).toBe(true);
          setOperand(q, top); //                               ∞ + Q: the copy, then more steps on it
          h.maddLazyOperand();
          expectInvariant();
          h.dblLazyN(2);
          setOperand(G, top);
          h.maddLazyOperand();
          expectInvariant();
          expect(same(readAcc(), q.multiply(4n).add(G))).toBe(true);
        }
      }
    }
  });
});

describe('lazyAddAffineConst (the constant-time k·P loop\'s addition) on every case, both engines', () => {
  /** The cases: [accumulator (null: ∞), operand, want]. φ(T) = λ·T = (β·x, y). */
  function cases(): [NoblePoint | null, NoblePoint, NoblePoint][] {
    const out: [NoblePoint | null, NoblePoint, NoblePoint][] = [];
    for (const k of [5n, N - 5n, 0xdeadbeefcafen, LAMBDA]) {
      const t = nobleMul(G, k);
      const mPhi = nobleMul(t, N - LAMBDA), mPhi2 = nobleMul(t, N - mod(LAMBDA * LAMBDA, N));
      out.push(
        [null, t, t], //                                 ∞ + T: T
        [t, t, t.double()], //                           T + T: the unified formula doubles
        [t.negate(), t, NP.ZERO], //                     −T + T: M = 0, chord denominator 0: ∞
        [mPhi, t, mPhi.add(t)], //                       −φ(T) + T: M = 0 and R = 0: the chord
        [mPhi2, t, mPhi2.add(t)], //                     −φ²(T) + T: the chord
        [nobleMul(t, 3n), t, nobleMul(t, 4n)], //        an ordinary addition
        [nobleMul(t, LAMBDA), t, nobleMul(t, LAMBDA + 1n)], // φ(T) + T: y1 ≠ −y2, ordinary
      );
    }
    return out;
  }

  it('WebAssembly: from maximal-magnitude accumulators (∞ with garbage X, Y), operands x ≤ 1, y ≤ 2', () => {
    for (const [a, t, want] of cases()) {
      const shapes = a === null ? [[topLimbs(12345n, 6), topLimbs(777n, 6), Array<number>(10).fill(0)] as [number[], number[], number[]]] : jacobianShapes(a, P - 3n);
      for (const shape of shapes) {
        setAcc(shape);
        const ta = t.toAffine();
        new Uint32Array(h.memory.buffer, h.OPERAND_AT.value as number, 20).set([...limbsOf(ta.x), ...plusKp(ta.y, 1)]);
        h.maddConstOperand();
        expectInvariant();
        const z = new Uint32Array(h.memory.buffer, acc() + 80, 10);
        if (want.is0()) expect(limbsOf(mod(intOf(z), P))).toEqual(Array<number>(10).fill(0));
        else expect(same(readAcc(), want)).toBe(true);
      }
    }
  });

  it('TypeScript: the same cases from unreduced coordinates', () => {
    const fe = (limbs: number[]): FieldVal => {
      const f = new FieldVal();
      f.n.set(limbs);
      return f;
    };
    for (const [a, t, want] of cases()) {
      const shapes = a === null ? [[topLimbs(12345n, 6), topLimbs(777n, 6), Array<number>(10).fill(0)] as [number[], number[], number[]]] : jacobianShapes(a, P - 3n);
      for (const [x, y, z] of shapes) {
        const r = new S.JacobianPoint();
        const c = { x: fe(x), y: fe(y), z: fe(z) };
        const ta = t.toAffine();
        lazyAddAffineConst(c, fe(limbsOf(ta.x)), fe(plusKp(ta.y, 1)), fe(limbsOf(1n)));
        r.x.set(c.x).normalize();
        r.y.set(c.y).normalize();
        r.z.set(c.z).normalize();
        if (want.is0()) expect(r.z.isZero()).toBe(true);
        else expect(same(r, want)).toBe(true);
      }
    }
  });
});

describe('Pippenger buckets as long maddLazy chains through the public API, WebAssembly against TypeScript', () => {
  let previous: 'ts' | 'wasm' = 'ts';
  beforeAll(() => {
    previous = engine.currentEngine();
    engine.initWasmSync({ required: true });
  });
  afterAll(() => engine.useEngine(previous));

  /** msmNonConst under both engines: the same coordinates, and the expected point. */
  function check(points: S.JacobianPoint[], scalars: bigint[], want: NoblePoint): void {
    const ks = scalars.map(sc);
    engine.useEngine('ts');
    const ts = S.msmNonConst(points, ks, undefined, { algorithm: 'pippenger', window: 4 });
    engine.useEngine('wasm');
    const wa = S.msmNonConst(points, ks, undefined, { algorithm: 'pippenger', window: 4 });
    engine.useEngine(previous);
    expect(same(ts, want)).toBe(true);
    expect(same(wa, want)).toBe(true);
    expect([...wa.x.n, ...wa.y.n, ...wa.z.n]).toEqual([...ts.x.n, ...ts.y.n, ...ts.z.n]);
  }

  it('400 distinct points with scalar 1 (one call: one bucket, 399 chained lazy additions)', () => {
    const qs: NoblePoint[] = [];
    let q = Q0;
    for (let i = 0; i < 400; i++) {
      qs.push(q);
      q = q.add(G);
    }
    const want = qs.reduce((a, b) => a.add(b), NP.ZERO);
    check(qs.map((x, i) => fromNoble(x, BigInt(i) + 2n)), qs.map(() => 1n), want);
  });

  it('one point repeated 300 times with scalar 3 (the bucket chain passes through the doubling fall-through)', () => {
    check(Array.from({ length: 300 }, () => fromNoble(Q0, 5n)), Array<bigint>(300).fill(3n), nobleMul(Q0, 900n));
  });
});
