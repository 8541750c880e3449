/**
 * SHA-256 [FIPS180-4] on Int32Array words: the compression function, which
 * RFC 6979's HMAC-DRBG (rfc6979.ts) drives on precomputed pad states, and a
 * streaming hash over it ({@link Sha256}) for the BIP-340 tagged hashes
 * (schnorr.ts), whose 64-byte tag prefix is one block: a copy of its state
 * starts every hash under the tag. Written out here rather than taken from
 * @noble/hashes: the compression on Int32Array words with no per-call
 * allocation is about twice as fast as a hash object's (rfc6979.ts), and a
 * bundle that signs carries one SHA-256, not two. Runs in time independent
 * of the bytes it hashes (the length is public).
 *
 * References:
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
export const IV = Int32Array.from([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);

/** The message schedule (scratch of {@link compress}; {@link wipeScratch} clears it). */
const W = new Int32Array(64);

/** The SHA-256 compression function [FIPS180-4] §6.2.2: state ← compress(state, b[off … off + 64)). */
export function compress(state: Int32Array, b: Uint8Array, off: number): void {
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


/** Clears the message schedule of the last compression (which holds words of its block). */
export function wipeScratch(): void {
  W.fill(0);
}

/**
 * A SHA-256 computation: {@link update} with the message in any number of
 * parts, then {@link digestInto}, which spends it ({@link reset} or
 * {@link copy} before hashing again). No allocation after construction.
 */
export class Sha256 {
  /** The chaining state after the whole blocks hashed so far. */
  private readonly state = Int32Array.from(IV);
  /** The bytes of the current partial block. */
  private readonly buf = new Uint8Array(64);
  /** Bytes in {@link buf}. */
  private fill = 0;
  /** Bytes hashed in all (< 2^53). */
  private length = 0;

  /** Sets this to the empty message and returns this. */
  reset(): this {
    this.state.set(IV);
    this.fill = 0;
    this.length = 0;
    return this;
  }

  /** Sets this to a copy of h (its state, partial block and length) and returns this. */
  copy(h: Sha256): this {
    this.state.set(h.state);
    this.buf.set(h.buf);
    this.fill = h.fill;
    this.length = h.length;
    return this;
  }

  /** Hashes the bytes of b after those hashed so far and returns this. */
  update(b: Uint8Array): this {
    const n = b.length;
    const buf = this.buf;
    let i = 0;
    this.length += n;
    if (this.fill > 0) {
      while (this.fill < 64 && i < n) buf[this.fill++] = b[i++]!;
      if (this.fill < 64) return this;
      compress(this.state, buf, 0);
      this.fill = 0;
    }
    for (; i + 64 <= n; i += 64) compress(this.state, b, i);
    while (i < n) buf[this.fill++] = b[i++]!;
    return this;
  }

  /**
   * Pads the message ([FIPS180-4] §5.1.1: 0x80, zeros, the 64-bit big-endian
   * bit length), writes the 32-byte digest into out and returns out. Clears
   * the partial block and the compression's schedule.
   */
  digestInto(out: Uint8Array): Uint8Array {
    const buf = this.buf;
    let f = this.fill;
    buf[f++] = 0x80;
    if (f > 56) {
      buf.fill(0, f, 64);
      compress(this.state, buf, 0);
      f = 0;
    }
    buf.fill(0, f, 56);
    const hi = Math.floor(this.length / 0x20000000); // bits / 2^32 = bytes / 2^29
    const lo = (this.length * 8) >>> 0;
    buf[56] = hi >>> 24;
    buf[57] = (hi >>> 16) & 0xff;
    buf[58] = (hi >>> 8) & 0xff;
    buf[59] = hi & 0xff;
    buf[60] = lo >>> 24;
    buf[61] = (lo >>> 16) & 0xff;
    buf[62] = (lo >>> 8) & 0xff;
    buf[63] = lo & 0xff;
    compress(this.state, buf, 0);
    stateToBytes(this.state, out);
    buf.fill(0); // the partial block and the schedule may hold secret bytes (a BIP-340 nonce's input)
    wipeScratch();
    return out;
  }
}

/** Writes the eight words of a SHA-256 state big-endian into out[0 … 32) (the digest). */
export function stateToBytes(state: Int32Array, out: Uint8Array): void {
  for (let i = 0; i < 8; i++) {
    const v = state[i]!;
    out[4 * i] = v >>> 24;
    out[4 * i + 1] = (v >>> 16) & 0xff;
    out[4 * i + 2] = (v >>> 8) & 0xff;
    out[4 * i + 3] = v & 0xff;
  }
}

/** Returns SHA-256(b) (32 new bytes). */
export function sha256(b: Uint8Array): Uint8Array {
  return new Sha256().update(b).digestInto(new Uint8Array(32));
}
