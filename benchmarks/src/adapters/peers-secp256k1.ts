/**
 * secp256k1 peers of the curves suite: noble-curves (BigInt, projective), elliptic (bn.js,
 * Jacobian) and tiny-secp256k1 (libsecp256k1 compiled to WebAssembly). Their public-key ops
 * (group "secp256k1 public keys") come from k1PubkeyCases, checked against Strata.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { pippenger } from '@noble/curves/abstract/curve.js';
import BN from 'bn.js';
import elliptic from 'elliptic';
import type { Adapter, Case, Loaded } from '../types.js';
import type { CurvesFixtures } from '../fixtures/curves.js';
import { P_SECP } from '../fixtures/field.js';
import { cycle } from '../util.js';
import { isK1PubkeyOp, k1PubkeyCases } from './peers-secp256k1-more.js';

/** noble-curves secp256k1: `Point` (projective X/Y/Z, complete formulas). */
export const nobleK1Adapter: Adapter = {
  backend: 'noble-curves',
  kind: 'js',
  description: '@noble/curves 2.4.0 secp256k1.Point (projective, complete addition; multiplyUnsafe = variable time)',
  covers: (op) => op.id.startsWith('k1/'),
  async load(ctx): Promise<Loaded> {
    const fx = (ctx.fixtures as CurvesFixtures).k1;
    const P = secp256k1.Point;
    const p = P_SECP;
    const aff = fx.pts.map((q) => P.fromAffine(q));
    const proj = fx.pts.map((q, i) => {
      const z = fx.z[i] as bigint;
      return new P((q.x * z) % p, (q.y * z) % p, z);
    });
    const A = cycle(aff);
    const B = cycle([...aff.slice(1), aff[0]!]);
    const J = cycle(proj);
    const J2 = cycle([...proj.slice(1), proj[0]!]);
    const K = cycle(fx.k);
    const K2 = cycle(fx.k2);
    const C = cycle(fx.compressed);
    const cases: Record<string, Case> = {
      'k1/add-z1': () => A().add(B()),
      'k1/add-eqz': { run: () => J().add(J2()), note: 'complete formula: same cost on every path' },
      'k1/add-onez1': () => J().add(A()),
      'k1/add-generic': () => J().add(J2()),
      'k1/double': () => J().double(),
      'k1/base-nc': { run: () => P.BASE.multiplyUnsafe(K()), note: 'Point.BASE.multiplyUnsafe (precomputed base table)' },
      'k1/base-ct': { run: () => P.BASE.multiply(K()), note: 'Point.BASE.multiply' },
      'k1/mult-nc': { run: () => A().multiplyUnsafe(K()), note: 'multiplyUnsafe' },
      'k1/mult-ct': { run: () => A().multiply(K()), note: 'multiply' },
      'k1/dsm': { run: () => P.BASE.multiplyUnsafe(K()).add(A().multiplyUnsafe(K2())), note: 'BASE.multiplyUnsafe(u1).add(P.multiplyUnsafe(u2))' },
      'k1/parse': { run: () => P.fromBytes(C()), note: 'Point.fromBytes (decompress + validate)' },
      ...k1PubkeyCases(fx, {
        pubkey: (k) => secp256k1.getPublicKey(k, true),
        tweakMul: (pt, k) => P.fromBytes(pt).multiply(P.Fn.fromBytes(k)).toBytes(true),
        toUncompressed: (pt) => P.fromBytes(pt).toBytes(false),
        toCompressed: (pt) => P.fromBytes(pt).toBytes(true),
      }),
    };
    const msmPts = fx.msmPoints.map((q) => P.fromAffine(q));
    for (const op of ctx.ops) {
      if (!op.id.startsWith('k1/msm/')) continue;
      const n = op.size as number;
      const pts = msmPts.slice(0, n);
      const sc = fx.msmScalars.slice(0, n);
      cases[op.id] = { run: () => pippenger(P, pts, sc), note: 'abstract/curve.js pippenger' };
    }
    return { cases };
  },
};

/** elliptic 6.6.1 secp256k1: affine `Point`, Jacobian `JPoint`, bn.js field arithmetic. */
export const ellipticK1Adapter: Adapter = {
  backend: 'elliptic',
  kind: 'js',
  description: 'elliptic 6.6.1 secp256k1 (bn.js with BN.red k256; JPoint Jacobian formulas; mul = wNAF, variable time)',
  // elliptic's multiplications are variable-time wNAF: no row for the constant-time ops.
  covers: (op) => op.id.startsWith('k1/') && !op.id.startsWith('k1/msm/') && !op.id.endsWith('-ct') && op.id !== 'k1/pubkey' && op.id !== 'k1/tweak-mul',
  async load(ctx): Promise<Loaded> {
    const fx = (ctx.fixtures as CurvesFixtures).k1;
    const ec = new elliptic.ec('secp256k1');
    const curve = ec.curve as unknown as {
      point(x: BN, y: BN): any; // eslint-disable-line @typescript-eslint/no-explicit-any
      jpoint(x: BN, y: BN, z: BN): any; // eslint-disable-line @typescript-eslint/no-explicit-any
      decodePoint(b: Uint8Array | number[]): any; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const bn = (x: bigint): BN => new BN(x.toString(16), 16);
    const p = P_SECP;
    const aff = fx.pts.map((q) => curve.point(bn(q.x), bn(q.y)));
    const affJ = aff.map((q) => q.toJ());
    const jac = fx.pts.map((q, i) => {
      const z = fx.z[i] as bigint;
      return curve.jpoint(bn((q.x * z * z) % p), bn((q.y * z * z * z) % p), bn(z));
    });
    // Equal Z: scale the second point of each pair by the first's z.
    const eqz = fx.pts.map((_, i) => {
      const q = fx.pts[(i + 1) % fx.pts.length]!;
      const z = fx.z[i] as bigint;
      return curve.jpoint(bn((q.x * z * z) % p), bn((q.y * z * z * z) % p), bn(z));
    });
    const A = cycle(aff);
    const B = cycle([...aff.slice(1), aff[0]!]);
    const AJ = cycle(affJ);
    const J = cycle(jac);
    const J2 = cycle([...jac.slice(1), jac[0]!]);
    const E = cycle(eqz);
    const K = cycle(fx.k.map(bn));
    const K2 = cycle(fx.k2.map(bn));
    const C = cycle(fx.compressed);
    const G = ec.g;
    void B;
    return {
      cases: {
        'k1/add-z1': { run: () => AJ().mixedAdd(B()), note: 'JPoint(z=1).mixedAdd(Point)' },
        'k1/add-eqz': { run: () => J().add(E()), note: 'JPoint.add (no equal-Z shortcut)' },
        'k1/add-onez1': { run: () => J().mixedAdd(A()), note: 'JPoint.mixedAdd(Point)' },
        'k1/add-generic': { run: () => J().add(J2()), note: 'JPoint.add' },
        'k1/double': { run: () => J().dbl(), note: 'JPoint.dbl' },
        'k1/base-nc': { run: () => G.mul(K()), note: 'ec.g.mul (precomputed doubles)' },
        'k1/mult-nc': { run: () => A().mul(K()), note: 'Point.mul (wNAF)' },
        'k1/dsm': { run: () => G.mulAdd(K(), A(), K2()), note: 'ec.g.mulAdd(u1, P, u2)' },
        'k1/parse': { run: () => curve.decodePoint(C()), note: 'curve.decodePoint (no on-curve check beyond decompression)' },
        ...k1PubkeyCases(
          fx,
          {
            toUncompressed: (pt) => curve.decodePoint(pt).encode('array', false) as Uint8Array,
            toCompressed: (pt) => curve.decodePoint(pt).encode('array', true) as Uint8Array,
          },
          { 'k1/to-uncompressed': 'decodePoint + encode (number[])', 'k1/to-compressed': 'decodePoint + encode (number[])' },
        ),
      },
    };
  },
};

/** tiny-secp256k1 2.2.4: libsecp256k1 in WebAssembly; byte-oriented API (each call parses and serializes). */
export const tinyK1Adapter: Adapter = {
  backend: 'tiny-secp256k1',
  kind: 'wasm',
  description: 'tiny-secp256k1 2.2.4 (libsecp256k1 → WASM): pointFromScalar, pointMultiply, isPoint; inputs/outputs are bytes',
  covers: (op) => op.id === 'k1/base-ct' || op.id === 'k1/mult-ct' || op.id === 'k1/parse' || isK1PubkeyOp(op),
  async load(ctx): Promise<Loaded> {
    const tiny = await import('tiny-secp256k1');
    const fx = (ctx.fixtures as CurvesFixtures).k1;
    const K = cycle(fx.kBytes);
    const C = cycle(fx.compressed);
    const C2 = cycle([...fx.compressed.slice(3), ...fx.compressed.slice(0, 3)]);
    return {
      cases: {
        'k1/base-ct': { run: () => tiny.pointFromScalar(K(), true), note: 'pointFromScalar → 33-byte point', check: () => tiny.pointFromScalar(fx.kBytes[0]!, true)!.every((b, i) => b === fx.compressed[0]![i]) },
        'k1/mult-ct': { run: () => tiny.pointMultiply(C2(), K(), true), note: 'pointMultiply(bytes, tweak) incl. parse + serialize' },
        'k1/parse': { run: () => tiny.isPoint(C()), note: 'isPoint (decompress + validate)', check: () => tiny.isPoint(fx.compressed[0]!) },
        ...k1PubkeyCases(fx, {
          pubkey: (k) => tiny.pointFromScalar(k, true) as Uint8Array,
          tweakMul: (pt, k) => tiny.pointMultiply(pt, k, true) as Uint8Array,
          toUncompressed: (pt) => tiny.pointCompress(pt, false),
          toCompressed: (pt) => tiny.pointCompress(pt, true),
        }),
      },
    };
  },
};
