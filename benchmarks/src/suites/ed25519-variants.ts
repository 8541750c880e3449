/**
 * Suite `ed25519-variants`: the RFC 8032 variants Ed25519ctx and Ed25519ph.
 *
 * Sign and verify (ZIP-215 rules) of each variant for Strata (`@strata/ed25519-batch` with
 * `{ variant, context }`) beside noble-curves' `ed25519ctx` / `ed25519ph`, plus Strata batch
 * verification of a batch that mixes Ed25519, Ed25519ctx and Ed25519ph entries (in-thread and
 * across worker threads), reported per signature and compared with the peers' single verify.
 */
import type { OpSpec, Suite } from '../types.js';
import { mixedBatchSizes, variantFixtures } from '../fixtures/ed25519-variants.js';
import {
  nobleVariantsAdapter,
  strataVariantsAdapter,
  strataVariantsCachedAdapter,
  strataVariantsParallelAdapter,
} from '../adapters/ed25519-variants.js';
import { engineTwins } from '../engine.js';

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
  fixtures: variantFixtures,
  adapters: [...[strataVariantsAdapter, strataVariantsCachedAdapter, strataVariantsParallelAdapter].flatMap((a) => engineTwins(a, { allServed: true })), nobleVariantsAdapter],
  ratioToEachPeer: true,
  charts: [{ kind: 'bars', title: 'Ed25519ctx / Ed25519ph: time per operation (mixed batch: per signature)' }],
};
