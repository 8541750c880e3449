// A throwaway npm registry (Verdaccio) for the release test.
//
// startRegistry(dir) writes a config and an empty storage under `dir`, starts
// verdaccio-server.mjs as the leader of its own process group on 127.0.0.1
// (port chosen by the kernel), and resolves to { url, token, stop }.
//
// Packages:
//   @strata/*  served only from this registry's storage, never proxied: a
//              scope of the same name on the public registry can never leak
//              into an install, and a 404 means "not published here".
//   **         everything else (@noble/hashes, workerpool, ...) is proxied from
//              https://registry.npmjs.org/ and cannot be published here, so
//              the consumer installs resolve the real third-party packages.
//
// Stopping: stop() kills the whole process group (SIGTERM, then SIGKILL after
// 3 s) and waits for the exit. An 'exit' hook of this process SIGKILLs the
// group if stop() was never reached, and the server polls this process's pid
// and exits on its own when it is gone or when `maxSeconds` have passed.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The Verdaccio configuration the release test runs with (YAML). */
export function registryConfig(dir) {
  return [
    `storage: ${JSON.stringify(join(dir, 'storage'))}`,
    'auth:',
    '  htpasswd:',
    `    file: ${JSON.stringify(join(dir, 'htpasswd'))}`,
    '    max_users: 10',
    'uplinks:',
    '  npmjs:',
    '    url: https://registry.npmjs.org/',
    '    timeout: 30s',
    'packages:',
    "  '@strata/*':",
    '    access: $all',
    '    publish: $authenticated',
    '    unpublish: $authenticated',
    "  '**':",
    '    access: $all',
    '    publish: nobody',
    '    proxy: npmjs',
    'web:',
    '  enable: false',
    'log: { type: stdout, format: pretty, level: error }',
    '',
  ].join('\n');
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // already gone
  }
}

/**
 * Start a registry under `dir`; resolves once it listens.
 * @param {string} dir an empty scratch directory owned by the caller
 * @param {{ maxSeconds?: number, startTimeoutMs?: number }} [opts]
 * @returns {Promise<{ url: string, token: string, pid: number, stop: () => Promise<void> }>}
 */
export async function startRegistry(dir, { maxSeconds = 300, startTimeoutMs = 30_000 } = {}) {
  mkdirSync(join(dir, 'storage'), { recursive: true });
  const configPath = join(dir, 'config.yaml');
  writeFileSync(configPath, registryConfig(dir));
  const child = spawn(process.execPath, [join(here, 'verdaccio-server.mjs'), configPath, String(process.pid), String(maxSeconds)], {
    cwd: dir,
    detached: true, // own process group: stop() kills everything it started
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let running = true;
  exited.then(() => { running = false; });
  const onExit = () => { if (running) killGroup(pid, 'SIGKILL'); };
  process.once('exit', onExit);

  let stopping;
  const stop = () => {
    stopping ??= (async () => {
      if (running) {
        killGroup(pid, 'SIGTERM');
        const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), 3000);
        await exited;
        clearTimeout(timer);
      }
      killGroup(pid, 'SIGKILL'); // anything left in the group
      process.removeListener('exit', onExit);
    })();
    return stopping;
  };

  let log = '';
  child.stderr.on('data', (d) => { log += d; });
  try {
    const port = await new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`registry: no "listening" line within ${startTimeoutMs} ms\n${out}${log}`)), startTimeoutMs);
      child.stdout.on('data', (d) => {
        out += d;
        const m = /listening (\d+)/.exec(out);
        if (m) { clearTimeout(timer); resolve(Number(m[1])); }
      });
      exited.then((code) => { clearTimeout(timer); reject(new Error(`registry: exited (${code}) before listening\n${out}${log}`)); });
    });
    const url = `http://127.0.0.1:${port}/`;
    const token = await addUser(url, 'strata-release', 'strata-release-test');
    return { url, token, pid, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** Create a user through the registry's CouchDB-style user API; returns its token. */
export async function addUser(url, name, password) {
  const res = await fetch(new URL(`-/user/org.couchdb.user:${encodeURIComponent(name)}`, url), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ _id: `org.couchdb.user:${name}`, name, password, type: 'user', roles: [], date: new Date().toISOString() }),
  });
  const body = await res.json();
  if (!res.ok || typeof body.token !== 'string') throw new Error(`registry: adduser: expected a token, got ${res.status} ${JSON.stringify(body)}`);
  return body.token;
}

/** The lines of an .npmrc that points npm and pnpm at `url` with `token`. */
export function npmrcFor(url, token) {
  const host = url.replace(/^https?:/, '');
  return `registry=${url}\n${host}:_authToken=${token}\n`;
}
