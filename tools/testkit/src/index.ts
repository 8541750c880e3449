/**
 * Test-only helpers shared by every Strata package's tests. Never imported
 * by package sources (the layer check forbids it).
 */
export { vectorsDir, vectorPath, readVectorJson, readVectorText } from './vectors.js';
export { hex, toHex, bigFromBytesBE, bigFromBytesLE, bigToBytesBE, bigToBytesLE } from './bytes.js';
export { edgeBigInt, fieldEdges } from './generators.js';
export { xorshiftBytes } from './random.js';
