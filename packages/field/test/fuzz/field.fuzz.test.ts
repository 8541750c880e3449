/**
 * Fuzz suite of @strata/field (issue 10): every decoder, `try…` function
 * and options object of the package, over random bytes of every length
 * 0–200, edge patterns, and wrong-typed values. Seeded and scaled through
 * `STRATA_FUZZ_SEED` / `STRATA_FUZZ_RUNS` (see tools/testkit/src/fuzz.ts).
 *
 * Covered (from src/index.ts):
 * - `expectBytes(what, v, len?)`
 * - `FieldVal`: `setBytes`, `trySetBytes`, `setBytesReduced`, `setBytesUnreduced`, `putBytes(out, offset)`, `setInt`
 * - `ModNScalar`: `setBytes`, `trySetBytes`, `setBytesReduced`, `putBytes(out, offset)`, `setInt`
 * - `Fe25519`: `fromBytes` / `setBytes` (options `Fe25519DecodeOptions { allowNonCanonical }`),
 *   `trySetBytes(b, offset, { allowNonCanonical })`, `putBytes`, `setInt`, `setBigInt`
 * - `Scalar25519`: `fromWideBytes` / `setWideBytes`, `fromBytes` / `setBytes`,
 *   `fromBytesReduced` / `setBytesReduced`, `trySetBytes(b, offset)`, `putBytes`, `setInt`, `setBigInt`
 * - `PrimeField` (`blsFr`, `bn254Fr`): `setBytesLE` / `setBytesBE` (options `FromBytesOptions { reduce }`),
 *   `toBytesLE` / `toBytesBE(a, out)`, `PrimeField.create(p)`
 *
 * Properties: a Uint8Array input raises nothing but StrataError; a `try…`
 * never throws on a Uint8Array of any length and agrees with its throwing
 * twin; wrong-typed arguments and option values throw TypeError at once.
 */
import { describe, it } from 'vitest';
import fc from 'fast-check';
import {
  anyBytes,
  eachCase,
  sweepNeverThrows,
  fixedBytes,
  forEveryLength,
  fuzzAssert,
  neverThrows,
  notBoolean,
  notBytes,
  notInteger,
  notOptions,
  onlyStrataError,
  typeErrorAtOnce,
} from '@strata/testkit';
import {
  Fe25519,
  FieldVal,
  ModNScalar,
  PrimeField,
  Scalar25519,
  StrataError,
  blsFr,
  bn254Fr,
  expectBytes,
} from '../../src/index.js';

/** Every byte decoder of the package, by name. */
const DECODERS: readonly [string, (b: Uint8Array) => unknown][] = [
  ['expectBytes(32)', (b) => expectBytes('x', b, 32)],
  ['FieldVal#setBytes', (b) => new FieldVal().setBytes(b)],
  ['FieldVal#setBytesReduced', (b) => new FieldVal().setBytesReduced(b)],
  ['FieldVal#setBytesUnreduced', (b) => new FieldVal().setBytesUnreduced(b)],
  ['ModNScalar#setBytes', (b) => new ModNScalar().setBytes(b)],
  ['ModNScalar#setBytesReduced', (b) => new ModNScalar().setBytesReduced(b)],
  ['Fe25519.fromBytes', (b) => Fe25519.fromBytes(b)],
  ['Fe25519.fromBytes(allowNonCanonical)', (b) => Fe25519.fromBytes(b, { allowNonCanonical: true })],
  ['Fe25519#setBytes', (b) => new Fe25519().setBytes(b)],
  ['Scalar25519.fromWideBytes', (b) => Scalar25519.fromWideBytes(b)],
  ['Scalar25519.fromBytes', (b) => Scalar25519.fromBytes(b)],
  ['Scalar25519.fromBytesReduced', (b) => Scalar25519.fromBytesReduced(b)],
  ['Scalar25519#setWideBytes', (b) => new Scalar25519().setWideBytes(b)],
  ['Scalar25519#setBytesReduced', (b) => new Scalar25519().setBytesReduced(b)],
  ['Scalar25519#setBytes', (b) => new Scalar25519().setBytes(b)],
  ['blsFr.setBytesLE', (b) => blsFr.setBytesLE(blsFr.create(), b)],
  ['blsFr.setBytesBE', (b) => blsFr.setBytesBE(blsFr.create(), b)],
  ['blsFr.setBytesLE(reduce)', (b) => blsFr.setBytesLE(blsFr.create(), b, { reduce: true })],
  ['bn254Fr.setBytesLE', (b) => bn254Fr.setBytesLE(bn254Fr.create(), b)],
  ['bn254Fr.setBytesBE(reduce)', (b) => bn254Fr.setBytesBE(bn254Fr.create(), b, { reduce: true })],
];

/**
 * Encoders into a caller's buffer: a Uint8Array too short is reported like
 * a wrong length elsewhere in the package (StrataError ERR_BAD_LENGTH, as
 * FieldVal / ModNScalar / PrimeField do), never another error type.
 */
const ENCODERS: readonly [string, (b: Uint8Array) => unknown][] = [
  ['FieldVal#putBytes(out)', (b) => new FieldVal().putBytes(b)],
  ['ModNScalar#putBytes(out)', (b) => new ModNScalar().putBytes(b)],
  ['Fe25519#putBytes(out)', (b) => new Fe25519().putBytes(b)],
  ['Scalar25519#putBytes(out)', (b) => new Scalar25519().putBytes(b)],
  ['blsFr.toBytesLE(out)', (b) => blsFr.toBytesLE(blsFr.create(), b)],
  ['bn254Fr.toBytesBE(out)', (b) => bn254Fr.toBytesBE(bn254Fr.create(), b)],
];

/** The `try…` functions, by name. */
const TRIES: readonly [string, (b: Uint8Array) => boolean][] = [
  ['Fe25519#trySetBytes', (b) => new Fe25519().trySetBytes(b)],
  ['Fe25519#trySetBytes(allowNonCanonical)', (b) => new Fe25519().trySetBytes(b, 0, { allowNonCanonical: true })],
  ['Scalar25519#trySetBytes', (b) => new Scalar25519().trySetBytes(b)],
  ['FieldVal#trySetBytes', (b) => new FieldVal().trySetBytes(b)],
  ['ModNScalar#trySetBytes', (b) => new ModNScalar().trySetBytes(b)],
];

/** Calls taking a byte argument, for the wrong-type property. */
const BYTE_ARGS: readonly [string, (v: unknown) => unknown][] = [
  ...DECODERS.map(([n, f]) => [n, f as (v: unknown) => unknown] as [string, (v: unknown) => unknown]),
  ...TRIES.map(([n, f]) => [n, f as (v: unknown) => unknown] as [string, (v: unknown) => unknown]),
];


/** Runs `check` as one property per named case, so one failure never hides another. */
describe('fuzz @strata/field: decoders raise only StrataError', () => {
  it('on every length 0–200 (sweep: zero, 0xff, random)', () => {
    forEveryLength((b) => {
      for (const [name, f] of DECODERS) onlyStrataError(StrataError, `${name}(Uint8Array(${b.length}))`, () => f(b));
    });
  });

  eachCase(DECODERS, (n) => `${n} on random bytes of any length`, (name, f) => {
    fuzzAssert(fc.property(anyBytes(), (b) => { onlyStrataError(StrataError, name, () => f(b)); }), 300);
  });

  it('32- and 64-byte edge patterns', () => {
    fuzzAssert(
      fc.property(fc.oneof(fixedBytes(32), fixedBytes(64)), (b) => {
        for (const [name, f] of DECODERS) onlyStrataError(StrataError, name, () => f(b));
      }),
      500,
    );
  });

  eachCase(ENCODERS, (n) => `${n}: an output buffer of any length raises only StrataError`, (name, f) => {
    fuzzAssert(fc.property(anyBytes(), (b) => { onlyStrataError(StrataError, name, () => f(b)); }), 100);
  });
});

describe('fuzz @strata/field: try… never throws', () => {
  it('on every length 0–200 (sweep)', () => sweepNeverThrows(TRIES));

  eachCase(TRIES, (n) => `${n} on random bytes of any length`, (name, f) => {
    fuzzAssert(fc.property(anyBytes(), (b) => { neverThrows(name, () => f(b)); }), 300);
  });

  it('agrees with the throwing decoder on 32 bytes', () => {
    fuzzAssert(
      fc.property(fixedBytes(32), (b) => {
        const pairs: [string, boolean, () => unknown][] = [
          ['Fe25519', new Fe25519().trySetBytes(b), () => new Fe25519().setBytes(b)],
          ['Fe25519 allowNonCanonical', new Fe25519().trySetBytes(b, 0, { allowNonCanonical: true }), () => new Fe25519().setBytes(b, { allowNonCanonical: true })],
          ['Scalar25519', new Scalar25519().trySetBytes(b), () => new Scalar25519().setBytes(b)],
        ];
        for (const [name, ok, thrower] of pairs) {
          const threw = onlyStrataError(StrataError, name, () => (thrower(), true)) === undefined;
          if (ok === threw) throw new Error(`${name}: try… returned ${ok} but the throwing decoder ${threw ? 'threw' : 'accepted'}`);
        }
      }),
      500,
    );
  });
});

const b64 = new Uint8Array(64);
const b32 = new Uint8Array(32);

describe('fuzz @strata/field: wrong-typed arguments throw TypeError at once', () => {
  eachCase(BYTE_ARGS, (n) => `${n} with a non-Uint8Array`, (name, f) => {
    fuzzAssert(fc.property(notBytes(), (v) => { typeErrorAtOnce(name, () => f(v)); }), 60);
  });

  eachCase(
    [
      ['blsFr.toBytesLE(a, out)', (v: unknown) => blsFr.toBytesLE(blsFr.create(), v as Uint8Array)],
      ['bn254Fr.toBytesBE(a, out)', (v: unknown) => bn254Fr.toBytesBE(bn254Fr.create(), v as Uint8Array)],
    ] as [string, (v: unknown) => unknown][],
    (n) => `${n} with a non-Uint8Array out`,
    (name, f) => fuzzAssert(fc.property(notBytes({ optional: true }), (v) => { typeErrorAtOnce(name, () => f(v)); }), 40),
  );

  eachCase(
    [
      ['FieldVal#setInt', (v: unknown) => new FieldVal().setInt(v as number)],
      ['ModNScalar#setInt', (v: unknown) => new ModNScalar().setInt(v as number)],
      ['Fe25519#setInt', (v: unknown) => new Fe25519().setInt(v as number)],
      ['Scalar25519#setInt', (v: unknown) => new Scalar25519().setInt(v as number)],
    ] as [string, (v: unknown) => unknown][],
    (n) => `${n} with a non-number`,
    (name, f) => fuzzAssert(fc.property(fc.constantFrom<unknown>('1', 1n, null, undefined, {}, [], true), (v) => { typeErrorAtOnce(name, () => f(v)); }), 20),
  );

  eachCase(
    [
      ['Fe25519#setBigInt', (v: unknown) => new Fe25519().setBigInt(v as bigint)],
      ['Scalar25519#setBigInt', (v: unknown) => new Scalar25519().setBigInt(v as bigint)],
      ['PrimeField.create', (v: unknown) => PrimeField.create(v as bigint)],
    ] as [string, (v: unknown) => unknown][],
    (n) => `${n} with a non-bigint`,
    (name, f) => fuzzAssert(fc.property(fc.constantFrom<unknown>(1, '1', null, undefined, {}, [], true), (v) => { typeErrorAtOnce(name, () => f(v)); }), 20),
  );

  it('Fe25519#trySetBytes with a non-boolean allowNonCanonical', () => {
    fuzzAssert(fc.property(notBoolean(), (v) => {
      typeErrorAtOnce('Fe25519#trySetBytes(allowNonCanonical)', () => new Fe25519().trySetBytes(b64, 0, { allowNonCanonical: v as boolean }));
    }), 30);
  });

  eachCase(
    [
      ['Fe25519#trySetBytes(b, offset)', (v: unknown) => new Fe25519().trySetBytes(b64, v as number)],
      ['Scalar25519#trySetBytes(b, offset)', (v: unknown) => new Scalar25519().trySetBytes(b64, v as number)],
      ['FieldVal#putBytes(out, offset)', (v: unknown) => new FieldVal().putBytes(b64, v as number)],
      ['ModNScalar#putBytes(out, offset)', (v: unknown) => new ModNScalar().putBytes(b64, v as number)],
      ['Fe25519#putBytes(out, off)', (v: unknown) => new Fe25519().putBytes(b64, v as number)],
      ['Scalar25519#putBytes(out, off)', (v: unknown) => new Scalar25519().putBytes(b64, v as number)],
    ] as [string, (v: unknown) => unknown][],
    (n) => `${n} with a non-integer offset`,
    (name, f) => fuzzAssert(fc.property(notInteger(), (v) => { typeErrorAtOnce(name, () => f(v)); }), 30),
  );

  eachCase(
    [
      ['blsFr.setBytesLE(v, b)', (v: unknown) => blsFr.setBytesLE(v as Float64Array, b32)],
      ['bn254Fr.setBytesBE(v, b)', (v: unknown) => bn254Fr.setBytesBE(v as Float64Array, b32)],
    ] as [string, (v: unknown) => unknown][],
    (n) => `${n} with a wrong-typed out element`,
    (name, f) => fuzzAssert(
      fc.property(fc.constantFrom<unknown>(undefined, null, {}, [], new Uint8Array(96), new Float64Array(1), 'x'), (v) => { typeErrorAtOnce(name, () => f(v)); }),
      20,
    ),
  );
});

describe('fuzz @strata/field: options of the wrong type throw TypeError', () => {
  const overP = new Uint8Array(32).fill(0xff); // 2^255 − 1 (bit 255 clear): ≥ p of every field here
  overP[31] = 0x7f;
  const inputs = fc.constantFrom(b32, overP);

  eachCase(
    [
      ['Fe25519.fromBytes(b, { allowNonCanonical })', (v: unknown, b: Uint8Array) => Fe25519.fromBytes(b, { allowNonCanonical: v as boolean })],
      ['Fe25519#setBytes(b, { allowNonCanonical })', (v: unknown, b: Uint8Array) => new Fe25519().setBytes(b, { allowNonCanonical: v as boolean })],
      ['blsFr.setBytesLE(v, b, { reduce })', (v: unknown, b: Uint8Array) => blsFr.setBytesLE(blsFr.create(), b, { reduce: v as boolean })],
      ['bn254Fr.setBytesBE(v, b, { reduce })', (v: unknown, b: Uint8Array) => bn254Fr.setBytesBE(bn254Fr.create(), b, { reduce: v as boolean })],
    ] as [string, (v: unknown, b: Uint8Array) => unknown][],
    (n) => `${n} with a non-boolean value`,
    (name, f) => fuzzAssert(fc.property(notBoolean(), inputs, (v, b) => { typeErrorAtOnce(name, () => f(v, b)); }), 40),
  );

  eachCase(
    [
      ['Fe25519.fromBytes(b, opts)', (o: unknown) => Fe25519.fromBytes(b32, o as never)],
      ['Fe25519#setBytes(b, opts)', (o: unknown) => new Fe25519().setBytes(b32, o as never)],
      ['blsFr.setBytesLE(v, b, opts)', (o: unknown) => blsFr.setBytesLE(blsFr.create(), b32, o as never)],
    ] as [string, (o: unknown) => unknown][],
    (n) => `${n} with an options argument that is not an object`,
    (name, f) => fuzzAssert(fc.property(notOptions(), (o) => { typeErrorAtOnce(name, () => f(o)); }), 30),
  );
});
