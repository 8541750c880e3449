/**
 * Figures in one place (scripts/figures/write.mjs): every package README
 * shows the benchmark record benchmarks/results/latest.json between the
 * strata:figures markers. The check compares READMEs with the record (a
 * new record whose READMEs were not rewritten is caught); it does not ask how
 * old the record is. Only `pnpm figures` and `pnpm bench --record` write the
 * READMEs (benchmarks/test/bench.test.ts shows that a plain run does not).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = join(__dirname, '..', '..');
const script = join(repo, 'scripts', 'figures', 'write.mjs');
const BEGIN = '<!-- strata:figures:begin -->';
const END = '<!-- strata:figures:end -->';

function run(args: string[]) {
  const r = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout + r.stderr };
}

const stats = (medianNs: number) => ({ medianNs, madPct: 1, samples: 10 });
function record(suites: { name: string; title: string; rows: unknown[] }[]) {
  return {
    schema: 'strata-bench/1',
    date: '2020-01-02T03:04:05.000Z',
    mode: 'default',
    machine: { cpu: 'Test CPU', cores: 2, platform: 'linux 6.0', arch: 'x64' },
    runtime: { node: 'v20.20.2' },
    commit: { sha: '0123456789abcdef', dirty: false },
    suites,
  };
}
const fieldSuite = {
  name: 'field',
  title: 'Field arithmetic',
  rows: [
    { suite: 'field', group: 'secp256k1 Fp', opId: 'fp/mul', op: 'mul', unit: 'op', backend: 'strata', kind: 'strata', platform: 'node', status: 'ok', stats: stats(99.4), bestPeer: 'noble-curves', ratioToBestPeer: 0.5 },
    { suite: 'field', group: 'secp256k1 Fp', opId: 'fp/mul', op: 'mul', unit: 'op', backend: 'noble-curves', kind: 'js', platform: 'node', status: 'ok', stats: stats(198.8), bestPeer: 'noble-curves', ratioToBestPeer: 1 },
    { suite: 'field', group: 'secp256k1 Fp', opId: 'fp/sqrt', op: 'sqrt', unit: 'op', backend: 'strata (byte-wise sqrt)', kind: 'strata', platform: 'node', status: 'ok', stats: stats(42_300), bestPeer: 'noble-curves', ratioToBestPeer: 0.75 },
    { suite: 'field', group: 'secp256k1 Fp', opId: 'fp/sqrt', op: 'sqrt', unit: 'op', backend: 'noble-curves', kind: 'js', platform: 'node', status: 'ok', stats: stats(56_400), bestPeer: 'noble-curves', ratioToBestPeer: 1 },
    // compared with another op's peers (as batch verification is with single verify)
    { suite: 'field', group: 'secp256k1 Fp', opId: 'fp/mul-batch', op: 'mul batch', unit: 'el', backend: 'strata', kind: 'strata', platform: 'node', status: 'ok', stats: stats(49.7), bestPeer: 'noble-curves', ratioToBestPeer: 49.7 / 198.8 },
    { suite: 'field', group: 'secp256k1 Fp', opId: 'fp/x', op: 'x', unit: 'op', backend: 'strata', kind: 'strata', platform: 'node', status: 'ok', stats: stats(5) },
  ],
};

let root = '';
const readme = (dir: string) => join(root, 'packages', dir, 'README.md');

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'strata-figures-test-'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ private: true, repository: { type: 'git', url: 'git+https://example.org/acme/strata.git' } }));
  const pkg = (dir: string, name: string, text: string) => {
    mkdirSync(join(root, 'packages', dir), { recursive: true });
    writeFileSync(join(root, 'packages', dir, 'package.json'), JSON.stringify({ name }));
    writeFileSync(readme(dir), text);
  };
  pkg('field', '@strata/field', `# @strata/field\n\n## Performance\n\n${BEGIN}\nold figures\n${END}\n\nAfter the figures.\n`);
  pkg('group', '@strata/group', '# @strata/group\n\nText.\n\n## References\n\n- one\n');
  mkdirSync(join(root, 'benchmarks', 'results'), { recursive: true });
  writeFileSync(join(root, 'benchmarks', 'results', 'latest.json'), JSON.stringify(record([fieldSuite])));
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('README figures', () => {
  it('the checked-in READMEs show benchmarks/results/latest.json', () => {
    const r = run(['--check']);
    expect(r.out).toContain('figures: ok');
    expect(r.code).toBe(0);
  });

  it('--check fails on a README that does not show the record, and names it', () => {
    const r = run(['--check', '--root', root]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('packages/field/README.md: the figures differ from benchmarks/results/latest.json');
    expect(r.out).toContain(`packages/group/README.md: no ${BEGIN} … ${END} section`);
    expect(r.out).toContain('Run `pnpm figures`');
    // The check writes nothing.
    expect(readFileSync(readme('field'), 'utf8')).toContain('old figures');
  });

  it('writes the table between the markers and leaves the rest of the README alone', () => {
    const r = run(['--root', root]);
    expect(r.code).toBe(0);
    // The report names each README it rewrote (pnpm bench --record prints it as its last line).
    expect(r.out).toContain('figures: updated 2 README(s) from benchmarks/results/latest.json: packages/field/README.md, packages/group/README.md\n');
    const text = readFileSync(readme('field'), 'utf8');
    expect(text.startsWith('# @strata/field\n\n## Performance\n\n' + BEGIN + '\n')).toBe(true);
    expect(text.endsWith(`${END}\n\nAfter the figures.\n`)).toBe(true);
    expect(text).not.toContain('old figures');
    expect(text).toContain('| operation | Strata | best peer | ratio |');
    expect(text).toContain('| secp256k1 Fp · mul | 99.4 ns | noble-curves 199 ns | 0.50× |');
    expect(text).toContain('| secp256k1 Fp · sqrt — byte-wise sqrt | 42.3 µs | noble-curves 56.4 µs | 0.75× |');
    expect(text).toContain('| secp256k1 Fp · mul batch | 49.7 ns/el | noble-curves 199 ns/el (mul) | 0.25× |');
    expect(text).not.toContain('· x |');
    expect(text).toContain('`pnpm bench` on Test CPU (2 cores, linux 6.0 x64), Node v20.20.2, 2020-01-02, commit 0123456');
    expect(text).toContain('1 more row(s) without a peer are in [docs/benchmarks.md](https://example.org/acme/strata/blob/main/docs/benchmarks.md)');
    // A package without a suite of its own: the group points to the protocols over it,
    // in a Performance section added before its References.
    const group = readFileSync(readme('group'), 'utf8');
    expect(group).toMatch(/Text\.\n\n## Performance\n\n<!-- strata:figures:begin -->\nThe group operations are measured through the protocols/);
    expect(group).toContain('(https://example.org/acme/strata/tree/main/packages/dleq#performance)');
    expect(group).toMatch(/<!-- strata:figures:end -->\n\n## References\n/);
    const again = run(['--check', '--root', root]);
    expect(again.out).toContain('figures: ok');
    expect(again.code).toBe(0);
  });

  it('a new record (a bench run) makes the check fail until the READMEs are rewritten', () => {
    const faster = structuredClone(fieldSuite);
    faster.rows[0]!.stats = stats(90);
    faster.rows[0]!.ratioToBestPeer = 90 / 198.8;
    const next = join(root, 'next.json');
    writeFileSync(next, JSON.stringify(record([faster])));
    const r = run(['--check', '--root', root, '--from', next]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('packages/field/README.md: the figures differ from next.json');
    expect(r.out).not.toContain('packages/group/README.md');
    expect(run(['--root', root, '--from', next]).code).toBe(0);
    expect(readFileSync(readme('field'), 'utf8')).toContain('| secp256k1 Fp · mul | 90.0 ns | noble-curves 199 ns | 0.45× |');
  });

  it('a record with both Strata engines: one line per op and Strata variant, a time and a ratio per engine', () => {
    const row = (opId: string, op: string, backend: string, kind: string, ns: number, unit = 'op', peer?: [string, number]) => ({
      suite: 'ed25519', group: 'ed25519 single verify', opId, op, unit, backend, kind, platform: 'node', status: 'ok', stats: stats(ns),
      ...(peer ? { bestPeer: peer[0], ratioToBestPeer: ns / peer[1] } : {}),
    });
    const ed = {
      name: 'ed25519',
      title: 'Ed25519 signing and verification',
      rows: [
        row('ed/verify', 'verify', 'strata (ts)', 'strata', 300_000, 'op', ['libsodium-wrappers', 600_000]),
        row('ed/verify', 'verify', 'strata (wasm)', 'strata', 120_000, 'op', ['libsodium-wrappers', 600_000]),
        row('ed/verify', 'verify', 'strata (cached keys, ts)', 'strata', 200_000, 'op', ['libsodium-wrappers', 600_000]),
        row('ed/verify', 'verify', 'strata (cached keys, wasm)', 'strata', 60_000, 'op', ['libsodium-wrappers', 600_000]),
        row('ed/verify', 'verify', 'libsodium-wrappers', 'wasm', 600_000, 'op', ['libsodium-wrappers', 600_000]),
        // Only the TypeScript engine ran this one (--engine ts, or an op the engine does not serve).
        row('ed/sign', 'sign', 'strata', 'strata', 100_000, 'op', ['libsodium-wrappers', 50_000]),
        row('ed/sign', 'sign', 'libsodium-wrappers', 'wasm', 50_000, 'op', ['libsodium-wrappers', 50_000]),
      ],
    };
    const file = join(root, 'engines.json');
    writeFileSync(file, JSON.stringify(record([ed])));
    mkdirSync(join(root, 'packages', 'ed25519-batch'), { recursive: true });
    writeFileSync(join(root, 'packages', 'ed25519-batch', 'package.json'), JSON.stringify({ name: '@strata/ed25519-batch' }));
    writeFileSync(readme('ed25519-batch'), `# @strata/ed25519-batch\n\n${BEGIN}\nold\n${END}\n`);
    expect(run(['--root', root, '--from', file]).code).toBe(0);
    const text = readFileSync(readme('ed25519-batch'), 'utf8');
    expect(text).toContain('| operation | Strata (ts) | Strata (wasm) | best peer | ratio (ts) | ratio (wasm) |');
    expect(text).toContain('| ed25519 single verify · verify | 300 µs | 120 µs | libsodium-wrappers 600 µs | 0.50× | 0.20× |');
    expect(text).toContain('| ed25519 single verify · verify — cached keys | 200 µs | 60.0 µs | libsodium-wrappers 600 µs | 0.33× | 0.10× |');
    expect(text).toContain('| ed25519 single verify · sign | 100 µs | — | libsodium-wrappers 50.0 µs | 2.00× | — |');
    expect(text).toContain('ts / wasm = the TypeScript and the WebAssembly engine');
    expect(run(['--check', '--root', root, '--from', file]).code).toBe(0);
  });

  it('refuses a suite that belongs to no package', () => {
    const other = join(root, 'other.json');
    writeFileSync(other, JSON.stringify(record([fieldSuite, { name: 'pairing', title: 'Pairings', rows: [] }])));
    const r = run(['--check', '--root', root, '--from', other]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('suite(s) pairing belong to no package; add them to SUITE_PACKAGES in scripts/figures/write.mjs');
  });
});
