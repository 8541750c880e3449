/** A Markdown rendering of a run (results/latest.md), pasted into docs/benchmarks.md. */
import type { Row, SuiteResult } from '../types.js';
import { fmtBytes, fmtEachPeer, fmtRate, fmtRatio, fmtTime, fmtVsNative, fmtVsRef, fmtX } from './format.js';
import { nativeGaps } from '../runner.js';

function cell(s: string): string {
  return s.replace(/\|/g, '\\|');
}

function line(r: Row, showOp: boolean, eachPeer: boolean): string {
  const per = r.unit === 'op' ? '' : `/${r.unit}`;
  const op = showOp ? cell(r.op) : '';
  const backend = r.kind === 'strata' ? `**${cell(r.backend)}**` : r.kind === 'cited' ? `_${cell(r.backend)}_` : cell(r.backend);
  if (r.status !== 'ok' || !r.stats) return `| ${op} | ${backend} | ${r.kind} | ${r.status} | | | | | ${cell(r.reason ?? '')} | |`;
  const s = r.stats;
  const spread = r.kind === 'cited' ? 'cited' : `±${s.madPct.toFixed(1)}%`;
  let vs = '';
  if (r.kind !== 'cited' && r.ratioToBestPeer !== undefined) {
    const t = fmtRatio(r.ratioToBestPeer);
    vs = r.bestPeer === r.backend ? 'best peer' : t.startsWith('≈') ? `${t} ${r.bestPeer}` : `${t} than ${r.bestPeer}`;
  }
  if (eachPeer && r.kind === 'strata' && r.ratioToPeers) vs += ` (${fmtEachPeer(r.ratioToPeers)})`;
  const go = r.kind === 'cited' ? 'not measured in this run' : r.ratioToReference !== undefined ? fmtVsRef(r.ratioToReference) : '';
  const native = fmtVsNative(r.ratioToNative, r.fastestNative, r.backend);
  return `| ${op} | ${backend} | ${r.kind} | ${fmtTime(s.medianNs)}${per} | ${spread} | ${fmtRate(s.opsPerSec)} | ${fmtBytes(s.bytesPerOp)} | ${cell(native)} | ${cell(vs)} | ${go} |`;
}

/** Renders every suite as Markdown tables (one per op group). */
export function renderMarkdown(results: readonly SuiteResult[], header: readonly string[]): string {
  const out: string[] = [...header.map((h) => `${h}  `), ''];
  for (const s of results) {
    const where = s.platform === 'chromium' ? ' — in headless Chromium (`--browser`)' : '';
    out.push(`### ${s.title}${where} (\`--suite ${s.name}\`, ${(s.elapsedMs / 1000).toFixed(0)} s)`, '');
    let group = '';
    let prev = '';
    for (const r of s.rows) {
      if (r.group !== group) {
        group = r.group;
        prev = '';
        out.push('', `**${group}**`, '', '| op | backend | kind | median | spread | ops/s | bytes/op | vs native | vs best peer | vs Go |', '|---|---|---|---:|---:|---:|---:|---|---|---|');
      }
      out.push(line(r, r.opId !== prev, s.ratioToEachPeer === true));
      prev = r.opId;
    }
    out.push('');
  }
  const gaps = nativeGaps(results);
  if (gaps.length > 0) {
    out.push(
      '### Strata vs native',
      '',
      'Per op, Strata\'s fastest row against the fastest native backend (kind `native`: sodium-native, secp256k1, node:crypto) measured in this run.',
      '',
      '| suite | op | Strata | native | Strata / native |',
      '|---|---|---:|---:|---|',
    );
    for (const g of gaps) {
      const per = g.unit === 'op' ? '' : `/${g.unit}`;
      out.push(`| ${g.suite} | ${cell(`${g.group} · ${g.op}`)} | ${cell(g.strataBackend)} ${fmtTime(g.strataNs)}${per} | ${cell(g.nativeBackend)} ${fmtTime(g.nativeNs)}${per} | ${fmtX(g.ratio)} (${fmtRatio(g.ratio)}) |`);
    }
    out.push('');
  }
  return out.join('\n');
}
