/**
 * The edwards25519 curve constants as one frozen, module-level singleton:
 * reading any property allocates nothing.
 *
 * −x² + y² = 1 + d·x²·y² over GF(2^255 − 19), d = −121665/121666.
 *
 * References:
 * - [RFC8032] S. Josefsson, I. Liusvaara, "EdDSA", §5.1 (curve parameters, base point).
 * - [RFC7748] §4.1 (birational equivalence with Curve25519).
 */
import { Fe25519 } from '@strata/field';

const P = (1n << 255n) - 19n;
const L = (1n << 252n) + 27742317777372353535851937790883648493n;
const D = 37095705934669439343138083508754565189542113879843219016388785533085940283555n;
const GX = 15112221349535400772501151409588531511454012693041857206046113283949847762202n;
const GY = 46316835694926478169428394003475163141307993866256225615783033603165251855960n;

/** d as a field element. Shared constant: never mutate. */
export const FE_D: Fe25519 = new Fe25519().setBigInt(D);
/** 2·d as a field element. Shared constant: never mutate. */
export const FE_D2: Fe25519 = new Fe25519().setBigInt((2n * D) % P);
/** √−1 as a field element. Shared constant: never mutate. */
export const FE_SQRT_M1: Fe25519 = new Fe25519().setBigInt(19681161376707505956807079304988542015446066515923890162744021073123829784752n);

/** The frozen edwards25519 parameter set. */
export interface Edwards25519Params {
  /** Curve name. */
  readonly name: 'edwards25519';
  /** Field modulus p = 2^255 − 19. */
  readonly p: bigint;
  /** Prime order ℓ of the base point (the prime-order subgroup). */
  readonly order: bigint;
  /** Cofactor h = 8: #E = 8·ℓ. */
  readonly cofactor: 8;
  /** Coefficient a = −1 (as −1n) of −x² + y² = 1 + d·x²·y². */
  readonly a: bigint;
  /** Coefficient d = −121665/121666 mod p. */
  readonly d: bigint;
  /** Base point affine x. */
  readonly gx: bigint;
  /** Base point affine y (= 4/5 mod p). */
  readonly gy: bigint;
  /** Encoded size of a point and of a scalar, in bytes. */
  readonly byteLength: 32;
}

/** The edwards25519 parameters (frozen singleton; reading allocates nothing). */
export const edwards25519: Edwards25519Params = Object.freeze({
  name: 'edwards25519',
  p: P,
  order: L,
  cofactor: 8,
  a: -1n,
  d: D,
  gx: GX,
  gy: GY,
  byteLength: 32,
} as const);
