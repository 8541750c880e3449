/**
 * Suite `ed25519-variants`: the RFC 8032 variants Ed25519ctx and Ed25519ph.
 *
 * Sign and verify (ZIP-215 rules) of each variant for Strata (`@strata/ed25519-batch` with
 * `{ variant, context }`) beside noble-curves' `ed25519ctx` / `ed25519ph`, plus Strata batch
 * verification of a batch that mixes Ed25519, Ed25519ctx and Ed25519ph entries (in-thread and
 * across worker threads), reported per signature and compared with the peers' single verify.
 */
import { ed25519, ed25519ctx, ed25519ph } from '@noble/curves/ed25519.js';
import type { OpSpec, Suite } from '../types.js';
import { detBytes } from '../util.js';
import {
  nobleVariantsAdapter,
  strataVariantsAdapter,
  strataVariantsCachedAdapter,
  strataVariantsParallelAdapter,
} from '../adapters/ed25519-variants.js';
import { engineTwins } from '../engine.js';

/** Mixed-batch sizes per mode. */
export function mixedBatchSizes(mode: string): number[] {
  if (mode === 'quick') return [6];
  if (mode === 'full') return [6, 64, 256, 1024];
  return [64, 1024];
}

/** One signed entry of some variant (the shape `verifyBatchParallel` takes). */
export interface VariantEntry {
  readonly seed: Uint8Array;
  readonly publicKey: Uint8Array;
  readonly message: Uint8Array;
  readonly signature: Uint8Array;
  readonly variant: 'ed25519' | 'ed25519ctx' | 'ed25519ph';
  readonly context?: Uint8Array;
}

/** Suite fixtures: per variant 16 signed entries, and a mixed list for the batch rows. */
export interface VariantFixtures {
  readonly ctx: VariantEntry[];
  readonly ph: VariantEntry[];
  readonly mixed: VariantEntry[];
}

const CONTEXT = new TextEncoder().encode('strata bench context');

/** Entry i of `variant`, signed by noble-curves (an independent signer for the fixtures). */
function entry(variant: VariantEntry['variant'], i: number): VariantEntry {
  const seed = detBytes(`edv/seed/${variant}`, i);
  const message = detBytes(`edv/msg/${variant}`, i, 32 + (i % 3) * 50);
  if (variant === 'ed25519') {
    return { seed, publicKey: ed25519.getPublicKey(seed), message, signature: ed25519.sign(message, seed), variant };
  }
  const noble = variant === 'ed25519ctx' ? ed25519ctx : ed25519ph;
  return { seed, publicKey: noble.getPublicKey(seed), message, signature: noble.sign(message, seed, { context: CONTEXT }), variant, context: CONTEXT };
}

const VARIANTS = ['ed25519', 'ed25519ctx', 'ed25519ph'] as const;

function ops(mode: string): OpSpec[] {
  const list: OpSpec[] = [];
  for (const v of ['ctx', 'ph'] as const) {
    list.push({ id: `edv/${v}/sign`, group: `ed25519${v} sign / verify`, label: `ed25519${v} sign` });
    list.push({ id: `edv/${v}/verify`, group: `ed25519${v} sign / verify`, label: `ed25519${v} verify` });
  }
  for (const n of mixedBatchSizes(mode)) {
    list.push({
      id: `edv/mixed-batch/${n}`,
      group: 'mixed-variant batch verify',
      label: `mixed batch n=${n}`,
      size: n,
      perCall: n,
      unit: 'sig',
      compareTo: 'edv/ctx/verify',
    });
  }
  return list;
}

/** ed25519-variants suite definition. */
export const ed25519VariantsSuite: Suite = {
  name: 'ed25519-variants',
  title: 'Ed25519ctx and Ed25519ph',
  ops,
  fixtures: (mode) => {
    const n = Math.max(...mixedBatchSizes(mode));
    return {
      ctx: Array.from({ length: 16 }, (_, i) => entry('ed25519ctx', i)),
      ph: Array.from({ length: 16 }, (_, i) => entry('ed25519ph', i)),
      // Round-robin over the three variants, distinct keys.
      mixed: Array.from({ length: n }, (_, i) => entry(VARIANTS[i % 3]!, 1000 + i)),
    } satisfies VariantFixtures;
  },
  adapters: [...[strataVariantsAdapter, strataVariantsCachedAdapter, strataVariantsParallelAdapter].flatMap((a) => engineTwins(a, { allServed: true })), nobleVariantsAdapter],
  ratioToEachPeer: true,
  charts: [{ kind: 'bars', title: 'Ed25519ctx / Ed25519ph: time per operation (mixed batch: per signature)' }],
};
