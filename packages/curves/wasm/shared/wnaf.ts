/**
 * The width-w NAF recoding of a PUBLIC little-endian integer, shared by every
 * curve's variable-time kernels (secp256k1's GLV halves, ed25519's and the
 * generic Edwards curves' scalars). Variable time: public scalars only.
 *
 * Reference: [GECC] Hankerson, Menezes, Vanstone, Guide to ECC, Alg. 3.35.
 */

/**
 * Zeroes out[0 … outLen), writes the width-w NAF of the kBytes-byte
 * little-endian integer at k into it (digit i, an i8, is the coefficient of
 * 2^i: zero or odd, |d| < 2^(w−1), at least w − 1 zeros after each non-zero
 * one) and returns top = 1 + the highest non-zero position (0 for zero).
 *
 * Preconditions: 2 ≤ w ≤ 8; outLen ≥ 8·kBytes + w (a final carry lands at
 * most w − 1 positions past the top bit).
 */
export function wnafBytes(out: usize, outLen: i32, k: usize, kBytes: i32, w: i32): i32 {
  memory.fill(out, 0, <usize>outLen);
  const bits = kBytes << 3;
  const width = 1 << w;
  const half = width >> 1;
  const mask = width - 1;
  let pos = 0;
  let carry = 0;
  let top = 0;
  while (pos < bits) {
    const i = pos >>> 3;
    let window = <i32>load<u8>(k + <usize>i);
    if (i + 1 < kBytes) window |= <i32>load<u8>(k + <usize>i + 1) << 8; // w ≤ 8 bits from a shift ≤ 7
    const win = carry + ((window >>> (pos & 7)) & mask);
    if ((win & 1) == 0) {
      pos++;
      continue;
    }
    if (win < half) {
      carry = 0;
      store<i8>(out + <usize>pos, <i8>win);
    } else {
      carry = 1;
      store<i8>(out + <usize>pos, <i8>(win - width));
    }
    top = pos + 1;
    pos += w;
  }
  if (carry != 0) {
    store<i8>(out + <usize>pos, 1); // pos < bits + w ≤ outLen
    top = pos + 1;
  }
  return top;
}
