/**
 * Bad input to the secp256k1 field types: wrong types throw TypeError at once,
 * wrong lengths throw StrataError ERR_BAD_LENGTH, never a silent wrong value.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode, StrataError } from '../../src/errors.js';
import { FieldVal, ModNScalar } from '../../src/secp256k1/index.js';
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
  it('setBytes / setBytesUnreduced: TypeError for non-Uint8Array', () => {
    for (const x of notBytes) {
      expect(() => new FieldVal().setBytes(x as Uint8Array)).toThrow(TypeError);
      expect(() => new FieldVal().setBytesUnreduced(x as Uint8Array)).toThrow(TypeError);
      expect(() => new FieldVal().setByteSlice(x as Uint8Array)).toThrow(TypeError);
    }
    expect(() => new FieldVal().setBytes(null as unknown as Uint8Array)).toThrow(/FieldVal.setBytes: expected Uint8Array, got null/);
  });

  it('setBytes: ERR_BAD_LENGTH for every length but 32, and the receiver is untouched', () => {
    for (const len of [0, 1, 31, 33, 64]) {
      const f = new FieldVal().setInt(7);
      expectCode(() => f.setBytes(new Uint8Array(len)), ErrorCode.BAD_LENGTH, new RegExp(`expected 32 bytes, got ${len}`));
      expectCode(() => f.setBytesUnreduced(new Uint8Array(len)), ErrorCode.BAD_LENGTH, /expected 32 bytes/);
      expect(f.n[0]).toBe(7);
    }
    expectCode(() => new FieldVal().setByteSlice(new Uint8Array(33)), ErrorCode.BAD_LENGTH, /at most 32 bytes, got 33/);
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

  it('addInt, mulInt, negate, negateVal: RangeError for out-of-contract integers', () => {
    const f = new FieldVal().setInt(3);
    for (const k of [-1, 2 ** 26, 0.5, Number.NaN]) expect(() => f.addInt(k)).toThrow(RangeError);
    for (const k of [-1, 33, 1.5, Number.NaN]) expect(() => f.mulInt(k)).toThrow(RangeError);
    for (const m of [-1, 32, 2.5, Number.NaN]) {
      expect(() => f.negate(m)).toThrow(RangeError);
      expect(() => new FieldVal().negateVal(f, m)).toThrow(RangeError);
    }
    expect(f.n[0]).toBe(3);
    expect(f.addInt(2 ** 26 - 1).mulInt(32).negate(31).normalize().isZero()).toBe(false);
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
      expect(() => new ModNScalar().setByteSlice(x as Uint8Array)).toThrow(TypeError);
      expect(() => new ModNScalar().putBytes(x as Uint8Array)).toThrow(TypeError);
    }
  });

  it('ERR_BAD_LENGTH for wrong lengths, receiver untouched', () => {
    for (const len of [0, 31, 33]) {
      const s = new ModNScalar().setInt(9);
      expectCode(() => s.setBytes(new Uint8Array(len)), ErrorCode.BAD_LENGTH, new RegExp(`ModNScalar.setBytes: expected 32 bytes, got ${len}`));
      expect(s.n[0]).toBe(9);
    }
    expectCode(() => new ModNScalar().setByteSlice(new Uint8Array(40)), ErrorCode.BAD_LENGTH, /at most 32 bytes, got 40/);
    expectCode(() => new ModNScalar().putBytes(new Uint8Array(16)), ErrorCode.BAD_LENGTH, /expected at least 32 bytes, got 16/);
    expect(() => new ModNScalar().putBytes(new Uint8Array(32), -2)).toThrow(TypeError);
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
