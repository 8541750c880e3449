/**
 * Strata secp256k1 in the curves suite: `@strata/curves` namespace `secp256k1`
 * (JacobianPoint and its addNonConst / doubleNonConst methods, scalar multiplication, pointFromBytes, msmNonConst)
 * over `FieldVal` / `ModNScalar` from `@strata/field`. Every export is feature-detected.
 */
import type { Adapter, Case, Loaded } from '../types.js';
import type { CurvesFixtures } from '../fixtures/curves.js';
import { N_SECP as N_ORDER, P_SECP } from '../fixtures/field.js';
import { agree, bigToBytesBE, cycle, importLoose, method, need, toHex, tryCase, type Loose, importCurves } from '../util.js';
import type { K1Fixtures } from '../fixtures/curves.js';
import { tweakPoints } from './peers-secp256k1-more.js';

/**
 * The byte-level public-key ops (group "secp256k1 public keys"): bytes in, bytes out, through
 * the allocation-free `…Into` serializers. Self-checks against the fixtures' noble-curves
 * encodings (the peers are checked against these Strata functions).
 */
function pubkeyCases(k1: Loose, fx: K1Fixtures, scalar: (x: bigint) => Loose): Record<string, Case> {
  const fn = (name: string): ((...a: unknown[]) => Loose) => need(k1, name, 'secp256k1');
  const JP = need(k1, 'JacobianPoint', 'secp256k1');
  const r1 = new JP();
  const r2 = new JP();
  const o33 = new Uint8Array(33);
  const o65 = new Uint8Array(65);
  const T = tweakPoints(fx);
  // One reused scalar, set from the 32 bytes in place (as a caller holding key bytes would).
  const kScalar = scalar(1n);
  const setBytes = method(kScalar, ['setBytesReduced'], 'ModNScalar');
  const sc = (b: Uint8Array): Loose => {
    kScalar[setBytes](b);
    return kScalar;
  };
  return {
    'k1/pubkey': tryCase(() => {
      const base = fn('scalarBaseMult');
      const enc = fn('pointToBytes');
      const K = cycle(fx.kBytes);
      const f = (k: Uint8Array): Uint8Array => enc(base(sc(k), r1), o33) as unknown as Uint8Array;
      return {
        run: () => f(K()),
        check: () => agree('public key of secret 0 (vs noble-curves fixture)', new Uint8Array(f(fx.kBytes[0]!)), fx.compressed[0]),
        note: 'ModNScalar.setBytes + scalarBaseMult + pointToBytes',
      };
    }),
    'k1/tweak-mul': tryCase(() => {
      const parse = fn('pointFromBytes');
      const mul = fn('scalarMult');
      const enc = fn('pointToBytes');
      const P = cycle(T);
      const K = cycle(fx.kBytes);
      const f = (p: Uint8Array, k: Uint8Array): Uint8Array => enc(mul(sc(k), parse(p, r1), r2), o33) as unknown as Uint8Array;
      return {
        run: () => f(P(), K()),
        // T[0] = k_3·G, so k_0·T[0] = (k_0·k_3)·G: checked through the base multiplication.
        check: () => agree('tweak-multiply of point 0', new Uint8Array(f(T[0]!, fx.kBytes[0]!)), new Uint8Array(enc(fn('scalarBaseMult')(scalar((fx.k[0]! * fx.k[3]!) % N_ORDER)), new Uint8Array(33)) as unknown as Uint8Array)),
        note: 'pointFromBytes + scalarMult (constant-time) + pointToBytes',
      };
    }),
    'k1/to-uncompressed': tryCase(() => {
      const parse = fn('pointFromBytes');
      const enc = fn('pointToBytesUncompressed');
      const C = cycle(fx.compressed);
      const f = (p: Uint8Array): Uint8Array => enc(parse(p, r1), o65) as unknown as Uint8Array;
      return { run: () => f(C()), check: () => agree('uncompressed form of key 0', new Uint8Array(f(fx.compressed[0]!)), fx.uncompressed[0]), note: 'pointFromBytes + pointToBytesUncompressed' };
    }),
    'k1/to-compressed': tryCase(() => {
      const parse = fn('pointFromBytes');
      const enc = fn('pointToBytes');
      const U = cycle(fx.uncompressed);
      const f = (p: Uint8Array): Uint8Array => enc(parse(p, r1), o33) as unknown as Uint8Array;
      return { run: () => f(U()), check: () => agree('compressed form of key 0', new Uint8Array(f(fx.uncompressed[0]!)), fx.compressed[0]), note: 'pointFromBytes + pointToBytes' };
    }),
  };
}

/** Builds Strata secp256k1 helpers (scalar and point constructors) from the loaded modules. */
export function strataK1Kit(field: Loose, curves: Loose): {
  k1: Loose;
  scalar: (x: bigint) => Loose;
  fe: (x: bigint) => Loose;
  affine: (q: { x: bigint; y: bigint }) => Loose;
  jacobian: (q: { x: bigint; y: bigint }, z: bigint) => Loose;
  newPoint: () => Loose;
} {
  const k1 = need(curves, 'secp256k1', '@strata/curves') as Loose;
  const FieldVal = need(field, 'FieldVal', '@strata/field');
  const ModNScalar = need(field, 'ModNScalar', '@strata/field');
  const JP = need(k1, 'JacobianPoint', 'secp256k1');
  const sSet = method(ModNScalar.prototype, ['setBytesReduced'], 'ModNScalar');
  const fSet = method(FieldVal.prototype, ['setBytesReduced'], 'FieldVal');
  const fe = (x: bigint): Loose => {
    const f = new FieldVal();
    f[fSet](bigToBytesBE(x));
    return f;
  };
  const scalar = (x: bigint): Loose => {
    const s = new ModNScalar();
    s[sSet](bigToBytesBE(x));
    return s;
  };
  const p = P_SECP;
  return {
    k1,
    scalar,
    fe,
    affine: (q) => new JP().setAffine(fe(q.x), fe(q.y)),
    jacobian: (q, z) => new JP().setJacobian(fe((q.x * z * z) % p), fe((q.y * z * z * z) % p), fe(z)),
    newPoint: () => new JP(),
  };
}

/** The Strata secp256k1 row of the curves suite. */
export const strataK1Adapter: Adapter = {
  backend: 'strata',
  kind: 'strata',
  description: '@strata/curves secp256k1 (Jacobian, 10×26-bit FieldVal; NonConst = variable time)',
  covers: (op) => op.id.startsWith('k1/'),
  async load(ctx): Promise<Loaded> {
    const field = await importLoose('@strata/field');
    const curves = await importCurves();
    const fx = (ctx.fixtures as CurvesFixtures).k1;
    const kit = strataK1Kit(field, curves);
    const { k1 } = kit;
    const n = fx.pts.length;
    const aff = fx.pts.map(kit.affine);
    const jac = fx.pts.map((q, i) => kit.jacobian(q, fx.z[i] as bigint));
    const eqz = fx.pts.map((_, i) => kit.jacobian(fx.pts[(i + 1) % n]!, fx.z[i] as bigint));
    const A = cycle(aff);
    const B = cycle([...aff.slice(1), aff[0]!]);
    const J = cycle(jac);
    const J2 = cycle([...jac.slice(1), jac[0]!]);
    const E = cycle(eqz);
    const K = cycle(fx.k.map(kit.scalar));
    const K2 = cycle(fx.k2.map(kit.scalar));
    const C = cycle(fx.compressed);
    const r = kit.newPoint();
    const fn = (name: string): ((...a: unknown[]) => Loose) => need(k1, name, 'secp256k1');
    const ser = (pt: Loose): string => toHex(fn('pointToBytes')(pt) as unknown as Uint8Array);
    const expect0 = toHex(fx.compressed[0]!);
    const cases: Record<string, Case> = {
      'k1/add-z1': tryCase(() => { need(r, 'addNonConst', 'JacobianPoint'); return () => r.addNonConst(A(), B()); }),
      'k1/add-eqz': tryCase(() => { need(r, 'addNonConst', 'JacobianPoint'); return () => r.addNonConst(J(), E()); }),
      'k1/add-onez1': tryCase(() => { need(r, 'addNonConst', 'JacobianPoint'); return () => r.addNonConst(J(), A()); }),
      'k1/add-generic': tryCase(() => { need(r, 'addNonConst', 'JacobianPoint'); return () => r.addNonConst(J(), J2()); }),
      'k1/double': tryCase(() => { need(r, 'doubleNonConst', 'JacobianPoint'); return () => r.doubleNonConst(J()); }),
      'k1/base-nc': tryCase(() => {
        const f = fn('scalarBaseMultNonConst');
        return { run: () => f(K(), r), check: () => ser(f(kit.scalar(fx.k[0]!))) === expect0 };
      }),
      'k1/base-ct': tryCase(() => {
        const f = fn('scalarBaseMult');
        return { run: () => f(K(), r), check: () => ser(f(kit.scalar(fx.k[0]!))) === expect0 };
      }),
      'k1/mult-nc': tryCase(() => {
        const f = fn('scalarMultNonConst');
        return { run: () => f(K(), A(), r), check: () => ser(f(kit.scalar(fx.k[0]!), k1.generator())) === expect0 };
      }),
      'k1/mult-ct': tryCase(() => {
        const f = fn('scalarMult');
        return { run: () => f(K(), A(), r), check: () => ser(f(kit.scalar(fx.k[0]!), k1.generator())) === expect0 };
      }),
      'k1/dsm': tryCase(() => { const f = fn('doubleScalarMultBaseNonConst'); return () => f(K2(), A(), K(), r); }),
      'k1/parse': tryCase(() => {
        const f = fn('pointFromBytes');
        return { run: () => f(C(), r), check: () => ser(f(fx.compressed[0]!)) === expect0 };
      }),
      ...pubkeyCases(k1, fx, kit.scalar),
    };
    const msmPts = fx.msmPoints.map(kit.affine);
    const msmSc = fx.msmScalars.map(kit.scalar);
    for (const op of ctx.ops) {
      if (!op.id.startsWith('k1/msm/')) continue;
      const size = op.size as number;
      cases[op.id] = tryCase(() => {
        const f = fn('msmNonConst');
        const pts = msmPts.slice(0, size);
        const sc = msmSc.slice(0, size);
        return () => f(pts, sc, r);
      });
    }
    return { cases };
  },
};
