import { describe, expect, it } from 'vitest';
import { sha512 } from '@noble/hashes/sha2.js';
import { hex, toHex, readVectorJson } from '@strata/testkit';
import { StrataError, ErrorCode } from '../../src/index.js';
import * as ed25519 from '../../src/ed25519/index.js';
import { NP } from './helpers.js';

const { Point, Scalar25519 } = ed25519;

interface RfcCase {
  name: string;
  secret_key: string;
  public_key: string;
  message: string;
  signature: string;
}
const rfc = readVectorJson('rfc8032', 'rfc8032-section7.json') as { ed25519: RfcCase[] };

interface CctvCase {
  number: number;
  key: string;
  sig: string;
  msg: string;
  flags: string[] | null;
}
const cctv = readVectorJson('cctv-ed25519', 'ed25519vectors.json') as CctvCase[];

interface ZipFile {
  point_encodings: Array<{ index: number; encoding: string; order: number; canonical: boolean }>;
  cases: Array<{ vk_bytes: string; sig_bytes: string; valid_zip215: boolean }>;
}
const zip = readVectorJson('zip215', 'ed25519-zebra-small-order.json') as ZipFile;

/** The clamped secret scalar of an RFC 8032 seed (§5.1.5). */
function secretScalar(seed: Uint8Array): Uint8Array {
  const h = sha512(seed).slice(0, 32);
  h[0]! &= 248;
  h[31]! &= 127;
  h[31]! |= 64;
  return h;
}

describe('RFC 8032 §7.1 vectors', () => {
  it('has the five Ed25519 cases', () => {
    expect(rfc.ed25519.length).toBeGreaterThanOrEqual(5);
  });

  for (const c of rfc.ed25519) {
    it(`${c.name}: [s]B encodes to the public key, which round-trips, and the signature equation holds`, () => {
      const s = secretScalar(hex(c.secret_key));
      const pub = hex(c.public_key);
      expect(toHex(ed25519.scalarBaseMult(s).toBytes())).toBe(c.public_key);
      expect(toHex(ed25519.scalarBaseMultNonConst(s).toBytes())).toBe(c.public_key);
      expect(toHex(ed25519.scalarMult(s, Point.BASE).toBytes())).toBe(c.public_key);
      expect(toHex(ed25519.scalarMultNonConst(s, Point.BASE).toBytes())).toBe(c.public_key);
      const A = Point.fromBytes(pub, { zip215: false });
      expect(toHex(A.toBytes())).toBe(c.public_key);
      expect(A.isTorsionFree()).toBe(true);
      // Verification equation: R = [S]B − [k]A with k = SHA-512(R ‖ A ‖ M) mod ℓ.
      const sig = hex(c.signature);
      const R = Point.fromBytes(sig.subarray(0, 32), { zip215: false });
      const S = new Scalar25519();
      expect(S.trySetBytes(sig, 32)).toBe(true);
      const k = new Scalar25519().setWideBytes(sha512(new Uint8Array([...sig.subarray(0, 32), ...pub, ...hex(c.message)])));
      const check = ed25519.doubleScalarMultBaseNonConst(((t) => t.negate(t))(k.clone()), A, S);
      expect(check.equals(R)).toBe(true);
      expect(toHex(check.toBytes())).toBe(toHex(sig.subarray(0, 32)));
      // The nonce side: S = r + k·s, so [S]B = [r]B + [k·s]B.
      const sMod = Scalar25519.fromBytesReduced(s);
      const lhs = ed25519.scalarBaseMult(S);
      const rhs = new Point().add(R, ed25519.scalarBaseMult(new Scalar25519().mul(k, sMod)));
      expect(lhs.equals(rhs)).toBe(true);
      // A tampered signature scalar breaks the equation.
      const S2 = ((t) => t.add(t, new Scalar25519().setOne()))(S.clone());
      expect(ed25519.doubleScalarMultBaseNonConst(((t) => t.negate(t))(k.clone()), A, S2).equals(R)).toBe(false);
    });
  }
});

describe('ZIP-215 small-order encodings (ed25519-zebra)', () => {
  it('all 14 encodings decode in zip215 mode to points of the stated order', () => {
    expect(zip.point_encodings.length).toBe(14);
    for (const e of zip.point_encodings) {
      const p = Point.fromBytes(hex(e.encoding));
      expect(p.isOnCurve()).toBe(true);
      expect(p.isSmallOrder()).toBe(true);
      // order: smallest 2^j with [2^j]P = O.
      let order = 1;
      const q = p.clone();
      while (!q.isIdentity()) {
        q.double(q);
        order *= 2;
      }
      expect(order).toBe(e.order);
      // Same point as noble's zip215 decoder.
      expect(toHex(p.toBytes())).toBe(toHex(NP.fromBytes(hex(e.encoding), true).toBytes()));
      // Strict mode accepts exactly the canonical ones.
      expect(Point.tryFromBytes(hex(e.encoding), { zip215: false }) !== null).toBe(e.canonical);
      if (!e.canonical) {
        try {
          Point.fromBytes(hex(e.encoding), { zip215: false });
          expect.unreachable();
        } catch (err) {
          expect((err as StrataError).code).toBe(ErrorCode.NON_CANONICAL);
        }
      }
    }
  });

  it('every case key and R decode in zip215 mode, and the cofactored equation holds ([8]([S]B − [k]A − R) = O)', () => {
    expect(zip.cases.length).toBe(196);
    for (const c of zip.cases) {
      expect(c.valid_zip215).toBe(true);
      const A = Point.fromBytes(hex(c.vk_bytes));
      const sig = hex(c.sig_bytes);
      const R = Point.fromBytes(sig.subarray(0, 32));
      const S = new Scalar25519();
      expect(S.trySetBytes(sig, 32)).toBe(true);
      const k = new Scalar25519().setWideBytes(sha512(new Uint8Array([...sig.subarray(0, 32), ...hex(c.vk_bytes), ...hex('5a63617368')])));
      const v = ((p) => p.mulByCofactor(p))(((p) => p.sub(p, R))(ed25519.doubleScalarMultBaseNonConst(k.negate(k), A, S)));
      expect(v.isIdentity()).toBe(true);
    }
  });
});

describe('C2SP ed25519vectors (cctv)', () => {
  it('every A and R decodes in zip215 mode, and decodes strictly iff it is not flagged non-canonical', () => {
    expect(cctv.length).toBeGreaterThan(900);
    let nonCanonical = 0;
    for (const c of cctv) {
      const flags = c.flags ?? [];
      const key = hex(c.key);
      const R = hex(c.sig).subarray(0, 32);
      for (const [enc, flag] of [
        [key, 'non_canonical_A'],
        [R, 'non_canonical_R'],
      ] as const) {
        const z = Point.tryFromBytes(enc, { zip215: true });
        expect(z, `case ${c.number}`).not.toBe(null);
        const strict = Point.tryFromBytes(enc, { zip215: false });
        expect(strict === null, `case ${c.number} ${flag}`).toBe(flags.includes(flag));
        if (strict === null) {
          nonCanonical++;
          expect(() => Point.fromBytes(enc, { zip215: false })).toThrow(StrataError);
        }
        // Canonical re-encoding agrees with noble's zip215 decoding.
        expect(toHex(z!.toBytes())).toBe(toHex(NP.fromBytes(enc, true).toBytes()));
      }
      if (flags.includes('low_order_A')) expect(Point.fromBytes(key).isSmallOrder()).toBe(true);
      if (flags.includes('low_order_R')) expect(Point.fromBytes(R).isSmallOrder()).toBe(true);
    }
    expect(nonCanonical).toBeGreaterThan(0);
  });

  it('every signature satisfies the cofactored equation, k hashed from the given (or, for reencoded_k, the canonical) encodings', () => {
    let checked = 0;
    for (const c of cctv) {
      const key = hex(c.key);
      const sig = hex(c.sig);
      const A = Point.fromBytes(key);
      const R = Point.fromBytes(sig.subarray(0, 32));
      const S = new Scalar25519();
      expect(S.trySetBytes(sig, 32)).toBe(true);
      const msg = new TextEncoder().encode(c.msg);
      const reencoded = (c.flags ?? []).includes('reencoded_k');
      const rBytes = reencoded ? R.toBytes() : sig.subarray(0, 32);
      const aBytes = reencoded ? A.toBytes() : key;
      const kb = sha512(new Uint8Array([...rBytes, ...aBytes, ...msg]));
      const k = new Scalar25519().setWideBytes(kb);
      const v = ((p) => p.mulByCofactor(p))(((p) => p.sub(p, R))(ed25519.doubleScalarMultBaseNonConst(k.negate(k), A, S)));
      expect(v.isIdentity(), `case ${c.number}`).toBe(true);
      checked++;
    }
    expect(checked).toBe(cctv.length);
  });
});
