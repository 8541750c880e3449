/** A Markdown rendering of a run (results/latest.md), pasted into docs/benchmarks.md. */
import type { Row, SuiteResult } from '../types.js';
import { fmtBytes, fmtEachPeer, fmtRate, fmtRatio, fmtTime, fmtVsNative, fmtVsRef, fmtX } from './format.js';
import { baseBackend, engineOf } from '../engine.js';
import { nativeGaps } from '../runner.js';

function cell(s: string): string {
  return s.replace(/\|/g, '\\|');
}

/** One table line; `wasmTs`: the suite has WebAssembly-engine rows, so the table has a wasm / ts column. */
function line(r: Row, showOp: boolean, eachPeer: boolean, wasmTs: boolean): string {
  const per = r.unit === 'op' ? '' : `/${r.unit}`;
  const op = showOp ? cell(r.op) : '';
  const backend = r.kind === 'strata' ? `**${cell(r.backend)}**` : r.kind === 'cited' ? `_${cell(r.backend)}_` : cell(r.backend);
  if (r.status !== 'ok' || !r.stats) return `| ${op} | ${backend} | ${r.kind} | ${r.status} | | | | |${wasmTs ? ' |' : ''} ${cell(r.reason ?? '')} | |`;
  const s = r.stats;
  const spread = r.kind === 'cited' ? 'cited' : `±${s.madPct.toFixed(1)}%`;
  let vs = '';
  if (r.kind !== 'cited' && r.ratioToBestPeer !== undefined) {
    const t = fmtRatio(r.ratioToBestPeer);
    vs = r.bestPeer === r.backend ? 'best peer' : t.startsWith('≈') ? `${t} ${r.bestPeer}` : `${t} than ${r.bestPeer}`;
  }
  if (eachPeer && r.kind === 'strata' && r.ratioToPeers) vs += ` (${fmtEachPeer(r.ratioToPeers)})`;
  const go = r.kind === 'cited' ? cell(r.note ?? 'not measured in this run') : r.kind === 'go' ? cell(r.note ?? 'Go, measured in this run') : r.ratioToReference !== undefined ? fmtVsRef(r.ratioToReference) : '';
  const native = fmtVsNative(r.ratioToNative, r.fastestNative, r.backend);
  const ratio = r.ratioToTs !== undefined ? `${fmtX(r.ratioToTs)} (${fmtRatio(r.ratioToTs).replace('≈ same as', '≈ same')})` : '';
  return `| ${op} | ${backend} | ${r.kind} | ${fmtTime(s.medianNs)}${per} | ${spread} | ${fmtRate(s.opsPerSec)} | ${fmtBytes(s.bytesPerOp)} | ${cell(native)} |${wasmTs ? ` ${ratio} |` : ''} ${cell(vs)} | ${go} |`;
}

/** Renders every suite as Markdown tables (one per op group). */
export function renderMarkdown(results: readonly SuiteResult[], header: readonly string[]): string {
  const out: string[] = [...header.map((h) => `${h}  `), ''];
  for (const s of results) {
    const where = s.platform === 'chromium' ? ' — in headless Chromium (`--browser`)' : '';
    out.push(`### ${s.title}${where} (\`--suite ${s.name}\`, ${(s.elapsedMs / 1000).toFixed(0)} s)`, '');
    let group = '';
    let prev = '';
    // Suites with WebAssembly-engine rows get a wasm / ts column.
    const wasmTs = s.rows.some((r) => r.ratioToTs !== undefined);
    for (const r of s.rows) {
      if (r.group !== group) {
        group = r.group;
        prev = '';
        out.push(
          '',
          `**${group}**`,
          '',
          `| op | backend | kind | median | spread | ops/s | bytes/op | vs native |${wasmTs ? ' wasm / ts |' : ''} vs best peer | vs Go |`,
          `|---|---|---|---:|---:|---:|---:|---|${wasmTs ? '---|' : ''}---|---|`,
        );
      }
      out.push(line(r, r.opId !== prev, s.ratioToEachPeer === true, wasmTs));
      prev = r.opId;
    }
    out.push('');
  }
  const twins = results.flatMap((s) => s.rows.filter((r) => r.ratioToTs !== undefined && r.stats).map((r) => ({ s, r })));
  if (twins.length > 0) {
    out.push(
      '### WebAssembly engine vs TypeScript engine',
      '',
      'Per op the WebAssembly engine serves, each Strata backend on both engines (same run, same platform): wasm / ts below 1 means the WebAssembly engine is faster; the best-peer ratio is the WebAssembly row\'s.',
      '',
      '| suite | op | backend | ts | wasm | wasm / ts | wasm vs best peer |',
      '|---|---|---|---:|---:|---|---|',
    );
    for (const { s, r } of twins) {
      const per = r.unit === 'op' ? '' : `/${r.unit}`;
      const tsNs = r.stats!.medianNs / r.ratioToTs!;
      const where = s.platform === 'chromium' ? ' (Chromium)' : '';
      const peer = r.ratioToBestPeer !== undefined && r.bestPeer ? `${fmtX(r.ratioToBestPeer)} ${r.bestPeer}` : '';
      const name = engineOf(r.backend) === 'wasm' ? baseBackend(r.backend) : r.backend;
      out.push(`| ${s.name}${where} | ${cell(`${r.group} · ${r.op}`)} | ${cell(name)} | ${fmtTime(tsNs)}${per} | ${fmtTime(r.stats!.medianNs)}${per} | ${fmtX(r.ratioToTs)} (${fmtRatio(r.ratioToTs).replace('≈ same as', '≈ same')}) | ${cell(peer)} |`);
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
