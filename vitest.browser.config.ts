import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { defaultClientConditions, transformWithOxc, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import type { BrowserCommand } from 'vitest/node';
import { readVectorText, vectorsDir } from './tools/testkit/src/vectors.ts';

/**
 * The browser test suite: every `packages/<name>/test/browser/**\/*.browser.test.ts`
 * runs in real headless Chromium (vitest browser mode, Playwright provider
 * driving Debian's Chromium through playwright-core; no browser is ever
 * downloaded). Run it alone with
 *
 *   pnpm vitest run --config vitest.browser.config.ts
 *
 * `STRATA_CHROMIUM` overrides the browser executable (default
 * /usr/bin/chromium). `pnpm test` runs this suite after the Node suites
 * (scripts/test.mjs).
 *
 * What the browser gets from here, since it has no file system:
 *   - the shared vectors, through the `strataReadVectorText` command: the
 *     Node side reads them with @strata/testkit (same folder, same
 *     STRATA_VECTORS override, same loud failure when missing);
 *   - `virtual:strata/testkit`: hex helpers and the vector readers;
 *   - `virtual:strata/readme/<package>`: the TypeScript code blocks of
 *     packages/<package>/README.md, compiled as they are, wrapped in a
 *     `run(console)` function, with the output each `console.log` line
 *     promises in its comment.
 */

const root = dirname(fileURLToPath(import.meta.url));
const chromium = process.env['STRATA_CHROMIUM'] || '/usr/bin/chromium';

if (!existsSync(chromium) || !statSync(chromium).isFile()) {
  throw new Error(
    `browser suite: expected a Chromium executable at ${chromium}, got nothing ` +
      `(install it with \`apt-get install chromium\` or set STRATA_CHROMIUM to its path)`,
  );
}
// Fail at start, not inside the first test, when the vectors are missing.
vectorsDir();

// Workspace packages resolve to their TypeScript sources, as in vitest.config.ts,
// then the browser's own conditions.
const conditions = ['@strata/source', ...defaultClientConditions];

const strataReadVectorText: BrowserCommand<string[]> = (_ctx, ...parts) => readVectorText(...parts);

const TESTKIT_ID = 'virtual:strata/testkit';
const README_PREFIX = 'virtual:strata/readme/';
/** The README module's id: a path inside the package, so its bare imports resolve from there. */
const readmeModuleId = (pkg: string) => join(root, 'packages', pkg, '__readme_example__.ts');
const README_ID_RE = /[\\/]packages[\\/]([a-z0-9-]+)[\\/]__readme_example__\.ts$/;

/** One line's promised output: the comment after `console.log(...)`, or the comment line below it. */
function promisedOutput(comment: string): string {
  let text = comment.replace(/^\s*\/\/\s?/, '').trim();
  // "true: same signer", "true  (mode 'zip215')" -> "true"
  const cut = /:\s|\s{2,}|\s\(/.exec(text);
  if (cut !== null) text = text.slice(0, cut.index);
  if (/^'.*'$/.test(text)) text = text.slice(1, -1);
  return text;
}

/**
 * Turns a README into a module: its ```ts blocks, concatenated (later blocks
 * continue the first), imports hoisted, the rest inside `run(console)`.
 * Every `console.log` line must say in a comment what it prints; a README
 * without a TypeScript block, or a log line without a promise, is an error.
 */
async function readmeModule(pkg: string): Promise<string> {
  const file = join(root, 'packages', pkg, 'README.md');
  const md = readFileSync(file, 'utf8');
  const blocks = [...md.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
  if (blocks.length === 0) throw new Error(`README example: expected a \`\`\`ts block in ${file}, got none`);
  const source = blocks.join('\n');
  const imports: string[] = [];
  const body = source.replace(/^import\s[\s\S]*?\sfrom\s+'[^']+';[ \t]*$/gm, (m) => {
    imports.push(m);
    return '';
  });
  const lines = body.split('\n');
  const expected: string[] = [];
  lines.forEach((line, i) => {
    if (!/\bconsole\.log\(/.test(line)) return;
    const inline = /\);\s*(\/\/.*)$/.exec(line);
    const below = lines[i + 1]?.trim() ?? '';
    const comment = inline?.[1] ?? (below.startsWith('//') ? below : undefined);
    if (comment === undefined) {
      throw new Error(`README example (${file}): expected a comment saying what \`${line.trim()}\` prints, got none`);
    }
    expected.push(promisedOutput(comment));
  });
  const ts = `${imports.join('\n')}
/** The README's code, run with the given console. */
export async function run(console: { log: (...args: unknown[]) => void }): Promise<void> {
${body}
}
/** What its console.log lines say they print, in order. */
export const expected: string[] = ${JSON.stringify(expected)};
/** The code as it stands in the README. */
export const source: string = ${JSON.stringify(source)};
`;
  const out = await transformWithOxc(ts, readmeModuleId(pkg), { lang: 'ts' });
  return out.code;
}

function strataBrowserModules(): Plugin {
  return {
    name: 'strata-browser-modules',
    enforce: 'pre',
    resolveId(id, _importer, options) {
      if (id === TESTKIT_ID) return '\0' + TESTKIT_ID;
      // The dependency scanner reads files from disk; these modules have none
      // (their own imports are workspace sources or already in the test files).
      if (id.startsWith(README_PREFIX) && (options as { scan?: boolean }).scan === true) return { id, external: true };
      if (id.startsWith(README_PREFIX)) {
        const pkg = id.slice(README_PREFIX.length);
        if (!existsSync(join(root, 'packages', pkg, 'README.md'))) {
          throw new Error(`README example: expected packages/${pkg}/README.md, got nothing`);
        }
        return readmeModuleId(pkg);
      }
      if (README_ID_RE.test(id)) return id;
      return undefined;
    },
    async load(id) {
      if (id === '\0' + TESTKIT_ID) {
        return `export { hex, toHex, bigFromBytesBE, bigFromBytesLE, bigToBytesBE, bigToBytesLE } from ${JSON.stringify(join(root, 'tools/testkit/src/bytes.ts'))};
import { commands } from 'vitest/browser';
export function readVectorText(...parts) { return commands.strataReadVectorText(...parts); }
export async function readVectorJson(...parts) { return JSON.parse(await commands.strataReadVectorText(...parts)); }
`;
      }
      const m = README_ID_RE.exec(id);
      if (m !== null) return { code: await readmeModule(m[1]!), moduleType: 'js' };
      return undefined;
    },
  };
}

export default defineConfig({
  root,
  plugins: [strataBrowserModules()],
  resolve: { conditions },
  // Scan and pre-bundle the npm dependencies at every start, so a new import
  // never makes vite re-optimise and reload the page in the middle of a run.
  optimizeDeps: { force: true },
  test: {
    name: 'browser',
    include: ['packages/*/test/browser/**/*.browser.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    browser: {
      enabled: true,
      headless: true,
      screenshotFailures: false,
      provider: playwright({
        launchOptions: {
          executablePath: resolve(chromium),
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      }),
      instances: [{ browser: 'chromium' }],
      commands: { strataReadVectorText },
    },
  },
});
