/**
 * secp256k1 point formulas of the WebAssembly engine: the same formulas, in
 * the same order, as the TypeScript engine's src/secp256k1/point.ts, so that
 * a served operation leaves the same normalized coordinates (bit for bit) as
 * the TypeScript engine. A point is X, Y, Z at p, p + 40, p + 80 (normalized
 * Jacobian, (X/Z², Y/Z³); identity (0, 0, 0)); an affine operand is two
 * normalized elements. Magnitude notes follow FieldVal (packages/field
 * wasm/secp256k1.ts): each line's comment gives the magnitude it produces.
 *
 * Everything here is variable time (it branches on the values): public data
 * only. [EFD] https://hyperelliptic.org/EFD/g1p/auto-shortw-jacobian-0.html
 */
import * as F from '@strata/field/wasm/secp256k1';
import { SCR, LAZY_ACC } from './layout';

/** The address of field scratch slot i (40 bytes each). */
// @ts-ignore: decorator
@inline
export function slot(i: usize): usize {
  return SCR + 40 * i;
}

// Scratch slots of the formulas (0 – 9), the lazy accumulator (10 – 12) and
// the per-call constants (13 – 20); slots 21 – 26 are the inversion scratch.
const T0 = slot(0), T1 = slot(1), T2 = slot(2), T3 = slot(3), T4 = slot(4);
const T5 = slot(5), T6 = slot(6), T7 = slot(7), T8 = slot(8), T9 = slot(9);
/** The loops' lazy accumulator: X, Y, Z and the ∞ flag (u32 at +120), 124 bytes (layout.ts). */
export const ACC: usize = LAZY_ACC;
export const INV_SCRATCH: usize = slot(21);

/** β (a cube root of unity mod p) as limbs: φ(x, y) = (β·x, y) = λ·(x, y). */
export const BETA: usize = memory.data<u32>([0x19501ee, 0x25b0a1c, 0x995c13, 0x1d44bd6, 0x19cf049, 0x30d0d3a, 0x24479ea, 0x1c41b9, 0x22b657c, 0x1eba5a]);
/** G's affine x [SEC2 §2.4.1]. */
export const GX: usize = memory.data<u32>([0x2f81798, 0xa056c5, 0x28d959f, 0x36cb738, 0x3029bfc, 0x3a1c2c1, 0x206295c, 0x2eeb156, 0x27ef9dc, 0x1e6f99]);
/** G's affine y [SEC2 §2.4.1]. */
export const GY: usize = memory.data<u32>([0x310d4b8, 0x1f423fe, 0x14199c4, 0x1229a15, 0xfd17b4, 0x384422a, 0x24fbfc0, 0x3119576, 0x27726a3, 0x120eb6]);

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
 * Sets r = 2·p for a normalized Jacobian p. [EFD] dbl-2009-l: 2M + 5S
 * (1M + 5S when Z1 = 1). Output normalized; r may alias p.
 */
export function double(r: usize, p: usize): void {
  const x1 = p, y1 = p + 40, z1 = p + 80;
  if (F.isZero(z1) | F.isZero(y1)) {
    setIdentity(r);
    return;
  }
  if (F.isOne(z1)) F.mulInt(T9, y1, 2); //            Z3 = 2·Y1                    (mag 2)
  else {
    fmul(T9, y1, z1);
    F.mulInt(T9, T9, 2); //                           Z3 = 2·Y1·Z1                 (mag 2)
  }
  fsqr(T0, x1); //                                    A = X1²                      (mag 1)
  fsqr(T1, y1); //                                    B = Y1²                      (mag 1)
  fsqr(T2, T1); //                                    C = B²                       (mag 1)
  F.add(T1, T1, x1);
  fsqr(T1, T1); //                                    (X1 + B)²                    (mag 1)
  F.add(T3, T0, T2);
  F.negate(T3, T3, 2);
  F.add(T3, T3, T1);
  F.mulInt(T3, T3, 2); //                             D = 2·((X1 + B)² − A − C)    (mag 8)
  F.mulInt(T4, T0, 3); //                             E = 3·A                      (mag 3)
  fsqr(T5, T4); //                                    F = E²                       (mag 1)
  F.mulInt(T6, T3, 2);
  F.negate(T6, T6, 16);
  F.add(T6, T6, T5); //                               X3 = F − 2·D                 (mag 18)
  F.negate(T7, T6, 18);
  F.add(T7, T7, T3);
  F.normalize(T7); //                                 D − X3                       (mag 27 → 1)
  fmul(T7, T7, T4); //                                E·(D − X3)                   (mag 1)
  F.mulInt(T8, T2, 8);
  F.negate(T8, T8, 8); //                             −8·C                         (mag 9)
  F.add(r + 40, T7, T8);
  F.normalize(r + 40); //                             Y3 = E·(D − X3) − 8·C        (mag 10 → 1)
  F.copy(r, T6);
  F.normalize(r);
  F.copy(r + 80, T9);
  F.normalize(r + 80);
}

/**
 * Sets r = p + (x2, y2) for a normalized p with Z1 = 1 and a normalized
 * affine (x2, y2). [EFD] mmadd-2007-bl: 4M + 2S; equal x falls through to
 * doubling or the identity. r may alias p.
 */
function addZ1Z2One(r: usize, p: usize, x2: usize, y2: usize): void {
  const x1 = p, y1 = p + 40;
  if (F.equals(x1, x2)) {
    if (F.equals(y1, y2)) double(r, p);
    else setIdentity(r);
    return;
  }
  F.negate(T0, x1, 1);
  F.add(T0, T0, x2); //                               H = X2 − X1                  (mag 3)
  fsqr(T1, T0);
  F.mulInt(T1, T1, 4); //                             I = 4·H²                     (mag 4)
  fmul(T2, T0, T1); //                                J = H·I                      (mag 1)
  F.negate(T3, y1, 1);
  F.add(T3, T3, y2);
  F.mulInt(T3, T3, 2); //                             r = 2·(Y2 − Y1)              (mag 6)
  fmul(T4, x1, T1); //                                V = X1·I                     (mag 1)
  F.mulInt(T5, T4, 2);
  F.add(T5, T5, T2);
  F.negate(T5, T5, 3); //                             −(J + 2·V)                   (mag 4)
  fsqr(T6, T3);
  F.add(T6, T6, T5); //                               X3 = r² − J − 2·V            (mag 5)
  F.negate(T7, T6, 5);
  F.add(T7, T7, T4);
  fmul(T7, T7, T3); //                                r·(V − X3)                   (mag 1)
  fmul(T8, y1, T2);
  F.mulInt(T8, T8, 2);
  F.negate(T8, T8, 2); //                             −2·Y1·J                      (mag 3)
  F.add(T7, T7, T8); //                               Y3 = r·(V − X3) − 2·Y1·J     (mag 4)
  F.mulInt(r + 80, T0, 2);
  F.normalize(r + 80); //                             Z3 = 2·H                     (mag 6 → 1)
  F.copy(r, T6);
  F.normalize(r);
  F.copy(r + 40, T7);
  F.normalize(r + 40);
}

/**
 * Sets r = p + (x2, y2) for a normalized p (any Z ≠ 0) and a normalized
 * affine (x2, y2). [EFD] madd-2007-bl: 7M + 4S; equal x falls through to
 * doubling or the identity. r may alias p.
 */
function addZ2One(r: usize, p: usize, x2: usize, y2: usize): void {
  const x1 = p, y1 = p + 40, z1 = p + 80;
  fsqr(T0, z1); //                                    Z1Z1 = Z1²                   (mag 1)
  fmul(T1, x2, T0);
  F.normalize(T1); //                                 U2 = X2·Z1Z1                 (normalized)
  fmul(T2, y2, T0);
  fmul(T2, T2, z1);
  F.normalize(T2); //                                 S2 = Y2·Z1·Z1Z1              (normalized)
  if (F.equals(x1, T1)) {
    if (F.equals(y1, T2)) double(r, p);
    else setIdentity(r);
    return;
  }
  F.negate(T3, x1, 1);
  F.add(T3, T3, T1); //                               H = U2 − X1                  (mag 3)
  fsqr(T4, T3); //                                    HH = H²                      (mag 1)
  F.mulInt(T5, T4, 4); //                             I = 4·HH                     (mag 4)
  fmul(T6, T3, T5); //                                J = H·I                      (mag 1)
  F.negate(T7, y1, 1);
  F.add(T7, T7, T2);
  F.mulInt(T7, T7, 2); //                             r = 2·(S2 − Y1)              (mag 6)
  fmul(T8, x1, T5); //                                V = X1·I                     (mag 1)
  F.mulInt(T9, T8, 2);
  F.add(T9, T9, T6);
  F.negate(T9, T9, 3); //                             −(J + 2·V)                   (mag 4)
  fsqr(T1, T7);
  F.add(T1, T1, T9); //                               X3 = r² − J − 2·V            (mag 5)
  fmul(T2, y1, T6);
  F.mulInt(T2, T2, 2);
  F.negate(T2, T2, 2); //                             −2·Y1·J                      (mag 3)
  F.negate(T9, T1, 5);
  F.add(T9, T9, T8);
  fmul(T9, T9, T7);
  F.add(T9, T9, T2); //                               Y3 = r·(V − X3) − 2·Y1·J     (mag 4)
  F.add(T5, z1, T3);
  fsqr(T5, T5); //                                    (Z1 + H)²                    (mag 1)
  F.add(T0, T0, T4);
  F.negate(T0, T0, 2); //                             −(Z1Z1 + HH)                 (mag 3)
  F.add(r + 80, T5, T0);
  F.normalize(r + 80); //                             Z3 = (Z1 + H)² − Z1Z1 − HH   (mag 4 → 1)
  F.copy(r, T1);
  F.normalize(r);
  F.copy(r + 40, T9);
  F.normalize(r + 40);
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
  const x1 = p1, y1 = p1 + 40, z1 = p1 + 80, x2 = p2, y2 = p2 + 40;
  if (F.equals(x1, x2)) {
    if (F.equals(y1, y2)) double(r, p1);
    else setIdentity(r);
    return;
  }
  F.negate(T0, x1, 1);
  F.add(T0, T0, x2); //                               A = X2 − X1                  (mag 3)
  fsqr(T1, T0); //                                    B = A²                       (mag 1)
  F.negate(T2, y1, 1);
  F.add(T2, T2, y2); //                               C = Y2 − Y1                  (mag 3)
  fsqr(T3, T2); //                                    D = C²                       (mag 1)
  fmul(T4, x1, T1); //                                E = X1·B                     (mag 1)
  fmul(T5, x2, T1); //                                F = X2·B                     (mag 1)
  F.add(T6, T4, T5);
  F.negate(T6, T6, 2);
  F.add(T6, T6, T3); //                               X3 = D − E − F               (mag 4)
  F.negate(T7, T6, 4);
  F.add(T7, T7, T4);
  fmul(T7, T7, T2); //                                C·(E − X3)                   (mag 1)
  F.negate(T8, T4, 1);
  F.add(T8, T8, T5);
  fmul(T8, T8, y1);
  F.negate(T8, T8, 1); //                             −Y1·(F − E)                  (mag 2)
  F.add(T7, T7, T8); //                               Y3 = C·(E − X3) − Y1·(F − E) (mag 3)
  fmul(r + 80, z1, T0);
  F.normalize(r + 80); //                             Z3 = Z1·A                    (normalized)
  F.copy(r, T6);
  F.normalize(r);
  F.copy(r + 40, T7);
  F.normalize(r + 40);
}

/**
 * Sets r = p1 + p2 for normalized p1, p2 with arbitrary non-zero Z.
 * [EFD] add-2007-bl: 11M + 5S. r may alias p1 or p2.
 */
function addGeneric(r: usize, p1: usize, p2: usize): void {
  const x1 = p1, y1 = p1 + 40, z1 = p1 + 80, x2 = p2, y2 = p2 + 40, z2 = p2 + 80;
  fsqr(T0, z1); //                                    Z1Z1 = Z1²                   (mag 1)
  fsqr(T1, z2); //                                    Z2Z2 = Z2²                   (mag 1)
  fmul(T2, x1, T1);
  F.normalize(T2); //                                 U1 = X1·Z2Z2                 (normalized)
  fmul(T3, x2, T0);
  F.normalize(T3); //                                 U2 = X2·Z1Z1                 (normalized)
  fmul(T4, y1, z2);
  fmul(T4, T4, T1);
  F.normalize(T4); //                                 S1 = Y1·Z2·Z2Z2              (normalized)
  fmul(T5, y2, z1);
  fmul(T5, T5, T0);
  F.normalize(T5); //                                 S2 = Y2·Z1·Z1Z1              (normalized)
  if (F.equals(T2, T3)) {
    if (F.equals(T4, T5)) double(r, p1);
    else setIdentity(r);
    return;
  }
  F.negate(T6, T2, 1);
  F.add(T3, T3, T6); //                               H = U2 − U1                  (mag 3)
  F.mulInt(T6, T3, 2);
  fsqr(T6, T6); //                                    I = (2·H)²                   (mag 1)
  fmul(T7, T3, T6); //                                J = H·I                      (mag 1)
  F.negate(T8, T4, 1);
  F.add(T5, T5, T8);
  F.mulInt(T5, T5, 2); //                             r = 2·(S2 − S1)              (mag 6)
  fmul(T8, T2, T6); //                                V = U1·I                     (mag 1)
  F.mulInt(T9, T8, 2);
  F.add(T9, T9, T7);
  F.negate(T9, T9, 3); //                             −(J + 2·V)                   (mag 4)
  fsqr(T2, T5);
  F.add(T2, T2, T9); //                               X3 = r² − J − 2·V            (mag 5)
  fmul(T4, T4, T7);
  F.mulInt(T4, T4, 2);
  F.negate(T4, T4, 2); //                             −2·S1·J                      (mag 3)
  F.negate(T9, T2, 5);
  F.add(T9, T9, T8);
  fmul(T9, T9, T5);
  F.add(T9, T9, T4); //                               Y3 = r·(V − X3) − 2·S1·J     (mag 4)
  F.add(T6, z1, z2);
  fsqr(T6, T6); //                                    (Z1 + Z2)²                   (mag 1)
  F.add(T0, T0, T1);
  F.negate(T0, T0, 2); //                             −(Z1Z1 + Z2Z2)               (mag 3)
  F.add(r + 80, T6, T0);
  fmul(r + 80, r + 80, T3);
  F.normalize(r + 80); //                             Z3 = ((Z1+Z2)² − Z1Z1 − Z2Z2)·H (mag 4 → 1)
  F.copy(r, T2);
  F.normalize(r);
  F.copy(r + 40, T9);
  F.normalize(r + 40);
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
// Why it holds (each line below gives the magnitude it produces): every
// product input is ≤ 8, the largest being H and r (8, product inputs of
// fsqrL, fmul, fmulL) and V − X3 (8) in maddLazy and X3 + T (7) in
// dblLazy; every negate(m) gets an input of magnitude ≤ m. The lazy
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
 * Sets a = 2·a with Z3 = Y1·Z1 (half the usual 2·Y1·Z1): with
 * L = (3/2)·X1², S = Y1², T = −S·X1: X3 = L² + 2·T,
 * Y3 = −(L·(X3 + T) + S²). 3M + 4S and one halving (a rescaling of [EFD]
 * dbl-2009-l); the products whose magnitude the next step tolerates are
 * lazy (magnitude 2).
 *
 * Preconditions: X ≤ 6, Y ≤ 6, Z ≤ 8. / Output normalized: no. / Output max magnitude: X 5, Y 5, Z 2.
 */
export function dblLazy(a: usize): void {
  if (load<u32>(a + 120) != 0) return;
  const x = a, y = a + 40, z = a + 80;
  fmulL(z, z, y); //                                  Z3 = Y1·Z1                   (mag 2)
  fsqrL(T1, y); //                                    S = Y1²                      (mag 2)
  fsqrL(T0, x); //                                    X1²                          (mag 2)
  F.mulInt(T0, T0, 3); //                             3·X1²                        (mag 6)
  F.half(T0); //                                      L = (3/2)·X1²                (mag 5)
  fmul(T2, T1, x); //                                 S·X1 (inputs 2, 6)           (mag 1)
  F.negate(T2, T2, 1); //                             T = −S·X1                    (mag 2)
  fsqr(x, T0); //                                     L² (input 5)                 (mag 1)
  F.add(x, x, T2);
  F.add(x, x, T2); //                                 X3 = L² + 2·T                (mag 5)
  F.add(T3, x, T2); //                                X3 + T                       (mag 7)
  fmulL(T3, T3, T0); //                               L·(X3 + T)                   (mag 7·5 → 2)
  fsqrL(T1, T1); //                                   S²                           (mag 2)
  F.add(y, T3, T1); //                                L·(X3 + T) + S²              (mag 4)
  F.negate(y, y, 4); //                               Y3 = −(L·(X3 + T) + S²)      (mag 5)
}

/**
 * Sets a = a + (x2, y2) for an affine point on the loop's curve with
 * coordinates of magnitude ≤ 6. [EFD] madd-2004-hmv: 8M + 3S and one
 * normalization (the H = 0 test); doubles or gives ∞ when a = ±(x2, y2).
 * Products feeding only other products or the outputs are lazy
 * (magnitude 2).
 *
 * Preconditions: X ≤ 6, Y ≤ 6, Z ≤ 8; x2, y2 ≤ 6. / Output normalized: no. / Output max magnitude: X 6, Y 5, Z 2 (or x2's, y2's and 1 after a copy).
 */
export function maddLazy(a: usize, x2: usize, y2: usize): void {
  const x = a, y = a + 40, z = a + 80;
  if (load<u32>(a + 120) != 0) {
    F.copy(x, x2);
    F.copy(y, y2);
    F.setInt(z, 1);
    store<u32>(a + 120, 0);
    return;
  }
  fsqrL(T0, z); //                                    Z1Z1 = Z1²                   (mag 2)
  fmul(T1, x2, T0); //                                U2 = X2·Z1Z1 (inputs ≤ 6, 2) (mag 1)
  fmulL(T2, y2, z); //                                Y2·Z1 (inputs ≤ 6, ≤ 8)      (mag 2)
  fmul(T2, T2, T0); //                                S2 = Y2·Z1·Z1Z1              (mag 1)
  F.negate(T3, x, 6); //                              −X1 (X1 ≤ 6)                 (mag 7)
  F.add(T3, T3, T1); //                               H = U2 − X1                  (mag 8)
  F.negate(T4, y, 6); //                              −Y1 (Y1 ≤ 6)                 (mag 7)
  F.add(T4, T4, T2); //                               r = S2 − Y1                  (mag 8)
  F.copy(T5, T3);
  F.normalize(T5); //                                 H, canonical (from mag 8)
  if (F.isZero(T5)) {
    F.copy(T5, T4);
    F.normalize(T5); //                               r, canonical (from mag 8)
    if (F.isZero(T5)) dblLazy(a);
    else store<u32>(a + 120, 1);
    return;
  }
  fsqrL(T5, T3); //                                   HH = H²                      (mag 2)
  fmul(T6, T3, T5); //                                HHH = H·HH                   (mag 1)
  fmul(T7, x, T5); //                                 V = X1·HH                    (mag 1)
  fsqrL(T1, T4); //                                   r²                           (mag 2)
  F.add(T8, T7, T7);
  F.add(T8, T8, T6); //                               HHH + 2·V                    (mag 3)
  F.negate(T8, T8, 3); //                             −(HHH + 2·V)                 (mag 4)
  F.add(T8, T8, T1); //                               X3 = r² − HHH − 2·V          (mag 6)
  F.negate(T9, T8, 6); //                             −X3                          (mag 7)
  F.add(T9, T9, T7); //                               V − X3                       (mag 8)
  fmulL(T9, T9, T4); //                               r·(V − X3)                   (mag 8·8 → 2)
  fmulL(T2, y, T6);
  F.negate(T2, T2, 2); //                             −Y1·HHH                      (mag 3)
  F.add(y, T9, T2); //                                Y3 = r·(V − X3) − Y1·HHH     (mag 5)
  fmulL(z, z, T3); //                                 Z3 = Z1·H                    (mag 2)
  F.copy(x, T8);
}
