/**
 * The scalar input contract of the generic Edwards module: a {@link Scalar}
 * is a bigint in [0, 2^256) or 32 bytes little-endian, not reduced mod r.
 * Every function of the module (scalar multiplication, MSM, the torsion
 * checks) reads its scalars through {@link scalarToBytes} or
 * {@link scalarToBigInt}, and recodes them with the package's one wNAF
 * recoder ({@link wnafRecode}, `shared/recode.ts`). No point code.
 *
 * References:
 * - [HMV04] D. Hankerson, A. Menezes, S. Vanstone, Guide to Elliptic Curve
 *   Cryptography, Alg. 3.35 (wNAF).
 */
import { expectBytes } from '@strata/field';
import { recodeWnafNonConst } from '../shared/recode.js';

/**
 * A scalar: a bigint in [0, 2^256) or 32 bytes little-endian, not reduced
 * mod r. The one input contract of every function of this module (MSM
 * included): a bigint outside [0, 2^256) is a RangeError, a `Uint8Array` of
 * another length StrataError ERR_BAD_LENGTH, anything else a TypeError.
 */
export type Scalar = bigint | Uint8Array;

const TWO_256 = 1n << 256n;

/** Writes the 32-byte little-endian form of k into out; throws TypeError / RangeError / ERR_BAD_LENGTH. */
export function scalarToBytes(k: Scalar, out: Uint8Array): Uint8Array {
  if (typeof k === 'bigint') {
    if (k < 0n || k >= TWO_256) throw new RangeError('scalar: expected a bigint in [0, 2^256), got one outside');
    // One string allocation instead of 64 BigInt temporaries.
    const h = k.toString(16);
    out.fill(0);
    for (let i = h.length - 1, j = 0; i >= 0; i--, j++) {
      const ch = h.charCodeAt(i);
      const nib = ch <= 57 ? ch - 48 : ch - 87;
      out[j >> 1] = out[j >> 1]! | (nib << ((j & 1) << 2));
    }
    return out;
  }
  expectBytes('scalar', k, 32);
  out.set(k);
  return out;
}

/** Returns the integer of a 32-byte little-endian scalar. */
export function scalarToBigInt(k: Scalar): bigint {
  if (typeof k === 'bigint') {
    if (k < 0n || k >= TWO_256) throw new RangeError('scalar: expected a bigint in [0, 2^256), got one outside');
    return k;
  }
  expectBytes('scalar', k, 32);
  let v = 0n;
  for (let i = 31; i >= 0; i--) v = (v << 8n) | BigInt(k[i]!);
  return v;
}

/**
 * Width-w NAF of the little-endian integer in `k` (all its bytes) into
 * `out` (zeroed first; needs 8·k.length + w + 1 entries). Digits are zero or
 * odd in (−2^(w−1), 2^(w−1)), and any w consecutive digits hold at most one
 * non-zero. Returns the number of digits (index of the top non-zero + 1).
 * The package's one wNAF recoder (`shared/recode.ts`).
 */
export function wnafRecode(out: Int8Array, k: Uint8Array, w: number): number {
  return recodeWnafNonConst(k, k.length, w, out);
}

/** Writes |v| (< 2^(8·out.length)) into out as little-endian bytes and returns out (the GLV halves, both engines). */
export function bigAbsToBytes(v: bigint, out: Uint8Array): Uint8Array {
  let x = v < 0n ? -v : v;
  for (let i = 0; i < out.length; i++) { out[i] = Number(x & 0xffn); x >>= 8n; }
  return out;
}
