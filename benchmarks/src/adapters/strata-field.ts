/**
 * Strata backends of the field suite: `FieldVal` and `ModNScalar` (secp256k1), `Fe25519`
 * (GF(2^255−19)) and `PrimeField` (generic, over BLS12-381 Fr) from `@strata/field`.
 *
 * The package is written in parallel with these benchmarks, so every export and method is
 * feature-detected: an op whose API is missing becomes an "unavailable" row naming what is
 * missing, and the rest of the suite still runs.
 */
import type { Adapter, Case, Loaded } from '../types.js';
import type { FieldFixtures, FieldInputs } from '../fixtures/field.js';
import { FIELDS } from '../fixtures/field.js';
import { bigToBytesBE, bigToBytesLE, bytesToBigBE, cycle, importLoose, method, need, tryCase, type Loose } from '../util.js';

type Mk = () => Loose;

/** Builds Strata secp256k1-style (decred-like) mutable element cases for FieldVal or ModNScalar. */
function decredStyleCases(
  prefix: string,
  Cls: Loose,
  where: string,
  x: FieldInputs,
  p: bigint,
  ops: readonly string[],
): Record<string, Case> {
  const cases: Record<string, Case> = {};
  const proto = Cls.prototype as Loose;
  const mk: Mk = () => new (Cls as unknown as new () => Loose)();
  const setB = method(proto, ['setBytesReduced'], where);
  const from = (v: bigint): Loose => {
    const e = mk();
    e[setB](bigToBytesBE(v));
    return e;
  };
  const toBig = (e: Loose): bigint => {
    const c = mk();
    c[method(proto, ['set'], where)](e);
    if (typeof c.normalize === 'function') c.normalize();
    const b = c[method(proto, ['bytes', 'toBytes', 'bytesBE'], where)]() as Uint8Array;
    return bytesToBigBE(b);
  };
  const A = cycle(x.a.map(from));
  const B = cycle(x.b.map(from));
  const S = cycle(x.sq.map(from));
  const r = mk();
  for (const o of ops) {
    const id = `${prefix}/${o}`;
    cases[id] = tryCase((): Case => {
      switch (o) {
        case 'mul': {
          method(proto, ['mul'], where);
          return { run: () => r.mul(A(), B()), check: () => toBig(mk().mul(from(3n), from(5n))) === 15n, note: 'mul(a, b)' };
        }
        case 'square': {
          method(proto, ['square'], where);
          return { run: () => r.square(A()), note: 'square(a)' };
        }
        case 'add': {
          method(proto, ['add'], where);
          return { run: () => r.add(A(), B()), note: 'add(a, b)' };
        }
        case 'normalize': {
          const m = method(proto, ['normalize'], where);
          // Like Go's BenchmarkFieldNormalize: normalize one value repeatedly (constant time either way).
          const v = from(x.a[0] as bigint);
          return { run: () => v[m](), note: 'normalize() of one value, as Go BenchmarkFieldNormalize' };
        }
        case 'sqrt': {
          const m = method(proto, ['sqrt'], where);
          return {
            run: () => r[m](S()),
            check: () => {
              const t = mk();
              const ok = t[m](from(x.sq[0] as bigint));
              const root = toBig(t);
              return ok !== false && (root * root) % p === x.sq[0];
            },
            note: `${m}(a)`,
          };
        }
        case 'inverse': {
          method(proto, ['invert'], where);
          return { run: () => r.invert(A()), note: 'invert(a)' };
        }
        case 'inverse-nc': {
          method(proto, ['invertNonConst'], where);
          return { run: () => r.invertNonConst(A()), note: 'invertNonConst(a)' };
        }
        case 'set-bytes': {
          const BY = cycle(x.bytesBE);
          return { run: () => r[setB](BY()), note: `${setB}(32 bytes BE)` };
        }
        default:
          return { unavailable: `op ${o} not mapped` };
      }
    });
  }
  return cases;
}

/** Cases for Fe25519 (receiver-writing API: `r.mul(a, b)` sets r = a·b). */
function fe25519Cases(Fe: Loose, x: FieldInputs, ops: readonly string[]): Record<string, Case> {
  const cases: Record<string, Case> = {};
  const from = (v: bigint): Loose => (Fe.fromBytes as (b: Uint8Array) => Loose)(bigToBytesLE(v));
  const A = cycle(x.a.map(from));
  const B = cycle(x.b.map(from));
  const r = new (Fe as unknown as new () => Loose)();
  const where = 'Fe25519';
  for (const o of ops) {
    cases[`f25519/${o}`] = tryCase((): Case => {
      if (o === 'mul') {
        method(Fe.prototype, ['mul'], where);
        return { run: () => r.mul(A(), B()), check: () => new (Fe as unknown as new () => Loose)().mul(from(3n), from(5n)).toBigInt() === 15n };
      }
      if (o === 'square') {
        method(Fe.prototype, ['square'], where);
        return () => r.square(A());
      }
      if (o === 'inverse') {
        const m = method(Fe.prototype, ['invert'], where);
        return () => r[m](A());
      }
      return { unavailable: `op ${o} not mapped` };
    });
  }
  return cases;
}

/** Cases for the generic PrimeField (`F.mul(out, a, b)`). */
function primeFieldCases(PF: Loose, p: bigint, x: FieldInputs, ops: readonly string[]): Record<string, Case> {
  const cases: Record<string, Case> = {};
  const F = (PF.create as (p: bigint) => Loose)(p);
  const A = cycle(x.a.map((v) => F.setBigInt(F.create(), v)));
  const B = cycle(x.b.map((v) => F.setBigInt(F.create(), v)));
  const out = F.create();
  for (const o of ops) {
    cases[`pf/${o}`] = tryCase((): Case => {
      if (o === 'mul') return { run: () => F.mul(out, A(), B()), check: () => F.toBigInt(F.mul(F.create(), F.setBigInt(F.create(), 3n), F.setBigInt(F.create(), 5n))) === 15n };
      if (o === 'square') return () => F.square(out, A());
      return { unavailable: `op ${o} not mapped` };
    });
  }
  return cases;
}

/** The Strata row of the field suite. */
export const strataFieldAdapter: Adapter = {
  backend: 'strata',
  kind: 'strata',
  description: '@strata/field: FieldVal (10×26-bit limbs), ModNScalar, Fe25519, PrimeField',
  covers: (op) => !op.id.endsWith('/sqrt-bytewise'),
  async load(ctx): Promise<Loaded> {
    const m = await importLoose('@strata/field');
    const fx = ctx.fixtures as FieldFixtures;
    const cases: Record<string, Case> = {};
    for (const f of FIELDS) {
      const x = fx[f.prefix] as FieldInputs;
      const build = (): Record<string, Case> => {
        if (f.prefix === 'fp') return decredStyleCases('fp', need(m, 'FieldVal', '@strata/field'), 'FieldVal', x, f.p, f.ops);
        if (f.prefix === 'fn') return decredStyleCases('fn', need(m, 'ModNScalar', '@strata/field'), 'ModNScalar', x, f.p, f.ops);
        if (f.prefix === 'f25519') return fe25519Cases(need(m, 'Fe25519', '@strata/field'), x, f.ops);
        return primeFieldCases(need(m, 'PrimeField', '@strata/field'), f.p, x, f.ops);
      };
      try {
        Object.assign(cases, build());
      } catch (e) {
        const reason = e instanceof Error ? e.message : String(e);
        for (const o of f.ops) cases[`${f.prefix}/${o}`] = { unavailable: reason };
      }
    }
    return { cases };
  },
};

/** Strata's byte-wise square-root baseline (`sqrtBytewise` from `@strata/field/alternatives`). */
export const strataBytewiseSqrtAdapter: Adapter = {
  backend: 'strata (byte-wise sqrt)',
  kind: 'strata',
  description: "@strata/field/alternatives sqrtBytewise: the byte-wise exponentiation square root (the baseline FieldVal.sqrt's addition chain replaced)",
  covers: (op) => op.id === 'fp/sqrt',
  async load(ctx): Promise<Loaded> {
    const m = await importLoose('@strata/field');
    const alt = await importLoose('@strata/field/alternatives');
    const fx = ctx.fixtures as FieldFixtures;
    const x = fx.fp as FieldInputs;
    const FV = need(m, 'FieldVal', '@strata/field');
    const sqrtBytewise = need(alt, 'sqrtBytewise', '@strata/field/alternatives') as unknown as (v: Loose, a: Loose) => boolean;
    const setB = method(FV.prototype, ['setBytesReduced'], 'FieldVal');
    const from = (v: bigint): Loose => {
      const e = new FV();
      e[setB](bigToBytesBE(v));
      return e;
    };
    const S = cycle(x.sq.map(from));
    const r = new FV();
    return { cases: { 'fp/sqrt': { run: () => sqrtBytewise(r, S()), note: 'sqrtBytewise(v, a)' } } };
  },
};
