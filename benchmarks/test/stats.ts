/**
 * Synthetic timing statistics for the report and target tests: one median
 * `ns`, every sample equal (or spread ± `spread` for the quartiles).
 */
import type { Stats } from '../src/types.js';

export function flatStats(ns: number, o: { samples?: number; callsPerSample?: number; madPct?: number; spread?: number } = {}): Stats {
  const samples = o.samples ?? 5;
  const callsPerSample = o.callsPerSample ?? 1;
  const spread = o.spread ?? 0;
  return {
    medianNs: ns,
    madPct: o.madPct ?? 1,
    p25Ns: ns * (1 - spread),
    p75Ns: ns * (1 + spread),
    minNs: ns,
    maxNs: ns,
    samples,
    callsPerSample,
    calls: samples * callsPerSample,
    opsPerSec: 1e9 / ns,
    bytesPerOp: 0,
  };
}
