/**
 * Generator of the WebAssembly twin of `PrimeField`'s Montgomery kernels
 * (src/generic/prime-field.ts, the TypeScript kernels of prime-field.mjs),
 * written to `wasm/prime-field.generated.ts`: the Montgomery product and
 * square in the TypeScript kernels' product-scanning order ([KAK] §4; column
 * sums as balanced trees), fully unrolled on nine 29-bit limbs with u64
 * products (no carry per product: a column of 18 products stays below
 * 2^63), add, sub, negate, the masked select and the conversions between the
 * TypeScript element (eleven 24-bit limbs in doubles, R = 2^264) and this
 * one (nine 29-bit limbs in linear memory, R = 2^261).
 *
 * The same description as the TypeScript kernels: one odd prime p, here
 * below 2^255 with p ≡ 1 (mod 2^28) (BLS12-381 Fr and BN254 Fr, the fields
 * of the generic Edwards curves). The modulus is not built in: `setModulus`
 * loads it into globals, so one kernel serves both fields; the curve
 * module calls it when it switches curves. `checkModulus(p)` below is the
 * condition, and the bounds it guarantees are proved in the module doc of
 * the generated file (`modulusOk`, exported, checks the same at run time).
 * Run `pnpm gen` to regenerate, `pnpm gen --check` to verify.
 *
 * References: [KAK] Koç, Acar, Kaliski, "Analyzing and comparing Montgomery
 * multiplication algorithms", IEEE Micro 16(3), 1996 (§4, FIPS); [MONT]
 * P. L. Montgomery, Math. Comp. 44 (1985).
 */
import { pathToFileURL } from 'node:url';
import { writeGenerated } from './lib.mjs';
import { INLINE, loadLimbs } from './as.mjs';

/** Limbs of 29 bits: nine of them (261 bits, R = 2^261). */
const N = 9;
const W = 29;
/** An element's slot in memory: nine u32 limbs, padded to 40 bytes. */
const BYTES = 40;
const range = (n) => [...Array(n).keys()];

/**
 * Throws unless p is below 2^255 and p ≡ 1 (mod 2^28) (BLS12-381 Fr and
 * BN254 Fr have 2-adicity 32 and 28): the low limb of p is then
 * p0 = 1 + e·2^28 with e ∈ {0, 1}, −p⁻¹ ≡ e·2^28 − 1 (mod 2^29), and the
 * Montgomery quotient digit takes shifts instead of two products (the
 * TypeScript kernels' "P1" variants use the same property). Below 2^255:
 * 2p < 2^256 ≤ R, a
 * Montgomery product of values below p is below 2p and fits nine limbs, and
 * every column sum of the product stays below 2^63 (the module doc of the
 * generated file has the bound; `columnBound` checks it for these limbs).
 */
export function checkModulus(p) {
  if (p % (1n << 28n) !== 1n) throw new Error('prime-field-as: p must be 1 mod 2^28');
  if (p >> 255n !== 0n) throw new Error('prime-field-as: p must be below 2^255');
  return p;
}
/**
 * The fields the generic Edwards curves use (the same values as
 * src/generic/prime-field.ts): each gets kernels with its modulus built in
 * (the limbs of p are immediates of the products, p0's shape is known), which
 * `setModulus` selects by comparing the loaded modulus with these (`FIELD`, the
 * index here + 1); any other modulus the kernels take runs the kernels that
 * read p from the globals (`FIELD` = 0).
 */
export const KNOWN_FIELDS = [
  { name: 'Bls12381Fr', p: checkModulus(0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n) },
  { name: 'Bn254Fr', p: checkModulus(0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001n) },
];

/**
 * The largest column sum of the product-scanning loop: N products a_i·b_j
 * and N products m_i·p_j, each below 2^(2W), plus the carry (below 2^(W+6)).
 * Must stay below 2^64 (u64 sums).
 */
function columnBound() {
  const limb = (1n << BigInt(W)) - 1n;
  const bound = 2n * BigInt(N) * limb * limb + (1n << BigInt(W + 6));
  if (bound >= 1n << 64n) throw new Error('prime-field-as: a column sum can reach 2^64');
  return bound;
}
columnBound();

const M = `M${W}`;

/** The limbs of p (W bits each). */
const limbsOf = (p) => range(N).map((i) => (p >> BigInt(W * i)) & ((1n << BigInt(W)) - 1n));

/**
 * How a kernel reads the modulus: `P(j)` is limb j as an expression, `mE(m)` is
 * m·e·2^28 mod 2^64 (the p0 = 1 + e·2^28 part, e from PE or built in), and
 * `suffix` names the kernel. GLOBAL reads the globals `setModulus` writes.
 */
const GLOBAL = { suffix: 'Any', P: (j) => `P${j}`, mE: (m) => `((${m} << 28) & PE)` };
function builtIn({ name, p }) {
  const l = limbsOf(p);
  const e = (p >> 28n) & 1n;
  return { suffix: name, P: (j) => `${l[j]}`, mE: (m) => (e === 1n ? `(${m} << 28)` : '0') };
}
const VIEWS = [GLOBAL, ...KNOWN_FIELDS.map(builtIn)];

/** `(a + b)` without a literal 0 term (the built-in p0 = 1 kernels have e = 0). */
const plus = (a, b) => (b === '0' ? a : a === '0' ? b : `${a} + ${b}`);

/** A balanced sum of `terms`, parenthesised (independent products overlap). */
function tree(terms) {
  if (terms.length === 1) return terms[0];
  const h = Math.ceil(terms.length / 2);
  return `(${tree(terms.slice(0, h))} + ${tree(terms.slice(h))})`;
}

/**
 * The Montgomery product (FIPS order, [KAK] §4), fully unrolled: out = a·b·2^−261 mod p,
 * reduced below p; with `lazy`, the same product without the final subtraction, in [0, 2p).
 */
function montMul(square, V, lazy = false) {
  const name = `${square ? 'sqr' : 'mul'}${lazy ? 'Lazy' : ''}${V.suffix}`;
  const o = [...INLINE, `function ${name}(out: usize, a: usize${square ? '' : ', b: usize'}): void {`, ...loadLimbs(N, 'a', 'a')];
  if (!square) o.push(...loadLimbs(N, 'b', 'b'));
  o.push('  let acc: u64;');
  const prod = (k) => {
    const t = [];
    for (let i = Math.max(0, k - (N - 1)); i <= Math.min(k, N - 1); i++) {
      const j = k - i;
      if (square) {
        if (i < j) t.push(`((a${i} * a${j}) << 1)`);
        else if (i === j) t.push(`a${i} * a${i}`);
      } else t.push(`a${i} * b${j}`);
    }
    return t;
  };
  const red = (k) => {
    const t = [];
    for (let i = Math.max(0, k - (N - 1)); i <= Math.min(k - 1, N - 1); i++) t.push(`m${i} * ${V.P(k - i)}`);
    return t;
  };
  for (let k = 0; k < N; k++) {
    const terms = [...prod(k), ...red(k)];
    o.push(`  acc = ${k === 0 ? '' : 'hi + '}${tree(terms)};`);
    // p0 = 1 + e·2^28: m = acc·(e·2^28 − 1) and m·p0 = m + e·m·2^28 (mod 2^29), shifts instead of products.
    o.push(`  const m${k}: u64 = (${V.mE('acc') === '0' ? '0' : V.mE('acc')} - acc) & ${M};`);
    o.push(`  ${k === 0 ? 'let hi: u64' : 'hi'} = (${plus(`acc + m${k}`, V.mE(`m${k}`))}) >> ${W};`);
  }
  for (let k = N; k < 2 * N - 1; k++) {
    o.push(`  acc = hi + ${tree([...prod(k), ...red(k)])};`);
    o.push(`  const t${k - N}: u64 = acc & ${M}; hi = acc >> ${W};`);
  }
  if (lazy) {
    o.push('  // (a·b + m·p)/2^261 < 2p < 2^256: hi is the top limb, below 2^24.');
    for (let i = 0; i < N - 1; i++) o.push(`  store<u32>(out, <u32>t${i}, ${4 * i});`);
    o.push(`  store<u32>(out, <u32>hi, ${4 * (N - 1)});`, '}');
  } else o.push(`  condSub${V.suffix}(out, ${range(N - 1).map((i) => `t${i}`).join(', ')}, hi);`, '}');
  return o.join('\n');
}

/** Stores t − p when t ≥ p, else t (masked, no branch); t < 2p, limbs < 2^29. */
function condSub(V) {
  const o = [...INLINE, `function condSub${V.suffix}(out: usize, ${range(N).map((i) => `t${i}: u64`).join(', ')}): void {`, '  let v: i64 = 0;'];
  for (let i = 0; i < N; i++) o.push(`  v = <i64>t${i} - <i64>${V.P(i)} + (v >> ${W}); const d${i}: u64 = <u64>v & ${M};`);
  o.push(`  // v >> ${W} = −1 iff t < p: keep t (mask all ones); else keep t − p.`, `  const k: u64 = <u64>(v >> ${W});`);
  for (let i = 0; i < N; i++) o.push(`  store<u32>(out, <u32>(d${i} ^ ((t${i} ^ d${i}) & k)), ${4 * i});`);
  o.push('}');
  return o.join('\n');
}

/** add, sub and neg: limb-wise with 29-bit carries, a masked subtraction or addition of p (read as V reads it). */
function addSub(V) {
  const o = ['/** Sets out = a + b mod p (a, b < p). */', 'export function add(out: usize, a: usize, b: usize): void {', ...loadLimbs(N, 'a', 'a'), ...loadLimbs(N, 'b', 'b'), '  let c: u64 = 0;'];
  for (let i = 0; i < N; i++) o.push(`  c = a${i} + b${i} + (c >> ${W}); const s${i}: u64 = ${i === N - 1 ? 'c' : `c & ${M}`};`);
  o.push('  // a + b < 2p < 2^256: the top limb holds it.', `  condSub${V.suffix}(out, ${range(N).map((i) => `s${i}`).join(', ')});`, '}', '');
  const subBody = (name, doc, first) => {
    o.push(doc, `export function ${name}(out: usize, ${first ? 'a: usize, ' : ''}b: usize): void {`, ...(first ? loadLimbs(N, 'a', 'a') : []), ...loadLimbs(N, 'b', 'b'), '  let v: i64 = 0;');
    for (let i = 0; i < N; i++) o.push(`  v = ${first ? `<i64>a${i}` : '0'} - <i64>b${i} + (v >> ${W}); const d${i}: u64 = <u64>v & ${M};`);
    o.push(`  const k: u64 = <u64>(v >> ${W});`, '  let c: u64 = 0;');
    for (let i = 0; i < N; i++) o.push(`  c = d${i} + (${V.P(i)} & k) + (c >> ${W}); store<u32>(out, <u32>(c & ${M}), ${4 * i});`);
    o.push('}');
  };
  subBody('sub', '/** Sets out = a − b mod p (a, b < p): p is added back under a mask when a < b. */', true);
  o.push('');
  subBody('neg', '/** Sets out = −a mod p (a < p; 0 stays 0): 0 − a, p added back under the borrow\'s mask. */', false);
  return o.join('\n');
}

/** The multiples m·p of the lazy subtractions `subLazy<m>` (1: p itself). */
const MULTIPLES = [1, 2, 4, 8];
/** Limb i of m·p as `subLazy<m>` reads it (the globals setModulus writes). */
const multipleLimb = (m, i) => (m === 1 ? `P${i}` : `Q${m}_${i}`);

/**
 * The kernels of the lazy magnitudes (values below k·p for a small k, limbs carried, not
 * reduced): addLazy, subLazy<m> (a + m·p − b, no mask) and isZeroLazy (a zero test
 * modulo p). Each is inlined where the point formulas call it.
 */
function lazyKernels() {
  const o = [
    '/**',
    ' * Sets out = a + b, not reduced (a, b < 2^261 with carried limbs; the caller keeps the sum',
    ` * below 2^261: a < j·p and b < k·p give a sum below (j + k)·p, and j + k ≤ 64 keeps it there).`,
    ' */',
    ...INLINE,
    'export function addLazy(out: usize, a: usize, b: usize): void {',
    ...loadLimbs(N, 'a', 'a'),
    ...loadLimbs(N, 'b', 'b'),
    '  let c: u64 = 0;',
  ];
  for (let i = 0; i < N; i++) o.push(`  c = a${i} + b${i} + (c >> ${W}); store<u32>(out, <u32>(${i === N - 1 ? 'c' : `c & ${M}`}), ${4 * i});`);
  o.push('}');
  o.push(
    '',
    '/** Sets out = p − a for a reduced a (no mask: 0 gives p), lazy: in (0, p], below 2p. */',
    ...INLINE,
    'export function negLazy(out: usize, a: usize): void {',
    ...loadLimbs(N, 'a', 'a'),
    '  let v: i64 = 0;',
    ...range(N).map((i) => `  v = <i64>P${i} - <i64>a${i} + (v >> ${W}); store<u32>(out, <u32>(${i === N - 1 ? 'v' : `<u64>v & ${M}`}), ${4 * i});`),
    '}',
  );
  for (const m of MULTIPLES) {
    o.push(
      '',
      '/**',
      ` * Sets out = a + ${m === 1 ? '' : `${m}·`}p − b for b < ${m === 1 ? '' : `${m}·`}p, not reduced: out is in (a, a + ${m === 1 ? '' : `${m}·`}p), congruent to a − b`,
      ' * (limbs carried; the caller keeps a + ' + (m === 1 ? '' : `${m}·`) + 'p below 2^261). No mask: the multiple is always added.',
      ' */',
      ...INLINE,
      `export function subLazy${m}(out: usize, a: usize, b: usize): void {`,
      ...loadLimbs(N, 'a', 'a'),
      ...loadLimbs(N, 'b', 'b'),
      '  let v: i64 = 0;',
    );
    for (let i = 0; i < N; i++) {
      o.push(`  v = <i64>a${i} + <i64>${multipleLimb(m, i)} - <i64>b${i} + (v >> ${W}); store<u32>(out, <u32>(${i === N - 1 ? 'v' : `<u64>v & ${M}`}), ${4 * i});`);
    }
    o.push('}');
  }
  o.push(
    '',
    '/**',
    ' * Reports whether a ≡ 0 (mod p) for a < m·p with carried limbs: whether a is one of 0, p,',
    ' * …, (m − 1)·p (m public: m rounds of a test and a subtraction of p, no branch on a; after',
    ' * the last multiple the difference is negative and its top limb stays non-zero).',
    ' */',
    'export function isZeroLazy(a: usize, m: i32): bool {',
    ...loadLimbs(N, 'x', 'a', { kw: 'let', type: 'i64' }),
    '  let z: i64 = 0;',
    '  for (let k = 0; k < m; k++) {',
    `    z |= <i64>((${range(N).map((i) => `x${i}`).join(' | ')}) == 0);`,
    '    let v: i64 = 0;',
    ...range(N).map((i) => `    v = x${i} - <i64>P${i} + (v >> ${W}); x${i} = ${i === N - 1 ? 'v' : `v & ${M}`};`),
    '  }',
    '  return z != 0;',
    '}',
  );
  return o.join('\n');
}

/** c's bound in mulSmall: c < 2^SMALL. */
const SMALL = 18;

/**
 * mulSmall: out = c·x mod p for a small integer c (the curve constant a of
 * Bandersnatch and BabyJubjub): t = c·x < 2^(255+18) in ten limbs, the quotient
 * estimated from its top bits, one subtraction of q·p and one masked one.
 */
function mulSmall() {
  const o = [
    '/**',
    ` * Sets out = c·x mod p for an integer c < 2^${SMALL} (x < p; in Montgomery form c·x̃ = (c·x)~, so`,
    ' * this is the product by the plain integer c). Needs p ≥ 2^253 (`smallOk`). Let t = c·x <',
    ` * 2^${255 + SMALL}, s = ⌊t/2^232⌋ < 2^${23 + SMALL} and q = ⌊s·MU/2^44⌋ (s·MU < 2^${23 + SMALL}·2^23 fits u64): MU`,
    ' * ≤ 2^276/p < MU + 3, so q ≤ t/p < q + 2^−21 + 3·s/2^44 + 1 < q + 2, and r = t − q·p is in',
    ' * [0, 2p): one masked subtraction of p reduces it. 19 products in place of a Montgomery',
    " * product's 153; constant time (c and x only enter products, sums and masks).",
    ' */',
    'export function mulSmall(out: usize, x: usize, c: u32): void {',
    ...loadLimbs(N, 'x', 'x'),
    '  const k: u64 = <u64>c;',
    '  let acc: u64 = 0;',
  ];
  for (let i = 0; i < N; i++) o.push(`  acc = k * x${i} + (acc >> ${W}); const t${i}: u64 = acc & ${M};`);
  o.push(`  const t${N}: u64 = acc >> ${W};`);
  // s = t >> 232: t8 holds bits 232 … 260, t9 bits 261 …
  o.push(`  const s: u64 = t8 | (t${N} << ${W});`, '  const q: u64 = (s * MU) >> 44;', '  let v: i64 = 0;');
  for (let i = 0; i < N; i++) o.push(`  v = <i64>t${i} - <i64>(q * P${i}) + (v >> ${W}); const r${i}: u64 = <u64>v & ${M};`);
  o.push(`  // r < 2p < 2^256: the borrow out of the top limb cancels t${N}'s bits, r fits nine limbs.`);
  o.push(`  condSubAny(out, ${range(N).map((i) => `r${i}`).join(', ')});`, '}', '',
    '/** Reports whether mulSmall serves the field in use (p ≥ 2^253). */',
    'export function smallOk(): bool {', '  return MU != 0;', '}');
  return o.join('\n');
}

/**
 * The exported kernel `name`: a branch on FIELD (public, set by setModulus) to
 * the kernel of the field in use, each inlined here.
 */
function dispatch(name, doc, params) {
  const args = params.map((x) => x.split(':')[0]).join(', ');
  const o = [doc, `export function ${name}(${params.join(', ')}): void {`];
  KNOWN_FIELDS.forEach((f, i) => o.push(`  ${i === 0 ? 'if' : 'else if'} (FIELD == ${i + 1}) ${name}${f.name}(${args});`));
  o.push(`  else ${name}${GLOBAL.suffix}(${args});`, '}');
  return o.join('\n');
}

/** Repacking between radix 2^24 (the TypeScript limbs, 11 of them) and radix 2^29. */
function repack(fromW, fromN, toW, toN, load, store) {
  const o = [];
  for (let j = 0; j < toN; j++) {
    const terms = [];
    for (let i = 0; i < fromN; i++) {
      const lo = fromW * i, hi = lo + fromW;
      if (hi <= toW * j || lo >= toW * j + toW) continue;
      const sh = lo - toW * j;
      terms.push(sh >= 0 ? `(x${i} << ${sh})` : `(x${i} >> ${-sh})`);
    }
    o.push(store(j, terms.length === 0 ? '0' : `(${terms.join(' | ')}) & ${(1 << toW) - 1}`));
  }
  return [...range(fromN).map((i) => load(i)), ...o];
}

/** The text of wasm/prime-field.generated.ts (after its header line). */
export function primeFieldAs() {
  return [
    '/**',
    ' * The Montgomery kernels of the generic prime fields for WebAssembly (the twin of',
    ' * src/generic/prime-field.ts): an element is nine 29-bit limbs (u32 each, 36 bytes in a',
    ` * ${BYTES}-byte slot, little-endian) in linear memory holding x·2^261 mod p, fully reduced`,
    ' * (< p) like the TypeScript element, so equality is limb equality. Written by',
    ' * packages/field/gen/prime-field-as.mjs; one kernel serves every modulus p ≡ 1 (mod 2^28)',
    ' * below 2^255, loaded into globals by `setModulus`; the quotient digit of the reduction is',
    ' * m = acc·(e·2^28 − 1) mod 2^29 for p0 = 1 + e·2^28 (shifts, no product).',
    ' *',
    ' * Bounds (product scanning, [KAK] §4, as the TypeScript kernels): column k sums at most',
    ' * nine products a_i·b_j and nine m_i·p_j, each below 2^58, plus the carry from column',
    ' * k − 1 (below 2^35), so every column is below 18·2^58 + 2^35 < 2^63 and u64 sums are',
    ' * exact. The result (a·b + m·p)/2^261 < (p² + 2^261·p)/2^261 < 2p < 2^256 fits nine',
    ' * limbs, and one masked subtraction of p reduces it. add: a + b < 2p, the same.',
    ' *',
    ' * Lazy magnitudes (the point formulas\' intermediates, wasm/edwards): a value below k·p',
    ' * for a small k, with carried limbs (each below 2^29) but not reduced. Since p < 2^255,',
    ' * 64·p < 2^261: such a value fits nine limbs for k ≤ 64, and the column bound above holds',
    ' * for any nine limbs below 2^29. The product of a < j·p and b < k·p with j·k ≤ 64 has',
    ' * a·b < 64·p² < p·2^261, so (a·b + m·p)/2^261 < p + p = 2p: `mul` and `sqr` reduce it',
    ' * below p as for reduced operands, `mulLazy` and `sqrLazy` leave it in [0, 2p) (no',
    ' * final subtraction). `addLazy` gives magnitude j + k, `negLazy` 2 (p − a, a reduced), `subLazy<m>` (a + m·p − b for',
    ' * b < m·p) j + m; `isZeroLazy` tests a value below m·p for 0 mod p. add, sub, neg,',
    ' * mulSmall, equals, isZero and the conversions keep taking reduced values only.',
    ' *',
    ' * The fields of the generic Edwards curves (BLS12-381 Fr, BN254 Fr) have their own',
    ' * product and square with p built in (immediate operands, p0\'s shape known; setModulus',
    ' * sets FIELD to select them, and `mul` and `sqr` branch on it); any other modulus runs',
    ' * the kernels that read p from the globals.',
    ' *',
    ' * Constant time: no branch or memory index depends on a value; the modulus is public.',
    ' */',
    '',
    `const ${M}: u64 = 0x${((1 << W) - 1).toString(16)};`,
    '',
    `/** Bytes of an element's slot. */`,
    `export const BYTES: usize = ${BYTES};`,
    '',
    `// The modulus p (${W}-bit limbs) and −p⁻¹ mod 2^${W} of the field in use (setModulus).`,
    ...range(N).map((i) => `let P${i}: u64 = 0;`),
    ...MULTIPLES.filter((m) => m > 1).flatMap((m) => [`// ${m}·p (${W}-bit limbs, the top one below 2^${W}), for subLazy${m}.`, ...range(N).map((i) => `let Q${m}_${i}: u64 = 0;`)]),
    '/** All ones when p0 = 1 + 2^28, zero when p0 = 1 (p ≡ 1 mod 2^28 either way). */',
    'let PE: u64 = 0;',
    `/** Which kernels serve the field in use: i + 1 for the i-th built-in modulus (${KNOWN_FIELDS.map((f, i) => `${i + 1} ${f.name}`).join(', ')}), 0 for another (p read from the globals). */`,
    'let FIELD: i32 = 0;',
    `/** ⌊(2^64 − 1)/(⌊p/2^212⌋ + 1)⌋ for mulSmall's quotient estimate when p ≥ 2^253, else 0 (mulSmall not available). */`,
    'let MU: u64 = 0;',
    '',
    '/**',
    ` * Loads the field in use: p as nine ${W}-bit limbs (u32) at ptr. The caller checked`,
    ` * \`modulusOk(ptr)\` once for that block.`,
    ' */',
    'export function setModulus(ptr: usize): void {',
    ...range(N).map((i) => `  P${i} = <u64>load<u32>(ptr, ${4 * i});`),
    `  PE = P0 == 1 ? 0 : 0xffffffffffffffff;`,
    '  let c: u64 = 0;',
    ...MULTIPLES.filter((m) => m > 1).flatMap((m) => range(N).map((i) => `  c = ${i === 0 ? '' : `(c >> ${W}) + `}P${i} * ${m}; Q${m}_${i} = ${i === N - 1 ? 'c' : `c & ${M}`};`)),
    '  FIELD = 0;',
    `  MU = P8 >= ${1 << 21} ? 0xffffffffffffffff / (((P8 << 20) | (P7 >> 9)) + 1) : 0;`,
    ...KNOWN_FIELDS.map((f, i) => `  if (${limbsOf(f.p).map((l, j) => `P${j} == ${l}`).join(' && ')}) FIELD = ${i + 1};`),
    '}',
    '',
    `/** Reports whether the block at ptr (as setModulus reads it) is a modulus these kernels take: p ≡ 1 (mod 2^28), below 2^255 (top limb < 2^${255 - W * (N - 1)}), limbs below 2^${W}. */`,
    'export function modulusOk(ptr: usize): bool {',
    `  let ok = (load<u32>(ptr) & 0xfffffff) == 1 && load<u32>(ptr, ${4 * (N - 1)}) < ${1 << (255 - W * (N - 1))};`,
    `  for (let i: usize = 0; i < ${N}; i++) ok = ok && load<u32>(ptr + 4 * i) < ${1 << W};`,
    '  return ok;',
    '}',
    '',
    ...VIEWS.flatMap((V) => [`// The Montgomery kernels of ${V === GLOBAL ? 'any modulus setModulus loaded (p from the globals)' : `${V.suffix} (p built in)`}.`, '', condSub(V), '', montMul(false, V), '', montMul(true, V), '', montMul(false, V, true), '', montMul(true, V, true), '']),
    '// add, sub and neg read p from the globals for every field (built-in limbs gain nothing measurable there).',
    '',
    addSub(GLOBAL),
    '',
    dispatch('mul', '/** Sets out = a·b·2^−261 mod p, reduced (Montgomery product; a·b < p·2^261, as for a, b < p or lazy operands, module doc). out may alias a or b. */', ['out: usize', 'a: usize', 'b: usize']),
    '',
    dispatch('sqr', '/** Sets out = a²·2^−261 mod p: the product with each a_i·a_j (i < j) once, doubled. */', ['out: usize', 'a: usize']),
    '',
    dispatch('mulLazy', '/** Sets out ≡ a·b·2^−261 (mod p) in [0, 2p): `mul` without its final subtraction (a·b < p·2^261). out may alias a or b. */', ['out: usize', 'a: usize', 'b: usize']),
    '',
    dispatch('sqrLazy', '/** Sets out ≡ a²·2^−261 (mod p) in [0, 2p): `sqr` without its final subtraction (a² < p·2^261). */', ['out: usize', 'a: usize']),
    '',
    lazyKernels(),
    '',

    mulSmall(),
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
    `  memory.copy(out, a, ${4 * N});`,
    '}',
    '',
    '/** Sets out = b when flag = 1, a when flag = 0 (masked, no branch on flag). */',
    'export function cmov(out: usize, a: usize, b: usize, flag: u32): void {',
    '  const k: u32 = 0 - flag;',
    ...range(N).map((i) => `  store<u32>(out, load<u32>(a, ${4 * i}) ^ ((load<u32>(a, ${4 * i}) ^ load<u32>(b, ${4 * i})) & k), ${4 * i});`),
    '}',
    '',
    '/**',
    ` * Sets out = the nine ${W}-bit limbs of the value held by src, eleven 24-bit limbs in`,
    ' * doubles (the TypeScript element, each limb an integer < 2^24, the value < p), unchanged',
    ' * (no change of Montgomery radix: the caller multiplies by the conversion constant).',
    ' */',
    'export function fromDigits24(out: usize, src: usize): void {',
    ...repack(24, 11, W, N, (i) => `  const x${i}: u64 = <u64>load<f64>(src, ${8 * i});`, (j, v) => `  store<u32>(out, <u32>(${v}), ${4 * j});`),
    '}',
    '',
    `/** Writes the value at src (nine ${W}-bit limbs, < 2^256) as eleven 24-bit limbs in doubles at out. */`,
    'export function toDigits24(out: usize, src: usize): void {',
    ...repack(W, N, 24, 11, (i) => `  const x${i}: u64 = <u64>load<u32>(src, ${4 * i});`, (j, v) => `  store<f64>(out, <f64>(${v}), ${8 * j});`),
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
