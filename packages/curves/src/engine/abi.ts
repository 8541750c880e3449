/**
 * The typed exports of the WebAssembly engine module (wasm/index.ts). Each
 * curve declares its kernels in its own interface (secp256k1-abi.ts,
 * ed25519-abi.ts, edwards-abi.ts); this file joins them with the module-wide exports.
 */
import type { Ed25519Exports } from './ed25519-abi.js';
import type { Secp256k1Exports } from './secp256k1-abi.js';
import type { EdwardsExports } from './edwards-abi.js';

/** A WebAssembly.Global as the bridge reads it. */
export interface WasmGlobal {
  readonly value: number;
}

/** The linear memory, typed structurally (the package builds without DOM types). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

/** Exports every engine module has. */
export interface EngineExports {
  readonly memory: WasmMemory;
  /** ABI version (wasm/index.ts ENGINE_ABI); load.ts refuses a module whose version differs from ENGINE_ABI below. */
  readonly ENGINE_ABI: WasmGlobal;
  readonly ENGINE_PAGES: WasmGlobal;
  readonly SECP256K1_REGION: WasmGlobal;
  readonly SECP256K1_REGION_END: WasmGlobal;
  readonly ED25519_REGION: WasmGlobal;
  readonly ED25519_REGION_END: WasmGlobal;
  readonly SECP256K1_MSM_REGION: WasmGlobal;
  readonly SECP256K1_MSM_REGION_END: WasmGlobal;
  readonly HASH_REGION: WasmGlobal;
  readonly HASH_REGION_END: WasmGlobal;
  readonly EDWARDS_REGION: WasmGlobal;
  readonly EDWARDS_REGION_END: WasmGlobal;
  readonly SECP256K1_TABLE_G_REGION: WasmGlobal;
  readonly SECP256K1_TABLE_G_REGION_END: WasmGlobal;
  /** SHA-512 (wasm/hash/): the streaming state (SHA512_STATE_BYTES at SHA512_STATE), the digest, the input area. */
  readonly SHA512_STATE: WasmGlobal;
  readonly SHA512_STATE_BYTES: WasmGlobal;
  readonly SHA512_DIGEST: WasmGlobal;
  readonly SHA512_INPUT: WasmGlobal;
  readonly SHA512_INPUT_MAX: WasmGlobal;
  /** Starts a hash in the state. */
  sha512Init(): void;
  /** Absorbs n ≤ SHA512_INPUT_MAX bytes at SHA512_INPUT. */
  sha512Update(n: number): void;
  /** Absorbs n ≤ SHA512_INPUT_MAX bytes at SHA512_INPUT, writes the digest to SHA512_DIGEST, wipes the state. */
  sha512Final(n: number): void;
  /** SHA3-256 / SHA3-512 (wasm/hash/sha3.ts): the digest and the input area (the state is the module's own). */
  readonly SHA3_DIGEST: WasmGlobal;
  readonly SHA3_INPUT: WasmGlobal;
  readonly SHA3_INPUT_MAX: WasmGlobal;
  /** Starts a SHA-3 hash (the state becomes zero). */
  sha3Init(): void;
  /** Absorbs n ≤ SHA3_INPUT_MAX bytes at SHA3_INPUT, n a multiple of rate (136 or 72). */
  sha3Absorb(n: number, rate: number): void;
  /** Absorbs n ≤ SHA3_INPUT_MAX bytes at SHA3_INPUT, pads, writes the dlen-byte digest to SHA3_DIGEST, wipes the state. */
  sha3Final(n: number, rate: number, dlen: number): void;
}

/** The ABI version this bridge speaks. */
export const ENGINE_ABI = 13;

export type WasmExports = EngineExports & Secp256k1Exports & Ed25519Exports & EdwardsExports;

/**
 * One instantiated engine: its exports and fixed views of its memory (the
 * memory cannot grow, so the views never detach).
 */
export interface WasmKernels {
  readonly exports: WasmExports;
  readonly u8: Uint8Array;
  readonly i32: Int32Array;
  readonly u32: Uint32Array;
  readonly f64: Float64Array;
}
