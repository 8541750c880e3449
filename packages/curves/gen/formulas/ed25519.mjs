/**
 * The edwards25519 point formulas (−x² + y² = 1 + d·x²·y², a = −1) in
 * extended coordinates (X : Y : Z : T), x = X/Z, y = Y/Z, T = XY/Z
 * [HWCD08], each written once for both engines: the doubling, and the
 * additions and subtractions of a cached operand (Y+X, Y−X, 2Z, 2d·T), of an
 * affine Niels operand (y+x, y−x, 2d·xy), of the cached form of a point with
 * Z = 1 (the WebAssembly MSM's affine buckets) and of an extended operand
 * (the TypeScript `Point.add` / `Point.sub`). The formulas are complete
 * (no exceptional case) and carry nothing: sums and differences stay
 * small enough for the products (fields.mjs), which the generator checks
 * on both engines' representations.
 *
 * The TypeScript PointProj and PointAffine formulas (a = −1, complete) are
 * the generic curves' projective and affine ones (twisted-edwards.mjs).
 *
 * References: [HWCD08] Hisil, Wong, Carter, Dawson, "Twisted Edwards Curves
 * Revisited", ASIACRYPT 2008; [EFD] hyperelliptic.org/EFD/g1p/auto-twisted-extended-1.html
 * (dbl-2008-hwcd, add-2008-hwcd-3, madd-2008-hwcd-3).
 */

import { affineAdd, affineOnCurve, projAdd, projDouble, projEquals, projOnCurve } from './twisted-edwards.mjs';

const EXT = ['X', 'Y', 'Z', 'T'];
/** An extended point: every coordinate a product or a carried value (magnitude 1). */
const ext = { coords: EXT, mag: 1, ts: 'Extended' };
/** An extended result that may share its storage with the inputs named. */
const result = (...alias) => ({ kind: 'out', coords: EXT, alias, post: 1, ts: 'Extended' });
/** A double's result, whose T is left stale. */
const resultNoT = { kind: 'out', coords: ['X', 'Y', 'Z'], alias: ['p'], post: 1, ts: 'Extended' };
/**
 * A cached operand: the TypeScript PointCached carries Y ± X and 2Z (magnitude
 * 1); the WebAssembly toCached leaves them as sums (magnitude 2).
 */
const cached = {
  coords: ['yPlusX', 'yMinusX', 'z2', 't2d'],
  mag: 1,
  magOn: { as: { yPlusX: 2, yMinusX: 2, z2: 2, t2d: 1 } },
  ts: 'Cached',
};
/** An affine Niels operand (carried on both engines). */
const niels = { coords: ['yPlusX', 'yMinusX', 'xy2d'], mag: 1, ts: 'Niels' };
/** The cached form of a point with Z = 1, read as a Niels operand (its 2d·T is 2d·xy). */
/** A projective and an affine operand of the TypeScript PointProj / PointAffine (carried values). */
const proj = { coords: ['X', 'Y', 'Z'], mag: 1, ts: 'Proj' };
const affine = { coords: ['x', 'y'], mag: 1, ts: 'Affine' };
const cachedAffine = { coords: ['yPlusX', 'yMinusX', 't2d'], mag: { yPlusX: 2, yMinusX: 2, t2d: 1 } };

/**
 * The common tail of the additions (4M): E = B − A, F = D − C, G = D + C,
 * H = B + A from t0 = A, t1 = B, t2 = C, t3 = D; r = (E·F : G·H : F·G : E·H).
 */
export const finish = [
  ['t4 = sub t1 t0', 'E = B − A'],
  ['t5 = sub t3 t2', 'F = D − C'],
  ['t6 = add t3 t2', 'G = D + C'],
  ['t7 = add t1 t0', 'H = B + A'],
  ['r.X = mul t4 t5', 'X3 = E·F'],
  ['r.Y = mul t6 t7', 'Y3 = G·H'],
  ['r.Z = mul t5 t6', 'Z3 = F·G'],
  ['r.T = mul t4 t7', 'T3 = E·H'],
];

/**
 * A, B and C of an addition (neg = 0) or subtraction (neg = 1) against an
 * operand whose Y ± X are q.yPlusX, q.yMinusX and whose k·T is q.<at>: −q
 * swaps Y + X and Y − X and negates k·T.
 */
const abc = (at) => {
  const k = at === 'xy2d' ? '2d·x2·y2' : '2d·T2';
  return [
    ['t0 = sub p.Y p.X'],
    ['if flag neg', [['t0 = mul t0 q.yPlusX', 'A = (Y1 − X1)·(Y2 + X2)']], [['t0 = mul t0 q.yMinusX', 'A = (Y1 − X1)·(Y2 − X2)']]],
    ['t1 = add p.Y p.X'],
    ['if flag neg', [['t1 = mul t1 q.yMinusX', 'B = (Y1 + X1)·(Y2 − X2)']], [['t1 = mul t1 q.yPlusX', 'B = (Y1 + X1)·(Y2 + X2)']]],
    [`t2 = mul p.T q.${at}`, `C = T1·${k}`],
    ['if flag neg', [['t2 = neg t2', `C = −T1·${k}`]], []],
  ];
};

/** The doubling (dbl-2008-hwcd, a = −1); T only when withT ≠ 0. */
const doubling = [
  ['t0 = sqr p.X', 'A = X1²'],
  ['t1 = sqr p.Y', 'B = Y1²'],
  ['t2 = sqr p.Z', 'Z1² (C = 2·Z1², folded into F)'],
  ['t4 = add p.X p.Y'],
  ['t4 = sqr t4', '(X1 + Y1)²'],
  ['t7 = negSum t0 t1', 'H = −A − B', 2],
  ['t4 = add t4 t7', 'E = (X1 + Y1)² − A − B', 3],
  ['t6 = sub t1 t0', 'G = B − A', 2],
  ['t5 = subTwice t6 t2', 'F = G − 2·Z1²', 4],
  ['r.X = mul t4 t5', 'X3 = E·F'],
  ['r.Y = mul t6 t7', 'Y3 = G·H'],
  ['r.Z = mul t5 t6', 'Z3 = F·G'],
  ['if flag withT', [['r.T = mul t4 t7', 'T3 = E·H']], []],
];

const flag = { kind: 'flag' };
const signDoc = 'neg = 1 gives p − q.';

/**
 * A = (Y1 − X1)·(Y2 ∓ X2), B = (Y1 + X1)·(Y2 ± X2), C = ±T1·T2·2d and
 * D = 2·Z1·Z2 of add-2008-hwcd-3 (a = −1) into t0 … t3, for p + q
 * (sub = 0) or p − q (sub = 1) of extended p, q, or (affine = true) of an
 * affine q = (x, y), with T2 = x·y and Z2 = 1: madd-2008-hwcd-3. The
 * generic Edwards curves with a = −1 (formulas/edwards.mjs) use it too, with
 * `mul` = 'mulL' (their lazy product: A … D feed only sums and products).
 */
export const extendedABCD = (sub, affine = false, mul = 'mul') => {
  const [X, Y] = affine ? ['q.x', 'q.y'] : ['q.X', 'q.Y'];
  return [
    ['t0 = sub p.Y p.X'],
    [sub ? `t1 = add ${Y} ${X}` : `t1 = sub ${Y} ${X}`],
    [`t0 = ${mul} t0 t1`, `A = (Y1 − X1)·(Y2 ${sub ? '+' : '−'} X2)`],
    ['t1 = add p.Y p.X'],
    [sub ? `t2 = sub ${Y} ${X}` : `t2 = add ${Y} ${X}`],
    [`t1 = ${mul} t1 t2`, `B = (Y1 + X1)·(Y2 ${sub ? '−' : '+'} X2)`],
    ...(affine ? [[`t2 = ${mul} q.x q.y`, 'T2 = x2·y2'], [`t2 = ${mul} t2 p.T`]] : [[`t2 = ${mul} p.T q.T`]]),
    [`t2 = ${mul} t2 D2`, `C = T1·T2·2d`],
    ...(sub ? [['t2 = neg t2', 'C = −T1·T2·2d']] : []),
    ...(affine ? [['t3 = add p.Z p.Z', 'D = 2·Z1']] : [[`t3 = ${mul} p.Z q.Z`], ['t3 = add t3 t3', 'D = 2·Z1·Z2']]),
  ];
};

const extendedForm = (sub) => ({
  name: sub ? 'extendedSub' : 'extendedAdd',
  doc: [
    `Sets r = p ${sub ? '−' : '+'} q for extended p, q. [EFD] add-2008-hwcd-3 (a = −1, k = 2d):`,
    `8M + 1·k (9M).${sub ? ' −q = (−X : Y : Z : −T).' : ''} r may alias p or q.`,
  ],
  targets: ['ts'],
  params: { r: result('p', 'q'), p: ext, q: ext },
  body: [...extendedABCD(sub), ...finish],
});

export default {
  curve: 'ed25519',
  header: {
    ts: [
      '/**',
      ' * The edwards25519 point formulas of the TypeScript engine, written from the',
      ' * one description in packages/curves/gen/formulas/ed25519.mjs (the',
      ' * AssemblyScript engine runs the same steps: wasm/ed25519/point-formulas.generated.ts).',
      ' * point.ts calls them. Each commented line gives the magnitude it produces.',
      ' */',
    ],
    as: [
      '/**',
      ' * The edwards25519 point formulas of the WebAssembly engine, written from the',
      ' * one description in packages/curves/gen/formulas/ed25519.mjs (the TypeScript',
      ' * engine runs the same steps: src/ed25519/point-formulas.generated.ts). A point',
      ' * is X, Y, Z, T at p, p + 40, p + 80, p + 120; a cached operand Y+X, Y−X, 2Z,',
      ' * 2d·T and a Niels one y+x, y−x, 2d·xy at the same offsets. point.ts calls',
      ' * them. Each commented line gives the magnitude it produces.',
      ' */',
    ],
  },
  formulas: [
    {
      name: 'extendedDouble',
      doc: [
        'Sets r = 2·p: [EFD] dbl-2008-hwcd (a = −1), 4M + 4S, no carry; with withT = 0',
        'the T product is skipped (3M + 4S, T left stale: only before another',
        'doubling, which ignores T). r may alias p.',
      ],
      params: { r: result('p'), p: ext, withT: flag },
      body: doubling,
    },
    {
      name: 'extendedAddCached',
      doc: [
        'Sets r = p + q for a cached q: [EFD] add-2008-hwcd-3 with 2Z2 and 2d·T2',
        `precomputed, 8M; ${signDoc} (−q swaps Y + X and Y − X and negates 2d·T).`,
        'r may alias p.',
      ],
      inline: false,
      params: { r: result('p'), p: ext, q: cached, neg: flag },
      body: [...abc('t2d'), ['t3 = mul p.Z q.z2', 'D = Z1·2Z2'], ...finish],
    },
    {
      name: 'extendedAddNiels',
      doc: [
        'Sets r = p + q for an affine Niels q: [EFD] madd-2008-hwcd-3 (Z2 = 1, k = 2d',
        `folded into the entry), 7M; ${signDoc} r may alias p.`,
      ],
      inline: false,
      params: { r: result('p'), p: ext, q: niels, neg: flag },
      body: [...abc('xy2d'), ['t3 = add p.Z p.Z', 'D = 2·Z1'], ...finish],
    },
    {
      name: 'extendedAddCachedAffine',
      doc: [
        'Sets r = p + q for the cached form q of a point with Z = 1 (so its 2d·T is',
        'the Niels 2d·xy): [EFD] madd-2008-hwcd-3 (7M) reading q\'s Y ± X and 2d·T,',
        `with 2·Z1 in place of Z1·2Z2; ${signDoc} r may alias p.`,
      ],
      targets: ['as'],
      inline: false,
      params: { r: result('p'), p: ext, q: cachedAffine, neg: flag },
      body: [...abc('t2d'), ['t3 = add p.Z p.Z', 'D = 2·Z1'], ...finish],
    },
    extendedForm(0),
    extendedForm(1),
    {
      name: 'projAdd',
      doc: ['Sets r = p + q for projective p, q. [EFD] add-2008-bbjlp (a = −1): 10M + 1S +', '1·d. Complete. r may alias p or q.'],
      targets: ['ts'],
      params: { r: { kind: 'out', coords: ['X', 'Y', 'Z'], alias: ['p', 'q'], post: 1, ts: 'Proj' }, p: proj, q: proj },
      body: projAdd(false, true),
    },
    {
      name: 'projAddAffine',
      doc: ['Sets r = p + q for a projective p and an affine q. [EFD] madd-2008-bbjlp', '(a = −1): 9M + 1S + 1·d. Complete. r may alias p.'],
      targets: ['ts'],
      params: { r: { kind: 'out', coords: ['X', 'Y', 'Z'], alias: ['p'], post: 1, ts: 'Proj' }, p: proj, q: affine },
      body: projAdd(true, true),
    },
    {
      name: 'projDouble',
      doc: ['Sets r = 2·p (projective). [EFD] dbl-2008-bbjlp (a = −1): 3M + 4S. r may alias p.'],
      targets: ['ts'],
      params: { r: { kind: 'out', coords: ['X', 'Y', 'Z'], alias: ['p'], post: 1, ts: 'Proj' }, p: proj },
      body: projDouble(true),
    },
    {
      name: 'affineAdd',
      doc: [
        'Sets r = p + q with the affine law (a = −1) x3 = (x1y2 + y1x2)/(1 + d·x1x2y1y2),',
        'y3 = (y1y2 + x1x2)/(1 − d·x1x2y1y2) ([BBJLP08] §3), both denominators inverted',
        'together: 1I + 9M + 1·d. Complete (d is a non-square). r may alias p or q.',
      ],
      targets: ['ts'],
      params: { r: { kind: 'out', coords: ['x', 'y'], alias: ['p', 'q'], post: 1, ts: 'Affine' }, p: affine, q: affine },
      body: affineAdd(true),
    },
    {
      name: 'affineDouble',
      doc: [
        'Sets r = 2·p with the dedicated affine doubling law (a = −1; the curve',
        'equation turns 1 ± d·x²y² into y² − x² and 2 + x² − y²) x3 = 2xy/(y² − x²),',
        'y3 = (y² + x²)/(2 + x² − y²) ([BBJLP08] §3), both denominators inverted',
        'together: 1I + 6M + 2S. Precondition: p is on the curve. r may alias p.',
      ],
      targets: ['ts'],
      params: { r: { kind: 'out', coords: ['x', 'y'], alias: ['p'], post: 1, ts: 'Affine' }, p: affine },
      body: [
        ['t0 = sqr p.x', 'x²'],
        ['t1 = sqr p.y', 'y²'],
        ['t2 = mul p.x p.y'],
        ['t2 = add t2 t2', '2xy'],
        ['t3 = sub t1 t0', 'y² − x² = 1 + d·x²y²'],
        ['t4 = add t1 t0', 'y² + x²'],
        ['t5 = sub TWO t3', '2 − y² + x² = 1 − d·x²y²', 3],
        ['t6 = mul t3 t5'],
        ['t6 = inv t6', '1/((y² − x²)·(2 − y² + x²))'],
        ['r.x = mul t2 t5'],
        ['r.x = mul r.x t6', 'x3 = 2xy·(2 − y² + x²)/(…)'],
        ['r.y = mul t4 t3'],
        ['r.y = mul r.y t6', 'y3 = (y² + x²)·(y² − x²)/(…)'],
      ],
    },
    {
      name: 'projEquals',
      doc: ['Reports whether the projective (or extended) p and q are the same point:', 'X1·Z2 = X2·Z1 and Y1·Z2 = Y2·Z1 (4M, no inversion).'],
      targets: ['ts'],
      params: { p: proj, q: proj },
      body: projEquals(false),
    },
    {
      name: 'affineIsOnCurve',
      doc: ['Reports whether −x² + y² = 1 + d·x²·y². 1M + 2S + 1·d.'],
      targets: ['ts'],
      params: { p: affine },
      body: affineOnCurve(true, 'ONE'),
    },
    {
      name: 'projIsOnCurve',
      doc: ['Reports whether Z ≠ 0 and (−X² + Y²)·Z² = Z⁴ + d·X²·Y². 2M + 4S + 1·d.'],
      targets: ['ts'],
      params: { p: proj },
      body: projOnCurve(true),
    },
    {
      name: 'extendedIsOnCurve',
      doc: [
        'Reports whether Z ≠ 0, (−X² + Y²)·Z² = Z⁴ + d·X²·Y² and X·Y = Z·T (the',
        'point is on the curve and its T is consistent). 4M + 4S + 1·d.',
      ],
      targets: ['ts'],
      params: { p: ext },
      body: [...projOnCurve(true), ['t5 = mul p.X p.Y'], ['t6 = mul p.Z p.T'], ['reject unequal t5 t6']],
    },
  ],
};
