/**
 * The kernel that splits and recodes PUBLIC scalars for the double-and-add
 * streams (secp256k1SplitWnaf, wasm/secp256k1/wnaf.ts) gives exactly the
 * digits, lengths and signs of the TypeScript engine's splitKNonConst +
 * wnafNonConst, for every width 2 … 8, on edge scalars (0, 1, n − 1, λ,
 * powers of two, values whose halves end in a carry) and random ones.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ModNScalar } from '@strata/field';
import { fuzzRuns } from '@strata/testkit';
import { engine } from '../../src/index.js';
import { moduleBytes, wrap } from '../../src/engine/load.js';
import type { WasmKernels } from '../../src/engine/abi.js';
import { SECP256K1_LAYOUT as LAYOUT } from '../../src/engine/secp256k1-abi.js';
import { newGlvSplit, splitKNonConst, wnafNonConst } from '../../src/secp256k1/scalar.js';

let k: WasmKernels;

beforeAll(() => {
  expect(engine.initWasmSync({ required: true })).toBe('wasm');
  engine.useEngine('ts');
  k = wrap(new WebAssembly.Instance(new WebAssembly.Module(moduleBytes()), {}).exports);
});

function scalarOf(hex: string): ModNScalar {
  const b = new Uint8Array(32);
  const h = hex.padStart(64, '0');
  for (let i = 0; i < 32; i++) b[i] = parseInt(h.slice(2 * i, 2 * i + 2), 16);
  return new ModNScalar().setBytes(b);
}

const split = newGlvSplit();

/** Checks the kernel against the TypeScript split and recoding for scalar s, width w, digit buffers h, h + 1. */
function check(s: ModNScalar, w: number, h: number): void {
  // Junk in the digit buffers first: the kernel must zero them.
  k.u8.fill(0x55, LAYOUT.DIGITS, LAYOUT.DIGITS + 4 * LAYOUT.DIGIT_STRIDE);
  s.putBytes(k.u8, LAYOUT.IN_K);
  const r = k.exports.secp256k1SplitWnaf(w, h);
  splitKNonConst(s, split);
  const halves = [split.k1, split.k2];
  const negs = [split.neg1, split.neg2];
  for (let half = 0; half < 2; half++) {
    const want = new Int8Array(LAYOUT.DIGIT_STRIDE);
    const len = wnafNonConst(halves[half]!, w, want);
    const at = LAYOUT.DIGITS + (h + half) * LAYOUT.DIGIT_STRIDE;
    const got = new Int8Array(k.u8.buffer, at, LAYOUT.DIGIT_STRIDE);
    const what = `${s.toString()} w=${w} half ${half}`;
    expect((r >>> (9 * half)) & 511, what).toBe(len);
    expect(((r >>> (18 + half)) & 1) === 1, what).toBe(negs[half]);
    expect([...got], what).toEqual([...want]);
  }
}

describe('secp256k1SplitWnaf', () => {
  it('matches splitKNonConst + wnafNonConst on edge scalars, every width, both buffer pairs', () => {
    const edges = [
      '0',
      '1',
      '2',
      'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140', //  n − 1
      '5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72', //  λ
      '80000000000000000000000000000000',
      'ffffffffffffffffffffffffffffffff',
      '7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff',
      'a7d8c2b3e4f5061728394a5b6c7d8e9fa0b1c2d3e4f5061728394a5b6c7d8e9f',
    ];
    for (const hex of edges) for (let w = 2; w <= 8; w++) for (const h of [0, 2]) check(scalarOf(hex), w, h);
  });

  it('matches on random scalars (widths 5, 7, 8: the streams the bridge uses, and 2)', () => {
    const runs = fuzzRuns(200);
    for (let i = 0; i < runs; i++) {
      const s = new ModNScalar().setBytes(new Uint8Array(randomBytes(32)));
      for (const w of [2, 5, 7, 8]) check(s, w, i & 1 ? 2 : 0);
    }
  });
});
