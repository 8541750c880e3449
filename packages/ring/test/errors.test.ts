/**
 * Every package exports what it throws (docs/api.md §7): @strata/ring's
 * entry re-exports StrataError and ErrorCode, the same objects as @strata/field's.
 */
import { describe, expect, it } from 'vitest';
import * as field from '@strata/field';
import { ed25519, secp256k1 } from '@strata/group';
import { StrataError, ErrorCode, RingSignature } from '@strata/ring';

describe('@strata/ring exports what it throws', () => {
  it('re-exports the one StrataError class and ErrorCode table of @strata/field', () => {
    expect(StrataError).toBe(field.StrataError);
    expect(ErrorCode).toBe(field.ErrorCode);
  });

  it.each([
    ['secp256k1', secp256k1],
    ['ed25519', ed25519],
  ] as const)('a truncated %s signature throws the exported class with a code from the exported table', (_n, curve) => {
    let caught: unknown;
    try {
      RingSignature.fromBytes(curve, new Uint8Array(7));
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(StrataError);
    expect(Object.values(ErrorCode)).toContain((caught as InstanceType<typeof StrataError>).code);
  });
});
