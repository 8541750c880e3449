/**
 * The two Strata engines in the benchmark (src/engine.ts): names of the engine twins, which ops
 * get twins, the `--engine` filter, and — on the real `@strata/curves` engine — that every
 * measuring pass of a twin runs on its own engine while the rows of both engines interleave.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { engine as strataEngine } from '@strata/curves';
import type { Budget } from '../src/harness.js';
import { runSuite } from '../src/runner.js';
import type { Adapter, Case, Suite } from '../src/types.js';
import {
  backendSelected,
  baseBackend,
  currentEngine,
  engineBackend,
  engineOf,
  engineSelected,
  engineServes,
  engineTwins,
  onTsEngine,
  parseEngines,
  selectEngine,
  tsTwinCandidates,
} from '../src/engine.js';
import { SUITES } from '../src/suites/index.js';
import { computeRatios } from '../src/runner.js';
import type { OpSpec, Row } from '../src/types.js';
import { flatStats } from './stats.js';

const TINY: Budget = { warmupMs: 1, sampleMs: 0.3, budgetMs: 3, minSamples: 2, maxSamples: 20, capMs: 50, allocRounds: 1, allocMs: 2, rounds: 3 };

afterAll(() => strataEngine.useEngine('ts'));

describe('engine twin names', () => {
  it('puts the engine last among the qualifiers and takes it off again', () => {
    expect(engineBackend('strata', 'ts')).toBe('strata (ts)');
    expect(engineBackend('strata', 'wasm')).toBe('strata (wasm)');
    expect(engineBackend('strata (cached keys)', 'wasm')).toBe('strata (cached keys, wasm)');
    expect(engineBackend('strata (parallel)', 'ts')).toBe('strata (parallel, ts)');
    for (const b of ['strata', 'strata (cached keys)', 'strata (parallel)']) {
      for (const e of ['ts', 'wasm'] as const) {
        expect(engineOf(engineBackend(b, e))).toBe(e);
        expect(baseBackend(engineBackend(b, e))).toBe(b);
      }
    }
    for (const b of ['strata', 'strata (generic edwards)', 'noble-curves', 'libsodium-wrappers', 'noble-curves (dleq Curve)']) {
      expect(engineOf(b)).toBeNull();
      expect(baseBackend(b)).toBe(b);
    }
  });

  it('compares a WebAssembly row with its TypeScript twin, else with the plain Strata row', () => {
    expect(tsTwinCandidates('strata (wasm)')).toEqual(['strata (ts)', 'strata']);
    expect(tsTwinCandidates('strata (cached keys, wasm)')).toEqual(['strata (cached keys, ts)', 'strata (cached keys)']);
    expect(tsTwinCandidates('strata (ts)')).toEqual([]);
    expect(tsTwinCandidates('noble-curves')).toEqual([]);
  });

  it('parses --engine: ts, wasm, both (default), nothing else', () => {
    expect(parseEngines(undefined)).toEqual(['ts', 'wasm']);
    expect(parseEngines('both')).toEqual(['ts', 'wasm']);
    expect(parseEngines('ts')).toEqual(['ts']);
    expect(parseEngines('wasm')).toEqual(['wasm']);
    expect(() => parseEngines('native')).toThrow('--engine must be one of ts, wasm, both, got "native"');
  });
});

describe('which rows get engine twins', () => {
  const backendsOf = (suite: string): string[] => SUITES.find((s) => s.name === suite)!.adapters.map((a) => a.backend);

  it('served ops: scalar multiplications (the generic Edwards curves\' too), MSM, key parsing, signatures and the protocols; not field ops, single adds, encodings, structure rows', () => {
    for (const id of ['k1/base-nc', 'k1/base-ct', 'k1/mult-nc', 'k1/mult-ct', 'k1/dsm', 'k1/parse', 'k1/pubkey', 'k1/tweak-mul', 'k1/msm/16', 'ed/smul', 'ed/msm/4', 'ed/sign', 'ed/verify', 'ed/batch/4', 'edv/ctx/sign', 'edv/mixed-batch/6', 'dleq/k1-ed/prove', 'ring/ed/verify-warm/2', 'jj/smul', 'jj/smul-ct', 'bs/smul-glv', 'bs/bw-base-mul', 'bj/msm/64']) {
      expect(engineServes(id), id).toBe(true);
    }
    for (const id of ['fp/mul', 'f25519/square', 'k1/add-z1', 'k1/double', 'ed/add-ext', 'ed/oncurve-aff', 'jj/add-ext', 'bs/bw-ser', 'bs/bw-deser', 'bj/pack', 'st/ed-smul', 'st/ed-msm/16']) {
      expect(engineServes(id), id).toBe(false);
    }
  });

  it('every suite the engine serves lists each Strata backend on both engines; the field suite keeps strata and its kernel loops', () => {
    for (const s of ['ed25519', 'ed25519-variants', 'dleq', 'ring']) {
      const b = backendsOf(s);
      expect(b, s).toContain('strata (ts)');
      expect(b, s).toContain('strata (wasm)');
      expect(b, s).not.toContain('strata');
    }
    expect(backendsOf('ed25519')).toEqual(expect.arrayContaining(['strata (cached keys, ts)', 'strata (cached keys, wasm)', 'strata (parallel, ts)', 'strata (parallel, wasm)']));
    expect(backendsOf('curves')).toEqual(expect.arrayContaining(['strata', 'strata (ts)', 'strata (wasm)', 'strata (generic edwards)']));
    const field = SUITES.find((s) => s.name === 'field')!.adapters;
    expect(field.map((a) => a.backend)).toEqual(expect.arrayContaining(['strata', 'strata (wasm)']));
    expect(field.find((a) => a.backend === 'strata (wasm)')!.engine).toBe('wasm');
    expect(field.find((a) => a.backend === 'strata')!.engine).toBeUndefined();
  });

  it('the twins of a partly served adapter split its ops: served ones on both engines, the rest under the old name', () => {
    const curves = SUITES.find((s) => s.name === 'curves')!;
    const ops = curves.ops('quick');
    const covering = (op: OpSpec): string[] => curves.adapters.filter((a) => a.covers?.(op)).map((a) => a.backend);
    const op = (id: string): OpSpec => ops.find((o) => o.id === id)!;
    expect(covering(op('k1/base-ct')).filter((b) => b.startsWith('strata'))).toEqual(['strata (ts)', 'strata (wasm)']);
    expect(covering(op('k1/add-z1')).filter((b) => b.startsWith('strata'))).toEqual(['strata']);
    expect(covering(op('ed/msm/4')).filter((b) => b.startsWith('strata'))).toEqual(['strata (ts)', 'strata (wasm)']);
    expect(covering(op('jj/smul')).filter((b) => b.startsWith('strata'))).toEqual(['strata (ts)', 'strata (wasm)']);
    expect(covering(op('jj/add-ext')).filter((b) => b.startsWith('strata'))).toEqual(['strata']);
  });

  it('--backend strata selects both twins; --engine keeps one engine and every backend of no engine', () => {
    const twins = SUITES.find((s) => s.name === 'dleq')!.adapters;
    const ts = twins.find((a) => a.backend === 'strata (ts)')!;
    const wasm = twins.find((a) => a.backend === 'strata (wasm)')!;
    const peer = twins.find((a) => a.engine === undefined)!;
    expect(backendSelected(ts, ['strata'])).toBe(true);
    expect(backendSelected(wasm, ['strata'])).toBe(true);
    expect(backendSelected(wasm, ['strata (ts)'])).toBe(false);
    expect(backendSelected(peer, ['strata'])).toBe(false);
    expect(engineSelected(ts, ['ts'])).toBe(true);
    expect(engineSelected(wasm, ['ts'])).toBe(false);
    expect(engineSelected(peer, ['wasm'])).toBe(true);
  });
});

describe('engine selection while rows interleave (real @strata/curves engine)', () => {
  it('each twin loads, checks and measures on its own engine in every round; the plain part stays on ts', async () => {
    const loadedOn: string[] = [];
    const checkedOn: string[] = [];
    // The engine of every call, per backend and op (the wrapper below names the backend).
    const perBackend = new Map<string, string[]>();
    const base = (name: string): Adapter => ({
      backend: 'strata',
      kind: 'strata',
      description: 'records the engine of every call',
      async load(ctx) {
        loadedOn.push(strataEngine.currentEngine());
        const cases: Record<string, Case> = {};
        for (const op of ctx.ops) {
          const list: string[] = [];
          perBackend.set(`${name} ${op.id}`, list);
          cases[op.id] = {
            run: () => list.push(strataEngine.currentEngine()),
            check: () => checkedOn.push(`${name} ${op.id} ${strataEngine.currentEngine()}`) > 0,
          };
        }
        return { cases };
      },
    });
    // engineTwins(a) = [plain part, ts twin, wasm twin]; each records under its own name.
    const [plain] = engineTwins(base('strata'));
    const [, ts] = engineTwins(base('strata (ts)'));
    const [, , wasm] = engineTwins(base('strata (wasm)'));
    const ops: OpSpec[] = [
      { id: 'k1/base-ct', group: 'g', label: 'served' },
      { id: 'k1/add-z1', group: 'g', label: 'not served' },
    ];
    const suite: Suite = {
      name: 'engine-test',
      title: 'engine test',
      ops: () => ops,
      adapters: [plain!, ts!, wasm!, onTsEngine({ ...base('strata (other)'), backend: 'strata (other)', covers: () => true })],
      charts: [],
    };
    const r = await runSuite(suite, { mode: 'default', budget: TINY });
    const rows = r.rows.map((x) => `${x.opId} ${x.backend} ${x.status}`);
    expect(rows).toEqual([
      'k1/base-ct strata (ts) ok',
      'k1/base-ct strata (wasm) ok',
      'k1/base-ct strata (other) ok',
      'k1/add-z1 strata ok',
      'k1/add-z1 strata (other) ok',
    ]);
    const only = (key: string): string[] => [...new Set(perBackend.get(key))];
    expect(only('strata (ts) k1/base-ct')).toEqual(['ts']);
    expect(only('strata (wasm) k1/base-ct')).toEqual(['wasm']);
    expect(only('strata k1/add-z1')).toEqual(['ts']);
    expect(only('strata (other) k1/base-ct')).toEqual(['ts']);
    // Three rounds: several passes per backend, each on the right engine.
    expect(perBackend.get('strata (wasm) k1/base-ct')!.length).toBeGreaterThan(2);
    // Each load ran on its own engine (plain part, ts twin, wasm twin, the pinned one).
    expect(loadedOn).toEqual(['ts', 'ts', 'wasm', 'ts']);
    expect(checkedOn.sort()).toEqual(['strata (other) k1/add-z1 ts', 'strata (other) k1/base-ct ts', 'strata (ts) k1/base-ct ts', 'strata (wasm) k1/base-ct wasm', 'strata k1/add-z1 ts']);
    // The WebAssembly row carries its ratio to the TypeScript twin.
    const w = r.rows.find((x) => x.backend === 'strata (wasm)')!;
    const t = r.rows.find((x) => x.backend === 'strata (ts)')!;
    expect(w.tsTwin).toBe('strata (ts)');
    expect(w.ratioToTs).toBeCloseTo(w.stats!.medianNs / t.stats!.medianNs, 9);
    expect(t.ratioToTs).toBeUndefined();
  });

  it('--engine ts runs no WebAssembly twin and never loads the module for it', async () => {
    await selectEngine('ts');
    let loads = 0;
    const base: Adapter = {
      backend: 'strata',
      kind: 'strata',
      description: 'x',
      async load() {
        loads++;
        return { cases: { 'ed/verify': () => strataEngine.currentEngine() } };
      },
    };
    const suite: Suite = { name: 's', title: 's', ops: () => [{ id: 'ed/verify', group: 'g', label: 'v' }], adapters: engineTwins(base, { allServed: true }), charts: [] };
    const r = await runSuite(suite, { mode: 'quick', budget: { ...TINY, rounds: 1 }, engines: ['ts'] });
    expect(r.rows.map((x) => x.backend)).toEqual(['strata (ts)']);
    expect(loads).toBe(1);
    expect(r.backends.map((b) => b.backend)).toEqual(['strata (ts)']);
  });

  it('a field kernel-loop row compares with the plain strata row when the op has no ts twin', () => {
    const row = (backend: string, kind: Row['kind'], ns: number): Row => ({
      suite: 'f', group: 'g', opId: 'fp/mul', op: 'mul', unit: 'op', backend, kind, platform: 'node', status: 'ok',
      stats: flatStats(ns, { samples: 1, madPct: 0 }),
    });
    const rows = [row('strata', 'strata', 100), row('strata (wasm)', 'wasm', 40), row('noble-curves', 'js', 300)];
    computeRatios(rows, [{ id: 'fp/mul', group: 'g', label: 'mul' }]);
    expect(rows[1]!.ratioToTs).toBeCloseTo(0.4, 12);
    expect(rows[1]!.tsTwin).toBe('strata');
    expect(rows[1]!.bestPeer).toBe('noble-curves');
    expect(rows[0]!.ratioToTs).toBeUndefined();
  });
});
