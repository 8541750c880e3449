/**
 * The `Curve` / `Point` / `Scalar` contract, checked on every backend
 * against go-dleq's vectors, a BigInt reference and (for Strata) the
 * noble-curves adapter as an independent oracle.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { StrataError } from '@strata/field';
import { bigFromBytesBE, bigFromBytesLE, bigToBytesBE, bigToBytesLE, hex, toHex } from '@strata/testkit';
import {
  doubleScalarMultBaseNonConst,
  doubleScalarMultNonConst,
  msmNonConst,
  precompute,
  scalarMult,
  scalarMultNonConst,
  pointsToBytes,
  Secp256k1PointTable,
  type Curve,
  type Scalar,
} from '../src/index.js';
import {
  backends,
  goDleqVectors as vectors,
  noble,
  pick,
  seededRandom,
  strata,
} from '@strata/group-testkit';
import { refModPow } from '@strata/field/reference';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const L = 2n ** 252n + 27742317777372353535851937790883648493n;
const P_SECP = 2n ** 256n - 2n ** 32n - 977n;
const P_ED = 2n ** 255n - 19n;

function order(c: Curve): bigint {
  return c.name === 'secp256k1' ? N : L;
}
function enc(c: Curve, v: bigint): Uint8Array {
  return c.scalarByteOrder === 'be' ? bigToBytesBE(v, 32) : bigToBytesLE(v, 32);
}
function val(c: Curve, s: Scalar): bigint {
  const b = s.toBytes();
  return c.scalarByteOrder === 'be' ? bigFromBytesBE(b) : bigFromBytesLE(b);
}
function sc(c: Curve, v: bigint): Scalar {
  return c.scalarFromBytes(enc(c, ((v % order(c)) + order(c)) % order(c)));
}

/** Scalars weighted to the edges: 0, 1, 2, order−1, order−2, random. */
function arbScalar(c: Curve): fc.Arbitrary<bigint> {
  const n = order(c);
  return fc.oneof(
    fc.constantFrom(0n, 1n, 2n, n - 1n, n - 2n, n / 2n, 2n ** 128n),
    fc.bigInt({ min: 0n, max: n - 1n }),
  );
}

const numRuns = 40;

for (const backend of backends) {
  for (const name of ['secp256k1', 'ed25519'] as const) {
    const c = pick(backend, name);
    const n = order(c);
    describe(`${backend.name} ${name}: constants and vectors`, () => {
      const cv = vectors().curves.find((x) => x.name === name)!;
      it('has go-dleq bit size, point size, base and alt base point', () => {
        expect(c.name).toBe(name);
        expect(c.bitSize).toBe(cv.bit_size);
        expect(c.compressedPointSize).toBe(cv.compressed_point_size);
        expect(c.scalarSize).toBe(32);
        expect(c.scalarByteOrder).toBe(name === 'secp256k1' ? 'be' : 'le');
        expect(c.cofactor).toBe(name === 'secp256k1' ? 1 : 8);
        expect(c.randomScalarBytes).toBe(name === 'secp256k1' ? 32 : 64);
        expect(toHex(c.basePoint().toBytes())).toBe(cv.base_point);
        expect(toHex(c.altBasePoint().toBytes())).toBe(cv.alt_base_point);
        // copies: mutating one does not touch the curve's constant
        const g = c.basePoint();
        g.setDouble(g);
        expect(toHex(c.basePoint().toBytes())).toBe(cv.base_point);
      });
      it('reproduces go-dleq hash_to_scalar vectors', () => {
        const hs = vectors().hash_to_scalar.filter((h) => h.curve === name);
        expect(hs.length).toBeGreaterThan(0);
        for (const h of hs) {
          expect(toHex(c.hashToScalar(hex(h.input)).toBytes())).toBe(h.output);
          const out = c.zeroScalar();
          expect(c.hashToScalar(hex(h.input), out)).toBe(out);
          expect(toHex(out.toBytes())).toBe(h.output);
        }
      });
    });

    describe(`${backend.name} ${name}: scalars`, () => {
      it('match BigInt arithmetic mod the order (convenient and in-place, with aliasing)', () => {
        fc.assert(
          fc.property(arbScalar(c), arbScalar(c), (x, y) => {
            const a = sc(c, x);
            const b = sc(c, y);
            expect(val(c, a.add(b))).toBe((x + y) % n);
            expect(val(c, a.sub(b))).toBe((((x - y) % n) + n) % n);
            expect(val(c, a.mul(b))).toBe((x * y) % n);
            expect(val(c, a.negate())).toBe((n - x) % n);
            const inv = val(c, a.invert());
            if (x === 0n) expect(inv).toBe(0n);
            else expect((inv * x) % n).toBe(1n);
            // inputs untouched by the convenient forms
            expect(val(c, a)).toBe(x);
            expect(val(c, b)).toBe(y);
            expect(a.equals(sc(c, x))).toBe(true);
            expect(a.isZero()).toBe(x === 0n);
            // in-place, aliasing the receiver
            const t = a.clone();
            expect(t.setAdd(t, b)).toBe(t);
            expect(val(c, t)).toBe((x + y) % n);
            t.set(a).setSub(t, b);
            expect(val(c, t)).toBe((((x - y) % n) + n) % n);
            t.set(a).setMul(t, t);
            expect(val(c, t)).toBe((x * x) % n);
            t.set(b).setMul(a, t);
            expect(val(c, t)).toBe((x * y) % n);
            t.set(a).setNegate(t);
            expect(val(c, t)).toBe((n - x) % n);
            t.set(a).setInvert(t);
            expect(val(c, t)).toBe(inv);
            expect(val(c, a)).toBe(x);
          }),
          { numRuns },
        );
      });
      it('encode / putBytes / scalarFromBytes round trip in the curve byte order', () => {
        fc.assert(
          fc.property(arbScalar(c), fc.nat({ max: 8 }), (x, off) => {
            const s = sc(c, x);
            const e = s.toBytes();
            expect(toHex(e)).toBe(toHex(enc(c, x)));
            const buf = new Uint8Array(40).fill(0xee);
            expect(s.putBytes(buf, off)).toBe(buf);
            expect(toHex(buf.subarray(off, off + 32))).toBe(toHex(e));
            expect(buf[off + 32] ?? 0xee).toBe(0xee);
            expect(c.scalarFromBytes(e).equals(s)).toBe(true);
          }),
          { numRuns },
        );
        expect(() => sc(c, 1n).putBytes(new Uint8Array(31))).toThrow(StrataError);
      });
      it('scalarFromBytes copies its input and rejects bad lengths', () => {
        const b = enc(c, 5n);
        const s = c.scalarFromBytes(b);
        b.fill(0xff);
        expect(val(c, s)).toBe(5n);
        for (const len of [0, 31, 33, 64]) {
          expect(() => c.scalarFromBytes(new Uint8Array(len))).toThrow(StrataError);
        }
        expect(() => c.scalarFromBytes('00' as unknown as Uint8Array)).toThrow(TypeError);
      });
      it(name === 'secp256k1' ? 'scalarFromBytes reduces values ≥ n silently (Go)' : 'scalarFromBytes rejects values ≥ ℓ', () => {
        for (const v of [n, n + 1n, 2n ** 256n - 1n]) {
          if (name === 'secp256k1') expect(val(c, c.scalarFromBytes(enc(c, v % 2n ** 256n)))).toBe(v % n);
          else {
            let err: unknown;
            try {
              c.scalarFromBytes(bigToBytesLE(v, 32));
            } catch (e) {
              err = e;
            }
            expect(err).toBeInstanceOf(StrataError);
            expect((err as StrataError).code).toBe('ERR_NON_CANONICAL');
          }
        }
      });
      it('scalarFromBytesLE reads 32 little-endian bytes (go-dleq ScalarFromBytes)', () => {
        const le = bigToBytesLE(0x0102030405n, 32);
        expect(val(c, c.scalarFromBytesLE(le))).toBe(0x0102030405n);
        const big = bigToBytesLE(n + 3n < 2n ** 256n ? n + 3n : 3n, 32);
        if (name === 'secp256k1') expect(val(c, c.scalarFromBytesLE(big))).toBe(3n);
        else expect(() => c.scalarFromBytesLE(big)).toThrow(StrataError);
        expect(() => c.scalarFromBytesLE(new Uint8Array(31))).toThrow(StrataError);
        le.fill(0);
        expect(c.scalarFromBytesLE(bigToBytesLE(7n, 32)).equals(c.scalarFromInt(7))).toBe(true);
      });
      it('scalarFromInt takes uint32 values only', () => {
        expect(val(c, c.scalarFromInt(0))).toBe(0n);
        expect(val(c, c.scalarFromInt(0xffffffff))).toBe(0xffffffffn);
        for (const bad of [-1, 2 ** 32, 1.5, Number.NaN]) expect(() => c.scalarFromInt(bad)).toThrow(RangeError);
      });
      it('newRandomScalar reads randomScalarBytes and reduces as Go', () => {
        const bytes = new Uint8Array(c.randomScalarBytes).fill(0xff);
        const s = c.newRandomScalar((len) => {
          expect(len).toBe(c.randomScalarBytes);
          return bytes;
        });
        const raw = name === 'secp256k1' ? bigFromBytesBE(bytes) : bigFromBytesLE(bytes);
        expect(val(c, s)).toBe(raw % n);
        const out = c.zeroScalar();
        expect(c.newRandomScalar(seededRandom(3), out)).toBe(out);
        const a = c.newRandomScalar();
        const b = c.newRandomScalar();
        expect(a.equals(b)).toBe(false);
      });
    });

    describe(`${backend.name} ${name}: points`, () => {
      const G = c.basePoint();
      const H = c.altBasePoint();
      it('group law and multiplication agree with each other (with aliasing)', () => {
        fc.assert(
          fc.property(arbScalar(c), arbScalar(c), (x, y) => {
            const a = sc(c, x);
            const b = sc(c, y);
            const aG = c.scalarBaseMult(a);
            const bG = c.scalarBaseMultNonConst(b);
            // (a+b)G = aG + bG; (a−b)G = aG − bG
            expect(c.scalarBaseMult(a.add(b)).equals(aG.add(bG))).toBe(true);
            expect(c.scalarBaseMult(a.sub(b)).equals(aG.sub(bG))).toBe(true);
            // a(bH) = (ab)H, constant-time and variable-time
            const bH = c.scalarMult(b, H);
            expect(c.scalarMult(a, bH).equals(c.scalarMultNonConst(a.mul(b), H))).toBe(true);
            expect(bH.scalarMult(a).equals(c.scalarMult(a.mul(b), H))).toBe(true);
            // double, negate, set forms, aliasing
            const t = aG.clone();
            expect(t.setDouble(t).equals(c.scalarBaseMult(a.add(a)))).toBe(true);
            t.set(aG).setAdd(t, t);
            expect(t.equals(c.scalarBaseMult(a.add(a)))).toBe(true);
            t.set(aG).setSub(t, bG);
            expect(t.equals(c.scalarBaseMult(a.sub(b)))).toBe(true);
            t.set(aG).setNegate(t);
            expect(t.equals(c.scalarBaseMult(a.negate()))).toBe(true);
            expect(t.add(aG).isIdentity()).toBe(true);
            // out parameters
            const out = c.identity();
            expect(c.scalarMult(a, H, out)).toBe(out);
            expect(out.equals(c.scalarMultNonConst(a, H))).toBe(true);
            expect(c.scalarBaseMult(a, out)).toBe(out);
            expect(out.equals(aG)).toBe(true);
            // encode / decode round trip (identity excluded: Go cannot decode it)
            if (!aG.isIdentity()) {
              const e = aG.toBytes();
              expect(e.length).toBe(c.compressedPointSize);
              expect(c.pointFromBytes(e).equals(aG)).toBe(true);
              const buf = new Uint8Array(c.compressedPointSize + 5);
              expect(toHex(aG.putBytes(buf, 5).subarray(5))).toBe(toHex(e));
            }
          }),
          { numRuns: 25 },
        );
      });
      it('identity: zero multiples, isIdentity, Go encoding', () => {
        const z = c.zeroScalar();
        expect(c.scalarBaseMult(z).isIdentity()).toBe(true);
        expect(c.scalarMult(z, H).isIdentity()).toBe(true);
        expect(c.scalarMultNonConst(z, H).isIdentity()).toBe(true);
        expect(c.scalarBaseMultNonConst(z).isIdentity()).toBe(true);
        expect(c.identity().isIdentity()).toBe(true);
        expect(G.isIdentity()).toBe(false);
        expect(c.scalarBaseMult(sc(c, n - 1n)).add(G).isIdentity()).toBe(true);
        expect(c.identity().equals(G.sub(G))).toBe(true);
        const idEnc = name === 'secp256k1' ? '02' + '00'.repeat(32) : '01' + '00'.repeat(31);
        expect(toHex(c.identity().toBytes())).toBe(idEnc);
        if (name === 'secp256k1') expect(c.tryPointFromBytes(hex(idEnc))).toBeNull();
        else expect(c.pointFromBytes(hex(idEnc)).isIdentity()).toBe(true);
      });
      if (name === 'secp256k1') it('tryPointFromBytes agrees with pointFromBytes on 64 x values × both prefixes (the point, or null iff it throws)', () => {
        let seed = H.toBytes().slice(1);
        for (let i = 0; i < 64; i++) {
          seed = c.scalarBaseMult(c.hashToScalar(seed)).toBytes().slice(1);
          if (i % 16 === 0) seed[0] = 0xff; //                       some x ≥ p
          for (const prefix of [2, 3]) {
            const b = Uint8Array.from([prefix, ...seed]);
            let want: string | null;
            try {
              want = toHex(c.pointFromBytes(b).toBytes());
            } catch (e) {
              expect(e).toBeInstanceOf(StrataError);
              want = null;
            }
            const got = c.tryPointFromBytes(b);
            expect(got === null ? null : toHex(got.toBytes()), toHex(b)).toBe(want);
          }
        }
      });
      it('pointFromBytes rejects bad encodings with StrataError (tryPointFromBytes returns null)', () => {
        const good = H.toBytes();
        const bad: Uint8Array[] = [new Uint8Array(0), good.subarray(0, good.length - 1), Uint8Array.from([...good, 0])];
        if (name === 'secp256k1') {
          for (const prefix of [0, 1, 4, 5, 6, 7, 0xff]) {
            const b = good.slice();
            b[0] = prefix;
            bad.push(b);
          }
          // x = p (≥ p) and x = 0 (no point), x with x³+7 a non-square
          bad.push(Uint8Array.from([2, ...bigToBytesBE(P_SECP, 32)]));
          bad.push(Uint8Array.from([3, ...bigToBytesBE(2n ** 256n - 1n, 32)]));
          bad.push(Uint8Array.from([2, ...new Uint8Array(32)]));
          let x = 1n;
          for (;;) {
            const rhs = (x ** 3n + 7n) % P_SECP;
            if (refModPow(rhs, (P_SECP - 1n) / 2n, P_SECP) !== 1n) break;
            x++;
          }
          bad.push(Uint8Array.from([2, ...bigToBytesBE(x, 32)]));
        } else {
          // y with (y²−1)/(dy²+1) a non-square
          const D = (P_ED - 121665n * refModPow(121666n, P_ED - 2n, P_ED)) % P_ED;
          let y = 2n;
          for (;;) {
            const u = (y * y - 1n + P_ED) % P_ED;
            const v = (D * y * y + 1n) % P_ED;
            const x2 = (u * refModPow(v, P_ED - 2n, P_ED)) % P_ED;
            if (x2 !== 0n && refModPow(x2, (P_ED - 1n) / 2n, P_ED) !== 1n) break;
            y++;
          }
          bad.push(bigToBytesLE(y, 32));
        }
        for (const b of bad) {
          expect(() => c.pointFromBytes(b), toHex(b)).toThrow(StrataError);
          expect(c.tryPointFromBytes(b)).toBeNull();
        }
        expect(() => c.pointFromBytes([1, 2] as unknown as Uint8Array)).toThrow(TypeError);
        expect(() => c.tryPointFromBytes([1, 2] as unknown as Uint8Array)).toThrow(TypeError);
        const copy = good.slice();
        const p = c.pointFromBytes(copy);
        copy.fill(0);
        expect(toHex(p.toBytes())).toBe(toHex(good));
        const out = c.identity();
        expect(c.pointFromBytes(good, out)).toBe(out);
        expect(out.equals(H)).toBe(true);
      });
      if (name === 'ed25519') {
        it('decodes like filippo edwards25519 v1.0.0: non-canonical y, x = 0 with sign bit, small order', () => {
          // y = p + 1 ≡ 1 (identity), non-canonical: accepted and re-encoded canonically
          const yp1 = bigToBytesLE(P_ED + 1n, 32);
          const id = c.pointFromBytes(yp1);
          expect(id.isIdentity()).toBe(true);
          expect(toHex(id.toBytes())).toBe('01' + '00'.repeat(31));
          // x = 0 with the sign bit set (encodes the identity / the order-2 point)
          const neg0 = bigToBytesLE(1n + (1n << 255n), 32);
          expect(c.pointFromBytes(neg0).isIdentity()).toBe(true);
          const minus1 = bigToBytesLE(P_ED - 1n, 32); // (0, −1): order 2
          const T2 = c.pointFromBytes(minus1);
          expect(T2.isIdentity()).toBe(false);
          expect(T2.add(T2).isIdentity()).toBe(true);
          // a torsion component survives: P + T2 ≠ P, and equality is exact (no cofactor clearing)
          expect(H.add(T2).equals(H)).toBe(false);
          expect(c.pointFromBytes(H.add(T2).toBytes()).equals(H.add(T2))).toBe(true);
          // the scalar 8 clears it
          const eight = c.scalarFromInt(8);
          expect(c.scalarMult(eight, H.add(T2)).equals(c.scalarMult(eight, H))).toBe(true);
          expect(c.scalarMultNonConst(eight, T2).isIdentity()).toBe(true);
        });
      }
      it('fast-path helpers equal the plain computations (points and tables)', () => {
        fc.assert(
          fc.property(arbScalar(c), arbScalar(c), arbScalar(c), (x, y, z) => {
            const a = sc(c, x);
            const b = sc(c, y);
            const e = sc(c, z);
            const P = c.scalarBaseMult(e);
            const want = c.scalarMult(a, H).add(c.scalarMult(b, P));
            const tH = precompute(c, H);
            const tP = precompute(c, P);
            expect(tH.point.equals(H)).toBe(true);
            expect(doubleScalarMultNonConst(c, a, H, b, P).equals(want)).toBe(true);
            expect(doubleScalarMultNonConst(c, a, tH, b, tP).equals(want)).toBe(true);
            expect(doubleScalarMultNonConst(c, a, tH, b, P).equals(want)).toBe(true);
            expect(doubleScalarMultNonConst(c, b, P, a, tH).equals(want)).toBe(true);
            expect(doubleScalarMultNonConst(c, b, tP, a, H).equals(want)).toBe(true);
            // one table + one plain point, out aliasing the plain point (the DLEq check shape)
            const outT = P.clone();
            expect(doubleScalarMultNonConst(c, a, tH, b, outT, outT)).toBe(outT);
            expect(outT.equals(want)).toBe(true);
            const outT2 = P.clone();
            expect(doubleScalarMultNonConst(c, b, outT2, a, tH, outT2)).toBe(outT2);
            expect(outT2.equals(want)).toBe(true);
            const out = P.clone();
            expect(doubleScalarMultNonConst(c, a, H, b, out, out)).toBe(out);
            expect(out.equals(want)).toBe(true);
            const want2 = c.scalarBaseMult(a).add(c.scalarMult(b, P));
            expect(doubleScalarMultBaseNonConst(c, b, P, a).equals(want2)).toBe(true);
            expect(doubleScalarMultBaseNonConst(c, b, tP, a).equals(want2)).toBe(true);
            expect(scalarMult(c, a, tH).equals(c.scalarMult(a, H))).toBe(true);
            expect(scalarMultNonConst(c, a, tP).equals(c.scalarMult(a, P))).toBe(true);
            const want3 = want.add(c.scalarBaseMult(e.mul(e)));
            expect(msmNonConst(c, [H, P, P], [a, b, e]).equals(want3)).toBe(true);
            expect(msmNonConst(c, [tH, tP, P], [a, b, e]).equals(want3)).toBe(true);
          }),
          { numRuns: 15 },
        );
        expect(msmNonConst(c, [], []).isIdentity()).toBe(true);
        expect(() => msmNonConst(c, [], [c.zeroScalar()])).toThrow(StrataError);
      });
      it('precompute sizes (size, uses) change nothing but speed; mixed shapes agree', () => {
        const shapes = [undefined, { size: 'large' as const }, { size: 'large' as const, uses: 2 }, { size: 'small' as const }, { size: 'small' as const, uses: 100 }, {}];
        fc.assert(
          fc.property(arbScalar(c), arbScalar(c), arbScalar(c), fc.nat(shapes.length - 1), fc.nat(shapes.length - 1), (x, y, z, i, j) => {
            const a = sc(c, x);
            const b = sc(c, y);
            const P = c.scalarBaseMult(sc(c, z));
            const tH = precompute(c, H, shapes[i]);
            const tP = precompute(c, P, shapes[j]);
            expect(tP.point.equals(P)).toBe(true);
            const want = c.scalarMult(a, H).add(c.scalarMult(b, P));
            expect(doubleScalarMultNonConst(c, a, tH, b, tP).equals(want)).toBe(true);
            expect(doubleScalarMultNonConst(c, a, tH, b, P).equals(want)).toBe(true);
            expect(doubleScalarMultBaseNonConst(c, b, tP, a).equals(c.scalarBaseMult(a).add(c.scalarMult(b, P)))).toBe(true);
            expect(scalarMultNonConst(c, b, tP).equals(c.scalarMult(b, P))).toBe(true);
            expect(scalarMult(c, a, tH).equals(c.scalarMult(a, H))).toBe(true);
          }),
          { numRuns: 12 },
        );
      });
      it('pointsToBytes equals point-by-point encoding (identity, affine and projective points, offsets)', () => {
        const pts = [c.identity(), G, H, c.scalarMult(sc(c, 12345n), H), c.scalarBaseMultNonConst(sc(c, n - 7n)), G.add(H).sub(G)];
        const want = pts.map((p) => toHex(p.toBytes())).join('');
        expect(toHex(pointsToBytes(c, pts))).toBe(want);
        const buf = new Uint8Array(3 + pts.length * c.compressedPointSize).fill(0xee);
        expect(pointsToBytes(c, pts, buf, 3)).toBe(buf);
        expect(buf[0]).toBe(0xee);
        expect(toHex(buf.subarray(3))).toBe(want);
        expect(() => pointsToBytes(c, pts, new Uint8Array(5))).toThrow(StrataError);
        expect(pointsToBytes(c, []).length).toBe(0);
        // the points themselves are unchanged
        expect(pts.map((p) => toHex(p.toBytes())).join('')).toBe(want);
      });
      it('constant-time table multiplication matches scalarMult, including on points with torsion', () => {
        if (backend === strata) expect(typeof c.scalarMultTable).toBe('function');
        const pts = [H, c.scalarBaseMult(sc(c, 99n))];
        if (name === 'ed25519') pts.push(H.add(c.pointFromBytes(bigToBytesLE(P_ED - 1n, 32))));
        for (const P of pts) {
          const T = precompute(c, P);
          for (const v of [0n, 1n, 2n, 15n, 16n, 8n, 17n, 31n, 32n, n - 1n, n - 2n, n / 3n, 2n ** 252n - 1n]) {
            const s = sc(c, v);
            const out = c.identity();
            expect(scalarMult(c, s, T, out)).toBe(out);
            expect(out.equals(c.scalarMult(s, P)), `${v}`).toBe(true);
            expect(scalarMultNonConst(c, s, T).equals(c.scalarMultNonConst(s, P))).toBe(true);
          }
        }
      });
      it('hashToScalar keeps no stale state between calls (same-length inputs, repeated inputs)', () => {
        const a = new Uint8Array(130).fill(1);
        const b = a.slice();
        b[129] = 2;
        const ha = toHex(c.hashToScalar(a).toBytes());
        const hb = toHex(c.hashToScalar(b).toBytes());
        expect(ha).not.toBe(hb);
        expect(toHex(c.hashToScalar(a).toBytes())).toBe(ha);
        a[0] = 9; // mutate the caller's buffer after hashing
        expect(toHex(c.hashToScalar(a).toBytes())).not.toBe(ha);
        expect(toHex(c.hashToScalar(b).toBytes())).toBe(hb);
        expect(toHex(c.hashToScalar(b.subarray(0, 129)).toBytes())).not.toBe(hb);
      });
      it('hashToScalarIsAmbiguous flags exactly the short secp256k1 hashes', () => {
        if (name === 'ed25519') {
          expect(c.hashToScalarIsAmbiguous?.(new Uint8Array(4)) ?? false).toBe(false);
          return;
        }
        // find a short one by search: about 1 in 256 inputs
        let found = 0;
        for (let i = 0; i < 3000 && found < 3; i++) {
          const d = Uint8Array.of(i & 0xff, i >> 8);
          const amb = c.hashToScalarIsAmbiguous!(d);
          const out = c.hashToScalar(d).toBytes();
          if (amb) {
            found++;
            // left-aligned: the decred rule puts the value at the top, zero bytes at the bottom
            expect(out[31]).toBe(0);
          }
        }
        expect(found).toBeGreaterThan(0);
      });
    });
  }
}

describe('secp256k1: a Bitcoin secret key (32 big-endian bytes) goes through scalarFromBytes', () => {
  it('scalarFromBytes(secret)·G is the public key noble-curves derives; the LE reader is named as such, and the unsuffixed reader is the inverse of toBytes()', async () => {
    const { secp256k1: nobleK1 } = await import('@noble/curves/secp256k1.js');
    const c = pick(strata, 'secp256k1');
    const secret = hex('0000000000000000000000000000000000000000000000000000000000000003');
    const expected = toHex(nobleK1.getPublicKey(secret, true));
    expect(toHex(c.scalarBaseMult(c.scalarFromBytes(secret)).toBytes())).toBe(expected);
    // The go-dleq form reads the same bytes little-endian: 3·2^248, another key.
    expect(toHex(c.scalarBaseMult(c.scalarFromBytesLE(secret)).toBytes())).not.toBe(expected);
    expect(toHex(c.scalarBaseMult(c.scalarFromBytesLE(secret.slice().reverse())).toBytes())).toBe(expected);
    // The reader without an order in its name reads the curve's own order (scalarByteOrder): the inverse of toBytes().
    expect(c.scalarByteOrder).toBe('be');
    for (const curve of [c, pick(strata, 'ed25519')]) {
      const k = curve.hashToScalar(Uint8Array.of(7));
      expect(curve.scalarFromBytes(k.toBytes()).equals(k)).toBe(true);
      expect(toHex(curve.scalarFromBytes(k.toBytes()).toBytes())).toBe(toHex(k.toBytes()));
    }
  });
});

describe('strata vs noble (independent oracle)', () => {
  for (const name of ['secp256k1', 'ed25519'] as const) {
    it(`${name}: the same scalars give the same encodings and hashes`, () => {
      const s = pick(strata, name);
      const o = pick(noble, name);
      fc.assert(
        fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array({ maxLength: 80 }), (k, msg) => {
          k[0]! &= 0x0f; // below both orders in either byte order
          k[31]! &= 0x0f;
          const a = s.scalarFromBytes(k);
          const b = o.scalarFromBytes(k);
          expect(toHex(a.toBytes())).toBe(toHex(b.toBytes()));
          const pa = s.scalarMult(a, s.altBasePoint()).add(s.scalarBaseMultNonConst(a.mul(a)));
          const pb = o.scalarMult(b, o.altBasePoint()).add(o.scalarBaseMultNonConst(b.mul(b)));
          expect(toHex(pa.toBytes())).toBe(toHex(pb.toBytes()));
          expect(toHex(s.hashToScalar(msg).toBytes())).toBe(toHex(o.hashToScalar(msg).toBytes()));
          expect(s.hashToScalarIsAmbiguous?.(msg) ?? false).toBe(o.hashToScalarIsAmbiguous?.(msg) ?? false);
          const plain = { rule: 'libsecp256k1' as const };
          expect(toHex(s.hashToScalar(msg, undefined, plain).toBytes())).toBe(toHex(o.hashToScalar(msg, undefined, plain).toBytes()));
        }),
        { numRuns: 30 },
      );
    });
  }
  it('secp256k1 precompute maps the size to the curves table shape and rejects bad options', () => {
    const c = strata.secp256k1;
    const P = c.scalarBaseMult(c.scalarFromInt(77));
    const t = precompute(c, P, { size: 'large' }) as Secp256k1PointTable;
    expect(t).toBeInstanceOf(Secp256k1PointTable);
    const shape = (o?: object): number[] => {
      const x = c.precompute!(P, o) as Secp256k1PointTable;
      return [x.table.width, x.table.pieces];
    };
    expect([t.table.width, t.table.pieces]).toEqual([7, 8]);
    expect(shape()).toEqual([6, 1]);
    expect(shape({ size: 'small' })).toEqual([7, 4]);
    expect(shape({ size: 'large', uses: 2 })).toEqual([5, 8]);
    expect(shape({ size: 'large', uses: 24 })).toEqual([6, 8]);
    expect(shape({ size: 'small', uses: 11 })).toEqual([5, 4]);
    expect(shape({ size: 'small', uses: 12 })).toEqual([6, 4]);
    // Beside a plain point (a key image over members without tables): one wide piece, from the many-uses count on.
    expect(shape({ size: 'large', uses: 23, pairedWithPoint: true })).toEqual([5, 8]);
    expect(shape({ size: 'large', uses: 24, pairedWithPoint: true })).toEqual([8, 1]);
    expect(shape({ size: 'small', uses: 12, pairedWithPoint: true })).toEqual([8, 1]);
    expect(shape({ size: 'large', uses: 24, pairedWithPoint: false })).toEqual([6, 8]);
    expect(shape({ pairedWithPoint: true })).toEqual([6, 1]);
    expect(c.precomputeBytes!({ size: 'large', uses: 128, pairedWithPoint: true })).toBe(64 * 120 + 1024);
    expect(() => c.precompute!(P, { size: 'large', uses: 30, pairedWithPoint: 1 as never })).toThrow(TypeError);
    expect(c.precomputeBytes!({ size: 'large' })).toBe(256 * 120 + 1024);
    expect(() => c.precompute!(P, { size: 'huge' as never })).toThrow(TypeError);
    expect(() => c.precompute!(P, { size: 'large', uses: 1.5 })).toThrow(TypeError);
    expect(() => c.precompute!(P, { size: 'large', uses: 0 })).toThrow(RangeError);
    expect(() => c.precompute!(P, null as unknown as object)).toThrow(TypeError);
    expect(() => precompute(c, P, 'wide' as unknown as object)).toThrow(TypeError);
    // Backends without table shapes ignore the size.
    expect(precompute(noble.secp256k1, noble.secp256k1.basePoint(), { size: 'large' }).point.equals(noble.secp256k1.basePoint())).toBe(true);
  });
  it('objects of one curve are refused by another (TypeError)', () => {
    const a = strata.secp256k1.scalarFromInt(3);
    const P = strata.ed25519.basePoint();
    expect(() => strata.ed25519.scalarMult(a, P)).toThrow(TypeError);
    expect(() => strata.secp256k1.scalarBaseMult(strata.ed25519.scalarFromInt(1))).toThrow(TypeError);
    expect(() => strata.secp256k1.basePoint().add(P)).toThrow(TypeError);
    expect(() => strata.ed25519.scalarFromInt(1).add(a)).toThrow(TypeError);
    expect(() => strata.secp256k1.scalarMult(a, noble.secp256k1.basePoint())).toThrow(TypeError);
  });
});
