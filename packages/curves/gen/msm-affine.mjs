/**
 * The batch-affine Pippenger kernel of the WebAssembly engine, written once
 * and emitted for each Edwards field (index.mjs runs it):
 * - wasm/edwards/msm-affine.generated.ts   the generic complete Edwards curves
 *                                          (Jubjub, BabyJubjub) on
 *                                          @strata/field/wasm/prime-field.generated
 * - wasm/ed25519/msm-affine.generated.ts   edwards25519 on @strata/field/wasm/fe25519
 * The algorithm (wasm/edwards/msm-affine.ts has its description and
 * references) is the same text for both; a dialect below names each field
 * operation, how a staged input point is read, the point operations of the
 * window sums and the scratch. The two kernels share one memory region
 * (wasm/shared/msm-affine-layout.ts): one MSM runs at a time, and each
 * bridge writes its curve's constants (A', C, 1/B, B) before its chunks.
 *
 * fe25519 adds and subtracts limb by limb without a carry (magnitudes, see
 * @strata/field/wasm/fe25519.ts: \`mul\` takes m_a·m_b ≤ 16, \`isZero\` m ≤ 8).
 * Every element the kernel keeps (IN, POS, BUCKETS, the prefix products) is
 * a product or carried (magnitude 1): the sums of a round reach magnitude 6
 * (the tangent's numerator 3u² + 2A'u + C) before they meet a factor of
 * magnitude 1, u2 − u1 and 2v have magnitude 2, and a new bucket entry
 * (u3 of magnitude 4, v3 of 2) is carried when it is stored (\`carry\`, a
 * no-op on the prime field). The prime-field dialect's elements are always
 * fully reduced (Montgomery form), so its operations are used as they are.
 */

/** The generic complete Edwards curves: Montgomery-form elements of the curve's prime field. */
const prime = {
  file: 'wasm/edwards/msm-affine.generated.ts',
  what: 'the generic complete Edwards curves (Jubjub, BabyJubjub)',
  imports: [
    "import * as F from '@strata/field/wasm/prime-field.generated';",
    "import { ONE, feIn, invert } from './curve';",
    "import { add, addAffine, double, doubleNoT, setIdentity } from './point';",
    "import { signedDigits } from './msm';",
    "import { MSM_AFFINE, MSM_STAGE, TS_FE, TS_PT } from './layout';",
  ],
  prelude: [],
  mul: (d, a, b) => `F.mul(${d}, ${a}, ${b})`,
  // The lazy forms (below 2p, no final subtraction) where only products, an inversion or
  // isZeroLazy read the result: see prime-field.generated.ts for the bounds.
  mulLazy: (d, a, b) => `F.mulLazy(${d}, ${a}, ${b})`,
  subLazy: (d, a, b) => `F.subLazy1(${d}, ${a}, ${b})`,
  isZeroLazy: (a) => `F.isZeroLazy(${a}, 2)`,
  sqr: (d, a) => `F.sqr(${d}, ${a})`,
  add: (d, a, b) => `F.add(${d}, ${a}, ${b})`,
  sub: (d, a, b) => `F.sub(${d}, ${a}, ${b})`,
  neg: (d, a) => `F.neg(${d}, ${a})`,
  copy: (d, a) => `F.copy(${d}, ${a})`,
  isZero: (a) => `F.isZero(${a})`,
  equals: (a, b) => `F.equals(${a}, ${b})`,
  invert: (d, a, t) => `invert(${d}, ${a}, ${t})`,
  carry: () => [],
  one: 'ONE',
  stageDoc: '4 × 11 doubles each at MSM_STAGE; where\n * MSM_AFFINE[i] is 1 only x and y are read, Z = 1',
  /** Reads staged point i (its doubles at src) into X, Y, Z. */
  readStaged: (X, Y, Z) => [
    'const src = MSM_STAGE + <usize>i * TS_PT;',
    `feIn(${X}, src);`,
    `feIn(${Y}, src + TS_FE);`,
    `if (load<u8>(MSM_AFFINE + <usize>i) != 0) ${'F.copy'}(${Z}, ONE); else feIn(${Z}, src + 2 * TS_FE);`,
  ],
  setIdentity: (p) => `setIdentity(${p});`,
  doubleNoT: (p) => `doubleNoT(${p}, ${p});`,
  double: (p) => `double(${p}, ${p});`,
  addAffine: (p, q) => `addAffine(${p}, ${p}, ${q});`,
  addPoint: (p, q) => `add(${p}, ${p}, ${q});`,
};

/** edwards25519: fe25519 elements (ten limbs of radix 2^25.5), carried after every linear step. */
const fe25519 = {
  file: 'wasm/ed25519/msm-affine.generated.ts',
  what: 'edwards25519',
  imports: [
    "import * as fe from '@strata/field/wasm/fe25519';",
    "import { FE_CHAIN, MSM_STAGE } from './layout';",
    "import { addAffineXY, addExtended, dbl, identity, tRead } from './point';",
    "import { signedDigits } from '../edwards/msm';",
  ],
  prelude: [
    '/** 1 in 25.5-bit limbs. */',
    'const ONE: usize = memory.data<i32>([1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);',
    '',
  ],
  mul: (d, a, b) => `fe.mulOut(${d}, ${a}, ${b})`,
  // fe25519 has no final subtraction to skip: the lazy forms are the ordinary ones (the
  // "below 2p" notes of the shared text are about the prime field).
  mulLazy: (d, a, b) => `fe.mulOut(${d}, ${a}, ${b})`,
  subLazy: (d, a, b) => `fe.sub(${d}, ${a}, ${b})`,
  isZeroLazy: (a) => `fe.isZero(${a}, tRead) != 0`,
  sqr: (d, a) => `fe.squareOut(${d}, ${a})`,
  add: (d, a, b) => `fe.add(${d}, ${a}, ${b})`,
  sub: (d, a, b) => `fe.sub(${d}, ${a}, ${b})`,
  neg: (d, a) => `fe.neg(${d}, ${a})`,
  copy: (d, a) => `fe.copy(${d}, ${a})`,
  isZero: (a) => `fe.isZero(${a}, tRead) != 0`,
  equals: (a, b) => `fe.equal(${a}, ${b}, tRead) != 0`,
  invert: (d, a) => `fe.invert(${d}, ${a}, FE_CHAIN)`,
  carry: (d) => [`fe.carry(${d}, ${d});`],
  one: 'ONE',
  stageDoc: '4 × 15 TypeScript doubles each at\n * MSM_STAGE, X, Y, Z, T',
  readStaged: (X, Y, Z) => [
    'const src = MSM_STAGE + <usize>i * 480;',
    `fe.fromF64(${X}, src);`,
    `fe.fromF64(${Y}, src + 120);`,
    `fe.fromF64(${Z}, src + 240);`,
  ],
  setIdentity: (p) => `identity(${p});`,
  doubleNoT: (p) => `dbl(${p}, ${p}, 0);`,
  double: (p) => `dbl(${p}, ${p}, 1);`,
  addAffine: (p, q) => `addAffineXY(${p}, ${q});`,
  addPoint: (p, q) => `addExtended(${p}, ${q});`,
};

/** The kernel's text in dialect f. */
function emit(f) {
  const ind = (n, lines) => lines.map((l) => ' '.repeat(n) + l).join('\n');
  /** Lines indented by n, each after a newline (nothing for none). */
  const lines = (n, ls) => ls.map((l) => `\n${' '.repeat(n)}${l}`).join('');
  return `/**
 * The batch-affine Pippenger kernel for ${f.what}, written by
 * packages/curves/gen/msm-affine.mjs from the one text it shares with the
 * other Edwards field's (algorithm, memory map and references:
 * wasm/edwards/msm-affine.ts; region: wasm/shared/msm-affine-layout.ts).
 * Public scalars, variable time.
 */
${f.imports.join('\n')}
import {
  AFF, AMSM_SCALARS, B_IS_ONE, BUCKETS, DEN, DIGITS, FE, IN, KIND, LEN, MA, MC, MB, MINVB,
  PAIRKIND, POS, PRE, RUN, START, T0, T1, T2, T3, T4, T5, WSUM, AMSM_DIGITS, AMSM_MAX_WINDOW,
} from '../shared/msm-affine-layout';

${f.prelude.join('\n')}// @ts-ignore: decorator
@inline
function el(base: usize, i: i32): usize {
  return base + <usize>i * FE;
}

// @ts-ignore: decorator
@inline
function pt(base: usize, i: i32): usize {
  return base + <usize>i * AFF;
}

/** Sets pre[j] = 1/den[j] for j < m (prefix products in PRE on entry), with one inversion. */
function batchInvert(m: i32): void {
  const inv = T0;
  ${f.invert('inv', 'el(PRE, m - 1)', 'T1')};
  for (let j = m - 1; j > 0; j--) {
    ${f.mulLazy('el(PRE, j)', 'inv', 'el(PRE, j - 1)')}; //           inv, pre[j − 1] below 2p: below 2p
    ${f.mulLazy('inv', 'inv', 'el(DEN, j)')};
  }
  ${f.copy('PRE', 'inv')};
}

/**
 * Maps n staged points (${f.stageDoc}) to
 * Montgomery (u, v) at IN[start … start + n), their kinds in KIND, with one inversion of Π (Z − Y)·X over
 * the regular points. The curve's constants must be at AMSM_CONSTS. n ≤ the
 * staging area's points.
 */
export function amsmLoad(start: i32, n: i32): void {
  // Pass 1: IN.u = Z + Y, IN.v = Z, POS[i] = X (scratch until the inverse is known), DEN = (Z − Y)·X.
  let m = 0;
  for (let i = 0; i < n; i++) {
    const dst = pt(IN, start + i), X = pt(POS, i);
${ind(4, f.readStaged('X', 'T1', 'T2'))}
    ${f.sub('T3', 'T2', 'T1')};
    const k = KIND + <usize>(start + i);
    if (${f.isZero('X')}) {
      // x = 0: the identity (Y = Z) or (0, −1) ↦ (0, 0).
      store<u8>(k, ${f.isZero('T3')} ? 1 : 2);
      memory.fill(dst, 0, AFF);
      continue;
    }
    store<u8>(k, 0);
    ${f.add('dst', 'T2', 'T1')};
    ${f.copy('dst + FE', 'T2')};
    ${f.mulLazy('el(DEN, m)', 'T3', 'X')}; //                           below 2p: only products read DEN
    if (m == 0) ${f.copy('PRE', 'DEN')}; else ${f.mulLazy('el(PRE, m)', 'el(PRE, m - 1)', 'el(DEN, m)')};
    m++;
  }
  if (m == 0) return;
  batchInvert(m);
  // Pass 2: w = 1/(B·(Z − Y)·X); u = (Z + Y)·X·w, v = (Z + Y)·Z·w.
  m = 0;
  for (let i = 0; i < n; i++) {
    if (load<u8>(KIND + <usize>(start + i)) != 0) continue;
    const dst = pt(IN, start + i), w = el(PRE, m);
    m++;
    if (load<i32>(B_IS_ONE) == 0) ${f.mulLazy('w', 'w', 'MINVB')}; //   w below 2p until the last two products
    ${f.mulLazy('w', 'w', 'dst')};
    ${f.mul('dst + FE', 'w', 'dst + FE')};
    ${f.mul('dst', 'w', 'pt(POS, i)')};
  }
}

/** Counting sort of the points with a non-zero digit of window w into the bucket lists at POS. */
function sortIntoBuckets(w: i32, n: i32, nb: i32): void {
  memory.fill(LEN, 0, <usize>nb << 2);
  const dg = DIGITS + (<usize>(w * n) << 1);
  for (let i = 0; i < n; i++) {
    const d = <i32>load<i16>(dg + (<usize>i << 1));
    if (d == 0 || load<u8>(KIND + <usize>i) == 1) continue;
    const at = LEN + (<usize>((d > 0 ? d : -d) - 1) << 2);
    store<i32>(at, load<i32>(at) + 1);
  }
  let s: i32 = 0;
  for (let b = 0; b < nb; b++) {
    const o = <usize>b << 2;
    store<i32>(START + o, s);
    s += load<i32>(LEN + o);
    store<i32>(LEN + o, 0);
  }
  for (let i = 0; i < n; i++) {
    const d = <i32>load<i16>(dg + (<usize>i << 1));
    if (d == 0 || load<u8>(KIND + <usize>i) == 1) continue;
    const o = <usize>((d > 0 ? d : -d) - 1) << 2;
    const l = load<i32>(LEN + o);
    const dst = pt(POS, load<i32>(START + o) + l), src = pt(IN, i);
    ${f.copy('dst', 'src')};
    if (d > 0) ${f.copy('dst + FE', 'src + FE')}; else ${f.neg('dst + FE', 'src + FE')};
    store<i32>(LEN + o, l + 1);
  }
}

/**
 * Writes the denominators of a round's pairs (positions 2j and 2j + 1 of
 * every bucket list) to DEN and their prefix products to PRE, and returns
 * their number. Unchecked (checked = false), every pair is taken for a
 * chord, u2 − u1; checked, equal u make it a tangent (2v) or, for P + (−P)
 * and twice a point of order 2 (v = 0), a sum that is the identity
 * (denominator 1). The kinds go to PAIRKIND.
 */
function denominators(nb: i32, checked: bool): i32 {
  let m = 0;
  for (let b = 0; b < nb; b++) {
    const L = load<i32>(LEN + (<usize>b << 2));
    if (L < 2) continue;
    const s = load<i32>(START + (<usize>b << 2));
    for (let j = 0; j + 1 < L; j += 2) {
      const p1 = pt(POS, s + j), p2 = p1 + AFF, d = el(DEN, m);
      ${f.sub('d', 'p2', 'p1')}; //                                    u2 − u1
      if (!checked || !(${f.isZero('d')})) {
        store<u8>(PAIRKIND + <usize>m, 0);
      } else if (!(${f.equals('p1 + FE', 'p2 + FE')}) || ${f.isZero('p1 + FE')}) {
        store<u8>(PAIRKIND + <usize>m, 2); //                 P + (−P), or 2P with P of order 2
        ${f.copy('d', f.one)};
      } else {
        store<u8>(PAIRKIND + <usize>m, 1);
        ${f.add('d', 'p1 + FE', 'p1 + FE')}; //                        2v
      }
      if (m == 0) ${f.copy('PRE', 'd')}; else ${f.mulLazy('el(PRE, m)', 'el(PRE, m - 1)', 'd')};
      m++;
    }
  }
  return m;
}

/**
 * One round: adds every bucket list's entries in pairs (positions 2j and
 * 2j + 1), all with one batched inversion, writing the sums to the list's
 * first positions (an odd last entry moves after them; a sum that is the
 * identity is dropped); returns whether any pair was added.
 */
function round(nb: i32): bool {
  // Pass 1: the denominators and their prefix products, first taking every pair for a chord (no
  // comparison); a zero product means two equal u somewhere, and the pass runs again, checked.
  let m = denominators(nb, false);
  if (m == 0) return false;
  if (${f.isZeroLazy('el(PRE, m - 1)')}) m = denominators(nb, true); // the product is lazy (below 2p)
  batchInvert(m);
  // Pass 3: the sums, forwards (a sum goes to a position no later than its operands').
  const lam = T1, u3 = T2, tt = T3;
  m = 0;
  for (let b = 0; b < nb; b++) {
    const lo = LEN + (<usize>b << 2);
    const L = load<i32>(lo);
    if (L < 2) continue;
    const s = load<i32>(START + (<usize>b << 2));
    let out = 0;
    for (let j = 0; j + 1 < L; j += 2) {
      const pk = load<u8>(PAIRKIND + <usize>m);
      const invD = el(PRE, m);
      m++;
      if (pk == 2) continue;
      const p1 = pt(POS, s + j), p2 = p1 + AFF;
      if (pk == 0) {
        ${f.subLazy('lam', 'p2 + FE', 'p1 + FE')}; //                  λ = (v2 − v1)/(u2 − u1)
        ${f.mulLazy('lam', 'lam', 'invD')}; //                         below 2p: only products read λ
        ${f.sqr('u3', 'lam')};
        ${f.sub('u3', 'u3', 'MA')};
        ${f.sub('u3', 'u3', 'p1')};
        ${f.sub('u3', 'u3', 'p2')}; //                                 u3 = λ² − A' − u1 − u2
      } else {
        ${f.sqr('lam', 'p1')}; //                                    λ = (3u1² + 2A'·u1 + C)/(2v1)
        ${f.add('tt', 'lam', 'lam')};
        ${f.add('lam', 'lam', 'tt')};
        ${f.mul('tt', 'MA', 'p1')};
        ${f.add('tt', 'tt', 'tt')};
        ${f.add('lam', 'lam', 'tt')};
        ${f.add('lam', 'lam', 'MC')};
        ${f.mulLazy('lam', 'lam', 'invD')};
        ${f.sqr('u3', 'lam')};
        ${f.sub('u3', 'u3', 'MA')};
        ${f.sub('u3', 'u3', 'p1')};
        ${f.sub('u3', 'u3', 'p1')}; //                                 u3 = λ² − A' − 2u1
      }
      const o = pt(POS, s + out);
      ${f.subLazy('tt', 'p1', 'u3')}; //                               below 2p: a product reads it
      ${f.mul('tt', 'tt', 'lam')};
      ${f.sub('o + FE', 'tt', 'p1 + FE')}; //                          v3 = λ·(u1 − u3) − v1
      ${f.copy('o', 'u3')};${lines(6, [...f.carry('o'), ...f.carry('o + FE')])}
      out++;
    }
    if ((L & 1) == 1) {
      // The odd last entry moves to the first free position (out ≤ L − 1).
      if (out != L - 1) memory.copy(pt(POS, s + out), pt(POS, s + L - 1), AFF);
      out++;
    }
    store<i32>(lo, out);
  }
  return true;
}

/** Sets out = B·u for the scaled u at p (u itself when B = 1), and returns out. */
function unscaled(out: usize, p: usize): usize {
  if (load<i32>(B_IS_ONE) != 0) return p;
  ${f.mul('out', 'p', 'MB')};
  return out;
}

/**
 * Writes each non-empty bucket's point (one entry left in its list) to
 * BUCKETS[b] in Edwards affine form, x = u/v, y = (B·u − 1)/(B·u + 1), with
 * one inversion of Π v·(B·u + 1) ((0, 0) ↦ (0, −1)); returns the number of
 * non-empty buckets.
 */
function bucketsToEdwards(nb: i32): i32 {
  let m = 0;
  for (let b = 0; b < nb; b++) {
    if (load<i32>(LEN + (<usize>b << 2)) == 0) continue;
    const p = pt(POS, load<i32>(START + (<usize>b << 2))), d = el(DEN, m);
    if (${f.isZero('p + FE')}) ${f.copy('d', f.one)};
    else {
      ${f.add('d', 'unscaled(T4, p)', f.one)};
      ${f.mulLazy('d', 'd', 'p + FE')}; //                             below 2p: only products read DEN
    }
    if (m == 0) ${f.copy('PRE', 'd')}; else ${f.mulLazy('el(PRE, m)', 'el(PRE, m - 1)', 'd')};
    m++;
  }
  if (m == 0) return 0;
  batchInvert(m);
  m = 0;
  for (let b = 0; b < nb; b++) {
    if (load<i32>(LEN + (<usize>b << 2)) == 0) continue;
    const p = pt(POS, load<i32>(START + (<usize>b << 2))), w = el(PRE, m), q = pt(BUCKETS, b);
    m++;
    if (${f.isZero('p + FE')}) {
      memory.fill(q, 0, FE); //                               (0, 0) ↦ (0, −1)
      ${f.neg('q + FE', f.one)};
      continue;
    }
    const bu = unscaled(T3, p);
    ${f.add('T4', 'bu', f.one)};
    ${f.mulLazy('T4', 'T4', 'p')};
    ${f.sub('T5', 'bu', f.one)};
    ${f.mulLazy('T5', 'T5', 'p + FE')}; //                             T4, T5, w below 2p: the products reduce
    ${f.mul('q', 'T4', 'w')}; //                                       x = u/v = u·(B·u + 1)·w
    ${f.mul('q + FE', 'T5', 'w')}; //                                  y = (B·u − 1)/(B·u + 1) = (B·u − 1)·v·w
  }
  return m;
}

/**
 * Sets r = Σ kᵢ·Pᵢ over the n points loaded at IN (scalars at AMSM_SCALARS,
 * their top non-zero bit below maxBits + 1) by the batch-affine bucket
 * method with window c, raised as needed so the digits fit AMSM_DIGITS and
 * clamped to [2, AMSM_MAX_WINDOW]. n ≤ AMSM_MAX.
 */
export function amsmRun(r: usize, n: i32, c: i32, maxBits: i32): void {
  ${f.setIdentity('r')}
  if (n == 0 || maxBits == 0) return;
  c = max(2, min(c, AMSM_MAX_WINDOW));
  let windows = (maxBits + c) / c;
  while (c < AMSM_MAX_WINDOW && windows * n > AMSM_DIGITS) {
    c++;
    windows = (maxBits + c) / c;
  }
  const nb = 1 << (c - 1);
  // windows·c ≥ maxBits + 1: no carry out of the top window.
  signedDigits(DIGITS, AMSM_SCALARS, n, c, windows);
  for (let w = windows - 1; w >= 0; w--) {
    if (w != windows - 1) {
      for (let j = 1; j < c; j++) ${f.doubleNoT('r')}
      ${f.double('r')}
    }
    sortIntoBuckets(w, n, nb);
    while (round(nb)) { /* halve every list */ }
    if (bucketsToEdwards(nb) == 0) continue;
    // Σ_b (b + 1)·bucket_b by running sums from the top bucket down.
    ${f.setIdentity('RUN')}
    ${f.setIdentity('WSUM')}
    let started = false;
    for (let b = nb - 1; b >= 0; b--) {
      if (load<i32>(LEN + (<usize>b << 2)) != 0) {
        ${f.addAffine('RUN', 'pt(BUCKETS, b)')}
        started = true;
      }
      if (started) ${f.addPoint('WSUM', 'RUN')}
    }
    ${f.addPoint('r', 'WSUM')}
  }
}
`;
}

/** The generated files: [{ file, text }] (text without the header line). */
export function generateMsmAffine() {
  return [prime, fe25519].map((f) => ({ file: f.file, text: emit(f) }));
}
