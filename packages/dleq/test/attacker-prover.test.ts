/**
 * Issue 21, finding 1 (the DLEq forgery over Bandersnatch) and the DLEq
 * suite's attacker's prover: per curve pair, proofs of a FALSE statement
 * (the keys' secrets differ) built with malicious commitments must not verify.
 *
 * The attacker's prover below is written from the protocol (proof.ts, the
 * file comment) with the group interface only; it knows every blinder it
 * claims, grinds the randomness of a bit proof until its own check of that
 * bit passes (what a forger with a torsion-carrying commitment does), and
 * signs X_A and X_B with unrelated secrets. One side is honest for x; the
 * other (A, or B for `absorb` when only B is Bandersnatch) carries the
 * attack and the key y·G of an unrelated y:
 *
 * - `absorb` (Bandersnatch): C_251 = ρ·H, C_250 = 2ρ·H + T∞, T∞ a point of
 *   order 2 at infinity. Before the fix the verifier's Horner sum
 *   2·C_251 + C_250 added two operands that differ by T∞, got (0 : 0 : 0 : 0)
 *   and "equalled" any key (issue 21 finding 1).
 * - `difference`: the sum is made to equal X_A by hiding Δ = (y − x)·G
 *   in C_0, whose bit proof the prover cannot make.
 * - `torsion`: as `difference`, plus every small-order point of the curve
 *   placed in a commitment where 2^i·T = O (the sum is unchanged, the bit
 *   proofs of those commitments are ground until they pass).
 * - `identity`: every commitment of the attacked side is the identity and
 *   so is its key, with a Schnorr signature forged for it (S·G = R).
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode, StrataError } from '@strata/field';
import * as edwards from '@strata/curves/edwards';
import {
  babyJubjub,
  bandersnatch,
  doubleScalarMultNonConst,
  ed25519,
  EdwardsGroupPoint,
  jubjub,
  secp256k1,
  type Curve,
  type Point,
  type RandomSource,
  type Scalar,
} from '@strata/group';
import { seededRandom } from '@strata/group-testkit';
import { BitProof, Proof, proofBitCount, signatureSchemeFor } from '../src/index.js';

/** H(Enc_A(C_A) ‖ Enc_B(C_B) ‖ Enc_A(P_A) ‖ Enc_B(P_B)) on both curves (the verifier's hash). */
function hash4(A: Curve, B: Curve, CA: Point, CB: Point, PA: Point, PB: Point): [Scalar, Scalar] {
  const parts = [CA.toBytes(), CB.toBytes(), PA.toBytes(), PB.toBytes()];
  const pre = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) { pre.set(p, o); o += p.length; }
  return [A.hashToScalar(pre), B.hashToScalar(pre)];
}

/** One bit proof for (C_A, C_B) committing to `bit` with the claimed blinders (C − bit·G = r·H), as the honest prover makes it. */
function bitProof(A: Curve, B: Curve, CA: Point, CB: Point, bit: number, rA: Scalar, rB: Scalar, rand: RandomSource): BitProof {
  const HA = A.altBasePoint(), HB = B.altBasePoint();
  const j = A.newRandomScalar(rand), k = B.newRandomScalar(rand);
  const sA = A.newRandomScalar(rand), sB = B.newRandomScalar(rand);
  const [eA, eB] = hash4(A, B, CA, CB, A.scalarMult(j, HA), B.scalarMult(k, HB));
  const dA = bit === 0 ? CA.sub(A.basePoint()) : CA.clone();
  const dB = bit === 0 ? CB.sub(B.basePoint()) : CB.clone();
  const PA = doubleScalarMultNonConst(A, sA, HA, eA.negate(), dA);
  const PB = doubleScalarMultNonConst(B, sB, HB, eB.negate(), dB);
  const [fA, fB] = hash4(A, B, CA, CB, PA, PB);
  const realA = fA.mul(rA).add(j);
  const realB = fB.mul(rB).add(k);
  return bit === 0 ? new BitProof(CA, CB, fA, fB, sA, realA, sB, realB) : new BitProof(CA, CB, eA, eB, realA, sA, realB, sB);
}

/** The verifier's check of one bit proof (the attacker's own test while grinding). */
function bitProofOk(A: Curve, B: Curve, bp: BitProof): boolean {
  try {
    const HA = A.altBasePoint(), HB = B.altBasePoint();
    const P1A = doubleScalarMultNonConst(A, bp.a1, HA, bp.eA.negate(), bp.commitmentA);
    const P1B = doubleScalarMultNonConst(B, bp.b1, HB, bp.eB.negate(), bp.commitmentB);
    const [e1A, e1B] = hash4(A, B, bp.commitmentA, bp.commitmentB, P1A, P1B);
    const P2A = doubleScalarMultNonConst(A, bp.a0, HA, e1A.negate(), bp.commitmentA.sub(A.basePoint()));
    const P2B = doubleScalarMultNonConst(B, bp.b0, HB, e1B.negate(), bp.commitmentB.sub(B.basePoint()));
    const [e0A, e0B] = hash4(A, B, bp.commitmentA, bp.commitmentB, P2A, P2B);
    return e0A.equals(bp.eA) && e0B.equals(bp.eB);
  } catch (e) {
    if (e instanceof StrataError) return false;
    throw e;
  }
}

/** 32 random little-endian bytes below 2^bits. */
function secretBelow(rand: RandomSource, bits: number): Uint8Array {
  const b = Uint8Array.from(rand(32));
  for (let i = 0; i < 256; i++) if (i >= bits) b[i >> 3] = b[i >> 3]! & ~(1 << (i & 7));
  return b;
}

const bitOf = (b: Uint8Array, i: number) => (b[i >> 3]! >> (i & 7)) & 1;

/** One side of a proof: per bit the commitment, the claimed bit and blinder, and whether the attacker must grind its bit proof. */
interface Side {
  C: Point[];
  r: Scalar[];
  grind: boolean[];
}

/** Honest commitments to the bits of `x` (blinders with Σ 2^i·r_i = 0, so Σ 2^i·C_i = x·G). */
function honestSide(c: Curve, x: Uint8Array, bits: number, rand: RandomSource): Side {
  const r: Scalar[] = [];
  const sum = c.zeroScalar();
  let pow = c.scalarFromInt(1);
  const two = c.scalarFromInt(2);
  r.push(c.zeroScalar());
  for (let i = 1; i < bits; i++) {
    pow = pow.mul(two);
    const ri = c.newRandomScalar(rand);
    r.push(ri);
    sum.setAdd(sum, ri.mul(pow));
  }
  r[0] = sum.negate();
  const H = c.altBasePoint(), G = c.basePoint();
  const C = r.map((ri, i) => (bitOf(x, i) === 1 ? c.scalarMult(ri, H).add(G) : c.scalarMult(ri, H)));
  return { C, r, grind: r.map(() => false) };
}

/**
 * Builds the proof from both sides (bits are x's on both); a bit whose two
 * commitments are those of `reuse` keeps reuse's bit proof.
 */
function assemble(A: Curve, B: Curve, x: Uint8Array, sa: Side, sb: Side, XA: Point, sigA: Uint8Array, XB: Point, sigB: Uint8Array, rand: RandomSource, reuse?: Proof): Proof {
  const bits = sa.C.length;
  const proofs: BitProof[] = [];
  for (let i = 0; i < bits; i++) {
    const old = reuse?.bitProofs[i];
    if (old !== undefined && old.commitmentA === sa.C[i] && old.commitmentB === sb.C[i]) {
      proofs.push(old);
      continue;
    }
    let bp = bitProof(A, B, sa.C[i]!, sb.C[i]!, bitOf(x, i), sa.r[i]!, sb.r[i]!, rand);
    if (sa.grind[i]) for (let t = 0; t < 16 && !bitProofOk(A, B, bp); t++) bp = bitProof(A, B, sa.C[i]!, sb.C[i]!, bitOf(x, i), sa.r[i]!, sb.r[i]!, rand);
    proofs.push(bp);
  }
  return new Proof(XA, XB, proofs, sigA, sigB);
}

/**
 * P + T∞ for a Bandersnatch group point P, T∞ = (±c : 0 : 0 : 1) with
 * c² = d/a one of the two points at infinity: (c/(d·x), a·c/(d·y)). Built
 * past the decoder (an `EdwardsGroupPoint` around a validated affine
 * point), as an attacker holds it in memory; `toBytes()` gives its bytes.
 */
function plusInfinity(P: Point, sign: 0 | 1): Point {
  const E = edwards.bandersnatch, F = E.F;
  const { x, y } = (P as EdwardsGroupPoint).p.toAffine().toBigInts();
  const fe = (v: bigint) => F.setBigInt(F.create(), ((v % F.p) + F.p) % F.p);
  const c = F.create();
  expect(F.sqrt(c, F.mul(F.create(), fe(E.d), F.invert(F.create(), fe(E.a))))).toBe(true);
  if (sign === 1) F.negate(c, c);
  const x3 = F.mul(F.create(), c, F.invert(F.create(), F.mul(F.create(), fe(E.d), fe(x))));
  const y3 = F.mul(F.create(), F.mul(F.create(), fe(E.a), c), F.invert(F.create(), F.mul(F.create(), fe(E.d), fe(y))));
  const A = edwards.PointAffine.fromXY(E, F.toBigInt(x3), F.toBigInt(y3));
  return new EdwardsGroupPoint(bandersnatch, A.toExtended());
}

/**
 * The small-order points (other than the identity) of a group curve that
 * its decoder accepts, as the torsion part T = P − h·([h⁻¹ mod order]·P) of
 * decoded random points.
 */
function torsionPoints(c: Curve): Point[] {
  if (c.cofactor === 1) return [];
  const found = new Map<string, Point>();
  const rand = seededRandom(c.cofactor * 31);
  const hInv = c.scalarFromInt(c.cofactor).invert();
  for (let t = 0; t < 400 && found.size < c.cofactor - 1; t++) {
    const P = c.tryPointFromBytes(rand(32));
    if (P === null) continue;
    let Q = c.scalarMultNonConst(hInv, P);
    for (let h = c.cofactor; h > 1; h >>= 1) Q = Q.add(Q);
    const T = P.sub(Q);
    if (!T.isIdentity()) found.set(Buffer.from(T.toBytes()).toString('hex'), T);
  }
  return [...found.values()];
}

const PAIRS: [Curve, Curve][] = [
  [bandersnatch, ed25519],
  [bandersnatch, secp256k1],
  [ed25519, bandersnatch],
  [jubjub, ed25519],
  [babyJubjub, secp256k1],
  [ed25519, secp256k1],
  [secp256k1, ed25519],
];

type Strategy = 'absorb' | 'difference' | 'torsion' | 'identity';

/**
 * The forged proof of `strategy`: the attacked side (A, or B for 'absorb'
 * when only B is Bandersnatch) carries the attack and the key y·G of an
 * unrelated secret y; the other side is honest for x. Bits are x's (the
 * joint bit proofs make both sides claim the same bit).
 */
function forge(A: Curve, B: Curve, strategy: Strategy, seed: number): { proof: Proof; x: Uint8Array; y: Uint8Array } {
  const rand = seededRandom(seed);
  const bits = proofBitCount(A, B);
  const { x, y, sa, sb, proof: base } = honestBase(A, B);
  const onB = strategy === 'absorb' && A !== bandersnatch;
  const side = (c: Curve, honest: Side, attacked: boolean) => {
    const s = honest;
    const k = c.scalarFromBytesLE(attacked ? y : x);
    let X = c.scalarBaseMult(k);
    let sig = signatureSchemeFor(c).sign(c, k, X, rand);
    if (!attacked) return { s, X, sig };
    const H = c.altBasePoint();
    const C = s.C.slice(), r = s.r.slice(), grind = s.grind.slice();
    if (strategy === 'absorb') {
      const rho = c.newRandomScalar(rand);
      const two = c.scalarFromInt(2);
      C[bits - 1] = c.scalarMult(rho, H); r[bits - 1] = rho;
      C[bits - 2] = plusInfinity(c.scalarMult(rho.mul(two), H), 0); r[bits - 2] = rho.mul(two); grind[bits - 2] = true;
    } else if (strategy === 'difference' || strategy === 'torsion') {
      const delta = c.scalarBaseMult(c.scalarFromBytesLE(y).sub(c.scalarFromBytesLE(x)));
      C[0] = C[0]!.add(delta);
      if (strategy === 'torsion') {
        // T of order 2^k goes to bit k (2^k·T = O): bit 1 for order 2, bit 2 for order 4, bit 3 for order 8.
        for (const T of torsionPoints(c)) {
          let k = 0;
          for (let P = T; !P.isIdentity(); P = P.add(P)) k++;
          C[k] = C[k]!.add(T);
          grind[k] = true;
        }
      }
    } else {
      for (let i = 0; i < bits; i++) { C[i] = c.identity(); r[i] = c.zeroScalar(); }
      // X = O with a Schnorr "signature" R = S·G (k·O = O for every k).
      X = c.identity();
      const S = c.newRandomScalar(rand);
      sig = new Uint8Array([...c.scalarBaseMult(S).toBytes(), ...S.toBytes()]);
    }
    return { s: { C, r, grind }, X, sig };
  };
  const a = side(A, sa, !onB);
  const b = side(B, sb, onB);
  return { proof: assemble(A, B, x, a.s, b.s, a.X, a.sig, b.X, b.sig, rand, base), x, y };
}

const bases = new Map<string, { x: Uint8Array; y: Uint8Array; sa: Side; sb: Side; proof: Proof }>();

/**
 * The honest commitments and bit proofs of one pair for a secret x below
 * 2^(bits − 2) (bits 250 and 251 are 0: room for 'absorb'), and an
 * unrelated y; built once per pair and shared by its strategies (only the
 * bits an attack changes get new bit proofs).
 */
function honestBase(A: Curve, B: Curve): { x: Uint8Array; y: Uint8Array; sa: Side; sb: Side; proof: Proof } {
  const key = `${A.name}/${B.name}`;
  const hit = bases.get(key);
  if (hit !== undefined) return hit;
  const rand = seededRandom(2100 + A.bitSize + 7 * B.compressedPointSize + A.cofactor);
  const bits = proofBitCount(A, B);
  const x = secretBelow(rand, bits - 2);
  let y = secretBelow(rand, bits);
  while (y.every((v, i) => v === x[i])) y = secretBelow(rand, bits);
  const sa = honestSide(A, x, bits, rand), sb = honestSide(B, x, bits, rand);
  const XA = A.scalarBaseMult(A.scalarFromBytesLE(x)), XB = B.scalarBaseMult(B.scalarFromBytesLE(x));
  const proof = assemble(A, B, x, sa, sb, XA, signatureSchemeFor(A).sign(A, A.scalarFromBytesLE(x), XA, rand), XB, signatureSchemeFor(B).sign(B, B.scalarFromBytesLE(x), XB, rand), rand);
  const b = { x, y, sa, sb, proof };
  bases.set(key, b);
  return b;
}

/** Verifies a forged proof in memory and after serialize / deserialize: never true, never an untyped throw. */
function expectRejected(A: Curve, B: Curve, proof: Proof): void {
  expect(proof.check(A, B).ok).toBe(false);
  let bytes: Uint8Array;
  try {
    bytes = proof.toBytes();
  } catch (e) {
    expect(e).toBeInstanceOf(StrataError);
    return;
  }
  let back: Proof;
  try {
    back = Proof.fromBytes(A, B, bytes);
  } catch (e) {
    expect(e).toBeInstanceOf(StrataError);
    return;
  }
  expect(back.verify(A, B)).toBe(false);
}

describe('issue 21 finding 1: a DLEq proof over Bandersnatch for unrelated secrets (C_251 = ρ·H, C_250 = 2ρ·H + T∞)', () => {
  for (const [A, B] of [[bandersnatch, ed25519], [bandersnatch, secp256k1], [ed25519, bandersnatch]] as [Curve, Curve][]) {
    it(`${A.name} × ${B.name}: verify is false in memory; the bytes do not deserialize (ERR_POINT_NOT_IN_SUBGROUP at the T∞ commitment)`, () => {
      const { proof, x, y } = forge(A, B, 'absorb', 2100 + A.bitSize + B.compressedPointSize);
      expect(y).not.toEqual(x);
      expect(proof.verify(A, B)).toBe(false);
      const bytes = proof.toBytes();
      let code: string | undefined;
      let offset: number | undefined;
      try {
        Proof.fromBytes(A, B, bytes);
      } catch (e) {
        expect(e).toBeInstanceOf(StrataError);
        code = (e as StrataError).code;
        offset = (e as StrataError).offset;
      }
      expect(code).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
      const bits = proofBitCount(A, B);
      const per = A.compressedPointSize + B.compressedPointSize + 192;
      const at = A.compressedPointSize + B.compressedPointSize + 1 + (bits - 2) * per + (A === bandersnatch ? 0 : A.compressedPointSize);
      expect(offset).toBe(at);
    });
  }
});

describe("DLEq attacker's prover: forged proofs for unrelated secrets with malicious commitments fail, per curve pair", () => {
  for (const [A, B] of PAIRS) {
    const strategies: Strategy[] = ['difference', 'identity'];
    if (A.cofactor > 1) strategies.push('torsion');
    // The identity has no encoding (and no ECDSA signature) on secp256k1.
    const usable = strategies.filter((s) => !(s === 'identity' && A === secp256k1));
    it(`${A.name} × ${B.name}: ${usable.join(', ')} (absorb: the finding 1 tests above)`, () => {
      for (const s of usable) {
        const { proof } = forge(A, B, s, 4200 + usable.indexOf(s) + A.bitSize);
        expectRejected(A, B, proof);
      }
    });
  }
  it('the honest side of the attacker\'s prover is right: without an attack its proof (one secret on both sides) verifies, so the forgeries fail for their attack, not for a bug in the forger', () => {
    for (const [A, B] of PAIRS) {
      const { proof } = honestBase(A, B);
      expect(proof.check(A, B)).toEqual({ ok: true });
      const bytes = proof.toBytes();
      expect(Proof.fromBytes(A, B, bytes).toBytes()).toEqual(bytes);
    }
  });
});
