/**
 * go-dleq's per-curve signature schemes (moved with them from the group
 * tests): go-dleq's point-signature vectors, the ed25519 nonce rule, the
 * length rule and the ECDSA-DER rules, over every backend — Strata's schemes
 * over Strata's curves, and noble-curves' own ECDSA / Schnorr over the noble
 * oracle curves.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Curve } from '@strata/group';
import { ecdsaSignatureScheme, ed25519SignatureScheme, signatureSchemeFor } from '../src/index.js';
import { bigFromBytesBE, bigFromBytesLE, bigToBytesBE, bigToBytesLE, hex, toHex } from '@strata/testkit';
import { backends, noble, pick, seededRandom, strata } from '@strata/group-testkit';
import { schemeOf, vectors } from './helpers.js';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const L = 2n ** 252n + 27742317777372353535851937790883648493n;

for (const backend of backends) {
  for (const name of ['secp256k1', 'ed25519'] as const) {
    const c = pick(backend, name);
    const S = schemeOf(c);
    describe(`${backend.name} ${name}: point signatures`, () => {
      it('verifies go-dleq point_signatures exactly as Go does', () => {
        const ps = vectors().point_signatures.filter((p) => p.curve === name);
        expect(ps.length).toBeGreaterThan(0);
        for (const p of ps) {
          const pub = c.pointFromBytes(hex(p.public_key));
          expect(S.verify(pub, pub, hex(p.signature)), p.note).toBe(p.verify);
          const sk = c.scalarFromBytes(hex(p.private_key));
          expect(toHex(c.scalarBaseMult(sk).toBytes())).toBe(p.public_key);
        }
        if (name === 'secp256k1') expect(ps.some((p) => p.high_s === true && p.verify)).toBe(true);
      });
      if (name === 'ed25519') {
        it('reproduces go-dleq deterministic ed25519 signatures byte for byte', () => {
          for (const p of vectors().point_signatures.filter((x) => x.curve === name && x.verify)) {
            const sk = c.scalarFromBytes(hex(p.private_key));
            const pub = c.scalarBaseMult(sk);
            expect(toHex(S.sign(sk, pub))).toBe(p.signature);
          }
        });
        if (backend === strata) {
          it('never reuses a nonce across messages: a point other than the key\'s own binds the message into the nonce', () => {
            // Go derives r from the key alone; that is safe only for the one message go-dleq signs (the
            // public key). Two messages under one r would give the key away: S1 − S2 = (k1 − k2)·x.
            const p = vectors().point_signatures.find((x) => x.curve === name && x.verify)!;
            const sk = c.scalarFromBytes(hex(p.private_key));
            const pub = c.scalarBaseMult(sk);
            const m1 = c.scalarBaseMult(c.scalarFromInt(7));
            const m2 = c.scalarBaseMult(c.scalarFromInt(8));
            const own = S.sign(sk, pub);
            const s1 = S.sign(sk, m1);
            const s2 = S.sign(sk, m2);
            expect(toHex(own)).toBe(p.signature);
            const R = (sig: Uint8Array): string => toHex(sig.subarray(0, 32));
            expect(new Set([R(own), R(s1), R(s2)]).size).toBe(3);
            expect(S.verify(pub, m1, s1)).toBe(true);
            expect(S.verify(pub, m2, s2)).toBe(true);
            expect(S.verify(pub, m1, s2)).toBe(false);
            expect(toHex(S.sign(sk, m1))).toBe(toHex(s1)); // still deterministic
          });
        }
        if (backend !== strata) {
          // The noble adapter reproduces Go's Verify as is; Strata deliberately diverges (next test).
          it('the adapter applies go-dleq ed25519 Verify quirks (short sig false, zero-padded S, extra bytes ignored)', () => {
            const p = vectors().point_signatures.find((x) => x.curve === name && x.verify)!;
            const pub = c.pointFromBytes(hex(p.public_key));
            const sig = hex(p.signature);
            expect(S.verify(pub, pub, sig.subarray(0, 31))).toBe(false);
            expect(S.verify(pub, pub, sig.subarray(0, 40))).toBe(false);
            const longer = new Uint8Array(70);
            longer.set(sig);
            longer.fill(0xaa, 64);
            expect(S.verify(pub, pub, longer)).toBe(true);
          });
        } else it('rejects a signature of any length other than 64 (where Go zero-pads S or ignores extra bytes)', () => {
          const p = vectors().point_signatures.find((x) => x.curve === name && x.verify)!;
          const pub = c.pointFromBytes(hex(p.public_key));
          const sig = hex(p.signature);
          expect(S.verify(pub, pub, sig)).toBe(true);
          // Go panics below 32 bytes and zero-pads S for 32–63; Strata: false.
          for (const n of [0, 16, 31, 32, 40, 63]) expect(S.verify(pub, pub, sig.subarray(0, n)), `${n} bytes`).toBe(false);
          // Go ignores bytes past 64 and would accept these; Strata: false.
          for (const tail of [[0], [0xff], [0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa]]) {
            const longer = new Uint8Array(64 + tail.length);
            longer.set(sig);
            longer.set(tail, 64);
            expect(S.verify(pub, pub, longer), `64 + ${tail.length} bytes`).toBe(false);
          }
          // A valid signature whose S has a zero top byte: Go accepts it with the
          // last byte dropped (S zero-padded back to the same value).
          const rand = seededRandom(64);
          let found = 0;
          for (let i = 0; i < 400 && found < 3; i++) {
            const sk = c.newRandomScalar(rand);
            const P = c.scalarBaseMult(sk);
            const s = S.sign(sk, P);
            if (s[63] !== 0) continue;
            found++;
            expect(S.verify(P, P, s)).toBe(true);
            expect(S.verify(P, P, s.subarray(0, 63)), 'S[31] = 0, last byte dropped').toBe(false);
            expect(S.verify(P, P, s.subarray(0, 62)), 'S[31] = 0, two bytes dropped').toBe(false);
          }
          expect(found).toBe(3);
          // S ≥ ℓ is rejected
          const bad = sig.slice();
          bad.set(bigToBytesLE(bigFromBytesLE(sig.subarray(32)) + L, 32), 32);
          expect(S.verify(pub, pub, bad)).toBe(false);
          // a signature over a different message point fails
          expect(S.verify(pub, c.basePoint(), sig)).toBe(false);
        });
      } else {
        it('signs ECDSA-DER over SHA-256 of the point, accepts high-S, rejects bad DER', () => {
          const rand = seededRandom(7);
          const sk = c.newRandomScalar(rand);
          const pub = c.scalarBaseMult(sk);
          const sig = S.sign(sk, pub, rand);
          expect(sig[0]).toBe(0x30);
          expect(S.verify(pub, pub, sig)).toBe(true);
          expect(S.verify(pub, c.basePoint(), sig)).toBe(false);
          // malleate (r, n − s): still valid in Go
          const rLen = sig[3]!;
          const r = bigFromBytesBE(sig.subarray(4, 4 + rLen));
          const s = bigFromBytesBE(sig.subarray(6 + rLen));
          const der = (x: bigint, y: bigint): Uint8Array => {
            const i = (v: bigint): number[] => {
              const b = Array.from(bigToBytesBE(v, 33));
              while (b.length > 1 && b[0] === 0 && b[1]! < 0x80) b.shift();
              return [0x02, b.length, ...b];
            };
            const body = [...i(x), ...i(y)];
            return Uint8Array.from([0x30, body.length, ...body]);
          };
          expect(toHex(der(r, s))).toBe(toHex(sig));
          expect(S.verify(pub, pub, der(r, N - s))).toBe(true);
          expect(S.verify(pub, pub, der(r, s + N))).toBe(false);
          expect(S.verify(pub, pub, der(0n, s))).toBe(false);
          expect(S.verify(pub, pub, der(r, 0n))).toBe(false);
          expect(S.verify(pub, pub, new Uint8Array(0))).toBe(false);
          expect(S.verify(pub, pub, Uint8Array.from([...sig, 0]))).toBe(false);
          // non-minimal integer encoding (extra leading zero) is rejected
          const body = [0x02, rLen + 1, 0, ...sig.subarray(4, 4 + rLen), ...sig.subarray(4 + rLen)];
          expect(S.verify(pub, pub, Uint8Array.from([0x30, body.length, ...body]))).toBe(false);
          // wrong outer tag / length
          const t = sig.slice();
          t[0] = 0x31;
          expect(S.verify(pub, pub, t)).toBe(false);
          const l2 = sig.slice();
          l2[1] = l2[1]! + 1;
          expect(S.verify(pub, pub, l2)).toBe(false);
        });
      }
    });
  }
}

describe('strata schemes vs noble-curves schemes (independent oracle)', () => {
  for (const name of ['secp256k1', 'ed25519'] as const) {
    it(`${name}: each verifies the other's signatures; ed25519 signatures are identical`, () => {
      const s = pick(strata, name);
      const o = pick(noble, name);
      const S = schemeOf(s);
      const O = schemeOf(o);
      fc.assert(
        fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (k) => {
          k[0]! &= 0x0f; // below both orders in either byte order
          k[31]! &= 0x0f;
          const a = s.scalarFromBytes(k);
          const b = o.scalarFromBytes(k);
          if (a.isZero()) return;
          const pub = s.scalarBaseMult(a);
          const sig = S.sign(a, pub);
          const opub = o.pointFromBytes(pub.toBytes());
          expect(O.verify(opub, opub, sig)).toBe(true);
          const osig = O.sign(b, opub);
          expect(S.verify(pub, pub, osig)).toBe(true);
          if (name === 'ed25519') expect(toHex(sig)).toBe(toHex(osig));
        }),
        { numRuns: 30 },
      );
    });
  }
});

describe('signatureSchemeFor', () => {
  it('picks ECDSA-DER for SEC1-shaped curves, the go-dleq Schnorr for Edwards-shaped ones, TypeError otherwise', () => {
    expect(signatureSchemeFor(strata.secp256k1)).toBe(ecdsaSignatureScheme);
    expect(signatureSchemeFor(noble.secp256k1)).toBe(ecdsaSignatureScheme);
    expect(signatureSchemeFor(strata.ed25519)).toBe(ed25519SignatureScheme);
    const odd = { ...strata.ed25519, name: 'odd', compressedPointSize: 40, scalarByteOrder: 'le' } as unknown as Curve;
    expect(() => signatureSchemeFor(odd)).toThrow(TypeError);
  });
});
