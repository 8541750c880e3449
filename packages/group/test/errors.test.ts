/**
 * Every package exports what it throws (docs/api.md §7): @strata/group's
 * entry re-exports StrataError and ErrorCode, the same objects as
 * @strata/field's, so `instanceof` and `code` checks work from this package alone.
 */
import { describe, expect, it } from 'vitest';
import * as field from '@strata/field';
import { StrataError, ErrorCode, ed25519, secp256k1 } from '@strata/group';

describe('@strata/group exports what it throws', () => {
  it('re-exports the one StrataError class and ErrorCode table of @strata/field', () => {
    expect(StrataError).toBe(field.StrataError);
    expect(ErrorCode).toBe(field.ErrorCode);
  });

  it.each([
    ['secp256k1', secp256k1],
    ['ed25519', ed25519],
  ] as const)('a %s decode of bytes of the wrong length throws the exported class with ERR_BAD_LENGTH', (_name, curve) => {
    let caught: unknown;
    try {
      curve.pointFromBytes(new Uint8Array(5));
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(StrataError);
    expect((caught as InstanceType<typeof StrataError>).code).toBe(ErrorCode.BAD_LENGTH);
  });
});
