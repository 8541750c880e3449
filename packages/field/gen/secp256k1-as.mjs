/**
 * The AssemblyScript half of the secp256k1 field generator: writes
 * `wasm/secp256k1.generated.ts` (mul, square, their lazy forms and the
 * reductions behind them, squareN, and the exponentiation chain of
 * `sqrt`) from the description in ./fields/secp256k1.mjs, which
 * the TypeScript kernels (./secp256k1.mjs) are generated from too. The
 * module doc of wasm/secp256k1.ts states the algorithm and proves its bounds.
 */
import { C, CHAINS, LIMBS, P } from './fields/secp256k1.mjs';
import { allocate, checkChain } from './chain.mjs';
import { linearAS } from './secp256k1-linear.mjs';
import { INLINE, chainCalls, loadLimbs, productColumn, storeLimbs } from './as.mjs';

const range = (n) => [...Array(n).keys()];
const N = LIMBS.count;
const W = LIMBS.bits;
const TOP = LIMBS.topBits;
const MASK = `M${W}`;
const TOPMASK = `M${TOP}`;
if (BigInt(W * (N - 1) + TOP) !== 256n || P !== 2n ** 256n - C) throw new Error('secp256k1: the limbs must hold 256 bits');
/** 2^(W·N) ≡ FOLD_HI·2^W + FOLD_LO (mod p): where the upper columns fold down. */
const FOLD = (2n ** BigInt(W * N)) % P;
const FOLD_LO = FOLD % (1n << BigInt(W));
const FOLD_HI = FOLD >> BigInt(W);
/** 2^256 ≡ C = C_HI·2^W + C_LO. */
const C_LO = C % (1n << BigInt(W));
const C_HI = C >> BigInt(W);
if (FOLD_HI >= 1n << BigInt(W) || C_HI >= 1n << BigInt(W)) throw new Error('secp256k1: a fold constant spans more than two limbs');
/** `x * k`, or `x << log2 k` for a power of two. */
const times = (x, k) => ((k & (k - 1n)) === 0n ? `${x} << ${k.toString(2).length - 1}` : `${x} * ${k}`);

/** The column sums c0…c(2N−2) of a·b (or a²) as declarations; `kw(k)` picks const or let. */
function columns(square, kw, indent = '  ') {
  const o = [];
  if (square) for (let i = 0; i < N - 1; i++) o.push(`${indent}const d${i}: u64 = a${i} << 1;`);
  for (let k = 0; k <= 2 * N - 2; k++) o.push(`${indent}${kw(k)} c${k}: u64 = ${productColumn(N, k, 'a', 'b', square).join(' + ')};`);
  return o;
}

/** The carry chain t0 → t(N−1), then the bits of t(N−1) from TOP up folded as 2^256 ≡ C into t0 and t1. */
function carryFold(indent) {
  const o = [];
  for (let i = 0; i < N - 1; i++) o.push(`${indent}t${i + 1} += t${i} >> ${W}; t${i} &= ${MASK};`);
  o.push(`${indent}c = t${N - 1} >> ${TOP}; t${N - 1} &= ${TOPMASK};`);
  o.push(`${indent}t0 += ${times('c', C_LO)}; t1 += ${times('c', C_HI)};`);
  return o;
}

/**
 * The reduction of the columns to limbs t0…t(N−1): carry the upper columns,
 * fold them with 2^(W·N) ≡ FOLD, carry and fold 2^256 ≡ C; then either
 * (lazy) the carry 0 → 1 → 2 only, or a second carry chain and fold, and that
 * short carry. Declares `c`; the columns must be declared by the caller.
 */
function reduce(lazy, indent = '  ', lazyNote = []) {
  const o = [`${indent}let c: u64;`, `${indent}c = c${N} >> ${W}; c${N} &= ${MASK};`];
  for (let k = N + 1; k <= 2 * N - 2; k++) o.push(`${indent}c${k} += c; c = c${k} >> ${W}; c${k} &= ${MASK};`);
  o.push(`${indent}const c${2 * N - 1}: u64 = c;`);
  for (let m = 0; m < N; m++) {
    const t = [`c${m}`];
    if (m + N <= 2 * N - 1) t.push(`c${m + N} * ${FOLD_LO}`);
    if (m >= 1) t.push(`c${m + N - 1} * ${FOLD_HI}`);
    if (m === 0) t.push(`c${2 * N - 1} * ${FOLD_LO * FOLD_HI}`);
    if (m === 1) t.push(`c${2 * N - 1} * ${FOLD_HI * FOLD_HI}`);
    o.push(`${indent}let t${m}: u64 = ${t.join(' + ')};`);
  }
  o.push(...carryFold(indent));
  if (!lazy) o.push(...carryFold(indent));
  o.push(...lazyNote.map((l) => `${indent}${l}`));
  o.push(`${indent}t1 += t0 >> ${W}; t0 &= ${MASK};`, `${indent}t2 += t1 >> ${W}; t1 &= ${MASK};`);
  return o;
}

const cParams = range(2 * N - 1).map((k) => `c${k}: u64`).join(', ');
const cArgs = range(2 * N - 1).map((k) => `c${k}`).join(', ');

function reduceStore(lazy) {
  return [
    ...(lazy ? [
      '/**',
      ' * Stores the column sums c0…c18 of a product or square at dst with',
      ' * magnitude ≤ 2: the steps of `reduceStore` up to the first fold of',
      ' * 2^256 ≡ 2^32 + 977, then only the carry 0 → 1 → 2 (limb 2 stays below',
      ' * 2^26 + 2^21). The tail of `mulLazy` and `squareLazy`: the second carry',
      ' * chain is a serial dependency, and skipping it pays wherever the next',
      ' * operation accepts the larger magnitude.',
      ' */',
    ] : [
      '/**',
      ' * Stores the column sums c0…c18 of a product or square as a magnitude-1',
      ' * FieldVal at dst: carry the high columns, fold them down with',
      ' * 2^260 ≡ 2^36 + 15632 (mod p), carry, then fold 2^256 ≡ 2^32 + 977 twice',
      ' * with carries, leaving a value below 2^256. The tail of `mul` and `square`.',
      ' */',
    ]),
    ...INLINE,
    `function ${lazy ? 'reduceStoreLazy' : 'reduceStore'}(dst: usize, ${cParams}): void {`,
    ...reduce(lazy),
    ...storeLimbs(N, 't', 'dst'),
    '}',
  ];
}

function product(name, square, lazy, doc) {
  return [
    `/** ${doc} */`,
    ...INLINE,
    `export function ${name}(dst: usize, a: usize${square ? '' : ', b: usize'}): void {`,
    ...loadLimbs(N, 'a', 'a'),
    ...(square ? [] : loadLimbs(N, 'b', 'b')),
    ...columns(square, () => 'let'),
    `  ${lazy ? 'reduceStoreLazy' : 'reduceStore'}(dst, ${cArgs});`,
    '}',
  ];
}

function squareN() {
  return [
    '/**',
    ' * Sets dst = a^(2^n) by n ≥ 1 squarings with the limbs held in locals',
    ' * between squarings (the column sums and first reduction steps of `square`,',
    ' * without a store and reload per step, and only the short carry 0 → 1 → 2',
    ' * after the 2^256 fold: each step\'s output has magnitude ≤ 2, which the',
    ' * next squaring accepts); dst may alias a.',
    ' *',
    ' * Preconditions: magnitude(a) ≤ 8. / Output normalized: no. / Output max magnitude: 2.',
    ' */',
    'export function squareN(dst: usize, a: usize, n: i32): void {',
    ...loadLimbs(N, 'a', 'a', { kw: 'let' }),
    '  for (let i = 0; i < n; i++) {',
    ...columns(true, (k) => (k < N ? 'const' : 'let'), '    '),
    ...reduce(true, '    ', [
      '// Lazy tail: one short carry leaves magnitude ≤ 2 (limb 2 < 2^26 + 2^21),',
      '// enough for the next squaring (inputs of magnitude ≤ 8).',
    ]),
    `    ${range(N).map((i) => `a${i} = t${i};`).join(' ')}`,
    '  }',
    ...storeLimbs(N, 'a', 'dst'),
    '}',
  ];
}

const POOL = ['s', 's + 40', 's + 80', 's + 120', 's + 160', 'dst'];
const CALLS = {
  pow: (d, a, n) => `squareN(${d}, ${a}, ${n});`,
  mul: (d, a, b) => `mulC(${d}, ${a}, ${b});`,
};

/**
 * The chain of CHAINS.sqrt as `powSqrt(dst, a, s)`, with the slots chosen
 * by chain.mjs's allocator from POOL (the inversion is not a chain: it is
 * the divsteps of wasm/secp256k1.ts).
 */
function sqrtChain(doc) {
  const { steps, exponent } = CHAINS.sqrt;
  const { squarings, multiplications } = checkChain('sqrt', steps, exponent);
  const last = steps[steps.length - 1];
  return [
    '/**',
    ...doc.map((l) => ` * ${l}`),
    ` * ${squarings} squarings and ${multiplications} multiplications; constant time. \`s\` is 200 bytes`,
    ' * of scratch (five elements); dst must not alias a or s.',
    ' *',
    ` * Preconditions: magnitude(a) ≤ 8. / Output normalized: no. / Output max magnitude: ${last[3] === undefined ? 2 : 1}.`,
    ' */',
    'export function powSqrt(dst: usize, a: usize, s: usize): void {',
    ...chainCalls(allocate(steps, { input: 'a', pool: POOL, out: 'dst' }), CALLS),
    '}',
  ];
}

/** The text of wasm/secp256k1.generated.ts (without its header line). */
export function asKernels() {
  return [
    '/**',
    ' * The product kernels of the secp256k1 base field for WebAssembly (p = 2^256 − 2^32 − 977,',
    ' * ten 26-bit limbs in linear memory, i64 column sums): `mul`, `square`, their lazy forms',
    ' * `mulLazy` / `squareLazy`, `squareN`, and the chain `powSqrt` behind `sqrt`; the final',
    ' * reduction `normalize` and the limb-wise `add`, `mulInt`,',
    ' * `negate`, `half` (printed by gen/secp256k1-linear.mjs, which prints the TypeScript ones too). Unrolled straight-line code, written by packages/field/gen/',
    ' * secp256k1-as.mjs from the field\'s description (gen/fields/secp256k1.mjs); the module',
    ' * doc of wasm/secp256k1.ts, which exports them, gives the algorithm and proves the bounds.',
    ' */',
    '',
    `const ${MASK}: u64 = 0x${((1 << W) - 1).toString(16)};`,
    `const ${TOPMASK}: u64 = 0x${((1 << TOP) - 1).toString(16)};`,
    '',
    ...reduceStore(false),
    '',
    ...reduceStore(true),
    '',
    ...product('mul', false, false, 'Sets dst = a·b (magnitude 1); inputs of magnitude ≤ 8; dst may alias a or b.'),
    '',
    ...product('square', true, false, 'Sets dst = a² (magnitude 1); input of magnitude ≤ 8; dst may alias a.'),
    '',
    ...product('mulLazy', false, true, 'Sets dst = a·b with magnitude ≤ 2 (not necessarily below 2^256); inputs of magnitude ≤ 8; dst may alias a or b.'),
    '',
    ...product('squareLazy', true, true, 'Sets dst = a² with magnitude ≤ 2; input of magnitude ≤ 8; dst may alias a.'),
    '',
    ...squareN(),
    '',
    '/** Sets dst = a·b (the non-inlined `mul` of the chains). */',
    'function mulC(dst: usize, a: usize, b: usize): void {',
    '  mul(dst, a, b);',
    '}',
    '',
    ...sqrtChain([
      'Sets dst = a^((p+1)/4) (a square root of a when one exists; p ≡ 3 mod 4), by the',
      'addition chain (p+1)/4 = [223 ones] 0 [22 ones] 0000 1100 (x_k = a^(2^k − 1)):',
    ]),
    '',
    linearAS(),
  ].join('\n');
}
