/**
 * Backends of the ed25519-variants suite.
 *
 * Strata (`@strata/ed25519-batch`): `sign` / `verify` with `{ variant, context }`, and
 * `BatchVerifier` (without and with a `PublicKeyCache`) and `verifyBatchParallel` over a batch
 * mixing Ed25519, Ed25519ctx and Ed25519ph entries. Peer: noble-curves 2.4.0 `ed25519ctx` /
 * `ed25519ph` (`sign(msg, secretKey, { context })`, `verify(sig, msg, pk, { context })`).
 */
import { ed25519ctx, ed25519ph } from '@noble/curves/ed25519.js';
import type { Adapter, Case, Loaded, OpSpec } from '../types.js';
import type { VariantEntry, VariantFixtures } from '../fixtures/ed25519-variants.js';
import { cpuCount, cycle, importLoose, need, type Loose } from '../util.js';
import { loadParallelBatches } from './ed25519.js';

const isMixed = (op: OpSpec): boolean => op.id.startsWith('edv/mixed-batch/');
const isSingle = (op: OpSpec): boolean => /^edv\/(ctx|ph)\/(sign|verify)$/.test(op.id);

type Opts = { variant: string; context?: Uint8Array };
const optsOf = (e: VariantEntry): Opts => (e.context !== undefined ? { variant: e.variant, context: e.context } : { variant: e.variant });

/** Sign / verify cases of one backend for the ctx and ph entries. */
function singleCases(
  f: VariantFixtures,
  signFn: (e: VariantEntry, o: Opts) => Uint8Array,
  verifyFn: (e: VariantEntry, o: Opts) => boolean,
): Record<string, Case> {
  const cases: Record<string, Case> = {};
  for (const [v, list] of [['ctx', f.ctx], ['ph', f.ph]] as const) {
    const prepared = list.map((e) => ({ e, o: optsOf(e) }));
    const E = cycle(prepared);
    const first = prepared[0]!;
    const tampered = { ...first.e, message: prepared[1]!.e.message };
    cases[`edv/${v}/sign`] = {
      run: () => {
        const p = E();
        return signFn(p.e, p.o);
      },
      check: () => signFn(first.e, first.o).every((b, i) => b === first.e.signature[i]),
    };
    cases[`edv/${v}/verify`] = {
      run: () => {
        const p = E();
        return verifyFn(p.e, p.o);
      },
      check: () => verifyFn(first.e, first.o) && !verifyFn(tampered, first.o),
    };
  }
  return cases;
}

/** Mixed-variant batch cases over `BatchVerifier` (optionally with a key cache). */
function mixedCases(m: Loose, f: VariantFixtures, ops: readonly OpSpec[], cache: Loose | undefined): Record<string, Case> {
  const BV = need(m, 'BatchVerifier', '@strata/ed25519-batch');
  const cases: Record<string, Case> = {};
  for (const op of ops) {
    if (!isMixed(op)) continue;
    const n = op.size as number;
    const list = f.mixed.slice(0, n).map((e) => ({ e, o: optsOf(e) }));
    // The last entry presented under another variant: the batch must fail.
    const bad = list.map((p, i) => (i === n - 1 ? { e: p.e, o: { variant: p.e.variant === 'ed25519ph' ? 'ed25519ctx' : 'ed25519ph', context: p.e.context ?? new Uint8Array([1]) } } : p));
    const bv = cache ? new BV({ cache }) : new BV();
    const run = (l: typeof list): boolean => {
      bv.clear();
      for (const p of l) bv.add(p.e.signature, p.e.message, p.e.publicKey, p.o);
      return bv.verify() as boolean;
    };
    cases[op.id] = {
      run: () => run(list),
      check: () => run(list) && !run(bad),
      note: `clear() + ${n}× add(sig, msg, pk, { variant, context }) + verify; Ed25519 / ctx / ph round-robin${cache ? `; cache holds all ${n} keys (warm)` : ''}`,
    };
  }
  return cases;
}

/** Strata sign / verify of each variant, and the mixed batch without a cache. */
export const strataVariantsAdapter: Adapter = {
  backend: 'strata',
  kind: 'strata',
  description: '@strata/ed25519-batch sign / verify(…, { variant, context }) (ZIP-215 rules); BatchVerifier over mixed variants',
  covers: (op) => isSingle(op) || isMixed(op),
  async load(ctx): Promise<Loaded> {
    const m = await importLoose('@strata/ed25519-batch');
    const f = ctx.fixtures as VariantFixtures;
    const sign = need(m, 'sign', '@strata/ed25519-batch') as (msg: Uint8Array, seed: Uint8Array, o: Opts) => Uint8Array;
    const verify = need(m, 'verify', '@strata/ed25519-batch') as (s: Uint8Array, msg: Uint8Array, pk: Uint8Array, o: Opts) => boolean;
    return {
      cases: {
        ...singleCases(
          f,
          (e, o) => sign(e.message, e.seed, o),
          (e, o) => verify(e.signature, e.message, e.publicKey, o),
        ),
        ...mixedCases(m, f, ctx.ops, undefined),
      },
    };
  },
};

/** Strata mixed-variant batch with a warm public-key cache. */
export const strataVariantsCachedAdapter: Adapter = {
  backend: 'strata (cached keys)',
  kind: 'strata',
  description: '@strata/ed25519-batch BatchVerifier with a PublicKeyCache over mixed variants',
  covers: isMixed,
  async load(ctx): Promise<Loaded> {
    const m = await importLoose('@strata/ed25519-batch');
    const PKC = need(m, 'PublicKeyCache', '@strata/ed25519-batch');
    const f = ctx.fixtures as VariantFixtures;
    return { cases: mixedCases(m, f, ctx.ops, new PKC({ capacity: Math.max(4096, f.mixed.length) })) };
  },
};

/** Strata mixed-variant batch across worker threads. */
export const strataVariantsParallelAdapter: Adapter = {
  backend: 'strata (parallel)',
  kind: 'strata',
  description: `@strata/ed25519-batch/parallel verifyBatchParallel over ${cpuCount()} workers, mixed variants (variant + context travel in the packed chunk)`,
  covers: isMixed,
  load: (ctx) => loadParallelBatches(ctx.ops, isMixed, (op) => (ctx.fixtures as VariantFixtures).mixed.slice(0, op.size as number)),
};

/** noble-curves ed25519ctx / ed25519ph sign and verify (ZIP-215 by default). */
export const nobleVariantsAdapter: Adapter = {
  backend: 'noble-curves',
  kind: 'js',
  description: '@noble/curves 2.4.0 ed25519ctx / ed25519ph sign(msg, sk, { context }) and verify(sig, msg, pk, { context }) (ZIP-215 default)',
  covers: isSingle,
  async load(ctx): Promise<Loaded> {
    const f = ctx.fixtures as VariantFixtures;
    const peer = (e: VariantEntry): typeof ed25519ctx => (e.variant === 'ed25519ctx' ? ed25519ctx : ed25519ph);
    return {
      cases: singleCases(
        f,
        (e, o) => peer(e).sign(e.message, e.seed, { context: o.context }),
        (e, o) => peer(e).verify(e.signature, e.message, e.publicKey, { context: o.context }),
      ),
    };
  },
};
