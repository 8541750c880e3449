/**
 * Ad-hoc figures for the generic prime field and the twisted Edwards curves
 * (not a vitest file). CPU time per op (process.cpuUsage, best of 5 batches:
 * the machine is shared) and heap bytes per op (one GC, then n ops, heapUsed
 * delta / n, second of two passes; needs --expose-gc, and semi-spaces large
 * enough that no scavenge runs during a pass — the BigInt line shows the
 * method does see allocation: ~120 B/op).
 *
 *   cd benchmarks && node --expose-gc --max-semi-space-size=256 --min-semi-space-size=256 \
 *     --conditions=@strata/source --import tsx \
 *     ../packages/curves/test/edwards/bench.ts [field|points|smul|msm|count] [jubjub|bandersnatch|babyJubjub] [sizes]
 *
 * `count` sweeps the MSM strategies counting field multiplications (a
 * noise-free cost measure) — the data behind MSM_PIPPENGER_THRESHOLD and
 * pippengerWindow.
 */
import { blsFr, bn254Fr, PrimeField } from '@strata/field';
import { jubjub, bandersnatch, babyJubjub, PointExtended, msmNonConst, type EdwardsCurve, scalarMultNonConst, scalarMult, scalarMultGlvNonConst, scalarBaseMultNonConst, scalarBaseMult } from '../../src/edwards/index.js';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => { throw new Error('run node with --expose-gc'); });

function measure(name: string, n: number, f: () => void): void {
  for (let i = 0; i < Math.min(n, 2000); i++) f();
  let best = Infinity;
  for (let r = 0; r < 5; r++) {
    const m = Math.max(1, Math.floor(n / 5));
    const t0 = process.cpuUsage();
    for (let i = 0; i < m; i++) f();
    const d = process.cpuUsage(t0);
    best = Math.min(best, ((d.user + d.system) * 1000) / m);
  }
  // Twice: the first pass may still allocate JIT feedback / code; report the second.
  let h0 = 0, h1 = 0;
  for (let pass = 0; pass < 2; pass++) {
    gc();
    h0 = process.memoryUsage().heapUsed;
    for (let i = 0; i < n; i++) f();
    h1 = process.memoryUsage().heapUsed;
  }
  const t = best >= 10000 ? `${(best / 1000).toFixed(1)} µs` : `${best.toFixed(0)} ns`;
  console.log(`${name.padEnd(46)} ${t.padStart(10)}   ${((h1 - h0) / n).toFixed(3)} B/op`);
}

const curves: Record<string, EdwardsCurve> = { jubjub, bandersnatch, babyJubjub };
const what = process.argv[2];

if (what === undefined || what === 'field') {
  for (const F of [blsFr, bn254Fr]) {
    const a = F.setBigInt(F.create(), 123456789123456789n ** 3n), b = F.setBigInt(F.create(), 987654321987654321n ** 3n), o = F.create();
    const tag = F === blsFr ? 'blsFr' : 'bn254Fr';
    measure(`${tag} mul`, 1e6, () => F.mul(o, a, b));
    measure(`${tag} square`, 1e6, () => F.square(o, a));
    measure(`${tag} add`, 2e6, () => F.add(o, a, b));
    measure(`${tag} sub`, 2e6, () => F.sub(o, a, b));
    measure(`${tag} inverse`, 5e3, () => F.invert(o, a));
    measure(`${tag} sqrt`, 3e3, () => F.sqrt(o, a));
    measure(`${tag} legendre`, 3e3, () => F.legendre(a));
    const p = F.p;
    let z = 123456789123456789n ** 3n % p;
    const y = 987654321987654321n ** 3n % p;
    measure(`${tag} BigInt (a·b) mod p, for comparison`, 1e6, () => { z = (z * y) % p; });
  }
}

if (what === undefined || what === 'points') {
  for (const c of Object.values(curves)) {
    const E = scalarMultNonConst(12345n, new PointExtended(c).setGenerator()), E2 = new PointExtended(c).setGenerator();
    const A = E2.toAffine(), P = E.toProj(), P2 = E2.toProj(), Af = E.toAffine();
    measure(`${c.name} extended add`, 2e5, () => E.add(E, E2));
    measure(`${c.name} extended addAffine`, 2e5, () => E.addAffine(E, A));
    measure(`${c.name} extended double`, 2e5, () => E.double(E));
    measure(`${c.name} extended isOnCurve`, 2e5, () => E.isOnCurve());
    measure(`${c.name} projective add`, 2e5, () => P.add(P, P2));
    measure(`${c.name} projective addAffine`, 2e5, () => P.addAffine(P, A));
    measure(`${c.name} projective double`, 2e5, () => P.double(P));
    measure(`${c.name} projective isOnCurve`, 2e5, () => P.isOnCurve());
    measure(`${c.name} affine add`, 5e3, () => Af.add(Af, A));
    measure(`${c.name} affine addAffine`, 5e3, () => Af.addAffine(Af, A));
    measure(`${c.name} affine double`, 5e3, () => Af.double(Af));
    measure(`${c.name} affine isOnCurve`, 2e5, () => Af.isOnCurve());
    measure(`${c.name} read params (aM, dM, F, order)`, 1e6, () => { void c.aM; void c.dM; void c.F; void c.order; });
  }
}

if (what === undefined || what === 'smul') {
  for (const c of Object.values(curves)) {
    const E = new PointExtended(c);
    const k = (c.order * 7n) / 11n;
    const kb = new Uint8Array(32);
    let v = k;
    for (let i = 0; i < 32; i++) { kb[i] = Number(v & 0xffn); v >>= 8n; }
    measure(`${c.name} scalarMultNonConst (wNAF 5)`, 300, () => scalarMultNonConst(kb, E.setGenerator(), E));
    measure(`${c.name} scalarMult (fixed sequence)`, 300, () => scalarMult(kb, E.setGenerator(), E));
    if (c.glv !== undefined) measure(`${c.name} scalarMultGlvNonConst`, 300, () => scalarMultGlvNonConst(kb, E.setGenerator(), E));
    measure(`${c.name} scalarBaseMultNonConst (k·G, table)`, 1000, () => scalarBaseMultNonConst(E.curve, kb, E));
    measure(`${c.name} scalarBaseMult (k·G, table, fixed sequence)`, 1000, () => scalarBaseMult(E.curve, kb, E));
    measure(`${c.name} isTorsionFree`, 300, () => E.isTorsionFree());
  }
}

function inputs(c: EdwardsCurve, n: number): [PointExtended[], bigint[]] {
  // Full-size pseudo-random scalars: a 256-bit LCG step, then the top bits.
  let x = 0x9e3779b97f4a7c15f39cc0605cedc8341082276bf3a27251f86c6a11d0c18e95n;
  const pts: PointExtended[] = [], ks: bigint[] = [];
  for (let i = 0; i < n; i++) {
    x = (x * 0x5851f42d4c957f2d14057b7ef767814f9e3779b97f4a7c15n + 1442695040888963407n) % (1n << 256n);
    pts.push(scalarMultNonConst((x >> 3n) % c.order, new PointExtended(c).setGenerator()));
    ks.push(x % c.order);
  }
  return [pts, ks];
}

if (what === 'msm') {
  const c = curves[process.argv[3] ?? 'jubjub']!;
  for (const n of (process.argv[4] ?? '1,4,16,64,128,256,1024').split(',').map(Number)) {
    const [pts, ks] = inputs(c, n);
    const reps = Math.max(1, Math.floor(512 / n));
    const t = (f: () => void) => {
      f();
      let b = Infinity;
      for (let r = 0; r < 3; r++) {
        const t0 = process.cpuUsage();
        for (let i = 0; i < reps; i++) f();
        const d = process.cpuUsage(t0);
        b = Math.min(b, (d.user + d.system) / 1000 / reps);
      }
      return b;
    };
    const s = t(() => msmNonConst(c, pts, ks, undefined, { algorithm: 'straus' }));
    const p = t(() => msmNonConst(c, pts, ks, undefined, { algorithm: 'pippenger' }));
    const m = t(() => msmNonConst(c, pts, ks));
    console.log(`${c.name} n=${n}: Straus ${s.toFixed(2)} ms, Pippenger ${p.toFixed(2)} ms, msmNonConst ${m.toFixed(2)} ms = ${((m * 1000) / n).toFixed(1)} µs/point`);
  }
}

if (what === 'count') {
  const proto = PrimeField.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  let count = 0;
  const m0 = proto['mul']!, s0 = proto['square']!;
  proto['mul'] = function (this: unknown, ...a: unknown[]) { count++; return m0.apply(this, a); };
  proto['square'] = function (this: unknown, ...a: unknown[]) { count++; return s0.apply(this, a); };
  const c = curves[process.argv[3] ?? 'jubjub']!;
  for (const n of (process.argv[4] ?? '4,8,16,32,64,96,128,192,256,512,1024,2048').split(',').map(Number)) {
    const [pts, ks] = inputs(c, n);
    count = 0;
    msmNonConst(c, pts, ks, undefined, { algorithm: 'straus' });
    const s = count;
    const row: string[] = [];
    let best = Infinity, bestW = 0;
    for (let w = 2; w <= 12; w++) {
      count = 0;
      msmNonConst(c, pts, ks, undefined, { algorithm: 'pippenger', window: w });
      row.push(`c${w}:${(count / n).toFixed(0)}`);
      if (count < best) { best = count; bestW = w; }
    }
    console.log(`n=${n}: Straus ${(s / n).toFixed(0)} M/pt | best Pippenger c=${bestW}: ${(best / n).toFixed(0)} M/pt | ${row.join(' ')}`);
  }
}

if (what === 'noble') {
  // Same operations on @noble/curves 2.4.0 (BigInt, immutable points), for comparison.
  const { jubjub: nj, babyjubjub: nb } = await import('@noble/curves/misc.js');
  for (const [c, N] of [[jubjub, nj], [babyJubjub, nb]] as const) {
    const k = (c.order * 7n) / 11n;
    let acc = N.Point.BASE.multiply(12345n);
    const B = N.Point.BASE;
    measure(`noble ${c.name} add`, 2e4, () => { acc = acc.add(B); });
    measure(`noble ${c.name} double`, 2e4, () => { acc = acc.double(); });
    measure(`noble ${c.name} BASE.multiply (cached base table)`, 100, () => { B.multiply(k); });
    const P = acc;
    measure(`noble ${c.name} multiply (non-base point)`, 100, () => { P.multiply(k); });
    measure(`noble ${c.name} multiplyUnsafe (non-base point)`, 100, () => { P.multiplyUnsafe(k); });
  }
}
