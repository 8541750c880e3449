/**
 * The error code a call throws, for tests that assert §7's codes.
 */
import { expect } from 'vitest';

/**
 * Whether e is a Strata error: an Error whose class is named StrataError,
 * with a string code of the form ERR_…. Recognized by shape, not by
 * instanceof, so that the kit depends on no Strata package (every package
 * re-exports the one class from @strata/field; a test that needs the class
 * itself imports it from there).
 */
export function isStrataError(e: unknown): e is Error & { code: string } {
  return (
    e instanceof Error &&
    e.name === 'StrataError' &&
    typeof (e as { code?: unknown }).code === 'string' &&
    ((e as unknown as { code: string }).code).startsWith('ERR_')
  );
}

/**
 * Calls f; returns the code of the StrataError it throws, or undefined when
 * it returns. Anything thrown that is not a StrataError fails the test.
 */
export function thrownCode(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    expect(isStrataError(e), `expected a StrataError, got ${String(e)}`).toBe(true);
    return (e as { code: string }).code;
  }
  return undefined;
}
