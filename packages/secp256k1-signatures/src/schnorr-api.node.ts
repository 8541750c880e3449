/**
 * `@strata/secp256k1-signatures/schnorr` under the `node` export condition: everything of
 * `schnorr-api.ts` plus parallel batch verification over `worker_threads`
 * (`parallel.ts`).
 *
 * References: Node.js documentation, "Conditional exports".
 */
export * from './schnorr-api.js';
export * from './parallel-api.js';
