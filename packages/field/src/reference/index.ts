/**
 * Plain BigInt reference implementations of every Strata field: slow,
 * obviously correct, and the oracle the optimised fields are tested against.
 */
export * from './secp256k1.js';
export * from './ed25519.js';
export * from './generic.js';
