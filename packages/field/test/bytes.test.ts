import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hexToBytes } from '@strata/field';

describe('hexToBytes (the one hex parser)', () => {
  it('round-trips every byte string, in either case', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (b) => {
        const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
        expect(hexToBytes(h)).toEqual(b);
        expect(hexToBytes(h.toUpperCase())).toEqual(b);
      }),
    );
    expect(hexToBytes('')).toEqual(new Uint8Array(0));
    expect(hexToBytes('00ff7fA0')).toEqual(Uint8Array.of(0x00, 0xff, 0x7f, 0xa0));
  });
  it('throws TypeError for odd length, a prefix, non-hex digits and non-strings', () => {
    for (const bad of ['0', 'abc', '0x00', 'zz', '0g', ' 00', '00 ', '+1', '-1']) {
      expect(() => hexToBytes(bad), bad).toThrow(TypeError);
    }
    for (const bad of [undefined, null, 12, ['00'], new Uint8Array(2)]) {
      expect(() => hexToBytes(bad as never)).toThrow(TypeError);
    }
  });
});
