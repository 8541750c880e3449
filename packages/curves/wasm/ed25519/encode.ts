/**
 * Point encoding inside the engine: y = Y/Z canonical, little-endian,
 * with the parity of x = X/Z in bit 255. One inversion per point, or one
 * per batch of staged points (Montgomery's simultaneous inversion). No
 * branch or memory index depends on the coordinates (a signature's R is
 * encoded here before it is public); only the batch's "some Z is 0" exit
 * depends on the points, which are then invalid.
 *
 * References: [RFC8032] §5.1.2 (encoding); [MONT87] P. L. Montgomery,
 * "Speeding the Pollard and elliptic curve methods of factorization",
 * §10.3.1 (simultaneous inversion).
 */
import * as fe from '@strata/field/wasm/fe25519';
import { FE, FE_CHAIN, FE_SQRT, IO_BYTES, IO_IN, KEY_TABLE2, MSM_POINTS, MSM_STAGE, MSM_WORK, PT, PT_TMP, workUsed } from './layout';
import { fromF64Point, tRead } from './point';

/** Writes the encoding of the extended p, given 1/Z in zi, to the 32 bytes at dst. */
function encodeWith(dst: usize, p: usize, zi: usize): void {
  const x = FE_SQRT + 160;
  const y = FE_SQRT + 200;
  fe.mulOut(x, p, zi);
  fe.mulOut(y, p + 40, zi);
  fe.toBytes(dst, y, tRead);
  const sign = <u8>fe.isNegative(x, tRead);
  store<u8>(dst + 31, load<u8>(dst + 31) | (sign << 7));
}

/**
 * Writes the encoding of the extended point p (engine limbs, Z ≠ 0) to the
 * 32 bytes at dst: one inversion (a fixed exponentiation chain), no branch
 * or index on the coordinates. p must not overlap FE_SQRT or FE_CHAIN.
 */
export function encodePoint(dst: usize, p: usize): void {
  const zi = FE_SQRT + 240;
  fe.invert(zi, p + 80, FE_CHAIN);
  encodeWith(dst, p, zi);
}

/** Writes the encoding of the point at IO_IN (TypeScript limbs) to IO_BYTES. */
export function encodeOne(): void {
  const p = PT_TMP + 7 * PT;
  fromF64Point(p, IO_IN);
  encodePoint(IO_BYTES, p);
}

/**
 * Writes the encodings of the n staged points (MSM_STAGE, TypeScript limbs)
 * back to back at MSM_POINTS and returns 1; returns 0 (nothing written)
 * when the product of the Zs is 0, i.e. some point has Z ≡ 0 (not a valid
 * point: the bridge leaves such a batch to the TypeScript engine, whose
 * output for it is then the reference).
 */
export function encodeBatch(n: i32): i32 {
  const pts = MSM_WORK;
  const pre = MSM_WORK + <usize>n * PT;
  // A small batch (a ring member's L, R) stays below KEY_TABLE2 and leaves
  // the table there intact (a key image's, used by every member); a larger
  // one overwrites it.
  if (pre + <usize>n * FE > KEY_TABLE2) workUsed();
  const inv = FE_SQRT + 240;
  for (let i = 0; i < n; i++) fromF64Point(pts + <usize>i * PT, MSM_STAGE + <usize>i * 480);
  fe.copy(pre, pts + 80);
  for (let i = 1; i < n; i++) fe.mulOut(pre + <usize>i * FE, pre + <usize>(i - 1) * FE, pts + <usize>i * PT + 80);
  if (fe.isZero(pre + <usize>(n - 1) * FE, tRead)) return 0;
  fe.invert(inv, pre + <usize>(n - 1) * FE, FE_CHAIN);
  for (let i = n - 1; i > 0; i--) {
    fe.mulOut(pre + <usize>i * FE, inv, pre + <usize>(i - 1) * FE); // 1/Z_i
    fe.mulOut(inv, inv, pts + <usize>i * PT + 80);
  }
  fe.copy(pre, inv);
  for (let i = 0; i < n; i++) encodeWith(MSM_POINTS + <usize>i * 32, pts + <usize>i * PT, pre + <usize>i * FE);
  return 1;
}
