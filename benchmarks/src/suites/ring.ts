/**
 * Suite `ring`: linkable ring signatures (bLSAG, ring-go wire format).
 *
 * sign and verify at ring sizes 2…128 on secp256k1 and ed25519, each cold and warm:
 * - sign cold: `Ring.fromPublicKeys` from encoded keys (decoding every key) + `sign`;
 * - sign warm: `sign` over a ring object that has signed before (`ring.precompute()`d);
 * - verify cold: `RingSignature.fromBytes` (fresh ring, every key decoded) + `verify`;
 * - verify warm: `RingSignature.fromBytes(…, { cache })` hitting a `RingCache` + `verify`: the ring's tables
 *   are built and, since the same signature is verified again and again, so is the signer's
 *   key-image table (a repeat signer; see the ring README).
 * Backends: Strata ring code over Strata's curves, and the same ring code over noble-curves
 * behind the dleq `Curve` interface. Go ring-go per size as reference rows, measured in this run
 * when Go is on PATH, else cited (Go's benchmarks sign / verify with an already-decoded ring and
 * keep no per-ring tables; cold and warm rows share one Go benchmark).
 */
import type { Adapter, Case, ChartSpec, Loaded, OpSpec, ReferenceFigure, Suite } from '../types.js';
import { goFigure } from '../reference.js';
import { detBytes, importLoose, need, type Loose } from '../util.js';
import { engineTwins } from '../engine.js';

/** Ring sizes per mode. */
export function ringSizes(mode: string): number[] {
  if (mode === 'quick') return [2];
  if (mode === 'full') return [2, 4, 8, 16, 32, 64, 128];
  return [2, 8, 32, 128];
}

const CURVES = [
  { id: 'k1', name: 'secp256k1', go: 'Secp256k1' },
  { id: 'ed', name: 'ed25519', go: 'Ed25519' },
] as const;

const KINDS = [
  { id: 'sign-cold', label: 'sign (cold ring)', group: 'sign, cold ring', go: 'Sign' },
  { id: 'sign-warm', label: 'sign (warm ring)', group: 'sign, warm ring', go: 'Sign' },
  { id: 'verify-cold', label: 'verify (cold ring)', group: 'verify, cold ring', go: 'Verify' },
  { id: 'verify-warm', label: 'verify (warm ring)', group: 'verify, warm ring', go: 'Verify' },
] as const;

function ops(mode: string): OpSpec[] {
  const list: OpSpec[] = [];
  for (const c of CURVES) {
    for (const k of KINDS) {
      for (const n of ringSizes(mode)) {
        list.push({ id: `ring/${c.id}/${k.id}/${n}`, group: `${c.name} ${k.group}`, label: `${k.label} n=${n}`, size: n });
      }
    }
  }
  return list;
}

/** Builds the cases of one backend from its two dleq `Curve` objects. */
function ringCases(ring: Loose, curves: Record<string, Loose>, ops: readonly OpSpec[]): Record<string, Case> {
  const Ring = need(ring, 'Ring', '@strata/ring');
  const RingSignature = need(ring, 'RingSignature', '@strata/ring');
  const RingCache = need(ring, 'RingCache', '@strata/ring');
  const sign = need(ring, 'sign', '@strata/ring') as (m: Uint8Array, r: Loose, x: Loose, i: number) => Loose;
  const cases: Record<string, Case> = {};
  const msg = detBytes('ring/msg', 0);
  for (const c of CURVES) {
    const curve = curves[c.name] as Loose;
    const mine = ops.filter((o) => o.id.startsWith(`ring/${c.id}/`));
    if (mine.length === 0) continue;
    const maxN = Math.max(...mine.map((o) => o.size as number));
    // Members i ≥ 1 have keys H(i)·G; the signer (index 0) has x.
    const x = curve.hashToScalar(detBytes(`ring/${c.id}/x`, 0));
    const keys: Uint8Array[] = [curve.scalarBaseMult(x).toBytes()];
    for (let i = 1; i < maxN; i++) keys.push(curve.scalarBaseMult(curve.hashToScalar(detBytes(`ring/${c.id}/key`, i))).toBytes());
    const perSize = new Map<number, { keys: Uint8Array[]; warm: Loose; sigBytes: Uint8Array; cache: Loose }>();
    const setup = (n: number): { keys: Uint8Array[]; warm: Loose; sigBytes: Uint8Array; cache: Loose } => {
      let s = perSize.get(n);
      if (!s) {
        const ks = keys.slice(0, n);
        const warm = Ring.fromPublicKeys(curve, ks).precompute();
        const sig = sign(msg, warm, x, 0);
        const sigBytes = sig.toBytes() as Uint8Array;
        const cache = new RingCache(4);
        RingSignature.fromBytes(curve, sigBytes, { cache }).verify(msg);
        s = { keys: ks, warm, sigBytes, cache };
        perSize.set(n, s);
      }
      return s;
    };
    for (const op of mine) {
      const n = op.size as number;
      const kind = op.id.split('/')[2];
      const s = (): ReturnType<typeof setup> => setup(n);
      if (kind === 'sign-cold') {
        cases[op.id] = {
          run: () => sign(msg, Ring.fromPublicKeys(curve, s().keys), x, 0),
          checkResult: (sig) => (sig as Loose).verify(msg) === true,
          note: 'sign(msg, Ring.fromPublicKeys(curve, keyBytes), x, 0)',
        };
      } else if (kind === 'sign-warm') {
        cases[op.id] = { run: () => sign(msg, s().warm, x, 0), checkResult: (sig) => (sig as Loose).verify(msg) === true, note: 'sign(msg, ring, x, 0) over a precomputed ring' };
      } else if (kind === 'verify-cold') {
        cases[op.id] = {
          run: () => RingSignature.fromBytes(curve, s().sigBytes).verify(msg),
          // The timed call must accept; a different message must be rejected.
          checkResult: (r) => r === true && RingSignature.fromBytes(curve, s().sigBytes).verify(detBytes('ring/other', 0)) === false,
          note: 'RingSignature.fromBytes(curve, bytes).verify(msg)',
        };
      } else {
        cases[op.id] = {
          run: () => RingSignature.fromBytes(curve, s().sigBytes, { cache: s().cache }).verify(msg),
          checkResult: (r) => r === true,
          note: 'RingSignature.fromBytes(curve, bytes, { cache }).verify(msg), ring cached',
        };
      }
    }
  }
  return cases;
}

/** Strata ring over Strata's curves. */
export const strataRingAdapter: Adapter = {
  backend: 'strata',
  kind: 'strata',
  description: '@strata/ring over @strata/group secp256k1 / ed25519 (Strata curves)',
  async load(ctx): Promise<Loaded> {
    const ring = await importLoose('@strata/ring');
    const group = await importLoose('@strata/group');
    return { cases: ringCases(ring, { secp256k1: need(group, 'secp256k1', '@strata/group'), ed25519: need(group, 'ed25519', '@strata/group') }, ctx.ops) };
  },
};

/** The same Strata ring code over noble-curves behind the dleq `Curve` interface. */
export const nobleRingAdapter: Adapter = {
  backend: 'noble-curves (dleq Curve)',
  kind: 'js',
  description: 'the same @strata/ring code over noble-curves 2.4.0 wrapped in the dleq Curve interface (@strata/group-testkit/noble-group)',
  covers: () => true,
  async load(ctx): Promise<Loaded> {
    const ring = await importLoose('@strata/ring');
    const ng = (await import('@strata/group-testkit/noble-group')) as unknown as Loose;
    return { cases: ringCases(ring, { secp256k1: need(ng, 'nobleSecp256k1', '@strata/group-testkit/noble-group'), ed25519: need(ng, 'nobleEd25519', '@strata/group-testkit/noble-group') }, ctx.ops) };
  },
};

function references(list: readonly OpSpec[]): ReferenceFigure[] {
  const out: ReferenceFigure[] = [];
  for (const op of list) {
    const [, cid, kid] = op.id.split('/');
    const c = CURVES.find((x) => x.id === cid);
    const k = KINDS.find((x) => x.id === kid);
    if (!c || !k) continue;
    const name = `Benchmark${k.go}${op.size}_${c.go}`;
    const g = goFigure(name);
    if (g) {
      out.push({
        opId: op.id,
        backend: 'Go ring-go (reference)',
        nsPerOp: g.nsPerOp,
        ...(g.bytesPerOp !== undefined ? { bytesPerOp: g.bytesPerOp } : {}),
        source: `${g.source}; Go signs/verifies over an already-decoded ring, no per-ring tables`,
        citedAs: g.citedAs,
        // The same benchmark of the shared ring-go sources, measured in this run when Go is there.
        go: { suite: 'ring-go', benchmark: name },
      });
    }
  }
  return out;
}

const charts: ChartSpec[] = [{ kind: 'bars', title: 'Ring signatures: time per signature / verification', preferSize: 32 }];
for (const c of CURVES) {
  for (const what of ['sign', 'verify'] as const) {
    charts.push({
      kind: 'lines',
      title: `${c.name} ring ${what}: time vs ring size (solid: cold ring, dashed: warm ring)`,
      groups: [`${c.name} ${what}, cold ring`, `${c.name} ${what}, warm ring`],
      xLabel: 'ring size n',
      yLabel: `time per ${what}`,
    });
  }
}

/** Ring suite definition. */
export const ringSuite: Suite = {
  name: 'ring',
  title: 'Linkable ring signatures',
  ops,
  adapters: [...engineTwins(strataRingAdapter, { allServed: true }), nobleRingAdapter],
  references,
  charts,
};
