/**
 * Hash kernels of the WebAssembly engine: SHA-512 over one streaming state
 * in HASH_REGION (map and algorithm in sha512.ts). Every export is prefixed
 * `sha512`. The bridge is the `sha512` operation of src/ed25519/wasm.ts
 * (Ed25519's H): it writes input bytes at SHA512_INPUT, and saves and
 * restores the SHA512_STATE_BYTES at SHA512_STATE when several hashes are
 * in flight.
 */
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
