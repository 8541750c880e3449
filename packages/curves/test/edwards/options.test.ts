/**
 * Options and parameters of the twisted Edwards API: a value of the wrong
 * type, or an enum string that is not one of the listed ones, throws
 * TypeError at once instead of silently choosing other behaviour (issue 10,
 * finding 7: `{ encoding: 'Parity' }` used to decode with the lexsign rule
 * and return −P).
 */
import { describe, expect, it } from 'vitest';
import { blsFr } from '@strata/field';
import { jubjub, bandersnatch, babyJubjub, EdwardsCurve, PointAffine, type DecodeOptions, type EdwardsCurveParams } from '../../src/edwards/index.js';
import { mulG } from './helpers.js';

const BAD_ENCODINGS: unknown[] = ['Parity', 'PARITY', 'LexSign', 'lex', '', 'parity ', 0, 1, true, null, {}, ['parity']];
const BAD_BOOLEANS: unknown[] = ['true', 'false', 'yes', 0, 1, null, {}];

for (const c of [jubjub, bandersnatch, babyJubjub]) {
  describe(`${c.name} decoding / encoding options`, () => {
    const P = mulG(c, 123456789n).toAffine();
    const enc = P.toBytes();

    it('well-typed options still decode (absent / undefined keys take the defaults, unknown keys are ignored)', () => {
      for (const o of [undefined, {}, { encoding: undefined }, { subgroup: undefined }, { encoding: c.encoding }, { subgroup: true }, { subgroup: false }, { other: 1 }]) {
        expect(PointAffine.fromBytes(c, enc, o as DecodeOptions).equals(P)).toBe(true);
      }
      expect(P.toBytes(undefined)).toEqual(enc);
      expect(P.toBytes(c.encoding)).toEqual(enc);
    });

    it('an unknown or mistyped encoding throws TypeError (fromBytes and toBytes)', () => {
      for (const e of BAD_ENCODINGS) {
        expect(() => PointAffine.fromBytes(c, enc, { encoding: e } as unknown as DecodeOptions), String(e)).toThrow(TypeError);
        expect(() => P.toBytes(e as never), String(e)).toThrow(TypeError);
        expect(() => P.putBytes(new Uint8Array(32), 0, e as never), String(e)).toThrow(TypeError);
      }
    });

    it('a mistyped subgroup flag throws TypeError', () => {
      for (const s of BAD_BOOLEANS) {
        expect(() => PointAffine.fromBytes(c, enc, { subgroup: s } as unknown as DecodeOptions), String(s)).toThrow(TypeError);
      }
    });

    it('options that are not an object throw TypeError', () => {
      for (const o of [null, 'parity', 1, true, []]) {
        expect(() => PointAffine.fromBytes(c, enc, o as unknown as DecodeOptions), String(o)).toThrow(TypeError);
      }
    });
  });
}

describe('EdwardsCurve.create parameter types', () => {
  const good: EdwardsCurveParams = {
    name: 'jubjub',
    field: blsFr,
    a: jubjub.a,
    d: jubjub.d,
    order: jubjub.order,
    cofactor: jubjub.cofactor,
    generator: jubjub.generator,
    encoding: jubjub.encoding,
  };

  it('the same well-typed parameters return the cached curve', () => {
    expect(EdwardsCurve.create(good)).toBe(jubjub);
  });

  it('wrong types and unknown encodings throw TypeError (also under a new name, which would otherwise build a curve)', () => {
    const bad: [string, unknown][] = [
      ['encoding', 'Parity'],
      ['encoding', 'lex'],
      ['encoding', undefined],
      ['encoding', 1],
      ['name', 5],
      ['field', blsFr.p],
      ['a', -1],
      ['d', '0x2a93'],
      ['order', Number(jubjub.order)],
      ['cofactor', 8],
      ['generator', { x: 1, y: 2 }],
      ['generator', null],
      ['glv', { endo0: 1n, endo1: 2n }],
      ['glv', null],
    ];
    for (const name of ['jubjub', 'jubjub-options-test']) {
      for (const [k, v] of bad) {
        const params = { ...good, name: k === 'name' ? v : name, [k]: v } as unknown as EdwardsCurveParams;
        expect(() => EdwardsCurve.create(params), `${name} ${k} = ${String(v)}`).toThrow(TypeError);
      }
    }
    for (const p of [null, undefined, 'jubjub', 1]) expect(() => EdwardsCurve.create(p as unknown as EdwardsCurveParams)).toThrow(TypeError);
  });
});
