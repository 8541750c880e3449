/**
 * Point decoding ([RFC8032] §5.1.3, [ZIP-215]) inside the engine: the same
 * accept/reject decisions and result codes as the TypeScript decoder
 * (src/ed25519/encoding.ts decodeXY), so the bridge raises the same errors.
 * Variable time: encodings are public.
 *
 * References: [RFC8032] Josefsson, Liusvaara, "EdDSA", §5.1.3 (decoding);
 * [ZIP-215] Zcash, "Explicitly Defining and Modifying Ed25519 Validation
 * Rules" (non-canonical y and x = 0 with the sign bit accepted).
 */
import * as fe from '@strata/field/wasm/fe25519';
import { FE_SQRT, FE_CHAIN, IO_BYTES, IO_OUT, PT_TMP } from './layout';
import { D, SQRT_M1, fromAffine, toF64Point, tRead } from './point';

export const DEC_OK: i32 = 0;
export const DEC_NON_CANONICAL_Y: i32 = 1;
export const DEC_NOT_ON_CURVE: i32 = 2;
export const DEC_NEGATIVE_ZERO: i32 = 3;

/** True iff the 32 bytes at b, bit 255 ignored, encode a value ≥ p = 2^255 − 19. */
function bytesNonCanonical(b: usize): bool {
  if ((load<u8>(b + 31) & 0x7f) != 0x7f) return false;
  for (let i: usize = 30; i >= 1; i--) if (load<u8>(b + i) != 0xff) return false;
  return load<u8>(b) >= 0xed;
}

/**
 * Sets r = √(u/v) (the even root) and returns 1 when u/v is a square, else
 * returns 0 (r unspecified): r = u·v³·(u·v⁷)^((p−5)/8), then r·√−1 when
 * v·r² = −u ([RFC8032] §5.1.3 steps 2–3). u = 0 gives 0 and 1; v = 0 with
 * u ≠ 0 gives 0. Inputs magnitude ≤ 2.
 */
export function sqrtRatio(r: usize, u: usize, v: usize): i32 {
  const v3 = FE_SQRT;
  const t = FE_SQRT + 40;
  const check = FE_SQRT + 80;
  const nu = FE_SQRT + 120;
  fe.squareOut(v3, v);
  fe.mulOut(v3, v3, v); //         v³
  fe.squareOut(t, v3);
  fe.mulOut(t, t, v);
  fe.mulOut(t, t, u); //           u·v⁷
  fe.pow22523(t, t, FE_CHAIN);
  fe.mulOut(t, t, v3);
  fe.mulOut(r, t, u); //           u·v³·(u·v⁷)^((p−5)/8)
  fe.squareOut(check, r);
  fe.mulOut(check, check, v); //   v·r²
  fe.neg(nu, u);
  const correct = fe.equal(check, u, tRead);
  const flipped = fe.equal(check, nu, tRead);
  if (flipped) fe.mulOut(r, r, SQRT_M1);
  if (fe.isNegative(r, tRead)) fe.neg(r, r);
  return correct | flipped;
}

/**
 * Decodes the 32 bytes at IO_BYTES; on DEC_OK writes the point
 * (x : y : 1 : xy) to IO_OUT as TypeScript limbs. Returns a DEC_* code:
 * strict decoding (zip215 = 0) rejects y ≥ p and x = 0 with the sign bit set.
 */
export function decode(zip215: i32): i32 {
  const b = IO_BYTES;
  if (!zip215 && bytesNonCanonical(b)) return DEC_NON_CANONICAL_Y;
  const x = FE_SQRT + 160;
  const y = FE_SQRT + 200;
  const u = FE_SQRT + 240;
  const v = FE_SQRT + 280;
  fe.fromBytes(y, b);
  const sign = load<u8>(b + 31) >> 7;
  fe.squareOut(u, y); //             y²
  fe.mulOut(v, u, D);
  store<i32>(v, load<i32>(v) + 1); //     d·y² + 1
  store<i32>(u, load<i32>(u) - 1); //     y² − 1
  if (!sqrtRatio(x, u, v)) return DEC_NOT_ON_CURVE;
  if (sign) {
    if (fe.isZero(x, tRead)) {
      if (!zip215) return DEC_NEGATIVE_ZERO;
    } else fe.neg(x, x);
  }
  const p = PT_TMP;
  fromAffine(p, x, y);
  toF64Point(IO_OUT, p);
  return DEC_OK;
}
