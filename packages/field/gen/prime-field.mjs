/**
 * Generator of the 11-limb kernels of `src/generic/prime-field.ts`, written to
 * `src/generic/prime-field-kernels.generated.ts` (p < 2^263:
 * BLS12-381 Fr and BN254 Fr): the Montgomery product and square (FIPS order,
 * [KAK] §4) fully unrolled with limbs in locals, their p ≡ 1 (mod 2^24)
 * variants, and the int32 add/sub. Column k of the product is
 * Σ_{i+j=k} a_i·b_j + Σ_{i+j=k, i<k} m_i·p_j; each column is summed as a
 * balanced binary tree (left half the larger) with the term of the newest
 * quotient digit, m_{k−1}·p_1, added last, so that the CPU overlaps the
 * columns while the quotient chain runs. Every partial sum is a non-negative
 * integer no larger than the full column, so the 2^53 bound of the module doc
 * covers it. Run `pnpm gen` to regenerate, `pnpm gen --check` to verify.
 */
import { pathToFileURL } from 'node:url';
import { digitChain, writeGenerated } from './lib.mjs';

const N = 11;
const range = (n) => [...Array(n).keys()];

/** A balanced sum of `terms` (the left half takes the odd term), parenthesised. */
function tree(terms) {
  if (terms.length === 1) return terms[0];
  const h = Math.ceil(terms.length / 2);
  return `(${tree(terms.slice(0, h))} + ${tree(terms.slice(h))})`;
}

/** The product terms of column k: a_i·b_(k−i), or for a square the doubled pairs then the diagonal. */
function productTerms(k, square) {
  const t = [];
  if (square) {
    for (let i = Math.max(0, k - (N - 1)); i < k - i; i++) t.push(`2 * a${i} * a${k - i}`);
    if (k % 2 === 0) t.push(`a${k / 2} * a${k / 2}`);
  } else {
    for (let i = Math.max(0, k - (N - 1)); i <= Math.min(k, N - 1); i++) t.push(`a${i} * b${k - i}`);
  }
  return t;
}

/** The reduction terms m_i·p_(k−i) of column k (i < k, both indices < N). */
function reductionTerms(k) {
  const t = [];
  for (let i = Math.max(0, k - (N - 1)); i <= Math.min(k - 1, N - 1); i++) t.push(`m${i} * p${k - i}`);
  return t;
}

const load = (x) => `  ${range(N).map((i) => `const ${x}${i} = ${x}[${i}]!;`).join(' ')}`;

function mont(square, p1) {
  const name = `mont${square ? 'Sqr' : 'Mul'}11${p1 ? 'P1' : ''}`;
  const params = ['out: Float64Array', 'a: Float64Array', ...(square ? [] : ['b: Float64Array']), 'p: Float64Array', ...(p1 ? [] : ['pinv: number'])];
  const o = [`export function ${name}(${params.join(', ')}): void {`, load('a')];
  if (!square) o.push(load('b'));
  o.push(load('p'), '  let acc = 0;', '  let hi = 0;');
  const quotient = (k) => {
    o.push(p1 ? `  const m${k} = -(acc | 0) & 0xffffff;` : `  const m${k} = Math.imul(acc | 0, pinv) & 0xffffff;`);
    o.push(p1 ? `  hi = (acc + m${k}) * INV_BASE;` : `  hi = (acc + m${k} * p0) * INV_BASE;`);
  };
  o.push(`  acc = ${productTerms(0, square)[0]};`);
  quotient(0);
  for (let k = 1; k < N; k++) {
    const rest = [...productTerms(k, square), ...reductionTerms(k)];
    const last = rest.pop();
    o.push(`  acc = hi + (${tree(rest)} + ${last});`);
    quotient(k);
  }
  for (let k = N; k < 2 * N - 1; k++) {
    o.push(`  acc = hi + ${tree([...productTerms(k, square), ...reductionTerms(k)])};`);
    o.push('  hi = Math.floor(acc * INV_BASE);', `  const t${k - N} = acc - hi * BASE;`);
  }
  o.push(`  const t${N - 1} = hi;`, '  let v = 0;');
  for (let i = 0; i < N; i++) {
    o.push(`  const u${i} = t${i} | 0;`);
    o.push(i === 0 ? `  v = u0 - (p0 | 0);` : `  v = u${i} - (p${i} | 0) + (v >> 24);`);
    o.push(`  const d${i} = v & 0xffffff;`);
  }
  o.push('  // v >> 24 = −1 iff t < p: keep t; else keep t − p.', '  const msk = v >> 24;');
  for (let i = 0; i < N; i++) o.push(`  out[${i}] = d${i} ^ ((u${i} ^ d${i}) & msk);`);
  o.push('}');
  return o.join('\n');
}

function add11() {
  const o = ['export function add11(out: Float64Array, a: Float64Array, b: Float64Array, p: Float64Array): void {', '  let v = 0;'];
  digitChain(o, N, (i) => `(a[${i}]! | 0) + (b[${i}]! | 0)`, (i) => `  const s${i} = v & 0xffffff;`);
  digitChain(o, N, (i) => `s${i} - (p[${i}]! | 0)`, (i) => `  const d${i} = v & 0xffffff;`);
  o.push('  // v >> 24 = −1 iff s < p: keep s (mask all ones); else keep s − p.', '  const m = v >> 24;');
  for (let i = 0; i < N; i++) o.push(`  out[${i}] = d${i} ^ ((s${i} ^ d${i}) & m);`);
  o.push('}');
  return o.join('\n');
}

function sub11() {
  const o = ['export function sub11(out: Float64Array, a: Float64Array, b: Float64Array, p: Float64Array): void {', '  let v = 0;'];
  digitChain(o, N, (i) => `(a[${i}]! | 0) - (b[${i}]! | 0)`, (i) => `  const d${i} = v & 0xffffff;`);
  o.push('  // v >> 24 = −1 iff a < b: add p back (masked).', '  const m = v >> 24;');
  digitChain(o, N, (i) => `d${i} + ((p[${i}]! | 0) & m)`, (i) => `  out[${i}] = v & 0xffffff;`);
  o.push('}');
  return o.join('\n');
}

/** The text of prime-field-kernels.generated.ts (after its header line). */
export function primeFieldKernels() {
  return [
    '/**',
    ' * The 11-limb kernels of `PrimeField` (Montgomery arithmetic on radix-2^24 limbs in',
    ' * a Float64Array, p < 2^263: BLS12-381 Fr and BN254 Fr): montMul11, montSqr11, their',
    ' * p ≡ 1 (mod 2^24) variants montMul11P1 / montSqr11P1, add11 and sub11. Unrolled',
    ' * straight-line code, written by packages/field/gen/prime-field.mjs; the module doc of',
    ' * prime-field.ts, which calls them, proves the 2^53 bound.',
    ' */',
    '',
    '/** The limb radix 2^24. */',
    'const BASE = 16777216;',
    '/** 2^−24. */',
    'const INV_BASE = 1 / 16777216;',
    '',
    '/**',
    ' * Montgomery product for n = 11 limbs (p < 2^263; both BLS12-381 Fr and BN254',
    ' * Fr), the FIPS loop of `PrimeField.mul` fully unrolled with limbs held in',
    ' * locals (generated code; the same column sums, so the same 2^53 bound).',
    ' * Each column is summed as a balanced tree with the term that depends on',
    ' * the newest quotient digit added last, so the CPU can overlap columns',
    ' * (a left-to-right chain of 22 dependent additions was latency-bound;',
    ' * the tree measured ~40% faster). Every partial sum is a non-negative',
    ' * integer no larger than the full column sum, so it is exact.',
    ' * Sets out = a·b·R⁻¹ mod p; out may alias a or b.',
    ' */',
    mont(false, false),
    '',
    '/**',
    ' * Montgomery square for n = 11 limbs: as montMul11 with a = b, each',
    ' * off-diagonal product a_i·a_j (i < j) computed once and doubled (the column',
    ' * sums are unchanged, so the 2^53 bound holds). Sets out = a²·R⁻¹ mod p.',
    ' */',
    mont(true, false),
    '',
    '/**',
    ' * montMul11 for p ≡ 1 (mod 2^24) ("Montgomery-friendly": BLS12-381 Fr and',
    ' * BN254 Fr, whose 2-adicities are 32 and 28): −p⁻¹ ≡ −1, so the quotient',
    ' * digit is m_k = (−acc) mod 2^24 with no multiplication, and m_k·p_0 = m_k.',
    ' * Same column sums, same 2^53 bound. Measured ~10–15% faster than montMul11.',
    ' */',
    mont(false, true),
    '',
    '/** montSqr11 for p ≡ 1 (mod 2^24); see montMul11P1. */',
    mont(true, true),
    '',
    '/**',
    ' * a + b mod p for n = 11 limbs, unrolled, in int32 arithmetic: limbs are',
    ' * integers < 2^24, so limb sums (< 2^25 + 1) and differences (≥ −2^24) fit',
    ' * int32, carries are `v >> 24` (arithmetic shift: 0/1, or −1 for a borrow)',
    ' * and the final choice is a mask select. Integer carries keep the serial',
    ' * carry chain at ~2 cycles per limb (the double-precision floor chain of',
    ' * the generic path was latency-bound).',
    ' */',
    add11(),
    '',
    '/** a − b mod p for n = 11 limbs, unrolled, int32 carries as in add11; p is added back under a mask when a < b. */',
    sub11(),
  ].join('\n');
}

/** The files this generator writes (relative to packages/field). */
export const FILES = ['src/generic/prime-field-kernels.generated.ts'];

/** Writes (or, with check = true, compares) the generated file; returns it when missing or different. */
export function generate(check = false) {
  return writeGenerated('prime-field.mjs', [{ file: FILES[0], text: primeFieldKernels() }], check);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const check = process.argv.includes('--check');
  const diff = generate(check);
  for (const d of diff) console.log(`${check ? 'out of date' : 'regenerated'}: ${d}`);
  if (check && diff.length > 0) process.exitCode = 1;
}
