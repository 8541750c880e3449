/**
 * Helpers of the group tests: go-dleq.json (its curve, hash-to-scalar and
 * point vectors), a seeded byte source, the curve of a backend by name.
 */
import { readVectorJson, xorshiftBytes } from '@strata/testkit';
import type { Curve, RandomSource } from '../src/index.js';

/** The parts of go-dleq.json the group answers to. */
export interface GroupVectors {
  curves: { name: string; bit_size: number; compressed_point_size: number; base_point: string; alt_base_point: string }[];
  hash_to_scalar: { curve: string; input: string; output: string }[];
  point_signatures: { curve: string; private_key: string; public_key: string; signature: string; verify: boolean; high_s?: boolean; note: string }[];
}

let cached: GroupVectors | undefined;
/** Returns go-dleq.json (read once). */
export function vectors(): GroupVectors {
  cached ??= readVectorJson<GroupVectors>('go-dleq.json');
  return cached;
}

/** A seeded byte source for property tests (testkit's xorshift32; not cryptographic). */
export function seededRandom(seed: number): RandomSource {
  return xorshiftBytes(seed);
}

/** Picks a curve by name from a backend. */
export function pick(backend: { secp256k1: Curve; ed25519: Curve }, name: string): Curve {
  if (name === 'secp256k1') return backend.secp256k1;
  if (name === 'ed25519') return backend.ed25519;
  throw new Error(`unknown curve ${name}`);
}
