/** The ed25519 kernels' exports (wasm/ed25519/index.ts). */
export interface Ed25519Exports {
  readonly ED25519_ABI: { readonly value: number };
}
