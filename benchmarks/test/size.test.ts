/**
 * Bundle sizes: every typical Strata import bundles for the browser with no externals, stays
 * within its gzip budget in size-budget.json, and leaves out the curves it does not use. Bundles
 * the built packages (dist/), as npm users get them: run the build first (the root `pnpm test`
 * and `pnpm bench` do).
 */
import { describe, expect, it } from 'vitest';
import { CURVE_MARKERS, SIZE_USES, bundleEntry, curvesIn, measureSizes, readBudgets, type BundleResult } from '../src/size.js';

const budgets = readBudgets();
const built = new Map<string, Promise<BundleResult>>();
/** The Strata bundle of a use, built once per test file. */
function strataBundle(id: string): Promise<BundleResult> {
  let p = built.get(id);
  if (!p) {
    const use = SIZE_USES.find((u) => u.id === id);
    if (!use) throw new Error(`no size use "${id}"`);
    p = bundleEntry(use.strata.source);
    built.set(id, p);
  }
  return p;
}
function code(r: BundleResult, id: string): string {
  if (!r.ok) throw new Error(`${id}: the Strata entry does not bundle for the browser: ${r.error}`);
  return r.code;
}

describe('size budgets (size-budget.json)', () => {
  it('has a budget for every typical import and none for an unknown one', () => {
    expect(Object.keys(budgets).sort()).toEqual(SIZE_USES.map((u) => u.id).sort());
    for (const v of Object.values(budgets)) expect(Number.isInteger(v) && v > 0).toBe(true);
  });

  it.each(SIZE_USES.map((u) => u.id))('%s bundles for the browser and its gzipped size is within budget', async (id) => {
    const r = await strataBundle(id);
    const c = code(r, id);
    expect(c.length).toBeGreaterThan(0);
    if (!r.ok) return;
    const budget = budgets[id] as number;
    if (r.gzipBytes > budget) {
      throw new Error(`${id}: ${r.gzipBytes} gzipped bytes, over the budget of ${budget} (minified ${r.minBytes} bytes)`);
    }
  });
});

describe('unused curves are tree-shaken away', () => {
  it('the markers find each curve in a bundle that uses both (dleq secp256k1 × ed25519)', async () => {
    expect(curvesIn(code(await strataBundle('dleq'), 'dleq')).sort()).toEqual(['ed25519', 'secp256k1']);
  });

  it.each([
    ['secp256k1', 'ed25519'],
    ['field', 'ed25519'],
    ['ed25519-verify', 'secp256k1'],
    ['ring-secp256k1', 'ed25519'],
  ] as const)('the %s bundle contains no %s code', async (id, other) => {
    const c = code(await strataBundle(id), id);
    expect(c.match(CURVE_MARKERS[other])?.[0] ?? null).toBeNull();
  });
});

describe('measureSizes', () => {
  it('reports an entry that does not bundle as an error row, not a crash', async () => {
    const r = await bundleEntry("import { readFileSync } from 'node:fs'; export const f = () => readFileSync('x');");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/esbuild error.*node:fs/);
  });

  it('measures Strata and noble-curves side by side for a use', async () => {
    const rep = await measureSizes(['secp256k1']);
    expect(rep.tool).toMatch(/^esbuild \d+\.\d+\.\d+: bundle, platform browser/);
    expect(rep.rows.map((r) => [r.use, r.library, r.status])).toEqual([
      ['secp256k1', 'strata', 'ok'],
      ['secp256k1', 'noble-curves', 'ok'],
    ]);
    for (const r of rep.rows) {
      expect(r.gzipBytes).toBeGreaterThan(1000);
      expect(r.minBytes).toBeGreaterThan(r.gzipBytes as number);
    }
    const s = rep.rows[0]!;
    expect(s.budgetGzipBytes).toBe(budgets.secp256k1);
    expect(s.withinBudget).toBe(true);
    expect(s.unusedCurves).toEqual([]);
  });
});
