/**
 * Bundle sizes: every typical Strata import bundles for the browser with no externals, stays
 * within its gzip budget in size-budget.json, and leaves out the curves it does not use; the
 * targets of size-budget.json hold (a use whose noble entry does the same job is at most
 * `maxNobleRatio` × noble's gzip; the namespace import of a curve subpath is at most
 * `maxNamespaceOverhead` over named imports of it for the same job, and the root entry of
 * `@strata/curves` re-exports no curve as a namespace, which esbuild could not shake). Bundles the built packages
 * (dist/), as npm users get them: run the build first (the root `pnpm test` and `pnpm bench` do).
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CURVE_MARKERS,
  ENGINE_ONLY_MODULES,
  IMPORT_FORMS,
  SIZE_USES,
  bundleEntry,
  curvesIn,
  measureForm,
  measureSizes,
  overLimit,
  readBudgets,
  readOpenTargets,
  readTargets,
  targetVerdict,
  sizeViolations,
  type BundleResult,
  type ImportFormRow,
  type SizeReport,
  type SizeRow,
  type SizeUse,
} from '../src/size.js';
import { renderSizeMarkdown, renderSizeTable } from '../src/report/size.js';

const budgets = readBudgets();
const targets = readTargets();
const open = readOpenTargets();
const built = new Map<string, Promise<BundleResult>>();
function once(key: string, source: string): Promise<BundleResult> {
  let p = built.get(key);
  if (!p) {
    p = bundleEntry(source);
    built.set(key, p);
  }
  return p;
}
function use(id: string): SizeUse {
  const u = SIZE_USES.find((x) => x.id === id);
  if (!u) throw new Error(`no size use "${id}"`);
  return u;
}
/** The Strata bundle of a use, built once per test file. */
function strataBundle(id: string): Promise<BundleResult> {
  return once(`strata:${id}`, use(id).strata.source);
}
/** The noble-curves bundle of a use, built once per test file. */
function nobleBundle(id: string): Promise<BundleResult> {
  return once(`noble:${id}`, use(id).noble.source);
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

describe('size targets (size-budget.json "targets")', () => {
  it('has both targets, as positive numbers', () => {
    expect(targets.maxNobleRatio).toBeGreaterThan(1);
    expect(targets.maxNamespaceOverhead).toBeGreaterThan(0);
    expect(targets.maxNamespaceOverhead).toBeLessThan(1);
  });

  it.each(SIZE_USES.filter((u) => u.sameJob).map((u) => u.id))('%s: the Strata bundle is at most maxNobleRatio × noble-curves (gzip) for the same job', async (id) => {
    const s = await strataBundle(id);
    const n = await nobleBundle(id);
    code(s, id);
    if (!n.ok) throw new Error(`${id}: the noble-curves entry does not bundle: ${n.error}`);
    if (!s.ok) return;
    const q = s.gzipBytes / n.gzipBytes;
    const o = open.nobleRatio[id];
    const v = targetVerdict(q, targets.maxNobleRatio, o);
    const what = `${id}: ${s.gzipBytes} gzipped bytes = ${q.toFixed(2)}× noble-curves (${n.gzipBytes} B)`;
    if (v === 'over') throw new Error(`${what}, over the target of ${targets.maxNobleRatio}×`);
    if (v === 'regressed') throw new Error(`${what}, over the open target's cap of ${o!.cap}× (measured ${o!.measured}× when opened): a regression`);
    if (v === 'met-but-open') throw new Error(`${what} meets the target of ${targets.maxNobleRatio}×: delete open.nobleRatio.${id} from size-budget.json so the target is enforced`);
    expect(['met', 'open']).toContain(v);
  });

  it.each(IMPORT_FORMS.map((f) => f.id))('%s: the namespace import of the curve subpath is within maxNamespaceOverhead of named imports (gzip)', async (id) => {
    const f = IMPORT_FORMS.find((x) => x.id === id)!;
    const row = await measureForm(f, targets);
    if (row.status !== 'ok') throw new Error(`${id}: ${row.error}`);
    const o = open.namespaceOverhead[id];
    const v = targetVerdict(row.gzipOverhead as number, targets.maxNamespaceOverhead, o);
    const what = `${id}: namespace import ${row.namespace!.gzipBytes} B gzip, named imports ${row.subpath!.gzipBytes} B: +${((row.gzipOverhead as number) * 100).toFixed(1)} %`;
    if (v === 'over') throw new Error(`${what}, over the target of ${targets.maxNamespaceOverhead * 100} %`);
    if (v === 'regressed') throw new Error(`${what}, over the open target's cap of ${o!.cap * 100} % (measured ${(o!.measured * 100).toFixed(1)} % when opened): a regression`);
    if (v === 'met-but-open') throw new Error(`${what} meets the target: delete open.namespaceOverhead.${id} from size-budget.json so the target is enforced`);
    expect(row.withinTarget).toBe(v === 'met');
  });

  it('the namespace and named entries of a pair do the same job (they differ only in how the names are bound)', () => {
    for (const f of IMPORT_FORMS) {
      const body = (src: string) => src.split('\n').filter((l) => !l.startsWith('import ') && !l.startsWith(`const ${f.id} = {`)).join('\n');
      expect(body(f.namespace.source)).toBe(body(f.subpath.source));
      expect(f.namespace.source).toContain(`import * as ${f.id} from '@strata/curves/${f.id}';`);
      expect(f.subpath.source).toMatch(new RegExp(`^import \\{ [\\w, ]+ \\} from '@strata/curves/${f.id}';$`, 'm'));
      expect(f.subpath.source).not.toContain('* as');
    }
  });

  it('the root of @strata/curves re-exports no curve as a namespace (esbuild keeps every export of one: +39 % gzip when it did)', async () => {
    const root = await import('@strata/curves');
    expect(Object.keys(root).sort()).toEqual(['ErrorCode', 'StrataError', 'engine']);
  });

  it('the root of @strata/secp256k1-signatures re-exports no scheme as a namespace; the ecdsa and schnorr uses import the scheme subpaths', async () => {
    const root = await import('@strata/secp256k1-signatures');
    expect(Object.keys(root).sort()).toEqual(['ErrorCode', 'SECRET_KEY_LEN', 'StrataError', 'getPublicKey', 'randomSecretKey']);
    for (const id of ['ecdsa', 'schnorr']) expect(SIZE_USES.find((u) => u.id === id)!.strata.source).toContain(`import * as ${id} from '@strata/secp256k1-signatures/${id}';`);
  });
});

describe('open targets (size-budget.json "open": not met yet, no regression allowed)', () => {
  it('every open entry names a use or pair that exists, with its reason', () => {
    for (const id of Object.keys(open.nobleRatio)) expect(SIZE_USES.filter((u) => u.sameJob).map((u) => u.id)).toContain(id);
    for (const id of Object.keys(open.namespaceOverhead)) expect(IMPORT_FORMS.map((f) => f.id)).toContain(id);
    for (const e of [...Object.values(open.nobleRatio), ...Object.values(open.namespaceOverhead)]) expect(e.why.length).toBeGreaterThan(20);
  });

  it('targetVerdict: met, over, open, regressed, met-but-open', () => {
    const o = { measured: 1.67, cap: 1.75, why: 'x' };
    expect(targetVerdict(1.4, 1.5, undefined)).toBe('met');
    expect(targetVerdict(1.5, 1.5, undefined)).toBe('met');
    expect(targetVerdict(1.6, 1.5, undefined)).toBe('over');
    expect(targetVerdict(1.7, 1.5, o)).toBe('open');
    expect(targetVerdict(1.75, 1.5, o)).toBe('open');
    expect(targetVerdict(1.8, 1.5, o)).toBe('regressed');
    expect(targetVerdict(1.45, 1.5, o)).toBe('met-but-open');
  });

  it('readOpenTargets refuses a malformed entry (cap below the figure, no reason)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'strata-size-open-'));
    try {
      const f = path.join(dir, 'b.json');
      writeFileSync(f, JSON.stringify({ open: { nobleRatio: { field: { measured: 2.5, cap: 2.4, why: 'because' } } } }));
      expect(() => readOpenTargets(f)).toThrow(/cap: number >= measured/);
      writeFileSync(f, JSON.stringify({ open: { namespaceOverhead: { ed25519: { measured: 0.3, cap: 0.4 } } } }));
      expect(() => readOpenTargets(f)).toThrow(/open\.namespaceOverhead\.ed25519/);
      writeFileSync(f, JSON.stringify({}));
      expect(readOpenTargets(f)).toEqual({ nobleRatio: {}, namespaceOverhead: {} });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sizeViolations (the checker, on synthetic rows)', () => {
  const row = (library: SizeRow['library'], gzipBytes: number, extra: Partial<SizeRow> = {}): SizeRow => ({
    use: 'u',
    title: 'u',
    library,
    imports: 'x',
    status: 'ok',
    minBytes: gzipBytes * 3,
    gzipBytes,
    ...extra,
  });
  const uses: SizeUse[] = [{ ...SIZE_USES[0]!, id: 'u', sameJob: true }];
  const form = (ns: number, sub: number): ImportFormRow => ({
    id: 'c',
    title: 'c',
    namespaceImports: 'a',
    subpathImports: 'b',
    status: 'ok',
    namespace: { minBytes: ns * 3, gzipBytes: ns },
    subpath: { minBytes: sub * 3, gzipBytes: sub },
  });
  const rep = (rows: SizeRow[], forms: ImportFormRow[] = []): SizeReport => ({ tool: 't', compression: 'c', rows, forms, targets: { maxNobleRatio: 1.5, maxNamespaceOverhead: 0.05 } });

  it('reports nothing when every limit holds (ratio exactly at the target, overhead exactly at it)', () => {
    expect(sizeViolations(rep([row('strata', 1500, { budgetGzipBytes: 1500 }), row('noble-curves', 1000)], [form(1050, 1000)]), undefined, uses)).toEqual([]);
  });

  it('reports a same-job use over maxNobleRatio × noble', () => {
    const v = sizeViolations(rep([row('strata', 1501), row('noble-curves', 1000)]), undefined, uses);
    expect(v).toHaveLength(1);
    expect(v[0]).toMatch(/^u: 1501 gzipped bytes = 1\.50× noble-curves \(1000\), over the target of 1\.5×/);
  });

  it('does not apply the ratio target to a use whose noble entry is only a lower bound', () => {
    expect(sizeViolations(rep([row('strata', 5000), row('noble-curves', 1000)]), undefined, [{ ...uses[0]!, sameJob: false }])).toEqual([]);
  });

  it('reports a namespace import more than maxNamespaceOverhead over the subpath import', () => {
    const v = sizeViolations(rep([], [form(1051, 1000)]), undefined, uses);
    expect(v).toEqual(['c: the namespace import is 1051 gzipped bytes, 5.1 % over the subpath import (1000); the target is 5 %']);
  });

  it('reports over-budget rows, rows that do not bundle and pairs that do not bundle', () => {
    const v = sizeViolations(
      rep(
        [row('strata', 2001, { budgetGzipBytes: 2000 }), row('noble-curves', 1500), { ...row('strata', 0, { use: 'w' }), status: 'error', error: 'boom', gzipBytes: undefined, minBytes: undefined }],
        [{ ...form(1, 1), status: 'error', error: 'nope', namespace: undefined, subpath: undefined }],
      ),
      undefined,
      uses,
    );
    expect(v).toEqual(['u: 2001 gzipped bytes, over the budget of 2000', 'w: the Strata entry does not bundle: boom', 'c: the namespace/subpath pair does not bundle: nope']);
  });

  it('reports a same-job use whose noble entry did not bundle (the ratio cannot be checked)', () => {
    const v = sizeViolations(rep([row('strata', 1000), { ...row('noble-curves', 0), status: 'error', error: 'x' }]), undefined, uses);
    expect(v).toEqual(['u: the noble-curves entry did not bundle, so the ratio target cannot be checked']);
  });

  it('the report marks a row over the ratio target and a pair over the overhead target as OVER', () => {
    const r = rep([row('strata', 1800, { nobleRatio: 1.8, withinNobleTarget: false }), row('noble-curves', 1000)], [{ ...form(1200, 1000), gzipOverhead: 0.2, minOverhead: 0.2, withinTarget: false }]);
    const text = renderSizeTable(r);
    expect(text).toMatch(/1\.80× OVER/);
    expect(text).toMatch(/\+20\.0 % OVER/);
    const md = renderSizeMarkdown(r);
    expect(md).toMatch(/\| 1\.80× OVER \|/);
    expect(md).toMatch(/\| \+20\.0 % OVER \|/);
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
    ['ecdsa', 'ed25519'],
    ['schnorr', 'ed25519'],
    ['ecc', 'ed25519'],
  ] as const)('the %s bundle contains no %s code', async (id, other) => {
    const c = code(await strataBundle(id), id);
    expect(c.match(CURVE_MARKERS[other])?.[0] ?? null).toBeNull();
  });
});

describe('the WebAssembly engine is bundled only by an app that imports engine', () => {
  const entries = [
    ...SIZE_USES.map((u) => [`use ${u.id}`, u.strata.source] as const),
    ...IMPORT_FORMS.flatMap((f) => [[`${f.id}, namespace import`, f.namespace.source] as const, [`${f.id}, subpath import`, f.subpath.source] as const]),
  ];

  it.each(entries)('%s: no engine module (switch, loader, embedded module, bridges) in the bundle', async (name, source) => {
    const r = await once(name, source);
    if (!r.ok) throw new Error(`${name}: does not bundle: ${r.error}`);
    expect(ENGINE_ONLY_MODULES.filter((m) => m in r.inputs)).toEqual([]);
    expect(Object.keys(r.inputs).some((k) => /^(field|curves)\/dist\//.test(k))).toBe(true); // the inputs are Strata's built modules
  });

  it('an app that imports engine does bundle every engine module (the check above can fail)', async () => {
    const r = await once(
      'engine',
      "import { engine } from '@strata/curves';\nimport * as secp256k1 from '@strata/curves/secp256k1';\nimport * as ed25519 from '@strata/curves/ed25519';\nexport async function run() { await engine.initWasm(); return [secp256k1.generator(), ed25519.Point.generator()]; }",
    );
    if (!r.ok) throw new Error(`engine entry: ${r.error}`);
    expect(ENGINE_ONLY_MODULES.filter((m) => !(m in r.inputs))).toEqual([]);
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
    // where the bytes go: the largest modules, largest first, within the bundle's size
    expect(s.largest!.length).toBeGreaterThan(3);
    expect(s.largest![0]![0]).toMatch(/^(field|curves)\/dist\//);
    for (let i = 1; i < s.largest!.length; i++) expect(s.largest![i]![1]).toBeLessThanOrEqual(s.largest![i - 1]![1]);
    expect(s.largest!.reduce((a, [, b]) => a + b, 0)).toBeLessThanOrEqual(s.minBytes as number);
    expect(s.nobleRatio).toBeCloseTo((s.gzipBytes as number) / (rep.rows[1]!.gzipBytes as number), 10);
    expect(rep.forms!.map((f) => [f.id, f.status])).toEqual([['secp256k1', 'ok']]);
  });
});
