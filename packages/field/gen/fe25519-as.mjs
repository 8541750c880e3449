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

/**
 * The plan of `mul`: Karatsuba over the even and the odd limbs. With
 * y = 2^25.5, limb i weighs y^i, times √2 for odd i (⌈25.5i⌉ = 25.5i + ½),
 * so a = E(y²) + √2·y·O(y²) with E, O the polynomials of the even and the
 * odd limbs, and a·b = E_aE_b + √2·y·(E_aO_b + O_aE_b) + 2y²·O_aO_b. With
 * P = E_aE_b, Q = O_aO_b and M = (E_a + O_a)(E_b + O_b) (three
 * (N/2)-limb schoolbook products, 3·25 = 75 limb products against 100),
 * column n of the product before the wrap is H_n = P_c + 2·Q_(c−1)
 * (n = 2c) or M_c − P_c − Q_c (n = 2c + 1), and limb k of the result
 * h_k = H_k + WRAP·H_(k+N) (y^(2N) = 2^255 ≡ WRAP). The weights this needs
 * are checked on `extra` below, and `checkMulPlan` compares the plan with
 * the schoolbook columns (Σ f_i·g_j, doubled where `extra` says, times WRAP
 * past the wrap) on random and extreme limbs.
 *
 * Magnitudes: h_k is the same integer as the schoolbook column k, which
 * the module doc of wasm/fe25519.ts bounds below 2^63 for m_a·m_b ≤ 16.
 * Everything before the carries is ring arithmetic in i64 (+, −, ·, <<),
 * exact modulo 2^64, so h_k comes out exact whatever the intermediate
 * M_c − P_c wraps to; only the carries shift right, and they start from h.
 */
const HALF = N / 2;
for (let x = 0; x < HALF; x++) {
  for (let z = 0; z < HALF; z++) {
    if (extra(2 * x, 2 * z) !== 0 || extra(2 * x, 2 * z + 1) !== 0 || extra(2 * x + 1, 2 * z) !== 0 || extra(2 * x + 1, 2 * z + 1) !== 1) {
      throw new Error('fe25519: the even/odd Karatsuba needs even·any limb products at weight 1 and odd·odd at 2');
    }
  }
}
/** [[i, j] …] of column c of a HALF × HALF product. */
const halfColumn = (c) => range(HALF).filter((i) => c - i >= 0 && c - i < HALF).map((i) => [i, c - i]);
/** H_n as [[sign, 'P' | 'Q' | 'M', column, factor] …]. */
function hTerms(n) {
  const c = n >> 1;
  if (n % 2 === 1) return [[1, 'M', c, 1], [-1, 'P', c, 1], [-1, 'Q', c, 1]];
  const t = [];
  if (c <= 2 * HALF - 2) t.push([1, 'P', c, 1]);
  if (c >= 1) t.push([1, 'Q', c - 1, 2]);
  return t;
}

/** Throws unless the plan gives the schoolbook columns (bigint, random and extreme limbs). */
function checkMulPlan() {
  let seed = 0x2545f491n;
  const rnd = () => {
    seed = (seed * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    return (seed >> 20n) % (1n << 28n) - (1n << 27n) + 1n;
  };
  const cases = [Array(N).fill((1n << 27n) - 1n), Array(N).fill(1n - (1n << 27n))];
  for (let r = 0; r < 64; r++) cases.push(range(N).map(rnd));
  for (let r = 0; r < cases.length; r++) {
    const f = cases[r];
    const g = cases[(r * 7 + 3) % cases.length];
    const col = { P: [], Q: [], M: [] };
    for (let c = 0; c <= 2 * HALF - 2; c++) {
      col.P.push(halfColumn(c).reduce((s, [i, j]) => s + f[2 * i] * g[2 * j], 0n));
      col.Q.push(halfColumn(c).reduce((s, [i, j]) => s + f[2 * i + 1] * g[2 * j + 1], 0n));
      col.M.push(halfColumn(c).reduce((s, [i, j]) => s + (f[2 * i] + f[2 * i + 1]) * (g[2 * j] + g[2 * j + 1]), 0n));
    }
    const H = (n) => hTerms(n).reduce((s, [sign, w, c, k]) => s + BigInt(sign * k) * col[w][c], 0n);
    for (let k = 0; k < N; k++) {
      const h = H(k) + (k + N <= 2 * N - 2 ? WRAP * H(k + N) : 0n);
      let want = 0n;
      for (let i = 0; i < N; i++) {
        const j = (k - i + N) % N;
        want += f[i] * g[j] * (extra(i, j) ? 2n : 1n) * (i + j >= N ? WRAP : 1n);
      }
      if (h !== want) throw new Error(`fe25519: the Karatsuba plan of mul differs from the schoolbook in column ${k}`);
    }
  }
}
checkMulPlan();

/** `mulP0 … mulM8`: the parked half products (module globals). */
const parked = ['P', 'Q', 'M'].flatMap((w) => range(2 * HALF - 1).map((c) => `mul${w}${c}`));

/** H_n as an expression of the parked columns. */
function hExpr(n) {
  return hTerms(n)
    .map(([sign, w, c, k], i) => {
      const v = k === 2 ? `(mul${w}${c} << 1)` : `mul${w}${c}`;
      return i === 0 ? v : `${sign < 0 ? '-' : '+'} ${v}`;
    })
    .join(' ');
}

function mul() {
  const half = (w, x, y) => range(2 * HALF - 1).map((c) => `  mul${w}${c} = ${halfColumn(c).map(([i, j]) => `${x}${i} * ${y}${j}`).join(' + ')};`);
  const ld = (x, p, odd) => range(HALF).map((i) => `  const ${x}${i}: i64 = <i64>load<i32>(${p}, ${4 * (2 * i + odd)});`);
  return [
    '/**',
    ' * The column sums of the three half products of `mul` (P = even·even,',
    ' * Q = odd·odd, M = sums·sums), parked in globals: each half product is',
    ' * then finished before the next one starts, so few values are live at',
    ' * once (fewer register spills in the engine\'s code than one expression',
    ' * per column with all 20 limbs live).',
    ' */',
    ...parked.map((g) => `let ${g}: i64 = 0;`),
    '',
    '/**',
    ' * Sets dst = a·b; inputs |limb| < 2^27; dst may alias a or b: Karatsuba',
    ' * over the even and the odd limbs (75 limb products; the plan and why',
    ' * it is exact are in packages/field/gen/fe25519-as.mjs).',
    ' */',
    ...INLINE,
    'export function mul(dst: usize, a: usize, b: usize): void {',
    ...ld('fe', 'a', 0),
    ...ld('ge', 'b', 0),
    ...half('P', 'fe', 'ge'),
    ...ld('fo', 'a', 1),
    ...ld('go', 'b', 1),
    ...half('Q', 'fo', 'go'),
    ...range(HALF).map((i) => `  const fs${i}: i64 = fe${i} + fo${i};`),
    ...range(HALF).map((i) => `  const gs${i}: i64 = ge${i} + go${i};`),
    ...half('M', 'fs', 'gs'),
    ...range(N).map((k) => `  let h${k}: i64 = ${hExpr(k)}${k + N <= 2 * N - 2 ? ` + (${hExpr(k + N)}) * ${W}` : ''};`),
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
