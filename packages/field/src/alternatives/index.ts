/**
 * `@strata/field/alternatives` — documented alternative algorithms, kept for
 * comparison and teaching, outside the production classes.
 *
 * - `sqrtBytewise(v, a)`: the secp256k1 square root by left-to-right
 *   square-and-multiply ([HAC] Alg. 14.79) driven by the 32 precomputed
 *   big-endian bytes of (p+1)/4, entirely in `FieldVal` arithmetic: 253
 *   squarings and 246 multiplications. This is the byte-driven exponent of
 *   btcec/dcrd, the baseline that `FieldVal.sqrt`'s addition chain ([LIBSECP]:
 *   253 squarings, 13 multiplications, on lazy digits) replaced; the benchmark
 *   field suite shows the two side by side (`strata (byte-wise sqrt)` row).
 *   It branches on the bits of the public exponent only, never on the value.
 *
 * References:
 * - [HAC] Menezes, van Oorschot, Vanstone: Handbook of Applied Cryptography,
 *   Alg. 14.79 (left-to-right binary exponentiation).
 * - [DCRD] decred/dcrd dcrec/secp256k1 field.go (SquareRootVal's byte-wise
 *   exponent, from btcec).
 * - [LIBSECP] bitcoin-core/secp256k1 field_impl.h (the addition chain that replaced it).
 */
import { FieldVal, secp256k1SqrtExponentBytes } from '../secp256k1/field.js';
import { expectInstance } from '../options.js';

/**
 * The type of this entry's operands, by name: the main entry's `FieldVal`
 * class itself (construct values with `new FieldVal()` from `@strata/field`).
 */
export type { FieldVal };

/** (p + 1)/4 as 32 big-endian bytes (module constant). */
const SQRT_EXP_BYTES = secp256k1SqrtExponentBytes();

/** Module scratch (never escapes a call). */
const ORIG = new FieldVal();
const ACC = new FieldVal();

/**
 * Sets v = a^((p+1)/4) by the byte-wise square-and-multiply above and
 * reports whether v² = a (whether a is a square); when a is not a square, v
 * is a square root of −a. Same result as `v.sqrt(a)`. v may alias a.
 * TypeError when v or a is not a FieldVal.
 *
 * Preconditions: magnitude(a) ≤ 8. / Output normalized: yes. / Output max magnitude: 1.
 */
export function sqrtBytewise(v: FieldVal, a: FieldVal): boolean {
  expectInstance('sqrtBytewise v', v, FieldVal);
  expectInstance('sqrtBytewise a', a, FieldVal);
  const orig = ORIG.set(a).normalize();
  const acc = ACC.setOne();
  let started = false;
  for (let i = 0; i < 32; i++) {
    const byte = SQRT_EXP_BYTES[i]!;
    for (let bit = 7; bit >= 0; bit--) {
      if (started) acc.square(acc);
      if ((byte >>> bit) & 1) {
        if (started) acc.mul(acc, orig);
        else acc.set(orig);
        started = true;
      }
    }
  }
  v.set(acc).normalize();
  return acc.square(v).normalize().equals(orig);
}
