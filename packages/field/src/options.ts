/**
 * Checks for options objects and option values, shared by every Strata
 * package so that a wrong type is refused the same way everywhere.
 *
 * An option of the wrong type is a programmer error: it throws a TypeError
 * at once ("what: expected X, got Y") instead of being read as truthy,
 * falsy or "some other value" and silently changing behaviour
 * (`{ zip215: 'false' }` must not decode leniently). A missing option, or
 * one set to `undefined`, takes its default; keys the callee does not know
 * are ignored.
 *
 * None of these allocate on the success path: they may sit on decoding
 * paths that verifiers call per signature.
 *
 * References:
 * - Strata DESIGN.md, "Two kinds of error": programmer errors (wrong argument
 *   types) throw at once; bad external bytes throw StrataError.
 */
import { ErrorCode, StrataError, describe } from './errors.js';

/**
 * Returns `options` when it is an object (arrays and functions excluded) or
 * undefined; throws TypeError otherwise (null included).
 */
export function expectOptions<T extends object>(what: string, options: T | undefined): T | undefined {
  if (options === undefined) return undefined;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`${what}: expected an options object, got ${describe(options)}`);
  }
  return options;
}

/**
 * Returns the boolean `value`, or `fallback` when it is undefined; throws
 * TypeError for any other type (the string 'false' included).
 */
export function expectBoolean(what: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new TypeError(`${what}: expected a boolean, got ${describeValue(value)}`);
  return value;
}

/**
 * Returns `value` when it is one of the strings `allowed`, or `fallback`
 * when it is undefined; throws TypeError for anything else (a string that is
 * not one of them, in another case for instance, included).
 */
export function expectOneOf<T extends string>(what: string, value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (typeof value === 'string') {
    for (let i = 0; i < allowed.length; i++) if (allowed[i] === value) return value as T;
  }
  throw new TypeError(`${what}: expected one of ${allowed.map((a) => `'${a}'`).join(', ')}, got ${describeValue(value)}`);
}

/**
 * Returns the number `value`, or `fallback` when it is undefined; throws
 * TypeError for a non-number. (Range checks stay with the caller, which
 * throws RangeError for a number outside its range.)
 */
export function expectNumber(what: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number') throw new TypeError(`${what}: expected a number, got ${describeValue(value)}`);
  return value;
}

/**
 * Throws TypeError unless `value` is a number (any number: NaN, fractions
 * and out-of-range values pass, their range check staying with the caller,
 * which throws RangeError). Unlike {@link expectNumber} this is for a
 * required argument: undefined is refused too. Returns `value`.
 */
export function expectNumberArg(what: string, value: unknown): number {
  if (typeof value !== 'number') throw new TypeError(`${what}: expected a number, got ${describeValue(value)}`);
  return value;
}

/**
 * Returns `value` when it is an integer number (a Number.isInteger value);
 * throws TypeError otherwise (a numeric string, a bigint, a fraction, NaN,
 * ±Infinity, undefined included). Range checks stay with the caller.
 */
export function expectInteger(what: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new TypeError(`${what}: expected an integer, got ${describeValue(value)}`);
  }
  return value;
}

/**
 * Returns `value` when it is a byte offset: a non-negative safe integer.
 * Throws TypeError otherwise (a negative number included, as every offset
 * check in Strata does). Whether the bytes after the offset fit is the
 * caller's check (StrataError ERR_BAD_LENGTH).
 */
export function expectOffset(what: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(`${what}: expected a non-negative integer offset, got ${describeValue(value)}`);
  }
  return value;
}

/**
 * Checks an output buffer of an encoder writing `n` bytes at `off`: a
 * non-Uint8Array `out` or an `off` that is not a non-negative integer is a
 * TypeError ({@link expectOffset}); fewer than `n` bytes from `off` to the
 * end is StrataError ERR_BAD_LENGTH ("what: expected at least off + n bytes,
 * got length"), the error every Strata encoder raises for a short buffer.
 * No allocation on the success path (encoders call it per element).
 */
export function expectRoom(what: string, out: unknown, off: unknown, n: number): void {
  if (!(out instanceof Uint8Array)) throw new TypeError(`${what}: expected Uint8Array, got ${describe(out)}`);
  expectOffset(what, off);
  if ((off as number) + n > out.length) {
    throw new StrataError(ErrorCode.BAD_LENGTH, `${what}: expected at least ${(off as number) + n} bytes, got ${out.length}`);
  }
}

/**
 * Returns `value` when it is an instance of `ctor`; throws TypeError
 * otherwise ("what: expected Name, got …"). For arguments such as an output
 * object or a curve that deeper code would otherwise touch and fail on with
 * an engine error.
 */
// `ctor` is typed by its prototype so that classes with a private constructor (EdwardsCurve) fit too.
export function expectInstance<T>(what: string, value: unknown, ctor: Function & { readonly prototype: T }): T {
  if (!(value instanceof ctor)) throw new TypeError(`${what}: expected ${ctor.name}, got ${describeInstance(value)}`);
  return value as T;
}

/** Names an object by its constructor when it has one, else as {@link describeValue}. */
function describeInstance(v: unknown): string {
  if (typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array)) {
    const c = (v as { constructor?: { name?: unknown } }).constructor;
    if (c !== undefined && typeof c.name === 'string' && c.name !== '' && c.name !== 'Object') return c.name;
  }
  return describeValue(v);
}

/** Like {@link describe}, but shows short strings and other primitives by value. */
function describeValue(v: unknown): string {
  if (typeof v === 'string') return v.length <= 32 ? `'${v}'` : `string(${v.length})`;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return `${typeof v} ${String(v)}`;
  return describe(v);
}
