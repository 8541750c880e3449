/**
 * @strata/curves — layer 1: secp256k1 Jacobian arithmetic, twisted Edwards
 * curves, scalar multiplication and multi-scalar multiplication.
 *
 * One namespace per module and nothing else but the errors (docs/api.md §6);
 * the same modules are the subpaths `@strata/curves/secp256k1`,
 * `@strata/curves/ed25519`, `@strata/curves/edwards` and `@strata/curves/engine`
 * (the engine switch: TypeScript by default, WebAssembly after
 * `await engine.initWasm()`; see src/engine/index.ts).
 */
export { StrataError, ErrorCode, type ErrorCodeValue } from '@strata/field';
export * as secp256k1 from './secp256k1/index.js';
export * as ed25519 from './ed25519/index.js';
export * as edwards from './edwards/index.js';
export * as engine from './engine/index.js';
