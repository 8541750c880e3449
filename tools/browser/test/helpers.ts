/**
 * Shared by the resolver's tests: temporary folders deleted after the file,
 * and a child node process that runs unpackRegistryChromium of a given copy
 * of the module.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll } from 'vitest';

export const SOURCE = fileURLToPath(new URL('../src/index.mjs', import.meta.url));
export const UID = typeof process.getuid === 'function' ? process.getuid() : 'user';

/** Every temporary folder a test makes; afterAll deletes them (each unpack is ~203 MB). */
const temps: string[] = [];
export function temp(prefix = 'strata-browser-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});


/** The result of one child `node` process. */
export interface Child {
  code: number | null;
  out: string;
  err: string;
}

/** Starts `node --input-type=module -e script ...args` and resolves when it exits. */
function node(script: string, args: string[]): Promise<Child> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

/** A child that imports the module at argv[1] and prints what unpackRegistryChromium(JSON argv[2]) returns. */
const UNPACK_SCRIPT =
  'const m = await import(process.argv[1]);' +
  'try { process.stdout.write(JSON.stringify({ path: await m.unpackRegistryChromium(JSON.parse(process.argv[2])) })); }' +
  'catch (e) { process.stdout.write(JSON.stringify({ error: String(e && e.message) })); process.exitCode = 1; }';

/** Runs unpackRegistryChromium(options) of the module at `source` in a child process. */
export async function unpackInChild(source: string, options: Record<string, unknown>): Promise<{ path?: string; error?: string; child: Child }> {
  const child = await node(UNPACK_SCRIPT, [pathToFileURL(source).href, JSON.stringify(options)]);
  let parsed: { path?: string; error?: string } = {};
  try {
    parsed = JSON.parse(child.out);
  } catch {
    parsed = { error: `unparsable output '${child.out}', stderr '${child.err}'` };
  }
  return { ...parsed, child };
}

