/**
 * Deterministic ECDSA nonces: RFC 6979 §3.2 with HMAC-SHA-256, keyed as
 * libsecp256k1's `secp256k1_nonce_function_rfc6979` keys it, so that
 * signatures equal libsecp256k1's (and tiny-secp256k1's) byte for byte:
 *
 *   key material = x ‖ bits2octets(h) [‖ extraEntropy]
 *
 * x the 32-byte secret key, bits2octets(h) = (h mod n) as 32 bytes, and the
 * optional 32 bytes of extra entropy appended (libsecp256k1's `ndata`,
 * tiny-secp256k1's `sign(h, d, e)`: RFC 6979 §3.6's "additional data" k').
 * Each further candidate (a k of 0 or ≥ n, or a signature with r = 0 or
 * s = 0) comes from the same HMAC-DRBG: K = HMAC_K(V ‖ 0x00), V = HMAC_K(V),
 * then V = HMAC_K(V) again (§3.2 step h.3).
 *
 * HMAC-SHA-256 is @noble/hashes'; SHA-256 runs in time independent of the
 * bytes it hashes. The state is wiped when the generator is done.
 *
 * References:
 * - [RFC6979] T. Pornin, "Deterministic Usage of the DSA and ECDSA", §3.2, §3.6.
 * - [LIBSECP] bitcoin-core/secp256k1 `nonce_function_rfc6979`, `rfc6979_hmac_sha256_*`.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';

/** An HMAC-SHA-256 DRBG seeded per RFC 6979 §3.2 steps b–g. */
export class Rfc6979 {
  private readonly k = new Uint8Array(32);
  private readonly v = new Uint8Array(32);
  private readonly buf: Uint8Array;
  private retry = false;

  /** Seeds the generator with `seed` (key material: x ‖ bits2octets(h) ‖ extra?). */
  constructor(seed: Uint8Array) {
    this.buf = new Uint8Array(33 + seed.length);
    this.v.fill(0x01);
    this.k.fill(0x00);
    this.update(0x00, seed);
    this.update(0x01, seed);
  }

  private mac(data: Uint8Array): Uint8Array {
    return hmac(sha256, this.k, data);
  }

  /** K = HMAC_K(V ‖ tag ‖ seed); V = HMAC_K(V). */
  private update(tag: number, seed: Uint8Array): void {
    this.buf.set(this.v, 0);
    this.buf[32] = tag;
    this.buf.set(seed, 33);
    const k = this.mac(this.buf);
    this.k.set(k);
    k.fill(0);
    this.buf.fill(0);
    const v = this.mac(this.v);
    this.v.set(v);
    v.fill(0);
  }

  /** Writes the next 32-byte candidate into `out` and returns it. */
  next(out: Uint8Array): Uint8Array {
    if (this.retry) {
      const t = new Uint8Array(33);
      t.set(this.v, 0);
      t[32] = 0x00;
      const k = this.mac(t);
      this.k.set(k);
      k.fill(0);
      const v = this.mac(this.v);
      this.v.set(v);
      v.fill(0);
    }
    this.retry = true;
    const v = this.mac(this.v);
    this.v.set(v);
    v.fill(0);
    out.set(this.v);
    return out;
  }

  /** Wipes the state. */
  wipe(): void {
    this.k.fill(0);
    this.v.fill(0);
  }
}
