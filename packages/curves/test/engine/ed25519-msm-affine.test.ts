/**
 * The WebAssembly engine's batch-affine kernel for edwards25519
 * (wasm/ed25519/msm-affine.ts, msmNonConst's Pippenger from
 * WASM_BATCH_AFFINE_THRESHOLD pairs): the full curve group, not only the
 * prime-order subgroup. The 8-torsion alone against a reference that adds
 * (k mod 8)·T by repeated addition; the cases of the kernel's batches
 * (P + P, P + (−P), twice the point of order 2, the identity, a bucket whose
 * points cancel to the identity) and torsion components of prime-order
 * points against the TypeScript engine; forced windows (the kernel takes the
 * caller's window) and two chunks of the kernel.
 */
import { describe, expect, it } from 'vitest';
import * as ed25519 from '../../src/ed25519/index.js';
import { WASM_BATCH_AFFINE_THRESHOLD } from '../../src/ed25519/wasm.js';
import { both, L, le32, loadWasmSelectTs, observe, Point, rng, under, zip215Torsion } from './ed25519-helpers.js';

const torsion = zip215Torsion();
const N = WASM_BATCH_AFFINE_THRESHOLD;

loadWasmSelectTs();

/** A scalar of `bytes` random little-endian bytes (the rest zero). */
function scalar(r: () => number, bytes: number): Uint8Array {
  const b = new Uint8Array(32);
  for (let i = 0; i < bytes; i++) b[i] = Math.floor(r() * 256);
  return b;
}

describe('ed25519 batch-affine MSM kernel (WebAssembly engine)', () => {
  it('serves the sizes from WASM_BATCH_AFFINE_THRESHOLD', () => {
    expect(N).toBeGreaterThan(64);
    expect(N).toBeLessThanOrEqual(65536);
  });

  it('the 8-torsion alone, against (k mod 8)·T by repeated addition', () => {
    expect(torsion.length).toBe(8);
    const r = rng(5);
    const pts: ed25519.Point[] = [];
    const scs: Uint8Array[] = [];
    const ref = new Point();
    for (let i = 0; i < N; i++) {
      const T = torsion[Math.floor(r() * 8)]!;
      const k = scalar(r, 1 + (i % 32));
      pts.push(T);
      scs.push(k);
      for (let j = 0; j < (k[0]! & 7); j++) ref.add(ref, T);
    }
    const w = under('wasm', () => ed25519.msmNonConst(pts, scs));
    expect(observe(w)).toBe(observe(ref));
    const a = under('ts', () => ed25519.msmNonConst(pts, scs));
    expect(observe(a)).toBe(observe(ref));
  });

  it('P + P, P + (−P), twice (0, −1), the identity and cancelling buckets, torsion components', () => {
    const r = rng(9);
    const B = ed25519.scalarBaseMult(le32(12345n));
    const order2 = torsion.find((t) => !t.isIdentity() && new Point().double(t).isIdentity())!;
    const pts: ed25519.Point[] = [];
    const scs: Uint8Array[] = [];
    const cur = B.clone();
    for (let i = 0; i < N; i++) {
      const k = scalar(r, i % 5 === 0 ? 16 : 32);
      let p: ed25519.Point;
      switch (i % 8) {
        case 0: // a fresh point with a torsion component
          cur.add(cur, B);
          p = new Point().add(cur, torsion[i % 8]!);
          break;
        case 1: // the same point and scalar again: P + P in a bucket
          p = pts[i - 1]!;
          k.set(scs[i - 1]!);
          break;
        case 2: // its negation with the same scalar: P + (−P)
          p = new Point().negate(pts[i - 2]!);
          k.set(scs[i - 2]!);
          break;
        case 3: // the point of order 2, with the scalar of the next entry
          p = order2;
          break;
        case 4: // again the point of order 2 and the same scalar: (0, 0) + (0, 0)
          p = order2;
          k.set(scs[i - 1]!);
          break;
        case 5:
          p = new Point();
          break;
        case 6: // a decoded point (Z = 1)
          cur.add(cur, B);
          p = Point.fromBytes(cur.toBytes());
          break;
        default:
          p = torsion[i % 8]!;
      }
      pts.push(p);
      scs.push(k);
    }
    const [a, w] = both(() => ed25519.msmNonConst(pts, scs));
    expect(w).toBe(a);
    // A sum that is the identity: every point next to its negation.
    const canc = pts.slice(0, N >> 1);
    const cs = [...canc.map((p) => new Point().negate(p)), ...canc];
    const ks = [...scs.slice(0, N >> 1), ...scs.slice(0, N >> 1)];
    const [a2, w2] = both(() => ed25519.msmNonConst(cs, ks));
    expect(w2).toBe(a2);
    expect(a2).toMatch(/id=true/);
  });

  it('forced windows and two kernel chunks, against one scalar multiplication per repeated point', () => {
    const r = rng(13);
    const B = ed25519.scalarBaseMult(le32(777n));
    const n = 16384 + 300;
    const pts: ed25519.Point[] = [];
    const cur = B.clone();
    for (let i = 0; i < n; i++) {
      if (i % 64 === 0) cur.add(cur, B);
      pts.push(i % 64 === 0 ? cur.clone() : pts[i - (i % 64)]!);
    }
    const scs = pts.map((_, i) => scalar(r, i % 3 === 0 ? 16 : 32));
    // Σ kᵢ·Pᵢ = Σ over the blocks of 64 equal points of (Σ kᵢ mod ℓ)·P (prime order).
    const big = (b: Uint8Array): bigint => b.reduceRight((v, x) => (v << 8n) | BigInt(x), 0n);
    const ref = (m: number): string => {
      const acc = new Point();
      for (let s = 0; s < m; s += 64) {
        let k = 0n;
        for (let i = s; i < Math.min(m, s + 64); i++) k += big(scs[i]!);
        acc.add(acc, ed25519.scalarMultNonConst(le32(k % L), pts[s]!));
      }
      return observe(acc);
    };
    expect(observe(under('wasm', () => ed25519.msmNonConst(pts, scs)))).toBe(ref(n));
    const few = pts.slice(0, N);
    const fs = scs.slice(0, N);
    const want = ref(N);
    for (const window of [2, 12, 16]) {
      expect(observe(under('wasm', () => ed25519.msmNonConst(few, fs, undefined, { algorithm: 'pippenger', window })))).toBe(want);
    }
  });
});
