/**
 * The generic Edwards kernels' exports (wasm/edwards/index.ts; memory map in
 * wasm/edwards/layout.ts). Offsets are byte offsets into the engine memory;
 * the bridge is src/edwards/wasm.ts. Every operation returns 0, or 1 when an
 * addition on the way had its sum at infinity (the bridge throws
 * ERR_POINT_AT_INFINITY).
 */
/** The Edwards ABI version this bridge speaks (wasm/edwards/index.ts EDWARDS_ABI); src/edwards/wasm.ts refuses another. */
export const EDWARDS_ABI = 2;

interface Global {
  readonly value: number;
}

export interface EdwardsExports {
  readonly EDWARDS_ABI: Global;
  /** The curve block the bridge writes (curve.ts: p, constants, flags, generator, p − 2). */
  readonly EDWARDS_CURVE: Global;
  /** 32-byte little-endian scalars. */
  readonly EDWARDS_IO_SCALAR: Global;
  readonly EDWARDS_IO_SCALAR2: Global;
  /** A point in / out: X, Y, Z, T as 4 × 11 doubles (the TypeScript PrimeField limbs). */
  readonly EDWARDS_IO_IN: Global;
  readonly EDWARDS_IO_OUT: Global;
  /** Staging doubles for MSM points (EDWARDS_STAGE_POINTS points of 44 doubles). */
  readonly EDWARDS_STAGE: Global;
  readonly EDWARDS_STAGE_POINTS: Global;
  /** MSM scalars (32 bytes each), the affine flags (a byte per slot), the most pairs per chunk, the largest window. */
  readonly EDWARDS_MSM_SCALARS: Global;
  readonly EDWARDS_MSM_AFFINE: Global;
  readonly EDWARDS_MSM_MAX: Global;
  readonly EDWARDS_MSM_MAX_WINDOW: Global;
  /** Base-table slots. */
  readonly EDWARDS_BASE_SLOTS: Global;
  /** The batch-affine MSM's region (wasm/edwards/msm-affine.ts), its Montgomery constants A, B and its scalars. */
  readonly EDWARDS_MSM_REGION: Global;
  readonly EDWARDS_MSM_REGION_END: Global;
  readonly EDWARDS_AMSM_CONSTS: Global;
  readonly EDWARDS_AMSM_SCALARS: Global;
  /** Pairs per batch-affine chunk; its largest window. */
  readonly EDWARDS_AMSM_MAX: Global;
  readonly EDWARDS_AMSM_MAX_WINDOW: Global;
  /** Loads the curve block; 0, or 1 when the kernels cannot take its field. */
  edwardsUseCurve(): number;
  /** Constant time: IO_OUT = k·P (k at IO_SCALAR, wiped). */
  edwardsScalarMult(): number;
  /** IO_OUT = k·P, width-5 wNAF. */
  edwardsScalarMultNonConst(): number;
  /** IO_OUT = k1·P + k2·ψ(P), |k1| at IO_SCALAR, |k2| at IO_SCALAR2, signs s1, s2 (1: negative). */
  edwardsScalarMultGlv(s1: number, s2: number): number;
  /** Constant time: IO_OUT = k·G over the base table in slot (k wiped). */
  edwardsScalarBaseMult(slot: number): number;
  /** IO_OUT = k·G over the base table in slot. */
  edwardsScalarBaseMultNonConst(slot: number): number;
  /** Builds the curve in use's base table into slot. */
  edwardsBuildBase(slot: number): void;
  /** Converts n staged points into the MSM slots start …. */
  edwardsMsmLoad(start: number, n: number): void;
  /** Runs a chunk of n pairs (algo 0 Straus, 1 Pippenger with window c); accumulate 1 adds to the total. */
  edwardsMsmChunk(n: number, algo: number, c: number, accumulate: number): number;
  /** Writes the MSM total to IO_OUT. */
  edwardsMsmResult(): number;
  /** Converts n staged points (flags per staged point) to the batch-affine slots start …. */
  edwardsAmsmLoad(start: number, n: number): void;
  /** Runs a batch-affine chunk of n pairs (window c, scalars below 2^maxBits); accumulate 1 adds to the total. */
  edwardsAmsmChunk(n: number, c: number, maxBits: number, accumulate: number): number;
}
