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
import { describe } from './errors.js';

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

/** Like {@link describe}, but shows short strings and other primitives by value. */
function describeValue(v: unknown): string {
  if (typeof v === 'string') return v.length <= 32 ? `'${v}'` : `string(${v.length})`;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return `${typeof v} ${String(v)}`;
  return describe(v);
}
