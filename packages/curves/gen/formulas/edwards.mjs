/**
 * The point formulas of the generic twisted Edwards curves
 * a·x² + y² = 1 + d·x²·y² (src/edwards: Jubjub, Bandersnatch, BabyJubjub)
 * over the curve's PrimeField (TypeScript; the AssemblyScript engine takes the
 * formulas not marked targets ['ts']): extended (X : Y : Z : T)
 * [HWCD08], projective (X : Y : Z) [BBJLP08] and affine (x, y) additions
 * and doublings, the dedicated addition of the exceptional case, the GLV
 * endomorphism ψ, the curve-equation checks and the cross-multiplied
 * equality of projective points (predicates: `reject` steps). A
 * general a is the `mulA` step (a negation when a = −1); the a = −1
 * extended additions are edwards25519's (formulas/ed25519.mjs,
 * `extendedABCD` and `finish`).
 *
 * Incomplete curves (Bandersnatch; the module doc of src/edwards/point.ts):
 * every unified addition stops before it writes anything when its Z3 = F·G
 * would be 0 and returns 1 (`exit incomplete F G`, no test on a complete
 * curve); the caller then runs the dedicated addition (`dedicatedEFGH`,
 * which returns 1 when the sum itself is at infinity: the caller throws)
 * and writes its sum with `dedicatedExtended` / `dedicatedProj`.
 *
 * References: [HWCD08] Hisil, Wong, Carter, Dawson, "Twisted Edwards Curves
 * Revisited", ASIACRYPT 2008 (§3.1 unified, §3.2 dedicated); [BBJLP08]
 * Bernstein, Birkner, Joye, Lange, Peters, "Twisted Edwards Curves",
 * AFRICACRYPT 2008; [Bandersnatch] Masson, Sanso, Zhang, ePrint 2021/1152
 * (the endomorphism, §3); [EFD] hyperelliptic.org/EFD/g1p/auto-twisted-extended.html,
 * …-extended-1.html, …-projective.html.
 */
import { extendedABCD, finish } from './ed25519.mjs';
import { affineAdd, affineOnCurve, projAdd, projDouble, projEquals, projOnCurve } from './twisted-edwards.mjs';

const ext = { coords: ['X', 'Y', 'Z', 'T'], mag: 1, normalized: true, ts: 'Extended' };
const proj = { coords: ['X', 'Y', 'Z'], mag: 1, normalized: true, ts: 'Proj' };
const affine = { coords: ['x', 'y'], mag: 1, normalized: true, ts: 'Affine' };
const fe = { mag: 1, normalized: true };
/** E, F, G, H of dedicatedEFGH: reduced on the TypeScript engine, lazy sums (magnitude ≤ 3) on the AssemblyScript one. */
const efgh = { mag: 1, magOn: { as: 3 }, normalized: true, normOn: { as: false } };
const out = (p, ...alias) => ({ ...p, kind: 'out', alias });

const exitDoc = [
  'Returns 0, or 1 on an incomplete curve when Z3 = F·G = 0 (the exceptional',
  'case: r is not written; the caller takes the dedicated addition).',
];

/**
 * The input of a doubling: reduced on the TypeScript engine; on the AssemblyScript one X, Y,
 * Z may be lazy (below 2p: extendedDoubleLazy's output, as doubleNoT leaves it).
 */
const extLazy = { ...ext, magOn: { as: 2 }, normOn: { as: false } };

/** A … H of dbl-2008-hwcd into t0 … t7 (E = t4, F = t5, G = t6, H = t7); A reduced for mulA. */
const doubleEFGH = [
  ['t0 = sqr p.X', 'A = X1²'],
  ['t1 = sqrL p.Y', 'B = Y1²'],
  ['t2 = sqrL p.Z'],
  ['t2 = add t2 t2', 'C = 2·Z1²'],
  ['t3 = mulA t0', 'D = a·A'],
  ['t4 = add p.X p.Y'],
  ['t4 = sqrL t4'],
  ['t4 = sub t4 t0'],
  ['t4 = sub t4 t1', 'E = (X1 + Y1)² − A − B'],
  ['t6 = add t3 t1', 'G = D + B'],
  ['t5 = sub t6 t2', 'F = G − C'],
  ['t7 = sub t3 t1', 'H = D − B'],
];

/** E·F, G·H, F·G, E·H from t4 = E, t5 = F, t6 = G, t7 = H ([HWCD08] §3.1). */
const products = finish.slice(4);

/** The a = −1 extended additions: edwards25519's steps with the incomplete-curve exit before the products. */
const addMinusOne = (affineQ) => [...extendedABCD(0, affineQ, 'mulL'), ...finish.slice(0, 4), ['exit incomplete t5 t6'], ...products];

/** The general-a extended additions ([EFD] add-2008-hwcd / madd-2008-hwcd): A, B, C, D, E, H into t0 … t4, t7. */
const addGeneral = (affineQ) => {
  const [X2, Y2, T2] = affineQ ? ['q.x', 'q.y', null] : ['q.X', 'q.Y', 'q.T'];
  return [
    [`t0 = mul p.X ${X2}`, 'A = X1·X2'],
    [`t1 = mulL p.Y ${Y2}`, 'B = Y1·Y2'],
    ...(T2 ? [[`t2 = mulL p.T ${T2}`]] : [['t2 = mulL q.x q.y', 'T2 = x2·y2'], ['t2 = mulL t2 p.T']]),
    ['t2 = mulL t2 D', 'C = d·T1·T2'],
    ...(affineQ ? [] : [['t3 = mulL p.Z q.Z', 'D = Z1·Z2']]),
    ['t5 = add p.X p.Y'],
    [`t6 = add ${X2} ${Y2}`],
    ['t4 = mulL t5 t6'],
    ['t4 = sub t4 t0'],
    ['t4 = sub t4 t1', 'E = (X1 + Y1)·(X2 + Y2) − A − B'],
    ['t7 = mulA t0'],
    ['t7 = sub t1 t7', 'H = B − a·A'],
    [`t5 = sub ${affineQ ? 'p.Z' : 't3'} t2`, 'F = D − C'],
    [`t6 = add ${affineQ ? 'p.Z' : 't3'} t2`, 'G = D + C'],
    ['exit incomplete t5 t6'],
    ...products,
  ];
};

export default {
  curve: 'edwards',
  header: {
    ts: [
      '/**',
      ' * The point formulas of the generic twisted Edwards curves (Jubjub,',
      ' * Bandersnatch, BabyJubjub) over the curve\'s PrimeField, written from the',
      ' * description in packages/curves/gen/formulas/edwards.mjs (whose a = −1',
      ' * extended additions are edwards25519\'s). point.ts and dedicated.ts call',
      ' * them; the callers handle the exceptional case of an incomplete curve',
      ' * (the formulas return 1 for it).',
      ' */',
    ],
    as: [
      '/**',
      ' * The point formulas of the generic twisted Edwards curves for the',
      ' * WebAssembly engine, written from the same description as the TypeScript',
      ' * ones (packages/curves/gen/formulas/edwards.mjs): extended additions,',
      ' * doubling, the dedicated addition of the exceptional case and the GLV',
      ' * endomorphism, on the curve in use (curve.ts). point.ts calls them and',
      ' * handles the exceptional case of an incomplete curve (the formulas return',
      ' * 1 for it) exactly as src/edwards/point.ts does.',
      ' */',
    ],
  },
  formulas: [
    {
      name: 'extendedAddMinusOne',
      inline: false,
      doc: ['Sets r = p + q for extended p, q on a curve with a = −1. [EFD] add-2008-hwcd-3:', '8M + 1·(2d). r may alias p or q.', ...exitDoc],
      params: { r: out(ext, 'p', 'q'), p: ext, q: ext },
      body: addMinusOne(false),
    },
    {
      name: 'extendedAdd',
      inline: false,
      doc: ['Sets r = p + q for extended p, q (general a). [EFD] add-2008-hwcd:', '9M + 1·a + 1·d. r may alias p or q.', ...exitDoc],
      params: { r: out(ext, 'p', 'q'), p: ext, q: ext },
      body: addGeneral(false),
    },
    {
      name: 'extendedAddAffineMinusOne',
      inline: false,
      doc: ['Sets r = p + q for an extended p and an affine q (Z2 = 1, T2 = x2·y2) on a', 'curve with a = −1. [EFD] madd-2008-hwcd-3: 7M + 1·(2d) + 1M for T2.', 'r may alias p.', ...exitDoc],
      params: { r: out(ext, 'p'), p: ext, q: affine },
      body: addMinusOne(true),
    },
    {
      name: 'extendedAddAffine',
      inline: false,
      doc: ['Sets r = p + q for an extended p and an affine q (general a). [EFD]', 'madd-2008-hwcd: 8M + 1·a + 1·d + 1M for T2. r may alias p.', ...exitDoc],
      params: { r: out(ext, 'p'), p: ext, q: affine },
      body: addGeneral(true),
    },
    {
      name: 'extendedDouble',
      inline: false,
      doc: [
        'Sets r = 2·p (extended, general a): [EFD] dbl-2008-hwcd, 4M + 4S + 1·a; with',
        'withT = 0 the T product is skipped (3M + 4S + 1·a, T left stale: only',
        'before another doubling, which ignores T). Never exceptional (2P is never',
        'at infinity: no rational 4-torsion). r may alias p.',
      ],
      params: { r: out(ext, 'p'), p: extLazy, withT: { kind: 'flag' } },
      body: [
        ...doubleEFGH,
        ['r.X = mul t4 t5', 'X3 = E·F'],
        ['r.Y = mul t6 t7', 'Y3 = G·H'],
        ['r.Z = mul t5 t6', 'Z3 = F·G'],
        ['if flag withT', [['r.T = mul t4 t7', 'T3 = E·H']], []],
      ],
    },
    {
      name: 'extendedDoubleLazy',
      targets: ['as'],
      inline: false,
      doc: [
        'Sets r = 2·p leaving T stale and X, Y, Z lazy (below 2p, not reduced): the',
        'doubling before another doubling, which takes such a point (and ignores T).',
        '3M + 4S + 1·a, the three products without their final subtraction. r may alias p.',
      ],
      params: { r: { ...out(ext, 'p'), coords: ['X', 'Y', 'Z'], post: 2 }, p: extLazy },
      body: [
        ...doubleEFGH,
        ['r.X = mulL t4 t5', 'X3 = E·F'],
        ['r.Y = mulL t6 t7', 'Y3 = G·H'],
        ['r.Z = mulL t5 t6', 'Z3 = F·G'],
      ],
    },
    {
      name: 'projAdd',
      targets: ['ts'],
      doc: ['Sets r = p + q for projective p, q. [EFD] add-2008-bbjlp: 10M + 1S + 1·a', '+ 1·d. r may alias p or q.', ...exitDoc],
      params: { r: out(proj, 'p', 'q'), p: proj, q: proj },
      body: projAdd(false, false),
    },
    {
      name: 'projAddAffine',
      targets: ['ts'],
      doc: ['Sets r = p + q for a projective p and an affine q. [EFD] madd-2008-bbjlp:', '9M + 1S + 1·a + 1·d. r may alias p.', ...exitDoc],
      params: { r: out(proj, 'p'), p: proj, q: affine },
      body: projAdd(true, false),
    },
    {
      name: 'projDouble',
      targets: ['ts'],
      doc: ['Sets r = 2·p (projective). [EFD] dbl-2008-bbjlp: 3M + 4S + 1·a. r may alias p.'],
      params: { r: out(proj, 'p'), p: proj },
      body: projDouble(false),
    },
    {
      name: 'affineAdd',
      targets: ['ts'],
      doc: [
        'Sets r = p + q with the affine law x3 = (x1y2 + y1x2)/(1 + d·x1x2y1y2),',
        'y3 = (y1y2 − a·x1x2)/(1 − d·x1x2y1y2) ([BBJLP08] §3), both denominators',
        'inverted together: 1I + 9M + 1·a + 1·d. r may alias p or q.',
        'Returns 0, or 1 on an incomplete curve when a denominator is 0 (r is not',
        'written; the caller takes the dedicated addition).',
      ],
      params: { r: out(affine, 'p', 'q'), p: affine, q: affine },
      body: affineAdd(false),
    },
    {
      name: 'dedicatedEFGH',
      inline: false,
      doc: [
        'Sets c.s[20..23] = (E, F, G, H) of the dedicated addition of the extended',
        'points (X1 : Y1 : Z1 : T1) and (X2 : Y2 : Z2 : T2) ([HWCD08] §3.2, [EFD]',
        'add-2008-hwcd-2): A = X1·X2, B = Y1·Y2, C = Z1·T2, D = T1·Z2, E = D + C,',
        'F = (X1 − Y1)·(X2 + Y2) + B − A, G = B + a·A, H = D − C; the sum is',
        '(E·F : G·H : F·G : E·H). Exact when P − Q is at infinity, where the unified',
        'law gives (0 : 0 : 0 : 0). Returns 0, or 1 when F·G = 0 (the sum is itself',
        'at infinity). Reads every input before it writes; scratch s[16..23]; 5M + 1·a.',
      ],
      params: { X1: fe, Y1: fe, Z1: fe, T1: fe, X2: fe, Y2: fe, Z2: fe, T2: fe },
      body: [
        ['t16 = mul X1 X2', 'A = X1·X2'],
        ['t17 = mul Y1 Y2', 'B = Y1·Y2'],
        ['t18 = mul Z1 T2', 'C = Z1·T2'],
        ['t19 = mul T1 Z2', 'D = T1·Z2'],
        ['t20 = add t19 t18', 'E = D + C'],
        ['t23 = sub t19 t18', 'H = D − C'],
        ['t21 = sub X1 Y1'],
        ['t22 = add X2 Y2'],
        ['t21 = mul t21 t22'],
        ['t21 = add t21 t17'],
        ['t21 = sub t21 t16', 'F = (X1 − Y1)·(X2 + Y2) + B − A'],
        ['t22 = mulA t16'],
        ['t22 = add t17 t22', 'G = B + a·A'],
        ['exit anyZero t21 t22'],
      ],
    },
    {
      name: 'dedicatedExtended',
      inline: false,
      doc: ['Sets r = (E·F : G·H : F·G : E·H), the dedicated sum in extended form. 4M.'],
      params: { r: out(ext), e: efgh, f: efgh, g: efgh, h: efgh },
      body: [['r.X = mul e f'], ['r.Y = mul g h'], ['r.T = mul e h'], ['r.Z = mul f g']],
    },
    {
      name: 'dedicatedProj',
      targets: ['ts'],
      doc: ['Sets r = (E·F : G·H : F·G), the dedicated sum in projective form. 3M.'],
      params: { r: out(proj), e: fe, f: fe, g: fe, h: fe },
      body: [['r.X = mul e f'], ['r.Y = mul g h'], ['r.Z = mul f g']],
    },
    {
      name: 'endomorphism',
      inline: false,
      doc: [
        'Sets r = ψ(p), the GLV endomorphism of Bandersnatch in projective form',
        '([Bandersnatch] §3, gnark-crypto\'s constants e0 = E0, e1 = E1): with zz = Z²,',
        'yy = Y², X\' = e1·(zz − yy)·(yy − e0·zz), Y\' = e0·(yy + e0·zz)·XY,',
        'Z\' = (yy − e0·zz)·XY; then back to extended. 10M + 3S. Only for a curve',
        'with an endomorphism (the caller checks). r may alias p.',
        '',
        'The formula degenerates to (0 : 0 : 0) when x·y = 0. On an affine',
        'Bandersnatch point that means x = 0 (a = −5 is not a square, so no',
        'affine point has y = 0): the identity and the 2-torsion point (0, −1),',
        'which is the kernel of ψ (the formula depends on x·y and y² only, so',
        'ψ(P + (0, −1)) = ψ(P)). Both map to the identity (0 : 1 : 1), selected',
        'without a branch. (ψ(P) is at infinity only if y² = e0, which no',
        'rational affine point satisfies.)',
      ],
      params: { r: out(ext, 'p'), p: ext },
      body: [
        ['t0 = sqr p.Z', 'zz = Z²'],
        ['t1 = sqr p.Y', 'yy = Y²'],
        ['t2 = mul p.X p.Y', 'XY'],
        ['t3 = sub t0 t1'],
        ['t3 = mul t3 E1', 'f = e1·(zz − yy)'],
        ['t0 = mul t0 E0', 'e0·zz'],
        ['t4 = add t1 t0'],
        ['t4 = mul t4 E0', 'g = e0·(yy + e0·zz)'],
        ['t5 = sub t1 t0', 'h = yy − e0·zz'],
        ['t6 = mul t3 t5', 'X\' = f·h'],
        ['t7 = mul t4 t2', 'Y\' = g·XY'],
        ['t8 = mul t5 t2', 'Z\' = h·XY'],
        ['flag ker = isZero t2'],
        ['t3 = one'],
        ['t6 = cmov t6 t2 ker', 'X\' = XY = 0 on the kernel'],
        ['t7 = cmov t7 t3 ker', 'Y\' = 1 on the kernel'],
        ['t8 = cmov t8 t3 ker', 'Z\' = 1 on the kernel'],
        ['r.X = mul t6 t8'],
        ['r.Y = mul t7 t8'],
        ['r.T = mul t6 t7'],
        ['r.Z = sqr t8'],
      ],
    },
    {
      name: 'projEquals',
      targets: ['ts'],
      doc: [
        'Reports whether the projective (or extended) p and q are the same point',
        '(X1·Z2 = X2·Z1 and Y1·Z2 = Y2·Z1; 4M). False when either has Z = 0 (not a',
        'point: the cross-multiplication alone would call (0 : 0 : 0) equal to everything).',
      ],
      params: { p: proj, q: proj },
      body: projEquals(true),
    },
    {
      name: 'affineIsOnCurve',
      targets: ['ts'],
      doc: ['Reports whether a·x² + y² = 1 + d·x²·y². 1M + 2S + 1·a + 1·d.'],
      params: { p: affine },
      body: affineOnCurve(false),
    },
    {
      name: 'projIsOnCurve',
      targets: ['ts'],
      doc: ['Reports whether Z ≠ 0 and (a·X² + Y²)·Z² = Z⁴ + d·X²·Y². 2M + 4S + 1·a + 1·d.'],
      params: { p: proj },
      body: projOnCurve(false),
    },
    {
      name: 'extendedIsOnCurve',
      targets: ['ts'],
      doc: [
        'Reports whether Z ≠ 0, X·Y = Z·T and a·X² + Y² = Z² + d·T² (the curve',
        'equation times Z², given T = XY/Z). 2M + 4S + 1·a + 1·d.',
      ],
      params: { p: ext },
      body: [
        ['reject zero p.Z'],
        ['t0 = mul p.X p.Y'],
        ['t1 = mul p.Z p.T'],
        ['reject unequal t0 t1'],
        ['t0 = sqr p.X'],
        ['t0 = mulA t0', 'a·X²'],
        ['t1 = sqr p.Y'],
        ['t0 = add t0 t1', 'a·X² + Y²'],
        ['t2 = sqr p.Z'],
        ['t3 = sqr p.T'],
        ['t3 = mul t3 D'],
        ['t2 = add t2 t3', 'Z² + d·T²'],
        ['reject unequal t0 t2'],
      ],
    },
  ],
};
