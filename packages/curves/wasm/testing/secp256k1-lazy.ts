/**
 * A test-only entry (never part of engine.wasm): it exposes the lazy
 * accumulator formulas of secp256k1/point.ts (dblLazy, maddLazy) and the
 * constant-time addition of consttime.ts (lazyAddAffineConst) so that
 * test/engine/secp256k1-lazy.test.ts can start the accumulator from
 * coordinates with maximal-magnitude limbs — representations the public API
 * never hands in (every served call starts from ∞ or normalized points) but
 * which the loops' invariant X ≤ 6, Y ≤ 6, Z ≤ 8 allows between steps — and
 * run long chains of them. The test compiles it with the engine's memory
 * options, so every address of secp256k1/layout.ts is the engine's.
 *
 * The test writes the accumulator (X, Y, Z, ∞ flag) at `ACC_AT` and the
 * affine operand at `OPERAND_AT` (x, y), and reads the normalized result at
 * `OUT_AT`.
 */
import { ACC, accStore, dblLazy, maddLazy } from '../secp256k1/point';
import { lazyAddAffineConst } from '../secp256k1/point-formulas.generated';
import { IN_P, OUT } from '../secp256k1/layout';

const ONE: usize = memory.data<u32>([1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

export const ACC_AT: usize = ACC;
export const OPERAND_AT: usize = IN_P;
export const OUT_AT: usize = OUT;

/** Sets acc = 2^n·acc by n lazy doublings. */
export function dblLazyN(n: i32): void {
  for (let i = 0; i < n; i++) dblLazy(ACC);
}

/** Sets acc = acc + (x, y), the affine operand at OPERAND_AT (coordinates of magnitude ≤ 6). */
export function maddLazyOperand(): void {
  maddLazy(ACC, OPERAND_AT, OPERAND_AT + 40);
}

/**
 * Sets acc = acc + (x, y) by the constant-time unified addition of
 * consttime.ts (x ≤ 1, y ≤ 2; ∞ is Z = 0 there, the flag is not read).
 */
export function maddConstOperand(): void {
  lazyAddAffineConst(ACC, OPERAND_AT, OPERAND_AT + 40, ONE);
}

/** Writes acc, normalized, to OUT_AT (the identity as (0, 0, 0)). */
export function storeAcc(): void {
  accStore(OUT, ACC);
}
