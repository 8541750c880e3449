/**
 * BabyJubjub peers of the curves suite (group "Edwards BabyJubjub"): `circomlibjs` (the iden3
 * reference whose encoding EIP-2494 follows) and `@zk-kit/baby-jubjub`. Both work on affine
 * points with a field division per addition; their scalar multiplication is double-and-add over
 * that affine addition (variable time). Ops: affine add (`bj/add-aff`), variable-base scalar
 * multiplication (`bj/smul`), pack and unpack (`bj/pack`, `bj/unpack`). The inputs are the
 * points and scalars Strata's rows use (Base8 multiples, see {@link bjInputs}); before timing,
 * each op's result on the first inputs must equal Strata's.
 *
 * circomlibjs builds its BabyJubjub asynchronously (`await buildBabyjub()`) over ffjavascript's
 * bn128 scalar field, whose elements are its own type (32-byte Montgomery form in WebAssembly
 * memory, `F.e(bigint)` / `F.toObject(x)`): inputs are converted at load, outputs in the checks.
 *
 * References: [EIP-2494] Baby Jubjub elliptic curve; iden3 circomlibjs `src/babyjub.js`.
 */
import { babyjubjub } from '@noble/curves/misc.js';
import type { Adapter, Case, Loaded, OpSpec } from '../types.js';
import { agree, bytesToBigBE, cycle, detBelow, type Loose } from '../util.js';
import { strataBabyJubjub, type XY } from './strata-answers.js';

/** How many points and scalars the Edwards rows cycle through (as in adapters/edwards.ts). */
const N = 8;

/** The BabyJubjub ops the peers offer. */
const BJ_PEER_OPS = ['bj/add-aff', 'bj/smul', 'bj/pack', 'bj/unpack'];
const isBjPeerOp = (op: OpSpec): boolean => BJ_PEER_OPS.includes(op.id);

let cached: { pts: XY[]; ks: bigint[] } | undefined;

/**
 * The BabyJubjub inputs of the Edwards rows: P_i = s_i·Base8 with s_i = detBelow('bj/pt', i, ℓ),
 * scalars k_i = detBelow('bj/k', i, ℓ) (ℓ the prime subgroup order) — the same values Strata's
 * rows derive from its generator (= Base8). Computed with noble-curves.
 */
export function bjInputs(): { pts: XY[]; ks: bigint[] } {
  if (!cached) {
    const P = babyjubjub.Point;
    const order = P.Fn.ORDER;
    cached = {
      pts: Array.from({ length: N }, (_, i) => P.BASE.multiply(detBelow('bj/pt', i, order)).toAffine()),
      ks: Array.from({ length: N }, (_, i) => detBelow('bj/k', i, order)),
    };
  }
  return cached;
}

const rot = <T>(a: readonly T[]): T[] => [...a.slice(1), a[0] as T];

/** Little-endian 32 bytes → BigInt (zk-kit's packed form). */
const leToBig = (b: Uint8Array): bigint => bytesToBigBE(new Uint8Array(b).reverse());

/** BigInt → 32 little-endian bytes. */
function bigToLe(x: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) {
    out[i] = Number(x & 0xffn);
    x >>= 8n;
  }
  return out;
}

/** The agreement checks of the four ops, given the peer's ops on bigint points. */
function checks(ops: { add(p: XY, q: XY): XY; mul(p: XY, k: bigint): XY; pack(p: XY): Uint8Array; unpack(b: Uint8Array): XY | null }): Record<string, () => Promise<boolean>> {
  const { pts, ks } = bjInputs();
  const xy = (p: XY | null): string => (p ? `(${p.x}, ${p.y})` : 'null');
  return {
    'bj/add-aff': async () => {
      const s = await strataBabyJubjub();
      return agree('P0 + P1', xy(ops.add(pts[0]!, pts[1]!)), xy(s.add(pts[0]!, pts[1]!)));
    },
    'bj/smul': async () => {
      const s = await strataBabyJubjub();
      return agree('k0·P0', xy(ops.mul(pts[0]!, ks[0]!)), xy(s.mul(pts[0]!, ks[0]!)));
    },
    'bj/pack': async () => {
      const s = await strataBabyJubjub();
      for (const i of [0, 1]) agree(`pack(P${i})`, ops.pack(pts[i]!), s.pack(pts[i]!));
      return true;
    },
    'bj/unpack': async () => {
      const s = await strataBabyJubjub();
      for (const i of [0, 1]) agree(`unpack(pack(P${i}))`, xy(ops.unpack(s.pack(pts[i]!))), xy(s.unpack(s.pack(pts[i]!))));
      return true;
    },
  };
}

/** circomlibjs 0.1.7 `buildBabyjub()`: addPoint, mulPointEscalar, packPoint, unpackPoint. */
export const circomlibjsAdapter: Adapter = {
  backend: 'circomlibjs',
  kind: 'wasm',
  description:
    "circomlibjs 0.1.7 buildBabyjub(): addPoint / mulPointEscalar (double-and-add over affine addPoint) / packPoint / unpackPoint; JavaScript point formulas over ffjavascript's WebAssembly bn128 Fr field (wasmcurves), one JS→WASM call per field operation",
  covers: isBjPeerOp,
  async load(): Promise<Loaded> {
    const mod = (await import('circomlibjs')) as unknown as Loose;
    const bj = (await (mod.buildBabyjub ?? mod.default?.buildBabyjub)()) as Loose;
    const F = bj.F as Loose;
    const { pts, ks } = bjInputs();
    const toF = (p: XY): unknown[] => [F.e(p.x), F.e(p.y)];
    const fromF = (p: unknown[] | null): XY | null => (p ? { x: F.toObject(p[0]) as bigint, y: F.toObject(p[1]) as bigint } : null);
    const fp = pts.map(toF);
    const A = cycle(fp);
    const B = cycle(rot(fp));
    const K = cycle(ks);
    const encs = pts.map((p) => new Uint8Array(bj.packPoint(toF(p)) as Uint8Array));
    const E = cycle(encs);
    const scratch = new Uint8Array(32);
    const c = checks({
      add: (p, q) => fromF(bj.addPoint(toF(p), toF(q))) as XY,
      mul: (p, k) => fromF(bj.mulPointEscalar(toF(p), k)) as XY,
      pack: (p) => new Uint8Array(bj.packPoint(toF(p)) as Uint8Array),
      unpack: (b) => fromF(bj.unpackPoint(new Uint8Array(b))),
    });
    const cases: Record<string, Case> = {
      'bj/add-aff': { run: () => bj.addPoint(A(), B()), check: c['bj/add-aff']!, note: 'addPoint: affine, two field divisions' },
      'bj/smul': { run: () => bj.mulPointEscalar(A(), K()), check: c['bj/smul']!, note: 'mulPointEscalar: double-and-add over affine addPoint (variable time)' },
      'bj/pack': { run: () => bj.packPoint(A()), check: c['bj/pack']!, note: 'packPoint → new 32-byte array' },
      'bj/unpack': {
        run: () => {
          // unpackPoint clears the sign bit of its argument: hand it a copy.
          scratch.set(E());
          return bj.unpackPoint(scratch);
        },
        check: c['bj/unpack']!,
        note: 'unpackPoint on a scratch copy of the encoding (it clears the sign bit of its argument); no subgroup check',
      },
    };
    return { cases };
  },
};

/** @zk-kit/baby-jubjub 1.0.3: addPoint, mulPointEscalar, packPoint, unpackPoint on BigInt pairs. */
export const zkKitBabyJubjubAdapter: Adapter = {
  backend: '@zk-kit/baby-jubjub',
  kind: 'js',
  description:
    '@zk-kit/baby-jubjub 1.0.3 addPoint / mulPointEscalar (double-and-add over affine addPoint) / packPoint / unpackPoint on BigInt pairs (pure JS); the packed form is a BigInt (the little-endian value of the 32 EIP-2494 bytes)',
  covers: isBjPeerOp,
  async load(): Promise<Loaded> {
    const zk = (await import('@zk-kit/baby-jubjub')) as unknown as Loose;
    const { pts, ks } = bjInputs();
    const pairs = pts.map((p) => [p.x, p.y] as [bigint, bigint]);
    const A = cycle(pairs);
    const B = cycle(rot(pairs));
    const K = cycle(ks);
    const packed = pairs.map((p) => zk.packPoint(p) as bigint);
    const E = cycle(packed);
    const xy = (p: [bigint, bigint] | null): XY | null => (p ? { x: p[0], y: p[1] } : null);
    const c = checks({
      add: (p, q) => xy(zk.addPoint([p.x, p.y], [q.x, q.y])) as XY,
      mul: (p, k) => xy(zk.mulPointEscalar([p.x, p.y], k)) as XY,
      pack: (p) => bigToLe(zk.packPoint([p.x, p.y]) as bigint),
      unpack: (b) => xy(zk.unpackPoint(leToBig(b))),
    });
    const cases: Record<string, Case> = {
      'bj/add-aff': { run: () => zk.addPoint(A(), B()), check: c['bj/add-aff']!, note: 'addPoint: affine, two field divisions (BigInt)' },
      'bj/smul': { run: () => zk.mulPointEscalar(A(), K()), check: c['bj/smul']!, note: 'mulPointEscalar: double-and-add over affine addPoint (variable time)' },
      'bj/pack': { run: () => zk.packPoint(A()), check: c['bj/pack']!, note: 'packPoint → BigInt' },
      'bj/unpack': { run: () => zk.unpackPoint(E()), check: c['bj/unpack']!, note: 'unpackPoint(BigInt) (Tonelli–Shanks square root; no subgroup check)' },
    };
    return { cases };
  },
};
