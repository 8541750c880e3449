/**
 * Twisted Edwards backends of the curves suite.
 *
 * Ops per curve (group `Edwards <curve>`): add / addAffine / double / isOnCurve in each
 * coordinate system (extended, projective, affine) and variable-time scalar multiplication;
 * plus ed25519 MSM at several sizes. Strata: `@strata/curves` (`ed25519` namespace for
 * edwards25519; namespace `edwards`: `PointExtended` / `PointProj` / `PointAffine` over
 * `jubjub`, `bandersnatch`, `babyJubjub`, and the free scalar multiplications). noble-curves: `ed25519.Point`, `jubjub.Point`, `babyjubjub.Point` (extended
 * coordinates only; noble has no Bandersnatch).
 *
 * BabyJubjub also has EIP-2494 pack / unpack rows (`bj/pack`, `bj/unpack`; peers circomlibjs and
 * @zk-kit/baby-jubjub, which also take `bj/add-aff` and `bj/smul`), and Bandersnatch the
 * Banderwagon rows (`bs/bw-ser`, `bs/bw-deser`, `bs/bw-base-mul`; peer verkle-cryptography-wasm
 * where it offers the op).
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { babyjubjub, jubjub } from '@noble/curves/misc.js';
import { pippenger } from '@noble/curves/abstract/curve.js';
import type { Adapter, Case, Loaded, Mode, OpSpec } from '../types.js';
import { bigToBytesLE, cycle, detBelow, importLoose, need, tryCase, type Loose, importCurves } from '../util.js';
import { bjMsmSizes, msmSizes, msmSlowSamples } from '../fixtures/curves.js';
import { STRUCTURE_PREFIX } from './structure.js';

/** The Edwards curves of the suite: op-id prefix, display name, Strata export, noble point class. */
export const EDWARDS_CURVES = [
  { id: 'ed', name: 'ed25519', strata: 'ed25519', noble: ed25519.Point as unknown as Loose },
  { id: 'jj', name: 'Jubjub', strata: 'jubjub', noble: jubjub.Point as unknown as Loose },
  { id: 'bs', name: 'Bandersnatch', strata: 'bandersnatch', noble: undefined },
  { id: 'bj', name: 'BabyJubjub', strata: 'babyJubjub', noble: babyjubjub.Point as unknown as Loose },
] as const;

const COORD_OPS: readonly [string, string][] = [
  ['add-ext', 'add (extended)'],
  ['add-proj', 'add (projective)'],
  ['add-aff', 'add (affine)'],
  ['madd-ext', 'addAffine (extended + affine)'],
  ['madd-proj', 'addAffine (projective + affine)'],
  ['dbl-ext', 'double (extended)'],
  ['dbl-proj', 'double (projective)'],
  ['dbl-aff', 'double (affine)'],
  ['oncurve-ext', 'isOnCurve (extended)'],
  ['oncurve-proj', 'isOnCurve (projective)'],
  ['oncurve-aff', 'isOnCurve (affine)'],
];

/** The MSM size of the generic Edwards rows (one size: Straus below 64, Pippenger from there). */
export const EDWARDS_MSM_N = 64;

/** Edwards ops for a mode: the coordinate-system breakdown and scalarMul on every curve, MSM on ed25519. */
export function edwardsOps(mode: Mode | string): OpSpec[] {
  const list: OpSpec[] = [];
  for (const c of EDWARDS_CURVES) {
    const group = `Edwards ${c.name}`;
    // Quick runs keep the extended-coordinate ops, plus BabyJubjub's affine add (the op the
    // BabyJubjub libraries offer).
    const coord = mode === 'quick' ? COORD_OPS.filter(([id]) => id.endsWith('-ext') || (c.id === 'bj' && id === 'add-aff')) : COORD_OPS;
    for (const [id, label] of coord) list.push({ id: `${c.id}/${id}`, group, label });
    list.push({ id: `${c.id}/smul`, group, label: 'scalarMultNonConst (var base)' });
    // The generic curves (ed25519 has its own rows): the constant-time multiplication and one MSM size.
    if (c.id !== 'ed') {
      list.push({ id: `${c.id}/smul-ct`, group, label: 'scalarMult (const-time, var base)' });
      list.push({ id: `${c.id}/msm/${EDWARDS_MSM_N}`, group, label: `msm n=${EDWARDS_MSM_N}`, size: EDWARDS_MSM_N });
    }
    if (c.id === 'bs') {
      list.push(
        { id: 'bs/smul-glv', group, label: 'scalarMultGlvNonConst (GLV, var base)' },
        { id: 'bs/bw-ser', group, label: 'Banderwagon serialize (affine → 32 bytes)' },
        { id: 'bs/bw-deser', group, label: 'Banderwagon deserialize (32 bytes → point, subgroup check)' },
        { id: 'bs/bw-base-mul', group, label: 'fixed-base scalar mult (precomputed table) → affine' },
      );
    }
    if (c.id === 'bj') {
      list.push(
        { id: 'bj/pack', group, label: 'pack (EIP-2494, 32 bytes)' },
        { id: 'bj/unpack', group, label: 'unpack (EIP-2494, no subgroup check)' },
      );
    }
  }
  for (const n of msmSizes(mode)) list.push({ id: `ed/msm/${n}`, group: 'ed25519 MSM', label: `msm n=${n}`, size: n, ...msmSlowSamples(n, mode) });
  for (const n of bjMsmSizes(mode)) list.push({ id: `bj/msm/${n}`, group: BJ_MSM_GROUP, label: `msm n=${n}`, size: n, ...msmSlowSamples(n, mode) });
  return list;
}

/** Group of the BabyJubjub MSM rows (issue 24's large MSM). */
export const BJ_MSM_GROUP = 'BabyJubjub MSM';

/**
 * BabyJubjub MSM inputs for n points on a curve with generator G, order `order` and an addition:
 * scalars below the order, points P_i = P_0 + i·Q (a walk: 2^16 points cost 2^16 additions, not
 * 2^16 scalar multiplications). Each backend builds them from its own generator and arithmetic.
 */
export function bjMsmInputs<P>(n: number, order: bigint, mul: (k: bigint) => P, add: (a: P, b: P) => P): { points: P[]; scalars: bigint[] } {
  const step = mul(detBelow('bj/msm-step', 0, order));
  let acc = mul(detBelow('bj/msm-start', 0, order));
  const points: P[] = [];
  for (let i = 0; i < n; i++) {
    points.push(acc);
    acc = add(acc, step);
  }
  return { points, scalars: Array.from({ length: n }, (_, i) => detBelow('bj/msm-s', i, order)) };
}

const N = 8;

/** noble-curves Edwards points (extended coordinates, BigInt). */
export const nobleEdwardsAdapter: Adapter = {
  backend: 'noble-curves',
  kind: 'js',
  description: '@noble/curves 2.4.0 ed25519.Point, misc.js jubjub / babyjubjub Point (extended coordinates; multiplyUnsafe, multiply for the constant-time rows)',
  covers: (op) => /^(ed|jj|bj)\/(add-ext|dbl-ext|oncurve-ext|smul$)|^(jj|bj)\/smul-ct$|^ed\/msm\//.test(op.id),
  async load(ctx): Promise<Loaded> {
    const cases: Record<string, Case> = {};
    for (const c of EDWARDS_CURVES) {
      const P = c.noble;
      if (!P) continue;
      const order = (P.Fn as { ORDER: bigint }).ORDER;
      const pts = Array.from({ length: N }, (_, i) => P.BASE.multiply(detBelow(`${c.id}/pt`, i, order)));
      const A = cycle(pts);
      const B = cycle([...pts.slice(1), pts[0]]);
      const K = cycle(Array.from({ length: N }, (_, i) => detBelow(`${c.id}/k`, i, order)));
      cases[`${c.id}/add-ext`] = () => A().add(B());
      cases[`${c.id}/dbl-ext`] = () => A().double();
      cases[`${c.id}/oncurve-ext`] = { run: () => A().assertValidity(), note: 'assertValidity (throws if off-curve)' };
      cases[`${c.id}/smul`] = { run: () => A().multiplyUnsafe(K()), note: 'multiplyUnsafe' };
      if (c.id !== 'ed') cases[`${c.id}/smul-ct`] = { run: () => A().multiply(K()), note: 'multiply (constant-time)' };
    }
    const ops = ctx.ops.filter((o) => o.id.startsWith('ed/msm/'));
    if (ops.length > 0) {
      const P = ed25519.Point;
      const m = Math.max(...ops.map((o) => o.size as number));
      const pts = msmInputs(m).scalars.map((_, i) => P.BASE.multiply(msmInputs(m).pointScalars[i]!));
      for (const op of ops) {
        const n = op.size as number;
        const ps = pts.slice(0, n);
        const sc = msmInputs(m).scalars.slice(0, n);
        cases[op.id] = { run: () => pippenger(P, ps, sc), note: 'abstract/curve.js pippenger' };
      }
    }
    const bjOps = ctx.ops.filter((o) => o.id.startsWith('bj/msm/'));
    if (bjOps.length > 0) {
      const P = babyjubjub.Point;
      const m = Math.max(...bjOps.map((o) => o.size as number));
      const inp = bjMsmInputs(m, P.Fn.ORDER, (k) => P.BASE.multiply(k), (a, b) => a.add(b));
      for (const op of bjOps) {
        const n = op.size as number;
        const ps = inp.points.slice(0, n);
        const sc = inp.scalars.slice(0, n);
        cases[op.id] = { run: () => pippenger(P, ps, sc), note: 'abstract/curve.js pippenger' };
      }
    }
    return { cases };
  },
};

const L = 2n ** 252n + 27742317777372353535851937790883648493n;
let msmCache: { m: number; scalars: bigint[]; pointScalars: bigint[] } | undefined;
/** ed25519 MSM inputs: scalars and the discrete logs of the points (points = pointScalars[i]·B). */
export function msmInputs(m: number): { scalars: bigint[]; pointScalars: bigint[] } {
  if (!msmCache || msmCache.m < m) {
    msmCache = {
      m,
      scalars: Array.from({ length: m }, (_, i) => detBelow('ed/msm-s', i, L)),
      pointScalars: Array.from({ length: m }, (_, i) => detBelow('ed/msm-p', i, L)),
    };
  }
  return msmCache;
}

/** Strata ed25519 point ops (namespace `ed25519` of @strata/curves). */
function strataEd25519Cases(curves: Loose, ops: readonly OpSpec[]): Record<string, Case> {
  const cases: Record<string, Case> = {};
  const ed = need(curves, 'ed25519', '@strata/curves') as Loose;
  const where = '@strata/curves ed25519';
  const Pt = need(ed, 'Point', where);
  const order = L;
  const nb = ed25519.Point;
  const encs = Array.from({ length: N }, (_, i) => nb.BASE.multiply(detBelow('ed/pt', i, order)).toBytes());
  const pts = encs.map((e) => Pt.fromBytes(e) as Loose);
  const A = cycle(pts);
  const B = cycle([...pts.slice(1), pts[0]!]);
  const K = cycle(Array.from({ length: N }, (_, i) => bigToBytesLE(detBelow('ed/k', i, order))));
  const r = new Pt();
  const conv = <T>(name: string, f: (p: Loose) => T): T[] => pts.map((p) => {
    if (typeof p[name] !== 'function') throw new Error(`${where}: Point.${name} is not there yet`);
    return f(p);
  });
  cases['ed/add-ext'] = tryCase(() => { need(Pt.prototype, 'add', 'Point'); return () => r.add(A(), B()); });
  cases['ed/dbl-ext'] = tryCase(() => { need(Pt.prototype, 'double', 'Point'); return () => r.double(A()); });
  cases['ed/oncurve-ext'] = tryCase(() => { need(Pt.prototype, 'isOnCurve', 'Point'); return () => A().isOnCurve(); });
  cases['ed/madd-ext'] = tryCase(() => {
    const affs = conv('toAffine', (p) => p.toAffine());
    const C = cycle([...affs.slice(1), affs[0]]);
    need(Pt.prototype, 'addAffine', 'Point');
    return { run: () => r.addAffine(A(), C()), note: 'Point.addAffine(p, PointAffine)' };
  });
  cases['ed/add-proj'] = tryCase(() => {
    const pr = conv('toProj', (p) => p.toProj());
    const P1 = cycle(pr);
    const P2 = cycle([...pr.slice(1), pr[0]]);
    const out = pr[0].clone();
    return () => out.add(P1(), P2());
  });
  cases['ed/dbl-proj'] = tryCase(() => {
    const pr = conv('toProj', (p) => p.toProj());
    const P1 = cycle(pr);
    const out = pr[0].clone();
    return () => out.double(P1());
  });
  cases['ed/oncurve-proj'] = tryCase(() => {
    const pr = conv('toProj', (p) => p.toProj());
    const P1 = cycle(pr);
    return () => P1().isOnCurve();
  });
  cases['ed/oncurve-aff'] = tryCase(() => {
    const affs = conv('toAffine', (p) => p.toAffine());
    const P1 = cycle(affs);
    return () => P1().isOnCurve();
  });
  // Affine add/double cost an inversion each: timed so the table shows why the
  // extended coordinates are the working system.
  cases['ed/madd-proj'] = tryCase(() => {
    const pr = conv('toProj', (p) => p.toProj());
    const affs = conv('toAffine', (p) => p.toAffine());
    const P1 = cycle(pr);
    const C = cycle([...affs.slice(1), affs[0]]);
    const out = pr[0].clone();
    return () => out.addAffine(P1(), C());
  });
  cases['ed/add-aff'] = tryCase(() => {
    const affs = conv('toAffine', (p) => p.toAffine());
    const A1 = cycle(affs);
    const A2 = cycle([...affs.slice(1), affs[0]]);
    const out = affs[0].clone();
    return () => out.set(A1()).add(out, A2());
  });
  cases['ed/dbl-aff'] = tryCase(() => {
    const affs = conv('toAffine', (p) => p.toAffine());
    const A1 = cycle(affs);
    const out = affs[0].clone();
    return () => out.set(A1()).double(out);
  });
  cases['ed/smul'] = tryCase(() => {
    const f = need(ed, 'scalarMultNonConst', where);
    const B0 = need(Pt, 'generator', 'Point')();
    const B2 = new Pt().double(B0);
    return { run: () => f(K(), A(), r), check: () => f(bigToBytesLE(5n), B0).equals(new Pt().add(new Pt().add(B2, B2), B0)) };
  });
  const msmOps = ops.filter((o) => o.id.startsWith('ed/msm/'));
  if (msmOps.length > 0) {
    const m = Math.max(...msmOps.map((o) => o.size as number));
    for (const op of msmOps) {
      cases[op.id] = tryCase(() => {
        const f = need(ed, 'msmNonConst', where);
        const inp = msmInputs(m);
        const n = op.size as number;
        const base = need(ed, 'scalarBaseMultNonConst', where);
        const ps = inp.pointScalars.slice(0, n).map((s) => base(bigToBytesLE(s)));
        const sc = inp.scalars.slice(0, n).map((s) => bigToBytesLE(s));
        return () => f(ps, sc, r);
      });
    }
  }
  return cases;
}

/** Strata generic Edwards curves (PointExtended / PointProj / PointAffine over an EdwardsCurve). */
function strataGenericCases(curves: Loose, c: (typeof EDWARDS_CURVES)[number], ops: readonly OpSpec[]): Record<string, Case> {
  const cases: Record<string, Case> = {};
  const edw = need(curves, 'edwards', '@strata/curves') as Loose;
  const where = '@strata/curves edwards';
  const curve = need(edw, c.strata, where) as Loose;
  const Ext = need(edw, 'PointExtended', where);
  const Proj = need(edw, 'PointProj', where);
  const Aff = need(edw, 'PointAffine', where);
  const mulNonConst = need(edw, 'scalarMultNonConst', where);
  const order = curve.order as bigint;
  const G = new Ext(curve).setGenerator();
  const ext = Array.from({ length: N }, (_, i) => mulNonConst(detBelow(`${c.id}/pt`, i, order), G) as Loose);
  const aff = ext.map((p) => p.toAffine() as Loose);
  const proj = ext.map((p) => p.toProj() as Loose);
  const rot = <T>(a: T[]): T[] => [...a.slice(1), a[0] as T];
  const E1 = cycle(ext);
  const E2 = cycle(rot(ext));
  const P1 = cycle(proj);
  const P2 = cycle(rot(proj));
  const A1 = cycle(aff);
  const A2 = cycle(rot(aff));
  const K = cycle(Array.from({ length: N }, (_, i) => detBelow(`${c.id}/k`, i, order)));
  const re = new Ext(curve);
  const rp = new Proj(curve);
  const ra = new Aff(curve);
  const id = c.id;
  // Each case copies its first operand into the result, then operates in place (the same work
  // as before the grammar change, so the rows stay comparable with earlier runs).
  cases[`${id}/add-ext`] = () => re.set(E1()).add(re, E2());
  cases[`${id}/add-proj`] = () => rp.set(P1()).add(rp, P2());
  cases[`${id}/add-aff`] = { run: () => ra.set(A1()).add(ra, A2()), note: 'affine add (one inversion)' };
  cases[`${id}/madd-ext`] = () => re.set(E1()).addAffine(re, A2());
  cases[`${id}/madd-proj`] = () => rp.set(P1()).addAffine(rp, A2());
  cases[`${id}/dbl-ext`] = () => re.set(E1()).double(re);
  cases[`${id}/dbl-proj`] = () => rp.set(P1()).double(rp);
  cases[`${id}/dbl-aff`] = { run: () => ra.set(A1()).double(ra), note: 'affine double (one inversion)' };
  cases[`${id}/oncurve-ext`] = () => E1().isOnCurve();
  cases[`${id}/oncurve-proj`] = () => P1().isOnCurve();
  cases[`${id}/oncurve-aff`] = () => A1().isOnCurve();
  if (c.id === 'bs') {
    cases['bs/smul-glv'] = tryCase(() => {
      const glv = need(edw, 'scalarMultGlvNonConst', where);
      return {
        run: () => glv(K(), E1(), re),
        check: () => glv(12345n, G).equals(mulNonConst(12345n, G)),
        note: 'scalarMultGlvNonConst (GLV endomorphism)',
      };
    });
  }
  if (c.id === 'bj') {
    const out = new Uint8Array(32);
    const encs = aff.map((p) => p.toBytes() as Uint8Array);
    const C = cycle(encs);
    cases['bj/pack'] = {
      run: () => A1().putBytes(out),
      check: () => Aff.fromBytes(curve, aff[0]!.toBytes()).equals(aff[0]),
      note: 'PointAffine.putBytes into a reused buffer (circomlibjs packPoint form)',
    };
    cases['bj/unpack'] = {
      run: () => Aff.fromBytes(curve, C(), undefined, ra),
      check: () => Aff.fromBytes(curve, encs[1]!).equals(aff[1]),
      note: 'PointAffine.fromBytes (curve check; the subgroup check is opt-in, as circomlibjs has none)',
    };
  }
  if (c.id === 'bs') {
    cases['bs/bw-ser'] = tryCase(() => {
      const to = need(edw, 'banderwagonToBytes', where);
      const from = need(edw, 'banderwagonFromBytes', where);
      const out = new Uint8Array(32);
      return { run: () => to(A1(), out), check: () => from(to(aff[0])).equals(ext[0]) || from(to(aff[0])).equals(new Ext(curve).negate(ext[0])), note: 'banderwagonToBytes(PointAffine) into a reused buffer' };
    });
    cases['bs/bw-deser'] = tryCase(() => {
      const to = need(edw, 'banderwagonToBytes', where);
      const from = need(edw, 'banderwagonFromBytes', where);
      const eq = need(edw, 'banderwagonEquals', where);
      const encs = aff.map((p) => to(p) as Uint8Array);
      const C = cycle(encs);
      return { run: () => from(C(), re), check: () => eq(from(encs[0]!), ext[0]), note: 'banderwagonFromBytes (square root + subgroup test) into a reused point' };
    });
    cases['bs/bw-base-mul'] = tryCase(() => {
      const baseMul = need(edw, 'scalarBaseMult', where);
      return {
        run: () => baseMul(curve, K(), re).toAffine(ra),
        check: () => baseMul(curve, 12345n).equals(mulNonConst(12345n, G)),
        note: "scalarBaseMult (constant-time, the generator's precomputed table) + toAffine; verkle's row multiplies CRS point G_0 with its own tables",
      };
    });
  }
  cases[`${id}/smul-ct`] = tryCase(() => {
    const mulCt = need(edw, 'scalarMult', where);
    return {
      run: () => mulCt(K(), E1(), re),
      check: () => mulCt(12345n, ext[1]).equals(mulNonConst(12345n, ext[1])),
      note: 'scalarMult (constant-time, signed radix-16 windows)',
    };
  });
  cases[`${id}/msm/${EDWARDS_MSM_N}`] = tryCase(() => {
    const msm = need(edw, 'msmNonConst', where);
    const pts = Array.from({ length: EDWARDS_MSM_N }, (_, i) => mulNonConst(detBelow(`${c.id}/msm-p`, i, order), G) as Loose);
    const sc = Array.from({ length: EDWARDS_MSM_N }, (_, i) => detBelow(`${c.id}/msm-s`, i, order));
    return {
      run: () => msm(curve, pts, sc, re),
      check: () => msm(curve, pts.slice(0, 2), [3n, 5n]).equals(new Ext(curve).add(mulNonConst(3n, pts[0]), mulNonConst(5n, pts[1]))),
      note: `msmNonConst, ${EDWARDS_MSM_N} extended points (Pippenger from 64)`,
    };
  });
  if (c.id === 'bj') {
    const msm = need(edw, 'msmNonConst', where);
    const bjOps = ops.filter((o) => o.group === BJ_MSM_GROUP);
    const m = Math.max(0, ...bjOps.map((o) => o.size as number));
    let inp: { points: Loose[]; scalars: bigint[] } | undefined;
    for (const op of bjOps) {
      cases[op.id] = tryCase(() => {
        // Affine inputs (one batch inversion), as points arrive decoded.
        inp ??= bjMsmInputs(m, order, (k) => mulNonConst(k, G) as Loose, (a, b) => new Ext(curve).add(a, b) as Loose);
        const n = op.size as number;
        const ps = (need(edw, 'batchToAffine', where)(inp.points.slice(0, n)) as Loose[]);
        const sc = inp.scalars.slice(0, n);
        return { run: () => msm(curve, ps, sc, re), check: () => msm(curve, ps.slice(0, 2), [2n, 3n]).equals(new Ext(curve).add(mulNonConst(2n, inp!.points[0]), mulNonConst(3n, inp!.points[1]))) };
      });
    }
  }
  cases[`${id}/smul`] = {
    run: () => mulNonConst(K(), E1(), re),
    note: c.strata === 'bandersnatch' ? 'scalarMultNonConst (wNAF; GLV variant: scalarMultGlvNonConst)' : 'scalarMultNonConst (wNAF)',
    check: () => mulNonConst(3n, G).equals(new Ext(curve).add(new Ext(curve).double(G), G)),
  };
  return cases;
}

/** The Strata Edwards row of the curves suite. */
export const strataEdwardsAdapter: Adapter = {
  backend: 'strata',
  kind: 'strata',
  description: '@strata/curves twisted Edwards: ed25519 namespace (Fe25519) and edwards namespace (PointExtended/PointProj/PointAffine over jubjub, bandersnatch, babyJubjub; PrimeField)',
  covers: (op) => !op.id.startsWith('k1/') && !op.id.startsWith(STRUCTURE_PREFIX),
  async load(ctx): Promise<Loaded> {
    const curves = await importCurves();
    const cases: Record<string, Case> = {};
    for (const c of EDWARDS_CURVES) {
      const ids = ctx.ops.filter((o) => o.id.startsWith(`${c.id}/`));
      try {
        Object.assign(cases, c.id === 'ed' ? strataEd25519Cases(curves, ctx.ops) : strataGenericCases(curves, c, ctx.ops));
      } catch (e) {
        for (const o of ids) cases[o.id] = { unavailable: e instanceof Error ? e.message : String(e) };
      }
    }
    return { cases };
  },
};
