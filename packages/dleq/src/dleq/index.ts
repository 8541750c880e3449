/** Cross-group DLEq proofs (MRL-0010), wire-compatible with Go go-dleq. */
export {
  prove,
  generateSecretForCurvesLE,
  proofBitCount,
  Proof,
  BitProof,
  type ProveOptions,
  type FromBytesOptions,
  type VerifyResult,
  type VerifyFailure,
} from './proof.js';
export {
  ecdsaSignatureScheme,
  ed25519SignatureScheme,
  signatureSchemeFor,
  type DleqSignatureScheme,
} from './signature.js';
