/** The terminal table: one block per suite, rows grouped by op group. */
import type { Row, SuiteResult } from '../types.js';
import { nativeGaps } from '../runner.js';
import { fmtBytes, fmtEachPeer, fmtRate, fmtRatio, fmtTime, fmtVsNative, fmtVsRef, fmtVsTs, fmtX } from './format.js';

function pad(s: string, w: number, right = false): string {
  const len = [...s].length;
  if (len >= w) return s;
  return right ? ' '.repeat(w - len) + s : s + ' '.repeat(w - len);
}

function cells(r: Row, eachPeer: boolean): string[] {
  const perUnit = r.unit === 'op' ? '' : `/${r.unit}`;
  if (r.status !== 'ok' || !r.stats) {
    return [r.op, r.backend, r.kind, r.status === 'error' ? 'ERROR' : 'unavailable', '', '', '', '', r.reason ?? ''];
  }
  const s = r.stats;
  const spread = r.kind === 'cited' ? 'cited' : `±${s.madPct < 10 ? s.madPct.toFixed(1) : s.madPct.toFixed(0)}%`;
  const vs: string[] = [];
  if (r.ratioToTs !== undefined) vs.push(fmtVsTs(r.ratioToTs));
  if (r.kind !== 'cited' && r.ratioToBestPeer !== undefined && r.bestPeer !== r.backend) { const t = fmtRatio(r.ratioToBestPeer); vs.push(t.startsWith('≈') ? `${t} ${r.bestPeer}` : `${t} than ${r.bestPeer}`); }
  if (r.kind !== 'cited' && r.bestPeer === r.backend) vs.push('best peer');
  if (r.ratioToReference !== undefined) vs.push(`Go: ${fmtVsRef(r.ratioToReference)}`);
  if (eachPeer && r.kind === 'strata' && r.ratioToPeers) vs.push(`vs each: ${fmtEachPeer(r.ratioToPeers)}`);
  // The Go rows' label: the Go version and "measured in this run", or "cited (…): not measured in this run".
  if (r.kind === 'cited') vs.push(r.note ?? 'not measured in this run');
  if (r.kind === 'go') vs.push(r.note ?? 'Go, measured in this run');
  return [r.op, r.backend, r.kind, `${fmtTime(s.medianNs)}${perUnit}`, spread, fmtRate(s.opsPerSec), fmtBytes(s.bytesPerOp), fmtVsNative(r.ratioToNative, r.fastestNative, r.backend), vs.join('; ')];
}

/**
 * Renders the results of some suites as a plain-text table. Columns: kind (strata, js, wasm,
 * native, cited); vs native = the row's time over the fastest native backend's time for the same
 * op in this run ("ceiling" on that row itself).
 */
export function renderTable(results: readonly SuiteResult[]): string {
  const head = ['op', 'backend', 'kind', 'median', 'spread', 'ops/s', 'B/op', 'vs native', 'wasm/ts; vs best peer / Go'];
  const lines: string[] = [];
  for (const s of results) {
    const all = s.rows.map((r) => cells(r, s.ratioToEachPeer === true));
    const w = head.map((h, i) => Math.min(i === 8 ? 200 : 60, Math.max(h.length, ...all.map((c) => [...(c[i] ?? '')].length))));
    const where = s.platform === 'chromium' ? ' — in headless Chromium' : '';
    lines.push('', `━━ ${s.title}${where} (suite ${s.name}, ${(s.elapsedMs / 1000).toFixed(1)} s) ━━`);
    lines.push(head.map((h, i) => pad(h, w[i] as number, i >= 3 && i <= 6)).join('  '));
    let group = '';
    let prevOp = '';
    for (let k = 0; k < s.rows.length; k++) {
      const r = s.rows[k] as Row;
      const c = all[k] as string[];
      if (r.group !== group) {
        group = r.group;
        prevOp = '';
        lines.push(`· ${group}`);
      }
      const shown = [...c];
      if (r.opId === prevOp) shown[0] = '';
      prevOp = r.opId;
      lines.push(shown.map((x, i) => pad(x, w[i] as number, i >= 3 && i <= 6)).join('  ').trimEnd());
    }
  }
  return lines.join('\n');
}

/**
 * The closing note: per op with a native backend in the run, Strata's fastest row against the
 * fastest native one ("how far from the native ceiling"). Empty when no native backend ran.
 */
export function renderNativeNote(results: readonly SuiteResult[]): string {
  const gaps = nativeGaps(results);
  if (gaps.length === 0) return '';
  const lines = ['Strata vs native (fastest native backend of each op, measured in this run):'];
  const label = gaps.map((g) => `${g.suite} · ${g.group} · ${g.op}`);
  const w = Math.min(70, Math.max(...label.map((l) => [...l].length)));
  gaps.forEach((g, i) => {
    const per = g.unit === 'op' ? '' : `/${g.unit}`;
    lines.push(`  ${pad(label[i] as string, w)}  ${g.strataBackend} ${fmtTime(g.strataNs)}${per} vs ${g.nativeBackend} ${fmtTime(g.nativeNs)}${per}: ${fmtX(g.ratio)} (${fmtRatio(g.ratio)})`);
  });
  return lines.join('\n');
}
