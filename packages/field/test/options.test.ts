// The shared option and argument checks (expectOptions, expectBoolean, expectOneOf, expectNumber, expectNumberArg,
// expectInteger, expectOffset, expectInstance) every package uses.
import { describe, expect, it } from 'vitest';
import {
  expectBoolean,
  expectInstance,
  expectInteger,
  expectNumber,
  expectNumberArg,
  expectOffset,
  expectOneOf,
  expectOptions,
} from '../src/index.js';

describe('option checks', () => {
  it('expectOptions: undefined or an object pass, anything else is a TypeError', () => {
    expect(expectOptions('f', undefined)).toBeUndefined();
    const o = { a: 1 };
    expect(expectOptions('f', o)).toBe(o);
    for (const bad of [null, 'x', 1, true, [], () => 0, 1n]) expect(() => expectOptions('f', bad as never)).toThrow(TypeError);
    expect(() => expectOptions('f options', 'x' as never)).toThrow("f options: expected an options object, got string");
  });

  it('expectBoolean: booleans pass, undefined takes the default, anything else is a TypeError', () => {
    expect(expectBoolean('f', true, false)).toBe(true);
    expect(expectBoolean('f', false, true)).toBe(false);
    expect(expectBoolean('f', undefined, true)).toBe(true);
    expect(expectBoolean('f', undefined, false)).toBe(false);
    for (const bad of ['false', 'true', 0, 1, null, {}, [], NaN]) expect(() => expectBoolean('f', bad, true)).toThrow(TypeError);
    expect(() => expectBoolean('zip215', 'false', true)).toThrow("zip215: expected a boolean, got 'false'");
  });

  it('expectOneOf: listed strings pass (exact case), undefined takes the default, anything else is a TypeError', () => {
    const ab = ['parity', 'lexsign'] as const;
    expect(expectOneOf('f', 'parity', ab, 'lexsign')).toBe('parity');
    expect(expectOneOf('f', 'lexsign', ab, 'parity')).toBe('lexsign');
    expect(expectOneOf('f', undefined, ab, 'lexsign')).toBe('lexsign');
    for (const bad of ['Parity', 'LEXSIGN', '', 'parity ', 0, null, true, {}, ['parity']]) expect(() => expectOneOf('f', bad, ab, 'parity')).toThrow(TypeError);
    expect(() => expectOneOf('encoding', 'Parity', ab, 'parity')).toThrow("encoding: expected one of 'parity', 'lexsign', got 'Parity'");
  });

  it('expectNumber: numbers pass (range is the caller\'s), undefined takes the default, anything else is a TypeError', () => {
    expect(expectNumber('f', 5, 1)).toBe(5);
    expect(Number.isNaN(expectNumber('f', NaN, 1))).toBe(true);
    expect(expectNumber('f', undefined, 7)).toBe(7);
    for (const bad of ['5', 5n, null, true, {}, [5]]) expect(() => expectNumber('f', bad, 1)).toThrow(TypeError);
  });

  it('expectNumberArg: any number passes (range checks are the caller\'s), anything else, undefined included, is a TypeError', () => {
    for (const n of [0, -1, 1.5, NaN, Infinity]) expect(expectNumberArg('f', n)).toBe(n);
    for (const bad of ['1', 1n, null, undefined, {}, [], true]) expect(() => expectNumberArg('f', bad)).toThrow(TypeError);
    expect(() => expectNumberArg('setInt', '1')).toThrow("setInt: expected a number, got '1'");
  });

  it('expectInteger: integer numbers pass, anything else (fractions, NaN, ±Infinity, strings, bigints) is a TypeError', () => {
    for (const n of [0, -3, 4, 2 ** 60]) expect(expectInteger('f', n)).toBe(n);
    for (const bad of ['4', 1.5, 4n, true, '', null, undefined, [], {}, NaN, Infinity]) expect(() => expectInteger('f', bad)).toThrow(TypeError);
    expect(() => expectInteger('window', 1.5)).toThrow('window: expected an integer, got number 1.5');
  });

  it('expectOffset: non-negative safe integers pass, anything else (negative numbers included) is a TypeError', () => {
    for (const n of [0, 1, 32, Number.MAX_SAFE_INTEGER]) expect(expectOffset('f', n)).toBe(n);
    for (const bad of [-1, 0.5, NaN, Infinity, 2 ** 53, '4', 4n, null, undefined, {}]) expect(() => expectOffset('f', bad)).toThrow(TypeError);
    expect(() => expectOffset('putBytes', '4')).toThrow("putBytes: expected a non-negative integer offset, got '4'");
  });

  it('expectInstance: instances pass (subclasses too), anything else is a TypeError naming the class', () => {
    class A {}
    class B extends A {}
    const a = new A();
    const b = new B();
    expect(expectInstance('f', a, A)).toBe(a);
    expect(expectInstance('f', b, A)).toBe(b);
    for (const bad of [undefined, null, {}, [], 'A', 1, new Uint8Array(1)]) expect(() => expectInstance('f', bad, A)).toThrow(TypeError);
    expect(() => expectInstance('out', a, B)).toThrow('out: expected B, got A');
    expect(() => expectInstance('out', {}, B)).toThrow('out: expected B, got object');
  });
});
