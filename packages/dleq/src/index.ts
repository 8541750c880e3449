/**
 * @strata/dleq — layer 3: cross-group discrete-log-equality proofs
 * (MRL-0010), byte-compatible with Go go-dleq, over any `Curve` of
 * @strata/group, and go-dleq's per-curve signature schemes.
 */
/** What this package throws (docs/api.md §7): the one error class of every Strata package, from @strata/field. */
export { StrataError, ErrorCode, type ErrorCodeValue } from '@strata/field';
export * from './dleq/index.js';
