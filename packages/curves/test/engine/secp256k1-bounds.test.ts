/**
 * The secp256k1 kernels clamp or refuse counts beyond their areas: called
 * directly with hostile sizes, they write nothing outside SECP256K1_REGION
 * and SECP256K1_MSM_REGION (the rest of the memory is compared byte for
 * byte before and after) and the memory never grows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSync } from '../../src/engine/load.js';
import type { WasmKernels } from '../../src/engine/abi.js';

let w: WasmKernels;

beforeAll(() => {
  w = loadSync(); // an instance of its own: the kernels are driven directly, no bridge
});

/** Runs f and expects every byte outside [REGION, REGION_END) and [MSM_REGION, MSM_REGION_END) unchanged and the memory size unchanged. */
function confined(f: () => void): void {
  const lo = w.exports.SECP256K1_REGION.value, hi = w.exports.SECP256K1_REGION_END.value;
  const mlo = w.exports.SECP256K1_MSM_REGION.value, mhi = w.exports.SECP256K1_MSM_REGION_END.value;
  const before = w.u8.slice();
  const size = w.exports.memory.buffer.byteLength;
  f();
  expect(w.exports.memory.buffer.byteLength).toBe(size);
  const after = w.u8;
  let outside = 0;
  for (let i = 0; i < after.length; i++) if ((i < lo || i >= hi) && (i < mlo || i >= mhi) && after[i] !== before[i]) outside++;
  expect(outside).toBe(0);
}

describe('secp256k1 wasm kernels: hostile sizes', () => {
  it('stream, table, MSM and builder counts are clamped or refused', () => {
    const e = w.exports;
    confined(() => e.secp256k1RunStreams(0x7fffffff, 1));
    confined(() => e.secp256k1RunStreams(-5, 0));
    confined(() => e.secp256k1BuildTable(0x7fffffff, 1));
    confined(() => e.secp256k1BuildTable(-1, 0));
    confined(() => e.secp256k1MsmStraus(1 << 20));
    confined(() => expect(e.secp256k1MsmPippenger(1 << 20, 8, 17)).toBe(0));
    confined(() => expect(e.secp256k1MsmPippenger(100, 16, 9)).toBe(0));
    confined(() => expect(e.secp256k1MsmPippenger(10, 40, 4)).toBe(0));
    confined(() => expect(e.secp256k1MsmPippengerScalars(1 << 20, 8, 17)).toBe(0));
    confined(() => expect(e.secp256k1MsmPippengerScalars(100, 16, 9)).toBe(0));
    confined(() => expect(e.secp256k1MsmPippengerScalars(10, 40, 4)).toBe(0));
    confined(() => expect(e.secp256k1MsmPippengerScalars(10, 8, 5)).toBe(0)); // fewer than 9 windows: no room for the scalar bytes
    confined(() => expect(e.secp256k1BuildPieces(1000, 64, 8, 17)).toBe(0));
    confined(() => expect(e.secp256k1BuildPieces(1, 128, 8, 17)).toBe(0));
    confined(() => expect(e.secp256k1ParsePubKey(1 << 30)).toBeGreaterThanOrEqual(0));
  });

  it('the table builders stay inside the region on their largest inputs', () => {
    const e = w.exports;
    // G at IN_P (affine), then the largest valid builds.
    const G = [0x2f81798, 0xa056c5, 0x28d959f, 0x36cb738, 0x3029bfc, 0x3a1c2c1, 0x206295c, 0x2eeb156, 0x27ef9dc, 0x1e6f99, 0x310d4b8, 0x1f423fe, 0x14199c4, 0x1229a15, 0xfd17b4, 0x384422a, 0x24fbfc0, 0x3119576, 0x27726a3, 0x120eb6, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    confined(() => {
      w.u32.set(G, 0x10080 >> 2);
      e.secp256k1BuildTable(128, 1);
      w.u32.set(G, 0x10080 >> 2);
      e.secp256k1BuildSecretTable();
      w.u32.set(G, 0x14400 >> 2);
      expect(e.secp256k1BuildPieces(1, 64, 8, 17)).toBe(1);
      e.secp256k1PrepareG();
      e.secp256k1BaseMultNonConst();
      e.secp256k1ScalarBaseMult();
    });
  });

  it('Pippenger stays inside its area on the largest inputs it accepts', () => {
    const e = w.exports;
    const G = [0x2f81798, 0xa056c5, 0x28d959f, 0x36cb738, 0x3029bfc, 0x3a1c2c1, 0x206295c, 0x2eeb156, 0x27ef9dc, 0x1e6f99, 0x310d4b8, 0x1f423fe, 0x14199c4, 0x1229a15, 0xfd17b4, 0x384422a, 0x24fbfc0, 0x3119576, 0x27726a3, 0x120eb6, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    const area = w.exports.SECP256K1_MSM_REGION.value;
    // m pairs of G with digits 1 (every pair in bucket 0), for window c; the largest m the area holds.
    for (const [c, nWin] of [[2, 65], [10, 13], [12, 11]] as const) {
      // The kernel's layout: ((m·(160 + 4·nWin) + 7) & ~7) + 128·2^(c−1) bytes (wasm/secp256k1/msm.ts pippengerBytes).
      const bytes = (k: number): number => ((k * (160 + 4 * nWin) + 7) & ~7) + (128 << (c - 1));
      let m = Math.floor(0x80000 / (160 + 4 * nWin));
      while (bytes(m) > 0x80000) m--;
      confined(() => {
        for (let t = 0; t < m; t++) w.u32.set(G, (area + 120 * t) >> 2);
        new Int16Array(w.u8.buffer, area + 160 * m, 2 * m * nWin).fill(1);
        expect(e.secp256k1MsmPippenger(m, c, nWin)).toBe(1);
        expect(e.secp256k1MsmPippenger(m + 1, c, nWin)).toBe(0);
        // The same size with the scalars as bytes (here 0xff…: split and recoded in place).
        new Uint8Array(w.u8.buffer, area + 160 * m, 4 * m * nWin).fill(0xff);
        expect(e.secp256k1MsmPippengerScalars(m, c, nWin)).toBe(1);
        expect(e.secp256k1MsmPippengerScalars(m + 1, c, nWin)).toBe(0);
      });
    }
  });
});
