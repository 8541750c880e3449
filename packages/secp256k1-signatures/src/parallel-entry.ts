/**
 * `@strata/secp256k1-signatures/parallel` under the `node` export condition:
 * a `schnorr` namespace with the parallel batch verification over
 * `worker_threads` (the same members the main entry's Node `schnorr` adds).
 *
 * References: Node.js documentation, "Conditional exports".
 */
export * as schnorr from './parallel-api.js';
