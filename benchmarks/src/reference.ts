/**
 * The cited Go reference figures (`reference/go-benchmarks-2026-11-30.json`): measured on the
 * same machine class, NOT in this run. Suites attach them to their ops as `reference` rows.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Path of the reference file, relative to this package. */
export const REFERENCE_FILE = 'reference/go-benchmarks-2026-11-30.json';

interface GoResult {
  suite: string;
  package: string;
  benchmark: string;
  median_ns_per_op: number;
  bytes_per_op?: number;
  allocs_per_op?: number;
}

interface GoFile {
  what: string;
  toolchain: string;
  sources: Record<string, string>;
  results: GoResult[];
}

let cache: GoFile | undefined;

function load(): GoFile {
  if (!cache) {
    const url = new URL(`../${REFERENCE_FILE}`, import.meta.url);
    cache = JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) as GoFile;
  }
  return cache;
}

/** A Go figure: ns/op, bytes/op and a citation string. */
export interface GoFigure {
  readonly nsPerOp: number;
  readonly bytesPerOp?: number;
  readonly source: string;
}

/**
 * Looks up a Go benchmark by name (and optionally its `suite` label in the file, to tell the
 * decred v4.1.0 figures from the v4.4.1 ones). Returns undefined if it is not there.
 */
export function goFigure(benchmark: string, suite?: string): GoFigure | undefined {
  const f = load();
  const r = f.results.find((x) => x.benchmark === benchmark && (suite === undefined || x.suite === suite));
  if (!r) return undefined;
  const lib =
    r.package === 'ring-go'
      ? `ring-go ${f.sources['ring-go']?.split(' ')[1]?.slice(0, 7) ?? ''}`
      : r.package === 'go-dleq'
        ? `go-dleq ${f.sources['go-dleq']?.split(' ')[1]?.slice(0, 7) ?? ''}`
        : r.suite === 'decred-v4.4.1'
          ? 'decred secp256k1 v4.4.1'
          : 'decred secp256k1 v4.1.0';
  return {
    nsPerOp: r.median_ns_per_op,
    ...(r.bytes_per_op !== undefined ? { bytesPerOp: r.bytes_per_op } : {}),
    source: `${REFERENCE_FILE}: ${lib} ${r.benchmark} (${f.toolchain.split(';')[0]}, 2026-11-30, same machine class)`,
  };
}

/** Summary of where the reference figures come from, for the JSON record. */
export function referenceInfo(): { file: string; what: string; toolchain: string; sources: Record<string, string> } {
  const f = load();
  return { file: REFERENCE_FILE, what: f.what, toolchain: f.toolchain, sources: f.sources };
}
