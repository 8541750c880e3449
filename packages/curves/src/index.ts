/**
 * @strata/curves — layer 1: secp256k1 Jacobian arithmetic, twisted Edwards
 * curves, scalar multiplication and multi-scalar multiplication.
 *
 * The root holds the engine switch and the errors (docs/api.md §6); each
 * curve is its own subpath, imported as a namespace (`* as secp256k1` from
 * `@strata/curves/secp256k1`; `@strata/curves/ed25519`,
 * `@strata/curves/edwards` likewise; the engine
 * is also `@strata/curves/engine`: TypeScript by default, WebAssembly after
 * `await engine.initWasm()`, see src/engine/index.ts). The curves are not
 * re-exported here as namespaces: esbuild keeps every export of a namespace
 * re-exported through a barrel (evanw/esbuild#1420), which made
 * the root's secp256k1 namespace bundle a third larger than the subpath
 * import for the same job; a namespace import of the subpath
 * tree-shakes.
 */
export { StrataError, ErrorCode, type ErrorCodeValue } from '@strata/field';
export * as engine from './engine/index.js';
