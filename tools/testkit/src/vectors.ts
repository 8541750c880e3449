/**
 * Locates the shared test vectors. They live outside the repository, in
 * `../shared/vectors` beside the clone; `STRATA_VECTORS` may point elsewhere.
 * A missing folder is an error, never a reason to skip: the vectors define
 * correctness and interop.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository root: tools/testkit/src -> ../../.. */
const repoRoot = resolve(here, '..', '..', '..');

let cached: string | undefined;

/** Returns the absolute path of the vectors folder, or throws if it is missing. */
export function vectorsDir(): string {
  if (cached !== undefined) return cached;
  const override = process.env['STRATA_VECTORS'];
  const dir = override !== undefined && override !== ''
    ? (isAbsolute(override) ? override : resolve(process.cwd(), override))
    : resolve(repoRoot, '..', 'shared', 'vectors');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new Error(
      `test vectors: expected a folder at ${dir} (set STRATA_VECTORS to override; ` +
        `the default is ../shared/vectors beside the repository), got nothing`,
    );
  }
  cached = dir;
  return dir;
}

/** Absolute path of a file inside the vectors folder; throws if it is missing. */
export function vectorPath(...parts: string[]): string {
  const p = join(vectorsDir(), ...parts);
  if (!existsSync(p)) throw new Error(`test vectors: expected file ${p}, got nothing`);
  return p;
}

export function readVectorText(...parts: string[]): string {
  return readFileSync(vectorPath(...parts), 'utf8');
}

export function readVectorJson<T = unknown>(...parts: string[]): T {
  return JSON.parse(readVectorText(...parts)) as T;
}
