/** The secp256k1 kernels' exports (wasm/secp256k1/index.ts). */
export interface Secp256k1Exports {
  readonly SECP256K1_ABI: { readonly value: number };
}
