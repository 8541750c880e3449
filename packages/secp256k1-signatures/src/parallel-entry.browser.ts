/**
 * `@strata/secp256k1-signatures/parallel` outside the `node` export
 * condition (browsers): a `schnorr` namespace with the parallel batch
 * verification on module Web Workers (`workerUrl` included).
 *
 * References: Node.js documentation, "Conditional exports".
 */
export * as schnorr from './parallel-api.browser.js';
