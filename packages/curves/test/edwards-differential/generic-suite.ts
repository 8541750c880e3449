/**
 * The differential suite for the generic twisted Edwards curves
 * (packages/curves/src/edwards: Jubjub, Bandersnatch, BabyJubjub) against
 * the BigInt reference: every exported point operation in affine,
 * projective and extended coordinates, every scalar multiplication (wNAF,
 * constant-time, base table both ways, GLV), MSM (Straus, Pippenger at
 * several windows, the switch), encodings and subgroup checks, over edge
 * scalars and edge points (identity, every affine small-order point,
 * mixed-order points) as explicit tables and fast-check properties; and
 * (issue 21) sums, doublings, scalar multiples and MSMs of mixed-order
 * points whose torsion parts differ, points at infinity included: the
 * reference result or ERR_POINT_AT_INFINITY, never a value equal to two
 * distinct reference points.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PointAffine, PointExtended, PointProj, batchToAffine, glvSplit, msmNonConst, MSM_PIPPENGER_THRESHOLD, scalarToBigInt, scalarToBytes, wnafRecode, type EdwardsCurve, scalarMultNonConst, scalarMult, scalarBaseMult, scalarBaseMultNonConst, scalarMultGlvNonConst } from '../../src/edwards/index.js';
import { pippengerAffineNonConst } from '../../src/edwards/msm-affine.js';
import type { Aff, RefCurve } from './reference.js';
import { edgePoints, edgeScalars, errCode, fcParams, le32, pointArb, scalarArb, show } from './common.js';

type AnyPoint = PointAffine | PointProj | PointExtended;

/** Strata point → reference affine point, or 'invalid' when the point is not a valid curve point (e.g. Z = 0). */
export function toRef(P: AnyPoint): Aff | 'invalid' {
  if (!P.isOnCurve()) return 'invalid';
  const A = P instanceof PointAffine ? P : P.toAffine();
  return A.toBigInts();
}

/** Options per curve. */
export interface GenericSuiteOptions {
  /**
   * The curve's addition law is complete (Jubjub, BabyJubjub). When false
   * (Bandersnatch), sums are compared only where the documented domain
   * holds: see `inDomain`.
   */
  readonly complete: boolean;
  /** Extra edge scalars (e.g. λ for GLV). */
  readonly extraScalars?: readonly bigint[];
  /**
   * Points that sums, scalar multiples and MSMs are compared on: 'all'
   * (complete curves), or 'subgroupAndT2' (Bandersnatch: the documented
   * domain, points P with r·P ∈ {O, (0, −1)} — see the module doc of
   * edwards/torsion.ts).
   * Unary operations, conversions, encodings and subgroup checks are
   * compared on every point either way.
   */
  readonly arithmeticDomain: 'all' | 'subgroupAndT2';
}

export function genericDifferentialSuite(curve: EdwardsCurve, ref: RefCurve, opts: GenericSuiteOptions): void {
  const edges = edgePoints(ref);
  const A = (P: Aff) => PointAffine.fromXY(curve, P.x, P.y);
  const E = (P: Aff) => A(P).toExtended();
  const Pj = (P: Aff) => A(P).toProj();
  /** A non-normalised extended copy of P: (x·z : y·z : z : x·y·z) for a z ≠ 1 derived from P. */
  const Ez = (P: Aff) => {
    const F = curve.F, q = ref.q;
    const z = (P.x + 2n * P.y + 0x1234567n) % q || 3n;
    const R = new PointExtended(curve);
    F.setBigInt(R.X, (P.x * z) % q); F.setBigInt(R.Y, (P.y * z) % q); F.setBigInt(R.Z, z); F.setBigInt(R.T, (P.x * P.y % q) * z % q);
    return R;
  };
  const Pz = (P: Aff) => Ez(P).toProj();
  const anyArb = pointArb(ref, edges);
  const subArb = pointArb(ref, edges, { subgroupOnly: true });
  const kArb = scalarArb(ref, opts.extraScalars);
  const allEdge = [...edges.torsion, ...edges.subgroup, ...edges.mixed];
  const T2 = { x: 0n, y: ref.q - 1n };
  const inDomain = (P: Aff) => {
    if (opts.arithmeticDomain === 'all') return true;
    const R = ref.affine(ref.mulC(ref.r, ref.lift(P)));
    return R !== null && (ref.isIdentity(R) || ref.eq(R, T2));
  };
  /** Edge points for sums and scalar multiples. */
  const arithEdge = allEdge.filter(inDomain);
  /** Points for sums and scalar multiples: any point, or a subgroup point plus 0 or (0, −1). */
  const ptArb = opts.arithmeticDomain === 'all'
    ? anyArb
    : fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom(...arithEdge) },
      { weight: 3, arbitrary: fc.tuple(subArb, fc.boolean()).map(([P, t]) => (t ? ref.add(P, T2)! : P)) },
    );

  describe(`${curve.name} differential: parameters and edge points`, () => {
    it('curve parameters equal the reference (q, a, d, r, h, G, encoding)', () => {
      expect(curve.F.p).toBe(ref.q);
      expect(curve.a).toBe(ref.a);
      expect(curve.d).toBe(ref.d);
      expect(curve.order).toBe(ref.r);
      expect(curve.cofactor).toBe(ref.h);
      expect(curve.generator).toEqual(ref.G);
      expect(curve.encoding).toBe(ref.encoding);
      expect(curve.complete).toBe(opts.complete);
    });
    it(`every affine small-order point (${edges.torsion.length}) and mixed-order point (${edges.mixed.length}) is accepted by fromXY`, () => {
      for (const P of allEdge) expect(toRef(A(P))).toEqual(P);
      expect(errCode(() => PointAffine.fromXY(curve, 1n, 1n))).toBe('ERR_POINT_NOT_ON_CURVE');
      expect(errCode(() => PointAffine.fromXY(curve, ref.q, 1n))).toBe('ERR_X_TOO_BIG');
      expect(errCode(() => PointAffine.fromXY(curve, 0n, ref.q + 1n))).toBe('ERR_Y_TOO_BIG');
    });
  });

  /**
   * Compares one binary operation in every coordinate system with the
   * reference sum S = P + Q (null at infinity: no coordinate system holds
   * it, so nothing is compared).
   */
  function checkAdd(P: Aff, Q: Aff): void {
    const S = ref.add(P, Q);
    const D = ref.sub(P, Q);
    if (S === null) return;
    const ctx = `${show(P)} + ${show(Q)}`;
    const got: [string, Aff | 'invalid'][] = [
      ['affine add', toRef(((p) => p.add(p, A(Q)))(A(P)))],
      ['affine addAffine', toRef(((p) => p.addAffine(p, A(Q)))(A(P)))],
      ['projective add', toRef(((p) => p.add(p, Pj(Q)))(Pj(P)))],
      ['projective add (Z ≠ 1)', toRef(((p) => p.add(p, Pz(Q)))(Pz(P)))],
      ['projective addAffine', toRef(((p) => p.addAffine(p, A(Q)))(Pz(P)))],
      ['extended add', toRef(((p) => p.add(p, E(Q)))(E(P)))],
      ['extended add (Z ≠ 1)', toRef(((p) => p.add(p, Ez(Q)))(Ez(P)))],
      ['extended addAffine', toRef(((p) => p.addAffine(p, A(Q)))(Ez(P)))],
    ];
    for (const [what, g] of got) expect(g, `${curve.name} ${what}: ${ctx}`).toEqual(S);
    if (D !== null) {
      // Subtraction is add(negate(Q)).
      expect(toRef(((p) => p.add(p, ((p) => p.negate(p))(Ez(Q))))(Ez(P))), `${curve.name} extended sub: ${ctx}`).toEqual(D);
      expect(toRef(((p) => p.add(p, ((p) => p.negate(p))(Pz(Q))))(Pz(P))), `${curve.name} projective sub: ${ctx}`).toEqual(D);
      expect(toRef(((p) => p.add(p, ((p) => p.negate(p))(A(Q))))(A(P))), `${curve.name} affine sub: ${ctx}`).toEqual(D);
    }
  }

  function checkUnary(P: Aff): void {
    const ctx = show(P);
    const D2 = ref.double(P);
    const D4 = D2 === null ? null : ref.double(D2);
    if (D2 !== null) {
      expect(toRef(((p) => p.double(p))(A(P))), `affine double ${ctx}`).toEqual(D2);
      expect(toRef(((p) => p.double(p))(Pz(P))), `projective double ${ctx}`).toEqual(D2);
      expect(toRef(((p) => p.double(p))(Ez(P))), `extended double ${ctx}`).toEqual(D2);
      const a = A(P);
      expect(toRef(a.add(a, a)), `affine aliased add ${ctx}`).toEqual(D2);
      const e = Ez(P);
      expect(toRef(e.add(e, e)), `extended aliased add ${ctx}`).toEqual(D2);
      const p = Pz(P);
      expect(toRef(p.add(p, p)), `projective aliased add ${ctx}`).toEqual(D2);
    }
    if (D4 !== null && D4 !== undefined) expect(toRef(((p) => p.double(p))(((p) => p.doubleNoT(p))(Ez(P)))), `extended doubleNoT+double ${ctx}`).toEqual(D4);
    const N = ref.negate(P);
    expect(toRef(((p) => p.negate(p))(A(P)))).toEqual(N);
    expect(toRef(((p) => p.negate(p))(Pz(P)))).toEqual(N);
    expect(toRef(((p) => p.negate(p))(Ez(P)))).toEqual(N);
    const id = ref.isIdentity(P);
    expect(A(P).isIdentity()).toBe(id);
    expect(Pz(P).isIdentity()).toBe(id);
    expect(Ez(P).isIdentity()).toBe(id);
    expect(A(P).isOnCurve() && Pz(P).isOnCurve() && Ez(P).isOnCurve()).toBe(true);
    // Conversions in every direction.
    expect(toRef(Ez(P).toAffine())).toEqual(P);
    expect(toRef(Ez(P).toProj())).toEqual(P);
    expect(toRef(Pz(P).toExtended())).toEqual(P);
    expect(toRef(Pz(P).toAffine())).toEqual(P);
    expect(toRef(new PointExtended(curve).setProj(Pz(P)))).toEqual(P);
    expect(toRef(new PointProj(curve).setExtended(Ez(P)))).toEqual(P);
    expect(toRef(new PointAffine(curve).setExtended(Ez(P)))).toEqual(P);
    expect(toRef(new PointAffine(curve).setProj(Pz(P)))).toEqual(P);
    expect(toRef(A(P).clone())).toEqual(P);
    expect(toRef(Ez(P).clone())).toEqual(P);
    expect(toRef(Pz(P).clone())).toEqual(P);
    expect(toRef(new PointExtended(curve).set(Ez(P)))).toEqual(P);
    // Subgroup and cofactor.
    const inSub = ref.isTorsionFree(P);
    expect(A(P).isTorsionFree(), `isTorsionFree ${ctx}`).toBe(inSub);
    expect(Pz(P).isTorsionFree()).toBe(inSub);
    expect(Ez(P).isTorsionFree()).toBe(inSub);
    const H = ref.mul(ref.h, P);
    if (H !== null) {
      expect(toRef(((p) => p.clearCofactor(p))(A(P))), `clearCofactor ${ctx}`).toEqual(H);
      expect(toRef(((p) => p.clearCofactor(p))(Pz(P)))).toEqual(H);
      expect(toRef(((p) => p.clearCofactor(p))(Ez(P)))).toEqual(H);
    }
  }

  function checkEquals(P: Aff, Q: Aff): void {
    const same = ref.eq(P, Q);
    expect(A(P).equals(A(Q))).toBe(same);
    expect(Pz(P).equals(Pj(Q))).toBe(same);
    expect(Ez(P).equals(E(Q))).toBe(same);
    expect(E(P).equals(Ez(Q))).toBe(same);
  }

  describe(`${curve.name} differential: point operations (affine, projective, extended)`, () => {
    it('every pair of edge points: add, addAffine, sub, equals in all systems', () => {
      for (const P of arithEdge) for (const Q of arithEdge) checkAdd(P, Q);
      for (const P of allEdge) for (const Q of allEdge) checkEquals(P, Q);
    });
    it('every edge point: double, aliasing, negate, isIdentity, isOnCurve, conversions, isTorsionFree, clearCofactor', () => {
      for (const P of allEdge) checkUnary(P);
    });
    it('random and edge points (fast-check): binary operations', () => {
      fc.assert(fc.property(ptArb, ptArb, (P, Q) => { checkAdd(P, Q); checkEquals(P, Q); checkEquals(P, P); }), fcParams(40));
    });
    it('random and edge points (fast-check): unary operations', () => {
      fc.assert(fc.property(anyArb, (P) => checkUnary(P)), fcParams(15));
    });
    it('isOnCurve = reference for arbitrary coordinates written directly (mostly off the curve), and false for a stale T or Z = 0', () => {
      const F = curve.F, q = ref.q;
      fc.assert(fc.property(fc.bigInt({ min: 0n, max: q - 1n }), fc.bigInt({ min: 0n, max: q - 1n }), anyArb, (x, y, P) => {
        for (const c of [{ x, y }, P, { x: P.x, y }]) {
          const want = ref.isOnCurve(c);
          const a = new PointAffine(curve);
          F.setBigInt(a.x, c.x); F.setBigInt(a.y, c.y);
          expect(a.isOnCurve()).toBe(want);
          expect(new PointProj(curve).setAffine(a).isOnCurve()).toBe(want);
          const e = new PointExtended(curve).setAffine(a);
          expect(e.isOnCurve()).toBe(want);
          F.add(e.T, e.T, F.setBigInt(F.create(), 1n));
          expect(e.isOnCurve()).toBe(false);
        }
        const z = Ez(P);
        F.setZero(z.X); F.setZero(z.Y); F.setZero(z.Z); F.setZero(z.T);
        expect(z.isOnCurve()).toBe(false);
        expect(z.toProj().isOnCurve()).toBe(false);
      }), fcParams(30));
    });
    it('batchToAffine over mixed extended / projective inputs (with the identity and torsion points)', () => {
      const pts = allEdge.slice(0, 12);
      const inputs = pts.map((P, i) => (i % 2 === 0 ? Ez(P) : Pz(P)));
      expect(batchToAffine(inputs).map((a) => a.toBigInts())).toEqual(pts);
      const out = pts.map(() => new PointAffine(curve));
      batchToAffine(inputs, out);
      expect(out.map((a) => a.toBigInts())).toEqual(pts);
    });
  });

  /** Every scalar multiplication of P by k against the reference (null at infinity: not compared). */
  function checkMul(P: Aff, k: bigint): void {
    const want = ref.mul(k, P);
    if (want === null) return;
    const ctx = `${curve.name} k = 0x${k.toString(16)}, P = ${show(P)}`;
    const kb = le32(k);
    const got: [string, Aff | 'invalid'][] = [
      ['extended scalarMultNonConst', toRef(scalarMultNonConst(k, Ez(P)))],
      ['extended scalarMultNonConst (bytes)', toRef(scalarMultNonConst(kb, Ez(P)))],
      ['extended scalarMult', toRef(scalarMult(k, Ez(P)))],
      ['extended scalarMult (bytes)', toRef(scalarMult(kb, Ez(P)))],
      ['projective scalarMultNonConst', toRef(((p) => p.setExtended(scalarMultNonConst(k, p)))(Pz(P)))],
      ['projective scalarMult', toRef(((p) => p.setExtended(scalarMult(kb, p)))(Pz(P)))],
      ['affine scalarMultNonConst', toRef(((p) => p.setExtended(scalarMultNonConst(kb, p)))(A(P)))],
      ['affine scalarMult', toRef(((p) => p.setExtended(scalarMult(k, p)))(A(P)))],
    ];
    for (const [what, g] of got) expect(g, `${what}: ${ctx}`).toEqual(want);
  }

  function checkBase(k: bigint): void {
    const want = ref.mul(k, ref.G)!;
    const ctx = `${curve.name} k = 0x${k.toString(16)}`;
    const kb = le32(k);
    expect(toRef(scalarBaseMult(curve, k, new PointExtended(curve))), `extended scalarBaseMult ${ctx}`).toEqual(want);
    expect(toRef(scalarBaseMultNonConst(curve, kb, new PointExtended(curve))), `extended scalarBaseMultNonConst ${ctx}`).toEqual(want);
    expect(toRef(new PointProj(curve).setExtended(scalarBaseMult(curve, kb))), `projective scalarBaseMult ${ctx}`).toEqual(want);
    expect(toRef(new PointProj(curve).setExtended(scalarBaseMultNonConst(curve, k))), `projective scalarBaseMultNonConst ${ctx}`).toEqual(want);
    expect(toRef(new PointAffine(curve).setExtended(scalarBaseMult(curve, k))), `affine scalarBaseMult ${ctx}`).toEqual(want);
    expect(toRef(new PointAffine(curve).setExtended(scalarBaseMultNonConst(curve, kb))), `affine scalarBaseMultNonConst ${ctx}`).toEqual(want);
    expect(toRef(new PointExtended(curve).setGenerator())).toEqual(ref.G);
    expect(toRef(new PointProj(curve).setGenerator())).toEqual(ref.G);
    expect(toRef(new PointAffine(curve).setGenerator())).toEqual(ref.G);
  }

  describe(`${curve.name} differential: scalar multiplication`, () => {
    const scalars = edgeScalars(ref, opts.extraScalars);
    // The points of largest torsion order and a mixed-order point, besides the identity and G.
    const heavy = [ref.identity, ref.G, arithEdge.filter((P) => ref.isSmallOrder(P)).pop()!, arithEdge[arithEdge.length - 1]!];
    it(`every edge scalar (${scalars.length}) × identity, G, a small-order point, a mixed-order point: all variants`, () => {
      for (const P of heavy) for (const k of scalars) checkMul(P, k);
    });
    it('every edge point × a few edge scalars: all variants', () => {
      const few = [0n, 2n, ref.r + 1n, ref.h * ref.r + 1n, (1n << 256n) - 1n];
      for (const P of arithEdge) for (const k of few) checkMul(P, k);
    });
    it('random points and scalars (fast-check): all variants', () => {
      fc.assert(fc.property(ptArb, kArb, (P, k) => checkMul(P, k)), fcParams(12));
    });
    it('base multiplication (table, constant-time and NonConst) for every edge scalar and random ones', () => {
      for (const k of scalars) checkBase(k);
      fc.assert(fc.property(kArb, (k) => checkBase(k)), fcParams(10));
    });
    it('scalarToBytes / scalarToBigInt / wnafRecode agree with the integer', () => {
      fc.assert(fc.property(kArb, fc.integer({ min: 2, max: 8 }), (k, w) => {
        const b = scalarToBytes(k, new Uint8Array(32));
        expect(scalarToBigInt(b)).toBe(k);
        expect(scalarToBigInt(k)).toBe(k);
        const naf = new Int8Array(8 * 32 + w + 1);
        const len = wnafRecode(naf, b, w);
        let v = 0n;
        for (let i = len - 1; i >= 0; i--) v = 2n * v + BigInt(naf[i]!);
        expect(v).toBe(k);
        for (let i = 0; i < naf.length; i++) {
          const d = naf[i]!;
          if (d !== 0) {
            expect(Math.abs(d) % 2).toBe(1);
            expect(Math.abs(d)).toBeLessThan(1 << (w - 1));
            for (let j = i + 1; j < Math.min(i + w, naf.length); j++) expect(naf[j]).toBe(0);
          }
        }
      }), fcParams(40));
      expect(errCode(() => scalarToBigInt(-1n))).toBe('RangeError');
      expect(errCode(() => scalarToBigInt(1n << 256n))).toBe('RangeError');
    });
  });

  describe(`${curve.name} differential: multi-scalar multiplication`, () => {
    const msmCase = (n: number, seed: number) => fc.sample(fc.tuple(ptArb, kArb), { seed, numRuns: n });
    const run = (pairs: [Aff, bigint][], label: string) => {
      const Ps = pairs.map(([P]) => P), ks = pairs.map(([, k]) => k);
      const want = ref.msm(ks, Ps);
      if (want === null) return;
      const inputs = Ps.map((P, i) => (i % 3 === 0 ? A(P) : Ez(P)));
      const kIn = ks.map((k, i) => (i % 2 === 0 ? k : le32(k)));
      expect(toRef(msmNonConst(curve, inputs, kIn, undefined, { algorithm: 'straus' })), `Straus ${label}`).toEqual(want);
      expect(toRef(msmNonConst(curve, inputs, kIn)), `msmNonConst ${label}`).toEqual(want);
      for (const w of [2, 3, 4, 5, 8]) {
        expect(toRef(msmNonConst(curve, inputs, kIn, undefined, { algorithm: 'pippenger', window: w })), `Pippenger c = ${w} ${label}`).toEqual(want);
      }
      expect(toRef(msmNonConst(curve, inputs, kIn, undefined, { algorithm: 'pippenger' })), `Pippenger default window ${label}`).toEqual(want);
      if (curve.complete) {
        // The batch-affine buckets (msm-affine.ts: msmNonConst's path from 1024 points) at small n.
        const bytes = new Uint8Array(32 * ks.length);
        ks.forEach((k, i) => scalarToBytes(k, bytes.subarray(32 * i, 32 * i + 32)));
        for (const w of [2, 3, 5, 0]) {
          expect(toRef(pippengerAffineNonConst(inputs, bytes, w, new PointExtended(curve))), `batch-affine Pippenger c = ${w} ${label}`).toEqual(want);
        }
      }
    };
    it('n = 0, 1, 2, 3, 7 with edge points and scalars (each algorithm, several windows)', () => {
      const idk: [Aff, bigint][] = [[ref.identity, 5n], [ref.G, 0n]];
      run(idk, 'identity/zero');
      run([[ref.G, ref.r], [ref.G, 1n]], 'r·G + G');
      run([[ref.G, (1n << 256n) - 1n], [ref.negate(ref.G), (1n << 256n) - 1n]], 'cancelling');
      for (const T of edges.torsion) run([[T, ref.h * ref.r + 1n], [ref.G, 2n], [T, 1n << 255n]], `torsion ${show(T)}`);
      for (const n of [1, 2, 3, 7]) run(msmCase(n, 1000 + n), `n = ${n}`);
      // Equal digits put these in one bucket: repeated points (doubling), P and −P (cancelling),
      // torsion points repeated (2T, and T + T = O for T of order 2), the identity among them.
      const G = ref.G, nG = ref.negate(ref.G);
      run([[G, 5n], [G, 5n], [G, 5n], [nG, 5n], [G, 5n], [nG, 5n], [ref.identity, 5n]], 'repeated and opposite points');
      run([[G, 9n], [nG, 9n]], 'P and −P only');
      for (const T of edges.torsion) run([[T, 3n], [T, 3n], [T, 3n], [G, 3n], [ref.negate(T), 3n]], `repeated torsion ${show(T)}`);
      expect(new PointExtended(curve).isIdentity()).toBe(true);
      expect(msmNonConst(curve, [], []).isIdentity()).toBe(true);
      expect(msmNonConst(curve, [], [], undefined, { algorithm: 'pippenger' }).isIdentity()).toBe(true);
    });
    it(`n = ${MSM_PIPPENGER_THRESHOLD - 1} and ${MSM_PIPPENGER_THRESHOLD} (both sides of the Straus/Pippenger switch)`, () => {
      const pairs = msmCase(MSM_PIPPENGER_THRESHOLD, 77);
      run(pairs.slice(0, MSM_PIPPENGER_THRESHOLD - 1), `n = ${MSM_PIPPENGER_THRESHOLD - 1}`);
      run(pairs, `n = ${MSM_PIPPENGER_THRESHOLD}`);
    });
  });

  /**
   * Issue 21: sums, doublings, scalar multiples and MSMs of mixed-order
   * points whose torsion parts differ — every torsion point of the
   * completed curve (the points at infinity T∞ of Bandersnatch included,
   * through the affine points S + T∞) added to a few subgroup points —
   * against the reference. An operation returns the reference result, or
   * (only on an incomplete curve, for an operand outside the
   * exception-free subgroup) throws ERR_POINT_AT_INFINITY, and must throw
   * when the reference result is at infinity. A result equals exactly one
   * reference point among the probes (never two distinct ones).
   */
  describe(`${curve.name} differential: mixed-order operands with differing torsion parts (issue 21)`, () => {
    const torsionC = ref.torsionAll();
    const subs = [ref.G, ref.double(ref.G)!, ref.mul(0x1234567n, ref.G)!];
    const mixed: Aff[] = [];
    for (const S of subs) for (const T of torsionC) {
      const M = ref.affine(ref.addC(ref.lift(S), T));
      if (M !== null) mixed.push(M);
    }
    const exceptionFree = (P: Aff) => {
      const R = ref.affine(ref.mulC(ref.r, ref.lift(P)));
      return R !== null && (ref.isIdentity(R) || ref.eq(R, T2));
    };
    /** Runs f: its reference-form result, or the StrataError code it threw. */
    const attempt = (f: () => AnyPoint): { ok: AnyPoint } | { err: string } => {
      try {
        return { ok: f() };
      } catch (e) {
        const code = (e as { code?: string }).code;
        if (code === undefined) throw e;
        return { err: code };
      }
    };
    /** The outcome rule: the reference result, or ERR_POINT_AT_INFINITY where allowed and forced at infinity. */
    const expectOutcome = (what: string, got: { ok: AnyPoint } | { err: string }, want: Aff | null, mayThrow: boolean, probes: readonly Aff[]) => {
      if ('err' in got) {
        expect(got.err, what).toBe('ERR_POINT_AT_INFINITY');
        expect(mayThrow || want === null, `${what}: threw where the curve's formulas are exact`).toBe(true);
        return;
      }
      expect(want, `${what}: returned a value where the reference result is at infinity`).not.toBeNull();
      expect(toRef(got.ok), what).toEqual(want);
      const X = got.ok instanceof PointExtended ? got.ok : got.ok.toExtended();
      const hits = [...probes, want!].filter((Q) => X.equals(E(Q)));
      for (const Q of hits) expect(ref.eq(Q, want), `${what} equals ${show(Q)} ≠ ${show(want)}`).toBe(true);
      expect(hits.length, `${what} equals the reference result`).toBeGreaterThan(0);
    };
    const probes = [ref.identity, ref.G, T2, ...subs];

    it(`${mixed.length} mixed-order points (${torsionC.length} torsion parts${torsionC.length > edges.torsion.length ? ', points at infinity included' : ''}): every pair, sum and difference, in every coordinate system`, () => {
      for (const P of mixed) for (const Q of mixed) {
        const may = !opts.complete && !(exceptionFree(P) && exceptionFree(Q));
        const S = ref.add(P, Q);
        const D = ref.sub(P, Q);
        const ctx = `${show(P)} ± ${show(Q)}`;
        expectOutcome(`extended add ${ctx}`, attempt(() => new PointExtended(curve).add(Ez(P), Ez(Q))), S, may, probes);
        expectOutcome(`extended add aliased ${ctx}`, attempt(() => ((p) => p.add(p, E(Q)))(E(P))), S, may, probes);
        expectOutcome(`extended addAffine ${ctx}`, attempt(() => ((p) => p.addAffine(p, A(Q)))(Ez(P))), S, may, probes);
        expectOutcome(`projective add ${ctx}`, attempt(() => ((p) => p.add(p, Pz(Q)))(Pz(P))), S, may, probes);
        expectOutcome(`projective addAffine ${ctx}`, attempt(() => ((p) => p.addAffine(p, A(Q)))(Pz(P))), S, may, probes);
        expectOutcome(`affine add ${ctx}`, attempt(() => ((p) => p.add(p, A(Q)))(A(P))), S, may, probes);
        expectOutcome(`extended sub ${ctx}`, attempt(() => ((p) => p.add(p, ((q) => q.negate(q))(Ez(Q))))(Ez(P))), D, may, probes);
        expectOutcome(`affine sub ${ctx}`, attempt(() => ((p) => p.add(p, ((q) => q.negate(q))(A(Q))))(A(P))), D, may, probes);
      }
    });
    it('every mixed-order point: doubling (extended, projective, affine, doubleNoT chains) is exact; isExceptionFree = r·P ∈ {O, (0, −1)}', () => {
      for (const P of mixed) {
        const D2 = ref.double(P);
        expect(D2, `2·${show(P)} is affine`).not.toBeNull();
        expectOutcome(`extended double ${show(P)}`, attempt(() => ((p) => p.double(p))(Ez(P))), D2, false, probes);
        expectOutcome(`projective double ${show(P)}`, attempt(() => ((p) => p.double(p))(Pz(P))), D2, false, probes);
        expectOutcome(`affine double ${show(P)}`, attempt(() => ((p) => p.double(p))(A(P))), D2, false, probes);
        expectOutcome(`doubleNoT ×3 + double ${show(P)}`, attempt(() => ((p) => p.double(p.doubleNoT(p.doubleNoT(p.doubleNoT(p)))))(Ez(P))), ref.mul(16n, P), false, probes);
        const free = opts.complete || exceptionFree(P);
        expect(A(P).isExceptionFree(), `isExceptionFree ${show(P)}`).toBe(free);
        expect(Ez(P).isExceptionFree()).toBe(free);
        expect(Pz(P).isExceptionFree()).toBe(free);
        expect(A(P).isTorsionFree()).toBe(ref.isTorsionFree(P));
      }
      for (const P of allEdge) expect(A(P).isExceptionFree(), `isExceptionFree ${show(P)}`).toBe(opts.complete || exceptionFree(P));
    });
    it('scalar multiples (wNAF and constant-time) of every mixed-order point, edge and random scalars', () => {
      const ks = [0n, 1n, 2n, 3n, ref.h, ref.r - 1n, ref.r, ref.r + 1n, 2n * ref.r, ref.h * ref.r + 1n, (1n << 256n) - 1n];
      const check = (P: Aff, k: bigint) => {
        const want = ref.mul(k, P);
        const may = !opts.complete && !exceptionFree(P);
        const ctx = `k = 0x${k.toString(16)}, P = ${show(P)}`;
        expectOutcome(`scalarMultNonConst ${ctx}`, attempt(() => scalarMultNonConst(k, Ez(P))), want, may, probes);
        expectOutcome(`scalarMult ${ctx}`, attempt(() => scalarMult(le32(k), A(P))), want, may, probes);
      };
      for (const P of mixed) for (const k of ks) check(P, k);
      fc.assert(fc.property(fc.constantFrom(...mixed), kArb, check), fcParams(20));
    });
    it('MSMs (Straus, Pippenger) over mixed-order points with differing torsion parts', () => {
      fc.assert(fc.property(fc.array(fc.tuple(fc.constantFrom(...mixed), kArb), { minLength: 1, maxLength: 9 }), (pairs) => {
        const Ps = pairs.map(([P]) => P), ks = pairs.map(([, k]) => k);
        const want = ref.msm(ks, Ps);
        const may = !opts.complete && !Ps.every(exceptionFree);
        const inputs = Ps.map((P, i) => (i % 2 === 0 ? A(P) : Ez(P)));
        expectOutcome('msm Straus', attempt(() => msmNonConst(curve, inputs, ks, undefined, { algorithm: 'straus' })), want, may, probes);
        expectOutcome('msm Pippenger c = 3', attempt(() => msmNonConst(curve, inputs, ks, undefined, { algorithm: 'pippenger', window: 3 })), want, may, probes);
      }), fcParams(15));
    });
  });

  describe(`${curve.name} differential: encodings`, () => {
    const rules = (enc: 'parity' | 'lexsign') => ({ encoding: enc, yTooBigCode: 'ERR_Y_TOO_BIG' });
    const decodeBoth = (b: Uint8Array) => {
      for (const enc of ['parity', 'lexsign'] as const) {
        const want = ref.decode(b, rules(enc));
        const opt = enc === curve.encoding ? undefined : { encoding: enc };
        let got: { ok: Aff } | { err: string };
        try {
          got = { ok: PointAffine.fromBytes(curve, b, opt).toBigInts() };
        } catch (e) {
          got = { err: (e as { code: string }).code };
        }
        expect(got, `${curve.name} fromBytes (${enc}) ${Buffer.from(b).toString('hex')}`).toEqual(want);
        // The subgroup option.
        const wantSub = 'ok' in want && !ref.isTorsionFree(want.ok) ? { err: 'ERR_POINT_NOT_IN_SUBGROUP' } : want;
        let gotSub: { ok: Aff } | { err: string };
        try {
          gotSub = { ok: PointAffine.fromBytes(curve, b, { ...opt, subgroup: true }).toBigInts() };
        } catch (e) {
          gotSub = { err: (e as { code: string }).code };
        }
        expect(gotSub, `${curve.name} fromBytes (${enc}, subgroup) ${Buffer.from(b).toString('hex')}`).toEqual(wantSub);
      }
    };
    const edgeYs = (): bigint[] => {
      const q = ref.q;
      const ys = [0n, 1n, 2n, q - 1n, q - 2n, q, q + 1n, (1n << 255n) - 1n, (q - 1n) / 2n, (q + 1n) / 2n];
      // y with y² = a/d: no affine point (the points with this y are at infinity).
      const s = ref.sqrt(ref.m(ref.a * ref.invert(ref.d)));
      if (s !== null) ys.push(s, ref.m(-s));
      for (const P of allEdge) ys.push(P.y);
      return ys.filter((y) => y < 1n << 255n);
    };
    it('round trip of every edge point in both sign conventions; toBytes = reference', () => {
      for (const P of allEdge) {
        expect(A(P).toBytes()).toEqual(ref.encode(P));
        for (const enc of ['parity', 'lexsign'] as const) {
          const b = ref.encode(P, enc);
          expect(A(P).toBytes(enc)).toEqual(b);
          expect(A(P).putBytes(new Uint8Array(32), 0, enc)).toEqual(b);
          decodeBoth(b);
        }
      }
    });
    it('every edge y with both sign bits (incl. y ≥ q, y² = a/d, x = 0 with the sign bit)', () => {
      for (const y of edgeYs()) {
        for (const sign of [0, 1]) {
          const b = le32(y);
          if (sign === 1) b[31] = b[31]! | 0x80;
          decodeBoth(b);
        }
      }
    });
    it('random 32-byte strings and encodings of random points (fast-check)', () => {
      const bytes = fc.oneof(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.tuple(anyArb, fc.boolean()).map(([P, flip]) => {
          const b = ref.encode(P);
          if (flip) b[31] = b[31]! ^ 0x80;
          return b;
        }),
      );
      fc.assert(fc.property(bytes, (b) => decodeBoth(b)), fcParams(60));
    });
    it('wrong lengths: ERR_BAD_LENGTH', () => {
      for (const n of [0, 1, 31, 33, 64]) expect(errCode(() => PointAffine.fromBytes(curve, new Uint8Array(n)))).toBe('ERR_BAD_LENGTH');
    });
  });

  describe(`${curve.name} differential: GLV`, () => {
    if (curve.glv === undefined) {
      it('has no GLV endomorphism: glvSplit and endomorphism throw TypeError', () => {
        expect(errCode(() => glvSplit(curve, 5n))).toBe('TypeError');
        expect(errCode(() => new PointExtended(curve).endomorphism(new PointExtended(curve)))).toBe('TypeError');
      });
      return;
    }
    const glv = curve.glv;
    it('glvSplit: k ≡ k1 + k2·λ (mod r) with |k1|, |k2| < 2^128 for edge and random scalars', () => {
      const check = (k: bigint) => {
        const [k1, k2] = glvSplit(curve, k);
        expect((((k1 + k2 * glv.lambda - k) % ref.r) + ref.r) % ref.r).toBe(0n);
        expect(k1 < 1n << 128n && -k1 < 1n << 128n && k2 < 1n << 128n && -k2 < 1n << 128n).toBe(true);
      };
      for (const k of edgeScalars(ref, opts.extraScalars)) check(k);
      fc.assert(fc.property(kArb, check), fcParams(100));
    });
    it('scalarMultGlvNonConst = (k mod r)·P on the prime-order subgroup, identity included, every edge scalar', () => {
      const pts = [ref.identity, ...edges.subgroup];
      for (const P of pts) {
        for (const k of edgeScalars(ref, opts.extraScalars)) {
          const want = ref.mul(k % ref.r, P);
          expect(toRef(scalarMultGlvNonConst(k, Ez(P))), `GLV k = 0x${k.toString(16)}, P = ${show(P)}`).toEqual(want);
          expect(toRef(scalarMultGlvNonConst(le32(k), Ez(P)))).toEqual(want);
        }
      }
      fc.assert(fc.property(subArb, kArb, (P, k) => {
        expect(toRef(scalarMultGlvNonConst(k, Ez(P))), `GLV k = 0x${k.toString(16)}, P = ${show(P)}`).toEqual(ref.mul(k % ref.r, P));
      }), fcParams(15));
    });
    it('endomorphism: ψ(P) = λ·P on the subgroup; on every affine point ψ is a valid point and a homomorphism', () => {
      for (const P of [ref.identity, ...edges.subgroup]) {
        expect(toRef(((p) => p.endomorphism(p))(Ez(P))), `ψ(${show(P)})`).toEqual(ref.mul(glv.lambda, P));
      }
      // ψ(P + T) − ψ(P) for a subgroup P is ψ(T): the same for every P, and ψ(T) + ψ(T') = ψ(T + T').
      const psi = (P: Aff) => toRef(((p) => p.endomorphism(p))(E(P)));
      for (const P of allEdge) {
        const img = psi(P);
        expect(img, `ψ(${show(P)}) is a valid point`).not.toBe('invalid');
      }
      fc.assert(fc.property(anyArb, anyArb, (P, Q) => {
        const S = ref.add(P, Q);
        if (S === null) return;
        const a = psi(P), b = psi(Q), s = psi(S);
        expect(a).not.toBe('invalid');
        expect(b).not.toBe('invalid');
        expect(s, `ψ(P + Q) = ψ(P) + ψ(Q): P = ${show(P)}, Q = ${show(Q)}`).toEqual(ref.add(a as Aff, b as Aff));
      }), fcParams(30));
    });
  });
}
