/**
 * `@strata/curves/hash`: the hashes the protocols above the curves use, on
 * the selected engine (the engine's own kernels on WebAssembly, @noble/hashes
 * on TypeScript; both give the same digests for every input):
 *
 * - SHA-512 ([FIPS180-4]): Ed25519's H, streaming ({@link Sha512}) or
 *   one-shot ({@link sha512}).
 * - SHA3-256 and SHA3-512 ([FIPS202]): ring-go's and go-dleq's hash on every
 *   curve, one-shot ({@link sha3_256}, {@link sha3_512}).
 *
 * The WebAssembly kernels are served by the ed25519 backend seam
 * (src/ed25519/backend.ts), which owns the engine's hash region.
 */
export { Sha512, sha512 } from './sha512.js';
export { sha3_256, sha3_512 } from './sha3.js';
