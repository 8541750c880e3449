import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const script = join(__dirname, '..', 'check-layers.mjs');
const fixtures = join(__dirname, 'fixtures');

function run(root: string) {
  const r = spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout + r.stderr };
}

describe('layer check', () => {
  it('accepts a downward import', () => {
    const r = run(join(fixtures, 'good'));
    expect(r.out).toContain('layer check: ok (2 package(s)');
    expect(r.code).toBe(0);
  });
  it('fails on an upward import, in source and in package.json', () => {
    const r = run(join(fixtures, 'upward'));
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/upward import: @strata\/field \(L0\) -> @strata\/curves \(L1\)/);
    expect(r.out).toContain('packages/field/src/index.ts');
    expect(r.out).toContain('packages/field/package.json');
  });
  it('fails on a sideways import between group and ed25519-batch', () => {
    const r = run(join(fixtures, 'sideways'));
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/sideways import: @strata\/group \(L2\) -> @strata\/ed25519-batch \(L2\)/);
  });
  it('fails on a peer library as a runtime dependency', () => {
    const r = run(join(fixtures, 'peer'));
    expect(r.code).toBe(1);
    expect(r.out).toContain('must not depend on @noble/curves at run time');
  });
  it('passes on the real workspace', () => {
    const r = run(join(__dirname, '..', '..'));
    expect(r.out).toMatch(/layer check: ok/);
    expect(r.code).toBe(0);
  });
});
