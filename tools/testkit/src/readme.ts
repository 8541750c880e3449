/**
 * README examples kept runnable: every package's readme test checks that its
 * README.md holds the example's code block and printed output verbatim, then
 * runs the same code with assertions. This is the checking half, shared.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/**
 * Returns the README.md of the package holding the test file at
 * `testFileUrl` (pass `import.meta.url`): the nearest folder above it with a
 * package.json. Throws if there is none.
 */
export function readPackageReadme(testFileUrl: string): string {
  let dir = dirname(fileURLToPath(testFileUrl));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return readFileSync(join(dir, 'README.md'), 'utf8');
    const up = dirname(dir);
    if (up === dir) throw new Error(`README: expected a package.json above ${fileURLToPath(testFileUrl)}, got none`);
    dir = up;
  }
}

/** What a README must hold: the example, its output, and any further exact lines. */
export interface ReadmeExample {
  /** The example's code; with `fence`, it must stand as a whole ```fence block. */
  code: string;
  /** The printed output; it must stand as a whole ```text block. */
  output: string;
  /** The info string of the code block, when the whole block is checked (e.g. 'js'). */
  fence?: string;
  /** Further text the README must contain verbatim (e.g. the import line). */
  also?: readonly string[];
}

/**
 * Asserts that the README of the package holding `testFileUrl` contains the
 * example's code (fenced when `fence` is given), its output as a ```text
 * block, and every string of `also`.
 */
export function expectReadmeExample(testFileUrl: string, example: ReadmeExample): void {
  const readme = readPackageReadme(testFileUrl);
  expect(readme).toContain(example.fence === undefined ? example.code : '```' + example.fence + '\n' + example.code + '```');
  expect(readme).toContain('```text\n' + example.output + '```');
  for (const text of example.also ?? []) expect(readme).toContain(text);
}
