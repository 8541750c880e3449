/**
 * Hash kernels of the WebAssembly engine: SHA-512 over one streaming state
 * in HASH_REGION (map and algorithm in sha512.ts), and SHA3-256 / SHA3-512
 * over a second state after it (sha3.ts). Every export is prefixed
 * `sha512` or `sha3`. The bridge is the `sha512` operation of src/ed25519/wasm.ts
 * (Ed25519's H): it writes input bytes at SHA512_INPUT, and saves and
 * restores the SHA512_STATE_BYTES at SHA512_STATE when several hashes are
 * in flight.
 */
import { SHA3_DIGEST_AT, SHA3_INPUT_AT, SHA3_INPUT_BYTES, sha3Blocks, sha3Finish, sha3Start } from './sha3';
import { HASH_DIGEST, HASH_INPUT, HASH_INPUT_MAX, HASH_STATE, HASH_STATE_BYTES, final, init, update } from './sha512';

export const SHA512_STATE: u32 = <u32>HASH_STATE;
export const SHA512_STATE_BYTES: i32 = HASH_STATE_BYTES;
export const SHA512_DIGEST: u32 = <u32>HASH_DIGEST;
export const SHA512_INPUT: u32 = <u32>HASH_INPUT;
export const SHA512_INPUT_MAX: i32 = HASH_INPUT_MAX;

/** Starts a hash: the state at SHA512_STATE becomes SHA-512's initial value, nothing absorbed. */
export function sha512Init(): void {
  init();
}

/** Absorbs the n ≤ SHA512_INPUT_MAX bytes at SHA512_INPUT. */
export function sha512Update(n: i32): void {
  if (n < 0 || n > HASH_INPUT_MAX) unreachable();
  update(HASH_INPUT, n);
}

/** Absorbs the n ≤ SHA512_INPUT_MAX bytes at SHA512_INPUT, then writes the digest to SHA512_DIGEST and wipes the state. */
export function sha512Final(n: i32): void {
  if (n < 0 || n > HASH_INPUT_MAX) unreachable();
  update(HASH_INPUT, n);
  final(HASH_DIGEST);
}

export const SHA3_DIGEST: u32 = <u32>SHA3_DIGEST_AT;
export const SHA3_INPUT: u32 = <u32>SHA3_INPUT_AT;
export const SHA3_INPUT_MAX: i32 = SHA3_INPUT_BYTES;

/** Traps unless rate is SHA3-256's (136) or SHA3-512's (72) and the digest is its own (32 or 64). */
function checkRate(rate: i32, dlen: i32): void {
  if (!((rate == 136 && dlen == 32) || (rate == 72 && dlen == 64))) unreachable();
}

/** Starts a SHA-3 hash: the sponge state becomes zero. */
export function sha3Init(): void {
  sha3Start();
}

/** Absorbs the n bytes at SHA3_INPUT: n ≤ SHA3_INPUT_MAX, a multiple of `rate` (136: SHA3-256, 72: SHA3-512). */
export function sha3Absorb(n: i32, rate: i32): void {
  checkRate(rate, rate == 136 ? 32 : 64);
  if (n < 0 || n > SHA3_INPUT_BYTES || n % rate != 0) unreachable();
  sha3Blocks(SHA3_INPUT_AT, n, rate);
}

/**
 * Absorbs the n ≤ SHA3_INPUT_MAX bytes at SHA3_INPUT, pads, writes the
 * dlen-byte digest (32 with rate 136, 64 with rate 72) to SHA3_DIGEST and
 * wipes the state.
 */
export function sha3Final(n: i32, rate: i32, dlen: i32): void {
  checkRate(rate, dlen);
  if (n < 0 || n > SHA3_INPUT_BYTES) unreachable();
  sha3Finish(SHA3_INPUT_AT, n, rate, dlen, SHA3_DIGEST_AT);
}
