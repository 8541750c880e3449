/**
 * The release test's registry stops whatever happens: through stop(), and on
 * its own when the process that started it dies without calling stop()
 * (SIGKILL, as when a test runner is killed on a timeout).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startRegistry } from '../release/registry.mjs';

let dirs: string[] = [];
const scratch = () => {
  const d = mkdtempSync(join(tmpdir(), 'strata-registry-'));
  dirs.push(d);
  return d;
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
async function gone(pid: number, withinMs: number): Promise<boolean> {
  for (const end = Date.now() + withinMs; Date.now() < end; ) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !alive(pid);
}

afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

describe('local registry lifecycle', () => {
  it('serves on 127.0.0.1, keeps @strata/* local, and stop() ends its process group', async () => {
    const r = await startRegistry(scratch());
    try {
      expect(r.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      expect((await fetch(new URL('@strata%2ffield', r.url))).status).toBe(404);
      expect(alive(r.pid)).toBe(true);
    } finally {
      await r.stop();
    }
    expect(alive(r.pid)).toBe(false);
    expect(() => process.kill(-r.pid, 0)).toThrow();
  }, 30_000);

  it('exits by itself when its owner is killed with SIGKILL', async () => {
    const owner = spawn(process.execPath, ['--input-type=module', '-e', `
      const { startRegistry } = await import(${JSON.stringify(join(__dirname, '..', 'release', 'registry.mjs'))});
      const r = await startRegistry(${JSON.stringify(scratch())});
      console.log('pid ' + r.pid);
      setInterval(() => {}, 1000);
    `], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pid = await new Promise<number>((resolve, reject) => {
      let out = '';
      owner.stdout.on('data', (d) => {
        out += d;
        const m = /pid (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      owner.once('exit', (c) => reject(new Error(`owner exited (${c}) before the registry started`)));
    });
    try {
      expect(alive(pid)).toBe(true);
      owner.kill('SIGKILL');
      expect(await gone(pid, 5_000), 'the registry outlived its owner').toBe(true);
    } finally {
      try { process.kill(-pid, 'SIGKILL'); } catch { /* gone, as expected */ }
      owner.kill('SIGKILL');
    }
  }, 30_000);
});
