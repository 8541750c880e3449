/**
 * The generic Edwards backend seam (issue 23): the operations of the
 * generic Edwards curves (Jubjub, Bandersnatch, BabyJubjub) that a
 * WebAssembly engine would serve, behind one interface, as for secp256k1
 * and ed25519 (docs/architecture.md, "Two engines").
 *
 * - The TypeScript implementation: the `ts*` functions beside the public
 *   functions they serve (scalarmult.ts, msm.ts), gathered as one object in
 *   backend-ts.ts.
 * - The WebAssembly implementation: `wasmEdwardsBackend(kernels)` in
 *   src/edwards/wasm.ts (the kernels are wasm/edwards/), built in
 *   src/engine/index.ts's withBackends into WasmEngine.edwards;
 *   `edwardsBackend()` (src/engine/state.ts) returns it while the
 *   WebAssembly engine is selected, null on the TypeScript engine.
 *
 * A public function checks its arguments (point classes and curves, the
 * scalar contract of scalar.ts, MSM shapes and options), then calls
 * `be.op(...)` on the selected object, or `tsOp(...)` directly when it is
 * null or does not serve the curve (`serves`: a curve over a field the
 * WebAssembly kernels do not take stays on TypeScript); a default object
 * would put every operation into every bundle (see src/ed25519/backend.ts). Arguments are the checked inputs: scalars as 32
 * little-endian bytes (any integer below 2^256, not reduced mod r), points
 * as the structural types below (this file imports no curve module, so
 * nothing cycles); the curve is the points' `curve`. Results go to `out`,
 * which may alias the input point.
 */
import type { PrimeFieldElement } from '@strata/field';

/**
 * The curve a point lies on, as a backend sees it (structural: EdwardsCurve);
 * a backend keys its per-curve state by its identity and reads the curve's
 * parameters from it.
 */
export interface CurveLike {
  readonly name: string;
  /** The base field: its modulus and its limb count (PrimeField). */
  readonly F: { readonly p: bigint; readonly limbs: number };
  /** a, d mod q; the subgroup order r. */
  readonly a: bigint;
  readonly d: bigint;
  readonly order: bigint;
  /** Whether the addition law is complete; whether a = −1. */
  readonly complete: boolean;
  readonly aIsMinusOne: boolean;
  /** The subgroup generator (affine). */
  readonly generator: Readonly<{ x: bigint; y: bigint }>;
  /** The GLV endomorphism's constants and short lattice basis, or undefined. */
  readonly glv: { readonly endo0: bigint; readonly endo1: bigint; readonly basis: { readonly a1: bigint; readonly b1: bigint; readonly a2: bigint; readonly b2: bigint; readonly det: bigint } } | undefined;
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
  /**
   * Whether this backend serves the curve (the WebAssembly one takes the
   * fields its kernels take: BLS12-381 Fr, BN254 Fr and any 11-limb field
   * whose modulus passes the kernels' check); when false the public
   * function runs the TypeScript implementation.
   */
  serves(curve: CurveLike): boolean;
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
