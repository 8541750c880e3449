import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const script = join(__dirname, '..', 'check-layers.mjs');
const fixtures = join(__dirname, 'fixtures');
// The fixtures are judged against the target map of docs/architecture.md:
// field (L0) -> curves (L1) -> {group, ed25519-batch} (L2) -> {dleq, ring} (L3).
const targetMap = join(fixtures, 'layers.json');

function run(root: string, config: string | null = targetMap) {
  const r = spawnSync(process.execPath, [script, '--root', root, ...(config ? ['--config', config] : [])], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout + r.stderr };
}

describe('layer check', () => {
  it('accepts the downward imports of the whole map', () => {
    const r = run(join(fixtures, 'good'));
    expect(r.out).toContain('layer check: ok (6 package(s)');
    expect(r.code).toBe(0);
  });
  it('fails on an upward import, in source and in package.json', () => {
    const r = run(join(fixtures, 'upward'));
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/upward import: @strata\/field \(L0\) -> @strata\/curves \(L1\)/);
    expect(r.out).toContain('packages/field/src/index.ts');
    expect(r.out).toContain('packages/field/package.json');
  });
  it('fails on a sideways import between the L2 siblings group and ed25519-batch', () => {
    const r = run(join(fixtures, 'sideways'));
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/sideways import: @strata\/group \(L2\) -> @strata\/ed25519-batch \(L2\)/);
  });
  it('fails on a sideways import between the L3 siblings dleq and ring, in source and in package.json', () => {
    const r = run(join(fixtures, 'sideways-l3'));
    expect(r.code).toBe(1);
    expect(r.out).toContain('packages/dleq/src/index.ts: sideways import: @strata/dleq (L3) -> @strata/ring (L3)');
    expect(r.out).toContain('packages/dleq/package.json: sideways import: @strata/dleq (L3) -> @strata/ring (L3)');
    expect(r.out).toContain('packages/ring/package.json: sideways import: @strata/ring (L3) -> @strata/dleq (L3)');
    expect(r.out).toContain('layer check: 3 violation(s)');
  });
  it('fails on a peer library as a runtime dependency', () => {
    const r = run(join(fixtures, 'peer'));
    expect(r.code).toBe(1);
    expect(r.out).toContain('must not depend on @noble/curves at run time');
  });
  it('fails on a relative import that leaves its package, from AssemblyScript and from a build script', () => {
    const r = run(join(fixtures, 'escape'));
    expect(r.code).toBe(1);
    expect(r.out).toContain("packages/curves/wasm/index.ts: relative import '../../field/wasm/kernels' leaves its package (to packages/field/wasm/kernels)");
    expect(r.out).toContain("packages/curves/build.mjs: relative import '../field/src/index.js' leaves its package (to packages/field/src/index.js)");
    expect(r.out).toContain('layer check: 2 violation(s)');
  });
  it('fails on an import cycle between files, closed by a type-only import, in src and in test', () => {
    const r = run(join(fixtures, 'cycle'));
    expect(r.code).toBe(1);
    expect(r.out).toContain('import cycle between 3 files: packages/field/src/a-types.ts <-> packages/field/src/a.ts <-> packages/field/src/c.ts');
    expect(r.out).toContain('import cycle between 2 files: packages/field/test/helper.ts <-> packages/field/test/spec.ts');
    // b.ts and index.ts are imported by the cycle but are not part of it.
    expect(r.out).not.toMatch(/cycle[^\n]*(b|index)\.ts/);
    expect(r.out).toContain('layer check: 2 violation(s)');
  });
  it('passes on the real workspace', () => {
    const r = run(join(__dirname, '..', '..'), null);
    expect(r.out).toMatch(/layer check: ok/);
    expect(r.code).toBe(0);
  });
});
