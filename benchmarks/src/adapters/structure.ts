/**
 * The `structure` rows of the curves suite: why a specialised copy of an algorithm stays.
 *
 * `@strata/curves` keeps one recoder for every curve (wNAF, signed windows) but two Edwards
 * point stacks: edwards25519 over `Fe25519` (the `ed25519` namespace) and the generic Edwards
 * code over `PrimeField` (Jubjub, Bandersnatch, BabyJubjub). The rows here run the SAME curve,
 * edwards25519, through both — the generic side is an `EdwardsCurve` built from a `PrimeField`
 * with the ed25519 parameters — on the same inputs, so the table shows what the specialised
 * field, formulas and tables buy for variable-base scalar multiplication, batch-to-affine
 * (Montgomery's trick) and MSM (Straus below the switch point, Pippenger above). Both
 * backends are kind `strata`: there is no peer, the comparison is the two rows side by side.
 */
import type { Adapter, Case, Loaded, Mode, OpSpec } from '../types.js';
import { bigToBytesLE, cycle, detBelow, importLoose, need, tryCase, type Loose, importCurves } from '../util.js';

/** Op-id prefix of the structure rows (the other Strata adapters of the suite leave these alone). */
export const STRUCTURE_PREFIX = 'st/';
export const STRUCTURE_GROUP = 'structure: edwards25519 specialised (Fe25519) vs generic Edwards (PrimeField)';

/** Batch sizes of the batch-to-affine rows and MSM sizes of the MSM rows, per mode. */
export function structureSizes(mode: Mode | string): { b2a: number[]; msm: number[] } {
  if (mode === 'quick') return { b2a: [16], msm: [16] };
  if (mode === 'full') return { b2a: [16, 64, 256], msm: [16, 64, 256, 1024] };
  return { b2a: [64], msm: [16, 256] };
}

/** The structure ops for a mode. */
export function structureOps(mode: Mode | string): OpSpec[] {
  const { b2a, msm } = structureSizes(mode);
  const list: OpSpec[] = [{ id: 'st/ed-smul', group: STRUCTURE_GROUP, label: 'scalarMultNonConst (var base, wNAF w = 5)' }];
  for (const n of b2a) list.push({ id: `st/ed-b2a/${n}`, group: STRUCTURE_GROUP, label: `batchToAffine n=${n} (one inversion)`, size: n, perCall: n, unit: 'point' });
  for (const n of msm) list.push({ id: `st/ed-msm/${n}`, group: STRUCTURE_GROUP, label: `msm n=${n}`, size: n });
  return list;
}

const P25519 = (1n << 255n) - 19n;
const L = 2n ** 252n + 27742317777372353535851937790883648493n;
const GX = 15112221349535400772501151409588531511454012693041857206046113283949847762202n;
const GY = 46316835694926478169428394003475163141307993866256225615783033603165251855960n;

function modPow(b: bigint, e: bigint, m: bigint): bigint {
  let r = 1n;
  let x = b % m;
  for (let k = e; k > 0n; k >>= 1n) {
    if (k & 1n) r = (r * x) % m;
    x = (x * x) % m;
  }
  return r;
}

/** d = −121665/121666 mod p ([RFC8032] §5.1). */
const D25519 = (((-121665n * modPow(121666n, P25519 - 2n, P25519)) % P25519) + P25519) % P25519;

const N = 8;

/** Deterministic inputs shared by both backends: point discrete logs and scalars (as 32 bytes LE). */
function inputs(m: number): { pointLogs: bigint[]; scalars: Uint8Array[] } {
  const pointLogs = Array.from({ length: m }, (_, i) => detBelow('st/p', i, L));
  const scalars = Array.from({ length: m }, (_, i) => bigToBytesLE(detBelow('st/k', i, L)));
  return { pointLogs, scalars };
}

function maxSize(ops: readonly OpSpec[], prefix: string): number {
  const sizes = ops.filter((o) => o.id.startsWith(prefix)).map((o) => o.size as number);
  return sizes.length === 0 ? 0 : Math.max(...sizes);
}

/** The generic Edwards module (a namespace once `@strata/curves` has one, the flat exports before). */
function genericModule(curves: Loose): Loose {
  return (curves.edwards as Loose | undefined) ?? curves;
}

/** edwards25519 as a generic `EdwardsCurve` over `PrimeField` (validated by `EdwardsCurve.create`). */
function genericEdwards25519(field: Loose, ed: Loose): Loose {
  const F = need(field, 'PrimeField', '@strata/field').create(P25519);
  return need(ed, 'EdwardsCurve', '@strata/curves edwards').create({
    name: 'edwards25519 (generic)',
    field: F,
    a: -1n,
    d: D25519,
    order: L,
    cofactor: 8n,
    generator: { x: GX, y: GY },
    encoding: 'parity',
  });
}

/** Adds the batch-to-affine and MSM cases of every sized op in `ops`, built by `b2a(n)` and `msm(n)`. */
function sizedCases(ops: readonly OpSpec[], cases: Record<string, Case>, b2a: (n: number) => Case, msm: (n: number) => Case): Record<string, Case> {
  for (const op of ops) {
    const n = op.size as number;
    if (op.id.startsWith('st/ed-b2a/')) cases[op.id] = tryCase(() => b2a(n));
    else if (op.id.startsWith('st/ed-msm/')) cases[op.id] = tryCase(() => msm(n));
  }
  return cases;
}

/** What both sides load: `@strata/curves`, its ed25519 namespace, the inputs and the specialised points. */
async function loadCommon(ops: readonly OpSpec[]) {
  const curves = await importCurves();
  const ed = need(curves, 'ed25519', '@strata/curves') as Loose;
  const Pt = need(ed, 'Point', '@strata/curves ed25519');
  const edBase = need(ed, 'scalarBaseMultNonConst', '@strata/curves ed25519');
  const inp = inputs(Math.max(N, maxSize(ops, 'st/ed-b2a/'), maxSize(ops, 'st/ed-msm/')));
  // Projective inputs (Z ≠ 1), as a computation leaves them.
  const edPts = inp.pointLogs.map((s) => edBase(bigToBytesLE(s)) as Loose);
  return { curves, ed, Pt, edBase, inp, edPts };
}

type Common = Awaited<ReturnType<typeof loadCommon>>;

/** The cases one side builds: the scalar multiplication row and the sized rows. */
interface StructureSide {
  smul(): Case;
  b2a(n: number): Case;
  msm(n: number): Case;
}

/** A structure adapter (kind `strata`, the `st/` rows) whose cases `side` builds from the common inputs. */
function structureAdapter(backend: string, description: string, side: (common: Common) => Promise<StructureSide>): Adapter {
  return {
    backend,
    kind: 'strata',
    description,
    covers: (op) => op.id.startsWith(STRUCTURE_PREFIX),
    async load(ctx): Promise<Loaded> {
      const s = await side(await loadCommon(ctx.ops));
      const cases: Record<string, Case> = {};
      cases['st/ed-smul'] = tryCase(() => s.smul());
      return { cases: sizedCases(ctx.ops, cases, s.b2a, s.msm) };
    },
  };
}

/** The specialised side: `@strata/curves` `ed25519` (Fe25519, cached / Niels tables, Montgomery's trick on Fe25519). */
export const strataStructureAdapter: Adapter = structureAdapter(
  'strata',
  '@strata/curves ed25519 namespace (Fe25519): scalarMultNonConst, batchToAffine, msmNonConst',
  async ({ ed, Pt, inp, edPts: pts }) => {
    const where = '@strata/curves ed25519';
    const r = new Pt();
    return {
      smul: () => {
        const f = need(ed, 'scalarMultNonConst', where);
        const A = cycle(pts.slice(0, N));
        const K = cycle(inp.scalars.slice(0, N));
        return () => f(K(), A(), r);
      },
      b2a: (n) => {
        const f = need(ed, 'batchToAffine', where);
        const ps = pts.slice(0, n);
        const out = f(ps);
        return () => f(ps, out);
      },
      msm: (n) => {
        const f = need(ed, 'msmNonConst', where);
        const ps = pts.slice(0, n);
        const sc = inp.scalars.slice(0, n);
        return () => f(ps, sc, r);
      },
    };
  },
);

/** The generic side: the `edwards` code over `PrimeField`, on edwards25519 built as an `EdwardsCurve`. */
export const strataGenericStructureAdapter: Adapter = structureAdapter(
  'strata (generic edwards)',
  '@strata/curves generic Edwards code (PointExtended over PrimeField) on edwards25519 built with EdwardsCurve.create; checked against the ed25519 namespace',
  async ({ curves, ed, Pt: edPt, inp, edPts }) => {
    const field = await importLoose('@strata/field');
    const gen = genericModule(curves);
    const where = '@strata/curves edwards';
    const curve = genericEdwards25519(field, gen);
    const Ext = need(gen, 'PointExtended', where);
    const genMul = need(gen, 'scalarMultNonConst', where);
    const pts = inp.pointLogs.map((s) => genMul(s, new Ext(curve).setGenerator()) as Loose);
    // Agreement with the specialised code on the same inputs (encodings: RFC 8032 = 'parity').
    const enc = (p: Loose): string => Array.from(p.toAffine().toBytes() as Uint8Array).join(',');
    const encEd = (p: Loose): string => Array.from(p.toBytes() as Uint8Array).join(',');
    const agrees = (): boolean => enc(pts[0]!) === encEd(edPts[0]!);
    const r = new Ext(curve);
    return {
      smul: () => {
        const edMul = need(ed, 'scalarMultNonConst', '@strata/curves ed25519');
        const A = cycle(pts.slice(0, N));
        const K = cycle(inp.scalars.slice(0, N));
        return {
          run: () => genMul(K(), A(), r),
          check: () => agrees() && enc(genMul(inp.scalars[1]!, pts[1]!)) === encEd(edMul(inp.scalars[1]!, edPts[1]!, new edPt())),
          note: 'edwards.scalarMultNonConst (wNAF w = 5) on edwards25519 over PrimeField',
        };
      },
      b2a: (n) => {
        const f = need(gen, 'batchToAffine', where);
        const ps = pts.slice(0, n);
        const out = f(ps);
        return { run: () => f(ps, out), check: () => agrees() && out[n - 1]!.equals(ps[n - 1]!.toAffine()) };
      },
      msm: (n) => {
        const f = need(gen, 'msmNonConst', where);
        const edMsm = need(ed, 'msmNonConst', '@strata/curves ed25519');
        const ps = pts.slice(0, n);
        const sc = inp.scalars.slice(0, n);
        return {
          run: () => f(curve, ps, sc, r),
          check: () => enc(f(curve, ps, sc)) === encEd(edMsm(edPts.slice(0, n), sc)),
          note: `msmNonConst (${n < 64 ? 'Straus' : 'Pippenger'} at this size)`,
        };
      },
    };
  },
);
