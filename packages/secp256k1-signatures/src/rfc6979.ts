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

type Hmac = ReturnType<typeof hmac.create>;

/**
 * An HMAC-SHA-256 DRBG seeded per RFC 6979 §3.2 steps b–g. Each key K is
 * set up once (its inner and outer pads hashed into `keyed`); every MAC
 * under that key starts from a clone of it, so the two MACs that share a
 * key (K = HMAC_K(V ‖ tag ‖ …), then V = HMAC_K(V)) pay for one key setup.
 */
export class Rfc6979 {
  private readonly k = new Uint8Array(32);
  private readonly v = new Uint8Array(32);
  private readonly buf: Uint8Array;
  private keyed: Hmac;
  private retry = false;

  /** Seeds the generator with `seed` (key material: x ‖ bits2octets(h) ‖ extra?). */
  constructor(seed: Uint8Array) {
    this.buf = new Uint8Array(33 + seed.length);
    this.v.fill(0x01);
    this.k.fill(0x00);
    this.keyed = hmac.create(sha256, this.k);
    this.rekey(0x00, seed);
    this.rekey(0x01, seed);
  }

  /** Writes HMAC_K(data) into `out` (32 bytes). */
  private mac(data: Uint8Array, out: Uint8Array): void {
    const h = this.keyed.clone();
    h.update(data);
    h.digestInto(out);
    h.destroy();
  }

  /** K = HMAC_K(V ‖ tag ‖ data); V = HMAC_K(V) under the new K. */
  private rekey(tag: number, data: Uint8Array): void {
    const n = 33 + data.length;
    this.buf.set(this.v, 0);
    this.buf[32] = tag;
    this.buf.set(data, 33);
    this.mac(this.buf.subarray(0, n), this.k);
    this.buf.fill(0);
    this.keyed.destroy();
    this.keyed = hmac.create(sha256, this.k);
    this.mac(this.v, this.v);
  }

  /** Writes the next 32-byte candidate into `out` and returns it. */
  next(out: Uint8Array): Uint8Array {
    if (this.retry) this.rekey(0x00, EMPTY); // K = HMAC_K(V ‖ 0x00); V = HMAC_K(V)
    this.retry = true;
    this.mac(this.v, this.v);
    out.set(this.v);
    return out;
  }

  /** Wipes the state. */
  wipe(): void {
    this.k.fill(0);
    this.v.fill(0);
    this.keyed.destroy();
  }
}

const EMPTY = new Uint8Array(0);
