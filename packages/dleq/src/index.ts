/**
 * @strata/dleq — layer 2: a group abstraction over secp256k1 and ed25519
 * (`Curve`, `Point`, `Scalar`, wire-compatible with Go go-dleq's `types`)
 * and cross-group discrete-log-equality proofs (MRL-0010), byte-compatible
 * with Go go-dleq.
 */
export * from './group/index.js';
export * from './dleq/index.js';
