/**
 * Property suite for the generic prime field: every operation of
 * `PrimeField` against the BigInt reference `PrimeFieldRef`, run over every
 * field the Edwards curves use (base fields BLS12-381 Fr and BN254 Fr, and
 * the curves' scalar fields), with edge-weighted generators (0, 1, p−1, p,
 * p+1, 2^256−1, …), aliasing of out and inputs, and every bad-input class.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { edgeBigInt, fieldEdges, bigToBytesLE, bigToBytesBE, toHex } from '@strata/testkit';
import { PrimeField, blsFr, bn254Fr, StrataError, ErrorCode } from '../../src/index.js';
import { PrimeFieldRef } from '../../src/reference/index.js';

const fields: [string, PrimeField][] = [
  ['BLS12-381 Fr (blsFr)', blsFr],
  ['BN254 Fr (bn254Fr)', bn254Fr],
  ['Jubjub scalar field', PrimeField.create(0x0e7db4ea6533afa906673b0101343b00a6682093ccc81082d0970e5ed6f72cb7n)],
  ['Bandersnatch scalar field', PrimeField.create(0x1cfb69d4ca675f520cce760202687600ff8f87007419047174fd06b52876e7e1n)],
  ['BabyJubjub subgroup order', PrimeField.create(0x060c89ce5c263405370a08b6d0302b0bab3eedb83920ee0a677297dc392126f1n)],
  // p ≡ 3 mod 4 (2-adicity 1) and a small field: the Tonelli–Shanks corner cases.
  ['secp256k1 p (p ≡ 3 mod 4)', PrimeField.create(0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn)],
  // Other limb counts take the generic (looped) Montgomery path: n = 6, 9, 10.
  ['2^127 − 1 (n = 6)', PrimeField.create((1n << 127n) - 1n)],
  ['NIST P-192 p (n = 9, p ≡ 3 mod 4)', PrimeField.create((1n << 192n) - (1n << 64n) - 1n)],
  ['NIST P-224 p (n = 10, 2-adicity 96)', PrimeField.create((1n << 224n) - (1n << 96n) + 1n)],
  // Tiny moduli: one limb; 65537 has 2-adicity 16, 3 is the smallest allowed.
  ['65537 (n = 1)', PrimeField.create(65537n)],
  ['3 (n = 1)', PrimeField.create(3n)],
];

const RUNS = 150;

/**
 * Edge-weighted values in [0, 2^bits) (reduced mod p if asked). testkit's
 * edgeBigInt draws offsets up to 2^40 around p, which cannot fit a 1–3 byte
 * field, so tiny moduli use the same edges with a uniform mix instead.
 */
function edgeArb(p: bigint, bits: number, reduced = false): fc.Arbitrary<bigint> {
  if (bits >= 64) return edgeBigInt(p, { bits, reduced });
  const top = (1n << BigInt(bits)) - 1n;
  const arb = fc.oneof(
    { weight: 3, arbitrary: fc.bigInt({ min: 0n, max: top }) },
    { weight: 2, arbitrary: fc.constantFrom(...fieldEdges(p, bits)) },
  );
  return reduced ? arb.map((x) => x % p) : arb;
}

function code(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof StrataError) return e.code;
    if (e instanceof TypeError) return 'TypeError';
    if (e instanceof RangeError) return 'RangeError';
    throw e;
  }
  return undefined;
}

describe('PrimeField constants', () => {
  it('blsFr and bn254Fr have the published moduli, 2-adicities and limb counts', () => {
    expect(blsFr.p).toBe(52435875175126190479447740508185965837690552500527637822603658699938581184513n);
    expect(bn254Fr.p).toBe(21888242871839275222246405745257275088548364400416034343698204186575808495617n);
    expect(blsFr.twoAdicity).toBe(32);
    expect(bn254Fr.twoAdicity).toBe(28);
    expect([blsFr.bits, blsFr.limbs, blsFr.byteLength]).toEqual([255, 11, 32]);
    expect([bn254Fr.bits, bn254Fr.limbs, bn254Fr.byteLength]).toEqual([254, 11, 32]);
    expect(PrimeField.create((1n << 224n) - (1n << 96n) + 1n).twoAdicity).toBe(96);
  });
  it('create() is cached and instances are frozen', () => {
    expect(PrimeField.create(blsFr.p)).toBe(blsFr);
    expect(Object.isFrozen(blsFr)).toBe(true);
    expect(() => { (blsFr as unknown as { p: bigint }).p = 7n; }).toThrow(TypeError);
  });
  it('rejects bad moduli', () => {
    expect(code(() => PrimeField.create(15n))).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(code(() => PrimeField.create(2n ** 255n - 18n))).toBe(ErrorCode.INVALID_ARGUMENT); // even
    expect(code(() => PrimeField.create(1n))).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(code(() => PrimeField.create(-7n))).toBe(ErrorCode.INVALID_ARGUMENT);
    // Carmichael number 561 = 3·11·17 and a product of two large primes.
    expect(code(() => PrimeField.create(561n))).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(code(() => PrimeField.create(blsFr.p * bn254Fr.p))).toBe(ErrorCode.INVALID_ARGUMENT);
    // Too wide: 2^521 − 1 is prime but exceeds 359 bits.
    expect(code(() => PrimeField.create(2n ** 521n - 1n))).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(code(() => PrimeField.create(7 as unknown as bigint))).toBe('TypeError');
  });
});

for (const [name, F] of fields) {
  describe(`PrimeField over ${name}`, () => {
    const R = new PrimeFieldRef(F.p);
    const p = F.p;
    const bits = F.byteLength * 8;
    const raw = edgeArb(p, bits);
    const red = edgeArb(p, bits, true);
    const el = (x: bigint) => F.setBigInt(F.create(), x);
    const opts = { numRuns: RUNS };

    it('setBigInt/toBigInt round-trip and reduce', () => {
      fc.assert(fc.property(raw, (x) => F.toBigInt(el(x)) === x % p), opts);
      expect(F.toBigInt(el(-1n))).toBe(p - 1n);
    });

    it('add, sub, negate, double, mul, square match the reference', () => {
      fc.assert(fc.property(red, red, (x, y) => {
        const a = el(x), b = el(y), o = F.create();
        expect(F.toBigInt(F.add(o, a, b))).toBe(R.add(x, y));
        expect(F.toBigInt(F.sub(o, a, b))).toBe(R.sub(x, y));
        expect(F.toBigInt(F.negate(o, a))).toBe(R.negate(x));
        expect(F.toBigInt(F.double(o, a))).toBe(R.add(x, x));
        expect(F.toBigInt(F.mul(o, a, b))).toBe(R.mul(x, y));
        expect(F.toBigInt(F.square(o, a))).toBe(R.square(x));
      }), opts);
    });

    it('invert, legendre, isSquare, sqrt match the reference', () => {
      fc.assert(fc.property(red, (x) => {
        const a = el(x), o = F.create();
        expect(F.toBigInt(F.invert(o, a))).toBe(R.invert(x));
        if (x !== 0n) expect(F.toBigInt(F.mul(o, o, a))).toBe(1n);
        expect(F.legendre(a)).toBe(R.legendre(x));
        expect(F.isSquare(a)).toBe(R.legendre(x) !== -1);
        const ok = F.sqrt(o, a);
        expect(ok).toBe(R.sqrt(x) !== undefined);
        if (ok) expect(R.square(F.toBigInt(o))).toBe(x);
      }), { numRuns: 60 });
    });

    it('sqrt of a square always succeeds and returns ± the root', () => {
      fc.assert(fc.property(red, (x) => {
        const a = el(x), sq = F.square(F.create(), a), o = F.create();
        expect(F.sqrt(o, sq)).toBe(true);
        const r = F.toBigInt(o);
        expect(r === x || r === R.negate(x)).toBe(true);
      }), { numRuns: 60 });
    });

    it('pow matches the reference', () => {
      fc.assert(fc.property(red, fc.bigInt({ min: 0n, max: (1n << 300n) }), (x, e) => {
        expect(F.toBigInt(F.pow(F.create(), el(x), e))).toBe(R.pow(x, e));
      }), { numRuns: 40 });
    });

    it('equals, isZero, isOne, isOdd, isLexLargest, cmov match the reference', () => {
      fc.assert(fc.property(red, red, fc.integer({ min: 0, max: 1 }), (x, y, flag) => {
        const a = el(x), b = el(y);
        expect(F.equals(a, b)).toBe(x === y);
        expect(F.equals(a, el(x))).toBe(true);
        expect(F.isZero(a)).toBe(x === 0n);
        expect(F.isOne(a)).toBe(x === 1n);
        expect(F.isOdd(a)).toBe((x & 1n) === 1n);
        expect(F.isLexLargest(a)).toBe(x > (p - 1n) / 2n);
        expect(F.toBigInt(F.cmov(F.create(), a, b, flag))).toBe(flag === 1 ? y : x);
      }), opts);
    });

    it('setZero, setOne, setMinusOne, setInt, set', () => {
      const o = F.create();
      expect(F.toBigInt(F.setOne(o))).toBe(1n);
      expect(F.toBigInt(F.setZero(o))).toBe(0n);
      expect(F.toBigInt(F.setMinusOne(o))).toBe(p - 1n);
      fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 48 - 1 }), (v) => {
        expect(F.toBigInt(F.setInt(o, v))).toBe(BigInt(v) % p);
      }), opts);
      expect(code(() => F.setInt(o, -1))).toBe('RangeError');
      expect(code(() => F.setInt(o, 2 ** 48))).toBe('RangeError');
      expect(code(() => F.setInt(o, 1.5))).toBe('RangeError');
      // An out that is not an element of this field: the library's TypeError at once (issue 10 fuzz contract).
      for (const bad of [undefined, null, {}, [], new Uint8Array(96), new Float64Array(F.limbs + 1), 'x']) {
        for (const f of [() => F.setBytesLE(bad as unknown as Float64Array, new Uint8Array(F.byteLength)), () => F.setBytesBE(bad as unknown as Float64Array, new Uint8Array(F.byteLength))]) {
          expect(f).toThrow(TypeError);
          expect(f).toThrow(/^field element out: expected an element of this field/);
        }
      }
      const a = el(12345n);
      expect(F.toBigInt(F.set(o, a))).toBe(12345n % p);
    });

    it('bytes in/out (LE and BE): canonical accept, ≥ p reject with ERR_NON_CANONICAL, reduce on request', () => {
      fc.assert(fc.property(raw, (x) => {
        const le = bigToBytesLE(x, F.byteLength);
        const be = bigToBytesBE(x, F.byteLength);
        const o = F.create();
        if (x < p) {
          expect(F.toBigInt(F.setBytesLE(o, le))).toBe(x);
          expect(F.toBigInt(F.setBytesBE(o, be))).toBe(x);
          expect(R.fromBytesLE(le)).toBe(x);
        } else {
          expect(code(() => F.setBytesLE(o, le))).toBe(ErrorCode.NON_CANONICAL);
          expect(code(() => F.setBytesBE(o, be))).toBe(ErrorCode.NON_CANONICAL);
          expect(code(() => R.fromBytesLE(le))).toBe(ErrorCode.NON_CANONICAL);
        }
        expect(F.toBigInt(F.setBytesLE(o, le, { reduce: true }))).toBe(x % p);
        expect(F.toBigInt(F.setBytesBE(o, be, { reduce: true }))).toBe(x % p);
        const v = el(x);
        expect(toHex(F.toBytesLE(v))).toBe(toHex(R.toBytesLE(x % p)));
        expect(toHex(F.toBytesBE(v))).toBe(toHex(R.toBytesBE(x % p)));
        const out = new Uint8Array(F.byteLength);
        expect(F.toBytesLE(v, out)).toBe(out);
        expect(toHex(out)).toBe(toHex(bigToBytesLE(x % p, F.byteLength)));
      }), opts);
    });

    it('bad byte inputs: wrong length → ERR_BAD_LENGTH, non-Uint8Array → TypeError', () => {
      const o = F.create();
      for (const len of [0, 1, F.byteLength - 1, F.byteLength + 1, 64].filter((l) => l !== F.byteLength)) {
        expect(code(() => F.setBytesLE(o, new Uint8Array(len)))).toBe(ErrorCode.BAD_LENGTH);
        expect(code(() => F.setBytesBE(o, new Uint8Array(len), { reduce: true }))).toBe(ErrorCode.BAD_LENGTH);
        expect(code(() => F.toBytesLE(o, new Uint8Array(len)))).toBe(ErrorCode.BAD_LENGTH);
      }
      expect(code(() => F.setBytesLE(o, [1, 2, 3] as unknown as Uint8Array))).toBe('TypeError');
      expect(code(() => F.setBytesBE(o, 'ab' as unknown as Uint8Array))).toBe('TypeError');
      expect(code(() => F.setBigInt(F.create(), 5 as unknown as bigint))).toBe('TypeError');
      expect(code(() => F.pow(o, o, -1n))).toBe('RangeError');
    });

    it('setBytesLE/BE options: wrong types throw TypeError, never read as truthy (issue 10, finding 7)', () => {
      const o = F.create();
      const big = new Uint8Array(F.byteLength).fill(0xff); // 2^(8·byteLength) − 1 ≥ p
      expect(code(() => F.setBytesLE(o, big))).toBe(ErrorCode.NON_CANONICAL);
      expect(code(() => F.setBytesLE(o, big, { reduce: undefined }))).toBe(ErrorCode.NON_CANONICAL);
      expect(code(() => F.setBytesLE(o, big, {}))).toBe(ErrorCode.NON_CANONICAL);
      for (const v of ['true', 'false', 1, 0, null, {}]) {
        expect(code(() => F.setBytesLE(o, big, { reduce: v } as never))).toBe('TypeError');
        expect(code(() => F.setBytesBE(o, big, { reduce: v } as never))).toBe('TypeError');
      }
      for (const opt of [null, 'reduce', true, 1, []]) expect(code(() => F.setBytesLE(o, big, opt as never))).toBe('TypeError');
    });

    it('aliasing: out may be any input', () => {
      fc.assert(fc.property(red, red, (x, y) => {
        const mk = () => [el(x), el(y)] as const;
        const bin: [string, (o: Float64Array, a: Float64Array, b: Float64Array) => Float64Array, bigint][] = [
          ['add', (o, a, b) => F.add(o, a, b), R.add(x, y)],
          ['sub', (o, a, b) => F.sub(o, a, b), R.sub(x, y)],
          ['mul', (o, a, b) => F.mul(o, a, b), R.mul(x, y)],
        ];
        for (const [, f, want] of bin) {
          let [a, b] = mk();
          expect(F.toBigInt(f(a, a, b))).toBe(want);
          [a, b] = mk();
          expect(F.toBigInt(f(b, a, b))).toBe(want);
        }
        const a = el(x);
        expect(F.toBigInt(F.mul(a, a, a))).toBe(R.square(x));
        const b = el(x);
        expect(F.toBigInt(F.add(b, b, b))).toBe(R.add(x, x));
        const c = el(x);
        expect(F.toBigInt(F.sub(c, c, c))).toBe(0n);
        const d = el(x);
        expect(F.toBigInt(F.negate(d, d))).toBe(R.negate(x));
        const e = el(x);
        expect(F.toBigInt(F.square(e, e))).toBe(R.square(x));
        const g = el(x);
        expect(F.toBigInt(F.invert(g, g))).toBe(R.invert(x));
        const h = el(x);
        if (F.sqrt(h, h)) expect(R.square(F.toBigInt(h))).toBe(x);
        const i = el(x);
        expect(F.toBigInt(F.pow(i, i, 5n))).toBe(R.pow(x, 5n));
      }), { numRuns: 40 });
    });
  });
}
