/**
 * SHA-512 (FIPS 180-4) inside the engine: one streaming state in
 * HASH_REGION (0x280000 – 0x28FFFF, map below), written from the standard.
 * The TypeScript bridge (src/ed25519/wasm.ts, the `sha512` operation of the
 * ed25519 backend) copies message bytes into HASH_INPUT, absorbs them with
 * sha512Update, and reads the digest from HASH_DIGEST after sha512Final;
 * several hashes in flight share the one state by the bridge saving and
 * restoring its HASH_STATE_BYTES.
 *
 * Constant time in the message: no branch or memory index depends on the
 * bytes hashed (Ed25519 hashes the secret prefix), only on lengths.
 *
 *   +0x0000  HASH_STATE   H0 … H7 (8 × u64), the byte count (u64), the
 *                         buffered byte count (i32, 4 bytes of padding),
 *                         the 128-byte block buffer: HASH_STATE_BYTES in all
 *   +0x0100  HASH_W       the message schedule W0 … W79 (640 bytes)
 *   +0x0400  HASH_DIGEST  the 64-byte digest of sha512Final
 *   +0x1000  HASH_INPUT   HASH_INPUT_MAX bytes of input (to the region end)
 *
 * References: [FIPS180-4] NIST FIPS PUB 180-4, "Secure Hash Standard",
 * §4.1.3 (functions), §4.2.3 (constants: the first 64 bits of the
 * fractional parts of the cube roots of the first 80 primes), §5.1.2
 * (padding), §5.3.5 (initial value: square roots of the first 8 primes),
 * §6.4.2 (computation).
 */

export const HASH: usize = 0x280000;
export const HASH_STATE: usize = HASH;
/** Bytes of the state the bridge saves and restores (H, counts, block buffer). */
export const HASH_STATE_BYTES: i32 = 208;
export const HASH_W: usize = HASH + 0x100;
export const HASH_DIGEST: usize = HASH + 0x400;
export const HASH_INPUT: usize = HASH + 0x1000;
export const HASH_INPUT_MAX: i32 = 0xf000;

const H_AT: usize = HASH_STATE;
const LEN_AT: usize = HASH_STATE + 64;
const FILL_AT: usize = HASH_STATE + 72;
const BUF: usize = HASH_STATE + 80;

/** [FIPS180-4] §4.2.3: K0 … K79. */
const K: usize = memory.data<u64>([
  0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc,
  0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118,
  0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
  0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694,
  0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
  0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
  0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4,
  0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70,
  0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
  0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
  0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30,
  0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
  0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8,
  0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3,
  0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
  0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b,
  0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178,
  0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
  0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c,
  0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
]);

/** [FIPS180-4] §5.3.5: H(0). */
const IV: usize = memory.data<u64>([
  0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
  0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
]);

// @ts-ignore: decorator
@inline
function bigSigma0(x: u64): u64 {
  return rotr<u64>(x, 28) ^ rotr<u64>(x, 34) ^ rotr<u64>(x, 39);
}

// @ts-ignore: decorator
@inline
function bigSigma1(x: u64): u64 {
  return rotr<u64>(x, 14) ^ rotr<u64>(x, 18) ^ rotr<u64>(x, 41);
}

// @ts-ignore: decorator
@inline
function smallSigma0(x: u64): u64 {
  return rotr<u64>(x, 1) ^ rotr<u64>(x, 8) ^ (x >> 7);
}

// @ts-ignore: decorator
@inline
function smallSigma1(x: u64): u64 {
  return rotr<u64>(x, 19) ^ rotr<u64>(x, 61) ^ (x >> 6);
}

/** Absorbs the 128-byte block at p into H ([FIPS180-4] §6.4.2). */
function compress(p: usize): void {
  for (let t: usize = 0; t < 16; t++) store<u64>(HASH_W + (t << 3), bswap<u64>(load<u64>(p + (t << 3))));
  for (let t: usize = 16; t < 80; t++) {
    const w = HASH_W + (t << 3);
    store<u64>(w, smallSigma1(load<u64>(w - 16)) + load<u64>(w - 56) + smallSigma0(load<u64>(w - 120)) + load<u64>(w - 128));
  }
  let a = load<u64>(H_AT);
  let b = load<u64>(H_AT + 8);
  let c = load<u64>(H_AT + 16);
  let d = load<u64>(H_AT + 24);
  let e = load<u64>(H_AT + 32);
  let f = load<u64>(H_AT + 40);
  let g = load<u64>(H_AT + 48);
  let h = load<u64>(H_AT + 56);
  for (let t: usize = 0; t < 80; t++) {
    // Ch(e, f, g) = (e ∧ f) ⊕ (¬e ∧ g); Maj(a, b, c) = (a ∧ b) ⊕ (a ∧ c) ⊕ (b ∧ c).
    const t1 = h + bigSigma1(e) + ((e & f) ^ (~e & g)) + load<u64>(K + (t << 3)) + load<u64>(HASH_W + (t << 3));
    const t2 = bigSigma0(a) + ((a & b) ^ (a & c) ^ (b & c));
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  store<u64>(H_AT, load<u64>(H_AT) + a);
  store<u64>(H_AT + 8, load<u64>(H_AT + 8) + b);
  store<u64>(H_AT + 16, load<u64>(H_AT + 16) + c);
  store<u64>(H_AT + 24, load<u64>(H_AT + 24) + d);
  store<u64>(H_AT + 32, load<u64>(H_AT + 32) + e);
  store<u64>(H_AT + 40, load<u64>(H_AT + 40) + f);
  store<u64>(H_AT + 48, load<u64>(H_AT + 48) + g);
  store<u64>(H_AT + 56, load<u64>(H_AT + 56) + h);
}

/** Sets the state to H(0) with nothing absorbed. */
export function init(): void {
  memory.copy(H_AT, IV, 64);
  store<u64>(LEN_AT, 0);
  store<i32>(FILL_AT, 0);
  store<i32>(FILL_AT + 4, 0);
}

/**
 * Absorbs the n bytes at src (0 ≤ n; src outside HASH_STATE): tops up the
 * block buffer, compresses whole blocks straight from src, keeps the rest.
 */
export function update(src: usize, n: i32): void {
  store<u64>(LEN_AT, load<u64>(LEN_AT) + <u64>n);
  let fill = load<i32>(FILL_AT);
  if (fill > 0) {
    const take = min(128 - fill, n);
    memory.copy(BUF + <usize>fill, src, <usize>take);
    fill += take;
    src += <usize>take;
    n -= take;
    if (fill < 128) {
      store<i32>(FILL_AT, fill);
      return;
    }
    compress(BUF);
    fill = 0;
  }
  while (n >= 128) {
    compress(src);
    src += 128;
    n -= 128;
  }
  memory.copy(BUF, src, <usize>n);
  store<i32>(FILL_AT, n);
}

/**
 * Pads the message ([FIPS180-4] §5.1.2: a 1 bit, zeros, the 128-bit
 * big-endian bit length), writes H as 64 big-endian bytes to dst, and wipes
 * the state, the buffer and the schedule.
 */
export function final(dst: usize): void {
  const len = load<u64>(LEN_AT);
  let fill = <usize>load<i32>(FILL_AT);
  store<u8>(BUF + fill, 0x80);
  fill++;
  if (fill > 112) {
    memory.fill(BUF + fill, 0, 128 - fill);
    compress(BUF);
    fill = 0;
  }
  memory.fill(BUF + fill, 0, 112 - fill);
  store<u64>(BUF + 112, bswap<u64>(len >> 61));
  store<u64>(BUF + 120, bswap<u64>(len << 3));
  compress(BUF);
  for (let i: usize = 0; i < 8; i++) store<u64>(dst + (i << 3), bswap<u64>(load<u64>(H_AT + (i << 3))));
  memory.fill(HASH_STATE, 0, <usize>HASH_STATE_BYTES);
  memory.fill(HASH_W, 0, 640);
}
