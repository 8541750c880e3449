/**
 * The BigInt reference itself, checked against an independent peer
 * (noble-curves' secp256k1 fields) so that the oracle is not only checked
 * against itself.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { refSecpFn, refSecpFp, SECP256K1_N, SECP256K1_P } from '../../src/reference/secp256k1.js';
import { FieldVal, secp256k1PrimeBytes, secp256k1SqrtExponentBytes } from '../../src/secp256k1/index.js';
import { bigN, bigP } from './helpers.js';

const Fp = secp256k1.Point.Fp;
const Fn = secp256k1.Point.Fn;

describe('secp256k1 reference vs noble-curves', () => {
  it('moduli and exported constants', () => {
    expect(SECP256K1_P).toBe(Fp.ORDER);
    expect(SECP256K1_N).toBe(Fn.ORDER);
    expect(refSecpFp.fromBytes(secp256k1PrimeBytes())).toBe(SECP256K1_P);
    expect(refSecpFp.fromBytes(secp256k1SqrtExponentBytes())).toBe((SECP256K1_P + 1n) / 4n);
    // fresh copies: mutating one does not change the next
    const b = secp256k1PrimeBytes();
    b[0] = 0;
    expect(secp256k1PrimeBytes()[0]).toBe(0xff);
  });

  it('GF(p): add, sub, mul, sqr, inv, sqrt, toBytes/fromBytes', () => {
    fc.assert(
      fc.property(bigP, bigP, (x0, y0) => {
        const x = refSecpFp.reduce(x0), y = refSecpFp.reduce(y0);
        expect(refSecpFp.add(x, y)).toBe(Fp.add(x, y));
        expect(refSecpFp.sub(x, y)).toBe(Fp.sub(x, y));
        expect(refSecpFp.negate(x)).toBe(Fp.neg(x));
        expect(refSecpFp.mul(x, y)).toBe(Fp.mul(x, y));
        expect(refSecpFp.square(x)).toBe(Fp.sqr(x));
        expect(refSecpFp.invert(x)).toBe(x === 0n ? 0n : Fp.inv(x));
        let nobleRoot: bigint | undefined;
        try {
          nobleRoot = Fp.sqrt(x);
        } catch {
          nobleRoot = undefined;
        }
        const r = refSecpFp.sqrt(x);
        expect(r === undefined).toBe(nobleRoot === undefined);
        if (r !== undefined && nobleRoot !== undefined) expect(r === nobleRoot || r === Fp.neg(nobleRoot)).toBe(true);
        expect(refSecpFp.fromBytes(refSecpFp.toBytes(x))).toBe(x);
        expect(refSecpFp.toBytes(x)).toEqual(Fp.toBytes(x));
      }),
      { numRuns: 60 },
    );
  });

  it('GF(n): add, mul, inv', () => {
    fc.assert(
      fc.property(bigN, bigN, (x0, y0) => {
        const x = refSecpFn.reduce(x0), y = refSecpFn.reduce(y0);
        expect(refSecpFn.add(x, y)).toBe(Fn.add(x, y));
        expect(refSecpFn.mul(x, y)).toBe(Fn.mul(x, y));
        expect(refSecpFn.invert(x)).toBe(x === 0n ? 0n : Fn.inv(x));
      }),
      { numRuns: 60 },
    );
  });

  it('FieldVal agrees with noble on mul (direct differential)', () => {
    fc.assert(
      fc.property(bigP, bigP, (x0, y0) => {
        const x = refSecpFp.reduce(x0), y = refSecpFp.reduce(y0);
        const a = new FieldVal(), b = new FieldVal();
        a.setBytesReduced(Fp.toBytes(x));
        b.setBytesReduced(Fp.toBytes(y));
        expect(a.mul(a, b).normalize().toBytes()).toEqual(Fp.toBytes(Fp.mul(x, y)));
      }),
      { numRuns: 100 },
    );
  });
});
