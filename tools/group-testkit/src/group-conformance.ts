/**
 * The conformance suite of @strata/group's `Curve` interface: every group
 * backend (Strata's secp256k1 and ed25519 adapters, the noble-curves oracle,
 * a new backend) must pass it. `groupConformance(curve, options)` registers
 * vitest tests in the calling file:
 *
 * - group laws: associativity, commutativity, identity, inverse, doubling,
 *   distributivity of scalar multiplication over both additions;
 * - scalar field laws: add / sub / mul / negate / invert, the `set…` forms
 *   with aliasing, 0⁻¹ = 0 (Go's rule);
 * - encodings: point and scalar round trips, `putBytes` at an offset,
 *   rejection of wrong lengths and of the caller's invalid encodings
 *   (StrataError from `decode…`, null from `tryPointFromBytes`);
 * - scalar multiplication against repeated addition; the `NonConst` forms
 *   against the constant-time ones; the portable helpers (tables,
 *   double-scalar forms, MSM) against naive sums; every `precompute` size;
 * - hash-to-scalar: deterministic, `out` honoured, both Go rules agree
 *   exactly where `hashToScalarIsAmbiguous` says they do;
 * - the errors of docs/api.md §7.
 *
 * Scalars and points come from a seeded xorshift source, so a failure
 * reproduces.
 *
 * References:
 * - docs/api.md §2–§4, §7 (the grammar and error classes checked here).
 * - [GO-DLEQ] github.com/pokt-network/go-dleq @ 488f42a, package `types`.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode, StrataError } from '@strata/field';
import {
  doubleScalarMultBaseNonConst,
  doubleScalarMultNonConst,
  hashToScalarIsAmbiguous,
  msmNonConst,
  precompute,
  scalarMult,
  scalarMultNonConst,
  type Curve,
  type Point,
  type Scalar,
} from '@strata/group';
import { xorshiftBytes } from '@strata/testkit';

/** Options of `groupConformance`. */
export interface GroupConformanceOptions {
  /** A label for the describe block (default `curve.name`). */
  readonly label?: string;
  /** Seed of the random scalars (default 1). */
  readonly seed?: number;
  /** How many random cases each law runs (default 8). */
  readonly cases?: number;
  /**
   * Encodings of `compressedPointSize` bytes that are not points of the
   * curve (off the curve, bad prefix, x ≥ p, …): `pointFromBytes` must throw
   * StrataError and `tryPointFromBytes` return null for each.
   */
  readonly invalidPoints?: readonly Uint8Array[];
  /**
   * 32-byte scalar encodings `scalarFromBytes` must refuse with StrataError
   * (ed25519: values ≥ ℓ). Curves that reduce silently (secp256k1) pass none.
   */
  readonly invalidScalars?: readonly Uint8Array[];
}

/** Throws unless `f` throws a StrataError whose code is `code`. */
function expectStrataError(f: () => unknown, code?: string): void {
  let thrown: unknown;
  try {
    f();
  } catch (e) {
    thrown = e;
  }
  expect(thrown, 'expected a StrataError').toBeInstanceOf(StrataError);
  if (code !== undefined) expect((thrown as StrataError).code).toBe(code);
}

/** Registers the conformance tests of `curve` (see the module comment). */
export function groupConformance(curve: Curve, options: GroupConformanceOptions = {}): void {
  const label = options.label ?? curve.name;
  const cases = options.cases ?? 8;
  const seed = options.seed ?? 1;

  /** Fresh seeded scalars and points for one test. */
  function fixtures(extra = 0): { rand: (n: number) => Uint8Array; s: () => Scalar; p: () => Point } {
    const rand = xorshiftBytes(seed * 7919 + extra);
    const s = (): Scalar => curve.newRandomScalar(rand);
    const p = (): Point => curve.scalarBaseMult(s());
    return { rand, s, p };
  }
  const eqP = (a: Point, b: Point, what?: string): void => {
    expect(a.equals(b), what).toBe(true);
    expect(a.toBytes(), what).toEqual(b.toBytes());
  };
  const eqS = (a: Scalar, b: Scalar, what?: string): void => {
    expect(a.equals(b), what).toBe(true);
    expect(a.toBytes(), what).toEqual(b.toBytes());
  };

  describe(`group conformance: ${label}`, () => {
    it('describes itself consistently', () => {
      expect(typeof curve.name).toBe('string');
      expect(Number.isInteger(curve.bitSize) && curve.bitSize > 0).toBe(true);
      expect(curve.basePoint().toBytes().length).toBe(curve.compressedPointSize);
      expect(curve.zeroScalar().toBytes().length).toBe(curve.scalarSize);
      expect(['be', 'le']).toContain(curve.scalarByteOrder);
      expect(Number.isInteger(curve.cofactor) && curve.cofactor >= 1).toBe(true);
      expect(curve.identity().isIdentity()).toBe(true);
      expect(curve.basePoint().isIdentity()).toBe(false);
      expect(curve.altBasePoint().equals(curve.basePoint())).toBe(false);
      expect(curve.zeroScalar().isZero()).toBe(true);
      // basePoint / altBasePoint / identity return fresh copies.
      const G = curve.basePoint();
      G.setDouble(G);
      expect(curve.basePoint().equals(G)).toBe(false);
    });

    it('group laws: associativity, commutativity, identity, inverse, doubling', () => {
      const { p } = fixtures(1);
      const O = curve.identity();
      for (let i = 0; i < cases; i++) {
        const P = p();
        const Q = p();
        const R = p();
        eqP(P.add(Q).add(R), P.add(Q.add(R)), 'associativity');
        eqP(P.add(Q), Q.add(P), 'commutativity');
        eqP(P.add(O), P, 'P + O');
        eqP(O.add(P), P, 'O + P');
        expect(P.sub(P).isIdentity(), 'P − P').toBe(true);
        expect(P.add(curve.identity().setNegate(P)).isIdentity(), 'P + (−P)').toBe(true);
        eqP(curve.identity().setDouble(P), P.add(P), '2P');
        eqP(P.sub(Q).add(Q), P, '(P − Q) + Q');
        // The plain forms leave their operands alone.
        const before = P.toBytes();
        P.add(Q);
        P.sub(R);
        P.scalarMult(curve.scalarFromInt(3));
        expect(P.toBytes()).toEqual(before);
        // set… forms with aliasing: R = R + R, R = R − R.
        const A = P.clone();
        eqP(A.setAdd(A, A), P.add(P), 'setAdd aliased');
        const B = P.clone();
        expect(B.setSub(B, B).isIdentity(), 'setSub aliased').toBe(true);
        const C = P.clone();
        eqP(C.setNegate(C).setNegate(C), P, '−(−P)');
        eqP(P.clone(), P, 'clone');
        eqP(curve.identity().set(P), P, 'set');
      }
    });

    it('scalar laws: ring operations, aliasing, invert (0⁻¹ = 0)', () => {
      const { s } = fixtures(2);
      const one = curve.scalarFromInt(1);
      const zero = curve.zeroScalar();
      for (let i = 0; i < cases; i++) {
        const a = s();
        const b = s();
        const c = s();
        eqS(a.add(b), b.add(a), 'a + b');
        eqS(a.mul(b), b.mul(a), 'a·b');
        eqS(a.add(b).mul(c), a.mul(c).add(b.mul(c)), '(a + b)·c');
        eqS(a.sub(b).add(b), a, '(a − b) + b');
        eqS(a.add(a.negate()), zero, 'a + (−a)');
        if (!a.isZero()) eqS(a.mul(a.invert()), one, 'a·a⁻¹');
        eqS(a.clone(), a, 'clone');
        const x = a.clone();
        eqS(x.setMul(x, x), a.mul(a), 'setMul aliased');
        const y = a.clone();
        eqS(y.setAdd(y, y), a.add(a), 'setAdd aliased');
        const z = a.clone();
        expect(z.setSub(z, z).isZero(), 'setSub aliased').toBe(true);
        const w = a.clone();
        eqS(w.setInvert(w), a.invert(), 'setInvert aliased');
        eqS(curve.zeroScalar().setNegate(a), a.negate(), 'setNegate');
        eqS(curve.zeroScalar().set(a), a, 'set');
      }
      expect(zero.invert().isZero(), '0⁻¹ = 0 (Go)').toBe(true);
      eqS(curve.scalarFromInt(6), curve.scalarFromInt(2).mul(curve.scalarFromInt(3)), '2·3');
    });

    it('scalar multiplication distributes and matches repeated addition', () => {
      const { s, p } = fixtures(3);
      const G = curve.basePoint();
      let acc = curve.identity();
      for (let k = 0; k <= 20; k++) {
        const kk = curve.scalarFromInt(k);
        eqP(curve.scalarBaseMult(kk), acc, `${k}·G`);
        eqP(curve.scalarMult(kk, G), acc, `${k}·G (scalarMult)`);
        eqP(G.scalarMult(kk), acc, `${k}·G (Point.scalarMult)`);
        acc = acc.add(G);
      }
      for (let i = 0; i < cases; i++) {
        const a = s();
        const b = s();
        const P = p();
        const Q = p();
        eqP(curve.scalarMult(a.add(b), P), curve.scalarMult(a, P).add(curve.scalarMult(b, P)), '(a + b)·P');
        eqP(curve.scalarMult(a, P.add(Q)), curve.scalarMult(a, P).add(curve.scalarMult(a, Q)), 'a·(P + Q)');
        eqP(curve.scalarMult(a.mul(b), G), curve.scalarMult(a, curve.scalarBaseMult(b)), '(a·b)·G');
        expect(curve.scalarMult(curve.zeroScalar(), P).isIdentity(), '0·P').toBe(true);
        expect(curve.scalarMult(a, curve.identity()).isIdentity(), 'a·O').toBe(true);
        // out is written and returned; aliasing P and out is allowed.
        const out = P.clone();
        expect(curve.scalarMult(a, out, out)).toBe(out);
        eqP(out, curve.scalarMult(a, P), 'scalarMult(a, out, out)');
      }
    });

    it('the NonConst forms agree with the constant-time ones', () => {
      const { s, p } = fixtures(4);
      for (let i = 0; i < cases; i++) {
        const k = s();
        const P = p();
        eqP(curve.scalarMultNonConst(k, P), curve.scalarMult(k, P), 'scalarMultNonConst');
        eqP(curve.scalarBaseMultNonConst(k), curve.scalarBaseMult(k), 'scalarBaseMultNonConst');
        eqP(scalarMultNonConst(curve, k, P), scalarMult(curve, k, P), 'helpers');
      }
      eqP(curve.scalarBaseMultNonConst(curve.zeroScalar()), curve.identity(), '0·G');
    });

    it('double-scalar forms and MSM agree with naive sums (points and tables)', () => {
      const { s, p } = fixtures(5);
      const G = curve.basePoint();
      for (let i = 0; i < cases; i++) {
        const a = s();
        const b = s();
        const A = p();
        const B = p();
        const want = curve.scalarMult(a, A).add(curve.scalarMult(b, B));
        eqP(doubleScalarMultNonConst(curve, a, A, b, B), want, 'a·A + b·B');
        eqP(doubleScalarMultNonConst(curve, a, precompute(curve, A), b, precompute(curve, B)), want, 'a·TA + b·TB');
        eqP(doubleScalarMultNonConst(curve, a, precompute(curve, A), b, B), want, 'a·TA + b·B');
        const wantG = curve.scalarMult(a, A).add(curve.scalarBaseMult(b));
        eqP(doubleScalarMultBaseNonConst(curve, a, A, b), wantG, 'a·A + b·G');
        eqP(doubleScalarMultBaseNonConst(curve, a, precompute(curve, A), b), wantG, 'a·TA + b·G');
        eqP(doubleScalarMultNonConst(curve, a, A, b, G), wantG, 'a·A + b·G through the general form');
        // out may alias an input point.
        const out = A.clone();
        eqP(doubleScalarMultBaseNonConst(curve, a, out, b, out), wantG, 'aliased out');
      }
      for (const n of [0, 1, 2, 5, 9]) {
        const pts: Point[] = [];
        const ks: Scalar[] = [];
        let want = curve.identity();
        for (let i = 0; i < n; i++) {
          pts.push(p());
          ks.push(s());
          want = want.add(curve.scalarMult(ks[i]!, pts[i]!));
        }
        eqP(msmNonConst(curve, pts, ks), want, `msm of ${n}`);
        eqP(msmNonConst(curve, pts.map((P) => precompute(curve, P)), ks), want, `msm of ${n} tables`);
        if (curve.msmNonConst !== undefined) eqP(curve.msmNonConst(pts, ks), want, `curve.msmNonConst of ${n}`);
      }
    });

    it('every precompute size gives the same products', () => {
      const { s, p } = fixtures(6);
      const P = p();
      const sizes = [undefined, { size: 'small' as const }, { size: 'large' as const }, { size: 'small' as const, uses: 2 }, { size: 'large' as const, uses: 1000 }];
      const k = s();
      const b = s();
      const want = curve.scalarMult(k, P);
      const want2 = want.add(curve.scalarBaseMult(b));
      for (const o of sizes) {
        const T = precompute(curve, P, o);
        eqP(T.point, P, `table point ${JSON.stringify(o)}`);
        eqP(scalarMult(curve, k, T), want, `scalarMult over ${JSON.stringify(o)}`);
        eqP(scalarMultNonConst(curve, k, T), want, `scalarMultNonConst over ${JSON.stringify(o)}`);
        eqP(doubleScalarMultBaseNonConst(curve, k, T, b), want2, `doubleScalarMultBaseNonConst over ${JSON.stringify(o)}`);
        if (curve.precomputeBytes !== undefined) {
          const n = curve.precomputeBytes(o);
          expect(Number.isSafeInteger(n) && n > 0, 'precomputeBytes').toBe(true);
        }
      }
      if (curve.precomputeBytes !== undefined) {
        expect(curve.precomputeBytes({ size: 'small' })).toBeLessThan(curve.precomputeBytes({ size: 'large' }));
      }
    });

    it('encodings round-trip, at any offset', () => {
      const { s, p } = fixtures(7);
      const pl = curve.compressedPointSize;
      for (let i = 0; i < cases; i++) {
        const P = p();
        const enc = P.toBytes();
        expect(enc.length).toBe(pl);
        eqP(curve.pointFromBytes(enc), P, 'pointFromBytes');
        eqP(curve.tryPointFromBytes(enc)!, P, 'tryPointFromBytes');
        const buf = new Uint8Array(pl + 5).fill(0xaa);
        expect(P.putBytes(buf, 3)).toBe(buf);
        expect(buf.subarray(3, 3 + pl)).toEqual(enc);
        expect(buf[2]).toBe(0xaa);
        const out = curve.identity();
        expect(curve.pointFromBytes(enc, out)).toBe(out);
        const k = s();
        const ke = k.toBytes();
        expect(ke.length).toBe(curve.scalarSize);
        eqS(curve.scalarFromBytes(ke), k, 'scalarFromBytes');
        const kb = new Uint8Array(curve.scalarSize + 4);
        k.putBytes(kb, 4);
        expect(kb.subarray(4)).toEqual(ke);
        // scalarFromBytesLE reads 32 little-endian bytes on every curve.
        const le = curve.scalarByteOrder === 'le' ? ke : ke.slice().reverse();
        eqS(curve.scalarFromBytesLE(le), k, 'scalarFromBytesLE');
      }
    });

    it('bad encodings are refused: StrataError from decode…, null from tryPointFromBytes', () => {
      const pl = curve.compressedPointSize;
      const G = curve.basePoint().toBytes();
      for (const len of [0, 1, pl - 1, pl + 1, 2 * pl]) {
        const b = new Uint8Array(len);
        b.set(G.subarray(0, Math.min(len, pl)));
        expectStrataError(() => curve.pointFromBytes(b), ErrorCode.BAD_LENGTH);
        expect(curve.tryPointFromBytes(b)).toBe(null);
      }
      for (const len of [0, 31, 33, 64]) expectStrataError(() => curve.scalarFromBytes(new Uint8Array(len)), ErrorCode.BAD_LENGTH);
      for (const bad of options.invalidPoints ?? []) {
        expectStrataError(() => curve.pointFromBytes(bad));
        expect(curve.tryPointFromBytes(bad)).toBe(null);
        const out = curve.basePoint();
        expect(curve.tryPointFromBytes(bad, out)).toBe(null);
      }
      for (const bad of options.invalidScalars ?? []) expectStrataError(() => curve.scalarFromBytes(bad));
    });

    it('hash-to-scalar is deterministic, honours out, and the Go rules differ only where ambiguous', () => {
      const enc = new TextEncoder();
      let ambiguousSeen = 0;
      for (let i = 0; i < 1024; i++) {
        const d = enc.encode(`conformance ${i}`);
        const h = curve.hashToScalar(d);
        eqS(curve.hashToScalar(d), h, 'deterministic');
        const out = curve.zeroScalar();
        expect(curve.hashToScalar(d, out)).toBe(out);
        eqS(out, h, 'out');
        const amb = hashToScalarIsAmbiguous(curve, d);
        let decred: Scalar | null;
        try {
          decred = curve.hashToScalar(d, undefined, { rule: 'decred' });
        } catch (e) {
          expect(e).toBeInstanceOf(StrataError); // Go panics: only on an ambiguous hash
          decred = null;
        }
        const plain = curve.hashToScalar(d, undefined, { rule: 'libsecp256k1' });
        if (!amb) {
          expect(decred !== null && decred.equals(plain), `rules agree on a non-ambiguous hash (${i})`).toBe(true);
        } else {
          ambiguousSeen++;
          expect(decred === null || !decred.equals(plain), `rules differ on an ambiguous hash (${i})`).toBe(true);
        }
        if (curve.hashToScalarRule !== undefined) {
          const own = curve.hashToScalarRule === 'decred' ? decred : plain;
          if (own !== null) eqS(h, own, 'the curve rule is the default');
        }
        if (curve.hashToScalarFromDigest !== undefined) {
          // Same scalar from a digest the caller keeps.
          expect(curve.hashToScalar(d).equals(h)).toBe(true);
        }
      }
      // About 1 hash in 256 is ambiguous on a curve with the decred quirk.
      if (curve.hashToScalarRule !== undefined) expect(ambiguousSeen).toBeGreaterThan(0);
      else expect(ambiguousSeen).toBe(0);
    });

    it('misuse raises the errors of docs/api.md §7', () => {
      const G = curve.basePoint();
      const k = curve.scalarFromInt(5);
      // Wrong types: TypeError.
      expect(() => curve.pointFromBytes('02' as unknown as Uint8Array)).toThrow(TypeError);
      expect(() => curve.tryPointFromBytes(null as unknown as Uint8Array)).toThrow(TypeError);
      expect(() => curve.scalarFromBytes([1, 2] as unknown as Uint8Array)).toThrow(TypeError);
      expect(() => curve.hashToScalar('data' as unknown as Uint8Array)).toThrow(TypeError);
      expect(() => curve.scalarFromInt('1' as unknown as number)).toThrow(TypeError);
      // An unknown enum string: TypeError.
      expect(() => curve.hashToScalar(new Uint8Array(1), undefined, { rule: 'ethereum' as never })).toThrow(TypeError);
      expect(() => precompute(curve, G, { size: 'medium' as never })).toThrow(TypeError);
      // A number out of range: RangeError.
      expect(() => curve.scalarFromInt(-1)).toThrow(RangeError);
      expect(() => curve.scalarFromInt(2 ** 32)).toThrow(RangeError);
      // Bytes of the wrong length, arrays whose lengths must match, a short output buffer: ERR_BAD_LENGTH.
      expectStrataError(() => msmNonConst(curve, [G, G], [k]), ErrorCode.BAD_LENGTH);
      if (curve.msmNonConst !== undefined) expectStrataError(() => curve.msmNonConst!([G], [k, k]), ErrorCode.BAD_LENGTH);
      expectStrataError(() => G.putBytes(new Uint8Array(curve.compressedPointSize - 1)), ErrorCode.BAD_LENGTH);
      expectStrataError(() => G.putBytes(new Uint8Array(curve.compressedPointSize), 1), ErrorCode.BAD_LENGTH);
      expectStrataError(() => k.putBytes(new Uint8Array(curve.scalarSize - 1)), ErrorCode.BAD_LENGTH);
      expectStrataError(() => curve.scalarFromBytesLE(new Uint8Array(31)), ErrorCode.BAD_LENGTH);
    });
  });
}
