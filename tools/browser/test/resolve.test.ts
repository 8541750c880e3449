/**
 * Tests of the Chromium resolver (src/index.mjs).
 *
 * The order and the environment switches run against a fake machine (env,
 * platform, arch, isExecutable and unpack are options of resolveChromium).
 * The unpack protocol runs twice over: against a stand-in registry package
 * (fast: failures, timeouts, odd folder names, a race over a leftover folder),
 * and against the real @sparticuz/chromium 147.0.0 in registry.chromium.test.ts
 * (a file of the vitest project `chromium`, which pnpm test runs through its
 * browser gate).
 */
import { chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CHROMIUM_ARGS,
  REGISTRY_PACKAGE,
  REGISTRY_PLATFORMS,
  browserSources,
  isExecutableFile,
  registryPackage,
  resolveChromium,
  systemCandidates,
  unpackRegistryChromium,
  type Resolved,
} from '@strata/browser';
import { SOURCE, UID, temp, unpackInChild } from './helpers.js';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/**
 * A fake machine: isExecutable answers true for the paths in `executables`
 * and records every path it is asked about; unpack counts its calls and
 * returns '/registry/chromium' (or runs `unpackWith`).
 */
function fake(env: Record<string, string | undefined>, executables: string[] = [], unpackWith?: () => Promise<string>) {
  const asked: string[] = [];
  const calls = { unpack: 0 };
  return {
    asked,
    calls,
    options: {
      env,
      platform: 'linux',
      arch: 'x64',
      isExecutable: (path: string) => {
        asked.push(path);
        return executables.includes(path);
      },
      unpack: async () => {
        calls.unpack += 1;
        return unpackWith ? unpackWith() : '/registry/chromium';
      },
    },
  };
}

/** The problem of a result that found no browser (fails the test when it found one). */
function problemOf(r: Resolved): string {
  expect(r.path).toBeNull();
  if (r.path !== null) throw new Error(`expected no browser, got ${r.path}`);
  return r.problem;
}

describe('resolveChromium: the order', () => {
  const PATH = '/opt/a:/opt/b:/opt/a::/usr/bin';
  // Every system candidate on linux for that PATH, in order: /usr/bin/chromium
  // once (it is also <PATH folder>/chromium), each folder once, empty folders skipped.
  const SYSTEM = [
    '/usr/bin/chromium',
    ...NAMES.flatMap((n) => ['/opt/a', '/opt/b', '/usr/bin'].map((d) => `${d}/${n}`)).filter((p) => p !== '/usr/bin/chromium'),
  ];

  it('takes STRATA_CHROMIUM first and asks about nothing else', async () => {
    const m = fake({ STRATA_CHROMIUM: '/pinned/chrome', PATH }, ['/pinned/chrome', '/usr/bin/chromium']);
    const r = await resolveChromium(m.options);
    expect(r).toEqual({ path: '/pinned/chrome', source: 'STRATA_CHROMIUM', tried: ['STRATA_CHROMIUM=/pinned/chrome'] });
    expect(m.asked).toEqual(['/pinned/chrome']);
    expect(m.calls.unpack).toBe(0);
  });

  it('treats an empty STRATA_CHROMIUM as unset', async () => {
    const m = fake({ STRATA_CHROMIUM: '', PATH }, ['/usr/bin/chromium']);
    const r = await resolveChromium(m.options);
    expect(r).toEqual({ path: '/usr/bin/chromium', source: 'system', tried: ['/usr/bin/chromium'] });
  });

  it('then /usr/bin/chromium before anything on PATH', async () => {
    const m = fake({ PATH }, ['/usr/bin/chromium', '/opt/a/chromium']);
    const r = await resolveChromium(m.options);
    expect(r).toEqual({ path: '/usr/bin/chromium', source: 'system', tried: ['/usr/bin/chromium'] });
    expect(m.calls.unpack).toBe(0);
  });

  it('then each name on PATH in turn, each PATH folder in order, duplicates once', async () => {
    // One executable per run, in the last folder: everything before it is tried.
    for (const [i, name] of NAMES.entries()) {
      const target = `/usr/bin/${name}`;
      const m = fake({ PATH }, [target]);
      const r = await resolveChromium(m.options);
      const until = SYSTEM.indexOf(target);
      expect(until).toBeGreaterThanOrEqual(i);
      expect(r).toEqual({ path: target, source: 'system', tried: SYSTEM.slice(0, until + 1) });
      expect(m.asked).toEqual(SYSTEM.slice(0, until + 1));
      expect(m.calls.unpack).toBe(0);
    }
  });

  it('prefers an earlier name in a later folder over a later name in an earlier folder', async () => {
    const m = fake({ PATH }, ['/opt/a/google-chrome', '/opt/b/chromium']);
    const r = await resolveChromium(m.options);
    expect(r).toEqual({ path: '/opt/b/chromium', source: 'system', tried: ['/usr/bin/chromium', '/opt/a/chromium', '/opt/b/chromium'] });
  });

  it('then the registry, once every system candidate has been tried', async () => {
    const m = fake({ PATH });
    const r = await resolveChromium(m.options);
    expect(r).toEqual({ path: '/registry/chromium', source: 'registry', tried: [...SYSTEM, `${REGISTRY_PACKAGE} (linux-x64)`] });
    expect(m.asked).toEqual(SYSTEM);
    expect(new Set(m.asked).size).toBe(m.asked.length);
    expect(m.calls.unpack).toBe(1);
  });

  it('without PATH tries only /usr/bin/chromium on linux', async () => {
    const m = fake({});
    const r = await resolveChromium(m.options);
    expect(r).toEqual({ path: '/registry/chromium', source: 'registry', tried: ['/usr/bin/chromium', `${REGISTRY_PACKAGE} (linux-x64)`] });
  });

  it('finds the macOS application path on darwin', async () => {
    const app = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
    const m = fake({ PATH: '/usr/bin' }, [app]);
    const r = await resolveChromium({ ...m.options, platform: 'darwin', arch: 'arm64' });
    expect(r).toEqual({ path: app, source: 'system', tried: ['/Applications/Chromium.app/Contents/MacOS/Chromium', app] });
  });
});

describe('resolveChromium: a STRATA_CHROMIUM that is not an executable', () => {
  it('is a problem naming it, with no fall-through', async () => {
    const m = fake({ STRATA_CHROMIUM: '/nowhere/chrome', PATH: '/usr/bin' }, ['/usr/bin/chromium', '/usr/bin/google-chrome']);
    const r = await resolveChromium(m.options);
    expect(problemOf(r)).toContain('STRATA_CHROMIUM=/nowhere/chrome');
    expect(r.tried).toEqual(['STRATA_CHROMIUM=/nowhere/chrome']);
    expect(m.asked).toEqual(['/nowhere/chrome']);
    expect(m.calls.unpack).toBe(0);
  });

  it('is judged by the real isExecutableFile too (a directory, a plain file)', async () => {
    const dir = temp();
    const plain = join(dir, 'chrome');
    writeFileSync(plain, '#!/bin/sh\n', { mode: 0o644 });
    for (const pinned of [dir, plain]) {
      let unpacks = 0;
      const r = await resolveChromium({
        env: { STRATA_CHROMIUM: pinned },
        unpack: async () => {
          unpacks += 1;
          return '/registry/chromium';
        },
      });
      expect(problemOf(r)).toContain(pinned);
      expect(unpacks).toBe(0);
    }
  });
});

describe('STRATA_BROWSER_SOURCES', () => {
  it('unset, empty or blank: system, then registry', async () => {
    for (const value of [undefined, '', '  ']) {
      expect(browserSources({ STRATA_BROWSER_SOURCES: value })).toEqual(['system', 'registry']);
      const m = fake({ STRATA_BROWSER_SOURCES: value, PATH: '/usr/bin' });
      const r = await resolveChromium(m.options);
      expect(r.tried[0]).toBe('/usr/bin/chromium');
      expect(r).toMatchObject({ path: '/registry/chromium', source: 'registry' });
    }
    expect(browserSources({})).toEqual(['system', 'registry']);
  });

  it("'registry': no system path is asked about", async () => {
    expect(browserSources({ STRATA_BROWSER_SOURCES: 'registry' })).toEqual(['registry']);
    const m = fake({ STRATA_BROWSER_SOURCES: 'registry', PATH: '/usr/bin' }, ['/usr/bin/chromium']);
    const r = await resolveChromium(m.options);
    expect(r).toEqual({ path: '/registry/chromium', source: 'registry', tried: [`${REGISTRY_PACKAGE} (linux-x64)`] });
    expect(m.asked).toEqual([]);
    expect(m.calls.unpack).toBe(1);
  });

  it("'system': the registry is never called", async () => {
    expect(browserSources({ STRATA_BROWSER_SOURCES: 'system' })).toEqual(['system']);
    const m = fake({ STRATA_BROWSER_SOURCES: 'system', PATH: '/usr/bin' });
    const r = await resolveChromium(m.options);
    expect(problemOf(r)).toContain('no system Chromium or Chrome');
    expect(r.tried).toEqual(['/usr/bin/chromium', ...NAMES.slice(1).map((n) => `/usr/bin/${n}`)]);
    expect(m.calls.unpack).toBe(0);
  });

  it("'registry,system': the registry first, the system when it fails", async () => {
    expect(browserSources({ STRATA_BROWSER_SOURCES: 'registry,system' })).toEqual(['registry', 'system']);
    expect(browserSources({ STRATA_BROWSER_SOURCES: ' registry , system ' })).toEqual(['registry', 'system']);

    const first = fake({ STRATA_BROWSER_SOURCES: 'registry,system', PATH: '/usr/bin' }, ['/usr/bin/chromium']);
    expect(await resolveChromium(first.options)).toEqual({ path: '/registry/chromium', source: 'registry', tried: [`${REGISTRY_PACKAGE} (linux-x64)`] });
    expect(first.asked).toEqual([]);

    const failing = fake({ STRATA_BROWSER_SOURCES: 'registry,system', PATH: '/usr/bin' }, ['/usr/bin/chromium'], () =>
      Promise.reject(new Error('no space left')),
    );
    expect(await resolveChromium(failing.options)).toEqual({
      path: '/usr/bin/chromium',
      source: 'system',
      tried: [`${REGISTRY_PACKAGE} (linux-x64)`, '/usr/bin/chromium'],
    });
    expect(failing.calls.unpack).toBe(1);
  });

  it("'none': a problem, nothing tried", async () => {
    expect(browserSources({ STRATA_BROWSER_SOURCES: 'none' })).toEqual([]);
    const m = fake({ STRATA_BROWSER_SOURCES: ' none ', PATH: '/usr/bin' }, ['/usr/bin/chromium']);
    const r = await resolveChromium(m.options);
    expect(problemOf(r)).toContain('STRATA_BROWSER_SOURCES=none');
    expect(r.tried).toEqual([]);
    expect(m.asked).toEqual([]);
    expect(m.calls.unpack).toBe(0);
  });

  it('a bad value is a TypeError naming the variable and the value', async () => {
    for (const value of ['sytem', 'system,system', 'all', 'system,', 'none,system', 'System']) {
      expect(() => browserSources({ STRATA_BROWSER_SOURCES: value })).toThrow(TypeError);
      expect(() => browserSources({ STRATA_BROWSER_SOURCES: value })).toThrow(/STRATA_BROWSER_SOURCES/);
      expect(() => browserSources({ STRATA_BROWSER_SOURCES: value })).toThrow(`'${value}'`);
      const m = fake({ STRATA_BROWSER_SOURCES: value, PATH: '/usr/bin' }, ['/usr/bin/chromium']);
      await expect(resolveChromium(m.options)).rejects.toThrow(TypeError);
      await expect(resolveChromium(m.options)).rejects.toThrow(/STRATA_BROWSER_SOURCES/);
      expect(m.asked).toEqual([]);
      expect(m.calls.unpack).toBe(0);
    }
  });
});

describe('resolveChromium: no browser', () => {
  it.each([
    ['darwin', 'arm64'],
    ['linux', 'arm64'],
    ['win32', 'x64'],
  ])('on %s-%s without a system browser: a problem naming the platform and REGISTRY_PLATFORMS', async (platform, arch) => {
    const m = fake({ PATH: '/usr/bin', HOME: '/home/u', PROGRAMFILES: 'C:\\Program Files' });
    const r = await resolveChromium({ ...m.options, platform, arch });
    const problem = problemOf(r);
    expect(problem).toContain(`${platform}-${arch}`);
    for (const p of REGISTRY_PLATFORMS) expect(problem).toContain(p);
    expect(problem).toContain('STRATA_CHROMIUM');
    expect(r.tried.at(-1)).toBe(`${REGISTRY_PACKAGE} (${platform}-${arch})`);
    expect(m.asked).toEqual(systemCandidates({ platform, env: m.options.env }));
    expect(m.calls.unpack).toBe(0);
  });

  it('an unpack that rejects: a problem carrying its message, never a throw', async () => {
    const cases: Array<[() => Promise<string>, string]> = [
      [() => Promise.reject(new Error('disk full while unpacking')), 'disk full while unpacking'],
      [() => Promise.reject('a thrown string'), 'a thrown string'],
      [
        () => {
          throw new Error('thrown before any promise');
        },
        'thrown before any promise',
      ],
    ];
    for (const [unpack, message] of cases) {
      const r = await resolveChromium({ env: { PATH: '' }, platform: 'linux', arch: 'x64', isExecutable: () => false, unpack });
      const problem = problemOf(r);
      expect(problem).toContain(message);
      expect(problem).toContain('no system Chromium or Chrome');
      expect(r.tried).toEqual(['/usr/bin/chromium', `${REGISTRY_PACKAGE} (linux-x64)`]);
    }
  });

  it('the real unpack failing (a registry package without its bin folder): a problem, no staging folder left', async () => {
    const tmp = temp();
    const pkg = registryPackage();
    expect(pkg).not.toBeNull();
    const broken = { ...pkg!, bin: join(tmp, 'no-bin') };
    const r = await resolveChromium({
      env: { STRATA_BROWSER_SOURCES: 'registry' },
      platform: 'linux',
      arch: 'x64',
      unpack: () => unpackRegistryChromium({ tmp, pkg: broken }),
    });
    const problem = problemOf(r);
    expect(problem).toContain(`unpacking ${REGISTRY_PACKAGE} ${pkg!.version} failed (exit 1)`);
    expect(problem).toContain('no-bin');
    expect(readdirSync(tmp)).toEqual([]);

    const missing = await resolveChromium({
      env: { STRATA_BROWSER_SOURCES: 'registry' },
      platform: 'linux',
      arch: 'x64',
      unpack: () => unpackRegistryChromium({ tmp, pkg: null }),
    });
    expect(problemOf(missing)).toContain(`${REGISTRY_PACKAGE} is not installed`);
  });
});

describe('systemCandidates', () => {
  it('darwin: the application paths, under HOME too, then PATH', () => {
    const apps = ['/Applications/Chromium.app/Contents/MacOS/Chromium', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'];
    expect(systemCandidates({ platform: 'darwin', env: { HOME: '/Users/ann', PATH: '/opt/homebrew/bin:/usr/bin' } })).toEqual([
      ...apps,
      '/Users/ann/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Users/ann/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/opt/homebrew/bin/chromium',
      '/usr/bin/chromium',
      '/opt/homebrew/bin/google-chrome',
      '/usr/bin/google-chrome',
    ]);
    expect(systemCandidates({ platform: 'darwin', env: {} })).toEqual(apps);
  });

  it('win32: Chrome, then Chromium, under PROGRAMFILES, PROGRAMFILES(X86) and LOCALAPPDATA, then PATH (;-separated)', () => {
    const env = {
      PROGRAMFILES: 'C:\\Program Files',
      'PROGRAMFILES(X86)': 'C:\\Program Files (x86)',
      LOCALAPPDATA: 'C:\\Users\\ann\\AppData\\Local',
      PATH: 'C:\\Windows;C:\\Tools;C:\\Windows',
    };
    expect(systemCandidates({ platform: 'win32', env })).toEqual([
      'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
      'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
      'C:\\Users\\ann\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe',
      'C:\\Program Files\\Chromium\\Application\\chrome.exe',
      'C:\\Program Files (x86)\\Chromium\\Application\\chrome.exe',
      'C:\\Users\\ann\\AppData\\Local\\Chromium\\Application\\chrome.exe',
      'C:\\Windows\\chrome.exe',
      'C:\\Tools\\chrome.exe',
      'C:\\Windows\\chromium.exe',
      'C:\\Tools\\chromium.exe',
    ]);
    expect(systemCandidates({ platform: 'win32', env: { LOCALAPPDATA: 'D:\\L' } })).toEqual([
      'D:\\L\\Google\\Chrome\\Application\\chrome.exe',
      'D:\\L\\Chromium\\Application\\chrome.exe',
    ]);
  });

  it('linux: /usr/bin/chromium, then the four names on PATH', () => {
    expect(systemCandidates({ platform: 'linux', env: { PATH: '/bin' } })).toEqual(['/usr/bin/chromium', ...NAMES.map((n) => `/bin/${n}`)]);
  });

  it('another platform: chromium and google-chrome on PATH', () => {
    expect(systemCandidates({ platform: 'freebsd', env: { PATH: '/usr/local/bin' } })).toEqual(['/usr/local/bin/chromium', '/usr/local/bin/google-chrome']);
  });
});

describe('the constants', () => {
  it('CHROMIUM_ARGS: frozen, the network and sandbox flags, never --single-process', () => {
    expect(Object.isFrozen(CHROMIUM_ARGS)).toBe(true);
    expect(() => (CHROMIUM_ARGS as string[]).push('--single-process')).toThrow(TypeError);
    expect(CHROMIUM_ARGS).toContain('--no-sandbox');
    expect(CHROMIUM_ARGS).toContain('--disable-background-networking');
    expect(CHROMIUM_ARGS).not.toContain('--single-process');
    expect(CHROMIUM_ARGS.every((a) => a.startsWith('--'))).toBe(true);
    expect(new Set(CHROMIUM_ARGS).size).toBe(CHROMIUM_ARGS.length);
  });

  it('REGISTRY_PLATFORMS: frozen, linux-x64', () => {
    expect(Object.isFrozen(REGISTRY_PLATFORMS)).toBe(true);
    expect(() => (REGISTRY_PLATFORMS as string[]).push('darwin-arm64')).toThrow(TypeError);
    expect(REGISTRY_PLATFORMS).toEqual(['linux-x64']);
  });

  it('registryPackage: the pinned @sparticuz/chromium and its bin folder', () => {
    const pkg = registryPackage();
    expect(pkg).not.toBeNull();
    expect(pkg!.version).toBe('147.0.0');
    expect(JSON.parse(readFileSync(join(pkg!.dir, 'package.json'), 'utf8')).name).toBe(REGISTRY_PACKAGE);
    expect(pkg!.bin).toBe(join(pkg!.dir, 'bin'));
    expect(readdirSync(pkg!.bin)).toContain('chromium.br');
  });
});

describe('isExecutableFile', () => {
  it('a file with mode 0o755 is, 0o644 is not, nor a directory or a missing path', () => {
    const dir = temp();
    const exe = join(dir, 'exe');
    const plain = join(dir, 'plain');
    writeFileSync(exe, '#!/bin/sh\n');
    chmodSync(exe, 0o755);
    writeFileSync(plain, '#!/bin/sh\n');
    chmodSync(plain, 0o644);
    expect(isExecutableFile(exe)).toBe(true);
    expect(isExecutableFile(plain)).toBe(false);
    expect(isExecutableFile(dir)).toBe(false);
    expect(isExecutableFile(join(dir, 'missing'))).toBe(false);
    // A link counts as what it points to.
    symlinkSync(exe, join(dir, 'link'));
    symlinkSync(join(dir, 'missing'), join(dir, 'dangling'));
    expect(isExecutableFile(join(dir, 'link'))).toBe(true);
    expect(isExecutableFile(join(dir, 'dangling'))).toBe(false);
  });
});

/**
 * A stand-in registry package: a copy of src/index.mjs inside `<root>/<folder>/`
 * beside node_modules/@sparticuz/chromium 0.0.1-fake, whose
 * executablePath(bin) runs `body` (it may use tmpdir, join, writeFileSync,
 * mkdirSync, setTimeout) and returns join(tmpdir(), 'chromium') unless the
 * body returns something else. Returns the copy's path and its tmp folder.
 */
function standIn(folder: string, body: string): { source: string; tmp: string } {
  const root = join(temp('strata-browser-fake-'), folder);
  const pkg = join(root, 'node_modules', '@sparticuz', 'chromium');
  mkdirSync(join(root, 'src'), { recursive: true });
  mkdirSync(join(pkg, 'bin'), { recursive: true });
  copyFileSync(SOURCE, join(root, 'src', 'index.mjs'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'stand-in', type: 'module' }));
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: REGISTRY_PACKAGE, version: '0.0.1-fake', main: 'index.cjs' }));
  writeFileSync(
    join(pkg, 'index.cjs'),
    [
      "const { tmpdir } = require('node:os');",
      "const { join } = require('node:path');",
      "const { writeFileSync, mkdirSync } = require('node:fs');",
      'module.exports = {',
      '  async executablePath(bin) {',
      `    ${body}`,
      "    const exe = join(tmpdir(), 'chromium');",
      "    writeFileSync(exe, '#!/bin/sh\\necho fake\\n', { mode: 0o700 });",
      '    return exe;',
      '  },',
      '};',
    ].join('\n'),
  );
  const tmp = join(root, 'tmp');
  mkdirSync(tmp);
  return { source: join(root, 'src', 'index.mjs'), tmp };
}

describe('unpackRegistryChromium, with a stand-in registry package', () => {
  it('works from a folder whose name has a space, # and %', async () => {
    const s = standIn('odd name #1 100%', '');
    const r = await unpackInChild(s.source, { tmp: s.tmp });
    expect(r.error).toBeUndefined();
    expect(r.path).toBe(join(s.tmp, `strata-chromium-0.0.1-fake-${UID}`, 'chromium'));
    expect(readdirSync(s.tmp)).toEqual([`strata-chromium-0.0.1-fake-${UID}`]);
  });

  it('a package that prints another path: an error, no staging folder left', async () => {
    const s = standIn('elsewhere', "writeFileSync(join(tmpdir(), 'other'), 'x', { mode: 0o700 }); return join(tmpdir(), 'other');");
    const r = await unpackInChild(s.source, { tmp: s.tmp });
    expect(r.error).toMatch(/unpacking @sparticuz\/chromium 0\.0\.1-fake: expected .*chromium, got '.*other'/);
    expect(readdirSync(s.tmp)).toEqual([]);
  });

  it('a package that hangs: killed after timeoutMs, an error, no staging folder left', async () => {
    const s = standIn('hangs', 'await new Promise(() => setTimeout(() => {}, 600_000));');
    const r = await unpackInChild(s.source, { tmp: s.tmp, timeoutMs: 300 });
    expect(r.error).toContain('unpacking @sparticuz/chromium 0.0.1-fake failed (SIGKILL)');
    expect(readdirSync(s.tmp)).toEqual([]);
  });

  it('a leftover incomplete folder, raced over by four processes: all get the one complete copy, nothing else is left', { timeout: 120_000 }, async () => {
    // The body takes a moment so the four finish together, while the leftover
    // (many files, slow to delete) is still being replaced.
    const s = standIn('race', 'await new Promise((r) => setTimeout(r, 200));');
    for (let round = 0; round < 2; round += 1) {
      const final = join(s.tmp, `strata-chromium-0.0.1-fake-${UID}`);
      rmSync(final, { recursive: true, force: true });
      mkdirSync(join(final, 'junk'), { recursive: true });
      for (let i = 0; i < 2000; i += 1) writeFileSync(join(final, 'junk', `f${i}`), 'x');
      const results = await Promise.all([0, 1, 2, 3].map(() => unpackInChild(s.source, { tmp: s.tmp })));
      for (const r of results) {
        expect(r.error).toBeUndefined();
        expect(r.path).toBe(join(final, 'chromium'));
      }
      expect(readdirSync(s.tmp)).toEqual([`strata-chromium-0.0.1-fake-${UID}`]);
      expect(readdirSync(final).sort()).toEqual(['.complete', 'chromium']);
      expect(isExecutableFile(join(final, 'chromium'))).toBe(true);
    }
  });
});
