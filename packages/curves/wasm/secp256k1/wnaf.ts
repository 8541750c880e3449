/**
 * The GLV split and width-w NAF of a PUBLIC scalar for the double-and-add
 * streams (ecmult.ts runStreams): the digits src/secp256k1/wasm.ts wrote
 * from TypeScript (splitKNonConst, then wnafNonConst of |k1| and |k2|),
 * computed here on 64-bit integers in one call. The split is split.ts's
 * (the TypeScript engine's integers); the recoding is
 * src/shared/recode.ts recodeWnafNonConst read over the 160-bit
 * magnitudes, which gives the same digits as over their 256-bit byte
 * strings (the bits above are zero, so only the final carry digit goes
 * there, at the same position). Variable time: public scalars only.
 *
 * References: [GECC] Alg. 3.35 (wNAF); [GLV] Gallant, Lambert, Vanstone,
 * CRYPTO 2001.
 */
import { DIGITS, DIGIT_STRIDE, IN_K } from './layout';
import { M1, M2, splitScalar } from './split';

/**
 * Zeroes the DIGIT_STRIDE-byte digit buffer at out, writes the width-w NAF
 * of the 160-bit magnitude at m (5 little-endian u32 limbs) into it (digit
 * i, an i8, is the coefficient of 2^i: zero or odd, |d| < 2^(w−1)) and
 * returns the number of digits used (one past the highest non-zero digit;
 * 0 for zero). 2 ≤ w ≤ 8.
 */
function wnaf160(m: usize, w: i32, out: usize): i32 {
  memory.fill(out, 0, DIGIT_STRIDE);
  const width = 1 << w;
  const half = width >> 1;
  const mask = width - 1;
  let pos = 0;
  let carry = 0;
  let top = 0;
  while (pos < 160) {
    const i = <usize>(pos >>> 3);
    let bits = <i32>load<u8>(m + i);
    if (i + 1 < 20) bits |= <i32>load<u8>(m + i + 1) << 8; //  w ≤ 8 bits from a shift ≤ 7
    const win = carry + ((bits >>> (pos & 7)) & mask);
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
    store<i8>(out + <usize>pos, 1); //                  pos < 160 + w ≤ DIGIT_STRIDE
    top = pos + 1;
  }
  return top;
}

/**
 * Splits the public scalar at IN_K (32 big-endian bytes, below n) into
 * ±|k1| ± |k2|·λ and writes the width-w NAFs of |k1| and |k2| into the
 * digit buffers h and h + 1 (DIGITS + h·DIGIT_STRIDE, h ≤ 2); returns
 * len1 | len2 << 9 | neg1 << 18 | neg2 << 19 (neg: that half is negative).
 */
export function splitWnaf(w: i32, h: i32): u32 {
  const signs = splitScalar(IN_K);
  const d = DIGITS + <usize>h * <usize>DIGIT_STRIDE;
  const len1 = wnaf160(M1, w, d);
  const len2 = wnaf160(M2, w, d + <usize>DIGIT_STRIDE);
  return <u32>len1 | (<u32>len2 << 9) | ((signs & 3) << 18);
}
