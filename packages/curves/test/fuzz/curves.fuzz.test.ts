/**
 * Fuzz suite of @strata/curves (issue 10): every point / scalar decoder,
 * `try…` function and options object of secp256k1, ed25519 and the twisted
 * Edwards curves (Jubjub, Bandersnatch incl. Banderwagon, BabyJubjub), over
 * random bytes of every length 0–200, edge patterns, truncations /
 * extensions / bit flips of valid encodings, and wrong-typed values. Seeded
 * and scaled through `STRATA_FUZZ_SEED` / `STRATA_FUZZ_RUNS` (see
 * tools/testkit/src/fuzz.ts).
 *
 * Covered (from src/index.ts):
 * - secp256k1: `pointFromBytes(bytes, out)`, `decompressY(x, odd, out)`,
 *   `pointToBytes` / `pointToBytesUncompressed(p, out, off)`,
 *   `precomputeNonConst` / `precomputeManyNonConst` (options `PrecomputeOptions { width, pieces }`)
 * - ed25519: `Point.fromBytes` / `Point#setBytes` (options `PointDecodeOptions { zip215 }`),
 *   `Point.tryFromBytes(b, opts, out)`, `Point#trySetBytes(b, zip215, off)`, `Point#putBytes`,
 *   byte scalars of `scalarBaseMultNonConst` / `scalarMultNonConst` / `scalarBaseMult` / `scalarMult`,
 *   `precomputeNonConst` (options `PrecomputeNonConstOptions { width, pieces }`),
 *   `msmNonConst` (options `MsmOptions { algorithm, window }`)
 * - Edwards: `PointAffine.fromBytes(curve, bytes, opts, out)` (options `DecodeOptions { subgroup, encoding }`)
 *   on jubjub / bandersnatch / babyJubjub, `PointAffine#toBytes(encoding)`,
 *   `banderwagonFromBytes(bytes, out)`, `scalarToBytes` / `scalarToBigInt` and the byte scalars of
 *   `PointExtended#scalarMultNonConst` / `scalarMultGlvNonConst`, `msmNonConst(…, { algorithm, window })` of all three modules
 *
 * Properties: a Uint8Array input raises nothing but StrataError; what a
 * canonical decoder accepts re-encodes to the same bytes; a `try…` never
 * throws on a Uint8Array of any length and agrees with its throwing twin;
 * wrong-typed arguments and option values throw TypeError at once.
 */
import { describe, it } from 'vitest';
import fc from 'fast-check';
import {
  anyBytes,
  eachCase,
  type FuzzCase,
  sweepNeverThrows,
  fixedBytes,
  forEveryLength,
  fuzzAssert,
  mutated,
  neverThrows,
  notBoolean,
  notBytes,
  notInteger,
  notOptions,
  notString,
  onlyStrataError,
  otherStrings,
  toHex,
  typeErrorAtOnce,
} from '@strata/testkit';
import { FieldVal, ModNScalar, Scalar25519 } from '@strata/field';
import { StrataError } from '../../src/index.js';
import * as S from '../../src/secp256k1/index.js';
import * as E from '../../src/ed25519/index.js';
import { PointAffine, PointExtended, jubjub, bandersnatch, babyJubjub, banderwagonFromBytes, banderwagonToBytes, scalarToBytes, scalarToBigInt, msmNonConst as edwardsMsmNonConst, EdwardsCurve, scalarMultNonConst, scalarMultGlvNonConst } from '../../src/edwards/index.js';

type Case<F> = FuzzCase<F>;

const EDWARDS: readonly EdwardsCurve[] = [jubjub, bandersnatch, babyJubjub];

// ---------------------------------------------------------------------------
// Valid encodings to mutate.
// ---------------------------------------------------------------------------

function secpPoint(k: number): S.JacobianPoint {
  return S.scalarBaseMultNonConst(new ModNScalar().setInt(k)).toAffine();
}
const SECP_VALID: Uint8Array[] = [];
for (const k of [1, 2, 3, 7, 1234567]) {
  SECP_VALID.push(S.pointToBytes(secpPoint(k)), S.pointToBytesUncompressed(secpPoint(k)));
}
// Hybrid (0x06 / 0x07) forms too.
for (const u of SECP_VALID.filter((b) => b.length === 65)) {
  const h = u.slice();
  h[0] = (u[64]! & 1) === 1 ? 0x07 : 0x06;
  SECP_VALID.push(h);
}
const ED_VALID: Uint8Array[] = [1, 2, 3, 8, 99999].map((k) => E.scalarBaseMult(Scalar25519.fromInt(k)).toBytes());
const EDW_VALID = new Map<EdwardsCurve, Uint8Array[]>(
  EDWARDS.map((c) => [c, [1n, 2n, 5n, 1n << 200n].map((k) => scalarMultNonConst(k, new PointExtended(c).setGenerator()).toAffine().toBytes())]),
);
const BW_VALID: Uint8Array[] = [1n, 2n, 3n, 77n].map((k) => banderwagonToBytes(scalarMultNonConst(k, new PointExtended(bandersnatch).setGenerator())));

// ---------------------------------------------------------------------------
// Decoders.
// ---------------------------------------------------------------------------

const DECODERS: readonly Case<(b: Uint8Array) => unknown>[] = [
  ['secp256k1.pointFromBytes', (b) => S.pointFromBytes(b)],
  ['ed25519.Point.fromBytes', (b) => E.Point.fromBytes(b)],
  ['ed25519.Point.fromBytes({ zip215: false })', (b) => E.Point.fromBytes(b, { zip215: false })],
  ['ed25519.Point#setBytes', (b) => new E.Point().setBytes(b)],
  ['ed25519.Point#setBytes({ zip215: false })', (b) => new E.Point().setBytes(b, { zip215: false })],
  ['ed25519.scalarBaseMultNonConst(bytes)', (b) => E.scalarBaseMultNonConst(b)],
  ['ed25519.scalarMultNonConst(bytes, B)', (b) => E.scalarMultNonConst(b, E.Point.generator())],
  ['ed25519.scalarBaseMult(bytes)', (b) => E.scalarBaseMult(b)],
  ['ed25519.scalarMult(bytes, B)', (b) => E.scalarMult(b, E.Point.generator())],
  ['ed25519.msmNonConst([B], [bytes])', (b) => E.msmNonConst([E.Point.generator()], [b])],
  ...EDWARDS.flatMap((c): Case<(b: Uint8Array) => unknown>[] => [
    [`PointAffine.fromBytes(${c.name})`, (b) => PointAffine.fromBytes(c, b)],
    [`PointAffine.fromBytes(${c.name}, { subgroup: true })`, (b) => PointAffine.fromBytes(c, b, { subgroup: true })],
    [`PointAffine.fromBytes(${c.name}, { encoding: 'parity' })`, (b) => PointAffine.fromBytes(c, b, { encoding: 'parity' })],
    [`PointAffine.fromBytes(${c.name}, { encoding: 'lexsign' })`, (b) => PointAffine.fromBytes(c, b, { encoding: 'lexsign' })],
    [`PointExtended(${c.name})#scalarMultNonConst(bytes)`, (b) => scalarMultNonConst(b, new PointExtended(c).setGenerator())],
  ]),
  ['PointExtended(bandersnatch)#scalarMultGlvNonConst(bytes)', (b) => scalarMultGlvNonConst(b, new PointExtended(bandersnatch).setGenerator())],
  ['banderwagonFromBytes', (b) => banderwagonFromBytes(b)],
  ['scalarToBigInt(bytes)', (b) => scalarToBigInt(b)],
  ['scalarToBytes(bytes, out)', (b) => scalarToBytes(b, new Uint8Array(32))],
];

/** Encoders into a caller's buffer of any length: StrataError (ERR_BAD_LENGTH) or success, nothing else. */
const ENCODERS: readonly Case<(b: Uint8Array) => unknown>[] = [
  ['secp256k1.pointToBytes(G, out)', (b) => S.pointToBytes(secpPoint(1), b)],
  ['secp256k1.pointToBytesUncompressed(G, out)', (b) => S.pointToBytesUncompressed(secpPoint(1), b)],
  ['ed25519.Point#putBytes(out)', (b) => E.Point.generator().putBytes(b)],
  ['PointAffine(jubjub)#putBytes(out)', (b) => jubjub.generatorAffine().putBytes(b)],
  ['banderwagonToBytes(G, out)', (b) => banderwagonToBytes(bandersnatch.generatorAffine(), b)],
];

/** Decoders that accept only canonical encodings: accepted bytes re-encode to themselves. */
const CANONICAL: readonly Case<(b: Uint8Array) => Uint8Array | undefined>[] = [
  ['secp256k1.pointFromBytes (33 bytes)', (b) => (b.length === 33 ? S.pointToBytes(S.pointFromBytes(b)) : undefined)],
  ['secp256k1.pointFromBytes (65 bytes, 0x04)', (b) => (b.length === 65 && b[0] === 4 ? S.pointToBytesUncompressed(S.pointFromBytes(b)) : undefined)],
  ['ed25519.Point.fromBytes({ zip215: false })', (b) => E.Point.fromBytes(b, { zip215: false }).toBytes()],
  ...EDWARDS.map((c): Case<(b: Uint8Array) => Uint8Array> => [`PointAffine.fromBytes(${c.name})`, (b) => PointAffine.fromBytes(c, b).toBytes()]),
  ['banderwagonFromBytes', (b) => banderwagonToBytes(banderwagonFromBytes(b))],
];

const ALL_VALID = [...SECP_VALID, ...ED_VALID, ...BW_VALID, ...[...EDW_VALID.values()].flat()];

describe('fuzz @strata/curves: decoders raise only StrataError', () => {
  it('on every length 0–200 (sweep: zero, 0xff, random)', () => {
    forEveryLength((b) => {
      for (const [name, f] of DECODERS) onlyStrataError(StrataError, `${name}(Uint8Array(${b.length}))`, () => f(b));
    }, 200);
  });

  eachCase(DECODERS, (n) => `${n} on random bytes of any length`, (name, f) => {
    fuzzAssert(fc.property(anyBytes(), (b) => { onlyStrataError(StrataError, name, () => f(b)); }), 150);
  });

  eachCase(DECODERS, (n) => `${n} on 32/33/65-byte edge patterns`, (name, f) => {
    fuzzAssert(
      fc.property(fc.oneof(fixedBytes(32), fixedBytes(33), fixedBytes(65)), (b) => { onlyStrataError(StrataError, name, () => f(b)); }),
      150,
    );
  });

  eachCase(DECODERS, (n) => `${n} on truncations, extensions and bit flips of valid encodings`, (name, f) => {
    fuzzAssert(fc.property(mutated(ALL_VALID), (m) => { onlyStrataError(StrataError, name, () => f(m.bytes)); }), 150);
  });

  eachCase(ENCODERS, (n) => `${n}: an output buffer of any length raises only StrataError`, (name, f) => {
    fuzzAssert(fc.property(anyBytes(80), (b) => { onlyStrataError(StrataError, name, () => f(b)); }), 100);
  });
});

describe('fuzz @strata/curves: canonical decoders round-trip what they accept', () => {
  eachCase(CANONICAL, (n) => `${n}: accepted bytes re-encode to themselves`, (name, f) => {
    fuzzAssert(
      fc.property(fc.oneof(mutated(ALL_VALID, { kinds: ['flip', 'byte'] }).map((m) => m.bytes), fixedBytes(32), fixedBytes(33)), (b) => {
        const again = onlyStrataError(StrataError, name, () => f(b));
        if (again !== undefined && toHex(again) !== toHex(b)) {
          throw new Error(`${name}: accepted ${toHex(b)} but re-encodes it as ${toHex(again)}`);
        }
      }),
      300,
    );
  });
});

// ---------------------------------------------------------------------------
// try… functions.
// ---------------------------------------------------------------------------

const TRIES: readonly Case<(b: Uint8Array) => unknown>[] = [
  ['ed25519.Point.tryFromBytes', (b) => E.Point.tryFromBytes(b)],
  ['ed25519.Point.tryFromBytes({ zip215: false })', (b) => E.Point.tryFromBytes(b, { zip215: false })],
  ['ed25519.Point.tryFromBytes(b, {}, out)', (b) => E.Point.tryFromBytes(b, {}, new E.Point())],
  ['ed25519.Point#trySetBytes', (b) => new E.Point().trySetBytes(b)],
  ['ed25519.Point#trySetBytes(b, false)', (b) => new E.Point().trySetBytes(b, { zip215: false })],
];

describe('fuzz @strata/curves: try… never throws', () => {
  it('on every length 0–200 (sweep)', () => sweepNeverThrows(TRIES));

  eachCase(TRIES, (n) => `${n} on random bytes and mutated encodings`, (name, f) => {
    fuzzAssert(
      fc.property(fc.oneof(anyBytes(), mutated(ALL_VALID).map((m) => m.bytes)), (b) => { neverThrows(name, () => f(b)); }),
      200,
    );
  });

  it('ed25519 tryFromBytes / trySetBytes agree with fromBytes on 32 bytes', () => {
    fuzzAssert(
      fc.property(fc.oneof(fixedBytes(32), mutated(ED_VALID, { kinds: ['flip', 'byte'] }).map((m) => m.bytes)), fc.boolean(), (b, zip215) => {
        const threw = onlyStrataError(StrataError, 'fromBytes', () => E.Point.fromBytes(b, { zip215 })) === undefined;
        const viaTry = E.Point.tryFromBytes(b, { zip215 }) !== null;
        const viaSet = new E.Point().trySetBytes(b, { zip215: zip215 });
        if (viaTry === threw || viaSet === threw) {
          throw new Error(`zip215=${zip215} ${toHex(b)}: fromBytes ${threw ? 'threw' : 'accepted'}, tryFromBytes ${viaTry}, trySetBytes ${viaSet}`);
        }
      }),
      400,
    );
  });
});

// ---------------------------------------------------------------------------
// Wrong-typed arguments.
// ---------------------------------------------------------------------------

const b32 = new Uint8Array(32);
/** A non-zero scalar (a zero one lets msmNonConst return before reading its options). */
const k5 = new Uint8Array(32);
k5[0] = 5;
const ENC_G = jubjub.generatorAffine().toBytes();

describe('fuzz @strata/curves: wrong-typed arguments throw TypeError at once', () => {
  const byteArgs: Case<(v: unknown) => unknown>[] = [
    ...DECODERS.map(([n, f]): Case<(v: unknown) => unknown> => [n, f as (v: unknown) => unknown]),
    ...TRIES.map(([n, f]): Case<(v: unknown) => unknown> => [n, f as (v: unknown) => unknown]),
  ].filter(([n]) => !n.startsWith('ed25519.scalar') && !n.includes('scalarMult') && !n.startsWith('scalarTo') && !n.includes('msm'));
  eachCase(byteArgs, (n) => `${n} with a non-Uint8Array`, (name, f) => {
    fuzzAssert(fc.property(notBytes(), (v) => { typeErrorAtOnce(name, () => f(v)); }), 40);
  });

  eachCase(
    [
      ['ed25519.scalarBaseMultNonConst(k)', (v: unknown) => E.scalarBaseMultNonConst(v as Uint8Array)],
      ['ed25519.scalarBaseMult(k)', (v: unknown) => E.scalarBaseMult(v as Uint8Array)],
      ['ed25519.scalarMult(k, B)', (v: unknown) => E.scalarMult(v as Uint8Array, E.Point.generator())],
      ['PointExtended(jubjub)#scalarMultNonConst(k)', (v: unknown) => scalarMultNonConst(v as bigint, new PointExtended(jubjub).setGenerator())],
      ['scalarToBigInt(k)', (v: unknown) => scalarToBigInt(v as bigint)],
    ] as Case<(v: unknown) => unknown>[],
    (n) => `${n} with a scalar that is neither bytes nor the scalar type`,
    (name, f) => fuzzAssert(fc.property(notBytes().filter((v) => typeof v !== 'bigint'), (v) => { typeErrorAtOnce(name, () => f(v)); }), 40),
  );

  eachCase(
    [
      ['secp256k1.pointFromBytes(b, out)', (v: unknown) => S.pointFromBytes(S.pointToBytes(secpPoint(1)), v as S.JacobianPoint)],
      ['ed25519.Point.tryFromBytes(b, {}, out)', (v: unknown) => E.Point.tryFromBytes(ED_VALID[0]!, {}, v as E.Point)],
      ['PointAffine.fromBytes(jubjub, b, {}, out)', (v: unknown) => PointAffine.fromBytes(jubjub, ENC_G, {}, v as PointAffine)],
      ['banderwagonFromBytes(b, out)', (v: unknown) => banderwagonFromBytes(BW_VALID[0]!, v as PointExtended)],
    ] as Case<(v: unknown) => unknown>[],
    (n) => `${n} with a wrong-typed out`,
    (name, f) => fuzzAssert(
      fc.property(fc.constantFrom<unknown>({}, [], 'p', 1, new Uint8Array(32), new PointAffine(babyJubjub), new E.Point(), null), (v) => {
        // The right type for each `out` is excluded case by case below.
        if (name.startsWith('ed25519') && v instanceof E.Point) return;
        if (name.startsWith('PointAffine') && v instanceof PointAffine && v.curve === jubjub) return;
        typeErrorAtOnce(name, () => f(v));
      }),
      30,
    ),
  );

  it('secp256k1.decompressY with a non-FieldVal x', () => {
    fuzzAssert(fc.property(fc.constantFrom<unknown>(null, undefined, 1, 1n, b32, {}), (v) => {
      typeErrorAtOnce('decompressY(x)', () => S.decompressY(v as FieldVal, false));
    }), 20);
  });
  it('secp256k1.decompressY with a non-FieldVal out', () => {
    fuzzAssert(fc.property(fc.constantFrom<unknown>({}, 1, 1n, b32, null), (v) => {
      typeErrorAtOnce('decompressY(x, odd, out)', () => S.decompressY(new FieldVal().setInt(1), false, v as FieldVal));
    }), 20);
  });
  it('secp256k1.decompressY with a non-boolean odd', () => {
    fuzzAssert(fc.property(notBoolean(), (v) => {
      typeErrorAtOnce('decompressY(x, odd)', () => S.decompressY(new FieldVal().setInt(1), v as boolean));
    }), 20);
  });

  eachCase(
    [
      ['PointAffine.fromBytes(curve, b)', (v: unknown) => PointAffine.fromBytes(v as EdwardsCurve, ENC_G)],
      ['new PointExtended(curve)', (v: unknown) => new PointExtended(v as EdwardsCurve)],
    ] as Case<(v: unknown) => unknown>[],
    (n) => `${n} with a non-curve`,
    (name, f) => fuzzAssert(fc.property(fc.constantFrom<unknown>(undefined, null, {}, 'jubjub', 1, [], E.Point.generator()), (v) => { typeErrorAtOnce(name, () => f(v)); }), 20),
  );

  it('EdwardsCurve.create with a params argument that is not an object, or wrong-typed fields', () => {
    // Deterministic: every case is tried, every breach is listed.
    const good = { name: 'fuzz-jubjub-copy', field: jubjub.F, a: jubjub.a, d: jubjub.d, order: jubjub.order, cofactor: jubjub.cofactor, generator: jubjub.generator, encoding: jubjub.encoding };
    const cases: [string, unknown][] = [
      ...['strict', 1, true, null].map((v): [string, unknown] => [`params = ${String(v)}`, v]),
      ...([['name', 1], ['field', {}], ['a', 1], ['d', '2'], ['order', 5], ['cofactor', 8], ['generator', null], ['generator', { x: 1, y: 2 }], ['encoding', 'Parity']] as [string, unknown][])
        .map(([k, v]): [string, unknown] => [`${k} = ${JSON.stringify(v)}`, { ...good, [k]: v }]),
    ];
    const failures: string[] = [];
    for (const [what, params] of cases) {
      try {
        typeErrorAtOnce(`EdwardsCurve.create(${what})`, () => EdwardsCurve.create(params as never));
      } catch (e) {
        failures.push((e as Error).message);
      }
    }
    if (failures.length > 0) throw new Error(failures.join('\n'));
  });

  it('ed25519.Point#trySetBytes with a non-integer offset', () => {
    fuzzAssert(fc.property(notInteger(), (v) => {
      typeErrorAtOnce('ed25519.Point#trySetBytes(b, true, off)', () => new E.Point().trySetBytes(new Uint8Array(64), undefined, v as number));
    }), 30);
  });

  it('every msmNonConst: a window that is a number but not an integer in [2, 16] is a RangeError', () => {
    const G = new PointExtended(jubjub).setGenerator();
    const bad = fc.oneof(fc.double().filter((v) => !Number.isInteger(v) || v < 2 || v > 16), fc.integer().filter((v) => v < 2 || v > 16));
    fuzzAssert(fc.property(bad, (w) => {
      for (const f of [
        () => edwardsMsmNonConst(jubjub, [G, G], [3n, 5n], undefined, { algorithm: 'pippenger', window: w }),
        () => E.msmNonConst([E.Point.generator()], [k5], new E.Point(), { window: w }),
        () => S.msmNonConst([secpPoint(1)], [new ModNScalar().setInt(5)], undefined, { window: w }),
      ]) {
        let err: unknown;
        try { f(); } catch (e) { err = e; }
        if (!(err instanceof RangeError)) throw new Error(`window ${w}: expected RangeError, got ${String(err)}`);
      }
    }), 40);
  });
});

// ---------------------------------------------------------------------------
// Options.
// ---------------------------------------------------------------------------

describe('fuzz @strata/curves: options of the wrong type throw TypeError', () => {
  const edInputs = fc.constantFrom(...ED_VALID, new Uint8Array(32).fill(0xff), (() => { const b = new Uint8Array(32); b[0] = 1; b[31] = 0x80; return b; })());

  eachCase(
    [
      ['ed25519.Point.fromBytes(b, { zip215 })', (v: unknown, b: Uint8Array) => E.Point.fromBytes(b, { zip215: v as boolean })],
      ['ed25519.Point#setBytes(b, { zip215 })', (v: unknown, b: Uint8Array) => new E.Point().setBytes(b, { zip215: v as boolean })],
      ['ed25519.Point.tryFromBytes(b, { zip215 })', (v: unknown, b: Uint8Array) => E.Point.tryFromBytes(b, { zip215: v as boolean })],
      ['ed25519.Point#trySetBytes(b, zip215)', (v: unknown, b: Uint8Array) => new E.Point().trySetBytes(b, { zip215: v as boolean })],
    ] as Case<(v: unknown, b: Uint8Array) => unknown>[],
    (n) => `${n} with a non-boolean`,
    (name, f) => fuzzAssert(fc.property(notBoolean(), edInputs, (v, b) => { typeErrorAtOnce(name, () => f(v, b)); }), 40),
  );

  eachCase(
    [
      ['ed25519.Point.fromBytes(b, opts)', (o: unknown) => E.Point.fromBytes(ED_VALID[0]!, o as never)],
      ['ed25519.Point.tryFromBytes(b, opts)', (o: unknown) => E.Point.tryFromBytes(ED_VALID[0]!, o as never)],
      ['PointAffine.fromBytes(jubjub, b, opts)', (o: unknown) => PointAffine.fromBytes(jubjub, ENC_G, o as never)],
      ['ed25519.precomputeNonConst(B, opts)', (o: unknown) => E.precomputeNonConst(E.Point.generator(), o as never)],
      ['secp256k1.precomputeNonConst(G, opts)', (o: unknown) => S.precomputeNonConst(secpPoint(1), o as never)],
      ['ed25519.msmNonConst(points, scalars, out, opts)', (o: unknown) => E.msmNonConst([E.Point.generator()], [k5], new E.Point(), o as never)],
    ] as Case<(o: unknown) => unknown>[],
    (n) => `${n} with an options argument that is not an object`,
    (name, f) => fuzzAssert(fc.property(notOptions(), (o) => { typeErrorAtOnce(name, () => f(o)); }), 30),
  );

  for (const c of EDWARDS) {
    const enc = EDW_VALID.get(c)!;
    it(`PointAffine.fromBytes(${c.name}, b, { subgroup }) with a non-boolean`, () => {
      fuzzAssert(fc.property(notBoolean(), fc.constantFrom(...enc), (v, b) => {
        typeErrorAtOnce('PointAffine.fromBytes({ subgroup })', () => PointAffine.fromBytes(c, b, { subgroup: v as boolean }));
      }), 30);
    });
    it(`PointAffine.fromBytes(${c.name}, b, { encoding }) with a wrong value or type`, () => {
      fuzzAssert(fc.property(fc.oneof(otherStrings(['parity', 'lexsign']), notString()), fc.constantFrom(...enc), (v, b) => {
        typeErrorAtOnce('PointAffine.fromBytes({ encoding })', () => PointAffine.fromBytes(c, b, { encoding: v as 'parity' }));
      }), 40);
    });
    it(`PointAffine(${c.name})#toBytes(encoding) with a wrong value or type`, () => {
      const P = c.generatorAffine();
      fuzzAssert(fc.property(fc.oneof(otherStrings(['parity', 'lexsign']), notString().filter((v) => v !== undefined)), (v) => {
        typeErrorAtOnce('PointAffine#toBytes(encoding)', () => P.toBytes(v as 'parity'));
      }), 40);
    });
  }

  eachCase(
    [
      ['ed25519.precomputeNonConst(B, { width })', (v: unknown) => E.precomputeNonConst(E.Point.generator(), { width: v as number })],
      ['ed25519.precomputeNonConst(B, { pieces })', (v: unknown) => E.precomputeNonConst(E.Point.generator(), { pieces: v as number })],
      ['secp256k1.precomputeNonConst(G, { width })', (v: unknown) => S.precomputeNonConst(secpPoint(1), { width: v as number })],
      ['secp256k1.precomputeManyNonConst([G], { pieces })', (v: unknown) => S.precomputeManyNonConst([secpPoint(1)], { pieces: v as number })],
      ['ed25519.msmNonConst(…, { algorithm: "pippenger", window })', (v: unknown) => E.msmNonConst([E.Point.generator()], [k5], new E.Point(), { algorithm: 'pippenger', window: v as number })],
      ['secp256k1.msmNonConst(…, { window })', (v: unknown) => S.msmNonConst([secpPoint(1)], [new ModNScalar().setInt(5)], undefined, { window: v as number })],
      ['edwards.msmNonConst(jubjub, …, { window })', (v: unknown) => edwardsMsmNonConst(jubjub, [new PointExtended(jubjub).setGenerator()], [5n], undefined, { window: v as number })],
    ] as Case<(v: unknown) => unknown>[],
    (n) => `${n} with a non-number`,
    (name, f) => fuzzAssert(fc.property(notInteger().filter((v) => typeof v !== 'number'), (v) => { typeErrorAtOnce(name, () => f(v)); }), 30),
  );

  it('every msmNonConst(…, { algorithm }) with a wrong value or type', () => {
    fuzzAssert(fc.property(fc.oneof(otherStrings(['straus', 'pippenger']), notString()), (v) => {
      typeErrorAtOnce('ed25519.msmNonConst({ algorithm })', () => E.msmNonConst([E.Point.generator()], [k5], new E.Point(), { algorithm: v as 'straus' }));
      typeErrorAtOnce('secp256k1.msmNonConst({ algorithm })', () => S.msmNonConst([secpPoint(1)], [new ModNScalar().setInt(5)], undefined, { algorithm: v as 'straus' }));
      typeErrorAtOnce('edwards.msmNonConst({ algorithm })', () => edwardsMsmNonConst(jubjub, [new PointExtended(jubjub).setGenerator()], [5n], undefined, { algorithm: v as 'straus' }));
    }), 40);
  });
});
