/** Number formatting shared by the table and the charts. */

/** Formats a duration in nanoseconds with a unit: "45.1 ns", "1.23 µs", "4.56 ms", "1.23 s". */
export function fmtTime(ns: number): string {
  if (!Number.isFinite(ns)) return '—';
  if (ns < 1e3) return `${ns < 10 ? ns.toFixed(2) : ns < 100 ? ns.toFixed(1) : ns.toFixed(0)} ns`;
  if (ns < 1e6) return `${sig(ns / 1e3)} µs`;
  if (ns < 1e9) return `${sig(ns / 1e6)} ms`;
  return `${sig(ns / 1e9)} s`;
}

function sig(v: number): string {
  return v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0);
}

/** Formats operations per second: "22.2M", "1.20k", "3.4". */
export function fmtRate(perSec: number): string {
  if (!Number.isFinite(perSec) || perSec <= 0) return '—';
  if (perSec >= 1e6) return `${sig(perSec / 1e6)}M`;
  if (perSec >= 1e3) return `${sig(perSec / 1e3)}k`;
  return sig(perSec);
}

/** Formats bytes per op: "0", "7.5", "312", "12.3 KB", "2.91 MB". */
export function fmtBytes(b: number | null | undefined): string {
  if (b === null || b === undefined || !Number.isFinite(b)) return '—';
  if (b < 0.5) return '0';
  if (b < 10) return b.toFixed(1);
  if (b < 1024) return b.toFixed(0);
  if (b < 1024 * 1024) return `${sig(b / 1024)} KB`;
  return `${sig(b / 1024 / 1024)} MB`;
}

/** Formats a time ratio (mine / theirs) as "2.4× faster", "1.3× slower" or "same". */
export function fmtRatio(r: number | undefined): string {
  if (r === undefined || !Number.isFinite(r) || r <= 0) return '';
  if (r > 0.97 && r < 1.03) return '≈ same as';
  return r < 1 ? `${sig(1 / r)}× faster` : `${sig(r)}× slower`;
}

/** Formats a ratio compactly: "0.42×". */
export function fmtX(r: number | undefined): string {
  if (r === undefined || !Number.isFinite(r)) return '';
  return `${r < 10 ? r.toFixed(2) : r.toFixed(1)}×`;
}

/** Formats a Strata row's ratio to each peer: "noble-curves 6.1× faster · tweetnacl 80× faster". */
export function fmtEachPeer(ratios: Record<string, number> | undefined): string {
  if (!ratios) return '';
  return Object.entries(ratios)
    .map(([peer, r]) => `${peer} ${fmtRatio(r).replace('≈ same as', '≈ same')}`)
    .join(' · ');
}

/**
 * Formats a WebAssembly-engine row's ratio to its TypeScript twin: "wasm/ts 0.42× (2.38× faster)",
 * "" when the row has none.
 */
export function fmtVsTs(r: number | undefined): string {
  if (r === undefined || !Number.isFinite(r) || r <= 0) return '';
  return `wasm/ts ${fmtX(r)} (${fmtRatio(r).replace('≈ same as', '≈ same')})`;
}

/** Formats the ratio to a reference figure: "1.6× slower", "2.0× faster", "≈ same". */
export function fmtVsRef(r: number | undefined): string {
  return fmtRatio(r).replace('≈ same as', '≈ same');
}

/**
 * Formats a row's distance to the native ceiling: "4.21× sodium-native" (4.21 times the time of
 * the fastest native backend of the op), "ceiling" on that fastest native row itself, "" when no
 * native backend ran the op.
 */
export function fmtVsNative(ratio: number | undefined, fastestNative: string | undefined, backend: string): string {
  if (ratio === undefined || fastestNative === undefined || !Number.isFinite(ratio)) return '';
  if (fastestNative === backend) return 'ceiling';
  return `${fmtX(ratio)} ${fastestNative}`;
}

/** `s` escaped for XML and HTML text and attribute values (&, <, >, "). */
export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
