/**
 * Suite `field`: prime-field arithmetic.
 *
 * Groups: secp256k1 base field Fp (mul, square, add, normalize, sqrt, inverse, set-from-bytes),
 * the secp256k1 scalar field Fn (mul, add, inverse), GF(2^255−19) (mul, square, inverse) and
 * Strata's generic PrimeField over the BLS12-381 scalar field (Jubjub's base field; mul, square).
 * Backends: Strata (FieldVal / ModNScalar / Fe25519 / PrimeField), Strata's WebAssembly field
 * kernels (`strata (wasm)`, mul and square of Fp and GF(2^255−19)), native BigInt, bn.js with a
 * reduction context (what elliptic uses), noble-curves `Field`. Go decred figures as reference.
 */
import BN from 'bn.js';
import { Field } from '@noble/curves/abstract/modular.js';
import { secp256k1 as nobleK1 } from '@noble/curves/secp256k1.js';
import { ed25519 as nobleEd } from '@noble/curves/ed25519.js';
import { jubjub as nobleJubjub } from '@noble/curves/misc.js';
import type { Adapter, Case, Loaded, OpSpec, ReferenceFigure, Suite } from '../types.js';
import { goFigure } from '../reference.js';
import { bytesToBigBE, cycle } from '../util.js';
import { FIELDS, fieldFixtures, type FieldFixtures, type FieldInputs } from '../fixtures/field.js';
import { strataFieldAdapter, strataBytewiseSqrtAdapter } from '../adapters/strata-field.js';
import { strataWasmFieldAdapter } from '../adapters/strata-wasm.js';
import { refModPow } from '@strata/field/reference';

function ops(): OpSpec[] {
  const list: OpSpec[] = [];
  for (const f of FIELDS) {
    for (const o of f.ops) {
      // The peers' inverses are all variable-time: Strata's NonConst inverse is compared with them too.
      if (o === 'inverse-nc') list.push({ id: `${f.prefix}/${o}`, group: f.group, label: 'invertNonConst', compareTo: `${f.prefix}/inverse` });
      else list.push({ id: `${f.prefix}/${o}`, group: f.group, label: o });
    }
  }
  return list;
}

function invEuclid(a: bigint, m: bigint): bigint {
  let [r0, r1] = [m, ((a % m) + m) % m];
  let [t0, t1] = [0n, 1n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [t0, t1] = [t1, t0 - q * t1];
  }
  return t0 < 0n ? t0 + m : t0;
}

/** Square root mod p for p ≡ 3 (mod 4): a^((p+1)/4); Tonelli–Shanks is not needed for the fields benchmarked. */
function sqrtBig(a: bigint, p: bigint): bigint {
  return refModPow(a, (p + 1n) / 4n, p);
}

const bigintAdapter: Adapter = {
  backend: 'native BigInt',
  kind: 'js',
  description: 'plain JavaScript BigInt: (a*b) % p, square-and-multiply sqrt, extended-Euclid inverse',
  async load(ctx): Promise<Loaded> {
    const fx = ctx.fixtures as FieldFixtures;
    const cases: Record<string, Case> = {};
    for (const f of FIELDS) {
      const x = fx[f.prefix] as FieldInputs;
      const p = f.p;
      const A = cycle(x.a);
      const B = cycle(x.b);
      const S = cycle(x.sq);
      const U = cycle(x.unreduced);
      const BY = cycle(x.bytesBE);
      for (const o of f.ops) {
        const id = `${f.prefix}/${o}`;
        if (o === 'mul') cases[id] = () => (A() * B()) % p;
        if (o === 'square') cases[id] = () => { const a = A(); return (a * a) % p; };
        if (o === 'add') cases[id] = () => { const r = A() + B(); return r >= p ? r - p : r; };
        if (o === 'normalize') cases[id] = () => U() % p;
        if (o === 'sqrt' && p % 4n === 3n) cases[id] = { run: () => sqrtBig(S(), p), check: () => { const s = sqrtBig(x.sq[0] as bigint, p); return (s * s) % p === x.sq[0]; } };
        if (o === 'inverse') cases[id] = { run: () => invEuclid(A(), p), note: 'extended Euclid (variable time)' };
        if (o === 'set-bytes') cases[id] = () => bytesToBigBE(BY()) % p;
      }
    }
    return { cases };
  },
};

const bnAdapter: Adapter = {
  backend: 'bn.js',
  kind: 'js',
  description: "bn.js 5.2.5 in a reduction context: BN.red('k256') / BN.red('p25519') as elliptic uses, BN.red(p) otherwise",
  async load(ctx): Promise<Loaded> {
    const fx = ctx.fixtures as FieldFixtures;
    const cases: Record<string, Case> = {};
    for (const f of FIELDS) {
      const x = fx[f.prefix] as FieldInputs;
      const red = BN.red((f.bnPrime ?? new BN(f.p.toString(16), 16)) as never);
      const toRed = (v: bigint): ReturnType<BN['toRed']> => new BN(v.toString(16), 16).toRed(red);
      const A = cycle(x.a.map(toRed));
      const B = cycle(x.b.map(toRed));
      const S = cycle(x.sq.map(toRed));
      const U = cycle(x.unreduced.map((v) => new BN(v.toString(16), 16)));
      const BY = cycle(x.bytesBE);
      const pBN = new BN(f.p.toString(16), 16);
      for (const o of f.ops) {
        const id = `${f.prefix}/${o}`;
        if (o === 'mul') cases[id] = () => A().redMul(B());
        if (o === 'square') cases[id] = () => A().redSqr();
        if (o === 'add') cases[id] = () => A().redAdd(B());
        if (o === 'normalize') cases[id] = { run: () => red.imod(U().clone()), note: 'clone + red.imod (bn.js reduces in place)' };
        if (o === 'sqrt') cases[id] = { run: () => S().redSqrt(), check: () => { const v = toRed(x.sq[0] as bigint); return v.redSqrt().redSqr().eq(v); } };
        if (o === 'inverse') cases[id] = { run: () => A().redInvm(), note: 'redInvm (binary extended Euclid, variable time)' };
        if (o === 'set-bytes') cases[id] = () => new BN(BY()).umod(pBN).toRed(red);
      }
    }
    return { cases };
  },
};

const nobleAdapter: Adapter = {
  backend: 'noble-curves',
  kind: 'js',
  description: '@noble/curves 2.4.0 fields (BigInt): secp256k1.Point.Fp / .Fn, ed25519.Point.Fp, jubjub.Point.Fp (= BLS12-381 Fr)',
  async load(ctx): Promise<Loaded> {
    const fx = ctx.fixtures as FieldFixtures;
    const cases: Record<string, Case> = {};
    for (const f of FIELDS) {
      const x = fx[f.prefix] as FieldInputs;
      // The curves' own field objects where noble has them (secp256k1's Fp carries its
      // addition-chain sqrt); Field(p) otherwise.
      const own: Record<string, { ORDER: bigint } | undefined> = {
        fp: nobleK1.Point.Fp,
        fn: nobleK1.Point.Fn,
        f25519: nobleEd.Point.Fp,
        pf: nobleJubjub.Point.Fp,
      };
      const cand = own[f.prefix];
      const Fp = (cand && cand.ORDER === f.p ? cand : Field(f.p)) as ReturnType<typeof Field>;
      const A = cycle(x.a);
      const B = cycle(x.b);
      const S = cycle(x.sq);
      const U = cycle(x.unreduced);
      const BY = cycle(x.bytesBE);
      for (const o of f.ops) {
        const id = `${f.prefix}/${o}`;
        if (o === 'mul') cases[id] = () => Fp.mul(A(), B());
        if (o === 'square') cases[id] = () => Fp.sqr(A());
        if (o === 'add') cases[id] = () => Fp.add(A(), B());
        if (o === 'normalize') cases[id] = { run: () => Fp.create(U()), note: 'Fp.create (mod p)' };
        if (o === 'sqrt') cases[id] = { run: () => Fp.sqrt(S()), check: () => { const s = Fp.sqrt(x.sq[0] as bigint); return Fp.sqr(s) === x.sq[0]; } };
        if (o === 'inverse') cases[id] = { run: () => Fp.inv(A()), note: 'Fp.inv (Euclid, variable time)' };
        if (o === 'set-bytes') cases[id] = { run: () => Fp.fromBytes(BY()), note: 'Fp.fromBytes (big-endian, must be < p)' };
      }
    }
    return { cases };
  },
};

/** The Go package of decred's secp256k1 v4 (the shared Go sources: v4.1.0), as bench.sh names it. */
export const DECRED_V4 = 'github.com/decred/dcrd/dcrec/secp256k1/v4';

function references(list: readonly OpSpec[]): ReferenceFigure[] {
  // [op, benchmark, suite label in the cited file, measured in this run]: the v4.1.0 benchmarks
  // (suite label ring-go: ring-go's dependency) are in the shared Go sources; FieldInverse and
  // BigInverse exist only in v4.4.1 and stay cited.
  const want: [string, string, string | undefined, boolean][] = [
    ['fp/normalize', 'BenchmarkFieldNormalize', 'ring-go', true],
    ['fp/sqrt', 'BenchmarkFieldSqrt', 'ring-go', true],
    ['fp/inverse', 'BenchmarkFieldInverse', 'decred-v4.4.1', false],
    ['fp/inverse-nc', 'BenchmarkBigInverse', 'decred-v4.4.1', false],
    ['fn/mul', 'BenchmarkModNScalarMul', 'ring-go', true],
    ['fn/add', 'BenchmarkModNScalarAdd', 'ring-go', true],
    ['fn/inverse', 'BenchmarkModNScalarInverse', 'ring-go', true],
  ];
  const out: ReferenceFigure[] = [];
  for (const [opId, bench, suite, measured] of want) {
    if (!list.some((o) => o.id === opId)) continue;
    const g = goFigure(bench, suite);
    if (g) {
      out.push({
        opId,
        backend: bench === 'BenchmarkBigInverse' ? 'Go math/big (reference)' : 'Go decred (reference)',
        nsPerOp: g.nsPerOp,
        ...(g.bytesPerOp !== undefined ? { bytesPerOp: g.bytesPerOp } : {}),
        source: g.source,
        citedAs: g.citedAs,
        ...(measured ? { go: { suite: 'secp256k1' as const, benchmark: bench, package: DECRED_V4 } } : { citedOnly: `${bench} is decred v4.4.1's; the shared Go sources are v4.1.0` }),
      });
    }
  }
  return out;
}

/** Field suite definition. */
export const fieldSuite: Suite = {
  name: 'field',
  title: 'Field arithmetic',
  ops,
  fixtures: fieldFixtures,
  adapters: [strataFieldAdapter, strataBytewiseSqrtAdapter, strataWasmFieldAdapter, bigintAdapter, bnAdapter, nobleAdapter],
  references,
  charts: [{ kind: 'bars', title: 'Field arithmetic: time per op' }],
};

