/**
 * Every package exports what it throws (docs/api.md §7): @strata/dleq's
 * entry re-exports StrataError and ErrorCode, the same objects as @strata/field's.
 */
import { describe, expect, it } from 'vitest';
import * as field from '@strata/field';
import { ed25519, secp256k1 } from '@strata/group';
import { StrataError, ErrorCode, Proof } from '@strata/dleq';

describe('@strata/dleq exports what it throws', () => {
  it('re-exports the one StrataError class and ErrorCode table of @strata/field', () => {
    expect(StrataError).toBe(field.StrataError);
    expect(ErrorCode).toBe(field.ErrorCode);
  });

  it('a truncated proof throws the exported class with a code from the exported table', () => {
    let caught: unknown;
    try {
      Proof.fromBytes(secp256k1, ed25519, new Uint8Array(7));
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(StrataError);
    expect(Object.values(ErrorCode)).toContain((caught as InstanceType<typeof StrataError>).code);
  });
});
