/**
 * `@strata/secp256k1-signatures/ecdsa`, imported as the `ecdsa` namespace: ECDSA signing
 * (RFC 6979, low S), verification, recovery, strict DER and Bitcoin's
 * compact signed-message form. See ecdsa.ts and der.ts.
 */
export {
  sign,
  signRecoverable,
  verify,
  recoverPublicKey,
  signCompact,
  recoverCompact,
  SIGNATURE_LEN,
  COMPACT_SIGNATURE_LEN,
  type SignOptions,
  type SignCompactOptions,
  type VerifyOptions,
  type RecoverOptions,
  type RecoverableSignature,
  type RecoveredCompact,
} from './ecdsa.js';
export { signatureToDER, signatureFromDER } from './der.js';
