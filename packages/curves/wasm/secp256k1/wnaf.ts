/**
 * The GLV split and width-w NAF of a PUBLIC scalar for the double-and-add
 * streams (ecmult.ts runStreams): the digits src/secp256k1/wasm.ts wrote
 * from TypeScript (splitKNonConst, then wnafNonConst of |k1| and |k2|),
 * computed here on 64-bit integers in one call. The split is split.ts's
 * (the TypeScript engine's integers); the recoding is ../shared/wnaf.ts
 * (src/shared/recode.ts recodeWnafNonConst's twin) read over the 160-bit
 * magnitudes, which gives the same digits as over their 256-bit byte
 * strings (the bits above are zero, so only the final carry digit goes
 * there, at the same position). Variable time: public scalars only.
 *
 * References: [GECC] Alg. 3.35 (wNAF); [GLV] Gallant, Lambert, Vanstone,
 * CRYPTO 2001.
 */
import { DIGITS, DIGIT_STRIDE, IN_K } from './layout';
import { wnafBytes } from '../shared/wnaf';
import { M1, M2, splitScalar } from './split';

/**
 * Splits the public scalar at IN_K (32 big-endian bytes, below n) into
 * ±|k1| ± |k2|·λ and writes the width-w NAFs of |k1| and |k2| into the
 * digit buffers h and h + 1 (DIGITS + h·DIGIT_STRIDE, h ≤ 2); returns
 * len1 | len2 << 9 | neg1 << 18 | neg2 << 19 (neg: that half is negative).
 */
export function splitWnaf(w: i32, h: i32): u32 {
  const signs = splitScalar(IN_K);
  const d = DIGITS + <usize>h * <usize>DIGIT_STRIDE;
  const len1 = wnafBytes(d, <i32>DIGIT_STRIDE, M1, 20, w); //          M1, M2: 160-bit magnitudes
  const len2 = wnafBytes(d + <usize>DIGIT_STRIDE, <i32>DIGIT_STRIDE, M2, 20, w);
  return <u32>len1 | (<u32>len2 << 9) | ((signs & 3) << 18);
}
