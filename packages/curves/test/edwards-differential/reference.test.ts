/**
 * The reference checked on its own, before it judges Strata: against the
 * shared twisted-Edwards vectors (params.json, the zkcrypto Jubjub, the
 * circomlibjs BabyJubjub and the go-ipa Banderwagon KATs), RFC 8032's base
 * point, and internal consistency (affine law = completed law where both
 * are defined, group order, torsion structure).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readVectorJson, hex, toHex } from '@strata/testkit';
import { REF, fcParams, randomPointArb } from './common.js';
import { banderwagonDecodeRef, banderwagonEncodeRef, type Aff, type RefCurve } from './reference.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const dec = (o: Any): bigint => BigInt(typeof o === 'object' && o !== null && 'dec' in o ? o.dec : o);
const aff = (o: { x: Any; y: Any }): Aff => ({ x: dec(o.x), y: dec(o.y) });

describe('reference vs params.json', () => {
  const params = readVectorJson<Any>('twisted-edwards', 'params.json');
  const table: [string, RefCurve, Any][] = [
    ['jubjub', REF.jubjub, params.curves.jubjub],
    ['bandersnatch', REF.bandersnatch, params.curves.bandersnatch],
  ];
  for (const [name, ref, p] of table) {
    it(`${name}: curve order = h·r, every listed generator of order r is on the curve with r·P = O`, () => {
      expect(ref.h * ref.r).toBe(dec(p.curve_order));
      expect((ref.h * dec(p.cofactor_inverse_mod_r)) % ref.r).toBe(1n);
      for (const g of Object.values<Any>(p.generators)) {
        if (g?.x === undefined || g?.y === undefined) continue;
        const P = aff(g);
        expect(ref.isOnCurve(P)).toBe(true);
        if (g.order === 'r') expect(ref.isTorsionFree(P)).toBe(true);
      }
    });
  }
  it('babyJubjub (EIP-2494 standard form): Base8 = 8·Generator, order l; Generator has order 8·l', () => {
    const bj = params.curves.babyjubjub;
    const f = bj.forms.standard_EIP2494_circomlibjs;
    const ref = REF.babyJubjub;
    expect(ref.h * ref.r).toBe(dec(bj.curve_order_n));
    const G8 = aff(f.Generator_G);
    expect(ref.mul(8n, G8)).toEqual(aff(f.Base8_B));
    expect(ref.isTorsionFree(aff(f.Base8_B))).toBe(true);
    expect(ref.isTorsionFree(G8)).toBe(false);
    expect(ref.isIdentity(ref.mul(8n * ref.r, G8)!)).toBe(true);
  });
  it('bandersnatch: λ² ≡ −2 (mod r) and a, d are both non-squares (incomplete curve)', () => {
    const g = params.curves.bandersnatch.glv_endomorphism_gnark;
    const lam = dec(g.lambda), r = REF.bandersnatch.r;
    expect((lam * lam + 2n) % r).toBe(0n);
    expect(REF.bandersnatch.legendre(REF.bandersnatch.a)).toBe(-1);
    expect(REF.bandersnatch.legendre(REF.bandersnatch.d)).toBe(-1);
  });
  it('ed25519 (RFC 8032 §5.1): base point y = 4/5 with even x, ℓ·B = O, and the RFC encoding of B', () => {
    const ref = REF.ed25519;
    expect(ref.G.x).toBe(15112221349535400772501151409588531511454012693041857206046113283949847762202n);
    expect(ref.isTorsionFree(ref.G)).toBe(true);
    expect(toHex(ref.encode(ref.G))).toBe('5866666666666666666666666666666666666666666666666666666666666666');
  });
});

describe('reference vs zkcrypto Jubjub KAT', () => {
  const kat = readVectorJson<Any>('twisted-edwards', 'jubjub-zkcrypto-kat.json');
  const ref = REF.jubjub;
  const FG: Aff = { x: dec(kat.FULL_GENERATOR.u), y: dec(kat.FULL_GENERATOR.v) };
  it('FULL_GENERATOR has order 8·r', () => {
    expect(ref.isTorsionFree(FG)).toBe(false);
    expect(ref.isIdentity(ref.mul(4n * ref.r, FG)!)).toBe(false);
    expect(ref.isIdentity(ref.mul(8n * ref.r, FG)!)).toBe(true);
  });
  it('the 8 eight_torsion points are [i]·([r]·FULL_GENERATOR) and are exactly reference.torsion()', () => {
    const T = ref.mul(ref.r, FG)!;
    const pts = (kat.eight_torsion as Any[]).map((e) => ({ x: dec(e.u), y: dec(e.v) }));
    pts.forEach((P, i) => expect(ref.mul(BigInt(i + 1), T)).toEqual(P));
    const key = (P: Aff) => `${P.x},${P.y}`;
    expect(new Set(ref.torsion().map(key))).toEqual(new Set(pts.map(key)));
  });
  it('serialization_consistency: [k]·([8]·FULL_GENERATOR), encodings and decodings', () => {
    const B = ref.mul(8n, FG)!;
    for (const c of kat.serialization_consistency as Any[]) {
      const P = { x: dec(c.u), y: dec(c.v) };
      expect(ref.mul(BigInt(c.k), B)).toEqual(P);
      expect(toHex(ref.encode(P, 'parity'))).toBe(c.encoding_hex);
      expect(ref.decode(hex(c.encoding_hex), { encoding: 'parity', yTooBigCode: 'ERR_Y_TOO_BIG' })).toEqual({ ok: P });
    }
  });
  it('ZIP-216 non-canonical encodings are rejected (ERR_NON_CANONICAL), accepted with the sign bit cleared', () => {
    for (const c of kat.zip216_non_canonical_encodings as Any[]) {
      expect(ref.decode(hex(c.encoding_hex), { encoding: 'parity', yTooBigCode: 'ERR_Y_TOO_BIG' })).toEqual({ err: 'ERR_NON_CANONICAL' });
      expect('ok' in ref.decode(hex(c.with_sign_bit_cleared_hex), { encoding: 'parity', yTooBigCode: 'ERR_Y_TOO_BIG' })).toBe(true);
    }
  });
});

describe('reference vs circomlibjs BabyJubjub KAT', () => {
  const kat = readVectorJson<Any>('twisted-edwards', 'babyjubjub-circomlibjs-kat.json');
  const ref = REF.babyJubjub;
  for (const c of kat.cases as Any[]) {
    it(`${c.op}: ${c.name}`, () => {
      switch (c.op) {
        case 'add':
          expect(ref.add(aff(c.p1), aff(c.p2))).toEqual(aff(c.expected));
          expect(ref.addAffine(aff(c.p1), aff(c.p2))).toEqual(aff(c.expected));
          break;
        case 'mul':
          expect(ref.mul(dec(c.scalar), aff(c.point))).toEqual(aff(c.expected));
          break;
        case 'inCurve':
          expect(ref.isOnCurve(aff(c.point))).toBe(c.expected);
          break;
        case 'inSubgroup':
          expect(ref.isTorsionFree(aff(c.point))).toBe(c.expected);
          break;
        case 'pack':
          expect(toHex(ref.encode(aff(c.point), 'lexsign'))).toBe(c.expected_hex);
          expect(ref.decode(hex(c.expected_hex), { encoding: 'lexsign', yTooBigCode: 'ERR_Y_TOO_BIG' })).toEqual({ ok: aff(c.point) });
          break;
        default:
          throw new Error(`unknown op ${c.op}`);
      }
    });
  }
});

describe('reference vs go-ipa Banderwagon KAT', () => {
  const kat = readVectorJson<Any>('twisted-edwards', 'bandersnatch-banderwagon-kat.json');
  const ref = REF.bandersnatch;
  it('valid encodings: [2^i]·G, encode and decode (up to the (0, −1) quotient)', () => {
    for (const c of kat.valid_encodings as Any[]) {
      const P = aff(c);
      expect(ref.mul(1n << BigInt(c.i), ref.G)).toEqual(P);
      expect(toHex(banderwagonEncodeRef(ref, P))).toBe(c.encoding_hex);
      const D = banderwagonDecodeRef(ref, hex(c.encoding_hex));
      if (!('ok' in D)) throw new Error(`rejected ${c.encoding_hex}`);
      const same = (D.ok.x === P.x && D.ok.y === P.y) || (D.ok.x === ref.m(-P.x) && D.ok.y === ref.m(-P.y));
      expect(same).toBe(true);
    }
  });
  it('invalid encodings are rejected', () => {
    for (const c of kat.invalid_encodings as Any[]) expect('err' in banderwagonDecodeRef(ref, hex(c.encoding_hex))).toBe(true);
  });
});

describe('reference internal consistency', () => {
  for (const ref of [REF.jubjub, REF.bandersnatch, REF.babyJubjub, REF.ed25519]) {
    it(`${ref.name}: affine law = completed law where defined; associativity; P − P = O`, () => {
      const arb = randomPointArb(ref, false);
      fc.assert(fc.property(arb, arb, arb, (P, Q, R) => {
        const S = ref.add(P, Q);
        const A = ref.addAffine(P, Q);
        if (A !== null) expect(S).toEqual(A);
        const L = ref.affine(ref.addC(ref.addC(ref.lift(P), ref.lift(Q)), ref.lift(R)));
        const Rr = ref.affine(ref.addC(ref.lift(P), ref.addC(ref.lift(Q), ref.lift(R))));
        expect(L).toEqual(Rr);
        expect(ref.sub(P, P)).toEqual(ref.identity);
        if (S !== null) expect(ref.isOnCurve(S)).toBe(true);
      }), fcParams(15));
    });
    it(`${ref.name}: h·r kills every point; the h-torsion has h points (${ref.name === 'bandersnatch' ? '2' : '8'} affine)`, () => {
      fc.assert(fc.property(randomPointArb(ref, false), (P) => {
        expect(ref.isIdentityC(ref.mulC(ref.h * ref.r, ref.lift(P)))).toBe(true);
      }), fcParams(3));
      expect(ref.torsionAll().length).toBe(Number(ref.h));
      expect(ref.torsion().length).toBe(ref.name === 'bandersnatch' ? 2 : 8);
    });
  }
});
