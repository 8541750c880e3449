/**
 * The final reduction to [0, p) and the limb-wise linear operations of
 * GF(2^255 − 19), written once and printed for both targets: the
 * TypeScript `Fe25519` (fifteen 17-bit limbs in doubles,
 * src/ed25519/fe25519-kernels.generated.ts: `canonicalize`; its add, sub and
 * negate stay method bodies, which V8 inlines whole — see
 * src/secp256k1/field.ts) and the AssemblyScript kernels (ten radix-2^25.5
 * limbs in i32, wasm/fe25519.generated.ts: `canonical`, `carry`, `add`,
 * `sub`, `neg`, `negSum`, `subTwice`). A target (`TS` / `AS` below) says
 * how a limb is read and written and how a carry is taken (a floor
 * division in doubles, an arithmetic shift in i64); the limb widths and
 * p's limbs come from the field's description (fields/fe25519.mjs), and so
 * does each target's reduction plan (`canonical` there: which carry passes
 * run before the test v ≥ p, and why they differ).
 *
 * The reduction: carry passes bring the value into [0, 2p) with
 * non-negative limbs (the tests drive it at the edges of its domain; the
 * proofs are in the module docs of src/ed25519/fe25519.ts and
 * wasm/fe25519.ts), q = ⌊(v + WRAP)/2^255⌋ ∈ {0, 1} tells whether v ≥ p, and
 * v − q·p = v + WRAP·q − q·2^255 is one more carry pass with the top limb
 * cut to its width.
 */
import { AS_LIMBS, BITS, P, TS_LIMBS, WRAP } from './fields/fe25519.mjs';

const range = (n) => [...Array(n).keys()];
const W = Number(WRAP);
const hex = (v) => `0x${v.toString(16)}`;
/** x, parenthesized when it is a compound expression. */
const paren = (x) => (/^\w+$/.test(x) ? x : `(${x})`);

/**
 * The two targets: `n` limbs, `width(i)` bits each, limb i at bit `pos(i)`;
 * `ld` / `st` read and write limb i of an element; `carry(x, w)` is
 * ⌊x/2^w⌋, `shl(c, w)` is c·2^w; `int` annotates an integer local.
 */
const TS = {
  n: TS_LIMBS.count,
  width: () => TS_LIMBS.bits,
  pos: (i) => TS_LIMBS.bits * i,
  ld: (x, i) => `${x}[${i}]!`,
  st: (x, i, e) => `${x}[${i}] = ${e};`,
  carry: (x) => `Math.floor(${paren(x)} * R)`,
  shl: (c) => `${c} * B`,
  int: '',
  plan: TS_LIMBS.canonical,
};
const asPos = (i) => Math.ceil((BITS * i) / AS_LIMBS.count);
const AS = {
  n: AS_LIMBS.count,
  width: (i) => (i === AS_LIMBS.count - 1 ? BITS : asPos(i + 1)) - asPos(i),
  pos: asPos,
  ld: (x, i) => `load<i32>(${x}, ${4 * i})`,
  st: (x, i, e) => `store<i32>(${x}, ${e}, ${4 * i});`,
  carry: (x, w) => `${paren(x)} >> ${w}`,
  shl: (c, w) => `${c} << ${w}`,
  int: ': i64',
  plan: AS_LIMBS.canonical,
};
for (const t of [TS, AS]) {
  if (t.pos(t.n - 1) + t.width(t.n - 1) !== BITS) throw new Error('fe25519-linear: the limbs must cover 2^255 exactly');
}
/** p's limbs in target t (p = 2^255 − WRAP: all ones but limb 0). */
const pLimbs = (t) => range(t.n).map((i) => (P >> BigInt(t.pos(i))) & ((1n << BigInt(t.width(i))) - 1n));

/** One carry step from limb i of h into limb i + 1, or into limb 0 times WRAP from the top limb. */
function step(t, i) {
  const w = t.width(i);
  const into = i === t.n - 1 ? `h0 += ${W} * c;` : `h${i + 1} += c;`;
  return `  c = ${t.carry(`h${i}`, w)}; h${i} -= ${t.shl('c', w)}; ${into}`;
}
/** A carry pass over every limb; with `wrap`, the top limb's carry folds into limb 0. */
const pass = (t, wrap) => range(wrap ? t.n : t.n - 1).map((i) => step(t, i));

/** The final reduction of target t: reads element `a`, writes the canonical limbs to `o`. */
function canonicalBody(t, o, a, pre) {
  const L = [...pre];
  const twoP = pLimbs(t).map((v) => 2n * v);
  const load = (i) => (t.plan.addTwoP ? `${t.ld(a, i)} + ${hex(twoP[i])}` : t.ld(a, i));
  L.push(...range(t.n).map((i) => `  let h${i}${t.int} = ${t === AS ? `<i64>${load(i)}` : load(i)};`));
  L.push(`  let c${t.int} = 0;`);
  for (let k = 0; k < t.plan.wrapPasses; k++) L.push(`  // carry pass ${k + 1} (the top carry wraps, ×${W})`, ...pass(t, true));
  for (let k = 0; k < (t.plan.plainPasses ?? 0); k++) L.push('  // a pass without the wrap (it cannot wrap any more: see the module doc)', ...pass(t, false));
  L.push(`  // q = ⌊(v + ${W})/2^255⌋: 1 iff v ≥ p.`);
  L.push(`  let q${t.int} = ${t.carry(`h0 + ${W}`, t.width(0))};`);
  for (let i = 1; i < t.n; i++) L.push(`  q = ${t.carry(`h${i} + q`, t.width(i))};`);
  L.push(`  // v − q·p = v + ${W}·q, then drop bit 255.`, `  h0 += ${W} * q;`, ...pass(t, false));
  const top = t.n - 1, wt = t.width(top);
  L.push(t === AS ? `  h${top} &= ${hex((1n << BigInt(wt)) - 1n)};` : `  h${top} -= ${t.shl(t.carry(`h${top}`, wt), wt)};`);
  L.push(...range(t.n).map((i) => `  ${t.st(o, i, t === AS ? `<i32>h${i}` : `h${i}`)}`));
  return L;
}

const INLINE = ['// @ts-ignore: decorator', '@inline'];

/**
 * A limb-wise operation: `dst_i = expr(i)`, unrolled, or (`loop`, AS) as a
 * loop over the limbs — the form of the operations inlined at many sites
 * of the point formulas, where an unrolled body would be copied into each.
 */
function limbwise(t, name, params, doc, expr, { inline = false, loop = null } = {}) {
  const sig = t === AS
    ? `export function ${name}(${params.map((p) => `${p}: usize`).join(', ')}): void {`
    : `export function ${name}(${params.map((p) => `${p}: Float64Array`).join(', ')}): void {`;
  const o = [`/** ${doc} */`, ...(inline ? INLINE : []), sig];
  if (loop) o.push(`  for (let i: usize = 0; i < ${4 * t.n}; i += 4) store<i32>(${params[0]} + i, ${loop});`);
  else o.push(...range(t.n).map((i) => `  ${t.st(params[0], i, expr(i))}`));
  o.push('}');
  return o;
}

/** The TypeScript section of fe25519-kernels.generated.ts. */
export function linearTS() {
  const t = TS;
  return [
    '// ---- The final reduction (gen/fe25519-linear.mjs) ----',
    '',
    '/**',
    ` * Sets o to the canonical limbs of a (value in [0, p), every limb in [0, 2^${TS_LIMBS.bits})); o may alias a.`,
    ` * Accepts |limb| < 2^45. Branch-free: ${t.plan.wrapPasses} signed carry passes with the wrap bring every limb into`,
    ` * [0, 2^${TS_LIMBS.bits}) (limb 0 below 2^${TS_LIMBS.bits} + ${W}) and the value into [0, 2p); then v − p when v + ${W} ≥ 2^255.`,
    ' */',
    'export function canonicalize(o: Float64Array, a: Float64Array): void {',
    ...canonicalBody(t, 'o', 'a', []),
    '}',
  ].join('\n');
}

/** The AssemblyScript section of wasm/fe25519.generated.ts. */
export function linearAS() {
  const t = AS;
  const args = range(t.n).map((i) => `<i64>${t.ld('a', i)}`);
  return [
    '// ---- The final reduction and the limb-wise linear operations (gen/fe25519-linear.mjs) ----',
    '',
    '/**',
    ' * Sets dst = a with its limbs carried: the carry network of `mul`.',
    ' * Preconditions: |a[i]| < 2^31. Output: magnitude 1 (the bounds of `mul`).',
    ' */',
    'export function carry(dst: usize, a: usize): void {',
    `  carryStore(dst,\n    ${args.slice(0, 5).join(', ')},\n    ${args.slice(5).join(', ')});`,
    '}',
    '',
    '/**',
    ' * Sets dst to the canonical limbs of a: value in [0, p), limb i in',
    ' * [0, 2^26) (even i) or [0, 2^25) (odd i). Preconditions: magnitude ≤ 8.',
    ` * Branch-free: the carry network, +2p (every limb positive), ${t.plan.wrapPasses} wrapping`,
    ` * carry passes and ${t.plan.plainPasses} without the wrap (value now in [0, 2^255)), then a subtraction of q·p with`,
    ` * q = ⌊(v + ${W})/2^255⌋ ∈ {0, 1} (v ≥ p ⇔ v + ${W} ≥ 2^255).`,
    ' */',
    'export function canonical(dst: usize, a: usize): void {',
    ...canonicalBody(t, 'dst', 'dst', ['  carry(dst, a); // every limb in [0, 2^26) except |f1| slightly out, f1 > −2^17']),
    '}',
    '',
    ...limbwise(t, 'add', ['dst', 'a', 'b'], 'Sets dst = a + b limb by limb (no carry); magnitude(a) + magnitude(b).', (i) => `${t.ld('a', i)} + ${t.ld('b', i)}`, { inline: true }),
    '',
    ...limbwise(t, 'sub', ['dst', 'a', 'b'], 'Sets dst = a − b limb by limb (no carry); magnitude(a) + magnitude(b).', (i) => `${t.ld('a', i)} - ${t.ld('b', i)}`, { inline: true }),
    '',
    ...limbwise(t, 'neg', ['dst', 'a'], 'Sets dst = −a limb by limb; magnitude unchanged.', (i) => `-${t.ld('a', i)}`, { inline: true }),
    '',
    ...limbwise(t, 'negSum', ['dst', 'a', 'b'], 'Sets dst = −a − b limb by limb (no carry); magnitude(a) + magnitude(b).', null, { inline: true, loop: '-load<i32>(a + i) - load<i32>(b + i)' }),
    '',
    ...limbwise(t, 'subTwice', ['dst', 'a', 'b'], 'Sets dst = a − 2·b limb by limb (no carry); magnitude(a) + 2·magnitude(b).', null, { inline: true, loop: 'load<i32>(a + i) - (load<i32>(b + i) << 1)' }),
  ].join('\n');
}
