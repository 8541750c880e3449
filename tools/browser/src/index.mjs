/**
 * The one place Strata finds a Chromium: the vitest browser suite
 * (vitest.browser.config.ts), the benchmarks' browser runner
 * (benchmarks/src/browser/run.ts, so `pnpm bench --browser` and its tests),
 * and scripts/test.mjs, which resolves once and hands the path to the others
 * through STRATA_CHROMIUM.
 *
 * Order:
 *   1. STRATA_CHROMIUM, when set: that executable or nothing (a set but
 *      unusable value is a problem, never a silent fall-through to another
 *      browser);
 *   2. a system Chromium or Chrome: /usr/bin/chromium, then chromium,
 *      chromium-browser, google-chrome, google-chrome-stable on PATH (Linux);
 *      the usual application paths on macOS and Windows;
 *   3. the Chromium that the npm registry ships inside @sparticuz/chromium
 *      (a pinned dependency of this package, so the lockfile pins it), unpacked
 *      once into the temporary folder (linux-x64 only).
 * STRATA_BROWSER_SOURCES limits 2 and 3: 'system,registry' (the default),
 * 'system', 'registry' or 'none'.
 *
 * Launch every resolved browser with CHROMIUM_ARGS, never with the registry
 * package's own serverless `args`: those are tuned for a lambda
 * (--single-process, which in issue 28's trial made Chromium 147 close every
 * new page, though a later check did not reproduce it; and flags that turn
 * web security off), not for a test of what a page can do.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, posix, win32 } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The npm package whose tarball carries the registry Chromium. */
export const REGISTRY_PACKAGE = '@sparticuz/chromium';

/** The platforms (`${process.platform}-${process.arch}`) its binary runs on. */
export const REGISTRY_PLATFORMS = Object.freeze(['linux-x64']);

/**
 * The flags every Strata launch passes (headless is the launcher's own
 * option). Without the network flags Chromium keeps opening connections
 * that a closed network refuses; without --no-sandbox it does not start as
 * root; /dev/shm is small in containers.
 */
export const CHROMIUM_ARGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);

const SOURCES = ['system', 'registry'];

/**
 * The sources STRATA_BROWSER_SOURCES allows, in order. Unset or empty:
 * ['system', 'registry']; 'none': []. Throws a TypeError on any other word,
 * so a typo does not quietly change which browser runs.
 */
export function browserSources(env = process.env) {
  const raw = env.STRATA_BROWSER_SOURCES;
  if (raw === undefined || raw.trim() === '') return [...SOURCES];
  if (raw.trim() === 'none') return [];
  const out = [];
  for (const word of raw.split(',').map((w) => w.trim())) {
    if (!SOURCES.includes(word) || out.includes(word)) {
      throw new TypeError(
        `STRATA_BROWSER_SOURCES: expected 'none' or a comma-separated list of ${SOURCES.map((s) => `'${s}'`).join(', ')} (each once), got '${raw}'`,
      );
    }
    out.push(word);
  }
  return out;
}

/** Whether path names a regular file this process may execute. */
export function isExecutableFile(path) {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The system browsers to try, in order, for a platform: absolute paths
 * first, then every PATH folder for each command name. Paths are joined by
 * the rules of `platform` (backslashes for win32), not of the host, so a
 * test that passes another platform gets that platform's paths.
 */
export function systemCandidates({ platform = process.platform, env = process.env } = {}) {
  const path = platform === 'win32' ? win32 : posix;
  const onPath = (names) => {
    const dirs = [...new Set((env.PATH ?? '').split(path.delimiter).filter((d) => d !== ''))];
    const out = [];
    for (const name of names) for (const d of dirs) out.push(path.join(d, name));
    return out;
  };
  if (platform === 'linux') {
    return [...new Set(['/usr/bin/chromium', ...onPath(['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'])])];
  }
  if (platform === 'darwin') {
    const apps = [
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    ];
    const home = env.HOME;
    return [...apps, ...(home ? apps.map((a) => path.join(home, a)) : []), ...onPath(['chromium', 'google-chrome'])];
  }
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter((r) => r);
    return [
      ...roots.map((r) => path.join(r, 'Google', 'Chrome', 'Application', 'chrome.exe')),
      ...roots.map((r) => path.join(r, 'Chromium', 'Application', 'chrome.exe')),
      ...onPath(['chrome.exe', 'chromium.exe']),
    ];
  }
  return onPath(['chromium', 'google-chrome']);
}

/**
 * Where the registry package is installed, and its version; null when it is
 * not installed (an install that skipped this package's dependencies).
 */
export function registryPackage() {
  // The package's exports map does not expose package.json: resolve its
  // entry point and walk up to the folder that holds the manifest.
  let dir;
  try {
    dir = dirname(createRequire(import.meta.url).resolve(REGISTRY_PACKAGE));
  } catch {
    return null;
  }
  while (!existsSync(join(dir, 'package.json')) || JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name !== REGISTRY_PACKAGE) {
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return { dir, version, bin: join(dir, 'bin') };
}

/** Whether dir holds a finished unpack: the `.complete` marker and an executable `chromium`. */
function isComplete(dir) {
  return existsSync(join(dir, '.complete')) && isExecutableFile(join(dir, 'chromium'));
}

/**
 * Moves the finished folder `staging` to `final`. When `final` already exists
 * and is complete (another process won), `staging` is deleted and theirs is
 * used. An incomplete leftover is first renamed aside (a rename is atomic, so
 * of several racing processes exactly one takes it and deletes it, and none
 * deletes in place a folder that another process is deleting or replacing),
 * and the move is tried again. Should the folder taken aside turn out to be
 * complete (a racer put its copy in between the check and the rename), it is
 * put back rather than deleted, since its owner may already be running it.
 * Throws the last rename error after four rounds.
 */
function settle(staging, final) {
  let last;
  for (let round = 0; round < 4; round += 1) {
    try {
      renameSync(staging, final);
      return;
    } catch (e) {
      last = e;
    }
    if (isComplete(final)) {
      rmSync(staging, { recursive: true, force: true });
      return;
    }
    const aside = `${staging}-leftover-${round}`;
    try {
      renameSync(final, aside);
    } catch {
      continue; // gone already (another process took it): try the move again
    }
    if (isComplete(aside)) {
      try {
        renameSync(aside, final);
        rmSync(staging, { recursive: true, force: true });
        return;
      } catch {
        continue; // a third copy is in place now; leave this one (it may be running)
      }
    }
    rmSync(aside, { recursive: true, force: true });
  }
  throw last;
}

/**
 * Unpacks the registry Chromium once per version and user into
 * `<tmp>/strata-chromium-<version>-<uid>/` and returns the executable's path.
 * The package unpacks into os.tmpdir(); it runs in a child process whose
 * TMPDIR is a fresh staging folder, which is renamed into place only after a
 * `.complete` marker is written, so two processes racing (the two engines'
 * browser runs, a bench beside a test run) never see half a browser: the
 * loser of the rename discards its copy and uses the winner's (settle).
 */
export async function unpackRegistryChromium({ tmp = tmpdir(), pkg = registryPackage(), timeoutMs = 120_000 } = {}) {
  if (pkg === null) throw new Error(`${REGISTRY_PACKAGE} is not installed (run the install again)`);
  const uid = typeof process.getuid === 'function' ? process.getuid() : 'user';
  const final = join(tmp, `strata-chromium-${pkg.version}-${uid}`);
  const exe = join(final, 'chromium');
  if (isComplete(final)) return exe;
  const staging = mkdtempSync(join(tmp, `strata-chromium-${pkg.version}-staging-`));
  try {
    const entry = createRequire(import.meta.url).resolve(REGISTRY_PACKAGE);
    const script =
      `const m = await import(${JSON.stringify(pathToFileURL(entry).href)});` +
      `const p = await m.default.executablePath(${JSON.stringify(pkg.bin)});` +
      `process.stdout.write(p);`;
    const printed = await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, TMPDIR: staging, TMP: staging, TEMP: staging },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.on('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        if (code === 0) resolve(out.trim());
        else reject(new Error(`unpacking ${REGISTRY_PACKAGE} ${pkg.version} failed (${signal ?? `exit ${code}`}): ${err.trim().slice(0, 500)}`));
      });
    });
    if (printed !== join(staging, 'chromium') || !isExecutableFile(printed)) {
      throw new Error(`unpacking ${REGISTRY_PACKAGE} ${pkg.version}: expected ${join(staging, 'chromium')}, got '${printed}'`);
    }
    writeFileSync(join(staging, '.complete'), `${REGISTRY_PACKAGE}@${pkg.version}\n`);
    settle(staging, final);
    return exe;
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    throw e;
  }
}

/**
 * Finds a Chromium. Returns `{ path, source, tried }` (source: 'STRATA_CHROMIUM',
 * 'system' or 'registry') or `{ path: null, problem, tried }` with a sentence
 * saying why there is none; never throws for a missing browser (a bad
 * STRATA_BROWSER_SOURCES is a TypeError). `tried` lists what was looked at.
 * The options replace the machine for tests.
 */
export async function resolveChromium({
  env = process.env,
  platform = process.platform,
  arch = process.arch,
  isExecutable = isExecutableFile,
  unpack = unpackRegistryChromium,
} = {}) {
  const tried = [];
  const pinned = env.STRATA_CHROMIUM;
  if (pinned !== undefined && pinned !== '') {
    tried.push(`STRATA_CHROMIUM=${pinned}`);
    if (isExecutable(pinned)) return { path: pinned, source: 'STRATA_CHROMIUM', tried };
    return { path: null, problem: `STRATA_CHROMIUM=${pinned} is not an executable file`, tried };
  }
  const sources = browserSources(env);
  if (sources.length === 0) {
    return { path: null, problem: 'STRATA_BROWSER_SOURCES=none: no browser source is allowed', tried };
  }
  const problems = [];
  for (const source of sources) {
    if (source === 'system') {
      for (const candidate of systemCandidates({ platform, env })) {
        tried.push(candidate);
        if (isExecutable(candidate)) return { path: candidate, source: 'system', tried };
      }
      problems.push('no system Chromium or Chrome');
    } else {
      const key = `${platform}-${arch}`;
      tried.push(`${REGISTRY_PACKAGE} (${key})`);
      if (!REGISTRY_PLATFORMS.includes(key)) {
        problems.push(`${REGISTRY_PACKAGE} ships no browser for ${key} (only ${REGISTRY_PLATFORMS.join(', ')})`);
        continue;
      }
      try {
        const path = await unpack();
        return { path, source: 'registry', tried };
      } catch (e) {
        problems.push(e instanceof Error ? e.message : String(e));
      }
    }
  }
  return { path: null, problem: `${problems.join('; ')} (set STRATA_CHROMIUM to a Chromium executable)`, tried };
}
