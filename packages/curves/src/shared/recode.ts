/**
 * Scalar recodings shared by every curve of the package: width-w NAF (the
 * digits of Straus / wNAF scalar multiplication), signed fixed windows for
 * Pippenger buckets and variable-time combs, and the branch-free signed
 * windows of the constant-time combs.
 *
 * The recoders see only bytes and typed arrays of small integers — never a
 * field element, a point or a curve — so secp256k1, edwards25519 and the
 * generic Edwards curves call the same code with the same argument types,
 * and no call site here sees more than one shape. Integers are read
 * little-endian from `k[off … off + nBytes)`; callers holding big-endian
 * bytes (secp256k1) reverse them into a scratch buffer first.
 *
 * Everything ending in `NonConst` branches on the digits and is for public
 * scalars only; {@link recodeSignedConst} is branch-free.
 *
 * References:
 * - [GECC] Hankerson, Menezes, Vanstone, Guide to Elliptic Curve
 *   Cryptography, Algorithm 3.35 (width-w NAF).
 * - [BDLO12] Bernstein, Doumen, Lange, Oosterwijk, "Faster batch forgery
 *   identification", INDOCRYPT 2012, §4 (signed bucket digits).
 * - [BDLSY12] Bernstein, Duif, Lange, Schwabe, Yang, "High-speed
 *   high-security signatures", CHES 2011 (signed radix-16 digits).
 */

/**
 * Sets out to the width-w NAF of the integer k[0 … nBytes) (little-endian)
 * and returns the number of digits used, len: k = Σ out[i]·2^i, every digit
 * zero or odd with |d| < 2^(w−1), any w consecutive digits hold at most one
 * non-zero, out[len − 1] ≠ 0 (len = 0 for k = 0). The whole of `out` is
 * zeroed first; it must hold at least 8·nBytes + w entries. 2 ≤ w ≤ 8
 * (digits fit an Int8Array). Variable time. [GECC] Alg. 3.35, read a
 * window at a time.
 */
export function recodeWnafNonConst(k: Uint8Array, nBytes: number, w: number, out: Int8Array): number {
  out.fill(0);
  const width = 1 << w;
  const half = width >>> 1;
  const mask = width - 1;
  const nBits = 8 * nBytes;
  let pos = 0;
  let carry = 0;
  let top = 0;
  while (pos < nBits) {
    const i = pos >>> 3;
    let bits = k[i]!;
    if (i + 1 < nBytes) bits |= k[i + 1]! << 8; //  w ≤ 8 bits from a shift ≤ 7: two bytes suffice
    const win = carry + ((bits >>> (pos & 7)) & mask);
    if ((win & 1) === 0) {
      pos++;
      continue;
    }
    if (win < half) {
      carry = 0;
      out[pos] = win;
    } else {
      carry = 1;
      out[pos] = win - width;
    }
    top = pos + 1;
    pos += w;
  }
  if (carry !== 0) {
    out[pos] = 1; //                                   pos < nBits + w
    top = pos + 1;
  }
  return top;
}

/**
 * Sets out[off + j·stride] = d_j for j < windows, the signed c-bit windows
 * of the integer k[kOff … kOff + nBytes) (little-endian), and returns the
 * carry out of the top window (0 when windows·c > the bit length of k):
 * k = Σ d_j·2^(c·j) + carry·2^(c·windows), every d_j in
 * (−2^(c−1), 2^(c−1)], so |d_j| − 1 indexes one of 2^(c−1) buckets or comb
 * entries. 1 ≤ c ≤ 16. Variable time. [BDLO12] §4.
 */
export function recodeSignedNonConst(
  k: Uint8Array,
  kOff: number,
  nBytes: number,
  c: number,
  windows: number,
  out: Int32Array,
  off: number,
  stride: number,
): number {
  const full = 1 << c;
  const half = full >>> 1;
  const mask = full - 1;
  const nBits = 8 * nBytes;
  const end = kOff + nBytes;
  let carry = 0;
  for (let j = 0; j < windows; j++) {
    const bit = j * c;
    let v = 0;
    if (bit < nBits) {
      const i = kOff + (bit >>> 3);
      let raw = k[i]!; //                               c ≤ 16 bits from a shift ≤ 7: three bytes
      if (i + 1 < end) raw |= k[i + 1]! << 8;
      if (i + 2 < end) raw |= k[i + 2]! << 16;
      v = (raw >>> (bit & 7)) & mask;
    }
    v += carry;
    carry = v > half ? 1 : 0;
    out[off + j * stride] = v - carry * full;
  }
  return carry;
}

/**
 * Sets out[j] = d_j for j < windows, the signed c-bit windows of the
 * integer k[0 … nBytes) (little-endian), every d_j in [−2^(c−1), 2^(c−1)),
 * and returns the carry out of the top window: k = Σ d_j·2^(c·j) +
 * carry·2^(c·windows), and the carry is 0 when windows·c ≥ 8·nBytes + 2.
 * Branch-free: the same loads, shifts and arithmetic for every k
 * (carry = (v + 2^(c−1)) >> c), for the SECRET scalars of the constant-time
 * combs and windows. 2 ≤ c ≤ 7 (digits fit an Int8Array). [BDLSY12] (c = 4).
 */
export function recodeSignedConst(k: Uint8Array, nBytes: number, c: number, windows: number, out: Int8Array): number {
  const half = 1 << (c - 1);
  const mask = (1 << c) - 1;
  const nBits = 8 * nBytes;
  let carry = 0;
  for (let j = 0; j < windows; j++) {
    const bit = j * c;
    let v = 0;
    if (bit < nBits) {
      // Branches and indices depend on the (public) position j only.
      const i = bit >>> 3;
      let raw = k[i]!;
      if (i + 1 < nBytes) raw |= k[i + 1]! << 8;
      v = (raw >>> (bit & 7)) & mask;
    }
    v += carry;
    carry = (v + half) >> c;
    out[j] = v - (carry << c);
  }
  return carry;
}
