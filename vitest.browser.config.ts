import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { defaultClientConditions, transformWithOxc, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import type { BrowserCommand } from 'vitest/node';
import { CHROMIUM_ARGS, resolveChromium } from '@strata/browser';
import { readVectorText, vectorsDir } from './tools/testkit/src/vectors.ts';

/**
 * The browser test suite: every `packages/<name>/test/browser/**\/*.browser.test.ts`
 * runs in real headless Chromium (vitest browser mode, Playwright provider
 * through playwright-core; Playwright never downloads a browser). Run it
 * alone with
 *
 *   pnpm vitest run --config vitest.browser.config.ts
 *
 * The browser is the one tools/browser resolves (STRATA_CHROMIUM, then a
 * system Chromium or Chrome, then the Chromium the npm registry installed
 * with @sparticuz/chromium), launched with its CHROMIUM_ARGS; with no
 * browser at all the config fails at start with the reason. `pnpm test`
 * resolves once and passes the path on as STRATA_CHROMIUM. `STRATA_ENGINE=wasm` runs the suite on the WebAssembly
 * engine (tools/engine-matrix/src/setup.browser.ts loads it with
 * `await engine.initWasm()` before each file). `pnpm test` runs this suite after the Node suites
 * (scripts/test.mjs).
 *
 * What the browser gets from here, since it has no file system:
 *   - the shared vectors, through the `strataReadVectorText` command: the
 *     Node side reads them with @strata/testkit (same folder, same
 *     STRATA_VECTORS override, same loud failure when missing);
 *   - `virtual:strata/testkit`: hex helpers and the vector readers;
 *   - `virtual:strata/readme/<package>`: the example of
 *     packages/<package>/README.md (its `## Example` code block), compiled as
 *     it stands, wrapped in a `run(console)` function, with the lines the
 *     README says it prints.
 */

const root = dirname(fileURLToPath(import.meta.url));
const browser = await resolveChromium();
if (browser.path === null) throw new Error(`browser suite: no Chromium to run in: ${browser.problem}`);
const chromium = browser.path;
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

/**
 * Turns a README into a module: the code block of its `## Example` section
 * (the runnable JavaScript a user saves as example.mjs), imports hoisted, the
 * rest inside `run(console)`, and the lines of the ```text block that follows
 * it ("It prints:") as what the run must print. The same two blocks are what
 * the consumer test (scripts/test/packages.test.ts) runs in Node from the
 * installed tarballs. A README without them is an error.
 */
async function readmeModule(pkg: string): Promise<string> {
  const file = join(root, 'packages', pkg, 'README.md');
  const md = readFileSync(file, 'utf8');
  const section = /^## Example\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(md)?.[1];
  if (section === undefined) throw new Error(`README example: expected a "## Example" section in ${file}, got none`);
  const code = /^```(?:js|ts)\n([\s\S]*?)^```$/m.exec(section);
  if (code === null) throw new Error(`README example: expected a \`\`\`js block under "## Example" in ${file}, got none`);
  const printedBlock = /^```text\n([\s\S]*?)^```$/m.exec(section.slice(code.index + code[0].length));
  if (printedBlock === null) throw new Error(`README example: expected the \`\`\`text block of what it prints in ${file}, got none`);
  const source = code[1]!;
  const imports: string[] = [];
  const body = source.replace(/^import\s[\s\S]*?\sfrom\s+'[^']+';[ \t]*(?:\/\/.*)?$/gm, (m) => {
    imports.push(m);
    return '';
  });
  const expected = printedBlock[1]!.replace(/\n$/, '').split('\n');
  // An example that selects the WebAssembly engine (the fast path, shown first in every README)
  // hands the page back on the engine it found, so the engine matrix holds for the tests after it.
  const selects = /\bengine\.initWasm\(/.test(source);
  const runIt = selects
    ? 'const before = engine.currentEngine();\n  try {\n    await run({ log: (...args: unknown[]) => lines.push(args.map(show).join(\' \')) });\n  } finally {\n    engine.useEngine(before);\n  }'
    : "await run({ log: (...args: unknown[]) => lines.push(args.map(show).join(' ')) });";
  const ts = `${imports.join('\n')}
/** The README's code, run with the given console. */
export async function run(console: { log: (...args: unknown[]) => void }): Promise<void> {
${body}
}
/** One console.log argument as Node prints it (strings bare; arrays of primitives as [ a, b ]). */
function show(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.length === 0 ? '[]' : '[ ' + v.map((x) => (typeof x === 'string' ? "'" + x + "'" : String(x))).join(', ') + ' ]';
  if (typeof v === 'bigint') return String(v) + 'n';
  return String(v);
}
/** Runs the README's code and returns the lines it printed, formatted as Node's console.log would. */
export async function printed(): Promise<string[]> {
  const lines: string[] = [];
  ${runIt}
  return lines;
}
/** What the README says it prints, line by line. */
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

/** The engine the suite runs under (STRATA_ENGINE; scripts/test.mjs runs 'ts' and 'wasm'). */
const engine = process.env['STRATA_ENGINE'] ?? 'ts';

export default defineConfig({
  root,
  plugins: [strataBrowserModules()],
  define: { __STRATA_ENGINE__: JSON.stringify(engine) },
  resolve: { conditions },
  // Scan and pre-bundle the npm dependencies at every start, so a new import
  // never makes vite re-optimise and reload the page in the middle of a run.
  optimizeDeps: { force: true },
  test: {
    name: `browser (${engine})`,
    include: ['packages/*/test/browser/**/*.browser.test.ts'],
    setupFiles: [join(root, 'tools/engine-matrix/src/setup.browser.ts')],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    browser: {
      enabled: true,
      headless: true,
      screenshotFailures: false,
      provider: playwright({
        launchOptions: {
          executablePath: resolve(chromium),
          args: [...CHROMIUM_ARGS],
        },
      }),
      instances: [{ browser: 'chromium' }],
      commands: { strataReadVectorText },
    },
  },
});
