/**
 * Shared test fixtures: the curve backends every test runs over (Strata's
 * own curves from @strata/group, and the noble-curves-backed `Curve` of
 * @strata/testkit, to show the ring code is backend-neutral), the ring-go
 * vector file, a replaying random source, and ring-go's hash-to-scalar in
 * the shape the former `@strata/ring` export had.
 */
import { ed25519, expectCurve, hashToScalarIsAmbiguous, secp256k1 } from '@strata/group';
import type { Curve, HashToScalarRule, RandomSource, Scalar } from '@strata/group';
import { readVectorJson, hex, xorshiftBytes } from '@strata/testkit';
import { nobleBackendEnabled, nobleEd25519, nobleSecp256k1 } from '@strata/group-testkit';

export { hashToScalarIsAmbiguous };

/**
 * Returns ring-go's HashToScalar(data) under `rule` (default: the curve's
 * own), writing into `out` when given: `curve.hashToScalar(data, out,
 * { rule })` of @strata/group (formerly `hashToScalar(curve, data,
 * backend, out)` of @strata/ring). TypeError for a non-Curve.
 */
export function hashToScalar(curve: Curve, data: Uint8Array, rule?: HashToScalarRule, out?: Scalar): Scalar {
  expectCurve('hashToScalar', curve);
  return curve.hashToScalar(data, out, rule === undefined ? undefined : { rule });
}

export type CurveName = 'secp256k1' | 'ed25519';

/** A named pair of curve implementations. */
export interface Backend {
  readonly label: string;
  readonly curves: Readonly<Record<CurveName, Curve>>;
}

/** Strata's curves first; noble's as the second, independent backend (left out when STRATA_NOBLE_BACKEND=0, as `pnpm test:quick` sets). */
export const STRATA_BACKEND: Backend = { label: 'strata', curves: { secp256k1, ed25519 } };
export const NOBLE_BACKEND: Backend = { label: 'noble', curves: { secp256k1: nobleSecp256k1, ed25519: nobleEd25519 } };
export const BACKENDS: readonly Backend[] = nobleBackendEnabled() ? [STRATA_BACKEND, NOBLE_BACKEND] : [STRATA_BACKEND];

export interface SignVerifyCase {
  id: string;
  curve: CurveName;
  ring_size: number;
  signer_index: number;
  message: string;
  ring: string[];
  signer_private_key: string;
  signer_public_key: string;
  key_image: string;
  c: string;
  s: string[];
  serialized: string;
  verify: boolean;
  sign_random_reads: string[];
  short_challenge_positions?: number[];
  tags?: string[];
}

export interface NegativeCase {
  id: string;
  curve: CurveName;
  base_case: string;
  mutation: string;
  message: string;
  serialized: string;
  deserialize_ok: boolean;
  deserialize_error?: string;
  verify: boolean;
  verify_panic?: string;
}

export interface LinkCase {
  id: string;
  curve: CurveName;
  sig_a: { message: string; serialized: string; key_image: string; verify: boolean };
  sig_b: { message: string; serialized: string; key_image: string; verify: boolean };
  link: boolean;
  note?: string;
}

export interface RingGoVectors {
  meta: unknown;
  format: unknown;
  hash_to_curve: { curve: CurveName; point: string; hash_to_curve: string; iterations: number }[];
  hash_to_scalar: { curve: CurveName; input: string; output: string; short_leading_zero_bytes?: number; note?: string }[];
  sign_verify: SignVerifyCase[];
  negative: NegativeCase[];
  deserialize_quirks: NegativeCase[];
  link: LinkCase[];
}

/** The ring-go vectors (read once). */
export const V: RingGoVectors = readVectorJson<RingGoVectors>('ring-go.json');

/**
 * A random source that hands out the recorded reads in order, checking each
 * requested length, then (if given) falls back to `more`. `count()` tells how
 * many reads were taken.
 */
export function replay(reads: readonly string[], more?: RandomSource): RandomSource & { count(): number } {
  let i = 0;
  const f = ((n: number): Uint8Array => {
    if (i < reads.length) {
      const b = hex(reads[i++]!);
      if (b.length !== n) throw new Error(`replay: read ${i - 1} has ${b.length} bytes, ${n} requested`);
      return b;
    }
    i++;
    if (more === undefined) throw new Error(`replay: only ${reads.length} reads recorded, read ${i} requested`);
    return more(n);
  }) as RandomSource & { count(): number };
  f.count = () => i;
  return f;
}

/** A deterministic byte stream (testkit's xorshift32; for reproducible tests only, not cryptographic). */
export function detRandom(seed: number): RandomSource {
  return xorshiftBytes(seed);
}
