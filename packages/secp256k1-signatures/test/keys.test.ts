/**
 * Public keys: dcrd's ParsePubKey table (../shared/vectors/dcrd-secp256k1/
 * pubkey_test.json, every case) through `ecdsa.verify` and
 * `ecdsa.recoverPublicKey`. A key dcrd accepts in compressed or uncompressed
 * form verifies a signature made for it; a key dcrd refuses, and the hybrid
 * forms (0x06/0x07) dcrd accepts but libsecp256k1-based Bitcoin libraries
 * (tiny-secp256k1, noble-curves) do not, make `verify` return false.
 *
 * A signature for a key with no known secret: for random u₁, u₂ ≠ 0,
 * R = u₁·G + u₂·Q, r = R.x mod n, s = r/u₂ and e = u₁·s make (r, s) valid for
 * the hash e (SEC1 §4.1.4 run backwards; computed with noble-curves).
 */
import { describe, expect, it } from 'vitest';
import { secp256k1 as noble } from '@noble/curves/secp256k1.js';
import { hex, readVectorJson, toHex } from '@strata/testkit';
import { getPublicKey } from '../src/index.js';
import * as ecdsa from '../src/ecdsa-api.js';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const mod = (a: bigint) => ((a % N) + N) % N;
function inv(a: bigint): bigint {
  let [r0, r1, t0, t1] = [N, mod(a), 0n, 1n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1, t0, t1] = [r1, r0 - q * r1, t1, t0 - q * t1];
  }
  return mod(t0);
}
const b32 = (v: bigint) => hex(v.toString(16).padStart(64, '0'));

/** A valid (signature, hash) for the public key Q (affine x, y as hex), with no secret. */
function keyOnlySignature(x: string, y: string, u1: bigint, u2: bigint): { sig: Uint8Array; hash: Uint8Array } {
  const Q = noble.Point.fromAffine({ x: BigInt('0x' + x), y: BigInt('0x' + y) });
  const R = noble.Point.BASE.multiply(u1).add(Q.multiply(u2)).toAffine();
  const r = mod(R.x);
  const s = mod(r * inv(u2));
  const e = mod(u1 * s);
  const sig = new Uint8Array(64);
  sig.set(b32(r), 0);
  sig.set(b32(s), 32);
  return { sig, hash: b32(e) };
}

interface ParseCase { name: string; key: string; err?: string | null; wantX?: string; wantY?: string }
const parse = readVectorJson<{ tests: { test: string; cases: ParseCase[] }[] }>('dcrd-secp256k1', 'pubkey_test.json').tests.find((t) => t.test === 'TestParsePubKey')!.cases;

describe('dcrd TestParsePubKey, every case', () => {
  it('has the table', () => expect(parse.length).toBe(29));

  it.each(parse.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const key = hex(c.key);
    const hybrid = key.length === 65 && (key[0] === 0x06 || key[0] === 0x07);
    if (c.err === null || c.err === undefined) {
      const { sig, hash } = keyOnlySignature(c.wantX!, c.wantY!, 0x1234567n, 0xabcdef0123n);
      // dcrd accepts it; so do we unless it is hybrid.
      expect(ecdsa.verify(sig, hash, key, { lowS: false })).toBe(!hybrid);
      // The same key in the two encodings this package accepts.
      const comp = hex((BigInt('0x' + c.wantY!) & 1n ? '03' : '02') + c.wantX!);
      const uncomp = hex('04' + c.wantX! + c.wantY!);
      expect(ecdsa.verify(sig, hash, comp, { lowS: false })).toBe(true);
      expect(ecdsa.verify(sig, hash, uncomp, { lowS: false })).toBe(true);
      // Recovery finds it: one of the four ids gives the compressed encoding.
      const found = [0, 1, 2, 3].map((id) => {
        try {
          return toHex(ecdsa.recoverPublicKey(sig, id, hash));
        } catch {
          return null;
        }
      });
      expect(found).toContain(toHex(comp));
    } else {
      // Refused by dcrd: verify is false for any signature, and never throws.
      const { sig, hash } = keyOnlySignature('79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798', '483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8', 5n, 7n);
      expect(ecdsa.verify(sig, hash, key, { lowS: false })).toBe(false);
    }
  });
});

describe('the key-only signature construction', () => {
  it('gives signatures that verify for a key with a known secret, and not for another key', () => {
    const d = b32(0x5eed5eed5eed5eed5eedn);
    const pk = getPublicKey(d, { compressed: false });
    const { sig, hash } = keyOnlySignature(toHex(pk.subarray(1, 33)), toHex(pk.subarray(33)), 99n, 101n);
    expect(ecdsa.verify(sig, hash, pk, { lowS: false })).toBe(true);
    expect(ecdsa.verify(sig, hash, getPublicKey(b32(0x5eed5eed5eed5eed5eeen)), { lowS: false })).toBe(false);
  });
});
