/**
 * Fuzz suite of @strata/ring (issue 10): every decoder, verifier and options
 * object of the package, over random bytes of every length 0–200, random
 * size headers with random bodies, truncations / extensions / bit flips of
 * ring-go's signature vectors and of freshly made signatures, and
 * wrong-typed values. Seeded and scaled through `STRATA_FUZZ_SEED` /
 * `STRATA_FUZZ_RUNS` (see tools/testkit/src/fuzz.ts).
 *
 * Covered (from src/index.ts), on @strata/group's `secp256k1` and `ed25519`:
 * - `RingSignature.fromBytes(curve, bytes, options)` (options `FromBytesOptions { strict, cache }`)
 * - `RingSignature#verify(message, options)` (options `VerifyOptions { hashToScalarRule, maxRingSize }`), `link(a, b)`
 * - `Ring.fromPublicKeys(curve, keys, options)`, `Ring.withSigner(curve, keys, privateKey, index, options)`,
 *   `Ring.random(curve, size, privateKey, index, options)` (options `RingOptions { eagerTables, tableSize }`),
 *   `Ring#sign`, `Ring#indexOf`
 * - `sign(message, ring, privateKey, index, options)` (options `SignOptions { random, avoidAmbiguous, selfCheck, hashToScalarRule }`)
 * - `new RingCache(maxRings, options)` (options `{ tableSize }`)
 * - the curves' `hashToScalar(data, out, { rule })` (through the test helper `hashToScalar(curve, data, rule, out)`)
 *   and @strata/group's `hashToScalarIsAmbiguous(curve, data)`,
 *   `hashToCurveNonConst(curve, P)`, `hashToCurveStyle(curve)`, `signatureByteLength(curve, n)`
 *
 * Properties: byte inputs raise only StrataError; verify and link never
 * throw on anything deserialize accepts and never accept a mutated valid
 * signature; strict deserialization rejects trailing bytes; wrong-typed
 * arguments and option values throw TypeError at once.
 */
import { describe, it } from 'vitest';
import fc from 'fast-check';
import {
  anyBytes,
  type FuzzCase,
  concatBytes,
  eachCase,
  forEveryLength,
  fuzzAssert,
  hex,
  mutated,
  neverThrows,
  notBoolean,
  notBytes,
  notInteger,
  notOptions,
  notString,
  onlyStrataError,
  otherStrings,
  readVectorJson,
  typeErrorAtOnce,
  xorshiftBytes,
} from '@strata/testkit';
import { ErrorCode, StrataError } from '@strata/field';
import { ed25519, secp256k1, type Curve, type Point } from '@strata/group';
import { Ring, RingCache, RingSignature, hashToCurveNonConst, hashToCurveStyle, link, signatureByteLength, sign } from '../../src/index.js';
import { hashToScalar, hashToScalarIsAmbiguous } from '../helpers.js';

type Case<F> = FuzzCase<F>;
const CURVES: readonly Case<Curve>[] = [['secp256k1', secp256k1], ['ed25519', ed25519]];
const curveOf = (n: string): Curve => (n === 'ed25519' ? ed25519 : secp256k1);

// ---------------------------------------------------------------------------
// Valid signatures: ring-go's small-ring vectors and fresh ones.
// ---------------------------------------------------------------------------

interface SigCase { id: string; curve: Curve; message: Uint8Array; bytes: Uint8Array; n: number }
const VECTORS = readVectorJson<{ sign_verify: { id: string; curve: string; ring_size: number; message: string; serialized: string; verify: boolean }[] }>('ring-go.json')
  .sign_verify.filter((v) => v.verify && v.ring_size <= 4);
const SIGS: SigCase[] = VECTORS.map((v) => ({ id: v.id, curve: curveOf(v.curve), message: hex(v.message), bytes: hex(v.serialized), n: v.ring_size }));
const rnd = xorshiftBytes(0x21e6);
for (const [name, c] of CURVES) {
  for (const n of [2, 3]) {
    const x = c.newRandomScalar(rnd);
    const ring = Ring.random(c, n, x, n - 1, { random: rnd });
    const message = rnd(32);
    SIGS.push({ id: `fresh-${name}-n${n}`, curve: c, message, bytes: ring.sign(message, x, { random: rnd }).toBytes(), n });
  }
}
const PARSED = SIGS.map((s) => RingSignature.fromBytes(s.curve, s.bytes));
const byCurve = (c: Curve): number[] => SIGS.map((s, i) => (s.curve === c ? i : -1)).filter((i) => i >= 0);

/** A size header n (small, or around the edges of the 32-bit field) followed by random bytes. */
function headerAndBody(c: Curve): fc.Arbitrary<Uint8Array> {
  const size = fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constantFrom(0x7fffffff, 0x80000000, 0xffffffff, 0x01000000, 256));
  return fc.tuple(size, fc.boolean(), fc.integer({ min: 0, max: 40 })).chain(([n, exact, extra]) => {
    const need = Math.min(signatureByteLength(c, n), 400);
    return fc.uint8Array({ minLength: exact ? need : 0, maxLength: need + extra, size: 'max' }).map((body) => {
      const h = new Uint8Array(4);
      new DataView(h.buffer).setUint32(0, n);
      return concatBytes(h, body);
    });
  });
}

/** A header n with n members that all carry a valid point (the curve's base point) and random scalars. */
function validPointsBody(c: Curve): fc.Arbitrary<Uint8Array> {
  const G = c.basePoint().toBytes();
  return fc.tuple(fc.integer({ min: 1, max: 4 }), fc.boolean()).chain(([n, zero]) =>
    fc.uint8Array({ minLength: c.scalarSize * (n + 1), maxLength: c.scalarSize * (n + 1), size: 'max' }).map((sc) => {
      if (zero) sc.fill(0);
      const ss = c.scalarSize;
      const parts: Uint8Array[] = [new Uint8Array([0, 0, 0, n]), sc.subarray(0, ss), G];
      for (let i = 0; i < n; i++) parts.push(sc.subarray(ss * (i + 1), ss * (i + 2)), G);
      return concatBytes(...parts);
    }),
  );
}

// ---------------------------------------------------------------------------
// Deserialization.
// ---------------------------------------------------------------------------

describe('fuzz @strata/ring: RingSignature.fromBytes raises only StrataError', () => {
  it('on every length 0–200 (sweep), strict or not, with or without a cache', () => {
    const cache = new RingCache(4);
    for (const [name, c] of CURVES) {
      forEveryLength((b) => {
        for (const options of [{}, { strict: true }, { cache }]) {
          onlyStrataError(StrataError, `fromBytes(${name}, Uint8Array(${b.length}), ${JSON.stringify(Object.keys(options))})`, () => RingSignature.fromBytes(c, b, options));
        }
      });
    }
  });

  for (const [name, c] of CURVES) {
    it(`${name}: random bytes, size headers with random bodies, and rings of valid points`, () => {
      const cache = new RingCache(4);
      fuzzAssert(
        fc.property(fc.oneof(anyBytes(), headerAndBody(c), validPointsBody(c)), fc.constantFrom({}, { strict: true }, { cache }), (b, options) => {
          const sig = onlyStrataError(StrataError, `fromBytes(${name})`, () => RingSignature.fromBytes(c, b, options));
          if (sig !== undefined) {
            neverThrows('verify', () => sig.verify(new Uint8Array(32)));
            neverThrows('link', () => link(sig, sig));
          }
        }),
        300,
      );
    });
  }
});

describe('fuzz @strata/ring: verify and link never throw and never accept a mutated signature', () => {
  it('the valid signatures verify and link to themselves', () => {
    PARSED.forEach((p, i) => {
      if (!p.verify(SIGS[i]!.message)) throw new Error(`${SIGS[i]!.id} does not verify`);
      if (!link(p, p)) throw new Error(`${SIGS[i]!.id} does not link to itself`);
    });
  });

  for (const [name, c] of CURVES) {
    const idx = byCurve(c);
    it(`${name}: bit flips and byte changes are rejected by deserialize or verify; link sees a changed key image`, () => {
      fuzzAssert(
        fc.property(fc.constantFrom(...idx).chain((i) => fc.tuple(fc.constant(i), mutated([SIGS[i]!.bytes], { kinds: ['flip', 'byte'] }), fc.boolean())), ([i, m, strict]) => {
          const s = SIGS[i]!;
          const q = onlyStrataError(StrataError, `fromBytes(${s.id}, ${m.kind})`, () => RingSignature.fromBytes(c, m.bytes, { strict }));
          if (q === undefined) return;
          const ok = neverThrows('verify', () => q.verify(s.message));
          if (ok) throw new Error(`${s.id}: the signature with byte ${m.at} changed (${Buffer.from(m.bytes).toString('hex')}) verifies`);
          const linked = neverThrows('link', () => link(PARSED[i]!, q));
          const imageAt = 4 + c.scalarSize;
          if (m.at !== undefined && m.at >= imageAt && m.at < imageAt + c.compressedPointSize && linked) {
            throw new Error(`${s.id}: a signature whose key image byte ${m.at} changed still links to the original`);
          }
        }),
        120,
      );
    });

    it(`${name}: truncations fail with ERR_TRUNCATED; extensions parse only when not strict, verify as the original, link`, () => {
      fuzzAssert(
        fc.property(fc.constantFrom(...idx).chain((i) => fc.tuple(fc.constant(i), mutated([SIGS[i]!.bytes], { kinds: ['truncate', 'extend', 'truncate+extend'] }))), ([i, m]) => {
          const s = SIGS[i]!;
          const lax = onlyStrataError(StrataError, `fromBytes(${s.id}, ${m.kind})`, () => RingSignature.fromBytes(c, m.bytes));
          const strict = onlyStrataError(StrataError, `fromBytes(${s.id}, ${m.kind}, strict)`, () => RingSignature.fromBytes(c, m.bytes, { strict: true }));
          if (m.kind === 'truncate') {
            try {
              RingSignature.fromBytes(c, m.bytes);
            } catch (e) {
              if (!(e instanceof StrataError) || e.code !== ErrorCode.TRUNCATED) throw new Error(`${s.id}: a truncation to ${m.bytes.length} bytes gave ${String(e)}`);
            }
            if (lax !== undefined) throw new Error(`${s.id}: a truncation to ${m.bytes.length} bytes parsed`);
          }
          if (m.kind === 'extend') {
            if (strict !== undefined) throw new Error(`${s.id}: strict deserialize accepted ${m.bytes.length - s.bytes.length} trailing bytes`);
            if (lax === undefined) throw new Error(`${s.id}: trailing bytes were rejected without strict`);
            if (!neverThrows('verify', () => lax.verify(s.message))) throw new Error(`${s.id}: with trailing bytes, no longer verifies`);
          }
          if (lax !== undefined) {
            neverThrows('verify', () => lax.verify(s.message));
            neverThrows('link', () => link(lax, PARSED[i]!));
          }
        }),
        150,
      );
    });

    it(`${name}: verify with any other message (any length) is false and never throws`, () => {
      fuzzAssert(
        fc.property(fc.constantFrom(...idx), fc.oneof(anyBytes(64), mutated(idx.map((i) => SIGS[i]!.message)).map((m) => m.bytes)), fc.constantFrom<'decred' | 'libsecp256k1'>('decred', 'libsecp256k1'), (i, msg, hashToScalar) => {
          const s = SIGS[i]!;
          const same = msg.length === s.message.length && msg.every((v, k) => v === s.message[k]);
          const ok = neverThrows('verify', () => PARSED[i]!.verify(msg, { hashToScalarRule: hashToScalar }));
          if (ok && !same) throw new Error(`${s.id}: verifies for another message ${Buffer.from(msg).toString('hex')}`);
        }),
        150,
      );
    });
  }
});

// ---------------------------------------------------------------------------
// Other byte inputs.
// ---------------------------------------------------------------------------

const DECODERS: Case<(b: Uint8Array) => unknown>[] = CURVES.flatMap(([n, c]): Case<(b: Uint8Array) => unknown>[] => [
  [`Ring.fromPublicKeys(${n}, [bytes, G])`, (b) => Ring.fromPublicKeys(c, [b, c.basePoint()])],
  [`Ring.withSigner(${n}, [G], privateKey bytes, 0)`, (b) => Ring.withSigner(c, [c.basePoint()], b, 0)],
  [`Ring.random(${n}, 2, privateKey bytes, 0)`, (b) => Ring.random(c, 2, b, 0, { random: xorshiftBytes(7) })],
  [`sign(message bytes, ring, x, 1)`, (b) => sign(b, RING[n]!.ring, RING[n]!.x, RING[n]!.index, { random: xorshiftBytes(9) })],
  [`sign(m, ring, privateKey bytes, 1)`, (b) => sign(new Uint8Array(32), RING[n]!.ring, b, RING[n]!.index, { random: xorshiftBytes(9) })],
  [`Ring#sign(m, privateKey bytes)`, (b) => RING[n]!.ring.sign(new Uint8Array(32), b, { random: xorshiftBytes(9) })],
  [`hashToScalar(${n}, data)`, (b) => hashToScalar(c, b)],
  [`hashToScalar(${n}, data, 'libsecp256k1')`, (b) => hashToScalar(c, b, 'libsecp256k1')],
  [`hashToScalarIsAmbiguous(${n}, data)`, (b) => hashToScalarIsAmbiguous(c, b)],
]);
const RING: Record<string, { ring: Ring; x: Uint8Array; index: number }> = {};
for (const [n, c] of CURVES) {
  const xs = c.newRandomScalar(xorshiftBytes(3));
  RING[n] = { ring: Ring.random(c, 2, xs, 1, { random: xorshiftBytes(5) }), x: xs.toBytes(), index: 1 };
}

describe('fuzz @strata/ring: other byte inputs raise only StrataError', () => {
  it('on every length 0–200 (sweep)', () => {
    forEveryLength((b) => {
      for (const [name, f] of DECODERS) onlyStrataError(StrataError, `${name}(Uint8Array(${b.length}))`, () => f(b));
    }, 70);
  });

  eachCase(DECODERS, (n) => `${n} on random bytes of any length`, (name, f) => {
    fuzzAssert(fc.property(anyBytes(), (b) => { onlyStrataError(StrataError, name, () => f(b)); }), 60);
  });

  for (const [n, c] of CURVES) {
    it(`hashToCurveNonConst(${n}, P) for decoded points never throws anything but StrataError`, () => {
      fuzzAssert(
        fc.property(anyBytes(40), (b) => {
          const P = c.tryPointFromBytes!(b.subarray(0, c.compressedPointSize));
          if (P !== null) onlyStrataError(StrataError, 'hashToCurveNonConst', () => hashToCurveNonConst(c, P));
        }),
        60,
      );
    });
  }
});

// ---------------------------------------------------------------------------
// Wrong-typed arguments.
// ---------------------------------------------------------------------------

const S0 = SIGS[0]!;
const P0 = PARSED[0]!;
const notCurve = fc.constantFrom<unknown>(undefined, null, {}, 'secp256k1', 1, [], { pointFromBytes: 1, hashToScalarRule: 1 });

describe('fuzz @strata/ring: wrong-typed arguments throw TypeError at once', () => {
  eachCase(
    [
      ['RingSignature.fromBytes(curve)', (v: unknown) => RingSignature.fromBytes(v as Curve, S0.bytes)],
      ['Ring.fromPublicKeys(curve)', (v: unknown) => Ring.fromPublicKeys(v as Curve, [secp256k1.basePoint(), secp256k1.altBasePoint()])],
      ['Ring.random(curve)', (v: unknown) => Ring.random(v as Curve, 2, new Uint8Array(32).fill(1), 0)],
      ['hashToScalar(curve)', (v: unknown) => hashToScalar(v as Curve, new Uint8Array(3))],
      ['hashToScalarIsAmbiguous(curve)', (v: unknown) => hashToScalarIsAmbiguous(v as Curve, new Uint8Array(3))],
      ['hashToCurveNonConst(curve)', (v: unknown) => hashToCurveNonConst(v as Curve, secp256k1.basePoint())],
      ['hashToCurveStyle(curve)', (v: unknown) => hashToCurveStyle(v as Curve)],
      ['signatureByteLength(curve)', (v: unknown) => signatureByteLength(v as Curve, 2)],
    ] as Case<(v: unknown) => unknown>[],
    (n) => `${n} with a non-Curve`,
    (name, f) => fuzzAssert(fc.property(notCurve, (v) => { typeErrorAtOnce(name, () => f(v)); }), 20),
  );

  eachCase(
    [
      ['RingSignature.fromBytes(curve, bytes)', (v: unknown) => RingSignature.fromBytes(S0.curve, v as Uint8Array)],
      ['RingSignature#verify(message)', (v: unknown) => P0.verify(v as Uint8Array)],
      ['sign(message)', (v: unknown) => sign(v as Uint8Array, RING['secp256k1']!.ring, RING['secp256k1']!.x, 1)],
      ['hashToScalar(curve, data)', (v: unknown) => hashToScalar(secp256k1, v as Uint8Array)],
      ['hashToScalarIsAmbiguous(curve, data)', (v: unknown) => hashToScalarIsAmbiguous(secp256k1, v as Uint8Array)],
      ['hashToScalarIsAmbiguous(ed25519, data)', (v: unknown) => hashToScalarIsAmbiguous(ed25519, v as Uint8Array)],
    ] as Case<(v: unknown) => unknown>[],
    (n) => `${n} with a non-Uint8Array`,
    (name, f) => fuzzAssert(fc.property(notBytes(), (v) => { typeErrorAtOnce(name, () => f(v)); }), 30),
  );

  eachCase(
    [
      ['Ring.fromPublicKeys(curve, [key, G])', (v: unknown) => Ring.fromPublicKeys(secp256k1, [v as Point, secp256k1.basePoint()])],
      ['sign(m, ring, privateKey)', (v: unknown) => sign(new Uint8Array(32), RING['secp256k1']!.ring, v as Uint8Array, 1)],
      ['Ring.withSigner(curve, keys, privateKey)', (v: unknown) => Ring.withSigner(secp256k1, [secp256k1.basePoint()], v as Uint8Array, 0)],
    ] as Case<(v: unknown) => unknown>[],
    (n) => `${n} that is neither bytes nor a group element`,
    (name, f) => fuzzAssert(fc.property(notBytes(), (v) => { typeErrorAtOnce(name, () => f(v)); }), 30),
  );

  eachCase(
    [
      ['Ring.fromPublicKeys(curve, keys)', (v: unknown) => Ring.fromPublicKeys(secp256k1, v as Point[])],
      ['link(a, b)', (v: unknown) => link(P0, v as RingSignature)],
      ['sign(m, ring)', (v: unknown) => sign(new Uint8Array(32), v as Ring, RING['secp256k1']!.x, 1)],
      ['Ring#indexOf(publicKey)', (v: unknown) => RING['secp256k1']!.ring.indexOf(v as Point)],
      ['Ring#equals(other)', (v: unknown) => RING['secp256k1']!.ring.equals(v as Ring)],
    ] as Case<(v: unknown) => unknown>[],
    (n) => `${n} with a wrong-typed value`,
    (name, f) => fuzzAssert(fc.property(fc.constantFrom<unknown>(undefined, null, {}, 'x', 1, new Uint8Array(33), new Set()), (v) => { typeErrorAtOnce(name, () => f(v)); }), 20),
  );

  eachCase(
    [
      ['sign(m, ring, x, index)', (v: unknown) => sign(new Uint8Array(32), RING['secp256k1']!.ring, RING['secp256k1']!.x, v as number)],
      ['Ring.withSigner(…, index)', (v: unknown) => Ring.withSigner(secp256k1, [secp256k1.basePoint()], RING['secp256k1']!.x, v as number)],
      ['Ring.random(curve, size)', (v: unknown) => Ring.random(secp256k1, v as number, RING['secp256k1']!.x, 0)],
      ['new RingCache(maxRings)', (v: unknown) => new RingCache(v as number)],
      ['signatureByteLength(curve, n)', (v: unknown) => signatureByteLength(secp256k1, v as number)],
    ] as Case<(v: unknown) => unknown>[],
    (n) => `${n} with a non-integer`,
    (name, f) => fuzzAssert(fc.property(notInteger().filter((v) => typeof v !== 'number' || !Number.isInteger(v)), (v) => { typeErrorAtOnce(name, () => f(v)); }), 30),
  );
});

// ---------------------------------------------------------------------------
// Options.
// ---------------------------------------------------------------------------

describe('fuzz @strata/ring: options of the wrong type throw TypeError', () => {
  const sr = RING['secp256k1']!;
  const withTail = concatBytes(S0.bytes, new Uint8Array(2));

  it('RingSignature.fromBytes(…, { strict }) with a non-boolean', () => {
    fuzzAssert(fc.property(notBoolean(), fc.constantFrom(S0.bytes, withTail), (v, b) => {
      typeErrorAtOnce('deserialize({ strict })', () => RingSignature.fromBytes(S0.curve, b, { strict: v as boolean }));
    }), 30);
  });

  it('RingSignature.fromBytes(…, { cache }) with a non-RingCache', () => {
    fuzzAssert(fc.property(fc.constantFrom<unknown>({}, [], 'cache', 1, true, null, new Map()), (v) => {
      typeErrorAtOnce('deserialize({ cache })', () => RingSignature.fromBytes(S0.curve, S0.bytes, { cache: v as RingCache }));
    }), 20);
  });

  eachCase(
    [
      ['RingSignature#verify(m, { hashToScalarRule: hashToScalar })', (v: unknown) => P0.verify(S0.message, { hashToScalarRule: v as 'decred' })],
      ['sign(…, { hashToScalarRule: hashToScalar })', (v: unknown) => sign(new Uint8Array(32), sr.ring, sr.x, 1, { hashToScalarRule: v as 'decred' })],
      ['hashToScalar(curve, data, backend)', (v: unknown) => hashToScalar(secp256k1, new Uint8Array(3), v as 'decred')],
    ] as Case<(v: unknown) => unknown>[],
    (n) => `${n} with a wrong value or type`,
    (name, f) => fuzzAssert(fc.property(fc.oneof(otherStrings(['decred', 'libsecp256k1']), notString().filter((v) => v !== undefined)), (v) => { typeErrorAtOnce(name, () => f(v)); }), 30),
  );

  eachCase(
    [
      ['sign(…, { avoidAmbiguous })', (v: unknown) => sign(new Uint8Array(32), sr.ring, sr.x, 1, { avoidAmbiguous: v as boolean, random: xorshiftBytes(2) })],
      ['sign(…, { selfCheck })', (v: unknown) => sign(new Uint8Array(32), sr.ring, sr.x, 1, { selfCheck: v as boolean, random: xorshiftBytes(2) })],
      ['Ring.fromPublicKeys(…, { eagerTables })', (v: unknown) => Ring.fromPublicKeys(secp256k1, [secp256k1.basePoint(), secp256k1.altBasePoint()], { eagerTables: v as boolean })],
    ] as Case<(v: unknown) => unknown>[],
    (n) => `${n} with a non-boolean`,
    (name, f) => fuzzAssert(fc.property(notBoolean(), (v) => { typeErrorAtOnce(name, () => f(v)); }), 20),
  );

  eachCase(
    [
      ['Ring.fromPublicKeys(…, { tableSize })', (v: unknown) => Ring.fromPublicKeys(secp256k1, [secp256k1.basePoint(), secp256k1.altBasePoint()], { tableSize: v as 'large' })],
      ['new RingCache(n, { tableSize })', (v: unknown) => new RingCache(4, { tableSize: v as 'large' })],
    ] as Case<(v: unknown) => unknown>[],
    (n) => `${n} with a wrong value or type`,
    (name, f) => fuzzAssert(fc.property(fc.oneof(otherStrings(['large', 'small']), notString()), (v) => { typeErrorAtOnce(name, () => f(v)); }), 30),
  );

  it('sign(…, { random }) with a non-function', () => {
    fuzzAssert(fc.property(fc.constantFrom<unknown>('random', 1, {}, [], true, null, new Uint8Array(32)), (v) => {
      typeErrorAtOnce('sign({ random })', () => sign(new Uint8Array(32), sr.ring, sr.x, 1, { random: v as never }));
    }), 20);
  });

  eachCase(
    [
      ['RingSignature.fromBytes(curve, bytes, options)', (o: unknown) => RingSignature.fromBytes(S0.curve, S0.bytes, o as never)],
      ['RingSignature#verify(message, options)', (o: unknown) => P0.verify(S0.message, o as never)],
      ['sign(m, ring, x, index, options)', (o: unknown) => sign(new Uint8Array(32), sr.ring, sr.x, 1, o as never)],
      ['Ring#sign(m, x, options)', (o: unknown) => sr.ring.sign(new Uint8Array(32), sr.x, o as never)],
      ['Ring.fromPublicKeys(curve, keys, options)', (o: unknown) => Ring.fromPublicKeys(secp256k1, [secp256k1.basePoint(), secp256k1.altBasePoint()], o as never)],
      ['Ring.random(curve, size, x, index, options)', (o: unknown) => Ring.random(secp256k1, 2, sr.x, 0, o as never)],
      ['new RingCache(n, options)', (o: unknown) => new RingCache(4, o as never)],
    ] as Case<(o: unknown) => unknown>[],
    (n) => `${n} with an options argument that is not an object`,
    (name, f) => fuzzAssert(fc.property(notOptions(), (o) => { typeErrorAtOnce(name, () => f(o)); }), 20),
  );
});
