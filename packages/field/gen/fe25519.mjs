/**
 * Generator of the GF(2^255 − 19) kernels in
 * `src/ed25519/fe25519-kernels.generated.ts` (fe25519.ts imports them):
 * `mulKernel` (15 × 15 limb products with the 19·2^255 wrap folded into the
 * multiplier, c_j = 19·b_j), `sqrKernel` (doubled cross terms d_i = 2·a_i,
 * wrapped ones through e_j = 19·a_j and f_j = 38·a_j) and `sqrNKernel`
 * (k squarings with the limbs kept in locals and the short carry network).
 * Column k of a product is Σ_{i+j=k} a_i·b_j + 19·Σ_{i+j=k+15} a_i·b_j;
 * the carries run as three interleaved chains (limbs 0, 5, 10 onward) so
 * that they overlap. The module doc of fe25519.ts proves the bounds.
 * Run `pnpm gen` to regenerate, `pnpm gen --check` to verify.
 */
import { pathToFileURL } from 'node:url';
import { writeGenerated } from './lib.mjs';
import { asKernels } from './fe25519-as.mjs';
import { linearTS } from './fe25519-linear.mjs';
import { allocateShared, checkChain } from './chain.mjs';
import { BITS, CHAINS, TS_LIMBS, WRAP } from './fields/fe25519.mjs';

const N = TS_LIMBS.count;
if (N * TS_LIMBS.bits !== BITS) throw new Error('fe25519.mjs: the TypeScript limbs must cover 2^255 exactly');
/** The wrap factor: 2^255 ≡ W (mod p). */
const W = Number(WRAP);
/** The limb radix 2^17. */
const RADIX = 2 ** TS_LIMBS.bits;
const range = (n) => [...Array(n).keys()];

/** `const a0 = a[0]!,\n    a1 = a[1]!, …;` (one declarator per line). */
function loadLimbs(name, keyword = 'const') {
  return `  ${keyword} ${range(N).map((i) => `${name}${i} = ${name}[${i}]!`).join(',\n    ')};`;
}

/** One carry step out of limb i into limb j (19× for the wrap from limb 14). */
function carry(t, i, j, B = 'B', R = 'R', indent = '  ') {
  const into = i === N - 1 ? `${t}${j} += ${W} * q;` : `${t}${j} += q;`;
  return `${indent}q = Math.floor(${t}${i} * ${R}); ${t}${i} -= q * ${B}; ${into}`;
}

/** The interleaved carry network of mul/sqr: chains from 0, 5, 10; `rounds` steps each; then `extra` more. */
function network(t, rounds, extra, B, R, indent) {
  const o = [];
  for (let r = 0; r < rounds; r++) for (const s of [0, 5, 10]) o.push(carry(t, s + r, (s + r + 1) % N, B, R, indent));
  for (let r = 0; r < extra; r++) for (const s of [0, 5, 10]) o.push(carry(t, s + r, (s + r + 1) % N, B, R, indent));
  return o;
}

/** Column k of a square: doubled cross terms, the square term, then the wrapped part. */
function sqrColumn(k) {
  const t = [];
  for (let i = 0; i < k - i; i++) t.push(`d${i} * a${k - i}`);
  if (k % 2 === 0) t.push(`a${k / 2} * a${k / 2}`);
  const w = k + N;
  for (let i = k + 1; i < w - i; i++) t.push(`a${i} * f${w - i}`);
  if (w % 2 === 0) t.push(`a${w / 2} * e${w / 2}`);
  return t.join(' + ');
}

function sqrPrologue(indent) {
  return [
    `${indent}const ${range(7).map((i) => `d${i} = 2 * a${i}`).join(', ')};`,
    `${indent}const ${range(7).map((i) => `e${i + 8} = ${W} * a${i + 8}`).join(', ')};`,
    `${indent}const ${range(7).map((i) => `f${i + 8} = ${2 * W} * a${i + 8}`).join(', ')};`,
  ];
}

function store(src, indent = '  ', dst = (i) => `o[${i}]`) {
  return range(N).map((i) => `${indent}${dst(i)} = ${src}${i};`);
}

function mulKernel() {
  const o = ['export function mulKernel(o: Float64Array, a: Float64Array, b: Float64Array): void {', loadLimbs('a'), loadLimbs('b')];
  o.push(`  const ${range(N - 1).map((j) => `c${j + 1} = ${W} * b${j + 1}`).join(',\n    ')};`);
  for (let k = 0; k < N; k++) {
    o.push(`  let t${k} = ${range(N).map((i) => (i <= k ? `a${i} * b${k - i}` : `a${i} * c${k - i + N}`)).join(' + ')};`);
  }
  o.push('  let q: number;', ...network('t', 5, 2, 'B', 'R', '  '), ...store('t'), '}');
  return o.join('\n');
}

function sqrKernel() {
  const o = ['export function sqrKernel(o: Float64Array, a: Float64Array): void {', loadLimbs('a'), ...sqrPrologue('  ')];
  for (let k = 0; k < N; k++) o.push(`  let t${k} = ${sqrColumn(k)};`);
  o.push('  let q: number;', ...network('t', 5, 2, 'B', 'R', '  '), ...store('t'), '}');
  return o.join('\n');
}

function sqrNKernel() {
  const o = [
    '/**',
    ' * Sets o = a^(2^k), k ≥ 1, keeping the limbs in locals between squarings.',
    ' * Input |limb| < 2^22, output loose (module doc, "pow2k"): one carry chain',
    ' * first, then k squarings with a short carry network (18 carries instead of',
    ' * 21) whose output stays within 2^17 + 2^13 per limb, then the three carries',
    ' * it leaves open.',
    ' */',
    'export function sqrNKernel(o: Float64Array, a: Float64Array, k: number): void {',
    '  // The carry constants are read from a table rather than written as literals:',
    '  // V8 then keeps them in registers/stack slots across the loop instead of',
    '  // rematerializing each of them at every use (measured ~12% per squaring).',
    '  const rB = CARRY_CONST[0]!, rR = CARRY_CONST[1]!;',
    '  let q: number;',
    loadLimbs('a', 'let'),
    '  // Carry the input once (one chain and the wrap, as in carry()): every',
    '  // squaring below then starts from |limb| ≤ M (module doc, "pow2k").',
  ];
  for (let i = 0; i < N; i++) o.push(carry('a', i, (i + 1) % N, 'rB', 'rR'));
  o.push(carry('a', 0, 1, 'rB', 'rR'));
  o.push(
    '  // Each squaring: input |limb| ≤ 2^17 + 2^13 (see the module doc), so the',
    '  // short network (one extra carry per chain) keeps every column < 2^53.',
    '  for (let it = 0; it < k; it++) {',
    ...sqrPrologue('    '),
  );
  for (let k = 0; k < N; k++) o.push(`    let t${k} = ${sqrColumn(k)};`);
  o.push(...network('t', 5, 1, 'rB', 'rR', '    '), ...store('t', '    ', (i) => `a${i}`), '  }');
  o.push('  // Finish the chains the short network left open: the output is loose again.');
  for (const s of [1, 6, 11]) o.push(carry('a', s, s + 1, 'rB', 'rR'));
  o.push(...store('a'), '}');
  return o.join('\n');
}

/** The text of fe25519-kernels.generated.ts (after its header line). */
export function fe25519Kernels() {
  return [
    '/**',
    ' * The multiplication kernels of `Fe25519` (GF(2^255 − 19), 15 limbs of radix 2^17 in',
    ' * a Float64Array): `mulKernel`, `sqrKernel` and `sqrNKernel` (k squarings with the',
    ' * limbs in locals); the final reduction `canonicalize` (printed by gen/fe25519-linear.mjs,',
    ' * which prints the WebAssembly `canonical` too). Straight-line code, written by packages/field/gen/fe25519.mjs;',
    ' * the module doc of fe25519.ts, which calls them, proves the bounds.',
    ' * Inputs: |limb| < 2^22. Output: loose (see that module doc).',
    ' */',
    '',
    `/** Limb radix 2^${TS_LIMBS.bits}. */`,
    `const B = ${RADIX};`,
    `/** 2^−${TS_LIMBS.bits}, so that ⌊t·R⌋ is the carry out of a limb. */`,
    `const R = 1 / ${RADIX};`,
    '/** [B, R] read at run time by sqrNKernel (see there). */',
    'const CARRY_CONST = new Float64Array([B, R]);',
    '',
    mulKernel(),
    '',
    sqrKernel(),
    '',
    sqrNKernel(),
    '',
    chains(),
    '',
    linearTS(),
  ].join('\n');
}

/**
 * The exponentiation chains of the description on Fe25519 values: their
 * shared head `powHead` and `invertChain` / `pow22523Chain`, each
 * `(o, a, s0, …)` with o the result (it may alias a) and s… scratch elements
 * that alias neither. The same chains as the WebAssembly `invert` / `pow22523`.
 */
function chains() {
  const names = ['invert', 'pow22523'];
  const pool = ['s0', 's1', 's2', 's3', 's4', 's5'];
  const { head, tails, kept } = allocateShared(names.map((n) => CHAINS[n].steps), { input: 'a', pool, out: 'o' });
  const used = pool.filter((p) => [head, ...tails].some((t) => t.some((x) => x.dst === p || x.sq === p)));
  const params = used.map((p) => `${p}: Fe`).join(', ');
  const args = used.join(', ');
  const calls = (steps) => steps.map(({ to, sq, src, n, dst, times }) => {
    let e = n === 0 ? `${dst}.mul(${src}, ${times})` : n === 1 ? `${sq}.square(${src})` : `${sq}.pow2k(${src}, ${n})`;
    if (n > 0 && times !== undefined) e += dst === sq ? `.mul(${dst}, ${times})` : `; ${dst}.mul(${sq}, ${times})`;
    return `  ${e}; // ${to}`;
  });
  const o = [
    '/** The operations of `Fe25519` the chains call (structural: this file does not import fe25519.ts). */',
    'interface Fe {',
    '  square(a: Fe): Fe;',
    '  pow2k(a: Fe, k: number): Fe;',
    '  mul(a: Fe, b: Fe): Fe;',
    '}',
    '',
    '/**',
    ` * Sets ${kept.map(([name, slot]) => `${slot} = ${name}`).join(' and ')} (x_k = a^(2^k − 1), z_k = a^k): the first ${head.length}`,
    ' * steps of the Curve25519 addition chain, which invertChain and pow22523Chain share.',
    ' */',
    `function powHead(a: Fe, ${params}): void {`,
    ...calls(head),
    '}',
  ];
  const docs = {
    invert: ['invertChain', 'Sets o = a^(p − 2) = a⁻¹ (0 for 0)'],
    pow22523: ['pow22523Chain', 'Sets o = a^((p − 5)/8) = a^(2^252 − 3)'],
  };
  names.forEach((name, i) => {
    const { squarings, multiplications } = checkChain(name, CHAINS[name].steps, CHAINS[name].exponent);
    const [fn, doc] = docs[name];
    o.push(
      '',
      `/** ${doc}: ${squarings} squarings and ${multiplications} multiplications; o may alias a, the scratch ${used.join(', ')} neither. */`,
      `export function ${fn}(o: Fe, a: Fe, ${params}): void {`,
      `  powHead(a, ${args});`,
      ...calls(tails[i]),
      '}',
    );
  });
  return o.join('\n');
}

/** The files this generator writes (relative to packages/field). */
export const FILES = ['src/ed25519/fe25519-kernels.generated.ts', 'wasm/fe25519.generated.ts'];

/** Writes (or, with check = true, compares) the generated file; returns it when missing or different. */
export function generate(check = false) {
  return writeGenerated('fe25519.mjs', [
    { file: FILES[0], text: fe25519Kernels() },
    { file: FILES[1], text: asKernels() },
  ], check);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const check = process.argv.includes('--check');
  const diff = generate(check);
  for (const d of diff) console.log(`${check ? 'out of date' : 'regenerated'}: ${d}`);
  if (check && diff.length > 0) process.exitCode = 1;
}
