/**
 * Public-key decoding kernels [SEC1 §2.3.4]: the arithmetic of parsePubKey
 * (range checks, the curve equation, the square root of a compressed x).
 * The TypeScript side keeps the length and prefix checks and turns the
 * status returned here into the same StrataErrors, in decred's order.
 * Public data: the checks branch on the values.
 */
import * as F from '@strata/field/wasm/secp256k1';
import { INV_SCRATCH, fmul, fsqr, slot } from './point';
import { IN_BYTES, IN_P, OUT } from './layout';

/** Status codes of {@link parsePubKey} (mirrored in src/secp256k1/wasm.ts). */
export const PARSE_OK: i32 = 0;
export const PARSE_X_TOO_BIG: i32 = 1;
export const PARSE_Y_TOO_BIG: i32 = 2;
export const PARSE_PARITY: i32 = 3;
export const PARSE_NOT_ON_CURVE: i32 = 4;

const RHS = slot(40), T = slot(41);

/** Sets RHS = x³ + 7 (magnitude 2). Preconditions: magnitude(x) ≤ 8. */
function curveRhs(x: usize): void {
  fsqr(RHS, x);
  fmul(RHS, RHS, x);
  F.setInt(T, 7);
  F.add(RHS, RHS, T);
}

/**
 * Sets y (40 bytes) to the root of x³ + 7 with parity `odd`, normalized, and
 * returns 1, or returns 0 when x³ + 7 is not a square (no point has this x).
 * One square root (253S + 13M) + 1M + 1S.
 * Preconditions: magnitude(x) ≤ 8; y must not alias x.
 */
export function decompressY(y: usize, x: usize, odd: u32): u32 {
  curveRhs(x);
  if (!F.sqrt(y, RHS, INV_SCRATCH)) return 0;
  if (F.isOdd(y) != odd) {
    F.negate(y, y, 1);
    F.normalize(y);
  }
  return 1;
}

/**
 * Decodes the key of `len` bytes at IN_BYTES whose length and prefix the
 * caller has checked (33 bytes: 0x02/0x03 ‖ x; 65 bytes: 0x04/0x06/0x07 ‖
 * x ‖ y) into OUT = (x, y, 1) and returns PARSE_OK, or returns the first
 * failed check in decred's order: x ≥ p, y ≥ p, hybrid parity, curve.
 */
export function parsePubKey(len: i32): i32 {
  const x = OUT, y = OUT + 40;
  const format = load<u8>(IN_BYTES);
  if (F.setBytes(x, IN_BYTES + 1)) return PARSE_X_TOO_BIG;
  if (len == 65) {
    if (F.setBytes(y, IN_BYTES + 33)) return PARSE_Y_TOO_BIG;
    if (format != 0x04 && F.isOdd(y) != <u32>(format == 0x07)) return PARSE_PARITY;
    curveRhs(x);
    F.normalize(RHS);
    fsqr(T, y);
    F.normalize(T);
    if (!F.equals(T, RHS)) return PARSE_NOT_ON_CURVE;
  } else {
    if (!decompressY(y, x, <u32>(format == 0x03))) return PARSE_NOT_ON_CURVE;
  }
  F.setInt(OUT + 80, 1);
  return PARSE_OK;
}

/** decompressY for the element at IN_P, root into OUT + 40 (see {@link decompressY}). */
export function decompressAt(odd: u32): u32 {
  return decompressY(OUT + 40, IN_P, odd);
}
