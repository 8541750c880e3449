/**
 * The reduction to [0, p) and the limb-wise linear operations of the
 * secp256k1 base field (`normalize`, `add`, `mulInt`, `negate`, `half`),
 * written once as functions of a target: the reduction is printed for both
 * the TypeScript `FieldVal` (`normalizeLimbs`, limbs in a Uint32Array,
 * src/secp256k1/field-kernels.generated.ts) and the AssemblyScript kernels
 * (limbs in linear memory, wasm/secp256k1.generated.ts); the linear
 * operations for the AssemblyScript kernels only — `FieldVal` keeps them as
 * method bodies, which V8 inlines whole (see the note in field.ts; the `TS`
 * target prints them too, but nothing calls that form). Each operation is a function of a
 * target (`TS` or `AS` below: how a limb is read and written, how a
 * function and an integer are declared); every constant — p's limbs, the fold of bit 256,
 * the masks — is derived from the field's description (fields/secp256k1.mjs).
 *
 * The generator checks the magnitude contract of FieldVal (module doc of
 * src/secp256k1/field.ts) on the constants it derives: limbs of magnitude
 * ≤ FIELD_MAX_MAGNITUDE stay below 2^32 (the u32 limit of both targets),
 * (m + 1)·p covers every value of magnitude m limb by limb, and
 * `normalizeLimbs`' intermediates, propagated from limbs at 2^32 − 1, stay
 * below 2^32 and leave a value below 2p.
 */
import { C, LIMBS, P } from './fields/secp256k1.mjs';

const range = (n) => [...Array(n).keys()];
const N = LIMBS.count;
const W = LIMBS.bits;
const TOP = LIMBS.topBits;
const BITS = W * (N - 1) + TOP;
if (P !== 2n ** BigInt(BITS) - C) throw new Error('secp256k1-linear: p must be 2^(limb bits) − C');

/** The largest magnitude FieldVal accepts (its FIELD_MAX_MAGNITUDE). */
export const MAX_MAGNITUDE = 32;

const hex = (v) => `0x${v.toString(16)}`;
/** Limb i's width and its all-ones value (the magnitude-1 bound). */
const width = (i) => (i === N - 1 ? TOP : W);
const full = (i) => (1n << BigInt(width(i))) - 1n;
/** p's limbs, least significant first. */
const P_LIMBS = range(N).map((i) => (P >> BigInt(W * i)) & full(i));
/** C = 2^256 − p in limbs (the fold of bit 256 adds these): [977, 64]. */
const C_LIMBS = [];
for (let c = C; c > 0n; c >>= BigInt(W)) C_LIMBS.push(c & full(0));
/** `x * k`, or `(x << log2 k)` for a power of two where target t shifts (k a BigInt). */
const times = (t, x, k) => (t.shifts && (k & (k - 1n)) === 0n ? `(${x} << ${k.toString(2).length - 1})` : `${x} * ${k}`);
/** ` + <term>·k`, or nothing when k is 0. */
const plusTimes = (t, x, k) => (k === 0n ? '' : ` + ${k === 1n ? x : times(t, x, k)}`);

// ---- the magnitude checks ----
const U32 = 1n << 32n;
for (let i = 0; i < N; i++) {
  if (BigInt(MAX_MAGNITUDE) * full(i) >= U32) throw new Error(`secp256k1-linear: limb ${i} at magnitude ${MAX_MAGNITUDE} reaches 2^32`);
  // negate(a, m): (m + 1)·P_i ≥ m·full_i for every m ≤ MAX − 1, i.e. P_i·MAX ≥ full_i·(MAX − 1).
  if (P_LIMBS[i] * BigInt(MAX_MAGNITUDE) < full(i) * BigInt(MAX_MAGNITUDE - 1)) throw new Error(`secp256k1-linear: (m + 1)·p does not cover magnitude m at limb ${i}`);
}
if (C_LIMBS.length >= N - 1) throw new Error('secp256k1-linear: C must fit the low limbs');
{
  // normalizeLimbs from limbs at 2^32 − 1: every intermediate < 2^32, result < 2p.
  const m = (U32 - 1n) >> BigInt(TOP);
  let c = 0n, v = 0n;
  for (let i = 0; i < N - 1; i++) {
    const lo = full(i) + m * (C_LIMBS[i] ?? 0n) + c;
    if (lo >= U32) throw new Error(`secp256k1-linear: normalize overflows at limb ${i}`);
    c = ((U32 - 1n) >> BigInt(W)) + (lo >> BigInt(W));
    v += full(i) << BigInt(W * i);
  }
  const t9 = full(N - 1) + c;
  if (t9 >= U32) throw new Error('secp256k1-linear: normalize overflows at the top limb');
  if (v + (t9 << BigInt(W * (N - 1))) >= 2n * P) throw new Error('secp256k1-linear: one pass of normalize leaves a value ≥ 2p');
}

/**
 * The two targets. `ld(x, i)` reads limb i of operand x, `st(x, i, e)` writes
 * it; `u32` is the type annotation of an integer; `shifts` whether a power
 * of two multiplies as a shift (the form each hand-written original had); `fn(name, params, ret, doc)` opens a function (params as [name, kind],
 * kind 'limbs' for an element, 'u32' for an integer).
 */
export const TS = {
  ld: (x, i) => `${x}[${i}]!`,
  u32: '',
  shifts: false,
  st: (x, i, e) => `${x}[${i}] = ${e};`,
  fn: (name, params, ret) => `export function ${name}(${params.map(([p, k]) => `${p}: ${k === 'limbs' ? 'Uint32Array' : 'number'}`).join(', ')}): ${ret ? 'number' : 'void'} {`,
};
export const AS = {
  ld: (x, i) => `load<u32>(${x}, ${4 * i})`,
  u32: ': u32',
  shifts: true,
  st: (x, i, e) => `store<u32>(${x}, ${e}, ${4 * i});`,
  fn: (name, params, ret) => `export function ${name}(${params.map(([p, k]) => `${p}: ${k === 'limbs' ? 'usize' : 'u32'}`).join(', ')}): ${ret ? 'u32' : 'void'} {`,
};

const doc = (lines) => ['/**', ...lines.map((l) => (l === '' ? ' *' : ` * ${l}`)), ' */'];

/**
 * `normalizeLimbs(n)`: reduces the limbs in place to the canonical digits of
 * V mod p and returns 1 when the final subtraction of p happened (TS), or
 * `normalize(a)` without the result (AS).
 */
function normalize(t, name, x, ret) {
  const mW = hex(full(0)), mTop = hex(full(N - 1));
  const o = [...doc([
    `Reduces the limbs of ${x} in place to the canonical digits of V mod p${ret ? ' and returns 1 when the final subtraction of p happened, else 0' : ''}.`,
    'Exact for any limbs in [0, 2^32) (magnitude up to 64, beyond the documented maximum of 32).',
    '',
    `Pass 1 folds the bits of limb ${N - 1} from 2^${BITS} up (m = ⌊limb/2^${TOP}⌋, as m·(2^256 − p) = m·${C})`,
    'into the low limbs and carries; each limb is split before adding so no intermediate reaches 2^32.',
    'The value is then below 2p, so one conditional subtraction of p finishes: V ≥ p iff bit 256 is set,',
    `or V + ${C} carries out of the top limb (limbs ${C_LIMBS.length}..${N - 1} all ones and the low limbs at least p's).`,
    `Subtracting p is adding ${C} and dropping bit 256; the mask r selects it without a branch.`,
    '',
    'Preconditions: any limbs below 2^32. / Output normalized: yes. / Output max magnitude: 1.',
  ]), t.fn(name, [[x, 'limbs']], ret)];
  o.push(`  const r${N - 1} = ${t.ld(x, N - 1)};`, `  const m = r${N - 1} >>> ${TOP};`);
  for (let i = 0; i < N - 1; i++) {
    const kw = i === 0 ? 'let ' : '';
    o.push(`  ${kw}t = ${t.ld(x, i)}; ${kw}lo = (t & ${mW})${plusTimes(t, 'm', C_LIMBS[i] ?? 0n)}${i === 0 ? '' : ' + c'}; ${kw}c = (t >>> ${W}) + (lo >>> ${W}); const t${i} = lo & ${mW};`);
  }
  o.push(`  const t${N - 1} = (r${N - 1} & ${mTop}) + c;`);
  // V ≥ p: the carry of V + C out of the top limb (all-ones tests as (x + 1) >>> width, no branches).
  const k = C_LIMBS.length;
  const ones = range(N - 1).slice(k).map((i) => `t${i}`).join(' & ');
  o.push(`  const top = ((t${N - 1} + 1) >>> ${TOP}) & (((${ones}) + 1) >>> ${W});`);
  let low = `(t0 + ${C_LIMBS[0]}) >>> ${W}`;
  for (let i = 1; i < k; i++) low = `(t${i} + ${C_LIMBS[i]} + (${low})) >>> ${W}`;
  o.push(`  const low = ${low};`, `  const r = (t${N - 1} >>> ${TOP}) | (top & low);`);
  o.push(`  // Add r·${C} and drop bit 256.`);
  for (let i = 0; i < N - 1; i++) {
    o.push(`  lo = t${i}${plusTimes(t, 'r', C_LIMBS[i] ?? 0n)}${i === 0 ? '' : ' + c'}; c = lo >>> ${W}; ${t.st(x, i, `lo & ${mW}`)}`);
  }
  o.push(`  ${t.st(x, N - 1, `(t${N - 1} + c) & ${mTop}`)}`);
  if (ret) o.push('  return r;');
  o.push('}');
  return o;
}

/** A limb-wise operation: limb i of dst = expr(i). */
function limbwise(t, name, params, lines, expr, pre = []) {
  const o = [...doc(lines), t.fn(name, params, false), ...pre];
  for (let i = 0; i < N; i++) o.push(`  ${t.st(params[0][0], i, expr(i))}`);
  o.push('}');
  return o;
}

function add(t, name) {
  return limbwise(t, name, [['o', 'limbs'], ['a', 'limbs'], ['b', 'limbs']], [
    'Sets o = a + b, limb by limb; o may alias a or b.',
    '',
    `Preconditions: magnitude(a) + magnitude(b) ≤ ${MAX_MAGNITUDE}. / Output normalized: no. / Output max magnitude: the sum.`,
  ], (i) => `${t.ld('a', i)} + ${t.ld('b', i)}`);
}

function mulInt(t, name) {
  return limbwise(t, name, [['o', 'limbs'], ['a', 'limbs'], ['k', 'u32']], [
    `Sets o = k·a, limb by limb, for an integer 0 ≤ k ≤ ${MAX_MAGNITUDE}; o may alias a.`,
    '',
    `Preconditions: k·magnitude(a) ≤ ${MAX_MAGNITUDE}. / Output normalized: no. / Output max magnitude: k·magnitude(a).`,
  ], (i) => `${t.ld('a', i)} * k`);
}

function negate(t, name) {
  // The limb value most of p's limbs share gets one product f = k·value.
  const counts = new Map();
  for (const v of P_LIMBS) counts.set(v, (counts.get(v) ?? 0) + 1);
  const common = [...counts].sort((a, b) => b[1] - a[1])[0][0];
  return limbwise(t, name, [['o', 'limbs'], ['a', 'limbs'], ['m', 'u32']], [
    'Sets o = (m + 1)·p − a, that is −a (mod p), limb by limb; o may alias a.',
    `p's limbs: ${P_LIMBS.map(hex).join(', ')}.`,
    '',
    `Preconditions: magnitude(a) ≤ m ≤ ${MAX_MAGNITUDE - 1}. / Output normalized: no. / Output max magnitude: m + 1.`,
  ], (i) => `${P_LIMBS[i] === common ? 'f' : `k * ${hex(P_LIMBS[i])}`} - ${t.ld('a', i)}`, ['  const k = m + 1;', `  const f = k * ${hex(common)};`]);
}

/** `half(a)`: a/2 mod p in place (adds p when a is odd, selected by a mask, then shifts right by one bit). */
function half(t, name) {
  const o = [...doc([
    'Sets a = a/2 (mod p) in place: adds p when a is odd (the parity of limb 0), selected',
    `by a mask, then shifts the ${N} limbs right by one bit, moving each limb's low bit into`,
    `bit ${W - 1} of the limb below.`,
    '',
    `Preconditions: magnitude m ≤ ${MAX_MAGNITUDE - 2}. / Output normalized: no. / Output max magnitude: ⌊m/2⌋ + 2.`,
  ]), t.fn(name, [['a', 'limbs']], false)];
  o.push(`  const odd${t.u32} = 0 - (${t.ld('a', 0)} & 1);`);
  for (let i = 0; i < N; i++) o.push(`  const s${i} = ${t.ld('a', i)} + (${hex(P_LIMBS[i])} & odd);`);
  for (let i = 0; i < N - 1; i++) o.push(`  ${t.st('a', i, `(s${i} >>> 1) + ((s${i + 1} & 1) << ${W - 1})`)}`);
  o.push(`  ${t.st('a', N - 1, `s${N - 1} >>> 1`)}`, '}');
  return o;
}
// half's bound: (m + 1)·full_i + P_i < 2^32 at m = MAX − 2, and the shifted result at ⌊m/2⌋ + 2.
for (let i = 0; i < N; i++) {
  if (BigInt(MAX_MAGNITUDE - 2) * full(i) + P_LIMBS[i] >= U32) throw new Error(`secp256k1-linear: half overflows at limb ${i}`);
}

/** The TypeScript section of field-kernels.generated.ts. */
export function linearTS() {
  return [
    '// ---- The final reduction (gen/secp256k1-linear.mjs) ----',
    '',
    ...normalize(TS, 'normalizeLimbs', 'n', true),
  ].join('\n');
}

/** The AssemblyScript section of wasm/secp256k1.generated.ts. */
export function linearAS() {
  return [
    '// ---- The reduction and the limb-wise linear operations (gen/secp256k1-linear.mjs) ----',
    '',
    ...normalize(AS, 'normalize', 'a', false), '',
    ...add(AS, 'add'), '',
    ...mulInt(AS, 'mulInt'), '',
    ...negate(AS, 'negate'), '',
    ...half(AS, 'half'),
  ].join('\n');
}
