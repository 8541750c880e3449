/**
 * The RFC 6979 HMAC-DRBG against the steps of RFC 6979 §3.2 written out
 * directly here (one fresh HMAC per step), including the retry path of step
 * h.3 (K = HMAC_K(V ‖ 0x00), V = HMAC_K(V)) that signing reaches only with
 * probability < 2⁻¹²⁷, for seeds of both lengths signing uses (x ‖ h, and
 * x ‖ h ‖ extra entropy).
 */
import { describe, expect, it } from 'vitest';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { Rfc6979 } from '../src/rfc6979.js';

const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

/** The first `count` candidates of RFC 6979 §3.2 steps b–h for `seed`. */
function reference(seed: Uint8Array, count: number): Uint8Array[] {
  let V = new Uint8Array(32).fill(1); //                        b
  let K = new Uint8Array(32); //                                 c
  K = hmac(sha256, K, concat(V, Uint8Array.of(0), seed)); //     d
  V = hmac(sha256, K, V); //                                     e
  K = hmac(sha256, K, concat(V, Uint8Array.of(1), seed)); //     f
  V = hmac(sha256, K, V); //                                     g
  const out: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 0) {
      K = hmac(sha256, K, concat(V, Uint8Array.of(0))); //        h.3
      V = hmac(sha256, K, V);
    }
    V = hmac(sha256, K, V); //                                   h.2
    out.push(V);
  }
  return out;
}

describe('Rfc6979 (the HMAC-DRBG of ECDSA signing)', () => {
  it.each([64, 96])('gives the candidates of RFC 6979 §3.2, retries included (seed of %i bytes)', (len) => {
    for (let trial = 0; trial < 8; trial++) {
      const seed = new Uint8Array(len);
      for (let i = 0; i < len; i++) seed[i] = (i * 37 + trial * 101 + 5) & 0xff;
      const want = reference(seed, 4);
      const drbg = new Rfc6979(seed);
      const got = want.map(() => drbg.next(new Uint8Array(32)).slice());
      expect(got).toEqual(want);
      drbg.wipe();
    }
  });

  it('does not read the seed after construction (the caller wipes it)', () => {
    const seed = new Uint8Array(64).fill(3);
    const want = reference(seed, 2);
    const drbg = new Rfc6979(seed);
    seed.fill(0);
    expect([drbg.next(new Uint8Array(32)).slice(), drbg.next(new Uint8Array(32)).slice()]).toEqual(want);
  });
});
