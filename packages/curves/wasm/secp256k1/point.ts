/**
 * secp256k1 points of the WebAssembly engine: the group law over the
 * formulas of point-formulas.generated.ts, written (as the TypeScript
 * engine's) from the one description in packages/curves/gen/formulas/
 * secp256k1.mjs, so that a served operation leaves the same normalized
 * coordinates (bit for bit) as the TypeScript engine; this file handles the
 * identity and the exceptional cases. A point is X, Y, Z at p, p + 40, p + 80
 * (normalized Jacobian, (X/Z², Y/Z³); identity (0, 0, 0)); an affine operand
 * is two normalized elements. Magnitude notes follow FieldVal (packages/field
 * wasm/secp256k1.ts).
 *
 * Everything here is variable time (it branches on the values): public data
 * only. [EFD] https://hyperelliptic.org/EFD/g1p/auto-shortw-jacobian-0.html
 */
import * as F from '@strata/field/wasm/secp256k1';
import { LAZY_ACC } from './layout';
import { slot } from './field-ops';
import {
  jacobianAddEqualZ,
  jacobianAddGeneric,
  jacobianAddZ1Z2One,
  jacobianAddZ2One,
  jacobianDouble,
  lazyAddAffine,
  lazyDouble,
} from './point-formulas.generated';

export { fmul, fmulL, fsqr, fsqrL, slot } from './field-ops';

// Scratch slots of the formulas (0 – 9, point-formulas.generated.ts), the lazy
// accumulator (10 – 12) and the per-call constants (13 – 20); slots 21 – 26 are
// the inversion scratch.
/** The loops' lazy accumulator: X, Y, Z and the ∞ flag (u32 at +120), 124 bytes (layout.ts). */
export const ACC: usize = LAZY_ACC;
export const INV_SCRATCH: usize = slot(21);

/** β (a cube root of unity mod p) as limbs: φ(x, y) = (β·x, y) = λ·(x, y). */
export const BETA: usize = memory.data<u32>([0x19501ee, 0x25b0a1c, 0x995c13, 0x1d44bd6, 0x19cf049, 0x30d0d3a, 0x24479ea, 0x1c41b9, 0x22b657c, 0x1eba5a]);
/** G's affine x [SEC2 §2.4.1]. */
export const GX: usize = memory.data<u32>([0x2f81798, 0xa056c5, 0x28d959f, 0x36cb738, 0x3029bfc, 0x3a1c2c1, 0x206295c, 0x2eeb156, 0x27ef9dc, 0x1e6f99]);
/** G's affine y [SEC2 §2.4.1]. */
export const GY: usize = memory.data<u32>([0x310d4b8, 0x1f423fe, 0x14199c4, 0x1229a15, 0xfd17b4, 0x384422a, 0x24fbfc0, 0x3119576, 0x27726a3, 0x120eb6]);

/** Sets p = O, the identity (0, 0, 0). */
export function setIdentity(p: usize): void {
  memory.fill(p, 0, 120);
}

/** Sets r = p (120-byte copy). */
// @ts-ignore: decorator
@inline
export function setPoint(r: usize, p: usize): void {
  memory.copy(r, p, 120);
}

/**
 * Sets r = 2·p for a normalized Jacobian p (the identity, and Y = 0, which
 * secp256k1 has only there, give the identity). [EFD] dbl-2009-l: 2M + 5S
 * (1M + 5S when Z1 = 1). Output normalized; r may alias p.
 */
export function double(r: usize, p: usize): void {
  if (F.isZero(p + 80) | F.isZero(p + 40)) setIdentity(r);
  else jacobianDouble(r, p);
}

/**
 * Finishes an addition the formula refused (status 1: equal operands, double
 * p; 2: opposite operands, the identity).
 */
// @ts-ignore: decorator
@inline
function exceptional(status: i32, r: usize, p: usize): void {
  if (status == 1) double(r, p);
  else if (status == 2) setIdentity(r);
}

/**
 * Sets r = p + (x2, y2) for a normalized p with Z1 = 1 and a normalized
 * affine (x2, y2). [EFD] mmadd-2007-bl: 4M + 2S; equal x falls through to
 * doubling or the identity. r may alias p.
 */
function addZ1Z2One(r: usize, p: usize, x2: usize, y2: usize): void {
  exceptional(jacobianAddZ1Z2One(r, p, x2, y2), r, p);
}

/**
 * Sets r = p + (x2, y2) for a normalized p (any Z ≠ 0) and a normalized
 * affine (x2, y2). [EFD] madd-2007-bl: 7M + 4S; equal x falls through to
 * doubling or the identity. r may alias p.
 */
function addZ2One(r: usize, p: usize, x2: usize, y2: usize): void {
  exceptional(jacobianAddZ2One(r, p, x2, y2), r, p);
}

/**
 * Sets r = p + (x2, y2) for a normalized p and a normalized affine (x2, y2):
 * a copy when p = O, mmadd-2007-bl when Z1 = 1, madd-2007-bl otherwise
 * (TypeScript: JacobianPoint.addAffineNonConst). r may alias p; x2, y2
 * must not lie in r.
 */
export function addAffine(r: usize, p: usize, x2: usize, y2: usize): void {
  if (F.isZero(p + 80)) {
    F.copy(r, x2);
    F.copy(r + 40, y2);
    F.setInt(r + 80, 1);
    return;
  }
  if (F.isOne(p + 80)) addZ1Z2One(r, p, x2, y2);
  else addZ2One(r, p, x2, y2);
}

/**
 * Sets r = p1 + p2 for normalized p1, p2 sharing the same Z (co-Z addition).
 * [EFD] zadd-2007-m (Meloni): 5M + 2S. r may alias p1 or p2.
 */
function addEqualZ(r: usize, p1: usize, p2: usize): void {
  exceptional(jacobianAddEqualZ(r, p1, p2), r, p1);
}

/**
 * Sets r = p1 + p2 for normalized p1, p2 with arbitrary non-zero Z.
 * [EFD] add-2007-bl: 11M + 5S. r may alias p1 or p2.
 */
function addGeneric(r: usize, p1: usize, p2: usize): void {
  exceptional(jacobianAddGeneric(r, p1, p2), r, p1);
}

/**
 * Sets r = p1 + p2 for normalized points (TypeScript:
 * JacobianPoint.addNonConst), dispatching on Z: an identity operand is
 * copied; both Z = 1: mmadd-2007-bl; Z1 = Z2: zadd-2007-m; one Z = 1:
 * madd-2007-bl; otherwise add-2007-bl. Any aliasing of r, p1, p2 is allowed.
 */
export function add(r: usize, p1: usize, p2: usize): void {
  if (F.isZero(p1 + 80)) {
    setPoint(r, p2);
    return;
  }
  if (F.isZero(p2 + 80)) {
    setPoint(r, p1);
    return;
  }
  const z1One = F.isOne(p1 + 80), z2One = F.isOne(p2 + 80);
  if (z1One & z2One) addZ1Z2One(r, p1, p2, p2 + 40);
  else if (F.equals(p1 + 80, p2 + 80)) addEqualZ(r, p1, p2);
  else if (z2One) addZ2One(r, p1, p2, p2 + 40);
  else if (z1One) addZ2One(r, p2, p1, p1 + 40);
  else addGeneric(r, p1, p2);
}

// ---------------------------------------------------------------------------
// Lazily reduced accumulators of the scalar-multiplication loops and MSM
// buckets (TypeScript: point.ts LazyAcc): X, Y, Z at a, a + 40, a + 80, not
// normalized between steps, ∞ tracked by the u32 flag at a + 120 (124 bytes).
// Magnitude invariant between steps: X ≤ 6, Y ≤ 6, Z ≤ 8.
//
// Why it holds (each line of lazyDouble and lazyAddAffine in
// point-formulas.generated.ts gives the magnitude it produces): every
// product input is ≤ 8, the largest being H and r (8, product inputs of
// fsqrL, fmul, fmulL) and V − X3 (8) in maddLazy and X3 + T (7) in
// dblLazy (the generator checks each bound); every negate(m) gets an input of magnitude ≤ m. The lazy
// products (fmulL, fsqrL) are counted as magnitude 2 although their limbs
// are < 2^26 except limb 2 < 2^26 + 2^19.1 (field kernel header), so the
// counts are conservative. One step:
//   dblLazy   X 6, Y 6, Z 8                    →  X 5, Y 5, Z 2
//   maddLazy  X 6, Y 6, Z 8; x2 ≤ 6, y2 ≤ 6    →  X 6, Y 5, Z 2 (∞ + Q: x2, y2, 1)
// The loops pass x2 of magnitude 1 and y2 ≤ 2 (table entries, −y by
// negate(·, 1)), and start from ∞. test/engine/secp256k1-lazy.test.ts starts
// the accumulator from limbs at these maxima and checks the invariant after
// every step of long chains.

/** Sets the accumulator a to ∞. */
export function accReset(a: usize): void {
  store<u32>(a + 120, 1);
}

/** Returns 1 when the accumulator a is ∞. */
// @ts-ignore: decorator
@inline
export function accInf(a: usize): u32 {
  return load<u32>(a + 120);
}

/** Writes the accumulator a, normalized, to the point r (the identity as (0, 0, 0)). */
export function accStore(r: usize, a: usize): void {
  if (load<u32>(a + 120) != 0) {
    setIdentity(r);
    return;
  }
  setPoint(r, a);
  F.normalize(r);
  F.normalize(r + 40);
  F.normalize(r + 80);
}

/**
 * Sets a = 2·a with Z3 = Y1·Z1 (half the usual 2·Y1·Z1): 3M + 4S and one
 * halving (point-formulas.generated.ts lazyDouble); ∞ stays ∞.
 *
 * Preconditions: X ≤ 6, Y ≤ 6, Z ≤ 8. / Output normalized: no. / Output max magnitude: X 5, Y 5, Z 2.
 */
export function dblLazy(a: usize): void {
  if (load<u32>(a + 120) == 0) lazyDouble(a);
}

/**
 * Sets a = a + (x2, y2) for an affine point on the loop's curve with
 * coordinates of magnitude ≤ 6. [EFD] madd-2004-hmv: 8M + 3S and one
 * normalization (point-formulas.generated.ts lazyAddAffine); ∞ + Q copies Q,
 * and a = ±(x2, y2) doubles or gives ∞.
 *
 * Preconditions: X ≤ 6, Y ≤ 6, Z ≤ 8; x2, y2 ≤ 6. / Output normalized: no. / Output max magnitude: X 6, Y 5, Z 2 (or x2's, y2's and 1 after a copy).
 */
export function maddLazy(a: usize, x2: usize, y2: usize): void {
  if (load<u32>(a + 120) != 0) {
    F.copy(a, x2);
    F.copy(a + 40, y2);
    F.setInt(a + 80, 1);
    store<u32>(a + 120, 0);
    return;
  }
  const status = lazyAddAffine(a, x2, y2);
  if (status == 1) dblLazy(a);
  else if (status == 2) store<u32>(a + 120, 1);
}
