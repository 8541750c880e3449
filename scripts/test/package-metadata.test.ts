/**
 * What npm shows about each published package, checked on the working tree
 * (fast; the packed tarballs are checked by packages.test.ts):
 *
 * - the root LICENSE (MIT, "the Strata authors") and, in every package, the
 *   prepack/postpack pair that copies it into the tarball;
 * - one place of truth for the repository: the root package.json's
 *   `repository.url`. Every package's `repository` (with its `directory`),
 *   `homepage`, `bugs` and every link to the repository in its README derive
 *   from it, and the test fails if any disagrees;
 * - `keywords`, `engines.node` (the root's), and top-level `types` / `main` /
 *   `module` equal to the `exports["."]` targets (for moduleResolution node10
 *   and tools that read no `exports`);
 * - the README starts with Install (not on npm yet; the `npm install <name>` line kept) and a `## Example`
 *   with a plain-JS block and the output it prints; its links work from npm
 *   (absolute or in-page), and the Install and Example sections show no
 *   monorepo-only command.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishedPackages } from '../release/workspace.mjs';
import { linkTargets, readmeExample, section } from './packages/readme.js';

const root = join(__dirname, '..', '..');
type Manifest = Record<string, any>;
const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
const packages = publishedPackages(root) as { name: string; dir: string; manifest: Manifest }[];

/** The repository's web address, from the root manifest's `repository.url` (`git+https://…/x.git` → `https://…/x`). */
function repositoryWebUrl(): string {
  const url = rootManifest.repository?.url;
  if (typeof url !== 'string') throw new Error(`package.json repository.url: expected a string, got ${url}`);
  return url.replace(/^git\+/, '').replace(/\.git$/, '');
}

describe('LICENSE', () => {
  it('the repository has an MIT LICENSE naming the Strata authors', () => {
    const text = readFileSync(join(root, 'LICENSE'), 'utf8');
    expect(text).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} the Strata authors\n/);
    expect(text).toContain('Permission is hereby granted, free of charge');
    expect(rootManifest.license).toBe('MIT');
  });

  it.each(packages.map((p) => [p.name, p] as const))('%s copies it into its tarball at pack time', (_, p) => {
    expect(p.manifest.license).toBe('MIT');
    expect(p.manifest.scripts?.prepack).toBe("node -e \"require('node:fs').copyFileSync('../../LICENSE', 'LICENSE')\"");
    expect(p.manifest.scripts?.postpack).toBe("node -e \"require('node:fs').rmSync('LICENSE', { force: true })\"");
  });
});

describe('manifests', () => {
  it('the root names the repository once, as a git+https URL', () => {
    expect(rootManifest.repository).toEqual({ type: 'git', url: expect.stringMatching(/^git\+https:\/\/github\.com\/[^/]+\/[^/]+\.git$/) });
    expect(rootManifest.engines?.node).toMatch(/^>=\d+\.\d+/);
  });

  it('every workspace package under packages/ is published', () => {
    expect(packages.map((p) => p.dir).sort()).toEqual(
      ['packages/curves', 'packages/dleq', 'packages/ed25519-batch', 'packages/field', 'packages/group', 'packages/ring', 'packages/secp256k1-signatures'],
    );
  });

  it.each(packages.map((p) => [p.name, p] as const))('%s: repository, homepage, bugs, keywords, engines agree with the root', (_, p) => {
    const web = repositoryWebUrl();
    const m = p.manifest;
    expect(m.repository, `${p.name} repository`).toEqual({ type: 'git', url: rootManifest.repository.url, directory: p.dir });
    expect(m.homepage, `${p.name} homepage`).toBe(`${web}/tree/main/${p.dir}#readme`);
    expect(m.bugs, `${p.name} bugs`).toEqual({ url: `${web}/issues` });
    expect(Array.isArray(m.keywords) && m.keywords.length >= 3, `${p.name} keywords`).toBe(true);
    for (const k of m.keywords) expect(k, `${p.name} keyword`).toMatch(/^[a-z0-9][a-z0-9-]*$/);
    expect(m.engines, `${p.name} engines`).toEqual({ node: rootManifest.engines.node });
    expect(m.type).toBe('module');
  });

  it.each(packages.map((p) => [p.name, p] as const))('%s: top-level types/main/module are the exports["."] targets', (_, p) => {
    const dot = p.manifest.exports?.['.'];
    expect(typeof dot?.types).toBe('string');
    expect(typeof dot?.default).toBe('string');
    expect(p.manifest.types).toBe(dot.types);
    expect(p.manifest.main).toBe(dot.default);
    expect(p.manifest.module).toBe(dot.default);
    // node10 has no `exports`: every other subpath needs a typesVersions entry to its declarations
    for (const [sub, target] of Object.entries(p.manifest.exports as Record<string, any>)) {
      if (sub === '.' || sub === './package.json') continue;
      // A Node-only subpath (`{ node: { types, default } }`, e.g. @strata/curves/msm-parallel) names its declarations under the condition.
      const types = target.types ?? target.node?.types;
      expect(typeof types, `${p.name} ${sub}: types`).toBe('string');
      expect(p.manifest.typesVersions?.['*']?.[sub.slice(2)], `${p.name} typesVersions for ${sub}`).toEqual([types]);
    }
  });
});

describe('READMEs', () => {
  it.each(packages.map((p) => [p.name, p] as const))('%s: Install first, then a runnable example with its output', (_, p) => {
    const text = readFileSync(join(root, p.dir, 'README.md'), 'utf8');
    // Install first: it says the package is not on npm yet, how to install today (pnpm release:pack,
    // scripts/test/install-docs.test.ts holds the wording), and keeps the npm line for later.
    expect(text.startsWith(`# ${p.name}\n\n## Install\n\n**Not on npm yet**`), `${p.name} README starts with Install`).toBe(true);
    expect(section(text, 'Install'), `${p.name} ## Install keeps the npm line`).toContain(`\`\`\`sh\nnpm install ${p.name}`);
    const headings = text.split('\n').filter((l) => l.startsWith('## '));
    expect(headings.slice(0, 2)).toEqual(['## Install', '## Example']);
    const { code, output } = readmeExample(text, p.name);
    expect(code).toMatch(new RegExp(`from '${p.name}';`));
    expect(code, 'the example prints what it shows').toMatch(/console\.log\(/);
    expect(output.trim().length).toBeGreaterThan(0);
    // plain JavaScript: nothing a .mjs file would reject
    expect(code).not.toMatch(/\bas [A-Z]\w*|:\s*(string|number|boolean|Uint8Array)\b[^']|\binterface\s|\btype\s+\w+\s*=/);
    // no monorepo-only command shown to a user
    // no monorepo-only command shown to a user (Install names `pnpm release:pack`, the way in
    // before the first release, and nothing else of the monorepo)
    expect(section(text, 'Install').replace(/`pnpm release:pack`/g, ''), `${p.name} ## Install`).not.toMatch(/\bpnpm\b|\btsx\b|--conditions|workspace:|\.\.\/\.\./);
    expect(section(text, 'Example'), `${p.name} ## Example`).not.toMatch(/\bpnpm\b|\btsx\b|--conditions|workspace:|\.\.\/\.\./);
  });

  it.each(packages.map((p) => [p.name, p] as const))('%s: every link works from npm (absolute, or an in-page anchor)', (_, p) => {
    const text = readFileSync(join(root, p.dir, 'README.md'), 'utf8');
    const web = repositoryWebUrl();
    const links = linkTargets(text);
    expect(links.length).toBeGreaterThan(0);
    for (const l of links) {
      expect(l, `${p.name} README link`).toMatch(/^(https?:\/\/|#)/);
      const owner = web.replace(/\/[^/]+$/, '/');
      if (l.startsWith(owner)) expect(l.startsWith(`${web}/`) || l.startsWith(`${web}#`) || l === web, `${p.name}: ${l} is under the repository URL ${web}`).toBe(true);
    }
  });
});
