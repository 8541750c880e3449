/**
 * The constant-time ed25519 multiplications under the WebAssembly engine
 * against the TypeScript engine (differential): scalarBaseMult (and its
 * encoding twin scalarBaseMultToBytes),
 * scalarMult and scalarMultTable on edge and random scalars (bytes as full
 * 256-bit integers, Scalar25519 values), points with torsion components,
 * tables built once and used under both engines; the same errors first.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toHex } from '@strata/testkit';
import * as ed25519 from '../../src/ed25519/index.js';
import { both, L, le32, loadWasmSelectTs, Point, under, zip215Torsion } from './ed25519-helpers.js';
import { bothEngines } from './engines.js';

const torsion = zip215Torsion();

loadWasmSelectTs();

const EDGE: bigint[] = [0n, 1n, 2n, 8n, 15n, 16n, L - 1n, L, L + 1n, 8n * L, (1n << 252n) - 1n, (1n << 255n) - 1n, (1n << 256n) - 1n, 0x8888888888888888n];

const POINTS: Array<[string, ed25519.Point]> = [
  ['B', Point.generator()],
  ['O', Point.identity()],
  ['order 8', torsion.find((t) => !t.clone().doubleK(t, 2).isIdentity()) ?? torsion[0]!],
  ['random + torsion', ed25519.scalarBaseMult(le32(0xabcdefn)).add(ed25519.scalarBaseMult(le32(0xabcdefn)), torsion[2]!)],
];

describe('ed25519 constant-time multiplication under the WebAssembly engine', () => {
  it('scalarBaseMult: edge scalars as bytes and as Scalar25519', () => {
    for (const k of EDGE) {
      const [a, w] = both(() => ed25519.scalarBaseMult(le32(k)));
      expect(w, `k=${k}`).toBe(a);
      const s = ed25519.Scalar25519.fromBytesReduced(le32(k));
      const [c, d] = both(() => ed25519.scalarBaseMult(s));
      expect(d).toBe(c);
      const [e, f] = bothEngines(() => toHex(ed25519.scalarBaseMultToBytes(s)));
      expect(f).toBe(e);
      expect(e).toBe(toHex(under('ts', () => ed25519.scalarBaseMult(s).toBytes())));
      const [g, h] = bothEngines(() => toHex(ed25519.scalarBaseMultToBytes(le32(k))));
      expect(h).toBe(g);
    }
  });

  it('scalarMult and scalarMultTable: edge scalars, every test point, tables shared by both engines', () => {
    for (const [name, p] of POINTS) {
      const table = ed25519.precompute(p);
      for (const k of EDGE) {
        const [a, w] = both(() => ed25519.scalarMult(le32(k), p));
        expect(w, `${name} k=${k}`).toBe(a);
        const [c, d] = both(() => ed25519.scalarMultTable(le32(k), table));
        expect(d, `${name} table k=${k}`).toBe(c);
        const s = ed25519.Scalar25519.fromBytesReduced(le32(k));
        const [e, f] = both(() => ed25519.scalarMultTable(s, table));
        expect(f).toBe(e);
        const [g, h] = both(() => ed25519.scalarMult(s, p));
        expect(h).toBe(g);
      }
    }
  });

  it('random scalars and points', () => {
    fc.assert(
      fc.property(fc.bigInt(0n, (1n << 256n) - 1n), fc.bigInt(1n, L - 1n), fc.nat(7), (k, m, t) => {
        const p = ed25519.scalarBaseMult(le32(m)).add(ed25519.scalarBaseMult(le32(m)), torsion[t % torsion.length]!);
        const [a, w] = both(() => ed25519.scalarBaseMult(le32(k)));
        expect(w).toBe(a);
        const [c, d] = both(() => ed25519.scalarMult(le32(k), p));
        expect(d).toBe(c);
        const table = ed25519.precompute(p);
        const [e, f] = both(() => ed25519.scalarMultTable(le32(k), table));
        expect(f).toBe(e);
      }),
      { numRuns: 40 },
    );
  });

  it('alternating secret and public tables keep the cached WebAssembly copies right', () => {
    const p = POINTS[3]![1];
    const st = ed25519.precompute(p);
    const pt = ed25519.precomputeNonConst(p);
    const st2 = ed25519.precompute(Point.generator());
    for (let i = 0; i < 3; i++) {
      for (const f of [
        () => ed25519.scalarMultTable(le32(12345n + BigInt(i)), st),
        () => ed25519.doubleScalarMultBaseNonConst(le32(777n), pt, le32(99n)),
        () => ed25519.scalarMultTable(le32(L - 3n), st2),
        () => ed25519.scalarMultTable(le32(5n), st),
      ]) {
        const [a, w] = both(f);
        expect(w).toBe(a);
      }
    }
  });

  it('writes into out (which may be the input point), and the same errors come first', () => {
    const p = POINTS[3]![1].clone();
    const expected = under('ts', () => ed25519.scalarMult(le32(77n), p.clone()).toBytes());
    const r = under('wasm', () => ed25519.scalarMult(le32(77n), p, p));
    expect(r).toBe(p);
    expect(Array.from(p.toBytes())).toEqual(Array.from(expected));
    const table = ed25519.precompute(Point.generator());
    const cases: Array<() => ed25519.Point> = [
      () => ed25519.scalarBaseMult(new Uint8Array(31)),
      () => ed25519.scalarBaseMult(7 as unknown as Uint8Array),
      () => ed25519.scalarBaseMultToBytes(le32(1n), new Uint8Array(31)) as unknown as ed25519.Point,
      () => ed25519.scalarBaseMultToBytes(le32(1n), new Uint8Array(40), 9) as unknown as ed25519.Point,
      () => ed25519.scalarBaseMultToBytes(le32(1n), [] as unknown as Uint8Array) as unknown as ed25519.Point,
      () => ed25519.scalarMult(new Uint8Array(33), Point.generator()),
      () => ed25519.scalarMultTable(new Uint8Array(3), table),
      () => ed25519.scalarMultTable(le32(1n), {} as ed25519.SecretPointTable),
    ];
    for (const f of cases) {
      const [a, w] = both(f);
      expect(w).toBe(a);
      expect(a).toMatch(/Error/);
    }
  });
});
