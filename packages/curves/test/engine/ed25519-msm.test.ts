/**
 * ed25519 msmNonConst under the WebAssembly engine against the TypeScript
 * engine (differential): sizes 0, 1, 2, around the Straus/Pippenger
 * threshold, beyond one Straus sub-chunk and beyond one region chunk;
 * forced algorithms and windows (including windows past the kernel's
 * bucket space); full 256-bit, reduced and short scalars; points with
 * torsion components, the identity, repeats, Z = 1 and Z ≠ 1.
 */
import { describe, expect, it } from 'vitest';
import * as ed25519 from '../../src/ed25519/index.js';
import { both, L, le32, loadWasmSelectTs, Point, rng, under, zip215Torsion } from './ed25519-helpers.js';

const torsion = zip215Torsion();

loadWasmSelectTs();

function randomBig(r: () => number, bits: number): bigint {
  let v = 0n;
  for (let i = 0; i < bits; i += 16) v = (v << 16n) | BigInt(Math.floor(r() * 65536));
  return v & ((1n << BigInt(bits)) - 1n);
}

/** n points: multiples of B with Z ≠ 1 and Z = 1 (decoded), torsion, the identity and repeats sprinkled in. */
function makePoints(n: number, seed: number): ed25519.Point[] {
  const r = rng(seed);
  const base = ed25519.scalarBaseMult(le32(randomBig(r, 252) + 1n));
  const out: ed25519.Point[] = [];
  const cur = base.clone();
  for (let i = 0; i < n; i++) {
    cur.add(cur, base);
    const p = cur.clone();
    if (i % 7 === 3) p.add(p, torsion[i % torsion.length]!);
    if (i % 29 === 5) p.setIdentity();
    if (i % 31 === 6 && i > 0) p.set(out[i - 1]!);
    // Every third point decoded (Z = 1: the kernel's mixed bucket additions).
    out.push(i % 3 === 0 ? Point.fromBytes(p.toBytes()) : p);
  }
  return out;
}

/** n scalars mixing 256-bit integers, Scalar25519 values, 128-bit values, 0, 1, ℓ − 1 and 2^256 − 1. */
function makeScalars(n: number, seed: number): ed25519.ScalarLike[] {
  const r = rng(seed);
  const out: ed25519.ScalarLike[] = [];
  for (let i = 0; i < n; i++) {
    switch (i % 9) {
      case 0:
        out.push(le32(randomBig(r, 256)));
        break;
      case 1:
        out.push(ed25519.Scalar25519.fromBytesReduced(le32(randomBig(r, 256))));
        break;
      case 2:
        out.push(le32(randomBig(r, 128)));
        break;
      case 3:
        out.push(le32(i % 2 === 0 ? 0n : 1n));
        break;
      case 4:
        out.push(le32(L - 1n));
        break;
      case 5:
        out.push(le32((1n << 256n) - 1n));
        break;
      default:
        out.push(le32(randomBig(r, 253)));
    }
  }
  return out;
}

function expectSame(n: number, seed: number, opts?: ed25519.MsmOptions, scalarBits?: number): void {
  const pts = makePoints(n, seed);
  const scs = scalarBits === undefined ? makeScalars(n, seed + 1) : Array.from({ length: n }, (_, i) => le32(randomBig(rng(seed + i), scalarBits)));
  const [a, w] = both(() => ed25519.msmNonConst(pts, scs, undefined, opts));
  expect(w, `n=${n} ${JSON.stringify(opts)}`).toBe(a);
}

describe('ed25519 msmNonConst under the WebAssembly engine', () => {
  it('sizes 0, 1, 2, 3 and all-zero scalars', () => {
    for (const n of [0, 1, 2, 3]) for (let s = 1; s < 6; s++) expectSame(n, 100 * n + s);
    const pts = makePoints(5, 9);
    const zeros = pts.map(() => le32(0n));
    const [a, w] = both(() => ed25519.msmNonConst(pts, zeros));
    expect(w).toBe(a);
    expect(a).toMatch(/id=true/);
  });

  it('around the Straus/Pippenger threshold and past one Straus sub-chunk', () => {
    const t = ed25519.MSM_PIPPENGER_THRESHOLD;
    for (const n of [t - 2, t - 1, t, t + 1, 130]) expectSame(n, n);
    expectSame(150, 7, { algorithm: 'straus' });
    expectSame(5, 8, { algorithm: 'pippenger' });
  });

  it('forced windows, including ones past the kernel bucket space', () => {
    for (const window of [2, 3, 8, 12, 13, 16]) expectSame(90, window, { algorithm: 'pippenger', window });
  });

  it('short scalars (the 128-bit coefficients of batch verification) and 1-bit scalars', () => {
    expectSame(300, 21, undefined, 128);
    expectSame(80, 22, undefined, 1);
    expectSame(70, 23, undefined, 256);
  });

  it('more pairs than one region chunk: same sum, into the given out', () => {
    const n = 3584 + 77;
    const pts = makePoints(n, 31);
    const scs = makeScalars(n, 32);
    const out = new Point();
    const [a, w] = both(() => ed25519.msmNonConst(pts, scs, out));
    expect(w).toBe(a);
    expect(under('wasm', () => ed25519.msmNonConst(pts, scs, out))).toBe(out);
  });

  it('the same errors for bad arguments', () => {
    const pts = makePoints(3, 41);
    const cases: Array<() => ed25519.Point> = [
      () => ed25519.msmNonConst(pts, [le32(1n), le32(2n)]),
      () => ed25519.msmNonConst(pts, [le32(1n), new Uint8Array(31), le32(2n)]),
      () => ed25519.msmNonConst([pts[0]!, 5 as unknown as ed25519.Point], [le32(1n), le32(2n)]),
      () => ed25519.msmNonConst(pts, [le32(1n), le32(2n), le32(3n)], undefined, { window: 40 }),
      () => ed25519.msmNonConst('x' as unknown as ed25519.Point[], []),
    ];
    for (const f of cases) {
      const [a, w] = both(f);
      expect(w).toBe(a);
      expect(a).toMatch(/Error/);
    }
  });
});
