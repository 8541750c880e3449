/**
 * Known-answer tests: BabyJubjub vs circomlibjs, Jubjub vs zkcrypto (with the
 * ZIP-216 non-canonical encodings), Bandersnatch vs go-ipa Banderwagon.
 */
import { describe, expect, it } from 'vitest';
import { readVectorJson, hex, toHex } from '@strata/testkit';
import { ErrorCode } from '@strata/field';
import { jubjub, bandersnatch, babyJubjub, PointAffine, PointExtended, PointProj, banderwagonToBytes, banderwagonFromBytes, banderwagonEquals, scalarMultNonConst } from '../../src/edwards/index.js';
import { errCode, mulG, pt } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

describe('BabyJubjub: circomlibjs test/babyjub.js', () => {
  const kat = readVectorJson<Any>('twisted-edwards', 'babyjubjub-circomlibjs-kat.json');
  const P = (o: { x: string; y: string }) => pt(babyJubjub, o.x, o.y);
  const same = (A: PointAffine, o: { x: string; y: string }) => expect(A.toBigInts()).toEqual({ x: BigInt(o.x), y: BigInt(o.y) });
  it('has the 13 cases', () => expect(kat.cases.length).toBe(13));
  for (const c of kat.cases as Any[]) {
    it(`${c.op}: ${c.name}`, () => {
      switch (c.op) {
        case 'add': {
          same(((p) => p.add(p, P(c.p2)))(P(c.p1)), c.expected);
          same(((p) => p.add(p, P(c.p2).toExtended()))(P(c.p1).toExtended()).toAffine(), c.expected);
          same(((p) => p.addAffine(p, P(c.p2)))(P(c.p1).toExtended()).toAffine(), c.expected);
          same(((p) => p.add(p, P(c.p2).toProj()))(P(c.p1).toProj()).toAffine(), c.expected);
          same(((p) => p.addAffine(p, P(c.p2)))(P(c.p1).toProj()).toAffine(), c.expected);
          break;
        }
        case 'mul': {
          const k = BigInt(c.scalar);
          same(scalarMultNonConst(k, P(c.point).toExtended()).toAffine(), c.expected);
          same(((p) => p.setExtended(scalarMultNonConst(k, p)))(P(c.point)), c.expected);
          same(((p) => p.setExtended(scalarMultNonConst(k, p)))(P(c.point).toProj()).toAffine(), c.expected);
          break;
        }
        case 'inCurve':
          expect(P(c.point).isOnCurve()).toBe(c.expected);
          expect(P(c.point).toExtended().isOnCurve()).toBe(c.expected);
          break;
        case 'inSubgroup':
          expect(P(c.point).isTorsionFree()).toBe(c.expected);
          expect(P(c.point).toProj().isTorsionFree()).toBe(c.expected);
          break;
        case 'pack': {
          expect(toHex(P(c.point).toBytes())).toBe(c.expected_hex);
          same(PointAffine.fromBytes(babyJubjub, hex(c.expected_hex)), c.point);
          same(PointAffine.fromBytes(babyJubjub, hex(c.expected_hex), { subgroup: true }), c.point);
          break;
        }
        default:
          throw new Error(`unknown op ${c.op}`);
      }
    });
  }
});

describe('Jubjub: zkcrypto/jubjub src/lib.rs', () => {
  const kat = readVectorJson<Any>('twisted-edwards', 'jubjub-zkcrypto-kat.json');
  const full = pt(jubjub, kat.FULL_GENERATOR.u, kat.FULL_GENERATOR.v);

  it('FULL_GENERATOR is on the curve, has order 8r, and is not torsion-free', () => {
    expect(full.isOnCurve()).toBe(true);
    expect(full.isTorsionFree()).toBe(false);
    const E = full.toExtended();
    expect(scalarMultNonConst(8n * jubjub.order, E.clone()).isIdentity()).toBe(true);
    expect(scalarMultNonConst(4n * jubjub.order, E.clone()).isIdentity()).toBe(false);
    expect(E.clone().clearCofactor(E).isTorsionFree()).toBe(true);
  });

  it('EIGHT_TORSION[i] = [i+1]·([r]·FULL_GENERATOR), each of small order', () => {
    const T = scalarMultNonConst(jubjub.order, full.toExtended());
    expect(kat.eight_torsion.length).toBe(8);
    for (const e of kat.eight_torsion as Any[]) {
      const want = pt(jubjub, e.u, e.v);
      const got = scalarMultNonConst(BigInt(e.index + 1), T.clone()).toAffine();
      expect(got.equals(want)).toBe(true);
      expect(want.isTorsionFree()).toBe(e.index === 7);
      expect(want.clone().clearCofactor(want).isIdentity()).toBe(true);
    }
  });

  it('to_bytes([k]·[8]·FULL_GENERATOR) for k = 1..16, and from_bytes back', () => {
    const B = ((p) => p.clearCofactor(p))(full.toExtended());
    const acc = new PointExtended(jubjub);
    expect(kat.serialization_consistency.length).toBe(16);
    for (const e of kat.serialization_consistency as Any[]) {
      acc.add(acc, B);
      const A = acc.toAffine();
      expect(A.toBigInts()).toEqual({ x: BigInt(e.u), y: BigInt(e.v) });
      expect(toHex(A.toBytes())).toBe(e.encoding_hex);
      const D = PointAffine.fromBytes(jubjub, hex(e.encoding_hex), { subgroup: true });
      expect(D.equals(A)).toBe(true);
    }
  });

  it('ZIP-216: rejects x = 0 with the sign bit set; accepts them with it cleared', () => {
    expect(kat.zip216_non_canonical_encodings.length).toBe(2);
    for (const e of kat.zip216_non_canonical_encodings as Any[]) {
      expect(e['from_bytes (ZIP 216)']).toBe('reject');
      expect(errCode(() => PointAffine.fromBytes(jubjub, hex(e.encoding_hex)))).toBe(ErrorCode.NON_CANONICAL);
      const ok = PointAffine.fromBytes(jubjub, hex(e.with_sign_bit_cleared_hex));
      expect(jubjub.F.isZero(ok.x)).toBe(true);
      expect(toHex(ok.toBytes())).toBe(e.with_sign_bit_cleared_hex);
    }
  });
});

describe('Bandersnatch: go-ipa Banderwagon element_test.go', () => {
  const kat = readVectorJson<Any>('twisted-edwards', 'bandersnatch-banderwagon-kat.json');

  it('[2^i]·G encodes to the 16 fixed vectors and decodes to the same element', () => {
    expect(kat.valid_encodings.length).toBe(16);
    const P = new PointExtended(bandersnatch).setGenerator();
    for (const e of kat.valid_encodings as Any[]) {
      const want = pt(bandersnatch, e.x, e.y);
      expect(P.toAffine().equals(want)).toBe(true);
      expect(toHex(banderwagonToBytes(P))).toBe(e.encoding_hex);
      expect(toHex(banderwagonToBytes(want))).toBe(e.encoding_hex);
      const D = banderwagonFromBytes(hex(e.encoding_hex));
      expect(banderwagonEquals(D, P)).toBe(true);
      // The decoded representative has the lexicographically largest y: it is P or P + (0, −1).
      const A = D.toAffine();
      expect(bandersnatch.F.isLexLargest(A.y)).toBe(true);
      const alt = ((p) => p.add(p, P))(new PointExtended(bandersnatch).setAffine(pt(bandersnatch, 0n, bandersnatch.F.p - 1n)));
      expect(D.equals(P) || D.equals(alt)).toBe(true);
      expect(D.isOnCurve()).toBe(true);
      expect(toHex(banderwagonToBytes(D))).toBe(e.encoding_hex);
      P.double(P);
    }
  });

  it('rejects the 16 invalid encodings (not in the Banderwagon subgroup)', () => {
    expect(kat.invalid_encodings.length).toBe(16);
    for (const e of kat.invalid_encodings as Any[]) {
      expect(errCode(() => banderwagonFromBytes(hex(e.encoding_hex)))).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
    }
  });

  it('rejects every other invalid class with its typed error', () => {
    const q = bandersnatch.F.p;
    const be = (v: bigint) => hex(v.toString(16).padStart(64, '0'));
    expect(errCode(() => banderwagonFromBytes(be(q)))).toBe(ErrorCode.X_TOO_BIG);
    expect(errCode(() => banderwagonFromBytes(be((1n << 256n) - 1n)))).toBe(ErrorCode.X_TOO_BIG);
    expect(errCode(() => banderwagonFromBytes(new Uint8Array(31)))).toBe(ErrorCode.BAD_LENGTH);
    expect(errCode(() => banderwagonFromBytes(new Uint8Array(33)))).toBe(ErrorCode.BAD_LENGTH);
    expect(errCode(() => banderwagonFromBytes('00' as unknown as Uint8Array))).toBe('TypeError');
    // Find an x with no y on the curve.
    let x = 2n, found = false;
    for (; x < 200n; x++) {
      const c = errCode(() => banderwagonFromBytes(be(x)));
      if (c === ErrorCode.POINT_NOT_ON_CURVE) { found = true; break; }
    }
    expect(found).toBe(true);
    // The identity encodes as zero; zero decodes to (0, −1), the same Banderwagon element.
    const O = new PointExtended(bandersnatch);
    expect(toHex(banderwagonToBytes(O))).toBe('00'.repeat(32));
    const Z = banderwagonFromBytes(new Uint8Array(32));
    expect(banderwagonEquals(Z, O)).toBe(true);
    expect(Z.toAffine().toBigInts()).toEqual({ x: 0n, y: bandersnatch.F.p - 1n });
    expect(banderwagonEquals(mulG(bandersnatch, 5n), O)).toBe(false);
    expect(errCode(() => banderwagonToBytes(new PointExtended(jubjub)))).toBe('TypeError');
    expect(errCode(() => banderwagonEquals(new PointExtended(jubjub), O))).toBe('TypeError');
    void PointProj;
  });
});
