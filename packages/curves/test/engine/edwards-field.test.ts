/**
 * The Montgomery field of the generic Edwards curves in WebAssembly
 * (@strata/field/wasm/prime-field.generated, and the inversion and radix
 * conversions of wasm/edwards/curve.ts), one operation per call, against
 * BigInt on the base fields of BabyJubjub, Jubjub and Bandersnatch: mul,
 * sqr, add, sub, neg, the inversion, isZero, equals, cmov and the encoding
 * in and out of the TypeScript element (eleven 24-bit limbs of x·2^264),
 * on the edge values 0, 1, 2, p − 1, p − 2, (p ± 1)/2 and on seeded random
 * values (counts scaled by STRATA_FUZZ_RUNS). Every result is compared limb
 * by limb with the canonical form (x·2^261 mod p in nine 29-bit limbs, fully
 * reduced), so a result that is right mod p but not reduced fails. The
 * kernels take elements below p only (their contract, and all the bridge
 * hands them: TypeScript elements are fully reduced), so no input ≥ p is
 * tried; moduli the kernels cannot take are refused by `useCurve`.
 *
 * The kernels are compiled from wasm/testing/edwards-field.ts with the
 * engine's memory options (a test-only entry; engine.wasm does not contain it).
 * The test writes the CURVE block itself from BigInt, independently of the
 * bridge (src/edwards/wasm.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { compileWasm } from '@strata/wasm-build';
import { edgeBigInt, fuzzAssert } from '@strata/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import * as E from '../../src/edwards/index.js';

interface Harness {
  memory: WebAssembly.Memory;
  SLOTS: WebAssembly.Global;
  DIGITS: WebAssembly.Global;
  CURVE_AT: WebAssembly.Global;
  loadCurve(): number;
  mul(o: number, a: number, b: number): void;
  sqr(o: number, a: number): void;
  add(o: number, a: number, b: number): void;
  sub(o: number, a: number, b: number): void;
  neg(o: number, a: number): void;
  inv(o: number, a: number, t: number): void;
  isZero(a: number): number;
  equals(a: number, b: number): number;
  cmov(o: number, a: number, b: number, flag: number): void;
  fromDigits(o: number): void;
  toDigits(a: number, t: number): void;
}

const wasmDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'wasm');
let h: Harness;

beforeAll(async () => {
  // The engine's page count, read from the built engine (wasm/build.mjs ENGINE_PAGES).
  const engine = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(join(wasmDir, 'build', 'engine.wasm'))), {}).exports as { ENGINE_PAGES: WebAssembly.Global };
  const dir = mkdtempSync(join(tmpdir(), 'strata-edwards-field-'));
  try {
    const out = join(dir, 'edwards-field.wasm');
    await compileWasm(join(wasmDir, 'testing', 'edwards-field.ts'), out, engine.ENGINE_PAGES.value as number);
    h = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(out)), {}).exports as unknown as Harness;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

const M29 = (1n << 29n) - 1n;
const R = 261n;

/** The nine 29-bit limbs of 0 ≤ v < 2^261. */
const limbs29 = (v: bigint): number[] => Array.from({ length: 9 }, (_, i) => Number((v >> BigInt(29 * i)) & M29));
const u32 = (): Uint32Array => new Uint32Array(h.memory.buffer);
const slotAt = (i: number): number => ((h.SLOTS.value as number) >> 2) + 10 * i;
/** Writes the nine limbs of v (raw, no change of form) into slot i. */
function put(i: number, v: bigint): void {
  u32().set(limbs29(v), slotAt(i));
}
/** The nine limbs of slot i. */
const limbsOf = (i: number): number[] => Array.from(u32().subarray(slotAt(i), slotAt(i) + 9));

function modInverse(a: bigint, p: bigint): bigint {
  let [r0, r1, s0, s1] = [a % p, p, 1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return ((s0 % p) + p) % p;
}

/** Writes the CURVE block of the field of p: p, 1, the conversions in (2^258) and out (2^264), p − 2; the rest zero. */
function writeBlock(p: bigint, raw?: number[]): void {
  const base = (h.CURVE_AT.value as number) >> 2;
  const m = u32();
  m.fill(0, base, base + 120);
  m.set(raw ?? limbs29(p), base);
  m.set(limbs29((1n << R) % p), base + 10);
  m.set(limbs29((1n << 258n) % p), base + 70);
  m.set(limbs29((1n << 264n) % p), base + 80);
  let e = p - 2n;
  for (let i = 0; i < 8; i++, e >>= 32n) m[base + 112 + i] = Number(e & 0xffffffffn);
}

const CURVES = [E.babyJubjub, E.jubjub, E.bandersnatch] as const;

describe.each(CURVES.map((c) => [c.name, c] as const))('wasm Montgomery field of %s', (_, curve) => {
  const F = curve.F;
  const p = F.p;
  const mod = (x: bigint): bigint => ((x % p) + p) % p;
  /** The canonical limbs of x in Montgomery form (x·2^261 mod p). */
  const mont = (x: bigint): number[] => limbs29((mod(x) << R) % p);
  const edges = [0n, 1n, 2n, p - 1n, p - 2n, (p - 1n) / 2n, (p + 1n) / 2n, (1n << 254n) % p];
  const value = edgeBigInt(p, { bits: 255, reduced: true });

  const use = (): void => {
    writeBlock(p);
    expect(h.loadCurve()).toBe(0);
  };

  /** Checks the five ring operations on a, b, and mul and add with the output aliasing an input. */
  function ring(a: bigint, b: bigint): void {
    put(0, (a << R) % p);
    put(1, (b << R) % p);
    h.mul(2, 0, 1);
    expect(limbsOf(2)).toEqual(mont(a * b));
    h.sqr(2, 0);
    expect(limbsOf(2)).toEqual(mont(a * a));
    h.add(2, 0, 1);
    expect(limbsOf(2)).toEqual(mont(a + b));
    h.sub(2, 0, 1);
    expect(limbsOf(2)).toEqual(mont(a - b));
    h.neg(2, 1);
    expect(limbsOf(2)).toEqual(mont(-b));
    h.mul(0, 0, 1);
    expect(limbsOf(0)).toEqual(mont(a * b));
    h.add(1, 0, 1);
    expect(limbsOf(1)).toEqual(mont(a * b + b));
  }

  it('mul, sqr, add, sub and neg give the canonical limbs on every pair of edge values', () => {
    use();
    for (const a of edges) for (const b of edges) ring(a, b);
  });

  it('mul, sqr, add, sub and neg give the canonical limbs on seeded random and edge-weighted values', () => {
    use();
    fuzzAssert(fc.property(value, value, (a, b) => ring(a, b)), 150);
  });

  it('the inversion gives a⁻¹ (0 for 0), also with the output aliasing the input', () => {
    use();
    const check = (a: bigint): void => {
      put(0, (a << R) % p);
      h.inv(1, 0, 2);
      expect(limbsOf(1)).toEqual(mont(a === 0n ? 0n : modInverse(a, p)));
      h.inv(0, 0, 2);
      expect(limbsOf(0)).toEqual(limbsOf(1));
    };
    for (const a of edges) check(a);
    fuzzAssert(fc.property(value, (a) => check(a)), 20);
  });

  it('the encoding in and out of the TypeScript element is exact both ways', () => {
    use();
    const f64 = (): Float64Array => new Float64Array(h.memory.buffer, h.DIGITS.value as number, 11);
    const check = (x: bigint): void => {
      const el = F.setBigInt(F.create(), x);
      f64().set(el);
      h.fromDigits(3);
      expect(limbsOf(3)).toEqual(mont(x));
      f64().fill(-1);
      h.toDigits(3, 4);
      expect(Array.from(f64())).toEqual(Array.from(el));
      expect(F.toBigInt(new Float64Array(f64()))).toBe(x);
    };
    for (const x of edges) check(x);
    fuzzAssert(fc.property(value, (x) => check(x)), 50);
  });

  it('isZero, equals and cmov read every limb', () => {
    use();
    put(0, 0n);
    expect(h.isZero(0)).toBe(1);
    for (let i = 0; i < 9; i++) {
      // A one in limb i only: not zero, and not equal to 0.
      put(1, 1n << BigInt(29 * i));
      expect(h.isZero(1)).toBe(0);
      expect(h.equals(0, 1)).toBe(0);
    }
    put(2, (p - 1n) % p);
    put(3, (p - 1n) % p);
    expect(h.equals(2, 3)).toBe(1);
    h.cmov(4, 0, 2, 0);
    expect(limbsOf(4)).toEqual(limbsOf(0));
    h.cmov(4, 0, 2, 1);
    expect(limbsOf(4)).toEqual(limbsOf(2));
  });
});

describe('wasm Montgomery field: moduli the kernels cannot take', () => {
  it('useCurve refuses p ≢ 1 (mod 2^28), p ≥ 2^255 and a limb ≥ 2^29, and takes a good block again', () => {
    writeBlock((1n << 255n) - 19n);
    expect(h.loadCurve()).toBe(1);
    writeBlock((1n << 255n) + 1n);
    expect(h.loadCurve()).toBe(1);
    const p = E.babyJubjub.F.p;
    const raw = limbs29(p);
    raw[1]! += 2 ** 29;
    writeBlock(p, raw);
    expect(h.loadCurve()).toBe(1);
    writeBlock(p);
    expect(h.loadCurve()).toBe(0);
  });
});
