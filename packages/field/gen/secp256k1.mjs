/**
 * Generator of the unrolled multiplication kernels of the secp256k1 fields:
 * `src/secp256k1/field-kernels.generated.ts` (FieldVal mul/square on 26-bit
 * limbs through 24-bit digits, and the lazy-digit kernels of the square-root
 * chain), which field.ts imports, and `src/secp256k1/scalar-kernels.generated.ts`
 * (ModNScalar mul/square and round(a·b/2^320)), which scalar.ts imports.
 * The kernels are long straight-line code; this is the readable statement of
 * the algorithm, whose bounds the module docs prove. Run `pnpm gen` to
 * regenerate, `pnpm gen --check` to verify (the field test suite runs it).
 */
import { pathToFileURL } from 'node:url';
import { columnTerms, loadDigits24, writeGenerated } from './lib.mjs';
import { asKernels } from './secp256k1-as.mjs';
import { linearTS } from './secp256k1-linear.mjs';
import { allocate, checkChain } from './chain.mjs';
import { C as C_P, CHAINS, DIGITS, LIMBS, P } from './fields/secp256k1.mjs';

// ---- FieldVal (mod p) ----
// The constants below come from the field's description (fields/secp256k1.mjs),
// which the AssemblyScript kernels (secp256k1-as.mjs) are generated from too.
const DB = BigInt(DIGITS.bits);
if (LIMBS.count !== 10 || LIMBS.bits !== 26 || DIGITS.count !== 11 || DB !== 24n) throw new Error('secp256k1.mjs: the unrolled FieldVal kernels assume 10 × 26-bit limbs and 11 × 24-bit digits');
/** 2^264 ≡ F_HI·2^24 + F_LO (mod p): the fold of digits 11… */
const F264 = (1n << (DB * 11n)) % P;
const F_LO = F264 % (1n << DB), F_HI = F264 >> DB;
/** 2^256 ≡ C_P = C_HI·2^24 + C_LO: the fold of bits 256… */
const C_LO = C_P % (1n << DB), C_HI = C_P >> DB;
/** Bits of digit 10 below 2^256 (256 − 240 = 16). */
const TOP = 256 - 10 * DIGITS.bits;
const TOPM = `0x${((1 << TOP) - 1).toString(16)}`;
const SH = [0, 2, 4, 6, 8, 10, 12, 14, 16, 18];
/** SH[i] = 2i: limb i starts at bit 2i of digit i. */
const sh = (i) => SH[i];
function convert(src, dst) {
  // 10 limbs of radix 2^26 (x[i] < 2^29) -> 11 digits of radix 2^24 (< 2^24 + 2^21).
  const o = [];
  o.push(`  const ${dst}0 = ${src}0 & 0xffffff;`);
  for (let j = 1; j < 10; j++) {
    const i = j; // limb i lands at digit i with shift SH[i]
    const mask = (1 << (24 - sh(i))) - 1;
    o.push(`  const ${dst}${j} = (${src}${i - 1} >>> ${24 - sh(i - 1)}) + ((${src}${i} & 0x${mask.toString(16)}) << ${sh(i)});`);
  }
  o.push(`  const ${dst}10 = ${src}9 >>> 6;`);
  return o;
}
function body(square, digitsIO = false) {
  const o = [];
  if (digitsIO) {
    o.push(`  const ${[...Array(11).keys()].map((i) => `a${i} = a[${i}]!`).join(', ')};`);
  }
  else {
    o.push(`  const x0 = a[0]!, x1 = a[1]!, x2 = a[2]!, x3 = a[3]!, x4 = a[4]!, x5 = a[5]!, x6 = a[6]!, x7 = a[7]!, x8 = a[8]!, x9 = a[9]!;`);
    o.push(...convert('x', 'a'));
  }
  if (!square) {
    if (digitsIO) {
      o.push(`  const ${[...Array(11).keys()].map((i) => `b${i} = b[${i}]!`).join(', ')};`);
    }
    else {
      o.push(`  const z0 = b[0]!, z1 = b[1]!, z2 = b[2]!, z3 = b[3]!, z4 = b[4]!, z5 = b[5]!, z6 = b[6]!, z7 = b[7]!, z8 = b[8]!, z9 = b[9]!;`);
      o.push(...convert('z', 'b'));
    }
  }
  else {
    o.push(`  const ${[...Array(10).keys()].map(i => `d${i} = 2 * a${i}`).join(', ')};`);
  }
  for (let k = 0; k <= 20; k++) {
    const t = columnTerms(k, (i) => `a${i}`, (j) => `b${j}`, square, (i) => `d${i}`);
    o.push(`  const C${k} = ${t.join(' + ')};`);
  }
  o.push(`  // Split columns 10..20 (they feed the fold); q20 = carry out of column 20.`);
  for (let k = 10; k <= 20; k++)
    o.push(`  const q${k} = Math.floor(C${k} * R24);`);
  o.push(`  const e10 = C10 - q10 * B24;`);
  for (let k = 11; k <= 20; k++)
    o.push(`  const e${k} = C${k} - q${k} * B24 + q${k - 1};`);
  o.push(`  // Fold 2^264 ≡ 2^${F_HI.toString(2).length - 1 + 24} + ${F_LO} = ${F_HI}·2^24 + ${F_LO} (mod p).`);
  o.push(`  const s0 = C0 + ${F_LO} * e11;`);
  for (let m = 1; m <= 9; m++)
    o.push(`  const s${m} = C${m} + ${F_LO} * e${11 + m} + ${F_HI} * e${10 + m};`);
  o.push(`  const s10 = e10 + ${F_LO} * q20 + ${F_HI} * e20;`);
  o.push(`  // One parallel carry pass: digits v < 2^24 + 2^28 (int32), u10·2^264 above them.`);
  for (let m = 0; m <= 10; m++)
    o.push(`  const u${m} = Math.floor(s${m} * R24);`);
  for (let m = 0; m <= 10; m++)
    o.push(`  const v${m} = s${m} - u${m} * B24${m > 0 ? ` + u${m - 1}` : ''};`);
  o.push(`  // Second parallel pass in int32: digits w < 2^24 + 2^4.1.`);
  for (let m = 0; m <= 10; m++)
    o.push(`  const U${m} = v${m} >>> 24;`);
  for (let m = 0; m <= 10; m++)
    o.push(`  const w${m} = (v${m} & 0xffffff)${m > 0 ? ` + U${m - 1}` : ''};`);
  o.push(`  // Everything from bit 256 up: X·2^256 ≡ X·(2^32 + ${C_LO}) = X·${C_LO} + ${C_HI}·X·2^24.`);
  o.push(`  const X = (w10 >>> ${TOP}) + ${1 << (24 - TOP)} * (${F_HI} * q20 + u10 + U10);`);
  o.push(`  const f0 = w0 + ${C_LO} * X;`);
  if (digitsIO) {
    o.push(`  // Lazy output: carry only digits 0 -> 1 -> 2 -> 3, which the fold of X enlarged.`);
    o.push(`  const k0 = Math.floor(f0 * R24);`);
    o.push(`  const f1 = w1 + ${C_HI} * X + k0;`);
    o.push(`  const k1 = Math.floor(f1 * R24);`);
    o.push(`  const f2 = w2 + k1;`);
    o.push(`  o[0] = f0 - k0 * B24;`);
    o.push(`  o[1] = f1 - k1 * B24;`);
    o.push(`  o[2] = f2 & 0xffffff;`);
    o.push(`  o[3] = w3 + (f2 >>> 24);`);
    for (let m = 4; m <= 9; m++)
      o.push(`  o[${m}] = w${m};`);
    o.push(`  o[10] = w10 & ${TOPM};`);
    return o.join('\n');
  }
  o.push(`  // Two carry chains side by side: A for v, B for v + 2^32 + ${C_LO} (= v − p + 2^256).`);
  o.push(`  // v < 2^256 + 2^240; when v ≥ 2^256 (A's bit 256 set) the result is B minus 2^256.`);
  o.push(`  const h0 = f0 + ${C_LO};`);
  o.push(`  const k0 = Math.floor(f0 * R24), kk0 = Math.floor(h0 * R24);`);
  o.push(`  const g0 = f0 - k0 * B24, E0 = h0 - kk0 * B24;`);
  o.push(`  const f1 = w1 + ${C_HI} * X + k0, h1 = w1 + ${C_HI} * X + ${C_HI} + kk0;`);
  o.push(`  let c = Math.floor(f1 * R24), d = Math.floor(h1 * R24);`);
  o.push(`  const g1 = f1 - c * B24, E1 = h1 - d * B24;`);
  for (let m = 2; m <= 9; m++)
    o.push(`  let g${m} = w${m} + c, E${m} = w${m} + d; c = g${m} >>> 24; d = E${m} >>> 24; g${m} &= 0xffffff; E${m} &= 0xffffff;`);
  o.push(`  const g10 = (w10 & ${TOPM}) + c, E10 = (w10 & ${TOPM}) + d;`);
  o.push(`  const y = -(g10 >>> ${TOP}); // all ones when v ≥ 2^256`);
  o.push(`  const n = ~y;`);
  for (let m = 0; m <= 9; m++)
    o.push(`  const r${m} = (g${m} & n) | (E${m} & y);`);
  o.push(`  const r10 = (g10 & n) | (E10 & y & ${TOPM});`);
  o.push(`  // Repack 11 digits of 24 bits into 10 limbs of 26 (the top one 22).`);
  for (let i = 0; i < 10; i++) {
    const lo = i === 0 ? `r0` : `(r${i} >>> ${sh(i)})`;
    const nb = sh(i) + 2; // bits needed from the next digit
    const mask = (1 << nb) - 1;
    o.push(`  o[${i}] = ${lo} | ((r${i + 1} & 0x${mask.toString(16)}) << ${24 - sh(i)});`);
  }
  return o.join('\n');
}
/**
 * The square-root chain on lazy digits: `powSqrtDigits(a, s0, …, s4)` sets
 * a = a^((p+1)/4) with the chain of the description (the same one the
 * AssemblyScript `powSqrt` runs), the values in a and the five scratch arrays.
 */
function sqrtChain() {
  const { steps, exponent } = CHAINS.sqrt;
  const { squarings, multiplications } = checkChain('sqrt', steps, exponent);
  const pool = ['s0', 's1', 's2', 's3', 's4'];
  const calls = allocate(steps, { input: 'a', pool: [...pool, 'a'], out: 'a' }).map(({ to, sq, src, n, dst, times }) => {
    const s = [];
    if (n > 0) s.push(n === 1 ? `sqrDigits(${sq}, ${src});` : `sqrNDigits(${sq}, ${src}, ${n});`);
    if (times !== undefined) s.push(`mulDigits(${dst}, ${sq}, ${times});`);
    return `  ${s.join(' ')} // ${to}`;
  });
  return [
    '/** Sets o ≡ a^(2^k) (mod p), k ≥ 1, on lazy digits; o may alias a. */',
    'function sqrNDigits(o: Float64Array, a: Float64Array, k: number): void {',
    '  sqrDigits(o, a);',
    '  for (let i = 1; i < k; i++) sqrDigits(o, o);',
    '}',
    '',
    '/**',
    ' * Sets a ≡ a^((p+1)/4) (mod p) on lazy digits, by the addition chain',
    ' * (p+1)/4 = [223 ones] 0 [22 ones] 0000 1100 of [LIBSECP] (x_k = a^(2^k − 1) up to',
    ` * x223): ${squarings} squarings and ${multiplications} multiplications. s0…s4 are scratch.`,
    ' */',
    `export function powSqrtDigits(a: Float64Array, ${pool.map((x) => `${x}: Float64Array`).join(', ')}): void {`,
    ...calls,
    '}',
  ].join('\n');
}

function fieldKernels() {
  return [
    '/**',
    ' * The kernels of `FieldVal` (secp256k1 base field, p = 2^256 − 2^32 − 977): the products',
    ' * `mulLimbs` / `sqrLimbs` on ten 26-bit limbs, and `sqrDigits` / `mulDigits` on the',
    ' * lazy 24-bit digits of the square-root chain `powSqrtDigits`; the final reduction',
    ' * `normalizeLimbs` (printed by gen/secp256k1-linear.mjs, which prints the WebAssembly',
    ' * `normalize` too). Unrolled straight-line code, written by',
    ' * packages/field/gen/secp256k1.mjs (the readable statement of the algorithm); the module',
    ' * doc of field.ts, which calls them, proves the bounds (sections "Exact multiplication',
    ' * without 64-bit integers" and "LAZY DIGITS").',
    ' */',
    '',
    'const B24 = 16777216;',
    'const R24 = 1 / 16777216;',
    '',
    '/** Sets o = a·b (magnitude 1); o may alias a or b (all limbs are read first). */',
    'export function mulLimbs(o: Uint32Array, a: Uint32Array, b: Uint32Array): void {',
    body(false),
    '}',
    '',
    '/** Sets o = a² (magnitude 1); o may alias a. */',
    'export function sqrLimbs(o: Uint32Array, a: Uint32Array): void {',
    body(true),
    '}',
    '',
    '/** Sets o ≡ a² (mod p) on lazy 24-bit digits (see LAZY DIGITS in the module doc); o may alias a. */',
    'export function sqrDigits(o: Float64Array, a: Float64Array): void {',
    body(true, true),
    '}',
    '',
    '/** Sets o ≡ a·b (mod p) on lazy 24-bit digits (see LAZY DIGITS in the module doc); o may alias a or b. */',
    'export function mulDigits(o: Float64Array, a: Float64Array, b: Float64Array): void {',
    body(false, true),
    '}',
    '',
    sqrtChain(),
    '',
    linearTS(),
  ].join('\n');
}
// ---- ModNScalar (mod n) ----
const CP = [12500736, 7548873, 4205985, 12017604, 2300240, 83281]; // 2^264 mod n = 256·c
const C = [13221567, 10580783, 12861485, 5289823, 5317401, 325]; // c = 2^256 − n
let uid = 0;
function gen(square) {
  const o = [];
  const v = (p) => `${p}${uid++}`;
  // load 16-bit limbs -> 11 digits
  const load = (src, pfx) => loadDigits24(o, v, src, pfx);
  const A = load('a', 'a');
  const B = square ? A : load('b', 'b');
  const D2 = [];
  if (square) {
    for (let i = 0; i < 10; i++) {
      const x = v("t");
      o.push(`  const ${x} = 2 * ${A[i]};`);
      D2.push(x);
    }
  }
  // product columns
  const cols = [];
  for (let k = 0; k <= 20; k++) {
    const t = columnTerms(k, (i) => A[i], (j) => B[j], square, (i) => D2[i]);
    const x = v('C');
    o.push(`  const ${x} = ${t.join(' + ')};`);
    cols.push(x);
  }
  // two parallel split passes: columns (< 2^52) -> digits (< 2^24 + 2^5)
  // Two split passes producing exactly `keep` digits (the dropped ones are zero by the value bound).
  const split = (X, keep) => {
    const q = X.map((x) => { const n = v('q'); o.push(`  const ${n} = Math.floor(${x} * R24);`); return n; });
    const Y = X.map((x, k) => { const n = v('y'); o.push(`  const ${n} = ${x} - ${q[k]} * B24${k > 0 ? ` + ${q[k - 1]}` : ''};`); return n; });
    Y.push(q[q.length - 1]);
    // second pass in int32 (every y < 2^28)
    const Q = [];
    for (let k = 0; k < Math.min(Y.length, keep - 1); k++) {
      const n = v('Q');
      o.push(`  const ${n} = ${Y[k]} >>> 24;`);
      Q.push(n);
    }
    const Z = [];
    for (let k = 0; k < keep; k++) {
      const n = v('z');
      const base = k < Y.length ? (k < keep - 1 ? `(${Y[k]} & 0xffffff)` : Y[k]) : null;
      // the top kept digit keeps its own high bits (nothing above it is kept)
      const parts = [];
      if (base !== null && base !== undefined)
        parts.push(base);
      const qk = Q[k - 1];
      if (k > 0 && qk !== undefined)
        parts.push(qk);
      o.push(`  const ${n} = ${parts.join(' + ')};`);
      Z.push(n);
    }
    return Z;
  };
  // fold digits >= 11 with 2^264 ≡ CP (6 digits)
  const fold = (Dg) => {
    const lo = Dg.slice(0, 11), hi = Dg.slice(11);
    const n = Math.max(11, hi.length + 5);
    const out = [];
    for (let k = 0; k < n; k++) {
      const t = k < 11 ? [lo[k]] : [];
      for (let i = 0; i < hi.length; i++) {
        const j = k - i;
        if (j >= 0 && j < 6)
          t.push(`${CP[j]} * ${hi[i]}`);
      }
      const x = v('F');
      o.push(`  const ${x} = ${t.length ? t.join(' + ') : '0'};`);
      out.push(x);
    }
    return out;
  };
  o.push('  // 512-bit product -> digits');
  // Digits are non-negative, so a value below 2^(24L) has zero digits from L on:
  // trim to the proven lengths (product < 2^512: 22 digits; after the folds
  // < 2^386: 17, < 2^264 + 2^259: 12, < 2^264 + 2^137: 12).
  const SP = split;
  o.push('  let c = 0;');
  let Dg = SP(cols, 22);
  o.push('  // three folds of 2^264 ≡ 256·c (mod n)');
  Dg = SP(fold(Dg), 17);
  Dg = SP(fold(Dg), 12);
  Dg = SP(fold(Dg), 12);
  // now value < 2^264 + 2^139; digits 0..(len) with digits >= 12 zero
  o.push('  // fold everything from 2^256 up: H·c, H = bits ≥ 256 (< 2^9)');
  o.push(`  const H = (${Dg[10]} >>> 16) + 256 * (${Dg.slice(11).join(' + ')});`);
  const E = [];
  for (let k = 0; k < 11; k++) {
    const x = v('e');
    const base = k === 10 ? `(${Dg[10]} & 0xffff)` : Dg[k];
    o.push(`  let ${x} = ${base}${k < 6 ? ` + ${C[k]} * H` : ''};`);
    E.push(x);
  }
  o.push('  // sequential carry (digits 0..5 may exceed 2^31: use floor there)');
  o.push('  c = 0;');
  for (let k = 0; k < 11; k++) {
    if (k < 7)
      o.push(`  ${E[k]} += c; c = Math.floor(${E[k]} * R24); ${E[k]} -= c * B24;`);
    else
      o.push(`  ${E[k]} += c; c = ${E[k]} >>> 24; ${E[k]} &= 0xffffff;`);
  }
  o.push(`  // v < 2^256 + 2^138 < 2n (bit 256 is digit 10's bit 16). Subtract n iff v + c ≥ 2^256.`);
  const S = [];
  o.push('  c = 0;');
  for (let k = 0; k < 11; k++) {
    const x = v('s');
    o.push(`  let ${x} = ${E[k]} + ${k < 6 ? C[k] : 0} + c; c = ${x} >>> 24; ${x} &= 0xffffff;`);
    S.push(x);
  }
  o.push(`  const ge = (${S[10]} >>> 16) | (${E[10]} >>> 16);`);
  o.push(`  const keep = ge ^ 1;`);
  const R = [];
  for (let k = 0; k < 11; k++) {
    const x = v('r');
    o.push(`  const ${x} = ${k === 10 ? `(keep * ${E[k]} + ge * ${S[k]}) & 0xffff` : `keep * ${E[k]} + ge * ${S[k]}`};`);
    R.push(x);
  }
  o.push('  // 24-bit digits -> 16-bit limbs');
  for (let i = 0; i < 5; i++) {
    o.push(`  o[${3 * i}] = ${R[2 * i]} & 0xffff;`);
    o.push(`  o[${3 * i + 1}] = (${R[2 * i]} >>> 16) | ((${R[2 * i + 1]} & 0xff) << 8);`);
    o.push(`  o[${3 * i + 2}] = ${R[2 * i + 1]} >>> 8;`);
  }
  o.push(`  o[15] = ${R[10]};`);
  return o.join('\n');
}
// round(a·b / 2^320) for the GLV split.
function genRsh() {
  const o = [];
  const v = (p) => `${p}${uid++}`;
  const load = (src, pfx) => loadDigits24(o, v, src, pfx);
  const A = load('a', 'a'), B = load('b', 'b');
  const cols = [];
  for (let k = 0; k <= 20; k++) {
    const t = columnTerms(k, (i) => A[i], (j) => B[j]);
    const x = v('C');
    o.push(`  const ${x} = ${t.join(' + ')};`);
    cols.push(x);
  }
  o.push('  // exact 24-bit digits of the 512-bit product (sequential carry; columns < 2^51.5)');
  o.push('  let c = 0;');
  const D = [];
  for (let k = 0; k <= 20; k++) {
    const x = v('e');
    if (k < 13) {
      o.push(`  c = Math.floor((${cols[k]} + c) * R24);`);
      D.push(null);
    }
    else {
      o.push(`  const ${x}t = ${cols[k]} + c; c = Math.floor(${x}t * R24); const ${x} = ${x}t - c * B24;`);
      D.push(x);
    }
  }
  o.push('  const eTop = c;');
  D.push('eTop');
  o.push('  // bits 320.. : digit 13 from bit 8; the rounding bit is bit 319 = digit 13 bit 7');
  o.push(`  let r = (${D[13]} >>> 7) & 1;`);
  const R = [];
  for (let j = 0; j < 8; j++) {
    const x = v('r');
    const hi = D[14 + j] !== undefined ? ` | ((${D[14 + j]} & 0xff) << 16)` : '';
    o.push(`  let ${x} = ((${D[13 + j]} >>> 8)${hi}) + r; r = ${x} >>> 24; ${x} &= 0xffffff;`);
    R.push(x);
  }
  o.push('  // 8 digits -> 12 limbs, plus the rounding carry at 2^192');
  for (let i = 0; i < 4; i++) {
    o.push(`  o[${3 * i}] = ${R[2 * i]} & 0xffff;`);
    o.push(`  o[${3 * i + 1}] = (${R[2 * i]} >>> 16) | ((${R[2 * i + 1]} & 0xff) << 8);`);
    o.push(`  o[${3 * i + 2}] = ${R[2 * i + 1]} >>> 8;`);
  }
  o.push('  o[12] = r;');
  o.push('  o[13] = 0;');
  o.push('  o[14] = 0;');
  o.push('  o[15] = 0;');
  return o.join('\n');
}
/**
 * The ModNScalar mul kernel and the mul512Rsh320Round kernel (scalar-kernels.generated.ts).
 * No dedicated square kernel: ModNScalar.square is mulModN(o, a, a). A second unrolled kernel
 * (66 instead of 121 multiplies) cost 7.2 KB minified / 2.8 KB gzipped in every bundle that
 * uses ModNScalar (every secp256k1 one; benchmarks/src/size.ts) for an operation no Strata
 * protocol runs in a hot path (scalar inversion is safegcd). `gen(true)` still emits it.
 */
function scalarKernels() {
  uid = 0;
  const mulSqr = [
    '/**',
    ' * The multiplication kernels of `ModNScalar` (integers mod n, the secp256k1 group',
    ' * order) on sixteen 16-bit limbs: `mulModN` (a·b mod n; a square is mulModN(o, a, a))',
    ' * and `mulRsh320Round` (round(a·b / 2^320), the GLV split). Unrolled straight-line',
    ' * code, written by packages/field/gen/secp256k1.mjs (the readable statement of the',
    ' * algorithm); the module doc of scalar.ts, which calls them, gives the bounds.',
    ' */',
    '',
    'const B24 = 16777216;',
    'const R24 = 1 / 16777216;',
    '',
    '/** Sets o = a·b mod n (16-bit limbs in and out); o may alias a or b (a square is mulModN(o, a, a)). */',
    'export function mulModN(o: Uint32Array, a: Uint32Array, b: Uint32Array): void {',
    gen(false),
    '}',
  ].join('\n');
  const rsh = [
    '/** Sets o = round(a·b / 2^320) (16-bit limbs): 121 exact digit products, one carry pass. */',
    'export function mulRsh320Round(o: Uint32Array, a: Uint32Array, b: Uint32Array): void {',
    genRsh(),
    '}',
  ].join('\n');
  return { mulSqr, rsh };
}

/** The files this generator writes (relative to packages/field). */
export const FILES = ['src/secp256k1/field-kernels.generated.ts', 'src/secp256k1/scalar-kernels.generated.ts', 'wasm/secp256k1.generated.ts'];

/** Writes (or, with check = true, compares) the generated files; returns the ones missing or different. */
export function generate(check = false) {
  const { mulSqr, rsh } = scalarKernels();
  return writeGenerated('secp256k1.mjs', [
    { file: FILES[0], text: fieldKernels() },
    { file: FILES[1], text: `${mulSqr}\n\n${rsh}` },
    { file: FILES[2], text: asKernels() },
  ], check);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const diff = generate(process.argv.includes('--check'));
  for (const d of diff) console.log(`${process.argv.includes('--check') ? 'out of date' : 'regenerated'}: ${d}`);
  if (process.argv.includes('--check') && diff.length > 0) process.exitCode = 1;
}
