/**
 * secp256k1 curve constants: the base point, the GLV endomorphism and the
 * lattice basis used to split scalars. All values are module-level
 * singletons built once at import; reading them allocates nothing.
 *
 * The curve is E: y² = x³ + 7 over GF(p), p = 2²⁵⁶ − 2³² − 977, with a
 * prime group order n (cofactor 1) [SEC2 §2.4.1].
 *
 * References:
 * - [SEC2] SEC 2: Recommended Elliptic Curve Domain Parameters, v2.0, §2.4.1.
 * - [GLV] Gallant, Lambert, Vanstone, "Faster Point Multiplication on Elliptic
 *   Curves with Efficient Endomorphisms", CRYPTO 2001.
 * - [GECC] Hankerson, Menezes, Vanstone, "Guide to Elliptic Curve
 *   Cryptography", Algorithm 3.74 (balanced length-two representation).
 */
import { FieldVal, ModNScalar, hexToBytes } from '@strata/field';
import { B1_HEX, G1_HEX, G2_HEX, LAMBDA_HEX } from './glv.generated.js';

/** Decodes a fixed hex constant of this file into 32 big-endian bytes. */
function hex32(s: string): Uint8Array {
  return hexToBytes(s.padStart(64, '0'));
}

/** Builds a normalized field constant; a constant ≥ p is a bug in this file. */
function fieldConst(s: string): FieldVal {
  const f = new FieldVal();
  if (f.setBytesReduced(hex32(s))) throw new Error(`secp256k1 params: constant ${s} is not below p`);
  return f.normalize();
}

/** Builds a scalar constant; a constant ≥ n is a bug in this file. */
function scalarConst(s: string): ModNScalar {
  const k = new ModNScalar();
  if (k.setBytesReduced(hex32(s))) throw new Error(`secp256k1 params: constant ${s} is not below n`);
  return k;
}

/** The affine x coordinate of the base point G [SEC2]. */
export const GX_HEX = '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798';
/** The affine y coordinate of the base point G [SEC2]. */
export const GY_HEX = '483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8';
/** The field prime p = 2²⁵⁶ − 2³² − 977, as hex. */
export const P_HEX = 'fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f';
/** The group order n, as hex. */
export const N_HEX = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141';

/** G.x as a normalized field element (module-internal; never mutate). */
export const GX: FieldVal = fieldConst(GX_HEX);
/** G.y as a normalized field element (module-internal; never mutate). */
export const GY: FieldVal = fieldConst(GY_HEX);

/** The curve constant b = 7 (module-internal; never mutate). */
export const CURVE_B: FieldVal = new FieldVal().setInt(7);

/**
 * β, a primitive cube root of unity mod p: φ(x, y) = (β·x, y) is the
 * endomorphism with φ(P) = λ·P for every P on the curve [GLV].
 */
export const BETA: FieldVal = fieldConst('7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee');
/** β as hex (see {@link BETA}). */
export const BETA_HEX = '7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee';

/** λ as hex (see {@link LAMBDA}; glv.generated.ts, written with the basis below). */
export { LAMBDA_HEX };
/** λ, the cube root of unity mod n with φ(P) = λ·P [GLV]. */
export const LAMBDA: ModNScalar = scalarConst(LAMBDA_HEX);

/**
 * The reduced lattice basis of {(a, b) : a + b·λ ≡ 0 (mod n)} [GECC Alg. 3.74]:
 * v1 = (a1, b1) = (0x3086…eb15, −0xe443…e4c3), v2 = (a2, b2) = (0x114c…4cfd8, 0x3086…eb15).
 * The split (scalar.ts) uses the rounded quotients g1 = round(2³⁸⁴·b2 / n),
 * g2 = round(2³⁸⁴·(−b1) / n), so that c1 = round(k·b2 / n) ≈
 * ⌊(k·g1 + 2³⁸³) / 2³⁸⁴⌋ and likewise c2, and the basis itself as integers.
 * −b1 and −b2 mod n are kept here as scalars for the tests, which check
 * k ≡ k1 + k2·λ against them. (The same g1, g2 appear in libsecp256k1's
 * scalar_split_lambda; the tests re-derive them from the basis.) λ, g1, g2
 * and the basis are computed from n and λ by packages/curves/gen/glv.mjs
 * (glv.generated.ts), which writes the WebAssembly split's copy too.
 */
export const MINUS_B1: ModNScalar = scalarConst(B1_HEX);
/** −b2 mod n (see {@link MINUS_B1}). */
export const MINUS_B2: ModNScalar = scalarConst('fffffffffffffffffffffffffffffffe8a280ac50774346dd765cda83db1562c');
/** g1 = round(2³⁸⁴·b2 / n) as 32 big-endian bytes (see {@link MINUS_B1}). */
export const G1_BYTES: Uint8Array = hex32(G1_HEX);
/** g2 = round(2³⁸⁴·(−b1) / n) as 32 big-endian bytes (see {@link MINUS_B1}). */
export const G2_BYTES: Uint8Array = hex32(G2_HEX);
