/**
 * The shared machinery of the fuzz suites (`packages/<name>/test/fuzz/`):
 * seeded fast-check parameters, byte generators (every length, edge
 * patterns, truncations / extensions / bit flips of valid encodings),
 * wrong-typed values, and the three contract checks every suite applies:
 *
 * - bytes in, only `StrataError` out ({@link onlyStrataError});
 * - verifiers and `try…` functions never throw ({@link neverThrows});
 * - wrong argument or option types throw `TypeError` at once, with the
 *   library's own message, not an engine error from deeper down
 *   ({@link typeErrorAtOnce}).
 *
 * Environment:
 *
 * - `STRATA_FUZZ_SEED` — the fast-check seed (an integer). Default: a fixed
 *   seed ({@link DEFAULT_FUZZ_SEED}), so the suite is reproducible in CI.
 *   `STRATA_FUZZ_SEED=random` draws a new seed per process. Every failure
 *   prints `{ seed: …, path: … }` (fast-check's report) and the seed is
 *   also repeated in the error; rerun with `STRATA_FUZZ_SEED=<seed>` to
 *   reproduce (the same seed replays every property of the file).
 * - `STRATA_FUZZ_RUNS` — a positive multiplier of every property's default
 *   run count (default 1). The defaults keep the whole fuzz suite at about a
 *   minute on a 2-core machine; `STRATA_FUZZ_RUNS=100` is a long run.
 *
 * Test-only; never imported by package sources.
 */
import fc from 'fast-check';
import { it } from 'vitest';
import { concatBytes } from './bytes.js';

/** The seed used when `STRATA_FUZZ_SEED` is unset. */
export const DEFAULT_FUZZ_SEED = 0x5717a7a;

function readSeed(): number {
  const raw = process.env['STRATA_FUZZ_SEED'];
  if (raw === undefined || raw === '') return DEFAULT_FUZZ_SEED;
  if (raw === 'random') return (Math.random() * 0x100000000) | 0;
  const v = Number(raw);
  if (!Number.isInteger(v)) throw new Error(`STRATA_FUZZ_SEED: expected an integer or 'random', got '${raw}'`);
  return v | 0;
}

function readScale(): number {
  const raw = process.env['STRATA_FUZZ_RUNS'];
  if (raw === undefined || raw === '') return 1;
  const v = Number(raw);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`STRATA_FUZZ_RUNS: expected a positive number, got '${raw}'`);
  return v;
}

/** The seed of this process's fuzz runs (see the module comment). */
export const FUZZ_SEED: number = readSeed();
/** The run-count multiplier of this process (see the module comment). */
export const FUZZ_SCALE: number = readScale();

/** `base` runs scaled by `STRATA_FUZZ_RUNS` (at least 1). */
export function fuzzRuns(base: number): number {
  return Math.max(1, Math.round(base * FUZZ_SCALE));
}

/**
 * Runs `fc.assert` with the suite's seed and `base` scaled runs. A failure
 * rethrows fast-check's report (counterexample, seed, path) with the
 * `STRATA_FUZZ_SEED=…` line to reproduce it in front.
 */
export function fuzzAssert<Ts extends [unknown, ...unknown[]]>(
  property: fc.IProperty<Ts> | fc.IAsyncProperty<Ts>,
  base: number,
): void | Promise<void> {
  const params = { seed: FUZZ_SEED, numRuns: fuzzRuns(base) };
  const fail = (e: unknown): never => {
    const msg = e instanceof Error ? e.message : String(e);
    // fast-check keeps the property's own error as the cause: show it too.
    const cause = e instanceof Error && e.cause instanceof Error ? `\nProperty error: ${e.cause.message}` : '';
    throw new Error(`fuzz failure (reproduce with STRATA_FUZZ_SEED=${FUZZ_SEED}):\n${msg}${cause}`, { cause: e });
  };
  if (property.isAsync()) {
    return fc.assert(property as fc.IAsyncProperty<Ts>, params).catch(fail);
  }
  try {
    fc.assert(property as fc.IProperty<Ts>, params);
  } catch (e) {
    fail(e);
  }
}

// ---------------------------------------------------------------------------
// Bytes.
// ---------------------------------------------------------------------------

/** The longest random input the suites draw ("every length 0–200"). */
export const MAX_FUZZ_LENGTH = 200;

/** A Uint8Array of exactly `len` random bytes. */
export function bytesOfLength(len: number): fc.Arbitrary<Uint8Array> {
  return fc.uint8Array({ minLength: len, maxLength: len, size: 'max' });
}

/**
 * Bytes of every length 0..max (the length drawn uniformly, not biased to
 * short arrays), half random, the rest edge patterns: all 0x00, all 0xff,
 * random with the top bit of each byte set, and random with a chosen first
 * byte (format prefixes 0x00–0x07).
 */
export function anyBytes(max = MAX_FUZZ_LENGTH): fc.Arbitrary<Uint8Array> {
  return fc.integer({ min: 0, max }).chain((len) =>
    fc.oneof(
      { weight: 4, arbitrary: bytesOfLength(len) },
      { weight: 1, arbitrary: fc.constant(0).map(() => new Uint8Array(len)) },
      { weight: 1, arbitrary: fc.constant(0).map(() => new Uint8Array(len).fill(0xff)) },
      { weight: 1, arbitrary: bytesOfLength(len).map((b) => b.map((x) => x | 0x80)) },
      {
        weight: 1,
        arbitrary: fc.tuple(bytesOfLength(len), fc.integer({ min: 0, max: 7 })).map(([b, p]) => {
          if (b.length > 0) b[0] = p;
          return b;
        }),
      },
    ),
  );
}

/** Bytes of exactly `len` bytes, random or edge patterns (zero, 0xff, near-0xff, top bit set). */
export function fixedBytes(len: number): fc.Arbitrary<Uint8Array> {
  return fc.oneof(
    { weight: 4, arbitrary: bytesOfLength(len) },
    { weight: 1, arbitrary: fc.constant(0).map(() => new Uint8Array(len)) },
    { weight: 1, arbitrary: fc.constant(0).map(() => new Uint8Array(len).fill(0xff)) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.integer({ min: 0, max: Math.max(0, len - 1) }), fc.integer({ min: 0, max: 255 })).map(([i, v]) => {
        const b = new Uint8Array(len).fill(0xff);
        if (len > 0) b[i] = v;
        return b;
      }),
    },
    { weight: 1, arbitrary: bytesOfLength(len).map((b) => b.map((x) => x | 0x80)) },
  );
}

/**
 * Calls `f` once for every length 0..max with all-zero, all-0xff and
 * pseudo-random bytes of that length (a deterministic sweep that no
 * sampler can miss).
 */
export function forEveryLength(f: (b: Uint8Array) => void, max = MAX_FUZZ_LENGTH): void {
  let s = (FUZZ_SEED >>> 0) || 1;
  for (let len = 0; len <= max; len++) {
    const r = new Uint8Array(len);
    for (let i = 0; i < len; i++) {
      s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
      r[i] = s & 0xff;
    }
    f(new Uint8Array(len));
    f(new Uint8Array(len).fill(0xff));
    f(r);
  }
}

/** One mutation of a valid encoding, as drawn by {@link mutated}. */
export interface Mutation {
  /** 'truncate' | 'extend' | 'flip' | 'byte' | 'truncate+extend'. */
  readonly kind: 'truncate' | 'extend' | 'flip' | 'byte' | 'truncate+extend';
  /** The mutated bytes (a fresh array). */
  readonly bytes: Uint8Array;
  /** Index of the valid encoding in the list it was drawn from. */
  readonly source: number;
  /** For 'flip' / 'byte': the byte offset changed. */
  readonly at?: number;
}

/**
 * Truncations (to every shorter length), extensions (1–64 random bytes
 * appended), single bit flips and single byte replacements of the given
 * valid encodings, and truncate-then-extend (same or other length, new
 * tail). `flip` and `byte` always change the bytes.
 */
export function mutated(valid: readonly Uint8Array[], opts: { kinds?: readonly Mutation['kind'][] } = {}): fc.Arbitrary<Mutation> {
  if (valid.length === 0) throw new Error('mutated: expected at least one valid encoding');
  const kinds = opts.kinds ?? ['truncate', 'extend', 'flip', 'byte', 'truncate+extend'];
  const src = fc.integer({ min: 0, max: valid.length - 1 });
  const all: Record<Mutation['kind'], fc.Arbitrary<Mutation>> = {
    truncate: src.chain((i) =>
      fc.integer({ min: 0, max: Math.max(0, valid[i]!.length - 1) }).map((n) => ({
        kind: 'truncate' as const, source: i, bytes: valid[i]!.slice(0, n),
      })),
    ),
    extend: src.chain((i) =>
      fc.uint8Array({ minLength: 1, maxLength: 64, size: 'max' }).map((tail) => ({
        kind: 'extend' as const, source: i, bytes: concatBytes(valid[i]!, tail),
      })),
    ),
    flip: src.chain((i) =>
      fc.integer({ min: 0, max: valid[i]!.length * 8 - 1 }).map((bit) => {
        const b = valid[i]!.slice();
        b[bit >> 3] = b[bit >> 3]! ^ (1 << (bit & 7));
        return { kind: 'flip' as const, source: i, bytes: b, at: bit >> 3 };
      }),
    ),
    byte: src.chain((i) =>
      fc.tuple(fc.integer({ min: 0, max: valid[i]!.length - 1 }), fc.integer({ min: 1, max: 255 })).map(([at, x]) => {
        const b = valid[i]!.slice();
        b[at] = b[at]! ^ x;
        return { kind: 'byte' as const, source: i, bytes: b, at };
      }),
    ),
    'truncate+extend': src.chain((i) =>
      fc.tuple(
        fc.integer({ min: 0, max: Math.max(0, valid[i]!.length - 1) }),
        fc.uint8Array({ minLength: 1, maxLength: 64, size: 'max' }),
      ).map(([n, tail]) => ({
        kind: 'truncate+extend' as const, source: i, bytes: concatBytes(valid[i]!.slice(0, n), tail),
      })),
    ),
  };
  return fc.oneof(...kinds.map((k) => all[k]));
}

/** Re-exported: fuzz cases build inputs with it. */
export { concatBytes };

// ---------------------------------------------------------------------------
// Wrong-typed values.
// ---------------------------------------------------------------------------

/**
 * Values that are not a Uint8Array (with `optional`, undefined excluded): absent values, numbers, strings,
 * booleans, bigints, plain arrays and array-likes, objects, ArrayBuffer,
 * DataView and the other typed arrays (Uint8ClampedArray included: it is
 * not a Uint8Array), symbols and functions.
 */
export function notBytes(opts: { optional?: boolean } = {}): fc.Arbitrary<unknown> {
  const arb = fc.oneof(
    fc.constantFrom<unknown>(
      null, undefined, 0, 1, -1, 32, 1.5, Number.NaN, Infinity, 2 ** 53,
      '', 'deadbeef', '00'.repeat(32), true, false, 0n, 32n,
      [], [0, 1, 2], new Array<number>(32).fill(0), { length: 32 }, {},
      Symbol('bytes'), () => new Uint8Array(32),
    ),
    fc.constantFrom(16, 32, 33, 64, 65).chain((n) =>
      fc.constantFrom<unknown>(
        new ArrayBuffer(n), new DataView(new ArrayBuffer(n)), new Uint16Array(n), new Int8Array(n),
        new Uint8ClampedArray(n), new Uint32Array(n), new Float64Array(n), Array.from({ length: n }, () => 0),
      ),
    ),
  );
  // An optional argument may be undefined.
  return opts.optional === true ? arb.filter((v) => v !== undefined) : arb;
}

/** Values that are not a boolean (for boolean options and flags). */
export function notBoolean(): fc.Arbitrary<unknown> {
  return fc.constantFrom<unknown>('false', 'true', 1, 0, 'no', '', null, [], {}, 0n, 1n, new Uint8Array(1));
}

/** Values that are not a string (for string-enum options). */
export function notString(): fc.Arbitrary<unknown> {
  return fc.constantFrom<unknown>(1, 0, true, false, null, [], {}, 0n, new Uint8Array(1), Symbol('s'));
}

/** Strings outside `allowed` (case variants, padding, empty, other words). */
export function otherStrings(allowed: readonly string[]): fc.Arbitrary<string> {
  const variants = new Set<string>();
  for (const a of allowed) {
    variants.add(a[0]!.toUpperCase() + a.slice(1));
    variants.add(a.toUpperCase());
    variants.add(` ${a}`);
    variants.add(`${a} `);
    variants.add(a.slice(0, -1));
  }
  for (const v of ['', ' ', 'default', 'true', 'false', 'none']) variants.add(v);
  for (const a of allowed) variants.delete(a);
  return fc.constantFrom(...variants);
}

/** Values that are not an integer number (for counts and sizes). */
export function notInteger(): fc.Arbitrary<unknown> {
  return fc.constantFrom<unknown>('4', 1.5, 4n, true, '', null, [], {}, Number.NaN, Infinity, new Uint8Array(1));
}

/** Values that are not an options object: primitives other than undefined. */
export function notOptions(): fc.Arbitrary<unknown> {
  return fc.constantFrom<unknown>('strict', 1, true, 0, '', false, 0n, null, Symbol('o'));
}

// ---------------------------------------------------------------------------
// The contract checks (throw an Error describing the breach).
// ---------------------------------------------------------------------------

/** Describes a thrown value for a failure message. */
export function describeThrown(e: unknown): string {
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code;
    return `${e.constructor.name}${code !== undefined ? ` [${String(code)}]` : ''}: ${e.message}`;
  }
  return `a non-Error value (${typeof e}): ${String(e)}`;
}

/**
 * Engine messages of a TypeError raised inside the library by touching a
 * wrong-typed value ("Cannot read properties of undefined", "x is not a
 * function", …), as opposed to the library's own "what: expected X, got Y".
 */
const ENGINE_TYPE_ERROR =
  /Cannot read propert|Cannot set propert|is not a function|is not iterable|is not a constructor|Cannot convert|Cannot mix BigInt|Cannot use 'in'|Cannot destructure|Invalid typed array length|Right-hand side of 'instanceof'|object null is not|undefined is not|Reduce of empty array|Symbol\.toPrimitive|Cannot create property/;

/**
 * Calls f; passes when it returns (anything) or throws an instance of
 * `errorClass` (the package's StrataError); otherwise throws an Error
 * naming what escaped. Returns f's value, or undefined when it threw.
 */
export function onlyStrataError<T>(errorClass: abstract new (...args: never[]) => Error, what: string, f: () => T): T | undefined {
  try {
    return f();
  } catch (e) {
    if (e instanceof errorClass) {
      const code = (e as { code?: unknown }).code;
      if (typeof code !== 'string' || !code.startsWith('ERR_')) {
        throw new Error(`${what}: expected a StrataError with a stable ERR_ code, got code ${String(code)}`);
      }
      return undefined;
    }
    throw new Error(`${what}: expected success or a StrataError, got ${describeThrown(e)}`, { cause: e });
  }
}

/** A named case of a fuzz table: the public function's name and a call of it. */
export type FuzzCase<F> = readonly [string, F];

/** Declares one test per named case, so that one failing function never hides another. */
export function eachCase<F>(cases: readonly FuzzCase<F>[], title: (name: string) => string, body: (name: string, f: F) => void): void {
  for (const [name, f] of cases) it(title(name), () => body(name, f));
}

/**
 * Runs every `try…` function of `cases` on the {@link forEveryLength} sweep
 * and throws one Error listing each function that threw (once per
 * function, whatever the length).
 */
export function sweepNeverThrows(cases: readonly FuzzCase<(b: Uint8Array) => unknown>[]): void {
  const failures = new Set<string>();
  forEveryLength((b) => {
    for (const [name, f] of cases) {
      try {
        neverThrows(`${name}(Uint8Array(${b.length}))`, () => f(b));
      } catch (e) {
        failures.add((e as Error).message.replace(/\(Uint8Array\(\d+\)\)/, '(…)'));
      }
    }
  });
  if (failures.size > 0) throw new Error([...failures].join('\n'));
}

/** Calls f; throws an Error naming the exception if f throws anything. Returns f's value. */
export function neverThrows<T>(what: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw new Error(`${what}: expected no exception, got ${describeThrown(e)}`, { cause: e });
  }
}

/**
 * Calls f; passes only when it throws a TypeError synchronously whose
 * message is the library's own (not an engine message from a wrong-typed
 * value reaching deeper code). A returned promise (even a rejecting one)
 * counts as "not at once".
 */
export function typeErrorAtOnce(what: string, f: () => unknown): void {
  let r: unknown;
  try {
    r = f();
  } catch (e) {
    if (!(e instanceof TypeError)) throw new Error(`${what}: expected TypeError, got ${describeThrown(e)}`, { cause: e });
    if (ENGINE_TYPE_ERROR.test(e.message)) {
      throw new Error(`${what}: expected the library's TypeError at once, got an engine TypeError from deeper code: ${e.message}`, { cause: e });
    }
    return;
  }
  if (r instanceof Promise) r.catch(() => undefined);
  throw new Error(`${what}: expected TypeError, got no exception (returned ${describeValue(r)})`);
}

function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (v instanceof Uint8Array) return `Uint8Array(${v.length})`;
  if (typeof v === 'object') return (v as object).constructor?.name ?? 'object';
  return `${typeof v} ${String(v)}`;
}
