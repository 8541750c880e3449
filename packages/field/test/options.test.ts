// The shared option checks (expectOptions, expectBoolean, expectOneOf, expectNumber) every package uses.
import { describe, expect, it } from 'vitest';
import { expectBoolean, expectNumber, expectOneOf, expectOptions } from '../src/index.js';

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
});
