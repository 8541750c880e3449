/**
 * The `Curve` backends the group, dleq tests run over: Strata's own
 * adapters (the ones that matter) and the noble-curves oracle (an
 * independent implementation), plus the helpers every such suite uses.
 */
import type { Curve, RandomSource } from '@strata/group';
import { ed25519, secp256k1 } from '@strata/group';
import { nobleEd25519, nobleSecp256k1 } from './noble-group.js';
import { readVectorJson, xorshiftBytes } from '@strata/testkit';

/** A named pair of curves implementing the interface. */
export interface Backend {
  name: string;
  secp256k1: Curve;
  ed25519: Curve;
}

export const strata: Backend = { name: 'strata', secp256k1, ed25519 };
export const noble: Backend = { name: 'noble', secp256k1: nobleSecp256k1, ed25519: nobleEd25519 };

/**
 * Whether the protocol suites (group, dleq, ring) also run over the noble
 * backend: `STRATA_NOBLE_BACKEND` is '1' (the default: `pnpm test` and CI
 * run both backends) or '0' (`pnpm test:quick` sets it: the contributor's
 * loop runs the protocols over Strata's groups only; the noble-curves
 * oracles inside the curves and field suites are unaffected). Any other
 * value is an error, not a guess.
 */
export function nobleBackendEnabled(): boolean {
  const raw = process.env['STRATA_NOBLE_BACKEND'];
  if (raw === undefined || raw === '' || raw === '1') return true;
  if (raw === '0') return false;
  throw new Error(`STRATA_NOBLE_BACKEND: expected '0' or '1', got '${raw}'`);
}

/** The backends the differential suites iterate: Strata's, then noble's unless STRATA_NOBLE_BACKEND=0. */
export const backends: readonly Backend[] = nobleBackendEnabled() ? [strata, noble] : [strata];

/** Picks a curve by name from a backend. */
export function pick(backend: { secp256k1: Curve; ed25519: Curve }, name: string): Curve {
  if (name === 'secp256k1') return backend.secp256k1;
  if (name === 'ed25519') return backend.ed25519;
  throw new Error(`unknown curve ${name}`);
}

/** A seeded byte source for property tests (xorshift32; not cryptographic). */
export function seededRandom(seed: number): RandomSource {
  return xorshiftBytes(seed);
}

/** The parts of go-dleq.json a group answers to (dleq's tests read more of it). */
export interface GoDleqGroupVectors {
  curves: { name: string; bit_size: number; compressed_point_size: number; base_point: string; alt_base_point: string }[];
  hash_to_scalar: { curve: string; input: string; output: string }[];
  point_signatures: {
    curve: string;
    private_key: string;
    public_key: string;
    signature: string;
    verify: boolean;
    high_s?: boolean;
    note: string;
  }[];
}

let cached: unknown;
/** Returns go-dleq.json (read once), typed as the caller's view of it. */
export function goDleqVectors<T extends GoDleqGroupVectors = GoDleqGroupVectors>(): T {
  cached ??= readVectorJson<T>('go-dleq.json');
  return cached as T;
}
