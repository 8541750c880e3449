/**
 * Ad-hoc ed25519 timing (not a test; vitest ignores it). Reports CPU time per
 * operation (process.cpuUsage, best of 3), which is steadier than wall time on
 * a shared machine. Run from the repository root:
 *
 *   benchmarks/node_modules/.bin/tsx --conditions=@strata/source packages/curves/test/ed25519/bench.ts [msm sizes, e.g. 64,1024]
 *
 * The side-by-side comparison with the peers lives in benchmarks/.
 */
import { ed25519 as noble } from '@noble/curves/ed25519.js';
import * as E from '../../src/ed25519/index.js';

const { Point, Scalar25519, Fe25519 } = E;
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const rb = (n: number): Uint8Array => {
  const o = new Uint8Array(n);
  for (let i = 0; i < n; i++) o[i] = (Math.random() * 256) | 0;
  return o;
};

function bench(name: string, f: () => void, iters: number, unit: 'ns' | 'µs' = 'µs'): void {
  for (let i = 0; i < Math.max(3, iters / 10); i++) f();
  let best = Infinity;
  for (let r = 0; r < 3; r++) {
    const t = cpuMs();
    for (let i = 0; i < iters; i++) f();
    best = Math.min(best, (cpuMs() - t) / iters);
  }
  const v = unit === 'ns' ? `${(best * 1e6).toFixed(1)} ns` : `${(best * 1e3).toFixed(1)} µs`;
  console.log(`${name.padEnd(44)} ${v}`);
}

const a = ((t) => t.invert(t))(Fe25519.fromInt(123456789));
const b = ((t) => t.invert(t))(Fe25519.fromInt(987654321));
bench('Fe25519.mul', () => void a.mul(a, b), 1e6, 'ns');
bench('Fe25519.square', () => void a.square(a), 1e6, 'ns');
bench('Fe25519.invert', () => void a.invert(a), 2e4);
const s1 = Scalar25519.fromWideBytes(rb(64));
const s2 = Scalar25519.fromWideBytes(rb(64));
const wide = rb(64);
bench('Scalar25519.mul', () => void s1.mul(s1, s2), 1e5);
bench('Scalar25519.setWideBytes', () => void s1.setWideBytes(wide), 1e5);
const P = E.scalarBaseMult(rb(32));
const Q = E.scalarBaseMult(rb(32));
bench('Point.add (add-2008-hwcd-3, 9M)', () => void P.add(P, Q), 3e5, 'ns');
const qc = Q.toCached();
bench('Point.addCached (8M)', () => void P.addCached(P, qc), 3e5, 'ns');
const qn = Q.toNiels();
bench('Point.addNiels (madd-2008-hwcd-3, 7M)', () => void P.addNiels(P, qn), 3e5, 'ns');
bench('Point.double (dbl-2008-hwcd, 4M+4S)', () => void P.double(P), 3e5, 'ns');
const enc = P.toBytes();
const tmp = new Point();
bench('Point.trySetBytes (decode)', () => void tmp.trySetBytes(enc), 2e4);
bench('Point.toBytes', () => void P.toBytes(), 2e4);
const k = s1.toBytes();
const k2 = s2.toBytes();
const out = new Point();
bench('scalarBaseMultNonConst', () => void E.scalarBaseMultNonConst(k, out), 3000);
bench('scalarBaseMult (constant time)', () => void E.scalarBaseMult(k, out), 3000);
bench('scalarMultNonConst', () => void E.scalarMultNonConst(k, P, out), 1000);
bench('scalarMult (constant time)', () => void E.scalarMult(k, P, out), 1000);
bench('doubleScalarMultBaseNonConst', () => void E.doubleScalarMultBaseNonConst(k, P, k2, out), 1000);
const tbl = E.WnafTable.fromPoint(P);
bench('doubleScalarMultBaseNonConst (WnafTable)', () => void E.doubleScalarMultBaseNonConst(k, tbl, k2, out), 1000);
const ptbl = E.precomputeNonConst(P);
bench('doubleScalarMultBaseNonConst (PublicPointTable w5/t8)', () => void E.doubleScalarMultBaseNonConst(k, ptbl, k2, out), 1000);
bench('precomputeNonConst (w5/t8)', () => void E.precomputeNonConst(P), 100);
const sizes = process.argv[2] !== undefined ? process.argv[2].split(',').map(Number) : [64, 1024];
for (const n of sizes) {
  const pts = Array.from({ length: n }, () => Point.fromBytes(E.scalarBaseMult(rb(32)).toBytes()));
  const sc = Array.from({ length: n }, () => Scalar25519.fromWideBytes(rb(64)));
  const iters = Math.max(2, Math.floor(2000 / n));
  for (let i = 0; i < 2; i++) E.msmNonConst(pts, sc, out);
  let best = Infinity;
  for (let r = 0; r < 3; r++) {
    const t = cpuMs();
    for (let i = 0; i < iters; i++) E.msmNonConst(pts, sc, out);
    best = Math.min(best, (cpuMs() - t) / iters);
  }
  console.log(`${`msmNonConst n=${n}`.padEnd(44)} ${((best * 1e3) / n).toFixed(1)} µs/point (${best.toFixed(2)} ms)`);
}
const priv = rb(32);
const pub = noble.getPublicKey(priv);
const msg = rb(32);
const sig = noble.sign(msg, priv);
bench('@noble/curves ed25519.verify (reference)', () => void noble.verify(sig, msg, pub), 200);
