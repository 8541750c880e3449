/**
 * Suite `curves`: point arithmetic.
 *
 * secp256k1: add on each Jacobian path (both Z=1, equal Z, one Z=1, generic), double,
 * scalarBaseMult / scalarMult (variable-time and constant-time), doubleScalarMult, parsing a
 * compressed public key, MSM at several sizes. Backends: Strata (`@strata/curves` secp256k1),
 * noble-curves, elliptic, tiny-secp256k1 (WASM libsecp256k1) where each offers the op.
 * secp256k1 public keys, the byte-level operations wallets call: public-key creation (constant-
 * time k·G + compressed encoding), tweak-multiply (parse, constant-time k·P, encode) and key
 * conversion compressed ↔ uncompressed; backends also the native libsecp256k1 bindings
 * (`secp256k1`, the native ceiling) and `@noble/secp256k1`, each checked against Strata first.
 * Edwards: add / addAffine / double / isOnCurve in each coordinate system, scalarMultNonConst on ed25519,
 * Jubjub, Bandersnatch and BabyJubjub, MSM on ed25519; Strata vs noble-curves where noble has the curve.
 * BabyJubjub also against circomlibjs and @zk-kit/baby-jubjub (affine add, scalar multiplication,
 * EIP-2494 pack / unpack); Banderwagon serialize / deserialize / fixed-base multiplication against
 * verkle-cryptography-wasm where it offers the operation (see adapters/peers-babyjubjub.ts,
 * adapters/peers-banderwagon.ts).
 * Structure rows (`st/…`): edwards25519 through the specialised `ed25519` code and through the
 * generic Edwards code on the same curve, side by side (see adapters/structure.ts).
 */
import type { OpSpec, ReferenceFigure, Suite } from '../types.js';
import { goFigure } from '../reference.js';
import { DECRED_V4 } from './field.js';
import { curvesFixtures, msmSizes, msmSlowSamples } from '../fixtures/curves.js';
import { nobleK1Adapter, ellipticK1Adapter, tinyK1Adapter } from '../adapters/peers-secp256k1.js';
import { nobleSecp256k1Adapter, secp256k1NativeAdapter } from '../adapters/peers-secp256k1-more.js';
import { circomlibjsAdapter, zkKitBabyJubjubAdapter } from '../adapters/peers-babyjubjub.js';
import { verkleAdapter } from '../adapters/peers-banderwagon.js';
import { strataK1Adapter } from '../adapters/strata-secp256k1.js';
import { BJ_MSM_GROUP, EDWARDS_CURVES, edwardsOps, nobleEdwardsAdapter, strataEdwardsAdapter } from '../adapters/edwards.js';
import { STRUCTURE_GROUP, strataGenericStructureAdapter, strataStructureAdapter, structureOps } from '../adapters/structure.js';
import { engineTwins, onTsEngine } from '../engine.js';
import { strataMsmParallelAdapter } from '../adapters/msm-parallel.js';

/** Group of the byte-level secp256k1 public-key ops (the native libsecp256k1 bindings' API). */
export const K1_PUBKEY_GROUP = 'secp256k1 public keys';

function ops(mode: string): OpSpec[] {
  const g = 'secp256k1';
  const list: OpSpec[] = [
    { id: 'k1/add-z1', group: g, label: 'add (both Z=1)' },
    { id: 'k1/add-eqz', group: g, label: 'add (equal Z)' },
    { id: 'k1/add-onez1', group: g, label: 'add (one Z=1)' },
    { id: 'k1/add-generic', group: g, label: 'add (generic)' },
    { id: 'k1/double', group: g, label: 'double' },
    { id: 'k1/base-nc', group: g, label: 'scalarBaseMultNonConst' },
    { id: 'k1/base-ct', group: g, label: 'scalarBaseMult (const-time)' },
    { id: 'k1/mult-nc', group: g, label: 'scalarMultNonConst (var base)' },
    { id: 'k1/mult-ct', group: g, label: 'scalarMult (const-time, var base)' },
    { id: 'k1/dsm', group: g, label: 'doubleScalarMultBaseNonConst a·A+b·G' },
    { id: 'k1/parse', group: g, label: 'pointFromBytes (compressed)' },
  ];
  const pk = K1_PUBKEY_GROUP;
  list.push(
    { id: 'k1/pubkey', group: pk, label: 'public key create (const-time k·G → 33 bytes)' },
    { id: 'k1/tweak-mul', group: pk, label: 'tweak-multiply (parse, const-time k·P → 33 bytes)' },
    { id: 'k1/to-uncompressed', group: pk, label: 'convert 33 → 65 bytes (parse, decompress)' },
    { id: 'k1/to-compressed', group: pk, label: 'convert 65 → 33 bytes (parse, validate)' },
  );
  for (const n of msmSizes(mode)) list.push({ id: `k1/msm/${n}`, group: 'secp256k1 MSM', label: `msm n=${n}`, size: n, ...msmSlowSamples(n, mode) });
  list.push(...edwardsOps(mode));
  list.push(...structureOps(mode));
  return list;
}

function references(list: readonly OpSpec[]): ReferenceFigure[] {
  const want: [string, string, string?][] = [
    ['k1/add-z1', 'BenchmarkAddNonConst', 'ring-go'],
    ['k1/add-generic', 'BenchmarkAddNonConstNotZOne', 'ring-go'],
    ['k1/base-nc', 'BenchmarkScalarBaseMultNonConst', 'ring-go'],
    ['k1/mult-nc', 'BenchmarkScalarMultNonConst', 'ring-go'],
    ['k1/parse', 'BenchmarkParsePubKeyCompressed', 'ring-go'],
  ];
  const out: ReferenceFigure[] = [...zprizeFigures(list)];
  for (const [opId, bench, suite] of want) {
    if (!list.some((o) => o.id === opId)) continue;
    const g = goFigure(bench, suite);
    // The cited figures are decred v4.1.0 (ring-go's dependency): the version of the shared sources.
    if (g) out.push({ opId, backend: 'Go decred (reference)', nsPerOp: g.nsPerOp, ...(g.bytesPerOp !== undefined ? { bytesPerOp: g.bytesPerOp } : {}), source: g.source, citedAs: g.citedAs, go: { suite: 'secp256k1', benchmark: bench, package: DECRED_V4 } });
  }
  return out;
}

/** The published ZPrize 2023 WebAssembly MSM figures (issue 24 cites them beside the 2^16 rows). */
const ZPRIZE23 = 'https://github.com/mitschabaude/montgomery/blob/main/doc/zprize23.md';

/**
 * The ZPrize 2023 WebAssembly MSM figures at 2^16 points, cited beside Strata's 2^16 MSM rows:
 * another machine, another curve and several threads, so they place the rows and are no target.
 * Gregor Mitscha-Baude's submission (`montgomery`, batch-affine Pippenger, multi-threaded Wasm):
 * 80 ms for the twisted Edwards curve over BLS12-377's scalar field ("on my laptop"), 122 ms ± 3 ms
 * for BLS12-377 G1 (a short Weierstrass curve over a 377-bit field) with 8 threads.
 */
function zprizeFigures(list: readonly OpSpec[]): ReferenceFigure[] {
  const figs: ReferenceFigure[] = [];
  const edwards = { nsPerOp: 80e6, curve: "twisted Edwards over BLS12-377's scalar field (Aleo), multi-threaded, the author's laptop" };
  const weier = { nsPerOp: 122e6, curve: 'BLS12-377 G1 (short Weierstrass, 377-bit field), 8 threads' };
  for (const [opId, f] of [['ed/msm/65536', edwards], ['bj/msm/65536', edwards], ['k1/msm/65536', weier]] as const) {
    if (!list.some((o) => o.id === opId)) continue;
    figs.push({
      opId,
      backend: 'ZPrize 2023 WASM MSM (montgomery)',
      nsPerOp: f.nsPerOp,
      source: ZPRIZE23,
      citedAs: `another machine and curve: ${f.curve}, 2^16 points`,
      citedOnly: 'a published figure of another library on another machine and curve',
    });
  }
  return figs;
}

/** Curves suite definition. */
export const curvesSuite: Suite = {
  name: 'curves',
  title: 'Curve arithmetic',
  ops,
  fixtures: curvesFixtures,
  adapters: [
    // The ops the WebAssembly engine serves run on both engines (strata (ts) / strata (wasm));
    // the others (single adds and doubles, the generic Edwards curves, the structure rows) stay
    // `strata`, on the TypeScript engine.
    ...engineTwins(strataK1Adapter),
    ...engineTwins(strataEdwardsAdapter),
    // Issue 24's target reads the WebAssembly twin only; a TypeScript twin would add ≈ 2 × 3 s of 2^16 MSMs to every run.
    ...engineTwins(strataMsmParallelAdapter, { allServed: true }).filter((a) => a.engine === 'wasm'),
    onTsEngine(strataStructureAdapter),
    onTsEngine(strataGenericStructureAdapter),
    nobleK1Adapter,
    nobleEdwardsAdapter,
    ellipticK1Adapter,
    tinyK1Adapter,
    secp256k1NativeAdapter,
    nobleSecp256k1Adapter,
    circomlibjsAdapter,
    zkKitBabyJubjubAdapter,
    verkleAdapter,
  ],
  references,
  charts: [
    { kind: 'bars', title: 'secp256k1 point arithmetic: time per op', groups: ['secp256k1'] },
    { kind: 'bars', title: 'secp256k1 public keys (bytes in, bytes out): time per op', groups: [K1_PUBKEY_GROUP] },
    { kind: 'lines', title: 'secp256k1 multi-scalar multiplication: time per MSM vs number of points', groups: ['secp256k1 MSM'], xLabel: 'number of points n', yLabel: 'time per MSM' },
    { kind: 'bars', title: 'Twisted Edwards curves: time per op', groups: EDWARDS_CURVES.map((c) => `Edwards ${c.name}`) },
    { kind: 'lines', title: 'ed25519 multi-scalar multiplication: time per MSM vs number of points', groups: ['ed25519 MSM'], xLabel: 'number of points n', yLabel: 'time per MSM' },
    { kind: 'lines', title: 'BabyJubjub multi-scalar multiplication: time per MSM vs number of points', groups: [BJ_MSM_GROUP], xLabel: 'number of points n', yLabel: 'time per MSM' },
    { kind: 'bars', title: 'edwards25519, specialised vs generic Edwards code: time per op', groups: [STRUCTURE_GROUP] },
  ],
};
