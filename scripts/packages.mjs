// What the repository scripts (api/run.mjs, figures/write.mjs) share: their
// command line (`--root DIR` names another tree, for the tests) and the
// published packages, found by folder. No dependencies beyond Node.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The command line of a script in scripts/<dir>/: `args`, `opt(name)` (the
 * word after `name`, or undefined) and `root` (`--root DIR`, or the
 * repository the script stands in).
 */
export function scriptCommandLine(scriptUrl) {
  const here = dirname(fileURLToPath(scriptUrl));
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const root = resolve(opt('--root') ?? join(here, '..', '..'));
  return { here, args, opt, root };
}

/**
 * The published packages of `root`: every packages/<dir>/package.json that is
 * not private, as { dir (absolute), json }, by folder name.
 */
export function publishedPackageDirs(root) {
  const dir = join(root, 'packages');
  return readdirSync(dir)
    .sort()
    .map((d) => join(dir, d))
    .filter((d) => existsSync(join(d, 'package.json')))
    .map((d) => ({ dir: d, json: JSON.parse(readFileSync(join(d, 'package.json'), 'utf8')) }))
    .filter((p) => p.json.private !== true);
}
