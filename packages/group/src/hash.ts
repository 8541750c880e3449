/**
 * Go's hash-to-scalar rules for secp256k1, implemented once for every
 * protocol (go-dleq and ring-go share them).
 *
 * v = int_BE(SHA3-512(data)) mod n. go-dleq's and ring-go's default build
 * (decred dcrec/secp256k1) then copies v's MINIMAL big-endian bytes to the
 * FRONT of a 32-byte buffer, so its scalar is v·256^k (k = the number of
 * leading zero bytes of v), which differs from v when 0 < v < 2^248 (about
 * one input in 256), and panics when that shifted value is ≥ n. The
 * `ethereum_secp256k1` build (libsecp256k1) returns v. The rules are named
 * `'decred'` and `'libsecp256k1'` (`HashToScalarRule`).
 *
 * No memo: a caller that needs one hash twice keeps the result itself.
 *
 * References:
 * - [GO-DLEQ] github.com/pokt-network/go-dleq @ 488f42a, secp256k1/curve_decred.go
 *   and curve_ethereum.go (HashToScalar).
 * - [RING-GO] github.com/pokt-network/ring-go @ 782cc69 (the same two builds).
 * - [FIPS202] SHA-3 Standard (SHA3-512).
 */
import { ErrorCode, ModNScalar, StrataError, describe } from '@strata/field';
import { hexToBytes } from './bytes.js';
import type { HashToScalarRule } from './types.js';

/** The rules, in the order the docs list them. */
export const HASH_TO_SCALAR_RULES: readonly HashToScalarRule[] = Object.freeze(['decred', 'libsecp256k1'] as const);

/**
 * Returns `rule` checked (undefined → `dflt`); TypeError for any other value
 * (an unknown enum string, docs/api.md §7).
 */
export function expectHashToScalarRule(what: string, rule: unknown, dflt: HashToScalarRule): HashToScalarRule {
  if (rule === undefined) return dflt;
  if (rule !== 'decred' && rule !== 'libsecp256k1') {
    throw new TypeError(`${what}: expected 'decred' or 'libsecp256k1', got ${describe(rule)}`);
  }
  return rule;
}

/** 2^256 mod n (= 2^256 − n), for reducing 512-bit hashes: v = hi·2^256 + lo. */
const R256 = new ModNScalar();
R256.setBytesReduced(hexToBytes('000000000000000000000000000000014551231950b75fc4402da1732fc9bebf'));

// Module scratch (never escapes a call).
const wideHi = new ModNScalar();
const wideLo = new ModNScalar();
const buf32 = new Uint8Array(32);

/** Sets out = int_BE(h) mod n for a 64-byte h (hi·(2^256 mod n) + lo) and returns out. */
export function reduceWideBE(h: Uint8Array, out: ModNScalar): ModNScalar {
  wideHi.setBytesReduced(h.subarray(0, 32));
  wideLo.setBytesReduced(h.subarray(32, 64));
  return out.mul(wideHi, R256).add(out, wideLo);
}

/**
 * Sets out = Go's secp256k1 HashToScalar of the 64-byte SHA3-512 `digest`
 * under `rule` and returns out. Throws StrataError `ERR_OUT_OF_RANGE` where
 * the decred rule makes Go panic (the left-aligned value ≥ n, probability
 * about 2^-128).
 */
export function secp256k1HashToScalar(digest: Uint8Array, rule: HashToScalarRule, out: ModNScalar): ModNScalar {
  reduceWideBE(digest, out);
  if (rule === 'libsecp256k1') return out;
  out.putBytes(buf32, 0);
  let z = 0;
  while (z < 32 && buf32[z] === 0) z++;
  if (z === 0 || z === 32) return out;
  buf32.copyWithin(0, z);
  buf32.fill(0, 32 - z);
  if (out.setBytesReduced(buf32)) {
    throw new StrataError(
      ErrorCode.OUT_OF_RANGE,
      'secp256k1 hashToScalar: expected the left-aligned hash below n, got an overflow (go-dleq panics here)',
    );
  }
  return out;
}

/**
 * Returns whether the two rules disagree on the 64-byte `digest`: v mod n is
 * non-zero and below 2^248. `scratch` receives v.
 */
export function secp256k1HashIsAmbiguous(digest: Uint8Array, scratch: ModNScalar): boolean {
  reduceWideBE(digest, scratch);
  scratch.putBytes(buf32, 0);
  return buf32[0] === 0 && !scratch.isZero();
}
