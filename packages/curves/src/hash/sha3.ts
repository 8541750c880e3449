/**
 * SHA3-256 and SHA3-512 ([FIPS202] §6.1) on the selected engine:
 * @noble/hashes' implementation while the TypeScript engine serves, the
 * engine's own Keccak kernel (wasm/hash/sha3.ts) on WebAssembly, where the
 * message is copied into the module in chunks and the digest copied out in
 * one synchronous call (no hash stays in flight). Both give the same digests
 * for every input.
 *
 * These are the hashes of the Go protocols the group layer speaks (ring-go's
 * hash-to-curve and challenges, go-dleq's challenges) on every curve, public
 * as `@strata/curves/hash` beside SHA-512; the engine's hash kernels are
 * served by the ed25519 backend, which owns the module's hash region.
 *
 * References: [FIPS202] NIST FIPS PUB 202, "SHA-3 Standard: Permutation-Based
 * Hash and Extendable-Output Functions".
 */
import { sha3_256 as nobleSha3_256, sha3_512 as nobleSha3_512 } from '@noble/hashes/sha3.js';
import { expectBytes, expectRoom } from '@strata/field';
import { ed25519Backend } from '../engine/state.js';

/** @internal TypeScript backend (backend.ts Ed25519Backend.sha3): @noble/hashes' SHA3-256 / SHA3-512. */
export function tsSha3(data: Uint8Array, rate: 136 | 72, dlen: 32 | 64, out: Uint8Array, off: number): void {
  const d = rate === 136 ? nobleSha3_256(data) : nobleSha3_512(data);
  out.set(d.subarray(0, dlen), off);
  d.fill(0);
}

/**
 * Writes SHA3-256(data) (32 bytes) to out[offset …] and returns out (a new
 * 32-byte array by default), on the selected engine. TypeError for a
 * non-Uint8Array `data` or `out` or a bad `offset`; StrataError
 * ERR_BAD_LENGTH when fewer than 32 bytes follow `offset`.
 */
export function sha3_256(data: Uint8Array, out?: Uint8Array, offset = 0): Uint8Array {
  return sha3('sha3_256', data, 136, 32, out, offset);
}

/**
 * Writes SHA3-512(data) (64 bytes) to out[offset …] and returns out (a new
 * 64-byte array by default), on the selected engine. Errors as
 * {@link sha3_256}'s (64 bytes of room).
 */
export function sha3_512(data: Uint8Array, out?: Uint8Array, offset = 0): Uint8Array {
  return sha3('sha3_512', data, 72, 64, out, offset);
}

function sha3(what: string, data: Uint8Array, rate: 136 | 72, dlen: 32 | 64, out: Uint8Array | undefined, offset: number): Uint8Array {
  expectBytes(`${what} data`, data);
  const o = out ?? new Uint8Array(dlen);
  expectRoom(what, o, offset, dlen);
  const be = ed25519Backend();
  if (be === null) tsSha3(data, rate, dlen, o, offset);
  else be.sha3(data, rate, dlen, o, offset);
  return o;
}
