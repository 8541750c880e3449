// Pack the published packages as `pnpm publish` would ship them: the package
// tests (scripts/test/packages.test.ts) lint these tarballs and install them
// into a throwaway consumer. pnpm runs each package's `prepack` (which copies
// the root LICENSE in) and `postpack` (which removes the copy), and rewrites
// `workspace:^` ranges to `^<version>`, exactly as on publish.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pnpmCommand } from './publish.mjs';
import { publishedPackages } from './workspace.mjs';

/** The tarball name pnpm and npm give `name@version` (`@scope/x` → `scope-x-<version>.tgz`). */
export function tarballName(name, version) {
  return `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}

/**
 * `pnpm -r --filter ./packages/* pack --pack-destination <dest>` in `root`;
 * resolves to [{ name, version, dir, manifest, tarball }] for every published
 * package (rejects when pnpm fails, or a tarball is missing afterwards).
 */
export function packPublished(root, dest, { env = process.env, timeoutMs = 120_000 } = {}) {
  const { cmd, pre } = pnpmCommand(root);
  const args = [...pre, '-r', '--filter', './packages/*', 'pack', '--pack-destination', dest];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => {
      try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
    }, timeoutMs);
    child.on('error', (e) => { clearTimeout(timer); reject(e); });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) {
        reject(new Error(`pack: expected ${cmd} ${args.join(' ')} to succeed, got exit ${code ?? signal}\n${out}`));
        return;
      }
      const made = new Set(readdirSync(dest));
      const packed = publishedPackages(root).map((p) => ({ ...p, tarball: join(dest, tarballName(p.name, p.version)) }));
      const missing = packed.filter((p) => !made.has(tarballName(p.name, p.version)));
      if (missing.length > 0) reject(new Error(`pack: expected tarballs for ${missing.map((p) => p.name).join(', ')}, got ${[...made].join(', ')}\n${out}`));
      else resolve(packed);
    });
  });
}
