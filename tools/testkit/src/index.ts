/**
 * Test-only helpers shared by every Strata package's tests. Never imported
 * by package sources (the layer check forbids it).
 */
export { vectorsDir, vectorPath, readVectorJson, readVectorText } from './vectors.js';
export { hex, toHex, bigFromBytesBE, bigFromBytesLE, bigToBytesBE, bigToBytesLE } from './bytes.js';
export { edgeBigInt, fieldEdges } from './generators.js';
export { xorshiftBytes } from './random.js';
export {
  DEFAULT_FUZZ_SEED,
  FUZZ_SEED,
  FUZZ_SCALE,
  MAX_FUZZ_LENGTH,
  fuzzRuns,
  fuzzAssert,
  bytesOfLength,
  anyBytes,
  fixedBytes,
  forEveryLength,
  mutated,
  concatBytes,
  notBytes,
  notBoolean,
  notString,
  otherStrings,
  notInteger,
  notOptions,
  describeThrown,
  onlyStrataError,
  neverThrows,
  typeErrorAtOnce,
  eachCase,
  sweepNeverThrows,
  type FuzzCase,
  type Mutation,
} from './fuzz.js';
export { readPackageReadme, expectReadmeExample, type ReadmeExample } from './readme.js';
export { thrownCode, isStrataError } from './errors.js';
