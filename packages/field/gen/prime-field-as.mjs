/**
 * Generator of the WebAssembly twin of `PrimeField`'s Montgomery kernels
 * (src/generic/prime-field.ts, the TypeScript kernels of prime-field.mjs),
 * written to `wasm/prime-field.generated.ts`: the Montgomery product (CIOS,
 * [KAK] §3) fully unrolled on eight 32-bit limbs with 64-bit products, add,
 * sub, negate, the masked select and the conversions between the TypeScript
 * element (eleven 24-bit limbs in doubles, R = 2^264) and this one
 * (eight 32-bit limbs in linear memory, R = 2^256).
 *
 * The same description as the TypeScript kernels: one odd prime p, here of
 * at most 255 bits whose top 32-bit limb is below 2^31 − 1 (BLS12-381 Fr,
 * 0x73eda753…, and BN254 Fr, 0x30644e72…, the fields of the generic Edwards
 * curves). The modulus is not built in: `setModulus` loads it (with
 * −p⁻¹ mod 2^32) into globals, so one kernel serves both fields; the curve
 * module calls it when it switches curves. `checkModulus(p)` below is the
 * condition, and the bounds it guarantees are proved in the module doc of
 * the generated file (`modulusOk`, exported, checks the same at run time).
 * Run `pnpm gen` to regenerate, `pnpm gen --check` to verify.
 *
 * References: [KAK] Koç, Acar, Kaliski, "Analyzing and comparing Montgomery
 * multiplication algorithms", IEEE Micro 16(3), 1996 (CIOS); [MONT]
 * P. L. Montgomery, Math. Comp. 44 (1985).
 */
import { pathToFileURL } from 'node:url';
import { writeGenerated } from './lib.mjs';
import { INLINE, loadLimbs } from './as.mjs';

/** Limbs of 32 bits. */
const N = 8;
const range = (n) => [...Array(n).keys()];

/**
 * Throws unless p is an odd number of at most 255 bits whose top 32-bit
 * limb is below 2^31 − 1: the condition under which the CIOS loop below
 * needs no ninth carry word and its result stays below 2p < 2^256
 * (proof: the generated module doc).
 */
export function checkModulus(p) {
  if (p % 2n === 0n) throw new Error('prime-field-as: p must be odd');
  if (p >> 224n >= 0x7fffffffn) throw new Error('prime-field-as: p must have a top 32-bit limb below 2^31 − 1');
  return p;
}
// The fields the generic Edwards curves use (the same values as src/generic/prime-field.ts).
checkModulus(0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n);
checkModulus(0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001n);

/** The unrolled CIOS product: out = a·b·2^−256 mod p, for a, b < p. */
function montMul() {
  const o = ['export function mul(out: usize, a: usize, b: usize): void {', ...loadLimbs(N, 'a', 'a'), ...loadLimbs(N, 'b', 'b')];
  o.push(`  let ${range(N + 1).map((i) => `t${i}: u64 = 0`).join(', ')};`, '  let c: u64, m: u64;');
  for (let i = 0; i < N; i++) {
    // t += a·b_i
    o.push(`  // t += a·b${i}, then t = (t + m·p) / 2^32`);
    for (let j = 0; j < N; j++) {
      o.push(j === 0 ? `  c = t0 + a0 * b${i}; t0 = c & M32;` : `  c = t${j} + a${j} * b${i} + (c >> 32); t${j} = c & M32;`);
    }
    o.push(`  t${N} += c >> 32;`);
    o.push('  m = (t0 * PINV) & M32;');
    o.push('  c = t0 + m * P0;');
    for (let j = 1; j < N; j++) o.push(`  c = t${j} + m * P${j} + (c >> 32); t${j - 1} = c & M32;`);
    o.push(`  c = t${N} + (c >> 32); t${N - 1} = c & M32; t${N} = c >> 32;`);
  }
  o.push('  condSub(out, t0, t1, t2, t3, t4, t5, t6, t7);', '}');
  return o.join('\n');
}

/** Stores t − p when t ≥ p, else t (masked, no branch); t < 2p. */
function condSub() {
  const o = [...INLINE, `function condSub(out: usize, ${range(N).map((i) => `t${i}: u64`).join(', ')}): void {`, '  let v: i64 = 0;'];
  for (let i = 0; i < N; i++) o.push(`  v = <i64>t${i} - <i64>P${i} + (v >> 32); const d${i}: u64 = <u64>v & M32;`);
  o.push('  // v >> 32 = −1 iff t < p: keep t (mask all ones); else keep t − p.', '  const k: u64 = <u64>(v >> 32);');
  for (let i = 0; i < N; i++) o.push(`  store<u32>(out, <u32>(d${i} ^ ((t${i} ^ d${i}) & k)), ${4 * i});`);
  o.push('}');
  return o.join('\n');
}

function addSub() {
  const o = ['/** Sets out = a + b mod p (a, b < p). */', 'export function add(out: usize, a: usize, b: usize): void {', ...loadLimbs(N, 'a', 'a'), ...loadLimbs(N, 'b', 'b'), '  let c: u64 = 0;'];
  for (let i = 0; i < N; i++) o.push(`  c = a${i} + b${i} + (c >> 32); const s${i}: u64 = c & M32;`);
  o.push('  // a + b < 2p < 2^256: no carry out of the top limb.', `  condSub(out, ${range(N).map((i) => `s${i}`).join(', ')});`, '}', '');
  o.push('/** Sets out = a − b mod p (a, b < p): p is added back under a mask when a < b. */', 'export function sub(out: usize, a: usize, b: usize): void {', ...loadLimbs(N, 'a', 'a'), ...loadLimbs(N, 'b', 'b'), '  let v: i64 = 0;');
  for (let i = 0; i < N; i++) o.push(`  v = <i64>a${i} - <i64>b${i} + (v >> 32); const d${i}: u64 = <u64>v & M32;`);
  o.push('  const k: u64 = <u64>(v >> 32);', '  let c: u64 = 0;');
  for (let i = 0; i < N; i++) o.push(`  c = d${i} + (P${i} & k) + (c >> 32); store<u32>(out, <u32>c, ${4 * i});`);
  o.push('}');
  return o.join('\n');
}

/** out = −a mod p: 0 − a with p added back under the borrow's mask (0 stays 0). */
function negate() {
  const o = ['/** Sets out = −a mod p (a < p; 0 stays 0). */', 'export function neg(out: usize, a: usize): void {', ...loadLimbs(N, 'a', 'a'), '  let v: i64 = 0;'];
  for (let i = 0; i < N; i++) o.push(`  v = -<i64>a${i} + (v >> 32); const d${i}: u64 = <u64>v & M32;`);
  o.push('  const k: u64 = <u64>(v >> 32);', '  let c: u64 = 0;');
  for (let i = 0; i < N; i++) o.push(`  c = d${i} + (P${i} & k) + (c >> 32); store<u32>(out, <u32>c, ${4 * i});`);
  o.push('}');
  return o.join('\n');
}

/** The text of wasm/prime-field.generated.ts (after its header line). */
export function primeFieldAs() {
  return [
    '/**',
    ' * The Montgomery kernels of the generic prime fields for WebAssembly (the twin of',
    ' * src/generic/prime-field.ts): an element is eight 32-bit limbs (32 bytes, little-endian) in',
    ' * linear memory holding x·2^256 mod p, fully reduced (< p) like the TypeScript element, so',
    ' * equality is limb equality. Written by packages/field/gen/prime-field-as.mjs; one kernel',
    ' * serves every modulus that passes `modulusOk`, loaded into globals by `setModulus`.',
    ' *',
    ' * Bounds (CIOS, [KAK] §3): each step t_j + a_j·b_i + c is at most',
    ' * (2^32 − 1) + (2^32 − 1)² + (2^32 − 1) = 2^64 − 1, so u64 sums are exact. With',
    ' * a, b < p and t < 2p on entry to a round, the round leaves (t + a·b_i + m·p)/2^32 <',
    ' * (2p + 2^32·p + 2^32·p)/2^32 < 2p + 1; since p < (2^31 − 1)·2^224 < 2^255, 2p < 2^256',
    ' * fits eight limbs, so the ninth word t8 is 0 after every round and one masked',
    ' * subtraction of p reduces the result. add: a + b < 2p < 2^256, one masked subtraction.',
    ' *',
    ' * Constant time: no branch or memory index depends on a value; the modulus is public.',
    ' */',
    '',
    'const M32: u64 = 0xffffffff;',
    '',
    '// The modulus p (32-bit limbs) and −p⁻¹ mod 2^32 of the field in use (setModulus).',
    ...range(N).map((i) => `let P${i}: u64 = 0;`),
    'let PINV: u64 = 0;',
    '',
    '/**',
    ' * Loads the field in use: p as eight 32-bit limbs at ptr, then −p⁻¹ mod 2^32 at ptr + 32.',
    ' * The caller checked `modulusOk(ptr)` once for that block.',
    ' */',
    'export function setModulus(ptr: usize): void {',
    ...range(N).map((i) => `  P${i} = <u64>load<u32>(ptr, ${4 * i});`),
    '  PINV = <u64>load<u32>(ptr, 32);',
    '}',
    '',
    '/** Reports whether the block at ptr (as setModulus reads it) is a modulus these kernels take: odd, top limb < 2^31 − 1, p·(−p⁻¹) ≡ −1 (mod 2^32). */',
    'export function modulusOk(ptr: usize): bool {',
    '  const p0 = load<u32>(ptr), inv = load<u32>(ptr, 32);',
    `  return (p0 & 1) == 1 && load<u32>(ptr, ${4 * (N - 1)}) < 0x7fffffff && p0 * inv == 0xffffffff;`,
    '}',
    '',
    condSub(),
    '',
    '/** Sets out = a·b·2^−256 mod p (Montgomery product; a, b < p). out may alias a or b. */',
    montMul(),
    '',
    '/** Sets out = a²·2^−256 mod p (the product with b = a). */',
    ...INLINE,
    'export function sqr(out: usize, a: usize): void {',
    '  mul(out, a, a);',
    '}',
    '',
    addSub(),
    '',
    negate(),
    '',
    '/** Reports whether a = 0 (all limbs, no early exit). */',
    'export function isZero(a: usize): bool {',
    `  return (${range(N).map((i) => `load<u32>(a, ${4 * i})`).join(' | ')}) == 0;`,
    '}',
    '',
    '/** Reports whether a = b (all limbs, no early exit). */',
    'export function equals(a: usize, b: usize): bool {',
    `  return (${range(N).map((i) => `(load<u32>(a, ${4 * i}) ^ load<u32>(b, ${4 * i}))`).join(' | ')}) == 0;`,
    '}',
    '',
    '/** Sets out = a. */',
    ...INLINE,
    'export function copy(out: usize, a: usize): void {',
    '  memory.copy(out, a, 32);',
    '}',
    '',
    '/** Sets out = b when flag = 1, a when flag = 0 (masked, no branch on flag). */',
    'export function cmov(out: usize, a: usize, b: usize, flag: u32): void {',
    '  const k: u32 = 0 - flag;',
    ...range(N).map((i) => `  store<u32>(out, load<u32>(a, ${4 * i}) ^ ((load<u32>(a, ${4 * i}) ^ load<u32>(b, ${4 * i})) & k), ${4 * i});`),
    '}',
    '',
    '/**',
    ' * Sets out = the eight 32-bit limbs of the value held by src, eleven 24-bit limbs in',
    ' * doubles (the TypeScript element, each limb an integer < 2^24, the value < p), unchanged',
    ' * (no change of Montgomery radix: the caller multiplies by the conversion constant).',
    ' */',
    'export function fromDigits24(out: usize, src: usize): void {',
    ...range(11).map((i) => `  const d${i}: u64 = <u64>load<f64>(src, ${8 * i});`),
    // bit positions: limb j of 32 bits covers bits 32j … 32j+31; digit i covers 24i … 24i+23.
    ...range(N).map((j) => {
      const terms = [];
      for (let i = 0; i < 11; i++) {
        const lo = 24 * i, hi = 24 * i + 24;
        if (hi <= 32 * j || lo >= 32 * j + 32) continue;
        const sh = lo - 32 * j;
        terms.push(sh >= 0 ? `(d${i} << ${sh})` : `(d${i} >> ${-sh})`);
      }
      return `  store<u32>(out, <u32>(${terms.join(' | ')}), ${4 * j});`;
    }),
    '}',
    '',
    '/** Writes the value at src (eight 32-bit limbs, < 2^256) as eleven 24-bit limbs in doubles at out. */',
    'export function toDigits24(out: usize, src: usize): void {',
    ...loadLimbs(N, 'a', 'src'),
    ...range(11).map((i) => {
      const terms = [];
      for (let j = 0; j < N; j++) {
        const lo = 32 * j, hi = 32 * j + 32;
        if (hi <= 24 * i || lo >= 24 * i + 24) continue;
        const sh = lo - 24 * i;
        terms.push(sh >= 0 ? `(a${j} << ${sh})` : `(a${j} >> ${-sh})`);
      }
      return `  store<f64>(out, <f64>((${terms.join(' | ')}) & 0xffffff), ${8 * i});`;
    }),
    '}',
  ].join('\n');
}

/** The files this generator writes (relative to packages/field). */
export const FILES = ['wasm/prime-field.generated.ts'];

/** Writes (or, with check = true, compares) the generated file; returns it when missing or different. */
export function generate(check = false) {
  return writeGenerated('prime-field-as.mjs', [{ file: FILES[0], text: primeFieldAs() }], check);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const check = process.argv.includes('--check');
  const diff = generate(check);
  for (const d of diff) console.log(`${check ? 'out of date' : 'regenerated'}: ${d}`);
  if (check && diff.length > 0) process.exitCode = 1;
}
