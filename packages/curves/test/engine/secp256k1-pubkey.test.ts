/**
 * pointFromBytes and decompressY under the WebAssembly engine against the
 * TypeScript engine: the same points for every accepted encoding, and for
 * every rejected one the same error (class, code, message, offset).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FieldVal } from '@strata/field';
import { bigToBytesBE } from '@strata/testkit';
import { engine } from '../../src/index.js';
import * as S from '../../src/secp256k1/index.js';
import { bothEngines } from './engines.js';
import { NP, P, fromNoble, fv } from '../secp256k1/helpers.js';

const both = bothEngines;

/** What f returns, or the thrown error's observable parts. */
function outcome(f: () => S.JacobianPoint): unknown {
  try {
    const p = f();
    return { ok: [...p.x.n, ...p.y.n, ...p.z.n] };
  } catch (e) {
    const err = e as Error & { code?: string; offset?: number };
    return { name: err.name, ctor: err.constructor.name, code: err.code, message: err.message, offset: err.offset };
  }
}

/** Expects pointFromBytes(bytes) to behave identically under both engines; returns the outcome. */
function sameParse(bytes: Uint8Array): unknown {
  const [a, b] = both(() => outcome(() => S.pointFromBytes(bytes)));
  expect(b).toEqual(a);
  return a;
}

function encode(prefix: number, ...coords: bigint[]): Uint8Array {
  const out = new Uint8Array(1 + 32 * coords.length);
  out[0] = prefix;
  coords.forEach((c, i) => out.set(bigToBytesBE(c, 32), 1 + 32 * i));
  return out;
}

beforeAll(() => {
  engine.initWasmSync({ required: true });
});
afterAll(() => {
  engine.useEngine('ts');
});

describe('secp256k1 wasm: pointFromBytes', () => {
  it('accepts the same keys with the same (affine) points: compressed, uncompressed, hybrid', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 256n }), (k) => {
        const q = NP.BASE.multiply((k % (NP.CURVE().n - 1n)) + 1n).toAffine();
        const odd = (q.y & 1n) === 1n;
        for (const key of [encode(odd ? 3 : 2, q.x), encode(4, q.x, q.y), encode(odd ? 7 : 6, q.x, q.y)]) {
          const r = sameParse(key) as { ok: number[] };
          expect(r.ok).toBeDefined();
          expect(r.ok.slice(20)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        }
      }),
      { numRuns: 60 },
    );
    const g = NP.BASE.toAffine();
    sameParse(encode(2, g.x));
    sameParse(encode(3, g.x));
    engine.useEngine('wasm');
    const p = S.pointFromBytes(encode(3, g.x));
    engine.useEngine('ts');
    expect(p.y.toString()).toBe((P - g.y).toString(16).padStart(64, '0'));
  });

  it('rejects every error class identically', () => {
    const g = NP.BASE.toAffine();
    const cases: Uint8Array[] = [
      new Uint8Array(0), new Uint8Array(32), new Uint8Array(34), new Uint8Array(64), new Uint8Array(66), // BAD_LENGTH
      encode(0x04, g.x), encode(0x05, g.x), encode(0x00, g.x), // BAD_FORMAT (33)
      encode(0x02, g.x, g.y), encode(0x05, g.x, g.y), encode(0x08, g.x, g.y), // BAD_FORMAT (65)
      encode(0x02, P), encode(0x03, P + 5n), encode(0x02, 2n ** 256n - 1n), // X_TOO_BIG
      encode(0x04, P, g.y), encode(0x06, P + 1n, g.y), // X_TOO_BIG (65)
      encode(0x04, g.x, P), encode(0x07, g.x, 2n ** 256n - 1n), // Y_TOO_BIG
      encode((g.y & 1n) === 1n ? 6 : 7, g.x, g.y), encode((g.y & 1n) === 1n ? 6 : 7, g.x, g.y + 1n), // parity mismatch
      encode(0x04, g.x, g.y + 1n), encode(0x04, 0n, 0n), encode(0x04, 1n, 1n), // not on curve
      encode(0x02, 5n), encode(0x03, 0n), // compressed: x³ + 7 not a square (5³ + 7 = 132, 7 are non-squares mod p)
    ];
    const codes = new Set<string>();
    for (const c of cases) {
      const r = sameParse(c) as { code?: string; ok?: unknown };
      expect(r.ok).toBeUndefined();
      codes.add(String(r.code));
    }
    expect([...codes].sort()).toEqual(['ERR_BAD_FORMAT', 'ERR_BAD_LENGTH', 'ERR_POINT_NOT_ON_CURVE', 'ERR_X_TOO_BIG', 'ERR_Y_PARITY_MISMATCH', 'ERR_Y_TOO_BIG'].sort());
    // TypeErrors stay TypeErrors.
    for (const c of [null, 'x', [2, 3]]) {
      const [a, b] = both(() => outcome(() => S.pointFromBytes(c as unknown as Uint8Array)));
      expect(b).toEqual(a);
    }
  });

  it('leaves out unchanged on an error', () => {
    const out = S.generator();
    const before = [...out.x.n, ...out.y.n, ...out.z.n];
    engine.useEngine('wasm');
    expect(() => S.pointFromBytes(encode(0x02, 5n), out)).toThrow();
    expect(() => S.pointFromBytes(encode(0x04, 1n, 1n), out)).toThrow();
    engine.useEngine('ts');
    expect([...out.x.n, ...out.y.n, ...out.z.n]).toEqual(before);
  });
});

describe('secp256k1 wasm: decompressY', () => {
  it('the same root or null, for normalized and unnormalized x', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: P - 1n }), fc.boolean(), (x, odd) => {
        const fx = fv(x);
        const loose = new FieldVal().mulInt(fx, 3); // 3x as unnormalized magnitude-3 limbs
        for (const input of [fx, loose]) {
          const [a, b] = both(() => {
            const r = S.decompressY(input, odd);
            return r === null ? null : [...r.n];
          });
          expect(b).toEqual(a);
        }
      }),
      { numRuns: 80 },
    );
  });
});

describe('secp256k1 wasm: pointToBytes (wasm/secp256k1/affine.ts, with the divsteps inversion of the field)', () => {
  /** The 33- and 65-byte encodings of p under each engine, and noble's of q. */
  function sameEncodings(p: S.JacobianPoint, q: ReturnType<typeof NP.BASE.multiply>): void {
    const [a, b] = both(() => [S.pointToBytes(p), S.pointToBytesUncompressed(p)]);
    expect(b).toEqual(a);
    expect(b).toEqual([q.toBytes(true), q.toBytes(false)]);
  }

  it('encodes (X, Y, Z) as noble does for Z at the edges of the field and random', () => {
    const zs = [2n, 3n, P - 1n, P - 2n, (P - 1n) / 2n, 2n ** 255n, 2n ** 32n + 977n, 2n ** 224n - 1n, 0x1234567890abcdefn];
    const q = NP.BASE.multiply(0xdeadbeefn);
    for (const z of zs) sameEncodings(fromNoble(q, z), q);
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: NP.CURVE().n - 1n }), fc.bigInt({ min: 2n, max: P - 1n }), (k, z) => {
        const r = NP.BASE.multiply(k);
        sameEncodings(fromNoble(r, z), r);
      }),
      { numRuns: 60 },
    );
  });

  it('accepts Z as unnormalized limbs (magnitude 3) and leaves p unchanged', () => {
    const q = NP.BASE.multiply(77n);
    const p = fromNoble(q, 5n);
    p.z.mulInt(p.z, 3); //                            Z' = 3Z as magnitude-3 limbs: the point (X, Y, 3Z) ≠ q
    p.x.mulInt(p.x, 9).normalize();
    p.y.mulInt(p.y, 27).normalize(); //                (9X, 27Y, 3Z) = q again
    const before = [...p.x.n, ...p.y.n, ...p.z.n];
    sameEncodings(p, q);
    expect([...p.x.n, ...p.y.n, ...p.z.n]).toEqual(before);
  });
});
