/**
 * The browser half of the build of a package with a worker pool
 * (`@strata/ed25519-batch`, `@strata/secp256k1-signatures`), run after
 * `tsc` from the package's folder (`node ../../scripts/build-browser.mjs`);
 * esbuild and workerpool are resolved from that package, which lists them:
 *
 * - `dist/worker.browser.js` (from `src/worker.browser.ts`): the package's
 *   Web Worker for parallel batch verification, bundled and minified into one self-contained ES module (the verifier,
 *   its @strata and @noble dependencies, workerpool's worker-side modules
 *   only), so that any bundler, or none, can serve it as a plain asset.
 *   Minified, it carries no CommonJS text (`module.exports`) that tools
 *   such as publint read as a CommonJS file.
 * - `dist/parallel.browser.js` (from `src/parallel.browser.ts`): the browser pool module with workerpool
 *   inlined and every other import kept as it is (so the classes it shares
 *   with the main entry stay one copy).
 *
 * workerpool's browser build still contains its Node branches
 * (`require('os')`, `require('worker_threads')`, `require('child_process')`,
 * taken only when it runs in Node); bundlers for the browser cannot resolve
 * them, so they are replaced by empty modules here, once, instead of asking
 * every user for externals. workerpool's license header is kept in both
 * files (esbuild keeps `@license` comments).
 *
 * References: esbuild documentation (build API, plugins, legal comments).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Resolves from the package being built (its own esbuild and workerpool). */
const require = createRequire(join(process.cwd(), 'package.json'));
const { build } = await import(pathToFileURL(require.resolve('esbuild')).href);
/**
 * workerpool's license header, for the worker bundle: that bundle takes
 * workerpool's worker-side modules from its src/, which do not carry the
 * header that its dist/ build has, so it is added as a banner.
 */
const workerpoolVersion = JSON.parse(await readFile(require.resolve('workerpool/package.json'), 'utf8')).version;
const workerpoolLicense = (await readFile(require.resolve('workerpool/src/header.js'), 'utf8'))
  .replace('@@version', workerpoolVersion)
  .replace(/^ \* @date.*\n/m, '')
  .trim();

const NODE_ONLY = /^(node:)?(os|worker_threads|child_process)$/;

/** Resolves workerpool's Node-only requires to an empty CommonJS module. */
const stubNodeBranches = {
  name: 'stub-node-branches',
  setup(b) {
    b.onResolve({ filter: NODE_ONLY }, (args) => ({ path: args.path, namespace: 'node-branch-stub' }));
    b.onLoad({ filter: /.*/, namespace: 'node-branch-stub' }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
  },
};

/** Keeps every import of the entry as it is, except workerpool (and what workerpool itself requires). */
const inlineOnlyWorkerpool = {
  name: 'inline-only-workerpool',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point' || NODE_ONLY.test(args.path)) return undefined;
      if (args.path === 'workerpool' || /[/\\]node_modules[/\\].*workerpool[/\\]/.test(args.importer)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * workerpool's browser build embeds its own worker as a string that ends in
 * a `//# sourceMappingURL=worker.min.js.map` comment; dev servers read it as
 * the bundle's source map and warn about a missing file. The embedded worker
 * is never used here (the pool always gets this package's worker), so the
 * comment is dropped from the string.
 */
const dropEmbeddedSourceMapComment = {
  name: 'drop-embedded-source-map-comment',
  setup(b) {
    b.onLoad({ filter: /[/\\]workerpool[/\\]dist[/\\]workerpool\.js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      return { contents: text.replaceAll('//# sourceMappingURL=worker.min.js.map', ''), loader: 'js' };
    });
  },
};

const common = { bundle: true, format: 'esm', platform: 'browser', target: 'es2022', logLevel: 'warning', legalComments: 'inline', sourcemap: true };

await build({ ...common, minify: true, banner: { js: workerpoolLicense }, entryPoints: ['src/worker.browser.ts'], outfile: 'dist/worker.browser.js', plugins: [stubNodeBranches, dropEmbeddedSourceMapComment] });
await build({ ...common, entryPoints: ['src/parallel.browser.ts'], outfile: 'dist/parallel.browser.js', plugins: [stubNodeBranches, inlineOnlyWorkerpool, dropEmbeddedSourceMapComment] });
