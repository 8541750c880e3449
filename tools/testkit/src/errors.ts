/**
 * The error code a call throws, for tests that assert §7's codes.
 */
import { StrataError } from '@strata/field';
import { expect } from 'vitest';

/**
 * Calls f; returns the code of the StrataError it throws, or undefined when
 * it returns. Anything thrown that is not a StrataError fails the test.
 */
export function thrownCode(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(StrataError);
    return (e as StrataError).code;
  }
  return undefined;
}
