/**
 * ed25519 kernels of the WebAssembly engine. Their memory lives in
 * ED25519_REGION (0x080000 – 0x1FFFFF, see ../index.ts).
 */
export const ED25519_ABI: i32 = 1;
