/**
 * @strata/ring — layer 3: linkable ring signatures (bLSAG) over any
 * @strata/group `Curve`, byte-compatible with Go github.com/pokt-network/ring-go.
 */
/** What this package throws (docs/api.md §7): the one error class of every Strata package, from @strata/field. */
export { StrataError, ErrorCode, type ErrorCodeValue } from '@strata/field';
export {
  Ring,
  RingCache,
  RingSignature,
  sign,
  link,
  DEFAULT_CACHE_MAX_BYTES,
  type PublicKeyInput,
  type PrivateKeyInput,
  type RingOptions,
  type RingCacheOptions,
  type FromBytesOptions,
} from './ring.js';
export { DEFAULT_MAX_RING_SIZE } from './internal.js';
export type { SignOptions } from './sign.js';
export type { TableSize } from './internal.js';
export { signatureByteLength, type VerifyOptions } from './signature.js';
export {
  hashToCurveNonConst,
  hashToCurveStyle,
  HASH_TO_CURVE_ATTEMPTS,
  type HashToCurveStyle,
} from './hash.js';
