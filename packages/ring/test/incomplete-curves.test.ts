/**
 * Issue 21 on the ring side: the ring suite's attacker's signer over the
 * generic Edwards curves, and the Bandersnatch policy.
 *
 * - Bandersnatch keys and key images with a component at a point at
 *   infinity are refused by every decoder, `allowTorsion` or not (the
 *   adapter's decoder: only the exception-free subgroup r·P ∈ {O, (0, −1)});
 *   (0, −1)-torsion stays what `allowTorsion` governs.
 * - The key-free forgery (a small-order member, key image = identity), per
 *   curve and per small-order point, is refused.
 * - A key image with a torsion part added is refused by default and, under
 *   `allowTorsion`, still links with the signer's other signatures.
 * - H_p over Bandersnatch is what it was before the policy: its decoding of
 *   SHA3-256 outputs still takes every point the encoding holds (the
 *   adapter's `tryPointFromBytesClearCofactor`).
 */
import { describe, expect, it } from 'vitest';
import { sha3_256 } from '@noble/hashes/sha3.js';
import * as edwards from '@strata/curves/edwards';
import { ErrorCode } from '@strata/field';
import { concatBytes, thrownCode } from '@strata/testkit';
import { babyJubjub, bandersnatch, jubjub, type EdwardsGroupCurve, type Point, type RandomSource } from '@strata/group';
import { Ring, RingSignature, hashToCurveNonConst, link } from '../src/index.js';
import { detRandom, hashToScalar } from './helpers.js';

const MSG = new Uint8Array(32).fill(9);
const CURVES = [jubjub, bandersnatch, babyJubjub] as EdwardsGroupCurve[];

/** The encoding of P + T∞ for a Bandersnatch key P (T∞ = (±√(d/a) : 0 : 0 : 1)): (c/(d·x), a·c/(d·y)). */
function plusInfinity(P: Point, sign: 0 | 1): Uint8Array {
  const E = edwards.bandersnatch, F = E.F;
  const fe = (v: bigint) => F.setBigInt(F.create(), ((v % F.p) + F.p) % F.p);
  const { x, y } = edwards.PointAffine.fromBytes(E, P.toBytes()).toBigInts();
  const c = F.create();
  expect(F.sqrt(c, F.mul(F.create(), fe(E.d), F.invert(F.create(), fe(E.a))))).toBe(true);
  if (sign === 1) F.negate(c, c);
  const x3 = F.mul(F.create(), c, F.invert(F.create(), F.mul(F.create(), fe(E.d), fe(x))));
  const y3 = F.mul(F.create(), F.mul(F.create(), fe(E.a), c), F.invert(F.create(), F.mul(F.create(), fe(E.d), fe(y))));
  return edwards.PointAffine.fromXY(E, F.toBigInt(x3), F.toBigInt(y3)).toBytes();
}

/** Every small-order point the adapter decodes, other than the identity (torsion parts of decoded points). */
function smallOrder(c: EdwardsGroupCurve): Point[] {
  const found = new Map<string, Point>();
  const hInv = c.scalarFromInt(c.cofactor).invert();
  for (let h = sha3_256(new Uint8Array([c.cofactor])), t = 0; t < 300 && found.size < c.cofactor; h = sha3_256(h), t++) {
    const P = c.tryPointFromBytes(h);
    if (P === null) continue;
    let Q = c.scalarMultNonConst(hInv, P);
    for (let k = c.cofactor; k > 1; k >>= 1) Q = Q.add(Q);
    const T = P.sub(Q);
    if (!T.isIdentity()) found.set(Buffer.from(T.toBytes()).toString('hex'), T);
  }
  return [...found.values()];
}

/** ring-go's byte layout: u32 n ‖ c_0 ‖ I ‖ n × (s_i ‖ P_i). */
function layout(c0: Uint8Array, image: Uint8Array, s: readonly Uint8Array[], keys: readonly Uint8Array[]): Uint8Array {
  const head = new Uint8Array(4);
  new DataView(head.buffer).setUint32(0, keys.length, false);
  const parts: Uint8Array[] = [head, c0, image];
  for (let i = 0; i < keys.length; i++) parts.push(s[i]!, keys[i]!);
  return concatBytes(...parts);
}

/**
 * The key-free forgery (issue 10 finding 2) from ring-go's equations with
 * the group operations only: key image I = identity and, at the
 * small-order member j, s_j = u, so L_j = u·G + c_j·T and R_j = u·H_j close
 * the ring whenever c_j·T = O (retrying u until then).
 */
function forge(curve: EdwardsGroupCurve, keys: readonly Uint8Array[], j: number, rand: RandomSource): Uint8Array {
  const n = keys.length;
  const pts = keys.map((k) => curve.pointFromBytes(k));
  const H = pts.map((p) => hashToCurveNonConst(curve, p));
  const I = curve.identity();
  for (let attempt = 0; attempt < 128; attempt++) {
    const u = curve.newRandomScalar(rand);
    const s = keys.map(() => curve.zeroScalar().toBytes());
    let c = hashToScalar(curve, concatBytes(MSG, curve.scalarBaseMultNonConst(u).toBytes(), curve.scalarMultNonConst(u, H[j]!).toBytes()));
    let c0 = c;
    let i = (j + 1) % n;
    if (i === 0) c0 = c;
    while (i !== j) {
      const si = curve.newRandomScalar(rand);
      s[i] = si.toBytes();
      const L = curve.scalarBaseMultNonConst(si).add(curve.scalarMultNonConst(c, pts[i]!));
      const R = curve.scalarMultNonConst(si, H[i]!).add(curve.scalarMultNonConst(c, I));
      c = hashToScalar(curve, concatBytes(MSG, L.toBytes(), R.toBytes()));
      i = (i + 1) % n;
      if (i === 0) c0 = c;
    }
    if (!curve.scalarMultNonConst(c, pts[j]!).isIdentity()) continue;
    s[j] = u.toBytes();
    return layout(c0.toBytes(), I.toBytes(), s, keys);
  }
  throw new Error('forge: no closing attempt in 128 tries');
}

describe("ring attacker's signer over the generic Edwards curves (issue 21)", () => {
  for (const curve of CURVES) {
    const honest = [5, 6].map((k) => curve.scalarBaseMult(curve.scalarFromInt(k)).toBytes());
    it(`${curve.name}: the key-free forgery with each small-order member (identity key image) is refused by deserialize and the constructors, allowTorsion or not`, () => {
      const small = smallOrder(curve);
      expect(small.length).toBe(curve === bandersnatch ? 1 : curve.cofactor - 1); // Bandersnatch: (0, −1) only (the rest is at infinity)
      for (const T of [curve.identity(), ...small]) {
        const keys = [honest[0]!, T.toBytes(), honest[1]!];
        const bytes = forge(curve, keys, 1, detRandom(31 + curve.cofactor));
        for (const opts of [{}, { allowTorsion: true }, { strict: true, allowTorsion: true }]) {
          expect(thrownCode(() => RingSignature.fromBytes(curve, bytes, opts).verify(MSG))).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
        }
        expect(thrownCode(() => Ring.fromPublicKeys(curve, keys, { allowTorsion: true }))).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
      }
    });
    it(`${curve.name}: a key image with a torsion part added is refused by default; under allowTorsion verify answers without throwing and the image links with the signer's`, () => {
      const rand = detRandom(41 + curve.cofactor);
      const x = curve.newRandomScalar(rand);
      const ring = Ring.withSigner(curve, honest, x, 1);
      const sig = ring.sign(MSG, x, { random: rand });
      const bytes = sig.toBytes();
      for (const T of smallOrder(curve)) {
        const tweaked = bytes.slice();
        tweaked.set(sig.keyImage.add(T).toBytes(), 4 + 32);
        expect(thrownCode(() => RingSignature.fromBytes(curve, tweaked))).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
        const back = RingSignature.fromBytes(curve, tweaked, { allowTorsion: true });
        // It verifies iff c_j·T = O for the honest c_j; either way it is the signer's image up to torsion, and links.
        expect(() => back.verify(MSG)).not.toThrow();
        expect(link(back, sig)).toBe(true);
      }
    });
  }

  it('bandersnatch: keys and key images with a component at infinity are refused everywhere, allowTorsion or not; (0, −1)-torsion keys follow allowTorsion', () => {
    const curve = bandersnatch;
    const rand = detRandom(51);
    const x = curve.newRandomScalar(rand);
    const X = curve.scalarBaseMult(x);
    const others = [7, 8].map((k) => curve.scalarBaseMult(curve.scalarFromInt(k)));
    const ring = Ring.withSigner(curve, others.map((p) => p.toBytes()), x, 1);
    const sig = ring.sign(MSG, x, { random: rand });
    const bytes = sig.toBytes();
    for (const sign of [0, 1] as const) {
      const bad = plusInfinity(others[0]!, sign);
      expect(edwards.PointAffine.fromBytes(edwards.bandersnatch, bad).isOnCurve()).toBe(true);
      for (const opts of [{}, { allowTorsion: true }]) {
        expect(thrownCode(() => Ring.fromPublicKeys(curve, [bad, X.toBytes()], opts))).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
      }
      // As a member of a serialized signature (P_0 at offset 4 + 32 + 32 + 32) and as its key image.
      const member = bytes.slice();
      member.set(bad, 4 + 32 + 32 + 32);
      const image = bytes.slice();
      image.set(plusInfinity(sig.keyImage, sign), 4 + 32);
      for (const b of [member, image]) {
        for (const opts of [{}, { allowTorsion: true }, { strict: true, allowTorsion: true }]) {
          expect(thrownCode(() => RingSignature.fromBytes(curve, b, opts))).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
        }
      }
    }
    // A member with a (0, −1) component: refused by default, accepted (and signed over) with allowTorsion.
    const t2 = curve.pointFromBytes(edwards.PointAffine.fromXY(edwards.bandersnatch, 0n, edwards.bandersnatch.F.p - 1n).toBytes());
    const mixed = others[0]!.add(t2).toBytes();
    expect(thrownCode(() => Ring.fromPublicKeys(curve, [mixed, X.toBytes()]))).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
    const r2 = Ring.withSigner(curve, [mixed, others[1]!.toBytes()], x, 2, { allowTorsion: true });
    const s2 = r2.sign(MSG, x, { random: rand });
    expect(s2.verify(MSG)).toBe(true);
    expect(RingSignature.fromBytes(curve, s2.toBytes(), { allowTorsion: true }).verify(MSG)).toBe(true);
    expect(link(s2, sig)).toBe(true);
  });

  it('bandersnatch: H_p is the first SHA3-256 iterate that any point of the encoding holds, cofactor cleared (as before the decode policy)', () => {
    const curve = bandersnatch;
    const E = edwards.bandersnatch;
    let skippedByPolicy = 0;
    for (let k = 1; k <= 40; k++) {
      const P = curve.scalarBaseMult(curve.scalarFromInt(k * 7919));
      let h = sha3_256(P.toBytes());
      let want: Uint8Array | undefined;
      for (let i = 0; i < 128 && want === undefined; i++, h = sha3_256(h)) {
        let A: edwards.PointAffine;
        try {
          A = edwards.PointAffine.fromBytes(E, h);
        } catch {
          continue;
        }
        if (!A.isExceptionFree()) skippedByPolicy++;
        want = new edwards.PointAffine(E).clearCofactor(A).toBytes();
      }
      expect(hashToCurveNonConst(curve, P).toBytes()).toEqual(want);
    }
    expect(skippedByPolicy).toBeGreaterThan(0);
  });
});
