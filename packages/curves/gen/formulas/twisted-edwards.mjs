/**
 * The projective and affine twisted Edwards formulas shared by the generic
 * curves (formulas/edwards.mjs, a general a, incomplete curves) and
 * edwards25519's TypeScript PointProj / PointAffine (formulas/ed25519.mjs,
 * a = −1, complete): each builder gives the steps for a general a (`mulA`
 * steps and the incomplete-curve exit before anything is written) or, with
 * minusOne, for a = −1 on a complete curve (a·x is a negation folded into
 * the next sum, and no exit).
 *
 * References: [BBJLP08] Bernstein, Birkner, Joye, Lange, Peters, "Twisted
 * Edwards Curves", AFRICACRYPT 2008 (§3 the affine law, §6 projective);
 * [EFD] hyperelliptic.org/EFD/g1p/auto-twisted-projective.html
 * (add-2008-bbjlp, madd-2008-bbjlp, dbl-2008-bbjlp).
 */

/**
 * The projective additions ([EFD] add-2008-bbjlp, and madd-2008-bbjlp for an
 * affine q, where A = Z1·Z2 is Z1): A, B, C, D, E, F, G into t0 … t6.
 */
export const projAdd = (affineQ, minusOne) => {
  const [X2, Y2] = affineQ ? ['q.x', 'q.y'] : ['q.X', 'q.Y'];
  return [
    affineQ ? ['t0 = copy p.Z', 'A = Z1 (r may alias p)'] : ['t0 = mul p.Z q.Z', 'A = Z1·Z2'],
    ['t1 = sqr t0', 'B = A²'],
    [`t2 = mul p.X ${X2}`, 'C = X1·X2'],
    [`t3 = mul p.Y ${Y2}`, 'D = Y1·Y2'],
    ['t4 = mul t2 t3'],
    ['t4 = mul t4 D', 'E = d·C·D'],
    ['t5 = sub t1 t4', 'F = B − E'],
    ['t6 = add t1 t4', 'G = B + E'],
    ...(minusOne ? [] : [['exit incomplete t5 t6']]),
    ['t7 = add p.X p.Y'],
    [`t8 = add ${X2} ${Y2}`],
    ['t7 = mul t7 t8'],
    ['t7 = sub t7 t2'],
    ['t7 = sub t7 t3', '(X1 + Y1)·(X2 + Y2) − C − D'],
    ['t7 = mul t7 t5'],
    ['r.X = mul t7 t0', 'X3 = A·F·((X1 + Y1)·(X2 + Y2) − C − D)'],
    ...(minusOne ? [['t8 = add t3 t2', 'D − a·C = D + C']] : [['t8 = mulA t2'], ['t8 = sub t3 t8', 'D − a·C']]),
    ['t8 = mul t8 t6'],
    ['r.Y = mul t8 t0', 'Y3 = A·G·(D − a·C)'],
    ['r.Z = mul t5 t6', 'Z3 = F·G'],
  ];
};

/** The projective doubling ([EFD] dbl-2008-bbjlp): 3M + 4S + 1·a. */
export const projDouble = (minusOne) => [
  ['t0 = add p.X p.Y'],
  ['t0 = sqr t0', 'B = (X1 + Y1)²'],
  ['t1 = sqr p.X', 'C = X1²'],
  ['t2 = sqr p.Y', 'D = Y1²'],
  [minusOne ? 't3 = neg t1' : 't3 = mulA t1', 'E = a·C'],
  ['t4 = add t3 t2', 'F = E + D'],
  ['t5 = sqr p.Z'],
  ['t5 = add t5 t5', '2·H = 2·Z1²'],
  ['t6 = sub t4 t5', 'J = F − 2·H'],
  ['t0 = sub t0 t1'],
  ['t0 = sub t0 t2'],
  ['r.X = mul t0 t6', 'X3 = (B − C − D)·J'],
  ['t3 = sub t3 t2'],
  ['r.Y = mul t4 t3', 'Y3 = F·(E − D)'],
  ['r.Z = mul t4 t6', 'Z3 = F·J'],
];

/**
 * The affine addition x3 = (x1y2 + y1x2)/(1 + d·x1x2y1y2),
 * y3 = (y1y2 − a·x1x2)/(1 − d·x1x2y1y2) ([BBJLP08] §3), both denominators
 * inverted together: 1I + 9M + 1·a + 1·d.
 */
export const affineAdd = (minusOne) => [
  ['t3 = mul p.x q.x', 'x1·x2'],
  ['t2 = mul p.y q.y', 'y1·y2'],
  ['t4 = mul t3 t2'],
  ['t4 = mul t4 D', 't = d·x1x2y1y2'],
  ['t8 = add p.x p.y'],
  ['t0 = add q.x q.y'],
  ['t8 = mul t8 t0'],
  ['t8 = sub t8 t3'],
  ['t8 = sub t8 t2', 'x1y2 + y1x2 = (x1 + y1)·(x2 + y2) − x1x2 − y1y2'],
  ...(minusOne ? [['t9 = add t2 t3', 'y1y2 − a·x1x2 = y1y2 + x1x2']] : [['t9 = mulA t3'], ['t9 = sub t2 t9', 'y1y2 − a·x1x2']]),
  ['t5 = one'],
  ['t6 = sub t5 t4', '1 − t'],
  ['t5 = add t5 t4', '1 + t'],
  ['t7 = mul t5 t6', '(1 + t)·(1 − t)'],
  ...(minusOne ? [] : [['exit incomplete t7']]),
  ['t7 = inv t7'],
  ['t8 = mul t8 t6'],
  ['r.x = mul t8 t7', 'x3 = (x1y2 + y1x2)·(1 − t)/((1 + t)·(1 − t))'],
  ['t9 = mul t9 t5'],
  ['r.y = mul t9 t7', 'y3 = (y1y2 − a·x1x2)·(1 + t)/((1 + t)·(1 − t))'],
];

/**
 * The curve equation a·x² + y² = 1 + d·x²·y² of an affine p ([BBJLP08] §3),
 * a predicate: 1M + 2S + 1·a + 1·d. `one` names the field's constant 1 where
 * it has one (else the step `one` writes it).
 */
export const affineOnCurve = (minusOne, one = null) => [
  ['t0 = sqr p.x', 'x²'],
  ['t1 = sqr p.y', 'y²'],
  ...(minusOne ? [['t2 = sub t1 t0', '−x² + y²']] : [['t2 = mulA t0'], ['t2 = add t2 t1', 'a·x² + y²']]),
  ['t3 = mul t0 t1'],
  ['t3 = mul t3 D'],
  ...(one === null ? [['t4 = one'], ['t3 = add t3 t4', '1 + d·x²·y²']] : [[`t3 = add t3 ${one}`, '1 + d·x²·y²']]),
  ['reject unequal t2 t3'],
];

/**
 * The curve equation times Z⁴, (a·X² + Y²)·Z² = Z⁴ + d·X²·Y², of a projective
 * (or extended) p with Z ≠ 0, a predicate: 2M + 4S + 1·a + 1·d.
 */
export const projOnCurve = (minusOne) => [
  ['reject zero p.Z'],
  ['t0 = sqr p.X', 'X²'],
  ['t1 = sqr p.Y', 'Y²'],
  ['t2 = sqr p.Z', 'Z²'],
  ...(minusOne ? [['t3 = sub t1 t0', '−X² + Y²']] : [['t3 = mulA t0'], ['t3 = add t3 t1', 'a·X² + Y²']]),
  ['t3 = mul t3 t2', minusOne ? '(−X² + Y²)·Z²' : '(a·X² + Y²)·Z²'],
  ['t4 = mul t0 t1'],
  ['t4 = mul t4 D', 'd·X²·Y²'],
  ['t2 = sqr t2', 'Z⁴'],
  ['t4 = add t4 t2', 'Z⁴ + d·X²·Y²'],
  ['reject unequal t3 t4'],
];

/**
 * Whether projective (or extended) p and q are the same point: X1·Z2 = X2·Z1
 * and Y1·Z2 = Y2·Z1 (4M, no inversion); with zChecked, false when either Z is
 * 0 (not a point: the cross-multiplication alone would call (0 : 0 : 0)
 * equal to everything).
 */
export const projEquals = (zChecked) => [
  ...(zChecked ? [['reject zero p.Z'], ['reject zero q.Z']] : []),
  ['t0 = mul p.X q.Z'],
  ['t1 = mul q.X p.Z'],
  ['reject unequal t0 t1'],
  ['t0 = mul p.Y q.Z'],
  ['t1 = mul q.Y p.Z'],
  ['reject unequal t0 t1'],
];
