import * as esbuild from 'esbuild';
import { gzipSync } from 'node:zlib';
const src = process.argv[2];
const out = await esbuild.build({ stdin: { contents: src, resolveDir: process.cwd(), loader: 'js', sourcefile: 'entry.js' }, bundle: true, platform: 'browser', format: 'esm', minify: true, treeShaking: true, write: false, logLevel: 'silent', legalComments: 'none', target: 'es2022', metafile: true, outfile: 'out.js' });
const o = Object.values(out.metafile.outputs)[0];
const rows = Object.entries(o.inputs).map(([k, v]) => [v.bytesInOutput, k.replace(/.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, 'nm:').replace(/^\.\.\/packages\//, '')]).sort((a, b) => b[0] - a[0]);
console.log('total', out.outputFiles[0].contents.length, 'gzip', gzipSync(out.outputFiles[0].contents, { level: 9 }).length);
for (const [b, k] of rows) if (b > 0) console.log(String(b).padStart(7), k);
if (process.argv[3]) (await import('node:fs')).writeFileSync(process.argv[3], out.outputFiles[0].text);
