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
 * HMAC [RFC2104] and the SHA-256 compression [FIPS180-4] are written out
 * here (the rest of the package hashes with @noble/hashes): the DRBG's
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
/** SHA-256's round constants [FIPS180-4] §4.2.2. */
const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
/** SHA-256's initial hash value [FIPS180-4] §5.3.3. */
const IV = Int32Array.from([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);

// Scratch shared by every generator (used within one call; wiped by it).
const W = new Int32Array(64);
const st = new Int32Array(8);
const block = new Uint8Array(192); //   a message after the key block: ≤ 32 + 1 + 96 bytes, padded
const inner = new Uint8Array(32);

/** The SHA-256 compression function [FIPS180-4] §6.2.2: state ← compress(state, b[off … off + 64)). */
function compress(state: Int32Array, b: Uint8Array, off: number): void {
  for (let i = 0; i < 16; i++, off += 4) W[i] = (b[off]! << 24) | (b[off + 1]! << 16) | (b[off + 2]! << 8) | b[off + 3]!;
  for (let i = 16; i < 64; i++) {
    const w15 = W[i - 15]!, w2 = W[i - 2]!;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[i] = (s1 + W[i - 7]! + s0 + W[i - 16]!) | 0;
  }
  let a = state[0]!, b1 = state[1]!, c = state[2]!, d = state[3]!, e = state[4]!, f = state[5]!, g = state[6]!, h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b1) ^ (a & c) ^ (b1 & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b1;
    b1 = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b1) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

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
  for (let i = 0; i < 8; i++) {
    const v = state[i]!;
    out[4 * i] = v >>> 24;
    out[4 * i + 1] = (v >>> 16) & 0xff;
    out[4 * i + 2] = (v >>> 8) & 0xff;
    out[4 * i + 3] = v & 0xff;
  }
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
    W.fill(0);
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
