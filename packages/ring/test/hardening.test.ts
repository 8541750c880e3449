/**
 * Issue 10, the ring findings: what an attacker can feed the ring code.
 *
 * - Finding 1: junk signatures (valid points, c = s_i = 0) deserialised and
 *   verified over and over must not make a ring build tables; the cache's
 *   byte accounting stays within `maxBytes`; one signature cannot exceed
 *   `maxRingSize` members. (The process-level memory test is
 *   resource.test.ts.)
 * - Finding 2: ed25519 rings with a small-order member and key image =
 *   identity can be signed with no private key; small-order keys and images
 *   are rejected, torsion too unless `allowTorsion`.
 * - Finding 7: options of the wrong type throw TypeError at once.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode, StrataError } from '@strata/field';
import { concatBytes, hex, thrownCode } from '@strata/testkit';
import type { Curve, Point, RandomSource } from '@strata/group';
import { DEFAULT_CACHE_MAX_BYTES, DEFAULT_MAX_RING_SIZE, Ring, RingCache, RingSignature, hashToCurveNonConst, link, signatureByteLength, sign } from '../src/index.js';
import { ringState } from '../src/ring-state.js';
import { hashToScalar } from './helpers.js';
import { BACKENDS, V, detRandom, type CurveName } from './helpers.js';
import * as O from './oracle.js';

const NAMES: CurveName[] = ['secp256k1', 'ed25519'];
const MSG = new Uint8Array(32).fill(9);

/** ring-go's byte layout, written directly (no library object involved). */
function layout(curve: Curve, c0: Uint8Array, image: Uint8Array, s: readonly Uint8Array[], keys: readonly Uint8Array[]): Uint8Array {
  const n = keys.length;
  const head = new Uint8Array(4);
  new DataView(head.buffer).setUint32(0, n, false);
  const parts: Uint8Array[] = [head, c0, image];
  for (let i = 0; i < n; i++) parts.push(s[i]!, keys[i]!);
  const out = concatBytes(...parts);
  expect(out.length).toBe(signatureByteLength(curve, n));
  return out;
}

/**
 * The forgery of finding 2, written from the equations with the curve's
 * group operations only: key image I = identity, and at member j (a
 * small-order key T) s_j = u, so L_j = u·G + c_j·T and R_j = u·H_j close the
 * ring whenever c_j·T = O (always for T = O; for even c_j when T has order
 * 2; the forger retries u until then). No private key is used.
 */
function forge(curve: Curve, keys: readonly Uint8Array[], j: number, msg: Uint8Array, rand: RandomSource): Uint8Array {
  const n = keys.length;
  const P = keys.map((k) => curve.pointFromBytes(k));
  const H = P.map((p) => hashToCurveNonConst(curve, p));
  const I = curve.identity();
  const image = I.toBytes();
  for (let attempt = 0; attempt < 64; attempt++) {
    const u = curve.newRandomScalar(rand);
    const s = keys.map(() => curve.zeroScalar());
    let c = hashToScalar(curve, concatBytes(msg, curve.scalarBaseMultNonConst(u).toBytes(), curve.scalarMultNonConst(u, H[j]!).toBytes()));
    let c0 = c;
    let i = (j + 1) % n;
    if (i === 0) c0 = c;
    while (i !== j) {
      const si = curve.newRandomScalar(rand);
      s[i] = si;
      const L = curve.scalarBaseMultNonConst(si).add(curve.scalarMultNonConst(c, P[i]!));
      const R = curve.scalarMultNonConst(si, H[i]!).add(curve.scalarMultNonConst(c, I));
      c = hashToScalar(curve, concatBytes(msg, L.toBytes(), R.toBytes()));
      i = (i + 1) % n;
      if (i === 0) c0 = c;
    }
    // Closes iff c_j·P_j = O.
    if (!curve.scalarMultNonConst(c, P[j]!).isIdentity()) continue;
    s[j] = u;
    return layout(curve, c0.toBytes(), image, s.map((x) => x.toBytes()), keys);
  }
  throw new Error('forge: no closing attempt in 64 tries');
}

/** The eight small-order points of edwards25519 (the 8-torsion subgroup), canonically encoded. */
const SMALL_ORDER_ED25519 = [
  '0100000000000000000000000000000000000000000000000000000000000000', // identity
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', // order 2: (0, −1)
  '0000000000000000000000000000000000000000000000000000000000000000', // order 4
  '0000000000000000000000000000000000000000000000000000000000000080', // order 4
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05', // order 8
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85', // order 8
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a', // order 8
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa', // order 8
];

function times8(P: Point): Point {
  const Q = P.clone();
  for (let i = 0; i < 3; i++) Q.setDouble(Q);
  return Q;
}

for (const backend of BACKENDS) {
  describe(`${backend.label} ed25519: small-order and torsion keys and images (finding 2)`, () => {
    const curve = backend.curves.ed25519;
    const honest = [O.publicKey('ed25519', 5n), O.publicKey('ed25519', 6n)];

    it('the eight small-order points decode (Go accepts them) and are exactly the 8-torsion', () => {
      const seen = new Set<string>();
      for (const h of SMALL_ORDER_ED25519) {
        const P = curve.pointFromBytes(hex(h));
        expect(times8(P).isIdentity(), h).toBe(true);
        seen.add(h);
      }
      expect(seen.size).toBe(8);
    });

    it('the forgery of the issue (identity member, identity key image) is rejected: by the constructors and by deserialize, allowTorsion or not', () => {
      const id = hex(SMALL_ORDER_ED25519[0]!);
      const keys = [honest[0]!, id, honest[1]!];
      const bytes = forge(curve, keys, 1, MSG, detRandom(21));
      // A real forgery: ring-go's equations (the BigInt oracle, no subgroup check) accept it.
      expect(O.verify('ed25519', MSG, O.fromBytes('ed25519', bytes))).toBe(true);
      for (const opts of [{}, { allowTorsion: true }, { strict: true }, { strict: true, allowTorsion: true }]) {
        let err: unknown;
        try {
          RingSignature.fromBytes(curve, bytes, opts).verify(MSG);
        } catch (e) {
          err = e;
        }
        expect(err).toBeInstanceOf(StrataError);
        expect((err as StrataError).code).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
        expect((err as StrataError).offset).toBe(4 + 32); // the key image comes first
      }
      const cache = new RingCache();
      expect(thrownCode(() => RingSignature.fromBytes(curve, bytes, { cache }))).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
      expect(cache.size).toBe(0);
      expect(thrownCode(() => Ring.fromPublicKeys(curve, keys))).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
      expect(thrownCode(() => Ring.fromPublicKeys(curve, keys, { allowTorsion: true }))).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
      expect(thrownCode(() => Ring.fromPublicKeys(curve, [honest[0]!, curve.identity()]))).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
      expect(thrownCode(() => Ring.withSigner(curve, [id], O.encodeScalar('ed25519', 5n), 0))).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
    });

    it('the order-2 forgery is rejected, and two such forgeries are never made into linkable signatures', () => {
      const t2 = hex(SMALL_ORDER_ED25519[1]!);
      const keys = [t2, honest[0]!];
      const a = forge(curve, keys, 0, MSG, detRandom(22));
      const b = forge(curve, keys, 0, new Uint8Array(32), detRandom(23));
      expect(O.verify('ed25519', MSG, O.fromBytes('ed25519', a))).toBe(true);
      expect(O.verify('ed25519', new Uint8Array(32), O.fromBytes('ed25519', b))).toBe(true);
      expect(O.linkTag('ed25519', O.fromBytes('ed25519', a))).toEqual(O.linkTag('ed25519', O.fromBytes('ed25519', b)));
      for (const bytes of [a, b]) {
        expect(thrownCode(() => RingSignature.fromBytes(curve, bytes))).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
        expect(thrownCode(() => RingSignature.fromBytes(curve, bytes, { allowTorsion: true }))).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
      }
      // With an honest key image in place of the identity, the order-2 ring key itself is rejected, at its offset.
      const sig = Ring.fromPublicKeys(curve, honest).sign(MSG, O.encodeScalar('ed25519', 5n)).toBytes();
      const withT2 = sig.slice();
      const at = 4 + 32 + 32 + 32; // P[0]
      withT2.set(t2, at);
      const e = (() => {
        try {
          RingSignature.fromBytes(curve, withT2, { allowTorsion: true });
        } catch (x) {
          return x as StrataError;
        }
        return undefined;
      })();
      expect(e?.code).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
      expect(e?.offset).toBe(at);
    });

    it('every small-order point is rejected as a ring key and as a key image, whatever the options', () => {
      const good = Ring.fromPublicKeys(curve, honest).sign(MSG, O.encodeScalar('ed25519', 6n)).toBytes();
      for (const h of SMALL_ORDER_ED25519) {
        const T = hex(h);
        for (const allowTorsion of [false, true]) {
          expect(thrownCode(() => Ring.fromPublicKeys(curve, [honest[0]!, T], { allowTorsion })), h).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
          const img = good.slice();
          img.set(T, 4 + 32);
          expect(thrownCode(() => RingSignature.fromBytes(curve, img, { allowTorsion })), h).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
          const key = good.slice();
          key.set(T, 4 + 32 + 32 + 32 + 32 + 32);
          expect(thrownCode(() => RingSignature.fromBytes(curve, key, { allowTorsion })), h).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
        }
      }
    });

    it('mixed-order keys (x·G + T): rejected by default, accepted with allowTorsion; the ring still signs and verifies', () => {
      const T2 = curve.pointFromBytes(hex(SMALL_ORDER_ED25519[1]!));
      const mixed = curve.pointFromBytes(O.publicKey('ed25519', 77n)).add(T2);
      expect(times8(mixed).isIdentity()).toBe(false);
      expect(thrownCode(() => Ring.fromPublicKeys(curve, [honest[0]!, mixed]))).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
      expect(thrownCode(() => Ring.withSigner(curve, [mixed.toBytes()], O.encodeScalar('ed25519', 5n), 1))).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
      const ring = Ring.fromPublicKeys(curve, [honest[0]!, mixed], { allowTorsion: true });
      const bytes = ring.sign(MSG, O.encodeScalar('ed25519', 5n)).toBytes();
      expect(thrownCode(() => RingSignature.fromBytes(curve, bytes))).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
      expect(RingSignature.fromBytes(curve, bytes, { allowTorsion: true }).verify(MSG)).toBe(true);
    });

    it('with allowTorsion, a key image shifted by torsion links (cofactor cleared, as Go) and verifies only where Go would', () => {
      for (const v of V.link.filter((c) => c.id.startsWith('ed25519-link-torsion-'))) {
        const a = RingSignature.fromBytes(curve, hex(v.sig_a.serialized), { allowTorsion: true });
        const b = RingSignature.fromBytes(curve, hex(v.sig_b.serialized), { allowTorsion: true });
        expect(link(a, b)).toBe(true);
        expect(b.verify(hex(v.sig_b.message))).toBe(false);
        expect(a.verify(hex(v.sig_a.message))).toBe(true);
      }
    });
  });
}

for (const backend of BACKENDS) {
  describe(`${backend.label} secp256k1: cofactor 1`, () => {
    it('the identity is rejected as a ring key', () => {
      const curve = backend.curves.secp256k1;
      const k = O.publicKey('secp256k1', 5n);
      expect(thrownCode(() => Ring.fromPublicKeys(curve, [k, curve.identity()]))).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
      expect(thrownCode(() => Ring.fromPublicKeys(curve, [curve.identity(), k], { allowTorsion: true }))).toBe(ErrorCode.POINT_NOT_IN_SUBGROUP);
    });
  });
}

/** A junk signature of the issue: n members (all `key`, or distinct keys), c = 0, s_i = 0, a valid key image. */
function junk(curve: Curve, name: CurveName, n: number, distinct: boolean, seed = 0n): Uint8Array {
  const keys = Array.from({ length: n }, (_, i) => O.publicKey(name, distinct ? 1000n + seed * 10000n + BigInt(i) : 1000n + seed));
  const zero = new Uint8Array(32);
  return layout(curve, zero, O.publicKey(name, 3n), keys.map(() => zero), keys);
}

describe('finding 1: junk signatures never make a ring build tables; the cache stays within its byte budget', () => {
  const curves = BACKENDS[0]!.curves;
  for (const name of NAMES) {
    const curve = curves[name];

    it(`${name}: the issue's attack at a small scale (same point ×48, c = s_i = 0, deserialize + verify ×6) builds no tables`, () => {
      for (const [distinct, strict] of [[false, false], [true, false], [true, true]] as const) {
        const bytes = junk(curve, name, 48, distinct);
        const cache = new RingCache();
        for (let k = 0; k < 6; k++) {
          const sig = RingSignature.fromBytes(curve, bytes, { cache, strict });
          expect(sig.verify(MSG)).toBe(false);
          expect(sig.ring.hasTables).toBe(false);
          expect(ringState(sig.ring).verifiedImageTableStats.built).toBe(0);
          expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
        }
        // Keys and hashes only: no table was charged.
        expect(cache.bytes).toBe(48 * 3584);
        // Without a cache, every deserialisation is a fresh ring: no tables either.
        for (let k = 0; k < 3; k++) {
          const sig = RingSignature.fromBytes(curve, bytes, { strict });
          sig.verify(MSG);
          expect(sig.ring.hasTables).toBe(false);
        }
      }
    });

    it(`${name}: an honest ring still gets its tables once a signature has verified (warm path kept)`, () => {
      const ks = [201n, 202n, 203n, 204n];
      const bytes = Ring.fromPublicKeys(curve, ks.map((k) => O.publicKey(name, k))).sign(MSG, O.encodeScalar(name, 202n)).toBytes();
      const cache = new RingCache();
      const a = RingSignature.fromBytes(curve, bytes, { cache });
      // A junk verify first: still no tables afterwards.
      expect(a.verify(new Uint8Array(32))).toBe(false);
      expect(RingSignature.fromBytes(curve, bytes, { cache }).verify(new Uint8Array(32))).toBe(false);
      expect(a.ring.hasTables).toBe(false);
      expect(a.verify(MSG)).toBe(true); // the first good verification: plain path
      expect(a.ring.hasTables).toBe(false);
      expect(RingSignature.fromBytes(curve, bytes, { cache }).verify(MSG)).toBe(true);
      expect(a.ring.hasTables).toBe(true);
      expect(cache.bytes).toBeGreaterThan(4 * 3584);
      expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
    });

    it(`${name}: many honest rings under a small maxBytes: LRU eviction keeps the estimate within it; an evicted ring drops its tables`, () => {
      const maxBytes = name === 'ed25519' ? 2_500_000 : 1_200_000;
      const cache = new RingCache(64, { maxBytes });
      expect(cache.maxBytes).toBe(maxBytes);
      const sigs: { bytes: Uint8Array; msg: Uint8Array }[] = [];
      for (let r = 0; r < 5; r++) {
        const ks = [1n, 2n, 3n, 4n, 5n, 6n].map((k) => BigInt(r) * 100n + 300n + k);
        const ring = Ring.fromPublicKeys(curve, ks.map((k) => O.publicKey(name, k)));
        sigs.push({ bytes: ring.sign(MSG, O.encodeScalar(name, ks[r % 6]!)).toBytes(), msg: MSG });
      }
      const held: RingSignature[] = [];
      for (let round = 0; round < 3; round++) {
        for (const { bytes, msg } of sigs) {
          const sig = RingSignature.fromBytes(curve, bytes, { cache });
          expect(sig.verify(msg)).toBe(true);
          expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
          held.push(sig);
        }
      }
      expect(cache.size).toBeLessThan(5);
      // Rings evicted from the cache hold no tables, build none, and still verify.
      const evicted = held.filter((s) => !held.slice(-cache.size).some((t) => t.ring === s.ring));
      expect(evicted.length).toBeGreaterThan(0);
      for (const s of evicted) {
        expect(s.ring.hasTables).toBe(false);
        expect(s.verify(MSG)).toBe(true);
        expect(s.verify(MSG)).toBe(true);
        expect(s.ring.hasTables).toBe(false);
      }
      cache.clear();
      expect(cache.bytes).toBe(0);
      expect(cache.size).toBe(0);
    });

    it(`${name}: a ring whose tables exceed maxBytes verifies without tables; one whose keys exceed it is not cached`, () => {
      const ks = Array.from({ length: 12 }, (_, i) => 700n + BigInt(i));
      const bytes = Ring.fromPublicKeys(curve, ks.map((k) => O.publicKey(name, k))).sign(MSG, O.encodeScalar(name, 703n)).toBytes();
      const cache = new RingCache(4, { maxBytes: 12 * 3584 + 1000 });
      for (let k = 0; k < 4; k++) {
        const sig = RingSignature.fromBytes(curve, bytes, { cache });
        expect(sig.verify(MSG)).toBe(true);
        expect(sig.ring.hasTables).toBe(false);
      }
      expect(cache.size).toBe(1);
      expect(cache.bytes).toBe(12 * 3584);
      const tiny = new RingCache(4, { maxBytes: 1000 });
      const a = RingSignature.fromBytes(curve, bytes, { cache: tiny });
      expect(tiny.size).toBe(0);
      expect(a.verify(MSG) && a.verify(MSG)).toBe(true);
      expect(a.ring.hasTables).toBe(false);
    });

    it(`${name}: maxRingSize caps one signature (ERR_OUT_OF_RANGE before any decoding; verify false)`, () => {
      expect(DEFAULT_MAX_RING_SIZE).toBe(1024);
      expect(DEFAULT_CACHE_MAX_BYTES).toBe(64 * 1024 * 1024);
      // The size field is read before anything else: a complete-length input of 1025 zero members.
      const big = new Uint8Array(signatureByteLength(curve, 1025));
      new DataView(big.buffer).setUint32(0, 1025, false);
      const e = (() => {
        try {
          RingSignature.fromBytes(curve, big);
        } catch (x) {
          return x as StrataError;
        }
        return undefined;
      })();
      expect(e).toBeInstanceOf(StrataError);
      expect(e?.code).toBe(ErrorCode.OUT_OF_RANGE);
      expect(e?.offset).toBe(0);
      // Raised explicitly, the zero bytes fail in the decoder instead (the cap was the first check).
      expect(thrownCode(() => RingSignature.fromBytes(curve, big, { maxRingSize: 2048 }))).not.toBe(ErrorCode.OUT_OF_RANGE);
      // A smaller cap: an honest 6-member signature.
      const ks = [1n, 2n, 3n, 4n, 5n, 6n].map((k) => 900n + k);
      const sig = Ring.fromPublicKeys(curve, ks.map((k) => O.publicKey(name, k))).sign(MSG, O.encodeScalar(name, 901n));
      const bytes = sig.toBytes();
      expect(thrownCode(() => RingSignature.fromBytes(curve, bytes, { maxRingSize: 5 }))).toBe(ErrorCode.OUT_OF_RANGE);
      expect(RingSignature.fromBytes(curve, bytes, { maxRingSize: 6 }).verify(MSG)).toBe(true);
      expect(sig.verify(MSG, { maxRingSize: 5 })).toBe(false);
      expect(sig.verify(MSG, { maxRingSize: 6 })).toBe(true);
    });
  }
});

describe('finding 7: every options object rejects wrong-typed values with TypeError at once', () => {
  const curve = BACKENDS[0]!.curves.secp256k1;
  const keys = [O.publicKey('secp256k1', 5n), O.publicKey('secp256k1', 6n)];
  const x = O.encodeScalar('secp256k1', 5n);
  const ring = Ring.fromPublicKeys(curve, keys);
  const sig = ring.sign(MSG, x);
  const bytes = sig.toBytes();
  const bad = (f: () => unknown) => expect(f).toThrow(TypeError);

  it('RingOptions (fromPublicKeys, withSigner, random)', () => {
    for (const o of [
      { eagerTables: 'false' },
      { eagerTables: 1 },
      { allowTorsion: 'true' },
      { allowTorsion: null },
      { tableSize: 'huge' },
      { tableSize: 'Large' },
    ] as never[]) {
      bad(() => Ring.fromPublicKeys(curve, keys, o));
      bad(() => Ring.withSigner(curve, keys.slice(1), x, 0, o));
      bad(() => Ring.random(curve, 3, x, 0, o));
    }
    for (const o of ['x', 5, null, [1]] as never[]) {
      bad(() => Ring.fromPublicKeys(curve, keys, o));
      bad(() => Ring.withSigner(curve, keys.slice(1), x, 0, o));
      bad(() => Ring.random(curve, 3, x, 0, o));
    }
    bad(() => Ring.random(curve, 3, x, 0, { random: 'crypto' as never }));
    // Unknown keys are ignored; well-typed values work.
    expect(Ring.fromPublicKeys(curve, keys, { eagerTables: false, allowTorsion: false, tableSize: 'small', other: 1 } as never).size).toBe(2);
  });

  it('SignOptions', () => {
    for (const o of [
      { random: 5 },
      { random: 'x' },
      { avoidAmbiguous: 'false' },
      { selfCheck: 0 },
      { hashToScalarRule: 'keccak' },
      { hashToScalarRule: 1 },
    ] as never[]) {
      bad(() => ring.sign(MSG, x, o));
      bad(() => sign(MSG, ring, x, 0, o));
    }
    for (const o of ['x', null, 3] as never[]) bad(() => sign(MSG, ring, x, 0, o));
    expect(sign(MSG, ring, x, 0, { selfCheck: false, avoidAmbiguous: true, whatever: 'x' } as never).verify(MSG)).toBe(true);
  });

  it('VerifyOptions', () => {
    for (const o of [
      { hashToScalarRule: 'x' },
      { hashToScalarRule: 1 },
      { maxRingSize: '1024' },
      { maxRingSize: 0 },
      { maxRingSize: 1.5 },
      { maxRingSize: 2 ** 32 },
    ] as never[]) {
      bad(() => sig.verify(MSG, o));
    }
    for (const o of ['x', null, 3] as never[]) bad(() => sig.verify(MSG, o));
    expect(sig.verify(MSG, { unknown: true } as never)).toBe(true);
  });

  it('FromBytesOptions', () => {
    for (const o of [
      { strict: 'false' },
      { strict: 0 },
      { allowTorsion: 'yes' },
      { maxRingSize: '1024' },
      { maxRingSize: -1 },
      { maxRingSize: Number.NaN },
      { cache: {} },
      { cache: new Map() },
    ] as never[]) {
      bad(() => RingSignature.fromBytes(curve, bytes, o));
    }
    for (const o of ['x', null, 3] as never[]) bad(() => RingSignature.fromBytes(curve, bytes, o));
    expect(RingSignature.fromBytes(curve, bytes, { strict: false, other: 1 } as never).verify(MSG)).toBe(true);
  });

  it('RingCache options', () => {
    for (const o of [
      { maxBytes: '64' },
      { maxBytes: 0 },
      { maxBytes: 1.5 },
      { maxBytes: -5 },
      { maxBytes: Infinity },
      { tableSize: 'compact' },
    ] as never[]) {
      bad(() => new RingCache(4, o));
    }
    for (const o of ['x', null, 3] as never[]) bad(() => new RingCache(4, o));
    bad(() => new RingCache('4' as never));
    expect(() => new RingCache(0)).toThrow(RangeError);
    expect(new RingCache(4, { maxBytes: 1 << 20, other: 1 } as never).maxBytes).toBe(1 << 20);
  });
});
