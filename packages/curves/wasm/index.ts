/**
 * The WebAssembly engine of @strata/curves (issue 13): the entry file that
 * `wasm/build.mjs` compiles into one module serving both curves. The
 * TypeScript side is `src/engine/` (loading, selection) and each curve's
 * `src/<curve>/wasm.ts` (marshalling); see docs/architecture.md.
 *
 * Layout by layer, like the TypeScript: the field kernels are imported from
 * @strata/field's own `wasm/` sources (`@strata/field/wasm/<field>`), the point,
 * scalar-multiplication and MSM kernels live here, one folder per curve.
 *
 * ## Memory map
 *
 * A fixed memory of ENGINE_PAGES pages (8.3125 MiB; `--initialMemory` equals
 * `--maximumMemory`, so the module can never grow; an offset past the end
 * traps). Every region is fixed; kernels keep no state outside them, and the
 * TypeScript bridge bounds every variable-size input to its region (larger
 * inputs are processed in chunks), so no input can make the module grow.
 *
 *   0x000000 – 0x000FFF   field slots of @strata/field's kernels (its
 *                         wasm/index.ts memory map; unused by the engine)
 *   0x001000 – 0x00FFFF   the compiler's static data (`--memoryBase 4096`):
 *                         constants only, at most 60 KiB
 *   0x010000 – 0x07FFFF   SECP256K1_REGION (448 KiB): secp256k1 I/O, scratch
 *                         and tables (map in secp256k1/index.ts)
 *   0x080000 – 0x1FFFFF   ED25519_REGION (1.5 MiB): ed25519 I/O, scratch and
 *                         tables (map in ed25519/layout.ts)
 *   0x200000 – 0x27FFFF   SECP256K1_MSM_REGION (512 KiB): the secp256k1
 *                         Pippenger kernel's points, digits and buckets
 *                         (secp256k1/layout.ts PIPPENGER): 2049 pairs (a
 *                         BIP-340 batch of 1024) in one call
 *   0x280000 – 0x28FFFF   HASH_REGION (64 KiB): the SHA-512 state, schedule,
 *                         digest and input (map in hash/sha512.ts), and the
 *                         SHA-3 state, digest and input (hash/sha3.ts)
 *   0x290000 – 0x38FFFF   EDWARDS_REGION (1 MiB): the generic Edwards
 *                         curves' constants, I/O, scratch, base tables and
 *                         MSM (map in edwards/layout.ts)
 *   0x390000 – 0x83FFFF   EDWARDS_MSM_REGION (4.6875 MiB): the
 *                         batch-affine Pippenger's points, bucket lists,
 *                         digits and batch inversions, shared by the
 *                         generic Edwards curves and edwards25519 (one MSM
 *                         at a time; shared/msm-affine-layout.ts): 16384
 *                         pairs a call
 *   0x840000 – 0x84FFFF   SECP256K1_TABLE_G_REGION (64 KiB): G's pieced
 *                         table for a·P + b·G over a pieced table of P
 *                         (secp256k1/layout.ts TABLE_G), written by the
 *                         bridge only, so it stays while the table slots
 *                         change (a ring's members, a key image's table)
 */
export * from './secp256k1/index';
export * from './ed25519/index';
export * from './hash/index';
export * from './edwards/index';

/** The ABI version the TypeScript bridge expects (src/engine/load.ts); bump on any change of an export's meaning or of the memory map. */
export const ENGINE_ABI: i32 = 13;
/** Pages of linear memory (64 KiB each); fixed. */
export const ENGINE_PAGES: i32 = 133;
export const SECP256K1_REGION: u32 = 0x010000;
export const SECP256K1_REGION_END: u32 = 0x080000;
export const ED25519_REGION: u32 = 0x080000;
export const ED25519_REGION_END: u32 = 0x200000;
export const SECP256K1_MSM_REGION: u32 = 0x200000;
export const SECP256K1_MSM_REGION_END: u32 = 0x280000;
export const HASH_REGION: u32 = 0x280000;
export const HASH_REGION_END: u32 = 0x290000;
export const EDWARDS_REGION: u32 = 0x290000;
export const EDWARDS_REGION_END: u32 = 0x390000;
export const SECP256K1_TABLE_G_REGION: u32 = 0x840000;
export const SECP256K1_TABLE_G_REGION_END: u32 = 0x850000;
