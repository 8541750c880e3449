/**
 * secp256k1 fields: the base field GF(p) (`FieldVal`, 10×26-bit limbs with lazy
 * reduction) and the scalar field mod the group order n (`ModNScalar`).
 */
export { FieldVal, FIELD_MAX_MAGNITUDE, secp256k1PrimeBytes, secp256k1SqrtExponentBytes } from './field.js';
export { ModNScalar, secp256k1OrderBytes } from './scalar.js';
