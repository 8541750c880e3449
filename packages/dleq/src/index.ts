/**
 * @strata/dleq — layer 3: cross-group discrete-log-equality proofs
 * (MRL-0010), byte-compatible with Go go-dleq, over any `Curve` of
 * @strata/group, and go-dleq's per-curve signature schemes.
 */
export * from './dleq/index.js';
