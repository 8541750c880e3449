/**
 * Suite `dleq`: cross-group discrete-log-equality proofs (MRL-0010, go-dleq wire format).
 *
 * prove, verify and deserialize+verify for (secp256k1, ed25519) and (ed25519, secp256k1).
 * Backends: Strata's dleq code over Strata's curves (`@strata/group` secp256k1 / ed25519) and the
 * same Strata dleq code over noble-curves wrapped in the dleq `Curve` interface
 * (`@strata/group-testkit/noble-group`). Go go-dleq as reference rows, measured in this run when
 * Go is on PATH (prove, verify), else cited (deserialize + verify: cited only).
 */
import type { Adapter, Case, Loaded, OpSpec, ReferenceFigure, Suite } from '../types.js';
import { goFigure } from '../reference.js';
import { importLoose, need, type Loose } from '../util.js';
import { engineTwins } from '../engine.js';

/** The two curve orders of the suite: op-id prefix, label, curve names. */
export const PAIRS = [
  { id: 'k1-ed', label: 'secp256k1 × ed25519', a: 'secp256k1', b: 'ed25519', go: 'Secp256k1_Ed25519' },
  { id: 'ed-k1', label: 'ed25519 × secp256k1', a: 'ed25519', b: 'secp256k1', go: 'Ed25519_Secp256k1' },
] as const;

function ops(mode: string): OpSpec[] {
  const list: OpSpec[] = [];
  // One proof takes seconds: quick runs one curve order, only --full adds deserialize + verify.
  for (const p of mode === 'quick' ? PAIRS.slice(0, 1) : PAIRS) {
    const group = `DLEq ${p.label}`;
    list.push({ id: `dleq/${p.id}/prove`, group, label: 'prove' });
    list.push({ id: `dleq/${p.id}/verify`, group, label: 'verify' });
    if (mode === 'full') list.push({ id: `dleq/${p.id}/deser-verify`, group, label: 'deserialize + verify' });
  }
  return list;
}

/** Builds the cases of one backend from its two `Curve` objects. */
function dleqCases(dleq: Loose, curves: Record<string, Loose>, ops: readonly OpSpec[]): Record<string, Case> {
  const prove = need(dleq, 'prove', '@strata/dleq') as (a: Loose, b: Loose, s: Uint8Array) => Loose;
  const Proof = need(dleq, 'Proof', '@strata/dleq') as Loose;
  const gen = need(dleq, 'generateSecretForCurvesLE', '@strata/dleq') as (a: Loose, b: Loose) => Uint8Array;
  const cases: Record<string, Case> = {};
  for (const p of PAIRS) {
    const mine = ops.filter((o) => o.id.startsWith(`dleq/${p.id}/`));
    if (mine.length === 0) continue;
    const A = curves[p.a] as Loose;
    const B = curves[p.b] as Loose;
    const secret = gen(A, B);
    let proof: Loose | undefined;
    let bytes: Uint8Array | undefined;
    const ready = (): Loose => {
      if (!proof) {
        proof = prove(A, B, secret);
        bytes = proof.toBytes() as Uint8Array;
      }
      return proof;
    };
    cases[`dleq/${p.id}/prove`] = {
      run: () => {
        const pr = prove(A, B, secret);
        if (!proof) {
          proof = pr;
          bytes = pr.toBytes() as Uint8Array;
        }
        return pr;
      },
      note: 'prove(curveA, curveB, secret)',
    };
    // The proof verified here is the one the prove op produced (when it ran first), so a
    // true result checks both ops.
    cases[`dleq/${p.id}/verify`] = {
      run: () => ready().verify(A, B),
      checkResult: (r) => r === true,
      note: 'proof.verify(curveA, curveB)',
    };
    cases[`dleq/${p.id}/deser-verify`] = {
      run: () => {
        ready();
        return Proof.fromBytes(A, B, bytes).verify(A, B);
      },
      checkResult: (r) => r === true,
      note: 'Proof.fromBytes(curveA, curveB, bytes).verify(curveA, curveB)',
    };
  }
  return cases;
}

/** Strata dleq over Strata's curves. */
export const strataDleqAdapter: Adapter = {
  backend: 'strata',
  kind: 'strata',
  description: '@strata/dleq prove / Proof.verify over @strata/group secp256k1 and ed25519 (Strata curves)',
  async load(ctx): Promise<Loaded> {
    const dleq = await importLoose('@strata/dleq');
    const group = await importLoose('@strata/group');
    const curves = { secp256k1: need(group, 'secp256k1', '@strata/group'), ed25519: need(group, 'ed25519', '@strata/group') };
    return { cases: dleqCases(dleq, curves, ctx.ops) };
  },
};

/** The same Strata dleq code over noble-curves behind the dleq `Curve` interface. */
export const nobleDleqAdapter: Adapter = {
  backend: 'noble-curves (dleq Curve)',
  kind: 'js',
  description: 'the same @strata/dleq code over noble-curves 2.4.0 wrapped in the dleq Curve interface (@strata/group-testkit/noble-group)',
  covers: () => true,
  async load(ctx): Promise<Loaded> {
    const dleq = await importLoose('@strata/dleq');
    const ng = (await import('@strata/group-testkit/noble-group')) as unknown as Loose;
    const curves = { secp256k1: need(ng, 'nobleSecp256k1', '@strata/group-testkit/noble-group'), ed25519: need(ng, 'nobleEd25519', '@strata/group-testkit/noble-group') };
    return { cases: dleqCases(dleq, curves, ctx.ops) };
  },
};

function references(list: readonly OpSpec[]): ReferenceFigure[] {
  const out: ReferenceFigure[] = [];
  for (const p of PAIRS) {
    // [op, benchmark, measured in this run]: the shared go-dleq sources' local_bench_test.go has
    // prove and verify in both orders; deserialize + verify is cited only.
    const want: [string, string, boolean][] = [
      [`dleq/${p.id}/prove`, `BenchmarkLocalProve_${p.go}`, true],
      [`dleq/${p.id}/verify`, `BenchmarkLocalVerify_${p.go}`, true],
      [`dleq/${p.id}/deser-verify`, `BenchmarkLocalDeserializeVerify_${p.go}`, false],
    ];
    for (const [opId, bench, measured] of want) {
      if (!list.some((o) => o.id === opId)) continue;
      const g = goFigure(bench);
      if (g) {
        out.push({
          opId,
          backend: 'Go go-dleq (reference)',
          nsPerOp: g.nsPerOp,
          ...(g.bytesPerOp !== undefined ? { bytesPerOp: g.bytesPerOp } : {}),
          source: g.source,
          citedAs: g.citedAs,
          ...(measured ? { go: { suite: 'go-dleq' as const, benchmark: bench } } : { citedOnly: `the shared go-dleq sources have no ${bench}` }),
        });
      }
    }
  }
  return out;
}

/** DLEq suite definition. */
export const dleqSuite: Suite = {
  name: 'dleq',
  title: 'Cross-group DLEq proofs',
  ops,
  adapters: [...engineTwins(strataDleqAdapter, { allServed: true }), nobleDleqAdapter],
  references,
  charts: [{ kind: 'bars', title: 'DLEq proofs (go-dleq format): time per proof / verification' }],
};
