/// <reference path="../../../../vitest.browser.env.d.ts" />
/**
 * @strata/curves in headless Chromium: secp256k1 scalar multiplication
 * against a BigInt affine reference and dcrd's public-key parsing table;
 * ed25519 public keys of the RFC 8032 vectors (SHA-512 from the browser's
 * own WebCrypto) with encode/decode; the generic Edwards code on Jubjub
 * (zkcrypto's serialization KAT) and BabyJubjub (BigInt reference); and the
 * README example run as it stands in the README.
 */
import { describe, expect, it } from 'vitest';
import { bigFromBytesBE, bigToBytesBE, hex, readVectorJson, toHex } from 'virtual:strata/testkit';
import * as readme from 'virtual:strata/readme/curves';
import { ModNScalar, Scalar25519 } from '@strata/field';
import { StrataError } from '@strata/curves';
import * as secp256k1 from '@strata/curves/secp256k1';
import * as ed25519 from '@strata/curves/ed25519';
import { jubjub, babyJubjub, PointAffine, PointExtended, scalarMultNonConst, scalarMult, scalarBaseMultNonConst } from '@strata/curves/edwards';

const mod = (a: bigint, m: bigint) => ((a % m) + m) % m;
function modPow(b: bigint, e: bigint, m: bigint): bigint {
  let r = 1n;
  b = mod(b, m);
  while (e > 0n) {
    if (e & 1n) r = (r * b) % m;
    b = (b * b) % m;
    e >>= 1n;
  }
  return r;
}
const inv = (a: bigint, m: bigint) => modPow(a, m - 2n, m);

const SCALARS = [1n, 2n, 3n, 7n, 0xdeadbeefn, (1n << 128n) + 99n, 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140n];

describe('secp256k1 in the browser', () => {
  const P = 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn;
  type Aff = { x: bigint; y: bigint } | null;
  const G: Aff = {
    x: 0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798n,
    y: 0x483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8n,
  };
  function add(a: Aff, b: Aff): Aff {
    if (a === null) return b;
    if (b === null) return a;
    if (a.x === b.x && mod(a.y + b.y, P) === 0n) return null;
    const l = a.x === b.x ? mod(3n * a.x * a.x * inv(2n * a.y, P), P) : mod((b.y - a.y) * inv(b.x - a.x, P), P);
    const x = mod(l * l - a.x - b.x, P);
    return { x, y: mod(l * (a.x - x) - a.y, P) };
  }
  function mul(k: bigint, p: Aff): Aff {
    let r: Aff = null;
    for (let i = BigInt(k.toString(2).length - 1); i >= 0n; i--) {
      r = add(r, r);
      if ((k >> i) & 1n) r = add(r, p);
    }
    return r;
  }
  const scalar = (k: bigint) => {
    const s = new ModNScalar();
    s.setBytesReduced(bigToBytesBE(k, 32));
    return s;
  };

  it('scalar base multiplication, variable- and constant-time, against BigInt', () => {
    for (const k of SCALARS) {
      const want = mul(k, G)!;
      const wantBytes = '04' + toHex(bigToBytesBE(want.x, 32)) + toHex(bigToBytesBE(want.y, 32));
      expect(toHex(secp256k1.pointToBytesUncompressed(secp256k1.scalarBaseMultNonConst(scalar(k))))).toBe(wantBytes);
      expect(toHex(secp256k1.pointToBytesUncompressed(secp256k1.scalarBaseMult(scalar(k))))).toBe(wantBytes);
    }
  });

  it('scalar multiplication of a parsed key, and compressed round trip', () => {
    const Q = mul(0x1234567n, G)!;
    const enc = hex('04' + toHex(bigToBytesBE(Q.x, 32)) + toHex(bigToBytesBE(Q.y, 32)));
    const q = secp256k1.pointFromBytes(enc);
    for (const k of SCALARS) {
      const want = mul(k, Q)!;
      const got = secp256k1.pointToBytes(secp256k1.scalarMultNonConst(scalar(k), q));
      expect(got[0]).toBe(want.y & 1n ? 3 : 2);
      expect(bigFromBytesBE(got.subarray(1))).toBe(want.x);
      expect(secp256k1.pointFromBytes(got).equals(secp256k1.scalarMult(scalar(k), q))).toBe(true);
    }
  });

  it("dcrd's TestParsePubKey table from the shared vectors", async () => {
    const file = await readVectorJson<{ tests: Array<{ test: string; cases: Array<Record<string, string | null>> }> }>(
      'dcrd-secp256k1',
      'pubkey_test.json',
    );
    const table = file.tests.find((t) => t.test === 'TestParsePubKey');
    expect(table).toBeDefined();
    let ok = 0;
    let bad = 0;
    for (const c of table!.cases) {
      const name = String(c['name']);
      if (c['err'] === null) {
        const p = secp256k1.pointFromBytes(hex(c['key']!));
        const u = secp256k1.pointToBytesUncompressed(p);
        expect(toHex(u.subarray(1, 33)), name).toBe(c['wantX']!.padStart(64, '0'));
        expect(toHex(u.subarray(33)), name).toBe(c['wantY']!.padStart(64, '0'));
        ok++;
      } else {
        expect(() => secp256k1.pointFromBytes(hex(c['key']!)), name).toThrow(StrataError);
        bad++;
      }
    }
    expect(ok).toBeGreaterThan(0);
    expect(bad).toBeGreaterThan(0);
  });
});

describe('ed25519 in the browser', () => {
  it('RFC 8032 §7.1 public keys: [clamp(SHA-512(seed))]B, encoded, decoded', async () => {
    const j = await readVectorJson<{ ed25519: Array<Record<string, string>> }>('rfc8032', 'rfc8032-section7.json');
    expect(j.ed25519.length).toBe(5);
    for (const v of j.ed25519) {
      const h = new Uint8Array(await crypto.subtle.digest('SHA-512', hex(v['secret_key']!)));
      const a = h.slice(0, 32);
      a[0]! &= 248;
      a[31]! &= 127;
      a[31]! |= 64;
      const k = Scalar25519.fromBytesReduced(a);
      const A = ed25519.scalarBaseMultNonConst(k);
      expect(toHex(A.toBytes()), v['name']).toBe(v['public_key']);
      expect(toHex(ed25519.scalarBaseMult(k).toBytes()), v['name']).toBe(v['public_key']);
      const decoded = ed25519.Point.fromBytes(hex(v['public_key']!));
      expect(decoded.equals(A)).toBe(true);
      expect(ed25519.scalarMultNonConst(k, ed25519.Point.generator()).equals(A)).toBe(true);
    }
  });

  it('bad encodings throw StrataError; tryFromBytes returns null', () => {
    const notOnCurve = hex('02' + '00'.repeat(31));
    expect(() => ed25519.Point.fromBytes(notOnCurve)).toThrow(StrataError);
    expect(ed25519.Point.tryFromBytes(notOnCurve)).toBeNull();
  });
});

describe('generic twisted Edwards curves in the browser', () => {
  it("Jubjub: zkcrypto's serialization KAT, [8k]·FULL_GENERATOR encoded and decoded", async () => {
    const kat = await readVectorJson<{
      FULL_GENERATOR: { u: string; v: string };
      serialization_consistency: Array<{ k: number; u: string; v: string; encoding_hex: string }>;
    }>('twisted-edwards', 'jubjub-zkcrypto-kat.json');
    const full = PointAffine.fromXY(jubjub, BigInt(kat.FULL_GENERATOR.u), BigInt(kat.FULL_GENERATOR.v));
    expect(kat.serialization_consistency.length).toBeGreaterThan(0);
    for (const c of kat.serialization_consistency) {
      const P = scalarMultNonConst(8n * BigInt(c.k), new PointExtended(jubjub).setAffine(full));
      const a = P.toAffine();
      expect(a.toBigInts()).toEqual({ x: BigInt(c.u), y: BigInt(c.v) });
      expect(toHex(a.toBytes())).toBe(c.encoding_hex);
      expect(PointAffine.fromBytes(jubjub, hex(c.encoding_hex)).toExtended().equals(P)).toBe(true);
      expect(scalarMult(8n * BigInt(c.k), new PointExtended(jubjub).setAffine(full)).equals(P)).toBe(true);
    }
  });

  it('BabyJubjub: scalar multiplication against the BigInt affine group law', () => {
    const c = babyJubjub;
    const p = c.F.p;
    type Pt = { x: bigint; y: bigint };
    const add = (a: Pt, b: Pt): Pt => {
      const t = mod(c.d * a.x * b.x * a.y * b.y, p);
      return {
        x: mod((a.x * b.y + a.y * b.x) * inv(1n + t, p), p),
        y: mod((a.y * b.y - c.a * a.x * b.x) * inv(1n - t, p), p),
      };
    };
    const mul = (k: bigint, P: Pt): Pt => {
      let r: Pt = { x: 0n, y: 1n };
      for (let i = BigInt(k.toString(2).length - 1); i >= 0n; i--) {
        r = add(r, r);
        if ((k >> i) & 1n) r = add(r, P);
      }
      return r;
    };
    for (const k of SCALARS) {
      const want = mul(k, c.generator);
      const got = scalarBaseMultNonConst(c, k).toAffine();
      expect(got.toBigInts()).toEqual(want);
      const back = PointAffine.fromBytes(c, got.toBytes());
      expect(back.toBigInts()).toEqual(want);
    }
  });
});

describe('README example in the browser', () => {
  it('runs as written and prints what the README shows', async () => {
    expect(readme.expected.length).toBeGreaterThan(0);
    expect(await readme.printed()).toEqual(readme.expected);
  });
});
