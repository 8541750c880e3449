// What the release scripts need to know about the workspace: its packages
// (from pnpm-workspace.yaml), which of them are published, and the pending
// changesets. No dependencies beyond Node.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The workspace package folders (relative paths), from pnpm-workspace.yaml's `packages:` list ("dir" or "dir/*"). */
export function workspaceDirs(root) {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const dirs = [];
  let inPackages = false;
  for (const line of yaml.split('\n')) {
    if (/^packages:\s*$/.test(line)) { inPackages = true; continue; }
    if (inPackages && /^\S/.test(line)) inPackages = false;
    const m = inPackages && /^\s+-\s*["']?([^"'#\s]+)["']?/.exec(line);
    if (!m) continue;
    const pattern = m[1];
    if (pattern.endsWith('/*')) {
      const base = pattern.slice(0, -2);
      if (!existsSync(join(root, base))) continue;
      for (const d of readdirSync(join(root, base), { withFileTypes: true })) {
        if (d.isDirectory() && existsSync(join(root, base, d.name, 'package.json'))) dirs.push(`${base}/${d.name}`);
      }
    } else if (existsSync(join(root, pattern, 'package.json'))) {
      dirs.push(pattern);
    }
  }
  return dirs.sort();
}

/** Every workspace package: { dir, name, version, private, manifest }. */
export function workspacePackages(root) {
  return workspaceDirs(root).map((dir) => {
    const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    return { dir, name: manifest.name, version: manifest.version, private: manifest.private === true, manifest };
  });
}

/** The packages a release publishes: every non-private workspace package. */
export function publishedPackages(root) {
  return workspacePackages(root).filter((p) => !p.private);
}

/** Pending changesets: { file, releases: Map(name -> bump) } for each .changeset/*.md but README.md. */
export function pendingChangesets(root) {
  const dir = join(root, '.changeset');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md') && f.toLowerCase() !== 'readme.md')
    .sort()
    .map((file) => ({ file, releases: parseChangesetReleases(readFileSync(join(dir, file), 'utf8')) }));
}

/** The `"name": bump` lines of a changeset's front matter. */
export function parseChangesetReleases(text) {
  const m = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  const releases = new Map();
  if (!m) return releases;
  for (const line of m[1].split(/\r?\n/)) {
    const r = /^\s*["']?([^"':]+)["']?\s*:\s*(major|minor|patch|none)\s*$/.exec(line);
    if (r) releases.set(r[1].trim(), r[2]);
  }
  return releases;
}
