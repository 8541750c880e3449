/**
 * Generic Edwards kernels of the WebAssembly engine (Jubjub, Bandersnatch,
 * BabyJubjub, and any curve of `EdwardsCurve.create` over a field the
 * kernels take): whole operations on EDWARDS_REGION (0x290000 – 0x38FFFF;
 * the map is in layout.ts). The TypeScript bridge (src/edwards/wasm.ts)
 * writes the curve's constants when it switches curves (edwardsUseCurve),
 * copies the inputs in, makes one call, and copies the result out. Every
 * export is prefixed `edwards`; every operation returns 0, or 1 when an
 * addition on the way had its sum at infinity (an incomplete curve and a
 * point outside the exception-free subgroup: the bridge throws
 * ERR_POINT_AT_INFINITY, as the TypeScript engine does).
 */
import * as L from './layout';
import { feIn, feOut, useCurve } from './curve';
import { ERROR, clearError } from './point';
import { baseMulCt, baseMulNonConst, buildBase, mulCt, mulGlvNonConst, mulNonConst, tmp } from './scalarmult';
import { msmChunk, msmLoad } from './msm';
import { AMSM, AMSM_CONSTS, AMSM_MAX, AMSM_MAX_WINDOW, AMSM_SCALARS, AMSM_SIZE, AMSM_TOTAL, amsmLoad, amsmRun } from './msm-affine';
import { add, copyPoint } from './point';

export const EDWARDS_ABI: i32 = 2;

// The layout, for the bridge (offsets in bytes).
export const EDWARDS_CURVE: u32 = <u32>L.CURVE;
export const EDWARDS_IO_SCALAR: u32 = <u32>L.IO_SCALAR;
export const EDWARDS_IO_SCALAR2: u32 = <u32>L.IO_SCALAR2;
export const EDWARDS_IO_IN: u32 = <u32>L.IO_IN;
export const EDWARDS_IO_OUT: u32 = <u32>L.IO_OUT;
export const EDWARDS_STAGE: u32 = <u32>L.MSM_STAGE;
export const EDWARDS_STAGE_POINTS: i32 = L.MSM_STAGE_POINTS;
export const EDWARDS_MSM_SCALARS: u32 = <u32>L.MSM_SCALARS;
export const EDWARDS_MSM_AFFINE: u32 = <u32>L.MSM_AFFINE;
export const EDWARDS_MSM_MAX: i32 = L.MSM_MAX;
export const EDWARDS_MSM_MAX_WINDOW: i32 = L.MSM_MAX_WINDOW;
export const EDWARDS_BASE_SLOTS: i32 = L.BASE_SLOTS;
export const EDWARDS_MSM_REGION: u32 = <u32>AMSM;
export const EDWARDS_MSM_REGION_END: u32 = <u32>(AMSM + AMSM_SIZE);
export const EDWARDS_AMSM_CONSTS: u32 = <u32>AMSM_CONSTS;
export const EDWARDS_AMSM_SCALARS: u32 = <u32>AMSM_SCALARS;
export const EDWARDS_AMSM_MAX: i32 = AMSM_MAX;
export const EDWARDS_AMSM_MAX_WINDOW: i32 = AMSM_MAX_WINDOW;

/** Loads the curve the bridge wrote at EDWARDS_CURVE; 0, or 1 when the kernels cannot take its field. */
export function edwardsUseCurve(): i32 {
  return useCurve();
}

/** Reads the point at IO_IN (TypeScript limbs) into p. */
function pointIn(p: usize, src: usize): void {
  for (let c: usize = 0; c < 4; c++) feIn(p + L.FE * c, src + L.TS_FE * c);
}

/** Writes p to IO_OUT (TypeScript limbs) and returns the error flag. */
function pointOut(p: usize): i32 {
  const t = tmp(14);
  for (let c: usize = 0; c < 4; c++) feOut(L.IO_OUT + L.TS_FE * c, p + L.FE * c, t);
  return ERROR;
}

/** Wipes the secret scalar and its digits. */
function wipe(): void {
  memory.fill(L.IO_SCALAR, 0, 32);
  memory.fill(L.DIGITS_A, 0, 65);
}

/** Constant time: IO_OUT = k·P, k at IO_SCALAR (wiped), P at IO_IN. */
export function edwardsScalarMult(): i32 {
  clearError();
  const R = tmp(13);
  pointIn(tmp(12), L.IO_IN);
  mulCt(R, tmp(12), L.IO_SCALAR, L.DIGITS_A);
  wipe();
  return pointOut(R);
}

/** Variable time: IO_OUT = k·P (width-5 wNAF), k at IO_SCALAR, P at IO_IN. */
export function edwardsScalarMultNonConst(): i32 {
  clearError();
  const R = tmp(13);
  pointIn(tmp(12), L.IO_IN);
  mulNonConst(R, tmp(12), L.IO_SCALAR, L.DIGITS_A);
  return pointOut(R);
}

/**
 * Variable time: IO_OUT = k1·P + k2·ψ(P) for |k1| at IO_SCALAR, |k2| at
 * IO_SCALAR2, their signs s1, s2 (1: negative), P at IO_IN.
 */
export function edwardsScalarMultGlv(s1: i32, s2: i32): i32 {
  clearError();
  const R = tmp(13);
  pointIn(tmp(12), L.IO_IN);
  mulGlvNonConst(R, tmp(12), L.IO_SCALAR, s1, L.IO_SCALAR2, s2, L.DIGITS_A, L.DIGITS_B);
  return pointOut(R);
}

/** Constant time: IO_OUT = k·G over the base table in slot, k at IO_SCALAR (wiped). */
export function edwardsScalarBaseMult(slot: i32): i32 {
  clearError();
  const R = tmp(13);
  baseMulCt(R, L.BASE + <usize>slot * L.BASE_SLOT, L.IO_SCALAR, L.DIGITS_A);
  wipe();
  return pointOut(R);
}

/** Variable time: IO_OUT = k·G over the base table in slot, k at IO_SCALAR. */
export function edwardsScalarBaseMultNonConst(slot: i32): i32 {
  clearError();
  const R = tmp(13);
  baseMulNonConst(R, L.BASE + <usize>slot * L.BASE_SLOT, L.IO_SCALAR, L.DIGITS_A);
  return pointOut(R);
}

/** Builds the base table of the curve in use into slot (65 × 8 affine d·16^j·G; once per curve and slot). */
export function edwardsBuildBase(slot: i32): void {
  buildBase(L.BASE + <usize>slot * L.BASE_SLOT, L.MSM_WORK);
}

/** Converts n staged points (EDWARDS_MSM_AFFINE flags per slot) into the MSM slots start …. */
export function edwardsMsmLoad(start: i32, n: i32): void {
  msmLoad(start, n);
}

/**
 * Runs a chunk of n loaded pairs (scalars at EDWARDS_MSM_SCALARS): algo 0
 * Straus, 1 Pippenger with window c; accumulate 1 adds to the running total
 * (and keeps the error flag of the earlier chunks). Returns the error flag.
 */
export function edwardsMsmChunk(n: i32, algo: i32, c: i32, accumulate: i32): i32 {
  if (accumulate == 0) clearError();
  msmChunk(n, algo, c, accumulate);
  return ERROR;
}

/**
 * Converts n staged points (EDWARDS_MSM_AFFINE flags per staged point, not
 * per slot) to the batch-affine MSM's slots start … start + n − 1. Complete
 * curves only (A and B at EDWARDS_AMSM_CONSTS).
 */
export function edwardsAmsmLoad(start: i32, n: i32): void {
  amsmLoad(start, n);
}

/**
 * Runs a chunk of n loaded pairs (scalars at EDWARDS_AMSM_SCALARS, below
 * 2^maxBits) by the batch-affine Pippenger with window c (msm-affine.ts);
 * accumulate 1 adds to the running total, 0 replaces it. Returns 0 (the
 * curve is complete: no sum is at infinity).
 */
export function edwardsAmsmChunk(n: i32, c: i32, maxBits: i32, accumulate: i32): i32 {
  clearError();
  amsmRun(AMSM_TOTAL, n, c, maxBits);
  if (accumulate == 0) copyPoint(L.MSM_ACC, AMSM_TOTAL); else add(L.MSM_ACC, L.MSM_ACC, AMSM_TOTAL);
  return ERROR;
}

/** Writes the MSM total to IO_OUT; returns the error flag. */
export function edwardsMsmResult(): i32 {
  return pointOut(L.MSM_ACC);
}
