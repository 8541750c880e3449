/**
 * The one hex parser of Strata: every package's constants are written in hex
 * in the source and decoded by this function (layer 0, so every layer can
 * import it).
 */
import { describe } from './errors.js';

/**
 * Returns the bytes of the hex string `s` (even length, digits 0-9a-fA-F, no
 * prefix). For constants in source code and tests: TypeError for anything
 * else.
 */
export function hexToBytes(s: string): Uint8Array {
  if (typeof s !== 'string' || s.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(s)) {
    throw new TypeError(`hexToBytes: expected an even-length hex string, got ${typeof s === 'string' ? `"${s.slice(0, 16)}…" (${s.length} chars)` : describe(s)}`);
  }
  const out = new Uint8Array(s.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(s.slice(2 * i, 2 * i + 2), 16);
  return out;
}
