/**
 * dcrd's FieldVal test tables (vectors/dcrd-secp256k1/field_test.json), every
 * case of every table, through the public FieldVal API. Each block names the
 * table's `semantics` it follows.
 */
import { describe, expect, it } from 'vitest';
import { readVectorJson, toHex } from '@strata/testkit';
import { FieldVal } from '../../src/secp256k1/index.js';
import { sqrtBytewise } from '../../src/alternatives/index.js';
import { refSecpFp } from '../../src/reference/secp256k1.js';
import { P, fromLimbs, hexIn, isNormalized, limbValue, to32 } from './helpers.js';

interface Table {
  test: string;
  semantics: string;
  case_count: number;
  cases: Array<Record<string, unknown>>;
}
const file = readVectorJson<{ tests: Table[] }>('dcrd-secp256k1', 'field_test.json');
const tables = new Map(file.tests.map((t) => [t.test, t]));

function table(name: string): Table {
  const t = tables.get(name);
  if (t === undefined) throw new Error(`missing table ${name}`);
  expect(t.cases.length).toBe(t.case_count);
  expect(t.cases.length).toBeGreaterThan(0);
  return t;
}

/** Sets a FieldVal from dcrd hex WITHOUT reducing (dcrd's SetByteSlice). */
function raw(h: string): FieldVal {
  const f = new FieldVal();
  f.setBytesUnreduced(to32(hexIn(h)));
  return f;
}
/** Sets from dcrd hex and normalizes (reduced mod p). */
function norm(h: string): FieldVal {
  return raw(h).normalize();
}
function hex32(f: FieldVal): string {
  return toHex(f.toBytes());
}
function expHex(h: string): string {
  return toHex(to32(hexIn(h)));
}

const applied = new Set<string>();
function useTable(name: string): Table {
  applied.add(name);
  return table(name);
}

describe('dcrd field_test.json', () => {
  it('TestFieldSetInt: raw limbs', () => {
    for (const c of useTable('TestFieldSetInt').cases) {
      const f = new FieldVal().setInt(c['in'] as number);
      expect(Array.from(f.n), String(c['name'])).toEqual(c['expected']);
    }
  });

  it('TestFieldSetBytes: unreduced raw limbs and overflow; setBytes reduces', () => {
    for (const c of useTable('TestFieldSetBytes').cases) {
      const name = String(c['name']);
      const input = hexIn(c['in'] as string);
      const b32 = to32(input); // dcrd keeps the first 32 bytes of longer input
      const f = new FieldVal();
      const overflow = f.setBytesUnreduced(b32);
      expect(Array.from(f.n), name).toEqual(c['expected']);
      expect(overflow, name).toBe(c['overflow'] === true);
      // Strata's setBytes reduces: same flag, limbs = expected mod p.
      const g = new FieldVal();
      expect(g.setBytesReduced(b32), name).toBe(c['overflow'] === true);
      expect(isNormalized(g), name).toBe(true);
      expect(limbValue(g), name).toBe(limbValue(fromLimbs(c['expected'] as number[])) % P);
      if (input.length <= 32) {
        const h = new FieldVal();
        expect(h.setBytesReduced(input), name).toBe(c['overflow'] === true);
        expect(h.equals(g), name).toBe(true);
      } else {
        // Longer input: dcrd truncates silently, Strata refuses.
        expect(() => new FieldVal().setBytesReduced(input), name).toThrow(/at most 32 bytes/);
      }
    }
  });

  it('TestFieldBytes: normalized big-endian bytes', () => {
    for (const c of useTable('TestFieldBytes').cases) {
      expect(hex32(norm(c['in'] as string)), String(c['name'])).toBe(c['expected']);
      const out = new Uint8Array(40);
      norm(c['in'] as string).putBytes(out, 5);
      expect(toHex(out.subarray(5, 37)), String(c['name'])).toBe(c['expected']);
    }
  });

  it('TestFieldIsOne: with and without normalization', () => {
    for (const c of useTable('TestFieldIsOne').cases) {
      const f = c['normalize'] === true ? norm(c['in'] as string) : raw(c['in'] as string);
      expect(f.isOne(), String(c['name'])).toBe(c['expected']);
    }
  });

  it('TestFieldStringer: toString() of the normalized value', () => {
    for (const c of useTable('TestFieldStringer').cases) {
      expect(raw(c['in'] as string).toString(), String(c['name'])).toBe(c['expected']);
    }
  });

  it('TestFieldNormalize: raw limbs loaded directly, normalized limbs compared', () => {
    for (const c of useTable('TestFieldNormalize').cases) {
      const f = fromLimbs(c['raw'] as number[]);
      expect(Array.from(f.n), 'raw limbs load exactly').toEqual(c['raw']);
      f.normalize();
      expect(Array.from(f.n), String(c['name'])).toEqual(c['normalized']);
    }
  });

  it('TestFieldIsOdd: on the raw (unreduced) value', () => {
    for (const c of useTable('TestFieldIsOdd').cases) {
      expect(raw(c['in'] as string).isOdd(), String(c['name'])).toBe(c['expected']);
    }
  });

  it('TestFieldEquals', () => {
    for (const c of useTable('TestFieldEquals').cases) {
      const a = norm(c['in1'] as string), b = norm(c['in2'] as string);
      expect(a.equals(b), String(c['name'])).toBe(c['expected']);
      expect(b.equals(a), String(c['name'])).toBe(c['expected']);
    }
  });

  it('TestFieldNegate', () => {
    for (const c of useTable('TestFieldNegate').cases) {
      const name = String(c['name']);
      const want = expHex(c['expected'] as string);
      expect(hex32(((t) => t.negate(t, 1))(norm(c['in'] as string)).normalize()), name).toBe(want);
      expect(hex32(new FieldVal().negate(norm(c['in'] as string), 1).normalize()), name).toBe(want);
      // −(−x) = x
      const back = ((t) => t.negate(t, 2))(((t) => t.negate(t, 1))(norm(c['in'] as string))).normalize();
      expect(back.equals(norm(c['in'] as string)), name).toBe(true);
    }
  });

  it('TestFieldAddInt', () => {
    for (const c of useTable('TestFieldAddInt').cases) {
      const f = ((t) => t.addInt(t, c['in2'] as number))(norm(c['in1'] as string)).normalize();
      expect(hex32(f), String(c['name'])).toBe(expHex(c['expected'] as string));
    }
  });

  it('TestFieldAdd (add, in place and into a fresh value, both argument orders)', () => {
    for (const c of useTable('TestFieldAdd').cases) {
      const name = String(c['name']);
      const want = expHex(c['expected'] as string);
      const a = norm(c['in1'] as string), b = norm(c['in2'] as string);
      expect(hex32(((t) => t.add(t, b))(new FieldVal().set(a)).normalize()), name).toBe(want);
      expect(hex32(new FieldVal().add(a, b).normalize()), name).toBe(want);
      expect(hex32(new FieldVal().add(b, a).normalize()), name).toBe(want);
    }
  });

  it('TestFieldMulByX: mulInt(2|3|4|8) equals repeated addition and the reference', () => {
    for (const c of useTable('TestFieldMulByX').cases) {
      const a = norm(c['in'] as string);
      for (const k of [2, 3, 4, 8]) {
        const viaMul = ((t) => t.mulInt(t, k))(new FieldVal().set(a)).normalize();
        const viaAdd = new FieldVal().set(a);
        for (let i = 1; i < k; i++) viaAdd.add(viaAdd, a);
        viaAdd.normalize();
        expect(viaMul.equals(viaAdd), `${String(c['name'])} ×${k}`).toBe(true);
        expect(limbValue(viaMul)).toBe(refSecpFp.mul(limbValue(a), BigInt(k)));
      }
    }
  });

  it('TestFieldMulInt', () => {
    for (const c of useTable('TestFieldMulInt').cases) {
      const f = ((t) => t.mulInt(t, c['in2'] as number))(norm(c['in1'] as string)).normalize();
      expect(hex32(f), String(c['name'])).toBe(expHex(c['expected'] as string));
    }
  });

  it('TestFieldMul (mul, in place and into a fresh value, both argument orders)', () => {
    for (const c of useTable('TestFieldMul').cases) {
      const name = String(c['name']);
      const want = expHex(c['expected'] as string);
      const a = norm(c['in1'] as string), b = norm(c['in2'] as string);
      expect(hex32(((t) => t.mul(t, b))(new FieldVal().set(a)).normalize()), name).toBe(want);
      expect(hex32(new FieldVal().mul(a, b).normalize()), name).toBe(want);
      expect(hex32(new FieldVal().mul(b, a).normalize()), name).toBe(want);
    }
  });

  it('TestFieldSquare (square, in place and into a fresh value)', () => {
    for (const c of useTable('TestFieldSquare').cases) {
      const name = String(c['name']);
      const want = expHex(c['expected'] as string);
      expect(hex32(((t) => t.square(t))(norm(c['in'] as string)).normalize()), name).toBe(want);
      expect(hex32(new FieldVal().square(norm(c['in'] as string)).normalize()), name).toBe(want);
    }
  });

  it('TestFieldSquareRoot: sqrt (into a fresh value and in place) and the byte-driven baseline', () => {
    for (const c of useTable('TestFieldSquareRoot').cases) {
      const name = String(c['name']);
      const want = expHex(c['want'] as string);
      const valid = c['valid'] === true;
      const a = norm(c['in'] as string);
      const r = new FieldVal();
      expect(r.sqrt(a), name).toBe(valid);
      expect(hex32(r), name).toBe(want);
      const s = new FieldVal().set(a);
      expect(s.sqrt(s), name).toBe(valid);
      expect(hex32(s), name).toBe(want);
      const t = new FieldVal().set(a);
      expect(sqrtBytewise(t, t), name).toBe(valid);
      expect(hex32(t), name).toBe(want);
      const u = new FieldVal();
      expect(sqrtBytewise(u, a), name).toBe(valid);
      expect(hex32(u), name).toBe(want);
    }
  });

  it('TestFieldInverse', () => {
    for (const c of useTable('TestFieldInverse').cases) {
      const f = ((t) => t.invert(t))(norm(c['in'] as string));
      expect(hex32(f), String(c['name'])).toBe(expHex(c['expected'] as string));
    }
  });

  it('TestFieldIsGtOrEqPrimeMinusOrder', () => {
    for (const c of useTable('TestFieldIsGtOrEqPrimeMinusOrder').cases) {
      expect(norm(c['in'] as string).isGtOrEqPrimeMinusOrder(), String(c['name'])).toBe(c['expected']);
    }
  });

  it('every table in the file was applied', () => {
    expect([...tables.keys()].filter((k) => !applied.has(k))).toEqual([]);
  });
});
