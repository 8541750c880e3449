/**
 * SHA-512 ([FIPS180-4]), Ed25519's hash H ([RFC8032] §5.1), on the selected
 * engine: @noble/hashes' implementation while the TypeScript engine serves,
 * the engine's own kernel (wasm/hash/sha512.ts) on WebAssembly, where the
 * message bytes are copied into the module in chunks and the digest is
 * copied out. Both give the same digests for every input.
 *
 * The hasher is chosen when a {@link Sha512} is made and serves it to the
 * end, whatever engine is selected in between. Several hashers may be in
 * flight at once on either engine (the WebAssembly bridge keeps each one's
 * state).
 *
 * References: [FIPS180-4] NIST FIPS PUB 180-4, "Secure Hash Standard";
 * [RFC8032] S. Josefsson, I. Liusvaara, "Edwards-Curve Digital Signature
 * Algorithm (EdDSA)".
 */
import { sha512 as nobleSha512 } from '@noble/hashes/sha2.js';
import { ErrorCode, StrataError, expectBytes, expectRoom } from '@strata/field';
import { ed25519Backend } from '../engine/state.js';
import type { Sha512Hasher } from '../ed25519/backend.js';

/** The TypeScript hasher: @noble/hashes' SHA-512. */
class TsSha512 implements Sha512Hasher {
  private readonly h = nobleSha512.create();

  update(data: Uint8Array): void {
    this.h.update(data);
  }

  digest(out: Uint8Array, off: number): void {
    const d = this.h.digest();
    out.set(d, off);
    d.fill(0);
  }
}

/** @internal TypeScript backend (backend.ts Ed25519Backend.sha512): a new @noble/hashes SHA-512. */
export function tsSha512(): Sha512Hasher {
  return new TsSha512();
}

/**
 * A SHA-512 computation: `update` any number of times, then `digest` once.
 *
 * ```ts
 * const d = new Sha512().update(a).update(b).digest(); // SHA-512(a ‖ b)
 * ```
 */
export class Sha512 {
  private readonly h: Sha512Hasher;
  private done = false;

  /** Starts a hash on the engine selected now. */
  constructor() {
    const be = ed25519Backend();
    this.h = be === null ? tsSha512() : be.sha512();
  }

  /**
   * Absorbs data and returns this (data is copied at once). TypeError for a
   * non-Uint8Array; StrataError ERR_INVALID_ARGUMENT after `digest`.
   */
  update(data: Uint8Array): this {
    expectBytes('Sha512.update data', data);
    this.live('update');
    this.h.update(data);
    return this;
  }

  /**
   * Writes the 64-byte digest to out[offset … offset + 64) and returns out
   * (a new 64-byte array by default); the hash is then spent. TypeError for
   * a non-Uint8Array `out` or a bad `offset`; StrataError ERR_BAD_LENGTH
   * when fewer than 64 bytes follow `offset`; StrataError
   * ERR_INVALID_ARGUMENT when called twice.
   */
  digest(out?: Uint8Array, offset = 0): Uint8Array {
    const o = out ?? new Uint8Array(64);
    expectRoom('Sha512.digest', o, offset, 64);
    this.live('digest');
    this.done = true;
    this.h.digest(o, offset);
    return o;
  }

  private live(what: string): void {
    if (this.done) throw new StrataError(ErrorCode.INVALID_ARGUMENT, `Sha512.${what}: the digest was already taken; start a new Sha512`);
  }
}

/** Returns SHA-512(data) (64 bytes) on the selected engine. TypeError for a non-Uint8Array. */
export function sha512(data: Uint8Array): Uint8Array {
  return new Sha512().update(data).digest();
}
