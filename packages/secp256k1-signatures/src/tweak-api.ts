/**
 * `@strata/secp256k1-signatures/tweak`, imported as the `tweak` namespace: the key tweaks
 * of BIP-32 and BIP-341 in Strata's grammar (errors, not nulls). See
 * tweak.ts.
 */
export {
  privateAdd,
  privateNegate,
  publicAdd,
  xOnlyAdd,
  xOnlyAddCheck,
  taprootOutputKey,
  taprootSecretKey,
  type PublicAddOptions,
  type XOnlyTweakResult,
} from './tweak.js';
