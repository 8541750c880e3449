/**
 * The Banderwagon peer of the curves suite: `verkle-cryptography-wasm` (rust-verkle's
 * banderwagon / ipa-multipoint compiled to WebAssembly, used by EthereumJS for Verkle tries).
 *
 * What it exposes that compares with a Strata row (group "Edwards Bandersnatch"):
 * - `Context.serializeCommitment(point64)`: a point in its 64-byte affine form (x ‖ y, each
 *   32 bytes little-endian) → the 32-byte Banderwagon encoding: row `bs/bw-ser`;
 * - `Context.scalarMulIndex(k, i)`: k·G_i for the i-th point of the Verkle CRS, from
 *   precomputed tables, returned in the 64-byte affine form: row `bs/bw-base-mul` (Strata's
 *   row is fixed-base multiplication of its generator with its precomputed table, then affine).
 * What it does not expose, so those rows have no verkle entry: Banderwagon deserialization (the
 * API takes 32-byte points only inside `verifyProof` / `verifyExecutionWitnessPreState`) and
 * variable-base scalar multiplication (only the CRS points are multiplied, one at a time or as
 * the 256-point commitment `commitToScalars`).
 *
 * Loading: the package entry (`dist/esm/index.js`) of 0.4.8 imports `@ethereumjs/util`, which
 * the package does not declare, so under pnpm's strict layout it fails to resolve. The adapter
 * loads the package's own WebAssembly binding module (`dist/esm/wasm/rust_verkle_wasm.js`,
 * whose only import, `@scure/base`, is declared) — the same code the entry wraps.
 *
 * Agreement: G_0 is decoded by Strata from the package's encoding of 1·G_0; then for the first
 * scalars, the package's encoding of k·G_0 must equal Strata's banderwagonToBytes(k·G_0).
 *
 * References: [Banderwagon] (ethresear.ch, 2022); rust-verkle `banderwagon` and
 * `ipa-multipoint` (CRS from the seed "eth_verkle_oct_2021").
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Adapter, Loaded, OpSpec } from '../types.js';
import { agree, bigToBytesLE, cycle, detBelow, type Loose } from '../util.js';
import { packageDir } from './native.js';
import { strataBanderwagon } from './strata-answers.js';

/** Bandersnatch prime subgroup order (also the Banderwagon group order). */
export const BANDERSNATCH_ORDER = 0x1cfb69d4ca675f520cce760202687600ff8f87007419047174fd06b52876e7e1n;

const N = 8;

/** The Banderwagon ops the package offers. */
const isVerkleOp = (op: OpSpec): boolean => op.id === 'bs/bw-ser' || op.id === 'bs/bw-base-mul';

/** Loads the package's WebAssembly module and returns a fresh `Context` (with `free()`). */
export async function loadVerkleContext(): Promise<Loose> {
  const file = path.join(packageDir('verkle-cryptography-wasm'), 'dist', 'esm', 'wasm', 'rust_verkle_wasm.js');
  const w = (await import(pathToFileURL(file).href)) as Loose;
  await w.initVerkleWasm();
  return new w.Context();
}

/** verkle-cryptography-wasm 0.4.8: Banderwagon serialize and CRS fixed-base multiplication in WebAssembly. */
export const verkleAdapter: Adapter = {
  backend: 'verkle-cryptography-wasm',
  kind: 'wasm',
  description:
    'verkle-cryptography-wasm 0.4.8 (rust-verkle → WebAssembly) Context.serializeCommitment (64-byte affine → 32-byte Banderwagon) and Context.scalarMulIndex(k, 0) (k·G_0 of the Verkle CRS, precomputed tables, 64-byte affine out). Not exposed, so not compared: Banderwagon deserialize, variable-base scalar multiplication. Loaded from its WASM binding module (the 0.4.8 entry imports the undeclared @ethereumjs/util)',
  covers: isVerkleOp,
  async load(): Promise<Loaded> {
    const ctx = await loadVerkleContext();
    const ks = Array.from({ length: N }, (_, i) => detBelow('bs/k', i, BANDERSNATCH_ORDER));
    const kle = ks.map((k) => bigToBytesLE(k));
    const affine = kle.map((k) => ctx.scalarMulIndex(k, 0) as Uint8Array);
    const K = cycle(kle);
    const U = cycle(affine);
    const agreeAll = async (): Promise<boolean> => {
      const s = await strataBanderwagon();
      const g0 = ctx.serializeCommitment(ctx.scalarMulIndex(bigToBytesLE(1n), 0)) as Uint8Array;
      for (const i of [0, 1]) {
        agree(`Banderwagon encoding of k${i}·G_0`, ctx.serializeCommitment(ctx.scalarMulIndex(kle[i]!, 0)), s.mul(g0, ks[i]!));
      }
      return true;
    };
    return {
      cases: {
        'bs/bw-ser': { run: () => ctx.serializeCommitment(U()), check: agreeAll, note: 'serializeCommitment(64-byte affine point) → 32 bytes' },
        'bs/bw-base-mul': { run: () => ctx.scalarMulIndex(K(), 0), check: agreeAll, note: 'scalarMulIndex(k, 0): CRS point G_0, precomputed tables; 64-byte affine out' },
      },
      dispose: () => ctx.free(),
    };
  },
};
