/**
 * Suite `secp256k1-signatures`: ECDSA (RFC 6979, low S) and BIP-340 Schnorr signing and
 * verification of `@strata/secp256k1-signatures` beside tiny-secp256k1 (libsecp256k1 in
 * WebAssembly), noble-curves, the native libsecp256k1 bindings (`secp256k1`, ECDSA only),
 * @noble/secp256k1 and elliptic (bn.js, ECDSA only), and
 * Strata's BIP-340 batch verification, reported per signature and compared with the peers' single
 * verification (issue 22's targets: ECDSA and BIP-340 verify ≤ 0.6× tiny-secp256k1, batch
 * n = 1024 ≤ 0.5× single verification).
 *
 * Fixtures are signed by tiny-secp256k1 (an independent signer): 16 keys with a 32-byte hash each
 * (ECDSA and BIP-340 over the same 32 bytes, aux = 0), and one distinct key per batch entry.
 */
import type { OpSpec, ReferenceFigure, Suite } from '../types.js';
import { goFigure } from '../reference.js';
import { DECRED_V4 } from './field.js';
import { k1BatchSizes, k1SigFixtures } from '../fixtures/secp256k1-signatures.js';
import { k1SigAdapters } from '../adapters/secp256k1-signatures.js';

function ops(mode: string): OpSpec[] {
  const list: OpSpec[] = [
    { id: 'k1sig/ecdsa/sign', group: 'ECDSA (RFC 6979, low S)', label: 'sign (32-byte hash)' },
    { id: 'k1sig/ecdsa/verify', group: 'ECDSA (RFC 6979, low S)', label: 'verify' },
    { id: 'k1sig/schnorr/sign', group: 'BIP-340 Schnorr', label: 'sign (32-byte message)' },
    { id: 'k1sig/schnorr/verify', group: 'BIP-340 Schnorr', label: 'verify' },
  ];
  for (const n of k1BatchSizes(mode)) {
    list.push({ id: `k1sig/schnorr/batch/${n}`, group: 'BIP-340 batch verify', label: `batch n=${n}`, size: n, perCall: n, unit: 'sig', compareTo: 'k1sig/schnorr/verify' });
  }
  return list;
}

/**
 * The Go rows: decred's ECDSA (`ecdsa` package of the shared v4.1.0 sources, RFC 6979 as here),
 * measured in the run when Go is present, else cited. decred's `schnorr` package is its own
 * EC-Schnorr-DCRv0, not BIP-340, so the Schnorr rows have no Go counterpart.
 */
function references(list: readonly OpSpec[]): ReferenceFigure[] {
  const want: [string, string][] = [
    ['k1sig/ecdsa/sign', 'BenchmarkSign'],
    ['k1sig/ecdsa/verify', 'BenchmarkSigVerify'],
  ];
  const out: ReferenceFigure[] = [];
  for (const [opId, bench] of want) {
    if (!list.some((o) => o.id === opId)) continue;
    const g = goFigure(bench, 'ring-go');
    if (!g) continue;
    out.push({
      opId,
      backend: 'Go decred (reference)',
      nsPerOp: g.nsPerOp,
      ...(g.bytesPerOp !== undefined ? { bytesPerOp: g.bytesPerOp } : {}),
      source: g.source,
      citedAs: g.citedAs,
      go: { suite: 'secp256k1', benchmark: bench, package: `${DECRED_V4}/ecdsa` },
    });
  }
  return out;
}

/** secp256k1-signatures suite definition. */
export const secp256k1SignaturesSuite: Suite = {
  name: 'secp256k1-signatures',
  title: 'secp256k1 ECDSA and BIP-340 Schnorr',
  ops,
  fixtures: k1SigFixtures,
  adapters: k1SigAdapters,
  references,
  ratioToEachPeer: true,
  charts: [{ kind: 'bars', title: 'secp256k1 signatures: time per operation (batch: per signature)' }],
};
