/**
 * The byte helpers every protocol package shares: one hex parser for
 * constants and one default random source.
 *
 * References:
 * - [WebCrypto] W3C Web Cryptography API, `Crypto.getRandomValues` (at most
 *   65 536 bytes per call).
 */
import { describe } from '@strata/field';

/**
 * Returns the bytes of the hex string `s` (even length, digits 0-9a-fA-F, no
 * prefix). For constants in source code: TypeError for anything else.
 */
export function hexToBytes(s: string): Uint8Array {
  if (typeof s !== 'string' || s.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(s)) {
    throw new TypeError(`hexToBytes: expected an even-length hex string, got ${typeof s === 'string' ? `"${s.slice(0, 16)}…" (${s.length} chars)` : describe(s)}`);
  }
  const out = new Uint8Array(s.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(s.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/**
 * Returns `length` fresh random bytes from `crypto.getRandomValues` (a new
 * array; filled in 64 KiB slices, the most one call may ask for). The
 * default `RandomSource` of every Strata protocol.
 */
export function defaultRandom(length: number): Uint8Array {
  const b = new Uint8Array(length);
  for (let o = 0; o < length; o += 65536) crypto.getRandomValues(b.subarray(o, Math.min(length, o + 65536)));
  return b;
}
