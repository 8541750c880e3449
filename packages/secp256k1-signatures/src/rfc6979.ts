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
 * HMAC [RFC2104] is written out here on the SHA-256 compression of
 * sha256.ts (which the BIP-340 tagged hashes use too): the DRBG's
 * messages have fixed shapes (V, or V ‖ tag ‖ 64 or 96 bytes), so HMAC is
 * pad states precomputed per key and one or two compressions per message
 * on Int32Array words, with no per-call allocation; through @noble/hashes
 * the same 16 compressions cost about twice as long (DataView reads,
 * state copies through hash objects). SHA-256 runs in time independent of
 * the bytes it hashes; the test checks every candidate against
 * @noble/hashes' HMAC. The state and scratch are wiped after use.
 *
 * References:
 * - [RFC6979] T. Pornin, "Deterministic Usage of the DSA and ECDSA", §3.2, §3.6.
 * - [LIBSECP] bitcoin-core/secp256k1 `nonce_function_rfc6979`, `rfc6979_hmac_sha256_*`.
 * - [RFC2104] H. Krawczyk, M. Bellare, R. Canetti, "HMAC" (the inner and outer pads).
 * - [FIPS180-4] NIST, "Secure Hash Standard", §4.1.2, §4.2.2, §5.1.1, §5.3.3, §6.2.2 (SHA-256).
 */
import { IV, compress, stateToBytes, wipeScratch } from './sha256.js';

// Scratch shared by every generator (used within one call; wiped by it).
const st = new Int32Array(8);
const block = new Uint8Array(192); //   a message after the key block: ≤ 32 + 1 + 96 bytes, padded
const inner = new Uint8Array(32);

/**
 * Finishes a SHA-256 whose first 64-byte block (an HMAC pad) is already in
 * `state`: hashes the `len` message bytes at block[0…], padded in place
 * ([FIPS180-4] §5.1.1, the length counting the pad block), and writes the
 * 32-byte digest into `out`.
 */
function finish(state: Int32Array, len: number, out: Uint8Array): void {
  const blocks = (len + 9 + 63) >>> 6;
  const end = blocks << 6;
  block[len] = 0x80;
  block.fill(0, len + 1, end - 4);
  const bits = (64 + len) * 8; //   < 2³²
  block[end - 4] = bits >>> 24;
  block[end - 3] = (bits >>> 16) & 0xff;
  block[end - 2] = (bits >>> 8) & 0xff;
  block[end - 1] = bits & 0xff;
  for (let i = 0; i < blocks; i++) compress(state, block, i << 6);
  stateToBytes(state, out);
}

/** Sets `out` to SHA-256's state after the block (key ‖ 0³²) ⊕ `xor`: an HMAC pad state [RFC2104]. */
function padState(key: Uint8Array, xor: number, out: Int32Array): Int32Array {
  block.fill(xor, 0, 64);
  for (let i = 0; i < key.length; i++) block[i] = key[i]! ^ xor;
  out.set(IV);
  compress(out, block, 0);
  block.fill(0, 0, 64);
  return out;
}

const ZERO_KEY = new Uint8Array(32);
/** The inner and outer states of HMAC under the all-zero key, step c's K (the same for every seed). */
const I0 = padState(ZERO_KEY, 0x36, new Int32Array(8));
const O0 = padState(ZERO_KEY, 0x5c, new Int32Array(8));
const EMPTY = new Uint8Array(0);

/**
 * An HMAC-SHA-256 DRBG seeded per RFC 6979 §3.2 steps b–g. Each key K is
 * set up once (its inner and outer pad blocks compressed into `ki`, `ko`;
 * the all-zero key of step c once per module), and every MAC under it
 * starts from copies of those states, so a MAC of V costs two SHA-256
 * compressions and one of V ‖ tag ‖ 64-byte seed three. A signature's
 * first candidate costs 16 compressions in all, and no allocation once
 * the generator exists ({@link reseed} reuses it).
 */
export class Rfc6979 {
  private readonly k = new Uint8Array(32);
  private readonly v = new Uint8Array(32);
  private readonly ki = new Int32Array(8);
  private readonly ko = new Int32Array(8);
  private retry = false;

  /** Seeds the generator with `seed` (key material: x ‖ bits2octets(h) ‖ extra?). */
  constructor(seed: Uint8Array) {
    this.reseed(seed);
  }

  /** Seeds the generator again (steps b–g), as a new one would be. */
  reseed(seed: Uint8Array): void {
    this.v.fill(0x01); //                                     b
    this.k.fill(0x00); //                                     c
    this.ki.set(I0);
    this.ko.set(O0);
    this.retry = false;
    this.rekey(0x00, seed); //                                d, e
    this.rekey(0x01, seed); //                                f, g
  }

  /** Writes HMAC_K(V [‖ tag ‖ data]) into `out` (32 bytes; may be V): tag < 0 for V alone. */
  private mac(tag: number, data: Uint8Array, out: Uint8Array): void {
    block.set(this.v, 0);
    let len = 32;
    if (tag >= 0) {
      block[32] = tag;
      block.set(data, 33);
      len = 33 + data.length;
    }
    st.set(this.ki);
    finish(st, len, inner); //                                 inner hash
    block.set(inner, 0);
    st.set(this.ko);
    finish(st, 32, out); //                                    outer hash
    inner.fill(0);
    block.fill(0);
    st.fill(0);
    wipeScratch();
  }

  /** K = HMAC_K(V ‖ tag ‖ data); V = HMAC_K(V) under the new K. */
  private rekey(tag: number, data: Uint8Array): void {
    this.mac(tag, data, this.k);
    padState(this.k, 0x36, this.ki);
    padState(this.k, 0x5c, this.ko);
    this.mac(-1, EMPTY, this.v);
  }

  /** Writes the next 32-byte candidate into `out` and returns it. */
  next(out: Uint8Array): Uint8Array {
    if (this.retry) this.rekey(0x00, EMPTY); // K = HMAC_K(V ‖ 0x00); V = HMAC_K(V)
    this.retry = true;
    this.mac(-1, EMPTY, this.v);
    out.set(this.v);
    return out;
  }

  /** Wipes the state. */
  wipe(): void {
    this.k.fill(0);
    this.v.fill(0);
    this.ki.fill(0);
    this.ko.fill(0);
  }
}
