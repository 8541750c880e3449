/**
 * Verification over split commitments (ed25519: each C split once, its
 * pieces reused by the second ring step as the pieces of C − G, in a
 * per-curve scratch): every ed25519 response or challenge of a bit
 * tampered fails at that bit, in both curve orders, and the scratch
 * carries nothing from one verification to the next.
 */
import { describe, expect, it } from 'vitest';
import { hex } from '@strata/testkit';
import { ed25519, secp256k1, type Curve } from '@strata/group';
import { Proof } from '../src/index.js';
import { vectors } from './helpers.js';

/** Offset of bit proof 0 and the length of one bit proof (33 + 32 + 6 × 32 bytes). */
const BIT0 = 66;
const BP = 257;

const orders: [string, Curve, Curve, string, Record<string, number>][] = [
  // (secp256k1, ed25519): ed25519's scalars are eB, b0, b1 after C_A (33) and C_B (32).
  ['secp256k1 × ed25519', secp256k1, ed25519, 'secp256k1-ed25519-0', { eB: 65 + 32, b0: 65 + 128, b1: 65 + 160 }],
  // (ed25519, secp256k1): ed25519's scalars are eA, a0, a1.
  ['ed25519 × secp256k1', ed25519, secp256k1, 'ed25519-secp256k1-0', { eA: 65, a0: 65 + 64, a1: 65 + 96 }],
];

describe.each(orders)('verification over split commitments, %s', (_name, A, B, id, fields) => {
  const bytes = hex(vectors().proofs.find((p) => p.id === id)!.proof);

  /** The proof with byte 0 of the little-endian ed25519 scalar `field` of bit i changed (still < ℓ). */
  function tampered(i: number, field: string): Uint8Array {
    const b = bytes.slice();
    const at = BIT0 + i * BP + fields[field]!;
    b[at] = b[at]! ^ 1;
    return b;
  }

  it('fails at the tampered bit for every ed25519 challenge and response', () => {
    // One bit per field (each verification takes a few hundred ms on the TypeScript engine).
    const bits = [0, 128, 251];
    Object.keys(fields).forEach((field, f) => {
      const i = bits[f]!;
      const r = Proof.fromBytes(A, B, tampered(i, field)).check(A, B);
      expect(r, `${field} of bit ${i}`).toEqual({ ok: false, reason: 'invalid-proof', index: i });
    });
  });

  it('carries nothing from one verification to the next (the scratch pieces)', () => {
    const good = Proof.fromBytes(A, B, bytes);
    const bad = Proof.fromBytes(A, B, tampered(200, Object.keys(fields)[1]!));
    expect([good.verify(A, B), bad.verify(A, B), good.verify(A, B)]).toEqual([true, false, true]);
  });
});
