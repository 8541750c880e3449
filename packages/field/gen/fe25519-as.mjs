/**
 * The AssemblyScript half of the GF(2^255 − 19) generator: writes
 * `wasm/fe25519.generated.ts` (mul, square, their out-of-line copies, the
 * carry network, squareN, and the chains `invert` and `pow22523`) from the
 * description in ./fields/fe25519.mjs, which the TypeScript kernels
 * (./fe25519.mjs) are generated from too. The module doc of wasm/fe25519.ts
 * states the radix-2^25.5 algorithm and proves its bounds.
 */
import { AS_LIMBS, BITS, CHAINS, WRAP } from './fields/fe25519.mjs';
import { allocateShared, checkChain } from './chain.mjs';
import { linearAS } from './fe25519-linear.mjs';
import { INLINE, chainCalls, loadLimbs, storeLimbs } from './as.mjs';

const N = AS_LIMBS.count;
const range = (n) => [...Array(n).keys()];
/** Bit position of limb i: ⌈BITS·i/N⌉ (0, 26, 51, 77, …). */
const pos = (i) => Math.ceil((BITS * i) / N);
/** Width of limb i. */
const width = (i) => (i === N - 1 ? BITS : pos(i + 1)) - pos(i);
/**
 * The extra power of two of a limb product a_i·b_j in its column (i + j, or
 * i + j − N past the wrap): the radix is not an integer, so the weights of
 * two limbs need not add up to the weight of the column's limb.
 */
const extra = (i, j) => {
  const k = (i + j) % N;
  const e = pos(i) + pos(j) - pos(k) - (i + j >= N ? BITS : 0);
  if (e !== 0 && e !== 1) throw new Error(`fe25519: product ${i}·${j} carries 2^${e}`);
  return e;
};
const W = Number(WRAP);

/** The terms of column k of a·b: f_i·g_j (i + j = k) and f_i·(WRAP·g_j) (i + j = k + N), f_i doubled where the weights need it. */
function mulColumn(k) {
  const t = [];
  for (let i = 0; i < N; i++) {
    const j = (k - i + N) % N;
    const f = extra(i, j) ? `f${i}_2` : `f${i}`;
    t.push(i + j === k ? `${f} * g${j}` : `${f} * g${j}_${W}`);
  }
  return t;
}

/**
 * The terms of column k of a²: each pair i ≤ j once, the cross terms (i < j)
 * doubled, the weight's extra 2 and the wrap's WRAP folded into premultiplied
 * limbs (f_i_2 = 2f_i, f_j_19 = 19f_j, f_j_38 = 38f_j): the pairs below N
 * first, then the wrapped ones.
 */
function sqrColumn(k) {
  const t = [];
  for (const wrapped of [false, true]) {
    for (let i = 0; i < N; i++) {
      const j = wrapped ? k + N - i : k - i;
      if (j < i || j >= N) continue;
      const x = extra(i, j);
      if (!wrapped) {
        if (i === j) t.push(x ? `f${i}_2 * f${i}` : `f${i} * f${i}`);
        else t.push(x ? `f${i}_2 * f${j}_2` : `f${i}_2 * f${j}`);
      } else if (i === j) t.push(x ? `f${i} * f${j}_${2 * W}` : `f${i} * f${j}_${W}`);
      else t.push(x ? `f${i}_2 * f${j}_${2 * W}` : `f${i} * f${j}_${2 * W}`);
    }
  }
  return t;
}

/** The carry steps of AS_LIMBS.carries on h0…h(N−1) (arithmetic shifts). */
function carries(indent) {
  return AS_LIMBS.carries.map((i) => {
    const w = width(i);
    return i === N - 1
      ? `${indent}c = h${i} >> ${w}; h0 += c * ${W}; h${i} -= c << ${w};`
      : `${indent}c = h${i} >> ${w}; h${i + 1} += c; h${i} -= c << ${w};`;
  });
}

/** The declarations of the premultiplied limbs of a square. */
function sqrPre(indent) {
  return [
    ...range(N).map((i) => `${indent}const f${i}_2: i64 = f${i} * 2;`),
    ...range(N - 1).map((i) => `${indent}const f${i + 1}_${W}: i64 = f${i + 1} * ${W};`),
    ...range(N - 1).map((i) => `${indent}const f${i + 1}_${2 * W}: i64 = f${i + 1} * ${2 * W};`),
  ];
}

const LOAD = { type: 'i64', limb: 'i32' };
const hParams = range(N).map((i) => `h${i}: i64`).join(', ');
const hArgs = range(N).map((i) => `h${i}`).join(', ');

function carryStore() {
  return [
    '/**',
    ' * Stores the column sums h0…h9 of a product or square as ten limbs at dst:',
    ' * the interleaved carry chain (two independent chains, then the 2^255 ≡ 19',
    ' * wrap) that brings every limb below 2^26 in magnitude. The tail of `mul`',
    ' * and `square`.',
    ' */',
    ...INLINE,
    `export function carryStore(dst: usize, ${hParams}): void {`,
    '  let c: i64;',
    ...carries('  '),
    ...storeLimbs(N, 'h', 'dst', { limb: 'i32' }),
    '}',
  ];
}

function mul() {
  return [
    '/** Sets dst = a·b; inputs |limb| < 2^27; dst may alias a or b. */',
    ...INLINE,
    'export function mul(dst: usize, a: usize, b: usize): void {',
    ...loadLimbs(N, 'f', 'a', LOAD),
    ...loadLimbs(N, 'g', 'b', LOAD),
    ...range(N - 1).map((i) => `  const g${i + 1}_${W}: i64 = g${i + 1} * ${W};`),
    ...range(N).filter((i) => extra(i, i)).map((i) => `  const f${i}_2: i64 = f${i} * 2;`),
    ...range(N).map((k) => `  let h${k}: i64 = ${mulColumn(k).join(' + ')};`),
    `  carryStore(dst, ${hArgs});`,
    '}',
  ];
}

function square() {
  return [
    '/** Sets dst = a²; input |limb| < 2^27; dst may alias a. */',
    ...INLINE,
    'export function square(dst: usize, a: usize): void {',
    ...loadLimbs(N, 'f', 'a', LOAD),
    ...sqrPre('  '),
    ...range(N).map((k) => `  let h${k}: i64 = ${sqrColumn(k).join(' + ')};`),
    `  carryStore(dst, ${hArgs});`,
    '}',
  ];
}

function squareN() {
  return [
    '/**',
    ' * Sets dst = a^(2^n) (n ≥ 1 squarings): the squaring of `square` with the',
    ' * limbs kept in locals between iterations (no store/load per squaring, the',
    ' * latency of a long chain such as an inversion). Input magnitude ≤ 2,',
    ' * output magnitude 1 (every iteration\'s output is a valid input).',
    ' */',
    'export function squareN(dst: usize, a: usize, n: i32): void {',
    ...loadLimbs(N, 'f', 'a', { ...LOAD, kw: 'let' }),
    '  for (let it = 0; it < n; it++) {',
    ...sqrPre('    '),
    ...range(N).map((k) => `    let h${k}: i64 = ${sqrColumn(k).join(' + ')};`),
    '    let c: i64;',
    ...carries('    '),
    `    ${range(N).map((i) => `f${i} = h${i};`).join(' ')}`,
    '  }',
    ...storeLimbs(N, 'f', 'dst', { limb: 'i32' }),
    '}',
  ];
}

const CALLS = {
  pow: (d, a, n) => (n === 1 ? `squareOut(${d}, ${a});` : `squareN(${d}, ${a}, ${n});`),
  mul: (d, a, b) => `mulOut(${d}, ${a}, ${b});`,
};

/** The chains of CHAINS: their shared head as `powHead(t, a)`, then each as `<name>(dst, a, t)`. */
function chains(docs) {
  const names = Object.keys(docs);
  const pool = range(6).map((i) => (i === 0 ? 't' : `t + ${40 * i}`));
  const { head, tails, kept } = allocateShared(names.map((n) => CHAINS[n].steps), { input: 'a', pool, out: 'dst' });
  const o = [
    '/**',
    ` * Sets ${kept.map(([name, slot]) => `${name} at ${slot}`).join(' and ')} (x_k = a^(2^k − 1), z_k = a^k): the first`,
    ` * ${head.length} steps, which the chains below share. t is scratch for 6 elements (240 bytes); a is not in t.`,
    ' */',
    'function powHead(t: usize, a: usize): void {',
    ...chainCalls(head, CALLS),
    '}',
  ];
  names.forEach((name, i) => {
    const { squarings, multiplications } = checkChain(name, CHAINS[name].steps, CHAINS[name].exponent);
    o.push(
      '',
      '/**',
      ...docs[name].map((l) => ` * ${l}`),
      ` * ${squarings} squarings and ${multiplications} multiplications; t is 240 bytes of scratch.`,
      ' * Input magnitude ≤ 2; output magnitude 1. Constant time.',
      ' */',
      `export function ${name}(dst: usize, a: usize, t: usize): void {`,
      '  powHead(t, a);',
      ...chainCalls(tails[i], CALLS),
      '}',
    );
  });
  return o;
}

/** The text of wasm/fe25519.generated.ts (without its header line). */
export function asKernels() {
  return [
    '/**',
    ' * The product kernels of GF(2^255 − 19) for WebAssembly (ten limbs of radix 2^25.5 in',
    ' * linear memory, i64 column sums): `mul`, `square` (and `mulOut` / `squareOut`, their',
    ' * out-of-line copies), the carry network `carryStore`, `squareN`, and the chains `invert`',
    ' * and `pow22523`; `carry`, the final reduction `canonical` and the limb-wise `add`, `sub`,',
    ' * `neg`, `negSum`, `subTwice` (printed by gen/fe25519-linear.mjs, which prints the TypeScript',
    ' * ones too). Unrolled straight-line code, written by packages/field/gen/fe25519-as.mjs',
    ' * from the field\'s description (gen/fields/fe25519.mjs); the module doc of',
    ' * wasm/fe25519.ts, which exports them, gives the algorithm and proves the bounds.',
    ' */',
    '',
    ...carryStore(),
    '',
    ...mul(),
    '',
    ...square(),
    '',
    '/**',
    ' * Sets dst = a·b: `mul` as one out-of-line function. Callers that are not',
    ' * an inner loop of their own use this copy instead of inlining the kernel',
    ' * (each inlined copy is over 1 KB of code; one shared copy keeps the module',
    ' * small and the hot loops inside the instruction cache).',
    ' */',
    'export function mulOut(dst: usize, a: usize, b: usize): void {',
    '  mul(dst, a, b);',
    '}',
    '',
    '/** Sets dst = a²: `square` as one out-of-line function (see mulOut). */',
    'export function squareOut(dst: usize, a: usize): void {',
    '  square(dst, a);',
    '}',
    '',
    ...squareN(),
    '',
    ...chains({
      invert: ['Sets dst = a^(p − 2) = 1/a (0 for a = 0): the Curve25519 addition chain,'],
      pow22523: ['Sets dst = a^((p − 5)/8) = a^(2^252 − 3), the square-root helper of RFC 8032 §5.1.3:'],
    }),
    '',
    linearAS(),
  ].join('\n');
}
