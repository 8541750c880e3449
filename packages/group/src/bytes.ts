/**
 * The byte helpers every protocol package shares: the hex parser of
 * `@strata/field` and the one default random source.
 *
 * References:
 * - [WebCrypto] W3C Web Cryptography API, `Crypto.getRandomValues` (at most
 *   65 536 bytes per call).
 */

/** The one hex parser lives in `@strata/field`; re-exported for the protocols. */
export { hexToBytes } from '@strata/field';

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
