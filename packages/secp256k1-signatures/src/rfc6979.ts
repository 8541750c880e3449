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
 * SHA-256 is @noble/hashes' (its public `create`, `update`, `digestInto` and
 * `_cloneInto`); HMAC [RFC2104] is built here on its states so that no key
 * is set up twice and nothing is allocated per MAC. SHA-256 runs in time
 * independent of the bytes it hashes. The state is wiped when the
 * generator is done.
 *
 * References:
 * - [RFC6979] T. Pornin, "Deterministic Usage of the DSA and ECDSA", §3.2, §3.6.
 * - [LIBSECP] bitcoin-core/secp256k1 `nonce_function_rfc6979`, `rfc6979_hmac_sha256_*`.
 * - [RFC2104] H. Krawczyk, M. Bellare, R. Canetti, "HMAC" (the inner and outer pads).
 */
import { sha256 } from '@noble/hashes/sha2.js';

type Sha256 = ReturnType<typeof sha256.create>;

// Scratch shared by every generator (used within one method call; wiped by it).
const pad = new Uint8Array(64);
const inner = new Uint8Array(32);
const work: Sha256 = sha256.create();
/** SHA-256 in its initial state, never updated: `IV._cloneInto(h)` resets h without allocating. */
const IV: Sha256 = sha256.create();
const ZERO_KEY = new Uint8Array(32);
/** The inner and outer states of HMAC under the all-zero key, step c's K (the same for every seed). */
const I0: Sha256 = keyed(ZERO_KEY, 0x36, sha256.create());
const O0: Sha256 = keyed(ZERO_KEY, 0x5c, sha256.create());
const TAG0 = Uint8Array.of(0x00);
const TAG1 = Uint8Array.of(0x01);
const EMPTY = new Uint8Array(0);

/** Sets h to SHA-256 after the block (key ‖ 0³²) ⊕ `xor` (an HMAC pad state) and returns h. */
function keyed(key: Uint8Array, xor: number, h: Sha256): Sha256 {
  pad.fill(0);
  pad.set(key, 0);
  for (let i = 0; i < 64; i++) pad[i] = pad[i]! ^ xor;
  IV._cloneInto(h).update(pad);
  pad.fill(0);
  return h;
}

/**
 * An HMAC-SHA-256 DRBG seeded per RFC 6979 §3.2 steps b–g. HMAC is computed
 * from SHA-256 states: each key K is set up once (its inner and outer pad
 * blocks hashed into `ki`, `ko`, one compression each; the all-zero key of
 * step c once per module), and every MAC under it starts from copies of
 * those states (`_cloneInto`, no allocation), so a MAC of V costs two
 * compressions and one of V ‖ tag ‖ 64-byte seed three. A signature's
 * first candidate costs 16 SHA-256 compressions in all, and no allocation
 * once the generator exists ({@link reseed} reuses it).
 */
export class Rfc6979 {
  private readonly k = new Uint8Array(32);
  private readonly v = new Uint8Array(32);
  private readonly ki: Sha256 = sha256.create();
  private readonly ko: Sha256 = sha256.create();
  private retry = false;

  /** Seeds the generator with `seed` (key material: x ‖ bits2octets(h) ‖ extra?). */
  constructor(seed: Uint8Array) {
    this.reseed(seed);
  }

  /** Seeds the generator again (steps b–g), as a new one would be. */
  reseed(seed: Uint8Array): void {
    this.v.fill(0x01); //                                     b
    this.k.fill(0x00); //                                     c
    I0._cloneInto(this.ki);
    O0._cloneInto(this.ko);
    this.retry = false;
    this.rekey(TAG0, seed); //                                d, e
    this.rekey(TAG1, seed); //                                f, g
  }

  /** Writes HMAC_K(a ‖ b ‖ c) into `out` (32 bytes; may be `a`). */
  private mac(a: Uint8Array, b: Uint8Array, c: Uint8Array, out: Uint8Array): void {
    this.ki._cloneInto(work).update(a).update(b).update(c).digestInto(inner);
    this.ko._cloneInto(work).update(inner).digestInto(out);
    inner.fill(0);
  }

  /** K = HMAC_K(V ‖ tag ‖ data); V = HMAC_K(V) under the new K. */
  private rekey(tag: Uint8Array, data: Uint8Array): void {
    this.mac(this.v, tag, data, this.k);
    keyed(this.k, 0x36, this.ki);
    keyed(this.k, 0x5c, this.ko);
    this.mac(this.v, EMPTY, EMPTY, this.v);
  }

  /** Writes the next 32-byte candidate into `out` and returns it. */
  next(out: Uint8Array): Uint8Array {
    if (this.retry) this.rekey(TAG0, EMPTY); // K = HMAC_K(V ‖ 0x00); V = HMAC_K(V)
    this.retry = true;
    this.mac(this.v, EMPTY, EMPTY, this.v);
    out.set(this.v);
    return out;
  }

  /** Wipes the state (and the shared scratch hash). */
  wipe(): void {
    this.k.fill(0);
    this.v.fill(0);
    this.ki.destroy();
    this.ko.destroy();
    work.destroy();
  }
}
