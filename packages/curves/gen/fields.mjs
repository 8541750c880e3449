/**
 * The field operations a formula may use, per field and per target: the
 * magnitude model (each operation's preconditions and the magnitude of what
 * it produces, as the field's own doc comments state them) and the source
 * text of each operation on the target's field API.
 *
 * A model rule gets the operands (each { mag, norm }, or a number for an
 * integer argument) and a `fail(message)`, and returns { mag, norm?, m? }
 * (m: the magnitude bound passed to a negation).
 */

// ---------------------------------------------------------------------------
// secp256k1: FieldVal (packages/field/src/secp256k1/field.ts) and its
// AssemblyScript twin (packages/field/wasm/secp256k1.ts), the same ten 26-bit
// limbs and the same magnitude rules: products take operands ≤ 8 and give 1
// (the AssemblyScript lazy products `mulLazy` / `squareLazy`, which skip the
// second carry chain, give 2; the TypeScript engine has no lazy product and
// runs `mul` / `square` for them), sums add magnitudes, `negate(a, m)` of a
// ≤ m gives m + 1, `mulInt(a, k)` gives k·m, every value stays ≤ 32.

const product = (lazyMag) => ([a, b], fail) => {
  for (const x of b === undefined ? [a] : [a, b]) if (x.mag > 8) fail(`a product operand of magnitude ${x.mag} (the field takes ≤ 8)`);
  return { mag: lazyMag };
};

const secpOps = (lazyMag) => ({
  mul: product(1),
  sqr: product(1),
  mulL: product(lazyMag),
  sqrL: product(lazyMag),
  add: ([a, b]) => ({ mag: a.mag + b.mag }),
  neg: ([a], fail) => {
    if (a.mag > 31) fail(`negate of magnitude ${a.mag} (the field takes ≤ 31)`);
    return { mag: a.mag + 1, m: a.mag };
  },
  mulInt: ([a, k], fail) => {
    if (typeof k !== 'number' || k > 32) fail('mulInt takes an integer 0 ≤ k ≤ 32');
    return { mag: a.mag * k };
  },
  norm: () => ({ mag: 1, norm: true }),
  copy: ([a]) => ({ mag: a.mag, norm: a.norm }),
  half: ([a], fail) => {
    if (a.mag > 30) fail(`half of magnitude ${a.mag} (the field takes ≤ 30)`);
    return { mag: Math.floor(a.mag / 2) + 2 };
  },
  // `d = cmov a b k`: d = b when the flag k is 1, else a, limb by limb with
  // masks (no branch); the result has the larger of the two magnitudes.
  cmov: Object.assign(([a, b, k], fail) => {
    if (k?.flag !== true) fail('cmov selects on a flag (a `flag k = isZero a` step)');
    return { mag: Math.max(a.mag, b.mag), norm: a.norm && b.norm };
  }, { flagArg: 2 }),
});

export const secp256k1 = {
  model: {
    ts: { maxMag: 32, ops: secpOps(1) },
    as: { maxMag: 32, ops: secpOps(2) },
  },
  tsType: 'FieldVal',
  tsPoint: 'Coords',
  /** TypeScript: methods of FieldVal (the destination is the receiver). */
  ts: (loc) => ({
    op: ({ dst, op, args, m }) => {
      const [a, b] = args.map(loc), d = loc(dst);
      switch (op) {
        case 'mul': case 'mulL': return [`${d}.mul(${a}, ${b});`];
        case 'sqr': case 'sqrL': return [`${d}.square(${a});`];
        case 'add': return [`${d}.add(${a}, ${b});`];
        case 'neg': return [`${d}.negate(${a}, ${m});`];
        case 'mulInt': return [`${d}.mulInt(${a}, ${b});`];
        case 'norm': return d === a ? [`${d}.normalize();`] : [`${d}.set(${a}).normalize();`];
        case 'copy': return [`${d}.set(${a});`];
        case 'half': return d === a ? [`halfInPlace(${d});`] : [`${d}.set(${a});`, `halfInPlace(${d});`];
        case 'cmov': return [`fcmov(${d}, ${a}, ${b}, ${args[2]});`];
      }
      throw new Error(`no TypeScript form for ${op}`);
    },
    flag: (name, cond, a, ind) => [`${ind}const ${name} = zeroFlag(${loc(a)});`],
    exit: (cond, args, ind) => {
      const [a, b, c, d] = args.map(loc), s = c;
      if (cond === 'equal') return [`${ind}if (${a}.equals(${b})) return ${c}.equals(${d}) ? 1 : 2;`];
      return [
        `${ind}${s}.set(${a}).normalize();`,
        `${ind}if (${s}.isZero()) {`,
        `${ind}  ${s}.set(${b}).normalize();`,
        `${ind}  return ${s}.isZero() ? 1 : 2;`,
        `${ind}}`,
      ];
    },
  }),
  tsPrelude: (temps, body) => [
    "import { FieldVal } from '@strata/field';",
    ...(body.includes('halfInPlace(') ? ["import { halfInPlace } from './half.js';"] : []),
    '',
    '/** The coordinates a formula reads and writes: a JacobianPoint, a projective point or a LazyAcc. */',
    'export interface Coords {',
    '  readonly x: FieldVal;',
    '  readonly y: FieldVal;',
    '  readonly z: FieldVal;',
    '}',
    '',
    '// Module-level scratch: the formulas allocate nothing per call.',
    ...temps.map((t) => `const ${t} = new FieldVal();`),
    ...(body.includes('fcmov(') ? [
      '',
      '/** Returns 1 when the normalized v is 0, else 0, from the limbs (no branch). */',
      'function zeroFlag(v: FieldVal): number {',
      '  const n = v.n;',
      '  return ((n[0]! | n[1]! | n[2]! | n[3]! | n[4]! | n[5]! | n[6]! | n[7]! | n[8]! | n[9]!) - 1) >>> 31;',
      '}',
      '',
      '/** Sets d = b when k = 1 and d = a when k = 0, limb by limb with masks (no branch); d may alias a or b. */',
      'function fcmov(d: FieldVal, a: FieldVal, b: FieldVal, k: number): void {',
      '  const m = -k | 0, dn = d.n, an = a.n, bn = b.n; // | 0: −0 is a double to V8, not a small integer',
      '  for (let i = 0; i < 10; i++) dn[i] = (an[i]! & ~m) | (bn[i]! & m);',
      '}',
    ] : []),
  ],
  as: {
    offsets: { x: 0, y: 40, z: 80 },
    cond: (c, a) => `F.${c}(${a})`,
    api: (loc) => ({
      op: ({ dst, op, args, m }) => {
        const [a, b] = args.map(loc), d = loc(dst);
        switch (op) {
          case 'mul': return [`fmul(${d}, ${a}, ${b});`];
          case 'sqr': return [`fsqr(${d}, ${a});`];
          case 'mulL': return [`fmulL(${d}, ${a}, ${b});`];
          case 'sqrL': return [`fsqrL(${d}, ${a});`];
          case 'add': return [`F.add(${d}, ${a}, ${b});`];
          case 'neg': return [`F.negate(${d}, ${a}, ${m});`];
          case 'mulInt': return [`F.mulInt(${d}, ${a}, ${b});`];
          case 'norm': return d === a ? [`F.normalize(${d});`] : [`F.copy(${d}, ${a});`, `F.normalize(${d});`];
          case 'copy': return [`F.copy(${d}, ${a});`];
          case 'half': return d === a ? [`F.half(${d});`] : [`F.copy(${d}, ${a});`, `F.half(${d});`];
          case 'cmov': return [`fcmov(${d}, ${a}, ${b}, ${args[2]});`];
        }
        throw new Error(`no AssemblyScript form for ${op}`);
      },
      flag: (name, cond, a, ind) => [`${ind}const ${name} = F.isZero(${loc(a)});`],
      exit: (cond, args, ind) => {
        const [a, b, c, d] = args.map(loc), s = c;
        if (cond === 'equal') return [`${ind}if (F.equals(${a}, ${b})) return F.equals(${c}, ${d}) ? 1 : 2;`];
        return [
          `${ind}F.copy(${s}, ${a});`,
          `${ind}F.normalize(${s});`,
          `${ind}if (F.isZero(${s})) {`,
          `${ind}  F.copy(${s}, ${b});`,
          `${ind}  F.normalize(${s});`,
          `${ind}  return F.isZero(${s}) ? 1 : 2;`,
          `${ind}}`,
        ];
      },
    }),
  },
  asPrelude: (temps) => [
    "import * as F from '@strata/field/wasm/secp256k1';",
    "import { fcmov, fmul, fmulL, fsqr, fsqrL, slot } from './field-ops';",
    '',
    '// Scratch slots of the formulas (field-ops.ts, layout.ts).',
    ...temps.map((t) => `const ${t.toUpperCase()}: usize = slot(${t.slice(1)});`),
  ],
};

// ---------------------------------------------------------------------------
// GF(2^255 − 19): Fe25519 (packages/field/src/ed25519/fe25519.ts: fifteen
// 17-bit limbs in doubles) and the AssemblyScript fe25519 (packages/field/
// wasm/fe25519.ts: ten 25.5-bit limbs in i32). Magnitude m: limbs below m
// times those of a product; products and carries give 1, add / sub / negSum
// give the sum, subTwice(a, b) gives m_a + 2·m_b, neg keeps m. The
// TypeScript products take operands ≤ 31 each; the AssemblyScript `mul` is
// exact for m_a·m_b ≤ 16 and `square` for m ≤ 4 (its header), and no i32
// limb may reach 2^31 (m ≤ 31).

const edOps = (target) => ({
  mul: ([a, b], fail) => {
    if (target === 'ts' && (a.mag > 31 || b.mag > 31)) fail(`a product operand of magnitude ${Math.max(a.mag, b.mag)} (Fe25519 takes ≤ 31)`);
    if (target === 'as' && a.mag * b.mag > 16) fail(`a product of magnitudes ${a.mag}·${b.mag} (fe25519.mul is exact for m_a·m_b ≤ 16)`);
    return { mag: 1 };
  },
  sqr: ([a], fail) => {
    if (target === 'ts' && a.mag > 31) fail(`a square of magnitude ${a.mag} (Fe25519 takes ≤ 31)`);
    if (target === 'as' && a.mag > 4) fail(`a square of magnitude ${a.mag} (fe25519.square is exact for m ≤ 4)`);
    return { mag: 1 };
  },
  add: ([a, b]) => ({ mag: a.mag + b.mag }),
  sub: ([a, b]) => ({ mag: a.mag + b.mag }),
  negSum: ([a, b]) => ({ mag: a.mag + b.mag }),
  subTwice: ([a, b]) => ({ mag: a.mag + 2 * b.mag }),
  neg: ([a]) => ({ mag: a.mag }),
  copy: ([a]) => ({ mag: a.mag }),
  one: () => ({ mag: 1 }),
  inv: ([a], fail) => {
    if (a.mag > 1) fail(`an inversion of magnitude ${a.mag} (a product first)`);
    return { mag: 1 };
  },
});

export const ed25519 = {
  model: {
    // Fe25519 `equals` / `isZero` canonicalize first: they take any magnitude the field allows.
    ts: { maxMag: 31, ops: edOps('ts'), constants: { D: { mag: 1 }, D2: { mag: 1 }, ONE: { mag: 1 }, TWO: { mag: 1 } }, compare: 'any' },
    as: { maxMag: 31, ops: edOps('as'), constants: {} },
  },
  tsType: 'Fe25519',
  tsPoint: 'Extended',
  /** TypeScript: methods of Fe25519, and the fused steps of fused.ts. */
  ts: (loc) => ({
    op: ({ dst, op, args }) => {
      const [a, b] = args.map(loc), d = loc(dst);
      switch (op) {
        case 'mul': return [`${d}.mul(${a}, ${b});`];
        case 'sqr': return [`${d}.square(${a});`];
        case 'add': return [`${d}.add(${a}, ${b});`];
        case 'sub': return [`${d}.sub(${a}, ${b});`];
        case 'neg': return [`${d}.negate(${a});`];
        case 'negSum': return [`negSum(${d}, ${a}, ${b});`];
        case 'subTwice': return [`subTwice(${d}, ${a}, ${b});`];
        case 'copy': return [`${d}.set(${a});`];
        case 'one': return [`${d}.setOne();`];
        case 'inv': return [`${d}.invert(${a});`];
      }
      throw new Error(`no TypeScript form for ${op}`);
    },
    exit: () => {
      throw new Error('the edwards25519 formulas have no exceptional cases');
    },
    reject: (cond, [a, b], ind) => [cond === 'zero' ? `${ind}if (${loc(a)}.isZero()) return false;` : `${ind}if (!${loc(a)}.equals(${loc(b)})) return false;`],
  }),
  tsConstant: { D: 'FE_D', D2: 'FE_D2', ONE: 'FE_ONE', TWO: 'FE_TWO' },
  tsPrelude: (temps, body) => [
    "import { Fe25519 } from '@strata/field';",
    ...((names) => (names.length > 0 ? [`import { ${names.join(', ')} } from './params.js';`] : []))(['FE_D', 'FE_D2'].filter((n) => new RegExp(`\\b${n}\\b`).test(body))),
    ...(body.includes('negSum(') || body.includes('subTwice(') ? ["import { negSum, subTwice } from './fused.js';"] : []),
    '',
    '/** Extended coordinates (X : Y : Z : T): a Point. */',
    'export interface Extended {',
    '  readonly X: Fe25519;',
    '  readonly Y: Fe25519;',
    '  readonly Z: Fe25519;',
    '  readonly T: Fe25519;',
    '}',
    '',
    '/** The cached form (Y + X, Y − X, 2Z, 2d·T): a PointCached. */',
    'export interface Cached {',
    '  readonly yPlusX: Fe25519;',
    '  readonly yMinusX: Fe25519;',
    '  readonly z2: Fe25519;',
    '  readonly t2d: Fe25519;',
    '}',
    '',
    '/** The affine Niels form (y + x, y − x, 2d·x·y): a PointNiels. */',
    'export interface Niels {',
    '  readonly yPlusX: Fe25519;',
    '  readonly yMinusX: Fe25519;',
    '  readonly xy2d: Fe25519;',
    '}',
    '',
    '/** Projective coordinates (X : Y : Z): a PointProj. */',
    'export interface Proj {',
    '  readonly X: Fe25519;',
    '  readonly Y: Fe25519;',
    '  readonly Z: Fe25519;',
    '}',
    '',
    '/** Affine coordinates (x, y): a PointAffine. */',
    'export interface Affine {',
    '  readonly x: Fe25519;',
    '  readonly y: Fe25519;',
    '}',
    '',
    '// Module-level scratch: the formulas allocate nothing per call.',
    ...temps.map((t) => `const ${t} = new Fe25519();`),
    // The constants 1 and 2 the formulas use (FE_ONE, FE_TWO), defined here.
    ...((c) => (c.length > 0 ? ['', '// The field constants the formulas read.', ...c] : []))(
      [['FE_ONE', 'setOne()'], ['FE_TWO', 'setInt(2)']].filter(([n]) => new RegExp(`\\b${n}\\b`).test(body)).map(([n, set]) => `const ${n} = new Fe25519().${set};`),
    ),
  ],
  as: {
    // Extended X, Y, Z, T; cached Y+X, Y−X, 2Z, 2d·T; Niels y+x, y−x, 2d·xy (40 bytes each).
    offsets: { X: 0, Y: 40, Z: 80, T: 120, yPlusX: 0, yMinusX: 40, z2: 80, t2d: 120, xy2d: 80 },
    cond: () => {
      throw new Error('the edwards25519 formulas have no branches');
    },
    api: (loc) => ({
      op: ({ dst, op, args }) => {
        const [a, b] = args.map(loc), d = loc(dst);
        switch (op) {
          case 'mul': return [`fe.mulOut(${d}, ${a}, ${b});`];
          case 'sqr': return [`fe.squareOut(${d}, ${a});`];
          case 'add': return [`fe.add(${d}, ${a}, ${b});`];
          case 'sub': return [`fe.sub(${d}, ${a}, ${b});`];
          case 'neg': return [`fe.neg(${d}, ${a});`];
          case 'negSum': return [`fe.negSum(${d}, ${a}, ${b});`];
          case 'subTwice': return [`fe.subTwice(${d}, ${a}, ${b});`];
          case 'copy': return [`fe.copy(${d}, ${a});`];
        }
        throw new Error(`no AssemblyScript form for ${op}`);
      },
      exit: () => {
        throw new Error('the edwards25519 formulas have no exceptional cases');
      },
    }),
  },
  asPrelude: (temps) => [
    "import * as fe from '@strata/field/wasm/fe25519';",
    "import { FE_TMP } from './layout';",
    '',
    '// Field scratch of the formulas: the first elements of FE_TMP (layout.ts).',
    ...temps.map((t) => `const ${t.toUpperCase()}: usize = FE_TMP${t === 't0' ? '' : ` + ${40 * Number(t.slice(1))}`};`),
  ],
};

// ---------------------------------------------------------------------------
// The generic prime fields of the twisted Edwards curves (Jubjub,
// Bandersnatch, BabyJubjub): PrimeField (packages/field/src/generic/
// prime-field.ts), Montgomery elements in Float64Array limbs, every
// operation fully reduced (magnitude 1, normalized: the model has nothing to
// check but the order of reads and writes), and its AssemblyScript twin
// (packages/field/wasm/prime-field.generated.ts, the same invariant). The element
// size depends on the curve, so the scratch is the curve's (`c.s`): t<i> is
// c.s[i], bound on entry to each formula; a and d are the curve's
// constants (c.aM, c.dM, c.d2M = 2d), and `mulA` is a negation when a = −1;
// E0, E1 are the constants of the GLV endomorphism (c.endo0M, c.endo1M).
// `d = cmov a b k` sets d = b when the flag k (a `flag k = isZero z` step)
// is 1 and d = a otherwise, without a branch (the field's cmov).

// `mulL` / `sqrL` are the lazy products of the AssemblyScript kernels (below); the TypeScript
// engine has none and runs `mul` / `square` for them.

const reduced = () => ({ mag: 1, norm: true });
const primeOps = Object.fromEntries(['mul', 'sqr', 'mulL', 'sqrL', 'add', 'sub', 'neg', 'mulA', 'inv', 'one', 'copy'].map((op) => [op, reduced]));
primeOps.cmov = Object.assign(([, , k], fail) => {
  if (k?.flag !== true) fail('cmov selects on a flag (a `flag k = isZero a` step)');
  return { mag: 1, norm: true };
}, { flagArg: 2 });

// The AssemblyScript kernels (packages/field/wasm/prime-field.generated.ts, its module doc
// proves the bounds) keep every point coordinate fully reduced, but a formula's
// intermediates are lazy: magnitude k means a value below k·p with carried limbs (p <
// 2^255, so k ≤ 64 fits nine 29-bit limbs). A product takes operands whose magnitudes
// multiply to at most 64 and gives a reduced value (`mul`, `sqr`) or one below 2p (`mulL`,
// `sqrL`, no final subtraction); `add` is `addLazy` (magnitudes add), `sub` is `subLazy<m>`
// (a + m·p − b for the smallest m of 1, 2, 4, 8 with b below m·p: magnitude a + m); `neg`
// takes a reduced value, and so does `mulA` (curve.ts mulALazy: mulSmall, a negation
// p − y or a lazy product), whose result is below 2p; the exits test lazy
// values for zero modulo p (`isZeroLazy`).
const PRODUCT_MAG = 64;
/** The multiples of the field's subLazy<m> kernels (packages/field/gen/prime-field-as.mjs MULTIPLES). */
const SUB_MULTIPLES = [1, 2, 4, 8];
const lazyProduct = (lazy) => ([a, b], fail) => {
  const m = a.mag * (b === undefined ? a.mag : b.mag);
  if (m > PRODUCT_MAG) fail(`a product of magnitudes ${a.mag} and ${b === undefined ? a.mag : b.mag} (the field takes a product of ≤ ${PRODUCT_MAG})`);
  return lazy ? { mag: 2 } : { mag: 1, norm: true };
};
const reducedIn = ([a], fail) => {
  if (!a.norm) fail(`an operand of magnitude ${a.mag}, not reduced (the field takes reduced values here)`);
  return { mag: 1, norm: true };
};
const primeAsOps = {
  mul: lazyProduct(false),
  sqr: lazyProduct(false),
  mulL: lazyProduct(true),
  sqrL: lazyProduct(true),
  add: ([a, b]) => ({ mag: a.mag + b.mag }),
  sub: ([a, b], fail) => {
    const m = SUB_MULTIPLES.find((k) => k >= b.mag);
    if (m === undefined) fail(`a subtrahend of magnitude ${b.mag} (subLazy takes ≤ ${SUB_MULTIPLES[SUB_MULTIPLES.length - 1]})`);
    return { mag: a.mag + m, m };
  },
  neg: reducedIn,
  mulA: (ins, fail) => ({ ...reducedIn(ins, fail), mag: 2, norm: false }),
  one: reduced,
  copy: ([a]) => ({ mag: a.mag, norm: a.norm }),
  cmov: Object.assign(([a, b, k], fail) => {
    if (k?.flag !== true) fail('cmov selects on a flag (a `flag k = isZero a` step)');
    return { mag: Math.max(a.mag, b.mag), norm: a.norm && b.norm };
  }, { flagArg: 2 }),
};

const primeConstants = { D: { mag: 1 }, D2: { mag: 1 }, E0: { mag: 1 }, E1: { mag: 1 } };

export const prime = {
  model: {
    ts: { maxMag: 1, ops: primeOps, constants: primeConstants },
    as: { maxMag: PRODUCT_MAG, ops: primeAsOps, constants: primeConstants, zeroTest: 'any' },
  },
  tsType: 'PrimeFieldElement',
  tsPoint: 'Extended',
  tsLead: ['c: FormulaCurve'],
  tsConstant: { D: 'c.dM', D2: 'c.d2M', E0: 'c.endo0M', E1: 'c.endo1M' },
  /** TypeScript: methods of the curve's PrimeField F (the destination is the first argument). */
  ts: (loc) => ({
    op: ({ dst, op, args }) => {
      const [a, b] = args.map(loc), d = loc(dst);
      switch (op) {
        case 'mul': case 'mulL': return [`F.mul(${d}, ${a}, ${b});`];
        case 'sqr': case 'sqrL': return [`F.square(${d}, ${a});`];
        case 'add': return [`F.add(${d}, ${a}, ${b});`];
        case 'sub': return [`F.sub(${d}, ${a}, ${b});`];
        case 'neg': return [`F.negate(${d}, ${a});`];
        case 'mulA': return [`if (c.aIsMinusOne) F.negate(${d}, ${a}); else F.mul(${d}, ${a}, c.aM);`];
        case 'inv': return [`F.invert(${d}, ${a});`];
        case 'one': return [`F.setOne(${d});`];
        case 'copy': return [`${d}.set(${a});`];
        case 'cmov': return [`F.cmov(${d}, ${a}, ${b}, ${args[2]});`];
      }
      throw new Error(`no TypeScript form for ${op}`);
    },
    exit: (cond, args, ind) => {
      const zero = args.map((a) => `F.isZero(${loc(a)})`).join(' || ');
      if (cond === 'incomplete') return [`${ind}if (!c.complete && ${args.length > 1 ? `(${zero})` : zero}) return 1;`];
      if (cond === 'anyZero') return [`${ind}if (${zero}) return 1;`];
      throw new Error(`no TypeScript form for the exit ${cond}`);
    },
    reject: (cond, [a, b], ind) => [cond === 'zero' ? `${ind}if (F.isZero(${loc(a)})) return false;` : `${ind}if (!F.equals(${loc(a)}, ${loc(b)})) return false;`],
    flag: (name, cond, a, ind) => [`${ind}const ${name} = F.isZero(${loc(a)}) ? 1 : 0;`],
  }),
  /** Binds the field and the temporaries a formula uses to the curve's. */
  tsEntry: (temps) => [
    temps.length === 0 ? '  const F = c.F;' : '  const F = c.F, s = c.s;',
    ...(temps.length === 0 ? [] : [`  const ${temps.map((t) => `${t} = s[${t.slice(1)}]!`).join(', ')};`]),
  ],
  /**
   * AssemblyScript: the pointer API of @strata/field/wasm/prime-field.generated
   * (9 × 29-bit limbs, 40 bytes an element); the curve in use is wasm/edwards/curve.ts's
   * (its constants D, D2, E0, E1, ONE in memory, the flag COMPLETE and mulA, the product
   * by the curve's a, all public per curve); t<i> is S<i>, the i-th 40-byte slot of FE_TMP (wasm/edwards/layout.ts).
   */
  as: {
    offsets: { X: 0, Y: 40, Z: 80, T: 120, x: 0, y: 40 },
    // S<i>, not T<i>: the dedicated addition has a parameter T2.
    temp: (t) => `S${t.slice(1)}`,
    cond: () => {
      throw new Error('the generic Edwards formulas branch on flags only');
    },
    api: (loc) => ({
      op: ({ dst, op, args, m }) => {
        const [a, b] = args.map(loc), d = loc(dst);
        switch (op) {
          case 'mul': return [`F.mul(${d}, ${a}, ${b});`];
          case 'sqr': return [`F.sqr(${d}, ${a});`];
          case 'mulL': return [`F.mulLazy(${d}, ${a}, ${b});`];
          case 'sqrL': return [`F.sqrLazy(${d}, ${a});`];
          case 'add': return [`F.addLazy(${d}, ${a}, ${b});`];
          case 'sub': return [`F.subLazy${m}(${d}, ${a}, ${b});`];
          case 'neg': return [`F.neg(${d}, ${a});`];
          case 'mulA': return [`mulALazy(${d}, ${a});`];
          case 'one': return [`F.copy(${d}, ONE);`];
          case 'copy': return [`F.copy(${d}, ${a});`];
          case 'cmov': return [`F.cmov(${d}, ${a}, ${b}, ${args[2]});`];
        }
        throw new Error(`no AssemblyScript form for ${op}`);
      },
      exit: (cond, args, ind, vals) => {
        const zero = args.map((a, i) => (vals[i].norm ? `F.isZero(${loc(a)})` : `F.isZeroLazy(${loc(a)}, ${vals[i].mag})`)).join(' || ');
        if (cond === 'incomplete') return [`${ind}if (!COMPLETE && ${args.length > 1 ? `(${zero})` : zero}) return 1;`];
        if (cond === 'anyZero') return [`${ind}if (${zero}) return 1;`];
        throw new Error(`no AssemblyScript form for the exit ${cond}`);
      },
      flag: (name, cond, a, ind) => [`${ind}const ${name}: u32 = <u32>F.isZero(${loc(a)});`],
    }),
  },
  asPrelude: (temps, body) => [
    "import * as F from '@strata/field/wasm/prime-field.generated';",
    `import { ${['COMPLETE', 'D', 'D2', 'E0', 'E1', 'ONE', 'mulALazy'].filter((n) => new RegExp(`\\b${n}\\b`).test(body)).join(', ')} } from './curve';`,
    "import { FE_TMP } from './layout';",
    '',
    '// Field scratch of the formulas: 40-byte slots of FE_TMP (layout.ts).',
    ...temps.map((t) => `const S${t.slice(1)}: usize = FE_TMP${t === 't0' ? '' : ` + ${40 * Number(t.slice(1))}`};`),
  ],
  tsPrelude: () => [
    "import type { PrimeField, PrimeFieldElement } from '@strata/field';",
    '',
    '/** What the formulas use of a curve (an EdwardsCurve has it all). */',
    'export interface FormulaCurve {',
    '  readonly F: PrimeField;',
    '  /** Field scratch: the formulas use s[0..9] and s[16..23] (the dedicated addition). */',
    '  readonly s: readonly PrimeFieldElement[];',
    '  /** True iff the unified addition law is complete (no exceptional case). */',
    '  readonly complete: boolean;',
    '  readonly aIsMinusOne: boolean;',
    '  /** a, d and 2d in Montgomery form. */',
    '  readonly aM: PrimeFieldElement;',
    '  readonly dM: PrimeFieldElement;',
    '  readonly d2M: PrimeFieldElement;',
    '  /** The constants of the GLV endomorphism in Montgomery form (a curve with one). */',
    '  readonly endo0M: PrimeFieldElement;',
    '  readonly endo1M: PrimeFieldElement;',
    '}',
    '',
    '/** Extended coordinates (X : Y : Z : T): a PointExtended. */',
    'export interface Extended {',
    '  readonly X: PrimeFieldElement;',
    '  readonly Y: PrimeFieldElement;',
    '  readonly Z: PrimeFieldElement;',
    '  readonly T: PrimeFieldElement;',
    '}',
    '',
    '/** Projective coordinates (X : Y : Z): a PointProj. */',
    'export interface Proj {',
    '  readonly X: PrimeFieldElement;',
    '  readonly Y: PrimeFieldElement;',
    '  readonly Z: PrimeFieldElement;',
    '}',
    '',
    '/** Affine coordinates (x, y): a PointAffine. */',
    'export interface Affine {',
    '  readonly x: PrimeFieldElement;',
    '  readonly y: PrimeFieldElement;',
    '}',
  ],
};
