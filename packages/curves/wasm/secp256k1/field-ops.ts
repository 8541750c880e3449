/**
 * The secp256k1 field operations the WebAssembly point code calls out of
 * line (one copy of each product kernel: a smaller module and hot loops that
 * fit the instruction cache), and the field scratch slots of the region.
 */
import * as F from '@strata/field/wasm/secp256k1';
import { SCR } from './layout';

/** The address of field scratch slot i (40 bytes each). */
// @ts-ignore: decorator
@inline
export function slot(i: usize): usize {
  return SCR + 40 * i;
}

/** Sets dst = a·b (magnitude 1; inputs ≤ 8); the one non-inlined copy of the product kernel. */
export function fmul(dst: usize, a: usize, b: usize): void {
  F.mul(dst, a, b);
}

/** Sets dst = a² (magnitude 1; input ≤ 8). */
export function fsqr(dst: usize, a: usize): void {
  F.square(dst, a);
}

/** Sets dst = a·b with magnitude ≤ 2 (the lazy product: no second carry chain); inputs ≤ 8. */
export function fmulL(dst: usize, a: usize, b: usize): void {
  F.mulLazy(dst, a, b);
}

/** Sets dst = a² with magnitude ≤ 2; input ≤ 8. */
export function fsqrL(dst: usize, a: usize): void {
  F.squareLazy(dst, a);
}

/** Sets d = b when k = 1 and d = a when k = 0 (ten limbs), with masks: no branch. d may alias a or b. */
// @ts-ignore: decorator
@inline
export function fcmov(d: usize, a: usize, b: usize, k: u32): void {
  const m: u32 = 0 - k;
  for (let i: usize = 0; i < 40; i += 4) store<u32>(d + i, (load<u32>(a + i) & ~m) | (load<u32>(b + i) & m));
}
