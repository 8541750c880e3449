/**
 * SHA3-256 and SHA3-512 (FIPS 202) inside the engine: the Keccak-f[1600]
 * permutation and the sponge over one state in HASH_REGION, after
 * SHA-512's area (map below), written from the standard. The bridge
 * (src/ed25519/wasm.ts, the `sha3` operation of the ed25519 backend)
 * hashes a whole message in one synchronous call sequence: sha3Init,
 * sha3Absorb over each full SHA3_INPUT_MAX-byte chunk, sha3Final over the
 * rest; no hash is ever left in flight, so SHA-512's state is never
 * touched and nothing is saved or restored.
 *
 * Constant time in the message: no branch or memory index depends on the
 * bytes hashed (go-dleq's signature hashes a secret seed), only on lengths.
 *
 *   +0x0500  SHA3_STATE   the 25 lanes A[x + 5y] (25 × u64, 200 bytes)
 *   +0x05C8  SHA3_DIGEST  the digest of sha3Final (at most 64 bytes)
 *   +0x0610  SHA3_INPUT   SHA3_INPUT_MAX bytes of input (to +0x0FA0; SHA-512's
 *                         input starts at +0x1000)
 *
 * SHA3_INPUT_MAX = 2448 = 18 · 136 = 34 · 72: a whole number of blocks of
 * both rates, so every chunk but the last is absorbed without buffering.
 *
 * References: [FIPS202] NIST FIPS PUB 202, "SHA-3 Standard", §3.2 (θ, ρ, π,
 * χ, ι; Table 2: the ρ offsets), §3.3 (Keccak-p rounds, rc), §4 (sponge),
 * §5.1 (pad10*1), §6.1 (SHA3-256 / SHA3-512: capacity 2d, suffix 01).
 */
import { HASH } from './sha512';

export const SHA3_STATE_AT: usize = HASH + 0x500;
export const SHA3_DIGEST_AT: usize = HASH + 0x5c8;
export const SHA3_INPUT_AT: usize = HASH + 0x610;
export const SHA3_INPUT_BYTES: i32 = 2448;

/** [FIPS202] §3.2.5: the round constants RC[0 … 23] (the rc bits at 2^j − 1). */
const RC: usize = memory.data<u64>([
  0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000,
  0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
  0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a,
  0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003,
  0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
  0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
]);

/**
 * Applies Keccak-f[1600] (24 rounds of ι ∘ χ ∘ π ∘ ρ ∘ θ) to the state at s,
 * lanes in locals. Lane a<i> is A[x, y] with i = x + 5y; b<j> is the lane
 * that π moves it to, already rotated by ρ: A′[y, 2x + 3y] = ROT(A[x, y] ⊕
 * D[x], r[x, y]).
 */
function keccakF(s: usize): void {
  let a0 = load<u64>(s), a1 = load<u64>(s, 8), a2 = load<u64>(s, 16), a3 = load<u64>(s, 24), a4 = load<u64>(s, 32);
  let a5 = load<u64>(s, 40), a6 = load<u64>(s, 48), a7 = load<u64>(s, 56), a8 = load<u64>(s, 64), a9 = load<u64>(s, 72);
  let a10 = load<u64>(s, 80), a11 = load<u64>(s, 88), a12 = load<u64>(s, 96), a13 = load<u64>(s, 104), a14 = load<u64>(s, 112);
  let a15 = load<u64>(s, 120), a16 = load<u64>(s, 128), a17 = load<u64>(s, 136), a18 = load<u64>(s, 144), a19 = load<u64>(s, 152);
  let a20 = load<u64>(s, 160), a21 = load<u64>(s, 168), a22 = load<u64>(s, 176), a23 = load<u64>(s, 184), a24 = load<u64>(s, 192);
  for (let r: usize = 0; r < 24; r++) {
    // θ: C[x] = ⊕_y A[x, y]; D[x] = C[x − 1] ⊕ ROT(C[x + 1], 1).
    const c0 = a0 ^ a5 ^ a10 ^ a15 ^ a20;
    const c1 = a1 ^ a6 ^ a11 ^ a16 ^ a21;
    const c2 = a2 ^ a7 ^ a12 ^ a17 ^ a22;
    const c3 = a3 ^ a8 ^ a13 ^ a18 ^ a23;
    const c4 = a4 ^ a9 ^ a14 ^ a19 ^ a24;
    const d0 = c4 ^ rotl<u64>(c1, 1);
    const d1 = c0 ^ rotl<u64>(c2, 1);
    const d2 = c1 ^ rotl<u64>(c3, 1);
    const d3 = c2 ^ rotl<u64>(c4, 1);
    const d4 = c3 ^ rotl<u64>(c0, 1);
    // ρ and π (Table 2 offsets).
    const b0 = a0 ^ d0;
    const b10 = rotl<u64>(a1 ^ d1, 1);
    const b20 = rotl<u64>(a2 ^ d2, 62);
    const b5 = rotl<u64>(a3 ^ d3, 28);
    const b15 = rotl<u64>(a4 ^ d4, 27);
    const b16 = rotl<u64>(a5 ^ d0, 36);
    const b1 = rotl<u64>(a6 ^ d1, 44);
    const b11 = rotl<u64>(a7 ^ d2, 6);
    const b21 = rotl<u64>(a8 ^ d3, 55);
    const b6 = rotl<u64>(a9 ^ d4, 20);
    const b7 = rotl<u64>(a10 ^ d0, 3);
    const b17 = rotl<u64>(a11 ^ d1, 10);
    const b2 = rotl<u64>(a12 ^ d2, 43);
    const b12 = rotl<u64>(a13 ^ d3, 25);
    const b22 = rotl<u64>(a14 ^ d4, 39);
    const b23 = rotl<u64>(a15 ^ d0, 41);
    const b8 = rotl<u64>(a16 ^ d1, 45);
    const b18 = rotl<u64>(a17 ^ d2, 15);
    const b3 = rotl<u64>(a18 ^ d3, 21);
    const b13 = rotl<u64>(a19 ^ d4, 8);
    const b14 = rotl<u64>(a20 ^ d0, 18);
    const b24 = rotl<u64>(a21 ^ d1, 2);
    const b9 = rotl<u64>(a22 ^ d2, 61);
    const b19 = rotl<u64>(a23 ^ d3, 56);
    const b4 = rotl<u64>(a24 ^ d4, 14);
    // χ: A[x, y] = B[x, y] ⊕ (¬B[x + 1, y] ∧ B[x + 2, y]); ι on lane 0.
    a0 = b0 ^ (~b1 & b2) ^ load<u64>(RC + (r << 3));
    a1 = b1 ^ (~b2 & b3);
    a2 = b2 ^ (~b3 & b4);
    a3 = b3 ^ (~b4 & b0);
    a4 = b4 ^ (~b0 & b1);
    a5 = b5 ^ (~b6 & b7);
    a6 = b6 ^ (~b7 & b8);
    a7 = b7 ^ (~b8 & b9);
    a8 = b8 ^ (~b9 & b5);
    a9 = b9 ^ (~b5 & b6);
    a10 = b10 ^ (~b11 & b12);
    a11 = b11 ^ (~b12 & b13);
    a12 = b12 ^ (~b13 & b14);
    a13 = b13 ^ (~b14 & b10);
    a14 = b14 ^ (~b10 & b11);
    a15 = b15 ^ (~b16 & b17);
    a16 = b16 ^ (~b17 & b18);
    a17 = b17 ^ (~b18 & b19);
    a18 = b18 ^ (~b19 & b15);
    a19 = b19 ^ (~b15 & b16);
    a20 = b20 ^ (~b21 & b22);
    a21 = b21 ^ (~b22 & b23);
    a22 = b22 ^ (~b23 & b24);
    a23 = b23 ^ (~b24 & b20);
    a24 = b24 ^ (~b20 & b21);
  }
  store<u64>(s, a0); store<u64>(s, a1, 8); store<u64>(s, a2, 16); store<u64>(s, a3, 24); store<u64>(s, a4, 32);
  store<u64>(s, a5, 40); store<u64>(s, a6, 48); store<u64>(s, a7, 56); store<u64>(s, a8, 64); store<u64>(s, a9, 72);
  store<u64>(s, a10, 80); store<u64>(s, a11, 88); store<u64>(s, a12, 96); store<u64>(s, a13, 104); store<u64>(s, a14, 112);
  store<u64>(s, a15, 120); store<u64>(s, a16, 128); store<u64>(s, a17, 136); store<u64>(s, a18, 144); store<u64>(s, a19, 152);
  store<u64>(s, a20, 160); store<u64>(s, a21, 168); store<u64>(s, a22, 176); store<u64>(s, a23, 184); store<u64>(s, a24, 192);
}

/** Sets the state to zero (the sponge's initial value). */
export function sha3Start(): void {
  memory.fill(SHA3_STATE_AT, 0, 200);
}

/**
 * Absorbs the n bytes at p, n a multiple of `rate` (bytes, a multiple of 8):
 * each block is XORed into the first rate bytes of the state (lanes are
 * little-endian, [FIPS202] §B.1), then permuted.
 */
export function sha3Blocks(p: usize, n: i32, rate: i32): void {
  const s = SHA3_STATE_AT;
  for (let off = 0; off < n; off += rate) {
    const q = p + <usize>off;
    for (let i: usize = 0; i < <usize>rate; i += 8) store<u64>(s + i, load<u64>(s + i) ^ load<u64>(q + i));
    keccakF(s);
  }
}

/**
 * Absorbs the n bytes at p (any n ≥ 0), pads with SHA-3's suffix 01 and
 * pad10*1 ([FIPS202] §6.1, §5.1: bytes 0x06 … 0x80, or 0x86 in a one-byte
 * pad), permutes, writes the first `dlen` bytes of the state (dlen ≤ rate)
 * to `digest` and wipes the state.
 */
export function sha3Finish(p: usize, n: i32, rate: i32, dlen: i32, digest: usize): void {
  const whole = n - n % rate;
  sha3Blocks(p, whole, rate);
  const s = SHA3_STATE_AT;
  const q = p + <usize>whole;
  const rest = <usize>(n - whole);
  for (let i: usize = 0; i < rest; i++) store<u8>(s + i, load<u8>(s + i) ^ load<u8>(q + i));
  store<u8>(s + rest, load<u8>(s + rest) ^ 0x06);
  const last = s + <usize>rate - 1;
  store<u8>(last, load<u8>(last) ^ 0x80);
  keccakF(s);
  memory.copy(digest, s, <usize>dlen);
  memory.fill(s, 0, 200);
}
