/// <reference path="../../../../vitest.browser.env.d.ts" />
/**
 * @strata/field in headless Chromium: element arithmetic of every field
 * against BigInt on a few values (0, 1, p − 1, and mid-size values), dcrd's
 * FieldVal multiplication table from the shared vectors, and the README
 * example run as it stands in the README.
 */
import { describe, expect, it } from 'vitest';
import { bigFromBytesBE, bigFromBytesLE, bigToBytesBE, bigToBytesLE, readVectorJson, toHex } from 'virtual:strata/testkit';
import * as readme from 'virtual:strata/readme/field';
import { FieldVal, ModNScalar, Fe25519, Scalar25519, PrimeField, blsFr } from '@strata/field';

const P = 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn;
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const P25519 = (1n << 255n) - 19n;
const L25519 = (1n << 252n) + 27742317777372353535851937790883648493n;

/** A few values below m: the edges and some mixed-size ones. */
function values(m: bigint): bigint[] {
  return [0n, 1n, 2n, m - 1n, m - 2n, (m * 3n) / 7n, 0x1234567890abcdefn, (1n << 200n) + 12345n].map((v) => v % m);
}

function modPow(b: bigint, e: bigint, m: bigint): bigint {
  let r = 1n;
  b %= m;
  while (e > 0n) {
    if (e & 1n) r = (r * b) % m;
    b = (b * b) % m;
    e >>= 1n;
  }
  return r;
}
const inv = (a: bigint, m: bigint) => (a === 0n ? 0n : modPow(a, m - 2n, m));
const mod = (a: bigint, m: bigint) => ((a % m) + m) % m;

describe('field in the browser', () => {
  it('runs in a real browser page', () => {
    const g = globalThis as { window?: unknown; document?: unknown; navigator?: { userAgent: string } };
    expect(g.window).toBe(globalThis);
    expect(typeof g.document).toBe('object');
    expect(g.navigator?.userAgent).toMatch(/Chrome\//);
  });

  it('secp256k1 FieldVal: add, mul, square, negate, invert against BigInt', () => {
    const fv = (v: bigint) => {
      const f = new FieldVal();
      f.setBytesReduced(bigToBytesBE(v, 32));
      return f;
    };
    const big = (f: FieldVal) => bigFromBytesBE(f.toBytes());
    for (const a of values(P)) {
      for (const b of values(P)) {
        expect(big(((t) => t.add(t, fv(b)))(fv(a)).normalize())).toBe(mod(a + b, P));
        expect(big(((t) => t.mul(t, fv(b)))(fv(a)).normalize())).toBe(mod(a * b, P));
      }
      expect(big(((t) => t.square(t))(fv(a)).normalize())).toBe(mod(a * a, P));
      expect(big(((t) => t.negate(t, 1))(fv(a)).normalize())).toBe(mod(-a, P));
      expect(big(((t) => t.invert(t))(fv(a)).normalize())).toBe(inv(a, P));
      expect(big(((t) => t.invertNonConst(t))(fv(a)).normalize())).toBe(inv(a, P));
    }
  });

  it('secp256k1 ModNScalar: add, mul, negate, invert against BigInt', () => {
    const sc = (v: bigint) => {
      const s = new ModNScalar();
      s.setBytesReduced(bigToBytesBE(v, 32));
      return s;
    };
    const big = (s: ModNScalar) => bigFromBytesBE(s.toBytes());
    for (const a of values(N)) {
      for (const b of values(N)) {
        expect(big(((t) => t.add(t, sc(b)))(sc(a)))).toBe(mod(a + b, N));
        expect(big(((t) => t.mul(t, sc(b)))(sc(a)))).toBe(mod(a * b, N));
      }
      expect(big(((t) => t.negate(t))(sc(a)))).toBe(mod(-a, N));
      expect(big(((t) => t.invert(t))(sc(a)))).toBe(inv(a, N));
    }
  });

  it('GF(2^255 − 19) Fe25519 and the ed25519 scalar field against BigInt', () => {
    for (const a of values(P25519)) {
      for (const b of values(P25519)) {
        const x = Fe25519.fromBytes(bigToBytesLE(a, 32));
        const y = Fe25519.fromBytes(bigToBytesLE(b, 32));
        expect(bigFromBytesLE(new Fe25519().add(x, y).toBytes())).toBe(mod(a + b, P25519));
        expect(bigFromBytesLE(new Fe25519().sub(x, y).toBytes())).toBe(mod(a - b, P25519));
        expect(bigFromBytesLE(new Fe25519().mul(x, y).toBytes())).toBe(mod(a * b, P25519));
      }
      const x = Fe25519.fromBytes(bigToBytesLE(a, 32));
      expect(bigFromBytesLE(new Fe25519().invert(x).toBytes())).toBe(inv(a, P25519));
    }
    for (const a of values(L25519)) {
      for (const b of values(L25519)) {
        const x = Scalar25519.fromBytes(bigToBytesLE(a, 32));
        const y = Scalar25519.fromBytes(bigToBytesLE(b, 32));
        expect(new Scalar25519().mul(x, y).toBigInt()).toBe(mod(a * b, L25519));
        expect(new Scalar25519().add(x, y).toBigInt()).toBe(mod(a + b, L25519));
      }
    }
  });

  it('generic PrimeField (BLS12-381 Fr and a created field) against BigInt', () => {
    for (const F of [blsFr, PrimeField.create(0x0e7db4ea6533afa906673b0101343b00a6682093ccc81082d0970e5ed6f72cb7n)]) {
      const p = F.p;
      for (const a of values(p)) {
        for (const b of values(p)) {
          const out = F.create();
          expect(F.toBigInt(F.add(out, F.setBigInt(F.create(), a), F.setBigInt(F.create(), b)))).toBe(mod(a + b, p));
          expect(F.toBigInt(F.mul(out, F.setBigInt(F.create(), a), F.setBigInt(F.create(), b)))).toBe(mod(a * b, p));
          expect(F.toBigInt(F.sub(out, F.setBigInt(F.create(), a), F.setBigInt(F.create(), b)))).toBe(mod(a - b, p));
        }
        if (a !== 0n) expect(F.toBigInt(F.invert(F.create(), F.setBigInt(F.create(), a)))).toBe(inv(a, p));
      }
    }
  });

  it("dcrd's TestFieldMul table from the shared vectors", async () => {
    const file = await readVectorJson<{ tests: Array<{ test: string; cases: Array<Record<string, string>> }> }>(
      'dcrd-secp256k1',
      'field_test.json',
    );
    const table = file.tests.find((t) => t.test === 'TestFieldMul');
    expect(table).toBeDefined();
    expect(table!.cases.length).toBeGreaterThan(0);
    for (const c of table!.cases) {
      const a = fromHex(c['in1']!) % P;
      const b = fromHex(c['in2']!) % P;
      const f = new FieldVal();
      f.setBytesReduced(bigToBytesBE(a, 32));
      const g = new FieldVal();
      g.setBytesReduced(bigToBytesBE(b, 32));
      expect(toHex(f.mul(f, g).normalize().toBytes()), c['name']).toBe(toHex(bigToBytesBE(fromHex(c['expected']!), 32)));
    }
  });
});

function fromHex(h: string): bigint {
  return BigInt('0x' + (h === '' ? '0' : h));
}

describe('README example in the browser', () => {
  it('runs as written and prints what the README shows', async () => {
    expect(readme.expected.length).toBeGreaterThan(0);
    expect(await readme.printed()).toEqual(readme.expected);
  });
});
