/**
 * The generic Edwards backend seam (issue 23): the operations of the
 * generic Edwards curves (Jubjub, Bandersnatch, BabyJubjub) that a
 * WebAssembly engine would serve, behind one interface, as for secp256k1
 * and ed25519 (docs/architecture.md, "Two engines").
 *
 * - The TypeScript implementation: the `ts*` functions beside the public
 *   functions they serve (scalarmult.ts, msm.ts), gathered as one object in
 *   backend-ts.ts.
 * - The WebAssembly implementation: none yet. `edwardsBackend()`
 *   (src/engine/state.ts) returns null on both engines, so the public
 *   functions call the TypeScript functions. Issue 24's WebAssembly path
 *   plugs in here: a `wasmEdwardsBackend(kernels)` bridge in
 *   src/edwards/wasm.ts implementing this interface, built in
 *   src/engine/index.ts's withBackends into WasmEngine.edwards; no public
 *   function changes.
 *
 * A public function checks its arguments (point classes and curves, the
 * scalar contract of scalar.ts, MSM shapes and options), then calls
 * `be.op(...)` on the selected object, or `tsOp(...)` directly when it is
 * null (a default object would put every operation into every bundle; see
 * src/ed25519/backend.ts). Arguments are the checked inputs: scalars as 32
 * little-endian bytes (any integer below 2^256, not reduced mod r), points
 * as the structural types below (this file imports no curve module, so
 * nothing cycles); the curve is the points' `curve`. Results go to `out`,
 * which may alias the input point.
 */
import type { PrimeFieldElement } from '@strata/field';

/** The curve a point lies on, as a backend sees it (structural: EdwardsCurve); a backend keys its per-curve state by its identity. */
export interface CurveLike {
  readonly name: string;
}

/** The coordinates of an extended point (X : Y : Z : T) and its curve (structural: PointExtended). */
export interface ExtendedCoords {
  readonly curve: CurveLike;
  readonly X: PrimeFieldElement;
  readonly Y: PrimeFieldElement;
  readonly Z: PrimeFieldElement;
  readonly T: PrimeFieldElement;
}

/** The coordinates of an affine point (x, y) and its curve (structural: PointAffine). */
export interface AffineCoords {
  readonly curve: CurveLike;
  readonly x: PrimeFieldElement;
  readonly y: PrimeFieldElement;
}

/**
 * One generic Edwards engine: every operation the public functions of
 * src/edwards/ dispatch, after their checks.
 */
export interface EdwardsBackend {
  /** out = k·P for a SECRET k (fixed operation sequence). */
  scalarMult(kb: Uint8Array, P: ExtendedCoords, out: ExtendedCoords): void;
  /** out = k·P (variable time). */
  scalarMultNonConst(kb: Uint8Array, P: ExtendedCoords, out: ExtendedCoords): void;
  /** out = (k mod r)·P for P in the prime-order subgroup of a curve with an endomorphism (variable time, GLV). */
  scalarMultGlvNonConst(kb: Uint8Array, P: ExtendedCoords, out: ExtendedCoords): void;
  /** out = k·G for out's curve's generator G and a SECRET k (fixed operation sequence). */
  scalarBaseMult(kb: Uint8Array, out: ExtendedCoords): void;
  /** out = k·G for out's curve's generator G (variable time). */
  scalarBaseMultNonConst(kb: Uint8Array, out: ExtendedCoords): void;
  /**
   * out = Σ k_i·P_i over the points (all on out's curve), scalars 32 bytes
   * each in `bytes`: Straus when `straus`, else Pippenger with window
   * `window` (0: the backend's choice). Variable time.
   */
  msmNonConst(points: readonly (ExtendedCoords | AffineCoords)[], bytes: Uint8Array, straus: boolean, window: number, out: ExtendedCoords): void;
}
