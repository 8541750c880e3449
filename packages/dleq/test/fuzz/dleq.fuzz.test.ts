/**
 * Fuzz suite of @strata/dleq (issue 10): every decoder, `try…` function,
 * verifier and options object of the group layer and of the DLEq proofs,
 * over random bytes of every length 0–200, truncations / extensions / bit
 * flips of valid point signatures and of go-dleq's proof vectors, and
 * wrong-typed values. Seeded and scaled through `STRATA_FUZZ_SEED` /
 * `STRATA_FUZZ_RUNS` (see tools/testkit/src/fuzz.ts).
 *
 * Covered (from src/index.ts), on `secp256k1`, `secp256k1Reduced`, `ed25519`:
 * - `Curve#pointFromBytes`, `Curve#tryPointFromBytes`, `Curve#scalarFromBytes`, `Curve#scalarFromBytesLE`,
 *   `Curve#hashToScalar`, `Curve#hashToScalarIsAmbiguous` (byte decoders / hashes)
 * - `Curve#verify(pubkey, msgPoint, sig)` (the point-signature verifier)
 * - `Curve#pointsToBytes` / `pointsToBytes(curve, points, out, offset)`, `precompute(curve, P, options)`
 *   (options `PrecomputeOptions { width, pieces }`), `createSecp256k1Curve(options)`
 *   (options `Secp256k1CurveOptions { hashToScalarRule }`)
 * - `Proof.fromBytes(curveA, curveB, bytes, options)` (options `FromBytesOptions { strict }`),
 *   `Proof#verify`, `Proof#check`, `prove(curveA, curveB, secret, options)`
 *   (options `ProveOptions { rand, avoidBackendDisagreement }`), `generateSecretForCurvesLE`, `proofBitCount`
 *
 * Properties: byte inputs raise only StrataError; `try…` never throws;
 * verifiers never throw (also for another valid curve pair) and never
 * accept a mutated valid signature or proof; wrong-typed arguments and
 * option values throw TypeError at once.
 */
import { describe, it } from 'vitest';
import fc from 'fast-check';
import {
  anyBytes,
  type FuzzCase,
  concatBytes,
  eachCase,
  fixedBytes,
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
import { StrataError } from '@strata/field';
import { Proof, generateSecretForCurvesLE, proofBitCount, prove } from '../../src/index.js';
import { schemeOf } from '../helpers.js';
import { createSecp256k1Curve, ed25519, pointsToBytes, precompute, secp256k1, secp256k1Reduced, type Curve, type Point } from '@strata/group';

type Case<F> = FuzzCase<F>;
const CURVES: readonly Case<Curve>[] = [['secp256k1', secp256k1], ['secp256k1Reduced', secp256k1Reduced], ['ed25519', ed25519]];
const byName = (n: string): Curve => (n === 'ed25519' ? ed25519 : secp256k1);

// ---------------------------------------------------------------------------
// Valid material: point signatures (generated) and go-dleq's proofs.
// ---------------------------------------------------------------------------

interface SigCase { curve: Curve; pub: Point; msg: Point; sig: Uint8Array }
const rnd = xorshiftBytes(0xd1e9);
const SIGS: SigCase[] = [];
for (const [, c] of CURVES) {
  for (let i = 0; i < 3; i++) {
    const s = c.newRandomScalar(rnd);
    const msg = c.scalarBaseMult(c.newRandomScalar(rnd));
    SIGS.push({ curve: c, pub: c.scalarBaseMult(s), msg, sig: schemeOf(c).sign(s, msg, rnd) });
  }
}

interface ProofCase { id: string; a: Curve; b: Curve; bytes: Uint8Array }
const PROOFS: ProofCase[] = readVectorJson<{ proofs: { id: string; curve_a: string; curve_b: string; proof: string; verify: boolean }[] }>('go-dleq.json')
  .proofs.filter((p) => p.verify)
  .map((p) => ({ id: p.id, a: byName(p.curve_a), b: byName(p.curve_b), bytes: hex(p.proof) }));
/** The first valid proof of each curve order (verification is the expensive step). */
const PROOF_PAIRS = [PROOFS.find((p) => p.a === secp256k1)!, PROOFS.find((p) => p.a === ed25519)!];

/** The number of bytes `Proof.fromBytes` reads of a valid proof (go-dleq ignores the rest). */
function consumed(p: ProofCase): number {
  return Proof.fromBytes(p.a, p.b, p.bytes).toBytes().length;
}

/**
 * A bit flip in a valid proof (optionally followed by trailing bytes, which
 * are ignored), biased to the header and the signatures at the end, where
 * the structure is: the flip is always inside the bytes a proof is made of.
 */
function flippedProof(p: ProofCase, trailing: boolean): fc.Arbitrary<{ bytes: Uint8Array; at: number }> {
  const n = consumed(p);
  const at = fc.oneof(
    fc.integer({ min: 0, max: Math.min(n - 1, 400) }),
    fc.integer({ min: Math.max(0, n - 300), max: n - 1 }),
    fc.integer({ min: 0, max: n - 1 }),
  );
  const tail = trailing ? fc.uint8Array({ minLength: 1, maxLength: 80, size: 'max' }) : fc.constant(new Uint8Array(0));
  return fc.tuple(at, fc.integer({ min: 0, max: 7 }), tail).map(([i, bit, t]) => {
    const b = concatBytes(p.bytes.subarray(0, n), t);
    b[i] = b[i]! ^ (1 << bit);
    return { bytes: b, at: i };
  });
}

// ---------------------------------------------------------------------------
// Group decoders.
// ---------------------------------------------------------------------------

const DECODERS: Case<(b: Uint8Array) => unknown>[] = CURVES.flatMap(([n, c]): Case<(b: Uint8Array) => unknown>[] => [
  [`${n}.pointFromBytes`, (b) => c.pointFromBytes(b)],
  [`${n}.pointFromBytes(b, out)`, (b) => c.pointFromBytes(b, c.identity())],
  [`${n}.scalarFromBytes`, (b) => c.scalarFromBytes(b)],
  [`${n}.scalarFromBytesLE`, (b) => c.scalarFromBytesLE(b)],
  [`${n}.hashToScalar`, (b) => c.hashToScalar(b)],
  [`${n}.hashToScalarIsAmbiguous`, (b) => c.hashToScalarIsAmbiguous?.(b)],
]);
const TRIES: Case<(b: Uint8Array) => unknown>[] = CURVES.flatMap(([n, c]): Case<(b: Uint8Array) => unknown>[] => [
  [`${n}.tryPointFromBytes`, (b) => c.tryPointFromBytes!(b)],
  [`${n}.tryPointFromBytes(b, out)`, (b) => c.tryPointFromBytes!(b, c.identity())],
]);
const VALID_POINTS = CURVES.flatMap(([, c]) => [c.basePoint().toBytes(), c.altBasePoint().toBytes(), c.scalarBaseMult(c.scalarFromInt(7)).toBytes()]);

describe('fuzz @strata/dleq: group decoders raise only StrataError, try… never throws', () => {
  it('on every length 0–200 (sweep)', () => {
    const failures = new Set<string>();
    forEveryLength((b) => {
      for (const [name, f] of DECODERS) onlyStrataError(StrataError, `${name}(Uint8Array(${b.length}))`, () => f(b));
      for (const [name, f] of TRIES) {
        try {
          neverThrows(`${name}(Uint8Array(${b.length}))`, () => f(b));
        } catch (e) {
          failures.add((e as Error).message);
        }
      }
    });
    if (failures.size > 0) throw new Error([...failures].join('\n'));
  });

  eachCase(DECODERS, (n) => `${n} on random bytes, edge patterns and mutated points`, (name, f) => {
    fuzzAssert(
      fc.property(fc.oneof(anyBytes(), fixedBytes(32), fixedBytes(33), mutated(VALID_POINTS).map((m) => m.bytes)), (b) => {
        onlyStrataError(StrataError, name, () => f(b));
      }),
      200,
    );
  });

  eachCase(TRIES, (n) => `${n} never throws and agrees with pointFromBytes`, (name, f) => {
    fuzzAssert(
      fc.property(fc.oneof(anyBytes(), fixedBytes(32), fixedBytes(33), mutated(VALID_POINTS).map((m) => m.bytes)), (b) => {
        const r = neverThrows(name, () => f(b));
        const c = byName(name.startsWith('ed25519') ? 'ed25519' : 'secp256k1');
        const threw = onlyStrataError(StrataError, 'pointFromBytes', () => c.pointFromBytes(b)) === undefined;
        if ((r === null) !== threw) throw new Error(`${name}: returned ${r === null ? 'null' : 'a point'} but pointFromBytes ${threw ? 'threw' : 'accepted'}`);
      }),
      200,
    );
  });
});

// ---------------------------------------------------------------------------
// Verifiers.
// ---------------------------------------------------------------------------

describe('fuzz @strata/dleq: Curve#verify never throws and never accepts a mutated signature', () => {
  it('every length 0–200 (sweep)', () => {
    forEveryLength((b) => {
      for (const s of SIGS) neverThrows(`${s.curve.name}.verify(Uint8Array(${b.length}))`, () => schemeOf(s.curve).verify(s.pub, s.msg, b));
    });
  });

  it('truncations, extensions, bit flips and byte changes of valid signatures; the valid ones verify', () => {
    fuzzAssert(
      fc.property(fc.integer({ min: 0, max: SIGS.length - 1 }).chain((i) => fc.tuple(fc.constant(i), fc.option(mutated([SIGS[i]!.sig]), { freq: 8 }))), ([i, m]) => {
        const s = SIGS[i]!;
        const sig = m === null ? s.sig : m.bytes;
        const ok = neverThrows(`${s.curve.name}.verify`, () => schemeOf(s.curve).verify(s.pub, s.msg, sig));
        if (ok !== (m === null)) {
          throw new Error(`${s.curve.name}.verify returned ${ok} for a ${m === null ? 'valid' : `${m.kind}-mutated`} signature ${Buffer.from(sig).toString('hex')}`);
        }
      }),
      800,
    );
  });

  it('secp256k1: BER / non-minimal re-encodings of a valid DER signature are rejected', () => {
    const der = (r: Uint8Array, s: Uint8Array, longSeq: boolean, longInt: 0 | 1 | 2): Uint8Array => {
      const int = (b: Uint8Array, long: boolean) => concatBytes(long ? new Uint8Array([2, 0x81, b.length]) : new Uint8Array([2, b.length]), b);
      const body = concatBytes(int(r, longInt === 1), int(s, longInt === 2));
      return concatBytes(longSeq ? new Uint8Array([0x30, 0x81, body.length]) : new Uint8Array([0x30, body.length]), body);
    };
    const secp = SIGS.filter((x) => x.curve !== ed25519);
    fuzzAssert(
      fc.property(fc.constantFrom(...secp), fc.constantFrom('pad-r', 'pad-s', 'long-seq', 'long-int-r', 'long-int-s'), (x, how) => {
        const sig = x.sig;
        const rl = sig[3]!;
        const r = sig.subarray(4, 4 + rl);
        const s = sig.subarray(6 + rl, 6 + rl + sig[5 + rl]!);
        if (!schemeOf(x.curve).verify(x.pub, x.msg, der(r, s, false, 0))) throw new Error('the DER parser in this test is wrong');
        const z = new Uint8Array([0]);
        const variant = how === 'pad-r' ? der(concatBytes(z, r), s, false, 0)
          : how === 'pad-s' ? der(r, concatBytes(z, s), false, 0)
            : how === 'long-seq' ? der(r, s, true, 0)
              : der(r, s, false, how === 'long-int-r' ? 1 : 2);
        if (neverThrows(`${x.curve.name}.verify`, () => schemeOf(x.curve).verify(x.pub, x.msg, variant))) {
          throw new Error(`${x.curve.name}.verify accepted the ${how} re-encoding ${Buffer.from(variant).toString('hex')}`);
        }
      }),
      40,
    );
  });

  it('random signature bytes', () => {
    fuzzAssert(
      fc.property(fc.integer({ min: 0, max: SIGS.length - 1 }), fc.oneof(anyBytes(), fixedBytes(64), fixedBytes(70).map((b) => { b[0] = 0x30; b[1] = 68; b[2] = 2; b[3] = 32; return b; })), (i, sig) => {
        const s = SIGS[i]!;
        neverThrows(`${s.curve.name}.verify`, () => schemeOf(s.curve).verify(s.pub, s.msg, sig));
      }),
      400,
    );
  });
});

describe('fuzz @strata/dleq: Proof.fromBytes raises only StrataError', () => {
  it('on every length 0–200 (sweep) for each curve pair', () => {
    for (const [a, b] of [[secp256k1, ed25519], [ed25519, secp256k1], [secp256k1, secp256k1], [ed25519, ed25519]] as const) {
      forEveryLength((bytes) => {
        onlyStrataError(StrataError, `Proof.fromBytes(${a.name}, ${b.name}, Uint8Array(${bytes.length}))`, () => Proof.fromBytes(a, b, bytes));
        onlyStrataError(StrataError, 'Proof.fromBytes(strict)', () => Proof.fromBytes(a, b, bytes, { strict: true }));
      });
    }
  });

  it('on truncations, extensions, bit flips and byte changes of go-dleq proofs', () => {
    fuzzAssert(
      fc.property(mutated(PROOFS.map((p) => p.bytes)), fc.boolean(), (m, strict) => {
        const p = PROOFS[m.source]!;
        onlyStrataError(StrataError, `Proof.fromBytes(${p.id}, ${m.kind})`, () => Proof.fromBytes(p.a, p.b, m.bytes, { strict }));
      }),
      60,
    );
  });

  it('on a valid header followed by random bytes', () => {
    fuzzAssert(
      fc.property(fc.integer({ min: 0, max: PROOFS.length - 1 }), fc.integer({ min: 0, max: 140 }), anyBytes(), (i, keep, tail) => {
        const p = PROOFS[i]!;
        onlyStrataError(StrataError, 'Proof.fromBytes', () => Proof.fromBytes(p.a, p.b, concatBytes(p.bytes.subarray(0, keep), tail)));
      }),
      300,
    );
  });
});

describe('fuzz @strata/dleq: Proof#verify never throws and never accepts a mutated proof', () => {
  for (const p of PROOF_PAIRS) {
    const parsed = Proof.fromBytes(p.a, p.b, p.bytes);
    it(`${p.id} verifies, and verifying it with any other valid curve pair returns false (no exception)`, () => {
      if (!parsed.verify(p.a, p.b)) throw new Error(`${p.id}: the valid proof does not verify`);
      for (const [x, y] of [[p.b, p.a], [secp256k1, secp256k1], [ed25519, ed25519], [secp256k1Reduced, p.b === ed25519 ? ed25519 : secp256k1]] as const) {
        if (x === p.a && y === p.b) continue;
        const ok = neverThrows(`Proof(${p.a.name}×${p.b.name}).verify(${x.name}, ${y.name})`, () => parsed.verify(x, y));
        if (ok && !(x.name === p.a.name && y.name === p.b.name)) throw new Error(`verify(${x.name}, ${y.name}) accepted a ${p.a.name}×${p.b.name} proof`);
        neverThrows(`Proof#check(${x.name}, ${y.name})`, () => parsed.check(x, y));
      }
    });

    it(`${p.id}: each signature shortened or lengthened by one byte (length prefix adjusted) is rejected`, () => {
      const { commitmentA, commitmentB, bitProofs, signatureA, signatureB } = parsed;
      const failures: string[] = [];
      for (const which of ['A', 'B'] as const) {
        const sig = which === 'A' ? signatureA : signatureB;
        for (const [how, v] of [['truncated by 1', sig.slice(0, -1)], ['extended by 0x00', concatBytes(sig, new Uint8Array([0]))], ['extended by 0xff', concatBytes(sig, new Uint8Array([0xff]))]] as const) {
          const q = new Proof(commitmentA, commitmentB, bitProofs, which === 'A' ? v : signatureA, which === 'B' ? v : signatureB);
          const wire = Proof.fromBytes(p.a, p.b, q.toBytes(), { strict: true });
          if (neverThrows('Proof#verify', () => wire.verify(p.a, p.b))) {
            failures.push(`signature ${which} (${which === 'A' ? p.a.name : p.b.name}, ${sig.length} bytes) ${how}: the proof still verifies`);
          }
        }
      }
      if (failures.length > 0) throw new Error(`${p.id}:\n${failures.join('\n')}`);
    });

    it(`${p.id}: truncated, extended or altered signatures inside a valid proof are rejected`, () => {
      const { commitmentA, commitmentB, bitProofs, signatureA, signatureB } = parsed;
      fuzzAssert(
        fc.property(fc.oneof(
          mutated([signatureA]).map((m) => ({ which: 'A', m, a: m.bytes, b: signatureB })),
          mutated([signatureB]).map((m) => ({ which: 'B', m, a: signatureA, b: m.bytes })),
        ).filter(({ a, b }) => a.length < 256 && b.length < 256), ({ which, m, a, b }) => {
          const q = new Proof(commitmentA, commitmentB, bitProofs, a, b);
          // Through the wire format too: the signature lengths are 1-byte prefixes.
          const wire = onlyStrataError(StrataError, 'Proof.fromBytes', () => Proof.fromBytes(p.a, p.b, q.toBytes(), { strict: true }));
          for (const [how, r] of [['object', q], ['wire', wire]] as const) {
            if (r === undefined) continue;
            if (neverThrows('Proof#verify', () => r.verify(p.a, p.b))) {
              throw new Error(`${p.id} (${how}): a proof whose signature ${which} was ${m.kind}-mutated to ${Buffer.from(which === 'A' ? a : b).toString('hex')} verifies`);
            }
          }
        }),
        8,
      );
    });

    it(`${p.id}: bit flips inside the proof are rejected (with or without ignored trailing bytes)`, () => {
      fuzzAssert(
        fc.property(fc.boolean().chain((t) => flippedProof(p, t)), ({ bytes, at }) => {
          const q = onlyStrataError(StrataError, 'Proof.fromBytes', () => Proof.fromBytes(p.a, p.b, bytes));
          if (q === undefined) return;
          const ok = neverThrows('Proof#verify', () => q.verify(p.a, p.b));
          if (ok) throw new Error(`${p.id}: a proof with a bit flipped at offset ${at} of ${bytes.length} verifies`);
        }),
        6,
      );
    });
  }
});

// ---------------------------------------------------------------------------
// Wrong-typed arguments.
// ---------------------------------------------------------------------------

const P0 = PROOFS[0]!;
const SECRET = new Uint8Array(32);
SECRET[0] = 1;

describe('fuzz @strata/dleq: wrong-typed arguments throw TypeError at once', () => {
  eachCase(
    [...DECODERS, ...TRIES].map(([n, f]): Case<(v: unknown) => unknown> => [n, f as (v: unknown) => unknown]),
    (n) => `${n} with a non-Uint8Array`,
    (name, f) => fuzzAssert(fc.property(notBytes(), (v) => { typeErrorAtOnce(name, () => f(v)); }), 30),
  );

  eachCase(
    CURVES.map(([n, c]): Case<(v: unknown) => unknown> => [`${n}.verify(pub, msg, sig)`, (v) => schemeOf(c).verify(c.basePoint(), c.basePoint(), v as Uint8Array)]),
    (n) => `${n} with a non-Uint8Array signature`,
    (name, f) => fuzzAssert(fc.property(notBytes(), (v) => { typeErrorAtOnce(name, () => f(v)); }), 30),
  );

  eachCase(
    CURVES.flatMap(([n, c]): Case<(v: unknown) => unknown>[] => [
      [`${n}.verify(pub)`, (v) => schemeOf(c).verify(v as Point, c.basePoint(), new Uint8Array(64))],
      [`${n}.verify(pub, msg)`, (v) => schemeOf(c).verify(c.basePoint(), v as Point, new Uint8Array(64))],
      [`${n}.pointFromBytes(b, out)`, (v) => c.pointFromBytes(c.basePoint().toBytes(), v as Point)],
      [`${n}.tryPointFromBytes(b, out)`, (v) => c.tryPointFromBytes!(c.basePoint().toBytes(), v as Point)],
      [`${n}.scalarFromBytes(b, out)`, (v) => c.scalarFromBytes(new Uint8Array(32), v as never)],
    ]),
    (n) => `${n} with a wrong-typed point / out`,
    (name, f) => fuzzAssert(fc.property(fc.constantFrom<unknown>({}, [], 'P', 1, new Uint8Array(33), null, name.startsWith('ed25519') ? secp256k1.basePoint() : ed25519.basePoint()), (v) => {
      typeErrorAtOnce(name, () => f(v));
    }), 30),
  );

  eachCase(
    [
      ['Proof.fromBytes(curveA)', (v: unknown) => Proof.fromBytes(v as Curve, ed25519, P0.bytes)],
      ['Proof.fromBytes(…, curveB)', (v: unknown) => Proof.fromBytes(secp256k1, v as Curve, P0.bytes)],
      ['Proof#verify(curveA)', (v: unknown) => Proof.fromBytes(P0.a, P0.b, P0.bytes).verify(v as Curve, P0.b)],
      ['prove(curveA)', (v: unknown) => prove(v as Curve, ed25519, SECRET)],
      ['proofBitCount(curveA)', (v: unknown) => proofBitCount(v as Curve, ed25519)],
      ['generateSecretForCurvesLE(curveA)', (v: unknown) => generateSecretForCurvesLE(v as Curve, ed25519)],
      ['precompute(curve)', (v: unknown) => precompute(v as Curve, secp256k1.basePoint())],
      ['pointsToBytes(curve)', (v: unknown) => pointsToBytes(v as Curve, [secp256k1.basePoint()])],
    ] as Case<(v: unknown) => unknown>[],
    (n) => `${n} with a non-Curve`,
    (name, f) => fuzzAssert(fc.property(fc.constantFrom<unknown>(undefined, null, {}, 'secp256k1', 1, [], { hashToScalar: 1 }), (v) => { typeErrorAtOnce(name, () => f(v)); }), 20),
  );

  eachCase(
    [
      ['Proof.fromBytes(a, b, bytes)', (v: unknown) => Proof.fromBytes(secp256k1, ed25519, v as Uint8Array)],
      ['prove(a, b, secret)', (v: unknown) => prove(secp256k1, ed25519, v as Uint8Array)],
      ['pointsToBytes(curve, points, out)', (v: unknown) => pointsToBytes(secp256k1, [secp256k1.basePoint()], v as Uint8Array)],
    ] as Case<(v: unknown) => unknown>[],
    (n) => `${n} with a non-Uint8Array`,
    (name, f) => fuzzAssert(fc.property(name.startsWith('pointsToBytes') ? notBytes({ optional: true }) : notBytes(), (v) => { typeErrorAtOnce(name, () => f(v)); }), 30),
  );

  it('pointsToBytes with a non-integer offset', () => {
    fuzzAssert(fc.property(notInteger(), (v) => {
      typeErrorAtOnce('pointsToBytes(curve, points, out, offset)', () => pointsToBytes(secp256k1, [secp256k1.basePoint()], new Uint8Array(66), v as number));
    }), 20);
  });

  eachCase(
    CURVES.map(([n, c]): Case<(v: unknown) => unknown> => [`${n}.scalarFromInt`, (v) => c.scalarFromInt(v as number)]),
    (n) => `${n} with a non-number`,
    (name, f) => fuzzAssert(fc.property(notInteger().filter((v) => typeof v !== 'number'), (v) => { typeErrorAtOnce(name, () => f(v)); }), 20),
  );
});

// ---------------------------------------------------------------------------
// Options.
// ---------------------------------------------------------------------------

describe('fuzz @strata/dleq: options of the wrong type throw TypeError', () => {
  it('Proof.fromBytes(…, { strict }) with a non-boolean', () => {
    const withTail = concatBytes(P0.bytes, new Uint8Array(3));
    fuzzAssert(fc.property(notBoolean(), fc.constantFrom(P0.bytes, withTail), (v, b) => {
      typeErrorAtOnce('Proof.fromBytes({ strict })', () => Proof.fromBytes(P0.a, P0.b, b, { strict: v as boolean }));
    }), 30);
  });

  it('prove(…, { avoidBackendDisagreement }) with a non-boolean', () => {
    fuzzAssert(fc.property(notBoolean(), (v) => {
      typeErrorAtOnce('prove({ avoidBackendDisagreement })', () => prove(secp256k1, ed25519, SECRET, { avoidBackendDisagreement: v as boolean, rand: xorshiftBytes(1) }));
    }), 3);
  });

  it('prove(…, { rand }) with a non-function', () => {
    fuzzAssert(fc.property(fc.constantFrom<unknown>('random', 1, {}, [], true, null, new Uint8Array(32)), (v) => {
      typeErrorAtOnce('prove({ rand })', () => prove(secp256k1, ed25519, SECRET, { rand: v as never }));
    }), 20);
  });

  it('generateSecretForCurvesLE(a, b, rand) with a non-function', () => {
    fuzzAssert(fc.property(fc.constantFrom<unknown>('random', 1, {}, [], true, null, new Uint8Array(32)), (v) => {
      typeErrorAtOnce('generateSecretForCurvesLE(rand)', () => generateSecretForCurvesLE(secp256k1, ed25519, v as never));
    }), 20);
  });

  it('createSecp256k1Curve({ hashToScalarRule }) with a wrong value or type', () => {
    fuzzAssert(fc.property(fc.oneof(otherStrings(['decred', 'libsecp256k1']), notString()), (v) => {
      typeErrorAtOnce('createSecp256k1Curve({ hashToScalarRule })', () => createSecp256k1Curve({ hashToScalarRule: v as 'decred' }));
    }), 30);
  });

  eachCase(
    CURVES.flatMap(([n, c]): Case<(v: unknown) => unknown>[] => [
      [`precompute(${n}, P, { uses })`, (v) => precompute(c, c.basePoint(), { uses: v as number })],
      [`precompute(${n}, P, { size })`, (v) => precompute(c, c.basePoint(), { size: v as never })],
    ]),
    (n) => `${n} with a non-number`,
    (name, f) => fuzzAssert(fc.property(notInteger().filter((v) => typeof v !== 'number'), (v) => { typeErrorAtOnce(name, () => f(v)); }), 20),
  );

  eachCase(
    [
      ['Proof.fromBytes(a, b, bytes, options)', (o: unknown) => Proof.fromBytes(P0.a, P0.b, P0.bytes, o as never)],
      ['prove(a, b, secret, options)', (o: unknown) => prove(secp256k1, ed25519, SECRET, o as never)],
      ['createSecp256k1Curve(options)', (o: unknown) => createSecp256k1Curve(o as never)],
      ['precompute(curve, P, options)', (o: unknown) => precompute(secp256k1, secp256k1.basePoint(), o as never)],
    ] as Case<(o: unknown) => unknown>[],
    (n) => `${n} with an options argument that is not an object`,
    (name, f) => fuzzAssert(fc.property(notOptions(), (o) => { typeErrorAtOnce(name, () => f(o)); }), name.startsWith('prove') ? 3 : 20),
  );
});
