/**
 * What the package tests need from a package README: its runnable example
 * (the first ```js block under "## Example") and the output the README says
 * it prints (the first ```text block after it, in the same section).
 */
export interface ReadmeExample {
  readonly code: string;
  readonly output: string;
}

/** The `## Name` section of a markdown text (up to the next `## ` heading), or undefined. */
export function section(markdown: string, heading: string): string | undefined {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l === `## ${heading}`);
  if (start < 0) return undefined;
  let end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  if (end < 0) end = lines.length;
  return lines.slice(start + 1, end).join('\n');
}

/** The example and its printed output; throws naming what is missing. */
export function readmeExample(markdown: string, what: string): ReadmeExample {
  const body = section(markdown, 'Example');
  if (body === undefined) throw new Error(`${what}: expected a "## Example" section, got none`);
  const code = /^```js\n([\s\S]*?)^```$/m.exec(body);
  if (!code) throw new Error(`${what}: expected a \`\`\`js block under "## Example", got none`);
  const after = body.slice(code.index + code[0].length);
  const output = /^```text\n([\s\S]*?)^```$/m.exec(after);
  if (!output) throw new Error(`${what}: expected a \`\`\`text block (the printed output) after the example, got none`);
  return { code: code[1]!, output: output[1]! };
}

/** Every markdown link target (inline `[x](target)` and reference `[x]: target`), outside code. */
export function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
  const out: string[] = [];
  for (const m of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) out.push(m[1]!);
  for (const m of prose.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)) out.push(m[1]!);
  return out;
}
