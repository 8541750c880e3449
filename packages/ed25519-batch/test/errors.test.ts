/**
 * Every package exports what it throws (docs/api.md §7): @strata/ed25519-batch's
 * entry re-exports StrataError and ErrorCode, the same objects as @strata/field's.
 */
import { describe, expect, it } from 'vitest';
import * as field from '@strata/field';
import { StrataError, ErrorCode, getPublicKey, type ErrorCodeValue } from '@strata/ed25519-batch';

describe('@strata/ed25519-batch exports what it throws', () => {
  it('re-exports the one StrataError class and ErrorCode table of @strata/field', () => {
    expect(StrataError).toBe(field.StrataError);
    expect(ErrorCode).toBe(field.ErrorCode);
  });

  it('a seed of the wrong length throws the exported class with ERR_BAD_LENGTH', () => {
    let caught: unknown;
    try {
      getPublicKey(new Uint8Array(5));
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(StrataError);
    const code: ErrorCodeValue = (caught as InstanceType<typeof StrataError>).code;
    expect(code).toBe(ErrorCode.BAD_LENGTH);
  });
});
