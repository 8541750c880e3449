/**
 * Strata's MSM across worker threads (`@strata/curves/msm-parallel`, issue 24's large-MSM rows):
 * `msmNonConstParallel` on the 2^16 MSM ops of secp256k1, ed25519 and BabyJubjub, over the same
 * inputs as the one-thread rows of each curve (built the same way), on a pool of this backend's
 * own (created at load: its workers run the engine selected then, the engine twin's) that is
 * shut down when the backend is disposed. Node only: the subpath has no browser entry yet, so a
 * page reports the rows unavailable.
 */
import type { Adapter, Case, Loaded, OpSpec } from '../types.js';
import { MSM_LARGE, type CurvesFixtures } from '../fixtures/curves.js';
import { bigToBytesLE, importCurves, importLoose, need, type Loose } from '../util.js';
import { strataK1Kit } from './strata-secp256k1.js';
import { bjMsmInputs, msmInputs } from './edwards.js';

/** The workers of the parallel rows: issue 24's target is set for 2. */
const PARALLEL_WORKERS = 2;

/** The ops of this backend: the 2^16 MSMs of the three curves. */
const covers = (op: OpSpec): boolean => op.id === `k1/msm/${MSM_LARGE}` || op.id === `ed/msm/${MSM_LARGE}` || op.id === `bj/msm/${MSM_LARGE}`;

/** Strata MSM across worker threads. */
export const strataMsmParallelAdapter: Adapter = {
  backend: 'strata (parallel)',
  kind: 'strata',
  description: `@strata/curves/msm-parallel createMsmPool() + msmNonConstParallel over ${PARALLEL_WORKERS} worker threads (workerpool, the pool of @strata/curves/pool): each worker runs msmNonConst on half of the pairs, the calling thread adds the two partial sums`,
  covers,
  async load(ctx): Promise<Loaded> {
    const m = await importLoose('@strata/curves/msm-parallel');
    const field = await importLoose('@strata/field');
    const curves = await importCurves();
    type Pool = { shutdown(): Promise<void> };
    const pool = need(m, 'createMsmPool', '@strata/curves/msm-parallel')() as Pool;
    const par = need(m, 'msmNonConstParallel', '@strata/curves/msm-parallel') as (c: unknown, p: readonly Loose[], k: readonly unknown[], o: object) => Promise<Loose>;
    const cases: Record<string, Case> = {};
    const add = (id: string, curve: unknown, pts: readonly Loose[], sc: readonly unknown[], one: (p: readonly Loose[], k: readonly unknown[]) => Loose): void => {
      const run = (p: readonly Loose[], k: readonly unknown[]) => par(curve, p, k, { workers: PARALLEL_WORKERS, pool });
      cases[id] = {
        run: () => run(pts, sc),
        async: true,
        // One untimed call at full size first: a 2^16 row is timed on its first call (one sample),
        // and the pool's workers must be started, their engine loaded and their heaps grown to the
        // chunk size as in steady state (they stay up: the pool closes workers after 30 s idle).
        // Then the first 256 pairs, against the one-thread msmNonConst of the curve.
        check: async () => {
          await run(pts, sc);
          return (await run(pts.slice(0, 256), sc.slice(0, 256))).equals(one(pts.slice(0, 256), sc.slice(0, 256))) as boolean;
        },
        note: `msmNonConstParallel(curve, points, scalars, { workers: ${PARALLEL_WORKERS}, pool }), pool warmed by one untimed call at full size; bytes/op count the main thread only`,
      };
    };
    for (const op of ctx.ops) {
      if (!covers(op)) continue;
      const n = op.size as number;
      if (op.id.startsWith('k1/')) {
        const fx = (ctx.fixtures as CurvesFixtures).k1;
        const kit = strataK1Kit(field, curves);
        const msm = need(kit.k1, 'msmNonConst', 'secp256k1');
        add(op.id, 'secp256k1', fx.msmPoints.slice(0, n).map(kit.affine), fx.msmScalars.slice(0, n).map(kit.scalar), (p, k) => msm(p, k));
      } else if (op.id.startsWith('ed/')) {
        const ed = curves.ed25519 as Loose;
        const base = need(ed, 'scalarBaseMultNonConst', 'ed25519');
        const msm = need(ed, 'msmNonConst', 'ed25519');
        const inp = msmInputs(n);
        const ps = inp.pointScalars.slice(0, n).map((s) => base(bigToBytesLE(s)) as Loose);
        add(op.id, 'ed25519', ps, inp.scalars.slice(0, n).map((s) => bigToBytesLE(s)), (p, k) => msm(p, k));
      } else {
        const edw = curves.edwards as Loose;
        const curve = need(edw, 'babyJubjub', 'edwards') as Loose;
        const Ext = need(edw, 'PointExtended', 'edwards');
        const mul = need(edw, 'scalarMultNonConst', 'edwards');
        const msm = need(edw, 'msmNonConst', 'edwards');
        const G = new Ext(curve).setGenerator();
        const inp = bjMsmInputs(n, curve.order as bigint, (k) => mul(k, G) as Loose, (a, b) => new Ext(curve).add(a, b) as Loose);
        // Affine inputs (one batch inversion), as the one-thread row.
        add(op.id, curve, need(edw, 'batchToAffine', 'edwards')(inp.points) as Loose[], inp.scalars, (p, k) => msm(curve, p, k));
      }
    }
    return { cases, dispose: () => pool.shutdown() };
  },
};
