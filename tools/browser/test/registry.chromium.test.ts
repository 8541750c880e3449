/**
 * The real registry browser: @sparticuz/chromium 147.0.0 unpacked by
 * unpackRegistryChromium (once, racing, over a leftover) and launched with
 * playwright-core and CHROMIUM_ARGS. A file of the vitest project `chromium`:
 * pnpm test runs it through its browser gate, and it needs the registry
 * browser's platform (linux-x64, REGISTRY_PLATFORMS). The resolver's order
 * and the unpack protocol against a stand-in package are in resolve.test.ts.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, REGISTRY_PACKAGE, isExecutableFile, registryPackage, unpackRegistryChromium } from '@strata/browser';
import { SOURCE, UID, temp, unpackInChild } from './helpers.js';

describe('unpackRegistryChromium, the real @sparticuz/chromium 147.0.0', () => {
  const name = `strata-chromium-147.0.0-${UID}`;

  /** Checks that `folder` holds exactly one complete unpack and returns its executable. */
  function expectComplete(folder: string): string {
    const exe = join(folder, name, 'chromium');
    expect(readdirSync(folder)).toEqual([name]);
    expect(isExecutableFile(exe)).toBe(true);
    expect(readFileSync(join(folder, name, '.complete'), 'utf8')).toBe(`${REGISTRY_PACKAGE}@147.0.0\n`);
    // The package's other archives land beside the binary, not in the real temporary folder.
    expect(readdirSync(join(folder, name))).toEqual(expect.arrayContaining(['libGLESv2.so', 'fonts']));
    return exe;
  }

  // The first unpack, into a fresh folder; the tests below look at it, call again, and launch it.
  let tmp = '';
  let unpacked = '';
  beforeAll(async () => {
    tmp = temp();
    unpacked = await unpackRegistryChromium({ tmp });
  }, 120_000);

  it('unpacks once into <tmp>/strata-chromium-147.0.0-<uid>/chromium, with a .complete marker and no staging folder', () => {
    expect(unpacked).toBe(join(tmp, name, 'chromium'));
    expect(expectComplete(tmp)).toBe(unpacked);
  });

  it('a second call returns the same path without unpacking again', async () => {
    const look = () => ({ dir: statSync(join(tmp, name)).ino, exe: statSync(unpacked).mtimeMs, marker: statSync(join(tmp, name, '.complete')).mtimeMs });
    const before = look();
    expect(await unpackRegistryChromium({ tmp })).toBe(unpacked);
    expect(look()).toEqual(before);
    expectComplete(tmp);
    // With the package's bin folder gone, any unpack would fail: this call must not unpack.
    const pkg = { ...registryPackage()!, bin: join(tmp, 'no-bin') };
    expect(await unpackRegistryChromium({ tmp, pkg })).toBe(unpacked);
    expect(look()).toEqual(before);
  });

  it('two concurrent calls in one process: the same complete path, no staging folder left', { timeout: 240_000 }, async () => {
    const fresh = temp();
    const [a, b] = await Promise.all([unpackRegistryChromium({ tmp: fresh }), unpackRegistryChromium({ tmp: fresh })]);
    expect(a).toBe(join(fresh, name, 'chromium'));
    expect(b).toBe(a);
    expectComplete(fresh);
    rmSync(fresh, { recursive: true, force: true });
  });

  it('two node processes started at once: the same complete path, no staging folder left', { timeout: 240_000 }, async () => {
    const fresh = temp();
    const [a, b] = await Promise.all([unpackInChild(SOURCE, { tmp: fresh }), unpackInChild(SOURCE, { tmp: fresh })]);
    expect(a.error).toBeUndefined();
    expect(b.error).toBeUndefined();
    expect(a.path).toBe(join(fresh, name, 'chromium'));
    expect(b.path).toBe(a.path);
    expectComplete(fresh);
    rmSync(fresh, { recursive: true, force: true });
  });

  it('replaces a leftover folder without .complete at the final path', { timeout: 120_000 }, async () => {
    const fresh = temp();
    mkdirSync(join(fresh, name));
    writeFileSync(join(fresh, name, 'chromium'), 'half a browser', { mode: 0o755 });
    writeFileSync(join(fresh, name, 'junk'), 'x');
    const exe = await unpackRegistryChromium({ tmp: fresh });
    expect(exe).toBe(join(fresh, name, 'chromium'));
    expectComplete(fresh);
    expect(readdirSync(join(fresh, name))).not.toContain('junk');
    expect(statSync(exe).size).toBeGreaterThan(100_000_000);
    rmSync(fresh, { recursive: true, force: true });
  });

  it('the unpacked browser launches with CHROMIUM_ARGS and has WebAssembly and Worker', { timeout: 120_000 }, async () => {
    const browser = await chromium.launch({ executablePath: unpacked, args: [...CHROMIUM_ARGS], headless: true });
    try {
      const page = await browser.newPage();
      expect(await page.evaluate('[typeof WebAssembly, typeof Worker]')).toEqual(['object', 'function']);
      // A second page in its own context: the browser keeps serving new pages.
      const second = await browser.newPage();
      expect(await second.evaluate('6 * 7')).toBe(42);
      await page.close();
      await second.close();
    } finally {
      await browser.close();
    }
  });
});
