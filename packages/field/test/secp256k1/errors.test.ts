/**
 * Bad input to the secp256k1 field types: wrong types throw TypeError at once,
 * wrong lengths throw StrataError ERR_BAD_LENGTH, never a silent wrong value.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode, StrataError } from '../../src/errors.js';
import { FieldVal, ModNScalar, secp256k1OrderBytes, secp256k1PrimeBytes } from '../../src/secp256k1/index.js';
import { refSecpFp, refSecpFn } from '../../src/reference/secp256k1.js';

const notBytes: unknown[] = [undefined, null, 'aa'.repeat(32), 42, {}, Array(32).fill(0), new Uint16Array(32), new ArrayBuffer(32)];

function expectCode(fn: () => unknown, code: string, msg: RegExp): void {
  let err: unknown;
  try {
    fn();
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(StrataError);
  expect((err as StrataError).code).toBe(code);
  expect((err as StrataError).message).toMatch(msg);
}

describe('FieldVal bad input', () => {
  it('setBytes / setBytesReduced / setBytesUnreduced / trySetBytes: TypeError for non-Uint8Array', () => {
    for (const x of notBytes) {
      expect(() => new FieldVal().setBytes(x as Uint8Array)).toThrow(TypeError);
      expect(() => new FieldVal().setBytesUnreduced(x as Uint8Array)).toThrow(TypeError);
      expect(() => new FieldVal().setBytesReduced(x as Uint8Array)).toThrow(TypeError);
      expect(() => new FieldVal().trySetBytes(x as Uint8Array)).toThrow(TypeError);
    }
    expect(() => new FieldVal().setBytes(null as unknown as Uint8Array)).toThrow(/FieldVal.setBytes: expected Uint8Array, got null/);
    expect(() => new FieldVal().setBytesReduced(null as unknown as Uint8Array)).toThrow(/FieldVal.setBytesReduced: expected Uint8Array, got null/);
  });

  it('setBytes: ERR_BAD_LENGTH for every length but 32, and the receiver is untouched', () => {
    for (const len of [0, 1, 31, 33, 64]) {
      const f = new FieldVal().setInt(7);
      expectCode(() => f.setBytes(new Uint8Array(len)), ErrorCode.BAD_LENGTH, new RegExp(`FieldVal.setBytes: expected 32 bytes, got ${len}`));
      expectCode(() => f.setBytesUnreduced(new Uint8Array(len)), ErrorCode.BAD_LENGTH, /expected 32 bytes/);
      expect(f.n[0]).toBe(7);
    }
    for (const len of [33, 64]) {
      const f = new FieldVal().setInt(7);
      expectCode(() => f.setBytesReduced(new Uint8Array(len)), ErrorCode.BAD_LENGTH, new RegExp(`at most 32 bytes, got ${len}`));
      expect(f.n[0]).toBe(7);
    }
  });

  it('setBytes: ERR_NON_CANONICAL for p ≤ b < 2^256, receiver untouched; setBytesReduced reduces them', () => {
    const p = secp256k1PrimeBytes();
    const pPlus1 = p.slice();
    pPlus1[31] = pPlus1[31]! + 1;
    for (const b of [p, pPlus1, new Uint8Array(32).fill(0xff)]) {
      const f = new FieldVal().setInt(7);
      expectCode(() => f.setBytes(b), ErrorCode.NON_CANONICAL, /FieldVal.setBytes: expected a canonical encoding \(< p\), got a value ≥ p/);
      expect(f.n[0]).toBe(7);
      expect(f.trySetBytes(b)).toBe(false);
      expect(new FieldVal().setBytesReduced(b)).toBe(true);
    }
    const pMinus1 = p.slice();
    pMinus1[31] = pMinus1[31]! - 1;
    expect(new FieldVal().setBytes(pMinus1).toBytes()).toEqual(pMinus1);
  });

  it('trySetBytes: false (never a throw) for any Uint8Array too short after the offset; TypeError for a bad offset', () => {
    for (let len = 0; len < 40; len++) {
      const b = new Uint8Array(len).fill(1);
      expect(new FieldVal().trySetBytes(b)).toBe(len >= 32);
      expect(new FieldVal().trySetBytes(b, 5)).toBe(len >= 37);
    }
    for (const off of [-1, 1.5, Number.NaN, '1']) expect(() => new FieldVal().trySetBytes(new Uint8Array(32), off as number)).toThrow(TypeError);
  });

  it('putBytes: TypeError for a non-Uint8Array or bad offset, ERR_BAD_LENGTH when too short', () => {
    const f = new FieldVal().setInt(1);
    for (const x of notBytes) expect(() => f.putBytes(x as Uint8Array)).toThrow(TypeError);
    expect(() => f.putBytes(new Uint8Array(40), -1)).toThrow(TypeError);
    expect(() => f.putBytes(new Uint8Array(40), 1.5)).toThrow(TypeError);
    expectCode(() => f.putBytes(new Uint8Array(31)), ErrorCode.BAD_LENGTH, /expected at least 32 bytes, got 31/);
    expectCode(() => f.putBytes(new Uint8Array(40), 9), ErrorCode.BAD_LENGTH, /expected at least 41 bytes, got 40/);
    const out = new Uint8Array(32);
    f.putBytes(out);
    expect(out[31]).toBe(1);
  });

  it('addInt, mulInt, negate (in place and into a fresh value): RangeError for out-of-contract integers', () => {
    const f = new FieldVal().setInt(3);
    for (const k of [-1, 2 ** 26, 0.5, Number.NaN]) expect(() => f.addInt(f, k)).toThrow(RangeError);
    for (const k of [-1, 33, 1.5, Number.NaN]) expect(() => f.mulInt(f, k)).toThrow(RangeError);
    for (const m of [-1, 32, 2.5, Number.NaN]) {
      expect(() => f.negate(f, m)).toThrow(RangeError);
      expect(() => new FieldVal().negate(f, m)).toThrow(RangeError);
    }
    expect(f.n[0]).toBe(3);
    expect(f.addInt(f, 2 ** 26 - 1).mulInt(f, 32).negate(f, 31).normalize().isZero()).toBe(false);
  });

  it('setInt: RangeError outside [0, 2^52) or non-integers', () => {
    for (const k of [-1, 2 ** 52, 1.5, Number.NaN, Infinity]) {
      expect(() => new FieldVal().setInt(k)).toThrow(RangeError);
    }
    for (const v of ['1', 1n, null, undefined, {}, [], true]) expect(() => new FieldVal().setInt(v as unknown as number)).toThrow(TypeError);
  });
});

describe('ModNScalar bad input', () => {
  it('TypeError for non-Uint8Array input', () => {
    for (const x of notBytes) {
      expect(() => new ModNScalar().setBytes(x as Uint8Array)).toThrow(TypeError);
      expect(() => new ModNScalar().setBytesReduced(x as Uint8Array)).toThrow(TypeError);
      expect(() => new ModNScalar().trySetBytes(x as Uint8Array)).toThrow(TypeError);
      expect(() => new ModNScalar().putBytes(x as Uint8Array)).toThrow(TypeError);
    }
  });

  it('ERR_BAD_LENGTH for wrong lengths, receiver untouched', () => {
    for (const len of [0, 31, 33]) {
      const s = new ModNScalar().setInt(9);
      expectCode(() => s.setBytes(new Uint8Array(len)), ErrorCode.BAD_LENGTH, new RegExp(`ModNScalar.setBytes: expected 32 bytes, got ${len}`));
      expect(s.n[0]).toBe(9);
    }
    expectCode(() => new ModNScalar().setBytesReduced(new Uint8Array(40)), ErrorCode.BAD_LENGTH, /at most 32 bytes, got 40/);
    expectCode(() => new ModNScalar().putBytes(new Uint8Array(16)), ErrorCode.BAD_LENGTH, /expected at least 32 bytes, got 16/);
    expect(() => new ModNScalar().putBytes(new Uint8Array(32), -2)).toThrow(TypeError);
  });

  it('setBytes: ERR_NON_CANONICAL for n ≤ b < 2^256, receiver untouched; trySetBytes false; setBytesReduced reduces', () => {
    const n = secp256k1OrderBytes();
    const nMinus1 = n.slice();
    nMinus1[31] = nMinus1[31]! - 1;
    for (const b of [n, new Uint8Array(32).fill(0xff)]) {
      const s = new ModNScalar().setInt(9);
      expectCode(() => s.setBytes(b), ErrorCode.NON_CANONICAL, /ModNScalar.setBytes: expected a canonical encoding \(< n\), got a value ≥ n/);
      expect(s.n[0]).toBe(9);
      expect(s.trySetBytes(b)).toBe(false);
      expect(new ModNScalar().setBytesReduced(b)).toBe(true);
    }
    expect(new ModNScalar().setBytes(nMinus1).toBytes()).toEqual(nMinus1);
    const t = new ModNScalar();
    expect(t.trySetBytes(Uint8Array.of(0, ...nMinus1), 1)).toBe(true);
    expect(t.toBytes()).toEqual(nMinus1);
    for (let len = 0; len < 34; len++) expect(new ModNScalar().trySetBytes(new Uint8Array(len))).toBe(len >= 32);
  });

  it('setInt: RangeError outside [0, 2^48)', () => {
    for (const k of [-1, 2 ** 48, 0.5, Number.NaN]) expect(() => new ModNScalar().setInt(k)).toThrow(RangeError);
    for (const v of ['1', 1n, null, undefined, {}, [], true]) expect(() => new ModNScalar().setInt(v as unknown as number)).toThrow(TypeError);
  });
});

describe('reference bad input', () => {
  it('fromBytes rejects non-bytes, toBytes rejects out-of-range values', () => {
    expect(() => refSecpFp.fromBytes('00' as unknown as Uint8Array)).toThrow(TypeError);
    expect(() => refSecpFp.toBytes(-1n)).toThrow(RangeError);
    expect(() => refSecpFn.toBytes(1n << 256n)).toThrow(RangeError);
    expect(() => refSecpFn.pow(2n, -1n)).toThrow(RangeError);
  });
});
