/**
 * Shared test fixtures: the curve backends every test runs over (Strata's
 * own curves from @strata/dleq, and the noble-curves-backed `Curve` of the
 * benchmarks, to show the ring code is backend-neutral), the ring-go vector
 * file, and a replaying random source.
 */
import { ed25519, secp256k1 } from '@strata/dleq';
import type { Curve, RandomSource } from '@strata/dleq';
import { readVectorJson, hex, xorshiftBytes } from '@strata/testkit';

/**
 * The benchmarks' noble-curves `Curve` adapter, loaded by path at run time
 * (it lives outside this package, so a static import would pull it into
 * this package's type-check program).
 */
const NOBLE_ADAPTER = new URL('../../../benchmarks/src/adapters/noble-group.ts', import.meta.url).href;
const { nobleEd25519, nobleSecp256k1 } = (await import(/* @vite-ignore */ NOBLE_ADAPTER)) as {
  nobleEd25519: Curve;
  nobleSecp256k1: Curve;
};

export type CurveName = 'secp256k1' | 'ed25519';

/** A named pair of curve implementations. */
export interface Backend {
  readonly label: string;
  readonly curves: Readonly<Record<CurveName, Curve>>;
}

/** Strata's curves first; noble's as the second, independent backend. */
export const BACKENDS: readonly Backend[] = [
  { label: 'strata', curves: { secp256k1, ed25519 } },
  { label: 'noble', curves: { secp256k1: nobleSecp256k1, ed25519: nobleEd25519 } },
];

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
