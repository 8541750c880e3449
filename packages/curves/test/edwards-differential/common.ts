/**
 * Shared pieces of the Edwards differential suite: the reference curves,
 * fast-check settings (the testkit's fuzz seed and run scaling:
 * `STRATA_FUZZ_SEED`, `STRATA_FUZZ_RUNS`), edge scalars and edge points.
 */
import fc from 'fast-check';
import { FUZZ_SEED, fuzzRuns, readVectorJson } from '@strata/testkit';
import { RefCurve, refCurves, type Aff } from './reference.js';

export const REF = refCurves(readVectorJson('twisted-edwards', 'params.json'));

/**
 * fast-check parameters: the suite-wide fuzz seed and `base` runs scaled by
 * `STRATA_FUZZ_RUNS` (both read once by `@strata/testkit`, the same rules as
 * the fuzz suites: an integer seed or `random`, a run-count multiplier).
 */
export function fcParams(base: number): { seed: number; numRuns: number } {
  return { seed: FUZZ_SEED, numRuns: fuzzRuns(base) };
}

export const TWO_256 = 1n << 256n;

/** Edge scalars in [0, 2^256): 0, 1, 2, r−1, r, r+1, h·r±1, 2^k, 2^256−1, 2^256−r, … */
export function edgeScalars(ref: RefCurve, extra: readonly bigint[] = []): bigint[] {
  const r = ref.r, h = ref.h;
  const v = [
    0n, 1n, 2n, 3n, 7n, 8n, 15n, 16n, 17n,
    r - 1n, r, r + 1n, r - 2n, 2n * r, (r - 1n) / 2n, (r + 1n) / 2n,
    h * r - 1n, h * r, h * r + 1n, h * r - r,
    ...[1n, 8n, 63n, 64n, 127n, 128n, 129n, 200n, 251n, 252n, 253n, 254n, 255n].map((k) => 1n << k),
    (1n << 128n) - 1n, (1n << 252n) - 1n, (1n << 255n) - 1n, (1n << 255n) + 1n,
    TWO_256 - 1n, TWO_256 - 2n, TWO_256 - r, TWO_256 - h * r, TWO_256 - r - 1n,
    ...extra,
  ];
  return [...new Set(v.filter((k) => k >= 0n && k < TWO_256))];
}

/** Scalars: uniform 256-bit, uniform below r, and the edge table. */
export function scalarArb(ref: RefCurve, extra: readonly bigint[] = []): fc.Arbitrary<bigint> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.bigInt({ min: 0n, max: TWO_256 - 1n }) },
    { weight: 2, arbitrary: fc.bigInt({ min: 0n, max: ref.r - 1n }) },
    { weight: 3, arbitrary: fc.constantFrom(...edgeScalars(ref, extra)) },
    { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: 64n }) },
  );
}

/** The edge points of a curve, computed by the reference alone. */
export interface EdgePoints {
  /** Affine points of order dividing h (identity first). */
  readonly torsion: readonly Aff[];
  /** A few subgroup points (G, 2G, −G, (r−1)/2·G). */
  readonly subgroup: readonly Aff[];
  /** G + T for each non-identity torsion T, at infinity too (Bandersnatch), and one 2G + T, where affine. */
  readonly mixed: readonly Aff[];
}

export function edgePoints(ref: RefCurve): EdgePoints {
  const torsion = ref.torsion();
  const subgroup = [ref.G, ref.double(ref.G)!, ref.negate(ref.G), ref.mul((ref.r - 1n) / 2n, ref.G)!];
  const mixed: Aff[] = [];
  const all = ref.torsionAll().slice(1);
  for (const T of all) {
    const S = ref.affine(ref.addC(ref.lift(ref.G), T));
    if (S !== null) mixed.push(S);
  }
  // And 2G + T for one torsion point.
  const S2 = ref.affine(ref.addC(ref.lift(subgroup[1]!), all[all.length - 1]!));
  if (S2 !== null) mixed.push(S2);
  return { torsion, subgroup, mixed };
}

/**
 * Random curve points: a random y with a matching x (so a random torsion
 * component), or h times one (a subgroup point).
 */
export function randomPointArb(ref: RefCurve, subgroupOnly: boolean): fc.Arbitrary<Aff> {
  return fc.bigInt({ min: 0n, max: ref.q - 1n }).map((y0) => {
    for (let y = y0; ; y = ref.m(y + 1n)) {
      const P = ref.pointWithY(y);
      if (P === null) continue;
      if (!subgroupOnly) return P;
      const S = ref.mul(ref.h, P);
      if (S !== null) return S;
    }
  });
}

/** Points: edge points (weight 2) and random points (weight 3). */
export function pointArb(ref: RefCurve, edges: EdgePoints, opts: { subgroupOnly?: boolean; pool?: readonly Aff[] } = {}): fc.Arbitrary<Aff> {
  const pool = opts.pool ?? (opts.subgroupOnly ? [ref.identity, ...edges.subgroup] : [...edges.torsion, ...edges.subgroup, ...edges.mixed]);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...pool) },
    { weight: 3, arbitrary: randomPointArb(ref, opts.subgroupOnly === true) },
  );
}

/** Little-endian 32 bytes of k < 2^256. */
export function le32(k: bigint): Uint8Array {
  const out = new Uint8Array(32);
  let v = k;
  for (let i = 0; i < 32; i++) { out[i] = Number(v & 0xffn); v >>= 8n; }
  return out;
}

/** Integer of little-endian bytes. */
export function leInt(b: Uint8Array): bigint {
  let v = 0n;
  for (let i = b.length - 1; i >= 0; i--) v = (v << 8n) | BigInt(b[i]!);
  return v;
}

/** A readable form of an affine point or null for failure messages. */
export function show(P: Aff | null): string {
  return P === null ? 'infinity' : `(${P.x.toString(16)}, ${P.y.toString(16)})`;
}

/** Strata error code (or 'TypeError' / 'RangeError') thrown by f (shared with the other Edwards tests). */
export { errCode } from '../edwards/helpers.js';
