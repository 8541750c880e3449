/**
 * Fuzz suite of @strata/ed25519-batch (issue 10): every verifier, decoder
 * and options object of the package, over random bytes of every length
 * 0–200, truncations / extensions / bit flips of valid signatures, keys and
 * messages, and wrong-typed values. Seeded and scaled through
 * `STRATA_FUZZ_SEED` / `STRATA_FUZZ_RUNS` (see tools/testkit/src/fuzz.ts).
 * The `verifyBatchParallel` properties load the built worker (dist/worker.js):
 * build first, as `pnpm test` does.
 *
 * Covered (from src/index.ts):
 * - `getPublicKey(secretSeed)`, `sign(message, secretSeed)` (byte decoders)
 * - `verify(signature, message, publicKey, options)` (options `VerifyOptions { mode, cache }`)
 * - `BatchVerifier` (options `BatchVerifierOptions { mode, cache, entriesPerMsm }`): `add`, `verify`, `verifyEach`
 * - `PublicKeyCache` (options `PublicKeyCacheOptions { capacity, precompute }`): `has`, and as `cache`
 * - `verifyBatchParallel(entries, options)` (options `ParallelOptions { workers, cache, mode, signal }`), `shutdown`,
 *   and the same call on a pool of its own (`createVerifierPool().verifyBatch`)
 *
 * Properties: byte inputs to decoders raise only StrataError; verifiers
 * never throw on any bytes and never accept a mutated valid (signature,
 * message, key); batch results equal single verification; wrong-typed
 * arguments and option values throw TypeError at once (synchronously).
 */
import { afterAll, describe, it } from 'vitest';
import fc from 'fast-check';
import {
  anyBytes,
  eachCase,
  type FuzzCase,
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
  typeErrorAtOnce,
  xorshiftBytes,
} from '@strata/testkit';
import { StrataError } from '@strata/field';
import {
  BatchVerifier,
  PublicKeyCache,
  createVerifierPool,
  getPublicKey,
  shutdown,
  sign,
  verify,
  verifyBatchParallel,
  type BatchEntry,
  type VerifyMode,
} from '../../src/index.node.js';

type Case<F> = FuzzCase<F>;
/** A pool of its own: its argument checks are the default pool's, under its own name. */
const ownPool = createVerifierPool();
afterAll(async () => {
  await shutdown();
  await ownPool.shutdown();
});

// Valid (signature, message, key) triples from seeded keys.
const rnd = xorshiftBytes(0xf022ed);
const VALID: BatchEntry[] = [];
for (let i = 0; i < 6; i++) {
  const seed = rnd(32);
  const message = rnd(i * 13);
  VALID.push({ publicKey: getPublicKey(seed), message, signature: sign(message, seed) });
}
const SIGS = VALID.map((e) => e.signature);
const KEYS = VALID.map((e) => e.publicKey);
const MODES: readonly VerifyMode[] = ['zip215', 'strict'];
const caches = { zip215: new PublicKeyCache({ capacity: 64 }), strict: new PublicKeyCache({ capacity: 64, precompute: false }) };

/** A drawn verification input: which valid entry it came from and what was changed. */
interface Drawn {
  readonly e: BatchEntry;
  /** True when signature, message or key differs from the valid entry. */
  readonly changed: boolean;
}

/** Valid entries with one part mutated (truncation, extension, bit flip, byte change), or random bytes in one part. */
const mutatedEntry: fc.Arbitrary<Drawn> = fc.integer({ min: 0, max: VALID.length - 1 }).chain((i) => {
  const v = VALID[i]!;
  return fc.oneof(
    mutated([v.signature]).map((m) => ({ e: { ...v, signature: m.bytes }, changed: true })),
    mutated([v.publicKey]).map((m) => ({ e: { ...v, publicKey: m.bytes }, changed: true })),
    (v.message.length > 0 ? mutated([v.message]) : fc.constant({ bytes: new Uint8Array([0]) })).map((m) => ({ e: { ...v, message: m.bytes }, changed: true })),
    anyBytes().map((b) => ({ e: { ...v, signature: b }, changed: true })),
    anyBytes(40).map((b) => ({ e: { ...v, publicKey: b }, changed: true })),
    fc.constant({ e: v, changed: false }),
  );
});

// ---------------------------------------------------------------------------
// Decoders: the secret seed.
// ---------------------------------------------------------------------------

const DECODERS: readonly Case<(b: Uint8Array) => unknown>[] = [
  ['getPublicKey(seed)', (b) => getPublicKey(b)],
  ['sign(message, seed)', (b) => sign(new Uint8Array(3), b)],
  ['sign(bytes, seed)', (b) => sign(b, KEYS[0]!)],
];

describe('fuzz @strata/ed25519-batch: decoders raise only StrataError', () => {
  it('on every length 0–200 (sweep)', () => {
    forEveryLength((b) => {
      for (const [name, f] of DECODERS) onlyStrataError(StrataError, `${name}(Uint8Array(${b.length}))`, () => f(b));
    }, 80);
  });
  eachCase(DECODERS, (n) => `${n} on random bytes of any length`, (name, f) => {
    fuzzAssert(fc.property(anyBytes(), (b) => { onlyStrataError(StrataError, name, () => f(b)); }), 100);
  });
});

// ---------------------------------------------------------------------------
// Verifiers.
// ---------------------------------------------------------------------------

describe('fuzz @strata/ed25519-batch: verifiers never throw and never accept a mutation', () => {
  it('verify: every length 0–200 of signature and key (sweep)', () => {
    forEveryLength((b) => {
      for (const mode of MODES) {
        neverThrows(`verify(sig ${b.length} bytes, ${mode})`, () => verify(b, b, KEYS[0]!, { mode }));
        neverThrows(`verify(key ${b.length} bytes, ${mode})`, () => verify(SIGS[0]!, VALID[0]!.message, b, { mode, cache: caches[mode] }));
      }
    });
  });

  it('verify (each mode, with and without a cache): mutated valid inputs are rejected, valid accepted', () => {
    fuzzAssert(
      fc.property(mutatedEntry, fc.constantFrom(...MODES), fc.boolean(), ({ e, changed }, mode, useCache) => {
        const opts = useCache ? { mode, cache: caches[mode] } : { mode };
        const ok = neverThrows(`verify(${mode}${useCache ? ', cache' : ''})`, () => verify(e.signature, e.message, e.publicKey, opts));
        if (ok === changed) throw new Error(`verify(${mode}${useCache ? ', cache' : ''}) returned ${ok} for a ${changed ? 'mutated' : 'valid'} entry`);
      }),
      600,
    );
  });

  it('verify: random signature, message and key bytes', () => {
    fuzzAssert(
      fc.property(fc.oneof(anyBytes(), fixedBytes(64)), anyBytes(64), fc.oneof(anyBytes(64), fixedBytes(32)), fc.constantFrom(...MODES), (s, m, k, mode) => {
        neverThrows('verify', () => verify(s, m, k, { mode }));
        neverThrows('verify (cache)', () => verify(s, m, k, { mode, cache: caches[mode] }));
      }),
      300,
    );
  });

  it('BatchVerifier: verify / verifyEach never throw, agree with single verify, reject mutations', () => {
    fuzzAssert(
      fc.property(fc.array(mutatedEntry, { minLength: 0, maxLength: 6 }), fc.constantFrom(...MODES), fc.boolean(), (drawn, mode, useCache) => {
        const bv = new BatchVerifier(useCache ? { mode, cache: caches[mode] } : { mode });
        for (const { e } of drawn) bv.add(e.signature, e.message, e.publicKey);
        const each = neverThrows('BatchVerifier#verifyEach', () => bv.verifyEach());
        const all = neverThrows('BatchVerifier#verify', () => bv.verify());
        drawn.forEach(({ e, changed }, i) => {
          const single = verify(e.signature, e.message, e.publicKey, { mode });
          if (each[i] !== single) throw new Error(`BatchVerifier(${mode})#verifyEach()[${i}] = ${each[i]} but verify = ${single}`);
          if (single === changed) throw new Error(`verify(${mode}) returned ${single} for a ${changed ? 'mutated' : 'valid'} entry`);
        });
        if (all !== each.every(Boolean)) throw new Error(`BatchVerifier(${mode})#verify() = ${all} but verifyEach = [${each.join(', ')}]`);
      }),
      150,
    );
  });

  it('BatchVerifier: random bytes in every field', () => {
    fuzzAssert(
      fc.property(fc.array(fc.tuple(anyBytes(70), anyBytes(70), anyBytes(70)), { maxLength: 5 }), fc.constantFrom(...MODES), (rows, mode) => {
        const bv = new BatchVerifier({ mode });
        for (const [k, m, s] of rows) bv.add(s, m, k);
        neverThrows('BatchVerifier#verifyEach', () => bv.verifyEach());
        neverThrows('BatchVerifier#verify', () => bv.verify());
      }),
      150,
    );
  });

  it('PublicKeyCache#has never throws on any bytes', () => {
    fuzzAssert(fc.property(anyBytes(), (b) => { neverThrows('PublicKeyCache#has', () => caches.zip215.has(b)); }), 200);
  });

  it('verifyBatchParallel never rejects, agrees with verify, rejects mutations', async () => {
    await fuzzAssert(
      fc.asyncProperty(fc.array(mutatedEntry, { minLength: 1, maxLength: 8 }), fc.constantFrom(...MODES), fc.constantFrom(1, 2), async (drawn, mode, workers) => {
        const entries = drawn.map((d) => d.e);
        let r: Awaited<ReturnType<typeof verifyBatchParallel>>;
        try {
          r = await verifyBatchParallel(entries, { mode, workers });
        } catch (e) {
          throw new Error(`verifyBatchParallel(${mode}, workers ${workers}) rejected: ${(e as Error).message}`, { cause: e });
        }
        drawn.forEach(({ e, changed }, i) => {
          const single = verify(e.signature, e.message, e.publicKey, { mode });
          if (r.results[i] !== single) throw new Error(`verifyBatchParallel(${mode}).results[${i}] = ${r.results[i]} but verify = ${single}`);
          if (single === changed) throw new Error(`verify(${mode}) returned ${single} for a ${changed ? 'mutated' : 'valid'} entry`);
        });
        if (r.valid !== r.results.every(Boolean)) throw new Error('verifyBatchParallel: valid disagrees with results');
      }),
      12,
    );
  });
});

// ---------------------------------------------------------------------------
// Wrong-typed arguments.
// ---------------------------------------------------------------------------

const V = VALID[0]!;

describe('fuzz @strata/ed25519-batch: wrong-typed arguments throw TypeError at once', () => {
  eachCase(
    [
      ['getPublicKey(seed)', (v: unknown) => getPublicKey(v as Uint8Array)],
      ['sign(message, seed)', (v: unknown) => sign(V.message, v as Uint8Array)],
      ['sign(message)', (v: unknown) => sign(v as Uint8Array, KEYS[0]!)],
      ['verify(signature)', (v: unknown) => verify(v as Uint8Array, V.message, V.publicKey)],
      ['verify(…, message)', (v: unknown) => verify(V.signature, v as Uint8Array, V.publicKey)],
      ['verify(…, publicKey)', (v: unknown) => verify(V.signature, V.message, v as Uint8Array)],
      ['BatchVerifier#add(signature)', (v: unknown) => new BatchVerifier().add(v as Uint8Array, V.message, V.publicKey)],
      ['BatchVerifier#add(…, message)', (v: unknown) => new BatchVerifier().add(V.signature, v as Uint8Array, V.publicKey)],
      ['BatchVerifier#add(…, publicKey)', (v: unknown) => new BatchVerifier().add(V.signature, V.message, v as Uint8Array)],
      ['PublicKeyCache#has', (v: unknown) => new PublicKeyCache().has(v as Uint8Array)],
      ['verifyBatchParallel([{ publicKey }])', (v: unknown) => verifyBatchParallel([{ ...V, publicKey: v as Uint8Array }])],
      ['verifyBatchParallel([{ message }])', (v: unknown) => verifyBatchParallel([{ ...V, message: v as Uint8Array }])],
      ['verifyBatchParallel([{ signature }])', (v: unknown) => verifyBatchParallel([{ ...V, signature: v as Uint8Array }])],
    ] as Case<(v: unknown) => unknown>[],
    (n) => `${n} with a non-Uint8Array`,
    (name, f) => fuzzAssert(fc.property(notBytes(), (v) => { typeErrorAtOnce(name, () => f(v)); }), 40),
  );

  it('verifyBatchParallel with entries that are not an array of objects', () => {
    fuzzAssert(
      fc.property(fc.constantFrom<unknown>(undefined, null, {}, 'entries', 1, new Set([V]), [null], [1], ['x'], [V, undefined]), (v) => {
        typeErrorAtOnce('verifyBatchParallel(entries)', () => verifyBatchParallel(v as BatchEntry[]));
      }),
      20,
    );
  });
});

// ---------------------------------------------------------------------------
// Options.
// ---------------------------------------------------------------------------

describe('fuzz @strata/ed25519-batch: options of the wrong type throw TypeError', () => {
  const modeValues = fc.oneof(otherStrings(['zip215', 'strict']), notString());
  const notCache = fc.constantFrom<unknown>({}, [], 'cache', 1, true, null, new Map(), { lookup: () => undefined });

  eachCase(
    [
      ['verify(…, { mode })', (v: unknown) => verify(V.signature, V.message, V.publicKey, { mode: v as VerifyMode })],
      ['new BatchVerifier({ mode })', (v: unknown) => new BatchVerifier({ mode: v as VerifyMode })],
      ['verifyBatchParallel(…, { mode })', (v: unknown) => verifyBatchParallel([V], { mode: v as VerifyMode })],
      ['VerifierPool#verifyBatch(…, { mode })', (v: unknown) => ownPool.verifyBatch([V], { mode: v as VerifyMode })],
    ] as Case<(v: unknown) => unknown>[],
    (n) => `${n} with a wrong value or type`,
    (name, f) => fuzzAssert(fc.property(modeValues, (v) => { typeErrorAtOnce(name, () => f(v)); }), 40),
  );

  eachCase(
    [
      ['verify(…, { cache })', (v: unknown) => verify(V.signature, V.message, V.publicKey, { cache: v as PublicKeyCache })],
      ['new BatchVerifier({ cache })', (v: unknown) => new BatchVerifier({ cache: v as PublicKeyCache })],
    ] as Case<(v: unknown) => unknown>[],
    (n) => `${n} with a non-PublicKeyCache`,
    (name, f) => fuzzAssert(fc.property(notCache, (v) => { typeErrorAtOnce(name, () => f(v)); }), 30),
  );

  it('verifyBatchParallel(…, { cache }) with a value that is not boolean, number or PublicKeyCache', () => {
    fuzzAssert(fc.property(fc.constantFrom<unknown>('true', 'false', '4096', {}, [], null, 1n, new Map()), (v) => {
      typeErrorAtOnce('verifyBatchParallel({ cache })', () => verifyBatchParallel([V], { cache: v as boolean }));
    }), 30);
  });

  it('verifyBatchParallel(…, { workers }) with a non-number', () => {
    fuzzAssert(fc.property(notInteger().filter((v) => typeof v !== 'number'), (v) => {
      typeErrorAtOnce('verifyBatchParallel({ workers })', () => verifyBatchParallel([V], { workers: v as number }));
    }), 30);
  });

  it('verifyBatchParallel(…, { signal }) with a non-AbortSignal', () => {
    fuzzAssert(fc.property(fc.constantFrom<unknown>({}, { aborted: false }, 'signal', 1, true, null, new AbortController()), (v) => {
      typeErrorAtOnce('verifyBatchParallel({ signal })', () => verifyBatchParallel([V], { signal: v as AbortSignal }));
    }), 30);
  });

  it('new PublicKeyCache({ capacity }) with a non-number', () => {
    fuzzAssert(fc.property(notInteger().filter((v) => typeof v !== 'number'), (v) => {
      typeErrorAtOnce('new PublicKeyCache({ capacity })', () => new PublicKeyCache({ capacity: v as number }));
    }), 30);
  });

  it('new BatchVerifier({ entriesPerMsm }) with a non-number', () => {
    fuzzAssert(fc.property(notInteger().filter((v) => typeof v !== 'number'), (v) => {
      typeErrorAtOnce('new BatchVerifier({ entriesPerMsm })', () => new BatchVerifier({ entriesPerMsm: v as number }));
    }), 30);
  });

  it('new PublicKeyCache({ precompute }) with a non-boolean', () => {
    fuzzAssert(fc.property(notBoolean(), (v) => {
      typeErrorAtOnce('new PublicKeyCache({ precompute })', () => new PublicKeyCache({ precompute: v as boolean }));
    }), 30);
  });

  eachCase(
    [
      ['verify(…, options)', (o: unknown) => verify(V.signature, V.message, V.publicKey, o as never)],
      ['new BatchVerifier(options)', (o: unknown) => new BatchVerifier(o as never)],
      ['new PublicKeyCache(options)', (o: unknown) => new PublicKeyCache(o as never)],
      ['verifyBatchParallel(entries, options)', (o: unknown) => verifyBatchParallel([V], o as never)],
      ['VerifierPool#verifyBatch(entries, options)', (o: unknown) => ownPool.verifyBatch([V], o as never)],
    ] as Case<(o: unknown) => unknown>[],
    (n) => `${n} with an options argument that is not an object`,
    (name, f) => fuzzAssert(fc.property(notOptions(), (o) => { typeErrorAtOnce(name, () => f(o)); }), 30),
  );
});
