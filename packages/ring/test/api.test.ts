/**
 * The public API: constructors, signing, verification, linking, the ring
 * cache, and every class of bad input (typed errors, never a throw from
 * verify).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ErrorCode, StrataError } from '@strata/field';
import { hex, toHex } from '@strata/testkit';
import { Ring, RingCache, RingSignature, link, signatureByteLength, sign } from '../src/index.js';
import { VERIFIED_IMAGE_TABLES, ringState } from '../src/ring-state.js';
import { BACKENDS, NOBLE_BACKEND, STRATA_BACKEND, V, detRandom, type CurveName } from './helpers.js';
import * as O from './oracle.js';

const NAMES: CurveName[] = ['secp256k1', 'ed25519'];
const MSG = new Uint8Array(32).fill(7);

/** The 32-byte encoding of a small private key k on `name`. */
function priv(name: CurveName, k: bigint): Uint8Array {
  return O.encodeScalar(name, k);
}

function expectCode(f: () => unknown, code: string): void {
  let err: unknown;
  try {
    f();
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(StrataError);
  expect((err as StrataError).code).toBe(code);
}

for (const backend of BACKENDS) {
  for (const name of NAMES) {
    const curve = backend.curves[name];
    const q = O.order(name);
    const keys = [11n, 22n, 33n, 44n].map((k) => O.publicKey(name, k));

    describe(`${backend.label} ${name}: constructors`, () => {
      it('fromPublicKeys keeps order, accepts bytes and points, and copies keys', () => {
        const pts = keys.map((k) => curve.pointFromBytes(k));
        const a = Ring.fromPublicKeys(curve, keys);
        const b = Ring.fromPublicKeys(curve, [pts[0]!, keys[1]!, pts[2]!, keys[3]!]);
        expect(a.size).toBe(4);
        expect(a.equals(b)).toBe(true);
        expect(a.publicKeyBytes().map(toHex)).toEqual(keys.map(toHex));
        // Mutating a returned key does not touch the ring.
        const out = a.publicKeys();
        out[0]!.setDouble(out[0]!);
        expect(toHex(a.publicKeys()[0]!.toBytes())).toBe(toHex(keys[0]!));
        const rev = Ring.fromPublicKeys(curve, [...keys].reverse());
        expect(a.equals(rev)).toBe(false);
        expect(a.equals(Ring.fromPublicKeys(curve, keys.slice(0, 3)))).toBe(false);
        expect(a.indexOf(pts[2]!)).toBe(2);
        expect(a.indexOf(curve.scalarBaseMult(curve.scalarFromInt(5)))).toBe(-1);
      });

      it('withSigner inserts the signer at the index', () => {
        for (const idx of [0, 2, 4]) {
          const r = Ring.withSigner(curve, keys, priv(name, 99n), idx);
          expect(r.size).toBe(5);
          expect(toHex(r.publicKeyBytes()[idx]!)).toBe(toHex(O.publicKey(name, 99n)));
          const sig = r.sign(MSG, priv(name, 99n));
          expect(sig.verify(MSG)).toBe(true);
        }
        // A Scalar private key works too.
        const r = Ring.withSigner(curve, keys, curve.scalarFromInt(99), 1);
        expect(toHex(r.publicKeyBytes()[1]!)).toBe(toHex(O.publicKey(name, 99n)));
      });

      it('random makes a ring with the signer at index and reads the random source', () => {
        const r = Ring.random(curve, 5, priv(name, 5n), 3, { random: detRandom(1) });
        expect(r.size).toBe(5);
        expect(toHex(r.publicKeyBytes()[3]!)).toBe(toHex(O.publicKey(name, 5n)));
        const r2 = Ring.random(curve, 5, priv(name, 5n), 3, { random: detRandom(1) });
        expect(r.equals(r2)).toBe(true);
        expect(r.sign(MSG, priv(name, 5n)).verify(MSG)).toBe(true);
        const r3 = Ring.random(curve, 2, priv(name, 5n), 0);
        expect(r3.size).toBe(2);
      });

      it('rejects rings of fewer than 2 keys and duplicate keys', () => {
        expectCode(() => Ring.fromPublicKeys(curve, []), ErrorCode.INVALID_ARGUMENT);
        expectCode(() => Ring.fromPublicKeys(curve, [keys[0]!]), ErrorCode.INVALID_ARGUMENT);
        expectCode(() => Ring.fromPublicKeys(curve, [keys[0]!, keys[1]!, keys[0]!]), ErrorCode.INVALID_ARGUMENT);
        expectCode(() => Ring.fromPublicKeys(curve, [keys[0]!, curve.pointFromBytes(keys[0]!)]), ErrorCode.INVALID_ARGUMENT);
        expectCode(() => Ring.withSigner(curve, [], priv(name, 3n), 0), ErrorCode.INVALID_ARGUMENT);
        expectCode(() => Ring.withSigner(curve, keys, priv(name, 11n), 1), ErrorCode.INVALID_ARGUMENT);
        expectCode(() => Ring.random(curve, 1, priv(name, 3n), 0), ErrorCode.INVALID_ARGUMENT);
        expectCode(() => Ring.random(curve, 0, priv(name, 3n), 0), ErrorCode.INVALID_ARGUMENT);
      });

      it('rejects bad key bytes with the decoder code', () => {
        const bad = new Uint8Array(curve.compressedPointSize);
        bad[0] = name === 'secp256k1' ? 5 : 0;
        if (name === 'secp256k1') expectCode(() => Ring.fromPublicKeys(curve, [keys[0]!, bad]), ErrorCode.BAD_FORMAT);
        expectCode(() => Ring.fromPublicKeys(curve, [keys[0]!, keys[1]!.subarray(1)]), ErrorCode.BAD_LENGTH);
      });

      it('rejects zero, out-of-range and wrong-length private keys, bad indices, and wrong types', () => {
        expectCode(() => Ring.withSigner(curve, keys, priv(name, 0n), 0), ErrorCode.OUT_OF_RANGE);
        expectCode(() => Ring.withSigner(curve, keys, curve.zeroScalar(), 0), ErrorCode.OUT_OF_RANGE);
        const big = name === 'secp256k1' ? O.encodeScalar(name, q) : O.encodeScalar(name, q);
        expectCode(() => Ring.withSigner(curve, keys, big, 0), ErrorCode.OUT_OF_RANGE);
        expectCode(() => Ring.withSigner(curve, keys, new Uint8Array(32).fill(0xff), 0), ErrorCode.OUT_OF_RANGE);
        expectCode(() => Ring.withSigner(curve, keys, new Uint8Array(31), 0), ErrorCode.BAD_LENGTH);
        expectCode(() => Ring.withSigner(curve, keys, priv(name, 3n), 5), ErrorCode.OUT_OF_RANGE);
        expectCode(() => Ring.withSigner(curve, keys, priv(name, 3n), -1), ErrorCode.OUT_OF_RANGE);
        expectCode(() => Ring.random(curve, 3, priv(name, 3n), 3), ErrorCode.OUT_OF_RANGE);
        expect(() => Ring.withSigner(curve, keys, priv(name, 3n), 1.5)).toThrow(TypeError);
        expect(() => Ring.withSigner(curve, keys, 'abc' as never, 0)).toThrow(TypeError);
        expect(() => Ring.fromPublicKeys(curve, ['00' as never, keys[0]!])).toThrow(TypeError);
        expect(() => Ring.fromPublicKeys({} as never, keys)).toThrow(TypeError);
        expect(() => Ring.fromPublicKeys(curve, 'ab' as never)).toThrow(TypeError);
      });
    });

    describe(`${backend.label} ${name}: sign / verify`, () => {
      const ring = Ring.fromPublicKeys(curve, keys);

      it('signs at every index; signatures verify, fail on other messages, and round-trip', () => {
        for (let j = 0; j < 4; j++) {
          const x = priv(name, BigInt(11 * (j + 1)));
          const sig = sign(MSG, ring, x, j);
          expect(sig.verify(MSG)).toBe(true);
          expect(sig.verify(new Uint8Array(32))).toBe(false);
          const bytes = sig.toBytes();
          expect(bytes.length).toBe(signatureByteLength(curve, 4));
          expect(bytes.length).toBe(name === 'secp256k1' ? 69 + 65 * 4 : 68 + 64 * 4);
          const back = RingSignature.fromBytes(curve, bytes);
          expect(back.verify(MSG)).toBe(true);
          expect(toHex(back.toBytes())).toBe(toHex(bytes));
          expect(back.ring.equals(ring)).toBe(true);
          // The independent oracle agrees.
          expect(O.verify(name, MSG, O.fromBytes(name, bytes))).toBe(true);
          // The key image is x·H_p(P_j).
          const hp = O.hashToCurve(name, O.pointFromBytes(name, keys[j]!));
          const img = O.encodePoint(name, O.mul(name, hp, BigInt(11 * (j + 1))));
          expect(toHex(sig.keyImageBytes())).toBe(toHex(img));
        }
      });

      it('rejects a bad message, index, signer and key with typed errors', () => {
        const x = priv(name, 11n);
        expectCode(() => sign(new Uint8Array(31), ring, x, 0), ErrorCode.BAD_LENGTH);
        expectCode(() => sign(new Uint8Array(33), ring, x, 0), ErrorCode.BAD_LENGTH);
        expectCode(() => ring.sign(new Uint8Array(0), x), ErrorCode.BAD_LENGTH);
        expectCode(() => sign(MSG, ring, x, 4), ErrorCode.OUT_OF_RANGE);
        expectCode(() => sign(MSG, ring, x, -1), ErrorCode.OUT_OF_RANGE);
        expectCode(() => sign(MSG, ring, x, 1), ErrorCode.INVALID_ARGUMENT);
        expectCode(() => ring.sign(MSG, priv(name, 12n)), ErrorCode.INVALID_ARGUMENT);
        expectCode(() => ring.sign(MSG, priv(name, 0n)), ErrorCode.OUT_OF_RANGE);
        expectCode(() => sign(MSG, ring, O.encodeScalar(name, q), 0), ErrorCode.OUT_OF_RANGE);
        expect(() => sign('m' as never, ring, x, 0)).toThrow(TypeError);
        expect(() => sign(MSG, {} as never, x, 0)).toThrow(TypeError);
        expect(() => sign(MSG, ring, x, 0, { random: 3 as never })).toThrow(TypeError);
        expect(() => sign(MSG, ring, x, 0, { hashToScalarRule: 'x' as never })).toThrow(TypeError);
      });

      it('verify returns false (never throws) for bad messages; TypeError for a non-Uint8Array', () => {
        const sig = ring.sign(MSG, priv(name, 22n));
        expect(sig.verify(new Uint8Array(31))).toBe(false);
        expect(sig.verify(new Uint8Array(64))).toBe(false);
        expect(() => sig.verify('x' as never)).toThrow(TypeError);
        expect(() => sig.verify(MSG, { hashToScalarRule: 'y' as never })).toThrow(TypeError);
      });

      it('signing without the self-check gives the same bytes', () => {
        const a = ring.sign(MSG, priv(name, 33n), { random: detRandom(3) });
        const b = ring.sign(MSG, priv(name, 33n), { random: detRandom(3), selfCheck: false });
        expect(toHex(a.toBytes())).toBe(toHex(b.toBytes()));
      });

      it('the self-check catches a fault in the closing step; without it the faulty signature leaves (and fails verify)', () => {
        // A curve whose hash-to-scalar goes wrong on one chosen call (a simulated fault).
        let calls = 0;
        let faultAt = -1;
        const faulty = Object.create(curve) as typeof curve;
        faulty.hashToScalar = (data, out) => {
          const r = curve.hashToScalar.call(faulty, data, out);
          if (++calls === faultAt) r.setAdd(r, faulty.scalarFromInt(1));
          return r;
        };
        const fkeys = [1n, 2n, 3n].map((k) => O.publicKey(name, k));
        const r = Ring.fromPublicKeys(faulty, fkeys);
        // Fault on the self-check's own hash (call n + 1 with n = 3).
        calls = 0;
        faultAt = 4;
        expectCode(() => r.sign(MSG, priv(name, 2n), { avoidAmbiguous: false }), ErrorCode.INVALID_ARGUMENT);
        // A fault inside the chain (call 2) with the check skipped: the faulty signature leaves the
        // signer, and it does not verify.
        calls = 0;
        faultAt = 2;
        const bad = r.sign(MSG, priv(name, 2n), { avoidAmbiguous: false, selfCheck: false });
        faultAt = -1;
        expect(bad.verify(MSG)).toBe(false);
        calls = 0;
        expect(r.sign(MSG, priv(name, 2n)).verify(MSG)).toBe(true);
      });

      it('links signatures by the same key across rings and messages, not across keys', () => {
        const other = Ring.withSigner(curve, [O.publicKey(name, 77n), O.publicKey(name, 78n)], priv(name, 22n), 2);
        const a = ring.sign(MSG, priv(name, 22n));
        const b = other.sign(new Uint8Array(32).fill(1), priv(name, 22n));
        const c = ring.sign(MSG, priv(name, 33n));
        expect(link(a, b)).toBe(true);
        expect(link(a, c)).toBe(false);
        expect(link(a, a)).toBe(true);
        expect(() => link(a, {} as never)).toThrow(TypeError);
      });

      it('the ring caches hashes on first use and tables from the second use', () => {
        const r = Ring.fromPublicKeys(curve, keys);
        expect(r.hasTables).toBe(false);
        const sig = r.sign(MSG, priv(name, 11n));
        expect(r.hasTables).toBe(false);
        expect(sig.verify(MSG)).toBe(true);
        expect(r.hasTables).toBe(true);
        expect(sig.verify(MSG)).toBe(true);
        const e = Ring.fromPublicKeys(curve, keys, { eagerTables: true });
        e.sign(MSG, priv(name, 11n));
        expect(e.hasTables).toBe(true);
        const p = Ring.fromPublicKeys(curve, keys).precompute();
        expect(p.hasTables).toBe(true);
        expect(p.sign(MSG, priv(name, 44n)).verify(MSG)).toBe(true);
      });

      it("tableSize 'large' and 'small' tables give the same results, on small and larger rings", () => {
        // 26 members crosses both key-image width switches (12 and 24 members).
        const many = Array.from({ length: 26 }, (_, i) => O.publicKey(name, 1000n + BigInt(i)));
        for (const ks of [keys, many]) {
          const x = ks === keys ? priv(name, 33n) : priv(name, 1005n);
          const large = Ring.fromPublicKeys(curve, ks).precompute();
          const compact = Ring.fromPublicKeys(curve, ks, { tableSize: 'small' }).precompute();
          const plain = Ring.fromPublicKeys(curve, ks);
          expect(large.tableSize).toBe('large');
          expect(compact.tableSize).toBe('small');
          const bytes = [large.sign(MSG, x).toBytes(), compact.sign(MSG, x).toBytes(), plain.sign(MSG, x).toBytes()];
          for (const b of bytes) {
            for (const cache of [new RingCache(1), new RingCache(1, { tableSize: 'small' })]) {
              // First use: no tables; second and third: tables of the cache's size.
              for (let k = 0; k < 3; k++) expect(RingSignature.fromBytes(curve, b, { cache }).verify(MSG)).toBe(true);
              expect(RingSignature.fromBytes(curve, b, { cache }).ring.hasTables).toBe(true);
              expect(RingSignature.fromBytes(curve, b, { cache }).verify(new Uint8Array(32))).toBe(false);
              const t = b.slice();
              t[4 + 5]! ^= 1; // c_0
              expect(RingSignature.fromBytes(curve, t, { cache }).verify(MSG)).toBe(false);
            }
          }
          expect(link(RingSignature.fromBytes(curve, bytes[0]!), RingSignature.fromBytes(curve, bytes[1]!))).toBe(true);
        }
        expect(() => Ring.fromPublicKeys(curve, keys, { tableSize: 'huge' as never })).toThrow(TypeError);
        expect(() => Ring.withSigner(curve, keys, priv(name, 5n), 0, { tableSize: 1 as never })).toThrow(TypeError);
        expect(() => new RingCache(4, { tableSize: 'compact' as never })).toThrow(TypeError);
        expect(() => new RingCache(4, null as never)).toThrow(TypeError);
        expect(new RingCache().tableSize).toBe('large');
      });

      it('RingCache shares one ring between deserialized signatures and evicts LRU', () => {
        const cache = new RingCache(2);
        const s1 = ring.sign(MSG, priv(name, 11n)).toBytes();
        const s2 = ring.sign(MSG, priv(name, 22n)).toBytes();
        const a = RingSignature.fromBytes(curve, s1, { cache });
        const b = RingSignature.fromBytes(curve, s2, { cache });
        expect(a.ring).toBe(b.ring);
        expect(a.verify(MSG) && b.verify(MSG)).toBe(true);
        expect(a.ring.hasTables).toBe(true);
        const other = Ring.fromPublicKeys(curve, keys.slice(0, 3));
        const third = Ring.fromPublicKeys(curve, keys.slice(1, 4));
        RingSignature.fromBytes(curve, other.sign(MSG, priv(name, 11n)).toBytes(), { cache });
        RingSignature.fromBytes(curve, third.sign(MSG, priv(name, 22n)).toBytes(), { cache });
        expect(cache.size).toBe(2);
        const c = RingSignature.fromBytes(curve, s1, { cache });
        expect(c.ring).not.toBe(a.ring);
        // A cached ring is still checked against the bytes: a tampered key misses the cache.
        const t = s1.slice();
        t[4 + 32 + curve.compressedPointSize + 32 + 1]! ^= 1;
        let r: RingSignature | undefined;
        try {
          r = RingSignature.fromBytes(curve, t, { cache });
        } catch (e) {
          expect(e).toBeInstanceOf(StrataError);
        }
        if (r !== undefined) {
          expect(r.ring).not.toBe(c.ring);
          expect(r.verify(MSG)).toBe(false);
        }
        expect(() => new RingCache(0)).toThrow(RangeError);
        expect(() => RingSignature.fromBytes(curve, s1, { cache: {} as never })).toThrow(TypeError);
        cache.clear();
        expect(cache.size).toBe(0);
      });

      it('differential: random rings, signers and messages agree with the oracle both ways', () => {
        fc.assert(
          fc.property(
            fc.integer({ min: 2, max: 5 }),
            fc.nat(),
            fc.uint8Array({ minLength: 32, maxLength: 32 }),
            fc.integer({ min: 1, max: 0x7fffffff }),
            (n, jj, m, seed) => {
              const j = jj % n;
              const rnd = detRandom(seed);
              const xb = curve.newRandomScalar(rnd).toBytes();
              const r = Ring.random(curve, n, xb, j, { random: rnd });
              const reads: Uint8Array[] = [];
              const rec = (len: number) => {
                const b = rnd(len);
                reads.push(b);
                return b;
              };
              const sig = r.sign(m, xb, { random: rec, avoidAmbiguous: false });
              const bytes = sig.toBytes();
              // Oracle verifies ours, and signs the same bytes from the same reads.
              expect(O.verify(name, m, O.fromBytes(name, bytes))).toBe(true);
              const x = O.scalarFromBytes(name, xb);
              expect(toHex(O.sign(name, m, r.publicKeyBytes(), x, j, reads))).toBe(toHex(bytes));
              // Ours verifies it after a round trip; a flipped bit in s_j fails.
              expect(RingSignature.fromBytes(curve, bytes).verify(m)).toBe(true);
              const t = bytes.slice();
              t[4 + 32 + curve.compressedPointSize + j * (32 + curve.compressedPointSize) + 5]! ^= 4;
              let ok = false;
              try {
                ok = RingSignature.fromBytes(curve, t).verify(m);
              } catch (e) {
                expect(e).toBeInstanceOf(StrataError);
              }
              expect(ok).toBe(false);
            },
          ),
          { numRuns: 12 },
        );
      });
    });

    describe(`${backend.label} ${name}: deserialize bad input`, () => {
      const ring = Ring.fromPublicKeys(curve, keys);
      const good = ring.sign(MSG, priv(name, 11n)).toBytes();

      it('throws ERR_TRUNCATED for every truncation and for size fields beyond the input', () => {
        for (const len of [0, 1, 3, 4, 20, 36, 36 + curve.compressedPointSize, good.length - 1]) {
          expectCode(() => RingSignature.fromBytes(curve, good.subarray(0, len)), ErrorCode.TRUNCATED);
        }
        for (const n of [5, 1000, 0x7fffffff, 0xffffffff]) {
          const b = good.slice();
          new DataView(b.buffer).setUint32(0, n >>> 0, false);
          expectCode(() => RingSignature.fromBytes(curve, b), ErrorCode.TRUNCATED);
        }
        // A header claiming 4 billion members on 8 bytes: rejected without allocating.
        expectCode(() => RingSignature.fromBytes(curve, hex('ffffffff00000000')), ErrorCode.TRUNCATED);
      });

      it('oversized input: trailing bytes ignored by default, rejected when strict', () => {
        const b = new Uint8Array(good.length + 100);
        b.set(good);
        const sig = RingSignature.fromBytes(curve, b);
        expect(sig.verify(MSG)).toBe(true);
        expect(toHex(sig.toBytes())).toBe(toHex(good));
        expectCode(() => RingSignature.fromBytes(curve, b, { strict: true }), ErrorCode.MALFORMED);
      });

      it('strict rejects duplicate keys that Go tolerates', () => {
        const dup = good.slice();
        const pl = curve.compressedPointSize;
        const base = 4 + 32 + pl;
        dup.set(good.subarray(base + 32, base + 32 + pl), base + (32 + pl) + 32);
        const sig = RingSignature.fromBytes(curve, dup);
        expect(sig.verify(MSG)).toBe(false);
        expectCode(() => RingSignature.fromBytes(curve, dup, { strict: true }), ErrorCode.MALFORMED);
      });

      it('garbage never escapes as anything but StrataError, and verify never throws', () => {
        fc.assert(
          fc.property(fc.uint8Array({ minLength: 0, maxLength: 400 }), fc.boolean(), (junk, withGoodHeader) => {
            const b = junk.slice();
            if (withGoodHeader && b.length >= 4) b.set([0, 0, 0, 2]);
            let sig: RingSignature | undefined;
            try {
              sig = RingSignature.fromBytes(curve, b);
            } catch (e) {
              expect(e).toBeInstanceOf(StrataError);
            }
            if (sig !== undefined) expect(typeof sig.verify(MSG)).toBe('boolean');
          }),
          { numRuns: 60 },
        );
        // Single-byte corruptions of a good signature.
        for (let i = 0; i < good.length; i += 7) {
          const b = good.slice();
          b[i]! ^= 0x40;
          let sig: RingSignature | undefined;
          try {
            sig = RingSignature.fromBytes(curve, b);
          } catch (e) {
            expect(e).toBeInstanceOf(StrataError);
          }
          if (sig !== undefined) expect(sig.verify(MSG)).toBe(false);
        }
      });

      it('TypeError for non-bytes input or a non-curve', () => {
        expect(() => RingSignature.fromBytes(curve, [1, 2, 3] as never)).toThrow(TypeError);
        expect(() => RingSignature.fromBytes(null as never, good)).toThrow(TypeError);
      });
    });
  }

  describe(`${backend.label}: ed25519 specifics`, () => {
    const curve = backend.curves.ed25519;
    /** A non-canonical encoding (y = p + k, k < 19) of a point that is not of small order, and that point's canonical encoding. */
    function nonCanonicalPoint(): { nonCanon: Uint8Array; canon: Uint8Array } {
      for (let k = 2; k < 19; k++) {
        const y = (1n << 255n) - 19n + BigInt(k);
        const enc = new Uint8Array(32);
        for (let i = 0; i < 32; i++) enc[i] = Number((y >> BigInt(8 * i)) & 0xffn);
        const P = curve.tryPointFromBytes(enc);
        if (P === null) continue;
        const Q = P.clone();
        for (let i = 0; i < 3; i++) Q.setDouble(Q);
        if (!Q.isIdentity()) return { nonCanon: enc, canon: P.toBytes() };
      }
      throw new Error('no non-canonical point found');
    }

    it('a non-canonical key encoding is accepted as Go does with allowTorsion, re-serialized canonically, rejected when strict (with or without cache)', () => {
      const ring = Ring.fromPublicKeys(curve, [O.publicKey('ed25519', 3n), O.publicKey('ed25519', 4n)]);
      const good = ring.sign(MSG, priv('ed25519', 3n)).toBytes();
      // Every y ≥ p decodes to a point with a small y, which has a torsion component.
      const { nonCanon, canon } = nonCanonicalPoint();
      const T = { allowTorsion: true };
      const at = 4 + 32 + 32 + (32 + 32) + 32;
      const b = good.slice();
      b.set(nonCanon, at);
      const sig = RingSignature.fromBytes(curve, b, T);
      expect(sig.verify(MSG)).toBe(false);
      expect(toHex(sig.toBytes().subarray(at, at + 32))).toBe(toHex(canon));
      expectCode(() => RingSignature.fromBytes(curve, b, { strict: true, ...T }), ErrorCode.NON_CANONICAL);
      // The default policy rejects it as a point with torsion, at its offset.
      expect(() => RingSignature.fromBytes(curve, b)).toThrowError(
        expect.objectContaining({ code: ErrorCode.POINT_NOT_IN_SUBGROUP, offset: at }),
      );
      const cache = new RingCache();
      RingSignature.fromBytes(curve, b, { cache, ...T });
      expectCode(() => RingSignature.fromBytes(curve, b, { strict: true, cache, ...T }), ErrorCode.NON_CANONICAL);
      // A ring with torsion decoded into the cache under allowTorsion is still rejected by a default read that hits it.
      expect(() => RingSignature.fromBytes(curve, b, { cache })).toThrowError(
        expect.objectContaining({ code: ErrorCode.POINT_NOT_IN_SUBGROUP, offset: at }),
      );
      // Duplicates: tolerated into the cache, rejected by a strict read that hits it.
      const d = good.slice();
      d.set(good.subarray(4 + 32 + 32 + 32, 4 + 32 + 32 + 64), at);
      RingSignature.fromBytes(curve, d, { cache });
      expectCode(() => RingSignature.fromBytes(curve, d, { strict: true, cache }), ErrorCode.MALFORMED);
      // A non-canonical key image is accepted (Go, allowTorsion) and rejected when strict.
      const k = good.slice();
      k.set(nonCanon, 36);
      expect(RingSignature.fromBytes(curve, k, T).verify(MSG)).toBe(false);
      expectCode(() => RingSignature.fromBytes(curve, k, { strict: true, ...T }), ErrorCode.NON_CANONICAL);
      expectCode(() => RingSignature.fromBytes(curve, k), ErrorCode.POINT_NOT_IN_SUBGROUP);
    });

    it('a signature whose key image carries a small-order component: rejected by default; with allowTorsion it links but does not verify', () => {
      const v = V.link.find((c) => c.id === 'ed25519-link-torsion-0')!;
      const a = RingSignature.fromBytes(curve, hex(v.sig_a.serialized));
      expectCode(() => RingSignature.fromBytes(curve, hex(v.sig_b.serialized)), ErrorCode.POINT_NOT_IN_SUBGROUP);
      const b = RingSignature.fromBytes(curve, hex(v.sig_b.serialized), { allowTorsion: true });
      expect(link(a, b)).toBe(true);
      expect(a.keyImage.equals(b.keyImage)).toBe(false);
      expect(b.verify(hex(v.sig_b.message))).toBe(false);
    });
  });
}

// Cheap (three keys), so these run whatever STRATA_NOBLE_BACKEND says.
describe('cross-backend', () => {
  it('a Point of another curve implementation is a TypeError, not a silent mix', () => {
    const [strata, noble] = [STRATA_BACKEND, NOBLE_BACKEND];
    const foreign = noble!.curves.secp256k1.scalarBaseMult(noble!.curves.secp256k1.scalarFromInt(5));
    const own = O.publicKey('secp256k1', 6n);
    expect(() => Ring.fromPublicKeys(strata!.curves.secp256k1, [foreign, own])).toThrow(TypeError);
    expect(() => Ring.fromPublicKeys(strata!.curves.secp256k1, [foreign.toBytes(), own])).not.toThrow();
  });

  it('Strata and noble produce identical signatures from identical randomness, and accept each other\'s', () => {
    const [strata, noble] = [STRATA_BACKEND, NOBLE_BACKEND];
    for (const name of NAMES) {
      const keys = [5n, 6n, 7n].map((k) => O.publicKey(name, k));
      const ra = Ring.fromPublicKeys(strata!.curves[name], keys);
      const rb = Ring.fromPublicKeys(noble!.curves[name], keys);
      const a = ra.sign(MSG, priv(name, 6n), { random: detRandom(9) }).toBytes();
      const b = rb.sign(MSG, priv(name, 6n), { random: detRandom(9) }).toBytes();
      expect(toHex(a)).toBe(toHex(b));
      expect(RingSignature.fromBytes(noble!.curves[name], a).verify(MSG)).toBe(true);
      expect(RingSignature.fromBytes(strata!.curves[name], b).verify(MSG)).toBe(true);
      expect(link(RingSignature.fromBytes(strata!.curves[name], a), RingSignature.fromBytes(noble!.curves[name], b))).toBe(true);
    }
  });
});

describe('key-image tables kept on the ring for repeat signers', () => {
  for (const name of NAMES) {
    it(`${name}: a repeat signer's I table is reused, results stay exact, and the cache is bounded`, () => {
      const curve = BACKENDS[0]!.curves[name];
      const ks = Array.from({ length: 10 }, (_, i) => BigInt(101 + i));
      const keys = ks.map((k) => O.publicKey(name, k));
      const signer = Ring.fromPublicKeys(curve, keys);
      const cache = new RingCache(4);
      const wire = (i: number, msg: Uint8Array) => sign(msg, signer, priv(name, ks[i]!), i).toBytes();
      const msgA = new Uint8Array(32).fill(1);
      const msgB = new Uint8Array(32).fill(2);
      const first = RingSignature.fromBytes(curve, wire(3, msgA), { cache });
      const ring = first.ring;
      ring.precompute();
      const stats = () => ringState(ring).verifiedImageTableStats;
      expect(stats()).toEqual({ held: 0, built: 0 });
      expect(first.verify(msgA)).toBe(true);
      expect(stats()).toEqual({ held: 1, built: 1 });
      // The same signer, another message: same ring object from the cache, same I, table reused.
      const second = RingSignature.fromBytes(curve, wire(3, msgB), { cache });
      expect(second.ring).toBe(ring);
      expect(second.verify(msgB)).toBe(true);
      expect(second.verify(msgA)).toBe(false);
      expect(stats()).toEqual({ held: 1, built: 1 });
      // A tampered signature by the same signer still fails with the shared table.
      const bad = wire(3, msgA);
      bad[10] = bad[10]! ^ 1;
      expect(RingSignature.fromBytes(curve, bad, { cache }).verify(msgA)).toBe(false);
      expect(stats()).toEqual({ held: 1, built: 1 });
      // Ten signers in turn (3 is a hit): every signature verifies; at most eight tables are held.
      for (let i = 0; i < 10; i++) {
        expect(RingSignature.fromBytes(curve, wire(i, msgA), { cache }).verify(msgA)).toBe(true);
      }
      expect(stats()).toEqual({ held: VERIFIED_IMAGE_TABLES, built: 10 });
      // Signers 0 and 1 were the least recently used and were evicted: 0 is rebuilt, 9 is a hit.
      expect(RingSignature.fromBytes(curve, wire(9, msgB), { cache }).verify(msgB)).toBe(true);
      expect(stats()).toEqual({ held: VERIFIED_IMAGE_TABLES, built: 10 });
      expect(RingSignature.fromBytes(curve, wire(0, msgB), { cache }).verify(msgB)).toBe(true);
      expect(stats()).toEqual({ held: VERIFIED_IMAGE_TABLES, built: 11 });
    });
  }
});
