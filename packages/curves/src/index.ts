/**
 * @strata/curves — layer 1: secp256k1 Jacobian arithmetic, twisted Edwards
 * curves, scalar multiplication and multi-scalar multiplication.
 */
export { StrataError, ErrorCode } from '@strata/field';
export * as secp256k1 from './secp256k1/index.js';
export * as ed25519 from './ed25519/index.js';
export * from './edwards/index.js';
