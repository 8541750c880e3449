/**
 * secp256k1 kernels of the WebAssembly engine. Their memory lives in
 * SECP256K1_REGION (0x010000 – 0x07FFFF, see ../index.ts).
 */
export const SECP256K1_ABI: i32 = 1;
